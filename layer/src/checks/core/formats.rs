//! What the transfer commands' rules need of the core formats (1 to 184): texel block size and
//! extent, aspects, integer kinds, compression. Written from the `<formats>` of the pinned
//! `vk.xml`; a unit test reads that file again and compares every row. Formats past 184
//! (multi-planar, extension formats) are not described: the rules that need them are not checked.

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

const fn fmt(size: u32, w: u32, h: u32, kind: u8) -> FormatInfo {
    FormatInfo { size, block: [w, h], kind }
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

/// The described formats' rows, by value (row 0 is format 1).
#[rustfmt::skip]
const FORMATS: [FormatInfo; 184] = [
    fmt(1, 1, 1, COLOR), // 1 R4G4_UNORM_PACK8
    fmt(2, 1, 1, COLOR), // 2 R4G4B4A4_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 3 B4G4R4A4_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 4 R5G6B5_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 5 B5G6R5_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 6 R5G5B5A1_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 7 B5G5R5A1_UNORM_PACK16
    fmt(2, 1, 1, COLOR), // 8 A1R5G5B5_UNORM_PACK16
    fmt(1, 1, 1, COLOR), // 9 R8_UNORM
    fmt(1, 1, 1, COLOR), // 10 R8_SNORM
    fmt(1, 1, 1, COLOR), // 11 R8_USCALED
    fmt(1, 1, 1, COLOR), // 12 R8_SSCALED
    fmt(1, 1, 1, COLOR|UINT), // 13 R8_UINT
    fmt(1, 1, 1, COLOR|SINT), // 14 R8_SINT
    fmt(1, 1, 1, COLOR), // 15 R8_SRGB
    fmt(2, 1, 1, COLOR), // 16 R8G8_UNORM
    fmt(2, 1, 1, COLOR), // 17 R8G8_SNORM
    fmt(2, 1, 1, COLOR), // 18 R8G8_USCALED
    fmt(2, 1, 1, COLOR), // 19 R8G8_SSCALED
    fmt(2, 1, 1, COLOR|UINT), // 20 R8G8_UINT
    fmt(2, 1, 1, COLOR|SINT), // 21 R8G8_SINT
    fmt(2, 1, 1, COLOR), // 22 R8G8_SRGB
    fmt(3, 1, 1, COLOR), // 23 R8G8B8_UNORM
    fmt(3, 1, 1, COLOR), // 24 R8G8B8_SNORM
    fmt(3, 1, 1, COLOR), // 25 R8G8B8_USCALED
    fmt(3, 1, 1, COLOR), // 26 R8G8B8_SSCALED
    fmt(3, 1, 1, COLOR|UINT), // 27 R8G8B8_UINT
    fmt(3, 1, 1, COLOR|SINT), // 28 R8G8B8_SINT
    fmt(3, 1, 1, COLOR), // 29 R8G8B8_SRGB
    fmt(3, 1, 1, COLOR), // 30 B8G8R8_UNORM
    fmt(3, 1, 1, COLOR), // 31 B8G8R8_SNORM
    fmt(3, 1, 1, COLOR), // 32 B8G8R8_USCALED
    fmt(3, 1, 1, COLOR), // 33 B8G8R8_SSCALED
    fmt(3, 1, 1, COLOR|UINT), // 34 B8G8R8_UINT
    fmt(3, 1, 1, COLOR|SINT), // 35 B8G8R8_SINT
    fmt(3, 1, 1, COLOR), // 36 B8G8R8_SRGB
    fmt(4, 1, 1, COLOR), // 37 R8G8B8A8_UNORM
    fmt(4, 1, 1, COLOR), // 38 R8G8B8A8_SNORM
    fmt(4, 1, 1, COLOR), // 39 R8G8B8A8_USCALED
    fmt(4, 1, 1, COLOR), // 40 R8G8B8A8_SSCALED
    fmt(4, 1, 1, COLOR|UINT), // 41 R8G8B8A8_UINT
    fmt(4, 1, 1, COLOR|SINT), // 42 R8G8B8A8_SINT
    fmt(4, 1, 1, COLOR), // 43 R8G8B8A8_SRGB
    fmt(4, 1, 1, COLOR), // 44 B8G8R8A8_UNORM
    fmt(4, 1, 1, COLOR), // 45 B8G8R8A8_SNORM
    fmt(4, 1, 1, COLOR), // 46 B8G8R8A8_USCALED
    fmt(4, 1, 1, COLOR), // 47 B8G8R8A8_SSCALED
    fmt(4, 1, 1, COLOR|UINT), // 48 B8G8R8A8_UINT
    fmt(4, 1, 1, COLOR|SINT), // 49 B8G8R8A8_SINT
    fmt(4, 1, 1, COLOR), // 50 B8G8R8A8_SRGB
    fmt(4, 1, 1, COLOR), // 51 A8B8G8R8_UNORM_PACK32
    fmt(4, 1, 1, COLOR), // 52 A8B8G8R8_SNORM_PACK32
    fmt(4, 1, 1, COLOR), // 53 A8B8G8R8_USCALED_PACK32
    fmt(4, 1, 1, COLOR), // 54 A8B8G8R8_SSCALED_PACK32
    fmt(4, 1, 1, COLOR|UINT), // 55 A8B8G8R8_UINT_PACK32
    fmt(4, 1, 1, COLOR|SINT), // 56 A8B8G8R8_SINT_PACK32
    fmt(4, 1, 1, COLOR), // 57 A8B8G8R8_SRGB_PACK32
    fmt(4, 1, 1, COLOR), // 58 A2R10G10B10_UNORM_PACK32
    fmt(4, 1, 1, COLOR), // 59 A2R10G10B10_SNORM_PACK32
    fmt(4, 1, 1, COLOR), // 60 A2R10G10B10_USCALED_PACK32
    fmt(4, 1, 1, COLOR), // 61 A2R10G10B10_SSCALED_PACK32
    fmt(4, 1, 1, COLOR|UINT), // 62 A2R10G10B10_UINT_PACK32
    fmt(4, 1, 1, COLOR|SINT), // 63 A2R10G10B10_SINT_PACK32
    fmt(4, 1, 1, COLOR), // 64 A2B10G10R10_UNORM_PACK32
    fmt(4, 1, 1, COLOR), // 65 A2B10G10R10_SNORM_PACK32
    fmt(4, 1, 1, COLOR), // 66 A2B10G10R10_USCALED_PACK32
    fmt(4, 1, 1, COLOR), // 67 A2B10G10R10_SSCALED_PACK32
    fmt(4, 1, 1, COLOR|UINT), // 68 A2B10G10R10_UINT_PACK32
    fmt(4, 1, 1, COLOR|SINT), // 69 A2B10G10R10_SINT_PACK32
    fmt(2, 1, 1, COLOR), // 70 R16_UNORM
    fmt(2, 1, 1, COLOR), // 71 R16_SNORM
    fmt(2, 1, 1, COLOR), // 72 R16_USCALED
    fmt(2, 1, 1, COLOR), // 73 R16_SSCALED
    fmt(2, 1, 1, COLOR|UINT), // 74 R16_UINT
    fmt(2, 1, 1, COLOR|SINT), // 75 R16_SINT
    fmt(2, 1, 1, COLOR), // 76 R16_SFLOAT
    fmt(4, 1, 1, COLOR), // 77 R16G16_UNORM
    fmt(4, 1, 1, COLOR), // 78 R16G16_SNORM
    fmt(4, 1, 1, COLOR), // 79 R16G16_USCALED
    fmt(4, 1, 1, COLOR), // 80 R16G16_SSCALED
    fmt(4, 1, 1, COLOR|UINT), // 81 R16G16_UINT
    fmt(4, 1, 1, COLOR|SINT), // 82 R16G16_SINT
    fmt(4, 1, 1, COLOR), // 83 R16G16_SFLOAT
    fmt(6, 1, 1, COLOR), // 84 R16G16B16_UNORM
    fmt(6, 1, 1, COLOR), // 85 R16G16B16_SNORM
    fmt(6, 1, 1, COLOR), // 86 R16G16B16_USCALED
    fmt(6, 1, 1, COLOR), // 87 R16G16B16_SSCALED
    fmt(6, 1, 1, COLOR|UINT), // 88 R16G16B16_UINT
    fmt(6, 1, 1, COLOR|SINT), // 89 R16G16B16_SINT
    fmt(6, 1, 1, COLOR), // 90 R16G16B16_SFLOAT
    fmt(8, 1, 1, COLOR), // 91 R16G16B16A16_UNORM
    fmt(8, 1, 1, COLOR), // 92 R16G16B16A16_SNORM
    fmt(8, 1, 1, COLOR), // 93 R16G16B16A16_USCALED
    fmt(8, 1, 1, COLOR), // 94 R16G16B16A16_SSCALED
    fmt(8, 1, 1, COLOR|UINT), // 95 R16G16B16A16_UINT
    fmt(8, 1, 1, COLOR|SINT), // 96 R16G16B16A16_SINT
    fmt(8, 1, 1, COLOR), // 97 R16G16B16A16_SFLOAT
    fmt(4, 1, 1, COLOR|UINT), // 98 R32_UINT
    fmt(4, 1, 1, COLOR|SINT), // 99 R32_SINT
    fmt(4, 1, 1, COLOR), // 100 R32_SFLOAT
    fmt(8, 1, 1, COLOR|UINT), // 101 R32G32_UINT
    fmt(8, 1, 1, COLOR|SINT), // 102 R32G32_SINT
    fmt(8, 1, 1, COLOR), // 103 R32G32_SFLOAT
    fmt(12, 1, 1, COLOR|UINT), // 104 R32G32B32_UINT
    fmt(12, 1, 1, COLOR|SINT), // 105 R32G32B32_SINT
    fmt(12, 1, 1, COLOR), // 106 R32G32B32_SFLOAT
    fmt(16, 1, 1, COLOR|UINT), // 107 R32G32B32A32_UINT
    fmt(16, 1, 1, COLOR|SINT), // 108 R32G32B32A32_SINT
    fmt(16, 1, 1, COLOR), // 109 R32G32B32A32_SFLOAT
    fmt(8, 1, 1, COLOR|UINT), // 110 R64_UINT
    fmt(8, 1, 1, COLOR|SINT), // 111 R64_SINT
    fmt(8, 1, 1, COLOR), // 112 R64_SFLOAT
    fmt(16, 1, 1, COLOR|UINT), // 113 R64G64_UINT
    fmt(16, 1, 1, COLOR|SINT), // 114 R64G64_SINT
    fmt(16, 1, 1, COLOR), // 115 R64G64_SFLOAT
    fmt(24, 1, 1, COLOR|UINT), // 116 R64G64B64_UINT
    fmt(24, 1, 1, COLOR|SINT), // 117 R64G64B64_SINT
    fmt(24, 1, 1, COLOR), // 118 R64G64B64_SFLOAT
    fmt(32, 1, 1, COLOR|UINT), // 119 R64G64B64A64_UINT
    fmt(32, 1, 1, COLOR|SINT), // 120 R64G64B64A64_SINT
    fmt(32, 1, 1, COLOR), // 121 R64G64B64A64_SFLOAT
    fmt(4, 1, 1, COLOR), // 122 B10G11R11_UFLOAT_PACK32
    fmt(4, 1, 1, COLOR), // 123 E5B9G9R9_UFLOAT_PACK32
    fmt(2, 1, 1, DEPTH), // 124 D16_UNORM
    fmt(4, 1, 1, DEPTH), // 125 X8_D24_UNORM_PACK32
    fmt(4, 1, 1, DEPTH), // 126 D32_SFLOAT
    fmt(1, 1, 1, STENCIL), // 127 S8_UINT
    fmt(3, 1, 1, DEPTH|STENCIL), // 128 D16_UNORM_S8_UINT
    fmt(4, 1, 1, DEPTH|STENCIL), // 129 D24_UNORM_S8_UINT
    fmt(5, 1, 1, DEPTH|STENCIL), // 130 D32_SFLOAT_S8_UINT
    fmt(8, 4, 4, COLOR|COMPRESSED), // 131 BC1_RGB_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 132 BC1_RGB_SRGB_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 133 BC1_RGBA_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 134 BC1_RGBA_SRGB_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 135 BC2_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 136 BC2_SRGB_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 137 BC3_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 138 BC3_SRGB_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 139 BC4_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 140 BC4_SNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 141 BC5_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 142 BC5_SNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 143 BC6H_UFLOAT_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 144 BC6H_SFLOAT_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 145 BC7_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 146 BC7_SRGB_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 147 ETC2_R8G8B8_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 148 ETC2_R8G8B8_SRGB_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 149 ETC2_R8G8B8A1_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 150 ETC2_R8G8B8A1_SRGB_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 151 ETC2_R8G8B8A8_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 152 ETC2_R8G8B8A8_SRGB_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 153 EAC_R11_UNORM_BLOCK
    fmt(8, 4, 4, COLOR|COMPRESSED), // 154 EAC_R11_SNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 155 EAC_R11G11_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 156 EAC_R11G11_SNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 157 ASTC_4x4_UNORM_BLOCK
    fmt(16, 4, 4, COLOR|COMPRESSED), // 158 ASTC_4x4_SRGB_BLOCK
    fmt(16, 5, 4, COLOR|COMPRESSED), // 159 ASTC_5x4_UNORM_BLOCK
    fmt(16, 5, 4, COLOR|COMPRESSED), // 160 ASTC_5x4_SRGB_BLOCK
    fmt(16, 5, 5, COLOR|COMPRESSED), // 161 ASTC_5x5_UNORM_BLOCK
    fmt(16, 5, 5, COLOR|COMPRESSED), // 162 ASTC_5x5_SRGB_BLOCK
    fmt(16, 6, 5, COLOR|COMPRESSED), // 163 ASTC_6x5_UNORM_BLOCK
    fmt(16, 6, 5, COLOR|COMPRESSED), // 164 ASTC_6x5_SRGB_BLOCK
    fmt(16, 6, 6, COLOR|COMPRESSED), // 165 ASTC_6x6_UNORM_BLOCK
    fmt(16, 6, 6, COLOR|COMPRESSED), // 166 ASTC_6x6_SRGB_BLOCK
    fmt(16, 8, 5, COLOR|COMPRESSED), // 167 ASTC_8x5_UNORM_BLOCK
    fmt(16, 8, 5, COLOR|COMPRESSED), // 168 ASTC_8x5_SRGB_BLOCK
    fmt(16, 8, 6, COLOR|COMPRESSED), // 169 ASTC_8x6_UNORM_BLOCK
    fmt(16, 8, 6, COLOR|COMPRESSED), // 170 ASTC_8x6_SRGB_BLOCK
    fmt(16, 8, 8, COLOR|COMPRESSED), // 171 ASTC_8x8_UNORM_BLOCK
    fmt(16, 8, 8, COLOR|COMPRESSED), // 172 ASTC_8x8_SRGB_BLOCK
    fmt(16, 10, 5, COLOR|COMPRESSED), // 173 ASTC_10x5_UNORM_BLOCK
    fmt(16, 10, 5, COLOR|COMPRESSED), // 174 ASTC_10x5_SRGB_BLOCK
    fmt(16, 10, 6, COLOR|COMPRESSED), // 175 ASTC_10x6_UNORM_BLOCK
    fmt(16, 10, 6, COLOR|COMPRESSED), // 176 ASTC_10x6_SRGB_BLOCK
    fmt(16, 10, 8, COLOR|COMPRESSED), // 177 ASTC_10x8_UNORM_BLOCK
    fmt(16, 10, 8, COLOR|COMPRESSED), // 178 ASTC_10x8_SRGB_BLOCK
    fmt(16, 10, 10, COLOR|COMPRESSED), // 179 ASTC_10x10_UNORM_BLOCK
    fmt(16, 10, 10, COLOR|COMPRESSED), // 180 ASTC_10x10_SRGB_BLOCK
    fmt(16, 12, 10, COLOR|COMPRESSED), // 181 ASTC_12x10_UNORM_BLOCK
    fmt(16, 12, 10, COLOR|COMPRESSED), // 182 ASTC_12x10_SRGB_BLOCK
    fmt(16, 12, 12, COLOR|COMPRESSED), // 183 ASTC_12x12_UNORM_BLOCK
    fmt(16, 12, 12, COLOR|COMPRESSED), // 184 ASTC_12x12_SRGB_BLOCK
];

/// What the rules need of `format`; `None` for a format not described here.
pub(super) fn format_info(format: VkFormat) -> Option<FormatInfo> {
    usize::try_from(format.0).ok()?.checked_sub(1).and_then(|i| FORMATS.get(i)).copied()
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
