// Predict, then see: while a question or an exercise asks the learner for a value, no panel may
// show it. This names, from the state alone, what is covered right now; every panel, the
// screen-reader mirror and the lesson text consult it, and Reveal (or a right answer) lifts it.
#pragma once
#include <string>
#include <string_view>
#include <tuple>

#include "core/document/state.h"
#include "core/lesson/quiz.h"

namespace attn {

struct Concealment {
    bool query_token = false;    // which token the query is: its highlight, radio, name, arrow tag
    bool score_count = false;    // how many scores the loop makes: torch.empty(n), its slots
    bool scores = false;         // the query's scores (and the score matrix, whose row they are)
    bool weights = false;        // the query's weights, all three normalisations (and the weight matrix)
    bool naive_weights = false;  // the hand-written softmax's weights only
    bool naive_in_use = false;  // ... and they are the weights in use (norm = naive): the weight matrix and context too
    bool context = false;       // the context vector
    bool matrices = false;      // the (n, n) score and weight matrices: their shape and numbers
    bool softmax_dim = false;   // which dim the weights are normalised along
    bool scaling = false;       // how much the sqrt(d_k) division changes the weights
    bool masking = false;       // which keys the causal mask hides
    bool module_layout = false;   // how nn.Linear stores its weight (the book's classes panel)
    bool module_leak = false;     // what masking with 0 leaks
    bool module_dropout = false;  // the weights after dropout
    bool module_heads = false;    // head_dim
    // After chapter 3 (lessons/en/generation.json):
    bool module_cache = false;   // what each KV-cache call scores and keeps
    bool module_groups = false;  // which heads read which key and value group
    bool module_window = false;  // which keys the sliding window lets a token see (the heads' weights too)
    bool module_masks = false;   // how each library writes the mask (its polarity)
    bool angles = false;         // the text version's arrow angles (0° same way, 180° opposite)
    // Shown where values are covered: "Answer the question in the lesson first" and the like.
    std::string reason;
    // The mask routes and the heads' groups covered only because a later step asks about them
    // (cover_later_sections): they say that reason, not the open question's.
    bool masks_for_later = false, groups_for_later = false;
    std::string masks_reason() const;
    std::string groups_reason() const;

    // Which shown values each flag covers, as every panel and the text version decide it: a
    // weight gives away the scores' order, and the context vector is made of the weights.
    bool covers_scores() const { return scores || masking; }
    bool covers_weights() const { return weights || masking; }
    bool covers_context() const { return context || covers_weights() || naive_in_use; }
    bool covers_score_matrix() const { return matrices || covers_scores(); }
    bool covers_weight_matrix() const { return matrices || covers_weights() || naive_in_use; }
    // A class's (n, n) weights: which keys a window keeps or a cache call scores, or, with dropout,
    // what a kept weight becomes.
    bool covers_class_weights() const { return module_window || module_cache || module_dropout; }

    // Covers the same values for the same reason (a lesson action that changes only what is covered,
    // such as Practice's Show the answer, is news for whoever mirrors the numbers).
    auto flags() const {
        return std::tie(query_token, score_count, scores, weights, naive_weights, naive_in_use, context, matrices,
                        softmax_dim, scaling, masking, module_layout, module_leak, module_dropout, module_heads,
                        module_cache, module_groups, module_window, module_masks, angles);
    }
    // (masks_for_later and groups_for_later change only with a flag or the reason.)
    bool operator==(const Concealment& o) const { return flags() == o.flags() && reason == o.reason; }
    bool operator!=(const Concealment& o) const { return !(*this == o); }

    bool any() const {
        return std::apply([](auto... covered) { return (covered || ...); }, flags());
    }
};

// What the open question of the track, or the practice exercise the learner has not solved yet,
// asks to predict. questions: what step_questions() gives for this step (a step may ask none, then
// nothing is covered); each kind covers its own values. practice_solved: the exercise was checked
// right or its answer shown. The reason is in the interface's words (words_scope.h): the panels
// quote it inside their own sentences.
Concealment concealment(const State& state, const std::vector<Question>& questions, bool practice_solved);
// Debug this's planted repeat for repeat_interleave: which heads read which key and value group is
// what its trace asks the learner to judge, so no panel or table lists it while that bug is open.
bool groups_judged_in_trace(const State& state);

// What a question of the kind covers while it is open (no reason given).
Concealment covered_by(std::string_view kind);

// Every value a question could ask about, with the reason: while the lesson's file is on its way,
// a step opened by a link must not show the answer to a question not yet asked.
Concealment conceal_everything(const std::string& reason);

}  // namespace attn
