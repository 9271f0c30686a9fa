//! Merging a registry fragment into `vk.xml` and `validusage.json`, as text.
//!
//! The fragment mirrors vk.xml's layout (a `<registry>` with `<tags>`, `<types>`, `<enums>`
//! blocks, `<commands>` and `<extensions>`), and each element lands where a registry update
//! would put it. Text rather than a DOM keeps the rest of vk.xml byte for byte, so the only
//! difference a regeneration sees is the fragment; the registry crate then parses the result
//! with every check it applies to a real vk.xml.

/// One element of the fragment: its lines (indentation included) and its start tag.
struct Element<'a> {
    lines: &'a str,
    start_tag: &'a str,
    /// The tag name (`type`, `enums`, …).
    tag: &'a str,
}

/// `vk_xml` with the fragment's elements inserted.
pub fn merge_registry(vk_xml: &str, fragment: &str) -> Result<String, String> {
    let root = inner(fragment, "registry").ok_or("the fragment has no <registry> element")?;
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let mut names = Vec::new();
    for section in elements(root)? {
        match section.tag {
            "tags" => {
                let at = line_start(vk_xml, find(vk_xml, "</tags>", 0)?);
                for tag in elements(section_inner(&section)?)? {
                    inserts.push((at, format!("{}\n", tag.lines)));
                }
            }
            "types" => {
                let types = (find(vk_xml, "<types", 0)?, find(vk_xml, "</types>", 0)?);
                for ty in elements(section_inner(&section)?)? {
                    names.push(type_name(&ty)?);
                    let category = attr(ty.start_tag, "category").ok_or("a fragment type has no category")?;
                    inserts.push(if category == "struct" {
                        (line_start(vk_xml, types.1), format!("{}\n", ty.lines))
                    } else {
                        (after_last_of_category(vk_xml, types, category)?, format!("\n{}", ty.lines))
                    });
                }
            }
            "enums" => {
                names.push(attr(section.start_tag, "name").ok_or("an <enums> block has no name")?.to_string());
                let commands = find(vk_xml, "<commands", 0)?;
                let last = vk_xml[..commands].rfind("</enums>").ok_or("vk.xml has no <enums> before <commands>")?;
                inserts.push((last + "</enums>".len(), format!("\n{}", section.lines)));
            }
            "commands" => {
                let at = line_start(vk_xml, find(vk_xml, "</commands>", 0)?);
                for c in elements(section_inner(&section)?)? {
                    names.push(inner(c.lines, "name").ok_or("a fragment command has no <name>")?.to_string());
                    inserts.push((at, format!("{}\n", c.lines)));
                }
            }
            "extensions" => {
                for e in elements(section_inner(&section)?)? {
                    inserts.push((extension_position(vk_xml, &e)?, format!("{}\n", e.lines)));
                }
            }
            other => return Err(format!("the fragment has a <{other}> section, which this merge does not place")),
        }
    }
    for name in &names {
        if vk_xml.contains(&format!(">{name}<")) || vk_xml.contains(&format!("name=\"{name}\"")) {
            return Err(format!("the fragment defines {name}, which vk.xml already has"));
        }
    }
    // Stable: elements bound for one place keep the fragment's order.
    inserts.sort_by_key(|(at, _)| *at);
    let mut out = String::with_capacity(vk_xml.len() + fragment.len());
    let mut done = 0;
    for (at, text) in inserts {
        out.push_str(&vk_xml[done..at]);
        out.push_str(&text);
        done = at;
    }
    out.push_str(&vk_xml[done..]);
    Ok(out)
}

/// `validusage.json` with the fragment's entries (a JSON object keyed like `"validation"`)
/// added to `"validation"`.
pub fn merge_validusage(json: &str, fragment: &str) -> Result<String, String> {
    let (open, close) = (fragment.find('{'), fragment.rfind('}'));
    let (Some(open), Some(close)) = (open, close) else { return Err("the VUID fragment is not a JSON object".into()) };
    let entries = fragment[open + 1..close].trim();
    if entries.is_empty() {
        return Err("the VUID fragment is empty".into());
    }
    let key = find(json, "\"validation\"", 0)?;
    let brace = find(json, "{", key)? + 1;
    Ok(format!("{}\n    {entries},{}", &json[..brace], &json[brace..]))
}

fn find(text: &str, what: &str, from: usize) -> Result<usize, String> {
    text[from..].find(what).map(|i| i + from).ok_or_else(|| format!("vk.xml has no `{what}`"))
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The text between `<tag …>` and its `</tag>` (the first such element; no nesting of `tag`).
fn inner<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let open = text.find(&format!("<{tag}>")).or_else(|| text.find(&format!("<{tag} ")))?;
    let start = open + text[open..].find('>')? + 1;
    let end = start + text[start..].find(&format!("</{tag}>"))?;
    Some(&text[start..end])
}

fn section_inner<'a>(section: &Element<'a>) -> Result<&'a str, String> {
    inner(section.lines, section.tag).ok_or_else(|| format!("<{}> is empty or not closed", section.tag))
}

/// The value of attribute `name` in a start tag.
fn attr<'a>(start_tag: &'a str, name: &str) -> Option<&'a str> {
    let pat = format!(" {name}=\"");
    let at = start_tag.find(&pat)? + pat.len();
    Some(&start_tag[at..at + start_tag[at..].find('"')?])
}

/// A type's name: its `name` attribute or its `<name>` element.
fn type_name(ty: &Element<'_>) -> Result<String, String> {
    attr(ty.start_tag, "name")
        .or_else(|| inner(ty.lines, "name"))
        .map(str::to_string)
        .ok_or_else(|| format!("a fragment type has no name: {}", ty.lines.trim()))
}

/// The top-level elements of `text` (comments and text between them skipped).
fn elements(text: &str) -> Result<Vec<Element<'_>>, String> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(rel) = text[at..].find('<') {
        let start = at + rel;
        if text[start..].starts_with("<!--") {
            at = find(text, "-->", start)? + 3;
            continue;
        }
        let end = element_end(text, start)?;
        let tag_end = find(text, ">", start)? + 1;
        let start_tag = &text[start..tag_end];
        let tag = start_tag[1..].split(|c: char| c.is_whitespace() || c == '>' || c == '/').next().unwrap_or("");
        out.push(Element { lines: &text[line_start(text, start)..end], start_tag, tag });
        at = end;
    }
    Ok(out)
}

/// Where the element starting at `start` ends (just past its closing `>`).
fn element_end(text: &str, start: usize) -> Result<usize, String> {
    let mut depth = 0usize;
    let mut at = start;
    loop {
        let open = find(text, "<", at)?;
        let close = find(text, ">", open)? + 1;
        let tag = &text[open..close];
        if tag.starts_with("<!--") {
            at = find(text, "-->", open)? + 3;
            continue;
        }
        if tag.starts_with("</") {
            depth = depth.checked_sub(1).ok_or_else(|| format!("unbalanced `{tag}`"))?;
        } else if !tag.ends_with("/>") {
            depth += 1;
        }
        at = close;
        if depth == 0 {
            return Ok(close);
        }
    }
}

/// Just past the last `<type category="…">` element of `category` in the types section.
fn after_last_of_category(vk_xml: &str, (start, end): (usize, usize), category: &str) -> Result<usize, String> {
    let section = &vk_xml[start..end];
    let at = section
        .rfind(&format!("category=\"{category}\""))
        .ok_or_else(|| format!("vk.xml has no type of category {category}"))?;
    let open = section[..at].rfind("<type").ok_or("a category outside a <type>")?;
    element_end(vk_xml, start + open)
}

/// The start of the line of the first extension numbered above `e`'s number, or of
/// `</extensions>`; an extension of the same name or number is an error.
fn extension_position(vk_xml: &str, e: &Element<'_>) -> Result<usize, String> {
    let name = attr(e.start_tag, "name").ok_or("a fragment extension has no name")?;
    let number: u32 = attr(e.start_tag, "number")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("extension {name} has no number"))?;
    let end = find(vk_xml, "</extensions>", 0)?;
    let mut at = find(vk_xml, "<extensions", 0)?;
    while let Some(rel) = vk_xml[at..end].find("<extension ") {
        let open = at + rel;
        let tag = &vk_xml[open..find(vk_xml, ">", open)?];
        let other = attr(tag, "name").unwrap_or("");
        let n: u32 = attr(tag, "number").and_then(|n| n.parse().ok()).unwrap_or(0);
        if other == name || n == number {
            return Err(format!("vk.xml already has extension {other} (number {n}); {name} needs a free one"));
        }
        if n > number {
            return Ok(line_start(vk_xml, open));
        }
        at = open + 1;
    }
    Ok(line_start(vk_xml, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    const VK: &str = r#"<registry>
    <tags>
        <tag name="KHR" />
    </tags>
    <types>
        <type category="bitmask">typedef <name>VkAFlags</name>;</type>
        <type category="handle"><name>VkA</name></type>
        <type category="struct" name="VkS">
            <member><name>x</name></member>
        </type>
    </types>
    <enums name="VkE" type="enum">
        <enum value="0" name="VK_E_0" />
    </enums>
    <commands>
        <command><proto><name>vkA</name></proto></command>
    </commands>
    <extensions>
        <extension name="VK_KHR_a" number="1" />
        <extension name="VK_KHR_c" number="3" />
    </extensions>
</registry>
"#;

    const FRAGMENT: &str = r#"<registry>
    <!-- a comment -->
    <tags>
        <tag name="VIGIL" />
    </tags>
    <types>
        <type category="handle"><name>VkB</name></type>
        <type category="struct" name="VkT">
            <member><name>y</name></member>
        </type>
        <type category="bitmask">typedef <name>VkBFlags</name>;</type>
    </types>
    <enums name="VkF" type="enum">
        <enum value="0" name="VK_F_0" />
    </enums>
    <commands>
        <command><proto><name>vkB</name></proto></command>
    </commands>
    <extensions>
        <extension name="VK_VIGIL_b" number="2">
            <require />
        </extension>
    </extensions>
</registry>
"#;

    #[test]
    fn places_each_element_where_its_kind_lives() {
        let merged = merge_registry(VK, FRAGMENT).unwrap();
        let expected = r#"<registry>
    <tags>
        <tag name="KHR" />
        <tag name="VIGIL" />
    </tags>
    <types>
        <type category="bitmask">typedef <name>VkAFlags</name>;</type>
        <type category="bitmask">typedef <name>VkBFlags</name>;</type>
        <type category="handle"><name>VkA</name></type>
        <type category="handle"><name>VkB</name></type>
        <type category="struct" name="VkS">
            <member><name>x</name></member>
        </type>
        <type category="struct" name="VkT">
            <member><name>y</name></member>
        </type>
    </types>
    <enums name="VkE" type="enum">
        <enum value="0" name="VK_E_0" />
    </enums>
    <enums name="VkF" type="enum">
        <enum value="0" name="VK_F_0" />
    </enums>
    <commands>
        <command><proto><name>vkA</name></proto></command>
        <command><proto><name>vkB</name></proto></command>
    </commands>
    <extensions>
        <extension name="VK_KHR_a" number="1" />
        <extension name="VK_VIGIL_b" number="2">
            <require />
        </extension>
        <extension name="VK_KHR_c" number="3" />
    </extensions>
</registry>
"#;
        assert_eq!(merged, expected);
    }

    #[test]
    fn refuses_names_and_numbers_already_taken() {
        let taken = FRAGMENT.replace("VkB<", "VkA<");
        assert!(merge_registry(VK, &taken).unwrap_err().contains("VkA"));
        let taken = FRAGMENT.replace("number=\"2\"", "number=\"3\"");
        assert!(merge_registry(VK, &taken).unwrap_err().contains("VK_KHR_c"));
    }

    #[test]
    fn adds_vuids_to_validation() {
        let json = "{\n  \"version info\": {},\n  \"validation\": {\n    \"a\": {}\n  }\n}\n";
        let merged = merge_validusage(json, "{\n  \"b\": {}\n}\n").unwrap();
        assert_eq!(merged, "{\n  \"version info\": {},\n  \"validation\": {\n    \"b\": {},\n    \"a\": {}\n  }\n}\n");
    }

    /// The committed fragment, merged into the pinned registry, is a registry the model accepts,
    /// with the extension's handle, commands and enum values where a real update puts them.
    #[test]
    fn the_synthetic_extension_merges_into_the_pinned_registry() {
        let root = crate::root();
        let dir = super::super::TempDir::new("merge-test").unwrap();
        let vk = std::fs::read_to_string(root.join("registry/vk.xml")).unwrap();
        let fragment = std::fs::read_to_string(root.join(super::super::FRAGMENT)).unwrap();
        std::fs::write(dir.path().join("vk.xml"), merge_registry(&vk, &fragment).unwrap()).unwrap();
        std::fs::copy(root.join("registry/video.xml"), dir.path().join("video.xml")).unwrap();
        let reg = vigil_registry::load(&dir.path().join("vk.xml")).unwrap();
        let ext = reg.extension("VK_VIGIL_synthetic_object").unwrap();
        assert_eq!(ext.number, 1000);
        assert_eq!(ext.commands.len(), 3);
        let handle = reg.handle("VkSyntheticObjectVIGIL").unwrap();
        assert_eq!(handle.object_type, "VK_OBJECT_TYPE_SYNTHETIC_OBJECT_VIGIL");
        let object_type = reg.enum_("VkObjectType").unwrap();
        let value = object_type.values.iter().find(|v| v.name == handle.object_type).unwrap();
        assert_eq!(value.value, 1_000_999_000, "1000000000 + (number - 1) * 1000 + offset");
        assert!(reg
            .struct_("VkDeviceSyntheticObjectsCreateInfoVIGIL")
            .unwrap()
            .extends
            .contains(&"VkDeviceCreateInfo".into()));

        let json = std::fs::read_to_string(root.join("registry/validusage.json")).unwrap();
        let vuids = std::fs::read_to_string(root.join(super::super::VUID_FRAGMENT)).unwrap();
        std::fs::write(dir.path().join("validusage.json"), merge_validusage(&json, &vuids).unwrap()).unwrap();
        let catalogue = vigil_registry::load_vuids(&dir.path().join("validusage.json")).unwrap();
        assert!(catalogue.contains_key("VUID-vkCmdUseSyntheticObjectVIGIL-object-parameter"));
        assert!(catalogue.contains_key("VUID-VkBufferCreateInfo-size-00912"), "the pinned entries stay");
    }
}
