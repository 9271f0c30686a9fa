//! From the registry model to the check plan: for every command parameter and every member of
//! every struct reachable from them, which implicit rule applies and which id reports it. A
//! rule is planned only when validusage.json has its VUID (or, for the few rules no VUID
//! covers, when Vigil deliberately reports it under an `UNASSIGNED-…` id).

use std::collections::{BTreeMap, BTreeSet};

use vigil_registry::{ArrayLen, CType, Command, CommandLevel, EnumValue, Registry, TypeRef, ValidUsage, ValueAttrs};

use crate::Error;

/// A neither-0-nor-1 `VkBool32` (the reference layer's id).
pub const ID_BOOL32: &str = "UNASSIGNED-GeneralParameterError-UnrecognizedBool32";
/// A `VK_NULL_HANDLE` where a handle is required (the reference layer's id).
pub const ID_REQUIRED_HANDLE: &str = "UNASSIGNED-GeneralParameterError-RequiredHandle";
/// A `VK_NULL_HANDLE` element of a handle array (the reference layer's id).
pub const ID_REQUIRED_HANDLE_ARRAY: &str = "UNASSIGNED-GeneralParameterError-RequiredHandleArray";
/// A command of an extension that is not enabled (the reference layer's id).
pub const ID_EXTENSION_NOT_ENABLED: &str = "UNASSIGNED-GeneralParameterError-ExtensionNotEnabled";
/// A command of a core version above the effective API version (the reference layer's id).
pub const ID_API_VERSION: &str = "UNASSIGNED-API-Version-Violation";

/// The pNext rules of a struct that heads a chain (a command's parameter, or reached from
/// one) but has no `…-pNext-pNext` VUID, because the registry lists it as extending another
/// struct (`VkPhysicalDeviceFeatures2` in `vkGetPhysicalDeviceFeatures2`). Vigil's own id.
pub const ID_PNEXT: &str = "UNASSIGNED-GeneralParameterError-pNextChain";
/// As [`ID_PNEXT`], for a duplicate structure in such a chain (no `…-sType-unique` VUID).
pub const ID_PNEXT_UNIQUE: &str = "UNASSIGNED-GeneralParameterError-pNextDuplicate";

/// Ids the engine reports by name rather than through a planned field.
pub const FIXED_IDS: &[&str] =
    &[ID_BOOL32, ID_REQUIRED_HANDLE, ID_REQUIRED_HANDLE_ARRAY, ID_EXTENSION_NOT_ENABLED, ID_API_VERSION];

/// Instance extensions the loader or layers implement. The Debian 12 loader (1.3.239) refuses
/// to enable the newer ones even when a layer provides them, so applications chain their
/// structures into `VkInstanceCreateInfo` without enabling them: no "extension not enabled"
/// rule for their structures. Reviewed; checked against the model.
pub const LAYER_PROVIDED_EXTENSIONS: &[&str] = &[
    "VK_EXT_layer_settings",
    "VK_EXT_validation_features",
    "VK_EXT_validation_flags",
    "VK_LUNARG_direct_driver_loading",
];

/// Enum values and bits that more than one extension adds under the same name, where the
/// model keeps only the first adder (`EnumValue::added_by`): the other adders, so that
/// enabling any of them makes the value valid. Reviewed against vk.xml 1.4.363 (values of
/// `VkStructureType` are left out: sType values are never checked as enum values); each entry
/// is checked against the model (an entry naming what an older registry does not have yet does
/// not apply to it), and the table can go once the model keeps every adder.
pub const ALSO_ADDED_BY: &[(&str, &str)] = &[
    ("VK_ATTACHMENT_STORE_OP_NONE_KHR", "VK_KHR_load_store_op_none"),
    ("VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT", "VK_KHR_maintenance11"),
    ("VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR", "VK_KHR_descriptor_update_template"),
    ("VK_SWAPCHAIN_CREATE_SPLIT_INSTANCE_BIND_REGIONS_BIT_KHR", "VK_KHR_device_group"),
    ("VK_SHADER_CREATE_INSTRUMENT_SHADER_BIT_ARM", "VK_ARM_shader_instrumentation"),
    ("VK_PIPELINE_CREATE_2_INSTRUMENT_SHADERS_BIT_ARM", "VK_ARM_shader_instrumentation"),
    ("VK_PIPELINE_CREATE_2_DISALLOW_OPACITY_MICROMAP_BIT_ARM", "VK_ARM_pipeline_opacity_micromap"),
    ("VK_PIPELINE_CREATE_2_DISALLOW_OPACITY_MICROMAP_BIT_ARM", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_SKIP_BUILT_IN_PRIMITIVES_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_OPACITY_MICROMAP_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_DEFER_COMPILE_BIT_NV", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_CAPTURE_STATISTICS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_LINK_TIME_OPTIMIZATION_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_LIBRARY_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_SKIP_AABBS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_NO_NULL_ANY_HIT_SHADERS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_NO_NULL_CLOSEST_HIT_SHADERS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_NO_NULL_MISS_SHADERS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_NO_NULL_INTERSECTION_SHADERS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_SHADER_GROUP_HANDLE_CAPTURE_REPLAY_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_INDIRECT_BINDABLE_BIT_NV", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_ALLOW_MOTION_BIT_NV", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_COLOR_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_DEPTH_STENCIL_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_RAY_TRACING_DISPLACEMENT_MICROMAP_BIT_NV", "VK_KHR_extended_flags"),
    ("VK_PIPELINE_CREATE_2_DESCRIPTOR_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_SHADER_DEVICE_ADDRESS_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_MICROMAP_BUILD_INPUT_READ_ONLY_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_MICROMAP_STORAGE_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_CONDITIONAL_RENDERING_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_SHADER_BINDING_TABLE_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_VIDEO_DECODE_SRC_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_VIDEO_DECODE_DST_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_VIDEO_ENCODE_DST_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_VIDEO_ENCODE_SRC_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_ACCELERATION_STRUCTURE_STORAGE_BIT_KHR", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_SAMPLER_DESCRIPTOR_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_RESOURCE_DESCRIPTOR_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
    ("VK_BUFFER_USAGE_2_PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_BIT_EXT", "VK_KHR_extended_flags"),
];

/// `VkAllocationCallbacks`: its function pointers are `noautovalidity`; the explicit rules
/// (00632–00635) are planned by hand. Reviewed; checked against the catalogue.
const ALLOCATION_CALLBACKS: &str = "VkAllocationCallbacks";

/// What the plan emits per category, and what it could not plan. Each count is of table
/// entries: a struct's rule counts once however many commands reach the struct.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Commands planned (every command of the registry).
    pub commands: usize,
    /// Structs reachable from the commands' parameters, pNext chains included.
    pub structs: usize,
    /// `sType` must be the struct's value (`…-sType-sType`).
    pub s_type: usize,
    /// pNext chains walked: only allowed structs (`…-pNext-pNext`); unknown sTypes warned.
    pub pnext_allowed: usize,
    /// pNext chains checked for duplicates (`…-sType-unique`).
    pub pnext_unique: usize,
    /// Of those, chains whose head has no pNext VUID of its own: reported under
    /// `UNASSIGNED-GeneralParameterError-pNextChain` / `-pNextDuplicate`.
    pub pnext_without_vuid: usize,
    /// Chainable structs whose version or extension must be enabled (supported, for
    /// physical-device queries).
    pub pnext_enabled: usize,
    /// Enum values valid and enabled (`…-parameter`), scalars and arrays.
    pub enum_value: usize,
    /// Bitmasks and single FlagBits valid and enabled (`…-parameter`).
    pub flags_valid: usize,
    /// Bitmasks that must not be 0 (`…-requiredbitmask`).
    pub flags_required: usize,
    /// Reserved bitmasks that must be 0 (`…-zerobitmask`).
    pub flags_reserved: usize,
    /// Pointers to one value that must not be NULL (`…-parameter`).
    pub required_pointer: usize,
    /// Strings and string/pointer-array elements that must not be NULL (`…-parameter`).
    pub required_string: usize,
    /// Array pointers that must not be NULL when the count is not 0 (`…-parameter`).
    pub array_pointer: usize,
    /// Handles (and handle-array elements) that must not be VK_NULL_HANDLE.
    pub required_handle: usize,
    /// Function pointers that must not be NULL (`…-parameter`).
    pub required_function: usize,
    /// Counts that must not be 0 (`…-arraylength`).
    pub count_nonzero: usize,
    /// VkBool32 values (scalars and arrays) that must be 0 or 1.
    pub bool32: usize,
    /// `VkAllocationCallbacks` rules (00632–00635).
    pub allocation_callbacks: usize,
    /// Commands checked for their version or extension (not plain Vulkan 1.0).
    pub command_enabled: usize,
    /// Members and parameters marked `noautovalidity`: left to explicit checks.
    pub skipped_noautovalidity: usize,
    /// Of those, structure pointers whose structures are planned for the layer's hand-written
    /// walks ([`WALKED_NOAUTOVALIDITY`]).
    pub walked_noautovalidity: usize,
    /// Arrays whose `len` cannot be evaluated (counted, not checked).
    pub skipped_len: usize,
    /// Union members (no selector-driven checks).
    pub skipped_union: usize,
    /// Bitfield members (inside acceleration-structure instances).
    pub skipped_bitfield: usize,
    /// Rules whose implicit VUID validusage.json does not have (not emitted).
    pub skipped_no_vuid: usize,
    /// Pointer shapes the plan does not walk (`T**` other than strings and struct pointers).
    pub skipped_shape: usize,
}

/// Where a field's value is: a member of the struct being checked, or a parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum At {
    /// A member, by name (its offset is `offset_of!(owner, member)`).
    Member(String),
    /// A parameter, by index.
    Param(usize),
}

/// How an array's length is found.
#[derive(Clone, Debug)]
pub struct CountPlan {
    pub name: String,
    /// Where the count is; `None` for a constant.
    pub at: Option<At>,
    /// The count is read through a pointer: `(pointee struct, member)`, or `None` for `*pCount`.
    pub deref: Option<Option<(String, String)>>,
    pub width: u8,
    pub add: u8,
    pub div: u8,
    pub constant: u32,
}

/// The shape around a field's value(s).
#[derive(Clone, Debug)]
pub enum ShapePlan {
    Value,
    /// A fixed-size member array (`T name[N]`), with the member counting its used elements
    /// when the registry names one (`len`).
    Array(ArrayLen, Option<CountPlan>),
    Ptr,
    Slice(CountPlan),
    Str,
}

/// What each value is checked as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElemPlan {
    None,
    Bool32,
    Enum(String),
    Flags(String),
    FlagBit(String),
    Zero {
        wide: bool,
    },
    Handle,
    Struct(String),
    Str,
    StructPtr(String),
    /// A pointer-sized value that must not be NULL (function pointers).
    Pointer,
    /// Set together with the member at this name, or neither (VkAllocationCallbacks 00635).
    Paired(String),
}

/// One planned field.
#[derive(Clone, Debug)]
pub struct FieldPlan {
    pub name: String,
    pub at: At,
    pub shape: ShapePlan,
    pub elem: ElemPlan,
    /// The pointer/value id (`…-parameter`, explicit VUID, or an `UNASSIGNED-…` id).
    pub id: Option<String>,
    /// `…-requiredbitmask` or `…-arraylength`.
    pub id2: Option<String>,
    /// The pointer (or value) may be NULL (or 0).
    pub optional: bool,
    /// Array elements (or a pointed-to handle) may be VK_NULL_HANDLE / 0.
    pub elem_optional: bool,
    /// Reached through a non-const pointer: only sType and pNext are checked.
    pub output: bool,
}

/// One struct's plan.
#[derive(Clone, Debug)]
pub struct StructPlan {
    pub name: String,
    /// `(VK_STRUCTURE_TYPE_…, value)`.
    pub s_type: Option<(String, i64)>,
    pub s_type_id: Option<String>,
    pub has_pnext: bool,
    pub pnext_id: Option<String>,
    pub unique_id: Option<String>,
    /// Structs allowed in the pNext chain, by name.
    pub allowed: Vec<String>,
    /// Index into the requirement table.
    pub req: usize,
    pub fields: Vec<FieldPlan>,
}

/// One command's plan.
#[derive(Clone, Debug)]
pub struct CommandPlan {
    pub name: String,
    /// Index in `COMMANDS` (registry order).
    pub index: usize,
    pub level: CommandLevel,
    /// The first parameter's handle type, for the objects a message names.
    pub object: Option<String>,
    pub fields: Vec<FieldPlan>,
}

/// One version or extension term of a requirement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Term {
    Version(u32, u32),
    /// Index into `EXTENSIONS` (registry order).
    Extension(usize),
}

/// An enum's values, or a bitmask's bits, with what each needs.
#[derive(Clone, Debug)]
pub struct ValuesPlan {
    pub name: String,
    pub wide: bool,
    /// `(value, requirement index, name)`, sorted by value, one entry per value.
    pub values: Vec<(i64, usize, String)>,
}

/// The whole plan.
pub struct Plan {
    pub structs: Vec<StructPlan>,
    pub commands: Vec<CommandPlan>,
    pub enums: Vec<ValuesPlan>,
    pub bitmasks: Vec<ValuesPlan>,
    /// Requirement 0 is "always".
    pub reqs: Vec<Vec<Term>>,
    /// Every id the plan names, sorted.
    pub ids: BTreeSet<String>,
    pub stats: Stats,
}

/// The struct or command whose fields are being planned.
pub(crate) struct Owner<'a> {
    /// The name VUIDs use: the struct or the command.
    pub name: &'a str,
    pub is_command: bool,
    /// (name, type, attrs) of every member or parameter, for `len` lookups.
    pub siblings: Vec<(&'a str, &'a CType, &'a ValueAttrs)>,
}

struct Planner<'r> {
    reg: &'r Registry,
    vuids: &'r BTreeMap<String, ValidUsage>,
    ids: BTreeSet<String>,
    stats: Stats,
    reqs: Vec<Vec<Term>>,
    req_index: BTreeMap<Vec<Term>, usize>,
    /// Enum (or FlagBits) name → requirement index per value name.
    value_reqs: BTreeMap<String, Vec<Term>>,
    enums: BTreeMap<String, ValuesPlan>,
    bitmasks: BTreeMap<String, ValuesPlan>,
    /// Structs to plan, and whether each has anything to check (memoized).
    wanted: BTreeSet<String>,
    /// Structs a field reaches directly: their pNext chains are walked from them.
    heads: BTreeSet<String>,
    checks_memo: BTreeMap<String, bool>,
}

/// Builds the plan.
/// The `noautovalidity` structure pointers the layer walks by hand where the spec says they
/// are not ignored (`layer/src/checks/stateless/explicit/pipelines.rs`): their structures get
/// tables like every other.
pub const WALKED_NOAUTOVALIDITY: [(&str, &str); 9] = [
    ("VkGraphicsPipelineCreateInfo", "pStages"),
    ("VkGraphicsPipelineCreateInfo", "pVertexInputState"),
    ("VkGraphicsPipelineCreateInfo", "pInputAssemblyState"),
    ("VkGraphicsPipelineCreateInfo", "pTessellationState"),
    ("VkGraphicsPipelineCreateInfo", "pViewportState"),
    ("VkGraphicsPipelineCreateInfo", "pRasterizationState"),
    ("VkGraphicsPipelineCreateInfo", "pMultisampleState"),
    ("VkGraphicsPipelineCreateInfo", "pDepthStencilState"),
    ("VkGraphicsPipelineCreateInfo", "pColorBlendState"),
];

pub fn plan(reg: &Registry, vuids: &BTreeMap<String, ValidUsage>) -> Result<Plan, Error> {
    let mut p = Planner {
        reg,
        vuids,
        ids: FIXED_IDS.iter().map(|s| s.to_string()).collect(),
        stats: Stats::default(),
        reqs: vec![Vec::new()],
        req_index: BTreeMap::from([(Vec::new(), 0)]),
        value_reqs: BTreeMap::new(),
        enums: BTreeMap::new(),
        bitmasks: BTreeMap::new(),
        wanted: BTreeSet::new(),
        heads: BTreeSet::new(),
        checks_memo: BTreeMap::new(),
    };
    p.check_tables()?;
    p.collect_value_reqs()?;
    let mut commands = Vec::new();
    for (index, c) in reg.commands.iter().enumerate() {
        commands.push(p.command(index, c)?);
    }
    p.stats.commands = commands.len();
    // Structures only `noautovalidity` members reach, which the layer's hand-written checks walk
    // where the spec says they are not ignored.
    for (owner, member) in WALKED_NOAUTOVALIDITY {
        let target = reg
            .struct_(owner)
            .and_then(|s| s.members.iter().find(|m| m.name == *member))
            .filter(|m| m.attrs.noautovalidity && m.ty.pointer_depth() == 1)
            .map(|m| m.ty.base_name().to_string())
            .filter(|t| reg.struct_(t).is_some())
            .ok_or_else(|| Error(format!("stateless: {owner}::{member} is not a noautovalidity structure pointer")))?;
        p.wanted.insert(target);
        p.stats.walked_noautovalidity += 1;
    }
    // Every struct the commands reach, with the structs their pNext chains may hold.
    let mut structs = Vec::new();
    let mut done = BTreeSet::new();
    while let Some(name) = p.wanted.iter().find(|n| !done.contains(*n)).cloned() {
        done.insert(name.clone());
        let s = p.struct_(&name)?;
        structs.push(s);
    }
    structs.sort_by(|a, b| a.name.cmp(&b.name));
    p.stats.structs = structs.len();
    // Chains headed by a struct without pNext VUIDs still get their rules, under Vigil's ids.
    for s in &mut structs {
        if s.has_pnext && s.pnext_id.is_none() && p.heads.contains(&s.name) {
            s.pnext_id = p.fixed(ID_PNEXT);
            p.stats.pnext_allowed += 1;
            p.stats.pnext_without_vuid += 1;
            if s.unique_id.is_none() {
                s.unique_id = p.fixed(ID_PNEXT_UNIQUE);
                p.stats.pnext_unique += 1;
            }
        }
    }
    let mut enums: Vec<ValuesPlan> = p.enums.into_values().collect();
    enums.sort_by(|a, b| a.name.cmp(&b.name));
    let mut bitmasks: Vec<ValuesPlan> = p.bitmasks.into_values().collect();
    bitmasks.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Plan { structs, commands, enums, bitmasks, reqs: p.reqs, ids: p.ids, stats: p.stats })
}

fn version_of(name: &str) -> Option<(u32, u32)> {
    let (major, minor) = name.strip_prefix("VK_VERSION_")?.split_once('_')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// The [`ALSO_ADDED_BY`] entries that apply to `reg`, each checked against the model. A registry
/// older than the pinned one may not have an entry's value or extension yet: the entry does not
/// apply to it and is skipped. From the pinned version on, a name the model lacks is a stale
/// table.
fn also_added_by(reg: &Registry) -> Result<Vec<(&'static str, &'static str)>, Error> {
    let mut applies = Vec::new();
    for &(value, ext) in ALSO_ADDED_BY {
        let found = reg.enums.iter().flat_map(|e| &e.values).find(|v| v.name == value);
        let extension = reg.extension(ext);
        if reg.older_than_pinned() && (found.is_none() || extension.is_none()) {
            continue;
        }
        if extension.is_none() {
            return Err(Error(format!("stateless: reviewed table names {ext}, which is not an extension")));
        }
        match found {
            Some(v) if v.added_by.as_deref() != Some(ext) => applies.push((value, ext)),
            _ => {
                return Err(Error(format!(
                    "stateless: ALSO_ADDED_BY ({value}, {ext}) is stale: no such value, or the model has it"
                )))
            }
        }
    }
    Ok(applies)
}

impl<'r> Planner<'r> {
    fn check_tables(&self) -> Result<(), Error> {
        for e in LAYER_PROVIDED_EXTENSIONS {
            if self.reg.extension(e).is_none() {
                return Err(Error(format!("stateless: reviewed table names {e}, which is not an extension")));
            }
        }
        also_added_by(self.reg)?;
        for id in ALLOCATION_RULES.iter().map(|r| r.1) {
            if !self.vuids.contains_key(id) {
                return Err(Error(format!("stateless: {id} is not in validusage.json")));
            }
        }
        Ok(())
    }

    /// The requirement index of "any of these terms" (`None` term: always available).
    fn req(&mut self, terms: Vec<Option<Term>>) -> usize {
        if terms.is_empty() || terms.iter().any(|t| matches!(t, None | Some(Term::Version(1, 0)))) {
            return 0;
        }
        let mut terms: Vec<Term> = terms.into_iter().flatten().collect();
        terms.sort();
        terms.dedup();
        if let Some(&i) = self.req_index.get(&terms) {
            return i;
        }
        self.reqs.push(terms.clone());
        self.req_index.insert(terms, self.reqs.len() - 1);
        self.reqs.len() - 1
    }

    /// Every adder of every enum value, aliases and the reviewed extra adders included.
    fn collect_value_reqs(&mut self) -> Result<(), Error> {
        let extra: BTreeMap<&str, Vec<&str>> =
            also_added_by(self.reg)?.into_iter().fold(BTreeMap::new(), |mut m, (v, e)| {
                m.entry(v).or_default().push(e);
                m
            });
        for e in &self.reg.enums {
            if e.video_std {
                continue;
            }
            for v in &e.values {
                let mut adders = vec![v.added_by.clone()];
                adders.extend(extra.get(v.name.as_str()).into_iter().flatten().map(|e| Some(e.to_string())));
                adders.extend(self.promoted_depends(v).into_iter().map(Some));
                let key = format!("{}::{}", e.name, v.value);
                let entry = self.value_reqs.entry(key).or_default();
                for a in adders {
                    match a.as_deref().map(|a| (a, version_of(a))) {
                        None => entry.push(Term::Version(1, 0)),
                        Some((_, Some((major, minor)))) => entry.push(Term::Version(major, minor)),
                        Some((a, None)) => {
                            let i = self
                                .reg
                                .extensions
                                .iter()
                                .position(|x| x.name == a)
                                .ok_or_else(|| Error(format!("stateless: {} added by unknown {a}", v.name)))?;
                            entry.push(Term::Extension(i));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// For a value an extension promoted to core adds in a `<require depends="…">` block, the
    /// extensions that condition names: the core version has the value where they are enabled
    /// (vk.xml lists such values under the extension only). "The extension, or any of them" is
    /// the closest of the requirement's any-of terms: an application of a core version that has
    /// the extension's commands and structures uses them with one of those enabled.
    fn promoted_depends(&self, v: &EnumValue) -> Vec<String> {
        let (Some(by), Some(depends)) = (v.added_by.as_deref(), v.depends.as_ref()) else { return Vec::new() };
        if self.reg.extension(by).is_none_or(|e| e.promoted_to.is_none()) {
            return Vec::new();
        }
        depends
            .terms()
            .into_iter()
            .filter(|t| version_of(t).is_none() && !t.contains("::") && self.reg.extension(t).is_some())
            .map(str::to_string)
            .collect()
    }

    /// Records `id` when the catalogue has it.
    fn vuid(&mut self, id: String) -> Option<String> {
        if self.vuids.contains_key(&id) {
            self.ids.insert(id.clone());
            Some(id)
        } else {
            None
        }
    }

    fn fixed(&mut self, id: &str) -> Option<String> {
        self.ids.insert(id.to_string());
        Some(id.to_string())
    }

    /// The table entry for an enum's values (planned once per enum).
    fn values(&mut self, enum_name: &str, bitmask: bool) -> Result<String, Error> {
        let name = self.reg.resolve_alias(enum_name).to_string();
        let have = if bitmask { self.bitmasks.contains_key(&name) } else { self.enums.contains_key(&name) };
        if have {
            return Ok(name);
        }
        let e = self.reg.enum_(&name).ok_or_else(|| Error(format!("stateless: no enum {name}")))?;
        // One entry per value: aliases add their adders; the name is the first non-alias one.
        let mut by_value: BTreeMap<i64, (Vec<Term>, Option<String>)> = BTreeMap::new();
        for v in &e.values {
            let terms = self.value_reqs.get(&format!("{}::{}", e.name, v.value)).cloned().unwrap_or_default();
            let entry = by_value.entry(v.value).or_default();
            entry.0.extend(terms);
            if entry.1.is_none() || v.alias_of.is_none() && !is_base_name(&e.values, entry.1.as_deref()) {
                entry.1 = Some(v.name.clone());
            }
        }
        let mut values = Vec::new();
        for (value, (terms, vname)) in by_value {
            let vname = vname.unwrap_or_default();
            let req = self.req(terms.into_iter().map(Some).collect());
            values.push((value, req, vname));
        }
        let plan = ValuesPlan { name: name.clone(), wide: e.bitmask_width == Some(64), values };
        if bitmask {
            self.bitmasks.insert(name.clone(), plan);
        } else {
            self.enums.insert(name.clone(), plan);
        }
        Ok(name)
    }

    fn command(&mut self, index: usize, c: &'r Command) -> Result<CommandPlan, Error> {
        let object = c
            .params
            .first()
            .and_then(|p| self.reg.handle(p.ty.as_named()?))
            .filter(|h| h.dispatchable && c.level != CommandLevel::Global)
            .map(|h| h.name.clone());
        if c.provided_by.iter().all(|p| p.by != "VK_VERSION_1_0") {
            self.stats.command_enabled += 1;
        }
        let owner = Owner {
            name: &c.name,
            is_command: true,
            siblings: c.params.iter().map(|p| (p.name.as_str(), &p.ty, &p.attrs)).collect(),
        };
        let mut fields = Vec::new();
        let mut counted = BTreeSet::new();
        for (i, p) in c.params.iter().enumerate() {
            // The dispatchable first parameter routed the call here: it is valid.
            if i == 0 && object.is_some() {
                continue;
            }
            if let Some(f) = self.field(&owner, &p.name, &p.ty, &p.attrs, At::Param(i), &mut counted)? {
                fields.push(f);
            }
        }
        Ok(CommandPlan { name: c.name.clone(), index, level: c.level, object, fields })
    }

    /// Whether a struct has anything to check when reached (else pointers to it are only
    /// null-checked).
    fn has_checks(&mut self, name: &str) -> bool {
        let name = self.reg.resolve_alias(name).to_string();
        if let Some(&b) = self.checks_memo.get(&name) {
            return b;
        }
        // Cycles (a struct reachable from itself) count as "nothing more" while in progress.
        self.checks_memo.insert(name.clone(), false);
        let Some(s) = self.reg.struct_(&name) else { return false };
        let b = if s.is_union || s.video_std || name == "VkBaseInStructure" || name == "VkBaseOutStructure" {
            false
        } else if s.s_type.is_some() || name == ALLOCATION_CALLBACKS {
            true
        } else if s.returned_only {
            false
        } else {
            let reg = self.reg;
            let members: Vec<_> = s.members.iter().collect();
            members.iter().any(|m| {
                if m.attrs.noautovalidity || m.bitfield.is_some() {
                    return false;
                }
                let base = m.ty.base_name();
                match reg.lookup(base) {
                    Some(TypeRef::Enum(_)) | Some(TypeRef::Bitmask(_)) | Some(TypeRef::Handle(_)) => true,
                    Some(TypeRef::FuncPointer(_)) => true,
                    Some(TypeRef::Struct(_)) => self.has_checks(base),
                    _ => base == "VkBool32" || m.ty.pointer_depth() > 0,
                }
            })
        };
        self.checks_memo.insert(name, b);
        b
    }

    fn struct_(&mut self, name: &str) -> Result<StructPlan, Error> {
        let reg = self.reg;
        let s = reg.struct_(name).ok_or_else(|| Error(format!("stateless: no struct {name}")))?;
        let s_type = match &s.s_type {
            Some(st) => {
                let v = reg
                    .enum_("VkStructureType")
                    .and_then(|e| e.values.iter().find(|v| &v.name == st))
                    .ok_or_else(|| Error(format!("stateless: {st} is not a VkStructureType value")))?;
                Some((st.clone(), v.value))
            }
            None => None,
        };
        let s_type_id = if s_type.is_some() { self.vuid(format!("VUID-{name}-sType-sType")) } else { None };
        if s_type_id.is_some() {
            self.stats.s_type += 1;
        }
        let has_pnext = s_type.is_some() && s.members.iter().any(|m| m.name == "pNext");
        let mut allowed = Vec::new();
        let (mut pnext_id, mut unique_id) = (None, None);
        if has_pnext {
            for other in &reg.structs {
                if other.extends.iter().any(|e| reg.resolve_alias(e) == name) {
                    allowed.push(other.name.clone());
                    self.wanted.insert(other.name.clone());
                }
            }
            allowed.sort();
            pnext_id = self.vuid(format!("VUID-{name}-pNext-pNext"));
            unique_id = self.vuid(format!("VUID-{name}-sType-unique"));
            self.stats.pnext_allowed += pnext_id.is_some() as usize;
            self.stats.pnext_unique += unique_id.is_some() as usize;
        }
        // What makes the struct available: any version or extension that lists it (or an
        // alias of it). Layer-provided extensions impose nothing (see the table).
        let names: Vec<&str> = std::iter::once(name)
            .chain(reg.type_aliases.iter().filter(|(_, t)| reg.resolve_alias(t) == name).map(|(a, _)| a.as_str()))
            .collect();
        let mut terms: Vec<Option<Term>> = Vec::new();
        for v in &reg.versions {
            if v.types.iter().any(|t| names.contains(&t.as_str())) {
                terms.push(Some(Term::Version(v.major, v.minor)));
            }
        }
        for (i, e) in reg.extensions.iter().enumerate() {
            if e.types.iter().any(|t| names.contains(&t.as_str())) {
                terms.push(if LAYER_PROVIDED_EXTENSIONS.contains(&e.name.as_str()) {
                    None
                } else {
                    Some(Term::Extension(i))
                });
            }
        }
        let req = self.req(terms);
        if req != 0 && !s.extends.is_empty() {
            self.stats.pnext_enabled += 1;
        }
        let mut fields = Vec::new();
        if name == ALLOCATION_CALLBACKS {
            fields = self.allocation_callbacks();
        } else if s.is_union {
            self.stats.skipped_union += s.members.len();
        } else if !s.returned_only && !s.video_std {
            let owner = Owner {
                name,
                is_command: false,
                siblings: s.members.iter().map(|m| (m.name.as_str(), &m.ty, &m.attrs)).collect(),
            };
            let mut counted = BTreeSet::new();
            for m in &s.members {
                if m.name == "sType" || m.name == "pNext" {
                    continue;
                }
                if m.bitfield.is_some() {
                    self.stats.skipped_bitfield += 1;
                    continue;
                }
                let at = At::Member(m.name.clone());
                if let Some(f) = self.field(&owner, &m.name, &m.ty, &m.attrs, at, &mut counted)? {
                    fields.push(f);
                }
            }
        }
        Ok(StructPlan {
            name: name.to_string(),
            s_type,
            s_type_id,
            has_pnext,
            pnext_id,
            unique_id,
            allowed,
            req,
            fields,
        })
    }

    fn allocation_callbacks(&mut self) -> Vec<FieldPlan> {
        ALLOCATION_RULES
            .iter()
            .map(|(member, id, paired)| {
                self.stats.allocation_callbacks += 1;
                let id = self.fixed(id);
                FieldPlan {
                    name: member.to_string(),
                    at: At::Member(member.to_string()),
                    shape: ShapePlan::Value,
                    elem: match paired {
                        Some(other) => ElemPlan::Paired(other.to_string()),
                        None => ElemPlan::Pointer,
                    },
                    id,
                    id2: None,
                    optional: false,
                    elem_optional: false,
                    output: false,
                }
            })
            .collect()
    }

    /// What a value of a named (non-pointer) type is checked as.
    fn elem_of(&mut self, ty_name: &str) -> Result<ElemPlan, Error> {
        let reg = self.reg;
        if ty_name == "VkBool32" {
            return Ok(ElemPlan::Bool32);
        }
        Ok(match reg.lookup(ty_name) {
            Some(TypeRef::Enum(i)) => {
                let e = &reg.enums[i];
                if e.video_std {
                    ElemPlan::None
                } else if e.bitmask_width.is_some() {
                    ElemPlan::FlagBit(self.values(&e.name, true)?)
                } else if e.name == "VkStructureType" {
                    ElemPlan::None
                } else {
                    ElemPlan::Enum(self.values(&e.name, false)?)
                }
            }
            Some(TypeRef::Bitmask(i)) => {
                let b = &reg.bitmasks[i];
                match &b.bits {
                    Some(bits) if reg.enum_(bits).is_some() => ElemPlan::Flags(self.values(bits, true)?),
                    _ => ElemPlan::Zero { wide: b.width == 64 },
                }
            }
            Some(TypeRef::Handle(_)) => ElemPlan::Handle,
            Some(TypeRef::Struct(i)) if reg.structs[i].is_union => {
                self.stats.skipped_union += 1;
                ElemPlan::None
            }
            Some(TypeRef::Struct(_)) => {
                if self.has_checks(ty_name) {
                    let n = reg.resolve_alias(ty_name).to_string();
                    self.wanted.insert(n.clone());
                    self.heads.insert(n.clone());
                    ElemPlan::Struct(n)
                } else {
                    ElemPlan::None
                }
            }
            Some(TypeRef::FuncPointer(_)) => ElemPlan::Pointer,
            _ => ElemPlan::None,
        })
    }

    /// Plans one member or parameter; `None` when nothing applies.
    #[allow(clippy::too_many_arguments)]
    fn field(
        &mut self,
        owner: &Owner<'_>,
        name: &str,
        ty: &CType,
        attrs: &ValueAttrs,
        at: At,
        counted: &mut BTreeSet<String>,
    ) -> Result<Option<FieldPlan>, Error> {
        if attrs.noautovalidity {
            self.stats.skipped_noautovalidity += 1;
            return Ok(None);
        }
        let o = owner.name;
        let param_id = format!("VUID-{o}-{name}-parameter");
        let opt0 = attrs.optional.first().copied().unwrap_or(false);
        let opt1 = attrs.optional.get(1).copied().unwrap_or(false);
        let base = FieldPlan {
            name: name.to_string(),
            at: at.clone(),
            shape: ShapePlan::Value,
            elem: ElemPlan::None,
            id: None,
            id2: None,
            optional: opt0,
            elem_optional: opt0,
            output: false,
        };
        match ty {
            CType::Named(n) => {
                let elem = self.elem_of(n)?;
                let plan = match elem {
                    ElemPlan::None => return Ok(None),
                    ElemPlan::Bool32 => {
                        self.stats.bool32 += 1;
                        FieldPlan { elem, id: self.fixed(ID_BOOL32), ..base }
                    }
                    ElemPlan::Enum(_) | ElemPlan::FlagBit(_) => {
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        if matches!(elem, ElemPlan::Enum(_)) {
                            self.stats.enum_value += 1;
                        } else {
                            self.stats.flags_valid += 1;
                        }
                        FieldPlan { elem, id: Some(id), ..base }
                    }
                    ElemPlan::Flags(_) => {
                        let id = self.vuid(param_id);
                        // A required bitmask must not be 0. validusage.json 1.4.363 has no
                        // `…-requiredbitmask` VUIDs: the member's `…-parameter` VU ("must be a
                        // valid combination", without the optional form's "If x is not 0")
                        // carries the rule.
                        let id2 = if opt0 {
                            None
                        } else {
                            self.vuid(format!("VUID-{o}-{name}-requiredbitmask")).or_else(|| id.clone())
                        };
                        if id.is_none() && id2.is_none() {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        }
                        self.stats.flags_valid += id.is_some() as usize;
                        self.stats.flags_required += id2.is_some() as usize;
                        FieldPlan { elem, id, id2, ..base }
                    }
                    ElemPlan::Zero { .. } => {
                        let Some(id) = self.vuid(format!("VUID-{o}-{name}-zerobitmask")) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        self.stats.flags_reserved += 1;
                        FieldPlan { elem, id: Some(id), ..base }
                    }
                    ElemPlan::Handle => {
                        if opt0 {
                            return Ok(None);
                        }
                        // The handle rule exists (`…-parameter`: a valid handle); its null part
                        // is reported under the reference layer's id.
                        if self.vuid(param_id).is_none() {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        }
                        self.stats.required_handle += 1;
                        FieldPlan { elem, id: self.fixed(ID_REQUIRED_HANDLE), ..base }
                    }
                    ElemPlan::Pointer => {
                        if opt0 {
                            return Ok(None);
                        }
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        self.stats.required_function += 1;
                        FieldPlan { elem, id: Some(id), ..base }
                    }
                    ElemPlan::Struct(_) => FieldPlan { elem, ..base },
                    ElemPlan::Str | ElemPlan::StructPtr(_) | ElemPlan::Paired(_) => return Ok(None),
                };
                Ok(Some(plan))
            }
            CType::Array { element, len } => {
                let CType::Named(en) = element.as_ref() else {
                    self.stats.skipped_shape += 1;
                    return Ok(None);
                };
                if en == "char" {
                    return Ok(None);
                }
                let elem = self.elem_of(en)?;
                let id = match &elem {
                    ElemPlan::None => return Ok(None),
                    ElemPlan::Struct(_) => None,
                    ElemPlan::Bool32 => {
                        self.stats.bool32 += 1;
                        self.fixed(ID_BOOL32)
                    }
                    ElemPlan::Enum(_) | ElemPlan::FlagBit(_) | ElemPlan::Flags(_) => {
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        if matches!(elem, ElemPlan::Enum(_)) {
                            self.stats.enum_value += 1;
                        } else {
                            self.stats.flags_valid += 1;
                        }
                        Some(id)
                    }
                    _ => {
                        self.stats.skipped_shape += 1;
                        return Ok(None);
                    }
                };
                let used = if attrs.len.is_empty() { None } else { self.count(owner, &attrs.len, None)? };
                if !attrs.len.is_empty() && used.is_none() {
                    self.stats.skipped_len += 1;
                    return Ok(None);
                }
                Ok(Some(FieldPlan { shape: ShapePlan::Array(len.clone(), used), elem, id, ..base }))
            }
            CType::Pointer { pointee, pointee_const } => {
                let output = !pointee_const;
                let depth = ty.pointer_depth();
                let len = &attrs.len;
                if depth == 1 {
                    let pointee_name = pointee.base_name();
                    // `const float blendConstants[4]` parameters are pointers to arrays.
                    if let CType::Array { element, len: alen } = pointee.as_ref() {
                        let elem = self.elem_of(element.base_name())?;
                        if elem == ElemPlan::None {
                            return Ok(None);
                        }
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        self.count_elem_stats(&elem);
                        let constant = match alen {
                            ArrayLen::Literal(n) => *n,
                            ArrayLen::Constant(_) => {
                                self.stats.skipped_len += 1;
                                return Ok(None);
                            }
                        };
                        let count = CountPlan {
                            name: String::new(),
                            at: None,
                            deref: None,
                            width: 0,
                            add: 0,
                            div: 1,
                            constant,
                        };
                        self.stats.array_pointer += 1;
                        return Ok(Some(FieldPlan {
                            shape: ShapePlan::Slice(count),
                            elem,
                            id: Some(id),
                            elem_optional: opt1,
                            output,
                            ..base
                        }));
                    }
                    if len.iter().any(|l| l == "null-terminated") && pointee_name == "char" {
                        if opt0 {
                            return Ok(None);
                        }
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        self.stats.required_string += 1;
                        return Ok(Some(FieldPlan { shape: ShapePlan::Str, id: Some(id), ..base }));
                    }
                    let elem = if pointee_name == "void" || pointee_name == "char" {
                        ElemPlan::None
                    } else {
                        self.elem_of(pointee_name)?
                    };
                    let elem = if output { output_elem(elem) } else { elem };
                    if len.is_empty() {
                        // A pointer to one value.
                        if opt0 && elem == ElemPlan::None {
                            return Ok(None);
                        }
                        let id = if opt0 { None } else { self.vuid(param_id) };
                        if id.is_none() && elem == ElemPlan::None {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        }
                        self.stats.required_pointer += id.is_some() as usize;
                        if id.is_some() {
                            self.count_elem_stats(&elem);
                        }
                        let optional = opt0 || id.is_none();
                        return Ok(Some(FieldPlan {
                            shape: ShapePlan::Ptr,
                            elem,
                            id,
                            optional,
                            elem_optional: opt1,
                            output,
                            ..base
                        }));
                    }
                    // A pointer to `len` values.
                    let Some(count) = self.count(owner, len, attrs.altlen.as_deref())? else {
                        self.stats.skipped_len += 1;
                        return Ok(None);
                    };
                    self.array(owner, name, count, elem, opt0, opt1, output, base, counted)
                } else if depth == 2 {
                    let inner = pointee.as_ref();
                    let CType::Pointer { pointee: innermost, .. } = inner else { unreachable!() };
                    let innermost = innermost.base_name();
                    if len.is_empty() {
                        // `void** ppData`: where the command writes a pointer.
                        if opt0 {
                            return Ok(None);
                        }
                        let Some(id) = self.vuid(param_id) else {
                            self.stats.skipped_no_vuid += 1;
                            return Ok(None);
                        };
                        self.stats.required_pointer += 1;
                        return Ok(Some(FieldPlan { shape: ShapePlan::Ptr, id: Some(id), output, ..base }));
                    }
                    let elem = if len.get(1).map(String::as_str) == Some("null-terminated") && innermost == "char" {
                        ElemPlan::Str
                    } else if len.get(1).map(String::as_str) == Some("1") {
                        match self.elem_of(innermost)? {
                            ElemPlan::Struct(s) => ElemPlan::StructPtr(s),
                            ElemPlan::None if self.reg.struct_(innermost).is_some() => ElemPlan::Pointer,
                            _ => {
                                self.stats.skipped_shape += 1;
                                return Ok(None);
                            }
                        }
                    } else {
                        self.stats.skipped_shape += 1;
                        return Ok(None);
                    };
                    let Some(count) = self.count(owner, &len[..1], None)? else {
                        self.stats.skipped_len += 1;
                        return Ok(None);
                    };
                    self.array(owner, name, count, elem, opt0, opt1, output, base, counted)
                } else {
                    self.stats.skipped_shape += 1;
                    Ok(None)
                }
            }
        }
    }

    fn count_elem_stats(&mut self, elem: &ElemPlan) {
        match elem {
            ElemPlan::Enum(_) => self.stats.enum_value += 1,
            ElemPlan::Flags(_) | ElemPlan::FlagBit(_) => self.stats.flags_valid += 1,
            ElemPlan::Bool32 => self.stats.bool32 += 1,
            _ => {}
        }
    }

    /// A pointer to `count` elements.
    #[allow(clippy::too_many_arguments)]
    fn array(
        &mut self,
        owner: &Owner<'_>,
        name: &str,
        count: CountPlan,
        elem: ElemPlan,
        opt0: bool,
        opt1: bool,
        output: bool,
        base: FieldPlan,
        counted: &mut BTreeSet<String>,
    ) -> Result<Option<FieldPlan>, Error> {
        let o = owner.name;
        let id = self.vuid(format!("VUID-{o}-{name}-parameter"));
        // `…-arraylength` belongs to the count; report it once per count.
        let count_required = count.at.is_some() && !self.count_optional(owner, &count);
        let id2 = if count_required && counted.insert(count.name.clone()) {
            self.vuid(format!("VUID-{o}-{}-arraylength", count.name))
        } else {
            None
        };
        if id.is_none() && id2.is_none() && matches!(elem, ElemPlan::None | ElemPlan::Handle | ElemPlan::Str) {
            self.stats.skipped_no_vuid += 1;
            return Ok(None);
        }
        self.stats.count_nonzero += id2.is_some() as usize;
        if id.is_some() {
            if !opt0 {
                self.stats.array_pointer += 1;
            }
            match &elem {
                ElemPlan::Handle if !opt1 && !output => self.stats.required_handle += 1,
                ElemPlan::Str | ElemPlan::StructPtr(_) | ElemPlan::Pointer if !opt1 => self.stats.required_string += 1,
                e => self.count_elem_stats(e),
            }
        } else if elem == ElemPlan::Bool32 {
            self.stats.bool32 += 1;
        }
        let elem = match elem {
            // Without the array's VUID, elements are checked only for what has its own id.
            ElemPlan::Enum(_) | ElemPlan::Flags(_) | ElemPlan::FlagBit(_) | ElemPlan::Str | ElemPlan::StructPtr(_)
                if id.is_none() =>
            {
                self.stats.skipped_no_vuid += 1;
                ElemPlan::None
            }
            e => e,
        };
        let elem = if output { output_elem(elem) } else { elem };
        Ok(Some(FieldPlan {
            name: name.to_string(),
            shape: ShapePlan::Slice(count),
            elem,
            optional: opt0 || id.is_none(),
            elem_optional: opt1,
            id,
            id2,
            output,
            ..base
        }))
    }

    /// Whether the count may be 0 (its own `optional`, at the value's level).
    fn count_optional(&self, owner: &Owner<'_>, count: &CountPlan) -> bool {
        let Some((_, ty, attrs)) = owner.siblings.iter().find(|(n, _, _)| *n == count.name) else { return true };
        match count.deref {
            // `pAllocateInfo->descriptorSetCount`: the member's own attribute is not known here.
            Some(Some(_)) => true,
            Some(None) => attrs.optional.get(1).copied().unwrap_or(false) || ty.pointer_depth() != 1,
            None => attrs.optional.first().copied().unwrap_or(false),
        }
    }

    /// Reads a `len` expression (see [`count_plan`]).
    fn count(&self, owner: &Owner<'_>, len: &[String], altlen: Option<&str>) -> Result<Option<CountPlan>, Error> {
        count_plan(self.reg, owner, len, altlen)
    }
}

/// Reads a `len` expression: a sibling's name, `p->member`, or an `altlen` C expression.
pub(crate) fn count_plan(
    reg: &Registry,
    owner: &Owner<'_>,
    len: &[String],
    altlen: Option<&str>,
) -> Result<Option<CountPlan>, Error> {
    let Some(first) = len.first() else { return Ok(None) };
    let expr = if first.starts_with("latexmath") {
        match altlen {
            Some(a) => a.to_string(),
            None => return Ok(None),
        }
    } else {
        first.clone()
    };
    let expr: String = expr.chars().filter(|c| !c.is_whitespace()).collect();
    // `2*VK_UUID_SIZE`
    if let Some((n, c)) = expr.split_once('*') {
        let (Ok(n), Some(c)) = (n.parse::<u32>(), constant(reg, c)) else { return Ok(None) };
        return Ok(Some(CountPlan {
            name: expr.clone(),
            at: None,
            deref: None,
            width: 0,
            add: 0,
            div: 1,
            constant: n * c,
        }));
    }
    // `(samples+31)/32`, `codeSize/4`, `name`, `p->member`
    let (body, div) = match expr.rsplit_once('/') {
        Some((b, d)) => match d.parse::<u8>() {
            Ok(d) if d > 0 => (b.to_string(), d),
            _ => return Ok(None),
        },
        None => (expr.clone(), 1),
    };
    let body = body.trim_start_matches('(').trim_end_matches(')');
    let (var, add) = match body.split_once('+') {
        Some((v, a)) => match a.parse::<u8>() {
            Ok(a) => (v, a),
            Err(_) => return Ok(None),
        },
        None => (body, 0),
    };
    let (var, member) = match var.split_once("->") {
        Some((p, m)) => (p, Some(m)),
        None => (var, None),
    };
    let Some(idx) = owner.siblings.iter().position(|(n, _, _)| *n == var) else { return Ok(None) };
    let (_, ty, _) = owner.siblings[idx];
    let at = if owner.is_command { At::Param(idx) } else { At::Member(var.to_string()) };
    let (deref, count_type) = match (ty, member) {
        (CType::Named(n), None) => (None, n.as_str()),
        (CType::Pointer { pointee, .. }, None) => match pointee.as_ref() {
            CType::Named(n) => (Some(None), n.as_str()),
            _ => return Ok(None),
        },
        (CType::Pointer { pointee, .. }, Some(m)) => {
            let sname = reg.resolve_alias(pointee.base_name());
            let Some(s) = reg.struct_(sname) else { return Ok(None) };
            let Some(mm) = s.members.iter().find(|x| x.name == m) else { return Ok(None) };
            let Some(n) = mm.ty.as_named() else { return Ok(None) };
            (Some(Some((s.name.clone(), m.to_string()))), n)
        }
        _ => return Ok(None),
    };
    let Some(width) = width_of(reg, count_type) else { return Ok(None) };
    let name = match member {
        Some(m) => format!("{var}->{m}"),
        None => var.to_string(),
    };
    Ok(Some(CountPlan { name, at: Some(at), deref, width, add, div, constant: 0 }))
}

fn constant(reg: &Registry, name: &str) -> Option<u32> {
    reg.constants.iter().find(|c| c.name == name).and_then(|c| match c.value {
        vigil_registry::ConstValue::U32(v) => Some(v),
        _ => None,
    })
}

/// The width in bytes of an integer count type.
fn width_of(reg: &Registry, ty: &str) -> Option<u8> {
    match ty {
        "uint32_t" | "int32_t" => Some(4),
        "uint64_t" | "size_t" | "VkDeviceSize" => Some(8),
        "uint8_t" => Some(1),
        "uint16_t" => Some(2),
        other => match reg.lookup(other) {
            Some(TypeRef::Enum(_)) => Some(4),
            Some(TypeRef::Base(i)) => reg.base_types[i].ty.as_ref().and_then(|t| width_of(reg, t.as_named()?)),
            Some(TypeRef::Bitmask(i)) => Some((reg.bitmasks[i].width / 8) as u8),
            _ => None,
        },
    }
}

/// An output element: only structs (their sType and pNext) are checked.
fn output_elem(elem: ElemPlan) -> ElemPlan {
    match elem {
        ElemPlan::Struct(s) => ElemPlan::Struct(s),
        _ => ElemPlan::None,
    }
}

/// Whether `name` is a value's own (non-alias) name.
fn is_base_name(values: &[vigil_registry::EnumValue], name: Option<&str>) -> bool {
    values.iter().any(|v| Some(v.name.as_str()) == name && v.alias_of.is_none())
}

/// `VkAllocationCallbacks` rules: (member, VUID, the member it must be set together with).
const ALLOCATION_RULES: &[(&str, &str, Option<&str>)] = &[
    ("pfnAllocation", "VUID-VkAllocationCallbacks-pfnAllocation-00632", None),
    ("pfnReallocation", "VUID-VkAllocationCallbacks-pfnReallocation-00633", None),
    ("pfnFree", "VUID-VkAllocationCallbacks-pfnFree-00634", None),
    ("pfnInternalAllocation", "VUID-VkAllocationCallbacks-pfnInternalAllocation-00635", Some("pfnInternalFree")),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry naming an extension or value the registry lacks fails generation from the
    /// pinned version on (a stale table), and is skipped for an older registry.
    #[test]
    fn also_added_by_skips_only_for_older_registries() {
        let mut reg = vigil_registry::load_pinned().unwrap();
        assert_eq!(also_added_by(&reg).unwrap(), ALSO_ADDED_BY);
        let (value, ext) = ("VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT", "VK_KHR_extended_flags");
        reg.extensions.retain(|e| e.name != ext);
        let e = also_added_by(&reg).unwrap_err().to_string();
        assert_eq!(e, format!("stateless: reviewed table names {ext}, which is not an extension"));
        for v in reg.enums.iter_mut().flat_map(|e| &mut e.values).filter(|v| v.name == value) {
            v.name = "VK_VIGIL_GONE".into();
        }
        let stale = format!(
            "stateless: ALSO_ADDED_BY ({value}, VK_KHR_maintenance11) is stale: no such value, or the model has it"
        );
        assert_eq!(also_added_by(&reg).unwrap_err().to_string(), stale);
        // A newer registry is held to the tables as strictly as the pinned one.
        reg.version = (1, 4, 999);
        assert_eq!(also_added_by(&reg).unwrap_err().to_string(), stale);
        reg.version = (1, 4, 341);
        let applies = also_added_by(&reg).unwrap();
        let expected: Vec<_> = ALSO_ADDED_BY.iter().filter(|&&(v, e)| v != value && e != ext).copied().collect();
        assert_eq!(applies, expected);
        assert!(applies.len() < ALSO_ADDED_BY.len() - 30);
    }
}
