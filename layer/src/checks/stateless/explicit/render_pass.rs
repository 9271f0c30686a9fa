//! Render passes, in both versions: the rules 2 shares with 1 are written once, over the
//! members the two versions have in common.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::render_pass_layouts as layouts;
use super::{deref, elements, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// An attachment reference, either version.
trait AttachmentRef {
    fn attachment(&self) -> u32;
    fn layout(&self) -> VkImageLayout;
}

/// A subpass description, either version.
trait Subpass {
    type Ref: AttachmentRef;
    /// The reference arrays, with their member names (resolves share the color count).
    fn references(&self) -> [(&'static str, &[Self::Ref]); 3];
    fn depth_stencil(&self) -> Option<&Self::Ref>;
    fn color_count(&self) -> u32;
    fn preserves(&self) -> &[u32];
}

macro_rules! render_pass_version {
    ($reference:ty, $subpass:ty) => {
        impl AttachmentRef for $reference {
            fn attachment(&self) -> u32 {
                self.attachment
            }
            fn layout(&self) -> VkImageLayout {
                self.layout
            }
        }

        impl Subpass for $subpass {
            type Ref = $reference;
            fn references(&self) -> [(&'static str, &[$reference]); 3] {
                // SAFETY: the application promises arrays of the counts given (resolves: of
                // colorAttachmentCount, or NULL).
                unsafe {
                    [
                        ("pInputAttachments", elements(self.pInputAttachments, self.inputAttachmentCount)),
                        ("pColorAttachments", elements(self.pColorAttachments, self.colorAttachmentCount)),
                        ("pResolveAttachments", elements(self.pResolveAttachments, self.colorAttachmentCount)),
                    ]
                }
            }
            fn depth_stencil(&self) -> Option<&$reference> {
                // SAFETY: the application promises a valid reference when non-null.
                unsafe { deref(self.pDepthStencilAttachment) }
            }
            fn color_count(&self) -> u32 {
                self.colorAttachmentCount
            }
            fn preserves(&self) -> &[u32] {
                // SAFETY: the application promises preserveAttachmentCount indices.
                unsafe { elements(self.pPreserveAttachments, self.preserveAttachmentCount) }
            }
        }
    };
}

render_pass_version!(VkAttachmentReference, VkSubpassDescription);
render_pass_version!(VkAttachmentReference2, VkSubpassDescription2);

/// The VUIDs of one version's shared rules.
struct Ids {
    attachment_index: &'static str,
    final_layout: &'static str,
    reference_layout: &'static str,
    color_count: &'static str,
    preserve_unused: &'static str,
}

const IDS_1: Ids = Ids {
    attachment_index: "VUID-VkRenderPassCreateInfo-attachment-00834",
    final_layout: "VUID-VkAttachmentDescription-finalLayout-00843",
    reference_layout: "VUID-VkAttachmentReference-layout-03077",
    color_count: "VUID-VkSubpassDescription-colorAttachmentCount-00845",
    preserve_unused: "VUID-VkSubpassDescription-attachment-00853",
};

const IDS_2: Ids = Ids {
    attachment_index: "VUID-VkRenderPassCreateInfo2-attachment-03051",
    final_layout: "VUID-VkAttachmentDescription2-finalLayout-00843",
    reference_layout: "VUID-VkAttachmentReference2-layout-03077",
    color_count: "VUID-VkSubpassDescription2-colorAttachmentCount-00845",
    preserve_unused: "VUID-VkSubpassDescription2-attachment-03073",
};

/// `vkCreateRenderPass`.
pub(super) fn create_render_pass(checks: &DeviceStateless, cx: &Call<'_>, info: &VkRenderPassCreateInfo) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    // SAFETY: the application promises arrays of the counts given.
    let (attachments, subpasses, dependencies) = unsafe {
        (
            elements(info.pAttachments, info.attachmentCount),
            elements(info.pSubpasses, info.subpassCount),
            elements(info.pDependencies, info.dependencyCount),
        )
    };
    let final_layouts: Vec<VkImageLayout> = attachments.iter().map(|a| a.finalLayout).collect();
    render_pass(checks, &IDS_1, &final_layouts, subpasses, &at, &mut f);
    let attachments_at = at.arrow("pAttachments");
    for (i, a) in attachments.iter().enumerate() {
        let description = layouts::Description::v1(a);
        layouts::attachment(checks, &layouts::IDS_1, &description, &attachments_at.index(i), &mut f);
    }
    // SAFETY: the application's arrays.
    unsafe { layouts::subpasses1(checks, info, &at, &mut f) };
    let dependencies_at = at.arrow("pDependencies");
    for (i, d) in dependencies.iter().enumerate() {
        let at = dependencies_at.index(i);
        subpass_dependency(checks, d, &at, &mut f);
    }
    f.skip
}

/// `vkCreateRenderPass2`.
pub(super) fn create_render_pass2(checks: &DeviceStateless, cx: &Call<'_>, info: &VkRenderPassCreateInfo2) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    // SAFETY: the application promises arrays of the counts given.
    let (attachments, subpasses) =
        unsafe { (elements(info.pAttachments, info.attachmentCount), elements(info.pSubpasses, info.subpassCount)) };
    let final_layouts: Vec<VkImageLayout> = attachments.iter().map(|a| a.finalLayout).collect();
    render_pass(checks, &IDS_2, &final_layouts, subpasses, &at, &mut f);
    let attachments_at = at.arrow("pAttachments");
    for (i, a) in attachments.iter().enumerate() {
        // SAFETY: the application's chain.
        let description = unsafe { layouts::Description::v2(a) };
        layouts::attachment(checks, &layouts::IDS_2, &description, &attachments_at.index(i), &mut f);
    }
    // SAFETY: the application's arrays and chains.
    unsafe { layouts::subpasses2(checks, info, &at, &mut f) };
    f.skip
}

/// The rules both versions share: final layouts, attachment indices and reference layouts,
/// color attachment counts, preserved attachments.
fn render_pass<S: Subpass>(
    checks: &DeviceStateless,
    ids: &Ids,
    final_layouts: &[VkImageLayout],
    subpasses: &[S],
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageLayout as L;
    let attachments_at = at.arrow("pAttachments");
    let not_final =
        [L::VK_IMAGE_LAYOUT_UNDEFINED, L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT, L::VK_IMAGE_LAYOUT_PREINITIALIZED];
    for (i, layout) in final_layouts.iter().enumerate() {
        if not_final.contains(layout) {
            let attachment_at = attachments_at.index(i);
            f.error(ids.final_layout, &attachment_at.dot("finalLayout"), format_args!("is {layout:?}."));
        }
    }
    let count = final_layouts.len();
    let max_colors = checks.facts.limits.maxColorAttachments;
    let subpasses_at = at.arrow("pSubpasses");
    for (i, subpass) in subpasses.iter().enumerate() {
        let subpass_at = subpasses_at.index(i);
        if subpass.color_count() > max_colors {
            f.error(
                ids.color_count,
                &subpass_at.dot("colorAttachmentCount"),
                format_args!("is {}, more than maxColorAttachments ({max_colors}).", subpass.color_count()),
            );
        }
        for (member, references) in subpass.references() {
            let member_at = subpass_at.dot(member);
            for (j, r) in references.iter().enumerate() {
                reference(ids, r, count, &member_at.index(j), f);
            }
        }
        if let Some(r) = subpass.depth_stencil() {
            reference(ids, r, count, &subpass_at.dot("pDepthStencilAttachment"), f);
        }
        let preserves_at = subpass_at.dot("pPreserveAttachments");
        for (j, &a) in subpass.preserves().iter().enumerate() {
            if a == VK_ATTACHMENT_UNUSED {
                f.error(ids.preserve_unused, &preserves_at.index(j), format_args!("is VK_ATTACHMENT_UNUSED."));
            } else if a as usize >= count {
                f.error(
                    ids.attachment_index,
                    &preserves_at.index(j),
                    format_args!("is {a}, but attachmentCount is {count}."),
                );
            }
        }
    }
}

/// One attachment reference: its index within the attachments, its layout one a subpass may use.
fn reference<R: AttachmentRef>(ids: &Ids, r: &R, count: usize, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageLayout as L;
    let a = r.attachment();
    if a == VK_ATTACHMENT_UNUSED {
        return;
    }
    if a as usize >= count {
        f.error(ids.attachment_index, &at.dot("attachment"), format_args!("is {a}, but attachmentCount is {count}."));
    }
    let layout = r.layout();
    let never = [
        L::VK_IMAGE_LAYOUT_UNDEFINED,
        L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT,
        L::VK_IMAGE_LAYOUT_PREINITIALIZED,
        L::VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
    ];
    if never.contains(&layout) {
        f.error(ids.reference_layout, &at.dot("layout"), format_args!("is {layout:?}, for attachment {a}."));
    }
}

/// Pipeline stages that need a feature in a subpass dependency, with the rules for the source
/// and the destination mask.
const FEATURE_STAGES: [(VkPipelineStageFlags, Feature, &str, &str, &str); 2] = {
    use VkPipelineStageFlags as P;
    [
        (
            P::VK_PIPELINE_STAGE_GEOMETRY_SHADER_BIT,
            Feature::GEOMETRY_SHADER,
            "geometryShader",
            "VUID-VkSubpassDependency-srcStageMask-04090",
            "VUID-VkSubpassDependency-dstStageMask-04090",
        ),
        (
            P(P::VK_PIPELINE_STAGE_TESSELLATION_CONTROL_SHADER_BIT.0
                | P::VK_PIPELINE_STAGE_TESSELLATION_EVALUATION_SHADER_BIT.0),
            Feature::TESSELLATION_SHADER,
            "tessellationShader",
            "VUID-VkSubpassDependency-srcStageMask-04091",
            "VUID-VkSubpassDependency-dstStageMask-04091",
        ),
    ]
};

/// A version 1 subpass dependency's stages against the features.
fn subpass_dependency(checks: &DeviceStateless, d: &VkSubpassDependency, at: &Location<'_>, f: &mut Findings<'_>) {
    for (stages, feature, name, src_id, dst_id) in FEATURE_STAGES {
        if checks.facts.features.contains(feature) {
            continue;
        }
        for (mask, member, id) in [(d.srcStageMask, "srcStageMask", src_id), (d.dstStageMask, "dstStageMask", dst_id)] {
            if mask.intersects(stages) {
                f.error(
                    id,
                    &at.dot(member),
                    format_args!(
                        "is {:#x}, with stages {:#x}, but the {name} feature is not enabled.",
                        mask.0,
                        (mask & stages).0
                    ),
                );
            }
        }
    }
}
