//! Creating and binding buffers and images against protection, disjoint planes, external
//! handle types, descriptor buffer address spaces, swapchain images and video profiles.

use super::*;

/// A second device of `ctx`'s physical device (its messages go to `ctx`'s log), with
/// `extensions` and the feature structures chained to `features`; the caller destroys it.
fn second_device(
    ctx: &Context,
    extensions: &[&std::ffi::CStr],
    features: &mut vk::PhysicalDeviceFeatures2,
) -> ash::Device {
    let priorities = [1.0f32];
    let queues =
        [vk::DeviceQueueCreateInfo::default().queue_family_index(ctx.queue_family).queue_priorities(&priorities)];
    let names: Vec<_> = extensions.iter().map(|e| e.as_ptr()).collect();
    let info =
        vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_extension_names(&names).push_next(features);
    // SAFETY: a valid create info for this instance's physical device.
    unsafe { ctx.instance.create_device(ctx.physical_device, &info, None) }.expect("vkCreateDevice")
}

/// The ids of vkCreateBuffer with `info` on `device`, destroying the buffer when made.
fn create_buffer_ids(log: &MessageLog, device: &ash::Device, info: &vk::BufferCreateInfo<'_>) -> Vec<String> {
    reported(log, || {
        // SAFETY: invalid create infos are skipped by Vigil; a made buffer is destroyed at once.
        if let Ok(buffer) = unsafe { device.create_buffer(info, None) } {
            unsafe { device.destroy_buffer(buffer, None) };
        }
    })
}

/// Runs `call` with Vigil's errors let through to the driver (for objects the test needs that
/// break a rule lavapipe ignores), returning the ids reported.
fn let_through(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.skip_errors(false);
    let ids = log.problem_ids_of(call);
    log.skip_errors(true);
    ids
}

fn buffer_id(s: &str) -> String {
    format!("VUID-VkBufferCreateInfo-{s}")
}

#[test]
fn buffer_creation_sparse_protected_sharing_and_size() {
    let f = Fixture::new();
    let (log, d) = (&f.ctx.messages, f.d());
    use vk::BufferCreateFlags as F;
    let info = vk::BufferCreateInfo::default().size(256).usage(Usage::TRANSFER_DST);
    let sparse_protected = info.flags(F::SPARSE_BINDING | F::PROTECTED);
    assert_eq!(create_buffer_ids(log, d, &sparse_protected), [buffer_id("flags-01887"), buffer_id("None-01888")]);
    assert_eq!(create_buffer_ids(log, d, &info.flags(F::PROTECTED)), [buffer_id("flags-01887")]);
    assert_eq!(create_buffer_ids(log, d, &info.flags(F::SPARSE_BINDING)), NONE);

    // Concurrent sharing needs two queue families (maintenance11 is not enabled): the shim adds
    // a second one.
    let one = [f.ctx.queue_family];
    let concurrent = info.sharing_mode(vk::SharingMode::CONCURRENT);
    assert_eq!(create_buffer_ids(log, d, &concurrent.queue_family_indices(&one)), [buffer_id("sharingMode-00914")]);
    let two = [0, 1];
    assert_eq!(create_buffer_ids(log, d, &concurrent.queue_family_indices(&two)), NONE);

    let mut m4 = vk::PhysicalDeviceMaintenance4Properties::default();
    let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut m4);
    // SAFETY: this context's physical device; Vulkan 1.3 has the structure.
    unsafe { f.ctx.instance.get_physical_device_properties2(f.ctx.physical_device, &mut props) };
    let max = m4.max_buffer_size;
    assert!(max < u64::MAX, "maxBufferSize is {max}: no size is larger");
    assert_eq!(create_buffer_ids(log, d, &info.size(max + 1)), [buffer_id("size-06409")]);
    assert_eq!(create_buffer_ids(log, d, &info.size(max)), NONE);
}

/// VkDedicatedAllocationBufferCreateInfoNV and VkBufferDeviceAddressCreateInfoEXT are of
/// extensions lavapipe lacks: chained anyway (the generated rules report them), they show the
/// rules about them.
#[test]
fn buffer_creation_chains_lavapipe_lacks() {
    let f = Fixture::new();
    let (log, d) = (&f.ctx.messages, f.d());
    use vk::BufferCreateFlags as F;
    let info = vk::BufferCreateInfo::default().size(256).usage(Usage::TRANSFER_DST);
    let mut nv = vk::DedicatedAllocationBufferCreateInfoNV::default().dedicated_allocation(true);
    let sparse = info.flags(F::SPARSE_BINDING).push_next(&mut nv);
    assert_eq!(create_buffer_ids(log, d, &sparse), [buffer_id("pNext-pNext"), buffer_id("pNext-01571")]);
    let mut not_dedicated = vk::DedicatedAllocationBufferCreateInfoNV::default();
    let sparse = info.flags(F::SPARSE_BINDING).push_next(&mut not_dedicated);
    assert_eq!(create_buffer_ids(log, d, &sparse), [buffer_id("pNext-pNext")]);

    let mut address = vk::BufferDeviceAddressCreateInfoEXT::default().device_address(0x10000);
    let ids = create_buffer_ids(log, d, &info.push_next(&mut address));
    assert_eq!(ids, [buffer_id("pNext-pNext"), buffer_id("deviceAddress-02604")]);
    let mut zero = vk::BufferDeviceAddressCreateInfoEXT::default();
    assert_eq!(create_buffer_ids(log, d, &info.push_next(&mut zero)), [buffer_id("pNext-pNext")]);
}

/// Protected objects bind only to protected memory, unprotected ones only to unprotected
/// memory. Lavapipe has no protected memory: the shim's protected type (allocated from
/// lavapipe's after Vigil reports it, `VkMemoryAllocateInfo-memoryTypeIndex-01872`) and
/// protected objects (`-flags-01887` for buffers: flags lavapipe ignores) are let through.
/// The shim's type is in no object's memoryTypeBits: binding to it breaks that rule too.
#[test]
fn binding_protected_and_unprotected_objects_and_memory() {
    let f = Fixture::new();
    let log = &f.ctx.messages;
    // SAFETY: this context's physical device.
    let props = unsafe { f.ctx.instance.get_physical_device_memory_properties(f.ctx.physical_device) };
    let protected_type = props.memory_type_count - 2;
    assert_eq!(props.memory_types[protected_type as usize].property_flags, vk::MemoryPropertyFlags::PROTECTED);
    let info = vk::MemoryAllocateInfo::default().allocation_size(1 << 16).memory_type_index(protected_type);
    let protected_memory = || {
        let mut memory = vk::DeviceMemory::null();
        // SAFETY: lavapipe allocates from its own type (the shim's doing).
        let ids =
            let_through(log, || memory = unsafe { f.d().allocate_memory(&info, None) }.expect("vkAllocateMemory"));
        assert_eq!(ids, ["VUID-VkMemoryAllocateInfo-memoryTypeIndex-01872"]);
        memory
    };
    let both = Usage::TRANSFER_SRC | Usage::TRANSFER_DST;
    let mut protected_buffer = vk::Buffer::null();
    let ids = let_through(log, || protected_buffer = f.buffer_of(256, both, vk::BufferCreateFlags::PROTECTED));
    assert_eq!(ids, ["VUID-VkBufferCreateInfo-flags-01887"]);
    let ids = f.bind_buffer_both(protected_buffer, f.memory(1 << 16), 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-None-01898"], ["VUID-VkBindBufferMemoryInfo-None-01898"]]);
    let buffer = f.buffer(256, both);
    let ids = f.bind_buffer_both(buffer, protected_memory(), 0);
    assert_eq!(
        ids,
        [
            ["VUID-vkBindBufferMemory-None-01899", "VUID-vkBindBufferMemory-memory-01035"],
            ["VUID-VkBindBufferMemoryInfo-None-01899", "VUID-VkBindBufferMemoryInfo-memory-01035"]
        ]
    );
    // Protected to protected: only the shim type's own rule.
    let ids = f.bind_buffer_both(protected_buffer, protected_memory(), 0);
    assert_eq!(ids, [["VUID-vkBindBufferMemory-memory-01035"], ["VUID-VkBindBufferMemoryInfo-memory-01035"]]);
    assert_eq!(f.bind_buffer(buffer, f.memory(1 << 16), 0, true), NONE);

    let mut protected_image = vk::Image::null();
    let _ = let_through(log, || protected_image = f.image(vk::ImageCreateFlags::PROTECTED));
    let ids = f.bind_image_both(protected_image, f.memory(1 << 16), 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-None-01901"], ["VUID-VkBindImageMemoryInfo-None-01901"]]);
    let image = f.image(vk::ImageCreateFlags::empty());
    let ids = f.bind_image_both(image, protected_memory(), 0);
    assert_eq!(
        ids,
        [
            ["VUID-vkBindImageMemory-None-01902", "VUID-vkBindImageMemory-memory-01047"],
            ["VUID-VkBindImageMemoryInfo-None-01902", "VUID-VkBindImageMemoryInfo-pNext-01615"]
        ]
    );
    let ids = f.bind_image_both(protected_image, protected_memory(), 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-memory-01047"], ["VUID-VkBindImageMemoryInfo-pNext-01615"]]);
    assert_eq!(f.bind_image(image, f.memory(1 << 16), 0, false), NONE);
}

/// A disjoint image binds each plane with vkBindImageMemory2 and a VkBindImagePlaneMemoryInfo,
/// and its requirements are asked per plane.
#[test]
fn binding_and_asking_requirements_of_a_disjoint_image_whole() {
    let f = Fixture::new();
    let planar = |flags| f.image_of(vk::Format::G8_B8R8_2PLANE_420_UNORM, flags);
    let disjoint = planar(vk::ImageCreateFlags::DISJOINT);
    let whole = planar(vk::ImageCreateFlags::empty());
    let mut r = vk::MemoryRequirements::default();
    // SAFETY: a live image (the call is skipped).
    let ids = f.ids(|| r = unsafe { f.d().get_image_memory_requirements(disjoint) });
    assert_eq!(ids, ["VUID-vkGetImageMemoryRequirements-image-01588"]);
    // SAFETY: a live image that is not disjoint.
    let ids = f.ids(|| r = unsafe { f.d().get_image_memory_requirements(whole) });
    assert_eq!(ids, NONE);
    let requirements2 = |image, plane: Option<vk::ImageAspectFlags>| {
        let mut plane_info = vk::ImagePlaneMemoryRequirementsInfo::default();
        let mut info = vk::ImageMemoryRequirementsInfo2::default().image(image);
        if let Some(aspect) = plane {
            plane_info = plane_info.plane_aspect(aspect);
            info = info.push_next(&mut plane_info);
        }
        let mut out = vk::MemoryRequirements2::default();
        // SAFETY: a live image; invalid queries are skipped by Vigil.
        let ids = f.ids(|| unsafe { f.d().get_image_memory_requirements2(&info, &mut out) });
        (ids, out.memory_requirements)
    };
    assert_eq!(requirements2(disjoint, None).0, ["VUID-VkImageMemoryRequirementsInfo2-image-01589"]);
    assert_eq!(requirements2(whole, None).0, NONE);
    let (ids, plane0) = requirements2(disjoint, Some(vk::ImageAspectFlags::PLANE_0));
    assert_eq!(ids, NONE);
    let (ids, plane1) = requirements2(disjoint, Some(vk::ImageAspectFlags::PLANE_1));
    assert_eq!(ids, NONE);

    let memory = f.memory(r.size.max(plane0.size + plane1.size + plane1.alignment) * 2);
    let ids = f.bind_image_both(disjoint, memory, 0);
    assert_eq!(ids, [["VUID-vkBindImageMemory-image-01608"], ["VUID-VkBindImageMemoryInfo-image-07736"]]);
    assert_eq!(f.bind_image(whole, memory, 0, false), NONE);
    let second = plane0.size.next_multiple_of(plane1.alignment);
    let mut planes = [
        vk::BindImagePlaneMemoryInfo::default().plane_aspect(vk::ImageAspectFlags::PLANE_0),
        vk::BindImagePlaneMemoryInfo::default().plane_aspect(vk::ImageAspectFlags::PLANE_1),
    ];
    let [p0, p1] = &mut planes;
    let infos = [
        vk::BindImageMemoryInfo::default().image(disjoint).memory(memory).memory_offset(0).push_next(p0),
        vk::BindImageMemoryInfo::default().image(disjoint).memory(memory).memory_offset(second).push_next(p1),
    ];
    // SAFETY: each plane inside the memory, at its alignment.
    let ids = f.ids(|| unsafe { f.d().bind_image_memory2(&infos) }.expect("vkBindImageMemory2"));
    assert_eq!(ids, NONE);
}

/// Exported memory binds objects created with one of its handle types, imported memory objects
/// created with the type it was imported from (an opaque file descriptor, on a device with
/// VK_KHR_external_memory_fd).
#[test]
fn binding_to_exported_or_imported_memory_of_other_handle_types() {
    let f = Fixture::new();
    let (ctx, log) = (&f.ctx, &f.ctx.messages);
    let d = second_device(ctx, &[c"VK_KHR_external_memory_fd"], &mut vk::PhysicalDeviceFeatures2::default());
    let fd_fns = ash::khr::external_memory_fd::Device::new(&ctx.instance, &d);
    let fd = vk::ExternalMemoryHandleTypeFlags::OPAQUE_FD;
    let buffer = |external: bool| {
        let mut e = vk::ExternalMemoryBufferCreateInfo::default().handle_types(fd);
        let mut info = vk::BufferCreateInfo::default().size(4096).usage(Usage::TRANSFER_DST);
        if external {
            info = info.push_next(&mut e);
        }
        // SAFETY: a valid create info.
        unsafe { d.create_buffer(&info, None) }.expect("vkCreateBuffer")
    };
    let image = |external: bool| {
        let mut e = vk::ExternalMemoryImageCreateInfo::default().handle_types(fd);
        let mut info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::SAMPLED);
        if external {
            info = info.push_next(&mut e);
        }
        // SAFETY: a valid create info.
        unsafe { d.create_image(&info, None) }.expect("vkCreateImage")
    };
    // SAFETY: live objects.
    let size = unsafe {
        let (b, i) = (buffer(true), image(true));
        let size = d.get_buffer_memory_requirements(b).size.max(d.get_image_memory_requirements(i).size);
        d.destroy_buffer(b, None);
        d.destroy_image(i, None);
        size
    };
    let ty = ctx.memory_type(!0, vk::MemoryPropertyFlags::HOST_VISIBLE);
    let allocate = |next: &mut dyn FnMut(vk::MemoryAllocateInfo<'_>) -> vk::DeviceMemory| {
        next(vk::MemoryAllocateInfo::default().allocation_size(size).memory_type_index(ty))
    };
    let exported = allocate(&mut |info| {
        let mut export = vk::ExportMemoryAllocateInfo::default().handle_types(fd);
        // SAFETY: a valid allocate info.
        unsafe { d.allocate_memory(&info.push_next(&mut export), None) }.expect("vkAllocateMemory (exported)")
    });
    let get_fd = vk::MemoryGetFdInfoKHR::default().memory(exported).handle_type(fd);
    let import = || {
        // SAFETY: memory exportable as an opaque file descriptor.
        let handle = unsafe { fd_fns.get_memory_fd(&get_fd) }.expect("vkGetMemoryFdKHR");
        allocate(&mut |info| {
            let mut import = vk::ImportMemoryFdInfoKHR::default().handle_type(fd).fd(handle);
            // SAFETY: the size and type of the exported memory.
            unsafe { d.allocate_memory(&info.push_next(&mut import), None) }.expect("vkAllocateMemory (imported)")
        })
    };
    let imported = import();
    let bind_buffer = |buffer, memory| {
        reported(log, || {
            let info = [vk::BindBufferMemoryInfo::default().buffer(buffer).memory(memory)];
            // SAFETY: invalid binds are skipped by Vigil.
            let _ = unsafe { d.bind_buffer_memory(buffer, memory, 0) };
            let _ = unsafe { d.bind_buffer_memory2(&info) };
        })
    };
    let bind_image = |image, memory| {
        reported(log, || {
            let info = [vk::BindImageMemoryInfo::default().image(image).memory(memory)];
            // SAFETY: invalid binds are skipped by Vigil.
            let _ = unsafe { d.bind_image_memory(image, memory, 0) };
            let _ = unsafe { d.bind_image_memory2(&info) };
        })
    };
    assert_eq!(
        bind_buffer(buffer(false), exported),
        ["VUID-vkBindBufferMemory-memory-02726", "VUID-VkBindBufferMemoryInfo-memory-02726"]
    );
    assert_eq!(
        bind_buffer(buffer(false), imported),
        ["VUID-vkBindBufferMemory-memory-02985", "VUID-VkBindBufferMemoryInfo-memory-02985"]
    );
    assert_eq!(
        bind_image(image(false), exported),
        ["VUID-vkBindImageMemory-memory-02728", "VUID-VkBindImageMemoryInfo-memory-02728"]
    );
    assert_eq!(
        bind_image(image(false), imported),
        ["VUID-vkBindImageMemory-memory-02989", "VUID-VkBindImageMemoryInfo-memory-02989"]
    );
    // Created with the handle type (the first bind binds, so the second breaks -07459/-07460).
    assert_eq!(bind_buffer(buffer(true), exported), ["VUID-VkBindBufferMemoryInfo-buffer-07459"]);
    assert_eq!(bind_buffer(buffer(true), imported), ["VUID-VkBindBufferMemoryInfo-buffer-07459"]);
    assert_eq!(bind_image(image(true), exported), ["VUID-VkBindImageMemoryInfo-image-07460"]);
    assert_eq!(bind_image(image(true), import()), ["VUID-VkBindImageMemoryInfo-image-07460"]);
    log.skip_errors(false);
    // SAFETY: nothing of the device is in use; its objects are left to it (leaks reported).
    unsafe { d.destroy_device(None) };
    log.skip_errors(true);
}

/// A device with VK_EXT_descriptor_buffer, bufferDeviceAddress and descriptorBuffer, and
/// descriptorBufferPushDescriptors when `push` (lavapipe has it, not descriptorBufferCaptureReplay,
/// and its bufferlessPushDescriptors is VK_TRUE).
fn descriptor_buffer_device(ctx: &Context, push: bool) -> ash::Device {
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true);
    let mut db = vk::PhysicalDeviceDescriptorBufferFeaturesEXT::default()
        .descriptor_buffer(true)
        .descriptor_buffer_push_descriptors(push);
    let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut v12).push_next(&mut db);
    second_device(ctx, &[c"VK_EXT_descriptor_buffer"], &mut features)
}

#[test]
fn descriptor_buffer_usage_and_capture_replay_at_buffer_creation() {
    let f = Fixture::new();
    let (ctx, log) = (&f.ctx, &f.ctx.messages);
    let (without_push, with_push) = (descriptor_buffer_device(ctx, false), descriptor_buffer_device(ctx, true));
    let info = |usage| vk::BufferCreateInfo::default().size(4096).usage(usage | Usage::SHADER_DEVICE_ADDRESS);
    let (push, resource, sampler) = (
        Usage::PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_EXT,
        Usage::RESOURCE_DESCRIPTOR_BUFFER_EXT,
        Usage::SAMPLER_DESCRIPTOR_BUFFER_EXT,
    );
    let ids = |d: &ash::Device, i: &vk::BufferCreateInfo<'_>| create_buffer_ids(log, d, i);
    let d = &without_push;
    assert_eq!(ids(d, &info(push | resource)), [buffer_id("usage-08101"), buffer_id("usage-08102")]);
    assert_eq!(ids(d, &info(push)), [buffer_id("usage-08101"), buffer_id("usage-08102"), buffer_id("usage-08103")]);
    assert_eq!(ids(d, &info(resource)), NONE);
    let d = &with_push;
    assert_eq!(ids(d, &info(push)), [buffer_id("usage-08102"), buffer_id("usage-08103")]);
    assert_eq!(ids(d, &info(push | resource)), [buffer_id("usage-08102")]);
    assert_eq!(ids(d, &info(push | sampler)), [buffer_id("usage-08102")]);
    let replay = vk::BufferCreateFlags::DESCRIPTOR_BUFFER_CAPTURE_REPLAY_EXT;
    assert_eq!(ids(d, &info(resource).flags(replay)), [buffer_id("flags-08099")]);
    let data = [0u8; 64];
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(ids(d, &info(resource).push_next(&mut opaque)), [buffer_id("pNext-08100")]);
    let mut opaque =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    assert_eq!(ids(d, &info(resource).flags(replay).push_next(&mut opaque)), [buffer_id("flags-08099")]);

    // A buffer for capture and replay (let through: lavapipe ignores the flag) is bound to memory
    // allocated for device addresses.
    let mut buffer = vk::Buffer::null();
    let created = let_through(log, || {
        // SAFETY: a create info lavapipe accepts.
        buffer = unsafe { d.create_buffer(&info(resource).flags(replay), None) }.expect("vkCreateBuffer")
    });
    assert_eq!(created, [buffer_id("flags-08099")]);
    // SAFETY: a live buffer.
    let r = unsafe { d.get_buffer_memory_requirements(buffer) };
    let ty = ctx.memory_type(r.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE);
    let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let info = vk::MemoryAllocateInfo::default().allocation_size(r.size).memory_type_index(ty);
    // SAFETY: valid allocate infos.
    let (plain, addressable) = unsafe {
        (
            d.allocate_memory(&info, None).expect("vkAllocateMemory"),
            d.allocate_memory(&info.push_next(&mut flags), None).expect("vkAllocateMemory"),
        )
    };
    let bind = |memory| {
        reported(log, || {
            let info = [vk::BindBufferMemoryInfo::default().buffer(buffer).memory(memory)];
            // SAFETY: invalid binds are skipped by Vigil.
            let _ = unsafe { d.bind_buffer_memory2(&info) };
            let _ = unsafe { d.bind_buffer_memory(buffer, memory, 0) };
        })
    };
    // The device-address usage breaks its own rule too.
    assert_eq!(
        bind(plain),
        [
            "VUID-VkBindBufferMemoryInfo-bufferDeviceAddress-03339",
            "VUID-VkBindBufferMemoryInfo-descriptorBufferCaptureReplay-08112",
            "VUID-vkBindBufferMemory-bufferDeviceAddress-03339",
            "VUID-vkBindBufferMemory-descriptorBufferCaptureReplay-08112"
        ]
    );
    // The first binds, the second finds it bound.
    assert_eq!(bind(addressable), ["VUID-vkBindBufferMemory-buffer-07459"]);
    log.skip_errors(false);
    // SAFETY: nothing of the devices is in use; their objects are left to them.
    unsafe {
        without_push.destroy_device(None);
        with_push.destroy_device(None);
    }
    log.skip_errors(true);
}

/// A swapchain's images are its own: vkDestroySwapchainKHR destroys them, never vkDestroyImage.
/// The swapchain is of a headless surface (`VK_EXT_headless_surface`).
#[test]
fn destroying_a_swapchain_image() {
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .instance_extensions(&[c"VK_KHR_surface", c"VK_EXT_headless_surface"])
        .device_extensions(&[c"VK_KHR_swapchain"])
        .build_skipping_errors(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let headless = ash::ext::headless_surface::Instance::new(&ctx.entry, &ctx.instance);
    let surface_fns = ash::khr::surface::Instance::new(&ctx.entry, &ctx.instance);
    let swapchain_fns = ash::khr::swapchain::Device::new(&ctx.instance, &ctx.device);
    // SAFETY: a headless surface on an instance with the extension, and queries of it.
    let (surface, caps, format) = unsafe {
        let surface = headless
            .create_headless_surface(&vk::HeadlessSurfaceCreateInfoEXT::default(), None)
            .expect("vkCreateHeadlessSurfaceEXT");
        let pd = ctx.physical_device;
        let caps = surface_fns.get_physical_device_surface_capabilities(pd, surface).expect("capabilities");
        let formats = surface_fns.get_physical_device_surface_formats(pd, surface).expect("formats");
        (surface, caps, formats[0])
    };
    let info = vigil_tests::swapchains::supported_swapchain_info(surface, &caps, format);
    // SAFETY: a create info the surface supports.
    let swapchain = unsafe { swapchain_fns.create_swapchain(&info, None) }.expect("vkCreateSwapchainKHR");
    // SAFETY: a live swapchain.
    let images = unsafe { swapchain_fns.get_swapchain_images(swapchain) }.expect("vkGetSwapchainImagesKHR");
    let ids = reported(&ctx.messages, || unsafe { ctx.device.destroy_image(images[0], None) });
    assert_eq!(ids, ["VUID-vkDestroyImage-image-04882"]);
    let image_info = vk::ImageCreateInfo::default()
        .image_type(vk::ImageType::TYPE_2D)
        .format(format.format)
        .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
        .mip_levels(1)
        .array_layers(1)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT);
    // SAFETY: a valid create info; the image is destroyed at once.
    let image = unsafe { ctx.device.create_image(&image_info, None) }.expect("vkCreateImage");
    let ids = reported(&ctx.messages, || unsafe { ctx.device.destroy_image(image, None) });
    assert_eq!(ids, NONE);
    // SAFETY: nothing uses them any more.
    unsafe {
        swapchain_fns.destroy_swapchain(swapchain, None);
        surface_fns.destroy_surface(surface, None);
    }
}

/// A buffer for video decoding names a decode profile (or is created profile independent).
/// Lavapipe has no video: the shim plays a driver with VK_KHR_video_queue and
/// VK_KHR_video_decode_queue (`video-queue`), on a device of the test's own (encoding is not
/// offered, but nothing encodes: only the usage and profiles are read).
#[test]
fn video_buffers_name_a_profile_of_their_kind() {
    let f = Fixture::new();
    let (ctx, log) = (&f.ctx, &f.ctx.messages);
    let d = second_device(
        ctx,
        &[ash::khr::video_queue::NAME, ash::khr::video_decode_queue::NAME, ash::khr::video_decode_h264::NAME],
        &mut vk::PhysicalDeviceFeatures2::default(),
    );
    let mut h264 = vk::VideoDecodeH264ProfileInfoKHR::default()
        .std_profile_idc(vk::native::StdVideoH264ProfileIdc_STD_VIDEO_H264_PROFILE_IDC_BASELINE)
        .picture_layout(vk::VideoDecodeH264PictureLayoutFlagsKHR::PROGRESSIVE);
    let decode = vk::VideoProfileInfoKHR::default()
        .video_codec_operation(vk::VideoCodecOperationFlagsKHR::DECODE_H264)
        .chroma_subsampling(vk::VideoChromaSubsamplingFlagsKHR::TYPE_420)
        .luma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
        .chroma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
        .push_next(&mut h264);
    let profiles = [decode];
    let info = |usage| vk::BufferCreateInfo::default().size(4096).usage(usage);
    let ids = |i: &vk::BufferCreateInfo<'_>| create_buffer_ids(log, &d, i);
    let decode_usage = Usage::VIDEO_DECODE_DST_KHR;
    assert_eq!(ids(&info(decode_usage)), [buffer_id("usage-04813")]);
    let mut empty = vk::VideoProfileListInfoKHR::default();
    assert_eq!(ids(&info(decode_usage).push_next(&mut empty)), [buffer_id("usage-04813")]);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    assert_eq!(ids(&info(decode_usage | Usage::VIDEO_DECODE_SRC_KHR).push_next(&mut list)), NONE);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    let encode_usage = Usage::VIDEO_ENCODE_SRC_KHR;
    assert_eq!(ids(&info(encode_usage).push_next(&mut list)), [buffer_id("usage-04814")]);
    // An encode profile: its operation is of an extension the device lacks (the generated rule
    // says so), but the buffer names one.
    let encode =
        vk::VideoProfileInfoKHR { video_codec_operation: vk::VideoCodecOperationFlagsKHR::ENCODE_H264, ..decode };
    let encode_profiles = [encode];
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&encode_profiles);
    let ids_of_encode = ids(&info(encode_usage | Usage::VIDEO_ENCODE_DST_KHR).push_next(&mut list));
    assert_eq!(ids_of_encode, ["VUID-VkVideoProfileInfoKHR-videoCodecOperation-parameter"]);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&encode_profiles);
    let operation = "VUID-VkVideoProfileInfoKHR-videoCodecOperation-parameter".to_string();
    assert_eq!(ids(&info(decode_usage).push_next(&mut list)), [operation, buffer_id("usage-04813")]);

    // Images: the same rule of VkImageCreateInfo.
    let image = |usage| {
        vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(vk::Format::G8_B8R8_2PLANE_420_UNORM)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(usage)
    };
    let image_ids = |i: &vk::ImageCreateInfo<'_>| {
        reported(log, || {
            // SAFETY: invalid create infos are skipped by Vigil; a made image is destroyed at once.
            if let Ok(made) = unsafe { d.create_image(i, None) } {
                unsafe { d.destroy_image(made, None) };
            }
        })
    };
    let image_id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let dpb = vk::ImageUsageFlags::VIDEO_DECODE_DPB_KHR;
    assert_eq!(image_ids(&image(dpb)), [image_id("usage-04815")]);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    // Encoding is not offered: its usage bit is also reported as not enabled.
    let encode_dpb = image(vk::ImageUsageFlags::VIDEO_ENCODE_DPB_KHR).push_next(&mut list);
    assert_eq!(image_ids(&encode_dpb), [image_id("usage-parameter"), image_id("usage-04816")]);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    assert_eq!(image_ids(&image(dpb | vk::ImageUsageFlags::VIDEO_DECODE_DST_KHR).push_next(&mut list)), NONE);
    // The profiles' formats (vkGetPhysicalDeviceVideoFormatPropertiesKHR, the shim's one entry:
    // G8_B8R8_2PLANE_420_UNORM, 2D, optimal, decode, sampled and transfer usages, mutable format
    // and extended usage flags) must allow the image's format, tiling, flags and usage.
    let decoded = image(dpb | vk::ImageUsageFlags::VIDEO_DECODE_DST_KHR);
    let unsupported = [
        decoded.format(vk::Format::R8G8B8A8_UNORM),
        decoded.tiling(vk::ImageTiling::LINEAR),
        decoded.flags(vk::ImageCreateFlags::ALIAS),
        decoded.usage(dpb | vk::ImageUsageFlags::STORAGE),
    ];
    for (i, case) in unsupported.into_iter().enumerate() {
        let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
        assert_eq!(image_ids(&case.push_next(&mut list)), [image_id("pNext-06811")], "case {i}");
    }
    // With the extended usage flag (which the format allows), usage is not held to the format's;
    // the query with that usage still has to answer the format.
    let extended = decoded.flags(vk::ImageCreateFlags::EXTENDED_USAGE | vk::ImageCreateFlags::MUTABLE_FORMAT);
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    assert_eq!(image_ids(&extended.push_next(&mut list)), NONE);
    log.skip_errors(false);
    // SAFETY: nothing of the device is in use.
    unsafe { d.destroy_device(None) };
    log.skip_errors(true);
}

/// The device's live descriptor buffers of each kind, and all of them, fit in the address spaces
/// the device offers them (lavapipe's: 4 GiB - 1 each; its maxBufferSize is as much, so two
/// buffers of 2 GiB are too many).
#[test]
fn descriptor_buffers_within_their_address_spaces() {
    let f = Fixture::new();
    let (ctx, log) = (&f.ctx, &f.ctx.messages);
    let d = descriptor_buffer_device(ctx, false);
    let mut props = vk::PhysicalDeviceDescriptorBufferPropertiesEXT::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut props);
    // SAFETY: this context's physical device, which offers the extension.
    unsafe { ctx.instance.get_physical_device_properties2(ctx.physical_device, &mut props2) };
    let half = 1u64 << 31;
    let spaces = [
        props.sampler_descriptor_buffer_address_space_size,
        props.resource_descriptor_buffer_address_space_size,
        props.descriptor_buffer_address_space_size,
    ];
    assert_eq!(spaces, [2 * half - 1; 3], "lavapipe's descriptor buffer address spaces changed");
    let info = |usage, size| vk::BufferCreateInfo::default().size(size).usage(usage | Usage::SHADER_DEVICE_ADDRESS);
    let (sampler, resource) = (Usage::SAMPLER_DESCRIPTOR_BUFFER_EXT, Usage::RESOURCE_DESCRIPTOR_BUFFER_EXT);
    // SAFETY: a valid create info.
    let first = unsafe { d.create_buffer(&info(sampler, half), None) }.expect("vkCreateBuffer");
    let ids = |usage, size| create_buffer_ids(log, &d, &info(usage, size));
    assert_eq!(ids(sampler, half), [buffer_id("usage-08097")]);
    // Resource descriptor buffers have room of their own, but not beside all descriptor buffers.
    assert_eq!(ids(resource, half), [buffer_id("usage-08098")]);
    assert_eq!(ids(sampler | resource, half), [buffer_id("usage-08097"), buffer_id("usage-08098")]);
    assert_eq!(ids(sampler, half - 1), NONE);
    assert_eq!(ids(resource, half - 1), NONE);
    assert_eq!(ids(Usage::STORAGE_BUFFER, half), NONE);
    // SAFETY: an unused buffer.
    unsafe { d.destroy_buffer(first, None) };
    assert_eq!(ids(sampler, half), NONE);
    log.skip_errors(false);
    // SAFETY: nothing of the device is in use.
    unsafe { d.destroy_device(None) };
    log.skip_errors(true);
}
