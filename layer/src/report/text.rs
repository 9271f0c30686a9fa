//! The text and JSON forms of a message.

use std::fmt::Write;

use super::{Location, Object, Severity};

/// Where the spec states a VUID.
fn spec_link(page: &str, vuid: &str) -> String {
    format!("https://docs.vulkan.org/spec/latest/{page}#{vuid}")
}

/// `Validation Error: [ <id> ] | MessageID = 0x… | <location>: <what>. The Vulkan spec states:
/// <text> (<link>)`.
pub fn render(severity: Severity, id: &str, hash: u32, location: &Location<'_>, body: &str) -> String {
    let mut s = format!("Validation {}: [ {id} ] | MessageID = 0x{hash:08x} | {location}: {body}", severity.label());
    if let Some(m) = super::spec_text::lookup(id).filter(|m| !m.text.is_empty()) {
        let _ = write!(s, " The Vulkan spec states: {} ({})", m.text, spec_link(m.page, id));
    }
    s
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One JSON object on one line, with the same fields as the callback data.
pub fn json_line(
    severity: Severity,
    id: &str,
    hash: u32,
    location: &Location<'_>,
    message: &str,
    objects: &[(Object, Option<&str>)],
) -> String {
    let mut s = String::from("{\"severity\":");
    json_string(&mut s, severity.label());
    s.push_str(",\"message_id_name\":");
    json_string(&mut s, id);
    let _ = write!(s, ",\"message_id_number\":\"0x{hash:08x}\",\"location\":");
    json_string(&mut s, &location.to_string());
    s.push_str(",\"objects\":[");
    for (i, (o, name)) in objects.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str("{\"type\":");
        json_string(&mut s, o.ty.name().unwrap_or("VK_OBJECT_TYPE_UNKNOWN"));
        let _ = write!(s, ",\"handle\":\"0x{:x}\"", o.handle);
        if let Some(n) = name {
            s.push_str(",\"name\":");
            json_string(&mut s, n);
        }
        s.push('}');
    }
    s.push_str("],\"message\":");
    json_string(&mut s, message);
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_generated::VkObjectType;

    #[test]
    fn json_escapes() {
        let loc = Location::command("vkCreateBuffer");
        let objects = [(Object { ty: VkObjectType::VK_OBJECT_TYPE_DEVICE, handle: 0x10 }, Some("my \"dev\""))];
        let line = json_line(Severity::Error, "VUID-VkBufferCreateInfo-size-00912", 0xab, &loc, "a\nb", &objects);
        assert_eq!(
            line,
            "{\"severity\":\"Error\",\"message_id_name\":\"VUID-VkBufferCreateInfo-size-00912\",\"message_id_number\":\"0x000000ab\",\
             \"location\":\"vkCreateBuffer()\",\"objects\":[{\"type\":\"VK_OBJECT_TYPE_DEVICE\",\"handle\":\"0x10\",\
             \"name\":\"my \\\"dev\\\"\"}],\"message\":\"a\\nb\"}\n"
        );
    }
}
