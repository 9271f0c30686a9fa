//! The generated stateless checks (the registry's implicit valid usage) through the real loader
//! on lavapipe: per category, invalid calls on different commands and structures, each
//! reporting exactly one id (and skipped, because the messenger asks for it), and valid calls
//! reporting nothing.

// Invalid structures are built by overwriting raw fields of valid ones, on purpose.
#![allow(clippy::field_reassign_with_default)]

use std::alloc::Layout;
use std::ffi::c_void;
use std::io::Cursor;
use std::ptr;

use ash::{ext, khr, vk};
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

const COMPUTE_SPV: &[u8] = include_bytes!("../shaders/compute.comp.spv");

/// An sType no registry defines (extension number 1,000,000).
const UNKNOWN_STYPE: i32 = 1_999_999_999;

fn context_with(builder: ContextBuilder) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = builder.layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls must not reach lavapipe: the callback asks Vigil to skip them.
    ctx.messages.skip_errors(true);
    ctx
}

fn context() -> Context {
    context_with(ContextBuilder::new())
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

/// `call` reports exactly `id`, in a message whose text contains `at` (its location, often).
#[track_caller]
fn expect(log: &MessageLog, id: &str, at: &str, call: impl FnOnce()) {
    log.clear();
    call();
    let problems = log.problems();
    let ids: Vec<&str> = problems.iter().map(|m| m.id_name.as_str()).collect();
    assert_eq!(ids, [id], "{problems:#?}");
    assert!(problems[0].text.contains(at), "`{at}` not in: {}", problems[0].text);
}

/// `call` reports nothing.
#[track_caller]
fn clean(log: &MessageLog, call: impl FnOnce()) {
    let ids = reported(log, call);
    assert!(ids.is_empty(), "{ids:?}");
}

/// `r` is the result of a call Vigil skipped.
#[track_caller]
fn skipped<T: std::fmt::Debug>(r: Result<T, vk::Result>) {
    assert_eq!(r.err(), Some(vk::Result::ERROR_VALIDATION_FAILED_EXT), "the skipped call returns VALIDATION_FAILED");
}

fn buffer_info(size: u64) -> vk::BufferCreateInfo<'static> {
    vk::BufferCreateInfo::default().size(size).usage(vk::BufferUsageFlags::STORAGE_BUFFER)
}

fn image_info() -> vk::ImageCreateInfo<'static> {
    vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(vk::Format::R8G8B8A8_UNORM)
        .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::SAMPLED)
}

/// Creates and destroys a buffer, expecting success.
fn make_buffer(ctx: &Context, info: &vk::BufferCreateInfo) {
    let b = unsafe { ctx.device.create_buffer(info, None) }.expect("valid buffer");
    unsafe { ctx.device.destroy_buffer(b, None) };
}

fn make_image(ctx: &Context, info: &vk::ImageCreateInfo) {
    let i = unsafe { ctx.device.create_image(info, None) }.expect("valid image");
    unsafe { ctx.device.destroy_image(i, None) };
}

/// `p` as a pNext pointer.
fn next<T>(p: &T) -> *const c_void {
    p as *const T as *const c_void
}

/// A structure header with an sType no registry defines.
#[repr(C)]
struct Unknown {
    s_type: i32,
    p_next: *const c_void,
    payload: [u64; 4],
}

fn unknown() -> Unknown {
    Unknown { s_type: UNKNOWN_STYPE, p_next: ptr::null(), payload: [0; 4] }
}

/// The lowest bit no `flag_bits` value defines (per the generated tables).
fn undefined_bit(flag_bits: &str) -> u32 {
    let info = vigil_generated::stateless::BITMASKS
        .iter()
        .find(|b| b.name == flag_bits)
        .unwrap_or_else(|| panic!("no {flag_bits} in the tables"));
    (0..31).map(|i| 1u32 << i).find(|b| u64::from(*b) & info.all == 0).expect("a free bit")
}

/// A command pool and a primary command buffer in the recording state; ended and freed on drop.
struct Recording<'a> {
    ctx: &'a Context,
    pool: vk::CommandPool,
    cb: vk::CommandBuffer,
}

impl<'a> Recording<'a> {
    fn new(ctx: &'a Context) -> Self {
        let d = &ctx.device;
        unsafe {
            let pool = d
                .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
                .expect("command pool");
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1),
                )
                .expect("command buffer")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("begin");
            Recording { ctx, pool, cb }
        }
    }
}

impl Drop for Recording<'_> {
    fn drop(&mut self) {
        unsafe {
            let _ = self.ctx.device.end_command_buffer(self.cb);
            self.ctx.device.destroy_command_pool(self.pool, None);
        }
    }
}

fn shader_module(ctx: &Context) -> vk::ShaderModule {
    let words = ash::util::read_spv(&mut Cursor::new(COMPUTE_SPV)).expect("committed SPIR-V");
    unsafe { ctx.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&words), None) }
        .expect("shader module")
}

/// The layout the compute shader needs: a storage buffer at set 0, binding 0, and 4 bytes of
/// push constants.
struct ComputeLayout<'a> {
    ctx: &'a Context,
    set: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
}

impl<'a> ComputeLayout<'a> {
    fn new(ctx: &'a Context) -> Self {
        let d = &ctx.device;
        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)];
        let set = unsafe {
            d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
        }
        .expect("set layout");
        let sets = [set];
        let push = [vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::COMPUTE, offset: 0, size: 4 }];
        let info = vk::PipelineLayoutCreateInfo::default().set_layouts(&sets).push_constant_ranges(&push);
        let layout = unsafe { d.create_pipeline_layout(&info, None) }.expect("pipeline layout");
        ComputeLayout { ctx, set, layout }
    }
}

impl Drop for ComputeLayout<'_> {
    fn drop(&mut self) {
        unsafe {
            self.ctx.device.destroy_pipeline_layout(self.layout, None);
            self.ctx.device.destroy_descriptor_set_layout(self.set, None);
        }
    }
}

#[test]
fn s_type_must_be_the_structs_own() {
    let ctx = context();
    let d = &ctx.device;
    let mut info = buffer_info(64);
    info.s_type = vk::StructureType::IMAGE_CREATE_INFO;
    expect(&ctx.messages, "VUID-VkBufferCreateInfo-sType-sType", "vkCreateBuffer(): pCreateInfo->sType", || {
        skipped(unsafe { d.create_buffer(&info, None) })
    });
    let mut fence = vk::FenceCreateInfo::default();
    fence.s_type = vk::StructureType::SEMAPHORE_CREATE_INFO;
    expect(&ctx.messages, "VUID-VkFenceCreateInfo-sType-sType", "VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO", || {
        skipped(unsafe { d.create_fence(&fence, None) })
    });
    // An element of an array of structures.
    let mut second = vk::SubmitInfo::default();
    second.s_type = vk::StructureType::BIND_SPARSE_INFO;
    let submits = [vk::SubmitInfo::default(), second];
    expect(&ctx.messages, "VUID-VkSubmitInfo-sType-sType", "vkQueueSubmit(): pSubmits[1].sType", || {
        skipped(unsafe { d.queue_submit(ctx.queue, &submits, vk::Fence::null()) })
    });
    // A structure the command fills: its sType is still the application's.
    let buffer = unsafe { d.create_buffer(&buffer_info(64), None) }.expect("buffer");
    let reqs_info = vk::BufferMemoryRequirementsInfo2::default().buffer(buffer);
    let mut reqs = vk::MemoryRequirements2::default();
    reqs.s_type = vk::StructureType::MEMORY_ALLOCATE_INFO;
    expect(&ctx.messages, "VUID-VkMemoryRequirements2-sType-sType", "pMemoryRequirements->sType", || unsafe {
        d.get_buffer_memory_requirements2(&reqs_info, &mut reqs)
    });
    // A structure inside another by value.
    let (module, compute) = (shader_module(&ctx), ComputeLayout::new(&ctx));
    let layout = compute.layout;
    let mut stage =
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(c"main");
    stage.s_type = vk::StructureType::COMPUTE_PIPELINE_CREATE_INFO;
    let pipeline = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
    expect(
        &ctx.messages,
        "VUID-VkPipelineShaderStageCreateInfo-sType-sType",
        "vkCreateComputePipelines(): pCreateInfos[0].stage.sType",
        || {
            skipped(
                unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[pipeline], None) }.map_err(|e| e.1),
            )
        },
    );
    clean(&ctx.messages, || {
        make_buffer(&ctx, &buffer_info(64));
        let mut reqs = vk::MemoryRequirements2::default();
        unsafe { d.get_buffer_memory_requirements2(&reqs_info, &mut reqs) };
        unsafe { d.queue_submit(ctx.queue, &[vk::SubmitInfo::default()], vk::Fence::null()) }.expect("empty submit");
        unsafe { d.queue_wait_idle(ctx.queue) }.expect("idle");
        stage.s_type = vk::StructureType::PIPELINE_SHADER_STAGE_CREATE_INFO;
        let pipeline = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
        let p = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[pipeline], None) }.expect("pipeline");
        unsafe { d.destroy_pipeline(p[0], None) };
    });
    unsafe {
        d.destroy_shader_module(module, None);
        d.destroy_buffer(buffer, None);
    }
}

#[test]
fn pnext_holds_only_allowed_structures() {
    let ctx = context();
    let d = &ctx.device;
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let list = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let mut info = buffer_info(64);
    info.p_next = next(&list);
    expect(&ctx.messages, "VUID-VkBufferCreateInfo-pNext-pNext", "VkImageFormatListCreateInfo", || {
        skipped(unsafe { d.create_buffer(&info, None) })
    });
    let timeline = vk::SemaphoreTypeCreateInfo::default();
    let mut fence = vk::FenceCreateInfo::default();
    fence.p_next = next(&timeline);
    expect(&ctx.messages, "VUID-VkFenceCreateInfo-pNext-pNext", "vkCreateFence(): pCreateInfo->pNext", || {
        skipped(unsafe { d.create_fence(&fence, None) })
    });
    let usage = vk::BufferUsageFlags2CreateInfoKHR::default().usage(vk::BufferUsageFlags2KHR::STORAGE_BUFFER);
    let mut sampler = vk::SamplerCreateInfo::default();
    sampler.p_next = next(&usage);
    expect(&ctx.messages, "VUID-VkSamplerCreateInfo-pNext-pNext", "VkBufferUsageFlags2CreateInfo", || {
        skipped(unsafe { d.create_sampler(&sampler, None) })
    });
    // A structure the command fills: a features structure where properties go.
    let mut features = vk::PhysicalDeviceVulkan12Features::default();
    let mut props = vk::PhysicalDeviceProperties2::default();
    props.p_next = &mut features as *mut _ as *mut c_void;
    expect(&ctx.messages, "VUID-VkPhysicalDeviceProperties2-pNext-pNext", "pProperties->pNext", || unsafe {
        ctx.instance.get_physical_device_properties2(ctx.physical_device, &mut props)
    });
    clean(&ctx.messages, || {
        let mut external = vk::ExternalMemoryBufferCreateInfo::default();
        make_buffer(&ctx, &buffer_info(64).push_next(&mut external));
        let mut v12 = vk::PhysicalDeviceVulkan12Properties::default();
        let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut v12);
        unsafe { ctx.instance.get_physical_device_properties2(ctx.physical_device, &mut props) };
    });
}

#[test]
fn pnext_structures_are_unique() {
    let ctx = context();
    let d = &ctx.device;
    let (mut flags_a, mut flags_b) = (vk::MemoryAllocateFlagsInfo::default(), vk::MemoryAllocateFlagsInfo::default());
    let memory_type = ctx.memory_type(u32::MAX, vk::MemoryPropertyFlags::empty());
    let alloc = vk::MemoryAllocateInfo::default()
        .allocation_size(4096)
        .memory_type_index(memory_type)
        .push_next(&mut flags_a)
        .push_next(&mut flags_b);
    expect(&ctx.messages, "VUID-VkMemoryAllocateInfo-sType-unique", "VkMemoryAllocateFlagsInfo more than once", || {
        skipped(unsafe { d.allocate_memory(&alloc, None) })
    });
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut list_a = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let mut list_b = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let image = image_info().push_next(&mut list_a).push_next(&mut list_b);
    expect(&ctx.messages, "VUID-VkImageCreateInfo-sType-unique", "vkCreateImage(): pCreateInfo->pNext", || {
        skipped(unsafe { d.create_image(&image, None) })
    });
    let (mut type_a, mut type_b) = (vk::SemaphoreTypeCreateInfo::default(), vk::SemaphoreTypeCreateInfo::default());
    let semaphore = vk::SemaphoreCreateInfo::default().push_next(&mut type_a).push_next(&mut type_b);
    expect(&ctx.messages, "VUID-VkSemaphoreCreateInfo-sType-unique", "VkSemaphoreTypeCreateInfo", || {
        skipped(unsafe { d.create_semaphore(&semaphore, None) })
    });
    let (mut v11_a, mut v11_b) =
        (vk::PhysicalDeviceVulkan11Features::default(), vk::PhysicalDeviceVulkan11Features::default());
    let prio = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&prio)];
    let device =
        vk::DeviceCreateInfo::default().queue_create_infos(&queues).push_next(&mut v11_a).push_next(&mut v11_b);
    expect(&ctx.messages, "VUID-VkDeviceCreateInfo-sType-unique", "vkCreateDevice(): pCreateInfo->pNext", || {
        skipped(unsafe { ctx.instance.create_device(ctx.physical_device, &device, None) }.map(|_| ()))
    });
    clean(&ctx.messages, || {
        let mut list = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
        make_image(&ctx, &image_info().push_next(&mut list));
    });
    // VkDebugUtilsMessengerCreateInfoEXT may appear more than once (allowduplicate).
    let entry = VulkanEnv::new().with_vigil().entry();
    let log = MessageLog::new();
    let (mut first, mut second) = (log.create_info(), log.create_info());
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
    let layer = std::ffi::CString::new(VIGIL_LAYER).unwrap();
    let layers = [layer.as_ptr()];
    let extensions = [ext::debug_utils::NAME.as_ptr()];
    let info = vk::InstanceCreateInfo::default()
        .application_info(&app)
        .enabled_layer_names(&layers)
        .enabled_extension_names(&extensions)
        .push_next(&mut first)
        .push_next(&mut second);
    let instance = unsafe { entry.create_instance(&info, None) }.expect("instance with two messengers");
    unsafe { instance.destroy_instance(None) };
    log.assert_no_problems("two chained messengers");
}

#[test]
fn pnext_structures_need_their_extension() {
    let ctx = context();
    let d = &ctx.device;
    let dedicated = vk::DedicatedAllocationBufferCreateInfoNV::default();
    let mut info = buffer_info(64);
    info.p_next = next(&dedicated);
    expect(&ctx.messages,
        "VUID-VkBufferCreateInfo-pNext-pNext",
        "vkCreateBuffer(): pCreateInfo->pNext<VkDedicatedAllocationBufferCreateInfoNV>: comes from VK_NV_dedicated_allocation",
        || skipped(unsafe { d.create_buffer(&info, None) }),
    );
    let mut priority = vk::MemoryPriorityAllocateInfoEXT::default().priority(0.5);
    let memory_type = ctx.memory_type(u32::MAX, vk::MemoryPropertyFlags::empty());
    let alloc =
        vk::MemoryAllocateInfo::default().allocation_size(4096).memory_type_index(memory_type).push_next(&mut priority);
    expect(&ctx.messages, "VUID-VkMemoryAllocateInfo-pNext-pNext", "VK_EXT_memory_priority", || {
        skipped(unsafe { d.allocate_memory(&alloc, None) })
    });
    // Structures a query fills in may come from extensions the device does not support: every
    // component must skip them (lavapipe has no fragment shading rate), so this is clean.
    clean(&ctx.messages, || {
        let mut shading_rate = vk::PhysicalDeviceFragmentShadingRateFeaturesKHR::default();
        let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut shading_rate);
        unsafe { ctx.instance.get_physical_device_features2(ctx.physical_device, &mut features) }
    });
    // vkCreateDevice: what the create info enables counts.
    let prio = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&prio)];
    let mut mesh = vk::PhysicalDeviceMeshShaderFeaturesEXT::default();
    let device = vk::DeviceCreateInfo::default().queue_create_infos(&queues).push_next(&mut mesh);
    expect(&ctx.messages, "VUID-VkDeviceCreateInfo-pNext-pNext", "VkPhysicalDeviceMeshShaderFeaturesEXT", || {
        skipped(unsafe { ctx.instance.create_device(ctx.physical_device, &device, None) }.map(|_| ()))
    });
    clean(&ctx.messages, || {
        // Supported by lavapipe, though enabled nowhere: fine for a query.
        let mut mesh = vk::PhysicalDeviceMeshShaderFeaturesEXT::default();
        let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut mesh);
        unsafe { ctx.instance.get_physical_device_features2(ctx.physical_device, &mut features) };
        // Enabled by the create info itself.
        let mut mesh = vk::PhysicalDeviceMeshShaderFeaturesEXT::default();
        let extensions = [ext::mesh_shader::NAME.as_ptr()];
        let device = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .enabled_extension_names(&extensions)
            .push_next(&mut mesh);
        let device = unsafe { ctx.instance.create_device(ctx.physical_device, &device, None) }.expect("device");
        unsafe { device.destroy_device(None) };
    });
    // Enabled on the device: the same allocation is clean.
    let ctx = context_with(ContextBuilder::new().device_extensions(&[ext::memory_priority::NAME]));
    clean(&ctx.messages, || {
        let mut priority = vk::MemoryPriorityAllocateInfoEXT::default().priority(0.5);
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(4096)
            .memory_type_index(memory_type)
            .push_next(&mut priority);
        let memory = unsafe { ctx.device.allocate_memory(&alloc, None) }.expect("allocation");
        unsafe { ctx.device.free_memory(memory, None) };
    });
}

/// Checks `call` reports one WARNING with the pNext VUID naming the unknown sType, and is not
/// skipped.
#[track_caller]
fn expect_unknown_warning(log: &MessageLog, id: &str, call: impl FnOnce()) {
    log.clear();
    call();
    let problems = log.problems();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let m = &problems[0];
    assert_eq!(m.id_name, id);
    assert_eq!(m.severity, vk::DebugUtilsMessageSeverityFlagsEXT::WARNING, "{m}");
    assert!(m.text.contains(&UNKNOWN_STYPE.to_string()), "{m}");
}

#[test]
fn unknown_structure_types_are_warnings_with_the_value() {
    let ctx = context();
    let d = &ctx.device;
    let stranger = unknown();
    let mut info = buffer_info(64);
    info.p_next = next(&stranger);
    expect_unknown_warning(&ctx.messages, "VUID-VkBufferCreateInfo-pNext-pNext", || make_buffer(&ctx, &info));
    let mut fence = vk::FenceCreateInfo::default();
    fence.p_next = next(&stranger);
    expect_unknown_warning(&ctx.messages, "VUID-VkFenceCreateInfo-pNext-pNext", || {
        let f = unsafe { d.create_fence(&fence, None) }.expect("not skipped: a warning");
        unsafe { d.destroy_fence(f, None) };
    });
    let mut stranger_out = unknown();
    let mut props = vk::PhysicalDeviceProperties2::default();
    props.p_next = &mut stranger_out as *mut Unknown as *mut c_void;
    expect_unknown_warning(&ctx.messages, "VUID-VkPhysicalDeviceProperties2-pNext-pNext", || unsafe {
        ctx.instance.get_physical_device_properties2(ctx.physical_device, &mut props)
    });
}

#[test]
fn enum_values_are_defined_and_enabled() {
    let ctx = context();
    let d = &ctx.device;
    let mut image = image_info();
    image.image_type = vk::ImageType::from_raw(7);
    expect(&ctx.messages, "VUID-VkImageCreateInfo-imageType-parameter", "pCreateInfo->imageType: is 7", || {
        skipped(unsafe { d.create_image(&image, None) })
    });
    let sampler = vk::SamplerCreateInfo::default().mag_filter(vk::Filter::from_raw(9));
    expect(
        &ctx.messages,
        "VUID-VkSamplerCreateInfo-magFilter-parameter",
        "vkCreateSampler(): pCreateInfo->magFilter",
        || skipped(unsafe { d.create_sampler(&sampler, None) }),
    );
    let buffer =
        unsafe { d.create_buffer(&buffer_info(64).usage(vk::BufferUsageFlags::INDEX_BUFFER), None) }.expect("buffer");
    // Bound to memory: core validation reports an index buffer without any.
    let memory = unsafe {
        let req = d.get_buffer_memory_requirements(buffer);
        let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
        d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
        memory
    };
    {
        let rec = Recording::new(&ctx);
        expect(
            &ctx.messages,
            "VUID-vkCmdBindIndexBuffer-indexType-parameter",
            "vkCmdBindIndexBuffer(): indexType",
            || unsafe { d.cmd_bind_index_buffer(rec.cb, buffer, 0, vk::IndexType::from_raw(77)) },
        );
        clean(&ctx.messages, || unsafe { d.cmd_bind_index_buffer(rec.cb, buffer, 0, vk::IndexType::UINT16) });
    }
    // Defined, but by extensions this device does not enable.
    let cubic = vk::SamplerCreateInfo::default().min_filter(vk::Filter::CUBIC_EXT);
    expect(&ctx.messages, "VUID-VkSamplerCreateInfo-minFilter-parameter", "VK_FILTER_CUBIC_EXT, which needs", || {
        skipped(unsafe { d.create_sampler(&cubic, None) })
    });
    clean(&ctx.messages, || {
        make_image(&ctx, &image_info());
        let s = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default().mag_filter(vk::Filter::LINEAR), None) }
            .expect("sampler");
        unsafe { d.destroy_sampler(s, None) };
    });
    unsafe {
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn flag_bits_are_defined_and_enabled() {
    let ctx = context();
    let d = &ctx.device;
    let stray = undefined_bit("VkImageUsageFlagBits");
    let image = image_info().usage(vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::from_raw(stray));
    expect(&ctx.messages, "VUID-VkImageCreateInfo-usage-parameter", "are not VkImageUsageFlagBits values", || {
        skipped(unsafe { d.create_image(&image, None) })
    });
    let pool = vk::CommandPoolCreateInfo::default()
        .queue_family_index(ctx.queue_family)
        .flags(vk::CommandPoolCreateFlags::from_raw(undefined_bit("VkCommandPoolCreateFlagBits")));
    expect(
        &ctx.messages,
        "VUID-VkCommandPoolCreateInfo-flags-parameter",
        "vkCreateCommandPool(): pCreateInfo->flags",
        || skipped(unsafe { d.create_command_pool(&pool, None) }),
    );
    let fence =
        vk::FenceCreateInfo::default().flags(vk::FenceCreateFlags::from_raw(undefined_bit("VkFenceCreateFlagBits")));
    expect(&ctx.messages, "VUID-VkFenceCreateInfo-flags-parameter", "vkCreateFence(): pCreateInfo->flags", || {
        skipped(unsafe { d.create_fence(&fence, None) })
    });
    // Defined, but by an extension this device does not enable.
    let corner = image_info().flags(vk::ImageCreateFlags::CORNER_SAMPLED_NV);
    expect(&ctx.messages, "VUID-VkImageCreateInfo-flags-parameter", "VK_NV_corner_sampled_image", || {
        skipped(unsafe { d.create_image(&corner, None) })
    });
    // One FlagBits value, not a combination.
    let samples = image_info().samples(vk::SampleCountFlags::from_raw(3));
    expect(&ctx.messages, "VUID-VkImageCreateInfo-samples-parameter", "pCreateInfo->samples: is 0x3", || {
        skipped(unsafe { d.create_image(&samples, None) })
    });
    clean(&ctx.messages, || {
        make_image(&ctx, &image_info().usage(vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_DST));
        let pool = vk::CommandPoolCreateInfo::default()
            .queue_family_index(ctx.queue_family)
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER | vk::CommandPoolCreateFlags::TRANSIENT);
        let pool = unsafe { d.create_command_pool(&pool, None) }.expect("pool");
        unsafe { d.destroy_command_pool(pool, None) };
    });
}

#[test]
fn required_bitmasks_are_not_zero() {
    let ctx = context();
    let d = &ctx.device;
    let image = image_info().usage(vk::ImageUsageFlags::empty());
    expect(
        &ctx.messages,
        "VUID-VkImageCreateInfo-usage-parameter",
        "vkCreateImage(): pCreateInfo->usage: is 0",
        || skipped(unsafe { d.create_image(&image, None) }),
    );
    let range = [vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::empty(), offset: 0, size: 16 }];
    let layout = vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&range);
    expect(
        &ctx.messages,
        "VUID-VkPushConstantRange-stageFlags-parameter",
        "vkCreatePipelineLayout(): pCreateInfo->pPushConstantRanges[0].stageFlags",
        || skipped(unsafe { d.create_pipeline_layout(&layout, None) }),
    );
    let compute = ComputeLayout::new(&ctx);
    let layout = compute.layout;
    {
        let rec = Recording::new(&ctx);
        expect(
            &ctx.messages,
            "VUID-vkCmdPushConstants-stageFlags-parameter",
            "vkCmdPushConstants(): stageFlags",
            || unsafe { d.cmd_push_constants(rec.cb, layout, vk::ShaderStageFlags::empty(), 0, &[0u8; 4]) },
        );
    }
    // Bound: a view of an image without memory breaks VkImageViewCreateInfo-image-01020.
    let (target, target_memory) = ctx.bound_image(&image_info());
    let mut view = vigil_tests::context::color_view_info(target);
    view.subresource_range.aspect_mask = vk::ImageAspectFlags::empty();
    expect(
        &ctx.messages,
        "VUID-VkImageSubresourceRange-aspectMask-parameter",
        "vkCreateImageView(): pCreateInfo->subresourceRange.aspectMask",
        || skipped(unsafe { d.create_image_view(&view, None) }),
    );
    clean(&ctx.messages, || {
        view.subresource_range.aspect_mask = vk::ImageAspectFlags::COLOR;
        let v = unsafe { d.create_image_view(&view, None) }.expect("view");
        unsafe { d.destroy_image_view(v, None) };
        let range = [vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::COMPUTE, offset: 0, size: 16 }];
        let l = unsafe {
            d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&range), None)
        }
        .expect("layout");
        unsafe { d.destroy_pipeline_layout(l, None) };
    });
    unsafe {
        d.destroy_image(target, None);
        d.free_memory(target_memory, None);
    }
}

#[test]
fn required_pointers_handles_strings_and_functions() {
    let ctx = context();
    let d = &ctx.device;
    let raw = d.fp_v1_0();
    let mut buffer = vk::Buffer::null();
    expect(
        &ctx.messages,
        "VUID-vkCreateBuffer-pCreateInfo-parameter",
        "vkCreateBuffer(): pCreateInfo: is NULL",
        || {
            let r = unsafe { (raw.create_buffer)(d.handle(), ptr::null(), ptr::null(), &mut buffer) };
            assert_eq!(r, vk::Result::ERROR_VALIDATION_FAILED_EXT);
        },
    );
    expect(&ctx.messages, "VUID-vkCreateFence-pFence-parameter", "vkCreateFence(): pFence", || {
        let r =
            unsafe { (raw.create_fence)(d.handle(), &vk::FenceCreateInfo::default(), ptr::null(), ptr::null_mut()) };
        assert_eq!(r, vk::Result::ERROR_VALIDATION_FAILED_EXT);
    });
    // Strings.
    let utils = ext::debug_utils::Device::new(&ctx.instance, d);
    let rec = Recording::new(&ctx);
    let label = vk::DebugUtilsLabelEXT::default();
    expect(&ctx.messages, "VUID-VkDebugUtilsLabelEXT-pLabelName-parameter", "pLabelInfo->pLabelName", || unsafe {
        utils.cmd_begin_debug_utils_label(rec.cb, &label)
    });
    let (module, compute) = (shader_module(&ctx), ComputeLayout::new(&ctx));
    let layout = compute.layout;
    let stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module);
    let pipeline = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
    expect(
        &ctx.messages,
        "VUID-VkPipelineShaderStageCreateInfo-pName-parameter",
        "pCreateInfos[0].stage.pName",
        || {
            skipped(
                unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[pipeline], None) }.map_err(|e| e.1),
            )
        },
    );
    // Handles, alone and in arrays.
    expect(
        &ctx.messages,
        "UNASSIGNED-GeneralParameterError-RequiredHandle",
        "vkCmdBindPipeline(): pipeline",
        || unsafe { d.cmd_bind_pipeline(rec.cb, vk::PipelineBindPoint::COMPUTE, vk::Pipeline::null()) },
    );
    let view = vk::BufferViewCreateInfo::default().format(vk::Format::R32_UINT).range(vk::WHOLE_SIZE);
    expect(&ctx.messages, "UNASSIGNED-GeneralParameterError-RequiredHandle", "pCreateInfo->buffer", || {
        skipped(unsafe { d.create_buffer_view(&view, None) })
    });
    let cbs = [vk::CommandBuffer::null()];
    let submit = vk::SubmitInfo::default().command_buffers(&cbs);
    expect(
        &ctx.messages,
        "UNASSIGNED-GeneralParameterError-RequiredHandleArray",
        "pSubmits[0].pCommandBuffers[0]",
        || skipped(unsafe { d.queue_submit(ctx.queue, &[submit], vk::Fence::null()) }),
    );
    // Function pointers.
    let messenger = vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR)
        .message_type(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION);
    expect(
        &ctx.messages,
        "VUID-VkDebugUtilsMessengerCreateInfoEXT-pfnUserCallback-parameter",
        "pfnUserCallback",
        || skipped(unsafe { ctx.debug_utils.create_debug_utils_messenger(&messenger, None) }),
    );
    clean(&ctx.messages, || {
        let named = vk::DebugUtilsLabelEXT::default().label_name(c"vigil");
        unsafe {
            utils.cmd_begin_debug_utils_label(rec.cb, &named);
            utils.cmd_end_debug_utils_label(rec.cb);
        }
        let f = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("fence");
        unsafe { d.destroy_fence(f, None) };
    });
    drop(rec);
    unsafe { d.destroy_shader_module(module, None) };
}

#[test]
fn counts_and_the_arrays_they_count() {
    let ctx = context();
    let d = &ctx.device;
    {
        let rec = Recording::new(&ctx);
        expect(
            &ctx.messages,
            "VUID-vkCmdSetViewport-viewportCount-arraylength",
            "vkCmdSetViewport(): viewportCount: is 0",
            || unsafe { d.cmd_set_viewport(rec.cb, 0, &[]) },
        );
        expect(
            &ctx.messages,
            "VUID-vkCmdSetScissor-pScissors-parameter",
            "pScissors: is NULL, but scissorCount is 1",
            || unsafe { (d.fp_v1_0().cmd_set_scissor)(rec.cb, 0, 1, ptr::null()) },
        );
        clean(&ctx.messages, || unsafe {
            d.cmd_set_viewport(
                rec.cb,
                0,
                &[vk::Viewport { width: 1.0, height: 1.0, max_depth: 1.0, ..Default::default() }],
            );
            d.cmd_set_scissor(rec.cb, 0, &[vk::Rect2D::default()]);
        });
    }
    expect(&ctx.messages, "VUID-vkFlushMappedMemoryRanges-memoryRangeCount-arraylength", "memoryRangeCount", || {
        skipped(unsafe { d.flush_mapped_memory_ranges(&[]) })
    });
    let mut submit = vk::SubmitInfo::default();
    submit.command_buffer_count = 1;
    expect(
        &ctx.messages,
        "VUID-VkSubmitInfo-pCommandBuffers-parameter",
        "vkQueueSubmit(): pSubmits[0].pCommandBuffers",
        || skipped(unsafe { d.queue_submit(ctx.queue, &[submit], vk::Fence::null()) }),
    );
    // `len` through an `altlen` expression: pCode holds codeSize / 4 words.
    let mut module = vk::ShaderModuleCreateInfo::default();
    module.code_size = 4;
    expect(&ctx.messages, "VUID-VkShaderModuleCreateInfo-pCode-parameter", "is NULL, but codeSize is 1", || {
        skipped(unsafe { d.create_shader_module(&module, None) })
    });
    // Not loaded: loading from UNDEFINED is an error of its own (-06699).
    let attachment = [vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .final_layout(vk::ImageLayout::GENERAL)];
    let pass = vk::RenderPassCreateInfo::default().attachments(&attachment);
    expect(
        &ctx.messages,
        "VUID-VkRenderPassCreateInfo-subpassCount-arraylength",
        "pCreateInfo->subpassCount: is 0",
        || skipped(unsafe { d.create_render_pass(&pass, None) }),
    );
    clean(&ctx.messages, || {
        let m = shader_module(&ctx);
        unsafe { d.destroy_shader_module(m, None) };
        unsafe { d.queue_submit(ctx.queue, &[vk::SubmitInfo::default()], vk::Fence::null()) }.expect("empty submit");
        unsafe { d.queue_wait_idle(ctx.queue) }.expect("idle");
    });
}

#[test]
fn bool32_is_true_or_false() {
    let ctx = context();
    let d = &ctx.device;
    let id = "UNASSIGNED-GeneralParameterError-UnrecognizedBool32";
    let mut sampler = vk::SamplerCreateInfo::default();
    sampler.anisotropy_enable = 2;
    expect(&ctx.messages, id, "vkCreateSampler(): pCreateInfo->anisotropyEnable: is 2", || {
        skipped(unsafe { d.create_sampler(&sampler, None) })
    });
    let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default().flags(vk::FenceCreateFlags::SIGNALED), None) }
        .expect("fence");
    expect(&ctx.messages, id, "vkWaitForFences(): waitAll: is 3", || {
        let r = unsafe { (d.fp_v1_0().wait_for_fences)(d.handle(), 1, &fence, 3, 0) };
        assert_eq!(r, vk::Result::ERROR_VALIDATION_FAILED_EXT);
    });
    {
        let rec = Recording::new(&ctx);
        expect(&ctx.messages, id, "vkCmdSetDepthTestEnable(): depthTestEnable: is 5", || unsafe {
            (d.fp_v1_3().cmd_set_depth_test_enable)(rec.cb, 5)
        });
        clean(&ctx.messages, || unsafe { d.cmd_set_depth_test_enable(rec.cb, true) });
    }
    // In a structure vkCreateDevice reads.
    let mut features = vk::PhysicalDeviceFeatures::default();
    features.robust_buffer_access = 2;
    let prio = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&prio)];
    let device = vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_features(&features);
    expect(&ctx.messages, id, "pCreateInfo->pEnabledFeatures->robustBufferAccess", || {
        skipped(unsafe { ctx.instance.create_device(ctx.physical_device, &device, None) }.map(|_| ()))
    });
    clean(&ctx.messages, || {
        unsafe { d.wait_for_fences(&[fence], true, 0) }.expect("signaled");
        let s = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), None) }.expect("sampler");
        unsafe { d.destroy_sampler(s, None) };
    });
    unsafe { d.destroy_fence(fence, None) };
}

#[test]
fn reserved_flags_are_zero() {
    let ctx = context();
    let d = &ctx.device;
    let mut semaphore = vk::SemaphoreCreateInfo::default();
    semaphore.flags = vk::SemaphoreCreateFlags::from_raw(1);
    expect(
        &ctx.messages,
        "VUID-VkSemaphoreCreateInfo-flags-zerobitmask",
        "vkCreateSemaphore(): pCreateInfo->flags: is 0x1",
        || skipped(unsafe { d.create_semaphore(&semaphore, None) }),
    );
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
    let pool = unsafe {
        d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
    }
    .expect("descriptor pool");
    expect(&ctx.messages, "VUID-vkResetDescriptorPool-flags-zerobitmask", "vkResetDescriptorPool(): flags", || {
        skipped(unsafe { d.reset_descriptor_pool(pool, vk::DescriptorPoolResetFlags::from_raw(2)) })
    });
    let command_pool = unsafe {
        d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
    }
    .expect("command pool");
    expect(&ctx.messages, "VUID-vkTrimCommandPool-flags-zerobitmask", "vkTrimCommandPool(): flags", || unsafe {
        d.trim_command_pool(command_pool, vk::CommandPoolTrimFlags::from_raw(4))
    });
    let mut module = vk::ShaderModuleCreateInfo::default();
    let words = ash::util::read_spv(&mut Cursor::new(COMPUTE_SPV)).expect("committed SPIR-V");
    module = module.code(&words);
    module.flags = vk::ShaderModuleCreateFlags::from_raw(1);
    expect(
        &ctx.messages,
        "VUID-VkShaderModuleCreateInfo-flags-zerobitmask",
        "vkCreateShaderModule(): pCreateInfo->flags",
        || skipped(unsafe { d.create_shader_module(&module, None) }),
    );
    clean(&ctx.messages, || unsafe {
        d.reset_descriptor_pool(pool, vk::DescriptorPoolResetFlags::empty()).expect("reset");
        d.trim_command_pool(command_pool, vk::CommandPoolTrimFlags::empty());
        let s = d.create_semaphore(&vk::SemaphoreCreateInfo::default(), None).expect("semaphore");
        d.destroy_semaphore(s, None);
    });
    unsafe {
        d.destroy_descriptor_pool(pool, None);
        d.destroy_command_pool(command_pool, None);
    }
}

/// Host allocation callbacks that work: each block records its layout just before the
/// pointer handed out.
mod host {
    use super::*;

    const HEADER: usize = 64;

    unsafe fn layout_of(p: *mut c_void) -> Layout {
        unsafe { *((p as *mut u8).sub(HEADER) as *const Layout) }
    }

    pub unsafe extern "system" fn allocate(
        _: *mut c_void,
        size: usize,
        align: usize,
        _: vk::SystemAllocationScope,
    ) -> *mut c_void {
        let Ok(layout) = Layout::from_size_align(size + HEADER, align.max(HEADER)) else { return ptr::null_mut() };
        unsafe {
            let base = std::alloc::alloc(layout);
            if base.is_null() {
                return ptr::null_mut();
            }
            *(base as *mut Layout) = layout;
            base.add(HEADER) as *mut c_void
        }
    }

    pub unsafe extern "system" fn free(_: *mut c_void, p: *mut c_void) {
        if !p.is_null() {
            unsafe { std::alloc::dealloc((p as *mut u8).sub(HEADER), layout_of(p)) };
        }
    }

    pub unsafe extern "system" fn reallocate(
        user: *mut c_void,
        p: *mut c_void,
        size: usize,
        align: usize,
        scope: vk::SystemAllocationScope,
    ) -> *mut c_void {
        if p.is_null() {
            return unsafe { allocate(user, size, align, scope) };
        }
        if size == 0 {
            unsafe { free(user, p) };
            return ptr::null_mut();
        }
        unsafe {
            let old = layout_of(p).size() - HEADER;
            let q = allocate(user, size, align, scope);
            if !q.is_null() {
                ptr::copy_nonoverlapping(p as *const u8, q as *mut u8, old.min(size));
                free(user, p);
            }
            q
        }
    }

    pub unsafe extern "system" fn internal(
        _: *mut c_void,
        _: usize,
        _: vk::InternalAllocationType,
        _: vk::SystemAllocationScope,
    ) {
    }

    pub fn callbacks() -> vk::AllocationCallbacks<'static> {
        vk::AllocationCallbacks::default()
            .pfn_allocation(Some(allocate))
            .pfn_reallocation(Some(reallocate))
            .pfn_free(Some(free))
    }
}

#[test]
fn allocation_callbacks_are_consistent() {
    let ctx = context();
    let d = &ctx.device;
    let mut no_alloc = host::callbacks();
    no_alloc.pfn_allocation = None;
    expect(
        &ctx.messages,
        "VUID-VkAllocationCallbacks-pfnAllocation-00632",
        "vkCreateBuffer(): pAllocator->pfnAllocation: is NULL",
        || skipped(unsafe { d.create_buffer(&buffer_info(64), Some(&no_alloc)) }),
    );
    let mut no_realloc = host::callbacks();
    no_realloc.pfn_reallocation = None;
    expect(
        &ctx.messages,
        "VUID-VkAllocationCallbacks-pfnReallocation-00633",
        "vkCreateSemaphore(): pAllocator",
        || skipped(unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default(), Some(&no_realloc)) }),
    );
    let mut no_free = host::callbacks();
    no_free.pfn_free = None;
    expect(&ctx.messages, "VUID-VkAllocationCallbacks-pfnFree-00634", "vkCreateFence(): pAllocator->pfnFree", || {
        skipped(unsafe { d.create_fence(&vk::FenceCreateInfo::default(), Some(&no_free)) })
    });
    let half = host::callbacks().pfn_internal_allocation(Some(host::internal));
    expect(
        &ctx.messages,
        "VUID-VkAllocationCallbacks-pfnInternalAllocation-00635",
        "pAllocator->pfnInternalAllocation",
        || skipped(unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), Some(&half)) }),
    );
    clean(&ctx.messages, || unsafe {
        let full =
            host::callbacks().pfn_internal_allocation(Some(host::internal)).pfn_internal_free(Some(host::internal));
        for callbacks in [host::callbacks(), full] {
            let b = d.create_buffer(&buffer_info(64), Some(&callbacks)).expect("buffer");
            d.destroy_buffer(b, Some(&callbacks));
            let s = d.create_sampler(&vk::SamplerCreateInfo::default(), Some(&callbacks)).expect("sampler");
            d.destroy_sampler(s, Some(&callbacks));
        }
    });
}

/// A Vulkan 1.0 instance with Vigil, a messenger skipping what Vigil reports as errors, and
/// lavapipe found with 1.0 queries (the harness's context needs 1.1 to find it).
struct Instance10 {
    entry: ash::Entry,
    instance: ash::Instance,
    utils: ext::debug_utils::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
    log: MessageLog,
    physical_device: vk::PhysicalDevice,
}

impl Instance10 {
    fn new(extensions: &[&std::ffi::CStr]) -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let log = MessageLog::new();
        let instance = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .api_version(vk::API_VERSION_1_0)
            .instance_extensions(extensions)
            .create_instance(&entry, &log);
        let utils = ext::debug_utils::Instance::new(&entry, &instance);
        let messenger = unsafe { utils.create_debug_utils_messenger(&log.create_info(), None) }.expect("messenger");
        let physical_device = unsafe { instance.enumerate_physical_devices() }
            .expect("physical devices")
            .into_iter()
            .find(|&pd| {
                let props = unsafe { instance.get_physical_device_properties(pd) };
                props.device_name_as_c_str().is_ok_and(|n| n.to_bytes().starts_with(b"llvmpipe"))
            })
            .expect("lavapipe");
        log.skip_errors(true);
        Instance10 { entry, instance, utils, messenger, log, physical_device }
    }
}

impl Drop for Instance10 {
    fn drop(&mut self) {
        unsafe {
            self.utils.destroy_debug_utils_messenger(self.messenger, None);
            self.instance.destroy_instance(None);
        }
    }
}

#[test]
fn commands_need_their_version_or_extension() {
    // A Vulkan 1.0 instance: the 1.1 physical-device queries are out of reach.
    let v10 = Instance10::new(&[]);
    let (log, instance, pd) = (&v10.log, &v10.instance, v10.physical_device);
    let id = "UNASSIGNED-API-Version-Violation";
    expect(log, id, "vkGetPhysicalDeviceFeatures2(): provided by VK_VERSION_1_1 or VK_KHR_get_physical_device_properties2, but the effective API version is 1.0", || unsafe {
        instance.get_physical_device_features2(pd, &mut vk::PhysicalDeviceFeatures2::default())
    });
    expect(log, id, "vkGetPhysicalDeviceMemoryProperties2()", || unsafe {
        instance.get_physical_device_memory_properties2(pd, &mut vk::PhysicalDeviceMemoryProperties2::default())
    });
    expect(log, id, "vkGetPhysicalDeviceFormatProperties2()", || unsafe {
        instance.get_physical_device_format_properties2(
            pd,
            vk::Format::R8G8B8A8_UNORM,
            &mut vk::FormatProperties2::default(),
        )
    });
    // Physical-device commands of device extensions lavapipe does not support.
    let ext_id = "UNASSIGNED-GeneralParameterError-ExtensionNotEnabled";
    let sample_locations = ext::sample_locations::Instance::new(&v10.entry, instance);
    expect(
        log,
        ext_id,
        "vkGetPhysicalDeviceMultisamplePropertiesEXT(): provided by VK_EXT_sample_locations",
        || unsafe {
            sample_locations.get_physical_device_multisample_properties(
                pd,
                vk::SampleCountFlags::TYPE_1,
                &mut vk::MultisamplePropertiesEXT::default(),
            )
        },
    );
    let shading_rate = khr::fragment_shading_rate::Instance::new(&v10.entry, instance);
    expect(log, ext_id, "vkGetPhysicalDeviceFragmentShadingRatesKHR()", || {
        let mut n = 0;
        let r =
            unsafe { (shading_rate.fp().get_physical_device_fragment_shading_rates_khr)(pd, &mut n, ptr::null_mut()) };
        assert_eq!(r, vk::Result::ERROR_VALIDATION_FAILED_EXT);
    });
    // Supported by lavapipe: fine without any device; 1.0 queries: fine on 1.0.
    clean(log, || {
        let timestamps = ext::calibrated_timestamps::Instance::new(&v10.entry, instance);
        unsafe { timestamps.get_physical_device_calibrateable_time_domains(pd) }.expect("time domains");
        let _ = unsafe { instance.get_physical_device_properties(pd) };
    });
    drop(v10);
    // A 1.0 instance with VK_KHR_get_physical_device_properties2: the same query is fine.
    let v10 = Instance10::new(&[khr::get_physical_device_properties2::NAME]);
    let gpdp2 = khr::get_physical_device_properties2::Instance::new(&v10.entry, &v10.instance);
    clean(&v10.log, || unsafe {
        gpdp2.get_physical_device_features2(v10.physical_device, &mut vk::PhysicalDeviceFeatures2::default())
    });
}
