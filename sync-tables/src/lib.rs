//! Functions on the synchronization2 tables that `cargo xtask regen` generates from vk.xml's
//! `<sync>` block (`vigil_generated::sync`): meta-stage expansion, the stages an access mask
//! needs, the queue support of a stage mask, logically earlier and later stages per pipeline
//! type, and the usage index. Masks are `VkPipelineStageFlags2` / `VkAccessFlags2` values (the
//! original 32-bit flags share their low bits). Nothing here allocates.

use vigil_generated::sync::{SyncAccess, SyncStage, SYNC_ACCESSES, SYNC_PIPELINES, SYNC_STAGES, SYNC_USAGES};

pub use vigil_generated::sync::SyncUsage;

/// The bits of `mask`, lowest first.
fn bits(mask: u64) -> impl Iterator<Item = u64> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let b = rest & rest.wrapping_neg();
        rest &= rest.wrapping_sub(1);
        (b != 0).then_some(b)
    })
}

/// No entry at a bit position in [`BY_POSITION`].
const NONE: u8 = u8::MAX;

/// Per bit position (0..64), the index of that bit's stage in `SYNC_STAGES` and of its access
/// in `SYNC_ACCESSES` (`NONE` where there is none): barrier checks ask per bit on every call.
static BY_POSITION: std::sync::LazyLock<([u8; 64], [u8; 64])> = std::sync::LazyLock::new(|| {
    let mut stages = [NONE; 64];
    let mut accesses = [NONE; 64];
    for (i, s) in SYNC_STAGES.iter().enumerate().filter(|(_, s)| s.bit.is_power_of_two()) {
        let at = &mut stages[s.bit.trailing_zeros() as usize];
        if *at == NONE {
            *at = i as u8;
        }
    }
    for (i, a) in SYNC_ACCESSES.iter().enumerate().filter(|(_, a)| a.bit.is_power_of_two()) {
        let at = &mut accesses[a.bit.trailing_zeros() as usize];
        if *at == NONE {
            *at = i as u8;
        }
    }
    (stages, accesses)
});

fn stage(bit: u64) -> Option<&'static SyncStage> {
    if !bit.is_power_of_two() {
        return SYNC_STAGES.iter().find(|s| s.bit == bit);
    }
    SYNC_STAGES.get(usize::from(BY_POSITION.0[bit.trailing_zeros() as usize]))
}

fn access(bit: u64) -> Option<&'static SyncAccess> {
    if !bit.is_power_of_two() {
        return SYNC_ACCESSES.iter().find(|a| a.bit == bit);
    }
    SYNC_ACCESSES.get(usize::from(BY_POSITION.1[bit.trailing_zeros() as usize]))
}

/// `mask` with every meta stage (`ALL_COMMANDS`, `ALL_GRAPHICS`, `PRE_RASTERIZATION_SHADERS`,
/// `ALL_TRANSFER`, `VERTEX_INPUT`) replaced by the stages it stands for. Bits the tables do not
/// know are kept.
pub fn expand_stages(mask: u64) -> u64 {
    bits(mask).map(|b| stage(b).map_or(b, |s| s.expanded)).fold(0, |a, b| a | b)
}

/// `mask` with every meta access (`SHADER_READ`, `SHADER_WRITE`) replaced by the accesses it
/// stands for. Bits the tables do not know are kept.
pub fn expand_accesses(mask: u64) -> u64 {
    bits(mask).map(|b| access(b).map_or(b, |a| a.expanded)).fold(0, |a, b| a | b)
}

/// The stages (meta stages included) in which an access of `bit` may be performed; `u64::MAX`
/// when it may be performed in any (`MEMORY_READ`, `MEMORY_WRITE`) or is not known.
pub fn stages_for_access(bit: u64) -> u64 {
    access(bit).map_or(u64::MAX, |a| a.stages)
}

/// The bits of `accesses` that none of the stages of `stages` may perform (the table of
/// supported access types). Empty when every access is supported by some stage of the mask.
pub fn unsupported_accesses(accesses: u64, stages: u64) -> u64 {
    bits(accesses).filter(|&a| stages_for_access(a) & stages == 0).fold(0, |x, a| x | a)
}

/// `VK_ACCESS_2_MEMORY_READ_BIT` and `VK_ACCESS_2_MEMORY_WRITE_BIT`: every read, every write.
const MEMORY_READ: u64 = 0x8000;
const MEMORY_WRITE: u64 = 0x1_0000;

/// Every read access bit and every write access bit the tables know, by name.
static READS_WRITES: std::sync::LazyLock<(u64, u64)> = std::sync::LazyLock::new(|| {
    let single = || SYNC_ACCESSES.iter().filter(|a| a.bit.is_power_of_two());
    let reads = single().filter(|a| a.name.contains("_READ")).fold(0, |m, a| m | a.bit);
    let writes = single().filter(|a| a.name.contains("_WRITE")).fold(0, |m, a| m | a.bit);
    (reads, writes)
});

/// The access scope of `accesses` with stage mask `stages` (meta stages expanded): each access
/// it names (meta accesses, `MEMORY_READ` and `MEMORY_WRITE` standing for theirs) that some
/// stage of `stages` may perform.
pub fn access_scope(accesses: u64, stages: u64) -> u64 {
    let (reads, writes) = *READS_WRITES;
    let mut named = expand_accesses(accesses & !(MEMORY_READ | MEMORY_WRITE));
    if accesses & MEMORY_READ != 0 {
        named |= reads & !MEMORY_READ;
    }
    if accesses & MEMORY_WRITE != 0 {
        named |= writes & !MEMORY_WRITE;
    }
    let named = expand_accesses(named);
    bits(named).filter(|&a| stages_for_access(a) & stages != 0).fold(0, |x, a| x | a)
}

/// The `VkQueueFlags` of queue families that support the stage `bit` (`u32::MAX`: any, as for
/// `TOP_OF_PIPE`, `ALL_COMMANDS` and `HOST`, and for a stage the tables do not know).
pub fn queues_for_stage(bit: u64) -> u32 {
    stage(bit).map_or(u32::MAX, |s| s.queues)
}

/// The stages of `mask` that a queue family with `queue_flags` does not support.
pub fn unsupported_stages(mask: u64, queue_flags: u32) -> u64 {
    bits(mask).filter(|&s| queues_for_stage(s) & queue_flags == 0).fold(0, |x, s| x | s)
}

/// The stages logically earlier than `bit` in any pipeline type that has it: those before it
/// in the order, and unordered stages that come before it or before a stage before it.
pub fn logically_earlier(bit: u64) -> u64 {
    let mut out = 0;
    for p in &SYNC_PIPELINES {
        let Some(at) = p.ordered.iter().position(|&s| s == bit) else { continue };
        let before = p.ordered[..at].iter().fold(0, |a, s| a | s);
        out |= before;
        let up_to = before | bit;
        out |= p.unordered.iter().filter(|u| u.before & up_to != 0).fold(0, |a, u| a | u.stage);
    }
    out
}

/// The stages logically later than `bit` in any pipeline type that has it: those after it in
/// the order, and unordered stages that come after it or after a stage after it.
pub fn logically_later(bit: u64) -> u64 {
    let mut out = 0;
    for p in &SYNC_PIPELINES {
        if let Some(at) = p.ordered.iter().position(|&s| s == bit) {
            let after = p.ordered[at + 1..].iter().fold(0, |a, s| a | s);
            out |= after;
            out |= p.unordered.iter().filter(|u| u.after & (after | bit) != 0).fold(0, |a, u| a | u.stage);
        } else if let Some(u) = p.unordered.iter().find(|u| u.stage == bit && u.before != 0) {
            // Earlier than `before`: so the stage before, and everything after it.
            out |= u.before | logically_later(u.before);
        }
    }
    out
}

/// The usage index: one entry per valid (stage, access) pair, sorted by stage then access.
pub fn usages() -> &'static [SyncUsage] {
    &SYNC_USAGES
}

/// The position of (`stage`, `access`) in [`usages`], when the access may be performed in the
/// stage (both single bits, the stage not a meta stage).
pub fn usage_index(stage: u64, access: u64) -> Option<usize> {
    SYNC_USAGES.binary_search_by(|u| (u.stage, u.access).cmp(&(stage, access))).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP: u64 = 0x1;
    const DRAW_INDIRECT: u64 = 0x2;
    const VERTEX_INPUT: u64 = 0x4;
    const VERTEX_SHADER: u64 = 0x8;
    const GEOMETRY: u64 = 0x40;
    const FRAGMENT: u64 = 0x80;
    const EARLY_FRAGMENT_TESTS: u64 = 0x100;
    const COLOR_ATTACHMENT_OUTPUT: u64 = 0x400;
    const COMPUTE: u64 = 0x800;
    const TRANSFER: u64 = 0x1000;
    const HOST: u64 = 0x4000;
    const ALL_GRAPHICS: u64 = 0x8000;
    const ALL_COMMANDS: u64 = 0x10000;
    const COPY: u64 = 0x1_0000_0000;
    const INDEX_INPUT: u64 = 0x10_0000_0000;
    const VERTEX_ATTRIBUTE_INPUT: u64 = 0x20_0000_0000;
    const PRE_RASTERIZATION: u64 = 0x40_0000_0000;
    const FRAGMENT_DENSITY_PROCESS: u64 = 0x80_0000;

    const INDEX_READ: u64 = 0x2;
    const SHADER_READ: u64 = 0x20;
    const COLOR_WRITE: u64 = 0x100;
    const TRANSFER_WRITE: u64 = 0x1000;
    const HOST_READ: u64 = 0x2000;
    const MEMORY_READ: u64 = 0x8000;
    const SHADER_SAMPLED_READ: u64 = 0x1_0000_0000;
    const SHADER_STORAGE_READ: u64 = 0x2_0000_0000;

    const GRAPHICS_QUEUE: u32 = 0x1;
    const COMPUTE_QUEUE: u32 = 0x2;
    const TRANSFER_QUEUE: u32 = 0x4;

    #[test]
    fn meta_stages_expand() {
        assert_eq!(expand_stages(VERTEX_INPUT), INDEX_INPUT | VERTEX_ATTRIBUTE_INPUT);
        let all_graphics = expand_stages(ALL_GRAPHICS);
        assert_ne!(all_graphics & INDEX_INPUT, 0, "nested meta stages expand too");
        assert_eq!(all_graphics & (ALL_GRAPHICS | VERTEX_INPUT | COMPUTE), 0);
        assert_eq!(expand_stages(PRE_RASTERIZATION) & (VERTEX_SHADER | GEOMETRY), VERTEX_SHADER | GEOMETRY);
        assert_eq!(expand_stages(TRANSFER) & COPY, COPY);
        let all = expand_stages(ALL_COMMANDS);
        assert_eq!(all & (COMPUTE | COPY | FRAGMENT), COMPUTE | COPY | FRAGMENT);
        assert_eq!(all & (TOP | HOST | ALL_COMMANDS), 0);
        assert_eq!(expand_stages(FRAGMENT | TOP), FRAGMENT | TOP);
        assert_eq!(expand_accesses(SHADER_READ) & (SHADER_SAMPLED_READ | SHADER_STORAGE_READ), 0x3_0000_0000);
        assert_eq!(expand_accesses(COLOR_WRITE), COLOR_WRITE);
    }

    #[test]
    fn access_scopes() {
        let color_read = 0x80;
        let input_read = 0x10;
        assert_eq!(access_scope(COLOR_WRITE, COLOR_ATTACHMENT_OUTPUT), COLOR_WRITE);
        assert_eq!(access_scope(COLOR_WRITE, FRAGMENT), 0, "no stage of the mask writes color");
        let reads = access_scope(MEMORY_READ, COLOR_ATTACHMENT_OUTPUT);
        assert_eq!(reads & (color_read | COLOR_WRITE | SHADER_SAMPLED_READ), color_read);
        let fragment = access_scope(MEMORY_READ, FRAGMENT);
        assert_eq!(fragment & (input_read | SHADER_SAMPLED_READ | COLOR_WRITE), input_read | SHADER_SAMPLED_READ);
        assert_eq!(access_scope(SHADER_READ, FRAGMENT) & SHADER_SAMPLED_READ, SHADER_SAMPLED_READ);
        assert_eq!(access_scope(0, FRAGMENT), 0);
    }

    #[test]
    fn access_support() {
        let index = stages_for_access(INDEX_READ);
        assert_eq!(index & (VERTEX_INPUT | INDEX_INPUT | ALL_GRAPHICS | ALL_COMMANDS), 0x10_0001_8004);
        assert_eq!(index & (VERTEX_ATTRIBUTE_INPUT | FRAGMENT), 0);
        assert_eq!(stages_for_access(MEMORY_READ), u64::MAX);
        assert_eq!(unsupported_accesses(COLOR_WRITE | SHADER_READ, FRAGMENT), COLOR_WRITE);
        assert_eq!(unsupported_accesses(COLOR_WRITE | SHADER_READ, FRAGMENT | COLOR_ATTACHMENT_OUTPUT), 0);
        assert_eq!(unsupported_accesses(TRANSFER_WRITE | HOST_READ, TRANSFER), HOST_READ);
        assert_eq!(unsupported_accesses(SHADER_READ, PRE_RASTERIZATION), 0);
    }

    #[test]
    fn queue_support() {
        assert_eq!(queues_for_stage(COMPUTE), COMPUTE_QUEUE);
        assert_eq!(queues_for_stage(ALL_COMMANDS), u32::MAX);
        assert_eq!(unsupported_stages(FRAGMENT | COMPUTE | COPY | TOP, COMPUTE_QUEUE), FRAGMENT);
        assert_eq!(unsupported_stages(FRAGMENT | COMPUTE | COPY | HOST, TRANSFER_QUEUE), FRAGMENT | COMPUTE);
        assert_eq!(unsupported_stages(FRAGMENT | COMPUTE, GRAPHICS_QUEUE | COMPUTE_QUEUE), 0);
        // Per bit, so a family's unsupported stages can be worked out once and masked.
        assert_eq!(unsupported_stages(u64::MAX, u32::MAX), 0);
        for flags in [COMPUTE_QUEUE, TRANSFER_QUEUE, GRAPHICS_QUEUE, GRAPHICS_QUEUE | COMPUTE_QUEUE, 0] {
            for mask in [FRAGMENT | COMPUTE | COPY | TOP, ALL_COMMANDS | HOST, u64::MAX, 1 << 63 | COMPUTE] {
                assert_eq!(unsupported_stages(mask, flags), mask & unsupported_stages(u64::MAX, flags));
            }
        }
    }

    #[test]
    fn logical_order() {
        let earlier = logically_earlier(FRAGMENT);
        assert_eq!(earlier & (DRAW_INDIRECT | VERTEX_SHADER | EARLY_FRAGMENT_TESTS), 0x10a);
        assert_ne!(earlier & FRAGMENT_DENSITY_PROCESS, 0, "density processing comes before early tests");
        assert_eq!(earlier & (FRAGMENT | COLOR_ATTACHMENT_OUTPUT), 0);
        let later = logically_later(VERTEX_SHADER);
        assert_eq!(later & (FRAGMENT | COLOR_ATTACHMENT_OUTPUT), FRAGMENT | COLOR_ATTACHMENT_OUTPUT);
        assert_eq!(later & DRAW_INDIRECT, 0);
        assert_ne!(logically_later(FRAGMENT_DENSITY_PROCESS) & EARLY_FRAGMENT_TESTS, 0);
        assert_eq!(logically_later(COMPUTE), 0);
        assert_eq!(logically_earlier(COMPUTE), DRAW_INDIRECT);
    }

    #[test]
    fn usage_index_pairs() {
        assert_eq!(usages().len(), 166);
        assert!(usages().windows(2).all(|w| (w[0].stage, w[0].access) < (w[1].stage, w[1].access)));
        assert!(usage_index(INDEX_INPUT, INDEX_READ).is_some());
        assert!(usage_index(FRAGMENT, SHADER_SAMPLED_READ).is_some());
        assert!(usage_index(FRAGMENT, COLOR_WRITE).is_none());
        // Meta stages and meta accesses have no entries of their own.
        assert!(usage_index(VERTEX_INPUT, INDEX_READ).is_none());
        assert!(usage_index(FRAGMENT, SHADER_READ).is_none());
    }
}
