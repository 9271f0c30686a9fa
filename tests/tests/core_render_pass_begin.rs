//! Render pass instances through the real loader on lavapipe: the views a
//! `VkRenderPassAttachmentBeginInfo` gives an imageless framebuffer against the framebuffer's
//! attachment image infos and the render pass's attachments, and a render area that is not
//! empty. Each case: the exact ids of the
//! invalid call (skipped, so it never reaches lavapipe), and its valid neighbour, which reports
//! nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const UNORM: vk::Format = vk::Format::R8G8B8A8_UNORM;
const SRGB: vk::Format = vk::Format::R8G8B8A8_SRGB;
const COLOR: vk::ImageUsageFlags = vk::ImageUsageFlags::COLOR_ATTACHMENT;
const AREA: vk::Rect2D =
    vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 8, height: 8 } };

/// An imageless framebuffer's one attachment image info.
#[derive(Clone, Copy)]
struct Described {
    flags: vk::ImageCreateFlags,
    usage: vk::ImageUsageFlags,
    width: u32,
    height: u32,
    layers: u32,
    formats: &'static [vk::Format],
}

/// What the views of [`Fixture::view`] are made from.
const DESCRIBED: Described = Described {
    flags: vk::ImageCreateFlags::MUTABLE_FORMAT,
    usage: COLOR,
    width: 8,
    height: 8,
    layers: 1,
    formats: &[UNORM, SRGB],
};

/// A view to make: of a 16×16 image of two mip levels and two layers (one mip level and a
/// single sample for a multisampled one), mutable, listing [`DESCRIBED`]'s formats, viewed at
/// mip level 1 (8×8).
#[derive(Clone, Copy)]
struct View {
    usage: vk::ImageUsageFlags,
    /// `VkImageViewUsageCreateInfo`'s, when chained.
    view_usage: Option<vk::ImageUsageFlags>,
    format: vk::Format,
    samples: vk::SampleCountFlags,
    /// A 2D array view of every layer, instead of a 2D view of the first.
    all_layers: bool,
    /// The image's `VkImageFormatListCreateInfo`, when chained.
    list: Option<&'static [vk::Format]>,
}

const VIEW: View = View {
    usage: COLOR,
    view_usage: None,
    format: UNORM,
    samples: vk::SampleCountFlags::TYPE_1,
    all_layers: false,
    list: Some(&[UNORM, SRGB]),
};

struct Fixture {
    ctx: Context,
    /// One R8G8B8A8_UNORM color attachment of one sample.
    render_pass: vk::RenderPass,
    cb: vk::CommandBuffer,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().imageless_framebuffer(true))
            .build_skipping_errors(&entry);
        let render_pass = ctx.color_render_pass(UNORM);
        let pool = ctx.resettable_pool();
        let cb = ctx.recording_primary(pool);
        Fixture { ctx, render_pass, cb }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    /// An imageless framebuffer of the render pass, its one attachment as `a` describes.
    fn framebuffer(&self, a: Described) -> vk::Framebuffer {
        let images = [vk::FramebufferAttachmentImageInfo::default()
            .flags(a.flags)
            .usage(a.usage)
            .width(a.width)
            .height(a.height)
            .layer_count(a.layers)
            .view_formats(a.formats)];
        let mut attachments = vk::FramebufferAttachmentsCreateInfo::default().attachment_image_infos(&images);
        let mut info = vk::FramebufferCreateInfo::default()
            .flags(vk::FramebufferCreateFlags::IMAGELESS)
            .render_pass(self.render_pass)
            .width(8)
            .height(8)
            .layers(1)
            .push_next(&mut attachments);
        info.attachment_count = 1;
        // SAFETY: a valid create info.
        unsafe { self.d().create_framebuffer(&info, None) }.expect("vkCreateFramebuffer")
    }

    /// A view as `v` describes (memory bound; never freed: a short test).
    fn view(&self, v: View) -> vk::ImageView {
        let d = self.d();
        let multisampled = v.samples != vk::SampleCountFlags::TYPE_1;
        let (size, levels) = if multisampled { (8, 1) } else { (16, 2) };
        let mut list = vk::ImageFormatListCreateInfo::default().view_formats(v.list.unwrap_or(&[]));
        let mut image = vk::ImageCreateInfo::default()
            .flags(vk::ImageCreateFlags::MUTABLE_FORMAT)
            .image_type(vk::ImageType::TYPE_2D)
            .format(UNORM)
            .extent(vk::Extent3D { width: size, height: size, depth: 1 })
            .mip_levels(levels)
            .array_layers(2)
            .samples(v.samples)
            .usage(v.usage);
        if v.list.is_some() {
            image = image.push_next(&mut list);
        }
        // SAFETY: valid create infos; memory of a type the image allows.
        unsafe {
            let image = d.create_image(&image, None).expect("vkCreateImage");
            let req = d.get_image_memory_requirements(image);
            let ty = self.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            d.bind_image_memory(image, d.allocate_memory(&alloc, None).expect("vkAllocateMemory"), 0)
                .expect("vkBindImageMemory");
            let (view_type, layers) = match v.all_layers {
                true => (vk::ImageViewType::TYPE_2D_ARRAY, vk::REMAINING_ARRAY_LAYERS),
                false => (vk::ImageViewType::TYPE_2D, 1),
            };
            let range = vk::ImageSubresourceRange::default()
                .aspect_mask(vk::ImageAspectFlags::COLOR)
                .base_mip_level(levels - 1)
                .level_count(1)
                .layer_count(layers);
            let mut usage = vk::ImageViewUsageCreateInfo::default().usage(v.view_usage.unwrap_or(v.usage));
            let mut info = vk::ImageViewCreateInfo::default()
                .image(image)
                .view_type(view_type)
                .format(v.format)
                .subresource_range(range);
            if v.view_usage.is_some() {
                info = info.push_next(&mut usage);
            }
            d.create_image_view(&info, None).expect("vkCreateImageView")
        }
    }

    /// The ids vkCmdBeginRenderPass (`two`: vkCmdBeginRenderPass2) reports beginning the render
    /// pass with `framebuffer` and `view` over `area`; a begin that reports nothing is ended.
    fn begin(&self, (framebuffer, view): (vk::Framebuffer, vk::ImageView), area: vk::Rect2D, two: bool) -> Vec<String> {
        let views = [view];
        let mut a = vk::RenderPassAttachmentBeginInfo::default().attachments(&views);
        let info = vk::RenderPassBeginInfo::default()
            .render_pass(self.render_pass)
            .framebuffer(framebuffer)
            .render_area(area)
            .push_next(&mut a);
        let (d, cb) = (self.d(), self.cb);
        let contents = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
        // SAFETY: a recording primary; invalid calls are skipped by Vigil.
        let ids = self.ctx.messages.problem_ids_of(|| unsafe {
            match two {
                true => d.cmd_begin_render_pass2(cb, &info, &contents),
                false => d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE),
            }
        });
        if ids.is_empty() {
            // SAFETY: the render pass instance just begun.
            unsafe { d.cmd_end_render_pass(cb) };
        }
        ids
    }

    /// [`begin`](Self::begin) with a framebuffer described by `a` and a view made as `v`, with
    /// both begin commands: the ids, which must be the same.
    fn ids(&self, a: Described, v: View) -> Vec<String> {
        let objects = (self.framebuffer(a), self.view(v));
        let one = self.begin(objects, AREA, false);
        assert_eq!(one, self.begin(objects, AREA, true), "vkCmdBeginRenderPass2");
        one
    }
}

#[test]
fn imageless_views_match_the_image_infos_of_the_framebuffer() {
    let f = Fixture::new();
    assert_eq!(f.ids(DESCRIBED, VIEW), NONE);
    // Flags.
    let unflagged = Described { flags: vk::ImageCreateFlags::empty(), ..DESCRIBED };
    assert_eq!(f.ids(unflagged, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-03209"]);
    // Usage: the image's, or the view's own (VkImageViewUsageCreateInfo).
    let sampled = Described { usage: COLOR | vk::ImageUsageFlags::SAMPLED, ..DESCRIBED };
    assert_eq!(f.ids(sampled, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-04627"]);
    let sampled_image = View { usage: COLOR | vk::ImageUsageFlags::SAMPLED, ..VIEW };
    assert_eq!(f.ids(sampled, sampled_image), NONE);
    let color_view = View { view_usage: Some(COLOR), ..sampled_image };
    assert_eq!(f.ids(sampled, color_view), ["VUID-VkRenderPassBeginInfo-framebuffer-04627"]);
    assert_eq!(f.ids(DESCRIBED, color_view), NONE);
    // Width and height of the viewed mip level (level 1 of 16×16).
    let wide = Described { width: 16, ..DESCRIBED };
    assert_eq!(f.ids(wide, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-03211"]);
    let tall = Described { height: 16, ..DESCRIBED };
    assert_eq!(f.ids(tall, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-03212"]);
    // Layers: VK_REMAINING_ARRAY_LAYERS counts the image's two.
    let array = View { all_layers: true, ..VIEW };
    assert_eq!(f.ids(DESCRIBED, array), ["VUID-VkRenderPassBeginInfo-framebuffer-03213"]);
    assert_eq!(f.ids(Described { layers: 2, ..DESCRIBED }, array), NONE);
}

#[test]
fn imageless_views_match_view_formats_format_and_samples() {
    let f = Fixture::new();
    // The view format list: its count, and its set (order and repeats aside).
    let repeated = Described { formats: &[UNORM, SRGB, SRGB], ..DESCRIBED };
    assert_eq!(f.ids(repeated, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-03214"]);
    let other = Described { formats: &[UNORM, vk::Format::B8G8R8A8_UNORM], ..DESCRIBED };
    assert_eq!(f.ids(other, VIEW), ["VUID-VkRenderPassBeginInfo-framebuffer-03215"]);
    assert_eq!(f.ids(Described { formats: &[SRGB, UNORM], ..DESCRIBED }, VIEW), NONE);
    // An image made without a list is not compared.
    assert_eq!(f.ids(repeated, View { list: None, ..VIEW }), NONE);
    // The view's format against the render pass's attachment.
    let srgb = View { format: SRGB, ..VIEW };
    assert_eq!(f.ids(DESCRIBED, srgb), ["VUID-VkRenderPassBeginInfo-framebuffer-03216"]);
    // The image's samples against the attachment's.
    let four = View { samples: vk::SampleCountFlags::TYPE_4, ..VIEW };
    assert_eq!(f.ids(DESCRIBED, four), ["VUID-VkRenderPassBeginInfo-framebuffer-09047"]);
}

#[test]
fn render_areas_are_not_empty() {
    let f = Fixture::new();
    let objects = (f.framebuffer(DESCRIBED), f.view(VIEW));
    let sized = |width, height| vk::Rect2D { extent: vk::Extent2D { width, height }, ..AREA };
    for two in [false, true] {
        assert_eq!(f.begin(objects, sized(0, 8), two), ["VUID-VkRenderPassBeginInfo-None-08996"]);
        assert_eq!(f.begin(objects, sized(8, 0), two), ["VUID-VkRenderPassBeginInfo-None-08997"]);
        assert_eq!(f.begin(objects, sized(1, 1), two), NONE);
    }
}
