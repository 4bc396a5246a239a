// Lesson files as the page and the CLI read them: the chapter and the teachers' example from
// docs/lessons.md load; every kind of mistake in a file is refused with its line and column; a
// teacher's lesson walks like the chapter (its setup, its values, its questions, its record).
#include "core/lesson/lesson_file.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_check.h"
#include "core/lesson/lesson_engine.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

std::string read_repo_file(const std::string& path) {
    std::ifstream f(std::string(ATTN_SOURCE_DIR) + "/" + path, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "cannot read " << path);
    std::stringstream text;
    text << f.rdbuf();
    return text.str();
}

// A minimal valid lesson with one step, its parts replaceable by the cases below.
std::string lesson_with(const std::string& step, const std::string& top = "") {
    return "{\"format\": 1, \"id\": \"mine\", \"lang\": \"en\", \"title\": \"Mine\"," + top + "\n \"steps\": [" + step +
           "]}";
}

const char* kGoodStep = R"({"title": "One", "setup": {"example": "three-tokens", "query": 1}, "watch": ["inputs"],
  "lines": [{"prose": "The query is at {q}."}], "questions": [{"ask": "which-token"}]})";

}  // namespace

TEST_CASE("lesson file: the teachers' example from docs/lessons.md loads, walks and grades like the chapter") {
    const LessonParse parsed = parse_lesson(read_repo_file("lessons/examples/my-sentence.json"), attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    const Lesson& lesson = parsed.lesson;
    CHECK(lesson.id == "my-sentence");
    REQUIRE(lesson.step_count() == 3);
    State base;
    load_example("your-journey", &base);
    const State one = enter_step(lesson, 1, base);
    CHECK(one.tokens == std::vector<std::string>{"the", "cat", "sat", "on", "the", "mat"});
    CHECK(one.query == 1);
    CHECK(one.example.empty());  // the teacher's own data, not a built-in example
    const std::vector<LessonLine> lines = step_lines(lesson, one, compute_attention(one));
    REQUIRE_FALSE(lines.empty());
    CHECK(lines[0].text ==
          "Our sentence has 6 words, each given 3 numbers by hand in class. We ask what the word at "
          "position 1 attends to.");
    // Step 2 reuses the chapter's score loop: its lines wait for the step's only question.
    const State two = enter_step(lesson, 2, base);
    for (const LessonLine& line : step_lines(lesson, two, compute_attention(two)))
        if (contains(line.text, "torch.dot")) CHECK(line.after_question == 0);
    const std::vector<Question> q = step_questions(lesson, two, compute_attention(two));
    REQUIRE(q.size() == 1);
    CHECK(q[0].id == "highest-score");
    // The engine walks it: three questions, completed once all three are answered.
    LessonEngine engine;
    lesson_set(&engine, &lesson);
    CHECK(engine.record.lesson == "my-sentence");
    CHECK(lesson_progress(&engine).questions == 3);
}

TEST_CASE("lesson file: the engine knows when the data shown is the lesson's own, and when it is the learner's") {
    // The example menu says "(lesson data)" over a teacher's sentence, "(custom data)" once
    // the learner edits it, and for a lesson that sets up no data of its own, ever.
    const LessonParse parsed = parse_lesson(read_repo_file("lessons/examples/my-sentence.json"), attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    State base;
    load_example("your-journey", &base);
    LessonEngine engine;
    lesson_set(&engine, &parsed.lesson);
    State one = enter_step(parsed.lesson, 1, base);
    lesson_sync(&engine, one, compute_attention(one), nullptr, 1);
    CHECK(engine.lesson_data);
    one.inputs.at(0, 0) = 0.77f;
    lesson_sync(&engine, one, compute_attention(one), nullptr, 2);
    CHECK_FALSE(engine.lesson_data);
    // A lesson whose steps set only a setting: the data is the learner's, edited or not.
    const LessonParse settings_only =
        parse_lesson(lesson_with(R"({"title": "One", "setup": {"norm": "sum"}, "lines": [{"prose": "Sums."}]})"),
                     attn_test::texts());
    REQUIRE_MESSAGE(settings_only.ok, settings_only.error);
    State mine = base;
    mine.example.clear();
    mine.inputs.at(0, 0) = 0.77f;
    LessonEngine other;
    lesson_set(&other, &settings_only.lesson);
    const State step = enter_step(settings_only.lesson, 1, mine);
    REQUIRE(step.example.empty());
    lesson_sync(&other, step, compute_attention(step), nullptr, 1);
    CHECK_FALSE(other.lesson_data);
    // Free exploration: no lesson's data.
    lesson_sync(&engine, base, compute_attention(base), nullptr, 3);
    CHECK_FALSE(engine.lesson_data);
}

TEST_CASE("lesson file: another class is said only in a step that set one up, not under a lesson-wide class") {
    // The lesson runs MultiHeadAttention throughout; its second step is about CausalAttention.
    const LessonParse parsed =
        parse_lesson(lesson_with(std::string(kGoodStep) + "," +
                                     R"({"title": "Two", "setup": {"module": {"name": "causal-attention"}},
          "watch": ["module"], "lines": [{"prose": "Causal."}]})",
                                 R"( "setup": {"module": {"name": "multi-head-attention"}},)"),
                     attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    LessonEngine engine;
    lesson_set(&engine, &parsed.lesson);
    State base;
    load_example("your-journey", &base);
    const auto said = [&](int step, AttentionModule picked) {
        State s = enter_step(parsed.lesson, step, base);
        s.module.settings = book_module_settings(picked);
        lesson_sync(&engine, s, compute_attention(s), nullptr, 0);
        return engine.class_changed;
    };
    CHECK(said(1, AttentionModule::SelfAttentionV2).empty());  // the lesson's backdrop, not the step's subject
    CHECK(contains(said(2, AttentionModule::SelfAttentionV2), "about CausalAttention"));
}

TEST_CASE("lesson file: the chapter's own file is read by the same rules, with the book's fourteen steps") {
    const LessonParse parsed = parse_lesson(read_repo_file("lessons/en/chapter-3.json"), attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    CHECK(parsed.lesson.step_count() == kLessonSteps);
}

TEST_CASE("lesson file: a step that can ask none of its questions on its own setup is refused by name") {
    // The project's lessons ask something on every step that asks (step 14 lists wrapper-width as
    // an alternative: it is asked once the learner picks the wrapper).
    for (const char* path :
         {"lessons/en/chapter-3.json", "lessons/en/generation.json", "lessons/examples/my-sentence.json"}) {
        const LessonParse parsed = parse_lesson(read_repo_file(path), attn_test::texts());
        REQUIRE_MESSAGE(parsed.ok, parsed.error);
        CHECK_MESSAGE(lesson_questions_problem(parsed.lesson).empty(), path);
    }
    // A teacher asks how many keys a KV-cache call scores, without decode in the step's setup: the
    // page would show an empty question, so the file is refused, naming the step and its kind.
    const LessonParse parsed = parse_lesson(lesson_with(std::string(kGoodStep) + "," + R"({"title": "Cache",
        "setup": {"module": {"name": "causal-attention"}}, "watch": ["module"],
        "lines": [{"prose": "The cache."}], "questions": [{"ask": "cache-scores"}]})"),
                                            attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    const std::string why = lesson_questions_problem(parsed.lesson);
    CHECK(contains(why, "steps[1] asks \"cache-scores\""));
    CHECK(contains(why, "step 2's setup"));
    CHECK(contains(why, "--step 2"));
}

TEST_CASE("lesson file: a line that names what its step's question covers, before it is answered, is refused") {
    for (const char* path :
         {"lessons/en/chapter-3.json", "lessons/en/generation.json", "lessons/examples/my-sentence.json"}) {
        const LessonParse parsed = parse_lesson(read_repo_file(path), attn_test::texts());
        REQUIRE_MESSAGE(parsed.ok, parsed.error);
        CHECK_MESSAGE(lesson_questions_problem(parsed.lesson).empty(), path);
    }
    const auto problem = [](const std::string& lines, const std::string& questions) {
        const LessonParse parsed = parse_lesson(lesson_with(R"({"title": "One", "setup": {"example": "three-tokens"},
            "watch": ["inputs"], "lines": [)" + lines + R"(], "questions": [)" +
                                                            questions + "]}"),
                                                attn_test::texts());
        REQUIRE_MESSAGE(parsed.ok, parsed.error);
        return lesson_questions_problem(parsed.lesson);
    };
    // The weights before "which is sharper?": the panels would cover them while the text gives them.
    const std::string why = problem(R"({"prose": "Weights: {weights}."})", R"({"ask": "sharper"})");
    CHECK(contains(why, "steps[0].lines[0] (step 1) shows {weights} before the step's question 1 (\"sharper\")"));
    CHECK(contains(why, "add \"after\": 0"));
    CHECK(why.rfind("line ", 0) == 0);  // where the line is in the file, as the reader's own messages say
    CHECK(contains(why, ", column "));
    // After the question, or a value it does not cover, is fine.
    CHECK(problem(R"({"prose": "Weights: {weights}.", "after": 0})", R"({"ask": "sharper"})").empty());
    CHECK(problem(R"({"prose": "Scores: {scores}."})", R"({"ask": "sharper"})").empty());
    // Scores before two questions that both cover them: "after" the last of them, in one go (a
    // teacher told "add after: 0" met "add after: 1" next).
    CHECK(contains(problem(R"({"prose": "Scores: {scores}."})", R"({"ask": "dot-value"}, {"ask": "highest-score"})"),
                   "add \"after\": 1"));
    // A line after the first question still names what the second one asks.
    CHECK(contains(
        problem(R"({"prose": "Best: {best}.", "after": 0})", R"({"ask": "count-scores"}, {"ask": "highest-score"})"),
        "add \"after\": 1"));
    // The query's name answers "which token is inputs[q]?".
    CHECK(contains(problem(R"({"prose": "The query is {query}."})", R"({"ask": "which-token"})"), "{query}"));
}

TEST_CASE("lesson file: the questions' check names each step's first problem, up to eight, in one pass") {
    // Two steps that give their answers away and one that cannot ask its question: all three said.
    const std::string giving = R"({"title": "G", "setup": {"example": "three-tokens"}, "watch": ["inputs"],
        "lines": [{"prose": "Weights: {weights}."}], "questions": [{"ask": "sharper"}]})";
    const std::string unaskable = R"({"title": "Cache", "setup": {"module": {"name": "causal-attention"}},
        "watch": ["module"], "lines": [{"prose": "The cache."}], "questions": [{"ask": "cache-scores"}]})";
    LessonParse parsed = parse_lesson(lesson_with(giving + "," + unaskable + "," + giving), attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    const std::string why = lesson_questions_problem(parsed.lesson);
    CHECK(std::count(why.begin(), why.end(), '\n') == 2);
    CHECK(contains(why, "steps[0].lines[0] (step 1) shows {weights}"));
    CHECK(contains(why, "steps[1] asks \"cache-scores\""));
    CHECK(contains(why, "steps[2].lines[0] (step 3) shows {weights}"));
    // Ten such steps: eight said, and how many more.
    std::string ten = giving;
    for (int i = 1; i < 10; ++i) ten += "," + giving;
    parsed = parse_lesson(lesson_with(ten), attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    const std::string many = lesson_questions_problem(parsed.lesson);
    CHECK(std::count(many.begin(), many.end(), '\n') == 8);
    CHECK(contains(many, "... and 2 more"));
}

TEST_CASE("lesson file: a lesson-wide setup applies to every step, and a step's own keys win") {
    const std::string text = lesson_with(
        R"({"title": "A", "lines": [{"prose": "{n} tokens"}]}, {"title": "B", "setup": {"query": 0}, "lines": [{"prose": "x"}]},
           {"title": "C", "setup": {"example": "cat-sat-mat"}, "lines": [{"prose": "x"}]})",
        R"( "setup": {"tokens": ["a", "b"], "inputs": [[1, 0], [0, 1]], "query": 1, "causal": true},)");
    const LessonParse parsed = parse_lesson(text, attn_test::texts());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    State base;
    load_example("your-journey", &base);
    const State a = enter_step(parsed.lesson, 1, base);
    CHECK(a.tokens == std::vector<std::string>{"a", "b"});
    CHECK(a.query == 1);
    CHECK(a.causal);
    CHECK(enter_step(parsed.lesson, 2, base).query == 0);
    const State c = enter_step(parsed.lesson, 3, base);
    CHECK(c.example == "cat-sat-mat");  // its own data replaces the lesson's
    CHECK(c.causal);                    // the lesson's other keys still apply
}

TEST_CASE("lesson file: every mistake is refused with its line, its column and what to write instead") {
    struct Case {
        std::string text;
        const char* where;
        const char* says;
    };
    const Case cases[] = {
        {"{\"format\": 1,", "line 1", "expected a key"},
        {"[]", "line 1, column 1", "must be an object"},
        {lesson_with(kGoodStep, " \"extra\": 1,"), "line 1", "is not a key here"},
        {"{\"format\": 2, \"id\": \"x\", \"lang\": \"en\", \"title\": \"t\", \"steps\": []}", "format", "must be 1"},
        {"{\"format\": 1, \"id\": \"My Lesson\", \"lang\": \"en\", \"title\": \"t\", \"steps\": []}", "id", "a-z, 0-9"},
        {"{\"format\": 1, \"id\": \"x\", \"lang\": \"fr\", \"title\": \"t\", \"steps\": []}", "lang", "\"en\""},
        {lesson_with(""), "steps", "non-empty"},
        {lesson_with(R"({"lines": [{"prose": "x"}]})"), "line 2", "has no title"},
        // The column is the placeholder's, inside the string: 47 is its opening quote.
        {lesson_with(R"({"title": "t", "lines": [{"prose": "The {nope} value"}]})"), "line 2, column 52",
         "{nope} is not a value"},
        // Escapes count as written: \u00e9 is six columns, \" two, where the text has one character each.
        {lesson_with(R"({"title": "t", "lines": [{"prose": "caf\u00e9 \"x\" {nope}"}]})"), "line 2, column 64",
         "{nope} is not a value"},
        // Characters written as themselves count one column each, however many bytes they take.
        {lesson_with(R"({"title": "t", "lines": [{"prose": "中文 {nope}"}]})"), "line 2, column 51", "{nope} is not"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "\u4e2d\ud83d\ude00 a}"}]})"), "line 2, column 68",
         "without its '{'"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "an {open brace"}]})"), "steps[0].lines[0].prose",
         "a-z, 0-9"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "ends {open"}]})"), "steps[0].lines[0].prose",
         "never closed"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "a", "code": "b"}]})"), "steps[0].lines[0]", "two texts"},
        {lesson_with(R"({"title": "t", "lines": [{"section": "nonsense"}]})"), "section", "is not a section"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "a", "after": 0}]})"), "after", "index of one of"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "a"}], "questions": [{"ask": "what"}]})"), "ask",
         "must name a question"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "a"}], "watch": ["lesson"]})"), "watch[0]", "panels"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "a"}], "widget": "clock"})"), "widget", "must be one of"},
        {lesson_with(R"({"title": "t", "setup": {"example": "nope"}, "lines": [{"prose": "a"}]})"), "setup.example",
         "unknown example"},
        {lesson_with(R"({"title": "t", "setup": {"query": 9}, "lines": [{"prose": "a"}]})"), "steps[0].setup",
         "query is 9"},
        {lesson_with(R"({"title": "t", "setup": {"tokens": ["a"]}, "lines": [{"prose": "a"}]})"), "steps[0].setup",
         "inputs is missing"},
        {lesson_with(R"({"title": "t", "setup": {"step": 3}, "lines": [{"prose": "a"}]})"), "setup.step",
         "is not a key here"},
        {lesson_with(R"({"title": "a line\nbreak", "lines": [{"prose": "a"}]})"), "title", "control character"},
        {lesson_with(R"({"title": "t", "lines": [{"prose": "\u202Eevil"}]})"), "prose", "control character"},
    };
    for (const Case& c : cases) {
        INFO(c.text.substr(0, 160));
        const LessonParse parsed = parse_lesson(c.text, attn_test::texts());
        CHECK_FALSE(parsed.ok);
        INFO(parsed.error);
        CHECK(contains(parsed.error, c.where));
        CHECK(contains(parsed.error, c.says));
        CHECK(contains(parsed.error, "line "));
    }
    CHECK(parse_lesson(lesson_with(kGoodStep), attn_test::texts()).ok);
    // The lesson-wide setup's own mistake is pointed at there, not at a step that has no setup.
    const LessonParse top = parse_lesson(
        lesson_with(R"({"title": "t", "lines": [{"prose": "a"}]})", R"( "setup": {"query": 9},)"), attn_test::texts());
    CHECK_FALSE(top.ok);
    INFO(top.error);
    CHECK(contains(top.error, "line 1, column "));  // where "setup" is, on the file's first line
    CHECK(contains(top.error, ": setup: query is 9"));
    CHECK_FALSE(contains(top.error, "steps[0]"));
    // Also when the step has a setup of its own that does not mend it; one that does is fine.
    const LessonParse under_step =
        parse_lesson(lesson_with(R"({"title": "t", "setup": {"causal": true}, "lines": [{"prose": "a"}]})",
                                 R"( "setup": {"query": 9},)"),
                     attn_test::texts());
    CHECK(contains(under_step.error, ": setup: query is 9"));
    CHECK_FALSE(contains(under_step.error, "steps[0]"));
    CHECK(parse_lesson(lesson_with(R"({"title": "t", "setup": {"query": 1}, "lines": [{"prose": "a"}]})",
                                   R"( "setup": {"query": 9},)"),
                       attn_test::texts())
              .ok);
    CHECK(contains(top.error, "(the lesson-wide setup, as step 1 applies it)"));
    // With a step that does not read, in the same pass: a teacher mended a key's typo, and only
    // then heard of the setup's query past the last token.
    const LessonParse both = parse_lesson(
        lesson_with(R"({"title": "t", "lines": [{"prsoe": "a"}]})", R"( "setup": {"query": 9},)"), attn_test::texts());
    CHECK_FALSE(both.ok);
    INFO(both.error);
    CHECK(contains(both.error, "prsoe"));
    CHECK(contains(both.error, ": setup: query is 9"));
}

TEST_CASE("lesson file: a file with several mistakes names each step's first, in the file's order, in one pass") {
    // Step 1 is fine; steps 2 and 4 have two mistakes each (only the first is named: what follows
    // in a broken step may be an echo of it); step 3 has one; the title is missing too.
    const std::string file = "{\"format\": 1, \"id\": \"mine\", \"lang\": \"en\",\n \"steps\": [" +
                             std::string(kGoodStep) + ",\n" +
                             R"({"title": "t", "lines": [{"prose": "The {nope} value"}], "widget": "clock"},
{"title": "t", "lines": [{"section": "nonsense"}]},
{"lines": [{"prose": "a", "code": "b"}]}]})";
    const LessonParse parsed = parse_lesson(file, attn_test::texts());
    REQUIRE_FALSE(parsed.ok);
    INFO(parsed.error);
    std::vector<std::string> lines;
    std::stringstream in(parsed.error);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() == 4);
    CHECK(contains(lines[0], "the lesson: has no title"));
    CHECK(contains(lines[1], "line 4, column 68: steps[1].widget (step 2): must be one of"));
    CHECK_FALSE(contains(parsed.error, "{nope}"));  // step 2's second mistake waits for the next check
    CHECK(contains(lines[2], "line 5, column 38: steps[2].lines[0].section"));
    CHECK(contains(lines[3], "line 6, column 1: "));
    CHECK(contains(lines[3], "steps[3] (step 4): has no title"));
    CHECK(parsed.lesson.step_count() == 0);  // nothing of a bad file is used

    // A compiler's way: each line under the file's name (the page's band, the CLI's stderr).
    CHECK(name_each_problem("my.json", "line 1: a\nline 2: b") == "my.json: line 1: a\nmy.json: line 2: b");
    CHECK(name_each_problem("my.json", "line 1: a") == "my.json: line 1: a");

    // Many broken steps: eight named, then how many more.
    std::string steps;
    for (int k = 0; k < 12; ++k)
        steps += std::string(k ? ",\n" : "") + R"({"title": "t", "lines": [{"section": "x"}]})";
    const LessonParse many = parse_lesson(lesson_with(steps), attn_test::texts());
    INFO(many.error);
    CHECK(contains(many.error, "steps[7].lines[0].section"));
    CHECK_FALSE(contains(many.error, "steps[8]"));
    CHECK(contains(many.error, "... and 4 more: mend these and check the file again"));
}

TEST_CASE("lesson file: size, step and question limits are refused by name") {
    CHECK(contains(parse_lesson(std::string(kMaxLessonFileBytes + 1, ' '), attn_test::texts()).error, "256 KiB"));
    std::string steps;
    for (int k = 0; k <= kMaxLessonFileSteps; ++k) steps += std::string(k ? "," : "") + kGoodStep;
    CHECK(contains(parse_lesson(lesson_with(steps), attn_test::texts()).error, "at most 30"));
    const std::string five = R"({"title": "t", "lines": [{"prose": "a"}], "questions": [{"ask": "which-token"},
        {"ask": "which-token"}, {"ask": "which-token"}, {"ask": "which-token"}, {"ask": "which-token"}]})";
    CHECK(contains(parse_lesson(lesson_with(five), attn_test::texts()).error, "at most 4"));
}

TEST_CASE("lesson file: a catalog is read once, with every broken text named by its id and position") {
    const CatalogParse good =
        parse_text_catalog(R"({"format": 1, "lang": "en", "texts": {"b.x": "B {n}", "a.y": "A"}})");
    REQUIRE(good.ok);
    CHECK(good.catalog.say("b.x", {{"n", 3}}) == "B 3");
    CHECK(good.catalog.say("a.y") == "A");
    CHECK(good.catalog.say("c.z") == "[missing text: c.z]");
    const CatalogParse bad =
        parse_text_catalog("{\"format\": 1, \"lang\": \"en\",\n \"texts\": {\"x\": \"a {broken\"}}");
    CHECK_FALSE(bad.ok);
    CHECK(contains(bad.error, "line 2, column 20: texts.x"));  // the open brace, not the quote
    CHECK(contains(bad.error, "texts.x"));
    CHECK(contains(parse_text_catalog(R"({"format": 1, "lang": "en", "texts": {"x": 3}})").error, "string"));
    CHECK(contains(parse_text_catalog(R"({"format": 1, "texts": {}})").error, "lang"));
}
