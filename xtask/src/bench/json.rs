//! A small JSON writer for report.json: the report only writes JSON, so a serializer crate
//! would be a dependency for forty lines.

use std::fmt::{self, Write};

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`, also what a missing or non-finite number becomes.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number; non-finite values are written as `null`.
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, keys in the given order.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// An object from `(key, value)` pairs.
    pub fn obj<K: Into<String>>(pairs: impl IntoIterator<Item = (K, Json)>) -> Json {
        Json::Obj(pairs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// A number, or `null` for `None`.
    pub fn num(n: Option<f64>) -> Json {
        n.map_or(Json::Null, Json::Num)
    }

    fn write(&self, out: &mut String, indent: usize) -> fmt::Result {
        let pad = |n: usize| "  ".repeat(n);
        match self {
            Json::Null => out.write_str("null"),
            Json::Bool(b) => write!(out, "{b}"),
            Json::Num(n) if n.is_finite() => write!(out, "{n}"),
            Json::Num(_) => out.write_str("null"),
            Json::Str(s) => write_str(out, s),
            Json::Arr(items) if items.is_empty() => out.write_str("[]"),
            Json::Arr(items) => {
                out.write_str("[\n")?;
                for (i, item) in items.iter().enumerate() {
                    out.write_str(&pad(indent + 1))?;
                    item.write(out, indent + 1)?;
                    out.write_str(if i + 1 < items.len() { ",\n" } else { "\n" })?;
                }
                write!(out, "{}]", pad(indent))
            }
            Json::Obj(fields) if fields.is_empty() => out.write_str("{}"),
            Json::Obj(fields) => {
                out.write_str("{\n")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    out.write_str(&pad(indent + 1))?;
                    write_str(out, key)?;
                    out.write_str(": ")?;
                    value.write(out, indent + 1)?;
                    out.write_str(if i + 1 < fields.len() { ",\n" } else { "\n" })?;
                }
                write!(out, "{}}}", pad(indent))
            }
        }
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out, 0)?;
        f.write_str(&out)
    }
}

/// A JSON string literal with the escapes RFC 8259 requires.
fn write_str(out: &mut String, s: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_nested_values() {
        let v = Json::obj([
            ("name", Json::str("a \"b\"\n\u{1}")),
            ("n", Json::Num(1.5)),
            ("nan", Json::Num(f64::NAN)),
            ("none", Json::num(None)),
            ("list", Json::Arr(vec![Json::Bool(true), Json::Arr(vec![])])),
        ]);
        let expected =
            "{\n  \"name\": \"a \\\"b\\\"\\n\\u0001\",\n  \"n\": 1.5,\n  \"nan\": null,\n  \"none\": null,\n  \
                        \"list\": [\n    true,\n    []\n  ]\n}";
        assert_eq!(v.to_string(), expected);
    }
}
