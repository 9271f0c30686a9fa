//! Device facts generated from the registry: every feature (a VkBool32 member of
//! VkPhysicalDeviceFeatures or of a structure that extends VkPhysicalDeviceFeatures2) and every
//! extension get an index, so enabled sets are bitsets and checks test one bit.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vigil_registry::{Registry, Struct};

use crate::names::ident;
use crate::Error;

/// Feature structures: VkPhysicalDeviceFeatures and everything extending
/// VkPhysicalDeviceFeatures2, in registry order.
fn feature_structs(reg: &Registry) -> Vec<&Struct> {
    reg.structs
        .iter()
        .filter(|s| s.name == "VkPhysicalDeviceFeatures" || s.extends.iter().any(|e| e == "VkPhysicalDeviceFeatures2"))
        .collect()
}

/// Every feature name (a VkBool32 member of a feature structure), sorted. The same name in two
/// structures (timelineSemaphore in VkPhysicalDeviceVulkan12Features and in
/// VkPhysicalDeviceTimelineSemaphoreFeatures) is the same feature: either enables it.
pub(crate) fn feature_names(reg: &Registry) -> Vec<String> {
    let mut names = BTreeMap::new();
    for s in feature_structs(reg) {
        for m in &s.members {
            if m.ty.as_named() == Some("VkBool32") {
                names.insert(m.name.clone(), ());
            }
        }
    }
    names.into_keys().collect()
}

pub fn rust(reg: &Registry) -> Result<TokenStream, Error> {
    let names = feature_names(reg);
    let index: BTreeMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    let feature_count = names.len();
    let consts = names.iter().enumerate().map(|(i, n)| {
        let c = ident(&crate::names::snake(&format!("vk{n}")).to_ascii_uppercase());
        let i = Literal::usize_unsuffixed(i);
        let doc = format!("`{n}`");
        quote!(#[doc = #doc] pub const #c: Feature = Feature(#i);)
    });
    let name_strs = names.iter();
    let mut arms = Vec::new();
    for s in feature_structs(reg) {
        let bools: Vec<_> = s.members.iter().filter(|m| m.ty.as_named() == Some("VkBool32")).collect();
        if bools.is_empty() || s.name == "VkPhysicalDeviceFeatures" {
            continue;
        }
        let st = match &s.s_type {
            Some(st) => ident(st),
            None => return Err(Error(format!("feature structure {} without sType", s.name))),
        };
        let ty = ident(&s.name);
        let sets = bools.iter().map(|m| {
            let f = ident(&m.name);
            let i = index[m.name.as_str()];
            quote!(if s.#f != 0 { self.insert(Feature(#i)); })
        });
        arms.push(quote! {
            VkStructureType::#st => {
                // SAFETY: the sType says which structure this is.
                let s = unsafe { &*(next as *const #ty) };
                #(#sets)*
            }
        });
    }
    let core = reg.struct_("VkPhysicalDeviceFeatures").ok_or_else(|| Error("no VkPhysicalDeviceFeatures".into()))?;
    let core_sets = core.members.iter().map(|m| {
        let f = ident(&m.name);
        let i = index[m.name.as_str()];
        quote!(if f.#f != 0 { self.insert(Feature(#i)); })
    });
    let words = feature_count.div_ceil(64);

    let ext_words = reg.extensions.len().div_ceil(64);
    Ok(quote! {
        //! Features and extensions as bit indices, and the enabled sets of a device.

        use crate::*;
        use core::ffi::{c_char, c_void, CStr};

        /// A feature: an index into [`FEATURE_NAMES`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Feature(pub usize);

        impl Feature {
            #(#consts)*

            /// The feature's member name (`timelineSemaphore`).
            pub fn name(self) -> &'static str { FEATURE_NAMES[self.0] }

            /// The feature of a member name.
            pub fn by_name(name: &str) -> Option<Feature> {
                FEATURE_NAMES.binary_search(&name).ok().map(Feature)
            }
        }

        /// Every feature name, sorted.
        pub static FEATURE_NAMES: [&str; #feature_count] = [#(#name_strs),*];

        /// A set of features.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct FeatureSet([u64; #words]);

        impl FeatureSet {
            /// Adds a feature.
            #[inline]
            pub fn insert(&mut self, f: Feature) { self.0[f.0 / 64] |= 1 << (f.0 % 64); }

            /// Whether the set has the feature.
            #[inline]
            pub fn contains(&self, f: Feature) -> bool { self.0[f.0 / 64] & (1 << (f.0 % 64)) != 0 }

            /// Every feature in the set.
            pub fn iter(&self) -> impl Iterator<Item = Feature> + '_ {
                (0..#feature_count).map(Feature).filter(|f| self.contains(*f))
            }

            /// Adds what a `VkPhysicalDeviceFeatures` enables.
            pub fn add_core(&mut self, f: &VkPhysicalDeviceFeatures) {
                #(#core_sets)*
            }

            /// Adds what every feature structure in a pNext chain enables
            /// (`VkPhysicalDeviceFeatures2` included).
            ///
            /// # Safety
            /// `next` must be a valid pNext chain.
            pub unsafe fn add_chain(&mut self, mut next: *const c_void) {
                while !next.is_null() {
                    // SAFETY: every Vulkan structure starts with sType and pNext.
                    let header = unsafe { &*(next as *const VkBaseInStructure) };
                    match header.sType {
                        VkStructureType::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 => {
                            // SAFETY: the sType says which structure this is.
                            let s = unsafe { &*(next as *const VkPhysicalDeviceFeatures2) };
                            self.add_core(&s.features);
                        }
                        #(#arms)*
                        _ => {}
                    }
                    next = header.pNext as *const c_void;
                }
            }

            /// The features a `VkDeviceCreateInfo` enables: `pEnabledFeatures` and every
            /// feature structure chained to it.
            ///
            /// # Safety
            /// `info` must be a valid create info.
            pub unsafe fn from_device_create_info(info: &VkDeviceCreateInfo) -> Self {
                let mut set = FeatureSet::default();
                if !info.pEnabledFeatures.is_null() {
                    // SAFETY: non-null, and the application promises a valid structure.
                    set.add_core(unsafe { &*info.pEnabledFeatures });
                }
                // SAFETY: the caller promises a valid chain.
                unsafe { set.add_chain(info.pNext) };
                set
            }
        }

        /// An extension: an index into [`crate::extensions::EXTENSIONS`] (registry order).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Extension(pub usize);

        impl Extension {
            /// The extension of a name.
            pub fn by_name(name: &str) -> Option<Extension> {
                crate::extensions::EXTENSIONS.iter().position(|e| e.name == name).map(Extension)
            }
        }

        /// A set of extensions.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct ExtensionSet([u64; #ext_words]);

        impl ExtensionSet {
            /// Adds an extension.
            #[inline]
            pub fn insert(&mut self, e: Extension) { self.0[e.0 / 64] |= 1 << (e.0 % 64); }

            /// Whether the set has the extension.
            #[inline]
            pub fn contains(&self, e: Extension) -> bool { self.0[e.0 / 64] & (1 << (e.0 % 64)) != 0 }

            /// Whether the set has the extension of this name.
            pub fn contains_name(&self, name: &str) -> bool {
                Extension::by_name(name).is_some_and(|e| self.contains(e))
            }

            /// The extensions among `names` that the registry knows.
            pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
                let mut set = ExtensionSet::default();
                for e in names.into_iter().filter_map(Extension::by_name) {
                    set.insert(e);
                }
                set
            }

            /// The extensions named in an `ppEnabledExtensionNames` array, plus every extension
            /// promoted to a core version `api_version` includes (those count as enabled).
            /// Names the registry does not know are returned separately.
            ///
            /// # Safety
            /// `names` must point at `count` valid C strings, or be null.
            pub unsafe fn enabled(names: *const *const c_char, count: u32, api_version: u32) -> (Self, Vec<String>) {
                let mut set = ExtensionSet::default();
                let mut unknown = Vec::new();
                if !names.is_null() {
                    // SAFETY: the caller promises `count` pointers.
                    for &p in unsafe { core::slice::from_raw_parts(names, count as usize) } {
                        if p.is_null() {
                            continue;
                        }
                        // SAFETY: the caller promises C strings.
                        let name = unsafe { CStr::from_ptr(p) }.to_string_lossy();
                        match Extension::by_name(&name) {
                            Some(e) => set.insert(e),
                            None => unknown.push(name.into_owned()),
                        }
                    }
                }
                let (major, minor) = ((api_version >> 22) & 0x7f, (api_version >> 12) & 0x3ff);
                for (i, e) in crate::extensions::EXTENSIONS.iter().enumerate() {
                    let promoted = e.promoted_to.and_then(|p| p.strip_prefix("VK_VERSION_")).and_then(|v| v.split_once('_'));
                    if let Some((Ok(a), Ok(b))) = promoted.map(|(a, b)| (a.parse::<u32>(), b.parse::<u32>())) {
                        if (a, b) <= (major, minor) {
                            set.insert(Extension(i));
                        }
                    }
                }
                (set, unknown)
            }
        }
    })
}
