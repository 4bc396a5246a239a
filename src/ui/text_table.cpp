// Two passes over the cells: measure (each column's widest text, each row's tallest), then draw
// the row bands, the rules and the text at the measured positions, and reserve the space.
#include "ui/text_table.h"

#include <algorithm>
#include <cmath>

#include "ui/theme.h"
#include "ui/widgets.h"

namespace attn::ui {
namespace {

struct Measured {
    std::vector<float> widths;   // per column, padding included
    std::vector<float> heights;  // header row (if any), then each row
    float width = 0, height = 0;
};

Measured measure(const TextTable& t, float avail) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad_x = style.CellPadding.x * 2 + 2, pad_y = style.CellPadding.y * 2;
    size_t cols = t.headers.size();
    for (const auto& row : t.rows) cols = std::max(cols, row.size());
    Measured m;
    m.widths.assign(cols, 0.0f);
    for (size_t c = 0; c < t.headers.size(); ++c) m.widths[c] = ImGui::CalcTextSize(t.headers[c].c_str()).x + pad_x;
    for (const auto& row : t.rows)
        for (size_t c = 0; c < row.size(); ++c)
            if (int(c) != t.wrap_column)
                m.widths[c] = std::max(m.widths[c], ImGui::CalcTextSize(row[c].text.c_str()).x + pad_x);
    if (t.wrap_column >= 0 && size_t(t.wrap_column) < cols) {
        // The wrapping column takes the width the others leave, at least eight characters, at
        // most its longest text.
        float others = 0, longest = m.widths[size_t(t.wrap_column)];
        for (size_t c = 0; c < cols; ++c)
            if (int(c) != t.wrap_column) others += m.widths[c];
        for (const auto& row : t.rows)
            if (size_t(t.wrap_column) < row.size())
                longest = std::max(longest, ImGui::CalcTextSize(row[size_t(t.wrap_column)].text.c_str()).x + pad_x);
        m.widths[size_t(t.wrap_column)] =
            std::clamp(avail - others, ImGui::GetFontSize() * 8, std::max(longest, ImGui::GetFontSize() * 8));
    }
    for (float w : m.widths) m.width += w;
    const float line = ImGui::GetTextLineHeight();
    if (!t.headers.empty()) m.heights.push_back(line + pad_y);
    for (const auto& row : t.rows) {
        float h = line;
        for (size_t c = 0; c < row.size(); ++c)
            if (int(c) == t.wrap_column)
                h = std::max(h, ImGui::CalcTextSize(row[c].text.c_str(), nullptr, false, m.widths[c] - pad_x).y);
        m.heights.push_back(h + pad_y);
    }
    for (float h : m.heights) m.height += h;
    return m;
}

void draw(const TextTable& t, const Measured& m, UiState* ui) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 local = ImGui::GetCursorPos();
    const ImU32 border = ImGui::GetColorU32(ImGuiCol_TableBorderLight);
    float y = origin.y;
    size_t r = 0;
    const auto row_text = [&](const std::vector<TextCell>* cells, const std::vector<std::string>* headers, float h) {
        float x = origin.x;
        const size_t count = cells ? cells->size() : headers->size();
        for (size_t c = 0; c < count && c < m.widths.size(); ++c) {
            ImGui::SetCursorScreenPos(ImVec2(x + style.CellPadding.x + 1, y + style.CellPadding.y));
            const std::string& text = cells ? (*cells)[c].text : (*headers)[c];
            const ImU32 color = cells && (*cells)[c].color ? (*cells)[c].color : ImGui::GetColorU32(ImGuiCol_Text);
            ImGui::PushStyleColor(ImGuiCol_Text, color);
            if (int(c) == t.wrap_column) {
                ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + m.widths[c] - style.CellPadding.x * 2 - 2);
                ImGui::TextUnformatted(text.c_str());
                ImGui::PopTextWrapPos();
            } else {
                ImGui::TextUnformatted(text.c_str());
            }
            ImGui::PopStyleColor();
            x += m.widths[c];
            if (c + 1 < count) dl->AddLine(ImVec2(x, y), ImVec2(x, y + h), border);
        }
    };
    if (!t.headers.empty()) {
        const float h = m.heights[r++];
        dl->AddRectFilled(origin, ImVec2(origin.x + m.width, y + h), ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
        row_text(nullptr, &t.headers, h);
        y += h;
    }
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const float h = m.heights[r++];
        const ImU32 band = int(i) == t.highlight_row ? t.highlight_color
                           : i % 2                   ? ImGui::GetColorU32(ImGuiCol_TableRowBgAlt)
                                                     : 0;
        if (band) dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + m.width, y + h), band);
        row_text(&t.rows[i], nullptr, h);
        y += h;
    }
    dl->AddRect(origin, ImVec2(origin.x + m.width, y), ImGui::GetColorU32(ImGuiCol_TableBorderStrong));
    ImGui::SetCursorPos(local);
    ImGui::Dummy(ImVec2(m.width, m.height));
    record_layout(ui, std::string("table:") + t.id, origin, ImVec2(origin.x + m.width, origin.y + m.height));
}

}  // namespace

void text_table(const TextTable& t, UiState* ui) {
    const float avail = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
    if (t.mono) ImGui::PushFont(mono_font());
    const Measured m = measure(t, avail);
    if (m.width <= avail + 0.5f) {
        draw(t, m, ui);
    } else {
        // Wider than the room: its own box, as tall as the rows and a scrollbar, scrolls sideways.
        const float h = std::ceil(m.height + ImGui::GetStyle().ScrollbarSize + 2);
        ImGui::BeginChild(t.id, ImVec2(avail, h), false, ImGuiWindowFlags_HorizontalScrollbar);
        draw(t, m, ui);
        ImGui::EndChild();
    }
    if (t.mono) ImGui::PopFont();
}

}  // namespace attn::ui
