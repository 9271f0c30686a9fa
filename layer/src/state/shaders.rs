//! SPIR-V reflection of shader modules, worked out once when a module is created (or when a
//! pipeline stage passes its code inline): per entry point, the descriptor bindings and the push
//! constants it statically uses. Pipelines keep the union over their stages (`pipelines`), so
//! draw-time checks read precomputed data and never look at SPIR-V.
//!
//! "Statically used" is the spec's: a variable is statically used by an entry point when an
//! instruction of a function in the entry point's call tree names it. The entry point's
//! interface list is not read: from SPIR-V 1.4 on it lists every global a module's entry point
//! uses, but a compiler may list more, and what the call tree names is the definition.
//!
//! Not followed (each can only make Vigil report less, never wrongly): descriptor decorations
//! applied through decoration groups, untyped variables (`SPV_KHR_untyped_pointers`), and
//! whether a storage resource is actually written: `written` says it is declared writable.

use std::collections::{HashMap, HashSet};

use rspirv::binary::{Consumer, ParseAction};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass};
use vigil_generated::{Handle as _, VkPipelineShaderStageCreateInfo, VkShaderModuleCreateInfo, VkStructureType};

use super::records::{ObjectRecord, ObjectState};
pub use super::values::{EntryPoint, ImageType, Reflection, ResourceUse, SampledPair, ShaderModuleState};
use crate::chassis::Call;
use crate::report::{Location, Severity};

/// Reported at INFO for code Vigil could not parse: it was passed on, and the checks that need
/// what its entry points use skip it.
pub const ID_UNPARSED: &str = "UNASSIGNED-Vigil-Shader-unparsed";

/// `ImageType::numeric`: a floating-point `Sampled Type`.
pub const NUMERIC_FLOAT: u8 = 1;
/// `ImageType::numeric`: a signed integer `Sampled Type`.
pub const NUMERIC_SINT: u8 = 2;
/// `ImageType::numeric`: an unsigned integer `Sampled Type`.
pub const NUMERIC_UINT: u8 = 3;

/// `ResourceUse::ops`: an atomic operation on a texel (`OpImageTexelPointer`).
pub const IMAGE_ATOMIC: u8 = 0x1;
/// `ResourceUse::ops`: sampled with depth comparison (`OpImage*Dref*`).
pub const IMAGE_DEPTH_COMPARE: u8 = 0x2;
/// `ResourceUse::ops`: read as a storage image (`OpImageRead`, `OpImageSparseRead`).
pub const IMAGE_READ: u8 = 0x4;
/// `ResourceUse::ops`: written as a storage image (`OpImageWrite`).
pub const IMAGE_WRITE: u8 = 0x8;
/// `ResourceUse::ops`: sampled (`OpImageSample*`, `OpImageSparseSample*`): its sampler filters.
pub const IMAGE_SAMPLE: u8 = 0x10;
/// `ResourceUse::ops`: sampled by an instruction with `ImplicitLod`, `Dref` or `Proj` in its
/// name, which a sampler with unnormalized coordinates must not be used with.
pub const IMAGE_SAMPLE_IMPLICIT_DREF_PROJ: u8 = 0x20;
/// `ResourceUse::ops`: sampled with a LOD bias or an offset (`Bias`, `Offset`, `ConstOffset`,
/// `ConstOffsets`, `Offsets` image operands), which unnormalized coordinates forbid too.
pub const IMAGE_SAMPLE_BIAS_OFFSET: u8 = 0x40;

/// The bits of `ResourceUse::ops` that sampling sets.
const SAMPLING: u8 = IMAGE_SAMPLE | IMAGE_SAMPLE_IMPLICIT_DREF_PROJ | IMAGE_SAMPLE_BIAS_OFFSET;

impl Reflection {
    /// The reflection of SPIR-V `words`. Never panics: a parser that does counts as not parsed.
    pub fn of(words: &[u32]) -> Reflection {
        match std::panic::catch_unwind(|| reflect(words)) {
            Ok(Ok(entry_points)) => Reflection::Parsed(entry_points),
            Ok(Err(why)) => Reflection::Unparsed(why),
            Err(_) => Reflection::Unparsed("the SPIR-V parser failed on it".to_owned()),
        }
    }

    /// Entry point `name` for stage `stage` (a `VkShaderStageFlagBits`), if parsed.
    pub fn entry_point(&self, name: &[u8], stage: u32) -> Option<&EntryPoint> {
        match self {
            Reflection::Parsed(e) => e.iter().find(|e| e.stage == stage && e.name.as_bytes() == name),
            Reflection::Unparsed(_) => None,
        }
    }
}

/// The `VkShaderModuleCreateInfo` a pipeline stage without a module chains to pass its code
/// inline.
///
/// # Safety
/// `stage` must be a stage the application passed.
pub unsafe fn inline_create_info(stage: &VkPipelineShaderStageCreateInfo) -> Option<&VkShaderModuleCreateInfo> {
    if stage.module.as_raw() != 0 {
        return None;
    }
    let s_type = VkStructureType::VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    // SAFETY: the stage's valid pNext chain; the sType names the structure.
    unsafe { crate::chassis::raw::chained::<VkShaderModuleCreateInfo>(stage.pNext, s_type) }
}

/// The words of a `VkShaderModuleCreateInfo`'s code; `None` unless they are whole words.
///
/// # Safety
/// `info` must be a create info the application passed.
pub unsafe fn create_info_code(info: &VkShaderModuleCreateInfo) -> Option<&[u32]> {
    if info.pCode.is_null() || !info.codeSize.is_multiple_of(4) {
        return None;
    }
    // SAFETY: codeSize bytes of code at pCode, aligned to words, as a valid create info holds.
    Some(unsafe { std::slice::from_raw_parts(info.pCode, info.codeSize / 4) })
}

/// The reflection of the code in a `VkShaderModuleCreateInfo` (a module's, or a pipeline
/// stage's inline one); reported at INFO, at `at`, when it cannot be parsed.
///
/// # Safety
/// `info` must be a create info the application passed to a call that returned.
pub unsafe fn reflect_create_info(cx: &Call<'_>, info: &VkShaderModuleCreateInfo, at: &Location<'_>) -> Reflection {
    // SAFETY: the caller's contract.
    let reflection = match unsafe { create_info_code(info) } {
        Some(code) => Reflection::of(code),
        None => Reflection::Unparsed(format!("codeSize ({}) is not a multiple of 4", info.codeSize)),
    };
    if let Reflection::Unparsed(why) = &reflection {
        cx.report(
            Severity::Info,
            ID_UNPARSED,
            at,
            format_args!(
                "Vigil could not parse this SPIR-V ({why}); draws and dispatches with pipelines made from it are not \
                 checked for the descriptor sets and push constants it uses."
            ),
        );
    }
    reflection
}

impl ObjectRecord {
    /// Records a shader module's reflection.
    pub fn shader_module_created(&self, reflection: Reflection) {
        if let ObjectState::ShaderModule(ShaderModuleState { reflection: state }) = &self.state {
            let _ = state.set(reflection);
        }
    }

    /// A shader module's reflection, once recorded.
    pub fn shader_module(&self) -> Option<&Reflection> {
        match &self.state {
            ObjectState::ShaderModule(s) => s.reflection.get(),
            _ => None,
        }
    }
}

/// The `VkShaderStageFlagBits` of an execution model; 0 for those with no Vulkan stage.
fn stage_of(model: ExecutionModel) -> u32 {
    use ExecutionModel as M;
    match model {
        M::Vertex => 0x1,
        M::TessellationControl => 0x2,
        M::TessellationEvaluation => 0x4,
        M::Geometry => 0x8,
        M::Fragment => 0x10,
        M::GLCompute => 0x20,
        M::TaskNV | M::TaskEXT => 0x40,
        M::MeshNV | M::MeshEXT => 0x80,
        M::RayGenerationKHR => 0x100,
        M::AnyHitKHR => 0x200,
        M::ClosestHitKHR => 0x400,
        M::MissKHR => 0x800,
        M::IntersectionKHR => 0x1000,
        M::CallableKHR => 0x2000,
        _ => 0,
    }
}

fn id(o: Option<&Operand>) -> Option<u32> {
    match o {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn literal(o: Option<&Operand>) -> Option<u32> {
    match o {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

/// The decorations reflection reads, by target id.
#[derive(Default)]
struct Decorations {
    set: HashMap<u32, u32>,
    binding: HashMap<u32, u32>,
    non_writable: HashSet<u32>,
    buffer_block: HashSet<u32>,
    array_stride: HashMap<u32, u32>,
    /// Per struct: its members' `Offset`s and which members are `NonWritable`.
    member_offset: HashMap<(u32, u32), u32>,
    member_non_writable: HashSet<(u32, u32)>,
    /// `Location` decorations, by variable.
    location: HashMap<u32, u32>,
    /// `InputAttachmentIndex` decorations, by variable.
    input_attachment_index: HashMap<u32, u32>,
    /// The variables decorated `BuiltIn PrimitiveShadingRateKHR`.
    primitive_shading_rate: HashSet<u32>,
}

impl Decorations {
    /// Adds an `OpDecorate` or `OpMemberDecorate`.
    fn add(&mut self, inst: &Instruction) {
        let ops = &inst.operands;
        if inst.class.opcode == Op::Decorate {
            let (Some(target), Some(Operand::Decoration(what))) = (id(ops.first()), ops.get(1)) else { return };
            match (what, literal(ops.get(2))) {
                (Decoration::DescriptorSet, Some(v)) => _ = self.set.insert(target, v),
                (Decoration::Binding, Some(v)) => _ = self.binding.insert(target, v),
                (Decoration::ArrayStride, Some(v)) => _ = self.array_stride.insert(target, v),
                (Decoration::NonWritable, _) => _ = self.non_writable.insert(target),
                (Decoration::BuiltIn, _)
                    if matches!(ops.get(2), Some(Operand::BuiltIn(BuiltIn::PrimitiveShadingRateKHR))) =>
                {
                    _ = self.primitive_shading_rate.insert(target);
                }
                (Decoration::BufferBlock, _) => _ = self.buffer_block.insert(target),
                (Decoration::Location, Some(v)) => _ = self.location.insert(target, v),
                (Decoration::InputAttachmentIndex, Some(v)) => _ = self.input_attachment_index.insert(target, v),
                _ => {}
            }
        } else {
            let (Some(target), Some(member), Some(Operand::Decoration(what))) =
                (id(ops.first()), literal(ops.get(1)), ops.get(2))
            else {
                return;
            };
            match (what, literal(ops.get(3))) {
                (Decoration::Offset, Some(v)) => _ = self.member_offset.insert((target, member), v),
                (Decoration::NonWritable, _) => _ = self.member_non_writable.insert((target, member)),
                _ => {}
            }
        }
    }
}

/// A global variable reflection follows.
enum Global {
    Resource(ResourceUse),
    PushConstants(u32),
    /// A `Workgroup` variable of this many bytes (0 when its size could not be worked out).
    Workgroup(u32),
}

/// How deep type definitions are followed (arrays of arrays of structs …); SPIR-V cannot nest
/// types cyclically, but malformed code could.
const MAX_DEPTH: u32 = 32;

/// What reflection keeps of a module as the parser hands over its instructions: rspirv's own
/// loader would keep every instruction, and refuses non-semantic instructions (debug
/// information) outside functions.
#[derive(Default)]
struct Collector {
    d: Decorations,
    /// Types and constants, by result id.
    types: HashMap<u32, Instruction>,
    /// Global `OpVariable`s, in order.
    variables: Vec<Instruction>,
    /// Their ids: a valid module declares them all before its functions.
    variable_ids: HashSet<u32>,
    entry_points: Vec<Instruction>,
    /// `LocalSize` execution modes, by entry point function.
    local_sizes: HashMap<u32, [u32; 3]>,
    /// The id decorated as the `WorkgroupSize` built-in.
    workgroup_size_builtin: Option<u32>,
    /// Per function: the global variables its instructions name, and the functions it calls.
    functions: HashMap<u32, (Vec<u32>, Vec<u32>)>,
    /// The function being read.
    current: Option<u32>,
    /// Per value derived from a global variable (loads, access chains, copies, sampled images,
    /// `OpImage`): the variable.
    derived: HashMap<u32, u32>,
    /// Per function: the image operations (`IMAGE_*`) its instructions apply to each variable.
    image_ops: HashMap<u32, Vec<(u32, u8)>>,
    /// Per `OpSampledImage` result: the image's and the sampler's variables.
    sampled: HashMap<u32, (u32, u32)>,
    /// Per function: the sampling operations (`SAMPLING` bits) its instructions apply to each
    /// combination of an image and a sampler variable.
    pair_ops: HashMap<u32, Vec<(u32, u32, u8)>>,
    /// Per function: its `OpImageWrite`s, as the variable written and the `Texel` operand.
    image_writes: HashMap<u32, Vec<(u32, u32)>>,
    /// The result type of each value functions compute, by result id: what a `Texel` operand is.
    value_types: HashMap<u32, u32>,
}

impl Collector {
    /// The global variable `id` is or was derived from.
    fn variable_of(&self, id: Option<u32>) -> Option<u32> {
        let id = id?;
        if self.variable_ids.contains(&id) {
            Some(id)
        } else {
            self.derived.get(&id).copied()
        }
    }

    /// Follows values back to variables and records image operations, for an instruction of
    /// function `f`.
    fn follow_images(&mut self, f: u32, inst: &Instruction) {
        let op = inst.class.opcode;
        let first = id(inst.operands.first());
        match op {
            Op::Load
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::CopyObject
            | Op::SampledImage
            | Op::Image => {
                if let (Some(result), Some(var)) = (inst.result_id, self.variable_of(first)) {
                    self.derived.insert(result, var);
                }
            }
            _ => {}
        }
        if op == Op::SampledImage {
            let sampler = self.variable_of(id(inst.operands.get(1)));
            if let (Some(result), Some(image), Some(sampler)) = (inst.result_id, self.variable_of(first), sampler) {
                self.sampled.insert(result, (image, sampler));
            }
        }
        let implicit_dref_proj = IMAGE_SAMPLE | IMAGE_SAMPLE_IMPLICIT_DREF_PROJ;
        let what = match op {
            Op::ImageTexelPointer => IMAGE_ATOMIC,
            Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageSparseSampleDrefExplicitLod
            | Op::ImageSparseSampleProjDrefImplicitLod
            | Op::ImageSparseSampleProjDrefExplicitLod => IMAGE_DEPTH_COMPARE | implicit_dref_proj,
            Op::ImageDrefGather | Op::ImageSparseDrefGather => IMAGE_DEPTH_COMPARE,
            Op::ImageSampleImplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleProjImplicitLod
            | Op::ImageSparseSampleProjExplicitLod => implicit_dref_proj,
            Op::ImageSampleExplicitLod | Op::ImageSparseSampleExplicitLod => IMAGE_SAMPLE,
            Op::ImageRead | Op::ImageSparseRead => IMAGE_READ,
            Op::ImageWrite => IMAGE_WRITE,
            _ => return,
        };
        let what = if what & IMAGE_SAMPLE != 0 && biased_or_offset(&inst.operands) {
            what | IMAGE_SAMPLE_BIAS_OFFSET
        } else {
            what
        };
        // Sampled through an OpSampledImage: the sampling is the pair's, not the image's own
        // sampler's (a combined image sampler's image may be sampled with another sampler).
        let what = match first.and_then(|f| self.sampled.get(&f)) {
            Some(&(image, sampler)) if what & SAMPLING != 0 => {
                self.pair_ops.entry(f).or_default().push((image, sampler, what & SAMPLING));
                what & !SAMPLING
            }
            _ => what,
        };
        if what == 0 {
            return;
        }
        if let Some(var) = self.variable_of(first) {
            self.image_ops.entry(f).or_default().push((var, what));
            if let (Op::ImageWrite, Some(texel)) = (op, id(inst.operands.get(2))) {
                self.image_writes.entry(f).or_default().push((var, texel));
            }
        }
    }
}

/// Whether an image instruction's operands include a LOD bias or an offset.
fn biased_or_offset(operands: &[Operand]) -> bool {
    use rspirv::spirv::ImageOperands as I;
    let these = I::BIAS | I::CONST_OFFSET | I::OFFSET | I::CONST_OFFSETS | I::OFFSETS;
    operands.iter().any(|o| matches!(o, Operand::ImageOperands(m) if m.intersects(these)))
}

impl Consumer for Collector {
    fn initialize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn finalize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn consume_header(&mut self, _: rspirv::dr::ModuleHeader) -> ParseAction {
        ParseAction::Continue
    }

    fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
        let op = inst.class.opcode;
        match (op, self.current) {
            (Op::Decorate | Op::MemberDecorate, _) => {
                if let [Operand::IdRef(target), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::WorkgroupSize)] =
                    inst.operands.as_slice()
                {
                    self.workgroup_size_builtin = Some(*target);
                }
                self.d.add(&inst);
            }
            (Op::EntryPoint, _) => self.entry_points.push(inst),
            (Op::ExecutionMode, _) => {
                if let [Operand::IdRef(f), Operand::ExecutionMode(ExecutionMode::LocalSize), Operand::LiteralBit32(x), Operand::LiteralBit32(y), Operand::LiteralBit32(z)] =
                    inst.operands.as_slice()
                {
                    self.local_sizes.insert(*f, [*x, *y, *z]);
                }
            }
            (Op::Function, _) => {
                self.current = inst.result_id;
                if let Some(f) = inst.result_id {
                    self.functions.entry(f).or_default();
                }
            }
            (Op::FunctionEnd, _) => self.current = None,
            (Op::Variable, None) => {
                if let Some(v) = inst.result_id {
                    self.variable_ids.insert(v);
                    self.variables.push(inst);
                }
            }
            (_, None) if op.is_type() || op.is_constant() => {
                if let Some(t) = inst.result_id {
                    self.types.insert(t, inst);
                }
            }
            (_, Some(f)) => {
                if let (Some(result), Some(ty)) = (inst.result_id, inst.result_type) {
                    self.value_types.insert(result, ty);
                }
                self.follow_images(f, &inst);
                let Some((used, called)) = self.functions.get_mut(&f) else { return ParseAction::Continue };
                if op == Op::FunctionCall {
                    called.extend(id(inst.operands.first()));
                }
                for o in &inst.operands {
                    if let Operand::IdRef(r) = o {
                        if self.variable_ids.contains(r) {
                            used.push(*r);
                        }
                    }
                }
            }
            _ => {}
        }
        ParseAction::Continue
    }
}

struct Types<'m> {
    by_id: &'m HashMap<u32, Instruction>,
    d: &'m Decorations,
}

impl Types<'_> {
    fn get(&self, id: Option<u32>) -> Option<&Instruction> {
        id.and_then(|id| self.by_id.get(&id))
    }
    /// The element type under any arrays.
    fn strip_arrays(&self, mut ty: u32) -> Option<&Instruction> {
        for _ in 0..MAX_DEPTH {
            let t = self.get(Some(ty))?;
            match t.class.opcode {
                Op::TypeArray | Op::TypeRuntimeArray => ty = id(t.operands.first())?,
                _ => return Some(t),
            }
        }
        None
    }

    /// Whether a variable of `storage` class whose pointee is `pointee` is a storage resource.
    fn storage(&self, storage: StorageClass, pointee: u32) -> bool {
        let Some(t) = self.strip_arrays(pointee) else { return false };
        let result = t.result_id.unwrap_or(0);
        match storage {
            StorageClass::StorageBuffer => true,
            StorageClass::Uniform => self.d.buffer_block.contains(&result),
            // OpTypeImage's Sampled operand (index 5): 2 is a storage image or texel buffer, or
            // an input attachment (Dim SubpassData, read only through OpImageRead).
            StorageClass::UniformConstant => {
                t.class.opcode == Op::TypeImage
                    && literal(t.operands.get(5)) == Some(2)
                    && !matches!(t.operands.get(1), Some(Operand::Dim(rspirv::spirv::Dim::DimSubpassData)))
            }
            _ => false,
        }
    }

    /// How many descriptors a variable of type `pointee` reaches: the product of its array
    /// lengths (1 for no array); `None` for a runtime array, or a length not a plain constant.
    fn elements(&self, mut ty: u32) -> Option<u32> {
        let mut n = 1u32;
        for _ in 0..MAX_DEPTH {
            let t = self.get(Some(ty))?;
            match t.class.opcode {
                Op::TypeArray => {
                    let length = self.get(id(t.operands.get(1))).filter(|c| c.class.opcode == Op::Constant)?;
                    n = n.checked_mul(literal(length.operands.first())?)?;
                    ty = id(t.operands.first())?;
                }
                Op::TypeRuntimeArray => return None,
                _ => return Some(n),
            }
        }
        None
    }

    /// How many components a value of type `ty` has: a vector's count, 1 for a scalar; `None`
    /// for anything else.
    fn components(&self, ty: Option<u32>) -> Option<u8> {
        let t = self.get(ty)?;
        match t.class.opcode {
            Op::TypeVector => literal(t.operands.get(1)).and_then(|n| u8::try_from(n).ok()),
            Op::TypeInt | Op::TypeFloat => Some(1),
            _ => None,
        }
    }

    /// The `OpTypeImage` under any arrays and sampled-image type of `pointee`.
    fn image(&self, pointee: u32) -> Option<ImageType> {
        let mut t = self.strip_arrays(pointee)?;
        if t.class.opcode == Op::TypeSampledImage {
            t = self.get(id(t.operands.first()))?;
        }
        if t.class.opcode != Op::TypeImage {
            return None;
        }
        let ops = &t.operands;
        let (Some(Operand::Dim(dim)), Some(arrayed), Some(Operand::ImageFormat(format))) =
            (ops.get(1), literal(ops.get(3)), ops.get(6))
        else {
            return None;
        };
        let sampled = self.get(id(ops.first()));
        let numeric = match sampled.map(|t| (t.class.opcode, literal(t.operands.get(1)))) {
            Some((Op::TypeFloat, _)) => NUMERIC_FLOAT,
            Some((Op::TypeInt, Some(1))) => NUMERIC_SINT,
            Some((Op::TypeInt, Some(0))) => NUMERIC_UINT,
            _ => 0,
        };

        Some(ImageType {
            dim: *dim as u32,
            arrayed: arrayed == 1,
            format_unknown: *format == rspirv::spirv::ImageFormat::Unknown,
            numeric,
        })
    }

    /// Whether a storage resource's declaration forbids writes: the variable, or every member
    /// of its block, is `NonWritable`.
    fn non_writable(&self, var: u32, pointee: u32) -> bool {
        if self.d.non_writable.contains(&var) {
            return true;
        }
        let Some(t) = self.strip_arrays(pointee) else { return false };
        let Some(block) = t.result_id else { return false };
        t.class.opcode == Op::TypeStruct
            && !t.operands.is_empty()
            && (0..t.operands.len() as u32).all(|m| self.d.member_non_writable.contains(&(block, m)))
    }

    /// The size in bytes of a push constant block's type, as its explicit layout declares it.
    fn size(&self, ty: u32, depth: u32) -> Option<u32> {
        if depth > MAX_DEPTH {
            return None;
        }
        let t = self.get(Some(ty))?;
        let ops = &t.operands;
        match t.class.opcode {
            Op::TypeInt | Op::TypeFloat => Some(literal(ops.first())? / 8),
            Op::TypeVector | Op::TypeMatrix => {
                self.size(id(ops.first())?, depth + 1)?.checked_mul(literal(ops.get(1))?)
            }
            Op::TypeArray => {
                let length = self.get(id(ops.get(1))).filter(|c| c.class.opcode == Op::Constant)?;
                let stride = match self.d.array_stride.get(&ty) {
                    Some(&s) => s,
                    None => self.size(id(ops.first())?, depth + 1)?,
                };
                stride.checked_mul(literal(length.operands.first())?)
            }
            Op::TypeRuntimeArray => Some(0),
            Op::TypeStruct => {
                let mut end = 0u32;
                for (m, member) in ops.iter().enumerate() {
                    let offset = self.d.member_offset.get(&(ty, m as u32)).copied()?;
                    end = end.max(offset.checked_add(self.size(id(Some(member))?, depth + 1)?)?);
                }
                Some(end)
            }
            _ => None,
        }
    }
}

/// What rspirv is not given: a stream whose header or instruction lengths are wrong (its
/// decoder can index past the end of a truncated instruction: a panic, caught, but printed on
/// the application's stderr), or one importing an extended instruction set rspirv does not know
/// (it would say so on stderr).
fn precheck(words: &[u32]) -> Result<(), String> {
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return Err("no SPIR-V header".to_owned());
    }
    let mut at = 5;
    while let Some(&first) = words.get(at) {
        let count = (first >> 16) as usize;
        let Some(inst) = words.get(at..at + count).filter(|_| count > 0) else {
            return Err(format!("the instruction at word {at} has a word count of {count}"));
        };
        // OpExtInstImport: result id, then the set's name as a NUL-terminated string.
        if first & 0xffff == 11 && count > 2 {
            let bytes: Vec<u8> = inst[2..].iter().flat_map(|w| w.to_le_bytes()).collect();
            let name = String::from_utf8_lossy(bytes.split(|&b| b == 0).next().unwrap_or_default()).into_owned();
            if rspirv::grammar::ext_inst_table(&name).is_none() {
                return Err(format!("it imports extended instruction set {name:?}, which Vigil does not know"));
            }
        }
        at += count;
    }
    Ok(())
}

/// Reflection proper: `Err` with the parser's reason when the code cannot be parsed.
fn reflect(words: &[u32]) -> Result<Vec<EntryPoint>, String> {
    precheck(words)?;
    let mut c = Collector::default();
    rspirv::binary::parse_words(words, &mut c).map_err(|e| e.to_string())?;
    let types = Types { by_id: &c.types, d: &c.d };

    // The globals reflection follows: resources with a set and a binding, push constant blocks.
    let mut globals: HashMap<u32, Global> = HashMap::new();
    for v in &c.variables {
        let (Some(var), Some(Operand::StorageClass(storage))) = (v.result_id, v.operands.first()) else { continue };
        let Some(pointer) = types.get(v.result_type).filter(|p| p.class.opcode == Op::TypePointer) else { continue };
        let Some(pointee) = id(pointer.operands.get(1)) else { continue };
        if *storage == StorageClass::PushConstant {
            globals.insert(var, Global::PushConstants(types.size(pointee, 0).unwrap_or(0)));
        } else if *storage == StorageClass::Workgroup {
            globals.insert(var, Global::Workgroup(types.size(pointee, 0).unwrap_or(0)));
        } else if let (Some(&set), Some(&binding)) = (c.d.set.get(&var), c.d.binding.get(&var)) {
            let written = types.storage(*storage, pointee) && !types.non_writable(var, pointee);
            let image = types.image(pointee);
            let elements = types.elements(pointee);
            let r = ResourceUse { set, binding, written, image, ops: 0, elements, texel_components: 0 };
            globals.insert(var, Global::Resource(r));
        }
    }

    // Input attachments by variable: the indices (bit n for index n < 64) their
    // `InputAttachmentIndex` decoration and array length reach, with or without a binding.
    let mut input_attachments: HashMap<u32, u64> = HashMap::new();
    for v in &c.variables {
        let Some(var) = v.result_id else { continue };
        let Some(&first) = c.d.input_attachment_index.get(&var) else { continue };
        let pointee = types.get(v.result_type).and_then(|p| id(p.operands.get(1)));
        // A runtime array reaches every index from its first.
        let n = pointee.map_or(Some(1), |p| types.elements(p)).map_or(64, u64::from);
        input_attachments.insert(var, index_bits(first, n));
    }

    let inputs = crate::state::draw_params::input_locations(&c.variables, &c.d.location);
    let mut entry_points = Vec::new();
    for e in &c.entry_points {
        let (Some(Operand::ExecutionModel(model)), Some(main), Some(Operand::LiteralString(name))) =
            (e.operands.first(), id(e.operands.get(1)), e.operands.get(2))
        else {
            continue;
        };
        // The call tree, each function once (recursion is invalid in shaders, but cannot hang this).
        let (mut seen, mut todo) = (HashSet::from([main]), vec![main]);
        let (mut resources, mut push_constants, mut sampled_pairs) = (Vec::new(), None, Vec::new());
        let (mut workgroup, mut attachments, mut rate) = (HashMap::new(), 0u64, false);
        while let Some(f) = todo.pop() {
            let Some((used, called)) = c.functions.get(&f) else { continue };
            // An output built-in the call tree names is one it writes (reading it back alone
            // would be pointless).
            rate |= used.iter().any(|v| c.d.primitive_shading_rate.contains(v));
            attachments |= used.iter().filter_map(|v| input_attachments.get(v)).fold(0, |a, b| a | b);
            for (v, g) in used.iter().filter_map(|v| Some((*v, globals.get(v)?))) {
                match *g {
                    Global::Resource(r) => resources.push(r),
                    Global::PushConstants(size) => push_constants = Some(push_constants.unwrap_or(0).max(size)),
                    Global::Workgroup(size) => {
                        workgroup.insert(v, size);
                    }
                }
            }
            for (var, what) in c.image_ops.get(&f).into_iter().flatten() {
                if let Some(Global::Resource(r)) = globals.get(var) {
                    resources.push(ResourceUse { ops: *what, ..*r });
                }
            }
            for (var, texel) in c.image_writes.get(&f).into_iter().flatten() {
                let ty = c.value_types.get(texel).copied().or_else(|| c.types.get(texel)?.result_type);
                if let (Some(Global::Resource(r)), Some(n)) = (globals.get(var), types.components(ty)) {
                    resources.push(ResourceUse { texel_components: n, ..*r });
                }
            }
            for (image, sampler, ops) in c.pair_ops.get(&f).into_iter().flatten() {
                // Array elements would pair by index, which reflection does not follow.
                let single = |v| match globals.get(v) {
                    Some(Global::Resource(r)) if r.elements == Some(1) => Some((r.set, r.binding)),
                    _ => None,
                };
                if let (Some(image), Some(sampler)) = (single(image), single(sampler)) {
                    sampled_pairs.push(SampledPair { image, sampler, ops: *ops });
                }
            }
            todo.extend(called.iter().copied().filter(|c| seen.insert(*c)));
        }
        entry_points.push(EntryPoint {
            name: name.clone(),
            stage: stage_of(*model),
            resources: merge(resources),
            sampled_pairs: merge_pairs(sampled_pairs),
            push_constants,
            local_size: match c.workgroup_size_builtin {
                Some(builtin) => constant_size(&c.types, builtin),
                None => c.local_sizes.get(&main).copied(),
            },
            inputs: crate::state::draw_params::interface_inputs(&e.operands, &inputs),
            workgroup_bytes: workgroup.values().map(|&b| u64::from(b)).sum(),
            input_attachments: attachments,
            primitive_shading_rate: rate,
        });
    }
    Ok(entry_points)
}

/// Bits `first` to `first + n - 1` of a 64-bit mask (those below 64).
fn index_bits(first: u32, n: u64) -> u64 {
    let low = |k: u64| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    let first = u64::from(first);
    low(first.saturating_add(n)) & !low(first)
}

/// The value of constant composite `id` of three 32-bit constants (a `WorkgroupSize`); `None`
/// for a specialization constant or anything else.
fn constant_size(types: &HashMap<u32, Instruction>, id: u32) -> Option<[u32; 3]> {
    let composite = types.get(&id).filter(|i| i.class.opcode == Op::ConstantComposite)?;
    let mut size = [0; 3];
    if composite.operands.len() != 3 {
        return None;
    }
    for (s, o) in size.iter_mut().zip(&composite.operands) {
        let Operand::IdRef(c) = o else { return None };
        let constant = types.get(c).filter(|i| i.class.opcode == Op::Constant)?;
        let [Operand::LiteralBit32(v)] = constant.operands.as_slice() else { return None };
        *s = *v;
    }
    Some(size)
}

/// Sorts resource uses by set and binding and merges repeats (two variables may alias one
/// binding): written if either is, the image operations of both, and no image type where they
/// declare different ones.
pub fn merge(mut resources: Vec<ResourceUse>) -> Vec<ResourceUse> {
    resources.sort();
    let mut out: Vec<ResourceUse> = Vec::with_capacity(resources.len());
    for r in resources {
        match out.last_mut() {
            Some(last) if (last.set, last.binding) == (r.set, r.binding) => {
                last.written |= r.written;
                last.ops |= r.ops;
                last.elements = last.elements.zip(r.elements).map(|(a, b)| a.max(b));
                last.texel_components = match (last.texel_components, r.texel_components) {
                    (0, n) | (n, 0) => n,
                    (a, b) => a.min(b),
                };
                if last.image != r.image {
                    last.image = None;
                }
            }
            _ => out.push(r),
        }
    }
    out
}

/// Sorts sampled pairs and merges repeats (their operations together).
pub fn merge_pairs(mut pairs: Vec<SampledPair>) -> Vec<SampledPair> {
    pairs.sort();
    let mut out: Vec<SampledPair> = Vec::with_capacity(pairs.len());
    for p in pairs {
        match out.last_mut() {
            Some(last) if (last.image, last.sampler) == (p.image, p.sampler) => last.ops |= p.ops,
            _ => out.push(p),
        }
    }
    out
}

/// SPIR-V bytes as words, as the driver reads them (`codeSize` is a multiple of 4).
#[cfg(test)]
fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMPUTE: &[u8] = include_bytes!("../../../tests/shaders/compute.comp.spv");
    const SETS: &[u8] = include_bytes!("../../../tests/shaders/sets.comp.spv");
    const SETS_DEBUG: &[u8] = include_bytes!("../../../tests/shaders/sets.comp.debug.spv");
    const VERTEX: &[u8] = include_bytes!("../../../tests/shaders/triangle.vert.spv");
    const IMAGES: &[u8] = include_bytes!("../../../tests/shaders/images.comp.spv");
    const DESCRIPTORS: &[u8] = include_bytes!("../../../tests/shaders/descriptors.comp.spv");
    const SEPARATE: &[u8] = include_bytes!("../../../tests/shaders/separate.comp.spv");
    const INPUTS: &[u8] = include_bytes!("../../../tests/shaders/inputs.frag.spv");
    const PRIMITIVE_RATE: &[u8] = include_bytes!("../../../tests/shaders/primitive-rate.vert.spv");

    fn parsed(bytes: &[u8]) -> Vec<EntryPoint> {
        match Reflection::of(&words(bytes)) {
            Reflection::Parsed(e) => e,
            Reflection::Unparsed(why) => panic!("not parsed: {why}"),
        }
    }

    #[test]
    fn a_written_storage_buffer_and_push_constants() {
        let e = parsed(COMPUTE);
        assert_eq!(
            e,
            [EntryPoint {
                name: "main".into(),
                stage: 0x20,
                resources: vec![ResourceUse {
                    set: 0,
                    binding: 0,
                    written: true,
                    image: None,
                    ops: 0,
                    elements: Some(1),
                    texel_components: 0
                }],
                sampled_pairs: vec![],
                push_constants: Some(4),
                local_size: Some([64, 1, 1]),
                inputs: 0,
                workgroup_bytes: 0,
                input_attachments: 0,
                primitive_shading_rate: false,
            }]
        );
    }

    #[test]
    fn only_the_call_tree_counts() {
        // Set 2 is used by a function main calls, set 1 only declared; both are read-only.
        let e = parsed(SETS);
        assert_eq!(
            e[0].resources,
            [
                ResourceUse {
                    set: 0,
                    binding: 0,
                    written: true,
                    image: None,
                    ops: 0,
                    elements: Some(1),
                    texel_components: 0
                },
                ResourceUse {
                    set: 2,
                    binding: 0,
                    written: false,
                    image: None,
                    ops: 0,
                    elements: Some(1),
                    texel_components: 0
                }
            ]
        );
        assert_eq!(e[0].push_constants, None);
    }

    #[test]
    fn debug_information_outside_functions_is_read_past() {
        // NonSemantic.Shader.DebugInfo.100 names every global, set 1's included, outside any
        // function: not a use.
        assert_eq!(parsed(SETS_DEBUG), parsed(SETS));
    }

    #[test]
    fn an_extended_instruction_set_vigil_does_not_know_is_not_parsed() {
        // Rename GLSL.std.450 (the import after the header and OpCapability) to a set rspirv
        // lacks: refused before rspirv would complain on stderr.
        let mut w = words(COMPUTE);
        let import = 5 + w[5..].iter().position(|&x| x & 0xffff == 11 && x >> 16 > 2).expect("OpExtInstImport");
        assert_eq!(w[import + 2], u32::from_le_bytes(*b"GLSL"));
        w[import + 2] = u32::from_le_bytes(*b"Zzzz");
        assert!(matches!(Reflection::of(&w), Reflection::Unparsed(why) if why.contains("Zzzz.std.450")));
    }

    #[test]
    fn no_descriptors_and_stage_lookup() {
        let r = Reflection::of(&words(VERTEX));
        let e = r.entry_point(b"main", 0x1).expect("the vertex entry point");
        assert!(e.resources.is_empty() && e.push_constants.is_none());
        assert!(r.entry_point(b"main", 0x10).is_none());
        assert!(r.entry_point(b"other", 0x1).is_none());
    }

    #[test]
    fn unknown_instructions_and_garbage_are_not_parsed() {
        // A valid module with one instruction of an opcode no grammar has (0xfff0).
        let mut w = words(COMPUTE);
        w.insert(5, (1 << 16) | 0xfff0);
        assert!(matches!(Reflection::of(&w), Reflection::Unparsed(why) if why.contains("65520")));
        assert!(matches!(Reflection::of(&[]), Reflection::Unparsed(_)));
        assert!(matches!(Reflection::of(&[0x0723_0203, 0x0001_0000]), Reflection::Unparsed(_)));
        // Every truncation of a real module is refused or parsed, never a panic.
        let w = words(SETS);
        for n in 0..w.len() {
            let _ = Reflection::of(&w[..n]);
        }
    }

    #[test]
    fn image_types_and_what_is_done_with_them() {
        // A sampler2D read, an r32ui uimage2D used atomically, a sampler2DShadow compared.
        let e = parsed(IMAGES);
        let image = |format_unknown, numeric| Some(ImageType { dim: 1, arrayed: false, format_unknown, numeric });
        let r = |binding, written, image, ops| ResourceUse {
            set: 0,
            binding,
            written,
            image,
            ops,
            elements: Some(1),
            texel_components: 0,
        };
        assert_eq!(
            e[0].resources,
            [
                r(0, false, image(true, NUMERIC_FLOAT), IMAGE_SAMPLE),
                r(1, true, image(false, NUMERIC_UINT), IMAGE_ATOMIC),
                r(
                    2,
                    false,
                    image(true, NUMERIC_FLOAT),
                    IMAGE_DEPTH_COMPARE | IMAGE_SAMPLE | IMAGE_SAMPLE_IMPLICIT_DREF_PROJ
                )
            ]
        );
    }

    #[test]
    fn separate_samplers_pair_with_the_images_they_sample() {
        // One sampler samples binding 0 (a utexture2D) and binding 2 (a texture2D): the pairs
        // are sampled, the images themselves not (no sampler of their own).
        let e = parsed(SEPARATE);
        let pair = |image| SampledPair { image: (0, image), sampler: (0, 1), ops: IMAGE_SAMPLE };
        assert_eq!(e[0].sampled_pairs, [pair(0), pair(2)]);
        let ops: Vec<_> = e[0].resources.iter().map(|r| (r.binding, r.ops)).collect();
        assert_eq!(ops, [(0, 0), (1, 0), (2, 0), (3, 0)]);
    }

    #[test]
    fn arrays_reach_as_many_descriptors_as_their_length() {
        // A storage buffer (its runtime array is inside the block), two uniform buffers.
        let e = parsed(DESCRIPTORS);
        assert_eq!(e[0].resources.iter().map(|r| r.elements).collect::<Vec<_>>(), [Some(1), Some(2)]);
    }

    #[test]
    fn input_attachments_by_their_index() {
        // A subpassInput with input_attachment_index 0; the other samples read none.
        let inputs = parsed(INPUTS);
        assert_eq!(inputs[0].input_attachments, 0b1);
        // Read through its descriptor, never written: not a storage resource.
        assert!(!inputs[0].resources[0].written);
        assert_eq!(parsed(SEPARATE)[0].input_attachments, 0);
        assert_eq!(index_bits(2, 3), 0b11100);
        assert_eq!(index_bits(63, 4), 1 << 63);
        assert_eq!(index_bits(70, 1), 0);
    }

    #[test]
    fn primitive_shading_rate_writes() {
        assert!(parsed(PRIMITIVE_RATE)[0].primitive_shading_rate);
        assert!(!parsed(VERTEX)[0].primitive_shading_rate);
    }

    #[test]
    fn repeated_bindings_merge() {
        let r = |set, binding, written| ResourceUse {
            set,
            binding,
            written,
            image: None,
            ops: 0,
            elements: Some(1),
            texel_components: 0,
        };
        assert_eq!(merge(vec![r(1, 0, false), r(0, 3, false), r(1, 0, true)]), [r(0, 3, false), r(1, 0, true)]);
    }
}
