//! How the layer speaks before the reporting subsystem exists: internal errors on stderr.

/// Reports a failure inside Vigil itself (never the application's fault).
pub fn internal_error(what: &str) {
    eprintln!("VIGIL INTERNAL ERROR: {what}");
}
