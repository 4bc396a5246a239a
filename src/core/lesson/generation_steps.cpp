// The question kinds after chapter 3, on the book repository's ch04 classes (the lesson
// lessons/en/generation.json): how many keys a KV-cache call scores, which heads read a key and
// value group, which keys a sliding window lets a token see, and which attn_mask hides the future
// in scaled_dot_product_attention. Each reads the state's module settings and sequence, so the
// answers follow the learner's own settings. Words: catalog ids "q.<kind>.*".
#include <algorithm>
#include <string>

#include "core/lesson/lesson_entry.h"
#include "core/lesson/quiz_detail.h"
#include "core/text/prose_format.h"

namespace attn {
namespace quiz_detail {
namespace {

// "0, 2, 4, 6": heads first, first + step, ... (count of them).
std::string head_list(int first, int step, int count) {
    std::string out;
    for (int k = 0; k < count; ++k) out += (k ? ", " : "") + std::to_string(first + k * step);
    return out;
}

}  // namespace

ATTN_LESSON_ENTRY bool cache_scores(const QuizContext& c, Question* out) {
    const ModuleSettings& m = c.s.module.settings;
    const int t = c.s.inputs.rows - 1;  // the newest token, decoded in a call of its own
    if (!c.s.module.enabled || !m.decode || !has_kv_cache(m.module) || t < 1 || t < m.prefill) return false;
    // A sliding window keeps only the last W keys (the call reads W - 1 older ones and its own).
    const bool windowed = m.module == AttentionModule::SlidingWindowAttention;
    const int keys = windowed ? std::min(t + 1, m.window) : t + 1;
    Ask a(c, "cache-scores");
    a.q.prompt = a.say("prompt", {{"token", token_name(c.t, c.s, t)}, {"t", t}});
    a.add(std::to_string(keys), true, "", "");
    a.add(std::to_string((t + 1) * (t + 1)), false, a.say("square.why", {{"t", t}}), "cache-recomputes-all");
    if (windowed) a.add(std::to_string(t + 1), false, a.say("no-window.why"), "window-is-only-causal");
    a.add(std::to_string(keys - 1), false, a.say("without-itself.why"), "query-not-compared");
    a.add("1", false, a.say("only-itself.why"), "cache-keeps-nothing");
    a.q.answer = a.say(windowed ? "answer-window" : "answer", {{"count", keys}, {"t", t}, {"first", t + 1 - keys}});
    a.q.reason = a.say("reason", {{"square", (t + 1) * (t + 1)}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool gqa_heads(const QuizContext& c, Question* out) {
    const ModuleSettings& m = c.s.module.settings;
    if (!c.s.module.enabled || m.module != AttentionModule::GroupedQueryAttention || m.kv_groups < 2 ||
        m.kv_groups >= m.heads)
        return false;
    const int size = m.heads / m.kv_groups;
    Ask a(c, "gqa-heads");
    a.q.prompt = a.say("prompt", {{"heads", m.heads}, {"groups", m.kv_groups}});
    a.add(a.say("heads", {{"list", head_list(0, 1, size)}}), true, "", "");
    a.add(a.say("heads", {{"list", head_list(0, m.kv_groups, size)}}), false,
          a.say("repeat.why", {{"groups", m.kv_groups}}), "repeat-not-interleave");
    a.add(a.say("one", {{"head", 0}}), false, a.say("one.why"), "kv-group-is-one-head");
    a.add(a.say("all", {{"heads", m.heads}}), false, a.say("all.why", {{"groups", m.kv_groups}}), "one-group-for-all");
    a.q.answer = a.say("answer", {{"list", head_list(0, 1, size)}, {"size", size}});
    a.q.reason = a.say("reason", {{"size", size}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool window_keys(const QuizContext& c, Question* out) {
    const ModuleSettings& m = c.s.module.settings;
    const int n = c.s.inputs.rows, w = m.window;
    const int t = n - 2;  // a token with one after it, so looking ahead is a choice of its own
    if (!c.s.module.enabled || m.module != AttentionModule::SlidingWindowAttention || t < 1 || w < 2 || w > t)
        return false;
    Ask a(c, "window-keys");
    a.q.prompt = a.say("prompt", {{"window", w}, {"token", token_name(c.t, c.s, t)}});
    a.add(position_span(t - w + 1, t), true, "", "");
    a.add(position_span(t - w, t), false, a.say("one-more.why", {{"window", w}}), "window-counts-back-w");
    a.add(position_span(0, t), false, a.say("causal.why"), "window-is-only-causal");
    a.add(position_span(t - w + 1, std::min(n - 1, t + w - 1)), false, a.say("both-ways.why"), "window-looks-ahead");
    a.q.answer = a.say("answer", {{"keys", position_span(t - w + 1, t)}, {"window", w}});
    a.q.reason = a.say("reason", {{"window", w}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool mask_polarity(const QuizContext& c, Question* out) {
    const ModuleSettings& m = c.s.module.settings;
    if (!c.s.module.enabled || !has_kv_cache(m.module)) return false;
    Ask a(c, "mask-polarity");
    a.q.prompt = a.say("prompt");
    a.add("attn_mask=~mask", true, "", "");
    a.add("attn_mask=mask", false, a.say("same.why"), "sdpa-mask-polarity");
    a.add("attn_mask=mask.float() * -torch.inf", false, a.say("times-inf.why"), "zero-times-inf");
    a.q.answer = a.say("answer");
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

}  // namespace quiz_detail
}  // namespace attn
