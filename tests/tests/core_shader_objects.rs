//! Shader objects (`VK_EXT_shader_object`) through the real loader on lavapipe:
//! vkCreateShadersEXT's create infos (stages, flags and next stages against the device's
//! features, push constant ranges, set layout counts, shaders linked in one call),
//! vkCmdBindShadersEXT's stages and shaders, and draws and dispatches with shader objects bound
//! instead of pipelines: every stage named, the bound shaders agreeing (push constant ranges,
//! set layouts, next stages, linked partners), the dynamic state they need set, no depth or
//! stencil writes to a read-only aspect of the depth/stencil attachment, and the
//! interaction with pipelines (each unbinds the other). Each invalid call reports its exact ids
//! and is skipped; its valid neighbour reports nothing.

use std::ffi::CStr;

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

/// Committed SPIR-V, aligned as `pCode` must be (to words; binary code to 16 bytes).
macro_rules! spv {
    ($path:literal) => {{
        #[repr(C, align(16))]
        struct Words<const N: usize>([u8; N]);
        &Words(*include_bytes!($path)).0
    }};
}

const NONE: [&str; 0] = [];

thread_local! {
    /// The cases that failed so far: every mismatch of a run is listed at its end.
    static FAILED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `assert_eq!`, but noted and reported with the others at the end of the run.
macro_rules! check {
    ($left:expr, $right:expr $(, $($what:tt)+)?) => {{
        let (left, right) = (&$left, &$right);
        if left.iter().map(|s| s.to_string()).collect::<Vec<_>>() != right.iter().map(|s| s.to_string()).collect::<Vec<_>>() {
            let what: String = String::new() $(+ &format!($($what)+))?;
            FAILED.with(|f| f.borrow_mut().push(format!("line {}{what}: {left:?} != {right:?}", line!())));
        }
    }};
}
const VERTEX_SPV: &[u8] = spv!("../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = spv!("../shaders/triangle.frag.spv");
const COMPUTE_SPV: &[u8] = spv!("../shaders/empty.comp.spv");
const MESH_SPV: &[u8] = spv!("../shaders/empty.mesh.spv");
const PUSHED_VERTEX_SPV: &[u8] = spv!("../shaders/pushed.vert.spv");
const PUSHED_COMPUTE_SPV: &[u8] = spv!("../shaders/pushed.comp.spv");
const TESS_CONTROL_SPV: &[u8] = spv!("../shaders/triangle.tesc.spv");
const TESS_EVAL_SPV: &[u8] = spv!("../shaders/triangle.tese.spv");

/// Every graphics stage the rich device has.
const GRAPHICS: [Stage; 7] = [
    Stage::VERTEX,
    Stage::FRAGMENT,
    Stage::TESSELLATION_CONTROL,
    Stage::TESSELLATION_EVALUATION,
    Stage::GEOMETRY,
    Stage::TASK_EXT,
    Stage::MESH_EXT,
];

type Stage = vk::ShaderStageFlags;
type Flags = vk::ShaderCreateFlagsEXT;

/// One shader's create info, as the tests vary it.
#[derive(Clone, Copy)]
struct Shader {
    code: &'static [u8],
    stage: Stage,
    next: Stage,
    flags: Flags,
    /// Its push constant range: (stages, offset, size).
    push: &'static [vk::PushConstantRange],
    /// How many times it names the fixture's empty set layout.
    sets: u32,
    /// Set 0 is the fixture's uniform buffer layout.
    uniform: bool,
    binary: bool,
}

const fn shader(code: &'static [u8], stage: Stage, next: Stage) -> Shader {
    Shader { code, stage, next, flags: Flags::empty(), push: &[], sets: 0, uniform: false, binary: false }
}

const VERTEX: Shader = shader(VERTEX_SPV, Stage::VERTEX, Stage::FRAGMENT);
const FRAGMENT: Shader = shader(FRAGMENT_SPV, Stage::FRAGMENT, Stage::empty());
const COMPUTE: Shader = shader(COMPUTE_SPV, Stage::COMPUTE, Stage::empty());

impl Shader {
    const fn flags(mut self, flags: Flags) -> Self {
        self.flags = flags;
        self
    }
    const fn stage(mut self, stage: Stage) -> Self {
        self.stage = stage;
        self
    }
    const fn next(mut self, next: Stage) -> Self {
        self.next = next;
        self
    }
    const fn linked(self) -> Self {
        self.flags(Flags::LINK_STAGE)
    }
}

struct Fixture {
    ctx: Context,
    so: ash::ext::shader_object::Device,
    pool: vk::CommandPool,
    view: vk::ImageView,
    /// A D32_SFLOAT_S8_UINT view, the depth and stencil attachment of [`Fixture::ids_with_depth`].
    depth: vk::ImageView,
    set_layout: vk::DescriptorSetLayout,
    /// Binding 0: one uniform buffer, for every stage.
    uniform_layout: vk::DescriptorSetLayout,
    indirect: vk::Buffer,
    index: vk::Buffer,
}

impl Fixture {
    fn new(entry: &ash::Entry, builder: ContextBuilder) -> Self {
        Self::with_layers(entry, builder, &[VIGIL_LAYER])
    }

    fn with_layers(entry: &ash::Entry, builder: ContextBuilder, layers: &[&str]) -> Self {
        let ctx = builder.layers(layers).build_skipping_errors(entry);
        let so = ash::ext::shader_object::Device::new(&ctx.instance, &ctx.device);
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
            let view = ctx.color_attachment_view();
            let set_layout = d
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default(), None)
                .expect("set layout");
            let bindings = [vk::DescriptorSetLayoutBinding::default()
                .binding(0)
                .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::ALL)];
            let uniform_layout = d
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
                .expect("set layout");
            let buffer = |usage| {
                let b = d.create_buffer(&vk::BufferCreateInfo::default().size(64).usage(usage), None).expect("buffer");
                d.bind_buffer_memory(b, memory(&ctx, d.get_buffer_memory_requirements(b)), 0).expect("bind buffer");
                b
            };
            let indirect = buffer(vk::BufferUsageFlags::INDIRECT_BUFFER);
            let index = buffer(vk::BufferUsageFlags::INDEX_BUFFER);
            let depth = ctx.depth_stencil_view();
            Fixture { ctx, so, pool, view, depth, set_layout, uniform_layout, indirect, index }
        }
    }

    fn infos<'a>(
        &'a self,
        shaders: &'a [Shader],
        layouts: &'a [vk::DescriptorSetLayout],
    ) -> Vec<vk::ShaderCreateInfoEXT<'a>> {
        shaders
            .iter()
            .map(|s| {
                let mut info = vk::ShaderCreateInfoEXT::default()
                    .stage(s.stage)
                    .next_stage(s.next)
                    .flags(s.flags)
                    .code_type(if s.binary { vk::ShaderCodeTypeEXT::BINARY } else { vk::ShaderCodeTypeEXT::SPIRV })
                    .code(s.code)
                    .name(c"main")
                    .set_layouts(&layouts[..s.sets as usize]);
                if s.uniform {
                    info = info.set_layouts(std::slice::from_ref(&self.uniform_layout));
                }
                info.push_constant_ranges(s.push)
            })
            .collect()
    }

    /// vkCreateShadersEXT with `shaders`; the ids reported, and the shaders made (empty when
    /// the call was skipped).
    fn create(&self, shaders: &[Shader]) -> (Vec<String>, Vec<vk::ShaderEXT>) {
        let layouts = vec![self.set_layout; 64];
        let infos = self.infos(shaders, &layouts);
        let mut made = Vec::new();
        let ids = self.ctx.messages.problem_ids_of(|| {
            // SAFETY: create infos of valid code and live set layouts, or skipped by Vigil.
            if let Ok(s) = unsafe { self.so.create_shaders(&infos, None) } {
                made = s;
            }
        });
        (sorted(ids), made)
    }

    /// The ids of creating `shaders`, which are destroyed again.
    fn create_ids(&self, shaders: &[Shader]) -> Vec<String> {
        let (ids, made) = self.create(shaders);
        for s in made {
            // SAFETY: a shader just made, unused.
            unsafe { self.so.destroy_shader(s, None) };
        }
        ids
    }

    /// One shader, made.
    fn make(&self, s: Shader) -> vk::ShaderEXT {
        let (ids, made) = self.create(&[s]);
        assert_eq!(ids, NONE);
        made[0]
    }

    /// Records `record` (inside a rendering instance where `rendering`); the ids reported.
    fn ids_in(&self, rendering: bool, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        self.ids_in_layout(rendering, None, record)
    }

    /// [`Self::ids`] in a rendering instance whose depth and stencil attachments are the depth
    /// view, in `layout`.
    fn ids_with_depth(
        &self,
        layout: vk::ImageLayout,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer),
    ) -> Vec<String> {
        self.ids_in_layout(true, Some(layout), record)
    }

    /// [`Self::ids_in`], with the depth view as depth and stencil attachment in `depth`'s layout
    /// where it is some.
    fn ids_in_layout(
        &self,
        rendering: bool,
        depth: Option<vk::ImageLayout>,
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
            let attachments = [vk::RenderingAttachmentInfo::default()
                .image_view(self.view)
                .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::STORE)];
            let mut info = vk::RenderingInfo::default()
                .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() })
                .layer_count(1)
                .color_attachments(&attachments);
            let depth_attachment = vk::RenderingAttachmentInfo::default()
                .image_view(self.depth)
                .image_layout(depth.unwrap_or(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL))
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE);
            if depth.is_some() {
                info = info.depth_attachment(&depth_attachment).stencil_attachment(&depth_attachment);
            }
            if rendering {
                d.cmd_begin_rendering(cb, &info);
            }
            let ids = self.ctx.messages.problem_ids_of(|| record(d, cb));
            if rendering {
                d.cmd_end_rendering(cb);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            sorted(ids)
        }
    }

    fn ids(&self, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        self.ids_in(true, record)
    }

    fn bind(&self, cb: vk::CommandBuffer, stages: &[Stage], shaders: &[vk::ShaderEXT]) {
        // SAFETY: recording; the arrays are of one length (or Vigil skips the call).
        unsafe { self.so.cmd_bind_shaders(cb, stages, shaders) };
    }

    /// Every dynamic state a draw with a vertex shader needs, but `except`.
    fn set_state(&self, cb: vk::CommandBuffer, except: &str) {
        let d = &self.ctx.device;
        let so = &self.so;
        // SAFETY: recording state commands.
        unsafe {
            let setters: [(&str, &dyn Fn()); 19] = [
                ("viewport", &|| d.cmd_set_viewport_with_count(cb, &[VIEWPORT])),
                ("scissor", &|| d.cmd_set_scissor_with_count(cb, &[SCISSOR])),
                ("discard", &|| d.cmd_set_rasterizer_discard_enable(cb, false)),
                ("cull", &|| d.cmd_set_cull_mode(cb, vk::CullModeFlags::NONE)),
                ("front", &|| d.cmd_set_front_face(cb, vk::FrontFace::CLOCKWISE)),
                ("depth test", &|| d.cmd_set_depth_test_enable(cb, false)),
                ("stencil test", &|| d.cmd_set_stencil_test_enable(cb, false)),
                ("depth bias", &|| d.cmd_set_depth_bias_enable(cb, false)),
                ("topology", &|| d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_LIST)),
                ("restart", &|| d.cmd_set_primitive_restart_enable(cb, false)),
                ("vertex input", &|| so.cmd_set_vertex_input(cb, &[], &[])),
                ("polygon", &|| so.cmd_set_polygon_mode(cb, vk::PolygonMode::FILL)),
                ("samples", &|| so.cmd_set_rasterization_samples(cb, vk::SampleCountFlags::TYPE_1)),
                ("sample mask", &|| so.cmd_set_sample_mask(cb, vk::SampleCountFlags::TYPE_1, &[!0])),
                ("alpha to coverage", &|| so.cmd_set_alpha_to_coverage_enable(cb, false)),
                ("blend enable", &|| so.cmd_set_color_blend_enable(cb, 0, &[0])),
                ("write mask", &|| so.cmd_set_color_write_mask(cb, 0, &[vk::ColorComponentFlags::RGBA])),
                ("domain origin", &|| {
                    so.cmd_set_tessellation_domain_origin(cb, vk::TessellationDomainOrigin::UPPER_LEFT)
                }),
                ("patch points", &|| so.cmd_set_patch_control_points(cb, 3)),
            ];
            for (name, set) in setters {
                if name != except {
                    set();
                }
            }
        }
    }
}

const VERTEX_16: [vk::PushConstantRange; 1] =
    [vk::PushConstantRange { stage_flags: Stage::VERTEX, offset: 0, size: 16 }];
const FRAGMENT_16: [vk::PushConstantRange; 1] =
    [vk::PushConstantRange { stage_flags: Stage::FRAGMENT, offset: 0, size: 16 }];
const COMPUTE_16: [vk::PushConstantRange; 1] =
    [vk::PushConstantRange { stage_flags: Stage::COMPUTE, offset: 0, size: 16 }];
const COMPUTE_8: [vk::PushConstantRange; 1] =
    [vk::PushConstantRange { stage_flags: Stage::COMPUTE, offset: 0, size: 8 }];
const TWICE: [vk::PushConstantRange; 2] = [
    vk::PushConstantRange { stage_flags: Stage::VERTEX, offset: 0, size: 16 },
    vk::PushConstantRange { stage_flags: Stage::VERTEX, offset: 16, size: 16 },
];
const VIEWPORT: vk::Viewport =
    vk::Viewport { x: 0.0, y: 0.0, width: 64.0, height: 64.0, min_depth: 0.0, max_depth: 1.0 };
const SCISSOR: vk::Rect2D =
    vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 64, height: 64 } };

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

/// `ids` as owned strings, sorted.
fn expect(ids: &[&str]) -> Vec<String> {
    sorted(ids.iter().map(|s| s.to_string()).collect())
}

fn memory(ctx: &Context, req: vk::MemoryRequirements) -> vk::DeviceMemory {
    let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
    let info = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
    // SAFETY: a valid allocate info.
    unsafe { ctx.device.allocate_memory(&info, None) }.expect("vkAllocateMemory")
}

/// `VUID-VkShaderCreateInfoEXT-{suffix}`.
fn info_id(suffix: &str) -> String {
    format!("VUID-VkShaderCreateInfoEXT-{suffix}")
}

/// The shader-object device: tessellation, geometry, task and mesh shaders, multi draws and
/// the subgroup features on.
fn rich(entry: &ash::Entry) -> Fixture {
    let builder = ContextBuilder::new()
        .shader_object()
        .task_shader()
        .multi_draw()
        .features(
            vk::PhysicalDeviceFeatures::default().multi_viewport(true).tessellation_shader(true).geometry_shader(true),
        )
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().draw_indirect_count(true))
        .vulkan13_features(
            vk::PhysicalDeviceVulkan13Features::default()
                .dynamic_rendering(true)
                .subgroup_size_control(true)
                .compute_full_subgroups(true),
        );
    Fixture::new(entry, builder)
}

/// `VK_EXT_shader_object` enabled without its feature, and no other features.
fn bare(entry: &ash::Entry) -> Fixture {
    let name: &CStr = ash::ext::shader_object::NAME;
    let builder = ContextBuilder::new()
        .device_extensions(&[name])
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true));
    Fixture::new(entry, builder)
}

/// One process, one loader environment: every case runs from here.
#[test]
fn shader_objects() {
    // The driver shim hides graphics only where a device is made with it below Vigil.
    let entry = VulkanEnv::new().with_vigil_and_shim("no-graphics-queue").entry();
    let (rich, bare) = (rich(&entry), bare(&entry));
    create_rules(&rich, &bare);
    linked_creation(&rich);
    bind_rules(&rich, &bare);
    draws(&rich);
    dynamic_state(&rich);
    read_only_aspects(&rich);
    mesh_and_multi_draws(&rich);
    dispatches(&rich);
    pipelines(&rich);
    sets_and_push_constants(&rich);
    queue_families(&entry);
    let failed = FAILED.with(|f| f.take());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

fn create_rules(f: &Fixture, bare: &Fixture) {
    check!(f.create_ids(&[VERTEX]), NONE);
    check!(f.create_ids(&[VERTEX, FRAGMENT, COMPUTE]), NONE);
    check!(bare.create_ids(&[VERTEX]), ["VUID-vkCreateShadersEXT-None-08400"]);
    // Stages: never several, and those of features not enabled.
    check!(f.create_ids(&[VERTEX.stage(Stage::ALL_GRAPHICS).next(Stage::empty())]), [info_id("stage-08418")]);
    let stage = |s: Stage| f.create_ids(&[VERTEX.stage(s).next(Stage::empty())]);
    let bare_stage = |s: Stage| bare.create_ids(&[VERTEX.stage(s).next(Stage::empty())]);
    let none_08400 = "VUID-vkCreateShadersEXT-None-08400";
    check!(bare_stage(Stage::TESSELLATION_CONTROL), expect(&[none_08400, &info_id("stage-08419")]));
    check!(bare_stage(Stage::TESSELLATION_EVALUATION), expect(&[none_08400, &info_id("stage-08419")]));
    check!(bare_stage(Stage::GEOMETRY), expect(&[none_08400, &info_id("stage-08420")]));
    // The bare device lacks VK_EXT_mesh_shader: the stages are not valid values there.
    let parameter = info_id("stage-parameter");
    check!(bare_stage(Stage::TASK_EXT), expect(&[none_08400, &info_id("stage-08421"), &parameter]));
    check!(bare_stage(Stage::MESH_EXT), expect(&[none_08400, &info_id("stage-08422"), &parameter]));
    check!(f.create_ids(&[shader(MESH_SPV, Stage::MESH_EXT, Stage::FRAGMENT)]), NONE);
    let tess_control = shader(TESS_CONTROL_SPV, Stage::TESSELLATION_CONTROL, Stage::TESSELLATION_EVALUATION);
    let tess_eval = shader(TESS_EVAL_SPV, Stage::TESSELLATION_EVALUATION, Stage::FRAGMENT);
    check!(f.create_ids(&[tess_control, tess_eval]), NONE);
    // Stages of extensions not enabled are no valid values either.
    check!(stage(Stage::SUBPASS_SHADING_HUAWEI), expect(&[&info_id("stage-08425"), &parameter]));
    check!(stage(Stage::CLUSTER_CULLING_HUAWEI), expect(&[&info_id("stage-08426"), &parameter]));
    // Ray tracing is not enabled: the stage is no valid value either.
    check!(stage(Stage::RAYGEN_KHR), expect(&[&info_id("stage-12445"), &info_id("stage-parameter")]));
    // Flags against stages and features.
    let flags = |s: Shader, flags: Flags| f.create_ids(&[s.flags(flags)]);
    check!(flags(COMPUTE, Flags::LINK_STAGE), [info_id("flags-08412")]);
    check!(flags(VERTEX, Flags::NO_TASK_SHADER), [info_id("flags-08414")]);
    check!(f.create_ids(&[shader(MESH_SPV, Stage::MESH_EXT, Stage::FRAGMENT).flags(Flags::NO_TASK_SHADER)]), NONE);
    check!(flags(VERTEX, Flags::DISPATCH_BASE), [info_id("flags-08485")]);
    check!(flags(COMPUTE, Flags::DISPATCH_BASE), NONE);
    let rate = Flags::FRAGMENT_SHADING_RATE_ATTACHMENT;
    check!(flags(VERTEX, rate), expect(&[&info_id("flags-08486"), &info_id("flags-08487")]));
    check!(flags(FRAGMENT, rate), [info_id("flags-08487")]);
    let density = Flags::FRAGMENT_DENSITY_MAP_ATTACHMENT;
    check!(flags(VERTEX, density), expect(&[&info_id("flags-08488"), &info_id("flags-08489")]));
    check!(flags(FRAGMENT, density), [info_id("flags-08489")]);
    check!(flags(VERTEX, Flags::REQUIRE_FULL_SUBGROUPS), [info_id("flags-08992")]);
    check!(flags(COMPUTE, Flags::REQUIRE_FULL_SUBGROUPS), NONE);
    check!(
        bare.create_ids(&[COMPUTE.flags(Flags::REQUIRE_FULL_SUBGROUPS)]),
        expect(&["VUID-vkCreateShadersEXT-None-08400", &info_id("flags-09405"),])
    );
    check!(flags(COMPUTE, Flags::ALLOW_VARYING_SUBGROUP_SIZE), NONE);
    check!(
        bare.create_ids(&[COMPUTE.flags(Flags::ALLOW_VARYING_SUBGROUP_SIZE)]),
        expect(&["VUID-vkCreateShadersEXT-None-08400", &info_id("flags-09404"),])
    );
    // Flags of features lavapipe lacks (their extensions not enabled: no valid bits either).
    let flag_parameter = info_id("flags-parameter");
    let bindable = Flags::from_raw(0x80);
    check!(flags(VERTEX, bindable), expect(&[&info_id("flags-11005"), &flag_parameter]));
    let indexing = Flags::from_raw(0x8000);
    check!(flags(VERTEX, indexing), expect(&[&info_id("flags-11758"), &flag_parameter]));
    let independent = Flags::from_raw(0x40000);
    check!(flags(COMPUTE, independent), expect(&[&info_id("stage-12428"), &flag_parameter]));
    // Next stages: what may follow each stage, and stages of features not enabled.
    let next = |s: Shader, next: Stage| f.create_ids(&[s.next(next)]);
    check!(next(VERTEX, Stage::COMPUTE), [info_id("nextStage-08427")]);
    check!(next(VERTEX, Stage::TESSELLATION_CONTROL | Stage::GEOMETRY | Stage::FRAGMENT), NONE);
    let bare_next = |next: Stage| bare.create_ids(&[VERTEX.next(next)]);
    check!(bare_next(Stage::TESSELLATION_CONTROL), expect(&[none_08400, &info_id("nextStage-08428")]));
    check!(bare_next(Stage::GEOMETRY), expect(&[none_08400, &info_id("nextStage-08429")]));
    let tc = VERTEX.stage(Stage::TESSELLATION_CONTROL);
    check!(next(tc, Stage::FRAGMENT), [info_id("nextStage-08430")]);
    let te = VERTEX.stage(Stage::TESSELLATION_EVALUATION);
    check!(next(te, Stage::VERTEX), [info_id("nextStage-08431")]);
    let geometry = VERTEX.stage(Stage::GEOMETRY);
    check!(next(geometry, Stage::VERTEX), [info_id("nextStage-08433")]);
    check!(next(FRAGMENT, Stage::VERTEX), [info_id("nextStage-08434")]);
    check!(next(COMPUTE, Stage::FRAGMENT), [info_id("nextStage-08434")]);
    let task = VERTEX.stage(Stage::TASK_EXT);
    check!(next(task, Stage::FRAGMENT), [info_id("nextStage-08435")]);
    let mesh = shader(MESH_SPV, Stage::MESH_EXT, Stage::empty());
    check!(next(mesh, Stage::VERTEX), [info_id("nextStage-08436")]);
    // Push constant ranges: one per stage.
    let twice = Shader { push: &TWICE, ..VERTEX };
    check!(f.create_ids(&[twice]), [info_id("pPushConstantRanges-10063")]);
    check!(f.create_ids(&[Shader { push: &VERTEX_16, ..VERTEX }]), NONE);
    // SPIR-V in whole words, aligned to them; binary code aligned to 16 bytes.
    check!(
        f.create_ids(&[Shader { code: &VERTEX_SPV[..VERTEX_SPV.len() - 2], ..VERTEX }]),
        [info_id("codeSize-08735")]
    );
    let mut shifted = vec![0u8; VERTEX_SPV.len() + 1];
    shifted[1..].copy_from_slice(VERTEX_SPV);
    let shifted: &'static [u8] = &Box::leak(shifted.into_boxed_slice())[1..];
    check!(f.create_ids(&[Shader { code: shifted, ..VERTEX }]), [info_id("pCode-08493")]);
    check!(f.create_ids(&[Shader { code: shifted, binary: true, ..VERTEX }]), [info_id("pCode-08492")]);
    // Set layouts: at most maxBoundDescriptorSets.
    // SAFETY: a physical device of the instance.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let max = limits.max_bound_descriptor_sets;
    check!(f.create_ids(&[Shader { sets: max, ..VERTEX }]), NONE);
    check!(f.create_ids(&[Shader { sets: max + 1, ..VERTEX }]), [info_id("setLayoutCount-12257")]);
}

fn linked_creation(f: &Fixture) {
    let id = |suffix: &str| format!("VUID-vkCreateShadersEXT-pCreateInfos-{suffix}");
    check!(f.create_ids(&[VERTEX.linked(), FRAGMENT.linked()]), NONE);
    check!(f.create_ids(&[VERTEX.linked(), FRAGMENT]), [id("08402")]);
    let mesh = shader(MESH_SPV, Stage::MESH_EXT, Stage::FRAGMENT);
    check!(f.create_ids(&[mesh.linked(), FRAGMENT.linked()]), NONE);
    check!(f.create_ids(&[FRAGMENT.linked(), mesh]), [id("08403")]);
    check!(f.create_ids(&[mesh.linked(), VERTEX.linked()]), [id("08404")]);
    let no_task = mesh.flags(Flags::LINK_STAGE | Flags::NO_TASK_SHADER);
    let task = VERTEX.stage(Stage::TASK_EXT).next(Stage::MESH_EXT).linked();
    check!(f.create_ids(&[no_task, task]), [id("08405")]);
    check!(f.create_ids(&[VERTEX.linked(), VERTEX.linked(), FRAGMENT.linked()]), [id("08410")]);
    let binary = Shader { binary: true, ..FRAGMENT.linked() };
    check!(f.create_ids(&[VERTEX.linked(), binary]), [id("08411")]);
    check!(f.create_ids(&[VERTEX.linked().next(Stage::empty()), FRAGMENT.linked()]), [id("08409")]);
}

fn bind_rules(f: &Fixture, bare: &Fixture) {
    let (vertex, fragment) = (f.make(VERTEX), f.make(FRAGMENT));
    let id = |suffix: &str| format!("VUID-vkCmdBindShadersEXT-{suffix}");
    let bind = |stages: &[Stage], shaders: &[vk::ShaderEXT]| f.ids(|_, cb| f.bind(cb, stages, shaders));
    check!(bind(&[Stage::VERTEX, Stage::FRAGMENT], &[vertex, fragment]), NONE);
    check!(bind(&[Stage::VERTEX, Stage::VERTEX], &[vertex, vertex]), [id("pStages-08463")]);
    check!(bind(&[Stage::ALL_GRAPHICS], &[vk::ShaderEXT::null()]), [id("pStages-08464")]);
    check!(
        bind(&[Stage::RAYGEN_KHR], &[vk::ShaderEXT::null()]),
        expect(&[&id("pStages-08465"), &id("pStages-parameter")])
    );
    let parameter = id("pStages-parameter");
    check!(
        bind(&[Stage::SUBPASS_SHADING_HUAWEI], &[vk::ShaderEXT::null()]),
        expect(&[&id("pStages-08467"), &parameter])
    );
    check!(
        bind(&[Stage::CLUSTER_CULLING_HUAWEI], &[vk::ShaderEXT::null()]),
        expect(&[&id("pStages-08468"), &parameter])
    );
    check!(bind(&[Stage::FRAGMENT], &[vertex]), [id("pShaders-08469")]);
    check!(bind(&[Stage::FRAGMENT], &[vk::ShaderEXT::null()]), NONE);
    // A task or mesh shader with a vertex shader in one call (a vertex shader bound as one).
    let with_vertex = |stage: Stage| bind(&[stage, Stage::VERTEX], &[vertex, vertex]);
    check!(with_vertex(Stage::TASK_EXT), expect(&[&id("pShaders-08469"), &id("pShaders-08470")]));
    check!(with_vertex(Stage::MESH_EXT), expect(&[&id("pShaders-08469"), &id("pShaders-08471")]));
    check!(bind(&[Stage::MESH_EXT, Stage::VERTEX], &[vk::ShaderEXT::null(), vertex]), NONE);
    let ids = bare.ids(|_, cb| bare.bind(cb, &[Stage::VERTEX], &[vk::ShaderEXT::null()]));
    check!(ids, [id("None-08462")]);
}

/// The draw commands the tests record, by name.
/// A draw or dispatch command, by name.
type Command<'a> = (&'static str, Box<dyn Fn(&ash::Device, vk::CommandBuffer) + 'a>);

fn draw_commands(f: &Fixture) -> Vec<Command<'_>> {
    let b = f.indirect;
    vec![
        // SAFETY (all): draws recorded inside a rendering instance, their indirect commands at 0
        // and their count at 32 in a 64-byte indirect buffer, an index buffer bound.
        ("vkCmdDraw", Box::new(|d, cb| unsafe { d.cmd_draw(cb, 3, 1, 0, 0) })),
        ("vkCmdDrawIndexed", Box::new(|d, cb| unsafe { d.cmd_draw_indexed(cb, 3, 1, 0, 0, 0) })),
        ("vkCmdDrawIndexedIndirect", Box::new(move |d, cb| unsafe { d.cmd_draw_indexed_indirect(cb, b, 0, 1, 20) })),
        (
            "vkCmdDrawIndexedIndirectCount",
            Box::new(move |d, cb| unsafe { d.cmd_draw_indexed_indirect_count(cb, b, 0, b, 32, 1, 20) }),
        ),
        ("vkCmdDrawIndirect", Box::new(move |d, cb| unsafe { d.cmd_draw_indirect(cb, b, 0, 1, 16) })),
        ("vkCmdDrawIndirectCount", Box::new(move |d, cb| unsafe { d.cmd_draw_indirect_count(cb, b, 0, b, 32, 1, 16) })),
    ]
}

/// The graphics stages' shaders: `vertex` and `fragment`, the others VK_NULL_HANDLE.
fn pair(vertex: vk::ShaderEXT, fragment: vk::ShaderEXT) -> [vk::ShaderEXT; 7] {
    let mut shaders = [vk::ShaderEXT::null(); 7];
    shaders[0] = vertex;
    shaders[1] = fragment;
    shaders
}

fn draws(f: &Fixture) {
    let (vertex, fragment) = (f.make(VERTEX), f.make(FRAGMENT));
    let null = vk::ShaderEXT::null();
    let all = GRAPHICS;
    for (name, draw) in draw_commands(f) {
        let id = |suffix: &str| format!("VUID-{name}-{suffix}");
        let record_then = |stages: &[Stage], shaders: &[vk::ShaderEXT], then: &dyn Fn(vk::CommandBuffer)| {
            f.ids(|d, cb| {
                f.set_state(cb, "");
                // SAFETY: a bound index buffer of 64 bytes.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
                f.bind(cb, stages, shaders);
                then(cb);
                draw(d, cb);
            })
        };
        let record = |stages: &[Stage], shaders: &[vk::ShaderEXT]| record_then(stages, shaders, &|_| {});
        // The correct program: vertex and fragment shaders, the mesh stage named empty.
        check!(record(&all, &pair(vertex, fragment)), NONE, "{name}");
        // Each stage must be named; a null shader names it.
        let missing = [
            ("None-08684", Some("None-08693")),
            ("None-08688", None),
            ("None-08685", None),
            ("None-08686", None),
            ("None-08687", None),
            ("None-08689", None),
            ("None-08690", None),
        ];
        for (i, (first, more)) in missing.into_iter().enumerate() {
            let (mut stages, mut shaders) = (all.to_vec(), pair(vertex, fragment).to_vec());
            stages.remove(i);
            shaders.remove(i);
            let ids: Vec<String> = [Some(first), more].into_iter().flatten().map(id).collect();
            check!(record(&stages, &shaders), sorted(ids), "{name} without {:?}", all[i]);
        }
        // Vertex or mesh shading, not both (bound in two calls: one may not bind both).
        let mesh = f.make(shader(MESH_SPV, Stage::MESH_EXT, Stage::FRAGMENT));
        check!(
            record_then(&all, &pair(vertex, fragment), &|cb| f.bind(cb, &[Stage::MESH_EXT], &[mesh])),
            expect(&[&id("None-08693"), &id("None-08696"), &id("None-08885")])
        );
        // SAFETY: a shader made here, unused.
        unsafe { f.so.destroy_shader(mesh, None) };
    }
    let id = |suffix: &str| format!("VUID-vkCmdDraw-{suffix}");
    let draw = |shaders: &[vk::ShaderEXT]| {
        f.ids(|d, cb| {
            f.set_state(cb, "");
            f.bind(cb, &all, shaders);
            // SAFETY: recording inside a rendering instance.
            unsafe { d.cmd_draw(cb, 3, 1, 0, 0) };
        })
    };
    // The bound shaders agree: push constant ranges, set layouts, next stages.
    let pushed = f.make(Shader { push: &VERTEX_16, ..VERTEX });
    check!(draw(&pair(pushed, fragment)), [id("None-08878")]);
    let pushed_fragment = f.make(Shader { push: &VERTEX_16, ..FRAGMENT });
    check!(draw(&pair(pushed, pushed_fragment)), NONE);
    let with_set = f.make(Shader { sets: 1, ..VERTEX });
    check!(draw(&pair(with_set, fragment)), [id("None-08879")]);
    let fragment_set = f.make(Shader { sets: 1, ..FRAGMENT });
    check!(draw(&pair(with_set, fragment_set)), NONE);
    let last = f.make(VERTEX.next(Stage::empty()));
    check!(draw(&pair(last, fragment)), [id("nextStage-10745")]);
    check!(draw(&pair(last, null)), NONE);
    // Linked shaders are bound together.
    let (_, linked) = f.create(&[VERTEX.linked(), FRAGMENT.linked()]);
    check!(draw(&pair(linked[0], linked[1])), NONE);
    check!(draw(&pair(linked[0], fragment)), [id("None-08698")]);
    // No other shader between linked ones (the vertex shader's nextStage lacks it too).
    let tess_control = f.make(shader(TESS_CONTROL_SPV, Stage::TESSELLATION_CONTROL, Stage::TESSELLATION_EVALUATION));
    let tess_eval = f.make(shader(TESS_EVAL_SPV, Stage::TESSELLATION_EVALUATION, Stage::FRAGMENT));
    let mut between = pair(linked[0], linked[1]);
    (between[2], between[3]) = (tess_control, tess_eval);
    // (Drawing triangle lists: the control shader reads patch lists.)
    let patches = id("primitiveTopology-10286");
    check!(draw(&between), expect(&[&id("None-08699"), &id("nextStage-10745"), &patches]));
    let mut unlinked = pair(vertex, fragment);
    (unlinked[2], unlinked[3]) = (tess_control, tess_eval);
    check!(draw(&unlinked), expect(&[&id("nextStage-10745"), &patches]));
}

fn dynamic_state(f: &Fixture) {
    let (vertex, fragment) = (f.make(VERTEX), f.make(FRAGMENT));
    let null = vk::ShaderEXT::null();
    let all = GRAPHICS;
    let d = &f.ctx.device;
    let draw = |except: &str, shaders: [vk::ShaderEXT; 7], more: &dyn Fn(vk::CommandBuffer)| {
        f.ids(|d, cb| {
            f.set_state(cb, except);
            more(cb);
            f.bind(cb, &all, &shaders);
            // SAFETY: recording inside a rendering instance.
            unsafe { d.cmd_draw(cb, 3, 1, 0, 0) };
        })
    };
    let id = |suffix: &str| format!("VUID-vkCmdDraw-{suffix}");
    let nothing = |_: vk::CommandBuffer| {};
    let cases = [
        ("viewport", "viewportCount-03417"),
        ("scissor", "scissorCount-03418"),
        ("discard", "None-04876"),
        ("cull", "None-07840"),
        ("front", "None-07841"),
        ("depth test", "None-07843"),
        ("stencil test", "None-07847"),
        ("depth bias", "None-04877"),
        ("topology", "None-07842"),
        ("restart", "None-04879"),
        ("vertex input", "None-04914"),
        ("polygon", "None-07621"),
        ("samples", "None-07622"),
        ("sample mask", "None-07623"),
        ("alpha to coverage", "None-07624"),
        ("blend enable", "None-07627"),
        ("write mask", "None-07629"),
    ];
    for (except, suffix) in cases {
        check!(draw(except, pair(vertex, fragment), &nothing), [id(suffix)], "{except}");
    }
    // Without a vertex shader, the vertex input and input assembly states are not needed; without
    // a fragment shader, the color blend states.
    check!(draw("topology", pair(null, fragment), &nothing), [id("None-08693")]);
    check!(draw("blend enable", pair(vertex, null), &nothing), NONE);
    check!(draw("write mask", pair(vertex, null), &nothing), NONE);
    // The last blend enable and write mask calls must cover the active attachment (0).
    let blend_second = |cb| unsafe { f.so.cmd_set_color_blend_enable(cb, 1, &[0]) };
    check!(draw("", pair(vertex, fragment), &blend_second), [id("firstAttachment-07476")]);
    let mask_second = |cb| unsafe { f.so.cmd_set_color_write_mask(cb, 1, &[vk::ColorComponentFlags::RGBA]) };
    check!(draw("", pair(vertex, fragment), &mask_second), [id("firstAttachment-07478")]);
    // With blending enabled, the active attachment's blend equation (or advanced blend) is set;
    // not without a fragment shader.
    let blending = |cb| unsafe { f.so.cmd_set_color_blend_enable(cb, 0, &[vk::TRUE]) };
    check!(draw("", pair(vertex, fragment), &blending), [id("None-10864")]);
    let blending_with_equation = |cb| unsafe {
        f.so.cmd_set_color_blend_enable(cb, 0, &[vk::TRUE]);
        f.so.cmd_set_color_blend_equation(cb, 0, &[vk::ColorBlendEquationEXT::default()]);
    };
    check!(draw("", pair(vertex, fragment), &blending_with_equation), NONE);
    check!(draw("", pair(vertex, null), &blending), NONE);
    // The last sample mask covers the rasterization samples set.
    let four = |cb| unsafe { f.so.cmd_set_rasterization_samples(cb, vk::SampleCountFlags::TYPE_4) };
    check!(draw("", pair(vertex, fragment), &four), [id("samples-07473")]);
    // Tessellation: the domain origin with an evaluation shader, the patch control points with a
    // control shader reading patch lists; neither without them.
    let tess_vertex = f.make(VERTEX.next(Stage::TESSELLATION_CONTROL));
    let tess_control = f.make(shader(TESS_CONTROL_SPV, Stage::TESSELLATION_CONTROL, Stage::TESSELLATION_EVALUATION));
    let tess_eval = f.make(shader(TESS_EVAL_SPV, Stage::TESSELLATION_EVALUATION, Stage::FRAGMENT));
    let mut tessellated = pair(tess_vertex, fragment);
    (tessellated[2], tessellated[3]) = (tess_control, tess_eval);
    let patches = |cb| unsafe { d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::PATCH_LIST) };
    check!(draw("domain origin", tessellated, &patches), [id("None-07619")]);
    check!(draw("patch points", tessellated, &patches), [id("None-04875")]);
    check!(draw("", tessellated, &patches), NONE);
    check!(draw("domain origin", pair(vertex, fragment), &nothing), NONE);
    check!(draw("patch points", pair(vertex, fragment), &patches), [id("primitiveTopology-10747")]);
    check!(draw("", tessellated, &nothing), [id("primitiveTopology-10286")]);
    // Primitive restart of a list topology needs primitiveTopologyListRestart.
    let restart = |cb| unsafe { d.cmd_set_primitive_restart_enable(cb, true) };
    check!(draw("", pair(vertex, fragment), &restart), [id("None-09637")]);
    let strip = |cb| unsafe {
        d.cmd_set_primitive_restart_enable(cb, true);
        d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::TRIANGLE_STRIP);
    };
    check!(draw("", pair(vertex, fragment), &strip), NONE);
    // Rasterizer discard on: the rasterization states are not needed.
    // SAFETY (closures): recording state commands.
    let discard = |cb| unsafe { d.cmd_set_rasterizer_discard_enable(cb, true) };
    check!(draw("cull", pair(vertex, fragment), &discard), NONE);
    // Tests and biases enabled need their states.
    let depth = |cb| unsafe { d.cmd_set_depth_test_enable(cb, true) };
    check!(draw("", pair(vertex, fragment), &depth), expect(&[&id("None-07844"), &id("None-07845")]));
    let set_depth = |cb| unsafe {
        d.cmd_set_depth_test_enable(cb, true);
        d.cmd_set_depth_write_enable(cb, true);
        d.cmd_set_depth_compare_op(cb, vk::CompareOp::LESS);
    };
    check!(draw("", pair(vertex, fragment), &set_depth), NONE);
    let stencil = |cb| unsafe { d.cmd_set_stencil_test_enable(cb, true) };
    check!(
        draw("", pair(vertex, fragment), &stencil),
        expect(&[&id("None-07837"), &id("None-07838"), &id("None-07839"), &id("None-07848")])
    );
    let bias = |cb| unsafe { d.cmd_set_depth_bias_enable(cb, true) };
    check!(draw("", pair(vertex, fragment), &bias), [id("None-07834")]);
    let lines = |cb| unsafe { d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::LINE_LIST) };
    check!(draw("", pair(vertex, fragment), &lines), [id("None-08617")]);
    let width = |cb| unsafe {
        d.cmd_set_primitive_topology(cb, vk::PrimitiveTopology::LINE_LIST);
        d.cmd_set_line_width(cb, 1.0);
    };
    check!(draw("", pair(vertex, fragment), &width), NONE);
    let counts = |cb| unsafe { d.cmd_set_scissor_with_count(cb, &[SCISSOR, SCISSOR]) };
    check!(draw("", pair(vertex, fragment), &counts), [id("viewportCount-03419")]);
    // Shader objects draw only in vkCmdBeginRendering instances, not a render pass object's.
    let attachment = vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::STORE)
        .initial_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
        .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL);
    let color = [vk::AttachmentReference::default().layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
    let subpass = [vk::SubpassDescription::default().color_attachments(&color)];
    let attachments = [attachment];
    let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpass);
    // SAFETY: a valid render pass, and a framebuffer of the fixture's 64×64 color view.
    let (render_pass, framebuffer) = unsafe {
        let render_pass = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        let views = [f.view];
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&views)
            .width(64)
            .height(64)
            .layers(1);
        (render_pass, d.create_framebuffer(&info, None).expect("vkCreateFramebuffer"))
    };
    let in_render_pass = f.ids_in(false, |d, cb| {
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() });
        // SAFETY: recording a render pass instance with live objects.
        unsafe {
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            f.set_state(cb, "");
            f.bind(cb, &all, &pair(vertex, fragment));
            d.cmd_draw(cb, 3, 1, 0, 0);
            d.cmd_end_render_pass(cb);
        }
    });
    check!(in_render_pass, [id("None-08876")]);
    // SAFETY: objects made here, no longer used.
    unsafe {
        d.destroy_framebuffer(framebuffer, None);
        d.destroy_render_pass(render_pass, None);
    }
    // Every core draw holds shader objects to the dynamic state rules.
    for (name, draw) in draw_commands(f) {
        let ids = f.ids(|d, cb| {
            f.set_state(cb, "topology");
            // SAFETY: a bound index buffer of 64 bytes.
            unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            f.bind(cb, &all, &pair(vertex, fragment));
            draw(d, cb);
        });
        check!(ids, [format!("VUID-{name}-None-07842")], "{name}");
    }
}

/// Shader objects write no depth or stencil aspect of the instance's depth/stencil attachment in
/// a read-only layout (`-None-06886`, `-None-06887`), as their dynamic state was set.
fn read_only_aspects(f: &Fixture) {
    use vk::ImageLayout as L;
    let (vertex, fragment) = (f.make(VERTEX), f.make(FRAGMENT));
    let draw = |layout, more: &dyn Fn(&ash::Device, vk::CommandBuffer)| {
        f.ids_with_depth(layout, |d, cb| {
            f.set_state(cb, "");
            more(d, cb);
            f.bind(cb, &GRAPHICS, &pair(vertex, fragment));
            // SAFETY: recording inside a rendering instance.
            unsafe { d.cmd_draw(cb, 3, 1, 0, 0) };
        })
    };
    // SAFETY (closures): recording state commands.
    let depth = |d: &ash::Device, cb| unsafe {
        d.cmd_set_depth_test_enable(cb, true);
        d.cmd_set_depth_write_enable(cb, true);
        d.cmd_set_depth_compare_op(cb, vk::CompareOp::LESS);
    };
    let stencil = |d: &ash::Device, cb| unsafe {
        let (faces, replace) = (vk::StencilFaceFlags::FRONT_AND_BACK, vk::StencilOp::REPLACE);
        d.cmd_set_stencil_test_enable(cb, true);
        d.cmd_set_stencil_op(cb, faces, replace, replace, replace, vk::CompareOp::ALWAYS);
        d.cmd_set_stencil_compare_mask(cb, faces, 0xff);
        d.cmd_set_stencil_write_mask(cb, faces, 0xff);
        d.cmd_set_stencil_reference(cb, faces, 1);
    };
    let (depth_ro, stencil_ro) =
        (L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL);
    check!(draw(depth_ro, &depth), ["VUID-vkCmdDraw-None-06886"]);
    check!(draw(stencil_ro, &depth), NONE);
    check!(draw(stencil_ro, &stencil), ["VUID-vkCmdDraw-None-06887"]);
    check!(draw(depth_ro, &stencil), NONE);
}

fn dispatches(f: &Fixture) {
    let compute = f.make(COMPUTE);
    let null = vk::ShaderEXT::null();
    let b = f.indirect;
    let commands: [Command<'_>; 3] = [
        // SAFETY (all): dispatches recorded outside a render pass, the indirect one's command at 0.
        ("vkCmdDispatch", Box::new(|d, cb| unsafe { d.cmd_dispatch(cb, 1, 1, 1) })),
        ("vkCmdDispatchBase", Box::new(|d, cb| unsafe { d.cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1) })),
        ("vkCmdDispatchIndirect", Box::new(move |d, cb| unsafe { d.cmd_dispatch_indirect(cb, b, 0) })),
    ];
    for (name, dispatch) in commands {
        let record = |shader: Option<vk::ShaderEXT>| {
            f.ids_in(false, |d, cb| {
                if let Some(s) = shader {
                    f.bind(cb, &[Stage::COMPUTE], &[s]);
                }
                dispatch(d, cb);
            })
        };
        let missing = [format!("VUID-{name}-None-10743")];
        check!(record(Some(compute)), NONE, "{name}");
        check!(record(None), missing, "{name}");
        check!(record(Some(null)), missing, "{name}");
    }
}

/// Binding a pipeline unbinds the shaders of its bind point, and binding shaders unbinds the
/// pipeline of theirs.
fn pipelines(f: &Fixture) {
    let (vertex, fragment, compute) = (f.make(VERTEX), f.make(FRAGMENT), f.make(COMPUTE));
    let null = vk::ShaderEXT::null();
    let ctx = &f.ctx;
    // SAFETY: a valid create info.
    let layout = unsafe { ctx.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None) }
        .expect("vkCreatePipelineLayout");
    let extent = vk::Extent2D { width: 64, height: 64 };
    let graphics = vigil_tests::programs::triangle_pipeline(ctx, layout, vk::RenderPass::null(), extent);
    let module = vigil_tests::programs::shader_module(ctx, COMPUTE_SPV);
    let compute_pipeline = vigil_tests::programs::compute_pipeline(ctx, module, layout);
    let bind_pipeline = |cb, point, pipeline| {
        // SAFETY: recording; a live pipeline of the bind point.
        unsafe { ctx.device.cmd_bind_pipeline(cb, point, pipeline) }
    };
    let draw = |record: &dyn Fn(vk::CommandBuffer)| {
        f.ids(|d, cb| {
            f.set_state(cb, "");
            record(cb);
            // SAFETY: recording inside a rendering instance.
            unsafe { d.cmd_draw(cb, 3, 1, 0, 0) };
        })
    };
    let g = vk::PipelineBindPoint::GRAPHICS;
    // A pipeline alone needs no shaders named.
    check!(draw(&|cb| bind_pipeline(cb, g, graphics)), NONE);
    // Shaders, then a pipeline: the pipeline draws.
    check!(
        draw(&|cb| {
            f.bind(cb, &[Stage::FRAGMENT], &[fragment]);
            bind_pipeline(cb, g, graphics);
        }),
        NONE
    );
    // Shaders, a pipeline, then a null task shader: the pipeline is unbound, and so were the
    // vertex and fragment shaders.
    check!(
        draw(&|cb| {
            f.bind(cb, &GRAPHICS, &pair(vertex, fragment));
            bind_pipeline(cb, g, graphics);
            f.bind(cb, &[Stage::TASK_EXT], &[null]);
        }),
        ["VUID-vkCmdDraw-None-08693"]
    );
    // Without the pipeline bind, the same shaders draw.
    check!(
        draw(&|cb| {
            f.bind(cb, &GRAPHICS, &pair(vertex, fragment));
            f.bind(cb, &[Stage::TASK_EXT], &[null]);
        }),
        NONE
    );
    let dispatch = |record: &dyn Fn(vk::CommandBuffer)| {
        f.ids_in(false, |d, cb| {
            record(cb);
            // SAFETY: recording outside a render pass.
            unsafe { d.cmd_dispatch(cb, 1, 1, 1) };
        })
    };
    let c = vk::PipelineBindPoint::COMPUTE;
    check!(
        dispatch(&|cb| {
            f.bind(cb, &[Stage::COMPUTE], &[compute]);
            bind_pipeline(cb, c, compute_pipeline);
        }),
        NONE
    );
    check!(
        dispatch(&|cb| {
            bind_pipeline(cb, c, compute_pipeline);
            f.bind(cb, &[Stage::COMPUTE], &[null]);
        }),
        ["VUID-vkCmdDispatch-None-10743"]
    );
    // Graphics shaders leave the compute pipeline bound.
    check!(
        dispatch(&|cb| {
            bind_pipeline(cb, c, compute_pipeline);
            f.bind(cb, &[Stage::VERTEX], &[null]);
        }),
        NONE
    );
}

/// Shader objects that use a descriptor set and push constants: the set bound, and the push
/// constants set, with layouts compatible with the shaders'.
fn sets_and_push_constants(f: &Fixture) {
    let d = &f.ctx.device;
    let pushed = Shader { uniform: true, push: &VERTEX_16, ..VERTEX };
    let vertex = f.make(Shader { code: PUSHED_VERTEX_SPV, ..pushed });
    let fragment = f.make(Shader { code: FRAGMENT_SPV, stage: Stage::FRAGMENT, next: Stage::empty(), ..pushed });
    // The compute shader's block is 16 bytes, inside its range; it uses no set.
    let pushed_compute = Shader { code: PUSHED_COMPUTE_SPV, push: &COMPUTE_16, ..COMPUTE };
    let compute = f.make(pushed_compute);
    // At creation, what the code uses against the shader's own set layouts and ranges.
    let info_id = |suffix: &str| format!("VUID-VkShaderCreateInfoEXT-codeType-{suffix}");
    check!(f.create_ids(&[Shader { push: &[], ..Shader { code: PUSHED_VERTEX_SPV, ..pushed } }]), [info_id("10064")]);
    check!(
        f.create_ids(&[Shader { uniform: false, ..Shader { code: PUSHED_VERTEX_SPV, ..pushed } }]),
        [info_id("10383")]
    );
    check!(f.create_ids(&[Shader { push: &COMPUTE_8, ..pushed_compute }]), [info_id("10065")]);
    // SAFETY: plain object creation with valid create infos.
    let (same, other, compute_same, set) = unsafe {
        let layouts = [f.uniform_layout];
        let layout = |ranges: &[vk::PushConstantRange]| {
            d.create_pipeline_layout(
                &vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts).push_constant_ranges(ranges),
                None,
            )
            .expect("vkCreatePipelineLayout")
        };
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 1 }];
        let pool = d
            .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
            .expect("vkCreateDescriptorPool");
        let set = d
            .allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts),
            )
            .expect("vkAllocateDescriptorSets")[0];
        (layout(&VERTEX_16), layout(&FRAGMENT_16), layout(&COMPUTE_16), set)
    };
    let record = |rendering: bool, sets: Option<vk::PipelineLayout>, push: Option<vk::PipelineLayout>| {
        f.ids_in(rendering, |d, cb| {
            let point = if rendering { vk::PipelineBindPoint::GRAPHICS } else { vk::PipelineBindPoint::COMPUTE };
            // SAFETY: recording with live objects; the push constants inside the layout's range.
            unsafe {
                if let Some(layout) = sets {
                    d.cmd_bind_descriptor_sets(cb, point, layout, 0, &[set], &[]);
                }
                if let Some(layout) = push {
                    let stages = match layout {
                        l if l == same => Stage::VERTEX,
                        l if l == compute_same => Stage::COMPUTE,
                        _ => Stage::FRAGMENT,
                    };
                    d.cmd_push_constants(cb, layout, stages, 0, &[0; 16]);
                }
                if rendering {
                    f.set_state(cb, "");
                    f.bind(cb, &GRAPHICS, &pair(vertex, fragment));
                    d.cmd_draw(cb, 3, 1, 0, 0);
                } else {
                    f.bind(cb, &[Stage::COMPUTE], &[compute]);
                    d.cmd_dispatch(cb, 1, 1, 1);
                }
            }
        })
    };
    check!(record(true, Some(same), Some(same)), NONE);
    check!(record(true, None, Some(same)), ["VUID-vkCmdDraw-None-08600"]);
    check!(record(true, Some(same), None), ["VUID-vkCmdDraw-None-08601"]);
    check!(record(true, Some(other), Some(other)), expect(&["VUID-vkCmdDraw-None-08600", "VUID-vkCmdDraw-None-08601"]));
    check!(record(false, Some(compute_same), Some(compute_same)), NONE);
    // The compute shader uses push constants and no set.
    check!(record(false, None, None), ["VUID-vkCmdDispatch-None-08601"]);
    check!(record(false, None, Some(other)), ["VUID-vkCmdDispatch-None-08601"]);
    check!(record(false, None, Some(same)), ["VUID-vkCmdDispatch-None-08601"]);
}

/// Graphics shaders on a device whose queue families have no graphics operations (hidden by the
/// driver shim): not created, not bound; compute shaders are.
fn queue_families(entry: &ash::Entry) {
    let builder = ContextBuilder::new().shader_object().mesh_shader();
    let f = Fixture::with_layers(entry, builder, &[VIGIL_LAYER, SHIM_LAYER]);
    // SAFETY: lavapipe's physical device.
    let families = unsafe { f.ctx.instance.get_physical_device_queue_family_properties(f.ctx.physical_device) };
    let flags = families[f.ctx.queue_family as usize].queue_flags;
    assert!(!flags.contains(vk::QueueFlags::GRAPHICS), "the shim did not hide graphics: {flags:?}");
    check!(f.create_ids(&[VERTEX]), ["VUID-vkCreateShadersEXT-stage-09671"]);
    check!(f.create_ids(&[COMPUTE]), NONE);
    let null = vk::ShaderEXT::null();
    let bind = |stage: Stage| f.ids_in(false, |_, cb| f.bind(cb, &[stage], &[null]));
    check!(bind(Stage::VERTEX), ["VUID-vkCmdBindShadersEXT-pShaders-08477"]);
    check!(bind(Stage::MESH_EXT), ["VUID-vkCmdBindShadersEXT-pShaders-08478"]);
    check!(bind(Stage::COMPUTE), NONE);
}

/// The mesh draw and the multi draws hold shader objects to the same stage rules.
fn mesh_and_multi_draws(f: &Fixture) {
    let (vertex, fragment) = (f.make(VERTEX), f.make(FRAGMENT));
    let mesh = f.make(shader(MESH_SPV, Stage::MESH_EXT, Stage::FRAGMENT));
    let mesh_shading = ash::ext::mesh_shader::Device::new(&f.ctx.instance, &f.ctx.device);
    let multi = ash::ext::multi_draw::Device::new(&f.ctx.instance, &f.ctx.device);
    let (mesh_shading, multi) = (&mesh_shading, &multi);
    // Zeros: draws of no vertices.
    let data = [0u32; 4];
    let data = &data;
    let mut with_mesh = pair(vk::ShaderEXT::null(), fragment);
    with_mesh[6] = mesh;
    let draws: [Command<'_>; 3] = [
        // SAFETY (all): draws recorded inside a rendering instance, one multi draw of `data`, an
        // index buffer bound.
        ("vkCmdDrawMeshTasksEXT", Box::new(move |_, cb| unsafe { mesh_shading.cmd_draw_mesh_tasks(cb, 1, 1, 1) })),
        (
            "vkCmdDrawMultiEXT",
            Box::new(move |_, cb| unsafe { (multi.fp().cmd_draw_multi_ext)(cb, 1, data.as_ptr().cast(), 1, 0, 8) }),
        ),
        (
            "vkCmdDrawMultiIndexedEXT",
            Box::new(move |_, cb| unsafe {
                (multi.fp().cmd_draw_multi_indexed_ext)(cb, 1, data.as_ptr().cast(), 1, 0, 12, std::ptr::null())
            }),
        ),
    ];
    for (name, draw) in draws {
        let shaders = if name.contains("Mesh") { with_mesh } else { pair(vertex, fragment) };
        let record = |stages: &[Stage], shaders: &[vk::ShaderEXT], then: &dyn Fn(vk::CommandBuffer)| {
            f.ids(|d, cb| {
                f.set_state(cb, "");
                // SAFETY: a bound index buffer of 64 bytes.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
                f.bind(cb, stages, shaders);
                then(cb);
                draw(d, cb);
            })
        };
        let id = |suffix: &str| format!("VUID-{name}-{suffix}");
        check!(record(&GRAPHICS, &shaders, &|_| {}), NONE, "{name}");
        // The vertex stage not named (without the vertex shader, a multi draw has neither vertex
        // nor mesh shading).
        let mut expected = vec![id("None-08684")];
        if !name.contains("Mesh") {
            expected.push(id("None-08693"));
        }
        check!(record(&GRAPHICS[1..], &shaders[1..], &|_| {}), sorted(expected), "{name}");
        // A vertex shader bound too (in a second call: one may not bind both).
        let both = record(&GRAPHICS, &with_mesh, &|cb| f.bind(cb, &[Stage::VERTEX], &[vertex]));
        let mut expected = vec![id("None-08693"), id("None-08696")];
        if !name.contains("Mesh") {
            expected.push(id("None-08885"));
        }
        check!(both, sorted(expected), "{name}");
    }
}
