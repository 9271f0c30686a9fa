//! Query pools (type, size, statistics) and what a recording does to their queries: which are
//! active (begun and not ended) with where they were begun, and which it made available (ended
//! or wrote a timestamp to) since it last reset them. Checked at record time by
//! `checks::core::queries`.

use std::sync::PoisonError;

use vigil_generated::*;

use super::command_buffers::{Recording, RenderPassInstance};
use super::objects::{Key, TYPES};
pub use super::records::{ActiveQuery, RecordingQueries};
use super::tracker::StateTracker;
pub use super::values::{QueryPoolInfo, QueryPoolState, Scope};

/// The most queries a pool may have for Vigil to follow which were reset.
const FOLLOWED_QUERIES: u32 = 1 << 16;

impl QueryPoolState {
    /// What it was created with, once recorded.
    pub fn info(&self) -> Option<&QueryPoolInfo> {
        self.info.get()
    }

    /// The first query among `first..first + count` that nothing has reset since the pool was
    /// created (an uninitialized query), once its creation was recorded.
    pub fn uninitialized_in(&self, first: u32, count: u32) -> Option<u32> {
        self.info()?;
        let done = self.initialized.lock().unwrap_or_else(PoisonError::into_inner);
        (first..first.saturating_add(count)).find(|q| done.get(*q as usize) == Some(&false))
    }

    /// Queries `first..first + count` were reset.
    pub(super) fn reset(&self, first: u32, count: u32) {
        let mut done = self.initialized.lock().unwrap_or_else(PoisonError::into_inner);
        let end = (first as usize).saturating_add(count as usize).min(done.len());
        for q in done.get_mut(first as usize..end).into_iter().flatten() {
            *q = true;
        }
    }
}

impl Scope {
    /// Where the recording `r` is now.
    pub fn of(r: &Recording) -> Scope {
        match (r.in_render_pass, r.instance) {
            (false, _) => Scope::Outside,
            (true, Some(RenderPassInstance::RenderPass { subpass, .. })) => Scope::Subpass(Some(subpass)),
            (true, _) => Scope::Subpass(None),
        }
    }
}

impl RecordingQueries {
    pub fn clear(&mut self) {
        self.active.clear();
        self.written.clear();
    }

    /// The active query of pool `pool` and number `query`.
    pub fn active_query(&self, pool: Key, query: u32) -> Option<&ActiveQuery> {
        self.active.iter().find(|a| a.pool == pool && a.query == query)
    }

    /// The first active query of `pool` among `first..first + count`.
    pub fn active_in(&self, pool: Key, first: u32, count: u32) -> Option<&ActiveQuery> {
        self.active.iter().find(|a| a.pool == pool && in_range(a.query, first, count))
    }

    /// The first query of `pool` among `first..first + count` it made available.
    pub fn written_in(&self, pool: Key, first: u32, count: u32) -> Option<u32> {
        self.written.iter().find(|(p, q)| *p == pool && in_range(*q, first, count)).map(|(_, q)| *q)
    }

    fn begin(&mut self, q: ActiveQuery) {
        self.active.push(q);
    }

    fn end(&mut self, pool: Key, query: u32) {
        self.active.retain(|a| !(a.pool == pool && a.query == query));
        self.written.push((pool, query));
    }

    fn reset(&mut self, pool: Key, first: u32, count: u32) {
        self.written.retain(|(p, q)| !(*p == pool && in_range(*q, first, count)));
    }
}

fn in_range(q: u32, first: u32, count: u32) -> bool {
    q >= first && u64::from(q) < u64::from(first) + u64::from(count)
}

/// What a recorded query command did.
pub enum QueryCommand {
    Begin {
        query: u32,
        index: u32,
    },
    /// vkCmdEndQuery(IndexedEXT), or a timestamp written.
    End {
        query: u32,
    },
    Reset {
        first: u32,
        count: u32,
    },
}

impl StateTracker {
    /// vkCreateQueryPool succeeded.
    pub(super) fn query_pool_created(&self, info: &VkQueryPoolCreateInfo, pool: u64) {
        let Some(record) = self.get(TYPES.query_pool, pool) else { return };
        if let Some(state) = record.query_pool() {
            // A pool created with VK_QUERY_POOL_CREATE_RESET_BIT_KHR starts reset.
            let reset = info.flags.0 & VkQueryPoolCreateFlags::VK_QUERY_POOL_CREATE_RESET_BIT_KHR.0 != 0;
            let info =
                QueryPoolInfo { ty: info.queryType.0, count: info.queryCount, statistics: info.pipelineStatistics.0 };
            // Larger pools are not followed (no per-query state, no report).
            if state.info.set(info).is_ok() && info.count <= FOLLOWED_QUERIES {
                *state.initialized.lock().unwrap_or_else(PoisonError::into_inner) = vec![reset; info.count as usize];
            }
        }
    }

    /// A query command recorded into `cb` on `pool`.
    pub(super) fn query_recorded(&self, cb: VkCommandBuffer, pool: VkQueryPool, what: QueryCommand) {
        let Some(record) = self.get(TYPES.query_pool, pool.as_raw()) else { return };
        let Some(state) = record.query_pool() else { return };
        let Some(info) = state.info().copied() else { return };
        if let QueryCommand::Reset { first, count } = what {
            state.reset(first, count);
        }
        let key = record.key;
        self.with_command_buffer(cb, |c| {
            let Some(mut r) = c.try_lock() else { return };
            match what {
                QueryCommand::Begin { query, index } => {
                    let scope = Scope::of(&r);
                    r.queries.begin(ActiveQuery { pool: key, query, ty: info.ty, index, scope });
                }
                QueryCommand::End { query } => r.queries.end(key, query),
                QueryCommand::Reset { first, count } => r.queries.reset(key, first, count),
            }
        });
    }

    /// vkResetQueryPool on the host.
    pub(super) fn queries_reset(&self, pool: VkQueryPool, first: u32, count: u32) {
        if let Some(state) = self.get(TYPES.query_pool, pool.as_raw()).as_deref().and_then(|r| r.query_pool()) {
            state.reset(first, count);
        }
    }
}
