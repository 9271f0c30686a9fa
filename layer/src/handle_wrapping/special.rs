//! Commands whose handles the tables cannot find, written out: descriptor update templates,
//! raw `uint64_t` object handles, the descriptor-buffer union. When a `noautovalidity`
//! pointer is read is in `prose`.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::mem::offset_of;
use std::sync::{LazyLock, Mutex, PoisonError};

use vigil_generated::*;

use super::prose::{self, descriptor_type, reads_buffer_info, reads_image_info, reads_texel_buffer_view};
use super::unwrap::Unwrap;
use super::WRAPPED;
use crate::chassis::raw::{read_ptr, read_uint};

/// The commands with a rule here beyond what the tables say, by canonical name.
pub(super) const RULED_COMMANDS: &[&str] = &[
    "vkBeginCommandBuffer",
    "vkSetDebugUtilsObjectNameEXT",
    "vkSetDebugUtilsObjectTagEXT",
    "vkDebugMarkerSetObjectNameEXT",
    "vkDebugMarkerSetObjectTagEXT",
    "vkSetPrivateData",
    "vkGetPrivateData",
    "vkUpdateDescriptorSetWithTemplate",
    "vkCmdPushDescriptorSetWithTemplate",
    "vkCmdPushDescriptorSetWithTemplate2",
    "vkGetDescriptorEXT",
];

/// Whether a command has a rule here.
pub const fn has_rule(command: &str) -> bool {
    let mut i = 0;
    while i < RULED_COMMANDS.len() {
        if crate::chassis::names::same(RULED_COMMANDS[i], command) {
            return true;
        }
        i += 1;
    }
    false
}

/// Before unwrapping `command`'s parameters.
pub fn before(command: &str, slots: &[u64]) {
    if command == "vkBeginCommandBuffer" {
        prose::beginning(slots.first().copied().unwrap_or(0));
    }
}

/// One entry of a descriptor update template: where each descriptor's data is in `pData`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TemplateEntry {
    pub descriptor_type: VkDescriptorType,
    pub count: u32,
    pub offset: usize,
    pub stride: usize,
}

/// Descriptor update template id → its entries.
static TEMPLATES: LazyLock<Mutex<HashMap<u64, Vec<TemplateEntry>>>> = LazyLock::new(Default::default);

fn templates() -> std::sync::MutexGuard<'static, HashMap<u64, Vec<TemplateEntry>>> {
    TEMPLATES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A template was created with `info`; `id` is what the application sees.
///
/// # Safety
/// `info` must be a valid create info.
pub unsafe fn template_created(id: u64, info: *const VkDescriptorUpdateTemplateCreateInfo) {
    if info.is_null() {
        return;
    }
    let info = unsafe { &*info };
    let entries = unsafe { crate::chassis::raw::slice(info.pDescriptorUpdateEntries, info.descriptorUpdateEntryCount) };
    let entries = entries
        .iter()
        .map(|e| TemplateEntry {
            descriptor_type: e.descriptorType,
            count: e.descriptorCount,
            offset: e.offset,
            stride: e.stride,
        })
        .collect();
    templates().insert(id, entries);
}

/// A template was destroyed.
pub fn template_destroyed(id: u64) {
    templates().remove(&id);
}

/// The bytes of `pData` a template's entries read, and the size of one element of each type.
pub fn template_extent(entries: &[TemplateEntry]) -> usize {
    entries
        .iter()
        .filter(|e| e.count > 0)
        .map(|e| e.offset + (e.count as usize - 1) * e.stride + element_size(e.descriptor_type))
        .max()
        .unwrap_or(0)
}

fn element_size(t: VkDescriptorType) -> usize {
    if reads_image_info(t) {
        std::mem::size_of::<VkDescriptorImageInfo>()
    } else if reads_buffer_info(t) {
        std::mem::size_of::<VkDescriptorBufferInfo>()
    } else if t == VkDescriptorType::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK {
        1
    } else {
        8
    }
}

/// Translates, in place in the copy `data`, every handle a template's entries name.
///
/// # Safety
/// `data` must hold `template_extent(entries)` writable bytes laid out as the entries say.
pub unsafe fn translate_template_data(entries: &[TemplateEntry], data: *mut u8) {
    for e in entries {
        for i in 0..e.count as usize {
            let at = data.wrapping_add(e.offset + i * e.stride);
            let t = e.descriptor_type;
            if reads_image_info(t) {
                unsafe {
                    translate_u64(at.wrapping_add(offset_of!(VkDescriptorImageInfo, sampler)));
                    translate_u64(at.wrapping_add(offset_of!(VkDescriptorImageInfo, imageView)));
                }
            } else if reads_buffer_info(t) {
                unsafe { translate_u64(at.wrapping_add(offset_of!(VkDescriptorBufferInfo, buffer))) };
            } else if reads_texel_buffer_view(t)
                || t == VkDescriptorType::VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR
                || t == VkDescriptorType::VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_NV
            {
                unsafe { translate_u64(at) };
            }
        }
    }
}

/// Replaces a live id at `p` by its driver handle; anything else stays (an ignored member).
///
/// # Safety
/// `p` must point at 8 writable bytes.
unsafe fn translate_u64(p: *mut u8) {
    let v = unsafe { read_uint(p, 8) };
    if let Some((raw, _)) = WRAPPED.get(v) {
        unsafe { (p as *mut u64).write_unaligned(raw) };
    }
}

/// Whether a `VkObjectType` names a non-dispatchable handle (the ones wrapped).
fn wrapped_object_type(t: i32) -> bool {
    !matches!(
        VkObjectType(t),
        VkObjectType::VK_OBJECT_TYPE_UNKNOWN
            | VkObjectType::VK_OBJECT_TYPE_INSTANCE
            | VkObjectType::VK_OBJECT_TYPE_PHYSICAL_DEVICE
            | VkObjectType::VK_OBJECT_TYPE_DEVICE
            | VkObjectType::VK_OBJECT_TYPE_QUEUE
            | VkObjectType::VK_OBJECT_TYPE_COMMAND_BUFFER
    )
}

/// Whether a `VkDebugReportObjectTypeEXT` names a non-dispatchable handle.
fn wrapped_report_type(t: i32) -> bool {
    // UNKNOWN, INSTANCE, PHYSICAL_DEVICE, DEVICE, QUEUE, COMMAND_BUFFER are 0..=6 but 5 is
    // SEMAPHORE: the dispatchable ones are 0, 1, 2, 3, 4 and 6.
    !matches!(t, 0..=4 | 6)
}

/// Command-level rules, after the generic walk: `slots` already holds the generic result.
///
/// # Safety
/// `slots` holds the parameters of `command`.
pub unsafe fn command(command: &str, u: &mut Unwrap<'_>, slots: &mut [u64]) {
    // A struct parameter at `slots[i]`, copied so a member can change.
    let copy_param = |u: &mut Unwrap<'_>, slot: &mut u64, size: usize| -> Option<*mut u8> {
        let p = *slot as *const u8;
        if p.is_null() {
            return None;
        }
        let c = unsafe { u.scope.copy(p, size) };
        *slot = c as u64;
        Some(c)
    };
    match (command, slots) {
        ("vkSetDebugUtilsObjectNameEXT", [_, info]) => {
            if let Some(c) = copy_param(u, info, std::mem::size_of::<VkDebugUtilsObjectNameInfoEXT>()) {
                unsafe { object_handle::<VkDebugUtilsObjectNameInfoEXT>(c, false) };
            }
        }
        ("vkSetDebugUtilsObjectTagEXT", [_, info]) => {
            if let Some(c) = copy_param(u, info, std::mem::size_of::<VkDebugUtilsObjectTagInfoEXT>()) {
                unsafe { object_handle::<VkDebugUtilsObjectTagInfoEXT>(c, false) };
            }
        }
        ("vkDebugMarkerSetObjectNameEXT", [_, info]) => {
            if let Some(c) = copy_param(u, info, std::mem::size_of::<VkDebugMarkerObjectNameInfoEXT>()) {
                unsafe { object_handle::<VkDebugMarkerObjectNameInfoEXT>(c, true) };
            }
        }
        ("vkDebugMarkerSetObjectTagEXT", [_, info]) => {
            if let Some(c) = copy_param(u, info, std::mem::size_of::<VkDebugMarkerObjectTagInfoEXT>()) {
                unsafe { object_handle::<VkDebugMarkerObjectTagInfoEXT>(c, true) };
            }
        }
        ("vkSetPrivateData", [_, object_type, handle, ..]) | ("vkGetPrivateData", [_, object_type, handle, ..])
            if wrapped_object_type(*object_type as i32) =>
        {
            if let Some((raw, _)) = WRAPPED.get(*handle) {
                *handle = raw;
            }
        }
        // The template itself has been translated by now: it is looked up by the application's
        // id, remembered before the walk.
        ("vkUpdateDescriptorSetWithTemplate", [_, _, _, data]) => {
            unsafe { template_data(u, TEMPLATE_ARG.with(Cell::get), data) };
        }
        ("vkCmdPushDescriptorSetWithTemplate", [_, _, _, _, data]) => {
            unsafe { template_data(u, TEMPLATE_ARG.with(Cell::get), data) };
        }
        ("vkCmdPushDescriptorSetWithTemplate2", [_, info]) => {
            let size = std::mem::size_of::<VkPushDescriptorSetWithTemplateInfo>();
            if let Some(c) = copy_param(u, info, size) {
                let data = c.wrapping_add(offset_of!(VkPushDescriptorSetWithTemplateInfo, pData));
                let mut d = unsafe { read_uint(data, 8) };
                unsafe { template_data(u, TEMPLATE_ARG.with(Cell::get), &mut d) };
                unsafe { (data as *mut u64).write_unaligned(d) };
            }
        }
        ("vkGetDescriptorEXT", [_, info, ..]) => {
            if let Some(c) = copy_param(u, info, std::mem::size_of::<VkDescriptorGetInfoEXT>()) {
                unsafe { descriptor_data(u, c) };
            }
        }
        _ => {}
    }
}

thread_local! {
    /// The application's id of the template the current call names, set before the generic
    /// walk replaces it.
    static TEMPLATE_ARG: Cell<u64> = const { Cell::new(0) };
}

/// Remembers the template id before the generic walk translates it.
pub fn remember_template(command: &str, slots: &[u64]) {
    let id = match command {
        "vkUpdateDescriptorSetWithTemplate" => slots.get(2).copied(),
        "vkCmdPushDescriptorSetWithTemplate" => slots.get(1).copied(),
        "vkCmdPushDescriptorSetWithTemplate2" => {
            slots.get(1).and_then(|&p| {
                let p = p as *const u8;
                // SAFETY: a non-NULL pointer to the application's info structure.
                (!p.is_null()).then(|| unsafe {
                    read_uint(
                        p.wrapping_add(offset_of!(VkPushDescriptorSetWithTemplateInfo, descriptorUpdateTemplate)),
                        8,
                    )
                })
            })
        }
        _ => None,
    };
    if let Some(id) = id {
        TEMPLATE_ARG.with(|t| t.set(id));
    }
}

/// Copies a template's `pData` and translates the handles in it.
///
/// # Safety
/// `*data` must be the application's `pData` for the template.
unsafe fn template_data(u: &mut Unwrap<'_>, template: u64, data: &mut u64) {
    let p = *data as *const u8;
    if p.is_null() {
        return;
    }
    let Some(entries) = templates().get(&template).cloned() else { return };
    let extent = template_extent(&entries);
    if extent == 0 {
        return;
    }
    let copy = unsafe { u.scope.copy(p, extent) };
    unsafe { translate_template_data(&entries, copy) };
    *data = copy as u64;
}

/// Structures with `objectType` and a raw `uint64_t` handle.
trait ObjectNamed {
    const TYPE: usize;
    const HANDLE: usize;
}

impl ObjectNamed for VkDebugUtilsObjectNameInfoEXT {
    const TYPE: usize = offset_of!(Self, objectType);
    const HANDLE: usize = offset_of!(Self, objectHandle);
}
impl ObjectNamed for VkDebugUtilsObjectTagInfoEXT {
    const TYPE: usize = offset_of!(Self, objectType);
    const HANDLE: usize = offset_of!(Self, objectHandle);
}
impl ObjectNamed for VkDebugMarkerObjectNameInfoEXT {
    const TYPE: usize = offset_of!(Self, objectType);
    const HANDLE: usize = offset_of!(Self, object);
}
impl ObjectNamed for VkDebugMarkerObjectTagInfoEXT {
    const TYPE: usize = offset_of!(Self, objectType);
    const HANDLE: usize = offset_of!(Self, object);
}

/// Translates the raw handle of an object-naming structure copy at `c`.
///
/// # Safety
/// `c` must be a writable copy of a `T`.
unsafe fn object_handle<T: ObjectNamed>(c: *mut u8, report_type: bool) {
    let t = unsafe { read_uint(c.wrapping_add(T::TYPE), 4) } as i32;
    let wrapped = if report_type { wrapped_report_type(t) } else { wrapped_object_type(t) };
    if wrapped {
        unsafe { translate_u64(c.wrapping_add(T::HANDLE)) };
    }
}

/// `VkDescriptorGetInfoEXT::data`: which union member is read depends on `type`.
///
/// # Safety
/// `c` must be a writable copy of a valid `VkDescriptorGetInfoEXT`.
unsafe fn descriptor_data(u: &mut Unwrap<'_>, c: *mut u8) {
    let t = unsafe { descriptor_type(c, offset_of!(VkDescriptorGetInfoEXT, r#type)) };
    let data = c.wrapping_add(offset_of!(VkDescriptorGetInfoEXT, data));
    let p = unsafe { read_ptr(data) };
    if p.is_null() {
        return;
    }
    let size = if t == VkDescriptorType::VK_DESCRIPTOR_TYPE_SAMPLER {
        8
    } else if reads_image_info(t) {
        std::mem::size_of::<VkDescriptorImageInfo>()
    } else {
        // Buffers and acceleration structures are described by addresses.
        return;
    };
    let copy = unsafe { u.scope.copy(p, size) };
    unsafe {
        translate_u64(copy);
        if size > 8 {
            translate_u64(copy.wrapping_add(offset_of!(VkDescriptorImageInfo, imageView)));
        }
        (data as *mut *const c_void).write_unaligned(copy as *const c_void);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules are matched by canonical command name: a stale name would silently never match.
    #[test]
    fn every_rule_names_a_command() {
        for name in RULED_COMMANDS {
            assert!(has_rule(name), "{name}");
            assert!(
                vigil_generated::objects::COMMAND_HANDLES.iter().any(|c| c.name == *name),
                "{name} is not a command"
            );
        }
    }

    #[test]
    fn template_data_is_translated_where_the_entries_say() {
        let entries = [
            TemplateEntry {
                descriptor_type: VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                count: 2,
                offset: 0,
                stride: 32,
            },
            TemplateEntry {
                descriptor_type: VkDescriptorType::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                count: 1,
                offset: 64,
                stride: 8,
            },
        ];
        assert_eq!(template_extent(&entries), 72);
        let a = WRAPPED.insert(0xa000, 9, 77, 0);
        let b = WRAPPED.insert(0xb000, 9, 77, 0);
        let view = WRAPPED.insert(0xc000, 10, 77, 0);
        let mut data = [0u64; 9];
        data[0] = a; // entry 0, element 0: VkDescriptorBufferInfo::buffer
        data[1] = 16; // offset, untouched
        data[4] = b; // entry 0, element 1 (stride 32)
        data[8] = view;
        unsafe { translate_template_data(&entries, data.as_mut_ptr() as *mut u8) };
        assert_eq!((data[0], data[1], data[4], data[8]), (0xa000, 16, 0xb000, 0xc000));
        WRAPPED.remove_owned_by(77);
    }
}
