// Moving through the lesson. What each step sets up is its lesson file's; the numbers each step
// shows are never stored here: step_text.cpp and quiz.cpp compute them from the state.
#include "core/lesson/track.h"

#include <algorithm>

#include "core/document/examples.h"
#include "core/lesson/chapter_bugs.h"
#include "core/lesson/generation_bugs.h"

namespace attn {
namespace {

// Loads the example's data into next, keeping everything else (a decoding prompt longer than the
// new data is pulled in, as when the learner picks the example).
void load_data(const char* name, int query, State* next) {
    State fresh;
    load_example(name, &fresh);
    next->example = fresh.example;
    next->tokens = fresh.tokens;
    next->inputs = fresh.inputs;
    next->query = std::min(query, fresh.inputs.rows - 1);
    fit_module_to_inputs(next);
}

}  // namespace

State enter_step(const Lesson& lesson, int step, const State& current) {
    if (step <= 0 || lesson.step_count() == 0) return leave_lesson(current);
    return apply_step_setup(lesson, std::min(step, lesson.step_count()), current);
}

State leave_lesson(const State& current) {
    State next = current;
    next.lesson = LessonState();
    next.step = 0;
    // What the steps switched on for their own purpose goes off again: the causal mask of step 10
    // and the lab's multiplier of step 6 would otherwise stay on, unexplained, in every example.
    next.lab_scale = 1.0f;
    next.causal = false;
    next.module = ModuleDocument();  // the book's classes of steps 11 to 14
    return next;
}

bool link_sets_up_step(const UrlParseResult& link) {
    for (const std::string& key : link.applied)
        if (key != "step" && key != "panels") return false;
    return link.state.step > 0 && link.ok();
}

State step_link_state(const Lesson& lesson, const UrlParseResult& link) {
    if (!link_sets_up_step(link)) return link.state;
    State s = enter_step(lesson, link.state.step, link.state);
    s.panels = link.state.panels;
    return s;
}

int lesson_first_exercise(const Lesson& lesson) {
    return lesson.id == "generation" ? 3 : 0;
}

State enter_exercise(int index, const State& current) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    State next = current;
    next.lesson = LessonState();
    next.lesson.mode = LessonMode::Practice;
    next.lesson.exercise = index;
    next.norm = Norm::Softmax;
    next.causal = false;
    next.lab_scale = 1.0f;
    next.scale = true;
    next.projection.enabled = false;
    // The book's classes off unless the exercise runs one: left on from step 14, their heads'
    // weights showed beside exercises that cover every other weight (a walk).
    next.module = ModuleDocument();
    switch (index) {
        case 0:
            load_data("three-tokens", 1, &next);
            break;  // the learner moves the query to inputs[2]
        case 1:
            load_data("cat-sat-mat", 1, &next);
            break;
        case 3: {  // the book's MultiHeadAttention decoding: a prompt of 3, then a token a call
            load_data("your-journey", 1, &next);
            ModuleSettings m = book_module_settings(AttentionModule::MultiHeadAttention);
            m.batch = 1;
            m.decode = true;
            m.prefill = 3;
            next.module = ModuleDocument{true, m};
            break;
        }
        case 4: {  // a window of 4 over six tokens, the query the last token: it sees 2 to 5 (not the
                   // lesson's own question, token 4 with a window of 3)
            load_data("your-journey", 5, &next);
            ModuleSettings m = book_module_settings(AttentionModule::SlidingWindowAttention);
            m.window = 4;
            next.module = ModuleDocument{true, m};
            break;
        }
        default:  // the query "Your": plain attention favours itself, the projection "journey"
            load_data("your-journey", 0, &next);
            next.projection = ProjectionSettings{false, ProjectionSettings().seed, ProjectionSettings().d_out};
            break;
    }
    return next;
}

State enter_bug(Bug bug, const State& current) {
    State next = current;
    next.lesson = LessonState();
    next.lesson.mode = LessonMode::Debug;
    next.lesson.bug = bug;
    next.causal = false;
    next.lab_scale = 1.0f;
    next.norm = Norm::Softmax;
    if (is_chapter_bug(bug)) {
        // The book's inputs, and the class the bug lives in, in the panel as in the trace.
        load_data("your-journey", 1, &next);
        next.module = ModuleDocument{true, chapter_bug_settings(bug)};
        return next;
    }
    if (is_generation_bug(bug)) {
        load_data("your-journey", 1, &next);
        next.module = ModuleDocument{true, generation_bug_settings(bug)};
        return next;
    }
    switch (bug) {
        case Bug::WrongQuery:
        case Bug::WrongSlot:
        case Bug::WrongPair:
            load_data("three-tokens", 1, &next);
            break;
        case Bug::SoftmaxDim:
            load_data("your-journey", 1, &next);
            break;
        case Bug::ScaleByValues:
            load_data("your-journey", 1, &next);
            next.projection = ProjectionSettings{true, ProjectionSettings().seed, ProjectionSettings().d_out};
            next.scale = true;
            break;
        default:  // Bug::None; the chapter's bugs above
            break;
    }
    return next;
}

State next_question(const State& current) {
    State next = current;
    next.lesson.question = std::min(current.lesson.question + 1, kMaxQuestionIndex);
    next.lesson.answer = -1;
    next.lesson.revealed = false;
    return next;
}

State choose_answer(const State& current, int choice) {
    State next = current;
    next.lesson.answer = std::clamp(choice, -1, kMaxChoiceIndex);
    next.lesson.revealed = false;
    return next;
}

State reveal(const State& current) {
    State next = current;
    next.lesson.revealed = true;
    return next;
}

}  // namespace attn
