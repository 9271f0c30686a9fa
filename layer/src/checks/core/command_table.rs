//! Per-command id tables found by the call's command index. The tables are written sorted by
//! command name (a unit test per table checks them against the registry); finding a row by
//! comparing names cost a draw a few hundred instructions, and an index built on first use
//! still a dozen per table, so each table's index from command number to row is built when
//! the layer is compiled ([`command_table!`]): a row costs a bound check and a load.

use vigil_generated::commands::COMMANDS;

pub use crate::chassis::names::command_number;
use crate::chassis::Call;

/// The number of commands: the length of every table's index.
pub const COMMAND_COUNT: usize = COMMANDS.len();

/// A table of rows, each for one command, with its index by command number.
pub struct CommandTable<T: 'static> {
    by_command: [Option<&'static T>; COMMAND_COUNT],
}

impl<T> CommandTable<T> {
    /// A table whose index is `by_command` (what [`command_table!`] builds).
    pub const fn indexed(by_command: [Option<&'static T>; COMMAND_COUNT]) -> Self {
        CommandTable { by_command }
    }

    /// The row of the call's command.
    #[inline(always)]
    pub fn get(&self, cx: &Call<'_>) -> Option<&'static T> {
        self.row(cx.command)
    }

    /// The row of command number `command`.
    #[inline(always)]
    pub fn row(&self, command: usize) -> Option<&'static T> {
        self.by_command.get(command).copied().flatten()
    }
}

/// `command_table!(vis static NAME: Row = ROWS, field)`: a [`CommandTable`] of the rows `ROWS`
/// (a constant or static slice or array of `Row`), each naming its command in `field` (a field
/// name or tuple index), indexed when the layer is compiled.
macro_rules! command_table {
    ($(#[$attr:meta])* $vis:vis static $name:ident: $row:ty = $rows:expr, $field:tt) => {
        $(#[$attr])*
        $vis static $name: $crate::checks::core::command_table::CommandTable<$row> =
            $crate::checks::core::command_table::CommandTable::indexed({
                use $crate::checks::core::command_table::{command_number, COMMAND_COUNT};
                let rows: &'static [$row] = &$rows;
                let mut index: [Option<&'static $row>; COMMAND_COUNT] = [None; COMMAND_COUNT];
                let mut i = 0;
                while i < rows.len() {
                    index[command_number(rows[i].$field)] = Some(&rows[i]);
                    i += 1;
                }
                index
            });
    };
}
pub(crate) use command_table;

#[cfg(test)]
mod tests {
    use super::*;

    use vigil_generated::commands::command_index;

    static ROWS: [(&str, u32); 3] = [("vkCmdDispatch", 1), ("vkCmdDraw", 2), ("vkCmdDrawIndirectCountKHR", 3)];
    command_table!(static TABLE: (&str, u32) = ROWS, 0);

    #[test]
    fn rows_are_found_by_command_number() {
        let draw = command_index(b"vkCmdDraw").unwrap();
        let dispatch = command_index(b"vkCmdDispatch").unwrap();
        assert_eq!(TABLE.row(draw), Some(&("vkCmdDraw", 2)));
        assert_eq!(TABLE.row(dispatch), Some(&("vkCmdDispatch", 1)));
        assert_eq!(TABLE.row(command_index(b"vkCmdDrawIndexed").unwrap()), None);
        assert_eq!(TABLE.row(usize::MAX), None);
        // An alias finds its command's number.
        let count = command_index(b"vkCmdDrawIndirectCount").unwrap();
        assert_eq!(TABLE.row(count), Some(&("vkCmdDrawIndirectCountKHR", 3)));
        assert_eq!(command_number("vkCmdDrawIndirectCount"), count);
    }
}
