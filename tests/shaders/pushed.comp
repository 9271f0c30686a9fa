// A compute stage with a 16-byte push constant block and no descriptors: the block-inside-range
// rule of the pipeline layout.
#version 450
layout(local_size_x = 1) in;

layout(push_constant) uniform Push { vec4 value; } push;

void main() {
    if (push.value.x > 1.0e30) {
        return;
    }
}
