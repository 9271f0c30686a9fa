// Two triangles with no vertex buffer: a red one in the top-left corner and a green one in the
// bottom-right corner of the viewport (Vulkan NDC: y = -1 is the top edge).
#version 450

layout(location = 0) flat out vec4 color;

const vec2 POSITIONS[6] = vec2[](
    vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(-1.0, 0.0),
    vec2(1.0, 1.0), vec2(0.0, 1.0), vec2(1.0, 0.0)
);

const vec4 COLORS[2] = vec4[](
    vec4(1.0, 0.0, 0.0, 1.0),
    vec4(0.0, 1.0, 0.0, 1.0)
);

void main() {
    gl_Position = vec4(POSITIONS[gl_VertexIndex], 0.0, 1.0);
    color = COLORS[gl_VertexIndex / 3];
}
