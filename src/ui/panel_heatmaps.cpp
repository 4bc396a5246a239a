// The score matrix inputs @ inputs.T and the row-normalised weights, drawn by the GPU from textures
// of values; labels, the query row and hover details are drawn on top.
#include <algorithm>
#include <string>

#include "core/tensor_format.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

// Draws one heatmap image with row/column labels; returns the clicked row (or -1).
int heatmap(const char* name, const HeatmapImage& image, const Matrix& values, const State& s, float side,
            UiState* ui) {
    int clicked = -1;
    const int n = values.rows;
    const float label_w = ImGui::GetFontSize() * 4.0f;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    origin.x += label_w;
    origin.y += ImGui::GetFontSize() * 1.2f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cell = side / float(std::max(1, n));
    ImGui::SetCursorScreenPos(origin);
    if (image.texture) ImGui::Image(image.texture, ImVec2(side, side));
    else ImGui::Dummy(ImVec2(side, side));
    record_layout(ui, std::string("heatmap:") + name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const int label_every = std::max(1, int(ImGui::GetFontSize() * 1.1f / std::max(cell, 1e-3f)));
    for (int k = 0; k < n; k += label_every) {
        const char* label = s.tokens[size_t(k)].c_str();
        dl->AddText(ImVec2(origin.x - label_w, origin.y + cell * (float(k) + 0.5f) - ImGui::GetFontSize() * 0.5f),
                    ImGui::GetColorU32(k == s.query ? query_color() : muted_text()), label);
        dl->AddText(ImVec2(origin.x + cell * float(k) + 2, origin.y - ImGui::GetFontSize() * 1.15f),
                    ImGui::GetColorU32(muted_text()), label);
    }
    // Query row outlined, in the query's colour.
    dl->AddRect(ImVec2(origin.x, origin.y + cell * float(s.query)),
                ImVec2(origin.x + side, origin.y + cell * float(s.query + 1)), ImGui::GetColorU32(query_color()), 0,
                0, 2.0f);
    // Values in the cells when they are big enough to read.
    if (cell >= ImGui::GetFontSize() * 2.6f) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                const std::string text = format_fixed(values.at(r, c), 2);
                const ImVec2 size = ImGui::CalcTextSize(text.c_str());
                const float t = (values.at(r, c) - image.low) / std::max(1e-6f, image.high - image.low);
                const ImU32 ink = (t > 0.6f || t < -0.6f) ? IM_COL32(255, 255, 255, 255) : IM_COL32(20, 24, 32, 255);
                dl->AddText(ImVec2(origin.x + cell * (float(c) + 0.5f) - size.x * 0.5f,
                                   origin.y + cell * (float(r) + 0.5f) - size.y * 0.5f),
                            ink, text.c_str());
            }
    }
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int r = std::clamp(int((m.y - origin.y) / cell), 0, n - 1);
        const int c = std::clamp(int((m.x - origin.x) / cell), 0, n - 1);
        ImGui::BeginTooltip();
        ImGui::Text("row %d (%s), column %d (%s)", r, s.tokens[size_t(r)].c_str(), c, s.tokens[size_t(c)].c_str());
        ImGui::Text("%s = %s", name, format_scalar(values.at(r, c)).c_str());
        ImGui::TextDisabled("click to make row %d the query", r);
        ImGui::EndTooltip();
        if (ImGui::IsItemClicked()) clicked = r;
    }
    return clicked;
}

}  // namespace

bool panel_heatmaps(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    const float avail = ImGui::GetContentRegionAvail().x;
    const float side = std::max(80.0f, std::min(avail - ImGui::GetFontSize() * 4.5f,
                                                (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 4) * 0.5f));
    bool edited = false;
    ImGui::Text("scores = inputs @ inputs.T");
    int row = heatmap("scores", in.textures.scores, in.result.score_matrix, s, side, ui);
    ImGui::Text("weights = %s(scores, dim=-1)", norm_name(s.norm));
    const int row2 = heatmap("weights", in.textures.weights, in.result.weight_matrix, s, side, ui);
    if (row < 0) row = row2;
    if (row >= 0 && row != s.query) {
        draft->query = row;
        edited = true;
    }
    return edited;
}

}  // namespace attn::ui
