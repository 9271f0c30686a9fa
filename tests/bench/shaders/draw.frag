// The color comes from a uniform buffer, so the bound descriptor set is statically used and
// both layers check it at every draw.
#version 450

layout(set = 0, binding = 0) uniform Color {
    vec4 color;
} u;

layout(location = 0) out vec4 frag_color;

void main() {
    frag_color = u.color;
}
