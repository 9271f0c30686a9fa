#version 450
// Draw-time cubic filtering checks: a 2D, a 3D and a cube image, each sampled at an explicit LOD.
layout(set = 0, binding = 0) uniform sampler2D flat_image;
layout(set = 0, binding = 1) uniform sampler3D volume;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(location = 0) out vec4 out_color;
void main() {
    out_color = textureLod(flat_image, vec2(0.5), 0.0) + textureLod(volume, vec3(0.5), 0.0)
        + textureLod(cube, vec3(0.0, 0.0, 1.0), 0.0);
}
