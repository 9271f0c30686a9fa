//! Comparing names in `const` code (`==` and `str::starts_with` are not `const`): tables the
//! layer builds when compiled look commands up by name.

/// Whether two byte strings are the same.
pub const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether two names are the same.
pub const fn same(a: &str, b: &str) -> bool {
    same_bytes(a.as_bytes(), b.as_bytes())
}

/// Whether `name` starts with `prefix`.
pub const fn starts_with(name: &str, prefix: &str) -> bool {
    let (name, prefix) = (name.as_bytes(), prefix.as_bytes());
    name.len() >= prefix.len() && same_bytes(name.split_at(prefix.len()).0, prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_as_strings_do() {
        assert!(same("vkCreateBuffer", "vkCreateBuffer"));
        assert!(!same("vkCreateBuffer", "vkCreateBuffers"));
        assert!(starts_with("vkCreateDescriptorUpdateTemplateKHR", "vkCreateDescriptorUpdateTemplate"));
        assert!(!starts_with("vkCreate", "vkCreateBuffer"));
        assert!(starts_with("vkCreate", ""));
    }
}
