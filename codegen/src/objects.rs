//! Generated object tables: for every command, where its handles are (parameters, struct members
//! at any depth, arrays of either, pNext chains), each with its handle type, whether it may be
//! VK_NULL_HANDLE and whether the command writes the object (`externsync`); and what the command
//! does to objects: creates, retrieves, destroys, frees from a pool or resets a pool. Object
//! lifetime validation walks these tables (`layer/src/object_lifetime/`), and so does thread safety
//! (`threading.rs` plans its tables from the same sites); handle wrapping is meant to as well.
//!
//! What the registry does not say is in small reviewed tables below, each checked against the
//! model; a command named like a destroy that the rules do not classify is a generator error.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use vigil_registry::{ArrayLen, CType, Command, Registry, ValidUsage, ValueAttrs};

use crate::names::{ident, snake};
use crate::stateless::{at_tokens, count_plan, shape_tokens, At, Owner, ShapePlan};
use crate::Error;

/// Destroys whose handle parameter lacks `externsync="true"` in vk.xml 1.4.363 (a registry
/// omission for these vendor commands; `vkReleasePerformanceConfigurationINTEL` also has no
/// `pAllocator`). Reviewed.
const DESTROYS_WITHOUT_EXTERNSYNC: &[(&str, &str)] = &[
    ("vkDestroyCuModuleNVX", "module"),
    ("vkDestroyCuFunctionNVX", "function"),
    ("vkDestroyBufferCollectionFUCHSIA", "collection"),
    ("vkDestroyCudaModuleNV", "module"),
    ("vkDestroyCudaFunctionNV", "function"),
    ("vkDestroyOpticalFlowSessionNV", "session"),
    ("vkDestroyExternalComputeQueueNV", "externalQueue"),
    ("vkReleasePerformanceConfigurationINTEL", "configuration"),
];

/// Commands named like destroys (`vkRelease…`) that end no object's life. Reviewed.
const NOT_DESTROYS: &[&str] = &[
    "vkReleaseCapturedPipelineDataKHR",
    "vkReleaseDisplayEXT",
    "vkReleaseFullScreenExclusiveModeEXT",
    "vkReleaseProfilingLockKHR",
    "vkReleaseSwapchainImagesKHR",
];

/// Output handles created without a `pAllocator` (and destroyed by a command). Reviewed.
const CREATES_WITHOUT_ALLOCATOR: &[&str] = &["vkAcquirePerformanceConfigurationINTEL"];

/// Commands that free every object allocated from a pool without destroying the pool. Reviewed.
const POOL_RESETS: &[(&str, &str)] = &[("vkResetDescriptorPool", "descriptorPool")];

/// Handle types whose objects the tables cannot follow, so object lifetime does not check them:
/// the dispatchable instance, physical device and device route the call (the layer's dispatch
/// maps check them), displays and display modes come back inside returned structures
/// (`VkDisplayPropertiesKHR::display`), and pipeline binaries are created through a member of
/// an input structure (`VkPipelineBinaryHandlesInfoKHR::pPipelineBinaries`). Reviewed.
const UNTRACKED: &[&str] =
    &["VkInstance", "VkPhysicalDevice", "VkDevice", "VkDisplayKHR", "VkDisplayModeKHR", "VkPipelineBinaryKHR"];

/// An invalid handle where no `…-parameter` VUID covers the member (the reference layer's id).
pub const ID_INVALID_HANDLE: &str = "UNASSIGNED-ObjectTracker-InvalidHandle";

/// What a command does to the objects it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Use,
    /// Creates objects into the output parameter; `pool`: allocated from a pool.
    Create {
        param: usize,
        pool: bool,
        parent: (usize, Option<String>),
    },
    /// Returns existing objects (physical devices, queues, swapchain images).
    Retrieve {
        param: usize,
        parent: (usize, Option<String>),
    },
    Destroy {
        param: usize,
    },
    Free {
        pool: usize,
        handles: usize,
    },
    Reset {
        pool: usize,
    },
}

#[derive(Clone, Debug)]
pub(crate) enum Elem {
    Handle(usize),
    Struct(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Field {
    pub(crate) name: String,
    pub(crate) at: At,
    pub(crate) shape: ShapePlan,
    pub(crate) elem: Elem,
    id: Option<String>,
    parent_id: Option<String>,
    optional: bool,
    elem_optional: bool,
    pub(crate) output: bool,
    /// `externsync="true"`.
    pub(crate) write: bool,
    /// `externsync="maybe"`: written under a condition the threading tables decide.
    pub(crate) maybe: bool,
    pub(crate) noauto: bool,
}

impl Field {
    /// Its `HandleField::flags`: `OPTIONAL | WRITE`, or `0`.
    pub(crate) fn flag_tokens(&self) -> TokenStream {
        let mut flags = Vec::new();
        for (on, flag) in [
            (self.optional, quote!(OPTIONAL)),
            (self.elem_optional, quote!(ELEM_OPTIONAL)),
            (self.output, quote!(OUTPUT)),
            (self.write, quote!(WRITE)),
            (self.noauto, quote!(NOAUTO)),
            (self.maybe, quote!(MAYBE)),
        ] {
            if on {
                flags.push(flag);
            }
        }
        if flags.is_empty() {
            quote!(0)
        } else {
            quote!(#(#flags)|*)
        }
    }
}

pub(crate) struct CommandPlan<'r> {
    pub(crate) cmd: &'r Command,
    pub(crate) role: Role,
    pub(crate) fields: Vec<Field>,
    commonparent_id: Option<String>,
    /// The `pAllocator` parameter.
    allocator: Option<usize>,
    /// A destroy's "callbacks were provided at creation, so compatible ones must be given"
    /// and "none were provided, so pAllocator must be NULL" VUIDs.
    alloc_ids: [Option<String>; 2],
}

/// Counts per kind of site, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub commands_with_handles: usize,
    pub structs: usize,
    pub handle_params: usize,
    pub handle_members: usize,
    pub written: usize,
    pub noautovalidity: usize,
    pub creates: usize,
    pub pool_allocations: usize,
    pub retrieves: usize,
    pub destroys: usize,
    pub frees: usize,
    pub resets: usize,
    pub parent_ids: usize,
    pub commonparent_ids: usize,
    pub unreadable_len: usize,
    pub allocator_ids: usize,
    /// Destroys and frees with a "submitted commands that refer to it must have completed"
    /// VUID.
    pub in_use_ids: usize,
    /// vkCmd* commands that name objects besides their command buffer.
    pub referencing: usize,
    /// Draw, dispatch and trace commands with a "valid pipeline must be bound" VUID whose bind
    /// point follows from the command, and those left out (their bind point comes from their
    /// parameters or from a bind point the tracker does not follow).
    pub bound_pipeline_ids: usize,
    pub bound_pipeline_left_out: usize,
}

/// The generated file and the ids it can report.
pub struct Output<'r> {
    pub tokens: TokenStream,
    pub ids: BTreeSet<String>,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
    /// `(command, role)` for the generator-level test.
    #[cfg_attr(not(test), allow(dead_code))]
    pub roles: Vec<(String, String)>,
    /// Every command's and structure's handle sites, which the thread-safety tables are
    /// planned from too.
    pub sites: Sites<'r>,
}

/// The handle sites of every command and of every structure that reaches a handle.
pub struct Sites<'r> {
    pub(crate) commands: Vec<CommandPlan<'r>>,
    pub(crate) structs: Vec<(String, Vec<Field>)>,
    /// Structs that may extend each struct's chain.
    pub(crate) extenders: BTreeMap<&'r str, Vec<&'r str>>,
}

struct Planner<'r> {
    reg: &'r Registry,
    vuids: &'r BTreeMap<String, ValidUsage>,
    handle_index: BTreeMap<&'r str, usize>,
    /// Struct name → whether it reaches a handle (members, member structs, pNext extenders).
    relevant: BTreeMap<String, bool>,
    /// Structs that may extend each struct's chain.
    pub(crate) extenders: BTreeMap<&'r str, Vec<&'r str>>,
    ids: BTreeSet<String>,
    stats: Stats,
}

/// Plans and emits `objects.rs`.
pub fn generate<'r>(reg: &'r Registry, vuids: &'r BTreeMap<String, ValidUsage>) -> Result<Output<'r>, Error> {
    let mut extenders: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for s in &reg.structs {
        for e in &s.extends {
            extenders.entry(reg.resolve_alias(e)).or_default().push(&s.name);
        }
    }
    let mut p = Planner {
        reg,
        vuids,
        handle_index: reg.handles.iter().enumerate().map(|(i, h)| (h.name.as_str(), i)).collect(),
        relevant: BTreeMap::new(),
        extenders,
        ids: [ID_INVALID_HANDLE.to_string()].into(),
        stats: Stats::default(),
    };
    p.check_tables()?;
    let mut commands = Vec::new();
    for c in &reg.commands {
        commands.push(p.command(c)?);
    }
    let structs: Vec<String> = p.relevant.iter().filter(|(_, r)| **r).map(|(n, _)| n.clone()).collect();
    let mut struct_plans = Vec::new();
    for s in &structs {
        struct_plans.push((s.clone(), p.struct_fields(s)?));
    }
    p.stats.structs = struct_plans.len();
    let in_use = in_use_ids(vuids, &commands);
    p.stats.in_use_ids = in_use.len();
    // Reported by the state-tracked checks, listed with every other id.
    p.ids.extend(in_use.into_iter().map(|(_, id)| id.to_string()));
    p.stats.referencing = referencing(&commands).len();
    let (bound, left_out) = bound_pipeline_ids(vuids, &commands);
    p.stats.bound_pipeline_ids = bound.len();
    p.stats.bound_pipeline_left_out = left_out;
    p.ids.extend(bound.into_iter().map(|(_, id, _)| id.to_string()));
    let tokens = emit(reg, &p, &commands, &struct_plans)?;
    let roles = commands.iter().map(|c| (c.cmd.name.clone(), format!("{:?}", c.role))).collect();
    let sites = Sites { commands, structs: struct_plans, extenders: p.extenders };
    Ok(Output { tokens, ids: p.ids, stats: p.stats, roles, sites })
}

/// The prose of the VUIDs that forbid destroying or freeing an object while a submission that
/// refers to it may still run.
const IN_USE_TEXT: &str = "All submitted commands that refer to ";

/// `(command index, VUID)` of each destroy or free with an [`IN_USE_TEXT`] rule, in command order.
fn in_use_ids<'a>(vuids: &'a BTreeMap<String, ValidUsage>, commands: &[CommandPlan<'_>]) -> Vec<(u16, &'a str)> {
    let mut out = Vec::new();
    for (i, c) in commands.iter().enumerate() {
        if !matches!(c.role, Role::Destroy { .. } | Role::Free { .. }) {
            continue;
        }
        let prefix = format!("VUID-{}-", c.cmd.name);
        let found = vuids.range(prefix.clone()..).take_while(|(id, _)| id.starts_with(&prefix));
        if let Some((id, _)) = found.into_iter().find(|(_, v)| v.text.starts_with(IN_USE_TEXT)) {
            out.push((i as u16, id.as_str()));
        }
    }
    out
}

/// The prose of the VUIDs that require a pipeline bound at the command's bind point.
const BOUND_PIPELINE_TEXT: &str = "a valid pipeline must be bound to the pipeline bind point used by this command";

/// The `VkPipelineBindPoint` a command uses, from its name: draws use the graphics bind point,
/// the plain dispatches the compute one, trace-rays commands the ray tracing one. `None` for the
/// others with the rule (generated commands, execution graphs, subpass shading, tile dispatches).
fn bind_point_of(command: &str) -> Option<i32> {
    if command.starts_with("vkCmdDraw") {
        Some(0)
    } else if matches!(
        command,
        "vkCmdDispatch" | "vkCmdDispatchBase" | "vkCmdDispatchIndirect" | "vkCmdDispatchIndirect2KHR"
    ) {
        Some(1)
    } else if command.starts_with("vkCmdTraceRays") {
        Some(1_000_165_000)
    } else {
        None
    }
}

/// `(command index, VUID, bind point)` of each command with a [`BOUND_PIPELINE_TEXT`] rule and a
/// bind point [`bind_point_of`] knows, in command order; and how many with the rule it left out.
fn bound_pipeline_ids<'a>(
    vuids: &'a BTreeMap<String, ValidUsage>,
    commands: &[CommandPlan<'_>],
) -> (Vec<(u16, &'a str, i32)>, usize) {
    let (mut out, mut left_out) = (Vec::new(), 0);
    for (i, c) in commands.iter().enumerate() {
        let prefix = format!("VUID-{}-", c.cmd.name);
        let mut found = vuids.range(prefix.clone()..).take_while(|(id, _)| id.starts_with(&prefix));
        let Some((id, _)) = found.find(|(_, v)| v.text.contains(BOUND_PIPELINE_TEXT)) else { continue };
        match bind_point_of(&c.cmd.name) {
            Some(point) => out.push((i as u16, id.as_str(), point)),
            None => left_out += 1,
        }
    }
    (out, left_out)
}

/// The vkCmd* commands (indices) with a handle site besides the command buffer: what a command
/// buffer refers to is named by these.
fn referencing(commands: &[CommandPlan<'_>]) -> Vec<u16> {
    let names_objects = |c: &CommandPlan<'_>| c.fields.iter().any(|f| !f.output && !matches!(f.at, At::Param(0)));
    commands
        .iter()
        .enumerate()
        .filter(|(_, c)| c.cmd.name.starts_with("vkCmd") && names_objects(c))
        .map(|(i, _)| i as u16)
        .collect()
}

impl<'r> Planner<'r> {
    fn check_tables(&self) -> Result<(), Error> {
        let param_of =
            |cmd: &str, param: &str| self.reg.command(cmd).is_some_and(|c| c.params.iter().any(|p| p.name == param));
        for (cmd, param) in DESTROYS_WITHOUT_EXTERNSYNC.iter().chain(POOL_RESETS) {
            if !param_of(cmd, param) {
                return Err(Error(format!("objects: reviewed table names {cmd}({param}), which does not exist")));
            }
        }
        for cmd in NOT_DESTROYS.iter().chain(CREATES_WITHOUT_ALLOCATOR) {
            if self.reg.command(cmd).is_none() {
                return Err(Error(format!("objects: reviewed table names {cmd}, which is not a command")));
            }
        }
        for h in UNTRACKED {
            if self.reg.handle(h).is_none() {
                return Err(Error(format!("objects: reviewed table names {h}, which is not a handle type")));
            }
        }
        Ok(())
    }

    fn handle_of(&self, name: &str) -> Option<usize> {
        self.handle_index.get(self.reg.resolve_alias(name)).copied()
    }

    /// Whether struct `name` reaches a handle.
    fn is_relevant(&mut self, name: &str) -> bool {
        let name = self.reg.resolve_alias(name).to_string();
        if let Some(r) = self.relevant.get(&name) {
            return *r;
        }
        // Cycles (a struct reaching itself through pointers) count as "not yet".
        self.relevant.insert(name.clone(), false);
        let Some(s) = self.reg.struct_(&name) else { return false };
        let mut r = false;
        if !s.is_union && !s.video_std {
            for m in &s.members {
                let base = m.ty.base_name();
                if self.handle_of(base).is_some()
                    || (self.reg.struct_(base).is_some() && base != name && self.is_relevant(base))
                {
                    r = true;
                }
            }
            if s.members.iter().any(|m| m.name == "pNext") {
                let ext: Vec<&str> = self.extenders.get(name.as_str()).cloned().unwrap_or_default();
                for e in ext {
                    r |= self.is_relevant(e);
                }
            }
        }
        self.relevant.insert(name, r);
        r
    }

    fn vuid(&mut self, id: String) -> Option<String> {
        self.vuids.contains_key(&id).then(|| {
            self.ids.insert(id.clone());
            id
        })
    }

    /// The explicit VUID that states a `noautovalidity` handle array's validity in prose (the
    /// spec leaves `-parameter` out where a member's validity has a condition, and words it
    /// instead: "`name` must be a valid pointer to an array of … handles, each element of which
    /// must either be a valid handle or VK_NULL_HANDLE" (or "NULL", for dispatchable handles)).
    fn prose_validity(&mut self, owner: &str, name: &str) -> Option<String> {
        let prefix = format!("VUID-{owner}-{name}-");
        let start = format!("{name} must be a valid pointer to an array of ");
        let found =
            self.vuids.range(prefix.clone()..).take_while(|(id, _)| id.starts_with(&prefix)).find(|(_, vu)| {
                vu.text.starts_with(&start)
                    && (vu.text.ends_with("each element of which must either be a valid handle or VK_NULL_HANDLE")
                        || vu.text.ends_with("each element of which must either be a valid handle or NULL"))
            })?;
        let id = found.0.clone();
        self.vuid(id)
    }

    /// A handle or handle-reaching value of a member or parameter, or `None`.
    #[allow(clippy::too_many_arguments)]
    fn field(
        &mut self,
        owner: &Owner<'_>,
        name: &str,
        ty: &CType,
        attrs: &ValueAttrs,
        at: At,
        array: Option<&ArrayLen>,
        param_output: bool,
    ) -> Result<Option<Field>, Error> {
        let base = ty.base_name();
        let elem = if let Some(h) = self.handle_of(base) {
            Elem::Handle(h)
        } else if self.reg.struct_(base).is_some() && self.is_relevant(base) {
            Elem::Struct(self.reg.resolve_alias(base).to_string())
        } else {
            return Ok(None);
        };
        let count = count_plan(self.reg, owner, &attrs.len, attrs.altlen.as_deref())?;
        // A length the plan cannot read: walking one element could read past a shorter (or
        // empty) array, so the site is left out.
        if count.is_none() && !attrs.len.is_empty() {
            self.stats.unreadable_len += 1;
            return Ok(None);
        }
        let shape = match (ty, array) {
            (CType::Named(_), None) => ShapePlan::Value,
            (CType::Array { .. }, Some(len)) => ShapePlan::Array(len.clone(), count),
            (CType::Pointer { pointee, .. }, None) if pointee.as_named().is_some() => match count {
                Some(c) => ShapePlan::Slice(c),
                None => ShapePlan::Ptr,
            },
            // `ppGeometries` and the like: no handle reaches through two pointers in 1.4.363's
            // tracked types (checked by the test's counts).
            _ => return Ok(None),
        };
        let output = param_output || matches!(ty, CType::Pointer { pointee_const: false, .. });
        let o = owner.name;
        let is_handle = matches!(elem, Elem::Handle(_));
        let id = if is_handle {
            let implicit = self.vuid(format!("VUID-{o}-{name}-parameter"));
            Some(implicit.or_else(|| self.prose_validity(o, name)).unwrap_or_else(|| ID_INVALID_HANDLE.to_string()))
        } else {
            None
        };
        let parent_id = if is_handle { self.vuid(format!("VUID-{o}-{name}-parent")) } else { None };
        let write = attrs.externsync.as_deref() == Some("true");
        let maybe = attrs.externsync.as_deref() == Some("maybe");
        if is_handle {
            if owner.is_command {
                self.stats.handle_params += 1;
            } else {
                self.stats.handle_members += 1;
            }
            self.stats.written += write as usize;
            self.stats.parent_ids += parent_id.is_some() as usize;
            self.stats.noautovalidity += attrs.noautovalidity as usize;
        }
        let opt0 = attrs.optional.first().copied().unwrap_or(false);
        let opt1 = attrs.optional.get(1).copied().unwrap_or(false);
        let elem_optional = if matches!(shape, ShapePlan::Value) { opt0 } else { opt1 };
        Ok(Some(Field {
            name: name.to_string(),
            at,
            shape,
            elem,
            id,
            parent_id,
            optional: opt0,
            elem_optional,
            output,
            write,
            maybe,
            noauto: attrs.noautovalidity,
        }))
    }

    fn struct_fields(&mut self, name: &str) -> Result<Vec<Field>, Error> {
        let s = self.reg.struct_(name).ok_or_else(|| Error(format!("objects: no struct {name}")))?;
        let owner = Owner {
            name: &s.name,
            is_command: false,
            siblings: s.members.iter().map(|m| (m.name.as_str(), &m.ty, &m.attrs)).collect(),
        };
        let mut fields = Vec::new();
        for m in &s.members {
            if m.name == "pNext" || m.bitfield.is_some() {
                continue;
            }
            let array = match &m.ty {
                CType::Array { len, .. } => Some(len),
                _ => None,
            };
            let at = At::Member(m.name.clone());
            // Members of returned structures are written by the implementation, not read.
            let output = s.returned_only;
            if let Some(f) = self.field(&owner, &m.name, &m.ty, &m.attrs, at, array, output)? {
                fields.push(f);
            }
        }
        Ok(fields)
    }

    fn command(&mut self, c: &'r Command) -> Result<CommandPlan<'r>, Error> {
        let owner = Owner {
            name: &c.name,
            is_command: true,
            siblings: c.params.iter().map(|p| (p.name.as_str(), &p.ty, &p.attrs)).collect(),
        };
        let mut fields = Vec::new();
        for (i, p) in c.params.iter().enumerate() {
            let output = matches!(p.ty, CType::Pointer { pointee_const: false, .. });
            if let Some(f) = self.field(&owner, &p.name, &p.ty, &p.attrs, At::Param(i), None, output)? {
                fields.push(f);
            }
        }
        let role = self.role(c)?;
        match role {
            Role::Use => {}
            Role::Create { pool, .. } => {
                self.stats.creates += 1;
                self.stats.pool_allocations += pool as usize;
            }
            Role::Retrieve { .. } => self.stats.retrieves += 1,
            Role::Destroy { .. } => self.stats.destroys += 1,
            Role::Free { .. } => self.stats.frees += 1,
            Role::Reset { .. } => self.stats.resets += 1,
        }
        self.stats.commands_with_handles += !fields.is_empty() as usize;
        let commonparent_id = self.vuid(format!("VUID-{}-commonparent", c.name));
        self.stats.commonparent_ids += commonparent_id.is_some() as usize;
        let allocator = c.params.iter().position(|p| p.ty.base_name() == "VkAllocationCallbacks");
        let mut alloc_ids = [None, None];
        if matches!(role, Role::Destroy { .. }) && allocator.is_some() {
            let prefix = format!("VUID-{}-", c.name);
            let rules: Vec<(String, bool)> = self
                .vuids
                .range(prefix.clone()..)
                .take_while(|(k, _)| k.starts_with(&prefix))
                .filter(|(_, v)| v.text.contains("VkAllocationCallbacks were provided when"))
                .map(|(k, v)| (k.clone(), v.text.starts_with("If no ")))
                .collect();
            for (id, none) in rules {
                alloc_ids[none as usize] = self.vuid(id);
            }
            self.stats.allocator_ids += alloc_ids.iter().flatten().count();
        }
        Ok(CommandPlan { cmd: c, role, fields, commonparent_id, allocator, alloc_ids })
    }

    /// Where the parent of a created or retrieved `handle` is among `c`'s parameters: a
    /// parameter of a parent type, or a member of a pointed-to struct of one (the pool in
    /// `pAllocateInfo->commandPool`); else the dispatchable first parameter.
    fn parent_of(&self, c: &Command, handle: usize) -> (usize, Option<String>) {
        let parents = &self.reg.handles[handle].parents;
        for (i, p) in c.params.iter().enumerate() {
            let base = self.reg.resolve_alias(p.ty.base_name());
            if p.ty.as_named().is_some() && parents.iter().any(|x| x == base) {
                return (i, None);
            }
            if let (CType::Pointer { pointee_const: true, .. }, Some(s)) = (&p.ty, self.reg.struct_(base)) {
                if let Some(m) =
                    s.members.iter().find(|m| m.ty.as_named().is_some_and(|n| parents.iter().any(|x| x == n)))
                {
                    return (i, Some(m.name.clone()));
                }
            }
        }
        (0, None)
    }

    fn role(&self, c: &Command) -> Result<Role, Error> {
        let has_allocator = c.params.iter().any(|p| p.ty.base_name() == "VkAllocationCallbacks");
        let handle_param = |p: &vigil_registry::Param| self.handle_of(p.ty.base_name());
        let output = c
            .params
            .iter()
            .position(|p| handle_param(p).is_some() && matches!(p.ty, CType::Pointer { pointee_const: false, .. }));
        let named_destroy = ["vkDestroy", "vkFree", "vkRelease"].iter().any(|x| c.name.starts_with(x));
        if let Some(param) = output {
            let h = handle_param(&c.params[param]).unwrap_or_default();
            let parent = self.parent_of(c, h);
            let pooled =
                self.reg.handles[h].parents.iter().any(|p| p.ends_with("Pool")) && parent.1.is_some() && !has_allocator;
            if has_allocator || CREATES_WITHOUT_ALLOCATOR.contains(&c.name.as_str()) || pooled {
                return Ok(Role::Create { param, pool: pooled, parent });
            }
            // Retrieved objects belong to the object they come from (swapchain images to the
            // swapchain), so that they go with it.
            let from = c.params.iter().position(|p| {
                p.ty.as_named().and_then(|n| self.handle_of(n)).is_some_and(|h| !self.reg.handles[h].dispatchable)
            });
            return Ok(Role::Retrieve { param, parent: from.map_or(parent, |i| (i, None)) });
        }
        if let Some((_, name)) = POOL_RESETS.iter().find(|(n, _)| *n == c.name) {
            let pool = c.params.iter().position(|p| p.name == *name).unwrap_or_default();
            return Ok(Role::Reset { pool });
        }
        // A pool and an array of its objects, both written: vkFreeCommandBuffers.
        let written: Vec<usize> = (0..c.params.len())
            .filter(|&i| {
                c.params[i].attrs.externsync.as_deref() == Some("true") && handle_param(&c.params[i]).is_some()
            })
            .collect();
        for &a in &written {
            for &b in &written {
                let (pa, pb) = (&c.params[a], &c.params[b]);
                let hb = handle_param(pb).unwrap_or_default();
                if pb.ty.pointer_depth() == 1
                    && pa.ty.pointer_depth() == 0
                    && self.reg.handles[hb].parents.iter().any(|x| x == self.reg.resolve_alias(pa.ty.base_name()))
                {
                    return Ok(Role::Free { pool: a, handles: b });
                }
            }
        }
        if let Some((_, name)) = DESTROYS_WITHOUT_EXTERNSYNC.iter().find(|(n, _)| *n == c.name) {
            let param = c.params.iter().position(|p| p.name == *name).unwrap_or_default();
            return Ok(Role::Destroy { param });
        }
        if has_allocator && !NOT_DESTROYS.contains(&c.name.as_str()) {
            if let Some(&param) = written.iter().rev().find(|&&i| c.params[i].ty.pointer_depth() == 0) {
                return Ok(Role::Destroy { param });
            }
        }
        if named_destroy && !NOT_DESTROYS.contains(&c.name.as_str()) {
            return Err(Error(format!(
                "objects: {} is named like a destroy but no rule classifies it; add it to a reviewed table",
                c.name
            )));
        }
        Ok(Role::Use)
    }
}

/// Which handle types belong to an instance rather than a device, in registry order: those no
/// device-level command (one whose first parameter is a handle other than the instance or a
/// physical device) creates, allocates or retrieves.
fn instance_scoped(reg: &Registry, commands: &[CommandPlan<'_>]) -> Vec<bool> {
    let mut instance = vec![true; reg.handles.len()];
    for c in commands {
        let device_level = c.fields.iter().any(|f| {
            matches!(f.at, At::Param(0))
                && matches!(f.elem, Elem::Handle(t) if !matches!(reg.handles[t].name.as_str(), "VkInstance" | "VkPhysicalDevice"))
        });
        let param = match &c.role {
            Role::Create { param, .. } | Role::Retrieve { param, .. } if device_level => *param,
            _ => continue,
        };
        let created = c.fields.iter().find(|f| matches!(f.at, At::Param(p) if p == param)).map(|f| &f.elem);
        if let Some(Elem::Handle(t)) = created {
            instance[*t] = false;
        }
    }
    instance
}

/// The name of a handle type's index constant: `VkCommandBuffer` → `COMMAND_BUFFER`.
fn type_constant(name: &str) -> String {
    snake(name.strip_prefix("Vk").unwrap_or(name)).to_ascii_uppercase()
}

pub(crate) fn u16_of(i: usize, what: &str) -> Result<u16, Error> {
    u16::try_from(i).map_err(|_| Error(format!("objects: too many {what}")))
}

fn emit(
    reg: &Registry,
    p: &Planner<'_>,
    commands: &[CommandPlan<'_>],
    structs: &[(String, Vec<Field>)],
) -> Result<TokenStream, Error> {
    let ids: Vec<&String> = p.ids.iter().collect();
    let id_index: BTreeMap<&str, u16> =
        ids.iter().enumerate().map(|(i, s)| Ok((s.as_str(), u16_of(i, "ids")?))).collect::<Result<_, Error>>()?;
    let struct_index: BTreeMap<&str, u16> = structs
        .iter()
        .enumerate()
        .map(|(i, (s, _))| Ok((s.as_str(), u16_of(i, "structs")?)))
        .collect::<Result<_, Error>>()?;
    let id_tok = |id: &Option<String>| match id {
        Some(id) => {
            let i = id_index[id.as_str()];
            quote!(#i)
        }
        None => quote!(NO_ID),
    };
    let field_tokens = |owner: Option<&str>, f: &Field| -> Result<TokenStream, Error> {
        let name = &f.name;
        let at = at_tokens(&f.at, owner, "objects")?;
        let shape = shape_tokens(owner, &f.shape);
        let elem = match &f.elem {
            Elem::Handle(h) => {
                let h = u16_of(*h, "handle types")?;
                quote!(HandleElem::Handle(#h))
            }
            Elem::Struct(s) => {
                let i = struct_index[s.as_str()];
                quote!(HandleElem::Struct(#i))
            }
        };
        let (id, parent_id) = (id_tok(&f.id), id_tok(&f.parent_id));
        let flags = f.flag_tokens();
        Ok(quote!(HandleField {
            name: #name, at: #at, shape: #shape, elem: #elem, id: #id, parent_id: #parent_id, flags: #flags
        }))
    };

    let scoped = instance_scoped(reg, commands);
    let handle_types = reg.handles.iter().zip(&scoped).map(|(h, &instance_scoped)| {
        let name = &h.name;
        let ot = ident(&h.object_type);
        let dispatchable = h.dispatchable;
        let tracked = !UNTRACKED.contains(&h.name.as_str());
        quote!(HandleType {
            name: #name, object_type: VkObjectType::#ot, dispatchable: #dispatchable, tracked: #tracked,
            instance_scoped: #instance_scoped
        })
    });
    let type_indices = reg
        .handles
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let name = ident(&type_constant(&h.name));
            let i = u16_of(i, "handle types")?;
            let doc = format!(" `{}`'s index in [`HANDLE_TYPES`](super::HANDLE_TYPES).", h.name);
            Ok(quote!(#[doc = #doc] pub const #name: u16 = #i;))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let n_handles = reg.handles.len();

    let mut struct_items = Vec::new();
    let mut chain = Vec::new();
    for (name, fields) in structs {
        let s = reg.struct_(name).ok_or_else(|| Error(format!("objects: no struct {name}")))?;
        let fs = fields.iter().map(|f| field_tokens(Some(name), f)).collect::<Result<Vec<_>, _>>()?;
        let has_pnext = s.members.iter().any(|m| m.name == "pNext");
        let s_type = match &s.s_type {
            Some(st) => {
                let v = reg
                    .enum_("VkStructureType")
                    .and_then(|e| e.values.iter().find(|v| &v.name == st))
                    .map(|v| v.value)
                    .ok_or_else(|| Error(format!("objects: no sType value {st}")))?;
                chain.push((v, struct_index[name.as_str()]));
                let v = v as i32;
                quote!(#v)
            }
            None => quote!(0),
        };
        let ty = ident(name);
        struct_items.push(quote!(HandleStruct {
            name: #name, size: core::mem::size_of::<#ty>() as u32, s_type: #s_type, has_pnext: #has_pnext,
            fields: &[#(#fs),*]
        }));
    }
    chain.sort();
    let chain_items = chain.iter().map(|(v, i)| {
        let v = *v as i32;
        quote!((#v, #i))
    });
    let (n_structs, n_chain) = (struct_items.len(), chain.len());

    let mut command_items = Vec::new();
    let mut hooked = Vec::new();
    let indices = |keep: fn(&Role) -> bool| -> Vec<u16> {
        commands.iter().enumerate().filter(|(_, c)| keep(&c.role)).map(|(i, _)| i as u16).collect()
    };
    let begins = indices(|r| matches!(r, Role::Create { .. } | Role::Retrieve { .. }));
    let ends = indices(|r| matches!(r, Role::Destroy { .. } | Role::Free { .. } | Role::Reset { .. }));
    let in_use_list = in_use_ids(p.vuids, commands);
    let in_use_commands = in_use_list.iter().map(|(i, _)| *i);
    let in_use = in_use_list.iter().map(|(i, id)| quote!((#i, #id)));
    let referencing = referencing(commands);
    let bound_list = bound_pipeline_ids(p.vuids, commands).0;
    let bound_commands = bound_list.iter().map(|(i, _, _)| *i);
    let bound = bound_list.iter().map(|(i, id, point)| quote!((#i, #id, #point)));
    for c in commands.iter() {
        let name = &c.cmd.name;
        let fs = c.fields.iter().map(|f| field_tokens(None, f)).collect::<Result<Vec<_>, _>>()?;
        let parent = |(param, member): &(usize, Option<String>)| -> Result<TokenStream, Error> {
            let param = u16_of(*param, "params")?;
            let offset = match member {
                Some(m) => {
                    let p = &c.cmd.params[param as usize];
                    let s = ident(reg.resolve_alias(p.ty.base_name()));
                    let m = ident(m);
                    quote!(core::mem::offset_of!(#s, #m) as u32)
                }
                None => quote!(NO_MEMBER),
            };
            Ok(quote!(ParentRef { param: #param, member: #offset }))
        };
        let role = match &c.role {
            Role::Use => quote!(Role::Use),
            Role::Create { param, pool, parent: pr } => {
                let param = u16_of(*param, "params")?;
                let pr = parent(pr)?;
                quote!(Role::Create { param: #param, pool: #pool, parent: #pr })
            }
            Role::Retrieve { param, parent: pr } => {
                let param = u16_of(*param, "params")?;
                let pr = parent(pr)?;
                quote!(Role::Retrieve { param: #param, parent: #pr })
            }
            Role::Destroy { param } => {
                let param = u16_of(*param, "params")?;
                quote!(Role::Destroy { param: #param })
            }
            Role::Free { pool, handles } => {
                let (pool, handles) = (u16_of(*pool, "params")?, u16_of(*handles, "params")?);
                quote!(Role::Free { pool: #pool, handles: #handles })
            }
            Role::Reset { pool } => {
                let pool = u16_of(*pool, "params")?;
                quote!(Role::Reset { pool: #pool })
            }
        };
        let commonparent = id_tok(&c.commonparent_id);
        let allocator = match c.allocator {
            Some(i) => u16_of(i, "params")?,
            None => u16::MAX,
        };
        let [provided, none] = [id_tok(&c.alloc_ids[0]), id_tok(&c.alloc_ids[1])];
        // Parameter index → index into `params` (`u8::MAX`: no site), up to the last site.
        let mut sites = Vec::new();
        for (i, f) in c.fields.iter().enumerate() {
            if let At::Param(at) = f.at {
                if sites.len() <= at {
                    sites.resize(at + 1, u8::MAX);
                }
                sites[at] = u8::try_from(i)
                    .ok()
                    .filter(|&i| i != u8::MAX)
                    .ok_or_else(|| Error(format!("objects: {name} has more handle sites than a u8 indexes")))?;
            }
        }
        command_items.push(quote!(CommandHandles {
            name: #name, role: #role, params: &[#(#fs),*], param_sites: &[#(#sites),*],
            commonparent_id: #commonparent, allocator: #allocator, alloc_ids: [#provided, #none]
        }));

        // Only commands that name a tracked handle, or change what exists, are followed.
        hooked.push(!(c.fields.is_empty() && c.role == Role::Use));
    }
    let n_commands = command_items.len();
    let n_ids = ids.len();

    Ok(quote! {
        //! Where every command's handles are and what it does to objects, generated from the
        //! registry (`codegen/src/objects.rs`); walked by object lifetime validation.

        use crate::*;
        use crate::stateless::{Count, Shape, NO_DEREF};

        /// No id.
        pub const NO_ID: u16 = u16::MAX;
        /// `ParentRef::member` when the parameter itself is the parent.
        pub const NO_MEMBER: u32 = u32::MAX;
        /// The pointer or value may be NULL / VK_NULL_HANDLE.
        pub const OPTIONAL: u8 = 1;
        /// Elements (or the pointed-to handle) may be VK_NULL_HANDLE.
        pub const ELEM_OPTIONAL: u8 = 2;
        /// Written by the implementation (an output parameter or a returned structure).
        pub const OUTPUT: u8 = 4;
        /// The command writes the object (`externsync`).
        pub const WRITE: u8 = 8;
        /// The registry leaves its validity to prose (`noautovalidity`): whether it is read
        /// depends on other members.
        pub const NOAUTO: u8 = 16;
        /// The command writes the object under a condition (`externsync="maybe"`); see
        /// `threading::Maybe`.
        pub const MAYBE: u8 = 32;

        /// A handle type.
        #[derive(Debug)]
        pub struct HandleType {
            pub name: &'static str,
            pub object_type: VkObjectType,
            pub dispatchable: bool,
            /// Whether object lifetime follows objects of this type.
            pub tracked: bool,
            /// Whether its objects belong to an instance rather than a device: no device-level
            /// command creates, allocates or retrieves one (a device, for example, is created
            /// by a physical-device command).
            pub instance_scoped: bool,
        }

        /// Each handle type's index in [`HANDLE_TYPES`], by the type's name without `Vk`, in
        /// upper snake case.
        pub mod handle_type {
            #(#type_indices)*
        }

        /// What each site holds.
        #[derive(Clone, Copy, Debug)]
        pub enum HandleElem {
            /// A handle: index into `HANDLE_TYPES`.
            Handle(u16),
            /// A struct reaching handles: index into `HANDLE_STRUCTS`.
            Struct(u16),
        }

        /// One parameter or member that holds or reaches handles.
        #[derive(Debug)]
        pub struct HandleField {
            pub name: &'static str,
            /// Byte offset in the struct, or the parameter index.
            pub at: u32,
            pub shape: Shape,
            pub elem: HandleElem,
            /// Index into `IDS`: `…-parameter`, or the fallback id.
            pub id: u16,
            /// Index into `IDS`: `…-parent`, or `NO_ID`.
            pub parent_id: u16,
            pub flags: u8,
        }

        /// A struct that reaches handles.
        #[derive(Debug)]
        pub struct HandleStruct {
            pub name: &'static str,
            pub size: u32,
            /// Its `sType` value, 0 when it has none.
            pub s_type: i32,
            pub has_pnext: bool,
            pub fields: &'static [HandleField],
        }

        /// Where the parent of a created or retrieved object is.
        #[derive(Clone, Copy, Debug)]
        pub struct ParentRef {
            pub param: u16,
            /// Offset of the parent member in the pointed-to struct, or `NO_MEMBER`.
            pub member: u32,
        }

        /// What a command does to objects.
        #[derive(Clone, Copy, Debug)]
        pub enum Role {
            Use,
            /// Creates objects into output parameter `param` (allocates them from a pool).
            Create { param: u16, pool: bool, parent: ParentRef },
            /// Returns existing objects into output parameter `param`.
            Retrieve { param: u16, parent: ParentRef },
            /// Destroys the object in parameter `param`.
            Destroy { param: u16 },
            /// Frees the objects in `handles` back to the pool in `pool`.
            Free { pool: u16, handles: u16 },
            /// Frees every object allocated from the pool in `pool`.
            Reset { pool: u16 },
        }

        /// One command's handles.
        #[derive(Debug)]
        pub struct CommandHandles {
            pub name: &'static str,
            pub role: Role,
            pub params: &'static [HandleField],
            /// By parameter index, the index of its site in `params` (`u8::MAX`: none; past
            /// the end: none): `param` without a search.
            pub param_sites: &'static [u8],
            /// Index into `IDS`: `…-commonparent`, or `NO_ID`.
            pub commonparent_id: u16,
            /// The `pAllocator` parameter, or `u16::MAX`.
            pub allocator: u16,
            /// A destroy's allocation-callback VUIDs (indices into `IDS`, or `NO_ID`): callbacks
            /// were given at creation but not here, and the reverse.
            pub alloc_ids: [u16; 2],
        }

        impl CommandHandles {
            /// The site of parameter `index`, if it holds or reaches handles.
            #[inline]
            pub fn param(&self, index: u16) -> Option<&'static HandleField> {
                let site = *self.param_sites.get(usize::from(index))?;
                self.params.get(usize::from(site))
            }
        }

        /// Every handle type, in registry order.
        pub static HANDLE_TYPES: [HandleType; #n_handles] = [#(#handle_types),*];
        /// Every struct that reaches handles, by name.
        pub static HANDLE_STRUCTS: [HandleStruct; #n_structs] = [#(#struct_items),*];
        /// `(sType, index into HANDLE_STRUCTS)` of the chainable ones, sorted.
        pub static HANDLE_CHAIN: [(i32, u16); #n_chain] = [#(#chain_items),*];
        /// Every command, in `COMMANDS` order.
        pub static COMMAND_HANDLES: [CommandHandles; #n_commands] = [#(#command_items),*];
        /// Every id the tables name, sorted.
        pub static IDS: [&str; #n_ids] = [#(#ids),*];

        /// Per command (`COMMANDS` order): whether it names a tracked handle or changes what
        /// exists; object lifetime looks at no other call.
        pub static FOLLOWED: [bool; #n_commands] = [#(#hooked),*];

        /// The commands (indices into `COMMANDS`) that create, allocate or retrieve objects: what
        /// the state tracker records after the call.
        pub const BEGINS: &[u16] = &[#(#begins),*];
        /// The commands that destroy, free or reset what they name: what the state tracker
        /// forgets before the call.
        pub const ENDS: &[u16] = &[#(#ends),*];
        /// The vkCmd* commands that name objects besides their command buffer: what a command
        /// buffer refers to, which must outlive its submissions.
        pub const REFERENCING: &[u16] = &[#(#referencing),*];
        /// `(command, VUID)`: the destroys and frees whose object no submitted command may still
        /// refer to ("All submitted commands that refer to … must have completed execution"),
        /// sorted by command.
        pub static IN_USE_IDS: &[(u16, &str)] = &[#(#in_use),*];
        /// The commands of [`IN_USE_IDS`].
        pub const IN_USE_COMMANDS: &[u16] = &[#(#in_use_commands),*];
        /// `(command, VUID, VkPipelineBindPoint)`: the draws, dispatches and trace-rays commands
        /// that need "a valid pipeline bound to the pipeline bind point used by this command"
        /// (when shader objects are not enabled), sorted by command.
        pub static BOUND_PIPELINE_IDS: &[(u16, &str, i32)] = &[#(#bound),*];
        /// The commands of [`BOUND_PIPELINE_IDS`].
        pub const BOUND_PIPELINE_COMMANDS: &[u16] = &[#(#bound_commands),*];
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sites and roles generated from the pinned registry. A change here is a change in
    /// what object lifetime follows: review it, then update the numbers.
    #[test]
    fn sites_and_roles() {
        let reg = vigil_registry::load_pinned().unwrap();
        let vuids = vigil_registry::load_pinned_vuids().unwrap();
        let out = generate(&reg, &vuids).unwrap();
        println!("{:#?}", out.stats);
        for (c, r) in &out.roles {
            if r != "Use" {
                println!("{c}: {r}");
            }
        }
        let expected = Stats {
            commands_with_handles: 734,
            structs: 237,
            handle_params: 1111,
            handle_members: 263,
            written: 368,
            noautovalidity: 27,
            creates: 81,
            pool_allocations: 2,
            retrieves: 8,
            destroys: 53,
            frees: 2,
            resets: 1,
            parent_ids: 178,
            commonparent_ids: 88,
            unreadable_len: 0,
            allocator_ids: 80,
            in_use_ids: 27,
            referencing: 116,
            bound_pipeline_ids: 32,
            bound_pipeline_left_out: 7,
        };
        assert_eq!(out.stats, expected);
        let role = |name: &str| out.roles.iter().find(|(c, _)| c == name).map(|(_, r)| r.as_str()).unwrap();
        assert_eq!(
            role("vkAllocateCommandBuffers"),
            r#"Create { param: 2, pool: true, parent: (1, Some("commandPool")) }"#
        );
        assert_eq!(role("vkGetSwapchainImagesKHR"), "Retrieve { param: 3, parent: (1, None) }");
        assert_eq!(role("vkFreeDescriptorSets"), "Free { pool: 1, handles: 3 }");
        assert_eq!(role("vkDestroyCuModuleNVX"), "Destroy { param: 1 }");
        assert_eq!(role("vkReleaseSwapchainImagesKHR"), "Use");
        // Every command named like a destroy or free is classified as one, or reviewed as not.
        for (c, r) in &out.roles {
            if ["vkDestroy", "vkFree"].iter().any(|p| c.starts_with(p)) {
                assert!(r.starts_with("Destroy") || r.starts_with("Free"), "{c}: {r}");
            }
        }
    }
}
