#version 300 es
// Value -> colour, one fragment per heatmap cell. kStopCount, kStops and kUndefinedColor are put in
// front of this file at run time from src/core/colormap.cpp, whose colormap_color() is this same
// formula in C++ (tests compare pixels against it): keep the two in step.
precision highp float;

// (rows, cols) texels: r = the value, g = 1 if it is finite, 0 if nan or inf. The flag is explicit
// because GLSL ES need not support NaN, so isnan() cannot be trusted on every GPU.
uniform highp sampler2D u_values;
uniform float u_low;   // value at the map's first stop
uniform float u_high;  // value at the last stop

out vec4 out_color;

vec3 colormap(float t) {
    float x = clamp(t, 0.0, 1.0) * float(kStopCount - 1);
    int i = min(int(floor(x)), kStopCount - 2);
    return mix(kStops[i], kStops[i + 1], x - float(i));
}

void main() {
    // The target has exactly one texel per cell and texel row r is matrix row r.
    vec2 cell = texelFetch(u_values, ivec2(gl_FragCoord.xy), 0).rg;
    vec3 color = cell.g > 0.5 ? colormap((cell.r - u_low) / (u_high - u_low)) : kUndefinedColor;
    out_color = vec4(color, 1.0);
}
