// Shared by the question builders in quiz.cpp (steps 1-4: query, dot product, loop, alignment)
// and quiz_weights.cpp (steps 5-10: normalisation to causal mask). Not part of the core's API.
#pragma once
#include <algorithm>
#include <string>
#include <utility>

#include "core/lesson/quiz.h"
#include "core/lesson/token_words.h"
#include "core/math/extremes.h"
#include "core/text/prose_format.h"

namespace attn::quiz_detail {

// Builds the choice list, merging choices whose text coincides for this data (a merged choice is
// correct if any of its parts is).
struct Choices {
    Question* q;
    void add(const std::string& text, bool correct, const std::string& mistake) {
        for (size_t i = 0; i < q->choices.size(); ++i)
            if (q->choices[i] == text) {
                if (correct) q->correct[i] = true, q->mistakes[i].clear();
                return;
            }
        if (q->choices.size() > size_t(kMaxChoiceIndex)) return;
        q->choices.push_back(text);
        q->correct.push_back(correct);
        q->mistakes.push_back(correct ? "" : mistake);
    }
};

inline Question make(const char* id, std::string prompt) {
    Question q;
    q.id = id;
    q.prompt = std::move(prompt);
    return q;
}

// "Token 1" for the built-in "token 1" labels, else "\"journey\" (position 1)".
inline std::string token_name(const State& s, int i) {
    const std::string& t = s.tokens[size_t(i)];
    if (t == "token " + std::to_string(i)) return "Token " + std::to_string(i);
    return quoted(t) + " (position " + std::to_string(i) + ")";
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

// Steps 5-10 (quiz_weights.cpp).
Question sharper(const AttentionResult& r);
Question naive_overflow(const State& s, const AttentionResult& r);
Question context_size(const State& s, const AttentionResult& r);
Question matrix_shape(const State& s);
Question softmax_dim(const State& s, const AttentionResult& r);
bool scaling_sharpness(const State& s, Question* out);
Question causal_count(const State& s);

}  // namespace attn::quiz_detail
