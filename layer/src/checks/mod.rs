//! The validation objects, one folder each, and the sets an instance and a device run.
//!
//! Adding a validation object: a folder here with the object (implementing
//! `chassis::ValidationObject`) and a `for_instance`/`for_device` function that makes it when
//! its setting is on (one entry in `settings/schema.toml`), then one line in the set below.

pub mod core;
pub mod object_lifetime;
pub mod stateless;
pub mod thread_safety;

use std::sync::Arc;

use vigil_generated::settings::Settings;
use vigil_generated::stateless::Stateless;
use vigil_generated::*;

use self::core::CoreChecks;
use crate::chassis::object_set;
use crate::facts::DeviceFacts;
use crate::report::Reporter;
use crate::state::StateTracker;
use object_lifetime::ObjectChecks;
use stateless::dispatch::DispatchLimits;
use stateless::{DeviceEngine, DeviceStateless, InstanceEngine, InstanceStateless};
use thread_safety::ThreadChecks;

/// What an instance's objects are made from, at vkCreateInstance.
pub struct InstanceSetup<'a> {
    pub settings: &'a Settings,
    pub reporter: &'a Arc<Reporter>,
    /// The application's create info.
    pub info: &'a VkInstanceCreateInfo,
}

/// What a device's objects are made from, once vkCreateDevice succeeded.
pub struct DeviceSetup<'a> {
    pub settings: &'a Settings,
    pub reporter: &'a Arc<Reporter>,
    pub facts: &'a Arc<DeviceFacts>,
    pub device: VkDevice,
    /// The instance, as a raw handle.
    pub instance: u64,
    /// Whether the device was created with allocation callbacks.
    pub allocator: bool,
}

object_set! {
    /// The validation objects of an instance, in the order their hooks run.
    InstanceObjects(InstanceSetup<'_>) {
        tracker = tracker_for_instance;
        stateless_implicit: Stateless<InstanceEngine> = stateless::implicit_for_instance,
        stateless: InstanceStateless = stateless::explicit_for_instance,
        object_lifetime: ObjectChecks = object_lifetime::for_instance,
        thread_safety: ThreadChecks = thread_safety::for_instance,
    }
}

object_set! {
    /// The validation objects of a device, in the order their hooks run.
    DeviceObjects(DeviceSetup<'_>) {
        tracker = tracker_for_device;
        stateless_implicit: Stateless<DeviceEngine> = stateless::implicit_for_device,
        stateless: DeviceStateless = stateless::explicit_for_device,
        dispatch_limits: DispatchLimits = stateless::dispatch::for_device,
        object_lifetime: ObjectChecks = object_lifetime::for_device,
        thread_safety: ThreadChecks = thread_safety::for_device,
        core: CoreChecks = core::for_device,
    }
}

/// Whether an object that reads the state tracker runs: the tracker runs with it, and is off
/// (calls pass straight through) when none does. The stateless object reads images' creation
/// parameters from it.
fn tracked(settings: &Settings) -> bool {
    settings.object_lifetime || settings.thread_safety || settings.core || settings.stateless
}

/// Whether an object that reads the one walk over each call's handles (`state::resolve`) runs:
/// the intercepts walk only then.
pub fn walked(settings: &Settings) -> bool {
    settings.object_lifetime || settings.thread_safety || settings.core
}

fn tracker_for_instance(setup: &InstanceSetup<'_>) -> Option<StateTracker> {
    let every_kind = walked(setup.settings);
    tracked(setup.settings).then(|| match every_kind {
        true => StateTracker::for_instance(),
        false => StateTracker::for_instance().images_only(),
    })
}

fn tracker_for_device(setup: &DeviceSetup<'_>) -> Option<StateTracker> {
    let references = setup.settings.core;
    let every_kind = walked(setup.settings);
    let typed = setup.settings.core || setup.settings.stateless;
    tracked(setup.settings).then(|| {
        let tracker = StateTracker::for_device(setup.device.as_raw(), setup.instance, references);
        let tracker = if typed { tracker } else { tracker.untyped() };
        if every_kind {
            tracker
        } else {
            tracker.images_only()
        }
    })
}

#[cfg(test)]
mod tests {
    /// ARCHITECTURE.md's "Adding a check" quotes `stateless/dispatch.rs` whole and its
    /// registration line: the example must stay the real code.
    #[test]
    fn the_architecture_example_is_the_real_check() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
        let file = std::fs::read_to_string(root.join("layer/src/checks/stateless/dispatch.rs")).unwrap();
        assert!(doc.contains(&format!("```rust\n{file}```\n")), "ARCHITECTURE.md does not quote dispatch.rs as it is");
        let line = "        dispatch_limits: DispatchLimits = stateless::dispatch::for_device,\n";
        let this = std::fs::read_to_string(root.join("layer/src/checks/mod.rs")).unwrap();
        assert!(doc.contains(&format!("```rust\n{line}```")) && this.contains(line), "the registration line drifted");
    }
}
