#version 450
// Draw-time image view checks in a fragment shader: a sampled 2D image, a 2D storage image used
// atomically, and a 2D depth image sampled with depth comparison (as images.comp).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, r32ui) uniform uimage2D counter;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow;
layout(location = 0) out vec4 out_color;
void main() {
    float depth = texture(shadow, vec3(0.5, 0.5, 0.5));
    imageAtomicAdd(counter, ivec2(0), 1u);
    out_color = texture(tex, vec2(0.5)) * depth;
}
