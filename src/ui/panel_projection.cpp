// The trainable version: random W_query, W_key, W_value (seeded exactly as PyTorch), projected
// queries and keys, and the scaling of Q K^T by sqrt(d_k) before softmax.
#include <cmath>

#include "core/tensor_format.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

bool panel_projection(const FrameInput& in, State* draft, UiState*) {
    bool edited = false;
    const State& s = in.state;
    if (ImGui::Checkbox("Use W_query, W_key, W_value", &draft->projection.enabled)) edited = true;
    help_marker("The trainable version projects every input with three weight matrices. Here they are "
                "torch.rand(d_in, d_out) after torch.manual_seed(seed), exactly as in PyTorch.");
    if (!s.projection.enabled) {
        ImGui::TextDisabled("Off: scores compare the input embeddings directly.");
        return edited;
    }
    int seed = int(draft->projection.seed);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::InputInt("seed", &seed) && seed >= 0) {
        draft->projection.seed = uint64_t(seed);
        edited = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::InputInt("d_out", &draft->projection.d_out)) edited = true;
    if (ImGui::Checkbox("divide by sqrt(d_k)", &draft->scale)) edited = true;

    const ProjectionResult& p = in.result.projection;
    if (!in.result.has_projection) return edited;
    ImGui::PushFont(mono_font());
    ImGui::TextWrapped("W_query =\n%s", format_tensor(p.W_query).c_str());
    ImGui::TextColored(query_color(), "query = inputs[%d] @ W_query = %s", s.query,
                       format_tensor(p.queries.row_vector(s.query)).c_str());
    ImGui::TextWrapped("scores = keys @ query = %s", format_tensor(p.scores).c_str());
    ImGui::Text("d_k = %d, sqrt(d_k) = %s", p.keys.cols, format_fixed(p.scale_divisor, 4).c_str());
    ImGui::TextWrapped("weights = softmax(scores / %s) = %s", format_fixed(p.scale_divisor, 4).c_str(),
                       format_tensor(p.weights).c_str());
    ImGui::TextColored(context_color(), "context = weights @ values = %s", format_tensor(p.context).c_str());
    ImGui::PopFont();
    return edited;
}

}  // namespace attn::ui
