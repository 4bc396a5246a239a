// Each generation bug runs the class for real on the state's inputs twice, as the repository writes
// it and with the one line changed (core/math/kv_cache.h's CacheFault, mask_routes.h's polarity
// bug), and traces batch 0 from the first value both programs share to the one the learner prints.
// A cache bug is traced on the first forward call whose output it changes: the calls before it
// are the same in both programs.
#include "core/lesson/generation_bugs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/math/attention_modules.h"
#include "core/math/mask_routes.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

bool suits(Bug bug, const ModuleSettings& m) {
    switch (bug) {
        case Bug::CacheMaskNoOffset:
            return m.module == AttentionModule::MultiHeadAttention && m.decode;
        case Bug::RepeatNotInterleave:  // traced through the cache in one call: what decode mode allows
            return m.module == AttentionModule::GroupedQueryAttention && (m.dropout == 0.0 || !m.training) &&
                   m.mask_style == MaskStyle::Book;
        case Bug::SdpaBookMask:  // scaled_dot_product_attention here runs without dropout
            return m.module == AttentionModule::CausalAttention && (m.dropout == 0.0 || !m.training);
        case Bug::WindowDropsChunkKeys:
            return m.module == AttentionModule::SlidingWindowAttention && m.decode;
        default:
            return false;
    }
}

// Rows [first, first + count) of m.
Matrix rows_of(const Matrix& m, int first, int count) {
    Matrix out(count, m.cols);
    std::copy(m.row(first), m.row(first) + size_t(count) * size_t(m.cols), out.data.begin());
    return out;
}

Vector positions(int first, int count) {
    Vector v(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) v[size_t(i)] = float(first + i);
    return v;
}

// The first call whose output the fault changes; else `fallback`.
size_t first_changed_call(const DecodeTrace& right, const DecodeTrace& wrong, size_t fallback) {
    for (size_t c = 0; c < right.calls.size() && c < wrong.calls.size(); ++c)
        if (values_differ(right.calls[c].output.data, wrong.calls[c].output.data)) return c;
    return std::min(fallback, right.calls.size() - 1);  // calls is never empty here (ran_through_cache)
}

// Which forward call a cache trace follows: call c of the run, `cached` keys before it.
std::string traced_call_note(const TextCatalog& tx, const DecodeTrace& run, size_t c, int cached) {
    const CacheCall& call = run.calls[c];
    const std::string tokens = call_tokens(tx, call.first, call.count);
    if (c == 0) return tx.say("bug.traced-first-call", {{"calls", int(run.calls.size())}, {"tokens", tokens}});
    return tx.say("bug.traced-call",
                  {{"call", int(c) + 1}, {"calls", int(run.calls.size())}, {"tokens", tokens}, {"keys", cached}});
}

// Both programs ran through the cache; else t->error says why (settings decode mode refuses).
bool ran_through_cache(const TextCatalog& tx, const DecodeTrace& right, const DecodeTrace& wrong, BugTrace* t) {
    if (!right.calls.empty() && right.calls.size() == wrong.calls.size()) return true;
    t->error = tx.say("bug.cache-cannot-run");
    return false;
}

// MultiHeadAttention's cache (ch04/03_kv-cache): the mask sliced from row 0 in every call.
void trace_cache_offset(const TextCatalog& tx, const Matrix& inputs, const ModuleSettings& m, const ModuleResult& r,
                        BugTrace* t) {
    const DecodeTrace right = decode_with_fault(inputs, m, CacheFault::None);
    const DecodeTrace wrong = decode_with_fault(inputs, m, CacheFault::MaskWithoutOffset);
    if (!ran_through_cache(tx, right, wrong, t)) return;
    const size_t c = first_changed_call(right, wrong, 1);
    const CacheCall &a = right.calls[c], &b = wrong.calls[c];
    t->fixed = {"keys_new, values_new, queries = self.W_key(x), self.W_value(x), self.W_query(x)",
                "self.cache_k = torch.cat([self.cache_k, keys_new], dim=1)   # " + tx.say("bug.note.values-alike"),
                "attn_scores = queries @ keys.transpose(2, 3)   # " + tx.say("bug.note.new-by-cached"),
                "mask_bool = self.mask.bool()[self.ptr_current_pos:self.ptr_current_pos + num_tokens_Q, "
                ":num_tokens_K]",
                "attn_scores.masked_fill_(mask_bool, -torch.inf)",
                "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)",
                "context_vec = self.out_proj(...)   # " + tx.say("bug.note.heads-side-by-side"),
                "print(context_vec[0])   # " + tx.say("bug.note.call-rows")};
    t->program = t->fixed;
    t->program[3] = "mask_bool = self.mask.bool()[:num_tokens_Q, :num_tokens_K]";
    t->buggy_line = 3;
    t->title = tx.say("bug.cache-mask-no-offset.title");
    const auto hidden_of = [&](bool offset) {
        Matrix mask(a.count, a.key_count);
        for (int i = 0; i < a.count; ++i)
            for (int j = 0; j < a.key_count; ++j)
                mask.at(i, j) = (offset ? key_hidden(a.first + i, a.key_first + j, 0) : key_hidden(i, j, 0)) ? 1 : 0;
        return mask;
    };
    const std::string shape = "(" + std::to_string(a.count) + ", " + std::to_string(a.key_count) + ")";
    // The cached keys of head 0, K of them: with a head one number wide, as one row, so that the
    // newest key shows too (a matrix prints only its first three rows).
    const Matrix keys = rows_of(r.batches[0][0].keys, a.key_first, a.key_count);
    t->steps.push_back(keys.cols == 1 ? trace_step(tx.say("bug.step.cache-keys"), tx.say("bug.ask.cache-keys"),
                                                   "self.cache_k[0, :, 0, 0], (K,)", 1, keys.data, keys.data)
                                      : matrix_trace_step(tx.say("bug.step.cache-keys"), tx.say("bug.ask.cache-keys"),
                                                          "self.cache_k[0, :, 0], (K, head_dim)", 1, keys, keys));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.mask"), tx.say("bug.ask.mask-new-rows"),
                                         "mask_bool, " + shape, 3, hidden_of(true), hidden_of(false)));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.masked-scores"), tx.say("bug.ask.cache-future-inf"),
                                         "attn_scores[0, 0], " + shape, 4, a.scores[0], b.scores[0]));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.new-rows-weights"),
                                         "attn_weights[0, 0], " + shape, 5, a.weights[0], b.weights[0]));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.call-output"), tx.say("bug.ask.call-output"),
                                         "context_vec[0], (Q, d_out)", 6, a.output, b.output));
    // The call's first query sees key 0 alone where it should see every key up to its own.
    t->note = traced_call_note(tx, right, c, a.key_count - a.count);
    t->explanation = tx.say("bug.cache-mask-no-offset.why",
                            {{"count", a.count}, {"keys", a.key_count}, {"first", a.first}, {"should", a.first + 1}});
    t->hidden = tx.say("bug.cache-mask-no-offset.hidden");
}

// GroupedQueryAttention (ch04/04_gqa): keys and values repeated, not interleaved. The full pass,
// run as one call of the cache (its rows are the full pass's bits).
void trace_repeat(const TextCatalog& tx, const Matrix& inputs, const ModuleSettings& m, const ModuleResult& r,
                  BugTrace* t) {
    ModuleSettings whole = m;
    whole.decode = true;
    whole.prefill = inputs.rows;
    whole.chunk = 0;
    const DecodeTrace right = decode_with_fault(inputs, whole, CacheFault::None);
    const DecodeTrace wrong = decode_with_fault(inputs, whole, CacheFault::RepeatNotInterleave);
    if (!ran_through_cache(tx, right, wrong, t)) return;
    const int heads = m.heads, groups = m.kv_groups, group_size = heads / groups, hd = r.head_dim;
    int h = 0;  // the first head the repeat gives another group
    while (h + 1 < heads && h % groups == h / group_size) ++h;
    if (h % groups == h / group_size) h = 0;
    const std::string H = std::to_string(heads), G = std::to_string(groups), S = std::to_string(group_size),
                      HD = std::to_string(hd), head = std::to_string(h);
    t->fixed = {"queries = self.W_query(x).view(b, n, " + H + ", " + HD + ").transpose(1, 2)   # (b, heads, n, hd)",
                "keys_base = self.W_key(x).view(b, n, " + G + ", " + HD + ").transpose(1, 2)   # (b, groups, n, hd); " +
                    tx.say("bug.note.values-alike"),
                "keys = keys_base.repeat_interleave(" + S + ", dim=1)   # (b, heads, n, hd); " +
                    tx.say("bug.note.values-alike"),
                "attn_scores = queries @ keys.transpose(2, 3)",
                "attn_scores = attn_scores.masked_fill(mask, -torch.inf)",
                "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)",
                "context_vec = self.out_proj(...)   # " + tx.say("bug.note.heads-side-by-side"),
                "print(context_vec[0])"};
    t->program = t->fixed;
    t->program[2] =
        "keys = keys_base.repeat(1, " + S + ", 1, 1)   # (b, heads, n, hd); " + tx.say("bug.note.values-alike");
    t->buggy_line = 2;
    t->title = tx.say("bug.repeat-not-interleave.title");
    Vector group_right(static_cast<size_t>(heads)), group_wrong(static_cast<size_t>(heads));
    for (int k = 0; k < heads; ++k) {
        group_right[size_t(k)] = float(k / group_size);
        group_wrong[size_t(k)] = float(k % groups);
    }
    // GQA's head traces hold their group's keys: group g's are head g * group_size's.
    const std::vector<HeadTrace>& traces = r.batches[0];
    const int g_right = h / group_size, g_wrong = h % groups;
    const std::string n = std::to_string(r.n);
    t->steps.push_back(
        matrix_trace_step(tx.say("bug.step.group-keys", {{"group", g_right}}), tx.say("bug.ask.group-keys"),
                          "keys_base[0, " + std::to_string(g_right) + "], (n, hd)", 1,
                          traces[size_t(g_right * group_size)].keys, traces[size_t(g_right * group_size)].keys));
    t->steps.push_back(trace_step(tx.say("bug.step.head-groups"), tx.say("bug.ask.head-groups", {{"size", group_size}}),
                                  tx.say("bug.what.head-groups"), 2, group_right, group_wrong));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.head-keys-of", {{"head", h}}),
                                         tx.say("bug.ask.head-keys-of", {{"head", h}, {"group", g_right}}),
                                         "keys[0, " + head + "], (n, hd)", 2, traces[size_t(h)].keys,
                                         traces[size_t(g_wrong * group_size)].keys));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.head-weights-of", {{"head", h}}),
                                         tx.say("bug.ask.head-weights-of", {{"head", h}}),
                                         "attn_weights[0, " + head + "], (n, n)", 5, right.calls[0].weights[size_t(h)],
                                         wrong.calls[0].weights[size_t(h)]));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.context-vectors"), tx.say("bug.ask.contexts-match"),
                                         "context_vec[0], (n, d_out)", 6, right.calls[0].output,
                                         wrong.calls[0].output));
    t->explanation =
        tx.say("bug.repeat-not-interleave.why",
               {{"head", h}, {"wrong", g_wrong}, {"right", g_right}, {"size", group_size}, {"last", group_size - 1}});
    t->hidden = tx.say("bug.repeat-not-interleave.hidden", {{"groups", groups}, {"heads", heads}});
}

// CausalAttention's softmax replaced by F.scaled_dot_product_attention, given the book's mask.
void trace_sdpa_mask(const TextCatalog& tx, const ModuleResult& r, BugTrace* t) {
    const HeadTrace& h = r.batches[0][0];
    const int n = r.n;
    const std::string ns = std::to_string(n);
    t->fixed = {"mask = torch.triu(torch.ones(" + ns + ", " + ns + ", dtype=torch.bool), diagonal=1)   # " +
                    tx.say("bug.note.true-hidden"),
                "queries, keys, values = self.W_query(x), self.W_key(x), self.W_value(x)",
                "context_vec = F.scaled_dot_product_attention(queries, keys, values, attn_mask=~mask)",
                "print(context_vec[0])"};
    t->program = t->fixed;
    t->program[2] = "context_vec = F.scaled_dot_product_attention(queries, keys, values, attn_mask=mask)";
    t->buggy_line = 2;
    t->title = tx.say("bug.sdpa-book-mask.title");
    const HiddenKeys hidden = causal_keys(n);
    Matrix book(n, n), kept(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            book.at(i, j) = hidden.at(i, j) ? 1 : 0;
            kept.at(i, j) = hidden.at(i, j) ? 0 : 1;
        }
    const Matrix right = weights_by_route(h.scores, hidden, MaskStyle::SdpaBool, r.head_dim);
    const Matrix wrong = weights_sdpa_given_book_mask(h.scores, hidden, r.head_dim);
    const std::string nn = "(" + ns + ", " + ns + ")";
    t->steps.push_back(
        matrix_trace_step(tx.say("bug.step.mask"), tx.say("bug.ask.mask-hides-future"), "mask, " + nn, 0, book, book));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.sdpa-keeps"), tx.say("bug.ask.sdpa-keeps"),
                                         "attn_mask, " + nn, 2, kept, book));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.rows-no-future"),
                                         tx.say("bug.what.sdpa-weights"), 2, right, wrong));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.context-vectors"), tx.say("bug.ask.contexts-match"),
                                         "context_vec[0], (n, d_out)", 2, matmul(right, h.values),
                                         matmul(wrong, h.values)));
    t->explanation = n > 1 ? tx.say("bug.sdpa-book-mask.why", {{"last", n - 1}}) : tx.say("bug.sdpa-book-mask.why-one");
    t->hidden = tx.say("bug.sdpa-book-mask.hidden");
}

// MultiHeadAttentionWithSWA's cache (ch04/06_swa): a chunk keeps only W keys for attention.
void trace_window(const TextCatalog& tx, const Matrix& inputs, const ModuleSettings& m, BugTrace* t) {
    const DecodeTrace right = decode_with_fault(inputs, m, CacheFault::None);
    const DecodeTrace wrong = decode_with_fault(inputs, m, CacheFault::WindowKeepsOnlyW);
    if (!ran_through_cache(tx, right, wrong, t)) return;
    // Without a change: the first call with older keys and several new tokens, where it would show.
    size_t fallback = right.calls.size() - 1;
    for (size_t k = right.calls.size(); k-- > 1;)
        if (right.calls[k].count > 1) fallback = k;
    const size_t c = first_changed_call(right, wrong, fallback);
    const CacheCall &a = right.calls[c], &b = wrong.calls[c];
    const int cached = c > 0 ? right.calls[c - 1].cache_rows : 0;
    const int combined = cached + a.count, combined_first = a.first - cached;
    t->fixed = {"combined_k = torch.cat([self.cache_k, keys_new], dim=1)   # " + tx.say("bug.note.values-alike"),
                "attn_keep = min(combined_k.size(1), self.sliding_window_size + num_tokens - 1)",
                "keys = combined_k[:, -attn_keep:, :, :]   # " + tx.say("bug.note.values-alike"),
                "attn_scores = queries @ keys.transpose(2, 3)",
                "attn_scores.masked_fill_((diff < 0) | (diff >= W), -torch.inf)   # " + tx.say("bug.note.diff"),
                "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)",
                "context_vec = self.out_proj(...)   # " + tx.say("bug.note.heads-side-by-side"),
                "print(context_vec[0])   # " + tx.say("bug.note.call-rows")};
    t->program = t->fixed;
    t->program[1] = "attn_keep = min(combined_k.size(1), self.sliding_window_size)";
    t->buggy_line = 1;
    // W named before the learner judges: the steps ask whether a query still reaches W - 1 keys back.
    t->title = tx.say("bug.window-drops-chunk-keys.title", {{"window", m.window}});
    // Head 0's weights over every combined key: 0 for a key the call did not keep.
    const auto over_combined = [&](const CacheCall& call) {
        Matrix w(call.count, combined);
        for (int i = 0; i < call.count; ++i)
            for (int j = 0; j < call.key_count; ++j)
                w.at(i, call.key_first - combined_first + j) = call.weights[0].at(i, j);
        return w;
    };
    const std::string shape = "(" + std::to_string(a.count) + ", " + std::to_string(combined) + ")";
    const Vector all = positions(combined_first, combined);
    t->steps.push_back(trace_step(tx.say("bug.step.combined-keys"), tx.say("bug.ask.combined-keys"),
                                  tx.say("bug.what.positions"), 0, all, all));
    t->steps.push_back(trace_step(tx.say("bug.step.kept-keys"), tx.say("bug.ask.kept-keys"),
                                  tx.say("bug.what.positions"), 1, positions(a.key_first, a.key_count),
                                  positions(b.key_first, b.key_count)));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.window-weights"),
                                         tx.say("bug.what.window-weights", {{"shape", shape}}), 5, over_combined(a),
                                         over_combined(b)));
    t->steps.push_back(matrix_trace_step(tx.say("bug.step.call-output"), tx.say("bug.ask.call-output"),
                                         "context_vec[0], (Q, d_out)", 6, a.output, b.output));
    t->note = traced_call_note(tx, right, c, cached);
    const int window = m.window;
    t->explanation = tx.say("bug.window-drops-chunk-keys.why", {{"window", window},
                                                                {"count", a.count},
                                                                {"first", a.first},
                                                                {"reach", window - 1},
                                                                {"combined", combined},
                                                                {"keep", a.key_count}});
    // A query left with no key (a chunk longer than the window): PyTorch's softmax gives NaN.
    bool empty_row = false;
    for (float x : b.weights[0].data) empty_row = empty_row || std::isnan(x);
    if (empty_row) append_sentence(&t->explanation, tx.say("bug.window-drops-chunk-keys.nan"));
    t->hidden = window >= inputs.rows
                    ? tx.say("bug.window-drops-chunk-keys.hidden-wide", {{"window", window}, {"n", inputs.rows}})
                    : tx.say("bug.window-drops-chunk-keys.hidden");
}

}  // namespace

std::string call_tokens(const TextCatalog& tx, int first, int count) {
    return count == 1 ? tx.say("bug.call-token", {{"first", first}})
                      : tx.say("bug.call-tokens", {{"first", first}, {"last", first + count - 1}});
}

bool is_generation_bug(Bug bug) {
    switch (bug) {
        case Bug::CacheMaskNoOffset:
        case Bug::RepeatNotInterleave:
        case Bug::SdpaBookMask:
        case Bug::WindowDropsChunkKeys:
            return true;
        default:
            return false;
    }
}

ModuleSettings generation_bug_settings(Bug bug) {
    switch (bug) {
        case Bug::CacheMaskNoOffset: {
            ModuleSettings s = book_module_settings(AttentionModule::MultiHeadAttention);
            s.decode = true;
            s.prefill = 3;
            return s;
        }
        case Bug::RepeatNotInterleave:
            return book_module_settings(AttentionModule::GroupedQueryAttention);
        case Bug::WindowDropsChunkKeys: {
            ModuleSettings s = book_module_settings(AttentionModule::SlidingWindowAttention);
            s.decode = true;
            s.prefill = 6;
            s.chunk = 3;
            return s;
        }
        default:  // Bug::SdpaBookMask
            return book_module_settings(AttentionModule::CausalAttention);
    }
}

ModuleSettings generation_bug_module(Bug bug, const State& state) {
    if (state.module.enabled && suits(bug, state.module.settings)) return state.module.settings;
    // On fewer tokens than the book's six, a prefill that still leaves the bug a call to show in:
    // one token after it for the cache, two chunks for the window.
    ModuleSettings s = generation_bug_settings(bug);
    const int n = std::max(1, state.inputs.rows);
    if (bug == Bug::CacheMaskNoOffset) s.prefill = std::clamp(s.prefill, 1, std::max(1, n - 1));
    if (bug == Bug::WindowDropsChunkKeys) {
        s.prefill = std::min(s.prefill, n);
        s.chunk = std::clamp(s.chunk, 1, std::max(1, (s.prefill + 1) / 2));
    }
    return s;
}

void trace_generation_bug(const TextCatalog& tx, Bug bug, const State& state, BugTrace* t) {
    const ModuleSettings m = generation_bug_module(bug, state);
    ModuleResult r;
    if (!run_traced_module(tx, state.inputs, m, m.d_out, &r, t)) return;
    switch (bug) {
        case Bug::CacheMaskNoOffset:
            trace_cache_offset(tx, state.inputs, m, r, t);
            break;
        case Bug::RepeatNotInterleave:
            trace_repeat(tx, state.inputs, m, r, t);
            break;
        case Bug::WindowDropsChunkKeys:
            trace_window(tx, state.inputs, m, t);
            break;
        default:  // Bug::SdpaBookMask
            trace_sdpa_mask(tx, r, t);
            break;
    }
    // What the trace runs on when the panel runs something else, then the call a cache trace follows.
    if (!state.module.enabled || m != state.module.settings) {
        // The class's own parameter names, as code: the same in every language.
        std::string more;
        if (is_multi_head(m.module)) more += ", num_heads " + std::to_string(m.heads);
        if (m.module == AttentionModule::GroupedQueryAttention)
            more += ", num_kv_groups " + std::to_string(m.kv_groups);
        if (m.module == AttentionModule::SlidingWindowAttention)
            more += ", sliding_window_size " + std::to_string(m.window);
        if (m.decode) more += ", prefill " + std::to_string(m.prefill) + ", chunk " + std::to_string(m.chunk);
        const std::string on = tx.say(
            "bug.traced-on-class",
            {{"class", module_class(m.module)}, {"seed", std::to_string(m.seed)}, {"d_out", m.d_out}, {"more", more}});
        std::string note = on;
        append_sentence(&note, t->note);
        t->note = note;
    }
    print_last_step(t);
}

}  // namespace attn
