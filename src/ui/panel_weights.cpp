// From scores to weights: the scores and the three normalisations side by side as bars with their
// sums, the mode selector that drives everything downstream, honest inf/nan with the reason, and
// the context vector written out as a weighted sum of the inputs.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/text/tensor_format.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

struct Column {
    std::string title;
    const Vector* values;
    bool in_use;
    float lo, hi;  // the bar scale: 0 always inside
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
void bar_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, float value, const Column& c, ImVec4 color) {
    // In double and clamped: scores near float's limit (1e37) would make the span itself inf.
    const double w = b.x - a.x;
    const double span = std::max(double(c.hi) - double(c.lo), 1e-12);
    auto x_of = [&](double v) { return float(a.x + std::clamp(w * (v - double(c.lo)) / span, 0.0, w)); };
    if (std::isfinite(value)) {
        const float zero = x_of(0.0), end = x_of(value);
        dl->AddRectFilled(ImVec2(std::min(zero, end), a.y + 2), ImVec2(std::max(zero, end) + 1, b.y - 2),
                          u32(color, c.in_use ? 0.55f : 0.30f), 2.0f);
    }
    const std::string text = format_fixed(value, 4);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImU32 ink = std::isfinite(value) ? ImGui::GetColorU32(ImGuiCol_Text) : u32(error_color());
    dl->AddText(ImVec2(b.x - size.x - 3, a.y + (b.y - a.y - size.y) / 2), ink, text.c_str());
}

// The bars: one row per token, one column per view of the numbers; a scrolling child for long lists.
void bars(const FrameInput& in, const std::vector<Column>& cols, float height, float row_h) {
    const State& s = in.state;
    const int n = s.inputs.rows;
    const float label_w = ImGui::GetFontSize() * 5.0f;
    ImGui::BeginChild("bars", ImVec2(0, height), false);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));  // rows exactly row_h apart
    const float col_w = (ImGui::GetContentRegionAvail().x - label_w) / float(cols.size());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImGuiListClipper clipper;
    clipper.Begin(n, row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ImVec2 p = ImGui::GetCursorScreenPos();
            const ImVec4 color = i == s.query ? query_color() : token_color();
            std::string label = std::to_string(i) + " " + s.tokens[size_t(i)];
            dl->PushClipRect(p, ImVec2(p.x + label_w - 4, p.y + row_h), true);
            dl->AddText(ImVec2(p.x, p.y + (row_h - ImGui::GetTextLineHeight()) / 2),
                        u32(i == s.query ? query_color() : muted_text()), label.c_str());
            dl->PopClipRect();
            for (size_t c = 0; c < cols.size(); ++c) {
                const ImVec2 a(p.x + label_w + col_w * float(c) + 2, p.y);
                bar_cell(dl, a, ImVec2(a.x + col_w - 6, p.y + row_h), (*cols[c].values)[size_t(i)], cols[c], color);
            }
            ImGui::Dummy(ImVec2(label_w + col_w * float(cols.size()), row_h));
        }
    }
    ImGui::PopStyleVar();
    ImGui::EndChild();
}

}  // namespace

std::string non_finite_reason(const AttentionResult& r, Norm norm) {
    const Vector& w = norm == Norm::Sum            ? r.weights_sum
                      : norm == Norm::SoftmaxNaive ? r.weights_softmax_naive
                                                   : r.weights_softmax;
    bool bad = false;
    for (float x : w) bad |= !std::isfinite(x);
    if (!bad) return "";
    float top = -INFINITY;
    for (float x : r.lab_scores) top = std::max(top, x);
    if (norm == Norm::Sum) {
        if (vector_sum(r.lab_scores) == 0.0f) return "divide by sum: the scores add up to 0, and x / 0 is inf or nan.";
        return "divide by sum: a score is not finite, so neither is the sum.";
    }
    if (norm == Norm::SoftmaxNaive && top > 88.72f)
        return "naive softmax: exp(" + format_fixed(top, 1) +
               ") overflows float32 (anything past exp(88.7) is inf), and inf / inf = nan. The stable softmax "
               "subtracts the largest score first.";
    if (norm == Norm::SoftmaxNaive) return "naive softmax: every exp(score) underflowed to 0, and 0 / 0 = nan.";
    return "softmax: a score is not finite.";
}

namespace {

void mode_selector(const State& s, State* draft, UiState* ui, bool* edited) {
    static const char* labels[] = {"divide by sum", "naive softmax", "softmax"};
    static const char* names[] = {"norm:sum", "norm:softmax-naive", "norm:softmax"};
    for (int m = 0; m < 3; ++m) {
        if (m) same_line_if_fits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(labels[m]).x + ImGui::GetFontSize());
        if (ImGui::RadioButton(labels[m], int(s.norm) == m) && int(draft->norm) != m) {
            draft->norm = Norm(m);
            *edited = true;
        }
        record_layout(ui, names[m]);
    }
    help_marker(
        "Divide by sum keeps the scores' proportions. Softmax exponentiates first, so the largest "
        "score takes a bigger share and every weight is positive. Naive softmax computes exp(s) "
        "directly and overflows for large scores; the stable form (torch.softmax) subtracts the "
        "max first. The choice drives the weights heatmap and the context vector too.");
}

void context_vector(const FrameInput& in) {
    const State& s = in.state;
    const AttentionResult& r = in.result;
    const int n = s.inputs.rows, d = s.inputs.cols;
    ImGui::TextColored(context_color(), "context vector z = \u03a3 weights[i] \u00b7 inputs[i]");
    ImGui::PushFont(mono_font());
    const float indent = ImGui::CalcTextSize("z = ").x;
    std::vector<Piece> terms{{"z = ", 0}};
    const int kTerms = d > 3 ? 4 : 6;
    for (int i = 0; i < n && i < kTerms; ++i) {
        terms.push_back(
            {format_fixed(r.weights[size_t(i)], 4) + "\u00b7", u32(i == s.query ? query_color() : token_color())});
        terms.push_back({vec(s.inputs.row(i), d, 4, 4) + (i + 1 < n ? " + " : ""), 0});
    }
    if (n > kTerms) terms.push_back({"... (" + std::to_string(n - kTerms) + " more terms)", 0});
    flow_text(terms, indent);
    std::vector<Piece> result = tensor_pieces("= ", r.context, 8);
    for (Piece& p : result) p.color = u32(context_color());
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + indent - ImGui::CalcTextSize("= ").x);
    flow_text(result, indent);
    ImGui::PopFont();
    bool finite = true;
    for (float x : r.context) finite &= std::isfinite(x);
    if (!finite) ImGui::TextColored(error_color(), "z is not a number because some weights are not (see above).");
}

}  // namespace

bool panel_weights(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    const State& s = in.state;
    const AttentionResult& r = in.result;
    if (int(r.scores.size()) != s.inputs.rows) return false;

    mode_selector(s, draft, ui, &edited);

    // Bars: scores on their own scale; the three weight columns share one, so sharpness compares.
    const bool scaled = s.lab_scale != 1.0f;
    Column scores{scaled ? "scores \u00d7" + num(s.lab_scale) : "scores", &r.lab_scores, false, 0, 0};
    grow_range(r.lab_scores, &scores.lo, &scores.hi);
    std::vector<Column> cols = {scores,
                                {"\u00f7 sum", &r.weights_sum, s.norm == Norm::Sum, 0, 0},
                                {"naive", &r.weights_softmax_naive, s.norm == Norm::SoftmaxNaive, 0, 0},
                                {"softmax", &r.weights_softmax, s.norm == Norm::Softmax, 0, 0}};
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
    row_of_text(
        "token",
        [&](size_t c) {
            // The tick marks the column in use when there is room for it; the colour always does.
            const std::string ticked = cols[c].title + " \u2713";
            return cols[c].in_use && ImGui::CalcTextSize(ticked.c_str()).x + 8 < col_w ? ticked : cols[c].title;
        },
        [&](size_t c) { return cols[c].in_use ? query_color() : muted_text(); });

    // The bars take what the lines below them (measured last frame) leave free; with room to spare
    // the rows grow a little taller, up to 2 lines.
    const float line = ImGui::GetTextLineHeight();
    const float reserve = ui->weights.tail_h > 0 ? ui->weights.tail_h : ImGui::GetTextLineHeightWithSpacing() * 8;
    const float fit = ImGui::GetContentRegionAvail().y - reserve - ImGui::GetStyle().WindowPadding.y;
    const float row_h = std::clamp((fit - 2) / float(s.inputs.rows), line + 4, line * 2.0f);
    bars(in, cols, std::min(row_h * float(s.inputs.rows) + 2, std::max(fit, row_h * 4)), row_h);
    const float tail_top = ImGui::GetCursorPosY();

    row_of_text(
        "sum", [&](size_t c) { return format_fixed(vector_sum(*cols[c].values), 4); },
        [&](size_t c) {
            const float total = vector_sum(*cols[c].values);
            return !std::isfinite(total) ? error_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        });
    for (Norm m : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax}) {
        const std::string why = non_finite_reason(r, m);
        if (why.empty()) continue;
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s", why.c_str());
        ImGui::PopStyleColor();
    }
    bool negative = false;
    for (float x : r.lab_scores) negative |= x < 0;
    if (negative && non_finite_reason(r, Norm::Sum).empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text());
        ImGui::TextWrapped(
            "divide by sum: with negative scores the weights can be negative or above 1; "
            "softmax weights never are.");
        ImGui::PopStyleColor();
    }
    // The robustness lab: large scores are where the methods differ.
    // Typed: a click selects the number and typing replaces it (a decimal comma reads as a point).
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("\u00d7");
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    float k = draft->lab_scale;
    if (decimal_field(ui, "norm:lab-scale", &k, 2, ImGui::GetFontSize() * 4.5f)) {
        draft->lab_scale = std::clamp(k, 0.01f, kMaxLabScale);
        edited = true;
    }
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), "scores first (try \u00d7 100)");
    help_marker(
        "Multiplies every score before normalising, to see how the methods cope with large values: "
        "around \u00d7 100 the naive softmax overflows to inf and nan while the stable one does not.");
    context_vector(in);
    ui->weights.tail_h = ImGui::GetCursorPosY() - tail_top;
    return edited;
}

}  // namespace attn::ui
