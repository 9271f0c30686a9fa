//! Comparing names in `const` code (`==` and `str::starts_with` are not `const`): tables the
//! layer builds when compiled look commands up by name.

use vigil_generated::commands::COMMANDS;

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

/// The index in `COMMANDS` (and every per-command table) of command `name` or one of its
/// aliases, when the layer is compiled: a table naming a command the registry lacks does not
/// compile.
pub const fn command_number(name: &str) -> usize {
    let mut c = 0;
    while c < COMMANDS.len() {
        if same(COMMANDS[c].name, name) {
            return c;
        }
        let aliases = COMMANDS[c].aliases;
        let mut a = 0;
        while a < aliases.len() {
            if same(aliases[a], name) {
                return c;
            }
            a += 1;
        }
        c += 1;
    }
    panic!("a table names a command the registry does not have")
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
