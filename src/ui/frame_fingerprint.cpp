// Hashes 8 bytes at a time (the vertex buffers of a 1024-token frame are a few MB; a byte-wise
// hash would cost more than the frame it saves).
#include "ui/frame_fingerprint.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiWindow: hidden and auto-fit frames

#include <cstring>

namespace attn::ui {
namespace {

struct Hasher {
    uint64_t h = 0x9E3779B97F4A7C15ull;

    void word(uint64_t w) {
        h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    void bytes(const void* data, size_t size) {
        const unsigned char* p = static_cast<const unsigned char*>(data);
        size_t i = 0;
        for (; i + 8 <= size; i += 8) {
            uint64_t w;
            std::memcpy(&w, p + i, 8);
            word(w);
        }
        uint64_t tail = 0;
        if (size > i) std::memcpy(&tail, p + i, size - i);
        word(tail ^ (uint64_t(size) << 56));
    }
    template <typename T>
    void value(const T& v) {
        bytes(&v, sizeof v);
    }
};

}  // namespace

uint64_t frame_fingerprint(const ImDrawData* draw_data) {
    if (!draw_data || !draw_data->Valid) return 0;
    Hasher hash;
    hash.value(draw_data->DisplayPos);
    hash.value(draw_data->DisplaySize);
    hash.value(draw_data->FramebufferScale);
    hash.value(draw_data->CmdListsCount);
    for (int l = 0; l < draw_data->CmdListsCount; ++l) {
        const ImDrawList* list = draw_data->CmdLists[l];
        hash.bytes(list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        hash.bytes(list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            hash.value(cmd.ClipRect);
            hash.value(cmd.TextureId);
            hash.value(cmd.VtxOffset);
            hash.value(cmd.IdxOffset);
            hash.value(cmd.ElemCount);
            hash.value(cmd.UserCallback != nullptr);
        }
    }
    return hash.h;
}

bool imgui_settling() {
    const ImGuiContext* context = ImGui::GetCurrentContext();
    if (!context) return false;
    for (const ImGuiWindow* window : context->Windows) {
        if (!window->Active) continue;
        if (window->HiddenFramesCanSkipItems > 0 || window->HiddenFramesCannotSkipItems > 0 ||
            window->AutoFitFramesX > 0 || window->AutoFitFramesY > 0)
            return true;
    }
    return false;
}

}  // namespace attn::ui
