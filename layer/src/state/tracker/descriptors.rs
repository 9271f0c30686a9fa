//! The tracker's hooks of descriptor pools, sets and update templates: what core reads of a
//! set's contents at draw time.

use super::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::{Call, ValidationObject};
use vigil_generated::*;

impl StateTracker {
    /// vkCreateDescriptorPool, after the call.
    pub(super) fn after_create_descriptor_pool(
        &self,
        cx: &Call<'_>,
        info: *const VkDescriptorPoolCreateInfo,
        pool: *mut VkDescriptorPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            unsafe { self.descriptor_pool_created(info, pool.as_raw()) };
        }
    }

    /// vkUpdateDescriptorSets, after the call.
    pub(super) fn after_update_descriptor_sets(
        &self,
        write_count: u32,
        writes: *const VkWriteDescriptorSet,
        copy_count: u32,
        copies: *const VkCopyDescriptorSet,
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the counted arrays the application passed to the call.
        unsafe { self.descriptors_updated(slice(writes, write_count), slice(copies, copy_count)) };
    }

    /// vkFreeDescriptorSets, before the call.
    pub(super) fn before_free_descriptor_sets(
        &self,
        cx: &Call<'_>,
        pool: VkDescriptorPool,
        count: u32,
        sets: *const VkDescriptorSet,
    ) {
        if self.typed {
            // SAFETY: the counted sets the application passed.
            self.descriptor_sets_freed(pool, unsafe { slice(sets, count) });
        }
        self.pre_record_call(cx);
    }

    /// vkResetDescriptorPool, before the call.
    pub(super) fn before_reset_descriptor_pool(&self, cx: &Call<'_>, pool: VkDescriptorPool) {
        if self.typed {
            self.descriptor_pool_reset(pool);
        }
        self.pre_record_call(cx);
    }

    /// vkCreateDescriptorUpdateTemplate, after the call.
    pub(super) fn after_create_descriptor_update_template(
        &self,
        cx: &Call<'_>,
        info: *const VkDescriptorUpdateTemplateCreateInfo,
        template: *mut VkDescriptorUpdateTemplate,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the template written.
        if let (true, Some(info), Some(t)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { template.as_ref() }) {
            unsafe { self.update_template_created(info, t.as_raw()) };
        }
    }

    /// vkUpdateDescriptorSetWithTemplate, after the call.
    pub(super) fn after_update_descriptor_set_with_template(
        &self,
        set: VkDescriptorSet,
        template: VkDescriptorUpdateTemplate,
        data: *const core::ffi::c_void,
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the data the application passed, laid out as the template says.
        unsafe { self.updated_with_template(set, template, data as *const u8) };
    }
}
