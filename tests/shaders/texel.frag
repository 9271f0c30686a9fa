#version 450
// Draw-time texel buffer checks in a fragment shader (as texel.comp).
layout(set = 0, binding = 0, r32ui) uniform uimageBuffer counters;
layout(set = 0, binding = 1) uniform samplerBuffer texels;
layout(location = 0) out vec4 out_color;
void main() {
    vec4 texel = texelFetch(texels, 0);
    imageAtomicAdd(counters, 0, uint(texel.r));
    out_color = texel;
}
