// The small helpers behind the panels: tensors cut into wrap-safe pieces, readable ink on heatmap
// cells, frames that stand out.
#include "ui/widgets.h"

#include <doctest/doctest.h>
#include <imgui_internal.h>

#include <cstring>

#include "ui/cell_grid.h"
#include "ui/heatmap_view.h"
#include "ui/plot_view.h"
#include "ui/text_table.h"
#include "ui/ui.h"

using namespace attn::ui;

namespace {

// An ImGui context with its default font, 400 x 400, in a new frame (DestroyContext ends it).
void new_test_frame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini left in the directory the tests run from
    io.DisplaySize = ImVec2(400, 400);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
}

}  // namespace

TEST_CASE("ui: a tensor is cut after its commas, so a line never breaks inside a number") {
    const std::vector<Piece> p = tensor_pieces("s = ", {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f});
    REQUIRE(p.size() == 7);
    CHECK(p[0].text == "s = tensor([");
    CHECK(p[1].text == "0.9544, ");
    CHECK(p[5].text == "0.7070, ");
    CHECK(p[6].text == "1.0865])");
    std::string joined;
    for (const Piece& piece : p) joined += piece.text;
    CHECK(joined == "s = tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])");
}

TEST_CASE("ui: whole-number tensors print as PyTorch does, and unfilled slots as dots") {
    std::string joined;
    for (const Piece& piece : tensor_pieces("", {2, 8, 2})) joined += piece.text;
    CHECK(joined == "tensor([2., 8., 2.])");
    joined.clear();
    for (const Piece& piece : tensor_pieces("", {2, 8, 2}, 12, 0, 0, 0)) joined += piece.text;
    CHECK(joined == "tensor([2.,  \u00b7,  \u00b7])");  // the dot centred in the 2-wide slot
}

TEST_CASE("ui: long tensors keep their ends and the highlighted slot") {
    attn::Vector v(100);
    for (int i = 0; i < 100; ++i) v[size_t(i)] = float(i);
    std::string joined;
    for (const Piece& piece : tensor_pieces("", v, 10, 50)) joined += piece.text;
    CHECK(joined.find("50.") != std::string::npos);
    CHECK(joined.find("99.])") != std::string::npos);
    CHECK(joined.find("...") != std::string::npos);
    CHECK(joined.find("70.") == std::string::npos);
}

TEST_CASE("ui: heatmap numbers use white ink on dark cells and dark ink on light ones") {
    const ImU32 white = IM_COL32(255, 255, 255, 255);
    CHECK(heatmap_ink(true, 0.0f) == white);    // strongest negative score: dark blue
    CHECK(heatmap_ink(true, 0.5f) != white);    // zero: white cell
    CHECK(heatmap_ink(true, 1.0f) == white);    // strongest positive: dark brown
    CHECK(heatmap_ink(false, 0.1f) != white);   // small weight: pale yellow
    CHECK(heatmap_ink(false, 0.95f) == white);  // large weight: dark blue
}

TEST_CASE("ui: framed widgets (the query radio buttons) stand out on every table row") {
    // The first pass drew radio buttons in the frame colour on rows whose alternate background had
    // the same grey, so rows 3 and 5 seemed to have none. Now every frame has a visible border.
    ImGui::CreateContext();
    setup_style(1.0f);
    const ImGuiStyle& style = ImGui::GetStyle();
    CHECK(style.FrameBorderSize >= 1.0f);
    const ImVec4 border = style.Colors[ImGuiCol_Border];
    for (ImGuiCol row : {ImGuiCol_TableRowBg, ImGuiCol_TableRowBgAlt}) {
        // The row colour over the white panel, and how far the border's grey is from it.
        const ImVec4 bg = style.Colors[row];
        const float shown = bg.x * bg.w + 1.0f * (1 - bg.w);
        CHECK(shown - border.x > 0.1f);
    }
    ImGui::DestroyContext();
}

TEST_CASE("ui: prose wraps only at spaces, never inside a number, and keeps its line breaks") {
    new_test_frame();
    float heights[3] = {};
    const float line = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(120, 400));  // narrower than the numbers below
    ImGui::Begin("prose");
    const char* texts[3] = {"[95.44,149.5,147.54,84.34,70.7]", "a b c", "one\ntwo\nthree"};
    for (int k = 0; k < 3; ++k) {
        const float top = ImGui::GetCursorPosY();
        prose(texts[k]);
        heights[k] = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
    }
    ImGui::End();
    ImGui::Render();
    ImGui::DestroyContext();
    CHECK(heights[0] < line * 1.5f);  // one word: one line, even past the edge (TextWrapped cuts at dots)
    CHECK(heights[1] < line * 1.5f);
    CHECK(heights[2] > line * 2.5f);  // three lines
}

TEST_CASE("ui: a grid cell prints the book's decimals, and a huge value as digits and a power that fit") {
    new_test_frame();
    const float cell = ImGui::CalcTextSize("-0.0000").x + 4;  // a cell as the classes' grids size it
    CHECK(attn::ui::cell_number(-0.0872f, 4, cell) == "-0.0872");
    // 1e10 typed into the inputs: the classes' outputs reach 1e18, nineteen digits over the next cells.
    const std::string huge = attn::ui::cell_number(2525698851910073792.0f, 4, cell);
    CHECK(huge == "2.5e+18");
    CHECK(ImGui::CalcTextSize(huge.c_str()).x <= cell);
    // Step 6 on a phone: a weight of 100 (exp at x20) in a cell narrower than "100.0000".
    const float narrow = ImGui::CalcTextSize("100.00").x + 1;
    CHECK(attn::ui::cell_number(100.0f, 4, narrow) == "100.00");
    CHECK(attn::ui::cell_number(100.0f, 4, ImGui::CalcTextSize("100").x + 1) == "100");
    // Fewer decimals only while two significant digits stay: 0.3 never prints as "0".
    CHECK(attn::ui::cell_number(0.3127f, 4, ImGui::CalcTextSize("0.3").x + 1) == "0.3");  // not an overflowing 0.31
    CHECK(attn::ui::cell_number(0.3127f, 4, ImGui::CalcTextSize("0").x + 1) != "0");
    CHECK(attn::ui::cell_number(0.3127f, 4, ImGui::CalcTextSize("0.31").x + 1) == "0.31");
    ImGui::EndFrame();
    ImGui::DestroyContext();
}

TEST_CASE(
    "ui: a table too wide for a phone wraps its long headers, never a short Chinese word into single characters") {
    new_test_frame();
    // Step 6's lab in Chinese, on a phone: its naive column ("朴素", naive) holds only "?" while it
    // is asked, and the table is wider than the room, so its headers wrap.
    const auto table_width = [](const char* naive) {
        TextTable t;
        t.id = "lab";
        t.headers = {"token", "s", "exp(s)", naive, "s - max", "exp(s - max)", "softmax"};
        for (int r = 0; r < 3; ++r)
            t.rows.push_back({{"cat"}, {"1.0000"}, {"?"}, {"?"}, {"-4.0000"}, {"0.0183"}, {"0.0171"}});
        UiState ui;
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(200, 400));
        ImGui::Begin(naive);
        text_table(t, &ui);
        ImGui::End();
        REQUIRE_FALSE(ui.layout.empty());
        return ui.layout.back().rect.z;
    };
    const float one = table_width("x");
    const float word = table_width("\u6734\u7d20");
    // The two-character word keeps its column as wide as the word (not one character wide with the
    // second below it): the table grows by the word's width past the one-letter header's.
    const float grown = ImGui::CalcTextSize("\u6734\u7d20").x - ImGui::CalcTextSize("x").x;
    ImGui::Render();
    ImGui::DestroyContext();
    CHECK(grown > 0);
    CHECK(word - one >= grown - 0.5f);
}

TEST_CASE("ui: a table scrolled sideways in its box keeps its first column, the tokens, at the box's left edge") {
    new_test_frame();
    TextTable t;
    t.id = "lab";
    t.headers = {"token", "s", "exp(s)", "naive", "s - max", "exp(s - max)", "softmax"};
    for (const char* token : {"cat", "sat", "mat"})
        t.rows.push_back({{token}, {"1.0000"}, {"2.7183"}, {"0.0171"}, {"-4.0000"}, {"0.0183"}, {"0.0171"}});
    UiState ui;
    const auto frame = [&] {
        ui.layout.clear();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(200, 400));
        ImGui::Begin("phone");
        text_table(t, &ui);
        ImGui::End();
    };
    frame();
    const auto find = [&](const std::string& name) -> const attn::ui::LayoutItem* {
        for (const attn::ui::LayoutItem& item : ui.layout)
            if (item.name == name) return &item;
        return nullptr;
    };
    CHECK(find("table:lab:first-column") == nullptr);  // not scrolled: the column is where it is
    ImGui::Render();
    // The learner scrolls the table's box 120 px to the right.
    for (ImGuiWindow* w : GImGui->Windows)
        if (std::strstr(w->Name, "phone/lab")) w->Scroll.x = 120;
    ImGui::NewFrame();
    frame();
    const attn::ui::LayoutItem* sticky = find("table:lab:first-column");
    const attn::ui::LayoutItem* table = find("table:lab");
    REQUIRE(sticky != nullptr);
    REQUIRE(table != nullptr);
    CHECK(table->rect.x < -100);                                    // the table scrolled to the left ...
    CHECK(sticky->rect.x == doctest::Approx(table->rect.x + 120));  // ... its tokens at the box's edge
    CHECK(sticky->rect.w == doctest::Approx(table->rect.w));        // the whole table's height
    ImGui::Render();
    ImGui::DestroyContext();
}

TEST_CASE("ui: a table scrolled sideways draws no number its box's edge would cut") {
    // A learner's phone at step 6: the box's right edge cut 1.805e-35 to "1.805e-3", another number.
    // A number is drawn whole or not at all, at the right edge and beside the first column.
    new_test_frame();
    static std::string logged;
    ImGuiIO& io = ImGui::GetIO();
    io.SetClipboardTextFn = [](void*, const char* text) { logged += text; };
    const char* number = "1.805e-35";
    TextTable t;
    t.id = "lab";
    t.headers = {"token", "a", "b", "c", "d", "e", "f"};
    t.rows.push_back({{"cat"}, {number}, {number}, {number}, {number}, {number}, {number}});
    UiState ui;
    float box_left = 0, box_width = 0;
    const auto frame = [&] {
        logged.clear();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(200, 400));
        ImGui::Begin("phone");
        ImGui::LogToClipboard();
        box_left = ImGui::GetCursorScreenPos().x;
        box_width = ImGui::GetContentRegionAvail().x;
        text_table(t, &ui);
        ImGui::End();  // (the log goes to the "clipboard")
    };
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = style.CellPadding.x * 2 + 2;
    const float number_w = ImGui::CalcTextSize(number).x;
    const float token_w = ImGui::CalcTextSize("token").x + pad, column_w = number_w + pad;
    // Numbers wholly in the box, scrolled by `scroll` (the first column staying at its left).
    const auto whole = [&](float scroll) {
        int count = 0;
        for (int c = 0; c < 6; ++c) {
            const float left = box_left + token_w + column_w * float(c) + style.CellPadding.x + 1 - scroll;
            const float view_left = box_left + (scroll > 0.5f ? token_w : 0.0f);
            count += left >= view_left - 0.5f && left + number_w <= box_left + box_width + 0.5f;
        }
        return count;
    };
    // The "…"s: one in each cut cell whose visible part holds it, within that part (a "…" of a
    // cell scrolled wholly under the tokens drew over the next cell's whole number).
    const float more_w = ImGui::CalcTextSize("\u2026").x;
    const auto ellipses = [&](float scroll) {  // in the numbers' row and in the headers' (a, b, ...)
        int count = 0;
        const float view_left = box_left + (scroll > 0.5f ? token_w : 0.0f), view_right = box_left + box_width;
        for (int c = 0; c < 6; ++c) {
            const float cell_left = box_left + token_w + column_w * float(c) - scroll;
            const float left = cell_left + style.CellPadding.x + 1;
            for (const float w : {number_w, ImGui::CalcTextSize(t.headers[size_t(c + 1)].c_str()).x}) {
                if (left >= view_left - 0.5f && left + w <= view_right + 0.5f) continue;  // whole
                const float x = std::max(left, view_left + style.CellPadding.x + 1);
                count += x + more_w <= std::min(view_right, cell_left + column_w - style.CellPadding.x);
            }
        }
        return count;
    };
    const auto drawn = [&](const char* text) {
        int count = 0;
        for (size_t at = logged.find(text); at != std::string::npos; at = logged.find(text, at + 1)) ++count;
        return count;
    };
    frame();
    REQUIRE(token_w + column_w * 6 > box_width);                    // it scrolls sideways
    REQUIRE(whole(0) < int((box_width - token_w) / column_w + 1));  // one column cut at the edge
    CHECK(drawn(number) == whole(0));
    CHECK(drawn("\u2026") == ellipses(0));  // where the cut number was: "there is more"
    ImGui::Render();
    // The learner scrolls the box: each number whole or a "…" in its own cell.
    const auto scrolled_to = [&](float scroll) {
        for (ImGuiWindow* w : GImGui->Windows)
            if (std::strstr(w->Name, "phone/lab")) w->Scroll.x = scroll;
        ImGui::NewFrame();
        frame();
        CHECK(drawn(number) == whole(scroll));
        CHECK(drawn("\u2026") == ellipses(scroll));
        ImGui::Render();
    };
    // By less than a column: one cut beside the tokens, one at the right edge.
    scrolled_to(std::floor(column_w * 0.5f));
    CHECK(whole(std::floor(column_w * 0.5f)) >= 1);
    // By a whole column: the first number lies wholly under the tokens and says nothing over the
    // next one, which starts at their edge.
    scrolled_to(column_w);
    CHECK(ellipses(column_w) <= 2);  // at most the right edge's, a number's and its header's
    ImGui::DestroyContext();
}

TEST_CASE("ui: a wrapped line of code goes on four columns deeper than its own indentation") {
    new_test_frame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(220, 400));  // a phone's column: the call wraps
    ImGui::Begin("code");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int first_vertex = dl->VtxBuffer.Size;
    const float top = ImGui::GetCursorScreenPos().y, left = ImGui::GetCursorScreenPos().x;
    code_line("    rows.append(mha(batch[:, :1], use_cache=True))  # the prompt");
    // Deeper than a phone's column is wide for its first word: the word still follows its indent.
    const float second_top = ImGui::GetCursorScreenPos().y;
    const int second_vertex = dl->VtxBuffer.Size;
    code_line("            rows.append(a_rather_long_name_for_the_model(batch[:, t:t + 1], use_cache=True))");
    float second_first_row = FLT_MAX;
    for (int i = second_vertex; i < dl->VtxBuffer.Size; ++i)
        if (dl->VtxBuffer[i].pos.y < second_top + ImGui::GetFontSize())
            second_first_row = std::min(second_first_row, dl->VtxBuffer[i].pos.x);
    CHECK(second_first_row < FLT_MAX);  // the first row holds glyphs, not only the indentation
    const float column = ImGui::CalcTextSize(" ").x;
    // The leftmost glyph of the first line and of the lines after it.
    float first_line = FLT_MAX, later_lines = FLT_MAX;
    for (int i = first_vertex; i < second_vertex; ++i) {
        const ImVec2 p = dl->VtxBuffer[i].pos;
        float& leftmost = p.y < top + ImGui::GetFontSize() ? first_line : later_lines;
        leftmost = std::min(leftmost, p.x);
    }
    ImGui::End();
    ImGui::Render();
    ImGui::DestroyContext();
    REQUIRE(later_lines < FLT_MAX);               // it wrapped
    CHECK(first_line >= left + 4 * column - 1);   // its own four spaces
    CHECK(later_lines >= left + 8 * column - 1);  // and four more for what did not fit
    CHECK(later_lines < left + 9 * column);
}

TEST_CASE("ui: a piece of code wider than a wrapped line breaks after '(' or ',', before '.', never past the edge") {
    new_test_frame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(220, 400));  // a phone's column
    ImGui::Begin("code");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const float top = ImGui::GetCursorScreenPos().y;
    const int first_vertex = dl->VtxBuffer.Size;
    // The lesson's grouped-query step: one word of 44 characters, wider than the column.
    code_line("keys = keys_base.repeat_interleave(self.group_size, dim=1)  # group_size = num_heads // num_kv_groups");
    const float bottom = ImGui::GetCursorScreenPos().y;
    float rightmost = 0;
    for (int i = first_vertex; i < dl->VtxBuffer.Size; ++i) rightmost = std::max(rightmost, dl->VtxBuffer[i].pos.x);
    // A name with no place to break at all is cut between characters, inside the edge too.
    const int second_vertex = dl->VtxBuffer.Size;
    code_line("x = a_single_name_far_longer_than_any_phone_column_is_wide_at_all");
    float rightmost_name = 0;
    for (int i = second_vertex; i < dl->VtxBuffer.Size; ++i)
        rightmost_name = std::max(rightmost_name, dl->VtxBuffer[i].pos.x);
    const float font = ImGui::GetFontSize();
    ImGui::End();
    ImGui::Render();
    ImGui::DestroyContext();
    CHECK(bottom - top > 3 * font);  // it wrapped onto several lines
    CHECK(rightmost <= right + 0.5f);
    CHECK(rightmost_name <= right + 0.5f);
}

TEST_CASE("ui: the flat plot's zero labels sit beside its axes, not on them") {
    // A walk read the y axis's "0.0" as "-0.0": the x axis ran through it; the y axis ran through
    // the x axis's "0.0".
    new_test_frame();
    attn::ui::PlotView v;
    v.dims = 2;
    v.origin = ImVec2(0, 0);
    v.size = ImVec2(500, 400);
    attn::OrbitCamera camera;
    camera.half_extent = 1.5f;
    attn::camera_view_projection(camera, v.size.x / v.size.y, v.view_projection);
    attn::PlotScene scene;
    std::vector<attn::ui::TickText> ticks;
    attn::ui::add_plot_grid(v, camera, &scene, &ticks);
    ImVec2 zero;
    REQUIRE(v.to_screen(attn::Vec3{0, 0, 0}, &zero));
    int zeros = 0;
    for (const attn::ui::TickText& t : ticks) {
        if (t.text != "0.0") continue;
        ++zeros;
        const ImVec2 size = ImGui::CalcTextSize(t.text.c_str());
        CAPTURE(t.pos.x);
        CAPTURE(t.pos.y);
        const bool crosses_x_axis = t.pos.y < zero.y && t.pos.y + size.y > zero.y;
        const bool crosses_y_axis = t.pos.x < zero.x && t.pos.x + size.x > zero.x;
        CHECK_FALSE(crosses_x_axis);
        CHECK_FALSE(crosses_y_axis);
    }
    CHECK(zeros == 2);  // one on each axis
    ImGui::EndFrame();
    ImGui::DestroyContext();
}

TEST_CASE("ui: a glued piece goes to the next line with the piece before it") {
    // The context vector's terms on a laptop: "0.0085·" at a line's end, its "[-1, -1]" alone below.
    new_test_frame();
    ImGui::SetNextWindowSize(ImVec2(380, 380));
    ImGui::Begin("w");
    // Room for "first second·", or for "second·[-1, -1]", not for all three.
    const float w = ImGui::CalcTextSize("second·[-1, -1]").x + 2;
    REQUIRE(ImGui::CalcTextSize("first second·").x < w);
    ImGui::LogToBuffer();
    flow_text({{"first ", 0}, {"second·", 0}, {"[-1, -1]", 0, true}}, 0.0f, w);
    const std::string glued = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
    ImGui::LogToBuffer();
    flow_text({{"first ", 0}, {"second·", 0}, {"[-1, -1]", 0, false}}, 0.0f, w);
    const std::string loose = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
    ImGui::End();
    ImGui::EndFrame();
    ImGui::DestroyContext();
    CAPTURE(glued);
    CAPTURE(loose);
    // (ImGui's log starts a line where the text does and puts a space between pieces on one.)
    const auto apart = [](const std::string& log) {
        const size_t a = log.find("second"), b = log.find("[-1, -1]");
        return log.find('\n', a) < b;
    };
    CHECK(glued.find("first \nsecond") != std::string::npos);  // "second·" moved down...
    CHECK_FALSE(apart(glued));                                 // ...with its vector
    CHECK(apart(loose));                                       // without the glue, apart
}

TEST_CASE("ui: running text keeps a short group on one line, and breaks one wider than the line at its spaces") {
    new_test_frame();
    ImGui::SetNextWindowSize(ImVec2(380, 380));
    ImGui::Begin("w");
    const float narrow = ImGui::CalcTextSize("[0.1250, 0.6250,").x + 2;  // less than the whole vector
    const auto logged = [](const std::string& text, float width) {
        ImGui::LogToBuffer();
        attn::ui::prose(text, ImVec4(0, 0, 0, 0), width);
        const std::string log = GImGui->LogBuffer.c_str();
        ImGui::LogFinish();
        return log;
    };
    const std::string kept = logged("weights [0.1250, 0.6250, 0.2500]", 0.0f);
    const std::string split = logged("[0.1250, 0.6250, 0.2500]", narrow);
    ImGui::End();
    ImGui::EndFrame();
    ImGui::DestroyContext();
    CAPTURE(kept);
    CAPTURE(split);
    CHECK(kept.find('\n', kept.find('[')) > kept.find(']'));  // no line break inside the vector
    CHECK(split.find('\n') < split.find("0.2500"));           // too wide for the line: broken, not cut
}

TEST_CASE("ui: a tick label gives way to an axis name and to a tick already drawn; a token's label wins over both") {
    // On a phone, the 3-D view's "1.0" on one axis ran into the name "x[0]" of the axis beside it.
    new_test_frame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 400));  // the texts inside its clip rect
    ImGui::Begin("plot");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const auto glyph_quads = [&](const std::vector<attn::ui::TickText>& ticks, std::vector<ImVec4> taken) {
        const int before = dl->VtxBuffer.Size;
        attn::ui::draw_ticks(dl, ticks, std::move(taken));
        return (dl->VtxBuffer.Size - before) / 4;  // AddText: one quad per glyph
    };
    const attn::ui::TickText name{ImVec2(100, 100), "x[0]", true};
    const attn::ui::TickText tick_on_name{ImVec2(104, 102), "1.0"};  // listed before or after the name
    const attn::ui::TickText tick_on_tick{ImVec2(106, 104), "0.5"};  // overlaps the first tick
    const attn::ui::TickText tick_clear{ImVec2(300, 300), "-0.5"};
    CHECK(glyph_quads({tick_on_name, name}, {}) == 4);                        // "x[0]" only
    CHECK(glyph_quads({tick_on_name, tick_on_tick}, {}) == 3);                // "1.0" only
    CHECK(glyph_quads({tick_clear, name}, {}) == 8);                          // both
    CHECK(glyph_quads({name, tick_clear}, {ImVec4(90, 90, 140, 120)}) == 4);  // a token's label there: the tick only
    ImGui::End();
    ImGui::EndFrame();
    ImGui::DestroyContext();
}

TEST_CASE("ui: the shape tracer labels cells by letters, or by positions where two tokens' letters read alike") {
    // Twelve tokens t0..t11 in cells two letters wide: t10 and t11 read "t1", as t1 does.
    new_test_frame();
    const float two = ImGui::CalcTextSize("Yo").x;
    CHECK(tracer_labels({"Your", "journey", "starts"}, {0, 1, 2}, two) == std::vector<std::string>{"Yo", "jo", "st"});
    std::vector<std::string> twelve;
    for (int i = 0; i < 12; ++i) twelve.push_back("t" + std::to_string(i));
    CHECK(tracer_labels(twelve, {0, 1, 2}, two) == std::vector<std::string>{"t0", "t1", "t2"});
    CHECK(tracer_labels(twelve, {1, 10, 11}, two) == std::vector<std::string>{"1", "10", "11"});
    ImGui::EndFrame();
    ImGui::DestroyContext();
}

TEST_CASE("ui: a table whose headers wrap gives the room left back to them: as wide as the room, fewer header lines") {
    // A Chinese reader's phone: step 9's headers broke into three lines ("最大权 / 重，不 / 缩放")
    // in a table 50 px short of the panel's edge.
    new_test_frame();
    TextTable t;
    t.id = "scaling";
    t.headers = {"d_out = d_k", "top weight, no scaling", "top weight, / sqrt(d_k)", "entropy, no scaling",
                 "entropy, / sqrt(d_k)"};
    for (const char* d : {"2", "8", "32", "128"})
        t.rows.push_back({{d}, {"0.2507"}, {"0.2264"}, {"1.7101"}, {"1.7480"}});
    UiState ui;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(380, 400));
    ImGui::Begin("phone");
    const float room = ImGui::GetContentRegionAvail().x;
    text_table(t, &ui);
    ImGui::End();
    const attn::ui::LayoutItem* table = nullptr;
    for (const attn::ui::LayoutItem& item : ui.layout)
        if (item.name == "table:scaling") table = &item;
    REQUIRE(table != nullptr);
    CHECK(table->rect.z <= room + 0.5f);  // within the room: no sideways box
    CHECK(table->rect.z >= room - 6.0f);  // and not short of it
    ImGui::DestroyContext();
}
