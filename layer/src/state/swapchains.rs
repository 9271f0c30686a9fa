//! Swapchains: which of their images the application holds (acquired, not yet presented), and
//! whether a newer swapchain retired them. Followed only for swapchains Vigil saw created;
//! anything it cannot follow (a present that failed with the device lost) stops the following.
//! Their images, as vkGetSwapchainImagesKHR returns them, get layouts like created images: each
//! subresource starts in VK_IMAGE_LAYOUT_UNDEFINED (the spec's promise for a new swapchain's
//! images), and presenting one leaves its layout as it was.

use std::sync::atomic::Ordering;

use vigil_generated::*;

use super::images::ImageShape;
use super::values::Images;
pub use super::values::SwapchainState;
use super::{StateTracker, TYPES};
use crate::chassis::raw::slice;

impl SwapchainState {
    fn images(&self) -> std::sync::MutexGuard<'_, Images> {
        self.images.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Vigil saw its creation (with `layers` array layers per image): from now on, acquires and
    /// presents are followed.
    pub fn created(&self, layers: u32) {
        let mut images = self.images();
        images.followed = true;
        images.layers = layers;
    }

    /// The handle of image `index`, once retrieved.
    pub fn image(&self, index: u32) -> Option<u64> {
        self.images().handles.get(index as usize).copied().filter(|&h| h != 0)
    }

    /// A newer swapchain named it `oldSwapchain`.
    pub fn retire(&self) {
        self.retired.store(true, Ordering::Relaxed);
    }

    /// Whether a newer swapchain retired it.
    pub fn retired(&self) -> bool {
        self.retired.load(Ordering::Relaxed)
    }

    /// The application acquired image `index`.
    pub fn acquired(&self, index: u32) {
        let mut images = self.images();
        let i = index as usize;
        if images.acquired.len() <= i {
            images.acquired.resize(i + 1, false);
        }
        images.acquired[i] = true;
    }

    /// Image `index` went back to the presentation engine.
    pub fn presented(&self, index: u32) {
        if let Some(a) = self.images().acquired.get_mut(index as usize) {
            *a = false;
        }
    }

    /// Something Vigil cannot follow happened: which images are held is no longer known.
    pub fn lost_track(&self) {
        self.images().followed = false;
    }

    /// Whether the application holds image `index`; `None` when not followed.
    pub fn holds(&self, index: u32) -> Option<bool> {
        let images = self.images();
        images.followed.then(|| images.acquired.get(index as usize).copied().unwrap_or(false))
    }
}

impl StateTracker {
    /// vkCreateSwapchainKHR returned `result`: the new swapchain is followed, and its
    /// `oldSwapchain` retired (even when creation fails, as the spec says).
    ///
    /// # Safety
    /// `info` must be the create info the application passed; `swapchain` written on success.
    pub(super) unsafe fn swapchain_created(
        &self,
        info: *const VkSwapchainCreateInfoKHR,
        swapchain: *mut VkSwapchainKHR,
        result: VkResult,
    ) {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        if let Some(old) = self.get(TYPES.swapchain, info.oldSwapchain.as_raw()) {
            if let Some(s) = old.swapchain() {
                s.retire();
            }
        }
        // SAFETY: the caller's contract.
        let Some(&handle) = (unsafe { swapchain.as_ref() }).filter(|_| result == VkResult::VK_SUCCESS) else { return };
        if let Some(s) = self.get(TYPES.swapchain, handle.as_raw()) {
            if let Some(s) = s.swapchain() {
                s.created(info.imageArrayLayers);
            }
        }
    }

    /// An acquire of `swapchain` returned `result` and, on success, `index`.
    pub(super) fn image_acquired(&self, swapchain: u64, result: VkResult, index: Option<&u32>) {
        let Some(record) = self.get(TYPES.swapchain, swapchain) else { return };
        let Some(s) = record.swapchain() else { return };
        match (result, index) {
            (VkResult::VK_SUCCESS | VkResult::VK_SUBOPTIMAL_KHR, Some(&i)) => s.acquired(i),
            // No image (a timeout, not ready) or out of date: nothing acquired.
            (VkResult::VK_TIMEOUT | VkResult::VK_NOT_READY | VkResult::VK_ERROR_OUT_OF_DATE_KHR, _) => {}
            _ => s.lost_track(),
        }
    }

    /// vkQueuePresentKHR returned `result`: each presented image goes back to the presentation
    /// engine, also when presentation fails with the swapchain out of date or the surface
    /// lost (the queue operations still happen); other failures leave it unknown.
    ///
    /// # Safety
    /// `info` must be the present info the application passed.
    pub(super) unsafe fn images_presented(&self, info: &VkPresentInfoKHR, result: VkResult) {
        let released = matches!(
            result,
            VkResult::VK_SUCCESS
                | VkResult::VK_SUBOPTIMAL_KHR
                | VkResult::VK_ERROR_OUT_OF_DATE_KHR
                | VkResult::VK_ERROR_SURFACE_LOST_KHR
                | VkResult::VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT
        );
        // SAFETY: the caller's contract: swapchainCount swapchains and image indices.
        let (swapchains, indices) =
            unsafe { (slice(info.pSwapchains, info.swapchainCount), slice(info.pImageIndices, info.swapchainCount)) };
        for (sc, &i) in swapchains.iter().zip(indices) {
            let Some(record) = self.get(TYPES.swapchain, sc.as_raw()) else { continue };
            let Some(s) = record.swapchain() else { continue };
            if released {
                s.presented(i);
            } else {
                s.lost_track();
            }
        }
    }

    /// vkGetSwapchainImagesKHR returned `result`: each image returned gets its subresources, in
    /// VK_IMAGE_LAYOUT_UNDEFINED (once: asking again changes nothing).
    ///
    /// # Safety
    /// `count` and `images` must be the pointers the application passed to the call that returned.
    pub(super) unsafe fn swapchain_images(
        &self,
        swapchain: VkSwapchainKHR,
        count: *const u32,
        images: *const VkImage,
        result: VkResult,
    ) {
        if !matches!(result, VkResult::VK_SUCCESS | VkResult::VK_INCOMPLETE) || images.is_null() {
            return;
        }
        let Some(record) = self.get(TYPES.swapchain, swapchain.as_raw()) else { return };
        let Some(s) = record.swapchain() else { return };
        // SAFETY: the call wrote the count and that many images.
        let images = unsafe { slice(images, count.as_ref().copied().unwrap_or(0)) };
        let mut state = s.images();
        if state.layers == 0 {
            return;
        }
        let shape = ImageShape { levels: 1, layers: state.layers };
        if state.handles.len() < images.len() {
            state.handles.resize(images.len(), 0);
        }
        for (i, image) in images.iter().enumerate() {
            state.handles[i] = image.as_raw();
            let Some(r) = self.get(TYPES.image, image.as_raw()).filter(|r| !r.aliased()) else { continue };
            if let Some(image) = r.image() {
                image.retrieved(shape);
            }
        }
    }
}
