// A calm light theme and the embedded DejaVu fonts (subset at build time to the glyphs the math
// needs: · × √ ᵀ subscripts, Greek), so text looks the same on every machine.
#include "ui/theme.h"

#include <imgui.h>

#include "fonts_embedded.h"
#include "ui/drawn_glyphs.h"
#include "ui/ui.h"

namespace attn::ui {

// The theme lives in ImGui's own context, not in globals of ours: the fonts in the atlas
// (setup_style adds the text font first, then the mono font) and the colours in the style. Only
// the script font's bytes wait here for the next atlas build (set_script_font).
constexpr int kMonoFont = 1;

ImFont* mono_font() {
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    return atlas->Fonts.Size > kMonoFont ? atlas->Fonts[kMonoFont] : nullptr;
}

namespace {
// The dark theme is on when the style has its window background; anything else (ImGui's own
// default included) counts as the light theme, the app's default.
const ImVec4 kDarkWindowBg(0.08f, 0.09f, 0.10f, 1.0f);
bool is_dark() {
    const ImVec4 c = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    return c.x == kDarkWindowBg.x && c.y == kDarkWindowBg.y && c.z == kDarkWindowBg.z && c.w == kDarkWindowBg.w;
}
}  // namespace

ImVec4 query_color() {
    return is_dark() ? ImVec4(0.96f, 0.50f, 0.18f, 1.0f) : ImVec4(0.68f, 0.29f, 0.0f, 1.0f);
}
ImVec4 context_color() {
    return is_dark() ? ImVec4(0.20f, 0.78f, 0.60f, 1.0f) : ImVec4(0.0f, 0.46f, 0.33f, 1.0f);
}
ImVec4 token_color() {
    return is_dark() ? ImVec4(0.35f, 0.66f, 0.92f, 1.0f) : ImVec4(0.0f, 0.40f, 0.63f, 1.0f);
}
ImVec4 loop_color() {
    return is_dark() ? ImVec4(0.87f, 0.55f, 0.78f, 1.0f) : ImVec4(0.60f, 0.25f, 0.55f, 1.0f);
}
ImVec4 on_query_color() {
    return is_dark() ? ImVec4(0.0f, 0.0f, 0.0f, 1.0f) : ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
}
ImVec4 muted_text() {
    return is_dark() ? ImVec4(0.62f, 0.66f, 0.72f, 1.0f) : ImVec4(0.36f, 0.39f, 0.44f, 1.0f);
}
ImVec4 error_color() {
    return is_dark() ? ImVec4(1.0f, 0.45f, 0.42f, 1.0f) : ImVec4(0.72f, 0.09f, 0.09f, 1.0f);
}
ImVec4 ok_color() {
    return is_dark() ? ImVec4(0.35f, 0.82f, 0.60f, 1.0f) : ImVec4(0.0f, 0.44f, 0.31f, 1.0f);
}
ImVec4 plot_background() {
    return is_dark() ? ImVec4(0.11f, 0.12f, 0.14f, 1.0f) : ImVec4(1, 1, 1, 1);
}
ImVec4 plot_grid() {
    return is_dark() ? ImVec4(0.22f, 0.24f, 0.27f, 1.0f) : ImVec4(0.89f, 0.91f, 0.94f, 1.0f);
}
ImVec4 plot_axis() {
    return is_dark() ? ImVec4(0.55f, 0.58f, 0.63f, 1.0f) : ImVec4(0.48f, 0.51f, 0.56f, 1.0f);
}
ImU32 label_backing() {
    return is_dark() ? IM_COL32(28, 31, 36, 210) : IM_COL32(255, 255, 255, 200);
}
ImU32 empty_heatmap() {
    return is_dark() ? IM_COL32(40, 43, 48, 255) : IM_COL32(236, 238, 242, 255);
}

namespace {

void light_colors(ImGuiStyle* style) {
    ImGui::StyleColorsLight(style);
    ImVec4* c = style->Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.965f, 0.969f, 0.976f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.50f, 0.53f, 0.58f, 1.0f);  // fields, boxes, rings: 3:1
    c[ImGuiCol_Text] = ImVec4(0.11f, 0.13f, 0.17f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.41f, 0.46f, 1.0f);
    // Framed widgets have a fill distinct from alternate table rows and a border (style.FrameBorderSize):
    // with the same grey, the query radio buttons of rows 3 and 5 were invisible.
    c[ImGuiCol_FrameBg] = ImVec4(0.985f, 0.988f, 0.992f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.90f, 0.94f, 0.99f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.84f, 0.90f, 0.99f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.0f, 0.447f, 0.698f, 1.0f);
    // The keyboard's focus: opaque, in the page's accent (ImGui's light blue at 0.8 alpha had 2.4:1).
    c[ImGuiCol_NavHighlight] = ImVec4(0.0f, 0.447f, 0.698f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.955f, 0.962f, 0.972f, 1.0f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.93f, 0.94f, 0.96f, 1.0f);
    c[ImGuiCol_TableBorderStrong] = ImVec4(0.80f, 0.83f, 0.87f, 1.0f);
    c[ImGuiCol_TableBorderLight] = ImVec4(0.88f, 0.90f, 0.93f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.89f, 0.91f, 0.95f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.80f, 0.86f, 0.96f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.70f, 0.79f, 0.94f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.86f, 0.90f, 0.97f, 1.0f);
    // Popups and dialogs are opaque: ImGui's 0.98 let the panels' text show through the Import box.
    c[ImGuiCol_PopupBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
}

void dark_colors(ImGuiStyle* style) {
    ImGui::StyleColorsDark(style);
    ImVec4* c = style->Colors;
    c[ImGuiCol_WindowBg] = kDarkWindowBg;
    c[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);  // opaque, as in the light theme
    c[ImGuiCol_Border] = ImVec4(0.45f, 0.48f, 0.53f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.90f, 0.92f, 0.94f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.58f, 0.62f, 0.68f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.17f, 0.20f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.20f, 0.25f, 0.33f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.24f, 0.31f, 0.42f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.35f, 0.66f, 0.92f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(0.35f, 0.66f, 0.92f, 1.0f);  // the page's dark accent
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.14f, 0.15f, 0.17f, 1.0f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.17f, 0.18f, 0.21f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.20f, 0.23f, 0.28f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.33f, 0.43f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.30f, 0.40f, 0.54f, 1.0f);
}

}  // namespace

void apply_theme(bool dark) {
    if (dark == is_dark()) return;
    ImGuiStyle& style = ImGui::GetStyle();
    if (dark)
        dark_colors(&style);
    else
        light_colors(&style);
}

namespace {
const unsigned char* g_script_font = nullptr;
size_t g_script_font_size = 0;
}  // namespace

void set_script_font(const unsigned char* data, size_t size) {
    g_script_font = size ? data : nullptr;
    g_script_font_size = size;
    forget_wanted_glyphs();  // the script's own glyphs may hold what was drawn
}

void setup_style(float font_scale) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the binary
    config.OversampleH = 1;
    config.PixelSnapH = true;
    // The code points cmake/subset_font.cmake keeps: the text set, and the code set (ASCII and a
    // few symbols). The mono font gets everything else merged in from DejaVu Sans, so a label in
    // any script still draws in a code view, only not at a fixed width.
    static const ImWchar text_ranges[] = {0x0020, 0x00FF, 0x03A3, 0x03A3, 0x1D40, 0x1D40, 0x2010, 0x2027, 0x2190,
                                          0x2193, 0x2212, 0x2212, 0x2219, 0x221E, 0x2248, 0x2248, 0x2260, 0x2265,
                                          0x22C5, 0x22C5, 0x25A0, 0x25A0, 0x25B6, 0x25B6, 0x25BC, 0x25BC, 0x25CF,
                                          0x25CF, 0x2713, 0x2717, 0xFFFD, 0xFFFD, 0};
    static const ImWchar code_ranges[] = {0x0020, 0x007E, 0x00B7, 0x00B7, 0x00D7, 0x00D7, 0x2026, 0x2026,
                                          0x2192, 0x2192, 0x2212, 0x2212, 0x2248, 0x2248, 0};
    auto* sans = const_cast<unsigned char*>(fonts::kDejaVuSansSubsetTtf);
    auto* mono = const_cast<unsigned char*>(fonts::kDejaVuSansMonoSubsetTtf);
    io.Fonts->AddFontFromMemoryTTF(sans, int(fonts::kDejaVuSansSubsetTtf_size), 15.0f * font_scale, &config,
                                   text_ranges);
    io.Fonts->AddFontFromMemoryTTF(mono, int(fonts::kDejaVuSansMonoSubsetTtf_size), 14.0f * font_scale, &config,
                                   code_ranges);
    ImFontConfig merge = config;
    merge.MergeMode = true;  // glyphs the mono font already has are kept
    io.Fonts->AddFontFromMemoryTTF(sans, int(fonts::kDejaVuSansSubsetTtf_size), 14.0f * font_scale, &merge,
                                   text_ranges);
    if (g_script_font) {
        // Each font added after the one it merges into: the text font, then the mono one. Only the
        // code points the subset holds are packed (ImGui skips the rest of the ranges), and
        // DejaVu's own glyphs are kept where both have one.
        // A CJK character fills its em square where a Latin letter fills about half of it
        // (x-height): at 8/7 of the size, Chinese reads as large as the DejaVu text beside it, and
        // a nudge down keeps it centred on the line.
        auto* script = const_cast<unsigned char*>(g_script_font);
        ImFontConfig cjk = merge;
        cjk.GlyphOffset.y = 1.0f * font_scale;
        cjk.DstFont = io.Fonts->Fonts[0];
        io.Fonts->AddFontFromMemoryTTF(script, int(g_script_font_size), 15.0f * 8 / 7 * font_scale, &cjk,
                                       io.Fonts->GetGlyphRangesChineseFull());
        cjk.DstFont = mono_font();  // comments in the code views
        io.Fonts->AddFontFromMemoryTTF(script, int(g_script_font_size), 14.0f * 8 / 7 * font_scale, &cjk,
                                       io.Fonts->GetGlyphRangesChineseFull());
    }
    // What the learner's words need beyond these, once something can draw it.
    draw_wanted_glyphs(15.0f * font_scale, 14.0f * font_scale);

    ImGuiStyle style;
    style.WindowRounding = 6.0f;
    style.ChildRounding = 6.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.WindowPadding = ImVec2(12, 10);
    style.FramePadding = ImVec2(7, 4);
    style.ItemSpacing = ImVec2(8, 6);
    style.WindowBorderSize = 0.0f;
    style.ChildBorderSize = 1.0f;
    style.FrameBorderSize = 1.0f;
    style.CellPadding = ImVec2(5, 2);
    if (is_dark())
        dark_colors(&style);
    else
        light_colors(&style);
    style.ScaleAllSizes(1.0f);
    ImGui::GetStyle() = style;
}

}  // namespace attn::ui
