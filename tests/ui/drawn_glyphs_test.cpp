// Characters the atlas's fonts lack (a token named 鲸), drawn by a drawer into the atlas: asked
// for once, drawn at the next build in both fonts, set on the line's baseline, and counted as
// lacking where nothing can draw them. The drawer here stands in for the browser's canvas.
#include "ui/drawn_glyphs.h"

#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

#include "core/document/examples.h"
#include "ui/theme.h"
#include "ui/ui.h"

using namespace attn;
using namespace attn::ui;

namespace {

// A solid box: 0.8 em wide, 1.25 em tall with its baseline 1 em down, advancing 0.9 em; each row
// a different coverage, so a copy that shifts rows shows.
bool box_drawer(unsigned /*code_point*/, float size, DrawnGlyph* out) {
    out->width = int(std::ceil(size * 0.8f));
    out->height = int(std::ceil(size * 1.25f));
    out->baseline = int(std::ceil(size));
    out->advance = size * 0.9f;
    out->coverage.resize(size_t(out->width) * size_t(out->height));
    for (int y = 0; y < out->height; ++y)
        for (int x = 0; x < out->width; ++x) out->coverage[size_t(y * out->width + x)] = (unsigned char)(100 + y);
    return true;
}

// What the platform does when the fonts changed (imgui_backend_update_fonts).
void build_atlas() {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    atlas->Clear();
    setup_style(1.0f);
    ImFontAtlasGetBuilderForStbTruetype()->FontBuilder_Build(atlas);
    fill_drawn_glyphs();
}

}  // namespace

TEST_CASE("ui: a token's character the fonts lack is drawn into the atlas at the next build, on the baseline") {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left where the tests run
    forget_wanted_glyphs();
    set_glyph_drawer(box_drawer);
    build_atlas();
    ImFont* text = ImGui::GetIO().Fonts->Fonts[0];
    constexpr ImWchar kWhale = 0x9CB8;  // 鲸: in no font the page ships for English
    REQUIRE(text->FindGlyphNoFallback(kWhale) == nullptr);
    REQUIRE(text->FindGlyphNoFallback('a') != nullptr);
    const float advance_of_a = text->FindGlyphNoFallback('a')->AdvanceX;

    State state;
    uint64_t version = 0;  // the app's state version: a new one for each change
    load_example("your-journey", &state);
    state.tokens[0] = "鲸a";
    CHECK(want_glyphs(state, ++version, true));        // new: the atlas is to be built again
    CHECK_FALSE(want_glyphs(state, ++version, true));  // asked once, not again
    CHECK(glyphs_to_draw());
    // The text is read on news only: the same version, no field edited, no atlas built since.
    const std::string before = state.tokens[2];
    state.tokens[2] = "\xE9\xB3\x84";  // 鳄, under the version already read
    CHECK_FALSE(want_glyphs(state, version, true));
    state.tokens[2] = before;

    build_atlas();
    text = ImGui::GetIO().Fonts->Fonts[0];
    for (ImFont* font : {text, mono_font()}) {
        CAPTURE(font->FontSize);
        const ImFontGlyph* whale = font->FindGlyphNoFallback(kWhale);
        REQUIRE(whale != nullptr);
        // A CJK character as the script subset draws it: 8/7 of the font's size (ImGui's, the
        // line's height), whose em is 1000 / 1448 of it in Noto Sans CJK SC, and a row lower.
        const float size = font->FontSize * 8.0f / 7.0f * 1000.0f / 1448.0f;
        CHECK(whale->AdvanceX == doctest::Approx(size * 0.9f));
        CHECK(whale->X1 - whale->X0 == doctest::Approx(std::ceil(size * 0.8f)));
        // Its baseline (1 em down the box) on the font's (Ascent down the line), plus the row.
        CHECK(whale->Y0 + std::ceil(size) == doctest::Approx(font->Ascent + std::round(font->FontSize / 15.0f)));
        // The box's rows in the atlas where the glyph's texture coordinates say.
        const ImFontAtlas* atlas = font->ContainerAtlas;
        const int x = int(std::lround(whale->U0 * float(atlas->TexWidth)));
        const int y = int(std::lround(whale->V0 * float(atlas->TexHeight)));
        CHECK(atlas->TexPixelsAlpha8[y * atlas->TexWidth + x] == 100);
        CHECK(atlas->TexPixelsAlpha8[(y + 5) * atlas->TexWidth + x + 2] == 105);
    }
    CHECK(text->FindGlyphNoFallback('a')->AdvanceX == advance_of_a);  // DejaVu's own stay
    CHECK_FALSE(want_glyphs(state, ++version, true));
    CHECK(drawn_glyph_stats().drawn == 1);
    CHECK(drawn_glyph_stats().lacking == 0);

    // Nothing to draw with (natively): no rebuild is asked, and the character is counted as lacking.
    state.tokens[1] = "鳄";
    CHECK_FALSE(want_glyphs(state, ++version, false));
    CHECK(drawn_glyph_stats().lacking == 1);
    // Above U+FFFF (ImGui 1.86's characters are 16 bits): lacking, with a drawer too.
    state.tokens[1] = "\xF0\x9F\x90\xB3";  // U+1F433, a whale
    CHECK_FALSE(want_glyphs(state, ++version, true));
    CHECK(drawn_glyph_stats().lacking == 1);

    // The web's first view: the drawer comes with the deferred code. Until then a character is
    // asked for (the app fetches the code), and the atlas is built without it.
    set_glyph_drawer(nullptr);
    forget_wanted_glyphs();
    build_atlas();
    state.tokens[1] = "鳄";
    CHECK(want_glyphs(state, ++version, true));
    CHECK_FALSE(glyphs_to_draw());
    build_atlas();
    CHECK(ImGui::GetIO().Fonts->Fonts[0]->FindGlyphNoFallback(0x9CC4) == nullptr);
    CHECK(drawn_glyph_stats().drawn == 0);
    set_glyph_drawer(box_drawer);  // the code is here (app_code_arrived)
    CHECK(glyphs_to_draw());
    build_atlas();
    CHECK(ImGui::GetIO().Fonts->Fonts[0]->FindGlyphNoFallback(0x9CC4) != nullptr);

    set_glyph_drawer(nullptr);
    forget_wanted_glyphs();
    ImGui::DestroyContext();
}

TEST_CASE("ui: when the drawn characters fill their room, those the text no longer shows make way") {
    // A walk pasted 600 Chinese characters into Import and closed it: every later character stayed
    // "�" for the rest of the session, the room full of characters nothing showed.
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    forget_wanted_glyphs();
    set_glyph_drawer(box_drawer);
    build_atlas();
    State state;
    uint64_t version = 0;  // the app's state version: a new one for each change
    load_example("your-journey", &state);
    std::string many;
    for (unsigned c = 0x4E00; c < 0x4E00 + unsigned(kMaxDrawnGlyphs) + 40; ++c) {  // UTF-8, 3 bytes each
        many += char(0xE0 | (c >> 12));
        many += char(0x80 | ((c >> 6) & 0x3F));
        many += char(0x80 | (c & 0x3F));
    }
    state.tokens[0] = many;
    CHECK(want_glyphs(state, ++version, true));
    CHECK(drawn_glyph_stats().lacking == 40);          // the room holds kMaxDrawnGlyphs
    CHECK_FALSE(want_glyphs(state, ++version, true));  // still shown: no rebuild over and over
    build_atlas();
    CHECK(drawn_glyph_stats().drawn == kMaxDrawnGlyphs);
    state.tokens[0] = "鲸";  // the many are gone; a new one comes
    CHECK(want_glyphs(state, ++version, true));
    build_atlas();
    CHECK(ImGui::GetIO().Fonts->Fonts[0]->FindGlyphNoFallback(0x9CB8) != nullptr);
    CHECK(drawn_glyph_stats().drawn == 1);
    CHECK_FALSE(want_glyphs(state, ++version, true));
    CHECK(drawn_glyph_stats().lacking == 0);

    set_glyph_drawer(nullptr);
    forget_wanted_glyphs();
    ImGui::DestroyContext();
}

TEST_CASE("ui: characters are drawn for the field being edited, before its text is applied") {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left where the tests run
    forget_wanted_glyphs();
    set_glyph_drawer(box_drawer);
    build_atlas();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(400, 300);
    io.DeltaTime = 1.0f / 60.0f;
    static char buffer[32] = "";
    const auto frame = [](bool focus) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::Begin("field");
        if (focus) ImGui::SetKeyboardFocusHere();
        ImGui::InputText("name", buffer, sizeof buffer);
        ImGui::End();
        ImGui::Render();
    };
    frame(true);
    frame(false);
    REQUIRE(ImGui::GetActiveID() != 0);  // the field is being edited
    io.AddInputCharactersUTF8("鳄");
    frame(false);
    State state;
    uint64_t version = 0;                  // the app's state version: a new one for each change
    load_example("your-journey", &state);  // its tokens are in DejaVu
    CHECK(want_glyphs(state, ++version, true));
    build_atlas();
    CHECK(io.Fonts->Fonts[0]->FindGlyphNoFallback(0x9CC4) != nullptr);

    set_glyph_drawer(nullptr);
    forget_wanted_glyphs();
    ImGui::DestroyContext();
}
