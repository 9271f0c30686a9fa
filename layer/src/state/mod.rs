//! The shared state tracker: one object table for the process (`objects`), and the tracker
//! (`tracker`) that keeps it current from every instance's and device's calls. Validation
//! objects read it; only the tracker's record hooks change what exists.

pub mod clears;
pub mod command_buffers;
pub mod counting;
pub mod descriptors;
pub mod draw_descriptors;
pub mod draw_params;
pub mod dynamic_state;
pub mod events;
pub mod images;
pub mod layout_tracking;
pub mod local_read;
pub mod memory;
pub mod objects;
pub mod ownership;
pub mod pipelines;
pub mod queries;
pub mod readers;
mod records;
pub mod render_passes;
pub mod resolve;
pub mod samplers;
mod set_once;
pub mod shader_objects;
pub mod shaders;
pub mod sites;
pub mod submissions;
pub mod swapchains;
pub mod thread;
pub mod timeline;
pub mod tracker;
mod values;

pub use objects::{key, ObjectRecord, Origin, OBJECTS, TYPES};
pub use records::anything_in_use;
pub use tracker::StateTracker;
