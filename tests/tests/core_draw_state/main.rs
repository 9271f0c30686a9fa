//! Draw-time state through the real loader on lavapipe: the dynamic states a bound graphics
//! pipeline leaves dynamic, set (and not invalidated by binding a pipeline with them static)
//! where their rules apply (rasterizing, the depth, stencil or depth bias test enabled, lines
//! drawn, a color attachment blending with a constant, the vertex input not dynamic), the
//! viewport and scissor counts set with count matching, and the index buffer of
//! indexed draws, bound and large enough, and a render pass pipeline drawn in an instance of a
//! compatible render pass, in its subpass, and not in a dynamic rendering instance, and no
//! depth or stencil writes to an aspect of the depth/stencil attachment in a read-only layout;
//! for the six core draws (the last rule for the multi-draws, vkCmdDrawIndirectByteCountEXT and
//! the `VK_EXT_mesh_shader` draws too). Each case records into a command buffer inside a dynamic rendering instance (or
//! a render pass instance): the exact ids of the invalid draw (skipped, so it never reaches
//! lavapipe), and its valid neighbour, which reports nothing. The extended dynamic state 2 and 3
//! rules run on a device with those extensions and the features their rules name (depth clamp,
//! alpha to one, logic op, depth clip enable and control, provoking vertex, stippled lines,
//! color write enable; the last per-attachment blend enable and write mask calls covering the
//! active attachments, the last sample mask covering the rasterization samples), with the topology
//! set dynamically against the tessellation control
//! stage and primitive restart against list and patch list topologies. Dynamic rendering
//! pipelines against the instance's view mask, attachment formats and sample counts, with and
//! without `dynamicRenderingUnusedAttachments`; no draw in an instance of secondary contents only;
//! no rasterization discard while a primitives generated query is active; direct draws in a
//! multiview instance within maxMultiviewInstanceIndex.
//!
//! Not here: the depth bounds rules (lavapipe has no `depthBounds` feature, so the depth bounds
//! test can never be enabled).

use std::cell::RefCell;
use std::collections::HashMap;

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

/// What the driver shim does where a case enables it: a device that restricts the topologies set
/// dynamically to the pipeline's topology class, whose provoking vertex mode is per render pass,
/// and that has the rasterization extensions lavapipe lacks, fragment shading rate and fragment
/// density maps, and protectedMemory (for protected command buffers).
const SHIM_SWITCHES: &str = "restricted-topology,provoking-vertex-per-render-pass,raster-state-extensions,\
                             fragment-shading-rate,fragment-density-map,protected-memory";
const VERTEX_SPV: &[u8] = include_bytes!("../../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/triangle.frag.spv");
const MESH_SPV: &[u8] = include_bytes!("../../shaders/empty.mesh.spv");
const TESS_CONTROL_SPV: &[u8] = include_bytes!("../../shaders/triangle.tesc.spv");
const TESS_EVAL_SPV: &[u8] = include_bytes!("../../shaders/triangle.tese.spv");
const INPUTS_SPV: &[u8] = include_bytes!("../../shaders/inputs.frag.spv");
const PRIMITIVE_RATE_SPV: &[u8] = include_bytes!("../../shaders/primitive-rate.vert.spv");

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    /// Viewport and scissor dynamic, then static.
    dynamic: vk::Pipeline,
    fixed: vk::Pipeline,
    view: vk::ImageView,
    /// A D32_SFLOAT_S8_UINT attachment, for pipelines with depth and stencil formats.
    depth: vk::ImageView,
    /// 12 bytes: six 16-bit indices.
    index: vk::Buffer,
    indirect: vk::Buffer,
    /// 64 bytes of vertex buffer.
    vertex: vk::Buffer,
    layout: vk::PipelineLayout,
    /// Pipelines by their dynamic states and shape, made once.
    pipelines: RefCell<HashMap<(Vec<vk::DynamicState>, Shape), vk::Pipeline>>,
}

/// What a test pipeline fixes statically besides its dynamic states.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Shape {
    /// `VK_PRIMITIVE_TOPOLOGY_LINE_LIST` instead of a triangle list.
    lines: bool,
    depth_bias: bool,
    discard: bool,
    /// Renders to a depth/stencil format (and the case records with a depth/stencil attachment).
    depth_format: bool,
    /// `pDepthStencilState` with the depth or the stencil test enabled.
    depth_test: bool,
    stencil_test: bool,
    /// Depth writes enabled.
    depth_write: bool,
    /// Both faces' stencil ops VK_STENCIL_OP_REPLACE (else KEEP), their write masks 0xff.
    stencil_writes: bool,
    /// Blending of its color attachment with the constant color.
    blend_constants: bool,
    /// No color attachment (`VkPipelineRenderingCreateInfo::colorAttachmentCount` 0).
    no_color: bool,
    /// A mesh shader (empty.mesh) instead of the vertex shader.
    mesh: bool,
    /// Its color attachment's writes discarded (`VkRenderingAttachmentLocationInfo` with
    /// location VK_ATTACHMENT_UNUSED; needs dynamicRenderingLocalRead).
    unused_location: bool,
    /// The fragment shader reads input attachment 0 (inputs.frag: set 0, binding 0).
    input_attachment: bool,
    /// Its depth and stencil attachments read as input attachment 0, its color attachment not
    /// at all (`VkRenderingInputAttachmentIndexInfo`; needs dynamicRenderingLocalRead).
    depth_stencil_input: bool,
    /// Tessellation control and evaluation shaders (triangle.tesc, triangle.tese), patches of
    /// three control points (needs tessellationShader).
    tessellation: bool,
    /// `logicOpEnable` VK_TRUE in its color blend state (needs logicOp).
    logic_op: bool,
    /// Its color attachment format: R8G8B8A8_SRGB instead of R8G8B8A8_UNORM.
    srgb: bool,
    /// Its color attachment format VK_FORMAT_UNDEFINED.
    undefined_color: bool,
    /// Four rasterization samples instead of one.
    four_samples: bool,
    /// View mask 1 instead of 0 (needs multiview).
    multiview: bool,
    /// With `depth_format`: depth attachment format D16_UNORM and no stencil format.
    d16: bool,
    /// With `depth_format`: stencil attachment format S8_UINT and no depth format.
    s8: bool,
    /// Two R8G8B8A8_UNORM color attachments.
    two_colors: bool,
    /// Provoking vertex mode VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT (needs provokingVertexLast).
    provoking_last: bool,
    /// Its color attachment format: R8G8B8A8_UINT (which cannot blend).
    uint_color: bool,
    /// Two discard rectangles (`VkPipelineDiscardRectangleStateCreateInfoEXT`; needs
    /// VK_EXT_discard_rectangles, which the shim's `raster-state-extensions` offers).
    discard_rectangles: bool,
    /// A chained `VkAttachmentSampleCountInfoAMD` with these color and depth/stencil sample
    /// counts (`VkSampleCountFlagBits`), where not 0 (needs VK_NV_framebuffer_mixed_samples, which
    /// the shim's `raster-state-extensions` offers).
    counted_samples: (u32, u32),
    /// Rasterizes vertex stream 1 (`VkPipelineRasterizationStateStreamCreateInfoEXT`; needs
    /// geometryStreams and the shim's `raster-state-extensions`).
    stream_one: bool,
    /// Sample locations enabled (`VkPipelineSampleLocationsStateCreateInfoEXT`, one location;
    /// needs VK_EXT_sample_locations, which the shim's `raster-state-extensions` offers).
    sample_locations: bool,
    /// A vertex shader that writes the `PrimitiveShadingRateKHR` built-in (primitive-rate.vert;
    /// needs primitiveFragmentShadingRate, which the shim's `fragment-shading-rate` offers).
    primitive_rate: bool,
    /// `VkPipelineCreateFlags` it is created with.
    create_flags: u32,
    /// With `create_flags`: given in a chained `VkPipelineCreateFlags2CreateInfo` instead
    /// (the create info's own flags then 0, and ignored).
    flags2: bool,
}

impl Fixture {
    fn new() -> Self {
        Self::with(|b| b)
    }

    /// With what `more` adds to the device.
    fn with(more: impl FnOnce(ContextBuilder) -> ContextBuilder) -> Self {
        // The driver shim is findable in every case (one environment per process), and enabled
        // only by `with_shim`.
        let entry = VulkanEnv::new().with_vigil_and_shim(SHIM_SWITCHES).entry();
        let builder = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .features(vk::PhysicalDeviceFeatures::default().multi_viewport(true))
            .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().draw_indirect_count(true))
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true));
        let ctx = more(builder).build_skipping_errors(&entry);
        let d = &ctx.device;
        // SAFETY: plain object creation with valid create infos.
        unsafe {
            let pool = d
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .queue_family_index(ctx.queue_family)
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                    None,
                )
                .expect("vkCreateCommandPool");
            let layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None).expect("layout");
            let dynamic =
                pipeline(&ctx, layout, &[vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR], Shape::default());
            let fixed = pipeline(&ctx, layout, &[], Shape::default());
            let view = ctx.color_attachment_view();
            let index = buffer(&ctx, 12, vk::BufferUsageFlags::INDEX_BUFFER);
            let indirect = buffer(&ctx, 64, vk::BufferUsageFlags::INDIRECT_BUFFER);
            let vertex = buffer(&ctx, 64, vk::BufferUsageFlags::VERTEX_BUFFER);
            let pipelines = RefCell::default();
            let depth = ctx.depth_stencil_view();
            Fixture { ctx, pool, dynamic, fixed, view, depth, index, indirect, vertex, layout, pipelines }
        }
    }

    /// The pipeline with `dynamic` states and `shape`.
    fn pipeline(&self, dynamic: &[vk::DynamicState], shape: Shape) -> vk::Pipeline {
        let key = (dynamic.to_vec(), shape);
        *self.pipelines.borrow_mut().entry(key).or_insert_with(|| pipeline(&self.ctx, self.layout, dynamic, shape))
    }

    /// [`Self::with`], the driver shim enabled below Vigil (behaving as [`SHIM_SWITCHES`] say).
    fn with_shim(more: impl FnOnce(ContextBuilder) -> ContextBuilder) -> Self {
        Self::with(|b| more(b.layers(&[VIGIL_LAYER, SHIM_LAYER])))
    }

    /// Records `record` inside a rendering instance; the ids reported while recording.
    fn ids(&self, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        self.ids_in(false, record)
    }

    /// [`Self::ids`], in an instance that also has the depth/stencil attachment where `depth`.
    fn ids_in(&self, depth: bool, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        let layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
        self.ids_in_layout(depth.then_some(layout), record)
    }

    /// [`Self::ids`], in an instance that also has the depth/stencil attachment, as its depth
    /// and its stencil attachment, in `depth`'s layout where it is some.
    fn ids_in_layout(
        &self,
        depth: Option<vk::ImageLayout>,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer),
    ) -> Vec<String> {
        let depth = depth.map(|layout| (self.depth, layout));
        self.ids_in_rendering(
            Rendering { color: self.view, second: None, depth, view_mask: 0, flags: vk::RenderingFlags::empty() },
            record,
        )
    }

    /// Records `record` inside a rendering instance with `rendering`'s attachments; the ids
    /// reported while recording.
    fn ids_in_rendering(
        &self,
        rendering: Rendering,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer),
    ) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: a command buffer of a resettable pool, recorded and never submitted.
        unsafe {
            let cb = self.ctx.recording_primary(self.pool);
            let attachment = |view| {
                vk::RenderingAttachmentInfo::default()
                    .image_view(view)
                    .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                    .load_op(vk::AttachmentLoadOp::DONT_CARE)
                    .store_op(vk::AttachmentStoreOp::STORE)
            };
            let attachments: Vec<_> =
                std::iter::once(rendering.color).chain(rendering.second).map(attachment).collect();
            let (depth_view, depth_layout) =
                rendering.depth.unwrap_or((vk::ImageView::null(), vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL));
            let depth_attachment = vk::RenderingAttachmentInfo::default()
                .image_view(depth_view)
                .image_layout(depth_layout)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE);
            let mut info = vk::RenderingInfo::default()
                .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() })
                .layer_count(1)
                .view_mask(rendering.view_mask)
                .flags(rendering.flags)
                .color_attachments(&attachments);
            if rendering.depth.is_some() {
                info = info.depth_attachment(&depth_attachment).stencil_attachment(&depth_attachment);
            }
            d.cmd_begin_rendering(cb, &info);
            let ids = self.ctx.messages.problem_ids_of(|| record(d, cb));
            d.cmd_end_rendering(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            ids
        }
    }
}

/// The attachments of a test's rendering instance: one color attachment (its view may be
/// null), the depth/stencil view as depth and stencil attachment in a layout, a view mask, flags.
#[derive(Clone, Copy)]
struct Rendering {
    color: vk::ImageView,
    /// A second color attachment's view, where some.
    second: Option<vk::ImageView>,
    depth: Option<(vk::ImageView, vk::ImageLayout)>,
    view_mask: u32,
    flags: vk::RenderingFlags,
}

/// A triangle (or line) pipeline for dynamic rendering to R8G8B8A8_UNORM with `dynamic` states
/// (no viewports or scissors where their counts are dynamic), one vertex binding (no attributes).
fn pipeline(ctx: &Context, layout: vk::PipelineLayout, dynamic: &[vk::DynamicState], shape: Shape) -> vk::Pipeline {
    pipeline_in(ctx, layout, dynamic, shape, vk::RenderPass::null())
}

/// [`pipeline`], for subpass 0 of `render_pass` where it is not null.
fn pipeline_in(
    ctx: &Context,
    layout: vk::PipelineLayout,
    dynamic: &[vk::DynamicState],
    shape: Shape,
    render_pass: vk::RenderPass,
) -> vk::Pipeline {
    pipeline_in_subpass(ctx, layout, dynamic, shape, (render_pass, 0))
}

/// [`pipeline`], for a subpass of a render pass where it is not null.
fn pipeline_in_subpass(
    ctx: &Context,
    layout: vk::PipelineLayout,
    dynamic: &[vk::DynamicState],
    shape: Shape,
    (render_pass, subpass): (vk::RenderPass, u32),
) -> vk::Pipeline {
    let d = &ctx.device;
    let (first, spv) = if shape.mesh {
        (vk::ShaderStageFlags::MESH_EXT, MESH_SPV)
    } else if shape.primitive_rate {
        (vk::ShaderStageFlags::VERTEX, PRIMITIVE_RATE_SPV)
    } else {
        (vk::ShaderStageFlags::VERTEX, VERTEX_SPV)
    };
    // A mesh pipeline ignores the vertex input and input assembly states.
    let vertex = vigil_tests::programs::shader_module(ctx, spv);
    let fragment =
        vigil_tests::programs::shader_module(ctx, if shape.input_attachment { INPUTS_SPV } else { FRAGMENT_SPV });
    let (control, evaluation) = if shape.tessellation {
        (
            vigil_tests::programs::shader_module(ctx, TESS_CONTROL_SPV),
            vigil_tests::programs::shader_module(ctx, TESS_EVAL_SPV),
        )
    } else {
        (vk::ShaderModule::null(), vk::ShaderModule::null())
    };
    let mut stages = vec![
        vk::PipelineShaderStageCreateInfo::default().stage(first).module(vertex).name(c"main"),
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::FRAGMENT)
            .module(fragment)
            .name(c"main"),
    ];
    if shape.tessellation {
        stages.extend([
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::TESSELLATION_CONTROL)
                .module(control)
                .name(c"main"),
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::TESSELLATION_EVALUATION)
                .module(evaluation)
                .name(c"main"),
        ]);
    }
    let tessellation = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(3);
    let bindings = [vk::VertexInputBindingDescription::default().binding(0).stride(16)];
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default().vertex_binding_descriptions(&bindings);
    let topology = match (shape.lines, shape.tessellation) {
        (true, _) => vk::PrimitiveTopology::LINE_LIST,
        (_, true) => vk::PrimitiveTopology::PATCH_LIST,
        _ => vk::PrimitiveTopology::TRIANGLE_LIST,
    };
    let input_assembly = vk::PipelineInputAssemblyStateCreateInfo::default().topology(topology);
    let viewports = [vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0)];
    let scissors = [vk::Rect2D::default().extent(vk::Extent2D { width: 64, height: 64 })];
    let mut viewport = vk::PipelineViewportStateCreateInfo::default();
    if !dynamic.contains(&vk::DynamicState::VIEWPORT_WITH_COUNT) {
        viewport = viewport.viewports(&viewports);
    }
    if !dynamic.contains(&vk::DynamicState::SCISSOR_WITH_COUNT) {
        viewport = viewport.scissors(&scissors);
    }
    let mut provoking = vk::PipelineRasterizationProvokingVertexStateCreateInfoEXT::default()
        .provoking_vertex_mode(vk::ProvokingVertexModeEXT::LAST_VERTEX);
    let mut raster = vk::PipelineRasterizationStateCreateInfo::default()
        .line_width(1.0)
        .depth_bias_enable(shape.depth_bias)
        .rasterizer_discard_enable(shape.discard);
    if shape.provoking_last {
        raster = raster.push_next(&mut provoking);
    }
    let mut stream = vk::PipelineRasterizationStateStreamCreateInfoEXT::default().rasterization_stream(1);
    if shape.stream_one {
        raster = raster.push_next(&mut stream);
    }
    let samples = if shape.four_samples { vk::SampleCountFlags::TYPE_4 } else { vk::SampleCountFlags::TYPE_1 };
    let location = [vk::SampleLocationEXT { x: 0.5, y: 0.5 }];
    let mut sample_locations =
        vk::PipelineSampleLocationsStateCreateInfoEXT::default().sample_locations_enable(true).sample_locations_info(
            vk::SampleLocationsInfoEXT::default()
                .sample_locations_per_pixel(vk::SampleCountFlags::TYPE_1)
                .sample_location_grid_size(vk::Extent2D { width: 1, height: 1 })
                .sample_locations(&location),
        );
    let mut multisample = vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(samples);
    if shape.sample_locations {
        multisample = multisample.push_next(&mut sample_locations);
    }
    let mut blend_attachment =
        vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA);
    if shape.blend_constants {
        blend_attachment = blend_attachment
            .blend_enable(true)
            .src_color_blend_factor(vk::BlendFactor::CONSTANT_COLOR)
            .dst_color_blend_factor(vk::BlendFactor::ZERO)
            .color_blend_op(vk::BlendOp::ADD)
            .src_alpha_blend_factor(vk::BlendFactor::ONE)
            .dst_alpha_blend_factor(vk::BlendFactor::ZERO)
            .alpha_blend_op(vk::BlendOp::ADD);
    }
    let blend_attachments = [blend_attachment, blend_attachment];
    let colors = match (shape.no_color, shape.two_colors) {
        (true, _) => 0,
        (_, true) => 2,
        _ => 1,
    };
    let blend = vk::PipelineColorBlendStateCreateInfo::default()
        .attachments(&blend_attachments[..colors])
        .logic_op_enable(shape.logic_op)
        .logic_op(vk::LogicOp::COPY);
    let op = if shape.stencil_writes { vk::StencilOp::REPLACE } else { vk::StencilOp::KEEP };
    let face = vk::StencilOpState::default()
        .fail_op(op)
        .pass_op(op)
        .depth_fail_op(op)
        .compare_op(vk::CompareOp::ALWAYS)
        .write_mask(0xff);
    let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default()
        .depth_test_enable(shape.depth_test)
        .depth_write_enable(shape.depth_write)
        .depth_compare_op(vk::CompareOp::LESS)
        .stencil_test_enable(shape.stencil_test)
        .front(face)
        .back(face);
    let dynamic_state = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(dynamic);
    let format = match (shape.srgb, shape.undefined_color) {
        _ if shape.uint_color => vk::Format::R8G8B8A8_UINT,
        (_, true) => vk::Format::UNDEFINED,
        (true, _) => vk::Format::R8G8B8A8_SRGB,
        _ => vk::Format::R8G8B8A8_UNORM,
    };
    let formats = [format, vk::Format::R8G8B8A8_UNORM];
    let mut rendering = vk::PipelineRenderingCreateInfo::default()
        .color_attachment_formats(&formats[..colors])
        .view_mask(u32::from(shape.multiview));
    if shape.depth_format && shape.d16 {
        rendering = rendering.depth_attachment_format(vk::Format::D16_UNORM);
    } else if shape.depth_format && shape.s8 {
        rendering = rendering.stencil_attachment_format(vk::Format::S8_UINT);
    } else if shape.depth_format {
        rendering = rendering.depth_attachment_format(DEPTH_FORMAT).stencil_attachment_format(DEPTH_FORMAT);
    }
    let info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend)
        .depth_stencil_state(&depth_stencil)
        .dynamic_state(&dynamic_state)
        .tessellation_state(&tessellation)
        .layout(layout)
        .render_pass(render_pass)
        .subpass(subpass)
        .push_next(&mut rendering);
    let unused = [vk::ATTACHMENT_UNUSED];
    let mut locations = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&unused);
    let info = if shape.unused_location { info.push_next(&mut locations) } else { info };
    let zero = 0;
    let mut inputs = vk::RenderingInputAttachmentIndexInfoKHR::default()
        .color_attachment_input_indices(&unused)
        .depth_input_attachment_index(&zero)
        .stencil_input_attachment_index(&zero);
    let info = if shape.depth_stencil_input { info.push_next(&mut inputs) } else { info };
    let rectangles = [SCISSOR; 2];
    let mut discard_rectangles = vk::PipelineDiscardRectangleStateCreateInfoEXT::default()
        .discard_rectangle_mode(vk::DiscardRectangleModeEXT::EXCLUSIVE)
        .discard_rectangles(&rectangles);
    let info = if shape.discard_rectangles { info.push_next(&mut discard_rectangles) } else { info };
    let counted = [vk::SampleCountFlags::from_raw(shape.counted_samples.0); 2];
    let mut counts = vk::AttachmentSampleCountInfoAMD::default()
        .color_attachment_samples(&counted[..colors])
        .depth_stencil_attachment_samples(vk::SampleCountFlags::from_raw(shape.counted_samples.1));
    let info = if shape.counted_samples != (0, 0) { info.push_next(&mut counts) } else { info };
    let mut flags2 = vk::PipelineCreateFlags2CreateInfoKHR::default()
        .flags(vk::PipelineCreateFlags2KHR::from_raw(u64::from(shape.create_flags)));
    let info = match shape.flags2 {
        true => info.push_next(&mut flags2),
        false => info.flags(vk::PipelineCreateFlags::from_raw(shape.create_flags)),
    };
    // SAFETY: a valid create info; the modules are no longer needed afterwards.
    unsafe {
        let p = d
            .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
            .map_err(|(_, e)| e)
            .expect("vkCreateGraphicsPipelines")[0];
        for module in [vertex, fragment, control, evaluation] {
            d.destroy_shader_module(module, None);
        }
        p
    }
}

/// Host-visible memory bound with `bind`.
fn bind(ctx: &Context, req: vk::MemoryRequirements, bind: impl FnOnce(vk::DeviceMemory) -> ash::prelude::VkResult<()>) {
    let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
    let info = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
    // SAFETY: a valid allocate info.
    let memory = unsafe { ctx.device.allocate_memory(&info, None) }.expect("vkAllocateMemory");
    bind(memory).expect("bind memory");
}

fn buffer(ctx: &Context, size: u64, usage: vk::BufferUsageFlags) -> vk::Buffer {
    let d = &ctx.device;
    // SAFETY: a valid create info.
    let b = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None) }.expect("buffer");
    // SAFETY: a live buffer.
    bind(ctx, unsafe { d.get_buffer_memory_requirements(b) }, |m| unsafe { d.bind_buffer_memory(b, m, 0) });
    b
}

const VIEWPORT: vk::Viewport =
    vk::Viewport { x: 0.0, y: 0.0, width: 64.0, height: 64.0, min_depth: 0.0, max_depth: 1.0 };
const SCISSOR: vk::Rect2D =
    vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 64, height: 64 } };

/// A draw command, by name.
type Draw<'a> = (&'static str, Box<dyn Fn(&ash::Device, vk::CommandBuffer) + 'a>);

/// The six core draws, by name.
fn draws(f: &Fixture) -> [Draw<'_>; 6] {
    let (buffer, count) = (f.indirect, 32);
    [
        // SAFETY (all six): draws recorded inside a rendering instance, their indirect
        // commands at 0 and their count at 32 in a 64-byte indirect buffer.
        ("vkCmdDraw", Box::new(|d, cb| unsafe { d.cmd_draw(cb, 3, 1, 0, 0) })),
        ("vkCmdDrawIndexed", Box::new(|d, cb| unsafe { d.cmd_draw_indexed(cb, 6, 1, 0, 0, 0) })),
        (
            "vkCmdDrawIndexedIndirect",
            Box::new(move |d, cb| unsafe { d.cmd_draw_indexed_indirect(cb, buffer, 0, 1, 20) }),
        ),
        (
            "vkCmdDrawIndexedIndirectCount",
            Box::new(move |d, cb| unsafe { d.cmd_draw_indexed_indirect_count(cb, buffer, 0, buffer, count, 1, 20) }),
        ),
        ("vkCmdDrawIndirect", Box::new(move |d, cb| unsafe { d.cmd_draw_indirect(cb, buffer, 0, 1, 16) })),
        (
            "vkCmdDrawIndirectCount",
            Box::new(move |d, cb| unsafe { d.cmd_draw_indirect_count(cb, buffer, 0, buffer, count, 1, 16) }),
        ),
    ]
}

#[test]
fn draw_state() {
    let f = Fixture::new();
    let draws = draws(&f);
    for (name, draw) in draws {
        let indexed = name.contains("Indexed");
        let index = |d: &ash::Device, cb| {
            if indexed {
                // SAFETY: a bound index buffer of six 16-bit indices.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
        };
        let set_both = |d: &ash::Device, cb| {
            // SAFETY: recording.
            unsafe {
                d.cmd_set_viewport(cb, 0, &[VIEWPORT]);
                d.cmd_set_scissor(cb, 0, &[SCISSOR]);
            }
        };
        let viewport = format!("VUID-{name}-None-07831");
        let scissor = format!("VUID-{name}-None-07832");
        // SAFETY (closures below): recording commands with live objects.
        // Neither set, then only the viewport, then both.
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, [viewport.clone(), scissor.clone()], "{name}");
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            unsafe { d.cmd_set_viewport(cb, 0, &[VIEWPORT]) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, std::slice::from_ref(&scissor), "{name}");
        let ids = f.ids(|d, cb| {
            // Set before the bind: binding a pipeline with them dynamic keeps them.
            set_both(d, cb);
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        // A pipeline with them static invalidates what was set.
        let ids = f.ids(|d, cb| {
            set_both(d, cb);
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, [viewport.clone(), scissor.clone()], "{name}");
        // The static pipeline needs nothing set.
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        if indexed {
            let ids = f.ids(|d, cb| {
                unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
                draw(d, cb);
            });
            assert_eq!(ids, [format!("VUID-{name}-None-07312")], "{name}");
        }
    }

    // vkCmdDrawIndexed reads six 16-bit indices from a 12-byte buffer: the boundary, then past it.
    // SAFETY (closures): recording with live objects.
    let indexed = |first: u32, count: u32, offset: u64| {
        f.ids(|d, cb| unsafe {
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
            d.cmd_bind_index_buffer(cb, f.index, offset, vk::IndexType::UINT16);
            d.cmd_draw_indexed(cb, count, 1, first, 0, 0);
        })
    };
    assert_eq!(indexed(0, 6, 0), NONE);
    assert_eq!(indexed(3, 3, 0), NONE);
    let past = ["VUID-vkCmdDrawIndexed-robustBufferAccess2-08798"];
    assert_eq!(indexed(0, 7, 0), past);
    assert_eq!(indexed(4, 3, 0), past);
    assert_eq!(indexed(0, 6, 2), past);
    assert_eq!(indexed(0, 5, 2), NONE);
}

/// Commands recorded before a draw.
type Rec = fn(&ash::Device, vk::CommandBuffer);

/// One "must have been set" case: a pipeline with `dynamic` states and `shape`, bound, then
/// `pre` recorded and a draw. `id`: the suffix of the id the draw reports (none: the rule does
/// not apply); `set`: what sets the missing state, after which the draw reports nothing. `R`
/// records commands.
struct Case<R = Rec> {
    dynamic: &'static [vk::DynamicState],
    shape: Shape,
    pre: R,
    set: Option<R>,
    id: Option<&'static str>,
}

const fn case<R>(
    dynamic: &'static [vk::DynamicState],
    shape: Shape,
    pre: R,
    set: Option<R>,
    id: Option<&'static str>,
) -> Case<R> {
    Case { dynamic, shape, pre, set, id }
}

/// Runs `cases` before each core draw: the exact id of each where its rule applies, none once
/// its state is set; `record` records an `R`.
fn run_cases<R: Copy>(f: &Fixture, cases: &[Case<R>], record: impl Fn(R, &ash::Device, vk::CommandBuffer)) {
    for (name, draw) in draws(f) {
        let index = |d: &ash::Device, cb| {
            if name.contains("Indexed") {
                // SAFETY: a bound index buffer of six 16-bit indices.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
        };
        for c in cases {
            let pipeline = f.pipeline(c.dynamic, c.shape);
            let run = |set: Option<R>| {
                f.ids_in(c.shape.depth_format, |d, cb| {
                    // SAFETY: a live pipeline.
                    unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline) };
                    record(c.pre, d, cb);
                    if let Some(set) = set {
                        record(set, d, cb);
                    }
                    index(d, cb);
                    draw(d, cb);
                })
            };
            let what = format!("{name} with {:?}, discarding: {}", c.dynamic, c.shape.discard);
            match c.id {
                Some(id) => assert_eq!(run(None), [format!("VUID-{name}-{id}")], "{what}"),
                None => assert_eq!(run(None), NONE, "{what}"),
            }
            if let Some(set) = c.set {
                assert_eq!(run(Some(set)), NONE, "{what}, set");
            }
        }
    }
}

const NO: Shape = Shape {
    lines: false,
    depth_bias: false,
    discard: false,
    depth_format: false,
    depth_test: false,
    stencil_test: false,
    depth_write: false,
    stencil_writes: false,
    blend_constants: false,
    no_color: false,
    mesh: false,
    unused_location: false,
    input_attachment: false,
    depth_stencil_input: false,
    tessellation: false,
    logic_op: false,
    srgb: false,
    undefined_color: false,
    four_samples: false,
    multiview: false,
    d16: false,
    s8: false,
    two_colors: false,
    provoking_last: false,
    uint_color: false,
    discard_rectangles: false,
    counted_samples: (0, 0),
    stream_one: false,
    sample_locations: false,
    primitive_rate: false,
    create_flags: 0,
    flags2: false,
};
const DEPTH_FORMAT: vk::Format = vk::Format::D32_SFLOAT_S8_UINT;
const LINES: Shape = Shape { lines: true, ..NO };
const BIAS: Shape = Shape { depth_bias: true, ..NO };
const DISCARD: Shape = Shape { discard: true, ..NO };
const DEPTH_TEST: Shape = Shape { depth_format: true, depth_test: true, ..NO };
const STENCIL_TEST: Shape = Shape { depth_format: true, stencil_test: true, ..NO };
const BLEND: Shape = Shape { blend_constants: true, ..NO };
const NOTHING: Rec = |_, _| {};

use vk::DynamicState as S;

/// The cases of each rule: where it applies, unset then set, and where its condition does not
/// hold.
// SAFETY (every closure): state-setting commands recorded in a command buffer being recorded.
fn cases() -> Vec<Case> {
    let discard_on: Rec = |d, cb| unsafe { d.cmd_set_rasterizer_discard_enable(cb, true) };
    let discard_off: Rec = |d, cb| unsafe { d.cmd_set_rasterizer_discard_enable(cb, false) };
    let mut cases = vec![
        case(
            &[S::PRIMITIVE_TOPOLOGY],
            NO,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_LIST) }),
            Some("None-07842"),
        ),
        case(&[S::RASTERIZER_DISCARD_ENABLE], NO, NOTHING, Some(discard_off), Some("None-04876")),
        case(
            &[S::PRIMITIVE_RESTART_ENABLE],
            NO,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_primitive_restart_enable(cb, false) }),
            Some("None-04879"),
        ),
        case(
            &[S::VIEWPORT_WITH_COUNT],
            NO,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_viewport_with_count(cb, &[VIEWPORT]) }),
            Some("viewportCount-03417"),
        ),
        case(
            &[S::SCISSOR_WITH_COUNT],
            NO,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_scissor_with_count(cb, &[SCISSOR]) }),
            Some("scissorCount-03418"),
        ),
        // Depth bias: enabled dynamically or statically.
        case(
            &[S::DEPTH_BIAS_ENABLE, S::DEPTH_BIAS],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_bias_enable(cb, true) },
            Some(|d, cb| unsafe { d.cmd_set_depth_bias(cb, 1.0, 0.0, 1.0) }),
            Some("None-07834"),
        ),
        case(
            &[S::DEPTH_BIAS_ENABLE, S::DEPTH_BIAS],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_bias_enable(cb, false) },
            None,
            None,
        ),
        case(
            &[S::DEPTH_BIAS],
            BIAS,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_depth_bias(cb, 1.0, 0.0, 1.0) }),
            Some("None-07834"),
        ),
        case(&[S::DEPTH_BIAS], NO, NOTHING, None, None),
        // The depth test enabled dynamically; without a depth attachment its static state is
        // ignored.
        case(
            &[S::DEPTH_TEST_ENABLE, S::DEPTH_WRITE_ENABLE],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_test_enable(cb, true) },
            Some(|d, cb| unsafe { d.cmd_set_depth_write_enable(cb, true) }),
            Some("None-07844"),
        ),
        case(
            &[S::DEPTH_TEST_ENABLE, S::DEPTH_WRITE_ENABLE],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_test_enable(cb, false) },
            None,
            None,
        ),
        case(
            &[S::DEPTH_TEST_ENABLE, S::DEPTH_COMPARE_OP],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_test_enable(cb, true) },
            Some(|d, cb| unsafe { d.cmd_set_depth_compare_op(cb, vk::CompareOp::LESS) }),
            Some("None-07845"),
        ),
        case(
            &[S::DEPTH_TEST_ENABLE, S::DEPTH_COMPARE_OP],
            NO,
            |d, cb| unsafe { d.cmd_set_depth_test_enable(cb, false) },
            None,
            None,
        ),
        case(&[S::DEPTH_WRITE_ENABLE, S::DEPTH_COMPARE_OP], NO, NOTHING, None, None),
        // The depth and stencil tests enabled statically: with a depth/stencil attachment, not
        // without (the pipeline's depth/stencil state is then ignored).
        case(
            &[S::DEPTH_WRITE_ENABLE],
            DEPTH_TEST,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_depth_write_enable(cb, true) }),
            Some("None-07844"),
        ),
        case(
            &[S::DEPTH_COMPARE_OP],
            DEPTH_TEST,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_depth_compare_op(cb, vk::CompareOp::LESS) }),
            Some("None-07845"),
        ),
        case(&[S::DEPTH_WRITE_ENABLE], Shape { depth_format: true, ..NO }, NOTHING, None, None),
        case(&[S::DEPTH_WRITE_ENABLE], Shape { depth_test: true, ..NO }, NOTHING, None, None),
        case(
            &[S::STENCIL_REFERENCE],
            STENCIL_TEST,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_stencil_reference(cb, vk::StencilFaceFlags::FRONT_AND_BACK, 1) }),
            Some("None-07839"),
        ),
        case(&[S::STENCIL_REFERENCE], Shape { stencil_test: true, ..NO }, NOTHING, None, None),
        // Blend constants: read by the attachment's blend factors, not discarded.
        case(
            &[S::BLEND_CONSTANTS],
            BLEND,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_blend_constants(cb, &[0.5; 4]) }),
            Some("None-07835"),
        ),
        case(&[S::BLEND_CONSTANTS], NO, NOTHING, None, None),
        case(&[S::BLEND_CONSTANTS, S::RASTERIZER_DISCARD_ENABLE], BLEND, discard_on, None, None),
        // Lines: a line list, or a line strip set dynamically; not triangles, not discarded.
        case(
            &[S::LINE_WIDTH],
            LINES,
            NOTHING,
            Some(|d, cb| unsafe { d.cmd_set_line_width(cb, 1.0) }),
            Some("None-08617"),
        ),
        case(&[S::LINE_WIDTH], NO, NOTHING, None, None),
        case(&[S::LINE_WIDTH], Shape { discard: true, ..LINES }, NOTHING, None, None),
        case(
            &[S::PRIMITIVE_TOPOLOGY, S::LINE_WIDTH],
            LINES,
            |d, cb| unsafe { d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::LINE_STRIP) },
            Some(|d, cb| unsafe { d.cmd_set_line_width(cb, 1.0) }),
            Some("None-08617"),
        ),
        case(
            &[S::PRIMITIVE_TOPOLOGY, S::LINE_WIDTH],
            NO,
            |d, cb| unsafe { d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_STRIP) },
            None,
            None,
        ),
    ];
    // The stencil states, with the stencil test enabled dynamically, then disabled.
    let stencil: [(vk::DynamicState, Rec, &str); 4] = [
        (
            S::STENCIL_COMPARE_MASK,
            |d, cb| unsafe { d.cmd_set_stencil_compare_mask(cb, vk::StencilFaceFlags::FRONT_AND_BACK, 0xff) },
            "None-07837",
        ),
        (
            S::STENCIL_WRITE_MASK,
            |d, cb| unsafe { d.cmd_set_stencil_write_mask(cb, vk::StencilFaceFlags::FRONT_AND_BACK, 0xff) },
            "None-07838",
        ),
        (
            S::STENCIL_REFERENCE,
            |d, cb| unsafe { d.cmd_set_stencil_reference(cb, vk::StencilFaceFlags::FRONT_AND_BACK, 1) },
            "None-07839",
        ),
        (
            S::STENCIL_OP,
            |d, cb| unsafe {
                let keep = vk::StencilOp::KEEP;
                d.cmd_set_stencil_op(cb, vk::StencilFaceFlags::FRONT_AND_BACK, keep, keep, keep, vk::CompareOp::ALWAYS)
            },
            "None-07848",
        ),
    ];
    for (state, set, id) in stencil {
        let dynamic: &'static [_] = Box::leak(Box::new([S::STENCIL_TEST_ENABLE, state]));
        cases.push(case(dynamic, NO, |d, cb| unsafe { d.cmd_set_stencil_test_enable(cb, true) }, Some(set), Some(id)));
        cases.push(case(dynamic, NO, |d, cb| unsafe { d.cmd_set_stencil_test_enable(cb, false) }, None, None));
    }
    // The states needed only while rasterizing: rasterizer discard disabled dynamically or
    // statically, then enabled either way.
    let rasterizing: [(vk::DynamicState, Rec, &str); 5] = [
        (S::CULL_MODE, |d, cb| unsafe { d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE) }, "None-07840"),
        (S::FRONT_FACE, |d, cb| unsafe { d.cmd_set_front_face(cb, vk::FrontFace::CLOCKWISE) }, "None-07841"),
        (S::DEPTH_TEST_ENABLE, |d, cb| unsafe { d.cmd_set_depth_test_enable(cb, false) }, "None-07843"),
        (S::STENCIL_TEST_ENABLE, |d, cb| unsafe { d.cmd_set_stencil_test_enable(cb, false) }, "None-07847"),
        (S::DEPTH_BIAS_ENABLE, |d, cb| unsafe { d.cmd_set_depth_bias_enable(cb, false) }, "None-04877"),
    ];
    for (state, set, id) in rasterizing {
        let alone: &'static [_] = Box::leak(Box::new([state]));
        let with_discard: &'static [_] = Box::leak(Box::new([S::RASTERIZER_DISCARD_ENABLE, state]));
        cases.push(case(alone, NO, NOTHING, Some(set), Some(id)));
        cases.push(case(with_discard, NO, discard_off, Some(set), Some(id)));
        cases.push(case(with_discard, NO, discard_on, None, None));
        cases.push(case(alone, DISCARD, NOTHING, None, None));
    }
    cases
}

#[test]
fn dynamic_states_must_be_set_where_their_rules_apply() {
    let f = Fixture::new();
    run_cases(&f, &cases(), |rec: Rec, d, cb| rec(d, cb));
}

#[test]
fn dynamic_states_invalidated_and_counts_matched() {
    let f = Fixture::new();
    let cull = f.pipeline(&[S::CULL_MODE], NO);
    let counts = f.pipeline(&[S::VIEWPORT_WITH_COUNT, S::SCISSOR_WITH_COUNT], NO);
    let stride = f.pipeline(&[S::VERTEX_INPUT_BINDING_STRIDE], NO);
    let bind = |d: &ash::Device, cb, p| unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, p) };
    for (name, draw) in draws(&f) {
        let index = |d: &ash::Device, cb| {
            if name.contains("Indexed") {
                // SAFETY: a bound index buffer of six 16-bit indices.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
        };
        // SAFETY (closures below): recording commands with live objects.
        // Set before the bind: kept by binding a pipeline with it dynamic, invalidated by one with
        // it static.
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE) };
            bind(d, cb, cull);
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE) };
            bind(d, cb, f.fixed);
            bind(d, cb, cull);
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, [format!("VUID-{name}-None-07840")], "{name}");
        // Viewport and scissor counts: one viewport and two scissors, then two of each; one of
        // them not set.
        let with_counts = |viewports: &[vk::Viewport], scissors: &[vk::Rect2D]| {
            f.ids(|d, cb| {
                bind(d, cb, counts);
                unsafe {
                    if !viewports.is_empty() {
                        d.cmd_set_viewport_with_count(cb, viewports);
                    }
                    if !scissors.is_empty() {
                        d.cmd_set_scissor_with_count(cb, scissors);
                    }
                }
                index(d, cb);
                draw(d, cb);
            })
        };
        assert_eq!(with_counts(&[VIEWPORT], &[SCISSOR, SCISSOR]), [format!("VUID-{name}-viewportCount-03419")]);
        assert_eq!(with_counts(&[VIEWPORT, VIEWPORT], &[SCISSOR]), [format!("VUID-{name}-viewportCount-03419")]);
        assert_eq!(with_counts(&[VIEWPORT, VIEWPORT], &[SCISSOR, SCISSOR]), NONE, "{name}");
        assert_eq!(with_counts(&[], &[SCISSOR]), [format!("VUID-{name}-viewportCount-03417")]);
        assert_eq!(with_counts(&[VIEWPORT], &[]), [format!("VUID-{name}-scissorCount-03418")]);
        // Vertex binding strides: set only by vkCmdBindVertexBuffers2 with strides.
        let with_strides = |strides: Option<&[u64]>| {
            f.ids(|d, cb| {
                bind(d, cb, stride);
                if let Some(strides) = strides {
                    unsafe { d.cmd_bind_vertex_buffers2(cb, 0, &[f.vertex], &[0], None, Some(strides)) };
                } else {
                    unsafe { d.cmd_bind_vertex_buffers2(cb, 0, &[f.vertex], &[0], None, None) };
                }
                index(d, cb);
                draw(d, cb);
            })
        };
        let strides = [format!("VUID-{name}-pStrides-04913")];
        assert_eq!(with_strides(None), strides);
        assert_eq!(with_strides(Some(&[16])), NONE, "{name}");
        let ids = f.ids(|d, cb| {
            bind(d, cb, stride);
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, strides);
    }
}

#[test]
fn dynamic_state_set_while_the_bound_pipeline_has_it_static() {
    let f = Fixture::new();
    let cull = f.pipeline(&[S::CULL_MODE], NO);
    let bind = |d: &ash::Device, cb, p| unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, p) };
    // SAFETY (closures below): recording commands with live objects.
    let set_cull = |d: &ash::Device, cb| unsafe { d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE) };
    let set_width = |d: &ash::Device, cb| unsafe { d.cmd_set_line_width(cb, 1.0) };
    for (name, draw) in draws(&f) {
        let index = |d: &ash::Device, cb| {
            if name.contains("Indexed") {
                // SAFETY: a bound index buffer of six 16-bit indices.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
        };
        let after_bind = |p, set: &dyn Fn(&ash::Device, vk::CommandBuffer)| {
            f.ids(|d, cb| {
                bind(d, cb, p);
                set(d, cb);
                index(d, cb);
                draw(d, cb);
            })
        };
        let static_set = [format!("VUID-{name}-None-08608")];
        // An extended dynamic state and a core one, set after binding a pipeline that has them
        // static.
        assert_eq!(after_bind(f.fixed, &set_cull), static_set, "{name}");
        assert_eq!(after_bind(f.fixed, &set_width), static_set, "{name}");
        // The same, with the pipeline that has cull mode dynamic (to be set); line width is still
        // static.
        assert_eq!(after_bind(cull, &set_cull), NONE, "{name}");
        let both = |d: &ash::Device, cb| {
            set_cull(d, cb);
            set_width(d, cb);
        };
        assert_eq!(after_bind(cull, &both), static_set, "{name}");
        // Set before the bind (the pipeline's static state replaces it), or followed by binding
        // the pipeline again: nothing to report.
        let ids = f.ids(|d, cb| {
            set_cull(d, cb);
            set_width(d, cb);
            bind(d, cb, f.fixed);
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        let ids = f.ids(|d, cb| {
            bind(d, cb, f.fixed);
            set_cull(d, cb);
            bind(d, cb, f.fixed);
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
    }
}

/// The R8G8B8A8_UNORM and D32_SFLOAT_S8_UINT attachments of the test render passes, as
/// descriptions of type `$ty` (`VkAttachmentDescription` or `...2`: the same members): not
/// loaded or stored, from UNDEFINED to their attachment layouts.
macro_rules! color_and_depth {
    ($ty:ty) => {
        [
            (vk::Format::R8G8B8A8_UNORM, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL),
            (DEPTH_FORMAT, vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ]
        .map(|(format, layout)| {
            <$ty>::default()
                .format(format)
                .samples(vk::SampleCountFlags::TYPE_1)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE)
                .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
                .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                .initial_layout(vk::ImageLayout::UNDEFINED)
                .final_layout(layout)
        })
    };
}

/// A render pass of one subpass rendering to R8G8B8A8_UNORM and, where `depth`, to
/// D32_SFLOAT_S8_UINT; its framebuffer of the fixture's views.
fn render_pass(f: &Fixture, depth: bool) -> (vk::RenderPass, vk::Framebuffer) {
    render_pass_in(f, depth.then_some(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL))
}

/// [`render_pass`], its subpass referencing the depth/stencil attachment in `depth`'s layout
/// where it is some.
fn render_pass_in(f: &Fixture, depth_layout: Option<vk::ImageLayout>) -> (vk::RenderPass, vk::Framebuffer) {
    let d = &f.ctx.device;
    let depth = depth_layout.is_some();
    let attachments = color_and_depth!(vk::AttachmentDescription);
    let colors = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
    let layout = depth_layout.unwrap_or(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    let depth_ref = vk::AttachmentReference { attachment: 1, layout };
    let mut subpass = vk::SubpassDescription::default().color_attachments(&colors);
    if depth {
        subpass = subpass.depth_stencil_attachment(&depth_ref);
    }
    let n = if depth { 2 } else { 1 };
    let subpasses = [subpass];
    let info = vk::RenderPassCreateInfo::default().attachments(&attachments[..n]).subpasses(&subpasses);
    let views = [f.view, f.depth];
    // SAFETY: valid create infos of live views.
    unsafe {
        let rp = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        (rp, framebuffer(f, rp, &views[..n]))
    }
}

/// A render pass pipeline's static depth test, read only where its subpass has a depth
/// attachment (else its depth/stencil state is ignored).
#[test]
fn render_pass_pipelines_read_their_subpass_depth_attachment() {
    let f = Fixture::new();
    let shape = Shape { depth_test: true, ..NO };
    for depth in [true, false] {
        let (rp, fb) = render_pass(&f, depth);
        let p = pipeline_in(&f.ctx, f.layout, &[S::DEPTH_WRITE_ENABLE], shape, rp);
        let ids = |set: bool| {
            ids_in_render_pass(&f, (rp, fb), (0, 0), |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, p);
                    if set {
                        d.cmd_set_depth_write_enable(cb, true);
                    }
                    d.cmd_draw(cb, 3, 1, 0, 0);
                }
            })
        };
        if depth {
            assert_eq!(ids(false), ["VUID-vkCmdDraw-None-07844"]);
        } else {
            assert_eq!(ids(false), NONE);
        }
        assert_eq!(ids(true), NONE, "depth attachment: {depth}");
    }
}

/// Dynamic vertex input (`VK_EXT_vertex_input_dynamic_state`): set with vkCmdSetVertexInputEXT.
#[test]
fn dynamic_vertex_input_must_be_set() {
    let f = Fixture::with(|b| b.vertex_input_dynamic_state());
    let ext = ash::ext::vertex_input_dynamic_state::Device::new(&f.ctx.instance, &f.ctx.device);
    // Strides dynamic too: dynamic vertex input sets them (-04913 does not apply).
    let p = f.pipeline(&[S::VERTEX_INPUT_EXT, S::VERTEX_INPUT_BINDING_STRIDE], NO);
    let bindings = [vk::VertexInputBindingDescription2EXT::default()
        .binding(0)
        .stride(16)
        .input_rate(vk::VertexInputRate::VERTEX)
        .divisor(1)];
    for (name, draw) in draws(&f) {
        let run = |set: bool| {
            f.ids(|d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, p);
                    if set {
                        ext.cmd_set_vertex_input(cb, &bindings, &[]);
                    }
                    if name.contains("Indexed") {
                        d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                    }
                }
                draw(d, cb);
            })
        };
        assert_eq!(run(false), [format!("VUID-{name}-None-04914")]);
        assert_eq!(run(true), NONE, "{name}");
    }
}

/// A 64 × 64 framebuffer of `views` for `rp`.
fn framebuffer(f: &Fixture, rp: vk::RenderPass, views: &[vk::ImageView]) -> vk::Framebuffer {
    let info = vk::FramebufferCreateInfo::default().render_pass(rp).attachments(views).width(64).height(64).layers(1);
    // SAFETY: a valid create info of live views.
    unsafe { f.ctx.device.create_framebuffer(&info, None) }.expect("vkCreateFramebuffer")
}

/// A render pass of two subpasses, both rendering to the fixture's R8G8B8A8_UNORM view; its
/// framebuffer.
fn two_subpasses(f: &Fixture) -> (vk::RenderPass, vk::Framebuffer) {
    let d = &f.ctx.device;
    let attachments = [vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::STORE)
        .initial_layout(vk::ImageLayout::UNDEFINED)
        .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let colors = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
    let subpasses = [vk::SubpassDescription::default().color_attachments(&colors); 2];
    let dependencies = [vk::SubpassDependency::default()
        .src_subpass(0)
        .dst_subpass(1)
        .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
        .dst_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
        .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
        .dst_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)];
    let info =
        vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses).dependencies(&dependencies);
    let views = [f.view];
    // SAFETY: valid create infos of a live view.
    unsafe {
        let rp = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        (rp, framebuffer(f, rp, &views))
    }
}

/// The ids of what `record` records in subpass `subpass` of an instance of `rp`, whose last
/// subpass is `last`.
fn ids_in_render_pass(
    f: &Fixture,
    (rp, fb): (vk::RenderPass, vk::Framebuffer),
    (subpass, last): (u32, u32),
    record: impl FnOnce(&ash::Device, vk::CommandBuffer),
) -> Vec<String> {
    let d = &f.ctx.device;
    // SAFETY: a command buffer of a resettable pool, recorded and never submitted, with live
    // objects; invalid calls are skipped by Vigil.
    unsafe {
        let cb = f.ctx.recording_primary(f.pool);
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(rp)
            .framebuffer(fb)
            .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() });
        d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
        for _ in 0..subpass {
            d.cmd_next_subpass(cb, vk::SubpassContents::INLINE);
        }
        let ids = f.ctx.messages.problem_ids_of(|| record(d, cb));
        for _ in subpass..last {
            d.cmd_next_subpass(cb, vk::SubpassContents::INLINE);
        }
        d.cmd_end_render_pass(cb);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        d.free_command_buffers(f.pool, &[cb]);
        ids
    }
}

/// Binds `pipeline` (and for an indexed draw the index buffer), then draws.
fn bind_and_draw<'a>(
    f: &'a Fixture,
    pipeline: vk::Pipeline,
    draw: &'a Draw<'_>,
) -> impl FnOnce(&ash::Device, vk::CommandBuffer) + 'a {
    move |d, cb| {
        // SAFETY: recording with live objects.
        unsafe {
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
            if draw.0.contains("Indexed") {
                d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
            }
        }
        (draw.1)(d, cb);
    }
}

/// A render pass pipeline is drawn in an instance of a compatible render pass (another object
/// of the same definition is one; a subpass with a depth attachment makes another), in the
/// subpass it was created for, and never in a dynamic rendering instance.
#[test]
fn render_pass_pipelines_drawn_in_compatible_render_passes_and_their_subpass() {
    let f = Fixture::new();
    let color = render_pass(&f, false);
    let same = render_pass(&f, false);
    let depth = render_pass(&f, true);
    let two = two_subpasses(&f);
    let p = pipeline_in(&f.ctx, f.layout, &[], NO, color.0);
    let first = pipeline_in(&f.ctx, f.layout, &[], NO, two.0);
    for draw in draws(&f) {
        let name = draw.0;
        let run = |pass, subpass, pipeline| ids_in_render_pass(&f, pass, subpass, bind_and_draw(&f, pipeline, &draw));
        assert_eq!(run(depth, (0, 0), p), [format!("VUID-{name}-renderPass-02684")]);
        assert_eq!(run(color, (0, 0), p), NONE, "{name}");
        assert_eq!(run(same, (0, 0), p), NONE, "{name}");
        assert_eq!(run(two, (1, 1), first), [format!("VUID-{name}-subpass-02685")]);
        assert_eq!(run(two, (0, 1), first), NONE, "{name}");
        assert_eq!(f.ids(bind_and_draw(&f, p, &draw)), [format!("VUID-{name}-renderPass-06198")]);
        assert_eq!(f.ids(bind_and_draw(&f, f.fixed, &draw)), NONE, "{name}");
    }
}

/// While transform feedback is active: no pipeline bound, no subpass advanced, no render pass
/// instance ended.
#[test]
fn commands_not_recorded_while_transform_feedback_is_active() {
    let f = Fixture::with(|b| b.transform_feedback(true));
    let xfb = ash::ext::transform_feedback::Device::new(&f.ctx.instance, &f.ctx.device);
    // SAFETY (the closures): recording inside a render pass instance with live objects; the
    // invalid calls are skipped by Vigil.
    let ids = f.ids(|d, cb| unsafe {
        (xfb.fp().cmd_begin_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
        d.cmd_end_rendering(cb);
        (xfb.fp().cmd_end_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
    });
    assert_eq!(ids, ["VUID-vkCmdBindPipeline-None-02323", "VUID-vkCmdEndRendering-None-06781"]);
    let two = two_subpasses(&f);
    let ids = ids_in_render_pass(&f, two, (0, 1), |d, cb| unsafe {
        (xfb.fp().cmd_begin_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        d.cmd_next_subpass(cb, vk::SubpassContents::INLINE);
        let begin = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
        d.cmd_next_subpass2(cb, &begin, &vk::SubpassEndInfo::default());
        (xfb.fp().cmd_end_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
    });
    assert_eq!(ids, ["VUID-vkCmdNextSubpass-None-02349", "VUID-vkCmdNextSubpass2-None-02350"]);
    let ids = ids_in_render_pass(&f, two, (1, 1), |d, cb| unsafe {
        (xfb.fp().cmd_begin_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        d.cmd_end_render_pass(cb);
        d.cmd_end_render_pass2(cb, &vk::SubpassEndInfo::default());
        (xfb.fp().cmd_end_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
    });
    assert_eq!(ids, ["VUID-vkCmdEndRenderPass-None-02351", "VUID-vkCmdEndRenderPass2-None-02352"]);
    // Ended: every one of them is valid again.
    let ids = ids_in_render_pass(&f, two, (0, 1), |d, cb| unsafe {
        (xfb.fp().cmd_begin_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        (xfb.fp().cmd_end_transform_feedback_ext)(cb, 0, 0, std::ptr::null(), std::ptr::null());
        d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
    });
    assert_eq!(ids, NONE);
}

/// A dynamic rendering pipeline has as many color attachments as the rendering instance it draws
/// in (dynamicRenderingUnusedAttachments is not enabled).
#[test]
fn rendering_pipelines_have_the_instances_color_attachment_count() {
    let f = Fixture::new();
    let none = f.pipeline(&[], Shape { no_color: true, ..NO });
    for draw in draws(&f) {
        let name = draw.0;
        assert_eq!(f.ids(bind_and_draw(&f, none, &draw)), [format!("VUID-{name}-colorAttachmentCount-06179")]);
        assert_eq!(f.ids(bind_and_draw(&f, f.fixed, &draw)), NONE, "{name}");
    }
}

mod attachments;
mod extended;
mod local_read;
mod multiview;
mod queries;
mod raster_states;
mod read_only;
mod shading_rate;

/// With pipelineProtectedAccess (and protectedMemory, which the shim keeps from lavapipe; it
/// makes the protected pool as any other), a pipeline created with
/// VK_PIPELINE_CREATE_NO_PROTECTED_ACCESS_BIT is not bound in a protected command buffer
/// (vkCmdBindPipeline-pipelineProtectedAccess-07408); the boundary: the same pipeline in an
/// unprotected one, and a pipeline without the flag in the protected one. Nothing is submitted.
#[test]
fn unprotected_only_pipelines_are_not_bound_in_protected_command_buffers() {
    let f = Fixture::with_shim(|b| {
        b.vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().protected_memory(true))
            .pipeline_protected_access()
    });
    let no_protected = vk::PipelineCreateFlags::NO_PROTECTED_ACCESS_EXT.as_raw();
    let unprotected_only = f.pipeline(&[], Shape { create_flags: no_protected, ..NO });
    let d = &f.ctx.device;
    let info = vk::CommandPoolCreateInfo::default()
        .queue_family_index(f.ctx.queue_family)
        .flags(vk::CommandPoolCreateFlags::PROTECTED);
    // SAFETY: a valid create info (protectedMemory is enabled).
    let protected_pool = unsafe { d.create_command_pool(&info, None) }.expect("vkCreateCommandPool");
    let bind = |pool, pipeline| {
        let cb = f.ctx.recording_primary(pool);
        // SAFETY: a recording primary and a pipeline of this device; invalid calls are skipped
        // by Vigil; nothing is submitted.
        f.ctx.messages.problem_ids_of(|| unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline) })
    };
    let id = "VUID-vkCmdBindPipeline-pipelineProtectedAccess-07408";
    assert_eq!(bind(protected_pool, unprotected_only), [id]);
    assert_eq!(bind(f.pool, unprotected_only), NONE);
    assert_eq!(bind(protected_pool, f.fixed), NONE);
    // SAFETY: its command buffers are not in use.
    unsafe { d.destroy_command_pool(protected_pool, None) };
}
