// Shared building blocks: layout records, wrapped text that breaks only between pieces, tensor and
// dot-product strings, compact matrix grids.
#include "ui/widgets.h"

#include <imgui_internal.h>  // ScrollToRect: it scrolls the windows around the current one too

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "core/text/line_breaks.h"
#include "core/text/printf_text.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "ui/text_table.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {

void record_layout(UiState* ui, const char* name) {
    record_layout(ui, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void record_layout(UiState* ui, const std::string& name, ImVec2 min, ImVec2 max) {
    ui->layout.push_back({name, ImVec4(min.x, min.y, max.x - min.x, max.y - min.y), ""});
}

void record_value(UiState* ui, const std::string& name, const std::string& text) {
    record_value(ui, name, text, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void record_value(UiState* ui, const std::string& name, const std::string& text, ImVec2 min, ImVec2 max) {
    ui->layout.push_back({"value:" + name, ImVec4(min.x, min.y, max.x - min.x, max.y - min.y), text});
}

void push_wrap_at_screen_x(float x) {
    ImGui::PushTextWrapPos(x - ImGui::GetWindowPos().x + ImGui::GetScrollX());
}

bool tooltips_allowed() {
    return !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

bool item_tooltip() {
    return ImGui::IsItemHovered() && tooltips_allowed();
}

bool control_tooltip() {
    if (!item_tooltip()) return false;
    if (ImGui::GetCurrentContext()->NavDisableMouseHover) return true;  // focused by the keyboard
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 moved(io.MousePos.x - io.MouseClickedPos[0].x, io.MousePos.y - io.MouseClickedPos[0].y);
    constexpr float kStill = 3.0f;  // px: a hand resting on a mouse, or a finger lifted where it tapped
    return io.MouseClickedTime[0] <= 0.0 || moved.x * moved.x + moved.y * moved.y > kStill * kStill;
}

bool keyboard_navigating() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    return !g.NavDisableHighlight && g.NavId != 0;
}

void take_keyboard_focus() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    if (g.LastItemData.ID == 0) return;
    ImGui::FocusWindow(g.CurrentWindow);
    ImGui::SetFocusID(g.LastItemData.ID, g.CurrentWindow);
    g.NavDisableHighlight = false;  // SetFocusID hides it unless the keyboard was pressing something
    g.NavDisableMouseHover = true;  // as after an arrow key: the pointer's hover does not take over
    ImGui::ScrollToItem(ImGuiScrollFlags_KeepVisibleEdgeY);
}

void help_marker(const char* key, const std::string& help, UiState* ui) {
    const char* text = help.c_str();
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ui) record_layout(ui, key);
    // A stop for the arrow keys too: on it, the help shows as under a pointer and is said
    // ("help: ..."), so a keyboard has what a hover gives (WCAG 1.4.13, 2.1.1).
    const ImRect marker_rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const ImGuiID stop = ImGui::GetID((std::string(key) + ":keys").c_str());
    const bool on_keys = ImGui::ItemAdd(marker_rect, stop) && keyboard_on_last_item();
    if (on_keys) {
        ImGui::RenderNavHighlight(marker_rect, stop);
        name_for_keyboard(trf("help: %s", text));
    }
    // A finger has no hover (a lifted one is gone): a tap opens the help, shown under the marker
    // until the next press anywhere, which also does what it pressed (a popup took that press:
    // a tap on an answer only closed the help). A mouse's hover shows it too. The window keeps
    // whether it is open, under the marker's key.
    // (Released without a drag: a press on text is taken by the column's drag-to-scroll.)
    const ImGuiIO& io = ImGui::GetIO();
    const ImGuiID id = ImGui::GetID(key);
    ImGuiStorage* kept = ImGui::GetStateStorage();
    bool open = kept->GetBool(id, false);
    const bool on_marker = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < io.MouseDragThreshold * io.MouseDragThreshold &&
        on_marker)
        open = !open;
    else if (ImGui::IsMouseClicked(0) && !on_marker)
        open = false;
    kept->SetBool(id, open);
    if (!(open && tooltips_allowed()) && !item_tooltip() && !on_keys) return;
    // Broken as prose is: between Chinese characters, never inside torch.softmax or a number
    // (ImGui's own wrapping breaks at spaces only, so a Chinese line broke at its one space).
    // The window sizes itself to its content, so its width is set first: 28 em, or the text's, and
    // never wider than the screen (a phone's edge cut it).
    const float pad = ImGui::GetStyle().WindowPadding.x * 2;
    const float width = std::min({ImGui::GetFontSize() * 28.0f, ImGui::CalcTextSize(text).x + 1.0f,
                                  ImGui::GetIO().DisplaySize.x - pad * 2}) +
                        pad;
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, FLT_MAX));
    if (open ||
        on_keys) {  // under the marker, within the screen (a lifted finger, or the keys, leave no pointer to follow)
        const ImVec2 marker = ImGui::GetItemRectMin();
        const float x =
            std::clamp(marker.x, pad / 2, std::max(pad / 2, ImGui::GetIO().DisplaySize.x - width - pad / 2));
        ImGui::SetNextWindowPos(ImVec2(x, ImGui::GetItemRectMax().y + 4));
    }
    ImGui::BeginTooltip();
    prose(text);
    ImGui::EndTooltip();
}

void flow_text(const std::vector<Piece>& pieces, float indent, float width) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float room = width > 0 ? std::min(width, ImGui::GetContentRegionAvail().x) : ImGui::GetContentRegionAvail().x;
    const float right = start.x + std::max(room, ImGui::GetFontSize() * 4);
    const float line_h = ImGui::GetTextLineHeight();
    const float line_step = line_h + ImGui::GetStyle().ItemSpacing.y * 0.5f;
    const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
    float x = start.x, y = start.y, max_x = start.x;
    bool line_start = true;
    // Trailing spaces may hang past the edge: only the visible glyphs must fit.
    const auto visible_width = [](const std::string& text) {
        const size_t visible = text.find_last_not_of(' ');
        return visible == std::string::npos ? 0.0f : ImGui::CalcTextSize(text.c_str(), text.c_str() + visible + 1).x;
    };
    for (size_t i = 0; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        const size_t visible = p.text.find_last_not_of(' ');
        const float visible_w = visible_width(p.text);
        // A piece and those glued to it go to the next line together when they do not fit here.
        float run_w = visible_w;
        for (size_t j = i + 1, before = i; j < pieces.size() && pieces[j].glued; before = j++)
            run_w += ImGui::CalcTextSize(pieces[before].text.c_str()).x - visible_width(pieces[before].text) +
                     visible_width(pieces[j].text);
        if (!line_start && (x + visible_w > right || (!p.glued && x + run_w > right))) {
            x = start.x + indent;
            y += line_step;
        }
        dl->AddText(ImVec2(x, y), p.color ? p.color : text_color, p.text.c_str());
        // In ImGui's log too, as its own text is (ImGui::LogToClipboard: what the UI tests read on screen).
        if (GImGui->LogEnabled) {
            const ImVec2 at(x, y);
            ImGui::LogRenderedText(&at, p.text.c_str());
        }
        x += ImGui::CalcTextSize(p.text.c_str()).x;
        max_x = std::max(max_x, x);
        // A line's leading spaces (code's indentation) are not its first word: a first word too
        // wide for what is left goes after them on the same line, not alone on the next.
        line_start = line_start && visible == std::string::npos;
    }
    ImGui::Dummy(ImVec2(std::max(1.0f, max_x - start.x), y + line_h - start.y));
}

void add_words(std::vector<Piece>* out, std::string_view text, ImU32 ink, float width) {
    const float room = width > 0 ? std::min(width, ImGui::GetContentRegionAvail().x) : ImGui::GetContentRegionAvail().x;
    for (std::string& piece : line_break_pieces(text)) {
        if (ImGui::CalcTextSize(piece.c_str()).x <= room) {
            out->push_back({std::move(piece), ink});
            continue;
        }
        for (std::string& part : line_break_pieces(piece, LineGroups::Split)) out->push_back({std::move(part), ink});
    }
}

void prose(const std::string& text, ImVec4 color, float width) {
    const ImU32 ink = color.w > 0 ? ImGui::GetColorU32(color) : 0;
    for (size_t begin = 0;;) {
        const size_t end = std::min(text.find('\n', begin), text.size());
        std::vector<Piece> words;  // each with the space after it; Chinese also breaks between characters
        add_words(&words, std::string_view(text).substr(begin, end - begin), ink, width);
        if (words.empty()) words.push_back({" ", ink});  // an empty line keeps its height
        flow_text(words, 0.0f, width);
        if (end == text.size()) break;
        begin = end + 1;
    }
}

void code_line(const std::string& line, ImVec4 color) {
    ImGui::PushFont(mono_font());
    const ImU32 ink = color.w > 0 ? ImGui::GetColorU32(color) : 0;
    const size_t indent = std::min(line.find_first_not_of(' '), line.size());
    const float hang = ImGui::CalcTextSize(" ").x * float(indent + 4);
    // What a wrapped line has: the region less the hanging indent.
    const float room = std::max(ImGui::GetContentRegionAvail().x - hang, ImGui::GetFontSize() * 4);
    std::vector<Piece> pieces;
    const int columns = int(room / ImGui::CalcTextSize(" ").x);  // the mono font's: a character each
    for (const std::string& piece : line_break_pieces(line))
        for (std::string& fragment : code_break_pieces(piece, columns)) pieces.push_back({std::move(fragment), ink});
    if (pieces.empty()) pieces.push_back({" ", ink});
    flow_text(pieces, hang);
    ImGui::PopFont();
}

void prose_f(const char* format, ...) {
    va_list args;
    va_start(args, format);
    const std::string text = vprintf_text(format, args);
    va_end(args);
    prose(text);
}

bool choice_radio(const std::string& label, bool active, bool take_focus, int index, int count) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float circle = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    const float room = ImGui::GetContentRegionAvail().x;
    if (circle + ImGui::CalcTextSize(label.c_str()).x <= room) {
        const bool picked = radio_button(label.c_str(), active);
        ordered_choice_for_keyboard();
        if (keyboard_on_last_item()) choice_for_keyboard(label, active, index, count);
        if (take_focus) take_keyboard_focus();
        return picked;
    }
    ImGui::BeginGroup();
    bool picked = radio_button("##choice", active);
    ordered_choice_for_keyboard();
    if (keyboard_on_last_item()) choice_for_keyboard(label, active, index, count);  // its words are beside it, wrapped
    if (take_focus) take_keyboard_focus();
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::BeginGroup();
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + style.FramePadding.y);  // the first line level with the circle
    prose(label, ImVec4(0, 0, 0, 0), room - circle);
    ImGui::EndGroup();
    ImGui::EndGroup();
    picked |= ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
              ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()) && !ImGui::IsAnyItemActive();
    return picked;
}

namespace {

// The elements format_tensor prints, one string each, without its separators and line breaks.
std::vector<std::string> tensor_elements(const Vector& v) {
    const std::string text = format_tensor(v);
    std::vector<std::string> out;
    const size_t open = text.find('['), close = text.rfind(']');
    if (open == std::string::npos || close == std::string::npos || v.empty()) return out;
    std::string current;
    for (size_t k = open + 1; k < close; ++k) {
        const char c = text[k];
        if (c == ',') {
            out.push_back(current);
            current.clear();
        } else if (c != ' ' && c != '\n') {
            current += c;
        }
    }
    out.push_back(current);
    // PyTorch pads every element to the widest finite one.
    size_t width = 0;
    for (size_t i = 0; i < out.size() && i < v.size(); ++i)
        if (std::isfinite(v[i])) width = std::max(width, out[i].size());
    for (std::string& e : out)
        if (e.size() < width) e = std::string(width - e.size(), ' ') + e;
    return out;
}

}  // namespace

std::vector<Piece> tensor_pieces(const std::string& prefix, const Vector& v, int max_elements, int highlight,
                                 ImU32 color, int filled) {
    std::vector<std::string> elements = tensor_elements(v);
    for (int i = filled + 1; i < int(elements.size()); ++i) {
        if (i < 0) continue;
        // Short vectors keep each slot's width, so nothing moves as the slots fill; long ones
        // (elided anyway) stay compact.
        const size_t width = int(elements.size()) <= max_elements ? elements[size_t(i)].size() : 1;
        const size_t pad = width > 1 ? width - 1 : 0;  // the dot centred in the number's width
        elements[size_t(i)] = std::string(pad - pad / 2, ' ') + "\u00b7" + std::string(pad / 2, ' ');
    }
    const int n = int(elements.size());
    // Which elements to show: all, or the ends plus a window around the highlighted one.
    std::vector<bool> shown(size_t(n), n <= max_elements);
    if (n > max_elements) {
        const int edge = std::max(1, std::min(3, max_elements / 4));
        for (int i = 0; i < edge; ++i) shown[size_t(i)] = shown[size_t(n - 1 - i)] = true;
        if (highlight >= 0) {
            for (int i = std::max(0, highlight - 2); i <= std::min(n - 1, highlight + 2); ++i) shown[size_t(i)] = true;
        } else {
            for (int i = 0; i < max_elements - edge && i < n; ++i) shown[size_t(i)] = true;
        }
    }
    std::vector<Piece> pieces;
    pieces.push_back({prefix + "tensor([", 0});
    bool gap = false;
    for (int i = 0; i < n; ++i) {
        if (!shown[size_t(i)]) {
            gap = true;
            continue;
        }
        if (gap) {
            pieces.push_back({"..., ", 0});
            gap = false;
        }
        const bool last = i == n - 1;
        pieces.push_back({elements[size_t(i)] + (last ? "])" : ", "), i == highlight ? color : 0});
    }
    if (n == 0) pieces.back().text += "])";
    return pieces;
}

void matrix_grid(const char* id, const Matrix& m, int max_rows, int max_cols, const std::vector<std::string>* row_names,
                 int highlight_row, UiState* ui) {
    const int rows = std::min(m.rows, max_rows), cols = std::min(m.cols, max_cols);
    if (cols <= 0) return;
    TextTable t;
    t.id = id;
    t.mono = true;
    t.highlight_row = highlight_row;
    t.highlight_color = u32(query_color(), 0.15f);
    const ImU32 muted = ImGui::GetColorU32(muted_text());
    for (int r = 0; r < rows; ++r) {
        std::vector<TextCell> row;
        if (row_names) row.push_back({(*row_names)[size_t(r)], muted});
        for (int c = 0; c < cols; ++c) row.push_back({format_fixed(m.at(r, c), 4), 0});
        if (m.cols > cols) row.push_back({"... " + std::to_string(m.cols - cols) + " more", muted});
        t.rows.push_back(std::move(row));
    }
    text_table(t, ui);
    if (m.rows > rows) ImGui::TextDisabled(tr("... %d more rows"), m.rows - rows);
}

void mark_selected() {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float thick = std::max(2.0f, std::floor(ImGui::GetFontSize() * 0.2f));
    const float inset = ImGui::GetStyle().FrameRounding + 2;  // clear of the rounded corners
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x + inset, b.y - thick - 1), ImVec2(b.x - inset, b.y - 1),
                                              ImGui::GetColorU32(ImGuiCol_Text));
}

float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

bool small_button(const char* label) {
    const float pad_x = ImGui::GetStyle().FramePadding.x * 0.6f;
    const float pad_y = std::max(1.0f, std::floor((kMinTarget - ImGui::GetFontSize()) * 0.5f + 0.5f));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad_x, pad_y));
    const float w = std::max(kMinTarget, ImGui::CalcTextSize(label, nullptr, true).x + pad_x * 2);
    const bool pressed = ImGui::Button(label, ImVec2(w, 0));
    ImGui::PopStyleVar();
    return pressed;
}

void same_line_if_fits(float width, float spacing) {
    if (spacing < 0) spacing = ImGui::GetStyle().ItemSpacing.x;
    const float right_edge = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
    if (ImGui::GetItemRectMax().x + spacing + width <= right_edge) ImGui::SameLine(0, spacing);
}

void scroll_into_view(float top, float bottom) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float x = window->InnerRect.Min.x;  // a sliver at the left edge: never a sideways scroll
    ImGui::ScrollToRect(window, ImRect(x, top, x + 1, std::max(top, bottom)), ImGuiScrollFlags_KeepVisibleEdgeY);
}

void scroll_into_view_whole_lines(float top, float bottom, const std::vector<float>& row_tops, float* room_below) {
    const ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float height = window->InnerRect.GetHeight(), gap = ImGui::GetStyle().ItemSpacing.y;
    // In the window's content, from where its view starts unscrolled: the same on every pass,
    // as the window grows to fit what the reveal added (a band not yet at its cap).
    const float to_content = ImGui::GetScrollY() - window->InnerRect.Min.y;
    const float first = top + to_content, end = bottom + to_content;
    float from = 0;  // where the view starts: the window's top while everything fits
    if (end > height) {
        from = first;  // the lines are taller than the view: from their own start
        if (end - first + gap <= height) {
            // The first line start from which `bottom` shows (`top` is one).
            const float reach = end + gap - height;
            for (const float r : row_tops)
                if (r + to_content >= reach && r + to_content < from) from = r + to_content;
        }
        from -= gap * 0.5f;
    }
    *room_below = end > height ? std::max(0.0f, from + height - end) : 0.0f;
    if (std::fabs(from - ImGui::GetScrollY()) >= 1.0f) ImGui::SetScrollY(std::max(0.0f, from));
}

void keep_row_in_view(int row, float row_h, int* in_view) {
    if (row == *in_view) return;
    const float top = row_h * float(row), room = ImGui::GetWindowHeight();
    if (top < ImGui::GetScrollY() || top + row_h > ImGui::GetScrollY() + room)
        ImGui::SetScrollY(std::max(0.0f, top + row_h / 2 - room / 2));
    *in_view = row;
}

bool compact_layout() {
    return ImGui::GetIO().DisplaySize.x < 700.0f;
}

bool code_here_or_ask(const FrameInput& in, UiState* ui, const char* waiting, const char* layout_name) {
    if (in.code_here()) return true;
    if (in.code->error.empty()) {
        ui->wants_code = true;
        prose(waiting, muted_text());
        return false;
    }
    prose(trf("Could not be fetched: %s", in.code->error.c_str()), error_color());
    if (small_button(tr("Try again"))) ui->wants_code = ui->retry_code = true;
    record_layout(ui, layout_name);
    return false;
}

}  // namespace attn::ui
