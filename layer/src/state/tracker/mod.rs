//! The state tracker of one instance or device: it records what each call creates, allocates or
//! retrieves into the object table, and forgets what it destroys, frees or resets. The generated
//! tables (`vigil_generated::objects`) say what each command does to objects.
//!
//! The chassis runs its record hooks around the validation objects': after the call, it records
//! creations before the others' post-record hooks see them; before the call, it forgets
//! destroyed objects after the others' pre-record hooks (thread safety counts the destroying
//! use first).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use super::objects::{key, ObjectRecord, Origin, OBJECTS, TYPES};
use super::thread::Entered;
use crate::chassis::handles::CallHandles;

mod command_buffers;
mod creation;
mod descriptors;
mod events;
mod fences;
mod hooks;
mod layouts;
mod memory;
mod params;
mod queries;
mod queues;
mod recording;
mod render_pass_instances;
mod semaphores;
mod swapchains;

use params::parent_record;
pub use params::*;

/// The state tracker of one instance or device.
pub struct StateTracker {
    /// The device (or instance) whose calls these are; 0 until an instance is created.
    scope: AtomicU64,
    /// Its instance (itself, for an instance).
    instance: AtomicU64,
    /// The device's queues, as retrieved: vkDeviceWaitIdle retires their submissions.
    queues: Mutex<Vec<Arc<ObjectRecord>>>,
    /// The largest backlog any submit left (each field on its own).
    peak: Peak,
    /// Whether recordings keep what they refer to, and objects what depends on them (memory its
    /// bound buffers and images, an image its views, a view its framebuffers): core validation
    /// reads both.
    pub(in crate::state) references: bool,
    /// Whether it records objects of every kind; else only images, the swapchains that own some,
    /// samplers (counted against `maxSamplerAllocationCount`) and sampler Y′CBCR conversions:
    /// all the stateless object reads, when it runs without the others.
    every_kind: bool,
    /// Whether it keeps objects' typed state beyond their lifecycle (creation infos, memory
    /// bindings and mappings, descriptor contents, pipelines and render passes): core and the
    /// stateless object read it; object lifetime and thread safety need only the records, and
    /// without it a resource's record carries no state at all (nothing to build or drop).
    pub(in crate::state) typed: bool,
    /// Per command (bit n of word n / 64), its hooks have nothing to do: without core, nothing
    /// reads what recording commands leave in a command buffer's recording.
    idle: [u64; IDLE_WORDS],
}

/// Words of [`StateTracker::idle`].
const IDLE_WORDS: usize = vigil_generated::commands::COMMANDS.len().div_ceil(64);

/// [`StateTracker::idle`] for a tracker that keeps references (`references`) or not.
fn idle_commands(references: bool) -> [u64; IDLE_WORDS] {
    let mut idle = [0; IDLE_WORDS];
    if !references {
        let commands = vigil_generated::commands::COMMANDS.iter().enumerate();
        for (i, _) in commands.filter(|(_, c)| c.name.starts_with("vkCmd")) {
            idle[i / 64] |= 1 << (i % 64);
        }
    }
    idle
}

/// The largest [`submissions::Backlog`] seen, field by field.
#[derive(Default)]
struct Peak {
    submissions: AtomicUsize,
    signals: AtomicUsize,
}

/// What the tracker says, at INFO, when its device is destroyed: how much state it held at
/// most, so that growth shows without a profiler.
const ID_STATISTICS: &str = "UNASSIGNED-Vigil-State-statistics";

impl StateTracker {
    /// Whether the tracker records calls of `COMMANDS[command]` (not idle for it): one bit of
    /// `idle`, a constant word when `command` is.
    #[inline(always)]
    fn records(&self, command: usize) -> bool {
        self.idle.get(command / 64).is_none_or(|w| w >> (command % 64) & 1 == 0)
    }

    /// The tracker of an instance about to be created (its handle is learned at creation).
    pub fn for_instance() -> Self {
        StateTracker {
            scope: AtomicU64::new(0),
            instance: AtomicU64::new(0),
            queues: Mutex::default(),
            peak: Peak::default(),
            references: false,
            every_kind: true,
            typed: true,
            idle: idle_commands(false),
        }
    }

    /// The tracker of device `device` of `instance`; `references`: recordings keep what they
    /// refer to.
    pub fn for_device(device: u64, instance: u64, references: bool) -> Self {
        OBJECTS.add_scope(device);
        StateTracker {
            scope: AtomicU64::new(device),
            instance: AtomicU64::new(instance),
            queues: Mutex::default(),
            peak: Peak::default(),
            references,
            every_kind: true,
            typed: true,
            idle: idle_commands(references),
        }
    }

    /// The tracker, recording only images, swapchains, samplers and sampler Y′CBCR conversions:
    /// what the stateless object reads when no object that reads the rest runs.
    pub fn images_only(mut self) -> Self {
        self.every_kind = false;
        self
    }

    /// The tracker, keeping no typed state beyond objects' lifecycle (see `typed`): what object
    /// lifetime and thread safety read when neither core nor the stateless object runs.
    pub fn untyped(mut self) -> Self {
        self.typed = false;
        self
    }

    pub(in crate::state) fn scopes(&self) -> (u64, u64) {
        (self.scope.load(Ordering::Relaxed), self.instance.load(Ordering::Relaxed))
    }

    /// The record of handle `h` of type `ty` named in this device's (or instance's) calls.
    pub fn get(&self, ty: u16, h: u64) -> Option<Arc<ObjectRecord>> {
        let (scope, instance) = self.scopes();
        (h != 0).then(|| OBJECTS.get(key(ty, h, scope, instance))).flatten()
    }

    fn is_root(ty: u16) -> bool {
        ty == handle_type::INSTANCE || ty == handle_type::DEVICE
    }

    /// Forgets what a destroy, free or pool reset ends.
    fn forget(&self, command: &'static CommandHandles, params: &[*const u8]) {
        let (scope, instance) = self.scopes();
        match command.role {
            Role::Destroy { param } => {
                let Some(HandleElem::Handle(ty)) = command.param(param).map(|f| f.elem) else { return };
                // SAFETY: the parameters of the command the table describes.
                let h = unsafe { param_handle(params, param) };
                if h == 0 {
                    return;
                }
                if Self::is_root(ty) {
                    OBJECTS.remove_scope(h);
                }
                OBJECTS.remove(key(ty, h, scope, instance));
            }
            Role::Free { handles, .. } => {
                let Some(f) = command.param(handles) else { return };
                // SAFETY: the parameters of the command the table describes.
                let Some((ty, freed)) = (unsafe { site_handles(f, params) }) else { return };
                for h in freed {
                    OBJECTS.remove(key(ty, h, scope, instance));
                }
            }
            Role::Reset { pool } => {
                let Some(HandleElem::Handle(ty)) = command.param(pool).map(|f| f.elem) else { return };
                // SAFETY: as above.
                let h = unsafe { param_handle(params, pool) };
                if let Some(pool) = OBJECTS.get(key(ty, h, scope, instance)) {
                    OBJECTS.remove_children(&pool);
                }
            }
            _ => {}
        }
    }

    /// Records what a create or retrieve returned.
    fn record(
        &self,
        command: &'static CommandHandles,
        params: &[*const u8],
        handles: &CallHandles,
        result: Option<VkResult>,
        entered: Option<&Entered>,
    ) {
        let succeeded = result.is_none_or(|r| r.0 >= 0);
        let (scope, instance) = self.scopes();
        let (param, parent, origin) = match command.role {
            Role::Create { param, pool, parent } => (param, pool.then_some(parent), Origin::Created),
            // Objects retrieved from a non-dispatchable object (a swapchain's images) go with
            // it; parameter 0 is the dispatchable device or instance.
            Role::Retrieve { param, parent } => (param, (parent.param != 0).then_some(parent), Origin::Retrieved),
            _ => return,
        };
        let Some(f) = command.param(param) else { return };
        // Arrays of pipelines may be partly created even when the call fails: the failed
        // elements are VK_NULL_HANDLE.
        if !succeeded && (origin == Origin::Retrieved || !matches!(f.shape, Shape::Slice(_))) {
            return;
        }
        // SAFETY: the call returned and wrote its outputs.
        let Some((ty, mut created)) = (unsafe { site_handles(f, params) }) else { return };
        let instance_type = HANDLE_TYPES[usize::from(ty)].object_type == VkObjectType::VK_OBJECT_TYPE_INSTANCE;
        let stateless_reads = [TYPES.image, TYPES.swapchain, TYPES.sampler, TYPES.sampler_ycbcr_conversion];
        if !(self.every_kind || instance_type || stateless_reads.contains(&ty)) {
            return;
        }
        if instance_type {
            let Some(h) = created.next() else { return };
            // The instance is its own scope, not an object in it (never a leak of itself).
            self.scope.store(h, Ordering::Relaxed);
            self.instance.store(h, Ordering::Relaxed);
            OBJECTS.add_scope(h);
            return;
        }
        // SAFETY: the parameters of the command the table describes.
        let parent = parent.and_then(|p| unsafe { parent_record(command, p, params, handles, (scope, instance)) });
        let with_allocator = unsafe { param_pointer_set(params, command.allocator) };
        for h in created {
            let k = key(ty, h, scope, instance);
            // A retrieval mostly names a live object again (a queue asked for twice), which
            // leaves a spare unused: those few records are allocated instead.
            let spare = if origin == Origin::Created { entered.and_then(Entered::spare) } else { None };
            let made = OBJECTS.insert_in(spare, k, parent.clone(), with_allocator, origin, self.typed);
            if let (Some(made), Some(entered)) = (made, entered) {
                entered.remember(k, made);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idle(idle: &[u64; IDLE_WORDS], name: &str) -> bool {
        let i = vigil_generated::commands::command_index(name.as_bytes()).expect(name);
        idle[i / 64] >> (i % 64) & 1 == 1
    }

    /// Without core, recording commands leave the tracker nothing to do; every other command
    /// still reaches it (objects are made, ended and submitted).
    #[test]
    fn recording_commands_are_idle_only_without_core() {
        let without = idle_commands(false);
        for name in ["vkCmdDraw", "vkCmdBindDescriptorSets", "vkCmdPipelineBarrier2", "vkCmdExecuteCommands"] {
            assert!(idle(&without, name), "{name}");
        }
        for name in ["vkBeginCommandBuffer", "vkCreateBuffer", "vkQueueSubmit", "vkFreeCommandBuffers"] {
            assert!(!idle(&without, name), "{name}");
        }
        assert_eq!(idle_commands(true), [0; IDLE_WORDS]);
    }
}
