//! Reads the loader's log: stderr under `VK_LOADER_DEBUG=layer`, or the same lines as the loader
//! sends them (whatever `VK_LOADER_DEBUG` says) to a debug-utils messenger chained into instance
//! creation. Loader 1.3.239 writes, among others:
//!
//! ```text
//! INFO | LAYER:     Insert instance layer "VK_LAYER_KHRONOS_validation" (libVkLayer_khronos_validation.so)
//! INFO | LAYER:     Inserted device layer "VK_LAYER_KHRONOS_validation" (libVkLayer_khronos_validation.so)
//! ```
//!
//! It inserts layers from the driver up, so each chain is listed bottom first. The library is
//! named as the manifest gives it, joined to the manifest's directory when relative.

use std::path::{Path, PathBuf};

/// A layer the loader reports inserting into a chain, with the library it loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InsertedLayer {
    /// The layer name.
    pub name: String,
    /// The library as the loader names it (as the manifest gives it, or made absolute).
    pub library: String,
}

impl InsertedLayer {
    /// Whether `library` is the file at `path` (relative names resolve against nothing, so
    /// they never match an absolute path).
    pub fn library_is(&self, path: &Path) -> bool {
        let lib = PathBuf::from(&self.library);
        match (lib.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Layers inserted into instance call chains, in log order.
pub fn instance_layers(log: &str) -> Vec<InsertedLayer> {
    inserted(log, "Insert instance layer \"")
}

/// Layers inserted into device call chains, in log order.
pub fn device_layers(log: &str) -> Vec<InsertedLayer> {
    inserted(log, "Inserted device layer \"")
}

fn inserted(log: &str, marker: &str) -> Vec<InsertedLayer> {
    log.lines()
        .filter_map(|line| {
            let rest = &line[line.find(marker)? + marker.len()..];
            let (name, rest) = rest.split_once('"')?;
            let library = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
            Some(InsertedLayer { name: name.to_string(), library: library.to_string() })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = r#"WARNING | LAYER:  env var 'VK_INSTANCE_LAYERS' defined and adding layers "VK_LAYER_KHRONOS_validation"
INFO | LAYER:     Insert instance layer "VK_LAYER_MESA_device_select" (libVkLayer_MESA_device_select.so)
INFO | LAYER:     Insert instance layer "VK_LAYER_KHRONOS_validation" (/x/../lib/libVkLayer_khronos_validation.so)
LAYER:            vkCreateInstance layer callstack setup to:
LAYER:               <Application>
LAYER:                 ||
LAYER:               <Loader>
LAYER:                 ||
LAYER:               VK_LAYER_MESA_device_select
LAYER:                       Type: Implicit
LAYER:                           Disable Env Var:  NODEVICE_SELECT
LAYER:                       Manifest: /usr/share/vulkan/implicit_layer.d/VkLayer_MESA_device_select.json
LAYER:                       Library:  libVkLayer_MESA_device_select.so
LAYER:                 ||
LAYER:               VK_LAYER_KHRONOS_validation
LAYER:                       Type: Explicit
LAYER:                       Manifest: /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json
LAYER:                       Library:  libVkLayer_khronos_validation.so
LAYER:                 ||
LAYER:               <Drivers>

INFO | LAYER:     Inserted device layer "VK_LAYER_KHRONOS_validation" (libVkLayer_khronos_validation.so)
LAYER:            vkCreateDevice layer callstack setup to:
LAYER:               <Application>
LAYER:                 ||
LAYER:               <Loader>
LAYER:                 ||
LAYER:               VK_LAYER_KHRONOS_validation
LAYER:                       Type: Explicit
LAYER:                 ||
LAYER:               <Device>
"#;

    #[test]
    fn parses_inserted_layers() {
        let inst = instance_layers(LOG);
        assert_eq!(inst.len(), 2);
        assert_eq!(inst[0].name, "VK_LAYER_MESA_device_select");
        assert_eq!(inst[1].library, "/x/../lib/libVkLayer_khronos_validation.so");
        let dev = device_layers(LOG);
        assert_eq!(
            dev,
            vec![InsertedLayer {
                name: "VK_LAYER_KHRONOS_validation".into(),
                library: "libVkLayer_khronos_validation.so".into()
            }]
        );
    }
}
