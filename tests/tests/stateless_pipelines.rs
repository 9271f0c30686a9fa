//! Graphics pipeline create infos through the real loader on lavapipe: the members vk.xml marks
//! `noautovalidity` (the state structures and the stages), walked with their structures'
//! generated rules where the spec does not ignore them, and the states a pipeline needs left
//! NULL. Each case: the exact ids of the invalid call (skipped, so it never reaches lavapipe),
//! and valid neighbours that report nothing.
//!
//! The pipelines draw `triangle.vert`/`triangle.frag` (with `triangle.tesc`/`triangle.tese` for
//! tessellation) with dynamic rendering; `pushed.vert` checks core's layout rules for graphics
//! stages (push constants and a descriptor against the pipeline layout).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const VERTEX_SPV: &[u8] = include_bytes!("../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../shaders/triangle.frag.spv");
const TESC_SPV: &[u8] = include_bytes!("../shaders/triangle.tesc.spv");
const TESE_SPV: &[u8] = include_bytes!("../shaders/triangle.tese.spv");
const PUSHED_SPV: &[u8] = include_bytes!("../shaders/pushed.vert.spv");

/// Which state pointers a case leaves NULL, and what else it changes.
#[derive(Default)]
struct Case {
    null: &'static [&'static str],
    blend_factor: Option<vk::BlendFactor>,
    topology: Option<vk::PrimitiveTopology>,
    polygon_mode: Option<vk::PolygonMode>,
    viewport_s_type: Option<vk::StructureType>,
    null_entry_name: bool,
    discard: bool,
    tessellation: bool,
    depth_format: bool,
    /// No color attachment format (colorAttachmentCount 0).
    no_color: bool,
    /// The vertex stage is `pushed.vert` (push constants and set 0 binding 0), with this layout.
    pushed: Option<vk::PipelineLayout>,
    /// The viewport state's counts (1 and 1 when `None`); the arrays hold that many.
    counts: Option<(usize, usize)>,
    /// The first viewport's width (64 when `None`).
    viewport_width: Option<f32>,
    /// The first scissor's offset ((0, 0) when `None`).
    scissor_offset: Option<(i32, i32)>,
    /// The pipeline's dynamic states.
    dynamic: &'static [vk::DynamicState],
    /// A `VkRenderingAttachmentLocationInfo` chained, with these locations.
    locations: Option<&'static [u32]>,
}

struct Fixture {
    ctx: Context,
    layout: vk::PipelineLayout,
    modules: [vk::ShaderModule; 5],
}

impl Fixture {
    fn new(multi_viewport: bool) -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .features(vk::PhysicalDeviceFeatures::default().tessellation_shader(true).multi_viewport(multi_viewport))
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .dynamic_rendering_local_read(false)
            .build_skipping_errors(&entry);
        // SAFETY: an empty layout; modules from committed, valid SPIR-V.
        let layout = unsafe { ctx.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None) }
            .expect("vkCreatePipelineLayout");
        let modules = [VERTEX_SPV, FRAGMENT_SPV, TESC_SPV, TESE_SPV, PUSHED_SPV]
            .map(|spv| vigil_tests::programs::shader_module(&ctx, spv));
        Fixture { ctx, layout, modules }
    }

    /// vkCreateGraphicsPipelines for `case`: the ids reported. A pipeline made is destroyed.
    fn ids(&self, case: &Case) -> Vec<String> {
        let null = |name: &str| case.null.contains(&name);
        let [vertex, fragment, tesc, tese, pushed] = self.modules;
        let vertex = if case.pushed.is_some() { pushed } else { vertex };
        let mut stages = vec![
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::VERTEX)
                .module(vertex)
                .name(c"main"),
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::FRAGMENT)
                .module(fragment)
                .name(c"main"),
        ];
        if case.tessellation {
            stages.push(
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(vk::ShaderStageFlags::TESSELLATION_CONTROL)
                    .module(tesc)
                    .name(c"main"),
            );
            stages.push(
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(vk::ShaderStageFlags::TESSELLATION_EVALUATION)
                    .module(tese)
                    .name(c"main"),
            );
        }
        if case.null_entry_name {
            stages[1].p_name = std::ptr::null();
        }
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let topology =
            if case.tessellation { vk::PrimitiveTopology::PATCH_LIST } else { vk::PrimitiveTopology::TRIANGLE_LIST };
        let input_assembly =
            vk::PipelineInputAssemblyStateCreateInfo::default().topology(case.topology.unwrap_or(topology));
        let tessellation = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(3);
        let (viewport_count, scissor_count) = case.counts.unwrap_or((1, 1));
        let mut viewports = vec![vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0); viewport_count];
        let mut scissors = vec![vk::Rect2D::default().extent(vk::Extent2D { width: 64, height: 64 }); scissor_count];
        if let (Some(w), Some(v)) = (case.viewport_width, viewports.first_mut()) {
            v.width = w;
        }
        if let (Some((x, y)), Some(r)) = (case.scissor_offset, scissors.first_mut()) {
            r.offset = vk::Offset2D { x, y };
        }
        let mut viewport = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
        // With the counts dynamic the arrays are ignored; counts of 0 leave them NULL.
        viewport.viewport_count = viewport_count as u32;
        viewport.scissor_count = scissor_count as u32;
        let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(case.dynamic);
        if let Some(s) = case.viewport_s_type {
            viewport.s_type = s;
        }
        let raster = vk::PipelineRasterizationStateCreateInfo::default()
            .rasterizer_discard_enable(case.discard)
            .polygon_mode(case.polygon_mode.unwrap_or(vk::PolygonMode::FILL))
            .cull_mode(vk::CullModeFlags::NONE)
            .front_face(vk::FrontFace::COUNTER_CLOCKWISE)
            .line_width(1.0);
        let multisample =
            vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default().depth_compare_op(vk::CompareOp::LESS);
        let blend_attachments = [vk::PipelineColorBlendAttachmentState::default()
            .src_color_blend_factor(case.blend_factor.unwrap_or(vk::BlendFactor::ONE))
            .color_write_mask(vk::ColorComponentFlags::RGBA)];
        let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(if case.no_color {
            &[]
        } else {
            &blend_attachments
        });
        let formats: &[vk::Format] = if case.no_color { &[] } else { &[vk::Format::R8G8B8A8_UNORM] };
        let mut rendering = vk::PipelineRenderingCreateInfo::default().color_attachment_formats(formats);
        if case.depth_format {
            rendering = rendering.depth_attachment_format(vk::Format::D32_SFLOAT);
        }
        let pointer = |name: &str, p: *const u8| if null(name) { std::ptr::null() } else { p };
        let mut locations =
            vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(case.locations.unwrap_or(&[]));
        let mut info = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .layout(case.pushed.unwrap_or(self.layout))
            .push_next(&mut rendering);
        if case.locations.is_some() {
            info = info.push_next(&mut locations);
        }
        info.p_vertex_input_state =
            pointer("pVertexInputState", (&vertex_input as *const vk::PipelineVertexInputStateCreateInfo).cast())
                .cast();
        info.p_input_assembly_state =
            pointer("pInputAssemblyState", (&input_assembly as *const vk::PipelineInputAssemblyStateCreateInfo).cast())
                .cast();
        if case.tessellation {
            info.p_tessellation_state =
                pointer("pTessellationState", (&tessellation as *const vk::PipelineTessellationStateCreateInfo).cast())
                    .cast();
        }
        info.p_viewport_state =
            pointer("pViewportState", (&viewport as *const vk::PipelineViewportStateCreateInfo).cast()).cast();
        info.p_rasterization_state =
            pointer("pRasterizationState", (&raster as *const vk::PipelineRasterizationStateCreateInfo).cast()).cast();
        info.p_multisample_state =
            pointer("pMultisampleState", (&multisample as *const vk::PipelineMultisampleStateCreateInfo).cast()).cast();
        if case.depth_format {
            info.p_depth_stencil_state = pointer(
                "pDepthStencilState",
                (&depth_stencil as *const vk::PipelineDepthStencilStateCreateInfo).cast(),
            )
            .cast();
        }
        info.p_color_blend_state =
            pointer("pColorBlendState", (&blend as *const vk::PipelineColorBlendStateCreateInfo).cast()).cast();
        if null("pStages") {
            info.p_stages = std::ptr::null();
        }
        if !case.dynamic.is_empty() {
            info.p_dynamic_state = &dynamic;
        }
        let d = &self.ctx.device;
        self.ctx.messages.problem_ids_of(|| {
            // SAFETY: the create info above; an invalid one is skipped by Vigil (the callback
            // asks), so only valid ones reach lavapipe.
            if let Ok(p) = unsafe { d.create_graphics_pipelines(vk::PipelineCache::null(), &[info], None) } {
                // SAFETY: the pipeline just made, unused.
                unsafe { d.destroy_pipeline(p[0], None) };
            }
        })
    }
}

fn null(names: &'static [&'static str]) -> Case {
    Case { null: names, ..Case::default() }
}

#[test]
fn graphics_pipeline_state() {
    let f = Fixture::new(false);

    // A complete, valid pipeline, with and without tessellation and a depth attachment.
    assert_eq!(f.ids(&Case::default()), NONE);
    assert_eq!(f.ids(&Case { tessellation: true, ..Case::default() }), NONE);
    assert_eq!(f.ids(&Case { depth_format: true, ..Case::default() }), NONE);

    // The contents of the state structures: the generated rules of each, walked by hand.
    let bad_blend = Case { blend_factor: Some(vk::BlendFactor::from_raw(0x7fff)), ..Case::default() };
    assert_eq!(f.ids(&bad_blend), ["VUID-VkPipelineColorBlendAttachmentState-srcColorBlendFactor-parameter"]);
    let bad_topology = Case { topology: Some(vk::PrimitiveTopology::from_raw(0x7fff)), ..Case::default() };
    assert_eq!(f.ids(&bad_topology), ["VUID-VkPipelineInputAssemblyStateCreateInfo-topology-parameter"]);
    let bad_polygon = Case { polygon_mode: Some(vk::PolygonMode::from_raw(0x7fff)), ..Case::default() };
    assert_eq!(f.ids(&bad_polygon), ["VUID-VkPipelineRasterizationStateCreateInfo-polygonMode-parameter"]);
    let bad_s_type = Case { viewport_s_type: Some(vk::StructureType::APPLICATION_INFO), ..Case::default() };
    assert_eq!(f.ids(&bad_s_type), ["VUID-VkPipelineViewportStateCreateInfo-sType-sType"]);
    let no_name = Case { null_entry_name: true, ..Case::default() };
    assert_eq!(f.ids(&no_name), ["VUID-VkPipelineShaderStageCreateInfo-pName-parameter"]);
    // A chained local read mapping: the identity only, without dynamicRenderingLocalRead.
    assert_eq!(f.ids(&Case { locations: Some(&[0]), ..Case::default() }), NONE);
    assert_eq!(
        f.ids(&Case { locations: Some(&[1]), ..Case::default() }),
        ["VUID-VkRenderingAttachmentLocationInfo-dynamicRenderingLocalRead-09512"]
    );
    // With rasterization discarded, a blend state that is set is still walked (-09038).
    let discarded_bad_blend = Case { discard: true, ..bad_blend };
    assert_eq!(f.ids(&discarded_bad_blend), ["VUID-VkPipelineColorBlendAttachmentState-srcColorBlendFactor-parameter"]);

    // Required states left NULL.
    assert_eq!(f.ids(&null(&["pStages"])), ["VUID-VkGraphicsPipelineCreateInfo-pStages-06600"]);
    assert_eq!(f.ids(&null(&["pVertexInputState"])), ["VUID-VkGraphicsPipelineCreateInfo-pStages-02097"]);
    assert_eq!(
        f.ids(&null(&["pInputAssemblyState"])),
        ["VUID-VkGraphicsPipelineCreateInfo-dynamicPrimitiveTopologyUnrestricted-09031"]
    );
    assert_eq!(f.ids(&null(&["pRasterizationState"])), ["VUID-VkGraphicsPipelineCreateInfo-pRasterizationState-06601"]);
    assert_eq!(f.ids(&null(&["pViewportState"])), ["VUID-VkGraphicsPipelineCreateInfo-rasterizerDiscardEnable-09024"]);
    assert_eq!(f.ids(&null(&["pMultisampleState"])), ["VUID-VkGraphicsPipelineCreateInfo-pMultisampleState-09026"]);
    assert_eq!(f.ids(&null(&["pColorBlendState"])), ["VUID-VkGraphicsPipelineCreateInfo-renderPass-09037"]);
    let no_depth_state = Case { null: &["pDepthStencilState"], depth_format: true, ..Case::default() };
    assert_eq!(f.ids(&no_depth_state), ["VUID-VkGraphicsPipelineCreateInfo-renderPass-09033"]);
    let no_tessellation_state = Case { null: &["pTessellationState"], tessellation: true, ..Case::default() };
    assert_eq!(f.ids(&no_tessellation_state), ["VUID-VkGraphicsPipelineCreateInfo-pStages-09022"]);

    // The vertex stage's push constants and set against the pipeline layout (core).
    let d = &f.ctx.device;
    let binding = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::VERTEX)];
    let set_info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding);
    // SAFETY: a valid create info.
    let set = unsafe { d.create_descriptor_set_layout(&set_info, None) }.expect("vkCreateDescriptorSetLayout");
    let range = [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::VERTEX).size(8)];
    let layout = |sets: &[vk::DescriptorSetLayout], ranges: &[vk::PushConstantRange]| {
        let info = vk::PipelineLayoutCreateInfo::default().set_layouts(sets).push_constant_ranges(ranges);
        // SAFETY: a valid create info.
        unsafe { d.create_pipeline_layout(&info, None) }.expect("vkCreatePipelineLayout")
    };
    let with = |l| Case { pushed: Some(l), ..Case::default() };
    assert_eq!(f.ids(&with(layout(&[set], &range))), NONE);
    assert_eq!(
        f.ids(&with(layout(&[], &[]))),
        ["VUID-VkGraphicsPipelineCreateInfo-layout-07988", "VUID-VkGraphicsPipelineCreateInfo-layout-07987"]
    );
    assert_eq!(f.ids(&with(layout(&[set], &[]))), ["VUID-VkGraphicsPipelineCreateInfo-layout-07987"]);
    assert_eq!(f.ids(&with(layout(&[], &range))), ["VUID-VkGraphicsPipelineCreateInfo-layout-07988"]);
    // pushed.vert's 8-byte block past a 4-byte range (its valid neighbour is `range`, above).
    let short = [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::VERTEX).size(4)];
    assert_eq!(f.ids(&with(layout(&[set], &short))), ["VUID-VkGraphicsPipelineCreateInfo-layout-10069"]);

    // Their valid neighbours: with rasterization discarded the viewport, multisample and blend
    // states may be NULL; with no color format the blend state may be.
    let discarded =
        Case { null: &["pViewportState", "pMultisampleState", "pColorBlendState"], discard: true, ..Case::default() };
    assert_eq!(f.ids(&discarded), NONE);
    assert_eq!(f.ids(&Case { null: &["pColorBlendState"], no_color: true, ..Case::default() }), NONE);
}

#[test]
fn viewport_state() {
    use vk::DynamicState as D;
    let f = Fixture::new(false);
    let counts = |v, s| Case { counts: Some((v, s)), ..Case::default() };
    // Without multiViewport: one of each, equal while neither count is dynamic.
    assert_eq!(
        f.ids(&counts(2, 2)),
        [
            "VUID-VkPipelineViewportStateCreateInfo-viewportCount-01216",
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-01217"
        ]
    );
    assert_eq!(
        f.ids(&counts(1, 0)),
        [
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-04136",
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-04134"
        ]
    );
    // Counts that are dynamic are 0 in the pipeline, and the other need not match them.
    let with_count = |v, s| Case {
        counts: Some((v, s)),
        dynamic: &[D::VIEWPORT_WITH_COUNT, D::SCISSOR_WITH_COUNT],
        ..Case::default()
    };
    assert_eq!(f.ids(&with_count(0, 0)), NONE);
    assert_eq!(f.ids(&with_count(1, 0)), ["VUID-VkPipelineViewportStateCreateInfo-viewportCount-04135"]);
    let viewport_with_count = Case { counts: Some((0, 1)), dynamic: &[D::VIEWPORT_WITH_COUNT], ..Case::default() };
    assert_eq!(f.ids(&viewport_with_count), NONE);
    // Static viewports and scissors are held to the command rules; dynamic ones are ignored.
    let zero_width = Case { viewport_width: Some(0.0), ..Case::default() };
    assert_eq!(f.ids(&zero_width), ["VUID-VkViewport-width-01770"]);
    assert_eq!(f.ids(&Case { dynamic: &[D::VIEWPORT], ..zero_width }), NONE);
    let negative = Case { scissor_offset: Some((-1, 0)), ..Case::default() };
    assert_eq!(f.ids(&negative), ["VUID-VkPipelineViewportStateCreateInfo-x-02821"]);
    assert_eq!(f.ids(&Case { dynamic: &[D::SCISSOR], ..negative }), NONE);
    let edge = i32::MAX - 64;
    let overflow_x = Case { scissor_offset: Some((edge + 1, 0)), ..Case::default() };
    assert_eq!(f.ids(&overflow_x), ["VUID-VkPipelineViewportStateCreateInfo-offset-02822"]);
    let overflow_y = Case { scissor_offset: Some((0, edge + 1)), ..Case::default() };
    assert_eq!(f.ids(&overflow_y), ["VUID-VkPipelineViewportStateCreateInfo-offset-02823"]);
    assert_eq!(f.ids(&Case { scissor_offset: Some((edge, edge)), ..Case::default() }), NONE);
    // With rasterization discarded the viewport state is ignored.
    assert_eq!(f.ids(&Case { discard: true, ..counts(2, 2) }), NONE);

    // With multiViewport: up to maxViewports.
    let m = Fixture::new(true);
    // SAFETY: the context's physical device.
    let max = unsafe { m.ctx.instance.get_physical_device_properties(m.ctx.physical_device) }.limits.max_viewports;
    let max = max as usize;
    assert_eq!(m.ids(&counts(max, max)), NONE);
    assert_eq!(
        m.ids(&counts(max + 1, max + 1)),
        [
            "VUID-VkPipelineViewportStateCreateInfo-viewportCount-01218",
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-01219"
        ]
    );
}
