// A calm light theme and the embedded DejaVu fonts (subset at build time to the glyphs the math
// needs: · × √ ᵀ subscripts, Greek), so text looks the same on every machine.
#include <imgui.h>

#include "fonts_embedded.h"
#include "ui/theme.h"
#include "ui/ui.h"

namespace attn::ui {

static ImFont* g_mono = nullptr;

ImFont* mono_font() { return g_mono; }

void setup_style(float font_scale) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the binary
    config.OversampleH = 1;
    config.PixelSnapH = true;
    // The same code points cmake/subset_font.cmake keeps.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0391, 0x03C9, 0x1D40, 0x1D40, 0x1D62, 0x1D65,
                                     0x2010, 0x203A, 0x2070, 0x209C, 0x2190, 0x21D2, 0x2200, 0x2265,
                                     0x22C5, 0x22C5, 0x25A0, 0x25CF, 0x2713, 0x2717, 0};
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(fonts::kDejaVuSansSubsetTtf),
                                   int(fonts::kDejaVuSansSubsetTtf_size), 15.0f * font_scale, &config, ranges);
    g_mono = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(fonts::kDejaVuSansMonoSubsetTtf),
                                            int(fonts::kDejaVuSansMonoSubsetTtf_size), 14.0f * font_scale,
                                            &config, ranges);

    ImGuiStyle style;
    ImGui::StyleColorsLight(&style);
    style.WindowRounding = 6.0f;
    style.ChildRounding = 6.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.WindowPadding = ImVec2(12, 10);
    style.FramePadding = ImVec2(7, 4);
    style.ItemSpacing = ImVec2(8, 6);
    style.WindowBorderSize = 0.0f;
    style.ChildBorderSize = 1.0f;
    // Framed widgets get a border: without it the light frame fill vanished on alternate table rows
    // (the query radio buttons of rows 3 and 5 were invisible).
    style.FrameBorderSize = 1.0f;
    style.CellPadding = ImVec2(5, 2);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.965f, 0.969f, 0.976f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.78f, 0.81f, 0.85f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.11f, 0.13f, 0.17f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.42f, 0.45f, 0.50f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.985f, 0.988f, 0.992f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.90f, 0.94f, 0.99f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.84f, 0.90f, 0.99f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.0f, 0.447f, 0.698f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.955f, 0.962f, 0.972f, 1.0f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.93f, 0.94f, 0.96f, 1.0f);
    c[ImGuiCol_TableBorderStrong] = ImVec4(0.80f, 0.83f, 0.87f, 1.0f);
    c[ImGuiCol_TableBorderLight] = ImVec4(0.88f, 0.90f, 0.93f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.89f, 0.91f, 0.95f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.80f, 0.86f, 0.96f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.70f, 0.79f, 0.94f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.86f, 0.90f, 0.97f, 1.0f);
    style.ScaleAllSizes(1.0f);
    ImGui::GetStyle() = style;
}

}  // namespace attn::ui
