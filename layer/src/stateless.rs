//! Stateless parameter validation: rules a call's parameters must satisfy on their own, given
//! only the device's properties. Hand-written explicit rules for the create-infos applications
//! get wrong most; the registry's implicit rules will be generated beside them.

#![allow(non_snake_case)]

mod engine;
mod objects;

use std::collections::{BTreeSet, HashSet};
use std::ffi::c_void;
use std::fmt;
use std::sync::{Arc, OnceLock};

use vigil_generated::features::Feature;
use vigil_generated::stateless::Stateless;
use vigil_generated::*;

pub use objects::{DeviceEngine, InstanceEngine};

use crate::report::{Finding, Location, Object, Reporter, Severity};

/// Stateless validation of instance-level commands: the generated implicit checks, then the
/// explicit ones.
pub type InstanceChecks = (Stateless<InstanceEngine>, InstanceStateless);
/// Stateless validation of device-level commands, generated then explicit.
pub type DeviceChecks = (Stateless<DeviceEngine>, DeviceStateless);

/// The instance-level checks for the instance `info` is about to create.
///
/// # Safety
/// `info` must be a valid `VkInstanceCreateInfo`.
pub unsafe fn instance_checks(reporter: &Arc<Reporter>, info: *const VkInstanceCreateInfo) -> InstanceChecks {
    let engine = unsafe { InstanceEngine::new(reporter.clone(), info) };
    (Stateless(engine), InstanceStateless { reporter: reporter.clone(), fns: OnceLock::new() })
}

/// The instance exists: the checks may now query physical devices through `dispatch`.
pub fn instance_created(checks: &InstanceChecks, dispatch: &InstanceDispatch) {
    checks.0 .0.instance_created(dispatch);
    let fns = InstanceFns { get_queue_family_properties: dispatch.get_physical_device_queue_family_properties };
    let _ = checks.1.fns.set(fns);
}

/// The device-level checks of a device created with `info` at `api_version` (the instance
/// has `instance_extensions` enabled).
///
/// # Safety
/// `info` must be a valid `VkDeviceCreateInfo`.
pub unsafe fn device_checks(
    reporter: &Arc<Reporter>,
    facts: &Arc<DeviceFacts>,
    api_version: u32,
    info: &VkDeviceCreateInfo,
    instance_extensions: &BTreeSet<String>,
) -> DeviceChecks {
    let device_extensions =
        unsafe { crate::instance::name_set(info.ppEnabledExtensionNames, info.enabledExtensionCount) };
    let engine = DeviceEngine::new(reporter.clone(), api_version, &device_extensions, instance_extensions);
    (Stateless(engine), DeviceStateless { reporter: reporter.clone(), facts: facts.clone() })
}

/// What instance-level checks need from the next layer, known once the instance exists.
pub struct InstanceFns {
    pub get_queue_family_properties: Option<PFN_vkGetPhysicalDeviceQueueFamilyProperties>,
}

/// Stateless checks of instance-level commands.
pub struct InstanceStateless {
    pub reporter: Arc<Reporter>,
    pub fns: OnceLock<InstanceFns>,
}

/// The device's properties the checks read, queried once at device creation.
pub struct DeviceFacts {
    pub limits: VkPhysicalDeviceLimits,
    pub memory_type_count: u32,
    /// The features the device was created with.
    pub features: vigil_generated::features::FeatureSet,
}

/// Stateless checks of device-level commands.
pub struct DeviceStateless {
    pub reporter: Arc<Reporter>,
    pub facts: Arc<DeviceFacts>,
}

fn error(
    reporter: &Reporter,
    id: &'static str,
    location: &Location<'_>,
    objects: &[Object],
    m: fmt::Arguments<'_>,
) -> bool {
    reporter.report(Finding { severity: Severity::Error, id, location, objects, message: m })
}

/// `count` elements at `p`, or nothing when either is zero/null.
///
/// # Safety
/// When non-null, `p` must point at `count` elements (the application's promise).
unsafe fn elements<'a, T>(p: *const T, count: u32) -> &'a [T] {
    if p.is_null() || count == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(p, count as usize) }
    }
}

impl ValidationObject for InstanceStateless {
    fn pre_call_validate_create_device(
        &self,
        physicalDevice: VkPhysicalDevice,
        pCreateInfo: *const VkDeviceCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pDevice: *mut VkDevice,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let mut families = Vec::new();
        if let Some(get) = self.fns.get().and_then(|f| f.get_queue_family_properties) {
            let mut n = 0;
            // SAFETY: the next layer's function, called with the two-call idiom.
            unsafe { get(physicalDevice, &mut n, std::ptr::null_mut()) };
            families.resize(n as usize, VkQueueFamilyProperties::default());
            unsafe { get(physicalDevice, &mut n, families.as_mut_ptr()) };
            families.truncate(n as usize);
        }
        let objects = [Object::of(physicalDevice)];
        let cmd = Location::command("vkCreateDevice");
        let info_loc = cmd.dot("pCreateInfo");
        let queues_loc = info_loc.arrow("pQueueCreateInfos");
        let mut skip = false;
        let mut seen: HashSet<(u32, bool)> = HashSet::new();
        // SAFETY: the application promises queueCreateInfoCount elements.
        for (i, q) in unsafe { elements(info.pQueueCreateInfos, info.queueCreateInfoCount) }.iter().enumerate() {
            let at = queues_loc.index(i);
            let protected = q.flags.contains(VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT);
            if !seen.insert((q.queueFamilyIndex, protected)) {
                skip |= error(
                    &self.reporter,
                    "VUID-VkDeviceCreateInfo-queueFamilyIndex-02802",
                    &at.dot("queueFamilyIndex"),
                    &objects,
                    format_args!(
                        "is {}, already used by an earlier element with the same protected flag.",
                        q.queueFamilyIndex
                    ),
                );
            }
            if !families.is_empty() {
                match families.get(q.queueFamilyIndex as usize) {
                    None => {
                        skip |= error(
                            &self.reporter,
                            "VUID-VkDeviceQueueCreateInfo-queueFamilyIndex-00381",
                            &at.dot("queueFamilyIndex"),
                            &objects,
                            format_args!(
                                "is {}, but the physical device has {} queue families.",
                                q.queueFamilyIndex,
                                families.len()
                            ),
                        );
                    }
                    Some(f) if q.queueCount > f.queueCount => {
                        skip |= error(
                            &self.reporter,
                            "VUID-VkDeviceQueueCreateInfo-queueCount-00382",
                            &at.dot("queueCount"),
                            &objects,
                            format_args!(
                                "is {}, but queue family {} has only {} queues.",
                                q.queueCount, q.queueFamilyIndex, f.queueCount
                            ),
                        );
                    }
                    Some(_) => {}
                }
            }
            // SAFETY: the application promises queueCount priorities.
            for (j, p) in unsafe { elements(q.pQueuePriorities, q.queueCount) }.iter().enumerate() {
                if !(0.0..=1.0).contains(p) {
                    let prios = at.dot("pQueuePriorities");
                    skip |= error(
                        &self.reporter,
                        "VUID-VkDeviceQueueCreateInfo-pQueuePriorities-00383",
                        &prios.index(j),
                        &objects,
                        format_args!("is {p}, outside [0.0, 1.0]."),
                    );
                }
            }
        }
        skip
    }
}

impl DeviceStateless {
    fn error(&self, id: &'static str, at: &Location<'_>, objects: &[Object], m: fmt::Arguments<'_>) -> bool {
        error(&self.reporter, id, at, objects, m)
    }
}

impl ValidationObject for DeviceStateless {
    fn pre_call_validate_create_sampler(
        &self,
        device: VkDevice,
        pCreateInfo: *const VkSamplerCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pSampler: *mut VkSampler,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let objects = [Object::of(device)];
        let cmd = Location::command("vkCreateSampler");
        let at = cmd.dot("pCreateInfo");
        let limits = &self.facts.limits;
        let mut skip = false;
        if info.anisotropyEnable == VK_TRUE {
            if !self.facts.features.contains(Feature::SAMPLER_ANISOTROPY) {
                skip |= self.error(
                    "VUID-VkSamplerCreateInfo-anisotropyEnable-01070",
                    &at.arrow("anisotropyEnable"),
                    &objects,
                    format_args!("is VK_TRUE, but the samplerAnisotropy feature is not enabled."),
                );
            }
            if !(1.0..=limits.maxSamplerAnisotropy).contains(&info.maxAnisotropy) {
                skip |= self.error(
                    "VUID-VkSamplerCreateInfo-anisotropyEnable-01071",
                    &at.arrow("maxAnisotropy"),
                    &objects,
                    format_args!(
                        "is {}, outside [1.0, maxSamplerAnisotropy ({})].",
                        info.maxAnisotropy, limits.maxSamplerAnisotropy
                    ),
                );
            }
        }
        if info.mipLodBias.abs() > limits.maxSamplerLodBias {
            skip |= self.error(
                "VUID-VkSamplerCreateInfo-mipLodBias-01069",
                &at.arrow("mipLodBias"),
                &objects,
                format_args!("is {}, beyond maxSamplerLodBias ({}).", info.mipLodBias, limits.maxSamplerLodBias),
            );
        }
        if info.maxLod < info.minLod {
            skip |= self.error(
                "VUID-VkSamplerCreateInfo-maxLod-01973",
                &at.arrow("maxLod"),
                &objects,
                format_args!("is {}, less than minLod ({}).", info.maxLod, info.minLod),
            );
        }
        skip
    }

    fn pre_call_validate_create_pipeline_layout(
        &self,
        device: VkDevice,
        pCreateInfo: *const VkPipelineLayoutCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pPipelineLayout: *mut VkPipelineLayout,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let objects = [Object::of(device)];
        let cmd = Location::command("vkCreatePipelineLayout");
        let at = cmd.dot("pCreateInfo");
        let limits = &self.facts.limits;
        let mut skip = false;
        if info.setLayoutCount > limits.maxBoundDescriptorSets {
            skip |= self.error(
                "VUID-VkPipelineLayoutCreateInfo-setLayoutCount-00286",
                &at.arrow("setLayoutCount"),
                &objects,
                format_args!(
                    "is {}, more than maxBoundDescriptorSets ({}).",
                    info.setLayoutCount, limits.maxBoundDescriptorSets
                ),
            );
        }
        let max = limits.maxPushConstantsSize;
        let ranges_at = at.arrow("pPushConstantRanges");
        // SAFETY: the application promises pushConstantRangeCount ranges.
        let ranges = unsafe { elements(info.pPushConstantRanges, info.pushConstantRangeCount) };
        for (i, r) in ranges.iter().enumerate() {
            let range = ranges_at.index(i);
            if r.offset >= max {
                skip |= self.error(
                    "VUID-VkPushConstantRange-offset-00294",
                    &range.dot("offset"),
                    &objects,
                    format_args!("is {}, not less than maxPushConstantsSize ({max}).", r.offset),
                );
            } else if r.size > max - r.offset {
                skip |= self.error(
                    "VUID-VkPushConstantRange-size-00298",
                    &range.dot("size"),
                    &objects,
                    format_args!("is {}, more than maxPushConstantsSize ({max}) minus offset ({}).", r.size, r.offset),
                );
            }
            if r.offset % 4 != 0 {
                skip |= self.error(
                    "VUID-VkPushConstantRange-offset-00295",
                    &range.dot("offset"),
                    &objects,
                    format_args!("is {}, not a multiple of 4.", r.offset),
                );
            }
            if r.size == 0 {
                skip |= self.error(
                    "VUID-VkPushConstantRange-size-00296",
                    &range.dot("size"),
                    &objects,
                    format_args!("is 0."),
                );
            } else if r.size % 4 != 0 {
                skip |= self.error(
                    "VUID-VkPushConstantRange-size-00297",
                    &range.dot("size"),
                    &objects,
                    format_args!("is {}, not a multiple of 4.", r.size),
                );
            }
            if let Some(j) = ranges[..i].iter().position(|earlier| earlier.stageFlags.intersects(r.stageFlags)) {
                skip |= self.error(
                    "VUID-VkPipelineLayoutCreateInfo-pPushConstantRanges-00292",
                    &range.dot("stageFlags"),
                    &objects,
                    format_args!(
                        "is 0x{:x}, sharing stages 0x{:x} with pPushConstantRanges[{j}].",
                        r.stageFlags.0,
                        (r.stageFlags & ranges[j].stageFlags).0
                    ),
                );
            }
        }
        skip
    }

    fn pre_call_validate_create_descriptor_set_layout(
        &self,
        device: VkDevice,
        pCreateInfo: *const VkDescriptorSetLayoutCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pSetLayout: *mut VkDescriptorSetLayout,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let per_stage =
            info.flags.contains(VkDescriptorSetLayoutCreateFlags::VK_DESCRIPTOR_SET_LAYOUT_CREATE_PER_STAGE_BIT_NV)
                && self.facts.features.contains(Feature::PER_STAGE_DESCRIPTOR_SET);
        if per_stage {
            return false;
        }
        let cmd = Location::command("vkCreateDescriptorSetLayout");
        let at = cmd.dot("pCreateInfo");
        let bindings_at = at.arrow("pBindings");
        // SAFETY: the application promises bindingCount bindings.
        let bindings = unsafe { elements(info.pBindings, info.bindingCount) };
        let mut skip = false;
        for (i, b) in bindings.iter().enumerate() {
            if let Some(j) = bindings[..i].iter().position(|earlier| earlier.binding == b.binding) {
                skip |= self.error(
                    "VUID-VkDescriptorSetLayoutCreateInfo-binding-00279",
                    &bindings_at.index(i).dot("binding"),
                    &[Object::of(device)],
                    format_args!("is {}, the same as pBindings[{j}].binding.", b.binding),
                );
            }
        }
        skip
    }

    fn pre_call_validate_create_buffer(
        &self,
        device: VkDevice,
        pCreateInfo: *const VkBufferCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pBuffer: *mut VkBuffer,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let objects = [Object::of(device)];
        let cmd = Location::command("vkCreateBuffer");
        let at = cmd.dot("pCreateInfo");
        let mut skip = false;
        if info.size == 0 {
            skip |=
                self.error("VUID-VkBufferCreateInfo-size-00912", &at.arrow("size"), &objects, format_args!("is 0."));
        }
        if info.sharingMode == VkSharingMode::VK_SHARING_MODE_CONCURRENT && info.pQueueFamilyIndices.is_null() {
            skip |= self.error(
                "VUID-VkBufferCreateInfo-sharingMode-00913",
                &at.arrow("pQueueFamilyIndices"),
                &objects,
                format_args!("is NULL, but sharingMode is VK_SHARING_MODE_CONCURRENT."),
            );
        }
        skip
    }

    fn pre_call_validate_create_image(
        &self,
        device: VkDevice,
        pCreateInfo: *const VkImageCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pImage: *mut VkImage,
    ) -> bool {
        if pCreateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid create info.
        let info = unsafe { &*pCreateInfo };
        let objects = [Object::of(device)];
        let cmd = Location::command("vkCreateImage");
        let at = cmd.dot("pCreateInfo");
        let extent = at.arrow("extent");
        let mut skip = false;
        let e = info.extent;
        for (value, member, id) in [
            (e.width, "width", "VUID-VkImageCreateInfo-extent-00944"),
            (e.height, "height", "VUID-VkImageCreateInfo-extent-00945"),
            (e.depth, "depth", "VUID-VkImageCreateInfo-extent-00946"),
        ] {
            if value == 0 {
                skip |= self.error(id, &extent.dot(member), &objects, format_args!("is 0."));
            }
        }
        if info.mipLevels == 0 {
            skip |= self.error(
                "VUID-VkImageCreateInfo-mipLevels-00947",
                &at.arrow("mipLevels"),
                &objects,
                format_args!("is 0."),
            );
        }
        if info.arrayLayers == 0 {
            skip |= self.error(
                "VUID-VkImageCreateInfo-arrayLayers-00948",
                &at.arrow("arrayLayers"),
                &objects,
                format_args!("is 0."),
            );
        }
        skip
    }

    fn pre_call_validate_allocate_memory(
        &self,
        device: VkDevice,
        pAllocateInfo: *const VkMemoryAllocateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pMemory: *mut VkDeviceMemory,
    ) -> bool {
        if pAllocateInfo.is_null() {
            return false;
        }
        // SAFETY: non-null; the application promises a valid allocate info.
        let info = unsafe { &*pAllocateInfo };
        if info.memoryTypeIndex < self.facts.memory_type_count {
            return false;
        }
        let cmd = Location::command("vkAllocateMemory");
        let at = cmd.dot("pAllocateInfo");
        self.error(
            "VUID-vkAllocateMemory-pAllocateInfo-01714",
            &at.arrow("memoryTypeIndex"),
            &[Object::of(device)],
            format_args!(
                "is {}, but the device has {} memory types.",
                info.memoryTypeIndex, self.facts.memory_type_count
            ),
        )
    }

    fn pre_call_validate_cmd_push_constants(
        &self,
        commandBuffer: VkCommandBuffer,
        _layout: VkPipelineLayout,
        _stageFlags: VkShaderStageFlags,
        offset: u32,
        size: u32,
        _pValues: *const c_void,
    ) -> bool {
        let max = self.facts.limits.maxPushConstantsSize;
        if offset < max && size <= max - offset {
            return false;
        }
        let cmd = Location::command("vkCmdPushConstants");
        let objects = [Object::of(commandBuffer)];
        if offset >= max {
            return self.error(
                "VUID-vkCmdPushConstants-offset-00370",
                &cmd.dot("offset"),
                &objects,
                format_args!("is {offset}, not less than maxPushConstantsSize ({max})."),
            );
        }
        self.error(
            "VUID-vkCmdPushConstants-size-00371",
            &cmd.dot("size"),
            &objects,
            format_args!("is {size}, more than maxPushConstantsSize ({max}) minus offset ({offset})."),
        )
    }
}
