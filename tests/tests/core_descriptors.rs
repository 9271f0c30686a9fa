//! Core validation of descriptor sets through the real loader on lavapipe: vkUpdateDescriptorSets'
//! writes (bindings that exist, matching types, ranges within the binding and the consecutive
//! bindings they roll over into, inline uniform blocks; buffers' usage, memory, offsets, ranges
//! and alignment; texel buffer views' usage; image views' usage, swizzle, aspects and layouts;
//! samplers and immutable samplers; null descriptors without `nullDescriptor`) and copies
//! (bindings, types, ranges, overlap in one set, update-after-bind layouts and pools, immutable
//! samplers), updates of sets a pending submission uses, updates that invalidate command buffers
//! which bound the set before (at submit and at vkCmdExecuteCommands), vkAllocateDescriptorSets (push
//! descriptor and descriptor buffer layouts, update-after-bind and host-only layouts and pools,
//! variable descriptor counts) and
//! vkFreeDescriptorSets (the pool's free bit). Each case: the exact ids of the invalid call
//! (skipped, so it never reaches lavapipe), then its valid neighbour at the boundary, which
//! reports nothing.
//!
//! One device for the whole binary (the cases take it in turn).

use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];
const ALL: vk::ShaderStageFlags = vk::ShaderStageFlags::ALL;

use vk::BufferUsageFlags as Usage;
use vk::DescriptorBindingFlags as BindingFlags;
use vk::DescriptorType as Ty;
use vk::ImageLayout as Layout;

/// One binding of a layout made by [`Fixture::layout`].
#[derive(Clone, Copy)]
struct B {
    binding: u32,
    ty: Ty,
    count: u32,
    stages: vk::ShaderStageFlags,
    flags: BindingFlags,
    immutable: bool,
}

/// A binding of `count` descriptors of `ty`, for every stage, without flags.
const fn b(binding: u32, ty: Ty, count: u32) -> B {
    B { binding, ty, count, stages: ALL, flags: BindingFlags::empty(), immutable: false }
}

impl B {
    const fn stages(self, stages: vk::ShaderStageFlags) -> B {
        B { stages, ..self }
    }
    const fn flags(self, flags: BindingFlags) -> B {
        B { flags, ..self }
    }
    const fn immutable(self) -> B {
        B { immutable: true, ..self }
    }
}

struct Fixture {
    ctx: Context,
    /// Free and update-after-bind bits.
    pool: vk::DescriptorPool,
    /// No flags.
    plain_pool: vk::DescriptorPool,
    sampler: vk::Sampler,
    memory_type: u32,
    command_pool: vk::CommandPool,
}

// SAFETY: the fixture's handles and ash's function tables are plain data; the cases take the
// fixture in turn, under the mutex.
unsafe impl Send for Fixture {}

/// The one fixture of the binary, for one case at a time.
fn fixture() -> MutexGuard<'static, Fixture> {
    static FIXTURE: OnceLock<Mutex<Fixture>> = OnceLock::new();
    let f = FIXTURE.get_or_init(|| Mutex::new(Fixture::new())).lock().unwrap_or_else(PoisonError::into_inner);
    f.ctx.messages.clear();
    f
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan12_features(
                vk::PhysicalDeviceVulkan12Features::default()
                    .descriptor_binding_uniform_buffer_update_after_bind(true)
                    .descriptor_binding_storage_buffer_update_after_bind(true)
                    .descriptor_binding_update_unused_while_pending(true)
                    .descriptor_binding_partially_bound(true)
                    .descriptor_binding_variable_descriptor_count(true),
            )
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().inline_uniform_block(true))
            .device_extensions(&[c"VK_KHR_push_descriptor", c"VK_KHR_maintenance6", c"VK_EXT_mutable_descriptor_type"])
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        // Invalid calls are skipped: they never reach lavapipe.
        ctx.messages.skip_errors(true);
        let d = &ctx.device;
        let types = [
            Ty::SAMPLER,
            Ty::COMBINED_IMAGE_SAMPLER,
            Ty::SAMPLED_IMAGE,
            Ty::STORAGE_IMAGE,
            Ty::UNIFORM_TEXEL_BUFFER,
            Ty::STORAGE_TEXEL_BUFFER,
            Ty::UNIFORM_BUFFER,
            Ty::STORAGE_BUFFER,
            Ty::UNIFORM_BUFFER_DYNAMIC,
            Ty::STORAGE_BUFFER_DYNAMIC,
            Ty::INPUT_ATTACHMENT,
        ];
        let mut sizes: Vec<_> = types.iter().map(|&ty| vk::DescriptorPoolSize { ty, descriptor_count: 256 }).collect();
        sizes.push(vk::DescriptorPoolSize { ty: Ty::INLINE_UNIFORM_BLOCK, descriptor_count: 4096 });
        let mut inline =
            vk::DescriptorPoolInlineUniformBlockCreateInfo::default().max_inline_uniform_block_bindings(64);
        let pool = |flags: vk::DescriptorPoolCreateFlags,
                    inline: &mut vk::DescriptorPoolInlineUniformBlockCreateInfo| {
            let info =
                vk::DescriptorPoolCreateInfo::default().flags(flags).max_sets(256).pool_sizes(&sizes).push_next(inline);
            // SAFETY: a valid create info.
            unsafe { d.create_descriptor_pool(&info, None) }.expect("vkCreateDescriptorPool")
        };
        let free_uab =
            vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET | vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND;
        let (pool, plain_pool) =
            (pool(free_uab, &mut inline), pool(vk::DescriptorPoolCreateFlags::empty(), &mut inline));
        // SAFETY: valid create infos.
        let sampler = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), None) }.expect("vkCreateSampler");
        let command_pool = unsafe {
            d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
        }
        .expect("vkCreateCommandPool");
        let memory_type = ctx.memory_type(!0, vk::MemoryPropertyFlags::HOST_VISIBLE);
        Fixture { ctx, pool, plain_pool, sampler, memory_type, command_pool }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    /// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.clear();
        call();
        self.ctx.messages.problem_ids()
    }

    /// A set layout with `flags` and `bindings`.
    fn layout(&self, flags: vk::DescriptorSetLayoutCreateFlags, bindings: &[B]) -> vk::DescriptorSetLayout {
        let samplers = [self.sampler; 8];
        let list: Vec<_> = bindings
            .iter()
            .map(|b| {
                let l = vk::DescriptorSetLayoutBinding::default()
                    .binding(b.binding)
                    .descriptor_type(b.ty)
                    .descriptor_count(b.count)
                    .stage_flags(b.stages);
                if b.immutable {
                    l.immutable_samplers(&samplers[..b.count as usize])
                } else {
                    l
                }
            })
            .collect();
        let flags_list: Vec<_> = bindings.iter().map(|b| b.flags).collect();
        let mut binding_flags = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags_list);
        let info =
            vk::DescriptorSetLayoutCreateInfo::default().flags(flags).bindings(&list).push_next(&mut binding_flags);
        // SAFETY: a valid create info.
        unsafe { self.d().create_descriptor_set_layout(&info, None) }.expect("vkCreateDescriptorSetLayout")
    }

    /// A set of a layout without flags, from the free/update-after-bind pool.
    fn set_of(&self, bindings: &[B]) -> vk::DescriptorSet {
        self.set(self.pool, self.layout(vk::DescriptorSetLayoutCreateFlags::empty(), bindings))
    }

    fn set(&self, pool: vk::DescriptorPool, layout: vk::DescriptorSetLayout) -> vk::DescriptorSet {
        let layouts = [layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0]
    }

    /// The ids of vkUpdateDescriptorSets with `writes` and `copies`.
    fn update(&self, writes: &[vk::WriteDescriptorSet], copies: &[vk::CopyDescriptorSet]) -> Vec<String> {
        // SAFETY: invalid updates are skipped by Vigil.
        self.ids(|| unsafe { self.d().update_descriptor_sets(writes, copies) })
    }

    /// A buffer of `size` bytes with `usage`, bound to memory of its own when `bound`.
    fn buffer(&self, size: u64, usage: Usage, bound: bool) -> vk::Buffer {
        let info = vk::BufferCreateInfo::default().size(size).usage(usage);
        // SAFETY: valid create, allocate and bind calls.
        unsafe {
            let buffer = self.d().create_buffer(&info, None).expect("vkCreateBuffer");
            if bound {
                let r = self.d().get_buffer_memory_requirements(buffer);
                self.d().bind_buffer_memory(buffer, self.memory(r.size), 0).expect("vkBindBufferMemory");
            }
            buffer
        }
    }

    fn memory(&self, size: u64) -> vk::DeviceMemory {
        let info = vk::MemoryAllocateInfo::default().allocation_size(size).memory_type_index(self.memory_type);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    /// An R32_UINT view of all of a bound 256-byte buffer with `usage`.
    fn texel_view(&self, usage: Usage) -> vk::BufferView {
        let buffer = self.buffer(256, usage, true);
        let info =
            vk::BufferViewCreateInfo::default().buffer(buffer).format(vk::Format::R32_UINT).range(vk::WHOLE_SIZE);
        // SAFETY: a valid create info.
        unsafe { self.d().create_buffer_view(&info, None) }.expect("vkCreateBufferView")
    }

    /// A view of a bound 4x4 2D image of `format` and `usage`; `components` its swizzle, `aspect`
    /// its aspects.
    fn view(
        &self,
        format: vk::Format,
        usage: vk::ImageUsageFlags,
        components: vk::ComponentMapping,
        aspect: vk::ImageAspectFlags,
    ) -> vk::ImageView {
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 4, height: 4, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage);
        // SAFETY: valid create, allocate, bind and view calls.
        unsafe {
            let image = self.d().create_image(&info, None).expect("vkCreateImage");
            let r = self.d().get_image_memory_requirements(image);
            self.d().bind_image_memory(image, self.memory(r.size), 0).expect("vkBindImageMemory");
            let view = vk::ImageViewCreateInfo::default()
                .image(image)
                .view_type(vk::ImageViewType::TYPE_2D)
                .format(format)
                .components(components)
                .subresource_range(vk::ImageSubresourceRange {
                    aspect_mask: aspect,
                    base_mip_level: 0,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: 1,
                });
            self.d().create_image_view(&view, None).expect("vkCreateImageView")
        }
    }

    /// An identity-swizzled RGBA8 color view with `usage`.
    fn color_view(&self, usage: vk::ImageUsageFlags) -> vk::ImageView {
        self.view(vk::Format::R8G8B8A8_UNORM, usage, vk::ComponentMapping::default(), vk::ImageAspectFlags::COLOR)
    }
}

/// A write of `ty` to `binding` of `set` from `element`.
fn write(set: vk::DescriptorSet, binding: u32, element: u32, ty: Ty) -> vk::WriteDescriptorSet<'static> {
    vk::WriteDescriptorSet::default().dst_set(set).dst_binding(binding).dst_array_element(element).descriptor_type(ty)
}

fn buffer_info(buffer: vk::Buffer, offset: u64, range: u64) -> [vk::DescriptorBufferInfo; 1] {
    [vk::DescriptorBufferInfo { buffer, offset, range }]
}

fn image_info(sampler: vk::Sampler, view: vk::ImageView, layout: Layout) -> [vk::DescriptorImageInfo; 1] {
    [vk::DescriptorImageInfo { sampler, image_view: view, image_layout: layout }]
}

fn copy(
    src: vk::DescriptorSet,
    src_binding: u32,
    src_element: u32,
    dst: vk::DescriptorSet,
    dst_binding: u32,
    dst_element: u32,
    count: u32,
) -> vk::CopyDescriptorSet<'static> {
    vk::CopyDescriptorSet::default()
        .src_set(src)
        .src_binding(src_binding)
        .src_array_element(src_element)
        .dst_set(dst)
        .dst_binding(dst_binding)
        .dst_array_element(dst_element)
        .descriptor_count(count)
}

#[test]
fn writes_against_the_sets_layout() {
    let f = fixture();
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let infos = [vk::DescriptorBufferInfo { buffer: ubo, offset: 0, range: 16 }; 4];
    let u = Ty::UNIFORM_BUFFER;
    // Bindings 0 and 2 (1 is missing), 3 with no descriptors.
    let set = f.set_of(&[b(0, u, 2), b(2, u, 1), b(3, u, 0)]);
    let ids = f.update(&[write(set, 4, 0, u).buffer_info(&infos[..1])], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-dstBinding-00315"]);
    for missing in [1, 3] {
        let ids = f.update(&[write(set, missing, 0, u).buffer_info(&infos[..1])], &[]);
        assert_eq!(ids, ["VUID-VkWriteDescriptorSet-dstBinding-00316"], "binding {missing}");
    }
    assert_eq!(f.update(&[write(set, 2, 0, u).buffer_info(&infos[..1])], &[]), NONE);
    let empty = f.set_of(&[]);
    let ids = f.update(&[write(empty, 0, 0, u).buffer_info(&infos[..1])], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-dstBinding-10009"]);
    let ids = f.update(&[write(set, 0, 0, Ty::STORAGE_BUFFER).buffer_info(&infos[..1])], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-descriptorType-00319"]);
    // Without the array the descriptor type reads.
    let ids = f.update(&[write(set, 0, 0, u).descriptor_count(1)], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-descriptorType-00324"]);
    let images = f.set_of(&[b(0, Ty::SAMPLED_IMAGE, 1)]);
    let ids = f.update(&[write(images, 0, 0, Ty::SAMPLED_IMAGE).descriptor_count(1)], &[]);
    assert_eq!(ids, ["VUID-vkUpdateDescriptorSets-pDescriptorWrites-06493"]);
    // Three from element 0 of binding 0 roll over into binding 2; four run past it.
    assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&infos[..3])], &[]), NONE);
    let ids = f.update(&[write(set, 0, 1, u).buffer_info(&infos[..3])], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-dstArrayElement-00321"]);
    // Rolling over into a binding that differs in type, stages, immutable samplers or flags.
    let s = Ty::SAMPLER;
    let cases: [(B, &str); 3] = [
        (b(1, Ty::STORAGE_BUFFER, 1), "VUID-VkWriteDescriptorSet-descriptorCount-00317"),
        (b(1, u, 1).stages(vk::ShaderStageFlags::COMPUTE), "VUID-VkWriteDescriptorSet-descriptorCount-10776"),
        (b(1, u, 1).flags(BindingFlags::PARTIALLY_BOUND), "VUID-VkWriteDescriptorSet-descriptorCount-10777"),
    ];
    for (next, vuid) in cases {
        let set = f.set_of(&[b(0, u, 1), next]);
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&infos[..2])], &[]), [vuid]);
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&infos[..1])], &[]), NONE);
    }
    // A binding without descriptors between them is skipped, whatever its type.
    let set = f.set_of(&[b(0, u, 1), b(1, Ty::STORAGE_BUFFER, 0), b(2, u, 1)]);
    assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&infos[..2])], &[]), NONE);
    let combined = Ty::COMBINED_IMAGE_SAMPLER;
    let view = f.color_view(vk::ImageUsageFlags::SAMPLED);
    let images = [vk::DescriptorImageInfo {
        sampler: f.sampler,
        image_view: view,
        image_layout: Layout::SHADER_READ_ONLY_OPTIMAL,
    }; 2];
    let set = f.set_of(&[b(0, combined, 1), b(1, combined, 1).immutable()]);
    let ids = f.update(&[write(set, 0, 0, combined).image_info(&images)], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-descriptorCount-00318"]);
    let set = f.set_of(&[b(0, combined, 1), b(1, combined, 1), b(2, s, 1)]);
    assert_eq!(f.update(&[write(set, 0, 0, combined).image_info(&images)], &[]), NONE);
}

#[test]
fn inline_uniform_block_writes() {
    let f = fixture();
    let inline = Ty::INLINE_UNIFORM_BLOCK;
    let set = f.set_of(&[b(0, inline, 32)]);
    let data = [0u8; 16];
    let write_of = |element: u32, count: u32, block: &mut vk::WriteDescriptorSetInlineUniformBlock<'_>| {
        let w = write(set, 0, element, inline).descriptor_count(count).push_next(block);
        f.update(&[w], &[])
    };
    let mut block = vk::WriteDescriptorSetInlineUniformBlock::default().data(&data[..8]);
    assert_eq!(write_of(2, 8, &mut block), ["VUID-VkWriteDescriptorSet-descriptorType-02219"]);
    let mut block = vk::WriteDescriptorSetInlineUniformBlock::default().data(&data[..6]);
    assert_eq!(write_of(4, 6, &mut block), ["VUID-VkWriteDescriptorSet-descriptorType-02220"]);
    let mut block = vk::WriteDescriptorSetInlineUniformBlock::default().data(&data[..12]);
    assert_eq!(write_of(4, 8, &mut block), ["VUID-VkWriteDescriptorSet-descriptorType-02221"]);
    let mut block = vk::WriteDescriptorSetInlineUniformBlock::default().data(&data[..8]);
    assert_eq!(write_of(4, 8, &mut block), NONE);
}

#[test]
fn buffer_writes_usage_memory_offsets_and_ranges() {
    let f = fixture();
    // SAFETY: a physical device of this instance.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let (ua, sa) = (limits.min_uniform_buffer_offset_alignment, limits.min_storage_buffer_offset_alignment);
    assert!(ua > 1 && sa > 1, "lavapipe's offset alignments changed: {ua}, {sa}");
    let (u, s, ud, sd) =
        (Ty::UNIFORM_BUFFER, Ty::STORAGE_BUFFER, Ty::UNIFORM_BUFFER_DYNAMIC, Ty::STORAGE_BUFFER_DYNAMIC);
    let set = f.set_of(&[b(0, u, 1), b(1, s, 1), b(2, ud, 1), b(3, sd, 1)]);
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let ssbo = f.buffer(1024, Usage::STORAGE_BUFFER, true);
    let check = |binding: u32, ty: Ty, info: [vk::DescriptorBufferInfo; 1]| {
        f.update(&[write(set, binding, 0, ty).buffer_info(&info)], &[])
    };
    // Usage.
    assert_eq!(check(0, u, buffer_info(ssbo, 0, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00330"]);
    assert_eq!(check(2, ud, buffer_info(ssbo, 0, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00330"]);
    assert_eq!(check(1, s, buffer_info(ubo, 0, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00331"]);
    assert_eq!(check(3, sd, buffer_info(ubo, 0, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00331"]);
    assert_eq!(check(0, u, buffer_info(ubo, 0, 16)), NONE);
    assert_eq!(check(3, sd, buffer_info(ssbo, 0, 16)), NONE);
    // Memory.
    let unbound = f.buffer(1024, Usage::UNIFORM_BUFFER, false);
    assert_eq!(check(0, u, buffer_info(unbound, 0, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00329"]);
    // Alignment.
    assert_eq!(check(0, u, buffer_info(ubo, ua / 2, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00327"]);
    assert_eq!(check(0, u, buffer_info(ubo, ua, 16)), NONE);
    assert_eq!(check(1, s, buffer_info(ssbo, sa / 2, 16)), ["VUID-VkWriteDescriptorSet-descriptorType-00328"]);
    assert_eq!(check(1, s, buffer_info(ssbo, sa, 16)), NONE);
    // Offsets and ranges inside the buffer.
    assert_eq!(check(0, u, buffer_info(ubo, 1024, vk::WHOLE_SIZE)), ["VUID-VkDescriptorBufferInfo-offset-00340"]);
    assert_eq!(check(0, u, buffer_info(ubo, 1024 - ua, vk::WHOLE_SIZE)), NONE);
    assert_eq!(check(0, u, buffer_info(ubo, 0, 0)), ["VUID-VkDescriptorBufferInfo-range-00341"]);
    assert_eq!(check(0, u, buffer_info(ubo, ua, 1025 - ua)), ["VUID-VkDescriptorBufferInfo-range-00342"]);
    assert_eq!(check(0, u, buffer_info(ubo, ua, 1024 - ua)), NONE);
    // Ranges within the device's limits, VK_WHOLE_SIZE resolved.
    let max_u = u64::from(limits.max_uniform_buffer_range);
    let big_ubo = f.buffer(max_u + ua, Usage::UNIFORM_BUFFER, true);
    assert_eq!(
        check(0, u, buffer_info(big_ubo, 0, vk::WHOLE_SIZE)),
        ["VUID-VkWriteDescriptorSet-descriptorType-00332"]
    );
    assert_eq!(check(0, u, buffer_info(big_ubo, 0, max_u + ua)), ["VUID-VkWriteDescriptorSet-descriptorType-00332"]);
    assert_eq!(check(0, u, buffer_info(big_ubo, ua, vk::WHOLE_SIZE)), NONE);
    let max_s = u64::from(limits.max_storage_buffer_range);
    let big_ssbo = f.buffer(max_s + sa, Usage::STORAGE_BUFFER, true);
    assert_eq!(
        check(1, s, buffer_info(big_ssbo, 0, vk::WHOLE_SIZE)),
        ["VUID-VkWriteDescriptorSet-descriptorType-00333"]
    );
    assert_eq!(check(1, s, buffer_info(big_ssbo, sa, vk::WHOLE_SIZE)), NONE);
    // Null buffers without the nullDescriptor feature.
    let null = vk::Buffer::null();
    assert_eq!(check(0, u, buffer_info(null, 0, vk::WHOLE_SIZE)), ["VUID-VkDescriptorBufferInfo-buffer-02998"]);
    assert_eq!(
        check(0, u, buffer_info(null, 0, 16)),
        ["VUID-VkDescriptorBufferInfo-buffer-02998", "VUID-VkDescriptorBufferInfo-buffer-02999"]
    );
}

#[test]
fn texel_buffer_writes() {
    let f = fixture();
    let (ut, st) = (Ty::UNIFORM_TEXEL_BUFFER, Ty::STORAGE_TEXEL_BUFFER);
    let set = f.set_of(&[b(0, ut, 1), b(1, st, 1)]);
    let uniform = f.texel_view(Usage::UNIFORM_TEXEL_BUFFER);
    let storage = f.texel_view(Usage::STORAGE_TEXEL_BUFFER);
    let check = |binding: u32, ty: Ty, view: vk::BufferView| {
        let views = [view];
        f.update(&[write(set, binding, 0, ty).texel_buffer_view(&views)], &[])
    };
    assert_eq!(check(0, ut, storage), ["VUID-VkWriteDescriptorSet-descriptorType-08765"]);
    assert_eq!(check(0, ut, uniform), NONE);
    assert_eq!(check(1, st, uniform), ["VUID-VkWriteDescriptorSet-descriptorType-08766"]);
    assert_eq!(check(1, st, storage), NONE);
    assert_eq!(check(1, st, vk::BufferView::null()), ["VUID-VkWriteDescriptorSet-descriptorType-02995"]);
}

#[test]
fn image_writes_usage_swizzle_aspects_and_layouts() {
    let f = fixture();
    use vk::ImageUsageFlags as U;
    let (si, ci, st, ia) = (Ty::SAMPLED_IMAGE, Ty::COMBINED_IMAGE_SAMPLER, Ty::STORAGE_IMAGE, Ty::INPUT_ATTACHMENT);
    // Input attachments are for fragment shaders only.
    let fragment = vk::ShaderStageFlags::FRAGMENT;
    let set = f.set_of(&[b(0, si, 1), b(1, ci, 1), b(2, st, 1), b(3, ia, 1).stages(fragment)]);
    let sampled = f.color_view(U::SAMPLED);
    let storage = f.color_view(U::STORAGE);
    let input = f.color_view(U::INPUT_ATTACHMENT | U::COLOR_ATTACHMENT);
    let check = |binding: u32, ty: Ty, info: [vk::DescriptorImageInfo; 1]| {
        f.update(&[write(set, binding, 0, ty).image_info(&info)], &[])
    };
    let (read, general) = (Layout::SHADER_READ_ONLY_OPTIMAL, Layout::GENERAL);
    let none = vk::Sampler::null();
    // Usage.
    let sampler = f.sampler;
    assert_eq!(check(0, si, image_info(none, storage, read)), ["VUID-VkWriteDescriptorSet-descriptorType-00337"]);
    assert_eq!(check(1, ci, image_info(sampler, storage, read)), ["VUID-VkWriteDescriptorSet-descriptorType-00337"]);
    assert_eq!(check(2, st, image_info(none, sampled, general)), ["VUID-VkWriteDescriptorSet-descriptorType-00339"]);
    assert_eq!(check(3, ia, image_info(none, sampled, read)), ["VUID-VkWriteDescriptorSet-descriptorType-00338"]);
    assert_eq!(check(0, si, image_info(none, sampled, read)), NONE);
    assert_eq!(check(1, ci, image_info(sampler, sampled, read)), NONE);
    assert_eq!(check(2, st, image_info(none, storage, general)), NONE);
    assert_eq!(check(3, ia, image_info(none, input, read)), NONE);
    // Layouts.
    let dst = Layout::TRANSFER_DST_OPTIMAL;
    assert_eq!(check(0, si, image_info(none, sampled, dst)), ["VUID-VkWriteDescriptorSet-descriptorType-04149"]);
    assert_eq!(check(1, ci, image_info(sampler, sampled, dst)), ["VUID-VkWriteDescriptorSet-descriptorType-04150"]);
    assert_eq!(check(3, ia, image_info(none, input, dst)), ["VUID-VkWriteDescriptorSet-descriptorType-04151"]);
    assert_eq!(check(2, st, image_info(none, storage, read)), ["VUID-VkWriteDescriptorSet-descriptorType-04152"]);
    assert_eq!(check(0, si, image_info(none, sampled, general)), NONE);
    // Storage images and input attachments with the identity swizzle only.
    let swizzled = vk::ComponentMapping { r: vk::ComponentSwizzle::G, ..Default::default() };
    let color = vk::ImageAspectFlags::COLOR;
    let rgba = vk::Format::R8G8B8A8_UNORM;
    let storage_swizzled = f.view(rgba, U::STORAGE | U::SAMPLED, swizzled, color);
    let input_swizzled = f.view(rgba, U::INPUT_ATTACHMENT | U::COLOR_ATTACHMENT, swizzled, color);
    let ids = check(2, st, image_info(none, storage_swizzled, general));
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-descriptorType-00336"]);
    let ids = check(3, ia, image_info(none, input_swizzled, read));
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-descriptorType-00336"]);
    // A swizzle is fine for sampling, and naming each component itself is the identity.
    assert_eq!(check(0, si, image_info(none, storage_swizzled, read)), NONE);
    let named = vk::ComponentMapping {
        r: vk::ComponentSwizzle::R,
        g: vk::ComponentSwizzle::G,
        b: vk::ComponentSwizzle::B,
        a: vk::ComponentSwizzle::A,
    };
    assert_eq!(check(2, st, image_info(none, f.view(rgba, U::STORAGE, named, color), general)), NONE);
    // A depth/stencil view with both aspects.
    let ds = vk::Format::D32_SFLOAT_S8_UINT;
    let depth = vk::ImageAspectFlags::DEPTH;
    let both = f.view(ds, U::SAMPLED, vk::ComponentMapping::default(), depth | vk::ImageAspectFlags::STENCIL);
    let ids = check(0, si, image_info(none, both, Layout::DEPTH_STENCIL_READ_ONLY_OPTIMAL));
    assert_eq!(ids, ["VUID-VkDescriptorImageInfo-imageView-01976"]);
    let depth_only = f.view(ds, U::SAMPLED, vk::ComponentMapping::default(), depth);
    assert_eq!(check(0, si, image_info(none, depth_only, Layout::DEPTH_STENCIL_READ_ONLY_OPTIMAL)), NONE);
    // A 2D array view of a 3D image; its 3D view is fine.
    let info = vk::ImageCreateInfo::default()
        .flags(vk::ImageCreateFlags::TYPE_2D_ARRAY_COMPATIBLE)
        .image_type(vk::ImageType::TYPE_3D)
        .format(rgba)
        .extent(vk::Extent3D { width: 4, height: 4, depth: 4 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(U::SAMPLED | U::COLOR_ATTACHMENT);
    // SAFETY: valid create, allocate, bind and view calls.
    let (array, volume) = unsafe {
        let image = f.d().create_image(&info, None).expect("vkCreateImage");
        let r = f.d().get_image_memory_requirements(image);
        f.d().bind_image_memory(image, f.memory(r.size), 0).expect("vkBindImageMemory");
        let view = |ty: vk::ImageViewType, layers: u32| {
            let info = vk::ImageViewCreateInfo::default().image(image).view_type(ty).format(rgba).subresource_range(
                vk::ImageSubresourceRange {
                    aspect_mask: color,
                    base_mip_level: 0,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: layers,
                },
            );
            f.d().create_image_view(&info, None).expect("vkCreateImageView")
        };
        (view(vk::ImageViewType::TYPE_2D_ARRAY, 4), view(vk::ImageViewType::TYPE_3D, 1))
    };
    assert_eq!(check(0, si, image_info(none, array, read)), ["VUID-VkDescriptorImageInfo-imageView-06712"]);
    assert_eq!(check(0, si, image_info(none, volume, read)), NONE);
    // Null views without the nullDescriptor feature; never for an input attachment.
    let null = vk::ImageView::null();
    assert_eq!(check(0, si, image_info(none, null, read)), ["VUID-VkWriteDescriptorSet-descriptorType-02997"]);
    assert_eq!(check(2, st, image_info(none, null, general)), ["VUID-VkWriteDescriptorSet-descriptorType-02997"]);
    assert_eq!(check(3, ia, image_info(none, null, read)), ["VUID-VkWriteDescriptorSet-descriptorType-07683"]);
}

#[test]
fn samplers_and_immutable_samplers() {
    let f = fixture();
    let (s, ci) = (Ty::SAMPLER, Ty::COMBINED_IMAGE_SAMPLER);
    let set = f.set_of(&[b(0, s, 1), b(1, s, 1).immutable(), b(2, ci, 1), b(3, ci, 1).immutable()]);
    let view = f.color_view(vk::ImageUsageFlags::SAMPLED);
    let read = Layout::SHADER_READ_ONLY_OPTIMAL;
    let check = |binding: u32, ty: Ty, info: [vk::DescriptorImageInfo; 1]| {
        f.update(&[write(set, binding, 0, ty).image_info(&info)], &[])
    };
    let null = vk::Sampler::null();
    assert_eq!(check(0, s, image_info(null, view, read)), ["VUID-VkWriteDescriptorSet-descriptorType-00325"]);
    assert_eq!(check(2, ci, image_info(null, view, read)), ["VUID-VkWriteDescriptorSet-descriptorType-00325"]);
    assert_eq!(check(0, s, image_info(f.sampler, view, read)), NONE);
    assert_eq!(check(2, ci, image_info(f.sampler, view, read)), NONE);
    assert_eq!(check(1, s, image_info(f.sampler, view, read)), ["VUID-VkWriteDescriptorSet-descriptorType-02752"]);
    // With immutable samplers the sampler is ignored.
    assert_eq!(check(3, ci, image_info(null, view, read)), NONE);
}

#[test]
fn copies_between_sets() {
    let f = fixture();
    let u = Ty::UNIFORM_BUFFER;
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let infos = [vk::DescriptorBufferInfo { buffer: ubo, offset: 0, range: 16 }; 4];
    let src = f.set_of(&[b(0, u, 4)]);
    let dst = f.set_of(&[b(0, u, 2), b(1, u, 1)]);
    let mixed = f.set_of(&[b(0, u, 1), b(1, Ty::STORAGE_BUFFER, 1)]);
    assert_eq!(f.update(&[write(src, 0, 0, u).buffer_info(&infos)], &[]), NONE);
    assert_eq!(f.update(&[write(dst, 0, 0, u).buffer_info(&infos[..3])], &[]), NONE);
    assert_eq!(f.update(&[write(mixed, 0, 0, u).buffer_info(&infos[..1])], &[]), NONE);
    let check = |c: vk::CopyDescriptorSet| f.update(&[], &[c]);
    assert_eq!(check(copy(src, 5, 0, dst, 0, 0, 1)), ["VUID-VkCopyDescriptorSet-srcBinding-00345"]);
    assert_eq!(check(copy(src, 0, 0, dst, 5, 0, 1)), ["VUID-VkCopyDescriptorSet-dstBinding-00347"]);
    assert_eq!(check(copy(mixed, 1, 0, dst, 0, 0, 1)), ["VUID-VkCopyDescriptorSet-dstBinding-02632"]);
    assert_eq!(check(copy(mixed, 0, 0, dst, 0, 0, 1)), NONE);
    // Ranges, rolling over into the bindings after.
    assert_eq!(check(copy(src, 0, 2, dst, 0, 0, 3)), ["VUID-VkCopyDescriptorSet-srcArrayElement-00346"]);
    assert_eq!(check(copy(src, 0, 0, dst, 0, 1, 3)), ["VUID-VkCopyDescriptorSet-dstArrayElement-00348"]);
    assert_eq!(check(copy(src, 0, 1, dst, 0, 0, 3)), NONE);
    // Within one set, apart.
    assert_eq!(check(copy(src, 0, 0, src, 0, 1, 2)), ["VUID-VkCopyDescriptorSet-srcSet-00349"]);
    assert_eq!(check(copy(src, 0, 0, src, 0, 2, 2)), NONE);
    // Inline uniform blocks, in multiples of 4 bytes.
    let inline = Ty::INLINE_UNIFORM_BLOCK;
    let blocks = f.set_of(&[b(0, inline, 16), b(1, inline, 16)]);
    let data = [0u8; 16];
    let mut block = vk::WriteDescriptorSetInlineUniformBlock::default().data(&data);
    let w = write(blocks, 0, 0, inline).descriptor_count(16).push_next(&mut block);
    assert_eq!(f.update(&[w], &[]), NONE);
    assert_eq!(check(copy(blocks, 0, 2, blocks, 1, 0, 4)), ["VUID-VkCopyDescriptorSet-srcBinding-02223"]);
    assert_eq!(check(copy(blocks, 0, 0, blocks, 1, 2, 4)), ["VUID-VkCopyDescriptorSet-dstBinding-02224"]);
    assert_eq!(check(copy(blocks, 0, 0, blocks, 1, 0, 6)), ["VUID-VkCopyDescriptorSet-srcBinding-02225"]);
    assert_eq!(check(copy(blocks, 0, 4, blocks, 1, 8, 8)), NONE);
    // Into a sampler binding with immutable samplers.
    let s = Ty::SAMPLER;
    let samplers = f.set_of(&[b(0, s, 1), b(1, s, 1).immutable(), b(2, s, 1)]);
    let info = image_info(f.sampler, vk::ImageView::null(), Layout::UNDEFINED);
    assert_eq!(f.update(&[write(samplers, 0, 0, s).image_info(&info)], &[]), NONE);
    assert_eq!(check(copy(samplers, 0, 0, samplers, 1, 0, 1)), ["VUID-VkCopyDescriptorSet-dstBinding-02753"]);
    assert_eq!(check(copy(samplers, 0, 0, samplers, 2, 0, 1)), NONE);
}

#[test]
fn copies_between_update_after_bind_layouts_and_pools() {
    let f = fixture();
    let u = Ty::UNIFORM_BUFFER;
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let info = buffer_info(ubo, 0, 16);
    let uab = vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL;
    let plain = vk::DescriptorSetLayoutCreateFlags::empty();
    let bindings = [b(0, u, 1)];
    let (uab_layout, plain_layout) = (f.layout(uab, &bindings), f.layout(plain, &bindings));
    // (layout, pool) pairs: the update-after-bind pool also holds sets of plain layouts.
    let uab_uab = f.set(f.pool, uab_layout);
    let plain_uab = f.set(f.pool, plain_layout);
    let plain_plain = f.set(f.plain_pool, plain_layout);
    for set in [uab_uab, plain_uab, plain_plain] {
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&info)], &[]), NONE);
    }
    let check = |src, dst| f.update(&[], &[copy(src, 0, 0, dst, 0, 0, 1)]);
    assert_eq!(check(uab_uab, plain_uab), ["VUID-VkCopyDescriptorSet-srcSet-01918"]);
    assert_eq!(check(plain_uab, uab_uab), ["VUID-VkCopyDescriptorSet-srcSet-04885"]);
    assert_eq!(check(plain_uab, plain_plain), ["VUID-VkCopyDescriptorSet-srcSet-01920"]);
    assert_eq!(check(plain_plain, plain_uab), ["VUID-VkCopyDescriptorSet-srcSet-04887"]);
    assert_eq!(check(uab_uab, f.set(f.pool, uab_layout)), NONE);
    assert_eq!(check(plain_uab, f.set(f.pool, plain_layout)), NONE);
    assert_eq!(check(plain_plain, f.set(f.plain_pool, plain_layout)), NONE);
}

#[test]
fn allocating_and_freeing_sets() {
    let f = fixture();
    let u = Ty::UNIFORM_BUFFER;
    let allocate = |pool: vk::DescriptorPool, layouts: &[vk::DescriptorSetLayout], counts: Option<&[u32]>| {
        let mut variable =
            vk::DescriptorSetVariableDescriptorCountAllocateInfo::default().descriptor_counts(counts.unwrap_or(&[]));
        let mut info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(layouts);
        if counts.is_some() {
            info = info.push_next(&mut variable);
        }
        // SAFETY: invalid allocations are skipped by Vigil.
        f.ids(|| {
            let _ = unsafe { f.d().allocate_descriptor_sets(&info) };
        })
    };
    let push = f.layout(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR, &[b(0, u, 1)]);
    assert_eq!(allocate(f.pool, &[push], None), ["VUID-VkDescriptorSetAllocateInfo-pSetLayouts-00308"]);
    let uab = f.layout(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL, &[b(0, u, 1)]);
    assert_eq!(allocate(f.plain_pool, &[uab], None), ["VUID-VkDescriptorSetAllocateInfo-pSetLayouts-03044"]);
    assert_eq!(allocate(f.pool, &[uab], None), NONE);
    // Variable descriptor counts: as many as sets, each within the binding.
    let variable = b(1, u, 4).flags(BindingFlags::VARIABLE_DESCRIPTOR_COUNT);
    let var = f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[b(0, u, 1), variable]);
    let ids = allocate(f.pool, &[var, var], Some(&[1]));
    assert_eq!(ids, ["VUID-VkDescriptorSetVariableDescriptorCountAllocateInfo-descriptorSetCount-03045"]);
    assert_eq!(allocate(f.pool, &[var, var], Some(&[5, 4])), ["VUID-VkDescriptorSetAllocateInfo-pSetLayouts-09380"]);
    assert_eq!(allocate(f.pool, &[var, var], Some(&[4, 2])), NONE);
    assert_eq!(allocate(f.pool, &[var, var], Some(&[])), NONE);
    // Freeing from a pool without the free bit.
    let plain_set = f.set(f.plain_pool, f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[b(0, u, 1)]));
    let free = |pool: vk::DescriptorPool, set: vk::DescriptorSet| {
        // SAFETY: invalid frees are skipped by Vigil.
        f.ids(|| {
            let _ = unsafe { f.d().free_descriptor_sets(pool, &[set]) };
        })
    };
    assert_eq!(free(f.plain_pool, plain_set), ["VUID-vkFreeDescriptorSets-descriptorPool-00312"]);
    assert_eq!(free(f.pool, f.set_of(&[b(0, u, 1)])), NONE);
}

#[test]
fn variable_count_bindings_hold_what_was_allocated() {
    let f = fixture();
    let u = Ty::UNIFORM_BUFFER;
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let infos = [vk::DescriptorBufferInfo { buffer: ubo, offset: 0, range: 16 }; 3];
    let variable = b(0, u, 8).flags(BindingFlags::VARIABLE_DESCRIPTOR_COUNT);
    let layouts = [f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[variable])];
    let mut counts = vk::DescriptorSetVariableDescriptorCountAllocateInfo::default().descriptor_counts(&[2]);
    let info =
        vk::DescriptorSetAllocateInfo::default().descriptor_pool(f.pool).set_layouts(&layouts).push_next(&mut counts);
    // SAFETY: a valid allocate info.
    let set = unsafe { f.d().allocate_descriptor_sets(&info) }.expect("vkAllocateDescriptorSets")[0];
    let ids = f.update(&[write(set, 0, 0, u).buffer_info(&infos[..3])], &[]);
    assert_eq!(ids, ["VUID-VkWriteDescriptorSet-dstArrayElement-00321"]);
    assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&infos[..2])], &[]), NONE);
}

#[test]
fn updating_sets_a_pending_submission_uses() {
    let f = fixture();
    let d = f.d();
    let u = Ty::UNIFORM_BUFFER;
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let info = buffer_info(ubo, 0, 16);
    let pending = BindingFlags::UPDATE_UNUSED_WHILE_PENDING;
    let layout = f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[b(0, u, 1), b(1, u, 1).flags(pending)]);
    let (set, other) = (f.set(f.pool, layout), f.set(f.pool, layout));
    for s in [set, other] {
        let writes = [write(s, 0, 0, u).buffer_info(&info), write(s, 1, 0, u).buffer_info(&info)];
        assert_eq!(f.update(&writes, &[]), NONE);
    }
    let layouts = [layout];
    // SAFETY: valid creates, recording and submission; the fence is waited for before the end.
    unsafe {
        let pipeline_layout = d
            .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None)
            .expect("vkCreatePipelineLayout");
        let allocate = vk::CommandBufferAllocateInfo::default().command_pool(f.command_pool).command_buffer_count(1);
        let cb = d.allocate_command_buffers(&allocate).expect("vkAllocateCommandBuffers")[0];
        d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
        d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, pipeline_layout, 0, &[set], &[]);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
        let cbs = [cb];
        d.queue_submit(f.ctx.queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence).expect("vkQueueSubmit");
        // Until the application sees the submission complete, it is pending.
        let ids = f.update(&[write(set, 0, 0, u).buffer_info(&info)], &[]);
        assert_eq!(ids, ["VUID-vkUpdateDescriptorSets-None-03047"]);
        let ids = f.update(&[], &[copy(other, 0, 0, set, 0, 0, 1)]);
        assert_eq!(ids, ["VUID-vkUpdateDescriptorSets-None-03047"]);
        // A binding that may be updated while pending, and a set the submission does not use.
        assert_eq!(f.update(&[write(set, 1, 0, u).buffer_info(&info)], &[]), NONE);
        assert_eq!(f.update(&[write(other, 0, 0, u).buffer_info(&info)], &[]), NONE);
        d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&info)], &[]), NONE);
    }
}

#[test]
fn updating_sets_after_binding_them_invalidates_command_buffers() {
    let f = fixture();
    let d = f.d();
    let u = Ty::UNIFORM_BUFFER;
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let info = buffer_info(ubo, 0, 16);
    let (pending, after_bind) = (BindingFlags::UPDATE_UNUSED_WHILE_PENDING, BindingFlags::UPDATE_AFTER_BIND);
    let layout = f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[b(0, u, 1), b(1, u, 1).flags(pending)]);
    let uab_layout =
        f.layout(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL, &[b(0, u, 1).flags(after_bind)]);
    let (set, uab_set) = (f.set(f.pool, layout), f.set(f.pool, uab_layout));
    let writes = [write(set, 0, 0, u).buffer_info(&info), write(set, 1, 0, u).buffer_info(&info)];
    assert_eq!(f.update(&writes, &[]), NONE);
    assert_eq!(f.update(&[write(uab_set, 0, 0, u).buffer_info(&info)], &[]), NONE);
    let submit = "VUID-vkQueueSubmit-pCommandBuffers-00070";
    let execute = "VUID-vkCmdExecuteCommands-pCommandBuffers-00089";
    // SAFETY: valid creates, recordings and submissions (invalid ones are skipped by Vigil); each
    // submission is waited for before the next update.
    unsafe {
        let pipeline_layout = |l: vk::DescriptorSetLayout| {
            let layouts = [l];
            d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None)
                .expect("vkCreatePipelineLayout")
        };
        let (plain, uab) = (pipeline_layout(layout), pipeline_layout(uab_layout));
        let pool_info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(f.ctx.queue_family)
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
        let pool = d.create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
        let allocate = |level: vk::CommandBufferLevel| {
            let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).level(level).command_buffer_count(1);
            d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0]
        };
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        let record = |cb: vk::CommandBuffer, l: vk::PipelineLayout, s: vk::DescriptorSet, secondary: bool| {
            let begin = vk::CommandBufferBeginInfo::default();
            let begin = if secondary { begin.inheritance_info(&inheritance) } else { begin };
            d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
            d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, l, 0, &[s], &[]);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        };
        let submit_ids = |cb: vk::CommandBuffer| {
            f.ids(|| {
                let cbs = [cb];
                let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
                if d.queue_submit(f.ctx.queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence).is_ok() {
                    // A skipped submission signals nothing: only a real one is waited for.
                    let _ = d.wait_for_fences(&[fence], true, 1_000_000_000);
                }
                d.destroy_fence(fence, None);
            })
        };
        let cb = allocate(vk::CommandBufferLevel::PRIMARY);
        // Updated after the bind, in a binding without update-after-bind: invalid.
        record(cb, plain, set, false);
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&info)], &[]), NONE);
        assert_eq!(submit_ids(cb), [submit]);
        // Recorded again after the update: valid. A binding that may be updated while unused
        // (update-unused-while-pending) and an update-after-bind binding do not invalidate.
        record(cb, plain, set, false);
        assert_eq!(submit_ids(cb), NONE);
        assert_eq!(f.update(&[write(set, 1, 0, u).buffer_info(&info)], &[]), NONE);
        assert_eq!(submit_ids(cb), NONE);
        record(cb, uab, uab_set, false);
        assert_eq!(f.update(&[write(uab_set, 0, 0, u).buffer_info(&info)], &[]), NONE);
        assert_eq!(submit_ids(cb), NONE);
        // A copy into the set invalidates as a write does.
        record(cb, plain, set, false);
        let other = f.set(f.pool, layout);
        assert_eq!(f.update(&writes.map(|w| w.dst_set(other)), &[]), NONE);
        assert_eq!(f.update(&[], &[copy(other, 0, 0, set, 0, 0, 1)]), NONE);
        assert_eq!(submit_ids(cb), [submit]);
        // A secondary that bound the set before its update cannot be executed.
        let secondary = allocate(vk::CommandBufferLevel::SECONDARY);
        record(secondary, plain, set, true);
        assert_eq!(f.update(&[write(set, 0, 0, u).buffer_info(&info)], &[]), NONE);
        d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
        assert_eq!(f.ids(|| d.cmd_execute_commands(cb, &[secondary])), [execute]);
        record(secondary, plain, set, true);
        assert_eq!(f.ids(|| d.cmd_execute_commands(cb, &[secondary])), NONE);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        assert_eq!(submit_ids(cb), NONE);
    }
}

#[test]
fn pushing_descriptors() {
    let f = fixture();
    let d = f.d();
    let u = Ty::UNIFORM_BUFFER;
    let push = ash::khr::push_descriptor::Device::new(&f.ctx.instance, d);
    let push2 = ash::khr::maintenance6::Device::new(&f.ctx.instance, d);
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let ssbo = f.buffer(1024, Usage::STORAGE_BUFFER, true);
    let pushed = f.layout(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR, &[b(0, u, 2)]);
    let plain = f.layout(vk::DescriptorSetLayoutCreateFlags::empty(), &[b(0, u, 1)]);
    let layouts = [pushed, plain];
    // SAFETY: valid create, allocate and begin calls; the command buffer is never submitted.
    let (layout, cb) = unsafe {
        let layout = d
            .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None)
            .expect("vkCreatePipelineLayout");
        let allocate = vk::CommandBufferAllocateInfo::default().command_pool(f.command_pool).command_buffer_count(1);
        let cb = d.allocate_command_buffers(&allocate).expect("vkAllocateCommandBuffers")[0];
        d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
        (layout, cb)
    };
    let compute = vk::PipelineBindPoint::COMPUTE;
    let both = |set: u32, writes: &[vk::WriteDescriptorSet]| {
        let info = vk::PushDescriptorSetInfoKHR::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .layout(layout)
            .set(set)
            .descriptor_writes(writes);
        // SAFETY (both): a recording command buffer; invalid pushes are skipped by Vigil.
        [
            f.ids(|| unsafe { push.cmd_push_descriptor_set(cb, compute, layout, set, writes) }),
            f.ids(|| unsafe { push2.cmd_push_descriptor_set2(cb, &info) }),
        ]
    };
    let info = buffer_info(ubo, 0, 16);
    let valid = [write(vk::DescriptorSet::null(), 0, 0, u).buffer_info(&info)];
    assert_eq!(
        both(2, &valid),
        [["VUID-vkCmdPushDescriptorSet-set-00364"], ["VUID-VkPushDescriptorSetInfo-set-00364"]]
    );
    assert_eq!(
        both(1, &valid),
        [["VUID-vkCmdPushDescriptorSet-set-00365"], ["VUID-VkPushDescriptorSetInfo-set-00365"]]
    );
    assert_eq!(both(0, &valid), [NONE, NONE]);
    // The writes are checked against the push descriptor set's layout.
    let storage = buffer_info(ssbo, 0, 16);
    let wrong_type = [write(vk::DescriptorSet::null(), 0, 0, Ty::STORAGE_BUFFER).buffer_info(&storage)];
    let id = "VUID-VkWriteDescriptorSet-descriptorType-00319";
    assert_eq!(both(0, &wrong_type), [[id], [id]]);
    let wrong_usage = [write(vk::DescriptorSet::null(), 0, 0, u).buffer_info(&storage)];
    let id = "VUID-VkWriteDescriptorSet-descriptorType-00330";
    assert_eq!(both(0, &wrong_usage), [[id], [id]]);
    let infos = [vk::DescriptorBufferInfo { buffer: ubo, offset: 0, range: 16 }; 3];
    let past = [write(vk::DescriptorSet::null(), 0, 0, u).buffer_info(&infos)];
    let id = "VUID-VkWriteDescriptorSet-dstArrayElement-00321";
    assert_eq!(both(0, &past), [[id], [id]]);
    let two = [write(vk::DescriptorSet::null(), 0, 0, u).buffer_info(&infos[..2])];
    assert_eq!(both(0, &two), [NONE, NONE]);
    // Without the array the descriptor type reads.
    let no_buffers = [write(vk::DescriptorSet::null(), 0, 0, u).descriptor_count(1)];
    let id = "VUID-VkWriteDescriptorSet-descriptorType-00324";
    assert_eq!(both(0, &no_buffers), [[id], [id]]);
    let sampled = f.layout(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR, &[b(0, Ty::SAMPLED_IMAGE, 1)]);
    let images_layout = [sampled];
    // SAFETY: a valid create info.
    let images_layout =
        unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&images_layout), None) }
            .expect("vkCreatePipelineLayout");
    let no_images = [write(vk::DescriptorSet::null(), 0, 0, Ty::SAMPLED_IMAGE).descriptor_count(1)];
    let info = vk::PushDescriptorSetInfoKHR::default()
        .stage_flags(vk::ShaderStageFlags::COMPUTE)
        .layout(images_layout)
        .set(0)
        .descriptor_writes(&no_images);
    // SAFETY (both): a recording command buffer; invalid pushes are skipped by Vigil.
    let ids = [
        f.ids(|| unsafe { push.cmd_push_descriptor_set(cb, compute, images_layout, 0, &no_images) }),
        f.ids(|| unsafe { push2.cmd_push_descriptor_set2(cb, &info) }),
    ];
    let pushes = ["VUID-vkCmdPushDescriptorSet-pDescriptorWrites-06494"];
    assert_eq!(ids, [pushes, ["VUID-VkPushDescriptorSetInfo-pDescriptorWrites-06494"]]);
}

/// A template entry of `count` descriptors of `ty` from `element` of `binding`, read from
/// consecutive `VkDescriptorBufferInfo`s at the data's start.
fn entry(binding: u32, element: u32, count: u32, ty: Ty) -> vk::DescriptorUpdateTemplateEntry {
    vk::DescriptorUpdateTemplateEntry {
        dst_binding: binding,
        dst_array_element: element,
        descriptor_count: count,
        descriptor_type: ty,
        offset: 0,
        stride: std::mem::size_of::<vk::DescriptorBufferInfo>(),
    }
}

#[test]
fn update_templates_against_their_layouts() {
    let f = fixture();
    let (u, inline) = (Ty::UNIFORM_BUFFER, Ty::INLINE_UNIFORM_BLOCK);
    let no_flags = vk::DescriptorSetLayoutCreateFlags::empty();
    let layout = f.layout(no_flags, &[b(0, u, 2), b(1, u, 1)]);
    let inline_layout = f.layout(no_flags, &[b(0, inline, 16)]);
    let create = |info: &vk::DescriptorUpdateTemplateCreateInfo| {
        let mut template = vk::DescriptorUpdateTemplate::null();
        // SAFETY: invalid creations are skipped by Vigil.
        let ids = f.ids(|| {
            template = unsafe { f.d().create_descriptor_update_template(info, None) }.unwrap_or_default();
        });
        (ids, template)
    };
    let for_sets = |l: vk::DescriptorSetLayout, entries: &[vk::DescriptorUpdateTemplateEntry]| {
        let info = vk::DescriptorUpdateTemplateCreateInfo::default()
            .descriptor_update_entries(entries)
            .template_type(vk::DescriptorUpdateTemplateType::DESCRIPTOR_SET)
            .descriptor_set_layout(l);
        create(&info).0
    };
    assert_eq!(for_sets(layout, &[entry(2, 0, 1, u)]), ["VUID-VkDescriptorUpdateTemplateEntry-dstBinding-00354"]);
    assert_eq!(for_sets(layout, &[entry(0, 1, 3, u)]), ["VUID-VkDescriptorUpdateTemplateEntry-dstArrayElement-00355"]);
    assert_eq!(for_sets(layout, &[entry(0, 0, 3, u)]), NONE);
    assert_eq!(
        for_sets(inline_layout, &[entry(0, 2, 4, inline)]),
        ["VUID-VkDescriptorUpdateTemplateEntry-descriptor-02226"]
    );
    assert_eq!(
        for_sets(inline_layout, &[entry(0, 0, 6, inline)]),
        ["VUID-VkDescriptorUpdateTemplateEntry-descriptor-02227"]
    );
    assert_eq!(for_sets(inline_layout, &[entry(0, 4, 8, inline)]), NONE);
    // Push descriptor templates: to the pipeline layout's push descriptor set.
    let pushed = f.layout(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR, &[b(0, u, 2)]);
    let pushed_storage =
        f.layout(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR, &[b(0, Ty::STORAGE_BUFFER, 2)]);
    let plain = f.layout(no_flags, &[b(0, u, 1)]);
    let pipeline_layout = |sets: &[vk::DescriptorSetLayout]| {
        // SAFETY: a valid create info.
        unsafe { f.d().create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(sets), None) }
            .expect("vkCreatePipelineLayout")
    };
    let p1 = pipeline_layout(&[pushed, plain]);
    let entries = [entry(0, 0, 1, u)];
    let for_push = |set: u32| {
        let info = vk::DescriptorUpdateTemplateCreateInfo::default()
            .descriptor_update_entries(&entries)
            .template_type(vk::DescriptorUpdateTemplateType::PUSH_DESCRIPTORS_KHR)
            .pipeline_bind_point(vk::PipelineBindPoint::COMPUTE)
            .pipeline_layout(p1)
            .set(set);
        create(&info)
    };
    assert_eq!(for_push(1).0, ["VUID-VkDescriptorUpdateTemplateCreateInfo-templateType-00353"]);
    assert_eq!(for_push(2).0, ["VUID-VkDescriptorUpdateTemplateCreateInfo-templateType-00353"]);
    let (ids, push_template) = for_push(0);
    assert_eq!(ids, NONE);
    // Updating a set with a template (recorded as its contents).
    let (ids, set_template) = create(
        &vk::DescriptorUpdateTemplateCreateInfo::default()
            .descriptor_update_entries(&entries)
            .template_type(vk::DescriptorUpdateTemplateType::DESCRIPTOR_SET)
            .descriptor_set_layout(layout),
    );
    assert_eq!(ids, NONE);
    let ubo = f.buffer(1024, Usage::UNIFORM_BUFFER, true);
    let data = buffer_info(ubo, 0, 16);
    let set = f.set(f.pool, layout);
    // SAFETY: data laid out as the template says.
    let ids = f.ids(|| unsafe { f.d().update_descriptor_set_with_template(set, set_template, data.as_ptr().cast()) });
    assert_eq!(ids, NONE);
    // Its data's buffer infos are valid on their own.
    let update = |data: [vk::DescriptorBufferInfo; 1]| {
        // SAFETY: data laid out as the template says; invalid updates are skipped by Vigil.
        f.ids(|| unsafe { f.d().update_descriptor_set_with_template(set, set_template, data.as_ptr().cast()) })
    };
    assert_eq!(update(buffer_info(ubo, 0, 0)), ["VUID-VkDescriptorBufferInfo-range-00341"]);
    assert_eq!(update(buffer_info(ubo, 1024, vk::WHOLE_SIZE)), ["VUID-VkDescriptorBufferInfo-offset-00340"]);
    assert_eq!(update(buffer_info(ubo, 16, 1009)), ["VUID-VkDescriptorBufferInfo-range-00342"]);
    assert_eq!(update(buffer_info(ubo, 16, 1008)), NONE);
    // And its image infos.
    let si = Ty::SAMPLED_IMAGE;
    let image_layout = f.layout(no_flags, &[b(0, si, 1)]);
    let image_entry = [vk::DescriptorUpdateTemplateEntry {
        stride: std::mem::size_of::<vk::DescriptorImageInfo>(),
        ..entry(0, 0, 1, si)
    }];
    let (ids, image_template) = create(
        &vk::DescriptorUpdateTemplateCreateInfo::default()
            .descriptor_update_entries(&image_entry)
            .template_type(vk::DescriptorUpdateTemplateType::DESCRIPTOR_SET)
            .descriptor_set_layout(image_layout),
    );
    assert_eq!(ids, NONE);
    let image_set = f.set(f.pool, image_layout);
    let (ds, depth) = (vk::Format::D32_SFLOAT_S8_UINT, vk::ImageAspectFlags::DEPTH);
    let sampled = vk::ImageUsageFlags::SAMPLED;
    let both_aspects = f.view(ds, sampled, vk::ComponentMapping::default(), depth | vk::ImageAspectFlags::STENCIL);
    let depth_only = f.view(ds, sampled, vk::ComponentMapping::default(), depth);
    let update_image = |view: vk::ImageView| {
        let data = image_info(vk::Sampler::null(), view, Layout::DEPTH_STENCIL_READ_ONLY_OPTIMAL);
        // SAFETY: data laid out as the template says; invalid updates are skipped by Vigil.
        f.ids(|| unsafe { f.d().update_descriptor_set_with_template(image_set, image_template, data.as_ptr().cast()) })
    };
    assert_eq!(update_image(both_aspects), ["VUID-VkDescriptorImageInfo-imageView-01976"]);
    assert_eq!(update_image(depth_only), NONE);
    // Pushing with a template.
    let push = ash::khr::push_descriptor::Device::new(&f.ctx.instance, f.d());
    let push2 = ash::khr::maintenance6::Device::new(&f.ctx.instance, f.d());
    let allocate = vk::CommandBufferAllocateInfo::default().command_pool(f.command_pool).command_buffer_count(1);
    // SAFETY: valid allocate and begin calls; the command buffer is never submitted.
    let cb = unsafe {
        let cb = f.d().allocate_command_buffers(&allocate).expect("vkAllocateCommandBuffers")[0];
        f.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
        cb
    };
    let both = |template: vk::DescriptorUpdateTemplate, layout: vk::PipelineLayout, set: u32| {
        let info = vk::PushDescriptorSetWithTemplateInfoKHR::default()
            .descriptor_update_template(template)
            .layout(layout)
            .set(set)
            .data(data.as_ptr().cast());
        // SAFETY (both): a recording command buffer; invalid pushes are skipped by Vigil.
        [
            f.ids(|| unsafe {
                push.cmd_push_descriptor_set_with_template(cb, template, layout, set, data.as_ptr().cast())
            }),
            f.ids(|| unsafe { push2.cmd_push_descriptor_set_with_template2(cb, &info) }),
        ]
    };
    let ids = |suffix: &[&str]| -> [Vec<String>; 2] {
        ["vkCmdPushDescriptorSetWithTemplate", "VkPushDescriptorSetWithTemplateInfo"]
            .map(|c| suffix.iter().map(|s| format!("VUID-{c}-{s}")).collect())
    };
    assert_eq!(both(set_template, p1, 0), ids(&["descriptorUpdateTemplate-07994"]));
    assert_eq!(both(push_template, p1, 1), ids(&["set-07995", "set-07305"]));
    assert_eq!(both(push_template, p1, 2), ids(&["set-07995", "set-07304"]));
    assert_eq!(both(push_template, pipeline_layout(&[pushed_storage]), 0), ids(&["layout-07993"]));
    assert_eq!(both(push_template, p1, 0), ids(&[]));
    let range = "VUID-VkDescriptorBufferInfo-range-00341".to_string();
    let empty = buffer_info(ubo, 0, 0);
    let info = vk::PushDescriptorSetWithTemplateInfoKHR::default()
        .descriptor_update_template(push_template)
        .layout(p1)
        .set(0)
        .data(empty.as_ptr().cast());
    // SAFETY (both): a recording command buffer; invalid pushes are skipped by Vigil.
    let with_data = [
        f.ids(|| unsafe {
            push.cmd_push_descriptor_set_with_template(cb, push_template, p1, 0, empty.as_ptr().cast())
        }),
        f.ids(|| unsafe { push2.cmd_push_descriptor_set_with_template2(cb, &info) }),
    ];
    assert_eq!(with_data, [[range.clone()], [range]]);
    // An identically defined layout is compatible.
    assert_eq!(both(push_template, pipeline_layout(&[pushed, plain]), 0), ids(&[]));
}

#[test]
fn creating_descriptor_pools() {
    let f = fixture();
    use vk::DescriptorPoolCreateFlags as P;
    let create = |flags: P, max_sets: u32, ty: Ty, inline: Option<u32>| {
        let sizes = [vk::DescriptorPoolSize { ty, descriptor_count: 16 }];
        let mut block = vk::DescriptorPoolInlineUniformBlockCreateInfo::default()
            .max_inline_uniform_block_bindings(inline.unwrap_or(0));
        let mut info = vk::DescriptorPoolCreateInfo::default().flags(flags).max_sets(max_sets).pool_sizes(&sizes);
        if inline.is_some() {
            info = info.push_next(&mut block);
        }
        // SAFETY: invalid creations are skipped by Vigil.
        f.ids(|| {
            let _ = unsafe { f.d().create_descriptor_pool(&info, None) };
        })
    };
    let u = Ty::UNIFORM_BUFFER;
    let id = |s: &str| format!("VUID-VkDescriptorPoolCreateInfo-{s}");
    assert_eq!(create(P::empty(), 0, u, None), [id("descriptorPoolOverallocation-09227")]);
    assert_eq!(create(P::empty(), 1, u, None), NONE);
    // Host-only pools need the mutableDescriptorType feature (its extension is enabled here, the
    // feature not), and exclude update after bind.
    assert_eq!(create(P::HOST_ONLY_EXT, 1, u, None), [id("flags-04609")]);
    assert_eq!(create(P::HOST_ONLY_EXT | P::UPDATE_AFTER_BIND, 1, u, None), [id("flags-04607"), id("flags-04609")]);
    assert_eq!(create(P::UPDATE_AFTER_BIND, 1, u, None), NONE);
    assert_eq!(create(P::empty(), 1, Ty::MUTABLE_EXT, None), [id("mutableDescriptorType-04608")]);
    // Inline uniform blocks need room for their bindings.
    let inline = Ty::INLINE_UNIFORM_BLOCK;
    assert_eq!(create(P::empty(), 1, inline, None), [id("pPoolSizes-09424")]);
    assert_eq!(create(P::empty(), 1, inline, Some(0)), [id("pPoolSizes-09424")]);
    assert_eq!(create(P::empty(), 1, inline, Some(1)), NONE);
}

/// Sets of host-only layouts come from host-only pools, and descriptor buffer layouts from no
/// pool. A device of its own: the binary's has neither mutableDescriptorType nor descriptor
/// buffers.
#[test]
fn allocating_sets_of_host_only_and_descriptor_buffer_layouts() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .mutable_descriptor_type()
        .descriptor_buffer()
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true))
        .build_skipping_errors(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let d = &ctx.device;
    use vk::DescriptorPoolCreateFlags as P;
    use vk::DescriptorSetLayoutCreateFlags as L;
    let layout = |flags: L| {
        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .descriptor_type(Ty::UNIFORM_BUFFER)
            .descriptor_count(1)
            .stage_flags(ALL)];
        let info = vk::DescriptorSetLayoutCreateInfo::default().flags(flags).bindings(&bindings);
        // SAFETY: a valid create info.
        unsafe { d.create_descriptor_set_layout(&info, None) }.expect("vkCreateDescriptorSetLayout")
    };
    let pool = |flags: P| {
        let sizes = [vk::DescriptorPoolSize { ty: Ty::UNIFORM_BUFFER, descriptor_count: 16 }];
        let info = vk::DescriptorPoolCreateInfo::default().flags(flags).max_sets(16).pool_sizes(&sizes);
        // SAFETY: a valid create info.
        unsafe { d.create_descriptor_pool(&info, None) }.expect("vkCreateDescriptorPool")
    };
    let allocate = |pool, layout| {
        let layouts = [layout];
        let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts);
        // SAFETY: invalid allocations are skipped by Vigil.
        ctx.messages.problem_ids_of(|| {
            let _ = unsafe { d.allocate_descriptor_sets(&info) };
        })
    };
    let id = |s: &str| format!("VUID-VkDescriptorSetAllocateInfo-{s}");
    let (plain_pool, host_only_pool) = (pool(P::empty()), pool(P::HOST_ONLY_EXT));
    let host_only = layout(L::HOST_ONLY_POOL_EXT);
    assert_eq!(allocate(plain_pool, host_only), [id("pSetLayouts-04610")]);
    assert_eq!(allocate(host_only_pool, host_only), NONE);
    let descriptor_buffer = layout(L::DESCRIPTOR_BUFFER_EXT);
    assert_eq!(allocate(plain_pool, descriptor_buffer), [id("pSetLayouts-08009")]);
    assert_eq!(allocate(plain_pool, layout(L::empty())), NONE);
}
