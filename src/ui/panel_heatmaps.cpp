// All queries at once: the score matrix (inputs @ inputs.T, or queries @ keys.T in the trainable
// version) and its row-normalised weights, each a GPU-drawn heatmap with labels and a colour bar.
// Stacked or side by side, whichever gives the larger cells in the space the panel has.
#include <algorithm>
#include <cmath>

#include "ui/heatmap_view.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

bool panel_heatmaps(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    const AttentionResult& r = in.result;
    if (r.has_projection) {
        if (ImGui::RadioButton("inputs @ inputs.T", !ui->heatmaps.projected)) ui->heatmaps.projected = false;
        ImGui::SameLine();
        if (ImGui::RadioButton("queries @ keys.T", ui->heatmaps.projected)) ui->heatmaps.projected = true;
        record_layout(ui, "heatmap:projected");
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
    static const char* norm_code[] = {"scores / scores.sum(dim=-1, keepdim=True)", "softmax_naive(scores)",
                                      "torch.softmax(scores, dim=-1)"};
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
        weights.title = s.scale ? "weights = torch.softmax(scores / d_k**0.5, dim=-1)"
                                : std::string("weights = ") + norm_code[int(s.norm)];
        if (s.scale && s.norm != Norm::Softmax) weights.title = "weights = normalise(scores / d_k**0.5)";
    } else {
        scores.title = "scores = inputs @ inputs.T";
        scores.image = &in.textures.scores;
        scores.values = &r.score_matrix;
        scores.left = scores.right = &s.inputs;
        weights.image = &in.textures.weights;
        weights.values = &r.weight_matrix;
        weights.title = std::string("weights = ") + norm_code[int(s.norm)];
    }
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
    const float side = std::max(min_side, std::max(stacked, beside));
    int row = draw_heatmap(scores, in, ui, side);
    if (beside > stacked)
        ImGui::SameLine(0, gap);
    else
        ImGui::Dummy(ImVec2(0, gap * 0.3f));
    const int row2 = draw_heatmap(weights, in, ui, side);
    if (row < 0) row = row2;
    if (row >= 0 && row != draft->query) {
        draft->query = row;
        return true;
    }
    return false;
}

}  // namespace attn::ui
