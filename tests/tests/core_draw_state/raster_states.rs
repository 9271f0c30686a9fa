//! The dynamic states of the extensions lavapipe lacks (conservative rasterization, sample
//! locations, the NV rasterization and multisampling extensions), which the driver shim's
//! `raster-state-extensions` offers: with shader objects bound (every one of those states is
//! then dynamic), each must have been set where its rule applies, and is not needed where its
//! condition does not hold (rasterizer discard enabled, a value that turns the state off).

use super::*;

/// The committed SPIR-V, aligned to words as a shader object's `pCode` must be.
macro_rules! aligned {
    ($path:literal) => {{
        #[repr(C, align(4))]
        struct Words<const N: usize>([u8; N]);
        &Words(*include_bytes!($path)).0
    }};
}
const ALIGNED_VERTEX: &[u8] = aligned!("../../shaders/triangle.vert.spv");
const ALIGNED_FRAGMENT: &[u8] = aligned!("../../shaders/triangle.frag.spv");

/// The extensions whose states the cases set.
const EXTENSIONS: [&std::ffi::CStr; 10] = [
    c"VK_EXT_conservative_rasterization",
    c"VK_EXT_sample_locations",
    c"VK_EXT_discard_rectangles",
    c"VK_NV_clip_space_w_scaling",
    c"VK_NV_viewport_swizzle",
    c"VK_NV_fragment_coverage_to_color",
    c"VK_NV_framebuffer_mixed_samples",
    c"VK_NV_shading_rate_image",
    c"VK_NV_representative_fragment_test",
    c"VK_NV_coverage_reduction_mode",
];

/// The states a shader object draw needs of the core and extended dynamic state extensions,
/// by name.
const CORE_STATES: [&str; 17] = [
    "viewport",
    "scissor",
    "discard",
    "cull",
    "front",
    "depth test",
    "stencil test",
    "depth bias",
    "topology",
    "restart",
    "vertex input",
    "polygon",
    "samples",
    "sample mask",
    "alpha to coverage",
    "blend enable",
    "write mask",
];

/// A device with the extensions (through the shim) and shader objects; its vertex and fragment
/// shaders; the setters.
struct Raster {
    f: Fixture,
    shaders: [vk::ShaderEXT; 2],
    so: ash::ext::shader_object::Device,
    /// The sample locations setter, and with it the raster extensions' states (`None`: a device
    /// without them).
    locations: Option<ash::ext::sample_locations::Device>,
}

impl Raster {
    fn new() -> Self {
        let f = Fixture::with_shim(|b| b.shader_object().device_extensions(&EXTENSIONS).nv_raster_features());
        let so = ash::ext::shader_object::Device::new(&f.ctx.instance, &f.ctx.device);
        let locations = ash::ext::sample_locations::Device::new(&f.ctx.instance, &f.ctx.device);
        use vk::ShaderStageFlags as Stage;
        let made = make_shaders(
            &f,
            &so,
            &[(ALIGNED_VERTEX, Stage::VERTEX, Stage::FRAGMENT), (ALIGNED_FRAGMENT, Stage::FRAGMENT, Stage::empty())],
        );
        Raster { f, shaders: [made[0], made[1]], so, locations: Some(locations) }
    }

    /// Every state a draw with the vertex and fragment shaders needs but those named in
    /// `except` (of [`CORE_STATES`] and [`Self::set_raster`]'s).
    fn set_state(&self, cb: vk::CommandBuffer, except: &[&str]) {
        let (d, so) = (&self.f.ctx.device, &self.so);
        let set = |name: &str, f: &dyn Fn()| {
            if !except.contains(&name) {
                f();
            }
        };
        // SAFETY (every closure): recording state commands.
        unsafe {
            let core: [&dyn Fn(); 17] = [
                &|| d.cmd_set_viewport_with_count(cb, &[VIEWPORT]),
                &|| d.cmd_set_scissor_with_count(cb, &[SCISSOR]),
                &|| d.cmd_set_rasterizer_discard_enable(cb, false),
                &|| d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE),
                &|| d.cmd_set_front_face(cb, vk::FrontFace::CLOCKWISE),
                &|| d.cmd_set_depth_test_enable(cb, false),
                &|| d.cmd_set_stencil_test_enable(cb, false),
                &|| d.cmd_set_depth_bias_enable(cb, false),
                &|| d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_LIST),
                &|| d.cmd_set_primitive_restart_enable(cb, false),
                &|| so.cmd_set_vertex_input(cb, &[], &[]),
                &|| so.cmd_set_polygon_mode(cb, vk::PolygonMode::FILL),
                &|| so.cmd_set_rasterization_samples(cb, vk::SampleCountFlags::TYPE_1),
                &|| so.cmd_set_sample_mask(cb, vk::SampleCountFlags::TYPE_1, &[!0]),
                &|| so.cmd_set_alpha_to_coverage_enable(cb, false),
                &|| so.cmd_set_color_blend_enable(cb, 0, &[0]),
                &|| so.cmd_set_color_write_mask(cb, 0, &[vk::ColorComponentFlags::RGBA]),
            ];
            for (name, f) in CORE_STATES.iter().zip(core) {
                set(name, f);
            }
            let swizzle = vk::ViewportSwizzleNV {
                x: vk::ViewportCoordinateSwizzleNV::POSITIVE_X,
                y: vk::ViewportCoordinateSwizzleNV::POSITIVE_Y,
                z: vk::ViewportCoordinateSwizzleNV::POSITIVE_Z,
                w: vk::ViewportCoordinateSwizzleNV::POSITIVE_W,
            };
            let grid = [vk::SampleLocationEXT { x: 0.5, y: 0.5 }];
            let info = vk::SampleLocationsInfoEXT::default()
                .sample_locations_per_pixel(vk::SampleCountFlags::TYPE_1)
                .sample_location_grid_size(vk::Extent2D { width: 1, height: 1 })
                .sample_locations(&grid);
            let Some(locations) = &self.locations else { return };
            let raster: [(&str, &dyn Fn()); 14] = [
                ("conservative", &|| {
                    so.cmd_set_conservative_rasterization_mode(cb, vk::ConservativeRasterizationModeEXT::DISABLED)
                }),
                ("overestimation", &|| so.cmd_set_extra_primitive_overestimation_size(cb, 0.0)),
                ("locations enable", &|| so.cmd_set_sample_locations_enable(cb, false)),
                ("sample locations", &|| locations.cmd_set_sample_locations(cb, &info)),
                ("w scaling", &|| so.cmd_set_viewport_w_scaling_enable_nv(cb, false)),
                ("swizzle", &|| so.cmd_set_viewport_swizzle_nv(cb, 0, &[swizzle])),
                ("coverage to color", &|| so.cmd_set_coverage_to_color_enable_nv(cb, false)),
                ("coverage location", &|| so.cmd_set_coverage_to_color_location_nv(cb, 0)),
                ("modulation", &|| so.cmd_set_coverage_modulation_mode_nv(cb, vk::CoverageModulationModeNV::NONE)),
                ("table enable", &|| so.cmd_set_coverage_modulation_table_enable_nv(cb, false)),
                ("table", &|| so.cmd_set_coverage_modulation_table_nv(cb, &[1.0])),
                ("shading rate image", &|| so.cmd_set_shading_rate_image_enable_nv(cb, false)),
                ("representative", &|| so.cmd_set_representative_fragment_test_enable_nv(cb, false)),
                ("reduction", &|| so.cmd_set_coverage_reduction_mode_nv(cb, vk::CoverageReductionModeNV::MERGE)),
            ];
            for (name, f) in raster {
                set(name, f);
            }
        }
    }

    /// The ids of `draw` with the shaders bound, every state set but `except`, then `more`.
    fn draw_ids(
        &self,
        draw: &dyn Fn(&ash::Device, vk::CommandBuffer),
        except: &[&str],
        more: RasterRec,
    ) -> Vec<String> {
        self.f.ids(|d, cb| {
            self.set_state(cb, except);
            more(self, cb);
            // SAFETY: recording with live shaders and buffers.
            unsafe {
                self.so.cmd_bind_shaders(
                    cb,
                    &[vk::ShaderStageFlags::VERTEX, vk::ShaderStageFlags::FRAGMENT],
                    &self.shaders,
                );
                d.cmd_bind_index_buffer(cb, self.f.index, 0, vk::IndexType::UINT16);
            }
            draw(d, cb);
        })
    }
}

/// Commands recorded after the state is set, before the draw.
type RasterRec = fn(&Raster, vk::CommandBuffer);

/// Shader objects of `shaders` (code, stage, next stage), made in one call that reports nothing.
fn make_shaders(
    f: &Fixture,
    so: &ash::ext::shader_object::Device,
    shaders: &[(&[u8], vk::ShaderStageFlags, vk::ShaderStageFlags)],
) -> Vec<vk::ShaderEXT> {
    let infos: Vec<_> = shaders
        .iter()
        .map(|&(code, stage, next)| {
            vk::ShaderCreateInfoEXT::default()
                .stage(stage)
                .next_stage(next)
                .code_type(vk::ShaderCodeTypeEXT::SPIRV)
                .code(code)
                .name(c"main")
        })
        .collect();
    let mut made = Vec::new();
    let ids = f.ctx.messages.problem_ids_of(|| {
        // SAFETY: valid create infos of valid SPIR-V, aligned to words.
        if let Ok(m) = unsafe { so.create_shaders(&infos, None) } {
            made = m;
        }
    });
    assert_eq!(ids, NONE);
    made
}

/// One case: the states left unset, what else is recorded before the draw, and the suffix of the
/// one id expected (none where the rule does not apply).
type RasterCase = (&'static [&'static str], RasterRec, Option<&'static str>);

// SAFETY (every closure): state-setting commands recorded in a command buffer being recorded.
fn raster_cases() -> Vec<RasterCase> {
    let nothing: RasterRec = |_, _| {};
    let discard: RasterRec = |r, cb| unsafe { r.f.ctx.device.cmd_set_rasterizer_discard_enable(cb, true) };
    let mut cases: Vec<RasterCase> = vec![(&[], nothing, None)];
    // Needed while rasterizing (the viewport W scaling enable and swizzle always): unset, and
    // unset with rasterizer discard enabled.
    let rasterizing: [(&'static [&'static str], &str); 9] = [
        (&["conservative"], "None-07631"),
        (&["locations enable"], "None-07634"),
        (&["coverage to color"], "None-07642"),
        (&["modulation"], "None-07644"),
        (&["shading rate image"], "None-07647"),
        (&["representative"], "None-07648"),
        (&["reduction"], "None-07649"),
        (&["w scaling"], "None-07640"),
        (&["swizzle"], "None-07641"),
    ];
    for (unset, id) in rasterizing {
        cases.push((unset, nothing, Some(id)));
        let always = ["None-07640", "None-07641"].contains(&id);
        cases.push((unset, discard, always.then_some(id)));
    }
    // Needed while a value they depend on turns them on: unset with it on, set with it on, and
    // unset with it off (as the other states are set).
    let overestimate: RasterRec = |r, cb| unsafe {
        r.so.cmd_set_conservative_rasterization_mode(cb, vk::ConservativeRasterizationModeEXT::OVERESTIMATE)
    };
    let coverage_to_color: RasterRec = |r, cb| unsafe { r.so.cmd_set_coverage_to_color_enable_nv(cb, true) };
    let modulating: RasterRec =
        |r, cb| unsafe { r.so.cmd_set_coverage_modulation_mode_nv(cb, vk::CoverageModulationModeNV::RGB) };
    let table: RasterRec = |r, cb| unsafe { r.so.cmd_set_coverage_modulation_table_enable_nv(cb, true) };
    let locations: RasterRec = |r, cb| unsafe { r.so.cmd_set_sample_locations_enable(cb, true) };
    let dependent: [(&'static [&'static str], RasterRec, &str); 5] = [
        (&["overestimation"], overestimate, "None-07632"),
        (&["coverage location"], coverage_to_color, "None-07643"),
        (&["table enable"], modulating, "None-07645"),
        (&["table"], table, "None-07646"),
        (&["sample locations"], locations, "None-06666"),
    ];
    for (unset, on, id) in dependent {
        cases.push((unset, on, Some(id)));
        cases.push((&[], on, None));
        cases.push((unset, nothing, None));
        // Rasterizer discard enabled: not needed either.
        cases.push((unset, |r, cb| unsafe { r.f.ctx.device.cmd_set_rasterizer_discard_enable(cb, true) }, None));
    }
    cases
}

#[test]
fn raster_extension_states_must_be_set_where_their_rules_apply() {
    let r = Raster::new();
    for (name, draw) in draws(&r.f) {
        for (unset, more, id) in raster_cases() {
            let expected: Vec<String> = id.map(|id| format!("VUID-{name}-{id}")).into_iter().collect();
            assert_eq!(r.draw_ids(&*draw, unset, more), expected, "{name} without {unset:?}");
        }
    }
}

/// A pipeline with two discard rectangles and `VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT`: while
/// rasterizing with discard rectangles enabled (statically, or as
/// vkCmdSetDiscardRectangleEnableEXT set it), vkCmdSetDiscardRectangleEXT must have set both
/// since the state was last invalidated (`-None-07751`).
#[test]
fn every_discard_rectangle_of_the_pipeline_must_be_set() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_EXT_discard_rectangles"]));
    let rectangles = ash::ext::discard_rectangles::Device::new(&f.ctx.instance, &f.ctx.device);
    let two = Shape { discard_rectangles: true, ..NO };
    let dynamic = f.pipeline(&[S::DISCARD_RECTANGLE_EXT], two);
    let enable_dynamic = f.pipeline(&[S::DISCARD_RECTANGLE_EXT, S::DISCARD_RECTANGLE_ENABLE_EXT], two);
    let discarding = f.pipeline(&[S::DISCARD_RECTANGLE_EXT], Shape { discard: true, ..two });
    let fixed = f.pipeline(&[], two);
    // What is recorded before the draw: pipelines bound and calls of vkCmdSetDiscardRectangleEXT
    // (first rectangle, count) and vkCmdSetDiscardRectangleEnableEXT.
    enum Step {
        Bind(vk::Pipeline),
        Set(u32, u32),
        Enable(bool),
    }
    use Step::{Bind, Enable, Set};
    let cases: Vec<(Vec<Step>, bool)> = vec![
        (vec![Bind(dynamic)], true),
        (vec![Bind(dynamic), Set(0, 1)], true),
        (vec![Bind(dynamic), Set(1, 1)], true),
        (vec![Bind(dynamic), Set(0, 2)], false),
        (vec![Bind(dynamic), Set(1, 1), Set(0, 1)], false),
        // Binding a pipeline with the rectangles static invalidates them.
        (vec![Bind(dynamic), Set(0, 2), Bind(fixed), Bind(dynamic)], true),
        (vec![Bind(fixed), Bind(dynamic), Set(0, 2)], false),
        // Discard rectangles disabled dynamically, then enabled.
        (vec![Bind(enable_dynamic), Enable(false)], false),
        (vec![Bind(enable_dynamic), Enable(true)], true),
        (vec![Bind(enable_dynamic), Enable(true), Set(0, 2)], false),
        // Rasterization discarded statically.
        (vec![Bind(discarding)], false),
    ];
    let rects = [SCISSOR; 2];
    for (name, draw) in draws(&f) {
        for (i, (steps, reported)) in cases.iter().enumerate() {
            let ids = f.ids(|d, cb| {
                // SAFETY: recording with live pipelines; `count` of the two rectangles.
                unsafe {
                    for step in steps {
                        match *step {
                            Bind(p) => d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, p),
                            Set(first, count) => {
                                (rectangles.fp().cmd_set_discard_rectangle_ext)(cb, first, count, rects.as_ptr())
                            }
                            Enable(on) => (rectangles.fp().cmd_set_discard_rectangle_enable_ext)(cb, on.into()),
                        }
                    }
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            });
            let expected: Vec<String> = reported.then(|| format!("VUID-{name}-None-07751")).into_iter().collect();
            assert_eq!(ids, expected, "{name}, case {i}");
        }
    }
}

/// A dynamic rendering pipeline with chained attachment sample counts
/// (`VkAttachmentSampleCountInfoAMD`, with VK_NV_framebuffer_mixed_samples): the views of the
/// instance's color (`-06185`), depth (`-06186`) and stencil (`-06187`) attachments have those
/// sample counts (here every view has one sample).
#[test]
fn attachments_have_the_pipelines_chained_sample_counts() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_NV_framebuffer_mixed_samples"]));
    let (one, four) = (vk::SampleCountFlags::TYPE_1.as_raw(), vk::SampleCountFlags::TYPE_4.as_raw());
    let shape = |color, depth_stencil| Shape { depth_format: true, counted_samples: (color, depth_stencil), ..NO };
    for (name, draw) in draws(&f) {
        let run = |color, depth_stencil| {
            let pipeline = f.pipeline(&[], shape(color, depth_stencil));
            let mut ids = f.ids_in(true, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            });
            ids.sort();
            ids
        };
        let id = |suffix: &str| format!("VUID-{name}-{suffix}");
        assert_eq!(run(four, one), [id("colorAttachmentCount-06185")], "{name}");
        assert_eq!(run(one, four), [id("pDepthAttachment-06186"), id("pStencilAttachment-06187")], "{name}");
        assert_eq!(run(one, one), NONE, "{name}");
    }
}

/// A geometry shader that emits nothing (triangles in, a strip of three vertices out), as words.
const GEOMETRY_WORDS: [u32; 43] = [
    0x0723_0203,
    0x0001_0000,
    0,
    5,
    0,
    // OpCapability Geometry; OpMemoryModel Logical GLSL450.
    2 << 16 | 17,
    2,
    3 << 16 | 14,
    0,
    1,
    // OpEntryPoint Geometry %3 "main".
    5 << 16 | 15,
    3,
    3,
    u32::from_le_bytes(*b"main"),
    0,
    // OpExecutionMode %3 Triangles, Invocations 1, OutputTriangleStrip, OutputVertices 3.
    3 << 16 | 16,
    3,
    22,
    4 << 16 | 16,
    3,
    0,
    1,
    3 << 16 | 16,
    3,
    29,
    4 << 16 | 16,
    3,
    26,
    3,
    // %1 = OpTypeVoid; %2 = OpTypeFunction %1; %3 = OpFunction %1 None %2; %4 = OpLabel;
    // OpReturn; OpFunctionEnd.
    2 << 16 | 19,
    1,
    3 << 16 | 33,
    2,
    1,
    5 << 16 | 54,
    1,
    3,
    0,
    2,
    2 << 16 | 248,
    4,
    1 << 16 | 253,
    1 << 16 | 56,
];

/// With geometryStreams enabled and a shader object bound to the geometry stage, the rasterization
/// stream must have been set (`-None-07630`); not without a geometry shader.
#[test]
fn rasterization_stream_with_a_geometry_shader() {
    let f = Fixture::with(|b| {
        b.shader_object()
            .geometry_streams()
            .features(vk::PhysicalDeviceFeatures::default().multi_viewport(true).geometry_shader(true))
    });
    let so = ash::ext::shader_object::Device::new(&f.ctx.instance, &f.ctx.device);
    // SAFETY: the bytes of the words, which are aligned as pCode must be.
    let geometry_code =
        unsafe { std::slice::from_raw_parts(GEOMETRY_WORDS.as_ptr().cast::<u8>(), 4 * GEOMETRY_WORDS.len()) };
    use vk::ShaderStageFlags as Stage;
    let made = make_shaders(
        &f,
        &so,
        &[
            (ALIGNED_VERTEX, Stage::VERTEX, Stage::GEOMETRY | Stage::FRAGMENT),
            (geometry_code, Stage::GEOMETRY, Stage::FRAGMENT),
            (ALIGNED_FRAGMENT, Stage::FRAGMENT, Stage::empty()),
        ],
    );
    let (vertex, geometry, fragment) = (made[0], made[1], made[2]);
    let raster = Raster { f, shaders: [vertex, fragment], so: so.clone(), locations: None };
    let stages = [Stage::VERTEX, Stage::GEOMETRY, Stage::FRAGMENT];
    for (name, draw) in draws(&raster.f) {
        let run = |geometry: vk::ShaderEXT, stream: bool| {
            raster.f.ids(|d, cb| {
                raster.set_state(cb, &[]);
                // SAFETY: recording with live shaders and buffers.
                unsafe {
                    if stream {
                        so.cmd_set_rasterization_stream(cb, 0);
                    }
                    so.cmd_bind_shaders(cb, &stages, &[vertex, geometry, fragment]);
                    d.cmd_bind_index_buffer(cb, raster.f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            })
        };
        assert_eq!(run(geometry, false), [format!("VUID-{name}-None-07630")], "{name}");
        assert_eq!(run(geometry, true), NONE, "{name}");
        assert_eq!(run(vk::ShaderEXT::null(), false), NONE, "{name}");
    }
}

/// A dynamic rendering pipeline created with sample locations enabled draws with a depth
/// attachment whose image is sample locations compatible (`-sampleLocationsEnable-02689`).
#[test]
fn sample_locations_need_a_compatible_depth_attachment() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_EXT_sample_locations"]));
    let image = vk::ImageCreateInfo::default()
        .flags(vk::ImageCreateFlags::SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_EXT)
        .image_type(vk::ImageType::TYPE_2D)
        .format(DEPTH_FORMAT)
        .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .usage(vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT);
    let aspects = vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL;
    let compatible = f.ctx.image_view(&image, aspects, vk::ComponentMapping::default());
    let located = f.pipeline(&[], Shape { depth_format: true, sample_locations: true, ..NO });
    let plain = f.pipeline(&[], Shape { depth_format: true, ..NO });
    let layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    for (name, draw) in draws(&f) {
        let run = |pipeline, depth| {
            let rendering = Rendering {
                color: f.view,
                second: None,
                depth: Some((depth, layout)),
                view_mask: 0,
                flags: vk::RenderingFlags::empty(),
            };
            f.ids_in_rendering(rendering, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            })
        };
        assert_eq!(run(located, f.depth), [format!("VUID-{name}-sampleLocationsEnable-02689")], "{name}");
        assert_eq!(run(located, compatible), NONE, "{name}");
        assert_eq!(run(plain, f.depth), NONE, "{name}");
    }
}

/// Without variableSampleLocations (the shim leaves lavapipe's VK_FALSE), a render pass pipeline
/// with static sample locations is bound only in an instance begun with the same locations for
/// the current subpass (`VkRenderPassSampleLocationsBeginInfoEXT::pPostSubpassSampleLocations`,
/// vkCmdBindPipeline-variableSampleLocations-01525); a pipeline that takes them dynamically is
/// not held to it.
#[test]
fn static_sample_locations_are_the_render_pass_instances() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_EXT_sample_locations"]));
    let (rp, fb) = render_pass(&f, false);
    let located = Shape { sample_locations: true, ..NO };
    let fixed = pipeline_in(&f.ctx, f.layout, &[], located, rp);
    let dynamic = pipeline_in(&f.ctx, f.layout, &[S::SAMPLE_LOCATIONS_EXT], located, rp);
    let d = &f.ctx.device;
    // The ids of binding `pipeline` in an instance begun with post-subpass locations (subpass,
    // x and y of the one location) where some.
    let bind = |post: Option<(u32, f32)>, pipeline| {
        let location = [vk::SampleLocationEXT { x: post.map_or(0.5, |p| p.1), y: 0.5 }];
        let info = vk::SampleLocationsInfoEXT::default()
            .sample_locations_per_pixel(vk::SampleCountFlags::TYPE_1)
            .sample_location_grid_size(vk::Extent2D { width: 1, height: 1 })
            .sample_locations(&location);
        let subpasses = [vk::SubpassSampleLocationsEXT::default()
            .subpass_index(post.map_or(0, |p| p.0))
            .sample_locations_info(info)];
        let mut locations =
            vk::RenderPassSampleLocationsBeginInfoEXT::default().post_subpass_sample_locations(&subpasses);
        let area = vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() };
        let mut begin = vk::RenderPassBeginInfo::default().render_pass(rp).framebuffer(fb).render_area(area);
        if post.is_some() {
            begin = begin.push_next(&mut locations);
        }
        // SAFETY: a command buffer of a resettable pool, recorded and never submitted, with live
        // objects; invalid calls are skipped by Vigil.
        unsafe {
            let cb = f.ctx.recording_primary(f.pool);
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            let ids =
                f.ctx.messages.problem_ids_of(|| d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline));
            d.cmd_end_render_pass(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(f.pool, &[cb]);
            ids
        }
    };
    let id = "VUID-vkCmdBindPipeline-variableSampleLocations-01525";
    assert_eq!(bind(None, fixed), [id], "begun without locations");
    assert_eq!(bind(Some((0, 0.25)), fixed), [id], "other locations");
    assert_eq!(bind(Some((0, 0.5)), fixed), NONE);
    assert_eq!(bind(None, dynamic), NONE);
}

/// A graphics pipeline with discard rectangles, bound in a secondary that inherits 2D viewports
/// and scissors (`VkCommandBufferInheritanceViewportScissorInfoNV::viewportScissor2D`, chained
/// though lavapipe lacks the extension: it ignores the structure), takes them dynamically
/// (vkCmdBindPipeline-commandBuffer-04809), as does one whose discard rectangle enable is dynamic
/// (the rule's second condition, which Vigil used to miss); viewports and scissors are dynamic in both pipelines,
/// so `-04808` is out of the way.
#[test]
fn secondaries_inheriting_viewports_bind_dynamic_discard_rectangles() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_EXT_discard_rectangles"]));
    let two = Shape { discard_rectangles: true, ..NO };
    let fixed = f.pipeline(&[S::VIEWPORT, S::SCISSOR], two);
    let dynamic = f.pipeline(&[S::VIEWPORT, S::SCISSOR, S::DISCARD_RECTANGLE_EXT], two);
    let none = f.pipeline(&[S::VIEWPORT, S::SCISSOR], NO);
    // No rectangles, but their enable dynamic: the rule applies as well.
    let enable = f.pipeline(&[S::VIEWPORT, S::SCISSOR, S::DISCARD_RECTANGLE_ENABLE_EXT], NO);
    let both = [S::VIEWPORT, S::SCISSOR, S::DISCARD_RECTANGLE_ENABLE_EXT, S::DISCARD_RECTANGLE_EXT];
    let enable_and_rectangles = f.pipeline(&both, NO);
    let d = &f.ctx.device;
    let viewport = vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0);
    let bind = |inherits: bool, pipeline| {
        let mut nv = vk::CommandBufferInheritanceViewportScissorInfoNV::default()
            .viewport_scissor2_d(true)
            .viewport_depth_count(1)
            .viewport_depths(&viewport);
        let mut inheritance = vk::CommandBufferInheritanceInfo::default();
        if inherits {
            inheritance = inheritance.push_next(&mut nv);
        }
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(f.pool)
            .level(vk::CommandBufferLevel::SECONDARY)
            .command_buffer_count(1);
        // SAFETY: a valid allocate info and begin info but for the structure lavapipe ignores;
        // invalid calls are skipped by Vigil; nothing is submitted.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
            d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
            let ids =
                f.ctx.messages.problem_ids_of(|| d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline));
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(f.pool, &[cb]);
            ids
        }
    };
    assert_eq!(bind(true, fixed), ["VUID-vkCmdBindPipeline-commandBuffer-04809"]);
    assert_eq!(bind(true, dynamic), NONE);
    assert_eq!(bind(true, none), NONE);
    assert_eq!(bind(true, enable), ["VUID-vkCmdBindPipeline-commandBuffer-04809"]);
    assert_eq!(bind(true, enable_and_rectangles), NONE);
    assert_eq!(bind(false, fixed), NONE);
}
