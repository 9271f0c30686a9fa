//! Image layouts through the real loader on lavapipe: the layouts render pass creation may name
//! (by attachment format, with separate stencil layouts, against the features), separate depth
//! and stencil layouts followed through per-aspect barriers and render pass instances, and
//! swapchain images' layouts (on a headless surface, `VK_EXT_headless_surface`) followed from
//! their retrieval to their presentation. Each case: the exact ids of the invalid call (skipped,
//! so it never reaches lavapipe), and its valid neighbour, which reports nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

use vk::ImageLayout as L;

#[path = "core_layouts/render_passes.rs"]
mod render_passes;

const NONE: [&str; 0] = [];

/// A context with `VK_KHR_swapchain` on a headless-surface instance; `features`: whether
/// separateDepthStencilLayouts and synchronization2 are enabled.
fn context(features: bool) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let mut b = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .instance_extensions(&[c"VK_KHR_surface", c"VK_EXT_headless_surface"])
        .device_extensions(&[c"VK_KHR_swapchain"]);
    if features {
        b = b
            .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().separate_depth_stencil_layouts(true))
            .vulkan13_features(
                vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).dynamic_rendering(true),
            );
    }
    b.build_skipping_errors(&entry)
}

const COLOR: vk::Format = vk::Format::R8G8B8A8_UNORM;
const DEPTH: vk::Format = vk::Format::D32_SFLOAT;
const STENCIL: vk::Format = vk::Format::S8_UINT;
const BOTH: vk::Format = vk::Format::D32_SFLOAT_S8_UINT;

fn is_color(f: vk::Format) -> bool {
    ![DEPTH, STENCIL, BOTH, vk::Format::D24_UNORM_S8_UINT].contains(&f)
}

/// A valid attachment of `format`.
/// Command buffers of one pool, recorded and submitted one at a time.
struct Recorder<'a> {
    ctx: &'a Context,
    pool: vk::CommandPool,
}

impl<'a> Recorder<'a> {
    fn new(ctx: &'a Context) -> Self {
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
        // SAFETY: plain creation.
        let pool = unsafe { ctx.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool");
        Recorder { ctx, pool }
    }

    /// A new primary command buffer, recording.
    fn begin(&self) -> vk::CommandBuffer {
        let d = &self.ctx.device;
        let info = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1);
        // SAFETY: a live pool; a new command buffer.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            cb
        }
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.problem_ids_of(call)
    }

    /// Ends `cb` and submits it: the ids of the submission; a submission Vigil let through is
    /// waited for.
    fn submit(&self, cb: vk::CommandBuffer) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: a recording command buffer of this device.
        unsafe { d.end_command_buffer(cb) }.expect("vkEndCommandBuffer");
        let cbs = [cb];
        let mut submitted = false;
        let ids = self.ids(|| {
            let submit = [vk::SubmitInfo::default().command_buffers(&cbs)];
            // SAFETY: an executable command buffer; an invalid submission is skipped by Vigil.
            submitted = unsafe { d.queue_submit(self.ctx.queue, &submit, vk::Fence::null()) }.is_ok();
        });
        if submitted {
            // SAFETY: this device's queue.
            unsafe { d.queue_wait_idle(self.ctx.queue) }.expect("vkQueueWaitIdle");
        }
        ids
    }

    /// vkCmdPipelineBarrier moving `aspect` of `image` (its first level and layer) from `old` to
    /// `new`: the ids.
    fn barrier(
        &self,
        cb: vk::CommandBuffer,
        image: vk::Image,
        aspect: vk::ImageAspectFlags,
        old: L,
        new: L,
    ) -> Vec<String> {
        let barrier = vk::ImageMemoryBarrier::default()
            .image(image)
            .old_layout(old)
            .new_layout(new)
            .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
            .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .subresource_range(vk::ImageSubresourceRange::default().aspect_mask(aspect).level_count(1).layer_count(1));
        self.ids(|| {
            // SAFETY: a recording command buffer; an invalid barrier is skipped by Vigil.
            unsafe {
                self.ctx.device.cmd_pipeline_barrier(
                    cb,
                    vk::PipelineStageFlags::ALL_COMMANDS,
                    vk::PipelineStageFlags::ALL_COMMANDS,
                    vk::DependencyFlags::empty(),
                    &[],
                    &[],
                    &[barrier],
                )
            }
        })
    }
}

impl Drop for Recorder<'_> {
    fn drop(&mut self) {
        // SAFETY: idle first; nothing uses the pool's command buffers any more.
        unsafe {
            let _ = self.ctx.device.device_wait_idle();
            self.ctx.device.destroy_command_pool(self.pool, None);
        }
    }
}

/// A 16x16 image of `format` with `samples` and `usage`, bound to memory, and a view of
/// `aspect` of it.
fn new_image(
    ctx: &Context,
    (format, samples): (vk::Format, vk::SampleCountFlags),
    usage: vk::ImageUsageFlags,
    aspect: vk::ImageAspectFlags,
) -> (vk::Image, vk::ImageView) {
    let d = &ctx.device;
    let info = vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format)
        .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(samples)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(usage)
        .initial_layout(L::UNDEFINED);
    // SAFETY: a valid create info; memory of a type the image allows.
    unsafe {
        let image = d.create_image(&info, None).expect("vkCreateImage");
        let req = d.get_image_memory_requirements(image);
        let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let memory = d
            .allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty), None)
            .expect("vkAllocateMemory");
        d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
        (image, view(ctx, image, format, aspect))
    }
}

fn view(ctx: &Context, image: vk::Image, format: vk::Format, aspect: vk::ImageAspectFlags) -> vk::ImageView {
    let info = vk::ImageViewCreateInfo::default()
        .image(image)
        .view_type(vk::ImageViewType::TYPE_2D)
        .format(format)
        .subresource_range(vk::ImageSubresourceRange::default().aspect_mask(aspect).level_count(1).layer_count(1));
    // SAFETY: a view of a live image.
    unsafe { ctx.device.create_image_view(&info, None) }.expect("vkCreateImageView")
}

/// A one-attachment render pass (version 2) for a depth/stencil `format`: both aspects loaded,
/// the depth aspect from DEPTH_ATTACHMENT_OPTIMAL to DEPTH_READ_ONLY_OPTIMAL, the stencil aspect
/// from `stencil_initial` to STENCIL_READ_ONLY_OPTIMAL.
fn separate_render_pass(ctx: &Context, format: vk::Format, stencil_initial: L) -> vk::RenderPass {
    let mut stencil = vk::AttachmentDescriptionStencilLayout::default()
        .stencil_initial_layout(stencil_initial)
        .stencil_final_layout(L::STENCIL_READ_ONLY_OPTIMAL);
    let attachments = [vk::AttachmentDescription2::default()
        .format(format)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::LOAD)
        .store_op(vk::AttachmentStoreOp::STORE)
        .stencil_load_op(vk::AttachmentLoadOp::LOAD)
        .stencil_store_op(vk::AttachmentStoreOp::STORE)
        .initial_layout(L::DEPTH_ATTACHMENT_OPTIMAL)
        .final_layout(L::DEPTH_READ_ONLY_OPTIMAL)
        .push_next(&mut stencil)];
    let mut ref_stencil = vk::AttachmentReferenceStencilLayout::default().stencil_layout(L::STENCIL_ATTACHMENT_OPTIMAL);
    let reference = vk::AttachmentReference2::default()
        .attachment(0)
        .layout(L::DEPTH_ATTACHMENT_OPTIMAL)
        .aspect_mask(vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL)
        .push_next(&mut ref_stencil);
    let subpasses = [vk::SubpassDescription2::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .depth_stencil_attachment(&reference)];
    let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&subpasses);
    let mut made = None;
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: a valid create info.
        made = unsafe { ctx.device.create_render_pass2(&info, None) }.ok();
    });
    assert_eq!(ids, NONE);
    made.expect("vkCreateRenderPass2")
}

fn framebuffer(ctx: &Context, rp: vk::RenderPass, view: vk::ImageView, extent: vk::Extent2D) -> vk::Framebuffer {
    let views = [view];
    let info = vk::FramebufferCreateInfo::default()
        .render_pass(rp)
        .attachments(&views)
        .width(extent.width)
        .height(extent.height)
        .layers(1);
    // SAFETY: a valid create info.
    unsafe { ctx.device.create_framebuffer(&info, None) }.expect("vkCreateFramebuffer")
}

/// vkCmdBeginRenderPass2 of `rp` on `fb` (16x16; its end too when Vigil let it through): the
/// ids.
fn render_pass_instance(
    r: &Recorder<'_>,
    cb: vk::CommandBuffer,
    rp: vk::RenderPass,
    fb: vk::Framebuffer,
    extent: vk::Extent2D,
) -> Vec<String> {
    let d = &r.ctx.device;
    let clear = [vk::ClearValue::default()];
    let begin = vk::RenderPassBeginInfo::default()
        .render_pass(rp)
        .framebuffer(fb)
        .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent })
        .clear_values(&clear);
    let ids = r.ids(|| {
        // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
        unsafe {
            d.cmd_begin_render_pass2(cb, &begin, &vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE))
        }
    });
    if ids.is_empty() {
        // SAFETY: inside the instance just begun.
        unsafe { d.cmd_end_render_pass2(cb, &vk::SubpassEndInfo::default()) };
    }
    ids
}

/// A depth/stencil format lavapipe can attach.
fn depth_stencil_format(ctx: &Context) -> vk::Format {
    [vk::Format::D24_UNORM_S8_UINT, BOTH]
        .into_iter()
        .find(|&f| {
            // SAFETY: a physical device of this instance.
            let p = unsafe { ctx.instance.get_physical_device_format_properties(ctx.physical_device, f) };
            p.optimal_tiling_features.contains(vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT)
        })
        .expect("a depth/stencil attachment format")
}

#[test]
fn separate_depth_stencil_layouts() {
    use vk::ImageAspectFlags as A;
    let ctx = context(true);
    let format = depth_stencil_format(&ctx);
    let usage = vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
    let (image, view) = new_image(&ctx, (format, vk::SampleCountFlags::TYPE_1), usage, A::DEPTH | A::STENCIL);
    let extent = vk::Extent2D { width: 16, height: 16 };
    let good = separate_render_pass(&ctx, format, L::STENCIL_ATTACHMENT_OPTIMAL);
    let bad = separate_render_pass(&ctx, format, L::STENCIL_READ_ONLY_OPTIMAL);
    let fb = framebuffer(&ctx, good, view, extent);
    let r = Recorder::new(&ctx);

    // Each aspect moved on its own; the render pass expects each in its own layout.
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::DEPTH, L::UNDEFINED, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::STENCIL, L::UNDEFINED, L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(render_pass_instance(&r, cb, bad, fb, extent), ["VUID-vkCmdBeginRenderPass2-initialLayout-03100"]);
    assert_eq!(render_pass_instance(&r, cb, good, fb, extent), NONE);
    // The instance left depth in DEPTH_READ_ONLY_OPTIMAL and stencil in STENCIL_READ_ONLY_OPTIMAL.
    let stencil_attachment = r.barrier(cb, image, A::STENCIL, L::STENCIL_ATTACHMENT_OPTIMAL, L::GENERAL);
    assert_eq!(stencil_attachment, ["VUID-VkImageMemoryBarrier-oldLayout-01197"]);
    // A combined layout matches each aspect's own.
    let both = A::DEPTH | A::STENCIL;
    assert_eq!(
        r.barrier(cb, image, both, L::DEPTH_STENCIL_READ_ONLY_OPTIMAL, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
        NONE
    );
    assert_eq!(r.submit(cb), NONE);

    // At submission: the image is in DEPTH_STENCIL_ATTACHMENT_OPTIMAL, which is each aspect's
    // attachment layout.
    let cb = r.begin();
    assert_eq!(render_pass_instance(&r, cb, good, fb, extent), NONE);
    assert_eq!(r.submit(cb), NONE);
    // Now depth is DEPTH_READ_ONLY_OPTIMAL and stencil STENCIL_READ_ONLY_OPTIMAL: a command
    // buffer expecting the stencil aspect in STENCIL_ATTACHMENT_OPTIMAL is refused at submission.
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::DEPTH, L::DEPTH_READ_ONLY_OPTIMAL, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(render_pass_instance(&r, cb, good, fb, extent), NONE);
    assert_eq!(r.submit(cb), ["UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout"]);
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::DEPTH, L::DEPTH_READ_ONLY_OPTIMAL, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::STENCIL, L::STENCIL_READ_ONLY_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(render_pass_instance(&r, cb, good, fb, extent), NONE);
    assert_eq!(r.submit(cb), NONE);

    // Dynamic rendering: the depth and the stencil attachment each name their aspect's layout.
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::DEPTH, L::DEPTH_READ_ONLY_OPTIMAL, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::STENCIL, L::STENCIL_READ_ONLY_OPTIMAL, L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    let rendering = |stencil: L| {
        let d = &ctx.device;
        let attachment = |l: L| {
            vk::RenderingAttachmentInfo::default()
                .image_view(view)
                .image_layout(l)
                .load_op(vk::AttachmentLoadOp::LOAD)
                .store_op(vk::AttachmentStoreOp::STORE)
        };
        let (depth, stencil) = (attachment(L::DEPTH_ATTACHMENT_OPTIMAL), attachment(stencil));
        let info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent })
            .layer_count(1)
            .depth_attachment(&depth)
            .stencil_attachment(&stencil);
        let ids = r.ids(|| {
            // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
            unsafe { d.cmd_begin_rendering(cb, &info) }
        });
        if ids.is_empty() {
            // SAFETY: inside the instance just begun.
            unsafe { d.cmd_end_rendering(cb) };
        }
        ids
    };
    assert_eq!(rendering(L::STENCIL_READ_ONLY_OPTIMAL), ["VUID-vkCmdBeginRendering-pRenderingInfo-09590"]);
    assert_eq!(rendering(L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.submit(cb), NONE);

    // Resolved into the image: each aspect's resolve target in its aspect's layout.
    let (image4, multisampled) = new_image(&ctx, (format, vk::SampleCountFlags::TYPE_4), usage, A::DEPTH | A::STENCIL);
    let cb = r.begin();
    let both = A::DEPTH | A::STENCIL;
    assert_eq!(r.barrier(cb, image4, both, L::UNDEFINED, L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::DEPTH, L::UNDEFINED, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::STENCIL, L::UNDEFINED, L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    let resolving = |stencil: bool, layout: L| {
        let d = &ctx.device;
        let attachment = vk::RenderingAttachmentInfo::default()
            .image_view(multisampled)
            .image_layout(L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::DONT_CARE)
            .resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
            .resolve_image_view(view)
            .resolve_image_layout(layout);
        let info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent })
            .layer_count(1);
        let info = if stencil { info.stencil_attachment(&attachment) } else { info.depth_attachment(&attachment) };
        let ids = r.ids(|| {
            // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
            unsafe { d.cmd_begin_rendering(cb, &info) }
        });
        if ids.is_empty() {
            // SAFETY: inside the instance just begun.
            unsafe { d.cmd_end_rendering(cb) };
        }
        ids
    };
    assert_eq!(resolving(false, L::GENERAL), ["VUID-vkCmdBeginRendering-pRenderingInfo-09589"]);
    assert_eq!(resolving(false, L::DEPTH_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(resolving(true, L::GENERAL), ["VUID-vkCmdBeginRendering-pRenderingInfo-09591"]);
    assert_eq!(resolving(true, L::STENCIL_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(r.submit(cb), NONE);
}

/// A headless surface's swapchain with its images, and a render pass for them.
struct Swapchain {
    surface_fns: ash::khr::surface::Instance,
    swapchain_fns: ash::khr::swapchain::Device,
    surface: vk::SurfaceKHR,
    swapchain: vk::SwapchainKHR,
    images: Vec<vk::Image>,
    format: vk::Format,
    extent: vk::Extent2D,
}

impl Swapchain {
    fn new(ctx: &Context) -> Self {
        let headless = ash::ext::headless_surface::Instance::new(&ctx.entry, &ctx.instance);
        // SAFETY: a headless surface on an instance with the extension.
        let surface = unsafe { headless.create_headless_surface(&vk::HeadlessSurfaceCreateInfoEXT::default(), None) }
            .expect("vkCreateHeadlessSurfaceEXT");
        let surface_fns = ash::khr::surface::Instance::new(&ctx.entry, &ctx.instance);
        let swapchain_fns = ash::khr::swapchain::Device::new(&ctx.instance, &ctx.device);
        let pd = ctx.physical_device;
        // SAFETY: queries of a live surface.
        let (c, formats) = unsafe {
            (
                surface_fns.get_physical_device_surface_capabilities(pd, surface).expect("capabilities"),
                surface_fns.get_physical_device_surface_formats(pd, surface).expect("formats"),
            )
        };
        assert!(c.supported_usage_flags.contains(vk::ImageUsageFlags::TRANSFER_DST), "{:?}", c.supported_usage_flags);
        let extent = vk::Extent2D {
            width: 64.clamp(c.min_image_extent.width, c.max_image_extent.width),
            height: 64.clamp(c.min_image_extent.height, c.max_image_extent.height),
        };
        let info = vk::SwapchainCreateInfoKHR::default()
            .surface(surface)
            .min_image_count(c.min_image_count.max(2))
            .image_format(formats[0].format)
            .image_color_space(formats[0].color_space)
            .image_extent(extent)
            .image_array_layers(1)
            .image_usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_DST)
            .image_sharing_mode(vk::SharingMode::EXCLUSIVE)
            .pre_transform(c.current_transform)
            .composite_alpha(vk::CompositeAlphaFlagsKHR::from_raw(
                c.supported_composite_alpha.as_raw() & c.supported_composite_alpha.as_raw().wrapping_neg(),
            ))
            .present_mode(vk::PresentModeKHR::FIFO);
        // SAFETY: a valid create info; its images.
        let (swapchain, images) = unsafe {
            let s = swapchain_fns.create_swapchain(&info, None).expect("vkCreateSwapchainKHR");
            (s, swapchain_fns.get_swapchain_images(s).expect("vkGetSwapchainImagesKHR"))
        };
        Swapchain { surface_fns, swapchain_fns, surface, swapchain, images, format: formats[0].format, extent }
    }

    /// Acquires an image (waited for with a fence): its index.
    fn acquire(&self, ctx: &Context) -> u32 {
        let d = &ctx.device;
        // SAFETY: a fence of this device, waited for before it is destroyed.
        unsafe {
            let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
            let (index, _) = self
                .swapchain_fns
                .acquire_next_image(self.swapchain, u64::MAX, vk::Semaphore::null(), fence)
                .expect("vkAcquireNextImageKHR");
            d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
            d.destroy_fence(fence, None);
            index
        }
    }

    /// Presents image `index`: the ids.
    fn present(&self, ctx: &Context, index: u32) -> Vec<String> {
        ctx.messages.problem_ids_of(|| {
            let (swapchains, indices) = ([self.swapchain], [index]);
            let info = vk::PresentInfoKHR::default().swapchains(&swapchains).image_indices(&indices);
            // SAFETY: a live swapchain; an invalid present is skipped by Vigil.
            let _ = unsafe { self.swapchain_fns.queue_present(ctx.queue, &info) };
        })
    }
}

#[test]
fn swapchain_image_layouts() {
    use vk::ImageAspectFlags as A;
    let ctx = context(true);
    let s = Swapchain::new(&ctx);
    let views: Vec<vk::ImageView> = s.images.iter().map(|&i| view(&ctx, i, s.format, A::COLOR)).collect();
    let r = Recorder::new(&ctx);

    // A new swapchain's images are in UNDEFINED: not presentable.
    let index = s.acquire(&ctx);
    let image = s.images[index as usize];
    assert_eq!(s.present(&ctx, index), ["VUID-VkPresentInfoKHR-pImageIndices-01430"]);

    // A frame with dynamic rendering: UNDEFINED -> COLOR_ATTACHMENT_OPTIMAL, rendered, but not
    // moved to PRESENT_SRC_KHR: not presentable; moved, it is.
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::COLOR, L::UNDEFINED, L::COLOR_ATTACHMENT_OPTIMAL), NONE);
    let rendering = |layout: L| {
        let d = &ctx.device;
        let color = [vk::RenderingAttachmentInfo::default()
            .image_view(views[index as usize])
            .image_layout(layout)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)];
        let info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent: s.extent })
            .layer_count(1)
            .color_attachments(&color);
        let ids = r.ids(|| {
            // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
            unsafe { d.cmd_begin_rendering(cb, &info) }
        });
        if ids.is_empty() {
            // SAFETY: inside the instance just begun.
            unsafe { d.cmd_end_rendering(cb) };
        }
        ids
    };
    assert_eq!(rendering(L::GENERAL), ["VUID-vkCmdBeginRendering-pRenderingInfo-09592"]);
    assert_eq!(rendering(L::COLOR_ATTACHMENT_OPTIMAL), NONE);
    let wrong_old = r.barrier(cb, image, A::COLOR, L::TRANSFER_DST_OPTIMAL, L::PRESENT_SRC_KHR);
    assert_eq!(wrong_old, ["VUID-VkImageMemoryBarrier-oldLayout-01197"]);
    assert_eq!(r.submit(cb), NONE);
    assert_eq!(s.present(&ctx, index), ["VUID-VkPresentInfoKHR-pImageIndices-01430"]);
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::COLOR, L::COLOR_ATTACHMENT_OPTIMAL, L::PRESENT_SRC_KHR), NONE);
    assert_eq!(r.submit(cb), NONE);
    assert_eq!(s.present(&ctx, index), NONE);

    // Frames with a render pass whose final layout is PRESENT_SRC_KHR: clean, round after round.
    let attachments = [vk::AttachmentDescription::default()
        .format(s.format)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(L::UNDEFINED)
        .final_layout(L::PRESENT_SRC_KHR)];
    let refs = [vk::AttachmentReference { attachment: 0, layout: L::COLOR_ATTACHMENT_OPTIMAL }];
    let subpasses = [vk::SubpassDescription::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .color_attachments(&refs)];
    let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
    // SAFETY: a valid create info.
    let rp = unsafe { ctx.device.create_render_pass(&info, None) }.expect("vkCreateRenderPass");
    let fbs: Vec<vk::Framebuffer> = views.iter().map(|&v| framebuffer(&ctx, rp, v, s.extent)).collect();
    for _ in 0..s.images.len() + 1 {
        let index = s.acquire(&ctx);
        let cb = r.begin();
        assert_eq!(render_pass_instance(&r, cb, rp, fbs[index as usize], s.extent), NONE);
        assert_eq!(r.submit(cb), NONE);
        assert_eq!(s.present(&ctx, index), NONE);
    }
    // A render pass that loads the image from COLOR_ATTACHMENT_OPTIMAL: when recorded after a
    // barrier that leaves it elsewhere, and when submitted while it is in PRESENT_SRC_KHR.
    let loading = [attachments[0].load_op(vk::AttachmentLoadOp::LOAD).initial_layout(L::COLOR_ATTACHMENT_OPTIMAL)];
    let info = vk::RenderPassCreateInfo::default().attachments(&loading).subpasses(&subpasses);
    // SAFETY: a valid create info.
    let load_rp = unsafe { ctx.device.create_render_pass(&info, None) }.expect("vkCreateRenderPass");
    let index = s.acquire(&ctx);
    let (image, fb) = (s.images[index as usize], fbs[index as usize]);
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::COLOR, L::PRESENT_SRC_KHR, L::GENERAL), NONE);
    let instance = render_pass_instance(&r, cb, load_rp, fb, s.extent);
    assert_eq!(instance, ["VUID-vkCmdBeginRenderPass2-initialLayout-03100"]);
    assert_eq!(r.barrier(cb, image, A::COLOR, L::GENERAL, L::COLOR_ATTACHMENT_OPTIMAL), NONE);
    assert_eq!(render_pass_instance(&r, cb, load_rp, fb, s.extent), NONE);
    assert_eq!(r.submit(cb), NONE);
    assert_eq!(s.present(&ctx, index), NONE);
    let index = s.acquire(&ctx);
    let cb = r.begin();
    assert_eq!(render_pass_instance(&r, cb, load_rp, fbs[index as usize], s.extent), NONE);
    assert_eq!(r.submit(cb), ["UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout"]);
    // A presented image stays in PRESENT_SRC_KHR: presented again without rendering, clean.
    assert_eq!(s.present(&ctx, index), NONE);

    // A clear names the layout the image is in.
    let index = s.acquire(&ctx);
    let image = s.images[index as usize];
    let cb = r.begin();
    assert_eq!(r.barrier(cb, image, A::COLOR, L::PRESENT_SRC_KHR, L::TRANSFER_DST_OPTIMAL), NONE);
    let clear = |layout: L| {
        let range = [vk::ImageSubresourceRange::default().aspect_mask(A::COLOR).level_count(1).layer_count(1)];
        r.ids(|| {
            // SAFETY: a recording command buffer outside a render pass; an invalid clear is
            // skipped by Vigil.
            unsafe { ctx.device.cmd_clear_color_image(cb, image, layout, &vk::ClearColorValue::default(), &range) }
        })
    };
    assert_eq!(clear(L::GENERAL), ["VUID-vkCmdClearColorImage-imageLayout-00004"]);
    assert_eq!(clear(L::TRANSFER_DST_OPTIMAL), NONE);
    assert_eq!(r.barrier(cb, image, A::COLOR, L::TRANSFER_DST_OPTIMAL, L::PRESENT_SRC_KHR), NONE);
    assert_eq!(r.submit(cb), NONE);
    assert_eq!(s.present(&ctx, index), NONE);

    // SAFETY: idle; nothing uses them any more.
    unsafe {
        ctx.device.device_wait_idle().expect("vkDeviceWaitIdle");
        for fb in fbs {
            ctx.device.destroy_framebuffer(fb, None);
        }
        ctx.device.destroy_render_pass(rp, None);
        ctx.device.destroy_render_pass(load_rp, None);
        for v in views {
            ctx.device.destroy_image_view(v, None);
        }
        s.swapchain_fns.destroy_swapchain(s.swapchain, None);
        s.surface_fns.destroy_surface(s.surface, None);
    }
}

/// A 16x16 image of `format` with `samples`, attachment usage for its kind, and a view of its
/// aspects.
fn attachment_image(ctx: &Context, format: vk::Format, samples: vk::SampleCountFlags) -> vk::ImageView {
    use vk::ImageAspectFlags as A;
    let (usage, aspect) = if is_color(format) {
        (vk::ImageUsageFlags::COLOR_ATTACHMENT, A::COLOR)
    } else {
        (vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT, A::DEPTH | A::STENCIL)
    };
    let info = vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format)
        .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(samples)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(usage)
        .initial_layout(L::UNDEFINED);
    ctx.image_view(&info, aspect, vk::ComponentMapping::default())
}

#[test]
fn rendering_attachment_layouts() {
    let ctx = context(true);
    let ds = depth_stencil_format(&ctx);
    let four = vk::SampleCountFlags::TYPE_4;
    let one = vk::SampleCountFlags::TYPE_1;
    let (color, color4) = (attachment_image(&ctx, COLOR, one), attachment_image(&ctx, COLOR, four));
    let (depth_stencil, depth_stencil4) = (attachment_image(&ctx, ds, one), attachment_image(&ctx, ds, four));
    let r = Recorder::new(&ctx);
    let extent = vk::Extent2D { width: 16, height: 16 };

    #[derive(Clone, Copy)]
    enum Slot {
        Color,
        Depth,
        Stencil,
    }
    // vkCmdBeginRendering (in a new command buffer) with one attachment in `slot`: `resolve`
    // with its multisampled view resolved to the single-sampled one in `layout`, else the
    // single-sampled view in `layout`.
    let begin = |slot: Slot, resolve: bool, layout: L| -> Vec<String> {
        let d = &ctx.device;
        let (view, view4, mode) = match slot {
            Slot::Color => (color, color4, vk::ResolveModeFlags::AVERAGE),
            _ => (depth_stencil, depth_stencil4, vk::ResolveModeFlags::SAMPLE_ZERO),
        };
        let own = match slot {
            Slot::Color => L::COLOR_ATTACHMENT_OPTIMAL,
            _ => L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
        };
        let attachment = vk::RenderingAttachmentInfo::default()
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE);
        let attachment = if resolve {
            attachment
                .image_view(view4)
                .image_layout(own)
                .resolve_mode(mode)
                .resolve_image_view(view)
                .resolve_image_layout(layout)
        } else {
            attachment.image_view(view).image_layout(layout)
        };
        let colors = [attachment];
        let mut info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent })
            .layer_count(1);
        info = match slot {
            Slot::Color => info.color_attachments(&colors),
            Slot::Depth => info.depth_attachment(&colors[0]),
            Slot::Stencil => info.stencil_attachment(&colors[0]),
        };
        let cb = r.begin();
        let ids = r.ids(|| {
            // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
            unsafe { d.cmd_begin_rendering(cb, &info) }
        });
        if ids.is_empty() {
            // SAFETY: inside the instance just begun.
            unsafe { d.cmd_end_rendering(cb) };
        }
        ids
    };

    // (slot, resolve, bad layout, id, good layout)
    let cases = [
        (
            Slot::Color,
            false,
            L::UNDEFINED,
            "VUID-VkRenderingAttachmentInfo-imageView-06135",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (Slot::Color, false, L::PRESENT_SRC_KHR, "VUID-VkRenderingAttachmentInfo-imageView-06145", L::GENERAL),
        (
            Slot::Color,
            false,
            L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06090",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Color,
            false,
            L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06096",
            L::ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Color,
            false,
            L::DEPTH_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06100",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Color,
            true,
            L::TRANSFER_SRC_OPTIMAL,
            "VUID-VkRenderingAttachmentInfo-imageView-06136",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (Slot::Color, true, L::READ_ONLY_OPTIMAL, "VUID-VkRenderingAttachmentInfo-imageView-06142", L::GENERAL),
        (Slot::Color, true, L::PRESENT_SRC_KHR, "VUID-VkRenderingAttachmentInfo-imageView-06146", L::GENERAL),
        (
            Slot::Color,
            true,
            L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06091",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Color,
            true,
            L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06097",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Color,
            true,
            L::STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-colorAttachmentCount-06101",
            L::COLOR_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Depth,
            false,
            L::COLOR_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pDepthAttachment-06092",
            L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Depth,
            false,
            L::STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pDepthAttachment-07732",
            L::DEPTH_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Depth,
            true,
            L::COLOR_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pDepthAttachment-06093",
            L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Depth,
            true,
            L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pDepthAttachment-06098",
            L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
        ),
        (
            Slot::Depth,
            true,
            L::STENCIL_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pDepthAttachment-07733",
            L::DEPTH_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Depth,
            true,
            L::DEPTH_READ_ONLY_OPTIMAL,
            "VUID-VkRenderingAttachmentInfo-imageView-06137",
            L::DEPTH_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Stencil,
            false,
            L::COLOR_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pStencilAttachment-06094",
            L::STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Stencil,
            false,
            L::DEPTH_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pStencilAttachment-07734",
            L::STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Stencil,
            true,
            L::COLOR_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pStencilAttachment-06095",
            L::STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Stencil,
            true,
            L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
            "VUID-VkRenderingInfo-pStencilAttachment-06099",
            L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
        ),
        (
            Slot::Stencil,
            true,
            L::DEPTH_ATTACHMENT_OPTIMAL,
            "VUID-VkRenderingInfo-pStencilAttachment-07735",
            L::STENCIL_ATTACHMENT_OPTIMAL,
        ),
    ];
    for (slot, resolve, bad, id, good) in cases {
        assert_eq!(begin(slot, resolve, bad), [id], "{bad:?}");
        assert_eq!(begin(slot, resolve, good), NONE, "neighbour of {id}");
    }
}

#[test]
fn aspect_layout_usage() {
    use vk::ImageAspectFlags as A;
    use vk::ImageUsageFlags as U;
    let ctx = context(true);
    let d = &ctx.device;
    let one = (DEPTH, vk::SampleCountFlags::TYPE_1);
    let (_, input_only) = new_image(&ctx, one, U::INPUT_ATTACHMENT, A::DEPTH);
    let (_, both_usages) = new_image(&ctx, one, U::INPUT_ATTACHMENT | U::DEPTH_STENCIL_ATTACHMENT, A::DEPTH);
    let extent = vk::Extent2D { width: 16, height: 16 };
    // A depth attachment read as an input attachment in DEPTH_READ_ONLY_OPTIMAL, both versions.
    let attachments = [vk::AttachmentDescription::default()
        .format(DEPTH)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(L::UNDEFINED)
        .final_layout(L::DEPTH_READ_ONLY_OPTIMAL)];
    let inputs = [vk::AttachmentReference { attachment: 0, layout: L::DEPTH_READ_ONLY_OPTIMAL }];
    let subpasses = [vk::SubpassDescription::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .input_attachments(&inputs)];
    let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
    let attachments2 = [vk::AttachmentDescription2::default()
        .format(DEPTH)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(L::UNDEFINED)
        .final_layout(L::DEPTH_READ_ONLY_OPTIMAL)];
    let inputs2 =
        [vk::AttachmentReference2::default().attachment(0).layout(L::DEPTH_READ_ONLY_OPTIMAL).aspect_mask(A::DEPTH)];
    let subpasses2 = [vk::SubpassDescription2::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .input_attachments(&inputs2)];
    let info2 = vk::RenderPassCreateInfo2::default().attachments(&attachments2).subpasses(&subpasses2);
    let (mut rp, mut rp2) = (None, None);
    let ids = ctx.messages.problem_ids_of(|| {
        // SAFETY: valid create infos.
        unsafe {
            rp = d.create_render_pass(&info, None).ok();
            rp2 = d.create_render_pass2(&info2, None).ok();
        }
    });
    assert_eq!(ids, NONE);
    let (rp, rp2) = (rp.expect("vkCreateRenderPass"), rp2.expect("vkCreateRenderPass2"));
    let r = Recorder::new(&ctx);
    for (view, v1, v2) in [
        (
            input_only,
            vec!["VUID-vkCmdBeginRenderPass-initialLayout-02842"],
            vec!["VUID-vkCmdBeginRenderPass2-initialLayout-02844"],
        ),
        (both_usages, vec![], vec![]),
    ] {
        let fb = framebuffer(&ctx, rp, view, extent);
        let cb = r.begin();
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(rp)
            .framebuffer(fb)
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent });
        let ids = r.ids(|| {
            // SAFETY: a recording command buffer; an invalid begin is skipped by Vigil.
            unsafe { d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE) }
        });
        if ids.is_empty() {
            // SAFETY: inside the instance just begun.
            unsafe { d.cmd_end_render_pass(cb) };
        }
        assert_eq!(ids, v1);
        assert_eq!(render_pass_instance(&r, cb, rp2, fb, extent), v2);
    }
}
