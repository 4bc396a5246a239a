// The lesson's loop made visible: each step pairs token i with the query, shows the element-wise
// products and the running sum, and fills slot i of the score vector.
#include <string>

#include "core/dot.h"
#include "core/tensor_format.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

bool panel_loop(const FrameInput& in, State*, UiState* ui, bool* animating) {
    const State& s = in.state;
    const int n = s.inputs.rows, d = s.inputs.cols;
    if (ui->loop_step >= n) ui->loop_step = n - 1;

    ImGui::PushFont(mono_font());
    ImGui::TextColored(query_color(), "query = inputs[%d]", s.query);
    ImGui::Text("attn_scores = torch.empty(%d)", n);
    ImGui::Text("for i, x_i in enumerate(inputs):");
    ImGui::Text("    attn_scores[i] = torch.dot(x_i, query)");
    ImGui::PopFont();

    if (ImGui::Button(ui->loop_playing ? "Pause" : "Play")) {
        ui->loop_playing = !ui->loop_playing;
        if (ui->loop_step >= n - 1) ui->loop_step = -1;
        ui->loop_next_ms = in.now_ms;
    }
    ImGui::SameLine();
    if (ImGui::Button("Step") && ui->loop_step < n - 1) {
        ++ui->loop_step;
        ui->loop_playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset")) {
        ui->loop_step = -1;
        ui->loop_playing = false;
    }
    if (ui->loop_playing) {
        if (in.now_ms >= ui->loop_next_ms) {
            ++ui->loop_step;
            ui->loop_next_ms = in.now_ms + 900.0;
            if (ui->loop_step >= n - 1) ui->loop_playing = false;
        }
        *animating = true;
    }

    const int i = ui->loop_step;
    ImGui::PushFont(mono_font());
    if (i >= 0) {
        const std::vector<DotStep> steps = dot_steps(s.inputs.row(i), s.inputs.row(s.query), d);
        std::string expr;
        for (int k = 0; k < d && k < 6; ++k) {
            if (k) expr += " + ";
            expr += format_fixed(s.inputs.at(i, k), 2) + "·" + format_fixed(s.inputs.at(s.query, k), 2);
        }
        if (d > 6) expr += " + …";
        ImGui::Text("i = %d  (%s)", i, s.tokens[size_t(i)].c_str());
        ImGui::TextWrapped("%s = %s", expr.c_str(), format_fixed(steps.back().running_sum, 4).c_str());
    } else {
        ImGui::TextDisabled("Press Step or Play to run the loop.");
    }
    // The score vector filling slot by slot; empty slots are still unset (torch.empty).
    std::string slots = "attn_scores = [";
    for (int k = 0; k < n && k < 12; ++k) {
        if (k) slots += ", ";
        slots += k <= i ? format_fixed(in.result.scores[size_t(k)], 4) : "  ·   ";
    }
    if (n > 12) slots += ", …";
    ImGui::TextWrapped("%s]", slots.c_str());

    // The one-call form, and the check that both spellings agree.
    const float manual = dot_loop(s.inputs.row(s.query), s.inputs.row(s.query), d);
    const float library = dot_library(s.inputs.row(s.query), s.inputs.row(s.query), d);
    ImGui::Text("torch.dot(query, query) = %s", format_scalar(library).c_str());
    ImGui::TextColored(manual == library ? context_color() : error_color(), "manual loop %s torch.dot",
                       manual == library ? "==" : "!=");
    ImGui::PopFont();
    return false;
}

}  // namespace attn::ui
