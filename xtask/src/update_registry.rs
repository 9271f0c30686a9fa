//! `cargo xtask update-registry SOURCE [--force]`: bring in a new registry version and say what
//! changed.
//!
//! SOURCE is `--suite NAME` (that Debian suite's libvulkan-dev, fetched by apt working in a
//! private temp directory and unpacked with `dpkg -x`; nothing is installed), `--deb FILE.deb`,
//! or `--dir DIR` (vk.xml, video.xml, validusage.json and include/{vulkan,vk_video}: a registry
//! directory like ours, a Vulkan-Headers checkout, an unpacked package).
//!
//! Nothing is written until the new registry loads (`vigil_registry::load` refuses versions below
//! its `MIN_VERSION`), its validusage.json has every VUID the layer's sources name, and the
//! generators accept it. Then registry/ (XML, validusage.json, headers, VERSION) and generated/
//! are rewritten. What changed between the old and new model is printed either way, with the
//! codegen items whose string literals name changed items (the reviewed tables among them).
//! `--force` writes registry/ despite missing ids or a failing generator; generated/ is then left
//! as it was and the command still fails, naming what needs attention.

mod diff;
pub mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

pub(crate) use source::TempDir;
use source::{Found, Source};
use vigil_registry::{Registry, ValidUsage};

const USAGE: &str = "usage: cargo xtask update-registry (--suite NAME | --deb FILE.deb | --dir DIR) [--force]";

/// Runs the task.
pub fn run(args: &[String]) -> Result<(), String> {
    let (source, force) = parse_args(args)?;
    let tmp = TempDir::new("update-registry")?;
    let found = source::fetch(&source, tmp.path())?;
    update(&super::root(), &found, force)
}

fn parse_args(args: &[String]) -> Result<(Source, bool), String> {
    let mut source = None;
    let mut force = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().cloned().ok_or_else(|| format!("{arg} needs a value\n{USAGE}"));
        let next = match arg.as_str() {
            "--force" => {
                force = true;
                continue;
            }
            "--suite" => Source::Suite(value()?),
            "--deb" => Source::Deb(value()?.into()),
            "--dir" => Source::Dir(value()?.into()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        };
        if source.replace(next).is_some() {
            return Err(format!("one SOURCE only\n{USAGE}"));
        }
    }
    Ok((source.ok_or(USAGE)?, force))
}

/// Brings the registry in `found` into the workspace at `root` (see the module documentation).
fn update(root: &Path, found: &Found, force: bool) -> Result<(), String> {
    let new = vigil_registry::load(&found.vk_xml).map_err(|e| format!("{}: {e}", found.name))?;
    let new_vuids = vigil_registry::load_vuids(&found.validusage).map_err(|e| format!("{}: {e}", found.name))?;
    let reg_dir = root.join("registry");
    let old = vigil_registry::load(&reg_dir.join("vk.xml"))
        .and_then(|r| Ok((r, vigil_registry::load_vuids(&reg_dir.join("validusage.json"))?)));
    let (major, minor, patch) = new.version;
    let version = format!("{major}.{minor}.{patch}");
    match &old {
        Ok((old, old_vuids)) => {
            let (a, b, c) = old.version;
            println!("registry {a}.{b}.{c} -> {version} ({})", found.name);
            print!("{}", report(root, old, old_vuids, &new, &new_vuids)?);
        }
        Err(e) => println!("registry -> {version} ({}); the current registry does not load ({e})", found.name),
    }

    let mut problems = Vec::new();
    let used = super::message_ids(&root.join("layer/src"))?;
    let (known, missing): (Vec<&String>, Vec<&String>) =
        used.iter().partition(|id| !id.starts_with("VUID-") || new_vuids.contains_key(*id));
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|id| format!("  {id}")).collect();
        problems.push(format!(
            "the layer names {} VUID(s) that the new validusage.json does not have:\n{}",
            missing.len(),
            list.join("\n")
        ));
    }
    // Generated without the missing ids, so that whatever else the generators reject shows too.
    let known: BTreeSet<String> = known.into_iter().cloned().collect();
    let catalogue = vigil_codegen::Catalogue { vuids: &new_vuids, used: &known };
    if let Err(e) = vigil_codegen::generate(&new, &catalogue) {
        problems.push(format!("generation fails on the new registry: {e}"));
    }
    if !problems.is_empty() && !force {
        return Err(format!(
            "{}\nnothing written: registry/ and generated/ are as they were (--force writes registry/ anyway)",
            problems.join("\n")
        ));
    }
    write_registry(&reg_dir, found, &version)?;
    if !problems.is_empty() {
        return Err(format!(
            "{}\nregistry/ now holds {version} (VERSION updated) but generated/ was left as it was: fix the above, \
             then run `cargo xtask regen`",
            problems.join("\n")
        ));
    }
    super::regen_at(root, false)?;
    println!("registry/ now holds {version}; generated/ regenerated");
    if new.version != vigil_registry::PINNED_VERSION {
        // The reviewed codegen tables are held strictly from PINNED_VERSION on.
        println!("set vigil_registry::PINNED_VERSION (registry/src/lib.rs) to {version}");
    }
    Ok(())
}

/// The model differences and the codegen items naming what changed.
fn report(
    root: &Path,
    old: &Registry,
    old_vuids: &BTreeMap<String, ValidUsage>,
    new: &Registry,
    new_vuids: &BTreeMap<String, ValidUsage>,
) -> Result<String, String> {
    let kinds = diff::diff(old, old_vuids, new, new_vuids);
    let mut out = diff::render(&kinds);
    let mentions = diff::hand_tables(root, &diff::changed_names(&kinds))?;
    if mentions.is_empty() {
        out.push_str("codegen: no string literal names a changed item\n");
    } else {
        out.push_str("codegen items naming changed items (reviewed tables among them; look at each):\n");
        for m in mentions {
            out.push_str(&format!("  {} {}: {}\n", m.file, m.item, m.names.join(", ")));
        }
    }
    Ok(out)
}

/// Copies the registry files and headers into `reg_dir` (dropping headers the new version does
/// not have) and writes VERSION.
fn write_registry(reg_dir: &Path, found: &Found, version: &str) -> Result<(), String> {
    let copy =
        |from: &Path, to: &Path| std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("{}: {e}", to.display()));
    let video = found.vk_xml.with_file_name("video.xml");
    copy(&found.vk_xml, &reg_dir.join("vk.xml"))?;
    copy(&video, &reg_dir.join("video.xml"))?;
    copy(&found.validusage, &reg_dir.join("validusage.json"))?;
    let mut files = vec!["validusage.json".to_string(), "video.xml".into(), "vk.xml".into()];
    for sub in ["vulkan", "vk_video"] {
        let (from, to) = (found.include.join(sub), reg_dir.join("include").join(sub));
        let new = headers(&from)?;
        std::fs::create_dir_all(&to).map_err(|e| format!("{}: {e}", to.display()))?;
        for gone in headers(&to)?.iter().filter(|h| !new.contains(h)) {
            std::fs::remove_file(to.join(gone)).map_err(|e| format!("{}: {e}", to.join(gone).display()))?;
        }
        for h in &new {
            copy(&from.join(h), &to.join(h))?;
            files.push(format!("include/{sub}/{h}"));
        }
    }
    files.sort();
    let out = Command::new("sha256sum").arg("--").args(&files).current_dir(reg_dir).output();
    let sums = match out {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        Ok(out) => return Err(format!("sha256sum: {}", String::from_utf8_lossy(&out.stderr).trim())),
        Err(e) => return Err(format!("sha256sum: {e}")),
    };
    let text = format!(
        "# Vulkan registry pinned for Vigil: {}.\nversion {version}\n{}\n{sums}",
        found.description, found.origin
    );
    std::fs::write(reg_dir.join("VERSION"), text).map_err(|e| format!("{}: {e}", reg_dir.join("VERSION").display()))
}

/// The `.h` files directly in `dir`, sorted (C++ and module headers are not part of the registry).
fn headers(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".h"))
        .collect();
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn args() {
        let a = |s: &[&str]| parse_args(&s.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        assert_eq!(a(&["--suite", "trixie"]).unwrap(), (Source::Suite("trixie".into()), false));
        assert_eq!(a(&["--force", "--deb", "x.deb"]).unwrap(), (Source::Deb("x.deb".into()), true));
        assert_eq!(a(&["--dir", "d", "--force"]).unwrap(), (Source::Dir("d".into()), true));
        assert!(a(&[]).unwrap_err().starts_with("usage"));
        assert!(a(&["--dir"]).unwrap_err().starts_with("--dir needs a value"));
        assert!(a(&["--dir", "a", "--suite", "b"]).unwrap_err().starts_with("one SOURCE only"));
        assert!(a(&["--bogus"]).unwrap_err().starts_with("unknown argument --bogus"));
    }

    /// A scratch workspace: the pinned registry (files, headers, VERSION), the layer's sources
    /// and the SPIR-V validator's id list (the ids it names) and codegen's (the hand-table scan).
    fn workspace() -> TempDir {
        let tmp = TempDir::new("update-registry-test").unwrap();
        let root = crate::root();
        for dir in ["registry/include", "layer/src", "codegen/src"] {
            copy_tree(&root.join(dir), &tmp.path().join(dir));
        }
        for f in ["vk.xml", "video.xml", "validusage.json", "VERSION"] {
            std::fs::copy(root.join("registry").join(f), tmp.path().join("registry").join(f)).unwrap();
        }
        std::fs::create_dir_all(tmp.path().join("layer/spirv-tools")).unwrap();
        std::fs::copy(root.join("layer/spirv-tools/ids.txt"), tmp.path().join("layer/spirv-tools/ids.txt")).unwrap();
        tmp
    }

    fn copy_tree(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap().flatten() {
            if e.path().is_dir() {
                copy_tree(&e.path(), &to.join(e.file_name()));
            } else {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }

    /// The whole command on a scratch workspace with the pinned registry as `--dir`: VERSION
    /// comes out as committed (but for where it came from), a stray header goes, and the
    /// generated files are the committed ones.
    #[test]
    fn update_from_dir() {
        let ws = workspace();
        let stray = ws.path().join("registry/include/vulkan/vulkan_gone.h");
        std::fs::write(&stray, "").unwrap();
        let pinned = crate::root().join("registry");
        let found = source::fetch(&Source::Dir(pinned.clone()), ws.path()).unwrap();
        update(ws.path(), &found, false).unwrap();

        let version = std::fs::read_to_string(ws.path().join("registry/VERSION")).unwrap();
        let committed = std::fs::read_to_string(pinned.join("VERSION")).unwrap();
        let dir = pinned.canonicalize().unwrap();
        let head =
            format!("# Vulkan registry pinned for Vigil: copied from {0}.\nversion 1.4.363\ndir {0}\n", dir.display());
        assert!(version.starts_with(&head), "{version}");
        let sums = |text: &str| text.lines().skip(3).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(sums(&version), sums(&committed));
        assert!(!stray.exists());
        // Whatever the generators write is byte for byte what is committed.
        let mut written = Vec::new();
        list_files(ws.path(), &ws.path().join("generated"), &mut written);
        list_files(ws.path(), &ws.path().join("docs"), &mut written);
        assert!(written.iter().any(|f| f.starts_with("generated/src/")), "{written:?}");
        for f in &written {
            let (ours, theirs) = (std::fs::read(ws.path().join(f)).unwrap(), std::fs::read(crate::root().join(f)));
            assert!(theirs.is_ok_and(|t| t == ours), "{f} differs from the committed one");
        }
    }

    /// Every file under `dir`, relative to `root`.
    fn list_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            if e.path().is_dir() {
                list_files(root, &e.path(), out);
            } else {
                out.push(e.path().strip_prefix(root).unwrap().display().to_string());
            }
        }
    }

    /// A validusage.json without an id the layer names is refused before anything is written;
    /// with `--force` registry/ is written, generated/ is not, and the command still fails.
    #[test]
    fn missing_ids_refused() {
        let ws = workspace();
        let used = crate::message_ids(&crate::root().join("layer/src")).unwrap();
        let id = used.iter().find(|id| id.starts_with("VUID-")).unwrap();
        let source = ws.path().join("source");
        std::fs::create_dir_all(&source).unwrap();
        let pinned = crate::root().join("registry");
        for f in ["vk.xml", "video.xml"] {
            std::fs::copy(pinned.join(f), source.join(f)).unwrap();
        }
        let json = std::fs::read_to_string(pinned.join("validusage.json")).unwrap();
        assert!(json.contains(&format!("\"{id}\"")));
        std::fs::write(source.join("validusage.json"), json.replace(&format!("\"{id}\""), "\"VUID-vigil-gone\""))
            .unwrap();
        let found = Found {
            vk_xml: source.join("vk.xml"),
            validusage: source.join("validusage.json"),
            include: pinned.join("include"),
            name: "a test".into(),
            description: "a test".into(),
            origin: "dir test".into(),
        };
        let before = std::fs::read(ws.path().join("registry/VERSION")).unwrap();
        let e = update(ws.path(), &found, false).unwrap_err();
        assert!(e.contains(&format!("the layer names 1 VUID(s) that the new validusage.json does not have:\n  {id}\n")));
        assert!(
            e.ends_with("nothing written: registry/ and generated/ are as they were (--force writes registry/ anyway)")
        );
        assert_eq!(std::fs::read(ws.path().join("registry/VERSION")).unwrap(), before);

        let e = update(ws.path(), &found, true).unwrap_err();
        assert!(e.contains(&format!("  {id}\n")) && e.contains("generated/ was left as it was"), "{e}");
        let version = std::fs::read_to_string(ws.path().join("registry/VERSION")).unwrap();
        assert!(version.starts_with("# Vulkan registry pinned for Vigil: a test.\nversion 1.4.363\ndir test\n"));
        assert_ne!(version.as_bytes(), before);
        assert!(!ws.path().join("generated").exists());
    }

    /// 1.4.341 (the test copies in tests/registries) loads and generates, but the layer names
    /// VUIDs of the pinned version that its validusage.json lacks: refused, and only for that.
    #[test]
    fn older_registry_refused() {
        let ws = workspace();
        let source = ws.path().join("source");
        std::fs::create_dir_all(&source).unwrap();
        let vk_xml = crate::older_registry::unpack(&source);
        let vuids = vigil_registry::load_vuids(&source.join("validusage.json")).unwrap();
        let used = crate::message_ids(&crate::root().join("layer/src")).unwrap();
        let missing: Vec<&String> =
            used.iter().filter(|id| id.starts_with("VUID-") && !vuids.contains_key(*id)).collect();
        // Once the layer names only ids 1.4.341 has, update-registry accepts it: this test then
        // becomes one that it does.
        assert!(!missing.is_empty(), "the layer names only VUIDs that 1.4.341 has");
        let found = Found {
            vk_xml,
            validusage: source.join("validusage.json"),
            include: crate::root().join("registry/include"),
            name: "1.4.341 test copy".into(),
            description: "1.4.341 test copy".into(),
            origin: "dir test".into(),
        };
        let before = std::fs::read(ws.path().join("registry/VERSION")).unwrap();
        let e = update(ws.path(), &found, false).unwrap_err();
        let list: Vec<String> = missing.iter().map(|id| format!("  {id}")).collect();
        let expected = format!(
            "the layer names {} VUID(s) that the new validusage.json does not have:\n{}\nnothing written: ",
            missing.len(),
            list.join("\n")
        );
        assert!(e.starts_with(&expected), "{e}");
        assert!(!e.contains("generation fails"), "{e}");
        assert_eq!(std::fs::read(ws.path().join("registry/VERSION")).unwrap(), before);
        assert!(!ws.path().join("generated").exists());
    }
}
