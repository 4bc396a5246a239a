// Shared by the question kinds in quiz.cpp (steps 1-4: query, dot product, loop, alignment),
// quiz_weights.cpp (steps 5-10: normalisation to causal mask) and chapter_steps.cpp (the book's
// classes). Not part of the core's API.
#pragma once
#include <algorithm>
#include <string>
#include <utility>

#include "core/lesson/quiz.h"
#include "core/lesson/token_words.h"
#include "core/math/extremes.h"
#include "core/text/prose_format.h"

namespace attn::quiz_detail {

// What a question kind reads: the catalog, the state and its results, the page's module run.
struct QuizContext {
    const TextCatalog& t;
    const State& s;
    const AttentionResult& r;
    const ModuleRun* module;
};

// The question of a kind under construction: its words come from "q.<kind>.<part>".
struct Ask {
    const QuizContext& c;
    Question q;
    Ask(const QuizContext& context, const char* kind) : c(context) { q.id = kind; }
    std::string say(const char* part, TemplateArgs args = {}) const { return c.t.say("q." + q.id + "." + part, args); }
    // Adds a choice, merging choices whose text coincides for this data (a merged choice is
    // correct if any of its parts is). misconception: the id of docs/misconceptions.md a wrong pick
    // reveals.
    // Each call is a slot, counted whether its choice is added, merged or left out: the order the
    // learner sees is fixed per slot (quiz.cpp's arrange_choices), so the same on any data.
    int next_slot = 0;
    void add(const std::string& text, bool correct, const std::string& mistake, const char* misconception) {
        const int slot = next_slot++;
        for (size_t i = 0; i < q.choices.size(); ++i)
            if (q.choices[i] == text) {
                if (correct) q.correct[i] = true, q.mistakes[i].clear(), q.misconceptions[i].clear();
                return;
            }
        if (q.choices.size() > size_t(kMaxChoiceIndex)) return;
        q.slots.push_back(slot);
        q.choices.push_back(text);
        q.correct.push_back(correct);
        q.mistakes.push_back(correct ? "" : mistake);
        q.misconceptions.push_back(correct ? "" : misconception);
    }
};

// "Token 1" for the built-in "token 1" labels, else "\"journey\" (position 1)".
inline std::string token_name(const TextCatalog& t, const State& s, int i) {
    const std::string& label_text = s.tokens[size_t(i)];
    if (label_text == "token " + std::to_string(i)) return t.say("q.token-name.numbered", {{"i", i}});
    return t.say("q.token-name.labelled", {{"label", t.quoted(label_text)}, {"i", i}});
}

// At most kMaxChoiceIndex + 1 tokens, a window that contains `center`.
inline std::pair<int, int> token_window(int n, int center) {
    const int size = std::min(n, kMaxChoiceIndex + 1);
    const int lo = std::clamp(center - size / 2, 0, n - size);
    return {lo, lo + size};
}

inline float dot_of(const State& s, int i, int j) {
    float total = 0;
    for (int k = 0; k < s.inputs.cols; ++k) total += s.inputs.at(i, k) * s.inputs.at(j, k);
    return total;
}

// Each kind: true when it asks (with *out filled), false when it asks nothing on this data.
using QuestionKind = bool (*)(const QuizContext&, Question*);

// Steps 5-10 (quiz_weights.cpp).
bool sharper(const QuizContext& c, Question* out);
bool naive_overflow(const QuizContext& c, Question* out);
bool context_size(const QuizContext& c, Question* out);
bool matrix_shape(const QuizContext& c, Question* out);
bool softmax_dim(const QuizContext& c, Question* out);
bool scaling_sharpness(const QuizContext& c, Question* out);
bool causal_count(const QuizContext& c, Question* out);
// The book's classes (chapter_steps.cpp).
bool linear_weight_shape(const QuizContext& c, Question* out);
bool zero_mask_leak(const QuizContext& c, Question* out);
bool dropout_kept(const QuizContext& c, Question* out);
bool wrapper_width(const QuizContext& c, Question* out);
bool head_dim(const QuizContext& c, Question* out);
// After chapter 3: the book repository's ch04 (generation_steps.cpp).
bool cache_scores(const QuizContext& c, Question* out);
bool gqa_heads(const QuizContext& c, Question* out);
bool window_keys(const QuizContext& c, Question* out);
bool mask_polarity(const QuizContext& c, Question* out);

}  // namespace attn::quiz_detail
