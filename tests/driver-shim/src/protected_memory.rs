//! `protected-memory`: a device may enable the `protectedMemory` feature (lavapipe has none, and
//! refuses a device that asks for it): the shim clears it in the device create info's
//! `VkPhysicalDeviceVulkan11Features` and `VkPhysicalDeviceProtectedMemoryFeatures` for the call
//! to the driver, and sets it again before returning. Lavapipe makes command pools created with
//! `VK_COMMAND_POOL_CREATE_PROTECTED_BIT` as any other (it ignores the flag), so the rules about
//! protected command buffers can be reached; nothing is protected in fact, and nothing recorded
//! in such a command buffer may be submitted.

use std::ffi::c_void;

use ash::vk;

/// Clears `protectedMemory` where the device create info chain from `next` enables it,
/// returning the members cleared (for [`restore`]).
///
/// # Safety
/// `next` must be NULL or a valid chain the caller may write until it calls [`restore`].
pub unsafe fn hide_feature(mut next: *const c_void) -> Vec<*mut vk::Bool32> {
    let mut cleared = Vec::new();
    // SAFETY: every structure of a valid chain starts with sType and pNext; each is the
    // structure its type names.
    unsafe {
        while let Some(s) = next.cast_mut().cast::<vk::BaseOutStructure<'_>>().as_mut() {
            let member = match s.s_type {
                vk::StructureType::PHYSICAL_DEVICE_VULKAN_1_1_FEATURES => {
                    let f = &mut *std::ptr::from_mut(s).cast::<vk::PhysicalDeviceVulkan11Features<'_>>();
                    &mut f.protected_memory as *mut vk::Bool32
                }
                vk::StructureType::PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES => {
                    let f = &mut *std::ptr::from_mut(s).cast::<vk::PhysicalDeviceProtectedMemoryFeatures<'_>>();
                    &mut f.protected_memory as *mut vk::Bool32
                }
                _ => std::ptr::null_mut(),
            };
            if !member.is_null() && *member != vk::FALSE {
                *member = vk::FALSE;
                cleared.push(member);
            }
            next = s.p_next.cast_const().cast();
        }
    }
    cleared
}

/// Sets again what [`hide_feature`] cleared.
///
/// # Safety
/// `cleared` must be [`hide_feature`]'s answer, its chain still valid.
pub unsafe fn restore(cleared: &[*mut vk::Bool32]) {
    for &member in cleared {
        // SAFETY: a member of the caller's chain, still alive (the caller's contract).
        unsafe { *member = vk::TRUE };
    }
}
