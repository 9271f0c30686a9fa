//! Swapchains through the real loader on lavapipe, on a headless surface
//! (`VK_EXT_headless_surface`): creation against what the surface supports, acquiring, and
//! presenting. Each case: the exact ids of the invalid call (skipped, so it never reaches
//! lavapipe), and its valid neighbour, which reports nothing. The driver shim bounds the surface's
//! image count (`bounded-surface-images`); `core_swapchain_support.rs` has a surface no queue family
//! supports.

use ash::vk;
use vigil_tests::swapchains::supported_swapchain_info;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

struct Fixture {
    ctx: Context,
    surface_fns: ash::khr::surface::Instance,
    swapchain_fns: ash::khr::swapchain::Device,
    surface: vk::SurfaceKHR,
    caps: vk::SurfaceCapabilitiesKHR,
    format: vk::SurfaceFormatKHR,
    modes: Vec<vk::PresentModeKHR>,
}

impl Fixture {
    /// A device and a headless surface, with the driver shim's switches `shim`.
    fn new(shim: &str) -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim(shim).entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .instance_extensions(&[c"VK_KHR_surface", c"VK_EXT_headless_surface"])
            .device_extensions(&[c"VK_KHR_swapchain"])
            .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().timeline_semaphore(true))
            .build_skipping_errors(&entry);
        let headless = ash::ext::headless_surface::Instance::new(&ctx.entry, &ctx.instance);
        // SAFETY: a headless surface on an instance with the extension.
        let surface = unsafe { headless.create_headless_surface(&vk::HeadlessSurfaceCreateInfoEXT::default(), None) }
            .expect("vkCreateHeadlessSurfaceEXT");
        let surface_fns = ash::khr::surface::Instance::new(&ctx.entry, &ctx.instance);
        let swapchain_fns = ash::khr::swapchain::Device::new(&ctx.instance, &ctx.device);
        let pd = ctx.physical_device;
        // SAFETY: queries of a live surface.
        let (caps, formats, modes) = unsafe {
            (
                surface_fns.get_physical_device_surface_capabilities(pd, surface).expect("capabilities"),
                surface_fns.get_physical_device_surface_formats(pd, surface).expect("formats"),
                surface_fns.get_physical_device_surface_present_modes(pd, surface).expect("present modes"),
            )
        };
        Fixture { ctx, surface_fns, swapchain_fns, surface, caps, format: formats[0], modes }
    }

    /// A create info the surface supports.
    fn info(&self) -> vk::SwapchainCreateInfoKHR<'static> {
        supported_swapchain_info(self.surface, &self.caps, self.format)
    }

    /// vkCreateSwapchainKHR with `info`: the ids reported, and the swapchain when made.
    fn create(&self, info: &vk::SwapchainCreateInfoKHR<'_>) -> (Vec<String>, Option<vk::SwapchainKHR>) {
        let mut made = None;
        let ids = self.ctx.messages.problem_ids_of(|| {
            // SAFETY: the create info; invalid ones are skipped by Vigil.
            made = unsafe { self.swapchain_fns.create_swapchain(info, None) }.ok();
        });
        (ids, made)
    }

    fn create_ids(&self, info: &vk::SwapchainCreateInfoKHR<'_>) -> Vec<String> {
        let (ids, made) = self.create(info);
        if let Some(s) = made {
            // SAFETY: unused.
            unsafe { self.swapchain_fns.destroy_swapchain(s, None) };
        }
        ids
    }

    fn fence(&self, signaled: bool) -> vk::Fence {
        let flags = if signaled { vk::FenceCreateFlags::SIGNALED } else { vk::FenceCreateFlags::empty() };
        // SAFETY: plain creation.
        unsafe { self.ctx.device.create_fence(&vk::FenceCreateInfo::default().flags(flags), None) }
            .expect("vkCreateFence")
    }

    fn semaphore(&self, timeline: bool) -> vk::Semaphore {
        let mut ty = vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE);
        let mut info = vk::SemaphoreCreateInfo::default();
        if timeline {
            info = info.push_next(&mut ty);
        }
        // SAFETY: plain creation.
        unsafe { self.ctx.device.create_semaphore(&info, None) }.expect("vkCreateSemaphore")
    }

    /// vkAcquireNextImageKHR (or vkAcquireNextImage2KHR with `two`): the ids and the index.
    fn acquire(
        &self,
        sc: vk::SwapchainKHR,
        semaphore: vk::Semaphore,
        fence: vk::Fence,
        two: bool,
    ) -> (Vec<String>, Option<u32>) {
        let mut index = None;
        let ids = self.ctx.messages.problem_ids_of(|| {
            // SAFETY: live objects; invalid calls are skipped by Vigil.
            index = unsafe {
                if two {
                    let info = vk::AcquireNextImageInfoKHR::default()
                        .swapchain(sc)
                        .timeout(u64::MAX)
                        .semaphore(semaphore)
                        .fence(fence)
                        .device_mask(1);
                    self.swapchain_fns.acquire_next_image2(&info)
                } else {
                    self.swapchain_fns.acquire_next_image(sc, u64::MAX, semaphore, fence)
                }
            }
            .ok()
            .map(|(i, _)| i);
        });
        (ids, index)
    }

    fn wait(&self, fence: vk::Fence) {
        // SAFETY: a fence of this device.
        unsafe {
            self.ctx.device.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
            self.ctx.device.reset_fences(&[fence]).expect("vkResetFences");
        }
    }

    /// Moves image `index` of `sc` to PRESENT_SRC_KHR (submitted and waited for).
    fn to_present_layout(&self, sc: vk::SwapchainKHR, index: u32) {
        // SAFETY: a live swapchain.
        let images = unsafe { self.swapchain_fns.get_swapchain_images(sc) }.expect("vkGetSwapchainImagesKHR");
        let barrier = vk::ImageMemoryBarrier::default()
            .image(images[index as usize])
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::PRESENT_SRC_KHR)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .subresource_range(
                vk::ImageSubresourceRange::default()
                    .aspect_mask(vk::ImageAspectFlags::COLOR)
                    .level_count(1)
                    .layer_count(1),
            );
        self.ctx.submit_and_wait(|cb| {
            // SAFETY: a recording command buffer.
            unsafe {
                self.ctx.device.cmd_pipeline_barrier(
                    cb,
                    vk::PipelineStageFlags::TOP_OF_PIPE,
                    vk::PipelineStageFlags::BOTTOM_OF_PIPE,
                    vk::DependencyFlags::empty(),
                    &[],
                    &[],
                    &[barrier],
                )
            }
        });
    }

    fn present(&self, swapchains: &[vk::SwapchainKHR], indices: &[u32]) -> Vec<String> {
        self.ctx.messages.problem_ids_of(|| {
            let info = vk::PresentInfoKHR::default().swapchains(swapchains).image_indices(indices);
            // SAFETY: live swapchains; invalid presents are skipped by Vigil.
            let _ = unsafe { self.swapchain_fns.queue_present(self.ctx.queue, &info) };
        })
    }
}

#[test]
fn swapchains() {
    let f = Fixture::new("bounded-surface-images");
    creation(&f);
    acquire_and_present(&f);
    // SAFETY: nothing uses the surface any more.
    unsafe { f.surface_fns.destroy_surface(f.surface, None) };
}

fn creation(f: &Fixture) {
    let c = f.caps;
    println!("caps {c:?}\nformat {:?}\nmodes {:?}", f.format, f.modes);
    assert_eq!(f.create_ids(&f.info()), NONE);

    assert!(c.min_image_count > 1, "the surface's minImageCount is {}: the test needs more than 1", c.min_image_count);
    let too_few = f.info().min_image_count(c.min_image_count - 1);
    assert_eq!(f.create_ids(&too_few), ["VUID-VkSwapchainCreateInfoKHR-presentMode-02839"]);
    assert_eq!(f.create_ids(&f.info().min_image_count(c.min_image_count)), NONE);
    assert_eq!(c.max_image_count, c.min_image_count + 1, "the driver shim bounds the image count");
    let too_many = f.info().min_image_count(c.max_image_count + 1);
    assert_eq!(f.create_ids(&too_many), ["VUID-VkSwapchainCreateInfoKHR-minImageCount-01272"]);
    assert_eq!(f.create_ids(&f.info().min_image_count(c.max_image_count)), NONE);

    // A format the surface does not offer (a valid one for images).
    let other = vk::Format::R8_UNORM;
    assert_ne!(f.format.format, other);
    assert_eq!(f.create_ids(&f.info().image_format(other)), ["VUID-VkSwapchainCreateInfoKHR-imageFormat-01273"]);

    let max = c.max_image_extent;
    let wide = vk::Extent2D { width: max.width + 1, height: 64.clamp(c.min_image_extent.height, max.height) };
    assert_eq!(f.create_ids(&f.info().image_extent(wide)), ["VUID-VkSwapchainCreateInfoKHR-pNext-07781"]);
    let widest = vk::Extent2D { width: max.width.min(4096), ..wide };
    assert_eq!(f.create_ids(&f.info().image_extent(widest)), NONE);

    let layers = f.info().image_array_layers(c.max_image_array_layers + 1);
    assert_eq!(f.create_ids(&layers), ["VUID-VkSwapchainCreateInfoKHR-imageArrayLayers-01275"]);

    let unsupported_usage = vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
    assert!(!c.supported_usage_flags.contains(unsupported_usage), "{:?}", c.supported_usage_flags);
    let usage = f.info().image_usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | unsupported_usage);
    assert_eq!(f.create_ids(&usage), ["VUID-VkSwapchainCreateInfoKHR-presentMode-01427"]);
    let core_usage = vk::ImageUsageFlags::from_raw(0xff);
    assert_eq!(f.create_ids(&f.info().image_usage(c.supported_usage_flags & core_usage)), NONE);

    let rotate = vk::SurfaceTransformFlagsKHR::ROTATE_90;
    assert!(!c.supported_transforms.contains(rotate), "{:?}", c.supported_transforms);
    assert_eq!(f.create_ids(&f.info().pre_transform(rotate)), ["VUID-VkSwapchainCreateInfoKHR-preTransform-01279"]);

    let alpha = [
        vk::CompositeAlphaFlagsKHR::OPAQUE,
        vk::CompositeAlphaFlagsKHR::PRE_MULTIPLIED,
        vk::CompositeAlphaFlagsKHR::POST_MULTIPLIED,
        vk::CompositeAlphaFlagsKHR::INHERIT,
    ]
    .into_iter()
    .find(|a| !c.supported_composite_alpha.contains(*a))
    .expect("the surface supports every composite alpha");
    assert_eq!(f.create_ids(&f.info().composite_alpha(alpha)), ["VUID-VkSwapchainCreateInfoKHR-compositeAlpha-01280"]);

    let mode = [vk::PresentModeKHR::IMMEDIATE, vk::PresentModeKHR::MAILBOX, vk::PresentModeKHR::FIFO_RELAXED]
        .into_iter()
        .find(|m| !f.modes.contains(m))
        .expect("the surface supports every core present mode");
    assert_eq!(f.create_ids(&f.info().present_mode(mode)), ["VUID-VkSwapchainCreateInfoKHR-presentMode-01281"]);
    for &m in &f.modes {
        assert_eq!(f.create_ids(&f.info().present_mode(m)), NONE, "{m:?}");
    }
}

fn acquire_and_present(f: &Fixture) {
    let d = &f.ctx.device;
    let (ids, old) = f.create(&f.info());
    assert_eq!(ids, NONE);
    let old = old.expect("a swapchain");
    let (ids, sc) = f.create(&f.info().old_swapchain(old));
    assert_eq!(ids, NONE);
    let sc = sc.expect("a swapchain");
    let fence = f.fence(false);
    let null_semaphore = vk::Semaphore::null();

    for two in [false, true] {
        let ids_of = |one: &'static str, other: &'static str| if two { [other] } else { [one] };
        // A retired swapchain, then the new one.
        let (ids, _) = f.acquire(old, null_semaphore, fence, two);
        assert_eq!(
            ids,
            ids_of("VUID-vkAcquireNextImageKHR-swapchain-01285", "VUID-VkAcquireNextImageInfoKHR-swapchain-01675")
        );
        let (ids, index) = f.acquire(sc, null_semaphore, fence, two);
        assert_eq!(ids, NONE);
        f.wait(fence);
        let index = index.expect("an image");

        // The image it holds may be presented; once presented, not again until acquired.
        f.to_present_layout(sc, index);
        assert_eq!(f.present(&[sc, sc], &[index, index]), ["VUID-VkPresentInfoKHR-pSwapchain-09231"]);
        assert_eq!(f.present(&[sc], &[index]), NONE);
        assert_eq!(f.present(&[sc], &[index]), ["VUID-VkPresentInfoKHR-pImageIndices-01430"]);

        // A signaled fence, then an unsignaled one.
        let signaled = f.fence(true);
        let (ids, _) = f.acquire(sc, null_semaphore, signaled, two);
        assert_eq!(ids, ids_of("VUID-vkAcquireNextImageKHR-fence-01287", "VUID-VkAcquireNextImageInfoKHR-fence-01289"));
        // A fence a submission still signals.
        // SAFETY: an empty submission signaling an unsignaled fence.
        unsafe { d.queue_submit(f.ctx.queue, &[], fence) }.expect("vkQueueSubmit");
        let (ids, _) = f.acquire(sc, null_semaphore, fence, two);
        assert_eq!(ids, ids_of("VUID-vkAcquireNextImageKHR-fence-10066", "VUID-VkAcquireNextImageInfoKHR-fence-10067"));
        f.wait(fence);

        // A timeline semaphore, then a binary one; that one, signaled by the acquire, again.
        let timeline = f.semaphore(true);
        let (ids, _) = f.acquire(sc, timeline, vk::Fence::null(), two);
        assert_eq!(
            ids,
            ids_of("VUID-vkAcquireNextImageKHR-semaphore-03265", "VUID-VkAcquireNextImageInfoKHR-semaphore-03266")
        );
        let binary = f.semaphore(false);
        let (ids, index) = f.acquire(sc, binary, fence, two);
        assert_eq!(ids, NONE);
        f.wait(fence);
        let (ids, _) = f.acquire(sc, binary, fence, two);
        assert_eq!(
            ids,
            ids_of("VUID-vkAcquireNextImageKHR-semaphore-01286", "VUID-VkAcquireNextImageInfoKHR-semaphore-01288")
        );
        // Give the image back: a present that waits on the semaphore consumes its signal. Waits
        // on a timeline semaphore, on one never signaled, or twice on the one signal, are invalid.
        let index = index.expect("an image");
        f.to_present_layout(sc, index);
        let unsignaled = f.semaphore(false);
        let present_waiting = |waits: &[vk::Semaphore]| {
            f.ctx.messages.problem_ids_of(|| {
                let (scs, indices) = ([sc], [index]);
                let info =
                    vk::PresentInfoKHR::default().wait_semaphores(waits).swapchains(&scs).image_indices(&indices);
                // SAFETY: live objects; the invalid presents are skipped by Vigil.
                let _ = unsafe { f.swapchain_fns.queue_present(f.ctx.queue, &info) };
            })
        };
        assert_eq!(present_waiting(&[timeline]), ["VUID-vkQueuePresentKHR-pWaitSemaphores-03267"]);
        assert_eq!(present_waiting(&[unsignaled]), ["VUID-vkQueuePresentKHR-pWaitSemaphores-03268"]);
        assert_eq!(present_waiting(&[binary, binary]), ["VUID-vkQueuePresentKHR-pWaitSemaphores-03268"]);
        assert_eq!(present_waiting(&[binary]), NONE);
        // SAFETY: idle, then destroy what this round made.
        unsafe {
            d.queue_wait_idle(f.ctx.queue).expect("vkQueueWaitIdle");
            d.destroy_fence(signaled, None);
            d.destroy_semaphore(timeline, None);
            d.destroy_semaphore(binary, None);
            d.destroy_semaphore(unsignaled, None);
        }
    }
    // SAFETY: idle; nothing uses them.
    unsafe {
        d.device_wait_idle().expect("vkDeviceWaitIdle");
        d.destroy_fence(fence, None);
        f.swapchain_fns.destroy_swapchain(sc, None);
        f.swapchain_fns.destroy_swapchain(old, None);
    }
}
