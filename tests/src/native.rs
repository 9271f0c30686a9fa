//! This process seen from the dynamic linker: which files are mapped, and which loaded object an
//! address belongs to.

use std::ffi::{c_char, c_int, c_void, CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// `RTLD_NOW` (glibc).
const RTLD_NOW: c_int = 0x2;
/// `RTLD_GLOBAL` (glibc).
const RTLD_GLOBAL: c_int = 0x100;
/// `RTLD_NOLOAD` (glibc): succeed only if the object is already loaded; libloading does not
/// export this flag.
const RTLD_NOLOAD: c_int = 0x4;

/// glibc's `Dl_info`.
#[repr(C)]
struct DlInfo {
    dli_fname: *const c_char,
    dli_fbase: *mut c_void,
    dli_sname: *const c_char,
    dli_saddr: *mut c_void,
}

/// `SIGKILL`.
const SIGKILL: c_int = 9;

extern "C" {
    // In libc.so.6 since glibc 2.34 (Debian 12 has 2.36), which std already links.
    fn dladdr(addr: *const c_void, info: *mut DlInfo) -> c_int;
    fn kill(pid: c_int, sig: c_int) -> c_int;
}

/// Kills every process in the process group `pgid` (a child started with `process_group(0)`
/// leads a group whose id is its pid).
pub fn kill_process_group(pgid: u32) {
    // SAFETY: kill has no memory effects; a negative pid names the group.
    unsafe { kill(-(pgid as c_int), SIGKILL) };
}

/// The loaded object an address lies in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The object's path as the dynamic linker recorded it.
    pub file: PathBuf,
    /// The object's load base.
    pub base: usize,
    /// The nearest exported symbol at or below the address, if any.
    pub symbol: Option<String>,
}

/// Which loaded object contains the address `addr` (`dladdr`, which only compares it with the
/// link map); `None` for 0 and for addresses in no loaded object.
pub fn owner(addr: usize) -> Option<Owner> {
    if addr == 0 {
        return None;
    }
    let mut info = DlInfo {
        dli_fname: std::ptr::null(),
        dli_fbase: std::ptr::null_mut(),
        dli_sname: std::ptr::null(),
        dli_saddr: std::ptr::null_mut(),
    };
    // SAFETY: dladdr only reads the dynamic linker's tables and fills `info`.
    if unsafe { dladdr(addr as *const c_void, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: non-null strings from dladdr point into the linker's live link map.
    let file = unsafe { CStr::from_ptr(info.dli_fname) };
    let symbol =
        (!info.dli_sname.is_null()).then(|| unsafe { CStr::from_ptr(info.dli_sname) }.to_string_lossy().into_owned());
    Some(Owner { file: PathBuf::from(OsStr::from_bytes(file.to_bytes())), base: info.dli_fbase as usize, symbol })
}

/// Loads `name` into the global symbol scope, as linking an application against it does: its
/// exported symbols then take precedence over same-named symbols of objects loaded later.
pub fn open_global(name: &str) -> libloading::os::unix::Library {
    // SAFETY: the Vulkan loader's initializers are safe to run in any process.
    unsafe { libloading::os::unix::Library::open(Some(name), RTLD_NOW | RTLD_GLOBAL) }
        .unwrap_or_else(|e| panic!("dlopen({name}, RTLD_GLOBAL): {e}"))
}

/// Opens an object only if it is already loaded (`RTLD_NOLOAD`), adding a reference.
pub fn open_loaded(path: &Path) -> Option<libloading::os::unix::Library> {
    // SAFETY: with RTLD_NOLOAD nothing new is loaded, so no initializer runs.
    unsafe { libloading::os::unix::Library::open(Some(path), RTLD_NOW | RTLD_NOLOAD) }.ok()
}

/// Every file currently mapped into this process (`/proc/self/maps`), deduplicated.
pub fn mapped_files() -> Vec<PathBuf> {
    let maps = std::fs::read_to_string("/proc/self/maps").expect("/proc/self/maps");
    let mut files: Vec<PathBuf> = maps
        .lines()
        // Fields: address perms offset dev inode path; the path may contain spaces.
        .filter_map(|l| l.splitn(6, ' ').nth(5).map(str::trim))
        .filter(|p| p.starts_with('/'))
        .map(PathBuf::from)
        .collect();
    files.sort();
    files.dedup();
    files
}

/// The mapped files whose file name starts with `prefix`: `libvulkan.so` finds the loader's
/// real file (`libvulkan.so.1.3.239`), and `libVkLayer_vigil.so` also finds a copy that was
/// replaced on disk while mapped (listed with a ` (deleted)` suffix).
pub fn mapped_named(prefix: &str) -> Vec<PathBuf> {
    mapped_files()
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.as_bytes().starts_with(prefix.as_bytes())))
        .collect()
}
