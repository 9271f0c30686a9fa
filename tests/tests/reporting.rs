//! How findings reach the developer, and the settings that shape it, each through a child
//! process (`vigil-probe`) with its own environment and settings file.

use std::process::Output;
use std::time::Duration;

use ash::vk;
use vigil_tests::{run_with_timeout, ContextBuilder, TempDir, VulkanEnv, KHRONOS_LAYER};

const ID: &str = "VUID-VkBufferCreateInfo-size-00912";

fn probe(env: VulkanEnv, args: &[&str]) -> String {
    let mut cmd = env.command(env!("CARGO_BIN_EXE_vigil-probe"));
    cmd.args(args);
    let Output { status, stdout, stderr } = run_with_timeout(&mut cmd, Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&stdout).into_owned();
    assert!(
        status.success(),
        "vigil-probe {args:?} failed: {status}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&stderr)
    );
    stdout
}

fn base() -> VulkanEnv {
    // An empty settings file, and no per-user settings directory: what the developer's own
    // settings say must not leak in.
    VulkanEnv::new().with_vigil().set("VK_LAYER_SETTINGS_PATH", "/dev/null").set("XDG_DATA_HOME", "/dev/null")
}

/// A fresh directory for one test's files, removed when the test ends.
fn scratch() -> TempDir {
    TempDir::new("vigil-reporting")
}

/// The `MSG` lines the probe's messenger printed for `id`.
fn messages<'a>(out: &'a str, id: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with("MSG ") && l.split(' ').nth(2) == Some(id)).collect()
}

fn results(out: &str) -> Vec<&str> {
    out.lines().filter_map(|l| l.strip_prefix("RESULT ")).collect()
}

#[test]
fn callback_gets_id_hash_objects_names_and_spec_text() {
    let out = probe(base(), &["--messenger", "--name-device", "my-device"]);
    let m = messages(&out, ID);
    assert_eq!(m.len(), 1, "{out}");
    let fields: Vec<&str> = m[0].splitn(6, ' ').collect();
    assert_eq!(fields[1], "ERROR");
    assert_eq!(fields[4], "[DEVICE:my-device]", "objects with their names: {}", m[0]);
    let text = fields[5];
    assert!(
        text.starts_with(&format!(
            "Validation Error: [ {ID} ] | MessageID = {} | vkCreateBuffer(): pCreateInfo->size: is 0.",
            fields[3]
        )),
        "{text}"
    );
    assert!(
        text.ends_with(
            "The Vulkan spec states: size must be greater than 0 \
             (https://docs.vulkan.org/spec/latest/chapters/resources.html#VUID-VkBufferCreateInfo-size-00912)"
        ),
        "{text}"
    );
    // Not skipped: the callback returned VK_FALSE, so the call went down.
    assert_eq!(results(&out), ["SUCCESS"]);
}

/// The MessageID is the reference layer's, so filters written for it keep working.
#[test]
fn message_id_matches_the_reference_layer() {
    let out = probe(base(), &["--messenger"]);
    let vigil_hash = messages(&out, ID)[0].split(' ').nth(3).unwrap().to_string();
    // The reference layer, in this process, on the same invalid call.
    let entry = VulkanEnv::new().entry();
    let ctx = ContextBuilder::new().layers(&[KHRONOS_LAYER]).build(&entry);
    ctx.messages.skip_errors(true);
    let info = vk::BufferCreateInfo::default().size(0).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    let _ = unsafe { ctx.device.create_buffer(&info, None) };
    let reference: Vec<_> = ctx.messages.all().into_iter().filter(|m| m.id_name == ID).collect();
    assert_eq!(reference.len(), 1, "the reference layer reports {ID} once: {:?}", ctx.messages.all());
    assert_eq!(vigil_hash, format!("0x{:08x}", reference[0].id_number as u32));
}

#[test]
fn callback_returning_true_skips_the_call() {
    let out = probe(base(), &["--messenger", "--skip"]);
    assert_eq!(messages(&out, ID).len(), 1, "{out}");
    assert_eq!(results(&out), ["ERROR_VALIDATION_FAILED_EXT"]);
}

#[test]
fn stdout_without_a_callback() {
    let out = probe(base(), &[]);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Validation Error: [ ")).collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains(ID) && lines[0].contains("MessageID = 0x"), "{}", lines[0]);
    assert_eq!(results(&out), ["SUCCESS"]);
}

#[test]
fn log_file_instead_of_stdout() {
    let dir = scratch();
    let log = dir.join("vigil.log");
    let out = probe(base().set("VK_VIGIL_VALIDATION_LOG_FILENAME", &log), &[]);
    assert!(!out.contains("Validation Error"), "{out}");
    let text = std::fs::read_to_string(&log).expect("the log file exists");
    assert_eq!(text.lines().filter(|l| l.contains(ID)).count(), 1, "{text}");
}

#[test]
fn json_lines() {
    let out = probe(base().set("VK_VIGIL_VALIDATION_MESSAGE_FORMAT", "json"), &[]);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with('{')).collect();
    assert_eq!(lines.len(), 1, "{out}");
    let l = lines[0];
    assert!(l.starts_with("{\"severity\":\"Error\",\"message_id_name\":\"VUID-VkBufferCreateInfo-size-00912\""), "{l}");
    assert!(l.contains("\"location\":\"vkCreateBuffer(): pCreateInfo->size\""), "{l}");
    assert!(l.contains("\"objects\":[{\"type\":\"VK_OBJECT_TYPE_DEVICE\""), "{l}");
    assert!(l.ends_with("\"}"), "{l}");
}

#[test]
fn duplicate_limit_then_one_note() {
    let out = probe(base(), &["--messenger", "--bad-buffers", "12"]);
    let m = messages(&out, ID);
    assert_eq!(m.len(), 10, "the default limit is 10: {out}");
    assert!(m[9].contains("further ones are suppressed"), "{}", m[9]);
    assert!(!m[8].contains("suppressed"));
    let out =
        probe(base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "0"), &["--messenger", "--bad-buffers", "12"]);
    assert_eq!(messages(&out, ID).len(), 12, "0 means no limit");
}

#[test]
fn message_id_filter_by_id_and_by_hash() {
    let out = probe(base().set("VK_VIGIL_VALIDATION_MESSAGE_ID_FILTER", ID), &["--messenger"]);
    assert!(messages(&out, ID).is_empty(), "{out}");
    let hash = messages(&probe(base(), &["--messenger"]), ID)[0].split(' ').nth(3).unwrap().to_string();
    let out = probe(base().set("VK_VIGIL_VALIDATION_MESSAGE_ID_FILTER", &hash), &["--messenger"]);
    assert!(messages(&out, ID).is_empty(), "{out}");
}

#[test]
fn severity_filter() {
    let out = probe(base().set("VK_VIGIL_VALIDATION_REPORT_FLAGS", "warn"), &["--messenger"]);
    assert!(messages(&out, ID).is_empty(), "errors are not reported: {out}");
}

#[test]
fn startup_info_lists_the_settings_to_creation_time_messengers() {
    let out = probe(base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "7"), &["--messenger"]);
    let info = messages(&out, "UNASSIGNED-Settings-active");
    assert_eq!(info.len(), 1, "{out}");
    assert!(info[0].starts_with("MSG INFO "), "{}", info[0]);
    assert!(info[0].contains("duplicate_message_limit = 7") && info[0].contains("stateless = true"), "{}", info[0]);
}

#[test]
fn bad_settings_warn_once_naming_the_key() {
    let out = probe(
        base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "lots"),
        &["--messenger", "--setting", "no_such_setting=1"],
    );
    let w = messages(&out, "UNASSIGNED-Settings-invalid");
    assert_eq!(w.len(), 2, "{out}");
    assert!(w.iter().any(|l| l.contains("`no_such_setting`") && l.contains("VkLayerSettingsCreateInfoEXT")), "{w:?}");
    assert!(w.iter().any(|l| l.contains("`duplicate_message_limit`") && l.contains("`lots`")), "{w:?}");
    // The bad value left the default in force.
    assert_eq!(
        messages(
            &probe(
                base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "lots"),
                &["--messenger", "--bad-buffers", "12"]
            ),
            ID
        )
        .len(),
        10
    );
}

/// Each source on its own, then the precedence: environment over file over application.
#[test]
fn settings_sources_and_precedence() {
    let count = |env: VulkanEnv, args: &[&str]| {
        let mut a = vec!["--messenger", "--bad-buffers", "12"];
        a.extend_from_slice(args);
        messages(&probe(env, &a), ID).len()
    };
    assert_eq!(count(base(), &["--setting", "duplicate_message_limit=2"]), 2, "application");
    let dir = scratch();
    std::fs::write(dir.join("vk_layer_settings.txt"), "# Vigil\nvigil_validation.duplicate_message_limit = 3\n")
        .unwrap();
    let with_file = || base().set("VK_LAYER_SETTINGS_PATH", dir.path());
    assert_eq!(count(with_file(), &[]), 3, "file");
    assert_eq!(count(base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "4"), &[]), 4, "environment");
    assert_eq!(count(base().set("VK_LAYER_DUPLICATE_MESSAGE_LIMIT", "5"), &[]), 5, "short environment name");
    assert_eq!(count(with_file(), &["--setting", "duplicate_message_limit=2"]), 3, "file over application");
    let env_and_file = with_file().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "4");
    assert_eq!(count(env_and_file, &["--setting", "duplicate_message_limit=2"]), 4, "environment over file");
    let both =
        base().set("VK_VIGIL_VALIDATION_DUPLICATE_MESSAGE_LIMIT", "4").set("VK_LAYER_DUPLICATE_MESSAGE_LIMIT", "5");
    assert_eq!(count(both, &[]), 4, "the layer's own name over VK_LAYER_");
}

#[test]
fn validation_features_and_the_stateless_switch() {
    let out = probe(base(), &["--messenger", "--disable-api-parameters"]);
    assert!(messages(&out, ID).is_empty(), "VkValidationFeaturesEXT disabled parameter validation: {out}");
    let out = probe(base().set("VK_VIGIL_VALIDATION_STATELESS", "false"), &["--messenger"]);
    assert!(messages(&out, ID).is_empty(), "stateless = false: {out}");
}
