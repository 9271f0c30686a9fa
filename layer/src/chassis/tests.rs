//! The chassis driven with made-up objects: phase order, skip, absent objects, per-object panic
//! containment, unwrapping that fails or panics, unknown dispatchable handles.

use std::sync::Mutex;

use vigil_generated::settings::Settings;
use vigil_generated::*;

use super::*;
use crate::report::Reporter;

/// Serializes the tests: the events are process-global.
static SERIAL: Mutex<()> = Mutex::new(());
static EVENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn event(e: &str) {
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(e.to_string());
}

fn take_events() -> Vec<String> {
    std::mem::take(&mut *EVENTS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// What a test object does in its validate hooks.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Behaviour {
    Pass,
    Skip,
    Panic,
}

pub(crate) struct Recorder {
    name: &'static str,
    validate: Behaviour,
}

#[hooks]
impl ValidationObject for Recorder {
    fn pre_call_validate_queue_wait_idle(&self, _cx: &Call<'_>, _queue: VkQueue) -> bool {
        event(&format!("{}.validate", self.name));
        match self.validate {
            Behaviour::Pass => false,
            Behaviour::Skip => true,
            Behaviour::Panic => panic!("test panic in {}", self.name),
        }
    }
    fn pre_call_record_queue_wait_idle(&self, _cx: &Call<'_>, _queue: VkQueue) {
        event(&format!("{}.pre_record", self.name));
    }
    fn post_call_record_queue_wait_idle(&self, _cx: &Call<'_>, _queue: VkQueue, result: VkResult) {
        event(&format!("{}.post_record({result:?})", self.name));
    }
    /// Every other command reaches the generic hook.
    fn validate_call(&self, cx: &Call<'_>) -> bool {
        event(&format!("{}.validate_call({})", self.name, cx.name()));
        false
    }
}

object_set! {
    /// Two made-up objects, run in order.
    TestSet([Option<Behaviour>; 2]) {
        tracker = no_tracker;
        first: Recorder = first,
        second: Recorder = second,
    }
}

fn no_tracker(_: &[Option<Behaviour>; 2]) -> Option<crate::state::StateTracker> {
    None
}

fn first(b: &[Option<Behaviour>; 2]) -> Option<Recorder> {
    b[0].map(|validate| Recorder { name: "first", validate })
}

fn second(b: &[Option<Behaviour>; 2]) -> Option<Recorder> {
    b[1].map(|validate| Recorder { name: "second", validate })
}

/// Runs one vkQueueWaitIdle through the phases as an intercept does; returns whether it was
/// skipped.
fn wait_idle(set: &TestSet, reporter: &Reporter) -> bool {
    let queue = VkQueue::from_raw(0x51);
    let params = [&queue as *const VkQueue as *const u8];
    let index = vigil_generated::commands::command_index(b"vkQueueWaitIdle").unwrap();
    let cx = Call::new(index, &params, reporter, None, None);
    if phases::pre_call_validate_queue_wait_idle(set, &cx, queue) {
        return true;
    }
    phases::pre_call_record_queue_wait_idle(set, &cx, queue);
    event("down");
    phases::post_call_record_queue_wait_idle(set, &cx, queue, VkResult::VK_SUCCESS);
    false
}

fn reporter() -> Reporter {
    Reporter::new(&Settings::default(), Vec::new(), Vec::new()).0
}

#[test]
fn every_object_runs_each_phase_in_order_around_the_call() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let set = TestSet::new(&[Some(Behaviour::Pass), Some(Behaviour::Pass)]);
    assert!(set.active());
    take_events();
    assert!(!wait_idle(&set, &reporter()));
    assert_eq!(
        take_events(),
        [
            "first.validate",
            "second.validate",
            "first.pre_record",
            "second.pre_record",
            "down",
            "first.post_record(VK_SUCCESS)",
            "second.post_record(VK_SUCCESS)"
        ]
    );
}

#[test]
fn a_skip_still_lets_every_object_validate() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let set = TestSet::new(&[Some(Behaviour::Skip), Some(Behaviour::Pass)]);
    take_events();
    assert!(wait_idle(&set, &reporter()));
    assert_eq!(take_events(), ["first.validate", "second.validate"]);
}

#[test]
fn absent_objects_do_not_run_and_an_empty_set_is_inactive() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let set = TestSet::new(&[None, Some(Behaviour::Pass)]);
    take_events();
    assert!(!wait_idle(&set, &reporter()));
    assert!(take_events().iter().all(|e| !e.starts_with("first")));
    assert!(!TestSet::new(&[None, None]).active());
}

#[test]
fn a_panicking_object_is_turned_off_and_the_others_go_on() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let set = TestSet::new(&[Some(Behaviour::Panic), Some(Behaviour::Pass)]);
    let reporter = reporter();
    take_events();
    // The panic ends the first object's hook; the second still validates, and the call goes on.
    assert!(!wait_idle(&set, &reporter));
    assert_eq!(
        take_events(),
        ["first.validate", "second.validate", "second.pre_record", "down", "second.post_record(VK_SUCCESS)"]
    );
    assert!(set.first.get().is_none(), "the panicking object is off");
    assert!(set.first.is_present() && set.second.get().is_some());
    // From then on it is not run at all.
    assert!(!wait_idle(&set, &reporter));
    assert!(take_events().iter().all(|e| !e.starts_with("first")));
}

#[test]
fn commands_without_a_typed_hook_reach_the_generic_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let set = TestSet::new(&[Some(Behaviour::Pass), None]);
    let reporter = reporter();
    let device = VkDevice::from_raw(0xd);
    let params = [&device as *const VkDevice as *const u8];
    let index = vigil_generated::commands::command_index(b"vkDeviceWaitIdle").unwrap();
    let cx = Call::new(index, &params, &reporter, None, None);
    take_events();
    assert!(!phases::pre_call_validate_device_wait_idle(&set, &cx, device));
    assert_eq!(take_events(), ["first.validate_call(vkDeviceWaitIdle)"]);
}

#[test]
fn unwrapping_that_fails_or_panics_stops_the_call() {
    assert_eq!(unwrap_guarded("vkTest", &mut || Some(7)), Some(7));
    assert_eq!(unwrap_guarded::<u32>("vkTest", &mut || None), None);
    assert_eq!(unwrap_guarded::<u32>("vkTest", &mut || panic!("test panic in unwrap")), None);
}

#[test]
fn an_unknown_dispatchable_handle_is_not_passed_on() {
    // No device is registered in unit tests: any queue is unknown.
    let key: DispatchKey = 0xbad;
    let queue = VkQueue(&key as *const usize as usize);
    let r = unsafe { crate::entry::intercepts::queue_wait_idle(queue) };
    assert_eq!(r, VkResult::VK_ERROR_VALIDATION_FAILED);
}
