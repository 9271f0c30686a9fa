//! The typed state of command pools and command buffers: a recording (what its commands bound,
//! began, set and refer to) under the command buffer's lock. What the state does is in
//! `state::command_buffers`.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU32};
use std::sync::{Arc, Mutex};

use super::*;

/// A command pool's state.
#[derive(Default)]
pub struct CommandPoolState {
    /// `VkCommandPoolCreateFlags`.
    pub(in crate::state) flags: AtomicU32,
    /// Its queue family index, plus one (0 until recorded).
    pub(in crate::state) family: AtomicU32,
}

/// Where a command buffer is in its lifecycle, apart from pending (which is whether submissions
/// of it are outstanding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lifecycle {
    Initial,
    Recording,
    Executable,
    /// A one-time-submit command buffer whose submission completed, or one whose recording was
    /// ended by an error.
    Invalid,
}

/// Per subpass index, the fingerprint of the sample locations after it
/// (`VkRenderPassSampleLocationsBeginInfoEXT::pPostSubpassSampleLocations`).
pub type SubpassLocations = Box<[(u32, u64)]>;

/// What the lifecycle checks read and the tracker writes, under the command buffer's lock.
pub struct Recording {
    pub lifecycle: Lifecycle,
    /// The `VkCommandBufferUsageFlags` it was begun with.
    pub usage: u32,
    /// Submissions of it (directly or through a primary) not yet known to be complete.
    pub pending: u32,
    /// The secondary command buffers a primary executes (vkCmdExecuteCommands), in order, with
    /// the recording of each that it executes (its `generation` then).
    pub secondaries: Vec<(Arc<ObjectRecord>, u32)>,
    /// Counts recordings: bumped when it is begun or reset. A primary that executes an earlier
    /// recording of it is invalid.
    pub generation: u32,
    /// The objects its recorded commands name.
    pub references: References,
    /// What its commands do to image layouts.
    pub layouts: RecordingLayouts,
    /// What its commands have bound, per pipeline bind point (kept while core is on).
    pub bound: [BoundPoint; BIND_POINTS],
    /// Whether a render pass instance is active: begun and not ended, or for a secondary, begun
    /// with `VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT`.
    pub in_render_pass: bool,
    /// Between vkCmdBeginVideoCodingKHR and vkCmdEndVideoCodingKHR.
    pub in_video_coding: bool,
    /// The `VkQueueFlags` of its pool's queue family (every bit while unknown).
    pub queue_flags: u32,
    /// The stages that family does not support (`vigil_sync_tables::unsupported_stages` of
    /// every bit): barriers test their masks against it on every call.
    pub unsupported_stages: u64,
    /// Its pool's queue family index (`VK_QUEUE_FAMILY_IGNORED` while unknown).
    pub queue_family: u32,
    /// The render pass instance it began, while active (none for one a secondary continues).
    pub instance: Option<RenderPassInstance>,
    /// The pipeline layout its last push constant update was made with (kept while core is on).
    pub pushed: Pushed,
    /// The last render pass instance it began, for vkCmdClearAttachments.
    pub clear_area: Option<ClearArea>,
    /// What its commands do to queries.
    pub queries: RecordingQueries,
    /// The events its commands set.
    pub events: RecordingEvents,
    /// The dynamic state and index buffer its commands set (kept while core is on).
    pub draw: DrawState,
    /// The key of `instance` (`state::render_passes::instance_key`), kept with it for draws.
    pub pass_key: u64,
    /// The sample count of `instance`'s attachments (`state::render_passes::rendering_samples`).
    pub rendering_samples: u32,
    /// The aspects of `instance`'s depth/stencil attachment in read-only layouts, kept with it
    /// for draws.
    pub read_only: ReadOnlyAspects,
    /// Transform feedback is active: begun (vkCmdBeginTransformFeedback*EXT) and not ended.
    pub transform_feedback: bool,
    /// Debug utils labels begun in it and not ended since (vkCmdBeginDebugUtilsLabelEXT).
    pub labels: u32,
    /// Render pass instances begun in it (vkCmdBeginRenderPass*, vkCmdBeginRendering*): tells
    /// one instance's subpass from another's.
    pub instances: u32,
    /// Where conditional rendering was made active, while it is (vkCmdBeginConditionalRenderingEXT
    /// not ended yet).
    pub conditional: Option<ConditionalScope>,
    /// The queue family ownership transfers it records, in order (`ownership`).
    pub transfers: Vec<Transfer>,
    /// The self-dependencies of the render pass of `instance`, when it has one and Vigil saw
    /// the render pass created.
    pub self_dependencies: Option<Arc<[SelfDependency]>>,
    /// The attachments of `instance`, when vkCmdBeginRendering began it.
    pub targets: Option<Box<RenderingTargets>>,
    /// The image subresources `instance` uses as attachments (kept while core is on).
    pub attached: Vec<crate::state::images::AttachedImage>,
    /// For a secondary continuing a render pass instance, what it was begun to continue (`None`
    /// when the inheritance info gave nothing to follow).
    pub inherited: Option<Box<Inherited>>,
    /// vkCmdBeginCustomResolveEXT was recorded in the current render pass instance.
    pub custom_resolve: bool,
    /// What barriers inside the render pass instance (begun with a render pass object) may
    /// name. Kept while core is on.
    pub feedback: Option<FeedbackAttachments>,
    /// The local read mappings set in the current vkCmdBeginRendering instance.
    pub maps: LocalReadMaps,
    /// Its command buffer nesting level: 0 until it executes secondaries, then one more than
    /// the highest level among them.
    pub nesting: u32,
    /// A protected command buffer (`CommandBufferState::protected`, kept here too for the draw
    /// path, which holds the recording).
    pub protected: bool,
    /// A secondary begun with `VkCommandBufferInheritanceViewportScissorInfoNV::viewportScissor2D`:
    /// its graphics pipelines take viewports and scissors (and discard rectangles) dynamically.
    pub viewport_scissor_2d: bool,
    /// The provoking vertex mode of the graphics pipelines bound in the current render pass
    /// instance (or bound when it began), where one with a static mode was (`state::pipelines`).
    pub provoking_vertex: Option<i32>,
    /// The render pass instance (its `instances` number) begun with
    /// `VkRenderPassSampleLocationsBeginInfoEXT`, and per subpass its post-subpass sample
    /// locations' fingerprints (`dynamic_state::sample_locations_key`).
    pub post_subpass_locations: Option<(u32, SubpassLocations)>,
    /// Suspension of dynamic rendering instances (`state::render_passes`).
    pub suspension: Suspension,
}

/// `VK_RENDERING_SUSPENDING_BIT`.
pub const SUSPENDING: u32 = vigil_generated::VkRenderingFlagBits::VK_RENDERING_SUSPENDING_BIT.0;
/// `VK_RENDERING_RESUMING_BIT`.
pub const RESUMING: u32 = vigil_generated::VkRenderingFlagBits::VK_RENDERING_RESUMING_BIT.0;

/// What a recording did with render pass instance suspension
/// (`VK_RENDERING_SUSPENDING_BIT`, `VK_RENDERING_RESUMING_BIT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Suspension {
    /// A vkCmdBeginRendering instance ended suspended and none has begun since: what it records
    /// now is between suspended render pass instances.
    pub suspended: bool,
    /// It began a vkCmdBeginRendering instance (whose end decides `suspended`).
    pub rendering_begun: bool,
    /// Whether the first render pass instance it began resumed a suspended one; `None` before
    /// any.
    pub first_resumes: Option<bool>,
    /// A later instance resumed when none was suspended just before it.
    pub stray_resume: bool,
}

impl Suspension {
    /// Follows one more render pass instance's begin: `Some(flags)` for vkCmdBeginRendering's,
    /// `None` for a render pass object's.
    pub fn begin(&mut self, rendering: Option<u32>) {
        self.instance_begun(rendering.is_some_and(|f| f & RESUMING != 0));
        if rendering.is_some() {
            (self.suspended, self.rendering_begun) = (false, true);
        }
    }

    /// A render pass instance began here, resuming a suspended one or not: the first, or a
    /// stray resume when none is suspended just before it.
    fn instance_begun(&mut self, resumes: bool) {
        match self.first_resumes {
            None => self.first_resumes = Some(resumes),
            Some(_) => self.stray_resume |= resumes && !self.suspended,
        }
    }

    /// Follows a secondary's recording `s`, executed here.
    pub fn execute(&mut self, s: &Suspension) {
        if let Some(first) = s.first_resumes {
            self.instance_begun(first);
        }
        self.stray_resume |= s.stray_resume;
        if s.rendering_begun {
            (self.suspended, self.rendering_begun) = (s.suspended, true);
        }
    }
}

/// The images barriers inside a render pass object's instance may name.
#[derive(Clone, Debug)]
pub struct FeedbackAttachments {
    /// Per subpass, the attachments it uses both as an input and as a color, resolve or
    /// depth/stencil attachment.
    pub subpasses: Arc<[Vec<u32>]>,
    /// Per attachment, its image as the application names it (0 where Vigil does not know it).
    pub images: Vec<u64>,
}

/// The draw-time state a recording's commands set besides pipelines and descriptor sets.
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawState {
    /// Per core `VkDynamicState` value (bit n for value n < 32): set by its vkCmdSet* command and
    /// not invalidated since by binding a pipeline that has it static.
    pub dynamic_set: u32,
    /// The states of `dynamic_set`'s bits set since a graphics pipeline was last bound (a
    /// pipeline that has one of them static makes a draw invalid).
    pub set_since_bind: u32,
    /// Likewise for the extended dynamic states ([`DynamicValues::set`]'s bits).
    pub ext_set_since_bind: u64,
    /// What is set cannot be told: a bound pipeline's dynamic states were unknown, or executed
    /// secondaries left the state undefined.
    pub unknown: bool,
    /// The bound index buffer.
    pub index: Option<IndexBinding>,
    /// The extended dynamic states set, and the values that decide which states a draw needs.
    pub values: DynamicValues,
    /// The vertex input bindings (bit n for binding n < 32) a vkCmdBindVertexBuffers(2) bound a
    /// buffer or VK_NULL_HANDLE to (`state::draw_params`).
    pub vertex_bound: u32,
    /// The vertex input bindings of `vertex_bound` whose buffer is VK_NULL_HANDLE.
    pub vertex_null: u32,
    /// Per vertex input binding below 32 of `vertex_bound`: the bytes bound from its offset on
    /// (`state::draw_params::UNKNOWN_RANGE` when not known).
    pub vertex_ranges: [u64; 32],
}

/// A vkCmdBindIndexBuffer(2) binding.
#[derive(Clone, Copy, Debug)]
pub struct IndexBinding {
    pub buffer: u64,
    /// Bytes bound from the offset on, when the buffer's size is known.
    pub range: Option<u64>,
    /// Bytes per index (1, 2 or 4); `None` for a type Vigil does not size.
    pub index_size: Option<u64>,
}

/// Where a recording made conditional rendering active: outside any render pass instance, or
/// in subpass `subpass` (0 for dynamic rendering) of its `instance`-th render pass instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionalScope {
    Outside,
    Inside { instance: u32, subpass: u32 },
}

/// A render pass instance a recording began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderPassInstance {
    /// By vkCmdBeginRenderPass(2): the current subpass, how many the render pass has, and its
    /// compatibility class (`state::render_passes::compatibility`), when known; its framebuffer;
    /// whether the current subpass's contents allow executing secondaries.
    RenderPass { subpass: u32, subpasses: Option<u32>, compat: Option<u64>, framebuffer: u64, secondaries: bool },
    /// By vkCmdBeginRendering: its view mask, color attachment count and `VkRenderingFlags`.
    Rendering { view_mask: u32, colors: u32, flags: u32 },
}

/// One attachment of a vkCmdBeginRendering instance, as the secondaries it executes must
/// inherit it: the view's format and its image's sample count (when Vigil knows them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderingTarget {
    pub view: u64,
    pub format: Option<i32>,
    pub samples: Option<u32>,
    /// Its view's format features (`VkFormatFeatureFlags2`), when known.
    pub features: Option<u64>,
    /// Its image was created with `VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT`
    /// (`None`: not known).
    pub sample_locations_compatible: Option<bool>,
}

/// The attachments of a vkCmdBeginRendering instance (`None` for a null image view).
#[derive(Clone, Debug, Default)]
pub struct RenderingTargets {
    pub colors: Vec<Option<RenderingTarget>>,
    pub depth: Option<RenderingTarget>,
    pub stencil: Option<RenderingTarget>,
    /// The chained `VkRenderingFragmentShadingRateAttachmentInfoKHR`'s and
    /// `VkRenderingFragmentDensityMapAttachmentInfoEXT`'s image views (0 for none or null).
    pub fragment_maps: [u64; 2],
}

/// The render pass instance a secondary begun with `VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT`
/// continues, as its `VkCommandBufferInheritanceInfo` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inherited {
    /// A render pass object's subpass (`renderPass` not null), with the render pass's
    /// compatibility class when known, and the framebuffer (possibly null).
    RenderPass { render_pass: u64, compat: Option<u64>, subpass: u32, framebuffer: u64 },
    /// A vkCmdBeginRendering instance (`VkCommandBufferInheritanceRenderingInfo`).
    Rendering(InheritedRendering),
}

/// `VkCommandBufferInheritanceRenderingInfo`, and whether a `VkAttachmentSampleCountInfoAMD`
/// was chained beside it (its sample counts then replace `samples`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InheritedRendering {
    pub flags: u32,
    pub view_mask: u32,
    pub colors: Vec<i32>,
    pub depth: i32,
    pub stencil: i32,
    pub samples: u32,
    pub sample_counts: bool,
    /// The local read mappings chained beside it (the identity where not).
    pub maps: LocalReadMaps,
}

/// Dynamic rendering local read's mappings of a render pass instance: where each color
/// attachment is written (`VkRenderingAttachmentLocationInfo`) and which input attachment index
/// reads each attachment (`VkRenderingInputAttachmentIndexInfo`). `None` stands for the
/// identity a vkCmdBeginRendering starts with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalReadMaps {
    /// Per color attachment, its location (`VK_ATTACHMENT_UNUSED`: not written).
    pub locations: Option<Vec<u32>>,
    pub inputs: Option<InputIndices>,
}

/// A `VkRenderingInputAttachmentIndexInfo`: per color attachment its input attachment index
/// (`None`: each its own index), and the depth and stencil attachments' (`None`: read without
/// an `InputAttachmentIndex` decoration).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputIndices {
    pub colors: Option<Vec<u32>>,
    pub depth: Option<u32>,
    pub stencil: Option<u32>,
}

/// The layout of a recording's last push constant update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pushed {
    /// None since it was begun.
    #[default]
    Nothing,
    /// `vkCmdPushConstants` or `vkCmdPushConstants2` with this layout.
    Layout(Key),
    /// With a layout Vigil does not follow (`vkCmdPushConstants2` with a null layout and a
    /// chained `VkPipelineLayoutCreateInfo`): taken as compatible.
    Unknown,
}

/// The pipeline bind points whose bound state is followed: graphics, compute, ray tracing.
pub const BIND_POINTS: usize = 3;

/// What a recording has bound at one pipeline bind point. Keys, not records: the recording's
/// references hold the records, and cloning a shared pipeline's record on every bind would write
/// a line every recording thread shares.
#[derive(Default, Clone)]
pub struct BoundPoint {
    pub pipeline: Option<Key>,
    /// Per set number: the set bound there (`None` for a null handle) and the pipeline layout it
    /// was bound with.
    pub sets: Vec<Option<BoundSet>>,
    /// The shader objects bound to the stages of the bind point (`state::shader_objects`).
    pub shaders: BoundShaders,
    /// The set numbers (bit n for set n < 32) whose descriptors vkCmdSetDescriptorBufferOffsets*EXT
    /// took from descriptor buffers since a vkCmdBindDescriptorSets* bound a set there.
    pub buffer_sets: u32,
}

/// One bound descriptor set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundSet {
    pub set: Option<Key>,
    pub layout: Key,
}

/// The objects a recording refers to, each once: destroying one invalidates the command buffer,
/// and none may be destroyed while a submission of it may still run.
#[derive(Default)]
pub struct References {
    /// Each record, in the order first named; an index into it stays valid until the recording
    /// is cleared.
    pub(in crate::state) records: Vec<Arc<ObjectRecord>>,
    /// By key, the index into `records`: a key named again finds its record here, without the
    /// table's shard lock, which every recording thread naming the same shared object would
    /// otherwise take.
    pub(in crate::state) index: HashMap<Key, u32, BuildHasherDefault<KeyHasher>>,
    /// The keys named most recently, with their indices, by a hash of the key: a loop that binds
    /// the same pipeline and sets again and again finds them here without hashing, and so does
    /// the draw that reads them back.
    pub(in crate::state) recent: [Option<(Key, u32)>; RECENT],
    /// The descriptor sets among them, each with the set version current when the recording
    /// first named it: an update after that to a binding that is not update-after-bind
    /// invalidates the command buffer.
    pub(in crate::state) sets: Vec<(Arc<ObjectRecord>, u64)>,
}

/// Ways per set of [`References::recent`].
pub(in crate::state) const RECENT_WAYS: usize = 4;
/// Entries of [`References::recent`]: four sets.
pub(in crate::state) const RECENT: usize = 4 * RECENT_WAYS;

/// A command buffer's state. Boxed, and aligned to whole cache-line pairs: the boxes of command
/// buffers allocated together lie side by side, and one thread recording into the end of its
/// own (what it binds) must not invalidate the lock another thread takes at the start of the
/// next (at eight threads on the GPU machine this cost a third of the time per frame).
#[repr(align(128))]
pub struct CommandBufferState {
    pub(in crate::state) secondary: AtomicBool,
    /// Allocated from a protected pool (`CommandBufferState::protected`).
    pub(in crate::state) protected: AtomicBool,
    pub(in crate::state) recording: Mutex<Recording>,
}

/// What one recording does to queries.
#[derive(Default, Clone, Debug)]
pub struct RecordingQueries {
    pub active: Vec<ActiveQuery>,
    /// Queries it ended or wrote a timestamp to, not reset by it since: available once it runs.
    pub written: Vec<(Key, u32)>,
}

/// A query a recording began and has not ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActiveQuery {
    pub pool: Key,
    pub query: u32,
    /// The pool's `VkQueryType`.
    pub ty: i32,
    /// The index of vkCmdBeginQueryIndexedEXT (0 for vkCmdBeginQuery).
    pub index: u32,
    pub scope: Scope,
}

/// The events one recording set, each with how it last set it, until it resets them.
#[derive(Default, Clone, Debug)]
pub struct RecordingEvents {
    pub set: Vec<(Key, SetBy)>,
}

/// One side of an ownership transfer a recording holds.
#[derive(Clone)]
pub struct Transfer {
    /// An acquire (else a release).
    pub acquire: bool,
    /// The buffer or image.
    pub resource: Arc<ObjectRecord>,
    pub key: TransferKey,
}
