// Writes the results straight into one string rather than building a JsonValue tree first: a
// 1024 x 1024 score matrix would otherwise hold a million small strings just to print them once.
#include "core/document/results_json.h"

#include "core/document/json.h"

namespace attn {
namespace {

void write_vector(const Vector& v, std::string* out) {
    out->push_back('[');
    for (size_t i = 0; i < v.size(); ++i) {
        if (i > 0) out->push_back(',');
        write_float_or_string(v[i], out);
    }
    out->push_back(']');
}

// (rows, cols) -> [[row 0],[row 1],...]
void write_matrix(const Matrix& m, std::string* out) {
    out->push_back('[');
    for (int r = 0; r < m.rows; ++r) {
        if (r > 0) out->push_back(',');
        write_vector(m.row_vector(r), out);
    }
    out->push_back(']');
}

// One JSON object written member by member, in the order the calls are made.
class ObjectWriter {
public:
    explicit ObjectWriter(std::string* out) : out_(out) { out_->push_back('{'); }
    void close() { out_->push_back('}'); }

    // Writes `"name":` and returns the string for the caller to append the value to.
    std::string* key(const char* name) {
        if (!first_) out_->push_back(',');
        first_ = false;
        write_json_string(name, out_);
        out_->push_back(':');
        return out_;
    }
    void field(const char* name, const Vector& v) { write_vector(v, key(name)); }
    void field(const char* name, const Matrix& m) { write_matrix(m, key(name)); }

private:
    std::string* out_;
    bool first_ = true;
};

void write_projection(const ProjectionResult& p, std::string* out) {
    ObjectWriter o(out);
    write_uint(p.seed, o.key("seed"));
    write_int(p.d_out, o.key("d_out"));
    o.field("W_query", p.W_query);
    o.field("W_key", p.W_key);
    o.field("W_value", p.W_value);
    o.field("queries", p.queries);
    o.field("keys", p.keys);
    o.field("values", p.values);
    o.field("scores", p.scores);
    o.field("weights", p.weights);
    o.field("context", p.context);
    o.field("score_matrix", p.score_matrix);
    o.field("weight_matrix", p.weight_matrix);
    o.field("context_matrix", p.context_matrix);
    o.close();
}

}  // namespace

std::string results_json(const State& state, const AttentionResult& r) {
    std::string out;
    // Roughly 12 bytes a number; reserving once avoids regrowing a multi-megabyte string.
    const size_t n = state.tokens.size();
    out.reserve(256 + 12 * (3 * n * n + 2 * state.inputs.data.size()));

    ObjectWriter o(&out);
    std::string* tokens = o.key("tokens");
    tokens->push_back('[');
    for (size_t i = 0; i < n; ++i) {
        if (i > 0) tokens->push_back(',');
        write_json_string(state.tokens[i], tokens);
    }
    tokens->push_back(']');
    o.field("inputs", state.inputs);
    write_int(state.query, o.key("query_index"));
    o.field("query", r.query);
    o.field("scores", r.scores);

    ObjectWriter weights(o.key("weights"));
    weights.field("sum", r.weights_sum);
    weights.field("softmax_naive", r.weights_softmax_naive);
    weights.field("softmax", r.weights_softmax);
    weights.close();

    o.field("context", r.context);
    o.field("score_matrix", r.score_matrix);
    o.field("weight_matrix", r.weight_matrix);
    o.field("context_matrix", r.context_matrix);
    if (r.has_projection) {
        write_projection(r.projection, o.key("projection"));
    } else {
        *o.key("projection") += "null";
    }
    o.close();
    return out;
}

}  // namespace attn
