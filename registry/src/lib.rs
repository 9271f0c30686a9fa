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

/// Loads `vk.xml` and, when present beside it, `video.xml`.
pub fn load(vk_xml: &Path) -> Result<Registry, Error> {
    let video = vk_xml.with_file_name("video.xml");
    let video = if video.exists() { Some(parse(&video)?) } else { None };
    build::build(parse(vk_xml)?, video)
}

/// Loads the pinned registry committed under `registry/`.
pub fn load_pinned() -> Result<Registry, Error> {
    load(&registry_dir().join("vk.xml"))
}

#[cfg(test)]
mod tests;
