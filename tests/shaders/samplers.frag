#version 450
// The fragment twin of samplers.comp: the same uses, written to the color attachment.
layout(set = 0, binding = 0) uniform usampler2D counts;
layout(set = 0, binding = 1) uniform sampler2D projected;
layout(set = 0, binding = 2) uniform sampler2D offset;
layout(set = 0, binding = 3) uniform usamplerBuffer texels;
layout(location = 0) out vec4 color;
void main() {
    float f = textureProjLod(projected, vec3(0.5, 0.5, 1.0), 0.0).r
        + textureLodOffset(offset, vec2(0.5), 0.0, ivec2(1, 0)).r;
    color = vec4(float(textureLod(counts, vec2(0.5), 0.0).r + texelFetch(texels, 0).r + uint(f)));
}
