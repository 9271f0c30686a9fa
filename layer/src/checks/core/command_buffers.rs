//! The command-buffer lifecycle: beginning, ending, resetting, freeing and submitting command
//! buffers in the states the spec allows; what a secondary inherits (its render pass's subpass
//! and framebuffer, or the dynamic rendering it continues; queries its features allow).
//!
//! Pending means a submission of the command buffer (directly, or through a primary that
//! executes it) has not been seen to complete: the application has not waited for a fence or
//! timeline value that covers it, nor for its queue or device to go idle. A command buffer the
//! application never waits for stays pending, as it may for the device.

use std::sync::Arc;

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::secondaries::{Executing, RENDER_PASS_CONTINUE};
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{Invalidation, Lifecycle};
use crate::state::{ObjectRecord, TYPES};

/// The ids of the submit rules, for vkQueueSubmit and vkQueueSubmit2.
pub(super) struct SubmitIds {
    /// Only primaries are submitted.
    primary: &'static str,
    /// Primaries must be pending or executable.
    executable: &'static str,
    /// Not pending unless recorded for simultaneous use.
    simultaneous: &'static str,
    secondary_executable: &'static str,
    secondary_simultaneous: &'static str,
    /// A resumed render pass instance is suspended just before it in the submit.
    resumed: &'static str,
    /// A suspended render pass instance is resumed later in the submit.
    unresumed: &'static str,
    /// No render pass instance between a suspended one and the one resuming it.
    between: &'static str,
}

pub(super) const SUBMIT: SubmitIds = SubmitIds {
    primary: "VUID-VkSubmitInfo-pCommandBuffers-00075",
    executable: "VUID-vkQueueSubmit-pCommandBuffers-00070",
    simultaneous: "VUID-vkQueueSubmit-pCommandBuffers-00071",
    secondary_executable: "VUID-vkQueueSubmit-pCommandBuffers-00072",
    secondary_simultaneous: "VUID-vkQueueSubmit-pCommandBuffers-00073",
    resumed: "VUID-VkSubmitInfo-pCommandBuffers-06193",
    unresumed: "VUID-VkSubmitInfo-pCommandBuffers-06014",
    between: "VUID-VkSubmitInfo-pCommandBuffers-06016",
};

pub(super) const SUBMIT2: SubmitIds = SubmitIds {
    primary: "VUID-VkCommandBufferSubmitInfo-commandBuffer-03890",
    executable: "VUID-vkQueueSubmit2-commandBuffer-03874",
    simultaneous: "VUID-vkQueueSubmit2-commandBuffer-03875",
    secondary_executable: "VUID-vkQueueSubmit2-commandBuffer-03876",
    secondary_simultaneous: "VUID-vkQueueSubmit2-commandBuffer-03877",
    resumed: "VUID-VkSubmitInfo2-commandBuffer-06192",
    unresumed: "VUID-VkSubmitInfo2-commandBuffer-06010",
    between: "VUID-VkSubmitInfo2-commandBuffer-06012",
};

impl CoreChecks {
    /// The render pass instances one submit's command buffers `cbs` (at `at`, each through
    /// `member` when given) suspend and resume, in submission order: each resumed instance is
    /// suspended just before it, each suspended one resumed later in the submit, and no other
    /// instance comes between. Within one command buffer the recording rules caught an instance
    /// between already; here are the command buffers' boundaries.
    pub(super) fn submitted_suspensions(
        &self,
        cx: &Call<'_>,
        ids: &SubmitIds,
        cbs: impl Iterator<Item = u64>,
        (at, member): (&Location<'_>, Option<&'static str>),
    ) -> bool {
        let mut skip = false;
        // The command buffer whose suspended instance waits to be resumed.
        let mut pending: Option<(usize, u64)> = None;
        let place = |j: usize, f: &mut dyn FnMut(&Location<'_>) -> bool| {
            let at = at.index(j);
            match member {
                Some(m) => f(&at.dot(m)),
                None => f(&at),
            }
        };
        for (j, cb) in cbs.enumerate() {
            let Some(record) = self.get(TYPES.command_buffer, cb) else { continue };
            let Some(s) = record.command_buffer().map(|c| c.lock().suspension) else { continue };
            match (pending, s.first_resumes) {
                (None, Some(true)) => {
                    skip |= place(j, &mut |at| {
                        cx.error(
                            ids.resumed,
                            at,
                            format_args!(
                                "({cb:#x}) begins by resuming a render pass instance (VK_RENDERING_RESUMING_BIT), \
                                 but no command buffer before it in the submit ends with a suspended one."
                            ),
                        )
                    });
                }
                (Some((k, other)), Some(false)) => {
                    skip |= place(j, &mut |at| {
                        cx.error(
                            ids.between,
                            at,
                            format_args!(
                                "({cb:#x}) begins a render pass instance that does not resume the one command \
                                 buffer {other:#x} (element {k}) ends suspended: no render pass instance may come \
                                 between them."
                            ),
                        )
                    });
                    // That suspended instance is never resumed now.
                    skip |= place(k, &mut |at| Self::unresumed(cx, ids, other, at));
                }
                _ => {}
            }
            if s.stray_resume {
                skip |= place(j, &mut |at| {
                    cx.error(
                        ids.resumed,
                        at,
                        format_args!(
                            "({cb:#x}) resumes a render pass instance (VK_RENDERING_RESUMING_BIT) where the render \
                             pass instance before it was not suspended."
                        ),
                    )
                });
            }
            if s.rendering_begun {
                pending = s.suspended.then_some((j, cb));
            }
        }
        if let Some((k, cb)) = pending {
            skip |= place(k, &mut |at| Self::unresumed(cx, ids, cb, at));
        }
        skip
    }

    /// Command buffer `cb` of a submit ends with a suspended render pass instance that no later
    /// one resumes.
    fn unresumed(cx: &Call<'_>, ids: &SubmitIds, cb: u64, at: &Location<'_>) -> bool {
        cx.error(
            ids.unresumed,
            at,
            format_args!(
                "({cb:#x}) ends with a suspended render pass instance (VK_RENDERING_SUSPENDING_BIT) that no later \
                 command buffer of the submit resumes."
            ),
        )
    }

    /// vkBeginCommandBuffer: not pending, in the initial state unless its pool resets command buffers,
    /// and the begin info.
    pub(super) fn begin_command_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkCommandBufferBeginInfo,
    ) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb.as_raw()) else { return false };
        let Some(state) = record.command_buffer() else { return false };
        let (pending, lifecycle, name) = {
            let r = state.lock();
            (r.pending > 0, r.lifecycle, r.state())
        };
        let root = cx.location();
        let at = root.dot("commandBuffer");
        let h = cb.as_raw();
        if pending {
            return cx.error(
                "VUID-vkBeginCommandBuffer-commandBuffer-00049",
                &at,
                format_args!("is {h:#x}, which is pending: its submission has not been seen to complete."),
            );
        }
        let resets = record.parent.as_ref().and_then(|p| p.command_pool()).is_none_or(|p| p.resets_buffers());
        // SAFETY: the begin info the application passed (stateless checked the pointer).
        if let Some(info) = unsafe { info.as_ref() } {
            if self.begin_info(cx, state.secondary(), info) {
                return true;
            }
        }
        if lifecycle != Lifecycle::Initial && !resets {
            return cx.error(
                "VUID-vkBeginCommandBuffer-commandBuffer-00050",
                &at,
                format_args!(
                    "is {h:#x}, which is in the {name} state, and its pool was created without \
                     VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT: only a command buffer in the initial state may \
                     be begun (reset the pool first)."
                ),
            );
        }
        false
    }

    /// vkEndCommandBuffer: recording, with no render pass instance, video coding scope, secondary's
    /// debug label or query left active.
    pub(super) fn end_command_buffer(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb.as_raw()) else { return false };
        let Some(state) = record.command_buffer() else { return false };
        let r = state.lock();
        if r.pending == 0 && r.lifecycle == Lifecycle::Recording {
            let (in_video_coding, in_render_pass, labels) = (r.in_video_coding, r.in_render_pass, r.labels);
            let conditional = r.conditional.is_some();
            drop(r);
            if in_render_pass && !state.secondary() {
                return cx.error(
                    "VUID-vkEndCommandBuffer-commandBuffer-00060",
                    &Location::command(cx.name()).dot("commandBuffer"),
                    format_args!(
                        "({:#x}) is a primary command buffer with a render pass instance still active: end it \
                         (vkCmdEndRenderPass or vkCmdEndRendering) first.",
                        cb.as_raw()
                    ),
                );
            }
            let skip = in_video_coding
                && cx.error(
                    "VUID-vkEndCommandBuffer-None-06991",
                    &Location::command(cx.name()).dot("commandBuffer"),
                    format_args!(
                        "({:#x}) still has a video session bound: vkCmdBeginVideoCodingKHR began a video coding \
                         scope that no vkCmdEndVideoCodingKHR ended.",
                        cb.as_raw()
                    ),
                );
            // A primary's labels may be ended by a later command buffer; a secondary's may not.
            let labels = labels > 0
                && state.secondary()
                && cx.error(
                    "VUID-vkEndCommandBuffer-commandBuffer-01815",
                    &Location::command(cx.name()).dot("commandBuffer"),
                    format_args!(
                        "({:#x}) is a secondary command buffer with {labels} debug utils label(s) begun \
                         (vkCmdBeginDebugUtilsLabelEXT) and not ended.",
                        cb.as_raw()
                    ),
                );
            let conditional = Self::conditional_left_active(cx, conditional, cb.as_raw());
            return skip | labels | conditional | self.queries_left_active(cx, cb);
        }
        let (h, name) = (cb.as_raw(), r.state());
        drop(r);
        cx.error(
            "VUID-vkEndCommandBuffer-commandBuffer-00059",
            &Location::command(cx.name()).dot("commandBuffer"),
            format_args!("is {h:#x}, which is in the {name} state, not recording."),
        )
    }

    /// vkResetCommandBuffer: not pending, from a pool that resets command buffers.
    pub(super) fn reset_command_buffer(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb.as_raw()) else { return false };
        let root = cx.location();
        let at = root.dot("commandBuffer");
        let h = cb.as_raw();
        let mut skip = false;
        if record.command_buffer().is_some_and(|s| s.lock().pending > 0) {
            skip |= cx.error(
                "VUID-vkResetCommandBuffer-commandBuffer-00045",
                &at,
                format_args!("is {h:#x}, which is pending: its submission has not been seen to complete."),
            );
        }
        let pool = record.parent.as_ref();
        if pool.and_then(|p| p.command_pool()).is_some_and(|p| !p.resets_buffers()) {
            let p = pool.map_or(0, |p| p.key.handle);
            skip |= cx.error(
                "VUID-vkResetCommandBuffer-commandBuffer-00046",
                &at,
                format_args!(
                    "is {h:#x}, allocated from command pool {p:#x}, which was created without \
                     VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT."
                ),
            );
        }
        skip
    }

    /// vkCmdExecuteCommands: the recording rules and inherited queries, and each command buffer
    /// executed a secondary that is executable (or pending with simultaneous use) and begun to
    /// continue a render pass exactly when executed inside one.
    pub(super) fn execute_commands(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        buffers: *const VkCommandBuffer,
    ) -> bool {
        let recorded = self.recording_rules(cx) | self.queries_inherited(cx, cb);
        recorded | {
            let root = cx.location();
            let at = root.dot("pCommandBuffers");
            let mut skip = false;
            let k = crate::state::key(TYPES.command_buffer, cb.as_raw(), self.device, self.instance);
            // Whether a render pass instance is active, the secondaries executed so far, and
            // what the secondaries continue.
            let primary = crate::state::OBJECTS
                .with_command_buffer(k, |c| {
                    let state = c.command_buffer()?;
                    let r = state.try_lock()?;
                    let executed = r.secondaries.iter().map(|(s, _)| Arc::as_ptr(s)).collect::<Vec<_>>();
                    Some((r.in_render_pass, executed, Executing::of(&r), state.secondary()))
                })
                .flatten();
            let inside = primary.as_ref().map(|p| p.0);
            let (executed, executing) = match primary {
                Some((_, executed, executing, secondary)) => {
                    skip |= self.executing(cx, cb, secondary, &executing);
                    (executed, Some((executing, secondary)))
                }
                None => Default::default(),
            };
            // SAFETY: `count` command buffers, as the application passed them (stateless checked
            // the pointer).
            let list = unsafe { slice(buffers, count) };
            // The element whose render pass instance is suspended at this point of the list.
            let mut suspended_by = None;
            for (i, s) in list.iter().enumerate() {
                let Some(record) = self.get(TYPES.command_buffer, s.as_raw()) else { continue };
                let Some(state) = record.command_buffer() else { continue };
                let h = s.as_raw();
                let at = at.index(i);
                if !state.secondary() {
                    skip |= cx.error(
                        "VUID-vkCmdExecuteCommands-pCommandBuffers-00088",
                        &at,
                        format_args!("is {h:#x}, a primary command buffer: only secondaries are executed."),
                    );
                    continue;
                }
                let r = state.lock();
                let suspension = r.suspension;
                if let (Some(j), Some(false)) = (suspended_by, suspension.first_resumes) {
                    skip |= cx.error(
                        "VUID-vkCmdExecuteCommands-pCommandBuffers-06022",
                        &at,
                        format_args!(
                            "is {h:#x}, whose first render pass instance does not resume the one \
                             pCommandBuffers[{j}] ends suspended: no render pass instance may come between a suspended \
                             render pass instance and the one that resumes it."
                        ),
                    );
                }
                if suspension.rendering_begun {
                    suspended_by = suspension.suspended.then_some(i);
                }
                let continues = inside == Some(true) && r.usage & RENDER_PASS_CONTINUE != 0;
                if let Some((e, nested)) = &executing {
                    skip |= Self::executed(cx, (e, *nested), h, &r, continues, &at);
                }
                let name = r.state();
                if r.pending == 0 && r.lifecycle != Lifecycle::Executable {
                    drop(r);
                    skip |= cx.error(
                        "VUID-vkCmdExecuteCommands-pCommandBuffers-00089",
                        &at,
                        format_args!("is {h:#x}, which is in the {name} state, not executable."),
                    );
                } else if let (0, Some(gone)) = (r.pending, r.references.invalidated()) {
                    let why = Invalidated(gone).to_string();
                    drop(r);
                    skip |= cx.error(
                        "VUID-vkCmdExecuteCommands-pCommandBuffers-00089",
                        &at,
                        format_args!("is {h:#x}, which is invalid: {why}"),
                    );
                } else if r.pending > 0 && !r.simultaneous() {
                    drop(r);
                    skip |= cx.error(
                        "VUID-vkCmdExecuteCommands-pCommandBuffers-00091",
                        &at,
                        format_args!(
                            "is {h:#x}, which is pending and was not begun with \
                             VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT."
                        ),
                    );
                } else {
                    let (continues, simultaneous) = (r.usage & RENDER_PASS_CONTINUE != 0, r.simultaneous());
                    drop(r);
                    let once = "was not begun with VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT";
                    if let Some(first) = list[..i].iter().position(|o| o == s).filter(|_| !simultaneous) {
                        skip |= cx.error(
                            "VUID-vkCmdExecuteCommands-pCommandBuffers-00093",
                            &at,
                            format_args!("is {h:#x}, which is also pCommandBuffers[{first}] and {once}."),
                        );
                    } else if !simultaneous && executed.contains(&Arc::as_ptr(&record)) {
                        skip |= cx.error(
                            "VUID-vkCmdExecuteCommands-pCommandBuffers-00092",
                            &at,
                            format_args!(
                                "is {h:#x}, which an earlier vkCmdExecuteCommands of command buffer {:#x} executes \
                                 already, and {once}.",
                                cb.as_raw()
                            ),
                        );
                    }
                    match (inside, continues) {
                        (Some(true), false) => {
                            skip |= cx.error(
                                "VUID-vkCmdExecuteCommands-pCommandBuffers-00096",
                                &at,
                                format_args!(
                                    "is {h:#x}, executed inside a render pass instance, but it was not begun with \
                                     VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT."
                                ),
                            );
                        }
                        (Some(false), true) => {
                            skip |= cx.error(
                                "VUID-vkCmdExecuteCommands-pCommandBuffers-00100",
                                &at,
                                format_args!(
                                    "is {h:#x}, begun with VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT, but \
                                     executed outside any render pass instance."
                                ),
                            );
                        }
                        _ => {}
                    }
                }
            }
            skip
        }
    }
}

impl CoreChecks {
    /// Checks one submitted command buffer (and the secondaries it executes) at `at`.
    pub(super) fn submitted(&self, cx: &Call<'_>, ids: &SubmitIds, cb: u64, at: &Location<'_>) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb) else { return false };
        let Some(state) = record.command_buffer() else { return false };
        if state.secondary() {
            return cx.error(
                ids.primary,
                at,
                format_args!("is {cb:#x}, a secondary command buffer: only primaries are submitted."),
            );
        }
        let r = state.lock();
        let mut skip = false;
        if r.pending == 0 && r.lifecycle != Lifecycle::Executable {
            let why = if r.lifecycle == Lifecycle::Invalid && r.usage & one_time() != 0 {
                " (it was recorded with VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT and already submitted)"
            } else {
                ""
            };
            skip |= cx.error(
                ids.executable,
                at,
                format_args!("is {cb:#x}, which is in the {} state{why}, not executable.", r.state()),
            );
        } else if r.pending > 0 && !r.simultaneous() {
            skip |= cx.error(
                ids.simultaneous,
                at,
                format_args!(
                    "is {cb:#x}, which is still pending from an earlier submission (no fence, timeline value or \
                     idle wait has shown it complete) and was not begun with \
                     VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT."
                ),
            );
        } else if let Some(gone) = r.references.invalidated() {
            skip |= cx.error(ids.executable, at, format_args!("is {cb:#x}, which is invalid: {}", Invalidated(gone)));
        }
        for (s, generation) in &r.secondaries {
            let current = s.command_buffer().map_or(*generation, |c| c.generation());
            if current != *generation {
                let h = s.key.handle;
                skip |= cx.error(
                    ids.executable,
                    at,
                    format_args!(
                        "is {cb:#x}, which is invalid: it executes secondary command buffer {h:#x}, which was reset or \
                         recorded again after {cb:#x} recorded it."
                    ),
                );
                break;
            }
            skip |= self.secondary(cx, ids, cb, s, at);
        }
        skip
    }

    fn secondary(&self, cx: &Call<'_>, ids: &SubmitIds, primary: u64, s: &ObjectRecord, at: &Location<'_>) -> bool {
        let Some(state) = s.command_buffer() else { return false };
        let r = state.lock();
        let h = s.key.handle;
        if r.pending == 0 && r.lifecycle != Lifecycle::Executable {
            cx.error(
                ids.secondary_executable,
                at,
                format_args!(
                    "is {primary:#x}, which executes secondary command buffer {h:#x}, which is in the {} state.",
                    r.state()
                ),
            )
        } else if r.pending > 0 && !r.simultaneous() {
            cx.error(
                ids.secondary_simultaneous,
                at,
                format_args!(
                    "is {primary:#x}, which executes secondary command buffer {h:#x}, which is pending and was not \
                     begun with VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT."
                ),
            )
        } else if let Some(gone) = r.references.invalidated() {
            cx.error(
                ids.secondary_executable,
                at,
                format_args!(
                    "is {primary:#x}, which executes secondary command buffer {h:#x}, which is invalid: {}",
                    Invalidated(gone)
                ),
            )
        } else {
            false
        }
    }

    /// The pool rules shared by freeing, resetting and destroying: no command buffer pending.
    /// `indexed`: `records` are the elements of the array at `at` (else a pool's command
    /// buffers, named in the message).
    pub(super) fn none_pending(
        &self,
        cx: &Call<'_>,
        vuid: &'static str,
        records: &[std::sync::Arc<ObjectRecord>],
        at: &Location<'_>,
        indexed: bool,
    ) -> bool {
        let mut skip = false;
        for (i, c) in records.iter().enumerate() {
            let pending = c.command_buffer().is_some_and(|s| s.lock().pending > 0);
            if pending {
                let h = c.key.handle;
                let element = at.index(i);
                skip |= cx.error(
                    vuid,
                    if indexed { &element } else { at },
                    format_args!("command buffer {h:#x} is pending: no fence, timeline value or idle wait has shown its submission complete."),
                );
            }
        }
        skip
    }
}

impl CoreChecks {
    /// vkBeginCommandBuffer's begin info for a command buffer of its level: true to skip.
    pub(super) fn begin_info(&self, cx: &Call<'_>, secondary: bool, info: &VkCommandBufferBeginInfo) -> bool {
        let root = cx.location();
        let at = root.dot("pBeginInfo");
        if !secondary {
            let both = VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.0
                | VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT.0;
            return info.flags.0 & both == both
                && cx.error(
                    "VUID-vkBeginCommandBuffer-commandBuffer-02840",
                    &at.dot("flags"),
                    format_args!(
                        "({:#x}) has both VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT and \
                         VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT, for a primary command buffer.",
                        info.flags.0
                    ),
                );
        }
        // SAFETY: the application's inheritance info, when not NULL.
        let Some(inheritance) = (unsafe { info.pInheritanceInfo.as_ref() }) else {
            return cx.error(
                "VUID-vkBeginCommandBuffer-commandBuffer-00051",
                &at.dot("pInheritanceInfo"),
                format_args!("is NULL, but the command buffer is a secondary command buffer."),
            );
        };
        let precise = VkQueryControlFlags::VK_QUERY_CONTROL_PRECISE_BIT.0;
        let precise_allowed = inheritance.occlusionQueryEnable != VK_FALSE
            && cx.device().is_none_or(|f| f.features.contains(Feature::OCCLUSION_QUERY_PRECISE));
        let skip = self.inherited_render_pass(cx, info.flags.0, inheritance, &at)
            | Self::inherited_queries(cx, inheritance, &at.dot("pInheritanceInfo"));
        let precise_reported = (inheritance.queryFlags.0 & precise != 0 && !precise_allowed)
            && cx.error(
                "VUID-vkBeginCommandBuffer-commandBuffer-00052",
                &at.dot("pInheritanceInfo").dot("queryFlags"),
                format_args!(
                    "has VK_QUERY_CONTROL_PRECISE_BIT, but occlusionQueryEnable is {} and the occlusionQueryPrecise \
                     feature is {}.",
                    if inheritance.occlusionQueryEnable != VK_FALSE { "VK_TRUE" } else { "VK_FALSE" },
                    if cx.device().is_some_and(|f| f.features.contains(Feature::OCCLUSION_QUERY_PRECISE)) {
                        "enabled"
                    } else {
                        "not enabled"
                    }
                ),
            );
        skip | precise_reported | Self::inherited_conditional_rendering(cx, inheritance, &at.dot("pInheritanceInfo"))
    }

    /// A secondary inheriting conditional rendering needs the inheritedConditionalRendering
    /// feature (`-01977`). True to skip.
    fn inherited_conditional_rendering(
        cx: &Call<'_>,
        inheritance: &VkCommandBufferInheritanceInfo,
        at: &Location<'_>,
    ) -> bool {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_CONDITIONAL_RENDERING_INFO_EXT;
        // SAFETY: the application's inheritance info chain.
        let chained =
            unsafe { chained::<VkCommandBufferInheritanceConditionalRenderingInfoEXT>(inheritance.pNext, ty) };
        if chained.is_none_or(|c| c.conditionalRenderingEnable == VK_FALSE) {
            return false;
        }
        cx.device().is_some_and(|d| !d.features.contains(Feature::INHERITED_CONDITIONAL_RENDERING))
            && cx.error(
                "VUID-VkCommandBufferInheritanceConditionalRenderingInfoEXT-conditionalRenderingEnable-01977",
                &at.chained("VkCommandBufferInheritanceConditionalRenderingInfoEXT").dot("conditionalRenderingEnable"),
                format_args!("is VK_TRUE, but the inheritedConditionalRendering feature is not enabled."),
            )
    }

    /// A secondary's inherited render pass, when it continues one: the subpass inside it, the
    /// framebuffer made for a compatible render pass, and without a render pass the dynamic
    /// rendering it continues described. True to skip.
    fn inherited_render_pass(
        &self,
        cx: &Call<'_>,
        flags: u32,
        inheritance: &VkCommandBufferInheritanceInfo,
        at: &Location<'_>,
    ) -> bool {
        if flags & RENDER_PASS_CONTINUE == 0 {
            return false;
        }
        let render_pass = inheritance.renderPass.as_raw();
        if render_pass == 0 {
            let rendering = VkStructureType::VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO;
            // SAFETY: the chain of the application's inheritance info.
            let chained = unsafe { chained::<VkCommandBufferInheritanceRenderingInfo>(inheritance.pNext, rendering) };
            if let Some(rendering) = chained {
                return Self::inherited_sample_counts(cx, inheritance, rendering, at);
            }
            return chained.is_none()
                && cx.error(
                    "VUID-VkCommandBufferBeginInfo-flags-06002",
                    &at.dot("pInheritanceInfo").dot("pNext"),
                    format_args!(
                        "has no VkCommandBufferInheritanceRenderingInfo, but flags has \
                         VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT and renderPass is VK_NULL_HANDLE."
                    ),
                );
        }
        let Some(pass) = self.get(TYPES.render_pass, render_pass).filter(|p| !p.destroyed()) else {
            return cx.error(
                "VUID-VkCommandBufferBeginInfo-flags-06000",
                &at.dot("pInheritanceInfo").dot("renderPass"),
                format_args!("({render_pass:#x}) is not a render pass of this device that exists."),
            );
        };
        let Some(state) = pass.render_pass() else { return false };
        let mut skip = false;
        if let Some(shape) = state.shape().filter(|s| inheritance.subpass >= s.subpasses) {
            skip |= cx.error(
                "VUID-VkCommandBufferBeginInfo-flags-06001",
                &at.dot("pInheritanceInfo").dot("subpass"),
                format_args!(
                    "is {}, but render pass {render_pass:#x} has {} subpasses.",
                    inheritance.subpass, shape.subpasses
                ),
            );
        }
        let framebuffer = inheritance.framebuffer.as_raw();
        let made_for =
            self.get(TYPES.framebuffer, framebuffer).and_then(|f| f.framebuffer()?.render_pass_compatibility());
        if let (Some(pass), Some(made_for)) = (state.compatibility(), made_for) {
            if pass != made_for {
                skip |= cx.error(
                    "VUID-VkCommandBufferBeginInfo-flags-00055",
                    &at.dot("pInheritanceInfo").dot("framebuffer"),
                    format_args!(
                        "is {framebuffer:#x}, made for a render pass not compatible with renderPass \
                         {render_pass:#x} (their subpasses' attachment references differ in format, sample count or \
                         use)."
                    ),
                );
            }
        }
        skip
    }

    /// A secondary continuing dynamic rendering: the attachment sample counts it chains
    /// (`VkAttachmentSampleCountInfoAMD` or its NV alias) describe as many color attachments as
    /// its rendering info (`-flags-06003`). True to skip.
    fn inherited_sample_counts(
        cx: &Call<'_>,
        inheritance: &VkCommandBufferInheritanceInfo,
        rendering: &VkCommandBufferInheritanceRenderingInfo,
        at: &Location<'_>,
    ) -> bool {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_SAMPLE_COUNT_INFO_AMD;
        // SAFETY: the chain of the application's inheritance info.
        let Some(samples) = (unsafe { chained::<VkAttachmentSampleCountInfoAMD>(inheritance.pNext, ty) }) else {
            return false;
        };
        samples.colorAttachmentCount != rendering.colorAttachmentCount
            && cx.error(
                "VUID-VkCommandBufferBeginInfo-flags-06003",
                &at.dot("pInheritanceInfo").chained("VkAttachmentSampleCountInfoAMD").dot("colorAttachmentCount"),
                format_args!(
                    "is {}, but VkCommandBufferInheritanceRenderingInfo::colorAttachmentCount is {}.",
                    samples.colorAttachmentCount, rendering.colorAttachmentCount
                ),
            )
    }

    /// The queries a secondary inherits, against the features that allow them. (The query flags'
    /// own bits, -00057, are not checked: lavapipe has no inheritedQueries to test them on.) True
    /// to skip.
    fn inherited_queries(cx: &Call<'_>, inheritance: &VkCommandBufferInheritanceInfo, at: &Location<'_>) -> bool {
        let enabled = |f: Feature| cx.device().is_none_or(|d| d.features.contains(f));
        let mut skip = false;
        let inherited = enabled(Feature::INHERITED_QUERIES);
        if !inherited && inheritance.occlusionQueryEnable != VK_FALSE {
            skip |= cx.error(
                "VUID-VkCommandBufferInheritanceInfo-occlusionQueryEnable-00056",
                &at.dot("occlusionQueryEnable"),
                format_args!("is VK_TRUE, but the inheritedQueries feature is not enabled."),
            );
        }
        let flags = inheritance.queryFlags.0;
        if !inherited && flags != 0 {
            skip |= cx.error(
                "VUID-VkCommandBufferInheritanceInfo-queryFlags-02788",
                &at.dot("queryFlags"),
                format_args!("is {flags:#x}, but the inheritedQueries feature is not enabled: it must be 0."),
            );
        }
        let statistics = inheritance.pipelineStatistics.0;
        if !enabled(Feature::PIPELINE_STATISTICS_QUERY) && statistics != 0 {
            skip |= cx.error(
                "VUID-VkCommandBufferInheritanceInfo-pipelineStatistics-00058",
                &at.dot("pipelineStatistics"),
                format_args!(
                    "is {statistics:#x}, but the pipelineStatisticsQuery feature is not enabled: it must be 0."
                ),
            );
        } else if statistics & !ALL_PIPELINE_STATISTICS != 0 {
            skip |= cx.error(
                "VUID-VkCommandBufferInheritanceInfo-pipelineStatistics-02789",
                &at.dot("pipelineStatistics"),
                format_args!("is {statistics:#x}, which has bits no VkQueryPipelineStatisticFlagBits value names."),
            );
        }
        skip
    }

    /// No command buffer of `pool` is pending (resetting or destroying it).
    pub(super) fn pool_idle(&self, cx: &Call<'_>, pool: VkCommandPool, vuid: &'static str) -> bool {
        let Some(pool) = self.get(TYPES.command_pool, pool.as_raw()) else { return false };
        let children = crate::state::OBJECTS.children(&pool);
        let root = cx.location();
        self.none_pending(cx, vuid, &children, &root.dot("commandPool"), false)
    }
}

/// Why a command buffer is invalid: an object its commands name is gone.
pub(super) struct Invalidated<'a>(pub(super) Invalidation<'a>);

impl std::fmt::Display for Invalidated<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |r: &ObjectRecord| {
            (
                vigil_generated::objects::HANDLE_TYPES.get(usize::from(r.key.ty)).map_or("object", |t| t.name),
                r.key.handle,
            )
        };
        match self.0 {
            Invalidation::Destroyed(r) => {
                let (ty, h) = name(r);
                write!(
                    f,
                    "the {ty} {h:#x} that its recorded commands name was destroyed or freed after they were recorded. \
                     Record the command buffer again."
                )
            }
            Invalidation::Updated(r) => {
                let (ty, h) = name(r);
                write!(
                    f,
                    "the {ty} {h:#x} that it binds was updated after it was bound, in a binding created without \
                     VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT or VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT. \
                     Record the command buffer again, or update the set before binding it."
                )
            }
        }
    }
}

pub(super) fn one_time() -> u32 {
    VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.0
}

/// Every `VkQueryPipelineStatisticFlagBits` value of the registry (bits 0 to 13).
const ALL_PIPELINE_STATISTICS: u32 = 0x3fff;
