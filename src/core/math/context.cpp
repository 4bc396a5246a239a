// The weighted sum that turns attention weights into a context vector.
#include "core/math/context.h"

namespace attn {

Vector context_vector(const Vector& weights, const Matrix& values) {
    Vector z(size_t(values.cols), 0.0f);
    for (int i = 0; i < values.rows; ++i) {
        const float w = weights[size_t(i)];
        const float* v = values.row(i);
        for (int c = 0; c < values.cols; ++c) z[size_t(c)] += w * v[c];
    }
    return z;
}

Matrix context_matrix(const Matrix& weights, const Matrix& values) {
    return matmul(weights, values);
}

}  // namespace attn
