//! The tracker's hooks of queries: pools as created, and what recordings begin, end and reset.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use crate::state::queries::QueryCommand;
use vigil_generated::*;

impl StateTracker {
    /// vkCreateQueryPool, after the call.
    pub(super) fn after_create_query_pool(
        &self,
        cx: &Call<'_>,
        info: *const VkQueryPoolCreateInfo,
        pool: *mut VkQueryPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            self.query_pool_created(info, pool.as_raw());
        }
    }

    /// vkCmdBeginQuery, after the call.
    pub(super) fn after_cmd_begin_query(&self, cx: &Call<'_>, cb: VkCommandBuffer, pool: VkQueryPool, query: u32) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index: 0 });
    }

    /// vkCmdBeginQueryIndexedEXT, after the call.
    pub(super) fn after_cmd_begin_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        index: u32,
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index });
    }

    /// vkCmdEndQuery, after the call.
    pub(super) fn after_cmd_end_query(&self, cx: &Call<'_>, cb: VkCommandBuffer, pool: VkQueryPool, query: u32) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    /// vkCmdEndQueryIndexedEXT, after the call.
    pub(super) fn after_cmd_end_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    /// vkCmdResetQueryPool, after the call.
    pub(super) fn after_cmd_reset_query_pool(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        first: u32,
        count: u32,
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Reset { first, count });
    }

    /// vkCmdWriteTimestamp, after the call.
    pub(super) fn after_cmd_write_timestamp(&self, cx: &Call<'_>, cb: VkCommandBuffer, pool: VkQueryPool, query: u32) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    /// vkCmdWriteTimestamp2, after the call.
    pub(super) fn after_cmd_write_timestamp2(&self, cx: &Call<'_>, cb: VkCommandBuffer, pool: VkQueryPool, query: u32) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }
}
