// From scores to weights: the three normalisations side by side as bars with their sums, the mode
// selector that drives everything downstream, and the context vector written out as a weighted sum.
#include <cmath>
#include <string>

#include "core/tensor_format.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

float vector_sum(const Vector& v) {
    float total = 0;
    for (float x : v) total += x;
    return total;
}

// One column of horizontal bars (value 0..1 spans the width); non-finite values say so in text.
void weight_bars(const char* title, const Vector& weights, const State& s, bool selected) {
    ImGui::BeginGroup();
    ImGui::TextColored(selected ? query_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s%s", title,
                       selected ? " (in use)" : "");
    const float width = ImGui::GetContentRegionAvail().x;
    for (size_t i = 0; i < weights.size() && i < 64; ++i) {
        const float w = weights[i];
        const std::string text = format_fixed(w, 4);
        const ImVec4 color = int(i) == s.query ? query_color() : token_color();
        if (std::isfinite(w)) {
            ImGui::PushStyleColor(ImGuiCol_PlotHistogram, color);
            ImGui::ProgressBar(std::fmax(0.0f, std::fmin(1.0f, w)), ImVec2(width, 0), text.c_str());
            ImGui::PopStyleColor();
        } else {
            ImGui::TextColored(error_color(), "%s", text.c_str());
        }
    }
    ImGui::Text("sum = %s", format_fixed(vector_sum(weights), 4).c_str());
    ImGui::EndGroup();
}

}  // namespace

bool panel_weights(const FrameInput& in, State* draft, UiState*) {
    bool edited = false;
    const State& s = in.state;
    const AttentionResult& r = in.result;

    ImGui::PushFont(mono_font());
    ImGui::TextWrapped("attn_scores_%d = %s", s.query, format_tensor(r.scores).c_str());
    ImGui::PopFont();

    ImGui::Text("Normalise with");
    static const char* labels[] = {"divide by sum", "naive softmax", "softmax (stable)"};
    for (int m = 0; m < 3; ++m) {
        ImGui::SameLine();
        if (ImGui::RadioButton(labels[m], int(s.norm) == m)) {
            draft->norm = Norm(m);
            edited = true;
        }
    }
    help_marker("Divide by sum keeps the scores' proportions. Softmax exponentiates first, so the largest "
                "score takes a bigger share and every weight is positive. Naive softmax computes exp(s) "
                "directly and overflows for large scores; the stable form subtracts the max first.");

    if (ImGui::BeginTable("norms", 3, ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableNextColumn();
        weight_bars("divide by sum", r.weights_sum, s, s.norm == Norm::Sum);
        ImGui::TableNextColumn();
        weight_bars("naive softmax", r.weights_softmax_naive, s, s.norm == Norm::SoftmaxNaive);
        ImGui::TableNextColumn();
        weight_bars("softmax", r.weights_softmax, s, s.norm == Norm::Softmax);
        ImGui::EndTable();
    }

    // z = sum_i w_i x_i, with the numbers, then the result.
    ImGui::Spacing();
    ImGui::TextColored(context_color(), "context vector z = Σ weights[i] · inputs[i]");
    ImGui::PushFont(mono_font());
    std::string terms;
    for (size_t i = 0; i < r.weights.size() && i < 8; ++i) {
        if (i) terms += " + ";
        terms += format_fixed(r.weights[i], 4) + "·" + s.tokens[i];
    }
    if (r.weights.size() > 8) terms += " + …";
    ImGui::TextWrapped("z = %s", terms.c_str());
    ImGui::TextColored(context_color(), "z = %s", format_tensor(r.context).c_str());
    ImGui::PopFont();
    return edited;
}

}  // namespace attn::ui
