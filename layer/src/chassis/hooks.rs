//! The hook trait, one validate and two record hooks for every command of the registry.

use core::ffi::{c_char, c_void};

use vigil_generated::*;

use super::Call;

/// Turns the generated command list into the trait.
macro_rules! validation_object {
    ($({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, $kind:ident,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    })*) => {
        /// A validation object. For every command a validate hook (`true`: skip the call) that
        /// must not change state, and record hooks before and after the call down; each gets
        /// the call context and the call's parameters. Every hook defaults to the generic hook
        /// of its phase (`validate_call`, `pre_record_call`, `post_record_call`), which
        /// defaults to nothing: an object implements what it checks, typed per command or
        /// generically over `cx.params`, and the rest compiles away. Hooks take `&self`: calls
        /// arrive concurrently from the application's threads. Pointer parameters are the
        /// application's: read them only as the spec allows.
        // Hooks of commands no intercept runs yet (global ones) are still part of the trait.
        #[allow(unused_variables, non_snake_case, clippy::too_many_arguments, dead_code)]
        pub trait ValidationObject: Sync {
            /// Every command's validate hook, unless the object implements the command's own.
            #[inline(always)]
            fn validate_call(&self, cx: &Call<'_>) -> bool {
                false
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
