//! A swapchain of a surface none of the device's queue families can present to, through the real
//! loader on lavapipe, with the driver shim saying so (`unsupported-surface`; a binary of its own
//! because a process runs Vulkan with one environment). The valid neighbour, a supported surface,
//! is every valid creation in `core_swapchains.rs`.

use ash::vk;
use vigil_tests::swapchains::supported_swapchain_info;
use vigil_tests::{ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

#[test]
fn a_surface_no_queue_family_supports() {
    let entry = VulkanEnv::new().with_vigil_and_shim("unsupported-surface").entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .instance_extensions(&[c"VK_KHR_surface", c"VK_EXT_headless_surface"])
        .device_extensions(&[c"VK_KHR_swapchain"])
        .build_skipping_errors(&entry);
    let headless = ash::ext::headless_surface::Instance::new(&ctx.entry, &ctx.instance);
    let surface_fns = ash::khr::surface::Instance::new(&ctx.entry, &ctx.instance);
    let swapchain_fns = ash::khr::swapchain::Device::new(&ctx.instance, &ctx.device);
    // SAFETY: a headless surface on an instance with the extension, and queries of it.
    let (surface, caps, format) = unsafe {
        let surface = headless
            .create_headless_surface(&vk::HeadlessSurfaceCreateInfoEXT::default(), None)
            .expect("vkCreateHeadlessSurfaceEXT");
        let pd = ctx.physical_device;
        let caps = surface_fns.get_physical_device_surface_capabilities(pd, surface).expect("capabilities");
        let formats = surface_fns.get_physical_device_surface_formats(pd, surface).expect("formats");
        (surface, caps, formats[0])
    };
    // Everything else about the create info is what the surface supports.
    let info = supported_swapchain_info(surface, &caps, format);
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: Vigil skips the invalid create.
        let _ = unsafe { swapchain_fns.create_swapchain(&info, None) };
    });
    assert_eq!(ids, ["VUID-VkSwapchainCreateInfoKHR-surface-01270"]);
    // SAFETY: nothing uses the surface.
    unsafe { surface_fns.destroy_surface(surface, None) };
}
