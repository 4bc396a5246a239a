// Compiling and linking one GLSL ES 3.00 program from the embedded shader text. A failure returns
// 0 and an error naming the file, with the driver's info log (which carries the line number).
#pragma once
#include <string>

#include "render/gl.h"

namespace attn {

struct ShaderSource {
    const char* name;  // file name for messages: "heatmap.frag"
    const char* text;  // the file text, starting with "#version 300 es"
};

// Builds a program. `frag_prelude` is GLSL put right after the fragment shader's #version line
// (the colour stops); a #line directive keeps the info log's line numbers those of the file.
// Returns 0 and sets *error on failure; deletes everything it made.
GLuint build_program(const ShaderSource& vert, const ShaderSource& frag, const std::string& frag_prelude,
                     std::string* error);

// Adds a line to an error message without repeating one already there (draws that fail every
// frame must not grow the message).
void append_error(std::string* error, const std::string& message);

}  // namespace attn
