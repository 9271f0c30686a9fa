//! Command pools and command buffers: the command-buffer lifecycle (initial, recording,
//! executable, pending, invalid) and what a primary executes.
//!
//! A command buffer is externally synchronized: its recording state is reached through its
//! record and guarded by its own lock, never a device-wide one. Recording commands take the
//! lock with `try_lock`: when the application records one command buffer from two threads
//! (thread safety reports that), the loser's update is dropped instead of racing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};

use vigil_generated::*;

pub use super::records::{
    CommandBufferState, CommandPoolState, ConditionalScope, FeedbackAttachments, IndexBinding, Inherited,
    InheritedRendering, Lifecycle, LocalReadMaps, Pushed, Recording, References, RenderPassInstance, RenderingTarget,
    RenderingTargets, RESUMING, SUSPENDING,
};
use super::records::{Key, ObjectRecord, RECENT, RECENT_WAYS};

impl CommandPoolState {
    /// Records the pool's creation flags.
    pub fn set_flags(&self, flags: VkCommandPoolCreateFlags) {
        self.flags.store(flags.0, Ordering::Relaxed);
    }

    /// Records the queue family it was created for.
    pub fn set_family(&self, family: u32) {
        self.family.store(family.wrapping_add(1), Ordering::Relaxed);
    }

    /// The queue family it was created for, once recorded.
    pub fn family(&self) -> Option<u32> {
        self.family.load(Ordering::Relaxed).checked_sub(1)
    }

    /// Whether it was created with `VK_COMMAND_POOL_CREATE_PROTECTED_BIT`: its command buffers
    /// are protected command buffers.
    pub fn protected(&self) -> bool {
        self.flags.load(Ordering::Relaxed) & VkCommandPoolCreateFlags::VK_COMMAND_POOL_CREATE_PROTECTED_BIT.0 != 0
    }

    /// Whether its command buffers may be reset one by one (and so re-begun).
    pub fn resets_buffers(&self) -> bool {
        self.flags.load(Ordering::Relaxed) & VkCommandPoolCreateFlags::VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT.0
            != 0
    }
}

impl Recording {
    /// The lifecycle state as the spec names it.
    pub fn state(&self) -> &'static str {
        if self.pending > 0 {
            return "pending";
        }
        match self.lifecycle {
            Lifecycle::Initial => "initial",
            Lifecycle::Recording => "recording",
            Lifecycle::Executable => "executable",
            Lifecycle::Invalid => "invalid",
        }
    }

    /// Whether it was begun with `VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT`.
    pub fn simultaneous(&self) -> bool {
        self.usage & VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT.0 != 0
    }

    /// Where a command recorded now is, for conditional rendering's scope rules.
    pub fn conditional_scope(&self) -> ConditionalScope {
        match (self.in_render_pass, self.instance) {
            (false, _) => ConditionalScope::Outside,
            (true, Some(RenderPassInstance::RenderPass { subpass, .. })) => {
                ConditionalScope::Inside { instance: self.instances, subpass }
            }
            (true, _) => ConditionalScope::Inside { instance: self.instances, subpass: 0 },
        }
    }

    fn one_time(&self) -> bool {
        self.usage & VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.0 != 0
    }
}

/// What made a command buffer invalid.
pub enum Invalidation<'a> {
    /// An object its commands name was destroyed or freed.
    Destroyed(&'a Arc<ObjectRecord>),
    /// A descriptor set it bound was updated afterwards, in a binding that is not
    /// update-after-bind.
    Updated(&'a Arc<ObjectRecord>),
}

impl References {
    /// The set of [`Self::recent`] that `k` falls in (its first way).
    #[inline(always)]
    fn recent_set(k: &Key) -> usize {
        // Four ways per set, the most recent first (see the thread's record cache).
        let h = (k.handle ^ u64::from(k.ty)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 62) as usize * RECENT_WAYS
    }

    /// Adds the object of `k`, found with `lookup` unless it was named recently.
    #[inline]
    pub fn add(&mut self, k: Key, lookup: impl FnOnce(Key) -> Option<Arc<ObjectRecord>>) {
        let set = Self::recent_set(&k);
        let ways = &mut self.recent[set..set + RECENT_WAYS];
        // A key named again is the same object or, if that one was destroyed meanwhile, the
        // command buffer is invalid already: either way there is nothing to add.
        if ways[0].is_some_and(|(w, _)| w == k) {
            return;
        }
        if let Some(i) = ways[1..].iter().position(|w| w.is_some_and(|(w, _)| w == k)) {
            ways[..=i + 1].rotate_right(1);
            return;
        }
        self.add_new(k, set, lookup);
    }

    /// [`Self::add`] of a key not named recently.
    #[inline(never)]
    fn add_new(&mut self, k: Key, set: usize, lookup: impl FnOnce(Key) -> Option<Arc<ObjectRecord>>) {
        let at = match self.index.entry(k) {
            std::collections::hash_map::Entry::Occupied(o) => *o.get(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let Some(r) = lookup(k) else { return };
                if r.descriptor_set_state().is_some() {
                    self.sets.push((r.clone(), super::descriptors::current_version()));
                }
                let at = self.records.len() as u32;
                self.records.push(r);
                *v.insert(at)
            }
        };
        let ways = &mut self.recent[set..set + RECENT_WAYS];
        ways.rotate_right(1);
        ways[0] = Some((k, at));
    }

    /// Runs `f` with the record of `k`: the one the recording refers to already (named
    /// recently: no hashing), without the table's shard lock, or else the table's.
    pub fn with_record<R>(&self, k: Key, f: impl FnOnce(&ObjectRecord) -> R) -> Option<R> {
        let set = Self::recent_set(&k);
        let recent = self.recent[set..set + RECENT_WAYS].iter().flatten().find(|(w, _)| *w == k);
        let at = match recent {
            Some(&(_, at)) => Some(at),
            None => self.index.get(&k).copied(),
        };
        match at.and_then(|at| self.records.get(at as usize)) {
            Some(r) => Some(f(r)),
            None => super::objects::OBJECTS.get(k).map(|r| f(&r)),
        }
    }

    /// Forgets everything (a new recording).
    pub fn clear(&mut self) {
        self.records.clear();
        self.index.clear();
        self.recent = [None; RECENT];
        self.sets.clear();
    }

    /// Why the command buffer is invalid, if something it refers to was destroyed, freed or (a
    /// descriptor set) updated since it was recorded.
    pub fn invalidated(&self) -> Option<Invalidation<'_>> {
        if let Some(r) = self.records.iter().find(|r| r.destroyed()) {
            return Some(Invalidation::Destroyed(r));
        }
        self.sets
            .iter()
            .find(|(r, since)| r.descriptor_set_state().is_some_and(|s| s.updated_since(*since)))
            .map(|(r, _)| Invalidation::Updated(r))
    }

    /// Counts each object in use by one more submission, and lists it in `out`.
    fn submitted(&self, out: &mut Vec<Arc<ObjectRecord>>) {
        // Counted before the records: a destroy that sees no use anywhere finds none in them.
        super::records::IN_USE.fetch_add(self.records.len(), Ordering::AcqRel);
        for r in &self.records {
            r.in_use.fetch_add(1, Ordering::AcqRel);
            out.push(r.clone());
        }
    }
}

impl Default for CommandBufferState {
    fn default() -> Self {
        CommandBufferState {
            secondary: AtomicBool::new(false),
            protected: AtomicBool::new(false),
            recording: Mutex::new(Recording {
                lifecycle: Lifecycle::Initial,
                usage: 0,
                pending: 0,
                secondaries: Vec::new(),
                generation: 0,
                references: References::default(),
                layouts: Default::default(),
                bound: Default::default(),
                in_render_pass: false,
                in_video_coding: false,
                queue_flags: u32::MAX,
                unsupported_stages: 0,
                queue_family: VK_QUEUE_FAMILY_IGNORED,
                instance: None,
                pushed: Default::default(),
                clear_area: None,
                queries: Default::default(),
                events: Default::default(),
                draw: Default::default(),
                pass_key: 0,
                rendering_samples: 0,
                read_only: Default::default(),
                transform_feedback: false,
                labels: 0,
                instances: 0,
                conditional: None,
                transfers: Vec::new(),
                self_dependencies: None,
                targets: None,
                attached: Vec::new(),
                inherited: None,
                custom_resolve: false,
                feedback: None,
                maps: Default::default(),
                nesting: 0,
                protected: false,
                viewport_scissor_2d: false,
                provoking_vertex: None,
                post_subpass_locations: None,
                suspension: Default::default(),
            }),
        }
    }
}

impl CommandBufferState {
    /// Records the level it was allocated at, whether its pool is protected, and its pool's
    /// queue family with its `VkQueueFlags`.
    pub fn allocated(&self, (secondary, protected): (bool, bool), family: Option<u32>, queue_flags: Option<u32>) {
        self.secondary.store(secondary, Ordering::Relaxed);
        self.protected.store(protected, Ordering::Relaxed);
        let mut r = self.lock();
        r.protected = protected;
        r.queue_flags = queue_flags.unwrap_or(u32::MAX);
        r.unsupported_stages = vigil_sync_tables::unsupported_stages(u64::MAX, r.queue_flags);
        r.queue_family = family.unwrap_or(VK_QUEUE_FAMILY_IGNORED);
    }

    /// Whether it is a secondary command buffer.
    pub fn secondary(&self) -> bool {
        self.secondary.load(Ordering::Relaxed)
    }

    /// Whether it is a protected command buffer: allocated from a pool created with
    /// `VK_COMMAND_POOL_CREATE_PROTECTED_BIT`.
    pub fn protected(&self) -> bool {
        self.protected.load(Ordering::Relaxed)
    }

    /// Its recording state, for reading or for an update that must not be lost (submission,
    /// retirement, reset by its pool).
    pub fn lock(&self) -> MutexGuard<'_, Recording> {
        self.recording.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Its recording state for a recording command, or `None` while another thread holds it
    /// (the application broke external synchronization; the update is dropped).
    pub fn try_lock(&self) -> Option<MutexGuard<'_, Recording>> {
        match self.recording.try_lock() {
            Ok(g) => Some(g),
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// vkBeginCommandBuffer succeeded; `inherited` is the render pass instance a secondary
    /// continues (none for a primary).
    pub fn begun(&self, usage: u32, inherited: Option<Box<super::records::Inherited>>, viewport_scissor_2d: bool) {
        if let Some(mut r) = self.try_lock() {
            r.inherited = inherited;
            r.viewport_scissor_2d = viewport_scissor_2d;
            r.provoking_vertex = None;
            r.post_subpass_locations = None;
            r.targets = None;
            r.attached.clear();
            r.custom_resolve = false;
            r.feedback = None;
            r.maps = Default::default();
            r.lifecycle = Lifecycle::Recording;
            r.usage = usage;
            r.secondaries.clear();
            r.references.clear();
            r.layouts.clear();
            r.bound = Default::default();
            let continues = VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT.0;
            r.in_render_pass = self.secondary() && usage & continues != 0;
            r.in_video_coding = false;
            r.instance = None;
            r.pass_key = 0;
            r.read_only = Default::default();
            r.pushed = Default::default();
            r.queries.clear();
            r.events.clear();
            r.draw = Default::default();
            r.transform_feedback = false;
            r.labels = 0;
            r.instances = 0;
            r.conditional = None;
            r.transfers.clear();
            r.nesting = 0;
            r.suspension = Default::default();
            r.generation = r.generation.wrapping_add(1);
        }
    }

    /// A render pass instance began (vkCmdBeginRenderPass*, vkCmdBeginRendering) or ended
    /// (`None`).
    pub fn render_pass_instance(
        &self,
        instance: Option<RenderPassInstance>,
        targets: Option<Box<super::records::RenderingTargets>>,
    ) {
        if let Some(mut r) = self.try_lock() {
            match (instance, r.instance) {
                (Some(RenderPassInstance::Rendering { flags, .. }), _) => r.suspension.begin(Some(flags)),
                (Some(RenderPassInstance::RenderPass { .. }), _) => r.suspension.begin(None),
                (None, Some(RenderPassInstance::Rendering { flags, .. })) if flags & SUSPENDING != 0 => {
                    r.suspension.suspended = true;
                }
                _ => {}
            }
            if instance.is_some() {
                r.instances = r.instances.wrapping_add(1);
            } else {
                // Set by the begin (`StateTracker::render_pass_begun`, `rendering_begun`)
                // before this runs.
                r.attached.clear();
            }
            r.targets = targets;
            r.custom_resolve = false;
            r.feedback = None;
            r.maps = Default::default();
            r.in_render_pass = instance.is_some();
            r.instance = instance;
            r.pass_key = super::render_passes::instance_key(instance, r.targets.as_deref());
            r.rendering_samples = super::render_passes::rendering_samples(r.targets.as_deref());
            r.read_only = Default::default();
            r.self_dependencies = None;
        }
    }

    /// What the render pass instance just begun holds its commands to: its `read_only`
    /// depth/stencil aspects and, begun with a render pass object, its `self_dependencies`.
    pub fn instance_rules(
        &self,
        read_only: super::render_passes::ReadOnlyAspects,
        self_dependencies: Option<Arc<[super::render_passes::SelfDependency]>>,
    ) {
        if let Some(mut r) = self.try_lock() {
            r.read_only = read_only;
            r.self_dependencies = self_dependencies;
        }
    }

    /// What the render pass instance just begun lets barriers inside it name
    /// ([`Recording::feedback`]).
    pub fn feedback(&self, feedback: Option<super::records::FeedbackAttachments>) {
        if let Some(mut r) = self.try_lock() {
            r.feedback = feedback;
        }
    }

    /// vkCmdSetRenderingAttachmentLocations or vkCmdSetRenderingInputAttachmentIndices changed
    /// the instance's local read mappings.
    pub fn mapped(&self, f: impl FnOnce(&mut LocalReadMaps)) {
        if let Some(mut r) = self.try_lock() {
            f(&mut r.maps);
        }
    }

    /// A video coding scope began (vkCmdBeginVideoCodingKHR) or ended.
    pub fn video_coding(&self, inside: bool) {
        if let Some(mut r) = self.try_lock() {
            r.in_video_coding = inside;
        }
    }

    /// Transform feedback began (`true`) or ended.
    pub fn transform_feedback(&self, active: bool) {
        if let Some(mut r) = self.try_lock() {
            r.transform_feedback = active;
        }
    }

    /// A debug utils label began (`true`) or ended in it.
    pub fn label(&self, begin: bool) {
        if let Some(mut r) = self.try_lock() {
            r.labels = if begin { r.labels.saturating_add(1) } else { r.labels.saturating_sub(1) };
        }
    }

    /// vkCmdBeginCustomResolveEXT was recorded.
    pub fn custom_resolve(&self) {
        if let Some(mut r) = self.try_lock() {
            r.custom_resolve = true;
        }
    }

    /// vkCmdBeginConditionalRenderingEXT (`begin`) or vkCmdEndConditionalRenderingEXT was
    /// recorded: conditional rendering is active where it was begun (the first begin stays while
    /// active), or no longer.
    pub fn conditional_rendering(&self, begin: bool) {
        if let Some(mut r) = self.try_lock() {
            r.conditional = match (begin, r.conditional) {
                (true, None) => Some(Recording::conditional_scope(&r)),
                (true, kept) => kept,
                (false, _) => None,
            };
        }
    }

    /// vkCmdNextSubpass(2): the render pass instance's next subpass, whose contents allow
    /// executing secondaries when `secondaries`.
    pub fn next_subpass(&self, secondaries: bool) {
        if let Some(mut r) = self.try_lock() {
            if let Some(RenderPassInstance::RenderPass { subpass, secondaries: s, .. }) = &mut r.instance {
                *s = secondaries;
                *subpass += 1;
                let next = *subpass;
                r.read_only = r.read_only.at(next);
            }
            r.pass_key = super::render_passes::instance_key(r.instance, None);
        }
    }

    /// vkEndCommandBuffer returned `result`.
    pub fn ended(&self, result: VkResult) {
        if let Some(mut r) = self.try_lock() {
            if r.lifecycle == Lifecycle::Recording {
                r.lifecycle = if result.0 >= 0 { Lifecycle::Executable } else { Lifecycle::Invalid };
            }
        }
    }

    /// Reset, by itself or with its pool.
    pub fn reset(&self) {
        let mut r = self.lock();
        r.lifecycle = Lifecycle::Initial;
        r.usage = 0;
        r.secondaries.clear();
        r.references.clear();
        r.layouts.clear();
        r.bound = Default::default();
        r.in_render_pass = false;
        r.in_video_coding = false;
        r.instance = None;
        r.pass_key = 0;
        r.read_only = Default::default();
        r.pushed = Default::default();
        r.draw = Default::default();
        r.transform_feedback = false;
        r.labels = 0;
        r.instances = 0;
        r.conditional = None;
        r.transfers.clear();
        r.targets = None;
        r.inherited = None;
        r.custom_resolve = false;
        r.feedback = None;
        r.maps = Default::default();
        r.generation = r.generation.wrapping_add(1);
    }

    /// Drops what its recording holds (it was freed): a record kept past its object's end by a
    /// thread's cache holds nothing else. Skipped while another thread holds the recording.
    pub fn forget_recording(&self) {
        if let Some(mut r) = self.try_lock() {
            r.secondaries = Vec::new();
            r.references.clear();
            r.layouts.clear();
            r.bound = Default::default();
            r.pushed = Default::default();
            r.draw = Default::default();
            r.transfers = Vec::new();
            r.nesting = 0;
            r.suspension = Default::default();
        }
    }

    /// The recording it is in now.
    pub fn generation(&self) -> u32 {
        self.lock().generation
    }

    /// It recorded vkCmdExecuteCommands with these secondaries, the highest nesting level among
    /// them `nesting`, what each did with suspension in order `suspensions`.
    pub fn executes(
        &self,
        secondaries: impl IntoIterator<Item = (Arc<ObjectRecord>, u32)>,
        nesting: u32,
        suspensions: &[super::records::Suspension],
    ) {
        if let Some(mut r) = self.try_lock() {
            r.secondaries.extend(secondaries);
            r.nesting = r.nesting.max(nesting.saturating_add(1));
            for s in suspensions {
                r.suspension.execute(s);
            }
            // Executing secondaries leaves the primary's draw state undefined.
            r.draw.unknown = true;
        }
    }

    /// One more submission of it is outstanding; what it refers to is in use by that
    /// submission, added to `in_use`.
    pub fn submitted(&self, in_use: &mut Vec<Arc<ObjectRecord>>) {
        let mut r = self.lock();
        r.pending += 1;
        r.references.submitted(in_use);
    }

    /// One submission of it completed: a one-time-submit command buffer becomes invalid.
    pub fn completed(&self) {
        let mut r = self.lock();
        r.pending = r.pending.saturating_sub(1);
        if r.pending == 0 && r.one_time() && r.lifecycle == Lifecycle::Executable {
            r.lifecycle = Lifecycle::Invalid;
        }
    }
}
