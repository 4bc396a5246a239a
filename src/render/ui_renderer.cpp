// ImGui's vertices are (pos 2 x float, uv 2 x float, col RGBA8); each command draws ElemCount
// indices from IdxOffset of its list with its texture, inside ClipRect (window units, scaled by
// FramebufferScale to pixels; GL's scissor counts rows from the bottom).
#include "render/ui_renderer.h"

#include <imgui.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "render/shader_program.h"
#include "shaders_embedded.h"

namespace attn {

bool UiRenderer::init(std::string* error) {
    shutdown();
    program_ = build_program({"ui.vert", shaders::kUiVert}, {"ui.frag", shaders::kUiFrag}, "", error);
    if (!program_) return false;
    display_ = glGetUniformLocation(program_, "display");
    image_ = glGetUniformLocation(program_, "image");
    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &vertices_);
    glGenBuffers(1, &indices_);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertices_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_);  // part of the vertex array's state
    const GLsizei stride = sizeof(ImDrawVert);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(0);
    return true;
}

void UiRenderer::shutdown() {
    if (program_) glDeleteProgram(program_);
    if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
    if (vertices_) glDeleteBuffers(1, &vertices_);
    if (indices_) glDeleteBuffers(1, &indices_);
    if (font_) glDeleteTextures(1, &font_);
    *this = UiRenderer{};
}

GLuint UiRenderer::upload_font_atlas(const unsigned char* coverage, int width, int height) {
    if (!program_) return 0;
    // White texels with the coverage as alpha, so that one shader draws text and images alike.
    std::vector<uint32_t> texels(size_t(width) * size_t(height));
    for (size_t i = 0; i < texels.size(); ++i) texels[i] = IM_COL32(255, 255, 255, coverage[i]);
    if (!font_) font_ = new_texture_2d(GL_LINEAR);
    glBindTexture(GL_TEXTURE_2D, font_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    return font_;
}

void UiRenderer::draw(const ImDrawData& data, int width_px, int height_px) {
    if (!program_ || width_px <= 0 || height_px <= 0 || data.DisplaySize.x <= 0 || data.DisplaySize.y <= 0) return;
    glViewport(0, 0, width_px, height_px);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glUniform4f(display_, data.DisplayPos.x, data.DisplayPos.y, data.DisplaySize.x, data.DisplaySize.y);
    glUniform1i(image_, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertices_);
    const ImVec2 origin = data.DisplayPos, scale = data.FramebufferScale;
    const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        // Orphaned and refilled per list: the driver need not wait for the last list's draws.
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list.VtxBuffer.Size) * GLsizeiptr(sizeof(ImDrawVert)),
                     list.VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(list.IdxBuffer.Size) * GLsizeiptr(sizeof(ImDrawIdx)),
                     list.IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback) {  // the app adds none; ImGui's reset marker needs nothing here
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
                continue;
            }
            const float left = (cmd.ClipRect.x - origin.x) * scale.x, top = (cmd.ClipRect.y - origin.y) * scale.y;
            const float right = (cmd.ClipRect.z - origin.x) * scale.x, bottom = (cmd.ClipRect.w - origin.y) * scale.y;
            if (right <= left || bottom <= top) continue;
            glScissor(int(left), int(float(height_px) - bottom), int(right - left), int(bottom - top));
            glBindTexture(GL_TEXTURE_2D, GLuint(reinterpret_cast<uintptr_t>(cmd.GetTexID())));
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), index_type,
                           reinterpret_cast<void*>(uintptr_t(cmd.IdxOffset) * sizeof(ImDrawIdx)));
        }
    }
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
}

}  // namespace attn
