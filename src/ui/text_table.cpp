// Two passes over the cells: measure (each column's widest text, each row's tallest), then draw
// the row bands, the rules and the text at the measured positions, and reserve the space.
#include "ui/text_table.h"

#include <algorithm>
#include <cmath>

#include "core/text/line_breaks.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace attn::ui {
namespace {

struct Measured {
    std::vector<float> widths;   // per column, padding included (0: the wrap column, stacked)
    std::vector<float> heights;  // header row (if any), then each row
    std::vector<float> firsts;   // per row: the height of its cells' line (stacked: above its text)
    float width = 0, height = 0;
    bool headers_wrap = false;  // the headers wrap, where running text may break, to their column's width
    bool stacked = false;       // the wrap column goes under its row's other cells, across the table
    std::vector<std::vector<std::string>> header_lines;  // per header, its lines as drawn (when they wrap)
};

float text_width(const std::string& text) {
    const size_t end = text.find_last_not_of(' ');  // a line's trailing spaces take no room
    return end == std::string::npos ? 0.0f : ImGui::CalcTextSize(text.c_str(), text.c_str() + end + 1).x;
}

// A header's lines within `width`, broken where running text may break (at spaces, and between
// Chinese characters: "最大权重，不缩放" has no space). 0: one line.
std::vector<std::string> header_lines(const std::string& text, float width) {
    if (width <= 0) return {text};
    std::vector<std::string> lines(1);
    for (std::string& piece : line_break_pieces(text, LineGroups::Split)) {  // a column is narrow
        if (!lines.back().empty() && text_width(lines.back() + piece) > width)
            lines.push_back(std::move(piece));
        else
            lines.back() += piece;
    }
    return lines;
}

// How narrow a header's column gets when headers wrap: its widest piece, and a short header whole
// (a two-character Chinese word such as "朴素" is not split into a column of single characters).
float widest_word(const std::string& text) {
    float widest = 0;
    for (const std::string& piece : line_break_pieces(text, LineGroups::Split))
        widest = std::max(widest, text_width(piece));
    return std::max(widest, std::min(text_width(text), ImGui::GetFontSize() * 2.5f));
}

// Columns as wide as their widest cell and header. Wider than the room (a phone), in two moves
// before it scrolls sideways: the headers wrap at spaces, then the wrapping column (step 4's
// reading) goes under each row's other cells, across the table.
Measured measure(const TextTable& t, float avail) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad_x = style.CellPadding.x * 2 + 2, pad_y = style.CellPadding.y * 2;
    const float min_wrap = ImGui::GetFontSize() * 8;  // the wrapping column: at least eight characters
    size_t cols = t.headers.size();
    for (const auto& row : t.rows) cols = std::max(cols, row.size());
    const bool wraps = t.wrap_column >= 0 && size_t(t.wrap_column) < cols;
    const size_t wc = wraps ? size_t(t.wrap_column) : cols;
    Measured m;
    std::vector<float> cells(cols, 0.0f);
    for (const auto& row : t.rows)
        for (size_t c = 0; c < row.size(); ++c)
            if (c != wc) cells[c] = std::max(cells[c], ImGui::CalcTextSize(row[c].text.c_str()).x + pad_x);
    m.widths = cells;
    for (size_t c = 0; c < t.headers.size(); ++c)
        m.widths[c] = std::max(m.widths[c], ImGui::CalcTextSize(t.headers[c].c_str()).x + pad_x);
    const auto others = [&] {
        float sum = 0;
        for (size_t c = 0; c < cols; ++c)
            if (c != wc) sum += m.widths[c];
        return sum;
    };
    const std::vector<float> unwrapped = m.widths;
    const auto wrap_headers = [&] {
        for (size_t c = 0; c < t.headers.size(); ++c)
            if (c != wc) m.widths[c] = std::max(cells[c], widest_word(t.headers[c]) + pad_x);
    };
    m.headers_wrap = others() + (wraps ? min_wrap : 0) > avail + 0.5f;
    if (m.headers_wrap) wrap_headers();
    if (m.headers_wrap && !wraps) {
        // The room the wrapped headers leave goes back to them, to each as much as it gave up:
        // fewer lines ("最大权 / 重，不 / 缩放" in a table 50 px short of a phone's edge).
        float gave = 0;
        for (size_t c = 0; c < cols; ++c) gave += unwrapped[c] - m.widths[c];
        const float spare = avail - others();
        if (gave > 0 && spare > 0)
            for (size_t c = 0; c < cols; ++c)
                m.widths[c] += std::floor(std::min(spare, gave) * (unwrapped[c] - m.widths[c]) / gave);
    }
    if (wraps) {
        float longest = wc < t.headers.size() ? ImGui::CalcTextSize(t.headers[wc].c_str()).x + pad_x : 0;
        for (const auto& row : t.rows)
            if (wc < row.size()) longest = std::max(longest, ImGui::CalcTextSize(row[wc].text.c_str()).x + pad_x);
        m.stacked = others() + min_wrap > avail + 0.5f;
        if (m.stacked) {  // the others alone may fit with their headers whole
            m.widths = unwrapped;
            m.headers_wrap = others() > avail + 0.5f;
            if (m.headers_wrap) wrap_headers();
        }
        // Beside the others: the width they leave, from eight characters to its longest text.
        m.widths[wc] = m.stacked ? 0.0f : std::clamp(avail - others(), min_wrap, std::max(longest, min_wrap));
        if (m.stacked && others() < avail) {  // the text under each row spans the room
            size_t last = cols - 1;
            if (last == wc && last > 0) --last;
            m.widths[last] += avail - others();
        }
    }
    for (float w : m.widths) m.width += w;
    const float line = ImGui::GetTextLineHeight();
    if (!t.headers.empty()) {
        float h = line;
        for (size_t c = 0; c < t.headers.size() && m.headers_wrap; ++c) {
            m.header_lines.push_back(header_lines(t.headers[c], m.widths[c] - pad_x));
            if (!(m.stacked && c == wc)) h = std::max(h, line * float(m.header_lines.back().size()));
        }
        m.heights.push_back(h + pad_y);
    }
    for (const auto& row : t.rows) {
        float h = line, under = 0;
        if (wraps && wc < row.size()) {
            const float width = m.stacked ? m.width - pad_x : m.widths[wc] - pad_x;
            const float text_h = ImGui::CalcTextSize(row[wc].text.c_str(), nullptr, false, width).y;
            if (m.stacked)
                under = text_h + pad_y / 2;
            else
                h = std::max(h, text_h);
        }
        m.firsts.push_back(h + pad_y);
        m.heights.push_back(h + pad_y + under);
    }
    for (float h : m.heights) m.height += h;
    return m;
}

// in_box: the table is in its own box that scrolls sideways (text_table).
void draw(const TextTable& t, const Measured& m, UiState* ui, bool in_box) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 local = ImGui::GetCursorPos();
    const ImU32 border = ImGui::GetColorU32(ImGuiCol_TableBorderLight);
    const float pad_x = style.CellPadding.x * 2 + 2;
    float y = origin.y;
    size_t r = 0;
    // In a box scrolled sideways, text the box's edge would cut is not drawn: "1.805e-3" at the
    // right edge (of 1.805e-35), or "05e-35" beside the first column that stays at the left, reads
    // as another number. A muted "…" stands in the cell's visible part, and the scrollbar says
    // there is more.
    const float scrolled = in_box ? ImGui::GetScrollX() : 0.0f;
    const float sticky = scrolled > 0.5f && !m.stacked && !m.widths.empty() ? m.widths[0] : 0.0f;
    const float view_left = ImGui::GetWindowPos().x + sticky;
    const float view_right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
    const auto cut = [&](float left, float width) {
        return in_box && width < view_right - view_left &&
               (left + width > view_right + 0.5f || left < view_left - 0.5f);
    };
    // Text at the cursor, wrapped within `width` when asked.
    const auto text_at = [&](ImVec2 at, const std::string& text, ImU32 color, float width) {
        ImGui::SetCursorScreenPos(at);
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        if (width > 0) ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + width);
        ImGui::TextUnformatted(text.c_str());
        if (width > 0) ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    };
    // Text, or where the box's edge would cut it, a "…" within the cell's visible part (none where
    // that part is too narrow for it, or the cell is wholly out of view). cell_right: the cell's
    // right edge, before its rule.
    const char* more = "\u2026";
    const auto more_at = [&](ImVec2 at, float cell_right) {
        const float x = std::max(at.x, view_left + style.CellPadding.x + 1);
        if (x + text_width(more) <= std::min(view_right, cell_right - style.CellPadding.x))
            text_at(ImVec2(x, at.y), more, u32(muted_text()), 0.0f);
    };
    const auto whole_text_at = [&](ImVec2 at, const std::string& text, ImU32 color, float cell_right) {
        if (cut(at.x, text_width(text)))
            more_at(at, cell_right);
        else
            text_at(at, text, color, 0.0f);
    };
    // One line of cells; h: the height its column rules run.
    const auto row_text = [&](const std::vector<TextCell>* cells, const std::vector<std::string>* headers, float h) {
        float x = origin.x;
        const size_t count = cells ? cells->size() : headers->size();
        for (size_t c = 0; c < count && c < m.widths.size(); ++c) {
            if (m.stacked && int(c) == t.wrap_column) continue;  // under the row instead
            const std::string& text = cells ? (*cells)[c].text : (*headers)[c];
            const ImU32 color = cells && (*cells)[c].color ? (*cells)[c].color : ImGui::GetColorU32(ImGuiCol_Text);
            const ImVec2 at(x + style.CellPadding.x + 1, y + style.CellPadding.y);
            if (cells || !m.headers_wrap) {
                const bool wrap = cells && int(c) == t.wrap_column;
                if (wrap || c == 0)
                    text_at(at, text, color, wrap ? m.widths[c] - pad_x : 0.0f);
                else
                    whole_text_at(at, text, color, x + m.widths[c]);
            } else {
                // A wrapped header is whole or a "…": "exp(s -" cut above a whole "max)" misleads too.
                const std::vector<std::string>& lines = m.header_lines[c];
                bool header_cut = false;
                for (const std::string& line : lines) header_cut = header_cut || (c > 0 && cut(at.x, text_width(line)));
                if (header_cut) more_at(at, x + m.widths[c]);
                for (size_t k = 0; k < lines.size() && !header_cut; ++k) {
                    const ImVec2 line_at(at.x, at.y + ImGui::GetTextLineHeight() * float(k));
                    text_at(line_at, lines[k], color, 0.0f);
                }
            }
            x += m.widths[c];
            if (x < origin.x + m.width - 0.5f) dl->AddLine(ImVec2(x, y), ImVec2(x, y + h), border);
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
        const float first = m.stacked ? m.firsts[i] : h;
        row_text(&t.rows[i], nullptr, first);
        const std::vector<TextCell>& row = t.rows[i];
        if (m.stacked && size_t(t.wrap_column) < row.size()) {
            const TextCell& cell = row[size_t(t.wrap_column)];
            text_at(ImVec2(origin.x + style.CellPadding.x + 1, y + first - style.CellPadding.y), cell.text,
                    cell.color ? cell.color : ImGui::GetColorU32(ImGuiCol_Text), m.width - pad_x);
        }
        y += h;
    }
    dl->AddRect(origin, ImVec2(origin.x + m.width, y), ImGui::GetColorU32(ImGuiCol_TableBorderStrong));
    // In its own box scrolled sideways, the first column (the token each row is about) stays at the
    // box's left edge, drawn again over the cells that scrolled under it.
    if (sticky > 0) {
        const float left = origin.x + scrolled, w0 = m.widths[0];
        float top = origin.y;
        size_t k = 0;
        const auto cell = [&](const std::string& text, ImU32 color, ImU32 fill, float h) {
            dl->AddRectFilled(ImVec2(left, top), ImVec2(left + w0, top + h), ImGui::GetColorU32(ImGuiCol_WindowBg));
            if (fill) dl->AddRectFilled(ImVec2(left, top), ImVec2(left + w0, top + h), fill);
            text_at(ImVec2(left + style.CellPadding.x + 1, top + style.CellPadding.y), text, color, 0.0f);
            dl->AddLine(ImVec2(left + w0, top), ImVec2(left + w0, top + h),
                        ImGui::GetColorU32(ImGuiCol_TableBorderStrong));
            top += h;
        };
        if (!t.headers.empty()) {
            const float h = m.heights[k++];
            std::string first = t.headers[0];
            if (m.headers_wrap) {
                first.clear();
                for (const std::string& line : m.header_lines[0]) first += (first.empty() ? "" : "\n") + line;
            }
            cell(first, ImGui::GetColorU32(ImGuiCol_Text), ImGui::GetColorU32(ImGuiCol_TableHeaderBg), h);
        }
        for (size_t i = 0; i < t.rows.size() && k < m.heights.size(); ++i) {
            const ImU32 band = int(i) == t.highlight_row ? t.highlight_color
                               : i % 2                   ? ImGui::GetColorU32(ImGuiCol_TableRowBgAlt)
                                                         : 0;
            const TextCell& c0 = t.rows[i].empty() ? TextCell{} : t.rows[i][0];
            cell(c0.text, c0.color ? c0.color : ImGui::GetColorU32(ImGuiCol_Text), band, m.heights[k++]);
        }
        record_layout(ui, std::string("table:") + t.id + ":first-column", ImVec2(left, origin.y),
                      ImVec2(left + w0, top));
    }
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
        draw(t, m, ui, false);
    } else {
        // Wider than the room: its own box, as tall as the rows and a scrollbar, scrolls sideways.
        const float h = std::ceil(m.height + ImGui::GetStyle().ScrollbarSize + 2);
        ImGui::BeginChild(t.id, ImVec2(avail, h), false, ImGuiWindowFlags_HorizontalScrollbar);
        draw(t, m, ui, true);
        ImGui::EndChild();
    }
    if (t.mono) ImGui::PopFont();
}

}  // namespace attn::ui
