//! `raster-state-extensions`: the shim advertises the extensions whose dynamic states lavapipe
//! does not have (conservative rasterization, sample locations, discard rectangles and the NV
//! rasterization and multisampling extensions), lets a device enable them and the NV features
//! (removing them, and their feature structures, from what lavapipe sees), implements their
//! state-setting commands as a driver that records them would, by recording nothing, and removes
//! their dynamic states, discard rectangle state, attachment sample counts and rasterization
//! stream from graphics pipeline create infos (reporting transform feedback's rasterization stream
//! selection). The draw
//! rules about those dynamic states (`-None-07631` … `-None-07649`) need a device that has them.

use std::ffi::{c_char, CStr};

use ash::vk;

/// The extensions the switch adds, with the revisions the pinned registry has.
pub const EXTENSIONS: [(&CStr, u32); 10] = [
    (c"VK_EXT_conservative_rasterization", 1),
    (c"VK_EXT_sample_locations", 1),
    (c"VK_EXT_discard_rectangles", 2),
    (c"VK_NV_clip_space_w_scaling", 1),
    (c"VK_NV_viewport_swizzle", 1),
    (c"VK_NV_fragment_coverage_to_color", 1),
    (c"VK_NV_framebuffer_mixed_samples", 1),
    (c"VK_NV_shading_rate_image", 3),
    (c"VK_NV_representative_fragment_test", 2),
    (c"VK_NV_coverage_reduction_mode", 1),
];

/// The feature structures of [`EXTENSIONS`] lavapipe does not know.
const FEATURE_STRUCTURES: [vk::StructureType; 3] = [
    vk::StructureType::PHYSICAL_DEVICE_SHADING_RATE_IMAGE_FEATURES_NV,
    vk::StructureType::PHYSICAL_DEVICE_REPRESENTATIVE_FRAGMENT_TEST_FEATURES_NV,
    vk::StructureType::PHYSICAL_DEVICE_COVERAGE_REDUCTION_MODE_FEATURES_NV,
];

/// The extensions' properties, for the device extension list.
pub fn extensions() -> impl Iterator<Item = vk::ExtensionProperties> {
    EXTENSIONS.into_iter().map(|(name, spec_version)| {
        let mut p = vk::ExtensionProperties { spec_version, ..Default::default() };
        for (d, s) in p.extension_name.iter_mut().zip(name.to_bytes()) {
            *d = *s as c_char;
        }
        p
    })
}

/// Whether `name` is one of [`EXTENSIONS`].
pub fn is_extension(name: *const c_char) -> bool {
    EXTENSIONS.iter().any(|(n, _)| crate::same_name(name, n))
}

/// Whether a device create info's structure of type `s_type` is one only the shim knows.
pub fn is_feature_structure(s_type: vk::StructureType) -> bool {
    FEATURE_STRUCTURES.contains(&s_type)
}

/// The commands the shim implements for a device created with the switch: vkCreateGraphicsPipelines,
/// and where it `enabled` one of [`EXTENSIONS`], their state commands.
pub fn function(name: *const c_char, enabled: bool) -> Option<vk::PFN_vkVoidFunction> {
    if crate::same_name(name, c"vkCreateGraphicsPipelines") {
        return Some(void_fn!(create_graphics_pipelines, vk::PFN_vkCreateGraphicsPipelines));
    }
    if !enabled {
        return None;
    }
    // Every command here takes the command buffer and values it does not read: one no-op per
    // parameter list (enums and VkBool32 are 32-bit integers to the calling convention).
    type Value = unsafe extern "system" fn(vk::CommandBuffer, u32);
    type Float = unsafe extern "system" fn(vk::CommandBuffer, f32);
    type Pointer = unsafe extern "system" fn(vk::CommandBuffer, *const u8);
    type CountPointer = unsafe extern "system" fn(vk::CommandBuffer, u32, *const u8);
    type RangePointer = unsafe extern "system" fn(vk::CommandBuffer, u32, u32, *const u8);
    let value = [
        c"vkCmdSetConservativeRasterizationModeEXT",
        c"vkCmdSetSampleLocationsEnableEXT",
        c"vkCmdSetViewportWScalingEnableNV",
        c"vkCmdSetCoverageToColorEnableNV",
        c"vkCmdSetCoverageToColorLocationNV",
        c"vkCmdSetCoverageModulationModeNV",
        c"vkCmdSetCoverageModulationTableEnableNV",
        c"vkCmdSetShadingRateImageEnableNV",
        c"vkCmdSetRepresentativeFragmentTestEnableNV",
        c"vkCmdSetCoverageReductionModeNV",
        c"vkCmdSetDiscardRectangleEnableEXT",
        c"vkCmdSetDiscardRectangleModeEXT",
    ];
    if value.iter().any(|n| crate::same_name(name, n)) {
        return Some(void_fn!(set_value, Value));
    }
    let others = [
        (c"vkCmdSetExtraPrimitiveOverestimationSizeEXT", void_fn!(set_float, Float)),
        (c"vkCmdSetSampleLocationsEXT", void_fn!(set_pointer, Pointer)),
        (c"vkCmdSetCoverageModulationTableNV", void_fn!(set_count_pointer, CountPointer)),
        (c"vkCmdSetViewportSwizzleNV", void_fn!(set_range_pointer, RangePointer)),
        (c"vkCmdSetDiscardRectangleEXT", void_fn!(set_range_pointer, RangePointer)),
    ];
    others.into_iter().find(|(n, _)| crate::same_name(name, n)).map(|(_, f)| f)
}

unsafe extern "system" fn set_value(_command_buffer: vk::CommandBuffer, _value: u32) {}

unsafe extern "system" fn set_float(_command_buffer: vk::CommandBuffer, _value: f32) {}

unsafe extern "system" fn set_pointer(_command_buffer: vk::CommandBuffer, _values: *const u8) {}

unsafe extern "system" fn set_count_pointer(_command_buffer: vk::CommandBuffer, _count: u32, _values: *const u8) {}

unsafe extern "system" fn set_range_pointer(
    _command_buffer: vk::CommandBuffer,
    _first: u32,
    _count: u32,
    _values: *const u8,
) {
}

/// A device of an instance with the switch (by dispatch key): the next layer's
/// vkCreateGraphicsPipelines, and whether it enabled one of [`EXTENSIONS`].
type ShimDevice = (usize, vk::PFN_vkCreateGraphicsPipelines, bool);

/// The devices of instances with the switch.
static DEVICES: std::sync::Mutex<Vec<ShimDevice>> = std::sync::Mutex::new(Vec::new());

fn devices() -> std::sync::MutexGuard<'static, Vec<ShimDevice>> {
    // A panic elsewhere leaves the list consistent enough for a test layer.
    DEVICES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Device `key` (`device`, whose next layer answers `gdpa`) was created with the switch on;
/// `enabled`: with one of [`EXTENSIONS`]. False where the next layer has no
/// vkCreateGraphicsPipelines.
///
/// # Safety
/// `gdpa` must be the next layer's vkGetDeviceProcAddr, and `device` its device.
pub unsafe fn device_created(key: usize, device: vk::Device, gdpa: vk::PFN_vkGetDeviceProcAddr, enabled: bool) -> bool {
    // SAFETY: the next layer's function, by its name.
    let Some(create) = (unsafe { gdpa(device, c"vkCreateGraphicsPipelines".as_ptr()) }) else { return false };
    // SAFETY: the function that name gives, of that type.
    let create =
        unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkCreateGraphicsPipelines>(create) };
    devices().push((key, create, enabled));
    true
}

/// Device `key` is gone.
pub fn device_destroyed(key: usize) {
    devices().retain(|&(k, ..)| k != key);
}

/// Whether device `key` was created with the switch on, and whether it enabled one of
/// [`EXTENSIONS`].
pub fn on(key: usize) -> Option<bool> {
    devices().iter().find(|&&(k, ..)| k == key).map(|&(.., enabled)| enabled)
}

/// The dynamic states of [`EXTENSIONS`] lavapipe does not know, which
/// [`create_graphics_pipelines`] removes: the discard rectangles, their enable and mode, the
/// sample locations, the conservative rasterization and sample locations enable states of
/// extended dynamic state 3, and its NV states.
fn unknown_state(state: vk::DynamicState) -> bool {
    use vk::DynamicState as D;
    let nv = D::VIEWPORT_W_SCALING_ENABLE_NV.as_raw()..=D::COVERAGE_REDUCTION_MODE_NV.as_raw();
    [
        D::DISCARD_RECTANGLE_EXT,
        D::DISCARD_RECTANGLE_ENABLE_EXT,
        D::DISCARD_RECTANGLE_MODE_EXT,
        D::SAMPLE_LOCATIONS_EXT,
        D::CONSERVATIVE_RASTERIZATION_MODE_EXT,
        D::EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT,
        D::SAMPLE_LOCATIONS_ENABLE_EXT,
    ]
    .contains(&state)
        || nv.contains(&state.as_raw())
}

/// The structures of graphics pipeline create infos' chains that [`create_graphics_pipelines`]
/// unlinks: the discard rectangles, and the attachment sample counts of mixed samples.
const UNKNOWN_STRUCTURES: [vk::StructureType; 2] = [
    vk::StructureType::PIPELINE_DISCARD_RECTANGLE_STATE_CREATE_INFO_EXT,
    vk::StructureType::ATTACHMENT_SAMPLE_COUNT_INFO_AMD,
];

/// vkCreateGraphicsPipelines on a device with [`EXTENSIONS`]: lavapipe gets create infos without
/// the dynamic states it does not know (copies of the application's dynamic state structures)
/// and without [`UNKNOWN_STRUCTURES`] (unlinked from the application's chains for the call, and
/// relinked before returning).
unsafe extern "system" fn create_graphics_pipelines(
    device: vk::Device,
    cache: vk::PipelineCache,
    count: u32,
    infos: *const vk::GraphicsPipelineCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    out: *mut vk::Pipeline,
) -> vk::Result {
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(vk::Handle::as_raw(device)) };
    let Some(next) = devices().iter().find(|&&(k, ..)| k == key).map(|&(_, f, _)| f) else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    if infos.is_null() || count == 0 {
        // SAFETY: passed on as it came.
        return unsafe { next(device, cache, count, infos, allocator, out) };
    }
    // SAFETY: the application's array of `count` create infos.
    let mut local: Vec<vk::GraphicsPipelineCreateInfo<'_>> =
        unsafe { std::slice::from_raw_parts(infos, count as usize) }.to_vec();
    // SAFETY: each create info's dynamic state, when given, with its counted states.
    let states: Vec<Option<(vk::PipelineDynamicStateCreateInfo<'_>, Vec<vk::DynamicState>)>> = local
        .iter()
        .map(|info| unsafe {
            let d = info.p_dynamic_state.as_ref()?;
            let all = if d.p_dynamic_states.is_null() {
                &[][..]
            } else {
                std::slice::from_raw_parts(d.p_dynamic_states, d.dynamic_state_count as usize)
            };
            Some((*d, all.iter().copied().filter(|&s| !unknown_state(s)).collect()))
        })
        .collect();
    let dynamic: Vec<Option<vk::PipelineDynamicStateCreateInfo<'_>>> = states
        .iter()
        .map(|s| {
            s.as_ref().map(|(d, kept)| {
                let mut d = *d;
                d.dynamic_state_count = kept.len() as u32;
                d.p_dynamic_states = kept.as_ptr();
                d
            })
        })
        .collect();
    for (info, d) in local.iter_mut().zip(&dynamic) {
        if let Some(d) = d {
            info.p_dynamic_state = d;
        }
    }
    let mut unlinked = Vec::new();
    for info in &mut local {
        let head = info as *mut vk::GraphicsPipelineCreateInfo<'_> as *mut vk::BaseOutStructure<'_>;
        for s_type in UNKNOWN_STRUCTURES {
            // SAFETY: a valid chain whose head is the local copy.
            unsafe { unlink(head, s_type, &mut unlinked) };
        }
    }
    for info in &local {
        // The rasterization state is the application's: its chain is unlinked and relinked as the
        // create info's is (a stream other than 0 needs transformFeedbackRasterizationStreamSelect,
        // which only the shim reports).
        let head = info.p_rasterization_state.cast_mut().cast::<vk::BaseOutStructure<'_>>();
        if !head.is_null() {
            let stream = vk::StructureType::PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT;
            // SAFETY: a valid rasterization state and chain, relinked before returning.
            unsafe { unlink(head, stream, &mut unlinked) };
        }
    }
    // SAFETY: the next layer's function with the local create infos, which point at `dynamic`
    // and `states` (alive until it returns).
    let result = unsafe { next(device, cache, count, local.as_ptr(), allocator, out) };
    for &(prev, cur) in unlinked.iter().rev() {
        // SAFETY: restores the links `unlink` took out, in reverse order.
        unsafe { (*prev).p_next = cur };
    }
    result
}

/// Unlinks the structures of type `s_type` from the chain after `head`, recording each with the
/// structure that pointed at it.
///
/// # Safety
/// `head` must start a valid chain whose structures the caller may write until it relinks them.
unsafe fn unlink<'a>(
    head: *mut vk::BaseOutStructure<'a>,
    s_type: vk::StructureType,
    unlinked: &mut Vec<(*mut vk::BaseOutStructure<'a>, *mut vk::BaseOutStructure<'a>)>,
) {
    let mut prev = head;
    // SAFETY: every structure of a valid chain starts with sType and pNext.
    unsafe {
        while !(*prev).p_next.is_null() {
            let cur = (*prev).p_next;
            if (*cur).s_type == s_type {
                (*prev).p_next = (*cur).p_next;
                unlinked.push((prev, cur));
            } else {
                prev = cur;
            }
        }
    }
}

/// Sets `transformFeedbackRasterizationStreamSelect` in the transform feedback properties of the
/// chain from `next`, if it has them: the shim takes the rasterization stream out of pipelines.
///
/// # Safety
/// `next` must be NULL or an output chain of valid structures.
pub unsafe fn properties(mut next: *mut std::ffi::c_void) {
    // SAFETY: every structure of a valid chain starts with sType and pNext.
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT {
            // SAFETY: the structure its type names.
            let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceTransformFeedbackPropertiesEXT<'_>>() };
            p.transform_feedback_rasterization_stream_select = vk::TRUE;
        }
        next = s.p_next.cast();
    }
}
