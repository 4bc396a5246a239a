// The lesson's words, one function per step. Sentences are fixed; every number is computed from
// the state and its results at the moment the line is built.
#include "core/lesson/step_text.h"

#include <cmath>

#include "core/lesson/chapter_steps.h"
#include "core/lesson/lab.h"
#include "core/lesson/scaling.h"
#include "core/lesson/token_words.h"
#include "core/math/dot.h"
#include "core/math/extremes.h"
#include "core/math/normalize.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

using Lines = std::vector<LessonLine>;

float max_of(const Vector& v) {
    return v.empty() ? 0.0f : v[size_t(argmax(v))];
}

float total(const Vector& v) {
    float t = 0;
    for (float x : v) t += x;
    return t;
}

void step_query(const State& s, Lines* out) {
    const int q = s.query;
    out->push_back({LineKind::Prose,
                    "Attention starts from one token, the query: every token is compared with it. "
                    "You pick the query by its position in the input."});
    out->push_back({LineKind::Code,
                    "query = inputs[" + std::to_string(q) + "]   # the " + ordinal_word(q + 1) + " token, " +
                        label(s, q) + " = " + row(s, q),
                    0});
    out->push_back({LineKind::Prose,
                    "Positions count from zero, as in Python: inputs[0] is the 1st token, so inputs[" +
                        std::to_string(q) + "] is the " + ordinal_word(q + 1) + ".",
                    0});
    out->push_back({LineKind::Prose,
                    "The query stays fixed while the loop runs. Pick another row in Inputs to move it: "
                    "every score changes, because every comparison is made against it."});
}

void step_dot(const State& s, Lines* out) {
    const int q = s.query, d = s.inputs.cols;
    out->push_back({LineKind::Prose,
                    "A dot product multiplies two vectors element by element and adds the products "
                    "into one number."});
    out->push_back({LineKind::Code, "torch.dot(inputs[0], query) = torch.dot(" + row(s, 0) + ", " + row(s, q) + ")"});
    const std::vector<DotStep> steps = dot_steps(s.inputs.row(0), s.inputs.row(q), d);
    for (int k = 0; k < d && k < 6; ++k)
        out->push_back({LineKind::Code,
                        "  inputs[0][" + std::to_string(k) + "]·query[" + std::to_string(k) +
                            "] = " + typed(s.inputs.at(0, k)) + "·" + typed(s.inputs.at(q, k)) + " = " +
                            num(steps[size_t(k)].product) + "    running sum " + num(steps[size_t(k)].running_sum),
                        0});
    if (d > 6) out->push_back({LineKind::Code, "  … " + std::to_string(d - 6) + " more products", 0});
    const float manual = dot_loop(s.inputs.row(0), s.inputs.row(q), d);
    const float library = dot_library(s.inputs.row(0), s.inputs.row(q), d);
    if (manual == library)
        out->push_back(
            {LineKind::Good, "manual loop = " + num(manual) + ", torch.dot = " + num(library) + ": they agree.", 0});
    else
        out->push_back({LineKind::Warn,
                        "manual loop = " + format_scalar(manual) + ", torch.dot = " + format_scalar(library) +
                            ": float32 rounds differently when the sum runs in another order.",
                        0});
    out->push_back({LineKind::Note,
                    "If a manual loop and torch.dot ever disagree, look at the inputs you passed: "
                    "the idea of the dot product is not at fault."});
}

void step_loop(const State& s, const AttentionResult& r, Lines* out) {
    const int n = s.inputs.rows, q = s.query;
    out->push_back({LineKind::Prose,
                    "The loop compares the fixed query with every input token in turn and stores each "
                    "dot product in the slot with the same index. The query is one of the inputs, so "
                    "it is compared with itself too."});
    out->push_back(
        {LineKind::Code, "attn_scores = torch.empty(" + std::to_string(n) + ")   # one slot per row of inputs", 0});
    for (int i = 0; i < n && i < 8; ++i)
        out->push_back({LineKind::Code,
                        "attn_scores[" + std::to_string(i) + "] = torch.dot(inputs[" + std::to_string(i) +
                            "], query) = " + dot_terms(s.inputs.row(i), s.inputs.row(q), s.inputs.cols, 4) + " = " +
                            num(r.scores[size_t(i)]),
                        1});
    if (n > 8) out->push_back({LineKind::Code, "… " + std::to_string(n - 8) + " more slots", 1});
    const int hi = argmax(r.scores), lo = argmin_finite(r.scores);
    out->push_back({LineKind::Prose,
                    std::to_string(n) + (n == 1 ? " token, 1 score. " : " tokens, " + std::to_string(n) + " scores. ") +
                        "Read them as focus: " + label(s, hi) + " relates most to the query (" +
                        num(r.scores[size_t(hi)]) + "), " + label(s, lo) + " least (" + num(r.scores[size_t(lo)]) +
                        ").",
                    1});
}

void step_alignment(const State& s, const AttentionResult& r, Lines* out) {
    out->push_back({LineKind::Prose,
                    "A dot product measures alignment. Pointing the same way, the products share a sign "
                    "and add up; at right angles they cancel; pointing apart, the sum is negative."});
    out->push_back({LineKind::Note,
                    "Drag an arrow head in Embeddings and watch the sign and size of its score follow the "
                    "angle and the lengths."});
    // Among the other tokens: the query's own score says nothing about the others.
    Vector others = r.scores;
    if (others.size() > 1) others[size_t(s.query)] = -INFINITY;
    const int hi = argmax(others);
    if (others.size() > 1) others[size_t(s.query)] = INFINITY;
    const int lo = argmin_finite(others);
    out->push_back({LineKind::Prose,
                    "Compare scores within one query: " + label(s, hi) + " aligns most with " + label(s, s.query) +
                        " (" + num(r.scores[size_t(hi)]) + "), " + label(s, lo) + " least (" +
                        num(r.scores[size_t(lo)]) + ").",
                    0});
}

void step_normalise(const AttentionResult& r, Lines* out) {
    out->push_back({LineKind::Prose,
                    "Scores are easier to read as shares of a whole. Both ways below give weights "
                    "that add up to 1."});
    const float sum = total(r.lab_scores);
    out->push_back({LineKind::Code, "scores        = " + vec(r.lab_scores)});
    out->push_back(
        {LineKind::Code,
         "divide by sum = scores / " + num(sum) + " = " + vec(r.weights_sum) + "   sum " + num(total(r.weights_sum)),
         0});
    out->push_back({LineKind::Code,
                    "softmax       = exp(scores) / Σ exp(scores) = " + vec(r.weights_softmax) + "   sum " +
                        num(total(r.weights_softmax)),
                    0});
    bool sum_ok = sum > 0 && std::isfinite(sum);
    for (float w : r.weights_sum) sum_ok = sum_ok && std::isfinite(w) && w >= 0;
    if (sum_ok)
        out->push_back({LineKind::Prose,
                        "Same order, different distributions: the top score gets " + num(max_of(r.weights_softmax)) +
                            " of the weight under softmax but " + num(max_of(r.weights_sum)) +
                            " under divide-by-sum. Divide-by-sum keeps the "
                            "scores' proportions; softmax exaggerates the gaps and is always positive.",
                        0});
    else
        out->push_back({LineKind::Warn, "Divide-by-sum breaks on these scores: they sum to " + num(sum) +
                                            ", so the weights are " + vec(r.weights_sum) +
                                            ". Softmax still works: exp makes every term positive."});
}

void step_lab(const State& s, const AttentionResult& r, Lines* out) {
    out->push_back({LineKind::Prose,
                    "On small scores the hand-written softmax and torch.softmax agree. Predict what happens "
                    "to large ones, then slide the scale to multiply the scores and find where the "
                    "hand-written one breaks."});
    const SoftmaxLab lab = softmax_lab(r.scores, s.lab_scale, s.tokens);
    // What the lab shows at this scale, the overflow among it: the step's question asks for it.
    for (size_t i = 0; i < lab.explanation.size(); ++i)
        out->push_back({i + 1 < lab.explanation.size() && lab.naive_broken ? LineKind::Warn : LineKind::Prose,
                        lab.explanation[i], 0});
    out->push_back({LineKind::Note,
                    "That is why the library softmax is the one to use: a small example does not test "
                    "robustness, large scores do."});
}

void step_context(const State& s, const AttentionResult& r, Lines* out) {
    const int n = s.inputs.rows;
    out->push_back({LineKind::Prose,
                    "The context vector mixes the inputs, each scaled by its attention weight: "
                    "z = Σ weights[i] · inputs[i]."});
    for (int i = 0; i < n && i < 8; ++i)
        out->push_back({LineKind::Code, "  " + num(r.weights[size_t(i)]) + " · " + row(s, i) + "   # " + label(s, i)});
    if (n > 8) out->push_back({LineKind::Code, "  … " + std::to_string(n - 8) + " more terms"});
    out->push_back({LineKind::Code, "z = " + vec(r.context), 0});
    out->push_back({LineKind::Prose,
                    "z has " + std::to_string(s.inputs.cols) +
                        " numbers, like one input embedding: it is a blend of them, not a list of "
                        "weights.",
                    0});
}

void step_matrix(const State& s, const AttentionResult& r, Lines* out) {
    const int n = s.inputs.rows, d = s.inputs.cols, q = s.query;
    out->push_back({LineKind::Prose,
                    "Every token can be the query. One score vector per query, stacked, is a matrix: "
                    "row i holds query i's scores, column j token j's."});
    out->push_back({LineKind::Code,
                    "attn_scores = inputs @ inputs.T   # (" + std::to_string(n) + ", " + std::to_string(d) + ") @ (" +
                        std::to_string(d) + ", " + std::to_string(n) + ") -> (" + std::to_string(n) + ", " +
                        std::to_string(n) + ")",
                    0});
    const Vector row_q = r.score_matrix.row_vector(q);
    bool same = row_q.size() == r.scores.size();
    for (size_t i = 0; same && i < row_q.size(); ++i)
        same = row_q[i] == r.scores[i] || std::fabs(row_q[i] - r.scores[i]) <= 1e-5f * (1 + std::fabs(r.scores[i]));
    out->push_back({LineKind::Code, "attn_scores[" + std::to_string(q) + "] = " + vec(row_q), 0});
    out->push_back(
        {same ? LineKind::Good : LineKind::Warn,
         same ? "Row " + std::to_string(q) + " is the loop's score vector for query inputs[" + std::to_string(q) + "]."
              : "Row " + std::to_string(q) + " differs from the loop's scores " + vec(r.scores) + ".",
         0});
    Vector row_sums(size_t(n), 0.0f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) row_sums[size_t(i)] += r.weight_matrix.at(i, j);
    out->push_back(
        {LineKind::Code, "attn_weights = torch.softmax(attn_scores, dim=-1)   # row sums " + vec(row_sums), 1});
    out->push_back({LineKind::Prose,
                    "dim=-1 normalises along the last dimension, within each row, so each query's "
                    "weights sum to 1. dim=0 would normalise each column instead.",
                    1});
}

void step_scaling(const State& s, const AttentionResult& r, Lines* out) {
    out->push_back({LineKind::Prose,
                    "The trainable version projects every input with weight matrices: queries = "
                    "inputs @ W_query, keys = inputs @ W_key, and scores = queries @ keys.T."});
    if (!r.has_projection) {
        out->push_back({LineKind::Warn,
                        "The projection is off: turn on W_query, W_key, W_value in Trainable attention "
                        "to see the projected scores."});
    } else {
        const ProjectionResult& p = r.projection;
        out->push_back(
            {LineKind::Code, "d_k = keys.shape[-1] = " + std::to_string(p.keys.cols) + ", scores = " + vec(p.scores)});
        const std::string root = "sqrt(" + std::to_string(p.keys.cols) + ")";
        out->push_back({LineKind::Code,
                        (s.scale ? "weights = softmax(scores / " + root + ") = " : "weights = softmax(scores) = ") +
                            vec(p.weights) + (s.scale ? "   # " + root + " = " + num(p.scale_divisor) : "")});
    }
    out->push_back({LineKind::Prose,
                    "A score sums d_k products, so scores grow with d_k, and softmax of large scores "
                    "gives almost all weight to one token (and tiny gradients to the rest in training). "
                    "Dividing by sqrt(d_k) keeps them in range. The table uses your inputs, query and "
                    "seed:"});
    const ScalingTable t = scaling_table(s);
    if (!t.error.empty()) {
        out->push_back({LineKind::Warn, t.error});
    } else if (t.rows.size() >= 2) {
        const ScalingRow& a = t.rows.front();
        const ScalingRow& b = t.rows.back();
        out->push_back({LineKind::Prose,
                        "Without scaling the top weight goes from " + num(a.max_unscaled) +
                            " at d_out = " + std::to_string(a.d_out) + " to " + num(b.max_unscaled) + " at " +
                            std::to_string(b.d_out) + "; divided by sqrt(d_k) it goes from " + num(a.max_scaled) +
                            " to " + num(b.max_scaled) + ".",
                        0});
    }
}

void step_causal(const State& s, const AttentionResult& r, Lines* out) {
    const int n = s.inputs.rows, q = s.query;
    out->push_back({LineKind::Prose,
                    "Looking ahead to section 3.5: a language model reads left to right, so a token may attend only "
                    "to itself and earlier tokens. The causal mask sets later scores to -inf before "
                    "softmax, and exp(-inf) = 0 gives them weight 0."});
    if (!s.causal) out->push_back({LineKind::Warn, "The causal mask is off: turn it on to see the masked scores."});
    out->push_back({LineKind::Code, "mask = torch.triu(torch.ones(" + std::to_string(n) + ", " + std::to_string(n) +
                                        "), diagonal=1)   # 1 above the diagonal: later tokens"});
    out->push_back({LineKind::Code, "attn_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)"});
    out->push_back({LineKind::Code, "scores  = " + vec(r.scores), 0});
    out->push_back({LineKind::Code, "weights = " + vec(r.weights), 0});
    int visible = 0;
    std::string names;
    for (int j = 0; j < n; ++j)
        if (std::isfinite(r.scores[size_t(j)])) {
            ++visible;
            if (visible <= 8) names += (names.empty() ? "" : ", ") + label(s, j);
        }
    if (visible > 8) names += ", …";
    out->push_back({LineKind::Prose,
                    label(s, q) + " at position " + std::to_string(q) + " attends to " + std::to_string(visible) +
                        (visible == 1 ? " token: " : " tokens: ") + names + ".",
                    0});
}

}  // namespace

bool question_done(const LessonState& lesson, int k) {
    return lesson.question > k || (lesson.question == k && lesson.revealed);
}

std::vector<LessonLine> step_lines(const State& s, const AttentionResult& r, const ModuleRun* module) {
    Lines out;
    switch (s.step) {
        case 1:
            step_query(s, &out);
            break;
        case 2:
            step_dot(s, &out);
            break;
        case 3:
            step_loop(s, r, &out);
            break;
        case 4:
            step_alignment(s, r, &out);
            break;
        case 5:
            step_normalise(r, &out);
            break;
        case 6:
            step_lab(s, r, &out);
            break;
        case 7:
            step_context(s, r, &out);
            break;
        case 8:
            step_matrix(s, r, &out);
            break;
        case 9:
            step_scaling(s, r, &out);
            break;
        case 10:
            step_causal(s, r, &out);
            break;
        default:
            chapter_step_lines(s, module, &out);
            break;
    }
    return out;
}

std::vector<AlignmentRow> alignment_rows(const State& s, const AttentionResult& r, int max_rows) {
    std::vector<AlignmentRow> rows;
    const int q = s.query, d = s.inputs.cols;
    double qq = 0;
    for (int k = 0; k < d; ++k) qq += double(s.inputs.at(q, k)) * s.inputs.at(q, k);
    for (int i = 0; i < s.inputs.rows && i < max_rows; ++i) {
        AlignmentRow row;
        row.token = i;
        double xx = 0;
        for (int k = 0; k < d && k < 6; ++k)
            row.products += (k ? ", " : "") + num(s.inputs.at(q, k) * s.inputs.at(i, k));
        if (d > 6) row.products += ", …";
        for (int k = 0; k < d; ++k) xx += double(s.inputs.at(i, k)) * s.inputs.at(i, k);
        row.dot = r.scores[size_t(i)];
        row.cosine = (qq > 0 && xx > 0) ? float(double(row.dot) / std::sqrt(qq * xx)) : 0.0f;
        if (!std::isfinite(row.dot))
            row.reading = "masked";
        else if (qq == 0 || xx == 0)
            row.reading = "a zero vector: no direction, score 0";
        else if (row.cosine > 0.9999f)
            row.reading = i == q ? "the query itself: same direction" : "same direction: large positive score";
        else if (row.cosine < -0.9999f)
            row.reading = "opposite direction: negative score";
        else if (std::fabs(row.dot) <= 1e-6f * float(std::sqrt(qq * xx)))
            row.reading = "at right angles: the products cancel";
        else if (row.dot > 0)
            row.reading = "partly aligned: positive score";
        else
            row.reading = "pointing partly apart: negative score";
        rows.push_back(row);
    }
    return rows;
}

}  // namespace attn
