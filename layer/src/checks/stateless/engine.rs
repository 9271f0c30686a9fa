//! The interpreter of the generated stateless tables (`vigil_generated::stateless`): walks a
//! call's parameters as the tables describe them and reports what breaks the registry's
//! implicit valid usage.
//!
//! Application memory is read only as the spec allows: a pointer is dereferenced only after
//! its null check, arrays only with the count the application gives with them, pNext chains
//! by their common header. A bad pointer that is not NULL is the application's undefined
//! behaviour; nothing here can tell.

use std::fmt;

use vigil_generated::chassis::CommandLevel;
use vigil_generated::commands::COMMANDS;
use vigil_generated::extensions::EXTENSIONS;
use vigil_generated::features::{Extension, ExtensionSet};
use vigil_generated::stateless::*;
use vigil_generated::*;

use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::chassis::Call;
use crate::report::{Finding, Location, Object, Reporter, Severity};

/// `VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO` and `…_DEVICE_CREATE_INFO`: the loader's
/// own links in the create-info chains, not the application's.
const LOADER_STRUCTURE_TYPES: [i32; 2] = [47, 48];

/// Longest pNext chain walked: a chain that loops back on itself would otherwise never end.
const MAX_CHAIN: usize = 1024;

/// What a call may use: the API version, the extensions, and which commands are available.
#[derive(Clone, Debug)]
pub struct Enabled {
    /// `VK_MAKE_API_VERSION` of the version values and structures may come from.
    pub api_version: u32,
    /// Enabled extensions (for physical-device queries: also those the device supports).
    pub extensions: ExtensionSet,
    /// Availability of every command, by index into `COMMANDS`.
    commands: Box<[u64]>,
    /// The API version commands are judged by (for physical-device queries: the lower of the
    /// instance's and the device's).
    pub command_api_version: u32,
    /// Physical-device queries: "supported by the physical device" is the rule, not "enabled".
    pub query: bool,
    /// The enabled bits of every bitmask, by index into `BITMASKS`: its 1.0 bits and those
    /// whose requirement holds.
    bits: Box<[u64]>,
}

/// Whether `VK_VERSION_x_y` names a version within `api_version`; `None` for other terms.
pub(super) fn version_within(term: &str, api_version: u32) -> Option<bool> {
    let (major, minor) = term.strip_prefix("VK_VERSION_")?.split_once('_')?;
    Some(make_api_version(0, major.parse().ok()?, minor.parse().ok()?, 0) <= api_version & !0xfff)
}

impl Enabled {
    /// `extensions` at `api_version`; a command is available when `command_holds` says so of
    /// its provider's terms, which judges versions by `command_api_version`.
    pub fn new(
        api_version: u32,
        command_api_version: u32,
        extensions: ExtensionSet,
        command_holds: &dyn Fn(&str) -> bool,
    ) -> Self {
        let mut commands = vec![0u64; COMMANDS.len().div_ceil(64)].into_boxed_slice();
        for (i, c) in COMMANDS.iter().enumerate() {
            if crate::chassis::available(c, command_holds) {
                commands[i / 64] |= 1 << (i % 64);
            }
        }
        Enabled { api_version, extensions, commands, command_api_version, query: false, bits: Box::default() }
            .with_bits()
    }

    /// `self` with its enabled bits worked out.
    fn with_bits(mut self) -> Self {
        self.bits = BITMASKS
            .iter()
            .map(|info| info.bits.iter().filter(|b| self.holds(b.req)).fold(info.base, |m, b| m | b.value))
            .collect();
        self
    }

    /// The enabled bits of `BITMASKS[b]`.
    #[inline]
    pub(super) fn enabled_bits(&self, b: u16) -> u64 {
        self.bits.get(b as usize).copied().unwrap_or(0)
    }

    /// The usual rule: versions up to `api_version`, extensions in `extensions`.
    pub fn plain(api_version: u32, extensions: ExtensionSet) -> Self {
        let holds = |t: &str| version_within(t, api_version).unwrap_or_else(|| extensions.contains_name(t));
        let commands = Self::new(api_version, api_version, ExtensionSet::default(), &holds).commands;
        Enabled {
            api_version,
            extensions,
            commands,
            command_api_version: api_version,
            query: false,
            bits: Box::default(),
        }
        .with_bits()
    }

    /// Whether `COMMANDS[index]` is available.
    #[inline]
    pub(super) fn command(&self, index: u16) -> bool {
        let i = index as usize;
        self.commands.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Whether requirement `REQS[req]` holds.
    #[inline]
    fn holds(&self, req: u16) -> bool {
        req == 0 || REQS[req as usize].iter().any(|&t| self.term(t))
    }

    fn term(&self, t: u16) -> bool {
        if t & VERSION != 0 {
            make_api_version(0, u32::from((t >> 8) & 0x7f), u32::from(t & 0xff), 0) <= self.api_version & !0xfff
        } else {
            self.extensions.contains(Extension(t as usize))
        }
    }
}

/// A requirement, for messages: `VK_EXT_foo or Vulkan 1.2`.
struct Needs(u16);

impl fmt::Display for Needs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &t) in REQS[self.0 as usize].iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            if t & VERSION != 0 {
                write!(f, "Vulkan {}.{}", (t >> 8) & 0x7f, t & 0xff)?;
            } else {
                f.write_str(EXTENSIONS.get(t as usize).map_or("?", |e| e.name))?;
            }
        }
        Ok(())
    }
}

/// The name of an sType value, or its number.
struct StructureType(i32);

impl fmt::Display for StructureType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match VkStructureType(self.0).name() {
            Some(n) => f.write_str(n),
            None => write!(f, "{}", self.0),
        }
    }
}

/// The command's providers, for messages: `VK_VERSION_1_1 or VK_KHR_get_physical_device_properties2`.
struct Providers(&'static CommandInfo);

impl fmt::Display for Providers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.provided_by.iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            f.write_str(p.by)?;
            if let Some(d) = p.depends {
                f.write_str(" with ")?;
                write_dep(f, d)?;
            }
        }
        Ok(())
    }
}

fn write_dep(f: &mut fmt::Formatter<'_>, d: &Dep) -> fmt::Result {
    let (list, sep) = match d {
        Dep::Term(t) => return f.write_str(t),
        Dep::All(v) => (*v, " and "),
        Dep::Any(v) => (*v, " or "),
    };
    f.write_str("(")?;
    for (i, d) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write_dep(f, d)?;
    }
    f.write_str(")")
}

/// Bytes per element of an array of `elem`.
fn stride(elem: Elem) -> usize {
    match elem {
        Elem::Struct(s) => STRUCTS[s as usize].size as usize,
        Elem::Bool32 | Elem::Enum(_) => 4,
        Elem::Flags(b) | Elem::FlagBit(b) => {
            if BITMASKS[b as usize].wide {
                8
            } else {
                4
            }
        }
        Elem::Zero { wide } => {
            if wide {
                8
            } else {
                4
            }
        }
        _ => 8,
    }
}

/// What the walk does where a rule breaks: report it (at its location, worded), or only note
/// that something breaks. One walker serves both, so the two cannot drift apart.
pub trait Mode {
    /// Where a value is: a [`Location`] when findings are reported, nothing when only checked
    /// (building locations would cost the fast path its speed).
    type At<'a>;
    /// Stop at the first finding: the answer is then "something breaks here".
    const FIRST_ONLY: bool;

    /// The location of a command.
    fn command(name: &'static str) -> Self::At<'static>;
    /// A field of `parent`: `parent->name`, `parent.name`, or `vkFoo(): name` for parameters.
    fn member<'a>(parent: &'a Self::At<'_>, arrow: bool, name: &'static str) -> Self::At<'a>;
    /// An array element of `parent`.
    fn index<'a>(parent: &'a Self::At<'_>, i: usize) -> Self::At<'a>;
    /// A structure of `parent`'s pNext chain.
    fn chained<'a>(parent: &'a Self::At<'_>, structure: &'static str) -> Self::At<'a>;
    /// A finding; true when the call must be skipped (or, checking only, always).
    fn report(&self, severity: Severity, id: u16, at: &Self::At<'_>, m: fmt::Arguments<'_>) -> bool;
}

/// Findings reported: to the reporter, naming the call's dispatchable object.
pub struct Report<'a> {
    pub reporter: &'a Reporter,
    /// The objects every finding names (the dispatchable first parameter).
    pub objects: &'a [Object],
}

impl Mode for Report<'_> {
    type At<'a> = Location<'a>;
    const FIRST_ONLY: bool = false;

    #[inline]
    fn command(name: &'static str) -> Location<'static> {
        Location::command(name)
    }

    #[inline]
    fn member<'a>(parent: &'a Location<'_>, arrow: bool, name: &'static str) -> Location<'a> {
        match parent {
            Location::Command(_) => parent.dot(name),
            _ if arrow => parent.arrow(name),
            _ => parent.dot(name),
        }
    }

    #[inline]
    fn index<'a>(parent: &'a Location<'_>, i: usize) -> Location<'a> {
        parent.index(i)
    }

    #[inline]
    fn chained<'a>(parent: &'a Location<'_>, structure: &'static str) -> Location<'a> {
        parent.chained(structure)
    }

    #[cold]
    fn report(&self, severity: Severity, id: u16, at: &Location<'_>, m: fmt::Arguments<'_>) -> bool {
        let Some(&id) = IDS.get(id as usize) else { return false };
        self.reporter.report(Finding { severity, id, location: at, objects: self.objects, message: m })
    }
}

/// Findings reported through a call's context: for the walks hand-written checks start over
/// structures the generated walk leaves out (`noautovalidity` members the spec does not ignore).
pub struct CallReport<'a>(pub &'a Call<'a>);

impl Mode for CallReport<'_> {
    type At<'a> = Location<'a>;
    const FIRST_ONLY: bool = false;

    fn command(name: &'static str) -> Location<'static> {
        <Report<'static> as Mode>::command(name)
    }

    fn member<'a>(parent: &'a Location<'_>, arrow: bool, name: &'static str) -> Location<'a> {
        <Report<'static> as Mode>::member(parent, arrow, name)
    }

    fn index<'a>(parent: &'a Location<'_>, i: usize) -> Location<'a> {
        parent.index(i)
    }

    fn chained<'a>(parent: &'a Location<'_>, structure: &'static str) -> Location<'a> {
        parent.chained(structure)
    }

    #[cold]
    fn report(&self, severity: Severity, id: u16, at: &Location<'_>, m: fmt::Arguments<'_>) -> bool {
        let Some(&id) = IDS.get(id as usize) else { return false };
        self.0.report(severity, id, at, m)
    }
}

/// The index in `STRUCTS` of the structure named `name`.
pub fn struct_index(name: &str) -> Option<u16> {
    STRUCTS.binary_search_by(|s| s.name.cmp(name)).ok().and_then(|i| u16::try_from(i).ok())
}

/// Findings only noted: the fast pass over calls that break nothing (nearly all). When it
/// finds something, the hook runs the walk again in [`Report`] mode to word it.
#[derive(Clone, Copy)]
pub struct Check;

impl Mode for Check {
    type At<'a> = ();
    const FIRST_ONLY: bool = true;

    #[inline(always)]
    fn command(_: &'static str) {}
    #[inline(always)]
    fn member(_: &(), _: bool, _: &'static str) {}
    #[inline(always)]
    fn index(_: &(), _: usize) {}
    #[inline(always)]
    fn chained(_: &(), _: &'static str) {}
    #[inline(always)]
    fn report(&self, _: Severity, _: u16, _: &(), _: fmt::Arguments<'_>) -> bool {
        true
    }
}

/// One walk over a call's parameters, in mode `M`.
pub struct Walk<'a, M: Mode> {
    pub mode: M,
    /// What the call may use.
    pub enabled: &'a Enabled,
    /// VK_KHR_maintenance5 lets physical-device queries pass any value of an enum or bitmask
    /// type beyond those defined or enabled.
    pub any_values: bool,
}

/// Adds a finding to `$skip` and, in a mode that stops at the first, returns.
macro_rules! found {
    ($skip:ident, $e:expr) => {
        $skip |= $e;
        if M::FIRST_ONLY && $skip {
            return true;
        }
    };
}

impl<M: Mode> Walk<'_, M> {
    #[inline(always)]
    fn error(&self, id: u16, at: &M::At<'_>, m: fmt::Arguments<'_>) -> bool {
        self.mode.report(Severity::Error, id, at, m)
    }

    /// Checks a command: available at all, then its parameters. True: skip the call
    /// ([`Report`]) or something breaks ([`Check`]).
    pub fn command(&self, command: &'static CommandChecks, params: &[*const u8]) -> bool {
        let cmd = M::command(command.name);
        let mut skip = false;
        if command.level != CommandLevel::Global && !self.enabled.command(command.index) {
            let info = &COMMANDS[command.index as usize];
            let by_version = info.provided_by.iter().any(|p| p.by.starts_with("VK_VERSION_"));
            let id = if by_version { ID_API_VERSION } else { ID_EXTENSION_NOT_ENABLED };
            let extensions = if self.enabled.query {
                "enabled on the instance or supported by the physical device"
            } else {
                "enabled"
            };
            let v = self.enabled.command_api_version;
            found!(
                skip,
                self.error(
                    id,
                    &cmd,
                    format_args!(
                        "provided by {}, but the effective API version is {}.{} and none of those extensions is \
                         {extensions}.",
                        Providers(info),
                        v >> 22 & 0x7f,
                        v >> 12 & 0x3ff
                    ),
                )
            );
        }
        skip | self.fields(command.params, Base::Params(params), &cmd, false)
    }

    /// Checks `fields` of a struct at `base` (or of the parameters), found at `parent`;
    /// `arrow`: members are reached through a pointer.
    fn fields(&self, fields: &'static [Field], base: Base<'_>, parent: &M::At<'_>, arrow: bool) -> bool {
        let mut skip = false;
        for f in fields {
            let p = base.at(f.at);
            if p.is_null() {
                continue;
            }
            let at = M::member(parent, arrow, f.name);
            // SAFETY (whole match): `p` is a member of a struct the application handed over,
            // or the address of a parameter; pointees are read only after their null check,
            // arrays only with the count the application gives with them.
            let found = match f.shape {
                Shape::Value => self.value(f, f.elem, p, &at, base, true),
                Shape::Array(n, used) => {
                    let n = match used {
                        Some(c) => unsafe { count(c, base) }.map_or(n as usize, |u| u.min(n as usize)),
                        None => n as usize,
                    };
                    self.elements(f, p, n, &at)
                }
                Shape::Ptr => {
                    let q = unsafe { read_ptr(p) };
                    if q.is_null() {
                        f.flags & OPTIONAL == 0 && self.error(f.id, &at, format_args!("is NULL."))
                    } else {
                        match f.elem {
                            Elem::Struct(s) => self.structure(s, q, &at, true, f.flags & OUTPUT != 0),
                            Elem::None => false,
                            elem => self.value(f, elem, q, &at, base, false),
                        }
                    }
                }
                Shape::Str => {
                    let q = unsafe { read_ptr(p) };
                    q.is_null() && f.flags & OPTIONAL == 0 && self.error(f.id, &at, format_args!("is NULL."))
                }
                Shape::Slice(c) => self.slice(f, c, p, base, parent, arrow, &at),
            };
            found!(skip, found);
        }
        skip
    }

    /// A pointer to `count` elements.
    #[allow(clippy::too_many_arguments)]
    fn slice(
        &self,
        f: &'static Field,
        c: Count,
        p: *const u8,
        base: Base<'_>,
        parent: &M::At<'_>,
        arrow: bool,
        at: &M::At<'_>,
    ) -> bool {
        // SAFETY: the count is a member or parameter beside the array (or behind a pointer
        // checked for NULL); the array pointer is a member or parameter.
        let Some(n) = (unsafe { count(c, base) }) else { return false };
        let q = unsafe { read_ptr(p) };
        if n == 0 {
            if f.id2 != NO_ID {
                let count_at = M::member(parent, arrow, c.name);
                return self.error(f.id2, &count_at, format_args!("is 0."));
            }
            return false;
        }
        if q.is_null() {
            return f.flags & OPTIONAL == 0 && self.error(f.id, at, format_args!("is NULL, but {} is {n}.", c.name));
        }
        if matches!(f.elem, Elem::None) {
            return false;
        }
        self.elements(f, q, n, at)
    }

    /// `n` elements of `f.elem` from `p`.
    pub fn elements(&self, f: &'static Field, p: *const u8, n: usize, at: &M::At<'_>) -> bool {
        let stride = stride(f.elem);
        let mut skip = false;
        for i in 0..n {
            let q = p.wrapping_add(i * stride);
            let at = M::index(at, i);
            found!(
                skip,
                match f.elem {
                    Elem::Struct(s) => self.structure(s, q, &at, false, f.flags & OUTPUT != 0),
                    elem => self.value(f, elem, q, &at, Base::Struct(std::ptr::null()), false),
                }
            );
        }
        skip
    }

    /// Checks one value; `scalar`: the field itself (not an array element or a pointee).
    fn value(&self, f: &'static Field, elem: Elem, p: *const u8, at: &M::At<'_>, base: Base<'_>, scalar: bool) -> bool {
        let may_be_zero = f.flags & ELEM_OPTIONAL != 0;
        // SAFETY (whole match): `p` points at a value of the element's type.
        match elem {
            Elem::None => false,
            Elem::Struct(s) => self.structure(s, p, at, false, f.flags & OUTPUT != 0),
            Elem::Bool32 => {
                let v = unsafe { read_uint(p, 4) };
                let id = if f.id == NO_ID { ID_BOOL32 } else { f.id };
                v > 1 && self.error(id, at, format_args!("is {v}, neither VK_TRUE nor VK_FALSE."))
            }
            Elem::Enum(e) => {
                let v = unsafe { read_uint(p, 4) } as i32;
                if (v == 0 && may_be_zero) || self.any_values {
                    return false;
                }
                let info = &ENUMS[e as usize];
                match info.values.binary_search_by_key(&v, |x| x.value) {
                    Err(_) => self.error(f.id, at, format_args!("is {v}, not a {} value.", info.name)),
                    Ok(i) => {
                        let value = &info.values[i];
                        !self.enabled.holds(value.req)
                            && self.error(
                                f.id,
                                at,
                                format_args!(
                                    "is {}, which needs {}, {}.",
                                    value.name,
                                    Needs(value.req),
                                    self.not_enabled()
                                ),
                            )
                    }
                }
            }
            Elem::Flags(b) => {
                let info = &BITMASKS[b as usize];
                let v = unsafe { read_uint(p, if info.wide { 8 } else { 4 }) };
                if v == 0 {
                    return scalar && f.id2 != NO_ID && self.error(f.id2, at, format_args!("is 0."));
                }
                !self.any_values && !self.enabled.bits_ok(b, v) && self.bits(f, info, v, at)
            }
            Elem::FlagBit(b) => {
                let info = &BITMASKS[b as usize];
                let v = unsafe { read_uint(p, if info.wide { 8 } else { 4 }) };
                if v == 0 {
                    return !may_be_zero && self.error(f.id, at, format_args!("is 0, not a {} value.", info.name));
                }
                if self.any_values {
                    return false;
                }
                match info.bits.iter().find(|b| b.value == v) {
                    None => self.error(f.id, at, format_args!("is {v:#x}, not a {} value.", info.name)),
                    Some(bit) => {
                        !self.enabled.holds(bit.req)
                            && self.error(
                                f.id,
                                at,
                                format_args!(
                                    "is {}, which needs {}, {}.",
                                    bit.name,
                                    Needs(bit.req),
                                    self.not_enabled()
                                ),
                            )
                    }
                }
            }
            Elem::Zero { wide } => {
                let v = unsafe { read_uint(p, if wide { 8 } else { 4 }) };
                v != 0 && self.error(f.id, at, format_args!("is {v:#x}, but no bits are defined for it: it must be 0."))
            }
            Elem::Handle => {
                let v = unsafe { read_uint(p, 8) };
                if v != 0 || may_be_zero {
                    return false;
                }
                let id = if scalar { f.id } else { ID_REQUIRED_HANDLE_ARRAY };
                self.error(id, at, format_args!("is VK_NULL_HANDLE."))
            }
            Elem::Str | Elem::Pointer => {
                let q = unsafe { read_ptr(p) };
                let optional = if scalar { f.flags & OPTIONAL != 0 } else { may_be_zero };
                q.is_null() && !optional && self.error(f.id, at, format_args!("is NULL."))
            }
            Elem::StructPtr(s) => {
                let q = unsafe { read_ptr(p) };
                if q.is_null() {
                    !may_be_zero && self.error(f.id, at, format_args!("is NULL."))
                } else {
                    self.structure(s, q, at, true, f.flags & OUTPUT != 0)
                }
            }
            Elem::Paired(other) => {
                let Base::Struct(s) = base else { return false };
                let (this, that) = unsafe { (read_ptr(p), read_ptr(s.wrapping_add(other as usize))) };
                (this.is_null() != that.is_null())
                    && self.error(
                        f.id,
                        at,
                        format_args!(
                            "is {}, but the other internal-allocation callback is {}: set both or neither.",
                            if this.is_null() { "NULL" } else { "set" },
                            if that.is_null() { "NULL" } else { "set" }
                        ),
                    )
            }
        }
    }

    /// "not enabled" or, for physical-device queries, "not supported by the physical device".
    fn not_enabled(&self) -> &'static str {
        if self.enabled.query {
            "none of which the instance enables or the physical device supports"
        } else {
            "none of which is enabled"
        }
    }

    /// A non-zero bitmask with bits that are not defined or not enabled: which.
    #[cold]
    fn bits(&self, f: &'static Field, info: &'static BitmaskInfo, v: u64, at: &M::At<'_>) -> bool {
        if v & !info.all != 0 {
            return self.error(
                f.id,
                at,
                format_args!("is {v:#x}: bits {:#x} are not {} values.", v & !info.all, info.name),
            );
        }
        let enabled = info.bits.iter().filter(|b| self.enabled.holds(b.req)).fold(info.base, |m, b| m | b.value);
        let missing = v & !enabled;
        if missing == 0 {
            return false;
        }
        // Name the first value that brings a missing bit.
        let Some(bit) = info.bits.iter().find(|b| b.value & missing != 0 && b.value & !v == 0) else {
            return self.error(f.id, at, format_args!("is {v:#x}: bits {missing:#x} are not enabled."));
        };
        self.error(
            f.id,
            at,
            format_args!(
                "has {} ({:#x}), which needs {}, {}.",
                bit.name,
                bit.value,
                Needs(bit.req),
                self.not_enabled()
            ),
        )
    }

    /// A struct at `p` (non-null), found at `at`: its sType, its pNext chain, its fields (not
    /// for `output` structs, which the command fills).
    pub fn structure(&self, s: u16, p: *const u8, at: &M::At<'_>, arrow: bool, output: bool) -> bool {
        let info = &STRUCTS[s as usize];
        let mut skip = false;
        if info.has_s_type {
            // SAFETY: a struct with an sType starts with it.
            let st = unsafe { read_uint(p, 4) } as i32;
            if st != info.s_type && info.s_type_id != NO_ID {
                let s_type = M::member(at, arrow, "sType");
                found!(
                    skip,
                    self.error(
                        info.s_type_id,
                        &s_type,
                        format_args!("is {}, but must be {}.", StructureType(st), StructureType(info.s_type)),
                    )
                );
            }
        }
        if info.has_pnext {
            // SAFETY: sType-tagged structs have pNext right after the sType (VkBaseInStructure).
            let next = unsafe { read_ptr(p.wrapping_add(8)) };
            if !next.is_null() {
                found!(skip, self.chain(info, next, at, arrow, output));
            }
        }
        if !output {
            skip |= self.fields(info.fields, Base::Struct(p), at, arrow);
        }
        skip
    }

    /// The pNext chain of `head` (at `at`), from `first`.
    fn chain(&self, head: &'static StructInfo, first: *const u8, at: &M::At<'_>, arrow: bool, output: bool) -> bool {
        let pnext = M::member(at, arrow, "pNext");
        let mut skip = false;
        let mut seen = [0i32; 32];
        let mut n_seen = 0;
        let mut node = first;
        let mut steps = 0;
        while !node.is_null() && steps < MAX_CHAIN {
            steps += 1;
            // SAFETY: every structure of a chain starts with sType and pNext.
            let (st, next) = unsafe { (read_uint(node, 4) as i32, read_ptr(node.wrapping_add(8))) };
            let here = node;
            node = next;
            if LOADER_STRUCTURE_TYPES.contains(&st) {
                continue;
            }
            let Ok(found) = STYPES.binary_search_by_key(&st, |e| e.0) else {
                if head.pnext_id == NO_ID {
                    continue;
                }
                if VkStructureType(st).name().is_none() {
                    // Perhaps from a newer header: a warning, not an error.
                    found!(
                        skip,
                        self.mode.report(
                            Severity::Warning,
                            head.pnext_id,
                            &pnext,
                            format_args!(
                                "has a structure with unknown sType {st}: not in the Vulkan {}.{}.{} registry Vigil \
                                 was built from, so Vigil cannot check it.",
                                REGISTRY_VERSION.0, REGISTRY_VERSION.1, REGISTRY_VERSION.2
                            ),
                        )
                    );
                } else {
                    found!(
                        skip,
                        self.error(
                            head.pnext_id,
                            &pnext,
                            format_args!("has {}, which {}'s chain may not hold.", StructureType(st), head.name),
                        )
                    );
                }
                continue;
            };
            let sid = STYPES[found].1;
            let info = &STRUCTS[sid as usize];
            if head.allowed.binary_search(&sid).is_err() {
                if head.pnext_id != NO_ID {
                    found!(
                        skip,
                        self.error(
                            head.pnext_id,
                            &pnext,
                            format_args!(
                                "has {} ({}), which {}'s chain may not hold.",
                                info.name,
                                StructureType(st),
                                head.name
                            ),
                        )
                    );
                }
                continue;
            }
            if seen[..n_seen].contains(&st) {
                if !info.allow_duplicate && head.unique_id != NO_ID {
                    found!(skip, self.error(head.unique_id, &pnext, format_args!("has {} more than once.", info.name)));
                }
            } else if n_seen < seen.len() {
                seen[n_seen] = st;
                n_seen += 1;
            }
            let chained = M::chained(at, info.name);
            // Structures the implementation fills in (properties, features, capabilities) may
            // come from extensions it does not support: the spec has every component skip
            // those, and the reference layer stopped flagging them (its PR 9302). Real
            // programs (vulkaninfo) rely on it.
            if !output && !self.enabled.holds(info.req) && head.pnext_id != NO_ID {
                found!(
                    skip,
                    self.error(
                        head.pnext_id,
                        &chained,
                        format_args!("comes from {}, {}.", Needs(info.req), self.not_enabled()),
                    )
                );
            }
            if !output {
                found!(skip, self.fields(info.fields, Base::Struct(here), &chained, false));
            }
        }
        skip
    }
}

impl Enabled {
    /// Whether value `v` of `ENUMS[e]` is defined and enabled.
    #[inline]
    pub fn enum_ok(&self, e: u16, v: i32) -> bool {
        let info = &ENUMS[e as usize];
        info.values.binary_search_by_key(&v, |x| x.value).is_ok_and(|i| self.holds(info.values[i].req))
    }

    /// Whether every bit of the non-zero `v` is a defined, enabled bit of `BITMASKS[b]`
    /// (worked out once per device).
    #[inline]
    pub fn bits_ok(&self, b: u16, v: u64) -> bool {
        v & !self.enabled_bits(b) == 0
    }

    /// Whether the non-zero `v` is one defined, enabled value of `BITMASKS[b]`.
    pub fn flag_bit_ok(&self, b: u16, v: u64) -> bool {
        BITMASKS[b as usize].bits.iter().find(|b| b.value == v).is_some_and(|bit| self.holds(bit.req))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_of(name: &str) -> usize {
        EXTENSIONS.iter().position(|e| e.name == name).unwrap()
    }

    #[test]
    fn extension_bits() {
        let bits = ExtensionSet::from_names(["VK_KHR_swapchain", "VK_EXT_mesh_shader", "not_an_extension"]);
        assert!(
            bits.contains(Extension(index_of("VK_KHR_swapchain")))
                && bits.contains(Extension(index_of("VK_EXT_mesh_shader")))
        );
        assert!(!bits.contains(Extension(index_of("VK_KHR_surface"))));
        assert!(!ExtensionSet::default().contains(Extension(0)), "an empty set holds nothing");
    }

    #[test]
    fn commands_follow_versions_and_extensions() {
        let at = |name: &str| COMMANDS.iter().position(|c| c.name == name).unwrap() as u16;
        let v11 = Enabled::plain(make_api_version(0, 1, 1, 0), ExtensionSet::default());
        assert!(v11.command(at("vkCreateBuffer")) && v11.command(at("vkGetPhysicalDeviceFeatures2")));
        assert!(!v11.command(at("vkCmdSetCullMode")), "1.3 command on a 1.1 device");
        assert!(!v11.command(at("vkCmdDrawMeshTasksEXT")));
        let mesh = Enabled::plain(make_api_version(0, 1, 1, 0), ExtensionSet::from_names(["VK_EXT_mesh_shader"]));
        assert!(mesh.command(at("vkCmdDrawMeshTasksEXT")));
    }

    #[test]
    fn enabled_bits_follow_requirements() {
        let b = BITMASKS.iter().position(|m| m.name == "VkPipelineStageFlagBits2").unwrap() as u16;
        let info = &BITMASKS[b as usize];
        // A bit an extension brings.
        let bit =
            info.bits.iter().find(|x| x.req != 0 && REQS[x.req as usize].iter().all(|&t| t & VERSION == 0)).unwrap();
        let ext = EXTENSIONS[REQS[bit.req as usize][0] as usize].name;
        let without = Enabled::plain(make_api_version(0, 1, 3, 0), ExtensionSet::default());
        let with = Enabled::plain(make_api_version(0, 1, 3, 0), ExtensionSet::from_names([ext]));
        assert_eq!(without.enabled_bits(b) & bit.value, 0);
        assert_eq!(with.enabled_bits(b) & bit.value, bit.value);
        assert!(!without.bits_ok(b, bit.value));
        assert!(with.bits_ok(b, bit.value));
        assert!(!with.bits_ok(b, 1 << 63), "not a defined bit");
    }

    #[test]
    fn requirements() {
        let v12 = Enabled::plain(make_api_version(0, 1, 2, 0), ExtensionSet::from_names(["VK_EXT_mesh_shader"]));
        let version = |major: u16, minor: u16| VERSION | major << 8 | minor;
        let req_of = |terms: &[u16]| REQS.iter().position(|r| *r == terms).map(|i| i as u16);
        assert!(v12.holds(0), "requirement 0 always holds");
        if let Some(r) = req_of(&[version(1, 2)]) {
            assert!(v12.holds(r));
        }
        if let Some(r) = req_of(&[version(1, 3)]) {
            assert!(!v12.holds(r));
            assert_eq!(Needs(r).to_string(), "Vulkan 1.3");
        }
        let mesh = index_of("VK_EXT_mesh_shader") as u16;
        let r = req_of(&[mesh]).expect("VkPhysicalDeviceMeshShaderFeaturesEXT's requirement");
        assert!(v12.holds(r));
        assert_eq!(Needs(r).to_string(), "VK_EXT_mesh_shader");
        assert!(!Enabled::plain(make_api_version(0, 1, 2, 0), ExtensionSet::default()).holds(r));
    }

    /// An engine answering the generated fast checks with the walk itself, in check mode.
    struct WalkEngine(Enabled);

    impl WalkEngine {
        fn walk(&self) -> Walk<'_, Check> {
            Walk { mode: Check, enabled: &self.0, any_values: false }
        }
    }

    impl Engine for WalkEngine {
        fn validate(&self, _: &'static CommandChecks, _: &[*const u8]) -> bool {
            unreachable!("the test asks structures only")
        }
        fn enum_ok(&self, e: u16, v: i32) -> bool {
            self.0.enum_ok(e, v)
        }
        fn bits_ok(&self, b: u16, v: u64) -> bool {
            self.0.bits_ok(b, v)
        }
        fn flag_bit_ok(&self, b: u16, v: u64) -> bool {
            self.0.flag_bit_ok(b, v)
        }
        fn struct_ok(&self, s: u16, p: *const u8, output: bool) -> bool {
            !self.walk().structure(s, p, &(), false, output)
        }
        fn elements_ok(&self, f: &'static Field, p: *const u8, n: usize) -> bool {
            !self.walk().elements(f, p, n, &())
        }
        fn handles_ok(&self, p: *const u64, n: usize) -> bool {
            // SAFETY: the test's structures hold no handle arrays with a count (zeroed).
            unsafe { std::slice::from_raw_parts(p, n) }.iter().all(|&h| h != 0)
        }
    }

    /// Every structure with compiled checks (`stateless::struct_fast`) answers as the walk
    /// does: zeroed with its sType, and with each scalar member it checks set to values
    /// inside and outside its type, with and without a pNext chain (which the compiled checks
    /// leave to the walk). The dependency info of the dispatch bench is among them.
    #[test]
    fn compiled_structure_checks_agree_with_the_walk() {
        let all = ExtensionSet::from_names(EXTENSIONS.iter().map(|e| e.name));
        for enabled in [
            Enabled::plain(make_api_version(0, 1, 4, 0), all),
            Enabled::plain(make_api_version(0, 1, 0, 0), ExtensionSet::default()),
        ] {
            let engine = WalkEngine(enabled);
            let mut compiled = Vec::new();
            let mut cases = 0;
            for (si, info) in STRUCTS.iter().enumerate() {
                let si = si as u16;
                let fresh = || {
                    let mut buf = vec![0u64; (info.size as usize).div_ceil(8).max(1)];
                    if info.has_s_type {
                        buf[0] = info.s_type as u32 as u64;
                    }
                    buf
                };
                let agree = |buf: &mut Vec<u64>, what: &str| {
                    let p = buf.as_ptr() as *const u8;
                    // SAFETY: a zeroed structure but for its sType and scalar members: no
                    // pointer to follow.
                    let fast = unsafe { struct_fast(&engine, si, p) };
                    let walk = !engine.walk().structure(si, p, &(), false, false);
                    if let Some(fast) = fast {
                        assert_eq!(fast, walk, "{} {what}", info.name);
                    }
                    fast.is_some()
                };
                if !agree(&mut fresh(), "zeroed") {
                    continue;
                }
                compiled.push(info.name);
                for f in info.fields.iter().filter(|f| matches!(f.shape, Shape::Value)) {
                    let width = match f.elem {
                        Elem::Enum(_) | Elem::Bool32 | Elem::Flags(_) | Elem::FlagBit(_) | Elem::Zero { .. } => {
                            stride(f.elem)
                        }
                        Elem::Handle => 8,
                        _ => continue,
                    };
                    for v in [1u64, 2, 3, 4, 0x10, 0x7fff_ffff, 1 << 31, 1 << 40] {
                        let mut buf = fresh();
                        let bytes = &v.to_le_bytes()[..width];
                        // SAFETY: member `f` of the structure in `buf`.
                        unsafe {
                            let at = (buf.as_mut_ptr() as *mut u8).add(f.at as usize);
                            std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, width);
                        }
                        agree(&mut buf, &format!("{} = {v:#x}", f.name));
                        cases += 1;
                    }
                }
                if info.has_pnext {
                    let tail = fresh();
                    let mut buf = fresh();
                    buf[1] = tail.as_ptr() as u64;
                    let p = buf.as_ptr() as *const u8;
                    // SAFETY: as above; the chain holds one structure of the same type.
                    assert_eq!(
                        unsafe { struct_fast(&engine, si, p) },
                        Some(false),
                        "{}: a chain goes to the walk",
                        info.name
                    );
                }
            }
            for name in
                ["VkDependencyInfo", "VkBufferMemoryBarrier2", "VkImageMemoryBarrier2", "VkImageSubresourceRange"]
            {
                assert!(compiled.contains(&name), "{name} has compiled checks");
            }
            assert!(compiled.len() >= 100 && cases >= 1000, "{} structures, {cases} cases", compiled.len());
        }
    }

    #[test]
    fn counts_read_members_pointers_and_expressions() {
        #[repr(C)]
        struct S {
            n: u32,
            size: u64,
            p: *const u32,
        }
        let pointee = 40u32;
        let s = S { n: 65, size: 16, p: &pointee };
        let base = Base::Struct(&s as *const S as *const u8);
        let c = |at: usize, width: u8, add: u8, div: u8, deref: u32| Count {
            name: "n",
            at: at as u32,
            deref,
            width,
            add,
            div,
            constant: 0,
        };
        unsafe {
            assert_eq!(count(c(0, 4, 0, 1, NO_DEREF), base), Some(65));
            // `(rasterizationSamples + 31) / 32`, `codeSize / 4`
            assert_eq!(count(c(0, 4, 31, 32, NO_DEREF), base), Some(3));
            assert_eq!(count(c(8, 8, 0, 4, NO_DEREF), base), Some(4));
            // `*pCount`, and a NULL count pointer cannot be read.
            assert_eq!(count(c(16, 4, 0, 1, 0), base), Some(40));
            let none = S { n: 0, size: 0, p: std::ptr::null() };
            assert_eq!(count(c(16, 4, 0, 1, 0), Base::Struct(&none as *const S as *const u8)), None);
            let k = Count { width: 0, constant: 32, ..c(0, 0, 0, 1, NO_DEREF) };
            assert_eq!(count(k, base), Some(32));
        }
    }
}
