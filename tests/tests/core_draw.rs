//! Core validation at dispatch time of what the bound pipeline's shaders statically use, through
//! the real loader on lavapipe: each descriptor set they use bound with a pipeline layout
//! compatible for that set (`-None-08600`), push constants they use set with compatible push
//! constant ranges (`-None-08601`); sets a shader declares but never uses are not required; and
//! SPIR-V Vigil cannot parse is reported once, at INFO, and passed on. Each invalid dispatch
//! (the exact ids reported, the call skipped) beside its valid boundary neighbour (nothing
//! reported).

use std::io::Cursor;

use ash::vk;
use vigil_tests::programs::{compute_pipeline, shader_module};
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const COMPUTE_SPV: &[u8] = include_bytes!("../shaders/compute.comp.spv");
const SETS_SPV: &[u8] = include_bytes!("../shaders/sets.comp.spv");
const NONE: [&str; 0] = [];
const COMPUTE: vk::ShaderStageFlags = vk::ShaderStageFlags::COMPUTE;
const SETS_ID: &str = "VUID-vkCmdDispatch-None-08600";
const PUSH_ID: &str = "VUID-vkCmdDispatch-None-08601";

/// One device with the layouts, pipelines and sets the cases bind.
struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    descriptor_pool: vk::DescriptorPool,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    layouts: Vec<vk::PipelineLayout>,
    pipelines: Vec<vk::Pipeline>,
    /// One storage buffer (what both shaders' sets hold), and one identically defined.
    storage: vk::DescriptorSetLayout,
    twin: vk::DescriptorSetLayout,
    /// One uniform buffer: a different definition.
    uniform: vk::DescriptorSetLayout,
    /// `[storage]`, push constants compute 0..16: what compute.comp's pipeline is made with.
    compute_layout: vk::PipelineLayout,
    /// `[twin]`, compute 0..16: another object, compatible for set 0.
    twin_layout: vk::PipelineLayout,
    /// `[uniform]`, compute 0..16: set 0 defined differently.
    uniform_layout: vk::PipelineLayout,
    /// `[twin]`, compute 0..8: other push constant ranges.
    short_push_layout: vk::PipelineLayout,
    /// `[storage; 3]`, no push constants: what sets.comp's pipeline is made with.
    sets_layout: vk::PipelineLayout,
    /// `[uniform, storage, storage]`: set 2 defined alike, set 0 not.
    sets_other_layout: vk::PipelineLayout,
    /// compute.comp (set 0 and push constants) with `compute_layout`.
    compute: vk::Pipeline,
    /// sets.comp (sets 0 and 2; set 1 declared, unused) with `sets_layout`.
    sets: vk::Pipeline,
    /// A uniform and storage buffer the sets' descriptors name.
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        // INFO on: the unparsed-SPIR-V message is one (problem_ids() still counts only WARNING
        // and ERROR). maintenance5: a stage may pass its code inline, with no module.
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vigil_setting("report_flags", "error,warn,info")
            .maintenance5()
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        // Invalid calls are skipped: they never reach lavapipe.
        ctx.messages.skip_errors(true);
        let mut f = Fixture {
            pool: vk::CommandPool::null(),
            descriptor_pool: vk::DescriptorPool::null(),
            set_layouts: Vec::new(),
            layouts: Vec::new(),
            pipelines: Vec::new(),
            storage: vk::DescriptorSetLayout::null(),
            twin: vk::DescriptorSetLayout::null(),
            uniform: vk::DescriptorSetLayout::null(),
            compute_layout: vk::PipelineLayout::null(),
            twin_layout: vk::PipelineLayout::null(),
            uniform_layout: vk::PipelineLayout::null(),
            short_push_layout: vk::PipelineLayout::null(),
            sets_layout: vk::PipelineLayout::null(),
            sets_other_layout: vk::PipelineLayout::null(),
            compute: vk::Pipeline::null(),
            sets: vk::Pipeline::null(),
            buffer: vk::Buffer::null(),
            memory: vk::DeviceMemory::null(),
            ctx,
        };
        f.storage = f.set_layout(vk::DescriptorType::STORAGE_BUFFER);
        f.twin = f.set_layout(vk::DescriptorType::STORAGE_BUFFER);
        f.uniform = f.set_layout(vk::DescriptorType::UNIFORM_BUFFER);
        let push16 = [(COMPUTE, 0, 16)];
        f.compute_layout = f.pipeline_layout(&[f.storage], &push16);
        f.twin_layout = f.pipeline_layout(&[f.twin], &push16);
        f.uniform_layout = f.pipeline_layout(&[f.uniform], &push16);
        f.short_push_layout = f.pipeline_layout(&[f.twin], &[(COMPUTE, 0, 8)]);
        f.sets_layout = f.pipeline_layout(&[f.storage; 3], &[]);
        f.sets_other_layout = f.pipeline_layout(&[f.uniform, f.storage, f.storage], &[]);
        f.compute = f.pipeline(COMPUTE_SPV, f.compute_layout);
        f.sets = f.pipeline(SETS_SPV, f.sets_layout);
        let sizes = [
            vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 16 },
            vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 16 },
        ];
        let d = &f.ctx.device;
        // SAFETY: valid create infos for this device.
        unsafe {
            let descriptor_pool = d
                .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(16).pool_sizes(&sizes), None)
                .expect("vkCreateDescriptorPool");
            f.descriptor_pool = descriptor_pool;
            let pool = d
                .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(f.ctx.queue_family), None)
                .expect("vkCreateCommandPool");
            f.pool = pool;
            let usage = vk::BufferUsageFlags::UNIFORM_BUFFER | vk::BufferUsageFlags::STORAGE_BUFFER;
            let buffer =
                d.create_buffer(&vk::BufferCreateInfo::default().size(256).usage(usage), None).expect("buffer");
            let req = d.get_buffer_memory_requirements(buffer);
            let ty = f.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
            d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            (f.buffer, f.memory) = (buffer, memory);
        }
        f
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn set_layout(&mut self, ty: vk::DescriptorType) -> vk::DescriptorSetLayout {
        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(ty)
            .descriptor_count(1)
            .stage_flags(COMPUTE)];
        let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
        // SAFETY: a valid create info.
        let l = unsafe { self.d().create_descriptor_set_layout(&info, None) }.expect("vkCreateDescriptorSetLayout");
        self.set_layouts.push(l);
        l
    }

    fn pipeline_layout(
        &mut self,
        sets: &[vk::DescriptorSetLayout],
        ranges: &[(vk::ShaderStageFlags, u32, u32)],
    ) -> vk::PipelineLayout {
        let ranges: Vec<_> =
            ranges.iter().map(|&(s, offset, size)| vk::PushConstantRange { stage_flags: s, offset, size }).collect();
        let info = vk::PipelineLayoutCreateInfo::default().set_layouts(sets).push_constant_ranges(&ranges);
        // SAFETY: a valid create info.
        let l = unsafe { self.d().create_pipeline_layout(&info, None) }.expect("vkCreatePipelineLayout");
        self.layouts.push(l);
        l
    }

    /// A compute pipeline of `spv`'s `main` with `layout`; the module is destroyed once it exists
    /// (the pipeline keeps what its shader uses).
    fn pipeline(&mut self, spv: &[u8], layout: vk::PipelineLayout) -> vk::Pipeline {
        let module = shader_module(&self.ctx, spv);
        let p = compute_pipeline(&self.ctx, module, layout);
        // SAFETY: the module just created; the pipeline made of it does not need it.
        unsafe { self.d().destroy_shader_module(module, None) };
        self.pipelines.push(p);
        p
    }

    /// A set of `layout`, its one buffer written (a dispatch needs the descriptors it uses valid).
    fn set(&self, layout: vk::DescriptorSetLayout) -> vk::DescriptorSet {
        let layouts = [layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.descriptor_pool).set_layouts(&layouts);
        // SAFETY: a valid allocate info, from a pool with room.
        let set = unsafe { self.d().allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0];
        let ty = if layout == self.uniform {
            vk::DescriptorType::UNIFORM_BUFFER
        } else {
            vk::DescriptorType::STORAGE_BUFFER
        };
        let infos = [vk::DescriptorBufferInfo { buffer: self.buffer, offset: 0, range: vk::WHOLE_SIZE }];
        let write =
            vk::WriteDescriptorSet::default().dst_set(set).dst_binding(0).descriptor_type(ty).buffer_info(&infos);
        // SAFETY: a write of the set's one binding with a live buffer of its usage.
        unsafe { self.d().update_descriptor_sets(&[write], &[]) };
        set
    }

    /// The ids Vigil reported as WARNING/ERROR during `call`.
    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.clear();
        call();
        self.ctx.messages.problem_ids()
    }

    /// A primary command buffer, recording, with `pipeline` bound at the compute bind point.
    fn recording(&self, pipeline: vk::Pipeline) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1);
        // SAFETY: a valid allocate info; the buffer is begun once.
        unsafe {
            let cb = self.d().allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            self.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            self.d().cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, pipeline);
            cb
        }
    }

    /// Binds `set` at `first` with `layout` (a valid bind: nothing reported).
    fn bind(&self, cb: vk::CommandBuffer, layout: vk::PipelineLayout, first: u32, set: vk::DescriptorSet) {
        // SAFETY: a recording command buffer, a set of the layout's set layout at `first`.
        let ids = self.ids(|| unsafe {
            self.d().cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, layout, first, &[set], &[])
        });
        assert_eq!(ids, NONE, "binding set {first}");
    }

    /// Sets push constants bytes 0..4 with `layout` (a valid update: nothing reported).
    fn push(&self, cb: vk::CommandBuffer, layout: vk::PipelineLayout) {
        // SAFETY: a recording command buffer; bytes within the layout's compute range.
        let ids = self.ids(|| unsafe { self.d().cmd_push_constants(cb, layout, COMPUTE, 0, &[0u8; 4]) });
        assert_eq!(ids, NONE, "pushing constants");
    }

    /// The ids a vkCmdDispatch in `cb` reports now.
    fn dispatch(&self, cb: vk::CommandBuffer) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid dispatches are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_dispatch(cb, 1, 1, 1) })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: nothing of the fixture is in use (nothing was submitted).
        unsafe {
            let d = &self.ctx.device;
            d.destroy_command_pool(self.pool, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
            for &p in &self.pipelines {
                d.destroy_pipeline(p, None);
            }
            for &l in &self.layouts {
                d.destroy_pipeline_layout(l, None);
            }
            for &l in &self.set_layouts {
                d.destroy_descriptor_set_layout(l, None);
            }
        }
    }
}

#[test]
fn dispatching_without_the_set_the_shader_uses() {
    let f = Fixture::new();
    let cb = f.recording(f.compute);
    f.push(cb, f.compute_layout);
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    // The other dispatch commands have their own ids.
    // SAFETY: a recording command buffer; invalid dispatches are skipped by Vigil.
    let base = f.ids(|| unsafe { f.d().cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1) });
    assert_eq!(base, ["VUID-vkCmdDispatchBase-None-08600"]);
    f.bind(cb, f.compute_layout, 0, f.set(f.storage));
    assert_eq!(f.dispatch(cb), NONE);
}

#[test]
fn dispatching_with_the_set_bound_with_an_incompatible_layout() {
    let f = Fixture::new();
    let cb = f.recording(f.compute);
    f.push(cb, f.compute_layout);
    // Set 0 defined differently.
    f.bind(cb, f.uniform_layout, 0, f.set(f.uniform));
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    // Set 0 defined alike, but other push constant ranges: not compatible for any set.
    f.bind(cb, f.short_push_layout, 0, f.set(f.twin));
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    // Another layout object, identically defined: compatible.
    f.bind(cb, f.twin_layout, 0, f.set(f.twin));
    assert_eq!(f.dispatch(cb), NONE);
}

#[test]
fn only_the_sets_the_call_tree_uses_are_required() {
    let f = Fixture::new();
    let cb = f.recording(f.sets);
    // Set 0 is used by main, set 2 by a function main calls.
    f.bind(cb, f.sets_layout, 0, f.set(f.storage));
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    // Set 2 bound with a layout whose set 0 differs: not compatible for set 2.
    f.bind(cb, f.sets_other_layout, 2, f.set(f.storage));
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    // Sets 0 and 2 bound with the pipeline's layout: set 1, declared but unused, needs nothing.
    f.bind(cb, f.sets_layout, 2, f.set(f.storage));
    assert_eq!(f.dispatch(cb), NONE);
    // With nothing at set 0 in a new recording, the report names only set 0.
    let other = f.recording(f.sets);
    f.bind(other, f.sets_layout, 2, f.set(f.storage));
    assert_eq!(f.dispatch(other), [SETS_ID]);
    let text = f.ctx.messages.problems().pop().expect("the report").text;
    assert!(text.contains("statically uses descriptor set 0"), "{text}");
}

#[test]
fn dispatching_without_the_push_constants_the_shader_uses() {
    let f = Fixture::new();
    let cb = f.recording(f.compute);
    f.bind(cb, f.compute_layout, 0, f.set(f.storage));
    assert_eq!(f.dispatch(cb), [PUSH_ID]);
    // Set with a layout of other push constant ranges.
    f.push(cb, f.short_push_layout);
    assert_eq!(f.dispatch(cb), [PUSH_ID]);
    // Set with another layout object of the same ranges.
    f.push(cb, f.twin_layout);
    assert_eq!(f.dispatch(cb), NONE);
    // A shader that uses no push constants needs none.
    let other = f.recording(f.sets);
    f.bind(other, f.sets_layout, 0, f.set(f.storage));
    f.bind(other, f.sets_layout, 2, f.set(f.storage));
    assert_eq!(f.dispatch(other), NONE);
}

#[test]
fn code_passed_inline_in_a_stage_is_reflected_too() {
    let mut f = Fixture::new();
    let words = ash::util::read_spv(&mut Cursor::new(COMPUTE_SPV)).expect("committed SPIR-V");
    let mut code = vk::ShaderModuleCreateInfo::default().code(&words);
    let stage = vk::PipelineShaderStageCreateInfo::default().stage(COMPUTE).name(c"main").push_next(&mut code);
    let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(f.compute_layout);
    // SAFETY: a valid create info (maintenance5 is enabled: the module may be null).
    let pipeline = unsafe { f.d().create_compute_pipelines(vk::PipelineCache::null(), &[info], None) }
        .map_err(|(_, e)| e)
        .expect("vkCreateComputePipelines")[0];
    f.pipelines.push(pipeline);
    let cb = f.recording(pipeline);
    f.push(cb, f.compute_layout);
    assert_eq!(f.dispatch(cb), [SETS_ID]);
    f.bind(cb, f.compute_layout, 0, f.set(f.storage));
    assert_eq!(f.dispatch(cb), NONE);
}

#[test]
fn spirv_vigil_cannot_parse_is_reported_once_at_info_and_passed_on_when_not_skipped() {
    let f = Fixture::new();
    let mut words = ash::util::read_spv(&mut Cursor::new(COMPUTE_SPV)).expect("committed SPIR-V");
    // After the header, one instruction of an opcode no SPIR-V grammar has: code from a newer
    // compiler, as far as Vigil can tell.
    words.insert(5, (1 << 16) | 0xfff0);
    f.ctx.messages.clear();
    // The SPIR-V validator rejects the opcode too; this time the callback lets the call through.
    f.ctx.messages.skip_errors(false);
    // SAFETY: a valid create info; lavapipe only keeps the code until a pipeline is made of it,
    // and none is.
    let module = unsafe { f.d().create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&words), None) }
        .expect("vkCreateShaderModule: the call was passed on");
    // SAFETY: the module just created, used by nothing.
    unsafe { f.d().destroy_shader_module(module, None) };
    let unparsed: Vec<_> =
        f.ctx.messages.all().into_iter().filter(|m| m.id_name == "UNASSIGNED-Vigil-Shader-unparsed").collect();
    assert_eq!(unparsed.len(), 1, "{unparsed:?}");
    assert_eq!(unparsed[0].severity, vk::DebugUtilsMessageSeverityFlagsEXT::INFO);
    assert!(unparsed[0].text.contains("unknown opcode (65520)"), "{}", unparsed[0].text);
    assert_eq!(f.ctx.messages.problem_ids(), ["VUID-VkShaderModuleCreateInfo-pCode-08737"]);
}
