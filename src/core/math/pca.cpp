// Power iteration never forms the (d, d) covariance: C v = Xc^T (Xc v) / n costs O(n d) per step,
// so 1024 tokens of 1024 dimensions stay cheap. The second axis is iterated with the first
// projected out of it every step (deflation by Gram-Schmidt).
#include "core/math/pca.h"

#include <cmath>

namespace attn {
namespace {

constexpr int kIterations = 200;
constexpr double kConverged = 1e-10;

double norm(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x * x;
    return std::sqrt(s);
}

void remove_component(std::vector<double>* v, const std::vector<double>& unit) {
    double d = 0;
    for (size_t k = 0; k < v->size(); ++k) d += (*v)[k] * unit[k];
    for (size_t k = 0; k < v->size(); ++k) (*v)[k] -= d * unit[k];
}

// y = C v with C the covariance of the centred rows; returns v^T C v (the variance along v).
double apply_covariance(const std::vector<double>& centred, int n, int d, const std::vector<double>& v,
                        std::vector<double>* y) {
    y->assign(size_t(d), 0.0);
    for (int i = 0; i < n; ++i) {
        const double* row = centred.data() + size_t(i) * size_t(d);
        double t = 0;  // (Xc v)_i
        for (int k = 0; k < d; ++k) t += row[k] * v[size_t(k)];
        for (int k = 0; k < d; ++k) (*y)[size_t(k)] += t * row[k];
    }
    double rayleigh = 0;
    for (int k = 0; k < d; ++k) {
        (*y)[size_t(k)] /= double(n);
        rayleigh += (*y)[size_t(k)] * v[size_t(k)];
    }
    return rayleigh;
}

// Unit vector of the largest variance orthogonal to `against` (if given). Returns false when the
// data has no variance in the remaining directions.
bool leading_axis(const std::vector<double>& centred, int n, int d, const std::vector<double>* against,
                  std::vector<double>* axis, double* variance) {
    // Start away from any coordinate axis so symmetric data cannot hide in a zero start component.
    std::vector<double> v(static_cast<size_t>(d)), y;
    for (int k = 0; k < d; ++k) v[size_t(k)] = 1.0 + 0.1 * double(k % 7) + 0.01 * double(k);
    if (against) remove_component(&v, *against);
    double len = norm(v);
    for (double& x : v) x /= len;
    double lambda = 0;
    for (int it = 0; it < kIterations; ++it) {
        lambda = apply_covariance(centred, n, d, v, &y);
        if (against) remove_component(&y, *against);
        len = norm(y);
        if (!(len > 1e-30)) return false;
        double change = 0;
        for (int k = 0; k < d; ++k) {
            const double next = y[size_t(k)] / len;
            change += (next - v[size_t(k)]) * (next - v[size_t(k)]);
            v[size_t(k)] = next;
        }
        if (change < kConverged) break;
    }
    lambda = apply_covariance(centred, n, d, v, &y);
    if (!(lambda > 1e-20)) return false;
    *axis = v;
    *variance = lambda;
    return true;
}

// The coordinate axis least covered by `against` (if given), made orthogonal to it.
std::vector<double> fallback_axis(int d, const std::vector<double>* against) {
    int best = 0;
    for (int k = 1; k < d && against; ++k)
        if (std::fabs((*against)[size_t(k)]) < std::fabs((*against)[size_t(best)])) best = k;
    std::vector<double> v(size_t(d), 0.0);
    v[size_t(best)] = 1.0;
    if (against) remove_component(&v, *against);
    const double len = norm(v);
    for (double& x : v) x /= len;
    return v;
}

// Sign convention: the component of largest magnitude is positive.
void fix_sign(std::vector<double>* v) {
    size_t best = 0;
    for (size_t k = 1; k < v->size(); ++k)
        if (std::fabs((*v)[k]) > std::fabs((*v)[best]) + 1e-12) best = k;
    if ((*v)[best] < 0)
        for (double& x : *v) x = -x;
}

}  // namespace

PcaBasis pca_2d(const Matrix& X) {
    PcaBasis b;
    const int n = X.rows, d = X.cols;
    b.dims = d;
    if (d < 1) return b;
    // Centre the rows in double: the mean direction is not what distinguishes tokens.
    std::vector<double> mean(size_t(d), 0.0), centred(size_t(n) * size_t(d));
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < d; ++k) mean[size_t(k)] += X.at(i, k);
    for (double& m : mean) m /= double(n > 0 ? n : 1);
    double total = 0;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < d; ++k) {
            const double c = double(X.at(i, k)) - mean[size_t(k)];
            centred[size_t(i) * size_t(d) + size_t(k)] = c;
            total += c * c;
        }
    b.total_variance = float(total / double(n > 0 ? n : 1));

    std::vector<double> a0, a1;
    double v0 = 0, v1 = 0;
    if (!leading_axis(centred, n, d, nullptr, &a0, &v0)) a0 = fallback_axis(d, nullptr);
    fix_sign(&a0);
    b.axis[0].assign(a0.begin(), a0.end());
    b.variance[0] = float(v0);
    if (d >= 2) {
        if (!leading_axis(centred, n, d, &a0, &a1, &v1)) a1 = fallback_axis(d, &a0);
        fix_sign(&a1);
        b.axis[1].assign(a1.begin(), a1.end());
        b.variance[1] = float(v1);
    }
    return b;
}

void pca_project(const PcaBasis& basis, const float* x, float* p0, float* p1) {
    double s0 = 0, s1 = 0;
    for (int k = 0; k < basis.dims; ++k) {
        s0 += double(x[k]) * double(basis.axis[0][size_t(k)]);
        if (!basis.axis[1].empty()) s1 += double(x[k]) * double(basis.axis[1][size_t(k)]);
    }
    *p0 = float(s0);
    *p1 = float(s1);
}

void pca_move(const PcaBasis& basis, float d0, float d1, float* x) {
    for (int k = 0; k < basis.dims; ++k) {
        double next = double(x[k]) + double(d0) * double(basis.axis[0][size_t(k)]);
        if (!basis.axis[1].empty()) next += double(d1) * double(basis.axis[1][size_t(k)]);
        x[k] = float(next);
    }
}

}  // namespace attn
