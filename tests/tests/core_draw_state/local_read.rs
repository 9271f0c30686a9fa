//! Dynamic rendering local read: the bound pipeline's color attachment locations and input
//! attachment indices against those the rendering instance maps.

use super::*;

/// A dynamic rendering pipeline writes its color attachments to the locations the instance
/// maps them to now (vkCmdSetRenderingAttachmentLocations; the identity until set).
#[test]
fn pipelines_write_to_the_locations_the_rendering_maps() {
    let f = Fixture::with(|b| b.dynamic_rendering_local_read(true));
    let fns = ash::khr::dynamic_rendering_local_read::Device::new(&f.ctx.instance, &f.ctx.device);
    let discarding = f.pipeline(&[], Shape { unused_location: true, ..NO });
    let locations = [vk::ATTACHMENT_UNUSED];
    let info = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&locations);
    for draw in draws(&f) {
        let name = draw.0;
        let id = [format!("VUID-{name}-None-09548")];
        assert_eq!(f.ids(bind_and_draw(&f, discarding, &draw)), id, "{name}");
        assert_eq!(f.ids(bind_and_draw(&f, f.fixed, &draw)), NONE, "{name}");
        let mapped = |pipeline| {
            let record = bind_and_draw(&f, pipeline, &draw);
            f.ids(|d, cb| {
                // SAFETY: inside the rendering instance of one color attachment.
                unsafe { fns.cmd_set_rendering_attachment_locations(cb, &info) };
                record(d, cb);
            })
        };
        assert_eq!(mapped(discarding), NONE, "{name}");
        assert_eq!(mapped(f.fixed), id, "{name}");
    }
}

/// Input attachment indices an instance maps its attachments to.
#[derive(Clone, Copy)]
struct Mapped {
    colors: [u32; 1],
    depth: Option<u32>,
    stencil: Option<u32>,
}

/// A dynamic rendering pipeline whose shaders read input attachments reads each attachment with
/// the input attachment index the instance maps it to now (vkCmdSetRenderingInputAttachmentIndices;
/// the identity until set), wherever either index is one its shaders read.
#[test]
fn pipelines_read_the_input_attachments_the_rendering_maps() {
    let f = Fixture::with(|b| b.dynamic_rendering_local_read(true));
    let fns = ash::khr::dynamic_rendering_local_read::Device::new(&f.ctx.instance, &f.ctx.device);
    let d = &f.ctx.device;
    let local_read = vk::ImageLayout::RENDERING_LOCAL_READ_KHR;
    // SAFETY (whole test): valid create infos and objects of this device; invalid draws are
    // skipped by Vigil.
    unsafe {
        let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::INPUT_ATTACHMENT;
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(usage);
        let view = f.ctx.image_view(&image, vk::ImageAspectFlags::COLOR, vk::ComponentMapping::default());
        let binding = [vk::DescriptorSetLayoutBinding::default()
            .descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::FRAGMENT)];
        let set_layout = d
            .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&binding), None)
            .expect("vkCreateDescriptorSetLayout");
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::INPUT_ATTACHMENT, descriptor_count: 1 }];
        let pool = d
            .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
            .expect("vkCreateDescriptorPool");
        let layouts = [set_layout];
        let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts);
        let set = d.allocate_descriptor_sets(&alloc).expect("vkAllocateDescriptorSets")[0];
        let images = [vk::DescriptorImageInfo::default().image_view(view).image_layout(local_read)];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT)
            .image_info(&images);
        d.update_descriptor_sets(&[write], &[]);
        let layout = d
            .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None)
            .expect("vkCreatePipelineLayout");
        let reading = pipeline(&f.ctx, layout, &[], Shape { input_attachment: true, ..NO });
        f.ctx.messages.assert_no_problems("creating the input attachment objects");
        // Draws reading attachment 0 inside an instance rendering to it, input attachment
        // indices set to `mapped` first where some.
        let shape = Shape { input_attachment: true, depth_stencil_input: true, ..NO };
        let depth_stencil = pipeline(&f.ctx, layout, &[], shape);
        let ids_mapped = |pipeline, mapped: Option<Mapped>| {
            let cb = f.ctx.recording_primary(f.pool);
            let attachments = [vk::RenderingAttachmentInfo::default()
                .image_view(view)
                .image_layout(local_read)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::STORE)];
            let info = vk::RenderingInfo::default()
                .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() })
                .layer_count(1)
                .color_attachments(&attachments);
            d.cmd_begin_rendering(cb, &info);
            let ids = f.ctx.messages.problem_ids_of(|| {
                if let Some(m) = &mapped {
                    let mut info =
                        vk::RenderingInputAttachmentIndexInfoKHR::default().color_attachment_input_indices(&m.colors);
                    if let Some(depth) = &m.depth {
                        info = info.depth_input_attachment_index(depth);
                    }
                    if let Some(stencil) = &m.stencil {
                        info = info.stencil_input_attachment_index(stencil);
                    }
                    fns.cmd_set_rendering_input_attachment_indices(cb, &info);
                }
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::GRAPHICS, layout, 0, &[set], &[]);
                d.cmd_draw(cb, 3, 1, 0, 0);
            });
            d.cmd_end_rendering(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(f.pool, &[cb]);
            ids
        };
        let ids = |pipeline, mapped: Option<u32>| {
            ids_mapped(pipeline, mapped.map(|i| Mapped { colors: [i], depth: None, stencil: None }))
        };
        assert_eq!(ids(reading, None), NONE);
        assert_eq!(ids(reading, Some(0)), NONE);
        assert_eq!(ids(reading, Some(1)), ["VUID-vkCmdDraw-None-09549"]);
        // A pipeline reading no input attachment leaves the indices to the instance.
        assert_eq!(ids(f.fixed, Some(1)), NONE);
        // Depth and stencil read as input attachment 0 by the pipeline: the instance too.
        let both = Mapped { colors: [vk::ATTACHMENT_UNUSED], depth: Some(0), stencil: Some(0) };
        assert_eq!(ids_mapped(depth_stencil, Some(both)), NONE);
        let ids = ids_mapped(depth_stencil, Some(Mapped { depth: None, ..both }));
        assert_eq!(ids, ["VUID-vkCmdDraw-None-10927"]);
        let ids = ids_mapped(depth_stencil, Some(Mapped { stencil: None, ..both }));
        assert_eq!(ids, ["VUID-vkCmdDraw-None-10928"]);
        d.destroy_pipeline(depth_stencil, None);
        d.destroy_pipeline(reading, None);
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_pool(pool, None);
        d.destroy_descriptor_set_layout(set_layout, None);
    }
}
