//! `draw` and `threads`: a render pass into an offscreen color image with one pipeline, and
//! per draw: bind a descriptor set, push constants, draw. `threads` records the same command
//! buffer on T threads at once, each into its own pool, and submits them together.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::thread::JoinHandle;

use ash::vk;

use crate::context::Context;
use crate::{section, thread_cpu_ns, Workload};

/// Draws per command buffer.
pub const DRAWS: u32 = 5_000;

/// Calls a command buffer makes besides its draws: begin, begin render pass, bind pipeline,
/// set viewport, set scissor, end render pass, end.
const FIXED_CALLS: u64 = 7;
/// Calls per draw: bind descriptor sets, push constants, draw.
const CALLS_PER_DRAW: u64 = 3;

/// Side of the square color attachment, in pixels.
const SIZE: u32 = 64;

/// Byte distance between the two colors in the uniform buffer: the largest
/// `minUniformBufferOffsetAlignment` the spec allows, so it suits every device.
const UBO_STRIDE: u64 = 256;

/// The handles a recording thread needs: all `Copy`, so a worker holds its own.
#[derive(Clone, Copy)]
struct Scene {
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    pipeline: vk::Pipeline,
    layout: vk::PipelineLayout,
    sets: [vk::DescriptorSet; 2],
}

/// Objects the scene owns, destroyed with the workload.
struct Owned {
    image: vk::Image,
    image_memory: vk::DeviceMemory,
    view: vk::ImageView,
    ubo: vk::Buffer,
    ubo_memory: vk::DeviceMemory,
    set_layout: vk::DescriptorSetLayout,
    descriptor_pool: vk::DescriptorPool,
}

/// Records one frame's command buffer: the measured loop of `draw` and `threads`.
fn record(device: &ash::Device, scene: &Scene, cb: vk::CommandBuffer, draws: u32) {
    let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
    let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: [0.0, 0.0, 0.0, 1.0] } }];
    let area = vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: SIZE, height: SIZE } };
    let pass = vk::RenderPassBeginInfo::default()
        .render_pass(scene.render_pass)
        .framebuffer(scene.framebuffer)
        .render_area(area)
        .clear_values(&clear);
    let subpass = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
    let viewport =
        vk::Viewport { x: 0.0, y: 0.0, width: SIZE as f32, height: SIZE as f32, min_depth: 0.0, max_depth: 1.0 };
    // SAFETY: every handle is alive and `cb` belongs to this thread's pool.
    unsafe {
        device.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
        device.cmd_begin_render_pass2(cb, &pass, &subpass);
        device.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, scene.pipeline);
        device.cmd_set_viewport(cb, 0, &[viewport]);
        device.cmd_set_scissor(cb, 0, &[area]);
        for i in 0..draws {
            // Alternate the two sets so every bind changes something, and walk a 16 × 16 grid.
            let set = [scene.sets[(i & 1) as usize]];
            device.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::GRAPHICS, scene.layout, 0, &set, &[]);
            let x = (i % 16) as f32 / 8.0 - 1.0;
            let y = ((i / 16) % 16) as f32 / 8.0 - 1.0;
            let mut offset = [0u8; 8];
            offset[..4].copy_from_slice(&x.to_ne_bytes());
            offset[4..].copy_from_slice(&y.to_ne_bytes());
            device.cmd_push_constants(cb, scene.layout, vk::ShaderStageFlags::VERTEX, 0, &offset);
            device.cmd_draw(cb, 3, 1, 0, 0);
        }
        device.cmd_end_render_pass2(cb, &vk::SubpassEndInfo::default());
        device.end_command_buffer(cb).expect("vkEndCommandBuffer");
    }
}

/// What the frame loop drives the recording threads with.
struct Workers {
    /// Meets the main thread twice a frame: once to start recording, once when done.
    barrier: Arc<Barrier>,
    measure: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    /// The recording threads' CPU ns in the current frame's recording, summed.
    cpu_ns: Arc<AtomicU64>,
    handles: Vec<JoinHandle<()>>,
}

/// The `draw` (recorded on the calling thread) or `threads` (on worker threads) workload.
pub struct Draw<'a> {
    ctx: &'a Context,
    scene: Scene,
    owned: Owned,
    draws: u32,
    /// One pool and command buffer per recording thread.
    pools: Vec<(vk::CommandPool, vk::CommandBuffer)>,
    workers: Option<Workers>,
    fence: vk::Fence,
}

impl<'a> Draw<'a> {
    /// Sets up the scene; `threads` is `None` for `draw` (record on this thread) and the number
    /// of worker threads for `threads`.
    pub fn new(ctx: &'a Context, draws: u32, threads: Option<usize>) -> Self {
        let (scene, owned) = create_scene(ctx);
        let pools: Vec<_> = (0..threads.unwrap_or(1))
            .map(|_| {
                let pool = ctx.command_pool();
                (pool, ctx.command_buffer(pool))
            })
            .collect();
        let workers = threads.map(|_| spawn_workers(ctx, scene, &pools, draws));
        let fence = unsafe { ctx.device.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
        Self { ctx, scene, owned, draws, pools, workers, fence }
    }
}

fn spawn_workers(ctx: &Context, scene: Scene, pools: &[(vk::CommandPool, vk::CommandBuffer)], draws: u32) -> Workers {
    let barrier = Arc::new(Barrier::new(pools.len() + 1));
    let measure = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let cpu_ns = Arc::new(AtomicU64::new(0));
    let handles = pools
        .iter()
        .map(|&(_, cb)| {
            let (device, barrier, measure, stop, cpu_ns) =
                (ctx.device.clone(), barrier.clone(), measure.clone(), stop.clone(), cpu_ns.clone());
            std::thread::spawn(move || loop {
                barrier.wait();
                if stop.load(Ordering::Acquire) {
                    return;
                }
                let start = thread_cpu_ns();
                section(measure.load(Ordering::Acquire), &mut || record(&device, &scene, cb, draws));
                // Read by the main thread after the barrier below, which orders this before it.
                cpu_ns.fetch_add(thread_cpu_ns().saturating_sub(start), Ordering::Relaxed);
                barrier.wait();
            })
        })
        .collect();
    Workers { barrier, measure, stop, cpu_ns, handles }
}

impl Workload for Draw<'_> {
    fn calls_per_frame(&self) -> u64 {
        self.pools.len() as u64 * (FIXED_CALLS + CALLS_PER_DRAW * self.draws as u64)
    }

    fn prepare(&mut self) {
        // Workers are parked at the barrier, so resetting their pools from here is safe.
        for &(pool, _) in &self.pools {
            unsafe { self.ctx.device.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()) }
                .expect("vkResetCommandPool");
        }
    }

    fn frame(&mut self, measure: bool) {
        match &self.workers {
            None => section(measure, &mut || record(&self.ctx.device, &self.scene, self.pools[0].1, self.draws)),
            Some(w) => {
                w.measure.store(measure, Ordering::Release);
                w.barrier.wait(); // start
                w.barrier.wait(); // every thread has recorded
            }
        }
    }

    fn recording_cpu_ns(&mut self) -> Option<u64> {
        self.workers.as_ref().map(|w| w.cpu_ns.swap(0, Ordering::Relaxed))
    }

    fn submit(&mut self) -> bool {
        let cbs: Vec<_> = self.pools.iter().map(|&(_, cb)| cb).collect();
        self.ctx.submit_and_wait(&cbs, self.fence);
        true
    }
}

impl Drop for Draw<'_> {
    fn drop(&mut self) {
        if let Some(w) = self.workers.take() {
            w.stop.store(true, Ordering::Release);
            w.barrier.wait();
            for h in w.handles {
                let _ = h.join();
            }
        }
        let (d, s, o) = (&self.ctx.device, &self.scene, &self.owned);
        unsafe {
            d.device_wait_idle().expect("vkDeviceWaitIdle");
            d.destroy_fence(self.fence, None);
            for &(pool, _) in &self.pools {
                d.destroy_command_pool(pool, None);
            }
            d.destroy_pipeline(s.pipeline, None);
            d.destroy_pipeline_layout(s.layout, None);
            d.destroy_framebuffer(s.framebuffer, None);
            d.destroy_render_pass(s.render_pass, None);
            d.destroy_descriptor_pool(o.descriptor_pool, None);
            d.destroy_descriptor_set_layout(o.set_layout, None);
            d.destroy_image_view(o.view, None);
            d.destroy_image(o.image, None);
            d.free_memory(o.image_memory, None);
            d.destroy_buffer(o.ubo, None);
            d.free_memory(o.ubo_memory, None);
        }
    }
}

/// Creates the color target, render pass, descriptor sets and the one graphics pipeline.
fn create_scene(ctx: &Context) -> (Scene, Owned) {
    let d = &ctx.device;
    let format = vk::Format::R8G8B8A8_UNORM;
    let extent = vk::Extent3D { width: SIZE, height: SIZE, depth: 1 };

    let image_info = vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format)
        .extent(extent)
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT);
    let image = unsafe { d.create_image(&image_info, None) }.expect("vkCreateImage");
    let image_memory =
        ctx.allocate(unsafe { d.get_image_memory_requirements(image) }, vk::MemoryPropertyFlags::empty());
    unsafe { d.bind_image_memory(image, image_memory, 0) }.expect("vkBindImageMemory");
    let range =
        vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
    let view_info = vk::ImageViewCreateInfo::default()
        .image(image)
        .view_type(vk::ImageViewType::TYPE_2D)
        .format(format)
        .subresource_range(range);
    let view = unsafe { d.create_image_view(&view_info, None) }.expect("vkCreateImageView");

    let attachments = [vk::AttachmentDescription2::default()
        .format(format)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(vk::ImageLayout::UNDEFINED)
        .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let color_refs =
        [vk::AttachmentReference2::default().attachment(0).layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let subpasses = [vk::SubpassDescription2::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .color_attachments(&color_refs)];
    // Orders each frame's (and each thread's) clear and draws after the previous render pass's
    // writes to the same image.
    let dependencies = [vk::SubpassDependency2::default()
        .src_subpass(vk::SUBPASS_EXTERNAL)
        .dst_subpass(0)
        .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
        .dst_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
        .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
        .dst_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)];
    let rp_info = vk::RenderPassCreateInfo2::default()
        .attachments(&attachments)
        .subpasses(&subpasses)
        .dependencies(&dependencies);
    let render_pass = unsafe { d.create_render_pass2(&rp_info, None) }.expect("vkCreateRenderPass2");
    let views = [view];
    let fb_info = vk::FramebufferCreateInfo::default()
        .render_pass(render_pass)
        .attachments(&views)
        .width(SIZE)
        .height(SIZE)
        .layers(1);
    let framebuffer = unsafe { d.create_framebuffer(&fb_info, None) }.expect("vkCreateFramebuffer");

    // Two uniform colors, UBO_STRIDE apart, one per descriptor set.
    let (ubo, ubo_memory) = ctx.buffer(2 * UBO_STRIDE, vk::BufferUsageFlags::UNIFORM_BUFFER);
    for (i, color) in [[1.0f32, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]].iter().enumerate() {
        let bytes: Vec<u8> = color.iter().flat_map(|c| c.to_ne_bytes()).collect();
        ctx.write(ubo_memory, i as u64 * UBO_STRIDE, &bytes);
    }
    let bindings = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::FRAGMENT)];
    let set_layout = unsafe {
        d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
    }
    .expect("vkCreateDescriptorSetLayout");
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 2 }];
    let descriptor_pool = unsafe {
        d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(2).pool_sizes(&sizes), None)
    }
    .expect("vkCreateDescriptorPool");
    let layouts = [set_layout, set_layout];
    let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&layouts);
    let allocated = unsafe { d.allocate_descriptor_sets(&alloc) }.expect("vkAllocateDescriptorSets");
    let sets = [allocated[0], allocated[1]];
    for (i, &set) in sets.iter().enumerate() {
        let info = [vk::DescriptorBufferInfo { buffer: ubo, offset: i as u64 * UBO_STRIDE, range: 16 }];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
            .buffer_info(&info);
        unsafe { d.update_descriptor_sets(&[write], &[]) };
    }

    let push = [vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::VERTEX, offset: 0, size: 8 }];
    let set_layouts = [set_layout];
    let layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts).push_constant_ranges(&push);
    let layout = unsafe { d.create_pipeline_layout(&layout_info, None) }.expect("vkCreatePipelineLayout");
    let pipeline = create_pipeline(ctx, render_pass, layout);
    (
        Scene { render_pass, framebuffer, pipeline, layout, sets },
        Owned { image, image_memory, view, ubo, ubo_memory, set_layout, descriptor_pool },
    )
}

/// The one graphics pipeline: no vertex input, dynamic viewport and scissor.
fn create_pipeline(ctx: &Context, render_pass: vk::RenderPass, layout: vk::PipelineLayout) -> vk::Pipeline {
    let d = &ctx.device;
    let vert = ctx.shader(include_bytes!("../shaders/draw.vert.spv"));
    let frag = ctx.shader(include_bytes!("../shaders/draw.frag.spv"));
    let stages = [
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::VERTEX).module(vert).name(c"main"),
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::FRAGMENT).module(frag).name(c"main"),
    ];
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
    let input_assembly =
        vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
    let viewport = vk::PipelineViewportStateCreateInfo::default().viewport_count(1).scissor_count(1);
    let raster = vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(vk::PolygonMode::FILL)
        .cull_mode(vk::CullModeFlags::NONE)
        .front_face(vk::FrontFace::COUNTER_CLOCKWISE)
        .line_width(1.0);
    let multisample =
        vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let blend_attachments =
        [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
    let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachments);
    let dynamic_states = [vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR];
    let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_states);
    let info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend)
        .dynamic_state(&dynamic)
        .layout(layout)
        .render_pass(render_pass)
        .subpass(0);
    let pipeline = unsafe { d.create_graphics_pipelines(vk::PipelineCache::null(), &[info], None) }
        .map_err(|(_, e)| e)
        .expect("vkCreateGraphicsPipelines")[0];
    unsafe {
        d.destroy_shader_module(vert, None);
        d.destroy_shader_module(frag, None);
    }
    pipeline
}
