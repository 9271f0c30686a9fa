//! At draw, dispatch and trace-rays time, what the bound pipeline's shaders statically use
//! (reflected from SPIR-V when their modules were created, merged per pipeline at creation:
//! `state::shaders`): every descriptor set they use must be bound at the command's bind point
//! with a pipeline layout compatible for that set (`-None-08600`), and push constants they use
//! must have been updated with a layout whose push constant ranges are compatible
//! (`-None-08601`). The draw path reads that precomputed data and allocates nothing. Bound
//! shader objects are held to the same two rules in `shader_objects.rs`.
//!
//! A set the shaders use must come the way the pipeline was created for: bound with
//! vkCmdBindDescriptorSets* unless it was created with `VK_PIPELINE_CREATE_DESCRIPTOR_BUFFER_BIT_EXT`
//! (`-None-08115`), taken from descriptor buffers (vkCmdSetDescriptorBufferOffsets*EXT) only if it
//! was (`-None-08117`).
//!
//! Not checked, so never reported: whether sets from descriptor buffers or heaps are bound,
//! push descriptor sets, stages Vigil could not reflect (pipeline libraries,
//! pipeline binaries, code it could not parse), ray tracing pipelines (not recorded). Sets a
//! later bind disturbed are taken as still bound with the layout they were bound with.

use super::command_table::command_table;
use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::{Pushed, Recording};
use crate::state::objects::Key;
use crate::state::pipelines::{bind_point_name, BoundPoint, PipelineLayoutInfo};
use crate::state::ObjectRecord;

/// Per command of `BOUND_PIPELINE_IDS`, sorted by name: its ids of the two rules (a hand table
/// while the generator is being reworked elsewhere; a unit test checks it against the
/// registry's text, and fails when a command with the rules is missing).
const SHADER_USE_IDS: &[(&str, &str, &str)] = &[
    ("vkCmdDispatch", "VUID-vkCmdDispatch-None-08600", "VUID-vkCmdDispatch-None-08601"),
    ("vkCmdDispatchBase", "VUID-vkCmdDispatchBase-None-08600", "VUID-vkCmdDispatchBase-None-08601"),
    ("vkCmdDispatchIndirect", "VUID-vkCmdDispatchIndirect-None-08600", "VUID-vkCmdDispatchIndirect-None-08601"),
    (
        "vkCmdDispatchIndirect2KHR",
        "VUID-vkCmdDispatchIndirect2KHR-None-08600",
        "VUID-vkCmdDispatchIndirect2KHR-None-08601",
    ),
    ("vkCmdDraw", "VUID-vkCmdDraw-None-08600", "VUID-vkCmdDraw-None-08601"),
    ("vkCmdDrawClusterHUAWEI", "VUID-vkCmdDrawClusterHUAWEI-None-08600", "VUID-vkCmdDrawClusterHUAWEI-None-08601"),
    (
        "vkCmdDrawClusterIndirectHUAWEI",
        "VUID-vkCmdDrawClusterIndirectHUAWEI-None-08600",
        "VUID-vkCmdDrawClusterIndirectHUAWEI-None-08601",
    ),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-None-08600", "VUID-vkCmdDrawIndexed-None-08601"),
    (
        "vkCmdDrawIndexedIndirect",
        "VUID-vkCmdDrawIndexedIndirect-None-08600",
        "VUID-vkCmdDrawIndexedIndirect-None-08601",
    ),
    (
        "vkCmdDrawIndexedIndirect2KHR",
        "VUID-vkCmdDrawIndexedIndirect2KHR-None-08600",
        "VUID-vkCmdDrawIndexedIndirect2KHR-None-08601",
    ),
    (
        "vkCmdDrawIndexedIndirectCount",
        "VUID-vkCmdDrawIndexedIndirectCount-None-08600",
        "VUID-vkCmdDrawIndexedIndirectCount-None-08601",
    ),
    (
        "vkCmdDrawIndexedIndirectCount2KHR",
        "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-08600",
        "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-08601",
    ),
    ("vkCmdDrawIndirect", "VUID-vkCmdDrawIndirect-None-08600", "VUID-vkCmdDrawIndirect-None-08601"),
    ("vkCmdDrawIndirect2KHR", "VUID-vkCmdDrawIndirect2KHR-None-08600", "VUID-vkCmdDrawIndirect2KHR-None-08601"),
    (
        "vkCmdDrawIndirectByteCount2EXT",
        "VUID-vkCmdDrawIndirectByteCount2EXT-None-08600",
        "VUID-vkCmdDrawIndirectByteCount2EXT-None-08601",
    ),
    (
        "vkCmdDrawIndirectByteCountEXT",
        "VUID-vkCmdDrawIndirectByteCountEXT-None-08600",
        "VUID-vkCmdDrawIndirectByteCountEXT-None-08601",
    ),
    ("vkCmdDrawIndirectCount", "VUID-vkCmdDrawIndirectCount-None-08600", "VUID-vkCmdDrawIndirectCount-None-08601"),
    (
        "vkCmdDrawIndirectCount2KHR",
        "VUID-vkCmdDrawIndirectCount2KHR-None-08600",
        "VUID-vkCmdDrawIndirectCount2KHR-None-08601",
    ),
    ("vkCmdDrawMeshTasksEXT", "VUID-vkCmdDrawMeshTasksEXT-None-08600", "VUID-vkCmdDrawMeshTasksEXT-None-08601"),
    (
        "vkCmdDrawMeshTasksIndirect2EXT",
        "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-08601",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCount2EXT",
        "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-08601",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCountEXT",
        "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08601",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCountNV",
        "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-08601",
    ),
    (
        "vkCmdDrawMeshTasksIndirectEXT",
        "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08601",
    ),
    (
        "vkCmdDrawMeshTasksIndirectNV",
        "VUID-vkCmdDrawMeshTasksIndirectNV-None-08600",
        "VUID-vkCmdDrawMeshTasksIndirectNV-None-08601",
    ),
    ("vkCmdDrawMeshTasksNV", "VUID-vkCmdDrawMeshTasksNV-None-08600", "VUID-vkCmdDrawMeshTasksNV-None-08601"),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-None-08600", "VUID-vkCmdDrawMultiEXT-None-08601"),
    (
        "vkCmdDrawMultiIndexedEXT",
        "VUID-vkCmdDrawMultiIndexedEXT-None-08600",
        "VUID-vkCmdDrawMultiIndexedEXT-None-08601",
    ),
    (
        "vkCmdTraceRaysIndirect2KHR",
        "VUID-vkCmdTraceRaysIndirect2KHR-None-08600",
        "VUID-vkCmdTraceRaysIndirect2KHR-None-08601",
    ),
    (
        "vkCmdTraceRaysIndirectKHR",
        "VUID-vkCmdTraceRaysIndirectKHR-None-08600",
        "VUID-vkCmdTraceRaysIndirectKHR-None-08601",
    ),
    ("vkCmdTraceRaysKHR", "VUID-vkCmdTraceRaysKHR-None-08600", "VUID-vkCmdTraceRaysKHR-None-08601"),
    ("vkCmdTraceRaysNV", "VUID-vkCmdTraceRaysNV-None-08600", "VUID-vkCmdTraceRaysNV-None-08601"),
];

command_table!(
    /// `SHADER_USE_IDS` by command number.
    pub(super) static SHADER_USES: (&str, &str, &str) = *SHADER_USE_IDS, 0
);

/// Per command, sorted by name: its ids of a set bound with vkCmdBindDescriptorSets* used by a
/// pipeline created for descriptor buffers (`-None-08115`), and of a set taken from descriptor
/// buffers used by one that was not (`-None-08117`).
const DESCRIPTOR_BUFFER_IDS: &[(&str, &str, &str)] = &[
    ("vkCmdDispatch", "VUID-vkCmdDispatch-None-08115", "VUID-vkCmdDispatch-None-08117"),
    ("vkCmdDispatchBase", "VUID-vkCmdDispatchBase-None-08115", "VUID-vkCmdDispatchBase-None-08117"),
    ("vkCmdDispatchGraphAMDX", "VUID-vkCmdDispatchGraphAMDX-None-08115", "VUID-vkCmdDispatchGraphAMDX-None-08117"),
    (
        "vkCmdDispatchGraphIndirectAMDX",
        "VUID-vkCmdDispatchGraphIndirectAMDX-None-08115",
        "VUID-vkCmdDispatchGraphIndirectAMDX-None-08117",
    ),
    (
        "vkCmdDispatchGraphIndirectCountAMDX",
        "VUID-vkCmdDispatchGraphIndirectCountAMDX-None-08115",
        "VUID-vkCmdDispatchGraphIndirectCountAMDX-None-08117",
    ),
    ("vkCmdDispatchIndirect", "VUID-vkCmdDispatchIndirect-None-08115", "VUID-vkCmdDispatchIndirect-None-08117"),
    (
        "vkCmdDispatchIndirect2KHR",
        "VUID-vkCmdDispatchIndirect2KHR-None-08115",
        "VUID-vkCmdDispatchIndirect2KHR-None-08117",
    ),
    ("vkCmdDispatchTileQCOM", "VUID-vkCmdDispatchTileQCOM-None-08115", "VUID-vkCmdDispatchTileQCOM-None-08117"),
    ("vkCmdDraw", "VUID-vkCmdDraw-None-08115", "VUID-vkCmdDraw-None-08117"),
    ("vkCmdDrawClusterHUAWEI", "VUID-vkCmdDrawClusterHUAWEI-None-08115", "VUID-vkCmdDrawClusterHUAWEI-None-08117"),
    (
        "vkCmdDrawClusterIndirectHUAWEI",
        "VUID-vkCmdDrawClusterIndirectHUAWEI-None-08115",
        "VUID-vkCmdDrawClusterIndirectHUAWEI-None-08117",
    ),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-None-08115", "VUID-vkCmdDrawIndexed-None-08117"),
    (
        "vkCmdDrawIndexedIndirect",
        "VUID-vkCmdDrawIndexedIndirect-None-08115",
        "VUID-vkCmdDrawIndexedIndirect-None-08117",
    ),
    (
        "vkCmdDrawIndexedIndirect2KHR",
        "VUID-vkCmdDrawIndexedIndirect2KHR-None-08115",
        "VUID-vkCmdDrawIndexedIndirect2KHR-None-08117",
    ),
    (
        "vkCmdDrawIndexedIndirectCount",
        "VUID-vkCmdDrawIndexedIndirectCount-None-08115",
        "VUID-vkCmdDrawIndexedIndirectCount-None-08117",
    ),
    (
        "vkCmdDrawIndexedIndirectCount2KHR",
        "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-08115",
        "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-08117",
    ),
    ("vkCmdDrawIndirect", "VUID-vkCmdDrawIndirect-None-08115", "VUID-vkCmdDrawIndirect-None-08117"),
    ("vkCmdDrawIndirect2KHR", "VUID-vkCmdDrawIndirect2KHR-None-08115", "VUID-vkCmdDrawIndirect2KHR-None-08117"),
    (
        "vkCmdDrawIndirectByteCount2EXT",
        "VUID-vkCmdDrawIndirectByteCount2EXT-None-08115",
        "VUID-vkCmdDrawIndirectByteCount2EXT-None-08117",
    ),
    (
        "vkCmdDrawIndirectByteCountEXT",
        "VUID-vkCmdDrawIndirectByteCountEXT-None-08115",
        "VUID-vkCmdDrawIndirectByteCountEXT-None-08117",
    ),
    ("vkCmdDrawIndirectCount", "VUID-vkCmdDrawIndirectCount-None-08115", "VUID-vkCmdDrawIndirectCount-None-08117"),
    (
        "vkCmdDrawIndirectCount2KHR",
        "VUID-vkCmdDrawIndirectCount2KHR-None-08115",
        "VUID-vkCmdDrawIndirectCount2KHR-None-08117",
    ),
    ("vkCmdDrawMeshTasksEXT", "VUID-vkCmdDrawMeshTasksEXT-None-08115", "VUID-vkCmdDrawMeshTasksEXT-None-08117"),
    (
        "vkCmdDrawMeshTasksIndirect2EXT",
        "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-08117",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCount2EXT",
        "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-08117",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCountEXT",
        "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08117",
    ),
    (
        "vkCmdDrawMeshTasksIndirectCountNV",
        "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-08117",
    ),
    (
        "vkCmdDrawMeshTasksIndirectEXT",
        "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08117",
    ),
    (
        "vkCmdDrawMeshTasksIndirectNV",
        "VUID-vkCmdDrawMeshTasksIndirectNV-None-08115",
        "VUID-vkCmdDrawMeshTasksIndirectNV-None-08117",
    ),
    ("vkCmdDrawMeshTasksNV", "VUID-vkCmdDrawMeshTasksNV-None-08115", "VUID-vkCmdDrawMeshTasksNV-None-08117"),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-None-08115", "VUID-vkCmdDrawMultiEXT-None-08117"),
    (
        "vkCmdDrawMultiIndexedEXT",
        "VUID-vkCmdDrawMultiIndexedEXT-None-08115",
        "VUID-vkCmdDrawMultiIndexedEXT-None-08117",
    ),
    (
        "vkCmdExecuteGeneratedCommandsEXT",
        "VUID-vkCmdExecuteGeneratedCommandsEXT-None-08115",
        "VUID-vkCmdExecuteGeneratedCommandsEXT-None-08117",
    ),
    (
        "vkCmdExecuteGeneratedCommandsNV",
        "VUID-vkCmdExecuteGeneratedCommandsNV-None-08115",
        "VUID-vkCmdExecuteGeneratedCommandsNV-None-08117",
    ),
    (
        "vkCmdSubpassShadingHUAWEI",
        "VUID-vkCmdSubpassShadingHUAWEI-None-08115",
        "VUID-vkCmdSubpassShadingHUAWEI-None-08117",
    ),
    (
        "vkCmdTraceRaysIndirect2KHR",
        "VUID-vkCmdTraceRaysIndirect2KHR-None-08115",
        "VUID-vkCmdTraceRaysIndirect2KHR-None-08117",
    ),
    (
        "vkCmdTraceRaysIndirectKHR",
        "VUID-vkCmdTraceRaysIndirectKHR-None-08115",
        "VUID-vkCmdTraceRaysIndirectKHR-None-08117",
    ),
    ("vkCmdTraceRaysKHR", "VUID-vkCmdTraceRaysKHR-None-08115", "VUID-vkCmdTraceRaysKHR-None-08117"),
    ("vkCmdTraceRaysNV", "VUID-vkCmdTraceRaysNV-None-08115", "VUID-vkCmdTraceRaysNV-None-08117"),
];

command_table!(
    /// `DESCRIPTOR_BUFFER_IDS` by command number.
    static DESCRIPTOR_BUFFER: (&str, &str, &str) = *DESCRIPTOR_BUFFER_IDS, 0
);

/// `VK_PIPELINE_CREATE_2_DESCRIPTOR_BUFFER_BIT_EXT`.
const DESCRIPTOR_BUFFER_BIT: u64 = 0x2000_0000;

/// `VK_PIPELINE_CREATE_2_DESCRIPTOR_BUFFER_BIT_EXT` and `_DESCRIPTOR_HEAP_BIT_EXT`: the sets
/// such a pipeline uses are not bound with vkCmdBindDescriptorSets.
const NOT_BOUND_SETS: u64 = 0x2000_0000 | 0x10_0000_0000;

impl CoreChecks {
    /// The sets and push constants the shaders of `pipeline`, bound at bind point `point` (index
    /// `index` of the recording's), use: true to skip the call. Called with the recording locked,
    /// from the bound-pipeline check.
    pub(super) fn shader_uses_bound(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        (index, point): (usize, i32),
        pipeline: Key,
        cb: u64,
    ) -> bool {
        let Some(&ids) = SHADER_USES.get(cx) else { return false };
        let bound = &r.bound[index];
        r.references.with_record(pipeline, |p| self.pipeline_uses(cx, r, bound, p, ids, (cb, point))).unwrap_or(false)
    }

    /// The checks for bound pipeline `p`; `at` is the command buffer and the bind point.
    fn pipeline_uses(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        bound: &BoundPoint,
        p: &ObjectRecord,
        (_, set_vuid, push_vuid): (&str, &'static str, &'static str),
        (cb, point): (u64, i32),
    ) -> bool {
        let Some(info) = p.pipeline() else { return false };
        let mut skip = point == 0 && self.draw_state(cx, r, info, (cb, p.key.handle));
        skip |= self.pipeline_params(cx, r, info, (cb, p.key.handle));
        let Some(layout) = info.layout.as_ref() else { return skip };
        let Some(pl) = layout.pipeline_layout() else { return skip };
        if info.flags & NOT_BOUND_SETS != 0 {
            if info.flags & DESCRIPTOR_BUFFER_BIT != 0 {
                skip |= self.descriptor_buffer_mode(cx, bound, (p, info.flags, &info.uses.sets), (cb, point));
            }
        } else {
            // Whether a set taken from descriptor buffers was reported: such sets are not bound
            // (their bind cleared them), so they are looked at only where a set is missing.
            let mut from_buffers = false;
            for &n in &info.uses.sets {
                if pl.pushes_set(n) {
                    continue;
                }
                let Some(b) = bound.sets.get(n as usize).copied().flatten() else {
                    if n < 32 && bound.buffer_sets & 1 << n != 0 {
                        if !from_buffers {
                            from_buffers = true;
                            skip |=
                                self.descriptor_buffer_mode(cx, bound, (p, info.flags, &info.uses.sets), (cb, point));
                        }
                        continue;
                    }
                    skip |= cx.error(
                        set_vuid,
                        &cx.location(),
                        format_args!(
                            "the pipeline {:#x} bound to {} statically uses descriptor set {n}, but no descriptor set \
                             was bound to set {n} there in command buffer {cb:#x}.",
                            p.key.handle,
                            bind_point_name(point)
                        ),
                    );
                    continue;
                };
                // The same layout object is compatible with itself: no lookup.
                if b.layout == layout.key || self.layout_compatible(r, b.layout, |l| l.compatible_for_set(pl, n)) {
                    continue;
                }
                skip |= cx.error(
                    set_vuid,
                    &cx.location(),
                    format_args!(
                        "the pipeline {:#x} bound to {} statically uses descriptor set {n}, but the set bound there \
                         was bound with pipeline layout {:#x}, which is not compatible for set {n} with the \
                         pipeline's layout {:#x} (its push constant ranges, or set layouts 0 to {n}, are not \
                         identically defined).",
                        p.key.handle,
                        bind_point_name(point),
                        b.layout.handle,
                        layout.key.handle
                    ),
                );
            }
        }
        if info.uses.push_constant_stages != 0 {
            let (compatible, with) = match r.pushed {
                Pushed::Nothing => (false, None),
                Pushed::Unknown => (true, None),
                Pushed::Layout(k) => (
                    k == layout.key || self.layout_compatible(r, k, |l| l.push_constants == pl.push_constants),
                    Some(k.handle),
                ),
            };
            if !compatible {
                let at = cx.location();
                skip |= match with {
                    None => cx.error(
                        push_vuid,
                        &at,
                        format_args!(
                            "stages {:#x} of the pipeline {:#x} bound to {} statically use push constants, but none \
                             were set in command buffer {cb:#x} since it was begun.",
                            info.uses.push_constant_stages,
                            p.key.handle,
                            bind_point_name(point)
                        ),
                    ),
                    Some(h) => cx.error(
                        push_vuid,
                        &at,
                        format_args!(
                            "stages {:#x} of the pipeline {:#x} bound to {} statically use push constants, but they \
                             were last set with pipeline layout {h:#x}, whose push constant ranges differ from those \
                             of the pipeline's layout {:#x}.",
                            info.uses.push_constant_stages,
                            p.key.handle,
                            bind_point_name(point),
                            layout.key.handle
                        ),
                    ),
                };
            }
        }
        if info.flags & NOT_BOUND_SETS == 0 {
            skip |= self.draw_descriptors(cx, r, bound, p, (cb, point));
        }
        skip
    }

    /// The first set pipeline `p` (created with `flags`) uses whose descriptors come the other
    /// way than the pipeline was created for: bound with vkCmdBindDescriptorSets* for a pipeline
    /// created for descriptor buffers (`-None-08115`), or from descriptor buffers for one that
    /// was not (`-None-08117`). True to skip the call.
    #[cold]
    #[inline(never)]
    fn descriptor_buffer_mode(
        &self,
        cx: &Call<'_>,
        bound: &BoundPoint,
        (p, flags, sets): (&ObjectRecord, u64, &[u32]),
        (cb, point): (u64, i32),
    ) -> bool {
        let Some(&(_, classic, buffers)) = DESCRIPTOR_BUFFER.get(cx) else { return false };
        let for_buffers = flags & DESCRIPTOR_BUFFER_BIT != 0;
        for &n in sets {
            let from_buffers = n < 32 && bound.buffer_sets & 1 << n != 0;
            let from_sets = !from_buffers && bound.sets.get(n as usize).copied().flatten().is_some();
            let (vuid, how, made) = match (for_buffers, from_buffers, from_sets) {
                (true, _, true) => (classic, "bound with vkCmdBindDescriptorSets", "with"),
                (false, true, _) => {
                    (buffers, "taken from descriptor buffers (vkCmdSetDescriptorBufferOffsetsEXT)", "without")
                }
                _ => continue,
            };
            return cx.error(
                vuid,
                &cx.location(),
                format_args!(
                    "the pipeline {:#x} bound to {} in command buffer {cb:#x} statically uses descriptor set {n}, \
                     which was {how}, but the pipeline was created {made} VK_PIPELINE_CREATE_DESCRIPTOR_BUFFER_BIT_EXT.",
                    p.key.handle,
                    bind_point_name(point)
                ),
            );
        }
        false
    }

    /// `test` on the pipeline layout of key `k`; true (compatible) when Vigil does not know it.
    pub(super) fn layout_compatible(
        &self,
        r: &Recording,
        k: crate::state::objects::Key,
        test: impl FnOnce(&PipelineLayoutInfo) -> bool,
    ) -> bool {
        r.references.with_record(k, |l| l.pipeline_layout().is_none_or(test)).unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's id, for `command`, of the rule whose text contains `text`.
    fn registry_id(command: &str, text: &str) -> Vec<&'static str> {
        let prefix = format!("VUID-{command}-");
        vigil_generated::SPEC_TEXT
            .lines()
            .filter(|l| l.starts_with(&prefix) && l.contains(text))
            .filter_map(|l| l.split('\t').next())
            .collect()
    }

    /// The command an id of `BOUND_PIPELINE_IDS` names: `VUID-vkCmdDraw-None-08606` → `vkCmdDraw`.
    fn command_of(vuid: &'static str) -> &'static str {
        vuid.split('-').nth(1).unwrap_or(vuid)
    }

    #[test]
    fn the_hand_table_is_the_registrys() {
        let mut expected = Vec::new();
        for &(_, vuid, _) in vigil_generated::objects::BOUND_PIPELINE_IDS {
            let command = command_of(vuid);
            let sets = registry_id(command, "statically uses a set n, a descriptor set must have been bound");
            let push = registry_id(command, "specified push constant ranges and statically uses a push constant value");
            assert!(sets.len() == 1 && push.len() == 1, "{command}: {sets:?} {push:?}");
            expected.push((command, sets[0], push[0]));
        }
        expected.sort();
        assert_eq!(SHADER_USE_IDS, expected.as_slice());
    }
}
