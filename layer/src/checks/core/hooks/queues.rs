//! Core's hooks of fences and swapchains whose rules span a few lines.

use crate::chassis::Call;
use crate::checks::core::swapchains;
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkDestroyFence's rules.
    pub(super) fn validate_destroy_fence(&self, cx: &Call<'_>, fence: VkFence) -> bool {
        let root = cx.location();
        self.pending_fence(cx, fence, "VUID-vkDestroyFence-fence-01120", &root.dot("fence"))
    }

    /// vkAcquireNextImageKHR's rules.
    pub(super) fn validate_acquire_next_image_khr(
        &self,
        cx: &Call<'_>,
        swapchain: VkSwapchainKHR,
        semaphore: VkSemaphore,
        fence: VkFence,
    ) -> bool {
        let root = cx.location();
        self.acquire(cx, &swapchains::ACQUIRE, (swapchain, semaphore, fence), (&root, false))
    }

    /// vkAcquireNextImage2KHR's rules.
    pub(super) fn validate_acquire_next_image2_khr(
        &self,
        cx: &Call<'_>,
        info: *const VkAcquireNextImageInfoKHR,
    ) -> bool {
        // SAFETY: the acquire info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pAcquireInfo");
        self.acquire(cx, &swapchains::ACQUIRE2, (info.swapchain, info.semaphore, info.fence), (&at, true))
    }
}
