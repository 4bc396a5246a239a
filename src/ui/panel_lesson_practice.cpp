// Practice on screen: pick an exercise, read the task (written from the data), type an answer and
// let the core check it. The check reruns every frame, so it follows edits to the data.
#include <cstdio>
#include <string>

#include "core/lesson/lesson_events.h"
#include "core/lesson/practice.h"
#include "core/lesson/track.h"
#include "core/text/prose_format.h"
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
    prose(e.task);
    if (ImGui::SmallButton(input.hint ? "Hide the hint" : "Hint")) input.hint = !input.hint;
    record_lesson_item(ui, "lesson:hint");
    ImGui::SameLine();
    if (ImGui::SmallButton("Start over")) {
        *draft = enter_exercise(current, *draft);
        input = PracticeInput();
        edited = true;
    }
    record_lesson_item(ui, "lesson:practice:reset");
    if (input.hint) prose(e.hint, muted_text());

    // Exercise 1 asks for a prediction before any arithmetic: it is recorded here, and compared
    // with the computed scores once they are checked.
    const bool predict = current == 0;
    if (predict) {
        ImGui::TextColored(query_color(), "Predict");
        ImGui::SameLine();
        ImGui::TextUnformatted("Which score will be largest?");
        for (int t = 0; t < s.inputs.rows && t < 10; ++t) {
            const std::string choice = s.tokens[size_t(t)];
            ImGui::PushID(t);
            if (t)
                same_line_if_fits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(choice.c_str()).x +
                                      ImGui::GetStyle().ItemInnerSpacing.x,
                                  lesson_gap());
            if (ImGui::RadioButton(choice.c_str(), input.prediction == t)) input.prediction = t;
            record_lesson_item(ui, "lesson:predict:" + std::to_string(t));
            ImGui::PopID();
        }
        if (input.prediction < 0) {
            ImGui::TextColored(muted_text(), "Record your prediction first; then compute the scores.");
            return edited;
        }
    }

    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    ImGui::PushID(current);
    bool check = ImGui::InputTextWithHint("##answer", ("your " + e.input_label).c_str(), input.text, sizeof input.text,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemEdited()) input.checked = false;
    record_lesson_item(ui, "lesson:practice:input");
    ImGui::PopID();
    ImGui::SameLine();
    check |= ImGui::Button("Check");
    if (check) {
        input.checked = true;
        const ExerciseCheck c = check_exercise(current, s, in.result, input.text);
        ui->events.push_back(exercise_checked(current, input.text, c.correct, c.wrong_entry));
    }
    record_lesson_item(ui, "lesson:practice:check");
    ImGui::SameLine();
    if (ImGui::SmallButton("Show the answer")) input.shown = true;
    record_lesson_item(ui, "lesson:practice:show");

    if (input.shown) {
        ImGui::TextColored(muted_text(), "The panels show the computed values now; compare them with yours.");
    }
    if (input.checked) {
        const ExerciseCheck c = check_exercise(current, s, in.result, input.text);
        if (!c.note.empty()) prose(c.note, muted_text());
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
        if (predict && c.correct && s.query < int(in.result.scores.size())) {
            // The prediction against the computed scores: the largest one and whose it is.
            int top = 0;
            for (int t = 1; t < int(in.result.scores.size()); ++t)
                if (in.result.scores[size_t(t)] > in.result.scores[size_t(top)]) top = t;
            const bool right = top == input.prediction;
            ImGui::TextColored(right ? context_color() : error_color(),
                               "%s You predicted \"%s\"; the largest score "
                               "is \"%s\"'s, %s.",
                               right ? "\u2713" : "\u2717", s.tokens[size_t(input.prediction)].c_str(),
                               s.tokens[size_t(top)].c_str(), num(in.result.scores[size_t(top)]).c_str());
            record_lesson_item(ui, right ? "lesson:prediction:right" : "lesson:prediction:wrong");
        }
    }
    return edited;
}

bool practice_solved(const FrameInput& in, const UiState& ui) {
    const State& s = in.state;
    if (s.lesson.mode != LessonMode::Practice) return false;
    const int current = s.lesson.exercise;
    if (current < 0 || current >= kExerciseCount) return false;
    const PracticeInput& input = ui.lesson.practice[current];
    if (input.shown) return true;
    return input.checked && check_exercise(current, s, in.result, input.text).correct;
}

}  // namespace attn::ui
