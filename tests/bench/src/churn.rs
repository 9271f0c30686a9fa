//! `churn`: object creation and destruction, the other hot path of a validation layer (every
//! create and destroy updates its object tables). Per frame, N times each: create, bind and
//! destroy a buffer; create and bind an image, create and destroy a view, destroy the image;
//! allocate and free a descriptor set; create and destroy a sampler.

use ash::vk;

use crate::context::{Context, HOST_MEMORY};
use crate::{section, Workload};

/// Objects of each kind per frame.
pub const OBJECTS: u32 = 1_000;

/// Calls per object: buffer 4 (create, requirements, bind, destroy), image 6 (create,
/// requirements, bind, create view, destroy view, destroy), descriptor set 2, sampler 2.
const CALLS_PER_OBJECT: u64 = 4 + 6 + 2 + 2;

const BUFFER_BYTES: u64 = 4096;
const IMAGE_SIZE: u32 = 16;
const IMAGE_FORMAT: vk::Format = vk::Format::R8G8B8A8_UNORM;

/// The `churn` workload: long-lived memory that every short-lived buffer or image binds at
/// offset 0 (aliasing is valid: only one exists at a time), and a pool sets come and go from.
pub struct Churn<'a> {
    ctx: &'a Context,
    objects: u32,
    buffer_memory: vk::DeviceMemory,
    image_memory: vk::DeviceMemory,
    set_layout: vk::DescriptorSetLayout,
    descriptor_pool: vk::DescriptorPool,
}

fn buffer_info() -> vk::BufferCreateInfo<'static> {
    vk::BufferCreateInfo::default().size(BUFFER_BYTES).usage(vk::BufferUsageFlags::STORAGE_BUFFER)
}

fn image_info() -> vk::ImageCreateInfo<'static> {
    vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(IMAGE_FORMAT)
        .extent(vk::Extent3D { width: IMAGE_SIZE, height: IMAGE_SIZE, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::SAMPLED)
}

impl<'a> Churn<'a> {
    /// Allocates the memory the churned buffers and images bind (sized by a probe of each) and
    /// the descriptor pool.
    pub fn new(ctx: &'a Context, objects: u32) -> Self {
        let d = &ctx.device;
        let buffer_memory = unsafe {
            let probe = d.create_buffer(&buffer_info(), None).expect("vkCreateBuffer");
            let requirements = d.get_buffer_memory_requirements(probe);
            d.destroy_buffer(probe, None);
            ctx.allocate(requirements, HOST_MEMORY)
        };
        let image_memory = unsafe {
            let probe = d.create_image(&image_info(), None).expect("vkCreateImage");
            let requirements = d.get_image_memory_requirements(probe);
            d.destroy_image(probe, None);
            ctx.allocate(requirements, vk::MemoryPropertyFlags::empty())
        };
        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)];
        let set_layout = unsafe {
            d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
        }
        .expect("vkCreateDescriptorSetLayout");
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 1 }];
        let pool_info = vk::DescriptorPoolCreateInfo::default()
            .flags(vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET)
            .max_sets(1)
            .pool_sizes(&sizes);
        let descriptor_pool = unsafe { d.create_descriptor_pool(&pool_info, None) }.expect("vkCreateDescriptorPool");
        Self { ctx, objects, buffer_memory, image_memory, set_layout, descriptor_pool }
    }

    /// One frame of churn: the measured loop.
    fn churn(&self) {
        let d = &self.ctx.device;
        let buffer_info = buffer_info();
        let image_info = image_info();
        let range =
            vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
        let layouts = [self.set_layout];
        let alloc =
            vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.descriptor_pool).set_layouts(&layouts);
        let sampler_info = vk::SamplerCreateInfo::default()
            .mag_filter(vk::Filter::LINEAR)
            .min_filter(vk::Filter::LINEAR)
            .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_v(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_w(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .max_lod(1.0);
        // SAFETY: each object is destroyed after its last use and before the next is made.
        unsafe {
            for _ in 0..self.objects {
                let buffer = d.create_buffer(&buffer_info, None).expect("vkCreateBuffer");
                let _ = d.get_buffer_memory_requirements(buffer);
                d.bind_buffer_memory(buffer, self.buffer_memory, 0).expect("vkBindBufferMemory");
                d.destroy_buffer(buffer, None);
            }
            for _ in 0..self.objects {
                let image = d.create_image(&image_info, None).expect("vkCreateImage");
                let _ = d.get_image_memory_requirements(image);
                d.bind_image_memory(image, self.image_memory, 0).expect("vkBindImageMemory");
                let view_info = vk::ImageViewCreateInfo::default()
                    .image(image)
                    .view_type(vk::ImageViewType::TYPE_2D)
                    .format(IMAGE_FORMAT)
                    .subresource_range(range);
                let view = d.create_image_view(&view_info, None).expect("vkCreateImageView");
                d.destroy_image_view(view, None);
                d.destroy_image(image, None);
            }
            for _ in 0..self.objects {
                let sets = d.allocate_descriptor_sets(&alloc).expect("vkAllocateDescriptorSets");
                d.free_descriptor_sets(self.descriptor_pool, &sets).expect("vkFreeDescriptorSets");
            }
            for _ in 0..self.objects {
                let sampler = d.create_sampler(&sampler_info, None).expect("vkCreateSampler");
                d.destroy_sampler(sampler, None);
            }
        }
    }
}

impl Workload for Churn<'_> {
    fn calls_per_frame(&self) -> u64 {
        CALLS_PER_OBJECT * self.objects as u64
    }

    fn frame(&mut self, measure: bool) {
        section(measure, &mut || self.churn());
    }

    fn submit(&mut self) -> bool {
        false
    }
}

impl Drop for Churn<'_> {
    fn drop(&mut self) {
        let d = &self.ctx.device;
        unsafe {
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            d.free_memory(self.buffer_memory, None);
            d.free_memory(self.image_memory, None);
        }
    }
}
