// One lesson step on screen: its title, the panels to watch, its text (numbers from the core),
// the step's own widget (alignment table, robustness lab, scaling table, causal switch) and its
// predict-then-reveal questions.
#include <algorithm>
#include <cmath>

#include "core/document/state_attention.h"
#include "core/lesson/lab.h"
#include "core/lesson/lesson_events.h"
#include "core/lesson/quiz.h"
#include "core/lesson/scaling.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/text/prose_format.h"
#include "ui/lesson_panels.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

const char* panel_title(const std::string& key) {
    if (key == "inputs") return "Inputs";
    if (key == "plot") return "Embeddings";
    if (key == "loop") return "The score loop";
    if (key == "weights") return "Scores to weights";
    if (key == "heatmaps") return "All queries at once";
    if (key == "projection") return "Trainable attention";
    if (key == "module") return "The book's classes";
    return key.c_str();
}

ImVec4 value_color(float x) {
    return std::isfinite(x) ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : error_color();
}

// The step's lines as the engine gives them: the ones a question covers wait for its reveal.
void lines(const LessonEngine& lesson) {
    for (const LessonLine& line : lesson.lines) {
        switch (line.kind) {
            case LineKind::Prose:
                prose(line.text);
                break;
            case LineKind::Code:
                ImGui::PushFont(mono_font());
                prose(line.text);
                ImGui::PopFont();
                break;
            case LineKind::Note:
                prose(line.text, muted_text());
                break;
            case LineKind::Good:
                prose("\u2713 " + line.text, context_color());
                break;
            case LineKind::Warn:
                prose(line.text, error_color());
                break;
        }
    }
    if (lesson.lines_pending)
        ImGui::TextColored(muted_text(), "More appears here once you have answered the question.");
}

// The reading column answers the step's question, so it waits for the reveal.
void alignment_table(const FrameInput& in, bool show_reading) {
    const State& s = in.state;
    const auto rows = alignment_rows(s, in.result);
    if (!ImGui::BeginTable("alignment", 4,
                           ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit))
        return;
    ImGui::PushTextWrapPos(-1.0f);  // cells size to their text
    ImGui::TableSetupColumn(("query " + s.tokens[size_t(s.query)] + " and").c_str());
    ImGui::TableSetupColumn("products");
    ImGui::TableSetupColumn("dot product");
    ImGui::TableSetupColumn("reading", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const AlignmentRow& r : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(r.token == s.query ? query_color() : token_color(), "%s = %s",
                           s.tokens[size_t(r.token)].c_str(), vec(s.inputs.row(r.token), s.inputs.cols, 2, 4).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.products.c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(r.dot > 0   ? context_color()
                           : r.dot < 0 ? error_color()
                                       : muted_text(),
                           "%s", num(r.dot).c_str());
        ImGui::TableNextColumn();
        if (show_reading)
            ImGui::TextUnformatted(r.reading.c_str());
        else
            ImGui::TextColored(muted_text(), "?  (answer the question first)");
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
}

// The lesson's tables are wider than a phone: they scroll sideways inside their own box, which
// is exactly as tall as their rows (plus the scrollbar when it is needed).
ImGuiTableFlags wide_table_flags() {
    return ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
}
ImVec2 wide_table_size(int rows) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float row = ImGui::GetTextLineHeight() + style.CellPadding.y * 2 + 1;
    return ImVec2(0, std::ceil(row * float(rows) + style.ScrollbarSize + 2));
}

bool lab_widget(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    bool edited = false;
    float scale = draft->lab_scale;
    if (log_slider("lesson:lab-slider", &scale, 1.0f, kMaxLabScale, "\u00d7" + num(draft->lab_scale, 2),
                   ImGui::GetFontSize() * 16)) {
        draft->lab_scale = std::clamp(scale, 1e-3f, kMaxLabScale);
        edited = true;
    }
    record_lesson_item(ui, "lesson:lab-slider");
    same_line_if_fits(ImGui::CalcTextSize("scale the scores").x, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted("scale the scores");
    for (float preset : {1.0f, breaking_scale(in.result.scores), 80.0f}) {
        const std::string label = "×" + num(preset);
        same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::PushID(int(preset * 8));
        if (ImGui::SmallButton(label.c_str())) {
            draft->lab_scale = preset;
            edited = true;
        }
        record_lesson_item(ui, "lesson:lab:" + num(preset));
        ImGui::PopID();
    }
    const SoftmaxLab lab = softmax_lab(in.result.scores, s.lab_scale, s.tokens);
    const int rows = int(std::min<size_t>(lab.scores.size(), 16));
    ImGui::PushTextWrapPos(-1.0f);
    if (ImGui::BeginTable("lab", 7, wide_table_flags(), wide_table_size(rows + 2))) {
        for (const char* h : {"token", "s", "exp(s)", "naive", "s - max", "exp(s - max)", "softmax"})
            ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < size_t(rows); ++i) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(int(i) == lab.first_overflow ? error_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                               "%s", s.tokens[i].c_str());
            const float cells[] = {lab.scores[i],  lab.exps[i],         lab.naive[i],
                                   lab.shifted[i], lab.shifted_exps[i], lab.stable[i]};
            for (int c = 0; c < 6; ++c) {
                ImGui::TableNextColumn();
                if (c == 2 && in.concealed().naive_weights)  // the question asks what this column holds
                    ImGui::TextColored(muted_text(), "%s", kHidden);
                else
                    ImGui::TextColored(value_color(cells[c]), "%s", num_cell(cells[c]).c_str());
            }
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(muted_text(), "sum");
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextColored(value_color(lab.exp_sum), "%s", num_cell(lab.exp_sum).c_str());
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(num_cell(lab.shifted_sum).c_str());
        ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    if (!in.concealed().naive_weights)
        ImGui::TextColored(muted_text(), "float32 overflows past exp(%s): anything larger is inf.",
                           num(exp_overflow_threshold(), 2).c_str());
    return edited;
}

void scaling_widget(const FrameInput& in) {
    const ScalingTable t = scaling_table(in.state);
    if (!t.error.empty()) {
        ImGui::TextColored(error_color(), "%s", t.error.c_str());
        return;
    }
    if (!ImGui::BeginTable("scaling", 5, wide_table_flags(), wide_table_size(int(t.rows.size()) + 1))) return;
    ImGui::PushTextWrapPos(-1.0f);
    for (const char* h : {"d_out = d_k", "top weight, no scaling", "top weight, / sqrt(d_k)", "entropy, no scaling",
                          "entropy, / sqrt(d_k)"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const ScalingRow& r : t.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.d_out);
        ImGui::TableNextColumn();
        ImGui::TextColored(error_color(), "%s", num(r.max_unscaled).c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(context_color(), "%s", num(r.max_scaled).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(num(float(r.entropy_unscaled)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(num(float(r.entropy_scaled)).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
    ImGui::TextColored(muted_text(),
                       "Entropy in nats: %s is the flattest possible row (every token equal), 0 is one-hot.",
                       num(float(t.uniform_entropy)).c_str());
}

bool question_block(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    const std::vector<Question>& qs = in.lesson->questions;
    if (qs.empty()) return false;
    bool edited = false;
    const int k = std::clamp(s.lesson.question, 0, int(qs.size()) - 1);
    const Question& q = qs[size_t(k)];
    ImGui::TextColored(
        query_color(), "Predict%s",
        qs.size() > 1 ? (" (" + std::to_string(k + 1) + " of " + std::to_string(qs.size()) + ")").c_str() : "");
    ImGui::SameLine();
    prose(q.prompt);
    const int answer = k == s.lesson.question ? s.lesson.answer : -1;
    for (size_t i = 0; i < q.choices.size(); ++i) {
        ImGui::PushID(int(i));
        if (i > 0)
            same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                                  ImGui::CalcTextSize(q.choices[i].c_str()).x,
                              lesson_gap());
        if (ImGui::RadioButton(q.choices[i].c_str(), answer == int(i))) send(ui, LessonAction::Choose, int(i));
        record_lesson_item(ui, "lesson:choice:" + std::to_string(i));
        ImGui::PopID();
    }
    const bool revealed = s.lesson.revealed && k == s.lesson.question;
    ImGui::BeginDisabled(answer < 0 || revealed);
    if (ImGui::Button("Reveal")) send(ui, LessonAction::Reveal);
    ImGui::EndDisabled();
    record_lesson_item(ui, "lesson:reveal");
    if (answer < 0) {
        ImGui::SameLine();
        ImGui::TextColored(muted_text(), "Pick an answer first, then reveal the computed one.");
    }
    if (revealed) {
        const RevealResult r = reveal_answer(q, answer);
        ImGui::SameLine();
        ImGui::TextColored(r.correct ? context_color() : error_color(), "%s", r.verdict.c_str());
        record_lesson_item(ui, r.correct ? "lesson:verdict:right" : "lesson:verdict:wrong");
        prose("Answer: " + r.answer);
        prose(r.reason, muted_text());
        if (!r.mistake.empty()) prose("Common mistake: " + r.mistake, error_color());
        // The frame a reveal appears, bring it into view: it is the point of the question.
        const int key = s.step * 100 + k * 10 + answer;
        if (ui->lesson.shown_reveal != key) {
            ui->lesson.shown_reveal = key;
            ImGui::SetScrollHereY(0.9f);
        }
        if (k + 1 < int(qs.size())) {
            if (ImGui::Button("Next question \u2192")) send(ui, LessonAction::NextQuestion);
            record_lesson_item(ui, "lesson:next-question");
        } else if (s.step == 6 && q.id == "naive-overflow") {
            const float scale = breaking_scale(in.result.scores);
            if (ImGui::Button(("Set the scale to ×" + num(scale)).c_str())) {
                draft->lab_scale = scale;
                edited = true;
            }
            record_lesson_item(ui, "lesson:show-me");
        }
    }
    return edited;
}

// The end of the track: the steps of the range with the learner's first verdicts (what the grade
// counts), the score over the range, and where to go next.
void wrap_up(const FrameInput& in, UiState* ui) {
    const LessonEngine& lesson = *in.lesson;
    ImGui::Separator();
    ImGui::TextColored(query_color(), "Wrap-up: what you have worked through");
    for (int k = lesson.range.first; k <= lesson.range.last; ++k) {
        std::string marks;
        for (const QuestionRecord& q : lesson.record.questions)
            if (q.step == k) marks += q.first_correct ? "\u2713" : "\u2717";
        const LessonStep* step = lesson_step(k);
        ImGui::TextColored(marks.empty() ? muted_text() : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%2d. %s  %s", k,
                           step->title, marks.empty() ? "(not answered)" : marks.c_str());
    }
    // The engine's progress needs a mutable engine (it counts the range once); the wrap-up reads
    // the record, which holds the same numbers.
    int right = 0, answered = 0;
    for (const QuestionRecord& q : lesson.record.questions)
        if (q.step >= lesson.range.first && q.step <= lesson.range.last) ++answered, right += q.first_correct ? 1 : 0;
    record_value(ui, "wrap-up", std::to_string(right) + " of " + std::to_string(answered));
    prose("Your predictions: " + std::to_string(right) + " right of " + std::to_string(answered) +
          " answered (each question counts as you first answered it). Every number on the way was computed from "
          "the inputs, as PyTorch computes it.");
    prose(
        "Next in the book: section 3.5 turns the mask into causal attention with dropout, and 3.6 runs "
        "several heads side by side. Practise first:",
        muted_text());
    if (ImGui::Button("Practice: three exercises \u2192")) send(ui, LessonAction::OpenPractice, 0);
    record_lesson_item(ui, "lesson:wrap-up:practice");
    ImGui::SameLine();
    if (ImGui::Button("Start the track again")) send(ui, LessonAction::RestartTrack);
    record_lesson_item(ui, "lesson:wrap-up:again");
}

}  // namespace

bool lesson_track(const FrameInput& in, State* draft, UiState* ui, int part) {
    const State& s = in.state;
    const LessonStep* step = lesson_step(s.step);
    if (!step) {
        if (part == 0) ImGui::TextWrapped("Step %d is not part of the track (steps 1..%d).", s.step, kLessonSteps);
        return false;
    }
    if (part == 1) {
        const bool edited = question_block(in, draft, ui);
        const int n = int(in.lesson->questions.size());
        if (s.step == in.lesson->range.last && n > 0 && question_done(s.lesson, n - 1)) wrap_up(in, ui);
        return edited;
    }
    bool edited = false;
    ImGui::Text("%d. %s", step->number, step->title);
    if (compact_layout()) {
        // On a phone the watched panels are far below: each is a button that scrolls to it.
        ImGui::TextColored(muted_text(), "watch:");
        for (const std::string& p : step->panels) {
            if (p == "lesson" || p == "code") continue;
            const std::string label = std::string(panel_title(p)) + " ↓";
            same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
            if (ImGui::SmallButton(label.c_str())) ui->lesson.scroll_to = p, ui->lesson.scroll_passes = 4;
            record_lesson_item(ui, "lesson:watch:" + p);
        }
    } else {
        std::string watch;
        for (const std::string& p : step->panels) watch += (watch.empty() ? "" : ", ") + std::string(panel_title(p));
        watch = "watch: " + watch;
        same_line_if_fits(ImGui::CalcTextSize(watch.c_str()).x, lesson_gap());
        ImGui::TextColored(muted_text(), "%s", watch.c_str());
    }
    lines(*in.lesson);
    switch (s.step) {
        case 4:
            alignment_table(in, question_done(s.lesson, 0));
            break;
        case 6:
            edited |= lab_widget(in, draft, ui);
            break;
        case 9:
            if (ImGui::Checkbox("Use W_query, W_key, W_value", &draft->projection.enabled)) edited = true;
            same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                              ImGui::CalcTextSize("divide by sqrt(d_k)").x);
            if (ImGui::Checkbox("divide by sqrt(d_k)", &draft->scale)) edited = true;
            if (question_done(s.lesson, 0))
                scaling_widget(in);
            else
                ImGui::TextColored(muted_text(), "The table for d_out = 2, 8, 32, 128 appears once you have answered.");
            break;
        case 10:
            if (ImGui::Checkbox("causal mask", &draft->causal)) edited = true;
            record_lesson_item(ui, "lesson:causal");
            break;
        default:
            break;
    }
    return edited;
}

}  // namespace attn::ui
