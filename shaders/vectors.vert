#version 300 es
// Thick lines and arrows built in screen space, one instance each: both end points are projected,
// then the shape is laid out around them in pixels, so widths stay in pixels at any zoom or angle.
// Lines take 6 vertices (a quad), arrows 9 (a shaft quad and a triangular head).
precision highp float;

layout(location = 0) in vec3 a_from;    // line start / arrow tail, embedding space (per instance)
layout(location = 1) in vec3 a_to;      // line end / arrow head
layout(location = 2) in vec4 a_color;   // straight (not premultiplied) alpha
layout(location = 3) in float a_width;  // line or shaft thickness in pixels
layout(location = 4) in float a_corner; // per vertex: which corner of the shape, 0 .. 8

uniform mat4 u_view_projection;  // embedding -> clip, column-major
uniform vec2 u_viewport;         // target size in pixels
uniform bool u_arrows;

out vec4 v_color;

// Quad corners as (along: 0 at the start, 1 at the end; side: -1 or +1), two triangles.
const vec2 kQuad[6] = vec2[6](vec2(0.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0),
                              vec2(0.0, -1.0), vec2(1.0, 1.0), vec2(0.0, 1.0));

// In front of the near plane means z >= -w in clip space. A segment crossing it would project
// through infinity, so its hidden end is moved along the segment onto the plane.
vec4 clip_to_near(vec4 p, vec4 q) {
    float dp = p.z + p.w, dq = q.z + q.w;
    return dp >= 0.0 ? p : mix(p, q, dp / (dp - dq));
}

vec2 to_pixels(vec4 clip) {
    return (clip.xy / clip.w * 0.5 + 0.5) * u_viewport;  // origin bottom-left, y up
}

void main() {
    v_color = a_color;
    int corner = int(a_corner + 0.5);
    vec4 p = u_view_projection * vec4(a_from, 1.0);
    vec4 q = u_view_projection * vec4(a_to, 1.0);
    bool p_hidden = p.z + p.w < 0.0, q_hidden = q.z + q.w < 0.0;
    // Nothing to draw when the whole segment, or an arrow's head, is behind the camera: every
    // vertex at one point outside the view gives empty triangles.
    if ((p_hidden && q_hidden) || (u_arrows && q_hidden)) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec2 a = to_pixels(clip_to_near(p, q));
    vec2 b = to_pixels(clip_to_near(q, p));

    vec2 d = b - a;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 side = vec2(-dir.y, dir.x);
    float half_width = 0.5 * a_width;
    vec2 pos;
    if (!u_arrows) {
        // Square caps (half a width past each end), so lines meeting at a corner close it.
        vec2 c = kQuad[corner];
        pos = mix(a - dir * half_width, b + dir * half_width, c.x) + side * (c.y * half_width);
    } else {
        // Head size grows with the shaft; an arrow shorter than its head gets a head scaled to fit.
        float head_length = 4.0 * a_width + 6.0;
        float head_half_width = 0.5 * (3.5 * a_width + 4.0);
        float fit = min(1.0, len / head_length);
        head_length *= fit;
        head_half_width *= fit;
        vec2 base = b - dir * head_length;  // the shaft stops where the head starts
        if (corner < 6) {
            vec2 c = kQuad[corner];
            pos = mix(a, base, c.x) + side * (c.y * half_width);
        } else if (corner == 6) {
            pos = base - side * head_half_width;
        } else if (corner == 7) {
            pos = base + side * head_half_width;
        } else {
            pos = b;
        }
    }
    vec2 ndc = pos / u_viewport * 2.0 - 1.0;
    // y flipped: the texture's first row is then the image's top row, so the UI draws it with
    // uv (0,0)-(1,1). Draw order, not depth, decides what is on top.
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
