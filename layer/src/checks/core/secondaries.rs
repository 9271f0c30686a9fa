//! What vkCmdExecuteCommands holds the primary and its secondaries to beyond their lifecycles:
//! the render pass instance executing them lets secondaries in (its contents, its flags), each
//! secondary continues that very instance (the subpass, a compatible render pass and the
//! framebuffer; or the dynamic rendering's flags, view mask, attachment formats and sample
//! counts), the secondary's pool has the primary's queue family, and no transform feedback is
//! active.
//!
//! A secondary executing secondaries is held to the nested command buffer features
//! (nestedCommandBuffer; nestedCommandBufferRendering when it continues a render pass;
//! nestedCommandBufferSimultaneousUse for secondaries begun for simultaneous use); the instance
//! it continues is what its own inheritance info says, which is checked when it is executed in
//! turn. The secondaries a secondary executes must nest less deep than
//! maxCommandBufferNestingLevel: a secondary's level is 0 until it executes secondaries, then
//! one more than the deepest of them (the reference layer counts the same way).

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::formats::format_name;
use super::CoreChecks;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{
    Inherited, InheritedRendering, Recording, RenderPassInstance, RenderingTarget, RenderingTargets,
};
use crate::state::local_read::LocalReadMaps;

/// `VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT`.
pub(super) const RENDER_PASS_CONTINUE: u32 =
    VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT.0;

/// `VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT`.
pub(super) const CONTENTS_SECONDARY: u32 = VkRenderingFlagBits::VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT.0;

/// The executing command buffer's state, copied out of its lock (a secondary's lock is never
/// taken while the primary's is held).
pub(super) struct Executing {
    pub(super) instance: Option<RenderPassInstance>,
    targets: Option<Box<RenderingTargets>>,
    custom_resolve: bool,
    transform_feedback: bool,
    queue_family: u32,
    maps: LocalReadMaps,
    /// Its `VkCommandBufferUsageFlags`.
    usage: u32,
}

impl Executing {
    /// A copy of what `r`'s checks read.
    pub(super) fn of(r: &Recording) -> Self {
        Executing {
            instance: r.instance,
            targets: r.targets.clone(),
            custom_resolve: r.custom_resolve,
            transform_feedback: r.transform_feedback,
            queue_family: r.queue_family,
            maps: r.maps.clone(),
            usage: r.usage,
        }
    }
}

impl CoreChecks {
    /// The rules of the executing command buffer `cb` itself: true to skip the call.
    pub(super) fn executing(&self, cx: &Call<'_>, cb: VkCommandBuffer, secondary: bool, e: &Executing) -> bool {
        let root = cx.location();
        let at = root.dot("commandBuffer");
        let h = cb.as_raw();
        let mut skip = false;
        if secondary && cx.device().is_some_and(|d| !d.features.contains(Feature::NESTED_COMMAND_BUFFER)) {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-commandBuffer-09375",
                &at,
                format_args!(
                    "is {h:#x}, a secondary command buffer, and the nestedCommandBuffer feature is not enabled."
                ),
            );
        }
        if secondary
            && e.usage & RENDER_PASS_CONTINUE != 0
            && cx.device().is_some_and(|d| !d.features.contains(Feature::NESTED_COMMAND_BUFFER_RENDERING))
        {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-nestedCommandBufferRendering-09377",
                &at,
                format_args!(
                    "is {h:#x}, a secondary begun with VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT, and the \
                     nestedCommandBufferRendering feature is not enabled."
                ),
            );
        }
        if e.transform_feedback {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-None-02286",
                &root,
                format_args!("is recorded while transform feedback is active in command buffer {h:#x}."),
            );
        }
        match e.instance {
            Some(RenderPassInstance::RenderPass { subpass, secondaries: false, .. }) => {
                let (vuid, by) = match subpass {
                    0 => ("VUID-vkCmdExecuteCommands-contents-09680", "vkCmdBeginRenderPass"),
                    _ => ("VUID-vkCmdExecuteCommands-None-09681", "the last vkCmdNextSubpass"),
                };
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "({h:#x}) is in subpass {subpass} of a render pass instance whose contents ({by}) are \
                         VK_SUBPASS_CONTENTS_INLINE: secondaries cannot be executed there."
                    ),
                );
            }
            Some(RenderPassInstance::Rendering { flags, .. }) if flags & CONTENTS_SECONDARY == 0 => {
                skip |= cx.error(
                    "VUID-vkCmdExecuteCommands-flags-06024",
                    &at,
                    format_args!(
                        "({h:#x}) is inside a vkCmdBeginRendering instance whose flags ({flags:#x}) lack \
                         VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT."
                    ),
                );
            }
            _ => {}
        }
        skip
    }

    /// Secondary `s` (`r` its recording), executed by a command buffer in `e`'s state (a
    /// secondary when `nested`), at `at`: its pool's queue family, its simultaneous use in a
    /// secondary, and the render pass instance it continues when `continues`.
    pub(super) fn executed(
        cx: &Call<'_>,
        (e, nested): (&Executing, bool),
        s: u64,
        r: &Recording,
        continues: bool,
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        let simultaneous = VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT.0;
        if nested
            && r.usage & simultaneous != 0
            && cx.device().is_some_and(|d| !d.features.contains(Feature::NESTED_COMMAND_BUFFER_SIMULTANEOUS_USE))
        {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-nestedCommandBufferSimultaneousUse-09378",
                at,
                format_args!(
                    "is {s:#x}, begun with VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT, executed by a secondary, and \
                     the nestedCommandBufferSimultaneousUse feature is not enabled."
                ),
            );
        }
        let max = cx.device().and_then(|d| d.max_command_buffer_nesting_level);
        if let Some(max) = max.filter(|&max| nested && r.nesting >= max) {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-nestedCommandBuffer-09376",
                at,
                format_args!(
                    "is {s:#x}, whose command buffer nesting level is {}, executed by a secondary, but \
                     maxCommandBufferNestingLevel is {max}.",
                    r.nesting
                ),
            );
        }
        let ignored = VK_QUEUE_FAMILY_IGNORED;
        if r.queue_family != e.queue_family && r.queue_family != ignored && e.queue_family != ignored {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-pCommandBuffers-00094",
                at,
                format_args!(
                    "is {s:#x}, allocated from a pool of queue family {}, but commandBuffer's pool is of queue family \
                     {}.",
                    r.queue_family, e.queue_family
                ),
            );
        }
        let (Some(instance), Some(inherited), true) = (e.instance, r.inherited.as_deref(), continues) else {
            return skip;
        };
        match (instance, inherited) {
            (RenderPassInstance::RenderPass { subpass, compat, framebuffer, .. }, inherited) => {
                skip |= Self::continues_subpass(cx, s, (subpass, compat, framebuffer), inherited, at);
            }
            (RenderPassInstance::Rendering { .. }, Inherited::RenderPass { render_pass, .. }) => {
                skip |= cx.error(
                    "VUID-vkCmdExecuteCommands-pBeginInfo-06025",
                    at,
                    format_args!(
                        "is {s:#x}, begun to continue render pass {render_pass:#x}, but it is executed inside a \
                         vkCmdBeginRendering instance: its inherited renderPass must be VK_NULL_HANDLE."
                    ),
                );
            }
            (RenderPassInstance::Rendering { view_mask, colors, flags }, Inherited::Rendering(i)) => {
                let targets = e.targets.as_deref();
                skip |= Self::continues_rendering(cx, s, (view_mask, colors, flags), targets, e.custom_resolve, i, at);
                skip |= Self::continues_mappings(cx, s, colors as usize, &e.maps, &i.maps, at);
            }
        }
        skip
    }

    /// A secondary executed in subpass `subpass` of a render pass instance of compatibility
    /// class `compat` and `framebuffer`.
    fn continues_subpass(
        cx: &Call<'_>,
        s: u64,
        (subpass, compat, framebuffer): (u32, Option<u64>, u64),
        inherited: &Inherited,
        at: &Location<'_>,
    ) -> bool {
        let Inherited::RenderPass { render_pass, compat: theirs, subpass: their_subpass, framebuffer: theirs_fb } =
            *inherited
        else {
            return cx.error(
                "VUID-vkCmdExecuteCommands-pBeginInfo-06020",
                at,
                format_args!(
                    "is {s:#x}, begun to continue a vkCmdBeginRendering instance (its inherited renderPass is \
                     VK_NULL_HANDLE), but it is executed inside a render pass instance begun with \
                     vkCmdBeginRenderPass."
                ),
            );
        };
        let mut skip = false;
        if their_subpass != subpass {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-pCommandBuffers-06019",
                at,
                format_args!(
                    "is {s:#x}, begun to continue subpass {their_subpass}, but it is executed in subpass {subpass}."
                ),
            );
        }
        if let (Some(a), Some(b)) = (compat, theirs) {
            if a != b {
                skip |= cx.error(
                    "VUID-vkCmdExecuteCommands-pBeginInfo-06020",
                    at,
                    format_args!(
                        "is {s:#x}, begun to continue render pass {render_pass:#x}, which is not compatible with the \
                         current render pass instance's (their subpasses' attachment references differ in format, \
                         sample count or use)."
                    ),
                );
            }
        }
        if theirs_fb != 0 && theirs_fb != framebuffer {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-pCommandBuffers-00099",
                at,
                format_args!(
                    "is {s:#x}, begun with framebuffer {theirs_fb:#x}, but the current render pass instance uses \
                     framebuffer {framebuffer:#x}."
                ),
            );
        }
        skip
    }

    /// A secondary executed inside a vkCmdBeginRendering instance of `colors` color attachments
    /// whose local read mappings are now `current`: it inherits the same (`inherited`).
    fn continues_mappings(
        cx: &Call<'_>,
        s: u64,
        colors: usize,
        current: &LocalReadMaps,
        inherited: &LocalReadMaps,
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        if let Some(n) = current.locations_differ(inherited, colors) {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-pCommandBuffers-09504",
                at,
                format_args!(
                    "is {s:#x}, which inherits location {} for color attachment {n}, but the render pass instance \
                     maps it to location {} (VkRenderingAttachmentLocationInfo, the identity where not given).",
                    inherited.location(n),
                    current.location(n)
                ),
            );
        }
        if current.inputs_differ(inherited, colors) {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-pCommandBuffers-09505",
                at,
                format_args!(
                    "is {s:#x}, whose inherited input attachment indices (VkRenderingInputAttachmentIndexInfo, the \
                     identity where not given) differ from the render pass instance's current ones."
                ),
            );
        }
        skip
    }

    /// A secondary executed inside a vkCmdBeginRendering instance with this view mask, color
    /// attachment count, flags and `targets`.
    fn continues_rendering(
        cx: &Call<'_>,
        s: u64,
        (view_mask, colors, flags): (u32, u32, u32),
        targets: Option<&RenderingTargets>,
        custom_resolve: bool,
        i: &InheritedRendering,
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        if flags & !CONTENTS_SECONDARY != i.flags & !CONTENTS_SECONDARY {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-flags-06026",
                at,
                format_args!(
                    "is {s:#x}, whose inherited rendering flags are {:#x}, but vkCmdBeginRendering's are {flags:#x} \
                     (VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT aside).",
                    i.flags
                ),
            );
        }
        if i.colors.len() != colors as usize {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-colorAttachmentCount-06027",
                at,
                format_args!(
                    "is {s:#x}, whose inherited colorAttachmentCount is {}, but vkCmdBeginRendering's is {colors}.",
                    i.colors.len()
                ),
            );
        }
        if i.view_mask != view_mask {
            skip |= cx.error(
                "VUID-vkCmdExecuteCommands-viewMask-06031",
                at,
                format_args!(
                    "is {s:#x}, whose inherited viewMask is {:#x}, but vkCmdBeginRendering's is {view_mask:#x}.",
                    i.view_mask
                ),
            );
        }
        let Some(targets) = targets else { return skip };
        let format_of = |t: &Option<RenderingTarget>| t.and_then(|t| Some((t.view, t.format?)));
        for (n, (t, &theirs)) in targets.colors.iter().zip(&i.colors).enumerate() {
            if let Some((view, format)) = format_of(t).filter(|&(_, f)| f != theirs) {
                skip |= cx.error(
                    "VUID-vkCmdExecuteCommands-imageView-06028",
                    at,
                    format_args!(
                        "is {s:#x}, whose inherited pColorAttachmentFormats[{n}] is {}, but color attachment {n}'s \
                         image view {view:#x} has format {}.",
                        format_name(VkFormat(theirs)),
                        format_name(VkFormat(format))
                    ),
                );
            }
        }
        let aspects = [
            (&targets.depth, i.depth, "VUID-vkCmdExecuteCommands-pDepthAttachment-06029", "depth"),
            (&targets.stencil, i.stencil, "VUID-vkCmdExecuteCommands-pStencilAttachment-06030", "stencil"),
        ];
        for (t, theirs, vuid, name) in aspects {
            if let Some((view, format)) = format_of(t).filter(|&(_, f)| f != theirs) {
                skip |= cx.error(
                    vuid,
                    at,
                    format_args!(
                        "is {s:#x}, whose inherited {name}AttachmentFormat is {}, but the {name} attachment's image \
                         view {view:#x} has format {}.",
                        format_name(VkFormat(theirs)),
                        format_name(VkFormat(format))
                    ),
                );
            }
        }
        // The sample counts: rasterizationSamples stands for every attachment's unless a
        // VkAttachmentSampleCountInfoAMD gives them (its own rules are not checked) or a custom
        // resolve began.
        if i.sample_counts || custom_resolve {
            return skip;
        }
        let samples_of = |t: &Option<RenderingTarget>| t.and_then(|t| Some((t.view, t.samples?)));
        let wrong = |t: &Option<RenderingTarget>| samples_of(t).filter(|&(_, n)| n != i.samples);
        let mut report = |vuid: &'static str, what: &str, (view, n): (u64, u32)| {
            skip |= cx.error(
                vuid,
                at,
                format_args!(
                    "is {s:#x}, whose inherited rasterizationSamples is {}, but {what}'s image view {view:#x} has {n} \
                     samples.",
                    i.samples
                ),
            );
        };
        for (n, t) in targets.colors.iter().enumerate() {
            if let Some(w) = wrong(t) {
                report("VUID-vkCmdExecuteCommands-pNext-06035", &format!("color attachment {n}"), w);
            }
        }
        if let Some(w) = wrong(&targets.depth) {
            report("VUID-vkCmdExecuteCommands-pNext-06036", "the depth attachment", w);
        }
        if let Some(w) = wrong(&targets.stencil) {
            report("VUID-vkCmdExecuteCommands-pNext-06037", "the stencil attachment", w);
        }
        skip
    }
}
