//! Thread-safety tables, planned from the object sites of `objects.rs`: for every command, which
//! objects it writes (`externsync`) and which it only reads (every other handle it names), and
//! the hooks that hand each call to the layer's engine (`layer/src/thread_safety.rs`), which
//! counts the uses of each object and reports overlapping ones.
//!
//! The registry says more than `externsync="true"`, and what the walk cannot follow from it is
//! in the reviewed tables below, each checked against the model:
//! - `externsync="maybe"` (conditionally synchronized): [`MAYBE_RULES`] says, per handle type,
//!   under which condition the use writes; the condition is a flag the object was created or
//!   retrieved with, which the layer records.
//! - member paths (`pNameInfo->objectHandle`): [`PATHS`].
//! - `<implicitexternsyncparams>` (prose): [`IMPLICIT`]; a command buffer's pool and a device's
//!   queues are followed.
//! - `externsync` on a member that holds no handle (a `uint64_t` typed by another member):
//!   [`UNTYPED_MEMBERS`].

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use vigil_registry::{CType, Member, Registry, Struct};

use crate::names::ident;
use crate::objects::{u16_of, Elem, Field, Role, Sites};
use crate::Error;

/// When a conditionally synchronized (`maybe`) use writes the object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maybe {
    /// Never: the condition is not followed, and reading reports no false collision.
    Read,
    /// Unless the object carries the flag.
    WriteUnless(&'static str),
    /// Only when the object carries the flag.
    WriteIf(&'static str),
}

/// Flags an object is created or retrieved with that decide its `maybe` uses, as the layer
/// records them (the values are the generated constants').
const SYNC_FLAGS: &[(&str, u8, &str)] = &[
    ("QUEUE_INTERNALLY_SYNCHRONIZED", 1, "retrieved with VK_DEVICE_QUEUE_CREATE_INTERNALLY_SYNCHRONIZED_BIT_KHR"),
    ("CACHE_EXTERNALLY_SYNCHRONIZED", 2, "created with VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT"),
    (
        "CACHE_INTERNALLY_SYNCHRONIZED_MERGE",
        4,
        "created with VK_PIPELINE_CACHE_CREATE_INTERNALLY_SYNCHRONIZED_MERGE_BIT_KHR",
    ),
];

/// `(handle type, command or "*", rule)` for every `externsync="maybe"` site, from the spec's
/// "externally synchronized unless/if" valid-usage text. Reviewed.
/// - queues: "…unless created with VK_DEVICE_QUEUE_CREATE_INTERNALLY_SYNCHRONIZED_BIT_KHR";
/// - `vkMergePipelineCaches::dstCache`: "…if it was not created with
///   VK_PIPELINE_CACHE_CREATE_INTERNALLY_SYNCHRONIZED_MERGE_BIT_KHR";
/// - the pipeline cache of pipeline creation: "If pipelineCache was created with
///   VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT, …must be externally synchronized";
/// - descriptor sets being updated: "…unless explicitly denoted otherwise for specific flags"
///   (update-after-bind and host-only layouts, per binding): not followed, read.
pub const MAYBE_RULES: &[(&str, &str, Maybe)] = &[
    ("VkQueue", "*", Maybe::WriteUnless("QUEUE_INTERNALLY_SYNCHRONIZED")),
    ("VkPipelineCache", "vkMergePipelineCaches", Maybe::WriteUnless("CACHE_INTERNALLY_SYNCHRONIZED_MERGE")),
    ("VkPipelineCache", "*", Maybe::WriteIf("CACHE_EXTERNALLY_SYNCHRONIZED")),
    ("VkDescriptorSet", "*", Maybe::Read),
];

/// What becomes of a member path named by a parameter's `externsync`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// A `uint64_t` handle typed by a `VkObjectType` member: followed, written.
    Typed,
    /// Not followed, for the reason given.
    NotFollowed(&'static str),
}

/// `(command, externsync text, decision)` for every member path. Reviewed.
pub const PATHS: &[(&str, &str, Path)] = &[
    ("vkSetDebugUtilsObjectNameEXT", "pNameInfo->objectHandle", Path::Typed),
    (
        "vkUpdateDescriptorSets",
        "maybe:pDescriptorWrites[].dstSet",
        Path::NotFollowed(
            "a descriptor set's `maybe` is read (MAYBE_RULES), and VkWriteDescriptorSet::dstSet is noautovalidity \
             (push descriptors ignore it), so the walk does not read it",
        ),
    ),
];

/// What becomes of an implicitly synchronized parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implicit {
    /// The pool a command buffer was allocated from: every write of a command buffer writes its
    /// pool (the layer records the pool at allocation).
    CommandPool,
    /// Every queue retrieved from the device (that is not internally synchronized): written
    /// (the layer lists the queues of each device as they are retrieved).
    DeviceQueues,
    /// Not followed, for the reason given.
    NotFollowed(&'static str),
}

/// `(command, the start of the <implicitexternsyncparams> text, decision)`. Reviewed.
pub const IMPLICIT: &[(&str, &str, Implicit)] = &[
    (
        "vkBeginCommandBuffer",
        "the sname:VkCommandPool that pname:commandBuffer was allocated from",
        Implicit::CommandPool,
    ),
    (
        "vkEndCommandBuffer",
        "the sname:VkCommandPool that pname:commandBuffer was allocated from",
        Implicit::CommandPool,
    ),
    (
        "vkResetCommandBuffer",
        "the sname:VkCommandPool that pname:commandBuffer was allocated from",
        Implicit::CommandPool,
    ),
    (
        "vkDestroyInstance",
        "all sname:VkPhysicalDevice objects enumerated from pname:instance",
        Implicit::NotFollowed("physical devices are never written otherwise, so they are not counted"),
    ),
    ("vkDestroyDevice", "all sname:VkQueue objects created from pname:device", Implicit::DeviceQueues),
    ("vkDeviceWaitIdle", "all sname:VkQueue objects created from pname:device", Implicit::DeviceQueues),
    (
        "vkResetDescriptorPool",
        "any sname:VkDescriptorSet objects allocated from pname:descriptorPool",
        Implicit::NotFollowed("the sets are forgotten with the reset; the pool itself is written"),
    ),
];

/// `(struct, member)`: `externsync` members holding a `uint64_t` typed by a member of another
/// enum than `VkObjectType` (VkDebugReportObjectTypeEXT). Not followed. Reviewed.
pub const UNTYPED_MEMBERS: &[(&str, &str)] =
    &[("VkDebugMarkerObjectNameInfoEXT", "object"), ("VkDebugMarkerObjectTagInfoEXT", "object")];

/// Counts per kind of site, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Commands whose calls the engine sees.
    pub commands: usize,
    /// Handle types some command writes (only those are counted at run time).
    pub synced_types: usize,
    pub written_params: usize,
    pub written_members: usize,
    pub maybe_params: usize,
    pub maybe_members: usize,
    /// Sites of synced types that are only read.
    pub read_params: usize,
    pub read_members: usize,
    /// Commands whose `maybe` sites write unless / if a flag, or read.
    pub maybe_write_unless: usize,
    pub maybe_write_if: usize,
    pub maybe_read: usize,
    pub typed_writes: usize,
    pub paths_not_followed: usize,
    pub implicit_followed: usize,
    pub implicit_not_followed: usize,
    /// Handle types in `SHARED_READS`.
    pub shared_types: usize,
}

/// The generated file.
pub struct Output {
    pub tokens: TokenStream,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
    /// `(command, maybe rule)` of the commands with `maybe` sites, for the test.
    #[cfg_attr(not(test), allow(dead_code))]
    pub maybe: Vec<(String, Maybe)>,
    /// Handle types no command writes, for the test.
    #[cfg_attr(not(test), allow(dead_code))]
    pub unsynced: Vec<String>,
    /// Handle types in `SHARED_READS`, for the test.
    #[cfg_attr(not(test), allow(dead_code))]
    pub shared: Vec<String>,
}

/// What a struct reaches (through members and its pNext extenders).
#[derive(Clone, Default)]
struct Reach {
    /// A site of a synced type that the walk reads.
    synced: bool,
    /// Handle types of `maybe` sites.
    maybe: BTreeSet<usize>,
    /// Handle types of sites read (`maybe` ones included) and of sites written.
    read: BTreeSet<usize>,
    written: BTreeSet<usize>,
}

impl Reach {
    fn extend(&mut self, inner: Reach) {
        self.synced |= inner.synced;
        self.maybe.extend(inner.maybe);
        self.read.extend(inner.read);
        self.written.extend(inner.written);
    }
}

struct Planner<'a, 'r> {
    reg: &'r Registry,
    structs: BTreeMap<&'a str, &'a [Field]>,
    extenders: &'a BTreeMap<&'r str, Vec<&'r str>>,
    synced: Vec<bool>,
    reach: BTreeMap<String, Reach>,
}

impl Planner<'_, '_> {
    /// Whether the walk follows a site (outputs are written by the implementation; the
    /// validity of noautovalidity members depends on other members).
    fn walked(f: &Field) -> bool {
        !f.output && !f.noauto
    }

    fn fields_reach(&mut self, fields: &[Field]) -> Reach {
        let mut r = Reach::default();
        for f in fields.iter().filter(|f| Self::walked(f)) {
            match &f.elem {
                Elem::Handle(h) => {
                    r.synced |= self.synced[*h];
                    if f.maybe {
                        r.maybe.insert(*h);
                    }
                    if f.write { &mut r.written } else { &mut r.read }.insert(*h);
                }
                Elem::Struct(s) => {
                    let inner = self.struct_reach(s);
                    r.extend(inner);
                }
            }
        }
        r
    }

    fn struct_reach(&mut self, name: &str) -> Reach {
        if let Some(r) = self.reach.get(name) {
            return r.clone();
        }
        // A struct reaching itself adds nothing the first visit does not.
        self.reach.insert(name.to_string(), Reach::default());
        let fields = self.structs.get(name).copied().unwrap_or_default();
        let mut r = self.fields_reach(fields);
        let extenders: Vec<&str> = self.extenders.get(name).cloned().unwrap_or_default();
        for e in extenders {
            let e = self.reg.resolve_alias(e);
            if self.structs.contains_key(e) {
                let inner = self.struct_reach(e);
                r.extend(inner);
            }
        }
        self.reach.insert(name.to_string(), r.clone());
        r
    }
}

/// The rule for a command's `maybe` sites of handle type `ty`.
fn maybe_rule(command: &str, ty: &str) -> Result<Maybe, Error> {
    MAYBE_RULES
        .iter()
        .find(|(t, c, _)| *t == ty && *c == command)
        .or_else(|| MAYBE_RULES.iter().find(|(t, c, _)| *t == ty && *c == "*"))
        .map(|(_, _, m)| *m)
        .ok_or_else(|| Error(format!("threading: {command} has a `maybe` {ty}, which MAYBE_RULES does not cover")))
}

fn flag_value(name: &str) -> Result<u8, Error> {
    SYNC_FLAGS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, v, _)| *v)
        .ok_or_else(|| Error(format!("threading: no sync flag {name}")))
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The member giving the `VkObjectType` of member `m`, when `m` is a `uint64_t` handle typed by one.
fn type_member<'s>(s: &'s Struct, m: &Member) -> Option<&'s Member> {
    let t = s.members.iter().find(|x| Some(x.name.as_str()) == m.attrs.objecttype.as_deref())?;
    (t.ty.as_named() == Some("VkObjectType") && m.ty.as_named() == Some("uint64_t")).then_some(t)
}

fn typed_write(s: &Struct, handle: &Member, ty: &Member, param: usize) -> Result<TokenStream, Error> {
    let (st, hm, tm) = (ident(&s.name), ident(&handle.name), ident(&ty.name));
    let param = u16_of(param, "params")?;
    Ok(quote!(TypedWrite {
        param: #param,
        handle: core::mem::offset_of!(#st, #hm) as u32,
        object_type: core::mem::offset_of!(#st, #tm) as u32
    }))
}

/// Checks the reviewed tables against the model; returns the typed writes by command.
fn check_tables(reg: &Registry) -> Result<BTreeMap<String, Vec<TokenStream>>, Error> {
    let mut typed = BTreeMap::new();
    let mut seen_paths = BTreeSet::new();
    for c in &reg.commands {
        for (i, p) in c.params.iter().enumerate() {
            // A struct passed by pointer whose own member is a typed, written handle
            // (VkDebugUtilsObjectTagInfoEXT::objectHandle).
            let pointed = reg.struct_(reg.resolve_alias(p.ty.base_name()));
            if let (Some(s), CType::Pointer { pointee_const: true, .. }, true) =
                (pointed, &p.ty, p.attrs.len.is_empty())
            {
                for m in s.members.iter().filter(|m| m.attrs.externsync.as_deref() == Some("true")) {
                    if let Some(t) = type_member(s, m) {
                        typed.entry(c.name.clone()).or_insert_with(Vec::new).push(typed_write(s, m, t, i)?);
                    }
                }
            }
            let Some(text) = p.attrs.externsync.as_deref() else { continue };
            if text == "true" || text == "maybe" {
                continue;
            }
            let Some((_, _, decision)) = PATHS.iter().find(|(cmd, t, _)| *cmd == c.name && *t == text) else {
                return Err(Error(format!("threading: {}({}) externsync=\"{text}\" is not in PATHS", c.name, p.name)));
            };
            seen_paths.insert((c.name.as_str(), text));
            let path = text.strip_prefix("maybe:").unwrap_or(text);
            let (head, member) = path
                .split_once("->")
                .or_else(|| path.split_once("[]."))
                .ok_or_else(|| Error(format!("threading: cannot read the path {text} of {}", c.name)))?;
            let s = reg
                .struct_(reg.resolve_alias(p.ty.base_name()))
                .filter(|_| head == p.name)
                .ok_or_else(|| Error(format!("threading: {text} of {} does not start at {}", c.name, p.name)))?;
            let m = s
                .members
                .iter()
                .find(|m| m.name == member)
                .ok_or_else(|| Error(format!("threading: {} has no member {member}", s.name)))?;
            if *decision != Path::Typed {
                continue;
            }
            let t = type_member(s, m)
                .filter(|_| path.contains("->") && !text.starts_with("maybe:"))
                .ok_or_else(|| Error(format!("threading: {text} of {} is not a typed handle", c.name)))?;
            typed.entry(c.name.clone()).or_insert_with(Vec::new).push(typed_write(s, m, t, i)?);
        }
        let mut used = vec![false; c.implicit_externsync.len()];
        for (i, text) in c.implicit_externsync.iter().enumerate() {
            let text = normalize(text);
            used[i] = IMPLICIT.iter().any(|(cmd, start, _)| *cmd == c.name && text.starts_with(start));
            if !used[i] {
                return Err(Error(format!("threading: {} implicitly synchronizes `{text}`, not in IMPLICIT", c.name)));
            }
        }
    }
    for (cmd, text, _) in PATHS {
        if !seen_paths.contains(&(*cmd, *text)) {
            return Err(Error(format!("threading: PATHS names {cmd} {text}, which the registry does not have")));
        }
    }
    for (cmd, start, _) in IMPLICIT {
        let found =
            reg.command(cmd).is_some_and(|c| c.implicit_externsync.iter().any(|t| normalize(t).starts_with(start)));
        if !found {
            return Err(Error(format!("threading: IMPLICIT names {cmd} `{start}`, which the registry does not have")));
        }
    }
    for s in &reg.structs {
        for m in &s.members {
            let handle = reg.handle(reg.resolve_alias(m.ty.base_name())).is_some();
            let listed = UNTYPED_MEMBERS.contains(&(s.name.as_str(), m.name.as_str()));
            if m.attrs.externsync.is_some() && !handle && !listed && type_member(s, m).is_none() {
                return Err(Error(format!("threading: {}::{} is externsync but holds no handle", s.name, m.name)));
            }
        }
    }
    for (s, m) in UNTYPED_MEMBERS {
        if !reg.struct_(s).is_some_and(|x| x.members.iter().any(|y| y.name == *m && y.attrs.externsync.is_some())) {
            return Err(Error(format!("threading: UNTYPED_MEMBERS names {s}::{m}, which is not externsync")));
        }
    }
    for (ty, cmd, rule) in MAYBE_RULES {
        if reg.handle(ty).is_none() || (*cmd != "*" && reg.command(cmd).is_none()) {
            return Err(Error(format!("threading: MAYBE_RULES names {ty} / {cmd}, which the registry does not have")));
        }
        if let Maybe::WriteIf(f) | Maybe::WriteUnless(f) = rule {
            flag_value(f)?;
        }
    }
    Ok(typed)
}

/// Plans and emits `threading.rs` from the object plans.
pub(crate) fn generate(reg: &Registry, sites: &Sites<'_>) -> Result<Output, Error> {
    let (commands, structs, extenders) = (&sites.commands[..], &sites.structs[..], &sites.extenders);
    let typed = check_tables(reg)?;
    let mut stats = Stats::default();
    let mut synced = vec![false; reg.handles.len()];
    let all_fields = commands.iter().flat_map(|c| &c.fields).chain(structs.iter().flat_map(|(_, f)| f));
    for f in all_fields {
        if let Elem::Handle(h) = f.elem {
            synced[h] |= (f.write || f.maybe) && Planner::walked(f);
        }
    }
    // Destroying writes the object, also where the registry omits it (objects.rs'
    // DESTROYS_WITHOUT_EXTERNSYNC); the engine writes a destroy's object whatever its flags.
    for c in commands {
        if let Role::Destroy { param } = c.role {
            if let Some(Elem::Handle(h)) = c.fields.iter().find(|f| f.name == c.cmd.params[param].name).map(|f| &f.elem)
            {
                synced[*h] = true;
            }
        }
    }
    let handle_index = |name: &str| {
        reg.handles.iter().position(|h| h.name == name).ok_or_else(|| Error(format!("threading: no handle {name}")))
    };
    let command_buffer = handle_index("VkCommandBuffer")?;
    let command_pool = handle_index("VkCommandPool")?;
    if IMPLICIT.iter().any(|(_, _, i)| *i == Implicit::CommandPool) {
        synced[command_pool] = true;
    }
    for (_, _, i) in IMPLICIT {
        match i {
            Implicit::CommandPool | Implicit::DeviceQueues => stats.implicit_followed += 1,
            Implicit::NotFollowed(_) => stats.implicit_not_followed += 1,
        }
    }
    stats.paths_not_followed = PATHS.iter().filter(|(_, _, p)| matches!(p, Path::NotFollowed(_))).count();
    stats.synced_types = synced.iter().filter(|s| **s).count();

    let mut p = Planner {
        reg,
        structs: structs.iter().map(|(n, f)| (n.as_str(), f.as_slice())).collect(),
        extenders,
        synced: synced.clone(),
        reach: BTreeMap::new(),
    };
    let mut count = |f: &Field, member: bool, destroyed: bool| {
        let Elem::Handle(h) = f.elem else { return };
        if !Planner::walked(f) || !synced[h] {
            return;
        }
        let n = match (f.write || destroyed, f.maybe, member) {
            (true, _, false) => &mut stats.written_params,
            (true, _, true) => &mut stats.written_members,
            (_, true, false) => &mut stats.maybe_params,
            (_, true, true) => &mut stats.maybe_members,
            (_, _, false) => &mut stats.read_params,
            (_, _, true) => &mut stats.read_members,
        };
        *n += 1;
    };
    for c in commands {
        let destroyed = match c.role {
            Role::Destroy { param } => Some(c.cmd.params[param].name.as_str()),
            _ => None,
        };
        c.fields.iter().for_each(|f| count(f, false, destroyed == Some(f.name.as_str())));
    }
    structs.iter().flat_map(|(_, f)| f).for_each(|f| count(f, true, false));

    let mut items = Vec::new();
    let mut hooked = vec![false; commands.len()];
    // What recording commands (those of a command buffer) read and write.
    let (mut recording_reads, mut recording_writes) = (BTreeSet::new(), BTreeSet::new());
    let mut maybe_list = Vec::new();
    for (i, c) in commands.iter().enumerate() {
        let name = &c.cmd.name;
        let reach = p.fields_reach(&c.fields);
        if c.cmd.params.first().is_some_and(|q| q.ty.as_named() == Some("VkCommandBuffer")) {
            recording_reads.extend(reach.read.iter().copied());
            recording_writes.extend(reach.written.iter().copied());
        }
        let mut rules = BTreeSet::new();
        for h in &reach.maybe {
            rules.insert(format!("{:?}", maybe_rule(name, &reg.handles[*h].name)?));
        }
        let rule = match reach.maybe.iter().next() {
            Some(h) if rules.len() == 1 => maybe_rule(name, &reg.handles[*h].name)?,
            None => Maybe::Read,
            Some(_) => return Err(Error(format!("threading: {name} has `maybe` sites under different rules"))),
        };
        let rule_tokens = match rule {
            Maybe::Read => quote!(Maybe::Read),
            Maybe::WriteUnless(f) => {
                let f = ident(f);
                quote!(Maybe::WriteUnless(#f))
            }
            Maybe::WriteIf(f) => {
                let f = ident(f);
                quote!(Maybe::WriteIf(#f))
            }
        };
        if !reach.maybe.is_empty() {
            maybe_list.push((name.clone(), rule));
            match rule {
                Maybe::Read => stats.maybe_read += 1,
                Maybe::WriteUnless(_) => stats.maybe_write_unless += 1,
                Maybe::WriteIf(_) => stats.maybe_write_if += 1,
            }
        }
        let typed_writes = typed.get(name).cloned().unwrap_or_default();
        stats.typed_writes += typed_writes.len();
        let device_queues = IMPLICIT.iter().any(|(n, _, i)| n == name && *i == Implicit::DeviceQueues);
        items.push(quote!(ThreadCommand {
            maybe: #rule_tokens, typed: &[#(#typed_writes),*], device_queues: #device_queues
        }));

        let changes_objects = c.role != Role::Use;
        if !(reach.synced || changes_objects || !typed_writes.is_empty() || device_queues) {
            continue;
        }
        stats.commands += 1;
        hooked[i] = true;
    }
    let n_commands = items.len();
    let n_handles = synced.len();
    let pool_writers = (0..n_handles).map(|h| h == command_buffer);
    // Shared by recording threads and written rarely: what recording reads but never writes,
    // and the instance, physical device and device every call of theirs reads.
    let dispatchers = ["VkInstance", "VkPhysicalDevice", "VkDevice"].map(handle_index);
    let mut shared = vec![false; n_handles];
    for (h, s) in shared.iter_mut().enumerate() {
        let dispatcher = dispatchers.iter().any(|d| d.as_ref().ok() == Some(&h));
        *s = synced[h]
            && h != command_pool
            && !recording_writes.contains(&h)
            && (recording_reads.contains(&h) || dispatcher);
    }
    stats.shared_types = shared.iter().filter(|s| **s).count();
    let flags = SYNC_FLAGS.iter().map(|(n, v, doc)| {
        let (n, doc) = (ident(n), format!("The object was {doc}."));
        quote!(#[doc = #doc] pub const #n: u8 = #v;)
    });
    let tokens = quote! {
        //! Which objects each command writes and which it reads, generated from the registry's
        //! `externsync` data (`codegen/src/threading.rs`) over the object sites of `objects.rs`;
        //! the layer's thread-safety engine counts the uses.

        use crate::*;

        #(#flags)*

        /// How a command uses the objects at its conditionally synchronized (`MAYBE`) sites.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Maybe {
            /// Reads them.
            Read,
            /// Writes them, unless the object carries the flag.
            WriteUnless(u8),
            /// Writes them only when the object carries the flag.
            WriteIf(u8),
        }

        /// A `uint64_t` handle, typed by a `VkObjectType` member, that a command writes:
        /// `param->handle`.
        #[derive(Debug)]
        pub struct TypedWrite {
            pub param: u16,
            /// Offsets of the handle and of its object type in the pointed-to struct.
            pub handle: u32,
            pub object_type: u32,
        }

        /// What thread safety needs of a command beyond its object sites.
        #[derive(Debug)]
        pub struct ThreadCommand {
            pub maybe: Maybe,
            pub typed: &'static [TypedWrite],
            /// The call writes every queue of the device (that is not internally synchronized).
            pub device_queues: bool,
        }

        /// Every command, in `objects::COMMAND_HANDLES` order.
        pub static THREAD_COMMANDS: [ThreadCommand; #n_commands] = [#(#items),*];
        /// Per handle type (`objects::HANDLE_TYPES` order): whether some command writes objects
        /// of the type. Uses of the others cannot collide and are not counted.
        pub static SYNCED: [bool; #n_handles] = [#(#synced),*];
        /// Per handle type: whether writing an object also writes the pool it was allocated
        /// from (a command buffer's command pool).
        pub static WRITES_POOL: [bool; #n_handles] = [#(#pool_writers),*];
        /// Per handle type: whether its objects are shared by the threads that record and written
        /// rarely (recording reads them and never writes them; the instance, physical devices and
        /// devices). Thread safety publishes their reads in the reading thread's own slot, which a
        /// writer scans, instead of counting them in the object, whose counter every recording
        /// thread would otherwise keep writing.
        pub static SHARED_READS: [bool; #n_handles] = [#(#shared),*];

        /// Per command (`objects::COMMAND_HANDLES` order): whether its calls are counted (it
        /// names a synchronized object, changes what exists, or writes implicitly).
        pub static COUNTED: [bool; #n_commands] = [#(#hooked),*];
    };
    let unsynced = reg.handles.iter().zip(&synced).filter(|(_, s)| !**s).map(|(h, _)| h.name.clone()).collect();
    let shared = (0..n_handles).filter(|&h| shared[h]).map(|h| reg.handles[h].name.clone()).collect();
    Ok(Output { tokens, stats, maybe: maybe_list, unsynced, shared })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reads, writes and implicit sites generated from the pinned registry. A change here
    /// is a change in what thread safety counts: review it, then update the numbers.
    #[test]
    fn reads_writes_and_implicit_sites() {
        let reg = vigil_registry::load_pinned().unwrap();
        let vuids = vigil_registry::load_pinned_vuids().unwrap();
        let sites = crate::objects::generate(&reg, &vuids).unwrap().sites;
        let out = generate(&reg, &sites).unwrap();
        println!("{:#?}", out.stats);
        for (c, m) in &out.maybe {
            println!("{c}: {m:?}");
        }
        println!("not counted: {:?}", out.unsynced);
        println!("reads published per thread: {:?}", out.shared);
        let expected = Stats {
            commands: 676,
            synced_types: 58,
            written_params: 349,
            written_members: 24,
            maybe_params: 17,
            maybe_members: 1,
            read_params: 574,
            read_members: 209,
            maybe_write_unless: 11,
            maybe_write_if: 5,
            maybe_read: 2,
            typed_writes: 2,
            paths_not_followed: 1,
            implicit_followed: 5,
            implicit_not_followed: 2,
            shared_types: 31,
        };
        assert_eq!(out.stats, expected);
        let rule = |c: &str| out.maybe.iter().find(|(n, _)| n == c).map(|(_, m)| *m);
        assert_eq!(rule("vkQueueSubmit"), Some(Maybe::WriteUnless("QUEUE_INTERNALLY_SYNCHRONIZED")));
        assert_eq!(rule("vkQueueWaitIdle"), Some(Maybe::WriteUnless("QUEUE_INTERNALLY_SYNCHRONIZED")));
        assert_eq!(rule("vkMergePipelineCaches"), Some(Maybe::WriteUnless("CACHE_INTERNALLY_SYNCHRONIZED_MERGE")));
        assert_eq!(rule("vkCreateComputePipelines"), Some(Maybe::WriteIf("CACHE_EXTERNALLY_SYNCHRONIZED")));
        assert_eq!(rule("vkUpdateDescriptorSets"), Some(Maybe::Read));
        assert!(out.unsynced.iter().any(|h| h == "VkPhysicalDevice"));
        for shared in ["VkDevice", "VkPipeline", "VkPipelineLayout", "VkDescriptorSet", "VkBuffer", "VkImage"] {
            assert!(out.shared.iter().any(|h| h == shared), "{shared}");
        }
        for owned in ["VkQueue", "VkCommandPool", "VkCommandBuffer", "VkFence", "VkDescriptorPool", "VkSwapchainKHR"] {
            assert!(!out.shared.iter().any(|h| h == owned), "{owned}");
        }
        for counted in ["VkQueue", "VkCommandPool", "VkCommandBuffer", "VkFence", "VkDevice", "VkInstance"] {
            assert!(!out.unsynced.iter().any(|h| h == counted), "{counted}");
        }
    }
}
