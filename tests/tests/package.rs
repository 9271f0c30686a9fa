//! The package is what an SDK ships: the layer, its manifest, and beside them the settings
//! documentation, a sample settings file, the message list, the license and a README.

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

use vigil_generated::settings::SETTINGS;
use vigil_tests::{layer_dir, run_with_timeout, TempDir, VulkanEnv};

/// The package's root: `<root>/share/vulkan/explicit_layer.d` is the manifest directory.
fn package_root() -> PathBuf {
    layer_dir().ancestors().nth(3).expect("the manifest directory is three levels down").to_path_buf()
}

#[test]
fn the_tree_holds_library_manifest_and_documents() {
    let root = package_root();
    for file in [
        "lib/libVkLayer_vigil.so",
        "share/vulkan/explicit_layer.d/VkLayer_vigil.json",
        "share/doc/vigil/README.md",
        "share/doc/vigil/settings.md",
        "share/doc/vigil/vk_layer_settings.txt",
        "share/doc/vigil/messages.md",
        "share/doc/vigil/LICENSE",
    ] {
        let path = root.join(file);
        let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        assert!(len > 0, "{} is missing or empty", path.display());
    }
    let readme = std::fs::read_to_string(root.join("share/doc/vigil/README.md")).unwrap();
    for needed in ["VK_ADD_LAYER_PATH", "VK_INSTANCE_LAYERS", "message_id_filter", "log_filename"] {
        assert!(readme.contains(needed), "the package README does not mention {needed}");
    }
    let license = std::fs::read_to_string(root.join("share/doc/vigil/LICENSE")).unwrap();
    assert!(license.contains("Apache License") && license.contains("Version 2.0"));
}

/// Every key of the schema is in the sample, at its default; uncommented, the whole sample is
/// accepted by Vigil without a warning and gives exactly the default settings.
#[test]
fn the_sample_settings_file_has_every_key_at_its_default_and_vigil_accepts_it() {
    let sample = std::fs::read_to_string(package_root().join("share/doc/vigil/vk_layer_settings.txt")).unwrap();
    for s in SETTINGS {
        let line = format!("# vigil_validation.{} = {}", s.key, s.default);
        let line = line.trim_end();
        assert!(sample.lines().any(|l| l == line), "the sample lacks `{line}`");
        if !s.available {
            assert!(sample.contains("Not available yet"), "{} is not marked unavailable", s.key);
        }
    }
    let uncommented: String = sample
        .lines()
        .map(|l| l.strip_prefix("# ").filter(|rest| rest.starts_with("vigil_validation.")).unwrap_or(l))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(uncommented.lines().filter(|l| l.starts_with("vigil_validation.")).count(), SETTINGS.len());
    let dir = TempDir::new("vigil-package-sample");
    std::fs::write(dir.join("vk_layer_settings.txt"), uncommented).unwrap();
    let startup = |settings_path: &std::path::Path| {
        let env = VulkanEnv::new()
            .with_vigil()
            .set("VK_LAYER_SETTINGS_PATH", settings_path)
            .set("XDG_DATA_HOME", "/dev/null");
        let mut cmd = env.command(env!("CARGO_BIN_EXE_vigil-probe"));
        cmd.args(["--messenger", "--bad-buffers", "0"]);
        let Output { status, stdout, .. } = run_with_timeout(&mut cmd, Duration::from_secs(60));
        let out = String::from_utf8_lossy(&stdout).into_owned();
        assert!(status.success(), "{out}");
        let invalid: Vec<&str> = out.lines().filter(|l| l.contains("UNASSIGNED-Settings-invalid")).collect();
        assert!(invalid.is_empty(), "the sample's values were refused: {invalid:?}");
        let active: Vec<String> = out
            .lines()
            .filter(|l| l.contains("UNASSIGNED-Settings-active"))
            .map(|l| l.split_once("Vigil is active with settings: ").map(|x| x.1).unwrap_or(l).to_string())
            .collect();
        assert_eq!(active.len(), 1, "{out}");
        active[0].clone()
    };
    assert_eq!(startup(dir.path()), startup(std::path::Path::new("/dev/null")));
}
