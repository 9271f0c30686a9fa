//! The programs the tests run through Vigil: a compute dispatch and an offscreen draw, each
//! with a result that is checked exactly.

use std::io::Cursor;

use ash::vk;

use crate::context::Context;

/// How many words the compute shader writes.
pub const COMPUTE_WORDS: u32 = 4096;
/// `local_size_x` of `compute.comp`.
const COMPUTE_GROUP: u32 = 64;
/// What the buffer holds before the dispatch: not a value the shader ever writes
/// (i * i + 7 < 2^24 for i < 4096), so a dispatch that did nothing cannot pass.
const COMPUTE_POISON: u32 = 0xDEAD_BEEF;

/// Width and height of the draw target.
pub const DRAW_SIZE: u32 = 64;
/// The clear color, as stored in R8G8B8A8_UNORM.
pub const BACKGROUND: [u8; 4] = [0, 0, 255, 255];
/// The top-left triangle's color.
pub const RED: [u8; 4] = [255, 0, 0, 255];
/// The bottom-right triangle's color.
pub const GREEN: [u8; 4] = [0, 255, 0, 255];

const COMPUTE_SPV: &[u8] = include_bytes!("../shaders/compute.comp.spv");
const VERTEX_SPV: &[u8] = include_bytes!("../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../shaders/triangle.frag.spv");

/// What the compute program must produce: `out[i] = i * i + 7`.
pub fn expected_compute() -> Vec<u32> {
    (0..COMPUTE_WORDS).map(|i| i * i + 7).collect()
}

/// Panics, naming the first mismatches, unless `words` is exactly [`expected_compute`].
pub fn check_compute(words: &[u32]) {
    let expected = expected_compute();
    assert_eq!(words.len(), expected.len(), "compute result length");
    let wrong: Vec<String> = (0..words.len())
        .filter(|&i| words[i] != expected[i])
        .map(|i| format!("out[{i}] = {:#x}, expected {:#x}", words[i], expected[i]))
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} words wrong, first: {:?}",
        wrong.len(),
        words.len(),
        &wrong[..wrong.len().min(8)]
    );
}

/// A host-visible, coherent buffer with its memory, mapped.
struct HostBuffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    ptr: *mut u8,
    size: usize,
}

impl HostBuffer {
    fn new(ctx: &Context, size: usize, usage: vk::BufferUsageFlags) -> HostBuffer {
        let d = &ctx.device;
        // SAFETY: plain creation, binding and mapping of fresh objects.
        unsafe {
            let buffer = d
                .create_buffer(&vk::BufferCreateInfo::default().size(size as u64).usage(usage), None)
                .expect("vkCreateBuffer");
            let req = d.get_buffer_memory_requirements(buffer);
            let flags = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
            let memory = d
                .allocate_memory(
                    &vk::MemoryAllocateInfo::default()
                        .allocation_size(req.size)
                        .memory_type_index(ctx.memory_type(req.memory_type_bits, flags)),
                    None,
                )
                .expect("vkAllocateMemory");
            d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            let ptr =
                d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()).expect("vkMapMemory") as *mut u8;
            HostBuffer { buffer, memory, ptr, size }
        }
    }

    /// The contents; call only when no GPU work uses the buffer.
    fn bytes(&self) -> &[u8] {
        // SAFETY: the mapping covers `size` bytes and stays mapped until `destroy`; the memory is
        // coherent, and callers only look after waiting for the GPU.
        unsafe { std::slice::from_raw_parts(self.ptr, self.size) }
    }

    /// The contents, for writing before any GPU work uses the buffer.
    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as for `bytes`, and `&mut self` makes this the only view.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.size) }
    }

    fn destroy(self, ctx: &Context) {
        // SAFETY: the GPU is done with the buffer (callers waited).
        unsafe {
            ctx.device.destroy_buffer(self.buffer, None);
            ctx.device.free_memory(self.memory, None);
        }
    }
}

/// The triangle pipeline of `triangle.vert`/`triangle.frag` with `layout`, for subpass 0 of
/// `render_pass`, or for dynamic rendering to one R8G8B8A8_UNORM attachment when that is null.
pub fn triangle_pipeline(
    ctx: &Context,
    layout: vk::PipelineLayout,
    render_pass: vk::RenderPass,
    extent: vk::Extent2D,
) -> vk::Pipeline {
    let d = &ctx.device;
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut rendering = vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
    // SAFETY: valid create infos; the modules are destroyed once the pipeline exists.
    unsafe {
        let vertex = shader_module(ctx, VERTEX_SPV);
        let fragment = shader_module(ctx, FRAGMENT_SPV);
        let stages = [
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::VERTEX)
                .module(vertex)
                .name(c"main"),
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::FRAGMENT)
                .module(fragment)
                .name(c"main"),
        ];
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let input_assembly =
            vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
        let viewports =
            [vk::Viewport::default().width(extent.width as f32).height(extent.height as f32).max_depth(1.0)];
        let scissors = [vk::Rect2D::default().extent(extent)];
        let viewport = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
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
        let pipeline = d
            .create_graphics_pipelines(
                vk::PipelineCache::null(),
                &[vk::GraphicsPipelineCreateInfo::default()
                    .stages(&stages)
                    .vertex_input_state(&vertex_input)
                    .input_assembly_state(&input_assembly)
                    .viewport_state(&viewport)
                    .rasterization_state(&raster)
                    .multisample_state(&multisample)
                    .color_blend_state(&blend)
                    .layout(layout)
                    .render_pass(render_pass)
                    .subpass(0)
                    .push_next(&mut rendering)],
                None,
            )
            .map_err(|(_, e)| e)
            .expect("vkCreateGraphicsPipelines")[0];
        d.destroy_shader_module(vertex, None);
        d.destroy_shader_module(fragment, None);
        pipeline
    }
}

/// A shader module from committed SPIR-V.
pub fn shader_module(ctx: &Context, spv: &[u8]) -> vk::ShaderModule {
    let words = ash::util::read_spv(&mut Cursor::new(spv)).expect("committed SPIR-V is well-formed");
    // SAFETY: valid SPIR-V, compiled from tests/shaders.
    unsafe { ctx.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&words), None) }
        .expect("vkCreateShaderModule")
}

/// A compute pipeline of `module`'s `main` with `layout`.
pub fn compute_pipeline(ctx: &Context, module: vk::ShaderModule, layout: vk::PipelineLayout) -> vk::Pipeline {
    let stage =
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(c"main");
    // SAFETY: a valid create info with a live module and layout of this device.
    unsafe {
        ctx.device.create_compute_pipelines(
            vk::PipelineCache::null(),
            &[vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout)],
            None,
        )
    }
    .map_err(|(_, e)| e)
    .expect("vkCreateComputePipelines")[0]
}

/// `compute.comp`'s pipeline, with the layout it uses (set 0: one storage buffer; 4 bytes of
/// compute push constants).
pub struct ComputePipeline {
    pub pipeline: vk::Pipeline,
    pub layout: vk::PipelineLayout,
    pub set_layout: vk::DescriptorSetLayout,
    pub module: vk::ShaderModule,
}

impl ComputePipeline {
    /// Creates it on `ctx`'s device.
    pub fn new(ctx: &Context) -> Self {
        let d = &ctx.device;
        let module = shader_module(ctx, COMPUTE_SPV);
        // SAFETY: valid create infos on this device.
        unsafe {
            let bindings = [vk::DescriptorSetLayoutBinding::default()
                .binding(0)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::COMPUTE)];
            let set_layout = d
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
                .expect("vkCreateDescriptorSetLayout");
            let set_layouts = [set_layout];
            let push_ranges =
                [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).offset(0).size(4)];
            let layout = d
                .create_pipeline_layout(
                    &vk::PipelineLayoutCreateInfo::default()
                        .set_layouts(&set_layouts)
                        .push_constant_ranges(&push_ranges),
                    None,
                )
                .expect("vkCreatePipelineLayout");
            let pipeline = compute_pipeline(ctx, module, layout);
            ComputePipeline { pipeline, layout, set_layout, module }
        }
    }

    /// Destroys it (nothing may use it any more).
    pub fn destroy(self, ctx: &Context) {
        // SAFETY: the caller's contract.
        unsafe {
            ctx.device.destroy_pipeline(self.pipeline, None);
            ctx.device.destroy_pipeline_layout(self.layout, None);
            ctx.device.destroy_descriptor_set_layout(self.set_layout, None);
            ctx.device.destroy_shader_module(self.module, None);
        }
    }
}

/// Runs `compute.comp` over [`COMPUTE_WORDS`] words and returns the storage buffer's contents.
pub fn run_compute(ctx: &Context) -> Vec<u32> {
    let d = &ctx.device;
    let size = COMPUTE_WORDS as usize * 4;
    let mut out = HostBuffer::new(ctx, size, vk::BufferUsageFlags::STORAGE_BUFFER);
    for word in out.bytes_mut().chunks_exact_mut(4) {
        word.copy_from_slice(&COMPUTE_POISON.to_ne_bytes());
    }
    // SAFETY: objects are created, used and destroyed in order on this device; the submit
    // waits, so nothing is destroyed while in use.
    unsafe {
        let ComputePipeline { pipeline, layout, set_layout, module } = ComputePipeline::new(ctx);
        let set_layouts = [set_layout];
        let pool_sizes = [vk::DescriptorPoolSize::default().ty(vk::DescriptorType::STORAGE_BUFFER).descriptor_count(1)];
        let pool = d
            .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&pool_sizes), None)
            .expect("vkCreateDescriptorPool");
        let set = d
            .allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&set_layouts),
            )
            .expect("vkAllocateDescriptorSets")[0];
        let buffer_info = [vk::DescriptorBufferInfo::default().buffer(out.buffer).offset(0).range(vk::WHOLE_SIZE)];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .buffer_info(&buffer_info);
        d.update_descriptor_sets(&[write], &[]);

        ctx.submit_and_wait(|cmd| {
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
            d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::COMPUTE, layout, 0, &[set], &[]);
            d.cmd_push_constants(cmd, layout, vk::ShaderStageFlags::COMPUTE, 0, &COMPUTE_WORDS.to_ne_bytes());
            d.cmd_dispatch(cmd, COMPUTE_WORDS.div_ceil(COMPUTE_GROUP), 1, 1);
            // Make the shader's writes visible to the host read after the fence.
            let barrier = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ);
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &[barrier],
                &[],
                &[],
            );
        });

        let words = out.bytes().chunks_exact(4).map(|w| u32::from_ne_bytes(w.try_into().unwrap())).collect();
        d.destroy_descriptor_pool(pool, None);
        d.destroy_pipeline(pipeline, None);
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_set_layout(set_layout, None);
        d.destroy_shader_module(module, None);
        out.destroy(ctx);
        words
    }
}

/// An RGBA8 image read back from the GPU, rows tightly packed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes, row-major from the top-left.
    pub rgba: Vec<u8>,
}

impl Image {
    /// The pixel at (x, y), x to the right and y down from the top-left.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        self.rgba[i..i + 4].try_into().unwrap()
    }
}

/// What [`run_draw`] must produce at pixel (x, y), or `None` within a pixel of a triangle's
/// slanted edge, where the rasterizer's tie-breaking rules decide.
///
/// The red triangle has corners (0,0), (32,0), (0,32) in framebuffer coordinates, the green one
/// (64,64), (32,64), (64,32); their other edges lie on the image border.
pub fn expected_pixel(x: u32, y: u32) -> Option<[u8; 4]> {
    // Sum of the pixel centre's coordinates: constant along both slanted edges.
    let s = x as f32 + 0.5 + y as f32 + 0.5;
    let margin = 1.0;
    let half = DRAW_SIZE as f32 / 2.0;
    if s < half - margin {
        Some(RED)
    } else if s > 3.0 * half + margin {
        Some(GREEN)
    } else if s > half + margin && s < 3.0 * half - margin {
        Some(BACKGROUND)
    } else {
        None
    }
}

/// Panics, naming the first wrong pixels, unless `image` is what [`run_draw`] must draw: every
/// pixel away from the slanted edges exactly [`expected_pixel`], and edge pixels one of the two
/// colors they lie between.
pub fn check_draw(image: &Image) {
    assert_eq!((image.width, image.height), (DRAW_SIZE, DRAW_SIZE), "draw target size");
    let mut wrong = Vec::new();
    for y in 0..DRAW_SIZE {
        for x in 0..DRAW_SIZE {
            let got = image.pixel(x, y);
            let ok = match expected_pixel(x, y) {
                Some(want) => got == want,
                None => got == BACKGROUND || got == if x + y < DRAW_SIZE { RED } else { GREEN },
            };
            if !ok {
                wrong.push(format!("({x},{y}) = {got:?}, expected {:?}", expected_pixel(x, y)));
            }
        }
    }
    assert!(wrong.is_empty(), "{} wrong pixels, first: {:?}", wrong.len(), &wrong[..wrong.len().min(8)]);
    // The well-known spots, spelled out so a failure reads plainly.
    assert_eq!(image.pixel(4, 4), RED, "inside the red triangle");
    assert_eq!(image.pixel(59, 59), GREEN, "inside the green triangle");
    assert_eq!(image.pixel(31, 31), BACKGROUND, "between the triangles");
    assert_eq!(image.pixel(60, 3), BACKGROUND, "top-right corner");
    assert_eq!(image.pixel(3, 60), BACKGROUND, "bottom-left corner");
}

/// Draws the two triangles of `triangle.vert` into a [`DRAW_SIZE`]² R8G8B8A8_UNORM image
/// cleared to [`BACKGROUND`], with one render pass and one graphics pipeline, and reads it back.
pub fn run_draw(ctx: &Context) -> Image {
    let d = &ctx.device;
    let format = vk::Format::R8G8B8A8_UNORM;
    let extent = vk::Extent2D { width: DRAW_SIZE, height: DRAW_SIZE };
    let mut readback = HostBuffer::new(ctx, (DRAW_SIZE * DRAW_SIZE * 4) as usize, vk::BufferUsageFlags::TRANSFER_DST);
    readback.bytes_mut().fill(0x55); // Neither a background nor a triangle byte pattern.
                                     // SAFETY: as in run_compute: created, used after the waited submit, destroyed in order.
    unsafe {
        let image = d
            .create_image(
                &vk::ImageCreateInfo::default()
                    .image_type(vk::ImageType::TYPE_2D)
                    .format(format)
                    .extent(extent.into())
                    .mip_levels(1)
                    .array_layers(1)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .tiling(vk::ImageTiling::OPTIMAL)
                    .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC)
                    .initial_layout(vk::ImageLayout::UNDEFINED),
                None,
            )
            .expect("vkCreateImage");
        let req = d.get_image_memory_requirements(image);
        let memory = d
            .allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(req.size)
                    .memory_type_index(ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty())),
                None,
            )
            .expect("vkAllocateMemory");
        d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
        let color_range =
            vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
        let view = d
            .create_image_view(
                &vk::ImageViewCreateInfo::default()
                    .image(image)
                    .view_type(vk::ImageViewType::TYPE_2D)
                    .format(format)
                    .subresource_range(color_range),
                None,
            )
            .expect("vkCreateImageView");

        // The render pass leaves the image ready for the copy; its dependencies order the
        // clear after earlier use and the copy after the color writes.
        let attachments = [vk::AttachmentDescription::default()
            .format(format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)];
        let color_refs =
            [vk::AttachmentReference::default().attachment(0).layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
        let subpasses = [vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&color_refs)];
        let dependencies = [
            vk::SubpassDependency::default()
                .src_subpass(vk::SUBPASS_EXTERNAL)
                .dst_subpass(0)
                .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
                .dst_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
                .dst_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE),
            vk::SubpassDependency::default()
                .src_subpass(0)
                .dst_subpass(vk::SUBPASS_EXTERNAL)
                .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
                .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
                .dst_stage_mask(vk::PipelineStageFlags::TRANSFER)
                .dst_access_mask(vk::AccessFlags::TRANSFER_READ),
        ];
        let render_pass = d
            .create_render_pass(
                &vk::RenderPassCreateInfo::default()
                    .attachments(&attachments)
                    .subpasses(&subpasses)
                    .dependencies(&dependencies),
                None,
            )
            .expect("vkCreateRenderPass");
        let views = [view];
        let framebuffer = d
            .create_framebuffer(
                &vk::FramebufferCreateInfo::default()
                    .render_pass(render_pass)
                    .attachments(&views)
                    .width(DRAW_SIZE)
                    .height(DRAW_SIZE)
                    .layers(1),
                None,
            )
            .expect("vkCreateFramebuffer");

        let layout =
            d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None).expect("vkCreatePipelineLayout");
        let pipeline = triangle_pipeline(ctx, layout, render_pass, extent);

        ctx.submit_and_wait(|cmd| {
            let [r, g, b, a] = BACKGROUND.map(|c| c as f32 / 255.0);
            let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: [r, g, b, a] } }];
            d.cmd_begin_render_pass(
                cmd,
                &vk::RenderPassBeginInfo::default()
                    .render_pass(render_pass)
                    .framebuffer(framebuffer)
                    .render_area(vk::Rect2D::default().extent(extent))
                    .clear_values(&clear),
                vk::SubpassContents::INLINE,
            );
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
            d.cmd_draw(cmd, 6, 1, 0, 0);
            d.cmd_end_render_pass(cmd);
            let region = vk::BufferImageCopy::default()
                .image_subresource(
                    vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1),
                )
                .image_extent(extent.into());
            d.cmd_copy_image_to_buffer(cmd, image, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, readback.buffer, &[region]);
            let barrier = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ);
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &[barrier],
                &[],
                &[],
            );
        });

        let result = Image { width: DRAW_SIZE, height: DRAW_SIZE, rgba: readback.bytes().to_vec() };
        d.destroy_pipeline(pipeline, None);
        d.destroy_pipeline_layout(layout, None);
        d.destroy_framebuffer(framebuffer, None);
        d.destroy_render_pass(render_pass, None);
        d.destroy_image_view(view, None);
        d.destroy_image(image, None);
        d.free_memory(memory, None);
        readback.destroy(ctx);
        result
    }
}
