//! vkCreateFramebuffer's attachments against the render pass and their image views, through the
//! real loader on lavapipe: usage for each role, format, samples, size, layers, one mip level and
//! the identity swizzle. Each case: the exact ids of the invalid creation (skipped, so it never
//! reaches lavapipe), and its valid neighbour, which reports nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const UNORM: vk::Format = vk::Format::R8G8B8A8_UNORM;
const DEPTH: vk::Format = vk::Format::D32_SFLOAT;

/// An image view to make.
#[derive(Clone, Copy)]
struct View {
    format: vk::Format,
    usage: vk::ImageUsageFlags,
    samples: vk::SampleCountFlags,
    levels: u32,
    swizzle: vk::ComponentSwizzle,
}

const COLOR: View = View {
    format: UNORM,
    usage: vk::ImageUsageFlags::COLOR_ATTACHMENT,
    samples: vk::SampleCountFlags::TYPE_1,
    levels: 1,
    swizzle: vk::ComponentSwizzle::IDENTITY,
};
const DEPTH_VIEW: View = View { format: DEPTH, usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT, ..COLOR };
const INPUT_VIEW: View = View { usage: vk::ImageUsageFlags::INPUT_ATTACHMENT, ..COLOR };

struct Fixture {
    ctx: Context,
    /// Subpass 0: attachment 0 as color, 1 as depth, 2 as input.
    render_pass: vk::RenderPass,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build_skipping_errors(&entry);
        let description = |format| {
            vk::AttachmentDescription::default()
                .format(format)
                .samples(vk::SampleCountFlags::TYPE_1)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE)
                .initial_layout(vk::ImageLayout::UNDEFINED)
                .final_layout(vk::ImageLayout::GENERAL)
        };
        let attachments = [description(UNORM), description(DEPTH), description(UNORM)];
        let color = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let depth =
            vk::AttachmentReference { attachment: 1, layout: vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
        let input = [vk::AttachmentReference { attachment: 2, layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL }];
        let subpasses = [vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&color)
            .depth_stencil_attachment(&depth)
            .input_attachments(&input)];
        let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
        // SAFETY: a valid create info.
        let render_pass = unsafe { ctx.device.create_render_pass(&info, None) }.expect("vkCreateRenderPass");
        Fixture { ctx, render_pass }
    }

    /// A view of a new 64×64 image as `v` describes (memory bound, never freed: a short test).
    fn view(&self, v: View) -> vk::ImageView {
        let aspect = if v.format == DEPTH { vk::ImageAspectFlags::DEPTH } else { vk::ImageAspectFlags::COLOR };
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(v.format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(v.levels)
            .array_layers(1)
            .samples(v.samples)
            .usage(v.usage);
        self.ctx.image_view(&image, aspect, vk::ComponentMapping { r: v.swizzle, ..Default::default() })
    }

    /// vkCreateFramebuffer with views of `views` (color, depth, input), `size` and `layers`.
    fn ids(&self, views: [View; 3], size: u32, layers: u32) -> Vec<String> {
        let attachments = views.map(|v| self.view(v));
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(self.render_pass)
            .attachments(&attachments)
            .width(size)
            .height(size)
            .layers(layers);
        let d = &self.ctx.device;
        self.ctx.messages.problem_ids_of(|| {
            // SAFETY: the create info; an invalid one is skipped by Vigil.
            if let Ok(fb) = unsafe { d.create_framebuffer(&info, None) } {
                // SAFETY: unused.
                unsafe { d.destroy_framebuffer(fb, None) };
            }
        })
    }
}

#[test]
fn framebuffer_attachments() {
    let f = Fixture::new();
    let good = [COLOR, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(good, 64, 1), NONE);
    assert_eq!(f.ids(good, 32, 1), NONE);

    let sampled = vk::ImageUsageFlags::SAMPLED;
    let color_sampled = [View { usage: sampled, ..COLOR }, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(color_sampled, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00877"]);
    let depth_sampled = [COLOR, View { usage: sampled, ..DEPTH_VIEW }, INPUT_VIEW];
    assert_eq!(f.ids(depth_sampled, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-02633"]);
    let input_color = [COLOR, DEPTH_VIEW, COLOR];
    assert_eq!(f.ids(input_color, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00879"]);

    let srgb = [View { format: vk::Format::R8G8B8A8_SRGB, ..COLOR }, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(srgb, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00880"]);
    let four = [View { samples: vk::SampleCountFlags::TYPE_4, ..COLOR }, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(four, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00881"]);

    assert_eq!(
        f.ids(good, 65, 1),
        ["VUID-VkFramebufferCreateInfo-flags-04533", "VUID-VkFramebufferCreateInfo-flags-04534"].repeat(3)
    );
    assert_eq!(f.ids(good, 64, 2), ["VUID-VkFramebufferCreateInfo-flags-04535"].repeat(3));

    let levels = [View { levels: 2, ..COLOR }, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(levels, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00883"]);
    let swizzled = [View { swizzle: vk::ComponentSwizzle::G, ..COLOR }, DEPTH_VIEW, INPUT_VIEW];
    assert_eq!(f.ids(swizzled, 64, 1), ["VUID-VkFramebufferCreateInfo-pAttachments-00884"]);
}
