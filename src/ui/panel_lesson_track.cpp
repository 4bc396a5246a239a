// One lesson step on screen: its title, the panels to watch, its text (numbers from the core),
// the step's own widget (alignment table, robustness lab, scaling table, causal switch) and its
// predict-then-reveal questions.
#include <algorithm>
#include <cmath>

#include "core/document/state_attention.h"
#include "core/lesson/lab.h"
#include "core/lesson/lesson_events.h"
#include "core/lesson/lesson_reader.h"
#include "core/lesson/quiz.h"
#include "core/lesson/scaling.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/text/line_breaks.h"
#include "core/text/prose_format.h"
#include "ui/lesson_panels.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/text_table.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// The lesson band's words, from the loaded lesson's catalog.
std::string say(const LessonEngine& lesson, std::string_view id, TemplateArgs args = {}) {
    return lesson.lesson->texts.say(id, args);
}

const char* panel_title(const std::string& key) {
    if (key == "inputs") return tr("Inputs");
    if (key == "plot") return tr("Embeddings");
    if (key == "loop") return tr("The score loop");
    if (key == "weights") return tr("Scores to weights");
    if (key == "heatmaps") return tr("All queries at once");
    if (key == "projection") return tr("Trainable attention");
    if (key == "module") return tr("The book's classes");
    return key.c_str();
}

// The step's lines as the engine gives them: the ones a question covers wait for its reveal.
// *reveal_y: where the first line of a question in `revealed` (a bit per question) starts, if any.
void lines(const LessonEngine& lesson, unsigned revealed, float* reveal_y) {
    for (const LessonLine& line : lesson.lines) {
        if (*reveal_y < 0 && line.after_question >= 0 && line.after_question < 32 &&
            (revealed >> line.after_question & 1u))
            *reveal_y = ImGui::GetCursorPosY();
        switch (line.kind) {
            case LineKind::Prose:
                prose(line.text);
                break;
            case LineKind::Code:
                code_line(line.text);
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
    if (lesson.lines_pending) ImGui::TextColored(muted_text(), "%s", say(lesson, "lesson.more-after-answer").c_str());
}

ImU32 ink(const ImVec4& c) {
    return ImGui::GetColorU32(c);
}

// The reading column answers the step's question, so it waits for the reveal.
void alignment_table(const FrameInput& in, bool show_reading, UiState* ui) {
    const State& s = in.state;
    TextTable t;
    t.id = "alignment";
    const AlignmentWords words = alignment_words(in.lesson->lesson->texts, s);
    t.headers = words.headers;
    t.wrap_column = 3;
    for (const AlignmentRow& r : alignment_rows(in.lesson->lesson->texts, s, in.result)) {
        const ImVec4 sign = r.dot > 0 ? context_color() : r.dot < 0 ? error_color() : muted_text();
        t.rows.push_back({{r.label, ink(r.token == s.query ? query_color() : token_color())},
                          {r.products, 0},
                          {num(r.dot), ink(sign)},
                          show_reading ? TextCell{r.reading, 0} : TextCell{words.covered, ink(muted_text())}});
    }
    text_table(t, ui);
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
    if (keyboard_on_last_item())
        name_for_keyboard(std::string(tr("score multiplier")) + tr(": ") + "\u00d7" + num(draft->lab_scale, 2));
    record_lesson_item(ui, "lesson:lab-slider");
    same_line_if_fits(ImGui::CalcTextSize(tr("scale the scores")).x, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(tr("scale the scores"));
    for (float preset : {1.0f, breaking_scale(in.result.scores), 80.0f}) {
        const std::string label = "×" + num(preset);
        same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::PushID(int(preset * 8));
        if (small_button(label.c_str())) {
            draft->lab_scale = preset;
            edited = true;
        }
        // Said again once pressed: the multiplier in use is this one now.
        if (keyboard_on_last_item())
            name_for_keyboard(trf("scale the scores %s", label.c_str()), s.lab_scale == preset ? tr(", in use") : "");
        record_lesson_item(ui, "lesson:lab:" + num(preset));
        ImGui::PopID();
    }
    const SoftmaxLab lab = softmax_lab(in.lesson->lesson->texts, in.result.scores, s.lab_scale, s.tokens);
    const int rows = int(std::min<size_t>(lab.scores.size(), 16));
    TextTable t;
    t.id = "lab";
    t.headers = {tr("token"), "s", "exp(s)", tr("naive"), "s - max", "exp(s - max)", "softmax"};
    const auto cell = [](float x) { return TextCell{num_cell(x), std::isfinite(x) ? 0u : ink(error_color())}; };
    for (size_t i = 0; i < size_t(rows); ++i) {
        // The first token past the overflow in red: not while the question asks what happens there.
        const bool overflow_said = int(i) == lab.first_overflow && !in.concealed().naive_weights;
        if (overflow_said) record_value(ui, "lesson:lab:overflow", s.tokens[i]);
        std::vector<TextCell> row = {{s.tokens[i], overflow_said ? ink(error_color()) : 0u},
                                     cell(lab.scores[i]),
                                     cell(lab.exps[i]),
                                     cell(lab.naive[i]),
                                     cell(lab.shifted[i]),
                                     cell(lab.shifted_exps[i]),
                                     cell(lab.stable[i])};
        if (in.concealed().naive_weights) {  // the question asks for the naive column; exp(s) = inf would tell
            row[2] = {kHidden, ink(muted_text())};
            row[3] = {kHidden, ink(muted_text())};
        }
        t.rows.push_back(std::move(row));
    }
    const TextCell exp_sum = in.concealed().naive_weights ? TextCell{kHidden, ink(muted_text())} : cell(lab.exp_sum);
    t.rows.push_back({{tr("sum"), ink(muted_text())}, {}, exp_sum, {}, {}, cell(lab.shifted_sum), {}});
    text_table(t, ui);
    if (!in.concealed().naive_weights)
        ImGui::TextColored(muted_text(), tr("float32 overflows past exp(%s): anything larger is inf."),
                           num(exp_overflow_threshold(), 2).c_str());
    return edited;
}

void scaling_widget(const FrameInput& in, UiState* ui) {
    const ScalingTable st = scaling_table(in.lesson->lesson->texts, in.state);
    if (!st.error.empty()) {
        ImGui::TextColored(error_color(), "%s", st.error.c_str());
        return;
    }
    TextTable t;
    t.id = "scaling";
    t.headers = st.headers;
    for (const ScalingRow& r : st.rows)
        t.rows.push_back({{std::to_string(r.d_out), 0},
                          {num(r.max_unscaled), ink(error_color())},
                          {num(r.max_scaled), ink(context_color())},
                          {num(float(r.entropy_unscaled)), 0},
                          {num(float(r.entropy_scaled)), 0}});
    text_table(t, ui);
    prose(say(*in.lesson, "lesson.entropy-note", {{"uniform", num(float(st.uniform_entropy))}}), muted_text());
}

// On a phone the watched panels are far below: "watch:" and a button per panel that scrolls to it.
// prefix: the layout names' ("lesson:watch:" at the step's top, "lesson:see:" under an answer).
void watch_buttons(const FrameInput& in, UiState* ui, const std::string& prefix) {
    const State& s = in.state;
    ImGui::TextColored(muted_text(), "%s", tr("watch:"));
    for (const std::string& p : in.lesson->lesson->step(s.step)->watch) {
        if (!panel_listed(s, p.c_str())) {  // an embed without it: said, not a button to nowhere
            const std::string missing = say(*in.lesson, "lesson.watch-missing", {{"panel", panel_title(p)}});
            same_line_if_fits(ImGui::CalcTextSize(missing.c_str()).x);
            ImGui::TextColored(muted_text(), "%s", missing.c_str());
            record_lesson_item(ui, prefix.substr(0, prefix.size() - 1) + "-missing:" + p);  // lesson:watch-missing:
            continue;
        }
        const std::string label = std::string(panel_title(p)) + " ↓";
        same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::PushID(prefix.c_str());
        if (small_button(label.c_str())) ui->lesson.scroll_to = p, ui->lesson.scroll_passes = 4;
        ImGui::PopID();
        record_lesson_item(ui, prefix + p);
    }
}

bool question_block(const FrameInput& in, State* draft, UiState* ui) {
    const State& s = in.state;
    // A reveal scrolls into view only where the learner made it: not on arriving at a step
    // answered before (Back, Next, a link), whose words come first.
    const bool arrived = ui->lesson.question_step != s.step;
    ui->lesson.question_step = s.step;
    if (arrived) ui->lesson.reveal_scroll_passes = 0, ui->lesson.reveal_room = 0, ui->lesson.reveal_by_keys = false;
    const std::vector<Question>& qs = in.lesson->questions;
    if (!in.lesson->unaskable.empty()) {
        prose(in.lesson->unaskable, error_color());
        record_lesson_item(ui, "lesson:unaskable");
        if (ImGui::Button(say(*in.lesson, "lesson.set-up-again").c_str())) send(ui, LessonAction::RevisitStep, s.step);
        record_lesson_item(ui, "lesson:set-up-again");
    }
    if (qs.empty()) return false;
    bool edited = false;
    const int k = std::clamp(s.lesson.question, 0, int(qs.size()) - 1);
    const Question& q = qs[size_t(k)];
    const std::string predict = qs.size() > 1
                                    ? say(*in.lesson, "lesson.predict-of", {{"k", k + 1}, {"n", int(qs.size())}})
                                    : say(*in.lesson, "lesson.predict");
    // The label and the question as one run of text: its lines wrap back to the band's edge, so a
    // wide label (Chinese's "预测（第 1 题，共 2 题）" on a phone) does not leave the question a
    // narrow column beside it.
    std::vector<Piece> run{{predict + "  ", u32(query_color())}};
    add_words(&run, q.prompt);
    // Where the block's lines start (screen y): a scroll to the verdict starts the view at one.
    std::vector<float> line_tops;
    const float prompt_top = ImGui::GetCursorScreenPos().y;
    flow_text(run);
    const float prompt_step = ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y * 0.5f;  // flow_text's
    for (float y = prompt_top; y < ImGui::GetItemRectMax().y - 1; y += prompt_step) line_tops.push_back(y);
    const int answer = k == s.lesson.question ? s.lesson.answer : -1;
    const bool revealed = s.lesson.revealed && k == s.lesson.question;
    context_for_keyboard(predict + tr(": ") + q.prompt);  // said before the first choice the keyboard reaches
    for (size_t i = 0; i < q.choices.size(); ++i) {
        ImGui::PushID(int(i));
        if (i > 0)
            same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                                  ImGui::CalcTextSize(q.choices[i].c_str()).x,
                              lesson_gap());
        // The keyboard moved here: the chosen choice takes its focus, or the first.
        const bool focus = !revealed && int(i) == std::max(answer, 0) && takes_focus_here(s, ui);
        if (choice_radio(q.choices[i], answer == int(i), focus, int(i), int(q.choices.size())))
            send(ui, LessonAction::Choose, int(i));
        line_tops.push_back(ImGui::GetItemRectMin().y);
        record_lesson_item(ui, "lesson:choice:" + std::to_string(i));
        ImGui::PopID();
    }
    context_for_keyboard("");
    ImGui::BeginDisabled(answer < 0 || revealed);
    if (ImGui::Button(say(*in.lesson, "lesson.reveal").c_str()))
        send(ui, LessonAction::Reveal), ui->lesson.reveal_clicked = true,
                                        ui->lesson.reveal_by_keys = keyboard_navigating();
    ImGui::EndDisabled();
    record_lesson_item(ui, "lesson:reveal");
    const float verdict_top = ImGui::GetItemRectMin().y;  // the verdict sits beside Reveal
    if (answer < 0) {
        ImGui::SameLine();
        ImGui::TextColored(muted_text(), "%s", say(*in.lesson, "lesson.pick-then-reveal").c_str());
    }
    if (revealed) {
        const RevealResult r = shown_reveal(*in.lesson, s);
        ImGui::SameLine();
        ImGui::TextColored(r.correct ? context_color() : error_color(), "%s", r.verdict.c_str());
        record_lesson_item(ui, r.correct ? "lesson:verdict:right" : "lesson:verdict:wrong");
        if (!r.since.empty()) {
            prose(r.since, muted_text());
            record_lesson_item(ui, "lesson:changed-since");
        }
        if (!r.counted.empty()) {
            prose(r.counted, muted_text());
            record_lesson_item(ui, "lesson:counted");
        }
        prose(say(*in.lesson, "lesson.answer", {{"answer", r.answer}}));
        prose(r.reason, muted_text());
        if (!r.mistake.empty())
            prose(say(*in.lesson, "lesson.common-mistake", {{"mistake", r.mistake}}), error_color());
        // The answer is what the watched panel now shows: on a phone, the way there from here,
        // since the step's own buttons scrolled up out of sight with the feedback.
        if (compact_layout()) watch_buttons(in, ui, "lesson:see:");
        const int key = s.step * 100 + k * 10 + answer;
        if (ui->lesson.shown_reveal != key) {
            // Revealed by the band's own button: not by the text version, the page's API or a restore.
            ui->lesson.shown_reveal = key;
            ui->lesson.reveal_room = 0;
            ui->lesson.reveal_scroll_passes = ui->lesson.reveal_clicked && !arrived ? 3 : 0;
            // The range's last answer brings the wrap-up below it into view instead.
            const bool last = s.step == range_of(*in.lesson).last && k + 1 == int(qs.size());
            ui->lesson.wrap_up_scroll_passes = last ? ui->lesson.reveal_scroll_passes : 0;
            ui->lesson.reveal_clicked = false;
        }
        if (k + 1 < int(qs.size())) {
            if (ImGui::Button(say(*in.lesson, "lesson.next-question").c_str())) send(ui, LessonAction::NextQuestion);
            // Revealed by the keyboard: the way on takes the focus (a walk was left on the
            // disabled Reveal, with nothing said of where to go).
            if (ui->lesson.reveal_by_keys) take_keyboard_focus(), ui->lesson.reveal_by_keys = false;
            record_lesson_item(ui, "lesson:next-question");
        } else if (s.step == 6 && q.id == "naive-overflow") {
            const float scale = breaking_scale(in.result.scores);
            if (ImGui::Button(say(*in.lesson, "lesson.set-scale", {{"scale", num(scale)}}).c_str())) {
                draft->lab_scale = scale;
                edited = true;
            }
            record_lesson_item(ui, "lesson:show-me");
        }
        ui->lesson.verdict_top = verdict_top;
        // The frames after a reveal appears, bring it into view, from the verdict to the way on: it
        // is the point of the question. On a phone the text a reveal adds above it pushed it down.
        // In the question's own column (a laptop) the view starts at a line: ImGui's rule had cut
        // the prompt's first line in half (a teacher's eight choices). The range's last answer
        // has its wrap-up below, which scrolls on its own.
        const bool own_column = ui->lesson.split && !(s.step == range_of(*in.lesson).last && k + 1 == int(qs.size()));
        if (ui->lesson.reveal_scroll_passes > 0) {
            --ui->lesson.reveal_scroll_passes;
            line_tops.push_back(verdict_top);
            if (own_column)
                scroll_into_view_whole_lines(verdict_top, ImGui::GetCursorScreenPos().y, line_tops,
                                             &ui->lesson.reveal_room);
            else
                scroll_into_view(verdict_top, ImGui::GetCursorScreenPos().y);
        }
        if (own_column && ui->lesson.reveal_room > 0) {
            ImGui::Dummy(ImVec2(1, ui->lesson.reveal_room));
            ui->lesson.room_drawn = ui->lesson.reveal_room + ImGui::GetStyle().ItemSpacing.y;  // not the band's to fit
        }
    }
    return edited;
}

// The end of the track: the score over the range, the ideas the wrong first answers reveal, the
// steps of the range with the learner's first verdicts (what the grade counts), and where next.
void wrap_up(const FrameInput& in, UiState* ui) {
    const LessonEngine& lesson = *in.lesson;
    const StepRange range = range_of(lesson);
    const float top = ImGui::GetCursorScreenPos().y;
    ImGui::Separator();
    ImGui::TextColored(query_color(), "%s", say(lesson, "lesson.wrap-up").c_str());
    prose(lesson.lesson->title, muted_text());  // which lesson: a teacher's own has its title here
    record_lesson_item(ui, "lesson:title");
    const RangeAnswers a = range_answers(lesson);
    record_value(ui, "wrap-up", std::to_string(a.right) + " of " + std::to_string(a.answered));
    prose(say(lesson, "lesson.your-predictions", {{"right", a.right}, {"answered", a.answered}}));
    const std::string pass = pass_mark_line(lesson);
    if (!pass.empty()) {
        prose(pass);
        record_lesson_item(ui, "lesson:pass-mark");
    }
    // What the wrong first answers reveal, each with the step that teaches it.
    if (!lesson.revisits.empty()) {
        const TextCatalog& texts = lesson.lesson->texts;
        prose(texts.say("lesson.revisit"), query_color());  // wrapped: a phone is narrower
        for (const Revisit& r : lesson.revisits) {
            ImGui::PushID(r.misconception.c_str());
            const std::string go = texts.say("lesson.revisit-step", {{"step", r.step}});
            if (small_button(go.c_str())) send(ui, LessonAction::RevisitStep, r.step);
            record_lesson_item(ui, "lesson:revisit:" + r.misconception);
            ImGui::SameLine();
            prose(texts.say("idea." + r.misconception));
            ImGui::PopID();
        }
        prose(texts.say("lesson.revisit-afresh"), muted_text());  // what a revisit does to the record
    }
    // Then every step with its first verdicts (a long list: the score and the ideas come first).
    for (int k = range.first; k <= range.last; ++k) {
        std::string marks;
        for (const QuestionRecord& q : lesson.record.questions)
            if (q.step == k) marks += q.first_correct ? "\u2713" : "\u2717";
        // Wrapped, not cut: a phone is narrower than a step's title.
        prose(std::to_string(k) + ". " + lesson.lesson->step(k)->title + "  " +
                  (marks.empty() ? say(lesson, "lesson.not-answered") : marks),
              marks.empty() ? muted_text() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
    }
    prose(wrap_up_next(*lesson.lesson), muted_text());
    // On a phone the wrap-up ends far below the band: what comes next starts at its top.
    const auto to_the_band = [&] {
        if (compact_layout()) ui->lesson.scroll_to = "lesson", ui->lesson.scroll_passes = 2;
    };
    if (ImGui::Button(wrap_up_practice(*lesson.lesson).c_str()))
        send(ui, LessonAction::OpenPractice, wrap_up_exercise(*lesson.lesson)), to_the_band();
    record_lesson_item(ui, "lesson:wrap-up:practice");
    const std::string again = say(lesson, "lesson.start-again");
    same_line_if_fits(button_width(again.c_str()));
    if (ImGui::Button(again.c_str())) send(ui, LessonAction::RestartTrack), to_the_band();
    record_lesson_item(ui, "lesson:wrap-up:again");
    // The lesson after this one, where the page can open it (a page no course grades).
    const std::string next_lesson = wrap_up_next_lesson(lesson);
    if (!next_lesson.empty() && in.page && in.page->opens_lessons) {
        prose(wrap_up_next_lesson_about(*lesson.lesson), muted_text());  // wrapped: the button's words are short
        if (ImGui::Button(wrap_up_next_lesson_words(*lesson.lesson).c_str())) ui->open_lesson = next_lesson;
        record_lesson_item(ui, "lesson:wrap-up:next-lesson");
    }
    // Brought into view after the last answer's Reveal, from its verdict down as far as the window
    // shows: it appears below the question, where a laptop's band had it out of sight. The verdict
    // stays in view (scrolled to the wrap-up's heading, a walk lost "Not quite." and the answer),
    // unless the answer's words are so long (a phone) that the heading would not show: the heading
    // and a line after it come first.
    if (ui->lesson.wrap_up_scroll_passes > 0) {
        --ui->lesson.wrap_up_scroll_passes;
        const float room = ImGui::GetWindowHeight() * 0.9f;
        const float from =
            std::max(std::min(top, ui->lesson.verdict_top), top + ImGui::GetTextLineHeightWithSpacing() * 3 - room);
        scroll_into_view(from, std::min(ImGui::GetCursorScreenPos().y, from + room));
    }
}

}  // namespace

ATTN_LESSON_ENTRY bool lesson_track(const FrameInput& in, State* draft, UiState* ui, int part) {
    const State& s = in.state;
    const Lesson& lesson = *in.lesson->lesson;
    const StepSpec* step = lesson.step(s.step);
    if (!step) {  // a link's step past the lesson's end: said, with the way into the lesson
        if (part == 0) {
            prose(say(*in.lesson, "lesson.no-such-step", {{"step", s.step}, {"steps", lesson.step_count()}}));
            // Where the learner left the lesson, as the header's Start goes, else the range's start.
            const StepRange range = range_of(*in.lesson);
            const int left = in.lesson->record.step;
            if (ImGui::Button(tr("Start the lesson \u2192")))
                send(ui, LessonAction::GoToStep, left >= range.first && left <= range.last ? left : range.first);
            record_layout(ui, "lesson:start-from-missing");
        }
        return false;
    }
    if (part == 1) {
        const bool edited = question_block(in, draft, ui);
        const int n = int(in.lesson->questions.size());
        if (s.step == range_of(*in.lesson).last && n > 0 && question_done(s.lesson, n - 1)) wrap_up(in, ui);
        return edited;
    }
    bool edited = false;
    ImGui::Text("%d. %s", s.step, step->title.c_str());
    if (compact_layout()) {
        watch_buttons(in, ui, "lesson:watch:");
    } else {
        std::string watch;
        for (const std::string& p : step->watch)
            watch +=
                (watch.empty() ? "" : tr(", ")) +
                (panel_listed(s, p.c_str()) ? std::string(panel_title(p))
                                            : say(*in.lesson, "lesson.watch-missing", {{"panel", panel_title(p)}}));
        watch = tr("watch: ") + watch;
        same_line_if_fits(ImGui::CalcTextSize(watch.c_str()).x, lesson_gap());
        ImGui::TextColored(muted_text(), "%s", watch.c_str());
        for (const std::string& p : step->watch)
            if (!panel_listed(s, p.c_str())) record_lesson_item(ui, "lesson:watch-missing:" + p);
    }
    // What a reveal adds to the text column (a line, step 9's table) starts below the fold of a
    // capped band: the column scrolls to it, as the question's column scrolls to the verdict.
    unsigned done = 0;  // a bit per question of the step (at most kMaxQuestionIndex + 1 of them)
    for (int k = 0; k < int(in.lesson->questions.size()) && k < 32; ++k)
        if (question_done(s.lesson, k)) done |= 1u << k;
    const unsigned newly = ui->lesson.text_step == s.step ? done & ~ui->lesson.text_done : 0u;
    ui->lesson.text_step = s.step;
    ui->lesson.text_done = done;
    if (!in.lesson->class_changed.empty()) {
        // The learner picked another class: first, so it is read before the step's words about it.
        prose(in.lesson->class_changed, error_color());
        record_lesson_item(ui, "lesson:class-changed");
        if (small_button(in.lesson->restore_class.c_str())) send(ui, LessonAction::RestoreStepClass);
        record_lesson_item(ui, "lesson:restore-class");
    }
    float reveal_y = -1;
    lines(*in.lesson, newly, &reveal_y);
    if (step->widget == StepWidget::Scaling && (newly & 1u) && reveal_y < 0) reveal_y = ImGui::GetCursorPosY();
    switch (step->widget) {
        case StepWidget::Alignment:
            alignment_table(in, question_done(s.lesson, 0), ui);
            break;
        case StepWidget::Lab:
            edited |= lab_widget(in, draft, ui);
            break;
        case StepWidget::Scaling:
            if (ImGui::Checkbox(say(*in.lesson, "lesson.use-projection").c_str(), &draft->projection.enabled))
                edited = true;
            same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                              ImGui::CalcTextSize(tr("divide by sqrt(d_k)")).x);
            if (ImGui::Checkbox(tr("divide by sqrt(d_k)"), &draft->scale)) edited = true;
            if (question_done(s.lesson, 0))
                scaling_widget(in, ui);
            else
                prose(say(*in.lesson, "lesson.table-after-answer"), muted_text());
            break;
        case StepWidget::Causal:
            if (ImGui::Checkbox(tr("causal mask"), &draft->causal)) edited = true;
            record_lesson_item(ui, "lesson:causal");
            break;
        default:
            break;
    }
    if (reveal_y >= 0 && ui->lesson.split) ui->lesson.text_reveal_y = reveal_y, ui->lesson.text_scroll_passes = 3;
    if (ui->lesson.text_scroll_passes > 0) {
        // As much of the new text as the column holds, from its start: its end in view when it fits.
        --ui->lesson.text_scroll_passes;
        const float top = std::max(0.0f, ui->lesson.text_reveal_y - ImGui::GetTextLineHeightWithSpacing());
        const float end = ImGui::GetCursorPosY(), room = ImGui::GetWindowHeight(), scroll = ImGui::GetScrollY();
        const float wanted = std::min(top, std::max(scroll, end - room));
        if (std::fabs(wanted - scroll) >= 1.0f) ImGui::SetScrollY(wanted);
    }
    return edited;
}

}  // namespace attn::ui
