//! Core's hooks of shader modules as created.

use crate::chassis::Call;
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkCreateShaderModule's rules.
    pub(super) fn validate_create_shader_module(&self, cx: &Call<'_>, info: *const VkShaderModuleCreateInfo) -> bool {
        let root = cx.location();
        // SAFETY: the create info the application passed (stateless checked it).
        unsafe { info.as_ref() }
            .is_some_and(|info| unsafe { self.shader_module_code(cx, info, &root.dot("pCreateInfo")) })
    }
}
