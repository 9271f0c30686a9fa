//! Rust spellings of registry names and C types.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use vigil_registry::{ArrayLen, CType, Registry};

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super",
    "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box",
    "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// An identifier, raw when it is a Rust keyword (`type` → `r#type`).
pub fn ident(name: &str) -> Ident {
    if KEYWORDS.contains(&name) {
        Ident::new_raw(name, Span::call_site())
    } else {
        Ident::new(name, Span::call_site())
    }
}

/// `vkCmdDrawIndirectCountKHR` → `cmd_draw_indirect_count_khr`.
pub fn snake(command: &str) -> String {
    let s = command.strip_prefix("vk").unwrap_or(command);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next_lower) {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The Rust identifier of a command's intercept, dispatch-table field and hook suffix.
pub fn command_ident(command: &str) -> Ident {
    ident(&snake(command))
}

/// Rust spelling of a C builtin, if `name` is one.
fn builtin(name: &str) -> Option<TokenStream> {
    Some(match name {
        "void" => quote!(c_void),
        "char" => quote!(c_char),
        "float" => quote!(f32),
        "double" => quote!(f64),
        "int8_t" => quote!(i8),
        "uint8_t" => quote!(u8),
        "int16_t" => quote!(i16),
        "uint16_t" => quote!(u16),
        "int32_t" | "int" => quote!(i32),
        "uint32_t" => quote!(u32),
        "int64_t" => quote!(i64),
        "uint64_t" => quote!(u64),
        "size_t" => quote!(usize),
        _ => return None,
    })
}

/// Where a declaration sits: arrays decay to pointers in parameters.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Member,
    Param,
}

/// The Rust type for a C type.
pub fn rust_type(reg: &Registry, ty: &CType, pos: Position) -> TokenStream {
    match ty {
        CType::Named(n) => named(reg, n),
        CType::Pointer { pointee_const, pointee } => {
            let inner = rust_type(reg, pointee, Position::Member);
            if *pointee_const {
                quote!(*const #inner)
            } else {
                quote!(*mut #inner)
            }
        }
        CType::Array { element, len } => {
            let inner = rust_type(reg, element, Position::Member);
            let len = match len {
                ArrayLen::Literal(n) => {
                    let n = *n as usize;
                    quote!(#n)
                }
                ArrayLen::Constant(c) => {
                    let c = ident(c);
                    quote!(#c as usize)
                }
            };
            if pos == Position::Param {
                // `const float blendConstants[4]` is a pointer to four floats.
                quote!(*const [#inner; #len])
            } else {
                quote!([#inner; #len])
            }
        }
    }
}

fn named(reg: &Registry, n: &str) -> TokenStream {
    if let Some(b) = builtin(n) {
        return b;
    }
    debug_assert!(reg.lookup(n).is_some() || reg.type_aliases.contains_key(n), "unknown type {n}");
    let i = ident(n);
    quote!(#i)
}

/// The Rust return type of a command or function pointer (`()` for `void`).
pub fn return_type(reg: &Registry, ty: &CType) -> Option<TokenStream> {
    if ty.as_named() == Some("void") {
        None
    } else {
        Some(rust_type(reg, ty, Position::Member))
    }
}

/// Whether `name` names a C builtin or a plain value type that is `Copy` and zeroable.
pub fn is_builtin(name: &str) -> bool {
    builtin(name).is_some()
}

/// Identifier for a hook: `pre_call_validate_cmd_draw`.
pub fn hook(prefix: &str, command: &str) -> Ident {
    format_ident!("{}_{}", prefix, snake(command))
}

#[cfg(test)]
mod tests {
    use super::snake;

    #[test]
    fn snake_case() {
        assert_eq!(snake("vkCmdDraw"), "cmd_draw");
        assert_eq!(snake("vkCmdDrawIndirectCountKHR"), "cmd_draw_indirect_count_khr");
        assert_eq!(snake("vkGetPhysicalDeviceFeatures2"), "get_physical_device_features2");
        assert_eq!(snake("vkCmdSetDepthBias2EXT"), "cmd_set_depth_bias2_ext");
        assert_eq!(snake("vkExportMetalObjectsEXT"), "export_metal_objects_ext");
        assert_eq!(snake("vkGetMemoryWin32HandleKHR"), "get_memory_win32_handle_khr");
    }
}
