// The engine's two verbs: sync (derive what the screen needs from the state, once per version) and
// apply (a learner's intent changes the state and the record, and says so in events). Grading
// rules (docs/grading.md): a question counts as right when its first reveal was right, because
// after a reveal the answer is on screen; later reveals are attempts, recorded but not graded.
#include "core/lesson/lesson_engine.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>

#include "core/document/examples.h"
#include "core/document/json_writer.h"
#include "core/document/words_scope.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/track.h"
#include "core/text/number_parse.h"
#include "core/text/utf8.h"

namespace attn {
namespace {

// An idle learner does not accumulate time: a gap between two acts counts at most this long.
constexpr double kMaxGapMs = 5 * 60 * 1000.0;

bool in_track(const State& s) {
    return s.lesson.mode == LessonMode::Track && s.step > 0;
}

bool in_range(const StepRange& range, int step) {
    return step >= range.first && step <= range.last;
}

// How many questions the steps of range ask, entering each step as the track does. (Small enough
// for wasm-opt to inline: the split point is questions_as_set_up.)
int count_questions(const Lesson& lesson, const StepRange& range) {
    int count = 0;
    for (int k = range.first; k <= range.last; ++k) count += int(questions_as_set_up(lesson, k).size());
    return count;
}

// The range's question count, worked out once per range.
void count_range(LessonEngine* e) {
    const StepRange range = range_of(*e);
    if (e->counted_range == range) return;
    e->counted_range = range;
    e->range_questions = e->lesson ? count_questions(*e->lesson, range) : 0;
}

void tick(LessonEngine* e, const State& shown, double now_ms) {
    if (in_lesson(shown) && e->last_active_ms >= 0 && now_ms > e->last_active_ms) {
        e->unrecorded_ms += std::min(now_ms - e->last_active_ms, kMaxGapMs);
        const int whole = int(e->unrecorded_ms / 1000.0);
        e->unrecorded_ms -= whole * 1000.0;
        e->record.seconds = std::min(kMaxRecordSeconds, e->record.seconds + whole);
    }
    e->last_active_ms = now_ms;
}

PracticeRecord& practice_of(LessonEngine* e, const State& s) {
    return e->record.practice[std::clamp(s.lesson.exercise, 0, kExerciseCount - 1)];
}

TraceRecord& trace_of(LessonEngine* e, Bug bug) {
    for (TraceRecord& t : e->record.traces)
        if (t.bug == bug) return t;
    e->record.traces.push_back(TraceRecord{bug, "", false});
    return e->record.traces.back();
}

bool practice_solved(const LessonEngine& e, const State& s) {
    if (s.lesson.mode != LessonMode::Practice) return false;
    const PracticeRecord& p = e.record.practice[std::clamp(s.lesson.exercise, 0, kExerciseCount - 1)];
    return p.shown || (p.checked && e.practice_check.correct && !e.practice_check.stale);
}

// A prompt without the tokens' names: each quoted label ("token 1", as prompts quote them) as
// "·", so that renaming a token does not make a question another one.
std::string prompt_key(std::string prompt, const std::vector<std::string>& tokens) {
    for (const std::string& label : tokens) {
        if (label.empty()) continue;
        const std::string quoted = "\"" + label + "\"";
        for (size_t at = prompt.find(quoted); at != std::string::npos; at = prompt.find(quoted, at + 3))
            prompt.replace(at, quoted.size(), "\"\u00b7\"");
    }
    return prompt;
}

void reveal_question(LessonEngine* e, const State& shown, State* draft, std::vector<LessonEvent>* events) {
    const std::vector<Question>& qs = e->questions;
    if (!in_track(shown) || qs.empty()) return;
    const int k = std::clamp(shown.lesson.question, 0, int(qs.size()) - 1);
    const int answer = k == shown.lesson.question ? shown.lesson.answer : -1;
    if (answer < 0 || size_t(answer) >= qs[size_t(k)].choices.size() || shown.lesson.revealed) return;
    const Question& q = qs[size_t(k)];
    draft->lesson = reveal(*draft).lesson;
    const RevealResult r = reveal_answer(e->lesson->texts, q, answer);
    QuestionRecord* rec = e->record.find(shown.step, k);
    if (!rec) {
        QuestionRecord fresh;
        fresh.step = shown.step;
        fresh.question = k;
        fresh.first_choice = answer;
        fresh.first_correct = r.correct;
        auto at = std::find_if(e->record.questions.begin(), e->record.questions.end(), [&](const QuestionRecord& x) {
            return x.step > fresh.step || (x.step == fresh.step && x.question > fresh.question);
        });
        rec = &*e->record.questions.insert(at, fresh);
    }
    rec->last_choice = answer;
    rec->last_correct = r.correct;
    auto asked = std::find_if(e->asked_as.begin(), e->asked_as.end(),
                              [&](const LessonEngine::AskedAs& a) { return a.step == shown.step && a.question == k; });
    if (asked == e->asked_as.end()) asked = e->asked_as.insert(asked, LessonEngine::AskedAs{shown.step, k, ""});
    asked->prompt = prompt_key(q.prompt, shown.tokens);
    if (e->fresh_walk && std::find(e->walked.begin(), e->walked.end(), shown.step) == e->walked.end())
        e->walked.push_back(shown.step);
    rec->attempts = std::min(rec->attempts + 1, kMaxRecordCount);
    events->push_back(quiz_answered(shown.step, k, q, answer, r.correct, rec->attempts));
    events->push_back(quiz_revealed(shown.step, k, q.id, r.answer));
    const LessonProgress p = lesson_progress(e);
    if (p.complete && !e->record.completed) {
        e->record.completed = true;
        const StepRange range = range_of(*e);
        std::vector<AnswerRecord> answers;
        for (const QuestionRecord& x : e->record.questions)
            if (in_range(range, x.step)) answers.push_back({x.step, x.question, x.first_correct, x.attempts});
        events->push_back(lesson_completed(p.right, p.answered, p.questions, double(e->record.seconds), answers,
                                           e->pass_mark, p.passed, range.first, range.last));
    }
}

// A bug's walk starts over: its judgments and any second look go.
void restart_trace(LessonEngine* e, Bug bug) {
    trace_of(e, bug).said.clear();
    if (e->second_look_bug == bug) e->second_look_bug = Bug::None, e->second_look_step = -1;
}

void judge_trace(LessonEngine* e, const State& shown, int value, State* draft, std::vector<LessonEvent>* events) {
    if (shown.lesson.mode != LessonMode::Debug || shown.lesson.bug == Bug::None || !e->trace_valid ||
        !e->trace.error.empty())
        return;
    const BugTrace& t = e->trace;
    const TraceWalk walk = trace_walk_of(t, shown.lesson.trace, "");
    const int checked = walk.checked;
    if (checked >= int(t.steps.size()) || walk.found || checked >= kMaxTraceSteps) return;
    if (value != 0 && checked == t.first_divergence && second_look_of(*e, shown) != checked) {
        // The first wrong value judged "as it should be": a second look, as a question gives a
        // second answer, before the expected value and the buggy line show. The judgment is sent
        // (it did not hold); the record counts the second looks and keeps the final judgment.
        e->second_look_bug = t.bug;
        e->second_look_step = checked;
        TraceRecord& looked = trace_of(e, t.bug);
        looked.second_looks = std::min(looked.second_looks + 1, kMaxRecordCount);
        events->push_back(bug_traced(bug_name(t.bug), checked + 1, false, false, false));
        return;
    }
    TraceRecord& rec = trace_of(e, t.bug);
    rec.said.resize(size_t(checked), '1');
    rec.said += value == 0 ? '0' : '1';
    draft->lesson.trace = checked + 1;
    const bool found_now = t.first_divergence >= 0 && checked + 1 > t.first_divergence;
    rec.found = rec.found || found_now;
    const bool diverges = t.steps[size_t(checked)].diverges;
    events->push_back(bug_traced(bug_name(t.bug), checked + 1, found_now, value == 0, (value == 0) == diverges));
}

}  // namespace

namespace {

// A version-1 record's choice letters, counted in the order each kind added its choices, put in
// the order the questions show them: each question asked again on its step's own data (as the
// revisits do), its letter found by the choice's add() slot. A letter whose choice that data does
// not have (merged there) takes the first choice of the same verdict.
void show_added_choices(LessonEngine* e) {
    if (!e->lesson || !e->record.choices_as_added) return;
    for (QuestionRecord& q : e->record.questions) {
        const std::vector<Question> qs = questions_as_set_up(*e->lesson, q.step);
        if (size_t(q.question) >= qs.size()) continue;
        const Question& asked = qs[size_t(q.question)];
        const auto shown = [&](int added, bool correct) {
            for (size_t i = 0; i < asked.slots.size(); ++i)
                if (asked.slots[i] == added) return int(i);
            for (size_t i = 0; i < asked.correct.size(); ++i)
                if (asked.correct[i] == correct) return int(i);
            return added;
        };
        q.first_choice = shown(q.first_choice, q.first_correct);
        q.last_choice = shown(q.last_choice, q.last_correct);
    }
    e->record.choices_as_added = false;
}

}  // namespace

void lesson_take(LessonEngine* e, Lesson lesson) {
    e->owned = std::make_unique<const Lesson>(std::move(lesson));
    lesson_set(e, e->owned.get());
}

void lesson_set(LessonEngine* e, const Lesson* lesson) {
    if (lesson != e->owned.get()) e->owned.reset();
    e->lesson = lesson;
    e->load_error.clear();
    e->synced_version = 0;
    e->counted_range = StepRange{0, -1};
    e->trace_valid = false;
    e->revisits_valid = false;
    e->asked_as.clear();  // another file (or language): its words are not the ones answered
    // A range asked for before the lesson was here was checked against the most steps a file may
    // have: checked again against this lesson's own (steps=15 of 14 steps would be step 14 alone,
    // complete in one answer). Refused now: said, and the whole lesson counts.
    if (e->lesson && !e->range_asked.empty()) {
        const std::string refused = lesson_set_range(e, e->range_asked);
        if (!refused.empty()) {
            e->range_error = refused;
            e->range = StepRange{};
            e->range_asked.clear();
        }
    }
    if (e->lesson && e->record.lesson != e->lesson->id) {
        // A record restored while the file was on its way, of another lesson: said, and not used.
        if (!e->record.empty())
            e->record_error = "the saved record is of the lesson \"" + escape_controls(e->record.lesson) +
                              "\", not of \"" + e->lesson->id + "\": the lesson starts afresh";
        e->record = LessonRecord();
        e->record.lesson = e->lesson->id;
        e->fresh_walk = false;
    }
    show_added_choices(e);
}

void lesson_refused(LessonEngine* e, std::string why) {
    e->load_error = std::move(why);
    e->synced_version = 0;
}

int second_look_of(const LessonEngine& e, const State& state) {
    return state.lesson.bug != Bug::None && state.lesson.bug == e.second_look_bug ? e.second_look_step : -1;
}

bool lesson_wanted(const LessonEngine& e, const State& state) {
    return !e.lesson && (in_lesson(state) || !e.pending.empty());
}

StepRange range_of(const LessonEngine& e) {
    if (!e.lesson) return e.range;  // as asked for (last 0: to the lesson's end, not known yet)
    const int count = e.lesson->step_count();
    StepRange r;
    r.last = e.range.last <= 0 ? count : std::min(e.range.last, count);
    r.first = std::clamp(e.range.first, 1, std::max(1, r.last));
    return r;
}

bool lesson_held_by_question(const LessonEngine& e, const State& s) {
    if (!e.graded || !in_track(s)) return false;
    // Every question of the step, not only the one open: a step's second question could otherwise
    // be looked up after the first was revealed. One answered before (its first reveal counted, in
    // this session or an earlier one) holds nothing: its answer has already counted.
    for (int k = 0; k < int(e.questions.size()); ++k)
        if (!e.record.find(s.step, k) && !(k == s.lesson.question && s.lesson.revealed)) return true;
    return false;
}

int step_in_range(const StepRange& range, int step) {
    return in_range(range, step) ? step : range.first;
}

int lesson_start_step(const LessonEngine& e, const State& shown) {
    const StepRange range = range_of(e);
    const int step = shown.step > 0 ? shown.step : e.record.step > 0 ? e.record.step : range.first;
    return step_in_range(range, e.lesson ? std::min(step, e.lesson->step_count()) : step);
}

ATTN_LESSON_ENTRY void show_answers_given(const LessonEngine& e, State* s) {
    if (!e.lesson || !in_track(*s)) return;
    if (e.fresh_walk && std::find(e.walked.begin(), e.walked.end(), s->step) == e.walked.end()) return;
    const std::vector<Question> qs = step_questions(*e.lesson, *s, compute_attention(*s));
    for (int k = 0; k < int(qs.size()); ++k) {
        const QuestionRecord* rec = e.record.find(s->step, k);
        if (!rec || rec->last_choice < 0 || size_t(rec->last_choice) >= qs[size_t(k)].choices.size()) break;
        // The same place may hold another choice on other data (the query moved since): only a
        // choice that is still as right or wrong as it was comes back.
        if (qs[size_t(k)].correct[size_t(rec->last_choice)] != rec->last_correct) break;
        s->lesson.question = k;
        s->lesson.answer = rec->last_choice;
        s->lesson.revealed = true;
    }
}

namespace {

// shown_reveal without the line about the counted answer.
RevealResult reveal_as_given(const LessonEngine& e, const State& s) {
    if (e.questions.empty() || !e.lesson) return {};
    const int k = std::clamp(s.lesson.question, 0, int(e.questions.size()) - 1);
    const Question& q = e.questions[size_t(k)];
    RevealResult r = reveal_answer(e.lesson->texts, q, s.lesson.answer);
    const QuestionRecord* rec = e.record.find(s.step, k);
    const StepSpec* step = e.lesson->step(s.step);
    // (Where a step lists alternatives, step 14's head-dim or wrapper-width, the same place may be
    // another kind's now: no verdict of the other is quoted.)
    const bool same_kinds = step && step->questions.size() == e.questions.size();
    if (rec && same_kinds && s.lesson.revealed && k == s.lesson.question && rec->last_choice == s.lesson.answer &&
        s.lesson.answer >= int(q.choices.size())) {
        // Answered on other numbers, whose choice these no longer list (a window widened from 3
        // to 4 has one choice fewer): its verdict then, and the answer on these numbers.
        r.answered = true;
        r.correct = rec->last_correct;
        r.verdict = e.lesson->texts.say(r.correct ? "lesson.right" : "lesson.not-quite");
        r.since = e.lesson->texts.say(r.correct ? "lesson.changed-since-right" : "lesson.changed-since-wrong-still");
        return r;
    }
    if (!r.answered || !rec || rec->last_choice != s.lesson.answer) return r;
    // Or asked about other numbers now ("inputs[2]" for "inputs[1]", 4 groups for 2), even when
    // the same choice is as right as it was. (New words for a choice, a token renamed, are not.)
    const auto asked = std::find_if(e.asked_as.begin(), e.asked_as.end(), [&](const LessonEngine::AskedAs& a) {
        return a.step == s.step && a.question == k;
    });
    const bool asked_otherwise =
        asked != e.asked_as.end() && size_t(k) < e.prompt_keys.size() && asked->prompt != e.prompt_keys[size_t(k)];
    if (rec->last_correct == r.correct && !asked_otherwise) return r;
    // The record counts the questions the step asks (same_kinds, above).
    if (!same_kinds) return r;
    r.since = e.lesson->texts.say(rec->last_correct && r.correct ? "lesson.changed-since-still-right"
                                  : rec->last_correct            ? "lesson.changed-since-right"
                                  : r.correct                    ? "lesson.changed-since-wrong"
                                                                 : "lesson.changed-since-wrong-still");
    r.correct = rec->last_correct;
    r.verdict = e.lesson->texts.say(r.correct ? "lesson.right" : "lesson.not-quite");
    r.mistake.clear();
    r.misconception.clear();
    return r;
}

}  // namespace

ATTN_LESSON_ENTRY RevealResult shown_reveal(const LessonEngine& e, const State& s) {
    RevealResult r = reveal_as_given(e, s);
    if (!r.answered || !s.lesson.revealed) return r;
    const int k = std::clamp(s.lesson.question, 0, int(e.questions.size()) - 1);
    const QuestionRecord* rec = e.record.find(s.step, k);
    // (Not named: the choices are rebuilt from the numbers, which may have changed since.)
    if (!rec || rec->attempts < 2 || rec->first_correct == r.correct) return r;
    r.counted = e.lesson->texts.say(rec->first_correct ? "lesson.counted-right" : "lesson.counted-wrong");
    return r;
}

namespace {

// Picking another class in the classes panel loads that class's book settings in place of the
// step's (step 13's CausalAttention with dropout 0.5 becomes MultiHeadAttention without dropout),
// and the step's words and question are about the step's: the band says so, with the way back.
void note_class_change(LessonEngine* e, const State& s) {
    // A step about a class sets it up itself; a lesson-wide class is the lesson's backdrop.
    const StepSpec* step = e->lesson->step(s.step);
    if (!step || !step->setup.find("module")) return;
    const ModuleDocument set = apply_step_setup(*e->lesson, s.step, s).module;
    if (!set.enabled || (s.module.enabled && s.module.settings.module == set.settings.module)) return;
    const TextCatalog& texts = e->lesson->texts;
    const char* step_class = module_class(set.settings.module);
    const char* now = s.module.enabled ? module_class(s.module.settings.module) : "";
    e->class_changed = texts.say(s.module.enabled ? "lesson.class-changed" : "lesson.class-off",
                                 {{"class", step_class}, {"now", now}});
    e->restore_class = texts.say("lesson.restore-class", {{"class", step_class}});
}

// A panel section that one question asks about whole (the masks four ways, the heads' groups) is
// covered in the steps before the one that asks it, until that step is answered: the lesson after
// the chapter runs GroupedQueryAttention in step 2, whose panel lists how each library writes the
// mask, which step 3 asks. (The chapter's classes' sections are what its steps teach in turn.)
void cover_later_sections(const LessonEngine& e, const State& s, Concealment* c) {
    const Lesson& lesson = *e.lesson;
    bool covered = false;
    for (int later = s.step + 1; later <= lesson.step_count(); ++later) {
        const bool answered = std::any_of(e.record.questions.begin(), e.record.questions.end(),
                                          [&](const QuestionRecord& q) { return q.step == later; });
        if (answered) continue;
        for (const std::string& kind : lesson.step(later)->questions) {
            if (kind != "mask-polarity" && kind != "gqa-heads") continue;
            const Concealment asks = covered_by(kind);
            c->masks_for_later |= asks.module_masks && !c->module_masks;
            c->groups_for_later |= asks.module_groups && !c->module_groups;
            c->module_masks |= asks.module_masks;
            c->module_groups |= asks.module_groups;
            covered = true;
        }
    }
    if (covered && c->reason.empty()) c->reason = words("hidden until a later step asks about it");
}

// Answers are kept by their place in the step (the record's step and question). A question the
// step asks as set up that cannot be asked on this state (a window wider than the sequence), with
// one after it that it asks as set up and can: the later one would take the earlier one's place,
// and its answer that place in the record. Such a step asks none until it is set up again. (A kind
// that only asks instead of another, step 14's wrapper-width for head-dim, is no question the
// step asks as set up: it takes the place as the other's alternative.)
namespace {
bool questions_shifted(const Lesson& lesson, int step, const std::vector<Question>& now) {
    const StepSpec* spec = lesson.step(step);
    if (!spec || now.size() >= spec->questions.size()) return false;
    const std::vector<Question> set_up = questions_as_set_up(lesson, step);
    for (size_t k = 0; k < now.size() && k < set_up.size(); ++k) {
        if (now[k].id == set_up[k].id) continue;
        for (const Question& q : set_up)
            if (q.id == now[k].id) return true;
    }
    return false;
}
}  // namespace

// lesson_sync once the lesson is here: the step's questions and lines, the concealment, the trace.
ATTN_LESSON_ENTRY void sync_loaded(LessonEngine* e, const State& s, const AttentionResult& result,
                                   const ModuleRun* module) {
    const Lesson& lesson = *e->lesson;
    const bool track = in_track(s);
    // Set up on no data at all, the step gives its own only if its setup holds some.
    e->lesson_data =
        track && s.example.empty() && lesson.step(s.step) && same_data(apply_step_setup(lesson, s.step, State()), s);
    if (track) {
        e->questions = step_questions(lesson, s, result, module);
        if (questions_shifted(lesson, s.step, e->questions)) e->questions.clear();
        for (const Question& q : e->questions) e->prompt_keys.push_back(prompt_key(q.prompt, s.tokens));
        const StepSpec* step = lesson.step(s.step);
        if (e->questions.empty() && step && !step->questions.empty())
            e->unaskable = lesson.texts.say("lesson.unaskable");
        for (LessonLine& line : step_lines(lesson, s, result, module)) {
            if (line.after_question >= 0 && !question_done(s.lesson, line.after_question))
                e->lines_pending = e->unaskable.empty();  // no "more once answered" with nothing to answer
            else
                e->lines.push_back(std::move(line));
        }
        if (s.step <= lesson.step_count()) e->record.step = s.step;
        if (s.step == range_of(*e).last) lesson_revisits(e);  // the wrap-up lists them
        note_class_change(e, s);
    }
    if (s.lesson.mode == LessonMode::Practice) {
        const int ex = std::clamp(s.lesson.exercise, 0, kExerciseCount - 1);
        const PracticeRecord& p = e->record.practice[ex];
        if (p.checked && e->checked_known[ex] && !same_numbers(e->checked_on[ex], s)) {
            // Checked on other numbers: no verdict on these until a Check (nothing to grade now).
            e->practice_check.stale = true;
            e->practice_check.message = lesson.texts.say("practice.settings-changed");
        } else if (p.checked) {
            e->practice_check = check_exercise(lesson.texts, ex, s, result, p.typed);
        }
    }
    e->concealed = concealment(s, e->questions, practice_solved(*e, s));
    if (track) cover_later_sections(*e, s, &e->concealed);
    if (s.lesson.mode == LessonMode::Debug && s.lesson.bug != Bug::None) {
        if (!e->trace_valid || !(e->traced == s)) {
            e->trace = trace_bug(lesson.texts, s.lesson.bug, s);
            e->traced = s;
            e->trace_valid = true;
        }
    }
}

// lesson_apply once the lesson is here.
ATTN_LESSON_ENTRY void apply_loaded(LessonEngine* e, const LessonIntent& intent, const State& shown,
                                    const AttentionResult& result, double now_ms, State* draft,
                                    std::vector<LessonEvent>* events) {
    const Lesson& lesson = *e->lesson;
    const StepRange range = range_of(*e);
    const bool exploring = !in_lesson(shown);
    tick(e, shown, now_ms);
    const LessonRecord before_record = e->record;
    const int step_before = shown.step;
    switch (intent.action) {
        case LessonAction::StartTrack:
            *draft = enter_step(lesson, lesson_start_step(*e, shown), *draft);
            show_answers_given(*e, draft);
            break;
        case LessonAction::GoToStep:
            *draft = enter_step(lesson, std::clamp(intent.value, range.first, range.last), *draft);
            show_answers_given(*e, draft);
            break;
        case LessonAction::RevisitStep:
            *draft = enter_step(lesson, std::clamp(intent.value, range.first, range.last), *draft);
            break;
        case LessonAction::RestoreStepClass:
            if (in_track(shown)) draft->module = apply_step_setup(lesson, shown.step, shown).module;
            break;
        case LessonAction::Choose: {
            if (!in_track(shown) || e->questions.empty()) break;
            const int k = std::clamp(shown.lesson.question, 0, int(e->questions.size()) - 1);
            if (intent.value < 0 || size_t(intent.value) >= e->questions[size_t(k)].choices.size()) break;
            // The answer already given and revealed, chosen again (Space on the checked choice, by
            // keyboard): nothing changes. Only another choice asks again.
            if (shown.lesson.revealed && shown.lesson.question == k && shown.lesson.answer == intent.value) break;
            draft->lesson = choose_answer(*draft, intent.value).lesson;
            draft->lesson.question = k;
            break;
        }
        case LessonAction::Reveal:
            reveal_question(e, shown, draft, events);
            break;
        case LessonAction::NextQuestion:
            if (in_track(shown) && shown.lesson.revealed && shown.lesson.question + 1 < int(e->questions.size()))
                draft->lesson = next_question(*draft).lesson;
            break;
        case LessonAction::RestartTrack:
            // A second walk: every step is asked afresh until the learner answers it again (the
            // record keeps the first answers, which the grade counts).
            *draft = enter_step(lesson, range.first, *draft);
            e->fresh_walk = true;
            e->walked.clear();
            break;
        case LessonAction::OpenPractice: {
            if (lesson_held_by_question(*e, shown)) break;
            // -1 (the Practice tab): the exercise the learner was at, or, before any, the lesson's
            // own (a walk in the lesson after the chapter opened the chapter's exercise 1).
            int exercise = intent.value;
            if (exercise < 0) {
                bool practised = false;
                for (const PracticeRecord& p : e->record.practice)
                    practised = practised || p.checks > 0 || p.shown || p.prediction >= 0;
                exercise = practised ? shown.lesson.exercise : lesson_first_exercise(lesson);
            }
            *draft = enter_exercise(exercise, *draft);
            break;
        }
        case LessonAction::Predict:
            if (shown.lesson.mode == LessonMode::Practice && intent.value >= 0 && intent.value < shown.inputs.rows)
                practice_of(e, shown).prediction = intent.value;
            break;
        case LessonAction::CheckPractice: {
            if (shown.lesson.mode != LessonMode::Practice) break;
            const int ex = std::clamp(shown.lesson.exercise, 0, kExerciseCount - 1);
            PracticeRecord& p = practice_of(e, shown);
            p.typed = truncate_utf8(intent.text, kMaxPracticeText);
            p.checked = true;
            p.checks = std::min(p.checks + 1, kMaxRecordCount);
            // The whole entry is checked, as typed, even past what the record keeps.
            const ExerciseCheck c = check_exercise(lesson.texts, ex, shown, result, intent.text);
            p.ever_solved = p.ever_solved || c.correct;
            e->practice_check = check_exercise(lesson.texts, ex, shown, result, p.typed);
            e->checked_on[ex] = shown;
            e->checked_known[ex] = true;
            e->concealed = concealment(shown, e->questions, practice_solved(*e, shown));
            events->push_back(exercise_checked(ex, intent.text, c.correct, c.wrong_entry));
            break;
        }
        case LessonAction::ShowPracticeAnswer:
            if (shown.lesson.mode != LessonMode::Practice) break;
            practice_of(e, shown).shown = true;
            // Practice 3's answer is the projected weights: shown where they live, by turning the
            // projection on (the learner's part of the exercise).
            if (shown.lesson.exercise == 2) {
                draft->projection.enabled = true;
                // A Check made before stays of this state: the engine turned the projection on, not
                // the learner, and the verdict is on the projected weights either way.
                if (e->checked_known[2]) e->checked_on[2].projection.enabled = true;
            }
            e->concealed = concealment(shown, e->questions, true);
            break;
        case LessonAction::ResetPractice: {
            if (shown.lesson.mode != LessonMode::Practice) break;
            PracticeRecord& p = practice_of(e, shown);
            p.checked = p.shown = false;
            p.typed.clear();
            p.prediction = -1;
            *draft = enter_exercise(shown.lesson.exercise, *draft);
            e->synced_version = 0;  // the concealment comes back even if the state is unchanged
            break;
        }
        case LessonAction::OpenDebug: {
            if (intent.value < 0 || intent.value > int(kLastDebugBug)) break;  // no such bug
            if (lesson_held_by_question(*e, shown)) break;
            Bug bug = Bug(intent.value);
            if (bug == Bug::None) bug = shown.lesson.bug == Bug::None ? Bug::WrongQuery : shown.lesson.bug;
            *draft = enter_bug(bug, *draft);
            restart_trace(e, bug);
            break;
        }
        case LessonAction::JudgeTrace:
            judge_trace(e, shown, intent.value, draft, events);
            break;
        case LessonAction::ResetTrace:
            if (shown.lesson.mode != LessonMode::Debug || shown.lesson.bug == Bug::None) break;
            draft->lesson.trace = 0;
            restart_trace(e, shown.lesson.bug);
            break;
        case LessonAction::Leave:
            if (lesson_held_by_question(*e, shown)) break;
            *draft = e->has_before ? leave_lesson(e->before) : leave_lesson(*draft);
            e->has_before = false;
            break;
    }
    // Entering the lesson, practice or a bug from free exploration: remember what the learner had,
    // so Leave can bring it back.
    if (exploring && in_lesson(*draft)) {
        e->before = shown;
        e->has_before = true;
    }
    if (in_track(*draft) && draft->step <= lesson.step_count()) e->record.step = draft->step;
    if (e->record != before_record || draft->step != step_before) events->push_back(lesson_progress_event(e));
}

}  // namespace

void lesson_state_edited(LessonEngine* e, const State& before, State* after) {
    const LessonState& was = before.lesson;
    LessonState& now = after->lesson;
    if (was.mode != LessonMode::Debug || now.mode != LessonMode::Debug || was.bug != now.bug || now.bug == Bug::None ||
        now.trace == 0 || now.trace != was.trace)
        return;
    const Matrix &x = before.inputs, &y = after->inputs;
    const bool traced_on_same = x.rows == y.rows && x.cols == y.cols && x.data == y.data &&
                                before.query == after->query && before.projection == after->projection &&
                                before.scale == after->scale && before.module == after->module;
    if (traced_on_same) return;
    now.trace = 0;
    restart_trace(e, now.bug);
}

void lesson_sync(LessonEngine* e, const State& s, const AttentionResult& result, const ModuleRun* module,
                 uint64_t version) {
    if (version != 0 && e->synced_version == version) return;
    e->synced_version = version;
    e->questions.clear();
    e->prompt_keys.clear();
    e->unaskable.clear();
    e->lines.clear();
    e->lines_pending = false;
    e->class_changed.clear();
    e->restore_class.clear();
    e->practice_check = ExerciseCheck();
    e->lesson_data = false;
    if (!e->lesson) {
        // The lesson's file is on its way: a link into a step must not show what it will ask. A
        // file that was refused is not coming: the numbers show, with its message in the band.
        const bool loading = in_lesson(s) && e->load_error.empty();
        e->concealed = loading ? conceal_everything(words("the lesson is loading")) : Concealment();
        return;
    }
    sync_loaded(e, s, result, module);
}

void lesson_apply(LessonEngine* e, const LessonIntent& intent, const State& shown, const AttentionResult& result,
                  double now_ms, State* draft, std::vector<LessonEvent>* events) {
    if (!e->lesson && intent.action == LessonAction::Leave && !e->load_error.empty()) {
        // The file was refused, so nothing waits for it: Leave returns to free exploration now,
        // and the acts that waited for the lesson go with it.
        *draft = leave_lesson(e->has_before ? e->before : *draft);
        e->has_before = false;
        e->pending.clear();
        return;
    }
    if (!e->lesson) {
        // Nothing can move before the lesson is here: the learner's act waits for it (the last of
        // each kind of move is enough).
        e->pending.push_back(intent);
        return;
    }
    apply_loaded(e, intent, shown, result, now_ms, draft, events);
}

bool in_lesson(const State& s) {
    return s.step > 0 || s.lesson.mode != LessonMode::Track;
}

RangeAnswers range_answers(const LessonEngine& e) {
    const StepRange range = range_of(e);
    RangeAnswers a;
    for (const QuestionRecord& q : e.record.questions) {
        if (!in_range(range, q.step)) continue;
        ++a.answered;
        a.right += q.first_correct ? 1 : 0;
    }
    return a;
}

LessonProgress lesson_progress(LessonEngine* e) {
    count_range(e);
    LessonProgress p;
    p.questions = e->range_questions;
    const RangeAnswers a = range_answers(*e);
    p.answered = a.answered;
    p.right = a.right;
    p.answered = std::min(p.answered, p.questions);
    p.right = std::min(p.right, p.answered);
    p.complete = p.questions > 0 && p.answered >= p.questions;
    if (e->pass_mark < 0)
        p.passed = p.complete;
    else
        p.passed = p.complete && double(p.right) >= e->pass_mark * double(p.questions) - 1e-9;
    return p;
}

std::string pass_mark_line(const LessonEngine& e) {
    if (e.pass_mark < 0 || !e.lesson || e.range_questions <= 0) return "";
    const RangeAnswers a = range_answers(e);
    const int questions = e.range_questions, answered = std::min(a.answered, questions);
    const int right = std::min(a.right, answered);
    // 75 for 0.75, 87.5 for 0.875 (not 88: a mark is what the course set).
    const double percent = e.pass_mark * 100;
    const long tenths = std::lround(percent * 10);
    const std::string mark = std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "");
    const TextCatalog& texts = e.lesson->texts;
    if (answered < questions)
        return texts.say(questions - answered == 1 ? "lesson.pass-mark-open-one" : "lesson.pass-mark-open",
                         {{"mark", mark}, {"left", questions - answered}});
    const bool passed = double(right) >= e.pass_mark * double(questions) - 1e-9;
    return texts.say(passed ? "lesson.pass-mark-passed" : "lesson.pass-mark-failed",
                     {{"mark", mark}, {"right", right}, {"questions", questions}});
}

const std::vector<Revisit>& lesson_revisits(LessonEngine* e) {
    if (e->revisits_valid && e->revisits_of == e->record.questions) return e->revisits;
    e->revisits.clear();
    e->revisits_of = e->record.questions;
    e->revisits_valid = true;
    if (!e->lesson) return e->revisits;
    const StepRange range = range_of(*e);
    for (const QuestionRecord& q : e->record.questions) {
        if (q.first_correct || !in_range(range, q.step)) continue;
        // The question as the step asks it on its own setup (the misconception belongs to the
        // choice, not to the numbers).
        const std::vector<Question> qs = questions_as_set_up(*e->lesson, q.step);
        if (size_t(q.question) >= qs.size() || size_t(q.first_choice) >= qs[size_t(q.question)].misconceptions.size())
            continue;
        const std::string& id = qs[size_t(q.question)].misconceptions[size_t(q.first_choice)];
        if (id.empty()) continue;
        bool seen = false;
        for (const Revisit& r : e->revisits) seen = seen || r.misconception == id;
        if (!seen) e->revisits.push_back({id, q.step});
    }
    return e->revisits;
}

std::string lesson_restore(LessonEngine* e, const std::string& encoded) {
    const RecordParse parsed = decode_record(encoded);
    if (!parsed.ok) return parsed.error;
    // Before the lesson's file is here any lesson's record is kept; lesson_set checks it then.
    if (e->lesson && parsed.record.lesson != e->lesson->id)
        return "the record is of the lesson \"" + escape_controls(parsed.record.lesson) + "\", not of \"" +
               e->lesson->id + "\"";
    e->record = parsed.record;
    e->fresh_walk = false;  // the saved walk's answers come back
    show_added_choices(e);
    e->record_error.clear();
    for (bool& known : e->checked_known) known = false;        // the restored checks: of the state as it is
    e->second_look_bug = Bug::None, e->second_look_step = -1;  // the record's walks as they stand
    e->synced_version = 0;  // the practice check and concealment follow the restored record
    return "";
}

std::string lesson_set_range(LessonEngine* e, const std::string& text) {
    StepRange r;
    if (!text.empty()) {
        const size_t dash = text.find('-');
        int64_t a = 0, b = 0;
        const bool ok = dash == std::string::npos
                            ? read_whole(text, &a) == WholeKind::Ok && (b = a, true)
                            : read_whole(std::string_view(text).substr(0, dash), &a) == WholeKind::Ok &&
                                  read_whole(std::string_view(text).substr(dash + 1), &b) == WholeKind::Ok;
        const int count = e->lesson ? e->lesson->step_count() : kMaxLessonFileSteps;
        if (!ok || a < 1 || b > count || a > b)
            return "steps=" + escape_controls(text.substr(0, 20)) + " is not a range of steps such as 11-14 (1.." +
                   std::to_string(count) + ", first <= last)";
        r.first = int(a);
        r.last = int(b);
    }
    e->range = r;
    e->range_asked = text;
    e->counted_range = StepRange{0, -1};
    return "";
}

std::string lesson_set_pass_mark(LessonEngine* e, const std::string& text) {
    if (text.empty()) {
        e->pass_mark = -1;
        return "";
    }
    const bool percent = text.back() == '%';
    // Checked as every number is (read_float32: the whole text, finite), then read as a double so
    // that 0.8 stays 0.8 in the events.
    const std::string number = text.substr(0, text.size() - (percent ? 1 : 0));
    float checked = 0;
    const bool ok = read_float32(number, false, &checked) == NumberKind::Ok;
    const double value = ok ? std::strtod(number.c_str(), nullptr) : -1;
    const double share = ok ? (percent ? value / 100 : value) : -1;
    if (share < 0 || share > 1)
        return "pass=" + escape_controls(text.substr(0, 20)) +
               " is not a pass mark: give the share of the questions to get right, from 0 to 1 (0.8) or as a "
               "percentage (80%)";
    e->pass_mark = share;
    return "";
}

LessonEvent lesson_progress_event(LessonEngine* e) {
    const LessonProgress p = lesson_progress(e);
    const StepRange range = range_of(*e);
    return lesson_progress_detail(p.right, p.answered, p.questions, p.complete, p.passed, e->pass_mark, range.first,
                                  range.last, e->record.step, e->record.seconds, encode_record(e->record),
                                  e->record_error);
}

}  // namespace attn
