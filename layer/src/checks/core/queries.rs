//! Queries (the state is `state::queries`): checked when a query command is recorded, or when
//! the host resets or reads a pool. Query numbers inside the pool; one active query per type
//! (per index for vkCmdBeginQueryIndexedEXT); an end that matches an active query begun in the
//! same subpass; no begin or timestamp on a query the recording already made available without
//! resetting it; no active query reset or copied, none left active when a render pass instance
//! that began it ends, when secondaries run without the inheritedQueries feature, or at
//! vkEndCommandBuffer; result strides, alignment and room; the copy's destination buffer; no
//! host read of a query nothing reset since the pool was created.
//!
//! Queries made available by other command buffers or earlier submissions are not followed:
//! the unavailable rules only see what one recording does (and forget it when the recording
//! executes secondaries, which may reset queries).

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::Recording;
use crate::state::objects::Key;
use crate::state::queries::{ActiveQuery, QueryPoolInfo, Scope};
use crate::state::TYPES;

const OCCLUSION: i32 = VkQueryType::VK_QUERY_TYPE_OCCLUSION.0;
const PIPELINE_STATISTICS: i32 = VkQueryType::VK_QUERY_TYPE_PIPELINE_STATISTICS.0;
const TIMESTAMP: i32 = VkQueryType::VK_QUERY_TYPE_TIMESTAMP.0;
const TRANSFORM_FEEDBACK: i32 = VkQueryType::VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT.0;
const PRIMITIVES_GENERATED: i32 = VkQueryType::VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT.0;
const PERFORMANCE: i32 = VkQueryType::VK_QUERY_TYPE_PERFORMANCE_QUERY_KHR.0;

const RESULT_64: u32 = VkQueryResultFlags::VK_QUERY_RESULT_64_BIT.0;
const WITH_AVAILABILITY: u32 = VkQueryResultFlags::VK_QUERY_RESULT_WITH_AVAILABILITY_BIT.0;
const PARTIAL: u32 = VkQueryResultFlags::VK_QUERY_RESULT_PARTIAL_BIT.0;
/// `VK_QUERY_RESULT_WITH_STATUS_BIT_KHR`.
const WITH_STATUS: u32 = 0x10;

/// The ids of vkCmdBeginQuery or vkCmdBeginQueryIndexedEXT.
pub(super) struct BeginIds {
    pub query: &'static str,
    /// Another active query of the type (of the type and index, when indexed).
    pub active: &'static str,
    pub timestamp: &'static str,
    pub precise: &'static str,
    pub unavailable: &'static str,
    /// The index is zero for types without indices (indexed only).
    pub index_zero: Option<&'static str>,
}

pub(super) const BEGIN_QUERY: BeginIds = BeginIds {
    query: "VUID-vkCmdBeginQuery-query-00802",
    active: "VUID-vkCmdBeginQuery-queryPool-01922",
    timestamp: "VUID-vkCmdBeginQuery-queryType-02804",
    precise: "VUID-vkCmdBeginQuery-queryType-00800",
    unavailable: "VUID-vkCmdBeginQuery-None-00807",
    index_zero: None,
};

pub(super) const BEGIN_QUERY_INDEXED: BeginIds = BeginIds {
    query: "VUID-vkCmdBeginQueryIndexedEXT-query-00802",
    active: "VUID-vkCmdBeginQueryIndexedEXT-queryPool-04753",
    timestamp: "VUID-vkCmdBeginQueryIndexedEXT-queryType-02804",
    precise: "VUID-vkCmdBeginQueryIndexedEXT-queryType-00800",
    unavailable: "VUID-vkCmdBeginQueryIndexedEXT-None-00807",
    index_zero: Some("VUID-vkCmdBeginQueryIndexedEXT-queryType-06692"),
};

/// The ids of vkCmdEndQuery or vkCmdEndQueryIndexedEXT.
pub(super) struct EndIds {
    pub query: &'static str,
    pub active: &'static str,
    pub subpass: &'static str,
    pub index_zero: Option<&'static str>,
    /// The index the query was begun with, for types with indices (indexed only).
    pub same_index: Option<&'static str>,
}

pub(super) const END_QUERY: EndIds = EndIds {
    query: "VUID-vkCmdEndQuery-query-00810",
    active: "VUID-vkCmdEndQuery-None-01923",
    subpass: "VUID-vkCmdEndQuery-None-07007",
    index_zero: None,
    same_index: None,
};

pub(super) const END_QUERY_INDEXED: EndIds = EndIds {
    query: "VUID-vkCmdEndQueryIndexedEXT-query-02343",
    active: "VUID-vkCmdEndQueryIndexedEXT-None-02342",
    subpass: "VUID-vkCmdEndQueryIndexedEXT-None-07007",
    index_zero: Some("VUID-vkCmdEndQueryIndexedEXT-queryType-06695"),
    same_index: Some("VUID-vkCmdEndQueryIndexedEXT-queryType-06696"),
};

/// The ids of vkCmdWriteTimestamp or vkCmdWriteTimestamp2.
pub(super) struct TimestampIds {
    pub pool_type: &'static str,
    pub query: &'static str,
    pub unavailable: &'static str,
}

pub(super) const WRITE_TIMESTAMP: TimestampIds = TimestampIds {
    pool_type: "VUID-vkCmdWriteTimestamp-queryPool-01416",
    query: "VUID-vkCmdWriteTimestamp-query-04904",
    unavailable: "VUID-vkCmdWriteTimestamp-None-00830",
};

pub(super) const WRITE_TIMESTAMP2: TimestampIds = TimestampIds {
    pool_type: "VUID-vkCmdWriteTimestamp2-queryPool-03861",
    query: "VUID-vkCmdWriteTimestamp2-query-04903",
    unavailable: "VUID-vkCmdWriteTimestamp2-None-03864",
};

/// The range rules every command naming `firstQuery` and `queryCount` has.
pub(super) struct RangeIds {
    pub first: &'static str,
    pub count: &'static str,
}

pub(super) const CMD_RESET_RANGE: RangeIds =
    RangeIds { first: "VUID-vkCmdResetQueryPool-firstQuery-09436", count: "VUID-vkCmdResetQueryPool-firstQuery-09437" };
pub(super) const RESET_RANGE: RangeIds =
    RangeIds { first: "VUID-vkResetQueryPool-firstQuery-09436", count: "VUID-vkResetQueryPool-firstQuery-09437" };

/// The result rules of vkGetQueryPoolResults and vkCmdCopyQueryPoolResults.
pub(super) struct ResultIds {
    pub range: RangeIds,
    pub stride_zero: &'static str,
    pub partial_timestamp: &'static str,
    /// The start (pData, dstOffset) aligned to 4, then to 8 with 64-bit results.
    pub start4: &'static str,
    pub start8: &'static str,
    pub stride4: &'static str,
    pub stride8: &'static str,
    /// The name of the start (`pData`, `dstOffset`).
    pub start_name: &'static str,
}

const GET_RESULTS: ResultIds = ResultIds {
    range: RangeIds {
        first: "VUID-vkGetQueryPoolResults-firstQuery-09436",
        count: "VUID-vkGetQueryPoolResults-firstQuery-09437",
    },
    stride_zero: "VUID-vkGetQueryPoolResults-queryCount-09438",
    partial_timestamp: "VUID-vkGetQueryPoolResults-queryType-09439",
    start4: "VUID-vkGetQueryPoolResults-flags-02828",
    start8: "VUID-vkGetQueryPoolResults-flags-00815",
    stride4: "VUID-vkGetQueryPoolResults-queryCount-12251",
    stride8: "VUID-vkGetQueryPoolResults-queryCount-12252",
    start_name: "pData",
};

const COPY_RESULTS: ResultIds = ResultIds {
    range: RangeIds {
        first: "VUID-vkCmdCopyQueryPoolResults-firstQuery-09436",
        count: "VUID-vkCmdCopyQueryPoolResults-firstQuery-09437",
    },
    stride_zero: "VUID-vkCmdCopyQueryPoolResults-queryCount-09438",
    partial_timestamp: "VUID-vkCmdCopyQueryPoolResults-queryType-09439",
    start4: "VUID-vkCmdCopyQueryPoolResults-flags-00822",
    start8: "VUID-vkCmdCopyQueryPoolResults-flags-00823",
    stride4: "VUID-vkCmdCopyQueryPoolResults-queryCount-12254",
    stride8: "VUID-vkCmdCopyQueryPoolResults-queryCount-12255",
    start_name: "dstOffset",
};

/// The spec's name of a query type, for messages.
fn type_name(ty: i32) -> &'static str {
    match ty {
        OCCLUSION => "VK_QUERY_TYPE_OCCLUSION",
        PIPELINE_STATISTICS => "VK_QUERY_TYPE_PIPELINE_STATISTICS",
        TIMESTAMP => "VK_QUERY_TYPE_TIMESTAMP",
        TRANSFORM_FEEDBACK => "VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT",
        PRIMITIVES_GENERATED => "VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT",
        _ => "its query type",
    }
}

/// How many values one query of `info` writes, when Vigil knows.
fn values_per_query(info: &QueryPoolInfo) -> Option<u64> {
    match info.ty {
        OCCLUSION | TIMESTAMP | PRIMITIVES_GENERATED => Some(1),
        PIPELINE_STATISTICS => Some(u64::from(info.statistics.count_ones())),
        TRANSFORM_FEEDBACK => Some(2),
        _ => None,
    }
}

impl CoreChecks {
    /// A query pool's key and what it was created with, when followed.
    fn query_pool(&self, pool: VkQueryPool) -> Option<(Key, QueryPoolInfo)> {
        // Two live pools with one handle value cannot be told apart: neither is checked.
        let record = self.get(TYPES.query_pool, pool.as_raw()).filter(|r| !r.aliased())?;
        let info = *record.query_pool()?.info()?;
        Some((record.key, info))
    }

    /// `query` (the parameter of that name) is inside `pool`.
    fn query_inside(cx: &Call<'_>, vuid: &'static str, pool: VkQueryPool, info: &QueryPoolInfo, query: u32) -> bool {
        if query < info.count {
            return false;
        }
        let root = cx.location();
        cx.error(
            vuid,
            &root.dot("query"),
            format_args!("is {query}, not less than the {} queries of VkQueryPool {:#x}.", info.count, pool.as_raw()),
        )
    }

    /// `firstQuery` and `queryCount` inside the pool.
    fn query_range(
        cx: &Call<'_>,
        ids: &RangeIds,
        pool: VkQueryPool,
        info: &QueryPoolInfo,
        (first, count): (u32, u32),
    ) -> bool {
        let root = cx.location();
        let h = pool.as_raw();
        if first >= info.count {
            return cx.error(
                ids.first,
                &root.dot("firstQuery"),
                format_args!("is {first}, not less than the {} queries of VkQueryPool {h:#x}.", info.count),
            );
        }
        if u64::from(first) + u64::from(count) > u64::from(info.count) {
            return cx.error(
                ids.count,
                &root.dot("queryCount"),
                format_args!(
                    "is {count}: queries {first}..{} run past the {} queries of VkQueryPool {h:#x}.",
                    u64::from(first) + u64::from(count),
                    info.count
                ),
            );
        }
        false
    }

    /// vkCmdBeginQuery and vkCmdBeginQueryIndexedEXT.
    pub(super) fn begin_query(
        &self,
        cx: &Call<'_>,
        ids: &BeginIds,
        cb: VkCommandBuffer,
        (pool, query, flags, index): (VkQueryPool, u32, VkQueryControlFlags, u32),
    ) -> bool {
        let found = self.query_pool(pool);
        self.with_recording(cx, cb.as_raw(), |r| {
            let Some((key, info)) = found else { return false };
            let root = cx.location();
            let h = pool.as_raw();
            let mut skip = Self::query_inside(cx, ids.query, pool, &info, query);
            if info.ty == TIMESTAMP {
                skip |= cx.error(
                    ids.timestamp,
                    &root.dot("queryPool"),
                    format_args!("({h:#x}) is a VK_QUERY_TYPE_TIMESTAMP pool: timestamps are written, not begun."),
                );
            }
            let precise = flags.0 & VkQueryControlFlags::VK_QUERY_CONTROL_PRECISE_BIT.0 != 0;
            if precise {
                let feature = cx.device().is_some_and(|d| d.features.contains(Feature::OCCLUSION_QUERY_PRECISE));
                if info.ty != OCCLUSION || !feature {
                    let why = if info.ty != OCCLUSION {
                        format!("VkQueryPool {h:#x} is of type {}, not an occlusion pool", type_name(info.ty))
                    } else {
                        "the occlusionQueryPrecise feature is not enabled".to_string()
                    };
                    skip |= cx.error(
                        ids.precise,
                        &root.dot("flags"),
                        format_args!("includes VK_QUERY_CONTROL_PRECISE_BIT, but {why}."),
                    );
                }
            }
            if let Some(vuid) = ids.index_zero {
                if index != 0 && info.ty != TRANSFORM_FEEDBACK && info.ty != PRIMITIVES_GENERATED {
                    skip |= cx.error(
                        vuid,
                        &root.dot("index"),
                        format_args!("is {index}; queries of {} have no index: it must be 0.", type_name(info.ty)),
                    );
                }
            }
            let same = |a: &&ActiveQuery| a.ty == info.ty && (ids.index_zero.is_none() || a.index == index);
            if let Some(a) = r.queries.active.iter().find(same) {
                skip |= cx.error(
                    ids.active,
                    &root.dot("queryPool"),
                    format_args!(
                        "({h:#x}) is of type {}, and query {} of VkQueryPool {:#x} (index {}) of that type is still \
                         active in command buffer {:#x}: end it first.",
                        type_name(info.ty),
                        a.query,
                        a.pool.handle,
                        a.index,
                        cb.as_raw()
                    ),
                );
            }
            skip | Self::made_available(cx, ids.unavailable, r, (key, pool), query)
        })
    }

    /// A begin or timestamp on `query`, which the recording `r` may already have made
    /// available without resetting it.
    fn made_available(
        cx: &Call<'_>,
        vuid: &'static str,
        r: &Recording,
        (key, pool): (Key, VkQueryPool),
        query: u32,
    ) -> bool {
        if r.queries.written_in(key, query, 1).is_none() {
            return false;
        }
        let root = cx.location();
        cx.error(
            vuid,
            &root.dot("query"),
            format_args!(
                "is {query} of VkQueryPool {:#x}, which this command buffer already ended or wrote and has not reset \
                 since: the query is available, not unavailable. Record vkCmdResetQueryPool first.",
                pool.as_raw()
            ),
        )
    }

    /// vkCmdEndQuery and vkCmdEndQueryIndexedEXT.
    pub(super) fn end_query(
        &self,
        cx: &Call<'_>,
        ids: &EndIds,
        cb: VkCommandBuffer,
        (pool, query, index): (VkQueryPool, u32, u32),
    ) -> bool {
        let found = self.query_pool(pool);
        self.with_recording(cx, cb.as_raw(), |r| {
            let Some((key, info)) = found else { return false };
            let root = cx.location();
            let h = pool.as_raw();
            // A query outside the pool is not active either: reported once, by the range rule.
            if query >= info.count {
                return Self::query_inside(cx, ids.query, pool, &info, query);
            }
            let mut skip = false;
            if let Some(vuid) = ids.index_zero {
                if index != 0 && info.ty != TRANSFORM_FEEDBACK && info.ty != PRIMITIVES_GENERATED {
                    skip |= cx.error(
                        vuid,
                        &root.dot("index"),
                        format_args!("is {index}; queries of {} have no index: it must be 0.", type_name(info.ty)),
                    );
                }
            }
            let Some(active) = r.queries.active_query(key, query) else {
                return skip
                    | cx.error(
                        ids.active,
                        &root.dot("query"),
                        format_args!(
                            "is {query} of VkQueryPool {h:#x}, which is not active in command buffer {:#x}: no \
                             vkCmdBeginQuery* began it since it was begun or last ended.",
                            cb.as_raw()
                        ),
                    );
            };
            if let Some(vuid) = ids.same_index.filter(|_| active.index != index) {
                if info.ty == TRANSFORM_FEEDBACK || info.ty == PRIMITIVES_GENERATED {
                    skip |= cx.error(
                        vuid,
                        &root.dot("index"),
                        format_args!(
                            "is {index}, but query {query} of VkQueryPool {h:#x} was begun with index {}.",
                            active.index
                        ),
                    );
                }
            }
            let now = Scope::of(r);
            let same_subpass =
                !matches!((active.scope, now), (Scope::Subpass(Some(a)), Scope::Subpass(Some(b))) if a != b);
            let begun_outside = active.scope == Scope::Outside;
            if matches!(now, Scope::Subpass(_)) && (begun_outside || !same_subpass) {
                let where_begun = match active.scope {
                    Scope::Outside => "outside the render pass instance".to_string(),
                    Scope::Subpass(Some(s)) => format!("in subpass {s}"),
                    Scope::Subpass(None) => "inside a render pass instance".to_string(),
                };
                let where_now = match now {
                    Scope::Subpass(Some(s)) => format!("subpass {s}"),
                    _ => "a subpass".to_string(),
                };
                skip |= cx.error(
                    ids.subpass,
                    &root.dot("query"),
                    format_args!(
                        "is {query} of VkQueryPool {h:#x}, begun {where_begun}, ended in {where_now}: a query ended \
                         inside a render pass instance must be begun in the same subpass."
                    ),
                );
            }
            skip
        })
    }

    /// vkCmdResetQueryPool: the range, none of it active.
    pub(super) fn cmd_reset_query_pool(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        (first, count): (u32, u32),
    ) -> bool {
        let found = self.query_pool(pool);
        self.with_recording(cx, cb.as_raw(), |r| {
            let Some((key, info)) = found else { return false };
            let mut skip = Self::query_range(cx, &CMD_RESET_RANGE, pool, &info, (first, count));
            if let Some(a) = r.queries.active_in(key, first, count) {
                let root = cx.location();
                skip |= cx.error(
                    "VUID-vkCmdResetQueryPool-None-02841",
                    &root.dot("firstQuery"),
                    format_args!(
                        "is {first} and queryCount {count}: query {} of VkQueryPool {:#x} among them is active in \
                         command buffer {:#x}: end it before resetting it.",
                        a.query,
                        pool.as_raw(),
                        cb.as_raw()
                    ),
                );
            }
            skip
        })
    }

    /// vkResetQueryPool: the hostQueryReset feature, and the range.
    pub(super) fn reset_query_pool(&self, cx: &Call<'_>, pool: VkQueryPool, (first, count): (u32, u32)) -> bool {
        let mut skip = false;
        if cx.device().is_some_and(|d| !d.features.contains(Feature::HOST_QUERY_RESET)) {
            skip |= cx.error(
                "VUID-vkResetQueryPool-None-02665",
                &cx.location(),
                format_args!("is called, but the hostQueryReset feature is not enabled."),
            );
        }
        let Some((_, info)) = self.query_pool(pool) else { return skip };
        skip | Self::query_range(cx, &RESET_RANGE, pool, &info, (first, count))
    }

    /// vkCmdWriteTimestamp and vkCmdWriteTimestamp2 (their stage rules are in `events`).
    pub(super) fn write_timestamp(
        &self,
        cx: &Call<'_>,
        ids: &TimestampIds,
        r: &Recording,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        let Some((key, info)) = self.query_pool(pool) else { return false };
        let mut skip = false;
        if info.ty != TIMESTAMP {
            let root = cx.location();
            skip |= cx.error(
                ids.pool_type,
                &root.dot("queryPool"),
                format_args!("({:#x}) is of type {}, not VK_QUERY_TYPE_TIMESTAMP.", pool.as_raw(), type_name(info.ty)),
            );
        }
        skip |= Self::query_inside(cx, ids.query, pool, &info, query);
        skip | Self::made_available(cx, ids.unavailable, r, (key, pool), query)
    }

    /// The first active query of `cb`'s recording that `which` selects.
    fn first_active(&self, cb: VkCommandBuffer, which: impl Fn(&ActiveQuery) -> bool) -> Option<ActiveQuery> {
        let k = crate::state::key(TYPES.command_buffer, cb.as_raw(), self.device, self.instance);
        crate::state::OBJECTS
            .with_command_buffer(k, |record| {
                let r = record.command_buffer()?.try_lock()?;
                r.queries.active.iter().find(|a| which(a)).copied()
            })
            .flatten()
    }

    /// vkEndCommandBuffer: no query left active.
    pub(super) fn queries_left_active(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let Some(a) = self.first_active(cb, |_| true) else { return false };
        let root = cx.location();
        cx.error(
            "VUID-vkEndCommandBuffer-commandBuffer-00061",
            &root.dot("commandBuffer"),
            format_args!(
                "({:#x}) still has query {} of VkQueryPool {:#x} ({}) active: end every query it began before ending \
                 it.",
                cb.as_raw(),
                a.query,
                a.pool.handle,
                type_name(a.ty)
            ),
        )
    }

    /// vkCmdEndRenderPass(2) and vkCmdEndRendering: no query begun inside the render pass
    /// instance left active (reported with `vuid`).
    pub(super) fn queries_left_in_render_pass(&self, cx: &Call<'_>, cb: VkCommandBuffer, vuid: &'static str) -> bool {
        let Some(a) = self.first_active(cb, |a| matches!(a.scope, Scope::Subpass(_))) else { return false };
        let root = cx.location();
        cx.error(
            vuid,
            &root.dot("commandBuffer"),
            format_args!(
                "({:#x}) still has query {} of VkQueryPool {:#x} active, begun inside this render pass instance: end it \
                 in the subpass that began it.",
                cb.as_raw(),
                a.query,
                a.pool.handle
            ),
        )
    }

    /// vkCmdExecuteCommands: without the inheritedQueries feature, no query active.
    pub(super) fn queries_inherited(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        if cx.device().is_none_or(|d| d.features.contains(Feature::INHERITED_QUERIES)) {
            return false;
        }
        let Some(a) = self.first_active(cb, |_| true) else { return false };
        let root = cx.location();
        cx.error(
            "VUID-vkCmdExecuteCommands-commandBuffer-00101",
            &root.dot("commandBuffer"),
            format_args!(
                "({:#x}) has query {} of VkQueryPool {:#x} ({}) active, and the inheritedQueries feature is not \
                 enabled: secondaries cannot run inside an active query.",
                cb.as_raw(),
                a.query,
                a.pool.handle,
                type_name(a.ty)
            ),
        )
    }

    /// The rules vkGetQueryPoolResults and vkCmdCopyQueryPoolResults share; `start` is the
    /// address or offset results start at; returns the bytes the results need, when known.
    fn result_rules(
        cx: &Call<'_>,
        ids: &ResultIds,
        pool: VkQueryPool,
        info: &QueryPoolInfo,
        (first, count, start, stride, flags): (u32, u32, u64, u64, u32),
        skip: &mut bool,
    ) -> Option<u64> {
        let root = cx.location();
        *skip |= Self::query_range(cx, &ids.range, pool, info, (first, count));
        if count > 1 && stride == 0 {
            *skip |= cx.error(
                ids.stride_zero,
                &root.dot("stride"),
                format_args!("is 0 while queryCount is {count}: each query's results need their own place."),
            );
        }
        if info.ty == TIMESTAMP && flags & PARTIAL != 0 {
            *skip |= cx.error(
                ids.partial_timestamp,
                &root.dot("flags"),
                format_args!(
                    "includes VK_QUERY_RESULT_PARTIAL_BIT, but VkQueryPool {:#x} is a timestamp pool.",
                    pool.as_raw()
                ),
            );
        }
        if info.ty == PERFORMANCE {
            return None;
        }
        let size = if flags & RESULT_64 != 0 { 8 } else { 4 };
        let (start_vuid, stride_vuid) = if size == 8 { (ids.start8, ids.stride8) } else { (ids.start4, ids.stride4) };
        let bits = if size == 8 { "is set" } else { "is not set" };
        if start % size != 0 {
            *skip |= cx.error(
                start_vuid,
                &root.dot(ids.start_name),
                format_args!("is {start:#x}, not a multiple of {size}: VK_QUERY_RESULT_64_BIT {bits} in flags."),
            );
        }
        if count > 1 && stride % size != 0 {
            *skip |= cx.error(
                stride_vuid,
                &root.dot("stride"),
                format_args!("is {stride}, not a multiple of {size}: VK_QUERY_RESULT_64_BIT {bits} in flags."),
            );
        }
        let values = values_per_query(info)? + u64::from(flags & (WITH_AVAILABILITY | WITH_STATUS) != 0);
        let one = values * size;
        if count == 0 {
            return Some(0);
        }
        Some(u64::from(count - 1).saturating_mul(stride).saturating_add(one))
    }

    /// vkGetQueryPoolResults.
    pub(super) fn get_query_pool_results(
        &self,
        cx: &Call<'_>,
        pool: VkQueryPool,
        (first, count): (u32, u32),
        (data_size, data): (usize, *mut core::ffi::c_void),
        (stride, flags): (u64, u32),
    ) -> bool {
        let Some((_, info)) = self.query_pool(pool) else { return false };
        let mut skip = false;
        let root = cx.location();
        let state = self.get(TYPES.query_pool, pool.as_raw());
        if let Some(q) = state.as_deref().and_then(|r| r.query_pool()?.uninitialized_in(first, count)) {
            skip |= cx.error(
                "VUID-vkGetQueryPoolResults-None-09401",
                &root.dot("firstQuery"),
                format_args!(
                    "is {first} and queryCount {count}: query {q} of VkQueryPool {:#x} was never reset since the \
                     pool was created, so it is uninitialized. Reset it (vkCmdResetQueryPool or vkResetQueryPool) \
                     first.",
                    pool.as_raw()
                ),
            );
        }
        let start = data as u64;
        let params = (first, count, start, stride, flags);
        let needed = Self::result_rules(cx, &GET_RESULTS, pool, &info, params, &mut skip);
        if count > 1 && flags & WITH_AVAILABILITY != 0 {
            skip |= Self::stride_with_availability(cx, "VUID-vkGetQueryPoolResults-stride-08993", &info, stride, flags);
        }
        if let Some(needed) = needed.filter(|n| *n > data_size as u64) {
            skip |= cx.error(
                "VUID-vkGetQueryPoolResults-dataSize-00817",
                &root.dot("dataSize"),
                format_args!(
                    "is {data_size}, but {count} queries from query {first} with stride {stride} and flags {flags:#x} \
                     need {needed} bytes."
                ),
            );
        }
        skip
    }

    /// With availability and more than one query, `stride` holds the results and the
    /// availability value.
    fn stride_with_availability(
        cx: &Call<'_>,
        vuid: &'static str,
        info: &QueryPoolInfo,
        stride: u64,
        flags: u32,
    ) -> bool {
        let Some(values) = values_per_query(info) else { return false };
        let size = if flags & RESULT_64 != 0 { 8 } else { 4 };
        let one = (values + 1) * size;
        if stride >= one {
            return false;
        }
        let root = cx.location();
        cx.error(
            vuid,
            &root.dot("stride"),
            format_args!(
                "is {stride}, less than the {one} bytes of one query's {values} result values and its availability \
                 value ({size} bytes each)."
            ),
        )
    }

    /// vkCmdCopyQueryPoolResults.
    pub(super) fn copy_query_pool_results(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        (pool, first, count): (VkQueryPool, u32, u32),
        (dst, offset, stride, flags): (VkBuffer, u64, u64, u32),
    ) -> bool {
        let found = self.query_pool(pool);
        let buffer = self.get(TYPES.buffer, dst.as_raw());
        self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let mut skip = false;
            let mut needed = None;
            if let Some((key, info)) = found {
                needed = Self::result_rules(
                    cx,
                    &COPY_RESULTS,
                    pool,
                    &info,
                    (first, count, offset, stride, flags),
                    &mut skip,
                );
                if let Some(a) = r.queries.active_in(key, first, count) {
                    skip |= cx.error(
                        "VUID-vkCmdCopyQueryPoolResults-None-07429",
                        &root.dot("firstQuery"),
                        format_args!(
                            "is {first} and queryCount {count}: query {} of VkQueryPool {:#x} among them is still \
                             active in command buffer {:#x}.",
                            a.query,
                            pool.as_raw(),
                            cb.as_raw()
                        ),
                    );
                }
            }
            let Some(state) = buffer.as_deref().and_then(|b| b.buffer()) else { return skip };
            let Some(b) = state.info() else { return skip };
            let h = dst.as_raw();
            let at = root.dot("dstBuffer");
            let usage = u64::from(VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_DST_BIT.0);
            if b.usage & usage == 0 {
                skip |= cx.error(
                    "VUID-vkCmdCopyQueryPoolResults-dstBuffer-00825",
                    &at,
                    format_args!(
                        "is {h:#x}, created with usage {:#x}, which lacks VK_BUFFER_USAGE_TRANSFER_DST_BIT.",
                        b.usage
                    ),
                );
            }
            if state.binding().is_none() && !state.sparse() {
                skip |= cx.error(
                    "VUID-vkCmdCopyQueryPoolResults-dstBuffer-00826",
                    &at,
                    format_args!("is {h:#x}, which is not sparse and not bound to memory: bind it before recording."),
                );
            }
            if offset >= b.size {
                return skip
                    | cx.error(
                        "VUID-vkCmdCopyQueryPoolResults-dstOffset-00819",
                        &root.dot("dstOffset"),
                        format_args!("is {offset}, not less than the size of VkBuffer {h:#x} ({} bytes).", b.size),
                    );
            }
            if let Some(needed) = needed.filter(|n| *n > b.size - offset) {
                skip |= cx.error(
                    "VUID-vkCmdCopyQueryPoolResults-dstBuffer-00824",
                    &at,
                    format_args!(
                        "is {h:#x}, {} bytes: from dstOffset {offset} it has {} bytes, but {count} queries with stride \
                         {stride} and flags {flags:#x} need {needed}.",
                        b.size,
                        b.size - offset
                    ),
                );
            }
            skip
        })
    }
}
