//! The state tracker's object table through the real loader, with the test-only driver shim
//! below Vigil playing a driver that gives two devices the same handle value (`alias-handles`):
//! the spec promises unique values only within a device.

use ash::vk::{self, Handle};
use vigil_tests::{ContextBuilder, MessageLog, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

/// Without handle wrapping, Vigil sees the driver's values: the object table keys them per
/// device. (With it, each object gets its own id.)
#[test]
fn two_devices_may_be_given_one_handle_value() {
    let entry = VulkanEnv::new().with_vigil_and_shim("alias-handles").entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .vigil_setting("handle_wrapping", "false")
        .build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(true);
    let priorities = [1.0f32];
    let queues =
        [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&priorities)];
    let info = vk::DeviceCreateInfo::default().queue_create_infos(&queues);
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let second = unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) }.expect("vkCreateDevice");
    let sampler_info = vk::SamplerCreateInfo::default();
    let first_sampler = unsafe { ctx.device.create_sampler(&sampler_info, None) }.expect("vkCreateSampler");
    let second_sampler = unsafe { second.create_sampler(&sampler_info, None) }.expect("vkCreateSampler");
    assert_eq!(first_sampler.as_raw(), second_sampler.as_raw(), "the shim gives both devices one value");
    assert_ne!(first_sampler.as_raw(), 0);
    ctx.messages.assert_no_problems("creating a sampler with one value on each device");

    // Each device's sampler is its own: destroying the second device's is clean…
    let ids = reported(&ctx.messages, || unsafe { second.destroy_sampler(second_sampler, None) });
    assert_eq!(ids, Vec::<String>::new(), "the second device destroys its own sampler");
    // …after which the value is the first device's only, not the second's.
    let ids = reported(&ctx.messages, || unsafe { second.destroy_sampler(second_sampler, None) });
    assert_eq!(ids, ["VUID-vkDestroySampler-sampler-parent"]);
    let ids = reported(&ctx.messages, || unsafe { ctx.device.destroy_sampler(first_sampler, None) });
    assert_eq!(ids, Vec::<String>::new(), "the first device destroys its own sampler");
    // Now nobody has it.
    let ids = reported(&ctx.messages, || unsafe { ctx.device.destroy_sampler(first_sampler, None) });
    assert_eq!(ids, ["VUID-vkDestroySampler-sampler-parameter"]);

    // Neither device leaked anything.
    let ids = reported(&ctx.messages, || unsafe { second.destroy_device(None) });
    assert_eq!(ids, Vec::<String>::new());
}
