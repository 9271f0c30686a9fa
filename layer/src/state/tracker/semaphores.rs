//! The tracker's hooks of semaphores: imported payloads, signaled and observed timeline values.

use super::StateTracker;
use crate::state::objects::TYPES;
use crate::state::submissions;
use vigil_generated::*;

impl StateTracker {
    /// vkImportSemaphoreFdKHR, after the call.
    pub(super) fn after_import_semaphore_fd_khr(&self, info: *const VkImportSemaphoreFdInfoKHR, result: VkResult) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    /// vkImportSemaphoreWin32HandleKHR, after the call.
    pub(super) fn after_import_semaphore_win32_handle_khr(
        &self,
        info: *const VkImportSemaphoreWin32HandleInfoKHR,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    /// vkImportSemaphoreZirconHandleFUCHSIA, after the call.
    pub(super) fn after_import_semaphore_zircon_handle_fuchsia(
        &self,
        info: *const VkImportSemaphoreZirconHandleInfoFUCHSIA,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    /// vkGetSemaphoreCounterValue, after the call.
    pub(super) fn after_get_semaphore_counter_value(&self, semaphore: VkSemaphore, value: *mut u64, result: VkResult) {
        if result != VkResult::VK_SUCCESS || value.is_null() {
            return;
        }
        if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()) {
            // SAFETY: the call succeeded and wrote the value.
            submissions::timeline_observed(&s, unsafe { value.read() });
        }
    }

    /// vkSignalSemaphore, after the call.
    pub(super) fn after_signal_semaphore(&self, info: *const VkSemaphoreSignalInfo, result: VkResult) {
        // SAFETY: the call succeeded with this signal info.
        if let (VkResult::VK_SUCCESS, Some(info)) = (result, unsafe { info.as_ref() }) {
            self.timeline_reached(info.semaphore, info.value);
        }
    }
}
