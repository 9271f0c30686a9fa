//! The ids of the draw-time state rules, per draw command (the rules are `super::RULES`), kept
//! apart from the rules: one row per command, sorted by command name (unit tests check each row
//! against the registry's names).

use super::super::command_table::command_table;
use super::RULES;

/// The ids of one draw command's rules.
pub(super) struct DrawStateIds {
    pub(super) command: &'static str,
    /// Per rule of [`RULES`].
    pub(super) dynamic: [&'static str; RULES.len()],
    /// The viewport and scissor counts set with count match.
    pub(super) counts: &'static str,
    /// The bound pipeline's render pass compatible with the render pass instance's, its subpass
    /// the current one, and no render pass for a dynamic rendering instance.
    pub(super) render_pass: [&'static str; 3],
    /// The pipeline's color attachment count the rendering instance's.
    pub(super) rendering_colors: &'static str,
    /// The pipeline has no task or mesh shader stage.
    pub(super) mesh: &'static str,
    /// Indexed draws: an index buffer must be bound.
    pub(super) index_bound: Option<&'static str>,
    /// vkCmdDrawIndexed: the parameters of its index count and first index, and the id.
    pub(super) index_range: Option<(usize, usize, &'static str)>,
    /// A dynamic rendering pipeline against the instance: its view mask; its color attachment
    /// formats against views (unused attachments not allowed, then allowed), against null views;
    /// the depth and then the stencil format against a null view, a view, a view with unused
    /// attachments allowed; the color, depth and stencil attachments' sample counts.
    pub(super) rendering: [&'static str; 13],
    /// The last vkCmdSetColorBlendEnableEXT and vkCmdSetColorWriteMaskEXT set every active color
    /// attachment, and the last vkCmdSetColorWriteEnableEXT as many as there are; the last
    /// vkCmdSetColorBlendEquationEXT set every active attachment with blending enabled
    /// (`-10862`), or it or vkCmdSetColorBlendAdvancedEXT did (`-10864`, shader objects and
    /// pipelines with both dynamic).
    pub(super) ranges: [&'static str; 5],
    /// The last vkCmdSetSampleMaskEXT's sample count covers the pipeline's static one, then the
    /// one vkCmdSetRasterizationSamplesEXT set.
    pub(super) samples: [&'static str; 2],
    /// Stippled lines in the current line rasterization mode need their feature: rectangular,
    /// Bresenham, smooth, and the default mode (which also needs strictLines).
    pub(super) stippled: [&'static str; 4],
    /// No rasterization discard while a primitives generated query is active, without
    /// primitivesGeneratedQueryWithRasterizerDiscard.
    pub(super) primitives_generated: &'static str,
    /// No pipeline rasterizing a stream other than 0 while a primitives generated query is
    /// active, without primitivesGeneratedQueryWithNonZeroStreams.
    pub(super) primitives_generated_streams: &'static str,
    /// The topology against the tessellation stages and primitive restart: a tessellation
    /// control stage reads patch lists (`-10286`), patch lists need one (`-10747`), no restart
    /// of list topologies (`-09637`) or patch lists (`-10909`) without the feature.
    pub(super) topology: [&'static str; 5],
    /// Blending enabled dynamically for a color attachment whose view format cannot blend.
    pub(super) blend_format: &'static str,
    /// vkCmdSetDiscardRectangleEXT set each of the pipeline's discard rectangles.
    pub(super) discard_rectangles: &'static str,
    /// The color, depth and stencil attachments' sample counts those of the pipeline's chained
    /// `VkAttachmentSampleCountInfoAMD`.
    pub(super) attachment_samples: [&'static str; 3],
    /// A pipeline with sample locations enabled draws with a depth attachment whose image is
    /// sample locations compatible.
    pub(super) sample_locations: &'static str,
    /// A vkCmdBeginRendering instance with a fragment shading rate, or density map, attachment
    /// draws with a pipeline created with the flag for it.
    pub(super) fragment_maps: [&'static str; 2],
    /// A pipeline writing the primitive shading rate with its viewport count dynamic draws with
    /// one viewport, where the device cannot use it with more.
    pub(super) primitive_rate_viewports: &'static str,
}

command_table!(
    /// `DRAW_STATE_IDS` by command number.
    pub(super) static DRAW_STATES: DrawStateIds = DRAW_STATE_IDS, command
);

pub(super) const DRAW_STATE_IDS: [DrawStateIds; 6] = [
    DrawStateIds {
        command: "vkCmdDraw",
        dynamic: [
            "VUID-vkCmdDraw-None-07831",
            "VUID-vkCmdDraw-None-07832",
            "VUID-vkCmdDraw-None-08617",
            "VUID-vkCmdDraw-None-07834",
            "VUID-vkCmdDraw-None-07837",
            "VUID-vkCmdDraw-None-07838",
            "VUID-vkCmdDraw-None-07839",
            "VUID-vkCmdDraw-None-07840",
            "VUID-vkCmdDraw-None-07841",
            "VUID-vkCmdDraw-None-07842",
            "VUID-vkCmdDraw-None-07843",
            "VUID-vkCmdDraw-None-07844",
            "VUID-vkCmdDraw-None-07845",
            "VUID-vkCmdDraw-None-07847",
            "VUID-vkCmdDraw-None-07848",
            "VUID-vkCmdDraw-viewportCount-03417",
            "VUID-vkCmdDraw-scissorCount-03418",
            "VUID-vkCmdDraw-None-04876",
            "VUID-vkCmdDraw-None-04877",
            "VUID-vkCmdDraw-None-04879",
            "VUID-vkCmdDraw-None-07835",
            "VUID-vkCmdDraw-pStrides-04913",
            "VUID-vkCmdDraw-None-04914",
            "VUID-vkCmdDraw-None-04875",
            "VUID-vkCmdDraw-logicOp-04878",
            "VUID-vkCmdDraw-None-07749",
            "VUID-vkCmdDraw-None-07619",
            "VUID-vkCmdDraw-None-07620",
            "VUID-vkCmdDraw-None-07621",
            "VUID-vkCmdDraw-None-07622",
            "VUID-vkCmdDraw-None-07623",
            "VUID-vkCmdDraw-None-07624",
            "VUID-vkCmdDraw-None-07625",
            "VUID-vkCmdDraw-None-07626",
            "VUID-vkCmdDraw-None-07627",
            "VUID-vkCmdDraw-None-07629",
            "VUID-vkCmdDraw-None-07633",
            "VUID-vkCmdDraw-None-07636",
            "VUID-vkCmdDraw-None-08666",
            "VUID-vkCmdDraw-None-08669",
            "VUID-vkCmdDraw-None-07639",
            "VUID-vkCmdDraw-None-07630",
            "VUID-vkCmdDraw-None-07631",
            "VUID-vkCmdDraw-None-07632",
            "VUID-vkCmdDraw-None-07634",
            "VUID-vkCmdDraw-None-06666",
            "VUID-vkCmdDraw-None-07640",
            "VUID-vkCmdDraw-None-07641",
            "VUID-vkCmdDraw-None-07642",
            "VUID-vkCmdDraw-None-07643",
            "VUID-vkCmdDraw-None-07644",
            "VUID-vkCmdDraw-None-07645",
            "VUID-vkCmdDraw-None-07646",
            "VUID-vkCmdDraw-None-07647",
            "VUID-vkCmdDraw-None-07648",
            "VUID-vkCmdDraw-None-07649",
        ],
        counts: "VUID-vkCmdDraw-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDraw-renderPass-02684",
            "VUID-vkCmdDraw-subpass-02685",
            "VUID-vkCmdDraw-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDraw-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDraw-stage-06481",
        ranges: [
            "VUID-vkCmdDraw-firstAttachment-07476",
            "VUID-vkCmdDraw-firstAttachment-07478",
            "VUID-vkCmdDraw-attachmentCount-07750",
            "VUID-vkCmdDraw-None-10862",
            "VUID-vkCmdDraw-None-10864",
        ],
        samples: ["VUID-vkCmdDraw-samples-07472", "VUID-vkCmdDraw-samples-07473"],
        stippled: [
            "VUID-vkCmdDraw-stippledLineEnable-07495",
            "VUID-vkCmdDraw-stippledLineEnable-07496",
            "VUID-vkCmdDraw-stippledLineEnable-07497",
            "VUID-vkCmdDraw-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDraw-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams: "VUID-vkCmdDraw-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDraw-viewMask-06178",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDraw-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDraw-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDraw-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDraw-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDraw-primitiveTopology-10286",
            "VUID-vkCmdDraw-primitiveTopology-10747",
            "VUID-vkCmdDraw-None-09637",
            "VUID-vkCmdDraw-None-10909",
            "VUID-vkCmdDraw-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: None,
        index_range: None,
        blend_format: "VUID-vkCmdDraw-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDraw-None-07751",
        attachment_samples: [
            "VUID-vkCmdDraw-colorAttachmentCount-06185",
            "VUID-vkCmdDraw-pDepthAttachment-06186",
            "VUID-vkCmdDraw-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDraw-sampleLocationsEnable-02689",
        fragment_maps: ["VUID-vkCmdDraw-imageView-06183", "VUID-vkCmdDraw-imageView-06184"],
        primitive_rate_viewports: "VUID-vkCmdDraw-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
    DrawStateIds {
        command: "vkCmdDrawIndexed",
        dynamic: [
            "VUID-vkCmdDrawIndexed-None-07831",
            "VUID-vkCmdDrawIndexed-None-07832",
            "VUID-vkCmdDrawIndexed-None-08617",
            "VUID-vkCmdDrawIndexed-None-07834",
            "VUID-vkCmdDrawIndexed-None-07837",
            "VUID-vkCmdDrawIndexed-None-07838",
            "VUID-vkCmdDrawIndexed-None-07839",
            "VUID-vkCmdDrawIndexed-None-07840",
            "VUID-vkCmdDrawIndexed-None-07841",
            "VUID-vkCmdDrawIndexed-None-07842",
            "VUID-vkCmdDrawIndexed-None-07843",
            "VUID-vkCmdDrawIndexed-None-07844",
            "VUID-vkCmdDrawIndexed-None-07845",
            "VUID-vkCmdDrawIndexed-None-07847",
            "VUID-vkCmdDrawIndexed-None-07848",
            "VUID-vkCmdDrawIndexed-viewportCount-03417",
            "VUID-vkCmdDrawIndexed-scissorCount-03418",
            "VUID-vkCmdDrawIndexed-None-04876",
            "VUID-vkCmdDrawIndexed-None-04877",
            "VUID-vkCmdDrawIndexed-None-04879",
            "VUID-vkCmdDrawIndexed-None-07835",
            "VUID-vkCmdDrawIndexed-pStrides-04913",
            "VUID-vkCmdDrawIndexed-None-04914",
            "VUID-vkCmdDrawIndexed-None-04875",
            "VUID-vkCmdDrawIndexed-logicOp-04878",
            "VUID-vkCmdDrawIndexed-None-07749",
            "VUID-vkCmdDrawIndexed-None-07619",
            "VUID-vkCmdDrawIndexed-None-07620",
            "VUID-vkCmdDrawIndexed-None-07621",
            "VUID-vkCmdDrawIndexed-None-07622",
            "VUID-vkCmdDrawIndexed-None-07623",
            "VUID-vkCmdDrawIndexed-None-07624",
            "VUID-vkCmdDrawIndexed-None-07625",
            "VUID-vkCmdDrawIndexed-None-07626",
            "VUID-vkCmdDrawIndexed-None-07627",
            "VUID-vkCmdDrawIndexed-None-07629",
            "VUID-vkCmdDrawIndexed-None-07633",
            "VUID-vkCmdDrawIndexed-None-07636",
            "VUID-vkCmdDrawIndexed-None-08666",
            "VUID-vkCmdDrawIndexed-None-08669",
            "VUID-vkCmdDrawIndexed-None-07639",
            "VUID-vkCmdDrawIndexed-None-07630",
            "VUID-vkCmdDrawIndexed-None-07631",
            "VUID-vkCmdDrawIndexed-None-07632",
            "VUID-vkCmdDrawIndexed-None-07634",
            "VUID-vkCmdDrawIndexed-None-06666",
            "VUID-vkCmdDrawIndexed-None-07640",
            "VUID-vkCmdDrawIndexed-None-07641",
            "VUID-vkCmdDrawIndexed-None-07642",
            "VUID-vkCmdDrawIndexed-None-07643",
            "VUID-vkCmdDrawIndexed-None-07644",
            "VUID-vkCmdDrawIndexed-None-07645",
            "VUID-vkCmdDrawIndexed-None-07646",
            "VUID-vkCmdDrawIndexed-None-07647",
            "VUID-vkCmdDrawIndexed-None-07648",
            "VUID-vkCmdDrawIndexed-None-07649",
        ],
        counts: "VUID-vkCmdDrawIndexed-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDrawIndexed-renderPass-02684",
            "VUID-vkCmdDrawIndexed-subpass-02685",
            "VUID-vkCmdDrawIndexed-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDrawIndexed-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDrawIndexed-stage-06481",
        ranges: [
            "VUID-vkCmdDrawIndexed-firstAttachment-07476",
            "VUID-vkCmdDrawIndexed-firstAttachment-07478",
            "VUID-vkCmdDrawIndexed-attachmentCount-07750",
            "VUID-vkCmdDrawIndexed-None-10862",
            "VUID-vkCmdDrawIndexed-None-10864",
        ],
        samples: ["VUID-vkCmdDrawIndexed-samples-07472", "VUID-vkCmdDrawIndexed-samples-07473"],
        stippled: [
            "VUID-vkCmdDrawIndexed-stippledLineEnable-07495",
            "VUID-vkCmdDrawIndexed-stippledLineEnable-07496",
            "VUID-vkCmdDrawIndexed-stippledLineEnable-07497",
            "VUID-vkCmdDrawIndexed-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDrawIndexed-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams: "VUID-vkCmdDrawIndexed-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDrawIndexed-viewMask-06178",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDrawIndexed-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDrawIndexed-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDrawIndexed-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDrawIndexed-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDrawIndexed-primitiveTopology-10286",
            "VUID-vkCmdDrawIndexed-primitiveTopology-10747",
            "VUID-vkCmdDrawIndexed-None-09637",
            "VUID-vkCmdDrawIndexed-None-10909",
            "VUID-vkCmdDrawIndexed-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: Some("VUID-vkCmdDrawIndexed-None-07312"),
        index_range: Some((1, 3, "VUID-vkCmdDrawIndexed-robustBufferAccess2-08798")),
        blend_format: "VUID-vkCmdDrawIndexed-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDrawIndexed-None-07751",
        attachment_samples: [
            "VUID-vkCmdDrawIndexed-colorAttachmentCount-06185",
            "VUID-vkCmdDrawIndexed-pDepthAttachment-06186",
            "VUID-vkCmdDrawIndexed-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDrawIndexed-sampleLocationsEnable-02689",
        fragment_maps: ["VUID-vkCmdDrawIndexed-imageView-06183", "VUID-vkCmdDrawIndexed-imageView-06184"],
        primitive_rate_viewports: "VUID-vkCmdDrawIndexed-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
    DrawStateIds {
        command: "vkCmdDrawIndexedIndirect",
        dynamic: [
            "VUID-vkCmdDrawIndexedIndirect-None-07831",
            "VUID-vkCmdDrawIndexedIndirect-None-07832",
            "VUID-vkCmdDrawIndexedIndirect-None-08617",
            "VUID-vkCmdDrawIndexedIndirect-None-07834",
            "VUID-vkCmdDrawIndexedIndirect-None-07837",
            "VUID-vkCmdDrawIndexedIndirect-None-07838",
            "VUID-vkCmdDrawIndexedIndirect-None-07839",
            "VUID-vkCmdDrawIndexedIndirect-None-07840",
            "VUID-vkCmdDrawIndexedIndirect-None-07841",
            "VUID-vkCmdDrawIndexedIndirect-None-07842",
            "VUID-vkCmdDrawIndexedIndirect-None-07843",
            "VUID-vkCmdDrawIndexedIndirect-None-07844",
            "VUID-vkCmdDrawIndexedIndirect-None-07845",
            "VUID-vkCmdDrawIndexedIndirect-None-07847",
            "VUID-vkCmdDrawIndexedIndirect-None-07848",
            "VUID-vkCmdDrawIndexedIndirect-viewportCount-03417",
            "VUID-vkCmdDrawIndexedIndirect-scissorCount-03418",
            "VUID-vkCmdDrawIndexedIndirect-None-04876",
            "VUID-vkCmdDrawIndexedIndirect-None-04877",
            "VUID-vkCmdDrawIndexedIndirect-None-04879",
            "VUID-vkCmdDrawIndexedIndirect-None-07835",
            "VUID-vkCmdDrawIndexedIndirect-pStrides-04913",
            "VUID-vkCmdDrawIndexedIndirect-None-04914",
            "VUID-vkCmdDrawIndexedIndirect-None-04875",
            "VUID-vkCmdDrawIndexedIndirect-logicOp-04878",
            "VUID-vkCmdDrawIndexedIndirect-None-07749",
            "VUID-vkCmdDrawIndexedIndirect-None-07619",
            "VUID-vkCmdDrawIndexedIndirect-None-07620",
            "VUID-vkCmdDrawIndexedIndirect-None-07621",
            "VUID-vkCmdDrawIndexedIndirect-None-07622",
            "VUID-vkCmdDrawIndexedIndirect-None-07623",
            "VUID-vkCmdDrawIndexedIndirect-None-07624",
            "VUID-vkCmdDrawIndexedIndirect-None-07625",
            "VUID-vkCmdDrawIndexedIndirect-None-07626",
            "VUID-vkCmdDrawIndexedIndirect-None-07627",
            "VUID-vkCmdDrawIndexedIndirect-None-07629",
            "VUID-vkCmdDrawIndexedIndirect-None-07633",
            "VUID-vkCmdDrawIndexedIndirect-None-07636",
            "VUID-vkCmdDrawIndexedIndirect-None-08666",
            "VUID-vkCmdDrawIndexedIndirect-None-08669",
            "VUID-vkCmdDrawIndexedIndirect-None-07639",
            "VUID-vkCmdDrawIndexedIndirect-None-07630",
            "VUID-vkCmdDrawIndexedIndirect-None-07631",
            "VUID-vkCmdDrawIndexedIndirect-None-07632",
            "VUID-vkCmdDrawIndexedIndirect-None-07634",
            "VUID-vkCmdDrawIndexedIndirect-None-06666",
            "VUID-vkCmdDrawIndexedIndirect-None-07640",
            "VUID-vkCmdDrawIndexedIndirect-None-07641",
            "VUID-vkCmdDrawIndexedIndirect-None-07642",
            "VUID-vkCmdDrawIndexedIndirect-None-07643",
            "VUID-vkCmdDrawIndexedIndirect-None-07644",
            "VUID-vkCmdDrawIndexedIndirect-None-07645",
            "VUID-vkCmdDrawIndexedIndirect-None-07646",
            "VUID-vkCmdDrawIndexedIndirect-None-07647",
            "VUID-vkCmdDrawIndexedIndirect-None-07648",
            "VUID-vkCmdDrawIndexedIndirect-None-07649",
        ],
        counts: "VUID-vkCmdDrawIndexedIndirect-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDrawIndexedIndirect-renderPass-02684",
            "VUID-vkCmdDrawIndexedIndirect-subpass-02685",
            "VUID-vkCmdDrawIndexedIndirect-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDrawIndexedIndirect-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDrawIndexedIndirect-stage-06481",
        ranges: [
            "VUID-vkCmdDrawIndexedIndirect-firstAttachment-07476",
            "VUID-vkCmdDrawIndexedIndirect-firstAttachment-07478",
            "VUID-vkCmdDrawIndexedIndirect-attachmentCount-07750",
            "VUID-vkCmdDrawIndexedIndirect-None-10862",
            "VUID-vkCmdDrawIndexedIndirect-None-10864",
        ],
        samples: ["VUID-vkCmdDrawIndexedIndirect-samples-07472", "VUID-vkCmdDrawIndexedIndirect-samples-07473"],
        stippled: [
            "VUID-vkCmdDrawIndexedIndirect-stippledLineEnable-07495",
            "VUID-vkCmdDrawIndexedIndirect-stippledLineEnable-07496",
            "VUID-vkCmdDrawIndexedIndirect-stippledLineEnable-07497",
            "VUID-vkCmdDrawIndexedIndirect-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDrawIndexedIndirect-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams: "VUID-vkCmdDrawIndexedIndirect-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDrawIndexedIndirect-viewMask-06178",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDrawIndexedIndirect-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDrawIndexedIndirect-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDrawIndexedIndirect-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDrawIndexedIndirect-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDrawIndexedIndirect-primitiveTopology-10286",
            "VUID-vkCmdDrawIndexedIndirect-primitiveTopology-10747",
            "VUID-vkCmdDrawIndexedIndirect-None-09637",
            "VUID-vkCmdDrawIndexedIndirect-None-10909",
            "VUID-vkCmdDrawIndexedIndirect-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: Some("VUID-vkCmdDrawIndexedIndirect-None-07312"),
        index_range: None,
        blend_format: "VUID-vkCmdDrawIndexedIndirect-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDrawIndexedIndirect-None-07751",
        attachment_samples: [
            "VUID-vkCmdDrawIndexedIndirect-colorAttachmentCount-06185",
            "VUID-vkCmdDrawIndexedIndirect-pDepthAttachment-06186",
            "VUID-vkCmdDrawIndexedIndirect-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDrawIndexedIndirect-sampleLocationsEnable-02689",
        fragment_maps: [
            "VUID-vkCmdDrawIndexedIndirect-imageView-06183",
            "VUID-vkCmdDrawIndexedIndirect-imageView-06184",
        ],
        primitive_rate_viewports:
            "VUID-vkCmdDrawIndexedIndirect-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
    DrawStateIds {
        command: "vkCmdDrawIndexedIndirectCount",
        dynamic: [
            "VUID-vkCmdDrawIndexedIndirectCount-None-07831",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07832",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08617",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07834",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07837",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07838",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07839",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07840",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07841",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07842",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07843",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07844",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07845",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07847",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07848",
            "VUID-vkCmdDrawIndexedIndirectCount-viewportCount-03417",
            "VUID-vkCmdDrawIndexedIndirectCount-scissorCount-03418",
            "VUID-vkCmdDrawIndexedIndirectCount-None-04876",
            "VUID-vkCmdDrawIndexedIndirectCount-None-04877",
            "VUID-vkCmdDrawIndexedIndirectCount-None-04879",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07835",
            "VUID-vkCmdDrawIndexedIndirectCount-pStrides-04913",
            "VUID-vkCmdDrawIndexedIndirectCount-None-04914",
            "VUID-vkCmdDrawIndexedIndirectCount-None-04875",
            "VUID-vkCmdDrawIndexedIndirectCount-logicOp-04878",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07749",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07619",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07620",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07621",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07622",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07623",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07624",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07625",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07626",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07627",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07629",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07633",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07636",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08666",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08669",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07639",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07630",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07631",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07632",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07634",
            "VUID-vkCmdDrawIndexedIndirectCount-None-06666",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07640",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07641",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07642",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07643",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07644",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07645",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07646",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07647",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07648",
            "VUID-vkCmdDrawIndexedIndirectCount-None-07649",
        ],
        counts: "VUID-vkCmdDrawIndexedIndirectCount-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDrawIndexedIndirectCount-renderPass-02684",
            "VUID-vkCmdDrawIndexedIndirectCount-subpass-02685",
            "VUID-vkCmdDrawIndexedIndirectCount-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDrawIndexedIndirectCount-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDrawIndexedIndirectCount-stage-06481",
        ranges: [
            "VUID-vkCmdDrawIndexedIndirectCount-firstAttachment-07476",
            "VUID-vkCmdDrawIndexedIndirectCount-firstAttachment-07478",
            "VUID-vkCmdDrawIndexedIndirectCount-attachmentCount-07750",
            "VUID-vkCmdDrawIndexedIndirectCount-None-10862",
            "VUID-vkCmdDrawIndexedIndirectCount-None-10864",
        ],
        samples: [
            "VUID-vkCmdDrawIndexedIndirectCount-samples-07472",
            "VUID-vkCmdDrawIndexedIndirectCount-samples-07473",
        ],
        stippled: [
            "VUID-vkCmdDrawIndexedIndirectCount-stippledLineEnable-07495",
            "VUID-vkCmdDrawIndexedIndirectCount-stippledLineEnable-07496",
            "VUID-vkCmdDrawIndexedIndirectCount-stippledLineEnable-07497",
            "VUID-vkCmdDrawIndexedIndirectCount-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDrawIndexedIndirectCount-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams:
            "VUID-vkCmdDrawIndexedIndirectCount-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDrawIndexedIndirectCount-viewMask-06178",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDrawIndexedIndirectCount-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDrawIndexedIndirectCount-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDrawIndexedIndirectCount-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDrawIndexedIndirectCount-primitiveTopology-10286",
            "VUID-vkCmdDrawIndexedIndirectCount-primitiveTopology-10747",
            "VUID-vkCmdDrawIndexedIndirectCount-None-09637",
            "VUID-vkCmdDrawIndexedIndirectCount-None-10909",
            "VUID-vkCmdDrawIndexedIndirectCount-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: Some("VUID-vkCmdDrawIndexedIndirectCount-None-07312"),
        index_range: None,
        blend_format: "VUID-vkCmdDrawIndexedIndirectCount-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDrawIndexedIndirectCount-None-07751",
        attachment_samples: [
            "VUID-vkCmdDrawIndexedIndirectCount-colorAttachmentCount-06185",
            "VUID-vkCmdDrawIndexedIndirectCount-pDepthAttachment-06186",
            "VUID-vkCmdDrawIndexedIndirectCount-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDrawIndexedIndirectCount-sampleLocationsEnable-02689",
        fragment_maps: [
            "VUID-vkCmdDrawIndexedIndirectCount-imageView-06183",
            "VUID-vkCmdDrawIndexedIndirectCount-imageView-06184",
        ],
        primitive_rate_viewports:
            "VUID-vkCmdDrawIndexedIndirectCount-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
    DrawStateIds {
        command: "vkCmdDrawIndirect",
        dynamic: [
            "VUID-vkCmdDrawIndirect-None-07831",
            "VUID-vkCmdDrawIndirect-None-07832",
            "VUID-vkCmdDrawIndirect-None-08617",
            "VUID-vkCmdDrawIndirect-None-07834",
            "VUID-vkCmdDrawIndirect-None-07837",
            "VUID-vkCmdDrawIndirect-None-07838",
            "VUID-vkCmdDrawIndirect-None-07839",
            "VUID-vkCmdDrawIndirect-None-07840",
            "VUID-vkCmdDrawIndirect-None-07841",
            "VUID-vkCmdDrawIndirect-None-07842",
            "VUID-vkCmdDrawIndirect-None-07843",
            "VUID-vkCmdDrawIndirect-None-07844",
            "VUID-vkCmdDrawIndirect-None-07845",
            "VUID-vkCmdDrawIndirect-None-07847",
            "VUID-vkCmdDrawIndirect-None-07848",
            "VUID-vkCmdDrawIndirect-viewportCount-03417",
            "VUID-vkCmdDrawIndirect-scissorCount-03418",
            "VUID-vkCmdDrawIndirect-None-04876",
            "VUID-vkCmdDrawIndirect-None-04877",
            "VUID-vkCmdDrawIndirect-None-04879",
            "VUID-vkCmdDrawIndirect-None-07835",
            "VUID-vkCmdDrawIndirect-pStrides-04913",
            "VUID-vkCmdDrawIndirect-None-04914",
            "VUID-vkCmdDrawIndirect-None-04875",
            "VUID-vkCmdDrawIndirect-logicOp-04878",
            "VUID-vkCmdDrawIndirect-None-07749",
            "VUID-vkCmdDrawIndirect-None-07619",
            "VUID-vkCmdDrawIndirect-None-07620",
            "VUID-vkCmdDrawIndirect-None-07621",
            "VUID-vkCmdDrawIndirect-None-07622",
            "VUID-vkCmdDrawIndirect-None-07623",
            "VUID-vkCmdDrawIndirect-None-07624",
            "VUID-vkCmdDrawIndirect-None-07625",
            "VUID-vkCmdDrawIndirect-None-07626",
            "VUID-vkCmdDrawIndirect-None-07627",
            "VUID-vkCmdDrawIndirect-None-07629",
            "VUID-vkCmdDrawIndirect-None-07633",
            "VUID-vkCmdDrawIndirect-None-07636",
            "VUID-vkCmdDrawIndirect-None-08666",
            "VUID-vkCmdDrawIndirect-None-08669",
            "VUID-vkCmdDrawIndirect-None-07639",
            "VUID-vkCmdDrawIndirect-None-07630",
            "VUID-vkCmdDrawIndirect-None-07631",
            "VUID-vkCmdDrawIndirect-None-07632",
            "VUID-vkCmdDrawIndirect-None-07634",
            "VUID-vkCmdDrawIndirect-None-06666",
            "VUID-vkCmdDrawIndirect-None-07640",
            "VUID-vkCmdDrawIndirect-None-07641",
            "VUID-vkCmdDrawIndirect-None-07642",
            "VUID-vkCmdDrawIndirect-None-07643",
            "VUID-vkCmdDrawIndirect-None-07644",
            "VUID-vkCmdDrawIndirect-None-07645",
            "VUID-vkCmdDrawIndirect-None-07646",
            "VUID-vkCmdDrawIndirect-None-07647",
            "VUID-vkCmdDrawIndirect-None-07648",
            "VUID-vkCmdDrawIndirect-None-07649",
        ],
        counts: "VUID-vkCmdDrawIndirect-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDrawIndirect-renderPass-02684",
            "VUID-vkCmdDrawIndirect-subpass-02685",
            "VUID-vkCmdDrawIndirect-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDrawIndirect-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDrawIndirect-stage-06481",
        ranges: [
            "VUID-vkCmdDrawIndirect-firstAttachment-07476",
            "VUID-vkCmdDrawIndirect-firstAttachment-07478",
            "VUID-vkCmdDrawIndirect-attachmentCount-07750",
            "VUID-vkCmdDrawIndirect-None-10862",
            "VUID-vkCmdDrawIndirect-None-10864",
        ],
        samples: ["VUID-vkCmdDrawIndirect-samples-07472", "VUID-vkCmdDrawIndirect-samples-07473"],
        stippled: [
            "VUID-vkCmdDrawIndirect-stippledLineEnable-07495",
            "VUID-vkCmdDrawIndirect-stippledLineEnable-07496",
            "VUID-vkCmdDrawIndirect-stippledLineEnable-07497",
            "VUID-vkCmdDrawIndirect-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDrawIndirect-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams: "VUID-vkCmdDrawIndirect-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDrawIndirect-viewMask-06178",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDrawIndirect-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDrawIndirect-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDrawIndirect-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDrawIndirect-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDrawIndirect-primitiveTopology-10286",
            "VUID-vkCmdDrawIndirect-primitiveTopology-10747",
            "VUID-vkCmdDrawIndirect-None-09637",
            "VUID-vkCmdDrawIndirect-None-10909",
            "VUID-vkCmdDrawIndirect-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: None,
        index_range: None,
        blend_format: "VUID-vkCmdDrawIndirect-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDrawIndirect-None-07751",
        attachment_samples: [
            "VUID-vkCmdDrawIndirect-colorAttachmentCount-06185",
            "VUID-vkCmdDrawIndirect-pDepthAttachment-06186",
            "VUID-vkCmdDrawIndirect-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDrawIndirect-sampleLocationsEnable-02689",
        fragment_maps: ["VUID-vkCmdDrawIndirect-imageView-06183", "VUID-vkCmdDrawIndirect-imageView-06184"],
        primitive_rate_viewports: "VUID-vkCmdDrawIndirect-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
    DrawStateIds {
        command: "vkCmdDrawIndirectCount",
        dynamic: [
            "VUID-vkCmdDrawIndirectCount-None-07831",
            "VUID-vkCmdDrawIndirectCount-None-07832",
            "VUID-vkCmdDrawIndirectCount-None-08617",
            "VUID-vkCmdDrawIndirectCount-None-07834",
            "VUID-vkCmdDrawIndirectCount-None-07837",
            "VUID-vkCmdDrawIndirectCount-None-07838",
            "VUID-vkCmdDrawIndirectCount-None-07839",
            "VUID-vkCmdDrawIndirectCount-None-07840",
            "VUID-vkCmdDrawIndirectCount-None-07841",
            "VUID-vkCmdDrawIndirectCount-None-07842",
            "VUID-vkCmdDrawIndirectCount-None-07843",
            "VUID-vkCmdDrawIndirectCount-None-07844",
            "VUID-vkCmdDrawIndirectCount-None-07845",
            "VUID-vkCmdDrawIndirectCount-None-07847",
            "VUID-vkCmdDrawIndirectCount-None-07848",
            "VUID-vkCmdDrawIndirectCount-viewportCount-03417",
            "VUID-vkCmdDrawIndirectCount-scissorCount-03418",
            "VUID-vkCmdDrawIndirectCount-None-04876",
            "VUID-vkCmdDrawIndirectCount-None-04877",
            "VUID-vkCmdDrawIndirectCount-None-04879",
            "VUID-vkCmdDrawIndirectCount-None-07835",
            "VUID-vkCmdDrawIndirectCount-pStrides-04913",
            "VUID-vkCmdDrawIndirectCount-None-04914",
            "VUID-vkCmdDrawIndirectCount-None-04875",
            "VUID-vkCmdDrawIndirectCount-logicOp-04878",
            "VUID-vkCmdDrawIndirectCount-None-07749",
            "VUID-vkCmdDrawIndirectCount-None-07619",
            "VUID-vkCmdDrawIndirectCount-None-07620",
            "VUID-vkCmdDrawIndirectCount-None-07621",
            "VUID-vkCmdDrawIndirectCount-None-07622",
            "VUID-vkCmdDrawIndirectCount-None-07623",
            "VUID-vkCmdDrawIndirectCount-None-07624",
            "VUID-vkCmdDrawIndirectCount-None-07625",
            "VUID-vkCmdDrawIndirectCount-None-07626",
            "VUID-vkCmdDrawIndirectCount-None-07627",
            "VUID-vkCmdDrawIndirectCount-None-07629",
            "VUID-vkCmdDrawIndirectCount-None-07633",
            "VUID-vkCmdDrawIndirectCount-None-07636",
            "VUID-vkCmdDrawIndirectCount-None-08666",
            "VUID-vkCmdDrawIndirectCount-None-08669",
            "VUID-vkCmdDrawIndirectCount-None-07639",
            "VUID-vkCmdDrawIndirectCount-None-07630",
            "VUID-vkCmdDrawIndirectCount-None-07631",
            "VUID-vkCmdDrawIndirectCount-None-07632",
            "VUID-vkCmdDrawIndirectCount-None-07634",
            "VUID-vkCmdDrawIndirectCount-None-06666",
            "VUID-vkCmdDrawIndirectCount-None-07640",
            "VUID-vkCmdDrawIndirectCount-None-07641",
            "VUID-vkCmdDrawIndirectCount-None-07642",
            "VUID-vkCmdDrawIndirectCount-None-07643",
            "VUID-vkCmdDrawIndirectCount-None-07644",
            "VUID-vkCmdDrawIndirectCount-None-07645",
            "VUID-vkCmdDrawIndirectCount-None-07646",
            "VUID-vkCmdDrawIndirectCount-None-07647",
            "VUID-vkCmdDrawIndirectCount-None-07648",
            "VUID-vkCmdDrawIndirectCount-None-07649",
        ],
        counts: "VUID-vkCmdDrawIndirectCount-viewportCount-03419",
        render_pass: [
            "VUID-vkCmdDrawIndirectCount-renderPass-02684",
            "VUID-vkCmdDrawIndirectCount-subpass-02685",
            "VUID-vkCmdDrawIndirectCount-renderPass-06198",
        ],
        rendering_colors: "VUID-vkCmdDrawIndirectCount-colorAttachmentCount-06179",
        mesh: "VUID-vkCmdDrawIndirectCount-stage-06481",
        ranges: [
            "VUID-vkCmdDrawIndirectCount-firstAttachment-07476",
            "VUID-vkCmdDrawIndirectCount-firstAttachment-07478",
            "VUID-vkCmdDrawIndirectCount-attachmentCount-07750",
            "VUID-vkCmdDrawIndirectCount-None-10862",
            "VUID-vkCmdDrawIndirectCount-None-10864",
        ],
        samples: ["VUID-vkCmdDrawIndirectCount-samples-07472", "VUID-vkCmdDrawIndirectCount-samples-07473"],
        stippled: [
            "VUID-vkCmdDrawIndirectCount-stippledLineEnable-07495",
            "VUID-vkCmdDrawIndirectCount-stippledLineEnable-07496",
            "VUID-vkCmdDrawIndirectCount-stippledLineEnable-07497",
            "VUID-vkCmdDrawIndirectCount-stippledLineEnable-07498",
        ],
        primitives_generated: "VUID-vkCmdDrawIndirectCount-primitivesGeneratedQueryWithRasterizerDiscard-06708",
        primitives_generated_streams: "VUID-vkCmdDrawIndirectCount-primitivesGeneratedQueryWithNonZeroStreams-06709",
        rendering: [
            "VUID-vkCmdDrawIndirectCount-viewMask-06178",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08910",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08911",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08912",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08913",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08914",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08915",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08916",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08917",
            "VUID-vkCmdDrawIndirectCount-dynamicRenderingUnusedAttachments-08918",
            "VUID-vkCmdDrawIndirectCount-multisampledRenderToSingleSampled-07285",
            "VUID-vkCmdDrawIndirectCount-multisampledRenderToSingleSampled-07286",
            "VUID-vkCmdDrawIndirectCount-multisampledRenderToSingleSampled-07287",
        ],
        topology: [
            "VUID-vkCmdDrawIndirectCount-primitiveTopology-10286",
            "VUID-vkCmdDrawIndirectCount-primitiveTopology-10747",
            "VUID-vkCmdDrawIndirectCount-None-09637",
            "VUID-vkCmdDrawIndirectCount-None-10909",
            "VUID-vkCmdDrawIndirectCount-dynamicPrimitiveTopologyUnrestricted-07500",
        ],
        index_bound: None,
        index_range: None,
        blend_format: "VUID-vkCmdDrawIndirectCount-blendEnable-04727",
        discard_rectangles: "VUID-vkCmdDrawIndirectCount-None-07751",
        attachment_samples: [
            "VUID-vkCmdDrawIndirectCount-colorAttachmentCount-06185",
            "VUID-vkCmdDrawIndirectCount-pDepthAttachment-06186",
            "VUID-vkCmdDrawIndirectCount-pStencilAttachment-06187",
        ],
        sample_locations: "VUID-vkCmdDrawIndirectCount-sampleLocationsEnable-02689",
        fragment_maps: ["VUID-vkCmdDrawIndirectCount-imageView-06183", "VUID-vkCmdDrawIndirectCount-imageView-06184"],
        primitive_rate_viewports: "VUID-vkCmdDrawIndirectCount-primitiveFragmentShadingRateWithMultipleViewports-04552",
    },
];

/// The rules of every graphics draw command: no depth writes while the depth aspect of the
/// render pass instance's depth/stencil attachment is in a read-only layout, no stencil writes
/// while its stencil aspect is, no state the bound pipeline has static set since it was bound,
/// the pipeline's color attachment locations those of the dynamic rendering instance, and its
/// input attachment indices too where its shaders read them, no draw in a vkCmdBeginRendering
/// instance whose contents are secondary command buffers only (the command, then the eight ids).
const EVERY_DRAW_IDS: [(&str, [&str; 8]); 12] = [
    (
        "vkCmdDraw",
        [
            "VUID-vkCmdDraw-None-06886",
            "VUID-vkCmdDraw-None-06887",
            "VUID-vkCmdDraw-None-08608",
            "VUID-vkCmdDraw-None-09548",
            "VUID-vkCmdDraw-None-09549",
            "VUID-vkCmdDraw-None-10927",
            "VUID-vkCmdDraw-None-10928",
            "VUID-vkCmdDraw-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndexed",
        [
            "VUID-vkCmdDrawIndexed-None-06886",
            "VUID-vkCmdDrawIndexed-None-06887",
            "VUID-vkCmdDrawIndexed-None-08608",
            "VUID-vkCmdDrawIndexed-None-09548",
            "VUID-vkCmdDrawIndexed-None-09549",
            "VUID-vkCmdDrawIndexed-None-10927",
            "VUID-vkCmdDrawIndexed-None-10928",
            "VUID-vkCmdDrawIndexed-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndexedIndirect",
        [
            "VUID-vkCmdDrawIndexedIndirect-None-06886",
            "VUID-vkCmdDrawIndexedIndirect-None-06887",
            "VUID-vkCmdDrawIndexedIndirect-None-08608",
            "VUID-vkCmdDrawIndexedIndirect-None-09548",
            "VUID-vkCmdDrawIndexedIndirect-None-09549",
            "VUID-vkCmdDrawIndexedIndirect-None-10927",
            "VUID-vkCmdDrawIndexedIndirect-None-10928",
            "VUID-vkCmdDrawIndexedIndirect-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndexedIndirectCount",
        [
            "VUID-vkCmdDrawIndexedIndirectCount-None-06886",
            "VUID-vkCmdDrawIndexedIndirectCount-None-06887",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08608",
            "VUID-vkCmdDrawIndexedIndirectCount-None-09548",
            "VUID-vkCmdDrawIndexedIndirectCount-None-09549",
            "VUID-vkCmdDrawIndexedIndirectCount-None-10927",
            "VUID-vkCmdDrawIndexedIndirectCount-None-10928",
            "VUID-vkCmdDrawIndexedIndirectCount-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndirect",
        [
            "VUID-vkCmdDrawIndirect-None-06886",
            "VUID-vkCmdDrawIndirect-None-06887",
            "VUID-vkCmdDrawIndirect-None-08608",
            "VUID-vkCmdDrawIndirect-None-09548",
            "VUID-vkCmdDrawIndirect-None-09549",
            "VUID-vkCmdDrawIndirect-None-10927",
            "VUID-vkCmdDrawIndirect-None-10928",
            "VUID-vkCmdDrawIndirect-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndirectByteCountEXT",
        [
            "VUID-vkCmdDrawIndirectByteCountEXT-None-06886",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-06887",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08608",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-09548",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-09549",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-10927",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-10928",
            "VUID-vkCmdDrawIndirectByteCountEXT-flags-10582",
        ],
    ),
    (
        "vkCmdDrawIndirectCount",
        [
            "VUID-vkCmdDrawIndirectCount-None-06886",
            "VUID-vkCmdDrawIndirectCount-None-06887",
            "VUID-vkCmdDrawIndirectCount-None-08608",
            "VUID-vkCmdDrawIndirectCount-None-09548",
            "VUID-vkCmdDrawIndirectCount-None-09549",
            "VUID-vkCmdDrawIndirectCount-None-10927",
            "VUID-vkCmdDrawIndirectCount-None-10928",
            "VUID-vkCmdDrawIndirectCount-flags-10582",
        ],
    ),
    (
        "vkCmdDrawMeshTasksEXT",
        [
            "VUID-vkCmdDrawMeshTasksEXT-None-06886",
            "VUID-vkCmdDrawMeshTasksEXT-None-06887",
            "VUID-vkCmdDrawMeshTasksEXT-None-08608",
            "VUID-vkCmdDrawMeshTasksEXT-None-09548",
            "VUID-vkCmdDrawMeshTasksEXT-None-09549",
            "VUID-vkCmdDrawMeshTasksEXT-None-10927",
            "VUID-vkCmdDrawMeshTasksEXT-None-10928",
            "VUID-vkCmdDrawMeshTasksEXT-flags-10582",
        ],
    ),
    (
        "vkCmdDrawMeshTasksIndirectCountEXT",
        [
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-06886",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-06887",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08608",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-09548",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-09549",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-10927",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-10928",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-flags-10582",
        ],
    ),
    (
        "vkCmdDrawMeshTasksIndirectEXT",
        [
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-06886",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-06887",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08608",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-09548",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-09549",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-10927",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-10928",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-flags-10582",
        ],
    ),
    (
        "vkCmdDrawMultiEXT",
        [
            "VUID-vkCmdDrawMultiEXT-None-06886",
            "VUID-vkCmdDrawMultiEXT-None-06887",
            "VUID-vkCmdDrawMultiEXT-None-08608",
            "VUID-vkCmdDrawMultiEXT-None-09548",
            "VUID-vkCmdDrawMultiEXT-None-09549",
            "VUID-vkCmdDrawMultiEXT-None-10927",
            "VUID-vkCmdDrawMultiEXT-None-10928",
            "VUID-vkCmdDrawMultiEXT-flags-10582",
        ],
    ),
    (
        "vkCmdDrawMultiIndexedEXT",
        [
            "VUID-vkCmdDrawMultiIndexedEXT-None-06886",
            "VUID-vkCmdDrawMultiIndexedEXT-None-06887",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08608",
            "VUID-vkCmdDrawMultiIndexedEXT-None-09548",
            "VUID-vkCmdDrawMultiIndexedEXT-None-09549",
            "VUID-vkCmdDrawMultiIndexedEXT-None-10927",
            "VUID-vkCmdDrawMultiIndexedEXT-None-10928",
            "VUID-vkCmdDrawMultiIndexedEXT-flags-10582",
        ],
    ),
];

command_table!(
    /// `EVERY_DRAW_IDS` by command number.
    pub(super) static EVERY_DRAW: (&str, [&str; 8]) = EVERY_DRAW_IDS, 0
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sorted_by_command_and_name_it() {
        assert!(DRAW_STATE_IDS.windows(2).all(|w| w[0].command < w[1].command));
        for d in &DRAW_STATE_IDS {
            for (rule, id) in RULES.iter().zip(d.dynamic) {
                assert_eq!(id, format!("VUID-{}-{}", d.command, rule.suffix));
            }
            assert_eq!(d.counts, format!("VUID-{}-viewportCount-03419", d.command));
            assert_eq!(d.rendering_colors, format!("VUID-{}-colorAttachmentCount-06179", d.command));
            assert_eq!(d.mesh, format!("VUID-{}-stage-06481", d.command));
            let topology = [
                "primitiveTopology-10286",
                "primitiveTopology-10747",
                "None-09637",
                "None-10909",
                "dynamicPrimitiveTopologyUnrestricted-07500",
            ];
            assert_eq!(d.topology, topology.map(|s| format!("VUID-{}-{s}", d.command)));
            let unused = ["08910", "08911", "08912", "08913", "08914", "08915", "08916", "08917", "08918"]
                .map(|n| format!("dynamicRenderingUnusedAttachments-{n}"));
            let samples = ["07285", "07286", "07287"].map(|n| format!("multisampledRenderToSingleSampled-{n}"));
            let rendering: Vec<String> = std::iter::once("viewMask-06178".to_string())
                .chain(unused)
                .chain(samples)
                .map(|s| format!("VUID-{}-{s}", d.command))
                .collect();
            assert_eq!(d.rendering.to_vec(), rendering);
            let ranges =
                ["firstAttachment-07476", "firstAttachment-07478", "attachmentCount-07750", "None-10862", "None-10864"];
            assert_eq!(d.ranges, ranges.map(|s| format!("VUID-{}-{s}", d.command)));
            let samples = ["samples-07472", "samples-07473"];
            assert_eq!(d.samples, samples.map(|s| format!("VUID-{}-{s}", d.command)));
            let stippled = ["07495", "07496", "07497", "07498"];
            assert_eq!(d.stippled, stippled.map(|n| format!("VUID-{}-stippledLineEnable-{n}", d.command)));
            let generated = format!("VUID-{}-primitivesGeneratedQueryWithRasterizerDiscard-06708", d.command);
            assert_eq!(d.primitives_generated, generated);
            let streams = format!("VUID-{}-primitivesGeneratedQueryWithNonZeroStreams-06709", d.command);
            assert_eq!(d.primitives_generated_streams, streams);
            assert_eq!(d.discard_rectangles, format!("VUID-{}-None-07751", d.command));
            let counted = ["colorAttachmentCount-06185", "pDepthAttachment-06186", "pStencilAttachment-06187"];
            assert_eq!(d.attachment_samples, counted.map(|s| format!("VUID-{}-{s}", d.command)));
            assert_eq!(d.sample_locations, format!("VUID-{}-sampleLocationsEnable-02689", d.command));
            let maps = ["imageView-06183", "imageView-06184"];
            assert_eq!(d.fragment_maps, maps.map(|s| format!("VUID-{}-{s}", d.command)));
            let rate = format!("VUID-{}-primitiveFragmentShadingRateWithMultipleViewports-04552", d.command);
            assert_eq!(d.primitive_rate_viewports, rate);
            let suffixes = ["renderPass-02684", "subpass-02685", "renderPass-06198"];
            for (id, suffix) in d.render_pass.iter().zip(suffixes) {
                assert_eq!(*id, format!("VUID-{}-{suffix}", d.command));
            }
            let ids = d.index_bound.into_iter().chain(d.index_range.map(|r| r.2));
            for id in ids {
                assert!(id.starts_with(&format!("VUID-{}-", d.command)), "{id}");
            }
        }
    }

    #[test]
    fn every_draw_ids_are_sorted_by_command_and_name_it() {
        assert!(EVERY_DRAW_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        for (command, ids) in EVERY_DRAW_IDS {
            let names = [
                "None-06886",
                "None-06887",
                "None-08608",
                "None-09548",
                "None-09549",
                "None-10927",
                "None-10928",
                "flags-10582",
            ];
            assert_eq!(ids, names.map(|s| format!("VUID-{command}-{s}")));
        }
    }
}
