//! Handle wrapping through the real loader: the application sees Vigil's ids (the same on
//! every run), lavapipe sees its own handles wherever the application put an id — parameters,
//! structures, pNext chains, descriptor update template data, raw `uint64_t` object handles —
//! and real programs give the same results with wrapping on and off.

use std::process::Output;
use std::time::Duration;

use ash::vk;
use vigil_tests::programs::{check_compute, check_draw, run_compute, run_draw};
use vigil_tests::{run_with_timeout, Context, ContextBuilder, VulkanEnv, KHRONOS_LAYER, VIGIL_LAYER};

fn context(wrapping: bool) -> Context {
    context_with(&[VIGIL_LAYER], wrapping)
}

/// Vigil above the Khronos layer, whose object tracker reports any handle it was not given by
/// the driver: an id Vigil failed to translate shows up as its `…-parameter` error.
fn over_reference() -> Context {
    context_with(&[VIGIL_LAYER, KHRONOS_LAYER], true)
}

fn context_with(layers: &[&str], wrapping: bool) -> Context {
    build(ContextBuilder::new().layers(layers), wrapping)
}

fn build(mut builder: ContextBuilder, wrapping: bool) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    // Wrapping is on by default; the setting structure is passed only to turn it off (the
    // Khronos layer of Debian 12 does not know VkLayerSettingsCreateInfoEXT and says so).
    if !wrapping {
        builder = builder.vigil_setting("handle_wrapping", "false");
    }
    let ctx = builder.build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx
}

/// The handles `vigil-probe --print-handles 3` prints, in a fresh process.
fn probe_handles(wrapping: bool) -> Vec<u64> {
    let env = VulkanEnv::new()
        .with_vigil()
        .set("VK_VIGIL_VALIDATION_HANDLE_WRAPPING", if wrapping { "true" } else { "false" });
    let mut cmd = env.command(env!("CARGO_BIN_EXE_vigil-probe"));
    cmd.args(["--print-handles", "3", "--bad-buffers", "0"]);
    let Output { status, stdout, stderr } = run_with_timeout(&mut cmd, Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&stdout);
    assert!(status.success(), "vigil-probe failed: {status}\n{stdout}\n{}", String::from_utf8_lossy(&stderr));
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("HANDLE 0x"))
        .map(|h| u64::from_str_radix(h, 16).expect("hex handle"))
        .collect()
}

#[test]
fn applications_see_ids_that_are_the_same_on_every_run() {
    let first = probe_handles(true);
    assert_eq!(first.len(), 3);
    assert_eq!(probe_handles(true), first, "the same program sees the same ids");
    // Vigil's ids: first generation, consecutive slots.
    for (i, h) in first.iter().enumerate() {
        assert_eq!(h >> 32, 1, "{h:#x} is not a first-generation id");
        assert_eq!(h & 0xffff_ffff, (first[0] & 0xffff_ffff) + i as u64, "{first:x?}");
    }
    let unwrapped = probe_handles(false);
    assert_eq!(unwrapped.len(), 3);
    assert!(unwrapped.iter().all(|h| !first.contains(h)), "without wrapping the driver's handles show: {unwrapped:x?}");
}

#[test]
fn real_programs_give_the_same_results_with_wrapping_on_and_off() {
    for wrapping in [true, false] {
        let ctx = context(wrapping);
        let words = run_compute(&ctx);
        check_compute(&words);
        let image = run_draw(&ctx);
        check_draw(&image);
        ctx.messages.assert_no_problems(&format!("compute and draw, handle_wrapping = {wrapping}"));
    }
}

fn buffer(ctx: &Context) -> vk::Buffer {
    let info = vk::BufferCreateInfo::default().size(256).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    // SAFETY: a valid create info.
    unsafe { ctx.device.create_buffer(&info, None) }.expect("vkCreateBuffer")
}

/// A storage buffer with memory bound, as descriptors need.
fn bound_buffer(ctx: &Context) -> (vk::Buffer, vk::DeviceMemory) {
    let d = &ctx.device;
    let b = buffer(ctx);
    // SAFETY: a live buffer; memory of a type it allows.
    unsafe {
        let reqs = d.get_buffer_memory_requirements(b);
        let memory = d
            .allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(reqs.size)
                    .memory_type_index(ctx.memory_type(reqs.memory_type_bits, vk::MemoryPropertyFlags::empty())),
                None,
            )
            .expect("vkAllocateMemory");
        d.bind_buffer_memory(b, memory, 0).expect("vkBindBufferMemory");
        (b, memory)
    }
}

/// A one-binding storage-buffer set layout and a pool for `sets` such sets (`flags` on the pool).
struct StorageSets {
    layout: vk::DescriptorSetLayout,
    pool: vk::DescriptorPool,
}

impl StorageSets {
    fn new(d: &ash::Device, sets: u32, flags: vk::DescriptorPoolCreateFlags) -> Self {
        let binding = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)];
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: sets }];
        // SAFETY: valid create infos.
        unsafe {
            let layout = d
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
                .expect("vkCreateDescriptorSetLayout");
            let info = vk::DescriptorPoolCreateInfo::default().flags(flags).max_sets(sets).pool_sizes(&sizes);
            let pool = d.create_descriptor_pool(&info, None).expect("vkCreateDescriptorPool");
            StorageSets { layout, pool }
        }
    }

    fn allocate(&self, d: &ash::Device) -> vk::DescriptorSet {
        let layouts = [self.layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.pool).set_layouts(&layouts);
        // SAFETY: a live pool and layout.
        unsafe { d.allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0]
    }

    fn destroy(self, d: &ash::Device) {
        // SAFETY: nothing uses them any more.
        unsafe {
            d.destroy_descriptor_pool(self.pool, None);
            d.destroy_descriptor_set_layout(self.layout, None);
        }
    }
}

#[test]
fn raw_object_handles_reach_the_driver_unwrapped() {
    // lavapipe keeps private data in the object the handle points at: an id it dereferenced
    // would crash the process.
    let private_data = vk::PhysicalDeviceVulkan13Features::default().private_data(true);
    let ctx = build(ContextBuilder::new().layers(&[VIGIL_LAYER, KHRONOS_LAYER]).vulkan13_features(private_data), true);
    let d = &ctx.device;
    let b = buffer(&ctx);
    // SAFETY (whole test): valid calls on live objects.
    unsafe {
        let slot = d
            .create_private_data_slot(&vk::PrivateDataSlotCreateInfo::default(), None)
            .expect("vkCreatePrivateDataSlot");
        d.set_private_data(b, slot, 0x5eed).expect("vkSetPrivateData");
        assert_eq!(d.get_private_data(b, slot), 0x5eed);
        let utils = ash::ext::debug_utils::Device::new(&ctx.instance, d);
        let name = vk::DebugUtilsObjectNameInfoEXT::default().object_handle(b).object_name(c"vigil buffer");
        utils.set_debug_utils_object_name(&name).expect("vkSetDebugUtilsObjectNameEXT");
        d.destroy_buffer(b, None);
        d.destroy_private_data_slot(slot, None);
    }
    ctx.messages.assert_no_problems("private data and object names on wrapped handles");
}

#[test]
fn dead_ids_are_reported_and_not_passed_on_without_object_lifetime() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).vigil_setting("object_lifetime", "false").build(&entry);
    let d = &ctx.device;
    let b = buffer(&ctx);
    // SAFETY: the second destroy names a dead id, which Vigil must not pass on.
    unsafe {
        d.destroy_buffer(b, None);
        ctx.messages.clear();
        d.destroy_buffer(b, None);
    }
    assert_eq!(ctx.messages.problem_ids(), ["VUID-vkDestroyBuffer-buffer-parameter"]);
    ctx.messages.clear();
    let live = buffer(&ctx);
    // SAFETY: a live buffer.
    unsafe { d.destroy_buffer(live, None) };
    ctx.messages.assert_no_problems("a live id");
}

#[test]
fn descriptor_update_templates_carry_ids_in_their_data() {
    // A template update writes the buffer the compute program then reads through the set:
    // lavapipe dereferences the handle in pData, so an untranslated id would crash.
    let ctx = over_reference();
    let d = &ctx.device;
    // SAFETY (whole test): valid objects, destroyed in order.
    unsafe {
        let sets = StorageSets::new(d, 1, vk::DescriptorPoolCreateFlags::empty());
        let set = sets.allocate(d);
        let entry = [vk::DescriptorUpdateTemplateEntry::default()
            .dst_binding(0)
            .descriptor_count(1)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .offset(0)
            .stride(std::mem::size_of::<vk::DescriptorBufferInfo>())];
        let template = d
            .create_descriptor_update_template(
                &vk::DescriptorUpdateTemplateCreateInfo::default()
                    .descriptor_update_entries(&entry)
                    .template_type(vk::DescriptorUpdateTemplateType::DESCRIPTOR_SET)
                    .descriptor_set_layout(sets.layout),
                None,
            )
            .expect("vkCreateDescriptorUpdateTemplate");
        let (b, memory) = bound_buffer(&ctx);
        let info = vk::DescriptorBufferInfo { buffer: b, offset: 0, range: vk::WHOLE_SIZE };
        d.update_descriptor_set_with_template(set, template, &info as *const _ as *const std::ffi::c_void);
        d.destroy_descriptor_update_template(template, None);
        sets.destroy(d);
        d.destroy_buffer(b, None);
        d.free_memory(memory, None);
    }
    ctx.messages.assert_no_problems("a descriptor update template");
}

#[test]
fn ignored_pointers_are_not_followed() {
    // A primary command buffer's pInheritanceInfo and a buffer write's pImageInfo are ignored
    // by the spec: dangling values there must not crash Vigil, which must not read them.
    let ctx = over_reference();
    let d = &ctx.device;
    fn dangling<T>() -> *const T {
        0x10 as *const T
    }
    // SAFETY (whole test): valid calls whose ignored members dangle, as the spec allows.
    unsafe {
        let pool = d
            .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
            .expect("vkCreateCommandPool");
        let cb = d
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1),
            )
            .expect("vkAllocateCommandBuffers")[0];
        let begin = vk::CommandBufferBeginInfo { p_inheritance_info: dangling(), ..Default::default() };
        d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer with an ignored pInheritanceInfo");
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");

        let sets = StorageSets::new(d, 1, vk::DescriptorPoolCreateFlags::empty());
        let set = sets.allocate(d);
        let (b, memory) = bound_buffer(&ctx);
        let infos = [vk::DescriptorBufferInfo { buffer: b, offset: 0, range: vk::WHOLE_SIZE }];
        let mut write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .buffer_info(&infos);
        write.p_image_info = dangling();
        write.p_texel_buffer_view = dangling();
        d.update_descriptor_sets(&[write], &[]);

        d.destroy_buffer(b, None);
        d.free_memory(memory, None);
        sets.destroy(d);
        d.destroy_command_pool(pool, None);
    }
    ctx.messages.assert_no_problems("ignored pointers");
}

#[test]
fn ids_of_a_reset_pool_are_dead() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).vigil_setting("object_lifetime", "false").build(&entry);
    let d = &ctx.device;
    // SAFETY (whole test): valid calls, and one naming a freed set, which Vigil must not pass on.
    unsafe {
        let sets = StorageSets::new(d, 2, vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET);
        let stale = [sets.allocate(d)];
        d.reset_descriptor_pool(sets.pool, vk::DescriptorPoolResetFlags::empty()).expect("vkResetDescriptorPool");
        let fresh = [sets.allocate(d)];
        assert_ne!(stale, fresh, "ids are never reused for another object");
        ctx.messages.clear();
        let _ = d.free_descriptor_sets(sets.pool, &stale);
        // The array's validity is stated in prose, with its own id.
        assert_eq!(ctx.messages.problem_ids(), ["VUID-vkFreeDescriptorSets-pDescriptorSets-00310"]);
        ctx.messages.clear();
        d.free_descriptor_sets(sets.pool, &fresh).expect("vkFreeDescriptorSets");
        sets.destroy(d);
    }
    ctx.messages.assert_no_problems("the live sets");
}

#[test]
fn secondary_command_buffers_inherit_through_the_driver_handles() {
    // The inherited render pass must reach the layer below as the driver's handle.
    let ctx = over_reference();
    let d = &ctx.device;
    let attachments = [vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::STORE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(vk::ImageLayout::UNDEFINED)
        .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let color = [vk::AttachmentReference::default().attachment(0).layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let subpasses = [vk::SubpassDescription::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .color_attachments(&color)];
    // SAFETY (whole test): valid objects, destroyed in order.
    unsafe {
        let render_pass = d
            .create_render_pass(
                &vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses),
                None,
            )
            .expect("vkCreateRenderPass");
        let pool = d
            .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
            .expect("vkCreateCommandPool");
        let secondary = d
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(pool)
                    .level(vk::CommandBufferLevel::SECONDARY)
                    .command_buffer_count(1),
            )
            .expect("vkAllocateCommandBuffers")[0];
        let inheritance = vk::CommandBufferInheritanceInfo::default().render_pass(render_pass).subpass(0);
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
            .inheritance_info(&inheritance);
        d.begin_command_buffer(secondary, &begin).expect("vkBeginCommandBuffer (secondary)");
        d.end_command_buffer(secondary).expect("vkEndCommandBuffer");
        d.destroy_command_pool(pool, None);
        d.destroy_render_pass(render_pass, None);
    }
    ctx.messages.assert_no_problems("a secondary command buffer inheriting a render pass");
}

#[test]
fn barrier_batches_larger_than_the_intercepts_scratch_reach_the_driver_unwrapped() {
    // 64 buffer barriers (5 KiB) do not fit the 2 KiB the intercept lends the wrapper: the
    // compiled unwrapping bails out and the tables' walk copies them to the heap. The Khronos
    // layer below reports any handle the driver did not make, and lavapipe would dereference
    // an id left in place.
    let sync2 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true);
    let ctx = build(ContextBuilder::new().layers(&[VIGIL_LAYER, KHRONOS_LAYER]).vulkan13_features(sync2), true);
    let (b, memory) = bound_buffer(&ctx);
    let barriers: Vec<_> = (0..64)
        .map(|_| {
            vk::BufferMemoryBarrier2::default()
                .src_stage_mask(vk::PipelineStageFlags2::COMPUTE_SHADER)
                .src_access_mask(vk::AccessFlags2::SHADER_STORAGE_WRITE)
                .dst_stage_mask(vk::PipelineStageFlags2::COMPUTE_SHADER)
                .dst_access_mask(vk::AccessFlags2::SHADER_STORAGE_READ)
                .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .buffer(b)
                .size(vk::WHOLE_SIZE)
        })
        .collect();
    assert!(barriers.len() * size_of::<vk::BufferMemoryBarrier2>() > 2048, "the batch must outgrow the scratch");
    let dependency = vk::DependencyInfo::default().buffer_memory_barriers(&barriers);
    // SAFETY: a live buffer in valid barriers, recorded into a command buffer the helper begins.
    ctx.submit_and_wait(|cb| unsafe { ctx.device.cmd_pipeline_barrier2(cb, &dependency) });
    // SAFETY: the work is over (the helper waited).
    unsafe {
        ctx.device.destroy_buffer(b, None);
        ctx.device.free_memory(memory, None);
    }
    ctx.messages.assert_no_problems("64 buffer barriers through handle wrapping");
}
