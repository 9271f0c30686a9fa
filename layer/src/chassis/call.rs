//! The call context: what every hook receives besides the call's parameters.

use std::fmt;

use vigil_generated::COMMANDS;

use super::handles::{CallHandles, NONE};
use crate::facts::DeviceFacts;
use crate::report::{Finding, Location, Object, Reporter, Severity};

/// One call being validated or recorded, built on the intercept's stack.
pub struct Call<'a> {
    /// The command's index in `vigil_generated::COMMANDS` (and every per-command table).
    pub command: usize,
    /// The address of each parameter, in order (empty on paths where no object runs).
    pub params: &'a [*const u8],
    reporter: &'a Reporter,
    /// The dispatchable object the call is made on: what findings name.
    object: Option<Object>,
    facts: Option<&'a DeviceFacts>,
    /// The handles the call names with their records, when the state tracker found them.
    handles: &'a CallHandles,
    /// The calling thread's state for this call (a `state::thread::Entered`, opaque here), when
    /// the intercept entered one; null otherwise.
    thread: *const (),
}

impl<'a> Call<'a> {
    /// A call of `COMMANDS[command]` on `object`, reporting to `reporter`; `facts` for
    /// device-level calls.
    #[inline(always)]
    pub fn new(
        command: usize,
        params: &'a [*const u8],
        reporter: &'a Reporter,
        object: Option<Object>,
        facts: Option<&'a DeviceFacts>,
    ) -> Self {
        Call::entered(command, params, reporter, (object, facts), &NONE, std::ptr::null())
    }

    /// [`Self::new`] with the handles the state tracker found in it and the calling thread's
    /// state (see [`Self::with_thread`]), built in one go: the general
    /// intercept's call context, where moving it twice cost ~15 instructions a call.
    #[inline(always)]
    pub fn entered(
        command: usize,
        params: &'a [*const u8],
        reporter: &'a Reporter,
        (object, facts): (Option<Object>, Option<&'a DeviceFacts>),
        handles: &'a CallHandles,
        thread: *const (),
    ) -> Self {
        Call { command, params, reporter, object, facts, handles, thread }
    }

    /// The same call, made while the calling thread's state `thread` (a
    /// `state::thread::Entered`, which must outlive the call) is entered.
    #[inline(always)]
    pub fn with_thread(self, thread: *const ()) -> Self {
        Call { thread, ..self }
    }

    /// The calling thread's state, as [`Self::with_thread`] gave it (null: none).
    #[inline(always)]
    pub fn thread(&self) -> *const () {
        self.thread
    }

    /// The handles the call names, with their records (`complete()` false: not found; walk
    /// the call).
    #[inline(always)]
    pub fn handles(&self) -> &'a CallHandles {
        self.handles
    }

    /// The command's name, `vkCmdDraw` (from the command table: a field of its own cost every
    /// call two stores).
    #[inline(always)]
    pub fn name(&self) -> &'static str {
        COMMANDS.get(self.command).map_or("?", |c| c.name)
    }

    /// Where the call is: `vkCmdDraw()`; build parameter locations from it.
    #[inline(always)]
    pub fn location(&self) -> Location<'static> {
        Location::command(self.name())
    }

    /// The device's facts (API version, enabled extensions and features, properties and
    /// limits), for device-level calls.
    #[inline(always)]
    pub fn device(&self) -> Option<&'a DeviceFacts> {
        self.facts
    }

    /// Reports that the call breaks `vuid` at `at`; `message` states the offending values.
    /// True when the application asked for the call to be skipped.
    #[cold]
    pub fn error(&self, vuid: &'static str, at: &Location<'_>, message: fmt::Arguments<'_>) -> bool {
        self.report(Severity::Error, vuid, at, message)
    }

    /// Reports a finding of any severity against the call's object.
    #[cold]
    pub fn report(&self, severity: Severity, id: &'static str, at: &Location<'_>, message: fmt::Arguments<'_>) -> bool {
        let objects = self.object.as_slice();
        self.reporter.report(Finding { severity, id, location: at, objects, message })
    }
}
