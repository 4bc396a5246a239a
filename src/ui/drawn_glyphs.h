// Characters the page's fonts lack, drawn by the browser's own fonts into the atlas.
//
// The atlas holds DejaVu's subset and, for a language with a script of its own, that script's
// subset (fonts/<lang>.otf: exactly the characters of its files). A learner's own words are
// outside both: a token named 鲸 on the English page, 鳄 on the Chinese one, a Greek omega or a
// Cyrillic ya anywhere. ImGui would draw each as U+FFFD. Instead each character the token names
// or the field being edited hold, and the atlas lacks, is remembered here; at the next atlas build
// the app's GlyphDrawer (in the browser: a 2-D canvas with the system's fonts) draws it at the
// fonts' pixel sizes into custom rectangles of the atlas, in the text font and in the mono one. No
// glyph is fetched, and the code that draws comes with the deferred code when first needed.
//
// Natively there is no drawer: such a character stays "�" (drawn_glyph_stats().lacking says so).
// Code points above U+FFFF (emoji, rare CJK) stay "�" everywhere: the canvas draws an emoji in
// colour, which the atlas's one channel of coverage would turn into a silhouette, and one such
// character would grow each font's lookup tables (ImGui's, indexed by code point) to 1 MB.
#pragma once
#include <cstdint>
#include <vector>

#include "core/document/state.h"

namespace attn::ui {

// One character as the drawer made it: width x height coverage bytes, top row first, with the
// baseline `baseline` rows from the top and the pen moving `advance` pixels on.
struct DrawnGlyph {
    int width = 0, height = 0, baseline = 0;
    float advance = 0;
    std::vector<unsigned char> coverage;
};
// Draws one code point with an em of pixel_size pixels (sized to match the font beside it);
// false when it cannot.
using GlyphDrawer = bool (*)(unsigned code_point, float pixel_size, DrawnGlyph* out);
// The app sets it once the code that draws is here: on the web the deferred code
// (core/view/deferred_code.h), which the first view, needing no such character, does not fetch.
void set_glyph_drawer(GlyphDrawer drawer);
bool glyphs_to_draw();  // a drawer is set and some character is waiting for it

constexpr int kMaxDrawnGlyphs = 512;  // characters kept in the atlas beyond its fonts

// Remembers the characters of the state's token names and of the text field being edited that the
// atlas lacks. drawable: something can draw them, now or once the deferred code is here (the
// browser; natively nothing can). True when one is new: the atlas must be built again
// (imgui_backend_fonts_changed), with the drawer. Called every frame, it reads the text only when
// there is news: a new state version, a field being edited, an atlas built since the last read.
bool want_glyphs(const State& state, uint64_t version, bool drawable);
// A script font came or went (set_script_font): what is wanted is found again from the text.
void forget_wanted_glyphs();

// The atlas build's two halves for these glyphs: setup_style has them drawn (when a drawer is set)
// and their rectangles reserved once the fonts are added (the text font's and the mono font's
// sizes in pixels); the platform calls fill_drawn_glyphs once the atlas is built, which copies the
// coverage in and sets each glyph on its font's baseline.
void draw_wanted_glyphs(float text_pixels, float mono_pixels);
void fill_drawn_glyphs();

// The last atlas build's characters drawn by the drawer, and those the text shows that the atlas
// still lacks (no drawer, a code point above U+FFFF, more than kMaxDrawnGlyphs).
struct DrawnGlyphStats {
    int drawn = 0, lacking = 0;
};
DrawnGlyphStats drawn_glyph_stats();

}  // namespace attn::ui
