#version 300 es
// One triangle covering the whole target, so each fragment is one heatmap cell. gl_VertexID picks
// the corners (-1,-1) (3,-1) (-1,3): no vertex buffer needed.
precision highp float;

void main() {
    vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;
    gl_Position = vec4(corner, 0.0, 1.0);
}
