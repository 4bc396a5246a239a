// attention-cli for lesson files (docs/lessons.md): --check-lesson FILE reads and checks one as
// the page would, and --lesson FILE --step N prints a step as the learner reads it, with its live
// values, its questions and (with --reveal) their answers. --bug NAME prints a Debug this trace
// whole: the planted program, what it prints, and every step to the first divergence and past it.
// The catalog of built-in words is the compiled-in English one, or --texts FILE.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "builtin/builtin_lesson.h"
#include "cli/cli.h"
#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/document/state_attention.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/lesson_check.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/lesson/track.h"
#include "core/text/number_parse.h"

namespace attn {
namespace {

std::string read_text_file(const std::string& path, size_t limit, const char* what, std::string* text) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return std::string("cannot open the ") + what + " " + json_quote_short(path) + ": " + std::strerror(errno);
    char buffer[65536];
    size_t got = 0;
    while (text->size() <= limit && (got = std::fread(buffer, 1, sizeof buffer, f)) > 0) text->append(buffer, got);
    std::fclose(f);
    return "";
}

const char* kind_mark(LineKind kind) {
    switch (kind) {
        case LineKind::Code:
            return "    ";
        case LineKind::Note:
            return "  (note) ";
        case LineKind::Good:
            return "  \u2713 ";
        case LineKind::Warn:
            return "  ! ";
        default:
            return "  ";
    }
}

// A Debug this trace as a teacher reads it before class: everything the learner uncovers step by
// step, at once, on the book's inputs as the page plants the bug.
std::string bug_report(const TextCatalog& texts, Bug bug) {
    State base;
    load_example("your-journey", &base);
    const State s = enter_bug(bug, base);
    const BugTrace t = trace_bug(texts, bug, s);
    std::string o =
        texts.say("bug." + std::string(bug_name(bug)) + ".label") + " (" + bug_name(bug) + "): " + t.title + "\n";
    if (!t.note.empty()) o += t.note + "\n";
    if (!t.error.empty()) return o + t.error + "\n";
    o += "\n";
    for (size_t i = 0; i < t.program.size(); ++i) {
        const bool buggy = int(i) == t.buggy_line;
        o += std::string(buggy ? "\u2717 " : "  ") + t.program[i] + "\n";
        if (buggy) o += "    " + texts.say("debug.fix", {{"line", t.fixed[i]}}) + "\n";
    }
    o += texts.say("debug.expected", {{"output", t.expected_output}}) + "\n";
    o += texts.say("debug.printed", {{"output", t.actual_output}}) + "\n\n" + texts.say("debug.trace") + "\n";
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const TraceStep& step = t.steps[k];
        o += std::to_string(k + 1) + ". " + step.name + ": " + step.question + "\n";
        o += "   " +
             texts.say(
                 "debug.value-expected",
                 {{"what", step.what}, {"values", trace_values_text(texts, step.expected, step.rows, step.cols)}}) +
             "\n";
        o += "   " +
             texts.say("debug.value-printed",
                       {{"what", step.what}, {"values", trace_values_text(texts, step.actual, step.rows, step.cols)}}) +
             "\n";
        if (int(k) == t.first_divergence)
            o += "   " + texts.say("debug.first-divergence", {{"k", int(k) + 1}, {"name", step.name}}) + " " +
                 t.explanation + "\n";
    }
    if (t.first_divergence < 0 && !t.hidden.empty()) o += t.hidden + "\n";
    return o;
}

}  // namespace

bool is_lesson_command(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--check-lesson" || a == "--lesson" || a == "--bug") return true;
    return false;
}

int run_lesson_cli(const std::vector<std::string>& args, std::string* out, std::string* err) {
    const auto fail = [err](std::string message) {
        for (char& c : message)
            if (c == '\n' || c == '\r') c = ' ';
        *err = "error: " + message + "\n";
        return kCliUsageError;
    };
    // A lesson file's problems: one "error: FILE: line L, column C: ..." line each.
    const auto fail_each = [err](const std::string& path, const std::string& problems) {
        err->clear();
        const std::string named = name_each_problem(path, problems);
        size_t start = 0;
        while (start < named.size()) {
            size_t end = named.find('\n', start);
            if (end == std::string::npos) end = named.size();
            *err += "error: " + named.substr(start, end - start) + "\n";
            start = end + 1;
        }
        return kCliUsageError;
    };
    std::string check, lesson_path, texts_path, step_text, bug_text;
    bool reveal = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool takes_value =
            a == "--check-lesson" || a == "--lesson" || a == "--texts" || a == "--step" || a == "--bug";
        if (takes_value && (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0))
            return fail(a + " needs a value, as in " +
                        (a == "--step" ? std::string("--step 2") : a + " my-lesson.json"));
        if (a == "--check-lesson")
            check = args[++i];
        else if (a == "--lesson")
            lesson_path = args[++i];
        else if (a == "--texts")
            texts_path = args[++i];
        else if (a == "--step")
            step_text = args[++i];
        else if (a == "--reveal")
            reveal = true;
        else if (a == "--bug")
            bug_text = args[++i];
        else
            return fail("unexpected argument " + json_quote_short(a) +
                        " with a lesson: use --check-lesson FILE, or --lesson FILE --step N [--reveal] [--texts FILE]");
    }
    if (!check.empty() && !lesson_path.empty()) return fail("--check-lesson and --lesson are both given: choose one");
    if (!bug_text.empty() && (!check.empty() || !lesson_path.empty() || !step_text.empty() || reveal))
        return fail("--bug takes no lesson file, --step or --reveal: use --bug NAME [--texts FILE]");
    const std::string path = check.empty() ? lesson_path : check;
    if (!check.empty() && (!step_text.empty() || reveal)) return fail("--check-lesson takes no --step or --reveal");

    TextCatalog catalog = builtin_catalog();
    if (!texts_path.empty()) {
        std::string text;
        std::string e = read_text_file(texts_path, kMaxCatalogBytes, "text catalog", &text);
        if (!e.empty()) return fail(e);
        CatalogParse parsed = parse_text_catalog(text);
        if (!parsed.ok) return fail(texts_path + ": " + parsed.error);
        catalog = parsed.catalog;
    }
    if (!bug_text.empty()) {
        Bug bug = Bug::None;
        if (!parse_bug(bug_text, &bug) || bug == Bug::None)
            return fail("--bug " + json_quote_short(bug_text) + " is not a planted bug: use one of " + bug_choices());
        *out = bug_report(catalog, bug);
        return kCliOk;
    }
    std::string text;
    std::string e = read_text_file(path, kMaxLessonFileBytes, "lesson file", &text);
    if (!e.empty()) return fail(e);
    const LessonParse parsed = parse_lesson(text, catalog);
    if (!parsed.ok) return fail_each(path, parsed.error);
    const Lesson& lesson = parsed.lesson;
    // The page refuses a file whose questions cannot be asked as written: --check-lesson says so;
    // --lesson still prints the step, under the problem, since that is how a teacher looks into it.
    const std::string problem = lesson_questions_problem(lesson);
    if (!check.empty() && !problem.empty()) return fail_each(path, problem);

    if (!check.empty()) {
        *out = path + ": a lesson of " + std::to_string(lesson.step_count()) + " steps and " +
               std::to_string(lesson.declared_questions(1, lesson.step_count())) + " questions at most, \"" +
               lesson.title + "\": it reads as the page reads it\n";
        return kCliOk;
    }
    int64_t step = 1;
    if (!step_text.empty() && (read_whole(step_text, &step) != WholeKind::Ok || step < 1 || step > lesson.step_count()))
        return fail("step " + json_quote_short(step_text) + " is not a step of the lesson: use 1.." +
                    std::to_string(lesson.step_count()));
    State base;
    load_example("your-journey", &base);
    State s = enter_step(lesson, int(step), base);
    const AttentionResult result = compute_attention(s);
    ModuleRun module;
    if (s.module.enabled) update_module_run(s.inputs, s.module.settings, &module);
    const std::vector<Question> questions = step_questions(lesson, s, result, &module);
    if (reveal) {  // every question answered and revealed: the lines that wait for them show
        s.lesson.question = int(questions.size());
    }
    const StepSpec& spec = *lesson.step(int(step));
    std::string o = problem.empty() ? "" : "The page refuses this file: " + problem + "\n\n";
    o += lesson.step_indicator(int(step)) + ": " + spec.title + "\n";
    if (!spec.watch.empty()) {
        o += "watch:";
        for (const std::string& p : spec.watch) o += " " + p;
        o += "\n";
    }
    o += "\n";
    bool waiting = false;
    for (const LessonLine& line : step_lines(lesson, s, result, &module)) {
        if (line.after_question >= 0 && !question_done(s.lesson, line.after_question)) {
            waiting = true;
            continue;
        }
        o += kind_mark(line.kind) + line.text + "\n";
    }
    if (waiting) o += "  (more appears once the question is answered: add --reveal)\n";
    for (size_t k = 0; k < questions.size(); ++k) {
        const Question& q = questions[k];
        o +=
            "\nPredict (" + std::to_string(k + 1) + " of " + std::to_string(questions.size()) + "): " + q.prompt + "\n";
        for (size_t c = 0; c < q.choices.size(); ++c) {
            o += "  " + std::string(1, char('a' + c)) + ") " + q.choices[c];
            if (reveal && q.correct[c]) o += "   \u2713";
            o += "\n";
            if (reveal && !q.correct[c] && !q.mistakes[c].empty())
                o += "       " + q.mistakes[c] + " [" + q.misconceptions[c] + "]\n";
        }
        if (reveal) o += "  Answer: " + q.answer + "\n  " + q.reason + "\n";
    }
    *out = o;
    return kCliOk;
}

}  // namespace attn
