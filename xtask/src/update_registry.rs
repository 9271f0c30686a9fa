//! `cargo xtask update-registry`: bring in a new registry version and say what changed.

/// Runs the task.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("update-registry: not written yet".into())
}
