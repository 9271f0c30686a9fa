//! Core validation of device memory and buffers through the real loader on lavapipe.
//!
//! Allocating memory (inside its heap, not empty, flags the device's features allow, valid device
//! masks and capture addresses, dedicated to one object that is not sparse and that the
//! allocation holds, and no more allocations than `maxMemoryAllocationCount`), binding buffers
//! and images to memory (once, never a sparse or a whole disjoint one, inside the allocation,
//! aligned, with room for the object as the driver reports it, protected only with protected
//! objects, exported or imported with the objects' handle types), a disjoint image's requirements
//! asked per plane, mapping memory (once at a time, inside the allocation), unmapping, flushing
//! and invalidating ranges of a mapping; creating buffers (sparse and protected flags, chained
//! structures against flags, concurrent sharing, `maxBufferSize`, video profiles, descriptor
//! buffer usages); destroying a swapchain's image; and the buffers that recorded commands use
//! (usage, memory, offsets and sizes inside them, copies that do not overlap in memory). Each case: the exact ids of the invalid calls (skipped, so they
//! never reach lavapipe), then the valid neighbour at the boundary, which reports nothing.
//!
//! lavapipe has one memory type, which every buffer and image allows and which is host
//! visible: the test-only driver shim below Vigil adds a protected type and (the last) a
//! device-local, lazily allocated type that nothing allows (`extra-memory-type`; their
//! allocations come from lavapipe's type), for the memory-type rules,
//! lowers `maxMemoryAllocationCount` to 64 (`low-memory-allocation-count`), adds a second queue
//! family (`second-queue-family`), plays a video decoding driver (`video-queue`), offers
//! `VK_NV_dedicated_allocation_image_aliasing` (`dedicated-image-aliasing`) and lets a device
//! enable `protectedMemory` (`protected-memory`), for protected command buffers.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

/// A context; `handle_wrapping`: Vigil's setting of that name (the bind rules call the driver
/// with its own handles either way).
fn context(handle_wrapping: bool) -> Context {
    context_with(handle_wrapping, true)
}

/// The driver shim's switches, the same for every context of the process (the environment is
/// the process's): a memory type nothing allows, a `maxMemoryAllocationCount` of 64 (no
/// other case allocates that much on one device), a second queue family (for buffers shared
/// concurrently), video decoding (for video buffers, on a device that enables it), dedicated
/// allocation image aliasing and the protectedMemory feature (each on a device that enables it).
const SHIM: &str = "extra-memory-type,low-memory-allocation-count,second-queue-family,video-queue,\
                    dedicated-image-aliasing,protected-memory";

/// A context; `device_addresses`: the bufferDeviceAddress feature is enabled.
fn context_with(handle_wrapping: bool, device_addresses: bool) -> Context {
    context_of(handle_wrapping, device_addresses, false)
}

/// The same; `protected`: the protectedMemory feature is enabled too.
fn context_of(handle_wrapping: bool, device_addresses: bool, protected: bool) -> Context {
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let mut builder = ContextBuilder::new()
        .vigil_setting("handle_wrapping", if handle_wrapping { "true" } else { "false" })
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .features(vk::PhysicalDeviceFeatures::default().sparse_binding(true))
        .device_extensions(&[c"VK_KHR_map_memory2"]);
    if device_addresses {
        builder = builder.vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true));
    }
    if protected {
        builder = builder.vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().protected_memory(true));
    }
    let ctx = builder.build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls are skipped: they never reach lavapipe.
    ctx.messages.skip_errors(true);
    ctx
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

const NONE: [&str; 0] = [];

use vk::BufferUsageFlags as Usage;

struct Fixture {
    ctx: Context,
    map2: ash::khr::map_memory2::Device,
}

impl Fixture {
    fn new() -> Self {
        Self::with_handle_wrapping(true)
    }

    fn with_handle_wrapping(on: bool) -> Self {
        Self::of(context(on))
    }

    fn of(ctx: Context) -> Self {
        let map2 = ash::khr::map_memory2::Device::new(&ctx.instance, &ctx.device);
        Fixture { ctx, map2 }
    }

    /// The ids of allocating memory with `info` (its type: a host-visible one when 0 is not
    /// right), freeing it when the driver made it.
    fn allocate(&self, info: &vk::MemoryAllocateInfo) -> Vec<String> {
        self.ids(|| {
            // SAFETY: invalid allocations are skipped by Vigil; a made one is freed at once.
            if let Ok(memory) = unsafe { self.d().allocate_memory(info, None) } {
                unsafe { self.d().free_memory(memory, None) };
            }
        })
    }

    /// An allocate info of `size` bytes of the host-visible type.
    fn allocate_info(&self, size: u64) -> vk::MemoryAllocateInfo<'static> {
        let ty = self.ctx.memory_type(!0, vk::MemoryPropertyFlags::HOST_VISIBLE);
        vk::MemoryAllocateInfo::default().allocation_size(size).memory_type_index(ty)
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        reported(&self.ctx.messages, call)
    }

    /// `size` bytes of host-visible memory.
    fn memory(&self, size: u64) -> vk::DeviceMemory {
        let ty = self.ctx.memory_type(!0, vk::MemoryPropertyFlags::HOST_VISIBLE);
        let info = vk::MemoryAllocateInfo::default().allocation_size(size).memory_type_index(ty);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    /// Host-visible memory made with `chain` (a structure to chain to the allocate info), sized
    /// for `requirements`.
    fn memory_for(
        &self,
        requirements: vk::MemoryRequirements,
        chain: &mut impl vk::ExtendsMemoryAllocateInfo,
    ) -> vk::DeviceMemory {
        let ty = self.ctx.memory_type(requirements.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
        let info =
            vk::MemoryAllocateInfo::default().allocation_size(requirements.size).memory_type_index(ty).push_next(chain);
        // SAFETY: a valid allocate info and chain.
        unsafe { self.d().allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    /// An unbound buffer of `size` bytes.
    fn buffer_of(&self, size: u64, usage: Usage, flags: vk::BufferCreateFlags) -> vk::Buffer {
        let info = vk::BufferCreateInfo::default().size(size).usage(usage).flags(flags);
        // SAFETY: a valid create info (sparse binding is enabled).
        unsafe { self.d().create_buffer(&info, None) }.expect("vkCreateBuffer")
    }

    /// An unbound, non-sparse buffer of `size` bytes.
    fn buffer(&self, size: u64, usage: Usage) -> vk::Buffer {
        self.buffer_of(size, usage, vk::BufferCreateFlags::empty())
    }

    /// A buffer of `size` bytes bound to memory of its own.
    fn bound(&self, size: u64, usage: Usage) -> vk::Buffer {
        let buffer = self.buffer(size, usage);
        let memory = self.memory(self.requirements(buffer).size);
        // SAFETY: a fresh buffer and memory that fits it.
        unsafe { self.d().bind_buffer_memory(buffer, memory, 0) }.expect("vkBindBufferMemory");
        buffer
    }

    fn requirements(&self, buffer: vk::Buffer) -> vk::MemoryRequirements {
        // SAFETY: a live buffer.
        unsafe { self.d().get_buffer_memory_requirements(buffer) }
    }

    /// A 16x16 RGBA8 sampled image, not bound.
    fn image(&self, flags: vk::ImageCreateFlags) -> vk::Image {
        self.image_of(vk::Format::R8G8B8A8_UNORM, flags)
    }

    /// A 16x16 sampled image of `format`, not bound.
    fn image_of(&self, format: vk::Format, flags: vk::ImageCreateFlags) -> vk::Image {
        let info = vk::ImageCreateInfo::default()
            .flags(flags)
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::SAMPLED);
        // SAFETY: a valid create info (sparse binding is enabled).
        unsafe { self.d().create_image(&info, None) }.expect("vkCreateImage")
    }

    /// The ids of binding `buffer` with vkBindBufferMemory, or with vkBindBufferMemory2 when
    /// `two`.
    fn bind_buffer(&self, buffer: vk::Buffer, memory: vk::DeviceMemory, offset: u64, two: bool) -> Vec<String> {
        let info = [vk::BindBufferMemoryInfo::default().buffer(buffer).memory(memory).memory_offset(offset)];
        // SAFETY: invalid binds are skipped by Vigil.
        self.ids(|| {
            let _ = unsafe {
                if two {
                    self.d().bind_buffer_memory2(&info)
                } else {
                    self.d().bind_buffer_memory(buffer, memory, offset)
                }
            };
        })
    }

    /// The ids of two invalid binds of `buffer` (both skipped): with vkBindBufferMemory, then
    /// with vkBindBufferMemory2.
    fn bind_buffer_both(&self, buffer: vk::Buffer, memory: vk::DeviceMemory, offset: u64) -> [Vec<String>; 2] {
        [self.bind_buffer(buffer, memory, offset, false), self.bind_buffer(buffer, memory, offset, true)]
    }

    /// The image counterpart of [`Fixture::bind_buffer`].
    fn bind_image(&self, image: vk::Image, memory: vk::DeviceMemory, offset: u64, two: bool) -> Vec<String> {
        let info = [vk::BindImageMemoryInfo::default().image(image).memory(memory).memory_offset(offset)];
        // SAFETY: invalid binds are skipped by Vigil.
        self.ids(|| {
            let _ = unsafe {
                if two {
                    self.d().bind_image_memory2(&info)
                } else {
                    self.d().bind_image_memory(image, memory, offset)
                }
            };
        })
    }

    /// The image counterpart of [`Fixture::bind_buffer_both`].
    fn bind_image_both(&self, image: vk::Image, memory: vk::DeviceMemory, offset: u64) -> [Vec<String>; 2] {
        [self.bind_image(image, memory, offset, false), self.bind_image(image, memory, offset, true)]
    }

    fn map(&self, memory: vk::DeviceMemory, offset: u64, size: u64) -> Result<*mut std::ffi::c_void, vk::Result> {
        // SAFETY: invalid maps are skipped by Vigil.
        unsafe { self.d().map_memory(memory, offset, size, vk::MemoryMapFlags::empty()) }
    }

    fn map2(&self, memory: vk::DeviceMemory, offset: u64, size: u64) -> vk::Result {
        let info = vk::MemoryMapInfoKHR::default().memory(memory).offset(offset).size(size);
        let mut data = std::ptr::null_mut();
        // SAFETY: the extension is enabled; invalid maps are skipped by Vigil.
        unsafe { (self.map2.fp().map_memory2_khr)(self.d().handle(), &info, &mut data) }
    }

    fn unmap(&self, memory: vk::DeviceMemory) {
        // SAFETY: invalid unmaps are skipped by Vigil.
        unsafe { self.d().unmap_memory(memory) };
    }

    fn unmap2(&self, memory: vk::DeviceMemory) -> vk::Result {
        let info = vk::MemoryUnmapInfoKHR::default().memory(memory);
        // SAFETY: as for `map2`.
        unsafe { (self.map2.fp().unmap_memory2_khr)(self.d().handle(), &info) }
    }

    /// The ids of flushing, then of invalidating, `size` bytes of `memory` from `offset`.
    fn flush_and_invalidate(&self, memory: vk::DeviceMemory, offset: u64, size: u64) -> [Vec<String>; 2] {
        let range = [vk::MappedMemoryRange::default().memory(memory).offset(offset).size(size)];
        // SAFETY (both): invalid ranges are skipped by Vigil.
        [
            self.ids(|| {
                let _ = unsafe { self.d().flush_mapped_memory_ranges(&range) };
            }),
            self.ids(|| {
                let _ = unsafe { self.d().invalidate_mapped_memory_ranges(&range) };
            }),
        ]
    }

    /// A primary command buffer, recording (never submitted).
    fn recording(&self) -> vk::CommandBuffer {
        self.recording_of(vk::CommandPoolCreateFlags::empty())
    }

    /// The same, from a new pool of `flags`.
    fn recording_of(&self, flags: vk::CommandPoolCreateFlags) -> vk::CommandBuffer {
        let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(self.ctx.queue_family).flags(flags);
        // SAFETY: valid create, allocate and begin infos.
        unsafe {
            let pool = self.d().create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
            let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1);
            let cb = self.d().allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            self.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            cb
        }
    }

    /// The ids of copying `regions` from `src` to `dst` with vkCmdCopyBuffer, then with
    /// vkCmdCopyBuffer2.
    fn copy_both(
        &self,
        cb: vk::CommandBuffer,
        src: vk::Buffer,
        dst: vk::Buffer,
        regions: &[vk::BufferCopy],
    ) -> [Vec<String>; 2] {
        let regions2: Vec<_> = regions
            .iter()
            .map(|r| vk::BufferCopy2::default().src_offset(r.src_offset).dst_offset(r.dst_offset).size(r.size))
            .collect();
        let info = vk::CopyBufferInfo2::default().src_buffer(src).dst_buffer(dst).regions(&regions2);
        // SAFETY (both): a recording command buffer; invalid copies are skipped by Vigil.
        [
            self.ids(|| unsafe { self.d().cmd_copy_buffer(cb, src, dst, regions) }),
            self.ids(|| unsafe { self.d().cmd_copy_buffer2(cb, &info) }),
        ]
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // The cases leave their objects to vkDestroyDevice (reported as leaks, not skipped).
        self.ctx.messages.skip_errors(false);
    }
}

fn copy(src_offset: u64, dst_offset: u64, size: u64) -> vk::BufferCopy {
    vk::BufferCopy { src_offset, dst_offset, size }
}

#[test]
fn binding_a_buffer_that_is_bound_or_sparse() {
    let f = Fixture::new();
    let buffer = f.buffer(256, Usage::TRANSFER_DST);
    let size = f.requirements(buffer).size;
    let memory = f.memory(size);
    assert_eq!(f.bind_buffer(buffer, memory, 0, false), NONE);
    let again = f.bind_buffer_both(buffer, f.memory(size), 0);
    assert_eq!(again, [["VUID-vkBindBufferMemory-buffer-07459"], ["VUID-VkBindBufferMemoryInfo-buffer-07459"]]);
    let sparse = f.buffer_of(256, Usage::TRANSFER_DST, vk::BufferCreateFlags::SPARSE_BINDING);
    let ids = f.bind_buffer_both(sparse, f.memory(size), 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-buffer-01030"], ["VUID-VkBindBufferMemoryInfo-buffer-01030"]]);
    // The same buffer without the sparse flag binds with vkBindBufferMemory2.
    assert_eq!(f.bind_buffer(f.buffer(256, Usage::TRANSFER_DST), f.memory(size), 0, true), NONE);
}

#[test]
fn binding_a_buffer_outside_unaligned_or_without_room() {
    let f = Fixture::new();
    let probe = f.buffer(256, Usage::TRANSFER_DST);
    let r = f.requirements(probe);
    let a = r.alignment;
    assert!(a > 1 && r.size > a, "lavapipe's buffer requirements changed: {r:?}");
    // Room for the buffer and one alignment more.
    let memory = f.memory(r.size + a);
    let past = f.bind_buffer_both(f.buffer(256, Usage::TRANSFER_DST), memory, r.size + a);
    assert_eq!(
        past,
        [["VUID-vkBindBufferMemory-memoryOffset-01031"], ["VUID-VkBindBufferMemoryInfo-memoryOffset-01031"]]
    );
    let unaligned = f.bind_buffer_both(f.buffer(256, Usage::TRANSFER_DST), memory, a / 2);
    assert_eq!(unaligned, [["VUID-vkBindBufferMemory-None-10739"], ["VUID-VkBindBufferMemoryInfo-None-10739"]]);
    let no_room = f.bind_buffer_both(f.buffer(256, Usage::TRANSFER_DST), memory, 2 * a);
    assert_eq!(no_room, [["VUID-vkBindBufferMemory-None-10741"], ["VUID-VkBindBufferMemoryInfo-None-10741"]]);
    // Aligned, and exactly the room it needs up to the end.
    assert_eq!(f.bind_buffer(probe, memory, a, false), NONE);
    assert_eq!(f.bind_buffer(f.buffer(256, Usage::TRANSFER_DST), f.memory(r.size + a), a, true), NONE);
}

#[test]
fn requirements_come_from_the_driver_without_handle_wrapping_too() {
    let f = Fixture::with_handle_wrapping(false);
    let probe = f.buffer(256, Usage::TRANSFER_DST);
    let r = f.requirements(probe);
    let memory = f.memory(r.size + r.alignment);
    let ids = f.bind_buffer_both(f.buffer(256, Usage::TRANSFER_DST), memory, r.alignment / 2);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-None-10739"], ["VUID-VkBindBufferMemoryInfo-None-10739"]]);
    assert_eq!(f.bind_buffer(probe, memory, r.alignment, false), NONE);
}

#[test]
fn binding_an_image_that_is_bound_or_sparse() {
    let f = Fixture::new();
    let image = f.image(vk::ImageCreateFlags::empty());
    // SAFETY: a live image.
    let size = unsafe { f.d().get_image_memory_requirements(image) }.size;
    assert_eq!(f.bind_image(image, f.memory(size), 0, false), NONE);
    let again = f.bind_image_both(image, f.memory(size), 0);
    assert_eq!(again, [["VUID-vkBindImageMemory-image-07460"], ["VUID-VkBindImageMemoryInfo-image-07460"]]);
    let sparse = f.image(vk::ImageCreateFlags::SPARSE_BINDING);
    let ids = f.bind_image_both(sparse, f.memory(size), 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-image-01045"], ["VUID-VkBindImageMemoryInfo-image-01045"]]);
    assert_eq!(f.bind_image(f.image(vk::ImageCreateFlags::empty()), f.memory(size), 0, true), NONE);
}

#[test]
fn binding_an_image_outside_unaligned_or_without_room() {
    let f = Fixture::new();
    let probe = f.image(vk::ImageCreateFlags::empty());
    // SAFETY: a live image.
    let r = unsafe { f.d().get_image_memory_requirements(probe) };
    let a = r.alignment;
    assert!(a > 1 && r.size > a, "lavapipe's image requirements changed: {r:?}");
    let memory = f.memory(r.size + a);
    let image = || f.image(vk::ImageCreateFlags::empty());
    let past = f.bind_image_both(image(), memory, r.size + a);
    assert_eq!(
        past,
        [["VUID-vkBindImageMemory-memoryOffset-01046"], ["VUID-VkBindImageMemoryInfo-memoryOffset-01046"]]
    );
    let unaligned = f.bind_image_both(image(), memory, a / 2);
    assert_eq!(unaligned, [["VUID-vkBindImageMemory-None-10735"], ["VUID-VkBindImageMemoryInfo-pNext-01616"]]);
    let no_room = f.bind_image_both(image(), memory, 2 * a);
    assert_eq!(no_room, [["VUID-vkBindImageMemory-None-10737"], ["VUID-VkBindImageMemoryInfo-pNext-01617"]]);
    assert_eq!(f.bind_image(probe, memory, a, false), NONE);
    assert_eq!(f.bind_image(image(), f.memory(r.size + a), a, true), NONE);
}

#[test]
fn binding_and_mapping_memory_of_a_type_the_object_or_the_host_cannot_use() {
    let f = Fixture::new();
    // SAFETY: this context's physical device.
    let props = unsafe { f.ctx.instance.get_physical_device_memory_properties(f.ctx.physical_device) };
    let extra = props.memory_type_count - 1;
    let ty = props.memory_types[extra as usize];
    let lazy = vk::MemoryPropertyFlags::DEVICE_LOCAL | vk::MemoryPropertyFlags::LAZILY_ALLOCATED;
    assert_eq!(ty.property_flags, lazy, "the shim's memory type is missing");
    let info = vk::MemoryAllocateInfo::default().allocation_size(1 << 16).memory_type_index(extra);
    let allocate = || unsafe { f.d().allocate_memory(&info, None) }.expect("vkAllocateMemory");
    let buffer = f.buffer(256, Usage::TRANSFER_DST);
    assert_eq!(f.requirements(buffer).memory_type_bits & (1 << extra), 0);
    let ids = f.bind_buffer_both(buffer, allocate(), 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-memory-01035"], ["VUID-VkBindBufferMemoryInfo-memory-01035"]]);
    let image = f.image(vk::ImageCreateFlags::empty());
    let ids = f.bind_image_both(image, allocate(), 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-memory-01047"], ["VUID-VkBindImageMemoryInfo-pNext-01615"]]);
    let device_only = allocate();
    let ids = f.ids(|| assert_eq!(f.map(device_only, 0, 64), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkMapMemory-memory-00682"]);
    let ids = f.ids(|| assert_eq!(f.map2(device_only, 0, 64), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryMapInfo-memory-07962"]);
    // The host-visible type they allow.
    let host = f.memory(1 << 16);
    assert_eq!(f.bind_buffer(buffer, host, 0, false), NONE);
    assert_eq!(f.bind_image(image, f.memory(1 << 16), 0, true), NONE);
    assert_eq!(f.ids(|| assert!(f.map(host, 0, 64).is_ok())), NONE);
}

#[test]
fn binding_memory_dedicated_to_another_object() {
    let f = Fixture::new();
    let dedicated = |image, buffer, requirements| {
        let mut d = vk::MemoryDedicatedAllocateInfo::default().image(image).buffer(buffer);
        f.memory_for(requirements, &mut d)
    };
    let (buffer, other_buffer) = (f.buffer(4096, Usage::TRANSFER_DST), f.buffer(256, Usage::TRANSFER_DST));
    let buffers_memory = dedicated(vk::Image::null(), buffer, f.requirements(buffer));
    let ids = f.bind_buffer_both(other_buffer, buffers_memory, 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-memory-01508"], ["VUID-VkBindBufferMemoryInfo-memory-01508"]]);
    // Its own buffer, not at offset 0 (where it has no room either).
    let a = f.requirements(buffer).alignment;
    let ids = f.bind_buffer(buffer, buffers_memory, a, false);
    assert_eq!(ids, ["VUID-vkBindBufferMemory-memory-01508", "VUID-vkBindBufferMemory-None-10741"]);
    let (image, other_image) = (f.image(vk::ImageCreateFlags::empty()), f.image(vk::ImageCreateFlags::empty()));
    let ids = f.bind_image_both(image, buffers_memory, 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-memory-10926"], ["VUID-VkBindImageMemoryInfo-memory-10926"]]);
    // SAFETY: a live image.
    let images_memory = dedicated(image, vk::Buffer::null(), unsafe { f.d().get_image_memory_requirements(image) });
    let ids = f.bind_image_both(other_image, images_memory, 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-memory-02628"], ["VUID-VkBindImageMemoryInfo-memory-02628"]]);
    let ids = f.bind_buffer_both(other_buffer, images_memory, 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-memory-10925"], ["VUID-VkBindBufferMemoryInfo-memory-10925"]]);
    // Each to its own object, at offset 0.
    assert_eq!(f.bind_buffer(buffer, buffers_memory, 0, false), NONE);
    assert_eq!(f.bind_image(image, images_memory, 0, true), NONE);
}

/// With dedicatedAllocationImageAliasing (the shim's `dedicated-image-aliasing`), memory
/// dedicated to an image takes other images at offset 0 created as that one was, no larger in
/// extent or layers.
#[test]
fn binding_images_aliasing_memory_dedicated_to_another_image() {
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER, SHIM_LAYER]).dedicated_image_aliasing().build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(true);
    let f = Fixture::of(ctx);
    let sized = |width, layers| {
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .extent(vk::Extent3D { width, height: 16, depth: 1 })
            .mip_levels(1)
            .array_layers(layers)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::SAMPLED);
        // SAFETY: a valid create info.
        unsafe { f.d().create_image(&info, None) }.expect("vkCreateImage")
    };
    let image = sized(16, 2);
    // SAFETY: a live image.
    let requirements = unsafe { f.d().get_image_memory_requirements(image) };
    let mut dedicated = vk::MemoryDedicatedAllocateInfo::default().image(image);
    let memory = f.memory_for(requirements, &mut dedicated);
    let ids = |id: &str| [[format!("VUID-vkBindImageMemory-{id}")], [format!("VUID-VkBindImageMemoryInfo-{id}")]];
    // Another format (the same size), wider: not created as the dedicated image was.
    let other_format = f.image_of(vk::Format::R8G8B8A8_SRGB, vk::ImageCreateFlags::empty());
    assert_eq!(f.bind_image_both(other_format, memory, 0), ids("memory-02629"));
    assert_eq!(f.bind_image_both(sized(17, 1), memory, 0), ids("memory-02629"));
    // More layers than the memory holds: no room either.
    let got = f.bind_image_both(sized(16, 3), memory, 0);
    let more_layers = [
        ["VUID-vkBindImageMemory-memory-02629", "VUID-vkBindImageMemory-None-10737"],
        ["VUID-VkBindImageMemoryInfo-memory-02629", "VUID-VkBindImageMemoryInfo-pNext-01617"],
    ];
    assert_eq!(got, more_layers);
    // Created as it was, but not at offset 0 (where the memory has no room for it either).
    let twin = sized(16, 2);
    let at = requirements.alignment;
    assert_eq!(
        f.bind_image(twin, memory, at, false),
        ["VUID-vkBindImageMemory-memory-02629", "VUID-vkBindImageMemory-None-10737"]
    );
    // The boundary: a twin, one as wide with fewer layers, one narrower with as many, at 0.
    assert_eq!(f.bind_image(twin, memory, 0, false), NONE);
    assert_eq!(f.bind_image(sized(16, 1), memory, 0, true), NONE);
    assert_eq!(f.bind_image(sized(8, 2), memory, 0, false), NONE);
    assert_eq!(f.bind_image(image, memory, 0, true), NONE);
}

#[test]
fn binding_a_device_address_buffer_to_memory_without_device_addresses() {
    let f = Fixture::new();
    let usage = Usage::SHADER_DEVICE_ADDRESS | Usage::TRANSFER_DST;
    let buffer = f.buffer(256, usage);
    let r = f.requirements(buffer);
    let plain = f.memory(r.size);
    let ids = f.bind_buffer_both(buffer, plain, 0);
    assert_eq!(
        ids,
        [
            ["VUID-vkBindBufferMemory-bufferDeviceAddress-03339"],
            ["VUID-VkBindBufferMemoryInfo-bufferDeviceAddress-03339"]
        ]
    );
    let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let addressable = f.memory_for(r, &mut flags);
    assert_eq!(f.bind_buffer(buffer, addressable, 0, false), NONE);
    // Without the usage, any memory.
    assert_eq!(f.bind_buffer(f.buffer(256, Usage::TRANSFER_DST), plain, 0, true), NONE);
}

#[test]
fn mapping_memory_that_is_already_mapped() {
    let f = Fixture::new();
    let memory = f.memory(1024);
    assert_eq!(f.ids(|| assert!(f.map(memory, 0, vk::WHOLE_SIZE).is_ok())), NONE);
    let ids = f.ids(|| assert_eq!(f.map(memory, 0, 64), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkMapMemory-memory-00678"]);
    let ids = f.ids(|| assert_eq!(f.map2(memory, 0, 64), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryMapInfo-memory-07958"]);
    // Unmapped, it maps again.
    f.unmap(memory);
    assert_eq!(f.ids(|| assert_eq!(f.map2(memory, 0, 64), vk::Result::SUCCESS)), NONE);
}

#[test]
fn mapping_outside_the_memory() {
    let f = Fixture::new();
    let memory = f.memory(1024);
    let ids = f.ids(|| {
        let _ = f.map(memory, 1024, vk::WHOLE_SIZE);
    });
    assert_eq!(ids, ["VUID-vkMapMemory-offset-00679"]);
    let ids = f.ids(|| {
        let _ = f.map(memory, 512, 513);
    });
    assert_eq!(ids, ["VUID-vkMapMemory-size-00681"]);
    let ids = f.ids(|| assert_eq!(f.map2(memory, 1024, vk::WHOLE_SIZE), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryMapInfo-offset-07959"]);
    let ids = f.ids(|| assert_eq!(f.map2(memory, 512, 513), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryMapInfo-size-07961"]);
    // Up to the last byte.
    assert_eq!(f.ids(|| assert!(f.map(memory, 512, 512).is_ok())), NONE);
    f.unmap(memory);
    assert_eq!(f.ids(|| assert_eq!(f.map2(memory, 1023, vk::WHOLE_SIZE), vk::Result::SUCCESS)), NONE);
}

#[test]
fn unmapping_memory_that_is_not_mapped() {
    let f = Fixture::new();
    let memory = f.memory(1024);
    assert_eq!(f.ids(|| f.unmap(memory)), ["VUID-vkUnmapMemory-memory-00689"]);
    let ids = f.ids(|| assert_eq!(f.unmap2(memory), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryUnmapInfo-memory-07964"]);
    f.map(memory, 0, vk::WHOLE_SIZE).expect("vkMapMemory");
    assert_eq!(f.ids(|| f.unmap(memory)), NONE);
    f.map(memory, 0, vk::WHOLE_SIZE).expect("vkMapMemory");
    assert_eq!(f.ids(|| assert_eq!(f.unmap2(memory), vk::Result::SUCCESS)), NONE);
}

#[test]
fn flushing_and_invalidating_ranges_outside_the_mapping() {
    let f = Fixture::new();
    // SAFETY: this context's physical device.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let atom = limits.non_coherent_atom_size;
    assert_eq!(atom, 64, "lavapipe's nonCoherentAtomSize changed");
    let memory = f.memory(1024);
    let both = |offset, size| f.flush_and_invalidate(memory, offset, size);
    let twice = |id: &str| [vec![id.to_owned()], vec![id.to_owned()]];
    assert_eq!(both(0, vk::WHOLE_SIZE), twice("VUID-VkMappedMemoryRange-memory-00684"));
    f.map(memory, 0, 512).expect("vkMapMemory");
    assert_eq!(both(32, 64), twice("VUID-VkMappedMemoryRange-offset-00687"));
    assert_eq!(both(0, 576), twice("VUID-VkMappedMemoryRange-size-00685"));
    assert_eq!(both(576, vk::WHOLE_SIZE), twice("VUID-VkMappedMemoryRange-size-00686"));
    assert_eq!(both(0, 32), twice("VUID-VkMappedMemoryRange-size-01390"));
    // The last atom of the mapping, and all of it.
    assert_eq!(both(448, 64), [NONE, NONE]);
    assert_eq!(both(0, vk::WHOLE_SIZE), [NONE, NONE]);
    // A mapping that ends inside an atom, short of the end of the memory.
    f.unmap(memory);
    f.map(memory, 0, 100).expect("vkMapMemory");
    assert_eq!(both(0, vk::WHOLE_SIZE), twice("VUID-VkMappedMemoryRange-size-01389"));
    // At the end of the memory, neither the mapping nor a range needs to end on an atom.
    let odd = f.memory(1000);
    f.map(odd, 0, vk::WHOLE_SIZE).expect("vkMapMemory");
    assert_eq!(f.flush_and_invalidate(odd, 0, vk::WHOLE_SIZE), [NONE, NONE]);
    assert_eq!(f.flush_and_invalidate(odd, 960, 40), [NONE, NONE]);
}

#[test]
fn copying_between_buffers_without_their_usage_or_memory() {
    let f = Fixture::new();
    let cb = f.recording();
    let src = f.bound(256, Usage::TRANSFER_SRC);
    let dst = f.bound(256, Usage::TRANSFER_DST);
    let region = [copy(0, 0, 256)];
    let ids = f.copy_both(cb, f.bound(256, Usage::TRANSFER_DST), dst, &region);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-srcBuffer-00118"], ["VUID-VkCopyBufferInfo2-srcBuffer-00118"]]);
    let ids = f.copy_both(cb, src, f.bound(256, Usage::TRANSFER_SRC), &region);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-dstBuffer-00120"], ["VUID-VkCopyBufferInfo2-dstBuffer-00120"]]);
    let ids = f.copy_both(cb, f.buffer(256, Usage::TRANSFER_SRC), dst, &region);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-srcBuffer-00119"], ["VUID-VkCopyBufferInfo2-srcBuffer-00119"]]);
    let ids = f.copy_both(cb, src, f.buffer(256, Usage::TRANSFER_DST), &region);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-dstBuffer-00121"], ["VUID-VkCopyBufferInfo2-dstBuffer-00121"]]);
    assert_eq!(f.copy_both(cb, src, dst, &region), [NONE, NONE]);
}

/// Without protectedNoFault (lavapipe has no protected memory), an unprotected command buffer
/// copies from and to no protected buffer (`-commandBuffer-01822`, `-01823`). Lavapipe cannot
/// make a protected buffer validly: the test lets one through after Vigil reports its flag
/// (`VkBufferCreateInfo-flags-01887`), which lavapipe ignores, and binds it to lavapipe's
/// unprotected memory (`vkBindBufferMemory-None-01898`).
#[test]
fn copying_protected_buffers_in_an_unprotected_command_buffer() {
    let f = Fixture::new();
    let cb = f.recording();
    let both = Usage::TRANSFER_SRC | Usage::TRANSFER_DST;
    f.ctx.messages.skip_errors(false);
    let mut protected = vk::Buffer::null();
    let created =
        f.ctx.messages.problem_ids_of(|| protected = f.buffer_of(256, both, vk::BufferCreateFlags::PROTECTED));
    let memory = f.memory(f.requirements(protected).size);
    // Lavapipe's memory is not protected (Vigil reports it, and lets it through).
    // SAFETY: a fresh buffer and memory that fits it.
    let bound = f.ids(|| unsafe { f.d().bind_buffer_memory(protected, memory, 0) }.expect("vkBindBufferMemory"));
    f.ctx.messages.skip_errors(true);
    assert_eq!(created, ["VUID-VkBufferCreateInfo-flags-01887"]);
    assert_eq!(bound, ["VUID-vkBindBufferMemory-None-01898"]);
    let plain = f.bound(256, both);
    let region = [copy(0, 0, 256)];
    let id = |n: &str| {
        [[format!("VUID-vkCmdCopyBuffer-commandBuffer-{n}")], [format!("VUID-vkCmdCopyBuffer2-commandBuffer-{n}")]]
    };
    assert_eq!(f.copy_both(cb, protected, plain, &region), id("01822"));
    assert_eq!(f.copy_both(cb, plain, protected, &region), id("01823"));
    let other = f.bound(256, both);
    assert_eq!(f.copy_both(cb, plain, other, &region), [NONE, NONE]);
}

/// Without protectedNoFault, a protected command buffer copies to no unprotected buffer
/// (`-commandBuffer-01824`); it may read one. The device enables protectedMemory (the shim keeps
/// it from lavapipe, which makes the protected pool as any other); the protected destination is
/// bound to lavapipe's memory, which is not protected (Vigil reports it, and lets it through).
/// Nothing is submitted.
#[test]
fn copying_to_unprotected_buffers_in_a_protected_command_buffer() {
    let f = Fixture::of(context_of(true, false, true));
    let protected_cb = f.recording_of(vk::CommandPoolCreateFlags::PROTECTED);
    let both = Usage::TRANSFER_SRC | Usage::TRANSFER_DST;
    let mut protected = vk::Buffer::null();
    let created = f.ids(|| protected = f.buffer_of(256, both, vk::BufferCreateFlags::PROTECTED));
    assert_eq!(created, NONE);
    let memory = f.memory(f.requirements(protected).size);
    f.ctx.messages.skip_errors(false);
    // SAFETY: a fresh buffer and memory that fits it.
    let bound = f.ids(|| unsafe { f.d().bind_buffer_memory(protected, memory, 0) }.expect("vkBindBufferMemory"));
    f.ctx.messages.skip_errors(true);
    assert_eq!(bound, ["VUID-vkBindBufferMemory-None-01898"]);
    let (plain, other) = (f.bound(256, both), f.bound(256, both));
    let region = [copy(0, 0, 256)];
    let id = [["VUID-vkCmdCopyBuffer-commandBuffer-01824"], ["VUID-vkCmdCopyBuffer2-commandBuffer-01824"]];
    assert_eq!(f.copy_both(protected_cb, plain, other, &region), id);
    assert_eq!(f.copy_both(protected_cb, protected, other, &region), id);
    // The boundary: a protected destination, or an unprotected command buffer.
    assert_eq!(f.copy_both(protected_cb, plain, protected, &region), [NONE, NONE]);
    assert_eq!(f.copy_both(f.recording(), plain, other, &region), [NONE, NONE]);
}

#[test]
fn copy_regions_outside_the_buffers() {
    let f = Fixture::new();
    let cb = f.recording();
    let src = f.bound(256, Usage::TRANSFER_SRC);
    let dst = f.bound(256, Usage::TRANSFER_DST);
    let cases = [
        (copy(256, 0, 4), "srcOffset-00113"),
        (copy(0, 256, 4), "dstOffset-00114"),
        (copy(128, 0, 129), "size-00115"),
        (copy(0, 128, 129), "size-00116"),
    ];
    for (region, id) in cases {
        let ids = f.copy_both(cb, src, dst, &[region]);
        assert_eq!(
            ids,
            [[format!("VUID-vkCmdCopyBuffer-{id}")], [format!("VUID-VkCopyBufferInfo2-{id}")]],
            "{region:?}"
        );
    }
    // Up to the last byte of both.
    assert_eq!(f.copy_both(cb, src, dst, &[copy(128, 128, 128)]), [NONE, NONE]);
    // Two regions writing one byte.
    let ids = f.copy_both(cb, src, dst, &[copy(0, 0, 64), copy(64, 63, 64)]);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-pRegions-12482"], ["VUID-VkCopyBufferInfo2-pRegions-12482"]]);
    assert_eq!(f.copy_both(cb, src, dst, &[copy(0, 0, 64), copy(64, 64, 64)]), [NONE, NONE]);
}

#[test]
fn copies_whose_source_and_destination_overlap_in_memory() {
    let f = Fixture::new();
    let cb = f.recording();
    let both = Usage::TRANSFER_SRC | Usage::TRANSFER_DST;
    let one = f.bound(256, both);
    let ids = f.copy_both(cb, one, one, &[copy(0, 64, 128)]);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-pRegions-00117"], ["VUID-VkCopyBufferInfo2-pRegions-00117"]]);
    // Adjacent halves of one buffer do not overlap.
    assert_eq!(f.copy_both(cb, one, one, &[copy(0, 128, 128)]), [NONE, NONE]);
    // Two buffers bound to one memory object: the second starts one alignment in.
    let (a, b) = (f.buffer(256, both), f.buffer(256, both));
    let r = f.requirements(a);
    let memory = f.memory(r.size + r.alignment);
    // SAFETY: fresh buffers and memory with room for both.
    unsafe {
        f.d().bind_buffer_memory(a, memory, 0).expect("vkBindBufferMemory");
        f.d().bind_buffer_memory(b, memory, r.alignment).expect("vkBindBufferMemory");
    }
    let k = r.alignment.min(64);
    let ids = f.copy_both(cb, a, b, &[copy(r.alignment, 0, k)]);
    assert_eq!(ids, [["VUID-vkCmdCopyBuffer-pRegions-00117"], ["VUID-VkCopyBufferInfo2-pRegions-00117"]]);
    assert_eq!(f.copy_both(cb, a, b, &[copy(r.alignment - k, 0, k)]), [NONE, NONE]);
}

#[test]
fn filling_and_updating_outside_the_buffer_or_without_its_usage_or_memory() {
    let f = Fixture::new();
    let cb = f.recording();
    let dst = f.bound(256, Usage::TRANSFER_DST);
    let src_only = f.bound(256, Usage::TRANSFER_SRC);
    let unbound = f.buffer(256, Usage::TRANSFER_DST);
    let fill = |buffer, offset, size| {
        // SAFETY: a recording command buffer; invalid fills are skipped by Vigil.
        f.ids(|| unsafe { f.d().cmd_fill_buffer(cb, buffer, offset, size, 7) })
    };
    assert_eq!(fill(dst, 256, 4), ["VUID-vkCmdFillBuffer-dstOffset-00024"]);
    assert_eq!(fill(dst, 128, 132), ["VUID-vkCmdFillBuffer-size-00027"]);
    assert_eq!(fill(src_only, 0, 4), ["VUID-vkCmdFillBuffer-dstBuffer-00029"]);
    assert_eq!(fill(unbound, 0, 4), ["VUID-vkCmdFillBuffer-dstBuffer-00031"]);
    assert_eq!(fill(dst, 252, 4), NONE);
    assert_eq!(fill(dst, 128, vk::WHOLE_SIZE), NONE);
    let update = |buffer, offset, size: usize| {
        let data = vec![0u8; size];
        // SAFETY: a recording command buffer; invalid updates are skipped by Vigil.
        f.ids(|| unsafe { f.d().cmd_update_buffer(cb, buffer, offset, &data) })
    };
    assert_eq!(update(dst, 256, 4), ["VUID-vkCmdUpdateBuffer-dstOffset-00032"]);
    assert_eq!(update(dst, 128, 132), ["VUID-vkCmdUpdateBuffer-dataSize-00033"]);
    assert_eq!(update(src_only, 0, 4), ["VUID-vkCmdUpdateBuffer-dstBuffer-00034"]);
    assert_eq!(update(unbound, 0, 4), ["VUID-vkCmdUpdateBuffer-dstBuffer-00035"]);
    assert_eq!(update(dst, 128, 128), NONE);
}

#[test]
fn binding_index_and_vertex_buffers_outside_or_without_their_usage_or_memory() {
    let f = Fixture::new();
    let cb = f.recording();
    let index = f.bound(256, Usage::INDEX_BUFFER);
    let bind_index = |buffer, offset| {
        // SAFETY: a recording command buffer; invalid binds are skipped by Vigil.
        f.ids(|| unsafe { f.d().cmd_bind_index_buffer(cb, buffer, offset, vk::IndexType::UINT16) })
    };
    assert_eq!(bind_index(index, 256), ["VUID-vkCmdBindIndexBuffer-offset-08782"]);
    assert_eq!(bind_index(f.bound(256, Usage::VERTEX_BUFFER), 0), ["VUID-vkCmdBindIndexBuffer-buffer-08784"]);
    assert_eq!(bind_index(f.buffer(256, Usage::INDEX_BUFFER), 0), ["VUID-vkCmdBindIndexBuffer-buffer-08785"]);
    assert_eq!(bind_index(index, 254), NONE);
    let bind_index_of = |offset, ty| {
        // SAFETY: as above.
        f.ids(|| unsafe { f.d().cmd_bind_index_buffer(cb, index, offset, ty) })
    };
    assert_eq!(bind_index_of(1, vk::IndexType::UINT16), ["VUID-vkCmdBindIndexBuffer-offset-08783"]);
    assert_eq!(bind_index_of(2, vk::IndexType::UINT32), ["VUID-vkCmdBindIndexBuffer-offset-08783"]);
    assert_eq!(bind_index_of(4, vk::IndexType::UINT32), NONE);

    let vertex = f.bound(256, Usage::VERTEX_BUFFER);
    let bind_vertex = |buffer, offset| {
        // SAFETY: as above.
        f.ids(|| unsafe { f.d().cmd_bind_vertex_buffers(cb, 0, &[vertex, buffer], &[0, offset]) })
    };
    assert_eq!(bind_vertex(vertex, 256), ["VUID-vkCmdBindVertexBuffers-pOffsets-00626"]);
    assert_eq!(bind_vertex(index, 0), ["VUID-vkCmdBindVertexBuffers-pBuffers-00627"]);
    assert_eq!(bind_vertex(f.buffer(256, Usage::VERTEX_BUFFER), 0), ["VUID-vkCmdBindVertexBuffers-pBuffers-00628"]);
    assert_eq!(bind_vertex(vertex, 255), NONE);

    let bind_vertex2 = |buffer, offset, sizes: Option<&[u64]>| {
        // SAFETY: as above.
        f.ids(|| unsafe { f.d().cmd_bind_vertex_buffers2(cb, 0, &[buffer], &[offset], sizes, None) })
    };
    assert_eq!(bind_vertex2(vertex, 256, Some(&[4])), ["VUID-vkCmdBindVertexBuffers2-pOffsets-03357"]);
    assert_eq!(bind_vertex2(vertex, 128, Some(&[129])), ["VUID-vkCmdBindVertexBuffers2-pSizes-03358"]);
    assert_eq!(bind_vertex2(index, 0, None), ["VUID-vkCmdBindVertexBuffers2-pBuffers-03359"]);
    let unbound = f.buffer(256, Usage::VERTEX_BUFFER);
    assert_eq!(bind_vertex2(unbound, 0, None), ["VUID-vkCmdBindVertexBuffers2-pBuffers-03360"]);
    assert_eq!(bind_vertex2(vertex, 128, Some(&[128])), NONE);
    assert_eq!(bind_vertex2(vertex, 255, Some(&[vk::WHOLE_SIZE])), NONE);
}

#[test]
fn allocations_larger_than_their_heap_or_empty() {
    let f = Fixture::new();
    let ty = f.ctx.memory_type(!0, vk::MemoryPropertyFlags::HOST_VISIBLE);
    // SAFETY: a physical device of the instance.
    let properties = unsafe { f.ctx.instance.get_physical_device_memory_properties(f.ctx.physical_device) };
    let heap = properties.memory_heaps[properties.memory_types[ty as usize].heap_index as usize].size;
    assert_eq!(f.allocate(&f.allocate_info(heap + 1)), ["VUID-vkAllocateMemory-pAllocateInfo-01713"]);
    // Not the whole heap (lavapipe would try to give it): a size that fits.
    assert_eq!(f.allocate(&f.allocate_info(4096)), NONE);
    assert_eq!(f.allocate(&f.allocate_info(0)), ["VUID-VkMemoryAllocateInfo-allocationSize-07897"]);
    assert_eq!(f.allocate(&f.allocate_info(1)), NONE);
}

#[test]
fn allocation_flags_device_masks_and_capture_addresses() {
    use vk::MemoryAllocateFlags as Flags;
    let f = Fixture::new();
    let allocate_with = |flags: Flags, mask: u32, address: u64| {
        let mut flags_info = vk::MemoryAllocateFlagsInfo::default().flags(flags).device_mask(mask);
        let mut opaque = vk::MemoryOpaqueCaptureAddressAllocateInfo::default().opaque_capture_address(address);
        f.allocate(&f.allocate_info(4096).push_next(&mut flags_info).push_next(&mut opaque))
    };
    // lavapipe has no bufferDeviceAddressCaptureReplay to enable.
    let replay = Flags::DEVICE_ADDRESS | Flags::DEVICE_ADDRESS_CAPTURE_REPLAY;
    assert_eq!(allocate_with(replay, 0, 0), ["VUID-VkMemoryAllocateInfo-flags-03330"]);
    assert_eq!(allocate_with(Flags::DEVICE_ADDRESS, 0, 0), NONE);
    assert_eq!(
        allocate_with(Flags::DEVICE_ADDRESS, 0, 0x1000),
        ["VUID-VkMemoryAllocateInfo-opaqueCaptureAddress-03329"]
    );
    // A device of one physical device: its mask is bit 0.
    assert_eq!(allocate_with(Flags::DEVICE_MASK, 0, 0), ["VUID-VkMemoryAllocateFlagsInfo-deviceMask-00676"]);
    assert_eq!(allocate_with(Flags::DEVICE_MASK, 0b11, 0), ["VUID-VkMemoryAllocateFlagsInfo-deviceMask-00675"]);
    assert_eq!(allocate_with(Flags::DEVICE_MASK, 0b1, 0), NONE);
    // Without the mask bit, the mask is not read.
    assert_eq!(allocate_with(Flags::empty(), 0b11, 0), NONE);
}

#[test]
fn device_address_allocations_need_the_feature() {
    let f = Fixture::of(context_with(true, false));
    let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let ids = f.allocate(&f.allocate_info(4096).push_next(&mut flags));
    assert_eq!(ids, ["VUID-VkMemoryAllocateInfo-flags-03331"]);
    let mut flags = vk::MemoryAllocateFlagsInfo::default();
    assert_eq!(f.allocate(&f.allocate_info(4096).push_next(&mut flags)), NONE);
    // With the feature, the same allocation is valid.
    let f = Fixture::new();
    let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    assert_eq!(f.allocate(&f.allocate_info(4096).push_next(&mut flags)), NONE);
}

#[test]
fn dedicated_allocations_for_two_objects_sparse_ones_or_too_small() {
    let f = Fixture::new();
    let allocate_for = |image: vk::Image, buffer: vk::Buffer, size: u64| {
        let mut dedicated = vk::MemoryDedicatedAllocateInfo::default().image(image).buffer(buffer);
        f.allocate(&f.allocate_info(size).push_next(&mut dedicated))
    };
    let buffer = f.buffer(4096, Usage::TRANSFER_SRC);
    let buffer_size = f.requirements(buffer).size;
    let image = f.image(vk::ImageCreateFlags::empty());
    // SAFETY: a live image.
    let image_size = unsafe { f.d().get_image_memory_requirements(image) }.size;
    let ids = allocate_for(image, buffer, image_size.max(buffer_size));
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-image-01432"]);
    assert_eq!(
        allocate_for(image, vk::Buffer::null(), image_size - 1),
        ["VUID-VkMemoryDedicatedAllocateInfo-image-02964"]
    );
    assert_eq!(allocate_for(image, vk::Buffer::null(), image_size), NONE);
    let ids = allocate_for(vk::Image::null(), buffer, buffer_size - 1);
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-buffer-02965"]);
    assert_eq!(allocate_for(vk::Image::null(), buffer, buffer_size), NONE);

    let sparse_buffer = f.buffer_of(4096, Usage::TRANSFER_SRC, vk::BufferCreateFlags::SPARSE_BINDING);
    let ids = allocate_for(vk::Image::null(), sparse_buffer, buffer_size);
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-buffer-01436"]);
    let sparse_image = f.image(vk::ImageCreateFlags::SPARSE_BINDING);
    let ids = allocate_for(sparse_image, vk::Buffer::null(), image_size);
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-image-01434"]);

    // A two-plane image (lavapipe reports DISJOINT for the format), disjoint and not.
    let planar = |flags| f.image_of(vk::Format::G8_B8R8_2PLANE_420_UNORM, flags);
    let whole = planar(vk::ImageCreateFlags::empty());
    // SAFETY: a live image that is not disjoint.
    let size = unsafe { f.d().get_image_memory_requirements(whole) }.size;
    assert_eq!(allocate_for(whole, vk::Buffer::null(), size), NONE);
    let disjoint = planar(vk::ImageCreateFlags::DISJOINT);
    let ids = allocate_for(disjoint, vk::Buffer::null(), size);
    assert_eq!(ids, ["VUID-VkMemoryDedicatedAllocateInfo-image-01797"]);
}

#[test]
fn allocating_protected_memory_without_the_feature() {
    let f = Fixture::new();
    // SAFETY: this context's physical device.
    let props = unsafe { f.ctx.instance.get_physical_device_memory_properties(f.ctx.physical_device) };
    let protected = props.memory_type_count - 2;
    let flags = props.memory_types[protected as usize].property_flags;
    assert_eq!(flags, vk::MemoryPropertyFlags::PROTECTED, "the shim's protected memory type is missing");
    let info = vk::MemoryAllocateInfo::default().allocation_size(4096).memory_type_index(protected);
    assert_eq!(f.allocate(&info), ["VUID-VkMemoryAllocateInfo-memoryTypeIndex-01872"]);
    // The type before it is not protected.
    assert_eq!(f.allocate(&info.memory_type_index(protected - 1)), NONE);
}

#[test]
fn mapping_no_bytes_or_placed_with_vk_map_memory() {
    let f = Fixture::new();
    let memory = f.memory(1024);
    let ids = f.ids(|| assert_eq!(f.map(memory, 0, 0), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkMapMemory-size-00680"]);
    let ids = f.ids(|| assert_eq!(f.map2(memory, 0, 0), vk::Result::ERROR_VALIDATION_FAILED_EXT));
    assert_eq!(ids, ["VUID-VkMemoryMapInfo-size-07960"]);
    let placed = vk::MemoryMapFlags::from_raw(1); // VK_MEMORY_MAP_PLACED_BIT_EXT
                                                  // SAFETY: Vigil skips the invalid map.
    let ids = f.ids(|| assert!(unsafe { f.d().map_memory(memory, 0, vk::WHOLE_SIZE, placed) }.is_err()));
    // lavapipe has no VK_EXT_map_memory_placed, so the bit is not a valid flag at all either.
    assert_eq!(ids, ["VUID-vkMapMemory-flags-parameter", "VUID-vkMapMemory-flags-09568"]);
    // One byte, without the flag.
    assert_eq!(f.ids(|| assert!(f.map(memory, 0, 1).is_ok())), NONE);
    f.unmap(memory);
    assert_eq!(f.ids(|| assert_eq!(f.map2(memory, 0, 1), vk::Result::SUCCESS)), NONE);
}

#[test]
fn allocations_past_the_device_limit() {
    let f = Fixture::new();
    // SAFETY: a physical device of the instance.
    let limit = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }
        .limits
        .max_memory_allocation_count;
    assert_eq!(limit, 64, "the shim's lowered limit");
    let info = f.allocate_info(1024);
    let mut live = Vec::new();
    for _ in 0..limit {
        let ids = f.ids(|| {
            // SAFETY: a valid allocate info.
            live.push(unsafe { f.d().allocate_memory(&info, None) }.expect("vkAllocateMemory"));
        });
        assert_eq!(ids, NONE);
    }
    assert_eq!(f.allocate(&info), ["VUID-vkAllocateMemory-maxMemoryAllocationCount-04101"]);
    // SAFETY: memory this test allocated and no longer uses.
    unsafe { f.d().free_memory(live.pop().expect("an allocation"), None) };
    assert_eq!(f.allocate(&info), NONE);
}

#[test]
fn asking_the_commitment_of_memory_that_is_not_lazily_allocated() {
    let f = Fixture::new();
    let commitment = |memory| {
        // SAFETY: a live memory object; Vigil skips the invalid query.
        f.ids(|| {
            let _ = unsafe { f.d().get_device_memory_commitment(memory) };
        })
    };
    assert_eq!(commitment(f.memory(1 << 16)), ["VUID-vkGetDeviceMemoryCommitment-memory-00690"]);
    // SAFETY: this context's physical device.
    let props = unsafe { f.ctx.instance.get_physical_device_memory_properties(f.ctx.physical_device) };
    let lazy = props.memory_type_count - 1;
    let info = vk::MemoryAllocateInfo::default().allocation_size(1 << 16).memory_type_index(lazy);
    // SAFETY: a valid allocate info (the shim's lazily allocated type).
    let memory = unsafe { f.d().allocate_memory(&info, None) }.expect("vkAllocateMemory");
    assert_eq!(commitment(memory), NONE);
}

mod resources;
