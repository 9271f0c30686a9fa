//! Facts of the pinned 1.4.363 registry, and rejection of what the model cannot classify.

use std::sync::OnceLock;

use super::*;

fn reg() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(|| load_pinned().unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn version_is_pinned() {
    assert_eq!(reg().version, PINNED_VERSION);
    assert!(!reg().older_than_pinned());
}

/// Cross-checked against the committed C headers: every `PFN_vk*` and every `typedef struct`
/// of vulkan_*.h and vk_video/*.h that is not loader ABI (vk_layer.h, vk_icd.h).
#[test]
fn counts() {
    let r = reg();
    assert_eq!(r.commands.len(), 737);
    assert_eq!(r.commands.len() + r.command_aliases.len(), 842);
    assert_eq!(r.structs.iter().filter(|s| !s.video_std).count(), 1455);
    assert_eq!(r.structs.iter().filter(|s| s.video_std).count(), 96);
    assert_eq!(r.structs.iter().filter(|s| s.is_union).count(), 16);
    assert_eq!(r.handles.len(), 59);
    assert_eq!(r.handles.iter().filter(|h| h.dispatchable).count(), 6);
    assert_eq!(r.versions.len(), 5);
    assert_eq!(
        r.versions.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(),
        ["VK_VERSION_1_0", "VK_VERSION_1_1", "VK_VERSION_1_2", "VK_VERSION_1_3", "VK_VERSION_1_4"]
    );
}

#[test]
fn command_levels() {
    let r = reg();
    let level = |n: &str| r.command(n).unwrap_or_else(|| panic!("{n}")).level;
    assert_eq!(level("vkCmdDraw"), CommandLevel::Device);
    assert_eq!(level("vkQueueSubmit"), CommandLevel::Device);
    assert_eq!(level("vkCreateInstance"), CommandLevel::Global);
    assert_eq!(level("vkEnumerateInstanceVersion"), CommandLevel::Global);
    assert_eq!(level("vkDestroyInstance"), CommandLevel::Instance);
    assert_eq!(level("vkCreateDevice"), CommandLevel::PhysicalDevice);
    assert_eq!(level("vkGetExternalComputeQueueDataNV"), CommandLevel::Device);
    // Aliases resolve to their command.
    assert_eq!(r.command("vkCmdDrawIndirectCountKHR").unwrap().name, "vkCmdDrawIndirectCount");
    let c = r.command("vkCmdDrawIndirectCount").unwrap();
    assert!(c.aliases.contains(&"vkCmdDrawIndirectCountAMD".to_string()));
    let by: Vec<_> = c.provided_by.iter().map(|p| p.by.as_str()).collect();
    assert!(by.contains(&"VK_VERSION_1_2") && by.contains(&"VK_KHR_draw_indirect_count"), "{by:?}");
}

#[test]
fn params_and_members() {
    let r = reg();
    let c = r.command("vkCreateBuffer").unwrap();
    let info = &c.params[1];
    assert_eq!(info.name, "pCreateInfo");
    assert_eq!(info.ty.pointee().map(|(t, c)| (t.base_name(), c)), Some(("VkBufferCreateInfo", true)));
    assert_eq!(c.params[2].attrs.optional, [true]);
    let submit = r.command("vkQueueSubmit").unwrap();
    assert_eq!(submit.params[2].attrs.len, ["submitCount"]);
    // Queues are externally synchronized unless created internally synchronized.
    assert_eq!(submit.params[0].attrs.externsync.as_deref(), Some("maybe"));
    assert_eq!(submit.params[3].attrs.externsync.as_deref(), Some("true"));
    let ici = r.struct_("VkInstanceCreateInfo").unwrap();
    let names = ici.members.iter().find(|m| m.name == "ppEnabledExtensionNames").unwrap();
    assert_eq!(names.attrs.len, ["enabledExtensionCount", "null-terminated"]);
    assert_eq!(names.ty.pointer_depth(), 2);
    let inst = r.struct_("VkAccelerationStructureInstanceKHR").unwrap();
    let bits: Vec<_> = inst.members.iter().map(|m| (m.name.as_str(), m.bitfield)).collect();
    assert!(bits.contains(&("instanceCustomIndex", Some(24))) && bits.contains(&("mask", Some(8))));
    assert!(r.struct_("VkClearColorValue").unwrap().is_union);
    let fb = r.command("vkBindBufferMemory2").unwrap();
    assert!(fb.params.iter().any(|p| p.name == "pBindInfos"));
}

#[test]
fn structs() {
    let r = reg();
    let ici = r.struct_("VkImageCreateInfo").unwrap();
    assert_eq!(ici.s_type.as_deref(), Some("VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO"));
    let v = r.struct_("VkPhysicalDeviceVulkan12Features").unwrap();
    assert_eq!(v.extends, ["VkPhysicalDeviceFeatures2", "VkDeviceCreateInfo"]);
    assert!(r.struct_("VkPhysicalDeviceProperties").unwrap().returned_only);
    // VK_KHR_shader_abort's structures exist and are provided by it.
    let abort = r.extension("VK_KHR_shader_abort").expect("VK_KHR_shader_abort");
    assert!(!abort.types.is_empty());
    for t in &abort.types {
        assert!(r.lookup(t).is_some(), "{t}");
    }
    assert!(abort.types.iter().any(|t| r.struct_(t).is_some()));
    // Type aliases of every kind resolve.
    assert_eq!(r.resolve_alias("VkPhysicalDeviceFeatures2KHR"), "VkPhysicalDeviceFeatures2");
    assert_eq!(r.resolve_alias("VkDescriptorUpdateTemplateKHR"), "VkDescriptorUpdateTemplate");
    assert_eq!(r.resolve_alias("VkPipelineStageFlagBits2KHR"), "VkPipelineStageFlagBits2");
}

#[test]
fn handles() {
    let r = reg();
    let buffer = r.handle("VkBuffer").unwrap();
    assert_eq!(buffer.parents, ["VkDevice"]);
    assert!(!buffer.dispatchable);
    assert_eq!(buffer.object_type, "VK_OBJECT_TYPE_BUFFER");
    assert_eq!(r.parent_chain("VkCommandBuffer"), ["VkCommandPool", "VkDevice", "VkPhysicalDevice", "VkInstance"]);
    assert!(r.handle("VkQueue").unwrap().dispatchable);
}

#[test]
fn enums_and_extension_values() {
    let r = reg();
    let st = r.enum_("VkStructureType").unwrap();
    let value = |n: &str| st.values.iter().find(|v| v.name == n).unwrap_or_else(|| panic!("{n}")).value;
    assert_eq!(value("VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO"), 14);
    // VK_KHR_swapchain is extension 2: 1000000000 + (2 - 1) * 1000 + 0.
    assert_eq!(value("VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR"), 1_000_001_000);
    // An alias takes its target's value.
    assert_eq!(
        value("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2_KHR"),
        value("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2")
    );
    // dir="-": error codes added by extensions are negative.
    let res = r.enum_("VkResult").unwrap();
    let out_of_date = res.values.iter().find(|v| v.name == "VK_ERROR_OUT_OF_DATE_KHR").unwrap();
    assert_eq!(out_of_date.value, -1_000_001_004);
    let stages = r.enum_("VkPipelineStageFlagBits2").unwrap();
    assert_eq!(stages.bitmask_width, Some(64));
    assert!(stages.values.iter().any(|v| v.name == "VK_PIPELINE_STAGE_2_COPY_BIT" && v.value == 1 << 32));
    let fmt = r.bitmasks.iter().find(|b| b.name == "VkBufferUsageFlags").unwrap();
    assert_eq!((fmt.width, fmt.bits.as_deref()), (32, Some("VkBufferUsageFlagBits")));
    let wh = r.constants.iter().find(|c| c.name == "VK_WHOLE_SIZE").unwrap();
    assert_eq!(wh.value, ConstValue::U64(u64::MAX));
    let qfe = r.constants.iter().find(|c| c.name == "VK_QUEUE_FAMILY_EXTERNAL").unwrap();
    assert_eq!(qfe.value, ConstValue::U32(!1));
}

#[test]
fn extensions() {
    let r = reg();
    let sw = r.extension("VK_KHR_swapchain").unwrap();
    assert_eq!((sw.number, sw.kind), (2, ExtensionKind::Device));
    assert!(sw.commands.contains(&"vkQueuePresentKHR".to_string()));
    let dr = r.extension("VK_KHR_dynamic_rendering").unwrap();
    assert_eq!(dr.promoted_to.as_deref(), Some("VK_VERSION_1_3"));
    assert!(dr.depends.as_ref().unwrap().terms().contains(&"VK_VERSION_1_1"));
    assert!(r.extension("VK_KHR_portability_subset").unwrap().provisional);
    assert_eq!(r.extension("VK_KHR_surface").unwrap().kind, ExtensionKind::Instance);
    assert_eq!(r.extension("VK_KHR_xlib_surface").unwrap().platform.as_deref(), Some("xlib"));
    // Vulkan SC only: absent.
    assert!(r.extension("VK_NV_private_vendor_info").is_none());
    assert!(r.struct_("VkApplicationParametersEXT").is_none());
}

fn load_str(xml: &str) -> Result<Registry, Error> {
    // Tests run in parallel: each call gets its own directory.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("vigil-registry-test-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("vk.xml");
    std::fs::write(&path, xml).unwrap();
    let r = load(&path);
    std::fs::remove_dir_all(&dir).ok();
    r
}

/// The start of a registry claiming `version`, up to the open `<types>`.
fn head((major, minor, patch): (u32, u32, u32)) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<registry>
<types>
  <type category="define">#define <name>VK_HEADER_VERSION</name> {patch}</type>
  <type category="define" requires="VK_HEADER_VERSION">#define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, {major}, {minor}, VK_HEADER_VERSION)</type>
  <type name="uint32_t" requires="vk_platform"/>
"#
    )
}

#[test]
fn broken_xml_is_rejected() {
    let start = head(MIN_VERSION);
    // A category the model has no place for.
    let xml = format!("{start}<type category=\"gadget\" name=\"VkGadget\"/></types></registry>");
    let e = load_str(&xml).unwrap_err().to_string();
    assert!(e.contains("cannot classify type VkGadget of category gadget"), "{e}");
    // A member whose type nothing defines.
    let xml = format!(
        "{start}<type category=\"struct\" name=\"VkThing\"><member><type>VkMissing</type> <name>m</name></member></type></types>
        <feature api=\"vulkan\" name=\"VK_VERSION_1_0\" number=\"1.0\"><require><type name=\"VkThing\"/></require></feature></registry>"
    );
    let e = load_str(&xml).unwrap_err().to_string();
    assert!(e.contains("VkThing.m: type VkMissing"), "{e}");
    // Not well-formed XML at all: vk-parse's errors are fatal.
    let e = load_str("<registry><types><type category=\"struct\"").unwrap_err().to_string();
    assert!(e.contains("parse error"), "{e}");
}

#[test]
fn minimal_registry_loads() {
    let start = head(MIN_VERSION);
    let xml = format!(
        "{start}<type category=\"struct\" name=\"VkThing\"><member><type>uint32_t</type> <name>m</name>:4</member></type></types>
        <feature api=\"vulkan\" name=\"VK_BASE_VERSION_1_0\" number=\"1.0\"><require><type name=\"VkThing\"/></require></feature></registry>"
    );
    let r = load_str(&xml).unwrap();
    assert_eq!(r.versions[0].name, "VK_VERSION_1_0");
    assert_eq!(r.struct_("VkThing").unwrap().members[0].bitfield, Some(4));
}

/// Older registries are refused up front with one message naming the oldest supported version,
/// before the funcpointer (or anything else) they cannot be read for is reached.
#[test]
fn old_registry_is_refused() {
    let min = format!("{}.{}.{}", MIN_VERSION.0, MIN_VERSION.1, MIN_VERSION.2);
    // Bookworm's 1.3.239 funcpointer form, which the model cannot read.
    let funcpointer =
        r#"<type category="funcpointer">typedef void (VKAPI_PTR *<name>PFN_vkVoidFunction</name>)(void);</type>"#;
    let xml = format!("{}{funcpointer}</types></registry>", head((1, 3, 239)));
    let e = load_str(&xml).unwrap_err().to_string();
    assert_eq!(e, format!("registry 1.3.239 is older than {min}, the oldest Vigil supports"));
    // One patch below the minimum.
    let below = (MIN_VERSION.0, MIN_VERSION.1, MIN_VERSION.2 - 1);
    let e = load_str(&format!("{}</types></registry>", head(below))).unwrap_err().to_string();
    assert!(e.contains(&format!("is older than {min}")), "{e}");
    // Before Vulkan 1.2 there was no VK_HEADER_VERSION_COMPLETE.
    let xml = r#"<registry><types><type category="define">#define <name>VK_HEADER_VERSION</name> 131</type></types></registry>"#;
    let e = load_str(xml).unwrap_err().to_string();
    assert!(e.contains("VK_HEADER_VERSION 131 and no VK_HEADER_VERSION_COMPLETE is older than"), "{e}");
    // A Vulkan SC version define does not count.
    let sc = r#"<type api="vulkansc" category="define">#define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, 1, 9, VK_HEADER_VERSION)</type>"#;
    let xml = format!("{}{sc}</types></registry>", head((1, 3, 239)));
    assert!(load_str(&xml).unwrap_err().to_string().contains("registry 1.3.239 is older"));
}

#[test]
fn spirv_extensions_and_capabilities() {
    let r = reg();
    assert_eq!((r.spirv_extensions.len(), r.spirv_capabilities.len()), (114, 202));
    let cap = |name: &str| r.spirv_capabilities.iter().find(|c| c.name == name).unwrap();
    assert_eq!(
        cap("GroupNonUniform").enables,
        [SpirvEnable::Property {
            structure: "VkPhysicalDeviceVulkan11Properties".into(),
            member: "subgroupSupportedOperations".into(),
            value: "VK_SUBGROUP_FEATURE_BASIC_BIT".into(),
            requires: vec!["VK_VERSION_1_1".into()],
        }]
    );
    assert!(cap("Int64").enables.contains(&SpirvEnable::Feature {
        structure: "VkPhysicalDeviceFeatures".into(),
        feature: "shaderInt64".into()
    }));
    let ext = r.spirv_extensions.iter().find(|e| e.name == "SPV_KHR_variable_pointers").unwrap();
    assert_eq!(
        ext.enables,
        [SpirvEnable::Version("VK_VERSION_1_1".into()), SpirvEnable::Extension("VK_KHR_variable_pointers".into())]
    );
    let forms = |items: &[SpirvItem]| {
        let mut n = [0; 4];
        for e in items.iter().flat_map(|i| &i.enables) {
            n[match e {
                SpirvEnable::Version(_) => 0,
                SpirvEnable::Extension(_) => 1,
                SpirvEnable::Feature { .. } => 2,
                SpirvEnable::Property { .. } => 3,
            }] += 1;
        }
        n
    };
    assert_eq!(forms(&r.spirv_extensions), [19, 116, 0, 0]);
    assert_eq!(forms(&r.spirv_capabilities), [14, 27, 198, 24]);
}

/// vk.xml's `<sync>` block: 46 stages, 51 accesses, 17 pipeline types.
#[test]
fn sync_block() {
    let s = &reg().sync;
    assert_eq!((s.stages.len(), s.accesses.len(), s.pipelines.len()), (46, 51, 17));
    let all_graphics = s.stages.iter().find(|st| st.name == "VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT").unwrap();
    assert_eq!(all_graphics.queues.as_deref(), Some(&["VK_QUEUE_GRAPHICS_BIT".to_string()][..]));
    assert_eq!(all_graphics.equivalent.len(), 19);
    let top = s.stages.iter().find(|st| st.name == "VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT").unwrap();
    assert_eq!((top.queues.as_ref(), top.alias.as_deref()), (None, Some("VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT")));
    let shader_read = s.accesses.iter().find(|a| a.name == "VK_ACCESS_2_SHADER_READ_BIT").unwrap();
    assert_eq!(shader_read.equivalent.len(), 4);
    assert!(s.accesses.iter().find(|a| a.name == "VK_ACCESS_2_MEMORY_READ_BIT").unwrap().stages.is_none());
    let graphics = &s.pipelines[0];
    assert_eq!((graphics.name.as_str(), graphics.stages.len()), ("graphics primitive", 15));
    let density = &graphics.stages[9];
    assert!(!density.ordered && density.before.as_deref() == Some("VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT"));
    let mesh = s.pipelines.iter().find(|p| p.name == "graphics mesh").unwrap();
    assert_eq!(mesh.depends, ["VK_NV_mesh_shader", "VK_EXT_mesh_shader"]);
}
