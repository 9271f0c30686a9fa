//! The main job's program: shows Vigil at work on lavapipe (or whatever GPU the loader finds).
//!
//! 1. Valid programs (a compute dispatch and an offscreen draw) under Vigil: results checked,
//!    Vigil's start-up message shown, and no warning or error allowed.
//! 2. A program with mistakes ([`vigil_tests::mistakes`]): every message Vigil sends is printed
//!    as the application's callback receives it, and each expected id must be there.
//! 3. vkcube under Xvfb: the loader's own log line proves Vigil was inserted, and Vigil's
//!    messages (written to a log file, as for any program without a debug callback) are counted.
//!
//! Ends with a one-screen summary and fails on anything unexpected. Expects the loader to find
//! Vigil (`VK_ADD_LAYER_PATH`, as `.ci/main` sets it). `--valid-only` runs part 1 alone (one
//! instance: what tests of the layer chain want).

use std::collections::BTreeMap;
use std::process::{Command, ExitCode};

use ash::vk;
use vigil_tests::mistakes::{self, MISTAKES};
use vigil_tests::{programs, ContextBuilder, Message, TempDir, VIGIL_LAYER};

/// What one program did, for the summary.
struct Run {
    program: &'static str,
    outcome: String,
    ok: bool,
}

/// Messages by (severity, id), over every program.
#[derive(Default)]
struct Tally(BTreeMap<(String, String), usize>);

impl Tally {
    fn add(&mut self, severity: &str, id: &str) {
        *self.0.entry((severity.to_string(), id.to_string())).or_default() += 1;
    }
}

fn severity(m: &Message) -> &'static str {
    let s = m.severity;
    if s.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
        "ERROR"
    } else if s.contains(vk::DebugUtilsMessageSeverityFlagsEXT::WARNING) {
        if m.types.contains(vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE) {
            "PERF"
        } else {
            "WARNING"
        }
    } else if s.contains(vk::DebugUtilsMessageSeverityFlagsEXT::INFO) {
        "INFO"
    } else {
        "VERBOSE"
    }
}

/// Vigil's start-up message lists the settings: `... Vigil is active with settings: a = b, c = d.`
fn settings_of(text: &str) -> Option<String> {
    let (_, list) = text.split_once("active with settings: ")?;
    Some(list.trim_end_matches('.').to_string())
}

fn main() -> ExitCode {
    // SAFETY: loading the system Vulkan loader.
    let entry = match unsafe { ash::Entry::load() } {
        Ok(e) => e,
        Err(e) => {
            eprintln!("vigil-demo: cannot load the Vulkan loader: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut runs = Vec::new();
    let mut tally = Tally::default();
    let mut settings = None;

    println!("\n== 1. Valid programs under Vigil: a compute dispatch and an offscreen draw");
    {
        let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
        if !ctx.vigil_in_chain() {
            eprintln!("vigil-demo: Vigil is not in the call chain (is VK_ADD_LAYER_PATH set?)");
            return ExitCode::FAILURE;
        }
        // SAFETY: a valid physical device of this instance.
        let props = unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) };
        let name = props.device_name_as_c_str().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        println!("Vigil is in the call chain (vkGetPhysicalDeviceToolProperties lists it) on {name}");
        let words = programs::run_compute(&ctx);
        programs::check_compute(&words);
        println!("compute dispatch wrote {} words, all correct", words.len());
        let image = programs::run_draw(&ctx);
        programs::check_draw(&image);
        println!("offscreen draw {}x{}, every pixel as expected", image.width, image.height);
        let log = ctx.messages.clone();
        drop(ctx);
        let reported: Vec<Message> = log.all().into_iter().filter(|m| !m.from_loader()).collect();
        for m in &reported {
            tally.add(severity(m), &m.id_name);
            if m.id_name == "UNASSIGNED-Settings-active" {
                println!("Vigil's start-up message, as the debug callback received it:\n  {}", m.text);
                settings = settings_of(&m.text);
            }
        }
        let problems = log.problems();
        for m in &problems {
            println!("  unexpected: {m}");
        }
        let ok = problems.is_empty();
        let outcome = if ok {
            "results correct; clean (no Vigil warning or error)".to_string()
        } else {
            format!("{} unexpected warning(s)/error(s)", problems.len())
        };
        println!("{outcome}");
        runs.push(Run { program: "compute + draw", outcome, ok });
    }

    let valid_only = std::env::args().any(|a| a == "--valid-only");
    if valid_only {
        return if runs.iter().all(|r| r.ok) { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }

    println!("\n== 2. A program with mistakes in it (its debug callback prints what Vigil reports)");
    {
        let reported: Vec<Message> = mistakes::run(&entry).into_iter().filter(|m| !m.from_loader()).collect();
        let mut missing = Vec::new();
        for mistake in MISTAKES {
            println!("\nmistake: {} (caught by {})", mistake.what, mistake.caught_by);
            let hits: Vec<&Message> = reported.iter().filter(|m| m.id_name == mistake.id).collect();
            if hits.is_empty() {
                println!("  NOT REPORTED: expected {}", mistake.id);
                missing.push(mistake.id);
            }
            for m in hits {
                println!("  {} {} (MessageID {:#010x}):\n    {}", severity(m), m.id_name, m.id_number as u32, m.text);
            }
        }
        let unexpected: Vec<&Message> =
            reported.iter().filter(|m| m.is_problem() && !MISTAKES.iter().any(|x| x.id == m.id_name)).collect();
        for m in &unexpected {
            println!("  unexpected: {m}");
        }
        for m in &reported {
            tally.add(severity(m), &m.id_name);
        }
        let ok = missing.is_empty() && unexpected.is_empty();
        let outcome = if ok {
            format!("all {} mistakes reported with their ids, nothing else", MISTAKES.len())
        } else {
            format!("{} mistake(s) not reported, {} unexpected message(s)", missing.len(), unexpected.len())
        };
        println!("\n{outcome}");
        runs.push(Run { program: "mistakes", outcome, ok });
    }

    println!("\n== 3. vkcube, 60 frames under Xvfb (no debug callback: Vigil writes to a log file)");
    runs.push(vkcube(&mut tally));

    println!("\n== Summary");
    println!("programs:");
    for r in &runs {
        println!("  {:<16} {:<4} {}", r.program, if r.ok { "ok" } else { "FAIL" }, r.outcome);
    }
    println!("messages Vigil sent, by severity and id:");
    println!("  {:>5}  {:<8} id", "count", "severity");
    for ((sev, id), n) in &tally.0 {
        println!("  {n:>5}  {sev:<8} {id}");
    }
    println!("settings used: {}", settings.as_deref().unwrap_or("(no start-up message seen)"));
    println!("(change them with VK_VIGIL_VALIDATION_<KEY>, vk_layer_settings.txt or VkLayerSettingsCreateInfoEXT: docs/settings.md)");
    if runs.iter().all(|r| r.ok) {
        ExitCode::SUCCESS
    } else {
        println!("vigil-demo: something unexpected happened (see FAIL above)");
        ExitCode::FAILURE
    }
}

/// Runs vkcube with Vigil enabled through the environment, the loader's layer log on, and
/// Vigil's messages (INFO included, so the start-up message shows) in a log file.
fn vkcube(tally: &mut Tally) -> Run {
    let program = "vkcube";

    let dir = TempDir::new("vigil-demo-vkcube");
    let log = dir.join("vigil.log");
    let output = Command::new("xvfb-run")
        .args(["-a", "vkcube", "--c", "60"])
        .env("VK_INSTANCE_LAYERS", VIGIL_LAYER)
        .env("VK_LOADER_DEBUG", "layer")
        .env("VK_VIGIL_VALIDATION_LOG_FILENAME", &log)
        .env("VK_VIGIL_VALIDATION_REPORT_FLAGS", "error,warn,info")
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => return Run { program, outcome: format!("cannot run xvfb-run vkcube: {e}"), ok: false },
    };
    let loader = String::from_utf8_lossy(&output.stderr).into_owned() + &String::from_utf8_lossy(&output.stdout);
    let inserted: Vec<&str> =
        loader.lines().filter(|l| l.contains("Insert instance layer") && l.contains(VIGIL_LAYER)).collect();
    match inserted.first() {
        Some(line) => println!("the loader's log: {}", line.trim()),
        None => println!("the loader's log has no line inserting {VIGIL_LAYER}"),
    }
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let mut problems = 0;
    let mut started = false;
    for line in text.lines() {
        // `Validation Error: [ VUID-… ] | MessageID = 0x… | …`
        let Some(rest) = line.strip_prefix("Validation ") else { continue };
        let Some((sev, rest)) = rest.split_once(": [ ") else { continue };
        let Some((id, _)) = rest.split_once(" ]") else { continue };
        let sev = match sev {
            "Error" => "ERROR",
            "Warning" => "WARNING",
            "Performance Warning" => "PERF",
            "Information" => "INFO",
            _ => "VERBOSE",
        };
        tally.add(sev, id);
        if id == "UNASSIGNED-Settings-active" {
            started = true;
            println!("Vigil's start-up message, from its log file:\n  {line}");
        } else if sev != "INFO" && sev != "VERBOSE" {
            problems += 1;
            println!("  {line}");
        }
    }
    let status = output.status;
    println!("vkcube exited with {status}");
    let ok = status.success() && !inserted.is_empty() && started && problems == 0;
    let outcome = if ok {
        "60 frames; Vigil inserted by the loader; clean".to_string()
    } else {
        format!(
            "exit {status}, Vigil inserted: {}, start-up message: {started}, warnings/errors: {problems}",
            !inserted.is_empty()
        )
    };
    println!("{outcome}");
    Run { program, outcome, ok }
}
