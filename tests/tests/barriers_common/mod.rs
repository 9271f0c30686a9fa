//! What the barrier test binaries share: sorted ids and the synchronization2 barriers they
//! build.

#![allow(dead_code)]

use ash::vk;

/// `ids`, sorted (the order rules are checked in is not part of the contract).
pub fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

/// A memory barrier of `src` and `dst` (stage, access).
pub fn memory2(
    src: (vk::PipelineStageFlags2, vk::AccessFlags2),
    dst: (vk::PipelineStageFlags2, vk::AccessFlags2),
) -> vk::MemoryBarrier2<'static> {
    vk::MemoryBarrier2::default()
        .src_stage_mask(src.0)
        .src_access_mask(src.1)
        .dst_stage_mask(dst.0)
        .dst_access_mask(dst.1)
}

/// A buffer barrier of `buffer` from `offset`, `size` bytes, transferring no ownership.
pub fn buffer_barrier2(buffer: vk::Buffer, offset: u64, size: u64) -> vk::BufferMemoryBarrier2<'static> {
    vk::BufferMemoryBarrier2::default()
        .buffer(buffer)
        .offset(offset)
        .size(size)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
}
