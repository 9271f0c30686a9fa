//! At draw and dispatch time, the descriptors the bound pipeline's shaders statically use
//! (`state::shaders` reflection, merged per pipeline): each must be valid (`-None-08114`:
//! written, and the buffer, buffer view, image view or sampler it names not destroyed), and an
//! image view it names must be of the view type the shader's `OpTypeImage` declares
//! (`-viewType-07752`), of a format with `VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT` when the
//! shader does atomic operations on it (`-None-02691`), and of a format with
//! `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT` when it samples it with depth
//! comparison (`-None-06479`), and, written or read as a storage image whose `OpTypeImage`
//! format is `Unknown`, of a format with the storage write or read without format feature
//! (`-OpTypeImage-07027`, `-OpTypeImage-07028`); and the numeric type of an image view's format
//! (or a texel buffer's buffer view's) must be its `Sampled Type`'s (`-format-07753`), and a
//! storage texel buffer used atomically needs `VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT`
//! (`-None-07888`).
//! Format features are those of the view's format with its image's
//! tiling, asked of the driver (`VkFormatProperties3`) when the view is created.
//!
//! A recording remembers, per bind point, a fingerprint of the last check that found nothing
//! (the pipeline, each used set's record and version, the object table's epoch): a draw loop
//! that changes none of them costs a few lookups and no lock on the sets; the descriptors are
//! looked at again only when a set is updated, another set or pipeline bound, or an object
//! destroyed. Nothing on this path allocates.
//!
//! Not checked, so never reported: bindings with `VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT`
//! (only descriptors dynamically used must be valid) or `UPDATE_AFTER_BIND_BIT` (they may be
//! written until the submission), sampler bindings with immutable samplers, inline uniform
//! blocks, push descriptor sets, descriptor buffers and heaps, sets whose layout is not defined
//! like the pipeline layout's (`-None-08600` reports those), samplers of combined image
//! samplers, resources the tracker did not know when they were written, format features of
//! views of images with DRM format modifiers or on devices before Vulkan 1.3, and images reached
//! through function parameters.

use vigil_generated::VkDescriptorType;

use super::command_table::CommandTable;
use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::Recording;
use crate::state::descriptors::{BINDING_PARTIALLY_BOUND, BINDING_UPDATE_AFTER_BIND};
use crate::state::draw_descriptors::Descriptor;
use crate::state::pipelines::{bind_point_name, BoundPoint, PipelineLayoutInfo};
use crate::state::shaders::{
    ResourceUse, IMAGE_ATOMIC, IMAGE_DEPTH_COMPARE, IMAGE_READ, IMAGE_WRITE, NUMERIC_FLOAT, NUMERIC_SINT, NUMERIC_UINT,
};
use crate::state::{ObjectRecord, OBJECTS};

/// The ids of one command's rules.
struct DescriptorIds {
    command: &'static str,
    valid: &'static str,
    view_type: &'static str,
    atomic: &'static str,
    depth_compare: &'static str,
    /// A storage image of unknown format written, then read.
    write_without_format: &'static str,
    read_without_format: &'static str,
    /// The view format's numeric type against the `Sampled Type`.
    numeric: &'static str,
    /// A storage texel buffer used atomically.
    texel_atomic: &'static str,
}

/// Per command of `BOUND_PIPELINE_IDS`, sorted by name (a unit test checks it against the
/// registry's text).
/// `DESCRIPTOR_IDS` by command number.
static DESCRIPTORS: CommandTable<DescriptorIds> = CommandTable::new(DESCRIPTOR_IDS, |d| d.command);

const DESCRIPTOR_IDS: &[DescriptorIds] = &[
    DescriptorIds {
        command: "vkCmdDispatch",
        valid: "VUID-vkCmdDispatch-None-08114",
        view_type: "VUID-vkCmdDispatch-viewType-07752",
        atomic: "VUID-vkCmdDispatch-None-02691",
        depth_compare: "VUID-vkCmdDispatch-None-06479",
        write_without_format: "VUID-vkCmdDispatch-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDispatch-OpTypeImage-07028",
        numeric: "VUID-vkCmdDispatch-format-07753",
        texel_atomic: "VUID-vkCmdDispatch-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDispatchBase",
        valid: "VUID-vkCmdDispatchBase-None-08114",
        view_type: "VUID-vkCmdDispatchBase-viewType-07752",
        atomic: "VUID-vkCmdDispatchBase-None-02691",
        depth_compare: "VUID-vkCmdDispatchBase-None-06479",
        write_without_format: "VUID-vkCmdDispatchBase-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDispatchBase-OpTypeImage-07028",
        numeric: "VUID-vkCmdDispatchBase-format-07753",
        texel_atomic: "VUID-vkCmdDispatchBase-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDispatchIndirect",
        valid: "VUID-vkCmdDispatchIndirect-None-08114",
        view_type: "VUID-vkCmdDispatchIndirect-viewType-07752",
        atomic: "VUID-vkCmdDispatchIndirect-None-02691",
        depth_compare: "VUID-vkCmdDispatchIndirect-None-06479",
        write_without_format: "VUID-vkCmdDispatchIndirect-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDispatchIndirect-OpTypeImage-07028",
        numeric: "VUID-vkCmdDispatchIndirect-format-07753",
        texel_atomic: "VUID-vkCmdDispatchIndirect-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDispatchIndirect2KHR",
        valid: "VUID-vkCmdDispatchIndirect2KHR-None-08114",
        view_type: "VUID-vkCmdDispatchIndirect2KHR-viewType-07752",
        atomic: "VUID-vkCmdDispatchIndirect2KHR-None-02691",
        depth_compare: "VUID-vkCmdDispatchIndirect2KHR-None-06479",
        write_without_format: "VUID-vkCmdDispatchIndirect2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDispatchIndirect2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdDispatchIndirect2KHR-format-07753",
        texel_atomic: "VUID-vkCmdDispatchIndirect2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDraw",
        valid: "VUID-vkCmdDraw-None-08114",
        view_type: "VUID-vkCmdDraw-viewType-07752",
        atomic: "VUID-vkCmdDraw-None-02691",
        depth_compare: "VUID-vkCmdDraw-None-06479",
        write_without_format: "VUID-vkCmdDraw-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDraw-OpTypeImage-07028",
        numeric: "VUID-vkCmdDraw-format-07753",
        texel_atomic: "VUID-vkCmdDraw-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawClusterHUAWEI",
        valid: "VUID-vkCmdDrawClusterHUAWEI-None-08114",
        view_type: "VUID-vkCmdDrawClusterHUAWEI-viewType-07752",
        atomic: "VUID-vkCmdDrawClusterHUAWEI-None-02691",
        depth_compare: "VUID-vkCmdDrawClusterHUAWEI-None-06479",
        write_without_format: "VUID-vkCmdDrawClusterHUAWEI-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawClusterHUAWEI-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawClusterHUAWEI-format-07753",
        texel_atomic: "VUID-vkCmdDrawClusterHUAWEI-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawClusterIndirectHUAWEI",
        valid: "VUID-vkCmdDrawClusterIndirectHUAWEI-None-08114",
        view_type: "VUID-vkCmdDrawClusterIndirectHUAWEI-viewType-07752",
        atomic: "VUID-vkCmdDrawClusterIndirectHUAWEI-None-02691",
        depth_compare: "VUID-vkCmdDrawClusterIndirectHUAWEI-None-06479",
        write_without_format: "VUID-vkCmdDrawClusterIndirectHUAWEI-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawClusterIndirectHUAWEI-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawClusterIndirectHUAWEI-format-07753",
        texel_atomic: "VUID-vkCmdDrawClusterIndirectHUAWEI-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndexed",
        valid: "VUID-vkCmdDrawIndexed-None-08114",
        view_type: "VUID-vkCmdDrawIndexed-viewType-07752",
        atomic: "VUID-vkCmdDrawIndexed-None-02691",
        depth_compare: "VUID-vkCmdDrawIndexed-None-06479",
        write_without_format: "VUID-vkCmdDrawIndexed-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndexed-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndexed-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndexed-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndexedIndirect",
        valid: "VUID-vkCmdDrawIndexedIndirect-None-08114",
        view_type: "VUID-vkCmdDrawIndexedIndirect-viewType-07752",
        atomic: "VUID-vkCmdDrawIndexedIndirect-None-02691",
        depth_compare: "VUID-vkCmdDrawIndexedIndirect-None-06479",
        write_without_format: "VUID-vkCmdDrawIndexedIndirect-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndexedIndirect-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndexedIndirect-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndexedIndirect-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndexedIndirect2KHR",
        valid: "VUID-vkCmdDrawIndexedIndirect2KHR-None-08114",
        view_type: "VUID-vkCmdDrawIndexedIndirect2KHR-viewType-07752",
        atomic: "VUID-vkCmdDrawIndexedIndirect2KHR-None-02691",
        depth_compare: "VUID-vkCmdDrawIndexedIndirect2KHR-None-06479",
        write_without_format: "VUID-vkCmdDrawIndexedIndirect2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndexedIndirect2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndexedIndirect2KHR-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndexedIndirect2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndexedIndirectCount",
        valid: "VUID-vkCmdDrawIndexedIndirectCount-None-08114",
        view_type: "VUID-vkCmdDrawIndexedIndirectCount-viewType-07752",
        atomic: "VUID-vkCmdDrawIndexedIndirectCount-None-02691",
        depth_compare: "VUID-vkCmdDrawIndexedIndirectCount-None-06479",
        write_without_format: "VUID-vkCmdDrawIndexedIndirectCount-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndexedIndirectCount-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndexedIndirectCount-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndexedIndirectCount-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndexedIndirectCount2KHR",
        valid: "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-08114",
        view_type: "VUID-vkCmdDrawIndexedIndirectCount2KHR-viewType-07752",
        atomic: "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-02691",
        depth_compare: "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-06479",
        write_without_format: "VUID-vkCmdDrawIndexedIndirectCount2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndexedIndirectCount2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndexedIndirectCount2KHR-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirect",
        valid: "VUID-vkCmdDrawIndirect-None-08114",
        view_type: "VUID-vkCmdDrawIndirect-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirect-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirect-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirect-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirect-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirect-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirect-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirect2KHR",
        valid: "VUID-vkCmdDrawIndirect2KHR-None-08114",
        view_type: "VUID-vkCmdDrawIndirect2KHR-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirect2KHR-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirect2KHR-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirect2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirect2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirect2KHR-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirect2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirectByteCount2EXT",
        valid: "VUID-vkCmdDrawIndirectByteCount2EXT-None-08114",
        view_type: "VUID-vkCmdDrawIndirectByteCount2EXT-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirectByteCount2EXT-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirectByteCount2EXT-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirectByteCount2EXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirectByteCount2EXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirectByteCount2EXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirectByteCount2EXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirectByteCountEXT",
        valid: "VUID-vkCmdDrawIndirectByteCountEXT-None-08114",
        view_type: "VUID-vkCmdDrawIndirectByteCountEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirectByteCountEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirectByteCountEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirectByteCountEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirectByteCountEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirectByteCountEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirectByteCountEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirectCount",
        valid: "VUID-vkCmdDrawIndirectCount-None-08114",
        view_type: "VUID-vkCmdDrawIndirectCount-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirectCount-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirectCount-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirectCount-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirectCount-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirectCount-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirectCount-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawIndirectCount2KHR",
        valid: "VUID-vkCmdDrawIndirectCount2KHR-None-08114",
        view_type: "VUID-vkCmdDrawIndirectCount2KHR-viewType-07752",
        atomic: "VUID-vkCmdDrawIndirectCount2KHR-None-02691",
        depth_compare: "VUID-vkCmdDrawIndirectCount2KHR-None-06479",
        write_without_format: "VUID-vkCmdDrawIndirectCount2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawIndirectCount2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawIndirectCount2KHR-format-07753",
        texel_atomic: "VUID-vkCmdDrawIndirectCount2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksEXT",
        valid: "VUID-vkCmdDrawMeshTasksEXT-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirect2EXT",
        valid: "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirect2EXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirect2EXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirect2EXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirect2EXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirect2EXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirectCount2EXT",
        valid: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirectCount2EXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirectCountEXT",
        valid: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirectCountNV",
        valid: "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirectCountNV-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirectCountNV-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirectCountNV-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirectCountNV-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirectCountNV-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirectEXT",
        valid: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirectEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirectEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirectEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirectEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksIndirectNV",
        valid: "VUID-vkCmdDrawMeshTasksIndirectNV-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksIndirectNV-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksIndirectNV-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksIndirectNV-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksIndirectNV-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksIndirectNV-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksIndirectNV-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksIndirectNV-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMeshTasksNV",
        valid: "VUID-vkCmdDrawMeshTasksNV-None-08114",
        view_type: "VUID-vkCmdDrawMeshTasksNV-viewType-07752",
        atomic: "VUID-vkCmdDrawMeshTasksNV-None-02691",
        depth_compare: "VUID-vkCmdDrawMeshTasksNV-None-06479",
        write_without_format: "VUID-vkCmdDrawMeshTasksNV-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMeshTasksNV-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMeshTasksNV-format-07753",
        texel_atomic: "VUID-vkCmdDrawMeshTasksNV-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMultiEXT",
        valid: "VUID-vkCmdDrawMultiEXT-None-08114",
        view_type: "VUID-vkCmdDrawMultiEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMultiEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMultiEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMultiEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMultiEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMultiEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMultiEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdDrawMultiIndexedEXT",
        valid: "VUID-vkCmdDrawMultiIndexedEXT-None-08114",
        view_type: "VUID-vkCmdDrawMultiIndexedEXT-viewType-07752",
        atomic: "VUID-vkCmdDrawMultiIndexedEXT-None-02691",
        depth_compare: "VUID-vkCmdDrawMultiIndexedEXT-None-06479",
        write_without_format: "VUID-vkCmdDrawMultiIndexedEXT-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdDrawMultiIndexedEXT-OpTypeImage-07028",
        numeric: "VUID-vkCmdDrawMultiIndexedEXT-format-07753",
        texel_atomic: "VUID-vkCmdDrawMultiIndexedEXT-None-07888",
    },
    DescriptorIds {
        command: "vkCmdTraceRaysIndirect2KHR",
        valid: "VUID-vkCmdTraceRaysIndirect2KHR-None-08114",
        view_type: "VUID-vkCmdTraceRaysIndirect2KHR-viewType-07752",
        atomic: "VUID-vkCmdTraceRaysIndirect2KHR-None-02691",
        depth_compare: "VUID-vkCmdTraceRaysIndirect2KHR-None-06479",
        write_without_format: "VUID-vkCmdTraceRaysIndirect2KHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdTraceRaysIndirect2KHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdTraceRaysIndirect2KHR-format-07753",
        texel_atomic: "VUID-vkCmdTraceRaysIndirect2KHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdTraceRaysIndirectKHR",
        valid: "VUID-vkCmdTraceRaysIndirectKHR-None-08114",
        view_type: "VUID-vkCmdTraceRaysIndirectKHR-viewType-07752",
        atomic: "VUID-vkCmdTraceRaysIndirectKHR-None-02691",
        depth_compare: "VUID-vkCmdTraceRaysIndirectKHR-None-06479",
        write_without_format: "VUID-vkCmdTraceRaysIndirectKHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdTraceRaysIndirectKHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdTraceRaysIndirectKHR-format-07753",
        texel_atomic: "VUID-vkCmdTraceRaysIndirectKHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdTraceRaysKHR",
        valid: "VUID-vkCmdTraceRaysKHR-None-08114",
        view_type: "VUID-vkCmdTraceRaysKHR-viewType-07752",
        atomic: "VUID-vkCmdTraceRaysKHR-None-02691",
        depth_compare: "VUID-vkCmdTraceRaysKHR-None-06479",
        write_without_format: "VUID-vkCmdTraceRaysKHR-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdTraceRaysKHR-OpTypeImage-07028",
        numeric: "VUID-vkCmdTraceRaysKHR-format-07753",
        texel_atomic: "VUID-vkCmdTraceRaysKHR-None-07888",
    },
    DescriptorIds {
        command: "vkCmdTraceRaysNV",
        valid: "VUID-vkCmdTraceRaysNV-None-08114",
        view_type: "VUID-vkCmdTraceRaysNV-viewType-07752",
        atomic: "VUID-vkCmdTraceRaysNV-None-02691",
        depth_compare: "VUID-vkCmdTraceRaysNV-None-06479",
        write_without_format: "VUID-vkCmdTraceRaysNV-OpTypeImage-07027",
        read_without_format: "VUID-vkCmdTraceRaysNV-OpTypeImage-07028",
        numeric: "VUID-vkCmdTraceRaysNV-format-07753",
        texel_atomic: "VUID-vkCmdTraceRaysNV-None-07888",
    },
];

/// `VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT`.
const STORAGE_IMAGE_ATOMIC: u64 = 0x4;
/// `VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT`.
const STORAGE_TEXEL_BUFFER_ATOMIC: u32 = 0x20;
/// `VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT`.
const SAMPLED_IMAGE_DEPTH_COMPARISON: u64 = 0x2_0000_0000;
/// `VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT`.
const STORAGE_WRITE_WITHOUT_FORMAT: u64 = 0x1_0000_0000;
/// `VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT`.
const STORAGE_READ_WITHOUT_FORMAT: u64 = 0x8000_0000;

/// The `VkImageViewType` an `OpTypeImage` of `Dim` `dim` (SPIR-V's value) and `Arrayed`
/// `arrayed` needs; `None` for the dimensions without one (Rect, Buffer, SubpassData, …).
fn view_type_for(dim: u32, arrayed: bool) -> Option<i32> {
    Some(match (dim, arrayed) {
        (0, false) => 0,
        (1, false) => 1,
        (2, false) => 2,
        (3, false) => 3,
        (0, true) => 4,
        (1, true) => 5,
        (3, true) => 6,
        _ => return None,
    })
}

/// The spec's name of a `VkImageViewType` (for messages).
fn view_type_name(ty: i32) -> &'static str {
    const NAMES: [&str; 7] = [
        "VK_IMAGE_VIEW_TYPE_1D",
        "VK_IMAGE_VIEW_TYPE_2D",
        "VK_IMAGE_VIEW_TYPE_3D",
        "VK_IMAGE_VIEW_TYPE_CUBE",
        "VK_IMAGE_VIEW_TYPE_1D_ARRAY",
        "VK_IMAGE_VIEW_TYPE_2D_ARRAY",
        "VK_IMAGE_VIEW_TYPE_CUBE_ARRAY",
    ];
    usize::try_from(ty).ok().and_then(|i| NAMES.get(i)).copied().unwrap_or("an unknown view type")
}

/// The numeric type (`NUMERIC_*`) of an image view of `format` and `aspect`; `None` where Vigil
/// does not describe the format, or the view has both depth and stencil.
fn view_numeric(format: i32, aspect: u32) -> Option<u8> {
    use vigil_generated::VkImageAspectFlags as A;
    let info = super::formats::format_info(vigil_generated::VkFormat(format))?;
    Some(if info.depth_stencil() {
        match aspect {
            a if a == A::VK_IMAGE_ASPECT_DEPTH_BIT.0 && info.depth() => NUMERIC_FLOAT,
            a if a == A::VK_IMAGE_ASPECT_STENCIL_BIT.0 && info.stencil() => NUMERIC_UINT,
            _ => return None,
        }
    } else if info.uint() {
        NUMERIC_UINT
    } else if info.sint() {
        NUMERIC_SINT
    } else {
        NUMERIC_FLOAT
    })
}

/// The name of a `NUMERIC_*` type (for messages).
fn numeric_name(n: u8) -> &'static str {
    match n {
        NUMERIC_FLOAT => "floating-point",
        NUMERIC_SINT => "signed integer",
        NUMERIC_UINT => "unsigned integer",
        _ => "unknown",
    }
}

/// Mixes `v` into fingerprint `h`.
fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(23) ^ v ^ (v >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// What is wrong with one descriptor.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Problem {
    Unwritten,
    /// The resource it names was destroyed: its handle.
    Destroyed(u64),
    /// Its image view's type.
    ViewType(u64, i32),
    /// Its image view lacks the atomic feature: the view and its format.
    Atomic(u64, i32),
    /// Its image view lacks the depth comparison feature: the view and its format.
    DepthCompare(u64, i32),
    /// Its storage image view of unknown format in the shader lacks the feature to be written
    /// (`true`) or read (`false`) so: the view and its format.
    WithoutFormat(u64, i32, bool),
    /// Its storage texel buffer's format lacks the atomic feature: the view and its format.
    TexelAtomic(u64, i32),
    /// Its image or buffer view's format is of another numeric type (`NUMERIC_*`) than the `Sampled
    /// Type`: the view, its format and that numeric type.
    Numeric(u64, i32, u8),
}

/// The problems one binding has: the first descriptor with each, and how many have it.
#[derive(Default)]
struct Found {
    first: [Option<(u32, Problem)>; 9],
    count: [u32; 9],
}

impl Found {
    fn add(&mut self, element: u32, p: Problem) {
        let i = match p {
            Problem::Unwritten => 0,
            Problem::Destroyed(_) => 1,
            Problem::ViewType(..) => 2,
            Problem::Atomic(..) => 3,
            Problem::DepthCompare(..) => 4,
            Problem::WithoutFormat(_, _, true) => 5,
            Problem::WithoutFormat(_, _, false) => 6,
            Problem::Numeric(..) => 7,
            Problem::TexelAtomic(..) => 8,
        };
        self.first[i].get_or_insert((element, p));
        self.count[i] += 1;
    }
}

/// The problems of descriptor `d`, used as `u` declares, added to `found`.
fn descriptor_problems(u: &ResourceUse, d: Descriptor<'_>, skip_unwritten: bool, found: &mut Found) {
    let Some(w) = d.written else {
        if !skip_unwritten {
            found.add(d.element, Problem::Unwritten);
        }
        return;
    };
    if w.resource == 0 {
        return;
    }
    let Some(record) = d.record.map(|weak| weak.upgrade()) else { return };
    let Some(record) = record.filter(|r| !r.destroyed()) else {
        found.add(d.element, Problem::Destroyed(w.resource));
        return;
    };
    let Some(image) = u.image else { return };
    if let Some(view) = record.buffer_view().and_then(|v| v.info()) {
        // A texel buffer: its format's numeric type, and its buffer features for atomics.
        let numeric = vigil_generated::VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT.0;
        if let Some(n) = view_numeric(view.format, numeric).filter(|&n| image.numeric != 0 && n != image.numeric) {
            found.add(d.element, Problem::Numeric(w.resource, view.format, n));
        }
        let storage = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER.0;
        if storage && u.ops & IMAGE_ATOMIC != 0 && view.features.is_some_and(|f| f & STORAGE_TEXEL_BUFFER_ATOMIC == 0) {
            found.add(d.element, Problem::TexelAtomic(w.resource, view.format));
        }
        return;
    }
    let Some(view) = record.image_view().and_then(|v| v.view_info()) else { return };
    if view_type_for(image.dim, image.arrayed).is_some_and(|t| t != view.view_type) {
        found.add(d.element, Problem::ViewType(w.resource, view.view_type));
    }
    if let Some(numeric) = view_numeric(view.format, view.aspect).filter(|&n| image.numeric != 0 && n != image.numeric)
    {
        found.add(d.element, Problem::Numeric(w.resource, view.format, numeric));
    }
    let storage = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE.0;
    if storage && u.ops & IMAGE_ATOMIC != 0 && view.features.is_some_and(|f| f & STORAGE_IMAGE_ATOMIC == 0) {
        found.add(d.element, Problem::Atomic(w.resource, view.format));
    }
    let sampled = w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE.0
        || w.ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER.0;
    let depth_compare = u.ops & IMAGE_DEPTH_COMPARE != 0;
    if sampled && depth_compare && view.features.is_some_and(|f| f & SAMPLED_IMAGE_DEPTH_COMPARISON == 0) {
        found.add(d.element, Problem::DepthCompare(w.resource, view.format));
    }
    if let (true, true, Some(features)) = (storage, image.format_unknown, view.features) {
        let rules =
            [(IMAGE_WRITE, STORAGE_WRITE_WITHOUT_FORMAT, true), (IMAGE_READ, STORAGE_READ_WITHOUT_FORMAT, false)];
        for (op, feature, written) in rules {
            if u.ops & op != 0 && features & feature == 0 {
                found.add(d.element, Problem::WithoutFormat(w.resource, view.format, written));
            }
        }
    }
}

impl CoreChecks {
    /// The descriptors pipeline `p`, bound at bind point `point` of recording `r` (what is bound
    /// there: `bound`), statically uses; `cb` for messages. True to skip the call. Called with
    /// the recording locked, from the shader-use checks.
    pub(super) fn draw_descriptors(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        bound: &BoundPoint,
        p: &ObjectRecord,
        (cb, point): (u64, i32),
    ) -> bool {
        let Some(info) = p.pipeline() else { return false };
        if info.uses.resources.is_empty() {
            return false;
        }
        let Some(ids) = DESCRIPTORS.get(cx) else { return false };
        let Some(pl) = info.layout.as_ref().and_then(|l| l.pipeline_layout()) else { return false };
        // Each bound set keeps the fingerprint (pipeline, set number, set record and version,
        // object-table epoch) of the last check that found what a pipeline uses of it valid:
        // every recording that binds it again, alternating between sets or not, skips it.
        let base = mix(mix(p.key.handle, OBJECTS.epoch()), std::ptr::from_ref(p) as u64);
        let (mut prints, mut clean) = ([0u64; 32], 0u32);
        for &n in info.uses.sets.iter().filter(|&&n| n < 32) {
            let Some(k) = bound.sets.get(n as usize).copied().flatten().and_then(|b| b.set) else { continue };
            let seen = r.references.with_record(k, |s| {
                let state = s.descriptor_set_state()?;
                let own = mix(mix(mix(base, u64::from(n)), std::ptr::from_ref(s) as u64), state.version());
                Some((own, state.checked() == own))
            });
            if let Some(Some((own, checked))) = seen {
                prints[n as usize] = own;
                clean |= u32::from(checked) << n;
            }
        }
        let mut skip = false;
        let mut problems = 0u32;
        for u in &info.uses.resources {
            if u.set < 32 && clean & 1 << u.set != 0 {
                continue;
            }
            let Some(found) = self.binding_problems(r, bound, pl, u) else { continue };
            if found.count.iter().all(|&c| c == 0) {
                continue;
            }
            problems |= 1u32.checked_shl(u.set).unwrap_or(0);
            skip |= self.report_problems(cx, ids, u, &found, (cb, point, p.key.handle));
        }
        // Each set checked now and found valid keeps its verdict.
        for &n in
            info.uses.sets.iter().filter(|&&n| n < 32 && prints[n as usize] != 0 && (clean | problems) & 1 << n == 0)
        {
            let Some(k) = bound.sets.get(n as usize).copied().flatten().and_then(|b| b.set) else { continue };
            r.references.with_record(k, |s| {
                if let Some(state) = s.descriptor_set_state() {
                    state.set_checked(prints[n as usize]);
                }
            });
        }
        skip
    }

    /// The problems of binding `u` in the set bound for it, when Vigil checks it there.
    fn binding_problems(
        &self,
        r: &Recording,
        bound: &BoundPoint,
        pl: &PipelineLayoutInfo,
        u: &ResourceUse,
    ) -> Option<Found> {
        if pl.pushes_set(u.set) {
            return None;
        }
        let set = bound.sets.get(u.set as usize).copied().flatten()?.set?;
        let expected = pl.set_layouts.get(u.set as usize)?.as_ref()?;
        r.references
            .with_record(set, |s| {
                let state = s.descriptor_set_state().filter(|_| !s.destroyed())?;
                let layout = state.layout()?;
                let same = std::sync::Arc::ptr_eq(layout, expected)
                    || matches!((layout.descriptor_set_layout(), expected.descriptor_set_layout()),
                        (Some(a), Some(b)) if a.same_definition(b));
                if !same {
                    return None;
                }
                state
                    .with_descriptors(u.binding, u.elements, |b, descriptors| {
                        use VkDescriptorType as T;
                        let not_followed = b.flags & (BINDING_PARTIALLY_BOUND | BINDING_UPDATE_AFTER_BIND) != 0
                            || b.ty == T::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK.0;
                        if not_followed {
                            return None;
                        }
                        let immutable = b.immutable_samplers && b.ty == T::VK_DESCRIPTOR_TYPE_SAMPLER.0;
                        let mut found = Found::default();
                        for d in descriptors {
                            descriptor_problems(u, d, immutable, &mut found);
                        }
                        Some(found)
                    })
                    .flatten()
            })
            .flatten()
    }

    /// Reports what `found` holds for binding `u`; `at`: the command buffer, bind point and
    /// pipeline. True to skip the call.
    fn report_problems(
        &self,
        cx: &Call<'_>,
        ids: &DescriptorIds,
        u: &ResourceUse,
        found: &Found,
        (cb, point, pipeline): (u64, i32, u64),
    ) -> bool {
        let at = cx.location();
        let (set, binding) = (u.set, u.binding);
        let mut skip = false;
        for (first, count) in found.first.iter().zip(found.count) {
            let Some((element, problem)) = *first else { continue };
            let more = match count {
                0 | 1 => String::new(),
                n => format!(" ({} more of its descriptors are alike)", n - 1),
            };
            let used = format_args!(
                "the pipeline {pipeline:#x} bound to {} in command buffer {cb:#x} statically uses binding {binding} \
                 of set {set}",
                bind_point_name(point)
            );
            skip |= match problem {
                Problem::Unwritten => cx.error(
                    ids.valid,
                    &at,
                    format_args!(
                        "{used}, but descriptor {element} of that binding in the descriptor set bound there was never \
                         written{more}, and the binding is not partially bound."
                    ),
                ),
                Problem::Destroyed(h) => cx.error(
                    ids.valid,
                    &at,
                    format_args!(
                        "{used}, but descriptor {element} of that binding in the descriptor set bound there names \
                         {h:#x}, which was destroyed{more}."
                    ),
                ),
                Problem::ViewType(view, ty) => cx.error(
                    ids.view_type,
                    &at,
                    format_args!(
                        "{used}, whose OpTypeImage needs {}, but descriptor {element} of that binding is image view \
                         {view:#x}, of type {}{more}.",
                        u.image
                            .and_then(|i| view_type_for(i.dim, i.arrayed))
                            .map_or("another view type", view_type_name),
                        view_type_name(ty)
                    ),
                ),
                Problem::Atomic(view, format) => cx.error(
                    ids.atomic,
                    &at,
                    format_args!(
                        "{used} with atomic operations, but descriptor {element} of that binding is image view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::DepthCompare(view, format) => cx.error(
                    ids.depth_compare,
                    &at,
                    format_args!(
                        "{used} with depth comparison, but descriptor {element} of that binding is image view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::Numeric(view, format, numeric) => cx.error(
                    ids.numeric,
                    &at,
                    format_args!(
                        "{used}, whose OpTypeImage has a {} Sampled Type, but descriptor {element} of that binding \
                         is view {view:#x}, whose format {:?} is {}{more}.",
                        numeric_name(u.image.map_or(0, |i| i.numeric)),
                        vigil_generated::VkFormat(format),
                        numeric_name(numeric)
                    ),
                ),
                Problem::TexelAtomic(view, format) => cx.error(
                    ids.texel_atomic,
                    &at,
                    format_args!(
                        "{used} with atomic operations, but descriptor {element} of that binding is buffer view \
                         {view:#x}, whose format {:?} lacks VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT{more}.",
                        vigil_generated::VkFormat(format)
                    ),
                ),
                Problem::WithoutFormat(view, format, written) => {
                    let (vuid, how, feature) = if written {
                        (ids.write_without_format, "writes", "VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT")
                    } else {
                        (ids.read_without_format, "reads", "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT")
                    };
                    cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "{used}, and {how} it as a storage image whose OpTypeImage format is Unknown, but \
                             descriptor {element} of that binding is image view {view:#x}, whose format {:?} lacks \
                             {feature}{more}.",
                            vigil_generated::VkFormat(format)
                        ),
                    )
                }
            };
        }
        skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's id, for `command`, of the rule whose text contains `text`.
    fn registry_id(command: &str, text: &str) -> Vec<&'static str> {
        let prefix = format!("VUID-{command}-");
        vigil_generated::SPEC_TEXT
            .lines()
            .filter(|l| l.starts_with(&prefix) && l.contains(text))
            .filter_map(|l| l.split('\t').next())
            .collect()
    }

    #[test]
    fn the_table_is_the_registrys() {
        let mut commands: Vec<&str> = vigil_generated::objects::BOUND_PIPELINE_IDS
            .iter()
            .map(|(_, vuid, _)| vuid.split('-').nth(1).unwrap_or(vuid))
            .collect();
        commands.sort();
        assert_eq!(DESCRIPTOR_IDS.iter().map(|d| d.command).collect::<Vec<_>>(), commands);
        for d in DESCRIPTOR_IDS {
            let c = d.command;
            let rules = [
                (d.valid, "must be valid if they are accessed as described by descriptor validity"),
                (d.view_type, "the image view's viewType must match the Dim operand of the OpTypeImage"),
                (d.atomic, "accessed using atomic operations as a result of this command, then the image view's"),
                (d.depth_compare, "is sampled with depth comparison, the image view's format features"),
                (d.write_without_format, "being written as a storage image where the image format field"),
                (d.read_without_format, "being read as a storage image where the image format field"),
                (d.numeric, "the numeric type of the view's format and the Sampled Type operand"),
                (d.texel_atomic, "the storage texel buffer's format features must contain"),
            ];
            for (id, text) in rules {
                assert_eq!(registry_id(c, text), [id], "{c}: {text}");
            }
        }
    }

    #[test]
    fn numeric_types_of_view_formats() {
        use vigil_generated::{VkFormat as F, VkImageAspectFlags as A};
        let color = A::VK_IMAGE_ASPECT_COLOR_BIT.0;
        assert_eq!(view_numeric(F::VK_FORMAT_R8G8B8A8_UNORM.0, color), Some(NUMERIC_FLOAT));
        assert_eq!(view_numeric(F::VK_FORMAT_R8G8B8A8_UINT.0, color), Some(NUMERIC_UINT));
        assert_eq!(view_numeric(F::VK_FORMAT_R32_SINT.0, color), Some(NUMERIC_SINT));
        let ds = F::VK_FORMAT_D24_UNORM_S8_UINT.0;
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_DEPTH_BIT.0), Some(NUMERIC_FLOAT));
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_STENCIL_BIT.0), Some(NUMERIC_UINT));
        assert_eq!(view_numeric(ds, A::VK_IMAGE_ASPECT_DEPTH_BIT.0 | A::VK_IMAGE_ASPECT_STENCIL_BIT.0), None);
        // Multi-planar formats are not described.
        assert_eq!(view_numeric(F::VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM.0, color), None);
    }

    #[test]
    fn view_types_follow_the_spirv_dimensions() {
        assert_eq!(view_type_for(1, false), Some(1));
        assert_eq!(view_type_for(1, true), Some(5));
        assert_eq!(view_type_for(3, true), Some(6));
        assert_eq!(view_type_for(2, true), None);
        assert_eq!(view_type_for(6, false), None);
        assert_eq!(view_type_name(5), "VK_IMAGE_VIEW_TYPE_2D_ARRAY");
    }
}
