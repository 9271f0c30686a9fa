//! `vkCmdDispatch`: each group count within the device's `maxComputeWorkGroupCount`.

use vigil_generated::*;

use crate::chassis::{hooks, Call, ValidationObject};
use crate::checks::DeviceSetup;

/// Checks the group counts of `vkCmdDispatch` against the device's limits.
pub struct DispatchLimits;

/// Runs with the other stateless checks.
pub fn for_device(setup: &DeviceSetup<'_>) -> Option<DispatchLimits> {
    setup.settings.stateless.then_some(DispatchLimits)
}

const COUNTS: [(&str, &str); 3] = [
    ("groupCountX", "VUID-vkCmdDispatch-groupCountX-00386"),
    ("groupCountY", "VUID-vkCmdDispatch-groupCountY-00387"),
    ("groupCountZ", "VUID-vkCmdDispatch-groupCountZ-00388"),
];

#[hooks]
impl ValidationObject for DispatchLimits {
    fn pre_call_validate_cmd_dispatch(&self, cx: &Call<'_>, _cb: VkCommandBuffer, x: u32, y: u32, z: u32) -> bool {
        let Some(device) = cx.device() else { return false };
        let max = device.limits.maxComputeWorkGroupCount;
        let mut skip = false;
        for (i, (count, (name, vuid))) in [x, y, z].into_iter().zip(COUNTS).enumerate() {
            if count > max[i] {
                let at = cx.location();
                let why = format_args!("is {count}, more than maxComputeWorkGroupCount[{i}] ({}).", max[i]);
                skip |= cx.error(vuid, &at.dot(name), why);
            }
        }
        skip
    }
}
