//! The spec's text for a VUID, from the data file the generated crate embeds
//! (`generated/spec_text.tsv`: every VUID of validusage.json). Read only when a message is
//! reported: the index is built on the first report, never on the hot path.

use std::sync::OnceLock;

use vigil_generated::SPEC_TEXT;

/// Where and how the spec states one VUID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecText {
    /// The spec page, relative to the spec's root (`chapters/resources.html`).
    pub page: &'static str,
    /// The statement, HTML stripped.
    pub text: &'static str,
}

/// Every line of the table, split: (id, page, text), in id order.
fn index() -> &'static [(&'static str, SpecText)] {
    static INDEX: OnceLock<Vec<(&'static str, SpecText)>> = OnceLock::new();
    INDEX.get_or_init(|| {
        SPEC_TEXT
            .lines()
            .filter_map(|line| {
                let mut fields = line.splitn(3, '\t');
                let id = fields.next()?;
                let page = fields.next()?;
                let text = fields.next()?;
                Some((id, SpecText { page, text }))
            })
            .collect()
    })
}

/// The table's line of `vuid`, if the registry has it.
fn find(vuid: &str) -> Option<&'static (&'static str, SpecText)> {
    let index = index();
    index.binary_search_by(|(id, _)| (*id).cmp(vuid)).ok().map(|i| &index[i])
}

/// The spec's statement of `vuid`, if the registry has it.
pub fn lookup(vuid: &str) -> Option<SpecText> {
    find(vuid).map(|line| line.1)
}

/// `vuid` as the registry spells it, with the table's lifetime: for ids that come from text at
/// run time (the SPIR-V validator's messages), so they can be reported like a literal.
pub fn known_vuid(vuid: &str) -> Option<&'static str> {
    find(vuid).map(|line| line.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_finds_a_known_vuid() {
        let index = index();
        assert!(index.len() > 20_000, "{} VUIDs", index.len());
        assert!(index.windows(2).all(|w| w[0].0 < w[1].0), "spec_text.tsv is not sorted by id");
        let size = lookup("VUID-VkBufferCreateInfo-size-00912").expect("a VUID of every version");
        assert_eq!(size.text, "size must be greater than 0");
        assert_eq!(size.page, "chapters/resources.html");
        // Built at run time: the id scanners must not take it for an id the layer emits.
        assert_eq!(lookup(&["VUID", "NoSuch", "thing", "00000"].join("-")), None);
    }

    /// Every VUID the layer's sources name is one the pinned registry has, so a message never
    /// quotes nothing. This replaces a generator run: a new check needs only this test to pass.
    #[test]
    fn every_vuid_the_layer_names_exists() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut unknown = Vec::new();
        let mut seen = 0;
        for path in crate::module_graph::rust_files(&src) {
            let text = std::fs::read_to_string(&path).unwrap();
            // Spelled so that this line is not itself a match.
            for (at, _) in text.match_indices(concat!("\"VUID", "-")) {
                let rest = &text[at + 1..];
                let id = &rest[..rest.find('"').unwrap_or(rest.len())];
                if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                    continue;
                }
                seen += 1;
                if lookup(id).is_none() {
                    unknown.push(format!("{}: {id}", path.display()));
                }
            }
        }
        assert!(seen > 100, "found only {seen} VUIDs under src/");
        assert!(unknown.is_empty(), "VUIDs the pinned validusage.json does not have:\n{}", unknown.join("\n"));
    }
}
