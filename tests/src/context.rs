//! Instances and devices with chosen layers, on lavapipe, and the proof that Vigil is in the chain.

use std::ffi::{CStr, CString};

use ash::{ext, vk};

use crate::messages::MessageLog;
use crate::VIGIL_TOOL_NAME;

/// How to make a [`Context`].
#[derive(Clone, Debug)]
pub struct ContextBuilder {
    layers: Vec<CString>,
    api_version: u32,
    instance_extensions: Vec<CString>,
    device_extensions: Vec<CString>,
    features: vk::PhysicalDeviceFeatures,
    vulkan12_features: Option<vk::PhysicalDeviceVulkan12Features<'static>>,
    vulkan13_features: Option<vk::PhysicalDeviceVulkan13Features<'static>>,
    /// Whether to enable `VK_KHR_maintenance5` and its feature.
    maintenance5: bool,
    /// Whether to enable `VK_KHR_maintenance6` and its feature.
    maintenance6: bool,
    /// Whether to enable `VK_EXT_shader_object` and its feature.
    shader_object: bool,
    /// Vigil settings passed in `VkLayerSettingsCreateInfoEXT`, as (key, value) strings.
    vigil_settings: Vec<(CString, CString)>,
    /// Whether to enable `VK_EXT_vertex_input_dynamic_state` and its feature.
    vertex_input_dynamic_state: bool,
    /// Whether to enable `VK_EXT_robustness2` and its `nullDescriptor` feature.
    null_descriptor: bool,
    /// Whether to enable `VK_EXT_multi_draw` and its `multiDraw` feature.
    multi_draw: bool,
    /// Whether to enable `VK_EXT_primitives_generated_query` with its `primitivesGeneratedQuery`
    /// feature only.
    primitives_generated_query: bool,
    /// Whether to enable `VK_EXT_mutable_descriptor_type` and its `mutableDescriptorType` feature.
    mutable_descriptor_type: bool,
    /// Whether to enable `VK_EXT_graphics_pipeline_library` (with `VK_KHR_pipeline_library`) and
    /// its `graphicsPipelineLibrary` feature.
    graphics_pipeline_library: bool,
    /// Whether to enable `VK_EXT_attachment_feedback_loop_layout` and its feature.
    feedback_loop_layout: bool,
    /// Whether to enable `VK_EXT_mesh_shader` and its `meshShader` feature.
    mesh_shader: bool,
    /// With `mesh_shader`, whether to enable its `taskShader` feature too.
    task_shader: bool,
    /// Whether to enable `VK_EXT_transform_feedback`, and with it its `transformFeedback`
    /// feature.
    transform_feedback: Option<bool>,
    /// Whether to enable `shadingRateImage`, `representativeFragmentTest` and
    /// `coverageReductionMode` (their extensions are the caller's to name; only the driver
    /// shim's `raster-state-extensions` offers them).
    nv_raster_features: bool,
    /// Whether to enable `primitiveFragmentShadingRate` (`VkPhysicalDeviceFragmentShadingRateFeaturesKHR`).
    primitive_shading_rate: bool,
    /// Whether to enable `VK_NV_dedicated_allocation_image_aliasing` and its feature (only the
    /// driver shim's `dedicated-image-aliasing` offers them).
    dedicated_image_aliasing: bool,
    /// Whether to enable `geometryStreams` (with `VK_EXT_transform_feedback`).
    geometry_streams: bool,
    /// More queue families to create one queue of (the driver shim's `second-queue-family`).
    more_queue_families: Vec<u32>,
    /// Vulkan 1.1 features to enable.
    vulkan11_features: Option<vk::PhysicalDeviceVulkan11Features<'static>>,
    /// Whether to enable `VK_EXT_nested_command_buffer` and its `nestedCommandBuffer` feature.
    nested_command_buffer: bool,
    /// Whether to enable `VK_KHR_dynamic_rendering_local_read`, and with it its
    /// `dynamicRenderingLocalRead` feature.
    local_read: Option<bool>,
    /// Whether to enable extended dynamic state 2 and 3 with the features lavapipe has, and the
    /// extensions whose states they make dynamic (color write enable, depth clip enable and
    /// control, provoking vertex, line rasterization with its stippled lines).
    dynamic_state3: bool,
    /// With `dynamic_state3`: the line rasterization features (rectangular, Bresenham, smooth
    /// lines, then their stippled kinds); rectangular and stippled rectangular lines unless set.
    line_features: [bool; 6],
    /// Whether to enable `VK_EXT_dynamic_rendering_unused_attachments` and its feature.
    unused_attachments: bool,
    /// Whether to enable ray queries and ray tracing pipelines (`VK_KHR_ray_query`,
    /// `VK_KHR_ray_tracing_pipeline`, `VK_KHR_acceleration_structure` and what it needs) with
    /// their features.
    ray_tracing: bool,
    /// Whether to enable `VK_EXT_descriptor_buffer` and its `descriptorBuffer` feature.
    descriptor_buffer: bool,
    /// Whether to enable `VK_EXT_pipeline_protected_access` and its feature.
    pipeline_protected_access: bool,
}

impl Default for ContextBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ContextBuilder {
    /// No explicit layers, Vulkan 1.3, only `VK_EXT_debug_utils` enabled.
    pub fn new() -> Self {
        ContextBuilder {
            layers: Vec::new(),
            api_version: vk::API_VERSION_1_3,
            instance_extensions: Vec::new(),
            device_extensions: Vec::new(),
            features: vk::PhysicalDeviceFeatures::default(),
            vulkan12_features: None,
            vulkan13_features: None,
            maintenance5: false,
            maintenance6: false,
            shader_object: false,
            vigil_settings: Vec::new(),
            vertex_input_dynamic_state: false,
            null_descriptor: false,
            multi_draw: false,
            primitives_generated_query: false,
            mutable_descriptor_type: false,
            graphics_pipeline_library: false,
            feedback_loop_layout: false,
            mesh_shader: false,
            task_shader: false,
            transform_feedback: None,
            nv_raster_features: false,
            primitive_shading_rate: false,
            dedicated_image_aliasing: false,
            geometry_streams: false,
            more_queue_families: Vec::new(),
            vulkan11_features: None,
            nested_command_buffer: false,
            local_read: None,
            dynamic_state3: false,
            line_features: [true, false, false, true, false, false],
            unused_attachments: false,
            ray_tracing: false,
            descriptor_buffer: false,
            pipeline_protected_access: false,
        }
    }

    /// A Vigil setting, passed in `VkLayerSettingsCreateInfoEXT` (the loader passes the
    /// structure down even where it does not know the extension).
    pub fn vigil_setting(mut self, key: &str, value: &str) -> Self {
        self.vigil_settings.push((CString::new(key).unwrap(), CString::new(value).unwrap()));
        self
    }

    /// The explicit layers, in `ppEnabledLayerNames` order: first = closest to the application.
    pub fn layers(mut self, layers: &[&str]) -> Self {
        self.layers = layers.iter().map(|l| CString::new(*l).expect("layer name without NUL")).collect();
        self
    }

    /// `VkApplicationInfo::apiVersion`.
    pub fn api_version(mut self, version: u32) -> Self {
        self.api_version = version;
        self
    }

    /// Instance extensions besides `VK_EXT_debug_utils`, which is always on.
    pub fn instance_extensions(mut self, names: &[&CStr]) -> Self {
        self.instance_extensions = names.iter().map(|n| (*n).to_owned()).collect();
        self
    }

    /// Core features to enable (`pEnabledFeatures`).
    pub fn features(mut self, features: vk::PhysicalDeviceFeatures) -> Self {
        self.features = features;
        self
    }

    /// Vulkan 1.2 features to enable, chained as `VkPhysicalDeviceVulkan12Features`.
    pub fn vulkan12_features(mut self, features: vk::PhysicalDeviceVulkan12Features<'static>) -> Self {
        self.vulkan12_features = Some(features);
        self
    }

    /// Vulkan 1.3 features to enable, chained as `VkPhysicalDeviceVulkan13Features`.
    pub fn vulkan13_features(mut self, features: vk::PhysicalDeviceVulkan13Features<'static>) -> Self {
        self.vulkan13_features = Some(features);
        self
    }

    /// Enables `VK_KHR_maintenance6` and its `maintenance6` feature (vkCmdBindDescriptorSets2).
    pub fn maintenance6(mut self) -> Self {
        self.maintenance6 = true;
        self
    }

    /// Enables `VK_KHR_maintenance5` and its `maintenance5` feature.
    pub fn maintenance5(mut self) -> Self {
        self.maintenance5 = true;
        self
    }

    /// Enables `VK_EXT_shader_object` and its `shaderObject` feature.
    pub fn shader_object(mut self) -> Self {
        self.shader_object = true;
        self
    }

    /// Enables `VK_EXT_vertex_input_dynamic_state` and its `vertexInputDynamicState` feature.
    pub fn vertex_input_dynamic_state(mut self) -> Self {
        self.vertex_input_dynamic_state = true;
        self
    }

    /// Enables `VK_EXT_robustness2` and its `nullDescriptor` feature.
    pub fn null_descriptor(mut self) -> Self {
        self.null_descriptor = true;
        self
    }

    /// Vulkan 1.1 features to enable.
    pub fn vulkan11_features(mut self, features: vk::PhysicalDeviceVulkan11Features<'static>) -> Self {
        self.vulkan11_features = Some(features);
        self
    }

    /// Enables `VK_EXT_nested_command_buffer` and its `nestedCommandBuffer` feature.
    pub fn nested_command_buffer(mut self) -> Self {
        self.nested_command_buffer = true;
        self
    }

    /// Enables `VK_KHR_dynamic_rendering_local_read`, and its `dynamicRenderingLocalRead`
    /// feature when `feature`.
    pub fn dynamic_rendering_local_read(mut self, feature: bool) -> Self {
        self.local_read = Some(feature);
        self
    }

    /// Enables `VK_EXT_extended_dynamic_state2` and `3` with every feature lavapipe has of them,
    /// and `VK_EXT_color_write_enable`, `VK_EXT_depth_clip_enable`, `VK_EXT_depth_clip_control`,
    /// `VK_EXT_provoking_vertex` and `VK_KHR_line_rasterization` with their features.
    pub fn extended_dynamic_state3(mut self) -> Self {
        self.dynamic_state3 = true;
        self
    }

    /// With [`Self::extended_dynamic_state3`], the line rasterization features to enable instead of
    /// rectangular and stippled rectangular lines: `lines` (rectangular, Bresenham, smooth) and
    /// `stippled` (the same three, stippled).
    pub fn line_features(mut self, lines: [bool; 3], stippled: [bool; 3]) -> Self {
        self.line_features = [lines[0], lines[1], lines[2], stippled[0], stippled[1], stippled[2]];
        self
    }

    /// Enables `VK_EXT_dynamic_rendering_unused_attachments` and its
    /// `dynamicRenderingUnusedAttachments` feature.
    pub fn dynamic_rendering_unused_attachments(mut self) -> Self {
        self.unused_attachments = true;
        self
    }

    /// Enables `VK_EXT_attachment_feedback_loop_layout` and its `attachmentFeedbackLoopLayout`
    /// feature.
    pub fn attachment_feedback_loop_layout(mut self) -> Self {
        self.feedback_loop_layout = true;
        self
    }

    /// Enables `VK_EXT_graphics_pipeline_library`, `VK_KHR_pipeline_library` and the
    /// `graphicsPipelineLibrary` feature.
    pub fn graphics_pipeline_library(mut self) -> Self {
        self.graphics_pipeline_library = true;
        self
    }

    /// Enables `VK_EXT_mutable_descriptor_type` and its `mutableDescriptorType` feature (host-only
    /// descriptor pools, mutable descriptors).
    pub fn mutable_descriptor_type(mut self) -> Self {
        self.mutable_descriptor_type = true;
        self
    }

    /// Enables ray queries and ray tracing pipelines with their features (`rayQuery`,
    /// `rayTracingPipeline`, `accelerationStructure`); the caller enables `bufferDeviceAddress`.
    pub fn ray_tracing(mut self) -> Self {
        self.ray_tracing = true;
        self
    }

    /// Enables `VK_EXT_descriptor_buffer` and its `descriptorBuffer` feature; the caller enables
    /// `bufferDeviceAddress`.
    pub fn descriptor_buffer(mut self) -> Self {
        self.descriptor_buffer = true;
        self
    }

    /// Enables `VK_EXT_pipeline_protected_access` and its `pipelineProtectedAccess` feature.
    pub fn pipeline_protected_access(mut self) -> Self {
        self.pipeline_protected_access = true;
        self
    }

    /// Enables `VK_EXT_primitives_generated_query` and its `primitivesGeneratedQuery` feature (not
    /// the features for rasterizer discard or non-zero streams).
    pub fn primitives_generated_query(mut self) -> Self {
        self.primitives_generated_query = true;
        self
    }

    /// Enables `VK_EXT_multi_draw` and its `multiDraw` feature.
    pub fn multi_draw(mut self) -> Self {
        self.multi_draw = true;
        self
    }

    /// Enables `VK_EXT_mesh_shader` and its `meshShader` feature.
    pub fn mesh_shader(mut self) -> Self {
        self.mesh_shader = true;
        self
    }

    /// Enables `VK_EXT_mesh_shader` with its `meshShader` and `taskShader` features.
    pub fn task_shader(mut self) -> Self {
        self.mesh_shader = true;
        self.task_shader = true;
        self
    }

    /// Enables the `primitiveFragmentShadingRate` feature (with `VK_KHR_fragment_shading_rate`
    /// among [`Self::device_extensions`]; lavapipe has neither: the shim's
    /// `fragment-shading-rate` offers them).
    pub fn primitive_shading_rate(mut self) -> Self {
        self.primitive_shading_rate = true;
        self
    }

    /// Enables `VK_NV_dedicated_allocation_image_aliasing` and its
    /// `dedicatedAllocationImageAliasing` feature (the driver shim's `dedicated-image-aliasing`).
    pub fn dedicated_image_aliasing(mut self) -> Self {
        self.dedicated_image_aliasing = true;
        self
    }

    /// Enables the `shadingRateImage`, `representativeFragmentTest` and `coverageReductionMode`
    /// features (with `VK_NV_shading_rate_image`, `VK_NV_representative_fragment_test` and
    /// `VK_NV_coverage_reduction_mode` among [`Self::device_extensions`]).
    pub fn nv_raster_features(mut self) -> Self {
        self.nv_raster_features = true;
        self
    }

    /// Enables `VK_EXT_transform_feedback` and its `geometryStreams` feature (with
    /// `transformFeedback` only where [`Self::transform_feedback`] asks for it).
    pub fn geometry_streams(mut self) -> Self {
        self.geometry_streams = true;
        self.transform_feedback = Some(self.transform_feedback.unwrap_or(false));
        self
    }

    /// Enables `VK_EXT_transform_feedback`, and its `transformFeedback` feature when `feature`.
    pub fn transform_feedback(mut self, feature: bool) -> Self {
        self.transform_feedback = Some(feature);
        self
    }

    /// Device extensions.
    pub fn device_extensions(mut self, names: &[&CStr]) -> Self {
        self.device_extensions = names.iter().map(|n| (*n).to_owned()).collect();
        self
    }

    /// [`build`](Self::build) for negative cases: asserts that Vigil is in the call chain, and
    /// has the messenger ask Vigil to skip every call it reports an error for (so invalid calls
    /// never reach lavapipe).
    pub fn build_skipping_errors(&self, entry: &ash::Entry) -> Context {
        let ctx = self.build(entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        ctx.messages.skip_errors(true);
        ctx
    }

    /// Creates one queue of each of `families` too (beside the graphics and compute family's).
    pub fn more_queue_families(mut self, families: &[u32]) -> Self {
        self.more_queue_families = families.to_vec();
        self
    }

    /// Creates the instance (with a debug-utils messenger, also chained into creation), picks
    /// lavapipe and creates a device with one graphics+compute queue. Panics on any failure.
    pub fn build(&self, entry: &ash::Entry) -> Context {
        let messages = MessageLog::new();
        let instance = self.create_instance(entry, &messages);
        let debug_utils = ext::debug_utils::Instance::new(entry, &instance);
        // SAFETY: valid create info; `messages` lives in the Context, past the messenger.
        let messenger = unsafe { debug_utils.create_debug_utils_messenger(&messages.create_info(), None) }
            .expect("vkCreateDebugUtilsMessengerEXT");
        let physical_device = pick_lavapipe(&instance);
        let queue_family = graphics_compute_family(&instance, physical_device);
        let priorities = [1.0f32];
        let queues: Vec<_> = std::iter::once(queue_family)
            .chain(self.more_queue_families.iter().copied())
            .map(|f| vk::DeviceQueueCreateInfo::default().queue_family_index(f).queue_priorities(&priorities))
            .collect();
        let mut extensions: Vec<_> = self.device_extensions.iter().map(|e| e.as_ptr()).collect();
        if self.maintenance6 {
            extensions.push(ash::khr::maintenance6::NAME.as_ptr());
        }
        if self.maintenance5 {
            extensions.push(ash::khr::maintenance5::NAME.as_ptr());
        }
        if self.shader_object {
            extensions.push(ash::ext::shader_object::NAME.as_ptr());
        }
        if self.vertex_input_dynamic_state {
            extensions.push(ash::ext::vertex_input_dynamic_state::NAME.as_ptr());
        }
        if self.null_descriptor {
            extensions.push(ash::ext::robustness2::NAME.as_ptr());
        }
        if self.primitives_generated_query {
            extensions.push(ash::ext::primitives_generated_query::NAME.as_ptr());
        }
        if self.mutable_descriptor_type {
            extensions.push(ash::ext::mutable_descriptor_type::NAME.as_ptr());
        }
        if self.feedback_loop_layout {
            extensions.push(ash::ext::attachment_feedback_loop_layout::NAME.as_ptr());
        }
        if self.graphics_pipeline_library {
            extensions.push(ash::ext::graphics_pipeline_library::NAME.as_ptr());
            extensions.push(ash::khr::pipeline_library::NAME.as_ptr());
        }
        if self.multi_draw {
            extensions.push(ash::ext::multi_draw::NAME.as_ptr());
        }
        if self.mesh_shader {
            extensions.push(ash::ext::mesh_shader::NAME.as_ptr());
        }
        if self.transform_feedback.is_some() {
            extensions.push(ash::ext::transform_feedback::NAME.as_ptr());
        }
        if self.nested_command_buffer {
            extensions.push(ash::ext::nested_command_buffer::NAME.as_ptr());
        }
        if self.local_read.is_some() {
            extensions.push(ash::khr::dynamic_rendering_local_read::NAME.as_ptr());
        }
        if self.unused_attachments {
            extensions.push(ash::ext::dynamic_rendering_unused_attachments::NAME.as_ptr());
        }
        if self.ray_tracing {
            extensions.extend([
                ash::khr::acceleration_structure::NAME.as_ptr(),
                ash::khr::deferred_host_operations::NAME.as_ptr(),
                ash::khr::ray_query::NAME.as_ptr(),
                ash::khr::ray_tracing_pipeline::NAME.as_ptr(),
            ]);
        }
        if self.descriptor_buffer {
            extensions.push(ash::ext::descriptor_buffer::NAME.as_ptr());
        }
        if self.pipeline_protected_access {
            extensions.push(ash::ext::pipeline_protected_access::NAME.as_ptr());
        }
        if self.dedicated_image_aliasing {
            extensions.push(ash::nv::dedicated_allocation_image_aliasing::NAME.as_ptr());
        }
        if self.dynamic_state3 {
            extensions.extend([
                ash::ext::extended_dynamic_state2::NAME.as_ptr(),
                ash::ext::extended_dynamic_state3::NAME.as_ptr(),
                ash::ext::color_write_enable::NAME.as_ptr(),
                ash::ext::depth_clip_enable::NAME.as_ptr(),
                ash::ext::depth_clip_control::NAME.as_ptr(),
                ash::ext::provoking_vertex::NAME.as_ptr(),
                ash::khr::line_rasterization::NAME.as_ptr(),
            ]);
        }
        let mut info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .enabled_extension_names(&extensions)
            .enabled_features(&self.features);
        let mut vulkan12 =
            self.vulkan12_features.map(|f| vk::PhysicalDeviceVulkan12Features { p_next: std::ptr::null_mut(), ..f });
        let mut vulkan13 =
            self.vulkan13_features.map(|f| vk::PhysicalDeviceVulkan13Features { p_next: std::ptr::null_mut(), ..f });
        let mut vulkan11 =
            self.vulkan11_features.map(|f| vk::PhysicalDeviceVulkan11Features { p_next: std::ptr::null_mut(), ..f });
        if let Some(f) = vulkan11.as_mut() {
            info = info.push_next(f);
        }
        if let Some(f) = vulkan12.as_mut() {
            info = info.push_next(f);
        }
        if let Some(f) = vulkan13.as_mut() {
            info = info.push_next(f);
        }
        let mut maintenance6 = vk::PhysicalDeviceMaintenance6FeaturesKHR::default().maintenance6(true);
        if self.maintenance6 {
            info = info.push_next(&mut maintenance6);
        }
        let mut maintenance5 = vk::PhysicalDeviceMaintenance5FeaturesKHR::default().maintenance5(true);
        if self.maintenance5 {
            info = info.push_next(&mut maintenance5);
        }
        let mut shader_object = vk::PhysicalDeviceShaderObjectFeaturesEXT::default().shader_object(true);
        if self.shader_object {
            info = info.push_next(&mut shader_object);
        }
        let mut vertex_input =
            vk::PhysicalDeviceVertexInputDynamicStateFeaturesEXT::default().vertex_input_dynamic_state(true);
        if self.vertex_input_dynamic_state {
            info = info.push_next(&mut vertex_input);
        }
        let mut robustness2 = vk::PhysicalDeviceRobustness2FeaturesEXT::default().null_descriptor(true);
        if self.null_descriptor {
            info = info.push_next(&mut robustness2);
        }
        let mut feedback =
            vk::PhysicalDeviceAttachmentFeedbackLoopLayoutFeaturesEXT::default().attachment_feedback_loop_layout(true);
        if self.feedback_loop_layout {
            info = info.push_next(&mut feedback);
        }
        let mut library =
            vk::PhysicalDeviceGraphicsPipelineLibraryFeaturesEXT::default().graphics_pipeline_library(true);
        if self.graphics_pipeline_library {
            info = info.push_next(&mut library);
        }
        let mut mutable = vk::PhysicalDeviceMutableDescriptorTypeFeaturesEXT::default().mutable_descriptor_type(true);
        if self.mutable_descriptor_type {
            info = info.push_next(&mut mutable);
        }
        let mut generated =
            vk::PhysicalDevicePrimitivesGeneratedQueryFeaturesEXT::default().primitives_generated_query(true);
        if self.primitives_generated_query {
            info = info.push_next(&mut generated);
        }
        let mut multi_draw = vk::PhysicalDeviceMultiDrawFeaturesEXT::default().multi_draw(true);
        if self.multi_draw {
            info = info.push_next(&mut multi_draw);
        }
        let mut mesh_shader =
            vk::PhysicalDeviceMeshShaderFeaturesEXT::default().mesh_shader(true).task_shader(self.task_shader);
        if self.mesh_shader {
            info = info.push_next(&mut mesh_shader);
        }
        let mut transform_feedback = vk::PhysicalDeviceTransformFeedbackFeaturesEXT::default()
            .transform_feedback(self.transform_feedback.unwrap_or(false))
            .geometry_streams(self.geometry_streams);
        let mut shading_rate = vk::PhysicalDeviceShadingRateImageFeaturesNV::default().shading_rate_image(true);
        let mut representative =
            vk::PhysicalDeviceRepresentativeFragmentTestFeaturesNV::default().representative_fragment_test(true);
        let mut reduction = vk::PhysicalDeviceCoverageReductionModeFeaturesNV::default().coverage_reduction_mode(true);
        let mut primitive_rate =
            vk::PhysicalDeviceFragmentShadingRateFeaturesKHR::default().primitive_fragment_shading_rate(true);
        if self.primitive_shading_rate {
            info = info.push_next(&mut primitive_rate);
        }
        let mut image_aliasing = vk::PhysicalDeviceDedicatedAllocationImageAliasingFeaturesNV::default()
            .dedicated_allocation_image_aliasing(true);
        if self.dedicated_image_aliasing {
            info = info.push_next(&mut image_aliasing);
        }
        if self.nv_raster_features {
            info = info.push_next(&mut shading_rate).push_next(&mut representative).push_next(&mut reduction);
        }
        if self.transform_feedback.is_some() {
            info = info.push_next(&mut transform_feedback);
        }
        let mut local_read = vk::PhysicalDeviceDynamicRenderingLocalReadFeaturesKHR::default()
            .dynamic_rendering_local_read(self.local_read.unwrap_or(false));
        if self.local_read.is_some() {
            info = info.push_next(&mut local_read);
        }
        let mut eds2 = vk::PhysicalDeviceExtendedDynamicState2FeaturesEXT::default()
            .extended_dynamic_state2(true)
            .extended_dynamic_state2_logic_op(true)
            .extended_dynamic_state2_patch_control_points(true);
        let mut eds3 = vk::PhysicalDeviceExtendedDynamicState3FeaturesEXT::default()
            .extended_dynamic_state3_tessellation_domain_origin(true)
            .extended_dynamic_state3_depth_clamp_enable(true)
            .extended_dynamic_state3_polygon_mode(true)
            .extended_dynamic_state3_rasterization_samples(true)
            .extended_dynamic_state3_sample_mask(true)
            .extended_dynamic_state3_alpha_to_coverage_enable(true)
            .extended_dynamic_state3_alpha_to_one_enable(true)
            .extended_dynamic_state3_logic_op_enable(true)
            .extended_dynamic_state3_color_blend_enable(true)
            .extended_dynamic_state3_color_blend_equation(true)
            .extended_dynamic_state3_color_write_mask(true)
            .extended_dynamic_state3_depth_clip_enable(true)
            .extended_dynamic_state3_provoking_vertex_mode(true)
            .extended_dynamic_state3_line_rasterization_mode(true)
            .extended_dynamic_state3_line_stipple_enable(true)
            .extended_dynamic_state3_depth_clip_negative_one_to_one(true);
        let mut color_write = vk::PhysicalDeviceColorWriteEnableFeaturesEXT::default().color_write_enable(true);
        let mut clip_enable = vk::PhysicalDeviceDepthClipEnableFeaturesEXT::default().depth_clip_enable(true);
        let mut clip_control = vk::PhysicalDeviceDepthClipControlFeaturesEXT::default().depth_clip_control(true);
        let mut provoking = vk::PhysicalDeviceProvokingVertexFeaturesEXT::default().provoking_vertex_last(true);
        let l = self.line_features;
        let mut lines = vk::PhysicalDeviceLineRasterizationFeaturesKHR::default()
            .rectangular_lines(l[0])
            .bresenham_lines(l[1])
            .smooth_lines(l[2])
            .stippled_rectangular_lines(l[3])
            .stippled_bresenham_lines(l[4])
            .stippled_smooth_lines(l[5]);
        if self.dynamic_state3 {
            info = info
                .push_next(&mut eds2)
                .push_next(&mut eds3)
                .push_next(&mut color_write)
                .push_next(&mut clip_enable)
                .push_next(&mut clip_control)
                .push_next(&mut provoking)
                .push_next(&mut lines);
        }
        let mut unused = vk::PhysicalDeviceDynamicRenderingUnusedAttachmentsFeaturesEXT::default()
            .dynamic_rendering_unused_attachments(true);
        if self.unused_attachments {
            info = info.push_next(&mut unused);
        }
        let mut acceleration_structure =
            vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default().acceleration_structure(true);
        let mut ray_query = vk::PhysicalDeviceRayQueryFeaturesKHR::default().ray_query(true);
        let mut ray_tracing = vk::PhysicalDeviceRayTracingPipelineFeaturesKHR::default().ray_tracing_pipeline(true);
        if self.ray_tracing {
            info = info.push_next(&mut acceleration_structure).push_next(&mut ray_query).push_next(&mut ray_tracing);
        }
        let mut descriptor_buffer = vk::PhysicalDeviceDescriptorBufferFeaturesEXT::default().descriptor_buffer(true);
        if self.descriptor_buffer {
            info = info.push_next(&mut descriptor_buffer);
        }
        let mut protected_access =
            vk::PhysicalDevicePipelineProtectedAccessFeaturesEXT::default().pipeline_protected_access(true);
        if self.pipeline_protected_access {
            info = info.push_next(&mut protected_access);
        }
        let mut nested = vk::PhysicalDeviceNestedCommandBufferFeaturesEXT::default().nested_command_buffer(true);
        if self.nested_command_buffer {
            info = info.push_next(&mut nested);
        }
        // SAFETY: valid create info for a physical device of this instance.
        let device = unsafe { instance.create_device(physical_device, &info, None) }
            .unwrap_or_else(|e| panic!("vkCreateDevice with extensions {:?} failed: {e}", self.device_extensions));
        // SAFETY: the family and index exist, as created above.
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        Context {
            entry: entry.clone(),
            instance,
            debug_utils,
            messenger,
            messages,
            physical_device,
            device,
            queue,
            queue_family,
        }
    }

    /// Creates just the instance, with `messages` chained in so instance creation reports too.
    pub fn create_instance(&self, entry: &ash::Entry, messages: &MessageLog) -> ash::Instance {
        let app = vk::ApplicationInfo::default()
            .application_name(c"vigil-tests")
            .engine_name(c"vigil-tests")
            .api_version(self.api_version);
        let layers: Vec<_> = self.layers.iter().map(|l| l.as_ptr()).collect();
        let mut extensions: Vec<_> = self.instance_extensions.iter().map(|e| e.as_ptr()).collect();
        if !self.instance_extensions.iter().any(|e| e.as_c_str() == ext::debug_utils::NAME) {
            extensions.push(ext::debug_utils::NAME.as_ptr());
        }
        let mut messenger_info = messages.create_info();
        let values: Vec<*const std::ffi::c_char> = self.vigil_settings.iter().map(|(_, v)| v.as_ptr()).collect();
        let settings: Vec<vk::LayerSettingEXT> = self
            .vigil_settings
            .iter()
            .zip(&values)
            .map(|((k, _), v)| vk::LayerSettingEXT {
                p_layer_name: c"VK_LAYER_VIGIL_validation".as_ptr(),
                p_setting_name: k.as_ptr(),
                ty: vk::LayerSettingTypeEXT::STRING,
                value_count: 1,
                p_values: v as *const _ as *const std::ffi::c_void,
                ..Default::default()
            })
            .collect();
        let mut layer_settings = vk::LayerSettingsCreateInfoEXT::default().settings(&settings);
        let mut info = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layers)
            .enabled_extension_names(&extensions)
            .push_next(&mut messenger_info);
        if !settings.is_empty() {
            info = info.push_next(&mut layer_settings);
        }
        // SAFETY: valid create info; every pointer lives until the call returns.
        unsafe { entry.create_instance(&info, None) }
            .unwrap_or_else(|e| panic!("vkCreateInstance with layers {:?} failed: {e}", self.layers))
    }
}

/// A live instance, debug messenger and device on lavapipe; destroyed on drop, device first.
pub struct Context {
    /// The loader this context was made from (keeps it loaded).
    pub entry: ash::Entry,
    /// The instance.
    pub instance: ash::Instance,
    /// `VK_EXT_debug_utils` instance functions.
    pub debug_utils: ext::debug_utils::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
    /// Everything reported through debug utils, from instance creation on.
    pub messages: MessageLog,
    /// lavapipe.
    pub physical_device: vk::PhysicalDevice,
    /// The device.
    pub device: ash::Device,
    /// Queue 0 of `queue_family`.
    pub queue: vk::Queue,
    /// A family with graphics and compute.
    pub queue_family: u32,
}

impl Context {
    /// Whether Vigil is in this instance's call chain (see [`vigil_in_chain`]).
    pub fn vigil_in_chain(&self) -> bool {
        vigil_in_chain(&self.instance, self.physical_device)
    }

    /// The index of a memory type allowed by `type_bits` with all of `flags`.
    pub fn memory_type(&self, type_bits: u32, flags: vk::MemoryPropertyFlags) -> u32 {
        // SAFETY: a physical device of this instance.
        let props = unsafe { self.instance.get_physical_device_memory_properties(self.physical_device) };
        (0..props.memory_type_count)
            .find(|&i| type_bits & (1 << i) != 0 && props.memory_types[i as usize].property_flags.contains(flags))
            .unwrap_or_else(|| panic!("no memory type in {type_bits:#b} with {flags:?}"))
    }

    /// A buffer of `size` bytes for `usage`, bound to memory of its own (of the first type it
    /// allows); the caller destroys both.
    pub fn bound_buffer(&self, size: u64, usage: vk::BufferUsageFlags) -> (vk::Buffer, vk::DeviceMemory) {
        let d = &self.device;
        // SAFETY: valid create and allocate infos; the buffer is bound once.
        unsafe {
            let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None).unwrap();
            let req = d.get_buffer_memory_requirements(buffer);
            let ty = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
            d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            (buffer, memory)
        }
    }

    /// A command pool of the test queue's family whose command buffers reset one by one.
    pub fn resettable_pool(&self) -> vk::CommandPool {
        let info = vk::CommandPoolCreateInfo::default()
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER)
            .queue_family_index(self.queue_family);
        // SAFETY: a valid create info.
        unsafe { self.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool")
    }

    /// A render pass of one subpass with one single-sampled color attachment of `format` (not
    /// loaded, stored, from UNDEFINED to COLOR_ATTACHMENT_OPTIMAL).
    pub fn color_render_pass(&self, format: vk::Format) -> vk::RenderPass {
        let attachment = [vk::AttachmentDescription::default()
            .format(format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::STORE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
        let refs = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = [vk::SubpassDescription::default().color_attachments(&refs)];
        let info = vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass);
        // SAFETY: a valid create info.
        unsafe { self.device.create_render_pass(&info, None) }.expect("vkCreateRenderPass")
    }

    /// A new primary command buffer of `pool`, begun.
    pub fn recording_primary(&self, pool: vk::CommandPool) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1);
        // SAFETY: a valid allocate info; the command buffer is begun once.
        unsafe {
            let cb = self.device.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            self.device.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            cb
        }
    }

    /// A 2D view of a new image made with `image` (bound to memory of the first type it allows;
    /// neither is ever freed: for short tests), over all its mip levels and its first layer.
    pub fn image_view(
        &self,
        image: &vk::ImageCreateInfo<'_>,
        aspect: vk::ImageAspectFlags,
        components: vk::ComponentMapping,
    ) -> vk::ImageView {
        let d = &self.device;
        let (handle, _memory) = self.bound_image(image);
        // SAFETY: the image just made and bound.
        unsafe {
            let range =
                vk::ImageSubresourceRange::default().aspect_mask(aspect).level_count(image.mip_levels).layer_count(1);
            let info = vk::ImageViewCreateInfo::default()
                .image(handle)
                .view_type(vk::ImageViewType::TYPE_2D)
                .format(image.format)
                .components(components)
                .subresource_range(range);
            d.create_image_view(&info, None).expect("vkCreateImageView")
        }
    }

    /// A new image of `info`, bound to memory of its own (panics on failure).
    pub fn bound_image(&self, info: &vk::ImageCreateInfo<'_>) -> (vk::Image, vk::DeviceMemory) {
        let d = &self.device;
        // SAFETY: the caller's valid create info; memory of a type the image allows.
        unsafe {
            let image = d.create_image(info, None).expect("vkCreateImage");
            let req = d.get_image_memory_requirements(image);
            let ty = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
            d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            (image, memory)
        }
    }

    /// A view of a new 64×64 R8G8B8A8_UNORM colour attachment image (as
    /// [`image_view`](Self::image_view) makes it).
    pub fn color_attachment_view(&self) -> vk::ImageView {
        let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT;
        self.attachment_view(vk::Format::R8G8B8A8_UNORM, usage, vk::ImageAspectFlags::COLOR)
    }

    /// A view of the depth and stencil aspects of a new 64×64 D32_SFLOAT_S8_UINT depth/stencil
    /// attachment image (as [`image_view`](Self::image_view) makes it).
    pub fn depth_stencil_view(&self) -> vk::ImageView {
        let usage = vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
        let aspects = vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL;
        self.attachment_view(vk::Format::D32_SFLOAT_S8_UINT, usage, aspects)
    }

    /// A view of `aspects` of a new 64×64 single-sampled `format` image used as `usage`.
    pub fn attachment_view(
        &self,
        format: vk::Format,
        usage: vk::ImageUsageFlags,
        aspects: vk::ImageAspectFlags,
    ) -> vk::ImageView {
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(usage);
        self.image_view(&image, aspects, vk::ComponentMapping::default())
    }

    /// Records one primary command buffer with `record`, submits it and waits for it.
    pub fn submit_and_wait(&self, record: impl FnOnce(vk::CommandBuffer)) {
        let d = &self.device;
        // SAFETY: plain object creation, use and destruction on this device's own queue; the
        // wait on the fence orders the destruction after the GPU work.
        unsafe {
            let pool = d
                .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family), None)
                .expect("vkCreateCommandPool");
            let cmd = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(
                cmd,
                &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )
            .expect("vkBeginCommandBuffer");
            record(cmd);
            d.end_command_buffer(cmd).expect("vkEndCommandBuffer");
            let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
            let cmds = [cmd];
            d.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], fence)
                .expect("vkQueueSubmit");
            d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
            d.destroy_fence(fence, None);
            d.destroy_command_pool(pool, None);
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: children before parents; nothing else uses these handles any more.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.debug_utils.destroy_debug_utils_messenger(self.messenger, None);
            self.instance.destroy_instance(None);
        }
    }
}

/// The tools `vkGetPhysicalDeviceToolProperties` reports, as (name, purposes).
pub fn tools(instance: &ash::Instance, physical_device: vk::PhysicalDevice) -> Vec<(String, vk::ToolPurposeFlags)> {
    // SAFETY: a physical device of this instance, which was created for Vulkan 1.3.
    unsafe {
        let n = instance
            .get_physical_device_tool_properties_len(physical_device)
            .expect("vkGetPhysicalDeviceToolProperties");
        let mut out = vec![vk::PhysicalDeviceToolProperties::default(); n];
        instance
            .get_physical_device_tool_properties(physical_device, &mut out)
            .expect("vkGetPhysicalDeviceToolProperties");
        out.iter()
            .map(|t| (t.name_as_c_str().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), t.purposes))
            .collect()
    }
}

/// Whether Vigil is in the instance's call chain: it appends itself, as a validation tool named
/// "Vigil", to `vkGetPhysicalDeviceToolProperties`. (A requested but missing layer only makes
/// the loader warn, so a program's success proves nothing.)
pub fn vigil_in_chain(instance: &ash::Instance, physical_device: vk::PhysicalDevice) -> bool {
    tools(instance, physical_device)
        .iter()
        .any(|(name, purposes)| name == VIGIL_TOOL_NAME && purposes.contains(vk::ToolPurposeFlags::VALIDATION))
}

/// lavapipe among the instance's physical devices; panics, listing them, if it is absent.
pub fn pick_lavapipe(instance: &ash::Instance) -> vk::PhysicalDevice {
    // SAFETY: enumeration and property queries on a live instance (created for Vulkan 1.3, so
    // VkPhysicalDeviceDriverProperties is core).
    unsafe {
        let devices = instance.enumerate_physical_devices().expect("vkEnumeratePhysicalDevices");
        let mut seen = Vec::new();
        for &pd in &devices {
            let mut driver = vk::PhysicalDeviceDriverProperties::default();
            let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut driver);
            instance.get_physical_device_properties2(pd, &mut props);
            let name = props.properties.device_name_as_c_str().map(|n| n.to_string_lossy().into_owned());
            if driver.driver_id == vk::DriverId::MESA_LLVMPIPE {
                return pd;
            }
            seen.push(format!("{name:?} ({:?})", driver.driver_id));
        }
        panic!("no lavapipe (llvmpipe) device; found: {seen:?}");
    }
}

/// The first queue family with graphics and compute (or else one of them).
fn graphics_compute_family(instance: &ash::Instance, physical_device: vk::PhysicalDevice) -> u32 {
    // SAFETY: a physical device of this instance.
    let families = unsafe { instance.get_physical_device_queue_family_properties(physical_device) };
    // A graphics family where none has compute too (the driver shim's `no-compute-queue`), and a
    // compute family where none has graphics (`no-graphics-queue`).
    let want = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
    families
        .iter()
        .position(|f| f.queue_flags.contains(want))
        .or_else(|| families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::GRAPHICS)))
        .or_else(|| families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE)))
        .expect("no graphics or compute queue family") as u32
}

/// A 2D RGBA8 colour view of mip 0, layer 0 of `image`.
pub fn color_view_info(image: vk::Image) -> vk::ImageViewCreateInfo<'static> {
    vk::ImageViewCreateInfo::default()
        .image(image)
        .view_type(vk::ImageViewType::TYPE_2D)
        .format(vk::Format::R8G8B8A8_UNORM)
        .subresource_range(vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: 0,
            level_count: 1,
            base_array_layer: 0,
            layer_count: 1,
        })
}
