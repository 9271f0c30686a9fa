//! Window-system and OS types the registry names but the platform headers define. Written once
//! by hand: the registry only says which header each comes from.

use proc_macro2::TokenStream;
use quote::quote;
use vigil_registry::Registry;

use crate::Error;

/// Every platform type this file defines; the generator fails if the registry names another.
const DEFINED: &[&str] = &[
    "Display",
    "VisualID",
    "Window",
    "RROutput",
    "wl_display",
    "wl_surface",
    "ubm_device",
    "ubm_surface",
    "HINSTANCE",
    "HWND",
    "HMONITOR",
    "HANDLE",
    "SECURITY_ATTRIBUTES",
    "DWORD",
    "LPCWSTR",
    "xcb_connection_t",
    "xcb_visualid_t",
    "xcb_window_t",
    "IDirectFB",
    "IDirectFBSurface",
    "zx_handle_t",
    "GgpStreamDescriptor",
    "GgpFrameToken",
    "_screen_context",
    "_screen_window",
    "_screen_buffer",
    "NvSciSyncAttrList",
    "NvSciSyncObj",
    "NvSciSyncFence",
    "NvSciBufAttrList",
    "NvSciBufObj",
];

pub fn platform(reg: &Registry) -> Result<TokenStream, Error> {
    for t in &reg.platform_types {
        if !DEFINED.contains(&t.as_str()) {
            return Err(Error(format!("platform type {t} has no hand-written definition in codegen/src/platform.rs")));
        }
    }
    Ok(quote! {
        use core::ffi::{c_ulong, c_void};

        macro_rules! opaque {
            ($($name:ident),*) => { $(
                /// Opaque platform type; only ever behind a pointer.
                #[repr(C)]
                pub struct $name { _opaque: [u8; 0] }
            )* };
        }
        opaque!(Display, wl_display, wl_surface, ubm_device, ubm_surface, SECURITY_ATTRIBUTES, xcb_connection_t, IDirectFB, IDirectFBSurface,
            _screen_context, _screen_window, _screen_buffer);

        // Xlib / Xrandr (X11/Xlib.h, X11/extensions/Xrandr.h)
        pub type VisualID = c_ulong;
        pub type Window = c_ulong;
        pub type RROutput = c_ulong;
        // Win32 (windows.h): DWORD is 32 bits and wide characters 16 on Windows.
        pub type HINSTANCE = *mut c_void;
        pub type HWND = *mut c_void;
        pub type HMONITOR = *mut c_void;
        pub type HANDLE = *mut c_void;
        pub type DWORD = u32;
        pub type LPCWSTR = *const u16;
        // XCB (xcb/xcb.h)
        pub type xcb_visualid_t = u32;
        pub type xcb_window_t = u32;
        // Fuchsia (zircon/types.h)
        pub type zx_handle_t = u32;
        // GGP (ggp_c/vulkan_types.h)
        pub type GgpStreamDescriptor = u32;
        pub type GgpFrameToken = u64;
        // NvSci (nvscisync.h, nvscibuf.h): opaque pointers, and a fence of six words.
        pub type NvSciSyncAttrList = *mut c_void;
        pub type NvSciSyncObj = *mut c_void;
        pub type NvSciBufAttrList = *mut c_void;
        pub type NvSciBufObj = *mut c_void;
        #[repr(C)]
        #[derive(Clone, Copy, Default)]
        pub struct NvSciSyncFence { pub payload: [u64; 6] }
    })
}

/// C stand-ins for the same types, so the layout test can compile every platform header.
pub const C_STUBS: &str = r#"
typedef struct _XDisplay Display;
typedef unsigned long VisualID;
typedef unsigned long Window;
typedef unsigned long RROutput;
struct wl_display;
struct wl_surface;
struct ubm_device;
struct ubm_surface;
typedef void* HINSTANCE;
typedef void* HWND;
typedef void* HMONITOR;
typedef void* HANDLE;
typedef struct _SECURITY_ATTRIBUTES SECURITY_ATTRIBUTES;
typedef uint32_t DWORD;
typedef const uint16_t* LPCWSTR;
typedef struct xcb_connection_t xcb_connection_t;
typedef uint32_t xcb_visualid_t;
typedef uint32_t xcb_window_t;
typedef struct IDirectFB IDirectFB;
typedef struct IDirectFBSurface IDirectFBSurface;
typedef uint32_t zx_handle_t;
typedef uint32_t GgpStreamDescriptor;
typedef uint64_t GgpFrameToken;
struct _screen_context;
struct _screen_window;
struct _screen_buffer;
typedef void* NvSciSyncAttrList;
typedef void* NvSciSyncObj;
typedef void* NvSciBufAttrList;
typedef void* NvSciBufObj;
typedef struct NvSciSyncFence { uint64_t payload[6]; } NvSciSyncFence;
"#;
