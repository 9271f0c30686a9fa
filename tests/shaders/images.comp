#version 450
// Draw-time image view checks: a sampled 2D image, a 2D storage image used atomically, and a
// 2D depth image sampled with depth comparison.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, r32ui) uniform uimage2D counter;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow;
void main() {
    float depth = textureLod(shadow, vec3(0.5, 0.5, 0.5), 0.0);
    imageAtomicAdd(counter, ivec2(0), uint(textureLod(tex, vec2(0.5), 0.0).r + depth));
}
