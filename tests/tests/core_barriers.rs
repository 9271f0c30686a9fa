//! Core validation of barriers through the real loader on lavapipe: vkCmdPipelineBarrier(2),
//! vkCmdWaitEvents(2) and vkCmdSetEvent2, with the original and the synchronization2
//! structures. Access masks against the stages that perform them and stage masks against the
//! features they need (the rules generated from vk.xml's `<sync>` tables), stage masks against
//! the pool's queue family (`core_barrier_queues.rs`, with graphics hidden by the driver shim),
//! buffer and image ranges inside bound resources, the foreign queue family without its extension, and
//! what a barrier may do inside and outside a render pass instance. Each case: the exact ids of
//! the invalid calls (skipped, so they never reach lavapipe), then the valid neighbour, which
//! reports nothing. One device (synchronization2 and dynamic rendering on, never geometry or
//! tessellation) for every case.

mod barriers_common;

use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use ash::vk;
use barriers_common::{buffer_barrier2, memory2, sorted};
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];

use vk::AccessFlags as Access;
use vk::AccessFlags2 as Access2;
use vk::PipelineStageFlags as Stage;
use vk::PipelineStageFlags2 as Stage2;

const IGNORED: u32 = vk::QUEUE_FAMILY_IGNORED;

struct Fixture {
    ctx: Context,
}

// SAFETY: the context's handles and function tables are usable from any thread; the cases
// take the fixture in turn (`FIXTURE`'s lock).
unsafe impl Send for Fixture {}

static FIXTURE: LazyLock<Mutex<Fixture>> = LazyLock::new(|| {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).dynamic_rendering(true))
        .build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls are skipped: they never reach lavapipe.
    ctx.messages.skip_errors(true);
    Mutex::new(Fixture { ctx })
});

/// The shared fixture, for one case at a time (a failed case does not fail the others).
fn fixture() -> MutexGuard<'static, Fixture> {
    FIXTURE.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Fixture {
    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    /// The ids `call` reported, sorted.
    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        sorted(self.ctx.messages.problem_ids_of(call))
    }

    /// A primary command buffer, recording (never submitted).
    fn recording(&self) -> vk::CommandBuffer {
        let pool = self.ctx.resettable_pool();
        self.ctx.recording_primary(pool)
    }

    /// A buffer of 256 bytes, bound to memory of its own when `bound`.
    fn buffer(&self, bound: bool) -> vk::Buffer {
        let usage = vk::BufferUsageFlags::TRANSFER_DST;
        if bound {
            return self.ctx.bound_buffer(256, usage).0;
        }
        let info = vk::BufferCreateInfo::default().size(256).usage(usage);
        // SAFETY: a valid create info.
        unsafe { self.d().create_buffer(&info, None) }.expect("vkCreateBuffer")
    }

    /// A 2D color image of 2 mip levels and 3 array layers, for transfers to it and sampling,
    /// bound to memory when `bound`.
    fn image(&self, bound: bool) -> vk::Image {
        let usage = vk::ImageUsageFlags::TRANSFER_DST | vk::ImageUsageFlags::SAMPLED;
        self.image_of(vk::Format::R8G8B8A8_UNORM, usage, bound)
    }

    /// A 2D image of `format` and `usage`, 2 mip levels and 3 array layers, bound to memory when
    /// `bound`.
    fn image_of(&self, format: vk::Format, usage: vk::ImageUsageFlags, bound: bool) -> vk::Image {
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
            .mip_levels(2)
            .array_layers(3)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(usage);
        let d = self.d();
        // SAFETY: a valid create info; memory of a type the image allows.
        unsafe {
            let image = d.create_image(&info, None).expect("vkCreateImage");
            if bound {
                let req = d.get_image_memory_requirements(image);
                let ty = self.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
                let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
                let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
                d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            }
            image
        }
    }

    fn event(&self) -> vk::Event {
        // SAFETY: a valid create info.
        unsafe { self.d().create_event(&vk::EventCreateInfo::default(), None) }.expect("vkCreateEvent")
    }

    /// vkCmdPipelineBarrier with one memory barrier.
    fn memory(&self, cb: vk::CommandBuffer, (src, dst): (Stage, Stage), (sa, da): (Access, Access)) -> Vec<String> {
        let b = [vk::MemoryBarrier::default().src_access_mask(sa).dst_access_mask(da)];
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_pipeline_barrier(cb, src, dst, vk::DependencyFlags::empty(), &b, &[], &[]) })
    }

    /// vkCmdPipelineBarrier with one buffer barrier.
    fn legacy_buffer(
        &self,
        cb: vk::CommandBuffer,
        b: vk::BufferMemoryBarrier<'_>,
        stages: (Stage, Stage),
    ) -> Vec<String> {
        let b = [b];
        let flags = vk::DependencyFlags::empty();
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_pipeline_barrier(cb, stages.0, stages.1, flags, &[], &b, &[]) })
    }

    /// vkCmdPipelineBarrier with one image barrier.
    fn legacy_image(
        &self,
        cb: vk::CommandBuffer,
        b: vk::ImageMemoryBarrier<'_>,
        stages: (Stage, Stage),
    ) -> Vec<String> {
        let b = [b];
        let flags = vk::DependencyFlags::empty();
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_pipeline_barrier(cb, stages.0, stages.1, flags, &[], &[], &b) })
    }

    /// vkCmdPipelineBarrier(2) with one barrier of `structure` for `buffer` or `image`, between
    /// the queue families `(src, dst)`.
    fn family_barrier(
        &self,
        cb: vk::CommandBuffer,
        structure: Structure,
        (buffer, image): (vk::Buffer, vk::Image),
        (src, dst): (u32, u32),
    ) -> Vec<String> {
        let stages = (Stage::TRANSFER, Stage::TRANSFER);
        match structure {
            Structure::VkBufferMemoryBarrier => {
                let b =
                    buffer_barrier(buffer, 0, vk::WHOLE_SIZE).src_queue_family_index(src).dst_queue_family_index(dst);
                self.legacy_buffer(cb, b, stages)
            }
            Structure::VkImageMemoryBarrier => {
                let b = image_barrier(image, ALL).src_queue_family_index(src).dst_queue_family_index(dst);
                self.legacy_image(cb, b, stages)
            }
            Structure::VkBufferMemoryBarrier2 => {
                let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)
                    .src_queue_family_index(src)
                    .dst_queue_family_index(dst)];
                self.barrier2(cb, &vk::DependencyInfo::default().buffer_memory_barriers(&b))
            }
            Structure::VkImageMemoryBarrier2 => {
                let b = [image_barrier2(image, ALL).src_queue_family_index(src).dst_queue_family_index(dst)];
                self.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
            }
        }
    }

    /// vkCmdPipelineBarrier2 with `info`.
    fn barrier2(&self, cb: vk::CommandBuffer, info: &vk::DependencyInfo<'_>) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_pipeline_barrier2(cb, info) })
    }
}

impl Structure {
    /// The structure's ids for an exclusive resource's transfer naming an invalid family
    /// (source, destination).
    fn exclusive_ids(self) -> (&'static str, &'static str) {
        match self {
            Structure::VkBufferMemoryBarrier => {
                ("VUID-VkBufferMemoryBarrier-buffer-09095", "VUID-VkBufferMemoryBarrier-buffer-09096")
            }
            Structure::VkBufferMemoryBarrier2 => {
                ("VUID-VkBufferMemoryBarrier2-buffer-09095", "VUID-VkBufferMemoryBarrier2-buffer-09096")
            }
            Structure::VkImageMemoryBarrier => {
                ("VUID-VkImageMemoryBarrier-image-09117", "VUID-VkImageMemoryBarrier-image-09118")
            }
            Structure::VkImageMemoryBarrier2 => {
                ("VUID-VkImageMemoryBarrier2-image-09117", "VUID-VkImageMemoryBarrier2-image-09118")
            }
        }
    }
}

/// The buffer and image barrier structures, named as their ids name them.
#[allow(clippy::enum_variant_names)]
#[derive(Clone, Copy, Debug)]
enum Structure {
    VkBufferMemoryBarrier,
    VkBufferMemoryBarrier2,
    VkImageMemoryBarrier,
    VkImageMemoryBarrier2,
}

const STRUCTURES: [Structure; 4] = [
    Structure::VkBufferMemoryBarrier,
    Structure::VkBufferMemoryBarrier2,
    Structure::VkImageMemoryBarrier,
    Structure::VkImageMemoryBarrier2,
];

fn buffer_barrier(buffer: vk::Buffer, offset: u64, size: u64) -> vk::BufferMemoryBarrier<'static> {
    vk::BufferMemoryBarrier::default()
        .buffer(buffer)
        .offset(offset)
        .size(size)
        .src_queue_family_index(IGNORED)
        .dst_queue_family_index(IGNORED)
}

fn range(levels: (u32, u32), layers: (u32, u32)) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        base_mip_level: levels.0,
        level_count: levels.1,
        base_array_layer: layers.0,
        layer_count: layers.1,
    }
}

fn image_barrier(image: vk::Image, range: vk::ImageSubresourceRange) -> vk::ImageMemoryBarrier<'static> {
    vk::ImageMemoryBarrier::default()
        .image(image)
        .subresource_range(range)
        .old_layout(vk::ImageLayout::UNDEFINED)
        .new_layout(vk::ImageLayout::GENERAL)
        .src_queue_family_index(IGNORED)
        .dst_queue_family_index(IGNORED)
}

fn image_barrier2(image: vk::Image, range: vk::ImageSubresourceRange) -> vk::ImageMemoryBarrier2<'static> {
    vk::ImageMemoryBarrier2::default()
        .image(image)
        .subresource_range(range)
        .old_layout(vk::ImageLayout::UNDEFINED)
        .new_layout(vk::ImageLayout::GENERAL)
        .src_queue_family_index(IGNORED)
        .dst_queue_family_index(IGNORED)
}

const ALL: vk::ImageSubresourceRange = vk::ImageSubresourceRange {
    aspect_mask: vk::ImageAspectFlags::COLOR,
    base_mip_level: 0,
    level_count: vk::REMAINING_MIP_LEVELS,
    base_array_layer: 0,
    layer_count: vk::REMAINING_ARRAY_LAYERS,
};

#[test]
fn synchronization2_accesses_need_a_stage_that_performs_them() {
    let f = fixture();
    let cb = f.recording();
    let info = |m: &[vk::MemoryBarrier2<'_>]| f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(m));
    let (index, color_write) = (Access2::INDEX_READ, Access2::COLOR_ATTACHMENT_WRITE);
    let (fragment, compute) = (Stage2::FRAGMENT_SHADER, Stage2::COMPUTE_SHADER);
    assert_eq!(
        info(&[memory2((fragment, index), (compute, color_write))]),
        ["VUID-VkMemoryBarrier2-dstAccessMask-03911", "VUID-VkMemoryBarrier2-srcAccessMask-03901"]
    );
    // The stage itself, the meta stage that stands for it, or ALL_COMMANDS.
    assert_eq!(info(&[memory2((Stage2::INDEX_INPUT, index), (Stage2::COLOR_ATTACHMENT_OUTPUT, color_write))]), NONE);
    assert_eq!(info(&[memory2((Stage2::VERTEX_INPUT, index), (Stage2::ALL_GRAPHICS, color_write))]), NONE);
    assert_eq!(info(&[memory2((Stage2::ALL_COMMANDS, index), (Stage2::ALL_COMMANDS, color_write))]), NONE);
    // A meta access: SHADER_READ in the transfer stage.
    let shader_read = Access2::SHADER_READ;
    assert_eq!(
        info(&[memory2((Stage2::TRANSFER, shader_read), (compute, Access2::NONE))]),
        ["VUID-VkMemoryBarrier2-srcAccessMask-07454"]
    );
    assert_eq!(info(&[memory2((compute, shader_read), (compute, Access2::MEMORY_READ))]), NONE);

    // Buffer and image barriers have the same rules under their own ids.
    let buffer = f.buffer(true);
    let b = |stage, access| {
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE).src_stage_mask(stage).src_access_mask(access)];
        f.barrier2(cb, &vk::DependencyInfo::default().buffer_memory_barriers(&b))
    };
    assert_eq!(b(compute, Access2::TRANSFER_WRITE), ["VUID-VkBufferMemoryBarrier2-srcAccessMask-03915"]);
    assert_eq!(b(Stage2::COPY, Access2::TRANSFER_WRITE), NONE);
    let image = f.image(true);
    let i = |stage, access| {
        let b = [image_barrier2(image, ALL).dst_stage_mask(stage).dst_access_mask(access)];
        f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
    };
    assert_eq!(i(Stage2::TRANSFER, Access2::HOST_READ), ["VUID-VkImageMemoryBarrier2-dstAccessMask-03916"]);
    assert_eq!(i(Stage2::HOST, Access2::HOST_READ), NONE);

    // vkCmdSetEvent2 and vkCmdWaitEvents2 carry the same structures.
    let event = f.event();
    let bad = [memory2((fragment, index), (compute, Access2::NONE))];
    let good = [memory2((Stage2::INDEX_INPUT, index), (compute, Access2::NONE))];
    let d = f.d();
    let set = |m: &[vk::MemoryBarrier2<'_>]| {
        let info = vk::DependencyInfo::default().memory_barriers(m);
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        f.ids(|| unsafe { d.cmd_set_event2(cb, event, &info) })
    };
    assert_eq!(set(&bad), ["VUID-VkMemoryBarrier2-srcAccessMask-03901"]);
    assert_eq!(set(&good), NONE);
    let wait = |m: &[vk::MemoryBarrier2<'_>]| {
        let infos = [vk::DependencyInfo::default().memory_barriers(m)];
        // SAFETY: as above.
        f.ids(|| unsafe { d.cmd_wait_events2(cb, &[event], &infos) })
    };
    assert_eq!(wait(&bad), ["VUID-VkMemoryBarrier2-srcAccessMask-03901"]);
    assert_eq!(wait(&good), NONE);
}

/// Each core access of the synchronization2 structures, on both sides: a stage that does not
/// perform it, then one that does.
#[test]
fn every_core_access_needs_a_stage_that_performs_it() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, image) = (f.buffer(true), f.image(true));
    use Access2 as A;
    use Stage2 as S;
    // (access, rule number, a stage that does not perform it, one that does)
    let cases = [
        (A::INDIRECT_COMMAND_READ, "03900", S::FRAGMENT_SHADER, S::DRAW_INDIRECT),
        (A::INDEX_READ, "03901", S::FRAGMENT_SHADER, S::INDEX_INPUT),
        (A::VERTEX_ATTRIBUTE_READ, "03902", S::FRAGMENT_SHADER, S::VERTEX_ATTRIBUTE_INPUT),
        (A::INPUT_ATTACHMENT_READ, "03903", S::COMPUTE_SHADER, S::FRAGMENT_SHADER),
        (A::UNIFORM_READ, "03904", S::TRANSFER, S::VERTEX_SHADER),
        (A::SHADER_SAMPLED_READ, "03905", S::TRANSFER, S::COMPUTE_SHADER),
        (A::SHADER_STORAGE_READ, "03906", S::TRANSFER, S::FRAGMENT_SHADER),
        (A::SHADER_STORAGE_WRITE, "03907", S::TRANSFER, S::COMPUTE_SHADER),
        (A::SHADER_READ, "07454", S::TRANSFER, S::VERTEX_SHADER),
        (A::SHADER_WRITE, "03909", S::TRANSFER, S::FRAGMENT_SHADER),
        (A::COLOR_ATTACHMENT_READ, "03910", S::COMPUTE_SHADER, S::COLOR_ATTACHMENT_OUTPUT),
        (A::COLOR_ATTACHMENT_WRITE, "03911", S::COMPUTE_SHADER, S::COLOR_ATTACHMENT_OUTPUT),
        (A::DEPTH_STENCIL_ATTACHMENT_READ, "03912", S::COMPUTE_SHADER, S::EARLY_FRAGMENT_TESTS),
        (A::DEPTH_STENCIL_ATTACHMENT_WRITE, "03913", S::COMPUTE_SHADER, S::LATE_FRAGMENT_TESTS),
        (A::TRANSFER_READ, "03914", S::COMPUTE_SHADER, S::COPY),
        (A::TRANSFER_WRITE, "03915", S::COMPUTE_SHADER, S::CLEAR),
        (A::HOST_READ, "03916", S::TRANSFER, S::HOST),
        (A::HOST_WRITE, "03917", S::TRANSFER, S::HOST),
    ];
    let memory = |src: (S, A), dst: (S, A)| {
        let b = [memory2(src, dst)];
        f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(&b))
    };
    let buffer2 = |src: (S, A), dst: (S, A)| {
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)
            .src_stage_mask(src.0)
            .src_access_mask(src.1)
            .dst_stage_mask(dst.0)
            .dst_access_mask(dst.1)];
        f.barrier2(cb, &vk::DependencyInfo::default().buffer_memory_barriers(&b))
    };
    let image2 = |src: (S, A), dst: (S, A)| {
        let b = [image_barrier2(image, ALL)
            .src_stage_mask(src.0)
            .src_access_mask(src.1)
            .dst_stage_mask(dst.0)
            .dst_access_mask(dst.1)];
        f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
    };
    type Barrier<'a> = &'a dyn Fn((S, A), (S, A)) -> Vec<String>;
    let structures: [(Barrier<'_>, &str); 3] =
        [(&memory, "VkMemoryBarrier2"), (&buffer2, "VkBufferMemoryBarrier2"), (&image2, "VkImageMemoryBarrier2")];
    let none = (S::NONE, A::NONE);
    for (barrier, structure) in structures {
        for (access, rule, wrong, right) in cases {
            let src = vec![format!("VUID-{structure}-srcAccessMask-{rule}")];
            let dst = vec![format!("VUID-{structure}-dstAccessMask-{rule}")];
            assert_eq!(barrier((wrong, access), none), src, "{structure} {access:?}");
            assert_eq!(barrier(none, (wrong, access)), dst, "{structure} {access:?}");
            assert_eq!(barrier((right, access), none), NONE, "{structure} {access:?}");
            assert_eq!(barrier(none, (right, access)), NONE, "{structure} {access:?}");
            // ALL_COMMANDS performs every access of the device's queues (not the host's).
            if !access.intersects(A::HOST_READ | A::HOST_WRITE) {
                assert_eq!(barrier((S::ALL_COMMANDS, access), none), NONE, "{structure} {access:?}");
            }
        }
    }
}

#[test]
fn original_accesses_need_a_stage_of_the_command_that_performs_them() {
    let f = fixture();
    let cb = f.recording();
    let (transfer, color) = (Stage::TRANSFER, Stage::COLOR_ATTACHMENT_OUTPUT);
    assert_eq!(
        f.memory(cb, (transfer, color), (Access::COLOR_ATTACHMENT_WRITE, Access::TRANSFER_READ)),
        ["VUID-vkCmdPipelineBarrier-dstAccessMask-02816", "VUID-vkCmdPipelineBarrier-srcAccessMask-02815"]
    );
    assert_eq!(f.memory(cb, (color, transfer), (Access::COLOR_ATTACHMENT_WRITE, Access::TRANSFER_READ)), NONE);
    // Any one stage of the mask that performs it is enough.
    assert_eq!(f.memory(cb, (transfer | color, transfer), (Access::COLOR_ATTACHMENT_WRITE, Access::empty())), NONE);

    let buffer = f.buffer(true);
    let b = |sa, da| {
        let b = buffer_barrier(buffer, 0, vk::WHOLE_SIZE).src_access_mask(sa).dst_access_mask(da);
        f.legacy_buffer(cb, b, (Stage::VERTEX_SHADER, transfer))
    };
    assert_eq!(
        b(Access::TRANSFER_WRITE, Access::SHADER_READ),
        [
            "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02817",
            "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02818"
        ]
    );
    assert_eq!(b(Access::SHADER_WRITE, Access::TRANSFER_READ), NONE);
    let image = f.image(true);
    let i = |sa, da| {
        let b = image_barrier(image, ALL).src_access_mask(sa).dst_access_mask(da);
        f.legacy_image(cb, b, (Stage::VERTEX_SHADER, transfer))
    };
    assert_eq!(
        i(Access::TRANSFER_WRITE, Access::SHADER_READ),
        [
            "VUID-vkCmdPipelineBarrier-pImageMemoryBarriers-02819",
            "VUID-vkCmdPipelineBarrier-pImageMemoryBarriers-02820"
        ]
    );
    assert_eq!(i(Access::SHADER_WRITE, Access::TRANSFER_WRITE), NONE);
}

#[test]
fn stage_masks_need_their_features() {
    let f = fixture();
    let cb = f.recording();
    let none = Access::empty();
    assert_eq!(
        f.memory(cb, (Stage::GEOMETRY_SHADER, Stage::TESSELLATION_CONTROL_SHADER), (none, none)),
        ["VUID-vkCmdPipelineBarrier-dstStageMask-04091", "VUID-vkCmdPipelineBarrier-srcStageMask-04090"]
    );
    assert_eq!(f.memory(cb, (Stage::VERTEX_SHADER, Stage::FRAGMENT_SHADER), (none, none)), NONE);
    let info = |m: &[vk::MemoryBarrier2<'_>]| f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(m));
    let a = Access2::NONE;
    assert_eq!(
        info(&[memory2((Stage2::GEOMETRY_SHADER, a), (Stage2::TESSELLATION_EVALUATION_SHADER, a))]),
        ["VUID-VkMemoryBarrier2-dstStageMask-03930", "VUID-VkMemoryBarrier2-srcStageMask-03929"]
    );
    assert_eq!(info(&[memory2((Stage2::VERTEX_SHADER, a), (Stage2::PRE_RASTERIZATION_SHADERS, a))]), NONE);
    let image = f.image(true);
    let b = [image_barrier2(image, ALL).src_stage_mask(Stage2::GEOMETRY_SHADER)];
    assert_eq!(
        f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b)),
        ["VUID-VkImageMemoryBarrier2-srcStageMask-03929"]
    );
}

#[test]
fn buffer_barriers_stay_inside_bound_buffers() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, unbound) = (f.buffer(true), f.buffer(false));
    let stages = (Stage::TRANSFER, Stage::TRANSFER);
    let legacy = |buffer, offset, size| f.legacy_buffer(cb, buffer_barrier(buffer, offset, size), stages);
    assert_eq!(legacy(buffer, 256, vk::WHOLE_SIZE), ["VUID-VkBufferMemoryBarrier-offset-01187"]);
    assert_eq!(legacy(buffer, 0, 0), ["VUID-VkBufferMemoryBarrier-size-01188"]);
    assert_eq!(legacy(buffer, 128, 129), ["VUID-VkBufferMemoryBarrier-size-01189"]);
    assert_eq!(legacy(unbound, 0, vk::WHOLE_SIZE), ["VUID-VkBufferMemoryBarrier-buffer-01931"]);
    assert_eq!(legacy(buffer, 128, 128), NONE);
    assert_eq!(legacy(buffer, 255, vk::WHOLE_SIZE), NONE);
    let sync2 = |buffer, offset, size| {
        let b = [buffer_barrier2(buffer, offset, size)];
        f.barrier2(cb, &vk::DependencyInfo::default().buffer_memory_barriers(&b))
    };
    assert_eq!(sync2(buffer, 256, vk::WHOLE_SIZE), ["VUID-VkBufferMemoryBarrier2-offset-01187"]);
    assert_eq!(sync2(buffer, 0, 0), ["VUID-VkBufferMemoryBarrier2-size-01188"]);
    assert_eq!(sync2(buffer, 128, 129), ["VUID-VkBufferMemoryBarrier2-size-01189"]);
    assert_eq!(sync2(unbound, 0, vk::WHOLE_SIZE), ["VUID-VkBufferMemoryBarrier2-buffer-01931"]);
    assert_eq!(sync2(buffer, 128, 128), NONE);
    assert_eq!(sync2(buffer, 255, vk::WHOLE_SIZE), NONE);
}

#[test]
fn image_barriers_stay_inside_bound_images() {
    let f = fixture();
    let cb = f.recording();
    let (image, unbound) = (f.image(true), f.image(false));
    let stages = (Stage::TRANSFER, Stage::TRANSFER);
    let legacy = |image, r| f.legacy_image(cb, image_barrier(image, r), stages);
    let sync2 = |image, r| {
        let b = [image_barrier2(image, r)];
        f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
    };
    let remaining = (vk::REMAINING_MIP_LEVELS, vk::REMAINING_ARRAY_LAYERS);
    for (barrier, prefix) in
        [(&legacy as &dyn Fn(vk::Image, _) -> Vec<String>, "VkImageMemoryBarrier"), (&sync2, "VkImageMemoryBarrier2")]
    {
        let id = |rule: &str| vec![format!("VUID-{prefix}-{rule}")];
        assert_eq!(barrier(image, range((2, 1), (0, 1))), id("subresourceRange-01486"));
        assert_eq!(barrier(image, range((1, 2), (0, 1))), id("subresourceRange-01724"));
        assert_eq!(barrier(image, range((0, 1), (3, remaining.1))), id("subresourceRange-01488"));
        assert_eq!(barrier(image, range((0, 1), (2, 2))), id("subresourceRange-01725"));
        assert_eq!(barrier(unbound, ALL), id("image-01932"));
        assert_eq!(barrier(image, range((1, 1), (2, 1))), NONE);
        assert_eq!(barrier(image, range((1, remaining.0), (1, remaining.1))), NONE);
    }
}

#[test]
fn the_foreign_queue_family_needs_its_extension() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, image) = (f.buffer(true), f.image(true));
    let family = f.ctx.queue_family;
    let foreign = vk::QUEUE_FAMILY_FOREIGN_EXT;
    for structure in STRUCTURES {
        let barrier = |families| f.family_barrier(cb, structure, (buffer, image), families);
        let id = |rule: &str| vec![format!("VUID-{structure:?}-{rule}")];
        assert_eq!(barrier((foreign, family)), id("srcQueueFamilyIndex-09099"));
        assert_eq!(barrier((family, foreign)), id("dstQueueFamilyIndex-09100"));
        assert_eq!(barrier((family, family)), NONE);
        assert_eq!(barrier((IGNORED, IGNORED)), NONE);
    }
}

#[test]
fn ownership_transfers_release_or_acquire_on_the_pools_family() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, image) = (f.buffer(true), f.image(true));
    let (family, external) = (f.ctx.queue_family, vk::QUEUE_FAMILY_EXTERNAL);
    // A family index that is not the pool's.
    let other = family + 1;
    for structure in STRUCTURES {
        let barrier = |families| f.family_barrier(cb, structure, (buffer, image), families);
        let rule = match structure {
            Structure::VkBufferMemoryBarrier | Structure::VkImageMemoryBarrier => {
                "vkCmdPipelineBarrier-srcQueueFamilyIndex-10388"
            }
            _ => "vkCmdPipelineBarrier2-srcQueueFamilyIndex-10387",
        };
        // lavapipe has one queue family: `other` is no family of the device either, which an
        // exclusive resource's transfer may not name.
        let (src, dst) = structure.exclusive_ids();
        assert_eq!(barrier((external, other)), sorted(vec![format!("VUID-{rule}"), dst.to_string()]));
        assert_eq!(barrier((other, external)), sorted(vec![format!("VUID-{rule}"), src.to_string()]));
        // An acquire to the pool's family, a release from it.
        assert_eq!(barrier((external, family)), NONE);
        assert_eq!(barrier((family, external)), NONE);
    }
    // A release scopes only its source accesses with the command's source stages.
    let release = |src_stage| {
        let b = buffer_barrier(buffer, 0, vk::WHOLE_SIZE)
            .src_queue_family_index(family)
            .dst_queue_family_index(external)
            .src_access_mask(Access::TRANSFER_WRITE)
            .dst_access_mask(Access::SHADER_READ);
        f.legacy_buffer(cb, b, (src_stage, Stage::TRANSFER))
    };
    assert_eq!(release(Stage::VERTEX_SHADER), ["VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02817"]);
    assert_eq!(release(Stage::TRANSFER), NONE);
}

#[test]
fn exclusive_resources_transfer_between_valid_families() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, image) = (f.buffer(true), f.image(true));
    let (family, external) = (f.ctx.queue_family, vk::QUEUE_FAMILY_EXTERNAL);
    for structure in STRUCTURES {
        let barrier = |families| f.family_barrier(cb, structure, (buffer, image), families);
        let (src, dst) = structure.exclusive_ids();
        // VK_QUEUE_FAMILY_IGNORED on one side alone: a transfer from or to no family.
        assert_eq!(barrier((IGNORED, family)), [src]);
        assert_eq!(barrier((family, IGNORED)), [dst]);
        // Valid transfers, and no transfer at all.
        assert_eq!(barrier((family, external)), NONE);
        assert_eq!(barrier((IGNORED, IGNORED)), NONE);
        assert_eq!(barrier((family, family)), NONE);
    }
}

#[test]
fn image_barrier_layouts_need_their_usage() {
    let f = fixture();
    let cb = f.recording();
    use vk::Format as F;
    use vk::ImageAspectFlags as A;
    use vk::ImageLayout as L;
    use vk::ImageUsageFlags as U;
    let (color, ds, dsa) = (F::R8G8B8A8_UNORM, F::D32_SFLOAT_S8_UINT, U::DEPTH_STENCIL_ATTACHMENT);
    let both = A::DEPTH | A::STENCIL;
    // (layout, rule, format, a usage it allows, aspect)
    let cases = [
        (L::COLOR_ATTACHMENT_OPTIMAL, "oldLayout-01208", color, U::COLOR_ATTACHMENT, A::COLOR),
        (L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL, "oldLayout-01209", ds, dsa, both),
        (L::DEPTH_STENCIL_READ_ONLY_OPTIMAL, "oldLayout-01210", ds, dsa, both),
        (L::SHADER_READ_ONLY_OPTIMAL, "oldLayout-01211", color, U::SAMPLED, A::COLOR),
        (L::TRANSFER_SRC_OPTIMAL, "oldLayout-01212", color, U::TRANSFER_SRC, A::COLOR),
        (L::TRANSFER_DST_OPTIMAL, "oldLayout-01213", color, U::TRANSFER_DST, A::COLOR),
        (L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, "oldLayout-01658", ds, dsa, both),
        (L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL, "oldLayout-01659", ds, dsa, both),
        (L::DEPTH_READ_ONLY_OPTIMAL, "srcQueueFamilyIndex-04065", F::D32_SFLOAT, dsa, A::DEPTH),
        (L::DEPTH_ATTACHMENT_OPTIMAL, "srcQueueFamilyIndex-04066", F::D32_SFLOAT, dsa, A::DEPTH),
        (L::STENCIL_READ_ONLY_OPTIMAL, "srcQueueFamilyIndex-04067", F::S8_UINT, dsa, A::STENCIL),
        (L::STENCIL_ATTACHMENT_OPTIMAL, "srcQueueFamilyIndex-04068", F::S8_UINT, dsa, A::STENCIL),
        (L::ATTACHMENT_OPTIMAL, "srcQueueFamilyIndex-03938", color, U::COLOR_ATTACHMENT, A::COLOR),
        (L::READ_ONLY_OPTIMAL, "srcQueueFamilyIndex-03939", color, U::SAMPLED, A::COLOR),
    ];
    let stages = (Stage::TRANSFER, Stage::TRANSFER);
    for (layout, rule, format, usage, aspect) in cases {
        // A transfer usage the layout does not accept.
        let other = if usage == U::TRANSFER_DST { U::TRANSFER_SRC } else { U::TRANSFER_DST };
        let (with, without) = (f.image_of(format, usage, true), f.image_of(format, other, true));
        let range = vk::ImageSubresourceRange { aspect_mask: aspect, ..ALL };
        let legacy = |image| f.legacy_image(cb, image_barrier(image, range).new_layout(layout), stages);
        let sync2 = |image| {
            let b = [image_barrier2(image, range).new_layout(layout)];
            f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
        };
        assert_eq!(legacy(without), [format!("VUID-VkImageMemoryBarrier-{rule}")], "{layout:?}");
        assert_eq!(sync2(without), [format!("VUID-VkImageMemoryBarrier2-{rule}")], "{layout:?}");
        assert_eq!(legacy(with), NONE, "{layout:?}");
        assert_eq!(sync2(with), NONE, "{layout:?}");
    }
}

#[test]
fn image_barrier_layouts_and_aspects() {
    let f = fixture();
    let cb = f.recording();
    let image = f.image(true);
    let depth_usage = vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
    let depth = f.image_of(vk::Format::D32_SFLOAT_S8_UINT, depth_usage, true);
    let stages = (Stage::TRANSFER, Stage::TRANSFER);
    let color = vk::ImageAspectFlags::COLOR;
    let with = |aspect_mask| vk::ImageSubresourceRange { aspect_mask, ..ALL };
    let legacy = |image, (old, new), aspect| {
        f.legacy_image(cb, image_barrier(image, with(aspect)).old_layout(old).new_layout(new), stages)
    };
    let sync2 = |image, (old, new), aspect| {
        let b = [image_barrier2(image, with(aspect)).old_layout(old).new_layout(new)];
        f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
    };
    use vk::ImageLayout as L;
    let from = |new| (L::UNDEFINED, new);
    type Barrier<'a> = &'a dyn Fn(vk::Image, (L, L), vk::ImageAspectFlags) -> Vec<String>;
    for (barrier, prefix) in [(&legacy as Barrier<'_>, "VkImageMemoryBarrier"), (&sync2, "VkImageMemoryBarrier2")] {
        let id = |rule: &str| vec![format!("VUID-{prefix}-{rule}")];
        assert_eq!(barrier(image, from(L::PREINITIALIZED), color), id("newLayout-01198"));
        assert_eq!(barrier(image, from(L::COLOR_ATTACHMENT_OPTIMAL), color), id("oldLayout-01208"));
        assert_eq!(barrier(image, from(L::TRANSFER_SRC_OPTIMAL), color), id("oldLayout-01212"));
        assert_eq!(barrier(image, from(L::ATTACHMENT_OPTIMAL), color), id("srcQueueFamilyIndex-03938"));
        assert_eq!(barrier(image, from(L::GENERAL), vk::ImageAspectFlags::DEPTH), id("image-09241"));
        assert_eq!(barrier(depth, from(L::GENERAL), vk::ImageAspectFlags::DEPTH), id("image-03320"));
        assert_eq!(barrier(image, from(L::TRANSFER_DST_OPTIMAL), color), NONE);
        assert_eq!(barrier(image, from(L::SHADER_READ_ONLY_OPTIMAL), color), NONE);
        assert_eq!(barrier(image, from(L::READ_ONLY_OPTIMAL), color), NONE);
        let both = vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL;
        assert_eq!(barrier(depth, from(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL), both), NONE);
    }
    // With separateDepthStencilLayouts, one aspect of the two is enough.
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().separate_depth_stencil_layouts(true))
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true))
        .build(&entry);
    ctx.messages.skip_errors(true);
    let separate = Fixture { ctx };
    let depth = separate.image_of(vk::Format::D32_SFLOAT_S8_UINT, depth_usage, true);
    let cb = separate.recording();
    let legacy = |aspect| separate.legacy_image(cb, image_barrier(depth, with(aspect)), stages);
    let sync2 = |aspect| {
        let b = [image_barrier2(depth, with(aspect))];
        separate.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
    };
    assert_eq!(legacy(color), ["VUID-VkImageMemoryBarrier-image-03319"]);
    assert_eq!(sync2(color), ["VUID-VkImageMemoryBarrier2-image-03319"]);
    assert_eq!(legacy(vk::ImageAspectFlags::DEPTH), NONE);
    assert_eq!(sync2(vk::ImageAspectFlags::STENCIL), NONE);
}

#[test]
fn host_stage_barriers_transfer_no_ownership() {
    let f = fixture();
    let cb = f.recording();
    let (buffer, image) = (f.buffer(true), f.image(true));
    let family = f.ctx.queue_family;
    let stages = (Stage::HOST, Stage::TRANSFER);
    let b = |dst| {
        f.legacy_buffer(
            cb,
            buffer_barrier(buffer, 0, vk::WHOLE_SIZE).src_queue_family_index(family).dst_queue_family_index(dst),
            stages,
        )
    };
    assert_eq!(b(vk::QUEUE_FAMILY_EXTERNAL), ["VUID-vkCmdPipelineBarrier-srcStageMask-09634"]);
    assert_eq!(b(family), NONE);
    let i = |dst| {
        f.legacy_image(cb, image_barrier(image, ALL).src_queue_family_index(family).dst_queue_family_index(dst), stages)
    };
    assert_eq!(i(vk::QUEUE_FAMILY_EXTERNAL), ["VUID-vkCmdPipelineBarrier-srcStageMask-09633"]);
    assert_eq!(i(family), NONE);
}

/// A render pass of one subpass without attachments, with a by-region self-dependency of the
/// fragment shader stage (what a barrier inside its instance needs), and a framebuffer for it.
fn empty_render_pass(f: &Fixture) -> (vk::RenderPass, vk::Framebuffer) {
    let subpasses = [vk::SubpassDescription::default()];
    // Subpass 0 on itself: fragment shader by region, and vertex shader.
    let dependencies = [
        vk::SubpassDependency::default()
            .src_stage_mask(Stage::FRAGMENT_SHADER)
            .dst_stage_mask(Stage::FRAGMENT_SHADER)
            .dependency_flags(vk::DependencyFlags::BY_REGION),
        vk::SubpassDependency::default().src_stage_mask(Stage::VERTEX_SHADER).dst_stage_mask(Stage::VERTEX_SHADER),
    ];
    let info = vk::RenderPassCreateInfo::default().subpasses(&subpasses).dependencies(&dependencies);
    // SAFETY: valid create infos.
    unsafe {
        let rp = f.d().create_render_pass(&info, None).expect("vkCreateRenderPass");
        let info = vk::FramebufferCreateInfo::default().render_pass(rp).width(16).height(16).layers(1);
        (rp, f.d().create_framebuffer(&info, None).expect("vkCreateFramebuffer"))
    }
}

#[test]
fn barriers_inside_and_outside_render_pass_instances() {
    let f = fixture();
    let d = f.d();
    let cb = f.recording();
    let view_local = vk::DependencyFlags::VIEW_LOCAL;
    let graphics = Stage::FRAGMENT_SHADER;
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        assert_eq!(
            f.ids(|| d.cmd_pipeline_barrier(cb, graphics, graphics, view_local, &[], &[], &[])),
            ["VUID-vkCmdPipelineBarrier-dependencyFlags-01186"]
        );
        assert_eq!(
            f.barrier2(cb, &vk::DependencyInfo::default().dependency_flags(view_local)),
            ["VUID-vkCmdPipelineBarrier2-dependencyFlags-01186"]
        );
        assert_eq!(
            f.ids(|| d.cmd_pipeline_barrier(cb, graphics, graphics, vk::DependencyFlags::BY_REGION, &[], &[], &[])),
            NONE
        );

        assert_eq!(f.barrier2(cb, &vk::DependencyInfo::default()), NONE);

        // Inside dynamic rendering: no layout transition, no ownership transfer.
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
        d.cmd_begin_rendering(cb, &vk::RenderingInfo::default().render_area(area).layer_count(1));
        let image = f.image(true);
        let family = f.ctx.queue_family;
        let general = vk::ImageLayout::GENERAL;
        let same = image_barrier(image, ALL).old_layout(general).new_layout(general);
        // Graphics stages that are not framebuffer-space: no by-region dependency needed.
        let stages = (Stage::VERTEX_SHADER, Stage::VERTEX_SHADER);
        assert_eq!(
            f.legacy_image(cb, same.old_layout(vk::ImageLayout::UNDEFINED), stages),
            ["VUID-vkCmdPipelineBarrier-None-09553", "VUID-vkCmdPipelineBarrier-oldLayout-01181"]
        );
        assert_eq!(
            f.legacy_image(
                cb,
                same.src_queue_family_index(family).dst_queue_family_index(vk::QUEUE_FAMILY_EXTERNAL),
                stages
            ),
            ["VUID-vkCmdPipelineBarrier-None-09553", "VUID-vkCmdPipelineBarrier-srcQueueFamilyIndex-01182"]
        );
        let same2 = image_barrier2(image, ALL).old_layout(general).new_layout(general);
        let i2 = |b: vk::ImageMemoryBarrier2<'_>| {
            let b = [b];
            f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b))
        };
        assert_eq!(
            i2(same2.new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)),
            ["VUID-vkCmdPipelineBarrier2-None-09553", "VUID-vkCmdPipelineBarrier2-oldLayout-01181"]
        );
        assert_eq!(
            i2(same2.src_queue_family_index(vk::QUEUE_FAMILY_EXTERNAL).dst_queue_family_index(family)),
            ["VUID-vkCmdPipelineBarrier2-None-09553", "VUID-vkCmdPipelineBarrier2-srcQueueFamilyIndex-01182"]
        );
        // Without dynamicRenderingLocalRead, no barrier at all (the one outside above is valid).
        assert_eq!(
            f.ids(|| d.cmd_pipeline_barrier(cb, graphics, graphics, vk::DependencyFlags::BY_REGION, &[], &[], &[])),
            ["VUID-vkCmdPipelineBarrier-None-09553"]
        );
        assert_eq!(f.barrier2(cb, &vk::DependencyInfo::default()), ["VUID-vkCmdPipelineBarrier2-None-09553"]);
        let event = f.event();
        let b = [same.old_layout(vk::ImageLayout::UNDEFINED)];
        assert_eq!(
            f.ids(|| d.cmd_wait_events(cb, &[event], graphics, graphics, &[], &[], &b)),
            ["VUID-vkCmdWaitEvents-oldLayout-01181"]
        );
        let b2 = [same2.src_queue_family_index(vk::QUEUE_FAMILY_EXTERNAL).dst_queue_family_index(family)];
        let infos = [vk::DependencyInfo::default().image_memory_barriers(&b2)];
        assert_eq!(
            f.ids(|| d.cmd_wait_events2(cb, &[event], &infos)),
            ["VUID-vkCmdWaitEvents2-srcQueueFamilyIndex-01182"]
        );
        let transition = [same2.new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)];
        let transitions = [vk::DependencyInfo::default().image_memory_barriers(&transition)];
        assert_eq!(f.ids(|| d.cmd_wait_events2(cb, &[event], &transitions)), ["VUID-vkCmdWaitEvents2-oldLayout-01181"]);
        d.cmd_end_rendering(cb);
        // Outside, the same barriers are valid.
        assert_eq!(f.legacy_image(cb, same.old_layout(vk::ImageLayout::UNDEFINED), stages), NONE);
        assert_eq!(
            f.legacy_image(cb, same.src_queue_family_index(family).dst_queue_family_index(family), stages),
            NONE
        );
        assert_eq!(i2(same2.new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)), NONE);
        assert_eq!(f.ids(|| d.cmd_wait_events(cb, &[event], graphics, graphics, &[], &[], &b)), NONE);
        let b2 = [same2.src_queue_family_index(family).dst_queue_family_index(family)];
        let infos = [vk::DependencyInfo::default().image_memory_barriers(&b2)];
        assert_eq!(f.ids(|| d.cmd_wait_events2(cb, &[event], &infos)), NONE);
        assert_eq!(f.ids(|| d.cmd_wait_events2(cb, &[event], &transitions)), NONE);

        // Inside a render pass object's instance: no buffer barriers.
        let (rp, fb) = empty_render_pass(&f);
        let begin = vk::RenderPassBeginInfo::default().render_pass(rp).framebuffer(fb).render_area(area);
        d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
        let buffer = f.buffer(true);
        assert_eq!(
            f.legacy_buffer(cb, buffer_barrier(buffer, 0, vk::WHOLE_SIZE), stages),
            ["VUID-vkCmdPipelineBarrier-bufferMemoryBarrierCount-01178"]
        );
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)];
        assert_eq!(
            f.barrier2(cb, &vk::DependencyInfo::default().buffer_memory_barriers(&b)),
            ["VUID-vkCmdPipelineBarrier2-bufferMemoryBarrierCount-01178"]
        );
        // Framebuffer-space source stages: framebuffer-space destination stages, by region;
        // graphics stages only. A self-dependency of the subpass must cover each barrier (no
        // valid one can cover those three).
        let m = [vk::MemoryBarrier::default()];
        let by_region = vk::DependencyFlags::BY_REGION;
        let legacy = |src, dst, flags| f.ids(|| d.cmd_pipeline_barrier(cb, src, dst, flags, &m, &[], &[]));
        let empty = vk::DependencyFlags::empty();
        let [not_covered, not_covered2] =
            ["vkCmdPipelineBarrier", "vkCmdPipelineBarrier2"].map(|c| format!("VUID-{c}-None-07889"));
        assert_eq!(
            legacy(graphics, graphics, empty),
            [not_covered.as_str(), "VUID-vkCmdPipelineBarrier-dependencyFlags-07891"]
        );
        assert_eq!(
            legacy(graphics, Stage::VERTEX_SHADER, by_region),
            [not_covered.as_str(), "VUID-vkCmdPipelineBarrier-None-07890"]
        );
        assert_eq!(
            legacy(Stage::COMPUTE_SHADER, Stage::VERTEX_SHADER, by_region),
            [not_covered.as_str(), "VUID-vkCmdPipelineBarrier-None-07892"]
        );
        assert_eq!(legacy(graphics, graphics, by_region), NONE);
        // Vertex shader to fragment shader: neither self-dependency covers it; vertex shader to
        // itself, by region or not, the second one does.
        assert_eq!(legacy(Stage::VERTEX_SHADER, graphics, empty), [not_covered.as_str()]);
        assert_eq!(legacy(Stage::VERTEX_SHADER, Stage::VERTEX_SHADER, by_region), NONE);
        assert_eq!(legacy(Stage::VERTEX_SHADER, Stage::VERTEX_SHADER, empty), NONE);
        let sync2 = |src, dst, flags| {
            let m = [memory2((src, Access2::NONE), (dst, Access2::NONE))];
            f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(&m).dependency_flags(flags))
        };
        let fragment = Stage2::FRAGMENT_SHADER;
        assert_eq!(
            sync2(fragment, fragment, empty),
            [not_covered2.as_str(), "VUID-vkCmdPipelineBarrier2-dependencyFlags-07891"]
        );
        assert_eq!(
            sync2(fragment, Stage2::VERTEX_SHADER, by_region),
            [not_covered2.as_str(), "VUID-vkCmdPipelineBarrier2-None-07890"]
        );
        assert_eq!(
            sync2(Stage2::COMPUTE_SHADER, Stage2::VERTEX_SHADER, by_region),
            [not_covered2.as_str(), "VUID-vkCmdPipelineBarrier2-None-07892"]
        );
        assert_eq!(sync2(fragment, fragment, by_region), NONE);
        assert_eq!(sync2(Stage2::VERTEX_SHADER, fragment, empty), [not_covered2.as_str()]);
        assert_eq!(sync2(Stage2::VERTEX_SHADER, Stage2::VERTEX_SHADER, empty), NONE);
        d.cmd_end_render_pass(cb);
    }
}

#[test]
fn self_dependencies_of_a_render_pass2_from_their_chained_barriers() {
    let f = fixture();
    let d = f.d();
    let cb = f.recording();
    // Subpass 0 on itself, with a VkMemoryBarrier2 whose stage masks (vertex shader to vertex
    // shader) replace the dependency's own (fragment shader, by region).
    let mut barrier =
        vk::MemoryBarrier2::default().src_stage_mask(Stage2::VERTEX_SHADER).dst_stage_mask(Stage2::VERTEX_SHADER);
    let dependencies = [vk::SubpassDependency2::default()
        .src_stage_mask(Stage::FRAGMENT_SHADER)
        .dst_stage_mask(Stage::FRAGMENT_SHADER)
        .dependency_flags(vk::DependencyFlags::BY_REGION)
        .push_next(&mut barrier)];
    let subpasses = [vk::SubpassDescription2::default()];
    let info = vk::RenderPassCreateInfo2::default().subpasses(&subpasses).dependencies(&dependencies);
    // SAFETY (whole test): valid create infos and a recording command buffer; invalid calls are
    // skipped by Vigil.
    unsafe {
        let rp = d.create_render_pass2(&info, None).expect("vkCreateRenderPass2");
        let fb_info = vk::FramebufferCreateInfo::default().render_pass(rp).width(16).height(16).layers(1);
        let fb = d.create_framebuffer(&fb_info, None).expect("vkCreateFramebuffer");
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
        let begin = vk::RenderPassBeginInfo::default().render_pass(rp).framebuffer(fb).render_area(area);
        let contents = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
        d.cmd_begin_render_pass2(cb, &begin, &contents);
        // By region, as the dependency is.
        let barrier2 = |src, dst| {
            let m = [memory2((src, Access2::NONE), (dst, Access2::NONE))];
            let info = vk::DependencyInfo::default().memory_barriers(&m);
            f.barrier2(cb, &info.dependency_flags(vk::DependencyFlags::BY_REGION))
        };
        assert_eq!(barrier2(Stage2::VERTEX_SHADER, Stage2::VERTEX_SHADER), NONE);
        let not_covered = ["VUID-vkCmdPipelineBarrier2-None-07889"];
        assert_eq!(barrier2(Stage2::FRAGMENT_SHADER, Stage2::FRAGMENT_SHADER), not_covered);
        // Not by region: the dependency, by region, does not cover it.
        let m = [memory2((Stage2::VERTEX_SHADER, Access2::NONE), (Stage2::VERTEX_SHADER, Access2::NONE))];
        assert_eq!(f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(&m)), not_covered);
        d.cmd_end_render_pass2(cb, &vk::SubpassEndInfo::default());
        d.destroy_framebuffer(fb, None);
        d.destroy_render_pass(rp, None);
    }
}

/// A self-dependency covers a barrier only if its access scopes include the barrier's: here
/// fragment shader storage writes to sampled and storage reads (`SHADER_WRITE` to
/// `SHADER_READ`), from the dependency's own masks (vkCreateRenderPass) or from a chained
/// `VkMemoryBarrier2` (vkCreateRenderPass2).
#[test]
fn self_dependencies_cover_the_barriers_access_scopes() {
    let f = fixture();
    let d = f.d();
    let fragment = Stage::FRAGMENT_SHADER;
    let by_region = vk::DependencyFlags::BY_REGION;
    let dependencies = [vk::SubpassDependency::default()
        .src_stage_mask(fragment)
        .dst_stage_mask(fragment)
        .src_access_mask(Access::SHADER_WRITE)
        .dst_access_mask(Access::SHADER_READ)
        .dependency_flags(by_region)];
    let subpasses = [vk::SubpassDescription::default()];
    let mut chained = vk::MemoryBarrier2::default()
        .src_stage_mask(Stage2::FRAGMENT_SHADER)
        .dst_stage_mask(Stage2::FRAGMENT_SHADER)
        .src_access_mask(Access2::SHADER_WRITE)
        .dst_access_mask(Access2::SHADER_READ);
    let dependencies2 = [vk::SubpassDependency2::default().dependency_flags(by_region).push_next(&mut chained)];
    let subpasses2 = [vk::SubpassDescription2::default()];
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    // SAFETY (whole test): valid create infos and a recording command buffer; invalid calls are
    // skipped by Vigil.
    unsafe {
        let passes = [
            d.create_render_pass(
                &vk::RenderPassCreateInfo::default().subpasses(&subpasses).dependencies(&dependencies),
                None,
            )
            .expect("vkCreateRenderPass"),
            d.create_render_pass2(
                &vk::RenderPassCreateInfo2::default().subpasses(&subpasses2).dependencies(&dependencies2),
                None,
            )
            .expect("vkCreateRenderPass2"),
        ];
        for rp in passes {
            let cb = f.recording();
            let fb_info = vk::FramebufferCreateInfo::default().render_pass(rp).width(16).height(16).layers(1);
            let fb = d.create_framebuffer(&fb_info, None).expect("vkCreateFramebuffer");
            let begin = vk::RenderPassBeginInfo::default().render_pass(rp).framebuffer(fb).render_area(area);
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            let legacy = |src, dst| {
                let m = [vk::MemoryBarrier::default().src_access_mask(src).dst_access_mask(dst)];
                f.ids(|| d.cmd_pipeline_barrier(cb, fragment, fragment, by_region, &m, &[], &[]))
            };
            let sync2 = |src, dst| {
                let frag = Stage2::FRAGMENT_SHADER;
                let m = [memory2((frag, src), (frag, dst))];
                f.barrier2(cb, &vk::DependencyInfo::default().memory_barriers(&m).dependency_flags(by_region))
            };
            assert_eq!(legacy(Access::SHADER_WRITE, Access::SHADER_READ), NONE);
            assert_eq!(
                legacy(Access::SHADER_WRITE, Access::INPUT_ATTACHMENT_READ),
                ["VUID-vkCmdPipelineBarrier-None-07889"]
            );
            assert_eq!(legacy(Access::MEMORY_WRITE, Access::SHADER_READ), NONE, "fragment shaders write storage only");
            let (write, sampled) = (Access2::SHADER_STORAGE_WRITE, Access2::SHADER_SAMPLED_READ);
            assert_eq!(sync2(write, sampled), NONE);
            assert_eq!(sync2(write, Access2::MEMORY_READ), ["VUID-vkCmdPipelineBarrier2-None-07889"]);
            assert_eq!(sync2(write, Access2::INPUT_ATTACHMENT_READ), ["VUID-vkCmdPipelineBarrier2-None-07889"]);
            d.cmd_end_render_pass(cb);
            d.destroy_framebuffer(fb, None);
            d.destroy_render_pass(rp, None);
        }
    }
}

/// Inside a render pass object's instance, an image barrier names an attachment the subpass
/// uses both as an input attachment and as a color (or depth/stencil) attachment: a feedback
/// loop, in the general layout.
#[test]
fn barriers_inside_a_subpass_name_its_feedback_attachments() {
    let f = fixture();
    let d = f.d();
    let general = vk::ImageLayout::GENERAL;
    let format = vk::Format::R8G8B8A8_UNORM;
    let color_output = Stage::COLOR_ATTACHMENT_OUTPUT;
    let fragment = Stage::FRAGMENT_SHADER;
    let by_region = vk::DependencyFlags::BY_REGION;
    let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::INPUT_ATTACHMENT;
    let image_info = vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format)
        .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .usage(usage);
    let range =
        vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
    let attachments = [vk::AttachmentDescription::default()
        .format(format)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(general)
        .final_layout(general)];
    let reference = [vk::AttachmentReference { attachment: 0, layout: general }];
    let dependencies = [vk::SubpassDependency::default()
        .src_stage_mask(color_output)
        .dst_stage_mask(fragment)
        .src_access_mask(Access::COLOR_ATTACHMENT_WRITE)
        .dst_access_mask(Access::INPUT_ATTACHMENT_READ)
        .dependency_flags(by_region)];
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    // SAFETY (whole test): valid create infos and recording command buffers; invalid calls are
    // skipped by Vigil.
    unsafe {
        let (attachment, attachment_memory) = f.ctx.bound_image(&image_info);
        let (other, other_memory) = f.ctx.bound_image(&image_info);
        let view_info =
            vk::ImageViewCreateInfo::default().image(attachment).view_type(vk::ImageViewType::TYPE_2D).format(format);
        let view = d.create_image_view(&view_info.subresource_range(range), None).expect("vkCreateImageView");
        // Subpass 0 reads and writes the attachment (the feedback loop), or only writes it.
        let looped = [vk::SubpassDescription::default().input_attachments(&reference).color_attachments(&reference)];
        let written = [vk::SubpassDescription::default().color_attachments(&reference)];
        for (subpasses, valid) in [(&looped, true), (&written, false)] {
            let info = vk::RenderPassCreateInfo::default()
                .attachments(&attachments)
                .subpasses(subpasses)
                .dependencies(&dependencies);
            let rp = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
            let views = [view];
            let fb_info =
                vk::FramebufferCreateInfo::default().render_pass(rp).attachments(&views).width(16).height(16).layers(1);
            let fb = d.create_framebuffer(&fb_info, None).expect("vkCreateFramebuffer");
            let cb = f.recording();
            let begin = vk::RenderPassBeginInfo::default().render_pass(rp).framebuffer(fb).render_area(area);
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            let legacy = |image| {
                let b = [vk::ImageMemoryBarrier::default()
                    .src_access_mask(Access::COLOR_ATTACHMENT_WRITE)
                    .dst_access_mask(Access::INPUT_ATTACHMENT_READ)
                    .old_layout(general)
                    .new_layout(general)
                    .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                    .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                    .image(image)
                    .subresource_range(range)];
                f.ids(|| d.cmd_pipeline_barrier(cb, color_output, fragment, by_region, &[], &[], &b))
            };
            let sync2 = |image| {
                let b = [vk::ImageMemoryBarrier2::default()
                    .src_stage_mask(Stage2::COLOR_ATTACHMENT_OUTPUT)
                    .src_access_mask(Access2::COLOR_ATTACHMENT_WRITE)
                    .dst_stage_mask(Stage2::FRAGMENT_SHADER)
                    .dst_access_mask(Access2::INPUT_ATTACHMENT_READ)
                    .old_layout(general)
                    .new_layout(general)
                    .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                    .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                    .image(image)
                    .subresource_range(range)];
                f.barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&b).dependency_flags(by_region))
            };
            let (legacy_id, sync2_id) =
                (["VUID-vkCmdPipelineBarrier-image-04073"], ["VUID-vkCmdPipelineBarrier2-image-04073"]);
            assert_eq!(legacy(other), legacy_id, "another image");
            assert_eq!(sync2(other), sync2_id, "another image");
            if valid {
                assert_eq!(legacy(attachment), NONE);
                assert_eq!(sync2(attachment), NONE);
            } else {
                assert_eq!(legacy(attachment), legacy_id, "an attachment only written");
                assert_eq!(sync2(attachment), sync2_id, "an attachment only written");
            }
            d.cmd_end_render_pass(cb);
            d.destroy_framebuffer(fb, None);
            d.destroy_render_pass(rp, None);
        }
        d.destroy_image_view(view, None);
        for (image, memory) in [(attachment, attachment_memory), (other, other_memory)] {
            d.destroy_image(image, None);
            d.free_memory(memory, None);
        }
    }
}

/// An acceleration structure read needs a stage that reads acceleration structures: with the
/// rayQuery feature any shader stage does, without it only ray tracing shaders, builds and copies.
/// Two devices of their own, both with `VK_KHR_acceleration_structure`, one with ray queries.
#[test]
fn acceleration_structure_reads_need_a_stage_that_reads_them() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let vulkan12 = vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true);
    let vulkan13 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true);
    let as_read = Access2::ACCELERATION_STRUCTURE_READ_KHR;
    for ray_query in [true, false] {
        let builder =
            ContextBuilder::new().layers(&[VIGIL_LAYER]).vulkan12_features(vulkan12).vulkan13_features(vulkan13);
        let builder = if ray_query {
            builder.ray_tracing()
        } else {
            builder
                .device_extensions(&[ash::khr::acceleration_structure::NAME, ash::khr::deferred_host_operations::NAME])
        };
        let ctx = builder.build(&entry);
        ctx.messages.skip_errors(true);
        let d = &ctx.device;
        let pool = ctx.resettable_pool();
        let cb = ctx.recording_primary(pool);
        let barrier = |src: Stage2, dst: Stage2| {
            let m = [memory2((src, as_read), (dst, as_read))];
            let info = vk::DependencyInfo::default().memory_barriers(&m);
            // SAFETY: a recording command buffer; invalid barriers are skipped by Vigil.
            sorted(ctx.messages.problem_ids_of(|| unsafe { d.cmd_pipeline_barrier2(cb, &info) }))
        };
        let (with, without) = ("03927", "06256");
        let id = if ray_query { with } else { without };
        let all = Stage2::ALL_COMMANDS;
        assert_eq!(
            barrier(Stage2::COPY, all),
            [format!("VUID-VkMemoryBarrier2-srcAccessMask-{id}")],
            "rayQuery {ray_query}"
        );
        assert_eq!(
            barrier(all, Stage2::FRAGMENT_SHADER),
            if ray_query { vec![] } else { vec![format!("VUID-VkMemoryBarrier2-dstAccessMask-{id}")] },
            "rayQuery {ray_query}"
        );
        assert_eq!(barrier(all, all), NONE, "rayQuery {ray_query}");
        // TRANSFER stands for the acceleration structure copy stage too.
        assert_eq!(barrier(Stage2::TRANSFER, all), NONE, "rayQuery {ray_query}");
        if ray_query {
            // Stages of the features the first device enables.
            let (shaders, build) = (Stage2::RAY_TRACING_SHADER_KHR, Stage2::ACCELERATION_STRUCTURE_BUILD_KHR);
            assert_eq!(barrier(shaders, build), NONE);
        }
        let buffer = ctx.bound_buffer(256, vk::BufferUsageFlags::STORAGE_BUFFER).0;
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)
            .src_stage_mask(Stage2::COPY)
            .src_access_mask(as_read)
            .dst_stage_mask(Stage2::COMPUTE_SHADER)
            .dst_access_mask(as_read)];
        let info = vk::DependencyInfo::default().buffer_memory_barriers(&b);
        // SAFETY: as above.
        let ids = sorted(ctx.messages.problem_ids_of(|| unsafe { d.cmd_pipeline_barrier2(cb, &info) }));
        let mut expected = vec![format!("VUID-VkBufferMemoryBarrier2-srcAccessMask-{id}")];
        if !ray_query {
            expected.insert(0, format!("VUID-VkBufferMemoryBarrier2-dstAccessMask-{id}"));
        }
        assert_eq!(ids, expected, "rayQuery {ray_query}");
        ctx.messages.skip_errors(false);
    }
}
