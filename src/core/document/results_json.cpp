// Writes the results straight into one string rather than building a JsonValue tree first: a
// 1024 x 1024 score matrix would otherwise hold a million small strings just to print them once.
#include "core/document/results_json.h"

#include "core/document/json_writer.h"
#include "core/document/module_json.h"

namespace attn {
namespace {

// A matrix member, or null when the caller asked for vectors only.
void matrix_member(JsonWriter* w, const char* name, const Matrix& m, bool matrices) {
    w->key(name);
    matrices ? w->matrix(m) : w->null();
}

void write_projection(const ProjectionResult& p, bool matrices, JsonWriter* w) {
    w->begin_object();
    w->key("seed").uinteger(p.seed);
    w->key("d_out").integer(p.d_out);
    matrix_member(w, "W_query", p.W_query, matrices);
    matrix_member(w, "W_key", p.W_key, matrices);
    matrix_member(w, "W_value", p.W_value, matrices);
    matrix_member(w, "queries", p.queries, matrices);
    matrix_member(w, "keys", p.keys, matrices);
    matrix_member(w, "values", p.values, matrices);
    w->key("scores").floats(p.scores.data(), p.scores.size());
    w->key("weights").floats(p.weights.data(), p.weights.size());
    w->key("context").floats(p.context.data(), p.context.size());
    matrix_member(w, "score_matrix", p.score_matrix, matrices);
    matrix_member(w, "weight_matrix", p.weight_matrix, matrices);
    matrix_member(w, "context_matrix", p.context_matrix, matrices);
    w->end_object();
}

}  // namespace

std::string results_json(const State& state, const AttentionResult& r, bool matrices, const ModuleResult* module) {
    std::string out;
    // Roughly 12 bytes a number; reserving once avoids regrowing a multi-megabyte string.
    const size_t n = state.tokens.size();
    out.reserve(256 + 12 * (matrices ? 3 * n * n + 2 * state.inputs.data.size() : 8 * n));
    const auto vector = [](JsonWriter& w, const Vector& v) -> JsonWriter& { return w.floats(v.data(), v.size()); };

    JsonWriter w(&out);
    w.begin_object();
    w.key("tokens").strings(state.tokens);
    matrix_member(&w, "inputs", state.inputs, matrices);
    w.key("query_index").integer(state.query);
    vector(w.key("query"), r.query);
    vector(w.key("scores"), r.scores);
    w.key("weights").begin_object();
    vector(w.key("sum"), r.weights_sum);
    vector(w.key("softmax_naive"), r.weights_softmax_naive);
    vector(w.key("softmax"), r.weights_softmax);
    w.end_object();
    vector(w.key("context"), r.context);
    matrix_member(&w, "score_matrix", r.score_matrix, matrices);
    matrix_member(&w, "weight_matrix", r.weight_matrix, matrices);
    matrix_member(&w, "context_matrix", r.context_matrix, matrices);
    w.key("projection");
    if (r.has_projection)
        write_projection(r.projection, matrices, &w);
    else
        w.null();
    w.key("module");
    if (module)
        write_module_json(*module, &w, matrices);
    else
        w.null();
    w.end_object();
    return out;
}

}  // namespace attn
