//! Descriptor sets (the state is `state::descriptors`): vkUpdateDescriptorSets' writes and
//! copies against the sets' layouts (bindings that exist, matching types, array ranges within
//! the binding and the consecutive bindings an update rolls over into, which must agree in type,
//! stages, flags and immutable samplers), the resources written (buffer and image view usage,
//! buffer ranges and offset alignment against the device's limits, image layouts per descriptor
//! type, null descriptors without `nullDescriptor`), copies between sets (overlap in one set,
//! update-after-bind flags of both layouts and pools), sets a pending submission uses; and
//! vkAllocateDescriptorSets (push descriptor and descriptor buffer layouts, update-after-bind and
//! host-only layouts against the pool, variable descriptor counts) and vkFreeDescriptorSets (the pool's free bit); push
//! descriptors (the set and its layout, each write), descriptor update templates (entries against
//! the layout, pushes against the template, the buffer and image infos of their data).
//!
//! What the tracker does not know (a set, layout, buffer, view or pool created while Vigil did
//! not follow it) is not checked.

use std::fmt::Display;

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::memory::Members;
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::descriptors::*;
use crate::state::images::layout_name;
use crate::state::pipelines::SetLayoutBinding;
use crate::state::{ObjectRecord, TYPES};

use VkDescriptorType as T;

/// The spec's name of a descriptor type, for messages.
fn type_name(ty: i32) -> &'static str {
    match VkDescriptorType(ty) {
        T::VK_DESCRIPTOR_TYPE_SAMPLER => "VK_DESCRIPTOR_TYPE_SAMPLER",
        T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER => "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER",
        T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE => "VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE",
        T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE => "VK_DESCRIPTOR_TYPE_STORAGE_IMAGE",
        T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER => "VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER",
        T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => "VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER",
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER => "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER",
        T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER => "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER",
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC => "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC",
        T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC",
        T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => "VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT",
        T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK => "VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK",
        T::VK_DESCRIPTOR_TYPE_MUTABLE_EXT => "VK_DESCRIPTOR_TYPE_MUTABLE_EXT",
        _ => "another descriptor type",
    }
}

/// The layouts an image descriptor of each type may be in (the spec's lists under "Sampled
/// Image", "Combined Image Sampler", "Input Attachment" and "Storage Image").
/// `VK_IMAGE_LAYOUT_RENDERING_LOCAL_READ` and `VK_IMAGE_LAYOUT_TENSOR_ALIASING_ARM` are taken as
/// allowed wherever their extensions may allow them: a miss, never a false report.
/// `VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT`.
const LAYOUT_DESCRIPTOR_BUFFER: u32 =
    VkDescriptorSetLayoutCreateFlags::VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT.0;

const READ_LAYOUTS: [VkImageLayout; 12] = [
    VkImageLayout::VK_IMAGE_LAYOUT_GENERAL,
    VkImageLayout::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR,
    VkImageLayout::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL,
    VkImageLayout::VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT,
    VkImageLayout::VK_IMAGE_LAYOUT_RENDERING_LOCAL_READ,
    VkImageLayout::VK_IMAGE_LAYOUT_TENSOR_ALIASING_ARM,
];
const STORAGE_LAYOUTS: [VkImageLayout; 4] = [
    VkImageLayout::VK_IMAGE_LAYOUT_GENERAL,
    VkImageLayout::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR,
    VkImageLayout::VK_IMAGE_LAYOUT_RENDERING_LOCAL_READ,
    VkImageLayout::VK_IMAGE_LAYOUT_TENSOR_ALIASING_ARM,
];

/// What an image descriptor type needs of its image views.
struct ImageRule {
    /// The usage bit, its name and the rule's id.
    usage: (u32, &'static str, &'static str),
    layouts: &'static [VkImageLayout],
    layout_vuid: &'static str,
    /// The identity swizzle (storage images and input attachments).
    identity: bool,
    /// The id of the rule against a null view.
    null_vuid: &'static str,
}

const SAMPLED: (u32, &str, &str) =
    (0x4, "VK_IMAGE_USAGE_SAMPLED_BIT", "VUID-VkWriteDescriptorSet-descriptorType-00337");

fn image_rule(ty: VkDescriptorType) -> Option<ImageRule> {
    let null = "VUID-VkWriteDescriptorSet-descriptorType-02997";
    Some(match ty {
        T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE => ImageRule {
            usage: SAMPLED,
            layouts: &READ_LAYOUTS,
            layout_vuid: "VUID-VkWriteDescriptorSet-descriptorType-04149",
            identity: false,
            null_vuid: null,
        },
        T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER => ImageRule {
            usage: SAMPLED,
            layouts: &READ_LAYOUTS,
            layout_vuid: "VUID-VkWriteDescriptorSet-descriptorType-04150",
            identity: false,
            null_vuid: null,
        },
        T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => ImageRule {
            usage: (0x80, "VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT", "VUID-VkWriteDescriptorSet-descriptorType-00338"),
            layouts: &READ_LAYOUTS,
            layout_vuid: "VUID-VkWriteDescriptorSet-descriptorType-04151",
            identity: true,
            null_vuid: "VUID-VkWriteDescriptorSet-descriptorType-07683",
        },
        T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE => ImageRule {
            usage: (0x8, "VK_IMAGE_USAGE_STORAGE_BIT", "VUID-VkWriteDescriptorSet-descriptorType-00339"),
            layouts: &STORAGE_LAYOUTS,
            layout_vuid: "VUID-VkWriteDescriptorSet-descriptorType-04152",
            identity: true,
            null_vuid: null,
        },
        _ => return None,
    })
}

/// `VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT`.
const DEPTH_STENCIL: u32 = 0x2 | 0x4;

fn is_uniform_buffer(ty: VkDescriptorType) -> bool {
    matches!(ty, T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC)
}

/// The differences between a binding an update starts in and one it rolls over into: each
/// consecutive-binding rule broken, with its id and what differs.
fn consecutive_differences(
    first: &SetLayoutBinding,
    next: &SetLayoutBinding,
    ids: &ConsecutiveIds,
) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if first.ty != next.ty {
        out.push((
            ids.ty,
            format!("type {} where binding {} has {}", type_name(next.ty), first.binding, type_name(first.ty)),
        ));
    }
    if first.stages != next.stages {
        out.push((
            ids.stages,
            format!("stageFlags {:#x} where binding {} has {:#x}", next.stages, first.binding, first.stages),
        ));
    }
    if first.immutable_samplers != next.immutable_samplers {
        let has = |b: bool| if b { "has" } else { "has no" };
        out.push((
            ids.immutable,
            format!(
                "{} immutable samplers where binding {} {}",
                has(next.immutable_samplers),
                first.binding,
                has(first.immutable_samplers)
            ),
        ));
    }
    if first.flags != next.flags {
        out.push((
            ids.flags,
            format!("binding flags {:#x} where binding {} has {:#x}", next.flags, first.binding, first.flags),
        ));
    }
    out
}

/// The ids of the consecutive-binding rules (writes only: copies have none of their own).
struct ConsecutiveIds {
    ty: &'static str,
    stages: &'static str,
    immutable: &'static str,
    flags: &'static str,
}

const WRITE_CONSECUTIVE: ConsecutiveIds = ConsecutiveIds {
    ty: "VUID-VkWriteDescriptorSet-descriptorCount-00317",
    stages: "VUID-VkWriteDescriptorSet-descriptorCount-10776",
    immutable: "VUID-VkWriteDescriptorSet-descriptorCount-00318",
    flags: "VUID-VkWriteDescriptorSet-descriptorCount-10777",
};

/// Where a write goes, for messages: an allocated set, or a set pushed with a pipeline layout.
#[derive(Clone, Copy)]
enum Target<'a> {
    Set(&'a ObjectRecord),
    /// With the id of the rule that image writes have their `pImageInfo`.
    Pushed {
        set: u32,
        layout: u64,
        image_info: &'static str,
    },
}

impl std::fmt::Display for Target<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Set(r) => write!(f, "dstSet ({:#x})", r.key.handle),
            Target::Pushed { set, layout, .. } => write!(f, "push descriptor set {set} of layout {layout:#x}"),
        }
    }
}

/// The ids of a push descriptor command's own rules.
pub(super) struct PushIds {
    /// `set` within the pipeline layout's set layouts.
    pub set_count: &'static str,
    /// `set` is the layout's push descriptor set.
    pub push: &'static str,
    /// Image writes have their `pImageInfo`.
    pub image_info: &'static str,
}

pub(super) const PUSH_DESCRIPTOR_SET: PushIds = PushIds {
    set_count: "VUID-vkCmdPushDescriptorSet-set-00364",
    push: "VUID-vkCmdPushDescriptorSet-set-00365",
    image_info: "VUID-vkCmdPushDescriptorSet-pDescriptorWrites-06494",
};

pub(super) const PUSH_DESCRIPTOR_SET_INFO: PushIds = PushIds {
    set_count: "VUID-VkPushDescriptorSetInfo-set-00364",
    push: "VUID-VkPushDescriptorSetInfo-set-00365",
    image_info: "VUID-VkPushDescriptorSetInfo-pDescriptorWrites-06494",
};

/// The ids of a push descriptor template command's own rules.
pub(super) struct PushTemplateIds {
    pub compatible: &'static str,
    pub push_template: &'static str,
    pub same_set: &'static str,
    pub set_count: &'static str,
    pub push: &'static str,
}

pub(super) const PUSH_WITH_TEMPLATE: PushTemplateIds = PushTemplateIds {
    compatible: "VUID-vkCmdPushDescriptorSetWithTemplate-layout-07993",
    push_template: "VUID-vkCmdPushDescriptorSetWithTemplate-descriptorUpdateTemplate-07994",
    same_set: "VUID-vkCmdPushDescriptorSetWithTemplate-set-07995",
    set_count: "VUID-vkCmdPushDescriptorSetWithTemplate-set-07304",
    push: "VUID-vkCmdPushDescriptorSetWithTemplate-set-07305",
};

pub(super) const PUSH_WITH_TEMPLATE_INFO: PushTemplateIds = PushTemplateIds {
    compatible: "VUID-VkPushDescriptorSetWithTemplateInfo-layout-07993",
    push_template: "VUID-VkPushDescriptorSetWithTemplateInfo-descriptorUpdateTemplate-07994",
    same_set: "VUID-VkPushDescriptorSetWithTemplateInfo-set-07995",
    set_count: "VUID-VkPushDescriptorSetWithTemplateInfo-set-07304",
    push: "VUID-VkPushDescriptorSetWithTemplateInfo-set-07305",
};

/// The array a write's descriptor type reads that is NULL, with the id of the rule that it is
/// given: `pImageInfo` of image and sampler writes, `pBufferInfo` of buffer writes.
fn missing_array(w: &VkWriteDescriptorSet, t: Target<'_>) -> Option<(&'static str, &'static str)> {
    if w.descriptorCount == 0 {
        return None;
    }
    match w.descriptorType {
        T::VK_DESCRIPTOR_TYPE_SAMPLER
        | T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        | T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
        | T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
        | T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT
            if w.pImageInfo.is_null() =>
        {
            let vuid = match t {
                Target::Set(_) => "VUID-vkUpdateDescriptorSets-pDescriptorWrites-06493",
                Target::Pushed { image_info, .. } => image_info,
            };
            Some(("pImageInfo", vuid))
        }
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
        | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
        | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
        | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
            if w.pBufferInfo.is_null() =>
        {
            Some(("pBufferInfo", "VUID-VkWriteDescriptorSet-descriptorType-00324"))
        }
        _ => None,
    }
}

/// The rules of a `VkDescriptorImageInfo`'s view on its own (`v` is what Vigil knows of `view`):
/// not a 2D array view of a 3D image, and one aspect of a depth/stencil image. `prefix` names
/// the element where `at` cannot (template data).
fn view_rules(cx: &Call<'_>, view: u64, v: &ViewInfo, prefix: &dyn Display, at: &Location<'_>) -> bool {
    let mut skip = false;
    if v.array_of_3d {
        skip |= cx.error(
            "VUID-VkDescriptorImageInfo-imageView-06712",
            &at.dot("imageView"),
            format_args!("{prefix}({view:#x}) is a 2D array view of a 3D image."),
        );
    }
    if v.aspect & DEPTH_STENCIL == DEPTH_STENCIL {
        skip |= cx.error(
            "VUID-VkDescriptorImageInfo-imageView-01976",
            &at.dot("imageView"),
            format_args!(
                "{prefix}({view:#x}) was created with aspectMask {:#x}: both depth and stencil; a descriptor's view has \
                 one.",
                v.aspect
            ),
        );
    }
    skip
}

/// The set behind a handle, with its shape, when Vigil knows both.
fn known_set(record: &ObjectRecord) -> Option<SetShape<'_>> {
    record.descriptor_set_state()?.shape()
}

/// The flags of the pool a set was allocated from, when known.
fn pool_flags(set: &ObjectRecord) -> Option<u32> {
    set.parent.as_ref()?.descriptor_pool()?.flags()
}

/// A set a pending submission uses, whose binding was created without the update-after-bind
/// and update-unused-while-pending flags.
fn pending_without_update_after_bind(set: &ObjectRecord, b: &SetLayoutBinding) -> bool {
    set.in_use() && b.flags & (BINDING_UPDATE_AFTER_BIND | BINDING_UPDATE_UNUSED_WHILE_PENDING) == 0
}

impl CoreChecks {
    /// vkUpdateDescriptorSets: every write, then every copy.
    pub(super) fn update_descriptor_sets(
        &self,
        cx: &Call<'_>,
        writes: &[VkWriteDescriptorSet],
        copies: &[VkCopyDescriptorSet],
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        let list = root.dot("pDescriptorWrites");
        for (i, w) in writes.iter().enumerate() {
            skip |= self.write_descriptor_set(cx, w, &list.index(i));
        }
        let list = root.dot("pDescriptorCopies");
        for (i, c) in copies.iter().enumerate() {
            skip |= self.copy_descriptor_set(cx, c, &list.index(i));
        }
        skip
    }

    fn write_descriptor_set(&self, cx: &Call<'_>, w: &VkWriteDescriptorSet, at: &Location<'_>) -> bool {
        let Some(set) = self.get(TYPES.descriptor_set, w.dstSet.as_raw()) else { return false };
        let Some(shape) = known_set(&set) else { return false };
        self.write_to(cx, w, shape, Target::Set(&set), at)
    }

    /// A write of descriptors into a set of shape `shape`: an allocated set, or one pushed.
    fn write_to(
        &self,
        cx: &Call<'_>,
        w: &VkWriteDescriptorSet,
        shape: SetShape<'_>,
        target: Target<'_>,
        at: &Location<'_>,
    ) -> bool {
        let bindings = &shape.layout.bindings;
        let t = target;
        if bindings.is_empty() {
            return cx.error(
                "VUID-VkWriteDescriptorSet-dstBinding-10009",
                &at.dot("dstBinding"),
                format_args!("is {}, but {t} has a layout of no bindings.", w.dstBinding),
            );
        }
        let Some(index) = shape.index_of(w.dstBinding) else {
            let max = bindings.iter().map(|b| b.binding).max().unwrap_or(0);
            return if w.dstBinding > max {
                cx.error(
                    "VUID-VkWriteDescriptorSet-dstBinding-00315",
                    &at.dot("dstBinding"),
                    format_args!("is {}, more than the largest binding of the layout of {t} ({max}).", w.dstBinding),
                )
            } else {
                cx.error(
                    "VUID-VkWriteDescriptorSet-dstBinding-00316",
                    &at.dot("dstBinding"),
                    format_args!("is {}, which the layout of {t} does not define (no descriptors).", w.dstBinding),
                )
            };
        };
        let b = &bindings[index];
        if b.count == 0 {
            return cx.error(
                "VUID-VkWriteDescriptorSet-dstBinding-00316",
                &at.dot("dstBinding"),
                format_args!("is {}, a binding of the layout of {t} with a descriptorCount of 0.", w.dstBinding),
            );
        }
        let ty = w.descriptorType;
        if b.ty != T::VK_DESCRIPTOR_TYPE_MUTABLE_EXT.0 && b.ty != ty.0 {
            return cx.error(
                "VUID-VkWriteDescriptorSet-descriptorType-00319",
                &at.dot("descriptorType"),
                format_args!("is {}, but binding {} of {t} is {}.", type_name(ty.0), w.dstBinding, type_name(b.ty)),
            );
        }
        let mut skip = false;
        if matches!(t, Target::Set(set) if pending_without_update_after_bind(set, b)) {
            skip |= cx.error(
                "VUID-vkUpdateDescriptorSets-None-03047",
                &at.dot("dstSet"),
                format_args!(
                    "({:#x}) is used by a command buffer that is still pending, and binding {} was created without \
                     VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT or VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT.",
                    w.dstSet.as_raw(),
                    w.dstBinding
                ),
            );
        }
        // The range, in the set's descriptors: it may roll over into the following bindings.
        let start = shape.start(index) + u64::from(w.dstArrayElement);
        let end = start + u64::from(w.descriptorCount);
        let total = shape.total();
        if end > total {
            let room = total.saturating_sub(shape.start(index));
            skip |= cx.error(
                "VUID-VkWriteDescriptorSet-dstArrayElement-00321",
                &at.dot("dstArrayElement"),
                format_args!(
                    "({}) + descriptorCount ({}) is more than the {room} descriptors binding {} of {t} and \
                     the bindings after it hold.",
                    w.dstArrayElement, w.descriptorCount, w.dstBinding
                ),
            );
        }
        let mut reported: Vec<&str> = Vec::new();
        for (_, next) in shape.bindings_in(start, end.min(total)).filter(|(j, _)| *j > index) {
            for (vuid, what) in consecutive_differences(b, next, &WRITE_CONSECUTIVE) {
                if !reported.contains(&vuid) {
                    reported.push(vuid);
                    skip |= cx.error(
                        vuid,
                        &at.dot("descriptorCount"),
                        format_args!(
                            "({}) from element {} of binding {} rolls over into binding {}, which has {what}.",
                            w.descriptorCount, w.dstArrayElement, w.dstBinding, next.binding
                        ),
                    );
                }
            }
        }
        if let Some((member, vuid)) = missing_array(w, t) {
            return skip
                | cx.error(
                    vuid,
                    &at.dot(member),
                    format_args!(
                        "is NULL, but descriptorCount is {} for a {} write.",
                        w.descriptorCount,
                        type_name(ty.0)
                    ),
                );
        }
        // SAFETY: the write's arrays, of `descriptorCount` elements, as the descriptor type selects.
        unsafe {
            match ty {
                T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK => skip |= self.inline_write(cx, w, at),
                T::VK_DESCRIPTOR_TYPE_SAMPLER | T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER => {
                    skip |= self.sampler_writes(cx, w, b, t, at);
                    if ty == T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER {
                        skip |= self.image_writes(cx, w, at);
                    }
                }
                T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
                | T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                | T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => skip |= self.image_writes(cx, w, at),
                T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
                | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => skip |= self.buffer_writes(cx, w, at),
                T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER | T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => {
                    skip |= self.texel_writes(cx, w, at)
                }
                _ => {}
            }
        }
        skip
    }

    /// An inline uniform block write: byte offsets and sizes in multiples of 4, and the chained
    /// data's size.
    ///
    /// # Safety
    /// `w` must be a valid write.
    unsafe fn inline_write(&self, cx: &Call<'_>, w: &VkWriteDescriptorSet, at: &Location<'_>) -> bool {
        let mut skip = false;
        if !w.dstArrayElement.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkWriteDescriptorSet-descriptorType-02219",
                &at.dot("dstArrayElement"),
                format_args!("is {}, not a multiple of 4, for an inline uniform block.", w.dstArrayElement),
            );
        }
        if !w.descriptorCount.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkWriteDescriptorSet-descriptorType-02220",
                &at.dot("descriptorCount"),
                format_args!("is {}, not a multiple of 4, for an inline uniform block.", w.descriptorCount),
            );
        }
        let sty = VkStructureType::VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK;
        // SAFETY: the write's valid chain.
        let block = unsafe { chained::<VkWriteDescriptorSetInlineUniformBlock>(w.pNext, sty) };
        if block.is_none_or(|b| b.dataSize != w.descriptorCount) {
            let what = block.map_or("no VkWriteDescriptorSetInlineUniformBlock is chained".to_string(), |b| {
                format!("the chained VkWriteDescriptorSetInlineUniformBlock's dataSize is {}", b.dataSize)
            });
            skip |= cx.error(
                "VUID-VkWriteDescriptorSet-descriptorType-02221",
                &at.dot("pNext"),
                format_args!(
                    "{what}; an inline uniform block write of {} bytes needs one of that size.",
                    w.descriptorCount
                ),
            );
        }
        skip
    }

    /// The samplers of a sampler or combined image sampler write.
    ///
    /// # Safety
    /// As for [`CoreChecks::inline_write`].
    unsafe fn sampler_writes(
        &self,
        cx: &Call<'_>,
        w: &VkWriteDescriptorSet,
        b: &SetLayoutBinding,
        t: Target<'_>,
        at: &Location<'_>,
    ) -> bool {
        if b.immutable_samplers {
            if w.descriptorType == T::VK_DESCRIPTOR_TYPE_SAMPLER {
                return cx.error(
                    "VUID-VkWriteDescriptorSet-descriptorType-02752",
                    &at.dot("descriptorType"),
                    format_args!(
                        "is VK_DESCRIPTOR_TYPE_SAMPLER, but binding {} of {t} has immutable samplers.",
                        w.dstBinding
                    ),
                );
            }
            return false;
        }
        let mut skip = false;
        let list = at.dot("pImageInfo");
        // SAFETY: as the caller promises.
        for (j, info) in unsafe { slice(w.pImageInfo, w.descriptorCount) }.iter().enumerate() {
            if info.sampler.as_raw() == 0 {
                let at = list.index(j);
                skip |= cx.error(
                    "VUID-VkWriteDescriptorSet-descriptorType-00325",
                    &at.dot("sampler"),
                    format_args!("is VK_NULL_HANDLE, but binding {} of {t} has no immutable samplers.", w.dstBinding),
                );
            }
        }
        skip
    }

    /// The image views and layouts of an image write.
    ///
    /// # Safety
    /// As for [`CoreChecks::inline_write`].
    unsafe fn image_writes(&self, cx: &Call<'_>, w: &VkWriteDescriptorSet, at: &Location<'_>) -> bool {
        let Some(rule) = image_rule(w.descriptorType) else { return false };
        let null_allowed = rule.null_vuid != "VUID-VkWriteDescriptorSet-descriptorType-07683"
            && cx.device().is_some_and(|d| d.features.contains(Feature::NULL_DESCRIPTOR));
        let ty = type_name(w.descriptorType.0);
        let mut skip = false;
        let list = at.dot("pImageInfo");
        // SAFETY: as the caller promises.
        for (j, info) in unsafe { slice(w.pImageInfo, w.descriptorCount) }.iter().enumerate() {
            let at = list.index(j);
            let view = info.imageView.as_raw();
            if view == 0 {
                if !null_allowed {
                    skip |= cx.error(
                        rule.null_vuid,
                        &at.dot("imageView"),
                        format_args!(
                            "is VK_NULL_HANDLE for a {ty} descriptor, and the nullDescriptor feature is not enabled."
                        ),
                    );
                }
                continue;
            }
            if !rule.layouts.contains(&info.imageLayout) {
                skip |= cx.error(
                    rule.layout_vuid,
                    &at.dot("imageLayout"),
                    format_args!("is {}, which a {ty} descriptor may not be in.", layout_name(info.imageLayout.0)),
                );
            }
            let Some(v) = self.get(TYPES.image_view, view).and_then(|r| r.image_view()?.view_info()) else { continue };
            let (bit, bit_name, usage_vuid) = rule.usage;
            if let Some(usage) = v.usage.filter(|u| u & bit == 0) {
                skip |= cx.error(
                    usage_vuid,
                    &at.dot("imageView"),
                    format_args!("({view:#x}) has usage {usage:#x}, without {bit_name}, for a {ty} descriptor."),
                );
            }
            if rule.identity && !v.identity {
                skip |= cx.error(
                    "VUID-VkWriteDescriptorSet-descriptorType-00336",
                    &at.dot("imageView"),
                    format_args!(
                        "({view:#x}) was created with a swizzle other than the identity, for a {ty} descriptor."
                    ),
                );
            }
            skip |= view_rules(cx, view, &v, &"", &at);
        }
        skip
    }

    /// The buffers, offsets and ranges of a buffer write.
    ///
    /// # Safety
    /// As for [`CoreChecks::inline_write`].
    unsafe fn buffer_writes(&self, cx: &Call<'_>, w: &VkWriteDescriptorSet, at: &Location<'_>) -> bool {
        let Some(device) = cx.device() else { return false };
        let ty = w.descriptorType;
        let uniform = is_uniform_buffer(ty);
        let ty_name = type_name(ty.0);
        let limits = &device.limits;
        let (usage_bit, usage_name, usage_vuid, align, align_name, align_vuid, max, max_name, max_vuid) = if uniform {
            (
                0x10u64,
                "VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT",
                "VUID-VkWriteDescriptorSet-descriptorType-00330",
                limits.minUniformBufferOffsetAlignment,
                "minUniformBufferOffsetAlignment",
                "VUID-VkWriteDescriptorSet-descriptorType-00327",
                Some(u64::from(limits.maxUniformBufferRange)),
                "maxUniformBufferRange",
                "VUID-VkWriteDescriptorSet-descriptorType-00332",
            )
        } else {
            (
                0x20u64,
                "VK_BUFFER_USAGE_STORAGE_BUFFER_BIT",
                "VUID-VkWriteDescriptorSet-descriptorType-00331",
                limits.minStorageBufferOffsetAlignment,
                "minStorageBufferOffsetAlignment",
                "VUID-VkWriteDescriptorSet-descriptorType-00328",
                (!device.features.contains(Feature::SHADER64_BIT_INDEXING))
                    .then_some(u64::from(limits.maxStorageBufferRange)),
                "maxStorageBufferRange",
                "VUID-VkWriteDescriptorSet-descriptorType-00333",
            )
        };
        let null_allowed = device.features.contains(Feature::NULL_DESCRIPTOR);
        let mut skip = false;
        let list = at.dot("pBufferInfo");
        // SAFETY: as the caller promises.
        for (j, info) in unsafe { slice(w.pBufferInfo, w.descriptorCount) }.iter().enumerate() {
            let at = list.index(j);
            let (found, done) = self.buffer_info_rules(cx, info, null_allowed, &"", &at);
            skip |= found;
            let buffer = info.buffer.as_raw();
            if buffer == 0 {
                continue;
            }
            if align > 1 && info.offset % align != 0 {
                skip |= cx.error(
                    align_vuid,
                    &at.dot("offset"),
                    format_args!(
                        "is {}, not a multiple of {align_name} ({align}), for a {ty_name} descriptor.",
                        info.offset
                    ),
                );
            }
            let Some(record) = self.get(TYPES.buffer, buffer) else { continue };
            let Some(state) = record.buffer() else { continue };
            let Some(b) = state.info() else { continue };
            if b.usage & usage_bit == 0 {
                skip |= cx.error(
                    usage_vuid,
                    &at.dot("buffer"),
                    format_args!(
                        "({buffer:#x}) was created with usage {:#x}, without {usage_name}, for a {ty_name} descriptor.",
                        b.usage
                    ),
                );
            }
            if !state.sparse() && state.binding().is_none() {
                skip |= cx.error(
                    "VUID-VkWriteDescriptorSet-descriptorType-00329",
                    &at.dot("buffer"),
                    format_args!("({buffer:#x}) is not sparse and not bound to memory."),
                );
            }
            if done {
                continue;
            }
            let room = b.size - info.offset;
            let effective = if info.range == VK_WHOLE_SIZE { room } else { info.range };
            if let Some(max) = max.filter(|&m| effective > m) {
                skip |= cx.error(
                    max_vuid,
                    &at.dot("range"),
                    format_args!(
                        "is {}, an effective range of {effective} bytes, more than {max_name} ({max}) for a {ty_name} \
                         descriptor.",
                        if info.range == VK_WHOLE_SIZE { "VK_WHOLE_SIZE".to_string() } else { info.range.to_string() }
                    ),
                );
            }
        }
        skip
    }

    /// The rules of one `VkDescriptorBufferInfo` on its own (a null buffer; the offset and range
    /// inside the buffer): what was found, and whether its range is unknown or out of the buffer
    /// (nothing more to check). `prefix` names the element where `at` cannot (template data).
    fn buffer_info_rules(
        &self,
        cx: &Call<'_>,
        info: &VkDescriptorBufferInfo,
        null_allowed: bool,
        prefix: &dyn Display,
        at: &Location<'_>,
    ) -> (bool, bool) {
        let mut skip = false;
        let buffer = info.buffer.as_raw();
        if buffer == 0 {
            if !null_allowed {
                skip |= cx.error(
                    "VUID-VkDescriptorBufferInfo-buffer-02998",
                    &at.dot("buffer"),
                    format_args!("{prefix}is VK_NULL_HANDLE, and the nullDescriptor feature is not enabled."),
                );
            }
            if info.offset != 0 || info.range != VK_WHOLE_SIZE {
                skip |= cx.error(
                    "VUID-VkDescriptorBufferInfo-buffer-02999",
                    &at.dot("buffer"),
                    format_args!(
                        "{prefix}is VK_NULL_HANDLE with offset {} and range {:#x}; a null buffer needs offset 0 and \
                         range VK_WHOLE_SIZE.",
                        info.offset, info.range
                    ),
                );
            }
            return (skip, true);
        }
        if info.range == 0 {
            skip |= cx.error(
                "VUID-VkDescriptorBufferInfo-range-00341",
                &at.dot("range"),
                format_args!("{prefix}is 0; a range is VK_WHOLE_SIZE or more than 0."),
            );
        }
        let Some(b) = self.get(TYPES.buffer, buffer).and_then(|r| r.buffer()?.info()) else { return (skip, true) };
        if info.offset >= b.size {
            skip |= cx.error(
                "VUID-VkDescriptorBufferInfo-offset-00340",
                &at.dot("offset"),
                format_args!("{prefix}is {}, not less than the size of buffer {buffer:#x} ({}).", info.offset, b.size),
            );
            return (skip, true);
        }
        let room = b.size - info.offset;
        if info.range != VK_WHOLE_SIZE && info.range > room {
            skip |= cx.error(
                "VUID-VkDescriptorBufferInfo-range-00342",
                &at.dot("range"),
                format_args!(
                    "{prefix}is {}, more than the {room} bytes of buffer {buffer:#x} (size {}) from offset {}.",
                    info.range, b.size, info.offset
                ),
            );
            return (skip, true);
        }
        (skip, false)
    }

    /// vkUpdateDescriptorSetWithTemplate and the push commands' template data: each
    /// `VkDescriptorBufferInfo` and `VkDescriptorImageInfo` in it valid on its own (the
    /// VkWriteDescriptorSet rules are not checked for template data).
    ///
    /// # Safety
    /// `data` must be NULL or laid out as the template's entries say.
    pub(super) unsafe fn template_data(
        &self,
        cx: &Call<'_>,
        template: VkDescriptorUpdateTemplate,
        data: *const u8,
        at: &Location<'_>,
    ) -> bool {
        let Some(t) = self.get(TYPES.descriptor_update_template, template.as_raw()) else { return false };
        let Some(tpl) = t.update_template() else { return false };
        if data.is_null() {
            return false;
        }
        let null_allowed = cx.device().is_some_and(|d| d.features.contains(Feature::NULL_DESCRIPTOR));
        let mut skip = false;
        for (i, e) in tpl.entries.iter().enumerate() {
            let buffers = matches!(
                e.descriptorType,
                T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                    | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                    | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
                    | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
            );
            let images = image_rule(e.descriptorType).is_some();
            for k in (0..e.descriptorCount as usize).filter(|_| buffers || images) {
                let p = data.wrapping_add(e.offset).wrapping_add(k * e.stride);
                if buffers {
                    // SAFETY: an element where the caller promises one.
                    let info = unsafe { (p as *const VkDescriptorBufferInfo).read_unaligned() };
                    let prefix = TemplateElement { what: "VkDescriptorBufferInfo", k, i };
                    skip |= self.buffer_info_rules(cx, &info, null_allowed, &prefix, at).0;
                } else {
                    // SAFETY: as above.
                    let view = unsafe { (p as *const VkDescriptorImageInfo).read_unaligned() }.imageView.as_raw();
                    let Some(v) = self.get(TYPES.image_view, view).and_then(|r| r.image_view()?.view_info()) else {
                        continue;
                    };
                    let prefix = TemplateElement { what: "VkDescriptorImageInfo", k, i };
                    skip |= view_rules(cx, view, &v, &prefix, at);
                }
            }
        }
        skip
    }

    /// The buffer views of a texel buffer write.
    ///
    /// # Safety
    /// As for [`CoreChecks::inline_write`].
    unsafe fn texel_writes(&self, cx: &Call<'_>, w: &VkWriteDescriptorSet, at: &Location<'_>) -> bool {
        let null_allowed = cx.device().is_some_and(|d| d.features.contains(Feature::NULL_DESCRIPTOR));
        let ty_name = type_name(w.descriptorType.0);
        let (bit, bit_name, vuid) = if w.descriptorType == T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER {
            (0x4u64, "VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT", "VUID-VkWriteDescriptorSet-descriptorType-08765")
        } else {
            (0x8u64, "VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT", "VUID-VkWriteDescriptorSet-descriptorType-08766")
        };
        let mut skip = false;
        let list = at.dot("pTexelBufferView");
        // SAFETY: as the caller promises.
        for (j, view) in unsafe { slice(w.pTexelBufferView, w.descriptorCount) }.iter().enumerate() {
            let view = view.as_raw();
            if view == 0 {
                if !null_allowed {
                    skip |= cx.error(
                        "VUID-VkWriteDescriptorSet-descriptorType-02995",
                        &list.index(j),
                        format_args!("is VK_NULL_HANDLE for a {ty_name} descriptor, and the nullDescriptor feature is not enabled."),
                    );
                }
                continue;
            }
            let Some(info) = self.get(TYPES.buffer_view, view).and_then(|r| r.buffer_view()?.info()) else { continue };
            if info.usage & bit == 0 {
                skip |= cx.error(
                    vuid,
                    &list.index(j),
                    format_args!(
                        "({view:#x}) has buffer view usage {:#x}, without {bit_name}, for a {ty_name} descriptor.",
                        info.usage
                    ),
                );
            }
        }
        skip
    }

    fn copy_descriptor_set(&self, cx: &Call<'_>, c: &VkCopyDescriptorSet, at: &Location<'_>) -> bool {
        let (Some(src), Some(dst)) =
            (self.get(TYPES.descriptor_set, c.srcSet.as_raw()), self.get(TYPES.descriptor_set, c.dstSet.as_raw()))
        else {
            return false;
        };
        let (Some(ss), Some(ds)) = (known_set(&src), known_set(&dst)) else { return false };
        let (src_h, dst_h) = (c.srcSet.as_raw(), c.dstSet.as_raw());
        let mut skip = false;
        let si = ss.index_of(c.srcBinding);
        let di = ds.index_of(c.dstBinding);
        if si.is_none() {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcBinding-00345",
                &at.dot("srcBinding"),
                format_args!("is {}, which srcSet's ({src_h:#x}) layout does not define.", c.srcBinding),
            );
        }
        if di.is_none() {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-dstBinding-00347",
                &at.dot("dstBinding"),
                format_args!("is {}, which dstSet's ({dst_h:#x}) layout does not define.", c.dstBinding),
            );
        }
        let (Some(si), Some(di)) = (si, di) else { return skip };
        let (sb, db) = (&ss.layout.bindings[si], &ds.layout.bindings[di]);
        let mutable = T::VK_DESCRIPTOR_TYPE_MUTABLE_EXT.0;
        if sb.ty != db.ty && sb.ty != mutable && db.ty != mutable {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-dstBinding-02632",
                &at.dot("dstBinding"),
                format_args!(
                    "({}) of dstSet ({dst_h:#x}) is {}, but srcBinding ({}) of srcSet ({src_h:#x}) is {}.",
                    c.dstBinding,
                    type_name(db.ty),
                    c.srcBinding,
                    type_name(sb.ty)
                ),
            );
        }
        let n = u64::from(c.descriptorCount);
        let src_start = ss.start(si) + u64::from(c.srcArrayElement);
        let dst_start = ds.start(di) + u64::from(c.dstArrayElement);
        for (start, shape, index, vuid, member, element, binding, h) in [
            (
                src_start,
                &ss,
                si,
                "VUID-VkCopyDescriptorSet-srcArrayElement-00346",
                "srcArrayElement",
                c.srcArrayElement,
                c.srcBinding,
                src_h,
            ),
            (
                dst_start,
                &ds,
                di,
                "VUID-VkCopyDescriptorSet-dstArrayElement-00348",
                "dstArrayElement",
                c.dstArrayElement,
                c.dstBinding,
                dst_h,
            ),
        ] {
            let total = shape.total();
            if start + n > total {
                let room = total.saturating_sub(shape.start(index));
                skip |= cx.error(
                    vuid,
                    &at.dot(member),
                    format_args!(
                        "({element}) + descriptorCount ({n}) is more than the {room} descriptors binding {binding} of set \
                         {h:#x} and the bindings after it hold."
                    ),
                );
            }
        }
        let inline = T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK.0;
        if sb.ty == inline && !c.srcArrayElement.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcBinding-02223",
                &at.dot("srcArrayElement"),
                format_args!("is {}, not a multiple of 4, for an inline uniform block binding.", c.srcArrayElement),
            );
        }
        if db.ty == inline && !c.dstArrayElement.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-dstBinding-02224",
                &at.dot("dstArrayElement"),
                format_args!("is {}, not a multiple of 4, for an inline uniform block binding.", c.dstArrayElement),
            );
        }
        if (sb.ty == inline || db.ty == inline) && !c.descriptorCount.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcBinding-02225",
                &at.dot("descriptorCount"),
                format_args!("is {}, not a multiple of 4, for an inline uniform block binding.", c.descriptorCount),
            );
        }
        if std::sync::Arc::ptr_eq(&src, &dst) && src_start < dst_start + n && dst_start < src_start + n {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcSet-00349",
                &at.dot("srcSet"),
                format_args!(
                    "is dstSet ({dst_h:#x}), and the {n} descriptors copied from element {} of binding {} overlap those \
                     written from element {} of binding {}.",
                    c.srcArrayElement, c.srcBinding, c.dstArrayElement, c.dstBinding
                ),
            );
        }
        let (sl, dl) = (ss.layout.flags, ds.layout.flags);
        if sl & LAYOUT_UPDATE_AFTER_BIND_POOL != 0 && dl & LAYOUT_UPDATE_AFTER_BIND_POOL == 0 {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcSet-01918",
                &at.dot("dstSet"),
                format_args!(
                    "({dst_h:#x}) has a layout without VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT, but \
                     srcSet's ({src_h:#x}) has it."
                ),
            );
        }
        if sl & (LAYOUT_UPDATE_AFTER_BIND_POOL | LAYOUT_HOST_ONLY_POOL) == 0 && dl & LAYOUT_UPDATE_AFTER_BIND_POOL != 0
        {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-srcSet-04885",
                &at.dot("dstSet"),
                format_args!(
                    "({dst_h:#x}) has a layout with VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT, but \
                     srcSet's ({src_h:#x}) has neither it nor VK_DESCRIPTOR_SET_LAYOUT_CREATE_HOST_ONLY_POOL_BIT_EXT."
                ),
            );
        }
        if let (Some(sp), Some(dp)) = (pool_flags(&src), pool_flags(&dst)) {
            if sp & POOL_UPDATE_AFTER_BIND != 0 && dp & POOL_UPDATE_AFTER_BIND == 0 {
                skip |= cx.error(
                    "VUID-VkCopyDescriptorSet-srcSet-01920",
                    &at.dot("dstSet"),
                    format_args!(
                        "({dst_h:#x}) was allocated from a pool without VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT, \
                         but srcSet's ({src_h:#x}) pool has it."
                    ),
                );
            }
            if sp & (POOL_UPDATE_AFTER_BIND | POOL_HOST_ONLY) == 0 && dp & POOL_UPDATE_AFTER_BIND != 0 {
                skip |= cx.error(
                    "VUID-VkCopyDescriptorSet-srcSet-04887",
                    &at.dot("dstSet"),
                    format_args!(
                        "({dst_h:#x}) was allocated from a pool with VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT, but \
                         srcSet's ({src_h:#x}) pool has neither it nor VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT."
                    ),
                );
            }
        }
        if db.ty == T::VK_DESCRIPTOR_TYPE_SAMPLER.0 && db.immutable_samplers {
            skip |= cx.error(
                "VUID-VkCopyDescriptorSet-dstBinding-02753",
                &at.dot("dstBinding"),
                format_args!("({}) of dstSet ({dst_h:#x}) is a sampler binding with immutable samplers.", c.dstBinding),
            );
        }
        if pending_without_update_after_bind(&dst, db) {
            skip |= cx.error(
                "VUID-vkUpdateDescriptorSets-None-03047",
                &at.dot("dstSet"),
                format_args!(
                    "({dst_h:#x}) is used by a command buffer that is still pending, and binding {} was created without \
                     VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT or VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT.",
                    c.dstBinding
                ),
            );
        }
        skip
    }

    /// vkCmdPushDescriptorSet and vkCmdPushDescriptorSet2: `set` within `layout` and a push
    /// descriptor set there, and each write against that set's layout. `at` is where the
    /// parameters are (the command's, or its info structure's members).
    pub(super) fn push_descriptor_set(
        &self,
        cx: &Call<'_>,
        ids: &PushIds,
        layout: VkPipelineLayout,
        set: u32,
        writes: &[VkWriteDescriptorSet],
        at: &Members<'_>,
    ) -> bool {
        let Some(record) = self.get(TYPES.pipeline_layout, layout.as_raw()) else { return false };
        let Some(info) = record.pipeline_layout() else { return false };
        let layout_h = layout.as_raw();
        let count = info.set_layouts.len();
        if set as usize >= count {
            return cx.error(
                ids.set_count,
                &at.get("set"),
                format_args!("is {set}, but layout ({layout_h:#x}) was created with {count} set layouts."),
            );
        }
        let Some(Some(set_layout)) = info.set_layouts.get(set as usize) else { return false };
        let Some(l) = set_layout.descriptor_set_layout() else { return false };
        if l.flags & LAYOUT_PUSH_DESCRIPTOR == 0 {
            return cx.error(
                ids.push,
                &at.get("set"),
                format_args!(
                    "is {set}, whose set layout ({:#x}) in layout ({layout_h:#x}) was created without \
                     VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT.",
                    set_layout.key.handle
                ),
            );
        }
        let shape = SetShape { layout: l, variable: 0 };
        let list = at.get("pDescriptorWrites");
        let mut skip = false;
        for (i, w) in writes.iter().enumerate() {
            let target = Target::Pushed { set, layout: layout_h, image_info: ids.image_info };
            skip |= self.write_to(cx, w, shape, target, &list.index(i));
        }
        skip
    }

    /// vkCreateDescriptorUpdateTemplate: a push descriptor template's set is the pipeline
    /// layout's push descriptor set, and each entry's bindings and range are in the layout of the
    /// sets it updates (for a variable-count binding, the most it may hold).
    ///
    /// # Safety
    /// `info` must be a valid create info.
    pub(super) unsafe fn create_update_template(
        &self,
        cx: &Call<'_>,
        info: &VkDescriptorUpdateTemplateCreateInfo,
    ) -> bool {
        let root = cx.location();
        let at = root.dot("pCreateInfo");
        let mut skip = false;
        let set_layout = if info.templateType.0 == TEMPLATE_PUSH_DESCRIPTORS {
            let Some(record) = self.get(TYPES.pipeline_layout, info.pipelineLayout.as_raw()) else { return false };
            let Some(p) = record.pipeline_layout() else { return false };
            let set = info.set;
            let set_layout = p.set_layouts.get(set as usize).cloned().flatten();
            let l = set_layout.as_ref().and_then(|l| l.descriptor_set_layout());
            // A set number past the layout, or a set layout known not to be pushed.
            if (set as usize >= p.set_layouts.len()) || l.is_some_and(|l| l.flags & LAYOUT_PUSH_DESCRIPTOR == 0) {
                return cx.error(
                    "VUID-VkDescriptorUpdateTemplateCreateInfo-templateType-00353",
                    &at.arrow("set"),
                    format_args!(
                        "is {set}, which is not the push descriptor set of pipelineLayout ({:#x}, {} set layouts).",
                        info.pipelineLayout.as_raw(),
                        p.set_layouts.len()
                    ),
                );
            }
            set_layout
        } else {
            self.get(TYPES.descriptor_set_layout, info.descriptorSetLayout.as_raw())
        };
        let Some(layout) = set_layout.as_ref().and_then(|l| l.descriptor_set_layout()) else { return false };
        let shape = SetShape { layout, variable: u32::MAX };
        let list = at.arrow("pDescriptorUpdateEntries");
        // SAFETY: the counted entries of a valid create info.
        let entries = unsafe { slice(info.pDescriptorUpdateEntries, info.descriptorUpdateEntryCount) };
        for (i, e) in entries.iter().enumerate() {
            let at = list.index(i);
            let Some(index) = shape.index_of(e.dstBinding) else {
                skip |= cx.error(
                    "VUID-VkDescriptorUpdateTemplateEntry-dstBinding-00354",
                    &at.dot("dstBinding"),
                    format_args!("is {}, which the layout of the sets it updates does not define.", e.dstBinding),
                );
                continue;
            };
            let start = shape.start(index) + u64::from(e.dstArrayElement);
            let total = shape.total();
            if start + u64::from(e.descriptorCount) > total {
                skip |= cx.error(
                    "VUID-VkDescriptorUpdateTemplateEntry-dstArrayElement-00355",
                    &at.dot("dstArrayElement"),
                    format_args!(
                        "({}) + descriptorCount ({}) is more than the {} descriptors binding {} and the bindings after it \
                         hold.",
                        e.dstArrayElement,
                        e.descriptorCount,
                        total - shape.start(index),
                        e.dstBinding
                    ),
                );
            }
            if e.descriptorType == T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK {
                if !e.dstArrayElement.is_multiple_of(4) {
                    skip |= cx.error(
                        "VUID-VkDescriptorUpdateTemplateEntry-descriptor-02226",
                        &at.dot("dstArrayElement"),
                        format_args!("is {}, not a multiple of 4, for an inline uniform block.", e.dstArrayElement),
                    );
                }
                if !e.descriptorCount.is_multiple_of(4) {
                    skip |= cx.error(
                        "VUID-VkDescriptorUpdateTemplateEntry-descriptor-02227",
                        &at.dot("descriptorCount"),
                        format_args!("is {}, not a multiple of 4, for an inline uniform block.", e.descriptorCount),
                    );
                }
            }
        }
        skip
    }

    /// vkCmdPushDescriptorSetWithTemplate(2): a push descriptor template, pushed to its set of a
    /// compatible layout, which is that layout's push descriptor set.
    pub(super) fn push_with_template(
        &self,
        cx: &Call<'_>,
        ids: &PushTemplateIds,
        template: VkDescriptorUpdateTemplate,
        layout: VkPipelineLayout,
        set: u32,
        at: &Members<'_>,
    ) -> bool {
        let Some(t) = self.get(TYPES.descriptor_update_template, template.as_raw()) else { return false };
        let Some(tpl) = t.update_template() else { return false };
        let template_h = template.as_raw();
        if tpl.ty != TEMPLATE_PUSH_DESCRIPTORS {
            return cx.error(
                ids.push_template,
                &at.get("descriptorUpdateTemplate"),
                format_args!(
                    "({template_h:#x}) was created with templateType {}, not \
                     VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS.",
                    tpl.ty
                ),
            );
        }
        let mut skip = false;
        if set != tpl.set {
            skip |= cx.error(
                ids.same_set,
                &at.get("set"),
                format_args!(
                    "is {set}, but descriptorUpdateTemplate ({template_h:#x}) was created for set {}.",
                    tpl.set
                ),
            );
        }
        let Some(record) = self.get(TYPES.pipeline_layout, layout.as_raw()) else { return skip };
        let Some(info) = record.pipeline_layout() else { return skip };
        let layout_h = layout.as_raw();
        let count = info.set_layouts.len();
        if set as usize >= count {
            return skip
                | cx.error(
                    ids.set_count,
                    &at.get("set"),
                    format_args!("is {set}, but layout ({layout_h:#x}) was created with {count} set layouts."),
                );
        }
        let pushed = match info.set_layouts.get(set as usize) {
            Some(Some(l)) => l.descriptor_set_layout().map(|l| l.flags & LAYOUT_PUSH_DESCRIPTOR != 0),
            _ => None,
        };
        if pushed == Some(false) {
            skip |= cx.error(
                ids.push,
                &at.get("set"),
                format_args!(
                    "is {set}, whose set layout in layout ({layout_h:#x}) was created without \
                     VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT."
                ),
            );
        }
        let created = tpl.pipeline_layout.as_ref().and_then(|l| l.pipeline_layout());
        if let Some(created) = created.filter(|c| !info.compatible_for_set(c, tpl.set)) {
            let _ = created;
            skip |= cx.error(
                ids.compatible,
                &at.get("layout"),
                format_args!(
                    "({layout_h:#x}) is not compatible for set {} with the pipeline layout descriptorUpdateTemplate \
                     ({template_h:#x}) was created with.",
                    tpl.set
                ),
            );
        }
        skip
    }

    /// vkAllocateDescriptorSets: each layout against the pool (none for push descriptors or
    /// descriptor buffers), and the variable counts.
    ///
    /// # Safety
    /// `info` must be a valid allocate info.
    pub(super) unsafe fn allocate_descriptor_sets(&self, cx: &Call<'_>, info: &VkDescriptorSetAllocateInfo) -> bool {
        let root = cx.location();
        let at = root.dot("pAllocateInfo");
        let layouts_at = at.arrow("pSetLayouts");
        let chain = at.chained("VkDescriptorSetVariableDescriptorCountAllocateInfo");
        let counts_at = chain.dot("pDescriptorCounts");
        let pool = self.get(TYPES.descriptor_pool, info.descriptorPool.as_raw());
        let pool_flags = pool.as_ref().and_then(|p| p.descriptor_pool()?.flags());
        let sty = VkStructureType::VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO;
        // SAFETY: a valid allocate info: its chain and counted layouts.
        let (variable, layouts) = unsafe {
            (
                chained::<VkDescriptorSetVariableDescriptorCountAllocateInfo>(info.pNext, sty),
                slice(info.pSetLayouts, info.descriptorSetCount),
            )
        };
        let mut skip = false;
        let counts = match variable {
            Some(v) if v.descriptorSetCount != 0 && v.descriptorSetCount != info.descriptorSetCount => {
                skip |= cx.error(
                    "VUID-VkDescriptorSetVariableDescriptorCountAllocateInfo-descriptorSetCount-03045",
                    &chain.dot("descriptorSetCount"),
                    format_args!(
                        "is {}, neither 0 nor pAllocateInfo->descriptorSetCount ({}).",
                        v.descriptorSetCount, info.descriptorSetCount
                    ),
                );
                &[][..]
            }
            // SAFETY: the structure's counted array.
            Some(v) => unsafe { slice(v.pDescriptorCounts, v.descriptorSetCount) },
            None => &[][..],
        };
        for (i, layout) in layouts.iter().enumerate() {
            let Some(record) = self.get(TYPES.descriptor_set_layout, layout.as_raw()) else { continue };
            let Some(l) = record.descriptor_set_layout() else { continue };
            let at = layouts_at.index(i);
            let h = layout.as_raw();
            if l.flags & LAYOUT_PUSH_DESCRIPTOR != 0 {
                skip |= cx.error(
                    "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-00308",
                    &at,
                    format_args!("({h:#x}) was created with VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT: it is pushed, not allocated."),
                );
            }
            if l.flags & LAYOUT_DESCRIPTOR_BUFFER != 0 {
                skip |= cx.error(
                    "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-08009",
                    &at,
                    format_args!(
                        "({h:#x}) was created with VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT: its \
                         descriptors live in descriptor buffers, not in sets allocated from a pool."
                    ),
                );
            }
            if let Some(pool_flags) = pool_flags {
                if l.flags & LAYOUT_HOST_ONLY_POOL != 0 && pool_flags & POOL_HOST_ONLY == 0 {
                    skip |= cx.error(
                        "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-04610",
                        &at,
                        format_args!(
                            "({h:#x}) was created with VK_DESCRIPTOR_SET_LAYOUT_CREATE_HOST_ONLY_POOL_BIT_EXT, but \
                             descriptorPool ({:#x}) without VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT.",
                            info.descriptorPool.as_raw()
                        ),
                    );
                }
                if l.flags & LAYOUT_UPDATE_AFTER_BIND_POOL != 0 && pool_flags & POOL_UPDATE_AFTER_BIND == 0 {
                    skip |= cx.error(
                        "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-03044",
                        &at,
                        format_args!(
                            "({h:#x}) was created with VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT, but \
                             descriptorPool ({:#x}) without VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT.",
                            info.descriptorPool.as_raw()
                        ),
                    );
                }
            }
            let vb = l.bindings.iter().find(|b| b.flags & BINDING_VARIABLE_DESCRIPTOR_COUNT != 0);
            if let (Some(vb), Some(&count)) = (vb, counts.get(i)) {
                if count > vb.count {
                    skip |= cx.error(
                        "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-09380",
                        &counts_at.index(i),
                        format_args!(
                            "is {count}, more than the descriptorCount ({}) of variable-count binding {} of pSetLayouts[{i}] \
                             ({h:#x}).",
                            vb.count, vb.binding
                        ),
                    );
                }
            }
        }
        skip
    }

    /// vkFreeDescriptorSets: only from a pool created to free them.
    pub(super) fn free_descriptor_sets(&self, cx: &Call<'_>, pool: VkDescriptorPool) -> bool {
        let Some(flags) = self.get(TYPES.descriptor_pool, pool.as_raw()).and_then(|p| p.descriptor_pool()?.flags())
        else {
            return false;
        };
        if flags & POOL_FREE_DESCRIPTOR_SET != 0 {
            return false;
        }
        let root = cx.location();
        cx.error(
            "VUID-vkFreeDescriptorSets-descriptorPool-00312",
            &root.dot("descriptorPool"),
            format_args!(
                "({:#x}) was created without VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT: its sets are freed by \
                 resetting or destroying it.",
                pool.as_raw()
            ),
        )
    }
}

/// Names an element of descriptor update template data in a message, formatted only into one
/// (a valid update allocates nothing).
struct TemplateElement {
    what: &'static str,
    /// The descriptor, and its template entry.
    k: usize,
    i: usize,
}

impl Display for TemplateElement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "(the {} of descriptor {} of template entry {}) ", self.what, self.k, self.i)
    }
}
