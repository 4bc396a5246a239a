// The PyTorch code for the state on screen, regenerated whenever the state changes, with a Copy
// button, in the lesson band or in a window of its own over the panels. Output lines (the comments
// after each print) are tinted so they read as results.
#include <algorithm>
#include <string>
#include <vector>

#include "core/lesson/pytorch_code.h"
#include "core/math/deferred_entry.h"
#include "core/text/line_breaks.h"
#include "core/text/utf8.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// How many of the code font's columns text takes: a Chinese character is about two wide.
size_t code_columns(std::string_view text) {
    size_t columns = 0;
    for (size_t at = 0; at < text.size();) {
        uint32_t cp = 0;
        const size_t n = decode_utf8(text, at, &cp);
        columns += n > 0 && is_cjk_code_point(cp) ? 2 : 1;
        at += n > 0 ? n : 1;
    }
    return columns;
}

// A comment, code[begin, end) ("# ..."), as rows of a view `width` columns wide, `indent` columns in:
// when too wide it goes on in rows of its own, broken where its language breaks (at spaces; between
// Chinese characters), each after a 4-column "#   ". The spaces at a break are not drawn.
void add_comment_rows(const std::string& code, size_t begin, size_t end, size_t width, int indent, bool output,
                      std::vector<CodeUi::Row>* rows) {
    const std::string_view comment = std::string_view(code).substr(begin, end - begin);
    const size_t room = width > size_t(indent) + 24 ? width - size_t(indent) : 24;
    size_t b = begin, used = 0, at = begin;
    bool continuation = false;
    if (code_columns(comment) > room) {
        for (const std::string& piece : line_break_pieces(comment)) {
            const size_t visible = code_columns(piece.substr(0, piece.find_last_not_of(' ') + 1));
            if (used > 0 && used + visible > room - (continuation ? 4 : 0)) {
                size_t row_end = at;
                while (row_end > b && code[row_end - 1] == ' ') --row_end;
                rows->push_back({b, row_end, output, continuation, indent});
                b = at;
                used = 0;
                continuation = true;
            }
            used += code_columns(piece);
            at += piece.size();
        }
    }
    rows->push_back({b, end, output, continuation, indent});
}

// Splits the code into rows for a view `columns` characters wide. Code stays whole (the view scrolls
// sideways for a long line); comments, the printed outputs and the explanations, are broken where
// their language breaks, so that no comment is cut off at the view's edge, and a comment after a
// code line too wide for the view goes on the rows under it.
void prepare_code(const FrameInput& in, int columns, CodeUi* view) {
    CodeUi& cache = *view;
    // While a question of the lesson is open, what the code prints is covered as the panels are
    // (it prints the scores, the weights, the shapes the question may ask for).
    const std::string covered = in.lesson && in.concealed().any() ? in.concealed().reason : std::string();
    const InterfaceText* words = current_words();
    const std::string lang = words ? words->lang : "en";  // the comments' language
    const bool same = cache.valid && cache.state == in.state && cache.covered == covered && cache.lang == lang;
    if (same && cache.wrapped_columns == columns) return;
    const bool open = cache.open, copied = cache.copied && same;
    if (!same) cache.code = pytorch_code_shown(in.state, in.result, words, in.lesson ? &in.concealed() : nullptr);
    cache.open = open;
    cache.copied = copied;
    cache.valid = true;
    cache.state = in.state;
    cache.covered = covered;
    cache.lang = lang;
    cache.wrapped_columns = columns;
    cache.rows.clear();
    const std::string& code = cache.code;
    const size_t width = size_t(std::max(columns, 24));
    OutputLineReader outputs;
    size_t start = 0;
    while (start < code.size()) {
        size_t end = code.find('\n', start);
        if (end == std::string::npos) end = code.size();
        const std::string_view line = std::string_view(code).substr(start, end - start);
        const bool in_output = outputs.is_output(line);
        // A comment line, at its own indent (a comment inside a class's method is indented too).
        const size_t lead = std::min(line.find_first_not_of(' '), line.size());
        const bool comment = line.substr(lead, 2) == "# ";
        // A code line too wide for the view with a comment after it ("x = ...  # why"): the code
        // keeps its row, and the comment goes under it, indented past the code's own indent.
        const size_t same_line = comment ? std::string_view::npos : line.find("  # ", lead);
        if (same_line != std::string_view::npos && code_columns(line) > width) {
            cache.rows.push_back({start, start + same_line, in_output, false, 0});
            add_comment_rows(code, start + same_line + 2, end, width, int(lead) + 4, in_output, &cache.rows);
        } else if (comment) {
            add_comment_rows(code, start + lead, end, width, int(lead), in_output, &cache.rows);
        } else {
            cache.rows.push_back({start, end, in_output, false, 0});
        }
        start = end + 1;
    }
}

// The code and its Copy button. The code generator and this view are not part of the first view
// (core/view/deferred_code.h): this is called once the page has the deferred code, which showing
// the code asks for.
ATTN_DEFERRED_ENTRY void code_view_here(const FrameInput& in, UiState* ui) {
    ImGui::PushFont(mono_font());
    const float char_w = ImGui::CalcTextSize("M").x;
    ImGui::PopFont();
    const float view_w =
        ImGui::GetContentRegionAvail().x - ImGui::GetStyle().WindowPadding.x * 2 - ImGui::GetStyle().ScrollbarSize;
    prepare_code(in, int(view_w / std::max(char_w, 1.0f)), &ui->code);
    CodeUi& cache = ui->code;
    if (small_button(tr("Copy"))) {
        ImGui::SetClipboardText(cache.code.c_str());
        cache.copied = true;
    }
    record_layout(ui, "code:copy");
    // The code is drawn, not text a screen reader reaches: Copy is how it is read (a keyboard walk
    // heard nothing from Copy, and no code).
    if (keyboard_on_last_item())
        name_for_keyboard(tr("Copy the code"), cache.copied ? tr(", copied: paste it into an editor to read it") : "");
    if (cache.copied) {
        ImGui::SameLine();
        ImGui::TextColored(context_color(), "%s", tr("copied"));
    }
    ImGui::SameLine();
    prose(tr("runs as it is with PyTorch; each print is followed by its output"), muted_text());  // wraps on a phone
    ImGui::BeginChild("code", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    region_for_keyboard(tr("the code, drawn: Copy it to read it"));
    record_layout(
        ui, "panel:code", ImGui::GetWindowPos(),
        ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
    ImGui::PushFont(mono_font());
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGuiListClipper clipper;  // a 1024-token state has thousands of lines: draw only the visible ones
    clipper.Begin(int(cache.rows.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const CodeUi::Row& row = cache.rows[size_t(i)];
            const char* start = cache.code.c_str() + row.begin;
            const bool comment = row.continuation || (row.end > row.begin && start[0] == '#');
            ImGui::PushStyleColor(ImGuiCol_Text, row.output ? context_color() : comment ? muted_text() : text);
            if (row.indent > 0) {
                ImGui::Dummy(ImVec2(float(row.indent) * ImGui::CalcTextSize(" ").x, ImGui::GetTextLineHeight()));
                ImGui::SameLine(0, 0);
            }
            if (row.continuation) {
                ImGui::TextUnformatted("#   ");
                ImGui::SameLine(0, 0);
            }
            ImGui::TextUnformatted(start, cache.code.c_str() + row.end);
            ImGui::PopStyleColor();
        }
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace

void code_view(const FrameInput& in, UiState* ui) {
    if (code_here_or_ask(in, ui, tr("The code is on its way..."), "code:retry")) code_view_here(in, ui);
}

bool code_window_over_panels(const FrameInput& in, State* draft, UiState* ui, float free_top, bool code_listed) {
    bool edited = false;
    // Over the inputs and the plot by default (the code prints the inputs again), leaving the
    // scores, weights and heatmaps it computes beside it to compare; the learner can move,
    // resize or close it.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float w = std::min(display.x - 16, std::max(420.0f, display.x * 0.42f));
    // Below the band when that leaves at least half the screen; else (a phone, where the band
    // of a step can be taller than the screen) over the lower half, never off its edge.
    const float below = std::max(8.0f, free_top);
    const float wanted = std::max(200.0f, display.y * 0.5f);
    const float top = display.y - 52 - below >= wanted ? below : std::max(8.0f, display.y - 52 - wanted);
    ImGui::SetNextWindowPos(ImVec2(8, top), ImGuiCond_Appearing);
    ImGui::SetNextWindowSize(ImVec2(w, std::max(200.0f, display.y - top - 52)), ImGuiCond_Appearing);
    bool open = true;
    if (ImGui::Begin(tr("PyTorch code for this screen"), &open,
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
        code_view(in, ui);
        // Escape closes it while it has the focus, as it closes Import / Export.
        if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
            open = false;
    }
    ImGui::End();
    if (!open) {
        ui->code.open = false;
        if (code_listed) {
            draft->panels.erase(std::remove(draft->panels.begin(), draft->panels.end(), "code"), draft->panels.end());
            edited = true;
        }
    }
    return edited;
}

}  // namespace attn::ui
