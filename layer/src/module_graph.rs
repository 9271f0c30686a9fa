//! The layer's files import each other without a circle: the layout by concern (ARCHITECTURE's
//! tree) stays a stack of layers. This test reads the sources the way a reader follows imports,
//! file by file, so a circle fails here rather than growing back unnoticed.
//!
//! A file imports another when it names an item through `crate::`, `super::` or `self::` (in
//! `use` or in an expression) or through a child module, and the longest module prefix of that
//! path is the other file; a module naming its own children is not counted (the folder's face,
//! as `mod.rs` re-exports). Tests (`tests.rs`, `#[cfg(test)] mod tests`), comments and `$crate`
//! paths (a macro names them for the code it expands in) are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir` (the layer's tests that read its sources share it).
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

/// The layer's source files by module path (`["state", "records"]` for `state/records.rs`).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut out = BTreeMap::new();
    for path in rust_files(src) {
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let mut segments: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
        let last = segments.last().cloned().unwrap_or_default();
        if last == "tests" {
            continue;
        }
        if last == "mod" || (segments.len() == 1 && last == "lib") {
            segments.pop();
        }
        out.insert(segments, path);
    }
    out
}

/// A file's text as the compiler sees it outside tests, with comments dropped.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
    text.lines()
        .map(|l| {
            // A `//` outside a string literal starts a comment (quotes counted on the line).
            let mut quotes = 0;
            for (i, c) in l.char_indices() {
                match c {
                    '"' => quotes += 1,
                    '/' if quotes % 2 == 0 && l[i..].starts_with("//") => return &l[..i],
                    _ => {}
                }
            }
            l
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names: `a::b::c` runs of identifiers, with `use` groups (`a::{b, c::d}`)
/// spread out.
fn paths(code: &str) -> Vec<Vec<String>> {
    fn ident(c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '_'
    }
    fn spread(prefix: &[String], group: &str, out: &mut Vec<Vec<String>>) {
        let mut depth = 0;
        let mut start = 0;
        let bytes: Vec<char> = group.chars().collect();
        let mut parts = Vec::new();
        for (i, &c) in bytes.iter().enumerate() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(bytes[start..i].iter().collect::<String>());
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(bytes[start..].iter().collect::<String>());
        for part in parts {
            let part = part.trim();
            let (head, rest) = match part.find("::{") {
                Some(at) => (&part[..at], Some(&part[at + 3..part.len().saturating_sub(1)])),
                None => (part, None),
            };
            let mut path = prefix.to_vec();
            path.extend(head.split("::").map(|s| s.split_whitespace().next().unwrap_or("").to_string()));
            path.retain(|s| !s.is_empty());
            if path.len() > prefix.len() && path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            match rest {
                Some(group) => spread(&path, group, out),
                None => out.push(path),
            }
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !ident(chars[i]) || (i > 0 && (ident(chars[i - 1]) || chars[i - 1] == '$' || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        // A run of `ident::ident::…`, perhaps ending in a `{…}` group.
        let mut path = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < chars.len() && ident(chars[j]) {
                j += 1;
            }
            path.push(chars[start..j].iter().collect::<String>());
            if chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':') {
                j += 2;
                if chars.get(j) == Some(&'{') {
                    let mut depth = 0;
                    let open = j;
                    while j < chars.len() {
                        match chars[j] {
                            '{' => depth += 1,
                            '}' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    let group: String = chars[open + 1..j.min(chars.len())].iter().collect();
                    spread(&path, &group, &mut out);
                    path.clear();
                    break;
                }
                if j < chars.len() && ident(chars[j]) {
                    continue;
                }
            }
            break;
        }
        if path.len() > 1 {
            out.push(path);
        }
        i = j.max(i + 1);
    }
    out
}

/// The files `module` imports.
fn imports(module: &[String], code: &str, files: &BTreeMap<Vec<String>, PathBuf>) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    for path in paths(code) {
        let (mut base, rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.to_vec(), &path[1..]),
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                (module[..module.len().saturating_sub(supers)].to_vec(), &path[supers..])
            }
            // A child module named by its own name.
            first if files.contains_key(&[module, &[first.to_string()]].concat()) => (module.to_vec(), &path[..]),
            _ => continue,
        };
        let floor = base.len();
        base.extend(rest.iter().cloned());
        let target = (floor..=base.len()).rev().map(|n| &base[..n]).find(|p| files.contains_key(*p));
        // A module naming its own descendants (re-exports, calls into its children) is its
        // folder's face: the children may use what it defines without a circle.
        if let Some(target) = target.filter(|t| !t.starts_with(module)) {
            out.insert(target.to_vec());
        }
    }
    out
}

/// The circles of the import graph (strongly connected sets of two files or more).
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    // Kosaraju: finish order on the graph, then sets on the reversed graph.
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    for start in graph.keys() {
        if !seen.insert(start.clone()) {
            continue;
        }
        let mut stack = vec![(start.clone(), graph[start].iter().cloned().collect::<Vec<_>>())];
        while let Some((node, next)) = stack.last_mut() {
            match next.pop() {
                Some(n) if graph.contains_key(&n) && seen.insert(n.clone()) => {
                    let more = graph[&n].iter().cloned().collect();
                    stack.push((n, more));
                }
                Some(_) => {}
                None => {
                    order.push(node.clone());
                    stack.pop();
                }
            }
        }
    }
    let mut reversed: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for (from, to) in graph {
        for t in to {
            reversed.entry(t).or_default().push(from);
        }
    }
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    for node in order.iter().rev() {
        if !placed.insert(node) {
            continue;
        }
        let mut set = vec![node.clone()];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            for &p in reversed.get(n).into_iter().flatten() {
                if placed.insert(p) {
                    set.push(p.clone());
                    stack.push(p);
                }
            }
        }
        if set.len() > 1 {
            set.sort();
            out.push(set);
        }
    }
    out
}

fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files = modules(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    files
        .iter()
        .map(|(m, path)| (m.clone(), imports(m, &code(&std::fs::read_to_string(path).unwrap()), &files)))
        .collect()
}

#[test]
fn the_layers_files_import_each_other_without_a_circle() {
    let graph = graph();
    let arrows: usize = graph.values().map(BTreeSet::len).sum();
    assert!(graph.len() > 100 && arrows > 300, "read {} files, {arrows} imports", graph.len());
    let found = circles(&graph);
    let text: Vec<String> = found
        .iter()
        .map(|set| {
            let members: BTreeSet<&Vec<String>> = set.iter().collect();
            let arrows: Vec<String> = set
                .iter()
                .flat_map(|f| {
                    graph[f]
                        .iter()
                        .filter(|t| members.contains(t))
                        .map(move |t| format!("  {} -> {}", f.join("::"), t.join("::")))
                })
                .collect();
            format!("{} files:\n{}", set.len(), arrows.join("\n"))
        })
        .collect();
    assert!(found.is_empty(), "import circles between the layer's files:\n{}", text.join("\n"));
}

#[test]
fn the_reader_finds_a_circle() {
    let m = |s: &str| s.split('/').filter(|s| !s.is_empty()).map(str::to_string).collect::<Vec<_>>();
    let files: BTreeMap<_, _> = ["a", "a/b", "a/c", "d"].iter().map(|s| (m(s), PathBuf::new())).collect();
    assert_eq!(imports(&m("a/b"), "use super::c::{X, y::Z};", &files), BTreeSet::from([m("a/c")]));
    assert_eq!(imports(&m("a/c"), "fn f() { crate::a::T; }", &files), BTreeSet::from([m("a")]));
    assert_eq!(imports(&m("a/b"), &code("use crate::a::c::Q; // crate::d::R"), &files), BTreeSet::from([m("a/c")]));
    // A module naming its own children is the folder's face, not an import that can close a
    // circle.
    assert_eq!(imports(&m("a"), "use b::Q; use crate::a::c::R;", &files), BTreeSet::new());
    assert_eq!(imports(&m("d"), "$crate::a::b::X", &files), BTreeSet::new());
    let graph = BTreeMap::from([
        (m("a"), BTreeSet::from([m("a/b")])),
        (m("a/b"), BTreeSet::from([m("a/c")])),
        (m("a/c"), BTreeSet::from([m("a")])),
        (m("d"), BTreeSet::from([m("a")])),
    ]);
    assert_eq!(circles(&graph), vec![vec![m("a"), m("a/b"), m("a/c")]]);
}
