//! Device facts: what the application enabled and what the device offers, gathered once when
//! the instance or device is created and read by every validation object. The feature and
//! extension sets themselves are generated (`vigil_generated::features`).

use std::collections::BTreeSet;
use std::ffi::{c_char, CStr};

use vigil_generated::*;

mod formats;
#[cfg(test)]
mod tests;

pub use formats::FormatCache;

/// What a device enabled and offers, gathered once at device creation.
pub struct DeviceFacts {
    /// min(application apiVersion, physical device apiVersion).
    pub api_version: u32,
    /// The device's and the instance's enabled extensions, as named in their create infos
    /// (an extension's own commands need it enabled even where `api_version` includes its
    /// promotion).
    pub extensions: vigil_generated::features::ExtensionSet,
    /// The device extensions the application enabled, by name (promotion aside: some rules
    /// name the extension itself).
    pub extension_names: BTreeSet<String>,
    /// The instance's enabled extensions, by name.
    pub instance_extension_names: BTreeSet<String>,
    pub limits: VkPhysicalDeviceLimits,
    /// The physical device's memory types and heaps.
    pub memory_properties: VkPhysicalDeviceMemoryProperties,
    /// `pQueueFamilyPropertyCount` of the physical device.
    pub queue_family_count: u32,
    /// The physical devices the device was created from: `VkDeviceGroupDeviceCreateInfo`'s
    /// count when chained and not 0, else 1. A device mask has a bit per one.
    pub physical_device_count: u32,
    /// Each queue family's `VkQueueFlags`, by index.
    pub queue_family_flags: Vec<u32>,
    /// The features the device was created with.
    pub features: vigil_generated::features::FeatureSet,
    /// The physical device the device was created from, for format queries.
    pub physical_device: VkPhysicalDevice,
    /// The next layer's `vkGetPhysicalDeviceImageFormatProperties`: image creation limits.
    pub get_image_format_properties: Option<PFN_vkGetPhysicalDeviceImageFormatProperties>,
    /// What Vigil asks the driver about the application's objects.
    pub driver: DriverQueries,
    /// What the device's physical device says of surfaces.
    pub surfaces: SurfaceQueries,
    /// The next layer's `vkGetPhysicalDeviceFormatProperties`: format features.
    pub get_format_properties: Option<PFN_vkGetPhysicalDeviceFormatProperties>,
    /// The properties that allow some SPIR-V capabilities; `None` where the device cannot
    /// report them (before Vulkan 1.2), and then such capabilities are not judged.
    pub spirv_properties: Option<SpirvProperties>,
    /// The next layer's `vkGetPhysicalDeviceFormatProperties2`, when the device can answer
    /// `VkFormatProperties3` (Vulkan 1.3): format features beyond the first 32 bits.
    pub get_format_properties2: Option<PFN_vkGetPhysicalDeviceFormatProperties2>,
    /// `VkPhysicalDeviceNestedCommandBufferPropertiesEXT::maxCommandBufferNestingLevel`, asked
    /// only when the nestedCommandBuffer feature is enabled.
    pub max_command_buffer_nesting_level: Option<u32>,
    /// `VkPhysicalDeviceExtendedDynamicState3PropertiesEXT::dynamicPrimitiveTopologyUnrestricted`,
    /// asked only when VK_EXT_extended_dynamic_state3 is enabled (the structure is that
    /// extension's).
    pub dynamic_primitive_topology_unrestricted: Option<bool>,
    /// `VkPhysicalDeviceProvokingVertexPropertiesEXT::provokingVertexModePerPipeline`, asked
    /// only when VK_EXT_provoking_vertex is enabled.
    pub provoking_vertex_mode_per_pipeline: Option<bool>,
    /// `VkPhysicalDeviceSampleLocationsPropertiesEXT::variableSampleLocations`, asked only when
    /// VK_EXT_sample_locations is enabled.
    pub variable_sample_locations: Option<bool>,
    /// The format features asked so far (the `get_format_properties` functions' answers).
    pub formats: FormatCache,
    /// vkGetPhysicalDeviceImageFormatProperties2, kept only where VK_EXT_filter_cubic is
    /// enabled: what cubic filtering an image view supports (`filter_cubic`).
    pub get_image_format_properties2: Option<PFN_vkGetPhysicalDeviceImageFormatProperties2>,
    /// `VkPhysicalDeviceMaintenance4Properties::maxBufferSize`, asked only where the device has
    /// Vulkan 1.3 or enabled VK_KHR_maintenance4.
    pub max_buffer_size: Option<u64>,
    /// What `VkPhysicalDeviceDescriptorBufferPropertiesEXT` says of buffers, asked only when
    /// VK_EXT_descriptor_buffer is enabled.
    pub descriptor_buffer: Option<DescriptorBufferProperties>,
    /// What some enabled extensions' properties structures say.
    pub extension_limits: ExtensionLimits,
    /// The next layer's vkGetPhysicalDeviceVideoFormatPropertiesKHR, kept only where
    /// VK_KHR_video_queue is enabled: the formats a video profile list allows
    /// (`video_formats`).
    pub get_video_format_properties: Option<PFN_vkGetPhysicalDeviceVideoFormatPropertiesKHR>,
}

/// The descriptor buffer properties buffer creation is held to.
#[derive(Clone, Copy, Debug)]
pub struct DescriptorBufferProperties {
    pub bufferless_push_descriptors: bool,
    pub sampler_address_space: u64,
    pub resource_address_space: u64,
    pub address_space: u64,
}

/// The physical device's `maxCommandBufferNestingLevel`, through the next layer's
/// vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers VK_EXT_nested_command_buffer.
pub unsafe fn max_command_buffer_nesting_level(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> u32 {
    // SAFETY: per the function's contract.
    unsafe { extension_properties::<VkPhysicalDeviceNestedCommandBufferPropertiesEXT>(get, physical_device) }
        .maxCommandBufferNestingLevel
}

/// An extension's properties structure `T` (its `Default` sets its sType), alone in the chain of
/// the next layer's vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers the extension of `T`.
unsafe fn extension_properties<T: Default>(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> T {
    let mut out = T::default();
    let mut props2 = VkPhysicalDeviceProperties2 { pNext: &mut out as *mut T as *mut _, ..Default::default() };
    // SAFETY: per the function's contract; the chain lives on this stack frame.
    unsafe { get(physical_device, &mut props2) };
    out
}

/// The physical device's `provokingVertexModePerPipeline`, through the next layer's
/// vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers VK_EXT_provoking_vertex.
pub unsafe fn provoking_vertex_mode_per_pipeline(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> bool {
    // SAFETY: per the function's contract.
    unsafe { extension_properties::<VkPhysicalDeviceProvokingVertexPropertiesEXT>(get, physical_device) }
        .provokingVertexModePerPipeline
        != VK_FALSE
}

/// The physical device's `variableSampleLocations`, through the next layer's
/// vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers VK_EXT_sample_locations.
pub unsafe fn variable_sample_locations(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> bool {
    // SAFETY: per the function's contract.
    unsafe { extension_properties::<VkPhysicalDeviceSampleLocationsPropertiesEXT>(get, physical_device) }
        .variableSampleLocations
        != VK_FALSE
}

/// The physical device's `dynamicPrimitiveTopologyUnrestricted`, through the next layer's
/// vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers VK_EXT_extended_dynamic_state3.
pub unsafe fn dynamic_primitive_topology_unrestricted(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> bool {
    // SAFETY: per the function's contract.
    unsafe { extension_properties::<VkPhysicalDeviceExtendedDynamicState3PropertiesEXT>(get, physical_device) }
        .dynamicPrimitiveTopologyUnrestricted
        != VK_FALSE
}

/// The physical device's `maxBufferSize`, through the next layer's vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// has Vulkan 1.3 or offers VK_KHR_maintenance4.
pub unsafe fn max_buffer_size(get: PFN_vkGetPhysicalDeviceProperties2, physical_device: VkPhysicalDevice) -> u64 {
    // SAFETY: per the function's contract.
    unsafe { extension_properties::<VkPhysicalDeviceMaintenance4Properties>(get, physical_device) }.maxBufferSize
}

/// The physical device's descriptor buffer properties, through the next layer's
/// vkGetPhysicalDeviceProperties2.
///
/// # Safety
/// `get` is the next layer's function and `physical_device` one of its physical devices, which
/// offers VK_EXT_descriptor_buffer.
pub unsafe fn descriptor_buffer_properties(
    get: PFN_vkGetPhysicalDeviceProperties2,
    physical_device: VkPhysicalDevice,
) -> DescriptorBufferProperties {
    // SAFETY: per the function's contract.
    let p = unsafe { extension_properties::<VkPhysicalDeviceDescriptorBufferPropertiesEXT>(get, physical_device) };
    DescriptorBufferProperties {
        bufferless_push_descriptors: p.bufferlessPushDescriptors != VK_FALSE,
        sampler_address_space: p.samplerDescriptorBufferAddressSpaceSize,
        resource_address_space: p.resourceDescriptorBufferAddressSpaceSize,
        address_space: p.descriptorBufferAddressSpaceSize,
    }
}

/// The properties of the extensions behind image rules (fragment density maps, fragment
/// shading rates) and sampler limits (custom border colors), each asked only where `enabled`
/// names its extension (the structure is the extension's).
#[derive(Clone, Copy, Default)]
pub struct ExtensionLimits {
    /// `VkPhysicalDeviceCustomBorderColorPropertiesEXT::maxCustomBorderColorSamplers`.
    pub max_custom_border_color_samplers: Option<u32>,
    /// `VkPhysicalDeviceFragmentDensityMapPropertiesEXT::minFragmentDensityTexelSize`.
    pub min_fragment_density_texel_size: Option<VkExtent2D>,
    /// `VkPhysicalDeviceFragmentDensityMap2PropertiesEXT::maxSubsampledArrayLayers`.
    pub max_subsampled_array_layers: Option<u32>,
    /// `VkPhysicalDeviceFragmentShadingRatePropertiesKHR::layeredShadingRateAttachments`.
    pub layered_shading_rate_attachments: Option<bool>,
    /// `VkPhysicalDeviceFragmentShadingRatePropertiesKHR::primitiveFragmentShadingRateWithMultipleViewports`.
    pub primitive_rate_with_multiple_viewports: Option<bool>,
}

impl ExtensionLimits {
    /// Asks the next layer's vkGetPhysicalDeviceProperties2 for the structures of the extensions
    /// `enabled` says are enabled.
    ///
    /// # Safety
    /// `get` is the next layer's function and `physical_device` one of its physical devices, which
    /// offers every extension `enabled` answers true for.
    pub unsafe fn query(
        get: PFN_vkGetPhysicalDeviceProperties2,
        physical_device: VkPhysicalDevice,
        enabled: impl Fn(&str) -> bool,
    ) -> Self {
        // SAFETY (each): per the function's contract, the extension of each structure enabled.
        unsafe {
            let rate = enabled("VK_KHR_fragment_shading_rate").then(|| {
                extension_properties::<VkPhysicalDeviceFragmentShadingRatePropertiesKHR>(get, physical_device)
            });
            ExtensionLimits {
                max_custom_border_color_samplers: enabled("VK_EXT_custom_border_color").then(|| {
                    extension_properties::<VkPhysicalDeviceCustomBorderColorPropertiesEXT>(get, physical_device)
                        .maxCustomBorderColorSamplers
                }),
                min_fragment_density_texel_size: enabled("VK_EXT_fragment_density_map").then(|| {
                    extension_properties::<VkPhysicalDeviceFragmentDensityMapPropertiesEXT>(get, physical_device)
                        .minFragmentDensityTexelSize
                }),
                max_subsampled_array_layers: enabled("VK_EXT_fragment_density_map2").then(|| {
                    extension_properties::<VkPhysicalDeviceFragmentDensityMap2PropertiesEXT>(get, physical_device)
                        .maxSubsampledArrayLayers
                }),
                layered_shading_rate_attachments: rate.as_ref().map(|r| r.layeredShadingRateAttachments != VK_FALSE),
                primitive_rate_with_multiple_viewports: rate
                    .as_ref()
                    .map(|r| r.primitiveFragmentShadingRateWithMultipleViewports != VK_FALSE),
            }
        }
    }
}

/// The device properties vk.xml's SPIR-V capability table names
/// (`vigil_generated::spirv::PropertyStructure`).
pub struct SpirvProperties {
    pub vulkan11: VkPhysicalDeviceVulkan11Properties,
    pub vulkan12: VkPhysicalDeviceVulkan12Properties,
}

// SAFETY: the structures' only pointers are their pNext members, null after `query` and
// never read.
unsafe impl Send for SpirvProperties {}
// SAFETY: as for Send.
unsafe impl Sync for SpirvProperties {}

impl SpirvProperties {
    /// Asks the driver, through the next layer's vkGetPhysicalDeviceProperties2, which the
    /// instance must offer (Vulkan 1.1) and the physical device must answer these structures
    /// for (Vulkan 1.2).
    ///
    /// # Safety
    /// `get` is the next layer's function and `physical_device` one of its physical devices.
    pub unsafe fn query(get: PFN_vkGetPhysicalDeviceProperties2, physical_device: VkPhysicalDevice) -> Self {
        let mut p = SpirvProperties { vulkan11: Default::default(), vulkan12: Default::default() };
        p.vulkan11.pNext = &mut p.vulkan12 as *mut _ as *mut _;
        let mut props2 =
            VkPhysicalDeviceProperties2 { pNext: &mut p.vulkan11 as *mut _ as *mut _, ..Default::default() };
        // SAFETY: as the caller promises; the chain lives on this frame for the call.
        unsafe { get(physical_device, &mut props2) };
        (p.vulkan11.pNext, p.vulkan12.pNext) = (std::ptr::null_mut(), std::ptr::null_mut());
        p
    }

    /// The 32-bit member at `offset` of `structure` (the generated table's offsets are of
    /// `VkBool32` or 32-bit flags members).
    pub fn member(&self, structure: vigil_generated::spirv::PropertyStructure, offset: usize) -> u32 {
        use vigil_generated::spirv::PropertyStructure as S;
        let (base, size) = match structure {
            S::Vulkan11 => (&self.vulkan11 as *const _ as *const u8, std::mem::size_of_val(&self.vulkan11)),
            S::Vulkan12 => (&self.vulkan12 as *const _ as *const u8, std::mem::size_of_val(&self.vulkan12)),
        };
        if offset + 4 > size {
            return 0;
        }
        // SAFETY: inside the structure (checked above), at a member's offset (offset_of!), which
        // the generator checked is a 32-bit member; read unaligned to need no more than that.
        unsafe { base.add(offset).cast::<u32>().read_unaligned() }
    }
}

impl DeviceFacts {
    /// With VK_EXT_filter_cubic: whether an image view of `view_type` and `format`, of an image
    /// of `tiling` and `usage`, supports cubic filtering and cubic filtering with a min or max
    /// reduction (`VkFilterCubicImageViewImageFormatPropertiesEXT`); `None` without the
    /// extension, or when the driver does not support the combination at all.
    pub fn filter_cubic(
        &self,
        view_type: VkImageViewType,
        format: VkFormat,
        (tiling, usage): (i32, u32),
    ) -> Option<(bool, bool)> {
        use VkImageViewType as V;
        let get = self.get_image_format_properties2?;
        let ty = match view_type {
            V::VK_IMAGE_VIEW_TYPE_1D | V::VK_IMAGE_VIEW_TYPE_1D_ARRAY => VkImageType::VK_IMAGE_TYPE_1D,
            V::VK_IMAGE_VIEW_TYPE_3D => VkImageType::VK_IMAGE_TYPE_3D,
            _ => VkImageType::VK_IMAGE_TYPE_2D,
        };
        let mut view = VkPhysicalDeviceImageViewImageFormatInfoEXT { imageViewType: view_type, ..Default::default() };
        let info = VkPhysicalDeviceImageFormatInfo2 {
            pNext: &mut view as *mut VkPhysicalDeviceImageViewImageFormatInfoEXT as *const _,
            format,
            r#type: ty,
            tiling: VkImageTiling(tiling),
            usage: VkImageUsageFlags(usage),
            ..Default::default()
        };
        let mut cubic = VkFilterCubicImageViewImageFormatPropertiesEXT::default();
        let mut out = VkImageFormatProperties2 { pNext: &mut cubic as *mut _ as *mut _, ..Default::default() };
        // SAFETY: the next layer's function for this device's physical device; the chains live
        // on this frame.
        let result = unsafe { get(self.physical_device, &info, &mut out) };
        (result.0 == 0).then_some((cubic.filterCubic != VK_FALSE, cubic.filterCubicMinmax != VK_FALSE))
    }

    /// vkGetPhysicalDeviceVideoFormatPropertiesKHR for `usage` and the profile list `profiles`:
    /// the formats the profiles allow; empty when the driver answers an error; `None` without
    /// VK_KHR_video_queue.
    ///
    /// # Safety
    /// `profiles` must be a valid `VkVideoProfileListInfoKHR` (its profiles and their chains are
    /// passed on; its own pNext, the rest of the application's chain, is not).
    pub unsafe fn video_formats(
        &self,
        usage: VkImageUsageFlags,
        profiles: &VkVideoProfileListInfoKHR,
    ) -> Option<Vec<VkVideoFormatPropertiesKHR>> {
        let get = self.get_video_format_properties?;
        // The list alone: the structures after it in the create info's chain do not extend the
        // format query.
        let list = VkVideoProfileListInfoKHR { pNext: std::ptr::null(), ..*profiles };
        let info = VkPhysicalDeviceVideoFormatInfoKHR {
            pNext: &list as *const VkVideoProfileListInfoKHR as *const _,
            imageUsage: usage,
            ..Default::default()
        };
        // SAFETY: the next layer's function for this device's physical device; `info` and `list`
        // live on this frame and the array holds `n` entries.
        let formats = unsafe { two_calls(|n, p| get(self.physical_device, &info, n, p)) };
        Some(formats.unwrap_or_default())
    }

    /// The property flags of memory type `index` and the flags of its heap; `None` for an index
    /// the device does not have.
    pub fn memory_type(&self, index: u32) -> Option<(VkMemoryPropertyFlags, VkMemoryHeapFlags)> {
        let p = &self.memory_properties;
        let ty = p.memoryTypes.get(index as usize).filter(|_| index < p.memoryTypeCount)?;
        let heap = p.memoryHeaps.get(ty.heapIndex as usize).map_or(VkMemoryHeapFlags(0), |h| h.flags);
        Some((ty.propertyFlags, heap))
    }
}

/// Queries Vigil makes of the driver itself (through the next layer's functions, with the
/// driver's handles), where a rule names what only the driver computes, such as an object's
/// memory requirements.
pub struct DriverQueries {
    device: VkDevice,
    buffer_requirements: Option<PFN_vkGetBufferMemoryRequirements>,
    image_requirements: Option<PFN_vkGetImageMemoryRequirements>,
    /// The driver's handle for one the application names (handle wrapping translates ids);
    /// `None` for a handle that is not live.
    driver_handle: fn(u64) -> Option<u64>,
}

impl DriverQueries {
    /// Queries of `device` through the next layer's functions; `driver_handle` translates the
    /// application's non-dispatchable handles.
    pub fn new(
        device: VkDevice,
        buffer_requirements: Option<PFN_vkGetBufferMemoryRequirements>,
        image_requirements: Option<PFN_vkGetImageMemoryRequirements>,
        driver_handle: fn(u64) -> Option<u64>,
    ) -> Self {
        DriverQueries { device, buffer_requirements, image_requirements, driver_handle }
    }

    /// vkGetBufferMemoryRequirements for a live buffer of this device.
    pub fn buffer_memory_requirements(&self, buffer: u64) -> Option<VkMemoryRequirements> {
        self.requirements(self.buffer_requirements?, buffer)
    }

    /// vkGetImageMemoryRequirements for a live image of this device; the caller keeps disjoint
    /// images (which need a plane's query) away.
    pub fn image_memory_requirements(&self, image: u64) -> Option<VkMemoryRequirements> {
        self.requirements(self.image_requirements?, image)
    }

    fn requirements<H: Handle>(
        &self,
        get: unsafe extern "system" fn(VkDevice, H, *mut VkMemoryRequirements),
        handle: u64,
    ) -> Option<VkMemoryRequirements> {
        let raw = (self.driver_handle)(handle)?;
        let mut out = VkMemoryRequirements::default();
        // SAFETY: the next layer's function, a live device and the driver's handle of a live
        // object of the type it takes.
        unsafe { get(self.device, H::from_raw(raw), &mut out) };
        Some(out)
    }
}

/// The pointers of a `count`-long string array (empty when null).
///
/// # Safety
/// `names` must point at `count` pointers, or be null.
pub unsafe fn name_list<'a>(names: *const *const c_char, count: u32) -> &'a [*const c_char] {
    if names.is_null() || count == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(names, count as usize) }
    }
}

/// Reads `count` C strings from `names` into a set.
///
/// # Safety
/// `names` must point at `count` valid NUL-terminated strings (or be null with count 0).
pub unsafe fn name_set(names: *const *const c_char, count: u32) -> BTreeSet<String> {
    unsafe { name_list(names, count) }
        .iter()
        .filter(|p| !p.is_null())
        .map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        .collect()
}

/// Surface queries of the device's physical device, through the next layer's instance functions
/// (with the driver's surface handles), for the swapchain rules.
pub struct SurfaceQueries {
    pub physical_device: VkPhysicalDevice,
    pub capabilities: Option<PFN_vkGetPhysicalDeviceSurfaceCapabilitiesKHR>,
    pub formats: Option<PFN_vkGetPhysicalDeviceSurfaceFormatsKHR>,
    pub present_modes: Option<PFN_vkGetPhysicalDeviceSurfacePresentModesKHR>,
    pub support: Option<PFN_vkGetPhysicalDeviceSurfaceSupportKHR>,
    /// The queue families the device was created with: the ones that may present for it.
    pub queue_families: Vec<u32>,
    /// The driver's handle for a surface the application names.
    pub driver_handle: fn(u64) -> Option<u64>,
}

impl SurfaceQueries {
    fn surface(&self, surface: VkSurfaceKHR) -> Option<VkSurfaceKHR> {
        (self.driver_handle)(surface.as_raw()).map(VkSurfaceKHR::from_raw)
    }

    /// `surface`'s capabilities.
    pub fn capabilities(&self, surface: VkSurfaceKHR) -> Option<VkSurfaceCapabilitiesKHR> {
        let (get, surface) = (self.capabilities?, self.surface(surface)?);
        let mut caps = VkSurfaceCapabilitiesKHR::default();
        // SAFETY: the next layer's function, for this physical device and a live surface.
        let r = unsafe { get(self.physical_device, surface, &mut caps) };
        (r == VkResult::VK_SUCCESS).then_some(caps)
    }

    /// Whether one of the device's queue families can present to `surface`; `None` when the
    /// driver cannot be asked.
    pub fn supported(&self, surface: VkSurfaceKHR) -> Option<bool> {
        let (get, surface) = (self.support?, self.surface(surface)?);
        let mut any = false;
        for &family in &self.queue_families {
            let mut supported = 0;
            // SAFETY: as for `capabilities`; a family the device was created with.
            if unsafe { get(self.physical_device, family, surface, &mut supported) } != VkResult::VK_SUCCESS {
                return None;
            }
            any |= supported != 0;
        }
        Some(any)
    }

    /// `surface`'s formats.
    pub fn formats(&self, surface: VkSurfaceKHR) -> Option<Vec<VkSurfaceFormatKHR>> {
        let (get, surface) = (self.formats?, self.surface(surface)?);
        // SAFETY (both): as for `capabilities`; the array holds `n` entries.
        unsafe { two_calls(|n, p| get(self.physical_device, surface, n, p)) }
    }

    /// `surface`'s present modes.
    pub fn present_modes(&self, surface: VkSurfaceKHR) -> Option<Vec<VkPresentModeKHR>> {
        let (get, surface) = (self.present_modes?, self.surface(surface)?);
        // SAFETY: as for `formats`.
        unsafe { two_calls(|n, p| get(self.physical_device, surface, n, p)) }
    }
}

/// The usual count-then-fill enumeration; `None` when either call fails or the list changes
/// in between.
///
/// # Safety
/// `f` must be an enumeration that writes at most `*n` entries to a non-null `p`.
unsafe fn two_calls<T: Default + Clone>(f: impl Fn(*mut u32, *mut T) -> VkResult) -> Option<Vec<T>> {
    let mut n = 0u32;
    if f(&mut n, std::ptr::null_mut()) != VkResult::VK_SUCCESS {
        return None;
    }
    let mut v = vec![T::default(); n as usize];
    if f(&mut n, v.as_mut_ptr()) != VkResult::VK_SUCCESS {
        return None;
    }
    v.truncate(n as usize);
    Some(v)
}
