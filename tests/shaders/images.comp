#version 450
// Draw-time image view checks: a sampled 2D image, and a 2D storage image used atomically.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, r32ui) uniform uimage2D counter;
void main() {
    imageAtomicAdd(counter, ivec2(0), uint(textureLod(tex, vec2(0.5), 0.0).r));
}
