//! At draw and dispatch time, the descriptors the bound pipeline's shaders statically use
//! (`state::shaders` reflection, merged per pipeline): each must be valid (`-None-08114`: written,
//! and the buffer, buffer view, image view or sampler it names not destroyed), and an image view it
//! names must be of the view type the shader's `OpTypeImage` declares (`-viewType-07752`), of a
//! format with `VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT` when the shader does atomic operations
//! on it (`-None-02691`), and of a format with
//! `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT` when it samples it with depth
//! comparison (`-None-06479`), and, written or read as a storage image whose `OpTypeImage` format
//! is `Unknown`, of a format with the storage write or read without format feature
//! (`-OpTypeImage-07027`, `-OpTypeImage-07028`); and the numeric type of an image view's format (or
//! a texel buffer's buffer view's) must be its `Sampled Type`'s (`-format-07753`), and a storage
//! texel buffer used atomically needs `VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT`
//! (`-None-07888`), and one written or read whose `OpTypeImage` format is `Unknown` the storage
//! write or read without format buffer feature (`-OpTypeImage-07029`, `-OpTypeImage-07030`). A
//! storage image or texel buffer the shader writes (`OpImageWrite`) needs a `Texel` operand of at
//! least as many components as the view's format has (`-OpImageWrite-08795`, `-04469`), four for
//! `VK_FORMAT_A8_UNORM` (`-08796`); reflection keeps the fewest components written per binding. A
//! combined image sampler the shader samples (`OpImageSample*`) with a sampler (its binding's
//! immutable one, else the one written) whose magFilter, minFilter or mipmapMode is linear needs a
//! view format with `SAMPLED_IMAGE_FILTER_LINEAR` under a weighted average reduction without depth
//! comparison (`-magFilter-04553`, `-mipmapMode-04770`), and `SAMPLED_IMAGE_FILTER_MINMAX` under a
//! min or max reduction (`-magFilter-09598`, `-mipmapMode-09599`); with unnormalized coordinates, a
//! view of one level and layer (`-unnormalizedCoordinates-09635`), 1D or 2D (`-None-08609`), never
//! sampled by an instruction with ImplicitLod, Dref or Proj (`-None-08610`) or with a bias or
//! offset (`-None-08611`). The same rules hold for a sampled image the shader samples with a
//! separate sampler (`OpSampledImage` of the two, neither an array: reflection's `SampledPair`).
//! A sampler with a cubic filter needs a view format with `SAMPLED_IMAGE_FILTER_CUBIC`
//! (`-None-02692`), without VK_EXT_filter_cubic a view neither 3D nor cube (`-None-02693`), and
//! with it the view type and format's `filterCubic` (and `filterCubicMinmax` under a min or max
//! reduction: `-filterCubic-02694`, `-filterCubicMinmax-02695`), asked of the driver when the
//! view is created; a corner-sampled image is sampled with clamp-to-edge addressing only
//! (`-flags-02696`). Without protectedNoFault, an unprotected command buffer accesses no
//! protected buffer, image or texel buffer (`-commandBuffer-02707`), and a protected one writes
//! no unprotected one (`-commandBuffer-02712`, where the command has that rule). Inside a render
//! pass instance, a storage image the shader writes must not share a subresource with an
//! attachment of that instance (`-None-06537`: the framebuffer's or vkCmdBeginRendering's
//! attachments and resolve targets, compared by image, aspects, levels and layers).
//! Format features are those of the view's format with its image's tiling, asked of the driver
//! (`VkFormatProperties3`) when the view is created.
//!
//! A recording remembers, per bind point, a fingerprint of the last check that found nothing (the
//! pipeline, each used set's record and version, the object table's epoch): a draw loop that
//! changes none of them costs a few lookups and no lock on the sets; the descriptors are looked at
//! again only when a set is updated, another set or pipeline bound, or an object destroyed. Nothing
//! on this path allocates.
//!
//! Not checked, so never reported: bindings with `VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT` (only
//! descriptors dynamically used must be valid) or `UPDATE_AFTER_BIND_BIT` (they may be written
//! until the submission), whether sampler bindings with immutable samplers are written (they need
//! not be), inline uniform blocks, push
//! descriptor sets, descriptor buffers and heaps, sets whose layout is not defined like the
//! pipeline layout's (`-None-08600` reports those), whether the sampler of a combined image sampler
//! was destroyed, arrays of separate samplers or of the images they sample (their elements pair by
//! index, which reflection does not follow), resources the tracker did not know when they were
//! written, format features of views of images with DRM format modifiers or on devices before
//! Vulkan 1.3, and images reached through function parameters; for `-None-06537`, attachments
//! of a render pass instance a secondary continues, and other images bound to the same memory
//! (only the attachment's own image is compared, as the reference does).

use vigil_generated::{VkDescriptorType, VkImageViewType};

mod ids;

#[cfg(test)]
use self::ids::DESCRIPTOR_IDS;
use self::ids::{DescriptorIds, DESCRIPTORS};
use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::Recording;
use crate::state::descriptors::ViewInfo;
use crate::state::descriptors::{BINDING_PARTIALLY_BOUND, BINDING_UPDATE_AFTER_BIND};
use crate::state::draw_descriptors::Descriptor;
use crate::state::images::{AttachedAs, AttachedImage, RenderingSlot};
use crate::state::pipelines::SetLayoutBinding;
use crate::state::pipelines::{bind_point_name, BoundPoint, PipelineLayoutInfo};
use crate::state::samplers::{SamplerInfo, REDUCTION_MAX, REDUCTION_MIN, REDUCTION_WEIGHTED_AVERAGE};
use crate::state::shaders::{
    ResourceUse, SampledPair, IMAGE_ATOMIC, IMAGE_DEPTH_COMPARE, IMAGE_READ, IMAGE_SAMPLE, IMAGE_SAMPLE_BIAS_OFFSET,
    IMAGE_SAMPLE_IMPLICIT_DREF_PROJ, IMAGE_WRITE, NUMERIC_FLOAT, NUMERIC_SINT, NUMERIC_UINT,
};
use crate::state::{ObjectRecord, OBJECTS};

/// `VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT`.
const STORAGE_IMAGE_ATOMIC: u64 = 0x4;
/// `VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT`.
const STORAGE_TEXEL_BUFFER_ATOMIC: u32 = 0x20;
/// `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT`.
const SAMPLED_IMAGE_DEPTH_COMPARISON: u64 = 0x2_0000_0000;
/// `VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT`.
const STORAGE_WRITE_WITHOUT_FORMAT: u64 = 0x1_0000_0000;
/// `VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT`.
const STORAGE_READ_WITHOUT_FORMAT: u64 = 0x8000_0000;
/// The names of the two features below, for messages.
const STORAGE_WRITE_WITHOUT_FORMAT_NAME: &str = "VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT";
const STORAGE_READ_WITHOUT_FORMAT_NAME: &str = "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT";

/// What storage images and texel buffers of unknown format need, per operation: the operation
/// (`IMAGE_*`), the feature, and whether it writes.
const WITHOUT_FORMAT_RULES: [(u8, u64, bool); 2] =
    [(IMAGE_WRITE, STORAGE_WRITE_WITHOUT_FORMAT, true), (IMAGE_READ, STORAGE_READ_WITHOUT_FORMAT, false)];

/// `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT`.
const SAMPLED_IMAGE_FILTER_LINEAR: u64 = 0x1000;
/// `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_MINMAX_BIT`.
const SAMPLED_IMAGE_FILTER_MINMAX: u64 = 0x1_0000;

/// The `VkImageViewType` an `OpTypeImage` of `Dim` `dim` (SPIR-V's value) and `Arrayed`
/// `arrayed` needs; `None` for the dimensions without one (Rect, Buffer, SubpassData, …).
fn view_type_for(dim: u32, arrayed: bool) -> Option<i32> {
    Some(match (dim, arrayed) {
        (0, false) => 0,
        (1, false) => 1,
        (2, false) => 2,
        (3, false) => 3,
        (0, true) => 4,
        (1, true) => 5,
        (3, true) => 6,
        _ => return None,
    })
}

/// The spec's name of a `VkImageViewType` (for messages).
fn view_type_name(ty: i32) -> &'static str {
    const NAMES: [&str; 7] = [
        "VK_IMAGE_VIEW_TYPE_1D",
        "VK_IMAGE_VIEW_TYPE_2D",
        "VK_IMAGE_VIEW_TYPE_3D",
        "VK_IMAGE_VIEW_TYPE_CUBE",
        "VK_IMAGE_VIEW_TYPE_1D_ARRAY",
        "VK_IMAGE_VIEW_TYPE_2D_ARRAY",
        "VK_IMAGE_VIEW_TYPE_CUBE_ARRAY",
    ];
    usize::try_from(ty).ok().and_then(|i| NAMES.get(i)).copied().unwrap_or("an unknown view type")
}

/// The numeric type (`NUMERIC_*`) of an image view of `format` and `aspect`; `None` where Vigil
/// does not describe the format, or the view has both depth and stencil.
fn view_numeric(format: i32, aspect: u32) -> Option<u8> {
    use vigil_generated::VkImageAspectFlags as A;
    let info = super::formats::format_info(vigil_generated::VkFormat(format))?;
    Some(if info.depth_stencil() {
        match aspect {
            a if a == A::VK_IMAGE_ASPECT_DEPTH_BIT.0 && info.depth() => NUMERIC_FLOAT,
            a if a == A::VK_IMAGE_ASPECT_STENCIL_BIT.0 && info.stencil() => NUMERIC_UINT,
            _ => return None,
        }
    } else if info.uint() {
        NUMERIC_UINT
    } else if info.sint() {
        NUMERIC_SINT
    } else {
        NUMERIC_FLOAT
    })
}

/// The name of a `NUMERIC_*` type (for messages).
fn numeric_name(n: u8) -> &'static str {
    match n {
        NUMERIC_FLOAT => "floating-point",
        NUMERIC_SINT => "signed integer",
        NUMERIC_UINT => "unsigned integer",
        _ => "unknown",
    }
}

/// Mixes `v` into fingerprint `h`.
fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(23) ^ v ^ (v >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// What is wrong with one descriptor.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Problem {
    Unwritten,
    /// The resource it names was destroyed: its handle.
    Destroyed(u64),
    /// Its image view's type.
    ViewType(u64, i32),
    /// Its image view lacks the atomic feature: the view and its format.
    Atomic(u64, i32),
    /// Its image view lacks the depth comparison feature: the view and its format.
    DepthCompare(u64, i32),
    /// Its storage image view of unknown format in the shader lacks the feature to be written
    /// (`true`) or read (`false`) so: the view and its format.
    WithoutFormat(u64, i32, bool),
    /// Its storage texel buffer's format lacks the atomic feature: the view and its format.
    TexelAtomic(u64, i32),
    /// Its storage texel buffer of unknown format in the shader lacks the feature to be written
    /// (`true`) or read (`false`) so: the view and its format.
    TexelWithoutFormat(u64, i32, bool),
    /// Its image or buffer view's format is of another numeric type (`NUMERIC_*`) than the `Sampled
    /// Type`: the view, its format and that numeric type.
    Numeric(u64, i32, u8),
    /// Its image view is sampled with a linear filter (`mipmap`: mipmap mode) it lacks the
    /// feature for: linear filtering, or minmax filtering with a min or max reduction (`minmax`).
    Filter {
        view: u64,
        format: i32,
        sampler: u64,
        mipmap: bool,
        minmax: bool,
    },
    /// Its sampler has unnormalized coordinates, and (`UNNORMALIZED_*`) its view has more than
    /// one level or layer, or is not 1D or 2D, or the shader samples it with instructions such a
    /// sampler must not be used with: the view, the sampler and which.
    Unnormalized(u64, u64, u8),
    /// Written by `OpImageWrite` with fewer `Texel` components than its view's format needs: the
    /// view, its format, the components needed, and which (`COMPONENTS_*`).
    Components(u64, i32, u8, u8),
    /// Sampled with a cubic filter (`sampler`) that its view does not support (`CUBIC_*`): the
    /// view, its format, the sampler and which.
    Cubic(u64, i32, u64, u8),
    /// Its view's image is corner-sampled, and its sampler's address modes not all clamp to
    /// edge: the view and the sampler.
    CornerSampled(u64, u64),
    /// Its resource is protected in an unprotected command buffer (`false`), or unprotected and
    /// written in a protected one (`true`): the resource.
    Protection(u64, bool),
    /// Its storage image view, which the shader writes, shares a subresource with an attachment
    /// of the render pass instance: the view and where that attachment is.
    AttachmentWrite(u64, AttachedAs),
}

/// `Problem::Cubic`: the view's format lacks `SAMPLED_IMAGE_FILTER_CUBIC`.
const CUBIC_FORMAT: u8 = 0;
/// `Problem::Cubic`: a 3D or cube view, without VK_EXT_filter_cubic.
const CUBIC_VIEW_TYPE: u8 = 1;
/// `Problem::Cubic`: `filterCubic` is VK_FALSE for the view's type and format.
const CUBIC_FILTER: u8 = 2;
/// `Problem::Cubic`: `filterCubicMinmax` is VK_FALSE, and the sampler reduces by min or max.
const CUBIC_MINMAX: u8 = 3;

/// `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_CUBIC_BIT_EXT`.
const SAMPLED_IMAGE_FILTER_CUBIC: u64 = 0x2000;
/// `VK_IMAGE_CREATE_PROTECTED_BIT`.
const IMAGE_PROTECTED: u32 = 0x800;
/// `VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV`.
const IMAGE_CORNER_SAMPLED: u32 = 0x2000;
/// `VK_BUFFER_CREATE_PROTECTED_BIT`.
const BUFFER_PROTECTED: u32 = 0x8;

/// `Problem::Components`: an image view's format (not `A8_UNORM`).
const COMPONENTS_IMAGE: u8 = 0;
/// `Problem::Components`: an `A8_UNORM` image view, written with fewer than four.
const COMPONENTS_A8: u8 = 1;
/// `Problem::Components`: a buffer view's format.
const COMPONENTS_TEXEL: u8 = 2;

/// `VK_FORMAT_A8_UNORM`.
const A8_UNORM: i32 = 1_000_470_001;

/// How many components `format` has: its name's channels (R, G, B, A, D, S; not the shared
/// exponent E or the padding X); `None` for a format Vigil has no name for.
fn format_components(format: i32) -> Option<u8> {
    let name = vigil_generated::VkFormat(format).name()?;
    let channels = name.strip_prefix("VK_FORMAT_")?.split('_').next()?;
    let n = channels.bytes().filter(|b| matches!(b, b'R' | b'G' | b'B' | b'A' | b'D' | b'S')).count();
    u8::try_from(n).ok().filter(|&n| n > 0)
}

/// `Problem::Unnormalized`: the view has more than one level or layer.
const UNNORMALIZED_SUBRESOURCE: u8 = 0;
/// `Problem::Unnormalized`: the view is neither 1D nor 2D.
const UNNORMALIZED_VIEW_TYPE: u8 = 1;
/// `Problem::Unnormalized`: sampled with ImplicitLod, Dref or Proj.
const UNNORMALIZED_INSTRUCTION: u8 = 2;
/// `Problem::Unnormalized`: sampled with a LOD bias or an offset.
const UNNORMALIZED_BIAS_OFFSET: u8 = 3;

/// How many kinds of problems `Found` counts.
const KINDS: usize = 30;

/// The problems one binding has: the first descriptor with each, and how many have it.
struct Found {
    first: [Option<(u32, Problem)>; KINDS],
    count: [u32; KINDS],
}

impl Default for Found {
    fn default() -> Self {
        Found { first: [None; KINDS], count: [0; KINDS] }
    }
}

impl Found {
    fn add(&mut self, element: u32, p: Problem) {
        let i = match p {
            Problem::Unwritten => 0,
            Problem::Destroyed(_) => 1,
            Problem::ViewType(..) => 2,
            Problem::Atomic(..) => 3,
            Problem::DepthCompare(..) => 4,
            Problem::WithoutFormat(_, _, true) => 5,
            Problem::WithoutFormat(_, _, false) => 6,
            Problem::Numeric(..) => 7,
            Problem::TexelAtomic(..) => 8,
            Problem::Filter { mipmap, minmax, .. } => 9 + usize::from(mipmap) + 2 * usize::from(minmax),
            Problem::Unnormalized(_, _, which) => 13 + usize::from(which & 3),
            Problem::TexelWithoutFormat(_, _, written) => 17 + usize::from(written),
            Problem::Components(_, _, _, which) => 19 + usize::from(which.min(2)),
            Problem::Cubic(_, _, _, which) => 22 + usize::from(which & 3),
            Problem::CornerSampled(..) => 26,
            Problem::Protection(_, written) => 27 + usize::from(written),
            Problem::AttachmentWrite(..) => 29,
        };
        self.first[i].get_or_insert((element, p));
        self.count[i] += 1;
    }
}

/// The problems of descriptor `d`, used as `u` declares, added to `found`.
/// `attached`: what the render pass instance uses as attachments (empty outside one, and for
/// commands without the rule).
fn descriptor_problems(
    u: &ResourceUse,
    d: Descriptor<'_>,
    (skip_unwritten, protection, attached): (bool, Option<bool>, &[AttachedImage]),
    found: &mut Found,
) {
    let Some(w) = d.written else {
        if !skip_unwritten {
            found.add(d.element, Problem::Unwritten);
        }
        return;
    };
    if w.resource == 0 {
        return;
    }
    let Some(record) = d.record.map(|weak| weak.upgrade()) else { return };
    let Some(record) = record.filter(|r| !r.destroyed()) else {
        found.add(d.element, Problem::Destroyed(w.resource));
        return;
    };
    if let Some(protected_cb) = protection {
        let protected = if let Some(b) = record.buffer().and_then(|b| b.info()) {
            Some(b.flags.0 & BUFFER_PROTECTED != 0)
        } else if let Some(v) = record.buffer_view().and_then(|v| v.info()) {
            Some(v.buffer_flags & BUFFER_PROTECTED != 0)
        } else {
            record.image_view().and_then(|v| v.view_info()).map(|v| v.image_flags & IMAGE_PROTECTED != 0)
        };
        match protected {
            Some(true) if !protected_cb => found.add(d.element, Problem::Protection(w.resource, false)),
            Some(false) if protected_cb && u.written => found.add(d.element, Problem::Protection(w.resource, true)),
            _ => {}
        }
    }
    let Some(image) = u.image else { return };
    if let Some(view) = record.buffer_view().and_then(|v| v.info()) {
        // A texel buffer: its format's numeric type, and its buffer features for atomics.
        let numeric = vigil_generated::VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT.0;
        if let Some(n) = view_numeric(view.format, numeric).filter(|&n| image.numeric != 0 && n != image.numeric) {
            found.add(d.element, Problem::Numeric(w.resource, view.format, n));
        }
        let storage = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER.0;
        if let Some(needed) = format_components(view.format).filter(|&n| storage && too_few(u, n)) {
            found.add(d.element, Problem::Components(w.resource, view.format, needed, COMPONENTS_TEXEL));
        }
        if storage && u.ops & IMAGE_ATOMIC != 0 && view.features.is_some_and(|f| f & STORAGE_TEXEL_BUFFER_ATOMIC == 0) {
            found.add(d.element, Problem::TexelAtomic(w.resource, view.format));
        }
        if let (true, true, Some(features)) = (storage, image.format_unknown, view.features2) {
            for (op, feature, written) in WITHOUT_FORMAT_RULES {
                if u.ops & op != 0 && features & feature == 0 {
                    found.add(d.element, Problem::TexelWithoutFormat(w.resource, view.format, written));
                }
            }
        }
        return;
    }
    let Some(view) = record.image_view().and_then(|v| v.view_info()) else { return };
    if view_type_for(image.dim, image.arrayed).is_some_and(|t| t != view.view_type) {
        found.add(d.element, Problem::ViewType(w.resource, view.view_type));
    }
    if let Some(numeric) = view_numeric(view.format, view.aspect).filter(|&n| image.numeric != 0 && n != image.numeric)
    {
        found.add(d.element, Problem::Numeric(w.resource, view.format, numeric));
    }
    let storage = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE.0;
    if storage && u.written && !attached.is_empty() {
        if let Some((image, range)) = record.image_view().and_then(|v| v.viewed()) {
            if let Some(a) = attached.iter().find(|a| a.overlaps(image.key.handle, range)) {
                found.add(d.element, Problem::AttachmentWrite(w.resource, a.attached_as));
            }
        }
    }
    if storage && u.texel_components != 0 {
        let (needed, which) = match view.format {
            A8_UNORM => (Some(4), COMPONENTS_A8),
            f => (format_components(f), COMPONENTS_IMAGE),
        };
        if let Some(needed) = needed.filter(|&n| too_few(u, n)) {
            found.add(d.element, Problem::Components(w.resource, view.format, needed, which));
        }
    }
    if storage && u.ops & IMAGE_ATOMIC != 0 && view.features.is_some_and(|f| f & STORAGE_IMAGE_ATOMIC == 0) {
        found.add(d.element, Problem::Atomic(w.resource, view.format));
    }
    let sampled = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE.0
        || w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER.0;
    let depth_compare = u.ops & IMAGE_DEPTH_COMPARE != 0;
    if sampled && depth_compare && view.features.is_some_and(|f| f & SAMPLED_IMAGE_DEPTH_COMPARISON == 0) {
        found.add(d.element, Problem::DepthCompare(w.resource, view.format));
    }
    let combined = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER.0;
    if let Some(sampler) = d.sampler.filter(|_| combined && u.ops & IMAGE_SAMPLE != 0) {
        sampler_problems(u, &sampler, (w.resource, &view), d.element, found);
    }
    if let (true, true, Some(features)) = (storage, image.format_unknown, view.features) {
        for (op, feature, written) in WITHOUT_FORMAT_RULES {
            if u.ops & op != 0 && features & feature == 0 {
                found.add(d.element, Problem::WithoutFormat(w.resource, view.format, written));
            }
        }
    }
}

/// The problems of image view `view` (its handle and info) sampled with cubic filter
/// `sampler`, added to `found` for descriptor `element`.
#[cold]
fn cubic_problems(sampler: &SamplerInfo, (handle, view): (u64, &ViewInfo), element: u32, found: &mut Found) {
    use VkImageViewType as V;
    let mut add = |which| found.add(element, Problem::Cubic(handle, view.format, sampler.handle, which));
    if view.features.is_some_and(|f| f & SAMPLED_IMAGE_FILTER_CUBIC == 0) {
        add(CUBIC_FORMAT);
    }
    match view.cubic {
        // Asked only with VK_EXT_filter_cubic; without it (VK_IMG_filter_cubic) 3D and cube
        // views cannot be filtered so.
        None => {
            let cube_or_3d =
                [V::VK_IMAGE_VIEW_TYPE_3D.0, V::VK_IMAGE_VIEW_TYPE_CUBE.0, V::VK_IMAGE_VIEW_TYPE_CUBE_ARRAY.0];
            if cube_or_3d.contains(&view.view_type) {
                add(CUBIC_VIEW_TYPE);
            }
        }
        Some((filter, minmax)) => {
            if !filter {
                add(CUBIC_FILTER);
            }
            if !minmax && (sampler.reduction == REDUCTION_MIN || sampler.reduction == REDUCTION_MAX) {
                add(CUBIC_MINMAX);
            }
        }
    }
}

/// Whether `u` writes texels (`OpImageWrite`) with fewer than `needed` components.
fn too_few(u: &ResourceUse, needed: u8) -> bool {
    u.texel_components != 0 && u.texel_components < needed
}

/// The problems of image view `view` (its handle and info) sampled with `sampler` as `u`
/// declares, added to `found` for descriptor `element`.
fn sampler_problems(
    u: &ResourceUse,
    sampler: &SamplerInfo,
    (handle, view): (u64, &ViewInfo),
    element: u32,
    found: &mut Found,
) {
    if sampler.cubic_filter {
        cubic_problems(sampler, (handle, view), element, found);
    }
    if view.image_flags & IMAGE_CORNER_SAMPLED != 0 {
        let three_d = view.view_type == VkImageViewType::VK_IMAGE_VIEW_TYPE_3D.0;
        let [u_clamps, v_clamps, w_clamps] = sampler.clamp_to_edge;
        if !(u_clamps && v_clamps && (w_clamps || !three_d)) {
            found.add(element, Problem::CornerSampled(handle, sampler.handle));
        }
    }
    if let Some(features) = view.features {
        let weighted = sampler.reduction == REDUCTION_WEIGHTED_AVERAGE && !sampler.compare_enable;
        let minmax = sampler.reduction == REDUCTION_MIN || sampler.reduction == REDUCTION_MAX;
        for (linear, mipmap) in [(sampler.linear_filter, false), (sampler.linear_mipmap, true)] {
            let lacks = |feature: u64| linear && features & feature == 0;
            if (weighted && lacks(SAMPLED_IMAGE_FILTER_LINEAR)) || (minmax && lacks(SAMPLED_IMAGE_FILTER_MINMAX)) {
                let (format, sampler) = (view.format, sampler.handle);
                found.add(element, Problem::Filter { view: handle, format, sampler, mipmap, minmax });
            }
        }
    }
    if !sampler.unnormalized_coordinates {
        return;
    }
    let one_d_or_2d = [VkImageViewType::VK_IMAGE_VIEW_TYPE_1D.0, VkImageViewType::VK_IMAGE_VIEW_TYPE_2D.0];
    let rules = [
        (view.levels_layers.is_some_and(|l| l != (1, 1)), UNNORMALIZED_SUBRESOURCE),
        (!one_d_or_2d.contains(&view.view_type), UNNORMALIZED_VIEW_TYPE),
        (u.ops & IMAGE_SAMPLE_IMPLICIT_DREF_PROJ != 0, UNNORMALIZED_INSTRUCTION),
        (u.ops & IMAGE_SAMPLE_BIAS_OFFSET != 0, UNNORMALIZED_BIAS_OFFSET),
    ];
    for (broken, which) in rules {
        if broken {
            found.add(element, Problem::Unnormalized(handle, sampler.handle, which));
        }
    }
}

impl CoreChecks {
    /// The descriptors pipeline `p`, bound at bind point `point` of recording `r` (what is bound
    /// there: `bound`), statically uses; `cb` for messages. True to skip the call. Called with
    /// the recording locked, from the shader-use checks.
    pub(super) fn draw_descriptors(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        bound: &BoundPoint,
        p: &ObjectRecord,
        (cb, point): (u64, i32),
    ) -> bool {
        let Some(info) = p.pipeline() else { return false };
        if info.uses.resources.is_empty() {
            return false;
        }
        let Some(ids) = DESCRIPTORS.get(cx) else { return false };
        let Some(pl) = info.layout.as_ref().and_then(|l| l.pipeline_layout()) else { return false };
        // Each bound set keeps the fingerprint (pipeline, set number, set record and version,
        // object-table epoch) of the last check that found what a pipeline uses of it valid:
        // every recording that binds it again, alternating between sets or not, skips it.
        // The protection rules hold without protectedNoFault: whether the command buffer is
        // protected is part of what a clean check found (a set clean in one kind of command
        // buffer may not be in the other).
        let mut base = mix(mix(p.key.handle, OBJECTS.epoch()), std::ptr::from_ref(p) as u64 ^ u64::from(r.protected));
        // A set clean under one render pass instance's attachments may not be under another's,
        // when the pipeline writes storage images.
        let attached: &[AttachedImage] = if ids.attachment_write.is_empty() { &[] } else { &r.attached };
        if !attached.is_empty() && info.uses.written_images != 0 {
            base = attached.iter().fold(base, |h, a| {
                let r = &a.range;
                let range = u64::from(r.baseMipLevel) << 48
                    ^ u64::from(r.levelCount) << 32
                    ^ u64::from(r.baseArrayLayer) << 16
                    ^ u64::from(r.layerCount)
                    ^ u64::from(r.aspectMask.0) << 56;
                mix(mix(h, a.image), range)
            });
        }
        let (mut prints, mut clean) = ([0u64; 32], 0u32);
        for &n in info.uses.sets.iter().filter(|&&n| n < 32) {
            let Some(k) = bound.sets.get(n as usize).copied().flatten().and_then(|b| b.set) else { continue };
            let seen = r.references.with_record(k, |s| {
                let state = s.descriptor_set_state()?;
                let own = mix(mix(mix(base, u64::from(n)), std::ptr::from_ref(s) as u64), state.version());
                Some((own, state.checked() == own))
            });
            if let Some(Some((own, checked))) = seen {
                prints[n as usize] = own;
                clean |= u32::from(checked) << n;
            }
        }
        // The usual draw: every set it uses was found valid with what is bound now.
        if clean == info.uses.set_mask && clean != 0 {
            return false;
        }
        let mut skip = false;
        let mut problems = 0u32;
        for u in &info.uses.resources {
            if u.set < 32 && clean & 1 << u.set != 0 {
                continue;
            }
            let protection = (!self.protected_no_fault).then_some(r.protected);
            let Some(found) = self.binding_problems((r, bound, pl), u, (protection, attached)) else { continue };
            if found.count.iter().all(|&c| c == 0) {
                continue;
            }
            problems |= 1u32.checked_shl(u.set).unwrap_or(0);
            skip |= self.report_problems(cx, ids, u, &found, (cb, point, p.key.handle));
        }
        // Images sampled with separate samplers: checked unless both sets are clean.
        for pair in &info.uses.sampled_pairs {
            let sets = [pair.image.0, pair.sampler.0];
            if sets.iter().all(|&n| n < 32 && clean & 1 << n != 0) {
                continue;
            }
            let Some(u) = info.uses.resources.iter().find(|u| (u.set, u.binding) == pair.image) else { continue };
            let Some(found) = self.pair_problems((r, bound, pl), pair, u) else { continue };
            if found.count.iter().all(|&c| c == 0) {
                continue;
            }
            for n in sets {
                problems |= 1u32.checked_shl(n).unwrap_or(0);
            }
            skip |= self.report_problems(cx, ids, u, &found, (cb, point, p.key.handle));
        }
        // Each set checked now and found valid keeps its verdict.
        for &n in
            info.uses.sets.iter().filter(|&&n| n < 32 && prints[n as usize] != 0 && (clean | problems) & 1 << n == 0)
        {
            let Some(k) = bound.sets.get(n as usize).copied().flatten().and_then(|b| b.set) else { continue };
            r.references.with_record(k, |s| {
                if let Some(state) = s.descriptor_set_state() {
                    state.set_checked(prints[n as usize]);
                }
            });
        }
        skip
    }

    /// Runs `f` on the first `elements` descriptors of binding `binding` of the set bound as
    /// set number `set`, with the binding, when Vigil checks that binding there.
    fn with_bound_binding<R>(
        &self,
        (r, bound, pl): (&Recording, &BoundPoint, &PipelineLayoutInfo),
        (set, binding, elements): (u32, u32, Option<u32>),
        f: impl FnOnce(&SetLayoutBinding, &mut dyn Iterator<Item = Descriptor<'_>>) -> Option<R>,
    ) -> Option<R> {
        if pl.pushes_set(set) {
            return None;
        }
        let expected = pl.set_layouts.get(set as usize)?.as_ref()?;
        let set = bound.sets.get(set as usize).copied().flatten()?.set?;
        r.references
            .with_record(set, |s| {
                let state = s.descriptor_set_state().filter(|_| !s.destroyed())?;
                let layout = state.layout()?;
                let same = std::sync::Arc::ptr_eq(layout, expected)
                    || matches!((layout.descriptor_set_layout(), expected.descriptor_set_layout()),
                        (Some(a), Some(b)) if a.same_definition(b));
                if !same {
                    return None;
                }
                state
                    .with_descriptors(binding, elements, |b, descriptors| {
                        let not_followed = b.flags & (BINDING_PARTIALLY_BOUND | BINDING_UPDATE_AFTER_BIND) != 0
                            || b.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK.0;
                        if not_followed {
                            return None;
                        }
                        f(b, descriptors)
                    })
                    .flatten()
            })
            .flatten()
    }

    /// The problems of binding `u` in the set bound for it, when Vigil checks it there.
    fn binding_problems(
        &self,
        (r, bound, pl): (&Recording, &BoundPoint, &PipelineLayoutInfo),
        u: &ResourceUse,
        (protection, attached): (Option<bool>, &[AttachedImage]),
    ) -> Option<Found> {
        self.with_bound_binding((r, bound, pl), (u.set, u.binding, u.elements), |b, descriptors| {
            let immutable = b.immutable_samplers && b.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_SAMPLER.0;
            let mut found = Found::default();
            for d in descriptors {
                descriptor_problems(u, d, (immutable, protection, attached), &mut found);
            }
            Some(found)
        })
    }

    /// The problems of the image of `pair` (used as `image` declares) sampled with its sampler,
    /// in the sets bound for them, when Vigil checks both there and knows the sampler.
    fn pair_problems(
        &self,
        at: (&Recording, &BoundPoint, &PipelineLayoutInfo),
        pair: &SampledPair,
        image: &ResourceUse,
    ) -> Option<Found> {
        use VkDescriptorType as T;
        let sampler = self.with_bound_binding(at, (pair.sampler.0, pair.sampler.1, Some(1)), |b, descriptors| {
            let d = descriptors.next().filter(|_| b.ty == T::VK_DESCRIPTOR_TYPE_SAMPLER.0)?;
            if b.immutable_samplers {
                return d.sampler;
            }
            d.written?;
            d.record?.upgrade().filter(|s| !s.destroyed())?.sampler_info()
        })?;
        let u = ResourceUse { ops: pair.ops, ..*image };
        self.with_bound_binding(at, (pair.image.0, pair.image.1, Some(1)), |b, descriptors| {
            let views = [T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE.0, T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER.0];
            let d = descriptors.next().filter(|_| views.contains(&b.ty))?;
            let view = d.written.map(|w| w.resource).filter(|&v| v != 0)?;
            let record = d.record?.upgrade().filter(|v| !v.destroyed())?;
            let info = record.image_view()?.view_info()?;
            let mut found = Found::default();
            sampler_problems(&u, &sampler, (view, &info), d.element, &mut found);
            Some(found)
        })
    }

    /// Reports what `found` holds for binding `u`; `at`: the command buffer, bind point and
    /// pipeline. True to skip the call.
    fn report_problems(
        &self,
        cx: &Call<'_>,
        ids: &DescriptorIds,
        u: &ResourceUse,
        found: &Found,
        (cb, point, pipeline): (u64, i32, u64),
    ) -> bool {
        let at = cx.location();
        let (set, binding) = (u.set, u.binding);
        let mut skip = false;
        for (first, count) in found.first.iter().zip(found.count) {
            let Some((element, problem)) = *first else { continue };
            let more = match count {
                0 | 1 => String::new(),
                n => format!(" ({} more of its descriptors are alike)", n - 1),
            };
            let used = format_args!(
                "the pipeline {pipeline:#x} bound to {} in command buffer {cb:#x} statically uses binding {binding} \
                 of set {set}",
                bind_point_name(point)
            );
            skip |= match problem {
                Problem::Unwritten => cx.error(
                    ids.valid,
                    &at,
                    format_args!(
                        "{used}, but descriptor {element} of that binding in the descriptor set bound there was never \
                         written{more}, and the binding is not partially bound."
                    ),
                ),
                Problem::Destroyed(h) => cx.error(
                    ids.valid,
                    &at,
                    format_args!(
                        "{used}, but descriptor {element} of that binding in the descriptor set bound there names \
                         {h:#x}, which was destroyed{more}."
                    ),
                ),
                Problem::ViewType(view, ty) => cx.error(
                    ids.view_type,
                    &at,
                    format_args!(
                        "{used}, whose OpTypeImage needs {}, but descriptor {element} of that binding is image view \
                         {view:#x}, of type {}{more}.",
                        u.image
                            .and_then(|i| view_type_for(i.dim, i.arrayed))
                            .map_or("another view type", view_type_name),
                        view_type_name(ty)
                    ),
                ),
                Problem::Atomic(view, format) => cx.error(
                    ids.atomic,
                    &at,
                    format_args!(
                        "{used} with atomic operations, but descriptor {element} of that binding is image view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::DepthCompare(view, format) => cx.error(
                    ids.depth_compare,
                    &at,
                    format_args!(
                        "{used} with depth comparison, but descriptor {element} of that binding is image view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::Numeric(view, format, numeric) => cx.error(
                    ids.numeric,
                    &at,
                    format_args!(
                        "{used}, whose OpTypeImage has a {} Sampled Type, but descriptor {element} of that binding \
                         is view {view:#x}, whose format {:?} is {}{more}.",
                        numeric_name(u.image.map_or(0, |i| i.numeric)),
                        vigil_generated::VkFormat(format),
                        numeric_name(numeric)
                    ),
                ),
                Problem::TexelAtomic(view, format) => cx.error(
                    ids.texel_atomic,
                    &at,
                    format_args!(
                        "{used} with atomic operations, but descriptor {element} of that binding is buffer view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::Filter { view, format, sampler, mipmap, minmax } => {
                    let (vuid, feature) = match (mipmap, minmax) {
                        (false, false) => (ids.filter_linear, "VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT"),
                        (true, false) => (ids.mipmap_linear, "VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT"),
                        (false, true) => (ids.filter_minmax, "VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT"),
                        (true, true) => (ids.mipmap_minmax, "VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT"),
                    };
                    let how = match (mipmap, minmax) {
                        (false, false) => "magFilter or minFilter VK_FILTER_LINEAR, a weighted average reduction and no depth comparison",
                        (true, false) => "mipmapMode VK_SAMPLER_MIPMAP_MODE_LINEAR, a weighted average reduction and no depth comparison",
                        (false, true) => "magFilter or minFilter VK_FILTER_LINEAR and a min or max reduction",
                        (true, true) => "mipmapMode VK_SAMPLER_MIPMAP_MODE_LINEAR and a min or max reduction",
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used} and samples it, but descriptor {element} of that binding samples image view \
                             {view:#x}, whose format {:?} lacks {feature}, with sampler {sampler:#x}, created with \
                             {how}{more}.",
                            vigil_generated::VkFormat(format)
                        ),
                    )
                }
                Problem::Unnormalized(view, sampler, which) => {
                    let (vuid, why) = match which {
                        UNNORMALIZED_SUBRESOURCE => {
                            (ids.unnormalized_subresource, "the view has more than one mip level or array layer")
                        }
                        UNNORMALIZED_VIEW_TYPE => (ids.unnormalized_view_type, "the view is neither 1D nor 2D"),
                        UNNORMALIZED_INSTRUCTION => (
                            ids.unnormalized_instruction,
                            "the shader samples it with an instruction with ImplicitLod, Dref or Proj in its name",
                        ),
                        _ => (ids.unnormalized_bias_offset, "the shader samples it with a LOD bias or an offset"),
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used} and samples it; descriptor {element} of that binding samples image view {view:#x} \
                             with sampler {sampler:#x}, created with unnormalizedCoordinates VK_TRUE, but {why}{more}."
                        ),
                    )
                }
                Problem::Components(view, format, needed, which) => {
                    let (vuid, what) = match which {
                        COMPONENTS_IMAGE => (ids.write_components, "image view"),
                        COMPONENTS_A8 => (ids.write_components_a8, "image view"),
                        _ => (ids.texel_write_components, "buffer view"),
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used} and writes it with OpImageWrite of a {}-component Texel, but descriptor \
                             {element} of that binding is {what} {view:#x}, whose format {:?} needs {needed}{more}.",
                            u.texel_components,
                            vigil_generated::VkFormat(format)
                        ),
                    )
                }
                Problem::Cubic(view, format, sampler, which) => {
                    let (vuid, why) = match which {
                        CUBIC_FORMAT => (ids.cubic_format, "its format lacks VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_CUBIC_BIT_EXT"),
                        CUBIC_VIEW_TYPE => (
                            ids.cubic_view_type,
                            "it is a 3D or cube view, and VK_EXT_filter_cubic (which allows those) is not enabled",
                        ),
                        CUBIC_FILTER => (
                            ids.filter_cubic,
                            "VkFilterCubicImageViewImageFormatPropertiesEXT::filterCubic is VK_FALSE for its view type and format",
                        ),
                        _ => (
                            ids.filter_cubic_minmax,
                            "the sampler reduces by min or max, and VkFilterCubicImageViewImageFormatPropertiesEXT::\
                             filterCubicMinmax is VK_FALSE for its view type and format",
                        ),
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used} and samples it; descriptor {element} of that binding samples image view {view:#x} \
                             (format {:?}) with sampler {sampler:#x}, created with VK_FILTER_CUBIC_EXT, but {why}{more}.",
                            vigil_generated::VkFormat(format)
                        ),
                    )
                }
                Problem::CornerSampled(view, sampler) => cx.error(
                    ids.corner_sampled,
                    &at,
                    format_args!(
                        "{used} and samples it; descriptor {element} of that binding samples image view {view:#x}, of an \
                         image created with VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV, with sampler {sampler:#x}, whose \
                         address modes are not all VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE{more}."
                    ),
                ),
                Problem::Protection(resource, written) => {
                    let (vuid, what) = if written {
                        (ids.unprotected_written, "writes it, and it is unprotected, in protected command buffer")
                    } else {
                        (ids.protected_resource, "accesses it, and it is protected, in unprotected command buffer")
                    };
                    if vuid.is_empty() {
                        false
                    } else {
                        cx.error(
                            vuid,
                            &at,
                            format_args!(
                                "{used}; descriptor {element} of that binding names {resource:#x}: the pipeline {what} \
                                 {cb:#x}, and the device does not have protectedNoFault{more}."
                            ),
                        )
                    }
                }
                Problem::AttachmentWrite(view, attached_as) => {
                    let attachment = match attached_as {
                        AttachedAs::Index(n) => format!("attachment {n} of its framebuffer"),
                        AttachedAs::Rendering(slot, resolve) => {
                            let slot = match slot {
                                RenderingSlot::Color(i) => format!("color attachment {i}"),
                                RenderingSlot::Depth => "the depth attachment".to_owned(),
                                RenderingSlot::Stencil => "the stencil attachment".to_owned(),
                            };
                            if resolve { format!("the resolve image view of {slot}") } else { slot }
                        }
                    };
                    cx.error(
                        ids.attachment_write,
                        &at,
                        format_args!(
                            "{used} and writes it as a storage image, but descriptor {element} of that binding is \
                             image view {view:#x}, which shares image subresources with {attachment} of the current \
                             render pass instance: an attachment's memory must not be written other than as an \
                             attachment by a draw{more}."
                        ),
                    )
                }
                Problem::WithoutFormat(view, format, written) | Problem::TexelWithoutFormat(view, format, written) => {
                    let texel = matches!(problem, Problem::TexelWithoutFormat(..));
                    let (vuid, how, feature) = match (texel, written) {
                        (false, true) => (ids.write_without_format, "writes", STORAGE_WRITE_WITHOUT_FORMAT_NAME),
                        (false, false) => (ids.read_without_format, "reads", STORAGE_READ_WITHOUT_FORMAT_NAME),
                        (true, true) => (ids.texel_write_without_format, "writes", STORAGE_WRITE_WITHOUT_FORMAT_NAME),
                        (true, false) => (ids.texel_read_without_format, "reads", STORAGE_READ_WITHOUT_FORMAT_NAME),
                    };
                    let (kind, what) = if texel {
                        ("storage texel buffer", "buffer view")
                    } else {
                        ("storage image", "image view")
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used}, and {how} it as a {kind} whose OpTypeImage format is Unknown, but descriptor \
                             {element} of that binding is {what} {view:#x}, whose format {:?} lacks {feature}{more}.",
                            vigil_generated::VkFormat(format)
                        ),
                    )
                }
            };
        }
        skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's id, for `command`, of the rule whose text contains `text`.
    fn registry_id(command: &str, text: &str) -> Vec<&'static str> {
        let prefix = format!("VUID-{command}-");
        vigil_generated::SPEC_TEXT
            .lines()
            .filter(|l| l.starts_with(&prefix) && l.contains(text))
            .filter_map(|l| l.split('\t').next())
            .collect()
    }

    #[test]
    fn the_table_is_the_registrys() {
        let mut commands: Vec<&str> = vigil_generated::objects::BOUND_PIPELINE_IDS
            .iter()
            .map(|(_, vuid, _)| vuid.split('-').nth(1).unwrap_or(vuid))
            .collect();
        commands.sort();
        assert_eq!(DESCRIPTOR_IDS.iter().map(|d| d.command).collect::<Vec<_>>(), commands);
        for d in DESCRIPTOR_IDS {
            let c = d.command;
            let rules = [
                (d.valid, "must be valid if they are accessed as described by descriptor validity"),
                (d.view_type, "the image view's viewType must match the Dim operand of the OpTypeImage"),
                (d.atomic, "accessed using atomic operations as a result of this command, then the image view's"),
                (d.depth_compare, "is sampled with depth comparison, the image view's format features"),
                (d.write_without_format, "being written as a storage image where the image format field"),
                (d.read_without_format, "being read as a storage image where the image format field"),
                (d.numeric, "the numeric type of the view's format and the Sampled Type operand"),
                (d.texel_atomic, "the storage texel buffer's format features must contain"),
                (d.texel_write_without_format, "VkBufferView being written as a storage texel buffer where the image format"),
                (d.texel_read_without_format, "VkBufferView being read as a storage texel buffer where the image format"),
                (d.filter_linear, "magFilter or minFilter equal to VK_FILTER_LINEAR, reductionMode equal to VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE"),
                (d.mipmap_linear, "mipmapMode equal to VK_SAMPLER_MIPMAP_MODE_LINEAR, reductionMode equal to VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE"),
                (d.filter_minmax, "magFilter or minFilter equal to VK_FILTER_LINEAR and reductionMode equal to either"),
                (d.mipmap_minmax, "mipmapMode equal to VK_SAMPLER_MIPMAP_MODE_LINEAR and reductionMode equal to either"),
                (d.unnormalized_subresource, "unnormalizedCoordinates equal to VK_TRUE is used to sample a VkImageView as a result of this command, then the image view's levelCount and layerCount must be 1"),
                (d.unnormalized_view_type, "unnormalizedCoordinates equal to VK_TRUE is used to sample a VkImageView as a result of this command, then the image view's viewType must be"),
                (d.unnormalized_instruction, "instructions with ImplicitLod, Dref or Proj in their name"),
                (d.unnormalized_bias_offset, "instructions that includes a LOD bias or any offset values"),
            ];
            for (id, text) in rules {
                assert_eq!(registry_id(c, text), [id], "{c}: {text}");
            }
        }
    }

    #[test]
    fn numeric_types_of_view_formats() {
        use vigil_generated::{VkFormat as F, VkImageAspectFlags as A};
        let color = A::VK_IMAGE_ASPECT_COLOR_BIT.0;
        assert_eq!(view_numeric(F::VK_FORMAT_R8G8B8A8_UNORM.0, color), Some(NUMERIC_FLOAT));
        assert_eq!(view_numeric(F::VK_FORMAT_R8G8B8A8_UINT.0, color), Some(NUMERIC_UINT));
        assert_eq!(view_numeric(F::VK_FORMAT_R32_SINT.0, color), Some(NUMERIC_SINT));
        let ds = F::VK_FORMAT_D24_UNORM_S8_UINT.0;
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_DEPTH_BIT.0), Some(NUMERIC_FLOAT));
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_STENCIL_BIT.0), Some(NUMERIC_UINT));
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_DEPTH_BIT.0 | A::VK_IMAGE_ASPECT_STENCIL_BIT.0), None);
        // Multi-planar formats are not described.
        assert_eq!(view_numeric(F::VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM.0, color), None);
    }

    #[test]
    fn view_types_follow_the_spirv_dimensions() {
        assert_eq!(view_type_for(1, false), Some(1));
        assert_eq!(view_type_for(1, true), Some(5));
        assert_eq!(view_type_for(3, true), Some(6));
        assert_eq!(view_type_for(2, true), None);
        assert_eq!(view_type_for(6, false), None);
        assert_eq!(view_type_name(5), "VK_IMAGE_VIEW_TYPE_2D_ARRAY");
    }
}
