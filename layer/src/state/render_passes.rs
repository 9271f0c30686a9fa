//! What a render pass says of each attachment for the framebuffers made for it: its format, its
//! sample count, and how its subpasses use it (color, resolve, depth/stencil, depth/stencil
//! resolve, input).

use std::sync::Arc;

use vigil_generated::*;
use vigil_sync_tables::{access_scope, expand_stages};

pub use super::values::{
    AttachmentUse, AttachmentUses, FramebufferImage, PipelinePass, ReadOnlyAspects, RenderingFormats, SelfDependency,
};
use crate::chassis::raw::{chained, slice};

/// An attachment used as a color attachment.
pub const COLOR: u8 = 1;
/// As a color resolve attachment.
pub const RESOLVE: u8 = 2;
/// As the depth/stencil attachment.
pub const DEPTH_STENCIL: u8 = 4;
/// As a depth/stencil resolve attachment.
pub const DEPTH_STENCIL_RESOLVE: u8 = 8;
/// As an input attachment.
pub const INPUT: u8 = 16;

impl AttachmentUse {
    fn new(format: VkFormat, samples: u32, initial: VkImageLayout, last: VkImageLayout) -> Self {
        AttachmentUse { format, samples, roles: 0, layouts: layout_bit(initial) | layout_bit(last) }
    }
}

impl AttachmentUses {
    pub fn set(&self, uses: Vec<AttachmentUse>) {
        let _ = self.0.set(uses);
    }

    /// The attachments, when Vigil saw the render pass created.
    pub fn get(&self) -> Option<&[AttachmentUse]> {
        self.0.get().map(Vec::as_slice)
    }
}

/// Marks attachment `a` (of `uses`) with `role`; `VK_ATTACHMENT_UNUSED` and indices past the
/// list are skipped.
fn mark(uses: &mut [AttachmentUse], a: u32, role: u8, layout: VkImageLayout) {
    if let Some(u) = uses.get_mut(a as usize) {
        u.roles |= role;
        u.layouts |= layout_bit(layout);
    }
}

/// `layout`'s bit: bit n for core layout n (all below 9), bit 31 for
/// VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT; 0 for the others.
pub fn layout_bit(layout: VkImageLayout) -> u32 {
    if layout == VkImageLayout::VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT {
        return 1 << 31;
    }
    u32::try_from(layout.0).ok().filter(|&l| l < 31).map_or(0, |l| 1 << l)
}

/// Marks the attachments subpass `$s` uses (a `VkSubpassDescription` or `...2`: the same
/// member names).
macro_rules! mark_subpass {
    ($uses:expr, $s:expr) => {{
        // SAFETY: the accepted create info's counted arrays.
        unsafe {
            for r in slice($s.pInputAttachments, $s.inputAttachmentCount) {
                mark($uses, r.attachment, INPUT, r.layout);
            }
            for r in slice($s.pColorAttachments, $s.colorAttachmentCount) {
                mark($uses, r.attachment, COLOR, r.layout);
            }
            for r in slice($s.pResolveAttachments, $s.colorAttachmentCount) {
                mark($uses, r.attachment, RESOLVE, r.layout);
            }
            if let Some(r) = $s.pDepthStencilAttachment.as_ref() {
                mark($uses, r.attachment, DEPTH_STENCIL, r.layout);
            }
        }
    }};
}

/// The attachments of a vkCreateRenderPass create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn attachment_uses(info: &VkRenderPassCreateInfo) -> Vec<AttachmentUse> {
    // SAFETY (whole function): the accepted create info's counted arrays.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let mut uses: Vec<_> =
        attachments.iter().map(|a| AttachmentUse::new(a.format, a.samples.0, a.initialLayout, a.finalLayout)).collect();
    for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
        mark_subpass!(&mut uses, s);
    }
    uses
}

/// The attachments of a vkCreateRenderPass2 create info.
///
/// # Safety
/// As for [`attachment_uses`].
pub unsafe fn attachment_uses2(info: &VkRenderPassCreateInfo2) -> Vec<AttachmentUse> {
    // SAFETY (whole function): the accepted create info's counted arrays and chains.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let mut uses: Vec<_> =
        attachments.iter().map(|a| AttachmentUse::new(a.format, a.samples.0, a.initialLayout, a.finalLayout)).collect();
    for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
        mark_subpass!(&mut uses, s);
        let resolve = unsafe {
            chained::<VkSubpassDescriptionDepthStencilResolve>(
                s.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
            )
        };
        if let Some(r) = resolve.and_then(|r| unsafe { r.pDepthStencilResolveAttachment.as_ref() }) {
            mark(&mut uses, r.attachment, DEPTH_STENCIL_RESOLVE, r.layout);
        }
    }
    uses
}

/// The depth aspect of a depth/stencil attachment is in a read-only layout.
pub const READ_ONLY_DEPTH: u8 = 1;
/// The stencil aspect of a depth/stencil attachment is in a read-only layout.
pub const READ_ONLY_STENCIL: u8 = 2;

impl ReadOnlyAspects {
    /// In subpass 0 of an instance whose subpasses have `subpasses`.
    pub fn begun(subpasses: u64) -> Self {
        ReadOnlyAspects { subpasses, current: (subpasses & 3) as u8 }
    }

    /// In subpass `subpass` of the same instance.
    pub fn at(self, subpass: u32) -> Self {
        let current = self.subpasses.checked_shr(subpass.saturating_mul(2)).map_or(0, |s| (s & 3) as u8);
        ReadOnlyAspects { current, ..self }
    }
}

/// Whether `layout` is read-only for the depth aspect.
fn depth_read_only(layout: VkImageLayout) -> bool {
    use VkImageLayout as L;
    matches!(
        layout,
        L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
            | L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL
            | L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL
            | L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL
    )
}

/// Whether `layout` is read-only for the stencil aspect.
fn stencil_read_only(layout: VkImageLayout) -> bool {
    use VkImageLayout as L;
    matches!(
        layout,
        L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
            | L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL
            | L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL
            | L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL
    )
}

/// The read-only aspects of a depth/stencil attachment of `format` referenced with `layout`
/// (`stencil_layout`: a chained `VkAttachmentReferenceStencilLayout`'s, which gives the stencil
/// aspect's layout where `layout` names the depth aspect's only; without one that aspect's
/// layout is not known, and not counted).
fn read_only_aspects(format: VkFormat, layout: VkImageLayout, stencil_layout: Option<VkImageLayout>) -> u8 {
    use VkImageLayout as L;
    let (depth, stencil) = super::dynamic_state::aspects(format);
    let depth_only =
        matches!(layout, L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL | L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL);
    let stencil_layout = if depth_only { stencil_layout } else { Some(layout) };
    let mut aspects = 0;
    if depth && depth_read_only(layout) {
        aspects |= READ_ONLY_DEPTH;
    }
    if stencil && stencil_layout.is_some_and(stencil_read_only) {
        aspects |= READ_ONLY_STENCIL;
    }
    aspects
}

/// Packs each subpass's read-only aspects as [`ReadOnlyAspects::subpasses`] does.
fn pack(per_subpass: impl Iterator<Item = u8>) -> u64 {
    per_subpass.take(32).enumerate().fold(0, |m, (i, a)| m | u64::from(a) << (2 * i))
}

/// [`ReadOnlyAspects::subpasses`] of a vkCreateRenderPass create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn read_only_subpasses1(info: &VkRenderPassCreateInfo) -> u64 {
    // SAFETY (whole function): the accepted create info's counted arrays.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    pack(unsafe { slice(info.pSubpasses, info.subpassCount) }.iter().map(|s| {
        let Some(r) = (unsafe { s.pDepthStencilAttachment.as_ref() }) else { return 0 };
        attachments.get(r.attachment as usize).map_or(0, |a| read_only_aspects(a.format, r.layout, None))
    }))
}

/// [`ReadOnlyAspects::subpasses`] of a vkCreateRenderPass2 create info.
///
/// # Safety
/// As for [`read_only_subpasses1`].
pub unsafe fn read_only_subpasses2(info: &VkRenderPassCreateInfo2) -> u64 {
    // SAFETY (whole function): the accepted create info's counted arrays and chains.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let ty = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT;
    pack(unsafe { slice(info.pSubpasses, info.subpassCount) }.iter().map(|s| {
        let Some(r) = (unsafe { s.pDepthStencilAttachment.as_ref() }) else { return 0 };
        let stencil = unsafe { chained::<VkAttachmentReferenceStencilLayout>(r.pNext, ty) }.map(|l| l.stencilLayout);
        attachments.get(r.attachment as usize).map_or(0, |a| read_only_aspects(a.format, r.layout, stencil))
    }))
}

/// The dependencies of a vkCreateRenderPass create info from a subpass to itself.
///
/// # Safety
/// As for [`read_only_subpasses1`].
pub unsafe fn self_dependencies1(info: &VkRenderPassCreateInfo) -> Arc<[SelfDependency]> {
    // SAFETY: the accepted create info's counted array.
    let deps = unsafe { slice(info.pDependencies, info.dependencyCount) };
    deps.iter()
        .filter(|d| d.srcSubpass == d.dstSubpass && d.srcSubpass != VK_SUBPASS_EXTERNAL)
        .map(|d| {
            let stages = (expand_stages(u64::from(d.srcStageMask.0)), expand_stages(u64::from(d.dstStageMask.0)));
            let accesses = (
                access_scope(u64::from(d.srcAccessMask.0), stages.0),
                access_scope(u64::from(d.dstAccessMask.0), stages.1),
            );
            SelfDependency { subpass: d.srcSubpass, stages, accesses, flags: d.dependencyFlags.0 }
        })
        .collect()
}

/// The source and destination stage masks of every dependency of a vkCreateRenderPass create
/// info, each ORed.
///
/// # Safety
/// As for [`read_only_subpasses1`].
pub unsafe fn dependency_stages1(info: &VkRenderPassCreateInfo) -> (u64, u64) {
    // SAFETY: the accepted create info's counted array.
    let deps = unsafe { slice(info.pDependencies, info.dependencyCount) };
    deps.iter().fold((0, 0), |(s, d), x| (s | u64::from(x.srcStageMask.0), d | u64::from(x.dstStageMask.0)))
}

/// [`dependency_stages1`] of a vkCreateRenderPass2 create info: a `VkMemoryBarrier2` chained to
/// a dependency gives its stage masks.
///
/// # Safety
/// As for [`read_only_subpasses1`].
pub unsafe fn dependency_stages2(info: &VkRenderPassCreateInfo2) -> (u64, u64) {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_BARRIER_2;
    // SAFETY: the accepted create info's counted array and chains.
    let deps = unsafe { slice(info.pDependencies, info.dependencyCount) };
    deps.iter().fold((0, 0), |(s, d), x| {
        let own = (u64::from(x.srcStageMask.0), u64::from(x.dstStageMask.0));
        // SAFETY: as above.
        let (src, dst) =
            unsafe { chained::<VkMemoryBarrier2>(x.pNext, ty) }.map_or(own, |b| (b.srcStageMask.0, b.dstStageMask.0));
        (s | src, d | dst)
    })
}

/// [`self_dependencies1`] of a vkCreateRenderPass2 create info: a `VkMemoryBarrier2` chained to
/// a dependency gives its stage masks.
///
/// # Safety
/// As for [`read_only_subpasses1`].
pub unsafe fn self_dependencies2(info: &VkRenderPassCreateInfo2) -> Arc<[SelfDependency]> {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_BARRIER_2;
    // SAFETY: the accepted create info's counted array and chains.
    let deps = unsafe { slice(info.pDependencies, info.dependencyCount) };
    deps.iter()
        .filter(|d| d.srcSubpass == d.dstSubpass && d.srcSubpass != VK_SUBPASS_EXTERNAL)
        .map(|d| {
            let barrier = unsafe { chained::<VkMemoryBarrier2>(d.pNext, ty) };
            let own = (
                u64::from(d.srcStageMask.0),
                u64::from(d.dstStageMask.0),
                u64::from(d.srcAccessMask.0),
                u64::from(d.dstAccessMask.0),
            );
            let (src, dst, src_access, dst_access) =
                barrier.map_or(own, |b| (b.srcStageMask.0, b.dstStageMask.0, b.srcAccessMask.0, b.dstAccessMask.0));
            let stages = (expand_stages(src), expand_stages(dst));
            let accesses = (access_scope(src_access, stages.0), access_scope(dst_access, stages.1));
            SelfDependency { subpass: d.srcSubpass, stages, accesses, flags: d.dependencyFlags.0 }
        })
        .collect()
}

/// The read-only aspects of a vkCmdBeginRendering's depth and stencil attachments (each the
/// layout of its own aspect, when it has a view).
///
/// # Safety
/// `info` must be the rendering info the application passed.
pub unsafe fn read_only_rendering(info: &VkRenderingInfo) -> u8 {
    // SAFETY: the application's attachment pointers.
    let (depth, stencil) = unsafe { (info.pDepthAttachment.as_ref(), info.pStencilAttachment.as_ref()) };
    let layout = |a: Option<&VkRenderingAttachmentInfo>| a.filter(|a| a.imageView.as_raw() != 0).map(|a| a.imageLayout);
    let mut aspects = 0;
    if layout(depth).is_some_and(depth_read_only) {
        aspects |= READ_ONLY_DEPTH;
    }
    if layout(stencil).is_some_and(stencil_read_only) {
        aspects |= READ_ONLY_STENCIL;
    }
    aspects
}

impl FramebufferImage {
    /// What `info` describes.
    ///
    /// # Safety
    /// `info` must be the application's, with its counted array.
    pub unsafe fn new(info: &VkFramebufferAttachmentImageInfo) -> Self {
        // SAFETY: the caller's counted array.
        let formats = unsafe { slice(info.pViewFormats, info.viewFormatCount) };
        FramebufferImage {
            flags: info.flags.0,
            usage: info.usage.0,
            width: info.width,
            height: info.height,
            layers: info.layerCount,
            view_formats: (info.viewFormatCount, view_format_set(formats)),
        }
    }
}

/// A fingerprint of the set of `formats` (order and repeats do not count; 0 for none): equal
/// sets give equal values, and different ones differ but for collisions, which only hide a
/// report.
pub fn view_format_set(formats: &[VkFormat]) -> u64 {
    let mut set: Vec<i32> = formats.iter().map(|f| f.0).collect();
    set.sort_unstable();
    set.dedup();
    set.iter().fold(0, |h, &f| mix(h, u64::from(f as u32)))
}

impl PipelinePass {
    /// The pass of a pipeline created with render pass class `compat` (or none) and `subpass`,
    /// or for dynamic rendering with `rendering`'s view mask and color attachment count and
    /// `formats`; `mesh`: it has task or mesh shader stages.
    pub fn new(
        compat: Option<u64>,
        subpass: u32,
        rendering: (u32, u32),
        formats: Option<&RenderingFormats>,
        mesh: bool,
    ) -> Self {
        let format = |f: i32| u64::from(f as u32);
        let key = match (compat, formats) {
            (Some(c), _) => render_pass_key(c, subpass),
            (None, Some(f)) => mix(
                rendering_key(rendering.0, rendering.1),
                attachments_key(f.colors.iter().map(|&c| format(c)), format(f.depth), format(f.stencil)),
            ),
            (None, None) => rendering_key(rendering.0, rendering.1),
        };
        // Instance keys are odd: an even key sends every draw of a mesh pipeline, or of one whose
        // chained attachment sample counts or sample locations the draw compares with the
        // instance's attachments, to the report.
        let counted = compat.is_none() && formats.is_some_and(|f| f.counted.is_some() || f.sample_locations);
        let key = match (compat, formats) {
            (None, Some(f)) => fragment_maps_key(key, f.fragment_maps),
            _ => key,
        };
        let key = if mesh || counted { key & !1 } else { key };
        let samples = if compat.is_none() { formats.map_or(0, |f| f.samples) } else { 0 };
        PipelinePass { compat, subpass, rendering, mesh, key, samples }
    }
}

/// Mixes `v` into `h` (a 64-bit finalizer): keys that differ are kept apart but for collisions,
/// which only hide a report.
fn mix(h: u64, v: u64) -> u64 {
    let mut x = (h ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x.wrapping_mul(0xbf58_476d_1ce4_e5b9) | 1
}

fn render_pass_key(compat: u64, subpass: u32) -> u64 {
    mix(mix(1, compat), u64::from(subpass))
}

fn rendering_key(view_mask: u32, colors: u32) -> u64 {
    mix(mix(2, u64::from(view_mask)), u64::from(colors))
}

/// A view format whose format Vigil does not know: it never matches a pipeline's.
const UNKNOWN_FORMAT: u64 = u64::MAX;

/// The attachment formats of a rendering instance or pipeline, mixed: `colors`, then the depth
/// and stencil formats (VK_FORMAT_UNDEFINED, 0, for none).
fn attachments_key(colors: impl Iterator<Item = u64>, depth: u64, stencil: u64) -> u64 {
    mix(mix(colors.fold(3, mix), depth), stencil)
}

/// The format of a rendering instance's attachment: VK_FORMAT_UNDEFINED for a null view.
fn target_format(t: &Option<super::records::RenderingTarget>) -> u64 {
    t.as_ref().map_or(0, |t| t.format.map_or(UNKNOWN_FORMAT, |f| u64::from(f as u32)))
}

/// The key of a render pass instance, as a pipeline's [`PipelinePass::key`] must match it
/// (`targets`: a vkCmdBeginRendering instance's attachments): 0 when none is active or its
/// render pass is not known.
pub fn instance_key(
    instance: Option<super::records::RenderPassInstance>,
    targets: Option<&super::records::RenderingTargets>,
) -> u64 {
    use super::records::RenderPassInstance as I;
    match instance {
        Some(I::RenderPass { subpass, compat: Some(c), .. }) => render_pass_key(c, subpass),
        Some(I::Rendering { view_mask, colors, flags }) => {
            let formats = match targets {
                Some(t) => attachments_key(
                    t.colors.iter().map(target_format),
                    target_format(&t.depth),
                    target_format(&t.stencil),
                ),
                None => UNKNOWN_FORMAT,
            };
            let maps =
                targets.map_or(0, |t| u8::from(t.fragment_maps[0] != 0) | u8::from(t.fragment_maps[1] != 0) << 1);
            let key = fragment_maps_key(mix(rendering_key(view_mask, colors), formats), maps);
            // No pipeline draws in it: every draw goes to the report.
            if secondary_only(flags) {
                mix(key, 0x5ec0)
            } else {
                key
            }
        }
        _ => 0,
    }
}

/// A dynamic rendering key with fragment shading rate (bit 0) and density map (bit 1)
/// attachments `maps` (the instance's views, or the pipeline's flags for them) mixed in: a
/// pipeline without the flags for an instance's attachments then misses its key, and the
/// draw looks (`-imageView-06183`, `-imageView-06184`); with neither, the key is unchanged.
fn fragment_maps_key(key: u64, maps: u8) -> u64 {
    if maps == 0 {
        key
    } else {
        mix(key, 0xf5a0 | u64::from(maps))
    }
}

/// A graphics pipeline's `VkPipelineCreateFlags2` as [`RenderingFormats::fragment_maps`] keeps
/// them.
pub fn pipeline_fragment_maps(flags: u64) -> u8 {
    let rate = VkPipelineCreateFlags::VK_PIPELINE_CREATE_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR.0;
    let density = VkPipelineCreateFlags::VK_PIPELINE_CREATE_RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT.0;
    u8::from(flags & u64::from(rate) != 0) | u8::from(flags & u64::from(density) != 0) << 1
}

/// The image views of the fragment shading rate and density map attachment infos chained to a
/// `VkRenderingInfo` (0 for none or VK_NULL_HANDLE).
///
/// # Safety
/// `next` must be NULL or the application's valid chain.
pub unsafe fn rendering_fragment_maps(next: *const std::ffi::c_void) -> [u64; 2] {
    use VkStructureType as S;
    // SAFETY: the caller's chain.
    unsafe {
        let rate = chained::<VkRenderingFragmentShadingRateAttachmentInfoKHR>(
            next,
            S::VK_STRUCTURE_TYPE_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_INFO_KHR,
        );
        let density = chained::<VkRenderingFragmentDensityMapAttachmentInfoEXT>(
            next,
            S::VK_STRUCTURE_TYPE_RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_INFO_EXT,
        );
        [rate.map_or(0, |r| r.imageView.as_raw()), density.map_or(0, |d| d.imageView.as_raw())]
    }
}

/// Whether a vkCmdBeginRendering instance of `flags` has its contents in secondary command
/// buffers only (no draw inside it).
pub fn secondary_only(flags: u32) -> bool {
    let secondary = VkRenderingFlags::VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT.0;
    let inline = VkRenderingFlags::VK_RENDERING_CONTENTS_INLINE_BIT_KHR.0;
    flags & (secondary | inline) == secondary
}

/// The sample count every attachment with a view of a rendering instance has (`targets`): 0
/// for none, `u32::MAX` when they differ (the draw then compares them one by one).
pub fn rendering_samples(targets: Option<&super::records::RenderingTargets>) -> u32 {
    let Some(t) = targets else { return 0 };
    let all = t.colors.iter().chain([&t.depth, &t.stencil]).flatten().filter_map(|t| t.samples);
    all.fold(0, |common, s| if common == 0 || common == s { s } else { u32::MAX })
}

/// The attachments one subpass references, by index, as render pass compatibility compares
/// them.
struct SubpassRefs {
    input: Vec<u32>,
    color: Vec<u32>,
    resolve: Vec<u32>,
    depth: u32,
    view_mask: u32,
}

/// The references of subpass `$s` (a `VkSubpassDescription` or `...2`); `$view_mask` its view
/// mask.
macro_rules! subpass_refs {
    ($s:expr, $view_mask:expr) => {{
        // SAFETY: the accepted create info's counted arrays.
        unsafe {
            SubpassRefs {
                input: slice($s.pInputAttachments, $s.inputAttachmentCount).iter().map(|r| r.attachment).collect(),
                color: slice($s.pColorAttachments, $s.colorAttachmentCount).iter().map(|r| r.attachment).collect(),
                resolve: slice($s.pResolveAttachments, $s.colorAttachmentCount).iter().map(|r| r.attachment).collect(),
                depth: $s.pDepthStencilAttachment.as_ref().map_or(VK_ATTACHMENT_UNUSED, |r| r.attachment),
                view_mask: $view_mask,
            }
        }
    }};
}

/// A render pass's compatibility class: render passes with equal classes are compatible, and
/// different classes are not (the spec's render pass compatibility: the same subpasses, whose
/// input, color, resolve and depth/stencil references name attachments of the same format and
/// sample count, or are unused alike, a shorter array counting as padded with unused ones; with
/// a single subpass the resolve references are ignored). What else must be identical (flags,
/// dependencies) is not compared: such render passes share a class, a miss, never a false
/// report. A hash, so a collision is a miss too.
fn compatibility(attachments: &[(VkFormat, u32)], subpasses: &[SubpassRefs]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    subpasses.len().hash(&mut h);
    let attachment = |a: u32| attachments.get(a as usize).map(|&(format, samples)| (format.0, samples));
    let refs = |list: &[u32], h: &mut std::hash::DefaultHasher| {
        let mut named: Vec<_> = list.iter().map(|&a| attachment(a)).collect();
        while named.last() == Some(&None) {
            named.pop();
        }
        named.hash(h);
    };
    for s in subpasses {
        refs(&s.input, &mut h);
        refs(&s.color, &mut h);
        if subpasses.len() > 1 {
            refs(&s.resolve, &mut h);
        }
        attachment(s.depth).hash(&mut h);
        s.view_mask.hash(&mut h);
    }
    h.finish()
}

/// The compatibility class of a vkCreateRenderPass create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn compatibility1(info: &VkRenderPassCreateInfo) -> u64 {
    // SAFETY (whole function): the accepted create info's counted arrays and chain.
    let attachments: Vec<_> =
        unsafe { slice(info.pAttachments, info.attachmentCount) }.iter().map(|a| (a.format, a.samples.0)).collect();
    let multiview = unsafe {
        chained::<VkRenderPassMultiviewCreateInfo>(
            info.pNext,
            VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
        )
    };
    let masks = multiview.map_or(&[][..], |m| unsafe { slice(m.pViewMasks, m.subpassCount) });
    let subpasses: Vec<_> = unsafe { slice(info.pSubpasses, info.subpassCount) }
        .iter()
        .enumerate()
        .map(|(i, s)| subpass_refs!(s, masks.get(i).copied().unwrap_or(0)))
        .collect();
    compatibility(&attachments, &subpasses)
}

/// The compatibility class of a vkCreateRenderPass2 create info.
///
/// # Safety
/// As for [`compatibility1`].
pub unsafe fn compatibility2(info: &VkRenderPassCreateInfo2) -> u64 {
    // SAFETY (whole function): the accepted create info's counted arrays.
    let attachments: Vec<_> =
        unsafe { slice(info.pAttachments, info.attachmentCount) }.iter().map(|a| (a.format, a.samples.0)).collect();
    let subpasses: Vec<_> =
        unsafe { slice(info.pSubpasses, info.subpassCount) }.iter().map(|s| subpass_refs!(s, s.viewMask)).collect();
    compatibility(&attachments, &subpasses)
}

/// Per subpass, the attachments it uses both as an input attachment and as a color, color
/// resolve or depth/stencil attachment: the images a barrier inside it may name.
fn feedback_attachments(subpasses: &[SubpassRefs]) -> Arc<[Vec<u32>]> {
    subpasses
        .iter()
        .map(|s| {
            let written = |a: &u32| s.color.contains(a) || s.resolve.contains(a) || s.depth == *a;
            let mut both: Vec<u32> =
                s.input.iter().copied().filter(|a| *a != VK_ATTACHMENT_UNUSED && written(a)).collect();
            both.sort_unstable();
            both.dedup();
            both
        })
        .collect()
}

/// [`feedback_attachments`] of a vkCreateRenderPass create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn feedback_attachments1(info: &VkRenderPassCreateInfo) -> Arc<[Vec<u32>]> {
    // SAFETY: the accepted create info's counted arrays.
    let subpasses: Vec<_> =
        unsafe { slice(info.pSubpasses, info.subpassCount) }.iter().map(|s| subpass_refs!(s, 0)).collect();
    feedback_attachments(&subpasses)
}

/// [`feedback_attachments`] of a vkCreateRenderPass2 create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn feedback_attachments2(info: &VkRenderPassCreateInfo2) -> Arc<[Vec<u32>]> {
    // SAFETY: the accepted create info's counted arrays.
    let subpasses: Vec<_> =
        unsafe { slice(info.pSubpasses, info.subpassCount) }.iter().map(|s| subpass_refs!(s, s.viewMask)).collect();
    feedback_attachments(&subpasses)
}

impl super::records::RenderPassState {
    /// Its compatibility class, once recorded.
    pub fn compatibility(&self) -> Option<u64> {
        self.compat.get().copied()
    }
}

impl super::records::FramebufferState {
    /// The compatibility class of the render pass it was created with, once recorded.
    pub fn render_pass_compatibility(&self) -> Option<u64> {
        self.render_pass_compat.get().copied()
    }

    /// Whether it was created with image views (not imageless), once recorded.
    pub fn has_views(&self) -> bool {
        self.views.get().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subpass(color: &[u32], resolve: &[u32], depth: u32) -> SubpassRefs {
        SubpassRefs { input: Vec::new(), color: color.to_vec(), resolve: resolve.to_vec(), depth, view_mask: 0 }
    }

    #[test]
    fn compatibility_compares_formats_and_samples_of_references() {
        use VkFormat as F;
        let rgba = (F::VK_FORMAT_R8G8B8A8_UNORM, 1);
        let bgra = (F::VK_FORMAT_B8G8R8A8_UNORM, 1);
        let rgba4 = (F::VK_FORMAT_R8G8B8A8_UNORM, 4);
        let unused = VK_ATTACHMENT_UNUSED;
        let one = compatibility(&[rgba], &[subpass(&[0], &[], unused)]);
        // Padding with unused references, and attachments no subpass names, change nothing.
        assert_eq!(one, compatibility(&[bgra, rgba], &[subpass(&[1, unused], &[], unused)]));
        assert_ne!(one, compatibility(&[bgra], &[subpass(&[0], &[], unused)]));
        assert_ne!(one, compatibility(&[rgba4], &[subpass(&[0], &[], unused)]));
        assert_ne!(one, compatibility(&[rgba], &[subpass(&[0], &[], 0)]));
        assert_ne!(one, compatibility(&[rgba], &[subpass(&[0], &[], unused), subpass(&[0], &[], unused)]));
        // One subpass: resolve references are ignored; with two they count.
        assert_eq!(one, compatibility(&[rgba, rgba], &[subpass(&[0], &[1], unused)]));
        let two = |r: &[u32]| compatibility(&[rgba, rgba], &[subpass(&[0], r, unused), subpass(&[0], &[], unused)]);
        assert_ne!(two(&[]), two(&[1]));
        assert_eq!(two(&[]), two(&[unused]));
    }
}
