//! What changed between two registries, and which reviewed codegen tables name it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::Path;

use vigil_registry::{Registry, ValidUsage};

/// Names listed per added/removed/changed list before "… and N more".
const LIST_CAP: usize = 20;

/// One kind of item (commands, structs, …) in both registries.
#[derive(Debug)]
pub struct Kind {
    pub name: &'static str,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// In both, with a different shape (a command's parameters, a struct's members, an enum's
    /// values, a VUID's text, an alias's target…).
    pub changed: Vec<String>,
}

/// Every kind, in a fixed order: commands, structs, handles, enums, bitmasks, enum values,
/// extensions, VUIDs. Aliases count as names of their kind.
pub fn diff(
    old: &Registry,
    old_vuids: &BTreeMap<String, ValidUsage>,
    new: &Registry,
    new_vuids: &BTreeMap<String, ValidUsage>,
) -> Vec<Kind> {
    let kinds: [(&'static str, Shapes); 7] = [
        ("commands", commands),
        ("structs", structs),
        ("handles", handles),
        ("enums", enums),
        ("bitmasks", bitmasks),
        ("enum values", enum_values),
        ("extensions", extensions),
    ];
    let mut out: Vec<Kind> = kinds.iter().map(|(name, shapes)| compare(name, &shapes(old), &shapes(new))).collect();
    let texts = |v: &BTreeMap<String, ValidUsage>| v.iter().map(|(id, vu)| (id.clone(), vu.text.clone())).collect();
    out.push(compare("VUIDs", &texts(old_vuids), &texts(new_vuids)));
    out
}

/// Every name of one kind in a registry, with a text that differs when its shape does.
type Shapes = fn(&Registry) -> BTreeMap<String, String>;

fn compare(name: &'static str, old: &BTreeMap<String, String>, new: &BTreeMap<String, String>) -> Kind {
    let only = |a: &BTreeMap<String, String>, b: &BTreeMap<String, String>| {
        a.keys().filter(|k| !b.contains_key(*k)).cloned().collect::<Vec<_>>()
    };
    let changed = old.iter().filter(|(k, v)| new.get(*k).is_some_and(|n| n != *v)).map(|(k, _)| k.clone()).collect();
    Kind { name, added: only(new, old), removed: only(old, new), changed }
}

/// Type aliases whose target (after following aliases) is one of `names`: `alias → "alias of T"`.
fn aliases_of(reg: &Registry, names: &BTreeSet<&str>) -> Vec<(String, String)> {
    reg.type_aliases
        .keys()
        .filter(|a| names.contains(reg.resolve_alias(a)))
        .map(|a| (a.clone(), format!("alias of {}", reg.resolve_alias(a))))
        .collect()
}

fn commands(reg: &Registry) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = reg
        .commands
        .iter()
        .map(|c| (c.name.clone(), format!("{:?} {:?} {:?}", c.ret, c.params, c.implicit_externsync)))
        .collect();
    out.extend(reg.command_aliases.iter().map(|(a, t)| (a.clone(), format!("alias of {t}"))));
    out
}

fn structs(reg: &Registry) -> BTreeMap<String, String> {
    let names = reg.structs.iter().map(|s| s.name.as_str()).collect();
    let mut out: BTreeMap<String, String> = reg
        .structs
        .iter()
        .map(|s| {
            let shape = (s.is_union, &s.members, s.returned_only, &s.extends, s.allow_duplicate, &s.s_type);
            (s.name.clone(), format!("{shape:?}"))
        })
        .collect();
    out.extend(aliases_of(reg, &names));
    out
}

fn handles(reg: &Registry) -> BTreeMap<String, String> {
    let names = reg.handles.iter().map(|h| h.name.as_str()).collect();
    let mut out: BTreeMap<String, String> = reg
        .handles
        .iter()
        .map(|h| (h.name.clone(), format!("{:?}", (h.dispatchable, &h.parents, &h.object_type))))
        .collect();
    out.extend(aliases_of(reg, &names));
    out
}

fn enums(reg: &Registry) -> BTreeMap<String, String> {
    let names = reg.enums.iter().map(|e| e.name.as_str()).collect();
    let mut out: BTreeMap<String, String> = reg
        .enums
        .iter()
        .map(|e| {
            let values: Vec<(&str, i64)> = e.values.iter().map(|v| (v.name.as_str(), v.value)).collect();
            (e.name.clone(), format!("{:?} {values:?}", e.bitmask_width))
        })
        .collect();
    out.extend(aliases_of(reg, &names));
    out
}

fn bitmasks(reg: &Registry) -> BTreeMap<String, String> {
    let names = reg.bitmasks.iter().map(|b| b.name.as_str()).collect();
    let mut out: BTreeMap<String, String> =
        reg.bitmasks.iter().map(|b| (b.name.clone(), format!("{} {:?}", b.width, b.bits))).collect();
    out.extend(aliases_of(reg, &names));
    out
}

fn enum_values(reg: &Registry) -> BTreeMap<String, String> {
    let values = reg.enums.iter().flat_map(|e| e.values.iter().map(move |v| (e, v)));
    values
        .map(|(e, v)| (v.name.clone(), format!("{} = {} {:?} {:?}", e.name, v.value, v.alias_of, v.added_by)))
        .collect()
}

fn extensions(reg: &Registry) -> BTreeMap<String, String> {
    reg.extensions
        .iter()
        .map(|e| {
            let shape = (e.number, e.kind, &e.depends, &e.platform, e.provisional, &e.promoted_to);
            let more = (&e.deprecated_by, &e.obsoleted_by, e.spec_version, &e.commands, &e.types);
            (e.name.clone(), format!("{shape:?} {more:?}"))
        })
        .collect()
}

/// Every name added, removed or changed, of every kind, but for changed enums and bitmasks:
/// what changes there is nearly always their values (listed themselves), and `VkStructureType`
/// or `VkObjectType`, which every release extends, are named all over the generators.
pub fn changed_names(kinds: &[Kind]) -> BTreeSet<String> {
    let values_only = |k: &Kind| matches!(k.name, "enums" | "bitmasks");
    kinds
        .iter()
        .flat_map(|k| k.added.iter().chain(&k.removed).chain(k.changed.iter().filter(move |_| !values_only(k))))
        .cloned()
        .collect()
}

/// The counts and (capped) names of every kind that changed.
pub fn render(kinds: &[Kind]) -> String {
    let mut out = String::new();
    for k in kinds {
        if k.added.is_empty() && k.removed.is_empty() && k.changed.is_empty() {
            let _ = writeln!(out, "{}: unchanged", k.name);
            continue;
        }
        let (a, r, c) = (k.added.len(), k.removed.len(), k.changed.len());
        let _ = writeln!(out, "{}: {a} added, {r} removed, {c} changed", k.name);
        for (what, names) in [("added", &k.added), ("removed", &k.removed), ("changed", &k.changed)] {
            if names.is_empty() {
                continue;
            }
            let shown: Vec<&str> = names.iter().take(LIST_CAP).map(String::as_str).collect();
            let more = names.len().saturating_sub(LIST_CAP);
            let more = if more > 0 { format!(", … and {more} more") } else { String::new() };
            let _ = writeln!(out, "  {what}: {}{more}", shown.join(", "));
        }
    }
    out
}

/// A top-level item of a codegen source (`const NAME`, `static NAME`, `fn name`) whose string
/// literals name changed items.
#[derive(Debug, PartialEq, Eq)]
pub struct Mention {
    /// Relative to the workspace root.
    pub file: String,
    pub item: String,
    pub names: Vec<String>,
}

/// The items of `root/codegen/src` with a string literal that is exactly one of `names`: the
/// reviewed tables (`HAND_WRITTEN`, `MAYBE_RULES`, `IMPLICIT`, destroy-like lists, …) name
/// commands, types, extensions and VUIDs that way. A plain text scan, not a Rust parser.
pub fn hand_tables(root: &Path, names: &BTreeSet<String>) -> Result<Vec<Mention>, String> {
    let mut files = Vec::new();
    let mut stack = vec![root.join("codegen/src")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        let mut item = String::from("(top of file)");
        let mut found: Vec<(String, Vec<String>)> = Vec::new();
        for line in text.lines() {
            if let Some(name) = item_name(line) {
                item = name;
            }
            for literal in literals(line) {
                if !names.contains(literal) {
                    continue;
                }
                if found.last().is_none_or(|(i, _)| *i != item) {
                    found.push((item.clone(), Vec::new()));
                }
                let list = &mut found.last_mut().unwrap().1;
                if !list.iter().any(|n| n == literal) {
                    list.push(literal.to_string());
                }
            }
        }
        out.extend(found.into_iter().map(|(item, names)| Mention { file: file.clone(), item, names }));
    }
    Ok(out)
}

/// `NAME` of `pub const NAME: …`, `static NAME`, `fn name(…)` starting this line.
fn item_name(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    for vis in ["pub(crate) ", "pub(super) ", "pub "] {
        rest = rest.strip_prefix(vis).unwrap_or(rest);
    }
    let (kind, rest) = ["const ", "static ", "fn "].iter().find_map(|k| Some((k.trim(), rest.strip_prefix(k)?)))?;
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then(|| if kind == "fn" { format!("fn {name}") } else { name })
}

/// The `"…"` literals of a line whose text could be a Vulkan name or id.
fn literals(line: &str) -> impl Iterator<Item = &str> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    use vigil_registry::{CType, ValidUsage};

    /// Pinned against pinned with known edits: every count is exact.
    #[test]
    fn diff_counts() {
        let old = vigil_registry::load_pinned().unwrap();
        let mut new = vigil_registry::load_pinned().unwrap();
        let old_vuids = vigil_registry::load_pinned_vuids().unwrap();
        let mut new_vuids = old_vuids.clone();

        // Commands: one removed, one changed, one alias retargeted, one alias added.
        new.commands.retain(|c| c.name != "vkCmdDraw");
        let submit = new.commands.iter_mut().find(|c| c.name == "vkQueueSubmit").unwrap();
        submit.params[1].name = "submitCountRenamed".into();
        *new.command_aliases.get_mut("vkCmdDrawIndirectCountKHR").unwrap() = "vkCmdDrawIndexedIndirectCount".into();
        new.command_aliases.insert("vkQueueSubmitVIGIL".into(), "vkQueueSubmit".into());
        // Structs: one added; its name is new, so only an addition.
        let mut extra = new.structs.iter().find(|s| s.name == "VkBufferCreateInfo").unwrap().clone();
        extra.name = "VkVigilTestInfo".into();
        new.structs.push(extra);
        // A member type changes.
        let image = new.structs.iter_mut().find(|s| s.name == "VkImageCreateInfo").unwrap();
        image.members[3].ty = CType::Named("uint64_t".into());
        // Handles: one removed, aliases of it go with it.
        let buffer_aliases = old.type_aliases.values().filter(|t| *t == "VkBuffer").count();
        assert_eq!(buffer_aliases, 0);
        new.handles.retain(|h| h.name != "VkBuffer");
        // Enums: a value added to one enum: the enum changes, the value is added.
        let format = new.enums.iter_mut().find(|e| e.name == "VkFormat").unwrap();
        let mut value = format.values[1].clone();
        value.name = "VK_FORMAT_VIGIL_TEST".into();
        value.value = 999_999;
        format.values.push(value);
        // Extensions: one bumped.
        new.extensions.iter_mut().find(|e| e.name == "VK_KHR_swapchain").unwrap().spec_version += 1;
        // VUIDs: one removed, one added, one reworded.
        new_vuids.remove("VUID-VkBufferCreateInfo-size-00912");
        new_vuids.insert("VUID-vkVigil-test-00001".into(), ValidUsage { text: "t".into(), page: "p".into() });
        new_vuids.get_mut("VUID-vkAllocateMemory-pAllocateInfo-01714").unwrap().text.push_str(" (reworded)");

        let kinds = diff(&old, &old_vuids, &new, &new_vuids);
        let counts: Vec<(&str, usize, usize, usize)> =
            kinds.iter().map(|k| (k.name, k.added.len(), k.removed.len(), k.changed.len())).collect();
        assert_eq!(
            counts,
            [
                ("commands", 1, 1, 2),
                ("structs", 1, 0, 1),
                ("handles", 0, 1, 0),
                ("enums", 0, 0, 1),
                ("bitmasks", 0, 0, 0),
                ("enum values", 1, 0, 0),
                ("extensions", 0, 0, 1),
                ("VUIDs", 1, 1, 1),
            ]
        );
        let commands = &kinds[0];
        assert_eq!(commands.added, ["vkQueueSubmitVIGIL"]);
        assert_eq!(commands.removed, ["vkCmdDraw"]);
        assert_eq!(commands.changed, ["vkCmdDrawIndirectCountKHR", "vkQueueSubmit"]);
        assert_eq!(kinds[1].changed, ["VkImageCreateInfo"]);
        assert_eq!(kinds[3].changed, ["VkFormat"]);
        assert_eq!(kinds[7].removed, ["VUID-VkBufferCreateInfo-size-00912"]);

        let names = changed_names(&kinds);
        assert!(names.contains("vkQueueSubmit") && names.contains("VK_FORMAT_VIGIL_TEST"));
        assert!(!names.contains("VkFormat"));
        // Commands 4, structs 2, handles 1, enum values 1, extensions 1, VUIDs 3; not VkFormat.
        assert_eq!(names.len(), 12);

        let text = render(&kinds);
        assert!(text.contains("commands: 1 added, 1 removed, 2 changed\n  added: vkQueueSubmitVIGIL\n"), "{text}");
        assert!(text.contains("bitmasks: unchanged\n"), "{text}");
        // Same registry: nothing changes.
        assert!(diff(&old, &old_vuids, &old, &old_vuids)
            .iter()
            .all(|k| k.added.len() + k.removed.len() + k.changed.len() == 0));
    }

    /// Long lists are cut at `LIST_CAP` names with the rest counted.
    #[test]
    fn render_caps_lists() {
        let added: Vec<String> = (0..LIST_CAP + 3).map(|i| format!("vkX{i}")).collect();
        let kinds = [Kind { name: "commands", added, removed: Vec::new(), changed: Vec::new() }];
        let text = render(&kinds);
        assert!(text.starts_with(&format!("commands: {} added, 0 removed, 0 changed\n", LIST_CAP + 3)), "{text}");
        assert!(text.contains(&format!("vkX{}, … and 3 more\n", LIST_CAP - 1)), "{text}");
        assert!(!text.contains(&format!("vkX{},", LIST_CAP)), "{text}");
    }

    /// Items whose literals name a changed item, grouped per item, each name once.
    #[test]
    fn hand_tables_name_items() {
        let tmp = super::super::source::TempDir::new("hand-tables-test").unwrap();
        let src = tmp.path().join("codegen/src/stateless");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(
            tmp.path().join("codegen/src/objects.rs"),
            "/// Reviewed.\nconst NOT_DESTROYS: &[&str] = &[\n    \"vkReleaseDisplayEXT\",\n    \"vkKept\",\n];\n\
             pub(crate) static OTHER: &str = \"vkReleaseDisplayEXT is named in prose\";\n\
             fn destroys(c: &str) -> bool {\n    matches!(c, \"vkResetDescriptorPool\" | \"vkReleaseDisplayEXT\")\n}\n",
        )
        .unwrap();
        std::fs::write(
            src.join("plan.rs"),
            "pub const ALSO_ADDED_BY: &[(&str, &str)] = &[(\"VK_A_BIT\", \"VK_KHR_gone\"), (\"VK_B_BIT\", \"VK_KHR_gone\")];\n",
        )
        .unwrap();
        let names: BTreeSet<String> =
            ["vkReleaseDisplayEXT", "vkResetDescriptorPool", "VK_KHR_gone", "VkUnused"].map(String::from).into();
        let found = hand_tables(tmp.path(), &names).unwrap();
        let mention = |file: &str, item: &str, names: &[&str]| Mention {
            file: file.into(),
            item: item.into(),
            names: names.iter().map(|n| n.to_string()).collect(),
        };
        assert_eq!(
            found,
            [
                mention("codegen/src/objects.rs", "NOT_DESTROYS", &["vkReleaseDisplayEXT"]),
                mention("codegen/src/objects.rs", "fn destroys", &["vkResetDescriptorPool", "vkReleaseDisplayEXT"]),
                mention("codegen/src/stateless/plan.rs", "ALSO_ADDED_BY", &["VK_KHR_gone"]),
            ]
        );
    }
}
