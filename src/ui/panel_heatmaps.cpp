// All queries at once: the score matrix (inputs @ inputs.T, or queries @ keys.T in the trainable
// version) and its row-normalised weights, each a GPU-drawn heatmap with labels and a colour bar.
// Stacked or side by side, whichever gives the larger cells in the space the panel has.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text/printf_text.h"
#include "core/text/prose_format.h"
#include "ui/heatmap_view.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {

bool panel_heatmaps(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    const AttentionResult& r = in.result;
    const Concealment& hidden = in.concealed();
    bool edited = false;
    if (r.has_projection) {
        if (radio_button("inputs @ inputs.T", !ui->heatmaps.projected)) ui->heatmaps.projected = false;
        ImGui::SameLine();
        if (radio_button(tr("queries @ keys.T"), ui->heatmaps.projected)) ui->heatmaps.projected = true;
        record_layout(ui, "heatmap:projected");
        // Beside the two radios where it fits; on a phone, on the next line (it was cut at the edge).
        same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                          ImGui::CalcTextSize(tr("causal mask")).x);
    }
    // The causal mask changes every number here, so its switch is here too, in any step.
    if (ImGui::Checkbox(tr("causal mask"), &draft->causal)) edited = true;
    record_layout(ui, "heatmap:causal");
    // While step 10 asks how many tokens the query sees, the help names the mask, not its count.
    if (control_tooltip())
        ImGui::SetTooltip("%s", in.concealed().masking
                                    ? tr("The causal mask of section 3.5: later scores become -inf before softmax.")
                                    : tr("Each token attends only to itself and earlier tokens: later scores become "
                                         "-inf, their weights 0 (section 3.5)."));
    if (s.causal) {
        ImGui::SameLine();
        ImGui::TextColored(error_color(), "%s", tr("masked: -inf above the diagonal"));
        record_layout(ui, "badge:masked:heatmaps");
    }
    const bool projected = r.has_projection && ui->heatmaps.projected;
    const ProjectionResult& p = r.projection;

    HeatmapSpec scores, weights;
    scores.name = "scores";
    scores.diverging = true;
    scores.colour_bar = in.textures.diverging_bar;
    weights.name = "weights";
    weights.colour_bar = in.textures.sequential_bar;
    weights.norm = s.norm;
    weights.multiplier = s.lab_scale;
    // The weights' line of code names what it normalises: scores, / sqrt(d_k), x the lab's
    // multiplier; and which dim, unless a question asks for it.
    const std::string dim = hidden.softmax_dim ? std::string("dim=") + kHidden : std::string("dim=-1");
    const std::string lab = s.lab_scale != 1.0f ? " \u00d7 " + num(s.lab_scale) : std::string();
    auto norm_code = [&](Norm norm, const std::string& x) {
        if (norm == Norm::Sum) return x + " / (" + x + ").sum(" + dim + ", keepdim=True)";
        if (norm == Norm::SoftmaxNaive) return "softmax_naive(" + x + ", " + dim + ")";
        return "torch.softmax(" + x + ", " + dim + ")";
    };
    if (projected) {
        scores.title = "scores = queries @ keys.T";
        scores.image = &in.textures.projected_scores;
        scores.values = &p.score_matrix;
        scores.left = &p.queries;
        scores.right = &p.keys;
        scores.left_name = "queries";
        scores.right_name = "keys";
        weights.image = &in.textures.projected_weights;
        weights.values = &p.weight_matrix;
        weights.divisor = p.scale_divisor;
        weights.title =
            "weights = " + norm_code(s.norm, std::string(s.scale ? tr("scores / d_k**0.5") : "scores") + lab);
    } else {
        scores.title = "scores = inputs @ inputs.T";
        scores.image = &in.textures.scores;
        scores.values = &r.score_matrix;
        scores.left = scores.right = &s.inputs;
        weights.image = &in.textures.weights;
        weights.values = &r.weight_matrix;
        weights.title = "weights = " + norm_code(s.norm, "scores" + lab);
    }
    // Covered while a question asks for what they hold: the shape (both), the scores or the weights
    // (the query's row is one of theirs), the mask's pattern (both).
    const std::string why = printf_text(tr("Covered: %s."), hidden.reason.c_str());
    if (hidden.covers_score_matrix()) scores.covered = why;
    if (hidden.covers_weight_matrix()) weights.covered = why;
    scores.mark_query = weights.mark_query = !hidden.query_token;
    weights.scores = scores.values;
    weights.left = scores.left;
    weights.right = scores.right;
    weights.left_name = scores.left_name;
    weights.right_name = scores.right_name;

    // Stacked or side by side: whichever gives the bigger square in the space there is.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 extra = heatmap_overhead();
    const float gap = ImGui::GetFontSize();
    const float between = gap * 0.3f + ImGui::GetStyle().ItemSpacing.y;
    const float stacked = std::min(avail.x - extra.x, (avail.y - 2 * extra.y - between) / 2);
    const float beside = std::min((avail.x - 2 * extra.x - gap) / 2, avail.y - extra.y);
    const float min_side = ImGui::GetFontSize() * 6;
    // Too small either way: stacked at the smallest readable size, and the panel scrolls.
    const bool side_by_side = beside > stacked && beside >= min_side;
    const float side = std::max(min_side, side_by_side ? beside : stacked);
    ImGui::BeginGroup();  // each heatmap a group, so the second can sit beside the first
    int row = draw_heatmap(scores, in, ui, side);
    ImGui::EndGroup();
    if (side_by_side)
        ImGui::SameLine(0, gap);
    else
        ImGui::Dummy(ImVec2(0, gap * 0.3f));
    ImGui::BeginGroup();
    const int row2 = draw_heatmap(weights, in, ui, side);
    ImGui::EndGroup();
    if (row < 0) row = row2;
    if (row >= 0 && row != draft->query) {
        draft->query = row;
        edited = true;
    }
    return edited;
}

}  // namespace attn::ui
