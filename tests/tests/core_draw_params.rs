//! Core validation of draw and dispatch parameters through the real loader on lavapipe: the
//! buffer of an indirect command (indirect usage, bound to memory, offset aligned, its records
//! inside it), the draw count and stride (multiDrawIndirect, multiples of 4, room for each
//! record), a count buffer (the same, its count inside it, the drawIndirectCount feature),
//! vkCmdDispatchBase's bases and group counts against maxComputeWorkGroupCount and a nonzero
//! base only with a pipeline created for it, and a buffer bound to every vertex input binding
//! the bound pipeline's vertex shader reads. Each case: the exact ids of the invalid command
//! (skipped, so it never reaches lavapipe), then its valid neighbour, which reports nothing.
//! Command buffers are recorded, never submitted. The test-only driver shim below Vigil lowers
//! maxDrawIndirectCount (`low-draw-indirect-count`) for the rule about that limit.

use ash::vk;
use vigil_tests::programs::{compute_pipeline, shader_module};
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const VERTEX_SPV: &[u8] = include_bytes!("../shaders/triangle.vert.spv");
const ATTRIBUTES_SPV: &[u8] = include_bytes!("../shaders/attributes.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../shaders/triangle.frag.spv");
const EMPTY_SPV: &[u8] = include_bytes!("../shaders/empty.comp.spv");

use vk::BufferUsageFlags as Usage;

/// The size of every test buffer.
const SIZE: u64 = 64;

/// An indirect command, with what the cases vary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmd {
    Draw,
    DrawIndexed,
    DrawCount,
    DrawIndexedCount,
    Dispatch,
    MeshTasks,
    MeshTasksCount,
}

impl Cmd {
    fn name(self) -> &'static str {
        match self {
            Cmd::Draw => "vkCmdDrawIndirect",
            Cmd::DrawIndexed => "vkCmdDrawIndexedIndirect",
            Cmd::DrawCount => "vkCmdDrawIndirectCount",
            Cmd::DrawIndexedCount => "vkCmdDrawIndexedIndirectCount",
            Cmd::Dispatch => "vkCmdDispatchIndirect",
            Cmd::MeshTasks => "vkCmdDrawMeshTasksIndirectEXT",
            Cmd::MeshTasksCount => "vkCmdDrawMeshTasksIndirectCountEXT",
        }
    }

    /// Whether it reads its draw count from a count buffer.
    fn counted(self) -> bool {
        matches!(self, Cmd::DrawCount | Cmd::DrawIndexedCount | Cmd::MeshTasksCount)
    }

    /// The ids of its rules on the stride with more than one record and on the last record
    /// inside the buffer.
    fn stride_and_end_ids(self) -> (String, String) {
        let (stride, end) = match self {
            Cmd::Draw => ("drawCount-00476", "drawCount-00488"),
            Cmd::DrawIndexed => ("drawCount-00528", "drawCount-00540"),
            Cmd::DrawCount => ("stride-03110", "maxDrawCount-03111"),
            Cmd::DrawIndexedCount => ("stride-03142", "maxDrawCount-03143"),
            Cmd::MeshTasks => ("drawCount-07088", "drawCount-07090"),
            Cmd::MeshTasksCount => ("stride-07096", "maxDrawCount-07097"),
            Cmd::Dispatch => ("", "offset-00407"),
        };
        (self.id(stride), self.id(end))
    }

    /// The size of one record.
    fn record(self) -> u64 {
        match self {
            Cmd::Draw | Cmd::DrawCount => 16,
            Cmd::DrawIndexed | Cmd::DrawIndexedCount => 20,
            Cmd::Dispatch | Cmd::MeshTasks | Cmd::MeshTasksCount => 12,
        }
    }

    fn id(self, rule: &str) -> String {
        format!("VUID-{}-{rule}", self.name())
    }
}

const ALL: [Cmd; 5] = [Cmd::Draw, Cmd::DrawIndexed, Cmd::DrawCount, Cmd::DrawIndexedCount, Cmd::Dispatch];

/// One indirect command's parameters: buffer, offset, drawCount (maxDrawCount), stride,
/// countBuffer, countBufferOffset.
#[derive(Clone, Copy)]
struct Params {
    buffer: vk::Buffer,
    offset: u64,
    count: u32,
    stride: u32,
    count_buffer: vk::Buffer,
    count_offset: u64,
}

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    /// Triangle pipeline (no vertex input); the vertex attribute pipeline.
    graphics: vk::Pipeline,
    attributes: vk::Pipeline,
    /// The vertex attribute pipeline with binding 2 stepping per instance.
    instanced: vk::Pipeline,
    /// empty.comp, without and with VK_PIPELINE_CREATE_DISPATCH_BASE_BIT.
    compute: vk::Pipeline,
    compute_base: vk::Pipeline,
    /// A mesh shading pipeline, on a device made with mesh shading ([`Fixture::with_mesh`]).
    mesh: vk::Pipeline,
    view: vk::ImageView,
    /// 64 bytes each: indirect usage and bound; bound without indirect usage; not bound.
    indirect: vk::Buffer,
    not_indirect: vk::Buffer,
    unbound: vk::Buffer,
    index: vk::Buffer,
    vertex: vk::Buffer,
}

impl Fixture {
    /// `full`: multiDrawIndirect and drawIndirectCount enabled. The driver shim below Vigil
    /// lowers maxDrawIndirectCount to 4 (lavapipe's is u32::MAX, which no drawCount exceeds);
    /// every fixture of the process shares its environment.
    fn new(full: bool) -> Self {
        Self::with(full, ContextBuilder::new())
    }

    /// [`Fixture::new`] on a device made with `builder`.
    fn with(full: bool, builder: ContextBuilder) -> Self {
        Self::with_features(vk::PhysicalDeviceFeatures::default().multi_draw_indirect(full), full, builder)
    }

    /// [`Fixture::with`] with the core `features` (`full`: drawIndirectCount enabled).
    fn with_features(features: vk::PhysicalDeviceFeatures, full: bool, builder: ContextBuilder) -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim("low-draw-indirect-count").entry();
        let ctx = builder
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .features(features)
            .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().draw_indirect_count(full))
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
            let graphics = graphics_pipeline(&ctx, layout, VERTEX_SPV, None);
            let attributes = graphics_pipeline(&ctx, layout, ATTRIBUTES_SPV, Some(vk::VertexInputRate::VERTEX));
            let instanced = graphics_pipeline(&ctx, layout, ATTRIBUTES_SPV, Some(vk::VertexInputRate::INSTANCE));
            let module = shader_module(&ctx, EMPTY_SPV);
            let compute = compute_pipeline(&ctx, module, layout);
            let stage = vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::COMPUTE)
                .module(module)
                .name(c"main");
            let info = vk::ComputePipelineCreateInfo::default()
                .stage(stage)
                .layout(layout)
                .flags(vk::PipelineCreateFlags::DISPATCH_BASE);
            let compute_base = d
                .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
                .map_err(|(_, e)| e)
                .expect("vkCreateComputePipelines")[0];
            d.destroy_shader_module(module, None);
            let view = ctx.color_attachment_view();
            let indirect = buffer(&ctx, Usage::INDIRECT_BUFFER, true, SIZE);
            let not_indirect = buffer(&ctx, Usage::VERTEX_BUFFER, true, SIZE);
            let unbound = buffer(&ctx, Usage::INDIRECT_BUFFER, false, SIZE);
            let index = buffer(&ctx, Usage::INDEX_BUFFER, true, SIZE);
            let vertex = buffer(&ctx, Usage::VERTEX_BUFFER, true, SIZE);
            Fixture {
                ctx,
                pool,
                graphics,
                attributes,
                instanced,
                compute,
                compute_base,
                mesh: vk::Pipeline::null(),
                view,
                indirect,
                not_indirect,
                unbound,
                index,
                vertex,
            }
        }
    }

    /// [`Fixture::new`] on a device with mesh shading, with a mesh shading pipeline.
    fn with_mesh(full: bool) -> Self {
        let mut f = Self::with(full, ContextBuilder::new().mesh_shader());
        f.mesh = mesh_pipeline(&f.ctx);
        f
    }

    /// A valid call of `cmd`: one record from the start of the indirect buffer, the count at
    /// its start.
    fn valid(&self, cmd: Cmd) -> Params {
        Params {
            buffer: self.indirect,
            offset: 0,
            count: 1,
            stride: cmd.record() as u32,
            count_buffer: self.indirect,
            count_offset: 0,
        }
    }

    /// Records `record` into a new command buffer: inside a rendering instance with the triangle
    /// pipeline (and an index buffer) bound for a draw, with the compute pipeline `compute`
    /// bound for a dispatch. The ids reported while `record` ran.
    fn ids(
        &self,
        graphics: bool,
        compute: vk::Pipeline,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer),
    ) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: a command buffer of a resettable pool, recorded and never submitted.
        unsafe {
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            if graphics {
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
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, self.graphics);
                d.cmd_bind_index_buffer(cb, self.index, 0, vk::IndexType::UINT16);
            } else {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, compute);
            }
            let ids = self.ctx.messages.problem_ids_of(|| record(d, cb));
            if graphics {
                d.cmd_end_rendering(cb);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            ids
        }
    }

    /// The ids `cmd` with `p` reports.
    fn indirect(&self, cmd: Cmd, p: Params) -> Vec<String> {
        self.ids(cmd != Cmd::Dispatch, self.compute, |d, cb| {
            // SAFETY: recording with live objects; invalid parameters are skipped by Vigil.
            unsafe {
                if matches!(cmd, Cmd::MeshTasks | Cmd::MeshTasksCount) {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, self.mesh);
                }
                let mesh = || ash::ext::mesh_shader::Device::new(&self.ctx.instance, &self.ctx.device);
                match cmd {
                    Cmd::Draw => d.cmd_draw_indirect(cb, p.buffer, p.offset, p.count, p.stride),
                    Cmd::DrawIndexed => d.cmd_draw_indexed_indirect(cb, p.buffer, p.offset, p.count, p.stride),
                    Cmd::DrawCount => d.cmd_draw_indirect_count(
                        cb,
                        p.buffer,
                        p.offset,
                        p.count_buffer,
                        p.count_offset,
                        p.count,
                        p.stride,
                    ),
                    Cmd::DrawIndexedCount => d.cmd_draw_indexed_indirect_count(
                        cb,
                        p.buffer,
                        p.offset,
                        p.count_buffer,
                        p.count_offset,
                        p.count,
                        p.stride,
                    ),
                    Cmd::Dispatch => d.cmd_dispatch_indirect(cb, p.buffer, p.offset),
                    Cmd::MeshTasks => mesh().cmd_draw_mesh_tasks_indirect(cb, p.buffer, p.offset, p.count, p.stride),
                    Cmd::MeshTasksCount => mesh().cmd_draw_mesh_tasks_indirect_count(
                        cb,
                        p.buffer,
                        p.offset,
                        p.count_buffer,
                        p.count_offset,
                        p.count,
                        p.stride,
                    ),
                }
            }
        })
    }
}

/// A pipeline for dynamic rendering to R8G8B8A8_UNORM with the vertex shader `vertex`; with
/// `attributes`, 16-byte attributes at offset 0 of locations 0, 1 and 2 from bindings 0, 1 and 2
/// (16 bytes apart), binding 2 at that input rate.
fn graphics_pipeline(
    ctx: &Context,
    layout: vk::PipelineLayout,
    vertex: &[u8],
    attributes: Option<vk::VertexInputRate>,
) -> vk::Pipeline {
    let d = &ctx.device;
    let vertex = shader_module(ctx, vertex);
    let fragment = shader_module(ctx, FRAGMENT_SPV);
    let stages = [
        vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::VERTEX).module(vertex).name(c"main"),
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::FRAGMENT)
            .module(fragment)
            .name(c"main"),
    ];
    let rate = |b| if b == 2 { attributes.unwrap_or_default() } else { vk::VertexInputRate::VERTEX };
    let bindings: Vec<_> = (0..3)
        .map(|b| vk::VertexInputBindingDescription::default().binding(b).stride(16).input_rate(rate(b)))
        .collect();
    let descriptions: Vec<_> = (0..3)
        .map(|l| {
            vk::VertexInputAttributeDescription::default()
                .location(l)
                .binding(l)
                .format(vk::Format::R32G32B32A32_SFLOAT)
        })
        .collect();
    let n = if attributes.is_some() { 3 } else { 0 };
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&bindings[..n])
        .vertex_attribute_descriptions(&descriptions[..n]);
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

/// A pipeline of empty.mesh alone, for dynamic rendering to R8G8B8A8_UNORM.
fn mesh_pipeline(ctx: &Context) -> vk::Pipeline {
    const MESH_SPV: &[u8] = include_bytes!("../shaders/empty.mesh.spv");
    let d = &ctx.device;
    let mesh = shader_module(ctx, MESH_SPV);
    let stages =
        [vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::MESH_EXT).module(mesh).name(c"main")];
    let viewports = [vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0)];
    let scissors = [vk::Rect2D::default().extent(vk::Extent2D { width: 64, height: 64 })];
    let viewport = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
    let raster = vk::PipelineRasterizationStateCreateInfo::default().line_width(1.0);
    let multisample =
        vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let blend_attachments =
        [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
    let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachments);
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut rendering = vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
    // SAFETY: valid create infos; the module is no longer needed afterwards.
    unsafe {
        let layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None).expect("layout");
        let info = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .viewport_state(&viewport)
            .rasterization_state(&raster)
            .multisample_state(&multisample)
            .color_blend_state(&blend)
            .layout(layout)
            .push_next(&mut rendering);
        let p = d
            .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
            .map_err(|(_, e)| e)
            .expect("vkCreateGraphicsPipelines")[0];
        d.destroy_shader_module(mesh, None);
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

/// A buffer of `size` bytes with `usage`, bound to memory when `bound`.
fn buffer(ctx: &Context, usage: vk::BufferUsageFlags, bound: bool, size: u64) -> vk::Buffer {
    let d = &ctx.device;
    // SAFETY: a valid create info.
    let b = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None) }.expect("buffer");
    if bound {
        // SAFETY: a live buffer.
        bind(ctx, unsafe { d.get_buffer_memory_requirements(b) }, |m| unsafe { d.bind_buffer_memory(b, m, 0) });
    }
    b
}

/// The indirect (and count) buffer rules of `cmd`: usage, memory, offsets, room for a record.
fn buffers(f: &Fixture, cmd: Cmd) {
    let name = cmd.name();
    let valid = f.valid(cmd);
    assert_eq!(f.indirect(cmd, valid), NONE, "{name}");
    let ids = f.indirect(cmd, Params { buffer: f.not_indirect, ..valid });
    assert_eq!(ids, [cmd.id("buffer-02709")], "{name}");
    let ids = f.indirect(cmd, Params { buffer: f.unbound, ..valid });
    assert_eq!(ids, [cmd.id("buffer-02708")], "{name}");
    assert_eq!(f.indirect(cmd, Params { offset: 2, ..valid }), [cmd.id("offset-02710")], "{name}");
    assert_eq!(f.indirect(cmd, Params { offset: 4, ..valid }), NONE, "{name}");
    // The last record that fits, then one 4 bytes further.
    let last = SIZE - cmd.record();
    assert_eq!(f.indirect(cmd, Params { offset: last, ..valid }), NONE, "{name}");
    let past = match cmd {
        Cmd::Draw => cmd.id("drawCount-00487"),
        Cmd::DrawIndexed => cmd.id("drawCount-00539"),
        Cmd::MeshTasks => cmd.id("drawCount-07089"),
        _ => cmd.stride_and_end_ids().1,
    };
    assert_eq!(f.indirect(cmd, Params { offset: last + 4, ..valid }), [past], "{name}");
    if cmd.counted() {
        let ids = f.indirect(cmd, Params { count_buffer: f.not_indirect, ..valid });
        assert_eq!(ids, [cmd.id("countBuffer-02715")], "{name}");
        let ids = f.indirect(cmd, Params { count_buffer: f.unbound, ..valid });
        assert_eq!(ids, [cmd.id("countBuffer-02714")], "{name}");
        let ids = f.indirect(cmd, Params { count_offset: 2, ..valid });
        assert_eq!(ids, [cmd.id("countBufferOffset-02716")], "{name}");
        assert_eq!(f.indirect(cmd, Params { count_offset: SIZE - 4, ..valid }), NONE, "{name}");
        let ids = f.indirect(cmd, Params { count_offset: SIZE, ..valid });
        assert_eq!(ids, [cmd.id("countBufferOffset-04129")], "{name}");
    }
}

/// The draw count and stride rules of the indirect draw `cmd`.
fn counts_and_strides(f: &Fixture, cmd: Cmd) {
    let name = cmd.name();
    let record = cmd.record() as u32;
    let (stride_id, end_id) = cmd.stride_and_end_ids();
    let two = Params { count: 2, ..f.valid(cmd) };
    assert_eq!(f.indirect(cmd, Params { stride: record + 4, ..two }), NONE, "{name}");
    assert_eq!(f.indirect(cmd, Params { stride: record + 2, ..two }), std::slice::from_ref(&stride_id), "{name}");
    assert_eq!(f.indirect(cmd, Params { stride: record - 4, ..two }), std::slice::from_ref(&stride_id), "{name}");
    // One record: the stride counts only for the count buffer commands.
    let one = Params { stride: 2, ..f.valid(cmd) };
    let expected: Vec<String> = if cmd.counted() { vec![stride_id] } else { Vec::new() };
    assert_eq!(f.indirect(cmd, one), expected, "{name}");
    // Three records: the last one that fits at the end of the buffer, then 4 bytes further.
    let three = Params { count: 3, stride: 16.max(record), offset: 0, ..f.valid(cmd) };
    let last_fits = SIZE - u64::from(three.stride) * 2 - u64::from(record);
    assert_eq!(f.indirect(cmd, Params { offset: last_fits, ..three }), NONE, "{name}");
    assert_eq!(f.indirect(cmd, Params { offset: last_fits + 4, ..three }), [end_id], "{name}");
    // No draws: nothing is read.
    if !cmd.counted() {
        assert_eq!(f.indirect(cmd, Params { count: 0, offset: SIZE, ..f.valid(cmd) }), NONE, "{name}");
    }
}

#[test]
fn indirect_and_count_buffers() {
    let f = Fixture::new(true);
    for cmd in ALL {
        buffers(&f, cmd);
    }
}

#[test]
fn draw_counts_and_strides() {
    let f = Fixture::new(true);
    for cmd in [Cmd::Draw, Cmd::DrawIndexed, Cmd::DrawCount, Cmd::DrawIndexedCount] {
        counts_and_strides(&f, cmd);
    }
}

#[test]
fn features_not_enabled() {
    let f = Fixture::new(false);
    for cmd in [Cmd::Draw, Cmd::DrawIndexed] {
        let name = cmd.name();
        let two = Params { count: 2, ..f.valid(cmd) };
        assert_eq!(f.indirect(cmd, two), [cmd.id("drawCount-02718")], "{name}");
        assert_eq!(f.indirect(cmd, f.valid(cmd)), NONE, "{name}");
    }
    for cmd in [Cmd::DrawCount, Cmd::DrawIndexedCount] {
        assert_eq!(f.indirect(cmd, f.valid(cmd)), [cmd.id("None-04445")], "{}", cmd.name());
    }
}

#[test]
fn dispatch_base() {
    let f = Fixture::new(true);
    let max = 65535;
    // SAFETY (closures): recording with live objects; invalid parameters are skipped by Vigil.
    let dispatch = |pipeline, base: [u32; 3], count: [u32; 3]| {
        f.ids(false, pipeline, |d, cb| unsafe {
            d.cmd_dispatch_base(cb, base[0], base[1], base[2], count[0], count[1], count[2])
        })
    };
    // SAFETY: reading the device's limits.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    assert_eq!(limits.max_compute_work_group_count, [max; 3], "lavapipe's limits changed");
    let axes = [
        ("baseGroupX-00421", "groupCountX-00424"),
        ("baseGroupX-00422", "groupCountY-00425"),
        ("baseGroupZ-00423", "groupCountZ-00426"),
    ];
    for (axis, (base_id, count_id)) in axes.into_iter().enumerate() {
        let (mut base, mut count) = ([0; 3], [1; 3]);
        base[axis] = max - 1;
        assert_eq!(dispatch(f.compute_base, base, count), NONE, "axis {axis}");
        count[axis] = 2;
        assert_eq!(
            dispatch(f.compute_base, base, count),
            [format!("VUID-vkCmdDispatchBase-{count_id}")],
            "axis {axis}"
        );
        count[axis] = 1;
        base[axis] = max;
        assert_eq!(dispatch(f.compute_base, base, count), [format!("VUID-vkCmdDispatchBase-{base_id}")], "axis {axis}");
    }
    // A nonzero base needs a pipeline created with VK_PIPELINE_CREATE_DISPATCH_BASE_BIT.
    assert_eq!(dispatch(f.compute, [0, 0, 1], [1; 3]), ["VUID-vkCmdDispatchBase-baseGroupX-00427"]);
    assert_eq!(dispatch(f.compute, [0; 3], [1; 3]), NONE);
}

#[test]
fn vertex_buffers_bound_for_the_bindings_the_shader_reads() {
    let f = Fixture::new(true);
    type Draw<'a> = (&'static str, &'a dyn Fn(&ash::Device, vk::CommandBuffer));
    let draws: [Draw<'_>; 6] = [
        // SAFETY (all six): draws recorded inside a rendering instance, with an index buffer.
        ("vkCmdDraw", &|d, cb| unsafe { d.cmd_draw(cb, 3, 1, 0, 0) }),
        ("vkCmdDrawIndexed", &|d, cb| unsafe { d.cmd_draw_indexed(cb, 6, 1, 0, 0, 0) }),
        ("vkCmdDrawIndirect", &|d, cb| unsafe { d.cmd_draw_indirect(cb, f.indirect, 0, 1, 16) }),
        ("vkCmdDrawIndexedIndirect", &|d, cb| unsafe { d.cmd_draw_indexed_indirect(cb, f.indirect, 0, 1, 20) }),
        ("vkCmdDrawIndirectCount", &|d, cb| unsafe {
            d.cmd_draw_indirect_count(cb, f.indirect, 0, f.indirect, 0, 1, 16)
        }),
        ("vkCmdDrawIndexedIndirectCount", &|d, cb| unsafe {
            d.cmd_draw_indexed_indirect_count(cb, f.indirect, 0, f.indirect, 0, 1, 20)
        }),
    ];
    let v = f.vertex;
    for (name, draw) in draws {
        let missing = [format!("VUID-{name}-None-04007")];
        // SAFETY (closures): recording with live objects; the invalid draws are skipped.
        let case = |bind: &dyn Fn(&ash::Device, vk::CommandBuffer)| {
            f.ids(true, f.compute, |d, cb| {
                unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.attributes) };
                bind(d, cb);
                draw(d, cb);
            })
        };
        assert_eq!(case(&|_, _| {}), missing, "{name}");
        // Binding 2 is read too.
        assert_eq!(case(&|d, cb| unsafe { d.cmd_bind_vertex_buffers(cb, 0, &[v, v], &[0, 0]) }), missing, "{name}");
        // Binding 1's attribute (location 1) is not an input of the shader: not needed.
        let ids = case(&|d, cb| unsafe {
            d.cmd_bind_vertex_buffers(cb, 0, &[v], &[0]);
            d.cmd_bind_vertex_buffers2(cb, 2, &[v], &[0], None, None);
        });
        assert_eq!(ids, NONE, "{name}");
        assert_eq!(case(&|d, cb| unsafe { d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0; 3]) }), NONE, "{name}");
        // VK_NULL_HANDLE bound to binding 2 without nullDescriptor: the bind is let through after
        // it is reported, so that the draw finds the null buffer.
        let ids = case(&|d, cb| unsafe {
            d.cmd_bind_vertex_buffers(cb, 0, &[v], &[0]);
            f.ctx.messages.skip_errors(false);
            d.cmd_bind_vertex_buffers(cb, 2, &[vk::Buffer::null()], &[0]);
            f.ctx.messages.skip_errors(true);
        });
        let null = ["VUID-vkCmdBindVertexBuffers-pBuffers-04001".to_string(), format!("VUID-{name}-None-04008")];
        assert_eq!(ids, null, "{name}");
        // The triangle pipeline has no vertex input.
        let ids = f.ids(true, f.compute, |d, cb| draw(d, cb));
        assert_eq!(ids, NONE, "{name}");
    }
}

#[test]
fn draw_count_within_max_draw_indirect_count() {
    // lavapipe's maxDrawIndirectCount is u32::MAX: the shim lowers it to 4.
    let f = Fixture::new(true);
    let big = buffer(&f.ctx, Usage::INDIRECT_BUFFER, true, 256);
    for cmd in [Cmd::Draw, Cmd::DrawIndexed] {
        let name = cmd.name();
        let four = Params { buffer: big, count: 4, ..f.valid(cmd) };
        assert_eq!(f.indirect(cmd, four), NONE, "{name}");
        assert_eq!(f.indirect(cmd, Params { count: 5, ..four }), [cmd.id("drawCount-02719")], "{name}");
    }
}

#[test]
fn null_vertex_buffers() {
    let f = Fixture::new(true);
    let null = vk::Buffer::null();
    // SAFETY (closures): recording with live objects; the invalid binds are skipped.
    let bind = |f: &Fixture, offset: u64| {
        let one = f
            .ids(true, f.compute, |d, cb| unsafe { d.cmd_bind_vertex_buffers(cb, 0, &[f.vertex, null], &[0, offset]) });
        let two = f.ids(true, f.compute, |d, cb| unsafe {
            d.cmd_bind_vertex_buffers2(cb, 0, &[f.vertex, null], &[0, offset], None, None)
        });
        [one, two]
    };
    let ids = bind(&f, 0);
    assert_eq!(ids, [["VUID-vkCmdBindVertexBuffers-pBuffers-04001"], ["VUID-vkCmdBindVertexBuffers2-pBuffers-04111"]]);
    let ids = bind(&f, 16);
    assert_eq!(
        ids,
        [
            ["VUID-vkCmdBindVertexBuffers-pBuffers-04001", "VUID-vkCmdBindVertexBuffers-pBuffers-04002"],
            ["VUID-vkCmdBindVertexBuffers2-pBuffers-04111", "VUID-vkCmdBindVertexBuffers2-pBuffers-04112"]
        ]
    );
    // With nullDescriptor: null at offset 0 is valid, and counts as bound for the draw.
    let f = Fixture::with(true, ContextBuilder::new().null_descriptor());
    assert_eq!(bind(&f, 0), [NONE, NONE]);
    let ids = bind(&f, 16);
    assert_eq!(ids, [["VUID-vkCmdBindVertexBuffers-pBuffers-04002"], ["VUID-vkCmdBindVertexBuffers2-pBuffers-04112"]]);
    // SAFETY: recording with live objects.
    let ids = f.ids(true, f.compute, |d, cb| unsafe {
        d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.attributes);
        d.cmd_bind_vertex_buffers(cb, 0, &[null, null, null], &[0; 3]);
        d.cmd_draw(cb, 3, 1, 0, 0);
    });
    assert_eq!(ids, NONE);
}

#[test]
fn multi_draw_strides_and_vertex_buffers() {
    let f = Fixture::with(true, ContextBuilder::new().multi_draw());
    let multi = ash::ext::multi_draw::Device::new(&f.ctx.instance, &f.ctx.device);
    // Room for two draws at any stride the cases use; zeros: draws of no vertices.
    let data = [0u32; 16];
    let (multi, data) = (&multi, &data);
    // SAFETY (closures): recording with live objects and `data`; invalid calls are skipped.
    let draw = |indexed: bool, count: u32, stride: u32| {
        move |_: &ash::Device, cb| unsafe {
            if indexed {
                (multi.fp().cmd_draw_multi_indexed_ext)(
                    cb,
                    count,
                    data.as_ptr().cast(),
                    1,
                    0,
                    stride,
                    std::ptr::null(),
                );
            } else {
                (multi.fp().cmd_draw_multi_ext)(cb, count, data.as_ptr().cast(), 1, 0, stride);
            }
        }
    };
    for (indexed, name, element) in [(false, "vkCmdDrawMultiEXT", 8), (true, "vkCmdDrawMultiIndexedEXT", 12)] {
        let stride_id = [format!("VUID-{name}-drawCount-{}", if indexed { "09629" } else { "09628" })];
        assert_eq!(f.ids(true, f.compute, draw(indexed, 2, element)), NONE, "{name}");
        assert_eq!(f.ids(true, f.compute, draw(indexed, 2, element + 4)), NONE, "{name}");
        assert_eq!(f.ids(true, f.compute, draw(indexed, 2, element + 2)), stride_id, "{name}");
        assert_eq!(f.ids(true, f.compute, draw(indexed, 2, element - 4)), stride_id, "{name}");
        // One draw: the stride is not read.
        assert_eq!(f.ids(true, f.compute, draw(indexed, 1, 2)), NONE, "{name}");
        // The attribute pipeline without, then with, its vertex buffers.
        let v = f.vertex;
        let ids = f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording with live objects.
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.attributes) };
            draw(indexed, 1, element)(d, cb);
        });
        assert_eq!(ids, [format!("VUID-{name}-None-04007")], "{name}");
        let ids = f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording with live objects.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.attributes);
                d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0; 3]);
            }
            draw(indexed, 1, element)(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
    }
}

#[test]
fn mesh_tasks_indirect() {
    let f = Fixture::with_mesh(true);
    for cmd in [Cmd::MeshTasks, Cmd::MeshTasksCount] {
        buffers(&f, cmd);
        counts_and_strides(&f, cmd);
    }
    let big = buffer(&f.ctx, Usage::INDIRECT_BUFFER, true, 256);
    let four = Params { buffer: big, count: 4, ..f.valid(Cmd::MeshTasks) };
    assert_eq!(f.indirect(Cmd::MeshTasks, four), NONE);
    assert_eq!(f.indirect(Cmd::MeshTasks, Params { count: 5, ..four }), [Cmd::MeshTasks.id("drawCount-02719")]);
    // Without multiDrawIndirect and drawIndirectCount.
    let f = Fixture::with_mesh(false);
    let two = Params { count: 2, ..f.valid(Cmd::MeshTasks) };
    assert_eq!(f.indirect(Cmd::MeshTasks, two), [Cmd::MeshTasks.id("drawCount-02718")]);
    assert_eq!(f.indirect(Cmd::MeshTasks, f.valid(Cmd::MeshTasks)), NONE);
    let ids = f.indirect(Cmd::MeshTasksCount, f.valid(Cmd::MeshTasksCount));
    assert_eq!(ids, [Cmd::MeshTasksCount.id("None-04445")]);
}

#[test]
fn vertex_attributes_fetched_inside_their_buffers() {
    let f = Fixture::new(true);
    let v = f.vertex;
    // 64-byte vertex buffers, 16-byte attributes 16 bytes apart: four vertices (or instances).
    type Record<'a> = &'a dyn Fn(&ash::Device, vk::CommandBuffer);
    let draw = |pipeline, bind: Record<'_>, draw: Record<'_>| {
        f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording with live objects.
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline) };
            bind(d, cb);
            draw(d, cb);
        })
    };
    // SAFETY (closures below): recording with live objects; the invalid draws are skipped.
    let all = |d: &ash::Device, cb| unsafe { d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0; 3]) };
    let past = ["VUID-vkCmdDraw-None-02721"];
    let vertices = |count, first| move |d: &ash::Device, cb| unsafe { d.cmd_draw(cb, count, 1, first, 0) };
    assert_eq!(draw(f.attributes, &all, &vertices(4, 0)), NONE);
    assert_eq!(draw(f.attributes, &all, &vertices(5, 0)), past);
    assert_eq!(draw(f.attributes, &all, &vertices(1, 3)), NONE);
    assert_eq!(draw(f.attributes, &all, &vertices(1, 4)), past);
    // Binding 2 from offset 16: three vertices. Binding 1 is not read: its range does not count.
    let offsets = |d: &ash::Device, cb| unsafe { d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0, 48, 16]) };
    assert_eq!(draw(f.attributes, &offsets, &vertices(3, 0)), NONE);
    assert_eq!(draw(f.attributes, &offsets, &vertices(4, 0)), past);
    // vkCmdBindVertexBuffers2's sizes: 32 bytes of binding 0, two vertices.
    let sized = |d: &ash::Device, cb| unsafe {
        d.cmd_bind_vertex_buffers2(cb, 0, &[v; 3], &[0; 3], Some(&[32, SIZE, SIZE]), None)
    };
    assert_eq!(draw(f.attributes, &sized, &vertices(2, 0)), NONE);
    assert_eq!(draw(f.attributes, &sized, &vertices(3, 0)), past);
    // Binding 2 per instance: four instances, whatever the vertex count; indexed draws too.
    let instances = |count, first| move |d: &ash::Device, cb| unsafe { d.cmd_draw(cb, 4, count, 0, first) };
    assert_eq!(draw(f.instanced, &all, &instances(4, 0)), NONE);
    assert_eq!(draw(f.instanced, &all, &instances(5, 0)), past);
    assert_eq!(draw(f.instanced, &all, &instances(1, 4)), past);
    let indexed = |count, first| move |d: &ash::Device, cb| unsafe { d.cmd_draw_indexed(cb, 6, count, 0, 0, first) };
    let indexed_past = ["VUID-vkCmdDrawIndexed-None-02721"];
    assert_eq!(draw(f.instanced, &all, &indexed(4, 0)), NONE);
    assert_eq!(draw(f.instanced, &all, &indexed(1, 3)), NONE);
    assert_eq!(draw(f.instanced, &all, &indexed(5, 0)), indexed_past);
    assert_eq!(draw(f.instanced, &all, &indexed(1, 4)), indexed_past);
    // The vertices an indexed draw fetches depend on its indices: not judged.
    assert_eq!(draw(f.attributes, &offsets, &indexed(1, 0)), NONE);
}

#[test]
fn vertex_attributes_past_their_buffers_with_robust_buffer_access() {
    let features = vk::PhysicalDeviceFeatures::default().robust_buffer_access(true);
    let f = Fixture::with_features(features, false, ContextBuilder::new());
    let v = f.vertex;
    // Five vertices from 64-byte buffers holding four: robustBufferAccess makes that defined.
    let ids = f.ids(true, f.compute, |d, cb| {
        // SAFETY: recording with live objects.
        unsafe {
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.attributes);
            d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0; 3]);
            d.cmd_draw(cb, 5, 1, 0, 0);
        }
    });
    assert_eq!(ids, NONE);
}

#[test]
fn multi_draws_fetch_inside_their_buffers() {
    let f = Fixture::with(true, ContextBuilder::new().multi_draw());
    let multi = ash::ext::multi_draw::Device::new(&f.ctx.instance, &f.ctx.device);
    let v = f.vertex;
    // Draws of `words` (firstVertex, vertexCount pairs, or firstIndex, indexCount, vertexOffset
    // triples), `instances` instances, with `pipeline` and every vertex buffer bound.
    let draw = |pipeline, indexed: bool, words: &[u32], instances: u32| {
        let (element, count) = if indexed { (12, words.len() / 3) } else { (8, words.len() / 2) };
        f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording with live objects and `words`; invalid draws are skipped.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                d.cmd_bind_vertex_buffers(cb, 0, &[v; 3], &[0; 3]);
                let (n, p) = (count as u32, words.as_ptr());
                if indexed {
                    (multi.fp().cmd_draw_multi_indexed_ext)(cb, n, p.cast(), instances, 0, element, std::ptr::null());
                } else {
                    (multi.fp().cmd_draw_multi_ext)(cb, n, p.cast(), instances, 0, element);
                }
            }
        })
    };
    // 64-byte vertex buffers hold four vertices (or instances) of the attribute pipelines.
    let past = ["VUID-vkCmdDrawMultiEXT-None-02721"];
    assert_eq!(draw(f.attributes, false, &[0, 4], 1), NONE);
    assert_eq!(draw(f.attributes, false, &[1, 4], 1), past);
    assert_eq!(draw(f.attributes, false, &[0, 1, 3, 1], 1), NONE);
    assert_eq!(draw(f.attributes, false, &[0, 1, 3, 2], 1), past);
    // Draws of no vertices fetch nothing.
    assert_eq!(draw(f.attributes, false, &[9, 0], 1), NONE);
    assert_eq!(draw(f.instanced, false, &[0, 4], 4), NONE);
    assert_eq!(draw(f.instanced, false, &[0, 4], 5), past);
    let indexed_past = ["VUID-vkCmdDrawMultiIndexedEXT-None-02721"];
    assert_eq!(draw(f.instanced, true, &[0, 3, 0], 4), NONE);
    assert_eq!(draw(f.instanced, true, &[0, 3, 0], 5), indexed_past);
    // The 64-byte index buffer holds 32 16-bit indices.
    let indices_past = ["VUID-vkCmdDrawMultiIndexedEXT-robustBufferAccess2-08798"];
    assert_eq!(draw(f.graphics, true, &[0, 32, 0], 1), NONE);
    assert_eq!(draw(f.graphics, true, &[1, 32, 0], 1), indices_past);
    assert_eq!(draw(f.graphics, true, &[0, 4, 0, 29, 3, 0], 1), NONE);
    assert_eq!(draw(f.graphics, true, &[0, 4, 0, 30, 3, 0], 1), indices_past);
}

#[test]
fn draw_indirect_byte_count() {
    let f = Fixture::with(true, ContextBuilder::new().transform_feedback(true));
    // counterBuffer, counterBufferOffset, counterOffset, vertexStride; with `pipeline` bound.
    let draw = |f: &Fixture, pipeline, (buffer, buffer_offset, counter_offset, stride): (vk::Buffer, u64, u32, u32)| {
        let xfb = ash::ext::transform_feedback::Device::new(&f.ctx.instance, &f.ctx.device);
        f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording with live objects; invalid calls are skipped.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                (xfb.fp().cmd_draw_indirect_byte_count_ext)(cb, 1, 0, buffer, buffer_offset, counter_offset, stride);
            }
        })
    };
    let id = |rule: &str| [format!("VUID-vkCmdDrawIndirectByteCountEXT-{rule}")];
    let g = f.graphics;
    assert_eq!(draw(&f, g, (f.indirect, 0, 0, 16)), NONE);
    assert_eq!(draw(&f, g, (f.indirect, 4, 4, 4)), NONE);
    assert_eq!(draw(&f, g, (f.not_indirect, 0, 0, 16)), id("counterBuffer-02290"));
    assert_eq!(draw(&f, g, (f.unbound, 0, 0, 16)), id("counterBuffer-04567"));
    assert_eq!(draw(&f, g, (f.indirect, 2, 0, 16)), id("counterBufferOffset-04568"));
    assert_eq!(draw(&f, g, (f.indirect, 0, 2, 16)), id("counterOffset-09474"));
    assert_eq!(draw(&f, g, (f.indirect, 0, 0, 6)), id("vertexStride-09475"));
    assert_eq!(draw(&f, g, (f.indirect, 0, 0, 0)), id("vertexStride-02289"));
    // The attribute pipeline reads vertex buffers none of which is bound.
    assert_eq!(draw(&f, f.attributes, (f.indirect, 0, 0, 16)), id("None-04007"));
    // The extension without its feature.
    let f = Fixture::with(true, ContextBuilder::new().transform_feedback(false));
    assert_eq!(draw(&f, f.graphics, (f.indirect, 0, 0, 16)), id("transformFeedback-02287"));
}

/// A pipeline with a mesh shader is drawn with vkCmdDrawMeshTasks*, never with vkCmdDraw*.
#[test]
fn mesh_pipelines_not_drawn_with_vertex_draws() {
    let f = Fixture::with_mesh(true);
    let (mesh, triangle) = (f.mesh, f.graphics);
    let draw = |pipeline, indexed: bool| {
        f.ids(true, f.compute, |d, cb| {
            // SAFETY: recording inside a rendering instance with live objects; invalid draws are
            // skipped by Vigil.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                if indexed {
                    d.cmd_draw_indexed(cb, 3, 1, 0, 0, 0);
                } else {
                    d.cmd_draw(cb, 3, 1, 0, 0);
                }
            }
        })
    };
    assert_eq!(draw(mesh, false), ["VUID-vkCmdDraw-stage-06481"]);
    assert_eq!(draw(mesh, true), ["VUID-vkCmdDrawIndexed-stage-06481"]);
    assert_eq!(draw(triangle, false), NONE);
    assert_eq!(draw(triangle, true), NONE);
}
