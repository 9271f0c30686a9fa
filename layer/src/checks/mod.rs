//! The validation objects, one folder each, and the sets an instance and a device run.

pub mod object_lifetime;
pub mod stateless;
pub mod thread_safety;

use vigil_generated::Chassis;

use object_lifetime::ObjectChecks;
use stateless::{DeviceChecks, InstanceChecks};
use thread_safety::ThreadChecks;

/// The validation objects of an instance: the reporter's own bookkeeping, then each validation
/// object, `None` when disabled by the settings.
pub type InstanceObjects = Chassis<(), (Option<InstanceChecks>, (Option<ObjectChecks>, (Option<ThreadChecks>, ())))>;
/// The validation objects of a device.
pub type DeviceObjects = Chassis<(), (Option<DeviceChecks>, (Option<ObjectChecks>, (Option<ThreadChecks>, ())))>;
