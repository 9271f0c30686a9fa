// A compute shader using 4096 bytes of shared (Workgroup) memory: lavapipe allows 32768.
#version 450
layout(local_size_x = 64) in;

shared float data[1024];

void main() {
    data[gl_LocalInvocationIndex] = 1.0;
    barrier();
}
