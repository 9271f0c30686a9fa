#version 450
// Draw-time storage image checks: images of unknown format, one written and one read.
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) writeonly uniform image2D dst;
layout(set = 0, binding = 1) readonly uniform image2D src;
void main() {
    imageStore(dst, ivec2(0), imageLoad(src, ivec2(0)));
}
