//! The recording rules of every `vkCmd*` command, from vk.xml's command attributes
//! (`cmdbufferlevel`, `renderpass`, `videocoding`, `queues`, `tasks`): the implicit VUIDs
//! `-commandBuffer-recording`, `-renderpass`, `-videocoding`, `-bufferlevel` and
//! `-commandBuffer-cmdpool`, and `-suspended` for the action and synchronization commands (not
//! between suspended render pass instances), for each command whose VUID the pinned
//! validusage.json has. A command without `videocoding` may only be recorded outside a video
//! coding scope (the registry's default, which validusage.json states for each). An attribute
//! value the generator does not know fails generation.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;
use vigil_registry::{Registry, ValidUsage};

use crate::Error;

/// Counts per rule, for the generator-level test.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// `vkCmd*` commands with at least one rule.
    pub commands: usize,
    pub recording: usize,
    pub inside_render_pass: usize,
    pub outside_render_pass: usize,
    pub inside_video_coding: usize,
    pub outside_video_coding: usize,
    pub primary_only: usize,
    pub queue_capabilities: usize,
    pub suspended: usize,
}

/// The generated file and the ids it can report.
pub struct Output {
    pub tokens: TokenStream,
    pub ids: Vec<String>,
    #[cfg_attr(not(test), allow(dead_code))]
    pub stats: Stats,
}

const SCOPES: [&str; 3] = ["inside", "outside", "both"];
const LEVELS: [&str; 2] = ["primary", "secondary"];
const TASKS: [&str; 4] = ["action", "state", "synchronization", "indirection"];

/// `VK_QUEUE_*_BIT` values by name, from the registry's `VkQueueFlagBits`.
fn queue_bits(reg: &Registry) -> Result<BTreeMap<&str, u32>, Error> {
    let e = reg
        .enums
        .iter()
        .find(|e| e.name == "VkQueueFlagBits")
        .ok_or_else(|| Error("recording: no VkQueueFlagBits".into()))?;
    Ok(e.values.iter().map(|v| (v.name.as_str(), v.value as u32)).collect())
}

/// The rules of every recording command.
pub fn generate(reg: &Registry, vuids: &BTreeMap<String, ValidUsage>) -> Result<Output, Error> {
    let bits = queue_bits(reg)?;
    let bit = |name: &str| bits.get(name).copied().ok_or_else(|| Error(format!("recording: no queue bit {name}")));
    let (graphics, compute, transfer) =
        (bit("VK_QUEUE_GRAPHICS_BIT")?, bit("VK_QUEUE_COMPUTE_BIT")?, bit("VK_QUEUE_TRANSFER_BIT")?);
    let mut stats = Stats::default();
    let (mut rules, mut commands, mut ids) = (Vec::new(), Vec::new(), Vec::new());
    let mut rule_of = vec![u16::MAX; reg.commands.len()];
    for (i, c) in reg.commands.iter().enumerate() {
        let name = c.name.as_str();
        let bad = |what: &str, v: &str| {
            Error(format!("recording: {name} has {what} {v:?}, which the generator does not know"))
        };
        for (what, v) in [("renderpass", &c.renderpass), ("videocoding", &c.videocoding)] {
            if let Some(v) = v.as_deref().filter(|v| !SCOPES.contains(v)) {
                return Err(bad(what, v));
            }
        }
        if let Some(v) = c.cmdbuffer_levels.iter().find(|l| !LEVELS.contains(&l.as_str())) {
            return Err(bad("cmdbufferlevel", v));
        }
        if let Some(v) = c.tasks.iter().find(|t| !TASKS.contains(&t.as_str())) {
            return Err(bad("tasks", v));
        }
        let mut mask = 0;
        for q in &c.queues {
            mask |= bit(q)?;
        }
        let records = c.params.first().is_some_and(|p| p.ty.as_named() == Some("VkCommandBuffer"));
        if !records || !name.starts_with("vkCmd") {
            continue;
        }
        let id = |suffix: &str| {
            let v = format!("VUID-{name}-{suffix}");
            vuids.contains_key(&v).then_some(v)
        };
        let recording = id("commandBuffer-recording");
        let render_pass = match c.renderpass.as_deref() {
            Some("inside") => id("renderpass").map(|v| (quote!(RenderPassRule::Inside), v)),
            Some("outside") => id("renderpass").map(|v| (quote!(RenderPassRule::Outside), v)),
            _ => None,
        };
        // The registry's default is "outside".
        let video_coding = match c.videocoding.as_deref().unwrap_or("outside") {
            "inside" => id("videocoding").map(|v| (quote!(VideoCodingRule::Inside), v)),
            "outside" => id("videocoding").map(|v| (quote!(VideoCodingRule::Outside), v)),
            _ => None,
        };
        let primary_only = (c.cmdbuffer_levels == ["primary"]).then(|| id("bufferlevel")).flatten();
        // Queues that support graphics or compute support transfer commands too.
        if mask & transfer != 0 {
            mask |= graphics | compute;
        }
        let queues = (mask != 0).then(|| id("commandBuffer-cmdpool")).flatten();
        // The spec states the rule for every action and synchronization command.
        let acts = c.tasks.iter().any(|t| t == "action" || t == "synchronization");
        let suspended = acts.then(|| id("suspended")).flatten();
        if recording.is_none()
            && render_pass.is_none()
            && video_coding.is_none()
            && primary_only.is_none()
            && queues.is_none()
            && suspended.is_none()
        {
            continue;
        }
        stats.commands += 1;
        stats.recording += usize::from(recording.is_some());
        match c.renderpass.as_deref() {
            Some("inside") if render_pass.is_some() => stats.inside_render_pass += 1,
            Some("outside") if render_pass.is_some() => stats.outside_render_pass += 1,
            _ => {}
        }
        match c.videocoding.as_deref().unwrap_or("outside") {
            "inside" if video_coding.is_some() => stats.inside_video_coding += 1,
            "outside" if video_coding.is_some() => stats.outside_video_coding += 1,
            _ => {}
        }
        stats.primary_only += usize::from(primary_only.is_some());
        stats.queue_capabilities += usize::from(queues.is_some());
        stats.suspended += usize::from(suspended.is_some());
        ids.extend(
            recording
                .iter()
                .chain(render_pass.iter().map(|(_, v)| v))
                .chain(video_coding.iter().map(|(_, v)| v))
                .chain(&primary_only)
                .chain(&queues)
                .chain(&suspended)
                .cloned(),
        );
        let opt = |v: &Option<String>| match v {
            Some(v) => quote!(Some(#v)),
            None => quote!(None),
        };
        let (rec, primary, sus) = (opt(&recording), opt(&primary_only), opt(&suspended));
        let rp = match &render_pass {
            Some((rule, v)) => quote!(Some((#rule, #v))),
            None => quote!(None),
        };
        let video = match &video_coding {
            Some((rule, v)) => quote!(Some((#rule, #v))),
            None => quote!(None),
        };
        let q = match &queues {
            Some(v) => quote!(Some((#mask, #v))),
            None => quote!(None),
        };
        let index = i as u16;
        rule_of[i] = rules.len() as u16;
        rules.push(quote!(RecordingRule {
            command: #index, recording: #rec, render_pass: #rp, video_coding: #video, primary_only: #primary,
            queues: #q, suspended: #sus
        }));
        commands.push(index);
    }
    let n_commands = reg.commands.len();
    let tokens = quote! {
        //! The recording rules of every `vkCmd*` command, from vk.xml's `cmdbufferlevel`,
        //! `renderpass`, `videocoding`, `queues` and `tasks` attributes
        //! (`codegen/src/recording.rs`), with the implicit VUID of each that validusage.json has.

        /// Where a command may be recorded relative to a render pass instance.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum RenderPassRule {
            Inside,
            Outside,
        }

        /// Where a command may be recorded relative to a video coding scope.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum VideoCodingRule {
            Inside,
            Outside,
        }

        /// One command's recording rules, each with its VUID.
        #[derive(Debug)]
        pub struct RecordingRule {
            /// Index into `COMMANDS`.
            pub command: u16,
            /// The command buffer must be recording.
            pub recording: Option<&'static str>,
            pub render_pass: Option<(RenderPassRule, &'static str)>,
            pub video_coding: Option<(VideoCodingRule, &'static str)>,
            /// Only a primary command buffer may record it.
            pub primary_only: Option<&'static str>,
            /// `VkQueueFlags` of which the pool's queue family must support one (transfer
            /// commands also accept graphics and compute families).
            pub queues: Option<(u32, &'static str)>,
            /// An action or synchronization command: not between suspended render pass
            /// instances (after one ends suspended, before one resumes it).
            pub suspended: Option<&'static str>,
        }

        /// Every recording command with a rule, sorted by command.
        pub static RECORDING_RULES: &[RecordingRule] = &[#(#rules),*];
        /// The commands of [`RECORDING_RULES`].
        pub const RECORDING_COMMANDS: &[u16] = &[#(#commands),*];
        /// Per command (`COMMANDS` order): the index of its rule in [`RECORDING_RULES`], or
        /// `u16::MAX` (a direct lookup on every recorded command).
        pub static RECORDING_RULE_OF: [u16; #n_commands] = [#(#rule_of),*];
    };
    Ok(Output { tokens, ids, stats })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules generated from the pinned registry: a change here is a change in what core
    /// validation checks on every recorded command. Review it, then update the numbers.
    #[test]
    fn rules_per_kind() {
        let reg = vigil_registry::load_pinned().unwrap();
        let vuids = vigil_registry::load_pinned_vuids().unwrap();
        let out = generate(&reg, &vuids).unwrap();
        println!("{:#?}", out.stats);
        let expected = Stats {
            commands: 267,
            recording: 267,
            inside_render_pass: 43,
            outside_render_pass: 76,
            inside_video_coding: 4,
            outside_video_coding: 244,
            primary_only: 17,
            queue_capabilities: 267,
            suspended: 143,
        };
        assert_eq!(out.stats, expected);
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdDraw-renderpass"));
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdBeginRenderPass-bufferlevel"));
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdDispatch-commandBuffer-cmdpool"));
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdDraw-videocoding"));
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdEndVideoCodingKHR-videocoding"));
        assert!(out.ids.iter().any(|i| i == "VUID-vkCmdPipelineBarrier2-suspended"));
        assert!(!out.ids.iter().any(|i| i == "VUID-vkCmdBindPipeline-suspended"));
    }
}
