//! vkCmdBeginRenderPass(2)'s framebuffer attachments named with a depth-only or stencil-only
//! layout (DEPTH_ATTACHMENT_OPTIMAL, DEPTH_READ_ONLY_OPTIMAL, STENCIL_ATTACHMENT_OPTIMAL,
//! STENCIL_READ_ONLY_OPTIMAL, as an initial, final or reference layout): their views need the
//! depth/stencil attachment usage (`-02842`, `-02844`). The render pass's other layouts' usages
//! are `framebuffers.rs`'s. Imageless framebuffers' views are not judged here.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::state::TYPES;

impl CoreChecks {
    /// The begin's framebuffer views named with a depth-only or stencil-only layout, against
    /// their usage (`vuid`: the command's id). True to skip the call.
    ///
    /// # Safety
    /// `info` must be NULL or the begin info the application passed (stateless checked it).
    pub(super) unsafe fn aspect_layout_usage(
        &self,
        cx: &Call<'_>,
        vuid: &'static str,
        info: *const VkRenderPassBeginInfo,
    ) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let Some(rp) = self.get(TYPES.render_pass, info.renderPass.as_raw()) else { return false };
        let Some(rp) = rp.render_pass() else { return false };
        let Some(fb) = self.get(TYPES.framebuffer, info.framebuffer.as_raw()) else { return false };
        let Some(fb) = fb.framebuffer() else { return false };
        let needs = VkImageUsageFlags::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0;
        let root = cx.location();
        let at = root.dot("pRenderPassBegin");
        let at = at.arrow("framebuffer");
        let mut skip = false;
        for (i, view) in fb.views().iter().enumerate() {
            if rp.aspect_layout(i) != Some(true) {
                continue;
            }
            let Some(usage) = view.image_view().and_then(|v| v.view_info()).and_then(|v| v.usage) else { continue };
            if usage & needs == 0 {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "({:#x}) has attachment {i} ({:#x}) with usage {usage:#x}, without \
                         VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, but the render pass names a depth-only or \
                         stencil-only layout for it.",
                        info.framebuffer.as_raw(),
                        view.key.handle
                    ),
                );
            }
        }
        skip
    }
}
