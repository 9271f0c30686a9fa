//! Vigil's integration-test harness: real programs through the real Vulkan loader, the packaged
//! Vigil layer and lavapipe.
//!
//! - [`package`] finds (or builds) the packaged layer.
//! - [`mod@env`] sets the loader's environment, for this process or for child processes.
//! - [`context`] creates instances and devices with chosen layers and asks whether Vigil is in
//!   the call chain.
//! - [`messages`] collects what layers and the loader report through `VK_EXT_debug_utils`.
//! - [`programs`] holds the compute and draw programs that several test binaries run.
//! - [`loader_log`] reads the loader's own log (`VK_LOADER_DEBUG`, or its debug-utils messages).
//! - [`native`] looks at this process from the outside: mapped libraries and `dladdr`.
//! - [`mistakes`] is a program with real mistakes, each with the id Vigil must report.
//! - [`scratch`] makes temporary directories that remove themselves.
//! - [`coverage`] writes the ids each test binary saw reported, for `cargo xtask coverage`.
//! - [`shim`] builds the test-only driver shim that plays the driver below Vigil.
//!
//! Everything here panics on failure: it exists to fail tests loudly, with the reason.

pub mod context;
pub mod coverage;
pub mod env;
pub mod loader_log;
pub mod messages;
pub mod mistakes;
pub mod native;
pub mod package;
pub mod programs;
pub mod scratch;
pub mod shim;
pub mod swapchains;

pub use context::{vigil_in_chain, Context, ContextBuilder};
pub use env::{run_with_timeout, VulkanEnv};
pub use messages::{Message, MessageLog};
pub use package::{layer_dir, layer_library};
pub use scratch::TempDir;
pub use shim::{shim_dir, SHIM_LAYER};

/// The name Vigil registers with the loader.
pub const VIGIL_LAYER: &str = "VK_LAYER_VIGIL_validation";
/// The file name of Vigil's library.
pub const VIGIL_LIBRARY: &str = "libVkLayer_vigil.so";
/// The name Vigil appends to `vkGetPhysicalDeviceToolProperties`.
pub const VIGIL_TOOL_NAME: &str = "Vigil";
/// The Khronos reference validation layer (Debian's `vulkan-validationlayers`).
pub const KHRONOS_LAYER: &str = "VK_LAYER_KHRONOS_validation";
/// Mesa's implicit device-selection layer, active by default on Debian.
pub const DEVICE_SELECT_LAYER: &str = "VK_LAYER_MESA_device_select";
