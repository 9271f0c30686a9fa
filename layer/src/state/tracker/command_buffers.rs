//! The tracker's hooks of command buffers' lifecycle: begin (with what a secondary inherits),
//! reset, execution.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use crate::state::objects::{OBJECTS, TYPES};
use vigil_generated::*;

impl StateTracker {
    /// vkBeginCommandBuffer, after the call.
    pub(super) fn after_begin_command_buffer(
        &self,
        cb: VkCommandBuffer,
        info: *const VkCommandBufferBeginInfo,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this begin info.
        let usage = unsafe { info.as_ref() }.map_or(0, |i| i.flags.0);
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| {
                // A primary's inheritance info is ignored (it may dangle): read only a
                // secondary's. SAFETY: as above.
                let inherited = if c.secondary() { unsafe { self.inherited(info) } } else { None };
                // SAFETY: as above.
                let viewport_scissor_2d = c.secondary() && unsafe { viewport_scissor_2d(info) };
                c.begun(usage, inherited, viewport_scissor_2d)
            });
        }
    }

    /// vkResetCommandBuffer, after the call.
    pub(super) fn after_reset_command_buffer(&self, cb: VkCommandBuffer, result: VkResult) {
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| c.reset());
        }
    }

    /// vkResetCommandPool, after the call.
    pub(super) fn after_reset_command_pool(&self, pool: VkCommandPool, result: VkResult) {
        let Some(pool) = self.get(TYPES.command_pool, pool.as_raw()).filter(|_| result.0 >= 0) else { return };
        for cb in OBJECTS.children(&pool) {
            if let Some(c) = cb.command_buffer() {
                c.reset();
            }
        }
    }

    /// vkCmdExecuteCommands, after the call.
    pub(super) fn after_cmd_execute_commands(&self, cx: &Call<'_>, cb: VkCommandBuffer) {
        self.post_record_call(cx, None);
        self.secondaries_executed(cb);
    }
}

/// Whether a secondary's begin info chains `VkCommandBufferInheritanceViewportScissorInfoNV`
/// with `viewportScissor2D` to its inheritance info.
///
/// # Safety
/// `info` is a begin info vkBeginCommandBuffer accepted for a secondary command buffer.
unsafe fn viewport_scissor_2d(info: *const VkCommandBufferBeginInfo) -> bool {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_VIEWPORT_SCISSOR_INFO_NV;
    // SAFETY: per the function's contract, the info, its inheritance info and their chain.
    unsafe {
        let Some(inheritance) = info.as_ref().and_then(|i| i.pInheritanceInfo.as_ref()) else { return false };
        crate::chassis::raw::chained::<VkCommandBufferInheritanceViewportScissorInfoNV>(inheritance.pNext, ty)
            .is_some_and(|v| v.viewportScissor2D != VK_FALSE)
    }
}
