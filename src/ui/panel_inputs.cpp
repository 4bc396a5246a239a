// The inputs: which example, the token table (one row per token, one cell per dimension), and the
// query chosen by its zero-based position.
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/examples.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

bool example_picker(State* draft) {
    bool edited = false;
    const char* current = draft->example.empty() ? "(edited)" : draft->example.c_str();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
    if (ImGui::BeginCombo("Example", current)) {
        for (const Example& e : examples()) {
            if (ImGui::Selectable(e.name, draft->example == e.name)) {
                State fresh;
                load_example(e.name, &fresh);
                // Keep the reader's settings (normalisation, projection, step); replace the data.
                draft->example = fresh.example;
                draft->tokens = fresh.tokens;
                draft->inputs = fresh.inputs;
                draft->query = fresh.query;
                edited = true;
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.description);
        }
        ImGui::EndCombo();
    }
    return edited;
}

}  // namespace

bool panel_inputs(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = example_picker(draft);
    const State& s = in.state;
    const int n = s.inputs.rows, d = s.inputs.cols;

    // The sentence the lesson keeps coming back to: which position, which token.
    ImGui::TextColored(query_color(), "query = inputs[%d]", s.query);
    ImGui::SameLine();
    ImGui::Text("the %s token, \"%s\"", ordinal(s.query + 1).c_str(), s.tokens[size_t(s.query)].c_str());
    help_marker("Positions count from zero, as in Python: inputs[1] is the second token. "
                "Click a row's radio button (or a token in the plot) to make it the query.");

    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
    const float table_height = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 1.3f;
    if (ImGui::BeginTable("tokens", d + 3, flags, ImVec2(0, std::max(table_height, 120.0f)))) {
        ImGui::TableSetupScrollFreeze(2, 1);
        ImGui::TableSetupColumn("i");
        ImGui::TableSetupColumn("token");
        for (int c = 0; c < d; ++c) {
            char name[16];
            std::snprintf(name, sizeof name, "x[%d]", c);
            ImGui::TableSetupColumn(name);
        }
        ImGui::TableSetupColumn("score");
        ImGui::TableHeadersRow();

        ImGuiListClipper clipper;  // 1024 tokens: only visible rows are drawn
        clipper.Begin(n);
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                ImGui::PushID(i);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                if (ImGui::RadioButton("##query", s.query == i)) {
                    draft->query = i;
                    edited = true;
                }
                record_layout(ui, "token:" + std::to_string(i), ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
                ImGui::SameLine();
                ImGui::Text("%d", i);
                ImGui::TableNextColumn();
                char label[kMaxLabelBytes + 1];
                std::snprintf(label, sizeof label, "%s", draft->tokens[size_t(i)].c_str());
                ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
                if (ImGui::InputText("##label", label, sizeof label)) {
                    draft->tokens[size_t(i)] = label;
                    edited = true;
                }
                for (int c = 0; c < d; ++c) {
                    ImGui::TableNextColumn();
                    ImGui::PushID(c);
                    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.2f);
                    float value = draft->inputs.at(i, c);
                    if (ImGui::DragFloat("##x", &value, 0.01f, 0, 0, "%.3g")) {
                        draft->inputs.at(i, c) = value;
                        draft->example.clear();
                        edited = true;
                    }
                    ImGui::PopID();
                }
                ImGui::TableNextColumn();
                const float score = in.result.scores[size_t(i)];
                ImGui::TextColored(i == s.query ? query_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%.4f",
                                   double(score));
                ImGui::PopID();
            }
        }
        ImGui::EndTable();
    }

    // Adding and removing tokens and dimensions; the limits are the state's named constants.
    if (ImGui::Button("+ token") && n < kMaxTokens) {
        draft->tokens.push_back("token " + std::to_string(n));
        Matrix grown(n + 1, d);
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < d; ++c) grown.at(i, c) = draft->inputs.at(i, c);
        draft->inputs = grown;
        draft->example.clear();
        edited = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("- token") && n > 1) {
        draft->tokens.pop_back();
        Matrix shrunk(n - 1, d);
        for (int i = 0; i < n - 1; ++i)
            for (int c = 0; c < d; ++c) shrunk.at(i, c) = draft->inputs.at(i, c);
        draft->inputs = shrunk;
        if (draft->query >= n - 1) draft->query = n - 2;
        draft->example.clear();
        edited = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("+ dim") && d < kMaxDims) {
        Matrix grown(n, d + 1);
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < d; ++c) grown.at(i, c) = draft->inputs.at(i, c);
        draft->inputs = grown;
        draft->example.clear();
        edited = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("- dim") && d > 1) {
        Matrix shrunk(n, d - 1);
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < d - 1; ++c) shrunk.at(i, c) = draft->inputs.at(i, c);
        draft->inputs = shrunk;
        draft->example.clear();
        edited = true;
    }
    return edited;
}

}  // namespace attn::ui
