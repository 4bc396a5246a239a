// The incremental update: find what differs from the last state, then rerun each step of
// attention_steps.h over only the rows that difference reaches; anything bigger is a full compute.
#include "core/math/attention_cache.h"

#include <algorithm>
#include <cstring>

#include "core/math/attention_steps.h"

namespace attn {
namespace {

// Patching costs 2 n d per changed embedding in dot_loop's sequential order; a full compute of the
// symmetric score matrix costs n^2 d / 2 vectorised. Past a few rows the full compute wins.
int max_patched_rows(int n) {
    return std::max(2, n / 64);
}

bool same_row(const Matrix& a, const Matrix& b, int r) {
    return std::memcmp(a.row(r), b.row(r), sizeof(float) * size_t(a.cols)) == 0;  // bits: -0 != +0
}

// The first row i from which context rows must be recomputed because embeddings (value rows)
// `changed` moved: row i needs it when some changed r has weight W[i][r] other than exactly 0.
// (0 times a finite value adds exactly nothing, so rows before it keep their bits.)
int first_row_using(const Matrix& W, const std::vector<int>& changed) {
    for (int i = 0; i < W.rows; ++i)
        for (int r : changed)
            if (!(W.at(i, r) == 0.0f)) return i;
    return W.rows;
}

// What one attention (the simple or the projected one) must redo beyond the changed rows.
struct Plan {
    bool scores_full = false;  // the mask changed: every score again
    bool weights_all = false;  // the rule (norm, lab scale, divisor) changed: every weight row again
};

struct BlockChanges {
    bool scores = false;
    bool weights = false;
};

// Brings S = Q @ K.T (masked), W = normalise(S) and C = W @ V of one attention up to date after
// the embeddings in `changed` moved (their rows of Q, K, V already updated). For the simple
// attention Q, K and V are the inputs themselves (symmetric S).
BlockChanges refresh_block(const Matrix& Q, const Matrix& K, const Matrix& V, bool symmetric, bool causal,
                           const WeightRule& rule, const Plan& plan, const std::vector<int>& changed, Matrix* S,
                           Matrix* W, Matrix* C) {
    const int n = S->rows;
    bool scores_changed = false;
    if (plan.scores_full) {
        scores_into(Q, K, symmetric, causal, S);
        scores_changed = true;
    } else {
        for (int r : changed) patch_scores(Q, K, r, causal, S);
        scores_changed = !changed.empty();
    }
    // Weight rows that see a changed score: all of them, or with the mask only rows from the
    // first changed one on (earlier rows have that column at -inf).
    int w_begin = n;
    if (plan.weights_all || plan.scores_full)
        w_begin = 0;
    else if (!changed.empty())
        w_begin = causal ? *std::min_element(changed.begin(), changed.end()) : 0;
    weights_into(*S, rule, w_begin, n, W);
    // Context rows: those whose weights changed, and those that weigh a changed value row.
    int c_begin = w_begin;
    if (!changed.empty()) c_begin = std::min(c_begin, first_row_using(*W, changed));
    contexts_into(*W, V, c_begin, n, C);
    return {scores_changed, w_begin < n};
}

}  // namespace

void AttentionChanges::merge(const AttentionChanges& o) {
    any |= o.any;
    full |= o.full;
    score_matrix |= o.score_matrix;
    weight_matrix |= o.weight_matrix;
    projected_score_matrix |= o.projected_score_matrix;
    projected_weight_matrix |= o.projected_weight_matrix;
    patched_rows += o.patched_rows;
}

AttentionChanges AttentionCache::update(const Matrix& X, const AttentionSettings& next, AttentionResult* result) {
    AttentionChanges changes;
    const int n = X.rows;
    const bool same_shape = valid_ && last_inputs_.rows == n && last_inputs_.cols == X.cols;

    changed_rows_.clear();
    if (same_shape) {
        for (int r = 0; r < n && int(changed_rows_.size()) <= max_patched_rows(n); ++r)
            if (!same_row(last_inputs_, X, r)) changed_rows_.push_back(r);
    }
    if (!same_shape || int(changed_rows_.size()) > max_patched_rows(n)) {
        compute_attention_into(X, next, result);
        last_inputs_ = X;
        last_ = next;
        valid_ = true;
        changes.any = changes.full = changes.score_matrix = changes.weight_matrix = true;
        changes.projected_score_matrix = changes.projected_weight_matrix = next.projection.enabled;
        return changes;
    }

    const std::vector<int>& changed = changed_rows_;
    const bool causal_changed = next.causal != last_.causal;
    const bool rule_changed = next.norm != last_.norm || next.lab_scale != last_.lab_scale;
    const bool proj_on = next.projection.enabled;
    const bool proj_new = proj_on && !(last_.projection == next.projection);  // new W_query, W_key, W_value
    const bool proj_rule_changed = proj_on && (rule_changed || next.scale != last_.scale);
    const bool proj_off = !proj_on && last_.projection.enabled;
    if (changed.empty() && !causal_changed && !rule_changed && next.query == last_.query && !proj_new &&
        !proj_rule_changed && !proj_off)
        return changes;  // labels, lesson step or panels: no number moves

    AttentionResult& r = *result;
    changes.any = true;
    changes.patched_rows = int(changed.size());
    Plan plan;
    plan.scores_full = causal_changed;
    plan.weights_all = rule_changed;
    const BlockChanges simple = refresh_block(X, X, X, true, next.causal, simple_weight_rule(next), plan, changed,
                                              &r.score_matrix, &r.weight_matrix, &r.context_matrix);
    changes.score_matrix = simple.scores;
    changes.weight_matrix = simple.weights;
    compute_query_row(X, next, &r);

    r.has_projection = proj_on;
    if (proj_off) {
        r.projection = ProjectionResult();
    } else if (proj_new) {  // new W_query, W_key, W_value: every projected number changes
        compute_projection(X, next, &r.projection);
        changes.projected_score_matrix = changes.projected_weight_matrix = true;
    } else if (proj_on) {
        ProjectionResult& p = r.projection;
        for (int row : changed) {
            project_into(X, p.W_query, row, row + 1, &p.queries);
            project_into(X, p.W_key, row, row + 1, &p.keys);
            project_into(X, p.W_value, row, row + 1, &p.values);
        }
        p.scale_divisor = scale_divisor(next, p);
        Plan projected = plan;
        projected.weights_all = proj_rule_changed;
        const BlockChanges pc =
            refresh_block(p.queries, p.keys, p.values, false, next.causal, projected_weight_rule(next, p.scale_divisor),
                          projected, changed, &p.score_matrix, &p.weight_matrix, &p.context_matrix);
        changes.projected_score_matrix = pc.scores;
        changes.projected_weight_matrix = pc.weights;
        compute_projected_query_row(next, &p);
    }

    for (int row : changed) std::copy(X.row(row), X.row(row) + X.cols, last_inputs_.row(row));
    last_ = next;
    return changes;
}

}  // namespace attn
