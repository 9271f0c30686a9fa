//! The SPIR-V extensions and capabilities Vulkan allows, and what allows each, from vk.xml's
//! `<spirvextensions>` and `<spirvcapabilities>` (the SPIR-V environment appendix's tables):
//! `generated/src/spirv.rs`. A module may declare an item when any one of its enables holds. An
//! enable the generator cannot resolve (an unknown version, extension, feature, or a property
//! structure the layer does not query) fails generation.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vigil_registry::{Registry, SpirvEnable, SpirvItem};

use crate::names::ident;
use crate::Error;

/// The property structures the layer queries at device creation, by registry name.
const PROPERTY_STRUCTURES: [(&str, &str); 2] =
    [("VkPhysicalDeviceVulkan11Properties", "Vulkan11"), ("VkPhysicalDeviceVulkan12Properties", "Vulkan12")];

/// Counts, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub extensions: usize,
    pub capabilities: usize,
    /// Enables by form: version, extension, feature, property.
    pub enables: [usize; 4],
}

pub struct Output {
    pub tokens: TokenStream,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
}

pub fn generate(reg: &Registry) -> Result<Output, Error> {
    let features = crate::features::feature_names(reg);
    let mut stats = Stats::default();
    let version = |name: &str| -> Result<TokenStream, Error> {
        let v = reg
            .versions
            .iter()
            .find(|v| v.name == name)
            .ok_or_else(|| Error(format!("spirv: unknown version {name}")))?;
        let n = Literal::u32_unsuffixed((v.major << 22) | (v.minor << 12));
        Ok(quote!(#n))
    };
    let extension = |name: &str| -> Result<TokenStream, Error> {
        let i = reg
            .extensions
            .iter()
            .position(|e| e.name == name)
            .ok_or_else(|| Error(format!("spirv: unknown extension {name}")))?;
        let i = Literal::usize_unsuffixed(i);
        Ok(quote!(Extension(#i)))
    };
    let mut enable = |e: &SpirvEnable, item: &str| -> Result<TokenStream, Error> {
        Ok(match e {
            SpirvEnable::Version(v) => {
                stats.enables[0] += 1;
                let v = version(v)?;
                quote!(SpirvEnable::Version(#v))
            }
            SpirvEnable::Extension(x) => {
                stats.enables[1] += 1;
                let x = extension(x)?;
                quote!(SpirvEnable::Extension(#x))
            }
            SpirvEnable::Feature { structure, feature } => {
                stats.enables[2] += 1;
                let i = features
                    .binary_search(feature)
                    .map_err(|_| Error(format!("spirv: {item} names {structure}::{feature}, not a feature")))?;
                let i = Literal::usize_unsuffixed(i);
                quote!(SpirvEnable::Feature(Feature(#i)))
            }
            SpirvEnable::Property { structure, member, value, requires } => {
                stats.enables[3] += 1;
                property(reg, item, (structure, member, value), requires, &version, &extension)?
            }
        })
    };
    let mut table = |items: &[SpirvItem]| -> Result<(Vec<TokenStream>, usize), Error> {
        let mut sorted: Vec<&SpirvItem> = items.iter().collect();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        sorted.dedup_by(|a, b| a.name == b.name);
        let rows = sorted
            .iter()
            .map(|item| {
                let enables = item.enables.iter().map(|e| enable(e, &item.name)).collect::<Result<Vec<_>, _>>()?;
                let name = &item.name;
                Ok(quote!(SpirvItem { name: #name, enables: &[#(#enables),*] }))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let n = rows.len();
        Ok((rows, n))
    };
    let (extensions, n_ext) = table(&reg.spirv_extensions)?;
    let (capabilities, n_cap) = table(&reg.spirv_capabilities)?;
    stats.extensions = n_ext;
    stats.capabilities = n_cap;
    let structures = PROPERTY_STRUCTURES.iter().map(|(name, _)| ident(name));
    let variants = PROPERTY_STRUCTURES.iter().map(|(name, variant)| {
        let (doc, v) = (format!("`{name}`."), ident(variant));
        quote!(#[doc = #doc] #v)
    });
    let tokens = quote! {
        //! The SPIR-V extensions and capabilities Vulkan allows (vk.xml's `<spirvextensions>`
        //! and `<spirvcapabilities>`), each with what allows a module to declare it: any one of
        //! its enables.

        use crate::features::{Extension, Feature};
        use crate::{#(#structures),*};

        /// A SPIR-V extension or capability and what allows it.
        pub struct SpirvItem {
            /// The SPIR-V name (`SPV_KHR_variable_pointers`, `GroupNonUniform`).
            pub name: &'static str,
            pub enables: &'static [SpirvEnable],
        }

        /// One way to allow a SPIR-V extension or capability.
        pub enum SpirvEnable {
            /// The device's API version is at least this (`VK_MAKE_API_VERSION(0, major, minor, 0)`).
            Version(u32),
            /// The device extension is enabled.
            Extension(Extension),
            /// The feature is enabled.
            Feature(Feature),
            /// A device property: the 32-bit member at `offset` of `structure` has every bit of
            /// `bits`, on a device with one of `requires`.
            Property { structure: PropertyStructure, offset: usize, bits: u32, requires: &'static [SpirvRequire] },
        }

        /// What makes a property enable meaningful.
        pub enum SpirvRequire {
            Version(u32),
            Extension(Extension),
        }

        /// The property structures a property enable reads.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum PropertyStructure {
            #(#variants),*
        }

        /// The SPIR-V extensions Vulkan allows, sorted by name.
        pub static SPIRV_EXTENSIONS: [SpirvItem; #n_ext] = [#(#extensions),*];

        /// The SPIR-V capabilities Vulkan allows, sorted by name.
        pub static SPIRV_CAPABILITIES: [SpirvItem; #n_cap] = [#(#capabilities),*];
    };
    Ok(Output { tokens, stats })
}

/// A property enable: `structure::member` holds `value`, meaningful where one of `requires` holds.
fn property(
    reg: &Registry,
    item: &str,
    (structure, member, value): (&str, &str, &str),
    requires: &[String],
    version: &dyn Fn(&str) -> Result<TokenStream, Error>,
    extension: &dyn Fn(&str) -> Result<TokenStream, Error>,
) -> Result<TokenStream, Error> {
    let bad = |why: String| Error(format!("spirv: {item}: property {structure}::{member} = {value}: {why}"));
    let which = PROPERTY_STRUCTURES
        .iter()
        .find(|(name, _)| *name == structure)
        .map(|(_, v)| ident(v))
        .ok_or_else(|| bad("the layer does not query this structure".into()))?;
    let s = reg.struct_(structure).ok_or_else(|| bad("no such structure".into()))?;
    let m = s.members.iter().find(|m| m.name == member).ok_or_else(|| bad("no such member".into()))?;
    let ty = m.ty.as_named().ok_or_else(|| bad("not a named type".into()))?;
    let bits: u32 = if ty == "VkBool32" && value == "VK_TRUE" {
        1
    } else {
        let flags =
            reg.bitmasks.iter().find(|b| b.name == ty).ok_or_else(|| bad(format!("{ty} is not 32-bit flags")))?;
        let bit_enum = flags.bits.as_deref().and_then(|e| reg.enum_(e)).ok_or_else(|| bad("no bits".into()))?;
        if bit_enum.bitmask_width != Some(32) {
            return Err(bad(format!("{ty} is not 32-bit flags")));
        }
        let v = bit_enum.values.iter().find(|v| v.name == value).ok_or_else(|| bad("no such bit".into()))?;
        v.value as u32
    };
    let requires = requires
        .iter()
        .map(|r| {
            if r.starts_with("VK_VERSION_") {
                let v = version(r)?;
                Ok(quote!(SpirvRequire::Version(#v)))
            } else {
                let x = extension(r)?;
                Ok(quote!(SpirvRequire::Extension(#x)))
            }
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let (ty, member) = (ident(structure), ident(member));
    let bits = Literal::u32_unsuffixed(bits);
    Ok(quote! {
        SpirvEnable::Property {
            structure: PropertyStructure::#which,
            offset: core::mem::offset_of!(#ty, #member),
            bits: #bits,
            requires: &[#(#requires),*],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_registry_counts() {
        let reg = vigil_registry::load_pinned().unwrap();
        let out = generate(&reg).unwrap();
        assert_eq!(out.stats, Stats { extensions: 114, capabilities: 202, enables: [33, 143, 198, 24] });
    }
}
