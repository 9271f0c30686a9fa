//! Pipeline barriers and the barriers of the event commands (vkCmdPipelineBarrier(2),
//! vkCmdWaitEvents(2), vkCmdSetEvent2), original and synchronization2 structures: access masks
//! against the stages that may perform them and stage masks against the features they need
//! (rules generated from the `<sync>` tables, `vigil_generated::sync`), stage masks against the
//! queue family of the command buffer's pool, buffer ranges and image subresource ranges inside
//! their resources, which must be bound to memory, an image barrier's layouts against the image's
//! usage and its aspect mask against the format, the foreign queue family without its
//! extension, an exclusive resource's ownership transfer between valid families, no ownership
//! transfer with the host stage, ownership transfers on the pool's queue
//! family (and the original structures' accesses scoped by the side the pool's family takes
//! part in), and what a barrier may do inside or
//! outside a render pass instance (graphics and framebuffer-space stages inside; in a render
//! pass object's instance, a self-dependency of the current subpass that covers the barrier's
//! flags and stage masks, its access masks not compared). Layout rules that need the recorded
//! layouts are `layouts.rs`'s.

use std::sync::LazyLock;

use vigil_generated::features::Feature;
use vigil_generated::sync::{
    AccessRule, FeatureRule, ACCESS_RULES, ACCESS_RULE_SCOPES, FEATURE_RULES, FEATURE_RULE_SCOPES,
};
use vigil_generated::*;
use vigil_sync_tables::{access_scope, expand_stages, unsupported_accesses};

use super::formats::format_info;
use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::images::ImageInfo;
use crate::state::render_passes::SelfDependency;
use crate::state::TYPES;

const WHOLE_SIZE: u64 = u64::MAX;
const REMAINING: u32 = u32::MAX;
const VIEW_LOCAL: u32 = 0x2;
/// `VK_PIPELINE_STAGE_HOST_BIT`.
const HOST: u64 = 0x4000;
const BY_REGION: u32 = 0x1;
const ALL_GRAPHICS: u64 = 0x8000;
/// `TOP_OF_PIPE`, `BOTTOM_OF_PIPE` and `ALL_COMMANDS`.
const UNNAMED: u64 = 0x1 | 0x2000 | 0x10000;
/// The framebuffer-space stages: fragment shader, early and late fragment tests, color
/// attachment output.
const FRAMEBUFFER_SPACE: u64 = 0x80 | 0x100 | 0x200 | 0x400;

/// The generated rules arranged for the clean path: a barrier that breaks none (nearly every
/// one) is judged with a few bit operations per access bit instead of a scan of every row; the
/// rows are scanned, for their messages, only when one is broken.
struct RuleIndex {
    /// Per access rule scope and side (`[scope][dst]`): the stage masks of the rules naming
    /// each access bit (the stages must meet each).
    access: Vec<[AccessBits; 2]>,
    /// Per feature rule scope and side: every stage any rule names (a mask meeting none of
    /// them breaks no rule).
    feature_stages: Vec<[u64; 2]>,
}

/// One side of one scope's access rules, by access bit: most bits are named by one rule, whose
/// stage mask is kept inline; the rest go to a list.
struct AccessBits {
    /// The access bits some rule names.
    named: u64,
    /// Per bit, the stage mask of the first rule naming it.
    first: [u64; 64],
    /// The access bits more than one rule names.
    shared: u64,
    /// The stage masks of the other rules, with the bit they name.
    more: Vec<(u32, u64)>,
}

impl Default for AccessBits {
    fn default() -> Self {
        AccessBits { named: 0, first: [0; 64], shared: 0, more: Vec::new() }
    }
}

static RULES: LazyLock<RuleIndex> = LazyLock::new(|| {
    let mut access: Vec<[AccessBits; 2]> = ACCESS_RULE_SCOPES.iter().map(|_| Default::default()).collect();
    for r in ACCESS_RULES.iter() {
        let side = &mut access[r.scope][usize::from(r.dst)];
        for bit in (0..64).filter(|b| r.accesses & 1 << b != 0) {
            if side.named & 1 << bit == 0 {
                side.named |= 1 << bit;
                side.first[bit] = r.stages;
            } else {
                side.shared |= 1 << bit;
                side.more.push((bit as u32, r.stages));
            }
        }
    }
    let mut feature_stages = vec![[0u64; 2]; FEATURE_RULE_SCOPES.len()];
    for r in FEATURE_RULES.iter() {
        feature_stages[r.scope][usize::from(r.dst)] |= r.stages;
    }
    RuleIndex { access, feature_stages }
});

impl RuleIndex {
    /// Whether `access` on side `dst` of structure `scope` has a bit that some rule wants
    /// performed by a stage `stage` lacks.
    #[inline]
    fn access_broken(&self, scope: usize, dst: bool, access: u64, stage: u64) -> bool {
        let Some(side) = self.access.get(scope).map(|s| &s[usize::from(dst)]) else { return false };
        let mut bits = access & side.named;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if stage & side.first[b] == 0 {
                return true;
            }
        }
        let shared = access & side.shared;
        shared != 0 && side.more.iter().any(|&(b, stages)| shared >> b & 1 != 0 && stage & stages == 0)
    }

    /// Whether a stage mask of side `dst` of scope `scope` names a stage some feature rule is about.
    #[inline]
    fn feature_relevant(&self, scope: usize, dst: bool, mask: u64) -> bool {
        self.feature_stages.get(scope).is_some_and(|s| s[usize::from(dst)] & mask != 0)
    }
}

/// Rows of `rules` whose scope is `scope`.
fn in_scope<R>(rules: &'static [R], scope: usize, of: fn(&R) -> usize) -> impl Iterator<Item = &'static R> {
    rules.iter().filter(move |r| of(r) == scope)
}

/// The ids of one barrier command's own rules (`None`: the command has no such rule).
pub(super) struct CommandIds {
    /// Every stage of a stage mask supported by the pool's queue family (src, dst). For
    /// synchronization2 commands, those of memory barriers.
    pub queue: Option<(&'static str, &'static str)>,
    /// The same for buffer and image barriers that transfer no ownership (synchronization2).
    pub resource_queue: Option<(&'static str, &'static str)>,
    /// Accesses against the command's stage masks (original structures): memory (src, dst),
    /// buffer (src, dst), image (src, dst).
    pub accesses: Option<[&'static str; 6]>,
    /// Index into `FEATURE_RULE_SCOPES` of the command's own stage masks.
    pub feature_scope: Option<usize>,
    /// No `VK_DEPENDENCY_VIEW_LOCAL_BIT` outside a render pass instance.
    pub view_local: Option<&'static str>,
    /// Inside a render pass instance: oldLayout equal to newLayout.
    pub same_layout: Option<&'static str>,
    /// Inside a render pass instance: srcQueueFamilyIndex equal to dstQueueFamilyIndex.
    pub same_family: Option<&'static str>,
    /// Inside a render pass instance begun with a render pass object: no buffer barriers.
    pub no_buffers: Option<&'static str>,
    /// With the host stage in a stage mask, no ownership transfer: (image, buffer) barriers.
    pub host_families: Option<(&'static str, &'static str)>,
    /// Inside a render pass instance: after framebuffer-space source stages, only
    /// framebuffer-space destination stages (07890) and a by-region dependency (07891); only
    /// graphics stages (07892).
    pub instance_stages: Option<[&'static str; 3]>,
    /// Inside a render pass instance begun with a render pass object: a self-dependency of the
    /// current subpass covers the command (its flags and stage masks).
    pub self_dependency: Option<&'static str>,
    /// An ownership transfer releases from or acquires to the pool's queue family.
    pub pool_family: Option<&'static str>,
    /// Inside dynamic rendering only with dynamicRenderingLocalRead or a tile image read
    /// feature.
    pub in_rendering: Option<&'static str>,
    /// Inside a render pass instance begun with a render pass object: an image barrier's image
    /// is an attachment the subpass uses as an input and as a color, resolve or depth/stencil
    /// attachment.
    pub attachment_image: Option<&'static str>,
}

pub(super) const PIPELINE_BARRIER: CommandIds = CommandIds {
    queue: Some(("VUID-vkCmdPipelineBarrier-srcStageMask-06461", "VUID-vkCmdPipelineBarrier-dstStageMask-06462")),
    resource_queue: None,
    accesses: Some([
        "VUID-vkCmdPipelineBarrier-srcAccessMask-02815",
        "VUID-vkCmdPipelineBarrier-dstAccessMask-02816",
        "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02817",
        "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02818",
        "VUID-vkCmdPipelineBarrier-pImageMemoryBarriers-02819",
        "VUID-vkCmdPipelineBarrier-pImageMemoryBarriers-02820",
    ]),
    feature_scope: Some(3),
    view_local: Some("VUID-vkCmdPipelineBarrier-dependencyFlags-01186"),
    same_layout: Some("VUID-vkCmdPipelineBarrier-oldLayout-01181"),
    same_family: Some("VUID-vkCmdPipelineBarrier-srcQueueFamilyIndex-01182"),
    no_buffers: Some("VUID-vkCmdPipelineBarrier-bufferMemoryBarrierCount-01178"),
    host_families: Some((
        "VUID-vkCmdPipelineBarrier-srcStageMask-09633",
        "VUID-vkCmdPipelineBarrier-srcStageMask-09634",
    )),
    instance_stages: Some([
        "VUID-vkCmdPipelineBarrier-None-07890",
        "VUID-vkCmdPipelineBarrier-dependencyFlags-07891",
        "VUID-vkCmdPipelineBarrier-None-07892",
    ]),
    self_dependency: Some("VUID-vkCmdPipelineBarrier-None-07889"),
    pool_family: Some("VUID-vkCmdPipelineBarrier-srcQueueFamilyIndex-10388"),
    in_rendering: Some("VUID-vkCmdPipelineBarrier-None-09553"),
    attachment_image: Some("VUID-vkCmdPipelineBarrier-image-04073"),
};

pub(super) const PIPELINE_BARRIER2: CommandIds = CommandIds {
    queue: Some(("VUID-vkCmdPipelineBarrier2-srcStageMask-09673", "VUID-vkCmdPipelineBarrier2-dstStageMask-09674")),
    resource_queue: Some((
        "VUID-vkCmdPipelineBarrier2-srcStageMask-09675",
        "VUID-vkCmdPipelineBarrier2-dstStageMask-09676",
    )),
    accesses: None,
    feature_scope: None,
    view_local: Some("VUID-vkCmdPipelineBarrier2-dependencyFlags-01186"),
    same_layout: Some("VUID-vkCmdPipelineBarrier2-oldLayout-01181"),
    same_family: Some("VUID-vkCmdPipelineBarrier2-srcQueueFamilyIndex-01182"),
    no_buffers: Some("VUID-vkCmdPipelineBarrier2-bufferMemoryBarrierCount-01178"),
    host_families: None,
    instance_stages: Some([
        "VUID-vkCmdPipelineBarrier2-None-07890",
        "VUID-vkCmdPipelineBarrier2-dependencyFlags-07891",
        "VUID-vkCmdPipelineBarrier2-None-07892",
    ]),
    self_dependency: Some("VUID-vkCmdPipelineBarrier2-None-07889"),
    pool_family: Some("VUID-vkCmdPipelineBarrier2-srcQueueFamilyIndex-10387"),
    in_rendering: Some("VUID-vkCmdPipelineBarrier2-None-09553"),
    attachment_image: Some("VUID-vkCmdPipelineBarrier2-image-04073"),
};

pub(super) const WAIT_EVENTS: CommandIds = CommandIds {
    queue: Some(("VUID-vkCmdWaitEvents-srcStageMask-06459", "VUID-vkCmdWaitEvents-dstStageMask-06460")),
    resource_queue: None,
    accesses: None,
    // events.rs checks vkCmdWaitEvents' stage features.
    feature_scope: None,
    view_local: None,
    same_layout: Some("VUID-vkCmdWaitEvents-oldLayout-01181"),
    same_family: None,
    no_buffers: None,
    host_families: None,
    instance_stages: None,
    self_dependency: None,
    pool_family: None,
    in_rendering: None,
    attachment_image: None,
};

pub(super) const WAIT_EVENTS2: CommandIds = CommandIds {
    queue: None,
    resource_queue: None,
    accesses: None,
    feature_scope: None,
    view_local: None,
    same_layout: Some("VUID-vkCmdWaitEvents2-oldLayout-01181"),
    same_family: Some("VUID-vkCmdWaitEvents2-srcQueueFamilyIndex-01182"),
    no_buffers: None,
    host_families: None,
    instance_stages: None,
    self_dependency: None,
    pool_family: None,
    in_rendering: None,
    attachment_image: None,
};

pub(super) const SET_EVENT2: CommandIds = CommandIds {
    queue: None,
    resource_queue: None,
    accesses: None,
    feature_scope: None,
    view_local: None,
    same_layout: None,
    same_family: None,
    no_buffers: None,
    host_families: None,
    instance_stages: None,
    self_dependency: None,
    pool_family: None,
    in_rendering: None,
    attachment_image: None,
};

/// The ids of a buffer barrier structure's rules.
struct BufferIds {
    offset: &'static str,
    size_zero: &'static str,
    size: &'static str,
    bound: &'static str,
    foreign: (&'static str, &'static str),
    /// An exclusive buffer's ownership transfer names valid families (src, dst).
    exclusive: (&'static str, &'static str),
}

const BUFFER: BufferIds = BufferIds {
    offset: "VUID-VkBufferMemoryBarrier-offset-01187",
    size_zero: "VUID-VkBufferMemoryBarrier-size-01188",
    size: "VUID-VkBufferMemoryBarrier-size-01189",
    bound: "VUID-VkBufferMemoryBarrier-buffer-01931",
    foreign: (
        "VUID-VkBufferMemoryBarrier-srcQueueFamilyIndex-09099",
        "VUID-VkBufferMemoryBarrier-dstQueueFamilyIndex-09100",
    ),
    exclusive: ("VUID-VkBufferMemoryBarrier-buffer-09095", "VUID-VkBufferMemoryBarrier-buffer-09096"),
};

const BUFFER2: BufferIds = BufferIds {
    offset: "VUID-VkBufferMemoryBarrier2-offset-01187",
    size_zero: "VUID-VkBufferMemoryBarrier2-size-01188",
    size: "VUID-VkBufferMemoryBarrier2-size-01189",
    bound: "VUID-VkBufferMemoryBarrier2-buffer-01931",
    foreign: (
        "VUID-VkBufferMemoryBarrier2-srcQueueFamilyIndex-09099",
        "VUID-VkBufferMemoryBarrier2-dstQueueFamilyIndex-09100",
    ),
    exclusive: ("VUID-VkBufferMemoryBarrier2-buffer-09095", "VUID-VkBufferMemoryBarrier2-buffer-09096"),
};

/// The ids of an image barrier structure's rules.
struct ImageIds {
    /// newLayout not UNDEFINED, PREINITIALIZED or ZERO_INITIALIZED.
    new_layout: &'static str,
    /// The layout/usage rules, in the order of `LAYOUT_USAGES`.
    usages: [&'static str; 14],
    /// A single-plane color format: the color aspect alone.
    color_aspect: &'static str,
    /// Depth and stencil: both aspects without separateDepthStencilLayouts (03320), one or
    /// both with it (03319).
    depth_stencil_aspects: (&'static str, &'static str),
    base_level: &'static str,
    levels: &'static str,
    base_layer: &'static str,
    layers: &'static str,
    bound: &'static str,
    foreign: (&'static str, &'static str),
    /// An exclusive image's ownership transfer names valid families (src, dst).
    exclusive: (&'static str, &'static str),
}

const IMAGE: ImageIds = ImageIds {
    new_layout: "VUID-VkImageMemoryBarrier-newLayout-01198",
    usages: [
        "VUID-VkImageMemoryBarrier-oldLayout-01208",
        "VUID-VkImageMemoryBarrier-oldLayout-01209",
        "VUID-VkImageMemoryBarrier-oldLayout-01210",
        "VUID-VkImageMemoryBarrier-oldLayout-01211",
        "VUID-VkImageMemoryBarrier-oldLayout-01212",
        "VUID-VkImageMemoryBarrier-oldLayout-01213",
        "VUID-VkImageMemoryBarrier-oldLayout-01658",
        "VUID-VkImageMemoryBarrier-oldLayout-01659",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-04065",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-04066",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-04067",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-04068",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-03938",
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-03939",
    ],
    color_aspect: "VUID-VkImageMemoryBarrier-image-09241",
    depth_stencil_aspects: ("VUID-VkImageMemoryBarrier-image-03320", "VUID-VkImageMemoryBarrier-image-03319"),
    base_level: "VUID-VkImageMemoryBarrier-subresourceRange-01486",
    levels: "VUID-VkImageMemoryBarrier-subresourceRange-01724",
    base_layer: "VUID-VkImageMemoryBarrier-subresourceRange-01488",
    layers: "VUID-VkImageMemoryBarrier-subresourceRange-01725",
    bound: "VUID-VkImageMemoryBarrier-image-01932",
    foreign: (
        "VUID-VkImageMemoryBarrier-srcQueueFamilyIndex-09099",
        "VUID-VkImageMemoryBarrier-dstQueueFamilyIndex-09100",
    ),
    exclusive: ("VUID-VkImageMemoryBarrier-image-09117", "VUID-VkImageMemoryBarrier-image-09118"),
};

const IMAGE2: ImageIds = ImageIds {
    new_layout: "VUID-VkImageMemoryBarrier2-newLayout-01198",
    usages: [
        "VUID-VkImageMemoryBarrier2-oldLayout-01208",
        "VUID-VkImageMemoryBarrier2-oldLayout-01209",
        "VUID-VkImageMemoryBarrier2-oldLayout-01210",
        "VUID-VkImageMemoryBarrier2-oldLayout-01211",
        "VUID-VkImageMemoryBarrier2-oldLayout-01212",
        "VUID-VkImageMemoryBarrier2-oldLayout-01213",
        "VUID-VkImageMemoryBarrier2-oldLayout-01658",
        "VUID-VkImageMemoryBarrier2-oldLayout-01659",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-04065",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-04066",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-04067",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-04068",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-03938",
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-03939",
    ],
    color_aspect: "VUID-VkImageMemoryBarrier2-image-09241",
    depth_stencil_aspects: ("VUID-VkImageMemoryBarrier2-image-03320", "VUID-VkImageMemoryBarrier2-image-03319"),
    base_level: "VUID-VkImageMemoryBarrier2-subresourceRange-01486",
    levels: "VUID-VkImageMemoryBarrier2-subresourceRange-01724",
    base_layer: "VUID-VkImageMemoryBarrier2-subresourceRange-01488",
    layers: "VUID-VkImageMemoryBarrier2-subresourceRange-01725",
    bound: "VUID-VkImageMemoryBarrier2-image-01932",
    foreign: (
        "VUID-VkImageMemoryBarrier2-srcQueueFamilyIndex-09099",
        "VUID-VkImageMemoryBarrier2-dstQueueFamilyIndex-09100",
    ),
    exclusive: ("VUID-VkImageMemoryBarrier2-image-09117", "VUID-VkImageMemoryBarrier2-image-09118"),
};

const COLOR_ATTACHMENT: u32 = 0x10;
const DEPTH_STENCIL_ATTACHMENT: u32 = 0x20;
const SAMPLED: u32 = 0x4;
const INPUT_ATTACHMENT: u32 = 0x80;
const DEPTH_READ: u32 = DEPTH_STENCIL_ATTACHMENT | SAMPLED | INPUT_ATTACHMENT;

/// Per image layout, the usages of which an image in it needs one (`ImageIds::usages`' order).
const LAYOUT_USAGES: [(VkImageLayout, u32, &str); 14] = {
    use VkImageLayout as L;
    [
        (L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, COLOR_ATTACHMENT, "VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT"),
        (L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, SAMPLED | INPUT_ATTACHMENT, "SAMPLED or INPUT_ATTACHMENT"),
        (L::VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0x1, "VK_IMAGE_USAGE_TRANSFER_SRC_BIT"),
        (L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0x2, "VK_IMAGE_USAGE_TRANSFER_DST_BIT"),
        (L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL, DEPTH_READ, DS_READ_NAME),
        (L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL, DEPTH_READ, DS_READ_NAME),
        (L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL, DEPTH_STENCIL_ATTACHMENT, DS_NAME),
        (
            L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
            COLOR_ATTACHMENT | DEPTH_STENCIL_ATTACHMENT,
            "a color or depth/stencil attachment usage",
        ),
        (L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL, DEPTH_READ, DS_READ_NAME),
    ]
};
const DS_NAME: &str = "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT";
const DS_READ_NAME: &str = "DEPTH_STENCIL_ATTACHMENT, SAMPLED or INPUT_ATTACHMENT";

/// A synchronization2 barrier's masks, and its scope in the generated rules
/// (`ACCESS_RULE_SCOPES`, `FEATURE_RULE_SCOPES`: memory, buffer, image).
struct Masks {
    scope: usize,
    src_stage: u64,
    src_access: u64,
    dst_stage: u64,
    dst_access: u64,
}

/// The `Masks` of synchronization2 barrier `$b`, of scope `$scope`.
macro_rules! masks {
    ($scope:expr, $b:expr) => {
        Masks {
            scope: $scope,
            src_stage: $b.srcStageMask.0,
            src_access: $b.srcAccessMask.0,
            dst_stage: $b.dstStageMask.0,
            dst_access: $b.dstAccessMask.0,
        }
    };
}

/// The stages of `mask` that name a stage inside a render pass instance, expanded (`UNNAMED`
/// left out, as the stage rules there leave it).
fn named_stages(mask: u64) -> u64 {
    expand_stages(mask & !UNNAMED)
}

/// `VK_ACCESS_2_ACCELERATION_STRUCTURE_READ_BIT_KHR`.
const ACCELERATION_STRUCTURE_READ: u64 = 0x20_0000;

/// By `ACCESS_RULE_SCOPES` index, then side (src, dst): the ids of an acceleration structure read
/// without a stage that performs one, with the rayQuery feature and without it.
const ACCELERATION_STRUCTURE_READ_IDS: [[(&str, &str); 2]; 3] = [
    [
        ("VUID-VkMemoryBarrier2-srcAccessMask-03927", "VUID-VkMemoryBarrier2-srcAccessMask-06256"),
        ("VUID-VkMemoryBarrier2-dstAccessMask-03927", "VUID-VkMemoryBarrier2-dstAccessMask-06256"),
    ],
    [
        ("VUID-VkBufferMemoryBarrier2-srcAccessMask-03927", "VUID-VkBufferMemoryBarrier2-srcAccessMask-06256"),
        ("VUID-VkBufferMemoryBarrier2-dstAccessMask-03927", "VUID-VkBufferMemoryBarrier2-dstAccessMask-06256"),
    ],
    [
        ("VUID-VkImageMemoryBarrier2-srcAccessMask-03927", "VUID-VkImageMemoryBarrier2-srcAccessMask-06256"),
        ("VUID-VkImageMemoryBarrier2-dstAccessMask-03927", "VUID-VkImageMemoryBarrier2-dstAccessMask-06256"),
    ],
];

/// An acceleration structure read needs a stage that reads acceleration structures: ray tracing
/// shaders, builds or copies, and with the rayQuery feature any shader stage (the sync2 tables
/// allow every shader stage, so the generated access rules cannot tell the two cases apart).
/// True to skip the call.
#[cold]
#[inline(never)]
fn acceleration_structure_reads(cx: &Call<'_>, m: &Masks, at: &Location<'_>) -> bool {
    use VkPipelineStageFlagBits2 as S;
    let Some(ids) = ACCELERATION_STRUCTURE_READ_IDS.get(m.scope) else { return false };
    let ray_query = cx.device().is_some_and(|d| d.features.contains(Feature::RAY_QUERY));
    let mut allowed = S::VK_PIPELINE_STAGE_2_RAY_TRACING_SHADER_BIT_KHR.0
        | S::VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_BUILD_BIT_KHR.0
        | S::VK_PIPELINE_STAGE_2_ACCELERATION_STRUCTURE_COPY_BIT_KHR.0;
    if ray_query {
        allowed |= S::VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT.0
            | S::VK_PIPELINE_STAGE_2_TASK_SHADER_BIT_EXT.0
            | S::VK_PIPELINE_STAGE_2_MESH_SHADER_BIT_EXT.0
            | S::VK_PIPELINE_STAGE_2_CLUSTER_CULLING_SHADER_BIT_HUAWEI.0;
    }
    let all_commands = S::VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT.0;
    let mut skip = false;
    let sides = [
        (m.src_access, m.src_stage, "srcAccessMask", "srcStageMask"),
        (m.dst_access, m.dst_stage, "dstAccessMask", "dstStageMask"),
    ];
    for ((access, stage, a, s), (with, without)) in sides.into_iter().zip(ids) {
        if access & ACCELERATION_STRUCTURE_READ == 0 || stage & all_commands != 0 || expand_stages(stage) & allowed != 0
        {
            continue;
        }
        let (vuid, which) = if ray_query {
            (*with, "a shader, ray tracing shader, acceleration structure build or copy stage")
        } else {
            (*without, "a ray tracing shader, acceleration structure build or copy stage (the rayQuery feature is not enabled)")
        };
        skip |= cx.error(
            vuid,
            &at.dot(a),
            format_args!(
                "({access:#x}) includes VK_ACCESS_2_ACCELERATION_STRUCTURE_READ_BIT_KHR, but {s} ({stage:#x}) has no \
                 stage that reads acceleration structures: {which}, or VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT."
            ),
        );
    }
    skip
}

/// Whether a barrier transfers queue family ownership.
fn transfers(src: u32, dst: u32) -> bool {
    src != dst && src != VK_QUEUE_FAMILY_IGNORED && dst != VK_QUEUE_FAMILY_IGNORED
}

impl CoreChecks {
    /// vkCmdPipelineBarrier and vkCmdWaitEvents: the original structures against the command's
    /// stage masks, recording `r`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn legacy_barriers(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        (src, dst, flags): (u32, u32, u32),
        memory: &[VkMemoryBarrier],
        buffers: &[VkBufferMemoryBarrier],
        images: &[VkImageMemoryBarrier],
    ) -> bool {
        let root = cx.location();
        let (src, dst) = (u64::from(src), u64::from(dst));
        let mut skip =
            Self::queue_support(cx, r, ids.queue, (src, dst), (&root.dot("srcStageMask"), &root.dot("dstStageMask")));
        if let Some(scope) = ids.feature_scope {
            skip |= Self::feature_rules(cx, scope, src, dst, &root);
        }
        skip |= Self::render_pass_rules(cx, r, ids, flags, &root, buffers.len());
        if r.in_render_pass && ids.instance_stages.is_some() {
            let accesses = memory.iter().map(|b| (b.srcAccessMask.0, b.dstAccessMask.0));
            let accesses = accesses.chain(buffers.iter().map(|b| (b.srcAccessMask.0, b.dstAccessMask.0)));
            let accesses = accesses.chain(images.iter().map(|b| (b.srcAccessMask.0, b.dstAccessMask.0)));
            let (a, b) = accesses.fold((0, 0), |(s, d), (bs, bd)| (s | bs, d | bd));
            let scopes = (access_scope(u64::from(a), named_stages(src)), access_scope(u64::from(b), named_stages(dst)));
            skip |= Self::instance_stages(cx, r, ids, flags, ((src, dst), scopes), &root);
        }
        if let (Some((image_id, buffer_id)), true) = (ids.host_families, (src | dst) & HOST != 0) {
            let images = images.iter().map(|b| (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex));
            skip |= Self::host_families(cx, image_id, &root.dot("pImageMemoryBarriers"), images);
            let buffers = buffers.iter().map(|b| (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex));
            skip |= Self::host_families(cx, buffer_id, &root.dot("pBufferMemoryBarriers"), buffers);
        }
        let accesses = ids.accesses;
        let list = root.dot("pMemoryBarriers");
        for (i, b) in memory.iter().enumerate() {
            if let Some(a) = accesses {
                let at = list.index(i);
                let ids = (Some(a[0]), Some(a[1]));
                skip |= Self::legacy_accesses(cx, ids, (b.srcAccessMask.0, b.dstAccessMask.0), (src, dst), &at);
            }
        }
        let list = root.dot("pBufferMemoryBarriers");
        for (i, b) in buffers.iter().enumerate() {
            let at = list.index(i);
            let families = (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex);
            if let Some(a) = accesses {
                let ids = Self::sides(r, families, (a[2], a[3]));
                skip |= Self::legacy_accesses(cx, ids, (b.srcAccessMask.0, b.dstAccessMask.0), (src, dst), &at);
            }
            skip |= Self::pool_family(cx, r, ids, families, &at);
            skip |= self.buffer_barrier(cx, &BUFFER, (b.buffer, b.offset, b.size), families, &at);
            skip |= Self::inside_rules(cx, r, ids, families, None, &at);
        }
        let list = root.dot("pImageMemoryBarriers");
        for (i, b) in images.iter().enumerate() {
            let at = list.index(i);
            let families = (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex);
            if let Some(a) = accesses {
                let ids = Self::sides(r, families, (a[4], a[5]));
                skip |= Self::legacy_accesses(cx, ids, (b.srcAccessMask.0, b.dstAccessMask.0), (src, dst), &at);
            }
            skip |= Self::pool_family(cx, r, ids, families, &at);
            skip |=
                self.image_barrier(cx, &IMAGE, (b.image, &b.subresourceRange, b.oldLayout, b.newLayout), families, &at);
            skip |= Self::inside_rules(cx, r, ids, families, Some((b.oldLayout, b.newLayout)), &at);
            skip |= Self::attachment_image(cx, r, ids, b.image.as_raw(), &at);
        }
        skip
    }

    /// vkCmdPipelineBarrier2, each dependency info of vkCmdWaitEvents2, vkCmdSetEvent2: the
    /// synchronization2 structures of `info` (named `at`), recording `r`.
    pub(super) fn dependency_info(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        info: *const VkDependencyInfo,
        at: &Location<'_>,
    ) -> bool {
        // SAFETY: the dependency info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        // SAFETY: the counted arrays of the dependency info, as the application passed them.
        let (memory, buffers, images) = unsafe {
            (
                slice(info.pMemoryBarriers, info.memoryBarrierCount),
                slice(info.pBufferMemoryBarriers, info.bufferMemoryBarrierCount),
                slice(info.pImageMemoryBarriers, info.imageMemoryBarrierCount),
            )
        };
        let mut skip = Self::render_pass_rules(cx, r, ids, info.dependencyFlags.0, at, buffers.len());
        if r.in_render_pass && ids.instance_stages.is_some() {
            // Each barrier's access scope is of its own stage masks.
            let scoped = |(ss, sa, ds, da): (u64, u64, u64, u64)| {
                (ss, ds, access_scope(sa, named_stages(ss)), access_scope(da, named_stages(ds)))
            };
            let masks =
                memory.iter().map(|b| (b.srcStageMask.0, b.srcAccessMask.0, b.dstStageMask.0, b.dstAccessMask.0));
            let masks = masks.chain(
                buffers.iter().map(|b| (b.srcStageMask.0, b.srcAccessMask.0, b.dstStageMask.0, b.dstAccessMask.0)),
            );
            let masks = masks.chain(
                images.iter().map(|b| (b.srcStageMask.0, b.srcAccessMask.0, b.dstStageMask.0, b.dstAccessMask.0)),
            );
            let (s, d, sa, da) = masks
                .map(scoped)
                .fold((0, 0, 0, 0), |(s, d, sa, da), (bs, bd, bsa, bda)| (s | bs, d | bd, sa | bsa, da | bda));
            skip |= Self::instance_stages(cx, r, ids, info.dependencyFlags.0, ((s, d), (sa, da)), at);
        }
        for (i, b) in memory.iter().enumerate() {
            let list = at.arrow("pMemoryBarriers");
            let at = list.index(i);
            let m = masks!(0, b);
            // Memory barriers transfer no ownership: their own queue rule.
            skip |= Self::barrier2_masks(cx, r, (&m, ids.queue), (0, 0), &at);
        }
        for (i, b) in buffers.iter().enumerate() {
            let list = at.arrow("pBufferMemoryBarriers");
            let at = list.index(i);
            let families = (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex);
            skip |= Self::barrier2_masks(cx, r, (&masks!(1, b), ids.resource_queue), families, &at);
            skip |= self.buffer_barrier(cx, &BUFFER2, (b.buffer, b.offset, b.size), families, &at);
            skip |= Self::pool_family(cx, r, ids, families, &at);
            skip |= Self::inside_rules(cx, r, ids, families, None, &at);
        }
        for (i, b) in images.iter().enumerate() {
            let list = at.arrow("pImageMemoryBarriers");
            let at = list.index(i);
            let families = (b.srcQueueFamilyIndex, b.dstQueueFamilyIndex);
            skip |= Self::barrier2_masks(cx, r, (&masks!(2, b), ids.resource_queue), families, &at);
            skip |= Self::pool_family(cx, r, ids, families, &at);
            skip |= self.image_barrier(
                cx,
                &IMAGE2,
                (b.image, &b.subresourceRange, b.oldLayout, b.newLayout),
                families,
                &at,
            );
            skip |= Self::inside_rules(cx, r, ids, families, Some((b.oldLayout, b.newLayout)), &at);
            skip |= Self::attachment_image(cx, r, ids, b.image.as_raw(), &at);
        }
        skip
    }

    /// A synchronization2 structure's masks: accesses against its stage masks and stage masks
    /// against the features they need (the generated rules), and, unless it transfers queue
    /// family ownership (`families`), its stage masks against the pool's queue family (`queue`).
    fn barrier2_masks(
        cx: &Call<'_>,
        r: &Recording,
        (m, queue): (&Masks, Option<(&'static str, &'static str)>),
        families: (u32, u32),
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        if !transfers(families.0, families.1) && (m.src_stage | m.dst_stage) & r.unsupported_stages != 0 {
            let named = (&at.dot("srcStageMask"), &at.dot("dstStageMask"));
            skip |= Self::queue_support(cx, r, queue, (m.src_stage, m.dst_stage), named);
        }
        let index = &*RULES;
        let broken = index.access_broken(m.scope, false, m.src_access, m.src_stage)
            || index.access_broken(m.scope, true, m.dst_access, m.dst_stage);
        for rule in in_scope(&ACCESS_RULES, m.scope, |r: &AccessRule| r.scope).filter(|_| broken) {
            let (access, stage) = if rule.dst { (m.dst_access, m.dst_stage) } else { (m.src_access, m.src_stage) };
            if access & rule.accesses != 0 && stage & rule.stages == 0 {
                let (a, s) =
                    if rule.dst { ("dstAccessMask", "dstStageMask") } else { ("srcAccessMask", "srcStageMask") };
                skip |= cx.error(
                    rule.vuid,
                    &at.dot(a),
                    format_args!(
                        "({access:#x}) has an access ({:#x}) that no stage of {s} ({stage:#x}) performs.",
                        access & rule.accesses
                    ),
                );
            }
        }
        if (m.src_access | m.dst_access) & ACCELERATION_STRUCTURE_READ != 0 {
            skip |= acceleration_structure_reads(cx, m, at);
        }
        skip | Self::feature_rules(cx, m.scope, m.src_stage, m.dst_stage, at)
    }

    /// The generated stage/feature rules of scope `scope` (`FEATURE_RULE_SCOPES`).
    fn feature_rules(cx: &Call<'_>, scope: usize, src: u64, dst: u64, at: &Location<'_>) -> bool {
        let index = &*RULES;
        if !index.feature_relevant(scope, false, src) && !index.feature_relevant(scope, true, dst) {
            return false;
        }
        let Some(device) = cx.device() else { return false };
        let mut skip = false;
        for rule in in_scope(&FEATURE_RULES, scope, |r: &FeatureRule| r.scope) {
            let (mask, name) = if rule.dst { (dst, "dstStageMask") } else { (src, "srcStageMask") };
            if mask & rule.stages != 0 && !rule.features.iter().any(|&f| device.features.contains(f)) {
                let names = rule.features.iter().map(|f| f.name());
                skip |= cx.error(
                    rule.vuid,
                    &at.dot(name),
                    format_args!(
                        "({mask:#x}) includes {:#x}, a stage of a feature that is not enabled ({}).",
                        mask & rule.stages,
                        names.collect::<Vec<_>>().join(" or ")
                    ),
                );
            }
        }
        skip
    }

    /// Every stage of `src` and `dst` supported by the queue family of the recording's pool.
    fn queue_support(
        cx: &Call<'_>,
        r: &Recording,
        ids: Option<(&'static str, &'static str)>,
        (src, dst): (u64, u64),
        (src_at, dst_at): (&Location<'_>, &Location<'_>),
    ) -> bool {
        let Some((src_id, dst_id)) = ids else { return false };
        if (src | dst) & r.unsupported_stages == 0 {
            return false;
        }
        let mut skip = false;
        for (vuid, mask, at) in [(src_id, src, src_at), (dst_id, dst, dst_at)] {
            let unsupported = mask & r.unsupported_stages;
            if unsupported != 0 {
                skip |= cx.error(
                    vuid,
                    at,
                    format_args!(
                        "({mask:#x}) includes stages {unsupported:#x}, which the queue family of the command \
                         buffer's pool (queue flags {:#x}) does not support.",
                        r.queue_flags
                    ),
                );
            }
        }
        skip
    }

    /// The sides of an original buffer or image barrier whose accesses the command's stage masks
    /// scope: the source side when it transfers nothing or releases from the pool's family, the
    /// destination side when it transfers nothing or acquires to it.
    fn sides(
        r: &Recording,
        (src, dst): (u32, u32),
        (src_id, dst_id): (&'static str, &'static str),
    ) -> (Option<&'static str>, Option<&'static str>) {
        let own = |f: u32| src == dst || (f == r.queue_family && f != VK_QUEUE_FAMILY_IGNORED);
        (own(src).then_some(src_id), own(dst).then_some(dst_id))
    }

    /// A queue family ownership transfer is a release from or an acquire to the pool's family.
    fn pool_family(cx: &Call<'_>, r: &Recording, ids: &CommandIds, (src, dst): (u32, u32), at: &Location<'_>) -> bool {
        let family = r.queue_family;
        let Some(vuid) = ids.pool_family.filter(|_| family != VK_QUEUE_FAMILY_IGNORED) else { return false };
        if !transfers(src, dst) || src == family || dst == family {
            return false;
        }
        cx.error(
            vuid,
            &at.dot("srcQueueFamilyIndex"),
            format_args!(
                "({src}) and dstQueueFamilyIndex ({dst}) transfer ownership, but neither is the queue family \
                 of the command buffer's pool ({family})."
            ),
        )
    }

    /// An original structure's access masks against the command's stage masks.
    fn legacy_accesses(
        cx: &Call<'_>,
        (src_id, dst_id): (Option<&'static str>, Option<&'static str>),
        (src_access, dst_access): (u32, u32),
        (src, dst): (u64, u64),
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        let sides = [
            (src_id, src_access, src, "srcAccessMask", "srcStageMask"),
            (dst_id, dst_access, dst, "dstAccessMask", "dstStageMask"),
        ];
        for (vuid, access, stage, a, s) in sides {
            let Some(vuid) = vuid else { continue };
            let unsupported = unsupported_accesses(u64::from(access), stage);
            if unsupported != 0 {
                skip |= cx.error(
                    vuid,
                    &at.dot(a),
                    format_args!(
                        "({access:#x}) has accesses {unsupported:#x} that no stage of the command's {s} ({stage:#x}) \
                         performs."
                    ),
                );
            }
        }
        skip
    }

    /// The command's rules on where it is recorded: view-local dependencies only inside a
    /// render pass instance, no buffer barriers inside one begun with a render pass object, none
    /// at all inside dynamic rendering without the features that allow them.
    fn render_pass_rules(
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        flags: u32,
        at: &Location<'_>,
        buffers: usize,
    ) -> bool {
        // Outside any instance, only a view-local dependency breaks one of them.
        if r.instance.is_none() && flags & VIEW_LOCAL == 0 {
            return false;
        }
        let mut skip = false;
        if let (Some(vuid), false, true) = (ids.view_local, r.in_render_pass, flags & VIEW_LOCAL != 0) {
            skip |= cx.error(
                vuid,
                &at.dot("dependencyFlags"),
                format_args!("({flags:#x}) includes VK_DEPENDENCY_VIEW_LOCAL_BIT outside a render pass instance."),
            );
        }
        if let (Some(vuid), Some(RenderPassInstance::Rendering { .. })) = (ids.in_rendering, &r.instance) {
            use vigil_generated::features::Feature as F;
            let features = [
                F::DYNAMIC_RENDERING_LOCAL_READ,
                F::SHADER_TILE_IMAGE_COLOR_READ_ACCESS,
                F::SHADER_TILE_IMAGE_DEPTH_READ_ACCESS,
                F::SHADER_TILE_IMAGE_STENCIL_READ_ACCESS,
            ];
            if cx.device().is_some_and(|d| !features.iter().any(|&f| d.features.contains(f))) {
                skip |= cx.error(
                    vuid,
                    at,
                    format_args!(
                        "is recorded inside a render pass instance begun with vkCmdBeginRendering, but neither \
                         dynamicRenderingLocalRead nor a shaderTileImage*ReadAccess feature is enabled."
                    ),
                );
            }
        }
        let in_render_pass_object = matches!(r.instance, Some(RenderPassInstance::RenderPass { .. }));
        if let (Some(vuid), true, true) = (ids.no_buffers, in_render_pass_object, buffers != 0) {
            skip |= cx.error(
                vuid,
                &at.dot("bufferMemoryBarrierCount"),
                format_args!("is {buffers}, inside a render pass instance begun with a render pass object."),
            );
        }
        skip
    }

    /// The stage masks of a barrier command inside a render pass instance (`src` and `dst`: the
    /// union of its barriers' masks). `ALL_COMMANDS`, `TOP_OF_PIPE` and `BOTTOM_OF_PIPE` are
    /// left out: they name no stage of their own here.
    fn instance_stages(
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        flags: u32,
        ((src, dst), scopes): ((u64, u64), (u64, u64)),
        at: &Location<'_>,
    ) -> bool {
        let Some([dst_id, region_id, graphics_id]) = ids.instance_stages.filter(|_| r.in_render_pass) else {
            return false;
        };
        let (src, dst) = (expand_stages(src & !UNNAMED), expand_stages(dst & !UNNAMED));
        let mut skip = false;
        if src & FRAMEBUFFER_SPACE != 0 && dst & !FRAMEBUFFER_SPACE != 0 {
            skip |= cx.error(
                dst_id,
                at,
                format_args!(
                    "has framebuffer-space source stages ({:#x}) inside a render pass instance, but destination \
                     stages {:#x} that are not framebuffer-space.",
                    src & FRAMEBUFFER_SPACE,
                    dst & !FRAMEBUFFER_SPACE
                ),
            );
        }
        if src & FRAMEBUFFER_SPACE != 0 && flags & BY_REGION == 0 {
            skip |= cx.error(
                region_id,
                &at.dot("dependencyFlags"),
                format_args!(
                    "({flags:#x}) lacks VK_DEPENDENCY_BY_REGION_BIT, but the source stages include \
                     framebuffer-space stages inside a render pass instance."
                ),
            );
        }
        skip |= Self::self_dependency(cx, r, ids, flags, ((src, dst), scopes), at);
        let graphics = expand_stages(ALL_GRAPHICS);
        if (src | dst) & !graphics != 0 {
            skip |= cx.error(
                graphics_id,
                at,
                format_args!(
                    "has stages {:#x} that are not graphics pipeline stages inside a render pass instance.",
                    (src | dst) & !graphics
                ),
            );
        }
        skip
    }

    /// Inside a render pass instance begun with a render pass object, whose creation Vigil saw:
    /// a dependency of the current subpass on itself must cover the command (`src` and `dst`,
    /// expanded): by-region and view-local only where the command is, its stage masks and access
    /// scopes (`scopes`) supersets of the command's.
    fn self_dependency(
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        flags: u32,
        ((src, dst), (src_scope, dst_scope)): ((u64, u64), (u64, u64)),
        at: &Location<'_>,
    ) -> bool {
        let (Some(vuid), Some(RenderPassInstance::RenderPass { subpass, .. }), Some(deps)) =
            (ids.self_dependency, r.instance, r.self_dependencies.as_deref())
        else {
            return false;
        };
        let of_subpass = || deps.iter().filter(|d| d.subpass == subpass);
        let covers = |d: &&SelfDependency| {
            let ((d_src, d_dst), (d_src_scope, d_dst_scope)) = (d.stages, d.accesses);
            d.flags & !flags & (BY_REGION | VIEW_LOCAL) == 0
                && src & !d_src == 0
                && dst & !d_dst == 0
                && src_scope & !d_src_scope == 0
                && dst_scope & !d_dst_scope == 0
        };
        if of_subpass().any(|d| covers(&d)) {
            return false;
        }
        let why = match of_subpass().count() {
            0 => "has no dependency from the subpass to itself".to_string(),
            n => format!(
                "has {n} dependencies from the subpass to itself, but none whose stage masks include the command's \
                 (source {src:#x}, destination {dst:#x}), whose access scopes include the command's (source \
                 {src_scope:#x}, destination {dst_scope:#x}) and that is by-region or view-local only where the \
                 command is (dependencyFlags {flags:#x})"
            ),
        };
        cx.error(
            vuid,
            at,
            format_args!("is recorded in subpass {subpass} of a render pass instance whose render pass {why}."),
        )
    }

    /// A buffer or image barrier inside a render pass instance: no layout transition, no queue
    /// family ownership transfer.
    fn inside_rules(
        cx: &Call<'_>,
        r: &Recording,
        ids: &CommandIds,
        (src, dst): (u32, u32),
        layouts: Option<(VkImageLayout, VkImageLayout)>,
        at: &Location<'_>,
    ) -> bool {
        if !r.in_render_pass {
            return false;
        }
        let mut skip = false;
        if let (Some(vuid), Some((old, new))) = (ids.same_layout, layouts) {
            if old != new {
                skip |= cx.error(
                    vuid,
                    &at.dot("newLayout"),
                    format_args!("({}) differs from oldLayout ({}) inside a render pass instance.", new.0, old.0),
                );
            }
        }
        if let (Some(vuid), true) = (ids.same_family, src != dst) {
            skip |= cx.error(
                vuid,
                &at.dot("dstQueueFamilyIndex"),
                format_args!("({dst}) differs from srcQueueFamilyIndex ({src}) inside a render pass instance."),
            );
        }
        skip
    }

    /// Inside a render pass instance begun with a render pass object: the image of an image
    /// barrier (at `at`) is an attachment the current subpass uses both as an input attachment
    /// and as a color, color resolve or depth/stencil attachment. Not checked while one of
    /// those attachments' images is unknown.
    fn attachment_image(cx: &Call<'_>, r: &Recording, ids: &CommandIds, image: u64, at: &Location<'_>) -> bool {
        let (Some(vuid), Some(RenderPassInstance::RenderPass { subpass, .. }), Some(feedback)) =
            (ids.attachment_image, r.instance, r.feedback.as_ref())
        else {
            return false;
        };
        let Some(both) = feedback.subpasses.get(subpass as usize) else { return false };
        let image_of = |a: u32| feedback.images.get(a as usize).copied().unwrap_or(0);
        if both.iter().map(|&a| image_of(a)).any(|h| h == image || h == 0) {
            return false;
        }
        let none = if both.is_empty() { " (it uses none that way)" } else { "" };
        cx.error(
            vuid,
            &at.dot("image"),
            format_args!(
                "({image:#x}) is not the image of an attachment that subpass {subpass} uses both as an input \
                 attachment and as a color, color resolve or depth/stencil attachment{none}."
            ),
        )
    }

    /// The foreign queue family only with VK_EXT_queue_family_foreign.
    fn foreign_family(
        cx: &Call<'_>,
        (src_id, dst_id): (&'static str, &'static str),
        (src, dst): (u32, u32),
        at: &Location<'_>,
    ) -> bool {
        // The common case first, before the loop builds its table.
        if src != VK_QUEUE_FAMILY_FOREIGN_EXT && dst != VK_QUEUE_FAMILY_FOREIGN_EXT {
            return false;
        }
        let mut skip = false;
        for (vuid, family, name) in [(src_id, src, "srcQueueFamilyIndex"), (dst_id, dst, "dstQueueFamilyIndex")] {
            if family != VK_QUEUE_FAMILY_FOREIGN_EXT {
                continue;
            }
            if cx.device().is_some_and(|d| !d.extensions.contains_name("VK_EXT_queue_family_foreign")) {
                skip |= cx.error(
                    vuid,
                    &at.dot(name),
                    format_args!("is VK_QUEUE_FAMILY_FOREIGN_EXT, but VK_EXT_queue_family_foreign is not enabled."),
                );
            }
        }
        skip
    }

    /// An ownership transfer (`families` differ) of a resource created with
    /// `VK_SHARING_MODE_EXCLUSIVE`: each side external, foreign or a family of the device
    /// (`VK_QUEUE_FAMILY_IGNORED` on one side alone is none of these).
    fn exclusive_families(
        cx: &Call<'_>,
        (src_id, dst_id): (&'static str, &'static str),
        (src, dst): (u32, u32),
        at: &Location<'_>,
    ) -> bool {
        if src == dst {
            return false;
        }
        let Some(device) = cx.device() else { return false };
        let valid =
            |f: u32| f == VK_QUEUE_FAMILY_EXTERNAL || f == VK_QUEUE_FAMILY_FOREIGN_EXT || f < device.queue_family_count;
        if valid(src) && valid(dst) {
            return false;
        }
        let mut skip = false;
        for (vuid, family, name) in [(src_id, src, "srcQueueFamilyIndex"), (dst_id, dst, "dstQueueFamilyIndex")] {
            if !valid(family) {
                skip |= cx.error(
                    vuid,
                    &at.dot(name),
                    format_args!(
                        "({family:#x}) is not VK_QUEUE_FAMILY_EXTERNAL, VK_QUEUE_FAMILY_FOREIGN_EXT or one of the \
                         device's {} queue families, in an ownership transfer ({src:#x} to {dst:#x}) of a resource \
                         created with VK_SHARING_MODE_EXCLUSIVE.",
                        device.queue_family_count
                    ),
                );
            }
        }
        skip
    }

    /// A buffer barrier's range inside its buffer, which is bound to memory.
    fn buffer_barrier(
        &self,
        cx: &Call<'_>,
        ids: &BufferIds,
        (buffer, offset, size): (VkBuffer, u64, u64),
        families: (u32, u32),
        at: &Location<'_>,
    ) -> bool {
        let mut skip = Self::foreign_family(cx, ids.foreign, families, at);
        let Some(record) = self.record(cx, TYPES.buffer, buffer.as_raw()) else { return skip };
        let Some(state) = record.buffer() else { return skip };
        let Some(info) = state.info() else { return skip };
        if info.exclusive {
            skip |= Self::exclusive_families(cx, ids.exclusive, families, at);
        }
        let h = buffer.as_raw();
        if offset >= info.size {
            skip |= cx.error(
                ids.offset,
                &at.dot("offset"),
                format_args!("({offset}) is not less than the size of buffer {h:#x} ({}).", info.size),
            );
        } else if size != WHOLE_SIZE && size > info.size - offset {
            skip |= cx.error(
                ids.size,
                &at.dot("size"),
                format_args!(
                    "({size}) is more than the size of buffer {h:#x} ({}) minus offset ({offset}).",
                    info.size
                ),
            );
        }
        if size == 0 {
            skip |= cx.error(
                ids.size_zero,
                &at.dot("size"),
                format_args!("is 0; it must be VK_WHOLE_SIZE or more than 0."),
            );
        }
        if state.binding().is_none() && !state.sparse() {
            skip |= cx.error(
                ids.bound,
                &at.dot("buffer"),
                format_args!("({h:#x}) is not sparse and not bound to memory: bind it before recording."),
            );
        }
        skip
    }

    /// An image barrier's subresource range inside its image, which is bound to memory.
    fn image_barrier(
        &self,
        cx: &Call<'_>,
        ids: &ImageIds,
        (image, range, old, new): (VkImage, &VkImageSubresourceRange, VkImageLayout, VkImageLayout),
        families: (u32, u32),
        at: &Location<'_>,
    ) -> bool {
        let mut skip = Self::foreign_family(cx, ids.foreign, families, at);
        // With synchronization2, equal layouts are ignored: the barrier transitions nothing.
        let sync2 =
            cx.device().is_some_and(|d| d.features.contains(vigil_generated::features::Feature::SYNCHRONIZATION2));
        let layouts = !(sync2 && old == new);
        use VkImageLayout as L;
        let initial =
            [L::VK_IMAGE_LAYOUT_UNDEFINED, L::VK_IMAGE_LAYOUT_PREINITIALIZED, L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT];
        if layouts && initial.contains(&new) {
            skip |= cx.error(
                ids.new_layout,
                &at.dot("newLayout"),
                format_args!("is {}: a barrier cannot transition an image to an initial layout.", new.0),
            );
        }
        let Some(record) = self.record(cx, TYPES.image, image.as_raw()) else { return skip };
        let Some(state) = record.image() else { return skip };
        let Some(info) = state.info() else { return skip };
        if info.exclusive {
            skip |= Self::exclusive_families(cx, ids.exclusive, families, at);
        }
        let h = image.as_raw();
        if layouts {
            skip |= Self::layout_usages(cx, ids, info, (old, new), h, at);
        }
        skip |= Self::aspects(cx, ids, info.format, range.aspectMask.0, at);
        let range_at = at.dot("subresourceRange");
        let checks = [
            (
                range.baseMipLevel,
                range.levelCount,
                info.levels,
                "baseMipLevel",
                "levelCount",
                "mip levels",
                (ids.base_level, ids.levels),
            ),
            (
                range.baseArrayLayer,
                range.layerCount,
                info.layers,
                "baseArrayLayer",
                "layerCount",
                "array layers",
                (ids.base_layer, ids.layers),
            ),
        ];
        for (base, count, total, base_name, count_name, what, (base_id, count_id)) in checks {
            if base >= total {
                skip |= cx.error(
                    base_id,
                    &range_at.dot(base_name),
                    format_args!("({base}) is not less than the {what} of image {h:#x} ({total})."),
                );
            } else if count != REMAINING && u64::from(base) + u64::from(count) > u64::from(total) {
                skip |= cx.error(
                    count_id,
                    &range_at.dot(count_name),
                    format_args!(
                        "({count}) from {base_name} {base} is more than the {what} of image {h:#x} ({total})."
                    ),
                );
            }
        }
        // Disjoint planes and swapchain memory are bound in ways not followed.
        let disjoint = info.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT) || info.swapchain;
        if state.binding().is_none() && !state.sparse() && !disjoint {
            skip |= cx.error(
                ids.bound,
                &at.dot("image"),
                format_args!("({h:#x}) is not sparse and not bound to memory: bind it before recording."),
            );
        }
        skip
    }

    /// The layouts of an image barrier that is not ignored against the image's usage.
    fn layout_usages(
        cx: &Call<'_>,
        ids: &ImageIds,
        info: &ImageInfo,
        (old, new): (VkImageLayout, VkImageLayout),
        h: u64,
        at: &Location<'_>,
    ) -> bool {
        // A separate stencil usage counts too: the rules name the image's usage.
        let usage = info.usage | info.stencil_usage.unwrap_or(0);
        let mut skip = false;
        for (i, (layout, needed, what)) in LAYOUT_USAGES.iter().enumerate() {
            if usage & needed != 0 {
                continue;
            }
            let member = if old == *layout {
                "oldLayout"
            } else if new == *layout {
                "newLayout"
            } else {
                continue;
            };
            skip |= cx.error(
                ids.usages[i],
                &at.dot(member),
                format_args!("is {}, but image {h:#x} was created with usage {usage:#x}, without {what}.", layout.0),
            );
        }
        skip
    }

    /// The aspect mask of an image barrier against the image's format (core formats only).
    fn aspects(cx: &Call<'_>, ids: &ImageIds, format: VkFormat, aspect: u32, at: &Location<'_>) -> bool {
        let Some(f) = format_info(format) else { return false };
        let at = at.dot("subresourceRange");
        let (depth, stencil) =
            (VkImageAspectFlags::VK_IMAGE_ASPECT_DEPTH_BIT.0, VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0);
        if f.color() && aspect != VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT.0 {
            return cx.error(
                ids.color_aspect,
                &at.dot("aspectMask"),
                format_args!("is {aspect:#x}, but the image has a single-plane color format: it must be VK_IMAGE_ASPECT_COLOR_BIT."),
            );
        }
        if !(f.depth() && f.stencil()) {
            return false;
        }
        let separate = cx
            .device()
            .is_none_or(|d| d.features.contains(vigil_generated::features::Feature::SEPARATE_DEPTH_STENCIL_LAYOUTS));
        if !separate && aspect & (depth | stencil) != depth | stencil {
            return cx.error(
                ids.depth_stencil_aspects.0,
                &at.dot("aspectMask"),
                format_args!(
                    "is {aspect:#x}, but the image has depth and stencil and separateDepthStencilLayouts is not \
                     enabled: it must include both aspects."
                ),
            );
        }
        if separate && aspect & (depth | stencil) == 0 {
            return cx.error(
                ids.depth_stencil_aspects.1,
                &at.dot("aspectMask"),
                format_args!("is {aspect:#x}, but the image has depth and stencil: it must include one or both."),
            );
        }
        false
    }

    /// Barriers of a command whose stage masks include the host stage: no ownership transfer.
    fn host_families(
        cx: &Call<'_>,
        vuid: &'static str,
        list: &Location<'_>,
        families: impl Iterator<Item = (u32, u32)>,
    ) -> bool {
        let mut skip = false;
        for (i, (src, dst)) in families.enumerate().filter(|(_, (s, d))| s != d) {
            let at = list.index(i);
            skip |= cx.error(
                vuid,
                &at.dot("dstQueueFamilyIndex"),
                format_args!(
                    "({dst}) differs from srcQueueFamilyIndex ({src}), but a stage mask includes \
                     VK_PIPELINE_STAGE_HOST_BIT."
                ),
            );
        }
        skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index answers as a scan of every rule would, for accesses and stages drawn from the
    /// rules themselves (each rule's own masks, their neighbours, and every bit).
    #[test]
    fn access_index_agrees_with_the_rules() {
        let index = &*RULES;
        let mut masks: Vec<u64> = ACCESS_RULES.iter().flat_map(|r| [r.accesses, r.stages]).collect();
        masks.extend((0..64).map(|b| 1u64 << b));
        masks.extend([0, u64::MAX, 0x3, 0x8000_0001]);
        masks.sort_unstable();
        masks.dedup();
        let mut broken = 0;
        for scope in 0..ACCESS_RULE_SCOPES.len() {
            for dst in [false, true] {
                let rules: Vec<&AccessRule> =
                    ACCESS_RULES.iter().filter(|r| r.scope == scope && r.dst == dst).collect();
                for &access in &masks {
                    for &stage in &masks {
                        let scan = rules.iter().any(|r| access & r.accesses != 0 && stage & r.stages == 0);
                        assert_eq!(
                            index.access_broken(scope, dst, access, stage),
                            scan,
                            "{scope} {dst} {access:#x} {stage:#x}"
                        );
                        broken += usize::from(scan);
                    }
                }
            }
        }
        assert!(broken > 0);
    }
}
