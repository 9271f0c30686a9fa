//! The physical device's format features, asked of the driver once per format: an image,
//! view or texel buffer created in a loop would otherwise ask through the loader's
//! trampoline every time, which costs more than the rest of the tracker's work on the call.

use std::sync::{Mutex, OnceLock, PoisonError};

use vigil_generated::*;

/// Formats below this value (the core formats of Vulkan 1.0) have a slot each; the rest
/// (extension formats, numbered from 1000000000) share a short list.
const CORE_FORMATS: usize = VkFormat::VK_FORMAT_ASTC_12x12_SRGB_BLOCK.0 as usize + 1;

/// What the driver says of one format.
#[derive(Clone, Copy)]
struct Answers {
    /// `vkGetPhysicalDeviceFormatProperties`'s answer.
    properties: Option<VkFormatProperties>,
    /// `VkFormatProperties3`: linear, optimal and buffer features.
    three: Option<(u64, u64, u64)>,
}

/// The answers asked so far, by format.
pub struct FormatCache {
    core: Box<[OnceLock<Answers>]>,
    extended: Mutex<Vec<(i32, Answers)>>,
}

impl Default for FormatCache {
    fn default() -> Self {
        FormatCache { core: (0..CORE_FORMATS).map(|_| OnceLock::new()).collect(), extended: Mutex::default() }
    }
}

impl FormatCache {
    /// The answers for `format`, asking `ask` the first time.
    fn answers(&self, format: VkFormat, ask: impl FnOnce() -> Answers) -> Answers {
        if let Some(slot) = usize::try_from(format.0).ok().and_then(|i| self.core.get(i)) {
            return *slot.get_or_init(ask);
        }
        let mut extended = self.extended.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, a)) = extended.iter().find(|(f, _)| *f == format.0) {
            return *a;
        }
        let a = ask();
        extended.push((format.0, a));
        a
    }
}

impl super::DeviceFacts {
    fn format_answers(&self, format: VkFormat) -> Answers {
        self.formats.answers(format, || Answers {
            properties: self.get_format_properties.map(|get| {
                let mut out = VkFormatProperties::default();
                // SAFETY: the next layer's query, on the device's own physical device.
                unsafe { get(self.physical_device, format, &mut out) };
                out
            }),
            three: self.get_format_properties2.map(|get| {
                let mut three = VkFormatProperties3::default();
                let mut out = VkFormatProperties2 { pNext: &mut three as *mut _ as *mut _, ..Default::default() };
                // SAFETY: the next layer's query, on the device's own physical device, which
                // answers VkFormatProperties3 (Vulkan 1.3); the chain lives on this frame.
                unsafe { get(self.physical_device, format, &mut out) };
                (three.linearTilingFeatures.0, three.optimalTilingFeatures.0, three.bufferFeatures.0)
            }),
        })
    }

    /// The physical device's properties of `format`, from the next layer.
    pub fn format_properties(&self, format: VkFormat) -> Option<VkFormatProperties> {
        self.format_answers(format).properties
    }

    /// The physical device's `VkFormatProperties3` of `format` (`VkFormatFeatureFlags2`: linear
    /// and optimal tiling, buffers), from the next layer; `None` where it cannot answer them.
    pub fn format_properties3(&self, format: VkFormat) -> Option<(u64, u64, u64)> {
        self.format_answers(format).three
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// Each format is asked of the driver once, core and extension formats alike, and each
    /// keeps its own answer.
    #[test]
    fn each_format_is_asked_once() {
        let cache = FormatCache::default();
        let asked = Cell::new(0);
        let answer = |bits: u64| Answers { properties: None, three: Some((bits, 0, 0)) };
        let formats = [
            VkFormat::VK_FORMAT_R8G8B8A8_UNORM,
            VkFormat::VK_FORMAT_ASTC_12x12_SRGB_BLOCK,
            VkFormat::VK_FORMAT_G8B8G8R8_422_UNORM,
            VkFormat::VK_FORMAT_A4R4G4B4_UNORM_PACK16,
        ];
        for _ in 0..3 {
            for (i, &f) in formats.iter().enumerate() {
                let got = cache.answers(f, || {
                    asked.set(asked.get() + 1);
                    answer(i as u64)
                });
                assert_eq!(got.three, Some((i as u64, 0, 0)));
            }
        }
        assert_eq!(asked.get(), formats.len());
    }
}
