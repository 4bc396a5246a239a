// Practice on screen: pick an exercise, read the task (written from the data), type an answer and
// let the core check it. The check reruns every frame, so it follows edits to the data.
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/lesson/practice.h"
#include "core/lesson/track.h"
#include "core/math/extremes.h"
#include "core/text/prose_format.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {

ATTN_LESSON_ENTRY bool lesson_practice(const FrameInput& in, State* /*draft*/, UiState* ui) {
    const State& s = in.state;
    const int current = std::clamp(s.lesson.exercise, 0, kExerciseCount - 1);
    for (int i = 0; i < kExerciseCount; ++i) {
        const Exercise e = exercise_info(in.lesson->lesson->texts, i, s);
        const std::string label = std::to_string(i + 1) + ". " + e.title;
        if (i)
            same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2,
                              lesson_gap());
        if (i == current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(label.c_str()) && i != current) send(ui, LessonAction::OpenPractice, i);
        if (i == current) ImGui::PopStyleColor(), mark_selected();
        record_lesson_item(ui, "lesson:exercise:" + std::to_string(i));
    }
    const TextCatalog& texts = in.lesson->lesson->texts;
    const Exercise e = exercise_info(texts, current, s, &in.result);
    PracticeInput& input = ui->lesson.practice[current];
    const PracticeRecord& record = in.lesson->record.practice[current];
    prose(e.task);
    if (small_button(texts.say(input.hint ? "practice.hide-hint" : "practice.hint").c_str())) input.hint = !input.hint;
    record_lesson_item(ui, "lesson:hint");
    ImGui::SameLine();
    if (small_button(texts.say("practice.start-over").c_str())) {
        send(ui, LessonAction::ResetPractice);
        input = PracticeInput();
        input.stale = true;         // the record still holds the old entry until the reset is applied
        input.seen = record.typed;  // and the box does not take it back
    }
    record_lesson_item(ui, "lesson:practice:reset");
    if (input.hint) prose(e.hint, muted_text());

    // Exercise 1 asks for a prediction before any arithmetic: it is recorded here, and compared
    // with the computed scores once they are checked.
    const bool predict = current == 0;
    if (predict) {
        ImGui::TextColored(query_color(), "%s", texts.say("lesson.predict").c_str());
        ImGui::SameLine();
        ImGui::TextUnformatted(texts.say("practice.which-largest").c_str());
        for (int t = 0; t < s.inputs.rows && t < 10; ++t) {
            const std::string choice = s.tokens[size_t(t)];
            ImGui::PushID(t);
            if (t)
                same_line_if_fits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(choice.c_str()).x +
                                      ImGui::GetStyle().ItemInnerSpacing.x,
                                  lesson_gap());
            if (radio_button(choice.c_str(), record.prediction == t)) send(ui, LessonAction::Predict, t);
            ordered_choice_for_keyboard();
            // Said with its place: two tokens of one word sound the same ("the").
            if (keyboard_on_last_item())
                choice_for_keyboard(choice, record.prediction == t, t, std::min(s.inputs.rows, 10));
            record_lesson_item(ui, "lesson:predict:" + std::to_string(t));
            ImGui::PopID();
        }
        if (record.prediction < 0) {
            ImGui::TextColored(muted_text(), "%s", texts.say("practice.predict-first").c_str());
            return false;
        }
    }

    // The entry last checked shows in the box, wherever it was checked: here, in the text version
    // (its field and this box show the same entry beside the same verdict) or in a restored record.
    if (record.typed != input.seen) {
        input.seen = record.typed;
        if (record.checked) {
            std::snprintf(input.text, sizeof input.text, "%s", record.typed.c_str());
            input.stale = false;
        } else {
            input.text[0] = '\0';  // started over (here or in the text version)
        }
    }
    // The field leaves room for Check beside it on a phone; Show the answer wraps under them.
    const std::string check_label = texts.say("practice.check"), show_label = texts.say("practice.show-answer");
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float field_w = std::clamp(ImGui::GetContentRegionAvail().x - button_width(check_label.c_str()) - gap,
                                     ImGui::GetFontSize() * 8, ImGui::GetFontSize() * 18);
    ImGui::SetNextItemWidth(field_w);
    ImGui::PushID(current);
    bool check = ImGui::InputTextWithHint("##answer", texts.say("practice.your", {{"what", e.input_label}}).c_str(),
                                          input.text, sizeof input.text, ImGuiInputTextFlags_EnterReturnsTrue);
    // The verdict belongs to the entry that was checked: once the learner edits it, it goes.
    if (ImGui::IsItemEdited()) input.stale = true;
    record_lesson_item(ui, "lesson:practice:input");
    ImGui::PopID();
    same_line_if_fits(button_width(check_label.c_str()));
    check |= ImGui::Button(check_label.c_str());
    if (check) {
        send(ui, LessonAction::CheckPractice, 0, input.text);
        input.stale = false;
    }
    record_lesson_item(ui, "lesson:practice:check");
    same_line_if_fits(ImGui::CalcTextSize(show_label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
    if (small_button(show_label.c_str())) send(ui, LessonAction::ShowPracticeAnswer);
    record_lesson_item(ui, "lesson:practice:show");

    if (record.shown) {
        prose(texts.say("practice.answer-shown"), muted_text());
        if (!e.answer.empty()) prose(texts.say("practice.the-answer", {{"answer", e.answer}}));
    }
    if (record.checked && !input.stale && in.lesson->practice_check.stale) {
        prose(in.lesson->practice_check.message, muted_text());  // the settings changed since the Check
        record_lesson_item(ui, "lesson:practice:changed");
    } else if (record.checked && !input.stale) {
        const ExerciseCheck& c = in.lesson->practice_check;
        if (!c.note.empty()) prose(c.note, muted_text());
        if (!c.entry_ok.empty() && c.entry_ok.size() > 1) {
            for (size_t i = 0; i < c.entry_ok.size(); ++i) {
                if (i) ImGui::SameLine();
                ImGui::TextColored(c.entry_ok[i] ? context_color() : error_color(), "%s %s",
                                   texts.say("practice.entry", {{"i", int(i) + c.first_entry}}).c_str(),
                                   c.entry_ok[i] ? "\u2713" : "\u2717");
            }
        }
        // As prose: a Chinese message breaks between characters, not only at its few spaces.
        prose(std::string(c.correct ? "\u2713 " : "\u2717 ") + c.message, c.correct ? context_color() : error_color());
        record_lesson_item(ui, c.correct ? "lesson:practice:right" : "lesson:practice:wrong");
        if (predict && c.correct && s.query < int(in.result.scores.size()) && record.prediction < s.inputs.rows) {
            // The prediction against the computed scores: the largest one and whose it is.
            const int top = argmax(in.result.scores);
            const bool right = top == record.prediction;
            const std::string verdict =
                texts.say("practice.you-predicted", {{"predicted", quoted(s.tokens[size_t(record.prediction)])},
                                                     {"top", quoted(s.tokens[size_t(top)])},
                                                     {"score", num(in.result.scores[size_t(top)])}});
            prose(std::string(right ? "\u2713 " : "\u2717 ") + verdict, right ? context_color() : error_color());
            record_lesson_item(ui, right ? "lesson:prediction:right" : "lesson:prediction:wrong");
        }
    }
    return false;
}

}  // namespace attn::ui
