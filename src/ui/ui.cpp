// Lays the panels out for the window's width: three columns on a laptop, two on a tablet, one
// scrolling column on a phone. Everything else happens in the panel files.
#include "ui/ui.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

void record_layout(UiState* ui, const char* name) {
    record_layout(ui, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void record_layout(UiState* ui, const std::string& name, ImVec2 min, ImVec2 max) {
    ui->layout.push_back({name, ImVec4(min.x, min.y, max.x - min.x, max.y - min.y)});
}

std::string ordinal(int n) {
    const int last_two = n % 100, last = n % 10;
    const char* suffix = (last_two >= 11 && last_two <= 13) ? "th"
                         : last == 1                        ? "st"
                         : last == 2                        ? "nd"
                         : last == 3                        ? "rd"
                                                            : "th";
    return std::to_string(n) + suffix;
}

void help_marker(const char* text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

namespace {

// One bordered, titled region of the screen.
bool begin_panel(const char* id, const char* title, ImVec2 size) {
    const bool open = ImGui::BeginChild(id, size, true);
    ImGui::TextColored(muted_text(), "%s", title);
    ImGui::Separator();
    return open;
}

}  // namespace

FrameOutput draw_ui(const FrameInput& in, State* draft, UiState* ui) {
    FrameOutput out;
    ui->layout.clear();
    const ImGuiIO& io = ImGui::GetIO();
    out.plot.background = Rgba{1, 1, 1, 1};

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);

    ImGui::Text("Attention scores, step by step");
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), "— how one query token scores every input token");
    if (!in.input_error.empty()) ImGui::TextColored(error_color(), "Not applied: %s", in.input_error.c_str());
    if (!in.textures.renderer_error.empty())
        ImGui::TextColored(error_color(), "Graphics problem: %s", in.textures.renderer_error.c_str());

    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetContentRegionAvail().y;
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    bool edited = false;

    if (width >= 1100.0f) {
        const float left = std::floor(width * 0.30f), middle = std::floor(width * 0.38f);
        const float right = width - left - middle - 2 * gap;
        ImGui::BeginGroup();
        if (begin_panel("inputs", "Inputs", ImVec2(left, height * 0.52f))) edited |= panel_inputs(in, draft, ui);
        ImGui::EndChild();
        if (begin_panel("loop", "The score loop", ImVec2(left, 0))) edited |= panel_loop(in, draft, ui, &out.animating);
        ImGui::EndChild();
        ImGui::EndGroup();
        ImGui::SameLine();
        ImGui::BeginGroup();
        if (begin_panel("plot", "Embeddings", ImVec2(middle, height * 0.55f))) edited |= panel_plot(in, draft, ui, &out.plot);
        ImGui::EndChild();
        if (begin_panel("weights", "Scores to weights", ImVec2(middle, 0))) edited |= panel_weights(in, draft, ui);
        ImGui::EndChild();
        ImGui::EndGroup();
        ImGui::SameLine();
        ImGui::BeginGroup();
        if (begin_panel("heatmaps", "All queries at once", ImVec2(right, height * 0.62f))) edited |= panel_heatmaps(in, draft, ui);
        ImGui::EndChild();
        if (begin_panel("projection", "Trainable attention", ImVec2(right, 0))) edited |= panel_projection(in, draft, ui);
        ImGui::EndChild();
        ImGui::EndGroup();
    } else {
        // Narrow screens: one column that scrolls; each panel gets a fixed, comfortable height.
        ImGui::BeginChild("column", ImVec2(0, 0), false);
        const float w = ImGui::GetContentRegionAvail().x;
        if (begin_panel("inputs", "Inputs", ImVec2(w, 330))) edited |= panel_inputs(in, draft, ui);
        ImGui::EndChild();
        if (begin_panel("plot", "Embeddings", ImVec2(w, std::min(w, 420.0f)))) edited |= panel_plot(in, draft, ui, &out.plot);
        ImGui::EndChild();
        if (begin_panel("loop", "The score loop", ImVec2(w, 300))) edited |= panel_loop(in, draft, ui, &out.animating);
        ImGui::EndChild();
        if (begin_panel("weights", "Scores to weights", ImVec2(w, 420))) edited |= panel_weights(in, draft, ui);
        ImGui::EndChild();
        if (begin_panel("heatmaps", "All queries at once", ImVec2(w, std::min(w * 2.0f, 700.0f)))) edited |= panel_heatmaps(in, draft, ui);
        ImGui::EndChild();
        if (begin_panel("projection", "Trainable attention", ImVec2(w, 480))) edited |= panel_projection(in, draft, ui);
        ImGui::EndChild();
        ImGui::EndChild();
    }
    ImGui::End();
    out.edited = edited;
    return out;
}

}  // namespace attn::ui
