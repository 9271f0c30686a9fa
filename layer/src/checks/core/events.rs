//! Events and the pipeline stage masks of synchronization commands: no host stage where the
//! device executes the command, the stages of features that are not enabled (geometry,
//! tessellation), synchronization2 for the commands and the masks that need it, the dependency
//! flags vkCmdSetEvent2 and vkCmdWaitEvents2 allow, a device-only event never set, reset or
//! read by the host, and waits consistent with how the recording itself last set the events
//! (the version of the command, vkCmdWaitEvents' srcStageMask). Sets by other command buffers,
//! by secondaries it executes and by the host are not followed: such waits are not checked.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::barriers::{WAIT_EVENTS, WAIT_EVENTS2};
use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::Recording;
use crate::state::events::SetBy;
use crate::state::objects::Key;
use crate::state::TYPES;

/// `VK_PIPELINE_STAGE_HOST_BIT` (the same bit in `VkPipelineStageFlags2`).
const HOST: u64 = 0x4000;
const GEOMETRY: u64 = 0x40;
const TESSELLATION: u64 = 0x10 | 0x20;

/// The feature rules of one stage mask.
pub(super) struct StageIds {
    pub geometry: &'static str,
    pub tessellation: &'static str,
    /// A zero mask without synchronization2 (only the original commands have it).
    pub zero: Option<&'static str>,
}

pub(super) const SET_EVENT_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdSetEvent-stageMask-04090",
    tessellation: "VUID-vkCmdSetEvent-stageMask-04091",
    zero: Some("VUID-vkCmdSetEvent-stageMask-03937"),
};

pub(super) const RESET_EVENT_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdResetEvent-stageMask-04090",
    tessellation: "VUID-vkCmdResetEvent-stageMask-04091",
    zero: Some("VUID-vkCmdResetEvent-stageMask-03937"),
};

pub(super) const RESET_EVENT2_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdResetEvent2-stageMask-03929",
    tessellation: "VUID-vkCmdResetEvent2-stageMask-03930",
    zero: None,
};

pub(super) const WAIT_EVENTS_SRC_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdWaitEvents-srcStageMask-04090",
    tessellation: "VUID-vkCmdWaitEvents-srcStageMask-04091",
    zero: Some("VUID-vkCmdWaitEvents-srcStageMask-03937"),
};

pub(super) const WAIT_EVENTS_DST_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdWaitEvents-dstStageMask-04090",
    tessellation: "VUID-vkCmdWaitEvents-dstStageMask-04091",
    zero: Some("VUID-vkCmdWaitEvents-dstStageMask-03937"),
};

pub(super) const WRITE_TIMESTAMP_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdWriteTimestamp-pipelineStage-04075",
    tessellation: "VUID-vkCmdWriteTimestamp-pipelineStage-04076",
    zero: None,
};

pub(super) const WRITE_TIMESTAMP2_STAGES: StageIds = StageIds {
    geometry: "VUID-vkCmdWriteTimestamp2-stage-03929",
    tessellation: "VUID-vkCmdWriteTimestamp2-stage-03930",
    zero: None,
};

/// The host rule of a stage mask: (id, what the message says of where it is).
pub(super) type HostRule = (&'static str, &'static str);

pub(super) const SET_EVENT_HOST: HostRule = ("VUID-vkCmdSetEvent-stageMask-01149", "the device sets the event");
pub(super) const RESET_EVENT_HOST: HostRule = ("VUID-vkCmdResetEvent-stageMask-01153", "the device resets the event");
pub(super) const RESET_EVENT2_HOST: HostRule = ("VUID-vkCmdResetEvent2-stageMask-03830", "the device resets the event");

/// The commands that need the synchronization2 feature.
pub(super) const SET_EVENT2_SYNC2: &str = "VUID-vkCmdSetEvent2-synchronization2-03824";
pub(super) const RESET_EVENT2_SYNC2: &str = "VUID-vkCmdResetEvent2-synchronization2-03829";
pub(super) const WAIT_EVENTS2_SYNC2: &str = "VUID-vkCmdWaitEvents2-synchronization2-03836";
pub(super) const PIPELINE_BARRIER2_SYNC2: &str = "VUID-vkCmdPipelineBarrier2-synchronization2-03848";
pub(super) const WRITE_TIMESTAMP2_SYNC2: &str = "VUID-vkCmdWriteTimestamp2-synchronization2-03858";

/// The host commands on events.
pub(super) const SET_EVENT_DEVICE_ONLY: &str = "VUID-vkSetEvent-event-03941";
pub(super) const RESET_EVENT_DEVICE_ONLY: &str = "VUID-vkResetEvent-event-03823";
pub(super) const EVENT_STATUS_DEVICE_ONLY: &str = "VUID-vkGetEventStatus-event-03940";

fn enabled(cx: &Call<'_>, feature: Feature) -> bool {
    // Without facts (never for a device call), nothing is reported.
    cx.device().is_none_or(|d| d.features.contains(feature))
}

/// The stage masks of every barrier in a dependency info: (member, index, src, dst).
unsafe fn barrier_stages(info: &VkDependencyInfo) -> Vec<(&'static str, usize, u64, u64)> {
    let mut out = Vec::new();
    // SAFETY: the counted arrays of the dependency info, as the application passed them.
    unsafe {
        for (i, b) in slice(info.pMemoryBarriers, info.memoryBarrierCount).iter().enumerate() {
            out.push(("pMemoryBarriers", i, b.srcStageMask.0, b.dstStageMask.0));
        }
        for (i, b) in slice(info.pBufferMemoryBarriers, info.bufferMemoryBarrierCount).iter().enumerate() {
            out.push(("pBufferMemoryBarriers", i, b.srcStageMask.0, b.dstStageMask.0));
        }
        for (i, b) in slice(info.pImageMemoryBarriers, info.imageMemoryBarrierCount).iter().enumerate() {
            out.push(("pImageMemoryBarriers", i, b.srcStageMask.0, b.dstStageMask.0));
        }
    }
    out
}

impl CoreChecks {
    /// The feature rules of stage mask `mask`, named at `at`.
    pub(super) fn stage_features(cx: &Call<'_>, ids: &StageIds, mask: u64, at: &Location<'_>) -> bool {
        let mut skip = false;
        if mask & GEOMETRY != 0 && !enabled(cx, Feature::GEOMETRY_SHADER) {
            skip |= cx.error(
                ids.geometry,
                at,
                format_args!(
                    "({mask:#x}) includes the geometry shader stage, but the geometryShader feature is not enabled."
                ),
            );
        }
        if mask & TESSELLATION != 0 && !enabled(cx, Feature::TESSELLATION_SHADER) {
            skip |= cx.error(
                ids.tessellation,
                at,
                format_args!(
                    "({mask:#x}) includes a tessellation shader stage, but the tessellationShader feature is not enabled."
                ),
            );
        }
        if let Some(vuid) = ids.zero.filter(|_| mask == 0 && !enabled(cx, Feature::SYNCHRONIZATION2)) {
            skip |= cx.error(vuid, at, format_args!("is 0, but the synchronization2 feature is not enabled."));
        }
        skip
    }

    /// A stage mask the device executes: no host stage.
    pub(super) fn no_host_stage(cx: &Call<'_>, (vuid, what): HostRule, mask: u64, at: &Location<'_>) -> bool {
        if mask & HOST == 0 {
            return false;
        }
        cx.error(
            vuid,
            at,
            format_args!(
                "({mask:#x}) includes VK_PIPELINE_STAGE_HOST_BIT, but {what}: the host stage is not one of its stages."
            ),
        )
    }

    /// A command that needs the synchronization2 feature.
    pub(super) fn needs_synchronization2(cx: &Call<'_>, vuid: &'static str) -> bool {
        if enabled(cx, Feature::SYNCHRONIZATION2) {
            return false;
        }
        cx.error(vuid, &cx.location(), format_args!("is recorded, but the synchronization2 feature is not enabled."))
    }

    /// vkCmdSetEvent and vkCmdResetEvent's stage mask.
    pub(super) fn event_stage_mask(cx: &Call<'_>, host: HostRule, ids: &StageIds, mask: u32) -> bool {
        let root = cx.location();
        let at = root.dot("stageMask");
        Self::no_host_stage(cx, host, u64::from(mask), &at) | Self::stage_features(cx, ids, u64::from(mask), &at)
    }

    /// vkCmdSetEvent2: its dependency flags, and no host stage in its barriers.
    pub(super) fn set_event2(cx: &Call<'_>, info: *const VkDependencyInfo) -> bool {
        let mut skip = Self::needs_synchronization2(cx, SET_EVENT2_SYNC2);
        // SAFETY: the dependency info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return skip };
        let root = cx.location();
        let at = root.dot("pDependencyInfo");
        let flags = info.dependencyFlags.0;
        if flags != 0 && flags != VkDependencyFlags::VK_DEPENDENCY_ASYMMETRIC_EVENT_BIT_KHR.0 {
            skip |= cx.error(
                "VUID-vkCmdSetEvent2-dependencyFlags-03825",
                &at.arrow("dependencyFlags"),
                format_args!("is {flags:#x}; it must be 0 or VK_DEPENDENCY_ASYMMETRIC_EVENT_BIT_KHR."),
            );
        }
        // SAFETY: as above.
        for (member, i, src, dst) in unsafe { barrier_stages(info) } {
            let barrier = at.arrow(member);
            let barrier = barrier.index(i);
            let what = "the device sets the event";
            skip |= Self::no_host_stage(
                cx,
                ("VUID-vkCmdSetEvent2-srcStageMask-09391", what),
                src,
                &barrier.dot("srcStageMask"),
            );
            skip |= Self::no_host_stage(
                cx,
                ("VUID-vkCmdSetEvent2-dstStageMask-09392", what),
                dst,
                &barrier.dot("dstStageMask"),
            );
        }
        skip
    }

    /// vkCmdWaitEvents: the stage masks (consistent with how the recording set the events), no
    /// host stage inside a render pass instance, no queue family ownership transfer.
    pub(super) fn wait_events(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        (events, src, dst): (&[VkEvent], u32, u32),
        memory: &[VkMemoryBarrier],
        buffers: &[VkBufferMemoryBarrier],
        images: &[VkImageMemoryBarrier],
    ) -> bool {
        let keys = self.event_keys(events);
        self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let src_at = root.dot("srcStageMask");
            let mut skip = Self::stage_features(cx, &WAIT_EVENTS_SRC_STAGES, u64::from(src), &src_at);
            skip |= self.legacy_barriers(cx, r, &WAIT_EVENTS, (src, dst, 0), memory, buffers, images);
            skip |= Self::set_by_other_version(cx, r, &keys, SetBy::Set2);
            // The stages of the recording's own sets, when it set every event (plus the host
            // stage, which a host set may add).
            let masks: Option<Vec<u32>> = keys
                .iter()
                .map(|k| match k.and_then(|k| r.events.last(k)) {
                    Some(SetBy::Set(mask)) => Some(mask),
                    _ => None,
                })
                .collect();
            if let Some(union) = masks.filter(|m| !m.is_empty()).map(|m| m.iter().fold(0, |a, b| a | b)) {
                if src != union && src != union | HOST as u32 {
                    skip |= cx.error(
                        "VUID-vkCmdWaitEvents-srcStageMask-01158",
                        &src_at,
                        format_args!(
                            "is {src:#x}, but this command buffer last set the events with stage masks whose union is \
                             {union:#x}: srcStageMask must be that union (with VK_PIPELINE_STAGE_HOST_BIT if the host \
                             set one)."
                        ),
                    );
                }
            }
            skip |= Self::stage_features(cx, &WAIT_EVENTS_DST_STAGES, u64::from(dst), &root.dot("dstStageMask"));
            if r.in_render_pass {
                let rule = (
                    "VUID-vkCmdWaitEvents-srcStageMask-07308",
                    "the command is recorded inside a render pass instance",
                );
                skip |= Self::no_host_stage(cx, rule, u64::from(src), &src_at);
            }
            let families = buffers
                .iter()
                .map(|b| ("pBufferMemoryBarriers", b.srcQueueFamilyIndex, b.dstQueueFamilyIndex))
                .enumerate()
                .chain(
                    images
                        .iter()
                        .map(|b| ("pImageMemoryBarriers", b.srcQueueFamilyIndex, b.dstQueueFamilyIndex))
                        .enumerate(),
                );
            for (i, (member, s, d)) in families {
                if s != d {
                    let at = root.dot(member);
                    skip |= cx.error(
                        "VUID-vkCmdWaitEvents-srcQueueFamilyIndex-02803",
                        &at.index(i),
                        format_args!(
                            "has srcQueueFamilyIndex {s} and dstQueueFamilyIndex {d}: vkCmdWaitEvents cannot transfer \
                             queue family ownership."
                        ),
                    );
                }
            }
            skip
        })
    }

    /// vkCmdWaitEvents2: the dependency flags, no host stage inside a render pass instance.
    pub(super) fn wait_events2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        events: &[VkEvent],
        infos: *const VkDependencyInfo,
    ) -> bool {
        let mut skip = Self::needs_synchronization2(cx, WAIT_EVENTS2_SYNC2);
        let keys = self.event_keys(events);
        let count = events.len() as u32;
        skip |= self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let list = root.dot("pDependencyInfos");
            let mut skip = Self::set_by_other_version(cx, r, &keys, SetBy::Set(0));
            // SAFETY: `count` dependency infos, as the application passed them.
            for (i, info) in unsafe { slice(infos, count) }.iter().enumerate() {
                let at = list.index(i);
                skip |= self.dependency_info(cx, r, &WAIT_EVENTS2, info, &at);
                let forbidden = 0x1 | 0x2 | 0x4 | 0x8;
                let flags = info.dependencyFlags.0;
                if flags & forbidden != 0 {
                    skip |= cx.error(
                        "VUID-vkCmdWaitEvents2-dependencyFlags-10394",
                        &at.dot("dependencyFlags"),
                        format_args!(
                            "is {flags:#x}: by-region, view-local, device-group and feedback-loop dependencies are not \
                             allowed when waiting on events."
                        ),
                    );
                }
                if !r.in_render_pass {
                    continue;
                }
                // SAFETY: as above.
                for (member, j, src, _) in unsafe { barrier_stages(info) } {
                    let barrier = at.dot(member);
                    let rule = (
                        "VUID-vkCmdWaitEvents2-dependencyFlags-03844",
                        "the command is recorded inside a render pass instance",
                    );
                    skip |= Self::no_host_stage(cx, rule, src, &barrier.index(j).dot("srcStageMask"));
                }
            }
            skip
        });
        skip
    }

    /// The keys of `events`, `None` for one not followed.
    fn event_keys(&self, events: &[VkEvent]) -> Vec<Option<Key>> {
        events.iter().map(|e| self.get(TYPES.event, e.as_raw()).filter(|r| !r.aliased()).map(|r| r.key)).collect()
    }

    /// A wait of one version on events the recording last set with the other (`other`:
    /// `SetBy::Set2` for vkCmdWaitEvents, `SetBy::Set(_)` for vkCmdWaitEvents2).
    fn set_by_other_version(cx: &Call<'_>, r: &Recording, keys: &[Option<Key>], other: SetBy) -> bool {
        let (vuid, set, wait) = match other {
            SetBy::Set2 => ("VUID-vkCmdWaitEvents-pEvents-03847", "vkCmdSetEvent2", "vkCmdWaitEvents2"),
            SetBy::Set(_) => ("VUID-vkCmdWaitEvents2-pEvents-03837", "vkCmdSetEvent", "vkCmdWaitEvents"),
        };
        let root = cx.location();
        let list = root.dot("pEvents");
        let mut skip = false;
        for (i, k) in keys.iter().enumerate() {
            let Some(k) = k else { continue };
            let by = r.events.last(*k);
            if by.is_some_and(|b| std::mem::discriminant(&b) == std::mem::discriminant(&other)) {
                skip |= cx.error(
                    vuid,
                    &list.index(i),
                    format_args!(
                        "({:#x}) was last set in this command buffer by {set}: an event set by {set} is waited on \
                         with {wait}.",
                        k.handle
                    ),
                );
            }
        }
        skip
    }

    /// vkSetEvent, vkResetEvent and vkGetEventStatus: not on a device-only event.
    pub(super) fn host_event(&self, cx: &Call<'_>, vuid: &'static str, event: VkEvent) -> bool {
        let Some(record) = self.get(TYPES.event, event.as_raw()).filter(|r| !r.aliased()) else { return false };
        if record.event().and_then(|e| e.device_only()) != Some(true) {
            return false;
        }
        let root = cx.location();
        cx.error(
            vuid,
            &root.dot("event"),
            format_args!(
                "({:#x}) was created with VK_EVENT_CREATE_DEVICE_ONLY_BIT: only the device may set, reset or read it.",
                event.as_raw()
            ),
        )
    }
}
