// Practice on screen: pick an exercise, read the task (written from the data), type an answer and
// let the core check it. The check reruns every frame, so it follows edits to the data.
#include <cstdio>
#include <string>

#include "core/lesson/practice.h"
#include "core/lesson/track.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

bool lesson_practice(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    bool edited = false;
    const int current = s.lesson.exercise;
    for (int i = 0; i < kExerciseCount; ++i) {
        const Exercise e = exercise_info(i, s);
        const std::string label = std::to_string(i + 1) + ". " + e.title;
        if (i)
            same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2,
                              lesson_gap());
        if (i == current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(label.c_str()) && i != current) {
            *draft = enter_exercise(i, *draft);
            edited = true;
        }
        if (i == current) ImGui::PopStyleColor();
        record_lesson_item(ui, "lesson:exercise:" + std::to_string(i));
    }
    const Exercise e = exercise_info(current, s);
    PracticeInput& input = ui->lesson.practice[current];
    ImGui::TextWrapped("%s", e.task.c_str());
    if (ImGui::SmallButton(input.hint ? "Hide the hint" : "Hint")) input.hint = !input.hint;
    record_lesson_item(ui, "lesson:hint");
    ImGui::SameLine();
    if (ImGui::SmallButton("Start over")) {
        *draft = enter_exercise(current, *draft);
        input = PracticeInput();
        edited = true;
    }
    record_lesson_item(ui, "lesson:practice:reset");
    if (input.hint) ImGui::TextColored(muted_text(), "%s", e.hint.c_str());

    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    ImGui::PushID(current);
    if (ImGui::InputTextWithHint("##answer", ("your " + e.input_label).c_str(), input.text, sizeof input.text,
                                 ImGuiInputTextFlags_EnterReturnsTrue))
        input.checked = true;
    if (ImGui::IsItemEdited()) input.checked = false;
    record_lesson_item(ui, "lesson:practice:input");
    ImGui::PopID();
    ImGui::SameLine();
    if (ImGui::Button("Check")) input.checked = true;
    record_lesson_item(ui, "lesson:practice:check");

    if (input.checked) {
        const ExerciseCheck c = check_exercise(current, s, in.result, input.text);
        if (!c.note.empty()) ImGui::TextColored(muted_text(), "%s", c.note.c_str());
        if (!c.entry_ok.empty() && c.entry_ok.size() > 1) {
            for (size_t i = 0; i < c.entry_ok.size(); ++i) {
                if (i) ImGui::SameLine();
                ImGui::TextColored(c.entry_ok[i] ? context_color() : error_color(), "entry %zu %s", i,
                                   c.entry_ok[i] ? "\u2713" : "\u2717");
            }
        }
        ImGui::TextColored(c.correct ? context_color() : error_color(), "%s %s", c.correct ? "\u2713" : "\u2717",
                           c.message.c_str());
        record_lesson_item(ui, c.correct ? "lesson:practice:right" : "lesson:practice:wrong");
    }
    return edited;
}

}  // namespace attn::ui
