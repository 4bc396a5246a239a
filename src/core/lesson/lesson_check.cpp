// The load-time check of a lesson's questions (lesson_check.h): each step asked on its own setup,
// as the track enters it (questions_as_set_up), and each line against the questions still open
// while it shows (concealment.h decides what a kind covers).
#include "core/lesson/lesson_check.h"

#include <algorithm>
#include <vector>

#include "core/lesson/concealment.h"
#include "core/lesson/quiz.h"

namespace attn {

namespace {

// Whether a placeholder of a lesson line (lesson_values.h) shows a value the concealment covers.
bool shows_covered(const std::string& name, const Concealment& c) {
    if (name == "query" || name == "query_row" || name == "q_ordinal") return c.query_token;
    if (name == "scores" || name == "best" || name == "best_score" || name == "worst" || name == "worst_score")
        return c.covers_scores();
    if (name == "weights" || name == "top" || name == "top_weight") return c.covers_weights();
    if (name == "context") return c.covers_context();
    if (name == "module_output") return c.module_heads || c.module_dropout;  // widths; what dropout kept
    return false;
}

std::string step_name(int number) {
    return "steps[" + std::to_string(number - 1) + "]";
}

// The step asks questions but none on its own setup: what to say, else "".
std::string unaskable(const Lesson& lesson, int number, const std::vector<Question>& asked) {
    const std::vector<std::string>& kinds = lesson.step(number)->questions;
    if (kinds.empty() || !asked.empty()) return "";
    std::string names;
    for (const std::string& kind : kinds) names += (names.empty() ? "\"" : ", \"") + kind + "\"";
    const bool one = kinds.size() == 1;
    return step_name(number) + " asks " + names +
           (one ? " but cannot ask it on step " : " but can ask none of them on step ") + std::to_string(number) +
           "'s setup: what " + (one ? "it asks" : "they ask") +
           " about is missing there (docs/lessons.md lists what each kind needs; attention-cli --lesson FILE --step " +
           std::to_string(number) + " shows the step as the learner reads it)";
}

// A line of the step that names a value a question still open while it shows covers, else "".
// Lines wait for a question by its place among the questions the step asks (as the track counts
// them), so an alternative kind the setup does not ask is not one of them.
std::string giveaway(const Lesson& lesson, int number, const std::vector<Question>& asked) {
    const StepSpec& step = *lesson.step(number);
    for (size_t i = 0; i < step.lines.size(); ++i) {
        const LessonLineSpec& line = step.lines[i];
        // The last of the questions the line gives away: "after" it, the line gives none away (a
        // teacher told "add after: 0" for the first one met the second one next).
        for (int k = int(asked.size()) - 1; k > std::max(line.after, -1); --k) {
            const Concealment covered = covered_by(asked[size_t(k)].id);
            for (const std::string& name : line.text.names)
                if (shows_covered(name, covered))
                    return (line.place.empty() ? "" : line.place + ": ") + step_name(number) + ".lines[" +
                           std::to_string(i) + "] (step " + std::to_string(number) + ") shows {" + name +
                           "} before the step's question " + std::to_string(k + 1) + " (\"" + asked[size_t(k)].id +
                           "\") is answered, which gives its answer away: add \"after\": " + std::to_string(k) +
                           " to the line (it then shows once that question is answered; questions count from 0)";
        }
    }
    return "";
}

}  // namespace

ATTN_LESSON_ENTRY std::string lesson_questions_problem(const Lesson& lesson) {
    // Each step's first problem, reported as the file's reader reports its own.
    std::vector<std::string> problems;
    size_t more = 0;
    for (int number = 1; number <= lesson.step_count(); ++number) {
        const std::vector<Question> asked = questions_as_set_up(lesson, number);
        std::string problem = unaskable(lesson, number, asked);
        if (problem.empty()) problem = giveaway(lesson, number, asked);
        if (problem.empty()) continue;
        if (problems.size() < kMaxReportedProblems)
            problems.push_back(std::move(problem));
        else
            ++more;
    }
    return problem_report(problems, more);
}

}  // namespace attn
