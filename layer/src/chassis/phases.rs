//! Per command, the three phases run over an object set: `phases::cmd_draw::validate(set, cx,
//! ...)`, `pre_record` and `post_record`. Each object's hook runs in its own containment
//! ([`Slot::run`]); the objects run in the set's order.

use core::ffi::{c_char, c_void};

use vigil_generated::*;

use super::{Call, ObjectSet, Slot, ValidationObject, Visitor};

/// Turns the generated command list into one module of phase runners per command.
macro_rules! phases {
    ($({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, $kind:ident,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    })*) => {$(
        #[doc = $name]
        // Only the hand-written intercepts call some commands' phases, and none calls others'.
        #[allow(non_snake_case, clippy::too_many_arguments, unused_imports, dead_code)]
        pub mod $f {
            use super::*;

            /// Every object's validate hook; true when one asked to skip the call.
            #[inline(always)]
            pub fn validate<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t),*) -> bool {
                struct Phase<'a, 'b> {
                    vigil_cx: &'a Call<'b>,
                    vigil_skip: bool,
                    $($p: $t,)*
                }
                impl Visitor for Phase<'_, '_> {
                    #[inline(always)]
                    fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                        let cx = self.vigil_cx;
                        $(let $p = self.$p;)*
                        if let Some(skip) = slot.run(cx, |o| o.$pv(cx, $($p),*)) {
                            self.vigil_skip |= skip;
                        }
                    }
                }
                let mut phase = Phase { vigil_cx, vigil_skip: false, $($p,)* };
                vigil_set.visit(&mut phase);
                phase.vigil_skip
            }

            /// Every object's pre-record hook.
            #[inline(always)]
            pub fn pre_record<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t),*) {
                struct Phase<'a, 'b> {
                    vigil_cx: &'a Call<'b>,
                    $($p: $t,)*
                }
                impl Visitor for Phase<'_, '_> {
                    #[inline(always)]
                    fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                        let cx = self.vigil_cx;
                        $(let $p = self.$p;)*
                        slot.run(cx, |o| o.$pr(cx, $($p),*));
                    }
                }
                vigil_set.visit(&mut Phase { vigil_cx, $($p,)* });
            }

            /// Every object's post-record hook.
            #[inline(always)]
            pub fn post_record<S: ObjectSet>(vigil_set: &S, vigil_cx: &Call<'_>, $($p: $t,)* vigil_result: $ret) {
                struct Phase<'a, 'b> {
                    vigil_cx: &'a Call<'b>,
                    vigil_result: $ret,
                    $($p: $t,)*
                }
                impl Visitor for Phase<'_, '_> {
                    #[inline(always)]
                    fn visit<T: ValidationObject>(&mut self, slot: &Slot<T>) {
                        let cx = self.vigil_cx;
                        let result = self.vigil_result;
                        $(let $p = self.$p;)*
                        slot.run(cx, |o| o.$po(cx, $($p,)* result));
                    }
                }
                vigil_set.visit(&mut Phase { vigil_cx, vigil_result, $($p,)* });
            }
        }
    )*};
}

vigil_generated::for_each_command!(phases);
