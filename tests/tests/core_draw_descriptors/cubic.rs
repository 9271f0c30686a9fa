//! Samplers with cubic filters and corner-sampled images at draw and dispatch time, on the
//! driver shim's `filter-cubic` and `corner-sampled-image` switches.

use super::*;

const CUBIC_SPV: &[u8] = include_bytes!("../../shaders/cubic.comp.spv");
const CUBIC_FRAGMENT_SPV: &[u8] = include_bytes!("../../shaders/cubic.frag.spv");

/// The samplers of [`check_cubic`]'s cases, by index: nearest, cubic, and (with
/// VK_EXT_filter_cubic only) cubic with a min reduction.
const NEAREST: usize = 0;
const CUBIC: usize = 1;
const CUBIC_MIN: usize = 2;
/// Its views, by index: 2D views of R8G8B8A8_UNORM, B8G8R8A8_UNORM and R32_SFLOAT, a 3D and a
/// cube view of R8G8B8A8_UNORM.
const RGBA: usize = 0;
const BGRA: usize = 1;
const FLOAT: usize = 2;
const VOLUME: usize = 3;
const CUBE: usize = 4;

/// A case of [`check_cubic`]: the (sampler, view) pairs of bindings 0 (2D), 1 (3D) and 2 (cube),
/// by index, and the rules reported.
type CubicCase<'a> = ([(usize, usize); 3], &'a [&'a str]);

/// On a device with `extension` enabled, checks every dispatch with cubic.comp and every draw
/// with cubic.frag on each case: exactly its rules reported.
fn check_cubic(extension: &std::ffi::CStr, cases: &[CubicCase<'_>]) {
    use vk::{Filter as Fl, SamplerMipmapMode as M, SamplerReductionMode as R};
    let f = Fixture::with(|b| b.device_extensions(&[extension]));
    let d = f.d();
    // What the cases rely on, as the shim reports it: R8G8B8A8_UNORM is filtered cubically, not
    // by minmax; B8G8R8A8_UNORM linearly, not cubically; R32_SFLOAT cubically and by minmax.
    use vk::FormatFeatureFlags2 as F;
    let (cubic, linear, minmax) =
        (F::SAMPLED_IMAGE_FILTER_CUBIC_EXT, F::SAMPLED_IMAGE_FILTER_LINEAR, F::SAMPLED_IMAGE_FILTER_MINMAX);
    let rgba = f.features(vk::Format::R8G8B8A8_UNORM);
    assert!(rgba.contains(cubic) && !rgba.contains(minmax), "{rgba:?}");
    let bgra = f.features(vk::Format::B8G8R8A8_UNORM);
    assert!(bgra.contains(linear) && !bgra.contains(cubic), "{bgra:?}");
    assert!(f.features(vk::Format::R32_SFLOAT).contains(cubic | minmax));
    let mut samplers = vec![filtering(&f, Fl::NEAREST, M::NEAREST), filtering(&f, Fl::CUBIC_EXT, M::NEAREST)];
    if extension == c"VK_EXT_filter_cubic" {
        // Without it, a cubic filter must not reduce by min or max.
        samplers.push(sampler(&f, (Fl::CUBIC_EXT, M::NEAREST), R::MIN, false));
    }
    let rgba = vk::Format::R8G8B8A8_UNORM;
    // A 4×4(×4) R8G8B8A8_UNORM image of `ty`, `layers` and `flags`, bound, with a view of it all.
    let view_of = |ty, layers, flags, view_type| {
        let depth = if ty == vk::ImageType::TYPE_3D { 4 } else { 1 };
        let info = image_info(rgba, vk::ImageUsageFlags::SAMPLED)
            .flags(flags)
            .image_type(ty)
            .extent(vk::Extent3D { width: 4, height: 4, depth })
            .array_layers(layers);
        let image = f.bound_image(&info);
        let mut view = vigil_tests::context::color_view_info(image).format(rgba).view_type(view_type);
        view.subresource_range.layer_count = layers;
        // SAFETY: a valid create info of a live image.
        unsafe { d.create_image_view(&view, None) }.expect("vkCreateImageView")
    };
    let views = [
        sampled_view(&f, rgba, 1),
        sampled_view(&f, vk::Format::B8G8R8A8_UNORM, 1),
        sampled_view(&f, vk::Format::R32_SFLOAT, 1),
        view_of(vk::ImageType::TYPE_3D, 1, vk::ImageCreateFlags::empty(), vk::ImageViewType::TYPE_3D),
        view_of(vk::ImageType::TYPE_2D, 6, vk::ImageCreateFlags::CUBE_COMPATIBLE, vk::ImageViewType::CUBE),
    ];
    let cis = T::COMBINED_IMAGE_SAMPLER;
    let set_layout = layout_with_immutable(&f, &[cis, cis, cis, T::STORAGE_BUFFER], None);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(CUBIC_SPV, layout), graphics_pipeline(&f, layout, CUBIC_FRAGMENT_SPV), layout);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);
    let sets: Vec<_> = cases
        .iter()
        .map(|&(pairs, rules)| {
            let set = combined_set(&f, set_layout, pairs.map(|(s, v)| (samplers[s], views[v])));
            f.write_buffers(set, 3, 0, T::STORAGE_BUFFER, &[storage]);
            (set, rules)
        })
        .collect();
    check_cases(&f, pipelines, &sets);
}

/// A sampler with `VK_FILTER_CUBIC_EXT` needs a view format with
/// `SAMPLED_IMAGE_FILTER_CUBIC_BIT_EXT` (`-None-02692`), and with VK_EXT_filter_cubic the view
/// type and format's `filterCubic` (`-filterCubic-02694`). The driver shim (`filter-cubic`) offers
/// the extension, filters every format lavapipe filters linearly cubically too but
/// B8G8R8A8_UNORM, and answers `filterCubic` for all but cube views (so 3D views are filtered
/// cubically with the extension). Lavapipe accepts the cubic samplers; nothing is submitted.
#[test]
fn samplers_filtering_cubically_with_vk_ext_filter_cubic() {
    check_cubic(
        c"VK_EXT_filter_cubic",
        &[
            ([(CUBIC, RGBA), (CUBIC, VOLUME), (NEAREST, CUBE)], &[]),
            ([(CUBIC, BGRA), (NEAREST, VOLUME), (NEAREST, CUBE)], &["None-02692", "filterCubic-02694"]),
            ([(NEAREST, RGBA), (NEAREST, VOLUME), (CUBIC, CUBE)], &["filterCubic-02694"]),
        ],
    );
}

/// With VK_EXT_filter_cubic, a cubic sampler reducing by min or max needs the view type and
/// format's `filterCubicMinmax` (`-filterCubicMinmax-02695`), which the driver shim answers where
/// lavapipe filters the format by min or max: R32_SFLOAT, not R8G8B8A8_UNORM.
#[test]
fn cubic_samplers_reducing_by_min_or_max() {
    check_cubic(
        c"VK_EXT_filter_cubic",
        &[
            ([(CUBIC_MIN, FLOAT), (NEAREST, VOLUME), (NEAREST, CUBE)], &[]),
            ([(CUBIC_MIN, RGBA), (NEAREST, VOLUME), (NEAREST, CUBE)], &["filterCubicMinmax-02695"]),
        ],
    );
}

/// Without VK_EXT_filter_cubic (VK_IMG_filter_cubic only, which the driver shim offers too), a
/// sampler with `VK_FILTER_CUBIC_EXT` samples no 3D or cube view (`-None-02693`); the format
/// rule holds the same (`-None-02692`).
#[test]
fn samplers_filtering_cubically_with_vk_img_filter_cubic() {
    let n = (NEAREST, RGBA);
    check_cubic(
        c"VK_IMG_filter_cubic",
        &[
            ([(CUBIC, RGBA), (NEAREST, VOLUME), (NEAREST, CUBE)], &[]),
            ([n, (CUBIC, VOLUME), (NEAREST, CUBE)], &["None-02693"]),
            ([n, (NEAREST, VOLUME), (CUBIC, CUBE)], &["None-02693"]),
            ([(CUBIC, BGRA), (NEAREST, VOLUME), (NEAREST, CUBE)], &["None-02692"]),
        ],
    );
}

/// An image created with `VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV` is sampled with
/// `VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE` only (`-flags-02696`); other images with any address
/// mode. The driver shim (`corner-sampled-image`) offers VK_NV_corner_sampled_image, and takes the
/// flag out of the create info before lavapipe makes the image.
#[test]
fn corner_sampled_images_sampled_without_clamping_to_the_edge() {
    let f = Fixture::with(|b| b.device_extensions(&[c"VK_NV_corner_sampled_image"]));
    let d = f.d();
    use vk::{Filter as Fl, SamplerMipmapMode as M};
    let clamped = filtering(&f, Fl::NEAREST, M::NEAREST);
    // SAFETY: a valid create info: nearest filters, repeated addressing.
    let repeated = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), None) }.expect("vkCreateSampler");
    let format = vk::Format::R8G8B8A8_UNORM;
    // 2D, more than one texel each way, not cube compatible.
    let info = image_info(format, vk::ImageUsageFlags::SAMPLED).flags(vk::ImageCreateFlags::CORNER_SAMPLED_NV);
    let mut image = vk::Image::null();
    let ids = f.ctx.messages.problem_ids_of(|| image = f.bound_image(&info));
    let view = vigil_tests::context::color_view_info(image).format(format);
    // SAFETY: a valid create info of a live image.
    let corner = unsafe { d.create_image_view(&view, None) }.expect("vkCreateImageView");
    assert_eq!(ids, NONE, "creating the corner-sampled image");
    let uint = sampled_view(&f, vk::Format::R32_UINT, 1);
    let unorm = sampled_view(&f, format, 1);
    let texels = f.texel_view(f.buffer(vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER), vk::Format::R32_UINT);
    let storage = f.buffer(vk::BufferUsageFlags::STORAGE_BUFFER);
    let set_layout = samplers_layout(&f, None);
    let layout = f.pipeline_layout(set_layout);
    let pipelines = (f.compute(SAMPLERS_SPV, layout), graphics_pipeline(&f, layout, SAMPLERS_FRAGMENT_SPV), layout);
    // Binding 1 samples the image.
    let set_of = |pair| samplers_set(&f, set_layout, [(clamped, uint), pair, (clamped, unorm)], texels, storage);
    let cases: [(_, &[&str]); 3] = [
        (set_of((clamped, corner)), &[]),
        (set_of((repeated, corner)), &["flags-02696"]),
        (set_of((repeated, unorm)), &[]),
    ];
    check_cases(&f, pipelines, &cases);
}
