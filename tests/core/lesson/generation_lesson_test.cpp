// The lesson after chapter 3 (lessons/en/generation.json): each step sets up the book repository's
// class, asks a question whose answer the state computes (and follows the learner's own settings),
// names a documented misconception for every wrong choice, and covers on screen what it asks
// while the question is open.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/concealment.h"
#include "core/lesson/lesson_engine.h"
#include "core/lesson/lesson_file.h"
#include "core/lesson/lesson_reader.h"
#include "core/lesson/lesson_session.h"
#include "core/lesson/pytorch_code.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

std::string read_repo_file(const std::string& path) {
    std::ifstream f(std::string(ATTN_SOURCE_DIR) + "/" + path);
    REQUIRE(f.good());
    std::stringstream text;
    text << f.rdbuf();
    return text.str();
}

State step(int k) {
    State s;
    REQUIRE(load_example("three-tokens", &s));
    return enter_step(attn_test::generation_lesson(), k, s);
}

std::vector<Question> questions(const State& s) {
    return step_questions(attn_test::generation_lesson(), s, compute_attention(s));
}

std::string right_choice(const Question& q) {
    for (size_t i = 0; i < q.choices.size(); ++i)
        if (q.correct[i]) return q.choices[i];
    return "";
}

}  // namespace

const Lesson& attn_test::generation_lesson() {
    static const LessonParse parsed = parse_lesson(read_repo_file("lessons/en/generation.json"), texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return parsed.lesson;
}

TEST_CASE("generation lesson: three steps on the book's sentence, each running the repository's class") {
    const Lesson& lesson = attn_test::generation_lesson();
    REQUIRE(lesson.step_count() == 3);
    const State one = step(1), two = step(2), three = step(3);
    CHECK(one.example == "your-journey");  // the lesson's data replaces the learner's
    CHECK(one.module.settings.module == AttentionModule::MultiHeadAttention);
    CHECK(one.module.settings.decode);
    CHECK(two.module.settings.module == AttentionModule::GroupedQueryAttention);
    CHECK(two.module.settings.heads == 8);
    CHECK(two.module.settings.kv_groups == 2);
    CHECK(three.module.settings.module == AttentionModule::SlidingWindowAttention);
    CHECK(three.module.settings.window == 3);
    for (const State* s : {&one, &two, &three}) CHECK(validate_state(*s).empty());
}

TEST_CASE("generation lesson: the answers are computed from the state and follow the learner's settings") {
    State s = step(1);
    std::vector<Question> q = questions(s);
    REQUIRE(q.size() == 1);
    CHECK(q[0].id == "cache-scores");
    CHECK(right_choice(q[0]) == "6");  // "step", position 5: the new query against 6 cached keys
    CHECK(contains(q[0].prompt, "\"step\" (position 5)"));
    // In Chinese the token is quoted as the rest of the Chinese prose is, not with ASCII quotes.
    const LessonParse zh = parse_lesson(read_repo_file("lessons/zh-CN/generation.json"), attn_test::texts_in("zh-CN"));
    REQUIRE_MESSAGE(zh.ok, zh.error);
    const State zh_step = enter_step(zh.lesson, 1, s);
    CHECK(contains(step_questions(zh.lesson, zh_step, compute_attention(zh_step))[0].prompt, "“step”（位置 5）"));

    // The learner's own class: a sliding window of 2 keeps 2 keys, and plain causal's 6 is wrong.
    s.module.settings = book_module_settings(AttentionModule::SlidingWindowAttention);
    s.module.settings.window = 2;
    s.module.settings.decode = true;
    q = questions(s);
    REQUIRE(q.size() == 1);
    CHECK(right_choice(q[0]) == "2");
    CHECK(contains(q[0].answer, "positions 4..5"));

    s = step(2);
    q = questions(s);
    REQUIRE(q.size() == 1);
    CHECK(right_choice(q[0]) == "heads 0, 1, 2, 3");
    s.module.settings.kv_groups = 4;  // the learner's own grouping: two heads per group
    q = questions(s);
    REQUIRE(q.size() == 1);
    CHECK(right_choice(q[0]) == "heads 0, 1");
    bool repeat_order = false;  // repeat's order is among the choices
    for (const std::string& choice : q[0].choices) repeat_order |= contains(choice, "0, 4");
    CHECK(repeat_order);

    s = step(3);
    q = questions(s);
    REQUIRE(q.size() == 2);
    CHECK(q[0].id == "window-keys");
    CHECK(right_choice(q[0]) == "2..4");  // "one", position 4, with a window of 3
    CHECK(q[1].id == "mask-polarity");
    CHECK(right_choice(q[1]) == "attn_mask=~mask");
    s.module.settings.window = 2;
    CHECK(right_choice(questions(s)[0]) == "3..4");
}

TEST_CASE("generation lesson: what a question asks stays covered until it is answered") {
    const auto covered = [](const State& s) { return concealment(s, questions(s), false); };
    State s = step(1);
    CHECK(covered(s).module_cache);
    s.lesson.answer = 0;  // answered and revealed
    s.lesson.revealed = true;
    CHECK_FALSE(covered(s).module_cache);
    CHECK(covered(step(2)).module_groups);
    State three = step(3);
    CHECK(covered(three).module_window);
    CHECK(covered(three).module_masks);  // the step's second question's, covered from its first on
    three.lesson.answer = 0;
    three.lesson.revealed = true;
    CHECK_FALSE(covered(three).module_window);
    CHECK(covered(three).module_masks);
    three.lesson.question = 1;
    three.lesson.revealed = false;
    CHECK(covered(three).module_masks);
}

TEST_CASE("generation lesson: step 2's panel keeps step 3's masks covered until step 3 is answered") {
    // Step 2 runs GroupedQueryAttention, whose panel lists how each library writes the mask: what
    // step 3's second question asks.
    LessonEngine engine;
    lesson_set(&engine, &attn_test::generation_lesson());
    const auto sync = [&](const State& s) {
        lesson_sync(&engine, s, compute_attention(s), nullptr, 0);
        return engine.concealed;
    };
    State two = step(2);
    two.lesson.answer = 0;
    two.lesson.revealed = true;  // step 2's own question answered
    Concealment c = sync(two);
    CHECK_FALSE(c.module_groups);
    CHECK(c.module_masks);
    CHECK(attn_test::contains(c.reason, "later step"));
    // While step 2's own question is open, the masks still say why they wait: a later step asks
    // them, not this question (whose answer would not uncover them).
    const Concealment open = sync(step(2));
    CHECK(attn_test::contains(open.reason, "answer the question"));
    CHECK(attn_test::contains(open.masks_reason(), "later step"));
    CHECK(sync(step(1)).module_groups);  // step 2's groups, in step 1
    CHECK(attn_test::contains(sync(step(1)).groups_reason(), "later step"));
    // Step 3 answered (the record has it): step 2 shows the masks again.
    QuestionRecord answered;
    answered.step = 3;
    answered.question = 1;
    answered.first_choice = answered.last_choice = 0;
    engine.record.questions.push_back(answered);
    CHECK_FALSE(sync(two).module_masks);
}

TEST_CASE("generation lesson: every line, choice and reveal renders; every wrong choice names a misconception") {
    std::stringstream doc;
    doc << read_repo_file("docs/misconceptions.md");
    const std::string text = doc.str();
    for (int k = 1; k <= 3; ++k) {
        State s = step(k);
        s.lesson.question = 9;  // every line shows
        const AttentionResult r = compute_attention(s);
        for (const LessonLine& line : step_lines(attn_test::generation_lesson(), s, r)) {
            INFO(line.text);
            CHECK_FALSE(std::regex_search(line.text, std::regex(R"(\{[a-z0-9_]+\}|\[missing text:)")));
        }
        for (const Question& q : step_questions(attn_test::generation_lesson(), s, r)) {
            CHECK(q.choices.size() >= 3);
            for (size_t c = 0; c < q.choices.size(); ++c) {
                if (q.correct[c]) continue;
                INFO(q.id << " choice " << c << ": " << q.misconceptions[c]);
                CHECK_FALSE(q.mistakes[c].empty());
                CHECK(contains(text, "### `" + q.misconceptions[c] + "`"));
            }
        }
    }
}

TEST_CASE("generation lesson: step 1's calls follow the panel's prefill and chunks, and the class it runs") {
    // A learner set the prefill to 3 in the classes panel: the step's code still read
    // batch[:, :1] and range(1, 6) (#28). It is the panel's decoding, written out.
    const auto code_of = [](const State& s) {
        std::string code;
        for (const LessonLine& line : step_lines(attn_test::generation_lesson(), s, compute_attention(s)))
            if (line.kind == LineKind::Code) code += line.text + "\n";
        return code;
    };
    State s = step(1);
    REQUIRE(s.inputs.rows == 6);
    CHECK(code_of(s) ==
          "mha.reset_cache()\n"
          "rows = []\n"
          "with torch.no_grad():\n"
          "    rows.append(mha(batch[:, :1], use_cache=True))  # the prompt: one token here\n"
          "    for t in range(1, 6):  # one new token per call\n"
          "        rows.append(mha(batch[:, t:t + 1], use_cache=True))\n");
    s.module.settings.prefill = 3;
    CHECK(contains(code_of(s),
                   "    rows.append(mha(batch[:, :3], use_cache=True))  # the prompt: its first 3 tokens\n"
                   "    for t in range(3, 6):"));
    s.module.settings.chunk = 2;
    CHECK(contains(code_of(s),
                   "rows = []\n"
                   "with torch.no_grad():\n"
                   "    for start in range(0, 3, 2):  # the prompt's 3 tokens, 2 per call\n"
                   "        rows.append(mha(batch[:, start:min(start + 2, 3)], use_cache=True))\n"
                   "    for t in range(3, 6):"));
    // The same calls as the classes panel's PyTorch code runs, line for line (the comments are the
    // lesson's words there, the code's own here).
    const auto without_comment = [](std::string line) { return line.substr(0, line.find("  #")); };
    const std::string panel_code = pytorch_code_for_state(s);
    const std::string step_code = code_of(s);
    std::string step_calls;
    for (size_t at = 0, end; (end = step_code.find('\n', at)) != std::string::npos; at = end + 1)
        step_calls += without_comment(step_code.substr(at, end - at)) + "\n";
    std::string panel_stripped;
    for (size_t at = 0, end; (end = panel_code.find('\n', at)) != std::string::npos; at = end + 1)
        panel_stripped += without_comment(panel_code.substr(at, end - at)) + "\n";
    CHECK_MESSAGE(contains(panel_stripped, step_calls), panel_code);
    // Decoding switched off in the panel: no calls to write, and the way back.
    s.module.settings.decode = false;
    CHECK(code_of(s).empty());
    bool said = false;
    for (const LessonLine& line : step_lines(attn_test::generation_lesson(), s, compute_attention(s)))
        said |= line.kind == LineKind::Warn && contains(line.text, "Decoding is off in the classes panel");
    CHECK(said);
    s.module.settings.decode = true;
    // Another class picked in the panel: named as the panel's PyTorch code names it.
    s.module.settings = book_module_settings(AttentionModule::GroupedQueryAttention);
    s.module.settings.decode = true;
    REQUIRE(validate_state(s).empty());
    CHECK(contains(code_of(s), "gqa.reset_cache()\n"));
}

TEST_CASE("generation lesson: the wrap-up's Practice opens the exercises on its own material") {
    CHECK(wrap_up_exercise(attn_test::generation_lesson()) == 3);  // exercise 4: a KV cache's work
    CHECK(contains(wrap_up_practice(attn_test::generation_lesson()), "KV cache"));
    CHECK(wrap_up_exercise(attn_test::chapter()) == 0);
    CHECK(contains(wrap_up_practice(attn_test::chapter()), "five exercises"));
}

// Answers are kept by their place in the step. A window wider than the sentence cannot ask step
// 3's first question; its second must not take the first's place (and a new answer to it the first
// one's record): the step asks none until it is set up again, and both come back as answered. A
// window that leaves the learner's choice out of the list says its verdict, not "pick one first".
TEST_CASE("generation lesson: a setting that drops step 3's first question never moves the second into its place") {
    attn_test::Session s;
    lesson_set(&s.lesson, &attn_test::generation_lesson());
    s.commit(s.state);
    s.act(LessonAction::StartTrack);
    s.act(LessonAction::GoToStep, 3);
    REQUIRE(s.lesson.questions.size() == 2);
    REQUIRE(s.lesson.questions[0].id == "window-keys");
    const int last = int(s.lesson.questions[0].choices.size()) - 1;  // a choice a wider window drops
    s.act(LessonAction::Choose, last);
    s.act(LessonAction::Reveal);
    const bool first_right = s.lesson.questions[0].correct[size_t(last)];
    s.act(LessonAction::NextQuestion);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    const std::vector<QuestionRecord> answered = s.lesson.record.questions;
    REQUIRE(answered.size() == 2);

    State wide = s.state;
    wide.module.settings.window = 9;
    s.commit(wide);
    CHECK(s.lesson.questions.empty());
    CHECK(contains(s.lesson.unaskable, "a window narrower than the sentence"));
    s.act(LessonAction::Choose, 0);  // nothing asked: nothing recorded
    s.act(LessonAction::Reveal);
    CHECK(s.lesson.record.questions == answered);

    State back = s.state;
    back.module.settings.window = 3;
    s.commit(back);
    REQUIRE(s.lesson.questions.size() == 2);
    CHECK(s.state.lesson.question == 1);
    CHECK(shown_reveal(s.lesson, s.state).verdict == "Right.");

    // The first question, answered with its last choice; a window of 4 lists one choice fewer.
    s.act(LessonAction::RevisitStep, 3);
    s.act(LessonAction::Choose, last);
    s.act(LessonAction::Reveal);
    State four = s.state;
    four.module.settings.window = 4;
    s.commit(four);
    REQUIRE(int(s.lesson.questions[0].choices.size()) <= last);
    const RevealResult shown = shown_reveal(s.lesson, s.state);
    CHECK(shown.answered);
    CHECK(shown.verdict == (first_right ? "Right." : "Not quite."));
    CHECK(contains(shown.since, "They have changed since"));
}
