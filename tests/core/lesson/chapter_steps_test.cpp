// Steps 11 to 14: each sets up the book's class as its listing runs it, says what the section says
// with numbers from that run, and asks a question whose answer is the book's (or, on other data,
// the run's own) number; while it is open, the panel covers that number.
#include <doctest/doctest.h>

#include <cmath>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/concealment.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

// What the state's open question (or exercise) covers, as the lesson engine works it out.
Concealment covered(const State& s, bool solved) {
    return concealment(s, step_questions(attn_test::chapter(), s, compute_attention(s)), solved);
}

State step(int k) {
    State s;
    REQUIRE(load_example("three-tokens", &s));
    return enter_step(attn_test::chapter(), k, s);
}

const Question& only_question(const State& s, std::vector<Question>* out) {
    *out = step_questions(attn_test::chapter(), s, compute_attention(s));
    REQUIRE(out->size() == 1);
    return out->front();
}

std::string right_choice(const Question& q) {
    for (size_t i = 0; i < q.choices.size(); ++i)
        if (q.correct[i]) return q.choices[i];
    return "";
}

std::string all_text(const State& s) {
    const std::vector<LessonLine> lines = step_lines(attn_test::chapter(), s, compute_attention(s));
    std::string text;
    for (const LessonLine& l : lines) text += l.text + "\n";
    return text;
}

}  // namespace

TEST_CASE("chapter steps: each step runs the book's class on the book's inputs") {
    CHECK(step(11).module.settings == book_module_settings(AttentionModule::SelfAttentionV2));
    CHECK(step(12).module.settings.module == AttentionModule::CausalAttention);
    CHECK(step(14).module.settings == book_module_settings(AttentionModule::MultiHeadAttention));
    for (int k = 11; k <= 14; ++k) {
        CHECK(step(k).module.enabled);
        CHECK(step(k).example == "your-journey");
    }
    CHECK_FALSE(leave_lesson(step(12)).module.enabled);
    CHECK_FALSE(step(10).module.enabled);
    // Step 11's words carry the book's seed-789 numbers (3.4.2).
    CHECK(contains(all_text(step(11)), "SelfAttention_v2(d_in=3, d_out=2)"));
    CHECK(contains(all_text(step(11)), "[-0.0739, 0.0713]"));
    CHECK(contains(all_text(step(14)), "[0.3190, 0.4858]"));
    // Step 12 is the book's 3.5.1: SelfAttention_v2's masked weights at seed 789, whose second row
    // the book prints as [0.5517, 0.4483, 0, ...]; step 13's dropout runs on the same weights.
    const State s12 = step(12);
    CHECK(s12.module.settings.seed == 789);
    CHECK(s12.module.settings.seed == step(13).module.settings.seed);
    const ModuleResult run12 = run_module(s12.inputs, s12.module.settings);
    const HeadTrace& t12 = run12.batches[0][0];
    CHECK(t12.weights.at(1, 0) == doctest::Approx(0.5517f).epsilon(5e-5));
    CHECK(t12.weights.at(1, 1) == doctest::Approx(0.4483f).epsilon(5e-5));
    CHECK(t12.weights.at(1, 2) == 0.0f);
}

TEST_CASE("chapter steps: the questions' right answers are the book's numbers") {
    std::vector<Question> q11, q12, q13, q14;
    CHECK(right_choice(only_question(step(11), &q11)) == "(2, 3)");  // nn.Linear's (d_out, d_in)
    CHECK(right_choice(only_question(step(14), &q14)) == "1");       // head_dim = 2 // 2

    // 3.5.2: the book's dropout of the masked weights keeps row 0's 1.0 and doubles it.
    const Question& drop = only_question(step(13), &q13);
    CHECK(contains(drop.prompt, "keeps a weight of 1.0000"));
    CHECK(right_choice(drop) == "2.0000");
    CHECK(drop.choices.size() == 4);

    // The leak of masking with 0, by hand from the run's own scores.
    const State s12 = step(12);
    const ModuleResult r = run_module(s12.inputs, s12.module.settings);
    const HeadTrace& t = r.batches[0][0];
    const float a = std::exp(t.scores.at(0, 0) / std::sqrt(2.0f));
    const float leak = 5.0f / (a + 5.0f);
    const Question& q = only_question(s12, &q12);
    CHECK(std::fabs(std::stof(right_choice(q)) - leak) <= 0.005f);
    bool named = false;  // the 0.00 choice names the mistake
    for (size_t i = 0; i < q.choices.size(); ++i)
        if (q.choices[i] == "0.00") named = contains(q.mistakes[i], "exp(0) = 1");
    CHECK(named);
}

TEST_CASE("chapter steps: while a step's question is open, the panel's answer is covered") {
    CHECK(covered(step(11), false).module_layout);
    CHECK(covered(step(12), false).module_leak);
    CHECK(covered(step(13), false).module_dropout);
    CHECK(covered(step(14), false).module_heads);
    State revealed = step(14);
    revealed.lesson.answer = 0;
    revealed = reveal(revealed);
    CHECK_FALSE(covered(revealed, false).any());
}

TEST_CASE("chapter steps: with the module off or refused, the step says so and asks nothing") {
    State off = step(13);
    off.module.enabled = false;
    CHECK(contains(all_text(off), "The book's classes are off"));
    std::vector<Question> none;
    none = step_questions(attn_test::chapter(), off, compute_attention(off));
    CHECK(none.empty());
    // Dropout in eval mode keeps everything: no kept-weight question to ask.
    State eval = step(13);
    eval.module.settings.training = false;
    none = step_questions(attn_test::chapter(), eval, compute_attention(eval));
    CHECK(none.empty());
}

TEST_CASE("chapter steps: step 14 asks the wrapper's output width when the learner runs the wrapper") {
    State s = step(14);
    s.module.settings = book_module_settings(AttentionModule::MultiHeadWrapper);
    std::vector<Question> q;
    const Question& width = only_question(s, &q);
    CHECK(width.id == "wrapper-width");
    CHECK(right_choice(width) == "4");  // d_out 2 per head, two heads
}

TEST_CASE("chapter steps: the words and question read the page's module run when it is of this state") {
    State s = step(11);
    ModuleRun run;
    REQUIRE(update_module_run(s.inputs, s.module.settings, &run));
    run.result.d_in = 99;  // marked, to see which run the question reads
    std::vector<Question> out;
    out = step_questions(attn_test::chapter(), s, compute_attention(s), &run);
    REQUIRE(out.size() == 1);
    CHECK(contains(out[0].prompt, "nn.Linear(99, 2)"));
    // A run of other settings (the learner changed d_out since) is not read: the step runs its own.
    State wider = s;
    wider.module.settings.d_out = 3;
    out.clear();
    out = step_questions(attn_test::chapter(), wider, compute_attention(wider), &run);
    REQUIRE(out.size() == 1);
    CHECK(contains(out[0].prompt, "nn.Linear(3, 3)"));
}

TEST_CASE("chapter steps: after each question, the step names its planted bugs in the panel, in order") {
    const std::vector<LessonLine> lines = step_lines(attn_test::chapter(), step(12), compute_attention(step(12)));
    REQUIRE(!lines.empty());
    const LessonLine& debug = lines.back();
    CHECK(debug.after_question == 0);  // shown once the step's question is answered
    CHECK(debug.text.find("tril(ones, -1)") < debug.text.find("fill with 0"));
    CHECK(contains(all_text(step(13)), "without \u00f7 (1 - p)"));
    State heads = step(14);
    heads.module.settings = book_module_settings(AttentionModule::MultiHeadAttention);
    CHECK(contains(all_text(heads), "without .transpose(1, 2), then \u00f7 \u221ad_out"));
}

TEST_CASE("chapter steps: with no question to answer, the planted bugs are named at once, not never") {
    // One token: step 12 has no leak to ask about.
    State one = step(12);
    one.inputs = Matrix(1, 3);
    one.inputs.data = {0.4f, 0.1f, 0.8f};
    one.tokens = {"Your"};
    one.query = 0;
    std::vector<Question> none;
    none = step_questions(attn_test::chapter(), one, compute_attention(one));
    REQUIRE(none.empty());
    const std::vector<LessonLine> lines = step_lines(attn_test::chapter(), one, compute_attention(one));
    REQUIRE(!lines.empty());
    CHECK(contains(lines.back().text, "break it on purpose"));
    CHECK(lines.back().after_question == -1);
    // SelfAttention_v2 without a mask at step 12: nothing to plant, no line.
    State plain = step(12);
    plain.module.settings = book_module_settings(AttentionModule::SelfAttentionV2);
    CHECK_FALSE(contains(all_text(plain), "break it on purpose"));
}
