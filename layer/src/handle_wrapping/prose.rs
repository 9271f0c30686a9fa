//! What the registry leaves to prose, written out: when a `noautovalidity` pointer member holds
//! handles and may be followed (descriptor types, command-buffer levels, imageless
//! framebuffers), and which command buffers are secondary (their inheritance info is read).

use std::cell::Cell;
use std::collections::HashMap;
use std::mem::offset_of;
use std::sync::{LazyLock, Mutex, PoisonError};

use vigil_generated::*;

use crate::chassis::raw::read_uint;

/// Whether a `noautovalidity` pointer member of the structure copy at `p` holds what its type
/// says (and may be followed).
pub type Rule = unsafe fn(p: *const u8, member: &str) -> bool;

/// [`rule`] of `HANDLE_STRUCTS[s]`, from a table made once (no name compared per structure).
#[inline]
pub fn rule_of(s: u16) -> Option<Rule> {
    static RULES: std::sync::LazyLock<Box<[Option<Rule>]>> =
        std::sync::LazyLock::new(|| vigil_generated::objects::HANDLE_STRUCTS.iter().map(|s| rule(s.name)).collect());
    RULES.get(usize::from(s)).copied().flatten()
}

/// The rule of a structure with `noautovalidity` pointer members, by name.
pub fn rule(structure: &str) -> Option<Rule> {
    Some(match structure {
        "VkWriteDescriptorSet" => write_descriptor_set,
        "VkDescriptorSetLayoutBinding" => set_layout_binding,
        "VkCommandBufferBeginInfo" => begin_info,
        "VkFramebufferCreateInfo" => framebuffer,
        // Ignored by some pipeline libraries, but then NULL or valid in practice: the reference
        // layer follows them when non-NULL too.
        "VkGraphicsPipelineCreateInfo" | "VkShaderCreateInfoEXT" => always,
        _ => return None,
    })
}

unsafe fn always(_: *const u8, _: &str) -> bool {
    true
}

/// `VkDescriptorType` at `offset` of the structure at `p`.
pub unsafe fn descriptor_type(p: *const u8, offset: usize) -> VkDescriptorType {
    VkDescriptorType(unsafe { read_uint(p.wrapping_add(offset), 4) } as i32)
}

/// Which of a descriptor write's arrays its type reads.
pub fn reads_image_info(t: VkDescriptorType) -> bool {
    use VkDescriptorType as T;
    [
        T::VK_DESCRIPTOR_TYPE_SAMPLER,
        T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
        T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
        T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
        T::VK_DESCRIPTOR_TYPE_SAMPLE_WEIGHT_IMAGE_QCOM,
        T::VK_DESCRIPTOR_TYPE_BLOCK_MATCH_IMAGE_QCOM,
    ]
    .contains(&t)
}

/// Descriptor types that read a `VkDescriptorBufferInfo`.
pub fn reads_buffer_info(t: VkDescriptorType) -> bool {
    use VkDescriptorType as T;
    [
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
        T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
        T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
    ]
    .contains(&t)
}

/// Descriptor types that read a `VkBufferView`.
pub fn reads_texel_buffer_view(t: VkDescriptorType) -> bool {
    use VkDescriptorType as T;
    [T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER].contains(&t)
}

unsafe fn write_descriptor_set(p: *const u8, member: &str) -> bool {
    let t = unsafe { descriptor_type(p, offset_of!(VkWriteDescriptorSet, descriptorType)) };
    match member {
        "pImageInfo" => reads_image_info(t),
        "pBufferInfo" => reads_buffer_info(t),
        "pTexelBufferView" => reads_texel_buffer_view(t),
        _ => false,
    }
}

unsafe fn set_layout_binding(p: *const u8, member: &str) -> bool {
    let t = unsafe { descriptor_type(p, offset_of!(VkDescriptorSetLayoutBinding, descriptorType)) };
    member == "pImmutableSamplers"
        && matches!(
            t,
            VkDescriptorType::VK_DESCRIPTOR_TYPE_SAMPLER | VkDescriptorType::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        )
}

unsafe fn framebuffer(p: *const u8, member: &str) -> bool {
    let flags = unsafe { read_uint(p.wrapping_add(offset_of!(VkFramebufferCreateInfo, flags)), 4) };
    // An imageless framebuffer's pAttachments is ignored.
    member == "pAttachments" && flags & u64::from(VkFramebufferCreateFlags::VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.0) == 0
}

thread_local! {
    /// Whether the command buffer being begun on this thread is a secondary one: only then
    /// is `VkCommandBufferBeginInfo::pInheritanceInfo` read.
    static BEGINNING_SECONDARY: Cell<bool> = const { Cell::new(false) };
}

unsafe fn begin_info(_: *const u8, member: &str) -> bool {
    member == "pInheritanceInfo" && BEGINNING_SECONDARY.with(Cell::get)
}

/// `vkBeginCommandBuffer` on command buffer `cb` is about to be unwrapped.
pub fn beginning(cb: u64) {
    let secondary = secondaries().contains_key(&cb);
    BEGINNING_SECONDARY.with(|b| b.set(secondary));
}

/// Secondary command buffers → the id of the pool they came from.
static SECONDARIES: LazyLock<Mutex<HashMap<u64, u64>>> = LazyLock::new(Default::default);

fn secondaries() -> std::sync::MutexGuard<'static, HashMap<u64, u64>> {
    SECONDARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Command buffers allocated from the pool with id `pool`; `secondary`: at that level. A
/// primary one may reuse a freed secondary's address, so it is forgotten as secondary.
pub fn command_buffers_allocated(handles: &[u64], pool: u64, secondary: bool) {
    let mut s = secondaries();
    for &h in handles {
        if secondary {
            s.insert(h, pool);
        } else {
            s.remove(&h);
        }
    }
}

/// Command buffers freed, or every command buffer of a destroyed pool (`handles` empty).
pub fn command_buffers_freed(handles: &[u64], pool: u64) {
    let mut s = secondaries();
    if handles.is_empty() {
        s.retain(|_, p| *p != pool);
    } else {
        for h in handles {
            s.remove(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_generated::objects::{HANDLE_STRUCTS, NOAUTO};
    use vigil_generated::stateless::Shape;

    /// Every pointer the registry leaves to prose has a rule saying when it holds handles: none
    /// is followed blindly, none forgotten.
    #[test]
    fn every_noautovalidity_pointer_has_a_rule() {
        let mut missing = Vec::new();
        for s in HANDLE_STRUCTS.iter() {
            for f in s.fields.iter().filter(|f| f.flags & NOAUTO != 0) {
                if matches!(f.shape, Shape::Ptr | Shape::Slice(_)) && rule(s.name).is_none() {
                    missing.push(format!("{}::{}", s.name, f.name));
                }
            }
        }
        assert!(missing.is_empty(), "{missing:?}");
    }
}
