//! Core's hooks of descriptor sets: updates, push descriptors and update templates.

use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::checks::core::descriptors::{
    PUSH_DESCRIPTOR_SET, PUSH_DESCRIPTOR_SET_INFO, PUSH_WITH_TEMPLATE, PUSH_WITH_TEMPLATE_INFO,
};
use crate::checks::core::memory::Members;
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkUpdateDescriptorSets's rules.
    pub(super) fn validate_update_descriptor_sets(
        &self,
        cx: &Call<'_>,
        write_count: u32,
        writes: *const VkWriteDescriptorSet,
        copy_count: u32,
        copies: *const VkCopyDescriptorSet,
    ) -> bool {
        // SAFETY: the counted arrays, as the application passed them.
        let (writes, copies) = unsafe { (slice(writes, write_count), slice(copies, copy_count)) };
        self.update_descriptor_sets(cx, writes, copies)
    }

    /// vkCmdPushDescriptorSet's rules.
    pub(super) fn validate_cmd_push_descriptor_set(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        layout: VkPipelineLayout,
        set: u32,
        count: u32,
        writes: *const VkWriteDescriptorSet,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the counted writes, as the application passed them.
            let writes = unsafe { slice(writes, count) };
            let root = cx.location();
            let at = Members { at: &root, pointer: false };
            self.push_descriptor_set(cx, &PUSH_DESCRIPTOR_SET, layout, set, writes, &at)
        })
    }

    /// vkCmdPushDescriptorSet2's rules.
    pub(super) fn validate_cmd_push_descriptor_set2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkPushDescriptorSetInfo,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the application's info and its counted writes.
            let Some(info) = (unsafe { info.as_ref() }) else { return false };
            let writes = unsafe { slice(info.pDescriptorWrites, info.descriptorWriteCount) };
            let root = cx.location();
            let info_at = root.dot("pPushDescriptorSetInfo");
            let at = Members { at: &info_at, pointer: true };
            self.push_descriptor_set(cx, &PUSH_DESCRIPTOR_SET_INFO, info.layout, info.set, writes, &at)
        })
    }

    /// vkCmdPushDescriptorSetWithTemplate's rules.
    pub(super) fn validate_cmd_push_descriptor_set_with_template(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        template: VkDescriptorUpdateTemplate,
        layout: VkPipelineLayout,
        set: u32,
        data: *const core::ffi::c_void,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            let root = cx.location();
            let at = Members { at: &root, pointer: false };
            let pushed = self.push_with_template(cx, &PUSH_WITH_TEMPLATE, template, layout, set, &at);
            // SAFETY: the application's data, laid out as the template says.
            pushed || unsafe { self.template_data(cx, template, data.cast(), &root.dot("pData")) }
        })
    }

    /// vkUpdateDescriptorSetWithTemplate's rules.
    pub(super) fn validate_update_descriptor_set_with_template(
        &self,
        cx: &Call<'_>,
        template: VkDescriptorUpdateTemplate,
        data: *const core::ffi::c_void,
    ) -> bool {
        let root = cx.location();
        // SAFETY: the application's data, laid out as the template says.
        unsafe { self.template_data(cx, template, data.cast(), &root.dot("pData")) }
    }

    /// vkCmdPushDescriptorSetWithTemplate2's rules.
    pub(super) fn validate_cmd_push_descriptor_set_with_template2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkPushDescriptorSetWithTemplateInfo,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the application's info, when not NULL.
            let Some(info) = (unsafe { info.as_ref() }) else { return false };
            let root = cx.location();
            let info_at = root.dot("pPushDescriptorSetWithTemplateInfo");
            let at = Members { at: &info_at, pointer: true };
            let template = info.descriptorUpdateTemplate;
            let pushed = self.push_with_template(cx, &PUSH_WITH_TEMPLATE_INFO, template, info.layout, info.set, &at);
            // SAFETY: the application's data, laid out as the template says.
            pushed || unsafe { self.template_data(cx, template, info.pData.cast(), &info_at.arrow("pData")) }
        })
    }
}
