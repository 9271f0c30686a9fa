//! Collects what layers and the loader report through `VK_EXT_debug_utils`.

use std::ffi::{c_void, CStr};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use ash::vk;

/// One debug-utils message.
#[derive(Clone, Debug)]
pub struct Message {
    /// Exactly one severity bit.
    pub severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    /// The message types (general, validation, performance).
    pub types: vk::DebugUtilsMessageTypeFlagsEXT,
    /// `pMessageIdName`, empty when absent; the loader uses `"Loader Message"`.
    pub id_name: String,
    /// `messageIdNumber`.
    pub id_number: i32,
    /// `pMessage`.
    pub text: String,
    /// `pObjects`: type, handle and name.
    pub objects: Vec<(vk::ObjectType, u64, Option<String>)>,
}

/// `pMessageIdName` of everything the loader itself reports.
const LOADER_ID_NAME: &str = "Loader Message";

impl Message {
    /// Whether the loader (not a layer or driver) sent this.
    pub fn from_loader(&self) -> bool {
        self.id_name == LOADER_ID_NAME
    }

    /// Whether this is a WARNING or ERROR a layer reported: what a clean program must not get.
    /// The loader's own general messages (for instance its warning that `VK_INSTANCE_LAYERS`
    /// added layers) say nothing about the program and do not count.
    pub fn is_problem(&self) -> bool {
        let bad = vk::DebugUtilsMessageSeverityFlagsEXT::WARNING | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR;
        self.severity.intersects(bad)
            && !(self.types == vk::DebugUtilsMessageTypeFlagsEXT::GENERAL && self.from_loader())
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:?} {:?}] {} ({}): {}", self.severity, self.types, self.id_name, self.id_number, self.text)
    }
}

/// What the callback shares with the log.
#[derive(Debug, Default)]
struct Shared {
    messages: Mutex<Vec<Message>>,
    /// Answer VK_TRUE to ERROR messages: ask the layer to skip the call.
    skip_errors: AtomicBool,
    gate: Mutex<Gate>,
    gate_changed: Condvar,
}

/// Holds the thread that reports a chosen id inside the callback (so inside its Vulkan call).
#[derive(Debug, Default)]
struct Gate {
    id: Option<String>,
    held: bool,
}

/// A shared, growing list of messages, filled by a debug-utils messenger.
#[derive(Clone, Debug, Default)]
pub struct MessageLog(Arc<Shared>);

impl MessageLog {
    /// A new, empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// A messenger create-info for every severity and type, delivering into this log. Chain it
    /// into `VkInstanceCreateInfo` (to see instance creation and destruction) and create a
    /// messenger with it. `self` (or a clone) must outlive every messenger made from it: the
    /// callback's user data points into the shared list.
    pub fn create_info(&self) -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
        vk::DebugUtilsMessengerCreateInfoEXT::default()
            .message_severity(
                vk::DebugUtilsMessageSeverityFlagsEXT::VERBOSE
                    | vk::DebugUtilsMessageSeverityFlagsEXT::INFO
                    | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                    | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
            )
            .message_type(
                vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                    | vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                    | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
            )
            .pfn_user_callback(Some(callback))
            .user_data(Arc::as_ptr(&self.0) as *mut c_void)
    }

    /// From now on, answer VK_TRUE to ERROR messages, so the layer skips invalid calls
    /// instead of handing them to the driver.
    pub fn skip_errors(&self, skip: bool) {
        self.0.skip_errors.store(skip, Ordering::SeqCst);
    }

    /// From now on, the thread that reports `id` stays inside the callback, and so inside the
    /// Vulkan call that reported, until [`release`](Self::release): a deterministic way to hold a
    /// thread inside a call.
    pub fn hold_on(&self, id: &str) {
        lock(&self.0.gate).id = Some(id.to_string());
    }

    /// Whether a thread is held inside the callback now.
    pub fn holding(&self) -> bool {
        lock(&self.0.gate).held
    }

    /// Lets a held thread go, and holds no more.
    pub fn release(&self) {
        lock(&self.0.gate).id = None;
        self.0.gate_changed.notify_all();
    }

    /// Forgets every message so far.
    pub fn clear(&self) {
        lock(&self.0.messages).clear();
    }

    /// The message ids (`pMessageIdName`) of the layers' WARNING and ERROR messages so far.
    pub fn problem_ids(&self) -> Vec<String> {
        self.problems().into_iter().map(|m| m.id_name).collect()
    }

    /// Runs `call` on a cleared log and returns the ids of the WARNING and ERROR messages it
    /// brought (debug-utils callbacks run on the calling thread, so these are the call's own).
    pub fn problem_ids_of(&self, call: impl FnOnce()) -> Vec<String> {
        self.clear();
        call();
        self.problem_ids()
    }

    /// Every message so far.
    pub fn all(&self) -> Vec<Message> {
        lock(&self.0.messages).clone()
    }

    /// The WARNING and ERROR messages so far, loader chatter excluded (see [`Message::is_problem`]).
    pub fn problems(&self) -> Vec<Message> {
        lock(&self.0.messages).iter().filter(|m| m.is_problem()).cloned().collect()
    }

    /// The loader's messages so far, as one text, one message a line.
    pub fn loader_text(&self) -> String {
        lock(&self.0.messages).iter().filter(|m| m.from_loader()).map(|m| format!("{}\n", m.text)).collect()
    }

    /// Panics, listing them, if there are [problems](Self::problems).
    pub fn assert_no_problems(&self, what: &str) {
        let problems = self.problems();
        if !problems.is_empty() {
            let list: Vec<String> = problems.iter().map(|m| format!("  {m}")).collect();
            panic!("{what}: {} WARNING/ERROR message(s):\n{}", problems.len(), list.join("\n"));
        }
    }
}

/// A poisoned lock only means another test thread panicked; the data is still good.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Holds the calling thread while the gate is set for `id`.
fn gate(shared: &Shared, id: &str) {
    let mut gate = lock(&shared.gate);
    if gate.id.as_deref() != Some(id) {
        return;
    }
    gate.held = true;
    while gate.id.as_deref() == Some(id) {
        gate = shared.gate_changed.wait(gate).unwrap_or_else(|poisoned| poisoned.into_inner());
    }
    gate.held = false;
}

/// Copies a C string that may be null.
///
/// # Safety
/// `p` is null or a valid NUL-terminated string.
unsafe fn text(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

/// The messenger callback: records the message; asks for the call to be skipped only when
/// [`MessageLog::skip_errors`] says so.
unsafe extern "system" fn callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user_data: *mut c_void,
) -> vk::Bool32 {
    if data.is_null() || user_data.is_null() {
        return vk::FALSE;
    }
    // SAFETY: the implementation passes valid callback data; user_data is the Arc'd state that
    // `create_info` handed out and that outlives the messenger.
    let (data, shared) = unsafe { (&*data, &*(user_data as *const Shared)) };
    let objects = if data.p_objects.is_null() {
        Vec::new()
    } else {
        // SAFETY: `object_count` entries, as the callback data promises.
        unsafe { std::slice::from_raw_parts(data.p_objects, data.object_count as usize) }
            .iter()
            .map(|o| {
                let name = (!o.p_object_name.is_null()).then(|| unsafe { text(o.p_object_name) });
                (o.object_type, o.object_handle, name)
            })
            .collect()
    };
    let message = Message {
        severity,
        types,
        id_name: unsafe { text(data.p_message_id_name) },
        id_number: data.message_id_number,
        text: unsafe { text(data.p_message) },
        objects,
    };
    let id = message.id_name.clone();
    if message.is_problem() {
        crate::coverage::saw(&id);
    }
    lock(&shared.messages).push(message);
    gate(shared, &id);
    let error = severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR);
    if error && shared.skip_errors.load(Ordering::SeqCst) {
        vk::TRUE
    } else {
        vk::FALSE
    }
}
