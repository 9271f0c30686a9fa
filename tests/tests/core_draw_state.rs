//! Draw-time state through the real loader on lavapipe: the viewport and scissor a bound
//! graphics pipeline leaves dynamic, set (and not invalidated by binding a pipeline with them
//! static), and the index buffer of indexed draws, bound and large enough. Each case records
//! into a command buffer inside a dynamic rendering instance: the exact ids of the invalid draw
//! (skipped, so it never reaches lavapipe), and its valid neighbour, which reports nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const VERTEX_SPV: &[u8] = include_bytes!("../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../shaders/triangle.frag.spv");

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    /// Viewport and scissor dynamic, then static.
    dynamic: vk::Pipeline,
    fixed: vk::Pipeline,
    view: vk::ImageView,
    /// 12 bytes: six 16-bit indices.
    index: vk::Buffer,
    indirect: vk::Buffer,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .build_skipping_errors(&entry);
        let d = &ctx.device;
        // SAFETY: plain object creation with valid create infos.
        unsafe {
            let pool = d
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .queue_family_index(ctx.queue_family)
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                    None,
                )
                .expect("vkCreateCommandPool");
            let layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None).expect("layout");
            let dynamic = pipeline(&ctx, layout, &[vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR]);
            let fixed = pipeline(&ctx, layout, &[]);
            let image = d
                .create_image(
                    &vk::ImageCreateInfo::default()
                        .image_type(vk::ImageType::TYPE_2D)
                        .format(vk::Format::R8G8B8A8_UNORM)
                        .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
                        .mip_levels(1)
                        .array_layers(1)
                        .samples(vk::SampleCountFlags::TYPE_1)
                        .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT),
                    None,
                )
                .expect("vkCreateImage");
            bind(&ctx, d.get_image_memory_requirements(image), |m| d.bind_image_memory(image, m, 0));
            let view = d.create_image_view(&vigil_tests::context::color_view_info(image), None).expect("view");
            let index = buffer(&ctx, 12, vk::BufferUsageFlags::INDEX_BUFFER);
            let indirect = buffer(&ctx, 64, vk::BufferUsageFlags::INDIRECT_BUFFER);
            Fixture { ctx, pool, dynamic, fixed, view, index, indirect }
        }
    }

    /// Records `record` inside a rendering instance; the ids reported while recording.
    fn ids(&self, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: a command buffer of a resettable pool, recorded and never submitted.
        unsafe {
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let attachments = [vk::RenderingAttachmentInfo::default()
                .image_view(self.view)
                .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::STORE)];
            let info = vk::RenderingInfo::default()
                .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() })
                .layer_count(1)
                .color_attachments(&attachments);
            d.cmd_begin_rendering(cb, &info);
            let ids = self.ctx.messages.problem_ids_of(|| record(d, cb));
            d.cmd_end_rendering(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            ids
        }
    }
}

/// A triangle pipeline for dynamic rendering to R8G8B8A8_UNORM with `dynamic` states.
fn pipeline(ctx: &Context, layout: vk::PipelineLayout, dynamic: &[vk::DynamicState]) -> vk::Pipeline {
    let d = &ctx.device;
    let vertex = vigil_tests::programs::shader_module(ctx, VERTEX_SPV);
    let fragment = vigil_tests::programs::shader_module(ctx, FRAGMENT_SPV);
    let stages = [
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::VERTEX).module(vertex).name(c"main"),
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::FRAGMENT)
            .module(fragment)
            .name(c"main"),
    ];
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
    let input_assembly =
        vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
    let viewports = [vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0)];
    let scissors = [vk::Rect2D::default().extent(vk::Extent2D { width: 64, height: 64 })];
    let viewport = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
    let raster = vk::PipelineRasterizationStateCreateInfo::default().line_width(1.0);
    let multisample =
        vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let blend_attachments =
        [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
    let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachments);
    let dynamic_state = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(dynamic);
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut rendering = vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
    let info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend)
        .dynamic_state(&dynamic_state)
        .layout(layout)
        .push_next(&mut rendering);
    // SAFETY: a valid create info; the modules are no longer needed afterwards.
    unsafe {
        let p = d
            .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
            .map_err(|(_, e)| e)
            .expect("vkCreateGraphicsPipelines")[0];
        d.destroy_shader_module(vertex, None);
        d.destroy_shader_module(fragment, None);
        p
    }
}

/// Host-visible memory bound with `bind`.
fn bind(ctx: &Context, req: vk::MemoryRequirements, bind: impl FnOnce(vk::DeviceMemory) -> ash::prelude::VkResult<()>) {
    let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
    let info = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
    // SAFETY: a valid allocate info.
    let memory = unsafe { ctx.device.allocate_memory(&info, None) }.expect("vkAllocateMemory");
    bind(memory).expect("bind memory");
}

fn buffer(ctx: &Context, size: u64, usage: vk::BufferUsageFlags) -> vk::Buffer {
    let d = &ctx.device;
    // SAFETY: a valid create info.
    let b = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None) }.expect("buffer");
    // SAFETY: a live buffer.
    bind(ctx, unsafe { d.get_buffer_memory_requirements(b) }, |m| unsafe { d.bind_buffer_memory(b, m, 0) });
    b
}

const VIEWPORT: vk::Viewport =
    vk::Viewport { x: 0.0, y: 0.0, width: 64.0, height: 64.0, min_depth: 0.0, max_depth: 1.0 };
const SCISSOR: vk::Rect2D =
    vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 64, height: 64 } };

/// A draw command, by name.
type Draw<'a> = (&'static str, &'a dyn Fn(&ash::Device, vk::CommandBuffer));

#[test]
fn draw_state() {
    let f = Fixture::new();
    let draws: [Draw<'_>; 4] = [
        // SAFETY (all four): draws recorded inside a rendering instance.
        ("vkCmdDraw", &|d, cb| unsafe { d.cmd_draw(cb, 3, 1, 0, 0) }),
        ("vkCmdDrawIndexed", &|d, cb| unsafe { d.cmd_draw_indexed(cb, 6, 1, 0, 0, 0) }),
        ("vkCmdDrawIndexedIndirect", &|d, cb| unsafe { d.cmd_draw_indexed_indirect(cb, f.indirect, 0, 1, 20) }),
        ("vkCmdDrawIndirect", &|d, cb| unsafe { d.cmd_draw_indirect(cb, f.indirect, 0, 1, 16) }),
    ];
    for (name, draw) in draws {
        let indexed = name.contains("Indexed");
        let index = |d: &ash::Device, cb| {
            if indexed {
                // SAFETY: a bound index buffer of six 16-bit indices.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
        };
        let set_both = |d: &ash::Device, cb| {
            // SAFETY: recording.
            unsafe {
                d.cmd_set_viewport(cb, 0, &[VIEWPORT]);
                d.cmd_set_scissor(cb, 0, &[SCISSOR]);
            }
        };
        let viewport = format!("VUID-{name}-None-07831");
        let scissor = format!("VUID-{name}-None-07832");
        // SAFETY (closures below): recording commands with live objects.
        // Neither set, then only the viewport, then both.
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, [viewport.clone(), scissor.clone()], "{name}");
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            unsafe { d.cmd_set_viewport(cb, 0, &[VIEWPORT]) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, std::slice::from_ref(&scissor), "{name}");
        let ids = f.ids(|d, cb| {
            // Set before the bind: binding a pipeline with them dynamic keeps them.
            set_both(d, cb);
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        // A pipeline with them static invalidates what was set.
        let ids = f.ids(|d, cb| {
            set_both(d, cb);
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.dynamic) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, [viewport.clone(), scissor.clone()], "{name}");
        // The static pipeline needs nothing set.
        let ids = f.ids(|d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
            index(d, cb);
            draw(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
        if indexed {
            let ids = f.ids(|d, cb| {
                unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed) };
                draw(d, cb);
            });
            assert_eq!(ids, [format!("VUID-{name}-None-07312")], "{name}");
        }
    }

    // vkCmdDrawIndexed reads six 16-bit indices from a 12-byte buffer: the boundary, then past it.
    // SAFETY (closures): recording with live objects.
    let indexed = |first: u32, count: u32, offset: u64| {
        f.ids(|d, cb| unsafe {
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.fixed);
            d.cmd_bind_index_buffer(cb, f.index, offset, vk::IndexType::UINT16);
            d.cmd_draw_indexed(cb, count, 1, first, 0, 0);
        })
    };
    assert_eq!(indexed(0, 6, 0), NONE);
    assert_eq!(indexed(3, 3, 0), NONE);
    let past = ["VUID-vkCmdDrawIndexed-robustBufferAccess2-08798"];
    assert_eq!(indexed(0, 7, 0), past);
    assert_eq!(indexed(4, 3, 0), past);
    assert_eq!(indexed(0, 6, 2), past);
    assert_eq!(indexed(0, 5, 2), NONE);
}
