// A small triangle at a per-draw offset (push constant), so every draw covers a few pixels and
// the driver's per-draw work stays small next to the recording being measured.
#version 450

layout(push_constant) uniform Push {
    vec2 offset;
} push;

const vec2 CORNERS[3] = vec2[](vec2(0.0, 0.0), vec2(0.125, 0.0), vec2(0.0, 0.125));

void main() {
    gl_Position = vec4(CORNERS[gl_VertexIndex] + push.offset, 0.0, 1.0);
}
