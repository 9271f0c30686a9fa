// Writes a storage buffer from the fragment stage: needs fragmentStoresAndAtomics.
#version 450

layout(location = 0) out vec4 frag_color;
layout(set = 0, binding = 0) buffer Counter { uint count; };

void main() {
    atomicAdd(count, 1);
    frag_color = vec4(1.0);
}
