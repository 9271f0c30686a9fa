//! Generated stateless parameter validation: the registry's implicit valid usage (sType, pNext,
//! enum values, flag bits, required pointers, handles and counts, VkBool32, reserved flags,
//! allocation callbacks, commands of versions or extensions not enabled) as compact tables that
//! a small interpreter in the layer walks (`layer/src/stateless/`).
//!
//! Four files: `stateless.rs` (the table types, the engine trait and the hook of every command,
//! with its compiled checks), `stateless_compiled.rs` (the compiled checks of every structure
//! the commands reach), `stateless_structs.rs` (per struct: sType, pNext rules, fields) and
//! `stateless_tables.rs` (commands, enums, bitmasks, requirements, ids).

mod emit;
mod plan;

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use vigil_registry::{Registry, ValidUsage};

use crate::Error;

pub(crate) use emit::{at_tokens, shape_tokens};
pub(crate) use plan::{count_plan, At, Owner, ShapePlan};
pub use plan::{Stats, WALKED_NOAUTOVALIDITY};

/// What the generator produces.
pub struct Output {
    /// `(file name in generated/src, tokens)`.
    pub files: Vec<(String, TokenStream)>,
    /// Every id the generated checks can report (for the message catalogue).
    pub ids: BTreeSet<String>,
    /// What was planned per category (the generator-level test reads it).
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
}

/// Plans and emits the stateless tables.
pub fn generate(reg: &Registry, vuids: &BTreeMap<String, ValidUsage>) -> Result<Output, Error> {
    let plan = plan::plan(reg, vuids)?;
    let files = emit::files(reg, &plan)?;
    Ok(Output { files, ids: plan.ids.clone(), stats: plan.stats })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checks emitted per category from the pinned registry and validusage.json. A change
    /// here is a change in what Vigil checks: review it, then update the numbers.
    #[test]
    fn checks_per_category() {
        let reg = vigil_registry::load_pinned().unwrap();
        let vuids = vigil_registry::load_pinned_vuids().unwrap();
        let out = generate(&reg, &vuids).unwrap();
        let s = &out.stats;
        println!("{s:#?}");
        println!("ids: {}", out.ids.len());
        assert_eq!(out.ids.len(), 4088, "ids the generated checks can report");
        let plan = plan::plan(&reg, &vuids).unwrap();
        let heads: Vec<&str> = plan
            .structs
            .iter()
            .filter(|s| s.pnext_id.as_deref() == Some(plan::ID_PNEXT))
            .map(|s| s.name.as_str())
            .collect();
        println!("chains headed without a pNext VUID: {heads:?}");
        let expected = Stats {
            commands: 737,
            structs: 1282,
            s_type: 1233,
            pnext_allowed: 439,
            pnext_unique: 179,
            pnext_without_vuid: 43,
            pnext_enabled: 812,
            enum_value: 340,
            flags_valid: 327,
            flags_required: 54,
            flags_reserved: 52,
            required_pointer: 618,
            required_string: 21,
            array_pointer: 332,
            required_handle: 380,
            required_function: 3,
            count_nonzero: 180,
            bool32: 796,
            allocation_callbacks: 4,
            command_enabled: 600,
            skipped_noautovalidity: 168,
            walked_noautovalidity: 9,
            skipped_len: 0,
            skipped_union: 14,
            skipped_bitfield: 0,
            skipped_no_vuid: 4,
            skipped_shape: 5,
        };
        assert_eq!(*s, expected);
    }
}
