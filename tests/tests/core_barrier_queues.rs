//! Barrier stage masks against the queue family of the command buffer's pool, with graphics
//! hidden by the test-only driver shim (`no-graphics-queue`): vkCmdPipelineBarrier and
//! vkCmdWaitEvents (06461/06462, 06459/06460), vkCmdPipelineBarrier2's memory barriers
//! (09673/09674) and its buffer barriers that transfer no ownership (09675/09676). Compute and
//! transfer stages, and the meta stages that stand for any, are the valid neighbours. The
//! other barrier rules are `core_barriers.rs`'s (one driver environment per process).

mod barriers_common;

use ash::vk;
use barriers_common::{buffer_barrier2, memory2, sorted};
use vigil_tests::{ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

use vk::AccessFlags2 as Access2;
use vk::PipelineStageFlags as Stage;
use vk::PipelineStageFlags2 as Stage2;

#[test]
fn stage_masks_the_pools_queue_family_supports() {
    let entry = VulkanEnv::new().with_vigil_and_shim("no-graphics-queue").entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true))
        .build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(true);
    let d = &ctx.device;
    let cb = ctx.recording_primary(ctx.resettable_pool());
    let ids = |call: &dyn Fn()| sorted(ctx.messages.problem_ids_of(call));
    let (fragment, compute) = (Stage::FRAGMENT_SHADER, Stage::COMPUTE_SHADER);
    let flags = vk::DependencyFlags::empty();
    // SAFETY (all cases): a recording command buffer; invalid calls are skipped by Vigil.
    unsafe {
        assert_eq!(
            ids(&|| d.cmd_pipeline_barrier(cb, fragment, Stage::COLOR_ATTACHMENT_OUTPUT, flags, &[], &[], &[])),
            ["VUID-vkCmdPipelineBarrier-dstStageMask-06462", "VUID-vkCmdPipelineBarrier-srcStageMask-06461"]
        );
        assert_eq!(ids(&|| d.cmd_pipeline_barrier(cb, compute, Stage::TRANSFER, flags, &[], &[], &[])), NONE);
        let event = d.create_event(&vk::EventCreateInfo::default(), None).expect("vkCreateEvent");
        assert_eq!(
            ids(&|| d.cmd_wait_events(cb, &[event], fragment, Stage::ALL_GRAPHICS, &[], &[], &[])),
            ["VUID-vkCmdWaitEvents-dstStageMask-06460", "VUID-vkCmdWaitEvents-srcStageMask-06459"]
        );
        assert_eq!(ids(&|| d.cmd_wait_events(cb, &[event], compute, Stage::ALL_COMMANDS, &[], &[], &[])), NONE);

        let a = Access2::NONE;
        let m = [memory2((Stage2::FRAGMENT_SHADER, a), (Stage2::INDEX_INPUT, a))];
        let info = vk::DependencyInfo::default().memory_barriers(&m);
        assert_eq!(
            ids(&|| d.cmd_pipeline_barrier2(cb, &info)),
            ["VUID-vkCmdPipelineBarrier2-dstStageMask-09674", "VUID-vkCmdPipelineBarrier2-srcStageMask-09673"]
        );
        let m = [memory2((Stage2::COMPUTE_SHADER, a), (Stage2::COPY, a))];
        let info = vk::DependencyInfo::default().memory_barriers(&m);
        assert_eq!(ids(&|| d.cmd_pipeline_barrier2(cb, &info)), NONE);
        let (buffer, memory) = ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)
            .src_stage_mask(Stage2::VERTEX_SHADER)
            .dst_stage_mask(Stage2::ALL_GRAPHICS)];
        let info = vk::DependencyInfo::default().buffer_memory_barriers(&b);
        assert_eq!(
            ids(&|| d.cmd_pipeline_barrier2(cb, &info)),
            ["VUID-vkCmdPipelineBarrier2-dstStageMask-09676", "VUID-vkCmdPipelineBarrier2-srcStageMask-09675"]
        );
        let b = [buffer_barrier2(buffer, 0, vk::WHOLE_SIZE)
            .src_stage_mask(Stage2::COMPUTE_SHADER)
            .dst_stage_mask(Stage2::ALL_COMMANDS)];
        let info = vk::DependencyInfo::default().buffer_memory_barriers(&b);
        assert_eq!(ids(&|| d.cmd_pipeline_barrier2(cb, &info)), NONE);
        d.destroy_event(event, None);
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}
