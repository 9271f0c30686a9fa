//! The plain values in the object table's typed state: what the tracker keeps of create infos,
//! shader reflection and recorded commands, with no record or key in them, so that `records`
//! can hold them without the concern modules that work on them (queries, descriptors, render
//! passes, …) and `records` importing each other.

use std::sync::atomic::{AtomicBool, AtomicU32};
use std::sync::Mutex;

use super::set_once::SetOnce;

use vigil_generated::*;

/// A shader module's state: its reflection, once created.
#[derive(Default)]
pub struct ShaderModuleState {
    pub(super) reflection: SetOnce<Reflection>,
}

/// What Vigil learned from a module's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reflection {
    Parsed(Vec<EntryPoint>),
    /// The code could not be parsed (malformed, or instructions newer than the SPIR-V grammar
    /// Vigil was built with): why. Nothing is known about what it uses.
    Unparsed(String),
}

/// What one entry point statically uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryPoint {
    pub name: String,
    /// Its `VkShaderStageFlagBits`; 0 for execution models Vulkan has no stage for (kernels).
    pub stage: u32,
    /// Sorted by set and binding, each pair once.
    pub resources: Vec<ResourceUse>,
    /// The images it samples with separate samplers, sorted, each pair once.
    pub sampled_pairs: Vec<SampledPair>,
    /// `Some(bytes)` when it uses a push constant block: the block's size as declared (0 when
    /// the layout of its types could not be worked out); `None` when it uses none.
    pub push_constants: Option<u32>,
    /// Its workgroup size: the module's `WorkgroupSize` built-in when it is a constant (it
    /// overrides the execution mode), else its `LocalSize` execution mode; `None` without either,
    /// or when the built-in is a specialization constant.
    pub local_size: Option<[u32; 3]>,
    /// The `Location`s (bit n for n < 64) of the `Input` variables its interface declares, not
    /// built-ins: for a vertex shader, the vertex attributes it reads (`state::draw_params`).
    pub inputs: u64,
    /// The bytes of the `Workgroup` variables it statically uses, at least: their sizes without
    /// padding, those whose size could not be worked out counted as 0.
    pub workgroup_bytes: u64,
    /// The input attachment indices (bit n for n < 64) of the `InputAttachmentIndex`-decorated
    /// variables it statically uses.
    pub input_attachments: u64,
    /// Its call tree writes the `PrimitiveShadingRateKHR` built-in.
    pub primitive_shading_rate: bool,
}

/// One descriptor binding an entry point statically uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ResourceUse {
    pub set: u32,
    pub binding: u32,
    /// A storage resource (storage buffer, storage image, storage texel buffer) not declared
    /// `NonWritable`.
    pub written: bool,
    /// For an image, sampled image or array of them: its `OpTypeImage`; `None` for other
    /// resources, and where two variables of one binding declare different image types.
    pub image: Option<ImageType>,
    /// What the entry point's instructions do with the image (`IMAGE_*` bits), as far as
    /// reflection follows values back to the variable (loads, access chains, copies, sampled
    /// images in the same function).
    pub ops: u8,
    /// How many descriptors the variable can reach: its array's length (1 when not an array);
    /// `None` for a runtime array (as many as the binding holds).
    pub elements: Option<u32>,
    /// The fewest components of the `Texel` operand among the entry point's `OpImageWrite`s to
    /// it; 0 when it writes none (or their types could not be worked out).
    pub texel_components: u8,
}

/// An `OpTypeImage`, as the draw-time descriptor checks compare it with image views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ImageType {
    /// Its `Dim` (SPIR-V's value: 0 1D, 1 2D, 2 3D, 3 Cube, 4 Rect, 5 Buffer, 6 SubpassData, …).
    pub dim: u32,
    pub arrayed: bool,
    /// Whether its image format is `Unknown`.
    pub format_unknown: bool,
    /// The numeric type of its `Sampled Type` (`NUMERIC_*`); 0 when not one of those.
    pub numeric: u8,
}

/// A sampled image and a sampler that an entry point combines (`OpSampledImage`) and samples:
/// the sampler the image is sampled with, as far as reflection can tell (neither is an array).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SampledPair {
    /// The image's set and binding.
    pub image: (u32, u32),
    /// The sampler's set and binding.
    pub sampler: (u32, u32),
    /// How the combination is sampled (`IMAGE_SAMPLE*` bits).
    pub ops: u8,
}

/// A query pool's state.
#[derive(Default)]
pub struct QueryPoolState {
    pub(super) info: SetOnce<QueryPoolInfo>,
    /// Per query: reset since creation, by the host or a recorded vkCmdResetQueryPool (taken as
    /// done when recorded: Vigil may think a query initialized too early, never too late).
    pub(super) initialized: Mutex<Vec<bool>>,
}

/// What a query pool was created with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryPoolInfo {
    /// Its `VkQueryType`.
    pub ty: i32,
    pub count: u32,
    /// `VkQueryPipelineStatisticFlags`.
    pub statistics: u32,
}

/// Where a query was begun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Outside a render pass instance.
    Outside,
    /// Inside one: the subpass of a render pass it began, `None` when not known (dynamic
    /// rendering, a secondary continuing a render pass).
    Subpass(Option<u32>),
}

/// An event's state.
#[derive(Default)]
pub struct EventState {
    pub(super) flags: SetOnce<u32>,
}

/// How a recording last set an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetBy {
    /// vkCmdSetEvent, with its stage mask.
    Set(u32),
    /// vkCmdSetEvent2.
    Set2,
}

/// A swapchain's state.
#[derive(Default)]
pub struct SwapchainState {
    pub(super) retired: AtomicBool,
    pub(super) images: Mutex<Images>,
}

#[derive(Default)]
pub(super) struct Images {
    /// Vigil saw the creation, and nothing since made the acquired set unknown.
    pub(super) followed: bool,
    /// Per image index: acquired and not presented since.
    pub(super) acquired: Vec<bool>,
    /// `imageArrayLayers` it was created with (0: creation not seen).
    pub(super) layers: u32,
    /// Per image index: the image's handle, once vkGetSwapchainImagesKHR returned it.
    pub(super) handles: Vec<u64>,
}

/// A descriptor pool's state.
#[derive(Default)]
pub struct DescriptorPoolState {
    pub(super) info: SetOnce<PoolInfo>,
    /// Sets allocated from it and not freed since (nor reset).
    pub(super) allocated: AtomicU32,
}

/// What a descriptor pool was created with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolInfo {
    /// `VkDescriptorPoolCreateFlags`.
    pub flags: u32,
    pub max_sets: u32,
    /// `(descriptorType, descriptorCount)` of each pool size.
    pub sizes: Vec<(i32, u32)>,
}

/// What a buffer view's descriptors are checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferViewInfo {
    /// Its buffer view usage: `VkBufferUsageFlags2CreateInfo`'s when chained to the view, else its
    /// buffer's.
    pub usage: u64,
    /// Its `VkFormat`.
    pub format: i32,
    /// Its format's buffer features (`VkFormatFeatureFlags`), when the driver was asked.
    pub features: Option<u32>,
    /// Its format's buffer features as `VkFormatProperties3` reports them
    /// (`VkFormatFeatureFlags2`), when the driver answers them.
    pub features2: Option<u64>,
    /// Its buffer's `VkBufferCreateFlags` (0 when Vigil does not know the buffer).
    pub buffer_flags: u32,
}

/// What descriptor updates check of an image view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewInfo {
    /// Its usage (`VkImageViewUsageCreateInfo`'s, else its image's with the separate stencil
    /// usage added); `None` when Vigil does not know the image's.
    pub usage: Option<u32>,
    /// Whether each component maps to itself.
    pub identity: bool,
    /// The aspect mask of its subresource range.
    pub aspect: u32,
    /// Whether it is a 2D array view of a 3D image.
    pub array_of_3d: bool,
    /// Its `VkImageViewType`.
    pub view_type: i32,
    /// Its `VkFormat`.
    pub format: i32,
    /// Its format features (`VkFormatFeatureFlags2`: those of its format with its image's
    /// tiling), when its image's tiling is linear or optimal and the driver answers
    /// `VkFormatProperties3`.
    pub features: Option<u64>,
    /// Its level and layer counts (`VK_REMAINING_*` resolved against its image); `None` when
    /// Vigil does not know the image's.
    pub levels_layers: Option<(u32, u32)>,
    /// Its image's `VkImageCreateFlags` (0 when Vigil does not know the image).
    pub image_flags: u32,
    /// With VK_EXT_filter_cubic: `VkFilterCubicImageViewImageFormatPropertiesEXT`'s
    /// `filterCubic` and `filterCubicMinmax` for its view type and format, as the driver answers.
    pub cubic: Option<(bool, bool)>,
}

/// What a sampler Y′CBCR conversion was created with, as samplers made with it are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YcbcrConversionInfo {
    /// Its `VkFormat`.
    pub format: i32,
    /// Its `chromaFilter` (`VkFilter`).
    pub chroma_filter: i32,
}

/// What a sampler was created with, as far as the draw-time checks read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SamplerInfo {
    /// The sampler's handle as the application named it (for messages).
    pub handle: u64,
    /// Its `magFilter` or `minFilter` is `VK_FILTER_LINEAR`.
    pub linear_filter: bool,
    /// Its `mipmapMode` is `VK_SAMPLER_MIPMAP_MODE_LINEAR`.
    pub linear_mipmap: bool,
    /// `VkSamplerReductionModeCreateInfo::reductionMode`, else weighted average.
    pub reduction: i32,
    pub compare_enable: bool,
    pub unnormalized_coordinates: bool,
    /// Its `magFilter` or `minFilter` is `VK_FILTER_CUBIC_EXT`.
    pub cubic_filter: bool,
    /// Its `addressModeU`, `V` and `W` (`W` checked for 3D views only), each
    /// `VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE` or not.
    pub clamp_to_edge: [bool; 3],
    /// Its `borderColor` is `VK_BORDER_COLOR_FLOAT_CUSTOM_EXT` or `VK_BORDER_COLOR_INT_CUSTOM_EXT`
    /// (counted against `maxCustomBorderColorSamplers` while it lives).
    pub custom_border_color: bool,
}

/// The render pass instance a recording began, as vkCmdClearAttachments reads it (kept until the
/// next one begins; read only while a render pass instance it began is active).
#[derive(Clone)]
pub struct ClearArea {
    pub area: VkRect2D,
    /// The framebuffer's layers or the rendering's `layerCount`; `None` when not known or with
    /// multiview (whose rules differ).
    pub layers: Option<u32>,
    /// Color attachments: per subpass of a render pass, or the rendering's count (one entry).
    pub colors: Option<Vec<u32>>,
    /// A render pass's depth/stencil attachment format per subpass (none for dynamic rendering).
    pub depth: Option<Vec<Option<VkFormat>>>,
}

/// The state `RenderPassState` and `FramebufferState` keep for clears.
#[derive(Default)]
pub struct ClearShapes {
    pub(super) subpasses: SetOnce<SubpassColors>,
    pub(super) layers: SetOnce<u32>,
}

/// A render pass's color attachment count per subpass; `multiview`: some subpass has a view mask.
#[derive(Clone, Debug, Default)]
pub struct SubpassColors {
    pub colors: Vec<u32>,
    pub multiview: bool,
    /// Each subpass's depth/stencil attachment format (`None`: unused or none).
    pub depth: Vec<Option<VkFormat>>,
}

/// Which aspects of a render pass instance's depth/stencil attachment are in read-only layouts:
/// per subpass of a render pass (two bits each, [`READ_ONLY_DEPTH`] and [`READ_ONLY_STENCIL`];
/// subpasses past the 32nd count as none), and the current subpass's, which a draw reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOnlyAspects {
    pub subpasses: u64,
    pub current: u8,
}

/// A graphics pipeline's render pass: the compatibility class of the one it was created with
/// (`None`: VK_NULL_HANDLE, for dynamic rendering) and its subpass; for dynamic rendering, its
/// `VkPipelineRenderingCreateInfo`'s view mask and color attachment count (zeros without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelinePass {
    pub compat: Option<u64>,
    pub subpass: u32,
    pub rendering: (u32, u32),
    /// It has a task or mesh shader stage: vkCmdDraw* never draw it.
    pub mesh: bool,
    /// What it needs of a render pass instance, as [`instance_key`] gives it: a draw whose
    /// instance has the same key has nothing to report (a mesh pipeline's never matches one).
    /// For dynamic rendering it covers the attachment formats too.
    pub key: u64,
    /// The sample count a dynamic rendering pipeline rasterizes with, as the instance's
    /// attachments must have it (`rendering_samples`); 0 where it is not checked.
    pub samples: u32,
}

/// A dynamic rendering pipeline's attachment formats (`VkPipelineRenderingCreateInfo`, all
/// VK_FORMAT_UNDEFINED without one) and its static `rasterizationSamples`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderingFormats {
    pub colors: Vec<i32>,
    pub depth: i32,
    pub stencil: i32,
    /// `VkSampleCountFlagBits`; 0 where dynamic, ignored or chained sample counts
    /// (`VkAttachmentSampleCountInfoAMD`) replace it.
    pub samples: u32,
    /// The chained `VkAttachmentSampleCountInfoAMD`'s color attachment sample counts and depth
    /// and stencil sample count, where one is chained.
    pub counted: Option<(Vec<u32>, u32)>,
    /// Created with `VkPipelineSampleLocationsStateCreateInfoEXT::sampleLocationsEnable`
    /// VK_TRUE, not dynamic.
    pub sample_locations: bool,
    /// Created with `VK_PIPELINE_CREATE_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR`
    /// (bit 0) and `VK_PIPELINE_CREATE_RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT` (bit 1),
    /// from its flags or flags2.
    pub fragment_maps: u8,
}

/// A render pass's attachments, once recorded.
#[derive(Default)]
pub struct AttachmentUses(pub(super) SetOnce<Vec<AttachmentUse>>);

/// One attachment of a render pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttachmentUse {
    pub format: VkFormat,
    /// `VkSampleCountFlagBits`.
    pub samples: u32,
    /// How its subpasses use it (the bits above).
    pub roles: u8,
    /// The layouts its description and its subpasses' references name
    /// (`state::render_passes::layout_bit`: the core ones and the attachment feedback loop one).
    pub layouts: u32,
}

/// One `VkFramebufferAttachmentImageInfo` of an imageless framebuffer: what the view begun
/// in its place must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FramebufferImage {
    /// `VkImageCreateFlags`.
    pub flags: u32,
    /// `VkImageUsageFlags`.
    pub usage: u32,
    pub width: u32,
    pub height: u32,
    pub layers: u32,
    /// The view format count and the set of view formats ([`view_format_set`]).
    pub view_formats: (u32, u64),
}

/// A queue's family: its index and `VkQueueFlags`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueueFamily {
    pub index: u32,
    pub flags: u32,
}

/// The releases submitted for a buffer or image and not yet acquired (each once).
#[derive(Default)]
pub struct Released(pub(super) Mutex<Vec<TransferKey>>);

/// The parameters a release and its acquire share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransferKey {
    pub src: u32,
    pub dst: u32,
    pub range: Range,
}

/// What an ownership transfer names besides its resource and families; release and acquire
/// match when these are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    Buffer {
        offset: u64,
        size: u64,
    },
    /// The subresource range (aspect mask, base level, level count, base layer, layer count) and
    /// the layouts: a transition done by a transfer is named alike on both sides.
    Image {
        range: [u32; 5],
        old: i32,
        new: i32,
    },
}

/// The color attachments a per-attachment setter's last call set: `firstAttachment` in the low
/// 16 bits, `attachmentCount` in the high (each saturated: no device has that many).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttachmentRange(pub u32);

impl AttachmentRange {
    /// `count` attachments from `first`.
    pub fn new(first: u32, count: u32) -> Self {
        AttachmentRange(first.min(0xffff) | count.min(0xffff) << 16)
    }

    /// Whether it sets attachment `i`.
    pub fn covers(self, i: u32) -> bool {
        let (first, count) = (self.0 & 0xffff, self.0 >> 16);
        i >= first && i - first < count
    }

    /// The indices below 32 it sets, as a mask.
    pub fn mask(self) -> u32 {
        let (first, count) = (self.0 & 0xffff, self.0 >> 16);
        let end = first.saturating_add(count).min(32);
        let below = |n: u32| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        if first >= 32 {
            0
        } else {
            below(end) & !below(first)
        }
    }
}

/// What a recording's vkCmdSet* commands set among the extended dynamic states, and the values
/// of those that decide which others a draw needs (each read only while its bit is set).
#[derive(Clone, Copy, Debug, Default)]
pub struct DynamicValues {
    /// Per [`ext_bit`]: set and not invalidated since by binding a pipeline with it static.
    pub set: u64,
    pub rasterizer_discard: bool,
    pub depth_bias: bool,
    pub depth_test: bool,
    pub stencil_test: bool,
    pub depth_write: bool,
    /// The front and back stencil write masks (`None`: a face not set since the state was).
    pub stencil_write_masks: [Option<u32>; 2],
    /// Whether the front and back stencil ops write (`None` as above).
    pub stencil_ops_write: [Option<bool>; 2],
    pub topology: i32,
    /// `logicOpEnable`, as vkCmdSetLogicOpEnableEXT set it.
    pub logic_op_enable: bool,
    /// `primitiveRestartEnable`, as vkCmdSetPrimitiveRestartEnable set it.
    pub primitive_restart: bool,
    /// `VkLineRasterizationMode`, as vkCmdSetLineRasterizationModeEXT set it.
    pub line_mode: i32,
    /// `stippledLineEnable`, as vkCmdSetLineStippleEnableEXT set it.
    pub line_stipple: bool,
    /// The attachments the last vkCmdSetColorBlendEnableEXT set.
    pub blend_enables: AttachmentRange,
    /// The attachments the last vkCmdSetColorWriteMaskEXT set.
    pub write_masks: AttachmentRange,
    /// The attachments the last vkCmdSetColorBlendEquationEXT set.
    pub blend_equations: AttachmentRange,
    /// The attachments the last vkCmdSetColorBlendAdvancedEXT set.
    pub blend_advanced: AttachmentRange,
    /// Per color attachment below 32: whether its `blendEnable`, as the vkCmdSetColorBlendEnableEXT
    /// calls since the state was last set from nothing left it, is VK_TRUE.
    pub blend_enabled: u32,
    /// `rasterizationSamples`, as vkCmdSetRasterizationSamplesEXT set it.
    pub rasterization_samples: u32,
    /// The `samples` of the last vkCmdSetSampleMaskEXT.
    pub sample_mask_samples: u32,
    /// The `attachmentCount` of the last vkCmdSetColorWriteEnableEXT.
    pub color_writes: u32,
    pub viewports: u32,
    pub scissors: u32,
    /// `VkConservativeRasterizationModeEXT`, as vkCmdSetConservativeRasterizationModeEXT set it.
    pub conservative_mode: i32,
    /// `sampleLocationsEnable`, as vkCmdSetSampleLocationsEnableEXT set it.
    pub sample_locations_enable: bool,
    /// `coverageToColorEnable`, as vkCmdSetCoverageToColorEnableNV set it.
    pub coverage_to_color: bool,
    /// `VkCoverageModulationModeNV`, as vkCmdSetCoverageModulationModeNV set it.
    pub modulation_mode: i32,
    /// `coverageModulationTableEnable`, as vkCmdSetCoverageModulationTableEnableNV set it.
    pub modulation_table: bool,
    /// `discardRectangleEnable`, as vkCmdSetDiscardRectangleEnableEXT set it.
    pub discard_rectangle_enable: bool,
    /// The discard rectangles below 32 the vkCmdSetDiscardRectangleEXT calls set since the state
    /// was last invalidated.
    pub discard_rectangles: u32,
}

/// What a complete graphics pipeline says about the dynamic states it needs at a draw: its
/// extended dynamic states, and the static values of the states that decide which others apply
/// (`None`: not known, as when the state is ignored or dynamic).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineDynamic {
    /// Its extended dynamic states (bits of [`ext_bit`]).
    pub ext: u64,
    /// A stage of it writes the `PrimitiveShadingRateKHR` built-in (kept here, with the states,
    /// so that only a draw whose viewport count is dynamic looks at it).
    pub primitive_shading_rate: bool,
    pub rasterizer_discard: Option<bool>,
    pub depth_bias: Option<bool>,
    pub depth_test: Option<bool>,
    pub stencil_test: Option<bool>,
    /// `VkPrimitiveTopology` of its input assembly state.
    pub topology: Option<i32>,
    /// `VkPrimitiveTopology` of its input assembly state even where the topology is dynamic (the
    /// class a restricted device keeps it to), where the state is given.
    pub assembly_topology: Option<i32>,
    /// Whether a geometry, tessellation or mesh stage decides the topology rasterization sees.
    pub reshapes: bool,
    /// Its shader stages (`VkShaderStageFlags`; for shader objects, the graphics stages bound).
    pub stages: u32,
    /// `logicOpEnable` of its color blend state, where static.
    pub logic_op_enable: Option<bool>,
    /// `lineRasterizationMode` of its rasterization line state (DEFAULT without one), where
    /// static.
    pub line_mode: Option<i32>,
    /// `stippledLineEnable` of its rasterization line state (false without one), where static.
    pub line_stipple: Option<bool>,
    /// `rasterizationSamples` of its multisample state, where static and read.
    pub samples: Option<u32>,
    /// Per color attachment below 32: whether its static `blendEnable` is VK_TRUE, where static
    /// and read (dynamic rendering with color attachments, not discarding statically).
    pub blend_enabled: Option<u32>,
    /// Whether the static blend state of a color attachment it renders to (dynamic rendering)
    /// enables blending with a factor that reads the blend constants.
    pub blend_constants: bool,
    /// `depthWriteEnable`, where static.
    pub depth_write: Option<bool>,
    /// Its provoking vertex mode (`VkPipelineRasterizationProvokingVertexStateCreateInfoEXT`,
    /// first vertex without one), where static and it rasterizes.
    pub provoking_vertex: Option<i32>,
    /// Whether both viewports and scissors are dynamic (with or without their counts).
    pub viewport_scissor_dynamic: bool,
    /// Whether it has discard rectangles (`discardRectangleCount` not 0, or their enable
    /// dynamic) that are not dynamic.
    pub static_discard_rectangles: bool,
    /// For a pipeline of a render pass object with sample locations enabled and not dynamic:
    /// the fingerprint of its `sampleLocationsInfo` (`dynamic_state::sample_locations_key`).
    pub sample_locations: Option<u64>,
    /// The front and back stencil `writeMask`s, where static.
    pub stencil_write_masks: [Option<u32>; 2],
    /// Whether the front and back stencil ops write (one is not VK_STENCIL_OP_KEEP), where
    /// static.
    pub stencil_ops_write: [Option<bool>; 2],
    /// Where its depth/stencil state applies: the render pass and subpass (resolved at creation).
    pub(super) attachments: Attachments,
    /// `conservativeRasterizationMode` (DISABLED without a conservative rasterization state;
    /// `u8::MAX` for a value no mode has), where static.
    pub conservative_mode: Option<u8>,
    /// `sampleLocationsEnable` of its multisample state's sample locations state (false without
    /// one), where static and read.
    pub sample_locations_enable: Option<bool>,
    /// `coverageToColorEnable` (false without a coverage to color state), where static and read.
    pub coverage_to_color: Option<bool>,
    /// `coverageModulationMode` (NONE without a coverage modulation state; `u8::MAX` for a value
    /// no mode has), where static and read.
    pub modulation_mode: Option<u8>,
    /// `coverageModulationTableEnable` (false without a coverage modulation state), where static
    /// and read.
    pub modulation_table: Option<bool>,
    /// Whether discard rectangles are enabled (`discardRectangleCount` not 0), where static.
    pub discard_rectangle_enable: Option<bool>,
    /// `discardRectangleCount` of its `VkPipelineDiscardRectangleStateCreateInfoEXT` (0 without
    /// one; at most 255, as the draw follows only the first 32).
    pub discard_rectangle_count: u8,
    /// `rasterizationStream` of its `VkPipelineRasterizationStateStreamCreateInfoEXT` (0 without
    /// one; at most 255), where static.
    pub rasterization_stream: Option<u8>,
}

/// Whether a pipeline's depth/stencil state is read: its depth and stencil attachments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Attachments {
    /// Not known yet: the render pass's subpass, resolved by the tracker.
    RenderPass { render_pass: u64, subpass: u32 },
    /// Whether it has a depth aspect and a stencil aspect.
    Known { depth: bool, stencil: bool },
    #[default]
    Unknown,
}

/// One vertex attribute a pipeline's vertex shader reads: where in its binding's elements, and
/// how the binding steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeFetch {
    pub binding: u32,
    pub offset: u32,
    /// Its `VkFormat`.
    pub format: i32,
    pub stride: u32,
    /// `VK_VERTEX_INPUT_RATE_INSTANCE`.
    pub per_instance: bool,
}

/// What an image was created with, as the transfer commands' rules read it.
#[derive(Clone, Copy)]
pub struct ImageInfo {
    pub ty: VkImageType,
    pub format: VkFormat,
    pub extent: VkExtent3D,
    pub levels: u32,
    pub layers: u32,
    /// `VkSampleCountFlagBits`.
    pub samples: u32,
    pub usage: u32,
    /// `VkImageStencilUsageCreateInfo::stencilUsage`, when chained.
    pub stencil_usage: Option<u32>,
    pub flags: VkImageCreateFlags,
    /// Created to be bound to a swapchain's memory (`VkImageSwapchainCreateInfoKHR`): its binding
    /// is not followed.
    pub swapchain: bool,
    /// The format features of its format and tiling, as the driver reports them; `None` where
    /// they are not `vkGetPhysicalDeviceFormatProperties`'s (a DRM format modifier, an external
    /// format) or could not be asked.
    pub features: Option<u32>,
    /// Its `VkImageTiling`.
    pub tiling: i32,
    /// Created with `VK_SHARING_MODE_EXCLUSIVE`: ownership transfers name valid families.
    pub exclusive: bool,
    /// Its `VkImageFormatListCreateInfo`: the view format count and the set of view formats
    /// (`render_passes::view_format_set`), when chained.
    pub view_formats: Option<(u32, u64)>,
    /// `VkExternalMemoryImageCreateInfo::handleTypes`, when chained (0 otherwise).
    pub external: u32,
}

/// A broken draw-time rule about the set of bound graphics shaders: the stages involved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Two bound shaders whose push constant ranges differ (`-None-08878`).
    pub push_constants: Option<(u32, u32)>,
    /// Two bound shaders whose descriptor set layouts differ (`-None-08879`).
    pub set_layouts: Option<(u32, u32)>,
    /// A bound shader whose `nextStage` lacks the stage bound after it (`-nextStage-10745`).
    pub next_stage: Option<(u32, u32)>,
    /// A bound linked shader, and the stage of a shader created linked with it that is not
    /// bound (`-None-08698`).
    pub link: Option<(u32, u32)>,
    /// A bound shader not created linked with the two bound linked shaders whose stages its
    /// stage lies between, and their stages (`-None-08699`).
    pub between: Option<(u32, u32, u32)>,
}

/// A render pass's subpass dependency from a subpass to itself: what a pipeline barrier inside
/// that subpass must stay within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfDependency {
    pub subpass: u32,
    /// Its source and destination stage masks (`VkMemoryBarrier2`'s when chained to a
    /// `VkSubpassDependency2`), meta stages expanded (`vigil_sync_tables::expand_stages`).
    pub stages: (u64, u64),
    /// Its source and destination access scopes (`vigil_sync_tables::access_scope` of its
    /// access masks with `stages`).
    pub accesses: (u64, u64),
    /// `VkDependencyFlags`.
    pub flags: u32,
}
