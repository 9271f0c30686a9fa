//! Viewports and scissors, wherever they are given: vkCmdSetViewport(WithCount),
//! vkCmdSetScissor(WithCount), and a graphics pipeline's static viewport state. Each viewport
//! against the device's viewport limits and bounds range, each scissor's offset against overflow,
//! their counts against `maxViewports` and the `multiViewport` feature.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{elements, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// The ids of one command's or structure's count and scissor rules.
struct CountIds {
    /// The count (with the first index) within 1..=maxViewports.
    in_range: &'static str,
    /// Without multiViewport: the first index is 0.
    first_zero: Option<&'static str>,
    /// Without multiViewport: the count is 1 (at most 1 for a pipeline).
    single: &'static str,
}

/// The ids of one command's or structure's scissor offset rules.
struct ScissorIds {
    non_negative: &'static str,
    x_overflow: &'static str,
    y_overflow: &'static str,
}

const SET_VIEWPORT: CountIds = CountIds {
    in_range: "VUID-vkCmdSetViewport-firstViewport-01223",
    first_zero: Some("VUID-vkCmdSetViewport-firstViewport-01224"),
    single: "VUID-vkCmdSetViewport-viewportCount-01225",
};
const SET_VIEWPORT_WITH_COUNT: CountIds = CountIds {
    in_range: "VUID-vkCmdSetViewportWithCount-viewportCount-03394",
    first_zero: None,
    single: "VUID-vkCmdSetViewportWithCount-viewportCount-03395",
};
const SET_SCISSOR: CountIds = CountIds {
    in_range: "VUID-vkCmdSetScissor-firstScissor-00592",
    first_zero: Some("VUID-vkCmdSetScissor-firstScissor-00593"),
    single: "VUID-vkCmdSetScissor-scissorCount-00594",
};
const SET_SCISSOR_WITH_COUNT: CountIds = CountIds {
    in_range: "VUID-vkCmdSetScissorWithCount-scissorCount-03397",
    first_zero: None,
    single: "VUID-vkCmdSetScissorWithCount-scissorCount-03398",
};
const SET_SCISSOR_OFFSETS: ScissorIds = ScissorIds {
    non_negative: "VUID-vkCmdSetScissor-x-00595",
    x_overflow: "VUID-vkCmdSetScissor-offset-00596",
    y_overflow: "VUID-vkCmdSetScissor-offset-00597",
};
const SET_SCISSOR_WITH_COUNT_OFFSETS: ScissorIds = ScissorIds {
    non_negative: "VUID-vkCmdSetScissorWithCount-x-03399",
    x_overflow: "VUID-vkCmdSetScissorWithCount-offset-03400",
    y_overflow: "VUID-vkCmdSetScissorWithCount-offset-03401",
};
const PIPELINE_SCISSOR_OFFSETS: ScissorIds = ScissorIds {
    non_negative: "VUID-VkPipelineViewportStateCreateInfo-x-02821",
    x_overflow: "VUID-VkPipelineViewportStateCreateInfo-offset-02822",
    y_overflow: "VUID-VkPipelineViewportStateCreateInfo-offset-02823",
};

/// vkCmdSetViewport / vkCmdSetViewportWithCount (`first` 0): true to skip the call.
pub(super) fn set_viewport(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    first: u32,
    count: u32,
    viewports: *const VkViewport,
) -> bool {
    let mut f = Findings::of(cx);
    let at = cx.location();
    let ids = if cx.name() == "vkCmdSetViewport" { &SET_VIEWPORT } else { &SET_VIEWPORT_WITH_COUNT };
    counts(checks, &mut f, &at, ids, (first, count), ("firstViewport", "viewportCount"));
    // SAFETY: `count` viewports, as the application passed them (stateless checked the pointer).
    let viewports = unsafe { elements(viewports, count) };
    let list = at.dot("pViewports");
    for (i, v) in viewports.iter().enumerate() {
        viewport(checks, &mut f, &list.index(i), v);
    }
    f.skip
}

/// vkCmdSetScissor / vkCmdSetScissorWithCount (`first` 0): true to skip the call.
pub(super) fn set_scissor(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    first: u32,
    count: u32,
    scissors: *const VkRect2D,
) -> bool {
    let mut f = Findings::of(cx);
    let at = cx.location();
    let (ids, offsets) = if cx.name() == "vkCmdSetScissor" {
        (&SET_SCISSOR, &SET_SCISSOR_OFFSETS)
    } else {
        (&SET_SCISSOR_WITH_COUNT, &SET_SCISSOR_WITH_COUNT_OFFSETS)
    };
    counts(checks, &mut f, &at, ids, (first, count), ("firstScissor", "scissorCount"));
    // SAFETY: `count` rectangles, as the application passed them.
    let scissors = unsafe { elements(scissors, count) };
    scissor_offsets(&mut f, &at.dot("pScissors"), offsets, scissors);
    f.skip
}

/// A graphics pipeline's viewport state: its counts, and the viewports and scissors the pipeline
/// holds statically (those not dynamic).
pub(super) fn viewport_state(
    checks: &DeviceStateless,
    f: &mut Findings<'_>,
    at: &Location<'_>,
    state: &VkPipelineViewportStateCreateInfo,
    dynamic: impl Fn(VkDynamicState) -> bool,
) {
    let multi = checks.facts.features.contains(Feature::MULTI_VIEWPORT);
    let max = checks.facts.limits.maxViewports;
    let with_count = (
        dynamic(VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT),
        dynamic(VkDynamicState::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT),
    );
    let rules = [
        (
            state.viewportCount,
            "viewportCount",
            with_count.0,
            "VUID-VkPipelineViewportStateCreateInfo-viewportCount-01216",
            "VUID-VkPipelineViewportStateCreateInfo-viewportCount-01218",
            "VUID-VkPipelineViewportStateCreateInfo-viewportCount-04135",
            "VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT",
        ),
        (
            state.scissorCount,
            "scissorCount",
            with_count.1,
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-01217",
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-01219",
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-04136",
            "VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT",
        ),
    ];
    for (n, name, counted_later, single, limit, zero, state_name) in rules {
        if !multi && n > 1 {
            f.error(single, &at.dot(name), format_args!("is {n}, but the multiViewport feature is not enabled."));
        } else if n > max {
            f.error(limit, &at.dot(name), format_args!("is {n}, more than maxViewports ({max})."));
        }
        if counted_later && n != 0 {
            f.error(zero, &at.dot(name), format_args!("is {n}, but the pipeline has {state_name}: it must be 0."));
        } else if !counted_later && n == 0 {
            f.error(zero, &at.dot(name), format_args!("is 0, but the pipeline does not have {state_name}."));
        }
    }
    if !with_count.0 && !with_count.1 && state.viewportCount != state.scissorCount {
        f.error(
            "VUID-VkPipelineViewportStateCreateInfo-scissorCount-04134",
            &at.dot("scissorCount"),
            format_args!(
                "is {}, but viewportCount is {}: neither is dynamic, so they must be equal.",
                state.scissorCount, state.viewportCount
            ),
        );
    }
    // Dynamic viewports and scissors are ignored here, and may be garbage.
    if !with_count.0 && !dynamic(VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT) {
        // SAFETY: viewportCount viewports, as the application passed them.
        let viewports = unsafe { elements(state.pViewports, state.viewportCount) };
        let list = at.dot("pViewports");
        for (i, v) in viewports.iter().enumerate() {
            viewport(checks, f, &list.index(i), v);
        }
    }
    if !with_count.1 && !dynamic(VkDynamicState::VK_DYNAMIC_STATE_SCISSOR) {
        // SAFETY: scissorCount rectangles, as the application passed them.
        let scissors = unsafe { elements(state.pScissors, state.scissorCount) };
        scissor_offsets(f, &at.dot("pScissors"), &PIPELINE_SCISSOR_OFFSETS, scissors);
    }
}

/// A command's first index and count against maxViewports and multiViewport.
fn counts(
    checks: &DeviceStateless,
    f: &mut Findings<'_>,
    at: &Location<'_>,
    ids: &CountIds,
    (first, count): (u32, u32),
    (first_name, count_name): (&'static str, &'static str),
) {
    let max = checks.facts.limits.maxViewports;
    let end = u64::from(first) + u64::from(count);
    if count != 0 && end > u64::from(max) {
        f.error(
            ids.in_range,
            &at.dot(first_name),
            format_args!("({first}) plus {count_name} ({count}) is {end}, more than maxViewports ({max})."),
        );
    }
    if checks.facts.features.contains(Feature::MULTI_VIEWPORT) {
        return;
    }
    if let Some(vuid) = ids.first_zero.filter(|_| first != 0) {
        f.error(vuid, &at.dot(first_name), format_args!("is {first}, but the multiViewport feature is not enabled."));
    }
    if count > 1 {
        f.error(
            ids.single,
            &at.dot(count_name),
            format_args!("is {count}, but the multiViewport feature is not enabled."),
        );
    }
}

/// One viewport against the device's limits.
fn viewport(checks: &DeviceStateless, f: &mut Findings<'_>, at: &Location<'_>, v: &VkViewport) {
    let limits = &checks.facts.limits;
    let [max_width, max_height] = limits.maxViewportDimensions.map(|d| d as f32);
    let [low, high] = limits.viewportBoundsRange;
    if v.width <= 0.0 || v.width.is_nan() {
        f.error("VUID-VkViewport-width-01770", &at.dot("width"), format_args!("is {}, not greater than 0.0.", v.width));
    } else if v.width > max_width {
        f.error(
            "VUID-VkViewport-width-01771",
            &at.dot("width"),
            format_args!("is {}, more than maxViewportDimensions[0] ({max_width}).", v.width),
        );
    }
    if v.height.abs() > max_height {
        f.error(
            "VUID-VkViewport-height-01773",
            &at.dot("height"),
            format_args!("is {}, whose absolute value is more than maxViewportDimensions[1] ({max_height}).", v.height),
        );
    }
    // Formatted only into a message: a valid viewport allocates nothing.
    let bounds = BoundsRange(low, high);
    if v.x < low {
        f.error("VUID-VkViewport-x-01774", &at.dot("x"), format_args!("is {}, below {bounds}.", v.x));
    }
    if v.x + v.width > high {
        f.error(
            "VUID-VkViewport-x-01232",
            &at.dot("x"),
            format_args!("({}) plus width ({}) is past {bounds}.", v.x, v.width),
        );
    }
    if v.y < low {
        f.error("VUID-VkViewport-y-01775", &at.dot("y"), format_args!("is {}, below {bounds}.", v.y));
    }
    if v.y > high {
        f.error("VUID-VkViewport-y-01776", &at.dot("y"), format_args!("is {}, past {bounds}.", v.y));
    }
    if v.y + v.height < low {
        f.error(
            "VUID-VkViewport-y-01777",
            &at.dot("y"),
            format_args!("({}) plus height ({}) is below {bounds}.", v.y, v.height),
        );
    }
    if v.y + v.height > high {
        f.error(
            "VUID-VkViewport-y-01233",
            &at.dot("y"),
            format_args!("({}) plus height ({}) is past {bounds}.", v.y, v.height),
        );
    }
    if checks.facts.extension_names.contains("VK_EXT_depth_range_unrestricted") {
        return;
    }
    let depths = [
        (v.minDepth, "minDepth", "VUID-VkViewport-minDepth-01234"),
        (v.maxDepth, "maxDepth", "VUID-VkViewport-maxDepth-01235"),
    ];
    for (depth, name, vuid) in depths {
        if !(0.0..=1.0).contains(&depth) {
            f.error(
                vuid,
                &at.dot(name),
                format_args!("is {depth}, outside 0.0 to 1.0 (VK_EXT_depth_range_unrestricted is not enabled)."),
            );
        }
    }
}

/// Scissor offsets: not negative, and no signed overflow adding the extent.
fn scissor_offsets(f: &mut Findings<'_>, at: &Location<'_>, ids: &ScissorIds, scissors: &[VkRect2D]) {
    for (i, r) in scissors.iter().enumerate() {
        let at = at.index(i);
        let (x, y) = (r.offset.x, r.offset.y);
        if x < 0 || y < 0 {
            f.error(ids.non_negative, &at.dot("offset"), format_args!("is ({x}, {y}): x and y must not be negative."));
        }
        let overflows = |offset: i32, extent: u32| i64::from(offset) + i64::from(extent) > i64::from(i32::MAX);
        if overflows(x, r.extent.width) {
            f.error(
                ids.x_overflow,
                &at.dot("offset"),
                format_args!("x ({x}) plus extent.width ({}) overflows a signed 32-bit integer.", r.extent.width),
            );
        }
        if overflows(y, r.extent.height) {
            f.error(
                ids.y_overflow,
                &at.dot("offset"),
                format_args!("y ({y}) plus extent.height ({}) overflows a signed 32-bit integer.", r.extent.height),
            );
        }
    }
}

/// The device's `viewportBoundsRange`, as messages name it.
struct BoundsRange(f32, f32);

impl std::fmt::Display for BoundsRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "viewportBoundsRange ({}, {})", self.0, self.1)
    }
}
