//! The extended dynamic state 2 and 3 rules Vigil follows at draws, on a device with those
//! extensions and the features their rules name; the topology and primitive restart set
//! dynamically; the last per-attachment, color write enable and sample mask calls; the blend
//! equations of attachments with blending enabled.

use super::*;

/// The extension devices whose state-setting commands the extended dynamic state cases record.
struct Setters {
    /// The core commands (extended dynamic state is core since Vulkan 1.3).
    device: ash::Device,
    eds2: ash::ext::extended_dynamic_state2::Device,
    eds3: ash::ext::extended_dynamic_state3::Device,
    color_write: vk::PFN_vkCmdSetColorWriteEnableEXT,
}

/// Commands recorded before a draw, with the extension setters.
type ExtRec = fn(&Setters, vk::CommandBuffer);

/// One extended dynamic state case.
type ExtCase = Case<ExtRec>;

const EXT_NOTHING: ExtRec = |_, _| {};
const TESSELLATION: Shape = Shape { tessellation: true, ..NO };

/// The cases of the extended dynamic state 2 and 3 rules Vigil follows: where each applies,
/// unset then set, and where its condition does not hold.
// SAFETY (every closure): state-setting commands recorded in a command buffer being recorded.
fn ext_cases() -> Vec<ExtCase> {
    let discard_on: ExtRec = |s, cb| unsafe { s.eds2.cmd_set_rasterizer_discard_enable(cb, true) };
    // Needed while rasterizing: set, unset, and not needed with rasterizer discard enabled.
    let rasterizing: [(vk::DynamicState, ExtRec, &str); 11] = [
        (S::DEPTH_CLAMP_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_depth_clamp_enable(cb, false) }, "None-07620"),
        (S::POLYGON_MODE_EXT, |s, cb| unsafe { s.eds3.cmd_set_polygon_mode(cb, vk::PolygonMode::FILL) }, "None-07621"),
        (
            S::RASTERIZATION_SAMPLES_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_rasterization_samples(cb, vk::SampleCountFlags::TYPE_1) },
            "None-07622",
        ),
        (
            S::SAMPLE_MASK_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_sample_mask(cb, vk::SampleCountFlags::TYPE_1, &[!0]) },
            "None-07623",
        ),
        (
            S::ALPHA_TO_COVERAGE_ENABLE_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_alpha_to_coverage_enable(cb, false) },
            "None-07624",
        ),
        (S::ALPHA_TO_ONE_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_alpha_to_one_enable(cb, false) }, "None-07625"),
        (S::LOGIC_OP_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_logic_op_enable(cb, false) }, "None-07626"),
        (S::COLOR_BLEND_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_color_blend_enable(cb, 0, &[0]) }, "None-07627"),
        (
            S::COLOR_WRITE_MASK_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_color_write_mask(cb, 0, &[vk::ColorComponentFlags::RGBA]) },
            "None-07629",
        ),
        (
            S::PROVOKING_VERTEX_MODE_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_provoking_vertex_mode(cb, vk::ProvokingVertexModeEXT::FIRST_VERTEX) },
            "None-07636",
        ),
        (S::COLOR_WRITE_ENABLE_EXT, |s, cb| unsafe { (s.color_write)(cb, 1, &vk::TRUE) }, "None-07749"),
    ];
    let mut cases = Vec::new();
    for (state, set, id) in rasterizing {
        let alone: &'static [_] = Box::leak(Box::new([state]));
        let with_discard: &'static [_] = Box::leak(Box::new([S::RASTERIZER_DISCARD_ENABLE, state]));
        cases.push(case(alone, NO, EXT_NOTHING, Some(set), Some(id)));
        cases.push(case(with_discard, NO, discard_on, None, None));
        cases.push(case(alone, DISCARD, EXT_NOTHING, None, None));
    }
    // Needed whether or not rasterizing.
    let always: [(vk::DynamicState, ExtRec, &str); 2] = [
        (S::DEPTH_CLIP_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_depth_clip_enable(cb, true) }, "None-07633"),
        (
            S::DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_depth_clip_negative_one_to_one(cb, false) },
            "None-07639",
        ),
    ];
    for (state, set, id) in always {
        let alone: &'static [_] = Box::leak(Box::new([state]));
        cases.push(case(alone, NO, EXT_NOTHING, Some(set), Some(id)));
        cases.push(case(alone, DISCARD, EXT_NOTHING, Some(set), Some(id)));
    }
    // Needed while drawing lines.
    let lines: [(vk::DynamicState, ExtRec, &str); 2] = [
        (
            S::LINE_RASTERIZATION_MODE_EXT,
            |s, cb| unsafe { s.eds3.cmd_set_line_rasterization_mode(cb, vk::LineRasterizationModeEXT::DEFAULT) },
            "None-08666",
        ),
        (S::LINE_STIPPLE_ENABLE_EXT, |s, cb| unsafe { s.eds3.cmd_set_line_stipple_enable(cb, false) }, "None-08669"),
    ];
    for (state, set, id) in lines {
        let alone: &'static [_] = Box::leak(Box::new([state]));
        cases.push(case(alone, LINES, EXT_NOTHING, Some(set), Some(id)));
        cases.push(case(alone, NO, EXT_NOTHING, None, None));
    }
    // The logic op, while the logic op is enabled (statically or dynamically).
    let logic_op: ExtRec = |s, cb| unsafe { s.eds2.cmd_set_logic_op(cb, vk::LogicOp::COPY) };
    let logic_ops: &'static [_] = &[S::LOGIC_OP_EXT, S::LOGIC_OP_ENABLE_EXT];
    let enable: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_logic_op_enable(cb, true) };
    let disable: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_logic_op_enable(cb, false) };
    cases.push(case(logic_ops, NO, enable, Some(logic_op), Some("logicOp-04878")));
    cases.push(case(logic_ops, NO, disable, None, None));
    cases.push(case(
        &[S::LOGIC_OP_EXT],
        Shape { logic_op: true, ..NO },
        EXT_NOTHING,
        Some(logic_op),
        Some("logicOp-04878"),
    ));
    cases.push(case(&[S::LOGIC_OP_EXT], NO, EXT_NOTHING, None, None));
    // Tessellation: the control points of patches read by a control shader, the domain origin
    // of an evaluation shader; neither without tessellation shaders.
    let points: ExtRec = |s, cb| unsafe { s.eds2.cmd_set_patch_control_points(cb, 3) };
    let origin: ExtRec =
        |s, cb| unsafe { s.eds3.cmd_set_tessellation_domain_origin(cb, vk::TessellationDomainOrigin::UPPER_LEFT) };
    cases.push(case(&[S::PATCH_CONTROL_POINTS_EXT], TESSELLATION, EXT_NOTHING, Some(points), Some("None-04875")));
    cases.push(case(&[S::PATCH_CONTROL_POINTS_EXT], NO, EXT_NOTHING, None, None));
    cases.push(case(&[S::TESSELLATION_DOMAIN_ORIGIN_EXT], TESSELLATION, EXT_NOTHING, Some(origin), Some("None-07619")));
    cases.push(case(&[S::TESSELLATION_DOMAIN_ORIGIN_EXT], NO, EXT_NOTHING, None, None));
    // The last per-attachment blend enable and write mask calls cover every active attachment.
    let blend_second: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_color_blend_enable(cb, 1, &[0]) };
    let blend_first: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_color_blend_enable(cb, 0, &[0]) };
    let mask_second: ExtRec =
        |s, cb| unsafe { s.eds3.cmd_set_color_write_mask(cb, 1, &[vk::ColorComponentFlags::RGBA]) };
    let mask_first: ExtRec =
        |s, cb| unsafe { s.eds3.cmd_set_color_write_mask(cb, 0, &[vk::ColorComponentFlags::RGBA]) };
    let blend = &[S::COLOR_BLEND_ENABLE_EXT];
    let mask = &[S::COLOR_WRITE_MASK_EXT];
    cases.push(case(blend, NO, blend_second, Some(blend_first), Some("firstAttachment-07476")));
    cases.push(case(mask, NO, mask_second, Some(mask_first), Some("firstAttachment-07478")));
    let discarding_blend: ExtRec = |s, cb| unsafe {
        s.eds2.cmd_set_rasterizer_discard_enable(cb, true);
        s.eds3.cmd_set_color_blend_enable(cb, 1, &[0]);
    };
    cases.push(case(&[S::RASTERIZER_DISCARD_ENABLE, S::COLOR_BLEND_ENABLE_EXT], NO, discarding_blend, None, None));
    // The blend equation of each active attachment with blending enabled, dynamically or
    // statically; none while blending is disabled or rasterization discarded.
    let blend_on: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_color_blend_enable(cb, 0, &[vk::TRUE]) };
    let blend_off: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_color_blend_enable(cb, 0, &[vk::FALSE]) };
    let equation: ExtRec =
        |s, cb| unsafe { s.eds3.cmd_set_color_blend_equation(cb, 0, &[vk::ColorBlendEquationEXT::default()]) };
    let second_equation: ExtRec = |s, cb| unsafe {
        s.eds3.cmd_set_color_blend_enable(cb, 0, &[vk::TRUE]);
        s.eds3.cmd_set_color_blend_equation(cb, 1, &[vk::ColorBlendEquationEXT::default()]);
    };
    let discarding_equations: ExtRec = |s, cb| unsafe {
        s.eds2.cmd_set_rasterizer_discard_enable(cb, true);
        s.eds3.cmd_set_color_blend_enable(cb, 0, &[vk::TRUE]);
    };
    let equations = &[S::COLOR_BLEND_EQUATION_EXT, S::COLOR_BLEND_ENABLE_EXT];
    let blending = Shape { blend_constants: true, ..NO };
    cases.push(case(equations, NO, blend_on, Some(equation), Some("None-10862")));
    cases.push(case(equations, NO, second_equation, Some(equation), Some("None-10862")));
    cases.push(case(equations, NO, blend_off, None, None));
    cases.push(case(&[S::COLOR_BLEND_EQUATION_EXT], blending, EXT_NOTHING, Some(equation), Some("None-10862")));
    let other_equation: ExtRec =
        |s, cb| unsafe { s.eds3.cmd_set_color_blend_equation(cb, 1, &[vk::ColorBlendEquationEXT::default()]) };
    cases.push(case(&[S::COLOR_BLEND_EQUATION_EXT], blending, other_equation, Some(equation), Some("None-10862")));
    cases.push(case(&[S::COLOR_BLEND_EQUATION_EXT], NO, EXT_NOTHING, None, None));
    let discarding = &[S::RASTERIZER_DISCARD_ENABLE, S::COLOR_BLEND_EQUATION_EXT, S::COLOR_BLEND_ENABLE_EXT];
    cases.push(case(discarding, NO, discarding_equations, None, None));
    // The last sample mask covers the rasterization samples set dynamically.
    let four_one: ExtRec = |s, cb| unsafe {
        s.eds3.cmd_set_rasterization_samples(cb, vk::SampleCountFlags::TYPE_4);
        s.eds3.cmd_set_sample_mask(cb, vk::SampleCountFlags::TYPE_1, &[!0]);
    };
    let mask_four: ExtRec = |s, cb| unsafe { s.eds3.cmd_set_sample_mask(cb, vk::SampleCountFlags::TYPE_4, &[!0]) };
    let both = &[S::RASTERIZATION_SAMPLES_EXT, S::SAMPLE_MASK_EXT];
    cases.push(case(both, NO, four_one, Some(mask_four), Some("samples-07473")));
    // A topology set dynamically: patch lists exactly with a tessellation control stage.
    let topology = &[S::PRIMITIVE_TOPOLOGY];
    let triangles: ExtRec =
        |s, cb| unsafe { s.device.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_LIST) };
    let patches: ExtRec = |s, cb| unsafe { s.device.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::PATCH_LIST) };
    cases.push(case(topology, TESSELLATION, triangles, Some(patches), Some("primitiveTopology-10286")));
    cases.push(case(topology, NO, patches, Some(triangles), Some("primitiveTopology-10747")));
    // Primitive restart enabled dynamically: not for lists or patch lists without the features.
    let restart = &[S::PRIMITIVE_RESTART_ENABLE];
    let restart_on: ExtRec = |s, cb| unsafe { s.eds2.cmd_set_primitive_restart_enable(cb, true) };
    let restart_off: ExtRec = |s, cb| unsafe { s.eds2.cmd_set_primitive_restart_enable(cb, false) };
    cases.push(case(restart, NO, restart_on, Some(restart_off), Some("None-09637")));
    cases.push(case(restart, LINES, restart_on, Some(restart_off), Some("None-09637")));
    cases.push(case(restart, TESSELLATION, restart_on, Some(restart_off), Some("None-10909")));
    let strip_restarted: ExtRec = |s, cb| unsafe {
        s.device.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_STRIP);
        s.eds2.cmd_set_primitive_restart_enable(cb, true);
    };
    cases.push(case(&[S::PRIMITIVE_TOPOLOGY, S::PRIMITIVE_RESTART_ENABLE], NO, strip_restarted, None, None));
    cases
}

#[test]
fn extended_dynamic_states_must_be_set_where_their_rules_apply() {
    let f = Fixture::with(|b| {
        b.extended_dynamic_state3().features(
            vk::PhysicalDeviceFeatures::default()
                .multi_viewport(true)
                .tessellation_shader(true)
                .depth_clamp(true)
                .alpha_to_one(true)
                .logic_op(true),
        )
    });
    let (instance, device) = (&f.ctx.instance, &f.ctx.device);
    // SAFETY: the device's own entry point, of the type its name says.
    let color_write = unsafe {
        let p = instance.get_device_proc_addr(device.handle(), c"vkCmdSetColorWriteEnableEXT".as_ptr());
        std::mem::transmute::<vk::PFN_vkVoidFunction, vk::PFN_vkCmdSetColorWriteEnableEXT>(p)
    };
    let setters = Setters {
        device: device.clone(),
        eds2: ash::ext::extended_dynamic_state2::Device::new(instance, device),
        eds3: ash::ext::extended_dynamic_state3::Device::new(instance, device),
        color_write,
    };
    run_cases(&f, &ext_cases(), |rec: ExtRec, _, cb| rec(&setters, cb));
    // The last sample mask covers the pipeline's static rasterization samples (four, drawn into a
    // single-sampled attachment: -07285 as well).
    let four = f.pipeline(&[S::SAMPLE_MASK_EXT], Shape { four_samples: true, ..NO });
    for (name, draw) in draws(&f) {
        let masked = |samples: vk::SampleCountFlags| {
            let mut ids = f.ids(|d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, four);
                    setters.eds3.cmd_set_sample_mask(cb, samples, &[!0]);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            });
            ids.sort();
            ids
        };
        let single = format!("VUID-{name}-multisampledRenderToSingleSampled-07285");
        assert_eq!(masked(vk::SampleCountFlags::TYPE_1), [single.clone(), format!("VUID-{name}-samples-07472")]);
        assert_eq!(masked(vk::SampleCountFlags::TYPE_4), [single]);
    }
    // The last color write enable call gives a value for each active color attachment (two).
    let two = f.pipeline(&[S::COLOR_WRITE_ENABLE_EXT], Shape { two_colors: true, ..NO });
    let rendering = Rendering {
        color: f.view,
        second: Some(f.ctx.color_attachment_view()),
        depth: None,
        view_mask: 0,
        flags: vk::RenderingFlags::empty(),
    };
    for (name, draw) in draws(&f) {
        let enabled = [vk::TRUE; 2];
        let run = |count: u32| {
            f.ids_in_rendering(rendering, |d, cb| {
                // SAFETY: recording with live objects; `count` values of `enabled`.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, two);
                    (setters.color_write)(cb, count, enabled.as_ptr());
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            })
        };
        assert_eq!(run(1), [format!("VUID-{name}-attachmentCount-07750")], "{name}");
        assert_eq!(run(2), NONE, "{name}");
    }
    // Their setters are recorded: one set while the bound pipeline has the state static.
    for (name, draw) in draws(&f) {
        let ids = f.ids(|d, cb| {
            // SAFETY: recording with live objects.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
                setters.eds3.cmd_set_polygon_mode(cb, vk::PolygonMode::FILL);
                d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
            }
            draw(d, cb);
        });
        assert_eq!(ids, [format!("VUID-{name}-None-08608")], "{name}");
    }
}

/// Stippled lines with the line stipple enable or the line rasterization mode dynamic: each mode
/// needs its stippled-lines feature (the default mode stippledRectangularLines and strictLines).
#[test]
fn stippled_lines_need_their_modes_feature() {
    use vk::LineRasterizationModeEXT as M;
    // Lines of every mode, none stippled.
    let f = Fixture::with(|b| b.extended_dynamic_state3().line_features([true; 3], [false; 3]));
    let both = f.pipeline(&[S::LINE_RASTERIZATION_MODE_EXT, S::LINE_STIPPLE_ENABLE_EXT], LINES);
    // The mode static: the default (no line state).
    let stipple_only = f.pipeline(&[S::LINE_STIPPLE_ENABLE_EXT], LINES);
    let run =
        |f: &Fixture, draw: &dyn Fn(&ash::Device, vk::CommandBuffer), pipeline, mode: Option<M>, stipple: bool| {
            let eds3 = ash::ext::extended_dynamic_state3::Device::new(&f.ctx.instance, &f.ctx.device);
            f.ids(|d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    if let Some(mode) = mode {
                        eds3.cmd_set_line_rasterization_mode(cb, mode);
                    }
                    eds3.cmd_set_line_stipple_enable(cb, stipple);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            })
        };
    let modes =
        [(M::RECTANGULAR, "07495"), (M::BRESENHAM, "07496"), (M::RECTANGULAR_SMOOTH, "07497"), (M::DEFAULT, "07498")];
    for (name, draw) in draws(&f) {
        for (mode, n) in modes {
            let id = format!("VUID-{name}-stippledLineEnable-{n}");
            assert_eq!(run(&f, &*draw, both, Some(mode), true), [id], "{name} {mode:?}");
            assert_eq!(run(&f, &*draw, both, Some(mode), false), NONE, "{name} {mode:?}");
        }
        let id = format!("VUID-{name}-stippledLineEnable-07498");
        assert_eq!(run(&f, &*draw, stipple_only, None, true), [id], "{name}");
        assert_eq!(run(&f, &*draw, stipple_only, None, false), NONE, "{name}");
    }
    // With stippled rectangular lines (and lavapipe's strictLines): the rectangular and default
    // modes may be stippled.
    let g = Fixture::with(|b| b.extended_dynamic_state3());
    let both = g.pipeline(&[S::LINE_RASTERIZATION_MODE_EXT, S::LINE_STIPPLE_ENABLE_EXT], LINES);
    for (name, draw) in draws(&g) {
        for mode in [M::RECTANGULAR, M::DEFAULT] {
            assert_eq!(run(&g, &*draw, both, Some(mode), true), NONE, "{name} {mode:?}");
        }
    }
}

/// A topology set dynamically keeps the pipeline's topology class on a device whose
/// dynamicPrimitiveTopologyUnrestricted is VK_FALSE (the shim's `restricted-topology`), and may
/// leave it on lavapipe, which does not restrict it.
#[test]
fn restricted_devices_keep_the_pipelines_topology_class() {
    let restricted = Fixture::with_shim(|b| b.extended_dynamic_state3());
    let open = Fixture::with(|b| b.extended_dynamic_state3());
    for (f, restricts) in [(&restricted, true), (&open, false)] {
        // Its input assembly state: a triangle list.
        let pipeline = f.pipeline(&[S::PRIMITIVE_TOPOLOGY], NO);
        for (name, draw) in draws(f) {
            let run = |topology| {
                f.ids(|d, cb| {
                    // SAFETY: recording with live objects.
                    unsafe {
                        d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                        d.cmd_set_primitive_topology(cb, topology);
                        d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                    }
                    draw(d, cb);
                })
            };
            let other_class: Vec<String> = restricts
                .then(|| format!("VUID-{name}-dynamicPrimitiveTopologyUnrestricted-07500"))
                .into_iter()
                .collect();
            assert_eq!(run(vk::PrimitiveTopology::LINE_LIST), other_class, "{name}");
            assert_eq!(run(vk::PrimitiveTopology::TRIANGLE_STRIP), NONE, "{name}");
        }
    }
}

/// Where provokingVertexModePerPipeline is VK_FALSE (the shim's
/// `provoking-vertex-per-render-pass`), the graphics pipelines bound in one render pass instance
/// share one provoking vertex mode; lavapipe, which switches it per pipeline, allows any.
#[test]
fn pipelines_of_a_render_pass_instance_share_a_provoking_vertex_mode() {
    let per_pass = Fixture::with_shim(|b| b.extended_dynamic_state3());
    let per_pipeline = Fixture::with(|b| b.extended_dynamic_state3());
    for (f, restricts) in [(&per_pass, true), (&per_pipeline, false)] {
        let first = f.pipeline(&[], NO);
        let last = f.pipeline(&[], Shape { provoking_last: true, ..NO });
        let bind = |a, b| {
            f.ids(|d, cb| {
                // SAFETY: recording with live pipelines; invalid binds are skipped by Vigil.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, a);
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, b);
                }
            })
        };
        let expected: Vec<&str> =
            if restricts { vec!["VUID-vkCmdBindPipeline-pipelineBindPoint-04881"] } else { vec![] };
        assert_eq!(bind(first, last), expected, "restricted {restricts}");
        assert_eq!(bind(last, last), NONE, "restricted {restricts}");
        assert_eq!(bind(first, first), NONE, "restricted {restricts}");
    }
}

/// Blending enabled dynamically (vkCmdSetColorBlendEnableEXT) only for color attachments whose
/// view format can blend (`-blendEnable-04727`): R8G8B8A8_UINT cannot.
#[test]
fn dynamic_blending_only_of_formats_that_blend() {
    let f = Fixture::with(|b| b.extended_dynamic_state3());
    let uint_view = f.ctx.attachment_view(
        vk::Format::R8G8B8A8_UINT,
        vk::ImageUsageFlags::COLOR_ATTACHMENT,
        vk::ImageAspectFlags::COLOR,
    );
    let rendering =
        Rendering { color: uint_view, second: None, depth: None, view_mask: 0, flags: vk::RenderingFlags::empty() };
    let pipeline = f.pipeline(&[S::COLOR_BLEND_ENABLE_EXT], Shape { uint_color: true, ..NO });
    let eds3 = ash::ext::extended_dynamic_state3::Device::new(&f.ctx.instance, &f.ctx.device);
    for (name, draw) in draws(&f) {
        for (enable, expected) in [(vk::TRUE, vec![format!("VUID-{name}-blendEnable-04727")]), (vk::FALSE, vec![])] {
            let ids = f.ids_in_rendering(rendering, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    eds3.cmd_set_color_blend_enable(cb, 0, &[enable]);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            });
            assert_eq!(ids, expected, "{name}, blendEnable {enable}");
        }
    }
}
