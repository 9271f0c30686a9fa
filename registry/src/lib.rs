//! The Vulkan registry as one typed, checked model.
//!
//! `vk.xml` and `video.xml` are read with vk-parse's raw API; any parse error is fatal, and so is
//! anything the model cannot classify. Generators see only [`Registry`].

mod build;
mod ctype;
mod depends;
mod model;
mod vuids;

use std::fmt;
use std::path::{Path, PathBuf};

pub use ctype::{parse_declaration, ArrayLen, CType, Declaration};
pub use depends::Depends;
pub use model::*;
pub use vuids::{load_pinned_vuids, load_vuids, strip_html, ValidUsage};

/// The oldest registry Vigil generates from; `load` refuses older ones. 1.4.341 (Ubuntu
/// resolute's libvulkan-dev; test copy in `tests/registries/1.4.341`, generated and checked by
/// the xtask test `older_registry`) is the oldest seen to generate. 1.4.338 and older (Debian
/// trixie 1.4.309, bookworm 1.3.239) predate the `<proto>` form of funcpointers (1.4.339) the
/// model reads; past that, 1.4.309 needs reviewed-table entries the pinned registry has no use
/// for (`vkReleaseSwapchainImagesEXT` before it became an alias, an `externsync` path of
/// `vkReleaseCapturedPipelineDataKHR`). Lower it only to a version seen to generate.
pub const MIN_VERSION: (u32, u32, u32) = (1, 4, 341);

/// The registry committed under `registry/` (`VERSION`), the one the reviewed codegen tables and
/// the layer's VUIDs are checked against. A reviewed table entry naming something a registry
/// older than this lacks does not apply to it; from this version on it is a stale table.
pub const PINNED_VERSION: (u32, u32, u32) = (1, 4, 363);

/// Why the registry could not be turned into a model.
#[derive(Debug)]
pub enum Error {
    Io {
        path: PathBuf,
        error: String,
    },
    /// vk-parse reported problems; every one is listed.
    Parse {
        path: PathBuf,
        errors: Vec<String>,
    },
    /// A C declaration the model cannot read.
    Declaration {
        code: String,
        why: String,
    },
    /// A `depends` expression the model cannot read.
    Depends {
        text: String,
        why: String,
    },
    /// Something the model has no place for.
    Unclassified {
        what: String,
    },
    /// A registry older than [`MIN_VERSION`] (`version` as its vk.xml states it).
    TooOld {
        version: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Error::Parse { path, errors } => {
                write!(f, "{}: {} parse error(s):", path.display(), errors.len())?;
                for e in errors {
                    write!(f, "\n  {e}")?;
                }
                Ok(())
            }
            Error::Declaration { code, why } => write!(f, "cannot read declaration `{}`: {why}", code.trim()),
            Error::Depends { text, why } => write!(f, "cannot read depends expression `{text}`: {why}"),
            Error::Unclassified { what } => write!(f, "cannot classify {what}"),
            Error::TooOld { version } => {
                let (major, minor, patch) = MIN_VERSION;
                write!(f, "registry {version} is older than {major}.{minor}.{patch}, the oldest Vigil supports")
            }
        }
    }
}

impl std::error::Error for Error {}

/// The directory holding the pinned registry files (this crate's own directory).
pub fn registry_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn parse(path: &Path) -> Result<vk_parse::Registry, Error> {
    // vk-parse stops quietly at malformed XML; a full well-formedness pass makes that fatal.
    let file = std::fs::File::open(path).map_err(|e| Error::Io { path: path.to_path_buf(), error: e.to_string() })?;
    for event in xml::EventReader::new(std::io::BufReader::new(file)) {
        if let Err(e) = event {
            return Err(Error::Parse { path: path.to_path_buf(), errors: vec![e.to_string()] });
        }
    }
    let (reg, errors) =
        vk_parse::parse_file(path).map_err(|e| Error::Io { path: path.to_path_buf(), error: format!("{e:?}") })?;
    if !errors.is_empty() {
        return Err(Error::Parse {
            path: path.to_path_buf(),
            errors: errors.iter().map(|e| format!("{e:?}")).collect(),
        });
    }
    Ok(reg)
}

/// Loads `vk.xml` and, when present beside it, `video.xml`; refuses a registry older than
/// [`MIN_VERSION`] before reading further.
pub fn load(vk_xml: &Path) -> Result<Registry, Error> {
    let vk = parse(vk_xml)?;
    build::check_version(&vk)?;
    let video = vk_xml.with_file_name("video.xml");
    let video = if video.exists() { Some(parse(&video)?) } else { None };
    build::build(vk, video)
}

/// Loads the pinned registry committed under `registry/`.
pub fn load_pinned() -> Result<Registry, Error> {
    load(&registry_dir().join("vk.xml"))
}

#[cfg(test)]
mod tests;
