//! Core validation of queries, events and timeline semaphores through the real loader on
//! lavapipe.
//!
//! Queries: numbers inside the pool, one active query per type (per index when indexed), ends
//! matching an active query begun in the same subpass, no begin or timestamp on a query the
//! recording made available without a reset, nothing active reset, copied or left active at
//! vkEndCommandBuffer, result ranges, strides, alignment and room. Events: stage masks (host,
//! features), dependency flags, device-only events on the host. Timeline semaphores: the type
//! each command needs, `VkTimelineSemaphoreSubmitInfo`, signals above the known value. Each case:
//! the exact ids of the invalid calls (skipped, so they never reach lavapipe), then the valid
//! neighbour, which reports nothing. One device for every case with the features on
//! (`FIXTURE`, cases in turn), and one without them for the feature rules.

use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];

use vk::PipelineStageFlags as Stage;
use vk::PipelineStageFlags2 as Stage2;
use vk::QueryResultFlags as Results;

/// A context with Vigil; `features`: pipelineStatisticsQuery, hostQueryReset, timelineSemaphore,
/// synchronization2 and dynamicRendering on (never geometry, tessellation, occlusionQueryPrecise
/// or inheritedQueries).
fn context(features: bool) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let mut builder = ContextBuilder::new().layers(&[VIGIL_LAYER]);
    if features {
        builder = builder
            .vulkan12_features(
                vk::PhysicalDeviceVulkan12Features::default().host_query_reset(true).timeline_semaphore(true),
            )
            .vulkan13_features(
                vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).dynamic_rendering(true),
            )
            .features(vk::PhysicalDeviceFeatures::default().pipeline_statistics_query(true))
            .device_extensions(&[ash::ext::transform_feedback::NAME]);
    }
    let ctx = builder.build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls are skipped: they never reach lavapipe.
    ctx.messages.skip_errors(true);
    ctx
}

struct Fixture {
    ctx: Context,
    feedback: ash::ext::transform_feedback::Device,
}

// SAFETY: the context's handles and function tables are usable from any thread; the cases
// take the fixture in turn (`FIXTURE`'s lock).
unsafe impl Send for Fixture {}

static FIXTURE: LazyLock<Mutex<Fixture>> = LazyLock::new(|| {
    let ctx = context(true);
    let feedback = ash::ext::transform_feedback::Device::new(&ctx.instance, &ctx.device);
    Mutex::new(Fixture { ctx, feedback })
});

/// The shared fixture, for one case at a time (a failed case does not fail the others).
fn fixture() -> MutexGuard<'static, Fixture> {
    FIXTURE.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Fixture {
    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        ids(&self.ctx, call)
    }

    fn pool(&self, ty: vk::QueryType, count: u32) -> vk::QueryPool {
        pool(&self.ctx, ty, count)
    }

    /// A primary command buffer, recording (never submitted).
    fn recording(&self) -> vk::CommandBuffer {
        recording(&self.ctx)
    }

    /// A buffer of `size` bytes with `usage`, bound to memory of its own when `bound`.
    fn buffer(&self, size: u64, usage: vk::BufferUsageFlags, bound: bool) -> vk::Buffer {
        let info = vk::BufferCreateInfo::default().size(size).usage(usage);
        // SAFETY: valid create and allocate infos; the memory fits the buffer.
        unsafe {
            let buffer = self.d().create_buffer(&info, None).expect("vkCreateBuffer");
            if bound {
                let r = self.d().get_buffer_memory_requirements(buffer);
                let ty = self.ctx.memory_type(r.memory_type_bits, vk::MemoryPropertyFlags::empty());
                let info = vk::MemoryAllocateInfo::default().allocation_size(r.size).memory_type_index(ty);
                let memory = self.d().allocate_memory(&info, None).expect("vkAllocateMemory");
                self.d().bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            }
            buffer
        }
    }

    /// An executable secondary command buffer, recorded by `record`.
    fn secondary(&self, record: impl FnOnce(vk::CommandBuffer)) -> vk::CommandBuffer {
        let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(self.ctx.queue_family);
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        // SAFETY: valid create, allocate and begin infos.
        unsafe {
            let pool = self.d().create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
            let info = vk::CommandBufferAllocateInfo::default()
                .command_pool(pool)
                .level(vk::CommandBufferLevel::SECONDARY)
                .command_buffer_count(1);
            let cb = self.d().allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
            self.d().begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
            record(cb);
            self.d().end_command_buffer(cb).expect("vkEndCommandBuffer");
            cb
        }
    }

    /// Begins dynamic rendering without attachments in `cb`.
    fn begin_rendering(&self, cb: vk::CommandBuffer) {
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
        let info = vk::RenderingInfo::default().render_area(area).layer_count(1);
        // SAFETY: a recording command buffer, outside a render pass instance.
        unsafe { self.d().cmd_begin_rendering(cb, &info) };
    }
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn ids(ctx: &Context, call: impl FnOnce()) -> Vec<String> {
    ctx.messages.clear();
    call();
    ctx.messages.problem_ids()
}

fn pool(ctx: &Context, ty: vk::QueryType, count: u32) -> vk::QueryPool {
    let stats = if ty == vk::QueryType::PIPELINE_STATISTICS {
        vk::QueryPipelineStatisticFlags::INPUT_ASSEMBLY_VERTICES
    } else {
        vk::QueryPipelineStatisticFlags::empty()
    };
    let info = vk::QueryPoolCreateInfo::default().query_type(ty).query_count(count).pipeline_statistics(stats);
    // SAFETY: a valid create info.
    unsafe { ctx.device.create_query_pool(&info, None) }.expect("vkCreateQueryPool")
}

fn recording(ctx: &Context) -> vk::CommandBuffer {
    let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
    // SAFETY: valid create, allocate and begin infos.
    unsafe {
        let pool = ctx.device.create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
        let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1);
        let cb = ctx.device.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
        ctx.device.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
        cb
    }
}

const OCCLUSION: vk::QueryType = vk::QueryType::OCCLUSION;
const TIMESTAMP: vk::QueryType = vk::QueryType::TIMESTAMP;
const PRECISE: vk::QueryControlFlags = vk::QueryControlFlags::PRECISE;
const NO_FLAGS: vk::QueryControlFlags = vk::QueryControlFlags::empty();

#[test]
fn beginning_and_ending_queries() {
    let f = fixture();
    let d = f.d();
    let (p, other, t) = (f.pool(OCCLUSION, 4), f.pool(OCCLUSION, 1), f.pool(TIMESTAMP, 1));
    let stats = f.pool(vk::QueryType::PIPELINE_STATISTICS, 1);
    let cb = f.recording();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, p, 0, 4)), NONE);
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, other, 0, 1)), NONE);
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, stats, 0, 1)), NONE);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 4, NO_FLAGS)), ["VUID-vkCmdBeginQuery-query-00802"]);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, t, 0, NO_FLAGS)), ["VUID-vkCmdBeginQuery-queryType-02804"]);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 3, PRECISE)), ["VUID-vkCmdBeginQuery-queryType-00800"]);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, stats, 0, PRECISE)), ["VUID-vkCmdBeginQuery-queryType-00800"]);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 3, NO_FLAGS)), NONE);
        // Another occlusion query while one is active.
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, other, 0, NO_FLAGS)), ["VUID-vkCmdBeginQuery-queryPool-01922"]);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 4)), ["VUID-vkCmdEndQuery-query-00810"]);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 2)), ["VUID-vkCmdEndQuery-None-01923"]);
        // An active query is neither reset nor left active at the end.
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, p, 2, 2)), ["VUID-vkCmdResetQueryPool-None-02841"]);
        let ended = d.end_command_buffer(cb);
        assert_eq!(ended, Err(vk::Result::ERROR_VALIDATION_FAILED_EXT));
        assert_eq!(f.ids(|| ignore(d.end_command_buffer(cb))), ["VUID-vkEndCommandBuffer-commandBuffer-00061"]);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 3)), NONE);
        // Of another type, or once the first ended.
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, stats, 0, NO_FLAGS)), NONE);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, stats, 0)), NONE);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, other, 0, NO_FLAGS)), NONE);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, other, 0)), NONE);
        // Query 3 is available now: begun again only after a reset.
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 3, NO_FLAGS)), ["VUID-vkCmdBeginQuery-None-00807"]);
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, p, 4, 0)), ["VUID-vkCmdResetQueryPool-firstQuery-09436"]);
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, p, 3, 2)), ["VUID-vkCmdResetQueryPool-firstQuery-09437"]);
        assert_eq!(f.ids(|| d.cmd_reset_query_pool(cb, p, 3, 1)), NONE);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 3, NO_FLAGS)), NONE);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 3)), NONE);
        // A secondary may reset it: after one runs, it is not taken as available.
        d.cmd_execute_commands(cb, &[f.secondary(|s| d.cmd_reset_query_pool(s, p, 3, 1))]);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 3, NO_FLAGS)), NONE);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 3)), NONE);
        assert_eq!(f.ids(|| d.end_command_buffer(cb).expect("vkEndCommandBuffer")), NONE);
    }
}

#[test]
fn ending_a_query_in_another_subpass() {
    let f = fixture();
    let d = f.d();
    let p = f.pool(OCCLUSION, 2);
    let cb = f.recording();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        d.cmd_reset_query_pool(cb, p, 0, 2);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 0, NO_FLAGS)), NONE);
        f.begin_rendering(cb);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 0)), ["VUID-vkCmdEndQuery-None-07007"]);
        let ids = f.ids(|| (f.feedback.fp().cmd_end_query_indexed_ext)(cb, p, 0, 0));
        assert_eq!(ids, ["VUID-vkCmdEndQueryIndexedEXT-None-07007"]);
        d.cmd_end_rendering(cb);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 0)), NONE);
        // Begun and ended inside the same render pass instance.
        f.begin_rendering(cb);
        assert_eq!(f.ids(|| d.cmd_begin_query(cb, p, 1, NO_FLAGS)), NONE);
        assert_eq!(f.ids(|| d.cmd_end_query(cb, p, 1)), NONE);
        d.cmd_end_rendering(cb);
    }
}

#[test]
fn indexed_queries() {
    let f = fixture();
    let (d, x) = (f.d(), &f.feedback);
    let (p, other, t) = (f.pool(OCCLUSION, 2), f.pool(OCCLUSION, 1), f.pool(TIMESTAMP, 1));
    let cb = f.recording();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        d.cmd_reset_query_pool(cb, p, 0, 2);
        d.cmd_reset_query_pool(cb, other, 0, 1);
        let begin =
            |pool, query, flags, index| f.ids(|| (x.fp().cmd_begin_query_indexed_ext)(cb, pool, query, flags, index));
        assert_eq!(begin(p, 2, NO_FLAGS, 0), ["VUID-vkCmdBeginQueryIndexedEXT-query-00802"]);
        assert_eq!(begin(t, 0, NO_FLAGS, 0), ["VUID-vkCmdBeginQueryIndexedEXT-queryType-02804"]);
        assert_eq!(begin(p, 0, PRECISE, 0), ["VUID-vkCmdBeginQueryIndexedEXT-queryType-00800"]);
        assert_eq!(begin(p, 0, NO_FLAGS, 1), ["VUID-vkCmdBeginQueryIndexedEXT-queryType-06692"]);
        assert_eq!(begin(p, 0, NO_FLAGS, 0), NONE);
        assert_eq!(begin(other, 0, NO_FLAGS, 0), ["VUID-vkCmdBeginQueryIndexedEXT-queryPool-04753"]);
        let end = |pool, query, index| f.ids(|| (x.fp().cmd_end_query_indexed_ext)(cb, pool, query, index));
        assert_eq!(end(p, 2, 0), ["VUID-vkCmdEndQueryIndexedEXT-query-02343"]);
        assert_eq!(end(p, 1, 0), ["VUID-vkCmdEndQueryIndexedEXT-None-02342"]);
        assert_eq!(end(p, 0, 1), ["VUID-vkCmdEndQueryIndexedEXT-queryType-06695"]);
        assert_eq!(end(p, 0, 0), NONE);
        assert_eq!(begin(p, 0, NO_FLAGS, 0), ["VUID-vkCmdBeginQueryIndexedEXT-None-00807"]);
        assert_eq!(begin(other, 0, NO_FLAGS, 0), NONE);
        assert_eq!(end(other, 0, 0), NONE);
        // Transform feedback queries: one active per stream, ended with the stream they began.
        let streams = f.pool(vk::QueryType::TRANSFORM_FEEDBACK_STREAM_EXT, 2);
        d.cmd_reset_query_pool(cb, streams, 0, 2);
        assert_eq!(begin(streams, 0, NO_FLAGS, 1), NONE);
        assert_eq!(begin(streams, 1, NO_FLAGS, 1), ["VUID-vkCmdBeginQueryIndexedEXT-queryPool-04753"]);
        assert_eq!(begin(streams, 1, NO_FLAGS, 2), NONE);
        assert_eq!(end(streams, 0, 2), ["VUID-vkCmdEndQueryIndexedEXT-queryType-06696"]);
        assert_eq!(end(streams, 0, 1), NONE);
        assert_eq!(end(streams, 1, 2), NONE);
    }
}

#[test]
fn writing_timestamps() {
    let f = fixture();
    let d = f.d();
    let (t, p) = (f.pool(TIMESTAMP, 2), f.pool(OCCLUSION, 1));
    let cb = f.recording();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        d.cmd_reset_query_pool(cb, t, 0, 2);
        d.cmd_reset_query_pool(cb, p, 0, 1);
        let write = |stage, pool, query| f.ids(|| d.cmd_write_timestamp(cb, stage, pool, query));
        assert_eq!(write(Stage::TRANSFER, t, 2), ["VUID-vkCmdWriteTimestamp-query-04904"]);
        assert_eq!(write(Stage::TRANSFER, p, 0), ["VUID-vkCmdWriteTimestamp-queryPool-01416"]);
        assert_eq!(write(Stage::GEOMETRY_SHADER, t, 0), ["VUID-vkCmdWriteTimestamp-pipelineStage-04075"]);
        let tessellation = Stage::TESSELLATION_EVALUATION_SHADER;
        assert_eq!(write(tessellation, t, 0), ["VUID-vkCmdWriteTimestamp-pipelineStage-04076"]);
        assert_eq!(write(Stage::VERTEX_SHADER, t, 0), NONE);
        assert_eq!(write(Stage::TRANSFER, t, 0), ["VUID-vkCmdWriteTimestamp-None-00830"]);
        let write2 = |stage, pool, query| f.ids(|| d.cmd_write_timestamp2(cb, stage, pool, query));
        assert_eq!(write2(Stage2::TRANSFER, t, 2), ["VUID-vkCmdWriteTimestamp2-query-04903"]);
        assert_eq!(write2(Stage2::TRANSFER, p, 0), ["VUID-vkCmdWriteTimestamp2-queryPool-03861"]);
        assert_eq!(write2(Stage2::GEOMETRY_SHADER, t, 1), ["VUID-vkCmdWriteTimestamp2-stage-03929"]);
        let tessellation = Stage2::TESSELLATION_CONTROL_SHADER;
        assert_eq!(write2(tessellation, t, 1), ["VUID-vkCmdWriteTimestamp2-stage-03930"]);
        let two = Stage2::TRANSFER | Stage2::COPY;
        assert_eq!(write2(two, t, 1), ["VUID-vkCmdWriteTimestamp2-stage-03859"]);
        assert_eq!(write2(Stage2::TRANSFER, t, 0), ["VUID-vkCmdWriteTimestamp2-None-03864"]);
        assert_eq!(write2(Stage2::COPY, t, 1), NONE);
        // Reset, both are unavailable again.
        d.cmd_reset_query_pool(cb, t, 0, 2);
        assert_eq!(write(Stage::TRANSFER, t, 0), NONE);
        assert_eq!(write2(Stage2::TRANSFER, t, 1), NONE);
    }
}

#[test]
fn reading_query_results_on_the_host() {
    let f = fixture();
    let d = f.d();
    let (p, t) = (f.pool(OCCLUSION, 4), f.pool(TIMESTAMP, 2));
    // SAFETY: host resets of pools no command uses.
    unsafe {
        assert_eq!(f.ids(|| d.reset_query_pool(p, 0, 4)), NONE);
        assert_eq!(f.ids(|| d.reset_query_pool(p, 4, 1)), ["VUID-vkResetQueryPool-firstQuery-09436"]);
        assert_eq!(f.ids(|| d.reset_query_pool(p, 2, 3)), ["VUID-vkResetQueryPool-firstQuery-09437"]);
        d.reset_query_pool(t, 0, 2);
    }
    let mut data = [0u64; 8];
    let base = data.as_mut_ptr().cast::<u8>();
    let get = |pool, first, count, (offset, size): (usize, usize), stride, flags: Results| {
        f.ids(|| {
            // SAFETY: `size` bytes at `offset` lie inside `data`; the queries were reset, so
            // without the wait bit the call returns VK_NOT_READY; invalid calls are skipped.
            let _ = unsafe {
                (d.fp_v1_0().get_query_pool_results)(
                    d.handle(),
                    pool,
                    first,
                    count,
                    size,
                    base.add(offset).cast(),
                    stride,
                    flags,
                )
            };
        })
    };
    let none = Results::empty();
    // Never reset since its creation: uninitialized.
    let fresh = f.pool(OCCLUSION, 2);
    assert_eq!(get(fresh, 0, 2, (0, 8), 4, none), ["VUID-vkGetQueryPoolResults-None-09401"]);
    // SAFETY: a host reset of a pool no command uses.
    unsafe { d.reset_query_pool(fresh, 1, 1) };
    assert_eq!(get(fresh, 0, 2, (0, 8), 4, none), ["VUID-vkGetQueryPoolResults-None-09401"]);
    assert_eq!(get(fresh, 1, 1, (0, 8), 4, none), NONE);
    assert_eq!(get(p, 4, 1, (0, 8), 4, none), ["VUID-vkGetQueryPoolResults-firstQuery-09436"]);
    assert_eq!(get(p, 3, 2, (0, 8), 4, none), ["VUID-vkGetQueryPoolResults-firstQuery-09437"]);
    assert_eq!(get(p, 0, 2, (0, 8), 0, none), ["VUID-vkGetQueryPoolResults-queryCount-09438"]);
    assert_eq!(get(t, 0, 1, (0, 8), 8, Results::PARTIAL), ["VUID-vkGetQueryPoolResults-queryType-09439"]);
    assert_eq!(get(p, 0, 1, (2, 8), 4, none), ["VUID-vkGetQueryPoolResults-flags-02828"]);
    assert_eq!(get(p, 0, 2, (0, 16), 6, none), ["VUID-vkGetQueryPoolResults-queryCount-12251"]);
    assert_eq!(get(p, 0, 1, (4, 8), 8, Results::TYPE_64), ["VUID-vkGetQueryPoolResults-flags-00815"]);
    assert_eq!(get(p, 0, 2, (0, 32), 12, Results::TYPE_64), ["VUID-vkGetQueryPoolResults-queryCount-12252"]);
    let availability = Results::WITH_AVAILABILITY;
    assert_eq!(get(p, 0, 2, (0, 16), 4, availability), ["VUID-vkGetQueryPoolResults-stride-08993"]);
    assert_eq!(get(p, 0, 3, (0, 8), 4, none), ["VUID-vkGetQueryPoolResults-dataSize-00817"]);
    // The neighbours: 12 bytes for three 32-bit results; two 64-bit results with availability.
    assert_eq!(get(p, 0, 3, (4, 12), 4, none), NONE);
    assert_eq!(get(p, 0, 4, (0, 16), 4, none), NONE);
    assert_eq!(get(p, 1, 2, (8, 32), 16, Results::TYPE_64 | availability), NONE);
    assert_eq!(get(t, 0, 2, (0, 16), 8, Results::TYPE_64), NONE);
}

#[test]
fn copying_query_results() {
    let f = fixture();
    let d = f.d();
    let (p, t, active) = (f.pool(OCCLUSION, 4), f.pool(TIMESTAMP, 1), f.pool(OCCLUSION, 1));
    let dst_usage = vk::BufferUsageFlags::TRANSFER_DST;
    let (dst, unbound) = (f.buffer(64, dst_usage, true), f.buffer(64, dst_usage, false));
    let wrong_usage = f.buffer(64, vk::BufferUsageFlags::TRANSFER_SRC, true);
    let cb = f.recording();
    // SAFETY (all cases): a recording command buffer; every query copied from was made
    // available by the commands before the copy; invalid calls are skipped by Vigil.
    unsafe {
        d.cmd_reset_query_pool(cb, p, 0, 4);
        for q in 0..4 {
            d.cmd_begin_query(cb, p, q, NO_FLAGS);
            d.cmd_end_query(cb, p, q);
        }
        d.cmd_reset_query_pool(cb, t, 0, 1);
        d.cmd_write_timestamp(cb, Stage::TRANSFER, t, 0);
        let copy = |pool, (first, count), buffer, offset, stride, flags: Results| {
            f.ids(|| d.cmd_copy_query_pool_results(cb, pool, first, count, buffer, offset, stride, flags))
        };
        let none = Results::empty();
        assert_eq!(copy(p, (4, 1), dst, 0, 4, none), ["VUID-vkCmdCopyQueryPoolResults-firstQuery-09436"]);
        assert_eq!(copy(p, (3, 2), dst, 0, 4, none), ["VUID-vkCmdCopyQueryPoolResults-firstQuery-09437"]);
        assert_eq!(copy(p, (0, 2), dst, 0, 0, none), ["VUID-vkCmdCopyQueryPoolResults-queryCount-09438"]);
        assert_eq!(copy(t, (0, 1), dst, 0, 8, Results::PARTIAL), ["VUID-vkCmdCopyQueryPoolResults-queryType-09439"]);
        assert_eq!(copy(p, (0, 1), dst, 2, 4, none), ["VUID-vkCmdCopyQueryPoolResults-flags-00822"]);
        assert_eq!(copy(p, (0, 2), dst, 0, 6, none), ["VUID-vkCmdCopyQueryPoolResults-queryCount-12254"]);
        let wide = Results::TYPE_64;
        assert_eq!(copy(p, (0, 1), dst, 4, 8, wide), ["VUID-vkCmdCopyQueryPoolResults-flags-00823"]);
        assert_eq!(copy(p, (0, 2), dst, 0, 12, wide), ["VUID-vkCmdCopyQueryPoolResults-queryCount-12255"]);
        assert_eq!(copy(p, (0, 1), dst, 64, 4, none), ["VUID-vkCmdCopyQueryPoolResults-dstOffset-00819"]);
        assert_eq!(copy(p, (0, 2), dst, 60, 4, none), ["VUID-vkCmdCopyQueryPoolResults-dstBuffer-00824"]);
        assert_eq!(copy(p, (0, 1), wrong_usage, 0, 4, none), ["VUID-vkCmdCopyQueryPoolResults-dstBuffer-00825"]);
        assert_eq!(copy(p, (0, 1), unbound, 0, 4, none), ["VUID-vkCmdCopyQueryPoolResults-dstBuffer-00826"]);
        // The neighbours: the last bytes of the buffer, 64-bit results with availability.
        assert_eq!(copy(p, (0, 4), dst, 48, 4, none), NONE);
        assert_eq!(copy(p, (2, 2), dst, 32, 16, wide | Results::WITH_AVAILABILITY), NONE);
        assert_eq!(copy(t, (0, 1), dst, 0, 8, wide), NONE);
        // An active query is not copied.
        d.cmd_reset_query_pool(cb, active, 0, 1);
        d.cmd_begin_query(cb, active, 0, NO_FLAGS);
        assert_eq!(copy(active, (0, 1), dst, 0, 4, none), ["VUID-vkCmdCopyQueryPoolResults-None-07429"]);
        d.cmd_end_query(cb, active, 0);
        assert_eq!(copy(active, (0, 1), dst, 0, 4, none), NONE);
    }
}

fn event(ctx: &Context, flags: vk::EventCreateFlags) -> vk::Event {
    // SAFETY: a valid create info.
    unsafe { ctx.device.create_event(&vk::EventCreateInfo::default().flags(flags), None) }.expect("vkCreateEvent")
}

#[test]
fn events_on_the_host() {
    let f = fixture();
    let d = f.d();
    let (device_only, e) =
        (event(&f.ctx, vk::EventCreateFlags::DEVICE_ONLY), event(&f.ctx, vk::EventCreateFlags::empty()));
    // SAFETY (all cases): events no command uses; invalid calls are skipped by Vigil.
    unsafe {
        assert_eq!(f.ids(|| ignore(d.set_event(device_only))), ["VUID-vkSetEvent-event-03941"]);
        assert_eq!(f.ids(|| ignore(d.reset_event(device_only))), ["VUID-vkResetEvent-event-03823"]);
        assert_eq!(f.ids(|| ignore(d.get_event_status(device_only))), ["VUID-vkGetEventStatus-event-03940"]);
        assert_eq!(f.ids(|| d.set_event(e).expect("vkSetEvent")), NONE);
        assert_eq!(f.ids(|| assert!(d.get_event_status(e).expect("vkGetEventStatus"))), NONE);
        assert_eq!(f.ids(|| d.reset_event(e).expect("vkResetEvent")), NONE);
    }
}

/// A dependency info with one memory barrier between `src` and `dst`.
fn dependency(barrier: &[vk::MemoryBarrier2<'static>], flags: vk::DependencyFlags) -> vk::DependencyInfo<'static> {
    // SAFETY: the barriers outlive every use of the info (the callers keep them).
    let barrier: &'static [vk::MemoryBarrier2<'static>] = unsafe { std::mem::transmute(barrier) };
    vk::DependencyInfo::default().memory_barriers(barrier).dependency_flags(flags)
}

fn barrier(src: Stage2, dst: Stage2) -> [vk::MemoryBarrier2<'static>; 1] {
    [vk::MemoryBarrier2::default().src_stage_mask(src).dst_stage_mask(dst)]
}

#[test]
fn setting_resetting_and_waiting_on_events_in_command_buffers() {
    let f = fixture();
    let d = f.d();
    let e = event(&f.ctx, vk::EventCreateFlags::DEVICE_ONLY);
    let [unset, waited, host_set] = [(); 3].map(|_| event(&f.ctx, vk::EventCreateFlags::empty()));
    let cb = f.recording();
    let no_dependency = vk::DependencyFlags::empty();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        let set = |mask| f.ids(|| d.cmd_set_event(cb, e, mask));
        assert_eq!(set(Stage::HOST), ["VUID-vkCmdSetEvent-stageMask-01149"]);
        assert_eq!(set(Stage::GEOMETRY_SHADER), ["VUID-vkCmdSetEvent-stageMask-04090"]);
        assert_eq!(set(Stage::TESSELLATION_CONTROL_SHADER), ["VUID-vkCmdSetEvent-stageMask-04091"]);
        assert_eq!(set(Stage::TRANSFER | Stage::VERTEX_SHADER), NONE);
        let reset = |mask| f.ids(|| d.cmd_reset_event(cb, e, mask));
        assert_eq!(reset(Stage::HOST), ["VUID-vkCmdResetEvent-stageMask-01153"]);
        assert_eq!(reset(Stage::GEOMETRY_SHADER), ["VUID-vkCmdResetEvent-stageMask-04090"]);
        assert_eq!(reset(Stage::TESSELLATION_EVALUATION_SHADER), ["VUID-vkCmdResetEvent-stageMask-04091"]);
        assert_eq!(reset(Stage::TRANSFER), NONE);
        let reset2 = |mask| f.ids(|| d.cmd_reset_event2(cb, e, mask));
        assert_eq!(reset2(Stage2::HOST), ["VUID-vkCmdResetEvent2-stageMask-03830"]);
        assert_eq!(reset2(Stage2::GEOMETRY_SHADER), ["VUID-vkCmdResetEvent2-stageMask-03929"]);
        assert_eq!(reset2(Stage2::TESSELLATION_CONTROL_SHADER), ["VUID-vkCmdResetEvent2-stageMask-03930"]);
        assert_eq!(reset2(Stage2::COPY), NONE);
        let set2 = |b: &[vk::MemoryBarrier2<'static>], flags| f.ids(|| d.cmd_set_event2(cb, e, &dependency(b, flags)));
        let (transfer, host) = (Stage2::TRANSFER, Stage2::HOST);
        let by_region = vk::DependencyFlags::BY_REGION;
        assert_eq!(set2(&barrier(transfer, transfer), by_region), ["VUID-vkCmdSetEvent2-dependencyFlags-03825"]);
        assert_eq!(set2(&barrier(host, transfer), no_dependency), ["VUID-vkCmdSetEvent2-srcStageMask-09391"]);
        assert_eq!(set2(&barrier(transfer, host), no_dependency), ["VUID-vkCmdSetEvent2-dstStageMask-09392"]);
        assert_eq!(set2(&barrier(transfer, transfer), no_dependency), NONE);
        // Waits on `unset`, which nothing in this command buffer set (skipped, checked alone);
        // on `waited`, which it set at the transfer stage (srcStageMask is that stage, with the
        // host stage for a host set); and with vkCmdWaitEvents2 on `host_set`, which only the
        // host sets (its barriers' first scope is the host).
        d.cmd_set_event(cb, waited, Stage::TRANSFER);
        let wait = |events: &[vk::Event], src, dst, buffers: &[vk::BufferMemoryBarrier]| {
            f.ids(|| d.cmd_wait_events(cb, events, src, dst, &[], buffers, &[]))
        };
        let t = Stage::TRANSFER;
        let geometry = Stage::GEOMETRY_SHADER;
        assert_eq!(wait(&[unset], geometry, t, &[]), ["VUID-vkCmdWaitEvents-srcStageMask-04090"]);
        let tessellation = Stage::TESSELLATION_CONTROL_SHADER;
        assert_eq!(wait(&[unset], tessellation, t, &[]), ["VUID-vkCmdWaitEvents-srcStageMask-04091"]);
        assert_eq!(wait(&[waited], t, geometry, &[]), ["VUID-vkCmdWaitEvents-dstStageMask-04090"]);
        let tessellation = Stage::TESSELLATION_EVALUATION_SHADER;
        assert_eq!(wait(&[waited], t, tessellation, &[]), ["VUID-vkCmdWaitEvents-dstStageMask-04091"]);
        assert_eq!(wait(&[waited], t, Stage::VERTEX_SHADER, &[]), NONE);
        let buffer = f.buffer(64, vk::BufferUsageFlags::TRANSFER_DST, true);
        let transfer_to = |dst_family| {
            [vk::BufferMemoryBarrier::default()
                .buffer(buffer)
                .size(vk::WHOLE_SIZE)
                .src_queue_family_index(f.ctx.queue_family)
                .dst_queue_family_index(dst_family)]
        };
        let ids = wait(&[waited], t, t, &transfer_to(vk::QUEUE_FAMILY_EXTERNAL));
        assert_eq!(ids, ["VUID-vkCmdWaitEvents-srcQueueFamilyIndex-02803"]);
        assert_eq!(wait(&[waited], t, t, &transfer_to(f.ctx.queue_family)), NONE);
        // The host stage: outside a render pass instance only.
        assert_eq!(wait(&[waited], t | Stage::HOST, t, &[]), NONE);
        let wait2 = |b: &[vk::MemoryBarrier2<'static>], flags| {
            f.ids(|| d.cmd_wait_events2(cb, &[host_set], &[dependency(b, flags)]))
        };
        assert_eq!(wait2(&barrier(host, transfer), by_region), ["VUID-vkCmdWaitEvents2-dependencyFlags-10394"]);
        assert_eq!(wait2(&barrier(host, transfer), no_dependency), NONE);
        f.begin_rendering(cb);
        assert_eq!(wait(&[unset], Stage::HOST, t, &[]), ["VUID-vkCmdWaitEvents-srcStageMask-07308"]);
        assert_eq!(wait2(&barrier(host, transfer), no_dependency), ["VUID-vkCmdWaitEvents2-dependencyFlags-03844"]);
        d.cmd_end_rendering(cb);
    }
}

fn semaphore(ctx: &Context, ty: vk::SemaphoreType, initial: u64) -> Result<vk::Semaphore, vk::Result> {
    let mut t = vk::SemaphoreTypeCreateInfo::default().semaphore_type(ty).initial_value(initial);
    let info = vk::SemaphoreCreateInfo::default().push_next(&mut t);
    // SAFETY: a create info Vigil checks first.
    unsafe { ctx.device.create_semaphore(&info, None) }
}

#[test]
fn timeline_semaphores_on_the_host() {
    let f = fixture();
    let d = f.d();
    let ids = f.ids(|| assert!(semaphore(&f.ctx, vk::SemaphoreType::BINARY, 1).is_err()));
    assert_eq!(ids, ["VUID-VkSemaphoreTypeCreateInfo-semaphoreType-03279"]);
    let binary = semaphore(&f.ctx, vk::SemaphoreType::BINARY, 0).expect("vkCreateSemaphore");
    let timeline = semaphore(&f.ctx, vk::SemaphoreType::TIMELINE, 5).expect("vkCreateSemaphore");
    let signal = |s, value| {
        // SAFETY: a signal info Vigil checks first.
        f.ids(|| ignore(unsafe { d.signal_semaphore(&vk::SemaphoreSignalInfo::default().semaphore(s).value(value)) }))
    };
    assert_eq!(signal(binary, 1), ["VUID-VkSemaphoreSignalInfo-semaphore-03257"]);
    assert_eq!(signal(timeline, 5), ["VUID-VkSemaphoreSignalInfo-value-03258"]);
    assert_eq!(signal(timeline, 6), NONE);
    assert_eq!(signal(timeline, 6), ["VUID-VkSemaphoreSignalInfo-value-03258"]);
    let wait = |s, value: u64| {
        let (semaphores, values) = ([s], [value]);
        let info = vk::SemaphoreWaitInfo::default().semaphores(&semaphores).values(&values);
        // SAFETY: a wait info Vigil checks first; the timeline value was reached.
        f.ids(|| ignore(unsafe { d.wait_semaphores(&info, 0) }))
    };
    assert_eq!(wait(binary, 1), ["VUID-VkSemaphoreWaitInfo-pSemaphores-03256"]);
    assert_eq!(wait(timeline, 6), NONE);
    // SAFETY (both): semaphores Vigil checks first.
    let ids = f.ids(|| ignore(unsafe { d.get_semaphore_counter_value(binary) }));
    assert_eq!(ids, ["VUID-vkGetSemaphoreCounterValue-semaphore-03255"]);
    let ids = f.ids(|| assert_eq!(unsafe { d.get_semaphore_counter_value(timeline) }, Ok(6)));
    assert_eq!(ids, NONE);
}

#[test]
fn timeline_semaphores_in_submissions() {
    let f = fixture();
    let d = f.d();
    let timeline = semaphore(&f.ctx, vk::SemaphoreType::TIMELINE, 1).expect("vkCreateSemaphore");
    let semaphores = [timeline];
    let stages = [Stage::ALL_COMMANDS];
    let submit = |info: vk::SubmitInfo| {
        // SAFETY: a submit Vigil checks first; a valid one signals without waiting.
        f.ids(|| ignore(unsafe { d.queue_submit(f.ctx.queue, &[info], vk::Fence::null()) }))
    };
    let ids = submit(vk::SubmitInfo::default().signal_semaphores(&semaphores));
    assert_eq!(ids, ["VUID-VkSubmitInfo-pWaitSemaphores-03239"]);
    let mut no_values = vk::TimelineSemaphoreSubmitInfo::default();
    let info = vk::SubmitInfo::default().wait_semaphores(&semaphores).wait_dst_stage_mask(&stages);
    assert_eq!(submit(info.push_next(&mut no_values)), ["VUID-VkSubmitInfo-pNext-03240"]);
    let mut no_values = vk::TimelineSemaphoreSubmitInfo::default();
    let info = vk::SubmitInfo::default().signal_semaphores(&semaphores);
    assert_eq!(submit(info.push_next(&mut no_values)), ["VUID-VkSubmitInfo-pNext-03241"]);
    let reached = [1];
    let mut values = vk::TimelineSemaphoreSubmitInfo::default().signal_semaphore_values(&reached);
    let info = vk::SubmitInfo::default().signal_semaphores(&semaphores);
    assert_eq!(submit(info.push_next(&mut values)), ["VUID-VkSubmitInfo-pSignalSemaphores-03242"]);
    let next = [2];
    let mut values = vk::TimelineSemaphoreSubmitInfo::default().signal_semaphore_values(&next);
    let info = vk::SubmitInfo::default().signal_semaphores(&semaphores);
    assert_eq!(submit(info.push_next(&mut values)), NONE);
    let wait_for = |value: u64| {
        let values = [value];
        let info = vk::SemaphoreWaitInfo::default().semaphores(&semaphores).values(&values);
        // SAFETY: the value is signaled by a submission without waits.
        unsafe { d.wait_semaphores(&info, u64::MAX) }.expect("vkWaitSemaphores");
    };
    wait_for(2);
    let submit2 = |waits: &[vk::SemaphoreSubmitInfo], signals: &[vk::SemaphoreSubmitInfo]| {
        let info = vk::SubmitInfo2::default().wait_semaphore_infos(waits).signal_semaphore_infos(signals);
        // SAFETY: a submit Vigil checks first; a valid one signals without waiting.
        f.ids(|| ignore(unsafe { d.queue_submit2(f.ctx.queue, &[info], vk::Fence::null()) }))
    };
    let at =
        |value| vk::SemaphoreSubmitInfo::default().semaphore(timeline).value(value).stage_mask(Stage2::ALL_COMMANDS);
    assert_eq!(submit2(&[], &[at(2)]), ["VUID-VkSubmitInfo2-semaphore-03882"]);
    assert_eq!(submit2(&[at(4)], &[at(4)]), ["VUID-VkSubmitInfo2-semaphore-03881"]);
    assert_eq!(submit2(&[at(2)], &[at(3)]), NONE);
    wait_for(3);
}

/// The feature rules, on a device with none of the features.
#[test]
fn without_the_features() {
    let ctx = context(false);
    let d = &ctx.device;
    let ids = |call: &dyn Fn()| ids(&ctx, call);
    let p = pool(&ctx, OCCLUSION, 1);
    let t = pool(&ctx, TIMESTAMP, 1);
    let e = event(&ctx, vk::EventCreateFlags::empty());
    let cb = recording(&ctx);
    let none = vk::DependencyInfo::default();
    // SAFETY (all cases): a recording command buffer and objects no submission uses; invalid
    // calls are skipped by Vigil.
    unsafe {
        assert_eq!(ids(&|| d.reset_query_pool(p, 0, 1)), ["VUID-vkResetQueryPool-None-02665"]);
        let created = ids(&|| assert!(semaphore(&ctx, vk::SemaphoreType::TIMELINE, 0).is_err()));
        assert_eq!(created, ["VUID-VkSemaphoreTypeCreateInfo-timelineSemaphore-03252"]);
        assert_eq!(ids(&|| d.cmd_set_event2(cb, e, &none)), ["VUID-vkCmdSetEvent2-synchronization2-03824"]);
        let ids2 = ids(&|| d.cmd_reset_event2(cb, e, Stage2::TRANSFER));
        assert_eq!(ids2, ["VUID-vkCmdResetEvent2-synchronization2-03829"]);
        let ids2 = ids(&|| d.cmd_wait_events2(cb, &[e], &[none]));
        assert_eq!(ids2, ["VUID-vkCmdWaitEvents2-synchronization2-03836"]);
        let ids2 = ids(&|| d.cmd_pipeline_barrier2(cb, &none));
        assert_eq!(ids2, ["VUID-vkCmdPipelineBarrier2-synchronization2-03848"]);
        d.cmd_reset_query_pool(cb, t, 0, 1);
        let ids2 = ids(&|| d.cmd_write_timestamp2(cb, Stage2::TRANSFER, t, 0));
        assert_eq!(ids2, ["VUID-vkCmdWriteTimestamp2-synchronization2-03858"]);
        assert_eq!(ids(&|| d.cmd_set_event(cb, e, Stage::NONE)), ["VUID-vkCmdSetEvent-stageMask-03937"]);
        assert_eq!(ids(&|| d.cmd_reset_event(cb, e, Stage::NONE)), ["VUID-vkCmdResetEvent-stageMask-03937"]);
        let t2 = Stage::TRANSFER;
        let wait = |src, dst| ids(&|| d.cmd_wait_events(cb, &[e], src, dst, &[], &[], &[]));
        assert_eq!(wait(Stage::NONE, t2), ["VUID-vkCmdWaitEvents-srcStageMask-03937"]);
        assert_eq!(wait(t2, Stage::NONE), ["VUID-vkCmdWaitEvents-dstStageMask-03937"]);
        // The neighbours: a stage where the masks need one, the binary type.
        assert_eq!(ids(&|| d.cmd_set_event(cb, e, t2)), NONE);
        assert_eq!(ids(&|| d.cmd_reset_event(cb, e, t2)), NONE);
        assert_eq!(wait(t2, t2), NONE);
        assert_eq!(ids(&|| d.cmd_write_timestamp(cb, Stage::BOTTOM_OF_PIPE, t, 0)), NONE);
        assert_eq!(ids(&|| ignore(semaphore(&ctx, vk::SemaphoreType::BINARY, 0).expect("vkCreateSemaphore"))), NONE);
    }
    ctx.messages.skip_errors(false);
}

/// Ignores a call's result (the cases look at what Vigil reported).
fn ignore<T>(_: T) {}

#[test]
fn queries_left_active_when_a_render_pass_ends_or_secondaries_run() {
    let f = fixture();
    let d = f.d();
    let p = f.pool(OCCLUSION, 6);
    let subpass = [vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)];
    let extent = vk::Extent2D { width: 16, height: 16 };
    // SAFETY (all cases): valid create infos; a recording command buffer; invalid calls are
    // skipped by Vigil.
    unsafe {
        let render_pass = d
            .create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&subpass), None)
            .expect("vkCreateRenderPass");
        let framebuffer_info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .width(extent.width)
            .height(extent.height)
            .layers(1);
        let framebuffer = d.create_framebuffer(&framebuffer_info, None).expect("vkCreateFramebuffer");
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent });
        let subpass_end = vk::SubpassEndInfo::default();
        let cb = f.recording();
        d.cmd_reset_query_pool(cb, p, 0, 6);
        for (i, two) in [(0, false), (1, true)] {
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            d.cmd_begin_query(cb, p, i, NO_FLAGS);
            let ids = f.ids(|| if two { d.cmd_end_render_pass2(cb, &subpass_end) } else { d.cmd_end_render_pass(cb) });
            let id = if two { "VUID-vkCmdEndRenderPass2-None-07005" } else { "VUID-vkCmdEndRenderPass-None-07004" };
            assert_eq!(ids, [id]);
            d.cmd_end_query(cb, p, i);
            assert_eq!(f.ids(|| d.cmd_end_render_pass2(cb, &subpass_end)), NONE);
        }
        f.begin_rendering(cb);
        d.cmd_begin_query(cb, p, 2, NO_FLAGS);
        assert_eq!(f.ids(|| d.cmd_end_rendering(cb)), ["VUID-vkCmdEndRendering-None-06999"]);
        d.cmd_end_query(cb, p, 2);
        assert_eq!(f.ids(|| d.cmd_end_rendering(cb)), NONE);
        // A query begun outside the instance may stay active past its end.
        d.cmd_begin_query(cb, p, 3, NO_FLAGS);
        f.begin_rendering(cb);
        assert_eq!(f.ids(|| d.cmd_end_rendering(cb)), NONE);
        // Secondaries inside an active query need the inheritedQueries feature.
        let secondary = f.secondary(|_| {});
        let ids = f.ids(|| d.cmd_execute_commands(cb, &[secondary]));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-commandBuffer-00101"]);
        d.cmd_end_query(cb, p, 3);
        assert_eq!(f.ids(|| d.cmd_execute_commands(cb, &[secondary])), NONE);
    }
}

#[test]
fn waiting_on_events_this_command_buffer_set() {
    let f = fixture();
    let d = f.d();
    let [set, set2] = [(); 2].map(|_| event(&f.ctx, vk::EventCreateFlags::empty()));
    let cb = f.recording();
    let b = barrier(Stage2::TRANSFER, Stage2::TRANSFER);
    let info = dependency(&b, vk::DependencyFlags::empty());
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        d.cmd_set_event(cb, set, Stage::TRANSFER | Stage::COMPUTE_SHADER);
        d.cmd_set_event2(cb, set2, &info);
        let wait =
            |events: &[vk::Event], src| f.ids(|| d.cmd_wait_events(cb, events, src, Stage::TRANSFER, &[], &[], &[]));
        let wait2 = |events: &[vk::Event]| {
            let infos = vec![info; events.len()];
            f.ids(|| d.cmd_wait_events2(cb, events, &infos))
        };
        assert_eq!(wait(&[set2], Stage::TRANSFER), ["VUID-vkCmdWaitEvents-pEvents-03847"]);
        assert_eq!(wait2(&[set2, set]), ["VUID-vkCmdWaitEvents2-pEvents-03837"]);
        assert_eq!(wait(&[set], Stage::TRANSFER), ["VUID-vkCmdWaitEvents-srcStageMask-01158"]);
        let all = Stage::TRANSFER | Stage::COMPUTE_SHADER;
        assert_eq!(wait(&[set], all | Stage::VERTEX_SHADER), ["VUID-vkCmdWaitEvents-srcStageMask-01158"]);
        // Exactly the stages it set them with, or those and the host stage.
        assert_eq!(wait(&[set], all), NONE);
        assert_eq!(wait(&[set], all | Stage::HOST), NONE);
        assert_eq!(wait2(&[set2]), NONE);
        // Set again by the other version, each is waited on by that one.
        d.cmd_set_event2(cb, set, &info);
        d.cmd_set_event(cb, set2, Stage::TRANSFER);
        assert_eq!(wait2(&[set]), NONE);
        assert_eq!(wait(&[set2], Stage::TRANSFER), NONE);
        // A secondary may set them again: after it, the waits are not checked.
        let secondary = f.secondary(|s| {
            d.cmd_set_event2(s, set2, &info);
            d.cmd_set_event(s, set, Stage::TRANSFER);
        });
        d.cmd_execute_commands(cb, &[secondary]);
        assert_eq!(wait2(&[set2]), NONE);
        assert_eq!(wait(&[set], Stage::TRANSFER), NONE);
    }
}
