//! Video coding scopes, through the real loader: the generated `-videocoding` rules (a command
//! recorded inside a scope that must be outside one, or the reverse) and
//! `vkEndCommandBuffer-None-06991` (a scope left open). lavapipe has no video, so the test-only
//! driver shim below Vigil plays a driver with `VK_KHR_video_queue` (`video-queue`): its queue
//! family reports video decode, video sessions need no memory, and the video coding commands
//! record nothing. Each rule's sample: the invalid call (exact ids, skipped) beside a valid
//! neighbour (nothing reported).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

struct Fixture {
    ctx: Context,
    video: ash::khr::video_queue::Device,
    pool: vk::CommandPool,
    session: vk::VideoSessionKHR,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim("video-queue").entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .device_extensions(&[
                ash::khr::video_queue::NAME,
                ash::khr::video_decode_queue::NAME,
                ash::khr::video_decode_h264::NAME,
            ])
            // vkCmdPipelineBarrier2 (a command allowed inside and outside a scope) needs it.
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true))
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        ctx.messages.skip_errors(true);
        let video = ash::khr::video_queue::Device::new(&ctx.instance, &ctx.device);
        let d = &ctx.device;
        // SAFETY: valid create infos, objects of this device.
        unsafe {
            let pool = ctx.resettable_pool();
            let mut h264 = vk::VideoDecodeH264ProfileInfoKHR::default()
                .std_profile_idc(vk::native::StdVideoH264ProfileIdc_STD_VIDEO_H264_PROFILE_IDC_BASELINE)
                .picture_layout(vk::VideoDecodeH264PictureLayoutFlagsKHR::PROGRESSIVE);
            let profile = vk::VideoProfileInfoKHR::default()
                .video_codec_operation(vk::VideoCodecOperationFlagsKHR::DECODE_H264)
                .chroma_subsampling(vk::VideoChromaSubsamplingFlagsKHR::TYPE_420)
                .luma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
                .chroma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
                .push_next(&mut h264);
            let mut header = vk::ExtensionProperties { spec_version: 0x0010_0000, ..Default::default() };
            for (d, s) in header.extension_name.iter_mut().zip(c"VK_STD_vulkan_video_codec_h264_decode".to_bytes()) {
                *d = *s as std::ffi::c_char;
            }
            let info = vk::VideoSessionCreateInfoKHR::default()
                .queue_family_index(ctx.queue_family)
                .video_profile(&profile)
                .picture_format(vk::Format::G8_B8R8_2PLANE_420_UNORM)
                .max_coded_extent(vk::Extent2D { width: 64, height: 64 })
                .reference_picture_format(vk::Format::G8_B8R8_2PLANE_420_UNORM)
                .std_header_version(&header);
            let mut session = vk::VideoSessionKHR::null();
            let r = (video.fp().create_video_session_khr)(d.handle(), &info, std::ptr::null(), &mut session);
            assert_eq!(r, vk::Result::SUCCESS, "vkCreateVideoSessionKHR: {:?}", ctx.messages.problem_ids());
            let (buffer, memory) = ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
            Fixture { ctx, video, pool, session, buffer, memory }
        }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.problem_ids_of(call)
    }

    fn begin_coding(&self, cb: vk::CommandBuffer) -> Vec<String> {
        let info = vk::VideoBeginCodingInfoKHR::default().video_session(self.session);
        // SAFETY: a live session; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { (self.video.fp().cmd_begin_video_coding_khr)(cb, &info) })
    }

    fn end_coding(&self, cb: vk::CommandBuffer) -> Vec<String> {
        let info = vk::VideoEndCodingInfoKHR::default();
        // SAFETY: a valid end info; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { (self.video.fp().cmd_end_video_coding_khr)(cb, &info) })
    }

    fn control(&self, cb: vk::CommandBuffer) -> Vec<String> {
        let info = vk::VideoCodingControlInfoKHR::default().flags(vk::VideoCodingControlFlagsKHR::RESET);
        // SAFETY: a valid control info; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { (self.video.fp().cmd_control_video_coding_khr)(cb, &info) })
    }

    fn fill(&self, cb: vk::CommandBuffer) -> Vec<String> {
        // SAFETY: a live buffer with memory; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_fill_buffer(cb, self.buffer, 0, 256, 7) })
    }

    fn end(&self, cb: vk::CommandBuffer) -> Vec<String> {
        // SAFETY: a recording command buffer; invalid calls are skipped by Vigil.
        self.ids(|| unsafe {
            let _ = self.d().end_command_buffer(cb);
        })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: nothing was submitted.
        unsafe {
            let d = &self.ctx.device;
            d.destroy_command_pool(self.pool, None);
            (self.video.fp().destroy_video_session_khr)(d.handle(), self.session, std::ptr::null());
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
        }
    }
}

#[test]
fn video_coding_scopes() {
    let f = Fixture::new();
    // SAFETY: lavapipe's physical device.
    let families = unsafe { f.ctx.instance.get_physical_device_queue_family_properties(f.ctx.physical_device) };
    let flags = families[f.ctx.queue_family as usize].queue_flags;
    assert!(flags.contains(vk::QueueFlags::VIDEO_DECODE_KHR), "the shim gave no video decode: {flags:?}");
    let cb = f.ctx.recording_primary(f.pool);
    // Commands that must be inside a scope, outside one.
    assert_eq!(f.end_coding(cb), ["VUID-vkCmdEndVideoCodingKHR-videocoding"]);
    assert_eq!(f.control(cb), ["VUID-vkCmdControlVideoCodingKHR-videocoding"]);
    // A command that must be outside, outside.
    assert_eq!(f.fill(cb), NONE);
    assert_eq!(f.begin_coding(cb), NONE);
    // Inside: the scope's own commands are valid, the others are not.
    assert_eq!(f.control(cb), NONE);
    assert_eq!(f.fill(cb), ["VUID-vkCmdFillBuffer-videocoding"]);
    assert_eq!(f.begin_coding(cb), ["VUID-vkCmdBeginVideoCodingKHR-videocoding"]);
    // A command allowed both inside and outside (`videocoding="both"`).
    let dependency = vk::DependencyInfo::default();
    // SAFETY: an empty dependency.
    assert_eq!(f.ids(|| unsafe { f.d().cmd_pipeline_barrier2(cb, &dependency) }), NONE);
    // Ending the command buffer with the scope open, then after closing it.
    assert_eq!(f.end(cb), ["VUID-vkEndCommandBuffer-None-06991"]);
    assert_eq!(f.end_coding(cb), NONE);
    assert_eq!(f.fill(cb), NONE, "the scope ended");
    assert_eq!(f.end(cb), NONE);
}
