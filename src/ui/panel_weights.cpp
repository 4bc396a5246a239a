// From scores to weights: the scores and the three normalisations side by side as bars with their
// sums, the mode selector that drives everything downstream, honest inf/nan with the reason, and
// the context vector written out as a weighted sum of the inputs.
#include <imgui_internal.h>  // a bar row as a keyboard stop: ItemAdd, RenderNavHighlight

#include <algorithm>
#include <cmath>
#include <string>

#include "core/text/tensor_format.h"
#include "ui/cell_grid.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/query_row.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

struct Column {
    std::string title;
    const Vector* values;
    bool in_use;
    float lo, hi;         // the bar scale: 0 always inside
    bool hidden = false;  // a question asks for these values: no bar, no number
    std::string name;     // "scores", "sum", "naive", "softmax": for record_value
};

float vector_sum(const Vector& v) {
    float total = 0;
    for (float x : v) total += x;
    return total;
}

void grow_range(const Vector& v, float* lo, float* hi) {
    for (float x : v)
        if (std::isfinite(x)) *lo = std::min(*lo, x), *hi = std::max(*hi, x);
}

// One cell: a bar from the zero line and the number over it; non-finite values in the error colour.
// A covered column shows "?" and no bar. Returns the text it drew.
std::string bar_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, float value, const Column& c, ImVec4 color) {
    if (c.hidden) {
        const ImVec2 size = ImGui::CalcTextSize(kHidden);
        dl->AddText(ImVec2(b.x - size.x - 3, a.y + (b.y - a.y - size.y) / 2), u32(muted_text()), kHidden);
        return kHidden;
    }
    // In double and clamped: scores near float's limit (1e37) would make the span itself inf.
    const double w = b.x - a.x;
    const double span = std::max(double(c.hi) - double(c.lo), 1e-12);
    auto x_of = [&](double v) { return float(a.x + std::clamp(w * (v - double(c.lo)) / span, 0.0, w)); };
    if (std::isfinite(value)) {
        const float zero = x_of(0.0), end = x_of(value);
        dl->AddRectFilled(ImVec2(std::min(zero, end), a.y + 2), ImVec2(std::max(zero, end) + 1, b.y - 2),
                          u32(color, c.in_use ? 0.55f : 0.30f), 2.0f);
    }
    const std::string text = std::isfinite(value) ? cell_number(value, 4, float(w) - 6) : format_fixed(value, 4);
    cell_text(dl, a, b, text, std::isfinite(value) ? ImGui::GetColorU32(ImGuiCol_Text) : u32(error_color()), 3);
    return text;
}

// The bars: one row per token, one column per view of the numbers; a scrolling child for long lists.
void bars(const FrameInput& in, UiState* ui, const std::vector<Column>& cols, float height, float row_h) {
    const State& s = in.state;
    const bool mark_query = !in.concealed().query_token;
    const int n = s.inputs.rows;
    const float label_w = ImGui::GetFontSize() * 5.0f;
    ImGui::BeginChild("bars", ImVec2(0, height), false);
    region_for_keyboard(tr("scores and weights per token"));
    // A new query (or the first frame) brings its row into view. Not while the lesson hides which
    // token it is.
    if (mark_query && s.query < n)
        keep_row_in_view(s.query, row_h, &ui->weights.query_in_view);
    else
        ui->weights.query_in_view = -1;                            // news again once the lesson shows it
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));  // rows exactly row_h apart
    const float col_w = (ImGui::GetContentRegionAvail().x - label_w) / float(cols.size());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImGuiListClipper clipper;
    clipper.Begin(n, row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ImVec2 p = ImGui::GetCursorScreenPos();
            const bool query = i == s.query && mark_query;
            const ImVec4 color = query ? query_color() : token_color();
            std::string label = std::to_string(i) + " " + s.tokens[size_t(i)];
            dl->PushClipRect(p, ImVec2(p.x + label_w - 4, p.y + row_h), true);
            dl->AddText(ImVec2(p.x, p.y + (row_h - ImGui::GetTextLineHeight()) / 2),
                        u32(query ? query_color() : muted_text()), label.c_str());
            dl->PopClipRect();
            // A row is one stop for the arrow keys inside the region, said as the screen shows it:
            // "1 journey (query): scores 1.4950, ÷ sum 0.2278, naive 0.2379, softmax 0.2379" (a covered
            // value is "?", as drawn).
            const ImRect row(p, ImVec2(p.x + label_w + col_w * float(cols.size()), p.y + row_h));
            ImGui::PushID(i);
            const ImGuiID id = ImGui::GetID("row");
            ImGui::PopID();
            ImGui::ItemSize(row);
            const bool added = ImGui::ItemAdd(row, id);
            const bool spoken = added && keyboard_on_last_item();
            if (spoken && query) label += tr(" (query)");
            for (size_t c = 0; c < cols.size(); ++c) {
                const ImVec2 a(p.x + label_w + col_w * float(c) + 2, p.y);
                const ImVec2 b(a.x + col_w - 6, p.y + row_h);
                const std::string text = bar_cell(dl, a, b, (*cols[c].values)[size_t(i)], cols[c], color);
                record_value(ui, cols[c].name + ":" + std::to_string(i), text, a, b);
                if (spoken) label += (c ? tr(", ") : tr(": ")) + cols[c].title + " " + text;
            }
            if (added) ImGui::RenderNavHighlight(row, id);
            if (spoken) name_for_keyboard(label);
        }
    }
    ImGui::PopStyleVar();
    ImGui::EndChild();
}

}  // namespace

std::string non_finite_reason(const QueryRow& r, Norm norm, bool causal) {
    const Vector& w = norm == Norm::Sum            ? r.pass->weights_sum
                      : norm == Norm::SoftmaxNaive ? r.pass->weights_softmax_naive
                                                   : r.pass->weights_softmax;
    bool bad = false;
    for (float x : w) bad |= !std::isfinite(x);
    if (!bad) return "";
    float top = -INFINITY;
    for (float x : r.pass->lab_scores) top = std::max(top, x);
    if (norm == Norm::Sum) {
        if (vector_sum(r.pass->lab_scores) == 0.0f)
            return tr("divide by sum: the scores add up to 0, and x / 0 is inf or nan.");
        // The causal mask's -inf: meant for softmax, where exp(-inf) = 0 (section 3.5.1).
        if (causal &&
            std::find(r.pass->lab_scores.begin(), r.pass->lab_scores.end(), -INFINITY) != r.pass->lab_scores.end())
            return tr(
                "divide by sum: the masked scores are -inf, so the sum is -inf and -inf / -inf is nan. "
                "Masking with -inf is for softmax, where exp(-inf) = 0.");
        return tr("divide by sum: a score is not finite, so neither is the sum.");
    }
    if (norm == Norm::SoftmaxNaive && top > 88.72f)
        return trf(
            "naive softmax: exp(%s) overflows float32 (anything past exp(88.7) is inf), and inf / inf = nan. "
            "The stable softmax subtracts the largest score first.",
            format_fixed(top, 1).c_str());
    if (norm == Norm::SoftmaxNaive) return tr("naive softmax: every exp(score) underflowed to 0, and 0 / 0 = nan.");
    return tr("softmax: a score is not finite.");
}

namespace {

void mode_selector(const FrameInput& in, State* draft, UiState* ui, bool* edited) {
    const State& s = in.state;
    static const char* labels[] = {"divide by sum", "naive softmax",
                                   "softmax"};  // tr("divide by sum"), tr("naive softmax")
    static const char* names[] = {"norm:sum", "norm:softmax-naive", "norm:softmax"};
    for (int m = 0; m < 3; ++m) {
        if (m) same_line_if_fits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(tr(labels[m])).x + ImGui::GetFontSize());
        if (radio_button(tr(labels[m]), int(s.norm) == m) && int(draft->norm) != m) {
            draft->norm = Norm(m);
            *edited = true;
        }
        record_layout(ui, names[m]);
    }
    // While the lesson asks which method is sharper, or what the hand-written one gives past the
    // overflow, the help does not answer it.
    help_marker("help:normalise",
                in.concealed().weights || in.concealed().naive_weights
                    ? tr("Three ways to turn scores into weights that sum to 1. How they differ is what the lesson's "
                         "question asks: answer it, and the weights show here.")
                    : tr("Divide by sum keeps the scores' proportions. Softmax exponentiates first, so the largest "
                         "score takes a bigger share and every weight is positive. Naive softmax computes exp(s) "
                         "directly and overflows for large scores; the stable form (torch.softmax) subtracts the "
                         "max first. The choice drives the weights heatmap and the context vector too."));
}

// The context vector written out as the weighted sum it is: of the inputs, or of the values when
// the projection is on.
void context_vector(const FrameInput& in, const QueryRow& row, UiState* ui) {
    const State& s = in.state;
    const int n = s.inputs.rows, d = row.values->cols;
    const char* of = row.projected ? "values" : "inputs";
    ImGui::TextColored(context_color(), tr("context vector = \u03a3 weights[i] \u00b7 %s[i]"), of);
    if (in.concealed().covers_context()) {
        ImGui::TextColored(muted_text(), tr("context = %s  (%s)"), kHidden, in.concealed().reason.c_str());
        record_value(ui, "context", kHidden);
        return;
    }
    ImGui::PushFont(mono_font());
    const float indent = ImGui::CalcTextSize(tr("context = ")).x;
    std::vector<Piece> terms{{"context = ", 0}};
    const int kTerms = d > 3 ? 4 : 6;
    const bool mark_query = !in.concealed().query_token;
    for (int i = 0; i < n && i < kTerms; ++i) {
        terms.push_back({format_fixed(row.pass->weights[size_t(i)], 4) + "\u00b7",
                         u32(i == s.query && mark_query ? query_color() : token_color())});
        terms.push_back({vec(row.values->row(i), d, 4, 4) + (i + 1 < n ? " + " : ""), 0, true});
    }
    if (n > kTerms) terms.push_back({trf("... (%d more terms)", n - kTerms), 0});
    flow_text(terms, indent);
    std::vector<Piece> result = tensor_pieces("= ", row.pass->context, 8);
    std::string joined;
    for (Piece& p : result) p.color = u32(context_color()), joined += p.text;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + indent - ImGui::CalcTextSize("= ").x);
    flow_text(result, indent);
    record_value(ui, "context", joined);
    ImGui::PopFont();
    bool finite = true;
    for (float x : row.pass->context) finite &= std::isfinite(x);
    if (!finite)
        ImGui::TextColored(error_color(), "%s", tr("The context is not a number because some weights are not."));
}

}  // namespace

bool panel_weights(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    const State& s = in.state;
    const QueryRow r = query_row(in);
    if (int(r.pass->scores.size()) != s.inputs.rows) return false;
    const Concealment& hidden = in.concealed();

    mode_selector(in, draft, ui, &edited);
    if (s.causal) {
        // The mask is switched on the heatmaps panel; here it explains the zeros below the query.
        ImGui::TextColored(error_color(), "%s",
                           s.norm == Norm::Sum ? tr("masked: keys after the query score -inf")
                                               : tr("masked: keys after the query score -inf, weight 0"));
        record_layout(ui, "badge:masked:weights");
    }

    // Bars: scores on their own scale; the three weight columns share one, so sharpness compares.
    // The scores column names what the normalisations see: the plain dot products, or q·k / sqrt(d_k)
    // with the projection on; times the lab's multiplier when it is not 1.
    std::string score_title =
        r.projected
            ? (r.divisor != 1.0f ? "q\u00b7k/\u221a" + num(std::round(r.divisor * r.divisor)) : std::string("q\u00b7k"))
            : std::string(tr("scores"));
    if (s.lab_scale != 1.0f) score_title += " \u00d7" + num(s.lab_scale);
    const bool weights_hidden = hidden.covers_weights();
    Column scores{score_title, &r.pass->lab_scores, false, 0, 0, hidden.covers_scores(), "scores"};
    grow_range(r.pass->lab_scores, &scores.lo, &scores.hi);
    std::vector<Column> cols = {
        scores,
        {tr("\u00f7 sum"), &r.pass->weights_sum, s.norm == Norm::Sum, 0, 0, weights_hidden, "sum"},
        {tr("naive"), &r.pass->weights_softmax_naive, s.norm == Norm::SoftmaxNaive, 0, 0,
         weights_hidden || hidden.naive_weights, "naive"},
        {"softmax", &r.pass->weights_softmax, s.norm == Norm::Softmax, 0, 0, weights_hidden, "softmax"}};
    float lo = 0, hi = 1e-6f;
    for (size_t c = 1; c < cols.size(); ++c) grow_range(*cols[c].values, &lo, &hi);
    for (size_t c = 1; c < cols.size(); ++c) cols[c].lo = lo, cols[c].hi = hi;

    // Header and footer rows share the bars' column grid.
    const float label_w = ImGui::GetFontSize() * 5.0f;
    const float col_w = (ImGui::GetContentRegionAvail().x - label_w) / float(cols.size());
    auto row_of_text = [&](const char* first, auto text_of, auto color_of) {
        const float x0 = ImGui::GetCursorPosX();
        ImGui::TextColored(muted_text(), "%s", first);
        for (size_t c = 0; c < cols.size(); ++c) {
            const std::string t = text_of(c);
            const float w = ImGui::CalcTextSize(t.c_str()).x;
            ImGui::SameLine(x0 + label_w + col_w * float(c + 1) - 6 - w - 3);
            ImGui::TextColored(color_of(c), "%s", t.c_str());
        }
    };
    // Step 3 asks how many scores the loop makes: a row per token, the query's among them, would
    // answer it (a learner's walk). The loop panel hides its slots for the same reason.
    float tail_top = ImGui::GetCursorPosY();
    if (hidden.score_count) {
        prose(printf_text(tr("Covered: %s."), hidden.reason.c_str()), muted_text());
        record_layout(ui, "weights:covered");
        tail_top = ImGui::GetCursorPosY();
    } else {
        row_of_text(
            tr("token"),
            [&](size_t c) {
                // The tick marks the column in use when there is room for it; the colour always does.
                // Not while the weights are hidden: step 5 asks which way is sharper, and a tick beside
                // one of them reads as the answer (a phone walk).
                const std::string ticked = cols[c].title + " \u2713";
                const bool tick = cols[c].in_use && !cols[c].hidden;
                return tick && ImGui::CalcTextSize(ticked.c_str()).x + 8 < col_w ? ticked : cols[c].title;
            },
            [&](size_t c) { return cols[c].in_use && !cols[c].hidden ? query_color() : muted_text(); });

        // The bars take what the lines below them (measured last frame) leave free; with room to spare
        // the rows grow a little taller, up to 2 lines.
        const float line = ImGui::GetTextLineHeight();
        const float reserve = ui->weights.tail_h > 0 ? ui->weights.tail_h : ImGui::GetTextLineHeightWithSpacing() * 8;
        const float fit = ImGui::GetContentRegionAvail().y - reserve - ImGui::GetStyle().WindowPadding.y;
        const float row_h = std::clamp((fit - 2) / float(s.inputs.rows), line + 4, line * 2.0f);
        bars(in, ui, cols, std::min(row_h * float(s.inputs.rows) + 2, std::max(fit, row_h * 4)), row_h);
        tail_top = ImGui::GetCursorPosY();

        row_of_text(
            tr("sum"),
            [&](size_t c) {
                return cols[c].hidden ? std::string(kHidden) : format_fixed(vector_sum(*cols[c].values), 4);
            },
            [&](size_t c) {
                // A covered sum is not coloured either: red would say it is not finite.
                const bool bad = !cols[c].hidden && !std::isfinite(vector_sum(*cols[c].values));
                return bad ? error_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
            });
    }
    for (Norm m : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax}) {
        if (weights_hidden || (m == Norm::SoftmaxNaive && hidden.naive_weights)) continue;
        const std::string why = non_finite_reason(r, m, s.causal);
        if (why.empty()) continue;
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        prose_f("%s", why.c_str());
        ImGui::PopStyleColor();
    }
    bool negative = false;
    for (float x : r.pass->lab_scores) negative |= x < 0 && !weights_hidden;
    if (negative && non_finite_reason(r, Norm::Sum).empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text());
        prose_f("%s", tr("divide by sum: with negative scores the weights can be negative or above 1; "
                         "softmax weights never are."));
        ImGui::PopStyleColor();
    }
    // The robustness lab: large scores are where the methods differ.
    // Typed: a click selects the number and typing replaces it (a decimal comma reads as a point).
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("\u00d7");
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    float k = draft->lab_scale;
    if (decimal_field(ui, "norm:lab-scale", tr("score multiplier"), &k, 2, ImGui::GetFontSize() * 4.5f)) {
        draft->lab_scale = std::clamp(k, 0.01f, kMaxLabScale);
        edited = true;
    }
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), "%s", tr("scores first (try \u00d7 100)"));
    // While the lesson asks what the naive softmax gives at a large scale (step 6), or covers the
    // weights one step before (step 5), the help does not say it.
    help_marker("help:lab-scale",
                in.concealed().naive_weights || in.concealed().weights
                    ? tr("Multiplies every score before normalising, to see how the methods cope with large values.")
                    : tr("Multiplies every score before normalising, to see how the methods cope with large values: "
                         "around \u00d7 100 the naive softmax overflows to inf and nan while the stable one does not."),
                ui);
    context_vector(in, r, ui);
    ui->weights.tail_h = ImGui::GetCursorPosY() - tail_top;
    return edited;
}

}  // namespace attn::ui
