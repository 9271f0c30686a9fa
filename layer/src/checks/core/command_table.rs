//! Per-command id tables found by the call's command index. The tables are written sorted by
//! command name (a unit test per table checks them against the registry); finding a row by
//! comparing names cost a draw a few hundred instructions, so each table gets an index from
//! command number to row, built on its first use.

use std::sync::OnceLock;

use vigil_generated::commands::{command_index, COMMANDS};

use crate::chassis::Call;

/// No row for the command.
const NONE: u16 = u16::MAX;

/// A table of rows, each for one command, with its index by command number.
pub struct CommandTable<T: 'static> {
    rows: &'static [T],
    command: fn(&T) -> &'static str,
    by_command: OnceLock<Box<[u16]>>,
}

impl<T> CommandTable<T> {
    /// A table of `rows`, each naming its command through `command`.
    pub const fn new(rows: &'static [T], command: fn(&T) -> &'static str) -> Self {
        CommandTable { rows, command, by_command: OnceLock::new() }
    }

    /// The row of the call's command.
    #[inline]
    pub fn get(&self, cx: &Call<'_>) -> Option<&'static T> {
        self.row(cx.command)
    }

    /// The row of command number `command`.
    pub fn row(&self, command: usize) -> Option<&'static T> {
        let index = self.by_command.get_or_init(|| {
            let mut index = vec![NONE; COMMANDS.len()].into_boxed_slice();
            for (i, row) in self.rows.iter().enumerate() {
                if let Some(c) = command_index((self.command)(row).as_bytes()) {
                    index[c] = i as u16;
                }
            }
            index
        });
        match index.get(command) {
            Some(&i) if i != NONE => self.rows.get(usize::from(i)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static ROWS: [(&str, u32); 2] = [("vkCmdDispatch", 1), ("vkCmdDraw", 2)];
    static TABLE: CommandTable<(&str, u32)> = CommandTable::new(&ROWS, |r| r.0);

    #[test]
    fn rows_are_found_by_command_number() {
        let draw = command_index(b"vkCmdDraw").unwrap();
        let dispatch = command_index(b"vkCmdDispatch").unwrap();
        assert_eq!(TABLE.row(draw), Some(&("vkCmdDraw", 2)));
        assert_eq!(TABLE.row(dispatch), Some(&("vkCmdDispatch", 1)));
        assert_eq!(TABLE.row(command_index(b"vkCmdDrawIndexed").unwrap()), None);
        assert_eq!(TABLE.row(usize::MAX), None);
    }
}
