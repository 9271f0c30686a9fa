#version 450
// Draw-time descriptor checks: a fragment shader reading a uniform buffer.
layout(set = 0, binding = 0) uniform Color { vec4 color; } u;
layout(location = 0) out vec4 out_color;
void main() {
    out_color = u.color;
}
