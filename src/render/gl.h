// The one include of OpenGL ES 3.0 (WebGL2 under Emscripten). Render files include this, and no
// other part of the app includes GL.
#pragma once
#include <GLES3/gl3.h>
