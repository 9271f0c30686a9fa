#version 450
// Draw-time cubic filtering checks: a 2D, a 3D and a cube image, each sampled at an explicit LOD.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D flat_image;
layout(set = 0, binding = 1) uniform sampler3D volume;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) buffer Out { vec4 values[]; } out_buf;
void main() {
    out_buf.values[0] = textureLod(flat_image, vec2(0.5), 0.0) + textureLod(volume, vec3(0.5), 0.0)
        + textureLod(cube, vec3(0.0, 0.0, 1.0), 0.0);
}
