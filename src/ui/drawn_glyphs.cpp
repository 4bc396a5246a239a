#include "ui/drawn_glyphs.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/math/deferred_entry.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

// The em the drawer draws at, per pixel of an ImGui font's size. ImGui's size (stb_truetype's) is
// the font's line, ascent - descent, not its em: DejaVu's em is 2048 / (1901 + 483) of its line;
// Noto Sans CJK SC's (the script subset's) 1000 / (1160 + 288), at the script font's 8/7.
constexpr float kDejaVuEm = 2048.0f / 2384.0f;
constexpr float kCjkEm = 8.0f / 7.0f * 1000.0f / 1448.0f;

GlyphDrawer g_drawer = nullptr;
std::vector<ImWchar> g_wanted;  // sorted; asked of the drawer at every atlas build
DrawnGlyphStats g_stats;
uint64_t g_read_version = ~uint64_t(0);  // the state version the text was last read at
bool g_atlas_built = false;              // an atlas was built since

// A rectangle of the atlas being built, waiting for its coverage (fill_drawn_glyphs).
struct Placed {
    int rect = 0;
    ImFont* font = nullptr;
    ImWchar code_point = 0;
    float nudge = 0;  // rows down, on top of the baseline
    DrawnGlyph glyph;
};
std::vector<Placed> g_placed;

// The CJK blocks (Hangul, Han, kana, fullwidth forms): drawn as the script subset is (setup_style),
// at 8/7 of the size and a row lower, so a drawn character matches the shipped ones beside it.
bool is_wide(unsigned c) {
    return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7AF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6);
}

// The text font lacks c (its merged script glyphs included); the atlas is built.
bool atlas_lacks(unsigned c) {
    return ImGui::GetIO().Fonts->Fonts[0]->FindGlyphNoFallback(ImWchar(c)) == nullptr;
}

struct Scan {
    bool drawable = false;
    int lacking = 0;
    std::vector<char> shown;     // per g_wanted entry: the text shows it now
    std::vector<ImWchar> fresh;  // characters the atlas lacks and nobody asked for yet
};

void want(unsigned c, Scan* scan) {
    if (c < 0x20 || c == 0x7F) return;
    const auto at = std::lower_bound(g_wanted.begin(), g_wanted.end(), ImWchar(c));
    if (at != g_wanted.end() && *at == ImWchar(c)) {
        scan->shown[size_t(at - g_wanted.begin())] = 1;
        // Asked, and still lacking: at the last build the drawer could not draw it, or is not here yet.
        if (atlas_lacks(c)) ++scan->lacking;
        return;
    }
    if (!atlas_lacks(c)) return;  // the fonts' own
    if (c > 0xFFFF || !scan->drawable) {
        ++scan->lacking;
        return;
    }
    if (std::find(scan->fresh.begin(), scan->fresh.end(), ImWchar(c)) == scan->fresh.end())
        scan->fresh.push_back(ImWchar(c));
}

void want_text(const char* text, const char* end, Scan* scan) {
    while (text < end) {
        unsigned c = 0;
        const int length = ImTextCharFromUtf8(&c, text, end);
        if (length <= 0) break;
        text += length;
        want(c, scan);
    }
}

}  // namespace

void set_glyph_drawer(GlyphDrawer drawer) {
    g_drawer = drawer;
}

bool glyphs_to_draw() {
    return g_drawer && !g_wanted.empty();
}

bool want_glyphs(const State& state, uint64_t version, bool drawable) {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    if (!atlas->IsBuilt()) return false;
    const ImGuiContext& g = *GImGui;
    const bool editing = g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId;
    if (version == g_read_version && !g_atlas_built && !editing) return false;  // nothing new to read
    g_read_version = version;
    g_atlas_built = false;
    Scan scan;
    scan.drawable = drawable;
    scan.shown.assign(g_wanted.size(), 0);
    for (const std::string& name : state.tokens) want_text(name.data(), name.data() + name.size(), &scan);
    // The field being edited, as typed (a name not yet applied, an import's text).
    if (editing)
        for (int i = 0; i < g.InputTextState.CurLenW && i < g.InputTextState.TextW.Size; ++i)
            want(g.InputTextState.TextW[i], &scan);
    // New characters join the asked ones. With no room for them all (an Import box pasted with
    // hundreds of characters, then closed), those the text no longer shows make room first.
    bool news = false;
    if (g_wanted.size() + scan.fresh.size() > size_t(kMaxDrawnGlyphs)) {
        size_t kept = 0;
        for (size_t i = 0; i < g_wanted.size(); ++i)
            if (scan.shown[i]) g_wanted[kept++] = g_wanted[i];
        news = kept < g_wanted.size();
        g_wanted.resize(kept);
    }
    for (const ImWchar c : scan.fresh) {
        if (g_wanted.size() >= size_t(kMaxDrawnGlyphs)) {
            ++scan.lacking;
            continue;
        }
        g_wanted.insert(std::lower_bound(g_wanted.begin(), g_wanted.end(), c), c);
        news = true;
    }
    g_stats.lacking = scan.lacking;
    return news;
}

void forget_wanted_glyphs() {
    g_wanted.clear();
    g_read_version = ~uint64_t(0);
}

namespace {

// The drawing and the atlas's rectangles: code the first view does not run (deferred_entry.h).
ATTN_DEFERRED_ENTRY void add_drawn_glyphs(float text_pixels, float mono_pixels) {
    g_placed.clear();
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    ImFont* fonts[2] = {atlas->Fonts[0], mono_font()};
    const float sizes[2] = {text_pixels, mono_pixels};
    for (const ImWchar c : g_wanted) {
        bool drawn = false;
        for (int f = 0; f < 2; ++f) {
            Placed p;
            if (!g_drawer(c, sizes[f] * (is_wide(c) ? kCjkEm : kDejaVuEm), &p.glyph) || p.glyph.width <= 0 ||
                p.glyph.height <= 0 || p.glyph.coverage.size() != size_t(p.glyph.width) * size_t(p.glyph.height))
                continue;
            p.font = fonts[f];
            p.code_point = c;
            p.nudge = is_wide(c) ? std::round(sizes[f] / 15.0f) : 0.0f;
            p.rect = atlas->AddCustomRectFontGlyph(p.font, c, p.glyph.width, p.glyph.height, p.glyph.advance);
            g_placed.push_back(std::move(p));
            drawn = true;
        }
        g_stats.drawn += drawn ? 1 : 0;
    }
}

ATTN_DEFERRED_ENTRY void write_drawn_glyphs() {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    for (Placed& p : g_placed) {
        const ImFontAtlasCustomRect* r = atlas->GetCustomRectByIndex(p.rect);
        for (int y = 0; y < p.glyph.height; ++y)
            std::memcpy(atlas->TexPixelsAlpha8 + size_t(r->Y + y) * size_t(atlas->TexWidth) + r->X,
                        p.glyph.coverage.data() + size_t(y) * size_t(p.glyph.width), size_t(p.glyph.width));
        // ImGui placed the glyph's top on the line's top: its baseline goes on the font's.
        auto* glyph = const_cast<ImFontGlyph*>(p.font->FindGlyphNoFallback(p.code_point));
        if (!glyph) continue;
        const float down = p.font->Ascent - float(p.glyph.baseline) + p.nudge;
        glyph->Y0 += down;
        glyph->Y1 += down;
    }
    g_placed.clear();
}

}  // namespace

void draw_wanted_glyphs(float text_pixels, float mono_pixels) {
    g_atlas_built = true;  // what lacks a glyph is read again
    g_stats.drawn = 0;
    if (glyphs_to_draw()) add_drawn_glyphs(text_pixels, mono_pixels);
}

void fill_drawn_glyphs() {
    if (!g_placed.empty() && ImGui::GetIO().Fonts->TexPixelsAlpha8) write_drawn_glyphs();
}

DrawnGlyphStats drawn_glyph_stats() {
    return g_stats;
}

}  // namespace attn::ui
