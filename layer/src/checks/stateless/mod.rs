//! Stateless parameter validation: rules a call's parameters must satisfy on their own, given
//! only the device's properties. Hand-written explicit rules for the create-infos applications
//! get wrong most; the registry's implicit rules will be generated beside them.

#![allow(non_snake_case)]

pub mod dispatch;
mod engine;
mod explicit;
mod objects;

use std::ffi::{c_char, c_void};
use std::sync::{Arc, OnceLock};

use vigil_generated::stateless::{Engine, Stateless};
use vigil_generated::*;

pub use objects::{DeviceEngine, InstanceEngine};

use super::{DeviceSetup, InstanceObjects, InstanceSetup};
use crate::chassis::{Call, Hooks, ValidationObject};
use crate::facts::DeviceFacts;

/// The generated implicit checks of an instance's commands, when `stateless` is on.
pub fn implicit_for_instance(setup: &InstanceSetup<'_>) -> Option<Stateless<InstanceEngine>> {
    // SAFETY: the application's create info, valid by the spec's rules for vkCreateInstance.
    setup.settings.stateless.then(|| Stateless(unsafe { InstanceEngine::new(setup.reporter.clone(), setup.info) }))
}

/// The explicit checks of an instance's commands, when `stateless` is on.
pub fn explicit_for_instance(setup: &InstanceSetup<'_>) -> Option<InstanceStateless> {
    setup.settings.stateless.then(|| InstanceStateless { fns: OnceLock::new() })
}

/// The instance exists: the checks may now query physical devices through `dispatch`.
pub fn instance_created(objects: &InstanceObjects, dispatch: &InstanceDispatch) {
    if let Some(implicit) = objects.stateless_implicit.get() {
        implicit.0.instance_created(dispatch);
    }
    if let Some(explicit) = objects.stateless.get() {
        let fns = InstanceFns { get_queue_family_properties: dispatch.get_physical_device_queue_family_properties };
        let _ = explicit.fns.set(fns);
    }
}

/// The generated implicit checks of a device's commands, when `stateless` is on.
pub fn implicit_for_device(setup: &DeviceSetup<'_>) -> Option<Stateless<DeviceEngine>> {
    let engine = || DeviceEngine::new(setup.reporter.clone(), setup.facts);
    setup.settings.stateless.then(|| Stateless(engine()))
}

/// The explicit checks of a device's commands, when `stateless` is on.
pub fn explicit_for_device(setup: &DeviceSetup<'_>) -> Option<DeviceStateless> {
    setup.settings.stateless.then(|| DeviceStateless {
        facts: setup.facts.clone(),
        // The rule names the extension itself, not the core version it was promoted to.
        mirror_clamp_to_edge_extension: setup.facts.extension_names.contains("VK_KHR_sampler_mirror_clamp_to_edge"),
        scope: (setup.device.as_raw(), setup.instance),
        enabled: engine::Enabled::plain(setup.facts.api_version, setup.facts.extensions.clone()),
    })
}

/// The generated checks of every command: each command's validate hook calls its generated
/// function (`vigil_generated::stateless::calls`), typed, so the common case of a call that
/// breaks nothing costs a few compares.
macro_rules! implicit_hooks {
    ($({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, $kind:ident,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    })*) => {
        #[allow(clippy::too_many_arguments)]
        impl<E: Engine> ValidationObject for Stateless<E> {
            const HOOKS: Hooks = Hooks::validating(vigil_generated::stateless::CHECKED);
            $(
                #[inline(always)]
                fn $pv(&self, _cx: &Call<'_>, $($p: $t),*) -> bool {
                    vigil_generated::stateless::calls::$f(&self.0, $($p),*)
                }
            )*
        }
    };
}

vigil_generated::for_each_command!(implicit_hooks);

/// What instance-level checks need from the next layer, known once the instance exists.
pub struct InstanceFns {
    pub get_queue_family_properties: Option<PFN_vkGetPhysicalDeviceQueueFamilyProperties>,
}

/// Stateless checks of instance-level commands.
pub struct InstanceStateless {
    pub fns: OnceLock<InstanceFns>,
}

/// Stateless checks of device-level commands.
pub struct DeviceStateless {
    pub facts: Arc<DeviceFacts>,
    /// `VK_KHR_sampler_mirror_clamp_to_edge` is in `ppEnabledExtensionNames` (promotion aside).
    pub mirror_clamp_to_edge_extension: bool,
    /// The device and its instance (raw handles): the scope of its objects in the state
    /// tracker's table, where image views find their image's creation parameters.
    pub scope: (u64, u64),
    /// What the device enables, for the generated rules the explicit checks run themselves.
    enabled: engine::Enabled,
}
