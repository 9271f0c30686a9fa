//! The generated chassis, driven with a fake layer: hook order, skip, panics, unknown handles.

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::Mutex;

use vigil_generated::chassis::{Context, DispatchKey, Layer, NoWrapping};
use vigil_generated::intercepts;
use vigil_generated::*;

/// Serializes the tests: the fake layer's data is process-global, like the real one's.
static SERIAL: Mutex<()> = Mutex::new(());
static DEVICE: AtomicPtr<FakeDevice> = AtomicPtr::new(std::ptr::null_mut());
static EVENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static CALLS_DOWN: AtomicUsize = AtomicUsize::new(0);
static PANICS: AtomicUsize = AtomicUsize::new(0);
static UNKNOWN: AtomicUsize = AtomicUsize::new(0);

fn event(e: &str) {
    EVENTS.lock().unwrap().push(e.to_string());
}

/// What a test object does in its validate hooks.
#[derive(Clone, Copy, PartialEq)]
enum Behaviour {
    Pass,
    Skip,
    Panic,
}

struct Recorder {
    name: &'static str,
    validate: Behaviour,
}

impl Recorder {
    fn validate(&self) -> bool {
        event(&format!("{}.validate", self.name));
        match self.validate {
            Behaviour::Pass => false,
            Behaviour::Skip => true,
            Behaviour::Panic => panic!("test panic in {}", self.name),
        }
    }
}

impl ValidationObject for Recorder {
    fn pre_call_validate_queue_wait_idle(&self, _queue: VkQueue) -> bool {
        self.validate()
    }
    fn pre_call_record_queue_wait_idle(&self, _queue: VkQueue) {
        event(&format!("{}.pre_record", self.name));
    }
    fn post_call_record_queue_wait_idle(&self, _queue: VkQueue, result: VkResult) {
        event(&format!("{}.post_record({result:?})", self.name));
    }
    fn pre_call_record_destroy_buffer(&self, _d: VkDevice, _b: VkBuffer, _a: *const VkAllocationCallbacks) {
        event(&format!("{}.pre_record", self.name));
    }
}

type Objects = Chassis<Recorder, (Option<Recorder>, ())>;

struct FakeDevice {
    dispatch: DeviceDispatch,
    objects: Objects,
}

impl Context for FakeDevice {
    type Dispatch = DeviceDispatch;
    type Objects = Objects;
    type Bookkeeping = ();
    type Wrapper = NoWrapping;
    fn wrapper(&self) -> Option<&NoWrapping> {
        None
    }
    fn bookkeeping(&self) -> &() {
        &()
    }
    fn dispatch(&self) -> &DeviceDispatch {
        &self.dispatch
    }
    fn objects(&self) -> &Objects {
        &self.objects
    }
}

struct FakeInstance(InstanceDispatch);

impl Context for FakeInstance {
    type Dispatch = InstanceDispatch;
    type Objects = ();
    type Bookkeeping = ();
    type Wrapper = NoWrapping;
    fn wrapper(&self) -> Option<&NoWrapping> {
        None
    }
    fn bookkeeping(&self) -> &() {
        &()
    }
    fn dispatch(&self) -> &InstanceDispatch {
        &self.0
    }
    fn objects(&self) -> &() {
        &()
    }
}

struct FakeLayer;

/// The dispatch key every fake handle carries.
const KEY: DispatchKey = 0x5eed;

impl Layer for FakeLayer {
    type Instance = FakeInstance;
    type Device = FakeDevice;
    unsafe fn instance<'a>(_key: DispatchKey) -> Option<&'a FakeInstance> {
        None
    }
    unsafe fn device<'a>(key: DispatchKey) -> Option<&'a FakeDevice> {
        if key != KEY {
            return None;
        }
        unsafe { DEVICE.load(Ordering::Acquire).as_ref() }
    }
    fn hook_panicked(_command: &'static str) {
        PANICS.fetch_add(1, Ordering::SeqCst);
    }
    fn unknown_handle(_command: &'static str) {
        UNKNOWN.fetch_add(1, Ordering::SeqCst);
    }
}

unsafe extern "system" fn next_queue_wait_idle(_queue: VkQueue) -> VkResult {
    CALLS_DOWN.fetch_add(1, Ordering::SeqCst);
    event("down");
    VkResult::VK_SUCCESS
}

unsafe extern "system" fn next_destroy_buffer(_d: VkDevice, _b: VkBuffer, _a: *const VkAllocationCallbacks) {
    CALLS_DOWN.fetch_add(1, Ordering::SeqCst);
    event("down");
}

/// Runs `f` with a fake device whose state tracker and one object behave as given; returns
/// the events, calls down, panics reported and unknown handles reported.
fn with_device(
    state: Behaviour,
    object: Option<Behaviour>,
    f: impl FnOnce(usize),
) -> (Vec<String>, usize, usize, usize) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut dispatch = DeviceDispatch::load(&mut |_| None);
    dispatch.queue_wait_idle = Some(next_queue_wait_idle);
    dispatch.destroy_buffer = Some(next_destroy_buffer);
    let objects = Chassis {
        state: Recorder { name: "state", validate: state },
        objects: (object.map(|validate| Recorder { name: "object", validate }), ()),
    };
    let device = Box::into_raw(Box::new(FakeDevice { dispatch, objects }));
    DEVICE.store(device, Ordering::Release);
    EVENTS.lock().unwrap().clear();
    for c in [&CALLS_DOWN, &PANICS, &UNKNOWN] {
        c.store(0, Ordering::SeqCst);
    }
    // A dispatchable handle points at its dispatch key.
    let key = Box::new(KEY);
    f(&*key as *const usize as usize);
    DEVICE.store(std::ptr::null_mut(), Ordering::Release);
    drop(unsafe { Box::from_raw(device) });
    let events = std::mem::take(&mut *EVENTS.lock().unwrap());
    (events, CALLS_DOWN.load(Ordering::SeqCst), PANICS.load(Ordering::SeqCst), UNKNOWN.load(Ordering::SeqCst))
}

#[test]
fn hooks_run_around_one_call_down() {
    let (events, down, panics, _) = with_device(Behaviour::Pass, Some(Behaviour::Pass), |q| {
        let r = unsafe { intercepts::queue_wait_idle::<FakeLayer>(VkQueue(q)) };
        assert_eq!(r, VkResult::VK_SUCCESS);
    });
    assert_eq!((down, panics), (1, 0));
    assert_eq!(
        events,
        [
            "state.validate",
            "object.validate",
            "state.pre_record",
            "object.pre_record",
            "down",
            "state.post_record(VK_SUCCESS)",
            "object.post_record(VK_SUCCESS)"
        ]
    );
}

#[test]
fn skip_returns_validation_failed_without_calling_down() {
    let (events, down, _, _) = with_device(Behaviour::Pass, Some(Behaviour::Skip), |q| {
        let r = unsafe { intercepts::queue_wait_idle::<FakeLayer>(VkQueue(q)) };
        assert_eq!(r, VkResult::VK_ERROR_VALIDATION_FAILED);
    });
    assert_eq!(down, 0);
    // Every object still validates: one skip does not hide the others' findings.
    assert_eq!(events, ["state.validate", "object.validate"]);
}

#[test]
fn disabled_object_is_not_run() {
    let (events, down, _, _) = with_device(Behaviour::Pass, None, |q| unsafe {
        intercepts::queue_wait_idle::<FakeLayer>(VkQueue(q));
    });
    assert_eq!(down, 1);
    assert!(events.iter().all(|e| !e.starts_with("object")), "{events:?}");
}

#[test]
fn panicking_hook_is_reported_once_and_the_call_still_goes_down() {
    let (events, down, panics, _) = with_device(Behaviour::Panic, Some(Behaviour::Pass), |q| {
        let r = unsafe { intercepts::queue_wait_idle::<FakeLayer>(VkQueue(q)) };
        assert_eq!(r, VkResult::VK_SUCCESS);
    });
    assert_eq!((down, panics), (1, 1));
    // The panic ended the validate pass it happened in; recording and the call went on.
    assert_eq!(events.iter().filter(|e| *e == "down").count(), 1);
    assert!(events.contains(&"state.post_record(VK_SUCCESS)".to_string()), "{events:?}");
}

#[test]
fn state_tracker_records_last_for_destroy_commands() {
    let (events, down, _, _) = with_device(Behaviour::Pass, Some(Behaviour::Pass), |d| unsafe {
        intercepts::destroy_buffer::<FakeLayer>(VkDevice(d), VkBuffer(7), std::ptr::null());
    });
    assert_eq!(down, 1);
    assert_eq!(events, ["object.pre_record", "state.pre_record", "down"]);
}

#[test]
fn unknown_dispatchable_handle_is_reported_and_not_passed_on() {
    let (_, down, _, unknown) = with_device(Behaviour::Pass, Some(Behaviour::Pass), |_| {
        let other: DispatchKey = 0xbad;
        let r = unsafe { intercepts::queue_wait_idle::<FakeLayer>(VkQueue(&other as *const usize as usize)) };
        assert_eq!(r, VkResult::VK_ERROR_VALIDATION_FAILED);
    });
    assert_eq!((down, unknown), (0, 1));
}

/// A disabled state tracker and no enabled object: nothing runs, the call still goes down.
struct Idle;

impl ValidationObject for Idle {
    fn active(&self) -> bool {
        false
    }
    fn pre_call_validate_queue_wait_idle(&self, _queue: VkQueue) -> bool {
        event("idle.validate");
        true
    }
}

#[test]
fn inactive_objects_take_the_pass_through_path() {
    let objects: Chassis<Idle, (Option<Recorder>, ())> = Chassis { state: Idle, objects: (None, ()) };
    assert!(!objects.active());
    let enabled: Chassis<Idle, (Option<Recorder>, ())> =
        Chassis { state: Idle, objects: (Some(Recorder { name: "object", validate: Behaviour::Pass }), ()) };
    assert!(enabled.active());
}
