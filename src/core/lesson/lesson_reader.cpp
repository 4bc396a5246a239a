#include "core/lesson/lesson_reader.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "core/document/json_writer.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/lab.h"
#include "core/lesson/scaling.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/math/extremes.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

const char* line_kind_name(LineKind kind) {
    switch (kind) {
        case LineKind::Code:
            return "code";
        case LineKind::Note:
            return "note";
        case LineKind::Good:
            return "good";
        case LineKind::Warn:
            return "warn";
        case LineKind::Prose:
            break;
    }
    return "prose";
}

// The open question as the band shows it: the verdict, answer and reason only once revealed.
void write_question(const LessonEngine& e, const State& s, JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    const int n = int(e.questions.size());
    const int k = std::clamp(s.lesson.question, 0, n - 1);
    const Question& q = e.questions[size_t(k)];
    const int answer = k == s.lesson.question ? s.lesson.answer : -1;
    const bool revealed = s.lesson.revealed && k == s.lesson.question;
    w->begin_object();
    w->key("index").integer(k).key("count").integer(n);
    w->key("label").string(n > 1 ? texts.say("lesson.predict-of", {{"k", k + 1}, {"n", n}})
                                 : texts.say("lesson.predict"));
    w->key("prompt").string(q.prompt).key("choices").strings(q.choices);
    w->key("answer").integer(answer).key("revealed").boolean(revealed);
    if (revealed) {
        const RevealResult r = shown_reveal(e, s);
        w->key("verdict").string(r.verdict).key("correct").boolean(r.correct).key("since").string(r.since);
        w->key("counted").string(r.counted);
        w->key("answer_line").string(texts.say("lesson.answer", {{"answer", r.answer}}));
        w->key("reason").string(r.reason);
        w->key("mistake").string(r.mistake.empty() ? "" : texts.say("lesson.common-mistake", {{"mistake", r.mistake}}));
        // Which choices are right, now that it is revealed (never before): the text version marks them.
        w->key("right_choices").begin_array();
        for (size_t i = 0; i < q.correct.size(); ++i)
            if (q.correct[i]) w->integer(int64_t(i));
        w->end_array();
    }
    w->key("next").string(revealed && k + 1 < n ? texts.say("lesson.next-question") : "");
    w->end_object();
}

// The step's alignment table (step 4's widget), as the band draws it: the reading column, which
// answers the step's question, waits for the reveal.
void write_alignment(const LessonEngine& e, const State& s, const AttentionResult& result, JsonWriter* w) {
    const bool reading = question_done(s.lesson, 0);
    const AlignmentWords words = alignment_words(e.lesson->texts, s);
    w->begin_object().key("caption").string(words.caption).key("note").string("");
    w->key("headers").begin_array();
    for (const std::string& h : words.headers) w->string(h);
    w->end_array().key("rows").begin_array();
    for (const AlignmentRow& r : alignment_rows(e.lesson->texts, s, result)) {
        w->begin_array();
        w->string(r.label);
        w->string(r.products).string(num(r.dot)).string(reading ? r.reading : words.covered);
        w->end_array();
    }
    w->end_array().end_object();
}

// Step 6's robustness lab as the band's table: each token's score at the lab's multiplier, the
// hand-written softmax and the library's, the naive columns covered while the question asks
// about them (an inf in exp(s) would tell).
void write_lab(const LessonEngine& e, const State& s, const AttentionResult& result, const Concealment& hidden,
               JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    const SoftmaxLab lab = softmax_lab(texts, result.scores, s.lab_scale, s.tokens);
    const bool naive_hidden = hidden.naive_weights;
    w->begin_object().key("caption").string(texts.say("reader.lab-caption", {{"scale", num(s.lab_scale)}}));
    w->key("note").string(naive_hidden
                              ? texts.say("reader.lab-covered", {{"reason", hidden.reason}})
                              : texts.say("reader.lab-overflow", {{"limit", num(exp_overflow_threshold(), 2)}}));
    w->key("headers").strings(
        {texts.say("reader.token"), "s", "exp(s)", texts.say("reader.naive"), "s - max", "exp(s - max)", "softmax"});
    w->key("rows").begin_array();
    for (size_t i = 0; i < lab.scores.size() && i < 16; ++i) {
        w->begin_array().string(s.tokens[i]).string(num_cell(lab.scores[i]));
        w->string(naive_hidden ? "?" : num_cell(lab.exps[i])).string(naive_hidden ? "?" : num_cell(lab.naive[i]));
        w->string(num_cell(lab.shifted[i])).string(num_cell(lab.shifted_exps[i])).string(num_cell(lab.stable[i]));
        w->end_array();
    }
    w->begin_array()
        .string(texts.say("reader.sum"))
        .string("")
        .string(naive_hidden ? "?" : num_cell(lab.exp_sum))
        .string("");
    w->string("").string(num_cell(lab.shifted_sum)).string("").end_array();
    w->end_array();
    // The band's presets beside its slider: as it is, where the hand-written softmax breaks, far past.
    w->key("presets").begin_array();
    for (float preset : {1.0f, breaking_scale(result.scores), 80.0f})
        w->begin_object()
            .key("label")
            .string("×" + num(preset))
            .key("value")
            .number(preset)
            .key("pressed")  // the multiplier in use
            .boolean(s.lab_scale == preset)
            .end_object();
    w->end_array().end_object();
}

// Step 9's table: the query's largest weight and its entropy for d_out = 2 to 128, with and without
// the division, once the question is answered (before, it would answer it).
void write_scaling(const LessonEngine& e, const State& s, JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    const ScalingTable table = scaling_table(texts, s, {});  // its words only: no rows computed
    w->begin_object().key("caption").string(table.caption);
    w->key("headers").strings(table.headers);
    w->key("rows").begin_array();
    std::string note = texts.say("lesson.table-after-answer");
    if (question_done(s.lesson, 0)) {
        const ScalingTable st = scaling_table(texts, s);
        note = st.error.empty() ? texts.say("lesson.entropy-note", {{"uniform", num(float(st.uniform_entropy))}})
                                : st.error;
        for (const ScalingRow& r : st.rows) {
            w->begin_array().string(std::to_string(r.d_out)).string(num(r.max_unscaled)).string(num(r.max_scaled));
            w->string(num(float(r.entropy_unscaled))).string(num(float(r.entropy_scaled))).end_array();
        }
    }
    w->end_array().key("note").string(note).end_object();
}

// The end of the range: the first verdicts per step and the score, as the band's wrap-up.
void write_wrap_up(const LessonEngine& e, JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    const StepRange range = range_of(e);
    w->begin_object().key("title").string(texts.say("lesson.wrap-up")).key("steps").begin_array();
    for (int k = range.first; k <= range.last; ++k) {
        // "right", or for a step of two questions answered "question 1: not right; question 2: right".
        std::vector<const QuestionRecord*> answered;
        for (const QuestionRecord& q : e.record.questions)
            if (q.step == k) answered.push_back(&q);
        // Numbered where the step asks more than one as it is set up, or the learner met more (step
        // 14 asks its second only of the multi-head wrapper): "question 1: right" says that a second
        // waits; a step of one says "right".
        const bool numbered =
            answered.size() >= 2 ||
            (answered.size() == 1 && (answered[0]->question > 0 || questions_as_set_up(*e.lesson, k).size() >= 2));
        std::string marks;
        for (const QuestionRecord* q : answered) {
            const std::string mark = texts.say(q->first_correct ? "reader.right" : "reader.not-right");
            if (!marks.empty()) marks += texts.say("reader.marks-separator");
            marks += numbered ? texts.say("reader.question-mark", {{"k", q->question + 1}, {"mark", mark}}) : mark;
        }
        w->begin_object().key("step").integer(k).key("title").string(e.lesson->step(k)->title);
        w->key("marks").string(marks.empty() ? texts.say("lesson.not-answered") : marks);
        w->end_object();
    }
    w->end_array();
    const RangeAnswers a = range_answers(e);
    w->key("summary").string(texts.say("lesson.your-predictions", {{"right", a.right}, {"answered", a.answered}}));
    w->key("pass_mark").string(pass_mark_line(e));
    // What the wrong first answers reveal, each with the step that asks it afresh (as the band).
    w->key("revisit").string(texts.say("lesson.revisit"));
    w->key("revisit_note").string(texts.say("lesson.revisit-afresh")).key("revisits").begin_array();
    for (const Revisit& r : e.revisits) {
        w->begin_object().key("step").integer(r.step);
        w->key("go").string(texts.say("lesson.revisit-step", {{"step", r.step}}));
        w->key("idea").string(texts.say("idea." + r.misconception)).end_object();
    }
    w->end_array();
    w->key("next").string(wrap_up_next(*e.lesson)).key("practice").string(wrap_up_practice(*e.lesson));
    // The lesson after this one (the page opens it where it can: PageOptions::opens_lessons).
    const std::string next_lesson = wrap_up_next_lesson(e);
    w->key("next_lesson");
    if (next_lesson.empty())
        w->null();
    else
        w->begin_object()
            .key("name")
            .string(next_lesson)
            .key("go")
            .string(wrap_up_next_lesson_words(*e.lesson))
            .key("about")
            .string(wrap_up_next_lesson_about(*e.lesson))
            .end_object();
    w->key("exercise").integer(wrap_up_exercise(*e.lesson));
    w->key("again").string(texts.say("lesson.start-again"));
    w->end_object();
}

// Practice as the band shows it: the exercises, the task, the prediction (exercise 1), and the
// verdict of the entry last checked.
void write_practice(const LessonEngine& e, const State& s, const AttentionResult& result, JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    const int current = std::clamp(s.lesson.exercise, 0, kExerciseCount - 1);
    const Exercise exercise = exercise_info(texts, current, s, &result);
    const PracticeRecord& record = e.record.practice[size_t(current)];
    w->begin_object().key("current").integer(current).key("exercises").begin_array();
    for (int i = 0; i < kExerciseCount; ++i) w->string(exercise_info(texts, i, s).title);
    w->end_array();
    w->key("task").string(exercise.task).key("hint").string(exercise.hint);
    w->key("label").string(texts.say("practice.your", {{"what", exercise.input_label}}));
    w->key("predict");
    if (current == 0) {
        w->begin_object().key("prompt").string(
            texts.say("practice.predict-prompt", {{"question", texts.say("practice.which-largest")}}));
        w->key("choices").begin_array();
        for (int t = 0; t < s.inputs.rows && t < 10; ++t) w->string(s.tokens[size_t(t)]);
        w->end_array().key("answer").integer(record.prediction);
        w->key("first").string(texts.say("practice.predict-first")).end_object();
    } else {
        w->null();
    }
    const ExerciseCheck& c = e.practice_check;
    const bool checked = record.checked;
    // changed: the data or a setting changed since the Check; message says so, and no verdict.
    w->key("typed").string(record.typed).key("checked").boolean(checked).key("changed").boolean(checked && c.stale);
    w->key("correct").boolean(checked && c.correct && !c.stale).key("entries").begin_array();
    if (checked && !c.stale && c.entry_ok.size() > 1)
        for (int ok : c.entry_ok) w->integer(ok);
    w->end_array().key("first_entry").integer(c.first_entry);
    // unreadable: the entry could not be read as the task asks (an input error, not a wrong answer):
    // the field is marked invalid, as a refused setting is.
    w->key("unreadable").boolean(checked && !c.stale && c.unreadable);
    w->key("message").string(checked ? c.message : "").key("note").string(checked ? c.note : "");
    std::string prediction;
    if (current == 0 && checked && c.correct && !c.stale && record.prediction >= 0 &&
        record.prediction < s.inputs.rows && !result.scores.empty()) {
        const int top = argmax(result.scores);
        prediction =
            texts.say("practice.you-predicted", {{"predicted", texts.quoted(s.tokens[size_t(record.prediction)])},
                                                 {"top", texts.quoted(s.tokens[size_t(top)])},
                                                 {"score", num(result.scores[size_t(top)])}});
    }
    w->key("prediction").string(prediction);
    std::string shown;
    if (record.shown) {
        shown = texts.say("practice.answer-shown");
        if (!exercise.answer.empty())
            append_sentence(&shown, texts.say("practice.the-answer", {{"answer", exercise.answer}}));
    }
    w->key("shown").string(shown);
    w->key("words").begin_object();
    w->key("hint").string(texts.say("practice.hint")).key("check").string(texts.say("practice.check"));
    w->key("show").string(texts.say("practice.show-answer")).key("start_over").string(texts.say("practice.start-over"));
    w->end_object().end_object();
}

// "Debug this" as the band shows it: the bugs by symptom, the planted program (its buggy line
// marked only once the trace found it), and the trace: each judged step with its printed and
// expected values and whether the judgment held, then the next step to judge.
void write_debug(const LessonEngine& e, const State& s, JsonWriter* w) {
    const TextCatalog& texts = e.lesson->texts;
    w->begin_object().key("intro").string(texts.say("debug.intro")).key("bugs").begin_array();
    for (Bug b : kDebugBugs) {
        w->begin_object().key("value").integer(int(b));
        w->key("label").string(texts.say("bug." + std::string(bug_name(b)) + ".label"));
        w->key("current").boolean(s.lesson.bug == b).end_object();
    }
    w->end_array();
    const bool traced = s.lesson.bug != Bug::None && e.trace_valid;
    w->key("pick").string(s.lesson.bug == Bug::None ? texts.say("debug.pick-a-bug") : "");
    const BugTrace& t = e.trace;
    w->key("error").string(traced ? t.error : "").key("note").string(traced ? t.note : "");
    w->key("program").begin_array();
    const TraceRecord* walked = e.record.trace(s.lesson.bug);
    const TraceWalk walk = trace_walk_of(t, traced && t.error.empty() ? s.lesson.trace : 0, walked ? walked->said : "",
                                         second_look_of(e, s));
    const int checked = walk.checked;
    const bool found = walk.found;
    for (size_t i = 0; traced && t.error.empty() && i < t.program.size(); ++i) {
        const bool buggy = found && int(i) == t.buggy_line;
        w->begin_object().key("text").string(t.program[i]).key("buggy").boolean(buggy);
        w->key("running").boolean(checked > 0 && t.steps[size_t(checked - 1)].line == int(i));
        w->key("fix").string(buggy ? texts.say("debug.fix", {{"line", t.fixed[i]}}) : "").end_object();
    }
    w->end_array();
    const bool walkable = traced && t.error.empty();
    w->key("expected").string(walkable ? texts.say("debug.expected", {{"output", t.expected_output}}) : "");
    w->key("printed").string(walkable ? texts.say("debug.printed", {{"output", t.actual_output}}) : "");
    w->key("trace").string(texts.say("debug.trace")).key("judge_each").string(texts.say("debug.judge-each"));
    auto printed = [&](const TraceStep& step) {
        return texts.say(
            "debug.value-printed",
            {{"what", step.what}, {"values", trace_values_text(texts, step.actual, step.rows, step.cols)}});
    };
    w->key("steps").begin_array();
    for (int k = 0; k < checked; ++k) {
        const TraceStep& step = t.steps[size_t(k)];
        w->begin_object().key("name").string(step.name).key("question").string(step.question);
        w->key("diverges").boolean(step.diverges).key("printed").string(printed(step));
        w->key("expected")
            .string(texts.say(
                "debug.value-expected",
                {{"what", step.what}, {"values", trace_values_text(texts, step.expected, step.rows, step.cols)}}));
        bool held = false;
        const char* verdict = walk.verdict_id(t, k, &held);
        w->key("judged").string(verdict ? texts.say(verdict) : "").key("held").boolean(held);
        std::string found_here;
        if (k == t.first_divergence) {
            found_here = texts.say("debug.first-divergence", {{"k", k + 1}, {"name", step.name}});
            append_sentence(&found_here, t.explanation);
        }
        w->key("found").string(found_here);
        w->end_object();
    }
    w->end_array().key("next");
    if (walkable && checked < int(t.steps.size()) && !found) {
        const TraceStep& step = t.steps[size_t(checked)];
        w->begin_object().key("index").integer(checked).key("name").string(step.name);
        w->key("question").string(step.question).key("printed").string(printed(step));
        w->key("look_again").string(walk.look_again ? texts.say("debug.look-again") : "").end_object();
    } else {
        w->null();
    }
    w->key("hidden").string(walkable && !found && checked >= int(t.steps.size()) ? t.hidden : "");
    w->key("words").begin_object();
    w->key("fine").string(texts.say("debug.as-it-should-be")).key("off").string(texts.say("debug.it-is-off"));
    w->key("again").string(texts.say("debug.trace-again")).end_object();
    w->end_object();
}

}  // namespace

ATTN_LESSON_ENTRY std::string lesson_reader_json(const LessonEngine& e, const State& s, const AttentionResult& result) {
    const Lesson& lesson = *e.lesson;
    const StepRange range = range_of(e);
    const bool track = s.lesson.mode == LessonMode::Track;
    const StepSpec* step = track ? lesson.step(s.step) : nullptr;
    std::string out;
    JsonWriter w(&out);
    w.begin_object().key("loaded").boolean(true).key("lesson_title").string(lesson.title);
    w.key("lang").string(lesson.lang);  // its words' language: a teacher's English lesson on a Chinese page
    w.key("file").string(e.file_name);  // a lesson= page's file, "" for the chapter
    w.key("mode").string(lesson_mode_name(s.lesson.mode)).key("in_lesson").boolean(in_lesson(s));
    w.key("step").integer(s.step).key("first").integer(range.first).key("last").integer(range.last);
    w.key("held").boolean(lesson_held_by_question(e, s));  // a graded step's ways out wait for its Reveal
    // The range's steps by title, for "Go to step" (the drawing's step buttons name them too).
    w.key("step_list").begin_array();
    for (int k = range.first; k <= range.last; ++k)
        if (const StepSpec* each = lesson.step(k))
            w.begin_object().key("step").integer(k).key("title").string(each->title).end_object();
    w.end_array();
    // Outside the lesson, the step "start" goes back to when the learner has been in it (0: none).
    w.key("resume").integer(!in_lesson(s) && e.record.step > 0 ? lesson_start_step(e, s) : 0);
    w.key("indicator").string(step ? lesson.step_indicator(s.step) : "");
    w.key("title").string(step ? step->title : "");
    w.key("watch").strings(step ? step->watch : std::vector<std::string>{});
    // The learner picked another class than the step's: what the band says, and its button.
    w.key("class_changed").string(step ? e.class_changed : "").key("restore_class").string(step ? e.restore_class : "");
    w.key("lines").begin_array();
    for (const LessonLine& line : step ? e.lines : std::vector<LessonLine>{})
        w.begin_object().key("kind").string(line_kind_name(line.kind)).key("text").string(line.text).end_object();
    w.end_array();
    w.key("more").string(step && e.lines_pending ? lesson.texts.say("lesson.more-after-answer") : "");
    w.key("table");
    if (step && step->widget == StepWidget::Alignment)
        write_alignment(e, s, result, &w);
    else if (step && step->widget == StepWidget::Lab)
        write_lab(e, s, result, e.concealed, &w);
    else if (step && step->widget == StepWidget::Scaling)
        write_scaling(e, s, &w);
    else
        w.null();
    w.key("unaskable")
        .string(step ? e.unaskable : "")
        .key("set_up_again")
        .string(lesson.texts.say("lesson.set-up-again"));
    w.key("question");
    if (step && !e.questions.empty())
        write_question(e, s, &w);
    else
        w.null();
    w.key("words").begin_object();
    w.key("reveal")
        .string(lesson.texts.say("lesson.reveal"))
        .key("pick")
        .string(lesson.texts.say("lesson.pick-then-reveal"));
    w.end_object();
    w.key("wrap_up");
    const int n = int(e.questions.size());
    if (step && s.step == range.last && n > 0 && question_done(s.lesson, n - 1))
        write_wrap_up(e, &w);
    else
        w.null();
    w.key("practice");
    if (s.lesson.mode == LessonMode::Practice)
        write_practice(e, s, result, &w);
    else
        w.null();
    w.key("debug");
    if (s.lesson.mode == LessonMode::Debug)
        write_debug(e, s, &w);
    else
        w.null();
    w.end_object();
    return out;
}

int wrap_up_exercise(const Lesson& lesson) {
    return lesson_first_exercise(lesson);
}

std::string wrap_up_practice(const Lesson& lesson) {
    return lesson.texts.say(lesson.id == "generation" ? "lesson.to-practice-generation" : "lesson.to-practice");
}

std::string wrap_up_next_lesson(const LessonEngine& e) {
    if (!e.lesson || e.pass_mark >= 0 || !e.range_asked.empty() || !e.range_error.empty()) return "";
    return e.lesson->id == "chapter-3" ? "generation" : "";
}

std::string wrap_up_next_lesson_words(const Lesson& lesson) {
    return lesson.texts.say("lesson.to-next-lesson");
}

std::string wrap_up_next_lesson_about(const Lesson& lesson) {
    return lesson.texts.say("lesson.next-lesson-about");
}

std::string wrap_up_next(const Lesson& lesson) {
    return lesson.texts.say(lesson.id == "chapter-3" ? "lesson.next-in-the-book" : "lesson.practise-next");
}

bool parse_lesson_action(std::string_view name, LessonAction* out) {
    static const struct {
        const char* name;
        LessonAction action;
    } kActions[] = {{"start", LessonAction::StartTrack},
                    {"go", LessonAction::GoToStep},
                    {"revisit", LessonAction::RevisitStep},
                    {"restore-class", LessonAction::RestoreStepClass},
                    {"choose", LessonAction::Choose},
                    {"reveal", LessonAction::Reveal},
                    {"next-question", LessonAction::NextQuestion},
                    {"restart", LessonAction::RestartTrack},
                    {"practice", LessonAction::OpenPractice},
                    {"leave", LessonAction::Leave},
                    {"predict", LessonAction::Predict},
                    {"check", LessonAction::CheckPractice},
                    {"show-answer", LessonAction::ShowPracticeAnswer},
                    {"start-over", LessonAction::ResetPractice},
                    {"debug", LessonAction::OpenDebug},
                    {"judge", LessonAction::JudgeTrace},
                    {"trace-again", LessonAction::ResetTrace}};
    for (const auto& a : kActions)
        if (name == a.name) return *out = a.action, true;
    return false;
}

std::string lesson_intent_problem(const LessonEngine& e, const State& s, const LessonIntent& intent) {
    const int v = intent.value;
    auto outside = [&](const char* what, int lo, int hi) {
        return v >= lo && v <= hi ? std::string()
                                  : std::string(what) + " " + std::to_string(v) + " is not one of " +
                                        std::to_string(lo) + ".." + std::to_string(hi);
    };
    const bool leaves = intent.action == LessonAction::OpenDebug || intent.action == LessonAction::OpenPractice ||
                        intent.action == LessonAction::Leave;
    if (leaves && lesson_held_by_question(e, s))
        return "reveal this step's answers first: in a graded lesson the panels outside it would show them";
    switch (intent.action) {
        case LessonAction::OpenDebug:
            return outside("bug", 0, int(kLastDebugBug));
        case LessonAction::JudgeTrace:
            return outside("judgment (1 as it should be, 0 it is off)", 0, 1);
        case LessonAction::OpenPractice:  // -1: where the learner left Practice, else the lesson's own first
            return outside("exercise", -1, kExerciseCount - 1);
        case LessonAction::Predict:
            return outside("token", 0, s.inputs.rows - 1);
        case LessonAction::GoToStep:
        case LessonAction::RevisitStep:
            if (!e.lesson) return "";
            return outside("step", range_of(e).first, range_of(e).last);
        case LessonAction::Choose:
            if (!e.lesson || e.questions.empty() || s.lesson.mode != LessonMode::Track) return "no question is open";
            return outside(
                "choice", 0,
                int(e.questions[size_t(std::clamp(s.lesson.question, 0, int(e.questions.size()) - 1))].choices.size()) -
                    1);
        default:
            return "";
    }
}

}  // namespace attn
