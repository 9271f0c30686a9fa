//! Stateless validation's explicit rules through the real loader: for each VUID one call that
//! breaks it (the exact id must be reported, and the call is skipped because the messenger asks
//! for it) and one valid call (nothing reported).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

fn context() -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls must not reach lavapipe: the callback asks Vigil to skip them.
    ctx.messages.skip_errors(true);
    ctx
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(ctx: &Context, call: impl FnOnce()) -> Vec<String> {
    ctx.messages.clear();
    call();
    ctx.messages.problem_ids()
}

fn buffer_info(size: u64) -> vk::BufferCreateInfo<'static> {
    vk::BufferCreateInfo::default().size(size).usage(vk::BufferUsageFlags::STORAGE_BUFFER)
}

#[test]
fn buffer_size_zero() {
    let ctx = context();
    let ids = reported(&ctx, || {
        let r = unsafe { ctx.device.create_buffer(&buffer_info(0), None) };
        assert_eq!(
            r.err(),
            Some(vk::Result::ERROR_VALIDATION_FAILED_EXT),
            "the skipped call returns VALIDATION_FAILED"
        );
    });
    assert_eq!(ids, ["VUID-VkBufferCreateInfo-size-00912"]);
    let ids = reported(&ctx, || {
        let b = unsafe { ctx.device.create_buffer(&buffer_info(256), None) }.expect("valid buffer");
        unsafe { ctx.device.destroy_buffer(b, None) };
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn concurrent_buffer_without_queue_families() {
    let ctx = context();
    let ids = reported(&ctx, || {
        let mut info = buffer_info(64).sharing_mode(vk::SharingMode::CONCURRENT);
        info.queue_family_index_count = 2;
        let r = unsafe { ctx.device.create_buffer(&info, None) };
        assert!(r.is_err());
    });
    assert_eq!(ids, ["VUID-VkBufferCreateInfo-sharingMode-00913"]);
    let ids = reported(&ctx, || {
        let info = buffer_info(64).sharing_mode(vk::SharingMode::EXCLUSIVE);
        let b = unsafe { ctx.device.create_buffer(&info, None) }.expect("valid buffer");
        unsafe { ctx.device.destroy_buffer(b, None) };
    });
    assert!(ids.is_empty(), "{ids:?}");
}

fn image_info(extent: vk::Extent3D, mips: u32, layers: u32) -> vk::ImageCreateInfo<'static> {
    vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(vk::Format::R8G8B8A8_UNORM)
        .extent(extent)
        .mip_levels(mips)
        .array_layers(layers)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::SAMPLED)
}

#[test]
fn image_extent_mips_and_layers() {
    let ctx = context();
    let good = vk::Extent3D { width: 16, height: 16, depth: 1 };
    let cases: [(vk::ImageCreateInfo, &str); 5] = [
        (image_info(vk::Extent3D { width: 0, ..good }, 1, 1), "VUID-VkImageCreateInfo-extent-00944"),
        (image_info(vk::Extent3D { height: 0, ..good }, 1, 1), "VUID-VkImageCreateInfo-extent-00945"),
        (image_info(vk::Extent3D { depth: 0, ..good }, 1, 1), "VUID-VkImageCreateInfo-extent-00946"),
        (image_info(good, 0, 1), "VUID-VkImageCreateInfo-mipLevels-00947"),
        (image_info(good, 1, 0), "VUID-VkImageCreateInfo-arrayLayers-00948"),
    ];
    for (info, id) in cases {
        let ids = reported(&ctx, || {
            assert!(unsafe { ctx.device.create_image(&info, None) }.is_err());
        });
        assert_eq!(ids, [id]);
    }
    let ids = reported(&ctx, || {
        let image = unsafe { ctx.device.create_image(&image_info(good, 1, 1), None) }.expect("valid image");
        unsafe { ctx.device.destroy_image(image, None) };
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn memory_type_index_out_of_range() {
    let ctx = context();
    let count = unsafe { ctx.instance.get_physical_device_memory_properties(ctx.physical_device) }.memory_type_count;
    let ids = reported(&ctx, || {
        let info = vk::MemoryAllocateInfo::default().allocation_size(4096).memory_type_index(count);
        assert!(unsafe { ctx.device.allocate_memory(&info, None) }.is_err());
    });
    assert_eq!(ids, ["VUID-vkAllocateMemory-pAllocateInfo-01714"]);
    let ids = reported(&ctx, || {
        let info = vk::MemoryAllocateInfo::default().allocation_size(4096).memory_type_index(count - 1);
        let memory = unsafe { ctx.device.allocate_memory(&info, None) }.expect("valid allocation");
        unsafe { ctx.device.free_memory(memory, None) };
    });
    assert!(ids.is_empty(), "{ids:?}");
}

#[test]
fn vertex_buffers_bound_beyond_the_limit() {
    let ctx = context();
    let max =
        unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits.max_vertex_input_bindings;
    let d = &ctx.device;
    let (buffer, memory) = ctx.bound_buffer(256, vk::BufferUsageFlags::VERTEX_BUFFER);
    let pool = ctx.resettable_pool();
    let cb = ctx.recording_primary(pool);
    // SAFETY (whole block): a recording command buffer and a live buffer; the invalid binds are
    // skipped by Vigil.
    unsafe {
        let (buffers, offsets) = ([buffer; 2], [0u64; 2]);
        let bind = |first: u32, n: usize| d.cmd_bind_vertex_buffers(cb, first, &buffers[..n], &offsets[..n]);
        let bind2 =
            |first: u32, n: usize| d.cmd_bind_vertex_buffers2(cb, first, &buffers[..n], &offsets[..n], None, None);
        let (first, sum) =
            ("VUID-vkCmdBindVertexBuffers-firstBinding-00624", "VUID-vkCmdBindVertexBuffers-firstBinding-00625");
        assert_eq!(reported(&ctx, || bind(max, 1)), [first, sum]);
        assert_eq!(reported(&ctx, || bind(max - 1, 2)), [sum]);
        let (first2, sum2) =
            ("VUID-vkCmdBindVertexBuffers2-firstBinding-03355", "VUID-vkCmdBindVertexBuffers2-firstBinding-03356");
        assert_eq!(reported(&ctx, || bind2(max, 1)), [first2, sum2]);
        assert_eq!(reported(&ctx, || bind2(max - 1, 2)), [sum2]);
        // The last binding, and the last two.
        let ids = reported(&ctx, || {
            bind(max - 1, 1);
            bind(max - 2, 2);
            bind2(max - 1, 1);
            bind2(max - 2, 2);
        });
        assert!(ids.is_empty(), "{ids:?}");
        d.end_command_buffer(cb).expect("end");
        d.destroy_command_pool(pool, None);
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn push_constants_beyond_the_limit_or_unaligned() {
    let ctx = context();
    let max =
        unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits.max_push_constants_size;
    let d = &ctx.device;
    let range = vk::PushConstantRange { stage_flags: vk::ShaderStageFlags::COMPUTE, offset: 0, size: max };
    let layout = unsafe {
        d.create_pipeline_layout(
            &vk::PipelineLayoutCreateInfo::default().push_constant_ranges(std::slice::from_ref(&range)),
            None,
        )
    }
    .expect("pipeline layout");
    let pool = unsafe {
        d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
    }
    .expect("command pool");
    let cb = unsafe {
        d.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1))
    }
    .expect("command buffer")[0];
    unsafe { d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()) }.expect("begin");
    let bytes = vec![0u8; max as usize + 8];
    let push = |offset: u32, size: usize| unsafe {
        d.cmd_push_constants(cb, layout, vk::ShaderStageFlags::COMPUTE, offset, &bytes[..size]);
    };
    assert_eq!(reported(&ctx, || push(max, 4)), ["VUID-vkCmdPushConstants-offset-00370"]);
    assert_eq!(reported(&ctx, || push(4, max as usize)), ["VUID-vkCmdPushConstants-size-00371"]);
    assert_eq!(reported(&ctx, || push(2, 4)), ["VUID-vkCmdPushConstants-offset-00368"]);
    assert_eq!(reported(&ctx, || push(4, 6)), ["VUID-vkCmdPushConstants-size-00369"]);
    let ids = reported(&ctx, || {
        push(0, max as usize);
        push(max - 4, 4);
        push(4, 8);
    });
    assert!(ids.is_empty(), "{ids:?}");
    unsafe {
        d.end_command_buffer(cb).expect("end");
        d.destroy_command_pool(pool, None);
        d.destroy_pipeline_layout(layout, None);
    }
}

/// Creates a device with `queues`, returning the ids reported; destroys it if it was created.
fn create_device_reporting(ctx: &Context, queues: &[vk::DeviceQueueCreateInfo]) -> Vec<String> {
    reported(ctx, || {
        let info = vk::DeviceCreateInfo::default().queue_create_infos(queues);
        if let Ok(device) = unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) } {
            unsafe { device.destroy_device(None) };
        }
    })
}

#[test]
fn device_queue_create_infos() {
    let ctx = context();
    let families = unsafe { ctx.instance.get_physical_device_queue_family_properties(ctx.physical_device) };
    let family = ctx.queue_family;
    let available = families[family as usize].queue_count;
    let one = [0.5f32];
    let too_high = [1.5f32];
    let many = vec![0.5f32; available as usize + 1];
    fn q(index: u32, priorities: &[f32]) -> vk::DeviceQueueCreateInfo<'_> {
        vk::DeviceQueueCreateInfo::default().queue_family_index(index).queue_priorities(priorities)
    }
    assert_eq!(
        create_device_reporting(&ctx, &[q(family, &too_high)]),
        ["VUID-VkDeviceQueueCreateInfo-pQueuePriorities-00383"]
    );
    assert_eq!(
        create_device_reporting(&ctx, &[q(family, &one), q(family, &one)]),
        ["VUID-VkDeviceCreateInfo-queueFamilyIndex-02802"]
    );
    assert_eq!(
        create_device_reporting(&ctx, &[q(families.len() as u32, &one)]),
        ["VUID-VkDeviceQueueCreateInfo-queueFamilyIndex-00381"]
    );
    assert_eq!(create_device_reporting(&ctx, &[q(family, &many)]), ["VUID-VkDeviceQueueCreateInfo-queueCount-00382"]);
    let ids = create_device_reporting(&ctx, &[q(family, &one)]);
    assert!(ids.is_empty(), "{ids:?}");
}

fn sampler_info() -> vk::SamplerCreateInfo<'static> {
    vk::SamplerCreateInfo::default().max_anisotropy(1.0).min_lod(0.0).max_lod(4.0)
}

/// Creates a sampler (destroying it when created), returning the ids reported.
fn create_sampler_reporting(ctx: &Context, info: &vk::SamplerCreateInfo) -> Vec<String> {
    reported(ctx, || {
        if let Ok(s) = unsafe { ctx.device.create_sampler(info, None) } {
            unsafe { ctx.device.destroy_sampler(s, None) };
        }
    })
}

#[test]
fn sampler_anisotropy_lod_and_bias() {
    let ctx = context();
    let limits = unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits;
    let aniso = sampler_info().anisotropy_enable(true);
    assert_eq!(create_sampler_reporting(&ctx, &aniso), ["VUID-VkSamplerCreateInfo-anisotropyEnable-01070"]);
    let bias = sampler_info().mip_lod_bias(limits.max_sampler_lod_bias + 1.0);
    assert_eq!(create_sampler_reporting(&ctx, &bias), ["VUID-VkSamplerCreateInfo-mipLodBias-01069"]);
    let lod = sampler_info().min_lod(2.0).max_lod(1.0);
    assert_eq!(create_sampler_reporting(&ctx, &lod), ["VUID-VkSamplerCreateInfo-maxLod-01973"]);
    let ids = create_sampler_reporting(&ctx, &sampler_info().mip_lod_bias(limits.max_sampler_lod_bias));
    assert!(ids.is_empty(), "{ids:?}");

    // With the feature: anisotropy is fine within the limit, and the limit is checked.
    let entry = VulkanEnv::new().with_vigil().entry();
    let features = vk::PhysicalDeviceFeatures { sampler_anisotropy: vk::TRUE, ..Default::default() };
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).features(features).build(&entry);
    ctx.messages.skip_errors(true);
    let ok = sampler_info().anisotropy_enable(true).max_anisotropy(limits.max_sampler_anisotropy);
    let ids = create_sampler_reporting(&ctx, &ok);
    assert!(ids.is_empty(), "{ids:?}");
    let too_low = sampler_info().anisotropy_enable(true).max_anisotropy(0.5);
    assert_eq!(create_sampler_reporting(&ctx, &too_low), ["VUID-VkSamplerCreateInfo-anisotropyEnable-01071"]);
}

/// Creates a pipeline layout (destroying it when created), returning the ids reported.
fn create_layout_reporting(ctx: &Context, info: &vk::PipelineLayoutCreateInfo) -> Vec<String> {
    reported(ctx, || {
        if let Ok(l) = unsafe { ctx.device.create_pipeline_layout(info, None) } {
            unsafe { ctx.device.destroy_pipeline_layout(l, None) };
        }
    })
}

#[test]
fn pipeline_layout_limits_and_push_constant_ranges() {
    let ctx = context();
    let limits = unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits;
    let max = limits.max_push_constants_size;
    let set_layout =
        unsafe { ctx.device.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default(), None) }
            .expect("empty set layout");
    let too_many = vec![set_layout; limits.max_bound_descriptor_sets as usize + 1];
    let info = vk::PipelineLayoutCreateInfo::default().set_layouts(&too_many);
    assert_eq!(create_layout_reporting(&ctx, &info), ["VUID-VkPipelineLayoutCreateInfo-setLayoutCount-00286"]);

    let range = |stage: vk::ShaderStageFlags, offset: u32, size: u32| vk::PushConstantRange {
        stage_flags: stage,
        offset,
        size,
    };
    let vs = vk::ShaderStageFlags::VERTEX;
    let fs = vk::ShaderStageFlags::FRAGMENT;
    let cases: [(Vec<vk::PushConstantRange>, &str); 6] = [
        (vec![range(vs, max, 4)], "VUID-VkPushConstantRange-offset-00294"),
        (vec![range(vs, 4, max)], "VUID-VkPushConstantRange-size-00298"),
        (vec![range(vs, 2, 4)], "VUID-VkPushConstantRange-offset-00295"),
        (vec![range(vs, 0, 0)], "VUID-VkPushConstantRange-size-00296"),
        (vec![range(vs, 0, 6)], "VUID-VkPushConstantRange-size-00297"),
        (vec![range(vs, 0, 16), range(vs | fs, 16, 16)], "VUID-VkPipelineLayoutCreateInfo-pPushConstantRanges-00292"),
    ];
    for (ranges, id) in cases {
        let info = vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&ranges);
        assert_eq!(create_layout_reporting(&ctx, &info), [id]);
    }
    let ok = [range(vs, 0, 16), range(fs, 16, max - 16)];
    let layouts = vec![set_layout; limits.max_bound_descriptor_sets as usize];
    let info = vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&ok).set_layouts(&layouts);
    let ids = create_layout_reporting(&ctx, &info);
    assert!(ids.is_empty(), "{ids:?}");
    unsafe { ctx.device.destroy_descriptor_set_layout(set_layout, None) };
}

#[test]
fn descriptor_set_layout_bindings_unique() {
    let ctx = context();
    let binding = |b: u32| {
        vk::DescriptorSetLayoutBinding::default()
            .binding(b)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
    };
    let create = |bindings: &[vk::DescriptorSetLayoutBinding]| {
        reported(&ctx, || {
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(bindings);
            if let Ok(l) = unsafe { ctx.device.create_descriptor_set_layout(&info, None) } {
                unsafe { ctx.device.destroy_descriptor_set_layout(l, None) };
            }
        })
    };
    assert_eq!(create(&[binding(0), binding(1), binding(0)]), ["VUID-VkDescriptorSetLayoutCreateInfo-binding-00279"]);
    let ids = create(&[binding(0), binding(1), binding(2)]);
    assert!(ids.is_empty(), "{ids:?}");
}
