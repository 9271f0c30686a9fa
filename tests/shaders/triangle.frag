// Writes the flat per-triangle color unchanged, so every covered pixel has an exact value.
#version 450

layout(location = 0) flat in vec4 color;
layout(location = 0) out vec4 frag_color;

void main() {
    frag_color = color;
}
