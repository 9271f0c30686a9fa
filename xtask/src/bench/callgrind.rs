//! Reads callgrind's output files: the collected total, and self cost by object and function
//! (the per-function profile of where a layer's instructions go).
//!
//! Only functions, not source lines: valgrind 3.19 reports line 0 for everything in
//! libVkLayer_vigil.so (it finds the functions' files but not their line tables), so a
//! per-line profile would say nothing; `objdump -dl` on the library fills that gap.
//!
//! The format is documented at <https://valgrind.org/docs/manual/cl-format.html>. The parts that
//! matter here, as callgrind 3.x writes them:
//! - names are compressed: `fn=(12) name` defines id 12, a later `fn=(12)` refers to it; objects
//!   (`ob`, `cob`), files (`fl`, `fi`, `fe`, `cfi`, `cfl`) and functions (`fn`, `cfn`) each have
//!   their own table;
//! - a cost line is positions (as `positions:` lists them: `line`, or `instr line`) then event
//!   counts, missing counts being zero; positions may be relative (`+3`, `-2`, `*`);
//! - `calls=N pos` announces that the next cost line is the inclusive cost of N calls to the
//!   function named by the preceding `cfn=`, not self cost;
//! - call counts are kept even while collection is off, so they include calls made outside the
//!   toggled function (the workload's warm-up frame).

use std::collections::{BTreeMap, HashMap};

/// Self cost of one run, aggregated.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Profile {
    /// `totals:` (or `summary:`): every collected event, the number the benchmark reports.
    pub total: u64,
    /// Self Ir by (object, function).
    pub functions: BTreeMap<(String, String), u64>,
    /// Calls by (callee object, callee function), summed over callers; see the module docs.
    pub calls: BTreeMap<(String, String), u64>,
}

/// Which kind of name a compressed id belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Table {
    Object,
    File,
    Function,
}

/// Expands compressed names.
#[derive(Default)]
struct Names(HashMap<(Table, u64), String>);

impl Names {
    /// `(id) name` defines and returns name, `(id)` looks it up, a plain `name` is itself.
    fn resolve(&mut self, table: Table, value: &str) -> Result<String, String> {
        let value = value.trim();
        let Some(rest) = value.strip_prefix('(') else {
            return Ok(value.to_string());
        };
        let (id, name) = rest.split_once(')').ok_or_else(|| format!("bad compressed name {value:?}"))?;
        let id: u64 = id.parse().map_err(|_| format!("bad name id in {value:?}"))?;
        let name = name.trim();
        if name.is_empty() {
            self.0.get(&(table, id)).cloned().ok_or_else(|| format!("name id {id} used before it was defined"))
        } else {
            self.0.insert((table, id), name.to_string());
            Ok(name.to_string())
        }
    }
}

/// Whether `token` is a subposition: absolute (decimal or hex) or relative (`+N`, `-N`, `*`).
fn is_position(token: &str) -> bool {
    let digits = token.strip_prefix(['+', '-']).or_else(|| token.strip_prefix("0x")).unwrap_or(token);
    token == "*" || (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_hexdigit()))
}

impl Profile {
    /// Parses a callgrind output file's text. Only the first event (`Ir`) is kept.
    pub fn parse(text: &str) -> Result<Profile, String> {
        let mut profile = Profile::default();
        let mut names = Names::default();
        // Subposition columns before the counts (`positions: line` or `positions: instr line`).
        let mut columns = 1;
        let (mut object, mut function) = (String::new(), String::new());
        // Callee of the pending `calls=` line, and whether the next cost line is a call cost.
        let (mut callee_object, mut callee) = (None::<String>, String::new());
        let mut call_cost_next = false;
        let (mut totals, mut summary) = (None, None);
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim_end();
            let at = |e: String| format!("callgrind output line {}: {e}", n + 1);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let first = line.as_bytes()[0];
            if first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'*') {
                let mut tokens = line.split_whitespace();
                for _ in 0..columns {
                    match tokens.next() {
                        Some(t) if is_position(t) => {}
                        other => return Err(at(format!("bad position {other:?}"))),
                    }
                }
                let ir: u64 = match tokens.next() {
                    Some(t) => t.parse().map_err(|_| at(format!("bad count {t:?}")))?,
                    None => 0,
                };
                if call_cost_next {
                    // Inclusive cost of the calls: the callee's own lines carry it.
                    call_cost_next = false;
                    continue;
                }
                *profile.functions.entry((object.clone(), function.clone())).or_default() += ir;
                continue;
            }
            if let Some((key, value)) = line.split_once('=') {
                match key {
                    "ob" => object = names.resolve(Table::Object, value).map_err(at)?,
                    // Files only need their names defined, for later references to the ids.
                    "fl" | "fi" | "fe" | "cfi" | "cfl" => drop(names.resolve(Table::File, value).map_err(at)?),
                    "fn" => function = names.resolve(Table::Function, value).map_err(at)?,
                    "cob" => callee_object = Some(names.resolve(Table::Object, value).map_err(at)?),
                    "cfn" => callee = names.resolve(Table::Function, value).map_err(at)?,
                    "calls" => {
                        let count = value.split_whitespace().next().unwrap_or("0");
                        let count: u64 = count.parse().map_err(|_| at(format!("bad call count {count:?}")))?;
                        let target = callee_object.take().unwrap_or_else(|| object.clone());
                        *profile.calls.entry((target, std::mem::take(&mut callee))).or_default() += count;
                        call_cost_next = true;
                    }
                    // Jumps (--collect-jumps) are followed by a position line with no cost.
                    "jump" | "jcnd" => call_cost_next = true,
                    _ => {} // jfi, jfn, ln and anything newer: not needed for self cost
                }
                continue;
            }
            if let Some((key, value)) = line.split_once(':') {
                let value = value.trim();
                match key {
                    "positions" => columns = value.split_whitespace().count().max(1),
                    "events" if !value.starts_with("Ir") => {
                        return Err(format!("the first event is not Ir: {value}"));
                    }
                    "totals" => totals = value.split_whitespace().next().and_then(|v| v.parse().ok()),
                    "summary" => summary = value.split_whitespace().next().and_then(|v| v.parse().ok()),
                    _ => {}
                }
            }
        }
        profile.total = totals.or(summary).ok_or("no totals: or summary: line")?;
        // A measured section always executes something: nothing counted means callgrind never
        // entered the toggle symbol (one folded into another function's address is known by
        // that one's name only).
        if profile.total == 0 {
            return Err("nothing was counted: the measured section's symbol was never entered".into());
        }
        // Callgrind's total is the sum of every self cost line: anything else is a misreading.
        let sum: u64 = profile.functions.values().sum();
        if sum != profile.total {
            return Err(format!("self costs add up to {sum}, the file's total is {}", profile.total));
        }
        Ok(profile)
    }

    /// Self Ir by object.
    pub fn objects(&self) -> BTreeMap<String, u64> {
        let mut out = BTreeMap::new();
        for ((object, _), ir) in &self.functions {
            *out.entry(object.clone()).or_default() += ir;
        }
        out
    }

    /// Self Ir by function of objects whose path ends with `suffix`, largest first.
    pub fn functions_of(&self, suffix: &str) -> Vec<(String, u64)> {
        let mut out: Vec<_> = self
            .functions
            .iter()
            .filter(|((o, _), _)| o.ends_with(suffix))
            .map(|((_, f), ir)| (f.clone(), *ir))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Calls to `function` of an object whose path ends with `suffix`.
    pub fn calls_to(&self, suffix: &str, function: &str) -> u64 {
        self.calls.iter().filter(|((o, f), _)| o.ends_with(suffix) && f == function).map(|(_, n)| n).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trimmed-down file in the shape callgrind 3.19 writes with `--dump-instr=no`.
    const SAMPLE: &str = "\
# callgrind format
version: 1
creator: callgrind-3.19.0
cmd:  ./app draw
positions: line
events: Ir
summary: 1000

ob=(1) /app
fl=(1) src/main.rs
fn=(1) vigil_bench_measured
10 5
cob=(2) /lib/libVkLayer_vigil.so
cfi=(2) ???
cfn=(2) intercepts::cmd_draw
calls=300 0
+2 900
* 3

ob=(2)
fl=(2)
fn=(2)
0 200
fi=(3) layer/src/dispatch_map.rs
45 600
+1 40
fe=(2)
cob=(1)
cfn=(3) driver_draw
calls=300 0
0 52
0 100

ob=(1)
fl=(1)
fn=(3)
0 52
totals: 1000
";

    #[test]
    fn totals_and_self_cost() {
        let p = Profile::parse(SAMPLE).unwrap();
        assert_eq!(p.total, 1000);
        // Self costs exclude the call cost lines (900 and 52) and add up to the total.
        assert_eq!(p.functions.values().sum::<u64>(), 1000);
        let vigil = p.functions_of("libVkLayer_vigil.so");
        assert_eq!(vigil, vec![("intercepts::cmd_draw".to_string(), 940)]);
        assert_eq!(p.objects()["/app"], 60);
    }

    #[test]
    fn positions_in_every_form() {
        for ok in ["0", "17", "+3", "-2", "*", "0x4a1f"] {
            assert!(is_position(ok), "{ok}");
        }
        for bad in ["", "+", "x", "calls"] {
            assert!(!is_position(bad), "{bad}");
        }
        // Two subposition columns: the count is the third token.
        let p = Profile::parse("positions: instr line\nevents: Ir\nfn=f\n0x10 3 7\n+4 * 5\ntotals: 12\n").unwrap();
        assert_eq!(p.total, 12);
    }

    #[test]
    fn calls_are_attributed_to_the_callee_object() {
        let p = Profile::parse(SAMPLE).unwrap();
        assert_eq!(p.calls_to("libVkLayer_vigil.so", "intercepts::cmd_draw"), 300);
        assert_eq!(p.calls_to("/app", "driver_draw"), 300);
    }

    #[test]
    fn errors_are_reported() {
        assert!(Profile::parse("events: Ir\nfn=(7)\n").is_err(), "undefined name id");
        assert!(Profile::parse("events: Ir\nfn=f\n10 5\n").is_err(), "no totals");
        assert!(Profile::parse("events: Dr\ntotals: 1\n").is_err(), "not Ir");
        assert!(Profile::parse("events: Ir\nfn=f\n10 5\ntotals: 6\n").is_err(), "costs do not add up");
        assert!(Profile::parse("events: Ir\ntotals: 0\n").is_err(), "nothing counted");
    }
}
