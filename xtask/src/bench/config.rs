//! What the benchmark runs, as data: the workloads, the coverage both layers can switch on, the
//! equal-coverage pairs built from it, and the environment each configuration runs under.

use std::path::{Path, PathBuf};

/// One workload process (`vigil-workload <args>`).
pub struct Workload {
    /// Name in the report.
    pub id: &'static str,
    /// `vigil-workload` arguments.
    pub args: &'static [&'static str],
    /// Counted under callgrind too (threads only add wall-clock scaling to `draw`'s counts).
    pub counted: bool,
    /// Part of `--quick`.
    pub quick: bool,
    /// The Vulkan commands its measured section calls (tests/bench/src: what runs inside
    /// `vigil_bench_measured`, so not the unmeasured pool reset and submit).
    pub commands: &'static [&'static str],
    /// The structures those commands take (pointed to, or in arrays).
    pub structures: &'static [&'static str],
}

/// `draw`'s measured section (draw.rs `record`), and each thread's in `threads-N`.
const DRAW_COMMANDS: &[&str] = &[
    "vkBeginCommandBuffer",
    "vkCmdBeginRenderPass2",
    "vkCmdBindPipeline",
    "vkCmdSetViewport",
    "vkCmdSetScissor",
    "vkCmdBindDescriptorSets",
    "vkCmdPushConstants",
    "vkCmdDraw",
    "vkCmdEndRenderPass2",
    "vkEndCommandBuffer",
];
const DRAW_STRUCTURES: &[&str] = &[
    "VkCommandBufferBeginInfo",
    "VkRenderPassBeginInfo",
    "VkClearValue",
    "VkSubpassBeginInfo",
    "VkSubpassEndInfo",
    "VkViewport",
    "VkRect2D",
];

/// The workloads, in report order.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        id: "draw",
        args: &["draw"],
        counted: true,
        quick: true,
        commands: DRAW_COMMANDS,
        structures: DRAW_STRUCTURES,
    },
    Workload {
        id: "dispatch",
        args: &["dispatch"],
        counted: true,
        quick: true,
        // dispatch.rs `record`.
        commands: &[
            "vkBeginCommandBuffer",
            "vkCmdBindPipeline",
            "vkCmdBindDescriptorSets",
            "vkCmdDispatch",
            "vkCmdPipelineBarrier2",
            "vkCmdCopyBuffer",
            "vkEndCommandBuffer",
        ],
        structures: &["VkCommandBufferBeginInfo", "VkDependencyInfo", "VkBufferMemoryBarrier2", "VkBufferCopy"],
    },
    Workload {
        id: "churn",
        args: &["churn"],
        counted: true,
        quick: true,
        // churn.rs `churn` (ash's get_*_memory_requirements are the Vulkan 1.0 commands).
        commands: &[
            "vkCreateBuffer",
            "vkGetBufferMemoryRequirements",
            "vkBindBufferMemory",
            "vkDestroyBuffer",
            "vkCreateImage",
            "vkGetImageMemoryRequirements",
            "vkBindImageMemory",
            "vkCreateImageView",
            "vkDestroyImageView",
            "vkDestroyImage",
            "vkAllocateDescriptorSets",
            "vkFreeDescriptorSets",
            "vkCreateSampler",
            "vkDestroySampler",
        ],
        structures: &[
            "VkBufferCreateInfo",
            "VkImageCreateInfo",
            "VkExtent3D",
            "VkImageViewCreateInfo",
            "VkComponentMapping",
            "VkImageSubresourceRange",
            "VkDescriptorSetAllocateInfo",
            "VkSamplerCreateInfo",
        ],
    },
    Workload {
        id: "threads-1",
        args: &["threads", "--threads", "1"],
        counted: false,
        quick: false,
        commands: DRAW_COMMANDS,
        structures: DRAW_STRUCTURES,
    },
    Workload {
        id: "threads-2",
        args: &["threads", "--threads", "2"],
        counted: false,
        quick: true,
        commands: DRAW_COMMANDS,
        structures: DRAW_STRUCTURES,
    },
    Workload {
        id: "threads-4",
        args: &["threads", "--threads", "4"],
        counted: false,
        quick: false,
        commands: DRAW_COMMANDS,
        structures: DRAW_STRUCTURES,
    },
];

/// Whether workload `id` is one of the `threads-N` workloads of the thread-scaling section.
pub fn scales_threads(id: &str) -> bool {
    id.starts_with("threads-")
}

/// The soak workloads: many submits, each observed complete one way (see
/// tests/bench/src/soak.rs). Run [`SOAK_RUNS`] times under each of [`SOAK_CONFIGS`], outside
/// `--quick`, with `--frames` as the number of submits.
pub const SOAKS: &[Workload] = &[
    Workload {
        id: "soak-fence",
        args: &["soak", "--wait", "fence"],
        counted: false,
        quick: false,
        commands: &["vkWaitForFences", "vkResetFences", "vkQueueSubmit2"],
        structures: &["VkSubmitInfo2", "VkCommandBufferSubmitInfo", "VkSemaphoreSubmitInfo"],
    },
    Workload {
        id: "soak-timeline",
        args: &["soak", "--wait", "timeline"],
        counted: false,
        quick: false,
        commands: &["vkWaitSemaphores", "vkQueueSubmit2"],
        structures: &["VkSemaphoreWaitInfo", "VkSubmitInfo2", "VkCommandBufferSubmitInfo", "VkSemaphoreSubmitInfo"],
    },
];
/// Submits per soak process.
pub const SOAK_SUBMITS: usize = 100_000;
/// Processes per soak workload and configuration: one run's windows move with the machine.
pub const SOAK_RUNS: usize = 5;
/// The configurations the soak runs under.
pub const SOAK_CONFIGS: &[&str] = &[BASELINE, VIGIL_DEFAULTS, REFERENCE_DEFAULTS];
/// The soak configurations callgrind counts (once each: counts repeat): Vigil and the
/// no-layer baseline its added instructions are taken over.
pub const SOAK_COUNTED: &[&str] = &[BASELINE, VIGIL_DEFAULTS];

/// The reference layer (Debian 12's vulkan-validationlayers 1.3.239).
pub const REFERENCE_LAYER: &str = "VK_LAYER_KHRONOS_validation";
/// Vigil.
pub const VIGIL_LAYER: &str = "VK_LAYER_VIGIL_validation";
/// Prefix of Vigil's run-time settings: `VK_VIGIL_VALIDATION_<KEY>=0|1`.
pub const VIGIL_SETTING_PREFIX: &str = "VK_VIGIL_VALIDATION_";

/// Every value of the 1.3.239 reference's `khronos_validation.disables` (its manifest lists
/// them): all of them is the reference's pass-through. `..._UNIQUE_HANDLES_EXT` turns handle
/// wrapping off.
pub const REFERENCE_DISABLES: &[&str] = &[
    "VK_VALIDATION_FEATURE_DISABLE_THREAD_SAFETY_EXT",
    "VK_VALIDATION_FEATURE_DISABLE_API_PARAMETERS_EXT",
    "VK_VALIDATION_FEATURE_DISABLE_OBJECT_LIFETIMES_EXT",
    "VK_VALIDATION_FEATURE_DISABLE_CORE_CHECKS_EXT",
    "VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT",
    "VK_VALIDATION_FEATURE_DISABLE_SHADERS_EXT",
    "VALIDATION_CHECK_DISABLE_COMMAND_BUFFER_STATE",
    "VALIDATION_CHECK_DISABLE_IMAGE_LAYOUT_VALIDATION",
    "VALIDATION_CHECK_DISABLE_QUERY_VALIDATION",
    "VALIDATION_CHECK_DISABLE_OBJECT_IN_USE",
    "VK_VALIDATION_FEATURE_DISABLE_SHADER_VALIDATION_CACHE_EXT",
];

/// A unit of validation coverage that both layers can switch on by itself.
pub struct Coverage {
    /// Name in the report and in [`Covers::These`].
    pub name: &'static str,
    /// Vigil's setting (`VK_VIGIL_VALIDATION_<KEY>`); every Vigil configuration sets it.
    pub vigil_key: &'static str,
    /// Whether Vigil implements it yet: its settings table names objects before they exist.
    pub vigil_has: bool,
    /// The reference's disables that, left out of its settings, switch the same coverage on.
    pub reference: &'static [&'static str],
}

/// The coverage both layers could have. When Vigil gains a validation object (or handle
/// wrapping), set its `vigil_has`: one line, and every pair follows.
pub const COVERAGE: &[Coverage] = &[
    Coverage {
        name: "handle wrapping",
        vigil_key: "HANDLE_WRAPPING",
        vigil_has: true,
        reference: &["VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT"],
    },
    Coverage {
        name: "stateless parameters",
        vigil_key: "STATELESS",
        vigil_has: true,
        reference: &["VK_VALIDATION_FEATURE_DISABLE_API_PARAMETERS_EXT"],
    },
    Coverage {
        name: "object lifetimes",
        vigil_key: "OBJECT_LIFETIME",
        vigil_has: true,
        reference: &["VK_VALIDATION_FEATURE_DISABLE_OBJECT_LIFETIMES_EXT"],
    },
    Coverage {
        name: "thread safety",
        vigil_key: "THREAD_SAFETY",
        vigil_has: true,
        reference: &["VK_VALIDATION_FEATURE_DISABLE_THREAD_SAFETY_EXT"],
    },
    Coverage {
        name: "core validation",
        vigil_key: CORE_KEY,
        vigil_has: true,
        reference: &[
            "VK_VALIDATION_FEATURE_DISABLE_CORE_CHECKS_EXT",
            "VK_VALIDATION_FEATURE_DISABLE_SHADERS_EXT",
            "VK_VALIDATION_FEATURE_DISABLE_SHADER_VALIDATION_CACHE_EXT",
            "VALIDATION_CHECK_DISABLE_COMMAND_BUFFER_STATE",
            "VALIDATION_CHECK_DISABLE_IMAGE_LAYOUT_VALIDATION",
            "VALIDATION_CHECK_DISABLE_QUERY_VALIDATION",
            "VALIDATION_CHECK_DISABLE_OBJECT_IN_USE",
        ],
    },
];

/// Vigil's setting for core validation (its state tracker included): pairs that switch it on
/// are quoted only where Vigil checks what the reference does (see `core_gap`).
pub const CORE_KEY: &str = "CORE";

/// Vigil settings off in every configuration: their reference counterparts (synchronization
/// and GPU-assisted validation) are opt-in `enables`, off in every reference configuration.
pub const VIGIL_ALWAYS_OFF: &[&str] = &["SYNC", "GPUAV"];

/// What a pair switches on.
pub enum Covers {
    /// Exactly these [`COVERAGE`] entries, by name (none: pass-through).
    These(&'static [&'static str]),
    /// Every entry Vigil has: Vigil as it is today against the reference set to the same
    /// coverage. No pair of [`PAIRS`] uses it since core validation joined: "Vigil's validation
    /// objects" keeps the four objects it always measured, so its numbers stay comparable.
    #[cfg_attr(not(test), allow(dead_code))]
    EverythingVigilHas,
}

/// An equal-coverage pair: Vigil and the reference, each with exactly `covers` on.
pub struct Pair {
    /// Name in the report.
    pub name: &'static str,
    /// The coverage both sides run with.
    pub covers: Covers,
    /// Part of `--quick`.
    pub quick: bool,
}

/// The pairs, in report order; adding a pair is adding a line.
pub const PAIRS: &[Pair] = &[
    Pair { name: "pass-through", covers: Covers::These(&[]), quick: true },
    Pair { name: "handle wrapping on", covers: Covers::These(&["handle wrapping"]), quick: false },
    Pair { name: "object lifetimes", covers: Covers::These(&["object lifetimes"]), quick: false },
    Pair { name: "thread safety", covers: Covers::These(&["thread safety"]), quick: false },
    Pair { name: "Vigil's validation objects", covers: Covers::These(VALIDATION_OBJECTS), quick: false },
    Pair { name: "core validation", covers: Covers::These(&["core validation"]), quick: false },
];

/// What "Vigil's validation objects" covers: the four it has measured since it was added.
const VALIDATION_OBJECTS: &[&str] = &["handle wrapping", "stateless parameters", "object lifetimes", "thread safety"];

/// The pairs the tests of other coverage tables use: the ones that name no single object.
#[cfg(test)]
pub const GENERIC_PAIRS: &[Pair] = &[
    Pair { name: "pass-through", covers: Covers::These(&[]), quick: true },
    Pair { name: "handle wrapping on", covers: Covers::These(&["handle wrapping"]), quick: false },
    Pair { name: "Vigil's validation objects", covers: Covers::EverythingVigilHas, quick: false },
];

/// Which layer a configuration loads, and how it is set up.
#[derive(Clone, Debug, PartialEq)]
pub enum Layer {
    /// No layer: the baseline every "added" cost is measured from.
    None,
    /// Vigil with these `VK_VIGIL_VALIDATION_*` values.
    Vigil { settings: Vec<(String, String)> },
    /// The reference with these disables in its settings file; `None` for its defaults.
    Reference { disables: Option<Vec<&'static str>> },
}

/// One configuration: a layer set up one way. Every workload runs under each.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Short name, unique; also names its files.
    pub id: String,
    /// What the report calls it.
    pub label: String,
    /// The layer and its settings.
    pub layer: Layer,
}

impl Config {
    /// The layers that must report themselves as tools when this configuration runs (proof the
    /// chain is what the label says).
    pub fn expected_layers(&self) -> Vec<String> {
        match self.layer {
            Layer::None => vec![],
            Layer::Vigil { .. } => vec![VIGIL_LAYER.into()],
            Layer::Reference { .. } => vec![REFERENCE_LAYER.into()],
        }
    }

    /// What the configuration sets, in a line.
    pub fn describe(&self) -> String {
        match &self.layer {
            Layer::None => "no layer enabled".into(),
            Layer::Vigil { settings } => {
                let set: Vec<String> = settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
                format!("VK_INSTANCE_LAYERS={VIGIL_LAYER} {}", set.join(" "))
            }
            Layer::Reference { disables: None } => {
                format!("VK_INSTANCE_LAYERS={REFERENCE_LAYER}, settings file without entries (its defaults)")
            }
            Layer::Reference { disables: Some(d) } => format!(
                "VK_INSTANCE_LAYERS={REFERENCE_LAYER}, vk_layer_settings.txt: khronos_validation.disables = {}",
                if d.is_empty() { "(nothing)".to_string() } else { d.join(",") }
            ),
        }
    }

    /// A file-name-safe form of the id.
    pub fn file_stem(&self) -> String {
        self.id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect()
    }
}

/// How one side of a pair is measured.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    /// By running the configuration with this id.
    Run(String),
    /// Not at all, for this reason.
    Unavailable(String),
    /// By the pair of this name, which has exactly the same configuration.
    SameAs(String),
}

/// A pair resolved into configurations.
#[derive(Clone, Debug, PartialEq)]
pub struct PairPlan {
    /// The pair's name.
    pub name: String,
    /// The coverage names it switches on.
    pub coverage: Vec<String>,
    /// Vigil's side.
    pub vigil: Side,
    /// The reference's side.
    pub reference: Side,
    /// Whether it switches core validation on: then its ratio is quoted only on workloads where
    /// Vigil implements every id the reference's code names for the measured commands.
    pub core: bool,
}

/// Everything one bench run measures.
pub struct Plan {
    /// Configurations, baseline first.
    pub configs: Vec<Config>,
    /// The pairs, resolved.
    pub pairs: Vec<PairPlan>,
    /// Workloads.
    pub workloads: Vec<&'static Workload>,
}

/// Id of the baseline configuration.
pub const BASELINE: &str = "none";
/// Id of the reference with its defaults (information only: no Vigil counterpart).
pub const REFERENCE_DEFAULTS: &str = "reference/defaults";
/// Id of Vigil with its defaults (information only: the reference's defaults cover more).
pub const VIGIL_DEFAULTS: &str = "vigil/defaults";
/// Id of Vigil with only core validation on: the state tracker recording, and core's checks
/// (information; added only when no pair's Vigil side is already that configuration, see
/// [`tracker`]).
pub const VIGIL_TRACKER: &str = "vigil/tracker";

/// The configuration that measures Vigil with only core validation on (its state tracker
/// recording, core's checks): [`VIGIL_TRACKER`], or the core pair's Vigil side when that runs.
pub fn tracker(configs: &[Config]) -> Option<&Config> {
    configs.iter().find(|c| match &c.layer {
        Layer::Vigil { settings } => {
            let core = format!("{VIGIL_SETTING_PREFIX}{CORE_KEY}");
            !settings.is_empty() && settings.iter().all(|(k, v)| (v == "true") == (*k == core))
        }
        _ => false,
    })
}

/// Resolves the tables into the configurations to run (`quick`: only the quick pairs and
/// workloads, no information-only configurations).
pub fn plan(quick: bool) -> Plan {
    plan_from(PAIRS, COVERAGE, quick)
}

/// [`plan`] from other tables.
pub fn plan_from(pairs: &[Pair], coverage: &'static [Coverage], quick: bool) -> Plan {
    let mut configs = vec![Config { id: BASELINE.into(), label: "no layer".into(), layer: Layer::None }];
    let mut plans: Vec<PairPlan> = Vec::new();
    // Each resolved pair's coverage, to spot pairs that are the same as an earlier one.
    let mut seen: Vec<(Vec<&str>, String)> = Vec::new();
    for pair in pairs.iter().filter(|p| p.quick || !quick) {
        let items: Vec<&Coverage> = match pair.covers {
            Covers::These(names) => names
                .iter()
                .map(|n| coverage.iter().find(|c| c.name == *n).unwrap_or_else(|| panic!("unknown coverage {n:?}")))
                .collect(),
            Covers::EverythingVigilHas => coverage.iter().filter(|c| c.vigil_has).collect(),
        };
        let names: Vec<&str> = items.iter().map(|c| c.name).collect();
        let coverage_names = names.iter().map(|n| n.to_string()).collect();
        let core = items.iter().any(|c| c.vigil_key == CORE_KEY);
        if let Some((_, earlier)) = seen.iter().find(|(n, _)| *n == names) {
            let same = Side::SameAs(earlier.clone());
            plans.push(PairPlan {
                name: pair.name.into(),
                coverage: coverage_names,
                vigil: same.clone(),
                reference: same,
                core,
            });
            continue;
        }
        seen.push((names.clone(), pair.name.into()));

        let missing: Vec<&str> = items.iter().filter(|c| !c.vigil_has).map(|c| c.name).collect();
        let vigil = if missing.is_empty() {
            let on = |key: &str| items.iter().any(|i| i.vigil_key == key);
            let settings = coverage
                .iter()
                .map(|c| c.vigil_key)
                .chain(VIGIL_ALWAYS_OFF.iter().copied())
                .map(|k| (format!("{VIGIL_SETTING_PREFIX}{k}"), on(k).to_string()))
                .collect();
            let id = format!("vigil/{}", pair.name);
            configs.push(Config {
                id: id.clone(),
                label: format!("Vigil, {}", pair.name),
                layer: Layer::Vigil { settings },
            });
            Side::Run(id)
        } else {
            Side::Unavailable(format!("Vigil has no {} yet", missing.join(", ")))
        };

        let enabled: Vec<&str> = items.iter().flat_map(|c| c.reference.iter().copied()).collect();
        let disables = REFERENCE_DISABLES.iter().copied().filter(|d| !enabled.contains(d)).collect();
        let id = format!("reference/{}", pair.name);
        configs.push(Config {
            id: id.clone(),
            label: format!("reference, {}", pair.name),
            layer: Layer::Reference { disables: Some(disables) },
        });
        plans.push(PairPlan {
            name: pair.name.into(),
            coverage: coverage_names,
            vigil,
            reference: Side::Run(id),
            core,
        });
    }
    if !quick {
        configs.push(Config {
            id: REFERENCE_DEFAULTS.into(),
            label: "reference, defaults (information)".into(),
            layer: Layer::Reference { disables: None },
        });
        configs.push(Config {
            id: VIGIL_DEFAULTS.into(),
            label: "Vigil, defaults (information)".into(),
            layer: Layer::Vigil { settings: Vec::new() },
        });
        let only_core = coverage
            .iter()
            .map(|c| c.vigil_key)
            .chain(VIGIL_ALWAYS_OFF.iter().copied())
            .map(|k| (format!("{VIGIL_SETTING_PREFIX}{k}"), (k == CORE_KEY).to_string()))
            .collect();
        let layer = Layer::Vigil { settings: only_core };
        // The core pair's Vigil side is this very configuration: measured once, under the
        // pair's name.
        if !configs.iter().any(|c| c.layer == layer) {
            configs.push(Config {
                id: VIGIL_TRACKER.into(),
                label: "Vigil, state tracker + core only (information)".into(),
                layer,
            });
        }
    }
    let workloads = WORKLOADS.iter().filter(|w| w.quick || !quick).collect();
    Plan { configs, pairs: plans, workloads }
}

/// The reference's `vk_layer_settings.txt` for `disables` (`None`: defaults, an empty file, so
/// no settings file elsewhere on the machine is picked up instead).
pub fn reference_settings(disables: Option<&[&str]>) -> String {
    let mut text = String::from("# Written by `cargo xtask bench`; read through VK_LAYER_SETTINGS_PATH.\n");
    if let Some(d) = disables {
        text.push_str(&format!("khronos_validation.disables = {}\n", d.join(",")));
    }
    text
}

/// Variables that choose or configure layers: a developer's shell must not leak them into a
/// measurement, so every workload process starts without them.
const CLEARED: &[&str] = &[
    "VK_INSTANCE_LAYERS",
    "VK_LAYER_PATH",
    "VK_ADD_LAYER_PATH",
    "VK_LOADER_LAYERS_ENABLE",
    "VK_LOADER_LAYERS_DISABLE",
    "VK_LOADER_LAYERS_ALLOW",
    "VK_LOADER_DEBUG",
    "VK_LAYER_SETTINGS_PATH",
    // Keeps Mesa's implicit device-select layer in every chain, the baseline's too. It wraps no
    // device-level command, so the measured sections never reach it; and Vigil (as of this
    // writing) fails vkCreateInstance when it is the topmost layer, because loader 1.3.239 asks
    // the topmost layer for vkCreateInstance with an instance handle the layer has not seen.
    "NODEVICE_SELECT",
];
/// Prefixes of the same: the reference's environment settings (`VK_LAYER_DISABLES`, ...) and
/// Vigil's.
const CLEARED_PREFIXES: &[&str] = &["VK_LAYER_", "VK_KHRONOS_VALIDATION_", VIGIL_SETTING_PREFIX];

/// Whether the workload process must not inherit `name`.
pub fn cleared(name: &str) -> bool {
    CLEARED.contains(&name) || CLEARED_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Where a run's layer files are.
pub struct Paths {
    /// Vigil's manifest directory (`.../share/vulkan/explicit_layer.d`).
    pub vigil_manifests: PathBuf,
    /// Where reference settings files go, one directory per configuration.
    pub settings: PathBuf,
}

impl Config {
    /// The variables to set for this configuration (on top of the cleared environment).
    pub fn env(&self, paths: &Paths) -> Vec<(String, String)> {
        let mut env = Vec::new();
        match &self.layer {
            Layer::None => {}
            Layer::Vigil { settings } => {
                env.push(("VK_ADD_LAYER_PATH".into(), paths.vigil_manifests.display().to_string()));
                env.push(("VK_INSTANCE_LAYERS".into(), VIGIL_LAYER.into()));
                env.extend(settings.iter().cloned());
            }
            Layer::Reference { .. } => {
                env.push(("VK_INSTANCE_LAYERS".into(), REFERENCE_LAYER.into()));
                env.push(("VK_LAYER_SETTINGS_PATH".into(), self.settings_file(&paths.settings).display().to_string()));
            }
        }
        env
    }

    /// This configuration's reference settings file under `dir`.
    pub fn settings_file(&self, dir: &Path) -> PathBuf {
        dir.join(self.file_stem()).join("vk_layer_settings.txt")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(plan: &Plan) -> Vec<&str> {
        plan.configs.iter().map(|c| c.id.as_str()).collect()
    }

    #[test]
    fn configurations_of_the_tables() {
        let full = plan(false);
        assert_eq!(
            ids(&full),
            [
                "none",
                "vigil/pass-through",
                "reference/pass-through",
                "vigil/handle wrapping on",
                "reference/handle wrapping on",
                "vigil/object lifetimes",
                "reference/object lifetimes",
                "vigil/thread safety",
                "reference/thread safety",
                "vigil/Vigil's validation objects",
                "reference/Vigil's validation objects",
                "vigil/core validation",
                "reference/core validation",
                "reference/defaults",
                "vigil/defaults"
            ]
        );
        assert_eq!(full.pairs[1].coverage, ["handle wrapping"]);
        assert_eq!(full.pairs[2].coverage, ["object lifetimes"]);
        assert_eq!(full.pairs[3].coverage, ["thread safety"]);
        assert_eq!(
            full.pairs[4].coverage,
            ["handle wrapping", "stateless parameters", "object lifetimes", "thread safety"]
        );
        assert_eq!(full.pairs[5].coverage, ["core validation"]);
        let core: Vec<bool> = full.pairs.iter().map(|p| p.core).collect();
        assert_eq!(core, [false, false, false, false, false, true]);
        assert_eq!(ids(&plan(true)), ["none", "vigil/pass-through", "reference/pass-through"]);
        // Pass-through turns every Vigil setting off, the ones without an object yet included.
        let pass = &full.configs[1].layer;
        let Layer::Vigil { settings } = pass else { panic!("{pass:?}") };
        assert_eq!(settings.len(), COVERAGE.len() + VIGIL_ALWAYS_OFF.len());
        assert!(settings.iter().all(|(k, v)| k.starts_with(VIGIL_SETTING_PREFIX) && v == "false"));
    }

    /// With no object in Vigil, its "same set" pair is the pass-through pair, reported as such.
    #[test]
    fn without_objects_the_same_set_pair_is_pass_through() {
        static NOTHING_YET: &[Coverage] = &[
            Coverage { name: "handle wrapping", vigil_key: "HANDLE_WRAPPING", vigil_has: false, reference: &["W"] },
            Coverage { name: "stateless parameters", vigil_key: "STATELESS", vigil_has: false, reference: &["P"] },
        ];
        let p = plan_from(GENERIC_PAIRS, NOTHING_YET, false);
        assert_eq!(p.pairs[2].vigil, Side::SameAs("pass-through".into()));
        assert_eq!(p.pairs[2].reference, Side::SameAs("pass-through".into()));
        assert!(!ids(&p).contains(&"vigil/Vigil's validation objects"));
    }

    #[test]
    fn reference_sides_leave_out_exactly_the_covered_disables() {
        let full = plan(false);
        let disables = |id: &str| match &full.configs.iter().find(|c| c.id == id).unwrap().layer {
            Layer::Reference { disables } => disables.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(disables("reference/pass-through").unwrap(), REFERENCE_DISABLES);
        let wrapping = disables("reference/handle wrapping on").unwrap();
        assert_eq!(wrapping.len(), REFERENCE_DISABLES.len() - 1);
        assert!(!wrapping.contains(&"VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT"));
        assert_eq!(disables("reference/defaults"), None);
        let vigil = |id: &str| match &full.configs.iter().find(|c| c.id == id).unwrap().layer {
            Layer::Vigil { settings } => settings.clone(),
            other => panic!("{other:?}"),
        };
        assert!(vigil(VIGIL_DEFAULTS).is_empty(), "defaults set nothing");
        let tracker = tracker(&full.configs).unwrap();
        assert_eq!(tracker.id, "vigil/core validation", "the core pair's Vigil side, measured once");
        let on: Vec<String> = vigil(&tracker.id).into_iter().filter(|(_, v)| v == "true").map(|(k, _)| k).collect();
        assert_eq!(on, ["VK_VIGIL_VALIDATION_CORE"]);
        for id in SOAK_CONFIGS {
            assert!(full.configs.iter().any(|c| c.id == *id), "{id}");
        }
    }

    /// What a Vigil object, once it exists, does to the plan: one flag in the table.
    #[test]
    fn a_vigil_object_adds_its_pair() {
        static WITH_LIFETIMES: &[Coverage] = &[
            Coverage { name: "handle wrapping", vigil_key: "HANDLE_WRAPPING", vigil_has: false, reference: &["W"] },
            Coverage { name: "object lifetimes", vigil_key: "OBJECT_LIFETIME", vigil_has: true, reference: &["L"] },
        ];
        let p = plan_from(GENERIC_PAIRS, WITH_LIFETIMES, false);
        let layer = |id: &str| p.configs.iter().find(|c| c.id == id).unwrap().layer.clone();
        let settings = |wrap: &str, lifetimes: &str| Layer::Vigil {
            settings: vec![
                ("VK_VIGIL_VALIDATION_HANDLE_WRAPPING".into(), wrap.into()),
                ("VK_VIGIL_VALIDATION_OBJECT_LIFETIME".into(), lifetimes.into()),
                ("VK_VIGIL_VALIDATION_SYNC".into(), "false".into()),
                ("VK_VIGIL_VALIDATION_GPUAV".into(), "false".into()),
            ],
        };
        assert_eq!(layer("vigil/pass-through"), settings("false", "false"));
        assert_eq!(layer("vigil/Vigil's validation objects"), settings("false", "true"));
        assert_eq!(p.pairs[2].coverage, ["object lifetimes"]);
    }

    /// The core pair: Vigil with only CORE on against the reference with only the core
    /// entry's disables left out; without Vigil's core, the tracker runs on its own again.
    #[test]
    fn the_core_pair() {
        let full = plan(false);
        let pair = full.pairs.iter().find(|p| p.name == "core validation").unwrap();
        assert!(pair.core);
        assert_eq!(pair.vigil, Side::Run("vigil/core validation".into()));
        let layer = |id: &str| full.configs.iter().find(|c| c.id == id).unwrap().layer.clone();
        let Layer::Reference { disables: Some(disables) } = layer("reference/core validation") else { panic!() };
        assert_eq!(
            disables,
            [
                "VK_VALIDATION_FEATURE_DISABLE_THREAD_SAFETY_EXT",
                "VK_VALIDATION_FEATURE_DISABLE_API_PARAMETERS_EXT",
                "VK_VALIDATION_FEATURE_DISABLE_OBJECT_LIFETIMES_EXT",
                "VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT",
            ]
        );
        assert!(!full.pairs.iter().filter(|p| p.name != "core validation").any(|p| p.core));
        assert!(plan(true).pairs.iter().all(|p| p.name != "core validation"), "not quick");

        static NO_CORE_YET: &[Coverage] = &[
            Coverage { name: "object lifetimes", vigil_key: "OBJECT_LIFETIME", vigil_has: true, reference: &["L"] },
            Coverage { name: "core validation", vigil_key: CORE_KEY, vigil_has: false, reference: &["C"] },
        ];
        let pairs = &[Pair { name: "core validation", covers: Covers::These(&["core validation"]), quick: false }];
        let p = plan_from(pairs, NO_CORE_YET, false);
        assert_eq!(p.pairs[0].vigil, Side::Unavailable("Vigil has no core validation yet".into()));
        assert!(p.pairs[0].core);
        assert_eq!(tracker(&p.configs).map(|c| c.id.as_str()), Some(VIGIL_TRACKER));
    }

    #[test]
    fn every_disable_belongs_to_one_coverage_entry() {
        for d in REFERENCE_DISABLES {
            let owners = COVERAGE.iter().filter(|c| c.reference.contains(d)).count();
            assert_eq!(owners, 1, "{d}");
        }
    }

    #[test]
    fn settings_files_and_environment() {
        assert_eq!(
            reference_settings(Some(&["A", "B"])),
            "# Written by `cargo xtask bench`; read through VK_LAYER_SETTINGS_PATH.\nkhronos_validation.disables = A,B\n"
        );
        assert!(!reference_settings(None).contains("khronos_validation"));
        assert!(cleared("VK_LAYER_DISABLES") && cleared("VK_VIGIL_VALIDATION_X") && cleared("VK_INSTANCE_LAYERS"));
        assert!(cleared("NODEVICE_SELECT") && !cleared("VK_DRIVER_FILES") && !cleared("XDG_RUNTIME_DIR"));
        let paths = Paths { vigil_manifests: "/m".into(), settings: "/s".into() };
        let reference = plan(true).configs.into_iter().find(|c| c.id == "reference/pass-through").unwrap();
        assert!(reference
            .env(&paths)
            .contains(&("VK_LAYER_SETTINGS_PATH".into(), "/s/reference_pass-through/vk_layer_settings.txt".into())));
    }
}
