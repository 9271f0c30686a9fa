// Uses set 0 in main and set 2 in a function main calls; declares set 1 and never uses it, so a
// dispatch needs sets 0 and 2 bound and nothing at set 1 (static use is by the call tree).
#version 450

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) buffer Data {
    uint words[];
} data;

layout(std430, set = 1, binding = 0) readonly buffer Unused {
    uint words[];
} unused;

layout(std430, set = 2, binding = 0) readonly buffer Source {
    uint words[];
} source;

uint first_source_word() {
    return source.words[0];
}

void main() {
    data.words[0] = first_source_word();
}
