// The inputs: which example, the query chosen by its zero-based position, and the token table (one
// row per token, one cell per dimension) with rows and columns to add and remove.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>

#include "core/document/examples.h"
#include "core/document/import/import_text.h"
#include "core/document/random_inputs.h"
#include "core/math/deferred_entry.h"
#include "core/text/number_parse.h"
#include "core/text/printf_text.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "ui/import_panel.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/query_row.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

constexpr int kTableDims = 12;  // embedding columns shown at once, at most

// What an example holds, in words that give away no answer the lesson asks about it.
const char* example_contents(const std::string& name) {
    if (name == "your-journey") return tr("\"Your journey starts with one step\": the book's six 3-D embeddings");
    if (name == "three-tokens") return tr("three 2-D vectors; the query is inputs[1]");
    if (name == "cat-sat-mat") return tr("cat, sat, mat: three 2-D vectors; the query is sat");
    if (name == "alignment") return tr("u = [1, 1] beside a vector the same, one at right angles and one opposite");
    return "";
}

bool example_picker(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    // Data that is no example: a teacher's lesson's own sentence, the learner's edits, an import.
    const std::string current =
        tr("example: ") + (!draft->example.empty()                                 ? draft->example
                           : same_data(*draft, in.state) && in.lesson->lesson_data ? std::string(tr("(lesson data)"))
                                                                                   : std::string(tr("(custom data)")));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.5f);
    const bool open =
        begin_combo("##example", current, current, ImGuiComboFlags_HeightLargest);  // (two lines or more each)
    record_layout(ui, "example");
    const float combo_left = ImGui::GetItemRectMin().x;
    if (open) {
        // Each choice is its name (the link's example=) over what it holds, in the learner's
        // language and in sight on a phone (a finger has no hover for a tooltip). The text is
        // drawn over the selectable's highlight: two draw channels, the text's on top.
        // As wide as the words need, up to the screen's right edge (a phone's 390 px).
        const float room =
            ImGui::GetMainViewport()->WorkSize.x - combo_left - ImGui::GetStyle().WindowPadding.x * 2 - 8;
        const float width = std::max(std::min(ImGui::GetFontSize() * 26, room), ImGui::GetFontSize() * 10);
        for (const Example& e : examples()) {
            ImDrawList* dl = ImGui::GetWindowDrawList();
            dl->ChannelsSplit(2);
            dl->ChannelsSetCurrent(1);
            const ImVec2 top = ImGui::GetCursorScreenPos();
            ImGui::BeginGroup();
            ImGui::TextUnformatted(e.name);
            prose(example_contents(e.name), muted_text(), width);
            ImGui::EndGroup();
            const ImVec2 size(width, ImGui::GetItemRectSize().y);
            dl->ChannelsSetCurrent(0);
            ImGui::SetCursorScreenPos(top);
            const bool picked =
                ImGui::Selectable((std::string("##") + e.name).c_str(), draft->example == e.name, 0, size);
            dl->ChannelsMerge();
            if (picked) {
                State fresh;
                load_example(e.name, &fresh);
                // Keep the reader's settings (normalisation, projection); replace the data.
                draft->example = fresh.example;
                draft->tokens = fresh.tokens;
                draft->inputs = fresh.inputs;
                draft->query = fresh.query;
                fit_module_to_inputs(draft);
                edited = true;
            }
            if (draft->example == e.name) ImGui::SetItemDefaultFocus();  // the list opens on the one shown
            if (keyboard_on_last_item())
                choice_for_keyboard(std::string(e.name) + tr(": ") + example_contents(e.name), draft->example == e.name,
                                    int(&e - examples().data()), int(examples().size()));
            record_layout(ui, std::string("example:") + e.name);
        }
        ImGui::EndCombo();
    }
    return edited;
}

// One embedding value as a text cell. The learner types a number the way they write it, a decimal
// comma included, and the core's parse_number_text reads it on every change: a value that parses
// applies at once, one that does not (half typed, "abc", 1e999, nan) leaves the last good value.
// When the cell is left with text that does not parse, the message names the cell. (ImGui's
// DragFloat filtered the comma out of typed text and read "0,43" as 43.)
// decimals: the whole matrix's, as the book writes its literal ([0.77, 0.25, 0.10]), or -1.
bool value_cell(int row, int col, float* value, int decimals, UiState* ui) {
    const ImGuiID id = ImGui::GetID("##x");
    char text[64];
    if (ui->inputs.cell_editing == id)
        std::snprintf(text, sizeof text, "%s", ui->inputs.cell_text.c_str());
    else if (decimals >= 0 && std::fabs(*value) < 1000.0f &&
             (*value == 0.0f || std::fabs(*value) >= 0.5f * std::pow(10.0f, float(-decimals))))
        std::snprintf(text, sizeof text, "%s", format_fixed(*value, decimals).c_str());  // not a 3e-5 as 0.00
    else
        std::snprintf(text, sizeof text, "%.4g", double(*value));
    bool changed = false;
    // Narrow cells (phones, many dimensions): a small side padding leaves room for "-0.43".
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2.0f, ImGui::GetStyle().FramePadding.y));
    const bool typed = ImGui::InputText("##x", text, sizeof text, ImGuiInputTextFlags_AutoSelectAll);
    if (keyboard_on_last_item())
        name_for_keyboard("inputs[" + std::to_string(row) + "][" + std::to_string(col) + "]" + tr(": ") + text);
    ImGui::PopStyleVar();
    if (typed) {
        ui->inputs.cell_text = text;
        float parsed = 0.0f;
        if (parse_number_text(text, &parsed).empty() && parsed != *value) {
            *value = parsed;
            changed = true;
        }
    }
    if (ImGui::IsItemActivated()) {
        ui->inputs.cell_editing = id;
        ui->inputs.cell_text = text;
    }
    if (ImGui::IsItemDeactivated() && ui->inputs.cell_editing == id) {
        float parsed = 0.0f;
        const std::string error = parse_number_text(ui->inputs.cell_text, &parsed, current_words());
        ui->inputs.cell_error.clear();
        if (!error.empty()) {
            ui->inputs.cell_error =
                trf("inputs[%d][%d]: %s; it keeps %s", row, col, error.c_str(), format_scalar(*value).c_str());
            ui->inputs.cell_error_row = row;
            ui->inputs.cell_error_col = col;
            ui->inputs.cell_error_kept = *value;
            ui->inputs.cell_error_new = true;
        }
        ui->inputs.cell_editing = 0;
    }
    return changed;
}

// "query position [1] - +" and the sentence that names it.
bool query_selector(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    int n = s.inputs.rows;
    int q = draft->query;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("query position"));
    ImGui::SameLine();
    // A refusal stands until a number in range is typed, or the query or the token count changes.
    InputsUi& iu = ui->inputs;
    if (!iu.query_error.empty() && (s.query != iu.query_error_kept || n != iu.query_error_n)) iu.query_error.clear();
    // Up and Down while typing: the previous and the next token, as the table lists them. A number
    // typed past the ends is refused, not clamped: the query keeps the last position typed in
    // range (each digit applies as it is typed: "10" went by 1), and the message says why (a walk
    // typed 9 with five tokens and was silently given 4).
    int64_t typed = q;
    if (whole_field(ui, "query:input", tr("query position"), &typed,
                    ImGui::GetFontSize() * 3.2f + 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x),
                    -1, 0, 0, n - 1, iu.query_error)) {
        if (typed < 0 || typed >= n) {
            iu.query_error = trf("query position is %lld but must be 0..%lld", (long long)typed, (long long)(n - 1));
            iu.query_error_kept = s.query;
            iu.query_error_n = n;
        } else {
            iu.query_error.clear();
            q = int(typed);
        }
    }
    if (control_tooltip() && !ImGui::IsItemActive())
        ImGui::SetTooltip(tr("A position 0..%d. While typing, Up/Down pick the previous/next token."), n - 1);
    q = std::clamp(q, 0, n - 1);
    const bool edited = q != draft->query;
    if (edited) draft->query = q;
    if (!iu.query_error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(error_color(), "%s", iu.query_error.c_str());
        ImGui::PopTextWrapPos();
        record_value(ui, "query:error", iu.query_error);
    }
    // The sentence the lesson keeps coming back to: which position, which token.
    ImGui::PushFont(mono_font());
    ImGui::TextColored(query_color(), tr("query = inputs[%d]"), s.query);
    ImGui::PopFont();
    ImGui::SameLine();
    if (in.concealed().query_token) {  // the lesson asks which token this is
        prose(printf_text(tr("which token? (%s)"), in.concealed().reason.c_str()), muted_text());  // wraps, never cut
        record_value(ui, "query-token", kHidden);
    } else {
        const std::string sentence =
            printf_text(tr("the %s token, \"%s\""), ordinal(s.query + 1).c_str(), s.tokens[size_t(s.query)].c_str());
        prose(sentence);
        record_value(ui, "query-token", sentence);
    }
    return edited;
}

Matrix resized(const Matrix& m, int rows, int cols, float fill) {
    Matrix out(rows, cols, fill);
    for (int i = 0; i < std::min(rows, m.rows); ++i)
        for (int c = 0; c < std::min(cols, m.cols); ++c) out.at(i, c) = m.at(i, c);
    return out;
}

bool size_buttons(const State& s, State* draft) {
    // Disabled by the committed size, applied to the draft's: two presses before the first is
    // committed (a held key, a busy page) remove two tokens, never the last one.
    const int n = s.inputs.rows, d = s.inputs.cols;
    const int dn = draft->inputs.rows, dd = draft->inputs.cols;
    const auto tokens = [](const char* button, int k) {
        return k == 1 ? trf("%s: %d token", button, k) : trf("%s: %d tokens", button, k);
    };
    const auto dims = [](const char* button, int k) {
        return k == 1 ? trf("%s: %d dimension", button, k) : trf("%s: %d dimensions", button, k);
    };
    bool edited = false;
    ImGui::BeginDisabled(n >= kMaxTokens);
    if (ImGui::Button(tr("+ token")) && dn < kMaxTokens) {
        draft->tokens.push_back("token " + std::to_string(dn));
        draft->inputs = resized(draft->inputs, dn + 1, dd, 0.5f);
        edited = true;
    }
    if (keyboard_on_last_item()) name_for_keyboard(tokens(tr("+ token"), n));  // said again with the new count
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(n <= 1);
    if (ImGui::Button(tr("\u2212 token")) && dn > 1) {
        draft->tokens.resize(size_t(dn - 1));
        draft->inputs = resized(draft->inputs, dn - 1, dd, 0.0f);
        draft->query = std::min(draft->query, dn - 2);
        fit_module_to_inputs(draft);
        edited = true;
    }
    if (keyboard_on_last_item()) name_for_keyboard(tokens(tr("\u2212 token"), n));
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(d >= kMaxDims);
    if (ImGui::Button(tr("+ dim")) && dd < kMaxDims) {
        draft->inputs = resized(draft->inputs, dn, dd + 1, 0.5f);
        edited = true;
    }
    if (keyboard_on_last_item()) name_for_keyboard(dims(tr("+ dim"), d));
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(d <= 1);
    if (ImGui::Button(tr("\u2212 dim")) && dd > 1) {
        draft->inputs = resized(draft->inputs, dn, dd - 1, 0.0f);
        edited = true;
    }
    if (keyboard_on_last_item()) name_for_keyboard(dims(tr("\u2212 dim"), d));
    ImGui::EndDisabled();
    if (edited) draft->example.clear();
    return edited;
}

// A long sequence in one click: torch.manual_seed(seed); torch.rand(n, d) * 2 - 1, so a teacher
// can show how the n x n score matrix grows. The dialog's body is deferred code: the first view
// shows only its button.
ATTN_DEFERRED_ENTRY bool random_inputs_here(State* draft, UiState* ui) {
    bool edited = false;
    ImGui::TextUnformatted(tr("Random embeddings, uniform in [-1, 1)"));
    const float w = ImGui::GetFontSize() * 7;
    // The labels go through tr() below; the translation test finds them in these lines:
    //   tr("tokens n") tr("dimensions d")
    for (auto [field, label, name] : {std::tuple{&ui->inputs.random_n, "tokens n", "random:n"},
                                      std::tuple{&ui->inputs.random_d, "dimensions d", "random:d"},
                                      std::tuple{&ui->inputs.random_seed, "seed", "random:seed"}}) {
        int64_t v = *field;
        if (whole_field(ui, name, tr(label), &v, w)) *field = int(std::clamp<int64_t>(v, INT_MIN, INT_MAX));
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::TextUnformatted(tr(label));
    }
    ImGui::TextColored(muted_text(), tr("torch.manual_seed(%d); torch.rand(%d, %d) * 2 - 1"), ui->inputs.random_seed,
                       ui->inputs.random_n, ui->inputs.random_d);
    if (ImGui::Button(tr("Generate"))) {
        State next = *draft;
        ui->inputs.random_error = ui->inputs.random_seed < 0
                                      ? tr("seed must be 0 or more")
                                      : apply_random_inputs(&next, ui->inputs.random_n, ui->inputs.random_d,
                                                            uint64_t(ui->inputs.random_seed));
        if (ui->inputs.random_error.empty()) {
            *draft = next;
            edited = true;
            ImGui::CloseCurrentPopup();
        }
    }
    record_layout(ui, "random:generate");
    if (!ui->inputs.random_error.empty()) ImGui::TextColored(error_color(), "%s", ui->inputs.random_error.c_str());
    return edited;
}

bool random_inputs_popup(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    if (ImGui::Button(tr("Random…"))) ImGui::OpenPopup("random_inputs");
    record_layout(ui, "inputs:random");
    if (ImGui::BeginPopup("random_inputs")) {
        if (code_here_or_ask(in, ui, tr("The generator is on its way..."), "random:retry"))
            edited = random_inputs_here(draft, ui);
        ImGui::EndPopup();
    }
    return edited;
}

}  // namespace

int inputs_button_rows(float content_width) {
    auto button_w = [](const char* label) {
        return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    };
    const float row_w = button_w(tr("+ token")) + button_w(tr("\u2212 token")) + button_w(tr("+ dim")) +
                        button_w(tr("\u2212 dim")) + button_w(tr("Random\u2026")) + ImGui::GetStyle().ItemSpacing.x * 4;
    return row_w > content_width ? 2 : 1;
}

bool panel_inputs(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    const int n = s.inputs.rows, d = s.inputs.cols;
    if (draft->inputs.rows != n || draft->inputs.cols != d) return false;  // the app resets the draft
    // A refused value's message holds while its cell keeps that value in the same data.
    InputsUi& iu = ui->inputs;
    if (iu.cell_error_new) {
        iu.cell_error_example = s.example;
        iu.cell_error_new = false;
    }
    if (!iu.cell_error.empty() &&
        (iu.cell_error_row >= n || iu.cell_error_col >= d ||
         s.inputs.at(iu.cell_error_row, iu.cell_error_col) != iu.cell_error_kept || s.example != iu.cell_error_example))
        iu.cell_error.clear();
    bool edited = example_picker(in, draft, ui);
    // Pasting a whole set of embeddings (JSON, CSV, a torch.tensor literal) and copying them out.
    same_line_if_fits(ImGui::CalcTextSize(tr("Import / Export...")).x + ImGui::GetStyle().FramePadding.x * 2);
    edited |= panel_import(in, draft, ui);
    edited |= query_selector(in, draft, ui);

    // The columns: the query's radio and position, the label, as many dimensions as fit the
    // width with every value whole (at most kTableDims), the score. Wider embeddings: a window of
    // dimensions that the reader slides along.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = style.FramePadding.x * 2 + style.CellPadding.x * 2 + 2;  // a field in a cell
    const float text_pad = style.CellPadding.x * 2 + 2;                        // plain text in a cell
    float widest = ImGui::CalcTextSize("0.00").x;
    float widest_label = 0;  // the label column takes it when the numbers can spare it (below)
    for (int i = 0; i < std::min(n, 64); ++i) {
        widest_label = std::max(widest_label, ImGui::CalcTextSize(s.tokens[size_t(i)].c_str()).x);
        for (int c = 0; c < std::min(d, 64); ++c) {
            char text[32];
            std::snprintf(text, sizeof text, "%.4g", double(s.inputs.at(i, c)));
            widest = std::max(widest, ImGui::CalcTextSize(text).x);
        }
    }
    const float number_w = widest + pad;
    // The rows' own scrollbar takes room only when they scroll: rows that all fit the panel's
    // height (on a phone the page scrolls instead) leave its width to the columns, so three
    // dimensions and the score fit a 390 px screen without a sideways scroll.
    const float row_h = ImGui::GetFrameHeight() + style.CellPadding.y * 2;
    const bool random_own_row = inputs_button_rows(ImGui::GetContentRegionAvail().x) == 2;
    const float buttons_h = ImGui::GetFrameHeightWithSpacing() * (random_own_row ? 2.0f : 1.0f) + style.ItemSpacing.y;
    const float header_h = ImGui::GetTextLineHeight() + style.CellPadding.y * 2;
    const float wanted = row_h * float(n) + 3;
    const float window_line = d > 3 ? ImGui::GetFrameHeightWithSpacing() : 0;  // "from x[ ]", if shown
    const float rows_bar =
        wanted > ImGui::GetContentRegionAvail().y - buttons_h - header_h - window_line ? style.ScrollbarSize : 0;
    char last_position[16];  // the widest position shown (n - 1): room for no more digits than it has
    std::snprintf(last_position, sizeof last_position, "%d", n - 1);
    const float query_w =
        ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(last_position).x + text_pad;
    // The score column: as wide as its widest number (a minus sign only when a score has one; at
    // least 0.0000, wider than the hidden mark), or its title.
    const QueryRow row = query_row(in);
    const char* score_title = in.result.has_projection ? "q\u00b7k" : tr("score");  // queries[q] · keys[i]
    float lowest = 0, highest = 0;
    for (const float v : row.pass->scores) lowest = std::min(lowest, v), highest = std::max(highest, v);
    float score_text_w = ImGui::CalcTextSize(score_title).x;
    for (const float v : {lowest, highest})
        score_text_w = std::max(score_text_w, ImGui::CalcTextSize(format_fixed(v, 4).c_str()).x);
    const float score_w = score_text_w + text_pad;
    const float token_min = ImGui::GetFontSize() * 3 + pad;
    const float inner_w = ImGui::GetContentRegionAvail().x - rows_bar - 2;
    const int fit = std::max(1, int((inner_w - query_w - score_w - token_min) / number_w));
    // Up to three dimensions (the lesson's examples) always show together; past that, as many as fit.
    const int shown = d <= 3 ? d : std::min({d, kTableDims, fit});
    ui->inputs.first_dim = std::clamp(ui->inputs.first_dim, 0, d - shown);
    // The cells print with the matrix's decimals, as the book's literal does (0.10 beside 0.43); a
    // large matrix is not scanned every frame (its cells keep 4 significant digits).
    const std::vector<float>& all = draft->inputs.data;
    const int decimals = all.size() <= 4096 ? typed_decimals(all.data(), all.size()) : -1;
    if (d > shown) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(tr("from x["));
        ImGui::SameLine(0, 0);
        int64_t first = ui->inputs.first_dim;
        if (whole_field(ui, "inputs:first-dim", tr("first dimension shown"), &first, ImGui::GetFontSize() * 6.5f))
            ui->inputs.first_dim = int(std::clamp<int64_t>(first, 0, d - shown));
        ImGui::SameLine(0, 0);
        ImGui::TextUnformatted("]");
        // Beside the field while it fits, else below it, wrapped: never cut at a narrow panel's edge.
        const std::string showing = trf("showing %d of %d dimensions", shown, d);
        same_line_if_fits(ImGui::CalcTextSize(showing.c_str()).x);
        prose(showing, muted_text());
        record_layout(ui, "inputs:showing");  // its last line
    }
    // The table is as wide as the room: the label takes a share of what the query and the score
    // leave (within reason), the numbers share the rest. The numbers come first: the label gives
    // up its share down to its minimum before a value is cut, and where even that is too narrow
    // (three dimensions on a phone) each number keeps its width and the table scrolls sideways.
    // The narrowest cell that shows the widest value whole: a one-line field draws its text from
    // FramePadding.x and clips it at the frame's own edge, so one padding is enough.
    const float value_w = widest + style.FramePadding.x + style.CellPadding.x * 2 + 1;
    const float rest = std::max(inner_w - query_w - score_w, ImGui::GetFontSize() * 4);
    const float label_min = ImGui::GetFontSize() * 2.5f + pad;
    // The widest label whole when the numbers can spare it ("compiler", not "compile": a teacher's
    // sentence at 1366 x 768), else a share of the room.
    float token_w = std::clamp(std::max(rest * 0.3f, widest_label + pad), label_min, ImGui::GetFontSize() * 9 + pad);
    if (rest - token_w < value_w * float(shown)) token_w = std::max(label_min, rest - value_w * float(shown));
    const float dim_w = std::max(value_w, (rest - token_w) / float(shown));
    float x[kTableDims + 4];  // column edges, from the table's left
    x[0] = 0;
    x[1] = query_w;
    x[2] = x[1] + token_w;
    for (int c = 0; c < shown; ++c) x[3 + c] = x[2 + c] + dim_w;
    const float table_w = x[2 + shown] + score_w;

    const float body_h = std::max(row_h * 3, std::min(wanted, ImGui::GetContentRegionAvail().y - buttons_h - header_h));
    // Wider than the room: header and rows in one region that scrolls sideways (its scrollbar
    // below the rows; a swipe sideways on a phone, ui/touch_routing.h).
    const float room = ImGui::GetContentRegionAvail().x;
    const bool sideways = table_w + rows_bar + 2 > room + 0.5f;
    if (sideways)
        ImGui::BeginChild("tokens-wide", ImVec2(room, header_h + body_h + style.ScrollbarSize), false,
                          ImGuiWindowFlags_HorizontalScrollbar);
    const float highlight = loop_highlight(in, *ui);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 rule = ImGui::GetColorU32(ImGuiCol_TableBorderLight);

    // The header stays put above the rows, which scroll.
    {
        const ImVec2 h0 = ImGui::GetCursorScreenPos();
        dl->AddRectFilled(h0, ImVec2(h0.x + table_w, h0.y + header_h), ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
        const auto title = [&](float left, const char* text) {
            ImGui::SetCursorScreenPos(ImVec2(h0.x + left + style.CellPadding.x + 1, h0.y + style.CellPadding.y));
            ImGui::TextUnformatted(text);
        };
        title(x[0], tr("query"));
        title(x[1], tr("token"));
        for (int c = 0; c < shown; ++c) {
            char name[16];
            std::snprintf(name, sizeof name, "x[%d]", ui->inputs.first_dim + c);
            title(x[2 + c], name);
        }
        title(x[2 + shown], score_title);
        ImGui::SetCursorScreenPos(ImVec2(h0.x, h0.y + header_h));
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));  // rows from edge to edge
    // Without room kept for a scrollbar, none is drawn over the scores (the guess above may miss
    // a wrapped "showing" line); the wheel and a finger still scroll the rows.
    ImGui::BeginChild("tokens", ImVec2(table_w + rows_bar + 2, body_h), true,
                      rows_bar > 0 ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoScrollbar);
    region_for_keyboard(tr("token table"));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(style.ItemSpacing.x, 0));
    const bool mark_query = !in.concealed().query_token;
    // A new query brings its row into view, and so does each token the score loop reaches as it
    // steps. Also while step 1 asks which token inputs[q] is: the question names the position,
    // and the row is where its answer is read (by its index, unmarked); a teacher's walk found a
    // query at 4 below a table showing three rows.
    // (A row hidden or let go is news again when it comes back: the loop restarted at token 0.)
    if (s.query < n)
        keep_row_in_view(s.query, row_h, &ui->inputs.query_in_view);
    else
        ui->inputs.query_in_view = -1;
    if (highlight > 0 && ui->loop.step >= 0 && ui->loop.step < n)
        keep_row_in_view(ui->loop.step, row_h, &ui->inputs.loop_in_view);
    else
        ui->inputs.loop_in_view = -1;
    ImDrawList* rows_dl = ImGui::GetWindowDrawList();
    const float left = ImGui::GetCursorScreenPos().x;
    const auto at = [&](float column_x, float y) {
        ImGui::SetCursorScreenPos(ImVec2(left + column_x + style.CellPadding.x, y + style.CellPadding.y));
    };
    ImGuiListClipper clipper;  // 1024 tokens: only the rows in view are drawn
    clipper.Begin(n, row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            ImGui::PushID(i);
            const float y = ImGui::GetCursorScreenPos().y;
            const ImVec2 a(left, y), b(left + table_w, y + row_h);
            if (i % 2) rows_dl->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_TableRowBgAlt));
            if (i == s.query && mark_query) rows_dl->AddRectFilled(a, b, u32(query_color(), 0.14f));
            if (i == ui->loop.step && highlight > 0) rows_dl->AddRectFilled(a, b, u32(loop_color(), 0.22f * highlight));
            for (int c = 1; c <= shown + 2; ++c)
                rows_dl->AddLine(ImVec2(left + x[c], y), ImVec2(left + x[c], y + row_h), rule);
            at(x[0], y);
            if (radio_button("##query", s.query == i && mark_query) && draft->query != i) {
                draft->query = i;
                edited = true;
            }
            record_layout(ui, "token:" + std::to_string(i));
            if (keyboard_on_last_item()) name_for_keyboard(trf("make inputs[%d] the query", i));
            if (control_tooltip()) ImGui::SetTooltip(tr("make inputs[%d] the query"), i);
            ImGui::SameLine(0, style.ItemInnerSpacing.x);
            ImGui::TextColored(i == s.query && mark_query ? query_color() : muted_text(), "%d", i);
            at(x[1], y);
            char label[kMaxLabelBytes + 1];
            // Cut at a character boundary: half a UTF-8 character makes ImGui 1.86 misread the text.
            std::snprintf(label, sizeof label, "%s", truncate_utf8(draft->tokens[size_t(i)], kMaxLabelBytes).c_str());
            ImGui::SetNextItemWidth(token_w - style.CellPadding.x * 2);
            if (ImGui::InputText("##label", label, sizeof label)) {
                draft->tokens[size_t(i)] = label;
                draft->example.clear();
                edited = true;
            }
            record_layout(ui, "label:" + std::to_string(i));
            if (keyboard_on_last_item()) name_for_keyboard("tokens[" + std::to_string(i) + "]" + tr(": ") + label);
            // A label wider than its field ("journe|y" in a narrow column) is there in full on hover.
            if (ImGui::IsItemHovered() && !ImGui::IsItemActive() &&
                ImGui::CalcTextSize(label).x > ImGui::GetItemRectSize().x - style.FramePadding.x * 2)
                ImGui::SetTooltip("%s", label);
            for (int k = 0; k < shown; ++k) {
                const int c = ui->inputs.first_dim + k;
                at(x[2 + k], y);
                ImGui::PushID(c);
                ImGui::SetNextItemWidth(dim_w - style.CellPadding.x * 2);
                float value = draft->inputs.at(i, c);
                if (value_cell(i, c, &value, decimals, ui)) {
                    draft->inputs.at(i, c) = value;
                    draft->example.clear();
                    edited = true;
                }
                record_layout(ui, "cell:" + std::to_string(i) + ":" + std::to_string(c));
                if (control_tooltip() && !ImGui::IsItemActive())
                    ImGui::SetTooltip(tr("inputs[%d][%d]: type a number (0.43, or 0,43)"), i, c);
                ImGui::PopID();
            }
            at(x[2 + shown], y);
            const float score_value = row.pass->scores[size_t(i)];
            // covers_scores(): the mask's question covers them too (its -inf would count the keys).
            // Blank while step 3 asks how many scores there are: a "?" on every row, the query's
            // among them, would count them.
            const std::string score = in.concealed().score_count       ? std::string()
                                      : in.concealed().covers_scores() ? std::string(kHidden)
                                                                       : format_fixed(score_value, 4);
            ImGui::AlignTextToFramePadding();
            ImGui::TextColored(i == s.query && mark_query ? query_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                               "%s", score.c_str());
            record_value(ui, "score:" + std::to_string(i), score);
            if (item_tooltip()) {
                if (in.concealed().covers_scores())
                    ImGui::SetTooltip(tr("the score is %s"), in.concealed().reason.c_str());
                else
                    ImGui::SetTooltip(tr("torch.dot(%s[%d], query) = %s"), row.key_name, i,
                                      format_scalar(score_value).c_str());
            }
            ImGui::SetCursorScreenPos(ImVec2(left, y + row_h));
            ImGui::PopID();
        }
    }
    ImGui::PopStyleVar();
    ImGui::EndChild();
    ImGui::PopStyleVar();
    if (sideways) ImGui::EndChild();
    if (!ui->inputs.cell_error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(error_color(), "%s", ui->inputs.cell_error.c_str());
        ImGui::PopTextWrapPos();
    }
    edited |= size_buttons(s, draft);
    if (!random_own_row) ImGui::SameLine();
    edited |= random_inputs_popup(in, draft, ui);
    return edited;
}

}  // namespace attn::ui
