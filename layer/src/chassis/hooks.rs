//! The hook trait, one validate and two record hooks for every command of the registry, and
//! `Hooks`: which of them an object defines, so the chassis compiles only those.

use core::ffi::{c_char, c_void};

use vigil_generated::*;

use super::Call;

/// Which phase a hook belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Validate,
    PreRecord,
    PostRecord,
}

/// One hook of the trait: a command's typed hook, or (`command: None`) a phase's generic one.
#[derive(Clone, Copy, Debug)]
pub struct HookId {
    pub phase: Phase,
    pub command: Option<u16>,
}

const WORDS: usize = COMMAND_COUNT.div_ceil(64);

/// The hooks an object defines (its `HOOKS`, written by `#[hooks]`): the chassis runs a
/// command's typed hook only where it is defined, and otherwise the phase's generic hook
/// where that is defined. Everything else costs nothing, not even compile time.
#[derive(Clone, Copy, Debug)]
pub struct Hooks {
    typed: [[u64; WORDS]; 3],
    generic: [bool; 3],
}

impl Hooks {
    /// No hook at all.
    pub const NONE: Hooks = Hooks { typed: [[0; WORDS]; 3], generic: [false; 3] };

    /// Exactly the hooks in `ids`.
    pub const fn of(ids: &[HookId]) -> Hooks {
        let mut hooks = Hooks::NONE;
        let mut i = 0;
        while i < ids.len() {
            let phase = ids[i].phase as usize;
            match ids[i].command {
                Some(c) => hooks.typed[phase][c as usize / 64] |= 1 << (c % 64),
                None => hooks.generic[phase] = true,
            }
            i += 1;
        }
        hooks
    }

    /// The typed validate hooks of `commands` (indices into `COMMANDS`).
    pub const fn validating(commands: &[u16]) -> Hooks {
        let mut hooks = Hooks::NONE;
        let mut i = 0;
        while i < commands.len() {
            let c = commands[i] as usize;
            hooks.typed[Phase::Validate as usize][c / 64] |= 1 << (c % 64);
            i += 1;
        }
        hooks
    }

    /// These hooks, with `phase`'s generic hook run only for `commands` (as their typed hooks,
    /// whose defaults call it): an object that needs its generic hook for a few commands costs
    /// the others nothing.
    pub const fn generic_only_for(self, phase: Phase, commands: &[u16]) -> Hooks {
        let mut hooks = self;
        if !hooks.generic[phase as usize] {
            return hooks;
        }
        hooks.generic[phase as usize] = false;
        hooks.generic_also_for(phase, commands)
    }

    /// [`Self::generic_only_for`] a second list of commands, after a first.
    pub const fn generic_also_for(self, phase: Phase, commands: &[u16]) -> Hooks {
        let mut hooks = self;
        let mut i = 0;
        while i < commands.len() {
            let c = commands[i] as usize;
            hooks.typed[phase as usize][c / 64] |= 1 << (c % 64);
            i += 1;
        }
        hooks
    }

    /// Whether the typed hook of `COMMANDS[command]` in `phase` is defined.
    pub const fn typed(&self, phase: Phase, command: usize) -> bool {
        self.typed[phase as usize][command / 64] & (1 << (command % 64)) != 0
    }

    /// Whether the generic hook of `phase` is defined.
    pub const fn generic(&self, phase: Phase) -> bool {
        self.generic[phase as usize]
    }
}

/// Writes hooks that each hand their call to one expression: `fn hook(&self, cx, params) -> R
/// => expr;` is the hook whose body is `expr`, `cx` its call context. A validation object has one
/// impl (`#[hooks]` reads the hooks off one), which this keeps a table, one entry a hook, while
/// the work the hooks do lives in the modules of their concerns.
macro_rules! delegate_hooks {
    ($(
        $(#[$meta:meta])*
        fn $hook:ident(&$this:ident, $cx:ident $(, $p:ident: $t:ty)* $(,)?) $(-> $ret:ty)? => $body:expr;
    )*) => {$(
        $(#[$meta])*
        fn $hook(&$this, $cx: &$crate::chassis::Call<'_>, $($p: $t),*) $(-> $ret)? {
            $body
        }
    )*};
}
pub(crate) use delegate_hooks;

/// Turns the generated command list into the trait and the hook ids.
macro_rules! validation_object {
    ($({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, $kind:ident,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    })*) => {
        /// How many commands the registry has.
        pub const COMMAND_COUNT: usize = [$($index),*].len();

        /// The id of every hook, by the hook's name: what `#[hooks]` lists in `HOOKS`.
        // Most hooks are defined by no object.
        #[allow(non_upper_case_globals, dead_code)]
        pub mod hook_ids {
            use super::{HookId, Phase};

            pub const validate_call: HookId = HookId { phase: Phase::Validate, command: None };
            pub const pre_record_call: HookId = HookId { phase: Phase::PreRecord, command: None };
            pub const post_record_call: HookId = HookId { phase: Phase::PostRecord, command: None };
            $(
                pub const $pv: HookId = HookId { phase: Phase::Validate, command: Some($index) };
                pub const $pr: HookId = HookId { phase: Phase::PreRecord, command: Some($index) };
                pub const $po: HookId = HookId { phase: Phase::PostRecord, command: Some($index) };
            )*
        }

        /// A validation object. For every command a validate hook (`true`: skip the call) that
        /// must not change state, and record hooks before and after the call down; each gets
        /// the call context and the call's parameters. Every hook defaults to the generic hook
        /// of its phase (`validate_call`, `pre_record_call`, `post_record_call`), which
        /// defaults to nothing: an object implements what it checks, typed per command or
        /// generically over `cx.params`, and marks its impl `#[hooks]` so the chassis knows
        /// which (`HOOKS`). Hooks take `&self`: calls arrive concurrently from the
        /// application's threads. Pointer parameters are the application's: read them only as
        /// the spec allows.
        // Hooks of commands no intercept runs yet (global ones) are still part of the trait.
        #[allow(unused_variables, non_snake_case, clippy::too_many_arguments, dead_code)]
        pub trait ValidationObject: Sync {
            /// The hooks this impl defines; `#[hooks]` writes it from the impl's `fn`s.
            const HOOKS: Hooks;
            /// Every command's validate hook, unless the object implements the command's own.
            #[inline(always)]
            fn validate_call(&self, cx: &Call<'_>) -> bool {
                false
            }
            /// [`Self::validate_call`]'s answer for a call of `COMMANDS[C]` when it can be
            /// given in line, outside containment: it must not panic (plain reads of what the
            /// call carries). `None`: run `validate_call`. The command is a constant here, so
            /// what its tables say folds away.
            #[inline(always)]
            fn validate_call_in_line<const C: usize>(&self, cx: &Call<'_>) -> Option<bool> {
                None
            }
            /// Whether the object's generic pre-record hook has nothing to do for a call of
            /// `COMMANDS[C]`, decided in line, outside containment: it must not panic (plain
            /// reads of what the call carries). False: run `pre_record_call`.
            #[inline(always)]
            fn pre_record_call_in_line<const C: usize>(&self, cx: &Call<'_>) -> bool {
                false
            }
            /// Whether the object's hooks have anything to do for `cx`'s command: false lets
            /// the chassis skip them, containment and all (not `validate_call_in_line`, which
            /// runs outside it). It must not panic (a plain read).
            #[inline(always)]
            fn wants(&self, cx: &Call<'_>) -> bool {
                true
            }
            /// [`Self::wants`] for a call of `COMMANDS[C]`: the command a constant, so that an
            /// object's per-command answer is one bit test of a known word.
            #[inline(always)]
            fn wants_at<const C: usize>(&self, cx: &Call<'_>) -> bool {
                self.wants(cx)
            }
            /// Every command's pre-record hook, unless the object implements the command's own.
            #[inline(always)]
            fn pre_record_call(&self, cx: &Call<'_>) {}
            /// Every command's post-record hook (`result`: the call's `VkResult`, for commands
            /// that return one), unless the object implements the command's own.
            #[inline(always)]
            fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {}
            $(
                #[doc = $name]
                #[inline(always)]
                fn $pv(&self, cx: &Call<'_>, $($p: $t),*) -> bool {
                    self.validate_call(cx)
                }
                #[doc = $name]
                #[inline(always)]
                fn $pr(&self, cx: &Call<'_>, $($p: $t),*) {
                    self.pre_record_call(cx)
                }
                #[doc = $name]
                #[inline(always)]
                fn $po(&self, cx: &Call<'_>, $($p: $t,)* result: $ret) {
                    self.post_record_call(cx, result_opt!($res, result))
                }
            )*
        }
    };
}

vigil_generated::for_each_command!(validation_object);
