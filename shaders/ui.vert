#version 300 es
// Dear ImGui's draw lists: positions in window units, mapped to clip space by an orthographic
// projection of the display rectangle (y down, as ImGui draws).
precision highp float;
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;  // ImGui's packed RGBA8, normalised
uniform vec4 display;                // left, top, width, height
out vec2 frag_uv;
out vec4 frag_color;

void main() {
    frag_uv = uv;
    frag_color = color;
    vec2 unit = (position - display.xy) / display.zw;  // 0..1, y down
    gl_Position = vec4(unit.x * 2.0 - 1.0, 1.0 - unit.y * 2.0, 0.0, 1.0);
}
