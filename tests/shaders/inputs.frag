#version 450
// Reads input attachment 0 (with dynamic rendering local read: color attachment 0 under the
// identity mapping) through the descriptor at set 0, binding 0.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput attachment;
layout(location = 0) out vec4 color;

void main() {
    color = subpassLoad(attachment);
}
