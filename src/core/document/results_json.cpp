// Writes the results straight into one string rather than building a JsonValue tree first: a
// 1024 x 1024 score matrix would otherwise hold a million small strings just to print them once.
#include "core/document/results_json.h"

#include "core/document/json_writer.h"

namespace attn {
namespace {

void write_projection(const ProjectionResult& p, JsonWriter* w) {
    w->begin_object();
    w->key("seed").uinteger(p.seed);
    w->key("d_out").integer(p.d_out);
    w->key("W_query").matrix(p.W_query);
    w->key("W_key").matrix(p.W_key);
    w->key("W_value").matrix(p.W_value);
    w->key("queries").matrix(p.queries);
    w->key("keys").matrix(p.keys);
    w->key("values").matrix(p.values);
    w->key("scores").floats(p.scores.data(), p.scores.size());
    w->key("weights").floats(p.weights.data(), p.weights.size());
    w->key("context").floats(p.context.data(), p.context.size());
    w->key("score_matrix").matrix(p.score_matrix);
    w->key("weight_matrix").matrix(p.weight_matrix);
    w->key("context_matrix").matrix(p.context_matrix);
    w->end_object();
}

}  // namespace

std::string results_json(const State& state, const AttentionResult& r) {
    std::string out;
    // Roughly 12 bytes a number; reserving once avoids regrowing a multi-megabyte string.
    const size_t n = state.tokens.size();
    out.reserve(256 + 12 * (3 * n * n + 2 * state.inputs.data.size()));
    const auto vector = [](JsonWriter& w, const Vector& v) -> JsonWriter& { return w.floats(v.data(), v.size()); };

    JsonWriter w(&out);
    w.begin_object();
    w.key("tokens").strings(state.tokens);
    w.key("inputs").matrix(state.inputs);
    w.key("query_index").integer(state.query);
    vector(w.key("query"), r.query);
    vector(w.key("scores"), r.scores);
    w.key("weights").begin_object();
    vector(w.key("sum"), r.weights_sum);
    vector(w.key("softmax_naive"), r.weights_softmax_naive);
    vector(w.key("softmax"), r.weights_softmax);
    w.end_object();
    vector(w.key("context"), r.context);
    w.key("score_matrix").matrix(r.score_matrix);
    w.key("weight_matrix").matrix(r.weight_matrix);
    w.key("context_matrix").matrix(r.context_matrix);
    w.key("projection");
    if (r.has_projection)
        write_projection(r.projection, &w);
    else
        w.null();
    w.end_object();
    return out;
}

}  // namespace attn
