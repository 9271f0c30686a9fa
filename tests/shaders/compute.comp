// Fills a storage buffer with a value no driver could produce by accident:
// out[i] = i * i + 7 for every i below the push-constant count.
#version 450

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) writeonly buffer Out {
    uint words[];
} result;

layout(push_constant) uniform Push {
    uint count;
} push;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < push.count) {
        result.words[i] = i * i + 7u;
    }
}
