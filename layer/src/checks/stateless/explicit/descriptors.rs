//! Descriptor set layouts, pipeline layouts and descriptor pools.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{elements, find, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// `vkCreatePipelineLayout`: the set count and the push constant ranges.
pub(super) fn create_pipeline_layout(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: &VkPipelineLayoutCreateInfo,
) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let limits = &checks.facts.limits;
    if info.setLayoutCount > limits.maxBoundDescriptorSets {
        f.error(
            "VUID-VkPipelineLayoutCreateInfo-setLayoutCount-00286",
            &at.arrow("setLayoutCount"),
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
            f.error(
                "VUID-VkPushConstantRange-offset-00294",
                &range.dot("offset"),
                format_args!("is {}, not less than maxPushConstantsSize ({max}).", r.offset),
            );
        } else if r.size > max - r.offset {
            f.error(
                "VUID-VkPushConstantRange-size-00298",
                &range.dot("size"),
                format_args!("is {}, more than maxPushConstantsSize ({max}) minus offset ({}).", r.size, r.offset),
            );
        }
        if r.offset & 3 != 0 {
            f.error(
                "VUID-VkPushConstantRange-offset-00295",
                &range.dot("offset"),
                format_args!("is {}, not a multiple of 4.", r.offset),
            );
        }
        if r.size == 0 {
            f.error("VUID-VkPushConstantRange-size-00296", &range.dot("size"), format_args!("is 0."));
        } else if r.size & 3 != 0 {
            f.error(
                "VUID-VkPushConstantRange-size-00297",
                &range.dot("size"),
                format_args!("is {}, not a multiple of 4.", r.size),
            );
        }
        if let Some(j) = ranges[..i].iter().position(|earlier| earlier.stageFlags.intersects(r.stageFlags)) {
            f.error(
                "VUID-VkPipelineLayoutCreateInfo-pPushConstantRanges-00292",
                &range.dot("stageFlags"),
                format_args!(
                    "is 0x{:x}, sharing stages 0x{:x} with pPushConstantRanges[{j}].",
                    r.stageFlags.0,
                    (r.stageFlags & ranges[j].stageFlags).0
                ),
            );
        }
    }
    f.skip
}

/// Update-after-bind per descriptor type: the feature allowing it (none: never allowed) and
/// the rule.
fn update_after_bind_rule(ty: VkDescriptorType) -> Option<(Option<(Feature, &'static str)>, &'static str)> {
    use VkDescriptorType as T;
    let rule = match ty {
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER => (
            Some((
                Feature::DESCRIPTOR_BINDING_UNIFORM_BUFFER_UPDATE_AFTER_BIND,
                "descriptorBindingUniformBufferUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingUniformBufferUpdateAfterBind-03005",
        ),
        T::VK_DESCRIPTOR_TYPE_SAMPLER
        | T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        | T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE => (
            Some((
                Feature::DESCRIPTOR_BINDING_SAMPLED_IMAGE_UPDATE_AFTER_BIND,
                "descriptorBindingSampledImageUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingSampledImageUpdateAfterBind-03006",
        ),
        T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE => (
            Some((
                Feature::DESCRIPTOR_BINDING_STORAGE_IMAGE_UPDATE_AFTER_BIND,
                "descriptorBindingStorageImageUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingStorageImageUpdateAfterBind-03007",
        ),
        T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER => (
            Some((
                Feature::DESCRIPTOR_BINDING_STORAGE_BUFFER_UPDATE_AFTER_BIND,
                "descriptorBindingStorageBufferUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingStorageBufferUpdateAfterBind-03008",
        ),
        T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER => (
            Some((
                Feature::DESCRIPTOR_BINDING_UNIFORM_TEXEL_BUFFER_UPDATE_AFTER_BIND,
                "descriptorBindingUniformTexelBufferUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingUniformTexelBufferUpdateAfterBind-03009",
        ),
        T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => (
            Some((
                Feature::DESCRIPTOR_BINDING_STORAGE_TEXEL_BUFFER_UPDATE_AFTER_BIND,
                "descriptorBindingStorageTexelBufferUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingStorageTexelBufferUpdateAfterBind-03010",
        ),
        T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK => (
            Some((
                Feature::DESCRIPTOR_BINDING_INLINE_UNIFORM_BLOCK_UPDATE_AFTER_BIND,
                "descriptorBindingInlineUniformBlockUpdateAfterBind",
            )),
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingInlineUniformBlockUpdateAfterBind-02211",
        ),
        T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT
        | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
        | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => {
            (None, "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-None-03011")
        }
        _ => return None,
    };
    Some(rule)
}

/// Binding flags that need a feature, whatever the descriptor type.
const FLAG_FEATURES: [(VkDescriptorBindingFlags, Feature, &str, &str); 3] = [
    (
        VkDescriptorBindingFlags::VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT,
        Feature::DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING,
        "descriptorBindingUpdateUnusedWhilePending",
        "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingUpdateUnusedWhilePending-03012",
    ),
    (
        VkDescriptorBindingFlags::VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT,
        Feature::DESCRIPTOR_BINDING_PARTIALLY_BOUND,
        "descriptorBindingPartiallyBound",
        "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingPartiallyBound-03013",
    ),
    (
        VkDescriptorBindingFlags::VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT,
        Feature::DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT,
        "descriptorBindingVariableDescriptorCount",
        "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-descriptorBindingVariableDescriptorCount-03014",
    ),
];

fn is_dynamic(ty: VkDescriptorType) -> bool {
    ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
        || ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
}

/// `vkCreateDescriptorSetLayout`: the bindings, and their flags.
pub(super) fn create_descriptor_set_layout(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: &VkDescriptorSetLayoutCreateInfo,
) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let bindings_at = at.arrow("pBindings");
    // SAFETY: the application promises bindingCount bindings.
    let bindings = unsafe { elements(info.pBindings, info.bindingCount) };
    // With per-stage descriptor sets, a binding number may repeat (once per stage).
    let per_stage =
        info.flags.contains(VkDescriptorSetLayoutCreateFlags::VK_DESCRIPTOR_SET_LAYOUT_CREATE_PER_STAGE_BIT_NV)
            && checks.facts.features.contains(Feature::PER_STAGE_DESCRIPTOR_SET);
    for (i, b) in bindings.iter().enumerate() {
        let binding_at = bindings_at.index(i);
        if !per_stage {
            if let Some(j) = bindings[..i].iter().position(|earlier| earlier.binding == b.binding) {
                f.error(
                    "VUID-VkDescriptorSetLayoutCreateInfo-binding-00279",
                    &binding_at.dot("binding"),
                    format_args!("is {}, the same as pBindings[{j}].binding.", b.binding),
                );
            }
        }
        layout_binding(checks, b, &binding_at, &mut f);
    }
    binding_flags(checks, info, bindings, &at, &mut f);
    f.skip
}

/// One `VkDescriptorSetLayoutBinding`.
fn layout_binding(checks: &DeviceStateless, b: &VkDescriptorSetLayoutBinding, at: &Location<'_>, f: &mut Findings<'_>) {
    let ty = b.descriptorType;
    if ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT
        && b.descriptorCount != 0
        && !(b.stageFlags.is_empty() || b.stageFlags == VkShaderStageFlags::VK_SHADER_STAGE_FRAGMENT_BIT)
    {
        f.error(
            "VUID-VkDescriptorSetLayoutBinding-descriptorType-01510",
            &at.dot("stageFlags"),
            format_args!(
                "is {:#x}, but an input attachment binding may only be used by the fragment stage (0 or \
                 VK_SHADER_STAGE_FRAGMENT_BIT).",
                b.stageFlags.0
            ),
        );
    }
    if ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK {
        if !checks.facts.features.contains(Feature::INLINE_UNIFORM_BLOCK) {
            f.error(
                "VUID-VkDescriptorSetLayoutBinding-descriptorType-04604",
                &at.dot("descriptorType"),
                format_args!("is {ty:?}, but the inlineUniformBlock feature is not enabled."),
            );
        }
        if b.descriptorCount & 3 != 0 {
            f.error(
                "VUID-VkDescriptorSetLayoutBinding-descriptorType-02209",
                &at.dot("descriptorCount"),
                format_args!("is {}, not a multiple of 4 (descriptorType is {ty:?}).", b.descriptorCount),
            );
        }
    }
}

/// The chained `VkDescriptorSetLayoutBindingFlagsCreateInfo`, against the bindings and features.
fn binding_flags(
    checks: &DeviceStateless,
    info: &VkDescriptorSetLayoutCreateInfo,
    bindings: &[VkDescriptorSetLayoutBinding],
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let Some(flags_info) = (unsafe { find::<VkDescriptorSetLayoutBindingFlagsCreateInfo>(info.pNext, ty) }) else {
        return;
    };
    let next_at = at.arrow("pNext");
    let chained = next_at.chained("VkDescriptorSetLayoutBindingFlagsCreateInfo");
    if flags_info.bindingCount != 0 && flags_info.bindingCount != info.bindingCount {
        f.error(
            "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-bindingCount-03002",
            &chained.dot("bindingCount"),
            format_args!(
                "is {}, neither 0 nor pCreateInfo->bindingCount ({}).",
                flags_info.bindingCount, info.bindingCount
            ),
        );
        return;
    }
    // SAFETY: the application promises bindingCount flags.
    let all_flags = unsafe { elements(flags_info.pBindingFlags, flags_info.bindingCount) };
    let features = &checks.facts.features;
    let flags_at = chained.dot("pBindingFlags");
    let uab = VkDescriptorBindingFlags::VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT;
    let variable = VkDescriptorBindingFlags::VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT;
    let highest = bindings.iter().map(|b| b.binding).max();
    for (i, (&flags, b)) in all_flags.iter().zip(bindings).enumerate() {
        let at = flags_at.index(i);
        let ty = b.descriptorType;
        if flags.contains(uab) {
            match update_after_bind_rule(ty) {
                Some((Some((feature, name)), id)) if !features.contains(feature) => f.error(
                    id,
                    &at,
                    format_args!(
                        "has VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT for a {ty:?} binding, but the {name} feature \
                         is not enabled."
                    ),
                ),
                Some((None, id)) => f.error(
                    id,
                    &at,
                    format_args!("has VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT for a {ty:?} binding."),
                ),
                _ => {}
            }
        }
        for (bit, feature, name, id) in FLAG_FEATURES {
            if flags.contains(bit) && !features.contains(feature) {
                f.error(id, &at, format_args!("is {:#x}, but the {name} feature is not enabled.", flags.0));
            }
        }
        if flags.contains(variable) {
            if Some(b.binding) != highest {
                f.error(
                    "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-pBindingFlags-03004",
                    &at,
                    format_args!(
                        "has VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT, but binding {} is not the highest \
                         binding number ({}).",
                        b.binding,
                        highest.unwrap_or_default()
                    ),
                );
            }
            if is_dynamic(ty) {
                f.error(
                    "VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-pBindingFlags-03015",
                    &at,
                    format_args!("has VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT for a {ty:?} binding."),
                );
            }
        }
    }
    let Some(i) = all_flags.iter().position(|fl| fl.contains(uab)) else { return };
    let pool = VkDescriptorSetLayoutCreateFlags::VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT;
    if !info.flags.contains(pool) {
        f.error(
            "VUID-VkDescriptorSetLayoutCreateInfo-flags-03000",
            &at.arrow("flags"),
            format_args!(
                "is {:#x}, without VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT, but pBindingFlags[{i}] \
                 has VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT.",
                info.flags.0
            ),
        );
    }
    let bindings_at = at.arrow("pBindings");
    for (j, b) in bindings.iter().enumerate().filter(|(_, b)| is_dynamic(b.descriptorType)) {
        f.error(
            "VUID-VkDescriptorSetLayoutCreateInfo-descriptorType-03001",
            &bindings_at.index(j).dot("descriptorType"),
            format_args!(
                "is {:?}, but pBindingFlags[{i}] has VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT.",
                b.descriptorType
            ),
        );
    }
}

/// `vkCreateDescriptorPool`: its flags and pool sizes against the device's features.
pub(super) fn create_descriptor_pool(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: &VkDescriptorPoolCreateInfo,
) -> bool {
    use VkDescriptorPoolCreateFlags as P;
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let features = &checks.facts.features;
    let overallocating = features.contains(Feature::DESCRIPTOR_POOL_OVERALLOCATION);
    if info.maxSets == 0
        && !(overallocating && info.flags.0 & P::VK_DESCRIPTOR_POOL_CREATE_ALLOW_OVERALLOCATION_SETS_BIT_NV.0 != 0)
    {
        f.error(
            "VUID-VkDescriptorPoolCreateInfo-descriptorPoolOverallocation-09227",
            &at.arrow("maxSets"),
            format_args!("is 0; a pool holds at least one set unless it may overallocate sets."),
        );
    }
    let host_only = info.flags.0 & P::VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT.0 != 0;
    if host_only && info.flags.0 & P::VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT.0 != 0 {
        f.error(
            "VUID-VkDescriptorPoolCreateInfo-flags-04607",
            &at.arrow("flags"),
            format_args!(
                "({:#x}) has both VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT and \
                 VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT.",
                info.flags.0
            ),
        );
    }
    let mutable = features.contains(Feature::MUTABLE_DESCRIPTOR_TYPE);
    if host_only && !mutable {
        f.error(
            "VUID-VkDescriptorPoolCreateInfo-flags-04609",
            &at.arrow("flags"),
            format_args!(
                "({:#x}) has VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT, and the mutableDescriptorType feature is not \
                 enabled.",
                info.flags.0
            ),
        );
    }
    let sizes_at = at.arrow("pPoolSizes");
    // SAFETY: the application promises poolSizeCount pool sizes.
    let sizes = unsafe { elements(info.pPoolSizes, info.poolSizeCount) };
    let mut inline_checked = false;
    for (i, size) in sizes.iter().enumerate() {
        let size_at = sizes_at.index(i);
        if size.r#type == VkDescriptorType::VK_DESCRIPTOR_TYPE_MUTABLE_EXT && !mutable {
            f.error(
                "VUID-VkDescriptorPoolCreateInfo-mutableDescriptorType-04608",
                &size_at.dot("type"),
                format_args!(
                    "is VK_DESCRIPTOR_TYPE_MUTABLE_EXT, and the mutableDescriptorType feature is not enabled."
                ),
            );
        }
        if size.r#type == VkDescriptorType::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK && !inline_checked {
            inline_checked = true;
            let s_type = VkStructureType::VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO;
            // SAFETY: the application promises a valid chain.
            let block = unsafe { find::<VkDescriptorPoolInlineUniformBlockCreateInfo>(info.pNext, s_type) };
            if block.is_none_or(|b| b.maxInlineUniformBlockBindings == 0) {
                f.error(
                    "VUID-VkDescriptorPoolCreateInfo-pPoolSizes-09424",
                    &size_at.dot("type"),
                    format_args!(
                        "is VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, and no VkDescriptorPoolInlineUniformBlockCreateInfo \
                         with a maxInlineUniformBlockBindings other than 0 is chained."
                    ),
                );
            }
        }
    }
    f.skip
}
