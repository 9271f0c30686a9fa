//! The application's VK_EXT_debug_utils messengers and VK_EXT_debug_report callbacks, called
//! directly by Vigil with each message.

use std::ffi::{c_void, CString};

use vigil_generated::*;

use super::{Object, Severity};

/// A debug-utils messenger: what it wants and where to send it.
#[derive(Clone, Copy)]
pub struct Messenger {
    /// The messenger's handle (0 for one chained into VkInstanceCreateInfo).
    pub handle: u64,
    pub severities: VkDebugUtilsMessageSeverityFlagsEXT,
    pub types: VkDebugUtilsMessageTypeFlagsEXT,
    pub callback: PFN_vkDebugUtilsMessengerCallbackEXT,
    /// The application's `pUserData`, passed back untouched.
    pub user_data: usize,
}

impl Messenger {
    /// From a create info.
    pub fn from_create_info(handle: u64, info: &VkDebugUtilsMessengerCreateInfoEXT) -> Self {
        Messenger {
            handle,
            severities: info.messageSeverity,
            types: info.messageType,
            callback: info.pfnUserCallback,
            user_data: info.pUserData as usize,
        }
    }

    /// Calls the messenger if it wants this message; `Some(skip)` when called.
    pub fn deliver(
        &self,
        severity: Severity,
        id: &str,
        hash: u32,
        message: &str,
        objects: &[(Object, Option<&str>)],
    ) -> Option<bool> {
        let (sev, ty) = match severity {
            Severity::Error => {
                (VkDebugUtilsMessageSeverityFlagsEXT::VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT, false)
            }
            Severity::Warning => {
                (VkDebugUtilsMessageSeverityFlagsEXT::VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT, false)
            }
            Severity::Performance => {
                (VkDebugUtilsMessageSeverityFlagsEXT::VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT, true)
            }
            Severity::Info => {
                (VkDebugUtilsMessageSeverityFlagsEXT::VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT, false)
            }
            Severity::Verbose => {
                (VkDebugUtilsMessageSeverityFlagsEXT::VK_DEBUG_UTILS_MESSAGE_SEVERITY_VERBOSE_BIT_EXT, false)
            }
        };
        let types = if ty {
            VkDebugUtilsMessageTypeFlagsEXT::VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT
        } else {
            VkDebugUtilsMessageTypeFlagsEXT::VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT
        };
        if !self.severities.intersects(sev) || !self.types.intersects(types) {
            return None;
        }
        let callback = self.callback?;
        let id_c = CString::new(id).unwrap_or_default();
        let message_c = CString::new(message.replace('\0', " ")).unwrap_or_default();
        let names: Vec<Option<CString>> =
            objects.iter().map(|(_, n)| n.and_then(|n| CString::new(n.replace('\0', " ")).ok())).collect();
        let infos: Vec<VkDebugUtilsObjectNameInfoEXT> = objects
            .iter()
            .zip(&names)
            .map(|((o, _), n)| VkDebugUtilsObjectNameInfoEXT {
                objectType: o.ty,
                objectHandle: o.handle,
                pObjectName: n.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()),
                ..Default::default()
            })
            .collect();
        let data = VkDebugUtilsMessengerCallbackDataEXT {
            pMessageIdName: id_c.as_ptr(),
            messageIdNumber: hash as i32,
            pMessage: message_c.as_ptr(),
            objectCount: infos.len() as u32,
            pObjects: if infos.is_empty() { std::ptr::null() } else { infos.as_ptr() },
            ..Default::default()
        };
        // SAFETY: the application's callback, called as VK_EXT_debug_utils specifies; every
        // pointer in `data` lives until it returns.
        let ret = unsafe { callback(sev, types, &data, self.user_data as *mut c_void) };
        Some(ret == VK_TRUE)
    }
}

/// A debug-report callback.
#[derive(Clone, Copy)]
pub struct DebugReportCallback {
    pub handle: u64,
    pub flags: VkDebugReportFlagsEXT,
    pub callback: PFN_vkDebugReportCallbackEXT,
    pub user_data: usize,
}

impl DebugReportCallback {
    /// From a create info.
    pub fn from_create_info(handle: u64, info: &VkDebugReportCallbackCreateInfoEXT) -> Self {
        DebugReportCallback {
            handle,
            flags: info.flags,
            callback: info.pfnCallback,
            user_data: info.pUserData as usize,
        }
    }

    /// Calls the callback if it wants this message; `Some(skip)` when called.
    pub fn deliver(&self, severity: Severity, hash: u32, message: &str, object: Option<&Object>) -> Option<bool> {
        let flag = match severity {
            Severity::Error => VkDebugReportFlagsEXT::VK_DEBUG_REPORT_ERROR_BIT_EXT,
            Severity::Warning => VkDebugReportFlagsEXT::VK_DEBUG_REPORT_WARNING_BIT_EXT,
            Severity::Performance => VkDebugReportFlagsEXT::VK_DEBUG_REPORT_PERFORMANCE_WARNING_BIT_EXT,
            Severity::Info => VkDebugReportFlagsEXT::VK_DEBUG_REPORT_INFORMATION_BIT_EXT,
            Severity::Verbose => VkDebugReportFlagsEXT::VK_DEBUG_REPORT_DEBUG_BIT_EXT,
        };
        if !self.flags.intersects(flag) {
            return None;
        }
        let callback = self.callback?;
        let message_c = CString::new(message.replace('\0', " ")).unwrap_or_default();
        let (ty, handle) =
            object.map_or((VkDebugReportObjectTypeEXT::default(), 0), |o| (debug_report_object_type(o.ty), o.handle));
        // SAFETY: the application's callback, called as VK_EXT_debug_report specifies.
        let ret = unsafe {
            callback(
                flag,
                ty,
                handle,
                0,
                hash as i32,
                c"Validation".as_ptr(),
                message_c.as_ptr(),
                self.user_data as *mut c_void,
            )
        };
        Some(ret == VK_TRUE)
    }
}

/// VkObjectType → VkDebugReportObjectTypeEXT: equal values for the core types (both follow the
/// handle order of Vulkan 1.0); types debug-report never knew map to UNKNOWN.
fn debug_report_object_type(ty: VkObjectType) -> VkDebugReportObjectTypeEXT {
    if (0..=25).contains(&ty.0) {
        VkDebugReportObjectTypeEXT(ty.0)
    } else {
        VkDebugReportObjectTypeEXT::default()
    }
}
