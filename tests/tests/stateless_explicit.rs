//! Explicit stateless rules of instance and device creation, samplers, descriptor set layouts
//! and render passes, through the real loader: for each VUID a call that breaks it (exactly
//! that id is reported, and the call is skipped) and a valid neighbouring call (nothing is).

mod stateless_common;

use std::ffi::CString;

use ash::vk;
use stateless_common::*;
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

/// Creates an instance with Vigil and `api_version`, returning the ids reported while creating it.
fn create_instance_reporting(api_version: u32) -> Vec<String> {
    let entry = VulkanEnv::new().with_vigil().entry();
    let messages = MessageLog::new();
    messages.skip_errors(true);
    let app = vk::ApplicationInfo::default().api_version(api_version);
    let layer = CString::new(VIGIL_LAYER).expect("layer name");
    let layers = [layer.as_ptr()];
    let extensions = [ash::ext::debug_utils::NAME.as_ptr()];
    let mut messenger = messages.create_info();
    let info = vk::InstanceCreateInfo::default()
        .application_info(&app)
        .enabled_layer_names(&layers)
        .enabled_extension_names(&extensions)
        .push_next(&mut messenger);
    if let Ok(instance) = unsafe { entry.create_instance(&info, None) } {
        unsafe { instance.destroy_instance(None) };
    }
    messages.problem_ids()
}

#[test]
fn application_api_version() {
    // 0.0.0.1: not 0, below 1.0.
    assert_eq!(create_instance_reporting(1), ["VUID-VkApplicationInfo-apiVersion-04010"]);
    assert_eq!(create_instance_reporting(0), Vec::<String>::new());
    assert_eq!(create_instance_reporting(vk::API_VERSION_1_0), Vec::<String>::new());
}

/// Creates a device with `info`'s pNext chain and features (one queue added), reporting.
fn create_device_reporting(ctx: &Context, info: vk::DeviceCreateInfo) -> Vec<String> {
    let priorities = [1.0f32];
    let queues =
        [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&priorities)];
    let info = info.queue_create_infos(&queues);
    reported(ctx, || {
        if let Ok(device) = unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) } {
            unsafe { device.destroy_device(None) };
        }
    })
}

#[test]
fn device_feature_structures() {
    let ctx = context();
    let core = vk::PhysicalDeviceFeatures::default();
    let mut f2 = vk::PhysicalDeviceFeatures2::default();
    let info = vk::DeviceCreateInfo::default().enabled_features(&core).push_next(&mut f2);
    assert_eq!(create_device_reporting(&ctx, info), ["VUID-VkDeviceCreateInfo-pNext-00373"]);
    let mut f2 = vk::PhysicalDeviceFeatures2::default();
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut f2).push_next(&mut v12);
    assert_eq!(create_device_reporting(&ctx, info), Vec::<String>::new());

    let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
    let mut storage16 = vk::PhysicalDevice16BitStorageFeatures::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut v11).push_next(&mut storage16);
    assert_eq!(create_device_reporting(&ctx, info), ["VUID-VkDeviceCreateInfo-pNext-02829"]);
    let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
    assert_eq!(
        create_device_reporting(&ctx, vk::DeviceCreateInfo::default().push_next(&mut v11)),
        Vec::<String>::new()
    );

    let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut timeline = vk::PhysicalDeviceTimelineSemaphoreFeatures::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut v12).push_next(&mut timeline);
    assert_eq!(create_device_reporting(&ctx, info), ["VUID-VkDeviceCreateInfo-pNext-02830"]);
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut sync2 = vk::PhysicalDeviceSynchronization2Features::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut v12).push_next(&mut sync2);
    assert_eq!(create_device_reporting(&ctx, info), Vec::<String>::new());

    let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
    let mut sync2 = vk::PhysicalDeviceSynchronization2Features::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut v13).push_next(&mut sync2);
    assert_eq!(create_device_reporting(&ctx, info), ["VUID-VkDeviceCreateInfo-pNext-06532"]);
    let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
    let mut timeline = vk::PhysicalDeviceTimelineSemaphoreFeatures::default();
    let info = vk::DeviceCreateInfo::default().push_next(&mut v13).push_next(&mut timeline);
    assert_eq!(create_device_reporting(&ctx, info), Vec::<String>::new());
}

/// A valid sampler with unnormalized coordinates.
fn unnormalized() -> vk::SamplerCreateInfo<'static> {
    vk::SamplerCreateInfo::default()
        .unnormalized_coordinates(true)
        .mag_filter(vk::Filter::NEAREST)
        .min_filter(vk::Filter::NEAREST)
        .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
        .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_EDGE)
        .address_mode_v(vk::SamplerAddressMode::CLAMP_TO_BORDER)
        .address_mode_w(vk::SamplerAddressMode::REPEAT)
        .min_lod(0.0)
        .max_lod(0.0)
        .max_anisotropy(1.0)
}

#[test]
fn sampler_unnormalized_coordinates() {
    let features = vk::PhysicalDeviceFeatures { sampler_anisotropy: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(features));
    let u = unnormalized;
    let cases = [
        (u().min_filter(vk::Filter::LINEAR), "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01072"),
        (u().mipmap_mode(vk::SamplerMipmapMode::LINEAR), "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01073"),
        (u().max_lod(1.0), "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01074"),
        (u().address_mode_v(vk::SamplerAddressMode::REPEAT), "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01075"),
        (u().anisotropy_enable(true), "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01076"),
        (
            u().compare_enable(true).compare_op(vk::CompareOp::LESS),
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01077",
        ),
    ];
    assert_each(&ctx, &cases, sampler);
    let normalized = u().unnormalized_coordinates(false);
    let valid = [
        u(),
        u().min_filter(vk::Filter::LINEAR).mag_filter(vk::Filter::LINEAR),
        normalized.mipmap_mode(vk::SamplerMipmapMode::LINEAR).max_lod(1.0).anisotropy_enable(true),
        normalized.address_mode_v(vk::SamplerAddressMode::REPEAT).compare_enable(true).compare_op(vk::CompareOp::LESS),
    ];
    assert_clean(&ctx, &valid, sampler);
}

#[test]
fn sampler_mirror_clamp_and_reduction_mode() {
    let plain = vk::SamplerCreateInfo::default().max_lod(1.0);
    let ctx = context();
    let mirror = plain.address_mode_w(vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE);
    assert_eq!(sampler(&ctx, &mirror), ["VUID-VkSamplerCreateInfo-addressModeU-01079"]);
    let mut min = vk::SamplerReductionModeCreateInfo::default().reduction_mode(vk::SamplerReductionMode::MIN);
    assert_eq!(sampler(&ctx, &plain.push_next(&mut min)), ["VUID-VkSamplerCreateInfo-pNext-06726"]);
    let mut weighted =
        vk::SamplerReductionModeCreateInfo::default().reduction_mode(vk::SamplerReductionMode::WEIGHTED_AVERAGE);
    assert_clean(&ctx, &[plain.push_next(&mut weighted)], sampler);

    let features =
        vk::PhysicalDeviceVulkan12Features::default().sampler_mirror_clamp_to_edge(true).sampler_filter_minmax(true);
    let ctx = context_with(ContextBuilder::new().vulkan12_features(features));
    let mut min = vk::SamplerReductionModeCreateInfo::default().reduction_mode(vk::SamplerReductionMode::MIN);
    let compare = plain.compare_enable(true).compare_op(vk::CompareOp::LESS);
    assert_eq!(sampler(&ctx, &compare.push_next(&mut min)), ["VUID-VkSamplerCreateInfo-compareEnable-01423"]);
    let mut min = vk::SamplerReductionModeCreateInfo::default().reduction_mode(vk::SamplerReductionMode::MIN);
    assert_clean(&ctx, &[mirror, plain.push_next(&mut min)], sampler);
}

fn binding(number: u32, ty: vk::DescriptorType, count: u32) -> vk::DescriptorSetLayoutBinding<'static> {
    vk::DescriptorSetLayoutBinding::default()
        .binding(number)
        .descriptor_type(ty)
        .descriptor_count(count)
        .stage_flags(vk::ShaderStageFlags::FRAGMENT)
}

/// A set layout case: its bindings, their flags (none: no flags structure), the layout flags.
type LayoutCase = (
    Vec<vk::DescriptorSetLayoutBinding<'static>>,
    Option<Vec<vk::DescriptorBindingFlags>>,
    vk::DescriptorSetLayoutCreateFlags,
);

fn layout_reporting(ctx: &Context, (bindings, flags, layout_flags): &LayoutCase) -> Vec<String> {
    let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(bindings).flags(*layout_flags);
    match flags {
        Some(flags) => {
            let mut chained = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(flags);
            set_layout(ctx, &info.push_next(&mut chained))
        }
        None => set_layout(ctx, &info),
    }
}

const POOL: vk::DescriptorSetLayoutCreateFlags = vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL;
const UAB: vk::DescriptorBindingFlags = vk::DescriptorBindingFlags::UPDATE_AFTER_BIND;
const VARIABLE: vk::DescriptorBindingFlags = vk::DescriptorBindingFlags::VARIABLE_DESCRIPTOR_COUNT;

/// One binding of type `ty` with `flags`, in an update-after-bind pool layout.
fn flagged(ty: vk::DescriptorType, count: u32, flags: vk::DescriptorBindingFlags) -> LayoutCase {
    (vec![binding(0, ty, count)], Some(vec![flags]), POOL)
}

#[test]
fn descriptor_binding_flags_need_features() {
    use vk::DescriptorType as T;
    let ctx = context();
    let id = |s: &str| format!("VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-{s}");
    let cases: Vec<(LayoutCase, String)> = vec![
        (flagged(T::UNIFORM_BUFFER, 1, UAB), id("descriptorBindingUniformBufferUpdateAfterBind-03005")),
        (flagged(T::SAMPLED_IMAGE, 1, UAB), id("descriptorBindingSampledImageUpdateAfterBind-03006")),
        (flagged(T::STORAGE_IMAGE, 1, UAB), id("descriptorBindingStorageImageUpdateAfterBind-03007")),
        (flagged(T::STORAGE_BUFFER, 1, UAB), id("descriptorBindingStorageBufferUpdateAfterBind-03008")),
        (flagged(T::UNIFORM_TEXEL_BUFFER, 1, UAB), id("descriptorBindingUniformTexelBufferUpdateAfterBind-03009")),
        (flagged(T::STORAGE_TEXEL_BUFFER, 1, UAB), id("descriptorBindingStorageTexelBufferUpdateAfterBind-03010")),
        (
            flagged(T::STORAGE_BUFFER, 1, vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING),
            id("descriptorBindingUpdateUnusedWhilePending-03012"),
        ),
        (
            flagged(T::STORAGE_BUFFER, 1, vk::DescriptorBindingFlags::PARTIALLY_BOUND),
            id("descriptorBindingPartiallyBound-03013"),
        ),
        (flagged(T::STORAGE_BUFFER, 4, VARIABLE), id("descriptorBindingVariableDescriptorCount-03014")),
        (
            (vec![binding(0, T::INLINE_UNIFORM_BLOCK, 16)], None, vk::DescriptorSetLayoutCreateFlags::empty()),
            "VUID-VkDescriptorSetLayoutBinding-descriptorType-04604".to_string(),
        ),
    ];
    let cases: Vec<(LayoutCase, &str)> = cases.iter().map(|(c, i)| (c.clone(), i.as_str())).collect();
    assert_each(&ctx, &cases, layout_reporting);
    let valid = [
        flagged(T::STORAGE_BUFFER, 1, vk::DescriptorBindingFlags::empty()),
        (vec![binding(0, T::UNIFORM_BUFFER, 1)], None, POOL),
    ];
    assert_clean(&ctx, &valid, layout_reporting);

    // With inline uniform blocks, but not updating them after binding.
    let features = vk::PhysicalDeviceVulkan13Features::default().inline_uniform_block(true);
    let ctx = context_with(ContextBuilder::new().vulkan13_features(features));
    let cases = [
        (
            flagged(T::INLINE_UNIFORM_BLOCK, 16, UAB),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingInlineUniformBlockUpdateAfterBind-02211",
        ),
        (
            flagged(T::INLINE_UNIFORM_BLOCK, 6, vk::DescriptorBindingFlags::empty()),
            "VUID-VkDescriptorSetLayoutBinding-descriptorType-02209",
        ),
    ];
    assert_each(&ctx, &cases, layout_reporting);
    assert_clean(&ctx, &[flagged(T::INLINE_UNIFORM_BLOCK, 16, vk::DescriptorBindingFlags::empty())], layout_reporting);
}

#[test]
fn descriptor_binding_flags_with_features() {
    use vk::DescriptorType as T;
    let v12 = vk::PhysicalDeviceVulkan12Features::default()
        .descriptor_binding_uniform_buffer_update_after_bind(true)
        .descriptor_binding_storage_buffer_update_after_bind(true)
        .descriptor_binding_update_unused_while_pending(true)
        .descriptor_binding_partially_bound(true)
        .descriptor_binding_variable_descriptor_count(true);
    let ctx = context_with(ContextBuilder::new().vulkan12_features(v12));
    let storage = binding(0, T::STORAGE_BUFFER, 1);
    let empty = vk::DescriptorBindingFlags::empty();
    let mut input = binding(0, T::INPUT_ATTACHMENT, 1);
    let cases: [(LayoutCase, &str); 7] = [
        (
            (vec![storage], Some(vec![UAB]), vk::DescriptorSetLayoutCreateFlags::empty()),
            "VUID-VkDescriptorSetLayoutCreateInfo-flags-03000",
        ),
        (
            (vec![storage, binding(1, T::UNIFORM_BUFFER_DYNAMIC, 1)], Some(vec![UAB, empty]), POOL),
            "VUID-VkDescriptorSetLayoutCreateInfo-descriptorType-03001",
        ),
        (
            (vec![storage, binding(1, T::STORAGE_BUFFER, 1)], Some(vec![UAB]), POOL),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-bindingCount-03002",
        ),
        (
            (
                vec![binding(0, T::STORAGE_BUFFER, 8), binding(1, T::STORAGE_BUFFER, 1)],
                Some(vec![VARIABLE, empty]),
                POOL,
            ),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-pBindingFlags-03004",
        ),
        ((vec![input], Some(vec![UAB]), POOL), "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-None-03011"),
        (
            flagged(T::UNIFORM_BUFFER_DYNAMIC, 4, VARIABLE),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-pBindingFlags-03015",
        ),
        (
            (
                vec![binding(0, T::INPUT_ATTACHMENT, 1).stage_flags(vk::ShaderStageFlags::VERTEX)],
                None,
                vk::DescriptorSetLayoutCreateFlags::empty(),
            ),
            "VUID-VkDescriptorSetLayoutBinding-descriptorType-01510",
        ),
    ];
    assert_each(&ctx, &cases, layout_reporting);
    input.stage_flags = vk::ShaderStageFlags::empty();
    let all =
        UAB | vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING | vk::DescriptorBindingFlags::PARTIALLY_BOUND;
    let valid: [LayoutCase; 4] = [
        (vec![storage], Some(vec![UAB]), POOL),
        (vec![storage, binding(1, T::UNIFORM_BUFFER, 1)], Some(vec![]), vk::DescriptorSetLayoutCreateFlags::empty()),
        (vec![storage, binding(1, T::STORAGE_BUFFER, 8)], Some(vec![all, all | VARIABLE]), POOL),
        (
            vec![input, binding(1, T::UNIFORM_BUFFER_DYNAMIC, 1)],
            Some(vec![empty, empty]),
            vk::DescriptorSetLayoutCreateFlags::empty(),
        ),
    ];
    assert_clean(&ctx, &valid, layout_reporting);
}

const COLOR: vk::ImageLayout = vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL;

/// A render pass case: final layout of its one attachment, color references, preserved
/// attachments, dependency stages (source, destination).
#[derive(Clone)]
struct PassCase {
    final_layout: vk::ImageLayout,
    colors: Vec<(u32, vk::ImageLayout)>,
    preserve: Vec<u32>,
    stages: (vk::PipelineStageFlags, vk::PipelineStageFlags),
}

fn pass() -> PassCase {
    PassCase {
        final_layout: COLOR,
        colors: vec![(0, COLOR)],
        preserve: vec![],
        stages: (vk::PipelineStageFlags::VERTEX_SHADER, vk::PipelineStageFlags::FRAGMENT_SHADER),
    }
}

fn render_pass_reporting(ctx: &Context, case: &PassCase) -> Vec<String> {
    let attachment = [vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .final_layout(case.final_layout)];
    let colors: Vec<_> =
        case.colors.iter().map(|&(attachment, layout)| vk::AttachmentReference { attachment, layout }).collect();
    let subpass = [vk::SubpassDescription::default().color_attachments(&colors).preserve_attachments(&case.preserve)];
    let dependency = [vk::SubpassDependency::default()
        .src_subpass(vk::SUBPASS_EXTERNAL)
        .dst_subpass(0)
        .src_stage_mask(case.stages.0)
        .dst_stage_mask(case.stages.1)];
    let info =
        vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass).dependencies(&dependency);
    render_pass(ctx, &info)
}

fn render_pass2_reporting(ctx: &Context, case: &PassCase) -> Vec<String> {
    let attachment = [vk::AttachmentDescription2::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .final_layout(case.final_layout)];
    let colors: Vec<_> = case
        .colors
        .iter()
        .map(|&(attachment, layout)| vk::AttachmentReference2::default().attachment(attachment).layout(layout))
        .collect();
    let subpass = [vk::SubpassDescription2::default().color_attachments(&colors).preserve_attachments(&case.preserve)];
    let info = vk::RenderPassCreateInfo2::default().attachments(&attachment).subpasses(&subpass);
    render_pass2(ctx, &info)
}

/// The cases breaking one rule each (version 1 ids; version 2 ids by the same index).
fn render_pass_cases() -> [PassCase; 5] {
    let unused = (vk::ATTACHMENT_UNUSED, vk::ImageLayout::UNDEFINED);
    [
        PassCase { colors: vec![(1, COLOR)], ..pass() },
        PassCase { final_layout: vk::ImageLayout::UNDEFINED, ..pass() },
        PassCase { colors: vec![(0, vk::ImageLayout::PREINITIALIZED)], ..pass() },
        PassCase { colors: vec![unused; 9], ..pass() },
        PassCase { colors: vec![unused], preserve: vec![vk::ATTACHMENT_UNUSED], ..pass() },
    ]
}

#[test]
fn render_pass_attachments_layouts_and_dependencies() {
    let ctx = context();
    let ids = [
        "VUID-VkRenderPassCreateInfo-attachment-00834",
        "VUID-VkAttachmentDescription-finalLayout-00843",
        "VUID-VkAttachmentReference-layout-03077",
        "VUID-VkSubpassDescription-colorAttachmentCount-00845",
        "VUID-VkSubpassDescription-attachment-00853",
    ];
    let cases: Vec<(PassCase, &str)> = render_pass_cases().into_iter().zip(ids).collect();
    assert_each(&ctx, &cases, render_pass_reporting);
    let ids2 = [
        "VUID-VkRenderPassCreateInfo2-attachment-03051",
        "VUID-VkAttachmentDescription2-finalLayout-00843",
        "VUID-VkAttachmentReference2-layout-03077",
        "VUID-VkSubpassDescription2-colorAttachmentCount-00845",
        "VUID-VkSubpassDescription2-attachment-03073",
    ];
    let cases2: Vec<(PassCase, &str)> = render_pass_cases().into_iter().zip(ids2).collect();
    assert_each(&ctx, &cases2, render_pass2_reporting);

    use vk::PipelineStageFlags as P;
    let stages = |src, dst| PassCase { stages: (src, dst), ..pass() };
    let cases = [
        (stages(P::GEOMETRY_SHADER, P::FRAGMENT_SHADER), "VUID-VkSubpassDependency-srcStageMask-04090"),
        (stages(P::VERTEX_SHADER, P::GEOMETRY_SHADER), "VUID-VkSubpassDependency-dstStageMask-04090"),
        (stages(P::TESSELLATION_CONTROL_SHADER, P::FRAGMENT_SHADER), "VUID-VkSubpassDependency-srcStageMask-04091"),
        (stages(P::VERTEX_SHADER, P::TESSELLATION_EVALUATION_SHADER), "VUID-VkSubpassDependency-dstStageMask-04091"),
    ];
    assert_each(&ctx, &cases, render_pass_reporting);

    let unused = (vk::ATTACHMENT_UNUSED, vk::ImageLayout::UNDEFINED);
    let valid = [
        pass(),
        PassCase { final_layout: vk::ImageLayout::GENERAL, ..pass() },
        PassCase { colors: vec![unused; 8], ..pass() },
        PassCase { colors: vec![(0, vk::ImageLayout::GENERAL)], ..pass() },
    ];
    assert_clean(&ctx, &valid, render_pass_reporting);
    assert_clean(&ctx, &valid, render_pass2_reporting);
    let features =
        vk::PhysicalDeviceFeatures { geometry_shader: vk::TRUE, tessellation_shader: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(features));
    let cases: Vec<PassCase> = cases.into_iter().map(|(c, _)| c).collect();
    assert_clean(&ctx, &cases, render_pass_reporting);
}
