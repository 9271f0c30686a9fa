//! `video-queue`: the shim advertises `VK_KHR_video_queue` (with `VK_KHR_video_decode_queue` and
//! `VK_KHR_video_decode_h264`, so that a video profile can name a codec), gives every queue family
//! `VK_QUEUE_VIDEO_DECODE_BIT_KHR`, and implements the extension's commands itself as a driver
//! with nothing to decode would: video sessions are values the shim hands out, they need no
//! memory, and beginning, controlling and ending a video coding scope records nothing. Lavapipe
//! has no video, and the rules about video coding scopes (`-videocoding`) need one. It also
//! answers `vkGetPhysicalDeviceVideoFormatPropertiesKHR` with one format ([`DECODE_FORMAT`]),
//! for the rule that an image for video profiles has a format they support.

use std::ffi::{c_char, CStr};

use ash::vk;

/// The extensions the switch adds, with the revisions the pinned registry has.
pub const EXTENSIONS: [(&CStr, u32); 3] =
    [(c"VK_KHR_video_queue", 8), (c"VK_KHR_video_decode_queue", 8), (c"VK_KHR_video_decode_h264", 9)];
/// Raw values of the shim's video sessions: apart from the synthetic objects'.
const SESSION_BASE: u64 = 0x5a5b_0000_0000_0000;

/// The one format the shim's driver decodes to and from, for every profile.
pub const DECODE_FORMAT: vk::Format = vk::Format::G8_B8R8_2PLANE_420_UNORM;
/// The usages the shim's driver supports on [`DECODE_FORMAT`] (decoding only: it encodes nothing).
pub const DECODE_USAGE: vk::ImageUsageFlags = vk::ImageUsageFlags::from_raw(
    vk::ImageUsageFlags::VIDEO_DECODE_DST_KHR.as_raw()
        | vk::ImageUsageFlags::VIDEO_DECODE_DPB_KHR.as_raw()
        | vk::ImageUsageFlags::SAMPLED.as_raw()
        | vk::ImageUsageFlags::TRANSFER_SRC.as_raw()
        | vk::ImageUsageFlags::TRANSFER_DST.as_raw(),
);

/// The extensions' properties, for the device extension list.
pub fn extensions() -> impl Iterator<Item = vk::ExtensionProperties> {
    EXTENSIONS.into_iter().map(|(name, spec_version)| {
        let mut p = vk::ExtensionProperties { spec_version, ..Default::default() };
        for (d, s) in p.extension_name.iter_mut().zip(name.to_bytes()) {
            *d = *s as c_char;
        }
        p
    })
}

/// Whether `name` is one of [`EXTENSIONS`].
pub fn is_video_extension(name: *const c_char) -> bool {
    EXTENSIONS.iter().any(|(n, _)| crate::same_name(name, n))
}

/// The commands the shim implements for a device that enabled the extension.
pub fn function(name: *const c_char) -> Option<vk::PFN_vkVoidFunction> {
    let ours = [
        (c"vkCreateVideoSessionKHR", void_fn!(create_session, vk::PFN_vkCreateVideoSessionKHR)),
        (c"vkDestroyVideoSessionKHR", void_fn!(destroy_session, vk::PFN_vkDestroyVideoSessionKHR)),
        (
            c"vkGetVideoSessionMemoryRequirementsKHR",
            void_fn!(session_memory_requirements, vk::PFN_vkGetVideoSessionMemoryRequirementsKHR),
        ),
        (c"vkBindVideoSessionMemoryKHR", void_fn!(bind_session_memory, vk::PFN_vkBindVideoSessionMemoryKHR)),
        (c"vkCmdBeginVideoCodingKHR", void_fn!(cmd_begin, vk::PFN_vkCmdBeginVideoCodingKHR)),
        (c"vkCmdEndVideoCodingKHR", void_fn!(cmd_end, vk::PFN_vkCmdEndVideoCodingKHR)),
        (c"vkCmdControlVideoCodingKHR", void_fn!(cmd_control, vk::PFN_vkCmdControlVideoCodingKHR)),
    ];
    ours.into_iter().find(|(n, _)| crate::same_name(name, n)).map(|(_, f)| f)
}

/// The physical-device commands the shim implements for an instance with the switch.
pub fn instance_function(name: *const c_char) -> Option<vk::PFN_vkVoidFunction> {
    crate::same_name(name, c"vkGetPhysicalDeviceVideoFormatPropertiesKHR")
        .then(|| void_fn!(video_format_properties, vk::PFN_vkGetPhysicalDeviceVideoFormatPropertiesKHR))
}

/// [`DECODE_FORMAT`] for a usage within [`DECODE_USAGE`]; a usage beyond it is not supported, as a
/// driver answers for usages its profiles do not allow.
unsafe extern "system" fn video_format_properties(
    _physical_device: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceVideoFormatInfoKHR<'_>,
    count: *mut u32,
    out: *mut vk::VideoFormatPropertiesKHR<'_>,
) -> vk::Result {
    // SAFETY: NULL or the caller's info (the spec requires a valid one).
    let Some(info) = (unsafe { info.as_ref() }) else { return vk::Result::ERROR_INITIALIZATION_FAILED };
    if count.is_null() {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    if !DECODE_USAGE.contains(info.image_usage) {
        return vk::Result::ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR;
    }
    // SAFETY: the caller's count, and its array of `*count` structures when not NULL.
    unsafe {
        if out.is_null() {
            *count = 1;
            return vk::Result::SUCCESS;
        }
        if *count == 0 {
            return vk::Result::INCOMPLETE;
        }
        // The members one by one: the structure's sType and pNext are the caller's.
        let p = &mut *out;
        p.format = DECODE_FORMAT;
        p.component_mapping = vk::ComponentMapping::default();
        p.image_create_flags = vk::ImageCreateFlags::MUTABLE_FORMAT | vk::ImageCreateFlags::EXTENDED_USAGE;
        p.image_type = vk::ImageType::TYPE_2D;
        p.image_tiling = vk::ImageTiling::OPTIMAL;
        p.image_usage_flags = DECODE_USAGE;
        *count = 1;
    }
    vk::Result::SUCCESS
}

unsafe extern "system" fn create_session(
    _device: vk::Device,
    info: *const vk::VideoSessionCreateInfoKHR<'_>,
    _allocator: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::VideoSessionKHR,
) -> vk::Result {
    if info.is_null() || out.is_null() {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    let mut s = crate::state();
    s.handed_out += 1;
    let raw = SESSION_BASE | s.handed_out << 4;
    // SAFETY: checked non-null; the application's output.
    unsafe { *out = vk::Handle::from_raw(raw) };
    vk::Result::SUCCESS
}

unsafe extern "system" fn destroy_session(
    _device: vk::Device,
    _session: vk::VideoSessionKHR,
    _allocator: *const vk::AllocationCallbacks<'_>,
) {
}

unsafe extern "system" fn session_memory_requirements(
    _device: vk::Device,
    _session: vk::VideoSessionKHR,
    count: *mut u32,
    _out: *mut vk::VideoSessionMemoryRequirementsKHR<'_>,
) -> vk::Result {
    if !count.is_null() {
        // SAFETY: the application's count. A session of the shim needs no memory.
        unsafe { *count = 0 };
    }
    vk::Result::SUCCESS
}

unsafe extern "system" fn bind_session_memory(
    _device: vk::Device,
    _session: vk::VideoSessionKHR,
    _count: u32,
    _infos: *const vk::BindVideoSessionMemoryInfoKHR<'_>,
) -> vk::Result {
    vk::Result::SUCCESS
}

unsafe extern "system" fn cmd_begin(_cb: vk::CommandBuffer, _info: *const vk::VideoBeginCodingInfoKHR<'_>) {}

unsafe extern "system" fn cmd_end(_cb: vk::CommandBuffer, _info: *const vk::VideoEndCodingInfoKHR<'_>) {}

unsafe extern "system" fn cmd_control(_cb: vk::CommandBuffer, _info: *const vk::VideoCodingControlInfoKHR<'_>) {}
