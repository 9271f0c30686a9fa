//! The validation object that keeps the reporter current: the application's messengers,
//! debug-report callbacks and object names. Always on: it validates nothing.

#![allow(non_snake_case)]

use std::ffi::CStr;
use std::sync::Arc;

use vigil_generated::*;

use crate::chassis::{hooks, Call, ValidationObject};
use crate::report::{DebugReportCallback, Messenger, Reporter};

/// An object name as the application passed it (empty when null: the name is removed).
///
/// # Safety
/// `p` is null or a valid C string.
unsafe fn name(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

/// Tracks what the reporter needs from the application's debug calls.
pub struct DebugObjects(pub Arc<Reporter>);

#[hooks]
impl ValidationObject for DebugObjects {
    fn post_call_record_create_debug_utils_messenger_ext(
        &self,
        _cx: &Call<'_>,
        _instance: VkInstance,
        pCreateInfo: *const VkDebugUtilsMessengerCreateInfoEXT,
        _pAllocator: *const VkAllocationCallbacks,
        pMessenger: *mut VkDebugUtilsMessengerEXT,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS && !pCreateInfo.is_null() && !pMessenger.is_null() {
            // SAFETY: the call succeeded, so both pointers were valid.
            let (info, handle) = unsafe { (&*pCreateInfo, *pMessenger) };
            self.0.add_messenger(Messenger::from_create_info(handle.0, info));
        }
    }

    fn pre_call_record_destroy_debug_utils_messenger_ext(
        &self,
        _cx: &Call<'_>,
        _instance: VkInstance,
        messenger: VkDebugUtilsMessengerEXT,
        _pAllocator: *const VkAllocationCallbacks,
    ) {
        self.0.remove_messenger(messenger.0);
    }

    fn post_call_record_create_debug_report_callback_ext(
        &self,
        _cx: &Call<'_>,
        _instance: VkInstance,
        pCreateInfo: *const VkDebugReportCallbackCreateInfoEXT,
        _pAllocator: *const VkAllocationCallbacks,
        pCallback: *mut VkDebugReportCallbackEXT,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS && !pCreateInfo.is_null() && !pCallback.is_null() {
            // SAFETY: the call succeeded, so both pointers were valid.
            let (info, handle) = unsafe { (&*pCreateInfo, *pCallback) };
            self.0.add_report_callback(DebugReportCallback::from_create_info(handle.0, info));
        }
    }

    fn pre_call_record_destroy_debug_report_callback_ext(
        &self,
        _cx: &Call<'_>,
        _instance: VkInstance,
        callback: VkDebugReportCallbackEXT,
        _pAllocator: *const VkAllocationCallbacks,
    ) {
        self.0.remove_report_callback(callback.0);
    }

    fn post_call_record_set_debug_utils_object_name_ext(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pNameInfo: *const VkDebugUtilsObjectNameInfoEXT,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS && !pNameInfo.is_null() {
            // SAFETY: the call succeeded, so the info and its name were valid.
            let info = unsafe { &*pNameInfo };
            self.0.set_object_name(info.objectHandle, &unsafe { name(info.pObjectName) });
        }
    }

    fn post_call_record_debug_marker_set_object_name_ext(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pNameInfo: *const VkDebugMarkerObjectNameInfoEXT,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS && !pNameInfo.is_null() {
            // SAFETY: the call succeeded, so the info and its name were valid.
            let info = unsafe { &*pNameInfo };
            self.0.set_object_name(info.object, &unsafe { name(info.pObjectName) });
        }
    }
}
