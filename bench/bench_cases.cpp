// Set-up and one step of work per benchmark case. Inputs are random embeddings in [-1, 1), the
// size a teacher generates for a long sequence; d_out = 64 is a typical head size.
#include "bench_cases.h"

#include "core/document/random_inputs.h"
#include "core/math/attention_steps.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn::bench {
namespace {
constexpr int kDOut = 64;
}

const char* kernel_name(Kernel kernel) {
    switch (kernel) {
        case Kernel::ScoreMatrixLoop:
            return "score_matrix_loop";
        case Kernel::ScoreMatrix:
            return "score_matrix";
        case Kernel::SoftmaxRows:
            return "softmax_rows";
        case Kernel::Context:
            return "context";
        case Kernel::Projections:
            return "projections";
        case Kernel::Full:
            return "full";
        case Kernel::QueryChange:
            return "query_change";
        case Kernel::RowEdit:
            return "row_edit";
        case Kernel::RowEditCausal:
            return "row_edit_causal";
    }
    return "?";
}

std::string Case::name() const {
    return std::string(kernel_name(kernel)) + "/n=" + std::to_string(n) + "/d=" + std::to_string(d);
}

std::vector<Case> all_cases() {
    std::vector<Case> cases;
    for (Kernel k : {Kernel::ScoreMatrixLoop, Kernel::ScoreMatrix, Kernel::SoftmaxRows, Kernel::Context,
                     Kernel::Projections, Kernel::Full, Kernel::QueryChange, Kernel::RowEdit, Kernel::RowEditCausal})
        for (int n : {6, 64, 256, 1024})
            for (int d : {3, 64, 768}) cases.push_back({k, n, d});
    return cases;
}

Runner::Runner(const Case& c) : case_(c) {
    apply_random_inputs(&state_, c.n, c.d, 1);
    state_.projection.enabled = true;
    state_.projection.d_out = kDOut;
    state_.causal = c.kernel == Kernel::RowEditCausal;
    const Matrix& X = state_.inputs;
    scores_ = score_matrix(X);
    weights_ = normalize_rows(scores_, Norm::Softmax);
    context_ = Matrix(c.n, c.d);
    make_projection_weights(123, c.d, kDOut, &W_query_, &W_key_, &W_value_);
    queries_ = keys_ = values_ = Matrix(c.n, kDOut);
    update_attention(&cache_, state_, &result_);
}

void Runner::run() {
    const Matrix& X = state_.inputs;
    const int n = X.rows;
    switch (case_.kernel) {
        case Kernel::ScoreMatrixLoop:
            for (int i = 0; i < n; ++i) {
                const Vector row = score_vector_loop(X, i);
                std::copy(row.begin(), row.end(), scores_.row(i));
            }
            break;
        case Kernel::ScoreMatrix:
            scores_into(X, X, true, false, &scores_);
            break;
        case Kernel::SoftmaxRows: {
            WeightRule softmax;
            weights_into(scores_, softmax, 0, n, &weights_);
            break;
        }
        case Kernel::Context:
            contexts_into(weights_, X, 0, n, &context_);
            break;
        case Kernel::Projections:
            project_into(X, W_query_, 0, n, &queries_);
            project_into(X, W_key_, 0, n, &keys_);
            project_into(X, W_value_, 0, n, &values_);
            break;
        case Kernel::Full:
            compute_attention_into(state_, &result_);
            break;
        case Kernel::QueryChange:
            state_.query = (state_.query + 1) % n;
            update_attention(&cache_, state_, &result_);
            break;
        case Kernel::RowEdit:
        case Kernel::RowEditCausal:
            // The middle token moves back and forth, as under a dragging mouse.
            flip_ ^= 1;
            state_.inputs.at(n / 2, 0) += flip_ ? 0.25f : -0.25f;
            update_attention(&cache_, state_, &result_);
            break;
    }
}

float Runner::checksum() const {
    return scores_.data[0] + weights_.data[0] + context_.data[0] + queries_.data[0] + keys_.data[0] + values_.data[0] +
           result_.context[0];
}

}  // namespace attn::bench
