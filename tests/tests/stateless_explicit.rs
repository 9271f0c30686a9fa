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

/// A cubic filter (`VK_EXT_filter_cubic`, which lavapipe lacks: Vigil reports the value as not
/// enabled, `-parameter`, and the rule as well) takes no anisotropy.
#[test]
fn sampler_cubic_filter_without_anisotropy() {
    let features = vk::PhysicalDeviceFeatures { sampler_anisotropy: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(features));
    let id = |s: &str| format!("VUID-VkSamplerCreateInfo-{s}");
    let plain = vk::SamplerCreateInfo::default().max_lod(1.0);
    let anisotropic = plain.anisotropy_enable(true).max_anisotropy(2.0);
    let cubic_mag = anisotropic.mag_filter(vk::Filter::CUBIC_EXT);
    let cubic_min = anisotropic.min_filter(vk::Filter::CUBIC_EXT);
    assert_eq!(sampler(&ctx, &cubic_mag), [id("magFilter-parameter"), id("magFilter-01081")]);
    assert_eq!(sampler(&ctx, &cubic_min), [id("minFilter-parameter"), id("magFilter-01081")]);
    // The boundary: cubic without anisotropy reports only the value, anisotropy without cubic
    // nothing.
    assert_eq!(sampler(&ctx, &cubic_mag.anisotropy_enable(false)), [id("magFilter-parameter")]);
    assert_clean(&ctx, &[anisotropic, anisotropic.mag_filter(vk::Filter::LINEAR)], sampler);
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

#[test]
fn sampler_compare_op_and_border_color() {
    let ctx = context();
    let plain = vk::SamplerCreateInfo::default().max_lod(1.0);
    let compare = plain.compare_enable(true);
    let border = plain.address_mode_v(vk::SamplerAddressMode::CLAMP_TO_BORDER);
    let cases = [
        (compare.compare_op(vk::CompareOp::from_raw(8)), "VUID-VkSamplerCreateInfo-compareEnable-01080"),
        (border.border_color(vk::BorderColor::from_raw(6)), "VUID-VkSamplerCreateInfo-addressModeU-01078"),
    ];
    assert_each(&ctx, &cases, sampler);
    let valid = [
        compare.compare_op(vk::CompareOp::ALWAYS),
        border.border_color(vk::BorderColor::FLOAT_OPAQUE_WHITE),
        border.border_color(vk::BorderColor::INT_TRANSPARENT_BLACK),
    ];
    assert_clean(&ctx, &valid, sampler);
}

#[test]
fn sampler_custom_border_colors() {
    let ctx = context();
    let extensions = [ash::ext::custom_border_color::NAME.as_ptr()];
    let custom = vk::SamplerCreateInfo::default()
        .max_lod(1.0)
        .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_BORDER)
        .border_color(vk::BorderColor::FLOAT_CUSTOM_EXT);
    let color = vk::ClearColorValue { float32: [0.25, 0.5, 0.75, 1.0] };
    let mut colored = vk::SamplerCustomBorderColorCreateInfoEXT::default()
        .custom_border_color(color)
        .format(vk::Format::R8G8B8A8_UNORM);
    // The extension without its feature.
    let without = OwnDevice::new(&ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&extensions));
    assert_eq!(
        without.sampler(&ctx, &custom.push_next(&mut colored)),
        ["VUID-VkSamplerCreateInfo-customBorderColors-04085"]
    );
    assert_clean(&ctx, &[custom.border_color(vk::BorderColor::FLOAT_OPAQUE_BLACK)], |ctx, i| without.sampler(ctx, i));
    drop(without);
    let mut feature = vk::PhysicalDeviceCustomBorderColorFeaturesEXT::default().custom_border_colors(true);
    let info = vk::DeviceCreateInfo::default().enabled_extension_names(&extensions).push_next(&mut feature);
    let with = OwnDevice::new(&ctx, info);
    assert_eq!(with.sampler(&ctx, &custom), ["VUID-VkSamplerCreateInfo-borderColor-04011"]);
    let mut colored = vk::SamplerCustomBorderColorCreateInfoEXT::default()
        .custom_border_color(color)
        .format(vk::Format::R8G8B8A8_UNORM);
    assert_clean(&ctx, &[custom.push_next(&mut colored)], |ctx, i| with.sampler(ctx, i));
}

#[test]
fn sampler_non_seamless_cube_map() {
    let ctx = context();
    let extensions = [ash::ext::non_seamless_cube_map::NAME.as_ptr()];
    let info = vk::SamplerCreateInfo::default().max_lod(1.0).flags(vk::SamplerCreateFlags::NON_SEAMLESS_CUBE_MAP_EXT);
    let without = OwnDevice::new(&ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&extensions));
    assert_eq!(without.sampler(&ctx, &info), ["VUID-VkSamplerCreateInfo-nonSeamlessCubeMap-06788"]);
    drop(without);
    let mut feature = vk::PhysicalDeviceNonSeamlessCubeMapFeaturesEXT::default().non_seamless_cube_map(true);
    let with = OwnDevice::new(
        &ctx,
        vk::DeviceCreateInfo::default().enabled_extension_names(&extensions).push_next(&mut feature),
    );
    assert_clean(&ctx, &[info], |ctx, i| with.sampler(ctx, i));
}

/// A context with `VK_EXT_descriptor_buffer` (lavapipe has no descriptorBufferCaptureReplay).
fn descriptor_buffer_context() -> Context {
    let v12 = vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true);
    context_with(ContextBuilder::new().descriptor_buffer().vulkan12_features(v12))
}

#[test]
fn sampler_descriptor_buffer_capture_replay() {
    let ctx = descriptor_buffer_context();
    let plain = vk::SamplerCreateInfo::default().max_lod(1.0);
    let capture = plain.flags(vk::SamplerCreateFlags::DESCRIPTOR_BUFFER_CAPTURE_REPLAY_EXT);
    assert_eq!(sampler(&ctx, &capture), ["VUID-VkSamplerCreateInfo-flags-08110"]);
    let data = [0u8; 16];
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(sampler(&ctx, &plain.push_next(&mut opaque)), ["VUID-VkSamplerCreateInfo-pNext-08111"]);
    // With the flag, only the feature is missing.
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(sampler(&ctx, &capture.push_next(&mut opaque)), ["VUID-VkSamplerCreateInfo-flags-08110"]);
    assert_clean(&ctx, &[plain], sampler);
}

/// A context with samplerYcbcrConversion (and samplerAnisotropy, samplerFilterMinmax), and a
/// conversion of G8_B8R8_2PLANE_420_UNORM with nearest chroma filtering, destroyed on drop.
struct Ycbcr {
    ctx: Context,
    conversion: vk::SamplerYcbcrConversion,
}

/// The two-plane format the Y′CBCR cases use (lavapipe samples it, with no separate
/// reconstruction filter).
const YCBCR_FORMAT: vk::Format = vk::Format::G8_B8R8_2PLANE_420_UNORM;

impl Ycbcr {
    fn new() -> Self {
        Self::with(ContextBuilder::new())
    }

    /// [`Ycbcr::new`] with `builder`'s settings.
    fn with(builder: ContextBuilder) -> Self {
        let features = vk::PhysicalDeviceFeatures { sampler_anisotropy: vk::TRUE, ..Default::default() };
        let v11 = vk::PhysicalDeviceVulkan11Features::default().sampler_ycbcr_conversion(true);
        let v12 = vk::PhysicalDeviceVulkan12Features::default().sampler_filter_minmax(true);
        let ctx = context_with(builder.features(features).vulkan11_features(v11).vulkan12_features(v12));
        let info = ycbcr_conversion_info(YCBCR_FORMAT).ycbcr_model(vk::SamplerYcbcrModelConversion::YCBCR_709);
        let conversion = unsafe { ctx.device.create_sampler_ycbcr_conversion(&info, None) }.expect("conversion");
        Ycbcr { ctx, conversion }
    }

    /// A valid sampler with the conversion.
    fn sampler_info(&self) -> vk::SamplerCreateInfo<'static> {
        vk::SamplerCreateInfo::default()
            .mag_filter(vk::Filter::NEAREST)
            .min_filter(vk::Filter::NEAREST)
            .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_v(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_w(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .max_anisotropy(1.0)
    }

    /// The ids of creating a sampler with `info` and the conversion (and `reduction`, when some).
    fn sampler(&self, info: &vk::SamplerCreateInfo, reduction: Option<vk::SamplerReductionMode>) -> Vec<String> {
        let mut conversion = vk::SamplerYcbcrConversionInfo::default().conversion(self.conversion);
        let mut mode = vk::SamplerReductionModeCreateInfo::default();
        let mut info = info.push_next(&mut conversion);
        if let Some(r) = reduction {
            mode.reduction_mode = r;
            info = info.push_next(&mut mode);
        }
        sampler(&self.ctx, &info)
    }
}

impl Drop for Ycbcr {
    fn drop(&mut self) {
        unsafe { self.ctx.device.destroy_sampler_ycbcr_conversion(self.conversion, None) };
    }
}

#[test]
fn sampler_ycbcr_conversion() {
    let y = Ycbcr::new();
    let base = y.sampler_info();
    let id = "VUID-VkSamplerCreateInfo-addressModeU-01646";
    let cases = [
        (base.address_mode_w(vk::SamplerAddressMode::REPEAT), id),
        (base.address_mode_u(vk::SamplerAddressMode::CLAMP_TO_BORDER), id),
        (base.anisotropy_enable(true), id),
        (base.unnormalized_coordinates(true), id),
        // The format has no separate reconstruction filter: the filters are the chroma filter.
        (base.min_filter(vk::Filter::LINEAR), "VUID-VkSamplerCreateInfo-minFilter-01645"),
        (base.mag_filter(vk::Filter::LINEAR), "VUID-VkSamplerCreateInfo-minFilter-01645"),
    ];
    assert_each(&y.ctx, &cases, |_, info| y.sampler(info, None));
    assert_eq!(y.sampler(&base, Some(vk::SamplerReductionMode::MIN)), ["VUID-VkSamplerCreateInfo-None-01647"]);
    assert!(y.sampler(&base, None).is_empty());
    assert!(y.sampler(&base, Some(vk::SamplerReductionMode::WEIGHTED_AVERAGE)).is_empty());
    // Without a conversion, the same samplers are valid.
    let valid = [
        base.address_mode_w(vk::SamplerAddressMode::REPEAT),
        base.anisotropy_enable(true),
        base.min_filter(vk::Filter::LINEAR).mag_filter(vk::Filter::LINEAR),
    ];
    assert_clean(&y.ctx, &valid, sampler);
}

#[test]
fn sampler_allocation_count() {
    assert_sampler_limit(&context());
}

/// Makes `maxSamplerAllocationCount` samplers (valid), then one more (not), then one more after
/// destroying one (valid again).
fn assert_sampler_limit(ctx: &Context) {
    let limit =
        unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits.max_sampler_allocation_count;
    assert!(limit <= 1 << 16, "maxSamplerAllocationCount {limit}: too many samplers to make");
    let info = vk::SamplerCreateInfo::default().max_lod(1.0);
    let d = &ctx.device;
    let mut made: Vec<vk::Sampler> =
        (0..limit).map(|_| unsafe { d.create_sampler(&info, None) }.expect("sampler")).collect();
    let ids = reported(ctx, || {
        if let Ok(s) = unsafe { d.create_sampler(&info, None) } {
            made.push(s);
        }
    });
    assert_eq!(ids, ["VUID-vkCreateSampler-maxSamplerAllocationCount-04110"]);
    assert_eq!(made.len(), limit as usize);
    unsafe { d.destroy_sampler(made.pop().expect("a sampler"), None) };
    assert_clean(ctx, &[info], sampler);
    for s in made {
        unsafe { d.destroy_sampler(s, None) };
    }
}

/// Images for views, bound to memory unless made with `unbound`; destroyed (with their memory)
/// on drop.
struct Images<'a> {
    ctx: &'a Context,
    made: Vec<(vk::Image, Option<vk::DeviceMemory>)>,
}

impl<'a> Images<'a> {
    fn new(ctx: &'a Context) -> Self {
        Images { ctx, made: Vec::new() }
    }

    fn make(&mut self, info: &vk::ImageCreateInfo) -> vk::Image {
        let image = unsafe { self.ctx.device.create_image(info, None) }.expect("valid image");
        self.made.push((image, Some(bind_image_memory(self.ctx, image))));
        image
    }

    fn unbound(&mut self, info: &vk::ImageCreateInfo) -> vk::Image {
        let image = unsafe { self.ctx.device.create_image(info, None) }.expect("valid image");
        self.made.push((image, None));
        image
    }
}

impl Drop for Images<'_> {
    fn drop(&mut self) {
        for (image, memory) in self.made.drain(..) {
            unsafe {
                self.ctx.device.destroy_image(image, None);
                if let Some(m) = memory {
                    self.ctx.device.free_memory(m, None);
                }
            }
        }
    }
}

/// A view of `image` as `ty` and `format` (color aspect), of `mips` and `layers` (base, count).
fn view_of(
    image: vk::Image,
    ty: vk::ImageViewType,
    format: vk::Format,
    mips: (u32, u32),
    layers: (u32, u32),
) -> vk::ImageViewCreateInfo<'static> {
    vk::ImageViewCreateInfo::default().image(image).view_type(ty).format(format).subresource_range(
        vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: mips.0,
            level_count: mips.1,
            base_array_layer: layers.0,
            layer_count: layers.1,
        },
    )
}

/// A 2D RGBA8 view of one level and layer of `image` as `format`.
fn flat_view(image: vk::Image, format: vk::Format) -> vk::ImageViewCreateInfo<'static> {
    view_of(image, vk::ImageViewType::TYPE_2D, format, (0, 1), (0, 1))
}

/// The ids of creating a view with `info` and `usage` (`VkImageViewUsageCreateInfo`).
fn view_with_usage(ctx: &Context, (info, usage): &(vk::ImageViewCreateInfo, vk::ImageUsageFlags)) -> Vec<String> {
    let mut chained = vk::ImageViewUsageCreateInfo::default().usage(*usage);
    image_view(ctx, &info.push_next(&mut chained))
}

const RGBA8: vk::Format = vk::Format::R8G8B8A8_UNORM;

#[test]
fn image_view_usage_and_format_features() {
    use vk::ImageUsageFlags as U;
    let ctx = context();
    let mut images = Images::new(&ctx);
    let mutable = image_info(16, 16, 1, 1).flags(vk::ImageCreateFlags::MUTABLE_FORMAT);
    let sampled = images.make(&mutable);
    let storage = images.make(&mutable.usage(U::STORAGE));
    let transfer = images.make(&image_info(16, 16, 1, 1).usage(U::TRANSFER_SRC));
    let transfer_sampled = images.make(&image_info(16, 16, 1, 1).usage(U::TRANSFER_SRC | U::SAMPLED));
    let unbound = images.unbound(&image_info(16, 16, 1, 1));
    let id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let cases = [
        // Blit features only.
        (flat_view(sampled, vk::Format::R8G8B8A8_USCALED), id("usage-02274")),
        // Sampled, not storage.
        (flat_view(storage, vk::Format::R8G8B8A8_SRGB), id("usage-02275")),
        (flat_view(transfer, RGBA8), id("image-04441")),
        (flat_view(unbound, RGBA8), id("image-01020")),
    ];
    let cases: Vec<(vk::ImageViewCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image_view);
    let valid = [
        flat_view(sampled, vk::Format::R8G8B8A8_SRGB),
        flat_view(storage, vk::Format::B8G8R8A8_UNORM),
        flat_view(transfer_sampled, RGBA8),
        flat_view(sampled, RGBA8),
    ];
    assert_clean(&ctx, &valid, image_view);

    // VkImageViewUsageCreateInfo within the image's usage, and its stencil usage.
    let plain = images.make(&image_info(16, 16, 1, 1));
    let ds = U::DEPTH_STENCIL_ATTACHMENT;
    let mut stencil_usage = vk::ImageStencilUsageCreateInfo::default().stencil_usage(ds | U::TRANSFER_DST);
    let depth_stencil = images.make(
        &image_info(16, 16, 1, 1)
            .format(vk::Format::D24_UNORM_S8_UINT)
            .usage(ds | U::SAMPLED)
            .push_next(&mut stencil_usage),
    );
    let aspect = |aspect_mask| {
        let mut v = flat_view(depth_stencil, vk::Format::D24_UNORM_S8_UINT);
        v.subresource_range.aspect_mask = aspect_mask;
        v
    };
    let (depth, stencil) = (aspect(vk::ImageAspectFlags::DEPTH), aspect(vk::ImageAspectFlags::STENCIL));
    let cases = [
        ((flat_view(plain, RGBA8), U::SAMPLED | U::STORAGE), id("pNext-02662")),
        ((stencil, U::SAMPLED), id("pNext-02663")),
        ((depth, U::TRANSFER_DST), id("pNext-02664")),
    ];
    let cases: Vec<((vk::ImageViewCreateInfo, vk::ImageUsageFlags), &str)> =
        cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, view_with_usage);
    let valid =
        [(flat_view(plain, RGBA8), U::SAMPLED), (stencil, ds | U::TRANSFER_DST), (depth, U::SAMPLED), (depth, ds)];
    assert_clean(&ctx, &valid, view_with_usage);
}

#[test]
fn image_view_ranges_of_special_images() {
    use vk::ImageViewType as V;
    let ctx = context();
    let mut images = Images::new(&ctx);
    let attachment = vk::ImageUsageFlags::COLOR_ATTACHMENT;
    let multisampled = images.make(&image_info(16, 16, 1, 1).samples(vk::SampleCountFlags::TYPE_4).usage(attachment));
    let volume = images.make(
        &image_info(8, 8, 2, 1)
            .image_type(vk::ImageType::TYPE_3D)
            .extent(vk::Extent3D { width: 8, height: 8, depth: 8 })
            .flags(vk::ImageCreateFlags::TYPE_2D_ARRAY_COMPATIBLE)
            .usage(attachment),
    );
    let block_flags = vk::ImageCreateFlags::MUTABLE_FORMAT | vk::ImageCreateFlags::BLOCK_TEXEL_VIEW_COMPATIBLE;
    let compressed = images.make(&image_info(16, 16, 2, 1).format(vk::Format::BC1_RGBA_UNORM_BLOCK).flags(block_flags));
    let formats = [RGBA8, vk::Format::R8G8B8A8_SRGB];
    let mut list = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let listed =
        images.make(&image_info(16, 16, 1, 1).flags(vk::ImageCreateFlags::MUTABLE_FORMAT).push_next(&mut list));
    let plain = images.make(&image_info(16, 16, 2, 2));
    let id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let uint2 = vk::Format::R32G32_UINT;
    let mut planes = flat_view(plain, RGBA8);
    planes.subresource_range.aspect_mask = vk::ImageAspectFlags::COLOR | vk::ImageAspectFlags::PLANE_0;
    let cases = [
        (view_of(volume, V::TYPE_2D, RGBA8, (0, 2), (0, 1)), id("image-04970")),
        (view_of(volume, V::TYPE_2D_ARRAY, RGBA8, (1, 1), (4, 1)), id("image-02724")),
        (view_of(volume, V::TYPE_2D_ARRAY, RGBA8, (1, 1), (2, 3)), id("subresourceRange-02725")),
        (view_of(volume, V::TYPE_2D, RGBA8, (0, vk::REMAINING_MIP_LEVELS), (0, 1)), id("image-04970")),
        (view_of(compressed, V::TYPE_2D, uint2, (0, 2), (0, 1)), id("image-07072")),
        (flat_view(listed, vk::Format::B8G8R8A8_UNORM), id("pNext-01585")),
        (planes, "VUID-VkImageSubresourceRange-aspectMask-01670".to_string()),
        (
            view_of(plain, V::TYPE_2D, RGBA8, (0, 0), (0, 1)),
            "VUID-VkImageSubresourceRange-levelCount-01720".to_string(),
        ),
        (
            view_of(plain, V::TYPE_2D_ARRAY, RGBA8, (0, 1), (0, 0)),
            "VUID-VkImageSubresourceRange-layerCount-01721".to_string(),
        ),
        // No levels: not also a slice view's or a block texel view's level count.
        (
            view_of(volume, V::TYPE_2D, RGBA8, (0, 0), (0, 1)),
            "VUID-VkImageSubresourceRange-levelCount-01720".to_string(),
        ),
        (view_of(volume, V::TYPE_2D, RGBA8, (2, vk::REMAINING_MIP_LEVELS), (0, 1)), id("subresourceRange-01478")),
        (
            view_of(compressed, V::TYPE_2D, uint2, (0, 0), (0, 1)),
            "VUID-VkImageSubresourceRange-levelCount-01720".to_string(),
        ),
    ];
    let cases: Vec<(vk::ImageViewCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image_view);
    // A multisampled image viewed as 1D breaks the view type table as well.
    assert_eq!(
        image_view(&ctx, &view_of(multisampled, V::TYPE_1D, RGBA8, (0, 1), (0, 1))),
        [id("subResourceRange-01021"), id("image-04972")]
    );
    let valid = [
        view_of(multisampled, V::TYPE_2D, RGBA8, (0, 1), (0, 1)),
        view_of(multisampled, V::TYPE_2D_ARRAY, RGBA8, (0, 1), (0, 1)),
        view_of(volume, V::TYPE_2D, RGBA8, (0, 1), (7, 1)),
        view_of(volume, V::TYPE_2D_ARRAY, RGBA8, (1, 1), (0, 4)),
        view_of(volume, V::TYPE_2D_ARRAY, RGBA8, (1, 1), (3, vk::REMAINING_ARRAY_LAYERS)),
        view_of(volume, V::TYPE_2D, RGBA8, (1, vk::REMAINING_MIP_LEVELS), (0, 1)),
        view_of(volume, V::TYPE_3D, RGBA8, (0, 2), (0, 1)),
        view_of(compressed, V::TYPE_2D, uint2, (1, 1), (0, 1)),
        view_of(compressed, V::TYPE_2D, vk::Format::BC1_RGBA_SRGB_BLOCK, (0, 2), (0, 1)),
        flat_view(listed, vk::Format::R8G8B8A8_SRGB),
        view_of(plain, V::TYPE_2D_ARRAY, RGBA8, (0, 2), (0, 2)),
    ];
    assert_clean(&ctx, &valid, image_view);
}

#[test]
fn image_view_ycbcr_swizzle() {
    let y = Ycbcr::new();
    let ctx = &y.ctx;
    let mut images = Images::new(ctx);
    let image = images.make(&image_info(16, 16, 1, 1).format(YCBCR_FORMAT));
    let with_conversion = |ctx: &Context, components: &vk::ComponentMapping| {
        let mut conversion = vk::SamplerYcbcrConversionInfo::default().conversion(y.conversion);
        image_view(ctx, &flat_view(image, YCBCR_FORMAT).components(*components).push_next(&mut conversion))
    };
    let swizzled = vk::ComponentMapping { r: vk::ComponentSwizzle::G, ..Default::default() };
    assert_each(ctx, &[(swizzled, "VUID-VkImageViewCreateInfo-pNext-01970")], with_conversion);
    let own = vk::ComponentMapping {
        r: vk::ComponentSwizzle::R,
        g: vk::ComponentSwizzle::G,
        b: vk::ComponentSwizzle::B,
        a: vk::ComponentSwizzle::A,
    };
    assert_clean(ctx, &[vk::ComponentMapping::default(), own], with_conversion);
}

#[test]
fn image_view_descriptor_buffer_capture_replay() {
    let ctx = descriptor_buffer_context();
    let mut images = Images::new(&ctx);
    let image = images.make(&image_info(16, 16, 1, 1));
    let plain = flat_view(image, RGBA8);
    let capture = plain.flags(vk::ImageViewCreateFlags::DESCRIPTOR_BUFFER_CAPTURE_REPLAY_EXT);
    assert_eq!(image_view(&ctx, &capture), ["VUID-VkImageViewCreateInfo-flags-08106"]);
    let data = [0u8; 16];
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(image_view(&ctx, &plain.push_next(&mut opaque)), ["VUID-VkImageViewCreateInfo-pNext-08107"]);
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(image_view(&ctx, &capture.push_next(&mut opaque)), ["VUID-VkImageViewCreateInfo-flags-08106"]);
    assert_clean(&ctx, &[plain], image_view);
}

/// With the stateless object alone, the state tracker records only what it reads (images,
/// samplers, Y′CBCR conversions): the rules that read it still hold.
#[test]
fn stateless_alone_tracks_what_it_reads() {
    let alone =
        || ContextBuilder::new().vigil_setting("object_lifetime", "false").vigil_setting("thread_safety", "false");
    let y = Ycbcr::with(alone());
    let ctx = &y.ctx;
    let base = y.sampler_info();
    assert_eq!(y.sampler(&base.min_filter(vk::Filter::LINEAR), None), ["VUID-VkSamplerCreateInfo-minFilter-01645"]);
    assert!(y.sampler(&base, None).is_empty());
    assert_sampler_limit(ctx);

    let mut images = Images::new(ctx);
    let bound = images.make(&image_info(16, 16, 1, 1));
    let unbound = images.unbound(&image_info(16, 16, 1, 1));
    let bound2 = images.unbound(&image_info(16, 16, 1, 1));
    let d = &ctx.device;
    let req = unsafe { d.get_image_memory_requirements(bound2) };
    let alloc = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty()));
    let memory = unsafe { d.allocate_memory(&alloc, None) }.expect("memory");
    let bind = [vk::BindImageMemoryInfo::default().image(bound2).memory(memory)];
    unsafe { d.bind_image_memory2(&bind) }.expect("vkBindImageMemory2");
    assert_each(ctx, &[(flat_view(unbound, RGBA8), "VUID-VkImageViewCreateInfo-image-01020")], image_view);
    assert_clean(ctx, &[flat_view(bound, RGBA8), flat_view(bound2, RGBA8)], image_view);
    drop(images);
    unsafe { d.free_memory(memory, None) };
}
