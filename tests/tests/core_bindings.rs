//! Core validation of what command buffers bind, through the real loader on lavapipe: a
//! pipeline of the bind point's kind; descriptor sets against the pipeline layout they are bound
//! with (set numbers, identically defined set layouts, the count and alignment of dynamic
//! offsets); push constants against the layout's ranges; and a pipeline bound before a draw or
//! a dispatch. Each rule's invalid call (the exact ids reported, the call skipped) beside its
//! valid boundary neighbour (nothing reported).

use ash::vk;
use vigil_tests::programs::{shader_module, triangle_pipeline};
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

/// A compute shader with a 16-byte push constant block.
const PUSHED_COMP_SPV: &[u8] = include_bytes!("../shaders/pushed.comp.spv");
const COMPUTE_SPV: &[u8] = include_bytes!("../shaders/compute.comp.spv");
const NONE: [&str; 0] = [];
const COMPUTE: vk::ShaderStageFlags = vk::ShaderStageFlags::COMPUTE;
const VERTEX: vk::ShaderStageFlags = vk::ShaderStageFlags::VERTEX;

/// One device with the objects the cases bind.
struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    /// One storage buffer (what compute.comp uses), and one identically defined.
    storage_layout: vk::DescriptorSetLayout,
    twin_layout: vk::DescriptorSetLayout,
    /// One uniform buffer: a different definition.
    uniform_layout: vk::DescriptorSetLayout,
    /// Two dynamic uniform buffers (binding 0) and a dynamic storage buffer (binding 1).
    dynamic_layout: vk::DescriptorSetLayout,
    /// Set 0: `storage_layout`; push constants: compute 0..16.
    compute_layout: vk::PipelineLayout,
    /// Set 0: `dynamic_layout`; push constants: compute and vertex 0..8.
    dynamic_pipeline_layout: vk::PipelineLayout,
    compute: vk::Pipeline,
    graphics: vk::Pipeline,
    descriptor_pool: vk::DescriptorPool,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
}

fn set_layout(d: &ash::Device, bindings: &[(vk::DescriptorType, u32)]) -> vk::DescriptorSetLayout {
    let bindings: Vec<_> = bindings
        .iter()
        .enumerate()
        .map(|(i, &(ty, n))| {
            vk::DescriptorSetLayoutBinding::default()
                .binding(i as u32)
                .descriptor_type(ty)
                .descriptor_count(n)
                .stage_flags(COMPUTE)
        })
        .collect();
    // SAFETY: a valid create info.
    unsafe { d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None) }
        .expect("vkCreateDescriptorSetLayout")
}

fn pipeline_layout(
    d: &ash::Device,
    set: vk::DescriptorSetLayout,
    ranges: &[(vk::ShaderStageFlags, u32, u32)],
) -> vk::PipelineLayout {
    let sets = [set];
    let ranges: Vec<_> =
        ranges.iter().map(|&(s, offset, size)| vk::PushConstantRange { stage_flags: s, offset, size }).collect();
    let info = vk::PipelineLayoutCreateInfo::default().set_layouts(&sets).push_constant_ranges(&ranges);
    // SAFETY: a valid create info.
    unsafe { d.create_pipeline_layout(&info, None) }.expect("vkCreatePipelineLayout")
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .maintenance5()
            .maintenance6()
            .mutable_descriptor_type()
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        // Invalid calls are skipped: they never reach lavapipe.
        ctx.messages.skip_errors(true);
        let d = &ctx.device;
        let storage = vk::DescriptorType::STORAGE_BUFFER;
        let storage_layout = set_layout(d, &[(storage, 1)]);
        let twin_layout = set_layout(d, &[(storage, 1)]);
        let uniform_layout = set_layout(d, &[(vk::DescriptorType::UNIFORM_BUFFER, 1)]);
        let dynamic_layout = set_layout(
            d,
            &[(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC, 2), (vk::DescriptorType::STORAGE_BUFFER_DYNAMIC, 1)],
        );
        let compute_layout = pipeline_layout(d, storage_layout, &[(COMPUTE, 0, 16)]);
        let dynamic_pipeline_layout = pipeline_layout(d, dynamic_layout, &[(COMPUTE | VERTEX, 0, 8)]);
        // SAFETY: valid create infos, objects of this device.
        unsafe {
            let module = shader_module(&ctx, COMPUTE_SPV);
            let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).module(module).name(c"main");
            let compute = d
                .create_compute_pipelines(
                    vk::PipelineCache::null(),
                    &[vk::ComputePipelineCreateInfo::default().stage(stage).layout(compute_layout)],
                    None,
                )
                .map_err(|(_, e)| e)
                .expect("vkCreateComputePipelines")[0];
            d.destroy_shader_module(module, None);
            let empty = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None).unwrap();
            let graphics = triangle_pipeline(&ctx, empty, vk::RenderPass::null(), vk::Extent2D { width: 8, height: 8 });
            d.destroy_pipeline_layout(empty, None);
            let sizes = [
                vk::DescriptorPoolSize { ty: storage, descriptor_count: 16 },
                vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 16 },
                vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC, descriptor_count: 16 },
                vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER_DYNAMIC, descriptor_count: 16 },
            ];
            let descriptor_pool = d
                .create_descriptor_pool(
                    &vk::DescriptorPoolCreateInfo::default()
                        .flags(vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET)
                        .max_sets(16)
                        .pool_sizes(&sizes),
                    None,
                )
                .expect("vkCreateDescriptorPool");
            let usage = vk::BufferUsageFlags::UNIFORM_BUFFER | vk::BufferUsageFlags::STORAGE_BUFFER;
            let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(4096).usage(usage), None).unwrap();
            let req = d.get_buffer_memory_requirements(buffer);
            let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
            d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            let pool = d
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER)
                        .queue_family_index(ctx.queue_family),
                    None,
                )
                .expect("vkCreateCommandPool");
            Fixture {
                ctx,
                pool,
                storage_layout,
                twin_layout,
                uniform_layout,
                dynamic_layout,
                compute_layout,
                dynamic_pipeline_layout,
                compute,
                graphics,
                descriptor_pool,
                buffer,
                memory,
            }
        }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    /// The ids Vigil reported as WARNING/ERROR during `call`.
    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.clear();
        call();
        self.ctx.messages.problem_ids()
    }

    /// A primary command buffer, recording.
    fn recording(&self) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1);
        // SAFETY: a valid allocate info; the buffer is begun once.
        unsafe {
            let cb = self.d().allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            self.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            cb
        }
    }

    /// A set of `layout`, its buffers (if any) written with `buffer`.
    fn set(&self, layout: vk::DescriptorSetLayout) -> vk::DescriptorSet {
        let layouts = [layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.descriptor_pool).set_layouts(&layouts);
        // SAFETY: a valid allocate info, from a pool with room.
        let set = unsafe { self.d().allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0];
        if layout == self.dynamic_layout {
            let infos = [vk::DescriptorBufferInfo { buffer: self.buffer, offset: 0, range: 256 }; 2];
            let writes = [
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(0)
                    .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
                    .buffer_info(&infos),
                vk::WriteDescriptorSet::default()
                    .dst_set(set)
                    .dst_binding(1)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER_DYNAMIC)
                    .buffer_info(&infos[..1]),
            ];
            // SAFETY: writes of the set's bindings with a live buffer.
            unsafe { self.d().update_descriptor_sets(&writes, &[]) };
        } else if layout == self.storage_layout {
            // Written: a dispatch with the set bound needs its storage buffer valid.
            let infos = [vk::DescriptorBufferInfo { buffer: self.buffer, offset: 0, range: 256 }];
            let write = vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(0)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .buffer_info(&infos);
            // SAFETY: a write of the set's binding with a live buffer.
            unsafe { self.d().update_descriptor_sets(&[write], &[]) };
        }
        set
    }

    fn bind(
        &self,
        cb: vk::CommandBuffer,
        layout: vk::PipelineLayout,
        first: u32,
        sets: &[vk::DescriptorSet],
        offsets: &[u32],
    ) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid binds are skipped by Vigil.
        self.ids(|| unsafe {
            self.d().cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, layout, first, sets, offsets)
        })
    }

    fn push(
        &self,
        cb: vk::CommandBuffer,
        layout: vk::PipelineLayout,
        stages: vk::ShaderStageFlags,
        offset: u32,
        size: u32,
    ) -> Vec<String> {
        let data = [0u8; 32];
        // SAFETY: a recording command buffer; invalid pushes are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_push_constants(cb, layout, stages, offset, &data[..size as usize]) })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: nothing of the fixture is in use (nothing was submitted).
        unsafe {
            let d = &self.ctx.device;
            d.destroy_command_pool(self.pool, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            d.destroy_pipeline(self.compute, None);
            d.destroy_pipeline(self.graphics, None);
            d.destroy_pipeline_layout(self.compute_layout, None);
            d.destroy_pipeline_layout(self.dynamic_pipeline_layout, None);
            for l in [self.storage_layout, self.twin_layout, self.uniform_layout, self.dynamic_layout] {
                d.destroy_descriptor_set_layout(l, None);
            }
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
        }
    }
}

#[test]
fn pipelines_bound_to_the_other_kinds_bind_point() {
    let f = Fixture::new();
    let cb = f.recording();
    // SAFETY: a recording command buffer and live pipelines; invalid binds are skipped by Vigil.
    let bind = |point, pipeline| f.ids(|| unsafe { f.d().cmd_bind_pipeline(cb, point, pipeline) });
    assert_eq!(bind(vk::PipelineBindPoint::GRAPHICS, f.compute), ["VUID-vkCmdBindPipeline-pipelineBindPoint-00780"]);
    assert_eq!(bind(vk::PipelineBindPoint::COMPUTE, f.graphics), ["VUID-vkCmdBindPipeline-pipelineBindPoint-00779"]);
    assert_eq!(bind(vk::PipelineBindPoint::COMPUTE, f.compute), NONE);
    assert_eq!(bind(vk::PipelineBindPoint::GRAPHICS, f.graphics), NONE);
}

#[test]
fn dispatching_and_drawing_with_no_pipeline_bound() {
    let f = Fixture::new();
    let cb = f.recording();
    // SAFETY: a recording command buffer; invalid commands are skipped by Vigil.
    unsafe {
        assert_eq!(f.ids(|| f.d().cmd_dispatch(cb, 1, 1, 1)), ["VUID-vkCmdDispatch-None-08606"]);
        assert_eq!(f.ids(|| f.d().cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1)), ["VUID-vkCmdDispatchBase-None-08606"]);
        // A graphics pipeline does not serve the compute bind point.
        f.d().cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.graphics);
        assert_eq!(f.ids(|| f.d().cmd_dispatch(cb, 1, 1, 1)), ["VUID-vkCmdDispatch-None-08606"]);
        // vkCmdDraw, inside a render pass instance (one with no attachments).
        let other = f.recording();
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
        f.d().cmd_begin_rendering(other, &vk::RenderingInfo::default().render_area(area).layer_count(1));
        assert_eq!(f.ids(|| f.d().cmd_draw(other, 3, 1, 0, 0)), ["VUID-vkCmdDraw-None-08606"]);
        f.d().cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, f.compute);
        let set = f.set(f.storage_layout);
        assert_eq!(f.bind(cb, f.compute_layout, 0, &[set], &[]), NONE);
        assert_eq!(f.push(cb, f.compute_layout, COMPUTE, 0, 4), NONE);
        assert_eq!(f.ids(|| f.d().cmd_dispatch(cb, 1, 1, 1)), NONE);
        // A new recording starts with nothing bound.
        f.d().end_command_buffer(cb).unwrap();
        f.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).unwrap();
        assert_eq!(f.ids(|| f.d().cmd_dispatch(cb, 1, 1, 1)), ["VUID-vkCmdDispatch-None-08606"]);
    }
}

#[test]
fn descriptor_sets_beyond_the_layout_or_of_another_definition() {
    let f = Fixture::new();
    let cb = f.recording();
    let (storage, twin, uniform) = (f.set(f.storage_layout), f.set(f.twin_layout), f.set(f.uniform_layout));
    assert_eq!(f.bind(cb, f.compute_layout, 1, &[storage], &[]), ["VUID-vkCmdBindDescriptorSets-firstSet-00360"]);
    assert_eq!(f.bind(cb, f.compute_layout, 0, &[storage, twin], &[]), ["VUID-vkCmdBindDescriptorSets-firstSet-00360"]);
    assert_eq!(
        f.bind(cb, f.compute_layout, 0, &[uniform], &[]),
        ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-00358"]
    );
    assert_eq!(f.bind(cb, f.compute_layout, 0, &[storage], &[]), NONE);
    // Identically defined: another layout object with the same bindings.
    assert_eq!(f.bind(cb, f.compute_layout, 0, &[twin], &[]), NONE);
}

/// vkCmdBindDescriptorSets2 holds its VkBindDescriptorSetsInfo to the same rules, by that
/// structure's ids.
#[test]
fn bind_descriptor_sets2_follows_the_same_rules() {
    let f = Fixture::new();
    let cb = f.recording();
    let m6 = ash::khr::maintenance6::Device::new(&f.ctx.instance, &f.ctx.device);
    let (storage, uniform, dynamic) = (f.set(f.storage_layout), f.set(f.uniform_layout), f.set(f.dynamic_layout));
    let bind = |layout, first, sets: &[vk::DescriptorSet], offsets: &[u32]| {
        let info = vk::BindDescriptorSetsInfoKHR::default()
            .stage_flags(COMPUTE)
            .layout(layout)
            .first_set(first)
            .descriptor_sets(sets)
            .dynamic_offsets(offsets);
        // SAFETY: a recording command buffer; invalid binds are skipped by Vigil.
        f.ids(|| unsafe { m6.cmd_bind_descriptor_sets2(cb, &info) })
    };
    let id = |s: &str| format!("VUID-VkBindDescriptorSetsInfo-{s}");
    assert_eq!(bind(f.compute_layout, 1, &[storage], &[]), [id("firstSet-00360")]);
    assert_eq!(bind(f.compute_layout, 0, &[uniform], &[]), [id("pDescriptorSets-00358")]);
    // Unlike vkCmdBindDescriptorSets's array, the structure's array admits no null handle in its
    // implicit rule either, which stateless validation reports under its own id.
    assert_eq!(
        bind(f.compute_layout, 0, &[vk::DescriptorSet::null()], &[]),
        ["UNASSIGNED-GeneralParameterError-RequiredHandleArray".to_string(), id("pDescriptorSets-06563")]
    );
    assert_eq!(bind(f.compute_layout, 0, &[storage], &[]), NONE);
    // The dynamic set: three dynamic descriptors (two uniform, one storage), 256 bytes each.
    assert_eq!(bind(f.dynamic_pipeline_layout, 0, &[dynamic], &[0, 0]), [id("dynamicOffsetCount-00359")]);
    assert_eq!(bind(f.dynamic_pipeline_layout, 0, &[dynamic], &[1, 0, 0]), [id("pDynamicOffsets-01971")]);
    assert_eq!(bind(f.dynamic_pipeline_layout, 0, &[dynamic], &[0, 0, 0]), NONE);
    // SAFETY: lavapipe's physical device.
    let u = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }
        .limits
        .min_uniform_buffer_offset_alignment as u32;
    assert_eq!(bind(f.dynamic_pipeline_layout, 0, &[dynamic], &[4096 - 256 + u, 0, 0]), [id("pDescriptorSets-01979")]);
}

#[test]
fn null_sets_and_sets_of_host_only_pools_are_not_bound() {
    let f = Fixture::new();
    let cb = f.recording();
    let storage = f.set(f.storage_layout);
    // Without the graphicsPipelineLibrary feature a null handle stands for no set.
    let null = vk::DescriptorSet::null();
    assert_eq!(f.bind(cb, f.compute_layout, 0, &[null], &[]), ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-06563"]);
    assert_eq!(f.bind(cb, f.compute_layout, 0, &[storage], &[]), NONE);
    // A set of a host-only pool (of the same layout) exists for copies, not for binding.
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
    let info = vk::DescriptorPoolCreateInfo::default()
        .flags(vk::DescriptorPoolCreateFlags::HOST_ONLY_EXT)
        .max_sets(1)
        .pool_sizes(&sizes);
    let layouts = [f.storage_layout];
    // SAFETY: a valid create info (mutableDescriptorType is enabled) and allocate info.
    let (pool, host_only) = unsafe {
        let pool = f.d().create_descriptor_pool(&info, None).expect("vkCreateDescriptorPool");
        let allocate = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts);
        (pool, f.d().allocate_descriptor_sets(&allocate).expect("vkAllocateDescriptorSets")[0])
    };
    assert_eq!(
        f.bind(cb, f.compute_layout, 0, &[host_only], &[]),
        ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-04616"]
    );
    // SAFETY: the command buffer that named the set is never submitted.
    unsafe {
        f.d().end_command_buffer(cb).expect("vkEndCommandBuffer");
        f.d().destroy_descriptor_pool(pool, None);
    }
}

/// With graphics pipeline libraries: a library is not bound (it is linked), and a null set may
/// stand for a set the pipeline does not use.
#[test]
fn pipeline_libraries_are_linked_not_bound() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).graphics_pipeline_library().build(&entry);
    ctx.messages.skip_errors(true);
    let d = &ctx.device;
    let mut part = vk::GraphicsPipelineLibraryCreateInfoEXT::default()
        .flags(vk::GraphicsPipelineLibraryFlagsEXT::VERTEX_INPUT_INTERFACE);
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
    let assembly = vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
    let info = vk::GraphicsPipelineCreateInfo::default()
        .flags(vk::PipelineCreateFlags::LIBRARY_KHR)
        .push_next(&mut part)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&assembly);
    let storage = set_layout(d, &[(vk::DescriptorType::STORAGE_BUFFER, 1)]);
    let layout = pipeline_layout(d, storage, &[]);
    // SAFETY: a valid create info of a vertex input interface library, and a recording command
    // buffer of a new pool; invalid calls are skipped by Vigil, and nothing is submitted.
    unsafe {
        let mut library = vk::Pipeline::null();
        let created = ctx.messages.problem_ids_of(|| {
            library = d.create_graphics_pipelines(vk::PipelineCache::null(), &[info], None).expect("a library")[0];
        });
        assert_eq!(created, NONE, "creating the library");
        let pool = d
            .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
            .expect("vkCreateCommandPool");
        let cb = ctx.recording_primary(pool);
        let graphics = vk::PipelineBindPoint::GRAPHICS;
        assert_eq!(
            ctx.messages.problem_ids_of(|| d.cmd_bind_pipeline(cb, graphics, library)),
            ["VUID-vkCmdBindPipeline-pipeline-03382"]
        );
        let null = [vk::DescriptorSet::null()];
        assert_eq!(
            ctx.messages.problem_ids_of(|| d.cmd_bind_descriptor_sets(cb, graphics, layout, 0, &null, &[])),
            NONE
        );
        let ended = ctx.messages.problem_ids_of(|| {
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.destroy_command_pool(pool, None);
            d.destroy_pipeline(library, None);
        });
        assert_eq!(ended, NONE, "ending and destroying");
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_set_layout(storage, None);
    }
}

#[test]
fn dynamic_offsets_counted_aligned_and_inside_the_buffers() {
    let f = Fixture::new();
    let cb = f.recording();
    let set = f.set(f.dynamic_layout);
    // SAFETY: lavapipe's physical device.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let (u, s) = (limits.min_uniform_buffer_offset_alignment as u32, limits.min_storage_buffer_offset_alignment as u32);
    assert!(u > 1 && s > 1, "lavapipe's alignments leave no misaligned offset to try ({u}, {s})");
    let layout = f.dynamic_pipeline_layout;
    assert_eq!(f.bind(cb, layout, 0, &[set], &[0, 0]), ["VUID-vkCmdBindDescriptorSets-dynamicOffsetCount-00359"]);
    assert_eq!(f.bind(cb, layout, 0, &[set], &[0; 4]), ["VUID-vkCmdBindDescriptorSets-dynamicOffsetCount-00359"]);
    // Binding 0's two uniform buffers come first, then binding 1's storage buffer.
    assert_eq!(f.bind(cb, layout, 0, &[set], &[u, u / 2, s]), ["VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01971"]);
    assert_eq!(f.bind(cb, layout, 0, &[set], &[0, u, s / 2]), ["VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01972"]);
    assert_eq!(f.bind(cb, layout, 0, &[set], &[u, 2 * u, s]), NONE);
    // The written ranges (256 bytes of the 4096-byte buffer) moved by the offsets stay inside it,
    // up to its last byte.
    let last = 4096 - 256;
    assert_eq!(f.bind(cb, layout, 0, &[set], &[last, 0, last]), NONE);
    assert_eq!(
        f.bind(cb, layout, 0, &[set], &[last + u, 0, 0]),
        ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-01979"]
    );
    assert_eq!(
        f.bind(cb, layout, 0, &[set], &[0, 0, last + s]),
        ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-01979"]
    );
    // A descriptor of the whole buffer takes no dynamic offset.
    let whole = [vk::DescriptorBufferInfo { buffer: f.buffer, offset: 0, range: vk::WHOLE_SIZE }];
    let write = vk::WriteDescriptorSet::default()
        .dst_set(set)
        .dst_binding(0)
        .dst_array_element(1)
        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
        .buffer_info(&whole);
    // SAFETY: a write of the set's binding with a live buffer; the set is not in use (the update
    // invalidates `cb`, which binds it: the rest is recorded into a new command buffer).
    unsafe { f.d().update_descriptor_sets(&[write], &[]) };
    let cb = f.recording();
    assert_eq!(f.bind(cb, layout, 0, &[set], &[0, u, 0]), ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-06715"]);
    assert_eq!(f.bind(cb, layout, 0, &[set], &[u, 0, s]), NONE);
}

#[test]
fn push_constants_outside_the_ranges_or_missing_their_stages() {
    let f = Fixture::new();
    let cb = f.recording();
    // Compute 0..16: up to its last byte, and one beyond.
    assert_eq!(f.push(cb, f.compute_layout, COMPUTE, 8, 8), NONE);
    assert_eq!(f.push(cb, f.compute_layout, COMPUTE, 12, 8), ["VUID-vkCmdPushConstants-offset-01795"]);
    assert_eq!(
        f.push(cb, f.compute_layout, VERTEX, 0, 4),
        ["VUID-vkCmdPushConstants-offset-01795", "VUID-vkCmdPushConstants-offset-01796"]
    );
    // Compute and vertex 0..8: a push must name both stages.
    assert_eq!(f.push(cb, f.dynamic_pipeline_layout, COMPUTE, 0, 4), ["VUID-vkCmdPushConstants-offset-01796"]);
    assert_eq!(f.push(cb, f.dynamic_pipeline_layout, COMPUTE | VERTEX, 0, 8), NONE);
}

#[test]
fn pipelines_whose_layout_lacks_what_the_shader_uses() {
    let f = Fixture::new();
    let d = f.d();
    let vertex_storage = {
        let binding = [vk::DescriptorSetLayoutBinding::default()
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(VERTEX)];
        // SAFETY: a valid create info.
        unsafe {
            d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
        }
        .unwrap()
    };
    let layout = |sets: &[vk::DescriptorSetLayout], push: bool| {
        let ranges = [vk::PushConstantRange { stage_flags: COMPUTE, offset: 0, size: 4 }];
        let info = vk::PipelineLayoutCreateInfo::default().set_layouts(sets).push_constant_ranges(if push {
            &ranges
        } else {
            &[]
        });
        // SAFETY: a valid create info.
        unsafe { d.create_pipeline_layout(&info, None) }.unwrap()
    };
    // SAFETY: compute.comp's module; pipelines Vigil lets through are valid and destroyed.
    let module = shader_module(&f.ctx, COMPUTE_SPV);
    let create = |layout: vk::PipelineLayout| {
        let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).module(module).name(c"main");
        let info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout)];
        let mut made = None;
        let ids = f.ids(|| made = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &info, None) }.ok());
        if let Some(p) = made {
            // SAFETY: made above, used nowhere.
            unsafe { d.destroy_pipeline(p[0], None) };
        }
        ids
    };
    let layouts = [
        (
            layout(&[], false),
            vec!["VUID-VkComputePipelineCreateInfo-layout-07988", "VUID-VkComputePipelineCreateInfo-layout-07987"],
        ),
        (layout(&[], true), vec!["VUID-VkComputePipelineCreateInfo-layout-07988"]),
        (layout(&[f.storage_layout], false), vec!["VUID-VkComputePipelineCreateInfo-layout-07987"]),
        (layout(&[vertex_storage], true), vec!["VUID-VkComputePipelineCreateInfo-layout-07988"]),
        (layout(&[f.twin_layout], true), vec![]),
    ];
    // The same code passed inline (maintenance5: no module): reflected at the call.
    let words = ash::util::read_spv(&mut std::io::Cursor::new(COMPUTE_SPV)).expect("committed SPIR-V");
    let create_inline = |layout: vk::PipelineLayout| {
        let mut code = vk::ShaderModuleCreateInfo::default().code(&words);
        let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).name(c"main").push_next(&mut code);
        let info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout)];
        let mut made = None;
        let ids = f.ids(|| made = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &info, None) }.ok());
        if let Some(p) = made {
            // SAFETY: made above, used nowhere.
            unsafe { d.destroy_pipeline(p[0], None) };
        }
        ids
    };
    for (l, expected) in &layouts {
        assert_eq!(&create(*l), expected);
        assert_eq!(&create_inline(*l), expected, "inline");
    }
    assert_eq!(create(f.compute_layout), NONE);
    assert_eq!(create_inline(f.compute_layout), NONE);

    // pushed.comp's 16-byte push constant block against a range that ends before it, then one
    // that holds it.
    let pushed = shader_module(&f.ctx, PUSHED_COMP_SPV);
    let block_ids = |size: u32| {
        let ranges = [vk::PushConstantRange { stage_flags: COMPUTE, offset: 0, size }];
        // SAFETY: a valid create info.
        let l = unsafe {
            d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&ranges), None)
        }
        .unwrap();
        let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).module(pushed).name(c"main");
        let info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(l)];
        let mut made = None;
        let ids = f.ids(|| made = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &info, None) }.ok());
        // SAFETY: made here, used nowhere.
        unsafe {
            if let Some(p) = made {
                d.destroy_pipeline(p[0], None);
            }
            d.destroy_pipeline_layout(l, None);
        }
        ids
    };
    assert_eq!(block_ids(8), ["VUID-VkComputePipelineCreateInfo-layout-10069"]);
    assert_eq!(block_ids(16), NONE);
    // SAFETY: no pipeline uses it.
    unsafe { d.destroy_shader_module(pushed, None) };
    // SAFETY: nothing uses them any more.
    unsafe {
        for (l, _) in layouts {
            d.destroy_pipeline_layout(l, None);
        }
        d.destroy_descriptor_set_layout(vertex_storage, None);
        d.destroy_shader_module(module, None);
    }
}

/// On a device with ray tracing pipelines, descriptor buffers and pipeline protected access: a
/// compute pipeline is not bound to the ray tracing bind point; a pipeline created for protected
/// command buffers only is not bound in an unprotected one; a set of a layout for descriptor
/// buffers is not bound; a dispatch finds its sets the way its pipeline was created for (bound
/// sets, or descriptor buffers).
#[test]
fn ray_tracing_bind_point_protected_access_and_descriptor_buffer_layouts() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true))
        .ray_tracing()
        .descriptor_buffer()
        .pipeline_protected_access()
        .build(&entry);
    ctx.messages.skip_errors(true);
    let d = &ctx.device;
    let ids = |call: &dyn Fn()| ctx.messages.problem_ids_of(call);
    let storage = vk::DescriptorType::STORAGE_BUFFER;
    let layout = set_layout(d, &[(storage, 1)]);
    // compute.comp's push constant block: 4 bytes.
    let pipeline_layout = pipeline_layout(d, layout, &[(COMPUTE, 0, 16)]);
    // SAFETY (all cases): valid create infos and a recording command buffer of this device;
    // invalid calls are skipped by Vigil, and nothing is submitted.
    unsafe {
        let module = shader_module(&ctx, COMPUTE_SPV);
        let compute = |flags| {
            let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).module(module).name(c"main");
            let info = vk::ComputePipelineCreateInfo::default().flags(flags).stage(stage).layout(pipeline_layout);
            ctx.messages.clear();
            let result = d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None);
            assert_eq!(ctx.messages.problem_ids(), NONE, "creating a compute pipeline with {flags:?}");
            result.map_err(|(_, e)| e).expect("vkCreateComputePipelines")[0]
        };
        let plain = compute(vk::PipelineCreateFlags::empty());
        let protected_only = compute(vk::PipelineCreateFlags::PROTECTED_ACCESS_ONLY_EXT);
        let no_protected = compute(vk::PipelineCreateFlags::NO_PROTECTED_ACCESS_EXT);
        d.destroy_shader_module(module, None);
        let pool = ctx.resettable_pool();
        let cb = ctx.recording_primary(pool);
        let bind = |point, pipeline| ids(&|| d.cmd_bind_pipeline(cb, point, pipeline));
        let ray_tracing = vk::PipelineBindPoint::RAY_TRACING_KHR;
        assert_eq!(bind(ray_tracing, plain), ["VUID-vkCmdBindPipeline-pipelineBindPoint-02392"]);
        assert_eq!(bind(vk::PipelineBindPoint::COMPUTE, plain), NONE);
        let compute_point = vk::PipelineBindPoint::COMPUTE;
        assert_eq!(bind(compute_point, protected_only), ["VUID-vkCmdBindPipeline-pipelineProtectedAccess-07409"]);
        assert_eq!(bind(compute_point, no_protected), NONE);

        // A set of a layout for descriptor buffers (allocating one is the application's error,
        // VkDescriptorSetAllocateInfo-pSetLayouts-08009, which the allocation lets through: the
        // driver allocates it).
        let binding = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(storage)
            .descriptor_count(1)
            .stage_flags(COMPUTE)];
        let info = vk::DescriptorSetLayoutCreateInfo::default()
            .flags(vk::DescriptorSetLayoutCreateFlags::DESCRIPTOR_BUFFER_EXT)
            .bindings(&binding);
        let buffer_layout = d.create_descriptor_set_layout(&info, None).expect("vkCreateDescriptorSetLayout");
        let buffer_pipeline_layout = self::pipeline_layout(d, buffer_layout, &[(COMPUTE, 0, 16)]);
        let sizes = [vk::DescriptorPoolSize { ty: storage, descriptor_count: 2 }];
        let pool_info = vk::DescriptorPoolCreateInfo::default().max_sets(2).pool_sizes(&sizes);
        let descriptor_pool = d.create_descriptor_pool(&pool_info, None).expect("vkCreateDescriptorPool");
        let allocate = |l| {
            let layouts = [l];
            let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&layouts);
            ctx.messages.skip_errors(false);
            let set = d.allocate_descriptor_sets(&info).expect("vkAllocateDescriptorSets")[0];
            ctx.messages.skip_errors(true);
            set
        };
        let (buffer_set, plain_set) = (allocate(buffer_layout), allocate(layout));
        let (storage_buffer, storage_memory) = ctx.bound_buffer(256, vk::BufferUsageFlags::STORAGE_BUFFER);
        let info = [vk::DescriptorBufferInfo { buffer: storage_buffer, offset: 0, range: vk::WHOLE_SIZE }];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(plain_set)
            .dst_binding(0)
            .descriptor_type(storage)
            .buffer_info(&info);
        d.update_descriptor_sets(&[write], &[]);
        let sets = |l, s| ids(&|| d.cmd_bind_descriptor_sets(cb, compute_point, l, 0, &[s], &[]));
        assert_eq!(sets(buffer_pipeline_layout, buffer_set), ["VUID-vkCmdBindDescriptorSets-pDescriptorSets-08010"]);
        assert_eq!(sets(pipeline_layout, plain_set), NONE);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");

        // Sets from descriptor buffers for pipelines created for them, and only for those.
        let module = shader_module(&ctx, COMPUTE_SPV);
        let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).module(module).name(c"main");
        let info = vk::ComputePipelineCreateInfo::default()
            .flags(vk::PipelineCreateFlags::DESCRIPTOR_BUFFER_EXT)
            .stage(stage)
            .layout(buffer_pipeline_layout);
        ctx.messages.clear();
        let for_buffers = d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None).map_err(|(_, e)| e);
        assert_eq!(ctx.messages.problem_ids(), NONE, "creating a pipeline for descriptor buffers");
        let for_buffers = for_buffers.expect("vkCreateComputePipelines")[0];
        d.destroy_shader_module(module, None);
        let usage = vk::BufferUsageFlags::RESOURCE_DESCRIPTOR_BUFFER_EXT | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
        let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(4096).usage(usage), None).unwrap();
        let req = d.get_buffer_memory_requirements(buffer);
        let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc =
            vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty).push_next(&mut flags);
        let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
        d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
        let address = d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
        let db = ash::ext::descriptor_buffer::Device::new(&ctx.instance, d);
        let dispatch = |pipeline, from_buffers: bool| {
            let cb = ctx.recording_primary(pool);
            let setup = ctx.messages.problem_ids_of(|| {
                d.cmd_bind_pipeline(cb, compute_point, pipeline);
                d.cmd_push_constants(cb, pipeline_layout, COMPUTE, 0, &[0; 4]);
                if from_buffers {
                    let bindings = [vk::DescriptorBufferBindingInfoEXT::default().address(address).usage(usage)];
                    db.cmd_bind_descriptor_buffers(cb, &bindings);
                    db.cmd_set_descriptor_buffer_offsets(cb, compute_point, buffer_pipeline_layout, 0, &[0], &[0]);
                } else {
                    d.cmd_bind_descriptor_sets(cb, compute_point, pipeline_layout, 0, &[plain_set], &[]);
                }
            });
            assert_eq!(setup, NONE, "binding (from descriptor buffers: {from_buffers})");
            ids(&|| d.cmd_dispatch(cb, 1, 1, 1))
        };
        assert_eq!(dispatch(for_buffers, false), ["VUID-vkCmdDispatch-None-08115"]);
        assert_eq!(dispatch(for_buffers, true), NONE);
        assert_eq!(dispatch(plain, true), ["VUID-vkCmdDispatch-None-08117"]);
        assert_eq!(dispatch(plain, false), NONE);
        d.destroy_pipeline(for_buffers, None);
        d.destroy_buffer(storage_buffer, None);
        d.free_memory(storage_memory, None);
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
        d.destroy_command_pool(pool, None);
        d.destroy_descriptor_pool(descriptor_pool, None);
        for p in [plain, protected_only, no_protected] {
            d.destroy_pipeline(p, None);
        }
        d.destroy_pipeline_layout(pipeline_layout, None);
        d.destroy_pipeline_layout(buffer_pipeline_layout, None);
        d.destroy_descriptor_set_layout(layout, None);
        d.destroy_descriptor_set_layout(buffer_layout, None);
    }
    ctx.messages.skip_errors(false);
}

/// A secondary that inherits 2D viewports and scissors
/// (`VkCommandBufferInheritanceViewportScissorInfoNV::viewportScissor2D`) sets neither
/// (vkCmdSetViewport-04821, vkCmdSetScissor-04789) and binds only graphics pipelines that take
/// both dynamically (vkCmdBindPipeline-04808). Lavapipe has no VK_NV_inherited_viewport_scissor:
/// the structure is chained anyway, and lavapipe ignores it.
#[test]
fn secondaries_inheriting_viewports_and_scissors() {
    let f = Fixture::new();
    let d = f.d();
    let viewport = [vk::Viewport::default().width(8.0).height(8.0).max_depth(1.0)];
    let scissor = [vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } }];
    for inherits in [true, false] {
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(f.pool)
            .level(vk::CommandBufferLevel::SECONDARY)
            .command_buffer_count(1);
        let mut nv = vk::CommandBufferInheritanceViewportScissorInfoNV::default()
            .viewport_scissor2_d(true)
            .viewport_depth_count(1)
            .viewport_depths(&viewport[0]);
        let mut inheritance = vk::CommandBufferInheritanceInfo::default();
        if inherits {
            inheritance = inheritance.push_next(&mut nv);
        }
        let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
        // SAFETY: a valid allocate info and begin info but for the structure lavapipe ignores;
        // invalid commands are skipped by Vigil.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            let begun = f.ids(|| d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer"));
            assert_eq!(begun, NONE, "beginning (inherits: {inherits})");
            let expected = |id: &'static str| if inherits { vec![id] } else { vec![] };
            let set = f.ids(|| d.cmd_set_viewport(cb, 0, &viewport));
            assert_eq!(set, expected("VUID-vkCmdSetViewport-commandBuffer-04821"));
            let set = f.ids(|| d.cmd_set_scissor(cb, 0, &scissor));
            assert_eq!(set, expected("VUID-vkCmdSetScissor-viewportScissor2D-04789"));
            // The triangle pipeline has static viewports and scissors.
            let bound = f.ids(|| d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, f.graphics));
            assert_eq!(bound, expected("VUID-vkCmdBindPipeline-commandBuffer-04808"));
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        }
    }
}
