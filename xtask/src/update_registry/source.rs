//! Where a new registry comes from: a Debian suite's libvulkan-dev (apt in a private directory),
//! a .deb, or a directory; each ends as the paths of the files `update-registry` copies.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The package holding vk.xml, video.xml, validusage.json and the C headers.
const PACKAGE: &str = "libvulkan-dev";

/// Where the new registry comes from (`--suite`, `--deb`, `--dir`).
#[derive(Debug, PartialEq, Eq)]
pub enum Source {
    Suite(String),
    Deb(PathBuf),
    Dir(PathBuf),
}

/// The new registry's files, found.
#[derive(Debug)]
pub struct Found {
    /// vk.xml, with video.xml beside it.
    pub vk_xml: PathBuf,
    pub validusage: PathBuf,
    /// Holds `vulkan/` and `vk_video/`.
    pub include: PathBuf,
    /// What it is, for messages (`Debian forky libvulkan-dev 1.4.363.0-1`, a directory).
    pub name: String,
    /// What VERSION's comment says it is (`Debian forky libvulkan-dev 1.4.363.0-1 (…)`).
    pub description: String,
    /// VERSION's source line (`package libvulkan-dev_1.4.363.0-1_amd64.deb`, `dir /path`).
    pub origin: String,
}

/// A directory under the system's temp directory, removed with everything in it when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new, empty directory whose name starts with `vigil-{tag}`.
    pub fn new(tag: &str) -> Result<TempDir, String> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        for attempt in 0..100 {
            let path = std::env::temp_dir().join(format!("vigil-{tag}-{}-{nanos}-{attempt}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", path.display())),
            }
        }
        Err(format!("no free temp directory name for {tag}"))
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Fetches or unpacks `source` under `tmp` as needed and finds its files.
pub fn fetch(source: &Source, tmp: &Path) -> Result<Found, String> {
    match source {
        Source::Suite(suite) => {
            let deb = apt_download(suite, tmp)?;
            let mut found = unpack(&deb, tmp)?;
            found.name = format!("Debian {suite} {}", found.name);
            found.description = format!("Debian {suite} {}", found.description);
            Ok(found)
        }
        Source::Deb(deb) => unpack(deb, tmp),
        Source::Dir(dir) => {
            let dir = dir.canonicalize().map_err(|e| format!("{}: {e}", dir.display()))?;
            let (vk_xml, validusage, include) = locate(&dir)?;
            let (name, origin) = (dir.display().to_string(), format!("dir {}", dir.display()));
            Ok(Found { vk_xml, validusage, include, description: format!("copied from {name}"), name, origin })
        }
    }
}

/// Finds vk.xml (with video.xml), validusage.json and the headers in `dir`: a registry directory
/// like this repository's, a Vulkan-Headers checkout (`registry/`, `include/`), a built
/// Vulkan-Docs tree (`xml/`, `gen/`), or an unpacked libvulkan-dev (`usr/share/vulkan/registry`).
pub fn locate(dir: &Path) -> Result<(PathBuf, PathBuf, PathBuf), String> {
    let xml_dirs = ["", "registry", "xml", "usr/share/vulkan/registry", "share/vulkan/registry"].map(|d| dir.join(d));
    let xml =
        xml_dirs.iter().find(|d| d.join("vk.xml").is_file() && d.join("video.xml").is_file()).ok_or_else(|| {
            format!("no vk.xml with video.xml beside it under {} (looked in {})", dir.display(), list(&xml_dirs))
        })?;
    let mut vu_dirs = vec![xml.clone()];
    vu_dirs.extend(["", "registry", "gen/out/validation", "out/validation"].map(|d| dir.join(d)));
    let validusage = vu_dirs
        .iter()
        .map(|d| d.join("validusage.json"))
        .find(|f| f.is_file())
        .ok_or_else(|| format!("no validusage.json under {} (looked in {})", dir.display(), list(&vu_dirs)))?;
    let mut include_dirs = vec![dir.join("include"), xml.join("../include"), dir.join("usr/include")];
    include_dirs.extend([dir.join("gen/include"), xml.join("include")]);
    let include = include_dirs
        .iter()
        .find(|d| d.join("vulkan/vulkan_core.h").is_file() && d.join("vk_video").is_dir())
        .ok_or_else(|| {
            format!(
                "no include/vulkan/vulkan_core.h with include/vk_video beside it under {} (looked in {}): the \
                 layout test compiles generated/src/layout.c against registry/include, so the headers must come \
                 with the registry",
                dir.display(),
                list(&include_dirs)
            )
        })?;
    Ok((xml.join("vk.xml"), validusage, include.clone()))
}

fn list(dirs: &[PathBuf]) -> String {
    dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// Unpacks a libvulkan-dev .deb with `dpkg -x` (nothing is installed) and finds its files.
fn unpack(deb: &Path, tmp: &Path) -> Result<Found, String> {
    let field = |name: &str| -> Result<String, String> {
        let out = run(Command::new("dpkg-deb").arg("--field").arg(deb).arg(name))?;
        Ok(out.trim().to_string())
    };
    let (package, version) = (field("Package")?, field("Version")?);
    let dest = tmp.join("unpacked");
    run(Command::new("dpkg").arg("-x").arg(deb).arg(&dest))?;
    let (vk_xml, validusage, include) = locate(&dest).map_err(|e| format!("{}: {e}", deb.display()))?;
    let file = deb.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(Found {
        vk_xml,
        validusage,
        include,
        name: format!("{package} {version}"),
        description: format!("{package} {version} (dpkg -x, never installed)"),
        origin: format!("package {file}"),
    })
}

/// Downloads `libvulkan-dev` of `suite` with apt keeping everything in `tmp`: its own sources
/// list (the system's Debian mirror), lists, cache and status, so the system's package state is
/// neither read nor touched.
fn apt_download(suite: &str, tmp: &Path) -> Result<PathBuf, String> {
    let mut debs = apt_download_packages(suite, &[PACKAGE], tmp)?;
    match debs.len() {
        1 => Ok(debs.remove(0)),
        n => Err(format!("apt-get download {PACKAGE} left {n} .deb files")),
    }
}

/// Downloads `packages` of `suite` as [`apt_download`] does; their .deb files, in `tmp/deb`.
pub fn apt_download_packages(suite: &str, packages: &[&str], tmp: &Path) -> Result<Vec<PathBuf>, String> {
    let apt = tmp.join("apt");
    let empty = apt.join("empty");
    for d in [apt.join("state/lists/partial"), apt.join("cache/archives/partial"), empty.clone(), tmp.join("deb")] {
        std::fs::create_dir_all(&d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let (uri, keyring) = debian_mirror(&system_sources());
    let options = keyring.map(|k| format!("[signed-by={k}] ")).unwrap_or_default();
    let write =
        |path: PathBuf, text: String| std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()));
    write(apt.join("sources.list"), format!("deb {options}{uri} {suite} main\n"))?;
    write(apt.join("status"), String::new())?;
    // Read after the system's configuration (mirror settings such as Check-Valid-Until stay):
    // every directory apt writes or reads package state from is ours, and the update hooks of
    // the system (cache cleaners, notifiers) do not run for this private update.
    let mut conf = String::new();
    let p = |p: PathBuf| p.display().to_string();
    for (key, value) in [
        ("Dir::Etc::sourcelist", p(apt.join("sources.list"))),
        ("Dir::Etc::sourceparts", p(empty.clone())),
        ("Dir::Etc::preferences", p(empty.join("none"))),
        ("Dir::Etc::preferencesparts", p(empty.clone())),
        ("Dir::State", p(apt.join("state"))),
        ("Dir::State::status", p(apt.join("status"))),
        ("Dir::Cache", p(apt.join("cache"))),
        ("Acquire::Languages", "none".into()),
    ] {
        conf.push_str(&format!("{key} \"{value}\";\n"));
    }
    conf.push_str("#clear APT::Update::Pre-Invoke;\n#clear APT::Update::Post-Invoke;\n");
    conf.push_str("#clear APT::Update::Post-Invoke-Success;\n");
    if running_as_root() {
        // apt's download user cannot write into a directory only root may write to.
        conf.push_str("APT::Sandbox::User \"root\";\n");
    }
    write(apt.join("apt.conf"), conf)?;
    let apt_get = || {
        let mut c = Command::new("apt-get");
        c.arg("-q").arg("-c").arg(apt.join("apt.conf"));
        c
    };
    let names = packages.join(" ");
    println!("xtask: fetching {names} from {uri} {suite}");
    run(apt_get().arg("update")).map_err(|e| format!("apt-get update for {suite}: {e}"))?;
    run(apt_get().arg("download").args(packages).current_dir(tmp.join("deb")))
        .map_err(|e| format!("apt-get download {names} from {suite}: {e}"))?;
    let entries = std::fs::read_dir(tmp.join("deb")).map_err(|e| e.to_string())?;
    let mut debs: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "deb")).collect();
    debs.sort();
    Ok(debs)
}

fn running_as_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix("Uid:")).and_then(|l| l.split_whitespace().nth(1)) == Some("0")
}

/// The system's apt source files: `(file name, text)`.
fn system_sources() -> Vec<(String, String)> {
    let mut files = vec![PathBuf::from("/etc/apt/sources.list")];
    if let Ok(entries) = std::fs::read_dir("/etc/apt/sources.list.d") {
        let mut parts: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        parts.sort();
        files.extend(parts);
    }
    files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|x| x == "list" || x == "sources"))
        .filter_map(|f| Some((f.display().to_string(), std::fs::read_to_string(&f).ok()?)))
        .collect()
}

/// One `deb` source of either format.
#[derive(Debug, Default)]
struct Entry {
    uris: Vec<String>,
    suites: Vec<String>,
    components: Vec<String>,
    signed_by: Option<String>,
}

/// The mirror the system takes Debian's main archive from, and the keyring it checks it with:
/// the first `deb` source with `main` that is not the security archive. Falls back to
/// deb.debian.org.
fn debian_mirror(files: &[(String, String)]) -> (String, Option<String>) {
    let mut entries = Vec::new();
    for (name, text) in files {
        if name.ends_with(".sources") {
            entries.extend(deb822_entries(text));
        } else {
            entries.extend(text.lines().filter_map(one_line_entry));
        }
    }
    let security = |e: &Entry| e.suites.iter().any(|s| s.contains("security"));
    entries
        .into_iter()
        .filter(|e| e.components.iter().any(|c| c == "main") && !security(e))
        .find_map(|e| {
            let uri = e.uris.into_iter().find(|u| !u.contains("security"))?;
            Some((uri.trim_end_matches('/').to_string(), e.signed_by))
        })
        .unwrap_or_else(|| {
            let keyring = "/usr/share/keyrings/debian-archive-keyring.gpg";
            ("http://deb.debian.org/debian".into(), Path::new(keyring).exists().then(|| keyring.into()))
        })
}

/// `deb [signed-by=K arch=amd64] URI SUITE COMPONENT…`.
fn one_line_entry(line: &str) -> Option<Entry> {
    let line = line.split('#').next()?.trim();
    let rest = line.strip_prefix("deb ")?.trim_start();
    let mut entry = Entry::default();
    let rest = match rest.strip_prefix('[') {
        Some(options) => {
            let (options, rest) = options.split_once(']')?;
            entry.signed_by = options.split_whitespace().find_map(|o| o.strip_prefix("signed-by=")).map(str::to_string);
            rest
        }
        None => rest,
    };
    let mut words = rest.split_whitespace().map(str::to_string);
    entry.uris.push(words.next()?);
    entry.suites.push(words.next()?);
    entry.components = words.collect();
    Some(entry)
}

/// The enabled `Types: deb` paragraphs of a deb822 `.sources` file.
fn deb822_entries(text: &str) -> Vec<Entry> {
    let mut paragraphs = vec![Vec::new()];
    for line in text.lines() {
        if line.trim().is_empty() {
            paragraphs.push(Vec::new());
        } else if !line.starts_with('#') {
            paragraphs.last_mut().unwrap().push(line);
        }
    }
    let mut out = Vec::new();
    for paragraph in paragraphs {
        let mut fields: Vec<(String, String)> = Vec::new();
        for line in paragraph {
            if line.starts_with([' ', '\t']) {
                // A continuation (an inline key): kept only as "present".
                if let Some(last) = fields.last_mut() {
                    last.1.push('\n');
                }
            } else if let Some((k, v)) = line.split_once(':') {
                fields.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let get = |k: &str| fields.iter().find(|f| f.0 == k).map(|f| f.1.as_str());
        let words = |k: &str| get(k).map(|v| v.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        let types: Vec<String> = words("types");
        if !types.iter().any(|t| t == "deb") || get("enabled") == Some("no") {
            continue;
        }
        // An inline key cannot go on a one-line source; apt's trusted keys then decide.
        let signed_by = get("signed-by").filter(|k| !k.contains('\n') && k.starts_with('/')).map(str::to_string);
        out.push(Entry { uris: words("uris"), suites: words("suites"), components: words("components"), signed_by });
    }
    out
}

/// Runs `cmd`; its stdout, or an error with its stderr.
pub fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{:?}: {e}", cmd.get_program()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{:?} failed ({}): {}", cmd.get_program(), out.status, stderr.trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mirror comes from the first non-security `main` source, in either format.
    #[test]
    fn mirror_from_system_sources() {
        let deb822 = "Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\n\
                      Components: main\n\n\
                      Types: deb-src\nURIs: http://src.example/debian\nSuites: bookworm\nComponents: main\n\n\
                      Types: deb\nEnabled: no\nURIs: http://off.example/debian\nSuites: bookworm\nComponents: main\n\n\
                      # a comment\nTypes: deb\nURIs: http://mirror.example/debian/\nSuites: bookworm bookworm-updates\n\
                      Components: main contrib\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n";
        let list = "# deb http://commented.example/debian bookworm main\n\
                    deb [arch=amd64 signed-by=/k.gpg] http://list.example/debian bookworm main\n";
        let files = |v: &[(&str, &str)]| v.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect::<Vec<_>>();
        let keyring = Some("/usr/share/keyrings/debian-archive-keyring.gpg".to_string());
        assert_eq!(
            debian_mirror(&files(&[("d.sources", deb822), ("e.list", list)])),
            ("http://mirror.example/debian".to_string(), keyring)
        );
        assert_eq!(
            debian_mirror(&files(&[("e.list", list), ("d.sources", deb822)])),
            ("http://list.example/debian".to_string(), Some("/k.gpg".to_string()))
        );
        let only_other = "deb https://packages.example/apt cloud-sdk main-ish\n";
        assert_eq!(debian_mirror(&files(&[("x.list", only_other)])).0, "http://deb.debian.org/debian");
    }

    /// The pinned registry directory and a Vulkan-Headers-like tree are both found.
    #[test]
    fn locate_layouts() {
        let pinned = crate::root().join("registry");
        let (vk, vu, include) = locate(&pinned).unwrap();
        assert_eq!((vk, vu, include), (pinned.join("vk.xml"), pinned.join("validusage.json"), pinned.join("include")));

        let tmp = TempDir::new("locate-test").unwrap();
        let headers = tmp.path().join("headers");
        for d in ["registry", "include/vulkan", "include/vk_video"] {
            std::fs::create_dir_all(headers.join(d)).unwrap();
        }
        for f in ["registry/vk.xml", "registry/video.xml", "registry/validusage.json", "include/vulkan/vulkan_core.h"] {
            std::fs::write(headers.join(f), "").unwrap();
        }
        let (vk, vu, include) = locate(&headers).unwrap();
        assert_eq!(vk, headers.join("registry/vk.xml"));
        assert_eq!(vu, headers.join("registry/validusage.json"));
        assert_eq!(include.canonicalize().unwrap(), headers.join("include"));

        std::fs::remove_dir_all(headers.join("include/vk_video")).unwrap();
        let e = locate(&headers).unwrap_err();
        assert!(e.contains("no include/vulkan/vulkan_core.h with include/vk_video"), "{e}");
        let dir = tmp.path().to_path_buf();
        drop(tmp);
        assert!(!dir.exists(), "the temp directory removes itself");
    }
}
