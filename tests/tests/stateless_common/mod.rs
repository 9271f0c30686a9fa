//! What the explicit-rule test files share: a context that skips invalid calls, the ids
//! reported during a call, and create-then-destroy helpers that report.

#![allow(dead_code)]

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

/// A context with Vigil whose messenger asks Vigil to skip every call it reports an error for.
/// Core validation is off: these files record one parameter case after another into one command
/// buffer (the same image copied in two layouts with no barrier between, for one), which breaks
/// state-tracked rules that are not what they test.
pub fn context_with(builder: ContextBuilder) -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = builder.layers(&[VIGIL_LAYER]).vigil_setting("core", "false").build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls must not reach lavapipe: the callback asks Vigil to skip them.
    ctx.messages.skip_errors(true);
    ctx
}

/// [`context_with`] no features or extensions.
pub fn context() -> Context {
    context_with(ContextBuilder::new())
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
pub fn reported(ctx: &Context, call: impl FnOnce()) -> Vec<String> {
    ctx.messages.clear();
    call();
    ctx.messages.problem_ids()
}

/// Asserts that each case reports exactly its id.
pub fn assert_each<T>(ctx: &Context, cases: &[(T, &str)], report: impl Fn(&Context, &T) -> Vec<String>) {
    for (i, (case, id)) in cases.iter().enumerate() {
        assert_eq!(report(ctx, case), [*id], "case {i}");
    }
}

/// Asserts that each valid case reports nothing.
pub fn assert_clean<T>(ctx: &Context, cases: &[T], report: impl Fn(&Context, &T) -> Vec<String>) {
    for (i, case) in cases.iter().enumerate() {
        let ids = report(ctx, case);
        assert!(ids.is_empty(), "valid case {i}: {ids:?}");
    }
}

/// Runs `create` on the device, destroying what it made; returns the ids reported.
pub fn creating<T>(
    ctx: &Context,
    create: impl FnOnce(&ash::Device) -> Result<T, vk::Result>,
    destroy: impl FnOnce(&ash::Device, T),
) -> Vec<String> {
    reported(ctx, || {
        if let Ok(made) = create(&ctx.device) {
            destroy(&ctx.device, made);
        }
    })
}

/// Creates a buffer with `info`, reporting.
pub fn buffer(ctx: &Context, info: &vk::BufferCreateInfo) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_buffer(info, None) }, |d, b| unsafe { d.destroy_buffer(b, None) })
}

/// Creates an image with `info`, reporting.
pub fn image(ctx: &Context, info: &vk::ImageCreateInfo) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_image(info, None) }, |d, i| unsafe { d.destroy_image(i, None) })
}

/// Creates a sampler with `info`, reporting.
pub fn sampler(ctx: &Context, info: &vk::SamplerCreateInfo) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_sampler(info, None) }, |d, s| unsafe { d.destroy_sampler(s, None) })
}

/// Creates a descriptor set layout with `info`, reporting.
pub fn set_layout(ctx: &Context, info: &vk::DescriptorSetLayoutCreateInfo) -> Vec<String> {
    creating(
        ctx,
        |d| unsafe { d.create_descriptor_set_layout(info, None) },
        |d, l| unsafe { d.destroy_descriptor_set_layout(l, None) },
    )
}

/// Creates a render pass with `info`, reporting.
pub fn render_pass(ctx: &Context, info: &vk::RenderPassCreateInfo) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_render_pass(info, None) }, |d, r| unsafe { d.destroy_render_pass(r, None) })
}

/// Creates a render pass with `info` (version 2), reporting.
pub fn render_pass2(ctx: &Context, info: &vk::RenderPassCreateInfo2) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_render_pass2(info, None) }, |d, r| unsafe { d.destroy_render_pass(r, None) })
}

/// Creates an image view with `info`, reporting.
pub fn image_view(ctx: &Context, info: &vk::ImageViewCreateInfo) -> Vec<String> {
    creating(ctx, |d| unsafe { d.create_image_view(info, None) }, |d, v| unsafe { d.destroy_image_view(v, None) })
}

/// Binds fresh device-local memory to `image`; the memory is returned for freeing.
pub fn bind_image_memory(ctx: &Context, image: vk::Image) -> vk::DeviceMemory {
    bind_image_memory_on(ctx, &ctx.device, image)
}

/// [`bind_image_memory`] for an image of `d`, another device of `ctx`'s physical device.
pub fn bind_image_memory_on(ctx: &Context, d: &ash::Device, image: vk::Image) -> vk::DeviceMemory {
    let req = unsafe { d.get_image_memory_requirements(image) };
    let info = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty()));
    let memory = unsafe { d.allocate_memory(&info, None) }.expect("image memory");
    unsafe { d.bind_image_memory(image, memory, 0) }.expect("bind image memory");
    memory
}

/// Binds fresh memory to `buffer`; the memory is returned for freeing.
pub fn bind_buffer_memory(ctx: &Context, buffer: vk::Buffer) -> vk::DeviceMemory {
    let d = &ctx.device;
    let req = unsafe { d.get_buffer_memory_requirements(buffer) };
    let info = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty()));
    let memory = unsafe { d.allocate_memory(&info, None) }.expect("buffer memory");
    unsafe { d.bind_buffer_memory(buffer, memory, 0) }.expect("bind buffer memory");
    memory
}

/// A 2D RGBA8 image description: `width`x`height`, `mips` levels, `layers` layers, sampled.
pub fn image_info(width: u32, height: u32, mips: u32, layers: u32) -> vk::ImageCreateInfo<'static> {
    vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(vk::Format::R8G8B8A8_UNORM)
        .extent(vk::Extent3D { width, height, depth: 1 })
        .mip_levels(mips)
        .array_layers(layers)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::SAMPLED)
}

/// A valid Y′CBCR conversion of `format`: identity model, full range, cosited even chroma,
/// nearest chroma filter.
pub fn ycbcr_conversion_info(format: vk::Format) -> vk::SamplerYcbcrConversionCreateInfo<'static> {
    vk::SamplerYcbcrConversionCreateInfo::default()
        .format(format)
        .ycbcr_model(vk::SamplerYcbcrModelConversion::RGB_IDENTITY)
        .ycbcr_range(vk::SamplerYcbcrRange::ITU_FULL)
        .x_chroma_offset(vk::ChromaLocation::COSITED_EVEN)
        .y_chroma_offset(vk::ChromaLocation::COSITED_EVEN)
        .chroma_filter(vk::Filter::NEAREST)
}

/// Destroys images of `d` and frees their memory.
pub fn destroy_bound_images(d: &ash::Device, made: &[(vk::Image, vk::DeviceMemory)]) {
    for &(image, memory) in made {
        // SAFETY: the caller's images and memory, no longer in use.
        unsafe {
            d.destroy_image(image, None);
            d.free_memory(memory, None);
        }
    }
}

/// A device of `ctx`'s instance and physical device made with `info` (one queue added): for the
/// features no `ContextBuilder` method enables. Its reports go to `ctx`'s messenger.
pub struct OwnDevice(pub ash::Device);

impl OwnDevice {
    pub fn new(ctx: &Context, info: vk::DeviceCreateInfo) -> Self {
        let priorities = [1.0f32];
        let queues =
            [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&priorities)];
        let info = info.queue_create_infos(&queues);
        let device = unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) }.expect("device");
        OwnDevice(device)
    }

    /// The ids of creating (and destroying) an image with `info` on this device.
    pub fn image(&self, ctx: &Context, info: &vk::ImageCreateInfo) -> Vec<String> {
        let d = &self.0;
        reported(ctx, || {
            if let Ok(i) = unsafe { d.create_image(info, None) } {
                unsafe { d.destroy_image(i, None) };
            }
        })
    }

    /// The ids of creating (and destroying) an image view with `info` on this device.
    pub fn view(&self, ctx: &Context, info: &vk::ImageViewCreateInfo) -> Vec<String> {
        let d = &self.0;
        reported(ctx, || {
            if let Ok(v) = unsafe { d.create_image_view(info, None) } {
                unsafe { d.destroy_image_view(v, None) };
            }
        })
    }

    /// An image made with `info` on this device, bound to fresh memory; the caller destroys both.
    pub fn bound_image(&self, ctx: &Context, info: &vk::ImageCreateInfo) -> (vk::Image, vk::DeviceMemory) {
        let image = unsafe { self.0.create_image(info, None) }.expect("valid image");
        (image, bind_image_memory_on(ctx, &self.0, image))
    }

    /// The ids of creating (and destroying) a sampler with `info` on this device.
    pub fn sampler(&self, ctx: &Context, info: &vk::SamplerCreateInfo) -> Vec<String> {
        let d = &self.0;
        reported(ctx, || {
            if let Ok(s) = unsafe { d.create_sampler(info, None) } {
                unsafe { d.destroy_sampler(s, None) };
            }
        })
    }
}

impl Drop for OwnDevice {
    fn drop(&mut self) {
        unsafe { self.0.destroy_device(None) };
    }
}
