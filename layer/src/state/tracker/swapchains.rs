//! The tracker's hooks of swapchains: creation, their images, acquisition.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use vigil_generated::*;

impl StateTracker {
    /// vkAcquireNextImage2KHR, after the call.
    pub(super) fn after_acquire_next_image2_khr(
        &self,
        info: *const VkAcquireNextImageInfoKHR,
        index: *mut u32,
        result: VkResult,
    ) {
        // SAFETY: the acquire info the application passed.
        let Some(info) = (unsafe { info.as_ref() }).filter(|_| result.0 >= 0) else { return };
        self.binary_payload(info.semaphore.as_raw(), Some(true));
        self.fence_signaled(info.fence.as_raw());
        // SAFETY: on success the driver wrote the index.
        self.image_acquired(info.swapchain.as_raw(), result, unsafe { index.as_ref() });
    }

    /// vkCreateSwapchainKHR, after the call.
    pub(super) fn after_create_swapchain_khr(
        &self,
        cx: &Call<'_>,
        info: *const VkSwapchainCreateInfoKHR,
        swapchain: *mut VkSwapchainKHR,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the create info the application passed; on success the driver wrote the handle.
        unsafe { self.swapchain_created(info, swapchain, result) };
    }

    /// vkGetSwapchainImagesKHR, after the call.
    pub(super) fn after_get_swapchain_images_khr(
        &self,
        cx: &Call<'_>,
        swapchain: VkSwapchainKHR,
        count: *mut u32,
        images: *mut VkImage,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the pointers the application passed to the call that returned.
        unsafe { self.swapchain_images(swapchain, count, images, result) };
    }
}
