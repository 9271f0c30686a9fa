//! The SPIR-V capabilities and extensions a module declares, against the device, through the
//! real loader on lavapipe: for shader modules, modules passed inline to a pipeline stage, and
//! SPIR-V shader objects. Each case: the exact ids of the invalid call (skipped, so it never
//! reaches lavapipe), then its valid neighbour, which reports nothing.
//!
//! The modules of the declaration cases are written here word by word: a compute entry point
//! that does nothing, with the capabilities and extensions under test declared at its head. The
//! SPIR-V validator's cases use the samples in `tests/shaders/spirv-val` (SPIR-V assembly, with
//! the ids each must produce in `SAMPLES`).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];

const SHADER: u32 = 1;
const KERNEL: u32 = 6;
const INT64: u32 = 11;
const GROUP_NON_UNIFORM: u32 = 61;

/// A compute module that declares `capabilities` and `extensions` and does nothing.
fn module(capabilities: &[u32], extensions: &[&str]) -> Vec<u32> {
    sized_module(capabilities, extensions, [1, 1, 1])
}

/// The same with workgroups of `size` (its `LocalSize` execution mode).
fn sized_module(capabilities: &[u32], extensions: &[&str], size: [u32; 3]) -> Vec<u32> {
    let mut w = vec![0x0723_0203, 0x0001_0300, 0, 6, 0];
    for &c in capabilities {
        w.extend([(2 << 16) | 17, c]);
    }
    for e in extensions {
        let mut bytes = e.as_bytes().to_vec();
        bytes.resize((bytes.len() / 4 + 1) * 4, 0);
        w.push(((bytes.len() as u32 / 4 + 1) << 16) | 10);
        w.extend(bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
    }
    // OpMemoryModel Logical GLSL450; OpEntryPoint GLCompute %5 "main"; OpExecutionMode %5 LocalSize 1 1 1
    w.extend([(3 << 16) | 14, 0, 1]);
    w.extend([(5 << 16) | 15, 5, 5, u32::from_le_bytes(*b"main"), 0]);
    w.extend([(6 << 16) | 16, 5, 17, size[0], size[1], size[2]]);
    // %1 = OpTypeVoid; %2 = OpTypeFunction %1; %5 = OpFunction %1 None %2; OpLabel; OpReturn; OpFunctionEnd
    w.extend([(2 << 16) | 19, 1, (3 << 16) | 33, 2, 1, (5 << 16) | 54, 1, 5, 0, 2]);
    w.extend([(2 << 16) | 248, 3, (1 << 16) | 253, (1 << 16) | 56]);
    w
}

/// A device with Vigil; `rich`: shaderInt64, VK_EXT_shader_atomic_float, maintenance5 (inline
/// modules) and shader objects on; otherwise none of them.
fn context(entry: &ash::Entry, rich: bool) -> Context {
    let mut b = ContextBuilder::new().layers(&[VIGIL_LAYER]);
    if rich {
        b = b
            .features(vk::PhysicalDeviceFeatures::default().shader_int64(true))
            .device_extensions(&[c"VK_EXT_shader_atomic_float"])
            .maintenance5()
            .shader_object();
    } else {
        b = b.shader_object();
    }
    b.build_skipping_errors(entry)
}

/// vkCreateShaderModule with `code`; the ids reported. A module that was created is destroyed.
fn create_module(ctx: &Context, code: &[u32]) -> Vec<String> {
    ctx.messages.problem_ids_of(|| {
        let info = vk::ShaderModuleCreateInfo::default().code(code);
        // SAFETY: a create info with SPIR-V words; a skipped call fails and creates nothing.
        if let Ok(m) = unsafe { ctx.device.create_shader_module(&info, None) } {
            // SAFETY: the module just made, unused.
            unsafe { ctx.device.destroy_shader_module(m, None) };
        }
    })
}

/// vkCreateComputePipelines with `code` passed inline to the stage; the ids reported.
fn create_inline_pipeline(ctx: &Context, code: &[u32]) -> Vec<String> {
    // SAFETY: an empty layout.
    let layout = unsafe { ctx.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None) }
        .expect("vkCreatePipelineLayout");
    let ids = ctx.messages.problem_ids_of(|| {
        let mut inline = vk::ShaderModuleCreateInfo::default().code(code);
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .name(c"main")
            .push_next(&mut inline);
        let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
        // SAFETY: a create info whose stage holds its module inline (maintenance5).
        if let Ok(p) = unsafe { ctx.device.create_compute_pipelines(vk::PipelineCache::null(), &[info], None) } {
            // SAFETY: the pipeline just made, unused.
            unsafe { ctx.device.destroy_pipeline(p[0], None) };
        }
    });
    // SAFETY: unused by anything live.
    unsafe { ctx.device.destroy_pipeline_layout(layout, None) };
    ids
}

/// vkCreateShadersEXT with `code` for a compute shader object; the ids reported.
fn create_shader_object(ctx: &Context, code: &[u32]) -> Vec<String> {
    let so = ash::ext::shader_object::Device::new(&ctx.instance, &ctx.device);
    ctx.messages.problem_ids_of(|| {
        // SAFETY: plain words seen as bytes.
        let bytes = unsafe { std::slice::from_raw_parts(code.as_ptr().cast::<u8>(), code.len() * 4) };
        let info = vk::ShaderCreateInfoEXT::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .code_type(vk::ShaderCodeTypeEXT::SPIRV)
            .code(bytes)
            .name(c"main");
        // SAFETY: a SPIR-V compute shader create info; the feature is on.
        if let Ok(s) = unsafe { so.create_shaders(&[info], None) } {
            // SAFETY: the shader just made, unused.
            unsafe { so.destroy_shader(s[0], None) };
        }
    })
}

/// One process, one loader environment: every case runs from here.
#[test]
fn spirv_declarations() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let (plain, rich) = (context(&entry, false), context(&entry, true));
    modules(&plain, &rich);
    inline_modules_and_shader_objects(&plain, &rich);
    let standard_layout = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().uniform_buffer_standard_layout(true))
        .build_skipping_errors(&entry);
    spirv_validator(&plain, &rich, &standard_layout);
    workgroup_limits(&rich);
    let stores = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .features(
            vk::PhysicalDeviceFeatures::default()
                .fragment_stores_and_atomics(true)
                .vertex_pipeline_stores_and_atomics(true),
        )
        .build_skipping_errors(&entry);
    stores_in_graphics_stages(&plain, &stores);
}

/// vkCreateGraphicsPipelines with these vertex and fragment shaders, a layout with a storage
/// buffer at set 0 binding 0 for both stages, and a one-color-attachment render pass.
fn graphics_pipeline_ids(ctx: &Context, vert: &[u32], frag: &[u32]) -> Vec<String> {
    let d = &ctx.device;
    // SAFETY: valid create infos throughout; what is made is destroyed at the end.
    unsafe {
        let module = |code: &[u32]| {
            d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(code), None)
                .expect("vkCreateShaderModule")
        };
        let (vs, fs) = (module(vert), module(frag));
        let binding = [vk::DescriptorSetLayoutBinding::default()
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::VERTEX | vk::ShaderStageFlags::FRAGMENT)];
        let set_layout = d
            .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
            .unwrap();
        let set_layouts = [set_layout];
        let layout =
            d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None).unwrap();
        let attachment = [vk::AttachmentDescription::default()
            .format(vk::Format::R8G8B8A8_UNORM)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::STORE)
            .final_layout(vk::ImageLayout::GENERAL)];
        let color = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = [vk::SubpassDescription::default().color_attachments(&color)];
        let render_pass = d
            .create_render_pass(&vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass), None)
            .unwrap();
        let stages = [
            vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::VERTEX).module(vs).name(c"main"),
            vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::FRAGMENT).module(fs).name(c"main"),
        ];
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let assembly =
            vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
        let viewport = vk::PipelineViewportStateCreateInfo::default().viewport_count(1).scissor_count(1);
        let raster = vk::PipelineRasterizationStateCreateInfo::default().line_width(1.0);
        let multisample =
            vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let blend_attachment =
            [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
        let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachment);
        let states = [vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR];
        let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&states);
        let info = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vertex_input)
            .input_assembly_state(&assembly)
            .viewport_state(&viewport)
            .rasterization_state(&raster)
            .multisample_state(&multisample)
            .color_blend_state(&blend)
            .dynamic_state(&dynamic)
            .layout(layout)
            .render_pass(render_pass);
        let ids = ctx.messages.problem_ids_of(|| {
            if let Ok(p) = d.create_graphics_pipelines(vk::PipelineCache::null(), &[info], None) {
                d.destroy_pipeline(p[0], None);
            }
        });
        d.destroy_render_pass(render_pass, None);
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_set_layout(set_layout, None);
        d.destroy_shader_module(vs, None);
        d.destroy_shader_module(fs, None);
        ids
    }
}

/// Storage buffers written by the fragment and vertex stages: each needs its feature.
fn stores_in_graphics_stages(plain: &Context, stores: &Context) {
    let (vert, frag) = (spirv_file("triangle.vert.spv"), spirv_file("triangle.frag.spv"));
    let (stores_vert, stores_frag) = (spirv_file("stores.vert.spv"), spirv_file("stores.frag.spv"));
    assert_eq!(graphics_pipeline_ids(plain, &vert, &stores_frag), ["VUID-RuntimeSpirv-NonWritable-06340"]);
    assert_eq!(graphics_pipeline_ids(stores, &vert, &stores_frag), NONE);
    assert_eq!(graphics_pipeline_ids(plain, &stores_vert, &frag), ["VUID-RuntimeSpirv-NonWritable-06341"]);
    assert_eq!(graphics_pipeline_ids(stores, &stores_vert, &frag), NONE);
    assert_eq!(graphics_pipeline_ids(plain, &vert, &frag), NONE);
}

/// A compute stage's workgroup size against lavapipe's limits (1024 per axis and in all), in a
/// module and inline.
fn workgroup_limits(rich: &Context) {
    let cases: [([u32; 3], &[&str]); 6] = [
        ([1025, 1, 1], &["VUID-RuntimeSpirv-x-06429", "VUID-RuntimeSpirv-x-06432"]),
        ([1, 1025, 1], &["VUID-RuntimeSpirv-y-06430", "VUID-RuntimeSpirv-x-06432"]),
        ([1, 1, 1025], &["VUID-RuntimeSpirv-z-06431", "VUID-RuntimeSpirv-x-06432"]),
        ([32, 32, 2], &["VUID-RuntimeSpirv-x-06432"]),
        ([1024, 1, 1], &[]),
        ([32, 16, 2], &[]),
    ];
    // SAFETY: an empty layout.
    let layout = unsafe { rich.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None) }
        .expect("vkCreatePipelineLayout");
    for (size, ids) in cases {
        let code = sized_module(&[SHADER], &[], size);
        assert_eq!(create_inline_pipeline(rich, &code), ids, "inline {size:?}");
        // SAFETY: a valid module.
        let module =
            unsafe { rich.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None) }
                .expect("vkCreateShaderModule");
        let ids_of_module = rich.messages.problem_ids_of(|| {
            let stage = vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::COMPUTE)
                .module(module)
                .name(c"main");
            let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
            // SAFETY: valid but for the workgroup size, which Vigil skips.
            if let Ok(p) = unsafe { rich.device.create_compute_pipelines(vk::PipelineCache::null(), &[info], None) } {
                // SAFETY: unused.
                unsafe { rich.device.destroy_pipeline(p[0], None) };
            }
        });
        assert_eq!(ids_of_module, ids, "module {size:?}");
        // SAFETY: no pipeline uses it.
        unsafe { rich.device.destroy_shader_module(module, None) };
    }
    // SAFETY: no pipeline uses it.
    unsafe { rich.device.destroy_pipeline_layout(layout, None) };

    // Shared memory: 64 KiB of Workgroup variables against lavapipe's 32 KiB, then 4 KiB.
    let large = spirv_file("shared-large.comp.spv");
    assert_eq!(create_inline_pipeline(rich, &large), ["VUID-RuntimeSpirv-Workgroup-06530"]);
    assert_eq!(create_inline_pipeline(rich, &spirv_file("shared.comp.spv")), NONE);

    // The same limits hold for compute shader objects.
    let wide = sized_module(&[SHADER], &[], [1025, 1, 1]);
    assert_eq!(create_shader_object(rich, &wide), ["VUID-RuntimeSpirv-x-06429", "VUID-RuntimeSpirv-x-06432"]);
    assert_eq!(create_shader_object(rich, &sized_module(&[SHADER], &[], [1024, 1, 1])), NONE);
    assert_eq!(create_shader_object(rich, &large), ["VUID-RuntimeSpirv-Workgroup-06530"]);
    assert_eq!(create_shader_object(rich, &spirv_file("shared.comp.spv")), NONE);
}

/// The validator's samples and the ids each produces on a device with none of the features
/// that relax the validator's rules.
const SAMPLES: [(&str, &[&str]); 3] = [
    // An integer fragment input without Flat.
    ("flat.frag", &["VUID-StandaloneSpirv-Flat-04744"]),
    // A storage image whose format (R32i) does not match its sampled type (float): a rule
    // SPIRV-Tools v2025.3 (the spirv-tools crate's) does not check.
    ("image-format.comp", &["VUID-StandaloneSpirv-Image-04965"]),
    // A block without a terminator: invalid SPIR-V with no Vulkan id of its own.
    ("unterminated.comp", &["VUID-VkShaderModuleCreateInfo-pCode-08737"]),
];

/// The words of `tests/shaders/<path>`.
fn spirv_file(path: &str) -> Vec<u32> {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders").join(path);
    let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect()
}

fn spirv_validator(plain: &Context, rich: &Context, standard_layout: &Context) {
    for (name, ids) in SAMPLES {
        let code = spirv_file(&format!("spirv-val/{name}.spv"));
        assert_eq!(create_module(plain, &code), ids, "{name}");
        // Only modules that passed are remembered: a failing one is reported again.
        assert_eq!(create_module(plain, &code), ids, "{name}, again");
    }
    // Shaders glslang compiled, as the other tests use them: valid.
    for name in ["compute.comp", "triangle.vert", "triangle.frag", "pushed.vert", "sets.comp"] {
        assert_eq!(create_module(plain, &spirv_file(&format!("{name}.spv"))), NONE, "{name}");
    }

    // A uniform block laid out by std430's rules: invalid unless uniformBufferStandardLayout (or
    // scalarBlockLayout) is on, which the validator is told.
    let std430 = spirv_file("spirv-val/std430-uniform.comp.spv");
    assert_eq!(create_module(plain, &std430), ["VUID-VkShaderModuleCreateInfo-pCode-08737"]);
    assert_eq!(create_module(standard_layout, &std430), NONE);

    // Inline in a pipeline stage, and as shader objects (their own id).
    let unterminated = spirv_file("spirv-val/unterminated.comp.spv");
    assert_eq!(create_inline_pipeline(rich, &unterminated), ["VUID-VkShaderModuleCreateInfo-pCode-08737"]);
    assert_eq!(create_shader_object(rich, &unterminated), ["VUID-VkShaderCreateInfoEXT-pCode-08737"]);
    let image_format = spirv_file("spirv-val/image-format.comp.spv");
    assert_eq!(create_shader_object(rich, &image_format), ["VUID-StandaloneSpirv-Image-04965"]);
    // The valid neighbour: a terminated block (the pipeline has an empty layout, so no resources).
    let valid = module(&[SHADER], &[]);
    assert_eq!(create_inline_pipeline(rich, &valid), NONE);
    assert_eq!(create_shader_object(rich, &valid), NONE);
}

fn modules(plain: &Context, rich: &Context) {
    // A capability whose feature is off, then on.
    let int64 = module(&[SHADER, INT64], &[]);
    assert_eq!(create_module(plain, &int64), ["VUID-VkShaderModuleCreateInfo-pCode-08740"]);
    assert_eq!(create_module(rich, &int64), NONE);

    // A capability Vulkan does not allow at all, then the plain Shader capability.
    assert_eq!(create_module(rich, &module(&[SHADER, KERNEL], &[])), ["VUID-VkShaderModuleCreateInfo-pCode-08739"]);
    assert_eq!(create_module(plain, &module(&[SHADER], &[])), NONE);

    // A capability allowed by a device property lavapipe has (subgroup basic operations).
    assert_eq!(create_module(plain, &module(&[SHADER, GROUP_NON_UNIFORM], &[])), NONE);

    // A SPIR-V extension whose device extension is off, then on.
    let atomic_float = module(&[SHADER], &["SPV_EXT_shader_atomic_float_add"]);
    assert_eq!(create_module(plain, &atomic_float), ["VUID-VkShaderModuleCreateInfo-pCode-08742"]);
    assert_eq!(create_module(rich, &atomic_float), NONE);

    // A SPIR-V extension Vulkan does not allow, then one every Vulkan 1.1 device allows.
    let made_up = module(&[SHADER], &["SPV_VIGIL_made_up"]);
    assert_eq!(create_module(rich, &made_up), ["VUID-VkShaderModuleCreateInfo-pCode-08741"]);
    assert_eq!(create_module(plain, &module(&[SHADER], &["SPV_KHR_storage_buffer_storage_class"])), NONE);

    // Both at once: each reported.
    let both = module(&[SHADER, INT64], &["SPV_EXT_shader_atomic_float_add"]);
    let mut ids = create_module(plain, &both);
    ids.sort();
    assert_eq!(ids, ["VUID-VkShaderModuleCreateInfo-pCode-08740", "VUID-VkShaderModuleCreateInfo-pCode-08742"]);
}

fn inline_modules_and_shader_objects(plain: &Context, rich: &Context) {
    let int64 = module(&[SHADER, INT64], &[]);

    // Inline in a pipeline stage: the feature is checked as for a module (the device without
    // the feature has no maintenance5 either, which the spec also asks of inline modules; Vigil
    // reports only the capability).
    assert_eq!(
        create_inline_pipeline(rich, &module(&[SHADER, KERNEL], &[])),
        ["VUID-VkShaderModuleCreateInfo-pCode-08739"]
    );
    assert_eq!(create_inline_pipeline(rich, &int64), NONE);

    // Shader objects: their own ids.
    assert_eq!(create_shader_object(plain, &int64), ["VUID-VkShaderCreateInfoEXT-pCode-08740"]);
    assert_eq!(
        create_shader_object(plain, &module(&[SHADER], &["SPV_VIGIL_made_up"])),
        ["VUID-VkShaderCreateInfoEXT-pCode-08741"]
    );
    assert_eq!(create_shader_object(rich, &module(&[SHADER, KERNEL], &[])), ["VUID-VkShaderCreateInfoEXT-pCode-08739"]);
    let atomic_float = module(&[SHADER], &["SPV_EXT_shader_atomic_float_add"]);
    assert_eq!(create_shader_object(plain, &atomic_float), ["VUID-VkShaderCreateInfoEXT-pCode-08742"]);
    assert_eq!(create_shader_object(rich, &atomic_float), NONE);
    assert_eq!(create_shader_object(rich, &int64), NONE);
}
