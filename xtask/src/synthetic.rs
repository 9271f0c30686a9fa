//! `cargo xtask synthetic-extension`: a made-up extension through the whole pipeline.

/// Runs the task.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("synthetic-extension: not written yet".into())
}
