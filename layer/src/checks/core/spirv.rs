//! The SPIR-V capabilities and extensions a module declares, against the device: each must be
//! one Vulkan allows (`-pCode-08739`, `-pCode-08741`), and one of its enables must hold: an API
//! version, an enabled extension or feature, or a device property (`-pCode-08740`,
//! `-pCode-08742`). The tables are generated from vk.xml (`vigil_generated::spirv`).
//!
//! Checked for shader modules, for modules passed inline to pipeline stages, and for SPIR-V
//! shader objects (whose entry points are also held to the workgroup, shared memory and store
//! rules pipelines' stages are held to in `pipelines.rs`). A capability is known by its number through the `spirv` crate's grammar
//! (SPIR-V 1.4.341's headers): a capability newer than that grammar cannot be named, so it is not
//! judged. Property enables are judged only where the device reports the properties (Vulkan 1.2).

use rspirv::spirv::Capability;
use vigil_generated::extensions::EXTENSIONS;
use vigil_generated::spirv::{SpirvEnable, SpirvItem, SpirvRequire, SPIRV_CAPABILITIES, SPIRV_EXTENSIONS};
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::facts::DeviceFacts;
use crate::report::Location;
use crate::state::shaders::{create_info_code, inline_create_info, Reflection};

/// The ids of one structure's rules.
pub(super) struct SpirvRules {
    /// A capability Vulkan does not allow at all.
    pub capability_unknown: &'static str,
    /// An allowed capability none of whose enables holds.
    pub capability: &'static str,
    pub extension_unknown: &'static str,
    pub extension: &'static str,
    /// The code is not valid SPIR-V for the device (the validator names no more precise id).
    pub invalid: &'static str,
}

/// `VkShaderModuleCreateInfo`, for vkCreateShaderModule and for modules passed inline.
pub(super) const SHADER_MODULE: SpirvRules = SpirvRules {
    capability_unknown: "VUID-VkShaderModuleCreateInfo-pCode-08739",
    capability: "VUID-VkShaderModuleCreateInfo-pCode-08740",
    extension_unknown: "VUID-VkShaderModuleCreateInfo-pCode-08741",
    extension: "VUID-VkShaderModuleCreateInfo-pCode-08742",
    invalid: "VUID-VkShaderModuleCreateInfo-pCode-08737",
};

/// `VkShaderCreateInfoEXT` with SPIR-V code.
pub(super) const SHADER_OBJECT: SpirvRules = SpirvRules {
    capability_unknown: "VUID-VkShaderCreateInfoEXT-pCode-08739",
    capability: "VUID-VkShaderCreateInfoEXT-pCode-08740",
    extension_unknown: "VUID-VkShaderCreateInfoEXT-pCode-08741",
    extension: "VUID-VkShaderCreateInfoEXT-pCode-08742",
    invalid: "VUID-VkShaderCreateInfoEXT-pCode-08737",
};

const MAGIC: u32 = 0x0723_0203;
const OP_EXTENSION: u32 = 10;
const OP_EXT_INST_IMPORT: u32 = 11;
const OP_CAPABILITY: u32 = 17;

/// What a module declares: the operands of its leading OpCapability and OpExtension
/// instructions (the logical layout puts them first). Empty for code that is not SPIR-V in
/// this machine's byte order (the SPIR-V validator's concern).
fn declarations(words: &[u32]) -> (Vec<u32>, Vec<&[u8]>) {
    let (mut capabilities, mut extensions) = (Vec::new(), Vec::new());
    if words.len() < 5 || words[0] != MAGIC {
        return (capabilities, extensions);
    }
    let mut at = 5;
    while let Some(&first) = words.get(at) {
        let (count, op) = ((first >> 16) as usize, first & 0xffff);
        let Some(operands) = words.get(at + 1..at + count.max(1)) else { break };
        match op {
            OP_CAPABILITY if count == 2 => capabilities.push(operands[0]),
            OP_EXTENSION => {
                // SAFETY: plain words seen as bytes (u8 has no alignment or validity needs).
                let bytes = unsafe { std::slice::from_raw_parts(operands.as_ptr().cast::<u8>(), operands.len() * 4) };
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                extensions.push(&bytes[..end]);
            }
            OP_EXT_INST_IMPORT => {}
            _ => break,
        }
        at += count.max(1);
    }
    (capabilities, extensions)
}

/// The table entry named `name`.
fn item<'t>(table: &'t [SpirvItem], name: &[u8]) -> Option<&'t SpirvItem> {
    table.binary_search_by(|i| i.name.as_bytes().cmp(name)).ok().map(|i| &table[i])
}

/// Whether `enable` holds on the device; `None` where Vigil cannot tell.
fn holds(facts: &DeviceFacts, enable: &SpirvEnable) -> Option<bool> {
    Some(match enable {
        SpirvEnable::Version(v) => facts.api_version >= *v,
        SpirvEnable::Extension(e) => facts.extensions.contains(*e),
        SpirvEnable::Feature(f) => facts.features.contains(*f),
        SpirvEnable::Property { structure, offset, bits, requires } => {
            let meaningful = requires.iter().any(|r| match r {
                SpirvRequire::Version(v) => facts.api_version >= *v,
                SpirvRequire::Extension(e) => facts.extensions.contains(*e),
            });
            meaningful && facts.spirv_properties.as_ref()?.member(*structure, *offset) & bits == *bits
        }
    })
}

/// Whether some enable of `item` holds; `None` where none does but one could not be told.
fn allowed(facts: &DeviceFacts, item: &SpirvItem) -> Option<bool> {
    let mut unknown = false;
    for e in item.enables {
        match holds(facts, e) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => unknown = true,
        }
    }
    (!unknown).then_some(false)
}

/// How an enable reads in a message.
fn describe(enable: &SpirvEnable) -> String {
    let version = |v: u32| format!("Vulkan {}.{}", v >> 22, (v >> 12) & 0x3ff);
    match enable {
        SpirvEnable::Version(v) => version(*v),
        SpirvEnable::Extension(e) => EXTENSIONS.get(e.0).map_or("?", |x| x.name).to_string(),
        SpirvEnable::Feature(f) => format!("the {} feature", f.name()),
        SpirvEnable::Property { structure, bits, .. } => format!("{structure:?} properties with {bits:#x}"),
    }
}

fn requirements(item: &SpirvItem) -> String {
    item.enables.iter().map(describe).collect::<Vec<_>>().join(", or ")
}

/// One declared item against `table`: reported with `ids.0` when Vulkan does not allow it,
/// with `ids.1` when none of its enables holds. `None` when it is fine, else whether to skip
/// the call.
fn judge(
    cx: &Call<'_>,
    facts: &DeviceFacts,
    table: &[SpirvItem],
    name: &[u8],
    (unknown_id, id): (&'static str, &'static str),
    what: &str,
    at: &Location<'_>,
) -> Option<bool> {
    match item(table, name) {
        None => Some(cx.error(unknown_id, at, format_args!("declares {what}, which Vulkan does not allow."))),
        Some(i) if allowed(facts, i) == Some(false) => {
            Some(cx.error(id, at, format_args!("declares {what}, which needs {}.", requirements(i))))
        }
        Some(_) => None,
    }
}

impl CoreChecks {
    /// The declarations of `code` against the device, then (when they are fine) the SPIR-V
    /// validator. True to skip the call.
    pub(super) fn spirv_declarations(
        &self,
        cx: &Call<'_>,
        rules: &SpirvRules,
        code: &[u32],
        at: &Location<'_>,
    ) -> bool {
        let Some(facts) = cx.device() else { return false };
        let (capabilities, extensions) = declarations(code);
        let (mut skip, mut reported) = (false, false);
        let mut note = |verdict: Option<bool>| {
            reported |= verdict.is_some();
            skip |= verdict.unwrap_or(false);
        };
        for c in capabilities {
            // A capability newer than the grammar Vigil knows: not judged.
            let Some(known) = Capability::from_u32(c) else { continue };
            let name = format!("{known:?}");
            let what = format!("capability {name}");
            note(judge(
                cx,
                facts,
                &SPIRV_CAPABILITIES,
                name.as_bytes(),
                (rules.capability_unknown, rules.capability),
                &what,
                at,
            ));
        }
        for e in extensions {
            let what = format!("SPIR-V extension {}", String::from_utf8_lossy(e));
            note(judge(cx, facts, &SPIRV_EXTENSIONS, e, (rules.extension_unknown, rules.extension), &what, at));
        }
        // A module that declares what the device cannot take is reported for that alone: the
        // validator would only restate it (as -pCode-08737, with less precision).
        skip | (!reported && self.spirv_valid(cx, rules, code, at))
    }

    /// A shader module create info's code. True to skip the call.
    ///
    /// # Safety
    /// `info` must be a create info the application passed (stateless checked it).
    pub(super) unsafe fn shader_module_code(
        &self,
        cx: &Call<'_>,
        info: &VkShaderModuleCreateInfo,
        at: &Location<'_>,
    ) -> bool {
        // SAFETY: the caller's contract.
        let Some(code) = (unsafe { create_info_code(info) }) else { return false };
        self.spirv_declarations(cx, &SHADER_MODULE, code, &at.arrow("pCode"))
    }

    /// The modules passed inline to pipeline stages (`VkShaderModuleCreateInfo` chained to a
    /// stage without a module). True to skip the call.
    ///
    /// # Safety
    /// `stages` must be stages the application passed.
    pub(super) unsafe fn inline_modules<'a>(
        &self,
        cx: &Call<'_>,
        stages: &[VkPipelineShaderStageCreateInfo],
        stage_at: &dyn Fn(usize) -> Location<'a>,
    ) -> bool {
        let mut skip = false;
        for (i, stage) in stages.iter().enumerate() {
            // SAFETY: a stage the application passed.
            let Some(info) = (unsafe { inline_create_info(stage) }) else { continue };
            let at = stage_at(i);
            let at = at.chained("VkShaderModuleCreateInfo");
            // SAFETY: a create info the application passed.
            skip |= unsafe { self.shader_module_code(cx, info, &at) };
        }
        skip
    }

    /// vkCreateShadersEXT's SPIR-V create infos. True to skip the call.
    ///
    /// # Safety
    /// `infos` must be the `count` create infos the application passed.
    pub(super) unsafe fn shader_objects_code(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkShaderCreateInfoEXT,
    ) -> bool {
        let root = cx.location();
        let all = root.dot("pCreateInfos");
        let mut skip = false;
        // SAFETY: the caller's contract.
        for (i, info) in unsafe { slice(infos, count) }.iter().enumerate() {
            if info.codeType != VkShaderCodeTypeEXT::VK_SHADER_CODE_TYPE_SPIRV_EXT
                || info.pCode.is_null()
                || !info.codeSize.is_multiple_of(4)
                || !(info.pCode as usize).is_multiple_of(4)
            {
                continue;
            }
            // SAFETY: codeSize bytes of SPIR-V at pCode, aligned to words (checked above).
            let code = unsafe { std::slice::from_raw_parts(info.pCode.cast::<u32>(), info.codeSize / 4) };
            let at = all.index(i);
            let code_at = at.dot("pCode");
            skip |= self.spirv_declarations(cx, &SHADER_OBJECT, code, &code_at);
            // The module-level limits a pipeline's stage is held to (`pipelines.rs`), on the
            // shader's entry point.
            if info.pName.is_null() {
                continue;
            }
            // SAFETY: a valid create info's entry point name, NUL-terminated.
            let name = unsafe { std::ffi::CStr::from_ptr(info.pName) }.to_bytes();
            if let Some(entry) = Reflection::of(code).entry_point(name, info.stage.0) {
                skip |= super::pipelines::workgroup_within_limits(cx, entry, &code_at)
                    | super::pipelines::stores_allowed(cx, entry, &code_at);
                // SAFETY: the create info the application passed.
                skip |= unsafe { self.shader_matches_layout(cx, info, entry, &code_at) };
            }
        }
        skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word_string(s: &str) -> Vec<u32> {
        let mut bytes = s.as_bytes().to_vec();
        bytes.resize((bytes.len() / 4 + 1) * 4, 0);
        bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    #[test]
    fn declarations_are_read_from_the_module_head() {
        let ext = word_string("SPV_KHR_variable_pointers");
        let mut code = vec![MAGIC, 0x0001_0300, 0, 10, 0];
        code.extend([(2 << 16) | OP_CAPABILITY, 1, (2 << 16) | OP_CAPABILITY, 11]);
        code.push(((ext.len() as u32 + 1) << 16) | OP_EXTENSION);
        code.extend(&ext);
        // OpMemoryModel ends the head; a capability after it is not read.
        code.extend([(3 << 16) | 14, 0, 1, (2 << 16) | OP_CAPABILITY, 5]);
        let (caps, exts) = declarations(&code);
        assert_eq!(caps, [1, 11]);
        assert_eq!(exts, [b"SPV_KHR_variable_pointers".as_slice()]);
        // Not SPIR-V, or cut short: nothing, and no panic.
        assert_eq!(declarations(&code[1..]).0, [0u32; 0]);
        assert_eq!(declarations(&code[..6]).0, [0u32; 0]);
    }

    /// Every capability vk.xml lists that the `spirv` crate's grammar knows is named alike, so a
    /// declared number finds its entry. The rest are newer than the grammar: not judged. A
    /// registry or crate update changes the count here on purpose.
    #[test]
    fn the_grammar_names_the_registry_capabilities() {
        let known = SPIRV_CAPABILITIES
            .iter()
            .filter(|i| (0..0x20000).filter_map(Capability::from_u32).any(|c| format!("{c:?}") == i.name))
            .count();
        assert_eq!((known, SPIRV_CAPABILITIES.len()), (179, 202));
    }
}
