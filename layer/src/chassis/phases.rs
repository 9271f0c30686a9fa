//! Per command, the three phases run over an object set: `phases::pre_call_validate_cmd_draw(set,
//! cx, ...)`, `pre_call_record_*` and `post_call_record_*`. Each object's hook runs in its own
//! containment ([`Slot::run`]); the objects run in the set's order, the state tracker after them
//! before the call and before them after it. An object runs the
//! command's typed hook where it defines one, else its generic hook where it defines that,
//! else nothing: the choice is made from its `HOOKS` when the runner is compiled.

use core::ffi::{c_char, c_void};

use vigil_generated::*;

use super::{Call, ObjectSet, Phase, Slot, ValidationObject, Visitor};

/// Turns the generated command list into three phase runners per command.
macro_rules! phases {
    ($({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, $kind:ident,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    })*) => {$(
        #[doc = concat!("`", $name, "`: every object's validate hook; true when one asked to skip the call.")]
        // Only the hand-written intercepts call some commands' phases, and none calls others'.
        #[allow(non_snake_case, clippy::too_many_arguments, dead_code)]
        #[inline(always)]
        pub fn $pv<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t),*) -> bool {
            struct Runner<'a, 'b> {
                vigil_cx: &'a Call<'b>,
                vigil_skip: bool,
                $($p: $t,)*
            }
            impl Visitor for Runner<'_, '_> {
                #[inline(always)]
                fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                    let cx = self.vigil_cx;
                    if const { T::HOOKS.typed(Phase::Validate, $index) } {
                        $(let $p = self.$p;)*
                        if let Some(skip) = slot.run_at::<$index, _>(cx, |o| o.$pv(cx, $($p),*)) {
                            self.vigil_skip |= skip;
                        }
                    } else if const { T::HOOKS.generic(Phase::Validate) } {
                        self.vigil_skip |= slot.validate_call::<$index>(cx);
                    }
                }
            }
            let mut runner = Runner { vigil_cx, vigil_skip: false, $($p,)* };
            vigil_set.visit(&mut runner);
            runner.vigil_skip
        }

        #[doc = concat!("`", $name, "`: every object's pre-record hook.")]
        #[allow(non_snake_case, clippy::too_many_arguments, dead_code)]
        #[inline(always)]
        pub fn $pr<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t),*) {
            struct Runner<'a, 'b> {
                vigil_cx: &'a Call<'b>,
                $($p: $t,)*
            }
            impl Visitor for Runner<'_, '_> {
                #[inline(always)]
                fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                    let cx = self.vigil_cx;
                    if const { T::HOOKS.typed(Phase::PreRecord, $index) } {
                        $(let $p = self.$p;)*
                        slot.run_at::<$index, _>(cx, |o| o.$pr(cx, $($p),*));
                    } else if const { T::HOOKS.generic(Phase::PreRecord) } {
                        slot.pre_record_call_at::<$index>(cx);
                    }
                }
            }
            let mut runner = Runner { vigil_cx, $($p,)* };
            vigil_set.visit(&mut runner);
            vigil_set.visit_tracker(&mut runner);
        }

        #[doc = concat!("`", $name, "`: every object's post-record hook.")]
        #[allow(non_snake_case, clippy::too_many_arguments, dead_code)]
        #[inline(always)]
        pub fn $po<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t,)* vigil_result: $ret) {
            struct Runner<'a, 'b> {
                vigil_cx: &'a Call<'b>,
                vigil_result: $ret,
                $($p: $t,)*
            }
            impl Visitor for Runner<'_, '_> {
                #[inline(always)]
                fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                    let cx = self.vigil_cx;
                    if const { T::HOOKS.typed(Phase::PostRecord, $index) } {
                        let result = self.vigil_result;
                        $(let $p = self.$p;)*
                        slot.run_at::<$index, _>(cx, |o| o.$po(cx, $($p,)* result));
                    } else if const { T::HOOKS.generic(Phase::PostRecord) } {
                        slot.post_record_call(cx, result_opt!($res, self.vigil_result));
                    }
                }
            }
            let mut runner = Runner { vigil_cx, vigil_result, $($p,)* };
            vigil_set.visit_tracker(&mut runner);
            vigil_set.visit(&mut runner);
        }
    )*};
}

vigil_generated::for_each_command!(phases);
