#version 450
// The fragment twin of texel-unknown.comp: the same uses, the texel read also written to the
// color attachment.
#extension GL_EXT_shader_image_load_formatted : require
layout(set = 0, binding = 0) writeonly uniform imageBuffer dst;
layout(set = 0, binding = 1) readonly uniform imageBuffer src;
layout(location = 0) out vec4 out_color;
void main() {
    vec4 texel = imageLoad(src, 0);
    imageStore(dst, 0, texel);
    out_color = texel;
}
