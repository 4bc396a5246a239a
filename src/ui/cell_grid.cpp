// Cells as filled rectangles in the weights' sequential colour map (the heatmaps' stops, from the
// core), numbers in the mono font with the ink the cell needs; -inf and nan cells in the flat grey
// the heatmaps use for them, labelled so.
#include "ui/cell_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text/tensor_format.h"
#include "core/view/colormap.h"
#include "ui/theme.h"
#include "ui/widgets.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

ImU32 to_u32(Rgba c) {
    return ImGui::GetColorU32(ImVec4(c.r, c.g, c.b, c.a));
}

// A cell's width: room for "-0." and the decimals (the tracer's cells hold a few letters of a token).
float cell_width(const CellGrid& g) {
    ImGui::PushFont(mono_font());
    const float text = g.decimals < 0 ? ImGui::GetFontSize() * 1.2f
                                      : ImGui::CalcTextSize("-0.0000", nullptr).x * float(3 + g.decimals) / 7.0f;
    ImGui::PopFont();
    return std::floor(text + ImGui::GetFontSize() * 0.4f);
}

// The row labels' column: as wide as the longest label drawn (in the mono font they are drawn in),
// from 3.2 em up to 4.8 em: "journey" whole, a longer label cut to its first letters.
float label_width(const CellGrid& g) {
    if (!g.tokens) return 0.0f;
    const float em = ImGui::GetFontSize();
    const size_t first = size_t(std::max(g.first_row, 0));
    const size_t end =
        std::min(g.tokens->size(), first + size_t(g.m ? std::min(g.m->rows, kMaxGridCells) : kMaxGridCells));
    ImGui::PushFont(mono_font());
    float longest = 0;
    for (size_t i = first; i < end; ++i) longest = std::max(longest, ImGui::CalcTextSize((*g.tokens)[i].c_str()).x);
    ImGui::PopFont();
    return std::clamp(std::floor(longest + 4 + em * 0.4f), em * 3.2f, em * 4.8f);
}

// The first letters of a label that fit in `width` (whole UTF-8 characters).
std::string fitted(const std::string& label, float width) {
    std::string out;
    for (size_t i = 0; i < label.size();) {
        size_t next = i + 1;
        while (next < label.size() && (static_cast<unsigned char>(label[next]) & 0xC0) == 0x80) ++next;
        if (ImGui::CalcTextSize((out + label.substr(i, next - i)).c_str()).x > width) break;
        out += label.substr(i, next - i);
        i = next;
    }
    return out;
}

}  // namespace

std::vector<std::string> tracer_labels(const std::vector<std::string>& tokens, const std::vector<int>& shown,
                                       float width) {
    std::vector<std::string> letters;
    for (const int t : shown) letters.push_back(fitted(tokens[size_t(t)], width));
    for (size_t i = 0; i < letters.size(); ++i)
        if (std::find(letters.begin() + long(i) + 1, letters.end(), letters[i]) != letters.end()) {
            for (size_t k = 0; k < shown.size(); ++k) letters[k] = std::to_string(shown[k]);
            break;
        }
    return letters;
}

ImU32 token_hue(int token) {
    // Okabe-Ito's eight, light enough for dark text on the light theme and the dark one alike.
    static const ImU32 kHues[] = {IM_COL32(230, 159, 0, 255),  IM_COL32(86, 180, 233, 255),  IM_COL32(0, 158, 115, 255),
                                  IM_COL32(240, 228, 66, 255), IM_COL32(204, 121, 167, 255), IM_COL32(213, 94, 0, 255),
                                  IM_COL32(0, 114, 178, 255),  IM_COL32(170, 170, 170, 255)};
    return kHues[size_t(std::max(token, 0)) % 8];
}

float cell_grid_width(const CellGrid& g) {
    const int cols = g.m ? std::min(g.m->cols, kMaxGridCells) : 0;
    // At least wide enough for a short title on one or two lines.
    return std::max(label_width(g) + cell_width(g) * float(cols), ImGui::GetFontSize() * 14);
}

float grid_gap() {
    return ImGui::GetFontSize();
}

std::string cell_number(float v, int decimals, float width) {
    // Fewer decimals before an exponent, while two significant digits stay: 100 reads "100", not
    // "1e+02" (a phone's step 6); 0.3 never reads "0". (Counted in the text: log10 would bring
    // libm's into the page's first download.)
    const auto significant = [](const std::string& t) {
        const size_t first = t.find_first_of("123456789");
        int digits = 0;
        for (size_t i = first; i < t.size(); ++i) digits += t[i] >= '0' && t[i] <= '9';
        return first == std::string::npos ? 0 : digits;
    };
    const auto fits = [&](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x <= width; };
    // The most decimals that fit while `least` significant digits stay; "" if none does.
    const auto fewer_decimals = [&](int least) {
        for (int d = decimals; d >= 0; --d) {
            std::string text = format_fixed(v, d);
            if (d < decimals && v != 0.0f && significant(text) < least) break;
            if (fits(text)) return text;
        }
        return std::string();
    };
    if (std::string text = fewer_decimals(2); !text.empty()) return text;
    char compact[32];
    std::snprintf(compact, sizeof compact, "%.2g", double(v));
    if (fits(compact)) return compact;
    // Narrower still: one significant digit ("0.3" for 0.3127), never "0" for a number that is not.
    if (std::string text = fewer_decimals(1); !text.empty()) return text;
    return compact;
}

void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, const std::string& text, ImU32 ink, float pad) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float y = a.y + (b.y - a.y - size.y) / 2;
    if (size.x <= b.x - a.x - 2 * pad) {
        dl->AddText(ImVec2(b.x - size.x - pad, y), ink, text.c_str());
        return;
    }
    dl->PushClipRect(a, b, true);
    dl->AddText(ImVec2(a.x + pad, y), ink, text.c_str());
    dl->PopClipRect();
}

void cell_grid(const CellGrid& g, UiState* ui) {
    if (!g.m) return;
    const Matrix& m = *g.m;
    const float width = cell_grid_width(g);
    ImGui::BeginGroup();
    if (!g.title.empty()) prose(g.title, muted_text(), width);
    if (!g.covered.empty()) {  // the panel's width: a covered grid has no columns to be as wide as
        prose(g.covered, muted_text());
        record_value(ui, std::string("grid:") + g.id, kHidden);
        ImGui::EndGroup();
        return;
    }
    const int rows = std::min(m.rows, kMaxGridCells), cols = std::min(m.cols, kMaxGridCells);
    const float side = cell_width(g), row_h = std::floor(ImGui::GetFontSize() * 1.4f), labels = label_width(g);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::PushFont(mono_font());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (g.tokens)
        for (int r = 0; r < rows; ++r)
            if (size_t(g.first_row + r) < g.tokens->size()) {
                const std::string label = fitted((*g.tokens)[size_t(g.first_row + r)], labels - 4);
                dl->AddText(ImVec2(o.x, o.y + row_h * float(r) + (row_h - ImGui::GetFontSize()) / 2), u32(muted_text()),
                            label.c_str());
            }
    // Wider than the panel (eight columns on a phone): the cells scroll sideways in their own
    // region (a swipe sideways moves them, ui/touch_routing.h), the row labels stay at the left.
    const float cells_w = side * float(cols), cells_h = row_h * float(rows);
    const float room = ImGui::GetContentRegionAvail().x - labels;
    const bool sideways = cells_w > room + 0.5f && room > side;
    ImVec2 co(o.x + labels, o.y);  // the first cell's top-left
    if (sideways) {
        ImGui::SetCursorScreenPos(co);
        ImGui::BeginChild((std::string(g.id) + "##wide").c_str(),
                          ImVec2(room, cells_h + ImGui::GetStyle().ScrollbarSize), false,
                          ImGuiWindowFlags_HorizontalScrollbar);
        co = ImGui::GetCursorScreenPos();
        dl = ImGui::GetWindowDrawList();
    }
    std::vector<int> shown;  // the tokens the tracer's cells name, and their labels in that order
    if (!g.token_of.empty() && g.tokens)
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const int t = g.token_of[size_t(r * m.cols + c)];
                if (t >= 0 && size_t(t) < g.tokens->size() && std::find(shown.begin(), shown.end(), t) == shown.end())
                    shown.push_back(t);
            }
    const std::vector<std::string> letters =
        shown.empty() ? std::vector<std::string>() : tracer_labels(*g.tokens, shown, side - 4);
    for (int r = 0; r < rows; ++r) {
        const float y = co.y + row_h * float(r);
        for (int c = 0; c < cols; ++c) {
            const float v = m.at(r, c);
            const ImVec2 a(co.x + side * float(c), y), b(a.x + side - 1, a.y + row_h - 1);
            Rgba fill;
            std::string text;
            if (!g.token_of.empty()) {
                const int t = g.token_of[size_t(r * m.cols + c)];
                dl->AddRectFilled(a, b, token_hue(t));
                const auto at = std::find(shown.begin(), shown.end(), t);
                if (at != shown.end()) text = letters[size_t(at - shown.begin())];
                dl->AddText(ImVec2(a.x + 2, a.y + (row_h - ImGui::GetFontSize()) / 2), IM_COL32(20, 24, 32, 255),
                            text.c_str());
                continue;
            }
            if (std::isfinite(v) && g.high <= 0) {  // numbers without a scale: a plain cell
                const ImVec4 frame = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
                fill = Rgba{frame.x, frame.y, frame.z, 1};
                if (g.decimals >= 0) text = cell_number(v, g.decimals, side - 4);
            } else if (std::isfinite(v)) {
                fill = colormap_color(ColorMap::Sequential, v / g.high);
                if (g.decimals >= 0) text = cell_number(v, g.decimals, side - 4);
            } else {
                fill = colormap_undefined_color();
                text = std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
            }
            dl->AddRectFilled(a, b, to_u32(fill));
            if (!text.empty()) cell_text(dl, a, b, text, u32(cell_ink(fill)), 2);
        }
    }
    if (sideways) {
        ImGui::Dummy(ImVec2(cells_w, cells_h));
        ImGui::EndChild();
        ImGui::SetCursorScreenPos(o);
        ImGui::Dummy(ImVec2(labels + room, cells_h + ImGui::GetStyle().ScrollbarSize));
    } else {
        ImGui::Dummy(ImVec2(labels + cells_w, cells_h));
    }
    ImGui::PopFont();
    record_layout(ui, std::string("grid:") + g.id);
    if (m.rows > rows || m.cols > cols)
        ImGui::TextColored(muted_text(), tr("first %d of %d rows, %d of %d columns"), rows, m.rows, cols, m.cols);
    ImGui::EndGroup();
}

}  // namespace attn::ui
