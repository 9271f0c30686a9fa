//! What the transfer commands' rules need of the core formats (1 to 184): texel block size and
//! extent, aspects, integer kinds, compression, from the generated format tables (vk.xml's
//! `<formats>`); a unit test reads the pinned `vk.xml` again and compares every format. Formats
//! past 184 (multi-planar, extension formats) are not described: the rules that need them are not
//! checked.

use vigil_generated::*;

const COLOR: u8 = 1;
const DEPTH: u8 = 2;
const STENCIL: u8 = 4;
const UINT: u8 = 8;
const SINT: u8 = 16;
const COMPRESSED: u8 = 32;

/// One format's texel block and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FormatInfo {
    /// Texel block size in bytes.
    pub size: u32,
    /// Texel block width and height (depth is 1 for every described format).
    pub block: [u32; 2],
    kind: u8,
}

impl FormatInfo {
    pub fn color(&self) -> bool {
        self.kind & COLOR != 0
    }
    pub fn depth(&self) -> bool {
        self.kind & DEPTH != 0
    }
    pub fn stencil(&self) -> bool {
        self.kind & STENCIL != 0
    }
    /// A depth/stencil format.
    pub fn depth_stencil(&self) -> bool {
        self.kind & (DEPTH | STENCIL) != 0
    }
    /// A color format whose components are all unsigned integers.
    pub fn uint(&self) -> bool {
        self.kind & UINT != 0
    }
    /// A color format whose components are all signed integers.
    pub fn sint(&self) -> bool {
        self.kind & SINT != 0
    }
    pub fn compressed(&self) -> bool {
        self.kind & COMPRESSED != 0
    }
    /// Its `VkImageAspectFlags`.
    pub fn aspects(&self) -> u32 {
        use VkImageAspectFlags as A;
        let mut a = 0;
        for (bit, aspect) in [(COLOR, A::VK_IMAGE_ASPECT_COLOR_BIT), (DEPTH, A::VK_IMAGE_ASPECT_DEPTH_BIT)]
            .into_iter()
            .chain([(STENCIL, A::VK_IMAGE_ASPECT_STENCIL_BIT)])
        {
            if self.kind & bit != 0 {
                a |= aspect.0;
            }
        }
        a
    }
    /// The size in bytes of one texel block of the aspects `mask` in buffer memory: a depth/stencil
    /// format's aspects are copied one at a time (D24 in 4 bytes, stencil in 1).
    pub fn aspect_size(&self, mask: u32) -> u32 {
        if !self.depth_stencil() {
            return self.size;
        }
        if mask == VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0 {
            return 1;
        }
        // D16 (2 bytes, 3 with stencil), the others 4.
        if self.size == 2 || self.size == 3 {
            2
        } else {
            4
        }
    }
}

/// What the rules need of `format`; `None` for a format not described here (past the core
/// formats).
pub(super) fn format_info(format: VkFormat) -> Option<FormatInfo> {
    usize::try_from(format.0).ok()?.checked_sub(1).and_then(|i| FORMATS.get(i)).copied()
}

/// The last core format (`VK_FORMAT_ASTC_12x12_SRGB_BLOCK`): the transfer rules describe formats
/// up to it (multi-planar and extension formats have per-plane rules not checked here).
const CORE_FORMATS: usize = 184;

/// The described formats' rows, by value (row 0 is format 1), built at compile time from the
/// generated format tables.
const FORMATS: [FormatInfo; CORE_FORMATS] = {
    let mut rows = [FormatInfo { size: 0, block: [0, 0], kind: 0 }; CORE_FORMATS];
    let mut i = 0;
    while i < CORE_FORMATS {
        rows[i] = describe(VkFormat(i as i32 + 1));
        i += 1;
    }
    rows
};

/// The row of `format` (a core format vk.xml describes: anything else fails compilation).
const fn describe(format: VkFormat) -> FormatInfo {
    use vigil_generated::formats::{ComponentName as C, Numeric as N};
    let Some(f) = vigil_generated::formats::format_info(format) else { panic!("a core format vk.xml describes") };
    let (mut depth, mut stencil, mut all_uint, mut all_sint) = (false, false, true, true);
    let mut i = 0;
    while i < f.components.len() {
        let c = &f.components[i];
        depth |= matches!(c.name, C::D);
        stencil |= matches!(c.name, C::S);
        all_uint &= matches!(c.numeric, N::Uint);
        all_sint &= matches!(c.numeric, N::Sint);
        i += 1;
    }
    let mut kind = if depth || stencil { 0 } else { COLOR };
    if depth {
        kind |= DEPTH;
    }
    if stencil {
        kind |= STENCIL;
    }
    if kind == COLOR && all_uint {
        kind |= UINT;
    }
    if kind == COLOR && all_sint {
        kind |= SINT;
    }
    if f.is_compressed() {
        kind |= COMPRESSED;
    }
    FormatInfo { size: f.block_size as u32, block: [f.block_extent[0] as u32, f.block_extent[1] as u32], kind }
}

/// The name of format `f`, for messages.
pub(super) fn format_name(f: VkFormat) -> String {
    f.name().map_or_else(|| format!("{}", f.0), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row against the pinned `vk.xml`'s `<format>` elements.
    #[test]
    fn rows_match_the_registry() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../registry/vk.xml");
        let xml = std::fs::read_to_string(path).expect("registry/vk.xml");
        let mut seen = 0;
        for chunk in xml.split("<format name=\"").skip(1) {
            let body = &chunk[..chunk.find("</format>").expect("</format>")];
            let name = &body[..body.find('"').expect("name")];
            let Some(format) = (1..=184).map(VkFormat).find(|f| f.name() == Some(name)) else { continue };
            let attr = |a: &str| {
                let start = body.find(&format!(" {a}=\"")).map(|i| i + a.len() + 3)?;
                Some(&body[start..start + body[start..].find('"')?])
            };
            let size: u32 = attr("blockSize").and_then(|s| s.parse().ok()).expect("blockSize");
            let block: Vec<u32> =
                attr("blockExtent").unwrap_or("1,1,1").split(',').map(|v| v.parse().unwrap()).collect();
            let components: Vec<(&str, &str)> = body
                .split("<component name=\"")
                .skip(1)
                .map(|c| (&c[..1], c.split("numericFormat=\"").nth(1).map_or("", |n| &n[..n.find('"').unwrap()])))
                .collect();
            let info = format_info(format).expect("described");
            assert_eq!((info.size, info.block, block[2]), (size, [block[0], block[1]], 1), "{name}");
            assert_eq!(info.depth(), components.iter().any(|c| c.0 == "D"), "{name}");
            assert_eq!(info.stencil(), components.iter().any(|c| c.0 == "S"), "{name}");
            assert_eq!(info.color(), !info.depth_stencil(), "{name}");
            let all = |n: &str| components.iter().all(|c| c.1 == n);
            assert_eq!(info.uint(), info.color() && all("UINT"), "{name}");
            assert_eq!(info.sint(), info.color() && all("SINT"), "{name}");
            assert_eq!(info.compressed(), attr("compressed").is_some(), "{name}");
            seen += 1;
        }
        assert_eq!(seen, 184);
    }
}
