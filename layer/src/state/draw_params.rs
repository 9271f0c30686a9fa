//! What the draw-parameter checks (`checks::core::draw_params`) need, worked out when state
//! changes rather than at each draw: at pipeline creation, the vertex input bindings a graphics
//! pipeline's vertex shader reads (its vertex attributes whose locations the shader declares as
//! inputs); at vkCmdBindVertexBuffers(2), the bindings a recording has bound.
//!
//! A pipeline whose vertex input is dynamic (`VK_DYNAMIC_STATE_VERTEX_INPUT_EXT`), comes from
//! libraries, or whose vertex shader Vigil could not reflect, reads bindings Vigil does not
//! know: `None`, and no draw with it is checked.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::StorageClass;
use vigil_generated::*;

use super::objects::TYPES;
use super::records::ShaderUses;
use super::tracker::StateTracker;
pub use super::values::AttributeFetch;
use crate::chassis::raw::slice;
use crate::chassis::Call;

/// `VK_DYNAMIC_STATE_VERTEX_INPUT_EXT`.
const DYNAMIC_VERTEX_INPUT: i32 = 1_000_352_000;

/// `VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE`.
const DYNAMIC_STRIDE: i32 = 1_000_267_005;

/// A vertex buffer binding's range Vigil does not know (`DrawState::vertex_ranges`).
pub const UNKNOWN_RANGE: u64 = u64::MAX;

/// A graphics pipeline's static vertex input state, as its create info gives it.
#[derive(Clone, Copy)]
pub struct VertexInput<'a> {
    pub attributes: &'a [VkVertexInputAttributeDescription],
    pub bindings: &'a [VkVertexInputBindingDescription],
    /// Whether where each attribute is fetched from follows from the bindings' strides and
    /// input rates alone: no dynamic strides, no divisors (nothing chained to the vertex input
    /// state), no pipeline robustness chained.
    pub fetch_known: bool,
}

/// The `Location` of each `Input` variable among a module's global `variables` that has one
/// (built-ins have none), by variable id.
pub(super) fn input_locations(variables: &[Instruction], location: &HashMap<u32, u32>) -> HashMap<u32, u32> {
    variables
        .iter()
        .filter(|v| matches!(v.operands.first(), Some(Operand::StorageClass(StorageClass::Input))))
        .filter_map(|v| {
            let id = v.result_id?;
            Some((id, *location.get(&id)?))
        })
        .collect()
}

/// The locations (bit n for n < 64) of the `Input` variables of an `OpEntryPoint`'s interface
/// (its operands from the fourth on), from [`input_locations`].
pub(super) fn interface_inputs(operands: &[Operand], inputs: &HashMap<u32, u32>) -> u64 {
    operands
        .iter()
        .skip(3)
        .filter_map(|o| match o {
            Operand::IdRef(id) => inputs.get(id),
            _ => None,
        })
        .filter(|&&l| l < 64)
        .fold(0, |m, l| m | 1 << l)
}

/// A graphics pipeline create info's vertex input state, when it is static and given
/// (`libraries`: its state may come from pipeline libraries).
///
/// # Safety
/// `info` must be a create info the application passed to a call that returned.
pub unsafe fn vertex_input(info: &VkGraphicsPipelineCreateInfo, libraries: bool) -> Option<VertexInput<'_>> {
    if libraries {
        return None;
    }
    // SAFETY: a valid create info's dynamic state and vertex input state, when not null.
    unsafe {
        let dynamic = info.pDynamicState.as_ref().map_or(&[][..], |d| slice(d.pDynamicStates, d.dynamicStateCount));
        if dynamic.iter().any(|s| s.0 == DYNAMIC_VERTEX_INPUT) {
            return None;
        }
        let input = info.pVertexInputState.as_ref()?;
        let robustness = crate::chassis::raw::chained::<VkPipelineRobustnessCreateInfo>(
            info.pNext,
            VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_ROBUSTNESS_CREATE_INFO,
        );
        Some(VertexInput {
            attributes: slice(input.pVertexAttributeDescriptions, input.vertexAttributeDescriptionCount),
            bindings: slice(input.pVertexBindingDescriptions, input.vertexBindingDescriptionCount),
            fetch_known: input.pNext.is_null()
                && robustness.is_none()
                && !dynamic.iter().any(|s| s.0 == DYNAMIC_STRIDE),
        })
    }
}

impl<'a> VertexInput<'a> {
    /// The bindings (bit n for n < 32) its attributes feed to the vertex shader's inputs in
    /// `uses`; `None` when those are unknown, or an attribute the shader reads names a binding
    /// of 32 or more.
    pub fn bindings_read(&self, uses: &ShaderUses) -> Option<u32> {
        let mut read = 0u32;
        for a in self.attributes_read(uses)? {
            read |= 1u32.checked_shl(a.binding)?;
        }
        Some(read)
    }

    /// Its attributes that the vertex shader's inputs in `uses` read, when those are known.
    fn attributes_read(
        &self,
        uses: &ShaderUses,
    ) -> Option<impl Iterator<Item = &'a VkVertexInputAttributeDescription>> {
        let inputs = uses.vertex_inputs?;
        Some(self.attributes.iter().filter(move |a| a.location < 64 && inputs & 1 << a.location != 0))
    }

    /// Where each attribute the vertex shader reads is fetched from, when that follows from the
    /// pipeline's static state (`fetch_known`) and every such attribute's binding is described.
    pub fn fetches(&self, uses: &ShaderUses) -> Option<Vec<AttributeFetch>> {
        if !self.fetch_known {
            return None;
        }
        self.attributes_read(uses)?
            .map(|a| {
                let b = self.bindings.iter().find(|b| b.binding == a.binding)?;
                Some(AttributeFetch {
                    binding: a.binding,
                    offset: a.offset,
                    format: a.format.0,
                    stride: b.stride,
                    per_instance: b.inputRate == VkVertexInputRate::VK_VERTEX_INPUT_RATE_INSTANCE,
                })
            })
            .collect()
    }
}

impl StateTracker {
    /// vkCmdBindVertexBuffers(2) or vkCmdBindVertexBuffers3KHR bound `count` bindings from
    /// `first`: its references, the bindings now bound, and the bytes each has from its offset
    /// on (`arrays`: the buffers, offsets and sizes, NULL for `VK_WHOLE_SIZE` each; `None` when
    /// the command binds by address). Only while recordings keep their references.
    ///
    /// # Safety
    /// `arrays` must be the `count` elements (sizes: or NULL) the application passed to a call
    /// that returned.
    pub(in crate::state) unsafe fn vertex_buffers_bound(
        &self,
        cx: &Call<'_>,
        (first, count): (u32, u32),
        arrays: Option<(*const VkBuffer, *const u64, *const u64)>,
    ) {
        if !self.references {
            return;
        }
        let end = u64::from(first) + u64::from(count);
        let mask = |n: u64| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let bound = mask(end) & !mask(u64::from(first));
        let mut ranges = [UNKNOWN_RANGE; 32];
        let mut nulls = 0u32;
        if let Some((buffers, offsets, sizes)) = arrays {
            // SAFETY: as the caller promises.
            let (buffers, offsets, sizes) =
                unsafe { (slice(buffers, count), slice(offsets, count), slice(sizes, count)) };
            for (i, (buffer, &offset)) in buffers.iter().zip(offsets).enumerate().take(32) {
                if buffer.as_raw() == 0 {
                    nulls |= 1u32.checked_shl(first.saturating_add(i as u32)).unwrap_or(0);
                }
                let size = sizes.get(i).copied().unwrap_or(VK_WHOLE_SIZE);
                let known = self.get(TYPES.buffer, buffer.as_raw()).and_then(|b| b.buffer()?.info().map(|i| i.size));
                ranges[i] = match (known, size) {
                    (Some(s), VK_WHOLE_SIZE) => s.saturating_sub(offset),
                    (Some(_), size) => size,
                    (None, _) => UNKNOWN_RANGE,
                };
            }
        }
        self.refer_then(cx, |r| {
            r.draw.vertex_bound |= bound;
            r.draw.vertex_null = (r.draw.vertex_null & !bound) | nulls;
            for (i, n) in (first..).take(count as usize).take_while(|&n| n < 32).enumerate() {
                r.draw.vertex_ranges[n as usize] = ranges.get(i).copied().unwrap_or(UNKNOWN_RANGE);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::shaders::Reflection;

    const ATTRIBUTES: &[u8] = include_bytes!("../../../tests/shaders/attributes.vert.spv");
    const TRIANGLE: &[u8] = include_bytes!("../../../tests/shaders/triangle.vert.spv");
    const COMPUTE: &[u8] = include_bytes!("../../../tests/shaders/compute.comp.spv");

    fn inputs(bytes: &[u8], stage: u32) -> u64 {
        let words: Vec<u32> = bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        Reflection::of(&words).entry_point(b"main", stage).expect("main").inputs
    }

    #[test]
    fn a_vertex_shaders_input_locations_and_no_built_ins() {
        // Locations 0 and 2; gl_VertexIndex (triangle.vert) and gl_GlobalInvocationID are
        // built-ins, with no location.
        assert_eq!(inputs(ATTRIBUTES, 0x1), 0b101);
        assert_eq!(inputs(TRIANGLE, 0x1), 0);
        assert_eq!(inputs(COMPUTE, 0x20), 0);
    }
}
