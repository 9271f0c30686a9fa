//! Core validation of the image side of the transfer commands through the real loader on
//! lavapipe: copies between images and between buffers and images, blits, resolves and image
//! clears. Each image with the usage the command needs, bound to memory, of a format whose
//! features allow the command; each region's subresource among the image's mip levels and array
//! layers, of aspects its format has, inside the subresource; sample counts, formats and aspects
//! that agree; the layouts each command allows; a buffer copy's buffer, offset alignment and
//! bytes. Every case runs both versions of the command (`vkCmdCopyImage` and
//! `vkCmdCopyImage2`, ...): the exact ids of the invalid call (skipped, so it never reaches
//! lavapipe), then the valid neighbour at the boundary, which reports nothing.
//!
//! lavapipe's format features give the blit cases their formats: B10G11R11_UFLOAT_PACK32 has no
//! BLIT_DST, R8G8B8A8_UINT no SAMPLED_IMAGE_FILTER_LINEAR, G8_B8_R8_3PLANE_444_UNORM no BLIT_SRC.
//! The test-only driver shim below Vigil (`no-transfer-format-features`) reports a feature fewer
//! for four formats, for the other format feature rules: R8G8B8A8_SNORM without TRANSFER_SRC,
//! R16G16B16A16_SNORM and X8_D24_UNORM_PACK32 without TRANSFER_DST, R8G8_SNORM without
//! COLOR_ATTACHMENT (lavapipe itself supports them all).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

use vk::BufferUsageFlags as BU;
use vk::Format as F;
use vk::ImageAspectFlags as A;
use vk::ImageLayout as L;
use vk::ImageUsageFlags as U;

const NONE: [&str; 0] = [];
const GENERAL: L = L::GENERAL;
const COLOR_USAGE: U = U::from_raw(U::TRANSFER_SRC.as_raw() | U::TRANSFER_DST.as_raw());

fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

/// How an image is made.
#[derive(Clone, Copy)]
struct Desc {
    format: vk::Format,
    usage: U,
    extent: [u32; 3],
    levels: u32,
    layers: u32,
    samples: vk::SampleCountFlags,
    ty: vk::ImageType,
    bound: bool,
}

impl Desc {
    /// A 16x16 single-sampled 2D image of `format`, one level and layer, for transfers both ways.
    fn new(format: vk::Format) -> Self {
        Desc {
            format,
            usage: COLOR_USAGE,
            extent: [16, 16, 1],
            levels: 1,
            layers: 1,
            samples: vk::SampleCountFlags::TYPE_1,
            ty: vk::ImageType::TYPE_2D,
            bound: true,
        }
    }
    fn usage(self, usage: U) -> Self {
        Desc { usage, ..self }
    }
    fn levels(self, levels: u32) -> Self {
        Desc { levels, ..self }
    }
    fn layers(self, layers: u32) -> Self {
        Desc { layers, ..self }
    }
    fn samples(self, samples: vk::SampleCountFlags) -> Self {
        // Multisampled images are attachments too (what lavapipe supports them for).
        let extra = if self.format == F::D32_SFLOAT { U::DEPTH_STENCIL_ATTACHMENT } else { U::COLOR_ATTACHMENT };
        Desc { samples, usage: self.usage | extra, ..self }
    }
    fn volume(self, depth: u32) -> Self {
        Desc { ty: vk::ImageType::TYPE_3D, extent: [16, 16, depth], ..self }
    }
    fn size(self, width: u32, height: u32) -> Self {
        Desc { extent: [width, height, self.extent[2]], ..self }
    }
    fn unbound(self) -> Self {
        Desc { bound: false, ..self }
    }
}

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    cb: vk::CommandBuffer,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim("no-transfer-format-features").entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        // Invalid calls are skipped: they never reach lavapipe.
        ctx.messages.skip_errors(true);
        let d = &ctx.device;
        let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
        // SAFETY: valid create, allocate and begin infos.
        let pool = unsafe { d.create_command_pool(&pool_info, None) }.expect("vkCreateCommandPool");
        let mut f = Fixture { ctx, pool, cb: vk::CommandBuffer::null() };
        f.cb = f.recording();
        f
    }

    /// A primary command buffer, recording (never submitted).
    fn recording(&self) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1);
        // SAFETY: valid allocate and begin infos.
        unsafe {
            let cb = self.d().allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            self.d().begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            cb
        }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        reported(&self.ctx.messages, call)
    }

    fn memory(&self, r: vk::MemoryRequirements) -> vk::DeviceMemory {
        let ty = self.ctx.memory_type(r.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let info = vk::MemoryAllocateInfo::default().allocation_size(r.size).memory_type_index(ty);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    fn image(&self, desc: Desc) -> vk::Image {
        let [width, height, depth] = desc.extent;
        let info = vk::ImageCreateInfo::default()
            .image_type(desc.ty)
            .format(desc.format)
            .extent(vk::Extent3D { width, height, depth })
            .mip_levels(desc.levels)
            .array_layers(desc.layers)
            .samples(desc.samples)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(desc.usage);
        // SAFETY: a valid create info; memory sized for the image.
        unsafe {
            let image = self.d().create_image(&info, None).expect("vkCreateImage");
            if desc.bound {
                let memory = self.memory(self.d().get_image_memory_requirements(image));
                self.d().bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            }
            image
        }
    }

    fn buffer(&self, size: u64, usage: BU, bound: bool) -> vk::Buffer {
        let info = vk::BufferCreateInfo::default().size(size).usage(usage);
        // SAFETY: a valid create info; memory sized for the buffer.
        unsafe {
            let buffer = self.d().create_buffer(&info, None).expect("vkCreateBuffer");
            if bound {
                let memory = self.memory(self.d().get_buffer_memory_requirements(buffer));
                self.d().bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            }
            buffer
        }
    }

    /// vkCmdCopyImage, then vkCmdCopyImage2.
    fn copy(&self, src: (vk::Image, L), dst: (vk::Image, L), r: vk::ImageCopy) -> [Vec<String>; 2] {
        self.copy_many(src, dst, &[r])
    }

    /// vkCmdCopyImage, then vkCmdCopyImage2, with several regions.
    fn copy_many(
        &self,
        (src, src_layout): (vk::Image, L),
        (dst, dst_layout): (vk::Image, L),
        rs: &[vk::ImageCopy],
    ) -> [Vec<String>; 2] {
        let r2: Vec<_> = rs
            .iter()
            .map(|r| {
                vk::ImageCopy2::default()
                    .src_subresource(r.src_subresource)
                    .src_offset(r.src_offset)
                    .dst_subresource(r.dst_subresource)
                    .dst_offset(r.dst_offset)
                    .extent(r.extent)
            })
            .collect();
        let info = vk::CopyImageInfo2::default()
            .src_image(src)
            .src_image_layout(src_layout)
            .dst_image(dst)
            .dst_image_layout(dst_layout)
            .regions(&r2);
        // SAFETY (both): a recording command buffer; invalid copies are skipped by Vigil.
        [
            self.ids(|| unsafe { self.d().cmd_copy_image(self.cb, src, src_layout, dst, dst_layout, rs) }),
            self.ids(|| unsafe { self.d().cmd_copy_image2(self.cb, &info) }),
        ]
    }

    /// vkCmdCopyBufferToImage, then vkCmdCopyBufferToImage2.
    fn to_image(&self, buffer: vk::Buffer, image: (vk::Image, L), r: vk::BufferImageCopy) -> [Vec<String>; 2] {
        self.to_image_many(buffer, image, &[r])
    }

    /// vkCmdCopyBufferToImage, then vkCmdCopyBufferToImage2, with several regions.
    fn to_image_many(
        &self,
        buffer: vk::Buffer,
        (image, layout): (vk::Image, L),
        rs: &[vk::BufferImageCopy],
    ) -> [Vec<String>; 2] {
        let r2: Vec<_> = rs.iter().map(region2).collect();
        let info = vk::CopyBufferToImageInfo2::default()
            .src_buffer(buffer)
            .dst_image(image)
            .dst_image_layout(layout)
            .regions(&r2);
        // SAFETY (both): as for `copy`.
        [
            self.ids(|| unsafe { self.d().cmd_copy_buffer_to_image(self.cb, buffer, image, layout, rs) }),
            self.ids(|| unsafe { self.d().cmd_copy_buffer_to_image2(self.cb, &info) }),
        ]
    }

    /// vkCmdCopyImageToBuffer, then vkCmdCopyImageToBuffer2.
    fn to_buffer(
        &self,
        (image, layout): (vk::Image, L),
        buffer: vk::Buffer,
        r: vk::BufferImageCopy,
    ) -> [Vec<String>; 2] {
        let r2 = [region2(&r)];
        let info = vk::CopyImageToBufferInfo2::default()
            .src_image(image)
            .src_image_layout(layout)
            .dst_buffer(buffer)
            .regions(&r2);
        // SAFETY (both): as for `copy`.
        [
            self.ids(|| unsafe { self.d().cmd_copy_image_to_buffer(self.cb, image, layout, buffer, &[r]) }),
            self.ids(|| unsafe { self.d().cmd_copy_image_to_buffer2(self.cb, &info) }),
        ]
    }

    /// vkCmdBlitImage, then vkCmdBlitImage2.
    fn blit(
        &self,
        (src, sl): (vk::Image, L),
        (dst, dl): (vk::Image, L),
        r: vk::ImageBlit,
        filter: vk::Filter,
    ) -> [Vec<String>; 2] {
        let r2 = [vk::ImageBlit2::default()
            .src_subresource(r.src_subresource)
            .src_offsets(r.src_offsets)
            .dst_subresource(r.dst_subresource)
            .dst_offsets(r.dst_offsets)];
        let info = vk::BlitImageInfo2::default()
            .src_image(src)
            .src_image_layout(sl)
            .dst_image(dst)
            .dst_image_layout(dl)
            .regions(&r2)
            .filter(filter);
        // SAFETY (both): as for `copy`.
        [
            self.ids(|| unsafe { self.d().cmd_blit_image(self.cb, src, sl, dst, dl, &[r], filter) }),
            self.ids(|| unsafe { self.d().cmd_blit_image2(self.cb, &info) }),
        ]
    }

    /// vkCmdResolveImage, then vkCmdResolveImage2.
    fn resolve(&self, (src, sl): (vk::Image, L), (dst, dl): (vk::Image, L), r: vk::ImageResolve) -> [Vec<String>; 2] {
        let r2 = [vk::ImageResolve2::default()
            .src_subresource(r.src_subresource)
            .src_offset(r.src_offset)
            .dst_subresource(r.dst_subresource)
            .dst_offset(r.dst_offset)
            .extent(r.extent)];
        let info = vk::ResolveImageInfo2::default()
            .src_image(src)
            .src_image_layout(sl)
            .dst_image(dst)
            .dst_image_layout(dl)
            .regions(&r2);
        // SAFETY (both): as for `copy`.
        [
            self.ids(|| unsafe { self.d().cmd_resolve_image(self.cb, src, sl, dst, dl, &[r]) }),
            self.ids(|| unsafe { self.d().cmd_resolve_image2(self.cb, &info) }),
        ]
    }

    fn clear_color(&self, image: vk::Image, layout: L, range: vk::ImageSubresourceRange) -> Vec<String> {
        let color = vk::ClearColorValue { float32: [0.0; 4] };
        // SAFETY: a recording command buffer; invalid clears are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_clear_color_image(self.cb, image, layout, &color, &[range]) })
    }

    fn clear_depth(&self, image: vk::Image, layout: L, range: vk::ImageSubresourceRange) -> Vec<String> {
        let value = vk::ClearDepthStencilValue { depth: 0.0, stencil: 0 };
        // SAFETY: as for `clear_color`.
        self.ids(|| unsafe { self.d().cmd_clear_depth_stencil_image(self.cb, image, layout, &value, &[range]) })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // The cases leave their objects to vkDestroyDevice (reported as leaks, not skipped).
        self.ctx.messages.skip_errors(false);
    }
}

fn region2(r: &vk::BufferImageCopy) -> vk::BufferImageCopy2<'static> {
    vk::BufferImageCopy2::default()
        .buffer_offset(r.buffer_offset)
        .buffer_row_length(r.buffer_row_length)
        .buffer_image_height(r.buffer_image_height)
        .image_subresource(r.image_subresource)
        .image_offset(r.image_offset)
        .image_extent(r.image_extent)
}

fn layers(aspect: A, level: u32, base: u32, count: u32) -> vk::ImageSubresourceLayers {
    vk::ImageSubresourceLayers { aspect_mask: aspect, mip_level: level, base_array_layer: base, layer_count: count }
}

fn color() -> vk::ImageSubresourceLayers {
    layers(A::COLOR, 0, 0, 1)
}

fn offset(x: i32, y: i32, z: i32) -> vk::Offset3D {
    vk::Offset3D { x, y, z }
}

fn extent(width: u32, height: u32, depth: u32) -> vk::Extent3D {
    vk::Extent3D { width, height, depth }
}

fn range(aspect: A, base_level: u32, levels: u32, base_layer: u32, layer_count: u32) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: aspect,
        base_mip_level: base_level,
        level_count: levels,
        base_array_layer: base_layer,
        layer_count,
    }
}

/// The ids `[vkCmdX-suffix, VkXInfo2-suffix]` of one rule.
fn both(command: &str, info: &str, suffix: &str) -> [Vec<String>; 2] {
    [vec![format!("VUID-{command}-{suffix}")], vec![format!("VUID-{info}-{suffix}")]]
}

/// As [`both`], for several ids at once.
fn both_of(command: &str, info: &str, suffixes: &[&str]) -> [Vec<String>; 2] {
    [
        suffixes.iter().map(|s| format!("VUID-{command}-{s}")).collect(),
        suffixes.iter().map(|s| format!("VUID-{info}-{s}")).collect(),
    ]
}

const CLEAN: [[&str; 0]; 2] = [NONE, NONE];

fn image_copy(
    src: vk::ImageSubresourceLayers,
    so: vk::Offset3D,
    dst: vk::ImageSubresourceLayers,
    d: vk::Offset3D,
    e: vk::Extent3D,
) -> vk::ImageCopy {
    vk::ImageCopy { src_subresource: src, src_offset: so, dst_subresource: dst, dst_offset: d, extent: e }
}

#[test]
fn copies_between_images() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdCopyImage", "VkCopyImageInfo2", suffix);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let (src, dst) = (f.image(rgba), f.image(rgba));
    let full = image_copy(color(), offset(0, 0, 0), color(), offset(0, 0, 0), extent(16, 16, 1));
    let g = |i| (i, GENERAL);
    assert_eq!(f.copy(g(src), g(dst), full), CLEAN);

    // Usage and memory.
    assert_eq!(f.copy(g(f.image(rgba.usage(U::TRANSFER_DST))), g(dst), full), id("aspect-06662"));
    assert_eq!(f.copy(g(src), g(f.image(rgba.usage(U::TRANSFER_SRC))), full), id("aspect-06663"));
    assert_eq!(f.copy(g(f.image(rgba.unbound())), g(dst), full), id("srcImage-07966"));
    assert_eq!(f.copy(g(src), g(f.image(rgba.unbound())), full), id("dstImage-07966"));

    // Subresources: mip levels and array layers.
    let (src2, dst2) = (f.image(rgba.levels(2).layers(2)), f.image(rgba.levels(2).layers(2)));
    let at = |s: vk::ImageSubresourceLayers, d: vk::ImageSubresourceLayers| {
        image_copy(s, offset(0, 0, 0), d, offset(0, 0, 0), extent(8, 8, 1))
    };
    assert_eq!(
        f.copy(g(src2), g(dst2), at(layers(A::COLOR, 2, 0, 1), layers(A::COLOR, 1, 0, 1))),
        id("srcSubresource-07967")
    );
    assert_eq!(
        f.copy(g(src2), g(dst2), at(layers(A::COLOR, 1, 0, 1), layers(A::COLOR, 2, 0, 1))),
        id("dstSubresource-07967")
    );
    assert_eq!(f.copy(g(src2), g(dst2), at(layers(A::COLOR, 1, 0, 1), layers(A::COLOR, 1, 0, 1))), CLEAN);
    assert_eq!(
        f.copy(g(src2), g(dst2), at(layers(A::COLOR, 0, 1, 2), layers(A::COLOR, 0, 0, 2))),
        id("srcSubresource-07968")
    );
    assert_eq!(
        f.copy(g(src2), g(dst2), at(layers(A::COLOR, 0, 0, 2), layers(A::COLOR, 0, 1, 2))),
        id("dstSubresource-07968")
    );
    assert_eq!(f.copy(g(src2), g(dst2), at(layers(A::COLOR, 0, 0, 2), layers(A::COLOR, 0, 0, 2))), CLEAN);
    // The extent of mip level 1 is 8x8.
    let level1 =
        |o: vk::Offset3D, e| image_copy(layers(A::COLOR, 1, 0, 1), o, layers(A::COLOR, 1, 0, 1), offset(0, 0, 0), e);
    assert_eq!(f.copy(g(src2), g(dst2), level1(offset(1, 0, 0), extent(8, 8, 1))), id("srcOffset-00144"));
    assert_eq!(f.copy(g(src2), g(dst2), level1(offset(0, 0, 0), extent(8, 8, 1))), CLEAN);

    // Aspects the formats have, and that match.
    let (depth, float) = (f.image(Desc::new(F::D32_SFLOAT)), f.image(Desc::new(F::R32_SFLOAT)));
    let aspects =
        |s, d| image_copy(layers(s, 0, 0, 1), offset(0, 0, 0), layers(d, 0, 0, 1), offset(0, 0, 0), extent(16, 16, 1));
    assert_eq!(f.copy(g(float), g(depth), aspects(A::DEPTH, A::DEPTH)), id("aspectMask-00142"));
    assert_eq!(f.copy(g(depth), g(float), aspects(A::DEPTH, A::DEPTH)), id("aspectMask-00143"));
    assert_eq!(f.copy(g(depth), g(float), aspects(A::DEPTH, A::COLOR)), id("srcImage-01551"));
    assert_eq!(f.copy(g(depth), g(f.image(Desc::new(F::D32_SFLOAT))), aspects(A::DEPTH, A::DEPTH)), CLEAN);

    // Offsets and extents inside the subresources.
    let moved = |so, d, e| image_copy(color(), so, color(), d, e);
    assert_eq!(f.copy(g(src), g(dst), moved(offset(9, 0, 0), offset(0, 0, 0), extent(8, 8, 1))), id("srcOffset-00144"));
    assert_eq!(f.copy(g(src), g(dst), moved(offset(0, 9, 0), offset(0, 0, 0), extent(8, 8, 1))), id("srcOffset-00145"));
    assert_eq!(f.copy(g(src), g(dst), moved(offset(0, 0, 0), offset(9, 0, 0), extent(8, 8, 1))), id("dstOffset-00150"));
    assert_eq!(f.copy(g(src), g(dst), moved(offset(0, 0, 0), offset(0, 9, 0), extent(8, 8, 1))), id("dstOffset-00151"));
    assert_eq!(f.copy(g(src), g(dst), moved(offset(8, 8, 0), offset(8, 8, 0), extent(8, 8, 1))), CLEAN);
    let (v1, v2) = (f.image(rgba.volume(4)), f.image(rgba.volume(4)));
    assert_eq!(f.copy(g(v1), g(v2), moved(offset(0, 0, 1), offset(0, 0, 0), extent(16, 16, 4))), id("srcOffset-00147"));
    assert_eq!(f.copy(g(v1), g(v2), moved(offset(0, 0, 0), offset(0, 0, 1), extent(16, 16, 4))), id("dstOffset-00153"));
    assert_eq!(f.copy(g(v1), g(v2), moved(offset(0, 0, 1), offset(0, 0, 1), extent(16, 16, 3))), CLEAN);

    // Sample counts and formats.
    let four = f.image(rgba.samples(vk::SampleCountFlags::TYPE_4));
    let four_too = f.image(rgba.samples(vk::SampleCountFlags::TYPE_4));
    assert_eq!(f.copy(g(four), g(dst), full), id("srcImage-00136"));
    assert_eq!(f.copy(g(four), g(four_too), full), CLEAN);
    let wide = f.image(Desc::new(F::R16G16B16A16_UNORM));
    assert_eq!(f.copy(g(src), g(wide), full), id("srcImage-01548"));
    assert_eq!(f.copy(g(src), g(f.image(Desc::new(F::R32_UINT))), full), CLEAN);

    // Layouts.
    // Layouts (of images this recording has not used: it expects no layout of them yet).
    let (src, dst) = (f.image(rgba), f.image(rgba));
    let read_only = L::SHADER_READ_ONLY_OPTIMAL;
    assert_eq!(f.copy((src, read_only), (dst, L::TRANSFER_DST_OPTIMAL), full), id("srcImageLayout-01917"));
    assert_eq!(
        f.copy((src, L::TRANSFER_SRC_OPTIMAL), (dst, L::TRANSFER_SRC_OPTIMAL), full),
        id("dstImageLayout-01395")
    );
    assert_eq!(f.copy((src, L::TRANSFER_SRC_OPTIMAL), (dst, L::TRANSFER_DST_OPTIMAL), full), CLEAN);
}

fn buffer_copy(offset_: u64, sub: vk::ImageSubresourceLayers, o: vk::Offset3D, e: vk::Extent3D) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: offset_,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: sub,
        image_offset: o,
        image_extent: e,
    }
}

#[test]
fn copies_between_buffers_and_images() {
    let f = Fixture::new();
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let g = |i| (i, GENERAL);
    let both_ways = BU::TRANSFER_SRC | BU::TRANSFER_DST;
    let buffer = f.buffer(1024, both_ways, true);
    let image = f.image(rgba.levels(2).layers(2));
    let full = buffer_copy(0, color(), offset(0, 0, 0), extent(16, 16, 1));
    assert_eq!(f.to_image(buffer, g(image), full), CLEAN);
    assert_eq!(f.to_buffer(g(image), buffer, full), CLEAN);

    // The ids of buffer-to-image and image-to-buffer copies, each in both versions.
    let to_image = |s: &str| both("vkCmdCopyBufferToImage", "VkCopyBufferToImageInfo2", s);
    let to_buffer = |s: &str| both("vkCmdCopyImageToBuffer", "VkCopyImageToBufferInfo2", s);
    let check = |r: vk::BufferImageCopy, img: vk::Image, buf: vk::Buffer, into_image: &str, into_buffer: &str| {
        assert_eq!(f.to_image(buf, g(img), r), to_image(into_image), "{r:?}");
        assert_eq!(f.to_buffer(g(img), buf, r), to_buffer(into_buffer), "{r:?}");
    };

    // The buffer: usage, memory, room for the region.
    let dst_only = f.buffer(1024, BU::TRANSFER_DST, true);
    assert_eq!(f.to_image(dst_only, g(image), full), to_image("srcBuffer-00174"));
    let src_only = f.buffer(1024, BU::TRANSFER_SRC, true);
    assert_eq!(f.to_buffer(g(image), src_only, full), to_buffer("dstBuffer-00191"));
    check(full, image, f.buffer(1024, both_ways, false), "srcBuffer-00176", "dstBuffer-00192");
    check(
        buffer_copy(4, color(), offset(0, 0, 0), extent(16, 16, 1)),
        image,
        buffer,
        "pRegions-00171",
        "pRegions-00183",
    );
    // 15 full rows and 15 texels of the 16th from byte 4 end at the buffer's last byte.
    let short = buffer_copy(4, color(), offset(0, 0, 0), extent(15, 16, 1));
    let long_rows = vk::BufferImageCopy { buffer_row_length: 16, ..short };
    assert_eq!(f.to_image(buffer, g(image), long_rows), CLEAN);
    assert_eq!(f.to_buffer(g(image), buffer, long_rows), CLEAN);
    // Rows of 17 texels do not fit.
    let longer_rows = vk::BufferImageCopy { buffer_row_length: 17, ..short };
    check(longer_rows, image, buffer, "pRegions-00171", "pRegions-00183");

    // The image: usage, memory, samples.
    let tr_src = f.image(rgba.usage(U::TRANSFER_SRC));
    let tr_dst = f.image(rgba.usage(U::TRANSFER_DST));
    assert_eq!(f.to_image(buffer, g(tr_src), full), to_image("dstImage-00177"));
    assert_eq!(f.to_buffer(g(tr_dst), buffer, full), to_buffer("srcImage-00186"));
    check(full, f.image(rgba.unbound()), buffer, "dstImage-07966", "srcImage-07966");
    let four = f.image(rgba.samples(vk::SampleCountFlags::TYPE_4));
    check(full, four, buffer, "dstImage-07973", "srcImage-07973");

    // Subresources and the region inside them (mip level 1 is 8x8).
    check(
        buffer_copy(0, layers(A::COLOR, 2, 0, 1), offset(0, 0, 0), extent(1, 1, 1)),
        image,
        buffer,
        "imageSubresource-07967",
        "imageSubresource-07967",
    );
    check(
        buffer_copy(0, layers(A::COLOR, 0, 1, 2), offset(0, 0, 0), extent(1, 1, 1)),
        image,
        buffer,
        "imageSubresource-07968",
        "imageSubresource-07968",
    );
    check(
        buffer_copy(0, layers(A::DEPTH, 0, 0, 1), offset(0, 0, 0), extent(1, 1, 1)),
        image,
        buffer,
        "imageSubresource-09105",
        "imageSubresource-09105",
    );
    let level1 = |o, e| buffer_copy(0, layers(A::COLOR, 1, 1, 1), o, e);
    let pair = |a: &str, b: &str, c: &str, d: &str| {
        [[vec![a.to_string()], vec![b.to_string()]], [vec![c.to_string()], vec![d.to_string()]]]
    };
    let both_ways_ids = |r: vk::BufferImageCopy| [f.to_image(buffer, g(image), r), f.to_buffer(g(image), buffer, r)];
    assert_eq!(
        both_ways_ids(level1(offset(1, 0, 0), extent(8, 8, 1))),
        pair(
            "VUID-vkCmdCopyBufferToImage-imageSubresource-07971",
            "VUID-VkCopyBufferToImageInfo2-pRegions-06223",
            "VUID-vkCmdCopyImageToBuffer-imageSubresource-07971",
            "VUID-VkCopyImageToBufferInfo2-imageOffset-00197"
        )
    );
    assert_eq!(
        both_ways_ids(level1(offset(0, 1, 0), extent(8, 8, 1))),
        pair(
            "VUID-vkCmdCopyBufferToImage-imageSubresource-07972",
            "VUID-VkCopyBufferToImageInfo2-pRegions-06224",
            "VUID-vkCmdCopyImageToBuffer-imageSubresource-07972",
            "VUID-VkCopyImageToBufferInfo2-imageOffset-00198"
        )
    );
    // A 2D image's z offset 0 and depth 1 (outside its one slice, too).
    let flat = level1(offset(0, 0, 1), extent(8, 8, 1));
    assert_eq!(
        f.to_image(buffer, g(image), flat),
        both_of("vkCmdCopyBufferToImage", "VkCopyBufferToImageInfo2", &["imageOffset-09104", "dstImage-07980"])
    );
    assert_eq!(
        f.to_buffer(g(image), buffer, flat),
        both_of("vkCmdCopyImageToBuffer", "VkCopyImageToBufferInfo2", &["imageOffset-09104", "srcImage-07980"])
    );
    assert_eq!(both_ways_ids(level1(offset(4, 4, 0), extent(4, 4, 1))), [CLEAN, CLEAN]);

    // bufferOffset: a multiple of the texel block size, or of 4 for depth/stencil formats.
    check(buffer_copy(2, color(), offset(0, 0, 0), extent(4, 4, 1)), image, buffer, "dstImage-07975", "srcImage-07975");
    assert_eq!(both_ways_ids(buffer_copy(4, color(), offset(0, 0, 0), extent(4, 4, 1))), [CLEAN, CLEAN]);
    let depth = f.image(Desc::new(F::D16_UNORM));
    let d = |o| buffer_copy(o, layers(A::DEPTH, 0, 0, 1), offset(0, 0, 0), extent(16, 16, 1));
    check(d(2), depth, buffer, "dstImage-07978", "srcImage-07978");
    assert_eq!([f.to_image(buffer, g(depth), d(4)), f.to_buffer(g(depth), buffer, d(4))], [CLEAN, CLEAN]);
    // 16x16 texels of 2 bytes from byte 512: the last byte of the buffer.
    assert_eq!([f.to_image(buffer, g(depth), d(512)), f.to_buffer(g(depth), buffer, d(512))], [CLEAN, CLEAN]);
    check(d(516), depth, buffer, "pRegions-00171", "pRegions-00183");

    // Layouts (of images this recording has not used).
    let (a, b) = (f.image(rgba), f.image(rgba));
    let read_only = L::SHADER_READ_ONLY_OPTIMAL;
    assert_eq!(f.to_image(buffer, (a, read_only), full), to_image("dstImageLayout-01396"));
    assert_eq!(f.to_buffer((b, read_only), buffer, full), to_buffer("srcImageLayout-01397"));
    assert_eq!(f.to_image(buffer, (a, L::TRANSFER_DST_OPTIMAL), full), CLEAN);
    assert_eq!(f.to_buffer((b, L::TRANSFER_SRC_OPTIMAL), buffer, full), CLEAN);
}

fn image_blit(
    src: vk::ImageSubresourceLayers,
    s: [vk::Offset3D; 2],
    dst: vk::ImageSubresourceLayers,
    d: [vk::Offset3D; 2],
) -> vk::ImageBlit {
    vk::ImageBlit { src_subresource: src, src_offsets: s, dst_subresource: dst, dst_offsets: d }
}

/// A blit region over `[0, 0, 0]..[x, y, 1]` of both images.
fn square(x: i32, y: i32) -> [vk::Offset3D; 2] {
    [offset(0, 0, 0), offset(x, y, 1)]
}

#[test]
fn blits() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdBlitImage", "VkBlitImageInfo2", suffix);
    let g = |i| (i, GENERAL);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let (src, dst) = (f.image(rgba.levels(2).layers(2)), f.image(rgba.levels(2).layers(2)));
    let full = image_blit(color(), square(16, 16), color(), square(8, 8));
    let linear = vk::Filter::LINEAR;
    let nearest = vk::Filter::NEAREST;
    assert_eq!(f.blit(g(src), g(dst), full, linear), CLEAN);

    // Usage, memory, samples.
    assert_eq!(f.blit(g(f.image(rgba.usage(U::TRANSFER_DST))), g(dst), full, linear), id("srcImage-00219"));
    assert_eq!(f.blit(g(src), g(f.image(rgba.usage(U::TRANSFER_SRC))), full, linear), id("dstImage-00224"));
    assert_eq!(f.blit(g(f.image(rgba.unbound())), g(dst), full, linear), id("srcImage-00220"));
    assert_eq!(f.blit(g(src), g(f.image(rgba.unbound())), full, linear), id("dstImage-00225"));
    let four = f.image(rgba.samples(vk::SampleCountFlags::TYPE_4));
    assert_eq!(f.blit(g(four), g(dst), full, linear), id("srcImage-00233"));
    assert_eq!(f.blit(g(src), g(four), full, linear), id("dstImage-00234"));

    // Format features (lavapipe's) and formats.
    let planar = f.image(Desc::new(F::G8_B8_R8_3PLANE_444_UNORM));
    assert_eq!(f.blit(g(planar), g(dst), full, nearest), id("srcImage-01999"));
    let packed = f.image(Desc::new(F::B10G11R11_UFLOAT_PACK32));
    assert_eq!(f.blit(g(src), g(packed), full, linear), id("dstImage-02000"));
    assert_eq!(f.blit(g(packed), g(dst), full, linear), CLEAN);
    let (uint, uint_too) = (f.image(Desc::new(F::R8G8B8A8_UINT)), f.image(Desc::new(F::R8G8B8A8_UINT)));
    assert_eq!(f.blit(g(uint), g(uint_too), full, linear), id("filter-02001"));
    assert_eq!(f.blit(g(uint), g(uint_too), full, nearest), CLEAN);
    assert_eq!(f.blit(g(uint), g(dst), full, nearest), id("srcImage-00230"));
    let sint = f.image(Desc::new(F::R8G8B8A8_SINT));
    assert_eq!(f.blit(g(sint), g(dst), full, nearest), id("srcImage-00229"));
    assert_eq!(f.blit(g(sint), g(f.image(Desc::new(F::R16G16B16A16_SINT))), full, nearest), CLEAN);
    let (d32, d32_too, d16) =
        (f.image(Desc::new(F::D32_SFLOAT)), f.image(Desc::new(F::D32_SFLOAT)), f.image(Desc::new(F::D16_UNORM)));
    let depth = layers(A::DEPTH, 0, 0, 1);
    let depth_blit = image_blit(depth, square(16, 16), depth, square(8, 8));
    assert_eq!(f.blit(g(d32), g(d16), depth_blit, nearest), id("srcImage-00231"));
    assert_eq!(f.blit(g(d32), g(d32_too), depth_blit, linear), id("srcImage-00232"));
    assert_eq!(f.blit(g(d32), g(d32_too), depth_blit, nearest), CLEAN);

    // Subresources and offsets (mip level 1 is 8x8).
    let sub = |s, d| image_blit(s, square(8, 8), d, square(8, 8));
    assert_eq!(f.blit(g(src), g(dst), sub(layers(A::COLOR, 2, 0, 1), color()), linear), id("srcSubresource-01705"));
    assert_eq!(f.blit(g(src), g(dst), sub(color(), layers(A::COLOR, 2, 0, 1)), linear), id("dstSubresource-01706"));
    assert_eq!(
        f.blit(g(src), g(dst), sub(layers(A::COLOR, 0, 1, 2), layers(A::COLOR, 0, 0, 2)), linear),
        id("srcSubresource-01707")
    );
    assert_eq!(
        f.blit(g(src), g(dst), sub(layers(A::COLOR, 0, 0, 2), layers(A::COLOR, 0, 1, 2)), linear),
        id("dstSubresource-01708")
    );
    assert_eq!(f.blit(g(src), g(dst), sub(layers(A::COLOR, 1, 1, 1), layers(A::COLOR, 1, 0, 1)), linear), CLEAN);
    assert_eq!(f.blit(g(src), g(dst), sub(depth, color()), nearest), id("aspectMask-00241"));
    assert_eq!(f.blit(g(src), g(dst), sub(color(), depth), nearest), id("aspectMask-00242"));
    let moved = |s, d| image_blit(color(), s, color(), d);
    let out = [
        ([offset(0, 0, 0), offset(17, 16, 1)], square(8, 8), "srcOffset-00243"),
        ([offset(0, 17, 0), offset(16, 0, 1)], square(8, 8), "srcOffset-00244"),
        // (On a 2D image, also not 0..1: "srcImage-00247", below.)
        ([offset(0, 0, 0), offset(16, 16, 2)], square(8, 8), "srcOffset-00246"),
        (square(16, 16), [offset(-1, 0, 0), offset(8, 8, 1)], "dstOffset-00248"),
        (square(16, 16), [offset(0, 0, 0), offset(8, 17, 1)], "dstOffset-00249"),
        (square(16, 16), [offset(0, 0, 1), offset(8, 8, 2)], "dstOffset-00251"),
    ];
    for (s, d, suffix) in out {
        let mut expected = id(suffix);
        let flat = match suffix {
            "srcOffset-00246" => Some("srcImage-00247"),
            "dstOffset-00251" => Some("dstImage-00252"),
            _ => None,
        };
        if let Some(flat) = flat {
            expected = both_of("vkCmdBlitImage", "VkBlitImageInfo2", &[suffix, flat]);
        }
        assert_eq!(f.blit(g(src), g(dst), moved(s, d), linear), expected, "{suffix}");
    }
    // Mirrored, up to the last texel.
    assert_eq!(f.blit(g(src), g(dst), moved([offset(16, 16, 0), offset(0, 0, 1)], square(16, 16)), linear), CLEAN);

    // Layouts.
    // (Of images this recording has not used.)
    let (src, dst) = (f.image(rgba), f.image(rgba));
    let (to_src, to_dst) = (L::TRANSFER_SRC_OPTIMAL, L::TRANSFER_DST_OPTIMAL);
    assert_eq!(f.blit((src, to_dst), (dst, to_dst), full, linear), id("srcImageLayout-01398"));
    assert_eq!(f.blit((src, to_src), (dst, to_src), full, linear), id("dstImageLayout-01399"));
    assert_eq!(f.blit((src, to_src), (dst, to_dst), full, linear), CLEAN);
}

fn image_resolve(
    src: vk::ImageSubresourceLayers,
    s: vk::Offset3D,
    dst: vk::ImageSubresourceLayers,
    d: vk::Offset3D,
    e: vk::Extent3D,
) -> vk::ImageResolve {
    vk::ImageResolve { src_subresource: src, src_offset: s, dst_subresource: dst, dst_offset: d, extent: e }
}

#[test]
fn resolves() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdResolveImage", "VkResolveImageInfo2", suffix);
    let ids = |suffixes: &[&str]| both_of("vkCmdResolveImage", "VkResolveImageInfo2", suffixes);
    let g = |i| (i, GENERAL);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let multi = rgba.samples(vk::SampleCountFlags::TYPE_4);
    let (src, dst) = (f.image(multi.layers(2)), f.image(rgba.levels(2).layers(2)));
    let zero = offset(0, 0, 0);
    let full = image_resolve(color(), zero, color(), zero, extent(16, 16, 1));
    assert_eq!(f.resolve(g(src), g(dst), full), CLEAN);

    assert_eq!(f.resolve(g(f.image(multi.usage(U::TRANSFER_DST))), g(dst), full), id("srcImage-06762"));
    assert_eq!(f.resolve(g(src), g(f.image(rgba.usage(U::TRANSFER_SRC))), full), id("dstImage-06764"));
    assert_eq!(f.resolve(g(f.image(multi.unbound())), g(dst), full), id("srcImage-00256"));
    assert_eq!(f.resolve(g(src), g(f.image(rgba.unbound())), full), id("dstImage-00258"));
    assert_eq!(f.resolve(g(f.image(rgba)), g(dst), full), id("srcImage-00257"));
    assert_eq!(f.resolve(g(src), g(f.image(multi)), full), id("dstImage-00259"));
    assert_eq!(f.resolve(g(src), g(f.image(Desc::new(F::B8G8R8A8_UNORM))), full), id("srcImage-01386"));

    let sub = |s, d, e| image_resolve(s, zero, d, zero, e);
    let small = extent(8, 8, 1);
    assert_eq!(f.resolve(g(src), g(dst), sub(layers(A::COLOR, 1, 0, 1), color(), small)), id("srcSubresource-01709"));
    assert_eq!(f.resolve(g(src), g(dst), sub(color(), layers(A::COLOR, 2, 0, 1), small)), id("dstSubresource-01710"));
    assert_eq!(
        f.resolve(g(src), g(dst), sub(layers(A::COLOR, 0, 1, 2), layers(A::COLOR, 0, 0, 2), small)),
        id("srcSubresource-01711")
    );
    assert_eq!(
        f.resolve(g(src), g(dst), sub(layers(A::COLOR, 0, 0, 2), layers(A::COLOR, 0, 1, 2), small)),
        id("dstSubresource-01712")
    );
    assert_eq!(f.resolve(g(src), g(dst), sub(layers(A::COLOR, 0, 1, 1), layers(A::COLOR, 1, 1, 1), small)), CLEAN);
    let depth = layers(A::DEPTH, 0, 0, 1);
    assert_eq!(
        f.resolve(g(src), g(dst), sub(depth, depth, small)),
        ids(&["srcSubresource-11800", "dstSubresource-11801"])
    );
    assert_eq!(
        f.resolve(g(src), g(dst), sub(color(), depth, small)),
        ids(&["dstSubresource-11801", "srcSubresource-11802"])
    );

    let moved = |s, d, e| image_resolve(color(), s, color(), d, e);
    let out = [
        (offset(9, 0, 0), zero, "srcOffset-00269"),
        (offset(0, 9, 0), zero, "srcOffset-00270"),
        (offset(0, 0, 1), zero, "srcOffset-00272"),
        (zero, offset(9, 0, 0), "dstOffset-00274"),
        (zero, offset(0, 9, 0), "dstOffset-00275"),
        (zero, offset(0, 0, 1), "dstOffset-00277"),
    ];
    for (s, d, suffix) in out {
        // Outside a 2D image's one slice: also not z 0 (with depth 1).
        let flat = match suffix {
            "srcOffset-00272" => vec![suffix, "srcImage-00273"],
            "dstOffset-00277" => vec![suffix, "dstImage-00278"],
            _ => vec![suffix],
        };
        let expected = both_of("vkCmdResolveImage", "VkResolveImageInfo2", &flat);
        assert_eq!(f.resolve(g(src), g(dst), moved(s, d, small)), expected, "{suffix}");
    }
    // Two slices of 2D images.
    let deep = moved(zero, zero, extent(8, 8, 2));
    let ids = both_of(
        "vkCmdResolveImage",
        "VkResolveImageInfo2",
        &["srcOffset-00272", "dstOffset-00277", "srcImage-00273", "dstImage-00278"],
    );
    assert_eq!(f.resolve(g(src), g(dst), deep), ids);
    assert_eq!(f.resolve(g(src), g(dst), moved(offset(8, 8, 0), offset(8, 8, 0), small)), CLEAN);

    // (Of images this recording has not used.)
    let (src, dst) = (f.image(multi), f.image(rgba));
    let (to_src, to_dst) = (L::TRANSFER_SRC_OPTIMAL, L::TRANSFER_DST_OPTIMAL);
    assert_eq!(f.resolve((src, to_dst), (dst, to_dst), full), id("srcImageLayout-01400"));
    assert_eq!(f.resolve((src, to_src), (dst, to_src), full), id("dstImageLayout-01401"));
    assert_eq!(f.resolve((src, to_src), (dst, to_dst), full), CLEAN);
}

#[test]
fn clears() {
    let f = Fixture::new();
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let image = f.image(rgba.levels(2).layers(2));
    let all = range(A::COLOR, 0, vk::REMAINING_MIP_LEVELS, 0, vk::REMAINING_ARRAY_LAYERS);
    let color_id = |suffix: &str| [format!("VUID-vkCmdClearColorImage-{suffix}")];
    assert_eq!(f.clear_color(image, GENERAL, all), NONE);
    assert_eq!(f.clear_color(f.image(rgba.usage(U::TRANSFER_SRC)), GENERAL, all), color_id("image-00002"));
    assert_eq!(f.clear_color(f.image(rgba.unbound()), GENERAL, all), color_id("image-00003"));
    let d32 = f.image(Desc::new(F::D32_SFLOAT));
    assert_eq!(f.clear_color(d32, GENERAL, all), color_id("image-00007"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::DEPTH, 0, 1, 0, 1)), color_id("aspectMask-02498"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::COLOR, 2, 1, 0, 1)), color_id("baseMipLevel-01470"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::COLOR, 1, 2, 0, 1)), color_id("pRanges-01692"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::COLOR, 0, 1, 2, 1)), color_id("baseArrayLayer-01472"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::COLOR, 0, 1, 1, 2)), color_id("pRanges-01693"));
    assert_eq!(f.clear_color(image, GENERAL, range(A::COLOR, 1, 1, 1, 1)), NONE);
    // (Of an image this recording has not used.)
    let fresh = f.image(rgba);
    assert_eq!(f.clear_color(fresh, L::TRANSFER_SRC_OPTIMAL, all), color_id("imageLayout-01394"));
    assert_eq!(f.clear_color(fresh, L::TRANSFER_DST_OPTIMAL, all), NONE);

    let depth_id = |suffix: &str| [format!("VUID-vkCmdClearDepthStencilImage-{suffix}")];
    let d32_desc = Desc::new(F::D32_SFLOAT).levels(2).layers(2);
    let depth = f.image(d32_desc);
    let d = range(A::DEPTH, 0, vk::REMAINING_MIP_LEVELS, 0, vk::REMAINING_ARRAY_LAYERS);
    assert_eq!(f.clear_depth(depth, GENERAL, d), NONE);
    assert_eq!(f.clear_depth(f.image(d32_desc.usage(U::TRANSFER_SRC)), GENERAL, d), depth_id("pRanges-02660"));
    // The usage of each aspect cleared: the stencil aspect's separate usage, when it has one.
    let ds_desc = Desc::new(F::D24_UNORM_S8_UINT).usage(U::TRANSFER_SRC);
    let ds = f.image(ds_desc);
    let ds_range = |aspect| range(aspect, 0, 1, 0, 1);
    assert_eq!(f.clear_depth(ds, GENERAL, ds_range(A::STENCIL)), depth_id("pRanges-02659"));
    assert_eq!(
        f.clear_depth(ds, GENERAL, ds_range(A::DEPTH | A::STENCIL)),
        ["VUID-vkCmdClearDepthStencilImage-pRanges-02660", "VUID-vkCmdClearDepthStencilImage-pRanges-02659"]
    );
    let separate = |stencil_usage| {
        let mut stencil = vk::ImageStencilUsageCreateInfo::default().stencil_usage(stencil_usage);
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(F::D24_UNORM_S8_UINT)
            .extent(extent(16, 16, 1))
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(U::TRANSFER_DST | U::TRANSFER_SRC)
            .push_next(&mut stencil);
        // SAFETY: a valid create info and chain; memory sized for the image.
        unsafe {
            let image = f.d().create_image(&info, None).expect("vkCreateImage");
            let memory = f.memory(f.d().get_image_memory_requirements(image));
            f.d().bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            image
        }
    };
    assert_eq!(f.clear_depth(separate(U::TRANSFER_SRC), GENERAL, ds_range(A::STENCIL)), depth_id("pRanges-02658"));
    assert_eq!(f.clear_depth(separate(U::TRANSFER_SRC), GENERAL, ds_range(A::DEPTH)), NONE);
    assert_eq!(f.clear_depth(separate(U::TRANSFER_DST), GENERAL, ds_range(A::STENCIL)), NONE);
    assert_eq!(f.clear_depth(f.image(d32_desc.unbound()), GENERAL, d), depth_id("image-00010"));
    assert_eq!(f.clear_depth(image, GENERAL, d), depth_id("image-00014"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::COLOR, 0, 1, 0, 1)), depth_id("aspectMask-02824"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::STENCIL, 0, 1, 0, 1)), depth_id("image-02825"));
    let stencil = f.image(Desc::new(F::S8_UINT));
    assert_eq!(f.clear_depth(stencil, GENERAL, range(A::DEPTH, 0, 1, 0, 1)), depth_id("image-02826"));
    assert_eq!(f.clear_depth(stencil, GENERAL, range(A::STENCIL, 0, 1, 0, 1)), NONE);
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::DEPTH, 2, 1, 0, 1)), depth_id("baseMipLevel-01474"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::DEPTH, 1, 2, 0, 1)), depth_id("pRanges-01694"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::DEPTH, 0, 1, 2, 1)), depth_id("baseArrayLayer-01476"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::DEPTH, 0, 1, 1, 2)), depth_id("pRanges-01695"));
    assert_eq!(f.clear_depth(depth, GENERAL, range(A::DEPTH, 1, 1, 1, 1)), NONE);
    let fresh = f.image(d32_desc);
    assert_eq!(f.clear_depth(fresh, L::TRANSFER_SRC_OPTIMAL, d), depth_id("imageLayout-00012"));
    assert_eq!(f.clear_depth(fresh, L::TRANSFER_DST_OPTIMAL, d), NONE);
}

/// One color attachment clear.
fn clear_color_attachment(index: u32) -> vk::ClearAttachment {
    vk::ClearAttachment {
        aspect_mask: A::COLOR,
        color_attachment: index,
        clear_value: vk::ClearValue { color: vk::ClearColorValue { float32: [0.0; 4] } },
    }
}

fn clear_rect(x: i32, y: i32, width: u32, height: u32, base: u32, count: u32) -> vk::ClearRect {
    vk::ClearRect {
        rect: vk::Rect2D { offset: vk::Offset2D { x, y }, extent: vk::Extent2D { width, height } },
        base_array_layer: base,
        layer_count: count,
    }
}

#[test]
fn clearing_attachments() {
    let f = Fixture::new();
    let d = f.d();
    let image = f.image(Desc::new(F::R8G8B8A8_UNORM).usage(U::COLOR_ATTACHMENT));
    // SAFETY: valid create infos for this device; the command buffers record valid render pass
    // instances and end them.
    let (render_pass_cb, rendering_cb) = unsafe {
        let view = d.create_image_view(&vigil_tests::context::color_view_info(image), None).expect("vkCreateImageView");
        let attachment = [vk::AttachmentDescription::default()
            .format(F::R8G8B8A8_UNORM)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)
            .initial_layout(L::COLOR_ATTACHMENT_OPTIMAL)
            .final_layout(L::COLOR_ATTACHMENT_OPTIMAL)];
        let color_ref = [vk::AttachmentReference { attachment: 0, layout: L::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = [vk::SubpassDescription::default().color_attachments(&color_ref)];
        let info = vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass);
        let render_pass = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        let views = [view];
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&views)
            .width(16)
            .height(16)
            .layers(1);
        let framebuffer = d.create_framebuffer(&info, None).expect("vkCreateFramebuffer");
        let area = vk::Rect2D { offset: vk::Offset2D { x: 4, y: 4 }, extent: vk::Extent2D { width: 8, height: 8 } };
        let begin =
            vk::RenderPassBeginInfo::default().render_pass(render_pass).framebuffer(framebuffer).render_area(area);
        let a = f.recording();
        d.cmd_begin_render_pass(a, &begin, vk::SubpassContents::INLINE);
        let color = [vk::RenderingAttachmentInfo::default()
            .image_view(view)
            .image_layout(L::COLOR_ATTACHMENT_OPTIMAL)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)];
        let rendering = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&color);
        let b = f.recording();
        d.cmd_begin_rendering(b, &rendering);
        (a, b)
    };
    for cb in [render_pass_cb, rendering_cb] {
        let clear = |attachment: u32, rect: vk::ClearRect| {
            // SAFETY: a command buffer recording a render pass instance; invalid clears are
            // skipped by Vigil.
            f.ids(|| unsafe { d.cmd_clear_attachments(cb, &[clear_color_attachment(attachment)], &[rect]) })
        };
        let inside = clear_rect(4, 4, 8, 8, 0, 1);
        assert_eq!(clear(0, inside), NONE);
        assert_eq!(clear(1, inside), ["VUID-vkCmdClearAttachments-aspectMask-07271"]);
        assert_eq!(clear(0, clear_rect(3, 4, 8, 8, 0, 1)), ["VUID-vkCmdClearAttachments-pRects-00016"]);
        assert_eq!(clear(0, clear_rect(4, 5, 8, 8, 0, 1)), ["VUID-vkCmdClearAttachments-pRects-00016"]);
        assert_eq!(clear(0, clear_rect(5, 5, 7, 7, 0, 1)), NONE);
        assert_eq!(clear(0, clear_rect(4, 4, 8, 8, 0, 2)), ["VUID-vkCmdClearAttachments-pRects-06937"]);
        assert_eq!(clear(0, clear_rect(4, 4, 8, 8, 1, 1)), ["VUID-vkCmdClearAttachments-pRects-06937"]);
        // Empty rectangles and layer ranges.
        assert_eq!(clear(0, clear_rect(4, 4, 0, 8, 0, 1)), ["VUID-vkCmdClearAttachments-rect-02682"]);
        assert_eq!(clear(0, clear_rect(4, 4, 8, 0, 0, 1)), ["VUID-vkCmdClearAttachments-rect-02683"]);
        assert_eq!(clear(0, clear_rect(4, 4, 8, 8, 0, 0)), ["VUID-vkCmdClearAttachments-layerCount-01934"]);
        // Aspects.
        let aspects = |mask| {
            let a = vk::ClearAttachment { aspect_mask: mask, ..clear_color_attachment(0) };
            // SAFETY: as above.
            f.ids(|| unsafe { d.cmd_clear_attachments(cb, &[a], &[inside]) })
        };
        assert_eq!(aspects(A::COLOR | A::DEPTH), ["VUID-VkClearAttachment-aspectMask-00019"]);
        assert_eq!(aspects(A::METADATA), ["VUID-VkClearAttachment-aspectMask-00020"]);
    }
    // SAFETY: ending the instances each began.
    unsafe {
        d.cmd_end_render_pass(render_pass_cb);
        d.cmd_end_rendering(rendering_cb);
    }
}

#[test]
fn copies_by_image_type_and_texel_block() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdCopyImage", "VkCopyImageInfo2", suffix);
    let ids = |suffixes: &[&str]| both_of("vkCmdCopyImage", "VkCopyImageInfo2", suffixes);
    let g = |i| (i, GENERAL);
    let zero = offset(0, 0, 0);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let (flat, flat_too) = (f.image(rgba.layers(2)), f.image(rgba.layers(2)));
    let (volume, volume_too) = (f.image(rgba.volume(4)), f.image(rgba.volume(4)));
    let copy = |s, so, d, dof, e| image_copy(s, so, d, dof, e);
    let two = layers(A::COLOR, 0, 0, 2);

    // 2D and 2D: z offsets 0, depth 1.
    assert_eq!(
        f.copy(g(flat), g(flat_too), copy(color(), offset(0, 0, 1), color(), zero, extent(16, 16, 1))),
        id("srcImage-01787")
    );
    assert_eq!(
        f.copy(g(flat), g(flat_too), copy(color(), zero, color(), offset(0, 0, 1), extent(16, 16, 1))),
        id("dstImage-01788")
    );
    assert_eq!(
        f.copy(g(flat), g(flat_too), copy(color(), zero, color(), zero, extent(16, 16, 2))),
        id("srcImage-01790")
    );
    assert_eq!(f.copy(g(flat), g(flat_too), copy(two, zero, two, zero, extent(16, 16, 1))), CLEAN);
    // 2D to 3D: as many slices as layers; 3D to 2D: as many layers as slices.
    assert_eq!(f.copy(g(flat), g(volume), copy(two, zero, color(), zero, extent(16, 16, 3))), id("srcImage-01791"));
    assert_eq!(f.copy(g(flat), g(volume), copy(two, zero, color(), offset(0, 0, 2), extent(16, 16, 2))), CLEAN);
    assert_eq!(f.copy(g(volume), g(flat), copy(color(), zero, two, zero, extent(16, 16, 1))), id("dstImage-01792"));
    assert_eq!(f.copy(g(volume), g(flat), copy(color(), offset(0, 0, 2), two, zero, extent(16, 16, 2))), CLEAN);
    // A 3D image's subresource is layer 0 alone (its only layer).
    let layer1 = layers(A::COLOR, 0, 1, 1);
    assert_eq!(
        f.copy(g(volume), g(volume_too), copy(layer1, zero, color(), zero, extent(16, 16, 4))),
        ids(&["srcSubresource-07968", "srcImage-04443"])
    );
    assert_eq!(
        f.copy(g(volume), g(volume_too), copy(color(), zero, layer1, zero, extent(16, 16, 4))),
        ids(&["dstSubresource-07968", "dstImage-04444"])
    );

    // Texel blocks: BC1's are 4x4 (18x18 images end in partial blocks).
    let bc1 = Desc::new(F::BC1_RGBA_UNORM_BLOCK).size(18, 18);
    let (a, b) = (f.image(bc1), f.image(bc1));
    let blocks = |so: vk::Offset3D, d: vk::Offset3D, w, h| copy(color(), so, color(), d, extent(w, h, 1));
    assert_eq!(f.copy(g(a), g(b), blocks(offset(2, 0, 0), zero, 4, 4)), id("pRegions-07278"));
    assert_eq!(f.copy(g(a), g(b), blocks(offset(0, 2, 0), zero, 4, 4)), id("pRegions-07279"));
    assert_eq!(f.copy(g(a), g(b), blocks(zero, offset(2, 0, 0), 4, 4)), id("pRegions-07281"));
    assert_eq!(f.copy(g(a), g(b), blocks(zero, offset(0, 2, 0), 4, 4)), id("pRegions-07282"));
    assert_eq!(f.copy(g(a), g(b), blocks(zero, zero, 6, 4)), id("srcImage-01728"));
    assert_eq!(f.copy(g(a), g(b), blocks(zero, zero, 4, 6)), id("srcImage-01729"));
    assert_eq!(f.copy(g(a), g(b), blocks(offset(4, 8, 0), offset(8, 4, 0), 8, 8)), CLEAN);
    // A partial block at the edge.
    assert_eq!(f.copy(g(a), g(b), blocks(offset(16, 16, 0), offset(16, 16, 0), 2, 2)), CLEAN);

    // Buffer copies: row length and image height in whole blocks; a 3D image's one layer.
    let buffer = f.buffer(4096, BU::TRANSFER_SRC | BU::TRANSFER_DST, true);
    let rows = |row_length, image_height| vk::BufferImageCopy {
        buffer_row_length: row_length,
        buffer_image_height: image_height,
        ..buffer_copy(0, color(), zero, extent(4, 4, 1))
    };
    let both_ways = |img, r: vk::BufferImageCopy| [f.to_image(buffer, g(img), r), f.to_buffer(g(img), buffer, r)];
    let to_image = |s: &[&str]| both_of("vkCmdCopyBufferToImage", "VkCopyBufferToImageInfo2", s);
    let to_buffer = |s: &[&str]| both_of("vkCmdCopyImageToBuffer", "VkCopyImageToBufferInfo2", s);
    assert_eq!(both_ways(a, rows(6, 0)), [to_image(&["bufferRowLength-09106"]), to_buffer(&["bufferRowLength-09106"])]);
    assert_eq!(
        both_ways(a, rows(0, 6)),
        [to_image(&["bufferImageHeight-09107"]), to_buffer(&["bufferImageHeight-09107"])]
    );
    assert_eq!(both_ways(a, rows(8, 8)), [CLEAN, CLEAN]);
    let in_volume = |sub| buffer_copy(0, sub, zero, extent(16, 16, 4));
    assert_eq!(
        both_ways(volume, in_volume(layer1)),
        [
            to_image(&["imageSubresource-07968", "dstImage-07983"]),
            to_buffer(&["imageSubresource-07968", "srcImage-07983"])
        ]
    );
    assert_eq!(both_ways(volume, in_volume(color())), [CLEAN, CLEAN]);
}

#[test]
fn blits_by_image_type() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdBlitImage", "VkBlitImageInfo2", suffix);
    let g = |i| (i, GENERAL);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let (src, dst) = (f.image(rgba.layers(2)), f.image(rgba.layers(2)));
    let linear = vk::Filter::LINEAR;
    let blit = |s, d| image_blit(color(), s, color(), d);
    // 2D images: z offsets 0 and 1.
    assert_eq!(
        f.blit(g(src), g(dst), blit([offset(0, 0, 0), offset(16, 16, 0)], square(8, 8)), linear),
        id("srcImage-00247")
    );
    assert_eq!(
        f.blit(g(src), g(dst), blit(square(16, 16), [offset(0, 0, 1), offset(8, 8, 0)]), linear),
        id("dstImage-00252")
    );
    // The destination region is not empty on any axis.
    assert_eq!(
        f.blit(g(src), g(dst), blit(square(16, 16), [offset(4, 0, 0), offset(4, 8, 1)]), linear),
        id("dstOffsets-12518")
    );
    assert_eq!(
        f.blit(g(src), g(dst), blit(square(16, 16), [offset(0, 4, 0), offset(8, 4, 1)]), linear),
        id("dstOffsets-12519")
    );
    let (volume, volume_too) = (f.image(rgba.volume(4)), f.image(rgba.volume(4)));
    let slices = |z0, z1| [offset(0, 0, z0), offset(16, 16, z1)];
    assert_eq!(f.blit(g(volume), g(volume_too), blit(slices(0, 4), slices(1, 1)), linear), id("dstOffsets-12520"));
    assert_eq!(f.blit(g(volume), g(volume_too), blit(slices(0, 4), slices(1, 2)), linear), CLEAN);
    // A blit with a 3D image copies layer 0 alone (without maintenance8).
    let from_volume = |dst_layer| image_blit(color(), slices(0, 4), layers(A::COLOR, 0, dst_layer, 1), square(16, 16));
    assert_eq!(f.blit(g(volume), g(dst), from_volume(1), linear), id("srcImage-00240"));
    assert_eq!(f.blit(g(volume), g(dst), from_volume(0), linear), CLEAN);
}

#[test]
fn format_features_the_driver_reports() {
    let f = Fixture::new();
    let g = |i| (i, GENERAL);
    let zero = offset(0, 0, 0);
    let full = image_copy(color(), zero, color(), zero, extent(16, 16, 1));
    // The shim hides TRANSFER_SRC from R8G8B8A8_SNORM, TRANSFER_DST from R16G16B16A16_SNORM.
    let (no_src, no_dst) = (f.image(Desc::new(F::R8G8B8A8_SNORM)), f.image(Desc::new(F::R16G16B16A16_SNORM)));
    let copy_id = |suffix| both("vkCmdCopyImage", "VkCopyImageInfo2", suffix);
    assert_eq!(f.copy(g(no_src), g(f.image(Desc::new(F::R8G8B8A8_UNORM))), full), copy_id("srcImage-01995"));
    assert_eq!(f.copy(g(f.image(Desc::new(F::R16G16B16A16_UNORM))), g(no_dst), full), copy_id("dstImage-01996"));
    assert_eq!(f.copy(g(no_dst), g(f.image(Desc::new(F::R16G16B16A16_UNORM))), full), CLEAN);
    assert_eq!(f.copy(g(f.image(Desc::new(F::R8G8B8A8_UNORM))), g(no_src), full), CLEAN);

    let buffer = f.buffer(4096, BU::TRANSFER_SRC | BU::TRANSFER_DST, true);
    let region = buffer_copy(0, color(), zero, extent(16, 16, 1));
    let to_image = |s: &str| both("vkCmdCopyBufferToImage", "VkCopyBufferToImageInfo2", s);
    let to_buffer = |s: &str| both("vkCmdCopyImageToBuffer", "VkCopyImageToBufferInfo2", s);
    assert_eq!(f.to_image(buffer, g(no_dst), region), to_image("dstImage-01997"));
    assert_eq!(f.to_buffer(g(no_src), buffer, region), to_buffer("srcImage-01998"));
    assert_eq!(f.to_image(buffer, g(no_src), region), CLEAN);
    assert_eq!(f.to_buffer(g(no_dst), buffer, region), CLEAN);

    // Resolves: the source's TRANSFER_SRC, the destination's TRANSFER_DST and COLOR_ATTACHMENT
    // (the shim hides COLOR_ATTACHMENT from R8G8_SNORM).
    let resolve_id = |suffix| both("vkCmdResolveImage", "VkResolveImageInfo2", suffix);
    let four = vk::SampleCountFlags::TYPE_4;
    let resolve = image_resolve(color(), zero, color(), zero, extent(16, 16, 1));
    let pair = |format| (f.image(Desc::new(format).samples(four)), f.image(Desc::new(format)));
    let (src, dst) = pair(F::R8G8B8A8_SNORM);
    assert_eq!(f.resolve(g(src), g(dst), resolve), resolve_id("srcImage-06763"));
    let (src, dst) = pair(F::R16G16B16A16_SNORM);
    assert_eq!(f.resolve(g(src), g(dst), resolve), resolve_id("dstImage-06765"));
    let (src, dst) = pair(F::R8G8_SNORM);
    assert_eq!(f.resolve(g(src), g(dst), resolve), resolve_id("dstImage-02003"));
    let (src, dst) = pair(F::R16G16_SNORM);
    assert_eq!(f.resolve(g(src), g(dst), resolve), CLEAN);

    // Clears: TRANSFER_DST (hidden from X8_D24_UNORM_PACK32 too).
    let all = |aspect| range(aspect, 0, 1, 0, 1);
    assert_eq!(f.clear_color(no_dst, GENERAL, all(A::COLOR)), ["VUID-vkCmdClearColorImage-image-01993"]);
    assert_eq!(f.clear_color(no_src, GENERAL, all(A::COLOR)), NONE);
    let x8 = f.image(Desc::new(F::X8_D24_UNORM_PACK32));
    assert_eq!(f.clear_depth(x8, GENERAL, all(A::DEPTH)), ["VUID-vkCmdClearDepthStencilImage-image-01994"]);
    assert_eq!(f.clear_depth(f.image(Desc::new(F::D16_UNORM)), GENERAL, all(A::DEPTH)), NONE);
}

#[test]
fn regions_that_meet_in_an_image() {
    let f = Fixture::new();
    let g = |i| (i, GENERAL);
    let copy_id = |suffix| both("vkCmdCopyImage", "VkCopyImageInfo2", suffix);
    let blit_id = |suffix| both("vkCmdBlitImage", "VkBlitImageInfo2", suffix);
    let rgba = Desc::new(F::R8G8B8A8_UNORM).layers(2);
    let (to_src, to_dst) = (L::TRANSFER_SRC_OPTIMAL, L::TRANSFER_DST_OPTIMAL);
    let zero = offset(0, 0, 0);
    let half = extent(8, 16, 1);
    let within = |src_x, dst_x, dst_layer| {
        image_copy(color(), offset(src_x, 0, 0), layers(A::COLOR, 0, dst_layer, 1), offset(dst_x, 0, 0), half)
    };

    // Within one image, between subresources that meet: GENERAL (or SHARED_PRESENT) only.
    let one = f.image(rgba);
    assert_eq!(f.copy((one, to_src), (one, to_dst), within(0, 8, 0)), copy_id("srcImage-09460"));
    assert_eq!(f.copy((one, to_src), (one, to_dst), within(0, 0, 1)), CLEAN);
    let other = f.image(rgba);
    assert_eq!(f.copy(g(other), g(other), within(0, 8, 0)), CLEAN);
    // Texels both read and written.
    assert_eq!(f.copy(g(other), g(other), within(0, 7, 0)), copy_id("pRegions-00124"));
    // Texels written twice.
    let (src, dst) = (f.image(rgba), f.image(rgba));
    let pair =
        |x| [image_copy(color(), zero, color(), zero, half), image_copy(color(), zero, color(), offset(x, 0, 0), half)];
    assert_eq!(f.copy_many(g(src), g(dst), &pair(7)), copy_id("pRegions-12484"));
    assert_eq!(f.copy_many(g(src), g(dst), &pair(8)), CLEAN);

    // Blits within one image.
    let blit = |s: [i32; 2], d: [i32; 2]| {
        let (s, d) = ([offset(s[0], 0, 0), offset(s[1], 16, 1)], [offset(d[0], 0, 0), offset(d[1], 16, 1)]);
        image_blit(color(), s, color(), d)
    };
    let linear = vk::Filter::LINEAR;
    let one = f.image(rgba);
    assert_eq!(f.blit((one, to_src), (one, to_dst), blit([0, 8], [8, 16]), linear), blit_id("srcImage-09459"));
    let other = f.image(rgba);
    assert_eq!(f.blit(g(other), g(other), blit([0, 8], [8, 16]), linear), CLEAN);
    assert_eq!(f.blit(g(other), g(other), blit([0, 8], [16, 7]), linear), blit_id("pRegions-00217"));

    // Buffer to image: texels written twice.
    let buffer = f.buffer(4096, BU::TRANSFER_SRC, true);
    let image = f.image(rgba);
    let two = |x| [buffer_copy(0, color(), zero, half), buffer_copy(0, color(), offset(x, 0, 0), half)];
    let ids = both("vkCmdCopyBufferToImage", "VkCopyBufferToImageInfo2", "pRegions-12483");
    assert_eq!(f.to_image_many(buffer, g(image), &two(4)), ids);
    assert_eq!(f.to_image_many(buffer, g(image), &two(8)), CLEAN);
}

/// A command buffer recording a render pass instance (render area 16x16) whose one subpass has
/// a depth/stencil attachment of `format`.
fn in_depth_render_pass(f: &Fixture, format: vk::Format) -> vk::CommandBuffer {
    let d = f.d();
    let aspect = if format == F::S8_UINT { A::STENCIL } else { A::DEPTH };
    let image = f.image(Desc::new(format).usage(U::DEPTH_STENCIL_ATTACHMENT));
    let layout = L::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    // SAFETY: valid create infos for this device; the command buffer begins a valid instance.
    unsafe {
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(range(aspect, 0, 1, 0, 1));
        let view = d.create_image_view(&view_info, None).expect("vkCreateImageView");
        let attachment = [vk::AttachmentDescription::default()
            .format(format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)
            .stencil_load_op(vk::AttachmentLoadOp::LOAD)
            .stencil_store_op(vk::AttachmentStoreOp::STORE)
            .initial_layout(layout)
            .final_layout(layout)];
        let depth_ref = vk::AttachmentReference { attachment: 0, layout };
        let subpass = [vk::SubpassDescription::default().depth_stencil_attachment(&depth_ref)];
        let info = vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass);
        let render_pass = d.create_render_pass(&info, None).expect("vkCreateRenderPass");
        let views = [view];
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&views)
            .width(16)
            .height(16)
            .layers(1);
        let framebuffer = d.create_framebuffer(&info, None).expect("vkCreateFramebuffer");
        let area = vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 16, height: 16 } };
        let begin =
            vk::RenderPassBeginInfo::default().render_pass(render_pass).framebuffer(framebuffer).render_area(area);
        let cb = f.recording();
        d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
        cb
    }
}

#[test]
fn clearing_depth_and_stencil_attachments() {
    let f = Fixture::new();
    let d = f.d();
    let clear = |cb, mask| {
        let a = vk::ClearAttachment {
            aspect_mask: mask,
            color_attachment: 0,
            clear_value: vk::ClearValue { depth_stencil: vk::ClearDepthStencilValue { depth: 0.0, stencil: 0 } },
        };
        // SAFETY: a command buffer recording a render pass instance; invalid clears are skipped.
        f.ids(|| unsafe { d.cmd_clear_attachments(cb, &[a], &[clear_rect(0, 0, 16, 16, 0, 1)]) })
    };
    let depth_only = in_depth_render_pass(&f, F::D32_SFLOAT);
    assert_eq!(clear(depth_only, A::STENCIL), ["VUID-vkCmdClearAttachments-aspectMask-07885"]);
    assert_eq!(clear(depth_only, A::DEPTH), NONE);
    let stencil_only = in_depth_render_pass(&f, F::S8_UINT);
    assert_eq!(clear(stencil_only, A::DEPTH), ["VUID-vkCmdClearAttachments-aspectMask-07884"]);
    assert_eq!(clear(stencil_only, A::STENCIL), NONE);
    // SAFETY: ending the instances each began.
    unsafe {
        d.cmd_end_render_pass(depth_only);
        d.cmd_end_render_pass(stencil_only);
    }
}

#[test]
fn copies_and_blits_of_lines_and_mixed_types() {
    let f = Fixture::new();
    let id = |suffix| both("vkCmdCopyImage", "VkCopyImageInfo2", suffix);
    let ids = |suffixes: &[&str]| both_of("vkCmdCopyImage", "VkCopyImageInfo2", suffixes);
    let g = |i| (i, GENERAL);
    let zero = offset(0, 0, 0);
    let rgba = Desc::new(F::R8G8B8A8_UNORM);
    let line_desc = Desc { ty: vk::ImageType::TYPE_1D, extent: [16, 1, 1], ..rgba };
    let (line, line_too) = (f.image(line_desc), f.image(line_desc));
    let copy = |so, d, e| image_copy(color(), so, color(), d, e);
    assert_eq!(f.copy(g(line), g(line_too), copy(zero, zero, extent(16, 1, 1))), CLEAN);
    // 1D images: y and z offsets 0, height and depth 1.
    assert_eq!(f.copy(g(line), g(line_too), copy(offset(0, 0, 1), zero, extent(16, 1, 1))), id("srcImage-01785"));
    assert_eq!(f.copy(g(line), g(line_too), copy(zero, offset(0, 0, 1), extent(16, 1, 1))), id("dstImage-01786"));
    assert_eq!(
        f.copy(g(line), g(line_too), copy(zero, offset(0, 1, 0), extent(16, 1, 1))),
        ids(&["dstOffset-00151", "dstImage-00152"])
    );
    assert_eq!(
        f.copy(g(line), g(line_too), copy(zero, zero, extent(16, 1, 2))),
        ids(&["srcImage-01785", "srcImage-10907"])
    );
    assert_eq!(
        f.copy(g(line), g(line_too), copy(zero, zero, extent(16, 2, 1))),
        ids(&["srcOffset-00145", "dstOffset-00151", "srcImage-00146", "srcImage-10908"])
    );
    // Types: 1D with 2D only with maintenance5 (not enabled here); 2D with 3D always.
    let flat = f.image(rgba.layers(2));
    assert_eq!(f.copy(g(line), g(flat), copy(zero, zero, extent(16, 1, 1))), id("srcImage-07743"));
    // One type: as many layers read as written.
    let flat_too = f.image(rgba.layers(2));
    let layer_counts = |dst_count| {
        image_copy(layers(A::COLOR, 0, 0, 2), zero, layers(A::COLOR, 0, 0, dst_count), zero, extent(16, 16, 1))
    };
    assert_eq!(f.copy(g(flat), g(flat_too), layer_counts(1)), id("srcImage-08793"));
    assert_eq!(f.copy(g(flat), g(flat_too), layer_counts(2)), CLEAN);

    // Blits of 1D images: y offsets 0 and 1.
    let blit_id = |suffix| both("vkCmdBlitImage", "VkBlitImageInfo2", suffix);
    let span = |y0, y1| [offset(0, y0, 0), offset(16, y1, 1)];
    let blit = |s, d| image_blit(color(), s, color(), d);
    let linear = vk::Filter::LINEAR;
    assert_eq!(f.blit(g(line), g(line_too), blit(span(0, 1), span(0, 1)), linear), CLEAN);
    assert_eq!(f.blit(g(line), g(line_too), blit(span(0, 0), span(0, 1)), linear), blit_id("srcImage-00245"));
    assert_eq!(f.blit(g(line), g(line_too), blit(span(0, 1), span(1, 0)), linear), blit_id("dstImage-00250"));
}
