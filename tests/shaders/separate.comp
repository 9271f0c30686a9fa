#version 450
// Draw-time sampler checks with a separate sampler: one sampler samples an unsigned integer 2D
// image and a floating-point one, at an explicit LOD.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform utexture2D counts;
layout(set = 0, binding = 1) uniform sampler nearest_or_not;
layout(set = 0, binding = 2) uniform texture2D colors;
layout(set = 0, binding = 3) buffer Out { uint v; } o;
void main() {
    uint c = textureLod(usampler2D(counts, nearest_or_not), vec2(0.5), 0.0).r;
    o.v = c + uint(textureLod(sampler2D(colors, nearest_or_not), vec2(0.5), 0.0).r);
}
