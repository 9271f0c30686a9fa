// Does nothing and uses no resources: a compute pipeline to dispatch with nothing else bound.
#version 450

layout(local_size_x = 1) in;

void main() {
}
