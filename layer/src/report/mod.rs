//! How a finding reaches the developer: debug-utils messengers and debug-report callbacks the
//! application registered (with object names), or stdout / a log file when there are none; text
//! or JSON; per-id duplicate limit, id filter and severity filter.
//!
//! Nothing here runs unless something is reported: checks build a [`Location`] on the stack
//! and call [`Reporter::report`] only on failure.

mod callbacks;
mod location;
mod message_id;
mod spec_text;
mod text;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::Write;
use std::sync::{Mutex, RwLock};

use vigil_generated::settings::Settings;
use vigil_generated::*;

pub use callbacks::{DebugReportCallback, Messenger};
pub use location::Location;

pub use message_id::message_id_number;
pub use spec_text::known_vuid;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The application broke a rule of the spec.
    Error,
    /// Legal, but almost certainly not what was meant.
    Warning,
    /// A performance problem (no check reports one yet; filters and callbacks already map it).
    #[allow(dead_code)]
    Performance,
    /// Information (the active settings at instance creation).
    Info,
    /// Verbose diagnostics (none yet; filters and callbacks already map it).
    #[allow(dead_code)]
    Verbose,
}

impl Severity {
    /// The `report_flags` value that enables it.
    fn flag(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warn",
            Severity::Performance => "perf",
            Severity::Info => "info",
            Severity::Verbose => "verbose",
        }
    }

    /// How the text form names it.
    fn label(self) -> &'static str {
        match self {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
            Severity::Performance => "Performance Warning",
            Severity::Info => "Information",
            Severity::Verbose => "Verbose Information",
        }
    }
}

/// An object a message is about, as the application sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Object {
    pub ty: VkObjectType,
    pub handle: u64,
}

impl Object {
    /// The object for a handle.
    pub fn of<H: Handle>(h: H) -> Self {
        Object { ty: H::OBJECT_TYPE, handle: h.as_raw() }
    }
}

/// One finding, fully described, ready for delivery.
pub struct Finding<'a> {
    pub severity: Severity,
    /// A VUID, or `UNASSIGNED-<Area>-<what>`.
    pub id: &'static str,
    pub location: &'a Location<'a>,
    pub objects: &'a [Object],
    pub message: fmt::Arguments<'a>,
}

/// The part of the settings that shapes reporting, read once at instance creation.
struct Output {
    severities: HashSet<&'static str>,
    duplicate_limit: u32,
    muted_ids: HashSet<String>,
    muted_hashes: HashSet<u32>,
    json: bool,
    /// `None`: stdout.
    log: Option<Mutex<std::fs::File>>,
}

/// Where one instance's findings go. Shared by the instance and its devices.
pub struct Reporter {
    output: Output,
    messengers: RwLock<Vec<Messenger>>,
    report_callbacks: RwLock<Vec<DebugReportCallback>>,
    /// Chained into `VkInstanceCreateInfo`: used only during instance creation and destruction.
    creation_messengers: Vec<Messenger>,
    creation_report_callbacks: Vec<DebugReportCallback>,
    in_creation_or_destruction: std::sync::atomic::AtomicBool,
    counts: Mutex<HashMap<&'static str, u32>>,
    names: RwLock<HashMap<u64, String>>,
}

impl Reporter {
    /// A reporter for `settings`; problems opening the log file are returned as warnings.
    pub fn new(
        settings: &Settings,
        creation_messengers: Vec<Messenger>,
        creation_report_callbacks: Vec<DebugReportCallback>,
    ) -> (Self, Vec<String>) {
        let mut warnings = Vec::new();
        let known = ["error", "warn", "perf", "info", "verbose"];
        let severities = known.into_iter().filter(|k| settings.report_flags.iter().any(|f| f == k)).collect();
        let mut muted_ids = HashSet::new();
        let mut muted_hashes = HashSet::new();
        for f in &settings.message_id_filter {
            match f.strip_prefix("0x").or_else(|| f.strip_prefix("0X")).map(|h| u32::from_str_radix(h, 16)) {
                Some(Ok(h)) => {
                    muted_hashes.insert(h);
                }
                Some(Err(_)) => warnings.push(format!("message_id_filter: `{f}` is not a hexadecimal MessageID")),
                None => {
                    muted_ids.insert(f.clone());
                }
            }
        }
        let log = match settings.log_filename.as_str() {
            "" | "stdout" => None,
            path => match std::fs::OpenOptions::new().create(true).append(true).open(path) {
                Ok(f) => Some(Mutex::new(f)),
                Err(e) => {
                    warnings.push(format!("log_filename: cannot open `{path}` ({e}); writing to stdout"));
                    None
                }
            },
        };
        let output = Output {
            severities,
            duplicate_limit: settings.duplicate_message_limit,
            muted_ids,
            muted_hashes,
            json: settings.message_format == "json",
            log,
        };
        let reporter = Reporter {
            output,
            messengers: RwLock::new(Vec::new()),
            report_callbacks: RwLock::new(Vec::new()),
            creation_messengers,
            creation_report_callbacks,
            in_creation_or_destruction: std::sync::atomic::AtomicBool::new(true),
            counts: Mutex::new(HashMap::new()),
            names: RwLock::new(HashMap::new()),
        };
        (reporter, warnings)
    }

    /// Whether findings of `severity` are reported at all (checks may skip work when not).
    pub fn wants(&self, severity: Severity) -> bool {
        self.output.severities.contains(severity.flag())
    }

    /// Marks the start or end of the instance's creation/destruction window, during which the
    /// messengers chained into `VkInstanceCreateInfo` receive messages.
    pub fn set_lifetime_window(&self, open: bool) {
        self.in_creation_or_destruction.store(open, std::sync::atomic::Ordering::Release);
    }

    /// Registers an application messenger (after a successful vkCreateDebugUtilsMessengerEXT).
    pub fn add_messenger(&self, m: Messenger) {
        write(&self.messengers).push(m);
    }

    /// Forgets a messenger (vkDestroyDebugUtilsMessengerEXT).
    pub fn remove_messenger(&self, handle: u64) {
        write(&self.messengers).retain(|m| m.handle != handle);
    }

    /// Registers a debug-report callback.
    pub fn add_report_callback(&self, c: DebugReportCallback) {
        write(&self.report_callbacks).push(c);
    }

    /// Forgets a debug-report callback.
    pub fn remove_report_callback(&self, handle: u64) {
        write(&self.report_callbacks).retain(|c| c.handle != handle);
    }

    /// Records an object's debug name (empty name: forget it).
    pub fn set_object_name(&self, handle: u64, name: &str) {
        let mut names = write(&self.names);
        if name.is_empty() {
            names.remove(&handle);
        } else {
            names.insert(handle, name.to_string());
        }
    }

    /// Reports a finding. Returns true when an application callback asked for the call to be
    /// skipped (it returned VK_TRUE for an error).
    #[cold]
    pub fn report(&self, f: Finding<'_>) -> bool {
        if !self.wants(f.severity) {
            return false;
        }
        let hash = message_id_number(f.id);
        if self.output.muted_hashes.contains(&hash) || self.output.muted_ids.contains(f.id) {
            return false;
        }
        let limit = self.output.duplicate_limit;
        let count = {
            let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
            let c = counts.entry(f.id).or_insert(0);
            *c = c.saturating_add(1);
            *c
        };
        if limit != 0 && count > limit {
            return false;
        }
        let mut body = f.message.to_string();
        if limit != 0 && count == limit {
            body.push_str(&format!(
                " (This is the {limit}th report of {}, the duplicate_message_limit: further ones are suppressed.)",
                f.id
            ));
        }
        let names = read(&self.names);
        let objects: Vec<(Object, Option<&str>)> =
            f.objects.iter().map(|o| (*o, names.get(&o.handle).map(String::as_str))).collect();
        let message = text::render(f.severity, f.id, hash, f.location, &body);

        let (any_callback, skip) = self.deliver(f.severity, f.id, hash, &message, &objects);
        if !any_callback {
            self.write_fallback(&f, hash, &message, &objects);
        }
        skip && f.severity == Severity::Error
    }

    /// Hands a rendered message to every callback that wants it (the creation-time ones only
    /// while the instance is being created or destroyed). Returns whether any callback is
    /// registered at all, and whether one asked for the call to be skipped.
    fn deliver(
        &self,
        severity: Severity,
        id: &str,
        hash: u32,
        message: &str,
        objects: &[(Object, Option<&str>)],
    ) -> (bool, bool) {
        let creation = self.in_creation_or_destruction.load(std::sync::atomic::Ordering::Acquire);
        let messengers = read(&self.messengers);
        let reports = read(&self.report_callbacks);
        let creation_messengers = if creation { &self.creation_messengers[..] } else { &[] };
        let creation_reports = if creation { &self.creation_report_callbacks[..] } else { &[] };
        let mut skip = false;
        for m in messengers.iter().chain(creation_messengers) {
            skip |= m.deliver(severity, id, hash, message, objects).unwrap_or(false);
        }
        for c in reports.iter().chain(creation_reports) {
            skip |= c.deliver(severity, hash, message, objects.first().map(|(o, _)| o)).unwrap_or(false);
        }
        let any = !(messengers.is_empty()
            && reports.is_empty()
            && creation_messengers.is_empty()
            && creation_reports.is_empty());
        (any, skip)
    }

    /// The INFO message listing the active settings, sent once at instance creation. Callbacks
    /// decide by their own severity masks; stdout or the log gets it when `info` is reported.
    pub fn report_startup(&self, location: &Location<'_>, settings: &Settings) {
        let id = "UNASSIGNED-Settings-active";
        let list: Vec<String> = settings.describe().iter().map(|(k, v)| format!("{k} = {v}")).collect();
        let body = format!("Vigil is active with settings: {}.", list.join(", "));
        let hash = message_id_number(id);
        let message = text::render(Severity::Info, id, hash, location, &body);
        let (any_callback, _) = self.deliver(Severity::Info, id, hash, &message, &[]);
        if !any_callback && self.wants(Severity::Info) {
            let f = Finding { severity: Severity::Info, id, location, objects: &[], message: format_args!("{body}") };
            self.write_fallback(&f, hash, &message, &[]);
        }
    }

    fn write_fallback(&self, f: &Finding<'_>, hash: u32, message: &str, objects: &[(Object, Option<&str>)]) {
        let line = if self.output.json {
            text::json_line(f.severity, f.id, hash, f.location, message, objects)
        } else {
            format!("{message}\n")
        };
        match &self.output.log {
            Some(file) => {
                let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
                let _ = file.write_all(line.as_bytes());
            }
            None => {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(line.as_bytes());
                let _ = out.flush();
            }
        }
    }
}

fn read<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(l: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(|e| e.into_inner())
}

/// Reports a failure inside Vigil itself (never the application's fault). Goes to stderr: it
/// can happen where no instance, and so no reporter, is known.
#[cold]
pub fn internal_error(what: &str) {
    eprintln!("VIGIL INTERNAL ERROR: {what}");
}
