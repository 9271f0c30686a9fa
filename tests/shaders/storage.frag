#version 450
// Draw-time storage image checks in a fragment shader (as storage.comp).
#extension GL_EXT_shader_image_load_formatted : require
layout(set = 0, binding = 0) writeonly uniform image2D dst;
layout(set = 0, binding = 1) readonly uniform image2D src;
layout(location = 0) out vec4 out_color;
void main() {
    vec4 texel = imageLoad(src, ivec2(0));
    imageStore(dst, ivec2(0), texel);
    out_color = texel;
}
