#include "core/math/torch_layers.h"

#include <cmath>
#include <limits>

#include "core/math/normalize.h"

namespace attn {

float uniform_between(TorchGenerator* gen, float lo, float hi) {
    // PyTorch's uniform_real_distribution<float>: the 24-bit fraction in double, scaled, then float.
    const double u = double(gen->next_u32() & 0xffffffu) * std::ldexp(1.0, -24);
    return float(u * double(hi - lo) + double(lo));
}

Linear make_linear(TorchGenerator* gen, int d_in, int d_out, bool bias) {
    Linear layer;
    // kaiming_uniform_(a=sqrt(5)): gain = sqrt(2 / (1 + 5)), bound = sqrt(3) * gain / sqrt(fan_in),
    // computed in double as torch.nn.init does, then used as float32.
    const double gain = std::sqrt(2.0 / (1.0 + 5.0));
    const float bound = float(std::sqrt(3.0) * (gain / std::sqrt(double(d_in))));
    layer.weight = Matrix(d_out, d_in);
    for (float& w : layer.weight.data) w = uniform_between(gen, -bound, bound);
    layer.has_bias = bias;
    if (bias) {
        const float bias_bound = float(1.0 / std::sqrt(double(d_in)));
        layer.bias.resize(size_t(d_out));
        for (float& b : layer.bias) b = uniform_between(gen, -bias_bound, bias_bound);
    }
    return layer;
}

Matrix linear_forward(const Linear& layer, const Matrix& x) {
    const int n = x.rows, d_in = x.cols, d_out = layer.weight.rows;
    Matrix y(n, d_out);
    for (int r = 0; r < n; ++r)
        for (int o = 0; o < d_out; ++o) {
            float sum = 0.0f;
            for (int i = 0; i < d_in; ++i) sum += x.at(r, i) * layer.weight.at(o, i);
            y.at(r, o) = layer.has_bias ? sum + layer.bias[size_t(o)] : sum;
        }
    return y;
}

void dropout_mask(TorchGenerator* gen, double p, int count, float* mask) {
    const float keep_scale = float(1.0 / (1.0 - p));
    for (int k = 0; k < count; ++k) {
        if (p == 0.0) {
            mask[k] = 1.0f;
            continue;
        }
        const uint64_t hi = gen->next_u32();
        const uint64_t lo = gen->next_u32();
        const uint64_t r = (hi << 32) | lo;
        const double u = double(r & ((uint64_t(1) << 53) - 1)) * std::ldexp(1.0, -53);
        mask[k] = u < 1.0 - p ? keep_scale : 0.0f;
    }
}

Matrix mask_scores_causal(const Matrix& scores, int window) {
    Matrix out = scores;
    for (int r = 0; r < out.rows; ++r)
        for (int c = 0; c < out.cols; ++c)
            if (key_hidden(r, c, window)) out.at(r, c) = -std::numeric_limits<float>::infinity();
    return out;
}

Matrix mask_weights_tril(const Matrix& weights, int window) {
    Matrix out = weights;
    for (int r = 0; r < out.rows; ++r)
        for (int c = 0; c < out.cols; ++c)
            if (key_hidden(r, c, window)) out.at(r, c) = 0.0f;
    return out;
}

Matrix normalize_row_sums(const Matrix& weights) {
    Matrix out = weights;
    for (int r = 0; r < out.rows; ++r) {
        float sum = 0.0f;
        for (int c = 0; c < out.cols; ++c) sum += out.at(r, c);
        for (int c = 0; c < out.cols; ++c) out.at(r, c) /= sum;
    }
    return out;
}

Matrix softmax_rows_scaled(const Matrix& scores, float divisor) {
    Matrix scaled = scores;
    for (float& v : scaled.data) v /= divisor;
    return normalize_rows(scaled, Norm::Softmax);
}

}  // namespace attn
