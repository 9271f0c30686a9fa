//! The typed model of the Vulkan API that every generator reads. Generators never see XML.

use std::collections::BTreeMap;

use crate::{CType, Depends};

/// The whole API, filtered to `api="vulkan"`, provisional extensions included.
#[derive(Debug, Default)]
pub struct Registry {
    /// The registry version (`1.4.363`), from `VK_HEADER_VERSION_COMPLETE`.
    pub version: (u32, u32, u32),
    pub constants: Vec<Constant>,
    pub base_types: Vec<BaseType>,
    /// Types the platform headers define (`Display`, `HWND`, …); layer code supplies them.
    pub platform_types: Vec<String>,
    pub handles: Vec<Handle>,
    pub enums: Vec<Enum>,
    pub bitmasks: Vec<Bitmask>,
    pub structs: Vec<Struct>,
    pub funcpointers: Vec<FuncPointer>,
    pub commands: Vec<Command>,
    /// `VK_VERSION_1_0` … in order.
    pub versions: Vec<CoreVersion>,
    pub extensions: Vec<Extension>,
    /// Type aliases of every kind (struct, handle, enum, bitmask), alias name → target name.
    pub type_aliases: BTreeMap<String, String>,
    /// Command aliases, alias name → target command name.
    pub command_aliases: BTreeMap<String, String>,
    /// The SPIR-V extensions Vulkan allows (`<spirvextensions>`), in registry order.
    pub spirv_extensions: Vec<SpirvItem>,
    /// The SPIR-V capabilities Vulkan allows (`<spirvcapabilities>`), in registry order.
    pub spirv_capabilities: Vec<SpirvItem>,
    /// The synchronization2 stages, accesses and pipeline orderings (`<sync>`).
    pub sync: Sync,
    /// The formats' descriptions (`<formats>`), in registry order.
    pub formats: Vec<Format>,
    pub(crate) index: BTreeMap<String, TypeRef>,
    pub(crate) command_index: BTreeMap<String, usize>,
}

/// Where a type name leads in the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeRef {
    Base(usize),
    Platform(usize),
    Handle(usize),
    Enum(usize),
    Bitmask(usize),
    Struct(usize),
    FuncPointer(usize),
    /// A C builtin (`uint32_t`, `void`, `char`, `float`, …).
    Builtin,
}

/// An API constant (`VK_MAX_EXTENSION_NAME_SIZE`) or an extension's name/spec-version constant.
#[derive(Clone, Debug, PartialEq)]
pub struct Constant {
    pub name: String,
    pub value: ConstValue,
}

/// A constant's value with its C type.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    U8(u8),
    U32(u32),
    U64(u64),
    I32(i32),
    F32(f32),
    Str(String),
}

/// `typedef uint32_t VkBool32;` — or an opaque struct when `ty` is `None` (`ANativeWindow`).
#[derive(Clone, Debug)]
pub struct BaseType {
    pub name: String,
    pub ty: Option<CType>,
}

/// A handle type.
#[derive(Clone, Debug)]
pub struct Handle {
    pub name: String,
    pub dispatchable: bool,
    /// Direct parents (a few handles, e.g. `VkSwapchainKHR`, list more than one).
    pub parents: Vec<String>,
    /// The `VkObjectType` value naming this handle type (`VK_OBJECT_TYPE_BUFFER`).
    pub object_type: String,
}

/// An enumerated type, or the `…FlagBits` of a bitmask.
#[derive(Clone, Debug)]
pub struct Enum {
    pub name: String,
    /// Set for `…FlagBits`: the width of the bitmask (32 or 64).
    pub bitmask_width: Option<u32>,
    pub values: Vec<EnumValue>,
    /// From video.xml rather than vk.xml.
    pub video_std: bool,
}

/// One value of an enum or one bit of a bitmask.
#[derive(Clone, Debug)]
pub struct EnumValue {
    pub name: String,
    pub value: i64,
    /// The value this one aliases, if it is an alias.
    pub alias_of: Option<String>,
    /// The version or extension that added it; `None` for the base definition.
    pub added_by: Option<String>,
    /// The `depends` of the `<require>` block that added it, when it has one: an extension
    /// promoted to core adds such values to the core version only where that holds.
    pub depends: Option<crate::Depends>,
}

/// `typedef VkFlags VkBufferUsageFlags;` with the `…FlagBits` enum it draws its bits from.
#[derive(Clone, Debug)]
pub struct Bitmask {
    pub name: String,
    pub width: u32,
    pub bits: Option<String>,
}

/// A struct or union.
#[derive(Clone, Debug)]
pub struct Struct {
    pub name: String,
    pub is_union: bool,
    pub members: Vec<Member>,
    pub returned_only: bool,
    /// Structs whose pNext chain may hold this one.
    pub extends: Vec<String>,
    pub allow_duplicate: bool,
    /// The `VkStructureType` value of the `sType` member, when it has one fixed value.
    pub s_type: Option<String>,
    /// From video.xml rather than vk.xml.
    pub video_std: bool,
}

/// A struct member.
#[derive(Clone, Debug)]
pub struct Member {
    pub name: String,
    pub ty: CType,
    /// Bit width when this member is a bitfield (`uint32_t mask:8`).
    pub bitfield: Option<u32>,
    pub attrs: ValueAttrs,
    pub selector: Option<String>,
    pub selection: Vec<String>,
    pub limit_type: Option<String>,
}

/// Attributes shared by members and parameters that drive implicit validation.
#[derive(Clone, Debug, Default)]
pub struct ValueAttrs {
    /// One flag per pointer level, outermost first (`optional="false,true"`).
    pub optional: Vec<bool>,
    /// The `len` expression(s), comma-separated in the XML (`enabledLayerCount,null-terminated`).
    pub len: Vec<String>,
    pub altlen: Option<String>,
    pub noautovalidity: bool,
    /// The `externsync` attribute text (`true`, or member paths such as `pBindInfo[].buffer`).
    pub externsync: Option<String>,
    /// For `uint64_t` handles: the member or parameter naming the object type.
    pub objecttype: Option<String>,
    /// `values="VK_STRUCTURE_TYPE_…"` on `sType`.
    pub values: Option<String>,
}

/// `typedef R (VKAPI_PTR *PFN_vkFoo)(…)` declared as a type.
#[derive(Clone, Debug)]
pub struct FuncPointer {
    pub name: String,
    pub ret: CType,
    pub params: Vec<(String, CType)>,
}

/// How a command is dispatched, from its first parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CommandLevel {
    /// No dispatchable first parameter: `vkCreateInstance`, `vkEnumerateInstance…`.
    Global,
    /// Dispatched on a `VkInstance`.
    Instance,
    /// Dispatched on a `VkPhysicalDevice`.
    PhysicalDevice,
    /// Dispatched on a `VkDevice`, `VkQueue` or `VkCommandBuffer`.
    Device,
}

/// A command.
#[derive(Clone, Debug)]
pub struct Command {
    pub name: String,
    pub ret: CType,
    pub params: Vec<Param>,
    pub level: CommandLevel,
    /// Other names of this command (`vkCmdDrawIndirectCountKHR` for `vkCmdDrawIndirectCount`).
    pub aliases: Vec<String>,
    pub success_codes: Vec<String>,
    pub error_codes: Vec<String>,
    /// `VkQueueFlagBits` names: a command buffer recording it comes from a pool whose queue
    /// family supports one of them.
    pub queues: Vec<String>,
    /// `inside`, `outside` or `both` a render pass instance.
    pub renderpass: Option<String>,
    /// `inside`, `outside` or `both` a video coding scope.
    pub videocoding: Option<String>,
    /// `primary` and/or `secondary`.
    pub cmdbuffer_levels: Vec<String>,
    /// `action`, `state`, `synchronization`, `indirection`.
    pub tasks: Vec<String>,
    pub implicit_externsync: Vec<String>,
    /// The versions and extensions that make this command available.
    pub provided_by: Vec<Provider>,
}

/// A command parameter.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: CType,
    pub attrs: ValueAttrs,
    pub valid_structs: Vec<String>,
    pub stride: Option<String>,
}

/// One `<require>` that makes a command or type available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provider {
    /// `VK_VERSION_1_2` or an extension name.
    pub by: String,
    /// An extra condition on the `<require>` block (`depends="VK_KHR_push_descriptor"`).
    pub depends: Option<Depends>,
}

/// A core version, `VK_VERSION_major_minor`, with the internal base/compute/graphics pieces
/// folded into it.
#[derive(Clone, Debug)]
pub struct CoreVersion {
    pub name: String,
    pub major: u32,
    pub minor: u32,
    pub commands: Vec<String>,
    pub types: Vec<String>,
}

/// Whether an extension is enabled on the instance or a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionKind {
    Instance,
    Device,
}

/// An extension supported by `api="vulkan"`.
#[derive(Clone, Debug)]
pub struct Extension {
    pub name: String,
    pub number: u32,
    pub kind: ExtensionKind,
    pub depends: Option<Depends>,
    pub platform: Option<String>,
    pub provisional: bool,
    /// `VK_VERSION_1_1` or another extension.
    pub promoted_to: Option<String>,
    pub deprecated_by: Option<String>,
    pub obsoleted_by: Option<String>,
    pub spec_version: u32,
    pub commands: Vec<String>,
    pub types: Vec<String>,
}

impl Registry {
    /// Whether this registry is older than [`crate::PINNED_VERSION`]: reviewed tables skip the
    /// entries naming what it does not have (they do not apply to it) instead of failing.
    pub fn older_than_pinned(&self) -> bool {
        self.version < crate::PINNED_VERSION
    }

    /// What a type name refers to.
    pub fn lookup(&self, name: &str) -> Option<TypeRef> {
        let name = self.resolve_alias(name);
        self.index.get(name).copied()
    }

    /// Follows type aliases to the canonical name.
    pub fn resolve_alias<'a>(&'a self, mut name: &'a str) -> &'a str {
        while let Some(t) = self.type_aliases.get(name) {
            name = t;
        }
        name
    }

    /// A command by name or alias.
    pub fn command(&self, name: &str) -> Option<&Command> {
        let name = self.command_aliases.get(name).map(String::as_str).unwrap_or(name);
        self.command_index.get(name).map(|&i| &self.commands[i])
    }

    /// A struct or union by name or alias.
    pub fn struct_(&self, name: &str) -> Option<&Struct> {
        match self.lookup(name)? {
            TypeRef::Struct(i) => Some(&self.structs[i]),
            _ => None,
        }
    }

    /// A handle type by name or alias.
    pub fn handle(&self, name: &str) -> Option<&Handle> {
        match self.lookup(name)? {
            TypeRef::Handle(i) => Some(&self.handles[i]),
            _ => None,
        }
    }

    /// An enum (or FlagBits) by name or alias.
    pub fn enum_(&self, name: &str) -> Option<&Enum> {
        match self.lookup(name)? {
            TypeRef::Enum(i) => Some(&self.enums[i]),
            _ => None,
        }
    }

    /// An extension by name.
    pub fn extension(&self, name: &str) -> Option<&Extension> {
        self.extensions.iter().find(|e| e.name == name)
    }

    /// The handle's ancestors, nearest first, following the first listed parent.
    pub fn parent_chain(&self, handle: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut cur = self.handle(handle);
        while let Some(h) = cur {
            let Some(p) = h.parents.first() else { break };
            out.push(p.as_str());
            cur = self.handle(p);
        }
        out
    }
}

/// A SPIR-V extension or capability Vulkan allows, and what allows a module to declare it: any
/// one of `enables`.
#[derive(Clone, Debug, PartialEq)]
pub struct SpirvItem {
    /// The SPIR-V name (`SPV_KHR_variable_pointers`, `GroupNonUniform`).
    pub name: String,
    pub enables: Vec<SpirvEnable>,
}

/// One way to allow a SPIR-V extension or capability (vk.xml's `<enable>` forms).
#[derive(Clone, Debug, PartialEq)]
pub enum SpirvEnable {
    /// The API version (`VK_VERSION_1_1`).
    Version(String),
    /// A device extension enabled by name.
    Extension(String),
    /// A feature enabled: `structure::feature`.
    Feature { structure: String, feature: String },
    /// A device property: `structure::member` holds `value` (a flag bit, or `VK_TRUE`), where
    /// one of `requires` (versions or extensions) makes the property meaningful.
    Property { structure: String, member: String, value: String, requires: Vec<String> },
}

/// A `VkFormat`'s description (vk.xml's `<format>`): the spec's format tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Format {
    /// The `VkFormat` value's name.
    pub name: String,
    /// Its compatibility class (`32-bit`, `BC1_RGB`, `8-bit 3-plane 420`): formats of one class
    /// are compatible.
    pub class: String,
    /// Bytes per texel block (of all planes together, for a multi-planar format).
    pub block_size: u32,
    pub texels_per_block: u32,
    /// Texel block width, height and depth: (1, 1, 1) unless vk.xml names `blockExtent`.
    pub block_extent: [u32; 3],
    /// Bits per packed word, for a packed format (`_PACK16`).
    pub packed: Option<u32>,
    /// The compression scheme (`BC`, `ETC2`, `ASTC LDR`, `PVRTC`, …), for a compressed format.
    pub compressed: Option<String>,
    /// The chroma subsampling (`420`, `422`, `444`), for a Y′CBCR format.
    pub chroma: Option<String>,
    pub components: Vec<FormatComponent>,
    /// The planes of a multi-planar format, by index.
    pub planes: Vec<FormatPlane>,
}

/// One component of a format.
#[derive(Clone, Debug, PartialEq)]
pub struct FormatComponent {
    /// `R`, `G`, `B`, `A`, `D`, `S`.
    pub name: String,
    /// Its bits; `None` in a compressed format.
    pub bits: Option<u32>,
    /// `UNORM`, `SNORM`, `USCALED`, `SSCALED`, `UINT`, `SINT`, `UFLOAT`, `SFLOAT`, `SRGB`,
    /// `SFIXED5`.
    pub numeric: String,
    /// The plane it is in, for a multi-planar format.
    pub plane: Option<u32>,
}

/// One plane of a multi-planar format.
#[derive(Clone, Debug, PartialEq)]
pub struct FormatPlane {
    pub index: u32,
    pub width_divisor: u32,
    pub height_divisor: u32,
    /// The single-plane format a view of this plane is compatible with.
    pub compatible: String,
}

/// vk.xml's `<sync>` block: the synchronization2 pipeline stages, access types and pipeline
/// orderings, in registry order. Names are `VkPipelineStageFlagBits2` / `VkAccessFlagBits2`
/// values (or their aliases), as vk.xml writes them; generators resolve them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sync {
    pub stages: Vec<SyncStage>,
    pub accesses: Vec<SyncAccess>,
    pub pipelines: Vec<SyncPipeline>,
}

/// `<syncstage>`: a pipeline stage bit.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncStage {
    /// `VK_PIPELINE_STAGE_2_…`.
    pub name: String,
    /// The original `VkPipelineStageFlagBits` name, when the stage has one.
    pub alias: Option<String>,
    /// `<syncsupport queues>`: the `VkQueueFlagBits` of queues that support the stage; `None`
    /// when vk.xml restricts it to none (`TOP_OF_PIPE`, `ALL_COMMANDS`, `HOST`, …).
    pub queues: Option<Vec<String>>,
    /// `<syncequivalent stage>`: the stages a meta stage stands for (empty for the others).
    pub equivalent: Vec<String>,
}

/// `<syncaccess>`: an access type bit.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncAccess {
    /// `VK_ACCESS_2_…`.
    pub name: String,
    /// The original `VkAccessFlagBits` name, when the access has one.
    pub alias: Option<String>,
    /// `<syncsupport stage>`: the stages the access may be performed in; `None` when vk.xml
    /// restricts it to none (`NONE`, `MEMORY_READ`, `MEMORY_WRITE`).
    pub stages: Option<Vec<String>>,
    /// `<syncequivalent access>`: the accesses this one stands for (`SHADER_READ` → …).
    pub equivalent: Vec<String>,
}

/// `<syncpipeline>`: the logical order of one pipeline type's stages.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncPipeline {
    /// `graphics primitive`, `compute`, …
    pub name: String,
    /// The extensions that bring the pipeline type (any one of them); empty for core ones.
    pub depends: Vec<String>,
    /// In logical order, first to last.
    pub stages: Vec<SyncPipelineStage>,
}

/// `<syncpipelinestage>`: one stage of a pipeline type.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncPipelineStage {
    pub stage: String,
    /// `false` for `order="None"`: the stage has no place in the order (except `before`).
    pub ordered: bool,
    /// The stage this one is logically earlier than, when it is not ordered.
    pub before: Option<String>,
    /// The stage this one is logically later than, when it is not ordered.
    pub after: Option<String>,
}
