// Dear ImGui's draw lists on the GPU: the font atlas as a texture, and each frame's ImDrawData
// drawn over the window as triangles, clipped by each command's rectangle. It does what Dear
// ImGui's OpenGL3 example backend does for GLSL ES 3.00, as part of the one renderer that owns GL.
#pragma once
#include <string>

#include "render/gl.h"

struct ImDrawData;

namespace attn {

class UiRenderer {
public:
    bool init(std::string* error);  // compiles ui.vert / ui.frag and makes the buffers
    void shutdown();
    // Uploads the font atlas (width x height, one coverage byte per texel, top row first) into one
    // texture that keeps its name across uploads; returns it (0 if init failed).
    GLuint upload_font_atlas(const unsigned char* coverage, int width, int height);
    // Draws the frame's lists into the bound framebuffer, width_px x height_px pixels.
    void draw(const ImDrawData& data, int width_px, int height_px);

private:
    GLuint program_ = 0;  // 0 when it failed to build: nothing is drawn
    GLint display_ = -1, image_ = -1;
    GLuint vertex_array_ = 0, vertices_ = 0, indices_ = 0;
    GLuint font_ = 0;
};

}  // namespace attn
