//! The fixed parts of the generated crate: its root module and the chassis' support types.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use vigil_registry::Registry;

pub fn lib_rs(reg: &Registry, type_modules: &[&str]) -> TokenStream {
    let mods = type_modules.iter().map(|m| {
        let m = format_ident!("{}", m);
        quote!(#[rustfmt::skip] mod #m; pub use #m::*;)
    });
    let (major, minor, patch) = reg.version;
    quote! {
        //! Raw Vulkan types for the whole registry, the dispatch tables and the chassis of
        //! Vigil. Generated from the pinned registry by `cargo xtask regen`; never edited by hand.
        //! Formatted by prettyplease, not rustfmt: every module is `rustfmt::skip`.
        #![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::all)]

        #(#mods)*
        #[rustfmt::skip] pub mod chassis;
        #[rustfmt::skip] pub mod commands;
        #[rustfmt::skip] pub mod dispatch;
        #[rustfmt::skip] pub mod extensions;
        #[rustfmt::skip] pub mod features;
        #[rustfmt::skip] pub mod layer_extensions;
        #[rustfmt::skip] pub mod hooks;
        #[rustfmt::skip] pub mod intercepts;
        #[rustfmt::skip] pub mod layout;
        #[rustfmt::skip] pub mod objects;
        #[rustfmt::skip] pub mod settings;
        #[rustfmt::skip] pub mod stateless;
        #[rustfmt::skip] mod stateless_structs;
        #[rustfmt::skip] mod stateless_tables;
        #[rustfmt::skip] pub mod threading;

        pub use chassis::{CommandInfo, CommandLevel, Context, Dep, Layer, Provider};
        pub use commands::COMMANDS;
        pub use dispatch::{DeviceDispatch, InstanceDispatch};
        pub use hooks::{Chassis, ValidationObject};

        /// Every VUID of the registry's validusage.json, sorted, one per line:
        /// `id<TAB>spec page<TAB>text`.
        pub static SPEC_TEXT: &str = include_str!("../spec_text.tsv");

        /// The registry version these bindings were generated from.
        pub const REGISTRY_VERSION: (u32, u32, u32) = (#major, #minor, #patch);

        /// A struct whose `sType` has one fixed value.
        pub trait TaggedStruct {
            const STRUCTURE_TYPE: VkStructureType;
        }

        /// `VK_MAKE_API_VERSION`.
        pub const fn make_api_version(variant: u32, major: u32, minor: u32, patch: u32) -> u32 {
            (variant << 29) | (major << 22) | (minor << 12) | patch
        }
    }
}

pub fn chassis() -> TokenStream {
    quote! {
        //! What the generated intercepts need from the layer, and the command table's types.

        use crate::ValidationObject;

        /// The loader's dispatch key: the first pointer-sized word of a dispatchable handle.
        /// A device and its queues and command buffers share one key; so do an instance and its
        /// physical devices.
        pub type DispatchKey = usize;

        /// Reads a dispatchable handle's dispatch key.
        ///
        /// # Safety
        /// `handle` must be a live dispatchable handle made by the loader.
        #[inline(always)]
        pub unsafe fn dispatch_key(handle: usize) -> DispatchKey {
            unsafe { *(handle as *const usize) }
        }

        /// Per-instance or per-device data the intercepts reach through one lookup.
        pub trait Context: Sync {
            type Dispatch;
            /// The validation objects; when none is active, calls pass straight through.
            type Objects: ValidationObject;
            /// Record hooks that run on every path, validation or not (the reporter's own
            /// bookkeeping of messengers and object names). Its validate hooks never run.
            type Bookkeeping: ValidationObject;
            /// Handle wrapping, when on.
            type Wrapper: Wrap;
            fn dispatch(&self) -> &Self::Dispatch;
            fn objects(&self) -> &Self::Objects;
            fn bookkeeping(&self) -> &Self::Bookkeeping;
            fn wrapper(&self) -> Option<&Self::Wrapper>;
            /// No validation object is active and handles are not wrapped: calls go straight
            /// down.
            #[inline(always)]
            fn passes_through(&self) -> bool {
                !self.objects().active() && self.wrapper().is_none()
            }
        }

        /// Handle wrapping: the application sees Vigil's ids for non-dispatchable handles, the
        /// chain below sees the driver's handles.
        pub trait Wrap: Sync {
            /// What must live until the call down returns (copies of the application's
            /// structures with the driver's handles in them).
            type Scope;
            /// Rewrites `slots` (the bits of each parameter of `COMMANDS[command]`) for the call
            /// down, making its copies in `scratch` (the intercept's stack) first. `None`: a
            /// handle is not a live id; the call must not go down.
            ///
            /// # Safety
            /// `slots` holds the command's parameters as the application passed them;
            /// `scratch` is writable and outlives the scope returned.
            unsafe fn unwrap(&self, command: usize, slots: &mut [u64], scratch: &mut [core::mem::MaybeUninit<u64>]) -> Option<Self::Scope>;
            /// After the call down: gives the handles it returned ids, forgets the ids of what
            /// it destroyed. `params` holds the parameters as the application passed them.
            ///
            /// # Safety
            /// As for [`Wrap::unwrap`], after the call.
            unsafe fn rewrap(&self, command: usize, params: &[u64], result: Option<crate::VkResult>);
        }

        /// No handle wrapping.
        pub enum NoWrapping {}

        impl Wrap for NoWrapping {
            type Scope = ();
            unsafe fn unwrap(&self, _: usize, _: &mut [u64], _: &mut [core::mem::MaybeUninit<u64>]) -> Option<()> {
                match *self {}
            }
            unsafe fn rewrap(&self, _: usize, _: &[u64], _: Option<crate::VkResult>) {
                match *self {}
            }
        }

        /// Words of scratch an intercept lends the wrapper on its stack (4 KiB).
        pub const SCRATCH_WORDS: usize = 512;

        /// A parameter's bits (every Vulkan parameter is at most 8 bytes).
        #[inline(always)]
        pub fn to_bits<T: Copy>(v: T) -> u64 {
            const { assert!(core::mem::size_of::<T>() <= 8) };
            let mut bits = 0u64;
            // SAFETY: `T` fits in the 8 bytes; little-endian, so the value is the low bytes.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    &v as *const T as *const u8,
                    &mut bits as *mut u64 as *mut u8,
                    core::mem::size_of::<T>(),
                )
            };
            bits
        }

        /// A parameter back from [`to_bits`].
        #[inline(always)]
        pub fn from_bits<T: Copy>(bits: u64) -> T {
            const { assert!(core::mem::size_of::<T>() <= 8) };
            // SAFETY: the bits came from a `T` (or are a handle or pointer of the same width).
            unsafe { (&bits as *const u64 as *const T).read_unaligned() }
        }

        #[cfg(not(target_endian = "little"))]
        compile_error!("handle wrapping stores parameters as little-endian bits");

        /// The layer the intercepts are instantiated for.
        pub trait Layer: 'static {
            type Instance: Context<Dispatch = crate::InstanceDispatch>;
            type Device: Context<Dispatch = crate::DeviceDispatch>;
            /// The instance data for a dispatch key.
            ///
            /// # Safety
            /// The reference must not outlive the instance; the spec forbids using an instance
            /// concurrently with its destruction, which is what makes this sound.
            unsafe fn instance<'a>(key: DispatchKey) -> Option<&'a Self::Instance>;
            /// The device data for a dispatch key.
            ///
            /// # Safety
            /// As for [`Layer::instance`], for devices.
            unsafe fn device<'a>(key: DispatchKey) -> Option<&'a Self::Device>;
            /// [`Layer::instance`] where it is cheapest (the first instance); `None` sends the
            /// call to the general path, which asks [`Layer::instance`].
            ///
            /// # Safety
            /// As for [`Layer::instance`].
            #[inline(always)]
            unsafe fn instance_hot<'a>(key: DispatchKey) -> Option<&'a Self::Instance> {
                unsafe { Self::instance(key) }
            }
            /// [`Layer::device`] where it is cheapest (the first device).
            ///
            /// # Safety
            /// As for [`Layer::instance`].
            #[inline(always)]
            unsafe fn device_hot<'a>(key: DispatchKey) -> Option<&'a Self::Device> {
                unsafe { Self::device(key) }
            }
            /// A validate or record hook panicked during `command`.
            fn hook_panicked(command: &'static str);
            /// `command` was called with a dispatchable handle the layer does not know.
            fn unknown_handle(command: &'static str);
        }

        /// Runs a hook, turning a panic into one report; the call down never runs in here.
        #[inline(always)]
        pub fn guard<L: Layer, R>(command: &'static str, hook: impl FnOnce() -> R) -> Option<R> {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(hook)) {
                Ok(r) => Some(r),
                Err(_) => {
                    L::hook_panicked(command);
                    None
                }
            }
        }

        /// How a command is dispatched.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum CommandLevel {
            Global,
            Instance,
            PhysicalDevice,
            Device,
        }

        /// A dependency expression over versions and extensions.
        #[derive(Debug)]
        pub enum Dep {
            Term(&'static str),
            All(&'static [Dep]),
            Any(&'static [Dep]),
        }

        impl Dep {
            /// Evaluates with `holds` deciding each version or extension name.
            pub fn eval(&self, holds: &dyn Fn(&str) -> bool) -> bool {
                match self {
                    Dep::Term(t) => holds(t),
                    Dep::All(v) => v.iter().all(|d| d.eval(holds)),
                    Dep::Any(v) => v.iter().any(|d| d.eval(holds)),
                }
            }
        }

        /// A version (`VK_VERSION_1_2`) or extension that provides a command, with the extra
        /// condition of its `<require>` block.
        #[derive(Debug)]
        pub struct Provider {
            pub by: &'static str,
            pub depends: Option<&'static Dep>,
        }

        /// One command of the registry.
        #[derive(Debug)]
        pub struct CommandInfo {
            pub name: &'static str,
            pub aliases: &'static [&'static str],
            pub level: CommandLevel,
            pub provided_by: &'static [Provider],
            /// Whether [`crate::commands::intercept`] has a generated intercept for it.
            pub intercepted: bool,
        }

        impl CommandInfo {
            /// Whether the command is available given which versions and extensions hold.
            pub fn available(&self, holds: &dyn Fn(&str) -> bool) -> bool {
                self.provided_by.iter().any(|p| holds(p.by) && p.depends.is_none_or(|d| d.eval(holds)))
            }
        }
    }
}
