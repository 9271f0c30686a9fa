//! The recording rules every `vkCmd*` command shares, generated from vk.xml's command attributes
//! (`vigil_generated::recording::RECORDING_RULES`): the command buffer is recording
//! (`-commandBuffer-recording`), inside or outside a render pass instance as the command needs
//! (`-renderpass`), inside or outside a video coding scope likewise (`-videocoding`), a primary
//! where only primaries may record it (`-bufferlevel`), and allocated from a pool whose queue
//! family supports the command (`-commandBuffer-cmdpool`).

use vigil_generated::recording::{RecordingRule, RenderPassRule, VideoCodingRule, RECORDING_RULES, RECORDING_RULE_OF};

use super::CoreChecks;
use crate::chassis::raw::read_ptr;
use crate::chassis::Call;
use crate::state::command_buffers::{CommandBufferState, Lifecycle, Recording, RESUMING};
use crate::state::resolve::with_command_buffer;
use crate::state::tracker::param_handle;
use vigil_generated::VkRenderingInfo;

/// The spec's names of the `VkQueueFlagBits` a rule may name, for messages.
const QUEUE_BITS: [(u32, &str); 8] = [
    (0x1, "graphics"),
    (0x2, "compute"),
    (0x4, "transfer"),
    (0x8, "sparse binding"),
    (0x20, "video decode"),
    (0x40, "video encode"),
    (0x100, "optical flow"),
    (0x400, "data graph"),
];

impl CoreChecks {
    /// Checks a recording command's generated rules: true to skip the call.
    pub(super) fn recording_rules(&self, cx: &Call<'_>) -> bool {
        // SAFETY: parameter 0 of a vkCmd* command is its command buffer.
        let cb = unsafe { param_handle(cx.params, 0) };
        self.with_recording(cx, cb, |_| false)
    }

    /// Checks the recording rules of `cx`'s command for `cb`, then runs `f` with its recording
    /// while it is being recorded: one lookup and one lock for all of a command's checks. Nothing
    /// runs while another thread holds the recording (thread safety reports that). True to skip
    /// the call.
    pub(super) fn with_recording(&self, cx: &Call<'_>, cb: u64, f: impl FnOnce(&Recording) -> bool) -> bool {
        let i = RECORDING_RULE_OF.get(cx.command).map_or(usize::MAX, |&i| usize::from(i));
        let rule = RECORDING_RULES.get(i).zip(RULE_MASKS.get(i));
        with_command_buffer(cx, cb, (self.device, self.instance), |record| {
            let Some(state) = record.command_buffer() else { return false };
            let Some(r) = state.try_lock() else { return false };
            // The usual case, one comparison: the recording is in the state every rule wants.
            let skip = rule.is_some_and(|(rule, m)| {
                let bits = state_bits(state, &r);
                ((bits ^ m.expect) & m.care != 0 || r.queue_flags & m.queues == 0)
                    && self.rules_of(cx, rule, cb, state, &r)
            });
            skip | (r.lifecycle == Lifecycle::Recording && f(&r))
        })
        .unwrap_or(false)
    }

    /// The recording rules `rule` for command buffer `cb`, its recording `r` locked.
    fn rules_of(
        &self,
        cx: &Call<'_>,
        rule: &RecordingRule,
        cb: u64,
        state: &CommandBufferState,
        r: &Recording,
    ) -> bool {
        let root = || cx.location();
        if r.lifecycle != Lifecycle::Recording {
            return rule.recording.is_some_and(|vuid| {
                let root = root();
                cx.error(
                    vuid,
                    &root.dot("commandBuffer"),
                    format_args!("({cb:#x}) is {}, not recording: begin it first.", r.state()),
                )
            });
        }
        let mut skip = false;
        let render_pass = rule.render_pass.map(|(rule, vuid)| (rule == RenderPassRule::Inside, vuid));
        skip |= scope_rule(cx, cb, render_pass, r.in_render_pass, "a render pass instance");
        let video_coding = rule.video_coding.map(|(rule, vuid)| (rule == VideoCodingRule::Inside, vuid));
        skip |= scope_rule(
            cx,
            cb,
            video_coding,
            r.in_video_coding,
            "a video coding scope (vkCmdBeginVideoCodingKHR to vkCmdEndVideoCodingKHR)",
        );
        if let Some(vuid) = rule.primary_only.filter(|_| state.secondary()) {
            skip |= cx.error(
                vuid,
                &root().dot("commandBuffer"),
                format_args!("({cb:#x}) is a secondary command buffer; only primaries may record this command."),
            );
        }
        if let Some((needed, vuid)) = rule.queues {
            // The pool's family and its flags, kept by the recording since allocation (every
            // flag while unknown).
            let (family, flags) = (r.queue_family, r.queue_flags);
            if flags & needed == 0 {
                let names: Vec<&str> = QUEUE_BITS.iter().filter(|(b, _)| needed & b != 0).map(|(_, n)| *n).collect();
                skip |= cx.error(
                    vuid,
                    &root().dot("commandBuffer"),
                    format_args!(
                        "({cb:#x}) was allocated from a pool of queue family {family}, which supports none of the \
                         operations the command needs ({}).",
                        names.join(", ")
                    ),
                );
            }
        }
        if let Some(vuid) = rule.suspended.filter(|_| r.suspension.suspended && !resumes(cx)) {
            skip |= suspended(cx, cb, vuid);
        }
        skip
    }
}

/// A recording state bit of [`state_bits`]: not recording.
const NOT_RECORDING: u8 = 1;
/// Inside a render pass instance.
const IN_RENDER_PASS: u8 = 2;
/// Inside a video coding scope.
const IN_VIDEO_CODING: u8 = 4;
/// A secondary command buffer.
const SECONDARY: u8 = 8;
/// After a render pass instance ended suspended, before one resumes it.
const SUSPENDED: u8 = 16;

/// The state bits of command buffer `state` whose recording is `r`.
#[inline(always)]
fn state_bits(state: &CommandBufferState, r: &Recording) -> u8 {
    let bit = |on: bool, bit: u8| if on { bit } else { 0 };
    bit(r.lifecycle != Lifecycle::Recording, NOT_RECORDING)
        | bit(r.in_render_pass, IN_RENDER_PASS)
        | bit(r.in_video_coding, IN_VIDEO_CODING)
        | bit(state.secondary(), SECONDARY)
        | bit(r.suspension.suspended, SUSPENDED)
}

/// One recording rule as masks: a recording whose [`state_bits`] equal `expect` in `care`, and
/// whose pool's queue flags meet `queues`, breaks none of it.
#[derive(Clone, Copy)]
struct RuleMask {
    care: u8,
    expect: u8,
    queues: u32,
}

/// [`RuleMask`] of `rule`.
const fn rule_mask(rule: &RecordingRule) -> RuleMask {
    let mut m = RuleMask { care: NOT_RECORDING | SUSPENDED, expect: 0, queues: u32::MAX };
    if let Some((inside, _)) = rule.render_pass {
        m.care |= IN_RENDER_PASS;
        if matches!(inside, RenderPassRule::Inside) {
            m.expect |= IN_RENDER_PASS;
        }
    }
    if let Some((inside, _)) = rule.video_coding {
        m.care |= IN_VIDEO_CODING;
        if matches!(inside, VideoCodingRule::Inside) {
            m.expect |= IN_VIDEO_CODING;
        }
    }
    if rule.primary_only.is_some() {
        m.care |= SECONDARY;
    }
    if let Some((needed, _)) = rule.queues {
        m.queues = needed;
    }
    m
}

/// The number of recording rules.
const RULES: usize = RECORDING_RULES.len();

/// [`RuleMask`] of each of `RECORDING_RULES`, by the same index.
static RULE_MASKS: [RuleMask; RULES] = {
    let mut out = [RuleMask { care: 0, expect: 0, queues: 0 }; RULES];
    let mut i = 0;
    while i < RULES {
        out[i] = rule_mask(&RECORDING_RULES[i]);
        i += 1;
    }
    out
};

/// Whether the call is a vkCmdBeginRendering that resumes a suspended render pass instance
/// (the one command allowed after a suspension).
fn resumes(cx: &Call<'_>) -> bool {
    if cx.name() != "vkCmdBeginRendering" && cx.name() != "vkCmdBeginRenderingKHR" {
        return false;
    }
    // SAFETY: parameter 1 of vkCmdBeginRendering is its `pRenderingInfo`, which stateless
    // validation requires to be a valid pointer.
    let info = unsafe { cx.params.get(1).map_or(std::ptr::null(), |p| read_ptr(*p)) };
    // SAFETY: a VkRenderingInfo, as the application passed it.
    unsafe { info.cast::<VkRenderingInfo>().as_ref() }.is_some_and(|i| i.flags.0 & RESUMING != 0)
}

#[cold]
#[inline(never)]
fn suspended(cx: &Call<'_>, cb: u64, vuid: &'static str) -> bool {
    let what = if cx.name().starts_with("vkCmdBeginRendering") {
        "begins a render pass instance without VK_RENDERING_RESUMING_BIT"
    } else {
        "is recorded"
    };
    cx.error(
        vuid,
        &cx.location(),
        format_args!(
            "{what} in command buffer {cb:#x} after a render pass instance ended suspended \
             (VK_RENDERING_SUSPENDING_BIT) and before one resumes it: no action or synchronization command may come \
             between suspended render pass instances."
        ),
    )
}

/// A rule that the command be recorded inside (`(true, vuid)`) or outside `what`, against
/// whether the recording is `inside`: true to skip the call.
#[inline(always)]
fn scope_rule(cx: &Call<'_>, cb: u64, rule: Option<(bool, &'static str)>, inside: bool, what: &str) -> bool {
    match rule {
        Some((must_be_inside, vuid)) if must_be_inside != inside => scope_broken(cx, cb, must_be_inside, vuid, what),
        _ => false,
    }
}

#[cold]
#[inline(never)]
fn scope_broken(cx: &Call<'_>, cb: u64, must_be_inside: bool, vuid: &'static str, what: &str) -> bool {
    let (is, must) = if must_be_inside { ("outside", "inside") } else { ("inside", "outside") };
    cx.error(
        vuid,
        &cx.location(),
        format_args!("is recorded {is} {what} in command buffer {cb:#x}; it must be recorded {must} one."),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_generated::commands::command_index;

    fn mask(name: &str) -> RuleMask {
        let c = command_index(name.as_bytes()).expect("a command");
        RULE_MASKS[usize::from(RECORDING_RULE_OF[c])]
    }

    /// Each rule's masks say what its fields say: a draw inside a render pass instance on a
    /// graphics queue, a buffer copy outside one, vkCmdBeginRenderPass on primaries only, video
    /// coding commands inside a video coding scope; every rule wants a recording, not suspended.
    #[test]
    fn rule_masks_follow_the_rules() {
        let draw = mask("vkCmdDraw");
        assert_eq!((draw.care & IN_RENDER_PASS, draw.expect & IN_RENDER_PASS), (IN_RENDER_PASS, IN_RENDER_PASS));
        assert_eq!(draw.queues, 0x1);
        let copy = mask("vkCmdCopyBuffer");
        assert_eq!((copy.care & IN_RENDER_PASS, copy.expect & IN_RENDER_PASS), (IN_RENDER_PASS, 0));
        assert_eq!(mask("vkCmdBeginRenderPass").care & SECONDARY, SECONDARY);
        assert_eq!(mask("vkCmdDraw").care & SECONDARY, 0);
        let video = mask("vkCmdEndVideoCodingKHR");
        assert_eq!(video.expect & IN_VIDEO_CODING, IN_VIDEO_CODING);
        for (rule, m) in RECORDING_RULES.iter().zip(RULE_MASKS.iter()) {
            assert_eq!(m.care & (NOT_RECORDING | SUSPENDED), NOT_RECORDING | SUSPENDED);
            assert_eq!(m.expect & (NOT_RECORDING | SUSPENDED), 0);
            assert_eq!(m.care & IN_RENDER_PASS != 0, rule.render_pass.is_some());
            assert_eq!(m.care & IN_VIDEO_CODING != 0, rule.video_coding.is_some());
            assert_eq!(m.care & SECONDARY != 0, rule.primary_only.is_some());
            assert_eq!(m.queues, rule.queues.map_or(u32::MAX, |(q, _)| q));
        }
    }
}
