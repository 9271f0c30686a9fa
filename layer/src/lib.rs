//! Vigil, a Vulkan validation layer. The loader loads `libVkLayer_vigil.so`; its exported entry
//! points hand out the intercepts (`entry::intercepts`, made from the generated command list),
//! which run the enabled validation objects around each call down the chain.
//!
//! Laid out by concern: `entry` (what the loader sees: exports, negotiation, instance and device
//! chains, GetProcAddr), `chassis` (how a call reaches the validation objects), `report`,
//! `settings`, `facts` (what the application enabled and the device offers),
//! `handle_wrapping`, `state` (the object table and the state tracker under every validation
//! object), and `checks` (one folder per validation object). Checks never import `entry`.

// The library's name is fixed by the loader's conventions: libVkLayer_<name>.so.
#![allow(non_snake_case)]

mod chassis;
mod checks;
mod entry;
mod facts;
mod handle_wrapping;
#[cfg(test)]
mod module_graph;
mod report;
mod settings;
mod state;

pub use entry::{
    vkEnumerateDeviceExtensionProperties, vkEnumerateDeviceLayerProperties, vkEnumerateInstanceExtensionProperties,
    vkEnumerateInstanceLayerProperties, vkGetDeviceProcAddr, vkGetInstanceProcAddr,
    vkNegotiateLoaderLayerInterfaceVersion,
};

pub use settings::LAYER_NAME;
