//! The test-only driver shim (`tests/driver-shim`), built and made findable for tests that run
//! Vigil above it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::package::{target_dir, workspace_root};

/// The name the shim registers with the loader; enabled last, so it sits below Vigil.
pub const SHIM_LAYER: &str = "VK_LAYER_VIGIL_driver_shim";

/// A directory holding the shim's manifest, naming the shim library built by the first call in
/// a process (`cargo build -p vigil-driver-shim`), ready for `VK_ADD_LAYER_PATH`.
pub fn shim_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(&cargo)
            .current_dir(workspace_root())
            .args(["build", "--package", "vigil-driver-shim", "--lib"])
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cargo:?} build: {e}"));
        assert!(
            output.status.success(),
            "building the driver shim failed: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        let library = target_dir().join("debug/libvigil_driver_shim.so");
        assert!(library.is_file(), "no {}", library.display());
        let manifest = workspace_root().join("tests/driver-shim/VkLayer_vigil_driver_shim.json");
        let text = std::fs::read_to_string(&manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
        let text = text.replace("./libvigil_driver_shim.so", &library.display().to_string());
        assert!(text.contains(&*library.to_string_lossy()), "the shim's manifest names no ./libvigil_driver_shim.so");
        let dir = target_dir().join("vigil-test-shim");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        std::fs::write(dir.join("VkLayer_vigil_driver_shim.json"), text).expect("writing the shim's manifest");
        dir
    })
}

/// The codec structure of the H.264 decode profile the shim's `video-queue` driver supports:
/// baseline, progressive; chained by [`h264_decode_profile`].
pub fn h264_baseline() -> ash::vk::VideoDecodeH264ProfileInfoKHR<'static> {
    use ash::vk;
    vk::VideoDecodeH264ProfileInfoKHR::default()
        .std_profile_idc(vk::native::StdVideoH264ProfileIdc_STD_VIDEO_H264_PROFILE_IDC_BASELINE)
        .picture_layout(vk::VideoDecodeH264PictureLayoutFlagsKHR::PROGRESSIVE)
}

/// The shim's H.264 decode profile (4:2:0, 8-bit luma and chroma), `h264` (see
/// [`h264_baseline`]) chained.
pub fn h264_decode_profile<'a>(
    h264: &'a mut ash::vk::VideoDecodeH264ProfileInfoKHR<'_>,
) -> ash::vk::VideoProfileInfoKHR<'a> {
    use ash::vk;
    vk::VideoProfileInfoKHR::default()
        .video_codec_operation(vk::VideoCodecOperationFlagsKHR::DECODE_H264)
        .chroma_subsampling(vk::VideoChromaSubsamplingFlagsKHR::TYPE_420)
        .luma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
        .chroma_bit_depth(vk::VideoComponentBitDepthFlagsKHR::TYPE_8)
        .push_next(h264)
}
