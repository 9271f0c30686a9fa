//! `corner-sampled-image`: the shim advertises `VK_NV_corner_sampled_image` (lavapipe lacks it),
//! keeps it and `VkPhysicalDeviceCornerSampledImageFeaturesNV` from the driver at device
//! creation, and takes `VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV` out of image create infos (a copy
//! of the application's) before lavapipe sees them: lavapipe makes such an image as an ordinary
//! one. Nothing else of the extension is implemented: the draw-time rule the switch serves reads
//! the flag the application created the image with, and nothing the tests record with one is
//! submitted.

use std::ffi::{c_char, CStr};

use ash::vk;

/// The extension the switch adds, with the revision the pinned registry has.
pub const EXTENSION: (&CStr, u32) = (c"VK_NV_corner_sampled_image", 2);

/// The extension's properties, for the device extension list.
pub fn extension() -> vk::ExtensionProperties {
    vk::ExtensionProperties::default().spec_version(EXTENSION.1).extension_name(EXTENSION.0).expect("a short name")
}

/// Whether `name` is [`EXTENSION`].
pub fn is_extension(name: *const c_char) -> bool {
    crate::same_name(name, EXTENSION.0)
}

/// The devices of instances with the switch (by dispatch key), with the next layer's
/// vkCreateImage.
static DEVICES: std::sync::Mutex<Vec<(usize, vk::PFN_vkCreateImage)>> = std::sync::Mutex::new(Vec::new());

fn devices() -> std::sync::MutexGuard<'static, Vec<(usize, vk::PFN_vkCreateImage)>> {
    // A panic elsewhere leaves the list consistent enough for a test layer.
    DEVICES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Device `key` (`device`, whose next layer answers `gdpa`) was created with the switch on.
/// False where the next layer has no vkCreateImage.
///
/// # Safety
/// `gdpa` must be the next layer's vkGetDeviceProcAddr, and `device` its device.
pub unsafe fn device_created(key: usize, device: vk::Device, gdpa: vk::PFN_vkGetDeviceProcAddr) -> bool {
    // SAFETY: the next layer's function, by its name.
    let Some(create) = (unsafe { gdpa(device, c"vkCreateImage".as_ptr()) }) else { return false };
    // SAFETY: the function that name gives, of that type.
    let create = unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkCreateImage>(create) };
    devices().push((key, create));
    true
}

/// Device `key` is gone.
pub fn device_destroyed(key: usize) {
    devices().retain(|&(k, _)| k != key);
}

/// vkCreateImage for a device with the switch on; `None` for other devices and commands.
pub fn function(key: usize, name: *const c_char) -> Option<vk::PFN_vkVoidFunction> {
    let on = devices().iter().any(|&(k, _)| k == key);
    (on && crate::same_name(name, c"vkCreateImage")).then(|| void_fn!(create_image, vk::PFN_vkCreateImage))
}

/// The flag the switch takes out of image create infos.
const CORNER_SAMPLED: vk::ImageCreateFlags = vk::ImageCreateFlags::CORNER_SAMPLED_NV;

/// vkCreateImage: lavapipe gets a copy of the create info without the corner-sampled flag.
unsafe extern "system" fn create_image(
    device: vk::Device,
    info: *const vk::ImageCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    image: *mut vk::Image,
) -> vk::Result {
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(vk::Handle::as_raw(device)) };
    let Some(next) = devices().iter().find(|&&(k, _)| k == key).map(|&(_, f)| f) else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    // SAFETY: the application's create info, when given, copied (its chain shared).
    let local = unsafe { info.as_ref() }.map(|i| vk::ImageCreateInfo { flags: i.flags & !CORNER_SAMPLED, ..*i });
    // SAFETY: the application's arguments, the create info replaced by the copy.
    unsafe { next(device, local.as_ref().map_or(info, std::ptr::from_ref), allocator, image) }
}
