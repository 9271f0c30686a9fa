// The patch's triangle itself, with its first control point's flat color for triangle.frag.
#version 450

layout(triangles, equal_spacing, ccw) in;

layout(location = 0) flat in vec4 color_in[];
layout(location = 0) flat out vec4 color;

void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position
        + gl_TessCoord.z * gl_in[2].gl_Position;
    color = color_in[0];
}
