//! The chassis: dispatch tables, the validation-object trait, the intercept for every command,
//! the command table and the name → intercept lookup.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use vigil_registry::{CType, Command, CommandLevel, Depends, Registry};

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

struct Sig {
    params: Vec<TokenStream>,
    args: Vec<TokenStream>,
    ret: Option<TokenStream>,
}

fn sig(reg: &Registry, c: &Command) -> Sig {
    let params = c
        .params
        .iter()
        .map(|p| {
            let n = ident(&p.name);
            let t = rust_type(reg, &p.ty, Position::Param);
            quote!(#n: #t)
        })
        .collect();
    let args = c.params.iter().map(|p| {
        let n = ident(&p.name);
        quote!(#n)
    });
    Sig { params, args: args.collect(), ret: return_type(reg, &c.ret) }
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

pub fn hooks(reg: &Registry) -> TokenStream {
    let mut trait_items = Vec::new();
    let mut option_items = Vec::new();
    let mut pair_items = Vec::new();
    let mut chassis_items = Vec::new();
    for c in &reg.commands {
        let Sig { params, args, ret } = sig(reg, c);
        let (pv, pr, po) =
            (hook("pre_call_validate", &c.name), hook("pre_call_record", &c.name), hook("post_call_record", &c.name));
        let result_param = ret.as_ref().map(|r| quote!(, result: #r));
        let result_arg = ret.as_ref().map(|_| quote!(, result));
        let doc = format!("`{}`", c.name);
        trait_items.push(quote! {
            #[doc = #doc]
            #[inline(always)]
            fn #pv(&self, #(#params),*) -> bool { false }
            #[inline(always)]
            fn #pr(&self, #(#params),*) {}
            #[inline(always)]
            fn #po(&self, #(#params),* #result_param) {}
        });
        option_items.push(quote! {
            #[inline(always)]
            fn #pv(&self, #(#params),*) -> bool { match self { Some(o) => o.#pv(#(#args),*), None => false } }
            #[inline(always)]
            fn #pr(&self, #(#params),*) { if let Some(o) = self { o.#pr(#(#args),*) } }
            #[inline(always)]
            fn #po(&self, #(#params),* #result_param) { if let Some(o) = self { o.#po(#(#args),* #result_arg) } }
        });
        pair_items.push(quote! {
            #[inline(always)]
            fn #pv(&self, #(#params),*) -> bool { self.0.#pv(#(#args),*) | self.1.#pv(#(#args),*) }
            #[inline(always)]
            fn #pr(&self, #(#params),*) { self.0.#pr(#(#args),*); self.1.#pr(#(#args),*) }
            #[inline(always)]
            fn #po(&self, #(#params),* #result_param) { self.0.#po(#(#args),* #result_arg); self.1.#po(#(#args),* #result_arg) }
        });
        let (first, second) =
            if destroys(c) { (quote!(objects), quote!(state)) } else { (quote!(state), quote!(objects)) };
        chassis_items.push(quote! {
            #[inline(always)]
            fn #pv(&self, #(#params),*) -> bool { self.state.#pv(#(#args),*) | self.objects.#pv(#(#args),*) }
            #[inline(always)]
            fn #pr(&self, #(#params),*) { self.#first.#pr(#(#args),*); self.#second.#pr(#(#args),*) }
            #[inline(always)]
            fn #po(&self, #(#params),* #result_param) { self.#first.#po(#(#args),* #result_arg); self.#second.#po(#(#args),* #result_arg) }
        });
    }
    quote! {
        /// A validation object: for every command, a validate hook (`true` = skip the call) that
        /// must not change state, and record hooks before and after the call down. Every hook
        /// defaults to nothing, so an object implements only what it checks and the rest
        /// compiles away. Hooks take `&self` because calls arrive concurrently from the
        /// application's threads; state lives behind the object's own synchronization.
        /// Pointer parameters are the application's: read them only as the spec allows.
        #[allow(unused_variables, clippy::too_many_arguments)]
        pub trait ValidationObject: Sync {
            /// Whether the object takes part at all; when no object of a set does, intercepts
            /// take the pass-through path.
            #[inline(always)]
            fn active(&self) -> bool { true }
            #(#trait_items)*
        }

        /// No object.
        impl ValidationObject for () {
            #[inline(always)]
            fn active(&self) -> bool { false }
        }

        /// An object that may be disabled at run time: one branch when it is.
        #[allow(clippy::too_many_arguments)]
        impl<T: ValidationObject> ValidationObject for Option<T> {
            #[inline(always)]
            fn active(&self) -> bool { matches!(self, Some(o) if o.active()) }
            #(#option_items)*
        }

        /// Two objects, run in order; nest pairs for more: `(A, (B, (C, ())))`.
        #[allow(clippy::too_many_arguments)]
        impl<A: ValidationObject, B: ValidationObject> ValidationObject for (A, B) {
            #[inline(always)]
            fn active(&self) -> bool { self.0.active() || self.1.active() }
            #(#pair_items)*
        }

        /// The shared state tracker and the validation objects that read it. The tracker
        /// records before the objects, except for commands that destroy or free objects, where
        /// it records last so the objects still see the state the command ends.
        pub struct Chassis<S, V> {
            pub state: S,
            pub objects: V,
        }

        #[allow(clippy::too_many_arguments)]
        impl<S: ValidationObject, V: ValidationObject> ValidationObject for Chassis<S, V> {
            #[inline(always)]
            fn active(&self) -> bool { self.state.active() || self.objects.active() }
            #(#chassis_items)*
        }
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

pub fn intercepts(reg: &Registry) -> Result<TokenStream, Error> {
    check_tables(reg)?;
    let mut items = Vec::new();
    for (index, c) in reg.commands.iter().enumerate().filter(|(_, c)| generated_intercept(c)) {
        let Sig { params, args, ret } = sig(reg, c);
        let f = command_ident(&c.name);
        let (pv, pr, po) =
            (hook("pre_call_validate", &c.name), hook("pre_call_record", &c.name), hook("post_call_record", &c.name));
        let name = &c.name;
        let first = ident(&c.params[0].name);
        let lookup = if c.level == CommandLevel::Device { quote!(L::device) } else { quote!(L::instance) };
        let skipped = skip_value(reg, c, "VK_ERROR_VALIDATION_FAILED")?;
        let missing = skip_value(reg, c, "VK_ERROR_EXTENSION_NOT_PRESENT")?;
        let ret_ty = ret.as_ref().map(|r| quote!(-> #r));
        let result_arg = ret.as_ref().map(|_| quote!(, result));
        let doc = format!("The chassis for `{name}`.");
        let general = format_ident!("{}_general", f);
        let hot = if c.level == CommandLevel::Device { quote!(L::device_hot) } else { quote!(L::instance_hot) };
        let (first_rec, second_rec) =
            if destroys(c) { (quote!(objects), quote!(book)) } else { (quote!(book), quote!(objects)) };
        let wraps = c.params.iter().any(|p| may_hold_handles(reg, p));
        // The call down, through the wrapper when it is on and the command may name handles.
        let call_down = if wraps {
            let down_args = c.params.iter().enumerate().map(|(i, p)| {
                let n = ident(&p.name);
                if may_hold_handles(reg, p) {
                    quote!(from_bits(wrap_slots[#i]))
                } else {
                    quote!(#n)
                }
            });
            let result_opt = if c.ret.as_named() == Some("VkResult") { quote!(Some(result)) } else { quote!(None) };
            quote! {
                let result = match cx.wrapper() {
                    // SAFETY: forwarding the application's own arguments to the next layer.
                    None => unsafe { next(#(#args),*) },
                    Some(wrapper) => {
                        let wrap_original = [#(to_bits(#args)),*];
                        let mut wrap_slots = wrap_original;
                        let mut wrap_scratch = [core::mem::MaybeUninit::<u64>::uninit(); SCRATCH_WORDS];
                        // SAFETY: `wrap_slots` holds this command's parameters as the application
                        // passed them; the copies the wrapper makes live in `wrap_scratch` and
                        // `wrap_scope`, both alive until after the call down.
                        let Some(wrap_scope) = (unsafe { wrapper.unwrap(#index, &mut wrap_slots, &mut wrap_scratch) }) else {
                            return #skipped;
                        };
                        // SAFETY: the application's arguments with the driver's handles.
                        let result = unsafe { next(#(#down_args),*) };
                        // SAFETY: the parameters as the application passed them, after the call.
                        unsafe { wrapper.rewrap(#index, &wrap_original, #result_opt) };
                        drop(wrap_scope);
                        result
                    }
                };
            }
        } else {
            quote! {
                // SAFETY: forwarding the application's own arguments to the next layer.
                let result = unsafe { next(#(#args),*) };
            }
        };
        let pass_through = quote! {
            let book = cx.bookkeeping();
            guard::<L, _>(#name, || book.#pr(#(#args),*));
            let Some(next) = cx.dispatch().#f else {
                return #missing;
            };
            // SAFETY: forwarding the application's own arguments to the next layer.
            let result = unsafe { next(#(#args),*) };
            guard::<L, _>(#name, || book.#po(#(#args),* #result_arg));
            return result;
        };
        items.push(quote! {
            #[doc = #doc]
            pub unsafe extern "system" fn #f<L: Layer>(#(#params),*) #ret_ty {
                // The hot path: the first instance or device, no validation object enabled,
                // no handle wrapping. It saves no registers; everything else jumps to the
                // general path.
                // SAFETY: the first parameter is a live dispatchable handle (the loader routed
                // this call by it).
                if let Some(cx) = unsafe { #hot(dispatch_key(#first.0)) } {
                    if cx.passes_through() {
                        #pass_through
                    }
                }
                unsafe { #general::<L>(#(#args),*) }
            }

            /// Every other case: any instance or device, validation objects enabled. Same
            /// signature as the intercept, so reaching it is a jump.
            #[inline(never)]
            unsafe extern "system" fn #general<L: Layer>(#(#params),*) #ret_ty {
                // SAFETY: as above.
                let Some(cx) = (unsafe { #lookup(dispatch_key(#first.0)) }) else {
                    L::unknown_handle(#name);
                    return #skipped;
                };
                if cx.passes_through() {
                    #pass_through
                }
                let objects = cx.objects();
                let book = cx.bookkeeping();
                if guard::<L, _>(#name, || objects.#pv(#(#args),*)).unwrap_or(false) {
                    return #skipped;
                }
                guard::<L, _>(#name, || #first_rec.#pr(#(#args),*));
                guard::<L, _>(#name, || #second_rec.#pr(#(#args),*));
                let Some(next) = cx.dispatch().#f else {
                    return #missing;
                };
                #call_down
                guard::<L, _>(#name, || #first_rec.#po(#(#args),* #result_arg));
                guard::<L, _>(#name, || #second_rec.#po(#(#args),* #result_arg));
                result
            }
        });
    }
    Ok(quote! {
        #![allow(clippy::too_many_arguments, clippy::unused_unit, clippy::let_unit_value)]
        use crate::*;
        use crate::chassis::*;
        use core::ffi::{c_char, c_void};
        #(#items)*
    })
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
    let intercept_arms = reg.commands.iter().enumerate().filter(|(_, c)| generated_intercept(c)).map(|(i, c)| {
        let f = command_ident(&c.name);
        let pfn = format_ident!("PFN_{}", c.name);
        quote! {
            // SAFETY: a function pointer is returned type-erased, as vkGet*ProcAddr do.
            #i => Some(unsafe { core::mem::transmute::<#pfn, unsafe extern "system" fn()>(crate::intercepts::#f::<L> as #pfn) }),
        }
    });
    let count = reg.commands.len();
    quote! {
        use crate::chassis::*;
        use crate::*;

        /// Every command of the registry, in registry order.
        pub static COMMANDS: [CommandInfo; #count] = [#(#infos),*];

        /// The index in [`COMMANDS`] of a command name or alias.
        pub fn command_index(name: &[u8]) -> Option<usize> {
            match name {
                #(#arms)*
                _ => None,
            }
        }

        /// The generated intercept of `COMMANDS[index]`, monomorphized for the layer `L`;
        /// `None` for global and hand-written commands.
        pub fn intercept<L: Layer>(index: usize) -> PFN_vkVoidFunction {
            match index {
                #(#intercept_arms)*
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
