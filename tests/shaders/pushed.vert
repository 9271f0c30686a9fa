// triangle.vert's triangles, offset by a push constant and scaled by a uniform from set 0:
// a graphics stage that uses push constants and a descriptor, for the pipeline layout rules.
#version 450

layout(push_constant) uniform Push { vec2 offset; } push;
layout(set = 0, binding = 0) uniform Scale { float scale; } scale;
layout(location = 0) flat out vec4 color;

const vec2 POSITIONS[3] = vec2[](vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(-1.0, 0.0));

void main() {
    gl_Position = vec4(POSITIONS[gl_VertexIndex] * scale.scale + push.offset, 0.0, 1.0);
    color = vec4(1.0, 0.0, 0.0, 1.0);
}
