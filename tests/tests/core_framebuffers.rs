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
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .attachment_feedback_loop_layout()
            .build_skipping_errors(&entry);
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

/// One process, one loader environment: every case runs from here.
#[test]
fn framebuffers() {
    let f = Fixture::new();
    framebuffer_attachments(&f);
    depth_stencil_resolve_attachment_usage(&f);
    begin_render_pass_attachment_usage_for_layouts(&f);
}

/// A render pass 2 resolving a 4-sample depth attachment into a single-sample one: the resolve
/// attachment's view needs VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.
fn depth_stencil_resolve_attachment_usage(f: &Fixture) {
    let d = &f.ctx.device;
    let description = |samples| {
        vk::AttachmentDescription2::default()
            .format(DEPTH)
            .samples(samples)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
    };
    let attachments = [description(vk::SampleCountFlags::TYPE_4), description(vk::SampleCountFlags::TYPE_1)];
    let reference = |attachment| {
        vk::AttachmentReference2::default()
            .attachment(attachment)
            .layout(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
            .aspect_mask(vk::ImageAspectFlags::DEPTH)
    };
    let (depth, resolve) = (reference(0), reference(1));
    let mut resolving = vk::SubpassDescriptionDepthStencilResolve::default()
        .depth_resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
        .stencil_resolve_mode(vk::ResolveModeFlags::NONE)
        .depth_stencil_resolve_attachment(&resolve);
    let subpasses = [vk::SubpassDescription2::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .depth_stencil_attachment(&depth)
        .push_next(&mut resolving)];
    let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&subpasses);
    // SAFETY: a valid create info (lavapipe resolves depth with SAMPLE_ZERO).
    let render_pass = unsafe { d.create_render_pass2(&info, None) }.expect("vkCreateRenderPass2");
    let multisampled = f.view(View { samples: vk::SampleCountFlags::TYPE_4, ..DEPTH_VIEW });
    let ids = |usage| {
        let attachments = [multisampled, f.view(View { usage, ..DEPTH_VIEW })];
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&attachments)
            .width(64)
            .height(64)
            .layers(1);
        f.ctx.messages.problem_ids_of(|| {
            // SAFETY: the create info; an invalid one is skipped by Vigil.
            if let Ok(fb) = unsafe { d.create_framebuffer(&info, None) } {
                // SAFETY: unused.
                unsafe { d.destroy_framebuffer(fb, None) };
            }
        })
    };
    assert_eq!(ids(vk::ImageUsageFlags::SAMPLED), ["VUID-VkFramebufferCreateInfo-pAttachments-02634"]);
    assert_eq!(ids(vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT), NONE);
    // SAFETY: no framebuffer of it is left.
    unsafe { d.destroy_render_pass(render_pass, None) };
}

fn framebuffer_attachments(f: &Fixture) {
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

/// How the one attachment of a begin case is used, its final layout and its view's usage.
struct Begin {
    format: vk::Format,
    input: bool,
    final_layout: vk::ImageLayout,
    usage: vk::ImageUsageFlags,
}

impl Fixture {
    /// vkCmdBeginRenderPass (or vkCmdBeginRenderPass2 with `two`) of a one-attachment render pass
    /// as `b` describes, with a framebuffer of a view with `b.usage`: the ids the begin reports.
    fn begin_ids(&self, b: &Begin, two: bool) -> Vec<String> {
        let d = &self.ctx.device;
        let depth = b.format == DEPTH;
        let attachments = [vk::AttachmentDescription::default()
            .format(b.format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(b.final_layout)];
        let input_layout = if depth {
            vk::ImageLayout::DEPTH_STENCIL_READ_ONLY_OPTIMAL
        } else {
            vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL
        };
        let input = [vk::AttachmentReference { attachment: 0, layout: input_layout }];
        let color = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS);
        let subpass = if b.input { subpass.input_attachments(&input) } else { subpass.color_attachments(&color) };
        let subpasses = [subpass];
        let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
        let aspect = if depth { vk::ImageAspectFlags::DEPTH } else { vk::ImageAspectFlags::COLOR };
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(b.format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(b.usage);
        let view = [self.ctx.image_view(&image, aspect, Default::default())];
        // SAFETY: valid create infos; a command buffer recorded and freed, never submitted; an
        // invalid begin is skipped by Vigil, a valid one ended.
        unsafe {
            let render_pass = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
            let fb_info = vk::FramebufferCreateInfo::default()
                .render_pass(render_pass)
                .attachments(&view)
                .width(64)
                .height(64)
                .layers(1);
            let framebuffer = d.create_framebuffer(&fb_info, None).expect("vkCreateFramebuffer");
            let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(self.ctx.queue_family);
            let pool = d.create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let begin = vk::RenderPassBeginInfo::default()
                .render_pass(render_pass)
                .framebuffer(framebuffer)
                .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() });
            let contents = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
            let ids = self.ctx.messages.problem_ids_of(|| {
                if two {
                    d.cmd_begin_render_pass2(cb, &begin, &contents);
                } else {
                    d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
                }
            });
            if ids.is_empty() {
                d.cmd_end_render_pass(cb);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.destroy_command_pool(pool, None);
            d.destroy_framebuffer(framebuffer, None);
            d.destroy_render_pass(render_pass, None);
            ids
        }
    }
}

fn begin_render_pass_attachment_usage_for_layouts(f: &Fixture) {
    use vk::ImageLayout as L;
    use vk::ImageUsageFlags as U;
    // (attachment, the usage its final layout needs, the ids of vkCmdBeginRenderPass and ...2)
    let cases = [
        (
            Begin { format: UNORM, input: true, final_layout: L::COLOR_ATTACHMENT_OPTIMAL, usage: U::INPUT_ATTACHMENT },
            U::COLOR_ATTACHMENT,
            ["VUID-vkCmdBeginRenderPass-initialLayout-00895", "VUID-vkCmdBeginRenderPass2-initialLayout-03094"],
        ),
        (
            Begin {
                format: DEPTH,
                input: true,
                final_layout: L::DEPTH_STENCIL_READ_ONLY_OPTIMAL,
                usage: U::INPUT_ATTACHMENT,
            },
            U::DEPTH_STENCIL_ATTACHMENT,
            ["VUID-vkCmdBeginRenderPass-initialLayout-01758", "VUID-vkCmdBeginRenderPass2-initialLayout-03096"],
        ),
        (
            Begin {
                format: UNORM,
                input: false,
                final_layout: L::SHADER_READ_ONLY_OPTIMAL,
                usage: U::COLOR_ATTACHMENT,
            },
            U::SAMPLED,
            ["VUID-vkCmdBeginRenderPass-initialLayout-00897", "VUID-vkCmdBeginRenderPass2-initialLayout-03097"],
        ),
        (
            Begin { format: UNORM, input: false, final_layout: L::TRANSFER_SRC_OPTIMAL, usage: U::COLOR_ATTACHMENT },
            U::TRANSFER_SRC,
            ["VUID-vkCmdBeginRenderPass-initialLayout-00898", "VUID-vkCmdBeginRenderPass2-initialLayout-03098"],
        ),
        (
            Begin { format: UNORM, input: false, final_layout: L::TRANSFER_DST_OPTIMAL, usage: U::COLOR_ATTACHMENT },
            U::TRANSFER_DST,
            ["VUID-vkCmdBeginRenderPass-initialLayout-00899", "VUID-vkCmdBeginRenderPass2-initialLayout-03099"],
        ),
    ];
    for (b, needs, ids) in cases {
        for (two, id) in [(false, ids[0]), (true, ids[1])] {
            assert_eq!(f.begin_ids(&b, two), [id], "{id}");
            let enough = Begin { usage: b.usage | needs, ..b };
            assert_eq!(f.begin_ids(&enough, two), NONE, "{id}");
        }
    }
    // The attachment feedback loop layout: an attachment usage with a shader read usage, and the
    // feedback loop usage.
    let feedback =
        |usage| Begin { format: UNORM, input: false, final_layout: L::ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT, usage };
    let ids = [
        ["VUID-vkCmdBeginRenderPass-initialLayout-07000", "VUID-vkCmdBeginRenderPass-initialLayout-07001"],
        ["VUID-vkCmdBeginRenderPass2-initialLayout-07002", "VUID-vkCmdBeginRenderPass2-initialLayout-07003"],
    ];
    for (two, [reads, loop_usage]) in [(false, ids[0]), (true, ids[1])] {
        let all = U::COLOR_ATTACHMENT | U::SAMPLED | U::ATTACHMENT_FEEDBACK_LOOP_EXT;
        assert_eq!(f.begin_ids(&feedback(all & !U::SAMPLED), two), [reads], "{reads}");
        assert_eq!(f.begin_ids(&feedback(all & !U::ATTACHMENT_FEEDBACK_LOOP_EXT), two), [loop_usage], "{loop_usage}");
        assert_eq!(f.begin_ids(&feedback(all), two), NONE, "{reads}");
        assert_eq!(
            f.begin_ids(&feedback(U::COLOR_ATTACHMENT | U::INPUT_ATTACHMENT | U::ATTACHMENT_FEEDBACK_LOOP_EXT), two),
            NONE
        );
    }
}
