// The PyTorch code for the state on screen, regenerated whenever the state changes, with a Copy
// button. Output lines (the comments after each print) are tinted so they read as results.
#include <string>
#include <vector>

#include "core/lesson/pytorch_code.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

void refresh(const FrameInput& in, CodeUi* code) {
    CodeUi& cache = *code;
    if (cache.valid && cache.state == in.state) return;
    const bool open = cache.open;
    cache = CodeUi();
    cache.open = open;
    cache.valid = true;
    cache.state = in.state;
    cache.code = pytorch_code(in.state, in.result).code;
    bool in_output = false;
    size_t start = 0;
    while (start < cache.code.size()) {
        size_t end = cache.code.find('\n', start);
        if (end == std::string::npos) end = cache.code.size();
        const bool comment = cache.code.compare(start, 2, "# ") == 0;
        const bool print = cache.code.compare(start, 6, "print(") == 0;
        in_output = comment && in_output;
        cache.lines.emplace_back(start, end);
        cache.output.push_back(in_output);
        if (print) in_output = true;
        start = end + 1;
    }
}

}  // namespace

void code_view(const FrameInput& in, UiState* ui) {
    refresh(in, &ui->code);
    CodeUi& cache = ui->code;
    if (ImGui::SmallButton("Copy")) {
        ImGui::SetClipboardText(cache.code.c_str());
        cache.copied = true;
    }
    record_layout(ui, "code:copy");
    if (cache.copied) {
        ImGui::SameLine();
        ImGui::TextColored(context_color(), "copied");
    }
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), "runs as it is with PyTorch; each print is followed by its output");
    ImGui::BeginChild("code", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    record_layout(
        ui, "panel:code", ImGui::GetWindowPos(),
        ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
    ImGui::PushFont(mono_font());
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGuiListClipper clipper;  // a 1024-token state has thousands of lines: draw only the visible ones
    clipper.Begin(int(cache.lines.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto [b, e] = cache.lines[size_t(i)];
            const char* start = cache.code.c_str() + b;
            const bool comment = e - b >= 1 && start[0] == '#';
            ImGui::PushStyleColor(ImGuiCol_Text, cache.output[size_t(i)] ? context_color()
                                                 : comment               ? muted_text()
                                                                         : text);
            ImGui::TextUnformatted(start, cache.code.c_str() + e);
            ImGui::PopStyleColor();
        }
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace attn::ui
