//! The plan as Rust: table types, tables, and the hook of every command.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::{quote, ToTokens};
use vigil_registry::{ArrayLen, CType, CommandLevel, Registry, TypeRef};

use super::plan::{
    At, CountPlan, ElemPlan, FieldPlan, Plan, ShapePlan, Term, ValuesPlan, ID_API_VERSION, ID_BOOL32,
    ID_EXTENSION_NOT_ENABLED, ID_REQUIRED_HANDLE, ID_REQUIRED_HANDLE_ARRAY,
};
use crate::names::{command_ident, ident, rust_type, Position};
use crate::Error;

/// Indices of the plan's names in the emitted tables.
struct Index<'p> {
    ids: BTreeMap<&'p str, u16>,
    structs: BTreeMap<&'p str, u16>,
    enums: BTreeMap<&'p str, u16>,
    bitmasks: BTreeMap<&'p str, u16>,
}

fn u16_of(i: usize, what: &str) -> Result<u16, Error> {
    u16::try_from(i).map_err(|_| Error(format!("stateless: more than 65535 {what}")))
}

impl Index<'_> {
    fn id(&self, id: &Option<String>) -> TokenStream {
        match id {
            Some(id) => {
                let i = self.ids[id.as_str()];
                quote!(#i)
            }
            None => quote!(NO_ID),
        }
    }
}

pub fn files(reg: &Registry, plan: &Plan) -> Result<Vec<(String, TokenStream)>, Error> {
    let index = Index {
        ids: plan.ids.iter().enumerate().map(|(i, s)| Ok((s.as_str(), u16_of(i, "ids")?))).collect::<Result<_, _>>()?,
        structs: plan
            .structs
            .iter()
            .enumerate()
            .map(|(i, s)| Ok((s.name.as_str(), u16_of(i, "structs")?)))
            .collect::<Result<_, _>>()?,
        enums: plan.enums.iter().enumerate().map(|(i, e)| Ok((e.name.as_str(), i as u16))).collect::<Result<_, _>>()?,
        bitmasks: plan
            .bitmasks
            .iter()
            .enumerate()
            .map(|(i, e)| Ok((e.name.as_str(), i as u16)))
            .collect::<Result<_, Error>>()?,
    };
    let (fast_structs, struct_fns) = struct_fast_fns(reg, plan, &index);
    let compiled = quote! {
        //! The compiled checks of every structure the commands reach: straight-line code per
        //! member, true when the interpreter would find nothing to report.

        use crate::*;
        use crate::stateless::*;

        #(#struct_fns)*
    };
    Ok(vec![
        ("stateless.rs".into(), root(reg, plan, &index, &fast_structs)?),
        ("stateless_compiled.rs".into(), compiled),
        ("stateless_structs.rs".into(), structs(reg, plan, &index)?),
        ("stateless_tables.rs".into(), tables(reg, plan, &index)?),
    ])
}

/// `stateless.rs`: the types, the engine trait and the hooks.
fn root(
    reg: &Registry,
    plan: &Plan,
    index: &Index<'_>,
    fast_structs: &BTreeMap<String, u16>,
) -> Result<TokenStream, Error> {
    let fixed = [
        ("ID_BOOL32", ID_BOOL32),
        ("ID_REQUIRED_HANDLE", ID_REQUIRED_HANDLE),
        ("ID_REQUIRED_HANDLE_ARRAY", ID_REQUIRED_HANDLE_ARRAY),
        ("ID_EXTENSION_NOT_ENABLED", ID_EXTENSION_NOT_ENABLED),
        ("ID_API_VERSION", ID_API_VERSION),
    ]
    .map(|(n, id)| {
        let n = ident(n);
        let i = index.ids[id];
        let doc = format!("`{id}`");
        quote!(#[doc = #doc] pub const #n: u16 = #i;)
    });
    // One function per command of the registry (the layer's chassis calls each from that
    // command's validate hook); those with nothing to check are `false` and compile away.
    let mut checked = std::collections::BTreeMap::new();
    let mut checked_indices = Vec::new();
    for (i, c) in plan.commands.iter().enumerate() {
        let cmd = reg.command(&c.name).ok_or_else(|| Error(format!("stateless: no command {}", c.name)))?;
        let always = cmd.provided_by.iter().any(|p| p.by == "VK_VERSION_1_0" && p.depends.is_none());
        if c.fields.is_empty() && always {
            continue;
        }
        let addrs = cmd.params.iter().map(|p| {
            let n = ident(&p.name);
            quote!(core::ptr::addr_of!(#n) as *const u8)
        });
        let fast = command_fast_checks(reg, plan, c, i, &cmd.params, index, fast_structs);
        let index_lit = u16_of(c.index, "commands")?;
        let body = match fast {
            Some(checks) => quote! {
                'fast: {
                    if !e.fast(#index_lit) {
                        break 'fast;
                    }
                    #(
                        let ok: bool = #checks;
                        if !ok {
                            break 'fast;
                        }
                    )*
                    return false;
                }
                e.validate(&COMMAND_CHECKS[#i], &[#(#addrs),*])
            },
            None => quote! {
                e.validate(&COMMAND_CHECKS[#i], &[#(#addrs),*])
            },
        };
        checked.insert(c.name.clone(), body);
        checked_indices.push(index_lit);
    }
    checked_indices.sort_unstable();
    let mut calls = Vec::new();
    for cmd in &reg.commands {
        let f = command_ident(&cmd.name);
        let params = cmd.params.iter().map(|p| {
            let n = ident(&p.name);
            let t = rust_type(reg, &p.ty, Position::Param);
            quote!(#n: #t)
        });
        let doc = format!("`{}`: true when the call must be skipped.", cmd.name);
        calls.push(match checked.get(&cmd.name) {
            Some(body) => quote! {
                #[doc = #doc]
                #[inline]
                pub fn #f<E: Engine>(e: &E, #(#params),*) -> bool { #body }
            },
            None => quote! {
                #[doc = #doc]
                #[inline(always)]
                pub fn #f<E: Engine>(e: &E, #(#params),*) -> bool { false }
            },
        });
    }
    Ok(quote! {
        //! Stateless parameter validation generated from the registry's implicit valid usage:
        //! table types, the engine the layer implements, and the hook of every command that has
        //! something to check. The tables are in `stateless_structs` and `stateless_tables`.

        use crate::*;
        use crate::chassis::CommandLevel;
        use core::ffi::{c_char, c_void};

        pub use crate::stateless_structs::STRUCTS;
        pub use crate::stateless_compiled::*;
        pub use crate::stateless_tables::*;

        /// No id: the check has nothing to report under.
        pub const NO_ID: u16 = u16::MAX;
        /// `Count::deref` when the count is not behind a pointer.
        pub const NO_DEREF: u32 = u32::MAX;
        /// Field flag: the pointer (or the value) may be NULL (or 0).
        pub const OPTIONAL: u8 = 1;
        /// Field flag: elements (or the pointed-to value) may be 0 / VK_NULL_HANDLE.
        pub const ELEM_OPTIONAL: u8 = 2;
        /// Field flag: the pointee is written by the command; only sType and pNext are read.
        pub const OUTPUT: u8 = 4;
        /// A requirement term for a core version: `VERSION | major << 8 | minor`; other terms
        /// are indices into `extensions::EXTENSIONS`.
        pub const VERSION: u16 = 0x8000;
        #(#fixed)*

        // Fields hold offsets and pointers as 64-bit values.
        const _: () = assert!(core::mem::size_of::<usize>() == 8);

        /// How an array's length is found.
        #[derive(Clone, Copy, Debug)]
        pub struct Count {
            /// The count's member or parameter name, for messages.
            pub name: &'static str,
            /// Byte offset of the count member, or the parameter index; unused when `width` is 0.
            pub at: u32,
            /// When the count is behind a pointer, its offset in the pointee; else `NO_DEREF`.
            pub deref: u32,
            /// Width of the count in bytes (1, 2, 4, 8); 0 for the constant.
            pub width: u8,
            /// The length is `(count + add) / div`.
            pub add: u8,
            pub div: u8,
            pub constant: u32,
        }

        /// The shape around a field's value(s).
        #[derive(Clone, Copy, Debug)]
        pub enum Shape {
            /// The value itself.
            Value,
            /// A fixed-size array member of `n` values, of which `used` says how many count.
            Array(u32, Option<Count>),
            /// A pointer to one value.
            Ptr,
            /// A pointer to `count` values.
            Slice(Count),
            /// A null-terminated string.
            Str,
        }

        /// What each value is checked as.
        #[derive(Clone, Copy, Debug)]
        pub enum Elem {
            /// Nothing beyond the pointer.
            None,
            Bool32,
            /// An enum value: index into `ENUMS`.
            Enum(u16),
            /// A bitmask: index into `BITMASKS`.
            Flags(u16),
            /// One `…FlagBits` value: index into `BITMASKS`.
            FlagBit(u16),
            /// A reserved bitmask that must be 0.
            Zero { wide: bool },
            Handle,
            /// A struct by value (or the pointee): index into `STRUCTS`.
            Struct(u16),
            /// A pointer to a null-terminated string that must not be NULL.
            Str,
            /// A pointer to one struct that must not be NULL: index into `STRUCTS`.
            StructPtr(u16),
            /// A pointer-sized value that must not be NULL.
            Pointer,
            /// A pointer set together with the one at this offset, or neither.
            Paired(u32),
        }

        /// One member or parameter to check.
        #[derive(Debug)]
        pub struct Field {
            pub name: &'static str,
            /// Byte offset in the struct, or the parameter index.
            pub at: u32,
            pub shape: Shape,
            pub elem: Elem,
            /// The main id: `…-parameter`, an explicit VUID, or an `UNASSIGNED-…` id.
            pub id: u16,
            /// `…-requiredbitmask` (values) or `…-arraylength` (arrays).
            pub id2: u16,
            /// `OPTIONAL`, `ELEM_OPTIONAL`, `OUTPUT`.
            pub flags: u8,
        }

        /// One struct's rules.
        #[derive(Debug)]
        pub struct StructInfo {
            pub name: &'static str,
            pub size: u32,
            /// The fixed `sType`, when `has_s_type`.
            pub s_type: i32,
            pub has_s_type: bool,
            pub s_type_id: u16,
            pub has_pnext: bool,
            pub pnext_id: u16,
            pub unique_id: u16,
            /// Whether more than one of this struct may be in a chain.
            pub allow_duplicate: bool,
            /// Structs its pNext chain may hold: indices into `STRUCTS`, sorted.
            pub allowed: &'static [u16],
            /// What makes the struct available: index into `REQS`.
            pub req: u16,
            pub fields: &'static [Field],
        }

        /// One command's parameters.
        #[derive(Debug)]
        pub struct CommandChecks {
            pub name: &'static str,
            /// Index into `COMMANDS`.
            pub index: u16,
            pub level: CommandLevel,
            /// The object type of the dispatchable first parameter, if any.
            pub object: Option<VkObjectType>,
            pub params: &'static [Field],
        }

        /// One enum value with what it needs.
        #[derive(Debug)]
        pub struct EnumValue {
            pub value: i32,
            pub req: u16,
            pub name: &'static str,
        }

        /// The values of one enum, sorted.
        #[derive(Debug)]
        pub struct EnumInfo {
            pub name: &'static str,
            pub values: &'static [EnumValue],
        }

        /// One bit (or named combination) of a bitmask with what it needs.
        #[derive(Debug)]
        pub struct Bit {
            pub value: u64,
            pub req: u16,
            pub name: &'static str,
        }

        /// The bits of one `…FlagBits` type.
        #[derive(Debug)]
        pub struct BitmaskInfo {
            pub name: &'static str,
            pub wide: bool,
            /// Every defined bit.
            pub all: u64,
            /// The bits that need nothing (Vulkan 1.0).
            pub base: u64,
            pub bits: &'static [Bit],
        }

        /// What runs the checks: the layer's interpreter, with the call's context.
        pub trait Engine: Sync {
            /// Checks a call; `params` holds the address of each parameter. True: skip the call.
            fn validate(&self, command: &'static CommandChecks, params: &[*const u8]) -> bool;

            /// Whether `COMMANDS[index]` is available and the hook may take its fast path:
            /// checks that, all passing, mean `validate` would report nothing. False sends
            /// every call to `validate`.
            #[inline]
            fn fast(&self, index: u16) -> bool {
                let _ = index;
                false
            }
            /// Whether value `v` of `ENUMS[e]` is defined and enabled.
            fn enum_ok(&self, e: u16, v: i32) -> bool;
            /// Whether every bit of the non-zero `v` is a defined, enabled bit of `BITMASKS[b]`.
            fn bits_ok(&self, b: u16, v: u64) -> bool;
            /// Whether the non-zero `v` is one defined, enabled value of `BITMASKS[b]`.
            fn flag_bit_ok(&self, b: u16, v: u64) -> bool;
            /// Whether the struct `STRUCTS[s]` at `p` (not NULL) passes every check.
            fn struct_ok(&self, s: u16, p: *const u8, output: bool) -> bool;
            /// Whether the `n` (> 0) values of field `f` at `p` (not NULL) pass every check.
            fn elements_ok(&self, f: &'static Field, p: *const u8, n: usize) -> bool;
            /// Whether none of the `n` (> 0) handles at `p` (not NULL, the application's array)
            /// is VK_NULL_HANDLE.
            fn handles_ok(&self, p: *const u64, n: usize) -> bool;
        }

        /// The commands (indices into `COMMANDS`) whose [`calls`] function checks something;
        /// the others' are `false`.
        pub const CHECKED: &[u16] = &[#(#checked_indices),*];

        /// The validation object: the layer's chassis calls [`calls`]`::<command>` from each
        /// command's validate hook.
        pub struct Stateless<E>(pub E);

        /// The checks of every command, named as the command's intercept (`cmd_draw`).
        // Reads are parenthesized to compose into any expression.
        #[allow(clippy::too_many_arguments, unused_variables, non_snake_case, unused_parens)]
        pub mod calls {
            use super::*;
            #(#calls)*
        }
    })
}

fn lit_u32(v: u32) -> Literal {
    Literal::u32_unsuffixed(v)
}

fn count_tokens(owner: Option<&str>, c: &CountPlan) -> TokenStream {
    let name = &c.name;
    let (width, add, div, constant) = (c.width, c.add, c.div, lit_u32(c.constant));
    let at = match (&c.at, owner) {
        (Some(At::Member(m)), Some(o)) => {
            let (o, m) = (ident(o), ident(m));
            quote!(core::mem::offset_of!(#o, #m) as u32)
        }
        (Some(At::Param(i)), _) => {
            let i = lit_u32(*i as u32);
            quote!(#i)
        }
        _ => quote!(0),
    };
    let deref = match &c.deref {
        None => quote!(NO_DEREF),
        Some(None) => quote!(0),
        Some(Some((s, m))) => {
            let (s, m) = (ident(s), ident(m));
            quote!(core::mem::offset_of!(#s, #m) as u32)
        }
    };
    quote!(Count { name: #name, at: #at, deref: #deref, width: #width, add: #add, div: #div, constant: #constant })
}

/// Where a field is: `offset_of!(owner, member)` or the parameter index.
pub(crate) fn at_tokens(at: &At, owner: Option<&str>, generator: &str) -> Result<TokenStream, Error> {
    Ok(match (at, owner) {
        (At::Member(m), Some(o)) => {
            let (o, m) = (ident(o), ident(m));
            quote!(core::mem::offset_of!(#o, #m) as u32)
        }
        (At::Param(i), _) => {
            let i = lit_u32(*i as u32);
            quote!(#i)
        }
        (At::Member(m), None) => return Err(Error(format!("{generator}: member {m} without a struct"))),
    })
}

/// A field's `Shape`; `owner` is the struct its counts are members of (`None`: parameters).
pub(crate) fn shape_tokens(owner: Option<&str>, shape: &ShapePlan) -> TokenStream {
    match shape {
        ShapePlan::Value => quote!(Shape::Value),
        ShapePlan::Ptr => quote!(Shape::Ptr),
        ShapePlan::Str => quote!(Shape::Str),
        ShapePlan::Slice(c) => {
            let c = count_tokens(owner, c);
            quote!(Shape::Slice(#c))
        }
        ShapePlan::Array(len, used) => {
            let n = match len {
                ArrayLen::Literal(n) => {
                    let n = lit_u32(*n);
                    quote!(#n)
                }
                ArrayLen::Constant(c) => {
                    let c = ident(c);
                    quote!(#c as u32)
                }
            };
            let used = match used {
                Some(c) => {
                    let c = count_tokens(owner, c);
                    quote!(Some(#c))
                }
                None => quote!(None),
            };
            quote!(Shape::Array(#n, #used))
        }
    }
}

/// A field; `owner` is the struct (`None` for parameters).
fn field_tokens(reg: &Registry, owner: Option<&str>, f: &FieldPlan, index: &Index<'_>) -> Result<TokenStream, Error> {
    let name = &f.name;
    let at = at_tokens(&f.at, owner, "stateless")?;
    let shape = shape_tokens(owner, &f.shape);
    let elem = match &f.elem {
        ElemPlan::None => quote!(Elem::None),
        ElemPlan::Bool32 => quote!(Elem::Bool32),
        ElemPlan::Enum(e) => {
            let i = index.enums[e.as_str()];
            quote!(Elem::Enum(#i))
        }
        ElemPlan::Flags(b) => {
            let i = index.bitmasks[b.as_str()];
            quote!(Elem::Flags(#i))
        }
        ElemPlan::FlagBit(b) => {
            let i = index.bitmasks[b.as_str()];
            quote!(Elem::FlagBit(#i))
        }
        ElemPlan::Zero { wide } => quote!(Elem::Zero { wide: #wide }),
        ElemPlan::Handle => quote!(Elem::Handle),
        ElemPlan::Struct(s) => {
            let i = index.structs[s.as_str()];
            quote!(Elem::Struct(#i))
        }
        ElemPlan::Str => quote!(Elem::Str),
        ElemPlan::StructPtr(s) => {
            let i = index.structs[s.as_str()];
            quote!(Elem::StructPtr(#i))
        }
        ElemPlan::Pointer => quote!(Elem::Pointer),
        ElemPlan::Paired(other) => {
            let o = ident(owner.ok_or_else(|| Error("stateless: paired parameter".into()))?);
            let m = ident(other);
            quote!(Elem::Paired(core::mem::offset_of!(#o, #m) as u32))
        }
    };
    let _ = reg;
    let (id, id2) = (index.id(&f.id), index.id(&f.id2));
    let mut flags = Vec::new();
    if f.optional {
        flags.push(quote!(OPTIONAL));
    }
    if f.elem_optional {
        flags.push(quote!(ELEM_OPTIONAL));
    }
    if f.output {
        flags.push(quote!(OUTPUT));
    }
    let flags = if flags.is_empty() { quote!(0) } else { quote!(#(#flags)|*) };
    Ok(quote!(Field { name: #name, at: #at, shape: #shape, elem: #elem, id: #id, id2: #id2, flags: #flags }))
}

/// `stateless_structs.rs`.
fn structs(reg: &Registry, plan: &Plan, index: &Index<'_>) -> Result<TokenStream, Error> {
    let mut items = Vec::new();
    for s in &plan.structs {
        let name = &s.name;
        let ty = ident(name);
        let (s_type, has_s_type) = match &s.s_type {
            Some((_, v)) => (Literal::i32_unsuffixed(*v as i32), true),
            None => (Literal::i32_unsuffixed(0), false),
        };
        let s_type_id = index.id(&s.s_type_id);
        let pnext_id = index.id(&s.pnext_id);
        let unique_id = index.id(&s.unique_id);
        let has_pnext = s.has_pnext;
        let mut allowed: Vec<u16> = s.allowed.iter().map(|a| index.structs[a.as_str()]).collect();
        allowed.sort();
        let allow_duplicate = reg.struct_(name).is_some_and(|x| x.allow_duplicate);
        let req = u16::try_from(s.req).map_err(|_| Error("stateless: too many requirements".into()))?;
        let fields = s.fields.iter().map(|f| field_tokens(reg, Some(name), f, index)).collect::<Result<Vec<_>, _>>()?;
        items.push(quote! {
            StructInfo {
                name: #name,
                size: core::mem::size_of::<#ty>() as u32,
                s_type: #s_type,
                has_s_type: #has_s_type,
                s_type_id: #s_type_id,
                has_pnext: #has_pnext,
                pnext_id: #pnext_id,
                unique_id: #unique_id,
                allow_duplicate: #allow_duplicate,
                allowed: &[#(#allowed),*],
                req: #req,
                fields: &[#(#fields),*],
            }
        });
    }
    let n = items.len();
    Ok(quote! {
        //! Per struct: its sType, the structs its pNext chain may hold, what makes it available,
        //! and its fields.

        use crate::*;
        use crate::stateless::*;

        /// Every struct the commands reach, by name.
        pub static STRUCTS: [StructInfo; #n] = [#(#items),*];
    })
}

fn values_tokens(v: &ValuesPlan, bits: bool) -> TokenStream {
    let name = &v.name;
    if bits {
        let mut all = 0u64;
        let mut base = 0u64;
        let entries: Vec<TokenStream> = v
            .values
            .iter()
            .filter(|(value, _, _)| *value != 0)
            .map(|(value, req, n)| {
                let value = *value as u64;
                all |= value;
                if *req == 0 {
                    base |= value;
                }
                let lit = Literal::u64_unsuffixed(value);
                let req = *req as u16;
                quote!(Bit { value: #lit, req: #req, name: #n })
            })
            .collect();
        let (wide, all, base) = (v.wide, Literal::u64_unsuffixed(all), Literal::u64_unsuffixed(base));
        quote!(BitmaskInfo { name: #name, wide: #wide, all: #all, base: #base, bits: &[#(#entries),*] })
    } else {
        let entries = v.values.iter().map(|(value, req, n)| {
            let lit = Literal::i32_unsuffixed(*value as i32);
            let req = *req as u16;
            quote!(EnumValue { value: #lit, req: #req, name: #n })
        });
        quote!(EnumInfo { name: #name, values: &[#(#entries),*] })
    }
}

/// `stateless_tables.rs`.
fn tables(reg: &Registry, plan: &Plan, index: &Index<'_>) -> Result<TokenStream, Error> {
    let ids = plan.ids.iter();
    let n_ids = plan.ids.len();
    let reqs = plan.reqs.iter().map(|terms| {
        let terms = terms.iter().map(|t| match t {
            Term::Version(major, minor) => {
                let v = 0x8000u16 | ((*major as u16) << 8) | *minor as u16;
                quote!(#v)
            }
            Term::Extension(i) => {
                let i = *i as u16;
                quote!(#i)
            }
        });
        quote!(&[#(#terms),*])
    });
    let n_reqs = plan.reqs.len();
    let enums = plan.enums.iter().map(|e| values_tokens(e, false));
    let n_enums = plan.enums.len();
    let bitmasks = plan.bitmasks.iter().map(|e| values_tokens(e, true));
    let n_bitmasks = plan.bitmasks.len();
    let mut stypes: Vec<(i64, u16)> =
        plan.structs.iter().filter_map(|s| Some((s.s_type.as_ref()?.1, index.structs[s.name.as_str()]))).collect();
    stypes.sort();
    let n_stypes = stypes.len();
    let stypes = stypes.iter().map(|(v, i)| {
        let v = Literal::i32_unsuffixed(*v as i32);
        quote!((#v, #i))
    });
    let mut commands = Vec::new();
    for c in &plan.commands {
        let name = &c.name;
        let i = u16_of(c.index, "commands")?;
        let level = match c.level {
            CommandLevel::Global => quote!(CommandLevel::Global),
            CommandLevel::Instance => quote!(CommandLevel::Instance),
            CommandLevel::PhysicalDevice => quote!(CommandLevel::PhysicalDevice),
            CommandLevel::Device => quote!(CommandLevel::Device),
        };
        let object = match c.object.as_deref().and_then(|h| reg.handle(h)) {
            Some(h) => {
                let o = ident(&h.object_type);
                quote!(Some(VkObjectType::#o))
            }
            None => quote!(None),
        };
        let params = c.fields.iter().map(|f| field_tokens(reg, None, f, index)).collect::<Result<Vec<_>, _>>()?;
        commands.push(quote! {
            CommandChecks { name: #name, index: #i, level: #level, object: #object, params: &[#(#params),*] }
        });
    }
    let n_commands = commands.len();
    Ok(quote! {
        //! Commands, enum values, bitmask bits, requirements and ids of the generated stateless
        //! checks.

        use crate::*;
        use crate::chassis::CommandLevel;
        use crate::stateless::*;

        /// Every id a generated check can report, sorted.
        pub static IDS: [&str; #n_ids] = [#(#ids),*];

        /// Requirements: any of the terms (`VERSION | major << 8 | minor`, or an index into
        /// `extensions::EXTENSIONS`) holds. Requirement 0 is empty: always available.
        pub static REQS: [&[u16]; #n_reqs] = [#(#reqs),*];

        /// The enums fields are checked against.
        pub static ENUMS: [EnumInfo; #n_enums] = [#(#enums),*];

        /// The `…FlagBits` types fields are checked against.
        pub static BITMASKS: [BitmaskInfo; #n_bitmasks] = [#(#bitmasks),*];

        /// `(sType, index into STRUCTS)`, sorted by sType.
        pub static STYPES: [(i32, u16); #n_stypes] = [#(#stypes),*];

        /// Every command's parameters, in `COMMANDS` order.
        pub static COMMAND_CHECKS: [CommandChecks; #n_commands] = [#(#commands),*];
    })
}

/// The structures the commands reach (through members, at any depth): the ones whose checks
/// are compiled (`struct_fast_fns`).
fn reached_structs(plan: &Plan) -> std::collections::BTreeSet<&str> {
    let named = |fields: &'_ [FieldPlan]| -> Vec<String> {
        fields
            .iter()
            .filter_map(|f| match &f.elem {
                ElemPlan::Struct(s) | ElemPlan::StructPtr(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    };
    let mut todo: Vec<String> = plan.commands.iter().flat_map(|c| named(&c.fields)).collect();
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        let Some(s) = plan.structs.iter().find(|s| s.name == name) else { continue };
        if seen.insert(s.name.as_str()) {
            todo.extend(named(&s.fields));
        }
    }
    seen
}

/// The compiled checks of the structures the commands reach (`reached_structs`) whose members the fast checks
/// cover: `(name → STRUCTS index, one function each)`. A function answers true when the
/// interpreter would find nothing to report in the structure, and false (the interpreter then
/// runs) for anything it does not settle, a pNext chain included.
fn struct_fast_fns(reg: &Registry, plan: &Plan, index: &Index<'_>) -> (BTreeMap<String, u16>, Vec<TokenStream>) {
    let reached = reached_structs(plan);
    let none = BTreeMap::new();
    let fast: BTreeMap<String, u16> = plan
        .structs
        .iter()
        .filter(|s| reached.contains(s.name.as_str()))
        .map(|s| (s, index.structs[s.name.as_str()]))
        .filter(|(s, si)| struct_fast_checks(reg, plan, s, *si, index, &none).is_some())
        .map(|(s, si)| (s.name.clone(), si))
        .collect();
    let mut fns = Vec::new();
    for (name, &si) in &fast {
        let s = &plan.structs[usize::from(si)];
        let Some(checks) = struct_fast_checks(reg, plan, s, si, index, &fast) else { continue };
        let ty = ident(name);
        let f = struct_fast_ident(si);
        let mut head = Vec::new();
        if let Some((_, v)) = &s.s_type {
            let v = Literal::i32_unsuffixed(*v as i32);
            head.push(quote!(s.sType.0 == #v));
        }
        if s.has_pnext {
            head.push(quote!(s.pNext.is_null()));
        }
        let all: Vec<TokenStream> = head.into_iter().chain(checks).collect();
        // In parentheses: a body starting with a block would be a statement.
        let body = if all.is_empty() {
            quote!({
                let _ = s;
                true
            })
        } else {
            quote!((#(#all)&&*))
        };
        let doc = format!("`{name}`: true when the interpreter would find nothing to report in it.");
        fns.push(quote! {
            #[doc = #doc]
            ///
            /// # Safety
            /// `p` points at one the application passed.
            #[inline]
            #[allow(unused_parens)]
            pub unsafe fn #f<E: Engine>(e: &E, p: *const u8) -> bool {
                let _ = e;
                let s = unsafe { &*(p as *const #ty) };
                #body
            }
        });
    }
    let arms = fast.values().map(|&si| {
        let f = struct_fast_ident(si);
        quote!(#si => Some(unsafe { #f(e, p) }))
    });
    fns.push(quote! {
        /// The compiled checks of `STRUCTS[si]` (see `struct_fast_*`), when it has them.
        ///
        /// # Safety
        /// `p` points at one the application passed.
        pub unsafe fn struct_fast<E: Engine>(e: &E, si: u16, p: *const u8) -> Option<bool> {
            match si {
                #(#arms,)*
                _ => None,
            }
        }
    });
    (fast, fns)
}

/// Where the fast checks of a command's parameters or a structure's members read their values.
struct FastSource<'a> {
    /// A field's value as `u64` bits, by where it is; `None` for a value they do not read.
    bits: &'a dyn Fn(&At) -> Option<TokenStream>,
    /// A field's address (a member embedding a structure); `None` for a parameter.
    addr: &'a dyn Fn(&At) -> Option<TokenStream>,
    /// The table entry (`&'static Field`) of field `j`, for the interpreter's element checks.
    field: &'a dyn Fn(usize) -> TokenStream,
}

/// The hook's fast checks of command `c` (entry `i` of `COMMAND_CHECKS`): one expression per
/// field, true when the interpreter would find nothing to report on it; `None` when a field
/// has a shape they do not cover, and every call goes to the interpreter.
fn command_fast_checks(
    reg: &Registry,
    plan: &Plan,
    c: &super::plan::CommandPlan,
    i: usize,
    params: &[vigil_registry::Param],
    index: &Index<'_>,
    fast: &BTreeMap<String, u16>,
) -> Option<Vec<TokenStream>> {
    // A parameter's value as `u64` bits.
    let bits = |at: &At| -> Option<TokenStream> {
        let At::Param(k) = *at else { return None };
        bits_of(reg, &params.get(k)?.ty, &ident(&params[k].name).into_token_stream())
    };
    let field = |j: usize| quote!(&COMMAND_CHECKS[#i].params[#j]);
    let src = FastSource { bits: &bits, addr: &|_| None, field: &field };
    fast_checks(plan, &c.fields, &src, index, fast)
}

/// The fast checks of structure `s`'s members (entry `si` of `STRUCTS`), as
/// [`command_fast_checks`]'; `None` for a union, a bitfield or a shape they do not cover.
fn struct_fast_checks(
    reg: &Registry,
    plan: &Plan,
    s: &super::plan::StructPlan,
    si: u16,
    index: &Index<'_>,
    fast: &BTreeMap<String, u16>,
) -> Option<Vec<TokenStream>> {
    let st = reg.struct_(&s.name)?;
    if st.is_union {
        return None;
    }
    let member = |at: &At| {
        let At::Member(m) = at else { return None };
        st.members.iter().find(|x| &x.name == m).filter(|x| x.bitfield.is_none())
    };
    let bits = |at: &At| -> Option<TokenStream> {
        let m = member(at)?;
        let n = ident(&m.name);
        bits_of(reg, &m.ty, &quote!(s.#n))
    };
    let addr = |at: &At| -> Option<TokenStream> {
        let n = ident(&member(at)?.name);
        Some(quote!((core::ptr::addr_of!(s.#n) as *const u8)))
    };
    let field = |j: usize| quote!(&STRUCTS[#si as usize].fields[#j]);
    let src = FastSource { bits: &bits, addr: &addr, field: &field };
    fast_checks(plan, &s.fields, &src, index, fast)
}

/// The fast checks of `fields`, read through `src`; `fast`: the structures with fast checks
/// of their own (by name, with their index), which nested ones call instead of the
/// interpreter.
fn fast_checks(
    plan: &Plan,
    fields: &[FieldPlan],
    src: &FastSource<'_>,
    index: &Index<'_>,
    fast: &BTreeMap<String, u16>,
) -> Option<Vec<TokenStream>> {
    let mut out = Vec::new();
    // A nested input structure at `q` (an address): its own fast checks where it has them.
    let nested = |s: &str, output: bool, q: TokenStream| -> TokenStream {
        let si = index.structs[s];
        match fast.get(s).filter(|_| !output) {
            Some(&k) => {
                let f = struct_fast_ident(k);
                quote!(unsafe { #f(e, #q) })
            }
            None => quote!(e.struct_ok(#si, #q, #output)),
        }
    };
    for (j, f) in fields.iter().enumerate() {
        if matches!((&f.shape, &f.elem), (ShapePlan::Value, ElemPlan::None)) {
            continue;
        }
        let p = (src.bits)(&f.at);
        let field = (src.field)(j);
        let (optional, elem_optional, output) = (f.optional, f.elem_optional, f.output);
        // Every shape but an embedded structure reads the value.
        let embedded = matches!((&f.shape, &f.elem), (ShapePlan::Value, ElemPlan::Struct(_)));
        let p = match (p, embedded) {
            (Some(p), _) => p,
            (None, true) => quote!(0u64),
            (None, false) => return None,
        };
        let t = match &f.shape {
            ShapePlan::Value => match &f.elem {
                ElemPlan::None => continue,
                ElemPlan::Paired(_) => return None,
                ElemPlan::Bool32 => quote!(#p <= 1),
                ElemPlan::Enum(e) => {
                    let ei = index.enums[e.as_str()];
                    let values = &plan.enums[ei as usize];
                    let base: Vec<Literal> = values
                        .values
                        .iter()
                        .filter(|v| v.1 == 0)
                        .map(|v| Literal::i32_unsuffixed(v.0 as i32))
                        .collect();
                    let zero = if elem_optional { quote!(v == 0 ||) } else { quote!() };
                    if base.is_empty() {
                        quote!({ let v = #p as u32 as i32; #zero e.enum_ok(#ei, v) })
                    } else {
                        quote!({ let v = #p as u32 as i32; #zero matches!(v, #(#base)|*) || e.enum_ok(#ei, v) })
                    }
                }
                ElemPlan::Flags(b) => {
                    let bi = index.bitmasks[b.as_str()];
                    let values = &plan.bitmasks[bi as usize];
                    let base = values.values.iter().filter(|v| v.1 == 0 && v.0 != 0).fold(0u64, |m, v| m | v.0 as u64);
                    let base = Literal::u64_unsuffixed(base);
                    let read = &p;
                    let zero_ok = f.id2.is_none();
                    let rest = quote!((v & !#base == 0 || e.bits_ok(#bi, v)));
                    if zero_ok {
                        quote!({ let v = #read; v == 0 || #rest })
                    } else {
                        quote!({ let v = #read; v != 0 && #rest })
                    }
                }
                ElemPlan::FlagBit(b) => {
                    let bi = index.bitmasks[b.as_str()];
                    let read = &p;
                    if elem_optional {
                        quote!({ let v = #read; v == 0 || e.flag_bit_ok(#bi, v) })
                    } else {
                        quote!({ let v = #read; v != 0 && e.flag_bit_ok(#bi, v) })
                    }
                }
                ElemPlan::Zero { .. } => quote!(#p == 0),
                ElemPlan::Handle => {
                    if elem_optional {
                        continue;
                    }
                    quote!(#p != 0)
                }
                ElemPlan::Str | ElemPlan::Pointer => {
                    if optional {
                        continue;
                    }
                    quote!(#p != 0)
                }
                ElemPlan::StructPtr(s) => {
                    let rest = nested(s, output, quote!(q as usize as *const u8));
                    if elem_optional {
                        quote!({ let q = #p; q == 0 || #rest })
                    } else {
                        quote!({ let q = #p; q != 0 && #rest })
                    }
                }
                ElemPlan::Struct(s) => nested(s, output, (src.addr)(&f.at)?),
            },
            ShapePlan::Str => {
                if optional {
                    continue;
                }
                quote!(#p != 0)
            }
            ShapePlan::Ptr => match &f.elem {
                ElemPlan::Struct(s) => {
                    let rest = nested(s, output, quote!(q as usize as *const u8));
                    if optional {
                        quote!({ let q = #p; q == 0 || #rest })
                    } else {
                        quote!({ let q = #p; q != 0 && #rest })
                    }
                }
                ElemPlan::None => {
                    if optional {
                        continue;
                    }
                    quote!(#p != 0)
                }
                _ => return None,
            },
            ShapePlan::Slice(cp) => {
                if cp.deref.is_some() {
                    return None;
                }
                let n = match &cp.at {
                    Some(at) => {
                        if !matches!(cp.width, 4 | 8) {
                            return None;
                        }
                        let read = (src.bits)(at)?;
                        let (add, div) =
                            (Literal::u64_unsuffixed(cp.add.into()), Literal::u64_unsuffixed(cp.div.max(1).into()));
                        if cp.add == 0 && cp.div <= 1 {
                            quote!(#read as usize)
                        } else {
                            quote!(((#read).saturating_add(#add) / #div) as usize)
                        }
                    }
                    None if cp.width == 0 => {
                        let k = Literal::usize_unsuffixed(cp.constant as usize);
                        quote!(#k)
                    }
                    _ => return None,
                };
                let zero_ok = f.id2.is_none();
                let elems = match &f.elem {
                    ElemPlan::None => None,
                    ElemPlan::Handle if elem_optional => None,
                    ElemPlan::Handle => Some(quote!(e.handles_ok(q as usize as *const u64, n))),
                    ElemPlan::Struct(s) if fast.contains_key(s.as_str()) && !output => {
                        let f = struct_fast_ident(fast[s.as_str()]);
                        let ty = ident(s);
                        Some(quote!((0..n).all(|i| unsafe {
                            #f(e, (q as usize as *const u8).wrapping_add(i * core::mem::size_of::<#ty>()))
                        })))
                    }
                    _ => Some(quote!(e.elements_ok(#field, q as usize as *const u8, n))),
                };
                // The pointer, then the elements, for a non-zero count.
                let inner = match (elems, optional) {
                    (None, true) => None,
                    (None, false) => Some(quote!(#p != 0)),
                    (Some(e), true) => Some(quote!({ let q = #p; q == 0 || #e })),
                    (Some(e), false) => Some(quote!({ let q = #p; q != 0 && #e })),
                };
                match (inner, zero_ok) {
                    (None, true) => continue,
                    (None, false) => quote!(#n != 0),
                    (Some(i), true) => quote!({ let n = #n; n == 0 || #i }),
                    (Some(i), false) => quote!({ let n = #n; n != 0 && #i }),
                }
            }
            ShapePlan::Array(..) => return None,
        };
        out.push(t);
    }
    Some(out)
}

/// The name of structure `STRUCTS[si]`'s fast checks.
fn struct_fast_ident(si: u16) -> proc_macro2::Ident {
    proc_macro2::Ident::new(&format!("struct_fast_{si}"), proc_macro2::Span::call_site())
}

/// A parameter's (or member's) value as `u64` bits, by its type: handles by their raw value, enums and
/// bitmasks by their number, pointers by their address; `None` for types a fast check does
/// not read (structures passed by value).
fn bits_of(reg: &Registry, ty: &CType, p: &TokenStream) -> Option<TokenStream> {
    let name = match ty {
        CType::Pointer { .. } => return Some(quote!((#p as usize as u64))),
        CType::Array { .. } => return None,
        CType::Named(n) => n.as_str(),
    };
    Some(match reg.lookup(name) {
        Some(TypeRef::Handle(_)) => quote!(#p.as_raw()),
        Some(TypeRef::Enum(i)) if reg.enums[i].bitmask_width.is_none() => quote!((#p.0 as u32 as u64)),
        Some(TypeRef::Enum(_) | TypeRef::Bitmask(_)) => quote!(u64::from(#p.0)),
        Some(TypeRef::Base(_)) | Some(TypeRef::Builtin) | None => match name {
            "float" | "double" | "void" | "char" => return None,
            _ => quote!((#p as u64)),
        },
        _ => return None,
    })
}
