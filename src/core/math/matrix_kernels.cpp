// A register-tiled product: each tile keeps 4 x 8 running sums in registers while k runs through
// the whole inner dimension, reading op(B) from packed panels (K, 8) that stay in cache. SIMD lanes
// hold different outputs, never parts of one sum, so no sum is reordered.
#include "core/math/matrix_kernels.h"

#include <algorithm>
#include <cstring>

namespace attn {
namespace {

constexpr int kTileRows = 4;   // rows of C per tile: one broadcast of A[i][k] each
constexpr int kTileCols = 8;   // columns of C per tile: two 4-float SIMD vectors
constexpr int kRowBlock = 64;  // rows of A revisited for every panel while they are still in cache

// Packs op(B) (K, p) into ceil(p / 8) panels of (K, 8): panel t holds columns 8t .. 8t + 7,
// row k at panel[k * 8], zero padded past column p (padded results are never stored).
std::vector<float> pack_panels(const Matrix& B, bool transposed, int K, int p) {
    const int panels = (p + kTileCols - 1) / kTileCols;
    std::vector<float> packed(size_t(panels) * size_t(K) * kTileCols, 0.0f);
    for (int t = 0; t < panels; ++t) {
        float* panel = packed.data() + size_t(t) * size_t(K) * kTileCols;
        const int j0 = t * kTileCols;
        const int width = std::min(kTileCols, p - j0);
        if (transposed) {  // op(B)[k][j] = B[j][k]: column j of op(B) is row j of B
            for (int c = 0; c < width; ++c) {
                const float* b = B.row(j0 + c);
                for (int k = 0; k < K; ++k) panel[size_t(k) * kTileCols + size_t(c)] = b[k];
            }
        } else {
            for (int k = 0; k < K; ++k) {
                const float* b = B.row(k) + j0;
                for (int c = 0; c < width; ++c) panel[size_t(k) * kTileCols + size_t(c)] = b[c];
            }
        }
    }
    return packed;
}

// Four floats as one value: GCC and Clang turn arithmetic on it into SSE on x86 and into wasm
// simd128 under -msimd128. Plain float arrays vectorise too, but GCC 12 then keeps the running
// sums in memory and runs 3x slower; with this type both compilers keep them in registers.
typedef float Float4 __attribute__((vector_size(16)));

inline Float4 load4(const float* p) {
    Float4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// C[i0 + r][j0 + c] for r < R, c < width, summing k = 0 .. k_end - 1 in order. Each lane of
// acc[r][h] is one output's running sum: the vector adds run across outputs, never across k.
template <int R>
void tile(const float* a, size_t lda, const float* panel, int k_end, float* c, size_t ldc, int width) {
    Float4 acc[R][2] = {};
    for (int k = 0; k < k_end; ++k) {
        const Float4 b0 = load4(panel + size_t(k) * kTileCols);
        const Float4 b1 = load4(panel + size_t(k) * kTileCols + 4);
        for (int r = 0; r < R; ++r) {
            const float x = a[size_t(r) * lda + size_t(k)];
            acc[r][0] += x * b0;
            acc[r][1] += x * b1;
        }
    }
    for (int r = 0; r < R; ++r) {
        float out[kTileCols];
        std::memcpy(out, acc[r], sizeof out);
        std::copy(out, out + width, c + size_t(r) * ldc);
    }
}

}  // namespace

void multiply_into(const Matrix& A, const Matrix& B, bool b_transposed, const ProductRange& range, Matrix* C) {
    const int K = A.cols;
    const int p = C->cols;
    const int row_end = range.row_end < 0 ? C->rows : range.row_end;
    if (range.row_begin >= row_end || p == 0) return;
    if (K == 0) {  // an empty sum is 0
        for (int i = range.row_begin; i < row_end; ++i) std::fill(C->row(i), C->row(i) + p, 0.0f);
        return;
    }
    const std::vector<float> packed = pack_panels(B, b_transposed, K, p);
    const int panels = (p + kTileCols - 1) / kTileCols;
    const size_t lda = size_t(K), ldc = size_t(p);

    for (int block = range.row_begin; block < row_end; block += kRowBlock) {
        const int block_end = std::min(row_end, block + kRowBlock);
        for (int t = 0; t < panels; ++t) {
            const int j0 = t * kTileCols;
            const int width = std::min(kTileCols, p - j0);
            const float* panel = packed.data() + size_t(t) * size_t(K) * kTileCols;
            for (int i0 = block; i0 < block_end; i0 += kTileRows) {
                const int rows = std::min(kTileRows, block_end - i0);
                if (range.lower_only && j0 > i0 + rows - 1) continue;  // wholly above the diagonal
                const int k_end = range.a_lower_triangular ? std::min(K, i0 + rows) : K;
                const float* a = A.row(i0);
                float* c = C->row(i0) + j0;
                switch (rows) {
                    case 4:
                        tile<4>(a, lda, panel, k_end, c, ldc, width);
                        break;
                    case 3:
                        tile<3>(a, lda, panel, k_end, c, ldc, width);
                        break;
                    case 2:
                        tile<2>(a, lda, panel, k_end, c, ldc, width);
                        break;
                    default:
                        tile<1>(a, lda, panel, k_end, c, ldc, width);
                        break;
                }
            }
        }
    }
}

void mirror_lower_to_upper(Matrix* m) {
    constexpr int kBlock = 32;  // copy block by block so the column reads stay in cache
    const int n = m->rows;
    for (int i0 = 0; i0 < n; i0 += kBlock) {
        for (int j0 = i0; j0 < n; j0 += kBlock) {
            const int i_end = std::min(n, i0 + kBlock), j_end = std::min(n, j0 + kBlock);
            for (int i = i0; i < i_end; ++i)
                for (int j = std::max(j0, i + 1); j < j_end; ++j) m->at(i, j) = m->at(j, i);
        }
    }
}

}  // namespace attn
