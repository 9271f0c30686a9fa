//! Raw Vulkan types: constants, base types, handles, enums, bitmasks, structs, unions, function
//! pointers and one `PFN_vk*` per command.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use vigil_registry::{CType, ConstValue, Registry, Struct, TypeRef};

use crate::names::{ident, return_type, rust_type, Position};
use crate::Error;

const PRELUDE: &str =
    "#[allow(unused_imports)]\nuse crate::*;\n#[allow(unused_imports)]\nuse core::ffi::{c_char, c_void};\n";

pub fn constants(reg: &Registry) -> TokenStream {
    let items = reg.constants.iter().map(|c| {
        let name = ident(&c.name);
        match &c.value {
            ConstValue::U8(v) => quote!(pub const #name: u8 = #v;),
            ConstValue::U32(v) => {
                let v = Literal::u32_unsuffixed(*v);
                quote!(pub const #name: u32 = #v;)
            }
            ConstValue::U64(v) => {
                let v = Literal::u64_unsuffixed(*v);
                quote!(pub const #name: u64 = #v;)
            }
            ConstValue::I32(v) => quote!(pub const #name: i32 = #v;),
            ConstValue::F32(v) => {
                let v = Literal::f32_unsuffixed(*v);
                quote!(pub const #name: f32 = #v;)
            }
            ConstValue::Str(s) => {
                let lit = Literal::c_string(&std::ffi::CString::new(s.as_str()).unwrap());
                quote!(pub const #name: &core::ffi::CStr = #lit;)
            }
        }
    });
    quote!(#(#items)*)
}

pub fn base_types(reg: &Registry) -> TokenStream {
    let items = reg.base_types.iter().map(|b| {
        let name = ident(&b.name);
        match &b.ty {
            Some(ty) => {
                let t = rust_type(reg, ty, Position::Member);
                quote!(pub type #name = #t;)
            }
            None => quote! {
                /// Opaque platform structure; only ever behind a pointer.
                #[repr(C)]
                pub struct #name { _opaque: [u8; 0] }
            },
        }
    });
    quote!(#(#items)*)
}

pub fn handles(reg: &Registry) -> TokenStream {
    let items = reg.handles.iter().map(|h| {
        let name = ident(&h.name);
        let objtype = ident(&h.object_type);
        let (repr, doc) = if h.dispatchable {
            (quote!(usize), "Dispatchable handle: a pointer whose first word is the loader's dispatch table.")
        } else {
            (quote!(u64), "Non-dispatchable handle.")
        };
        quote! {
            #[doc = #doc]
            #[repr(transparent)]
            #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
            pub struct #name(pub #repr);
            impl Handle for #name {
                const OBJECT_TYPE: VkObjectType = VkObjectType::#objtype;
                #[inline(always)]
                fn as_raw(self) -> u64 { self.0 as u64 }
                #[inline(always)]
                fn from_raw(raw: u64) -> Self { Self(raw as #repr) }
            }
            impl core::fmt::Debug for #name {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "{}(0x{:x})", stringify!(#name), self.0)
                }
            }
        }
    });
    quote! {
        /// What every handle type offers: its object type and its raw value.
        pub trait Handle: Copy + Eq + core::hash::Hash {
            const OBJECT_TYPE: VkObjectType;
            fn as_raw(self) -> u64;
            fn from_raw(raw: u64) -> Self;
            #[inline(always)]
            fn null() -> Self { Self::from_raw(0) }
            #[inline(always)]
            fn is_null(self) -> bool { self.as_raw() == 0 }
        }
        #(#items)*
    }
}

/// The bitmask (`…Flags`) each `…FlagBits` enum belongs to: bits live on the bitmask type and
/// the FlagBits name is an alias of it, so `A | B` and masks mix freely.
fn flag_bits_owner(reg: &Registry) -> Result<BTreeMap<&str, &str>, Error> {
    let mut owner = BTreeMap::new();
    for b in &reg.bitmasks {
        if let Some(bits) = &b.bits {
            let bits = reg.resolve_alias(bits);
            if let Some(prev) = owner.insert(bits, b.name.as_str()) {
                return Err(Error(format!("{bits} belongs to both {prev} and {}", b.name)));
            }
        }
    }
    Ok(owner)
}

fn enum_consts(reg: &Registry, e: &vigil_registry::Enum, repr: &TokenStream) -> Vec<TokenStream> {
    let _ = reg;
    e.values
        .iter()
        .map(|v| {
            let n = ident(&v.name);
            let value = match repr.to_string().as_str() {
                "u32" => Literal::u32_unsuffixed(v.value as u32),
                "u64" => Literal::u64_unsuffixed(v.value as u64),
                _ => Literal::i32_unsuffixed(v.value as i32),
            };
            quote!(pub const #n: Self = Self(#value);)
        })
        .collect()
}

pub fn enums(reg: &Registry, video_std: bool) -> Result<TokenStream, Error> {
    let owner = flag_bits_owner(reg)?;
    let mut items = Vec::new();
    for e in reg.enums.iter().filter(|e| e.video_std == video_std) {
        if e.bitmask_width.is_some() && owner.contains_key(e.name.as_str()) {
            continue; // emitted with its bitmask
        }
        let name = ident(&e.name);
        if let Some(width) = e.bitmask_width {
            // FlagBits that no bitmask draws from: a bitmask of its own.
            items.push(bitmask_type(reg, &e.name, width, Some(e)));
            continue;
        }
        let repr = quote!(i32);
        let consts = enum_consts(reg, e, &repr);
        let names = e.values.iter().filter(|v| v.alias_of.is_none()).map(|v| {
            let n = ident(&v.name);
            let s = &v.name;
            quote!(Self::#n => Some(#s),)
        });
        items.push(quote! {
            #[repr(transparent)]
            #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
            pub struct #name(pub i32);
            impl #name {
                #(#consts)*
                /// The registry name of this value, if it has one.
                pub fn name(self) -> Option<&'static str> {
                    #[allow(unreachable_patterns)]
                    match self { #(#names)* _ => None }
                }
            }
            impl core::fmt::Debug for #name {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    match self.name() {
                        Some(n) => f.write_str(n),
                        None => write!(f, "{}({})", stringify!(#name), self.0),
                    }
                }
            }
        });
    }
    Ok(quote!(#(#items)*))
}

fn bitmask_type(reg: &Registry, name: &str, width: u32, bits: Option<&vigil_registry::Enum>) -> TokenStream {
    let n = ident(name);
    let repr = if width == 64 { quote!(u64) } else { quote!(u32) };
    let consts = bits.map(|e| enum_consts(reg, e, &repr)).unwrap_or_default();
    quote! {
        #[repr(transparent)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct #n(pub #repr);
        impl #n {
            #(#consts)*
            #[inline(always)]
            pub const fn empty() -> Self { Self(0) }
            #[inline(always)]
            pub const fn contains(self, other: Self) -> bool { self.0 & other.0 == other.0 }
            #[inline(always)]
            pub const fn intersects(self, other: Self) -> bool { self.0 & other.0 != 0 }
            #[inline(always)]
            pub const fn is_empty(self) -> bool { self.0 == 0 }
        }
        impl core::ops::BitOr for #n { type Output = Self; #[inline(always)] fn bitor(self, o: Self) -> Self { Self(self.0 | o.0) } }
        impl core::ops::BitOrAssign for #n { #[inline(always)] fn bitor_assign(&mut self, o: Self) { self.0 |= o.0 } }
        impl core::ops::BitAnd for #n { type Output = Self; #[inline(always)] fn bitand(self, o: Self) -> Self { Self(self.0 & o.0) } }
        impl core::ops::BitAndAssign for #n { #[inline(always)] fn bitand_assign(&mut self, o: Self) { self.0 &= o.0 } }
        impl core::ops::BitXor for #n { type Output = Self; #[inline(always)] fn bitxor(self, o: Self) -> Self { Self(self.0 ^ o.0) } }
        impl core::ops::Not for #n { type Output = Self; #[inline(always)] fn not(self) -> Self { Self(!self.0) } }
        impl core::fmt::Debug for #n {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}(0x{:x})", stringify!(#n), self.0)
            }
        }
    }
}

pub fn bitmasks(reg: &Registry) -> TokenStream {
    let items = reg.bitmasks.iter().map(|b| {
        let bits = b.bits.as_deref().and_then(|n| reg.enum_(n));
        let ty = bitmask_type(reg, &b.name, b.width, bits);
        match bits {
            Some(e) => {
                let alias = ident(&e.name);
                let target = ident(&b.name);
                quote! {
                    #ty
                    /// The bits of the bitmask, as the same type.
                    pub type #alias = #target;
                }
            }
            None => ty,
        }
    });
    quote!(#(#items)*)
}

pub fn type_aliases(reg: &Registry) -> TokenStream {
    let items = reg.type_aliases.iter().filter(|(_, t)| reg.lookup(t).is_some()).map(|(a, t)| {
        let (a, t) = (ident(a), ident(t));
        quote!(pub type #a = #t;)
    });
    quote!(#(#items)*)
}

pub fn funcpointers(reg: &Registry) -> TokenStream {
    let items = reg.funcpointers.iter().map(|f| {
        let name = ident(&f.name);
        let params = f.params.iter().map(|(n, t)| {
            let n = ident(n);
            let t = rust_type(reg, t, Position::Param);
            quote!(#n: #t)
        });
        let ret = return_type(reg, &f.ret).map(|r| quote!(-> #r));
        quote!(pub type #name = Option<unsafe extern "system" fn(#(#params),*) #ret>;)
    });
    quote!(#(#items)*)
}

/// `PFN_vkFoo` for every command and alias: the C typedef without the null (dispatch tables
/// wrap it in `Option`).
pub fn pfns(reg: &Registry) -> TokenStream {
    let items = reg.commands.iter().map(|c| {
        let name = format_ident!("PFN_{}", c.name);
        let params = c.params.iter().map(|p| {
            let n = ident(&p.name);
            let t = rust_type(reg, &p.ty, Position::Param);
            quote!(#n: #t)
        });
        let ret = return_type(reg, &c.ret).map(|r| quote!(-> #r));
        let aliases = c.aliases.iter().map(|a| {
            let a = format_ident!("PFN_{}", a);
            quote!(pub type #a = #name;)
        });
        quote! {
            pub type #name = unsafe extern "system" fn(#(#params),*) #ret;
            #(#aliases)*
        }
    });
    quote!(#(#items)*)
}

/// A run of consecutive bitfield members sharing one storage unit.
struct BitfieldUnit<'a> {
    storage: TokenStream,
    bits: u32,
    members: Vec<(&'a vigil_registry::Member, u32)>,
}

/// Storage width in bits of a bitfield's declared type.
fn bitfield_width(reg: &Registry, ty: &CType) -> Result<u32, Error> {
    let n = ty.base_name();
    Ok(match n {
        "uint8_t" | "int8_t" => 8,
        "uint16_t" | "int16_t" => 16,
        "uint32_t" | "int32_t" => 32,
        "uint64_t" | "int64_t" => 64,
        _ => match reg.lookup(n) {
            Some(TypeRef::Bitmask(i)) => reg.bitmasks[i].width,
            Some(TypeRef::Enum(_)) => 32,
            _ => return Err(Error(format!("bitfield of type {n}"))),
        },
    })
}

fn struct_def(reg: &Registry, s: &Struct) -> Result<TokenStream, Error> {
    let name = ident(&s.name);
    let mut fields = Vec::new();
    let mut accessors = Vec::new();
    let mut unit: Option<BitfieldUnit> = None;
    let mut unit_count = 0;
    let flush = |unit: &mut Option<BitfieldUnit>,
                 fields: &mut Vec<TokenStream>,
                 accessors: &mut Vec<TokenStream>,
                 unit_count: &mut usize| {
        if let Some(u) = unit.take() {
            let field = format_ident!("_bitfield_{}", *unit_count);
            *unit_count += 1;
            let storage = &u.storage;
            fields.push(quote!(pub #field: #storage));
            let mut shift = 0u32;
            for (m, width) in u.members {
                let get = ident(&m.name);
                let set = format_ident!("set_{}", m.name);
                let mask = Literal::u64_unsuffixed(if width == 64 { u64::MAX } else { (1u64 << width) - 1 });
                let ty = rust_type(reg, &m.ty, Position::Member);
                let is_wrapped = !crate::names::is_builtin(m.ty.base_name());
                let (wrap, unwrap) = (quote!(#ty), if is_wrapped { quote!(.0) } else { quote!() });
                let sh = Literal::u32_unsuffixed(shift);
                let read = quote!(((self.#field >> #sh) & #mask) as _);
                let read = if is_wrapped { quote!(#wrap(#read)) } else { read };
                accessors.push(quote! {
                    #[inline]
                    pub fn #get(&self) -> #ty { #read }
                    #[inline]
                    pub fn #set(&mut self, value: #ty) {
                        self.#field = (self.#field & !(#mask << #sh)) | (((value #unwrap) as #storage & #mask) << #sh);
                    }
                });
                shift += width;
            }
        }
    };
    for m in &s.members {
        if let Some(width) = m.bitfield {
            let storage_bits = bitfield_width(reg, &m.ty)?;
            let fits = unit.as_ref().is_some_and(|u| {
                u.bits + width <= storage_bits && {
                    let want = storage_repr(storage_bits).to_string();
                    u.storage.to_string() == want
                }
            });
            if !fits {
                flush(&mut unit, &mut fields, &mut accessors, &mut unit_count);
                unit = Some(BitfieldUnit { storage: storage_repr(storage_bits), bits: 0, members: Vec::new() });
            }
            let u = unit.as_mut().unwrap();
            u.bits += width;
            u.members.push((m, width));
            continue;
        }
        flush(&mut unit, &mut fields, &mut accessors, &mut unit_count);
        let f = ident(&m.name);
        let t = rust_type(reg, &m.ty, Position::Member);
        fields.push(quote!(pub #f: #t));
    }
    flush(&mut unit, &mut fields, &mut accessors, &mut unit_count);

    let kind = if s.is_union { quote!(union) } else { quote!(struct) };
    let default_body = match &s.s_type {
        Some(st) => {
            let st = ident(st);
            quote! {
                // SAFETY: every Vulkan struct is valid all-zero (pointers null, function
                // pointers `None`, enums 0).
                let mut s: Self = unsafe { core::mem::zeroed() };
                s.sType = VkStructureType::#st;
                s
            }
        }
        None => quote!(unsafe { core::mem::zeroed() }),
    };
    let stype_impl = s.s_type.as_ref().map(|st| {
        let st = ident(st);
        quote! {
            impl TaggedStruct for #name { const STRUCTURE_TYPE: VkStructureType = VkStructureType::#st; }
        }
    });
    let accessors = (!accessors.is_empty()).then(|| quote!(impl #name { #(#accessors)* }));
    Ok(quote! {
        #[repr(C)]
        #[derive(Clone, Copy)]
        pub #kind #name { #(#fields,)* }
        impl Default for #name {
            #[inline]
            fn default() -> Self { #default_body }
        }
        #stype_impl
        #accessors
    })
}

fn storage_repr(bits: u32) -> TokenStream {
    match bits {
        8 => quote!(u8),
        16 => quote!(u16),
        64 => quote!(u64),
        _ => quote!(u32),
    }
}

/// Structs and unions grouped into modules by the first letter after `Vk`/`Std` (stable as
/// the registry grows), video std types in one module of their own.
pub fn structs(reg: &Registry) -> Result<Vec<(String, TokenStream)>, Error> {
    let mut groups: BTreeMap<String, Vec<TokenStream>> = BTreeMap::new();
    for s in &reg.structs {
        let module = if s.video_std {
            "video".to_string()
        } else {
            let rest = s.name.strip_prefix("Vk").unwrap_or(&s.name);
            format!("structs_{}", rest.chars().next().unwrap_or('x').to_ascii_lowercase())
        };
        groups.entry(module).or_default().push(struct_def(reg, s)?);
    }
    Ok(groups.into_iter().map(|(m, items)| (m, quote!(#(#items)*))).collect())
}

pub fn prelude() -> &'static str {
    PRELUDE
}
