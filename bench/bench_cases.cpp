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
        case Kernel::ModuleFull:
            return "module_full";
        case Kernel::DecodeStep:
            return "decode_step";
    }
    return "?";
}

std::string Case::name() const {
    return std::string(kernel_name(kernel)) + "/n=" + std::to_string(n) + "/d=" + std::to_string(d);
}

std::vector<Case> all_cases() {
    std::vector<Case> cases;
    for (Kernel k : {Kernel::ScoreMatrixLoop, Kernel::ScoreMatrix, Kernel::SoftmaxRows, Kernel::Context,
                     Kernel::Projections, Kernel::Full, Kernel::QueryChange, Kernel::RowEdit, Kernel::RowEditCausal,
                     Kernel::ModuleFull, Kernel::DecodeStep})
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
    module_ = book_module_settings(AttentionModule::MultiHeadAttention);
    module_.d_out = kDOut;
    module_.batch = 1;
    module_.training = false;
    TorchGenerator gen(module_.seed);
    module_weights_ = create_module(module_, c.d, &gen);
    module_queries_ = linear_forward(module_weights_.query[0], X);
    module_keys_ = linear_forward(module_weights_.key[0], X);
    module_values_ = linear_forward(module_weights_.value[0], X);
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
        case Kernel::ModuleFull: {
            TorchGenerator unused(0);  // eval: no dropout draws
            module_output_ = forward_module(X, module_, module_weights_, &unused).output[0];
            break;
        }
        case Kernel::DecodeStep: {
            // The newest token's projections (one row each), then its one call against the cache.
            Matrix token(1, X.cols);
            std::copy(X.row(n - 1), X.row(n - 1) + X.cols, token.row(0));
            const Matrix q = linear_forward(module_weights_.query[0], token);
            const Matrix k = linear_forward(module_weights_.key[0], token);
            const Matrix v = linear_forward(module_weights_.value[0], token);
            std::copy(q.data.begin(), q.data.end(), module_queries_.row(n - 1));
            std::copy(k.data.begin(), k.data.end(), module_keys_.row(n - 1));
            std::copy(v.data.begin(), v.data.end(), module_values_.row(n - 1));
            CacheInputs in;
            in.queries = &module_queries_;
            in.keys = &module_keys_;
            in.values = &module_values_;
            in.heads = in.kv_heads = module_.heads;
            in.head_dim = kDOut / module_.heads;
            in.out_proj = &module_weights_.out_proj;
            module_output_ = cache_call(in, n - 1, 1, n - 1).output;
            break;
        }
    }
}

float Runner::checksum() const {
    return scores_.data[0] + weights_.data[0] + context_.data[0] + queries_.data[0] + keys_.data[0] + values_.data[0] +
           result_.context[0] + (module_output_.data.empty() ? 0.0f : module_output_.data[0]);
}

}  // namespace attn::bench
