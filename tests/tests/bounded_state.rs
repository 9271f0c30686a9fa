//! The state tracker's bounded growth through the real loader on lavapipe: after thousands of
//! submits, what awaits completion is what the application has not observed yet, read from
//! Vigil's INFO statistics at vkDestroyDevice. (Its own test binary: the alias-handles shim of
//! `state.rs` is a different process environment.)

use ash::vk;
use vigil_tests::{ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

/// How completion is observed in [`observed_submissions_do_not_accumulate`].
#[derive(Clone, Copy, Debug)]
enum Observe {
    /// A fence per frame slot, waited for before the slot is reused.
    Fences,
    /// Only timeline values: no fence at all.
    Timeline,
    /// A fence on every second frame, waited for before the next pair begins; each submit also
    /// waits for the previous one's binary signal.
    BinaryChain,
    /// Never, until vkDeviceWaitIdle at the end: the control, whose backlog must grow.
    Never,
}

/// What Vigil's INFO statistics at vkDestroyDevice say: (records, submissions, signals).
fn statistics(log: &MessageLog) -> (usize, usize, usize) {
    let all = log.all();
    let m = all
        .iter()
        .find(|m| m.id_name == "UNASSIGNED-Vigil-State-statistics")
        .unwrap_or_else(|| panic!("no statistics message among {all:#?}"));
    let figures = m.text.split_once("held at most").map_or("", |(_, rest)| rest);
    let numbers: Vec<usize> = figures.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect();
    match numbers[..] {
        [records, submissions, signals] => (records, submissions, signals),
        _ => panic!("unexpected statistics text: {}", m.text),
    }
}

/// Runs `frames` submits of two alternating command buffers (two frames in flight), each
/// signalling a timeline semaphore, observing completion as `observe` says; returns Vigil's
/// statistics.
fn soak(observe: Observe, frames: u64) -> (usize, usize, usize) {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vigil_setting("report_flags", "error,warn,info")
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().timeline_semaphore(true))
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true))
        .build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let d = &ctx.device;
    // SAFETY (whole function): valid create infos and a valid program; every command buffer is
    // resubmitted only after its previous submission was observed complete (or, for the
    // control, never resubmitted: its submits carry no command buffer).
    unsafe {
        let pool = d
            .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
            .unwrap();
        let alloc = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(2);
        let cbs = d.allocate_command_buffers(&alloc).unwrap();
        for &cb in &cbs {
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).unwrap();
            d.end_command_buffer(cb).unwrap();
        }
        let fences: Vec<vk::Fence> =
            (0..2).map(|_| d.create_fence(&vk::FenceCreateInfo::default(), None).unwrap()).collect();
        let binaries: Vec<vk::Semaphore> =
            (0..2).map(|_| d.create_semaphore(&vk::SemaphoreCreateInfo::default(), None).unwrap()).collect();
        let mut kind = vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE);
        let timeline = d.create_semaphore(&vk::SemaphoreCreateInfo::default().push_next(&mut kind), None).unwrap();
        for frame in 0..frames {
            let slot = (frame % 2) as usize;
            let value = frame + 1;
            let reused = frame >= 2;
            match observe {
                Observe::Fences if reused => {
                    d.wait_for_fences(&[fences[slot]], true, u64::MAX).unwrap();
                    d.reset_fences(&[fences[slot]]).unwrap();
                }
                Observe::Timeline if reused => {
                    let (s, v) = ([timeline], [value - 2]);
                    d.wait_semaphores(&vk::SemaphoreWaitInfo::default().semaphores(&s).values(&v), u64::MAX).unwrap();
                }
                Observe::BinaryChain if reused && slot == 0 => {
                    d.wait_for_fences(&[fences[0]], true, u64::MAX).unwrap();
                    d.reset_fences(&[fences[0]]).unwrap();
                }
                _ => {}
            }
            let cb = [vk::CommandBufferSubmitInfo::default().command_buffer(cbs[slot])];
            let mut signals = vec![vk::SemaphoreSubmitInfo::default()
                .semaphore(timeline)
                .value(value)
                .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
            let mut waits = Vec::new();
            if let Observe::BinaryChain = observe {
                signals.push(vk::SemaphoreSubmitInfo::default().semaphore(binaries[slot]));
                if frame > 0 {
                    waits.push(
                        vk::SemaphoreSubmitInfo::default()
                            .semaphore(binaries[1 - slot])
                            .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS),
                    );
                }
            }
            let mut submit = vk::SubmitInfo2::default().signal_semaphore_infos(&signals).wait_semaphore_infos(&waits);
            if !matches!(observe, Observe::Never) {
                submit = submit.command_buffer_infos(&cb);
            }
            let fence = match observe {
                Observe::Fences => fences[slot],
                Observe::BinaryChain if slot == 1 => fences[0],
                _ => vk::Fence::null(),
            };
            d.queue_submit2(ctx.queue, &[submit], fence).unwrap();
        }
        d.device_wait_idle().unwrap();
        ctx.messages.assert_no_problems(&format!("{frames} frames observed through {observe:?}"));
        // The last binary signal has no waiter: a semaphore with a pending signal may be
        // destroyed once the queue is idle.
        d.destroy_semaphore(timeline, None);
        for s in binaries {
            d.destroy_semaphore(s, None);
        }
        for f in fences {
            d.destroy_fence(f, None);
        }
        d.destroy_command_pool(pool, None);
    }
    let log = ctx.messages.clone();
    drop(ctx);
    log.assert_no_problems("destroying the device");
    statistics(&log)
}

/// Issue: state must not accumulate while the application observes completion. After thousands
/// of submits, each way of observing leaves at most the two frames in flight awaiting
/// completion, and the records are the handful of objects the program made; the control, which
/// never looks until the end, shows the counters do count.
#[test]
fn observed_submissions_do_not_accumulate() {
    const FRAMES: u64 = 3_000;
    for observe in [Observe::Fences, Observe::Timeline, Observe::BinaryChain] {
        let (records, submissions, signals) = soak(observe, FRAMES);
        // Two frames in flight: the one the application has not waited for yet, and the new one.
        assert!(submissions <= 2, "{observe:?}: {submissions} submissions awaited completion at once");
        assert!(signals <= 2, "{observe:?}: {signals} signals of one semaphore awaited completion at once");
        // The queue, the pool, 2 command buffers, 2 fences and 3 semaphores.
        assert_eq!(records, 9, "{observe:?}: records of the device");
    }
    let (_, submissions, signals) = soak(Observe::Never, 100);
    assert_eq!((submissions, signals), (100, 100), "nothing observed: every submission and signal is outstanding");
}
