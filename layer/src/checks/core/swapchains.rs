//! Swapchains: creation against what the surface supports (asked of the driver through the
//! physical device's surface queries), acquiring from a swapchain that is not retired with a
//! binary semaphore and fence that are not already signaled, and presenting only images the
//! application holds, each swapchain once, each image in a layout it may be presented in.
//!
//! Not checked: a surface no queue family supports (-01270: lavapipe's families support every
//! surface), minImageCount above the surface's maxImageCount (-01272: lavapipe's surfaces
//! have no maximum, so no test could see it), the surface-independent members the generated rules cover, the shared present
//! modes' rules (lavapipe has none), scaling (`VkSwapchainPresentScalingCreateInfoKHR`: its
//! extent rule is left out). A presented image's layout is checked where the tracker knows it (the
//! image was retrieved from a swapchain Vigil saw created, and no command it cannot follow left it
//! unknown).

use vigil_generated::*;

use super::fences::FenceIds;
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::{layout_name, UNKNOWN};
use crate::state::TYPES;

/// The ids of one acquire command.
pub(super) struct AcquireIds {
    pub retired: &'static str,
    pub binary: &'static str,
    pub semaphore_unsignaled: &'static str,
    pub fence: FenceIds,
}

pub(super) const ACQUIRE: AcquireIds = AcquireIds {
    retired: "VUID-vkAcquireNextImageKHR-swapchain-01285",
    binary: "VUID-vkAcquireNextImageKHR-semaphore-03265",
    semaphore_unsignaled: "VUID-vkAcquireNextImageKHR-semaphore-01286",
    fence: FenceIds {
        unsignaled: "VUID-vkAcquireNextImageKHR-fence-01287",
        not_pending: "VUID-vkAcquireNextImageKHR-fence-10066",
    },
};

pub(super) const ACQUIRE2: AcquireIds = AcquireIds {
    retired: "VUID-VkAcquireNextImageInfoKHR-swapchain-01675",
    binary: "VUID-VkAcquireNextImageInfoKHR-semaphore-03266",
    semaphore_unsignaled: "VUID-VkAcquireNextImageInfoKHR-semaphore-01288",
    fence: FenceIds {
        unsignaled: "VUID-VkAcquireNextImageInfoKHR-fence-01289",
        not_pending: "VUID-VkAcquireNextImageInfoKHR-fence-10067",
    },
};

/// Present modes whose rules are the usual ones (not the shared ones).
fn usual_mode(mode: VkPresentModeKHR) -> bool {
    !matches!(
        mode,
        VkPresentModeKHR::VK_PRESENT_MODE_SHARED_DEMAND_REFRESH_KHR
            | VkPresentModeKHR::VK_PRESENT_MODE_SHARED_CONTINUOUS_REFRESH_KHR
    )
}

impl CoreChecks {
    /// vkCreateSwapchainKHR's create info against the surface. True to skip the call.
    ///
    /// # Safety
    /// `info` must be the create info the application passed (stateless checked it).
    pub(super) unsafe fn swapchain_create_info(&self, cx: &Call<'_>, info: *const VkSwapchainCreateInfoKHR) -> bool {
        let Some(facts) = cx.device() else { return false };
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let q = &facts.surfaces;
        let root = cx.location();
        let at = root.dot("pCreateInfo");
        let mut skip = false;
        let surface = info.surface;
        if q.supported(surface) == Some(false) {
            skip |= cx.error(
                "VUID-VkSwapchainCreateInfoKHR-surface-01270",
                &at.arrow("surface"),
                format_args!(
                    "({:#x}) is a surface none of the device's queue families can present to \
                     (vkGetPhysicalDeviceSurfaceSupportKHR).",
                    surface.as_raw()
                ),
            );
        }
        if let Some(caps) = q.capabilities(surface) {
            skip |= self.against_capabilities(cx, info, &caps, &at);
        }
        if let Some(formats) = q.formats(surface) {
            let found = formats.iter().any(|f| f.format == info.imageFormat && f.colorSpace == info.imageColorSpace);
            if !found {
                skip |= cx.error(
                    "VUID-VkSwapchainCreateInfoKHR-imageFormat-01273",
                    &at.arrow("imageFormat"),
                    format_args!(
                        "({:?}) with imageColorSpace {:?} is not one of the surface's {} formats.",
                        info.imageFormat,
                        info.imageColorSpace,
                        formats.len()
                    ),
                );
            }
        }
        if let Some(modes) = q.present_modes(surface) {
            if !modes.contains(&info.presentMode) {
                skip |= cx.error(
                    "VUID-VkSwapchainCreateInfoKHR-presentMode-01281",
                    &at.arrow("presentMode"),
                    format_args!("({:?}) is not one of the surface's present modes {modes:?}.", info.presentMode),
                );
            }
        }
        skip
    }

    /// The members `caps` (the surface's capabilities) bounds. True to skip the call.
    fn against_capabilities(
        &self,
        cx: &Call<'_>,
        info: &VkSwapchainCreateInfoKHR,
        caps: &VkSurfaceCapabilitiesKHR,
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        let mut error = |vuid: &'static str, member: &'static str, m: std::fmt::Arguments<'_>| {
            skip |= cx.error(vuid, &at.arrow(member), m);
        };
        let n = info.minImageCount;
        if usual_mode(info.presentMode) && n < caps.minImageCount {
            error(
                "VUID-VkSwapchainCreateInfoKHR-presentMode-02839",
                "minImageCount",
                format_args!("({n}) is less than the surface's minImageCount ({}).", caps.minImageCount),
            );
        }
        if caps.maxImageCount != 0 && n > caps.maxImageCount {
            error(
                "VUID-VkSwapchainCreateInfoKHR-minImageCount-01272",
                "minImageCount",
                format_args!("({n}) is more than the surface's maxImageCount ({}).", caps.maxImageCount),
            );
        }
        // SAFETY: the application's chain (stateless checked it).
        let scaling = unsafe {
            chained::<VkSwapchainPresentScalingCreateInfoKHR>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_SCALING_CREATE_INFO_KHR,
            )
        };
        let (e, lo, hi) = (info.imageExtent, caps.minImageExtent, caps.maxImageExtent);
        let inside = (lo.width..=hi.width).contains(&e.width) && (lo.height..=hi.height).contains(&e.height);
        if scaling.is_none_or(|s| s.scalingBehavior.0 == 0) && !inside {
            error(
                "VUID-VkSwapchainCreateInfoKHR-pNext-07781",
                "imageExtent",
                format_args!(
                    "({}x{}) is outside the surface's minImageExtent ({}x{}) to maxImageExtent ({}x{}).",
                    e.width, e.height, lo.width, lo.height, hi.width, hi.height
                ),
            );
        }
        if info.imageArrayLayers > caps.maxImageArrayLayers {
            error(
                "VUID-VkSwapchainCreateInfoKHR-imageArrayLayers-01275",
                "imageArrayLayers",
                format_args!(
                    "({}) is more than the surface's maxImageArrayLayers ({}).",
                    info.imageArrayLayers, caps.maxImageArrayLayers
                ),
            );
        }
        let usage = info.imageUsage.0;
        if usual_mode(info.presentMode) && usage & !caps.supportedUsageFlags.0 != 0 {
            error(
                "VUID-VkSwapchainCreateInfoKHR-presentMode-01427",
                "imageUsage",
                format_args!(
                    "({usage:#x}) has bits {:#x} the surface's supportedUsageFlags ({:#x}) lack.",
                    usage & !caps.supportedUsageFlags.0,
                    caps.supportedUsageFlags.0
                ),
            );
        }
        let transform = info.preTransform.0;
        if transform & caps.supportedTransforms.0 != transform || transform == 0 {
            error(
                "VUID-VkSwapchainCreateInfoKHR-preTransform-01279",
                "preTransform",
                format_args!(
                    "({transform:#x}) is not one of the surface's supportedTransforms ({:#x}).",
                    caps.supportedTransforms.0
                ),
            );
        }
        let alpha = info.compositeAlpha.0;
        if alpha & caps.supportedCompositeAlpha.0 != alpha || alpha == 0 {
            error(
                "VUID-VkSwapchainCreateInfoKHR-compositeAlpha-01280",
                "compositeAlpha",
                format_args!(
                    "({alpha:#x}) is not one of the surface's supportedCompositeAlpha ({:#x}).",
                    caps.supportedCompositeAlpha.0
                ),
            );
        }
        skip
    }

    /// An acquire from `swapchain` signaling `semaphore` and `fence`: parameters of the command
    /// at `at`, or members of the structure there (`arrow`). True to skip the call.
    pub(super) fn acquire(
        &self,
        cx: &Call<'_>,
        ids: &AcquireIds,
        (swapchain, semaphore, fence): (VkSwapchainKHR, VkSemaphore, VkFence),
        (at, arrow): (&Location<'_>, bool),
    ) -> bool {
        let member = |name| if arrow { at.arrow(name) } else { at.dot(name) };
        let mut skip = false;
        let retired =
            self.get(TYPES.swapchain, swapchain.as_raw()).is_some_and(|r| r.swapchain().is_some_and(|s| s.retired()));
        if retired {
            skip |= cx.error(
                ids.retired,
                &member("swapchain"),
                format_args!(
                    "({:#x}) was retired by a newer swapchain created with it as oldSwapchain.",
                    swapchain.as_raw()
                ),
            );
        }
        let record = self.get(TYPES.semaphore, semaphore.as_raw()).filter(|r| !r.aliased());
        if let Some(s) = record.as_ref().and_then(|r| r.semaphore()) {
            let h = semaphore.as_raw();
            if s.timeline() {
                skip |= cx.error(ids.binary, &member("semaphore"), format_args!("({h:#x}) is a timeline semaphore."));
            } else if s.binary_signaled() == Some(true) {
                skip |= cx.error(
                    ids.semaphore_unsignaled,
                    &member("semaphore"),
                    format_args!("({h:#x}) is signaled, or a pending operation signals it, and no wait consumed that."),
                );
            }
        }
        skip | self.signaled_fence(cx, fence, &ids.fence, &member("fence"))
    }

    /// vkQueuePresentKHR: each swapchain once, each image one the application holds. True to
    /// skip the call.
    ///
    /// # Safety
    /// `info` must be the present info the application passed (stateless checked it).
    pub(super) unsafe fn present(&self, cx: &Call<'_>, info: *const VkPresentInfoKHR) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        // SAFETY: swapchainCount swapchains and indices.
        let (swapchains, indices) =
            unsafe { (slice(info.pSwapchains, info.swapchainCount), slice(info.pImageIndices, info.swapchainCount)) };
        let root = cx.location();
        let at = root.dot("pPresentInfo");
        let mut skip = self.present_waits(cx, info, &at);
        for (i, (sc, &index)) in swapchains.iter().zip(indices).enumerate() {
            if let Some(first) = swapchains[..i].iter().position(|s| s == sc) {
                let list = at.arrow("pSwapchains");
                skip |= cx.error(
                    "VUID-VkPresentInfoKHR-pSwapchain-09231",
                    &list.index(i),
                    format_args!("({:#x}) is also pSwapchains[{first}].", sc.as_raw()),
                );
                continue;
            }
            let record = self.get(TYPES.swapchain, sc.as_raw());
            let Some(state) = record.as_ref().and_then(|r| r.swapchain()) else { continue };
            let list = at.arrow("pImageIndices");
            if state.holds(index) == Some(false) {
                skip |= cx.error(
                    "VUID-VkPresentInfoKHR-pImageIndices-01430",
                    &list.index(i),
                    format_args!(
                        "is {index}, an image of swapchain {:#x} that is not acquired: acquire it (again) before \
                         presenting it.",
                        sc.as_raw()
                    ),
                );
            } else if let Some((image, layer, layout)) = self.unpresentable_layout(state.image(index)) {
                skip |= cx.error(
                    "VUID-VkPresentInfoKHR-pImageIndices-01430",
                    &list.index(i),
                    format_args!(
                        "is {index}, but image {image:#x} of swapchain {:#x} (array layer {layer}) is in {} as the \
                         command buffers submitted so far leave it, not VK_IMAGE_LAYOUT_PRESENT_SRC_KHR or \
                         VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR: transition it before presenting it.",
                        sc.as_raw(),
                        layout_name(layout)
                    ),
                );
            }
        }
        skip
    }

    /// A swapchain image (`image`: its handle, once retrieved) whose layout, as the submissions
    /// so far leave it, is known and not one it may be presented in: the image, the array layer
    /// and its layout.
    fn unpresentable_layout(&self, image: Option<u64>) -> Option<(u64, u32, i32)> {
        use VkImageLayout as L;
        let record = self.get(TYPES.image, image?).filter(|r| !r.aliased())?;
        let state = record.image()?;
        let shape = state.shape()?;
        let layouts = state.snapshot();
        let color = VkImageSubresourceRange {
            aspectMask: VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT,
            baseMipLevel: 0,
            levelCount: 1,
            baseArrayLayer: 0,
            layerCount: shape.layers,
        };
        let presentable = [L::VK_IMAGE_LAYOUT_PRESENT_SRC_KHR.0, L::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR.0];
        let found = shape.range(&color).find_map(|i| {
            let l = *layouts.get(i)?;
            (l != UNKNOWN && !presentable.contains(&l)).then(|| (record.key.handle, shape.subresource(i).1, l))
        });
        found
    }
}
