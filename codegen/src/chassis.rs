//! The chassis: dispatch tables, the validation-object trait, the intercept for every command,
//! the command table and the name → intercept lookup.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use vigil_registry::{CType, Command, CommandLevel, Depends, Registry};

use std::fmt::Write;

use crate::names::{command_ident, hook, ident, return_type, rust_type, Position};
use crate::Error;

/// Commands the layer implements by hand (loader chain, instance/device lifetime, layer
/// self-description). Reviewed: each needs something no generic intercept can do.
pub const HAND_WRITTEN: &[&str] = &[
    "vkCreateInstance",
    "vkDestroyInstance",
    "vkCreateDevice",
    "vkDestroyDevice",
    "vkGetInstanceProcAddr",
    "vkGetDeviceProcAddr",
    "vkEnumerateInstanceVersion",
    "vkEnumerateInstanceExtensionProperties",
    "vkEnumerateInstanceLayerProperties",
    "vkEnumerateDeviceExtensionProperties",
    "vkEnumerateDeviceLayerProperties",
    "vkGetPhysicalDeviceToolProperties",
];

/// Commands that end an object's life although their names do not say `Destroy`/`Free`: the
/// state tracker records them last so other objects still see the state they end.
const ALSO_DESTROYING: &[&str] = &["vkResetDescriptorPool", "vkReleasePerformanceConfigurationINTEL"];

fn destroys(c: &Command) -> bool {
    c.name.starts_with("vkDestroy") || c.name.starts_with("vkFree") || ALSO_DESTROYING.contains(&c.name.as_str())
}

fn check_tables(reg: &Registry) -> Result<(), Error> {
    for n in HAND_WRITTEN.iter().chain(ALSO_DESTROYING) {
        if reg.command(n).map(|c| c.name.as_str()) != Some(*n) {
            return Err(Error(format!("reviewed table names {n}, which is not a command of the registry")));
        }
    }
    Ok(())
}

fn in_instance_table(c: &Command) -> bool {
    matches!(c.level, CommandLevel::Instance | CommandLevel::PhysicalDevice)
}

pub fn dispatch(reg: &Registry) -> TokenStream {
    let table = |name: &str, doc: &str, pick: &dyn Fn(&Command) -> bool| {
        let name = format_ident!("{}", name);
        let cmds: Vec<&Command> = reg.commands.iter().filter(|c| pick(c)).collect();
        let fields = cmds.iter().map(|c| {
            let f = command_ident(&c.name);
            let pfn = format_ident!("PFN_{}", c.name);
            let doc = format!("`{}`", c.name);
            quote!(#[doc = #doc] pub #f: Option<#pfn>)
        });
        let loads = cmds.iter().map(|c| {
            let f = command_ident(&c.name);
            let names = std::iter::once(&c.name).chain(&c.aliases).map(|n| {
                let lit = proc_macro2::Literal::c_string(&std::ffi::CString::new(n.as_str()).unwrap());
                quote!(#lit)
            });
            quote! {
                // SAFETY: the loader returns a pointer to a function of this command's signature.
                #f: unsafe { core::mem::transmute::<PFN_vkVoidFunction, Option<_>>(first(get, &[#(#names),*])) }
            }
        });
        quote! {
            #[doc = #doc]
            #[derive(Clone)]
            pub struct #name { #(#fields,)* }
            impl #name {
                /// Fills every entry through `get` (the next layer's GetInstanceProcAddr or
                /// GetDeviceProcAddr), falling back to the command's aliases in turn.
                pub fn load(get: &mut dyn FnMut(&core::ffi::CStr) -> PFN_vkVoidFunction) -> Self {
                    Self { #(#loads,)* }
                }
            }
        }
    };
    let instance =
        table("InstanceDispatch", "The next layer's instance and physical-device commands.", &|c| in_instance_table(c));
    let device = table("DeviceDispatch", "The next layer's device commands.", &|c| c.level == CommandLevel::Device);
    quote! {
        fn first(get: &mut dyn FnMut(&core::ffi::CStr) -> PFN_vkVoidFunction, names: &[&core::ffi::CStr]) -> PFN_vkVoidFunction {
            names.iter().find_map(|n| get(n))
        }
        #instance
        #device
    }
}

fn skip_value(reg: &Registry, c: &Command, result: &str) -> Result<TokenStream, Error> {
    Ok(match c.ret.as_named() {
        Some("void") => quote!(()),
        Some("VkResult") => {
            let ok = reg.enum_("VkResult").is_some_and(|e| e.values.iter().any(|v| v.name == result));
            if !ok {
                return Err(Error(format!("VkResult has no {result}")));
            }
            let v = ident(result);
            quote!(VkResult::#v)
        }
        // SAFETY: every Vulkan return type (integers, addresses, PFNs) is valid zeroed.
        _ => quote!(unsafe { core::mem::zeroed() }),
    })
}

fn generated_intercept(c: &Command) -> bool {
    c.level != CommandLevel::Global && !HAND_WRITTEN.contains(&c.name.as_str())
}

/// Whether handle wrapping may have to rewrite parameter `p` for the call down: a
/// non-dispatchable handle, a raw `uint64_t` object handle, or a pointer to handles or to
/// structures (which may hold handles, directly or in their pNext chains). Conservative: the
/// wrapper's tables decide what changes.
fn may_hold_handles(reg: &Registry, p: &vigil_registry::Param) -> bool {
    // A raw `uint64_t` object handle (`vkSetPrivateData`'s `objectHandle`).
    if p.attrs.objecttype.is_some() {
        return true;
    }
    let base = reg.resolve_alias(p.ty.base_name());
    let handle = reg.handle(base);
    match (&p.ty, handle) {
        (CType::Named(_), Some(h)) => !h.dispatchable,
        (CType::Pointer { .. }, Some(h)) => !h.dispatchable,
        (CType::Pointer { .. }, None) => reg.struct_(base).is_some_and(|s| !s.video_std) || base == "void",
        _ => false,
    }
}

/// Rust source text for tokens, spaced as a person would write it (the command list is text:
/// it is the body of a `macro_rules!`, which no formatter lays out).
pub(crate) fn text(tokens: &TokenStream) -> String {
    tokens
        .to_string()
        .replace("* const ", "*const ")
        .replace("* mut ", "*mut ")
        .replace(" ;", ";")
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace(" :: ", "::")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
}

/// `generated/src/command_list.rs`: every command as one entry of `for_each_command!`, the list
/// the layer's hand-written `macro_rules!` turn into the hook trait, the intercepts and the
/// per-command glue. Only what the registry knows is here: names, signatures, return values,
/// which parameters may hold handles; no logic.
pub fn command_list(reg: &Registry) -> Result<String, Error> {
    check_tables(reg)?;
    let mut out = String::from(
        "// Generated by `cargo xtask regen` from the Vulkan registry. Do not edit.\n\n\
         //! Every command of the registry as one list, for hand-written `macro_rules!`:\n\
         //! `for_each_command!(m)` expands to `m! { entry entry ... }`, one entry per command:\n\
         //!\n\
         //! ```text\n\
         //! { index, \"vkName\", intercept fn, PFN type, validate hook, pre-record hook, post-record hook,\n\
         //!   kind (generated | hand_written), level (global | instance | device),\n\
         //!   order (book_first | book_last: commands that end objects record the others first),\n\
         //!   first parameter, result (vk_result | no_result), wraps (wrap | nowrap),\n\
         //!   return type, value when skipped, value when the next layer lacks it,\n\
         //!   (param: Type = index keep|slot, ...) }\n\
         //! ```\n\
         //! `slot`: handle wrapping may rewrite the parameter for the call down.\n\n\
         /// Calls `$m! { ... }` with every command of the registry.\n\
         #[macro_export]\n\
         #[rustfmt::skip]\n\
         macro_rules! for_each_command {\n    ($m:ident) => { $m! {\n",
    );
    for (index, c) in reg.commands.iter().enumerate() {
        let f = command_ident(&c.name);
        let pfn = format!("PFN_{}", c.name);
        let (pv, pr, po) =
            (hook("pre_call_validate", &c.name), hook("pre_call_record", &c.name), hook("post_call_record", &c.name));
        let kind = if generated_intercept(c) { "generated" } else { "hand_written" };
        let level = match c.level {
            CommandLevel::Global => "global",
            CommandLevel::Instance | CommandLevel::PhysicalDevice => "instance",
            CommandLevel::Device => "device",
        };
        let order = if destroys(c) { "book_last" } else { "book_first" };
        let first = ident(c.params.first().map_or("instance", |p| p.name.as_str()));
        let result = if c.ret.as_named() == Some("VkResult") { "vk_result" } else { "no_result" };
        let wraps = if c.params.iter().any(|p| may_hold_handles(reg, p)) { "wrap" } else { "nowrap" };
        let ret = return_type(reg, &c.ret).map_or("()".to_string(), |r| text(&r));
        let skipped = text(&skip_value(reg, c, "VK_ERROR_VALIDATION_FAILED")?);
        let missing = text(&skip_value(reg, c, "VK_ERROR_EXTENSION_NOT_PRESENT")?);
        let params: Vec<String> = c
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let how = if may_hold_handles(reg, p) { "slot" } else { "keep" };
                format!("{}: {} = {i} {how}", ident(&p.name), text(&rust_type(reg, &p.ty, Position::Param)))
            })
            .collect();
        let _ = writeln!(
            out,
            "        {{ {index}, \"{}\", {f}, {pfn}, {pv}, {pr}, {po}, {kind}, {level}, {order}, {first}, {result}, {wraps}, {ret}, {skipped}, {missing},\n            ({}) }}",
            c.name,
            params.join(", ")
        );
    }
    out.push_str("    } };\n}\n");
    Ok(out)
}

fn dep_tokens(d: &Depends) -> TokenStream {
    match d {
        Depends::Term(t) => quote!(Dep::Term(#t)),
        Depends::All(v) => {
            let v = v.iter().map(dep_tokens);
            quote!(Dep::All(&[#(#v),*]))
        }
        Depends::Any(v) => {
            let v = v.iter().map(dep_tokens);
            quote!(Dep::Any(&[#(#v),*]))
        }
    }
}

pub fn commands(reg: &Registry) -> TokenStream {
    let infos = reg.commands.iter().map(|c| {
        let name = &c.name;
        let aliases = &c.aliases;
        let level = match c.level {
            CommandLevel::Global => quote!(CommandLevel::Global),
            CommandLevel::Instance => quote!(CommandLevel::Instance),
            CommandLevel::PhysicalDevice => quote!(CommandLevel::PhysicalDevice),
            CommandLevel::Device => quote!(CommandLevel::Device),
        };
        let providers = c.provided_by.iter().map(|p| {
            let by = &p.by;
            let depends = match &p.depends {
                Some(d) => {
                    let d = dep_tokens(d);
                    quote!(Some(&#d))
                }
                None => quote!(None),
            };
            quote!(Provider { by: #by, depends: #depends })
        });
        let generated = generated_intercept(c);
        quote! {
            CommandInfo { name: #name, aliases: &[#(#aliases),*], level: #level, provided_by: &[#(#providers),*], intercepted: #generated }
        }
    });
    let mut arms = Vec::new();
    for (i, c) in reg.commands.iter().enumerate() {
        for n in std::iter::once(&c.name).chain(&c.aliases) {
            let lit = proc_macro2::Literal::byte_string(n.as_bytes());
            arms.push(quote!(#lit => Some(#i),));
        }
    }
    let count = reg.commands.len();
    quote! {
        use crate::chassis::*;

        /// Every command of the registry, in registry order.
        pub static COMMANDS: [CommandInfo; #count] = [#(#infos),*];

        /// The index in [`COMMANDS`] of a command name or alias.
        pub fn command_index(name: &[u8]) -> Option<usize> {
            match name {
                #(#arms)*
                _ => None,
            }
        }

    }
}

pub fn extensions(reg: &Registry) -> TokenStream {
    let items = reg.extensions.iter().map(|e| {
        let name = &e.name;
        let instance = e.kind == vigil_registry::ExtensionKind::Instance;
        let number = e.number;
        let provisional = e.provisional;
        let promoted = match &e.promoted_to {
            Some(p) => quote!(Some(#p)),
            None => quote!(None),
        };
        let spec_version = e.spec_version;
        quote! {
            ExtensionInfo { name: #name, number: #number, instance: #instance, provisional: #provisional, promoted_to: #promoted, spec_version: #spec_version }
        }
    });
    quote! {
        /// One extension of the registry (api `vulkan`).
        #[derive(Debug)]
        pub struct ExtensionInfo {
            pub name: &'static str,
            pub number: u32,
            /// Enabled on the instance (else on a device).
            pub instance: bool,
            pub provisional: bool,
            /// The core version or extension it was promoted to.
            pub promoted_to: Option<&'static str>,
            pub spec_version: u32,
        }
        /// Every extension, in registry order.
        pub static EXTENSIONS: &[ExtensionInfo] = &[#(#items),*];
    }
}
