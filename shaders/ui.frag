#version 300 es
// Dear ImGui's draw lists: vertex colour times the command's texture (the font atlas, a heatmap,
// the plot). The atlas is white with coverage in alpha, so text takes the vertex colour.
precision mediump float;
uniform sampler2D image;
in vec2 frag_uv;
in vec4 frag_color;
layout(location = 0) out vec4 out_color;

void main() {
    out_color = frag_color * texture(image, frag_uv);
}
