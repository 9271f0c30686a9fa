// Passes each patch of three control points through with tessellation levels of 1, and the
// flat color of triangle.vert on: one triangle out per triangle in.
#version 450

layout(vertices = 3) out;

layout(location = 0) flat in vec4 color_in[];
layout(location = 0) flat out vec4 color_out[];

void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    color_out[gl_InvocationID] = color_in[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelInner[0] = 1.0;
        gl_TessLevelOuter[0] = 1.0;
        gl_TessLevelOuter[1] = 1.0;
        gl_TessLevelOuter[2] = 1.0;
    }
}
