#version 450
// The fragment twin of separate.comp: the same uses, written to the color attachment.
layout(set = 0, binding = 0) uniform utexture2D counts;
layout(set = 0, binding = 1) uniform sampler nearest_or_not;
layout(set = 0, binding = 2) uniform texture2D colors;
layout(location = 0) out vec4 color;
void main() {
    uint c = textureLod(usampler2D(counts, nearest_or_not), vec2(0.5), 0.0).r;
    color = vec4(float(c) + textureLod(sampler2D(colors, nearest_or_not), vec2(0.5), 0.0).r);
}
