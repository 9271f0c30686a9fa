//! The VUID catalogue from `validusage.json`: every valid-usage id with its text (HTML
//! stripped) and the spec page that states it.

use std::collections::BTreeMap;
use std::path::Path;

use crate::Error;

/// One valid-usage statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidUsage {
    /// Plain text: tags removed, entities decoded, whitespace collapsed.
    pub text: String,
    /// The spec page, relative to the spec's root (`chapters/resources.html`).
    pub page: String,
}

/// Loads `validusage.json`, keyed by VUID.
pub fn load_vuids(path: &Path) -> Result<BTreeMap<String, ValidUsage>, Error> {
    let bad = |why: String| Error::Unclassified { what: format!("{}: {why}", path.display()) };
    let text =
        std::fs::read_to_string(path).map_err(|e| Error::Io { path: path.to_path_buf(), error: e.to_string() })?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let validation = json.get("validation").and_then(|v| v.as_object()).ok_or_else(|| bad("no `validation`".into()))?;
    let mut out = BTreeMap::new();
    for (_, by_condition) in validation {
        let by_condition = by_condition.as_object().ok_or_else(|| bad("entry is not an object".into()))?;
        for (_, list) in by_condition {
            for vu in list.as_array().ok_or_else(|| bad("condition is not an array".into()))? {
                let field =
                    |k: &str| vu.get(k).and_then(|v| v.as_str()).ok_or_else(|| bad(format!("VU without `{k}`")));
                let vuid = field("vuid")?.to_string();
                let entry = ValidUsage { text: strip_html(field("text")?), page: field("page")?.to_string() };
                out.insert(vuid, entry);
            }
        }
    }
    Ok(out)
}

/// Loads the pinned catalogue.
pub fn load_pinned_vuids() -> Result<BTreeMap<String, ValidUsage>, Error> {
    load_vuids(&crate::registry_dir().join("validusage.json"))
}

/// `<code>size</code> <strong class="purple">must</strong> be &gt; 0` → `size must be > 0`.
pub fn strip_html(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#8217;", "'")
        .replace("&#8220;", "\"")
        .replace("&#8221;", "\"")
        .replace("&#8594;", "->")
        .replace("&#8230;", "...")
        .replace("&#8203;", "")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue() {
        let vus = load_pinned_vuids().unwrap();
        assert_eq!(vus.len(), 27415);
        let vu = &vus["VUID-VkBufferCreateInfo-size-00912"];
        assert_eq!(vu.text, "size must be greater than 0");
        assert_eq!(vu.page, "chapters/resources.html");
        let vu = &vus["VUID-vkAllocateMemory-pAllocateInfo-01714"];
        assert!(vu.text.starts_with("pAllocateInfo->memoryTypeIndex must be less than"), "{}", vu.text);
    }

    #[test]
    fn html() {
        assert_eq!(strip_html("<code>a</code>\n  <strong class=\"purple\">must</strong> be &gt; 0"), "a must be > 0");
    }
}
