// Writes a storage buffer from the vertex stage: needs vertexPipelineStoresAndAtomics. Its
// output matches triangle.frag's input.
#version 450

layout(location = 0) flat out vec4 color;
layout(set = 0, binding = 0) buffer Counter { uint count; };

void main() {
    atomicAdd(count, 1);
    color = vec4(1.0);
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
