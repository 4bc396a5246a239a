// Every language's files read as the page reads them (lessons/<lang>/): the catalog, the chapter
// and the lesson after it; a broken file fails here with the reader's own message.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "core/document/examples.h"
#include "core/document/import/import_text.h"
#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/document/words_scope.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/lesson_check.h"
#include "core/lesson/lesson_file.h"
#include "core/lesson/pytorch_classes.h"
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
    REQUIRE_MESSAGE(f.good(), path);
    std::stringstream text;
    text << f.rdbuf();
    return text.str();
}

const Lesson& lesson_in(const std::string& lang, const std::string& file) {
    static std::map<std::string, LessonParse> lessons;
    const std::string path = "lessons/" + lang + "/" + file;
    auto it = lessons.find(path);
    if (it == lessons.end())
        it = lessons.emplace(path, parse_lesson(read_repo_file(path), attn_test::texts_in(lang))).first;
    REQUIRE_MESSAGE(it->second.ok, path << ": " << it->second.error);
    return it->second.lesson;
}

}  // namespace

const TextCatalog& attn_test::texts_in(const std::string& lang) {
    static std::map<std::string, CatalogParse> catalogs;
    auto it = catalogs.find(lang);
    if (it == catalogs.end())
        it = catalogs.emplace(lang, parse_text_catalog(read_repo_file("lessons/" + lang + "/texts.json"))).first;
    REQUIRE_MESSAGE(it->second.ok, lang << "/texts.json: " << it->second.error);
    return it->second.catalog;
}

std::vector<std::string> attn_test::languages() {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(ATTN_SOURCE_DIR) + "/lessons"))
        if (entry.is_directory() && entry.path().filename() != "en" &&
            std::filesystem::exists(entry.path() / "interface.json"))
            out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

const Lesson& attn_test::chapter_in(const std::string& lang) {
    return lesson_in(lang, "chapter-3.json");
}

TEST_CASE("languages: every language's files read as the page reads them, with English's steps") {
    REQUIRE_FALSE(attn_test::languages().empty());
    for (const std::string& lang : attn_test::languages()) {
        INFO(lang);
        CHECK(attn_test::chapter_in(lang).step_count() == attn_test::chapter().step_count());
        CHECK(lesson_in(lang, "generation.json").step_count() == attn_test::generation_lesson().step_count());
        // And pass the load-time check of their questions, as the page runs it.
        CHECK_MESSAGE(lesson_questions_problem(attn_test::chapter_in(lang)).empty(), lang);
        CHECK_MESSAGE(lesson_questions_problem(lesson_in(lang, "generation.json")).empty(), lang);
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        CHECK(words.text.lang == lang);
        CHECK(std::string(words.text("Next \u2192")) != "Next \u2192");
    }
}

TEST_CASE("languages: the lesson after the chapter renders every step's lines and questions in every language") {
    for (const std::string& lang : attn_test::languages()) {
        const Lesson& lesson = lesson_in(lang, "generation.json");
        for (int k = 1; k <= lesson.step_count(); ++k) {
            State s;
            REQUIRE(load_example("three-tokens", &s));
            s = enter_step(lesson, k, s);
            s.lesson.question = 9;
            const AttentionResult r = compute_attention(s);
            ModuleRun run;
            if (s.module.enabled) update_module_run(s.inputs, s.module.settings, &run);
            for (const LessonLine& line : step_lines(lesson, s, r, &run)) {
                INFO("step " << k << ": " << line.text);
                CHECK(line.text.find("[missing text") == std::string::npos);
                CHECK(line.text.find("{") == std::string::npos);
            }
            for (const Question& q : step_questions(lesson, s, r, &run)) {
                INFO("step " << k << ": " << q.prompt);
                CHECK(q.prompt.find("[missing text") == std::string::npos);
                CHECK_FALSE(q.choices.empty());
            }
        }
    }
}

TEST_CASE("languages: a value the learner types out of range is refused in their language, numbers as typed") {
    // Typed into the canvas's fields: a query position, d_out, the weights' seed, the lab's
    // multiplier, a token's label, an embedding's value. English stays what the API returns.
    State base;
    load_example("your-journey", &base);
    std::vector<std::pair<State, std::string>> typed;
    State s = base;
    s.query = 9;
    typed.push_back({s, "query is 9 but there are 6 tokens: use 0..5 (positions count from zero)"});
    s = base, s.projection.d_out = 0;
    typed.push_back({s,
                     "projection.d_out is 0 but must be 1..1024: it is the number of columns of "
                     "W_query, W_key and W_value"});
    s = base, s.lab_scale = 0;
    typed.push_back({s,
                     "lab_scale is 0 but must be greater than 0 and at most 1000 (as a float32): "
                     "1 leaves the scores unchanged"});
    s = base, s.tokens[2] = "a\tb";
    typed.push_back({s,
                     "tokens[2] contains the control character U+0009 at byte 1: labels are shown as text, so "
                     "remove it (use a space instead of a tab or line break)"});
    s = base, s.inputs.at(1, 2) = std::numeric_limits<float>::infinity();
    typed.push_back({s, "inputs[1][2] is inf: every value must be a finite float32"});
    for (const std::string& lang : attn_test::languages()) {
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        for (const auto& item : typed) {
            const std::string& english_text = item.second;  // not a structured binding: INFO captures it
            const Sentence refusal = state_refusal(item.first);
            INFO(lang << ": " << english_text);
            CHECK(english(refusal) == english_text);
            const std::string translated = said(refusal, words.text(refusal.format));
            CHECK(translated != english_text);
            for (const std::string& arg : refusal.args) CHECK(translated.find(arg) != std::string::npos);
            if (lang == "zh-CN" && refusal.args.size() == 3 && refusal.args[0] == "9")  // the query's, in full
                CHECK(translated == "查询 query 为 9，但只有 6 个词元：请用 0..5（位置从零开始数）");
        }
    }
}

TEST_CASE("languages: a refusal the language has no words for is known to come out in English") {
    // The page marks such a reason lang="en" (a screen reader then reads it with an English voice).
    State s;
    load_example("your-journey", &s);
    s.query = 9;
    const Sentence known = state_refusal(s);
    const Sentence unknown = sentence("%s is a refusal no language has words for", {"x"});
    for (const std::string& lang : attn_test::languages()) {
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        const WordsScope in_language(&words.text);
        CHECK_FALSE(words_said_in_english(known));
        CHECK(words_said_in_english(unknown));
        CHECK(words_said(unknown) == "x is a refusal no language has words for");
    }
    const WordsScope in_english(nullptr);
    CHECK_FALSE(words_said_in_english(unknown));
}

TEST_CASE("languages: pasted embeddings that cannot be read are refused in the learner's language") {
    // What a learner pastes into Import: a short row, a word among the numbers, a 3-D tensor, a
    // label with a tab in it, a cell typed empty. English stays what the API and the CLI return.
    const std::vector<std::string> pasted = {"0.43,0.15\n0.55\n", "0.43, abc\n", "tensor([[[0.43, 0.15]]])",
                                             "\"a\tb\",0.43,0.15\n", "[[0.43, 0.15],\n [0.55, 0.87]"};
    for (const std::string& lang : attn_test::languages()) {
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        for (const std::string& text : pasted) {
            const ImportResult english_result = import_embeddings(text);
            const ImportResult translated = import_embeddings(text, &words.text);
            INFO(lang << ": " << english_result.error);
            REQUIRE_FALSE(english_result.ok);
            REQUIRE_FALSE(translated.ok);
            CHECK(translated.error != english_result.error);
            CHECK(english_result.error == import_embeddings(text).error);  // the scope ended with the call
        }
        float x = 0;
        CHECK(parse_number_text(" ", &x, &words.text) != parse_number_text(" ", &x));
        if (lang == "zh-CN") {
            CHECK(import_embeddings("0.43,0.15\n0.55\n", &words.text).error ==
                  "第 2 行有 1 个值，而第 1 行有 2 个：每个嵌入的长度必须相同");
            CHECK(import_embeddings("0.43,0.15\n\n0.55,abc\n", &words.text).error ==
                  "第 2 行（文本第 3 行），第 2 个值：\"abc\" 不是数字：请写普通数字，如 0.43 或 -1.5e-3");
        }
    }
}

TEST_CASE("languages: Debug this quotes a class that cannot run in the interface's language") {
    State s;
    load_example("your-journey", &s);
    ModuleSettings bad = book_module_settings(AttentionModule::MultiHeadAttention);
    bad.heads = 3;  // d_out 2 does not split into 3 heads
    for (const std::string& lang : attn_test::languages()) {
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        ModuleResult run;
        BugTrace english_trace, translated;
        CHECK_FALSE(run_traced_module(attn_test::texts_in(lang), s.inputs, bad, 2, &run, &english_trace));
        {
            const WordsScope in_language(&words.text);  // as the app syncs the lesson
            CHECK_FALSE(run_traced_module(attn_test::texts_in(lang), s.inputs, bad, 2, &run, &translated));
        }
        INFO(lang << ": " << translated.error);
        CHECK(contains(english_trace.error, "d_out must be divisible by num_heads"));
        CHECK_FALSE(contains(translated.error, "d_out must be divisible by num_heads"));
        CHECK(contains(translated.error, "d_out = 2"));
    }
}

TEST_CASE("languages: Debug this's code comments are in the learner's language; its code is the same") {
    State s;
    load_example("your-journey", &s);
    const BugTrace english = trace_bug(attn_test::texts_in("en"), Bug::CacheMaskNoOffset, s);
    const BugTrace chinese = trace_bug(attn_test::texts_in("zh-CN"), Bug::CacheMaskNoOffset, s);
    REQUIRE(english.error.empty());
    REQUIRE(english.program.size() == chinese.program.size());
    bool commented = false;
    for (size_t i = 0; i < english.program.size(); ++i) {
        const std::string& e = english.program[i];
        const std::string& z = chinese.program[i];
        const size_t hash = e.find("   # ");
        CHECK(e.substr(0, hash) == z.substr(0, hash));  // the code itself, as written
        if (hash != std::string::npos && contains(e, "values alike")) {
            commented = true;
            CHECK_FALSE(contains(z, "values alike"));
        }
    }
    CHECK(commented);
}

TEST_CASE("languages: the PyTorch code explains itself in the learner's language; its code is the same") {
    // Every kind of comment the generator writes: projections, the causal mask, the lab's scale,
    // a class with dropout off and its seed, decoding in chunks.
    State s;
    load_example("your-journey", &s);
    s.causal = true;
    s.projection.enabled = true;
    s.lab_scale = 2.0f;
    s.module.enabled = true;
    s.module.settings = book_module_settings(AttentionModule::MultiHeadAttention);
    s.module.settings.training = false;
    s.module.settings.reseed_dropout = true;
    s.module.settings.decode = true;
    s.module.settings.prefill = 3;
    s.module.settings.chunk = 2;
    REQUIRE(validate_state(s).empty());
    const AttentionResult r = compute_attention(s);
    const auto lines_of = [](const std::string& text) {
        std::vector<std::string> out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    };
    const std::vector<std::string> english = lines_of(pytorch_code(s, r).code);
    // The book's class is printed as the book prints it; only this project's own comments in it
    // (the class line's "# with the KV cache of ch04/03_kv-cache") are said in the language.
    std::vector<std::string> book = lines_of(book_class_code(AttentionModule::MultiHeadAttention, true, true));
    int annotated = 0;
    for (const Sentence& a : book_class_annotations())
        for (std::string& line : book)
            if (line.size() > std::strlen(a.format) &&
                line.compare(line.size() - std::strlen(a.format), std::string::npos, a.format) == 0)
                line.clear(), ++annotated;  // not kept as written
    CHECK(annotated == 1);
    for (const std::string& lang : attn_test::languages()) {
        const InterfaceTextParse words = parse_interface_text(read_repo_file("lessons/" + lang + "/interface.json"));
        REQUIRE_MESSAGE(words.ok, words.error);
        const std::vector<std::string> translated = lines_of(pytorch_code(s, r, &words.text).code);
        REQUIRE(translated.size() == english.size());
        bool after_print = false;
        int explained = 0;
        for (size_t i = 0; i < english.size(); ++i) {
            const std::string& en = english[i];
            const std::string& tr = translated[i];
            INFO(lang << ": " << en << " | " << tr);
            const bool output = after_print && en.rfind("# ", 0) == 0;  // what a print printed
            after_print = en.rfind("print(", 0) == 0 || output;
            const bool the_books = std::find(book.begin(), book.end(), en) != book.end();
            if (output || the_books || en.find('#') == std::string::npos || en.rfind("  [", 0) == 0 ||
                en.rfind("   [", 0) == 0) {
                CHECK(tr == en);  // code, outputs and the inputs' rows (their tokens) as written
                continue;
            }
            // The code before the comment is the same; the comment is in the language.
            CHECK(tr.substr(0, tr.find("# ")) == en.substr(0, en.find("# ")));
            CHECK_MESSAGE(tr != en, "a comment left in English");
            ++explained;
        }
        CHECK(explained >= 20);
    }
}

TEST_CASE("languages: a Chinese sentence quotes a token with Chinese quotation marks; code keeps Python's") {
    // A Chinese reader's walk: 第 2 个词元，"token 1" beside the panel's 第 2 个词元“journey”.
    const Lesson& lesson = attn_test::chapter_in("zh-CN");
    State base;
    REQUIRE(load_example("your-journey", &base));
    int quoted_tokens = 0;
    for (int k = 1; k <= lesson.step_count(); ++k) {
        State s = enter_step(lesson, k, base);
        s.lesson.question = 9;  // every line shows
        const AttentionResult r = compute_attention(s);
        ModuleRun run;
        if (s.module.enabled) update_module_run(s.inputs, s.module.settings, &run);
        std::vector<std::string> sentences;
        for (const LessonLine& line : step_lines(lesson, s, r, &run))
            if (line.kind != LineKind::Code) sentences.push_back(line.text);
        for (const Question& q : step_questions(lesson, s, r, &run)) {
            sentences.push_back(q.prompt);
            sentences.insert(sentences.end(), q.choices.begin(), q.choices.end());
            sentences.push_back(q.answer);
            sentences.push_back(q.reason);
            sentences.insert(sentences.end(), q.mistakes.begin(), q.mistakes.end());
        }
        for (const std::string& text : sentences) {
            INFO("step " << k << ": " << text);
            for (const std::string& token : s.tokens) {
                CHECK(text.find("\"" + token + "\"") == std::string::npos);
                if (text.find("\u201c" + token + "\u201d") != std::string::npos) ++quoted_tokens;
            }
        }
    }
    CHECK(quoted_tokens > 10);
    // English keeps its straight quotes.
    CHECK(attn_test::chapter().step_count() > 0);
    CHECK(attn_test::texts_in("en").quoted("journey") == "\"journey\"");
}
