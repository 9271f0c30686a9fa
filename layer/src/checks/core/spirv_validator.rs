//! SPIRV-Tools' validator on every SPIR-V module core sees: vkCreateShaderModule, modules passed
//! inline to pipeline stages, and SPIR-V shader objects. It is told the device's target
//! environment (its API version; Vulkan 1.1 with VK_KHR_spirv_1_4 takes SPIR-V 1.4) and the
//! options the spec ties to the device (relaxed, standard-uniform, scalar and workgroup-scalar
//! block layouts, LocalSizeId, Offset texture operands, non-32-bit bitwise operands), as the
//! reference layer tells it. A failure is reported with the id the validator names when the
//! pinned registry has it (`VUID-StandaloneSpirv-*`, `VUID-RuntimeSpirv-*`, built-in variable
//! rules), and with the structure's `-pCode-08737` otherwise.
//!
//! A module is validated once per device: the hashes of modules that passed are kept (one that
//! failed is validated, and reported, again). The validator is the pinned SPIRV-Tools
//! (`layer/spirv-tools/VERSION`) or the library a packager linked instead (`layer/build.rs`).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use vigil_generated::features::Feature;

use super::spirv::SpirvRules;
use super::CoreChecks;
use crate::chassis::Call;
use crate::facts::DeviceFacts;
use crate::report::Location;

/// What the validator is told about a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Environment {
    /// `spv_target_env`.
    target: i32,
    relax_block_layout: bool,
    uniform_buffer_standard_layout: bool,
    scalar_block_layout: bool,
    workgroup_scalar_block_layout: bool,
    allow_local_size_id: bool,
    allow_offset_texture_operand: bool,
    allow_vulkan_32_bit_bitwise: bool,
}

/// `spv_target_env` values (libspirv.h).
const VULKAN_1_0: i32 = 1;
const VULKAN_1_1: i32 = 18;
const VULKAN_1_1_SPIRV_1_4: i32 = 21;
const VULKAN_1_2: i32 = 23;
const VULKAN_1_3: i32 = 25;
const VULKAN_1_4: i32 = 26;

impl Environment {
    /// The environment of a device.
    pub fn of(facts: &DeviceFacts) -> Environment {
        let minor = (facts.api_version >> 12) & 0x3ff;
        let feature = |f| facts.features.contains(f);
        let target = match minor {
            0 => VULKAN_1_0,
            1 if facts.extension_names.contains("VK_KHR_spirv_1_4") => VULKAN_1_1_SPIRV_1_4,
            1 => VULKAN_1_1,
            2 => VULKAN_1_2,
            3 => VULKAN_1_3,
            _ => VULKAN_1_4,
        };
        Environment {
            target,
            // VK_KHR_relaxed_block_layout has no feature: the extension, or Vulkan 1.1 that
            // promoted it, allows the relaxed layout.
            relax_block_layout: minor >= 1 || facts.extension_names.contains("VK_KHR_relaxed_block_layout"),
            uniform_buffer_standard_layout: feature(Feature::UNIFORM_BUFFER_STANDARD_LAYOUT),
            scalar_block_layout: feature(Feature::SCALAR_BLOCK_LAYOUT),
            workgroup_scalar_block_layout: feature(Feature::WORKGROUP_MEMORY_EXPLICIT_LAYOUT_SCALAR_BLOCK_LAYOUT),
            allow_local_size_id: feature(Feature::MAINTENANCE4),
            allow_offset_texture_operand: feature(Feature::MAINTENANCE8),
            allow_vulkan_32_bit_bitwise: feature(Feature::MAINTENANCE9),
        }
    }

    /// The target environment, for messages.
    fn target_name(&self) -> &'static str {
        match self.target {
            VULKAN_1_0 => "Vulkan 1.0",
            VULKAN_1_1 => "Vulkan 1.1",
            VULKAN_1_1_SPIRV_1_4 => "Vulkan 1.1 with SPIR-V 1.4",
            VULKAN_1_2 => "Vulkan 1.2",
            VULKAN_1_3 => "Vulkan 1.3",
            _ => "Vulkan 1.4",
        }
    }
}

/// The validator's finding on a module that is not valid.
#[derive(Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The id the validator names, when the registry has it.
    pub vuid: Option<&'static str>,
    /// The validator's message, without the id.
    pub message: String,
}

/// A device's validator: its environment and the modules that passed.
pub struct SpirvValidation {
    environment: Environment,
    passed: Mutex<HashSet<u64>>,
}

impl SpirvValidation {
    /// The validation of a device's modules; `None` where Vigil was built without the validator.
    pub fn for_device(facts: &DeviceFacts) -> Option<SpirvValidation> {
        validator::AVAILABLE.then(|| SpirvValidation { environment: Environment::of(facts), passed: Mutex::default() })
    }

    fn passed(&self) -> std::sync::MutexGuard<'_, HashSet<u64>> {
        // A panic while holding it left a plain set behind: still usable.
        self.passed.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The SPIRV-Tools version linked, for messages and the start-up report.
pub fn validator_version() -> &'static str {
    validator::version()
}

/// Validates `code` in `environment`.
pub fn validate(environment: &Environment, code: &[u32]) -> Result<(), Invalid> {
    validator::validate(environment, code).map_err(|text| {
        // SPIRV-Tools writes "[VUID-...] message" when a rule has an id.
        let named = text.strip_prefix('[').and_then(|rest| rest.split_once("] "));
        match named.and_then(|(id, rest)| Some((crate::report::known_vuid(id)?, rest))) {
            Some((vuid, rest)) => Invalid { vuid: Some(vuid), message: rest.trim_end().to_string() },
            None => Invalid { vuid: None, message: text.trim_end().to_string() },
        }
    })
}

impl CoreChecks {
    /// `code` through the validator (once per device for valid code). True to skip the call.
    pub(super) fn spirv_valid(&self, cx: &Call<'_>, rules: &SpirvRules, code: &[u32], at: &Location<'_>) -> bool {
        let Some(v) = &self.spirv else { return false };
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        code.hash(&mut hasher);
        let hash = hasher.finish();
        if v.passed().contains(&hash) {
            return false;
        }
        match validate(&v.environment, code) {
            Ok(()) => {
                v.passed().insert(hash);
                false
            }
            Err(Invalid { vuid, message }) => cx.error(
                vuid.unwrap_or(rules.invalid),
                at,
                format_args!(
                    "the SPIR-V validator (SPIRV-Tools {}, target {}) rejects the module: {message}",
                    validator_version(),
                    v.environment.target_name()
                ),
            ),
        }
    }
}

/// The binding to SPIRV-Tools' C API (libspirv.h).
#[cfg(not(vigil_no_spirv_tools))]
mod validator {
    use std::ffi::{c_char, CStr};

    use super::Environment;

    pub const AVAILABLE: bool = true;

    #[repr(C)]
    struct Position {
        line: usize,
        column: usize,
        index: usize,
    }

    /// `spv_diagnostic_t`.
    #[repr(C)]
    struct Diagnostic {
        position: Position,
        error: *mut c_char,
        is_text_source: bool,
    }

    /// `spv_const_binary_t`.
    #[repr(C)]
    struct Binary {
        code: *const u32,
        word_count: usize,
    }

    #[repr(C)]
    struct Context {
        _opaque: [u8; 0],
    }

    #[repr(C)]
    struct Options {
        _opaque: [u8; 0],
    }

    extern "C" {
        fn spvSoftwareVersionString() -> *const c_char;
        fn spvContextCreate(env: i32) -> *mut Context;
        fn spvContextDestroy(context: *mut Context);
        fn spvValidatorOptionsCreate() -> *mut Options;
        fn spvValidatorOptionsDestroy(options: *mut Options);
        fn spvValidatorOptionsSetRelaxBlockLayout(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetUniformBufferStandardLayout(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetScalarBlockLayout(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetWorkgroupScalarBlockLayout(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetAllowLocalSizeId(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetAllowOffsetTextureOperand(options: *mut Options, value: bool);
        fn spvValidatorOptionsSetAllowVulkan32BitBitwise(options: *mut Options, value: bool);
        fn spvValidateWithOptions(
            context: *const Context,
            options: *const Options,
            binary: *const Binary,
            diagnostic: *mut *mut Diagnostic,
        ) -> i32;
        fn spvDiagnosticDestroy(diagnostic: *mut Diagnostic);
    }

    pub fn version() -> &'static str {
        // SAFETY: a static NUL-terminated string the library owns.
        unsafe { CStr::from_ptr(spvSoftwareVersionString()) }.to_str().unwrap_or("(unknown version)")
    }

    /// The validator's message for invalid code.
    pub fn validate(e: &Environment, code: &[u32]) -> Result<(), String> {
        // A context and options per call: the C API makes no promise about sharing them between
        // threads, and creating them is cheap next to validating a module.
        // SAFETY: the C API used as libspirv.h documents: every object created here is destroyed
        // here, `binary` points at `code` for the call, and the diagnostic is read before it is
        // destroyed.
        unsafe {
            let context = spvContextCreate(e.target);
            let options = spvValidatorOptionsCreate();
            if context.is_null() || options.is_null() {
                spvValidatorOptionsDestroy(options);
                spvContextDestroy(context);
                return Ok(());
            }
            spvValidatorOptionsSetRelaxBlockLayout(options, e.relax_block_layout);
            spvValidatorOptionsSetUniformBufferStandardLayout(options, e.uniform_buffer_standard_layout);
            spvValidatorOptionsSetScalarBlockLayout(options, e.scalar_block_layout);
            spvValidatorOptionsSetWorkgroupScalarBlockLayout(options, e.workgroup_scalar_block_layout);
            spvValidatorOptionsSetAllowLocalSizeId(options, e.allow_local_size_id);
            spvValidatorOptionsSetAllowOffsetTextureOperand(options, e.allow_offset_texture_operand);
            spvValidatorOptionsSetAllowVulkan32BitBitwise(options, e.allow_vulkan_32_bit_bitwise);
            let binary = Binary { code: code.as_ptr(), word_count: code.len() };
            let mut diagnostic: *mut Diagnostic = std::ptr::null_mut();
            let result = spvValidateWithOptions(context, options, &binary, &mut diagnostic);
            let message = (!diagnostic.is_null() && !(*diagnostic).error.is_null())
                .then(|| CStr::from_ptr((*diagnostic).error).to_string_lossy().into_owned());
            spvDiagnosticDestroy(diagnostic);
            spvValidatorOptionsDestroy(options);
            spvContextDestroy(context);
            match (result, message) {
                (0, _) => Ok(()),
                (_, Some(m)) => Err(m),
                (code, None) => Err(format!("spvValidateWithOptions returned {code} without a message")),
            }
        }
    }
}

/// Built without the validator (`layer/build.rs`): nothing is validated.
#[cfg(vigil_no_spirv_tools)]
mod validator {
    use super::Environment;

    pub const AVAILABLE: bool = false;

    pub fn version() -> &'static str {
        "(not linked)"
    }

    pub fn validate(_: &Environment, _: &[u32]) -> Result<(), String> {
        Ok(())
    }
}

#[cfg(all(test, not(vigil_no_spirv_tools)))]
mod tests {
    use super::*;

    fn environment(target: i32) -> Environment {
        Environment {
            target,
            relax_block_layout: true,
            uniform_buffer_standard_layout: false,
            scalar_block_layout: false,
            workgroup_scalar_block_layout: false,
            allow_local_size_id: false,
            allow_offset_texture_operand: false,
            allow_vulkan_32_bit_bitwise: false,
        }
    }

    fn words(bytes: &[u8]) -> Vec<u32> {
        bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect()
    }

    #[test]
    fn the_pinned_validator_is_linked() {
        if option_env!("VIGIL_SPIRV_TOOLS_LIB_DIR").is_none() {
            assert_eq!(validator_version(), "v2026.4");
        }
    }

    #[test]
    fn a_compiled_shader_passes_and_a_truncated_one_fails() {
        let shader = words(include_bytes!("../../../../tests/shaders/compute.comp.spv"));
        assert_eq!(validate(&environment(VULKAN_1_0), &shader), Ok(()));
        let cut = validate(&environment(VULKAN_1_0), &shader[..shader.len() - 1]).unwrap_err();
        assert_eq!(cut.vuid, None, "{}", cut.message);
        assert!(!cut.message.is_empty());
    }

    /// How ids begin; spelled so that the id scanners do not take it for an id.
    const PREFIX: &str = concat!("VUID", "-");

    /// The ids of `ids.txt`, and those `docs/spirv-validation.md` lists as missing.
    fn listed(text: &str) -> std::collections::BTreeSet<String> {
        text.lines()
            .filter_map(|l| l.trim_start_matches("- `").split('`').next())
            .filter(|l| l.starts_with(PREFIX))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn ids_txt_lists_what_the_library_names_and_the_docs_what_it_does_not() {
        if option_env!("VIGIL_SPIRV_TOOLS_LIB_DIR").is_some() {
            return;
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let library = std::fs::read(root.join("spirv-tools/libSPIRV-Tools.a")).unwrap();
        let mut named = std::collections::BTreeSet::new();
        let mut rest = library.as_slice();
        while let Some(at) = rest.windows(5).position(|w| w == PREFIX.as_bytes()) {
            let id = &rest[at..];
            let len =
                id.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).unwrap_or(id.len());
            let id = String::from_utf8_lossy(&id[..len]).into_owned();
            if crate::report::known_vuid(&id).is_some() {
                named.insert(id);
            }
            rest = &rest[at + len..];
        }
        let ids_txt = std::fs::read_to_string(root.join("spirv-tools/ids.txt")).unwrap();
        assert_eq!(listed(&ids_txt), named, "layer/spirv-tools/ids.txt is not what the library names");

        let standalone: std::collections::BTreeSet<String> = vigil_generated::SPEC_TEXT
            .lines()
            .filter_map(|l| l.split('\t').next())
            .filter(|id| id.strip_prefix(PREFIX).is_some_and(|rest| rest.starts_with("StandaloneSpirv-")))
            .map(str::to_string)
            .collect();
        let missing: std::collections::BTreeSet<String> = standalone.difference(&named).cloned().collect();
        let docs = std::fs::read_to_string(root.join("../docs/spirv-validation.md")).unwrap();
        let docs = docs.split("## Not named").nth(1).expect("docs/spirv-validation.md has a \"Not named\" section");
        assert_eq!(listed(docs), missing, "docs/spirv-validation.md's list of missing rules is stale");
    }
}
