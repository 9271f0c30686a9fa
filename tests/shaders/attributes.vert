// Reads vertex attributes at locations 0 and 2 (and declares no input at location 1): the
// draw-parameter tests give it attributes at locations 0, 1 and 2 from bindings 0, 1 and 2.
#version 450

layout(location = 0) in vec4 position;
layout(location = 2) in vec4 tint;

layout(location = 0) flat out vec4 color;

void main() {
    gl_Position = position;
    color = tint;
}
