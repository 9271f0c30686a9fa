//! Core's hooks of what commands bind: viewports and scissors against inheritance, index and
//! vertex buffers.

use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::checks::core::buffers::{BIND_INDEX_BUFFER, BIND_VERTEX_BUFFERS, BIND_VERTEX_BUFFERS2};
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkCmdSetViewport's rules.
    pub(super) fn validate_cmd_set_viewport(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            Self::inherited_viewport_scissor(cx, r, "VUID-vkCmdSetViewport-commandBuffer-04821", "viewports")
        })
    }

    /// vkCmdSetScissor's rules.
    pub(super) fn validate_cmd_set_scissor(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            Self::inherited_viewport_scissor(cx, r, "VUID-vkCmdSetScissor-viewportScissor2D-04789", "scissors")
        })
    }

    /// vkCmdBindIndexBuffer's rules.
    pub(super) fn validate_cmd_bind_index_buffer(
        &self,
        cx: &Call<'_>,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        index_type: VkIndexType,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.bind_index_buffer(cx, &BIND_INDEX_BUFFER, buffer, offset, index_type) }
    }

    /// vkCmdBindVertexBuffers's rules.
    pub(super) fn validate_cmd_bind_vertex_buffers(
        &self,
        cx: &Call<'_>,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` buffers and offsets, as the application passed them.
            let (buffers, offsets) = unsafe { (slice(buffers, count), slice(offsets, count)) };
            self.bind_vertex_buffers(cx, &BIND_VERTEX_BUFFERS, buffers, offsets, &[])
        }
    }

    /// vkCmdBindVertexBuffers2's rules.
    pub(super) fn validate_cmd_bind_vertex_buffers2(
        &self,
        cx: &Call<'_>,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
        sizes: *const VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` buffers, offsets and (when not NULL) sizes, as the application passed
            // them.
            let (buffers, offsets, sizes) =
                unsafe { (slice(buffers, count), slice(offsets, count), slice(sizes, count)) };
            self.bind_vertex_buffers(cx, &BIND_VERTEX_BUFFERS2, buffers, offsets, sizes)
        }
    }
}
