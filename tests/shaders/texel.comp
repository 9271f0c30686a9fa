#version 450
// Draw-time texel buffer checks: a storage texel buffer used atomically, a uniform texel buffer.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32ui) uniform uimageBuffer counters;
layout(set = 0, binding = 1) uniform samplerBuffer texels;
void main() {
    imageAtomicAdd(counters, 0, uint(texelFetch(texels, 0).r));
}
