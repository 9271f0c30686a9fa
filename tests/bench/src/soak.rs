//! `soak`: many submits of a small command buffer, to show whether what a layer keeps per
//! submission accumulates. Users of the reference layer report it collapsing after a few hundred
//! submits, and frame times that grow over half an hour with one timeline signal per frame.
//!
//! Two command buffers alternate (two frames in flight). Every submit signals a timeline
//! semaphore with the frame's number. The application observes completion one of two ways:
//! - `fence`: each frame slot has a fence, waited for and reset before the slot is reused;
//! - `timeline`: no fences at all, the application waits for the timeline value of the
//!   submission that last used the slot (the only way the layer learns of completion).
//!
//! Reported: the median cost of a frame (wait + submit) in the first and in the last 1,000
//! frames, as the calling thread's CPU time (what a layer adds runs on it; wall time on a CPU
//! driver also swings with where its queue thread is scheduled) and as wall time; and the
//! resident set at submit 10,000 and at the end.

use std::time::Instant;

use ash::vk;

use crate::context::Context;
use crate::thread_cpu_ns;

/// Submits in a default run.
pub const SUBMITS: usize = 100_000;
/// Frames in each of the windows whose medians are compared.
pub const WINDOW: usize = 1_000;
/// The submit whose resident set is the baseline of the growth figure.
pub const RSS_FROM: usize = 10_000;
/// Command buffers (and fences) in flight.
const IN_FLIGHT: usize = 2;
/// Bytes the recorded fill writes.
const BYTES: u64 = 256;

/// How the application learns that a submission completed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wait {
    Fence,
    Timeline,
}

impl Wait {
    /// `fence` or `timeline`.
    pub fn parse(s: &str) -> Option<Wait> {
        match s {
            "fence" => Some(Wait::Fence),
            "timeline" => Some(Wait::Timeline),
            _ => None,
        }
    }
}

/// What a soak run measured.
pub struct SoakResults {
    /// Wall-clock ns of every frame (wait for the slot, then submit).
    pub frame_ns: Vec<u64>,
    /// The calling thread's CPU ns in every frame.
    pub frame_cpu_ns: Vec<u64>,
    /// Vulkan calls per frame.
    pub calls_per_frame: u64,
    /// Resident set (KiB) right after submit [`RSS_FROM`], if the run got that far.
    pub rss_from_kib: Option<u64>,
    /// Resident set (KiB) after the last submit.
    pub rss_end_kib: Option<u64>,
}

/// The `soak` workload.
pub struct Soak<'a> {
    ctx: &'a Context,
    wait: Wait,
    buffer: (vk::Buffer, vk::DeviceMemory),
    pool: vk::CommandPool,
    cbs: [vk::CommandBuffer; IN_FLIGHT],
    fences: [vk::Fence; IN_FLIGHT],
    timeline: vk::Semaphore,
}

impl<'a> Soak<'a> {
    /// Records the command buffers (a buffer fill each) once; they are resubmitted unchanged.
    pub fn new(ctx: &'a Context, wait: Wait) -> Self {
        let d = &ctx.device;
        let buffer = ctx.buffer(BYTES, vk::BufferUsageFlags::TRANSFER_DST);
        let pool = ctx.command_pool();
        let cbs = [ctx.command_buffer(pool), ctx.command_buffer(pool)];
        for (i, &cb) in cbs.iter().enumerate() {
            unsafe {
                d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
                d.cmd_fill_buffer(cb, buffer.0, 0, BYTES, i as u32);
                d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            }
        }
        let fence = || unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
        let fences = [fence(), fence()];
        let mut kind = vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE);
        let timeline = unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default().push_next(&mut kind), None) }
            .expect("vkCreateSemaphore");
        Soak { ctx, wait, buffer, pool, cbs, fences, timeline }
    }

    /// Vulkan calls per frame: with fences, wait + reset + submit; with the timeline, wait +
    /// submit.
    pub fn calls_per_frame(&self) -> u64 {
        match self.wait {
            Wait::Fence => 3,
            Wait::Timeline => 2,
        }
    }

    /// Runs `submits` frames, then waits for the last. The first and the last [`WINDOW`]
    /// frames each run inside one call of [`crate::vigil_soak_window`], so that callgrind can
    /// count the instructions of each window alone (`cargo xtask bench`'s soak instructions).
    pub fn run(&mut self, submits: usize) -> SoakResults {
        // Written up front so the list's pages are resident before the first RSS sample.
        let mut run = Run { frame_ns: vec![1u64; submits], frame_cpu_ns: vec![1u64; submits], rss_from_kib: None };
        let window = window(submits);
        let last = submits - window;
        crate::vigil_soak_window(&mut || (0..window).for_each(|f| self.frame(f, &mut run)));
        (window..last).for_each(|f| self.frame(f, &mut run));
        crate::vigil_soak_window(&mut || (last..submits).for_each(|f| self.frame(f, &mut run)));
        let Run { frame_ns, frame_cpu_ns, rss_from_kib } = run;
        let d = &self.ctx.device;
        // The application waits for everything it submitted before it stops.
        let last = [submits as u64];
        let semaphores = [self.timeline];
        let info = vk::SemaphoreWaitInfo::default().semaphores(&semaphores).values(&last);
        unsafe { d.wait_semaphores(&info, u64::MAX) }.expect("vkWaitSemaphores");
        if self.wait == Wait::Fence {
            let pending: Vec<vk::Fence> = self.fences.iter().copied().take(submits.min(IN_FLIGHT)).collect();
            unsafe { d.wait_for_fences(&pending, true, u64::MAX) }.expect("vkWaitForFences");
        }
        SoakResults {
            frame_ns,
            frame_cpu_ns,
            calls_per_frame: self.calls_per_frame(),
            rss_from_kib,
            rss_end_kib: resident_kib(),
        }
    }

    /// Frame `frame`: waits until its slot is free, then submits the slot's command buffer.
    fn frame(&self, frame: usize, run: &mut Run) {
        let d = &self.ctx.device;
        let slot = frame % IN_FLIGHT;
        let value = frame as u64 + 1;
        let (start, start_cpu) = (Instant::now(), thread_cpu_ns());
        let reused = frame >= IN_FLIGHT;
        unsafe {
            match self.wait {
                Wait::Fence if reused => {
                    d.wait_for_fences(&[self.fences[slot]], true, u64::MAX).expect("vkWaitForFences");
                    d.reset_fences(&[self.fences[slot]]).expect("vkResetFences");
                }
                Wait::Timeline if reused => {
                    let (semaphores, values) = ([self.timeline], [value - IN_FLIGHT as u64]);
                    let info = vk::SemaphoreWaitInfo::default().semaphores(&semaphores).values(&values);
                    d.wait_semaphores(&info, u64::MAX).expect("vkWaitSemaphores");
                }
                _ => {}
            }
            let cb = [vk::CommandBufferSubmitInfo::default().command_buffer(self.cbs[slot])];
            let signal = [vk::SemaphoreSubmitInfo::default()
                .semaphore(self.timeline)
                .value(value)
                .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
            let submit = vk::SubmitInfo2::default().command_buffer_infos(&cb).signal_semaphore_infos(&signal);
            let fence = if self.wait == Wait::Fence { self.fences[slot] } else { vk::Fence::null() };
            d.queue_submit2(self.ctx.queue, &[submit], fence).expect("vkQueueSubmit2");
        }
        run.frame_ns[frame] = start.elapsed().as_nanos() as u64;
        run.frame_cpu_ns[frame] = thread_cpu_ns().saturating_sub(start_cpu);
        if frame + 1 == RSS_FROM {
            run.rss_from_kib = resident_kib();
        }
    }
}

/// What a run has measured so far.
struct Run {
    frame_ns: Vec<u64>,
    frame_cpu_ns: Vec<u64>,
    rss_from_kib: Option<u64>,
}

impl Drop for Soak<'_> {
    fn drop(&mut self) {
        let d = &self.ctx.device;
        unsafe {
            d.destroy_semaphore(self.timeline, None);
            for f in self.fences {
                d.destroy_fence(f, None);
            }
            d.destroy_command_pool(self.pool, None);
            d.destroy_buffer(self.buffer.0, None);
            d.free_memory(self.buffer.1, None);
        }
    }
}

/// Frames in each compared window of a run of `submits`: [`WINDOW`], or half a shorter run.
pub fn window(submits: usize) -> usize {
    WINDOW.min(submits / 2)
}

/// The median of `v` (0 when empty).
pub fn median(v: &[u64]) -> u64 {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// The process's resident set now (`VmRSS` of /proc/self/status), in KiB.
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
