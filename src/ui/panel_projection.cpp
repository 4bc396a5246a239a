// The trainable version: W_query, W_key, W_value (torch.manual_seed(seed); torch.rand(d_in, d_out)),
// the projected queries, keys and values, Q K^T for the query, how dividing by sqrt(d_k) softens
// the softmax, and the resulting context vectors.
#include <algorithm>
#include <climits>
#include <cmath>
#include <string>

#include "core/math/deferred_entry.h"
#include "core/math/normalize.h"
#include "core/text/tensor_format.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// Seed and d_out: invalid values never reach the core; they are refused here, in the learner's
// language, under the fields, and the last good value stays.
bool settings(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    if (ui->ui_error_version != in.state_version) ui->ui_error.clear();  // said until the state changes
    const auto refuse = [&](std::string message) {
        ui->ui_error = std::move(message);
        ui->ui_error_version = in.state_version;
    };
    const float seed_w = ImGui::GetFontSize() * 7, d_out_w = ImGui::GetFontSize() * 6;
    const float inner = ImGui::GetStyle().ItemInnerSpacing.x;
    int64_t seed = int64_t(std::min<uint64_t>(draft->projection.seed, uint64_t(INT64_MAX)));
    if (whole_field(ui, "projection:seed", tr("seed"), &seed, seed_w)) {
        if (seed < 0) {
            refuse(trf("seed is %lld but must be 0 or more", (long long)seed));
        } else if (uint64_t(seed) > kMaxSeed) {
            refuse(trf("%s is %lld but must be %lld..%lld", "seed", (long long)seed, 0LL, (long long)kMaxSeed));
        } else {
            ui->ui_error.clear();
            draft->projection.seed = uint64_t(seed);
            edited = true;
        }
    }
    ImGui::SameLine(0, inner);
    ImGui::TextUnformatted(tr("seed"));
    ImGui::SameLine();
    int64_t d_out = draft->projection.d_out;
    if (whole_field(ui, "projection:d_out", tr("d_out"), &d_out, d_out_w)) {
        if (d_out < 1 || d_out > kMaxDOut) {
            refuse(trf("%s is %lld but must be %lld..%lld", "d_out", (long long)d_out, 1LL, (long long)kMaxDOut));
        } else {
            ui->ui_error.clear();
            draft->projection.d_out = int(d_out);
            edited = true;
        }
    }
    ImGui::SameLine(0, inner);
    ImGui::TextUnformatted(tr("d_out"));
    if (ImGui::Checkbox(tr("divide scores by \u221ad_k"), &draft->scale)) edited = true;
    record_layout(ui, "projection:scale");
    if (!ui->ui_error.empty()) {
        ImGui::TextColored(error_color(), "%s", ui->ui_error.c_str());
        record_value(ui, "projection:error", ui->ui_error);
    }
    if (const std::string refusal = tr(in.input_error); refusal.rfind("projection", 0) == 0) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(error_color(), "%s", refusal.c_str());
        ImGui::PopTextWrapPos();
    }
    return edited;
}

// One row of weights as bars side by side (one per token), with its largest weight.
// Both strips share one scale (`scale` = the larger maximum), so their sharpness compares.
void weight_strip(const char* label, const Vector& w, const State& s, bool in_use, float scale) {
    float top = 0;
    for (float x : w)
        if (std::isfinite(x)) top = std::max(top, x);
    ImGui::PushFont(mono_font());
    ImGui::TextColored(in_use ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : muted_text(), "%s", label);
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), tr("max %s%s"), format_fixed(top, 4).c_str(), in_use ? tr("  (in use)") : "");
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float w_total = ImGui::GetContentRegionAvail().x, h = ImGui::GetFontSize() * 2.2f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddLine(ImVec2(a.x, a.y + h), ImVec2(a.x + w_total, a.y + h), u32(muted_text(), 0.5f));
    const int n = int(w.size());
    const float bw = w_total / float(std::max(n, 1));
    for (int i = 0; i < n; ++i) {
        const float v = std::isfinite(w[size_t(i)]) ? std::clamp(w[size_t(i)] / scale, 0.0f, 1.0f) : 0.0f;
        const float x = a.x + bw * float(i);
        dl->AddRectFilled(ImVec2(x + (bw > 4 ? 1 : 0), a.y + h * (1 - v)), ImVec2(x + bw - (bw > 4 ? 1 : 0), a.y + h),
                          u32(i == s.query ? query_color() : token_color(), in_use ? 0.85f : 0.45f));
    }
    ImGui::Dummy(ImVec2(w_total, h + 2));
}

// Three matrices side by side (per_row of them on a line), each titled in its role's colour.
void matrix_row(const char* const names[3], const Matrix* const mats[3], int per_row, int max_rows, int max_cols,
                const std::vector<std::string>* row_names, int highlight_row, UiState* ui) {
    for (int k = 0; k < 3; ++k) {
        if (k % per_row) ImGui::SameLine();
        ImGui::BeginGroup();
        ImGui::TextColored(k == 0 ? query_color() : k == 1 ? token_color() : context_color(), "%s", names[k]);
        const std::string id = std::string(names[k]) + "_grid";
        matrix_grid(id.c_str(), *mats[k], max_rows, max_cols, row_names, highlight_row, ui);
        ImGui::EndGroup();
    }
}

// What the projection makes of the inputs: the three weight matrices, the projected queries,
// keys and values, the query's scores and their scaling, and the context vectors. Deferred code
// (core/view/deferred_code.h): the first view shows the projection off; turning it on (or a link,
// or a lesson step that does) asks for the code first.
ATTN_DEFERRED_ENTRY void projection_here(const FrameInput& in, UiState* ui) {
    const State& s = in.state;
    const ProjectionResult& p = in.result.projection;
    const int d_in = s.inputs.cols;
    ImGui::TextColored(muted_text(), tr("weights (d_in %d \u00d7 d_out %d), torch.manual_seed(%llu)"), d_in, p.d_out,
                       (unsigned long long)p.seed);
    // As many of the three matrices side by side as fit whole (up to 4 columns each, then "more").
    ImGui::PushFont(mono_font());
    const float number_w = ImGui::CalcTextSize("-0.0000").x + ImGui::GetFontSize() * 0.7f + 1;
    ImGui::PopFont();
    const float avail = ImGui::GetContentRegionAvail().x, spacing = ImGui::GetStyle().ItemSpacing.x;
    const int cols = std::min(p.d_out, 4);
    const float grid_w = number_w * float(cols) + (p.d_out > cols ? number_w * 1.3f : 0.0f);
    const int per_row = std::clamp(int((avail + spacing) / (grid_w + spacing)), 1, 3);
    const int max_cols = per_row > 1 ? cols : std::max(1, int(avail / number_w) - 1);
    const char* names[] = {"W_query", "W_key", "W_value"};
    const Matrix* mats[] = {&p.W_query, &p.W_key, &p.W_value};
    matrix_row(names, mats, per_row, 6, max_cols, nullptr, -1, ui);
    ImGui::TextColored(muted_text(), tr("projected: inputs @ W (%d \u00d7 %d each)"), p.queries.rows, p.queries.cols);
    const char* projected[] = {"queries", "keys", "values"};
    const Matrix* qkv[] = {&p.queries, &p.keys, &p.values};
    matrix_row(projected, qkv, per_row, 8, max_cols, nullptr, s.query, ui);

    // The query's row of Q K^T, then the scaling, then the context vector it leads to.
    ImGui::Spacing();
    ImGui::PushFont(mono_font());
    const std::string q = "queries[" + std::to_string(s.query) + "]";
    // Wrapped between its numbers on a phone, not cut at the panel's edge.
    prose(trf("%s = inputs[%d] @ W_query = %s", q.c_str(), s.query,
              vec(p.queries.row(s.query), p.queries.cols, 4, 6).c_str()),
          query_color());
    const std::string prefix = "scores = keys @ " + q + " = ";
    flow_text(tensor_pieces(prefix, p.scores, 8), ImGui::CalcTextSize(tr("scores = tensor([")).x);
    ImGui::PopFont();

    const float root = float(std::sqrt(double(p.keys.cols)));
    const Concealment& hidden = in.concealed();
    // What the division is for is what step 9 asks: said once its question is answered.
    if (hidden.scaling)
        prose_f(tr("d_k = %d, so \u221ad_k = %s."), p.keys.cols, format_fixed(root, 4).c_str());
    else
        prose_f(tr("d_k = %d, so \u221ad_k = %s. Dividing the scores by it keeps softmax from getting too "
                   "sharp as d_k grows:"),
                p.keys.cols, format_fixed(root, 4).c_str());
    Vector before = p.scores, after = p.scores;
    for (float& x : after) x /= root;
    const Vector sharp = softmax_stable(before), soft = softmax_stable(after);
    float scale = 1e-6f;
    for (const Vector* w : {&sharp, &soft})
        for (float x : *w)
            if (std::isfinite(x)) scale = std::max(scale, x);
    if (hidden.scaling || hidden.covers_weights()) {
        // The lesson asks what the division does to the weights: the two strips answer it.
        prose(trf("The weights with and without the division: %s.", hidden.reason.c_str()), muted_text());
        record_value(ui, "projection:strips", kHidden);
    } else {
        weight_strip("softmax(scores)", sharp, s, !s.scale, scale);
        weight_strip(("softmax(scores / " + format_fixed(root, 2) + ")").c_str(), soft, s, s.scale, scale);
        record_value(ui, "projection:strips", "shown");
    }

    if (!hidden.covers_context()) {
        ImGui::PushFont(mono_font());
        std::vector<Piece> context = tensor_pieces("context = weights @ values = ", p.context, 8);
        for (Piece& piece : context) piece.color = u32(context_color());
        flow_text(context, ImGui::CalcTextSize(tr("context = tensor([")).x);
        ImGui::PopFont();
    }
    prose(trf("every token's context vector (weights @ values, %d \u00d7 %d):", p.context_matrix.rows,
              p.context_matrix.cols),
          muted_text());
    if (hidden.covers_context()) {  // the query's row is the covered context vector
        ImGui::TextColored(muted_text(), "%s", hidden.reason.c_str());
        record_value(ui, "matrix:context_matrix", kHidden);
        return;
    }
    matrix_grid("context_matrix", p.context_matrix, 8,
                std::max(1, int(ImGui::GetContentRegionAvail().x / number_w) - 2), &s.tokens, s.query, ui);
}

}  // namespace

bool panel_projection(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    const State& s = in.state;
    if (ImGui::Checkbox(tr("use W_query, W_key, W_value"), &draft->projection.enabled)) {
        edited = true;
        ui->heatmaps.projected = draft->projection.enabled;
    }
    record_layout(ui, "projection:toggle");
    help_marker("help:projection",
                tr("The trainable version projects every input with three weight matrices before comparing. "
                   "Here they are torch.rand(d_in, d_out) after torch.manual_seed(seed), exactly as in "
                   "PyTorch; training would adjust them."));
    if (!s.projection.enabled || !in.result.has_projection) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text());
        prose_f("%s", tr("Off: the scores compare the input embeddings directly."));
        ImGui::PopStyleColor();
        return edited;
    }
    edited |= settings(in, draft, ui);
    if (code_here_or_ask(in, ui, tr("The projection is on its way..."), "projection:retry")) projection_here(in, ui);
    return edited;
}

}  // namespace attn::ui
