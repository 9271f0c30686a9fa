//! Viewports and scissors set in command buffers, through the real loader on lavapipe:
//! vkCmdSetViewport(WithCount) and vkCmdSetScissor(WithCount) against the device's viewport
//! limits, its bounds range and the `multiViewport` feature (off in one device, on in the
//! other). Each case: the exact ids of the invalid call (skipped) and a valid neighbour.

mod stateless_common;

use ash::vk;
use stateless_common::*;
use vigil_tests::{Context, ContextBuilder};

const NONE: [&str; 0] = [];

/// A context, its limits, and a recording command buffer.
struct Fixture {
    ctx: Context,
    limits: vk::PhysicalDeviceLimits,
    pool: vk::CommandPool,
    cb: vk::CommandBuffer,
}

impl Fixture {
    fn new(multi_viewport: bool) -> Self {
        let features = vk::PhysicalDeviceFeatures::default().multi_viewport(multi_viewport);
        let ctx = context_with(ContextBuilder::new().features(features));
        // SAFETY: the context's physical device.
        let limits = unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits;
        let pool = ctx.resettable_pool();
        let cb = ctx.recording_primary(pool);
        Fixture { ctx, limits, pool, cb }
    }

    fn set_viewport(&self, first: u32, viewports: &[vk::Viewport]) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        reported(&self.ctx, || unsafe { self.ctx.device.cmd_set_viewport(self.cb, first, viewports) })
    }

    fn set_viewport_with_count(&self, viewports: &[vk::Viewport]) -> Vec<String> {
        // SAFETY: as above.
        reported(&self.ctx, || unsafe { self.ctx.device.cmd_set_viewport_with_count(self.cb, viewports) })
    }

    fn set_scissor(&self, first: u32, scissors: &[vk::Rect2D]) -> Vec<String> {
        // SAFETY: as above.
        reported(&self.ctx, || unsafe { self.ctx.device.cmd_set_scissor(self.cb, first, scissors) })
    }

    fn set_scissor_with_count(&self, scissors: &[vk::Rect2D]) -> Vec<String> {
        // SAFETY: as above.
        reported(&self.ctx, || unsafe { self.ctx.device.cmd_set_scissor_with_count(self.cb, scissors) })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: nothing was submitted.
        unsafe { self.ctx.device.destroy_command_pool(self.pool, None) };
    }
}

fn viewport() -> vk::Viewport {
    vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0)
}

fn scissor(x: i32, y: i32) -> vk::Rect2D {
    vk::Rect2D { offset: vk::Offset2D { x, y }, extent: vk::Extent2D { width: 64, height: 64 } }
}

#[test]
fn viewport_and_scissor_counts() {
    let f = Fixture::new(false);
    let two = [viewport(); 2];
    assert_eq!(f.set_viewport(0, &[viewport()]), NONE);
    assert_eq!(f.set_viewport(1, &[viewport()]), ["VUID-vkCmdSetViewport-firstViewport-01224"]);
    assert_eq!(f.set_viewport(0, &two), ["VUID-vkCmdSetViewport-viewportCount-01225"]);
    assert_eq!(f.set_viewport_with_count(&[viewport()]), NONE);
    assert_eq!(f.set_viewport_with_count(&two), ["VUID-vkCmdSetViewportWithCount-viewportCount-03395"]);
    let two = [scissor(0, 0); 2];
    assert_eq!(f.set_scissor(0, &[scissor(0, 0)]), NONE);
    assert_eq!(f.set_scissor(1, &[scissor(0, 0)]), ["VUID-vkCmdSetScissor-firstScissor-00593"]);
    assert_eq!(f.set_scissor(0, &two), ["VUID-vkCmdSetScissor-scissorCount-00594"]);
    assert_eq!(f.set_scissor_with_count(&[scissor(0, 0)]), NONE);
    assert_eq!(f.set_scissor_with_count(&two), ["VUID-vkCmdSetScissorWithCount-scissorCount-03398"]);

    // With multiViewport, up to maxViewports from any first index.
    let m = Fixture::new(true);
    let max = m.limits.max_viewports;
    let all = vec![viewport(); max as usize];
    assert_eq!(m.set_viewport(0, &all), NONE);
    assert_eq!(m.set_viewport(max - 1, &[viewport()]), NONE);
    assert_eq!(m.set_viewport(max, &[viewport()]), ["VUID-vkCmdSetViewport-firstViewport-01223"]);
    assert_eq!(m.set_viewport_with_count(&all), NONE);
    let too_many = vec![viewport(); max as usize + 1];
    assert_eq!(m.set_viewport_with_count(&too_many), ["VUID-vkCmdSetViewportWithCount-viewportCount-03394"]);
    let all = vec![scissor(0, 0); max as usize];
    assert_eq!(m.set_scissor(max - 1, &[scissor(0, 0)]), NONE);
    assert_eq!(m.set_scissor(max, &[scissor(0, 0)]), ["VUID-vkCmdSetScissor-firstScissor-00592"]);
    assert_eq!(m.set_scissor_with_count(&all), NONE);
    let too_many = vec![scissor(0, 0); max as usize + 1];
    assert_eq!(m.set_scissor_with_count(&too_many), ["VUID-vkCmdSetScissorWithCount-scissorCount-03397"]);
}

#[test]
fn viewport_values() {
    let f = Fixture::new(false);
    let [max_width, max_height] = f.limits.max_viewport_dimensions.map(|d| d as f32);
    let [low, high] = f.limits.viewport_bounds_range;
    let cases: [(vk::Viewport, &str); 10] = [
        (viewport().width(0.0), "VUID-VkViewport-width-01770"),
        (viewport().width(max_width * 2.0).x(low), "VUID-VkViewport-width-01771"),
        (viewport().height(-max_height * 2.0).y(high), "VUID-VkViewport-height-01773"),
        (viewport().x(low - 1.0), "VUID-VkViewport-x-01774"),
        (viewport().x(high - 32.0), "VUID-VkViewport-x-01232"),
        (viewport().y(low - 1.0), "VUID-VkViewport-y-01775"),
        (viewport().y(high + 1.0).height(-64.0), "VUID-VkViewport-y-01776"),
        (viewport().y(low + 32.0).height(-64.0), "VUID-VkViewport-y-01777"),
        (viewport().y(high - 32.0), "VUID-VkViewport-y-01233"),
        (viewport().min_depth(-0.5), "VUID-VkViewport-minDepth-01234"),
    ];
    for (v, id) in cases {
        assert_eq!(f.set_viewport(0, &[v]), [id], "{v:?}");
    }
    assert_eq!(f.set_viewport(0, &[viewport().max_depth(1.5)]), ["VUID-VkViewport-maxDepth-01235"]);
    assert_eq!(f.set_viewport_with_count(&[viewport().width(0.0)]), ["VUID-VkViewport-width-01770"]);
    // Each boundary itself is valid: the largest sizes, the bounds' ends, negative heights that
    // stay inside, depths 0 and 1.
    let valid = [
        viewport().width(max_width).height(max_height).x(low).y(low),
        viewport().x(high - 64.0).y(high - 64.0),
        viewport().y(high).height(-64.0),
        viewport().y(low + 64.0).height(-64.0),
        viewport().min_depth(1.0).max_depth(0.0),
    ];
    for v in valid {
        assert_eq!(f.set_viewport(0, &[v]), NONE, "{v:?}");
    }
}

#[test]
fn scissor_offsets() {
    let f = Fixture::new(false);
    assert_eq!(f.set_scissor(0, &[scissor(-1, 0)]), ["VUID-vkCmdSetScissor-x-00595"]);
    assert_eq!(f.set_scissor(0, &[scissor(0, -1)]), ["VUID-vkCmdSetScissor-x-00595"]);
    let edge = i32::MAX - 64;
    assert_eq!(f.set_scissor(0, &[scissor(edge + 1, 0)]), ["VUID-vkCmdSetScissor-offset-00596"]);
    assert_eq!(f.set_scissor(0, &[scissor(0, edge + 1)]), ["VUID-vkCmdSetScissor-offset-00597"]);
    assert_eq!(f.set_scissor(0, &[scissor(edge, edge)]), NONE);
    assert_eq!(f.set_scissor_with_count(&[scissor(-1, 0)]), ["VUID-vkCmdSetScissorWithCount-x-03399"]);
    assert_eq!(f.set_scissor_with_count(&[scissor(edge + 1, 0)]), ["VUID-vkCmdSetScissorWithCount-offset-03400"]);
    assert_eq!(f.set_scissor_with_count(&[scissor(0, edge + 1)]), ["VUID-vkCmdSetScissorWithCount-offset-03401"]);
    assert_eq!(f.set_scissor_with_count(&[scissor(edge, edge)]), NONE);
}
