//! Bind points against the queue family of the command buffer's pool, with graphics hidden by
//! the test-only driver shim (`no-graphics-queue`): the counterpart of `core_recording.rs`, which
//! hides compute. Binding for graphics needs a graphics family (vkCmdBindPipeline-00778,
//! vkCmdBindDescriptorSets-00361); binding for compute is this family's valid neighbour.

use ash::vk;
use vigil_tests::programs::ComputePipeline;
use vigil_tests::{ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

#[test]
fn bind_points_the_pools_queue_family_cannot_run() {
    let entry = VulkanEnv::new().with_vigil_and_shim("no-graphics-queue").entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER, SHIM_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(true);
    // SAFETY: lavapipe's physical device.
    let families = unsafe { ctx.instance.get_physical_device_queue_family_properties(ctx.physical_device) };
    let flags = families[ctx.queue_family as usize].queue_flags;
    assert!(!flags.contains(vk::QueueFlags::GRAPHICS), "the shim did not hide graphics: {flags:?}");
    let d = &ctx.device;
    let pool = ctx.resettable_pool();
    let cb = ctx.recording_primary(pool);
    let compute = ComputePipeline::new(&ctx);
    let ids = |call: &dyn Fn()| ctx.messages.problem_ids_of(call);
    // SAFETY: objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let (graphics, compute_point) = (vk::PipelineBindPoint::GRAPHICS, vk::PipelineBindPoint::COMPUTE);
        // The compute pipeline bound for graphics breaks the bind point rules too (-00779): only
        // the family's rule is asked of the sets.
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
        let info = vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes);
        let descriptors = d.create_descriptor_pool(&info, None).expect("vkCreateDescriptorPool");
        let layouts = [compute.set_layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptors).set_layouts(&layouts);
        let set = d.allocate_descriptor_sets(&info).expect("vkAllocateDescriptorSets")[0];
        let sets = |point| ids(&|| d.cmd_bind_descriptor_sets(cb, point, compute.layout, 0, &[set], &[]));
        assert_eq!(sets(graphics), ["VUID-vkCmdBindDescriptorSets-pipelineBindPoint-00361"]);
        assert_eq!(sets(compute_point), NONE);
        assert_eq!(
            ids(&|| d.cmd_bind_pipeline(cb, graphics, compute.pipeline)),
            ["VUID-vkCmdBindPipeline-pipelineBindPoint-00778"]
        );
        assert_eq!(ids(&|| d.cmd_bind_pipeline(cb, compute_point, compute.pipeline)), NONE);
        compute.destroy(&ctx);
        d.destroy_descriptor_pool(descriptors, None);
        d.destroy_command_pool(pool, None);
    }
}
