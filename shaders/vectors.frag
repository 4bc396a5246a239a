#version 300 es
// Flat colour for lines and arrows; their edges are smoothed by the target's multisampling.
precision highp float;

in vec4 v_color;
out vec4 out_color;

void main() {
    out_color = v_color;
}
