//! vk-parse's raw tree → the checked model. Everything not classified here is an error.

use std::collections::{BTreeMap, BTreeSet};

use vk_parse as vp;

use crate::ctype::parse_declaration;
use crate::model::*;
use crate::{CType, Depends, Error};

const BUILTINS: &[&str] = &[
    "void", "char", "float", "double", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t",
    "uint64_t", "size_t", "int",
];

/// Whether an `api`/`supported` comma list includes the `vulkan` API (absent means all APIs).
fn for_vulkan(api: Option<&str>) -> bool {
    api.is_none_or(|a| a.split(',').any(|x| x == "vulkan"))
}

/// `VK_BASE_VERSION_1_2`, `VK_COMPUTE_VERSION_1_2`, `VK_GRAPHICS_VERSION_1_2` → `VK_VERSION_1_2`.
pub(crate) fn core_version_name(name: &str) -> String {
    for internal in ["VK_BASE_VERSION_", "VK_COMPUTE_VERSION_", "VK_GRAPHICS_VERSION_"] {
        if let Some(v) = name.strip_prefix(internal) {
            return format!("VK_VERSION_{v}");
        }
    }
    name.to_string()
}

fn flag(v: &Option<String>) -> bool {
    v.as_deref() == Some("true")
}

fn list(v: &Option<String>) -> Vec<String> {
    v.as_deref().map(|s| s.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect()).unwrap_or_default()
}

fn len_list(v: &Option<String>) -> Vec<String> {
    match v.as_deref() {
        None => Vec::new(),
        Some(s) if s.starts_with("latexmath") => vec![s.to_string()],
        Some(s) => s.split(',').map(str::to_string).collect(),
    }
}

#[derive(Default)]
struct Builder {
    reg: Registry,
    /// `…FlagBits` enums by name, so extension values can extend them.
    enum_at: BTreeMap<String, usize>,
    /// `(major, minor)` of each `VK_VERSION_x_y`, in order.
    versions: BTreeMap<(u32, u32), CoreVersion>,
    header_version: Option<u32>,
    header_major_minor: Option<(u32, u32)>,
    provided: BTreeMap<String, Vec<Provider>>,
    constant_names: BTreeSet<String>,
}

/// Refuses a vk.xml older than [`crate::MIN_VERSION`] before anything else reads it: an older
/// format fails deep inside the build with a message naming a symptom, not the cause.
pub(crate) fn check_version(vk: &vp::Registry) -> Result<(), Error> {
    let mut b = Builder::default();
    for child in &vk.0 {
        let vp::RegistryChild::Types(types) = child else { continue };
        for t in &types.children {
            let vp::TypesChild::Type(t) = t else { continue };
            let vp::TypeSpec::Code(code) = &t.spec else { continue };
            if t.category.as_deref() != Some("define") || !for_vulkan(t.api.as_deref()) {
                continue;
            }
            let name = t.name.as_ref().or_else(|| {
                code.markup.iter().find_map(|m| if let vp::TypeCodeMarkup::Name(n) = m { Some(n) } else { None })
            });
            if let Some(name @ ("VK_HEADER_VERSION" | "VK_HEADER_VERSION_COMPLETE")) = name.map(String::as_str) {
                b.define(name, &code.code);
            }
        }
    }
    let version = match (b.header_major_minor, b.header_version) {
        (Some((major, minor)), Some(patch)) if (major, minor, patch) >= crate::MIN_VERSION => return Ok(()),
        (Some((major, minor)), Some(patch)) => format!("{major}.{minor}.{patch}"),
        // Registries from before VK_HEADER_VERSION_COMPLETE (early Vulkan 1.2).
        (None, Some(patch)) => format!("with VK_HEADER_VERSION {patch} and no VK_HEADER_VERSION_COMPLETE"),
        // Not something the build can read either; it says why.
        _ => return Ok(()),
    };
    Err(Error::TooOld { version })
}

/// Builds the model from a parsed vk.xml and video.xml.
pub(crate) fn build(vk: vp::Registry, video: Option<vp::Registry>) -> Result<Registry, Error> {
    let mut b = Builder::default();
    if let Some(video) = video {
        b.registry(video, true)?;
    }
    b.registry(vk, false)?;
    b.finish()
}

impl Builder {
    fn registry(&mut self, reg: vp::Registry, video_std: bool) -> Result<(), Error> {
        // Types and enum groups first, then the features/extensions that extend them.
        let mut rest = Vec::new();
        for child in reg.0 {
            match child {
                vp::RegistryChild::Types(t) => {
                    for c in t.children {
                        if let vp::TypesChild::Type(t) = c {
                            self.type_(t, video_std)?;
                        }
                    }
                }
                vp::RegistryChild::Enums(e) => self.enums(e, video_std)?,
                other => rest.push(other),
            }
        }
        for child in rest {
            match child {
                vp::RegistryChild::Commands(c) => {
                    for c in c.children {
                        self.command(c)?;
                    }
                }
                vp::RegistryChild::Feature(f) if !video_std => self.feature(f)?,
                vp::RegistryChild::SpirvExtensions(e) if !video_std => {
                    self.reg.spirv_extensions = spirv_items(e.children, "spirvextension")?;
                }
                vp::RegistryChild::SpirvCapabilities(c) if !video_std => {
                    self.reg.spirv_capabilities = spirv_items(c.children, "spirvcapability")?;
                }
                vp::RegistryChild::Sync(s) if !video_std => self.reg.sync = sync(s.children)?,
                vp::RegistryChild::Formats(f) if !video_std => self.reg.formats = formats(f.children)?,
                vp::RegistryChild::Extensions(e) => {
                    for e in e.children {
                        if video_std {
                            self.video_module(e)?;
                        } else {
                            self.extension(e)?;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn type_(&mut self, t: vp::Type, video_std: bool) -> Result<(), Error> {
        if !for_vulkan(t.api.as_deref()) {
            return Ok(());
        }
        let category = t.category.as_deref();
        let name = match (&t.name, &t.spec) {
            (Some(n), _) => n.clone(),
            (None, vp::TypeSpec::Code(c)) => c
                .markup
                .iter()
                .find_map(|m| if let vp::TypeCodeMarkup::Name(n) = m { Some(n.clone()) } else { None })
                .unwrap_or_default(),
            (None, vp::TypeSpec::Funcpointer(f)) => f.proto.name.clone(),
            _ => String::new(),
        };
        if let Some(target) = &t.alias {
            self.reg.type_aliases.insert(name, target.clone());
            return Ok(());
        }
        match category {
            None => {
                let requires = t.requires.as_deref().unwrap_or("");
                if BUILTINS.contains(&name.as_str()) {
                    // C builtins need no declaration.
                } else if requires.ends_with(".h") && !video_std {
                    if requires.starts_with("vk_video/") {
                        // A video std type: video.xml (parsed first) defines it.
                        if !self.reg.index.contains_key(&name) {
                            return Err(Error::Unclassified { what: format!("video std type {name}") });
                        }
                    } else {
                        self.reg.index.insert(name.clone(), TypeRef::Platform(self.reg.platform_types.len()));
                        self.reg.platform_types.push(name);
                    }
                } else if video_std && requires.ends_with(".h") {
                    // video.xml's own include markers.
                } else {
                    return Err(Error::Unclassified { what: format!("type {name} (requires={requires:?})") });
                }
            }
            Some("include") | Some("define") => {
                if let vp::TypeSpec::Code(c) = &t.spec {
                    self.define(&name, &c.code);
                }
            }
            Some("basetype") => {
                let code = match &t.spec {
                    vp::TypeSpec::Code(c) => c.code.as_str(),
                    _ => return Err(Error::Unclassified { what: format!("basetype {name} without code") }),
                };
                let ty = basetype(&name, code)?;
                self.reg.index.insert(name.clone(), TypeRef::Base(self.reg.base_types.len()));
                self.reg.base_types.push(BaseType { name, ty });
            }
            Some("bitmask") => {
                let code = match &t.spec {
                    vp::TypeSpec::Code(c) => c.code.as_str(),
                    _ => "",
                };
                let width = if code.contains("VkFlags64") {
                    64
                } else if code.contains("VkFlags") {
                    32
                } else {
                    return Err(Error::Unclassified { what: format!("bitmask {name}: {code}") });
                };
                let bits = t.requires.clone().or(t.bitvalues.clone());
                self.reg.index.insert(name.clone(), TypeRef::Bitmask(self.reg.bitmasks.len()));
                self.reg.bitmasks.push(Bitmask { name, width, bits });
            }
            Some("handle") => {
                let code = match &t.spec {
                    vp::TypeSpec::Code(c) => c.code.as_str(),
                    _ => "",
                };
                let dispatchable = if code.contains("VK_DEFINE_NON_DISPATCHABLE_HANDLE") {
                    false
                } else if code.contains("VK_DEFINE_HANDLE") {
                    true
                } else {
                    return Err(Error::Unclassified { what: format!("handle {name}: {code}") });
                };
                let object_type = t
                    .objtypeenum
                    .clone()
                    .ok_or_else(|| Error::Unclassified { what: format!("handle {name} without objtypeenum") })?;
                self.reg.index.insert(name.clone(), TypeRef::Handle(self.reg.handles.len()));
                self.reg.handles.push(Handle { name, dispatchable, parents: list(&t.parent), object_type });
            }
            Some("enum") => {
                // Declares the name; `<enums>` (which may come before or after) holds the values.
                if !self.enum_at.contains_key(&name) {
                    self.new_enum(&name, None, video_std);
                }
            }
            Some("funcpointer") => {
                let f = match &t.spec {
                    vp::TypeSpec::Funcpointer(f) => f,
                    _ => return Err(Error::Unclassified { what: format!("funcpointer {name} without prototype") }),
                };
                // The prototype reads `R (VKAPI_PTR *PFN_name)`: the return type is what precedes `(`.
                let before = f.proto.code.split('(').next().unwrap_or_default();
                let ret = parse_declaration(&format!("{before} ret"), "ret")?.ty;
                let mut params = Vec::new();
                for p in &f.params {
                    params.push((p.name.clone(), parse_declaration(&p.code, &p.name)?.ty));
                }
                self.reg.index.insert(name.clone(), TypeRef::FuncPointer(self.reg.funcpointers.len()));
                self.reg.funcpointers.push(FuncPointer { name, ret, params });
            }
            Some(c @ ("struct" | "union")) => {
                let members = match &t.spec {
                    vp::TypeSpec::Members(m) => m,
                    _ => return Err(Error::Unclassified { what: format!("{c} {name} without members") }),
                };
                let mut out = Vec::new();
                for m in members {
                    let vp::TypeMember::Definition(d) = m else { continue };
                    if !for_vulkan(d.api.as_deref()) {
                        continue;
                    }
                    out.push(member(&name, d)?);
                }
                let s_type = out.iter().find(|m| m.name == "sType").and_then(|m| m.attrs.values.clone());
                self.reg.index.insert(name.clone(), TypeRef::Struct(self.reg.structs.len()));
                self.reg.structs.push(Struct {
                    name,
                    is_union: c == "union",
                    members: out,
                    returned_only: flag(&t.returnedonly),
                    extends: list(&t.structextends),
                    allow_duplicate: flag(&t.allowduplicate),
                    s_type,
                    video_std,
                });
            }
            Some(other) => return Err(Error::Unclassified { what: format!("type {name} of category {other}") }),
        }
        Ok(())
    }

    fn define(&mut self, name: &str, code: &str) {
        if let Some(args) =
            code.split("VK_MAKE_VIDEO_STD_VERSION(").nth(1).filter(|_| !code.contains("#define VK_MAKE"))
        {
            let n: Vec<u32> = args.split([',', ')']).filter_map(|x| x.trim().parse().ok()).collect();
            if let [major, minor, patch] = n[..] {
                self.constant_names.insert(name.to_string());
                let value = ConstValue::U32((major << 22) | (minor << 12) | patch);
                self.reg.constants.push(Constant { name: name.to_string(), value });
            }
        } else if name == "VK_HEADER_VERSION" {
            self.header_version = code.split_whitespace().last().and_then(|v| v.parse().ok());
        } else if name == "VK_HEADER_VERSION_COMPLETE" {
            // `VK_MAKE_API_VERSION(0, 1, 4, VK_HEADER_VERSION)`
            if let Some(args) = code.split('(').nth(1) {
                let n: Vec<u32> = args.split(',').filter_map(|x| x.trim().parse().ok()).collect();
                if n.len() >= 3 {
                    self.header_major_minor = Some((n[1], n[2]));
                }
            }
        }
    }

    fn new_enum(&mut self, name: &str, bitmask_width: Option<u32>, video_std: bool) -> usize {
        let i = self.reg.enums.len();
        self.reg.enums.push(Enum { name: name.to_string(), bitmask_width, values: Vec::new(), video_std });
        self.enum_at.insert(name.to_string(), i);
        self.reg.index.insert(name.to_string(), TypeRef::Enum(i));
        i
    }

    fn enums(&mut self, e: vp::Enums, video_std: bool) -> Result<(), Error> {
        let name = e.name.clone().unwrap_or_default();
        match e.kind.as_deref() {
            Some("constants") => {
                for c in &e.children {
                    if let vp::EnumsChild::Enum(v) = c {
                        if for_vulkan(v.api.as_deref()) {
                            self.constant(v)?;
                        }
                    }
                }
                return Ok(());
            }
            Some("enum") | Some("bitmask") => {}
            other => return Err(Error::Unclassified { what: format!("<enums name={name:?} type={other:?}>") }),
        }
        let width = if e.kind.as_deref() == Some("bitmask") { Some(e.bitwidth.unwrap_or(32)) } else { None };
        let i = match self.enum_at.get(&name) {
            Some(&i) => i,
            None => self.new_enum(&name, width, video_std),
        };
        self.reg.enums[i].bitmask_width = width;
        self.reg.enums[i].video_std = video_std;
        for c in e.children {
            if let vp::EnumsChild::Enum(v) = c {
                if for_vulkan(v.api.as_deref()) {
                    self.enum_value(&name, &v, None, (None, None))?;
                }
            }
        }
        Ok(())
    }

    fn constant(&mut self, v: &vp::Enum) -> Result<(), Error> {
        if !self.constant_names.insert(v.name.clone()) {
            return Ok(());
        }
        let bad = || Error::Unclassified { what: format!("constant {}", v.name) };
        let value = match &v.spec {
            vp::EnumSpec::Value { value, .. } => value.clone(),
            vp::EnumSpec::Alias { alias, .. } => {
                let target = self.reg.constants.iter().find(|c| &c.name == alias).cloned().ok_or_else(bad)?;
                self.reg.constants.push(Constant { name: v.name.clone(), value: target.value });
                return Ok(());
            }
            _ => return Err(bad()),
        };
        let ty = v.type_suffix.as_deref();
        let value = if let Some(c) = self.reg.constants.iter().find(|c| c.name == value) {
            c.value.clone()
        } else if let Some(s) = value.strip_prefix('"') {
            ConstValue::Str(s.trim_end_matches('"').to_string())
        } else {
            match (ty, parse_c_int(&value)) {
                (Some("float"), _) => ConstValue::F32(value.trim_end_matches(['F', 'f']).parse().map_err(|_| bad())?),
                (Some("uint64_t"), Some(n)) => ConstValue::U64(n as u64),
                (Some("int32_t"), Some(n)) => ConstValue::I32(n as i32),
                (Some("uint8_t"), Some(n)) => ConstValue::U8(n as u8),
                (Some("uint32_t") | None, Some(n)) => ConstValue::U32(n as u32),
                _ => return Err(bad()),
            }
        };
        self.reg.constants.push(Constant { name: v.name.clone(), value });
        Ok(())
    }

    /// Adds one `<enum>` to the enum it extends. `ext_number` is the number of the extension
    /// whose `<require>` holds it (for `offset` values without `extnumber`).
    fn enum_value(
        &mut self,
        group: &str,
        v: &vp::Enum,
        ext_number: Option<i64>,
        (added_by, depends): (Option<&str>, Option<&Depends>),
    ) -> Result<(), Error> {
        let Some(&i) = self.enum_at.get(group) else {
            return Err(Error::Unclassified { what: format!("value {} extends unknown enum {group}", v.name) });
        };
        let (value, alias_of) = match &v.spec {
            vp::EnumSpec::Value { value, .. } => (
                parse_c_int(value)
                    .ok_or_else(|| Error::Unclassified { what: format!("value {} = {value}", v.name) })?,
                None,
            ),
            vp::EnumSpec::Bitpos { bitpos, .. } => (1i64 << bitpos, None),
            vp::EnumSpec::Offset { offset, extnumber, dir, .. } => {
                let ext = extnumber.or(ext_number).ok_or_else(|| Error::Unclassified {
                    what: format!("offset value {} outside an extension", v.name),
                })?;
                let n = 1_000_000_000 + (ext - 1) * 1000 + offset;
                // vk-parse's `dir` is true for a positive value, false for `dir="-"`.
                (if *dir { n } else { -n }, None)
            }
            // Aliases may name values added later: resolved in `finish`.
            vp::EnumSpec::Alias { alias, .. } => (0, Some(alias.clone())),
            vp::EnumSpec::None => return Ok(()),
            other => return Err(Error::Unclassified { what: format!("value {}: {other:?}", v.name) }),
        };
        let values = &mut self.reg.enums[i].values;
        if let Some(existing) = values.iter().find(|x| x.name == v.name) {
            if existing.value != value || existing.alias_of != alias_of {
                return Err(Error::Unclassified {
                    what: format!("{} defined twice with {} and {value}", v.name, existing.value),
                });
            }
            return Ok(());
        }
        values.push(EnumValue {
            name: v.name.clone(),
            value,
            alias_of,
            added_by: added_by.map(str::to_string),
            depends: depends.cloned(),
        });
        Ok(())
    }

    fn command(&mut self, c: vp::Command) -> Result<(), Error> {
        let d = match c {
            vp::Command::Alias { name, alias } => {
                self.reg.command_aliases.insert(name, alias);
                return Ok(());
            }
            vp::Command::Definition(d) => d,
            other => return Err(Error::Unclassified { what: format!("command {other:?}") }),
        };
        if !for_vulkan(d.api.as_deref()) {
            return Ok(());
        }
        let name = d.proto.name.clone();
        if let Some(target) = &d.alias {
            self.reg.command_aliases.insert(name, target.clone());
            return Ok(());
        }
        let ret = proto_type(&d.proto)?;
        let mut params = Vec::new();
        for p in &d.params {
            if !for_vulkan(p.api.as_deref()) {
                continue;
            }
            let decl = parse_declaration(&p.definition.code, &p.definition.name)?;
            params.push(Param {
                name: p.definition.name.clone(),
                ty: decl.ty,
                attrs: ValueAttrs {
                    optional: list(&p.optional).iter().map(|x| x == "true").collect(),
                    len: len_list(&p.len),
                    altlen: p.altlen.clone(),
                    noautovalidity: flag(&p.noautovalidity),
                    externsync: p.externsync.clone(),
                    objecttype: p.objecttype.clone(),
                    values: None,
                },
                valid_structs: p.validstructs.clone(),
                stride: p.stride.clone(),
            });
        }
        self.reg.command_index.insert(name.clone(), self.reg.commands.len());
        self.reg.commands.push(Command {
            name,
            ret,
            params,
            level: CommandLevel::Global, // classified in `finish`, once every handle is known
            aliases: Vec::new(),
            success_codes: list(&d.successcodes),
            error_codes: list(&d.errorcodes),
            queues: list(&d.queues),
            renderpass: d.renderpass.clone(),
            videocoding: d.videocoding.clone(),
            cmdbuffer_levels: list(&d.cmdbufferlevel),
            tasks: list(&d.tasks),
            implicit_externsync: d.implicitexternsyncparams.clone(),
            provided_by: Vec::new(),
        });
        Ok(())
    }

    fn requires(
        &mut self,
        by: &str,
        ext_number: Option<i64>,
        children: &[vp::ExtensionChild],
        commands: &mut Vec<String>,
        types: &mut Vec<String>,
    ) -> Result<(), Error> {
        for child in children {
            let vp::ExtensionChild::Require { api, depends, items, .. } = child else { continue };
            if !for_vulkan(api.as_deref()) {
                continue;
            }
            let depends = depends.as_deref().map(Depends::parse).transpose()?.map(|d| d.map_terms(&core_version_name));
            for item in items {
                match item {
                    vp::InterfaceItem::Command { name, .. } => {
                        if !commands.contains(name) {
                            commands.push(name.clone());
                        }
                        let p = Provider { by: by.to_string(), depends: depends.clone() };
                        let list = self.provided.entry(name.clone()).or_default();
                        if !list.contains(&p) {
                            list.push(p);
                        }
                    }
                    vp::InterfaceItem::Type { name, .. } => {
                        if !types.contains(name) {
                            types.push(name.clone())
                        }
                    }
                    vp::InterfaceItem::Enum(e) => {
                        if !for_vulkan(e.api.as_deref()) {
                            continue;
                        }
                        let extends = match &e.spec {
                            vp::EnumSpec::Offset { extends, .. } => Some(extends.clone()),
                            vp::EnumSpec::Bitpos { extends, .. }
                            | vp::EnumSpec::Value { extends, .. }
                            | vp::EnumSpec::Alias { extends, .. } => extends.clone(),
                            vp::EnumSpec::None => None,
                            other => return Err(Error::Unclassified { what: format!("{by}: {other:?}") }),
                        };
                        match extends {
                            Some(group) => self.enum_value(&group, e, ext_number, (Some(by), depends.as_ref()))?,
                            None if !matches!(e.spec, vp::EnumSpec::None) => self.constant(e)?,
                            None => {}
                        }
                    }
                    vp::InterfaceItem::Comment(_) | vp::InterfaceItem::Feature { .. } => {}
                    other => return Err(Error::Unclassified { what: format!("{by} requires {other:?}") }),
                }
            }
        }
        Ok(())
    }

    fn feature(&mut self, f: vp::Feature) -> Result<(), Error> {
        if !for_vulkan(Some(&f.api)) {
            return Ok(());
        }
        let name = core_version_name(&f.name);
        let number = f.number.clone().unwrap_or_default();
        let (major, minor) = number
            .split_once('.')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .ok_or_else(|| Error::Unclassified { what: format!("feature {} number {number:?}", f.name) })?;
        let mut v = self.versions.remove(&(major, minor)).unwrap_or(CoreVersion {
            name: name.clone(),
            major,
            minor,
            commands: Vec::new(),
            types: Vec::new(),
        });
        if v.name != name {
            return Err(Error::Unclassified { what: format!("feature {} numbered like {}", f.name, v.name) });
        }
        self.requires(&name, None, &f.children, &mut v.commands, &mut v.types)?;
        self.versions.insert((major, minor), v);
        Ok(())
    }

    fn extension(&mut self, e: vp::Extension) -> Result<(), Error> {
        if !for_vulkan(e.supported.as_deref()) {
            return Ok(());
        }
        let bad = |what: &str| Error::Unclassified { what: format!("extension {}: {what}", e.name) };
        let kind = match e.ext_type.as_deref() {
            Some("instance") => ExtensionKind::Instance,
            Some("device") => ExtensionKind::Device,
            other => return Err(bad(&format!("type {other:?}"))),
        };
        let number = e.number.ok_or_else(|| bad("no number"))?;
        let depends = e.depends.as_deref().map(Depends::parse).transpose()?.map(|d| d.map_terms(&core_version_name));
        let (mut commands, mut types) = (Vec::new(), Vec::new());
        self.requires(&e.name, Some(number), &e.children, &mut commands, &mut types)?;
        let spec_version = e
            .children
            .iter()
            .filter_map(|c| if let vp::ExtensionChild::Require { items, .. } = c { Some(items) } else { None })
            .flatten()
            .find_map(|i| match i {
                vp::InterfaceItem::Enum(vp::Enum { name, spec: vp::EnumSpec::Value { value, .. }, .. })
                    if name.ends_with("_SPEC_VERSION") =>
                {
                    value.parse().ok()
                }
                _ => None,
            })
            .ok_or_else(|| bad("no _SPEC_VERSION"))?;
        self.reg.extensions.push(Extension {
            name: e.name.clone(),
            number: number as u32,
            kind,
            depends,
            platform: e.platform.clone(),
            provisional: e.provisional,
            promoted_to: e.promotedto.as_deref().map(core_version_name),
            deprecated_by: e.deprecatedby.clone().filter(|s| !s.is_empty()).map(|s| core_version_name(&s)),
            obsoleted_by: e.obsoletedby.clone().filter(|s| !s.is_empty()).map(|s| core_version_name(&s)),
            spec_version,
            commands,
            types,
        });
        Ok(())
    }

    /// video.xml's "extensions" are std header modules: they add constants, not API.
    fn video_module(&mut self, e: vp::Extension) -> Result<(), Error> {
        let (mut c, mut t) = (Vec::new(), Vec::new());
        self.requires(&e.name, e.number, &e.children, &mut c, &mut t)
    }

    fn finish(mut self) -> Result<Registry, Error> {
        let mut reg = std::mem::take(&mut self.reg);
        reg.versions = std::mem::take(&mut self.versions).into_values().collect();
        let (major, minor) = self.header_major_minor.ok_or(Error::Unclassified { what: "no header version".into() })?;
        reg.version =
            (major, minor, self.header_version.ok_or(Error::Unclassified { what: "no VK_HEADER_VERSION".into() })?);

        // Only commands some version or extension provides exist for api="vulkan".
        let provided = std::mem::take(&mut self.provided);
        let mut kept = Vec::new();
        for mut c in std::mem::take(&mut reg.commands) {
            let mut providers = provided.get(&c.name).cloned().unwrap_or_default();
            let aliases: Vec<String> =
                reg.command_aliases.iter().filter(|(_, t)| **t == c.name).map(|(a, _)| a.clone()).collect();
            for a in &aliases {
                for p in provided.get(a).into_iter().flatten() {
                    if !providers.contains(p) {
                        providers.push(p.clone());
                    }
                }
            }
            if providers.is_empty() {
                continue;
            }
            c.provided_by = providers;
            c.aliases = aliases;
            kept.push(c);
        }
        reg.command_aliases.retain(|_, t| kept.iter().any(|c| &c.name == t));
        reg.commands = kept;
        reg.command_index = reg.commands.iter().enumerate().map(|(i, c)| (c.name.clone(), i)).collect();
        prune_unrequired(&mut reg);
        for a in reg.type_aliases.keys() {
            if reg.index.contains_key(a) {
                return Err(Error::Unclassified { what: format!("{a} is both a type and an alias") });
            }
        }

        for e in &mut reg.enums {
            for i in 0..e.values.len() {
                let mut target = e.values[i].alias_of.clone();
                let mut hops = 0;
                while let Some(t) = target {
                    let v = e.values.iter().find(|v| v.name == t).ok_or_else(|| Error::Unclassified {
                        what: format!("{} aliases {t}, unknown in {}", e.values[i].name, e.name),
                    })?;
                    hops += 1;
                    if v.alias_of.is_none() || hops > 8 {
                        e.values[i].value = v.value;
                        break;
                    }
                    target = v.alias_of.clone();
                }
            }
        }

        // Every type a declaration names must be known.
        let known = |reg: &Registry, name: &str| BUILTINS.contains(&name) || reg.lookup(name).is_some();
        for s in &reg.structs {
            for m in &s.members {
                if !known(&reg, m.ty.base_name()) {
                    return Err(Error::Unclassified {
                        what: format!("{}.{}: type {}", s.name, m.name, m.ty.base_name()),
                    });
                }
            }
        }
        for c in &reg.commands {
            for p in &c.params {
                if !known(&reg, p.ty.base_name()) {
                    return Err(Error::Unclassified {
                        what: format!("{}({}): type {}", c.name, p.name, p.ty.base_name()),
                    });
                }
            }
        }
        for b in &reg.bitmasks {
            if let Some(bits) = &b.bits {
                if reg.enum_(bits).is_none() {
                    return Err(Error::Unclassified {
                        what: format!("bitmask {} draws bits from unknown {bits}", b.name),
                    });
                }
            }
        }
        for h in &reg.handles {
            for p in &h.parents {
                if reg.handle(p).is_none() {
                    return Err(Error::Unclassified { what: format!("handle {} has unknown parent {p}", h.name) });
                }
            }
        }
        for s in &reg.structs {
            if let Some(st) = &s.s_type {
                let ok = reg.enum_("VkStructureType").is_some_and(|e| e.values.iter().any(|v| &v.name == st));
                if !ok {
                    return Err(Error::Unclassified { what: format!("{} has unknown sType {st}", s.name) });
                }
            }
        }

        // Command levels, from the first parameter.
        let levels: Vec<CommandLevel> = reg.commands.iter().map(|c| classify(&reg, c)).collect::<Result<_, _>>()?;
        for (c, l) in reg.commands.iter_mut().zip(levels) {
            c.level = l;
        }
        Ok(reg)
    }
}

fn classify(reg: &Registry, c: &Command) -> Result<CommandLevel, Error> {
    let first = c.params.first().and_then(|p| p.ty.as_named());
    let Some(h) = first.and_then(|n| reg.handle(n)) else { return Ok(CommandLevel::Global) };
    if !h.dispatchable {
        return Ok(CommandLevel::Global);
    }
    Ok(match h.name.as_str() {
        "VkInstance" => CommandLevel::Instance,
        "VkPhysicalDevice" => CommandLevel::PhysicalDevice,
        "VkDevice" => CommandLevel::Device,
        // Other dispatchable handles (VkQueue, VkCommandBuffer, VkExternalComputeQueueNV) are
        // children of a device and carry its dispatch table.
        other if reg.parent_chain(other).contains(&"VkDevice") => CommandLevel::Device,
        other => return Err(Error::Unclassified { what: format!("{} dispatched on {other}", c.name) }),
    })
}

fn proto_type(p: &vp::NameWithType) -> Result<CType, Error> {
    Ok(parse_declaration(&p.code, &p.name)?.ty)
}

fn member(owner: &str, d: &vp::TypeMemberDefinition) -> Result<Member, Error> {
    let name = d
        .markup
        .iter()
        .find_map(|m| if let vp::TypeMemberMarkup::Name(n) = m { Some(n.clone()) } else { None })
        .ok_or_else(|| Error::Unclassified { what: format!("member of {owner} without a name") })?;
    let decl = parse_declaration(&d.code, &name)?;
    Ok(Member {
        name,
        ty: decl.ty,
        bitfield: decl.bitfield,
        attrs: ValueAttrs {
            optional: list(&d.optional).iter().map(|x| x == "true").collect(),
            len: len_list(&d.len),
            altlen: d.altlen.clone(),
            noautovalidity: flag(&d.noautovalidity),
            externsync: d.externsync.clone(),
            objecttype: d.objecttype.clone(),
            values: d.values.clone(),
        },
        selector: d.selector.clone(),
        selection: list(&d.selection),
        limit_type: d.limittype.clone(),
    })
}

fn basetype(name: &str, code: &str) -> Result<Option<CType>, Error> {
    // Objective-C types: the C branch is what the C headers compile.
    let code = code.rsplit("#else").next().unwrap_or(code);
    let code = code.split("#endif").next().unwrap_or(code);
    if !code.contains("typedef") {
        return Ok(None);
    }
    let code = code.replace("typedef", "");
    if code.contains("struct") {
        // `typedef struct __IOSurface* IOSurfaceRef;` — a pointer to a platform struct.
        return Ok(if code.contains('*') {
            Some(CType::Pointer { pointee_const: false, pointee: Box::new(CType::Named("void".into())) })
        } else {
            None
        });
    }
    Ok(Some(parse_declaration(&code, name)?.ty))
}

/// Integer literals as the registry writes them: `42`, `0x1F`, `-3`, `(~0U)`, `(~0ULL)`, `(~1U)`.
pub(crate) fn parse_c_int(text: &str) -> Option<i64> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    if let Some(rest) = t.strip_prefix('~') {
        let wide = rest.ends_with("ULL");
        let n: u64 = rest.trim_end_matches(['U', 'L']).parse().ok()?;
        return Some(if wide { (!n) as i64 } else { (!(n as u32)) as i64 });
    }
    let t = t.trim_end_matches(['U', 'L']);
    if let Some(h) = t.strip_prefix("0x") {
        return i64::from_str_radix(h, 16).ok();
    }
    t.parse().ok()
}

/// Drops types that no `api="vulkan"` version or extension requires (Vulkan SC's own structs),
/// keeping everything the required types and commands reach. Video std types are all kept.
fn prune_unrequired(reg: &mut Registry) {
    let mut needed: BTreeSet<String> = BTreeSet::new();
    let mut stack: Vec<String> = Vec::new();
    stack.extend(reg.versions.iter().flat_map(|v| v.types.iter().cloned()));
    stack.extend(reg.extensions.iter().flat_map(|e| e.types.iter().cloned()));
    stack.extend(reg.structs.iter().filter(|s| s.video_std).map(|s| s.name.clone()));
    stack.extend(reg.enums.iter().filter(|e| e.video_std).map(|e| e.name.clone()));
    for c in &reg.commands {
        stack.push(c.ret.base_name().to_string());
        stack.extend(c.params.iter().map(|p| p.ty.base_name().to_string()));
    }
    while let Some(name) = stack.pop() {
        if !needed.insert(name.clone()) {
            continue;
        }
        if let Some(t) = reg.type_aliases.get(&name) {
            stack.push(t.clone());
        }
        match reg.index.get(&name) {
            Some(TypeRef::Struct(i)) => {
                stack.extend(reg.structs[*i].members.iter().map(|m| m.ty.base_name().to_string()))
            }
            Some(TypeRef::FuncPointer(i)) => {
                let f = &reg.funcpointers[*i];
                stack.push(f.ret.base_name().to_string());
                stack.extend(f.params.iter().map(|p| p.1.base_name().to_string()));
            }
            Some(TypeRef::Bitmask(i)) => stack.extend(reg.bitmasks[*i].bits.clone()),
            Some(TypeRef::Base(i)) => stack.extend(reg.base_types[*i].ty.as_ref().map(|t| t.base_name().to_string())),
            Some(TypeRef::Handle(i)) => stack.extend(reg.handles[*i].parents.iter().cloned()),
            _ => {}
        }
    }
    let keep = |n: &String| needed.contains(n);
    reg.structs.retain(|s| keep(&s.name));
    reg.handles.retain(|h| keep(&h.name));
    reg.enums.retain(|e| keep(&e.name));
    reg.bitmasks.retain(|b| keep(&b.name));
    reg.base_types.retain(|b| keep(&b.name));
    reg.funcpointers.retain(|f| keep(&f.name));
    reg.platform_types.retain(|p| keep(p));
    reg.type_aliases.retain(|a, t| keep(a) || keep(t));
    reg.index.clear();
    let index = &mut reg.index;
    index.extend(reg.structs.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::Struct(i))));
    index.extend(reg.handles.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::Handle(i))));
    index.extend(reg.enums.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::Enum(i))));
    index.extend(reg.bitmasks.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::Bitmask(i))));
    index.extend(reg.base_types.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::Base(i))));
    index.extend(reg.funcpointers.iter().enumerate().map(|(i, s)| (s.name.clone(), TypeRef::FuncPointer(i))));
    index.extend(reg.platform_types.iter().enumerate().map(|(i, s)| (s.clone(), TypeRef::Platform(i))));
}

/// vk.xml's `<spirvextension>` or `<spirvcapability>` entries; an `<enable>` of a form the model
/// does not know fails the build.
fn spirv_items(items: Vec<vp::SpirvExtOrCap>, tag: &str) -> Result<Vec<SpirvItem>, Error> {
    let list = |s: Option<String>| s.map(|s| s.split(',').map(str::to_string).collect()).unwrap_or_default();
    items
        .into_iter()
        .map(|item| {
            let enables = item
                .enables
                .into_iter()
                .map(|e| match e {
                    vp::Enable::Version(v) => Ok(SpirvEnable::Version(v)),
                    vp::Enable::Extension(x) => Ok(SpirvEnable::Extension(x)),
                    vp::Enable::Feature(f) => Ok(SpirvEnable::Feature { structure: f.struct_, feature: f.feature }),
                    vp::Enable::Property(p) => Ok(SpirvEnable::Property {
                        structure: p.property,
                        member: p.member,
                        value: p.value,
                        requires: list(p.requires),
                    }),
                    other => Err(Error::Unclassified { what: format!("<{tag} name=\"{}\">: {other:?}", item.name) }),
                })
                .collect::<Result<Vec<_>, _>>()?;
            if enables.is_empty() {
                return Err(Error::Unclassified { what: format!("<{tag} name=\"{}\"> with no <enable>", item.name) });
            }
            Ok(SpirvItem { name: item.name, enables })
        })
        .collect()
}

/// vk.xml's `<format>` entries; a block extent that is not three numbers is unclassified.
fn formats(formats: Vec<vp::Format>) -> Result<Vec<Format>, Error> {
    formats
        .into_iter()
        .map(|f| {
            let block_extent = match f.blockExtent.as_deref() {
                None => [1, 1, 1],
                Some(e) => {
                    let dims = e.split(',').map(str::parse).collect::<Result<Vec<u32>, _>>();
                    match dims.as_deref() {
                        Ok(&[w, h, d]) => [w, h, d],
                        _ => return Err(Error::Unclassified { what: format!("format {}: blockExtent {e}", f.name) }),
                    }
                }
            };
            let mut components = Vec::new();
            let mut planes = Vec::new();
            for child in f.children {
                match child {
                    vp::FormatChild::Component { name, bits, numericFormat, planeIndex, .. } => {
                        let bits = match bits.as_str() {
                            "compressed" => None,
                            b => Some(b.parse().map_err(|_| Error::Unclassified {
                                what: format!("format {}: component {name} bits {b}", f.name),
                            })?),
                        };
                        components.push(FormatComponent {
                            name,
                            bits,
                            numeric: numericFormat,
                            plane: planeIndex.map(u32::from),
                        });
                    }
                    vp::FormatChild::Plane { index, widthDivisor, heightDivisor, compatible, .. } => {
                        planes.push(FormatPlane {
                            index: index.into(),
                            width_divisor: widthDivisor.into(),
                            height_divisor: heightDivisor.into(),
                            compatible,
                        });
                    }
                    vp::FormatChild::SpirvImageFormat { .. } => {}
                    other => return Err(Error::Unclassified { what: format!("format {}: {other:?}", f.name) }),
                }
            }
            Ok(Format {
                name: f.name,
                class: f.class,
                block_size: f.blockSize.into(),
                texels_per_block: f.texelsPerBlock.into(),
                block_extent,
                packed: f.packed.map(u32::from),
                compressed: f.compressed,
                chroma: f.chroma,
                components,
                planes,
            })
        })
        .collect()
}

/// vk.xml's `<sync>` children; a support or equivalence of the wrong kind for its element, or a
/// pipeline stage order the model does not know, is unclassified.
fn sync(children: Vec<vp::SyncChild>) -> Result<Sync, Error> {
    let bad = |what: String| Err(Error::Unclassified { what });
    let mut out = Sync::default();
    for child in children {
        match child {
            vp::SyncChild::Stage(s) => {
                let queues = match s.syncsupport {
                    None => None,
                    Some(vp::SyncSupport { queues: Some(q), stage: None, .. }) => Some(list(&Some(q))),
                    Some(other) => return bad(format!("syncstage {}: syncsupport {other:?}", s.name)),
                };
                let equivalent = match s.syncequivalent {
                    None => Vec::new(),
                    Some(vp::SyncEquivalent { stage: Some(e), access: None, .. }) => list(&Some(e)),
                    Some(other) => return bad(format!("syncstage {}: syncequivalent {other:?}", s.name)),
                };
                out.stages.push(SyncStage { name: s.name, alias: s.alias, queues, equivalent });
            }
            vp::SyncChild::Access(a) => {
                let stages = match a.syncsupport {
                    None => None,
                    Some(vp::SyncSupport { stage: Some(st), queues: None, .. }) => Some(list(&Some(st))),
                    Some(other) => return bad(format!("syncaccess {}: syncsupport {other:?}", a.name)),
                };
                let equivalent = match a.syncequivalent {
                    None => Vec::new(),
                    Some(vp::SyncEquivalent { access: Some(e), stage: None, .. }) => list(&Some(e)),
                    Some(other) => return bad(format!("syncaccess {}: syncequivalent {other:?}", a.name)),
                };
                out.accesses.push(SyncAccess { name: a.name, alias: a.alias, stages, equivalent });
            }
            vp::SyncChild::Pipeline(p) => {
                let mut stages = Vec::new();
                for st in p.children {
                    let ordered = match st.order.as_deref() {
                        None => true,
                        Some("None") => false,
                        Some(o) => return bad(format!("syncpipeline {}: stage {} order {o}", p.name, st.text)),
                    };
                    if ordered && (st.before.is_some() || st.after.is_some()) {
                        return bad(format!("syncpipeline {}: ordered stage {} with before/after", p.name, st.text));
                    }
                    let stage = st.text.trim().to_string();
                    stages.push(SyncPipelineStage { stage, ordered, before: st.before, after: st.after });
                }
                out.pipelines.push(SyncPipeline { name: p.name, depends: list(&p.depends), stages });
            }
            other => return bad(format!("sync child {other:?}")),
        }
    }
    Ok(out)
}
