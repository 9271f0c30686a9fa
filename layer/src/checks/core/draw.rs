//! At draw, dispatch and trace-rays time, what the bound pipeline's shaders statically use
//! (reflected from SPIR-V when their modules were created, merged per pipeline at creation:
//! `state::shaders`): every descriptor set they use must be bound at the command's bind point
//! with a pipeline layout compatible for that set (`-None-08600`), and push constants they use
//! must have been updated with a layout whose push constant ranges are compatible
//! (`-None-08601`). The draw path reads that precomputed data and allocates nothing.
//!
//! Not checked, so never reported: pipelines whose sets come from descriptor buffers or heaps,
//! push descriptor sets, shader objects, stages Vigil could not reflect (pipeline libraries,
//! pipeline binaries, code it could not parse), ray tracing pipelines (not recorded). Sets a
//! later bind disturbed are taken as still bound with the layout they were bound with.

use vigil_generated::objects::{BOUND_PIPELINE_IDS, SHADER_USE_IDS};

use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::{Pushed, Recording};
use crate::state::objects::Key;
use crate::state::pipelines::{bind_point_name, BoundPoint, PipelineLayoutInfo};
use crate::state::ObjectRecord;

/// `VK_PIPELINE_CREATE_2_DESCRIPTOR_BUFFER_BIT_EXT` and `_DESCRIPTOR_HEAP_BIT_EXT`: the sets
/// such a pipeline uses are not bound with vkCmdBindDescriptorSets.
const NOT_BOUND_SETS: u64 = 0x2000_0000 | 0x10_0000_0000;

impl CoreChecks {
    /// A draw, dispatch or trace-rays command of `BOUND_PIPELINE_IDS`: the sets and push
    /// constants the bound pipeline's shaders use. True to skip the call.
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
        let Ok(i) = BOUND_PIPELINE_IDS.binary_search_by_key(&(cx.command as u16), |(c, _, _)| *c) else { return false };
        let Some(&ids) = SHADER_USE_IDS.get(i) else { return false };
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
        (set_vuid, push_vuid): (&'static str, &'static str),
        (cb, point): (u64, i32),
    ) -> bool {
        let Some(info) = p.pipeline() else { return false };
        let Some(layout) = info.layout.as_ref() else { return false };
        let Some(pl) = layout.pipeline_layout() else { return false };
        let mut skip = false;
        if info.flags & NOT_BOUND_SETS == 0 {
            for &n in &info.uses.sets {
                if pl.pushes_set(n) {
                    continue;
                }
                let Some(b) = bound.sets.get(n as usize).copied().flatten() else {
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
        skip
    }

    /// `test` on the pipeline layout of key `k`; true (compatible) when Vigil does not know it.
    fn layout_compatible(
        &self,
        r: &Recording,
        k: crate::state::objects::Key,
        test: impl FnOnce(&PipelineLayoutInfo) -> bool,
    ) -> bool {
        r.references.with_record(k, |l| l.pipeline_layout().is_none_or(test)).unwrap_or(true)
    }
}
