//! vkCmdSetRenderingAttachmentLocations and vkCmdSetRenderingInputAttachmentIndices inside the
//! render pass instance they map: one vkCmdBeginRendering began in the same command buffer, with
//! as many color attachments as the mapping names.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::RenderPassInstance;

/// The ids of one mapping command: the count rule, the same-command-buffer rule, and the name
/// of its info parameter.
pub(super) struct MappingIds {
    pub count: &'static str,
    pub here: &'static str,
    pub info: &'static str,
}

pub(super) const LOCATIONS: MappingIds = MappingIds {
    count: "VUID-vkCmdSetRenderingAttachmentLocations-pLocationInfo-09510",
    here: "VUID-vkCmdSetRenderingAttachmentLocations-commandBuffer-09511",
    info: "pLocationInfo",
};

pub(super) const INPUTS: MappingIds = MappingIds {
    count: "VUID-vkCmdSetRenderingInputAttachmentIndices-pInputAttachmentIndexInfo-09517",
    here: "VUID-vkCmdSetRenderingInputAttachmentIndices-commandBuffer-09518",
    info: "pInputAttachmentIndexInfo",
};

impl CoreChecks {
    /// A mapping of `count` color attachments (`None`: no info passed) recorded in `cb`: true
    /// to skip the call.
    pub(super) fn mapping_set(&self, cx: &Call<'_>, cb: VkCommandBuffer, count: Option<u32>, ids: &MappingIds) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let h = cb.as_raw();
            match r.instance {
                Some(RenderPassInstance::Rendering { colors, .. }) => match count.filter(|&n| n != colors) {
                    Some(n) => cx.error(
                        ids.count,
                        &root.dot(ids.info),
                        format_args!(
                            "has colorAttachmentCount {n}, but the vkCmdBeginRendering that began the current render \
                             pass instance has {colors} color attachments."
                        ),
                    ),
                    None => false,
                },
                // Outside any instance: the command's render pass rule says so.
                None if !r.in_render_pass => false,
                other => {
                    let why = match other {
                        Some(RenderPassInstance::RenderPass { .. }) => "was begun with vkCmdBeginRenderPass",
                        _ => "is one the secondary continues, begun in another command buffer",
                    };
                    cx.error(
                        ids.here,
                        &root.dot("commandBuffer"),
                        format_args!(
                            "({h:#x}): the current render pass instance {why}, not by vkCmdBeginRendering in this \
                             command buffer."
                        ),
                    )
                }
            }
        })
    }
}
