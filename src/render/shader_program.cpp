// Shader compile and link with the info log in the error, in the shape of Dear ImGui's OpenGL3
// backend (CheckShader / CheckProgram), but reported to the caller instead of printed.
#include "render/shader_program.h"

#include <vector>

namespace attn {
namespace {

std::string shader_log(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    if (length <= 1) return "(no info log)";
    std::vector<char> log(size_t(length) + 1, '\0');
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    return log.data();
}

std::string program_log(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    if (length <= 1) return "(no info log)";
    std::vector<char> log(size_t(length) + 1, '\0');
    glGetProgramInfoLog(program, length, nullptr, log.data());
    return log.data();
}

// "#version 300 es\n" + prelude + "#line 2\n" + the rest: #version must stay the first line.
std::string with_prelude(const char* text, const std::string& prelude) {
    if (prelude.empty()) return text;
    std::string source = text;
    const size_t first_line_end = source.find('\n');
    if (first_line_end == std::string::npos) return source + "\n" + prelude;
    return source.substr(0, first_line_end + 1) + prelude + "#line 2\n" + source.substr(first_line_end + 1);
}

GLuint compile(GLenum stage, const ShaderSource& source, const std::string& prelude, std::string* error) {
    const std::string text = with_prelude(source.text, prelude);
    const char* ptr = text.c_str();
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &ptr, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok == GL_TRUE) return shader;
    append_error(error, std::string("shader ") + source.name + " failed to compile: " + shader_log(shader));
    glDeleteShader(shader);
    return 0;
}

}  // namespace

void append_error(std::string* error, const std::string& message) {
    if (error->find(message) != std::string::npos) return;
    if (!error->empty()) *error += "\n";
    *error += message;
}

GLuint build_program(const ShaderSource& vert, const ShaderSource& frag, const std::string& frag_prelude,
                     std::string* error) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vert, "", error);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, frag, frag_prelude, error);
    if (!vs || !fs) {
        if (vs) glDeleteShader(vs);
        if (fs) glDeleteShader(fs);
        return 0;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    // The program keeps what it linked; the shader objects are no longer needed.
    glDetachShader(program, vs);
    glDetachShader(program, fs);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok == GL_TRUE) return program;
    append_error(error, std::string("shader program ") + vert.name + " + " + frag.name +
                            " failed to link: " + program_log(program));
    glDeleteProgram(program);
    return 0;
}

}  // namespace attn
