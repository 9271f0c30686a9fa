//! Conditional rendering (VK_EXT_conditional_rendering) against where a recording made it
//! active (`Recording::conditional`, kept by the tracker): not begun twice, ended only while
//! active, outside a render pass instance if begun outside one, in the very subpass it was begun
//! in otherwise, and not left active when the command buffer ends; the predicate buffer's usage,
//! binding and offset.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::ConditionalScope;
use crate::state::resolve::call_record;
use crate::state::TYPES;

impl CoreChecks {
    /// vkCmdBeginConditionalRenderingEXT: true to skip the call.
    pub(super) fn begin_conditional_rendering(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkConditionalRenderingBeginInfoEXT,
    ) -> bool {
        // SAFETY: stateless validation requires a valid pointer; NULL is not followed.
        let info = unsafe { info.as_ref() };
        self.with_recording(cx, cb.as_raw(), |r| {
            let mut skip = false;
            if r.conditional.is_some() {
                skip |= cx.error(
                    "VUID-vkCmdBeginConditionalRenderingEXT-None-01980",
                    &cx.location(),
                    format_args!(
                        "is recorded while conditional rendering is already active in command buffer {:#x}: end it \
                         (vkCmdEndConditionalRenderingEXT) first.",
                        cb.as_raw()
                    ),
                );
            }
            if let Some(info) = info {
                skip |= self.predicate(cx, info);
            }
            skip
        })
    }

    /// The predicate a VkConditionalRenderingBeginInfoEXT names: its offset a multiple of 4 with
    /// 32 bits of the buffer from it, the buffer of conditional rendering usage and bound.
    fn predicate(&self, cx: &Call<'_>, info: &VkConditionalRenderingBeginInfoEXT) -> bool {
        let root = cx.location();
        let at = root.dot("pConditionalRenderingBegin");
        let mut skip = false;
        if !info.offset.is_multiple_of(4) {
            skip |= cx.error(
                "VUID-VkConditionalRenderingBeginInfoEXT-offset-01984",
                &at.arrow("offset"),
                format_args!("({}) is not a multiple of 4.", info.offset),
            );
        }
        let h = info.buffer.as_raw();
        let Some(record) = call_record(cx, TYPES.buffer, h, (self.device, self.instance)) else { return skip };
        let Some(state) = record.buffer() else { return skip };
        let Some(buffer) = state.info() else { return skip };
        let usage = u64::from(VkBufferUsageFlags::VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT.0);
        if buffer.usage & usage == 0 {
            skip |= cx.error(
                "VUID-VkConditionalRenderingBeginInfoEXT-buffer-01982",
                &at.arrow("buffer"),
                format_args!(
                    "({h:#x}) was created with usage {:#x}, which lacks VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT.",
                    buffer.usage
                ),
            );
        }
        if state.binding().is_none() && !state.sparse() {
            skip |= cx.error(
                "VUID-VkConditionalRenderingBeginInfoEXT-buffer-01981",
                &at.arrow("buffer"),
                format_args!("({h:#x}) is not sparse and not bound to memory: bind it before recording."),
            );
        }
        if info.offset.checked_add(4).is_none_or(|end| end > buffer.size) {
            skip |= cx.error(
                "VUID-VkConditionalRenderingBeginInfoEXT-offset-01983",
                &at.arrow("offset"),
                format_args!(
                    "({}) leaves less than the 32 bits of the predicate in buffer {h:#x} of {} bytes.",
                    info.offset, buffer.size
                ),
            );
        }
        skip
    }

    /// vkCmdEndConditionalRenderingEXT: true to skip the call.
    pub(super) fn end_conditional_rendering(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            let Some(begun) = r.conditional else {
                return cx.error(
                    "VUID-vkCmdEndConditionalRenderingEXT-None-01985",
                    &cx.location(),
                    format_args!(
                        "is recorded while conditional rendering is not active in command buffer {:#x}.",
                        cb.as_raw()
                    ),
                );
            };
            let now = r.conditional_scope();
            let (vuid, what) = match (begun, now) {
                (ConditionalScope::Outside, ConditionalScope::Inside { .. }) => (
                    "VUID-vkCmdEndConditionalRenderingEXT-None-01986",
                    "was made active outside a render pass instance, and this is inside one",
                ),
                (ConditionalScope::Inside { .. }, _) if begun != now => (
                    "VUID-vkCmdEndConditionalRenderingEXT-None-01987",
                    "was made active in a subpass of a render pass instance, and this is not in that subpass",
                ),
                _ => return false,
            };
            cx.error(
                vuid,
                &cx.location(),
                format_args!("ends conditional rendering in command buffer {:#x}, which {what}.", cb.as_raw()),
            )
        })
    }

    /// vkEndCommandBuffer with conditional rendering still `active` (`-01978`): true to skip.
    /// Called with the recording unlocked (the application's callback may record).
    pub(super) fn conditional_left_active(cx: &Call<'_>, active: bool, cb: u64) -> bool {
        active
            && cx.error(
                "VUID-vkEndCommandBuffer-None-01978",
                &Location::command(cx.name()).dot("commandBuffer"),
                format_args!(
                    "({cb:#x}) still has conditional rendering active: vkCmdBeginConditionalRenderingEXT was not \
                     followed by vkCmdEndConditionalRenderingEXT."
                ),
            )
    }
}
