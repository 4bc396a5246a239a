// After chapter 3: the attention a model runs while it generates, from the book repository's ch04
// bonus material, drawn under the module panel's heads and computed live by core/math:
//   GroupedQueryAttention      which head reads which key and value group (repeat_interleave)
//   MultiHeadAttentionWithSWA  the band each token sees
//   decode mode                one forward(x, use_cache=True) call at a time: its new rows of
//                              weights, what the cache keeps, the work saved, and the proof that
//                              the decoded rows are the full pass's
//   the cache's memory         for whole models, as the repository's memory estimators count it
//   one mask four ways         the book's, SDPA's boolean (the other polarity), additive and
//                              is_causal agree; a padded row that sees nothing; the polarity bug
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "core/document/words_scope.h"
#include "core/lesson/kv_memory_text.h"
#include "core/math/mask_comparison.h"
#include "core/text/printf_text.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "ui/cell_grid.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// "a..b" for count positions from first, or "a" for one.
std::string span(int first, int count) {
    return position_span(first, first + count - 1);
}

void groups(const FrameInput& in, const ModuleResult& r, UiState* ui) {
    if (in.concealed().module_groups) {  // the lesson asks which heads share a group
        prose(trf("Which heads read which key and value group: %s.", in.concealed().groups_reason().c_str()),
              muted_text());
        record_value(ui, "module:groups", kHidden);
        return;
    }
    // "repeat instead would ..." below would name the bug the trace asks about.
    if (groups_judged_in_trace(in.state)) {
        prose(tr("Which heads read which key and value group: for you to judge in the trace."), muted_text());
        record_value(ui, "module:groups", kHidden);
        return;
    }
    const ModuleSettings& s = r.settings;
    const int size = s.heads / s.kv_groups;
    std::string who;
    for (int g = 0; g < s.kv_groups && g < 8; ++g)
        who += trf("%sgroup %d: heads %s", g ? tr("; ") : "", g, span(g * size, size).c_str());  // "；" in Chinese
    const std::string after = s.kv_groups == 1         ? std::string(tr("One group is multi-query attention."))
                              : s.kv_groups == s.heads ? std::string(tr("One group per head is multi-head attention."))
                                                       : trf("repeat instead would hand group 0 to heads 0, %d, ...: "
                                                             "the wrong keys.",
                                                             s.kv_groups);
    prose(trf("num_kv_groups = %d: W_key and W_value make %d key and value head%s of width %d, and "
              "repeat_interleave(%d) hands each to %d heads in a row (%s). %s",
              s.kv_groups, s.kv_groups, plural_s(s.kv_groups), r.head_dim, size, size, who.c_str(), after.c_str()),
          muted_text());
    record_value(ui, "module:groups", who);
}

void window(const FrameInput& in, const ModuleResult& r) {
    if (in.concealed().module_window) return;  // the lesson asks which keys a window keeps
    const int w = r.settings.window;
    prose(trf("sliding_window_size = %d: each token sees itself and the %d before it, mask (diff < 0) | (diff >= %d) "
              "with diff = query - key position; the weights above are 0 outside the band.",
              w, w - 1, w),
          muted_text());
}

void decode(const FrameInput& in, const ModuleResult& r, UiState* ui) {
    const DecodeTrace& d = r.decode;
    if (d.calls.empty()) return;
    const int calls = int(d.calls.size());
    int& k = ui->module.decode_call;
    k = k < 0 || k >= calls ? calls - 1 : k;
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Generating with a KV cache (ch04/03_kv-cache)"));
    prose(
        tr("module.reset_cache(), then module(x, use_cache=True) on the prompt and on each new token: a call projects "
           "only its new tokens, appends their keys and values to the cache, and scores only its new queries."),
        muted_text());
    // Full-size buttons: the learner steps through every call, on a phone with a finger.
    const ImVec2 square(ImGui::GetFrameHeight(), ImGui::GetFrameHeight());
    if (ImGui::Button("<##call", square) && k > 0) --k;
    name_for_keyboard(trf("previous call: call %d of %d", k + 1, calls));
    record_layout(ui, "module:call-back");
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::Text(tr("call %d of %d"), k + 1, calls);
    ImGui::SameLine();
    if (ImGui::Button(">##call", square) && k + 1 < calls) ++k;
    name_for_keyboard(trf("next call: call %d of %d", k + 1, calls));
    record_layout(ui, "module:call-next");

    const CacheCall& c = d.calls[size_t(k)];
    if (in.concealed().module_cache || in.concealed().module_window) {  // how many keys a call scores, or which
        prose(trf("What each call scores and keeps: %s.", in.concealed().reason.c_str()), muted_text());
        record_value(ui, "module:call", kHidden);
        return;
    }
    const int heads = int(c.weights.size());
    const long long scores = (long long)heads * c.count * c.key_count;
    prose(trf(
        "Call %d: token%s %s score%s against keys %s: %lld scores over %d head%s, where a pass without the "
        "cache scores all %d \u00d7 %d per head again.",
        k + 1, plural_s(c.count), span(c.first, c.count).c_str(), verb_s(c.count),
        span(c.key_first, c.key_count).c_str(), scores, heads, plural_s(heads), c.first + c.count, c.first + c.count));
    const int kv = kv_heads(r.settings);
    if (c.first < r.settings.prefill)
        prose(trf("This call is part of the prompt (prefill): %d token%s in calls of %d, then one call per new token.",
                  r.settings.prefill, plural_s(r.settings.prefill),
                  r.settings.chunk > 0 ? r.settings.chunk : r.settings.prefill),
              muted_text());
    prose(trf("The cache now keeps %d row%s per sequence: 2 (keys, values) \u00d7 %d key and value head%s \u00d7 %d "
              "(head_dim) \u00d7 %d (rows) = %d numbers%s.",
              c.cache_rows, plural_s(c.cache_rows), kv, plural_s(kv), r.head_dim, c.cache_rows,
              2 * kv * r.head_dim * c.cache_rows,
              r.settings.module == AttentionModule::SlidingWindowAttention ? tr(" (never more than the window)") : ""),
          muted_text());
    record_value(ui, "module:call", trf("%d %d %d %d", c.first, c.count, c.key_first, c.key_count));
    for (int h = 0; h < heads && h < 8; ++h) {
        const std::string id = trf("module:call-head%d", h);
        CellGrid g{id.c_str(),
                   trf("head %d: weights over keys %s", h, span(c.key_first, c.key_count).c_str()),
                   &c.weights[size_t(h)],
                   1.0f,
                   2,
                   {},
                   &in.state.tokens,
                   ""};
        g.first_row = c.first;
        if (h) same_line_if_fits(cell_grid_width(g), grid_gap());
        cell_grid(g, ui);
    }
    CellGrid out{"module:call-output", tr("the call's output rows"), &c.output, 0.0f, 4, {}, &in.state.tokens, ""};
    out.first_row = c.first;
    cell_grid(out, ui);

    const long long full = (long long)heads * r.n * r.n;
    prose(calls == 1 ? trf("The 1 call: %lld scores with the cache, %lld in one full pass (and the full pass would run "
                           "again for every new token).",
                           d.scores_computed, full)
                     : trf("All %d calls: %lld scores with the cache, %lld in one full pass (and the full pass would "
                           "run again for every new token).",
                           calls, d.scores_computed, full),
          muted_text());
    const OutputComparison& same = r.decode_vs_full;
    prose(same.equal_bits
              ? trf("\u2713 The decoded rows equal the full pass's output, bit for bit: all %d rows.", r.n)
              : trf("The decoded rows differ from the full pass's by at most %.3g.", same.max_abs_difference),
          same.equal_bits ? ok_color() : error_color());
    record_value(ui, "module:decode-equal", same.equal_bits ? "bits" : trf("%.3g", same.max_abs_difference));
}

void memory(UiState* ui) {
    ModuleUi& m = ui->module;
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("The cache's memory for a whole model"));
    m.memory_preset = std::clamp(m.memory_preset, 0, kKvMemoryPresetCount - 1);
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 24));
    const char* preset = tr(kKvMemoryPresets[m.memory_preset].name);
    if (begin_combo("##memory", preset, trf("model: %s", preset))) {
        for (int p = 0; p < kKvMemoryPresetCount; ++p) {
            if (ImGui::Selectable(tr(kKvMemoryPresets[p].name), p == m.memory_preset)) {
                m.memory_preset = p;
                m.memory = kKvMemoryPresets[p].model;
                m.memory_error.clear();
            }
            if (keyboard_on_last_item())
                choice_for_keyboard(tr(kKvMemoryPresets[p].name), p == m.memory_preset, p, kKvMemoryPresetCount);
            if (p == m.memory_preset) ImGui::SetItemDefaultFocus();  // the list opens on the model shown
        }
        ImGui::EndCombo();
    }
    record_layout(ui, "module:memory-model");
    record_value(ui, "module:memory-preset", tr(kKvMemoryPresets[m.memory_preset].name));
    if (m.memory.heads == 0) m.memory = kKvMemoryPresets[0].model;
    KvMemoryModel& model = m.memory;
    // The sentences in the interface's words (core/lesson/kv_memory_text.h, which the text version
    // reads too).
    const WordsScope in_language(current_words());
    prose(kv_memory_sentences(model).sizes, muted_text());
    int64_t kv = model.kv_heads, context = model.context;
    // The - and + buttons step to the next divisor of the heads (8 -> 16 of 32), as num_kv_groups's
    // do; a typed number that does not divide them, or a context out of range, is named under the
    // fields and not applied.
    const float buttons = 2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
    if (whole_field(ui, "module:kv-heads", trf("kv heads (of %lld)", (long long)model.heads), &kv,
                    ImGui::GetFontSize() * 2.5f + buttons, 1, model.heads)) {
        m.memory_error = kv_heads_refusal(double(kv), model.heads);
        if (m.memory_error.empty()) model.kv_heads = kv;
    }
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::Text(tr("kv heads (of %lld)"), model.heads);
    same_line_if_fits(ImGui::GetFontSize() * 12);
    if (whole_field(ui, "module:context", tr("context length in tokens"), &context, ImGui::GetFontSize() * 8)) {
        m.memory_error = context_refusal(double(context));
        if (m.memory_error.empty()) model.context = context;
    }
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(tr("tokens"));
    if (!m.memory_error.empty()) {  // under its fields
        prose(m.memory_error, error_color());
        record_value(ui, "module:memory-error", m.memory_error);
    }
    const KvMemorySentences said = kv_memory_sentences(model);
    prose(said.arithmetic, muted_text());
    prose(said.estimator, muted_text());
    prose(said.total);
    record_value(ui, "module:memory", said.cache);
}

// The first `count` tokens as a quoted phrase ("Your journey starts"), the first eight when longer.
std::string quoted_words(const std::vector<std::string>& tokens, int count) {
    std::string out = "\"";
    for (int i = 0; i < count && i < 8; ++i) out += (i ? " " : "") + tokens[size_t(i)];
    return out + (count > 8 ? " ...\"" : "\"");
}

// One mask four ways libraries write it; left padding for a row that sees nothing; the book's
// mask handed to SDPA.
bool masks(const FrameInput& in, const ModuleRun& run, State* draft, UiState* ui) {
    ModuleUi& m = ui->module;
    const ModuleResult& r = run.result;
    const int n = r.n;
    const int pads = r.settings.pads;
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("One mask, the ways libraries write it"));
    if (in.concealed().module_masks || in.concealed().module_window) {  // polarity, or the window's keys
        const Concealment& c = in.concealed();
        prose(trf("How each library writes it: %s.", (c.module_window ? c.reason : c.masks_reason()).c_str()),
              muted_text());
        record_value(ui, "module:mask-differences", kHidden);
        return false;
    }
    if (m.mask_routes.serial != run.serial) {  // once per run, not every frame
        m.mask_routes.serial = run.serial;
        m.mask_routes.comparison = compare_mask_routes(r);
        m.mask_routes.differences.clear();
        for (float d : m.mask_routes.comparison.differences)
            m.mask_routes.differences += trf("%s%.1e", m.mask_routes.differences.empty() ? "" : " ", double(d));
        // key_padding_mask as PyTorch prints it, cut to the first kMaxGridCells keys.
        m.mask_routes.key_padding =
            pads > 0 ? "key_padding_mask = " +
                           format_bool_tensor(m.mask_routes.comparison.key_padding_mask, 2, n, kMaxGridCells, false)
                     : "";
    }
    const MaskComparison& v = m.mask_routes.comparison;
    const bool plain_causal = r.settings.module != AttentionModule::SlidingWindowAttention;
    code_line(tr("scores.masked_fill(mask, -torch.inf)  # True = hidden"));
    code_line(tr("F.scaled_dot_product_attention(q, k, v, attn_mask=~mask)  # True = kept"));
    code_line(tr("F.scaled_dot_product_attention(q, k, v, attn_mask=bias)  # 0 or -inf, added"));
    if (plain_causal) code_line(tr("F.scaled_dot_product_attention(q, k, v, is_causal=True)"));
    prose(
        v.largest == 0.0f
            ? trf("Head 0's weights come out the same all ways, to the last bit here (head_dim %d); SDPA multiplies "
                  "the "
                  "scores by 1 / \u221ad_k where the book divides by \u221ad_k, which can differ in the last bit.",
                  r.head_dim)
            : trf("Head 0's weights the other ways differ from the book's by at most %.1g: the same weights, as SDPA "
                  "multiplies the scores by 1 / \u221a%d where the book divides by \u221a%d (float32 rounding apart).",
                  double(v.largest), r.head_dim, r.head_dim),
        muted_text());
    if (!plain_causal || pads > 0)
        prose(tr("is_causal=True builds the plain triangle: a window or padding needs an attn_mask."), muted_text());
    record_value(ui, "module:mask-differences", m.mask_routes.differences);
    // A batch of two sentences of different lengths, padded to one length.
    // Typed into the state (module.pads: links carry it); out of range, refused under the field.
    int64_t typed = pads;
    bool edited = false;
    if (whole_field(ui, "module:pads", tr("pad tokens"), &typed, ImGui::GetFontSize() * 5)) {
        m.pads_error = typed >= 0 && typed < n ? std::string()
                                               : trf("pad tokens is %lld but must be 0..%d: the shorter sentence keeps "
                                                     "at least one token",
                                                     (long long)typed, n - 1);
        m.pads_error_version = in.state_version;  // said until the state changes
        if (m.pads_error.empty()) draft->module.settings.pads = int(typed), edited = true;
    }
    if (m.pads_error_version != in.state_version) m.pads_error.clear();
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    prose(
        tr("pad tokens: a batch of two sentences padded to one length, the second this many tokens shorter "
           "(key_padding_mask, True = ignored)"));
    if (!m.pads_error.empty()) {
        prose(m.pads_error, error_color());
        record_value(ui, "module:pads-error", m.pads_error);
    }
    if (pads > 0) {
        const int kept = n - pads;
        prose(
            trf("Sentence 1: all %d tokens, %s. Sentence 2: %d pad token%s on the left, then the first %d token%s, "
                "%s.",
                n, quoted_words(in.state.tokens, n).c_str(), pads, plural_s(pads), kept, plural_s(kept),
                quoted_words(in.state.tokens, kept).c_str()));
        ImGui::PushFont(mono_font());
        prose(m.mask_routes.key_padding);  // wrapped between its values on a phone
        ImGui::PopFont();
        // Sentence 2's rows: its pads, then its tokens (the labels follow a token renamed since).
        std::vector<std::string> labels;
        for (int i = 0; i < std::min(n, kMaxGridCells); ++i)
            labels.push_back(i < pads ? "[pad]" : in.state.tokens[size_t(i - pads)]);
        const bool windowed = r.settings.module == AttentionModule::SlidingWindowAttention;
        CellGrid g{"module:padded-weights",
                   trf("Sentence 2, head 0's weights: masked_fill(%s | key_padding_mask, -inf), a key hidden by "
                       "either mask",
                       windowed ? "window_mask" : "causal_mask"),
                   &v.padded_weights,
                   1.0f,
                   2,
                   {},
                   &labels,
                   ""};
        cell_grid(g, ui);
        prose(trf("Its tokens get exactly the weights they get alone (sentence 1's first %d row%s): largest "
                  "difference %g. The pads take no weight and change nothing.",
                  kept, plural_s(kept), double(v.alone_difference)),
              context_color());
        record_value(ui, "module:padded-alone", trf("%g", double(v.alone_difference)));
        prose(
            trf("A pad's own query sees no key: the book's softmax of all -inf gives %s, while "
                "scaled_dot_product_attention returns %s (its safe softmax, PyTorch 2.5 on; NaN before).",
                v.book_nan ? "NaN (0 / 0)" : tr("numbers"), v.sdpa_zero ? tr("zeros") : tr("numbers")));
        record_value(ui, "module:padded-row", trf("%s %d", v.book_nan ? "nan" : "number", v.sdpa_zero ? 0 : 1));
    }
    ImGui::Checkbox(tr("plant the bug: mask as attn_mask"), &m.polarity_bug);
    record_layout(ui, "module:polarity-bug");
    if (!m.polarity_bug) return edited;
    CellGrid g{"module:polarity",
               tr("attn_mask=mask: True now means kept"),
               &v.polarity_bug,
               1.0f,
               2,
               {},
               &in.state.tokens,
               ""};
    cell_grid(g, ui);
    prose(plain_causal
              ? tr("Each token attends to exactly the keys it should not see, and no longer to itself; the last token "
                   "sees nothing. SDPA's boolean mask says which keys to keep: pass ~mask.")
              : tr("Each token attends to exactly the keys it should not see, and no longer to itself. SDPA's boolean "
                   "mask says which keys to keep: pass ~mask."),
          error_color());
    record_value(ui, "module:polarity-diagonal", trf("%g", double(v.polarity_own)));
    return edited;
}

// The class draws at least one section after chapter 3's (groups, window, cache, masks).
bool has_generation_sections(const ModuleSettings& m) {
    return m.module == AttentionModule::GroupedQueryAttention || m.module == AttentionModule::SlidingWindowAttention ||
           m.decode || has_mask_routes(m.module);
}

}  // namespace

bool module_generation(const FrameInput& in, const ModuleResult& r, State* draft, UiState* ui) {
    if (has_generation_sections(r.settings) &&
        in.concealed().module_heads) {  // each section names head_dim, which the lesson asks
        ImGui::Spacing();
        prose(trf("After chapter 3 (the cache, the groups, the masks): %s.", in.concealed().reason.c_str()),
              muted_text());
        record_value(ui, "module:mask-differences", kHidden);
        return false;
    }
    if (r.settings.module == AttentionModule::GroupedQueryAttention) groups(in, r, ui);
    if (r.settings.module == AttentionModule::SlidingWindowAttention) window(in, r);
    if (r.settings.decode) decode(in, r, ui);
    if (r.settings.module == AttentionModule::GroupedQueryAttention || r.settings.decode) memory(ui);
    if (has_mask_routes(r.settings.module) && in.module) return masks(in, *in.module, draft, ui);
    return false;
}

float module_generation_height(const ModuleSettings& m, const UiState& ui, const Concealment& hidden, int n,
                               float width) {
    const float line = ImGui::GetTextLineHeightWithSpacing(), frame = ImGui::GetFrameHeightWithSpacing();
    if (has_generation_sections(m) && hidden.module_heads)
        return line * (width < ImGui::GetFontSize() * 30 ? 3 : 2);  // one covered line
    const float grid = line + std::floor(ImGui::GetFontSize() * 1.4f) * float(std::min(n, kMaxGridCells)) +
                       ImGui::GetStyle().ItemSpacing.y;
    const bool narrow = width < ImGui::GetFontSize() * 30;
    float h = 0;
    if (m.module == AttentionModule::GroupedQueryAttention) h += line * (narrow ? 7 : 4);
    if (m.module == AttentionModule::SlidingWindowAttention) h += line * (narrow ? 4 : 2);
    if (m.decode) {
        const int heads = is_multi_head(m.module) ? std::min(m.heads, 8) : 1;
        h += line * (narrow ? 16 : 10) + frame + grid * float(std::min(heads, narrow ? 8 : 4)) + grid;
    }
    if (m.module == AttentionModule::GroupedQueryAttention || m.decode) h += line * (narrow ? 8 : 5) + frame * 3;
    if (has_mask_routes(m.module))
        h += line * (narrow ? 16 : 9) + frame * 2 + (m.pads > 0 ? grid + line * (narrow ? 10 : 6) : 0) +
             (ui.module.polarity_bug ? grid + line * 3 : 0);
    return h;
}

}  // namespace attn::ui
