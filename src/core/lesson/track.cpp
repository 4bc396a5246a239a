// The fourteen steps and what each one sets up. The numbers each step shows are never stored here:
// lesson_text.cpp and quiz.cpp compute them from the state.
#include "core/lesson/track.h"

#include <algorithm>

#include "core/document/examples.h"
#include "core/lesson/chapter_bugs.h"

namespace attn {
namespace {

// What a step needs on screen, applied on top of the learner's current settings.
struct StepSetup {
    const char* example;
    int query;
    Norm norm;
    bool projection;
    bool causal;
};

const StepSetup kSetups[kLessonSteps] = {
    {"three-tokens", 1, Norm::Softmax, false, false},      // 1 query by position
    {"three-tokens", 1, Norm::Softmax, false, false},      // 2 dot product
    {"three-tokens", 1, Norm::Softmax, false, false},      // 3 score loop
    {"alignment", 0, Norm::Softmax, false, false},         // 4 alignment
    {"cat-sat-mat", 1, Norm::Softmax, false, false},       // 5 normalising
    {"cat-sat-mat", 1, Norm::SoftmaxNaive, false, false},  // 6 robustness lab
    {"your-journey", 1, Norm::Softmax, false, false},      // 7 context vector
    {"your-journey", 1, Norm::Softmax, false, false},      // 8 all queries at once
    {"your-journey", 1, Norm::Softmax, true, false},       // 9 projections and sqrt(d_k)
    {"your-journey", 1, Norm::Softmax, false, true},       // 10 causal mask
    {"your-journey", 1, Norm::Softmax, false, false},      // 11 nn.Linear: SelfAttention_v2
    {"your-journey", 1, Norm::Softmax, false, false},      // 12 masking two ways: CausalAttention
    {"your-journey", 1, Norm::Softmax, false, false},      // 13 dropout
    {"your-journey", 1, Norm::Softmax, false, false},      // 14 multi-head attention
};

// Loads the example's data into next, keeping everything else.
void load_data(const char* name, int query, State* next) {
    State fresh;
    load_example(name, &fresh);
    next->example = fresh.example;
    next->tokens = fresh.tokens;
    next->inputs = fresh.inputs;
    next->query = std::min(query, fresh.inputs.rows - 1);
}

}  // namespace

// Steps 11 to 14 run the book's classes as its listings do (book_module_settings). Dropout (13)
// is the book's 3.5.2: the masked weights of SelfAttention_v2 (seed 789, which CausalAttention
// draws alike), then torch.manual_seed(123) and nn.Dropout(0.5).
ModuleDocument step_module(int step) {
    ModuleDocument m;
    m.enabled = step >= 11;
    if (step == 11) m.settings = book_module_settings(AttentionModule::SelfAttentionV2);
    if (step == 12) m.settings = book_module_settings(AttentionModule::CausalAttention);
    if (step == 13) {
        m.settings = book_module_settings(AttentionModule::CausalAttention);
        m.settings.seed = 789;
        m.settings.batch = 1;
        m.settings.dropout = 0.5;
        m.settings.reseed_dropout = true;
        m.settings.dropout_seed = 123;
    }
    if (step == 14) m.settings = book_module_settings(AttentionModule::MultiHeadAttention);
    return m;
}

const std::vector<LessonStep>& lesson_steps() {
    static const std::vector<LessonStep> steps = {
        {1, "Pick the query by position", {"inputs", "loop"}},
        {2, "The dot product: multiply, then sum", {"loop", "inputs"}},
        {3, "One score per token, the query included", {"loop", "inputs", "weights"}},
        {4, "A score measures alignment", {"plot", "inputs"}},
        {5, "Scores to weights: divide by the sum, or softmax", {"weights"}},
        {6, "Why the library softmax: the robustness lab", {"weights", "heatmaps"}},
        {7, "The context vector: a weighted sum", {"weights", "plot"}},
        {8, "All queries at once: inputs @ inputs.T", {"heatmaps"}},
        {9, "Trainable projections and the sqrt(d_k) scaling", {"projection", "heatmaps"}},
        {10, "Looking ahead: the causal mask", {"heatmaps", "weights"}},
        {11, "nn.Linear: SelfAttention_v2 and Exercise 3.1", {"module"}},
        {12, "Masking two ways, and the 0 that leaks", {"module"}},
        {13, "Dropout: kept weights are scaled by 1 / (1 - p)", {"module"}},
        {14, "Multi-head attention: heads, head_dim, the transpose", {"module"}},
    };
    return steps;
}

const LessonStep* lesson_step(int step) {
    if (step < 1 || step > kLessonSteps) return nullptr;
    return &lesson_steps()[size_t(step - 1)];
}

std::string step_indicator(int step) {
    if (step <= 0) return "Free exploration";
    return "Step " + std::to_string(std::min(step, kLessonSteps)) + " of " + std::to_string(kLessonSteps);
}

State enter_step(int step, const State& current) {
    State next = current;
    next.lesson = LessonState();
    if (step <= 0) return leave_lesson(current);
    step = std::min(step, kLessonSteps);
    const StepSetup& s = kSetups[step - 1];
    load_data(s.example, s.query, &next);
    next.step = step;
    next.norm = s.norm;
    next.causal = s.causal;
    next.projection.enabled = s.projection;
    if (s.projection) next.projection = ProjectionSettings{true, ProjectionSettings().seed, ProjectionSettings().d_out};
    next.scale = true;
    next.lab_scale = 1.0f;  // the lab starts unscaled; the slider is the learner's
    next.module = step_module(step);
    return next;
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

State step_link_state(const UrlParseResult& link) {
    for (const std::string& key : link.applied)
        if (key != "step" && key != "panels") return link.state;
    if (link.state.step <= 0 || !link.ok()) return link.state;
    State s = enter_step(link.state.step, link.state);
    s.panels = link.state.panels;
    return s;
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
    switch (index) {
        case 0:
            load_data("three-tokens", 1, &next);
            break;  // the learner moves the query to inputs[2]
        case 1:
            load_data("cat-sat-mat", 1, &next);
            break;
        default:
            load_data("your-journey", 1, &next);
            next.projection = ProjectionSettings{true, ProjectionSettings().seed, ProjectionSettings().d_out};
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
