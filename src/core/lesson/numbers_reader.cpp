#include "core/lesson/numbers_reader.h"

#include <algorithm>
#include <cmath>

#include "core/document/json_writer.h"
#include "core/document/words_scope.h"
#include "core/lesson/planted_bugs.h"
#include "core/math/deferred_entry.h"
#include "core/math/mask_comparison.h"
#include "core/text/printf_text.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "core/text/text_template.h"

namespace attn {
namespace {

// A row's header: "2: journey", the token's position first (as the query control lists them).
std::string token_header(const State& s, int i) {
    return std::to_string(i) + ": " + s.tokens[size_t(i)];
}

std::string shape(int rows, int cols) {
    return "(" + std::to_string(rows) + " x " + std::to_string(cols) + ")";
}

// What a long table lists: its first kReaderMaxTokens rows (or columns), and `also` (the query's)
// after them when it is further down.
std::vector<int> listed(int count, int also) {
    std::vector<int> out;
    for (int i = 0; i < std::min(count, kReaderMaxTokens); ++i) out.push_back(i);
    if (also >= kReaderMaxTokens && also < count) out.push_back(also);
    return out;
}

// One table: the listed rows of `rows` (with `also`, the query's row), headers from header(r),
// cells from at(r, c) for c the column's place after the row header, and a note when rows were
// left out.
template <typename Header, typename At>
void write_table(JsonWriter* w, const char* key, const std::string& caption, const std::vector<std::string>& columns,
                 int rows, Header header, At at, std::string note = "", int also = -1) {
    const std::vector<int> shown = listed(rows, also);
    if (int(shown.size()) < rows)
        note = (int(shown.size()) > kReaderMaxTokens
                    ? words_f("The first %d of %d rows, and the query's: a longer table is not read cell by cell.",
                              std::min(rows, kReaderMaxTokens), rows)
                    : words_f("The first %d of %d rows: a longer table is not read cell by cell.",
                              std::min(rows, kReaderMaxTokens), rows)) +
               " " + note;
    w->begin_object().key("key").string(key).key("caption").string(caption).key("columns").strings(columns);
    w->key("rows").begin_array();
    for (int r : shown) {
        w->begin_array().string(header(r));
        for (size_t c = 1; c < columns.size(); ++c) w->string(at(r, int(c) - 1));
        w->end_array();
    }
    w->end_array().key("note").string(tidy_wide_spacing(note)).end_object();  // its sentences joined with " "
}

// A table without numbers: its caption and the note that says why (no shape either: it can be
// what the lesson asks).
void write_withheld(JsonWriter* w, const char* key, const std::string& caption, const std::string& note) {
    w->begin_object().key("key").string(key).key("caption").string(caption).key("columns").begin_array().end_array();
    w->key("rows").begin_array().end_array().key("note").string(tidy_wide_spacing(note)).end_object();
}

// A table the lesson covers: its caption and why.
void write_covered(JsonWriter* w, const char* key, const std::string& caption, const std::string& reason) {
    write_withheld(w, key, caption, words_f("Covered: %s.", reason.c_str()));
}
void write_covered(JsonWriter* w, const char* key, const std::string& caption, const Concealment& hidden) {
    write_covered(w, key, caption, hidden.reason);
}

// Column headers "dim 0", "dim 1", ... after the row headers' column, up to the reader's width.
std::vector<std::string> dim_columns(const std::string& corner, int width) {
    std::vector<std::string> columns = {corner};
    for (int c = 0; c < std::min(width, kReaderMaxWidth); ++c) columns.push_back(words_f("dim %d", c));
    return columns;
}

std::string width_note(int width) {
    return width > kReaderMaxWidth ? words_f("The first %d of %d numbers per row.", kReaderMaxWidth, width) : "";
}

// Before a table that lists the first `shown` of n keys as its columns; "" when it lists them all.
std::string keys_cut_note(int shown, int n) {
    return n > shown ? words_f("The first %d of %d keys.", shown, n) + " " : "";
}

// An (n, n) matrix with token headers both ways; note follows what the table leaves out.
void write_matrix(JsonWriter* w, const char* key, const std::string& caption, const State& s, const Matrix& m,
                  const std::string& corner, const std::string& note = "") {
    const std::vector<int> keys = listed(m.cols, s.query);
    std::vector<std::string> columns = {corner};
    for (int c : keys) columns.push_back(token_header(s, c));
    const std::string cut = width_note(m.cols);
    write_table(
        w, key, caption, columns, m.rows, [&](int r) { return token_header(s, r); },
        [&](int r, int c) { return num_cell(m.at(r, keys[size_t(c)])); },
        cut.empty() || note.empty() ? cut + note : cut + " " + note, s.query);
}

void write_weights(JsonWriter* w, const char* key, const Matrix& m) {
    write_table(
        w, key, std::string(key) + " " + shape(m.rows, m.cols), dim_columns(words("row"), m.cols), m.rows,
        [](int r) { return std::to_string(r); }, [&](int r, int c) { return num_cell(m.at(r, c)); },
        width_note(m.cols));
}

// The query's scores and the three normalisations, as the "Scores to weights" panel lists them.
void write_query(JsonWriter* w, const State& s, const AttentionResult& r, const Concealment& hidden) {
    const bool projected = r.has_projection;
    const AttentionPass& pass = r.shown();
    const Vector& scores = pass.lab_scores;
    const Vector* normalised[] = {&pass.weights_sum, &pass.weights_softmax_naive, &pass.weights_softmax};
    std::string score_title = projected ? "q·k" : words("score");
    const float divisor = projected ? r.projection.scale_divisor : 1.0f;
    if (divisor != 1.0f) score_title += " / √" + num(std::round(divisor * divisor));
    if (s.lab_scale != 1.0f) score_title += " × " + num(s.lab_scale);
    const Norm norms[] = {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax};
    const std::string names[] = {words("÷ sum"), words("naive softmax"), "softmax"};
    std::vector<std::string> columns = {words("key"), score_title};
    for (int k = 0; k < 3; ++k) columns.push_back(names[k] + (s.norm == norms[k] ? words(" (used)") : ""));
    const std::string caption = hidden.query_token
                                    ? words_f("The query inputs[%d] (which token it is: %s): its scores and weights",
                                              s.query, hidden.reason.c_str())
                                    : words_f("The query inputs[%d], \"%s\": its scores and weights", s.query,
                                              s.tokens[size_t(s.query)].c_str());
    // A row per key, the query's among them, would answer step 3's "how many scores?".
    if (hidden.score_count) return write_covered(w, "query", caption, hidden);
    const bool covered[] = {hidden.covers_scores(), hidden.covers_weights(),
                            hidden.covers_weights() || hidden.naive_weights, hidden.covers_weights()};
    const bool any_covered = covered[0] || covered[2];
    write_table(
        w, "query", caption, columns, int(scores.size()), [&](int i) { return token_header(s, i); },
        [&](int i, int c) {
            if (covered[c]) return std::string("?");
            return num_cell(c == 0 ? scores[size_t(i)] : (*normalised[c - 1])[size_t(i)]);
        },
        any_covered ? words_f("Covered (?): %s.", hidden.reason.c_str()) : "", s.query);
}

// What the Embeddings plot draws, in numbers: each token's arrow, its length and its angle to the
// query's (0° the same direction, 90° at right angles, 180° opposite: the score's sign and, with
// the lengths, its size). Covered with the scores, while the question asks which token the query
// is (its own angle is 0°), and while step 4 asks what a negative score says.
void write_arrows(JsonWriter* w, const State& s, const Concealment& hidden) {
    const std::string caption = words("Embeddings as arrows: each token's length and its angle to the query");
    if (hidden.query_token || hidden.covers_scores() || hidden.angles)
        return write_covered(w, "arrows", caption, hidden);
    const int d = s.inputs.cols;
    const auto dot = [&](int a, int b) {
        double sum = 0;
        for (int k = 0; k < d; ++k) sum += double(s.inputs.at(a, k)) * double(s.inputs.at(b, k));
        return sum;
    };
    const double query_length = std::sqrt(dot(s.query, s.query));
    write_table(
        w, "arrows", caption, {words("token"), words("length"), words("angle to the query")}, s.inputs.rows,
        [&](int i) { return token_header(s, i); },
        [&](int i, int c) {
            const double length = std::sqrt(dot(i, i));
            if (c == 0) return format_fixed(float(length), 4);
            if (length == 0 || query_length == 0 || !std::isfinite(length * query_length)) return std::string("-");
            const double cosine = std::clamp(dot(i, s.query) / (length * query_length), -1.0, 1.0);
            return format_fixed(float(std::acos(cosine) * 180.0 / 3.14159265358979323846), 1) + "\u00b0";
        },
        "", s.query);
}

void write_context(JsonWriter* w, const AttentionResult& r, const Concealment& hidden) {
    const Vector& context = r.shown().context;
    const std::string caption = r.has_projection ? words("The context vector: weights @ values")
                                                 : words("The context vector: weights @ inputs");
    if (hidden.covers_context()) return write_covered(w, "context", caption, hidden);
    write_table(
        w, "context", caption, dim_columns(words("vector"), int(context.size())), 1,
        [](int) { return std::string("context"); }, [&](int, int c) { return num_cell(context[size_t(c)]); },
        width_note(int(context.size())));
}

// A multi-head class's weights, head by head, as the panel's grids show them: (n, n) each, after
// dropout when the class trains, for the first batch element (the copies differ by dropout alone).
void write_head_weights(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    if (!is_multi_head(m.settings.module) || m.batches.empty()) return;
    const std::vector<HeadTrace>& heads = m.batches[0];
    for (size_t h = 0; h < heads.size() && h < size_t(kReaderMaxHeads); ++h) {
        std::string caption = words_f("Head %d's weights, a row per query, a column per key", int(h));
        if (m.batches.size() > 1) caption += words(", batch element 0");
        if (heads.size() > size_t(kReaderMaxHeads))
            caption += words_f(" (the first %d of %d heads)", kReaderMaxHeads, int(heads.size()));
        // Which keys a token weighs is the answer; or, with dropout, what a kept weight becomes.
        if (hidden.covers_class_weights())
            write_covered(w, "head_weights", caption, hidden);
        else
            write_matrix(w, "head_weights", caption, s, heads[h].weights_dropped, words("query \\ key"));
    }
}

// A single-head class's weights (v1, v2, CausalAttention), after dropout when training: the
// multi-head classes list theirs head by head.
void write_single_head_weights(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    if (is_multi_head(m.settings.module) || m.batches.empty() || m.batches[0].empty()) return;
    const HeadTrace& t = m.batches[0][0];
    std::string caption = t.has_dropout ? words("Attention weights after dropout, a row per query, a column per key")
                                        : words("Attention weights, a row per query, a column per key");
    if (m.batches.size() > 1) caption += words(", batch element 0");
    if (hidden.covers_class_weights())
        write_covered(w, "module_weights", caption, hidden);
    else
        write_matrix(w, "module_weights", caption, s, t.weights_dropped, words("query \\ key"));
}

// How PyTorch's scaled_dot_product_attention is called for a mask style (the book's own route is
// masked_fill, the table's reference).
const char* sdpa_call(MaskStyle style) {
    switch (style) {
        case MaskStyle::SdpaBool:
            return "F.scaled_dot_product_attention(q, k, v, attn_mask=~mask)";
        case MaskStyle::Additive:
            return "F.scaled_dot_product_attention(q, k, v, attn_mask=bias)";
        case MaskStyle::IsCausal:
            return "F.scaled_dot_product_attention(q, k, v, is_causal=True)";
        case MaskStyle::Book:
            break;
    }
    return "scores.masked_fill(mask, -torch.inf)";
}

// The masks' padded batch (module.pads > 0), as the panel draws it: which keys each sentence's
// key_padding_mask ignores, and sentence 2's weights (its pads first, then its tokens).
void write_padded_batch(JsonWriter* w, const State& s, const ModuleResult& m, const MaskComparison& v) {
    const int n = v.padded_weights.rows, pads = v.pads, shown = std::min(n, kReaderMaxTokens);
    const auto label = [&](int i) {
        return std::to_string(i) + ": " + (i < pads ? std::string("[pad]") : s.tokens[size_t(i - pads)]);
    };
    // A long sentence lists its first keys, as its rows, and says so.
    const std::string cut = keys_cut_note(shown, n);
    std::vector<std::string> keys = {words("sentence \\ key")};
    for (int i = 0; i < shown; ++i) keys.push_back(std::to_string(i));
    write_table(
        w, "key_padding_mask", words("key_padding_mask (True = ignored)"), keys, 2,
        [](int r) { return words_f("sentence %d", r + 1); },
        [&](int r, int c) {
            return v.key_padding_mask[size_t(r * n + c)] ? std::string("True") : std::string("False");
        },
        cut + words_f("Sentence 2: pads at positions %s, then sentence 1's tokens %s.",
                      position_span(0, pads - 1).c_str(), position_span(0, n - pads - 1).c_str()));
    std::vector<std::string> columns = {words("query \\ key")};
    for (int i = 0; i < shown; ++i) columns.push_back(label(i));
    const bool windowed = m.settings.module == AttentionModule::SlidingWindowAttention;
    write_table(
        w, "padded_weights",
        words_f("Sentence 2, head 0's weights: masked_fill(%s | key_padding_mask, -inf), a key hidden by either mask",
                windowed ? "window_mask" : "causal_mask"),
        columns, n, label, [&](int r, int c) { return num_cell(v.padded_weights.at(r, c)); },
        cut +
            words_f("Its tokens get exactly the weights they get alone: largest difference %g. The pads take no weight "
                    "and change nothing.",
                    double(v.alone_difference)) +
            " " +
            words_f("A pad's own query sees no key: the book's softmax of all -inf gives %s, while "
                    "scaled_dot_product_attention returns %s (its safe softmax, PyTorch 2.5 on; NaN before).",
                    v.book_nan ? "NaN (0 / 0)" : words("numbers").c_str(),
                    v.sdpa_zero ? words("zeros").c_str() : words("numbers").c_str()));
}

// Masking (3.5.1) the other ways, for head 0: each route's largest difference from the book's
// weights (masked_fill(mask, -inf), then softmax). Masked classes only; the classes with the masks'
// view add the ways libraries write the mask, the padded batch and the planted polarity bug.
void write_mask_routes(JsonWriter* w, const State& s, const ModuleResult& m, const HeadTrace& t,
                       const Concealment& hidden) {
    const bool band = m.settings.module == AttentionModule::SlidingWindowAttention;
    const bool routes = has_mask_routes(m.settings.module);
    const std::string caption = words(
        "Masking head 0 other ways: the largest difference from the book's weights, "
        "masked_fill(mask, -inf) then softmax");
    if (hidden.module_window || (routes && hidden.module_masks))                    // which keys are kept; the polarity
        return write_covered(w, "mask_routes", words("Masking head 0 other ways"),  // (neutral, as the panel)
                             hidden.module_window ? hidden.reason : hidden.masks_reason());
    std::vector<std::pair<std::string, float>> rows;
    rows.push_back({band ? words("softmax, then \u00d7 the band's 0/1, then \u00f7 row sums")
                         : words("softmax, then \u00d7 tril(ones), then \u00f7 row sums"),
                    largest_difference(t.masked_simple_norm, t.weights)});
    std::string note;
    const MaskComparison v = routes ? compare_mask_routes(m) : MaskComparison{};
    if (routes) {
        for (size_t i = 0; i < v.routes.size() && i < v.differences.size(); ++i)
            rows.push_back({sdpa_call(v.routes[i]), v.differences[i]});
        note =
            words("The book's mask is True where a key is hidden; SDPA's boolean attn_mask is True where it is kept.");
    }
    write_table(
        w, "mask_routes", caption, {words("route"), words("largest difference")}, int(rows.size()),
        [&](int r) { return rows[size_t(r)].first; },
        [&](int r, int) { return printf_text("%.1e", double(rows[size_t(r)].second)); }, note);
    if (v.pads > 0) write_padded_batch(w, s, m, v);
    if (!routes) return;
    // The panel's checkbox "plant the bug: mask as attn_mask", in the reader's "Break it on purpose".
    write_matrix(w, "planted:sdpa-polarity", words("plant the bug: mask as attn_mask"), s, v.polarity_bug,
                 words("query \\ key"),
                 words("attn_mask=mask: True now means kept") + ". " +
                     (band ? words("Each token attends to exactly the keys it should not see, and no longer to itself. "
                                   "SDPA's boolean mask says which keys to keep: pass ~mask.")
                           : words("Each token attends to exactly the keys it should not see, and no longer to itself; "
                                   "the last token sees nothing. SDPA's boolean mask says which keys to keep: pass "
                                   "~mask.")));
}

// Dropout (3.5.2), head 0: the mask the weights were multiplied by, and their row sums after it.
void write_dropout(JsonWriter* w, const State& s, const ModuleResult& m, const HeadTrace& t,
                   const Concealment& hidden) {
    if (!t.has_dropout) return;
    const float keep = float(1.0 / (1.0 - m.settings.dropout));
    const std::string caption = words_f("Dropout (3.5.2), p = %s: head 0's mask, 0 or 1 / (1 - p)",
                                        format_fixed(float(m.settings.dropout), 2).c_str());
    if (hidden.module_dropout)  // what a kept weight becomes: not even the mask's values, as the panel
        return write_covered(w, "dropout_mask",
                             words_f("Dropout (3.5.2), p = %s", format_fixed(float(m.settings.dropout), 2).c_str()),
                             hidden);
    const std::string sums = format_fixed_list(row_sums(t.weights_dropped), 2, kReaderMaxTokens);
    write_matrix(w, "dropout_mask", caption + " = " + format_fixed(keep, 2), s, t.dropout_mask, words("query \\ key"),
                 words_f("The weights' row sums after it: %s. No longer 1: dropout rescales the survivors so the "
                         "expected sum stays 1.",
                         sums.c_str()));
}

// Grouped-query attention: which heads read each key and value group (repeat_interleave).
void write_groups(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    if (m.settings.module != AttentionModule::GroupedQueryAttention) return;
    const int groups = m.settings.kv_groups, size = m.settings.heads / groups;
    const std::string caption =
        words_f("Grouped-query attention, num_kv_groups = %d: the heads that read each key and value group", groups);
    if (hidden.module_groups) return write_covered(w, "kv_groups", caption, hidden.groups_reason());
    if (groups_judged_in_trace(s))  // Debug this asks it: no question's reason, the trace's own words
        return write_withheld(w, "kv_groups", caption,
                              words("Which heads read which key and value group: for you to judge in the trace."));
    write_table(
        w, "kv_groups", caption, {words("group"), words("heads")}, groups, [](int g) { return std::to_string(g); },
        [&](int g, int) { return position_span(g * size, g * size + size - 1); },
        groups == 1                  ? words("One group is multi-query attention.")
        : groups == m.settings.heads ? words("One group per head is multi-head attention.")
                                     : "");
}

// Sliding-window attention: which keys each query's window keeps (the band mask).
void write_window(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    if (m.settings.module != AttentionModule::SlidingWindowAttention) return;
    const int window = m.settings.window;
    const std::string caption =
        words_f("Sliding window W = %d: the keys each query sees, mask (diff < 0) | (diff >= %d)", window, window);
    if (hidden.module_window)  // the mask's formula is the answer: not in the caption either
        return write_covered(w, "window_mask", words_f("Sliding window W = %d", window), hidden);
    const std::vector<int> keys = listed(m.n, s.query);
    std::vector<std::string> columns = {words("query \\ key")};
    for (int c : keys) columns.push_back(token_header(s, c));
    write_table(
        w, "window_mask", caption, columns, m.n, [&](int r) { return token_header(s, r); },
        [&](int r, int c) {
            const int diff = r - keys[size_t(c)];
            return diff < 0 || diff >= window ? words("hidden") : words("seen");
        },
        words_f("diff = query position - key position: each token sees itself and the %d before it.", window - 1),
        s.query);
}

// MultiHeadAttention's (and the classes after it) shape tracer: the keys (GQA: the queries) split
// into heads.
void write_shapes(JsonWriter* w, const ModuleResult& m, const Concealment& hidden) {
    const ModuleSettings& ms = m.settings;
    if (!is_multi_head(ms.module) || ms.module == AttentionModule::MultiHeadWrapper) return;
    const char* what = ms.module == AttentionModule::GroupedQueryAttention ? "queries" : "keys";
    const std::string caption = words_f("head_dim = d_out / num_heads: %s split into heads", what);
    if (hidden.module_heads)  // how wide a head is: the panel's neutral title
        return write_covered(w, "head_shapes", words("head_dim and the shape tracer"), hidden);
    const int b = ms.batch, n = m.n, h = ms.heads, hd = m.head_dim;
    const std::string rows[][2] = {
        {what, printf_text("(%d, %d, %d)", b, n, ms.d_out)},
        {".view(b, n, num_heads, head_dim)", printf_text("(%d, %d, %d, %d)", b, n, h, hd)},
        {".transpose(1, 2)", printf_text("(%d, %d, %d, %d)", b, h, n, hd)},
    };
    write_table(
        w, "head_shapes", caption, {words("step"), words("shape")}, 3, [&](int r) { return rows[r][0]; },
        [&](int r, int) { return rows[r][1]; },
        words_f("head_dim = %d / %d = %d; the scores are divided by sqrt(head_dim).", ms.d_out, h, hd));
}

// The bugs the classes panel plants when a learner ticks one, all listed (the page groups the
// "planted:" tables under "Break it on purpose"): head 0's weights with the bug, or which token
// each head's rows hold, and what went wrong. Covered while the lesson asks what the bug shows.
void write_planted_bugs(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    static const struct {
        PlantedBug bug;
        const char* key;
    } kBugs[] = {
        {PlantedBug::ZeroMask, "planted:zero-mask"},       {PlantedBug::FlippedMask, "planted:flipped-mask"},
        {PlantedBug::WrongDim, "planted:wrong-dim"},       {PlantedBug::UnscaledDropout, "planted:unscaled-dropout"},
        {PlantedBug::NoTranspose, "planted:no-transpose"}, {PlantedBug::WrongScale, "planted:wrong-scale"}};
    for (const auto& b : kBugs) {
        const PlantedBugView v = planted_bug(b.bug, m, 0, s.tokens);
        if (!v.offered || (!v.weights && v.rows_hold.empty())) continue;
        const std::string caption = words_said(v.label);
        const bool asked =
            hidden.module_window || hidden.module_cache || (b.bug == PlantedBug::ZeroMask && hidden.module_leak) ||
            (b.bug == PlantedBug::FlippedMask && hidden.module_masks) ||
            (b.bug == PlantedBug::UnscaledDropout && hidden.module_dropout) ||
            ((b.bug == PlantedBug::NoTranspose || b.bug == PlantedBug::WrongScale) && hidden.module_heads);
        if (asked) {
            // As the panel: the 0 fill's checkbox stays beside its covered leak; the others' sections
            // (and their labels, which would name what is asked) are not drawn while asked.
            if (b.bug == PlantedBug::ZeroMask) write_covered(w, b.key, caption, hidden);
            continue;
        }
        const std::string says = words_said(v.says);
        if (v.weights) {
            write_matrix(w, b.key, caption, s, *v.weights, words("query \\ key"), words_said(v.caption) + ". " + says);
            continue;
        }
        // Which token each of a head's rows holds: a row per head, a column per row position.
        const int n = int(v.rows_hold[0].size());
        std::vector<std::string> columns = {words("head \\ row")};
        for (int i = 0; i < n && i < kReaderMaxTokens; ++i) columns.push_back(std::to_string(i));
        write_table(
            w, b.key, caption, columns, int(v.rows_hold.size()), [](int h) { return std::to_string(h); },
            [&](int h, int i) { return token_header(s, v.rows_hold[size_t(h)][size_t(i)]); },
            words("Each cell: the token whose numbers that row of the head holds.") + " " + says);
    }
}

// What the classes panel draws beside the output, as tables: the weights of a single-head class,
// masking the other ways, the dropout mask, the shapes of the heads, the groups and the window.
// Head 0 of batch element 0, as the panel. Only with a run of the classes, so in the deferred code.
ATTN_DEFERRED_ENTRY void write_module_sections(JsonWriter* w, const State& s, const ModuleResult& m,
                                               const Concealment& hidden) {
    if (m.batches.empty() || m.batches[0].empty()) return;
    const HeadTrace& t = m.batches[0][0];
    write_single_head_weights(w, s, m, hidden);
    write_shapes(w, m, hidden);
    write_groups(w, s, m, hidden);
    write_window(w, s, m, hidden);
    if (m.settings.causal || has_dropout_layer(m.settings.module))
        write_mask_routes(w, s, m, t, hidden);  // as the panel
    write_dropout(w, s, m, t, hidden);
    write_planted_bugs(w, s, m, hidden);
}

// Head 0's weights call by call, as the panel steps through them with < and >: a row per query a
// call decodes (its new positions), a column per key; a key the call does not score is blank.
void write_decode_weights(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    const std::vector<CacheCall>& calls = m.decode.calls;
    const std::string caption = is_multi_head(m.settings.module)
                                    ? words("Head 0's weights, call by call: a row per new query, a column per key")
                                    : words("The weights, call by call: a row per new query, a column per key");
    if (hidden.covers_class_weights()) return write_covered(w, "decode_weights", caption, hidden);
    std::vector<std::pair<size_t, int>> rows;  // (call, its query's place in the call)
    for (size_t c = 0; c < calls.size(); ++c)
        for (int i = 0; i < calls[c].count; ++i) rows.push_back({c, i});
    const int shown = std::min(m.n, kReaderMaxTokens);
    std::vector<std::string> columns = {words("call: query \\ key")};
    for (int k = 0; k < shown; ++k) columns.push_back(token_header(s, k));
    const std::string cut = keys_cut_note(shown, m.n);
    write_table(
        w, "decode_weights", caption, columns, int(rows.size()),
        [&](int r) {
            const CacheCall& call = calls[rows[size_t(r)].first];
            return words_f("call %d: %s", int(rows[size_t(r)].first) + 1,
                           token_header(s, call.first + rows[size_t(r)].second).c_str());
        },
        [&](int r, int key) {
            const CacheCall& call = calls[rows[size_t(r)].first];
            if (key < call.key_first || key >= call.key_first + call.key_count) return std::string();
            return num_cell(call.weights[0].at(rows[size_t(r)].second, key - call.key_first));
        },
        cut + words("A blank cell: a key the call does not score (not in the cache yet, or out of the window).") +
            (m.decode_vs_full.equal_bits ? " " + words("Each row is the full pass's row, bit for bit.") : ""));
}

// Decode mode: one row per forward(x, use_cache=True) call, then head 0's weights call by call.
// Deferred, as the class that decodes is (its numbers exist once the deferred code has run).
ATTN_DEFERRED_ENTRY void write_decoding(JsonWriter* w, const State& s, const ModuleResult& m,
                                        const Concealment& hidden) {
    if (hidden.module_cache || hidden.module_window)  // how many keys a call scores, or which
        return write_covered(w, "decode", words("Decoding with the KV cache: each call"), hidden);
    // Decode mode: one row per forward(x, use_cache=True) call (the cache's own numbers are the
    // panel's grids; these are what each call did and kept).
    const std::vector<CacheCall>& calls = m.decode.calls;
    const auto span = [](int first, int count) { return position_span(first, first + count - 1); };
    const long long heads = m.batches.empty() ? 1 : (long long)m.batches[0].size();
    write_table(
        w, "decode", words("Decoding with the KV cache: each call"),
        {words("call"), words("new positions"), words("keys scored"), words("scores, all heads"), words("cache rows")},
        int(calls.size()), [](int r) { return std::to_string(r + 1); },
        [&](int r, int c) {
            const CacheCall& k = calls[size_t(r)];
            if (c == 0) return span(k.first, k.count);
            if (c == 1) return span(k.key_first, k.key_count);
            if (c == 2) return std::to_string(heads * k.count * k.key_count);
            return std::to_string(k.cache_rows);
        },
        m.decode_vs_full.equal_bits
            ? words_f("The decoded rows equal the full pass's output bit for bit; %lld scores in all, %lld in one "
                      "full pass.",
                      (long long)m.decode.scores_computed, heads * m.n * m.n)
            : words("The decoded rows differ from the full pass's."));
    write_decode_weights(w, s, m, hidden);
}

// The classes' tables, once they have run (their numbers exist only then, so the code that reads
// them is deferred with theirs).
ATTN_DEFERRED_ENTRY void write_module_tables(JsonWriter* w, const State& s, const ModuleResult& m,
                                             const Concealment& hidden) {
    const std::string name = module_class(m.settings.module);
    for (size_t b = 0; b < m.output.size(); ++b) {
        const Matrix& out = m.output[b];
        std::string caption = m.output.size() > 1 ? words_f("%s output, batch element %d", name.c_str(), int(b))
                                                  : words_f("%s output", name.c_str());
        if (hidden.module_heads || hidden.module_dropout) {  // a head's width; what dropout made of the rows
            write_covered(w, "module", caption, hidden);
            continue;
        }
        write_table(
            w, "module", caption + " " + shape(out.rows, out.cols), dim_columns(words("token"), out.cols), out.rows,
            [&](int r) { return r < s.inputs.rows ? token_header(s, r) : std::to_string(r); },
            [&](int r, int c) { return num_cell(out.at(r, c)); }, width_note(out.cols));
    }
    write_head_weights(w, s, m, hidden);
    write_module_sections(w, s, m, hidden);
    if (m.settings.decode && !hidden.module_heads) write_decoding(w, s, m, hidden);
}

// The classes' output, or why there is none: refused settings, or their code still on its way
// (then no deferred function may run).
void write_module(JsonWriter* w, const State& s, const ModuleResult& m, const Concealment& hidden) {
    if (m.error.empty()) return write_module_tables(w, s, m, hidden);
    write_withheld(w, "module", words_f("%s output", module_class(m.settings.module)), words_said(m.error));
}

void write_controls(JsonWriter* w, const State& s, const ModuleResult* module) {
    w->begin_object();
    w->key("query").integer(s.query).key("n").integer(s.inputs.rows).key("d").integer(s.inputs.cols);
    w->key("norm").string(norm_name(s.norm)).key("projection").boolean(s.projection.enabled);
    w->key("d_out").integer(s.projection.d_out).key("seed").uinteger(s.projection.seed);
    w->key("scale").boolean(s.scale).key("causal").boolean(s.causal);
    w->key("lab_scale").number(s.lab_scale);
    const ModuleSettings& m = s.module.settings;
    w->key("module").string(s.module.enabled ? module_name(m.module) : "");
    w->key("module_seed").uinteger(m.seed).key("module_d_out").integer(m.d_out).key("heads").integer(m.heads);
    w->key("qkv_bias").boolean(m.qkv_bias).key("module_causal").boolean(m.causal).key("batch").integer(m.batch);
    w->key("dropout").number(m.dropout).key("training").boolean(m.training);
    w->key("reseed_dropout").boolean(m.reseed_dropout).key("dropout_seed").uinteger(m.dropout_seed);
    w->key("kv_groups").integer(m.kv_groups).key("window").integer(m.window).key("decode").boolean(m.decode);
    w->key("prefill").integer(m.prefill).key("chunk").integer(m.chunk).key("pads").integer(m.pads);
    w->key("module_error").string(module ? words_said(module->error) : "");
    w->end_object();
}

}  // namespace

std::string numbers_reader_json(const State& s, const AttentionResult& r, const Concealment& hidden,
                                const ModuleResult* module, const InterfaceText* language, const Sentence* refusal) {
    const WordsScope in_language(language);
    std::string out;
    JsonWriter w(&out);
    w.begin_object().key("refusal").string(refusal ? words_said(*refusal) : "");
    w.key("refusal_english").boolean(refusal && words_said_in_english(*refusal)).key("controls");
    write_controls(&w, s, module);
    w.key("tables").begin_array();
    const int n = s.inputs.rows;
    const int decimals = typed_decimals(s.inputs.data.data(), s.inputs.data.size());  // as the book's literal
    write_table(
        &w, "inputs", words_f("Inputs: %d token embeddings %s", n, shape(n, s.inputs.cols).c_str()),
        dim_columns(words("token"), s.inputs.cols), n, [&](int i) { return token_header(s, i); },
        [&](int i, int c) { return format_fixed(s.inputs.at(i, c), decimals); }, width_note(s.inputs.cols), s.query);
    write_query(&w, s, r, hidden);
    write_arrows(&w, s, hidden);
    write_context(&w, r, hidden);
    const bool projected = r.has_projection;
    const std::string product = projected ? "queries @ keys.T" : "inputs @ inputs.T";
    const std::string scores_caption = words_f("Score matrix: %s, a row per query, a column per key", product.c_str());
    const std::string weights_caption = words("Weight matrix: the score matrix normalised");
    const Matrix& scores = r.shown().score_matrix;
    const Matrix& weights = r.shown().weight_matrix;
    if (hidden.covers_score_matrix())
        write_covered(&w, "score_matrix", scores_caption, hidden);
    else
        write_matrix(&w, "score_matrix", scores_caption, s, scores, words("query \\ key"));
    if (hidden.covers_weight_matrix())
        write_covered(&w, "weight_matrix", weights_caption, hidden);
    else
        write_matrix(&w, "weight_matrix", weights_caption, s, weights, words("query \\ key"));
    if (projected) {
        write_weights(&w, "W_query", r.projection.W_query);
        write_weights(&w, "W_key", r.projection.W_key);
        write_weights(&w, "W_value", r.projection.W_value);
    }
    if (module) write_module(&w, s, *module, hidden);
    w.end_array().end_object();
    return out;
}

}  // namespace attn
