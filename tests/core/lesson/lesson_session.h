// A lesson session for the core tests: the app's loop in miniature (a committed state, its
// result, the engine synced to it), acting by the intents the panels and the page send.
#pragma once
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builtin/builtin_lesson.h"
#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/lesson/lesson_engine.h"

namespace attn_test {

using namespace attn;

// Whether any text in a JSON view holds `part`, as a reader gets the text (unescaped: a quoted
// "journey" is \"journey\" in the JSON's own text).
inline bool json_says(const JsonValue& v, const std::string& part) {
    if (v.is_string() && v.text.find(part) != std::string::npos) return true;
    for (const JsonValue& item : v.items)
        if (json_says(item, part)) return true;
    for (const auto& member : v.members)
        if (json_says(member.second, part)) return true;
    return false;
}

// The app's loop in miniature: a committed state, its result, and the engine synced to it.
struct Session {
    State state;
    AttentionResult result;
    ModuleRun module;
    LessonEngine lesson;
    std::vector<LessonEvent> events;
    uint64_t version = 0;
    double now_ms = 1000;

    Session() {
        lesson_set(&lesson, &builtin_chapter_lesson());
        load_example("your-journey", &state);
        commit(state);
    }
    void commit(const State& next) {
        REQUIRE(validate_state(next).empty());
        state = next;
        result = compute_attention(state);
        if (state.module.enabled) update_module_run(state.inputs, state.module.settings, &module);
        lesson_sync(&lesson, state, result, &module, ++version);
    }
    void act(LessonAction action, int value = 0, const std::string& text = "") {
        now_ms += 2000;  // two seconds between the learner's acts
        State next = state;
        lesson_apply(&lesson, LessonIntent{action, value, text}, state, result, now_ms, &next, &events);
        commit(next);
    }
    int right_choice() const {
        const Question& q = lesson.questions[size_t(state.lesson.question)];
        for (size_t i = 0; i < q.correct.size(); ++i)
            if (q.correct[i]) return int(i);
        return -1;
    }
    int wrong_choice() const {
        const Question& q = lesson.questions[size_t(state.lesson.question)];
        for (size_t i = 0; i < q.correct.size(); ++i)
            if (!q.correct[i]) return int(i);
        return -1;
    }
    // Answers every question of the current step, right or wrong, revealing each.
    void answer_step(bool right) {
        for (size_t k = 0; k < lesson.questions.size(); ++k) {
            if (k > 0) act(LessonAction::NextQuestion);
            act(LessonAction::Choose, right ? right_choice() : wrong_choice());
            act(LessonAction::Reveal);
        }
    }
    std::vector<std::string> kinds() const {
        std::vector<std::string> out;
        for (const LessonEvent& e : events) out.push_back(e.kind);
        return out;
    }
    int count(const std::string& kind) const {
        int n = 0;
        for (const LessonEvent& e : events) n += e.kind == kind ? 1 : 0;
        return n;
    }
    JsonValue last(const std::string& kind) const {
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (it->kind == kind) return parse_json(it->detail).value;
        FAIL("no " << kind << " event");
        return JsonValue();
    }
};

}  // namespace attn_test
