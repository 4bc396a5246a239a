// Each bug is run for real on the state's data: the correct program and the buggy one side by
// side, step by step. Nothing here is a stored answer.
#include "core/lesson/bug_trace.h"

#include <algorithm>
#include <cmath>

#include "core/document/words_scope.h"
#include "core/lesson/chapter_bugs.h"
#include "core/lesson/generation_bugs.h"
#include "core/math/attention_modules.h"
#include "core/math/context.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"
#include "core/math/torch_rng.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

constexpr double kMaxTraceWork = 32e6;  // multiply-adds: keeps a trace well under a second in wasm

Vector iota(int n) {
    Vector v(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) v[size_t(i)] = float(i);
    return v;
}

float dot_rows(const Matrix& a, int i, const Matrix& b, int j) {
    float total = 0;
    for (int k = 0; k < a.cols; ++k) total += a.at(i, k) * b.at(j, k);
    return total;
}

// The lesson's loop with one of three bugs planted.
void trace_loop(const TextCatalog& tx, Bug bug, const State& state, BugTrace* t) {
    const Matrix& X = state.inputs;
    const int n = X.rows, q = state.query;
    const int q_used = bug == Bug::WrongQuery ? (q > 0 ? q - 1 : (n > 1 ? 1 : 0)) : q;
    const std::string qs = std::to_string(q);

    t->fixed = {"query = inputs[" + qs + "]", "attn_scores = torch.empty(inputs.shape[0])",
                "for i, x_i in enumerate(inputs):", "    attn_scores[i] = torch.dot(x_i, query)", "print(attn_scores)"};
    t->program = t->fixed;
    if (bug == Bug::WrongQuery) {
        t->buggy_line = 0;
        t->program[0] = "query = inputs[" + std::to_string(q_used) + "]";
        t->title = tx.say("bug.wrong-query.title", {{"used", q_used}, {"q", q}});
    } else if (bug == Bug::WrongSlot) {
        t->buggy_line = 3;
        t->program[3] = "    attn_scores[i - 1] = torch.dot(x_i, query)";
        t->title = tx.say("bug.wrong-slot.title");
    } else {
        t->buggy_line = 3;
        t->program[3] = "    attn_scores[i] = torch.dot(x_i, x_i)";
        t->title = tx.say("bug.wrong-pair.title");
    }

    // Run both programs, recording what each step produced.
    Vector slots_expected = iota(n), slots_actual(static_cast<size_t>(n)), dots_expected(static_cast<size_t>(n)),
           dots_actual(static_cast<size_t>(n));
    Vector out_expected(static_cast<size_t>(n)), out_actual(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        dots_expected[size_t(i)] = dot_rows(X, i, X, q);
        dots_actual[size_t(i)] = bug == Bug::WrongPair ? dot_rows(X, i, X, i) : dot_rows(X, i, X, q_used);
        const int slot = bug == Bug::WrongSlot ? (i - 1 + n) % n : i;  // Python's attn_scores[-1] is the last slot
        slots_actual[size_t(i)] = float(slot);
        out_expected[size_t(i)] = dots_expected[size_t(i)];
        out_actual[size_t(slot)] = dots_actual[size_t(i)];
    }
    t->steps.push_back(trace_step(tx.say("bug.step.query-assignment"), tx.say("bug.ask.query-set", {{"q", q}}),
                                  tx.say("bug.what.query-vector"), 0, X.row_vector(q), X.row_vector(q_used)));
    t->steps.push_back(trace_step(tx.say("bug.step.loop-index"), tx.say("bug.ask.slot-i"), tx.say("bug.what.slots"), 3,
                                  slots_expected, slots_actual));
    t->steps.push_back(trace_step(tx.say("bug.step.dot-product"), tx.say("bug.ask.dot-with-query"),
                                  tx.say("bug.what.dots"), 3, dots_expected, dots_actual));
    t->steps.push_back(trace_step(tx.say("bug.step.printed-scores"), tx.say("bug.ask.printed-list"), "attn_scores", 4,
                                  out_expected, out_actual));
    t->expected_output = format_tensor(out_expected);
    t->actual_output = format_tensor(out_actual);

    if (bug == Bug::WrongQuery) {
        t->explanation =
            tx.say("bug.wrong-query.why",
                   {{"used", q_used}, {"used_row", typed_row(X, q_used)}, {"q", q}, {"row", typed_row(X, q)}});
        if (n == 1) t->hidden = tx.say("bug.wrong-query.hidden");
    } else if (bug == Bug::WrongSlot) {
        t->explanation = tx.say("bug.wrong-slot.why");
        t->hidden = tx.say(n == 1 ? "bug.wrong-slot.hidden-one" : "bug.wrong-slot.hidden");
    } else {
        t->explanation = tx.say("bug.wrong-pair.why");
        t->hidden = tx.say("bug.wrong-pair.hidden");
    }
}

void trace_softmax_dim(const TextCatalog& tx, const State& state, BugTrace* t) {
    const Matrix& X = state.inputs;
    const int n = X.rows;
    t->title = tx.say("bug.softmax-dim.title");
    t->fixed = {"attn_scores = inputs @ inputs.T", "attn_weights = torch.softmax(attn_scores, dim=-1)",
                "print(attn_weights.sum(dim=-1))", "all_context_vecs = attn_weights @ inputs",
                "print(all_context_vecs)"};
    t->program = t->fixed;
    t->program[1] = "attn_weights = torch.softmax(attn_scores, dim=0)";
    t->buggy_line = 1;
    const Matrix scores = score_matrix(X);  // (n, n)
    const Matrix by_row = normalize_rows(scores, Norm::Softmax);
    const Matrix by_col = transposed(normalize_rows(transposed(scores), Norm::Softmax));
    const Matrix ctx_expected = matmul(by_row, X), ctx_actual = matmul(by_col, X);  // (n, d)
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.score-matrix"), tx.say("bug.ask.inputs-gram"),
                                         "attn_scores, (n, n)", 0, scores, scores));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.rows-become-weights"),
                                         "attn_weights, (n, n)", 1, by_row, by_col));
    t->steps.push_back(trace_step(tx.say("bug.step.row-sums"), tx.say("bug.ask.rows-sum-to-1"),
                                  "attn_weights.sum(dim=-1)", 2, row_sums(by_row), row_sums(by_col)));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.context-vectors"), tx.say("bug.ask.contexts-match"),
                                         "all_context_vecs, (n, d)", 3, ctx_expected, ctx_actual));
    t->expected_output = format_tensor(ctx_expected);
    t->actual_output = format_tensor(ctx_actual);
    t->explanation = tx.say("bug.softmax-dim.why", {{"sums", vec(row_sums(by_col))}});
    t->hidden = tx.say(n == 1 ? "bug.softmax-dim.hidden-one" : "bug.softmax-dim.hidden");
}

void trace_scale(const TextCatalog& tx, const State& state, BugTrace* t) {
    const Matrix& X = state.inputs;
    const int q = state.query, d_k = state.projection.d_out, d_v = 2 * d_k;
    const std::string seed = std::to_string(state.projection.seed);
    t->title = tx.say("bug.scale-by-values.title");
    t->fixed = {"torch.manual_seed(" + seed + ")",
                "W_query = torch.rand(d_in, " + std::to_string(d_k) + ")   # d_k = " + std::to_string(d_k),
                "W_key   = torch.rand(d_in, " + std::to_string(d_k) + ")",
                "W_value = torch.rand(d_in, " + std::to_string(d_v) + ")   # " +
                    tx.say("bug.scale-by-values.wider", {{"d_v", d_v}}),
                "queries, keys, values = inputs @ W_query, inputs @ W_key, inputs @ W_value",
                "attn_scores = queries @ keys.T",
                "d_k = keys.shape[-1]",
                "attn_weights = torch.softmax(attn_scores / d_k**0.5, dim=-1)",
                "context_vecs = attn_weights @ values",
                "print(context_vecs[" + std::to_string(q) + "])"};
    t->program = t->fixed;
    t->program[6] = "d_k = values.shape[-1]";
    t->buggy_line = 6;

    // The same draws as PyTorch after torch.manual_seed(seed): W_query, W_key, then W_value.
    TorchGenerator gen(state.projection.seed);
    const Matrix W_query = gen.rand(X.cols, d_k), W_key = gen.rand(X.cols, d_k), W_value = gen.rand(X.cols, d_v);
    const Vector query = vector_matmul(X.row_vector(q), W_query);  // (d_k)
    const Matrix keys = matmul(X, W_key);                          // (n, d_k)
    const Matrix values = matmul(X, W_value);                      // (n, d_v)
    const Vector scores = score_vector(keys, query);               // (n)
    const float right = float(std::sqrt(double(d_k))), wrong = float(std::sqrt(double(d_v)));
    Vector s_right(scores.size()), s_wrong(scores.size());
    for (size_t i = 0; i < scores.size(); ++i) s_right[i] = scores[i] / right, s_wrong[i] = scores[i] / wrong;
    const Vector w_right = softmax_stable(s_right), w_wrong = softmax_stable(s_wrong);
    const Vector z_right = context_vector(w_right, values), z_wrong = context_vector(w_wrong, values);
    const std::string qs = std::to_string(q);
    t->steps.push_back(trace_step(tx.say("bug.step.scores"), tx.say("bug.ask.score-row", {{"q", q}}),
                                  "attn_scores[" + qs + "]", 5, scores, scores));
    t->steps.push_back(trace_step(tx.say("bug.step.scale"), tx.say("bug.ask.divisor-d-k"), "d_k**0.5", 6, Vector{right},
                                  Vector{wrong}));
    t->steps.push_back(trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.weights-match"),
                                  "attn_weights[" + qs + "]", 7, w_right, w_wrong));
    t->steps.push_back(trace_step(tx.say("bug.step.context-vector"), tx.say("bug.ask.context-matches"),
                                  "context_vecs[" + qs + "]", 8, z_right, z_wrong));
    t->expected_output = format_tensor(z_right);
    t->actual_output = format_tensor(z_wrong);
    t->explanation =
        tx.say("bug.scale-by-values.why", {{"d_k", d_k}, {"right", num(right)}, {"d_v", d_v}, {"wrong", num(wrong)}});
    t->hidden = tx.say("bug.scale-by-values.hidden");
}

}  // namespace

TraceStep trace_step(std::string name, std::string question, std::string what, int line, Vector expected,
                     Vector actual) {
    TraceStep s;
    s.name = std::move(name);
    s.question = std::move(question);
    s.what = std::move(what);
    s.line = line;
    s.expected = std::move(expected);
    s.actual = std::move(actual);
    return s;
}

TraceStep matrix_trace_step(std::string name, std::string question, std::string what, int line, const Matrix& expected,
                            const Matrix& actual) {
    TraceStep s = trace_step(std::move(name), std::move(question), std::move(what), line, expected.data, actual.data);
    s.rows = expected.rows;
    s.cols = expected.cols;
    return s;
}

bool run_traced_module(const TextCatalog& tx, const Matrix& inputs, const ModuleSettings& m, int width, ModuleResult* r,
                       BugTrace* t) {
    constexpr int kMaxTraceTokens = 64;
    if (inputs.rows > kMaxTraceTokens || inputs.cols > kMaxTraceTokens || width > kMaxTraceTokens) {
        t->error = tx.say("bug.chapter-too-large", {{"max", kMaxTraceTokens}});
        return false;
    }
    *r = run_module(inputs, m);
    if (!r->error.empty()) {
        t->error = tx.say("bug.chapter-cannot-run", {{"error", words_said(r->error)}});  // in the interface's words
        return false;
    }
    return true;
}

void print_last_step(BugTrace* t) {
    const TraceStep& last = t->steps.back();
    Matrix expected(last.rows, last.cols), actual(last.rows, last.cols);
    expected.data = last.expected;
    actual.data = last.actual;
    t->expected_output = format_tensor(expected);
    t->actual_output = format_tensor(actual);
}

bool values_differ(const Vector& expected, const Vector& actual) {
    if (expected.size() != actual.size()) return true;
    for (size_t i = 0; i < expected.size(); ++i) {
        const float e = expected[i], a = actual[i];
        if (std::isnan(e) || std::isnan(a)) {
            if (std::isnan(e) != std::isnan(a)) return true;
            continue;
        }
        if (e == a) continue;
        if (std::isinf(e) || std::isinf(a) || std::fabs(e - a) > 1e-6f * (1.0f + std::fabs(e))) return true;
    }
    return false;
}

int first_divergence(const std::vector<TraceStep>& steps) {
    for (size_t i = 0; i < steps.size(); ++i)
        if (steps[i].diverges) return int(i);
    return -1;
}

BugTrace trace_bug(const TextCatalog& tx, Bug bug, const State& state) {
    BugTrace t;
    t.bug = bug;
    const double n = state.inputs.rows, d = state.inputs.cols, p = state.projection.d_out;
    const double work = bug == Bug::SoftmaxDim      ? n * n * (d + 1)
                        : bug == Bug::ScaleByValues ? n * d * 4 * p + n * 2 * p
                                                    : n * d * 2;
    if (bug == Bug::None) return t;
    if (is_chapter_bug(bug)) {
        trace_chapter_bug(tx, bug, state, &t);
    } else if (is_generation_bug(bug)) {
        trace_generation_bug(tx, bug, state, &t);
    } else if (work > kMaxTraceWork) {
        t.error = tx.say("bug.too-large", {{"work", std::to_string(int64_t(work))}});
        return t;
    }
    switch (bug) {
        case Bug::WrongQuery:
        case Bug::WrongSlot:
        case Bug::WrongPair:
            trace_loop(tx, bug, state, &t);
            break;
        case Bug::SoftmaxDim:
            trace_softmax_dim(tx, state, &t);
            break;
        case Bug::ScaleByValues:
            trace_scale(tx, state, &t);
            break;
        default:  // Bug::None, and the chapter's bugs (above)
            break;
    }
    if (!t.error.empty()) return t;
    for (TraceStep& s : t.steps) s.diverges = values_differ(s.expected, s.actual);
    t.first_divergence = first_divergence(t.steps);
    return t;
}

std::string trace_values_text(const TextCatalog& tx, const Vector& v, int rows, int cols) {
    if (rows <= 0) return vec(v);
    std::string out;
    for (int r = 0; r < rows && r < 3; ++r)
        out += (r ? "\n      " : "") + vec(v.data() + size_t(r) * size_t(cols), cols);
    if (rows > 3) out += "\n      " + tx.say("debug.more-rows", {{"count", rows - 3}});
    return out;
}

TraceWalk trace_walk_of(const BugTrace& t, int judged_count, const std::string& said, int second_look) {
    TraceWalk w;
    w.checked = std::clamp(judged_count, 0, int(t.steps.size()));
    w.found = t.first_divergence >= 0 && w.checked > t.first_divergence;
    w.look_again = !w.found && second_look >= 0 && second_look == w.checked && second_look == t.first_divergence;
    if (w.checked > 0) w.said = said;
    return w;
}

const char* TraceWalk::verdict_id(const BugTrace& t, int k, bool* held) const {
    if (k < 0 || size_t(k) >= said.size() || size_t(k) >= t.steps.size()) return nullptr;
    const bool said_off = said[size_t(k)] == '0';
    *held = said_off == t.steps[size_t(k)].diverges;
    return *held ? (said_off ? "debug.right-off" : "debug.right-fine")
                 : (said_off ? "debug.wrong-off" : "debug.wrong-fine");
}

}  // namespace attn
