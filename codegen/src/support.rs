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
        #[rustfmt::skip] mod command_list;
        #[rustfmt::skip] mod handle_trees;
        /// The Rust half of the layout test (tests only: not in the layer).
        #[cfg(feature = "layout")]
        #[rustfmt::skip] pub mod layout;
        #[rustfmt::skip] pub mod objects;
        #[rustfmt::skip] pub mod recording;
        #[rustfmt::skip] pub mod settings;
        #[rustfmt::skip] pub mod formats;
        #[rustfmt::skip] pub mod spirv;
        #[rustfmt::skip] pub mod sync;
        #[rustfmt::skip] pub mod stateless;
        #[rustfmt::skip] mod stateless_structs;
        #[rustfmt::skip] mod stateless_compiled;
        #[rustfmt::skip] mod stateless_tables;
        #[rustfmt::skip] pub mod threading;

        pub use chassis::{CommandInfo, CommandLevel, Dep, Provider};
        pub use commands::COMMANDS;
        pub use dispatch::{DeviceDispatch, InstanceDispatch};

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
        //! The command table's types (plain data; the layer's chassis interprets them).

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
            /// Whether the layer's chassis makes its intercept (the others are hand-written or
            /// global).
            pub intercepted: bool,
        }
    }
}
