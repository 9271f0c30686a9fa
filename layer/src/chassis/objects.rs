//! Sets of validation objects, and containment: a panic in one object's hook turns that object
//! off for its instance or device, and the others go on.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Call, ValidationObject};
use crate::report;

/// One validation object of a set: absent when its setting is off, and turned off for good if
/// one of its hooks panics.
pub struct Slot<T> {
    name: &'static str,
    object: Option<T>,
    off: AtomicBool,
}

impl<T: ValidationObject> Slot<T> {
    /// The object `name` (its setting's key), or an empty slot.
    pub fn new(name: &'static str, object: Option<T>) -> Self {
        Slot { name, object, off: AtomicBool::new(false) }
    }

    /// The object, while it is on.
    #[inline(always)]
    pub fn get(&self) -> Option<&T> {
        match &self.object {
            Some(o) if !self.off.load(Ordering::Relaxed) => Some(o),
            _ => None,
        }
    }

    /// Whether the set was made with this object.
    #[inline(always)]
    pub fn is_present(&self) -> bool {
        self.object.is_some()
    }

    /// Runs one of the object's hooks, when the object is on and wants the call
    /// ([`ValidationObject::wants`]). A panic is reported once, turns the object off, and gives
    /// `None`; the call goes on with the other objects.
    #[inline(always)]
    pub fn run<R>(&self, cx: &Call<'_>, hook: impl FnOnce(&T) -> R) -> Option<R> {
        let object = self.get().filter(|o| o.wants(cx))?;
        self.contain(cx, object, hook)
    }

    /// [`Self::run`] for a call of `COMMANDS[C]` ([`ValidationObject::wants_at`]).
    #[inline(always)]
    pub fn run_at<const C: usize, R>(&self, cx: &Call<'_>, hook: impl FnOnce(&T) -> R) -> Option<R> {
        let object = self.get().filter(|o| o.wants_at::<C>(cx))?;
        self.contain(cx, object, hook)
    }

    /// Runs `hook` on `object` (this slot's), containing a panic.
    #[inline(always)]
    fn contain<R>(&self, cx: &Call<'_>, object: &T, hook: impl FnOnce(&T) -> R) -> Option<R> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| hook(object))) {
            Ok(r) => Some(r),
            Err(_) => {
                self.panicked(cx);
                None
            }
        }
    }

    /// The object's generic validate hook: one copy per object type, shared by every command
    /// without a typed hook. False when the object is off or panicked. An absent object costs
    /// a test, not a call.
    #[inline(always)]
    pub fn validate_call<const C: usize>(&self, cx: &Call<'_>) -> bool {
        match self.get() {
            None => false,
            Some(o) => match o.validate_call_in_line::<C>(cx) {
                Some(skip) => skip,
                None => self.run_validate_call(cx),
            },
        }
    }

    #[inline(never)]
    fn run_validate_call(&self, cx: &Call<'_>) -> bool {
        self.run(cx, |o| o.validate_call(cx)).unwrap_or(false)
    }

    /// The object's generic pre-record hook for a call of `COMMANDS[C]`: no call where the
    /// object answers in line that it has nothing to do.
    #[inline(always)]
    pub fn pre_record_call_at<const C: usize>(&self, cx: &Call<'_>) {
        if let Some(o) = self.get() {
            if !o.pre_record_call_in_line::<C>(cx) {
                self.run_pre_record_call(cx);
            }
        }
    }

    #[inline(never)]
    fn run_pre_record_call(&self, cx: &Call<'_>) {
        self.run(cx, |o| o.pre_record_call(cx));
    }

    /// The object's generic post-record hook.
    #[inline(always)]
    pub fn post_record_call(&self, cx: &Call<'_>, result: Option<vigil_generated::VkResult>) {
        if self.get().is_some() {
            self.run_post_record_call(cx, result);
        }
    }

    #[inline(never)]
    fn run_post_record_call(&self, cx: &Call<'_>, result: Option<vigil_generated::VkResult>) {
        self.run(cx, |o| o.post_record_call(cx, result));
    }

    #[cold]
    fn panicked(&self, cx: &Call<'_>) {
        if !self.off.swap(true, Ordering::Relaxed) {
            report::internal_error(&format!(
                "the {} validation object panicked in {}; it is turned off for this {}, the other objects \
                 go on, and the call was passed on",
                self.name,
                cx.name(),
                if cx.device().is_some() { "device" } else { "instance" }
            ));
        }
    }
}

/// Sees every object of a set in turn.
pub trait Visitor {
    /// One object.
    fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>);
}

/// The validation objects an instance or device runs, in order, and the state tracker under
/// them.
pub trait ObjectSet: Sync {
    /// Whether any object is present: with none (and no wrapping), calls pass straight through.
    fn active(&self) -> bool;
    /// Shows every validation object to `v`, in order.
    fn visit<V: Visitor>(&self, v: &mut V);
    /// Shows the state tracker to `v`: the phases run it after the objects' pre-record hooks
    /// (destroyed objects stay visible to them) and before their post-record hooks (created
    /// objects are already there).
    fn visit_tracker<V: Visitor>(&self, v: &mut V);
}

/// Declares an object set: the struct (the state tracker's `Slot` and one per object), its
/// constructor from `$setup` (each `$make(&setup) -> Option<T>` decides, from the settings,
/// whether it runs), and the order objects run in. Adding an object to a set is one line here.
macro_rules! object_set {
    ($(#[$doc:meta])* $set:ident($setup:ty) {
        tracker = $tracker:path;
        $($field:ident: $ty:ty = $make:path,)*
    }) => {
        $(#[$doc])*
        pub struct $set {
            pub tracker: $crate::chassis::Slot<$crate::state::StateTracker>,
            $(pub $field: $crate::chassis::Slot<$ty>,)*
        }

        impl $set {
            /// Makes every object the settings enable, and the tracker when one needs it.
            pub fn new(setup: &$setup) -> Self {
                $set {
                    tracker: $crate::chassis::Slot::new("state_tracker", $tracker(setup)),
                    $($field: $crate::chassis::Slot::new(stringify!($field), $make(setup)),)*
                }
            }
        }

        impl $crate::chassis::ObjectSet for $set {
            #[inline(always)]
            fn active(&self) -> bool {
                self.tracker.is_present() $(|| self.$field.is_present())*
            }
            #[inline(always)]
            fn visit<V: $crate::chassis::Visitor>(&self, v: &mut V) {
                $(v.visit(&self.$field);)*
            }
            #[inline(always)]
            fn visit_tracker<V: $crate::chassis::Visitor>(&self, v: &mut V) {
                v.visit(&self.tracker);
            }
        }
    };
}
pub(crate) use object_set;
