//! Core validation at draw and dispatch time of the descriptors the bound pipeline's shaders
//! statically use, through the real loader on lavapipe: each must be valid (`-None-08114`:
//! written unless its binding is partially bound, and what it names not destroyed); an image
//! view must be of the view type (`-viewType-07752`) and an image or buffer view of the numeric
//! type (`-format-07753`) the shader's `OpTypeImage` declares; and the view's format must have
//! the features what the shader does needs: storage image atomics (`-None-02691`), depth
//! comparison (`-None-06479`), storage writes and reads of an `Unknown` format
//! (`-OpTypeImage-07027`, `-07028`; the test-only driver shim takes both from one format, as
//! lavapipe has them for all), storage texel buffer atomics (`-None-07888`) and storage texel
//! buffers' writes and reads of an `Unknown` format (`-OpTypeImage-07029`, `-07030`; the shim
//! takes the buffer features from the same format); and a combined
//! image sampler's sampler against the view it samples: linear filters and mipmaps need linear
//! (`-magFilter-04553`, `-mipmapMode-04770`) or, with a min or max reduction, minmax filtering
//! (`-magFilter-09598`, `-mipmapMode-09599`), which lavapipe's R32_UINT lacks; immutable samplers
//! count, not the ones written, and a separate sampler counts for the images the shader samples
//! with it; unnormalized coordinates need one level and layer
//! (`-unnormalizedCoordinates-09635`), a 1D or 2D view (`-None-08609`) and no projection, depth
//! comparison, implicit LOD, bias or offset (`-None-08610`, `-None-08611`); cubic filters need
//! the format's cubic filtering (`-None-02692`), no 3D or cube view without VK_EXT_filter_cubic
//! (`-None-02693`) and with it the view's `filterCubic` and `filterCubicMinmax`
//! (`-filterCubic-02694`, `-filterCubicMinmax-02695`), and corner-sampled images clamp-to-edge
//! addressing (`-flags-02696`), on devices the driver shim gives those extensions
//! (`filter-cubic`, `corner-sampled-image`); an `A8_UNORM` storage image is written with four
//! components (`-OpImageWrite-08796`); and without protectedNoFault a protected command buffer
//! writes no unprotected resource (`-commandBuffer-02712`, on a device the shim lets enable
//! protectedMemory: `protected-memory`). Each invalid
//! command (the exact ids reported; the call skipped, so it never reaches lavapipe) beside its
//! valid neighbour, which reports nothing, on every dispatch and draw command lavapipe runs.
//! Nothing is submitted.

use ash::vk;
use vigil_tests::programs::{compute_pipeline, shader_module};
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const DESCRIPTORS_SPV: &[u8] = include_bytes!("../../shaders/descriptors.comp.spv");
const IMAGES_SPV: &[u8] = include_bytes!("../../shaders/images.comp.spv");
const VERTEX_SPV: &[u8] = include_bytes!("../../shaders/triangle.vert.spv");
const FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/descriptors.frag.spv");
const IMAGES_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/images.frag.spv");
const STORAGE_SPV: &[u8] = include_bytes!("../../shaders/storage.comp.spv");
const STORAGE_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/storage.frag.spv");
const TEXEL_SPV: &[u8] = include_bytes!("../../shaders/texel.comp.spv");
const TEXEL_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/texel.frag.spv");
const NONE: [&str; 0] = [];
const ALL: vk::ShaderStageFlags = vk::ShaderStageFlags::ALL;

use vk::DescriptorType as T;

/// One device, a descriptor pool and command pool, what draws need, and what the cases make
/// (destroyed with it).
struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    descriptor_pool: vk::DescriptorPool,
    /// A 4×4 R8G8B8A8_UNORM color attachment view.
    attachment: vk::ImageView,
    /// Index data, and indirect commands (and their count at byte 128).
    index: vk::Buffer,
    indirect: vk::Buffer,
}

impl Fixture {
    fn new() -> Self {
        Self::with(|b| b)
    }

    /// The same, with what `more` adds to the device.
    fn with(more: impl FnOnce(ContextBuilder) -> ContextBuilder) -> Self {
        // The driver shim takes the storage without-format features from one format, lets a
        // device enable protectedMemory, and offers cubic filtering and corner-sampled images
        // (the same switches for every test: the environment is the process's).
        let shim = "no-storage-without-format,protected-memory,filter-cubic,corner-sampled-image";
        let entry = VulkanEnv::new().with_vigil_and_shim(shim).entry();
        let features = vk::PhysicalDeviceFeatures::default()
            .fragment_stores_and_atomics(true)
            .shader_storage_image_read_without_format(true)
            .shader_storage_image_write_without_format(true);
        let builder = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .features(features)
            .vulkan12_features(
                vk::PhysicalDeviceVulkan12Features::default()
                    .descriptor_binding_partially_bound(true)
                    .draw_indirect_count(true)
                    .sampler_filter_minmax(true),
            )
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true));
        let ctx = more(builder).build_skipping_errors(&entry);
        let d = &ctx.device;
        let sizes = [
            vk::DescriptorPoolSize { ty: T::STORAGE_BUFFER, descriptor_count: 64 },
            vk::DescriptorPoolSize { ty: T::UNIFORM_BUFFER, descriptor_count: 64 },
            vk::DescriptorPoolSize { ty: T::COMBINED_IMAGE_SAMPLER, descriptor_count: 64 },
            vk::DescriptorPoolSize { ty: T::STORAGE_IMAGE, descriptor_count: 64 },
            vk::DescriptorPoolSize { ty: T::STORAGE_TEXEL_BUFFER, descriptor_count: 16 },
            vk::DescriptorPoolSize { ty: T::UNIFORM_TEXEL_BUFFER, descriptor_count: 16 },
            vk::DescriptorPoolSize { ty: T::SAMPLER, descriptor_count: 16 },
            vk::DescriptorPoolSize { ty: T::SAMPLED_IMAGE, descriptor_count: 32 },
        ];
        // SAFETY: valid create infos for this device.
        unsafe {
            let descriptor_pool = d
                .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(64).pool_sizes(&sizes), None)
                .expect("vkCreateDescriptorPool");
            let info = vk::CommandPoolCreateInfo::default()
                .queue_family_index(ctx.queue_family)
                .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
            let pool = d.create_command_pool(&info, None).expect("vkCreateCommandPool");
            let null = (vk::ImageView::null(), vk::Buffer::null(), vk::Buffer::null());
            let mut f = Fixture { ctx, pool, descriptor_pool, attachment: null.0, index: null.1, indirect: null.2 };
            let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT;
            let color = vk::ImageAspectFlags::COLOR;
            f.attachment = f.image_view(vk::Format::R8G8B8A8_UNORM, usage, vk::ImageViewType::TYPE_2D, color);
            f.index = f.buffer(vk::BufferUsageFlags::INDEX_BUFFER);
            f.indirect = f.buffer(vk::BufferUsageFlags::INDIRECT_BUFFER);
            f
        }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    /// A set layout of `(type, count, binding flags)` per binding number from 0.
    fn set_layout(
        &self,
        bindings: &[(vk::DescriptorType, u32, vk::DescriptorBindingFlags)],
    ) -> vk::DescriptorSetLayout {
        let list: Vec<_> = bindings
            .iter()
            .enumerate()
            .map(|(i, &(ty, count, _))| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(i as u32)
                    .descriptor_type(ty)
                    .descriptor_count(count)
                    .stage_flags(ALL)
            })
            .collect();
        let flags: Vec<_> = bindings.iter().map(|b| b.2).collect();
        let mut flags = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&list).push_next(&mut flags);
        // SAFETY: a valid create info.
        unsafe { self.d().create_descriptor_set_layout(&info, None) }.expect("vkCreateDescriptorSetLayout")
    }

    fn pipeline_layout(&self, set: vk::DescriptorSetLayout) -> vk::PipelineLayout {
        let sets = [set];
        // SAFETY: a valid create info.
        unsafe { self.d().create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&sets), None) }
            .expect("vkCreatePipelineLayout")
    }

    fn compute(&self, spv: &[u8], layout: vk::PipelineLayout) -> vk::Pipeline {
        let module = shader_module(&self.ctx, spv);
        let p = compute_pipeline(&self.ctx, module, layout);
        // SAFETY: the module just created; the pipeline does not need it.
        unsafe { self.d().destroy_shader_module(module, None) };
        p
    }

    /// A set of `layout`, nothing written.
    fn set(&self, layout: vk::DescriptorSetLayout) -> vk::DescriptorSet {
        let layouts = [layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.descriptor_pool).set_layouts(&layouts);
        // SAFETY: a valid allocate info, from a pool with room.
        unsafe { self.d().allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0]
    }

    /// Host-visible memory for `req`.
    fn memory(&self, req: vk::MemoryRequirements) -> vk::DeviceMemory {
        let ty = self.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
        let info = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    /// A 256-byte buffer of `usage`, bound to memory.
    fn buffer(&self, usage: vk::BufferUsageFlags) -> vk::Buffer {
        let d = self.d();
        // SAFETY: a valid create info, then memory the buffer allows.
        unsafe {
            let b = d.create_buffer(&vk::BufferCreateInfo::default().size(256).usage(usage), None).expect("buffer");
            let memory = self.memory(d.get_buffer_memory_requirements(b));
            d.bind_buffer_memory(b, memory, 0).expect("vkBindBufferMemory");
            b
        }
    }

    /// Writes `buffers` (of `ty`) to `binding` of `set` from element `first`.
    fn write_buffers(
        &self,
        set: vk::DescriptorSet,
        binding: u32,
        first: u32,
        ty: vk::DescriptorType,
        buffers: &[vk::Buffer],
    ) {
        let infos: Vec<_> =
            buffers.iter().map(|&b| vk::DescriptorBufferInfo { buffer: b, offset: 0, range: vk::WHOLE_SIZE }).collect();
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(binding)
            .dst_array_element(first)
            .descriptor_type(ty)
            .buffer_info(&infos);
        let ids = self.ctx.messages.problem_ids_of(|| {
            // SAFETY: a valid write of live buffers.
            unsafe { self.d().update_descriptor_sets(&[write], &[]) }
        });
        assert_eq!(ids, NONE, "writing binding {binding}");
    }

    /// A buffer view of `format` over all of `buffer`.
    fn texel_view(&self, buffer: vk::Buffer, format: vk::Format) -> vk::BufferView {
        let info = vk::BufferViewCreateInfo::default().buffer(buffer).format(format).range(vk::WHOLE_SIZE);
        // SAFETY: a valid create info: the format has the buffer's texel buffer feature.
        unsafe { self.d().create_buffer_view(&info, None) }.expect("vkCreateBufferView")
    }

    /// The optimal tiling features of `format`, as the driver (and the shim) report them.
    fn features(&self, format: vk::Format) -> vk::FormatFeatureFlags2 {
        let mut three = vk::FormatProperties3::default();
        let mut two = vk::FormatProperties2::default().push_next(&mut three);
        // SAFETY: the context's physical device.
        unsafe { self.ctx.instance.get_physical_device_format_properties2(self.ctx.physical_device, format, &mut two) };
        three.optimal_tiling_features
    }

    /// A 4×4 image of `format` and `usage`, bound to memory, with a view of `view_type` and
    /// `aspect`.
    fn image_view(
        &self,
        format: vk::Format,
        usage: vk::ImageUsageFlags,
        view_type: vk::ImageViewType,
        aspect: vk::ImageAspectFlags,
    ) -> vk::ImageView {
        self.image_view_levels(format, usage, (view_type, aspect), 1)
    }

    /// The same with `levels` mip levels, all in the view.
    fn image_view_levels(
        &self,
        format: vk::Format,
        usage: vk::ImageUsageFlags,
        (view_type, aspect): (vk::ImageViewType, vk::ImageAspectFlags),
        levels: u32,
    ) -> vk::ImageView {
        let d = self.d();
        let image = self.image(format, usage, levels);
        // SAFETY: a view of the image's one layer.
        unsafe {
            let mut view = vigil_tests::context::color_view_info(image).format(format).view_type(view_type);
            view.subresource_range.aspect_mask = aspect;
            view.subresource_range.level_count = levels;
            d.create_image_view(&view, None).expect("vkCreateImageView")
        }
    }

    /// A 4×4 2D image of one layer and `levels` levels, bound to memory.
    fn image(&self, format: vk::Format, usage: vk::ImageUsageFlags, levels: u32) -> vk::Image {
        self.bound_image(&image_info(format, usage).mip_levels(levels))
    }

    /// An image made with `info`, bound to memory.
    fn bound_image(&self, info: &vk::ImageCreateInfo) -> vk::Image {
        let d = self.d();
        // SAFETY: a valid create info (the caller's), memory it allows.
        unsafe {
            let image = d.create_image(info, None).expect("vkCreateImage");
            let memory = self.memory(d.get_image_memory_requirements(image));
            d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            image
        }
    }

    /// A recording command buffer with `pipeline` bound at `point` and `set` bound at set 0.
    fn recording(
        &self,
        point: vk::PipelineBindPoint,
        pipeline: vk::Pipeline,
        layout: vk::PipelineLayout,
        set: vk::DescriptorSet,
    ) -> vk::CommandBuffer {
        let d = self.d();
        let info = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1);
        // SAFETY: a valid allocate info; the buffer is begun once and never submitted.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let ids = self.ctx.messages.problem_ids_of(|| {
                d.cmd_bind_pipeline(cb, point, pipeline);
                d.cmd_bind_descriptor_sets(cb, point, layout, 0, &[set], &[]);
            });
            assert_eq!(ids, NONE, "binding");
            cb
        }
    }

    /// The ids a vkCmdDispatch in `cb` reports now.
    fn dispatch(&self, cb: vk::CommandBuffer) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid dispatches are skipped by Vigil.
        self.ctx.messages.problem_ids_of(|| unsafe { self.d().cmd_dispatch(cb, 1, 1, 1) })
    }

    /// The ids `command` reports in a new recording with compute `pipeline` and `set` bound.
    fn dispatch_ids(
        &self,
        pipeline: vk::Pipeline,
        layout: vk::PipelineLayout,
        set: vk::DescriptorSet,
        command: &Command,
    ) -> Vec<String> {
        let cb = self.recording(vk::PipelineBindPoint::COMPUTE, pipeline, layout, set);
        self.ctx.messages.problem_ids_of(|| command(self.d(), cb))
    }

    /// The ids `command` reports in a new recording with graphics `pipeline` and `set` bound,
    /// inside a rendering instance, with an index buffer bound.
    fn draw_ids(
        &self,
        pipeline: vk::Pipeline,
        layout: vk::PipelineLayout,
        set: vk::DescriptorSet,
        command: &Command,
    ) -> Vec<String> {
        self.draw_ids_into(pipeline, layout, set, command, (self.attachment, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL))
    }

    /// The same, with `attachment` (a 4×4 R8G8B8A8_UNORM view, in the layout given) the rendering
    /// instance's color attachment.
    fn draw_ids_into(
        &self,
        pipeline: vk::Pipeline,
        layout: vk::PipelineLayout,
        set: vk::DescriptorSet,
        command: &Command,
        attachment: (vk::ImageView, vk::ImageLayout),
    ) -> Vec<String> {
        let d = self.d();
        let cb = self.recording(vk::PipelineBindPoint::GRAPHICS, pipeline, layout, set);
        let attachments = [vk::RenderingAttachmentInfo::default()
            .image_view(attachment.0)
            .image_layout(attachment.1)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::STORE)];
        let info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { extent: vk::Extent2D { width: 4, height: 4 }, ..Default::default() })
            .layer_count(1)
            .color_attachments(&attachments);
        // SAFETY: recording with live objects; the command buffer is never submitted.
        unsafe {
            d.cmd_begin_rendering(cb, &info);
            d.cmd_bind_index_buffer(cb, self.index, 0, vk::IndexType::UINT16);
            let ids = self.ctx.messages.problem_ids_of(|| command(d, cb));
            d.cmd_end_rendering(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            ids
        }
    }

    /// The dispatch commands, by name.
    fn dispatches(&self) -> Vec<(&'static str, Box<Command>)> {
        let indirect = self.indirect;
        // SAFETY (all): recorded with a compute pipeline bound; invalid ones are skipped by Vigil.
        vec![
            ("vkCmdDispatch", Box::new(|d: &ash::Device, cb| unsafe { d.cmd_dispatch(cb, 1, 1, 1) })),
            ("vkCmdDispatchBase", Box::new(|d: &ash::Device, cb| unsafe { d.cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1) })),
            (
                "vkCmdDispatchIndirect",
                Box::new(move |d: &ash::Device, cb| unsafe { d.cmd_dispatch_indirect(cb, indirect, 0) }),
            ),
        ]
    }

    /// The draw commands, by name.
    fn draws(&self) -> Vec<(&'static str, Box<Command>)> {
        let indirect = self.indirect;
        // SAFETY (all): recorded inside a rendering instance with a graphics pipeline and an
        // index buffer bound; invalid ones are skipped by Vigil.
        vec![
            ("vkCmdDraw", Box::new(|d: &ash::Device, cb| unsafe { d.cmd_draw(cb, 3, 1, 0, 0) })),
            ("vkCmdDrawIndexed", Box::new(|d: &ash::Device, cb| unsafe { d.cmd_draw_indexed(cb, 3, 1, 0, 0, 0) })),
            (
                "vkCmdDrawIndirect",
                Box::new(move |d: &ash::Device, cb| unsafe { d.cmd_draw_indirect(cb, indirect, 0, 1, 16) }),
            ),
            (
                "vkCmdDrawIndexedIndirect",
                Box::new(move |d: &ash::Device, cb| unsafe { d.cmd_draw_indexed_indirect(cb, indirect, 0, 1, 20) }),
            ),
            (
                "vkCmdDrawIndirectCount",
                Box::new(move |d: &ash::Device, cb| unsafe {
                    d.cmd_draw_indirect_count(cb, indirect, 0, indirect, 128, 1, 16)
                }),
            ),
            (
                "vkCmdDrawIndexedIndirectCount",
                Box::new(move |d: &ash::Device, cb| unsafe {
                    d.cmd_draw_indexed_indirect_count(cb, indirect, 0, indirect, 128, 1, 20)
                }),
            ),
        ]
    }
}

/// The create info of a 4×4 2D image of `format` and `usage`, of one level and layer.
fn image_info(format: vk::Format, usage: vk::ImageUsageFlags) -> vk::ImageCreateInfo<'static> {
    vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format)
        .extent(vk::Extent3D { width: 4, height: 4, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .usage(usage)
}

/// A recording command, given the device and the command buffer.
type Command = dyn Fn(&ash::Device, vk::CommandBuffer);

/// The uniform and storage buffers descriptors.comp uses: binding 0 (one storage buffer) and
/// binding 1 (three uniform buffers, of which the shader's array reaches two; partially bound
/// when `partial`); binding 2 (a uniform buffer) is in the layout but not used.
fn buffers_layout(f: &Fixture, partial: bool) -> vk::DescriptorSetLayout {
    let none = vk::DescriptorBindingFlags::empty();
    let flags = if partial { vk::DescriptorBindingFlags::PARTIALLY_BOUND } else { none };
    f.set_layout(&[(T::STORAGE_BUFFER, 1, none), (T::UNIFORM_BUFFER, 3, flags), (T::UNIFORM_BUFFER, 1, none)])
}

#[test]
fn dispatching_with_unwritten_or_destroyed_descriptors() {
    let f = Fixture::new();
    let set_layout = buffers_layout(&f, false);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(DESCRIPTORS_SPV, layout);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::INDIRECT_BUFFER);
    let uniform = f.buffer(vk::BufferUsageFlags::UNIFORM_BUFFER);
    let compute = vk::PipelineBindPoint::COMPUTE;
    let valid = "VUID-vkCmdDispatch-None-08114";

    // Element 1 of the uniform buffer array unwritten (binding 2, unused, too).
    let set = f.set(set_layout);
    f.write_buffers(set, 0, 0, T::STORAGE_BUFFER, &[storage]);
    f.write_buffers(set, 1, 0, T::UNIFORM_BUFFER, &[uniform]);
    let cb = f.recording(compute, pipeline, layout, set);
    assert_eq!(f.dispatch(cb), [valid]);
    let text = f.ctx.messages.problems().pop().expect("the report").text;
    assert!(text.contains("binding 1 of set 0") && text.contains("descriptor 1 "), "{text}");
    // The other dispatch commands have their own ids.
    // SAFETY (closures): recording; invalid dispatches are skipped by Vigil.
    let base = f.ctx.messages.problem_ids_of(|| unsafe { f.d().cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1) });
    assert_eq!(base, ["VUID-vkCmdDispatchBase-None-08114"]);
    let indirect = f.ctx.messages.problem_ids_of(|| unsafe { f.d().cmd_dispatch_indirect(cb, storage, 0) });
    assert_eq!(indirect, ["VUID-vkCmdDispatchIndirect-None-08114"]);
    // Written since (a new recording: updating a bound set invalidates the recording): valid,
    // with binding 2 still unwritten, as the shader does not use it, and element 2 of binding 1,
    // past the shader's array.
    f.write_buffers(set, 1, 1, T::UNIFORM_BUFFER, &[uniform]);
    let cb = f.recording(compute, pipeline, layout, set);
    assert_eq!(f.dispatch(cb), NONE);
    let base = f.ctx.messages.problem_ids_of(|| unsafe { f.d().cmd_dispatch_base(cb, 0, 0, 0, 1, 1, 1) });
    assert_eq!(base, NONE);
    let indirect = f.ctx.messages.problem_ids_of(|| unsafe { f.d().cmd_dispatch_indirect(cb, storage, 0) });
    assert_eq!(indirect, NONE);

    // A buffer destroyed after it was written, even after a clean dispatch in the recording.
    let doomed = f.buffer(vk::BufferUsageFlags::UNIFORM_BUFFER);
    let other = f.set(set_layout);
    f.write_buffers(other, 0, 0, T::STORAGE_BUFFER, &[storage]);
    f.write_buffers(other, 1, 0, T::UNIFORM_BUFFER, &[uniform, doomed]);
    let cb = f.recording(compute, pipeline, layout, other);
    assert_eq!(f.dispatch(cb), NONE);
    // SAFETY: nothing that uses it was submitted.
    unsafe { f.d().destroy_buffer(doomed, None) };
    assert_eq!(f.dispatch(cb), [valid]);
    let text = f.ctx.messages.problems().pop().expect("the report").text;
    assert!(text.contains("which was destroyed"), "{text}");
    // Rewritten with a live buffer: valid again.
    f.write_buffers(other, 1, 1, T::UNIFORM_BUFFER, &[uniform]);
    let cb = f.recording(compute, pipeline, layout, other);
    assert_eq!(f.dispatch(cb), NONE);

    // A partially bound binding needs only what is dynamically used.
    let partial_layout = buffers_layout(&f, true);
    let partial_pipeline_layout = f.pipeline_layout(partial_layout);
    let partial_pipeline = f.compute(DESCRIPTORS_SPV, partial_pipeline_layout);
    let partial = f.set(partial_layout);
    f.write_buffers(partial, 0, 0, T::STORAGE_BUFFER, &[storage]);
    let cb = f.recording(compute, partial_pipeline, partial_pipeline_layout, partial);
    assert_eq!(f.dispatch(cb), NONE);
    // Its storage buffer binding is not partially bound.
    let unwritten = f.set(partial_layout);
    let cb = f.recording(compute, partial_pipeline, partial_pipeline_layout, unwritten);
    assert_eq!(f.dispatch(cb), [valid]);
}

#[test]
fn image_views_of_the_wrong_type_or_format() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let sampled = (T::COMBINED_IMAGE_SAMPLER, 1, none);
    let set_layout = f.set_layout(&[sampled, (T::STORAGE_IMAGE, 1, none), sampled]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(IMAGES_SPV, layout);
    let d = f.d();
    // SAFETY: valid create infos.
    let (sampler, compare) = unsafe {
        let compare = vk::SamplerCreateInfo::default().compare_enable(true).compare_op(vk::CompareOp::LESS);
        (
            d.create_sampler(&vk::SamplerCreateInfo::default(), None).expect("vkCreateSampler"),
            d.create_sampler(&compare, None).expect("vkCreateSampler"),
        )
    };
    let usage = vk::ImageUsageFlags::SAMPLED;
    let color = vk::ImageAspectFlags::COLOR;
    let view_2d = f.image_view(vk::Format::R8G8B8A8_UNORM, usage, vk::ImageViewType::TYPE_2D, color);
    let view_array = f.image_view(vk::Format::R8G8B8A8_UNORM, usage, vk::ImageViewType::TYPE_2D_ARRAY, color);
    let view_uint = f.image_view(vk::Format::R8G8B8A8_UINT, usage, vk::ImageViewType::TYPE_2D, color);
    let depth = f.image_view(vk::Format::D32_SFLOAT, usage, vk::ImageViewType::TYPE_2D, vk::ImageAspectFlags::DEPTH);
    let usage = vk::ImageUsageFlags::STORAGE;
    let atomic = f.image_view(vk::Format::R32_UINT, usage, vk::ImageViewType::TYPE_2D, color);
    let no_atomic = f.image_view(vk::Format::R8G8B8A8_UINT, usage, vk::ImageViewType::TYPE_2D, color);
    // What the cases rely on, as lavapipe reports it: R8G8B8A8_UINT has no storage image
    // atomics, R32_UINT has; R8G8B8A8_UNORM has no depth comparison, D32_SFLOAT has.
    let features = |format| f.features(format);
    use vk::FormatFeatureFlags2 as F;
    assert!(features(vk::Format::R32_UINT).contains(F::STORAGE_IMAGE_ATOMIC));
    assert!(!features(vk::Format::R8G8B8A8_UINT).contains(F::STORAGE_IMAGE_ATOMIC));
    assert!(features(vk::Format::D32_SFLOAT).contains(F::SAMPLED_IMAGE_DEPTH_COMPARISON));
    assert!(!features(vk::Format::R8G8B8A8_UNORM).contains(F::SAMPLED_IMAGE_DEPTH_COMPARISON));

    // Binding 0: a sampled 2D view, 1: a storage view used atomically, 2: one sampled with
    // depth comparison.
    let set_of = |views: [vk::ImageView; 3]| {
        let set = f.set(set_layout);
        let read = vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL;
        let image = [vk::DescriptorImageInfo { sampler, image_view: views[0], image_layout: read }];
        let general = vk::ImageLayout::GENERAL;
        let storage = [vk::DescriptorImageInfo { image_view: views[1], image_layout: general, ..Default::default() }];
        let shadow = [vk::DescriptorImageInfo { sampler: compare, image_view: views[2], image_layout: read }];
        let write = |binding, ty, info| {
            vk::WriteDescriptorSet::default().dst_set(set).dst_binding(binding).descriptor_type(ty).image_info(info)
        };
        let writes = [
            write(0, T::COMBINED_IMAGE_SAMPLER, &image),
            write(1, T::STORAGE_IMAGE, &storage),
            write(2, T::COMBINED_IMAGE_SAMPLER, &shadow),
        ];
        // SAFETY: valid writes of live views and samplers.
        let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
        assert_eq!(ids, NONE, "writing the set");
        set
    };
    let cases: [(_, &[&str]); 5] = [
        (set_of([view_2d, atomic, depth]), &[]),
        // A sampler2D given a 2D array view.
        (set_of([view_array, atomic, depth]), &["viewType-07752"]),
        // imageAtomicAdd on a view whose format has no atomics.
        (set_of([view_2d, no_atomic, depth]), &["None-02691"]),
        // A depth comparison on a view whose format has none.
        (set_of([view_2d, atomic, view_2d]), &["None-06479"]),
        // A sampler2D (float) given an unsigned integer view.
        (set_of([view_uint, atomic, depth]), &["format-07753"]),
    ];
    // The same shader's uses in a compute pipeline and in a fragment shader.
    let graphics = graphics_pipeline(&f, layout, IMAGES_FRAGMENT_SPV);
    check_cases(&f, (pipeline, graphics, layout), &cases);
}

/// A triangle pipeline (triangle.vert, `fragment_spv`) for dynamic rendering to
/// R8G8B8A8_UNORM, with static viewport and scissor.
fn graphics_pipeline(f: &Fixture, layout: vk::PipelineLayout, fragment_spv: &[u8]) -> vk::Pipeline {
    graphics_pipeline_for(f, layout, fragment_spv, vk::RenderPass::null())
}

/// The same for subpass 0 of `render_pass` (for dynamic rendering when null).
fn graphics_pipeline_for(
    f: &Fixture,
    layout: vk::PipelineLayout,
    fragment_spv: &[u8],
    render_pass: vk::RenderPass,
) -> vk::Pipeline {
    let d = f.d();
    let vertex = shader_module(&f.ctx, VERTEX_SPV);
    let fragment = shader_module(&f.ctx, fragment_spv);
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
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut rendering = vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
    let mut info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .color_blend_state(&blend)
        .layout(layout)
        .render_pass(render_pass);
    if render_pass == vk::RenderPass::null() {
        info = info.push_next(&mut rendering);
    }
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

#[test]
fn drawing_with_unwritten_descriptors() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::UNIFORM_BUFFER, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = graphics_pipeline(&f, layout, FRAGMENT_SPV);
    let uniform = f.buffer(vk::BufferUsageFlags::UNIFORM_BUFFER);
    let unwritten = f.set(set_layout);
    let written = f.set(set_layout);
    f.write_buffers(written, 0, 0, T::UNIFORM_BUFFER, &[uniform]);
    for (name, draw) in f.draws() {
        assert_eq!(f.draw_ids(pipeline, layout, unwritten, &*draw), [format!("VUID-{name}-None-08114")], "{name}");
        assert_eq!(f.draw_ids(pipeline, layout, written, &*draw), NONE, "{name}");
    }
}

#[test]
fn storage_images_of_unknown_format_without_the_features() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_IMAGE, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(STORAGE_SPV, layout);
    let graphics = graphics_pipeline(&f, layout, STORAGE_FRAGMENT_SPV);
    let (storage, color, two_d) =
        (vk::ImageUsageFlags::STORAGE, vk::ImageAspectFlags::COLOR, vk::ImageViewType::TYPE_2D);
    let with = f.image_view(vk::Format::R32_SFLOAT, storage, two_d, color);
    let without = f.image_view(vk::Format::R16G16B16A16_SFLOAT, storage, two_d, color);
    // What the cases rely on: R32_SFLOAT has both features; the shim took them from
    // R16G16B16A16_SFLOAT, which is a storage image format.
    use vk::FormatFeatureFlags2 as F;
    let both = F::STORAGE_READ_WITHOUT_FORMAT | F::STORAGE_WRITE_WITHOUT_FORMAT;
    assert!(f.features(vk::Format::R32_SFLOAT).contains(both | F::STORAGE_IMAGE));
    let hidden = f.features(vk::Format::R16G16B16A16_SFLOAT);
    assert!(hidden.contains(F::STORAGE_IMAGE) && !hidden.intersects(both), "{hidden:?}");

    // Binding 0 is written, binding 1 read.
    let set_of = |views: [vk::ImageView; 2]| {
        let general = vk::ImageLayout::GENERAL;
        let infos =
            views.map(|v| [vk::DescriptorImageInfo { image_view: v, image_layout: general, ..Default::default() }]);
        set_of_two(&f, set_layout, T::STORAGE_IMAGE, |binding, w| w.image_info(&infos[binding]))
    };
    let cases: [(_, &[&str]); 3] = [
        (set_of([with, with]), &[]),
        (set_of([without, with]), &["OpTypeImage-07027"]),
        (set_of([with, without]), &["OpTypeImage-07028"]),
    ];
    check_cases(&f, (pipeline, graphics, layout), &cases);
}

#[test]
fn storage_images_written_where_they_are_attachments() {
    let f = Fixture::new();
    let d = f.d();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_IMAGE, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    // storage.frag writes binding 0 and reads binding 1, both of unknown format.
    let graphics = graphics_pipeline(&f, layout, STORAGE_FRAGMENT_SPV);
    let format = vk::Format::R8G8B8A8_UNORM;
    use vk::FormatFeatureFlags2 as F;
    let needed = F::STORAGE_IMAGE | F::COLOR_ATTACHMENT | F::STORAGE_WRITE_WITHOUT_FORMAT;
    assert!(f.features(format).contains(needed | F::STORAGE_READ_WITHOUT_FORMAT));
    // Image `a`, of two levels, both a color attachment and a storage image; `other`, a storage
    // image only.
    let usage = vk::ImageUsageFlags::STORAGE | vk::ImageUsageFlags::COLOR_ATTACHMENT;
    // Views of level 0 (twice) and of the last level.
    let views = |usage, levels: u32| {
        let image = f.image(format, usage, levels);
        [0, 0, levels - 1].map(|level| {
            let mut view = vigil_tests::context::color_view_info(image).format(format);
            view.subresource_range.base_mip_level = level;
            // SAFETY: a valid create info of a live image.
            unsafe { d.create_image_view(&view, None) }.expect("vkCreateImageView")
        })
    };
    // `a0_twin`: another view of the same subresource as `a0`.
    let [a0, a0_twin, a1] = views(usage, 2);
    let other = views(vk::ImageUsageFlags::STORAGE, 1)[0];
    let general = vk::ImageLayout::GENERAL;
    let set_of = |written: vk::ImageView| {
        let infos = [written, other]
            .map(|v| [vk::DescriptorImageInfo { image_view: v, image_layout: general, ..Default::default() }]);
        set_of_two(&f, set_layout, T::STORAGE_IMAGE, |binding, w| w.image_info(&infos[binding]))
    };
    let (same, twin, level_1, elsewhere) = (set_of(a0), set_of(a0_twin), set_of(a1), set_of(other));
    for (name, draw) in f.draws() {
        let rule = [format!("VUID-{name}-None-06537")];
        // A set found clean under one rendering instance's attachments is looked at again under
        // another's: `same` first where `a` is not attached.
        assert_eq!(f.draw_ids_into(graphics, layout, same, &*draw, (f.attachment, general)), NONE, "{name}");
        assert_eq!(f.draw_ids_into(graphics, layout, same, &*draw, (a0, general)), rule, "{name}: the same view");
        assert_eq!(f.draw_ids_into(graphics, layout, twin, &*draw, (a0, general)), rule, "{name}: another view");
        // The boundary: another level of the attachment's image, or another image.
        assert_eq!(f.draw_ids_into(graphics, layout, level_1, &*draw, (a0, general)), NONE, "{name}: another level");
        assert_eq!(f.draw_ids_into(graphics, layout, elsewhere, &*draw, (a0, general)), NONE, "{name}");
    }

    // The same through a render pass object's framebuffer: attachment 0 is level 0 of `a`.
    let attachment = vk::AttachmentDescription::default()
        .format(format)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::STORE)
        .initial_layout(general)
        .final_layout(general);
    let color = [vk::AttachmentReference { attachment: 0, layout: general }];
    let subpass = vk::SubpassDescription::default().color_attachments(&color);
    let (attachments, subpasses) = ([attachment], [subpass]);
    // SAFETY: valid create infos.
    let (render_pass, framebuffer) = unsafe {
        let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
        let render_pass = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        let views = [a0];
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&views)
            .width(4)
            .height(4)
            .layers(1);
        (render_pass, d.create_framebuffer(&info, None).expect("vkCreateFramebuffer"))
    };
    let pipeline = graphics_pipeline_for(&f, layout, STORAGE_FRAGMENT_SPV, render_pass);
    let in_render_pass = |set| {
        let cb = f.recording(vk::PipelineBindPoint::GRAPHICS, pipeline, layout, set);
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(vk::Rect2D { extent: vk::Extent2D { width: 4, height: 4 }, ..Default::default() });
        // SAFETY: recording with live objects; the command buffer is never submitted.
        unsafe {
            d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
            let ids = f.ctx.messages.problem_ids_of(|| d.cmd_draw(cb, 3, 1, 0, 0));
            d.cmd_end_render_pass(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            ids
        }
    };
    assert_eq!(in_render_pass(same), ["VUID-vkCmdDraw-None-06537"]);
    assert_eq!(in_render_pass(level_1), NONE);
}

/// A set of `layout` with bindings 0 and 1 (of `ty`) written: `fill` completes each binding's
/// write with what it names.
fn set_of_two<'a>(
    f: &Fixture,
    layout: vk::DescriptorSetLayout,
    ty: vk::DescriptorType,
    fill: impl Fn(usize, vk::WriteDescriptorSet<'a>) -> vk::WriteDescriptorSet<'a>,
) -> vk::DescriptorSet {
    let set = f.set(layout);
    let writes = [0usize, 1].map(|binding| {
        fill(binding, vk::WriteDescriptorSet::default().dst_set(set).dst_binding(binding as u32).descriptor_type(ty))
    });
    // SAFETY: valid writes of live views.
    let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
    assert_eq!(ids, NONE, "writing the set");
    set
}

#[test]
fn texel_buffers_of_the_wrong_format() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::STORAGE_TEXEL_BUFFER, 1, none), (T::UNIFORM_TEXEL_BUFFER, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(TEXEL_SPV, layout);
    let graphics = graphics_pipeline(&f, layout, TEXEL_FRAGMENT_SPV);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER);
    let uniform = f.buffer(vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER);
    // What the cases rely on, as lavapipe reports it: R32_UINT storage texel buffers have
    // atomics, R8G8B8A8_UINT ones have not; both formats (and R8G8B8A8_UNORM) are uniform texel
    // buffer formats.
    let buffer_features = |format| {
        // SAFETY: the context's physical device.
        unsafe { f.ctx.instance.get_physical_device_format_properties(f.ctx.physical_device, format) }.buffer_features
    };
    use vk::FormatFeatureFlags as F;
    let atomic = F::STORAGE_TEXEL_BUFFER | F::STORAGE_TEXEL_BUFFER_ATOMIC;
    assert!(buffer_features(vk::Format::R32_UINT).contains(atomic));
    let rgba8ui = buffer_features(vk::Format::R8G8B8A8_UINT);
    assert!(rgba8ui.contains(F::STORAGE_TEXEL_BUFFER | F::UNIFORM_TEXEL_BUFFER), "{rgba8ui:?}");
    assert!(!rgba8ui.contains(F::STORAGE_TEXEL_BUFFER_ATOMIC), "{rgba8ui:?}");
    assert!(buffer_features(vk::Format::R8G8B8A8_UNORM).contains(F::UNIFORM_TEXEL_BUFFER));
    let counters = f.texel_view(storage, vk::Format::R32_UINT);
    let no_atomic = f.texel_view(storage, vk::Format::R8G8B8A8_UINT);
    let texels = f.texel_view(uniform, vk::Format::R8G8B8A8_UNORM);
    let uint_texels = f.texel_view(uniform, vk::Format::R8G8B8A8_UINT);

    // Binding 0: the storage texel buffer used atomically, 1: the uniform texel buffer read as
    // floating-point.
    let set_of = |views: [vk::BufferView; 2]| {
        let set = f.set(set_layout);
        let (first, second) = ([views[0]], [views[1]]);
        let write = |binding, ty, views| {
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(binding)
                .descriptor_type(ty)
                .descriptor_count(1)
                .texel_buffer_view(views)
        };
        let writes = [write(0, T::STORAGE_TEXEL_BUFFER, &first), write(1, T::UNIFORM_TEXEL_BUFFER, &second)];
        // SAFETY: valid writes of live buffer views.
        let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
        assert_eq!(ids, NONE, "writing the set");
        set
    };
    let cases: [(_, &[&str]); 3] = [
        (set_of([counters, texels]), &[]),
        (set_of([no_atomic, texels]), &["None-07888"]),
        (set_of([counters, uint_texels]), &["format-07753"]),
    ];
    check_cases(&f, (pipeline, graphics, layout), &cases);
}

const SAMPLERS_SPV: &[u8] = include_bytes!("../../shaders/samplers.comp.spv");
const SAMPLERS_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/samplers.frag.spv");

/// A sampler of `filter` (mag and min), `mipmap` mode, `reduction` mode (chained when not the
/// default) and unnormalized coordinates.
fn sampler(
    f: &Fixture,
    (filter, mipmap): (vk::Filter, vk::SamplerMipmapMode),
    reduction: vk::SamplerReductionMode,
    unnormalized: bool,
) -> vk::Sampler {
    let clamp = vk::SamplerAddressMode::CLAMP_TO_EDGE;
    let mut info = vk::SamplerCreateInfo::default()
        .mag_filter(filter)
        .min_filter(filter)
        .mipmap_mode(mipmap)
        .address_mode_u(clamp)
        .address_mode_v(clamp)
        .address_mode_w(clamp)
        .unnormalized_coordinates(unnormalized);
    let mut chained = vk::SamplerReductionModeCreateInfo::default().reduction_mode(reduction);
    if reduction != vk::SamplerReductionMode::WEIGHTED_AVERAGE {
        info = info.push_next(&mut chained);
    }
    // SAFETY: a valid create info (unnormalized: equal filters, nearest mipmaps, LOD 0, clamped).
    unsafe { f.d().create_sampler(&info, None) }.expect("vkCreateSampler")
}

/// A sampler of `filter` and `mipmap` mode, with the default reduction and normalized
/// coordinates.
fn filtering(f: &Fixture, filter: vk::Filter, mipmap: vk::SamplerMipmapMode) -> vk::Sampler {
    sampler(f, (filter, mipmap), vk::SamplerReductionMode::WEIGHTED_AVERAGE, false)
}

/// A 4×4 2D image of `format` to sample (`levels` mip levels), with a 2D view of it all.
fn sampled_view(f: &Fixture, format: vk::Format, levels: u32) -> vk::ImageView {
    let two_d = (vk::ImageViewType::TYPE_2D, vk::ImageAspectFlags::COLOR);
    f.image_view_levels(format, vk::ImageUsageFlags::SAMPLED, two_d, levels)
}

/// What samplers.comp and samplers.frag use: bindings 0 to 2 combined image samplers (binding 0
/// with `immutable` samplers when given), 3 a uniform texel buffer, 4 a storage buffer.
fn samplers_layout(f: &Fixture, immutable: Option<vk::Sampler>) -> vk::DescriptorSetLayout {
    let cis = T::COMBINED_IMAGE_SAMPLER;
    layout_with_immutable(f, &[cis, cis, cis, T::UNIFORM_TEXEL_BUFFER, T::STORAGE_BUFFER], immutable.map(|s| (0, s)))
}

/// A set layout of one descriptor of each of `types`, by binding number from 0, one binding
/// with an immutable sampler when given.
fn layout_with_immutable(
    f: &Fixture,
    types: &[vk::DescriptorType],
    immutable: Option<(usize, vk::Sampler)>,
) -> vk::DescriptorSetLayout {
    let samplers = immutable.map(|(_, s)| [s]);
    let bindings: Vec<_> = types
        .iter()
        .copied()
        .enumerate()
        .map(|(i, ty)| {
            let b = vk::DescriptorSetLayoutBinding::default()
                .binding(i as u32)
                .descriptor_type(ty)
                .descriptor_count(1)
                .stage_flags(ALL);
            match (&samplers, immutable) {
                (Some(s), Some((at, _))) if i == at => b.immutable_samplers(s),
                _ => b,
            }
        })
        .collect();
    let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
    // SAFETY: a valid create info.
    unsafe { f.d().create_descriptor_set_layout(&info, None) }.expect("vkCreateDescriptorSetLayout")
}

/// A set of `layout` (`samplers_layout`) with `images` (sampler and view) at bindings 0 to 2,
/// `texels` at binding 3 and `storage` at binding 4.
fn samplers_set(
    f: &Fixture,
    layout: vk::DescriptorSetLayout,
    images: [(vk::Sampler, vk::ImageView); 3],
    texels: vk::BufferView,
    storage: vk::Buffer,
) -> vk::DescriptorSet {
    let set = combined_set(f, layout, images);
    let texels = [texels];
    let write = vk::WriteDescriptorSet::default()
        .dst_set(set)
        .dst_binding(3)
        .descriptor_type(T::UNIFORM_TEXEL_BUFFER)
        .descriptor_count(1)
        .texel_buffer_view(&texels);
    // SAFETY: a valid write of a live buffer view.
    let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&[write], &[]) });
    assert_eq!(ids, NONE, "writing the set");
    f.write_buffers(set, 4, 0, T::STORAGE_BUFFER, &[storage]);
    set
}

/// A set of `layout` with `images` (sampler and view) at bindings 0 to 2, combined image
/// samplers; the rest of it unwritten.
fn combined_set(
    f: &Fixture,
    layout: vk::DescriptorSetLayout,
    images: [(vk::Sampler, vk::ImageView); 3],
) -> vk::DescriptorSet {
    let set = f.set(layout);
    let read = vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL;
    let infos =
        images.map(|(sampler, image_view)| [vk::DescriptorImageInfo { sampler, image_view, image_layout: read }]);
    let writes: Vec<_> = infos
        .iter()
        .enumerate()
        .map(|(i, info)| {
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(i as u32)
                .descriptor_type(T::COMBINED_IMAGE_SAMPLER)
                .image_info(info)
        })
        .collect();
    // SAFETY: valid writes of live views and samplers.
    let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
    assert_eq!(ids, NONE, "writing the set");
    set
}

/// Checks every dispatch with `pipeline` and every draw with `graphics` (both of `layout`) on
/// each case's set: exactly the case's rules reported, per command.
fn check_cases(
    f: &Fixture,
    pipelines: (vk::Pipeline, vk::Pipeline, vk::PipelineLayout),
    cases: &[(vk::DescriptorSet, &[&str])],
) {
    check_cases_of(f, pipelines, cases, |_| true);
}

/// The same for the dispatch and draw commands whose names `commands` accepts.
fn check_cases_of(
    f: &Fixture,
    (pipeline, graphics, layout): (vk::Pipeline, vk::Pipeline, vk::PipelineLayout),
    cases: &[(vk::DescriptorSet, &[&str])],
    commands: impl Fn(&str) -> bool,
) {
    for (i, &(set, rules)) in cases.iter().enumerate() {
        let expected = |name: &str| rules.iter().map(|r| format!("VUID-{name}-{r}")).collect::<Vec<_>>();
        for (name, dispatch) in f.dispatches().into_iter().filter(|(n, _)| commands(n)) {
            assert_eq!(f.dispatch_ids(pipeline, layout, set, &*dispatch), expected(name), "case {i}: {name}");
        }
        for (name, draw) in f.draws().into_iter().filter(|(n, _)| commands(n)) {
            assert_eq!(f.draw_ids(graphics, layout, set, &*draw), expected(name), "case {i}: {name}");
        }
    }
}

#[test]
fn samplers_filtering_views_without_the_features() {
    let f = Fixture::new();
    use vk::{Filter as Fl, SamplerMipmapMode as M, SamplerReductionMode as R};
    let nearest = filtering(&f, Fl::NEAREST, M::NEAREST);
    let linear = filtering(&f, Fl::LINEAR, M::NEAREST);
    let linear_mipmaps = filtering(&f, Fl::NEAREST, M::LINEAR);
    let linear_min = sampler(&f, (Fl::LINEAR, M::NEAREST), R::MIN, false);
    let linear_mipmaps_max = sampler(&f, (Fl::NEAREST, M::LINEAR), R::MAX, false);
    let nearest_min = sampler(&f, (Fl::NEAREST, M::NEAREST), R::MIN, false);
    let uint = sampled_view(&f, vk::Format::R32_UINT, 1);
    let unorm = sampled_view(&f, vk::Format::R8G8B8A8_UNORM, 1);
    // What the cases rely on, as lavapipe reports it: R32_UINT is sampled but filtered neither
    // linearly nor by minmax; R8G8B8A8_UNORM is filtered linearly.
    use vk::FormatFeatureFlags2 as F;
    let filters = F::SAMPLED_IMAGE_FILTER_LINEAR | F::SAMPLED_IMAGE_FILTER_MINMAX;
    let r32ui = f.features(vk::Format::R32_UINT);
    assert!(r32ui.contains(F::SAMPLED_IMAGE) && !r32ui.intersects(filters), "{r32ui:?}");
    assert!(f.features(vk::Format::R8G8B8A8_UNORM).contains(F::SAMPLED_IMAGE_FILTER_LINEAR));
    let texels = f.texel_view(f.buffer(vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER), vk::Format::R32_UINT);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);

    let set_layout = samplers_layout(&f, None);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(SAMPLERS_SPV, layout), graphics_pipeline(&f, layout, SAMPLERS_FRAGMENT_SPV), layout);
    // Bindings 1 and 2 sample R8G8B8A8_UNORM linearly: never reported.
    let set_of = |s| samplers_set(&f, set_layout, [(s, uint), (linear, unorm), (linear, unorm)], texels, storage);
    let cases: [(_, &[&str]); 6] = [
        (set_of(nearest), &[]),
        (set_of(nearest_min), &[]),
        (set_of(linear), &["magFilter-04553"]),
        (set_of(linear_mipmaps), &["mipmapMode-04770"]),
        (set_of(linear_min), &["magFilter-09598"]),
        (set_of(linear_mipmaps_max), &["mipmapMode-09599"]),
    ];
    check_cases(&f, pipelines, &cases);
    // A copied descriptor brings its sampler along.
    let copied = set_of(nearest);
    let copy = vk::CopyDescriptorSet::default().src_set(cases[2].0).dst_set(copied).descriptor_count(1);
    // SAFETY: a valid copy between live sets of one layout.
    let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&[], &[copy]) });
    assert_eq!(ids, NONE, "copying");
    check_cases(&f, pipelines, &[(copied, &["magFilter-04553"])]);
    // So does one written through an update template.
    let entry = [vk::DescriptorUpdateTemplateEntry {
        descriptor_type: T::COMBINED_IMAGE_SAMPLER,
        descriptor_count: 1,
        stride: std::mem::size_of::<vk::DescriptorImageInfo>(),
        ..Default::default()
    }];
    let info = vk::DescriptorUpdateTemplateCreateInfo::default()
        .descriptor_update_entries(&entry)
        .template_type(vk::DescriptorUpdateTemplateType::DESCRIPTOR_SET)
        .descriptor_set_layout(set_layout);
    let templated = set_of(nearest);
    let image = vk::DescriptorImageInfo {
        sampler: linear,
        image_view: uint,
        image_layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
    };
    // SAFETY: a valid create info; data laid out as its one entry says.
    let ids = f.ctx.messages.problem_ids_of(|| unsafe {
        let template = f.d().create_descriptor_update_template(&info, None).expect("vkCreateDescriptorUpdateTemplate");
        let data = std::ptr::from_ref(&image).cast();
        f.d().update_descriptor_set_with_template(templated, template, data);
    });
    assert_eq!(ids, NONE, "updating with the template");
    check_cases(&f, pipelines, &[(templated, &["magFilter-04553"])]);

    // Binding 0's immutable sampler counts, not the one written.
    for (immutable, written, rules) in [(linear, nearest, &["magFilter-04553"][..]), (nearest, linear, &[])] {
        let set_layout = samplers_layout(&f, Some(immutable));
        let layout = f.pipeline_layout(set_layout);
        let pipelines = (f.compute(SAMPLERS_SPV, layout), graphics_pipeline(&f, layout, SAMPLERS_FRAGMENT_SPV), layout);
        let set = samplers_set(&f, set_layout, [(written, uint), (linear, unorm), (linear, unorm)], texels, storage);
        check_cases(&f, pipelines, &[(set, rules)]);
    }
}

#[test]
fn samplers_with_unnormalized_coordinates() {
    let f = Fixture::new();
    use vk::{Filter as Fl, SamplerMipmapMode as M, SamplerReductionMode as R};
    let nearest = filtering(&f, Fl::NEAREST, M::NEAREST);
    let unnormalized = sampler(&f, (Fl::NEAREST, M::NEAREST), R::WEIGHTED_AVERAGE, true);
    let (sampled, color) = (vk::ImageUsageFlags::SAMPLED, vk::ImageAspectFlags::COLOR);
    let uint = sampled_view(&f, vk::Format::R32_UINT, 1);
    let uint_levels = sampled_view(&f, vk::Format::R32_UINT, 2);
    let uint_array = f.image_view(vk::Format::R32_UINT, sampled, vk::ImageViewType::TYPE_2D_ARRAY, color);
    let unorm = sampled_view(&f, vk::Format::R8G8B8A8_UNORM, 1);
    let texels = f.texel_view(f.buffer(vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER), vk::Format::R32_UINT);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);
    let set_layout = samplers_layout(&f, None);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(SAMPLERS_SPV, layout), graphics_pipeline(&f, layout, SAMPLERS_FRAGMENT_SPV), layout);
    let set_of = |images| samplers_set(&f, set_layout, images, texels, storage);
    // Binding 0 is sampled at an explicit LOD, 1 with a projection, 2 with an offset.
    let (plain, projected, offset) = ((nearest, unorm), (nearest, unorm), (nearest, unorm));
    let cases: [(_, &[&str]); 5] = [
        (set_of([(unnormalized, uint), projected, offset]), &[]),
        (set_of([(unnormalized, uint_levels), projected, offset]), &["unnormalizedCoordinates-09635"]),
        // A usampler2D given a 2D array view breaks the view type rule too.
        (set_of([(unnormalized, uint_array), projected, offset]), &["viewType-07752", "None-08609"]),
        (set_of([(nearest, uint), (unnormalized, unorm), offset]), &["None-08610"]),
        (set_of([(nearest, uint), plain, (unnormalized, unorm)]), &["None-08611"]),
    ];
    check_cases(&f, pipelines, &cases);
}

const SEPARATE_SPV: &[u8] = include_bytes!("../../shaders/separate.comp.spv");
const SEPARATE_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/separate.frag.spv");

#[test]
fn separate_samplers_filtering_views_without_the_features() {
    let f = Fixture::new();
    use vk::{Filter as Fl, SamplerMipmapMode as M, SamplerReductionMode as R};
    let nearest = filtering(&f, Fl::NEAREST, M::NEAREST);
    let linear = filtering(&f, Fl::LINEAR, M::NEAREST);
    let unnormalized = sampler(&f, (Fl::NEAREST, M::NEAREST), R::WEIGHTED_AVERAGE, true);
    let uint = sampled_view(&f, vk::Format::R32_UINT, 1);
    let uint_levels = sampled_view(&f, vk::Format::R32_UINT, 2);
    let unorm = sampled_view(&f, vk::Format::R8G8B8A8_UNORM, 1);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);
    // Binding 1's sampler samples binding 0 (R32_UINT, not filtered linearly on lavapipe) and
    // binding 2 (R8G8B8A8_UNORM, filtered linearly).
    let types = [T::SAMPLED_IMAGE, T::SAMPLER, T::SAMPLED_IMAGE, T::STORAGE_BUFFER];
    // The set's images, and its sampler unless the layout has an immutable one.
    let set_of = |set_layout, view, sampler: Option<vk::Sampler>| {
        let set = f.set(set_layout);
        let read = vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL;
        let image = |image_view| [vk::DescriptorImageInfo { image_view, image_layout: read, ..Default::default() }];
        let (first, second) = (image(view), image(unorm));
        let sampler = sampler.map(|sampler| [vk::DescriptorImageInfo { sampler, ..Default::default() }]);
        let write = |binding, ty, info| {
            vk::WriteDescriptorSet::default().dst_set(set).dst_binding(binding).descriptor_type(ty).image_info(info)
        };
        let mut writes = vec![write(0, T::SAMPLED_IMAGE, &first), write(2, T::SAMPLED_IMAGE, &second)];
        writes.extend(sampler.as_ref().map(|s| write(1, T::SAMPLER, s)));
        // SAFETY: valid writes of live views and samplers.
        let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
        assert_eq!(ids, NONE, "writing the set");
        f.write_buffers(set, 3, 0, T::STORAGE_BUFFER, &[storage]);
        set
    };
    let set_layout = layout_with_immutable(&f, &types, None);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(SEPARATE_SPV, layout), graphics_pipeline(&f, layout, SEPARATE_FRAGMENT_SPV), layout);
    let cases: [(_, &[&str]); 4] = [
        (set_of(set_layout, uint, Some(nearest)), &[]),
        (set_of(set_layout, uint, Some(linear)), &["magFilter-04553"]),
        (set_of(set_layout, uint, Some(unnormalized)), &[]),
        (set_of(set_layout, uint_levels, Some(unnormalized)), &["unnormalizedCoordinates-09635"]),
    ];
    check_cases(&f, pipelines, &cases);

    // An immutable sampler.
    for (immutable, rules) in [(linear, &["magFilter-04553"][..]), (nearest, &[])] {
        let set_layout = layout_with_immutable(&f, &types, Some((1, immutable)));
        let layout = f.pipeline_layout(set_layout);
        let pipelines = (f.compute(SEPARATE_SPV, layout), graphics_pipeline(&f, layout, SEPARATE_FRAGMENT_SPV), layout);
        check_cases(&f, pipelines, &[(set_of(set_layout, uint, None), rules)]);
    }
}

const TEXEL_UNKNOWN_SPV: &[u8] = include_bytes!("../../shaders/texel-unknown.comp.spv");
const TEXEL_UNKNOWN_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/texel-unknown.frag.spv");

#[test]
fn storage_texel_buffers_of_unknown_format_without_the_features() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let texel = (T::STORAGE_TEXEL_BUFFER, 1, none);
    let set_layout = f.set_layout(&[texel, texel]);
    let layout = f.pipeline_layout(set_layout);
    let pipelines =
        (f.compute(TEXEL_UNKNOWN_SPV, layout), graphics_pipeline(&f, layout, TEXEL_UNKNOWN_FRAGMENT_SPV), layout);
    // What the cases rely on: R32_SFLOAT storage texel buffers have both features; the shim took
    // them from R16G16B16A16_SFLOAT's, which is a storage texel buffer format.
    let buffer_features = |format| {
        let mut three = vk::FormatProperties3::default();
        let mut two = vk::FormatProperties2::default().push_next(&mut three);
        // SAFETY: the context's physical device.
        unsafe { f.ctx.instance.get_physical_device_format_properties2(f.ctx.physical_device, format, &mut two) };
        three.buffer_features
    };
    use vk::FormatFeatureFlags2 as F;
    let both = F::STORAGE_READ_WITHOUT_FORMAT | F::STORAGE_WRITE_WITHOUT_FORMAT;
    assert!(buffer_features(vk::Format::R32_SFLOAT).contains(both | F::STORAGE_TEXEL_BUFFER));
    let hidden = buffer_features(vk::Format::R16G16B16A16_SFLOAT);
    assert!(hidden.contains(F::STORAGE_TEXEL_BUFFER) && !hidden.intersects(both), "{hidden:?}");
    let buffer = f.buffer(vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER);
    let with = f.texel_view(buffer, vk::Format::R32_SFLOAT);
    let without = f.texel_view(buffer, vk::Format::R16G16B16A16_SFLOAT);

    // Binding 0 is written, binding 1 read.
    let set_of = |views: [vk::BufferView; 2]| {
        let views = views.map(|v| [v]);
        set_of_two(&f, set_layout, T::STORAGE_TEXEL_BUFFER, |binding, w| {
            w.descriptor_count(1).texel_buffer_view(&views[binding])
        })
    };
    let cases: [(_, &[&str]); 3] = [
        (set_of([with, with]), &[]),
        (set_of([without, with]), &["OpTypeImage-07029"]),
        (set_of([with, without]), &["OpTypeImage-07030"]),
    ];
    check_cases(&f, pipelines, &cases);
}

const TEXEL_COMPONENTS_SPV: &[u8] = include_bytes!("../../shaders/texel-components.comp.spv");

/// `OpImageWrite` of a two-component Texel to a storage image and a storage texel buffer (both
/// of Unknown format): views of four-component formats need four (`-OpImageWrite-08795`,
/// `-04469`), views of two-component formats are written whole. Every dispatch command.
#[test]
fn image_writes_with_fewer_texel_components_than_the_format() {
    let f = Fixture::new();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_TEXEL_BUFFER, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(TEXEL_COMPONENTS_SPV, layout);
    let (storage, color, two_d) =
        (vk::ImageUsageFlags::STORAGE, vk::ImageAspectFlags::COLOR, vk::ImageViewType::TYPE_2D);
    let (four, two) = (vk::Format::R8G8B8A8_UNORM, vk::Format::R32G32_SFLOAT);
    let images = [four, two].map(|format| f.image_view(format, storage, two_d, color));
    let buffer = f.buffer(vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER);
    let texels = [four, two].map(|format| f.texel_view(buffer, format));
    let set_of = |image: vk::ImageView, texel: vk::BufferView| {
        let set = f.set(set_layout);
        let image_info = [vk::DescriptorImageInfo {
            image_view: image,
            image_layout: vk::ImageLayout::GENERAL,
            ..Default::default()
        }];
        let texel_views = [texel];
        let writes = [
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(0)
                .descriptor_type(T::STORAGE_IMAGE)
                .image_info(&image_info),
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(1)
                .descriptor_type(T::STORAGE_TEXEL_BUFFER)
                .descriptor_count(1)
                .texel_buffer_view(&texel_views),
        ];
        // SAFETY: valid writes of live views.
        let ids = f.ctx.messages.problem_ids_of(|| unsafe { f.d().update_descriptor_sets(&writes, &[]) });
        assert_eq!(ids, NONE, "writing the set");
        set
    };
    let cases: [(_, &[&str]); 4] = [
        (set_of(images[1], texels[1]), &[]),
        (set_of(images[0], texels[1]), &["OpImageWrite-08795"]),
        (set_of(images[1], texels[0]), &["OpImageWrite-04469"]),
        (set_of(images[0], texels[0]), &["OpImageWrite-04469", "OpImageWrite-08795"]),
    ];
    for (i, &(set, rules)) in cases.iter().enumerate() {
        for (name, dispatch) in f.dispatches() {
            let mut ids = f.dispatch_ids(pipeline, layout, set, &*dispatch);
            ids.sort();
            let expected: Vec<_> = rules.iter().map(|r| format!("VUID-{name}-{r}")).collect();
            assert_eq!(ids, expected, "case {i}: {name}");
        }
    }
}

/// Without protectedNoFault (lavapipe has no protected memory at all), an unprotected command
/// buffer's dispatch accesses no protected buffer (`-commandBuffer-02707`). Lavapipe cannot make
/// a protected buffer validly: the test creates one anyway, letting the creation through after
/// Vigil reports it (`VkBufferCreateInfo-flags-01887`), which lavapipe accepts.
#[test]
fn protected_buffers_in_an_unprotected_command_buffer() {
    let f = Fixture::new();
    let d = f.d();
    let set_layout = buffers_layout(&f, false);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(DESCRIPTORS_SPV, layout);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);
    let uniform = f.buffer(vk::BufferUsageFlags::UNIFORM_BUFFER);
    let info = vk::BufferCreateInfo::default()
        .flags(vk::BufferCreateFlags::PROTECTED)
        .size(256)
        .usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    f.ctx.messages.skip_errors(false);
    let mut protected = vk::Buffer::null();
    // SAFETY: a create info that is valid but for the protected flag, which lavapipe ignores.
    let created =
        f.ctx.messages.problem_ids_of(|| protected = unsafe { d.create_buffer(&info, None) }.expect("buffer"));
    // Bound to lavapipe's memory, which is not protected (Vigil reports it, and lets it through).
    // SAFETY: memory the buffer allows.
    let bound = f.ctx.messages.problem_ids_of(|| unsafe {
        let memory = f.memory(d.get_buffer_memory_requirements(protected));
        d.bind_buffer_memory(protected, memory, 0).expect("vkBindBufferMemory");
    });
    f.ctx.messages.skip_errors(true);
    assert_eq!(created, ["VUID-VkBufferCreateInfo-flags-01887"]);
    assert_eq!(bound, ["VUID-vkBindBufferMemory-None-01898"]);
    for (storage_buffer, expected) in [(protected, Some("commandBuffer-02707")), (storage, None)] {
        let set = f.set(set_layout);
        f.write_buffers(set, 0, 0, T::STORAGE_BUFFER, &[storage_buffer]);
        f.write_buffers(set, 1, 0, T::UNIFORM_BUFFER, &[uniform, uniform]);
        for (name, dispatch) in f.dispatches() {
            let ids = f.dispatch_ids(pipeline, layout, set, &*dispatch);
            let expected: Vec<_> = expected.iter().map(|r| format!("VUID-{name}-{r}")).collect();
            assert_eq!(ids, expected, "{name}");
        }
    }
}

/// Without protectedNoFault, a protected command buffer's pipeline writes no unprotected resource
/// (`-commandBuffer-02712`); it may read one, and write a protected one. The device enables
/// protectedMemory (the driver shim keeps it from lavapipe, which makes the protected pool as any
/// other); the protected image is bound to lavapipe's memory, which is not protected (Vigil
/// reports it, and lets it through). In a protected command buffer only the commands with the
/// rule (indirect ones may not be recorded there at all); the same sets in an unprotected one
/// are the other boundary. Nothing is submitted.
#[test]
fn unprotected_storage_images_written_in_a_protected_command_buffer() {
    let protected_memory = vk::PhysicalDeviceVulkan11Features::default().protected_memory(true);
    let mut f = Fixture::with(|b| b.vulkan11_features(protected_memory));
    let d = f.d().clone();
    let none = vk::DescriptorBindingFlags::empty();
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_IMAGE, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    // storage.comp and storage.frag write binding 0 and read binding 1.
    let pipelines = (f.compute(STORAGE_SPV, layout), graphics_pipeline(&f, layout, STORAGE_FRAGMENT_SPV), layout);
    let (format, usage) = (vk::Format::R32_SFLOAT, vk::ImageUsageFlags::STORAGE);
    let plain = f.image_view(format, usage, vk::ImageViewType::TYPE_2D, vk::ImageAspectFlags::COLOR);
    let info = image_info(format, usage).flags(vk::ImageCreateFlags::PROTECTED);
    // Created validly (protectedMemory is enabled), bound to memory that is not protected.
    f.ctx.messages.skip_errors(false);
    let mut image = vk::Image::null();
    let ids = f.ctx.messages.problem_ids_of(|| image = f.bound_image(&info));
    f.ctx.messages.skip_errors(true);
    assert_eq!(ids, ["VUID-vkBindImageMemory-None-01901"]);
    let view = vigil_tests::context::color_view_info(image).format(format);
    // SAFETY: a valid create info of a live image.
    let protected = unsafe { d.create_image_view(&view, None) }.expect("vkCreateImageView");
    let set_of = |views: [vk::ImageView; 2]| {
        let general = vk::ImageLayout::GENERAL;
        let infos =
            views.map(|v| [vk::DescriptorImageInfo { image_view: v, image_layout: general, ..Default::default() }]);
        set_of_two(&f, set_layout, T::STORAGE_IMAGE, |binding, w| w.image_info(&infos[binding]))
    };
    let (written_protected, written_plain, read_protected) =
        (set_of([protected, plain]), set_of([plain, plain]), set_of([plain, protected]));

    // An unprotected command buffer accesses no protected image (-commandBuffer-02707).
    let cases: [(_, &[&str]); 3] = [
        (written_plain, &[]),
        (written_protected, &["commandBuffer-02707"]),
        (read_protected, &["commandBuffer-02707"]),
    ];
    check_cases(&f, pipelines, &cases);

    let info = vk::CommandPoolCreateInfo::default()
        .queue_family_index(f.ctx.queue_family)
        .flags(vk::CommandPoolCreateFlags::PROTECTED | vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
    let mut pool = vk::CommandPool::null();
    // SAFETY: a valid create info (protectedMemory is enabled).
    let ids = f.ctx.messages.problem_ids_of(|| pool = unsafe { d.create_command_pool(&info, None) }.expect("pool"));
    assert_eq!(ids, NONE);
    // The recordings from here on are protected command buffers.
    f.pool = pool;
    let cases: [(_, &[&str]); 3] = [
        (written_protected, &[]),
        (written_plain, &["commandBuffer-02712"]),
        (read_protected, &["commandBuffer-02712"]),
    ];
    let with_rule = ["vkCmdDispatch", "vkCmdDispatchBase", "vkCmdDraw", "vkCmdDrawIndexed"];
    check_cases_of(&f, pipelines, &cases, |name| with_rule.contains(&name));
}

/// `OpImageWrite` to a `VK_FORMAT_A8_UNORM` storage image (of Unknown format in the shader)
/// needs a four-component Texel (`-OpImageWrite-08796`), though the format has one component:
/// texel-components.comp writes two, storage.comp and storage.frag four. The device enables
/// VK_KHR_maintenance5, which A8_UNORM needs.
#[test]
fn a8_unorm_image_writes_with_fewer_than_four_texel_components() {
    let f = Fixture::with(ContextBuilder::maintenance5);
    let none = vk::DescriptorBindingFlags::empty();
    let (storage, color, two_d) =
        (vk::ImageUsageFlags::STORAGE, vk::ImageAspectFlags::COLOR, vk::ImageViewType::TYPE_2D);
    // What the cases rely on, as lavapipe reports it: A8_UNORM is a storage image format, written
    // and read without a format in the shader.
    use vk::FormatFeatureFlags2 as F;
    let needed = F::STORAGE_IMAGE | F::STORAGE_WRITE_WITHOUT_FORMAT | F::STORAGE_READ_WITHOUT_FORMAT;
    let a8_features = f.features(vk::Format::A8_UNORM_KHR);
    assert!(a8_features.contains(needed), "{a8_features:?}");
    let a8 = f.image_view(vk::Format::A8_UNORM_KHR, storage, two_d, color);
    let other = f.image_view(vk::Format::R32_SFLOAT, storage, two_d, color);
    let general = vk::ImageLayout::GENERAL;

    // Two components: binding 0 the storage image, binding 1 a storage texel buffer of R32G32.
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_TEXEL_BUFFER, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipeline = f.compute(TEXEL_COMPONENTS_SPV, layout);
    let texel = [f.texel_view(f.buffer(vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER), vk::Format::R32G32_SFLOAT)];
    let two = |view| {
        let image = [vk::DescriptorImageInfo { image_view: view, image_layout: general, ..Default::default() }];
        set_of_two(&f, set_layout, T::STORAGE_IMAGE, |binding, w| match binding {
            0 => w.image_info(&image),
            _ => w.descriptor_type(T::STORAGE_TEXEL_BUFFER).descriptor_count(1).texel_buffer_view(&texel),
        })
    };
    let r32g32 = f.image_view(vk::Format::R32G32_SFLOAT, storage, two_d, color);
    for (set, rules) in [(two(a8), &["OpImageWrite-08796"][..]), (two(r32g32), &[])] {
        for (name, dispatch) in f.dispatches() {
            let expected: Vec<_> = rules.iter().map(|r| format!("VUID-{name}-{r}")).collect();
            assert_eq!(f.dispatch_ids(pipeline, layout, set, &*dispatch), expected, "{name}");
        }
    }

    // Four components: valid (binding 1 is read).
    let set_layout = f.set_layout(&[(T::STORAGE_IMAGE, 1, none), (T::STORAGE_IMAGE, 1, none)]);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(STORAGE_SPV, layout), graphics_pipeline(&f, layout, STORAGE_FRAGMENT_SPV), layout);
    let infos =
        [a8, other].map(|v| [vk::DescriptorImageInfo { image_view: v, image_layout: general, ..Default::default() }]);
    let four = set_of_two(&f, set_layout, T::STORAGE_IMAGE, |binding, w| w.image_info(&infos[binding]));
    check_cases(&f, pipelines, &[(four, &[])]);
}

mod cubic;
