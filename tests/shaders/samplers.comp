#version 450
// Draw-time sampler checks: an unsigned integer 2D image sampled at an explicit LOD, a 2D image
// sampled with a projection, one sampled with an offset, and an unsigned integer texel buffer.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform usampler2D counts;
layout(set = 0, binding = 1) uniform sampler2D projected;
layout(set = 0, binding = 2) uniform sampler2D offset;
layout(set = 0, binding = 3) uniform usamplerBuffer texels;
layout(set = 0, binding = 4) buffer Out { uint v; } o;
void main() {
    float f = textureProjLod(projected, vec3(0.5, 0.5, 1.0), 0.0).r
        + textureLodOffset(offset, vec2(0.5), 0.0, ivec2(1, 0)).r;
    o.v = textureLod(counts, vec2(0.5), 0.0).r + texelFetch(texels, 0).r + uint(f);
}
