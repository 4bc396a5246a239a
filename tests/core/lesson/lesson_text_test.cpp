// Every word of the built-in parts comes from the catalog: a sweep through every step on every
// example and query (questions, choices, feedback, reveals), every practice check, every planted
// bug and the lab at many scales renders no missing text and no unfilled placeholder; every wrong
// choice names a misconception of docs/misconceptions.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/lab.h"
#include "core/lesson/practice.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;

namespace {

const std::regex kUnfilled(R"(\{[a-z0-9_]+\}|\[missing text:)");
// Learners hear "the book" or a section's number, never about seeds (torch.manual_seed(...) in
// code is the code itself, and "manual_seed" has no word boundary before "seed").
const std::regex kSeedWord(R"(\b[Ss]eeds?\b)");

void check_text(const std::string& text, const std::string& where) {
    INFO(where << ": " << text);
    CHECK_FALSE(std::regex_search(text, kUnfilled));
    CHECK_FALSE(std::regex_search(text, kSeedWord));
    CHECK_FALSE(text.empty());
}

std::set<std::string> documented_misconceptions() {
    std::ifstream f(std::string(ATTN_SOURCE_DIR) + "/docs/misconceptions.md");
    REQUIRE(f.good());
    std::stringstream text;
    text << f.rdbuf();
    std::set<std::string> ids;
    const std::string doc = text.str();
    const std::regex heading(R"(\n### `([a-z0-9-]+)`)");
    for (std::sregex_iterator it(doc.begin(), doc.end(), heading), end; it != end; ++it) ids.insert((*it)[1]);
    return ids;
}

}  // namespace

// Every step on every example and query, every question, choice and reveal, in lesson's language.
// Returns the questions seen, with their right choices, for comparing languages.
static std::vector<std::vector<bool>> sweep_track(const Lesson& lesson, const TextCatalog& texts) {
    const std::set<std::string> misconceptions = documented_misconceptions();
    REQUIRE(misconceptions.size() >= 10);
    std::vector<std::vector<bool>> answers;
    int questions = 0;
    for (const char* example : {"three-tokens", "your-journey", "cat-sat-mat", "alignment"}) {
        State base;
        load_example(example, &base);
        for (int step = 1; step <= lesson.step_count(); ++step) {
            for (int q = 0; q < base.inputs.rows; ++q) {
                // The step on every example's data, every query; every question and line shown.
                State s = enter_step(lesson, step, base);
                s.tokens = base.tokens;
                s.inputs = base.inputs;
                s.example = base.example;
                s.query = q;
                s.lesson.question = 9;  // every line shows
                const AttentionResult r = compute_attention(s);
                const std::string where =
                    std::string(example) + " step " + std::to_string(step) + " q " + std::to_string(q);
                for (const LessonLine& line : step_lines(lesson, s, r)) check_text(line.text, where);
                for (const Question& question : step_questions(lesson, s, r)) {
                    ++questions;
                    answers.push_back(question.correct);
                    check_text(question.prompt, where);
                    check_text(question.answer, where);
                    check_text(question.reason, where);
                    REQUIRE(question.misconceptions.size() == question.choices.size());
                    for (size_t c = 0; c < question.choices.size(); ++c) {
                        check_text(question.choices[c], where);
                        if (question.correct[c]) continue;
                        check_text(question.mistakes[c], where);
                        INFO(question.id << " choice " << c);
                        CHECK(misconceptions.count(question.misconceptions[c]) == 1);
                    }
                    for (int c = -1; c < int(question.choices.size()); ++c) {
                        const RevealResult reveal = reveal_answer(texts, question, c);
                        check_text(reveal.verdict, where);
                    }
                }
            }
        }
    }
    CHECK(questions > 200);
    return answers;
}

static void sweep_practice_bugs_lab(const TextCatalog& texts) {
    for (const char* example : {"three-tokens", "your-journey", "cat-sat-mat"}) {
        State base;
        load_example(example, &base);
        for (int ex = 0; ex < kExerciseCount; ++ex) {
            State s = enter_exercise(ex, base);
            for (int q = 0; q < s.inputs.rows; ++q) {
                s.query = q;
                const AttentionResult r = compute_attention(s);
                const Exercise e = exercise_info(texts, ex, s);
                for (const std::string* t : {&e.title, &e.task, &e.hint, &e.input_label}) check_text(*t, "exercise");
                for (const char* typed : {"", "0 2 1", "0, 2, 9", "1 2", "0.1 0.2 0.7", "abc", "0", "1", "cat",
                                          "inputs[2]", "99", "2, 8, 2", "[0.21, 0.58, 0.21]"}) {
                    const ExerciseCheck c = check_exercise(texts, ex, s, r, typed);
                    check_text(c.message, std::string("check ") + typed);
                }
            }
        }
        for (Bug bug : kDebugBugs) {
            const State s = enter_bug(bug, base);
            const BugTrace t = trace_bug(texts, bug, s);
            const std::string where = std::string("bug ") + bug_name(bug);
            check_text(t.title, where);
            check_text(t.explanation, where);
            if (!t.hidden.empty()) check_text(t.hidden, where);
            for (const TraceStep& step : t.steps) {
                check_text(step.name, where);
                check_text(step.question, where);
                check_text(step.what, where);
            }
            check_text(texts.say("bug." + std::string(bug_name(bug)) + ".label"), where);
        }
    }
    for (float scale : {1.0f, 2.0f, 20.0f, 80.0f, 1000.0f})
        for (const SoftmaxLab& lab :
             {softmax_lab(texts, {1, 5, 2}, scale, {"cat", "sat", "mat"}),
              softmax_lab(texts, {-2, -3}, scale, {"a", "b"}), softmax_lab(texts, {88.5f, 88.5f}, scale, {"a", "b"})})
            for (const std::string& line : lab.explanation) check_text(line, "lab");
}

TEST_CASE("lesson text: every documented misconception has the idea the wrap-up lists, in every language") {
    std::vector<std::string> langs = attn_test::languages();
    langs.push_back("en");
    for (const std::string& lang : langs)
        for (const std::string& id : documented_misconceptions()) {
            INFO(lang << ": idea." << id);
            const std::string idea = attn_test::texts_in(lang).say("idea." + id);
            CHECK_FALSE(attn_test::contains(idea, "[missing text"));
            check_text(idea, lang + " idea." + id);
        }
}

TEST_CASE("lesson text: every step, question, choice and reveal of the chapter renders from the catalog") {
    sweep_track(attn_test::chapter(), attn_test::texts());
}

TEST_CASE("lesson text: practice, every planted bug and the lab speak from the catalog") {
    sweep_practice_bugs_lab(attn_test::texts());
}

// A translation is the same lesson in other words (lessons/<lang>/): every part renders with its
// placeholders filled and every question has the English one's right answers, in every language.
TEST_CASE("lesson text: the chapter in every language renders every part, with the English lesson's answers") {
    const std::vector<std::vector<bool>> english = sweep_track(attn_test::chapter(), attn_test::texts());
    const std::vector<std::string> languages = attn_test::languages();
    CHECK(std::find(languages.begin(), languages.end(), "zh-CN") != languages.end());
    for (const std::string& lang : languages) {
        INFO(lang);
        const TextCatalog& words = attn_test::texts_in(lang);
        CHECK(words.lang == lang);
        CHECK(sweep_track(attn_test::chapter_in(lang), words) == english);
        sweep_practice_bugs_lab(words);
    }
}

// Chinese: positions as numbers ("第 2 个词元", never "第 2nd 个"), and the book's terms.
TEST_CASE("lesson text: the chapter in zh-CN writes positions and terms as the Chinese edition does") {
    const Lesson& lesson = attn_test::chapter_in("zh-CN");
    State s;
    load_example("three-tokens", &s);
    s = enter_step(lesson, 1, s);
    const AttentionResult r = compute_attention(s);
    const std::vector<Question> qs = step_questions(lesson, s, r);
    REQUIRE_FALSE(qs.empty());
    INFO(qs[0].prompt << " / " << qs[0].answer);
    CHECK(qs[0].answer.find("第 2 个") != std::string::npos);
    CHECK(qs[0].answer.find("2nd") == std::string::npos);
    for (const LessonLine& line : step_lines(lesson, s, r)) {
        INFO(line.text);
        CHECK(line.text.find("种子") == std::string::npos);
    }
    CHECK(step_lines(lesson, s, r)[0].text.find("查询") != std::string::npos);
}

TEST_CASE("lesson text: while a question is open, the step's title and shown lines do not state its answer") {
    // Predict, then see: the rule a question asks about appears in the reveal, never above it.
    // Each phrase below answered its step's question before the learner had picked (#28).
    struct Giveaway {
        int step;
        const char* phrase;
    };
    const Giveaway giveaways[] = {
        {4, "pointing apart, the sum is negative"},  // what a negative (lowest) score means
        {4, "at right angles they cancel"},
        {9, "almost all weight to one token"},  // what unscaled large scores do to softmax
        {13, "1 / (1 - p)"},                    // what dropout does to a kept weight
        {13, "are scaled by"},
        {3, "compared with itself"},              // how many scores (the title said it too)
        {8, "Row i holds query i's scores"},      // the shape of inputs @ inputs.T
        {10, "itself and the tokens before it"},  // how many tokens the query sees
        {11, "its own way"},                      // the shape nn.Linear stores its weight in
    };
    const Lesson& lesson = attn_test::chapter();
    State base;
    load_example("your-journey", &base);
    for (const Giveaway& g : giveaways) {
        INFO("step " << g.step << ": \"" << std::string(g.phrase) << "\"");
        State s = enter_step(lesson, g.step, base);
        const AttentionResult r = compute_attention(s);
        REQUIRE_FALSE(step_questions(lesson, s, r).empty());
        s.lesson.question = 0;
        s.lesson.revealed = false;
        std::string shown = lesson.step(g.step)->title;
        for (const LessonLine& line : step_lines(lesson, s, r))
            if (line.after_question < 0 || question_done(s.lesson, line.after_question)) shown += "\n" + line.text;
        CHECK(shown.find(g.phrase) == std::string::npos);
        // Revealed, the rule is there.
        s.lesson.revealed = true;
        std::string after_reveal;
        for (const LessonLine& line : step_lines(lesson, s, r))
            if (line.after_question < 0 || question_done(s.lesson, line.after_question))
                after_reveal += "\n" + line.text;
        CHECK(after_reveal.find(g.phrase) != std::string::npos);
    }
    CHECK(lesson.step(3)->title.find("query included") == std::string::npos);
    // A learner's walk: step 12's title said the 0 leaks before its question asked whether it does,
    // and step 11's prose said "the same x @ W" before it asked which way nn.Linear multiplies.
    CHECK(lesson.step(12)->title.find("leak") == std::string::npos);
    // Step 13's output row is twice step 12's (p = 0.5): it shows what a kept weight becomes.
    State s13 = enter_step(lesson, 13, base);
    const AttentionResult r13 = compute_attention(s13);
    bool output_shown = false;
    for (const LessonLine& line : step_lines(lesson, s13, r13))
        if (line.text.rfind("output[0][0]", 0) == 0) {
            output_shown = true;
            CHECK(line.after_question == 0);
        }
    CHECK(output_shown);
    State s11 = enter_step(lesson, 11, base);
    bool v2_row_shown = false;
    for (const LessonLine& line : step_lines(lesson, s11, compute_attention(s11))) {
        if (line.after_question < 0) CHECK(line.text.find("x @ W") == std::string::npos);
        // SelfAttention_v2 takes no batch: its output is (6, 2), and output[0] is the row (a
        // learner read "output[0][0] = [-0.0739, 0.0713]" against the (6, 2) shape the panel shows).
        CHECK(line.text.rfind("output[0][0]", 0) == std::string::npos);
        if (line.text.rfind("output[0] = ", 0) == 0) {
            v2_row_shown = true;
            CHECK(line.text == "output[0] = [-0.0739, 0.0713]");
        }
    }
    CHECK(v2_row_shown);
}

TEST_CASE("lesson text: a tie for the lowest score names every token in it, not the first") {
    // three-tokens, query inputs[1]: scores [2, 8, 2]. "'token 0' least (2)" would hide token 2's 2.
    const Lesson& lesson = attn_test::chapter();
    State base;
    load_example("three-tokens", &base);
    State s = enter_step(lesson, 3, base);
    s.query = 1;
    s.lesson.question = 9;  // every line shows
    const AttentionResult r = compute_attention(s);
    REQUIRE(r.scores == Vector{2, 8, 2});
    std::string text;
    for (const LessonLine& line : step_lines(lesson, s, r)) text += line.text + "\n";
    INFO(text);
    CHECK(text.find("\"token 0\" and \"token 2\" least (2)") != std::string::npos);
}

namespace {

// Every line of the state's step, one per line of text, as the band shows them all.
std::string all_lines(const Lesson& lesson, const State& s) {
    std::string text;
    for (const LessonLine& line : step_lines(lesson, s, compute_attention(s))) text += line.text + "\n";
    return text;
}

// Step 4 on the base's settings with these tokens and embeddings (row after row), every line shown.
State step_4_with(const State& base, std::vector<std::string> tokens, int dims, std::vector<float> data, int query) {
    State s = enter_step(attn_test::chapter(), 4, base);
    s.inputs = Matrix(int(tokens.size()), dims);
    s.inputs.data = std::move(data);
    s.tokens = std::move(tokens);
    s.query = query;
    s.lesson.question = 9;
    return s;
}

}  // namespace

TEST_CASE("lesson text: a tie between two tokens of the same word names their positions, not the word twice") {
    // A teacher's sentence "the cat sat on the mat", query "cat": both "the" score 0.19, the lowest.
    // "'the' and 'the' least" reads as a slip; the positions tell the two apart.
    const Lesson& lesson = attn_test::chapter();
    State s = enter_step(lesson, 3, State{});
    s.tokens = {"the", "cat", "sat", "on", "the", "mat"};
    s.inputs = Matrix(6, 3);
    s.inputs.data = {0.1f, 0.2f, 0.1f, 0.9f, 0.4f, 0.2f, 0.3f, 0.8f, 0.5f,
                     0.1f, 0.3f, 0.2f, 0.1f, 0.2f, 0.1f, 0.8f, 0.3f, 0.3f};
    s.query = 1;
    s.lesson.question = 9;  // every line shows
    const AttentionResult r = compute_attention(s);
    std::string text;
    for (const LessonLine& line : step_lines(lesson, s, r)) text += line.text + "\n";
    INFO(text);
    CHECK(text.find("\"the\" (positions 0 and 4) least") != std::string::npos);
    CHECK(text.find("\"the\" and \"the\"") == std::string::npos);
}

TEST_CASE("lesson text: step 4 says when the best-aligned other token scores as much as the query with itself") {
    // The alignment example: u·v = 2 and u·u = 2. "'v' aligns most with 'u' (2)" left the learner
    // with two 2s in the table and one named.
    const Lesson& lesson = attn_test::chapter();
    State base;
    load_example("alignment", &base);
    State s = enter_step(lesson, 4, base);
    s.lesson.question = 9;
    const AttentionResult r = compute_attention(s);
    REQUIRE(r.scores[size_t(s.query)] == 2.0f);
    const std::string text = all_lines(lesson, s);
    INFO(text);
    CHECK(text.find("aligns most with \"u\" (2, as much as \"u\" with itself)") != std::string::npos);
    // A query that scores more with itself than any other: the plain sentence.
    s.inputs.at(s.query, 0) *= 2;
    const std::string text2 = all_lines(lesson, s);
    CHECK(text2.find("with itself") == std::string::npos);
    CHECK(text2.find("aligns most with") != std::string::npos);
}

TEST_CASE("lesson text: step 4 with one token, and with the query's own word repeated, says what the table shows") {
    // A reviewer: one token gave '"u" aligns most with "u" (2, as much as "u" with itself), "u"
    // least (2)'; "the cat the" with query 0 named "the" twice.
    const Lesson& lesson = attn_test::chapter();
    State base;
    load_example("alignment", &base);
    const std::string text = all_lines(lesson, step_4_with(base, {"u"}, 2, {1.0f, 1.0f}, 0));
    INFO(text);
    CHECK(text.find("With one token there is no other to compare: \"u\" scores 2 with itself.") != std::string::npos);
    CHECK(text.find("aligns most") == std::string::npos);

    const std::string text2 =
        all_lines(lesson, step_4_with(base, {"the", "cat", "the"}, 2, {1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f}, 0));
    INFO(text2);
    CHECK(text2.find("\"the\" (position 2) aligns most with \"the\" (position 0) (1, as much as") != std::string::npos);
}
