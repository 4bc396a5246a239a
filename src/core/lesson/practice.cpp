// Reading typed answers and checking them against the core's numbers, with messages that name the
// entry that is wrong and the arithmetic that gives the right value.
#include "core/lesson/practice.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/lesson/generation_bugs.h"
#include "core/lesson/lesson_record.h"
#include "core/lesson/token_words.h"
#include "core/math/attention_modules.h"
#include "core/math/extremes.h"
#include "core/math/kv_cache.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"
#include "core/math/torch_layers.h"
#include "core/text/number_parse.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

float tolerance(float expected, float abs_tol) {
    return std::fmax(abs_tol, 0.005f * std::fabs(expected));
}

bool close_all(const Vector& typed, const Vector& want, float abs_tol) {
    if (typed.size() != want.size()) return false;
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) return false;
    return true;
}

std::string lowercase(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string strip(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

// What the number reader found wrong (p.problem), in the learner's words; expected: the count asked;
// first_entry: what the task numbers its first entry (ExerciseCheck::first_entry), as its marks do.
std::string numbers_error(const TextCatalog& t, const ParsedNumbers& p, int expected, int first_entry = 0) {
    using Problem = ParsedNumbers::Problem;
    switch (p.problem) {
        case Problem::Empty:
            return t.say("numbers.empty", {{"n", expected}});
        case Problem::NotANumber:
            return t.say("numbers.not-a-number", {{"text", quoted(p.bad)}, {"i", p.bad_entry + first_entry}});
        case Problem::WrongCount: {
            std::string out = t.say("numbers.wrong-count", {{"found", int(p.values.size())}, {"n", expected}});
            if (p.comma_hint) append_sentence(&out, t.say("numbers.comma-hint"));
            return out;
        }
        case Problem::None:
            break;
    }
    return std::string();
}

// What the reader assumed about a comma, or "".
std::string numbers_note(const TextCatalog& t, const ParsedNumbers& p) {
    if (p.comma == ParsedNumbers::Comma::None) return std::string();
    if (p.comma == ParsedNumbers::Comma::ReadAsTwo) return t.say("numbers.read-as-two", {{"typed", p.comma_example}});
    std::string point = p.comma_example;
    point[point.find(',')] = '.';
    return t.say("numbers.read-decimal", {{"typed", p.comma_example}, {"point", point}});
}

// Entry-by-entry comparison; fills entry_ok and wrong_entry. True when all are within tolerance.
bool compare_entries(const Vector& typed, const Vector& want, float abs_tol, ExerciseCheck* out) {
    out->entry_ok.assign(typed.size(), 1);
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) {
            out->entry_ok[i] = 0;
            if (out->wrong_entry < 0) out->wrong_entry = int(i);
        }
    return out->wrong_entry < 0;
}

ExerciseCheck check_scores(const TextCatalog& t, const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = numbers_note(t, p);
    const int n = s.inputs.rows, target = 2;
    if (n < 3) {
        out.message = t.say("practice.scores.too-few", {{"n", n}});
        return out;
    }
    if (s.query != target) {
        out.message = t.say("practice.scores.query-first", {{"q", s.query}, {"q_ordinal", t.ordinal(s.query + 1)}});
        return out;
    }
    const Vector want = score_vector_loop(s.inputs, target);
    if (!p.ok) {
        out.unreadable = true;
        out.message = numbers_error(t, p, n);
        if (int(p.values.size()) == n - 1) append_sentence(&out.message, t.say("practice.scores.skipped-query"));
        return out;
    }
    const Vector old_query = score_vector_loop(s.inputs, 1);
    if (!close_all(want, old_query, kScoreTolerance) && close_all(p.values, old_query, kScoreTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.scores.old-query", {{"row", typed_row(s.inputs, target)}});
        return out;
    }
    if (compare_entries(p.values, want, kScoreTolerance, &out)) {
        out.correct = true;
        const int best = argmax(want);
        out.message = t.say(
            "practice.scores.right",
            {{"n", n}, {"scores", vec(want)}, {"best", label(t, s, best)}, {"best_score", num(want[size_t(best)])}});
        return out;
    }
    const int i = out.wrong_entry;
    out.message = t.say("practice.scores.wrong-entry",
                        {{"i", i},
                         {"label", label(t, s, i)},
                         {"typed", typed(p.values[size_t(i)])},
                         {"terms", dot_terms(s.inputs.row(i), s.inputs.row(target), s.inputs.cols)},
                         {"score", num(want[size_t(i)])}});
    return out;
}

ExerciseCheck check_weights(const TextCatalog& t, const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = numbers_note(t, p);
    if (!p.ok) {
        out.unreadable = true;
        out.message = numbers_error(t, p, s.inputs.rows);
        return out;
    }
    // The scores the task quotes: the plain loop for the query (no lab scale, no mask).
    const Vector scores = score_vector_loop(s.inputs, s.query);
    const Vector want = softmax_stable(scores), by_sum = normalize_sum(scores);
    if (int(p.values.size()) != s.inputs.rows) {
        out.unreadable = true;
        out.message = t.say("practice.weights.count", {{"n", s.inputs.rows}});
        return out;
    }
    if (!close_all(want, by_sum, kTwoDecimalTolerance) && close_all(p.values, by_sum, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.weights.by-sum");
        return out;
    }
    if (!close_all(want, scores, kTwoDecimalTolerance) && close_all(p.values, scores, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.weights.scores");
        return out;
    }
    float typed_sum = 0;
    for (float x : p.values) typed_sum += x;
    if (compare_entries(p.values, want, kTwoDecimalTolerance, &out)) {
        out.correct = true;
        out.message = t.say("practice.weights.right", {{"weights", vec(want)}, {"rounded", vec(want, 2)}});
        return out;
    }
    const int i = out.wrong_entry;
    float exp_sum = 0;
    for (float x : scores) exp_sum += std::exp(x);
    out.message = t.say("practice.weights.wrong-entry", {{"i", i},
                                                         {"label", label(t, s, i)},
                                                         {"typed", typed(p.values[size_t(i)])},
                                                         {"score", num(scores[size_t(i)])},
                                                         {"exp_sum", num(exp_sum, 2)},
                                                         {"weight", num(want[size_t(i)])},
                                                         {"rounded", num(want[size_t(i)], 2)}});
    if (std::fabs(typed_sum - 1.0f) > 0.02f)
        append_sentence(&out.message, t.say("practice.weights.sum-off", {{"sum", typed(typed_sum)}}));
    return out;
}

ExerciseCheck check_top_token(const TextCatalog& t, const State& s, const AttentionResult& shown,
                              const std::string& typed) {
    ExerciseCheck out;
    // The task names the projection (the state's seed and d_out): an answer read off the plain
    // weights, with the projection still off, is graded against it like any other.
    AttentionResult projected;
    if (!shown.has_projection) {
        AttentionSettings settings = attention_settings(s);
        settings.projection.enabled = true;
        projected = compute_attention(s.inputs, settings);
    }
    const AttentionResult& r = shown.has_projection ? shown : projected;
    const int n = s.inputs.rows;
    std::string text = strip(typed);
    if (text.rfind("inputs[", 0) == 0 && text.size() > 8 && text.back() == ']') text = text.substr(7, text.size() - 8);
    int chosen = -1;
    float number = 0;
    if (read_float32(text, false, &number) == NumberKind::Ok && number == std::floor(number)) {
        chosen = int(number);
        if (chosen < 0 || chosen >= n) {
            out.unreadable = true;
            out.message = t.say("practice.top.no-position", {{"text", text}, {"last", n - 1}});
            return out;
        }
    } else {
        std::string name = text;
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
        for (int i = 0; i < n && chosen < 0; ++i)
            if (lowercase(s.tokens[size_t(i)]) == lowercase(name)) chosen = i;
        if (chosen < 0) {
            out.unreadable = true;
            out.message = text.empty() ? t.say("practice.top.empty")
                                       : t.say("practice.top.unknown", {{"text", quoted(text)}, {"last", n - 1}});
            return out;
        }
    }
    const Vector& w = r.projection.weights;
    const int best = argmax(w);
    // The scores as panel 3 shows them: q.k, or q.k / sqrt(d_k) with the scaling on.
    const std::string what = r.projection.scale_divisor != 1.0f
                                 ? "q\u00b7k / \u221a" + std::to_string(r.projection.d_out)
                                 : std::string("q\u00b7k");
    const std::string shown_scores = vec(r.projection.lab_scores);
    out.entry_ok = {w[size_t(chosen)] == w[size_t(best)] ? 1 : 0};
    if (out.entry_ok[0]) {
        out.correct = true;
        out.message = t.say("practice.top.right", {{"label", label(t, s, chosen)},
                                                   {"i", chosen},
                                                   {"weight", num(w[size_t(chosen)])},
                                                   {"what", what},
                                                   {"scores", shown_scores}});
        return out;
    }
    out.wrong_entry = 0;
    const int plain_best = argmax(r.weights);
    if (!shown.has_projection) {  // no projected numbers in the answer: turning it on is the exercise
        out.message = chosen == plain_best ? t.say("practice.top.unprojected-off", {{"label", label(t, s, chosen)}})
                                           : t.say("practice.top.wrong-off", {{"label", label(t, s, chosen)}});
        return out;
    }
    if (chosen == plain_best && plain_best != best)
        out.message =
            t.say("practice.top.unprojected",
                  {{"label", label(t, s, chosen)}, {"what", what}, {"scores", shown_scores}, {"weights", vec(w)}});
    else if (chosen == best + 1)
        out.message =
            t.say("practice.top.off-by-one", {{"label", label(t, s, chosen)}, {"i", chosen}, {"weights", vec(w)}});
    else
        out.message = t.say("practice.top.wrong", {{"label", label(t, s, chosen)},
                                                   {"weight", num(w[size_t(chosen)])},
                                                   {"best_weight", num(w[size_t(best)])},
                                                   {"weights", vec(w)}});
    return out;
}

// The numbers typed, however many: where the count is part of the answer, a wrong count gets the
// exercise's own message, not the reader's "one per token".
ParsedNumbers numbers_any_count(const std::string& text, int expected) {
    ParsedNumbers p = parse_numbers(text, expected);
    if (p.problem == ParsedNumbers::Problem::WrongCount) {  // read, but not `expected` of them
        p.ok = true;
        p.problem = ParsedNumbers::Problem::None;
    }
    return p;
}

// "2..5" as the lessons write a run of positions, or "2-5" / "2–5" as a learner may (the dash right
// after the first number, so "2 -5" stays a minus), spelled out ("2, 3, 4, 5") for the number
// reader: whole numbers on both sides, the first not past the second, at most 1,024 of them;
// anything else is left as typed, for the reader to name.
std::string spell_out_ranges(const std::string& text) {
    std::string out;
    size_t i = 0;
    const auto digits_at = [&](size_t at, size_t* end) {
        size_t k = at;
        while (k < text.size() && text[k] >= '0' && text[k] <= '9' && k - at < 6) ++k;
        *end = k;
        return k > at ? std::stoi(text.substr(at, k - at)) : -1;
    };
    while (i < text.size()) {
        size_t a_end = 0;
        const bool starts_number =
            text[i] >= '0' && text[i] <= '9' && (i == 0 || !(text[i - 1] >= '0' && text[i - 1] <= '9'));
        const int a = starts_number ? digits_at(i, &a_end) : -1;
        size_t dots = a_end;
        while (a >= 0 && dots < text.size() && text[dots] == ' ') ++dots;
        // The separator's length: "..", or a dash or an en dash right after the number.
        size_t sep = 0;
        if (a >= 0 && text.compare(dots, 2, "..") == 0 && text.compare(dots, 3, "...") != 0)
            sep = 2;
        else if (a >= 0 && text.compare(a_end, 1, "-") == 0)
            sep = 1;
        else if (a >= 0 && text.compare(a_end, 3, "\u2013") == 0)
            sep = 3;
        if (sep > 0) {
            size_t b_at = (sep == 2 ? dots : a_end) + sep, b_end = 0;
            while (b_at < text.size() && text[b_at] == ' ') ++b_at;
            const int b = digits_at(b_at, &b_end);
            const bool whole = b_end >= text.size() || text[b_end] != '.';
            if (b >= a && whole && b - a < 1024) {
                for (int k = a; k <= b; ++k) out += (k > a ? ", " : "") + std::to_string(k);
                i = b_end;
                continue;
            }
        }
        out += text[i++];
    }
    return out;
}

// The sizes the cache exercise counts with: the state's module decoding through its cache.
struct CacheCounts {
    std::vector<std::pair<int, int>> calls;  // (first, count)
    std::vector<int> keys;                   // keys each call scores against
    int heads = 1;                           // query heads: each scores its own
};

bool cache_counts(const State& s, CacheCounts* out) {
    const ModuleSettings& m = s.module.settings;
    if (!s.module.enabled || !has_kv_cache(m.module) || !m.decode) return false;
    const int n = s.inputs.rows;
    out->calls = decode_calls(n, m.prefill, m.chunk);
    out->keys =
        keys_per_call(n, m.prefill, m.chunk, m.module == AttentionModule::SlidingWindowAttention ? m.window : 0);
    out->heads = is_multi_head(m.module) ? m.heads : 1;
    return true;
}

ExerciseCheck check_cache_scores(const TextCatalog& t, const State& s, const std::string& typed_text) {
    ExerciseCheck out;
    out.first_entry = 1;  // the task counts calls from the 1st
    CacheCounts c;
    if (!cache_counts(s, &c)) {
        out.message = t.say("practice.cache.decode-off");
        return out;
    }
    const int calls = int(c.calls.size());
    const ParsedNumbers p = numbers_any_count(typed_text, calls);
    out.note = numbers_note(t, p);
    if (!p.ok) {
        out.unreadable = true;
        out.message = numbers_error(t, p, calls, out.first_entry);
        return out;
    }
    if (int(p.values.size()) != calls) {
        out.unreadable = true;
        out.message = t.say("practice.cache.count", {{"calls", calls}});
        return out;
    }
    Vector want(static_cast<size_t>(calls));
    long long total = 0, full = 0;
    for (int k = 0; k < calls; ++k) {
        want[size_t(k)] = float(c.heads) * float(c.calls[size_t(k)].second) * float(c.keys[size_t(k)]);
        total += (long long)want[size_t(k)];
        const long long seen = c.calls[size_t(k)].first + c.calls[size_t(k)].second;
        full += (long long)c.heads * seen * seen;  // the whole sequence so far, scored again
    }
    if (compare_entries(p.values, want, 0.0f, &out)) {
        out.correct = true;
        std::string counts;
        for (float x : want) counts += (counts.empty() ? "" : ", ") + std::to_string(int(x));
        out.message = t.say("practice.cache.right",
                            {{"counts", counts}, {"total", std::to_string(total)}, {"full", std::to_string(full)}});
        return out;
    }
    const int k = out.wrong_entry;
    const auto [first, count] = c.calls[size_t(k)];
    const int keys = c.keys[size_t(k)], seen = first + count;
    const float got = p.values[size_t(k)];
    // TemplateArg points into these: they outlive args.
    const std::string tokens = call_tokens(t, first, count), entry = typed(got), ordinal = t.ordinal(k + 1);
    const std::initializer_list<TemplateArg> args = {
        {"i", k},           {"k", k + 1},     {"k_ordinal", ordinal},
        {"tokens", tokens}, {"typed", entry}, {"heads", c.heads},
        {"count", count},   {"keys", keys},   {"want", int(want[size_t(k)])}};
    // The scores the mask keeps: each query's keys up to itself (and within the window).
    const int window =
        s.module.settings.module == AttentionModule::SlidingWindowAttention ? s.module.settings.window : 0;
    int kept = 0;
    for (int i = 0; i < count; ++i)
        for (int key = first + count - keys; key < first + count; ++key)
            kept += key_hidden(first + i, key, window) ? 0 : 1;
    if (c.heads > 1 && got == float(count * keys))
        out.message = t.say("practice.cache.one-head", args);
    else if (kept != count * keys && (got == float(c.heads * kept) || got == float(kept)))
        out.message = t.say("practice.cache.masked-too", args);
    else if (got == float(c.heads * seen * seen) && seen * seen != count * keys)
        out.message = t.say("practice.cache.recomputed", args);
    else
        out.message = t.say("practice.cache.wrong-entry", args);
    return out;
}

ExerciseCheck check_window_keys(const TextCatalog& t, const State& s, const std::string& typed_text) {
    ExerciseCheck out;
    const ModuleSettings& m = s.module.settings;
    if (!s.module.enabled || m.module != AttentionModule::SlidingWindowAttention) {
        out.message = t.say("practice.window.swa-off");
        return out;
    }
    const int n = s.inputs.rows;
    if (n < 1) {
        out.message = t.say("practice.window.swa-off");
        return out;
    }
    const int q = std::clamp(s.query, 0, n - 1), w = m.window, from = std::max(0, q - w + 1);
    const ParsedNumbers p = numbers_any_count(spell_out_ranges(typed_text), q - from + 1);
    out.note = numbers_note(t, p);
    if (!p.ok) {  // nothing typed, or not a number: said without the count, which is the answer's
        out.unreadable = true;
        out.message = p.problem == ParsedNumbers::Problem::Empty
                          ? t.say("practice.window.empty", {{"t", q}})
                          : t.say("practice.window.not-a-position", {{"typed", quoted(p.bad)}, {"last", n - 1}});
        return out;
    }
    // Positions, in any order, each once: the set the learner names against the window's.
    std::vector<int> named;
    for (float x : p.values) {
        if (x != std::floor(x) || x < 0 || x >= float(n)) {
            out.unreadable = true;
            out.message = t.say("practice.window.not-a-position", {{"typed", typed(x)}, {"last", n - 1}});
            return out;
        }
        named.push_back(int(x));
    }
    // Which typed positions are seen. Not shown as per-entry marks (they would number the typed
    // positions from 0 beside the positions themselves): the message names the wrong one instead.
    bool all_seen = true;
    for (size_t i = 0; i < named.size(); ++i)
        if (named[i] < from || named[i] > q) {
            all_seen = false;
            if (out.wrong_entry < 0) out.wrong_entry = int(i);
        }
    std::vector<int> sorted = named;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<int> want;
    for (int k = from; k <= q; ++k) want.push_back(k);
    std::string positions;
    for (int k : want) positions += (positions.empty() ? "" : ", ") + std::to_string(k);
    const std::string name = label(t, s, q);  // TemplateArg points into it
    const std::initializer_list<TemplateArg> args = {{"t", q},
                                                     {"label", name},
                                                     {"window", w},
                                                     {"before", q - from},
                                                     {"reach", w - 1},
                                                     {"positions", positions},
                                                     {"count", int(sorted.size())}};
    if (sorted == want && sorted.size() == named.size()) {
        out.correct = true;
        out.message = t.say("practice.window.right", args);
        return out;
    }
    const bool whole_list = sorted.size() != named.size() || all_seen;
    if (sorted.size() != named.size()) {
        out.message = t.say("practice.window.twice");
    } else if (!sorted.empty() && sorted.back() > q) {
        out.message = t.say("practice.window.future", {{"p", sorted.back()}, {"t", q}});
    } else if (q - w >= 0 && sorted.size() == want.size() + 1 && sorted.front() == q - w && sorted.back() == q) {
        out.message = t.say("practice.window.one-too-many", {{"t", q}, {"window", w}, {"reach", w - 1}, {"p", q - w}});
    } else if (q - w >= 0 && sorted.front() == 0 && sorted.back() == q && int(sorted.size()) == q + 1) {
        out.message = t.say("practice.window.no-window", args);
    } else if (whole_list) {  // every position named is seen, some are missing
        out.message = t.say("practice.window.missing", args);
    } else {
        out.message = t.say("practice.window.wrong", args);
    }
    if (whole_list) out.wrong_entry = -1;  // no one entry is wrong: the list as a whole is
    return out;
}

}  // namespace

Exercise exercise_info(const TextCatalog& t, int index, const State& s, const AttentionResult* result) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    Exercise e;
    const int n = s.inputs.rows;
    if (index == 0) {
        // The rows as the book's literal writes them, with the decimals of the whole matrix.
        const int decimals = typed_decimals(s.inputs.data.data(), s.inputs.data.size());
        const auto literal = [&](int i) { return typed_vec(s.inputs.row(i), s.inputs.cols, decimals); };
        std::string rows;
        for (int i = 0; i < n && i < 6; ++i) rows += (i ? ", " : "") + literal(i);
        e.title = t.say("practice.scores.title");
        e.task =
            t.say(n >= 3 ? "practice.scores.task" : "practice.scores.task-short",
                  {{"rows", rows + (n > 6 ? ", …" : "")}, {"third", n >= 3 ? literal(2) : std::string()}, {"n", n}});
        e.hint = t.say("practice.scores.hint");
        e.input_label = t.say("practice.scores.input");
        if (n >= 3) e.answer = vec(score_vector_loop(s.inputs, 2));  // the third token's, as the task asks
    } else if (index == 1) {
        e.title = t.say("practice.weights.title");
        e.task = t.say("practice.weights.task",
                       {{"query", label(t, s, s.query)},
                        {"scores", vec(s.inputs.rows ? score_vector_loop(s.inputs, s.query) : Vector())}});
        e.hint = t.say("practice.weights.hint");
        e.input_label = t.say("practice.weights.input");
        if (n > 0) e.answer = vec(softmax_stable(score_vector_loop(s.inputs, s.query)));
    } else if (index == 3) {
        const ModuleSettings& m = s.module.settings;
        const bool window = m.module == AttentionModule::SlidingWindowAttention;
        const std::vector<std::pair<int, int>> calls = decode_calls(n, m.prefill, m.chunk);
        e.title = t.say("practice.cache.title");
        e.task = t.say(m.chunk > 0 && m.chunk < m.prefill ? "practice.cache.task-chunked" : "practice.cache.task",
                       {{"class", module_class(m.module)},
                        {"heads", is_multi_head(m.module) ? m.heads : 1},
                        {"n", n},
                        {"prefill", m.prefill},
                        {"chunk", m.chunk},
                        {"calls", int(calls.size())}});
        if (window) append_sentence(&e.task, t.say("practice.cache.window-note", {{"window", m.window}}));
        // Each count takes up to 6 characters and a separator ("2048, "): a long decode may not fit.
        if (calls.size() * 7 > kMaxPracticeText)
            append_sentence(&e.task, t.say("practice.too-long", {{"max", int(kMaxPracticeText)}}));
        e.hint = t.say(window ? "practice.cache.hint-window" : "practice.cache.hint");
        e.input_label = t.say("practice.cache.input");
        CacheCounts c;
        if (cache_counts(s, &c)) {
            for (size_t k = 0; k < c.calls.size(); ++k)
                e.answer += (k ? ", " : "") + std::to_string(c.heads * c.calls[k].second * c.keys[k]);
        }
    } else if (index == 4) {
        const int q = std::clamp(s.query, 0, std::max(0, n - 1));
        e.title = t.say("practice.window.title");
        e.task = t.say("practice.window.task",
                       {{"window", s.module.settings.window}, {"t", q}, {"label", n ? label(t, s, q) : std::string()}});
        e.hint = t.say("practice.window.hint");
        e.input_label = t.say("practice.window.input");
        if (n > 0 && s.module.enabled && s.module.settings.module == AttentionModule::SlidingWindowAttention)
            for (int k = std::max(0, q - s.module.settings.window + 1); k <= q; ++k)
                e.answer += (k > std::max(0, q - s.module.settings.window + 1) ? ", " : "") + std::to_string(k);
    } else {
        e.title = t.say("practice.top.title");
        e.task = t.say("practice.top.task", {{"seed", std::to_string(s.projection.seed)},
                                             {"d_out", s.projection.d_out},
                                             {"q", s.query},
                                             {"query", label(t, s, s.query)}});
        e.hint = t.say("practice.top.hint");
        e.input_label = t.say("practice.top.input");
        if (result && result->has_projection && !result->projection.weights.empty()) {
            const int best = argmax(result->projection.weights);
            e.answer = t.say("practice.top.answer", {{"label", label(t, s, best)}, {"i", best}});
        }
    }
    return e;
}

ExerciseCheck check_exercise(const TextCatalog& t, int index, const State& s, const AttentionResult& r,
                             const std::string& typed) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    if (index == 2) return check_top_token(t, s, r, typed);
    if (index == 3) return check_cache_scores(t, s, typed);
    if (index == 4) return check_window_keys(t, s, typed);
    const ParsedNumbers p = parse_numbers(typed, s.inputs.rows);
    return index == 0 ? check_scores(t, s, p) : check_weights(t, s, p);
}

}  // namespace attn
