//! Core's hooks of command buffers' lifecycle whose rules span a few lines.

use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::checks::core::CoreChecks;
use crate::state::TYPES;
use vigil_generated::*;

impl CoreChecks {
    /// vkFreeCommandBuffers's rules.
    pub(super) fn validate_free_command_buffers(
        &self,
        cx: &Call<'_>,
        count: u32,
        buffers: *const VkCommandBuffer,
    ) -> bool {
        // SAFETY: `count` command buffers, as the application passed them (stateless checked
        // the pointer).
        let list = unsafe { slice(buffers, count) };
        let records: Vec<_> = list.iter().filter_map(|c| self.get(TYPES.command_buffer, c.as_raw())).collect();
        let root = cx.location();
        self.none_pending(
            cx,
            "VUID-vkFreeCommandBuffers-pCommandBuffers-00047",
            &records,
            &root.dot("pCommandBuffers"),
            true,
        )
    }
}
