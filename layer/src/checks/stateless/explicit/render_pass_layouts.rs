//! Render pass creation, both versions: the layouts an attachment description and an attachment
//! reference may name, against the attachment's format (color, depth only, stencil only, or
//! both), the separate stencil layouts of render pass 2 (`VkAttachmentDescriptionStencilLayout`,
//! `VkAttachmentReferenceStencilLayout`), and the features the separate-aspect,
//! synchronization2, attachment feedback loop and rendering local read layouts need.
//! Attachments with an external format (`VK_FORMAT_UNDEFINED`) are not judged by format.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{elements, find, Findings};
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

use VkImageLayout as L;

/// The per-aspect depth layouts and stencil layouts (separateDepthStencilLayouts).
const DEPTH_ONLY: [L; 2] = [L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL];
const STENCIL_ONLY: [L; 2] =
    [L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL];
/// The combined depth/stencil layouts.
const DEPTH_STENCIL: [L; 2] =
    [L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL];
/// The mixed depth/stencil layouts (maintenance2).
const MIXED: [L; 2] = [
    L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
];
/// The synchronization2 layouts.
const SYNC2: [L; 2] = [L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL];
/// The layouts of attachmentFeedbackLoopLayout and dynamicRenderingLocalRead.
const FEEDBACK_LOOP: L = L::VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT;
const LOCAL_READ: L = L::VK_IMAGE_LAYOUT_RENDERING_LOCAL_READ;

/// The aspects of an attachment's format: `None` for `VK_FORMAT_UNDEFINED` (an external format),
/// else (depth, stencil); a format with neither is a color format.
fn aspects(format: VkFormat) -> Option<(bool, bool)> {
    use VkFormat as F;
    Some(match format {
        F::VK_FORMAT_UNDEFINED => return None,
        F::VK_FORMAT_D16_UNORM | F::VK_FORMAT_X8_D24_UNORM_PACK32 | F::VK_FORMAT_D32_SFLOAT => (true, false),
        F::VK_FORMAT_S8_UINT => (false, true),
        F::VK_FORMAT_D16_UNORM_S8_UINT | F::VK_FORMAT_D24_UNORM_S8_UINT | F::VK_FORMAT_D32_SFLOAT_S8_UINT => {
            (true, true)
        }
        _ => (false, false),
    })
}

/// The ids of one layout member (initialLayout, finalLayout) of one version's attachment
/// description.
struct MemberIds {
    color_depth_stencil: &'static str,
    depth_stencil_color: &'static str,
    color_separate: &'static str,
    depth_only_stencil: &'static str,
    /// Stencil-only format, depth layout (v2: without a separate stencil layout).
    stencil_only_depth: &'static str,
    /// Both aspects, depth layout (v2: without a separate stencil layout, the structure is
    /// required instead).
    both_depth: &'static str,
    both_stencil: &'static str,
    color_mixed: &'static str,
    feature: &'static str,
    sync2: &'static str,
    feedback_loop: &'static str,
    local_read: &'static str,
}

/// The ids of one version.
pub(super) struct Ids {
    initial: MemberIds,
    last: MemberIds,
    load: &'static str,
    /// Version 1: a stencil load of an UNDEFINED initial layout; version 2: the same without a
    /// separate stencil layout.
    stencil_load: &'static str,
    reference_feature: &'static str,
    reference_sync2: &'static str,
    reference_feedback_loop: &'static str,
    reference_local_read: &'static str,
    /// Whether `both_depth` is about the missing structure (version 2).
    v2: bool,
}

pub(super) const IDS_1: Ids = Ids {
    initial: MemberIds {
        color_depth_stencil: "VUID-VkAttachmentDescription-format-03280",
        depth_stencil_color: "VUID-VkAttachmentDescription-format-03281",
        color_separate: "VUID-VkAttachmentDescription-format-03286",
        depth_only_stencil: "VUID-VkAttachmentDescription-format-03290",
        stencil_only_depth: "VUID-VkAttachmentDescription-format-03292",
        both_depth: "VUID-VkAttachmentDescription-format-06242",
        both_stencil: "VUID-VkAttachmentDescription-format-06906",
        color_mixed: "VUID-VkAttachmentDescription-format-06487",
        feature: "VUID-VkAttachmentDescription-separateDepthStencilLayouts-03284",
        sync2: "VUID-VkAttachmentDescription-synchronization2-06908",
        feedback_loop: "VUID-VkAttachmentDescription-attachmentFeedbackLoopLayout-07309",
        local_read: "VUID-VkAttachmentDescription-dynamicRenderingLocalRead-09544",
    },
    last: MemberIds {
        color_depth_stencil: "VUID-VkAttachmentDescription-format-03282",
        depth_stencil_color: "VUID-VkAttachmentDescription-format-03283",
        color_separate: "VUID-VkAttachmentDescription-format-03287",
        depth_only_stencil: "VUID-VkAttachmentDescription-format-03291",
        stencil_only_depth: "VUID-VkAttachmentDescription-format-03293",
        both_depth: "VUID-VkAttachmentDescription-format-06243",
        both_stencil: "VUID-VkAttachmentDescription-format-06907",
        color_mixed: "VUID-VkAttachmentDescription-format-06488",
        feature: "VUID-VkAttachmentDescription-separateDepthStencilLayouts-03285",
        sync2: "VUID-VkAttachmentDescription-synchronization2-06909",
        feedback_loop: "VUID-VkAttachmentDescription-attachmentFeedbackLoopLayout-07310",
        local_read: "VUID-VkAttachmentDescription-dynamicRenderingLocalRead-09545",
    },
    load: "VUID-VkAttachmentDescription-format-06699",
    stencil_load: "VUID-VkAttachmentDescription-format-06700",
    reference_feature: "VUID-VkAttachmentReference-separateDepthStencilLayouts-03313",
    reference_sync2: "VUID-VkAttachmentReference-synchronization2-06910",
    reference_feedback_loop: "VUID-VkAttachmentReference-attachmentFeedbackLoopLayout-07311",
    reference_local_read: "VUID-VkAttachmentReference-dynamicRenderingLocalRead-09546",
    v2: false,
};

pub(super) const IDS_2: Ids = Ids {
    initial: MemberIds {
        color_depth_stencil: "VUID-VkAttachmentDescription2-format-03280",
        depth_stencil_color: "VUID-VkAttachmentDescription2-format-03281",
        color_separate: "VUID-VkAttachmentDescription2-format-03286",
        depth_only_stencil: "VUID-VkAttachmentDescription2-format-03290",
        stencil_only_depth: "VUID-VkAttachmentDescription2-format-06247",
        both_depth: "VUID-VkAttachmentDescription2-format-06249",
        both_stencil: "VUID-VkAttachmentDescription2-format-06906",
        color_mixed: "VUID-VkAttachmentDescription2-format-06487",
        feature: "VUID-VkAttachmentDescription2-separateDepthStencilLayouts-03284",
        sync2: "VUID-VkAttachmentDescription2-synchronization2-06908",
        feedback_loop: "VUID-VkAttachmentDescription2-attachmentFeedbackLoopLayout-07309",
        local_read: "VUID-VkAttachmentDescription2-dynamicRenderingLocalRead-09544",
    },
    last: MemberIds {
        color_depth_stencil: "VUID-VkAttachmentDescription2-format-03282",
        depth_stencil_color: "VUID-VkAttachmentDescription2-format-03283",
        color_separate: "VUID-VkAttachmentDescription2-format-03287",
        depth_only_stencil: "VUID-VkAttachmentDescription2-format-03291",
        stencil_only_depth: "VUID-VkAttachmentDescription2-format-06248",
        both_depth: "VUID-VkAttachmentDescription2-format-06250",
        both_stencil: "VUID-VkAttachmentDescription2-format-06907",
        color_mixed: "VUID-VkAttachmentDescription2-format-06488",
        feature: "VUID-VkAttachmentDescription2-separateDepthStencilLayouts-03285",
        sync2: "VUID-VkAttachmentDescription2-synchronization2-06909",
        feedback_loop: "VUID-VkAttachmentDescription2-attachmentFeedbackLoopLayout-07310",
        local_read: "VUID-VkAttachmentDescription2-dynamicRenderingLocalRead-09545",
    },
    load: "VUID-VkAttachmentDescription2-format-06699",
    stencil_load: "VUID-VkAttachmentDescription2-pNext-06704",
    reference_feature: "VUID-VkAttachmentReference2-separateDepthStencilLayouts-03313",
    reference_sync2: "VUID-VkAttachmentReference2-synchronization2-06910",
    reference_feedback_loop: "VUID-VkAttachmentReference2-attachmentFeedbackLoopLayout-07311",
    reference_local_read: "VUID-VkAttachmentReference2-dynamicRenderingLocalRead-09546",
    v2: true,
};

/// The members both versions' attachment descriptions share, and version 2's separate stencil
/// layouts.
pub(super) struct Description<'a> {
    pub format: VkFormat,
    pub load: VkAttachmentLoadOp,
    pub stencil_load: VkAttachmentLoadOp,
    pub initial: VkImageLayout,
    pub last: VkImageLayout,
    pub stencil: Option<&'a VkAttachmentDescriptionStencilLayout>,
}

impl<'a> Description<'a> {
    pub fn v1(a: &VkAttachmentDescription) -> Self {
        Description {
            format: a.format,
            load: a.loadOp,
            stencil_load: a.stencilLoadOp,
            initial: a.initialLayout,
            last: a.finalLayout,
            stencil: None,
        }
    }

    /// # Safety
    /// `a`'s pNext chain must be valid (the application's promise).
    pub unsafe fn v2(a: &'a VkAttachmentDescription2) -> Self {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT;
        Description {
            format: a.format,
            load: a.loadOp,
            stencil_load: a.stencilLoadOp,
            initial: a.initialLayout,
            last: a.finalLayout,
            // SAFETY: the caller's contract.
            stencil: unsafe { find::<VkAttachmentDescriptionStencilLayout>(a.pNext, ty) },
        }
    }
}

/// One attachment description's layouts. `at`: the description.
pub(super) fn attachment(
    checks: &DeviceStateless,
    ids: &Ids,
    a: &Description<'_>,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let features = &checks.facts.features;
    let separate_feature = features.contains(Feature::SEPARATE_DEPTH_STENCIL_LAYOUTS);
    let sync2 = features.contains(Feature::SYNCHRONIZATION2);
    let feedback_loop = features.contains(Feature::ATTACHMENT_FEEDBACK_LOOP_LAYOUT);
    let local_read = features.contains(Feature::DYNAMIC_RENDERING_LOCAL_READ);
    let format = a.format;
    // Version 2 allows a depth layout for a stencil-only format with separate stencil layouts,
    // and requires the structure for a depth layout of a format with both aspects.
    let no_structure = !ids.v2 || a.stencil.is_none();
    for (layout, member, m) in [(a.initial, "initialLayout", &ids.initial), (a.last, "finalLayout", &ids.last)] {
        let at = at.dot(member);
        let mut error = |id: &'static str, why: std::fmt::Arguments<'_>| {
            f.error(id, &at, format_args!("is {layout:?}, but {why}"));
        };
        let separate = DEPTH_ONLY.contains(&layout) || STENCIL_ONLY.contains(&layout);
        if !separate_feature && separate {
            error(m.feature, format_args!("the separateDepthStencilLayouts feature is not enabled."));
        }
        if !sync2 && SYNC2.contains(&layout) {
            error(m.sync2, format_args!("the synchronization2 feature is not enabled."));
        }
        if !feedback_loop && layout == FEEDBACK_LOOP {
            error(m.feedback_loop, format_args!("the attachmentFeedbackLoopLayout feature is not enabled."));
        }
        if !local_read && layout == LOCAL_READ {
            error(m.local_read, format_args!("the dynamicRenderingLocalRead feature is not enabled."));
        }
        let Some((depth, stencil)) = aspects(format) else { continue };
        if !depth && !stencil {
            let color = format_args!("format {format:?} is a color format.");
            if DEPTH_STENCIL.contains(&layout) {
                error(m.color_depth_stencil, color);
            } else if separate {
                error(m.color_separate, color);
            } else if MIXED.contains(&layout) {
                error(m.color_mixed, color);
            }
            continue;
        }
        if layout == L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL {
            error(m.depth_stencil_color, format_args!("format {format:?} is a depth/stencil format."));
        }
        if depth && !stencil && STENCIL_ONLY.contains(&layout) {
            error(m.depth_only_stencil, format_args!("format {format:?} has no stencil aspect."));
        }
        if !depth && stencil && DEPTH_ONLY.contains(&layout) && no_structure {
            error(m.stencil_only_depth, format_args!("format {format:?} has no depth aspect."));
        }
        if depth && stencil && DEPTH_ONLY.contains(&layout) && no_structure {
            let why = if ids.v2 {
                "no VkAttachmentDescriptionStencilLayout gives its stencil aspect a layout"
            } else {
                "a depth-only layout leaves its stencil aspect's layout unsaid"
            };
            error(m.both_depth, format_args!("format {format:?} has depth and stencil aspects, and {why}."));
        }
        if depth && stencil && STENCIL_ONLY.contains(&layout) {
            error(m.both_stencil, format_args!("format {format:?} has depth and stencil aspects."));
        }
    }
    load_ops(ids, a, at, f);
    if let Some(s) = a.stencil {
        stencil_description(s, &at.chained("VkAttachmentDescriptionStencilLayout"), f);
    }
}

/// Loading an attachment's contents needs a defined initial layout.
fn load_ops(ids: &Ids, a: &Description<'_>, at: &Location<'_>, f: &mut Findings<'_>) {
    let Some((depth, stencil)) = aspects(a.format) else { return };
    let color = !depth && !stencil;
    let load = VkAttachmentLoadOp::VK_ATTACHMENT_LOAD_OP_LOAD;
    let undefined = L::VK_IMAGE_LAYOUT_UNDEFINED;
    let format = a.format;
    if (color || depth) && a.load == load && a.initial == undefined {
        f.error(
            ids.load,
            &at.dot("initialLayout"),
            format_args!("is VK_IMAGE_LAYOUT_UNDEFINED, but loadOp is VK_ATTACHMENT_LOAD_OP_LOAD (format {format:?})."),
        );
    }
    if !stencil || a.stencil_load != load {
        return;
    }
    match a.stencil {
        Some(s) if ids.v2 => {
            if s.stencilInitialLayout == undefined {
                let at = at.chained("VkAttachmentDescriptionStencilLayout");
                f.error(
                    "VUID-VkAttachmentDescription2-pNext-06705",
                    &at.dot("stencilInitialLayout"),
                    format_args!(
                        "is VK_IMAGE_LAYOUT_UNDEFINED, but stencilLoadOp is VK_ATTACHMENT_LOAD_OP_LOAD (format \
                         {format:?})."
                    ),
                );
            }
        }
        _ => {
            if a.initial == undefined {
                f.error(
                    ids.stencil_load,
                    &at.dot("initialLayout"),
                    format_args!(
                        "is VK_IMAGE_LAYOUT_UNDEFINED, but stencilLoadOp is VK_ATTACHMENT_LOAD_OP_LOAD (format \
                         {format:?})."
                    ),
                );
            }
        }
    }
}

/// Layouts no stencil aspect can be in on its own: color and depth (or combined) ones.
const NOT_STENCIL: [L; 7] = [
    L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
];

/// A `VkAttachmentDescriptionStencilLayout` at `at`.
fn stencil_description(s: &VkAttachmentDescriptionStencilLayout, at: &Location<'_>, f: &mut Findings<'_>) {
    let (initial, last) = (s.stencilInitialLayout, s.stencilFinalLayout);
    if NOT_STENCIL.contains(&initial) {
        f.error(
            "VUID-VkAttachmentDescriptionStencilLayout-stencilInitialLayout-03308",
            &at.dot("stencilInitialLayout"),
            format_args!("is {initial:?}, a color or depth layout, not one for the stencil aspect alone."),
        );
    }
    if NOT_STENCIL.contains(&last) {
        f.error(
            "VUID-VkAttachmentDescriptionStencilLayout-stencilFinalLayout-03309",
            &at.dot("stencilFinalLayout"),
            format_args!("is {last:?}, a color or depth layout, not one for the stencil aspect alone."),
        );
    }
    let not_final =
        [L::VK_IMAGE_LAYOUT_UNDEFINED, L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT, L::VK_IMAGE_LAYOUT_PREINITIALIZED];
    if not_final.contains(&last) {
        f.error(
            "VUID-VkAttachmentDescriptionStencilLayout-stencilFinalLayout-03310",
            &at.dot("stencilFinalLayout"),
            format_args!("is {last:?}: an attachment's stencil aspect cannot end a render pass instance in it."),
        );
    }
}

/// Which list of a subpass a reference is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum List {
    Input,
    Color,
    Resolve,
    DepthStencil,
    /// `VkSubpassDescriptionDepthStencilResolve::pDepthStencilResolveAttachment` (version 2).
    DepthStencilResolve,
}

impl List {
    fn member(self) -> &'static str {
        match self {
            List::Input => "pInputAttachments",
            List::Color => "pColorAttachments",
            List::Resolve => "pResolveAttachments",
            List::DepthStencil => "pDepthStencilAttachment",
            List::DepthStencilResolve => "pDepthStencilResolveAttachment",
        }
    }
}

/// One attachment reference of a subpass, either version.
struct Ref {
    list: List,
    /// Its index in its list.
    index: usize,
    attachment: u32,
    layout: L,
    /// Version 2's `VkAttachmentReferenceStencilLayout::stencilLayout`, when chained.
    stencil: Option<L>,
}

/// The ids of one version's subpass reference rules.
pub(super) struct SubpassIds {
    /// COLOR_ATTACHMENT / DEPTH_STENCIL_ATTACHMENT, per-aspect attachment, ATTACHMENT_OPTIMAL.
    input: [&'static str; 3],
    /// DEPTH_STENCIL_ATTACHMENT / SHADER_READ_ONLY, mixed depth/stencil, per-aspect,
    /// READ_ONLY_OPTIMAL.
    color: [&'static str; 4],
    resolve: [&'static str; 4],
    depth_stencil: &'static str,
    same_layout: &'static str,
    /// loadOp CLEAR, first use read-only (v1: without the mixed layout, `clear_mixed`'s).
    clear: &'static str,
    clear_mixed: Option<&'static str>,
    stencil_clear: &'static str,
    stencil_clear_mixed: Option<&'static str>,
}

pub(super) const SUBPASS_1: SubpassIds = SubpassIds {
    input: [
        "VUID-VkSubpassDescription-attachment-06912",
        "VUID-VkSubpassDescription-attachment-06918",
        "VUID-VkSubpassDescription-attachment-06921",
    ],
    color: [
        "VUID-VkSubpassDescription-attachment-06913",
        "VUID-VkSubpassDescription-attachment-06916",
        "VUID-VkSubpassDescription-attachment-06919",
        "VUID-VkSubpassDescription-attachment-06922",
    ],
    resolve: [
        "VUID-VkSubpassDescription-attachment-06914",
        "VUID-VkSubpassDescription-attachment-06917",
        "VUID-VkSubpassDescription-attachment-06920",
        "VUID-VkSubpassDescription-attachment-06923",
    ],
    depth_stencil: "VUID-VkSubpassDescription-attachment-06915",
    same_layout: "VUID-VkSubpassDescription-layout-02519",
    clear: "VUID-VkRenderPassCreateInfo-pAttachments-00836",
    clear_mixed: Some("VUID-VkRenderPassCreateInfo-pAttachments-01566"),
    stencil_clear: "VUID-VkRenderPassCreateInfo-pAttachments-02511",
    stencil_clear_mixed: Some("VUID-VkRenderPassCreateInfo-pAttachments-01567"),
};

pub(super) const SUBPASS_2: SubpassIds = SubpassIds {
    input: [
        "VUID-VkSubpassDescription2-attachment-06912",
        "VUID-VkSubpassDescription2-attachment-06918",
        "VUID-VkSubpassDescription2-attachment-06921",
    ],
    color: [
        "VUID-VkSubpassDescription2-attachment-06913",
        "VUID-VkSubpassDescription2-attachment-06916",
        "VUID-VkSubpassDescription2-attachment-06919",
        "VUID-VkSubpassDescription2-attachment-06922",
    ],
    resolve: [
        "VUID-VkSubpassDescription2-attachment-06914",
        "VUID-VkSubpassDescription2-attachment-06917",
        "VUID-VkSubpassDescription2-attachment-06920",
        "VUID-VkSubpassDescription2-attachment-06923",
    ],
    depth_stencil: "VUID-VkSubpassDescription2-attachment-06915",
    same_layout: "VUID-VkSubpassDescription2-layout-02528",
    clear: "VUID-VkRenderPassCreateInfo2-pAttachments-02522",
    clear_mixed: None,
    stencil_clear: "VUID-VkRenderPassCreateInfo2-pAttachments-02523",
    stencil_clear_mixed: None,
};

/// The layouts a reference in `list` must not name, each group with its id.
fn list_rules(ids: &SubpassIds, list: List) -> Vec<(&'static [L], &'static str)> {
    const INPUT_ATTACHMENT: [L; 2] =
        [L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL];
    const INPUT_ASPECT: [L; 2] =
        [L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL];
    const INPUT_SYNC2: [L; 1] = [L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL];
    const COLOR_READ: [L; 2] =
        [L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL];
    const ASPECTS: [L; 4] = [
        L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL,
        L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
    ];
    const COLOR_SYNC2: [L; 1] = [L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL];
    const DEPTH_STENCIL_READ: [L; 2] =
        [L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL];
    match list {
        List::Input => {
            vec![(&INPUT_ATTACHMENT, ids.input[0]), (&INPUT_ASPECT, ids.input[1]), (&INPUT_SYNC2, ids.input[2])]
        }
        List::Color | List::Resolve => {
            let ids = if list == List::Color { &ids.color } else { &ids.resolve };
            vec![(&COLOR_READ, ids[0]), (&MIXED, ids[1]), (&ASPECTS, ids[2]), (&COLOR_SYNC2, ids[3])]
        }
        List::DepthStencil => vec![(&DEPTH_STENCIL_READ, ids.depth_stencil)],
        List::DepthStencilResolve => Vec::new(),
    }
}

/// The references of a version 1 subpass.
///
/// # Safety
/// The subpass's arrays must be valid (the application's promise).
unsafe fn refs1(s: &VkSubpassDescription) -> Vec<Ref> {
    // SAFETY: the caller's contract.
    let lists = unsafe {
        [
            (List::Input, elements(s.pInputAttachments, s.inputAttachmentCount)),
            (List::Color, elements(s.pColorAttachments, s.colorAttachmentCount)),
            (List::Resolve, elements(s.pResolveAttachments, s.colorAttachmentCount)),
            (List::DepthStencil, elements(s.pDepthStencilAttachment, 1)),
        ]
    };
    lists
        .into_iter()
        .flat_map(|(list, refs)| {
            refs.iter().enumerate().map(move |(index, r)| Ref {
                list,
                index,
                attachment: r.attachment,
                layout: r.layout,
                stencil: None,
            })
        })
        .collect()
}

/// The references of a version 2 subpass.
///
/// # Safety
/// The subpass's arrays and chains must be valid (the application's promise).
unsafe fn refs2(s: &VkSubpassDescription2) -> Vec<Ref> {
    // SAFETY: the caller's contract.
    let lists = unsafe {
        [
            (List::Input, elements(s.pInputAttachments, s.inputAttachmentCount)),
            (List::Color, elements(s.pColorAttachments, s.colorAttachmentCount)),
            (List::Resolve, elements(s.pResolveAttachments, s.colorAttachmentCount)),
            (List::DepthStencil, elements(s.pDepthStencilAttachment, 1)),
        ]
    };
    let ty = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT;
    lists
        .into_iter()
        .flat_map(|(list, refs)| {
            refs.iter().enumerate().map(move |(index, r)| Ref {
                list,
                index,
                attachment: r.attachment,
                layout: r.layout,
                // SAFETY: the caller's contract.
                stencil: unsafe { find::<VkAttachmentReferenceStencilLayout>(r.pNext, ty) }.map(|s| s.stencilLayout),
            })
        })
        .chain(
            // SAFETY: the caller's contract.
            unsafe { depth_stencil_resolve(s) }.map(|r| Ref {
                list: List::DepthStencilResolve,
                index: 0,
                attachment: r.attachment,
                layout: r.layout,
                // SAFETY: as above.
                stencil: unsafe { find::<VkAttachmentReferenceStencilLayout>(r.pNext, ty) }.map(|s| s.stencilLayout),
            }),
        )
        .collect()
}

/// A version 2 subpass's depth/stencil resolve attachment, when it chains one.
///
/// # Safety
/// The subpass's chain must be valid (the application's promise).
unsafe fn depth_stencil_resolve(s: &VkSubpassDescription2) -> Option<&VkAttachmentReference2> {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE;
    // SAFETY: the caller's contract.
    let resolve = unsafe { find::<VkSubpassDescriptionDepthStencilResolve>(s.pNext, ty) }?;
    // SAFETY: a valid resolve structure's attachment is NULL or a valid reference.
    unsafe { resolve.pDepthStencilResolveAttachment.as_ref() }
}

/// What the subpass rules need of an attachment description.
pub(super) struct Attached {
    pub format: VkFormat,
    pub load: VkAttachmentLoadOp,
    pub stencil_load: VkAttachmentLoadOp,
}

/// The subpasses' references of either version (`v2`: version 2's, `attachments`: the render
/// pass's attachments, `at`: pCreateInfo).
fn subpasses(
    checks: &DeviceStateless,
    v2: bool,
    subpasses: &[Vec<Ref>],
    attachments: &[Attached],
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let (ids, sids) = if v2 { (&IDS_2, &SUBPASS_2) } else { (&IDS_1, &SUBPASS_1) };
    let subpasses_at = at.arrow("pSubpasses");
    let mut used = vec![false; attachments.len()];
    for (i, refs) in subpasses.iter().enumerate() {
        let subpass_at = subpasses_at.index(i);
        let resolve_at = subpass_at.chained("VkSubpassDescriptionDepthStencilResolve");
        let mut first_here: Vec<u32> = Vec::new();
        for (k, r) in refs.iter().enumerate() {
            if r.attachment == VK_ATTACHMENT_UNUSED {
                continue;
            }
            let single = matches!(r.list, List::DepthStencil | List::DepthStencilResolve);
            let parent = if r.list == List::DepthStencilResolve { &resolve_at } else { &subpass_at };
            let list_at = parent.dot(r.list.member());
            let element = list_at.index(r.index);
            let at = if single { &list_at } else { &element };
            // The depth/stencil (resolve) attachment is a pointer.
            let layout_at = if single { list_at.arrow("layout") } else { element.dot("layout") };
            reference(checks, ids, (r.layout, r.stencil), (at, &layout_at), f);
            let layout = r.layout;
            for (layouts, id) in list_rules(sids, r.list) {
                if layouts.contains(&layout) {
                    f.error(
                        id,
                        &layout_at,
                        format_args!("is {layout:?}, which a subpass's {} cannot use.", r.list.member()),
                    );
                }
            }
            if v2 && r.list == List::DepthStencil {
                depth_stencil2(r, attachments.get(r.attachment as usize).map(|a| a.format), &layout_at, f);
            }
            // Each use of an attachment in one subpass names one layout (the resolve structure's
            // reference is not the description's).
            let described = |o: &&Ref| o.list != List::DepthStencilResolve;
            let same = |o: &&Ref| o.attachment == r.attachment && o.layout != layout;
            let other = refs[..k].iter().filter(described).find(same);
            if let Some(other) = other.filter(|_| r.list != List::DepthStencilResolve) {
                f.error(
                    sids.same_layout,
                    &layout_at,
                    format_args!(
                        "is {layout:?}, but the subpass also uses attachment {} in {}[{}] with layout {:?}.",
                        r.attachment,
                        other.list.member(),
                        other.index,
                        other.layout
                    ),
                );
            }
            // The first use of an attachment cleared on load.
            let a = r.attachment as usize;
            if used.get(a) == Some(&false) || first_here.contains(&r.attachment) {
                if !first_here.contains(&r.attachment) {
                    first_here.push(r.attachment);
                }
                if let Some(attached) = attachments.get(a) {
                    first_use(sids, (r, a, i), attached, &layout_at, f);
                }
            }
        }
        for a in first_here {
            if let Some(u) = used.get_mut(a as usize) {
                *u = true;
            }
        }
    }
}

/// A reference that is attachment `a`'s first use (in subpass `subpass`), against its load ops.
fn first_use(
    ids: &SubpassIds,
    (r, a, subpass): (&Ref, usize, usize),
    attached: &Attached,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let Some((depth, stencil)) = aspects(attached.format) else { return };
    let clear = VkAttachmentLoadOp::VK_ATTACHMENT_LOAD_OP_CLEAR;
    let layout = r.layout;
    let read_only = [L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL];
    let mut error = |id: &'static str, op: &str| {
        f.error(
            id,
            at,
            format_args!(
                "is {layout:?}, a layout that does not write the aspect, but this is the first use (subpass \
                 {subpass}) of attachment {a}, whose {op} is VK_ATTACHMENT_LOAD_OP_CLEAR."
            ),
        );
    };
    // loadOp applies to color and depth aspects, stencilLoadOp to stencil ones.
    if (depth || !stencil) && attached.load == clear {
        let mixed = layout == L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL;
        if read_only.contains(&layout) || (mixed && ids.clear_mixed.is_none()) {
            error(ids.clear, "loadOp");
        } else if let Some(id) = ids.clear_mixed.filter(|_| mixed) {
            error(id, "loadOp");
        }
    }
    // A separate stencil layout makes `layout` the depth aspect's alone.
    if stencil && attached.stencil_load == clear && r.stencil.is_none() {
        let mixed = layout == L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL;
        if read_only.contains(&layout) || (mixed && ids.stencil_clear_mixed.is_none()) {
            error(ids.stencil_clear, "stencilLoadOp");
        } else if let Some(id) = ids.stencil_clear_mixed.filter(|_| mixed) {
            error(id, "stencilLoadOp");
        }
    }
}

/// Version 2's depth/stencil reference against its attachment's format and its separate stencil
/// layout (`at`: its layout member).
fn depth_stencil2(r: &Ref, format: Option<VkFormat>, at: &Location<'_>, f: &mut Findings<'_>) {
    let layout = r.layout;
    if r.stencil.is_some() && STENCIL_ONLY.contains(&layout) {
        f.error(
            "VUID-VkSubpassDescription2-attachment-06251",
            at,
            format_args!(
                "is {layout:?}, but a VkAttachmentReferenceStencilLayout gives the stencil aspect its layout."
            ),
        );
    }
    let Some(format) = format else { return };
    let Some((depth, stencil)) = aspects(format) else { return };
    let a = r.attachment;
    if DEPTH_ONLY.contains(&layout) && r.stencil.is_none() && depth && stencil {
        f.error(
            "VUID-VkRenderPassCreateInfo2-attachment-06244",
            at,
            format_args!(
                "is {layout:?} and no VkAttachmentReferenceStencilLayout is chained, but attachment {a} has format \
                 {format:?}, with depth and stencil."
            ),
        );
    }
    if STENCIL_ONLY.contains(&layout) && (depth || !stencil) {
        f.error(
            "VUID-VkRenderPassCreateInfo2-attachment-06245",
            at,
            format_args!("is {layout:?}, but attachment {a} has format {format:?}, not a stencil-only one."),
        );
    }
    if DEPTH_ONLY.contains(&layout) && !depth && stencil {
        f.error(
            "VUID-VkRenderPassCreateInfo2-attachment-06246",
            at,
            format_args!("is {layout:?}, but attachment {a} has format {format:?}, a stencil-only one."),
        );
    }
}

/// One attachment reference's layout against the features, and version 2's separate stencil
/// layout (`at`: the reference, `layout_at`: its layout member).
fn reference(
    checks: &DeviceStateless,
    ids: &Ids,
    (layout, stencil): (L, Option<L>),
    (at, layout_at): (&Location<'_>, &Location<'_>),
    f: &mut Findings<'_>,
) {
    let features = &checks.facts.features;
    if !features.contains(Feature::SEPARATE_DEPTH_STENCIL_LAYOUTS)
        && (DEPTH_ONLY.contains(&layout) || STENCIL_ONLY.contains(&layout))
    {
        f.error(
            ids.reference_feature,
            layout_at,
            format_args!("is {layout:?}, but the separateDepthStencilLayouts feature is not enabled."),
        );
    }
    if !features.contains(Feature::SYNCHRONIZATION2) && SYNC2.contains(&layout) {
        f.error(
            ids.reference_sync2,
            layout_at,
            format_args!("is {layout:?}, but the synchronization2 feature is not enabled."),
        );
    }
    if !features.contains(Feature::ATTACHMENT_FEEDBACK_LOOP_LAYOUT) && layout == FEEDBACK_LOOP {
        f.error(
            ids.reference_feedback_loop,
            layout_at,
            format_args!("is {layout:?}, but the attachmentFeedbackLoopLayout feature is not enabled."),
        );
    }
    if !features.contains(Feature::DYNAMIC_RENDERING_LOCAL_READ) && layout == LOCAL_READ {
        f.error(
            ids.reference_local_read,
            layout_at,
            format_args!("is {layout:?}, but the dynamicRenderingLocalRead feature is not enabled."),
        );
    }
    let Some(l) = stencil else { return };
    let never = [L::VK_IMAGE_LAYOUT_UNDEFINED, L::VK_IMAGE_LAYOUT_PREINITIALIZED, L::VK_IMAGE_LAYOUT_PRESENT_SRC_KHR];
    if NOT_STENCIL.contains(&l) || never.contains(&l) {
        let at = at.chained("VkAttachmentReferenceStencilLayout");
        f.error(
            "VUID-VkAttachmentReferenceStencilLayout-stencilLayout-03318",
            &at.dot("stencilLayout"),
            format_args!("is {l:?}, which a subpass cannot use for the stencil aspect alone."),
        );
    }
}

/// The subpasses of a version 2 render pass (`at`: pCreateInfo).
///
/// # Safety
/// The arrays and chains must be valid (the application's promise).
pub(super) unsafe fn subpasses2(
    checks: &DeviceStateless,
    info: &VkRenderPassCreateInfo2,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    // SAFETY: the caller's contract.
    let (attachments, list) =
        unsafe { (elements(info.pAttachments, info.attachmentCount), elements(info.pSubpasses, info.subpassCount)) };
    let attached: Vec<Attached> = attachments
        .iter()
        .map(|a| Attached { format: a.format, load: a.loadOp, stencil_load: a.stencilLoadOp })
        .collect();
    // SAFETY: the caller's contract.
    let refs: Vec<Vec<Ref>> = list.iter().map(|s| unsafe { refs2(s) }).collect();
    subpasses(checks, true, &refs, &attached, at, f);
}

/// The subpasses of a version 1 render pass (`at`: pCreateInfo).
///
/// # Safety
/// The arrays must be valid (the application's promise).
pub(super) unsafe fn subpasses1(
    checks: &DeviceStateless,
    info: &VkRenderPassCreateInfo,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    // SAFETY: the caller's contract.
    let (attachments, list) =
        unsafe { (elements(info.pAttachments, info.attachmentCount), elements(info.pSubpasses, info.subpassCount)) };
    let attached: Vec<Attached> = attachments
        .iter()
        .map(|a| Attached { format: a.format, load: a.loadOp, stencil_load: a.stencilLoadOp })
        .collect();
    // SAFETY: the caller's contract.
    let refs: Vec<Vec<Ref>> = list.iter().map(|s| unsafe { refs1(s) }).collect();
    subpasses(checks, false, &refs, &attached, at, f);
}
