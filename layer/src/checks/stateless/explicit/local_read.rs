//! Dynamic rendering local read's mappings (`VkRenderingAttachmentLocationInfo`,
//! `VkRenderingInputAttachmentIndexInfo`) wherever they are given: to
//! vkCmdSetRenderingAttachmentLocations and vkCmdSetRenderingInputAttachmentIndices, and chained
//! to a graphics pipeline's create info or a secondary's inheritance info. Without the
//! dynamicRenderingLocalRead feature they may only restate the identity mapping.

use std::ffi::c_void;

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{deref, elements, find, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;
use crate::state::TYPES;

/// Whether the dynamicRenderingLocalRead feature is enabled.
fn local_read(checks: &DeviceStateless) -> bool {
    checks.facts.features.contains(Feature::DYNAMIC_RENDERING_LOCAL_READ)
}

/// The index of the first element of `values` (not `VK_ATTACHMENT_UNUSED`) that an earlier one
/// repeats, with that earlier one's index.
fn repeated(values: &[u32]) -> Option<(usize, usize)> {
    values.iter().enumerate().filter(|(_, &v)| v != VK_ATTACHMENT_UNUSED).find_map(|(i, v)| {
        let first = values[..i].iter().position(|w| w == v)?;
        Some((first, i))
    })
}

/// One `VkRenderingAttachmentLocationInfo`, found at `at`.
fn attachment_locations(
    checks: &DeviceStateless,
    f: &mut Findings<'_>,
    info: &VkRenderingAttachmentLocationInfo,
    at: &Location<'_>,
) {
    let max = checks.facts.limits.maxColorAttachments;
    if info.colorAttachmentCount > max {
        f.error(
            "VUID-VkRenderingAttachmentLocationInfo-colorAttachmentCount-09514",
            &at.dot("colorAttachmentCount"),
            format_args!("is {}, more than maxColorAttachments ({max}).", info.colorAttachmentCount),
        );
    }
    // SAFETY: the application's counted array (or NULL: the identity mapping).
    let locations = unsafe { elements(info.pColorAttachmentLocations, info.colorAttachmentCount) };
    let list = at.dot("pColorAttachmentLocations");
    if !local_read(checks) {
        if let Some((i, &l)) = locations.iter().enumerate().find(|&(i, &l)| l as usize != i) {
            f.error(
                "VUID-VkRenderingAttachmentLocationInfo-dynamicRenderingLocalRead-09512",
                &list.index(i),
                format_args!("is {l}, not its own index: the dynamicRenderingLocalRead feature is not enabled."),
            );
        }
    }
    if let Some((first, i)) = repeated(locations) {
        f.error(
            "VUID-VkRenderingAttachmentLocationInfo-pColorAttachmentLocations-09513",
            &list.index(i),
            format_args!("is {}, as is pColorAttachmentLocations[{first}].", locations[i]),
        );
    }
    // VK_ATTACHMENT_UNUSED discards the attachment's writes: not a location.
    if let Some((i, &l)) = locations.iter().enumerate().find(|&(_, &l)| l >= max && l != VK_ATTACHMENT_UNUSED) {
        f.error(
            "VUID-VkRenderingAttachmentLocationInfo-pColorAttachmentLocations-09515",
            &list.index(i),
            format_args!("is {l}, not less than maxColorAttachments ({max})."),
        );
    }
}

/// One `VkRenderingInputAttachmentIndexInfo`, found at `at`.
fn input_indices(
    checks: &DeviceStateless,
    f: &mut Findings<'_>,
    info: &VkRenderingInputAttachmentIndexInfo,
    at: &Location<'_>,
) {
    let unused = VK_ATTACHMENT_UNUSED;
    let max_colors = checks.facts.limits.maxColorAttachments;
    if info.colorAttachmentCount > max_colors {
        f.error(
            "VUID-VkRenderingInputAttachmentIndexInfo-colorAttachmentCount-09525",
            &at.dot("colorAttachmentCount"),
            format_args!("is {}, more than maxColorAttachments ({max_colors}).", info.colorAttachmentCount),
        );
    }
    // SAFETY: the application's counted array and pointers (each NULL or valid).
    let (colors, depth, stencil) = unsafe {
        (
            elements(info.pColorAttachmentInputIndices, info.colorAttachmentCount),
            deref(info.pDepthInputAttachmentIndex).copied(),
            deref(info.pStencilInputAttachmentIndex).copied(),
        )
    };
    let list = at.dot("pColorAttachmentInputIndices");
    if !local_read(checks) {
        if let Some((i, &v)) = colors.iter().enumerate().find(|&(_, &v)| v != unused) {
            f.error(
                "VUID-VkRenderingInputAttachmentIndexInfo-dynamicRenderingLocalRead-09519",
                &list.index(i),
                format_args!("is {v}, not VK_ATTACHMENT_UNUSED: the dynamicRenderingLocalRead feature is not enabled."),
            );
        }
        let aspects = [
            (
                depth,
                "pDepthInputAttachmentIndex",
                "VUID-VkRenderingInputAttachmentIndexInfo-dynamicRenderingLocalRead-09520",
            ),
            (
                stencil,
                "pStencilInputAttachmentIndex",
                "VUID-VkRenderingInputAttachmentIndexInfo-dynamicRenderingLocalRead-09521",
            ),
        ];
        for (value, name, vuid) in aspects {
            if value != Some(unused) {
                let what = value.map_or_else(|| "NULL".to_string(), |v| format!("points at {v}"));
                f.error(
                    vuid,
                    &at.dot(name),
                    format_args!(
                        "{what}, not at VK_ATTACHMENT_UNUSED: the dynamicRenderingLocalRead feature is not enabled."
                    ),
                );
            }
        }
    }
    if let Some((first, i)) = repeated(colors) {
        f.error(
            "VUID-VkRenderingInputAttachmentIndexInfo-pColorAttachmentInputIndices-09522",
            &list.index(i),
            format_args!("is {}, as is pColorAttachmentInputIndices[{first}].", colors[i]),
        );
    }
    let aspects = [
        (
            depth,
            "pDepthInputAttachmentIndex",
            "VUID-VkRenderingInputAttachmentIndexInfo-pColorAttachmentInputIndices-09523",
        ),
        (
            stencil,
            "pStencilInputAttachmentIndex",
            "VUID-VkRenderingInputAttachmentIndexInfo-pColorAttachmentInputIndices-09524",
        ),
    ];
    for (value, name, vuid) in aspects {
        let Some(v) = value.filter(|&v| v != unused) else { continue };
        if let Some(i) = colors.iter().position(|&c| c == v) {
            f.error(vuid, &list.index(i), format_args!("is {v}, the index {name} points at too."));
        }
    }
    let max = checks.facts.limits.maxPerStageDescriptorInputAttachments;
    let named = colors.iter().copied().chain(depth).chain(stencil);
    if let Some(v) = named.filter(|&v| v != unused).find(|&v| v >= max) {
        f.error(
            "VUID-VkRenderingInputAttachmentIndexInfo-pDepthInputAttachmentIndex-12274",
            at,
            format_args!(
                "names input attachment index {v}, not less than maxPerStageDescriptorInputAttachments ({max})."
            ),
        );
    }
}

/// A mapping command (vkCmdSetRenderingAttachmentLocations, vkCmdSetRenderingInputAttachmentIndices):
/// the feature (`feature_id`), and its mapping `info` (the parameter `param`) by `rules`.
fn set_mapping<T>(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    (feature_id, param): (&'static str, &'static str),
    info: *const T,
    rules: fn(&DeviceStateless, &mut Findings<'_>, &T, &Location<'_>),
) -> bool {
    let mut f = Findings::of(cx);
    let root = cx.location();
    if !local_read(checks) {
        let m = format_args!("is recorded, but the dynamicRenderingLocalRead feature is not enabled.");
        f.error(feature_id, &root, m);
    }
    // SAFETY: the application's info (NULL is the generated walk's to report).
    if let Some(info) = unsafe { deref(info) } {
        rules(checks, &mut f, info, &root.dot(param));
    }
    f.skip
}

/// vkCmdSetRenderingAttachmentLocations: the feature, and the mapping.
pub(super) fn set_attachment_locations(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: *const VkRenderingAttachmentLocationInfo,
) -> bool {
    let ids = ("VUID-vkCmdSetRenderingAttachmentLocations-dynamicRenderingLocalRead-09509", "pLocationInfo");
    set_mapping(checks, cx, ids, info, attachment_locations)
}

/// vkCmdSetRenderingInputAttachmentIndices: the feature, and the mapping.
pub(super) fn set_input_indices(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: *const VkRenderingInputAttachmentIndexInfo,
) -> bool {
    let ids =
        ("VUID-vkCmdSetRenderingInputAttachmentIndices-dynamicRenderingLocalRead-09516", "pInputAttachmentIndexInfo");
    set_mapping(checks, cx, ids, info, input_indices)
}

/// The mappings chained at `next` (a pipeline create info's or an inheritance info's chain,
/// found at `at`).
///
/// # Safety
/// `next` must be NULL or a valid pNext chain the application passed.
pub(super) unsafe fn chained(checks: &DeviceStateless, f: &mut Findings<'_>, next: *const c_void, at: &Location<'_>) {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_LOCATION_INFO;
    // SAFETY: the caller's chain.
    if let Some(info) = unsafe { find::<VkRenderingAttachmentLocationInfo>(next, ty) } {
        attachment_locations(checks, f, info, &at.chained("VkRenderingAttachmentLocationInfo"));
    }
    let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDERING_INPUT_ATTACHMENT_INDEX_INFO;
    // SAFETY: as above.
    if let Some(info) = unsafe { find::<VkRenderingInputAttachmentIndexInfo>(next, ty) } {
        input_indices(checks, f, info, &at.chained("VkRenderingInputAttachmentIndexInfo"));
    }
}

/// vkBeginCommandBuffer of `cb`: the mappings a secondary inherits. A primary's inheritance
/// info is ignored (it may dangle), so it is read only for a command buffer the state tracker
/// knows to be a secondary.
pub(super) fn begin_command_buffer(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    cb: VkCommandBuffer,
    info: *const VkCommandBufferBeginInfo,
) -> bool {
    let record = crate::state::resolve::call_record(cx, TYPES.command_buffer, cb.as_raw(), checks.scope);
    if !record.is_some_and(|r| r.command_buffer().is_some_and(|c| c.secondary())) {
        return false;
    }
    // SAFETY: the application's begin info and, for a secondary, its inheritance info, each
    // NULL or valid.
    let Some(inheritance) = (unsafe { deref(info) }).and_then(|i| unsafe { deref(i.pInheritanceInfo) }) else {
        return false;
    };
    let mut f = Findings::of(cx);
    let at = cx.location();
    let at = at.dot("pBeginInfo");
    let at = at.arrow("pInheritanceInfo");
    // SAFETY: the inheritance info's chain.
    unsafe { chained(checks, &mut f, inheritance.pNext, &at) };
    f.skip
}
