// The one include of OpenGL ES 3.0 (WebGL2 under Emscripten). Render files include this, and no
// other part of the app includes GL.
#pragma once
#include <GLES3/gl3.h>

namespace attn {

// A new 2-D texture, left bound: no mipmaps (so it is complete without them), clamped at its edges,
// sampled with `filter` (GL_NEAREST for cells that stay crisp, GL_LINEAR for images shown scaled).
inline GLuint new_texture_2d(GLint filter) {
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return texture;
}

}  // namespace attn
