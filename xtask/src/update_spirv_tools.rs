//! `cargo xtask update-spirv-tools [--suite SUITE]`: brings in the SPIR-V validator the layer
//! links (`layer/spirv-tools/`) from a Debian suite's `spirv-tools-dev` and
//! `spirv-tools-headers` (apt in a private directory, `dpkg -x`: nothing is installed), as
//! `update-registry` brings in the registry. Writes the archive, the C header, the copyright,
//! VERSION (with the packages' sha256) and `ids.txt` (the ids the library names that the pinned
//! validusage.json has).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use crate::update_registry::source::{apt_download_packages, run, TempDir};

const PACKAGES: [&str; 2] = ["spirv-tools-dev", "spirv-tools-headers"];

/// What layer/spirv-tools/ keeps of the unpacked packages: (path in the package, file name).
const FILES: [(&str, &str); 3] = [
    ("usr/lib/x86_64-linux-gnu/libSPIRV-Tools.a", "libSPIRV-Tools.a"),
    ("usr/include/spirv-tools/libspirv.h", "libspirv.h"),
    ("usr/share/doc/spirv-tools-dev/copyright", "copyright"),
];

pub fn run_command(args: &[String]) -> Result<(), String> {
    let suite = match args {
        [] => "forky".to_string(),
        [flag, suite] if flag == "--suite" => suite.clone(),
        _ => return Err("usage: cargo xtask update-spirv-tools [--suite SUITE]".into()),
    };
    let root = crate::root();
    let dest = root.join("layer/spirv-tools");
    let tmp = TempDir::new("spirv-tools")?;
    let debs = apt_download_packages(&suite, &PACKAGES, tmp.path())?;
    if debs.len() != PACKAGES.len() {
        return Err(format!("apt-get download left {} .deb files, not {}", debs.len(), PACKAGES.len()));
    }
    let unpacked = tmp.path().join("unpacked");
    let mut packages = Vec::new();
    for deb in &debs {
        run(Command::new("dpkg").arg("-x").arg(deb).arg(&unpacked))?;
        let name = deb.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        packages.push(format!("package {name} {}", sha256(deb)?));
    }
    let field = |name: &str| run(Command::new("dpkg-deb").arg("--field").arg(&debs[0]).arg(name));
    let version = field("Version")?.trim().to_string();
    let upstream = version.split(['~', '-', '+']).next().unwrap_or(&version).to_string();
    let mut sums = Vec::new();
    for (from, to) in FILES {
        std::fs::copy(unpacked.join(from), dest.join(to)).map_err(|e| format!("{from}: {e}"))?;
        sums.push(format!("{}  {to}", sha256(&dest.join(to))?));
    }
    let version_file = format!(
        "# The SPIR-V validator linked into Vigil: SPIRV-Tools v{upstream} as built by Debian {suite}\n\
         # (spirv-tools-dev {version} and spirv-tools-headers {version}: dpkg -x, never installed).\n\
         # Only libSPIRV-Tools.a (the validator with the shared parser; no optimizer) and its C header are\n\
         # kept. Built against glibc 2.38 and GCC 15's libstdc++; layer/build.rs supplies the three C23\n\
         # strto* entry points bookworm's glibc 2.36 lacks (shims.c) and links\n\
         # libstdc++.so.6 by name. Refresh with `cargo xtask update-spirv-tools --suite forky`.\n\
         version {upstream}\n{}\n{}\n",
        packages.join("\n"),
        sums.join("\n")
    );
    std::fs::write(dest.join("VERSION"), version_file).map_err(|e| e.to_string())?;
    let vuids = vigil_registry::load_vuids(&root.join("registry/validusage.json")).map_err(|e| e.to_string())?;
    let library = std::fs::read(dest.join("libSPIRV-Tools.a")).map_err(|e| e.to_string())?;
    let named: BTreeSet<String> = named_ids(&library).into_iter().filter(|id| vuids.contains_key(id)).collect();
    let mut ids = String::from(
        "# The ids the pinned SPIR-V validator names in its messages that validusage.json has: Vigil\n\
         # reports them (checks/core/spirv_validator.rs). A unit test checks this list against the library.\n",
    );
    for id in &named {
        ids.push_str(id);
        ids.push('\n');
    }
    std::fs::write(dest.join("ids.txt"), ids).map_err(|e| e.to_string())?;
    println!(
        "update-spirv-tools: SPIRV-Tools v{upstream} ({version}) from Debian {suite}, naming {} registry ids. Next: \
         `cargo xtask regen`, then `cargo test -p vigil-layer spirv_validator` (its version test and \
         docs/spirv-validation.md's lists of rules).",
        named.len()
    );
    Ok(())
}

/// Every `VUID-…` string in `bytes`.
fn named_ids(bytes: &[u8]) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut rest = bytes;
    while let Some(at) = rest.windows(5).position(|w| w == b"VUID-") {
        let id = &rest[at..];
        let len = id.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).unwrap_or(id.len());
        ids.insert(String::from_utf8_lossy(&id[..len]).into_owned());
        rest = &rest[at + len..];
    }
    ids
}

fn sha256(path: &Path) -> Result<String, String> {
    let out = run(Command::new("sha256sum").arg(path))?;
    Ok(out.split_whitespace().next().unwrap_or_default().to_string())
}
