//! The synchronization2 tables from vk.xml's `<sync>` block (`generated/src/sync.rs`): per
//! stage bit its queue support and what a meta stage stands for, per access bit the stages it
//! may be performed in and what it stands for, the pipeline types' stage orders, and the usage
//! index (one entry per valid stage/access pair). Beside them, the barrier rules read off
//! validusage.json whose shape the tables answer: "If srcAccessMask includes A, srcStageMask
//! must include …" (the stages come from the tables, not the prose) and "If the F feature is not
//! enabled, srcStageMask must not contain S". A name the tables cannot resolve fails
//! generation; a rule of another shape (one with a further condition) is left to hand-written
//! checks.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vigil_registry::{Registry, ValidUsage};

use crate::Error;

/// The structures and commands whose stage and access masks the generated rules cover.
const ACCESS_SCOPES: [&str; 3] = ["VkMemoryBarrier2", "VkBufferMemoryBarrier2", "VkImageMemoryBarrier2"];
const FEATURE_SCOPES: [&str; 4] =
    ["VkMemoryBarrier2", "VkBufferMemoryBarrier2", "VkImageMemoryBarrier2", "vkCmdPipelineBarrier"];

/// Counts, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub stages: usize,
    pub accesses: usize,
    pub pipelines: usize,
    pub usages: usize,
    pub access_rules: usize,
    pub feature_rules: usize,
}

/// The generated file and the ids its rules can report.
pub struct Output {
    pub tokens: TokenStream,
    pub ids: Vec<String>,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
}

/// Bit values by name (aliases included) of a `…FlagBits` enum.
fn bits(reg: &Registry, names: &[&str]) -> Result<BTreeMap<String, u64>, Error> {
    let mut out = BTreeMap::new();
    for name in names {
        let e = reg.enum_(name).ok_or_else(|| Error(format!("sync: no {name}")))?;
        let direct: BTreeMap<&str, i64> =
            e.values.iter().filter(|v| v.alias_of.is_none()).map(|v| (v.name.as_str(), v.value)).collect();
        for v in &e.values {
            let value = match &v.alias_of {
                Some(target) => *direct.get(target.as_str()).ok_or_else(|| Error(format!("sync: alias {}", v.name)))?,
                None => v.value,
            };
            out.insert(v.name.clone(), value as u64);
        }
    }
    Ok(out)
}

fn lookup(table: &BTreeMap<String, u64>, name: &str, what: &str) -> Result<u64, Error> {
    table.get(name).copied().ok_or_else(|| Error(format!("sync: {what} {name} is not a known bit")))
}

fn lit(v: u64) -> Literal {
    Literal::u64_unsuffixed(v)
}

/// The tables and rules.
pub fn generate(reg: &Registry, vuids: &BTreeMap<String, ValidUsage>) -> Result<Output, Error> {
    let sync = &reg.sync;
    let stage_bits = bits(reg, &["VkPipelineStageFlagBits2", "VkPipelineStageFlagBits"])?;
    let access_bits = bits(reg, &["VkAccessFlagBits2", "VkAccessFlagBits"])?;
    let queue_bits = bits(reg, &["VkQueueFlagBits"])?;
    let stage = |n: &str| lookup(&stage_bits, n, "stage");
    let access = |n: &str| lookup(&access_bits, n, "access");

    // Stages: the equivalents of each meta stage, expanded until only stages without
    // equivalents are left. ALL_COMMANDS has none in vk.xml: it stands for every stage a queue
    // performs (those with queue support).
    let mut direct: BTreeMap<u64, u64> = BTreeMap::new();
    for s in &sync.stages {
        let mut eq = 0;
        for e in &s.equivalent {
            eq |= stage(e)?;
        }
        direct.insert(stage(&s.name)?, eq);
    }
    let expand = |bit: u64| -> u64 {
        let mut out = 0;
        let mut todo = vec![bit];
        while let Some(b) = todo.pop() {
            match direct.get(&b) {
                Some(&eq) if eq != 0 => (0..64).map(|i| 1u64 << i).filter(|x| eq & x != 0).for_each(|x| todo.push(x)),
                _ => out |= b,
            }
        }
        out
    };
    let all_commands = stage("VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT")?;
    let mut performed = 0;
    for s in sync.stages.iter().filter(|s| s.queues.is_some()) {
        performed |= expand(stage(&s.name)?);
    }
    let expanded = |bit: u64| if bit == all_commands { performed } else { expand(bit) };
    let mut stage_rows = Vec::new();
    let mut metas = Vec::new();
    for s in &sync.stages {
        let bit = stage(&s.name)?;
        let queues = match &s.queues {
            None => u32::MAX,
            Some(q) => q.iter().map(|n| lookup(&queue_bits, n, "queue").map(|b| b as u32)).sum::<Result<u32, _>>()?,
        };
        let ex = expanded(bit);
        if ex != bit {
            metas.push((bit, ex));
        }
        let (name, queues, ex) = (&s.name, Literal::u32_unsuffixed(queues), lit(ex));
        let b = lit(bit);
        stage_rows.push(quote!(SyncStage { name: #name, bit: #b, queues: #queues, expanded: #ex }));
    }

    // Accesses: the stages each may be performed in, with the meta stages that stand for any of
    // them (ALL_GRAPHICS, ALL_COMMANDS, …), as the barrier rules accept.
    let mut supported: BTreeMap<u64, u64> = BTreeMap::new();
    let mut access_direct: BTreeMap<u64, u64> = BTreeMap::new();
    let mut access_rows = Vec::new();
    let mut usages = BTreeSet::new();
    for a in &sync.accesses {
        let bit = access(&a.name)?;
        let stages = match &a.stages {
            None => u64::MAX,
            Some(list) => {
                let mut listed = 0;
                for s in list {
                    listed |= stage(s)?;
                }
                let leaves = (0..64).map(|i| 1u64 << i).filter(|b| listed & b != 0).fold(0, |acc, b| acc | expanded(b));
                let with_metas = metas.iter().filter(|(_, ex)| ex & leaves != 0).fold(listed, |acc, (m, _)| acc | m);
                with_metas
            }
        };
        let mut eq = 0;
        for e in &a.equivalent {
            eq |= access(e)?;
        }
        access_direct.insert(bit, eq);
        supported.insert(bit, stages);
        let ex = if eq == 0 { bit } else { eq };
        if eq == 0 && stages != u64::MAX {
            let listed = a.stages.iter().flatten().map(|s| stage(s)).collect::<Result<Vec<_>, _>>()?;
            for s in listed {
                let leaves = expanded(s);
                for b in (0..64).map(|i| 1u64 << i).filter(|b| leaves & b != 0) {
                    usages.insert((b, bit));
                }
            }
        }
        let (name, b, st, ex) = (&a.name, lit(bit), lit(stages), lit(ex));
        access_rows.push(quote!(SyncAccess { name: #name, bit: #b, stages: #st, expanded: #ex }));
    }

    let mut pipeline_rows = Vec::new();
    for p in &sync.pipelines {
        let (mut ordered, mut unordered) = (Vec::new(), Vec::new());
        for s in &p.stages {
            let bit = lit(stage(&s.stage)?);
            if s.ordered {
                ordered.push(quote!(#bit));
            } else {
                let before = lit(s.before.as_deref().map(stage).transpose()?.unwrap_or(0));
                let after = lit(s.after.as_deref().map(stage).transpose()?.unwrap_or(0));
                unordered.push(quote!(UnorderedStage { stage: #bit, before: #before, after: #after }));
            }
        }
        let (name, depends) = (&p.name, &p.depends);
        pipeline_rows.push(quote! {
            SyncPipeline { name: #name, depends: &[#(#depends),*], ordered: &[#(#ordered),*], unordered: &[#(#unordered),*] }
        });
    }

    let usage_rows = usages.iter().map(|(s, a)| {
        let (s, a) = (lit(*s), lit(*a));
        quote!(SyncUsage { stage: #s, access: #a })
    });

    // Rules from validusage.json.
    let mut ids = Vec::new();
    let (mut access_rules, mut feature_rules) = (Vec::new(), Vec::new());
    for scope in ACCESS_SCOPES {
        for side in ["src", "dst"] {
            let prefix = format!("VUID-{scope}-{side}AccessMask-");
            let lead = format!("If {side}AccessMask includes ");
            let tail = format!(", {side}StageMask must include ");
            for (vuid, vu) in vuids.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)) {
                let Some(rest) = vu.text.strip_prefix(&lead) else { continue };
                let Some((names, _)) = rest.split_once(&tail) else { continue };
                let Some(accesses) =
                    names.split(" or ").map(|n| access_bits.get(n).copied()).collect::<Option<Vec<u64>>>()
                else {
                    continue;
                };
                let mask = accesses.iter().fold(0, |a, b| a | b);
                let stages =
                    accesses.iter().map(|a| supported.get(a).copied().unwrap_or(u64::MAX)).fold(0, |a, b| a | b);
                if stages == u64::MAX {
                    return Err(Error(format!("sync: {vuid} names an access the <sync> block does not restrict")));
                }
                let (m, s, dst) = (lit(mask), lit(stages), side == "dst");
                let scope_i = Literal::usize_unsuffixed(ACCESS_SCOPES.iter().position(|x| *x == scope).unwrap_or(0));
                access_rules
                    .push(quote!(AccessRule { scope: #scope_i, dst: #dst, accesses: #m, stages: #s, vuid: #vuid }));
                ids.push(vuid.clone());
            }
        }
    }
    let features = crate::features::feature_names(reg);
    for scope in FEATURE_SCOPES {
        for side in ["src", "dst"] {
            let prefix = format!("VUID-{scope}-{side}StageMask-");
            let tail = format!(" enabled, {side}StageMask must not contain ");
            for (vuid, vu) in vuids.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)) {
                let Some((condition, stages)) = vu.text.split_once(&tail) else { continue };
                let names: Vec<&str> = if let Some(f) =
                    condition.strip_prefix("If the ").and_then(|c| c.strip_suffix(" feature is not"))
                {
                    vec![f.rsplit("::").next().unwrap_or(f)]
                } else if let Some(fs) =
                    condition.strip_prefix("If neither of the ").and_then(|c| c.strip_suffix(" features are"))
                {
                    fs.split(" or the ").collect()
                } else {
                    continue;
                };
                let mut enables = Vec::new();
                for n in names {
                    let i = features
                        .binary_search_by(|f| f.as_str().cmp(n))
                        .map_err(|_| Error(format!("sync: {vuid} names {n}, not a feature")))?;
                    let i = Literal::usize_unsuffixed(i);
                    enables.push(quote!(Feature(#i)));
                }
                let mut mask = 0;
                for s in stages.split(" or ") {
                    mask |= stage(s)?;
                }
                let (m, dst) = (lit(mask), side == "dst");
                let scope_i = Literal::usize_unsuffixed(FEATURE_SCOPES.iter().position(|x| *x == scope).unwrap_or(0));
                feature_rules.push(quote!(FeatureRule { scope: #scope_i, dst: #dst, stages: #m, features: &[#(#enables),*], vuid: #vuid }));
                ids.push(vuid.clone());
            }
        }
    }

    let stats = Stats {
        stages: stage_rows.len(),
        accesses: access_rows.len(),
        pipelines: pipeline_rows.len(),
        usages: usages.len(),
        access_rules: access_rules.len(),
        feature_rules: feature_rules.len(),
    };
    let (n_stages, n_accesses, n_pipelines, n_usages) = (stats.stages, stats.accesses, stats.pipelines, stats.usages);
    let (n_access_rules, n_feature_rules) = (stats.access_rules, stats.feature_rules);
    let (access_scopes, feature_scopes) = (ACCESS_SCOPES, FEATURE_SCOPES);
    let tokens = quote! {
        //! The synchronization2 tables of vk.xml's `<sync>` block, and the barrier rules of
        //! validusage.json that they answer. Masks are `VkPipelineStageFlags2` /
        //! `VkAccessFlags2` values; the original 32-bit flags share their low bits.

        use crate::features::Feature;

        /// A pipeline stage bit.
        pub struct SyncStage {
            pub name: &'static str,
            pub bit: u64,
            /// The `VkQueueFlags` of queue families that support it (`u32::MAX`: any).
            pub queues: u32,
            /// The stages it stands for (itself unless it is a meta stage), none of them meta.
            pub expanded: u64,
        }

        /// An access type bit.
        pub struct SyncAccess {
            pub name: &'static str,
            pub bit: u64,
            /// The stages it may be performed in, with the meta stages that stand for any of
            /// them (`u64::MAX`: any stage).
            pub stages: u64,
            /// The accesses it stands for (itself unless it is a meta access such as
            /// `SHADER_READ`).
            pub expanded: u64,
        }

        /// A stage without a place in its pipeline type's order.
        pub struct UnorderedStage {
            pub stage: u64,
            /// The stage it is logically earlier than (0: none).
            pub before: u64,
            /// The stage it is logically later than (0: none).
            pub after: u64,
        }

        /// A pipeline type and the logical order of its stages.
        pub struct SyncPipeline {
            pub name: &'static str,
            /// The extensions that bring it (any one); empty for core pipeline types.
            pub depends: &'static [&'static str],
            /// Its ordered stages, logically first to last.
            pub ordered: &'static [u64],
            pub unordered: &'static [UnorderedStage],
        }

        /// A valid (stage, access) pair: a stage that is not a meta stage and an access it
        /// may perform.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SyncUsage {
            pub stage: u64,
            pub access: u64,
        }

        /// "If srcAccessMask includes one of `accesses`, srcStageMask must include one of
        /// `stages`" for one barrier structure (`ACCESS_RULE_SCOPES[scope]`) and side.
        pub struct AccessRule {
            pub scope: usize,
            pub dst: bool,
            pub accesses: u64,
            pub stages: u64,
            pub vuid: &'static str,
        }

        /// "Unless one of `features` is enabled, srcStageMask must not contain `stages`" for one
        /// structure or command (`FEATURE_RULE_SCOPES[scope]`) and side.
        pub struct FeatureRule {
            pub scope: usize,
            pub dst: bool,
            pub stages: u64,
            pub features: &'static [Feature],
            pub vuid: &'static str,
        }

        /// The stage bits in registry order.
        pub static SYNC_STAGES: [SyncStage; #n_stages] = [#(#stage_rows),*];
        /// The access bits in registry order.
        pub static SYNC_ACCESSES: [SyncAccess; #n_accesses] = [#(#access_rows),*];
        /// The pipeline types in registry order.
        pub static SYNC_PIPELINES: [SyncPipeline; #n_pipelines] = [#(#pipeline_rows),*];
        /// The usage index, sorted by stage then access.
        pub static SYNC_USAGES: [SyncUsage; #n_usages] = [#(#usage_rows),*];
        /// What `AccessRule::scope` indexes.
        pub static ACCESS_RULE_SCOPES: [&str; 3] = [#(#access_scopes),*];
        /// What `FeatureRule::scope` indexes.
        pub static FEATURE_RULE_SCOPES: [&str; 4] = [#(#feature_scopes),*];
        /// The access/stage rules, by scope, side and id.
        pub static ACCESS_RULES: [AccessRule; #n_access_rules] = [#(#access_rules),*];
        /// The stage/feature rules, by scope, side and id.
        pub static FEATURE_RULES: [FeatureRule; #n_feature_rules] = [#(#feature_rules),*];
    };
    Ok(Output { tokens, ids, stats })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_registry_counts() {
        let reg = vigil_registry::load_pinned().unwrap();
        let vuids = vigil_registry::load_pinned_vuids().unwrap();
        let out = generate(&reg, &vuids).unwrap();
        assert_eq!(
            out.stats,
            Stats { stages: 46, accesses: 51, pipelines: 17, usages: 166, access_rules: 264, feature_rules: 96 }
        );
    }
}
