#version 450
// Draw-time descriptor checks: a storage buffer, and an array of two uniform buffers.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { uint values[]; } out_buf;
layout(set = 0, binding = 1) uniform In { uint value; } in_bufs[2];
void main() {
    out_buf.values[0] = in_bufs[0].value + in_bufs[1].value;
}
