// Increments every word of a storage buffer: the dispatch reads and writes the buffer that the
// following copy reads, so the barriers around the copy are the ones a real program needs.
#version 450

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) buffer Data {
    uint words[];
} data;

void main() {
    data.words[gl_GlobalInvocationID.x] += 1u;
}
