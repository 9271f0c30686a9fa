//! vkCmdBeginRendering's attachments against their image views, through the real loader on
//! lavapipe: the usage each attachment needs, color attachments of one sample count, views
//! large enough for the render area, and the render area within the framebuffer limits. Each
//! case: the exact ids of the invalid begin (skipped, so it never reaches lavapipe), and its
//! valid neighbour, which reports nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
}

/// One attachment: a view of a new 64×64 image.
#[derive(Clone, Copy)]
struct Target {
    format: vk::Format,
    usage: vk::ImageUsageFlags,
    samples: vk::SampleCountFlags,
}

const COLOR: Target = Target {
    format: vk::Format::R8G8B8A8_UNORM,
    usage: vk::ImageUsageFlags::COLOR_ATTACHMENT,
    samples: vk::SampleCountFlags::TYPE_1,
};

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .build_skipping_errors(&entry);
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
        // SAFETY: a valid create info.
        let pool = unsafe { ctx.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool");
        Fixture { ctx, pool }
    }

    /// A view of a new 64×64 image of `t` (its memory is not freed: the test is short).
    fn view(&self, t: Target) -> vk::ImageView {
        let aspect = match t.format {
            vk::Format::D32_SFLOAT => vk::ImageAspectFlags::DEPTH,
            vk::Format::D32_SFLOAT_S8_UINT => vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL,
            _ => vk::ImageAspectFlags::COLOR,
        };
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(t.format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(t.samples)
            .usage(t.usage);
        self.ctx.image_view(&image, aspect, Default::default())
    }

    /// Begins rendering with `colors`, `depth` and `stencil` views over `area`: the ids reported.
    fn begin(
        &self,
        colors: &[vk::ImageView],
        depth: Option<vk::ImageView>,
        stencil: Option<vk::ImageView>,
        area: vk::Rect2D,
    ) -> Vec<String> {
        let d = &self.ctx.device;
        let attachment = |v: vk::ImageView, layout| {
            vk::RenderingAttachmentInfo::default()
                .image_view(v)
                .image_layout(layout)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE)
        };
        let colors: Vec<_> = colors.iter().map(|&v| attachment(v, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)).collect();
        let ds = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
        let (depth, stencil) = (depth.map(|v| attachment(v, ds)), stencil.map(|v| attachment(v, ds)));
        let mut info = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&colors);
        if let Some(a) = depth.as_ref() {
            info = info.depth_attachment(a);
        }
        if let Some(a) = stencil.as_ref() {
            info = info.stencil_attachment(a);
        }
        // SAFETY: a command buffer recorded and freed, never submitted; an invalid begin is
        // skipped by Vigil, a valid one ended.
        unsafe {
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let ids = self.ctx.messages.problem_ids_of(|| d.cmd_begin_rendering(cb, &info));
            if ids.is_empty() {
                d.cmd_end_rendering(cb);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            ids
        }
    }
}

fn area(x: i32, y: i32, width: u32, height: u32) -> vk::Rect2D {
    vk::Rect2D { offset: vk::Offset2D { x, y }, extent: vk::Extent2D { width, height } }
}

#[test]
fn rendering_attachments() {
    let f = Fixture::new();
    let color = f.view(COLOR);
    let whole = area(0, 0, 64, 64);
    assert_eq!(f.begin(&[color], None, None, whole), NONE);

    // The render area inside the views, then one texel past them.
    assert_eq!(f.begin(&[color], None, None, area(32, 32, 32, 32)), NONE);
    assert_eq!(f.begin(&[color], None, None, area(1, 0, 64, 64)), ["VUID-VkRenderingInfo-pNext-06079"]);
    assert_eq!(f.begin(&[color], None, None, area(0, 0, 64, 65)), ["VUID-VkRenderingInfo-pNext-06080"]);

    // With no attachments, the render area within the framebuffer limits.
    // SAFETY: a physical device of the instance.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let (w, h) = (limits.max_framebuffer_width, limits.max_framebuffer_height);
    assert_eq!(f.begin(&[], None, None, area(0, 0, w, h)), NONE);
    assert_eq!(f.begin(&[], None, None, area(1, 0, w, h)), ["VUID-VkRenderingInfo-pNext-07815"]);
    assert_eq!(f.begin(&[], None, None, area(0, 1, w, h)), ["VUID-VkRenderingInfo-pNext-07816"]);

    // Each attachment created with the usage it needs.
    let sampled = f.view(Target { usage: vk::ImageUsageFlags::SAMPLED, ..COLOR });
    assert_eq!(f.begin(&[sampled], None, None, whole), ["VUID-VkRenderingInfo-colorAttachmentCount-06087"]);
    let ds = Target {
        format: vk::Format::D32_SFLOAT_S8_UINT,
        usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        samples: vk::SampleCountFlags::TYPE_1,
    };
    let depth_stencil = f.view(ds);
    assert_eq!(f.begin(&[color], Some(depth_stencil), Some(depth_stencil), whole), NONE);
    let sampled_ds = f.view(Target { usage: vk::ImageUsageFlags::SAMPLED, ..ds });
    assert_eq!(
        f.begin(&[color], Some(sampled_ds), Some(sampled_ds), whole),
        ["VUID-VkRenderingInfo-pDepthAttachment-06088", "VUID-VkRenderingInfo-pStencilAttachment-06089"]
    );

    // Color attachments of one sample count, then of two.
    let color4 = f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..COLOR });
    let other4 = f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..COLOR });
    assert_eq!(f.begin(&[color4, other4], None, None, whole), NONE);
    assert_eq!(f.begin(&[color, color4], None, None, whole), ["VUID-VkRenderingInfo-imageView-09429"]);
}
