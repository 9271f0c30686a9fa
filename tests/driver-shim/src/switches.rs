//! The switches that make the shim behave unlike lavapipe (`VIGIL_DRIVER_SHIM`), and the
//! values the switched behaviours report.

use ash::vk;

/// The environment variable holding the behaviour switches.
pub const BEHAVIOURS_VAR: &str = "VIGIL_DRIVER_SHIM";

/// Switches that make the shim behave unlike lavapipe, parsed from [`BEHAVIOURS_VAR`].
///
/// A switch is a field here and an arm in [`Behaviours::parse`], and takes effect where the
/// shim answers what it changes; each instance keeps the switches it was created with (its
/// devices, those of the instance at their creation). Planned: `lower-limits` (intercept
/// `vkGetPhysicalDeviceProperties(2)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Behaviours {
    /// `alias-handles`: samplers get values of the shim's own, counted per device from
    /// [`ALIASED_SAMPLER_BASE`], so the first sampler of every device has the same value, as a
    /// driver may do (the spec promises unique values only within a device). The shim
    /// translates them back in `vkDestroySampler`; tests must use such samplers nowhere else.
    pub alias_handles: bool,
    /// `extra-memory-type`: physical devices report two memory types more than the driver has,
    /// on heap 0: a protected one, then (the last) a device-local, lazily allocated one; no
    /// buffer or image allows them (the driver's `memoryTypeBits` never name them), and
    /// allocations from them are made from the driver's type 0. Rules about memory types (host
    /// visibility, a binding's allowed types, lazily allocated and protected memory) need types
    /// lavapipe, with its one type, cannot offer.
    pub extra_memory_type: bool,
    /// `no-compute-queue`: no queue family reports `VK_QUEUE_COMPUTE_BIT`, so command pools
    /// (of lavapipe's one universal family) support graphics and transfer only: the rules
    /// about a pool's queue capabilities need a family that lacks one.
    pub no_compute_queue: bool,
    /// `no-graphics-queue`: no queue family reports `VK_QUEUE_GRAPHICS_BIT` (the counterpart of
    /// `no-compute-queue`, for the rules about pools without graphics).
    pub no_graphics_queue: bool,
    /// `no-transfer-format-features`: `vkGetPhysicalDeviceFormatProperties` reports a feature
    /// fewer for four formats ([`HIDDEN_FORMAT_FEATURES`]): the rules about an image's format
    /// features need formats lavapipe supports less.
    pub no_transfer_format_features: bool,
    /// `no-storage-without-format`: `vkGetPhysicalDeviceFormatProperties2`'s
    /// `VkFormatProperties3` reports no `STORAGE_READ_WITHOUT_FORMAT` and
    /// `STORAGE_WRITE_WITHOUT_FORMAT` features for [`NO_STORAGE_WITHOUT_FORMAT`] (lavapipe
    /// reports them for every storage image format), for images and buffers: the draw-time
    /// rules about storage images and texel buffers of unknown format need a format without them.
    pub no_storage_without_format: bool,
    /// `low-draw-indirect-count`: `vkGetPhysicalDeviceProperties(2)` report
    /// `maxDrawIndirectCount` as [`LOW_DRAW_INDIRECT_COUNT`] (lavapipe's is `u32::MAX`, which no
    /// `drawCount` can exceed): the rules about that limit need a lower one.
    pub low_draw_indirect_count: bool,
    /// `low-memory-allocation-count`: `vkGetPhysicalDeviceProperties(2)` report
    /// `maxMemoryAllocationCount` as [`LOW_MEMORY_ALLOCATION_COUNT`] (lavapipe's is `u32::MAX`):
    /// the rule about that limit needs one a test can reach.
    pub low_memory_allocation_count: bool,
    /// `low-nesting-level`: `vkGetPhysicalDeviceProperties2` reports
    /// `VkPhysicalDeviceNestedCommandBufferPropertiesEXT::maxCommandBufferNestingLevel` as
    /// [`LOW_NESTING_LEVEL`] (lavapipe's is `u32::MAX`): the rule about that limit needs one a
    /// test can reach.
    pub low_nesting_level: bool,
    /// `restricted-topology`: `vkGetPhysicalDeviceProperties2` reports
    /// `VkPhysicalDeviceExtendedDynamicState3PropertiesEXT::dynamicPrimitiveTopologyUnrestricted`
    /// as VK_FALSE (lavapipe's is VK_TRUE): the rule that a topology set dynamically keep the
    /// pipeline's topology class needs a device that restricts it.
    pub restricted_topology: bool,
    /// `provoking-vertex-per-render-pass`: `vkGetPhysicalDeviceProperties2` reports
    /// `VkPhysicalDeviceProvokingVertexPropertiesEXT::provokingVertexModePerPipeline` as VK_FALSE
    /// (lavapipe's is VK_TRUE): the rule that the pipelines of a render pass instance share one
    /// provoking vertex mode needs a device that cannot switch it.
    pub provoking_vertex_per_render_pass: bool,
    /// `video-queue`: devices offer `VK_KHR_video_queue` and every queue family reports
    /// `VK_QUEUE_VIDEO_DECODE_BIT_KHR`; the shim implements the extension's commands (see
    /// `video.rs`). The rules about video coding scopes need one, and lavapipe has no video.
    pub video_queue: bool,
    /// `unsupported-surface`: `vkGetPhysicalDeviceSurfaceSupportKHR` says no queue family can
    /// present to any surface (lavapipe's every family presents to every surface): the rule
    /// that a swapchain's surface be supported by the device needs one that is not.
    pub unsupported_surface: bool,
    /// `bounded-surface-images`: `vkGetPhysicalDeviceSurfaceCapabilitiesKHR` reports
    /// `maxImageCount` as `minImageCount` + 1 (lavapipe's headless surface reports no maximum):
    /// the rule about a swapchain's image count needs one.
    pub bounded_surface_images: bool,
    /// `second-queue-family`: the physical device reports a second queue family, transfer only
    /// with one queue, whose queues and pools are the driver's family 0's (see
    /// `queue_families.rs`). The rules about queue families need two, and lavapipe has one.
    pub second_queue_family: bool,
    /// `low-custom-border-color-samplers`: `maxCustomBorderColorSamplers` is
    /// [`LOW_CUSTOM_BORDER_COLOR_SAMPLERS`] (lavapipe's is 32768): the rule about that limit needs
    /// one a test can reach (see `fragment_maps.rs`).
    pub low_custom_border_color_samplers: bool,
    /// `fragment-density-map`: devices offer `VK_EXT_fragment_density_map` and
    /// `VK_EXT_fragment_density_map2` with the properties of `fragment_maps.rs`; lavapipe has
    /// neither, and rules about density map images and subsampled images need them.
    pub fragment_density_map: bool,
    /// `fragment-shading-rate`: devices offer `VK_KHR_fragment_shading_rate`, without layered
    /// shading rate attachments (`fragment_maps.rs`), for the rules about shading rate images.
    pub fragment_shading_rate: bool,
    /// `raster-state-extensions`: devices offer the conservative rasterization, sample
    /// locations, discard rectangles and NV rasterization extensions lavapipe lacks, and the shim
    /// implements their state commands (see `raster_states.rs`). The draw rules about their
    /// dynamic states need a device that has them.
    pub raster_state_extensions: bool,
    /// `portability-subset`: devices offer `VK_KHR_portability_subset`, whose features a device
    /// may enable or not (`extensions.rs`); lavapipe is not a portability implementation, and
    /// the rules about the subset's features need one.
    pub portability_subset: bool,
    /// `dedicated-image-aliasing`: devices offer `VK_NV_dedicated_allocation_image_aliasing`
    /// (`extensions.rs`), for the rule about images bound to memory dedicated to another image.
    pub dedicated_image_aliasing: bool,
    /// `two-plane-444-features`: `vkGetPhysicalDeviceFormatProperties(2)` report sampling and
    /// transfer features for `G8_B8R8_2PLANE_444_UNORM` (`extensions.rs`; lavapipe reports
    /// none), for the rule about views of those formats before Vulkan 1.3.
    pub two_plane_444_features: bool,
    /// `maintenance11`: devices offer `VK_KHR_maintenance11` (`extensions.rs`), newer than
    /// lavapipe, for the rule about images with the flag it adds.
    pub maintenance11: bool,
    /// `fewer-format-features`: `vkGetPhysicalDeviceFormatProperties(2)` report fewer features
    /// for the formats of `FEWER_FORMAT_FEATURES` (`extensions.rs`): no DISJOINT for a
    /// multi-planar format, no depth/stencil attachment for a depth format, none at all for a
    /// color format.
    pub fewer_format_features: bool,
    // Draw-time and copy rules (see `protected_memory.rs`, `filter_cubic.rs` and
    // `corner_sampled.rs`).
    /// `protected-memory`: devices may enable the `protectedMemory` feature, which lavapipe
    /// lacks (see `protected_memory.rs`): the rules about protected command buffers need a
    /// device that can make them.
    pub protected_memory: bool,
    /// `filter-cubic`: devices offer `VK_EXT_filter_cubic` and `VK_IMG_filter_cubic`, with the
    /// cubic filtering format features and image view answers of `filter_cubic.rs`; lavapipe has
    /// neither, and the draw-time rules about cubic filtering need them.
    pub filter_cubic: bool,
    /// `corner-sampled-image`: devices offer `VK_NV_corner_sampled_image`, and lavapipe makes
    /// corner-sampled images as ordinary ones (see `corner_sampled.rs`): the draw-time rule
    /// about sampling them needs one.
    pub corner_sampled_image: bool,
}

/// The `maxDrawIndirectCount` that `low-draw-indirect-count` reports.
pub const LOW_DRAW_INDIRECT_COUNT: u32 = 4;

/// The `maxMemoryAllocationCount` that `low-memory-allocation-count` reports.
pub const LOW_MEMORY_ALLOCATION_COUNT: u32 = 64;

/// The `maxCommandBufferNestingLevel` that `low-nesting-level` reports.
pub const LOW_NESTING_LEVEL: u32 = 1;

/// The format `no-storage-without-format` takes the without-format storage features from.
pub const NO_STORAGE_WITHOUT_FORMAT: vk::Format = vk::Format::R16G16B16A16_SFLOAT;

/// What `no-transfer-format-features` hides: each format's optimal and linear tiling features
/// lose the flags beside it.
pub const HIDDEN_FORMAT_FEATURES: [(vk::Format, vk::FormatFeatureFlags); 4] = [
    (vk::Format::R8G8B8A8_SNORM, vk::FormatFeatureFlags::TRANSFER_SRC),
    (vk::Format::R16G16B16A16_SNORM, vk::FormatFeatureFlags::TRANSFER_DST),
    (vk::Format::R8G8_SNORM, vk::FormatFeatureFlags::COLOR_ATTACHMENT),
    (vk::Format::X8_D24_UNORM_PACK32, vk::FormatFeatureFlags::TRANSFER_DST),
];

/// The first value `alias-handles` hands out on each device; the next ones step by 16.
pub const ALIASED_SAMPLER_BASE: u64 = 0x5a5a_0000_0000;

impl Behaviours {
    /// The switches in `spec` (`name,name`); an unknown name is an error, so a test never runs
    /// without the behaviour it asked for.
    pub fn parse(spec: &str) -> Result<Behaviours, String> {
        let mut b = Behaviours::default();
        for name in spec.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "alias-handles" => b.alias_handles = true,
                "extra-memory-type" => b.extra_memory_type = true,
                "no-compute-queue" => b.no_compute_queue = true,
                "no-graphics-queue" => b.no_graphics_queue = true,
                "no-transfer-format-features" => b.no_transfer_format_features = true,
                "no-storage-without-format" => b.no_storage_without_format = true,
                "low-draw-indirect-count" => b.low_draw_indirect_count = true,
                "low-memory-allocation-count" => b.low_memory_allocation_count = true,
                "low-nesting-level" => b.low_nesting_level = true,
                "restricted-topology" => b.restricted_topology = true,
                "provoking-vertex-per-render-pass" => b.provoking_vertex_per_render_pass = true,
                "video-queue" => b.video_queue = true,
                "unsupported-surface" => b.unsupported_surface = true,
                "bounded-surface-images" => b.bounded_surface_images = true,
                "second-queue-family" => b.second_queue_family = true,
                "low-custom-border-color-samplers" => b.low_custom_border_color_samplers = true,
                "fragment-density-map" => b.fragment_density_map = true,
                "fragment-shading-rate" => b.fragment_shading_rate = true,
                "raster-state-extensions" => b.raster_state_extensions = true,
                "portability-subset" => b.portability_subset = true,
                "dedicated-image-aliasing" => b.dedicated_image_aliasing = true,
                "fewer-format-features" => b.fewer_format_features = true,
                "maintenance11" => b.maintenance11 = true,
                "two-plane-444-features" => b.two_plane_444_features = true,
                // Draw-time and copy rules.
                "protected-memory" => b.protected_memory = true,
                "filter-cubic" => b.filter_cubic = true,
                "corner-sampled-image" => b.corner_sampled_image = true,
                _ => return Err(format!("{BEHAVIOURS_VAR}: unknown switch `{name}`")),
            }
        }
        Ok(b)
    }
}
