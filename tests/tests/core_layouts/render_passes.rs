//! Render pass creation: the layouts attachment descriptions and references may name, by
//! attachment format and list, with separate stencil layouts, and against the features; the first
//! use of an attachment cleared on load.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

use super::{context, is_color, BOTH, COLOR, DEPTH, L, NONE, STENCIL};

/// One attachment of a one-subpass render pass, and how the subpass refers to it.
#[derive(Clone, Copy)]
struct Case {
    format: vk::Format,
    load: vk::AttachmentLoadOp,
    stencil_load: vk::AttachmentLoadOp,
    initial: L,
    last: L,
    /// The subpass reference's layout.
    reference: L,
    /// `VkAttachmentDescriptionStencilLayout` (render pass 2 only).
    stencil: Option<(L, L)>,
    /// `VkAttachmentReferenceStencilLayout` (render pass 2 only).
    reference_stencil: Option<L>,
}

fn case(format: vk::Format) -> Case {
    let (layout, reference) = if is_color(format) {
        (L::COLOR_ATTACHMENT_OPTIMAL, L::COLOR_ATTACHMENT_OPTIMAL)
    } else {
        (L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
    };
    Case {
        format,
        load: vk::AttachmentLoadOp::CLEAR,
        stencil_load: vk::AttachmentLoadOp::DONT_CARE,
        initial: L::UNDEFINED,
        last: layout,
        reference,
        stencil: None,
        reference_stencil: None,
    }
}

impl Case {
    fn initial(self, l: L) -> Self {
        Case { initial: l, ..self }
    }
    fn last(self, l: L) -> Self {
        Case { last: l, ..self }
    }
    fn reference(self, l: L) -> Self {
        Case { reference: l, ..self }
    }
    fn stencil(self, initial: L, last: L) -> Self {
        Case { stencil: Some((initial, last)), ..self }
    }
    fn reference_stencil(self, l: L) -> Self {
        Case { reference_stencil: Some(l), ..self }
    }
    fn load(self, load: vk::AttachmentLoadOp) -> Self {
        Case { load, ..self }
    }
    fn stencil_load(self, stencil_load: vk::AttachmentLoadOp) -> Self {
        Case { stencil_load, ..self }
    }
}

/// vkCreateRenderPass (`two`: vkCreateRenderPass2) with `c`: the ids reported, and the render
/// pass when made.
fn create(ctx: &Context, c: &Case, two: bool) -> (Vec<String>, Option<vk::RenderPass>) {
    let d = &ctx.device;
    let mut made = None;
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: the create infos; invalid ones are skipped by Vigil.
        made = unsafe {
            if two {
                let mut stencil = vk::AttachmentDescriptionStencilLayout::default();
                let mut a = vk::AttachmentDescription2::default()
                    .format(c.format)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(c.load)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .stencil_load_op(c.stencil_load)
                    .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                    .initial_layout(c.initial)
                    .final_layout(c.last);
                if let Some((i, f)) = c.stencil {
                    stencil = stencil.stencil_initial_layout(i).stencil_final_layout(f);
                    a = a.push_next(&mut stencil);
                }
                let mut ref_stencil = vk::AttachmentReferenceStencilLayout::default();
                let mut r = vk::AttachmentReference2::default().attachment(0).layout(c.reference);
                if let Some(l) = c.reference_stencil {
                    ref_stencil = ref_stencil.stencil_layout(l);
                    r = r.push_next(&mut ref_stencil);
                }
                let refs = [r];
                let mut subpass =
                    vk::SubpassDescription2::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS);
                subpass = if is_color(c.format) {
                    subpass.color_attachments(&refs)
                } else {
                    subpass.depth_stencil_attachment(&refs[0])
                };
                let (attachments, subpasses) = ([a], [subpass]);
                let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&subpasses);
                d.create_render_pass2(&info, None).ok()
            } else {
                let a = vk::AttachmentDescription::default()
                    .format(c.format)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(c.load)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .stencil_load_op(c.stencil_load)
                    .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                    .initial_layout(c.initial)
                    .final_layout(c.last);
                let refs = [vk::AttachmentReference { attachment: 0, layout: c.reference }];
                let mut subpass =
                    vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS);
                subpass = if is_color(c.format) {
                    subpass.color_attachments(&refs)
                } else {
                    subpass.depth_stencil_attachment(&refs[0])
                };
                let (attachments, subpasses) = ([a], [subpass]);
                let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
                d.create_render_pass(&info, None).ok()
            }
        };
    });
    (ids, made)
}

/// The ids `c` brings in version 1 (`two` false) or 2; the render pass made is destroyed.
fn ids(ctx: &Context, c: &Case, two: bool) -> Vec<String> {
    let (ids, made) = create(ctx, c, two);
    if let Some(rp) = made {
        // SAFETY: unused.
        unsafe { ctx.device.destroy_render_pass(rp, None) };
    }
    ids
}

/// A render pass rule: the invalid case with the id each version reports (`None`: the case is
/// version 2's only), and its valid neighbour.
struct Rule {
    bad: Case,
    v1: Option<&'static str>,
    v2: &'static str,
    good: Case,
}

fn rule(bad: Case, v1: Option<&'static str>, v2: &'static str, good: Case) -> Rule {
    Rule { bad, v1, v2, good }
}

#[test]
fn render_pass_creation() {
    use vk::AttachmentLoadOp as Load;
    let ctx = context(true);
    let color = case(COLOR);
    let depth = case(DEPTH);
    let stencil = case(STENCIL);
    let both = case(BOTH);
    let rules = [
        rule(
            color.initial(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03280"),
            "VUID-VkAttachmentDescription2-format-03280",
            color.initial(L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        rule(
            depth.initial(L::COLOR_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03281"),
            "VUID-VkAttachmentDescription2-format-03281",
            depth.initial(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            color.last(L::DEPTH_STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03282"),
            "VUID-VkAttachmentDescription2-format-03282",
            color.last(L::SHADER_READ_ONLY_OPTIMAL),
        ),
        rule(
            both.last(L::COLOR_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03283"),
            "VUID-VkAttachmentDescription2-format-03283",
            both.last(L::DEPTH_STENCIL_READ_ONLY_OPTIMAL),
        ),
        rule(
            color.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03286"),
            "VUID-VkAttachmentDescription2-format-03286",
            color.initial(L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        rule(
            color.last(L::STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03287"),
            "VUID-VkAttachmentDescription2-format-03287",
            color.last(L::TRANSFER_SRC_OPTIMAL),
        ),
        rule(
            depth.initial(L::STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03290"),
            "VUID-VkAttachmentDescription2-format-03290",
            depth.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
        ),
        rule(
            depth.last(L::STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03291"),
            "VUID-VkAttachmentDescription2-format-03291",
            depth.last(L::DEPTH_READ_ONLY_OPTIMAL),
        ),
        rule(
            stencil.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03292"),
            "VUID-VkAttachmentDescription2-format-06247",
            stencil.initial(L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            stencil.last(L::DEPTH_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-03293"),
            "VUID-VkAttachmentDescription2-format-06248",
            stencil.last(L::STENCIL_READ_ONLY_OPTIMAL),
        ),
        rule(
            both.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06242"),
            "VUID-VkAttachmentDescription2-format-06249",
            both.initial(L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL),
        ),
        rule(
            both.last(L::DEPTH_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06243"),
            "VUID-VkAttachmentDescription2-format-06250",
            both.last(L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            both.initial(L::STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06906"),
            "VUID-VkAttachmentDescription2-format-06906",
            both.initial(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            both.last(L::STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06907"),
            "VUID-VkAttachmentDescription2-format-06907",
            both.last(L::DEPTH_STENCIL_READ_ONLY_OPTIMAL),
        ),
        rule(
            color.initial(L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06487"),
            "VUID-VkAttachmentDescription2-format-06487",
            color.initial(L::GENERAL),
        ),
        rule(
            color.last(L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkAttachmentDescription-format-06488"),
            "VUID-VkAttachmentDescription2-format-06488",
            color.last(L::GENERAL),
        ),
        rule(
            color.load(Load::LOAD),
            Some("VUID-VkAttachmentDescription-format-06699"),
            "VUID-VkAttachmentDescription2-format-06699",
            color.load(Load::LOAD).initial(L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        rule(
            both.load(Load::DONT_CARE).stencil_load(Load::LOAD),
            Some("VUID-VkAttachmentDescription-format-06700"),
            "VUID-VkAttachmentDescription2-pNext-06704",
            both.load(Load::DONT_CARE).stencil_load(Load::LOAD).initial(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        // Version 2's separate stencil layouts.
        rule(
            both.stencil_load(Load::LOAD).stencil(L::UNDEFINED, L::STENCIL_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkAttachmentDescription2-pNext-06705",
            both.stencil_load(Load::LOAD).stencil(L::STENCIL_ATTACHMENT_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            both.stencil(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkAttachmentDescriptionStencilLayout-stencilInitialLayout-03308",
            both.stencil(L::STENCIL_READ_ONLY_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            both.stencil(L::UNDEFINED, L::COLOR_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkAttachmentDescriptionStencilLayout-stencilFinalLayout-03309",
            both.stencil(L::UNDEFINED, L::STENCIL_READ_ONLY_OPTIMAL),
        ),
        rule(
            both.stencil(L::UNDEFINED, L::UNDEFINED),
            None,
            "VUID-VkAttachmentDescriptionStencilLayout-stencilFinalLayout-03310",
            both.stencil(L::UNDEFINED, L::GENERAL),
        ),
        rule(
            both.reference_stencil(L::PRESENT_SRC_KHR),
            None,
            "VUID-VkAttachmentReferenceStencilLayout-stencilLayout-03318",
            both.reference_stencil(L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        // With separate stencil layouts, a depth layout is allowed for both kinds.
        rule(
            both.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkAttachmentDescription2-format-06249",
            both.initial(L::DEPTH_ATTACHMENT_OPTIMAL)
                .stencil(L::STENCIL_ATTACHMENT_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        rule(
            stencil.last(L::DEPTH_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkAttachmentDescription2-format-06248",
            stencil.last(L::DEPTH_ATTACHMENT_OPTIMAL).stencil(L::UNDEFINED, L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
    ];
    for r in &rules {
        for two in [false, true] {
            let expected = if two { Some(r.v2) } else { r.v1 };
            if r.v1.is_none() && !two && r.bad.stencil.is_some() {
                continue;
            }
            if let Some(id) = expected {
                assert_eq!(ids(&ctx, &r.bad, two), [id], "version {}", if two { 2 } else { 1 });
            }
            if !two && r.good.stencil.is_some() {
                continue;
            }
            assert_eq!(ids(&ctx, &r.good, two), NONE, "neighbour of {}", r.v2);
        }
    }

    // The features: without them (the second context), the same valid render passes break the
    // feature rules.
    let plain = context(false);
    let features = [
        (
            depth.initial(L::DEPTH_ATTACHMENT_OPTIMAL),
            "VUID-VkAttachmentDescription-separateDepthStencilLayouts-03284",
            "VUID-VkAttachmentDescription2-separateDepthStencilLayouts-03284",
        ),
        (
            depth.last(L::DEPTH_READ_ONLY_OPTIMAL),
            "VUID-VkAttachmentDescription-separateDepthStencilLayouts-03285",
            "VUID-VkAttachmentDescription2-separateDepthStencilLayouts-03285",
        ),
        (
            depth.reference(L::DEPTH_ATTACHMENT_OPTIMAL),
            "VUID-VkAttachmentReference-separateDepthStencilLayouts-03313",
            "VUID-VkAttachmentReference2-separateDepthStencilLayouts-03313",
        ),
        (
            color.initial(L::ATTACHMENT_OPTIMAL),
            "VUID-VkAttachmentDescription-synchronization2-06908",
            "VUID-VkAttachmentDescription2-synchronization2-06908",
        ),
        (
            color.last(L::READ_ONLY_OPTIMAL),
            "VUID-VkAttachmentDescription-synchronization2-06909",
            "VUID-VkAttachmentDescription2-synchronization2-06909",
        ),
        (
            color.reference(L::ATTACHMENT_OPTIMAL),
            "VUID-VkAttachmentReference-synchronization2-06910",
            "VUID-VkAttachmentReference2-synchronization2-06910",
        ),
    ];
    for (c, v1, v2) in &features {
        assert_eq!(ids(&plain, c, false), [*v1]);
        assert_eq!(ids(&plain, c, true), [*v2]);
        assert_eq!(ids(&ctx, c, false), NONE, "{v1} with the feature");
        assert_eq!(ids(&ctx, c, true), NONE, "{v2} with the feature");
    }

    // The layouts of two extensions, enabled without their features: not allowed; GENERAL is.
    let entry = VulkanEnv::new().with_vigil().entry();
    let extensions = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .device_extensions(&[c"VK_EXT_attachment_feedback_loop_layout", c"VK_KHR_dynamic_rendering_local_read"])
        .build_skipping_errors(&entry);
    let (feedback, local) = (L::ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT, L::RENDERING_LOCAL_READ_KHR);
    let without_features = [
        (
            color.initial(feedback),
            "VUID-VkAttachmentDescription-attachmentFeedbackLoopLayout-07309",
            "VUID-VkAttachmentDescription2-attachmentFeedbackLoopLayout-07309",
        ),
        (
            color.last(feedback),
            "VUID-VkAttachmentDescription-attachmentFeedbackLoopLayout-07310",
            "VUID-VkAttachmentDescription2-attachmentFeedbackLoopLayout-07310",
        ),
        (
            color.reference(feedback),
            "VUID-VkAttachmentReference-attachmentFeedbackLoopLayout-07311",
            "VUID-VkAttachmentReference2-attachmentFeedbackLoopLayout-07311",
        ),
        (
            color.initial(local),
            "VUID-VkAttachmentDescription-dynamicRenderingLocalRead-09544",
            "VUID-VkAttachmentDescription2-dynamicRenderingLocalRead-09544",
        ),
        (
            color.last(local),
            "VUID-VkAttachmentDescription-dynamicRenderingLocalRead-09545",
            "VUID-VkAttachmentDescription2-dynamicRenderingLocalRead-09545",
        ),
        (
            color.reference(local),
            "VUID-VkAttachmentReference-dynamicRenderingLocalRead-09546",
            "VUID-VkAttachmentReference2-dynamicRenderingLocalRead-09546",
        ),
    ];
    for (c, v1, v2) in &without_features {
        assert_eq!(ids(&extensions, c, false), [*v1]);
        assert_eq!(ids(&extensions, c, true), [*v2]);
    }
    for c in [color.initial(L::GENERAL), color.last(L::GENERAL), color.reference(L::GENERAL)] {
        assert_eq!(ids(&extensions, &c, false), NONE);
        assert_eq!(ids(&extensions, &c, true), NONE);
    }
}

/// How a subpass uses an attachment.
#[derive(Clone, Copy, PartialEq)]
enum Use {
    Input,
    Color,
    Resolve,
    DepthStencil,
}

/// One attachment description.
#[derive(Clone, Copy)]
struct Att {
    format: vk::Format,
    samples: vk::SampleCountFlags,
    load: vk::AttachmentLoadOp,
    stencil_load: vk::AttachmentLoadOp,
}

fn att(format: vk::Format, load: vk::AttachmentLoadOp) -> Att {
    Att { format, samples: vk::SampleCountFlags::TYPE_1, load, stencil_load: vk::AttachmentLoadOp::DONT_CARE }
}

/// One reference: its use, attachment, layout and (render pass 2) separate stencil layout.
type Reference = (Use, u32, L, Option<L>);

/// vkCreateRenderPass (`two`: 2) with `atts` (UNDEFINED to GENERAL) and one subpass per element
/// of `subpasses`: the ids; the render pass made is destroyed.
fn pass_ids(ctx: &Context, atts: &[Att], subpasses: &[&[Reference]], two: bool) -> Vec<String> {
    let d = &ctx.device;
    let mut made = None;
    let of = |s: &[Reference], u: Use| -> Vec<Reference> { s.iter().copied().filter(|r| r.0 == u).collect() };
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: the create infos; invalid ones are skipped by Vigil.
        made = unsafe {
            if two {
                let attachments: Vec<_> = atts
                    .iter()
                    .map(|a| {
                        vk::AttachmentDescription2::default()
                            .format(a.format)
                            .samples(a.samples)
                            .load_op(a.load)
                            .store_op(vk::AttachmentStoreOp::STORE)
                            .stencil_load_op(a.stencil_load)
                            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                            .initial_layout(L::UNDEFINED)
                            .final_layout(L::GENERAL)
                    })
                    .collect();
                let mut stencils: Vec<Vec<vk::AttachmentReferenceStencilLayout>> = subpasses
                    .iter()
                    .map(|s| {
                        s.iter()
                            .map(|r| {
                                vk::AttachmentReferenceStencilLayout::default()
                                    .stencil_layout(r.3.unwrap_or(L::GENERAL))
                            })
                            .collect()
                    })
                    .collect();
                let mut refs: Vec<[Vec<vk::AttachmentReference2>; 4]> = Vec::new();
                for (s, st) in subpasses.iter().zip(stencils.iter_mut()) {
                    let mut lists: [Vec<vk::AttachmentReference2>; 4] = Default::default();
                    for (r, stencil) in s.iter().zip(st.iter_mut()) {
                        let mut reference = vk::AttachmentReference2::default()
                            .attachment(r.1)
                            .layout(r.2)
                            .aspect_mask(vk::ImageAspectFlags::COLOR);
                        if r.3.is_some() {
                            reference = reference.push_next(stencil);
                        }
                        lists[[Use::Input, Use::Color, Use::Resolve, Use::DepthStencil]
                            .iter()
                            .position(|u| *u == r.0)
                            .unwrap()]
                        .push(reference);
                    }
                    refs.push(lists);
                }
                let descriptions: Vec<_> = refs
                    .iter()
                    .map(|[input, color, resolve, ds]| {
                        let mut s = vk::SubpassDescription2::default()
                            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
                            .input_attachments(input)
                            .color_attachments(color);
                        if !resolve.is_empty() {
                            s = s.resolve_attachments(resolve);
                        }
                        if let Some(r) = ds.first() {
                            s = s.depth_stencil_attachment(r);
                        }
                        s
                    })
                    .collect();
                let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&descriptions);
                d.create_render_pass2(&info, None).ok()
            } else {
                let attachments: Vec<_> = atts
                    .iter()
                    .map(|a| {
                        vk::AttachmentDescription::default()
                            .format(a.format)
                            .samples(a.samples)
                            .load_op(a.load)
                            .store_op(vk::AttachmentStoreOp::STORE)
                            .stencil_load_op(a.stencil_load)
                            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                            .initial_layout(L::UNDEFINED)
                            .final_layout(L::GENERAL)
                    })
                    .collect();
                let reference = |r: &Reference| vk::AttachmentReference { attachment: r.1, layout: r.2 };
                let refs: Vec<[Vec<vk::AttachmentReference>; 4]> = subpasses
                    .iter()
                    .map(|s| {
                        [Use::Input, Use::Color, Use::Resolve, Use::DepthStencil]
                            .map(|u| of(s, u).iter().map(reference).collect())
                    })
                    .collect();
                let descriptions: Vec<_> = refs
                    .iter()
                    .map(|[input, color, resolve, ds]| {
                        let mut s = vk::SubpassDescription::default()
                            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
                            .input_attachments(input)
                            .color_attachments(color);
                        if !resolve.is_empty() {
                            s = s.resolve_attachments(resolve);
                        }
                        if let Some(r) = ds.first() {
                            s = s.depth_stencil_attachment(r);
                        }
                        s
                    })
                    .collect();
                let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&descriptions);
                d.create_render_pass(&info, None).ok()
            }
        };
    });
    if let Some(rp) = made {
        // SAFETY: unused.
        unsafe { d.destroy_render_pass(rp, None) };
    }
    ids
}

#[test]
fn subpass_references() {
    use vk::AttachmentLoadOp as Load;
    let ctx = context(true);
    let keep = att(COLOR, Load::DONT_CARE);
    let cleared = att(COLOR, Load::CLEAR);
    let depth = att(DEPTH, Load::DONT_CARE);
    let stencil = att(STENCIL, Load::DONT_CARE);
    let both = att(vk::Format::D32_SFLOAT_S8_UINT, Load::DONT_CARE);
    let multisampled = Att { samples: vk::SampleCountFlags::TYPE_4, ..keep };
    let resolve = |l: L| -> Vec<Reference> {
        vec![(Use::Color, 0, L::COLOR_ATTACHMENT_OPTIMAL, None), (Use::Resolve, 1, l, None)]
    };
    // (attachments, bad subpass, v1 id, v2 id, good subpass); a `None` v1 id: version 2 only.
    type Row = (Vec<Att>, Vec<Reference>, Option<&'static str>, &'static str, Vec<Reference>);
    let one = |u: Use, l: L| vec![(u, 0, l, None)];
    let rows: Vec<Row> = vec![
        (
            vec![keep],
            one(Use::Input, L::COLOR_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06912"),
            "VUID-VkSubpassDescription2-attachment-06912",
            one(Use::Input, L::SHADER_READ_ONLY_OPTIMAL),
        ),
        (
            vec![depth],
            one(Use::Input, L::DEPTH_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06918"),
            "VUID-VkSubpassDescription2-attachment-06918",
            one(Use::Input, L::DEPTH_READ_ONLY_OPTIMAL),
        ),
        (
            vec![keep],
            one(Use::Input, L::ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06921"),
            "VUID-VkSubpassDescription2-attachment-06921",
            one(Use::Input, L::READ_ONLY_OPTIMAL),
        ),
        (
            vec![keep],
            one(Use::Color, L::SHADER_READ_ONLY_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06913"),
            "VUID-VkSubpassDescription2-attachment-06913",
            one(Use::Color, L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![keep],
            one(Use::Color, L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06916"),
            "VUID-VkSubpassDescription2-attachment-06916",
            one(Use::Color, L::GENERAL),
        ),
        (
            vec![keep],
            one(Use::Color, L::DEPTH_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06919"),
            "VUID-VkSubpassDescription2-attachment-06919",
            one(Use::Color, L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![keep],
            one(Use::Color, L::READ_ONLY_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06922"),
            "VUID-VkSubpassDescription2-attachment-06922",
            one(Use::Color, L::ATTACHMENT_OPTIMAL),
        ),
        (
            vec![multisampled, keep],
            resolve(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06914"),
            "VUID-VkSubpassDescription2-attachment-06914",
            resolve(L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![multisampled, keep],
            resolve(L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06917"),
            "VUID-VkSubpassDescription2-attachment-06917",
            resolve(L::GENERAL),
        ),
        (
            vec![multisampled, keep],
            resolve(L::STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06920"),
            "VUID-VkSubpassDescription2-attachment-06920",
            resolve(L::COLOR_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![multisampled, keep],
            resolve(L::READ_ONLY_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06923"),
            "VUID-VkSubpassDescription2-attachment-06923",
            resolve(L::ATTACHMENT_OPTIMAL),
        ),
        (
            vec![depth],
            one(Use::DepthStencil, L::COLOR_ATTACHMENT_OPTIMAL),
            Some("VUID-VkSubpassDescription-attachment-06915"),
            "VUID-VkSubpassDescription2-attachment-06915",
            one(Use::DepthStencil, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![keep],
            vec![(Use::Input, 0, L::SHADER_READ_ONLY_OPTIMAL, None), (Use::Color, 0, L::GENERAL, None)],
            Some("VUID-VkSubpassDescription-layout-02519"),
            "VUID-VkSubpassDescription2-layout-02528",
            vec![(Use::Input, 0, L::GENERAL, None), (Use::Color, 0, L::GENERAL, None)],
        ),
        (
            vec![cleared],
            one(Use::Input, L::SHADER_READ_ONLY_OPTIMAL),
            Some("VUID-VkRenderPassCreateInfo-pAttachments-00836"),
            "VUID-VkRenderPassCreateInfo2-pAttachments-02522",
            one(Use::Input, L::GENERAL),
        ),
        (
            vec![att(vk::Format::D32_SFLOAT_S8_UINT, Load::CLEAR)],
            one(Use::DepthStencil, L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL),
            Some("VUID-VkRenderPassCreateInfo-pAttachments-01566"),
            "VUID-VkRenderPassCreateInfo2-pAttachments-02522",
            one(Use::DepthStencil, L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL),
        ),
        (
            vec![Att { stencil_load: Load::CLEAR, ..both }],
            one(Use::DepthStencil, L::DEPTH_STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkRenderPassCreateInfo-pAttachments-02511"),
            "VUID-VkRenderPassCreateInfo2-pAttachments-02523",
            one(Use::DepthStencil, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![Att { stencil_load: Load::CLEAR, ..both }],
            one(Use::DepthStencil, L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL),
            Some("VUID-VkRenderPassCreateInfo-pAttachments-01567"),
            "VUID-VkRenderPassCreateInfo2-pAttachments-02523",
            one(Use::DepthStencil, L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL),
        ),
        // Version 2: the depth/stencil reference against its format and separate stencil layout.
        (
            vec![stencil],
            vec![(Use::DepthStencil, 0, L::STENCIL_ATTACHMENT_OPTIMAL, Some(L::STENCIL_ATTACHMENT_OPTIMAL))],
            None,
            "VUID-VkSubpassDescription2-attachment-06251",
            one(Use::DepthStencil, L::STENCIL_ATTACHMENT_OPTIMAL),
        ),
        (
            vec![both],
            one(Use::DepthStencil, L::DEPTH_ATTACHMENT_OPTIMAL),
            None,
            "VUID-VkRenderPassCreateInfo2-attachment-06244",
            vec![(Use::DepthStencil, 0, L::DEPTH_ATTACHMENT_OPTIMAL, Some(L::STENCIL_ATTACHMENT_OPTIMAL))],
        ),
    ];
    for (atts, bad, v1, v2, good) in &rows {
        if let Some(v1) = v1 {
            assert_eq!(pass_ids(&ctx, atts, &[bad], false), [*v1]);
        }
        assert_eq!(pass_ids(&ctx, atts, &[bad], true), [*v2]);
        if good.iter().all(|r| r.3.is_none()) {
            assert_eq!(pass_ids(&ctx, atts, &[good], false), NONE, "neighbour of {v2}, version 1");
        }
        assert_eq!(pass_ids(&ctx, atts, &[good], true), NONE, "neighbour of {v2}");
    }
    // The same layout, and the other format kind.
    let depth_stencil = |f: Att, l: L| (vec![f], one(Use::DepthStencil, l));
    for (bad, good, id) in [
        (
            depth_stencil(depth, L::STENCIL_ATTACHMENT_OPTIMAL),
            depth_stencil(stencil, L::STENCIL_ATTACHMENT_OPTIMAL),
            "VUID-VkRenderPassCreateInfo2-attachment-06245",
        ),
        (
            depth_stencil(stencil, L::DEPTH_READ_ONLY_OPTIMAL),
            depth_stencil(depth, L::DEPTH_READ_ONLY_OPTIMAL),
            "VUID-VkRenderPassCreateInfo2-attachment-06246",
        ),
    ] {
        assert_eq!(pass_ids(&ctx, &bad.0, &[&bad.1], true), [id]);
        assert_eq!(pass_ids(&ctx, &good.0, &[&good.1], true), NONE, "neighbour of {id}");
    }
    // A cleared attachment read in a later subpass, after a first use that writes it.
    let later = [
        &[(Use::Color, 0, L::COLOR_ATTACHMENT_OPTIMAL, None)][..],
        &[(Use::Input, 0, L::SHADER_READ_ONLY_OPTIMAL, None)][..],
    ];
    for two in [false, true] {
        assert_eq!(pass_ids(&ctx, &[cleared], &later, two), NONE);
    }
}

/// vkCreateRenderPass2 with a multisampled depth/stencil attachment resolved (depth, sample
/// zero) into a single-sampled one in `resolve_layout`, which a second subpass reads as an input
/// attachment: the ids; the render pass made is destroyed.
fn resolve_ids(ctx: &Context, resolve_layout: L) -> Vec<String> {
    use vk::AttachmentLoadOp as Load;
    let d = &ctx.device;
    let attachment = |samples| {
        vk::AttachmentDescription2::default()
            .format(BOTH)
            .samples(samples)
            .load_op(Load::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .stencil_load_op(Load::DONT_CARE)
            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(L::UNDEFINED)
            .final_layout(L::GENERAL)
    };
    let attachments = [attachment(vk::SampleCountFlags::TYPE_4), attachment(vk::SampleCountFlags::TYPE_1)];
    let depth_stencil = vk::AttachmentReference2::default().attachment(0).layout(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    let resolve = vk::AttachmentReference2::default().attachment(1).layout(resolve_layout);
    let mut resolving = vk::SubpassDescriptionDepthStencilResolve::default()
        .depth_resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
        .stencil_resolve_mode(vk::ResolveModeFlags::NONE)
        .depth_stencil_resolve_attachment(&resolve);
    let input = [vk::AttachmentReference2::default()
        .attachment(1)
        .layout(L::DEPTH_STENCIL_READ_ONLY_OPTIMAL)
        .aspect_mask(vk::ImageAspectFlags::DEPTH)];
    let subpasses = [
        vk::SubpassDescription2::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .depth_stencil_attachment(&depth_stencil)
            .push_next(&mut resolving),
        vk::SubpassDescription2::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .input_attachments(&input),
    ];
    let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&subpasses);
    let mut made = None;
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: the create info; an invalid one is skipped by Vigil.
        made = unsafe { d.create_render_pass2(&info, None) }.ok();
    });
    if let Some(rp) = made {
        // SAFETY: unused.
        unsafe { d.destroy_render_pass(rp, None) };
    }
    ids
}

#[test]
fn depth_stencil_resolve_references() {
    let ctx = context(true);
    let plain = context(false);
    // The resolve target's reference is one: its first use writes the cleared attachment, and
    // its layout is held to the features.
    assert_eq!(resolve_ids(&ctx, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(resolve_ids(&plain, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(
        resolve_ids(&plain, L::DEPTH_ATTACHMENT_OPTIMAL),
        ["VUID-VkAttachmentReference2-separateDepthStencilLayouts-03313"]
    );
    assert_eq!(resolve_ids(&ctx, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
}
