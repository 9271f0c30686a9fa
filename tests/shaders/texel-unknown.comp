#version 450
// Draw-time storage texel buffer checks: texel buffers of unknown format, one written and one
// read.
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) writeonly uniform imageBuffer dst;
layout(set = 0, binding = 1) readonly uniform imageBuffer src;
void main() {
    imageStore(dst, 0, imageLoad(src, 0));
}
