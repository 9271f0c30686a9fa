//! Where in a call a problem is: `vkQueueSubmit(): pSubmits[2].pCommandBuffers[0]`, or
//! `vkCreateImage(): pCreateInfo->pNext<VkImageFormatListCreateInfo>.viewFormatCount`.
//!
//! Built on the stack as checks descend into parameters (each level borrows its parent), and
//! rendered only when a message is emitted: a check that finds nothing never formats.

use std::fmt;

/// One step of a location.
#[derive(Clone, Copy, Debug)]
pub enum Location<'a> {
    /// The command itself (`vkCreateBuffer`).
    Command(&'static str),
    /// A parameter of the command, or a member of the parent: `.member`, or `->member` when the
    /// parent is a pointer.
    Field { parent: &'a Location<'a>, name: &'static str, through_pointer: bool },
    /// An element of an array parent: `[i]`.
    Index { parent: &'a Location<'a>, index: usize },
    /// A structure in the parent's pNext chain: `->pNext<VkFoo>`.
    Chained { parent: &'a Location<'a>, structure: &'static str },
}

impl<'a> Location<'a> {
    /// The location of `command`.
    pub const fn command(name: &'static str) -> Self {
        Location::Command(name)
    }

    /// A parameter or a member reached by value (`.name`).
    pub fn dot(&'a self, name: &'static str) -> Location<'a> {
        Location::Field { parent: self, name, through_pointer: false }
    }

    /// A member reached through a pointer (`->name`).
    pub fn arrow(&'a self, name: &'static str) -> Location<'a> {
        Location::Field { parent: self, name, through_pointer: true }
    }

    /// An array element.
    pub fn index(&'a self, index: usize) -> Location<'a> {
        Location::Index { parent: self, index }
    }

    /// A structure of the pNext chain.
    pub fn chained(&'a self, structure: &'static str) -> Location<'a> {
        Location::Chained { parent: self, structure }
    }

    /// The command this location is in.
    #[allow(dead_code)] // only the tests ask today
    pub fn command_name(&self) -> &'static str {
        match self {
            Location::Command(c) => c,
            Location::Field { parent, .. } | Location::Index { parent, .. } | Location::Chained { parent, .. } => {
                parent.command_name()
            }
        }
    }
}

impl fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Command(c) => write!(f, "{c}()"),
            Location::Field { parent, name, through_pointer } => match parent {
                // A parameter directly under the command: `vkFoo(): pCreateInfo`.
                Location::Command(_) => write!(f, "{parent}: {name}"),
                _ => write!(f, "{parent}{}{name}", if *through_pointer { "->" } else { "." }),
            },
            Location::Index { parent, index } => write!(f, "{parent}[{index}]"),
            Location::Chained { parent, structure } => write!(f, "{parent}->pNext<{structure}>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_the_reference_layer() {
        let cmd = Location::command("vkQueueSubmit");
        let submits = cmd.dot("pSubmits");
        let two = submits.index(2);
        let cbs = two.dot("pCommandBuffers");
        assert_eq!(cbs.index(0).to_string(), "vkQueueSubmit(): pSubmits[2].pCommandBuffers[0]");
        let cmd = Location::command("vkCreateImage");
        let info = cmd.dot("pCreateInfo");
        let list = info.chained("VkImageFormatListCreateInfo");
        assert_eq!(
            list.dot("viewFormatCount").to_string(),
            "vkCreateImage(): pCreateInfo->pNext<VkImageFormatListCreateInfo>.viewFormatCount"
        );
        assert_eq!(info.arrow("size").to_string(), "vkCreateImage(): pCreateInfo->size");
        assert_eq!(list.command_name(), "vkCreateImage");
    }
}
