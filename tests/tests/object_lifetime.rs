//! Object lifetime through the real loader: handles that are dead, never existed or belong to
//! another device; pools that did not allocate what they free; objects freed with their pool
//! or swapchain; allocation callbacks that differ between create and destroy; leaks at
//! vkDestroyDevice and vkDestroyInstance. Each condition has a call that breaks it (the exact id
//! must be reported) and a valid neighbour (nothing reported).

use std::ffi::c_void;

use ash::vk::{self, Handle};
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

/// A context with Vigil; `skip`: the messenger asks Vigil to skip calls it reports.
fn context(skip: bool) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(skip);
    ctx
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

fn buffer(device: &ash::Device, allocator: Option<&vk::AllocationCallbacks>) -> vk::Buffer {
    let info = vk::BufferCreateInfo::default().size(256).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    // SAFETY: a valid create info.
    unsafe { device.create_buffer(&info, allocator) }.expect("vkCreateBuffer")
}

fn command_pool(ctx: &Context) -> vk::CommandPool {
    let info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
    // SAFETY: a valid create info.
    unsafe { ctx.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool")
}

fn command_buffer(ctx: &Context, pool: vk::CommandPool) -> vk::CommandBuffer {
    let info = vk::CommandBufferAllocateInfo::default()
        .command_pool(pool)
        .level(vk::CommandBufferLevel::PRIMARY)
        .command_buffer_count(1);
    // SAFETY: a live pool of this device.
    unsafe { ctx.device.allocate_command_buffers(&info) }.expect("vkAllocateCommandBuffers")[0]
}

#[test]
fn destroyed_and_never_created_handles_are_reported_and_not_passed_on() {
    // The messenger does not ask for skips: dead handles are never passed on anyway.
    let ctx = context(false);
    let d = &ctx.device;
    let live = buffer(d, None);
    let dead = buffer(d, None);
    // SAFETY (whole test): the invalid calls are skipped by Vigil, which is what is tested.
    unsafe { d.destroy_buffer(dead, None) };

    let ids = reported(&ctx.messages, || unsafe {
        let _ = d.get_buffer_memory_requirements(dead);
    });
    assert_eq!(ids, ["VUID-vkGetBufferMemoryRequirements-buffer-parameter"]);
    let ids = reported(&ctx.messages, || unsafe {
        d.destroy_buffer(dead, None);
    });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-parameter"], "destroying twice");

    // A handle that never existed, inside a create info: the call returns VALIDATION_FAILED.
    let fake = vk::Image::from_raw(0xdead_0000);
    let view = vigil_tests::context::color_view_info(fake);
    let ids = reported(&ctx.messages, || {
        let r = unsafe { d.create_image_view(&view, None) };
        assert_eq!(r.err(), Some(vk::Result::ERROR_VALIDATION_FAILED_EXT));
    });
    assert_eq!(ids, ["VUID-VkImageViewCreateInfo-image-parameter"]);
    let text = &ctx.messages.problems()[0].text;
    assert!(text.contains("0xdead0000") && text.contains("VkImage"), "{text}");

    let ids = reported(&ctx.messages, || unsafe {
        let _ = d.get_buffer_memory_requirements(live);
        d.destroy_buffer(live, None);
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn handles_in_pnext_chains_and_arrays_of_structs() {
    let ctx = context(false);
    let d = &ctx.device;
    let dead = buffer(d, None);
    // SAFETY (whole test): valid calls, and invalid ones that Vigil skips.
    unsafe { d.destroy_buffer(dead, None) };
    let reqs = vk::MemoryRequirements { size: 256, alignment: 16, memory_type_bits: u32::MAX };
    let memory_type = ctx.memory_type(reqs.memory_type_bits, vk::MemoryPropertyFlags::empty());
    let allocate = |b: vk::Buffer| {
        let mut dedicated = vk::MemoryDedicatedAllocateInfo::default().buffer(b);
        let info = vk::MemoryAllocateInfo::default()
            .allocation_size(256)
            .memory_type_index(memory_type)
            .push_next(&mut dedicated);
        unsafe { d.allocate_memory(&info, None) }
    };
    let ids = reported(&ctx.messages, || {
        assert_eq!(allocate(dead).err(), Some(vk::Result::ERROR_VALIDATION_FAILED_EXT));
    });
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-buffer-parameter"]);
    let live = buffer(d, None);
    let ids = reported(&ctx.messages, || {
        let size = unsafe { d.get_buffer_memory_requirements(live) }.size;
        assert!(size <= 256, "{size}");
        let memory = allocate(live).expect("dedicated allocation");
        unsafe {
            d.bind_buffer_memory(live, memory, 0).expect("vkBindBufferMemory");
            d.destroy_buffer(live, None);
            d.free_memory(memory, None);
        }
    });
    assert!(ids.is_empty(), "{ids:?}");

    // A freed command buffer in VkSubmitInfo::pCommandBuffers.
    let pool = command_pool(&ctx);
    let freed = command_buffer(&ctx, pool);
    unsafe { d.free_command_buffers(pool, &[freed]) };
    let cmds = [freed];
    let ids = reported(&ctx.messages, || {
        let submit = [vk::SubmitInfo::default().command_buffers(&cmds)];
        let r = unsafe { d.queue_submit(ctx.queue, &submit, vk::Fence::null()) };
        assert_eq!(r.err(), Some(vk::Result::ERROR_VALIDATION_FAILED_EXT));
    });
    assert_eq!(ids, ["VUID-VkSubmitInfo-pCommandBuffers-parameter"]);
    unsafe { d.destroy_command_pool(pool, None) };
    let ids = reported(&ctx.messages, || ctx.submit_and_wait(|_| {}));
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn objects_go_with_their_pool() {
    let ctx = context(false);
    let d = &ctx.device;
    // SAFETY (whole test): valid calls, and invalid ones that Vigil skips.
    let pool = command_pool(&ctx);
    let cmd = command_buffer(&ctx, pool);
    unsafe { d.destroy_command_pool(pool, None) };
    // Not as the dispatchable first parameter: the loader reads a freed command buffer's
    // dispatch table before any layer sees the call.
    let cmds = [cmd];
    let ids = reported(&ctx.messages, || {
        let submit = [vk::SubmitInfo::default().command_buffers(&cmds)];
        let r = unsafe { d.queue_submit(ctx.queue, &submit, vk::Fence::null()) };
        assert_eq!(r.err(), Some(vk::Result::ERROR_VALIDATION_FAILED_EXT));
    });
    assert_eq!(ids, ["VUID-VkSubmitInfo-pCommandBuffers-parameter"], "a command buffer of a destroyed pool");

    // Descriptor sets are gone after vkResetDescriptorPool; sets allocated again are fine.
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 4 }];
    let pool_info = vk::DescriptorPoolCreateInfo::default().max_sets(4).pool_sizes(&sizes);
    let binding = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::COMPUTE)];
    unsafe {
        let dpool = d.create_descriptor_pool(&pool_info, None).expect("vkCreateDescriptorPool");
        let layout = d
            .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
            .expect("vkCreateDescriptorSetLayout");
        let layouts = [layout];
        let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(dpool).set_layouts(&layouts);
        let pipeline_layout = d
            .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None)
            .expect("vkCreatePipelineLayout");
        let two = [layout, layout];
        let stale = d
            .allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default().descriptor_pool(dpool).set_layouts(&two),
            )
            .expect("vkAllocateDescriptorSets");
        d.reset_descriptor_pool(dpool, vk::DescriptorPoolResetFlags::empty()).expect("vkResetDescriptorPool");
        let fresh = d.allocate_descriptor_sets(&alloc).expect("vkAllocateDescriptorSets");

        let bind = |sets: &[vk::DescriptorSet]| {
            reported(&ctx.messages, || {
                ctx.submit_and_wait(|cmd| {
                    d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::COMPUTE, pipeline_layout, 0, sets, &[])
                })
            })
        };
        // The pool may hand a freed set's handle out again: of two distinct stale sets, at
        // least one is not the fresh one, and that one is certainly dead.
        let dead = *stale.iter().find(|&&s| s != fresh[0]).expect("two distinct sets");
        assert_eq!(bind(&[dead]), ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-parameter"]);
        assert_eq!(bind(&fresh), Vec::<String>::new());
        d.destroy_pipeline_layout(pipeline_layout, None);
        d.destroy_descriptor_set_layout(layout, None);
        d.destroy_descriptor_pool(dpool, None);
    }
}

#[test]
fn freeing_through_a_pool_that_did_not_allocate() {
    let ctx = context(true);
    let d = &ctx.device;
    let (a, b) = (command_pool(&ctx), command_pool(&ctx));
    let cmd = command_buffer(&ctx, a);
    // SAFETY (whole test): the invalid call is skipped because the messenger asks for it.
    let ids = reported(&ctx.messages, || unsafe { d.free_command_buffers(b, &[cmd]) });
    assert_eq!(ids, ["VUID-vkFreeCommandBuffers-pCommandBuffers-parent"]);
    let ids = reported(&ctx.messages, || unsafe { d.free_command_buffers(a, &[cmd]) });
    assert!(ids.is_empty(), "{ids:?}");
    unsafe {
        d.destroy_command_pool(a, None);
        d.destroy_command_pool(b, None);
    }
}

/// The arrays vkFreeCommandBuffers and vkFreeDescriptorSets free have their validity in prose
/// (each element a valid handle or VK_NULL_HANDLE): a freed element is reported with that rule's
/// id, a null one is fine.
#[test]
fn freeing_what_is_already_freed() {
    let ctx = context(true);
    let d = &ctx.device;
    let pool = command_pool(&ctx);
    let freed = command_buffer(&ctx, pool);
    // SAFETY (whole test): valid calls, and calls naming freed objects, which Vigil skips.
    unsafe { d.free_command_buffers(pool, &[freed]) };
    let ids = reported(&ctx.messages, || unsafe { d.free_command_buffers(pool, &[freed]) });
    assert_eq!(ids, ["VUID-vkFreeCommandBuffers-pCommandBuffers-00048"]);
    let live = command_buffer(&ctx, pool);
    let ids = reported(&ctx.messages, || unsafe { d.free_command_buffers(pool, &[vk::CommandBuffer::null(), live]) });
    assert!(ids.is_empty(), "{ids:?}");
    unsafe { d.destroy_command_pool(pool, None) };

    let binding = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::COMPUTE)];
    let layout = unsafe {
        d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
    }
    .expect("vkCreateDescriptorSetLayout");
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 2 }];
    let pool_info = vk::DescriptorPoolCreateInfo::default()
        .flags(vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET)
        .max_sets(2)
        .pool_sizes(&sizes);
    let sets = unsafe { d.create_descriptor_pool(&pool_info, None) }.expect("vkCreateDescriptorPool");
    let layouts = [layout];
    let allocate = || {
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(sets).set_layouts(&layouts);
        unsafe { d.allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0]
    };
    let freed = allocate();
    unsafe { d.free_descriptor_sets(sets, &[freed]) }.expect("vkFreeDescriptorSets");
    let ids = reported(&ctx.messages, || {
        let _ = unsafe { d.free_descriptor_sets(sets, &[freed]) };
    });
    assert_eq!(ids, ["VUID-vkFreeDescriptorSets-pDescriptorSets-00310"]);
    let live = allocate();
    let ids = reported(&ctx.messages, || {
        unsafe { d.free_descriptor_sets(sets, &[vk::DescriptorSet::null(), live]) }.expect("vkFreeDescriptorSets");
    });
    assert!(ids.is_empty(), "{ids:?}");
    unsafe {
        d.destroy_descriptor_pool(sets, None);
        d.destroy_descriptor_set_layout(layout, None);
    }
}

/// A second device on the same physical device, created through Vigil.
fn second_device(ctx: &Context) -> ash::Device {
    let priorities = [1.0f32];
    let queues =
        [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&priorities)];
    let info = vk::DeviceCreateInfo::default().queue_create_infos(&queues);
    // SAFETY: a valid create info for a physical device of this instance.
    unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) }.expect("second vkCreateDevice")
}

#[test]
fn handles_of_another_device() {
    let ctx = context(true);
    let other = second_device(&ctx);
    let theirs = buffer(&other, None);
    let ours = buffer(&ctx.device, None);
    // SAFETY (whole test): the invalid call is skipped because the messenger asks for it.
    let ids = reported(&ctx.messages, || unsafe { ctx.device.destroy_buffer(theirs, None) });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-parent"]);
    let ids = reported(&ctx.messages, || unsafe {
        ctx.device.destroy_buffer(ours, None);
        other.destroy_buffer(theirs, None);
        other.destroy_device(None);
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn handles_of_another_device_in_one_command() {
    // vkCmdPushConstants has no `-parent` VUID for its layout: the command's `-commonparent`
    // says the command buffer and the layout come from one device.
    let ctx = context(true);
    let other = second_device(&ctx);
    let ranges = [vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::COMPUTE, offset: 0, size: 4 }];
    let info = vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&ranges);
    // SAFETY (whole test): valid objects; the invalid call is skipped because the messenger asks.
    unsafe {
        let ours = ctx.device.create_pipeline_layout(&info, None).expect("vkCreatePipelineLayout");
        let theirs = other.create_pipeline_layout(&info, None).expect("vkCreatePipelineLayout");
        let push = |layout| {
            reported(&ctx.messages, || {
                ctx.submit_and_wait(|cb| {
                    ctx.device.cmd_push_constants(cb, layout, vk::ShaderStageFlags::COMPUTE, 0, &[0u8; 4])
                })
            })
        };
        assert_eq!(push(theirs), ["VUID-vkCmdPushConstants-commonparent"]);
        assert_eq!(push(ours), Vec::<String>::new());
        ctx.device.destroy_pipeline_layout(ours, None);
        other.destroy_pipeline_layout(theirs, None);
        other.destroy_device(None);
    }
}

// Allocation callbacks that Vigil can tell apart from none: plain malloc with the alignment
// the implementation asks for.
extern "C" {
    fn aligned_alloc(alignment: usize, size: usize) -> *mut c_void;
    fn free(p: *mut c_void);
    fn malloc_usable_size(p: *mut c_void) -> usize;
}

unsafe extern "system" fn allocation(
    _: *mut c_void,
    size: usize,
    alignment: usize,
    _: vk::SystemAllocationScope,
) -> *mut c_void {
    let alignment = alignment.max(16);
    unsafe { aligned_alloc(alignment, size.div_ceil(alignment) * alignment) }
}

unsafe extern "system" fn reallocation(
    user: *mut c_void,
    original: *mut c_void,
    size: usize,
    alignment: usize,
    scope: vk::SystemAllocationScope,
) -> *mut c_void {
    let new = unsafe { allocation(user, size, alignment, scope) };
    if !original.is_null() && !new.is_null() {
        let old = unsafe { malloc_usable_size(original) }.min(size);
        unsafe { std::ptr::copy_nonoverlapping(original as *const u8, new as *mut u8, old) };
        unsafe { free(original) };
    }
    new
}

unsafe extern "system" fn free_memory(_: *mut c_void, p: *mut c_void) {
    unsafe { free(p) }
}

fn callbacks() -> vk::AllocationCallbacks<'static> {
    vk::AllocationCallbacks::default()
        .pfn_allocation(Some(allocation))
        .pfn_reallocation(Some(reallocation))
        .pfn_free(Some(free_memory))
}

#[test]
fn allocation_callbacks_must_match_between_create_and_destroy() {
    let ctx = context(true);
    let d = &ctx.device;
    let cb = callbacks();
    let with = buffer(d, Some(&cb));
    let without = buffer(d, None);
    // SAFETY (whole test): the invalid calls are skipped because the messenger asks for it.
    let ids = reported(&ctx.messages, || unsafe { d.destroy_buffer(with, None) });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-00923"]);
    let ids = reported(&ctx.messages, || unsafe { d.destroy_buffer(without, Some(&cb)) });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-00924"]);
    let ids = reported(&ctx.messages, || unsafe {
        d.destroy_buffer(with, Some(&cb));
        d.destroy_buffer(without, None);
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn leaks_at_device_and_instance_destruction() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let log = MessageLog::new();
    let builder = ContextBuilder::new().layers(&[VIGIL_LAYER]);
    let instance = builder.create_instance(&entry, &log);
    // The chained messenger hears only instance creation and destruction.
    let debug_utils = ash::ext::debug_utils::Instance::new(&entry, &instance);
    // SAFETY: `log` outlives the messenger.
    let messenger = unsafe { debug_utils.create_debug_utils_messenger(&log.create_info(), None) }.expect("messenger");
    let pd = vigil_tests::context::pick_lavapipe(&instance);
    let family = 0;
    let priorities = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
    let info = vk::DeviceCreateInfo::default().queue_create_infos(&queues);
    // SAFETY (whole test): objects are leaked on purpose; everything else is valid.
    let create = || unsafe { instance.create_device(pd, &info, None) }.expect("vkCreateDevice");

    // Two buffers and a command pool left alive: one message per type.
    let device = create();
    let _ = (buffer(&device, None), buffer(&device, None));
    let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(family);
    let _pool = unsafe { device.create_command_pool(&pool_info, None) }.expect("vkCreateCommandPool");
    let _queue = unsafe { device.get_device_queue(family, 0) };
    let ids = reported(&log, || unsafe { device.destroy_device(None) });
    assert_eq!(ids, ["VUID-vkDestroyDevice-device-05137", "VUID-vkDestroyDevice-device-05137"]);
    let texts: Vec<String> = log.problems().into_iter().map(|m| m.text).collect();
    assert!(texts.iter().any(|t| t.contains("2 VkBuffer object(s)")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("1 VkCommandPool object(s)")), "{texts:?}");

    // Everything destroyed (the queue is retrieved, not created): nothing to report.
    let device = create();
    let b = buffer(&device, None);
    let ids = reported(&log, || unsafe {
        let _ = device.get_device_queue(family, 0);
        device.destroy_buffer(b, None);
        device.destroy_device(None);
    });
    assert!(ids.is_empty(), "{ids:?}");

    // A device left alive at vkDestroyInstance.
    let _leaked = create();
    let ids = reported(&log, || unsafe {
        debug_utils.destroy_debug_utils_messenger(messenger, None);
        instance.destroy_instance(None);
    });
    assert_eq!(ids, ["VUID-vkDestroyInstance-instance-00629"]);
    assert!(log.problems()[0].text.contains("1 VkDevice object(s)"), "{}", log.problems()[0].text);
}

#[test]
fn an_instance_with_nothing_left_reports_nothing() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let log = MessageLog::new();
    let instance = ContextBuilder::new().layers(&[VIGIL_LAYER]).create_instance(&entry, &log);
    let pd = vigil_tests::context::pick_lavapipe(&instance);
    let priorities = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(0).queue_priorities(&priorities)];
    // SAFETY: valid calls, everything destroyed in order.
    let ids = reported(&log, || unsafe {
        let device = instance
            .create_device(pd, &vk::DeviceCreateInfo::default().queue_create_infos(&queues), None)
            .expect("vkCreateDevice");
        device.destroy_device(None);
        instance.destroy_instance(None);
    });
    assert!(ids.is_empty(), "{ids:?}");
}
