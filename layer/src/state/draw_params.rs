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

use super::pipelines::{PipelineDesc, ShaderUses};
use super::tracker::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use vigil_generated::objects::COMMAND_HANDLES;

/// `VK_DYNAMIC_STATE_VERTEX_INPUT_EXT`.
const DYNAMIC_VERTEX_INPUT: i32 = 1_000_352_000;

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

/// A graphics pipeline create info's vertex attributes, when its vertex input state is static
/// and given (`libraries`: its state may come from pipeline libraries).
///
/// # Safety
/// `info` must be a create info the application passed to a call that returned.
pub unsafe fn vertex_attributes(
    info: &VkGraphicsPipelineCreateInfo,
    libraries: bool,
) -> Option<&[VkVertexInputAttributeDescription]> {
    if libraries {
        return None;
    }
    // SAFETY: a valid create info's dynamic state and vertex input state, when not null.
    unsafe {
        if let Some(d) = info.pDynamicState.as_ref() {
            if slice(d.pDynamicStates, d.dynamicStateCount).iter().any(|s| s.0 == DYNAMIC_VERTEX_INPUT) {
                return None;
            }
        }
        let input = info.pVertexInputState.as_ref()?;
        Some(slice(input.pVertexAttributeDescriptions, input.vertexAttributeDescriptionCount))
    }
}

/// The bindings (bit n for n < 32) the attributes of `desc` feed to the vertex shader's inputs
/// in `uses`; `None` when either is unknown, or an attribute the shader reads names a binding
/// of 32 or more.
pub fn vertex_bindings(desc: &PipelineDesc<'_>, uses: &ShaderUses) -> Option<u32> {
    let (attributes, inputs) = (desc.vertex_attributes?, uses.vertex_inputs?);
    let mut read = 0u32;
    for a in attributes.iter().filter(|a| a.location < 64 && inputs & 1 << a.location != 0) {
        read |= 1u32.checked_shl(a.binding)?;
    }
    Some(read)
}

impl StateTracker {
    /// vkCmdBindVertexBuffers(2) or vkCmdBindVertexBuffers3KHR bound `count` bindings from
    /// `first`: its references, and the bindings now bound. Only while recordings keep their
    /// references.
    pub(in crate::state) fn vertex_buffers_bound(&self, cx: &Call<'_>, first: u32, count: u32) {
        let end = u64::from(first) + u64::from(count);
        let mask = |n: u64| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let bound = mask(end) & !mask(u64::from(first));
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| r.draw.vertex_bound |= bound);
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
