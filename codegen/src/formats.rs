//! The formats' descriptions, from vk.xml's `<formats>` (the spec's format tables):
//! `generated/src/formats.rs`. Compatibility classes, texel blocks, compression, chroma
//! subsampling, components and planes, by `VkFormat` value. A format vk.xml describes that is not
//! a `VkFormat` value, or a component or numeric format of a kind the generator does not know,
//! fails generation.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vigil_registry::{Format, Registry};

use crate::names::ident;
use crate::Error;

/// The numeric formats vk.xml names, and their variants.
const NUMERIC: [(&str, &str); 11] = [
    ("UNORM", "Unorm"),
    ("SNORM", "Snorm"),
    ("USCALED", "Uscaled"),
    ("SSCALED", "Sscaled"),
    ("UINT", "Uint"),
    ("SINT", "Sint"),
    ("UFLOAT", "Ufloat"),
    ("SFLOAT", "Sfloat"),
    ("SRGB", "Srgb"),
    ("SFIXED5", "Sfixed5"),
    ("BOOL", "Bool"),
];

/// The components vk.xml names, and their variants.
const COMPONENTS: [(&str, &str); 6] = [("R", "R"), ("G", "G"), ("B", "B"), ("A", "A"), ("D", "D"), ("S", "S")];

/// Counts, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub formats: usize,
    pub classes: usize,
    pub compressed: usize,
    pub multi_planar: usize,
}

pub struct Output {
    pub tokens: TokenStream,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
}

fn variant(table: &[(&str, &'static str)], name: &str, what: &str, format: &str) -> Result<TokenStream, Error> {
    let v = table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| ident(v))
        .ok_or_else(|| Error(format!("formats: {format}: unknown {what} {name}")))?;
    Ok(quote!(#v))
}

pub fn generate(reg: &Registry) -> Result<Output, Error> {
    let values: BTreeMap<&str, i64> = reg
        .enums
        .iter()
        .find(|e| e.name == "VkFormat")
        .ok_or_else(|| Error("formats: no VkFormat enum".into()))?
        .values
        .iter()
        .map(|v| (v.name.as_str(), v.value))
        .collect();
    let value = |name: &str| -> Result<i64, Error> {
        values.get(name).copied().ok_or_else(|| Error(format!("formats: {name} is not a VkFormat value")))
    };
    let mut classes: Vec<&str> = reg.formats.iter().map(|f| f.class.as_str()).collect();
    classes.sort_unstable();
    classes.dedup();
    let mut stats = Stats { classes: classes.len(), ..Stats::default() };
    let mut rows = Vec::new();
    let mut arms = Vec::new();
    let mut seen = BTreeMap::new();
    for (i, f) in reg.formats.iter().enumerate() {
        let v = value(&f.name)?;
        if seen.insert(v, &f.name).is_some() {
            return Err(Error(format!("formats: {} described twice", f.name)));
        }
        stats.formats += 1;
        stats.compressed += usize::from(f.compressed.is_some());
        stats.multi_planar += usize::from(f.planes.len() > 1);
        let row = ident(&format!("F{i}"));
        let info = info(f, &classes, &value)?;
        let name = Literal::string(&f.name);
        rows.push(quote! {
            #[doc = #name]
            static #row: FormatInfo = #info;
        });
        let lit =
            Literal::i32_unsuffixed(i32::try_from(v).map_err(|_| Error(format!("formats: {} has value {v}", f.name)))?);
        arms.push(quote!(#lit => Some(&#row),));
    }
    let class_names = classes.iter().map(|c| Literal::string(c));
    let class_count = Literal::usize_unsuffixed(classes.len());
    let numeric = NUMERIC.iter().map(|(n, v)| {
        let v = ident(v);
        let doc = format!("`{n}`.");
        quote!(#[doc = #doc] #v,)
    });
    let components = COMPONENTS.iter().map(|(_, v)| {
        let v = ident(v);
        quote!(#v,)
    });
    let tokens = quote! {
        //! The formats' descriptions (vk.xml's `<formats>`, the spec's format tables): compatibility
        //! classes, texel blocks, compression, chroma subsampling, components and planes.
        use crate::VkFormat;

        /// What the spec's format tables say of one format.
        #[derive(Debug, PartialEq, Eq)]
        pub struct FormatInfo {
            /// Its compatibility class, an index into [`CLASSES`]: formats of one class are
            /// compatible.
            pub class: u16,
            /// Bytes per texel block (of all planes together, for a multi-planar format).
            pub block_size: u8,
            pub texels_per_block: u8,
            /// Texel block width, height and depth.
            pub block_extent: [u8; 3],
            /// Bits per packed word; 0 for a format that is not packed.
            pub packed: u8,
            /// The compression scheme (`BC`, `ETC2`, `EAC`, `ASTC LDR`, `ASTC HDR`, `PVRTC`).
            pub compressed: Option<&'static str>,
            /// The chroma subsampling (420, 422, 444); 0 for a format without.
            pub chroma: u16,
            pub components: &'static [Component],
            /// The planes of a multi-planar format, by index; empty for the others.
            pub planes: &'static [Plane],
        }

        /// One component of a format.
        #[derive(Debug, PartialEq, Eq)]
        pub struct Component {
            pub name: ComponentName,
            /// Its bits; 0 in a compressed format.
            pub bits: u8,
            pub numeric: Numeric,
            /// The plane it is in (0 for a single-plane format).
            pub plane: u8,
        }

        /// One plane of a multi-planar format.
        #[derive(Debug, PartialEq, Eq)]
        pub struct Plane {
            pub width_divisor: u8,
            pub height_divisor: u8,
            /// The single-plane format a view of this plane is compatible with.
            pub compatible: VkFormat,
        }

        /// A component's name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum ComponentName { #(#components)* }

        /// A component's numeric format.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Numeric { #(#numeric)* }

        /// The compatibility classes, by [`FormatInfo::class`].
        pub static CLASSES: [&str; #class_count] = [#(#class_names),*];

        impl FormatInfo {
            /// A block-compressed format.
            pub const fn is_compressed(&self) -> bool {
                self.compressed.is_some()
            }
            /// A format with more than one plane.
            pub const fn is_multi_planar(&self) -> bool {
                self.planes.len() > 1
            }
            /// A format that requires a sampler Y′CBCR conversion (the chroma-subsampled and
            /// multi-planar formats).
            pub const fn requires_ycbcr_conversion(&self) -> bool {
                self.chroma != 0
            }
            /// Whether it has a component named `name`.
            pub fn has(&self, name: ComponentName) -> bool {
                self.components.iter().any(|c| c.name == name)
            }
            /// A depth, stencil or depth/stencil format.
            pub fn is_depth_or_stencil(&self) -> bool {
                self.has(ComponentName::D) || self.has(ComponentName::S)
            }
            /// Its compatibility class's name.
            pub fn class_name(&self) -> &'static str {
                CLASSES[self.class as usize]
            }
        }

        #(#rows)*

        /// The description of `format`; `None` for `VK_FORMAT_UNDEFINED` and values vk.xml does
        /// not describe.
        pub const fn format_info(format: VkFormat) -> Option<&'static FormatInfo> {
            match format.0 {
                #(#arms)*
                _ => None,
            }
        }
    };
    Ok(Output { tokens, stats })
}

/// The `FormatInfo` expression of `f`.
fn info(f: &Format, classes: &[&str], value: &dyn Fn(&str) -> Result<i64, Error>) -> Result<TokenStream, Error> {
    let small = |n: u32, what: &str| -> Result<Literal, Error> {
        u8::try_from(n).map(Literal::u8_unsuffixed).map_err(|_| Error(format!("formats: {}: {what} {n}", f.name)))
    };
    let class = Literal::u16_unsuffixed(classes.binary_search(&f.class.as_str()).expect("collected above") as u16);
    let block_size = small(f.block_size, "blockSize")?;
    let texels = small(f.texels_per_block, "texelsPerBlock")?;
    let [w, h, d] = f.block_extent;
    let (w, h, d) = (small(w, "blockExtent")?, small(h, "blockExtent")?, small(d, "blockExtent")?);
    let packed = small(f.packed.unwrap_or(0), "packed")?;
    let compressed = match &f.compressed {
        Some(c) => quote!(Some(#c)),
        None => quote!(None),
    };
    let chroma = match f.chroma.as_deref() {
        None => 0,
        Some(c @ ("420" | "422" | "444")) => c.parse::<u16>().expect("matched digits"),
        Some(c) => return Err(Error(format!("formats: {}: chroma {c}", f.name))),
    };
    let chroma = Literal::u16_unsuffixed(chroma);
    let components = f
        .components
        .iter()
        .map(|c| {
            let name = variant(&COMPONENTS, &c.name, "component", &f.name)?;
            let numeric = variant(&NUMERIC, &c.numeric, "numeric format", &f.name)?;
            let bits = small(c.bits.unwrap_or(0), "bits")?;
            let plane = small(c.plane.unwrap_or(0), "planeIndex")?;
            Ok(quote!(Component { name: ComponentName::#name, bits: #bits, numeric: Numeric::#numeric, plane: #plane }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let mut planes = f.planes.clone();
    planes.sort_by_key(|p| p.index);
    if planes.iter().enumerate().any(|(i, p)| p.index as usize != i) {
        return Err(Error(format!("formats: {}: planes are not numbered 0..n", f.name)));
    }
    let planes = planes
        .iter()
        .map(|p| {
            let (wd, hd) = (small(p.width_divisor, "widthDivisor")?, small(p.height_divisor, "heightDivisor")?);
            value(&p.compatible)?;
            let compatible = ident(&p.compatible);
            Ok(quote!(Plane { width_divisor: #wd, height_divisor: #hd, compatible: VkFormat::#compatible }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(quote! {
        FormatInfo {
            class: #class,
            block_size: #block_size,
            texels_per_block: #texels,
            block_extent: [#w, #h, #d],
            packed: #packed,
            compressed: #compressed,
            chroma: #chroma,
            components: &[#(#components),*],
            planes: &[#(#planes),*],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_of_the_pinned_registry_is_described() {
        let reg = vigil_registry::load_pinned().expect("pinned registry");
        let out = generate(&reg).expect("generates");
        // 1.4.363: 297 formats in 96 classes; 106 compressed; 26 with two or three planes.
        assert_eq!(out.stats, Stats { formats: 297, classes: 96, compressed: 106, multi_planar: 26 });
    }
}
