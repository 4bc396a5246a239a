#include "core/document/results_svg.h"

#include <algorithm>
#include <cmath>

#include "core/text/tensor_format.h"

namespace attn {
namespace {

constexpr int kRowHeight = 24;
constexpr int kLabelX = 16, kValuesX = 170, kValueWidth = 64, kBarWidth = 160;
const char* const kFont = "font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"13\"";

std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string px(double v) {
    return std::to_string(int(std::lround(v)));
}

std::string text_at(double x, double y, const std::string& text, const char* extra = "") {
    return "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\"" + extra + ">" + escaped(text) + "</text>\n";
}

const char* norm_words(Norm norm) {
    switch (norm) {
        case Norm::Sum:
            return "divide by the sum";
        case Norm::SoftmaxNaive:
            return "naive softmax";
        case Norm::Softmax:
            return "softmax";
    }
    return "softmax";
}

}  // namespace

std::string results_svg(const State& s, const AttentionResult& r) {
    const bool projected = r.has_projection;
    const Vector& scores = r.shown().scores;
    const Vector& weights = r.shown().weights;
    const Vector& context = r.shown().context;
    const int n = s.inputs.rows, d = s.inputs.cols;
    const int rows = std::min(n, kSvgMaxRows), cols = std::min(d, kSvgMaxColumns);
    const int score_x = kValuesX + cols * kValueWidth + (d > cols ? 24 : 0) + 16;
    const int bar_x = score_x + 90;
    const int width = bar_x + kBarWidth + 90;
    const int top = 64;
    const int height = top + (rows + 1) * kRowHeight + (n > rows ? kRowHeight : 0) + 2 * kRowHeight;

    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + px(width) + "\" height=\"" + px(height) +
                      "\" viewBox=\"0 0 " + px(width) + " " + px(height) + "\" " + kFont + ">\n";
    const std::string query_label = s.query < int(s.tokens.size()) ? s.tokens[size_t(s.query)] : "";
    out += "<title>" +
           escaped("Attention scores for the query \"" + query_label + "\" (inputs[" + std::to_string(s.query) + "])") +
           "</title>\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    out += text_at(kLabelX, 24,
                   "Attention scores for the query \"" + query_label + "\" (inputs[" + std::to_string(s.query) + "])",
                   " font-weight=\"bold\" font-size=\"15\"");
    std::string how = projected ? "scores = queries @ keys.T, weights = " + std::string(norm_words(s.norm)) +
                                      " of scores / sqrt(d_k), context = weights @ values"
                                : "scores = inputs @ query, weights = " + std::string(norm_words(s.norm)) +
                                      ", context = weights @ inputs";
    if (s.causal) how += "; causal mask";
    out += text_at(kLabelX, 44, how, " fill=\"#555555\"");

    // Column heads.
    const int head_y = top + 12;
    out += text_at(kLabelX, head_y, "token", " fill=\"#555555\"");
    for (int c = 0; c < cols; ++c)
        out += text_at(kValuesX + c * kValueWidth, head_y, "x[" + std::to_string(c) + "]", " fill=\"#555555\"");
    out += text_at(score_x, head_y, projected ? "q\u00B7k" : "score", " fill=\"#555555\"");
    out += text_at(bar_x, head_y, "weight", " fill=\"#555555\"");

    const float max_weight = [&] {
        float m = 0;
        for (int i = 0; i < rows; ++i)
            if (std::isfinite(weights[size_t(i)])) m = std::max(m, weights[size_t(i)]);
        return m > 0 ? m : 1.0f;
    }();
    for (int i = 0; i < rows; ++i) {
        const int y = top + (i + 1) * kRowHeight + 12;
        if (i == s.query)
            out += "<rect x=\"8\" y=\"" + px(y - 17) + "\" width=\"" + px(width - 16) + "\" height=\"" +
                   px(kRowHeight - 2) + "\" fill=\"#fbe3d0\"/>\n";
        const std::string label =
            (i < int(s.tokens.size()) ? s.tokens[size_t(i)] : "") + (i == s.query ? " (query)" : "");
        out += text_at(kLabelX, y, std::to_string(i) + " " + label);
        for (int c = 0; c < cols; ++c)
            out += text_at(kValuesX + c * kValueWidth, y, format_fixed(s.inputs.at(i, c), 4));
        if (d > cols) out += text_at(kValuesX + cols * kValueWidth, y, "\u2026");
        out += text_at(score_x, y, format_fixed(scores[size_t(i)], 4));
        const float w = weights[size_t(i)];
        const double bar = std::isfinite(w) ? std::clamp(double(w / max_weight), 0.0, 1.0) * kBarWidth : 0.0;
        out += "<rect x=\"" + px(bar_x) + "\" y=\"" + px(y - 13) + "\" width=\"" + px(bar) +
               "\" height=\"16\" fill=\"#56b4e9\"/>\n";
        out += text_at(bar_x + kBarWidth + 8, y, format_fixed(w, 4));
    }
    int y = top + (rows + 1) * kRowHeight + 12;
    if (n > rows || d > cols) {
        out += text_at(kLabelX, y,
                       "(" + std::to_string(n) + " tokens of " + std::to_string(d) + " dimensions; the first " +
                           std::to_string(rows) + " and " + std::to_string(cols) + " shown)",
                       " fill=\"#555555\"");
        y += kRowHeight;
    }
    std::string ctx = "context = [";
    for (size_t c = 0; c < context.size() && c < size_t(kSvgMaxColumns); ++c)
        ctx += (c ? ", " : "") + format_fixed(context[c], 4);
    ctx += context.size() > size_t(kSvgMaxColumns) ? ", \u2026]" : "]";
    out += text_at(kLabelX, y + kRowHeight, ctx, " font-weight=\"bold\"");
    out += "</svg>\n";
    return out;
}

}  // namespace attn
