// The rest of chapter 3 as the book's own classes, run on the inputs on screen: the class and its
// constructor arguments, the code and its printed output, then what the class adds, each computed
// live by core/math/attention_modules:
//   SelfAttention_v1 / _v2   other numbers at the same seed, and why; Exercise 3.1 (weight.T)
//   a causal mask            the two routes of 3.5.1 agree; masked_fill with 0 leaks (planted bug)
//   dropout                  the mask, survivors at w / (1 - p), rows that no longer sum to 1
//   the multi-head classes   one heatmap per head, head_dim, the view/transpose shape tracer
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "core/document/module_json.h"
#include "core/lesson/planted_bugs.h"
#include "core/lesson/pytorch_classes.h"
#include "core/lesson/track.h"
#include "core/math/deferred_entry.h"
#include "core/text/printf_text.h"
#include "core/text/tensor_format.h"
#include "ui/cell_grid.h"
#include "ui/number_fields.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// Where each of kAllModules comes from: the chapter's sections, then the repository's ch04 folders.
const char* const kSections[] = {"3.4.1", "3.4.2", "3.5.3", "3.6.1", "3.6.2", "ch04/04_gqa", "ch04/06_swa"};
constexpr int kClassCount = int(sizeof kAllModules / sizeof kAllModules[0]);
static_assert(sizeof kSections / sizeof kSections[0] == kClassCount, "a section per class");

std::string num(float x, int decimals = 4) {
    return format_fixed(x, decimals);
}

// The panel's refusal of a setting, on the line under that setting's field (not rows below it).
void field_error(UiState* ui, const char* name) {
    if (ui->module.error.empty() || ui->module.error_field != name) return;
    prose(ui->module.error, error_color());
    record_value(ui, "module:error", ui->module.error);
    ui->module.error_drawn = true;
    ImGui::Dummy(ImVec2(0, 0));  // a following SameLine starts on a line of its own, not after the message
}

// A labelled whole-number field; true when it was edited to a number in [lo, hi] (others are
// named in the panel's error and not applied).
// divisors_of > 0: its buttons and arrow keys step to divisors of it (number_fields.h).
bool whole_in(UiState* ui, const char* name, const char* label, int64_t* value, int64_t lo, int64_t hi, float width,
              int64_t divisors_of = 0) {
    int64_t v = *value;
    bool edited = false;
    if (whole_field(ui, std::string("module:") + name, label, &v, width, 1, divisors_of)) {
        if (v < lo || v > hi) {
            ui->module.error =
                trf("%s is %lld but must be %lld..%lld", label, (long long)v, (long long)lo, (long long)hi);
            ui->module.error_field = name;
        } else {
            ui->module.error.clear();
            *value = v;
            edited = true;
        }
    }
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(label);
    field_error(ui, name);
    return edited;
}

bool whole(UiState* ui, const char* name, const char* label, int* value, int lo, int hi, int divisors_of = 0) {
    int64_t v = *value;
    if (!whole_in(ui, name, label, &v, lo, hi, ImGui::GetFontSize() * 6, divisors_of)) return false;
    *value = int(v);
    return true;
}

bool seed_field(UiState* ui, const char* name, const char* label, uint64_t* seed) {
    int64_t v = int64_t(std::min<uint64_t>(*seed, uint64_t(INT64_MAX)));
    if (!whole_in(ui, name, label, &v, 0, int64_t(kMaxSeed), ImGui::GetFontSize() * 7)) return false;
    *seed = uint64_t(v);
    return true;
}

// The class picker and the constructor's arguments. Picking a class loads the book's settings for
// it, so its first screen prints what the book prints.
bool settings(const FrameInput& in, State* draft, UiState* ui) {
    ModuleSettings& m = draft->module.settings;
    bool edited = false;
    int current = 0;
    for (int k = 0; k < kClassCount; ++k)
        if (kAllModules[k] == m.module) current = k;
    // As wide as its longest item ("MultiHeadAttentionWithSWA  (ch04/06_swa)", wider in some
    // languages) and the arrow, within the panel.
    float widest = 0;
    for (int k = 0; k < kClassCount; ++k)
        widest = std::max(widest,
                          ImGui::CalcTextSize(trf("%s  (%s)", module_class(kAllModules[k]), kSections[k]).c_str()).x);
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::SetNextItemWidth(
        std::min(ImGui::GetContentRegionAvail().x,
                 widest + ImGui::GetFrameHeight() + style.FramePadding.x * 2 + style.ItemInnerSpacing.x));
    const std::string preview = trf("%s  (%s)", module_class(m.module), kSections[current]);
    if (begin_combo("##class", preview, trf("class: %s", preview.c_str()))) {
        for (int k = 0; k < kClassCount; ++k) {
            const std::string item = trf("%s  (%s)", module_class(kAllModules[k]), kSections[k]);
            if (ImGui::Selectable(item.c_str(), k == current) && k != current) {
                m = book_module_settings(kAllModules[k]);
                ui->module = ModuleUi();
                edited = true;
            }
            if (keyboard_on_last_item()) choice_for_keyboard(item, k == current, k, kClassCount);
            if (k == current) ImGui::SetItemDefaultFocus();  // the list opens on the class shown
            record_layout(ui, std::string("module:class:") + module_class(kAllModules[k]), ImGui::GetItemRectMin(),
                          ImGui::GetItemRectMax());
        }
        ImGui::EndCombo();
    }
    record_layout(ui, "module:class");
    same_line_if_fits(ImGui::CalcTextSize(tr("as in the book")).x + ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button(tr("as in the book"))) {
        m = book_module_settings(m.module);
        edited = true;
    }
    // Said again once pressed: the settings are the book's now.
    if (keyboard_on_last_item())
        name_for_keyboard(tr("as in the book"), m == book_module_settings(m.module) ? tr(", in use") : "");
    record_layout(ui, "module:book");

    // A field and its name side by side while they fit the width (a phone wraps them).
    const auto next_field = [](const char* label) {
        same_line_if_fits(ImGui::GetFontSize() * 6 + ImGui::GetStyle().ItemInnerSpacing.x +
                          ImGui::CalcTextSize(label).x);
    };
    edited |= seed_field(ui, "seed", tr("seed"), &m.seed);  // as the trainable panel names it
    next_field("d_out");
    edited |= whole(ui, "d_out", "d_out", &m.d_out, 1, 64);
    const bool multi = is_multi_head(m.module), dropout = has_dropout_layer(m.module);
    if (multi) {
        next_field("num_heads");
        edited |= whole(ui, "heads", "num_heads", &m.heads, 1, 8);
    }
    if (m.module != AttentionModule::SelfAttentionV1) {
        edited |= ImGui::Checkbox(tr("qkv_bias"), &m.qkv_bias);
        record_layout(ui, "module:qkv_bias");
    }
    if (!dropout) {
        if (m.module != AttentionModule::SelfAttentionV1) ImGui::SameLine();
        edited |= ImGui::Checkbox(tr("causal mask"), &m.causal);
        record_layout(ui, "module:causal");
    } else {
        float p = float(m.dropout);
        if (decimal_field(ui, "module:dropout", tr("dropout p"), &p, 2, ImGui::GetFontSize() * 4)) {
            if (!(p >= 0.0f && p < 1.0f)) {
                ui->module.error = trf("dropout p is %s but must be at least 0 and less than 1", num(p, 2).c_str());
                ui->module.error_field = "dropout";
            } else {
                ui->module.error.clear();
                m.dropout = std::round(double(p) * 1e6) / 1e6;  // 0.1 as typed, not float's 0.10000000149
                edited = true;
            }
        }
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::TextUnformatted(tr("dropout p"));
        field_error(ui, "dropout");
        ImGui::SameLine();
        edited |= ImGui::Checkbox(tr("training"), &m.training);
        record_layout(ui, "module:training");
        edited |= whole(ui, "batch", tr("batch"), &m.batch, 1, 8);
        const char* reseed = tr("re-seed before forward");
        same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                          ImGui::CalcTextSize(reseed).x);
        edited |= ImGui::Checkbox(reseed, &m.reseed_dropout);
        record_layout(ui, "module:reseed");
        if (m.reseed_dropout)
            edited |= seed_field(ui, "dropout_seed", tr("torch.manual_seed before dropout"), &m.dropout_seed);
    }
    // The repository's classes' own settings, and decode mode (ch04).
    if (m.module == AttentionModule::GroupedQueryAttention) {
        // The - and + buttons and the arrow keys step to the next divisor of num_heads (2 -> 4 with
        // 4 heads, not 3); a typed 3 stays 3, and the core says why it cannot apply.
        edited |= whole(ui, "kv_groups", "num_kv_groups", &m.kv_groups, 1, m.heads, m.heads);
        // Said beside the field, so that + going from 2 to 4 is not a surprise.
        const std::string hint = trf("(it must divide num_heads: %s)", divisor_list(m.heads).c_str());
        same_line_if_fits(ImGui::CalcTextSize(hint.c_str()).x);
        ImGui::TextColored(muted_text(), "%s", hint.c_str());
        record_value(ui, "module:kv-groups-hint", hint);
    }
    if (m.module == AttentionModule::SlidingWindowAttention)
        edited |= whole(ui, "window", "sliding_window_size", &m.window, 1, 4096);
    if (has_kv_cache(m.module)) {
        if (ImGui::Checkbox(tr("decode with a KV cache"), &m.decode)) {
            edited = true;
            m.prefill = std::min(m.prefill, in.state.inputs.rows);
            ui->module.decode_call = -1;
        }
        record_layout(ui, "module:decode");
        if (m.decode) {
            if (whole(ui, "prefill", tr("prompt tokens (prefill)"), &m.prefill, 1, in.state.inputs.rows)) {
                m.chunk = std::min(m.chunk, m.prefill);  // a shorter prompt takes its chunk with it
                edited = true;
            }
            edited |= whole(ui, "chunk", tr("chunk (0: all at once)"), &m.chunk, 0, m.prefill);
        }
    }
    // A message whose field is not drawn now (decode turned off under prefill's): said here, as before.
    if (!ui->module.error.empty() && !ui->module.error_drawn) {
        prose(ui->module.error, error_color());
        record_value(ui, "module:error", ui->module.error);
    }
    if (in.input_error.where == "module") {  // the class's own rule, refused by the core
        const std::string refusal = tr(in.input_error);
        prose(refusal, error_color());
        record_value(ui, "module:refusal", refusal);
    }
    return edited;
}

// The code the book runs, as a few lines of mono text.
void code_lines(const ModuleResult& r, const std::string& var) {
    const ModuleSettings& s = r.settings;
    ImGui::PushFont(mono_font());
    ImGui::TextColored(muted_text(), tr("torch.manual_seed(%llu)"), (unsigned long long)s.seed);
    prose(var + " = " + module_constructor(r));
    std::string call = var + "(inputs)";
    if (s.batch > 1 || has_dropout_layer(s.module)) {  // the classes of 3.5 on read (b, n, d_in)
        ImGui::TextColored(muted_text(), tr("batch = torch.stack((inputs,) * %d)"), s.batch);
        call = var + "(batch)";
    }
    if (!s.training) ImGui::TextColored(muted_text(), tr("%s.eval()"), var.c_str());
    if (s.reseed_dropout)
        ImGui::TextColored(muted_text(), tr("torch.manual_seed(%llu)"), (unsigned long long)s.dropout_seed);
    ImGui::Text(tr("print(%s)"), call.c_str());
    if (s.decode)  // then as it generates: the prompt, then one token per call
        prose(trf("%s.reset_cache(); %s(prompt, use_cache=True), then %s(next_token, use_cache=True) per token",
                  var.c_str(), var.c_str(), var.c_str()),
              muted_text());
    ImGui::PopFont();
}

// SelfAttention_v1 against _v2 at the same seed: other numbers, and why; then Exercise 3.1.
void versions(const FrameInput& in, const ModuleRun& run, UiState* ui) {
    const ModuleResult& r = run.result;
    if (!run.other.error.empty() || run.other.output.empty()) return;
    const bool v1 = r.settings.module == AttentionModule::SelfAttentionV1;
    const float bound = 1.0f / std::sqrt(float(r.d_in));
    ImGui::Spacing();
    prose(tr("v1 and v2 after the same torch.manual_seed print other numbers"));
    prose(trf("%s(d_in=%d, d_out=%d) after torch.manual_seed(%llu) prints:", module_class(run.other.settings.module),
              r.d_in, r.settings.d_out, (unsigned long long)r.settings.seed),
          muted_text());
    CellGrid other{"module:other", "", &run.other.output[0], 0.0f, 4, {}, &in.state.tokens, ""};
    cell_grid(other, ui);
    if (in.concealed().module_layout) {  // the lesson asks how nn.Linear stores its weight
        prose(trf("How each one stores its weights: %s.", in.concealed().reason.c_str()), muted_text());
        record_value(ui, "module:layout", kHidden);
    } else {
        prose(trf("v1 draws torch.rand, values in [0, 1), stored (d_in, d_out) = (%d,\u00a0%d). v2's nn.Linear draws "
                  "from \u00b11/\u221ad_in = \u00b1%.4f and stores its weight (d_out, d_in) = (%d,\u00a0%d), computing "
                  "x @ weight.T.",
                  r.d_in, r.settings.d_out, double(bound), r.settings.d_out, r.d_in),
              muted_text());
        record_value(ui, "module:layout", trf("(%d, %d)", r.settings.d_out, r.d_in));
    }
    if (in.concealed().module_layout) return;  // Exercise 3.1's "weight.T" would answer the question
    if (r.settings.qkv_bias) {                 // v1 has no bias to load one into
        prose(tr("Exercise 3.1 copies v2's weights into v1, which has no bias: turn qkv_bias off to try it."),
              muted_text());
        return;
    }
    if (ImGui::Button(tr("Exercise 3.1: copy v2's weight.T into v1"))) ui->module.exercise_loaded = true;
    record_layout(ui, "module:exercise");
    if (!ui->module.exercise_loaded) return;
    const ModuleResult& v2 = v1 ? run.other : r;
    if (!run.v1_loaded.error.empty() || run.v1_loaded.output.empty() || v2.output.empty()) return;
    prose(tr("sa_v1.W_query = nn.Parameter(sa_v2.W_query.weight.T), the same for W_key and W_value. v1 now prints "
             "(v2 without bias):"),
          muted_text());
    CellGrid loaded{"module:loaded", "", &run.v1_loaded.output[0], 0.0f, 4, {}, &in.state.tokens, ""};
    cell_grid(loaded, ui);
    const float d = largest_difference(run.v1_loaded.output[0], v2.output[0]);
    const std::string verdict = trf("largest difference from v2: %s", num(d, 6).c_str()) +
                                (d < 1e-5f ? tr(": the same module, written two ways") : "");
    prose(verdict, d < 1e-5f ? ok_color() : error_color());
    record_value(ui, "module:exercise-difference", num(d, 6));
}

// The planted bug of mask polarity: tril where triu belongs, so each query keeps itself and the
// future and loses the past.
// A planted bug (core/lesson/planted_bugs.h): its checkbox, then, ticked, head 0's weights with the
// bug and the sentence that says what went wrong, its number recorded as `value_name`. name: the
// checkbox's layout name ("module:zero-mask"); grid: the weights' grid's. covered: while the lesson
// asks what the bug does, what is said instead (the checkbox stays).
void planted(const FrameInput& in, PlantedBug bug, bool* ticked, const char* name, const char* grid,
             const char* value_name, UiState* ui, const std::string& covered = "") {
    const ModuleResult& r = in.module->result;
    if (!offers_planted_bug(bug, r)) return;
    ImGui::Checkbox(tr(planted_bug_label(bug)).c_str(), ticked);
    record_layout(ui, name);
    if (!covered.empty()) {
        prose(covered, muted_text());
        record_value(ui, value_name, kHidden);
        return;
    }
    if (!*ticked) return;  // worked out only while ticked: the sums and the sentence
    const size_t b = size_t(std::clamp(ui->module.batch, 0, int(r.batches.size()) - 1));
    const PlantedBugView v = planted_bug(bug, r, b, in.state.tokens);
    if (v.weights) {
        CellGrid g{grid, tr(v.caption), v.weights, 1.0f, 2, {}, &in.state.tokens, ""};
        cell_grid(g, ui);
    }
    prose(tr(v.says), v.shows ? error_color() : muted_text());
    record_value(ui, value_name, v.value);
}

// 3.5.1's two routes, and the planted bugs of mask polarity and of masking with 0.
// The state's sliding window, or 0 for the classes that mask the whole triangle.
int s_window(const FrameInput& in) {
    const ModuleSettings& m = in.state.module.settings;
    return m.module == AttentionModule::SlidingWindowAttention ? m.window : 0;
}

void masking(const FrameInput& in, const HeadTrace& t, UiState* ui) {
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Masking two ways (3.5.1)"));
    if (in.concealed().module_window) {  // the weights show which keys the window keeps
        prose(trf("Which keys each token weighs: %s.", in.concealed().reason.c_str()), muted_text());
        record_value(ui, "module:routes-difference", kHidden);
        return;
    }
    const bool band = s_window(in) > 0;  // sliding-window attention masks a band, not the triangle
    CellGrid simple{"module:masked-simple",
                    band ? tr("softmax, then \u00d7 the band's 0/1, then \u00f7 row sums")
                         : tr("softmax, then \u00d7 tril(ones), then \u00f7 row sums"),
                    &t.masked_simple_norm,
                    1.0f,
                    2,
                    {},
                    &in.state.tokens,
                    ""};
    CellGrid neg_inf{"module:masked-inf",
                     band ? tr("masked_fill((diff < 0) | (diff >= W), -inf), then softmax")
                          : tr("masked_fill(triu(ones, 1), -inf), then softmax"),
                     &t.weights,
                     1.0f,
                     2,
                     {},
                     &in.state.tokens,
                     ""};
    cell_grid(simple, ui);
    same_line_if_fits(cell_grid_width(neg_inf), grid_gap());
    cell_grid(neg_inf, ui);
    const float d = largest_difference(t.masked_simple_norm, t.weights);
    // prose, not Text: a line wider than a phone's panel would make it scroll sideways (and keep
    // the finger from scrolling the course page).
    prose(trf("largest difference %s%s", num(d, 6).c_str(),
              d < 1e-5f ? tr(": the same weights") : tr(": the routes disagree here")),
          d < 1e-5f ? ok_color() : error_color());
    record_value(ui, "module:routes-difference", num(d, 6));
    planted(in, PlantedBug::FlippedMask, &ui->module.flipped_mask, "module:flipped-mask", "module:masked-flipped",
            "module:flipped-future", ui);
    planted(in, PlantedBug::ZeroMask, &ui->module.zero_mask, "module:zero-mask", "module:masked-zero", "module:leak",
            ui, in.concealed().module_leak ? trf("Planted. What it leaks: %s.", in.concealed().reason.c_str()) : "");
}

// 3.5.2: the mask, survivors at w / (1 - p), row sums no longer 1.
void dropout(const FrameInput& in, const ModuleResult& r, const HeadTrace& t, UiState* ui) {
    const ModuleSettings& s = r.settings;
    ImGui::Spacing();
    if (!t.has_dropout) {
        ImGui::TextUnformatted(tr("Dropout (3.5.2)"));
        prose(s.dropout > 0 ? tr("module.eval(): dropout is off, every weight passes unchanged.")
                            : tr("p = 0: nothing is dropped. Set dropout p (the book uses 0.5) to see its mask."),
              muted_text());
        return;
    }
    const float keep = float(1.0 / (1.0 - s.dropout));
    if (in.concealed().module_dropout) {  // the lesson asks what a kept weight becomes
        ImGui::Text(tr("Dropout (3.5.2), p = %s"), format_fixed(float(s.dropout), 2).c_str());
        prose(trf("The mask and the weights after it: %s.", in.concealed().reason.c_str()), muted_text());
        record_value(ui, "module:row-sums", kHidden);
        return;
    }
    prose(trf("Dropout (3.5.2), p = %s: each kept weight becomes w / (1 - p) = w \u00d7 %s",
              format_fixed(float(s.dropout), 2).c_str(), num(keep, 2).c_str()));
    CellGrid mask{
        "module:dropout-mask", tr("the mask (0 or 1 / (1 - p))"), &t.dropout_mask, keep, 1, {}, &in.state.tokens, ""};
    float top = 0;
    for (float w : t.weights_dropped.data)
        if (std::isfinite(w)) top = std::max(top, w);
    CellGrid dropped{"module:dropped",
                     tr("attention weights after dropout"),
                     &t.weights_dropped,
                     std::max(top, 1.0f),
                     2,
                     {},
                     &in.state.tokens,
                     ""};
    cell_grid(mask, ui);
    same_line_if_fits(cell_grid_width(dropped), grid_gap());
    cell_grid(dropped, ui);
    const std::string sums = format_fixed_list(row_sums(t.weights_dropped), 2, kMaxGridCells);  // "1.00, 0.50, ..."
    prose(trf("row sums: %s. No longer 1: dropout rescales the survivors so the expected sum stays 1.", sums.c_str()),
          muted_text());
    record_value(ui, "module:row-sums", sums);
    planted(in, PlantedBug::UnscaledDropout, &ui->module.unscaled_dropout, "module:unscaled-dropout",
            "module:dropped-unscaled", "module:unscaled-mean-sum", ui);
    prose(tr("These masks are the ones Debian's PyTorch draws, which match the book's printout. Other PyTorch builds "
             "(other CPUs, MKL) draw other masks from the same code."),
          muted_text());
}

// MultiHeadAttention's planted bug: the scores of a head divided by sqrt(d_out), the whole width,
// instead of sqrt(head_dim), the head's own. Shown for head 0 before dropout.
void wrong_scale(const FrameInput& in, const ModuleResult& r, UiState* ui) {
    ImGui::Checkbox(tr(planted_bug_label(PlantedBug::WrongScale)).c_str(), &ui->module.wrong_scale);
    record_layout(ui, "module:wrong-scale");
    if (!ui->module.wrong_scale) return;
    const size_t b = size_t(std::clamp(ui->module.batch, 0, int(r.batches.size()) - 1));
    const PlantedBugView v = planted_bug(PlantedBug::WrongScale, r, b, in.state.tokens);
    if (!v.weights) return;
    CellGrid right{"module:scale-right",
                   "head 0, \u00f7 \u221ahead_dim",
                   &r.batches[b][0].weights,
                   1.0f,
                   2,
                   {},
                   &in.state.tokens,
                   ""};
    CellGrid wrong{"module:scale-wrong", tr(v.caption), v.weights, 1.0f, 2, {}, &in.state.tokens, ""};
    cell_grid(right, ui);
    same_line_if_fits(cell_grid_width(wrong), grid_gap());
    cell_grid(wrong, ui);
    prose(tr(v.says), v.shows ? error_color() : muted_text());
    record_value(ui, "module:wrong-scale-difference", v.value);
}

// Digits in groups of three: 2,360,064.
std::string grouped(long long x) {
    std::string digits = std::to_string(x), out;
    for (size_t k = 0; k < digits.size(); ++k) {
        if (k && (digits.size() - k) % 3 == 0) out += ',';
        out += digits[k];
    }
    return out;
}

// This module's parameter count, and the book's Exercise 3.3 (hidden until asked for): the same
// class at the size of the smallest GPT-2, counted by the same rule.
void gpt2_size(const ModuleResult& r, UiState* ui) {
    const ModuleSettings& s = r.settings;
    prose(trf("This module holds %s parameters: W_query, W_key, W_value (3 \u00d7 %d \u00d7 %d%s) and out_proj "
              "(%d \u00d7 %d + %d).",
              grouped(module_parameter_count(s, r.d_in)).c_str(), s.d_out, r.d_in,
              s.qkv_bias ? tr(", with biases") : "", s.d_out, s.d_out, s.d_out),
          muted_text());
    record_value(ui, "module:parameters", grouped(module_parameter_count(s, r.d_in)));
    if (ImGui::Button(tr("Exercise 3.3: GPT-2's size"))) ui->module.exercise_gpt2 = true;
    record_layout(ui, "module:exercise-3.3");
    if (!ui->module.exercise_gpt2) return;
    ModuleSettings gpt2 = s;
    gpt2.d_out = 768;
    gpt2.heads = 12;
    gpt2.qkv_bias = false;
    const std::string count = grouped(module_parameter_count(gpt2, 768));
    ImGui::PushFont(mono_font());
    prose(tr("MultiHeadAttention(d_in=768, d_out=768, context_length=1024, dropout=0.0, num_heads=12)"));
    ImGui::PopFont();
    prose(trf("The smallest GPT-2 has 12 heads and 768-dimensional embeddings, and reads up to 1024 tokens. Each "
              "head is %d wide (768 / 12); the module holds %s parameters, and its causal mask is a 1024 \u00d7 "
              "1024 buffer, not a parameter.",
              768 / 12, count.c_str()),
          ok_color());
    record_value(ui, "module:exercise-3.3", count);
}

void heads(const FrameInput& in, const ModuleResult& r, UiState* ui) {
    const ModuleSettings& s = r.settings;
    const size_t b = size_t(std::clamp(ui->module.batch, 0, int(r.batches.size()) - 1));
    const bool mha = s.module != AttentionModule::MultiHeadWrapper;  // one projection split into heads
    ImGui::Spacing();
    // Wrapped: on a phone, or beside a narrow panel, the line ran past the edge.
    prose(s.module == AttentionModule::GroupedQueryAttention
              ? trf("%d heads, each with its own queries; keys and values from its group", s.heads)
              : trf("%d heads (3.6), each with its own weights", s.heads));
    for (size_t h = 0; h < r.batches[b].size(); ++h) {
        const std::string id = trf("module:head%d", int(h));
        CellGrid g{
            id.c_str(), trf("head %d weights", int(h)), &r.batches[b][h].weights_dropped, 1.0f, 2, {}, &in.state.tokens,
            ""};
        // The mask's shape is the answer; or, with dropout, what a kept weight becomes.
        if (in.concealed().covers_class_weights())
            g.covered = trf("Which keys it weighs: %s.", in.concealed().reason.c_str());
        if (h) same_line_if_fits(cell_grid_width(g), grid_gap());
        cell_grid(g, ui);
    }
    if (!mha && in.concealed().module_heads) {
        prose(trf("How the heads' outputs are joined: %s.", in.concealed().reason.c_str()), muted_text());
        return;
    }
    if (!mha) {
        prose(trf("torch.cat([head(x) for head in self.heads], dim=-1): each head gives d_out = %d columns, so the "
                  "output has d_out \u00d7 num_heads = %d.",
                  s.d_out, r.out_width),
              muted_text());
        // The book's Exercise 3.2, checked live.
        const bool solved = s.heads == 2 && r.out_width == 2;
        prose(tr("Exercise 3.2: keep num_heads = 2 and make the output two-dimensional instead of four."),
              ImGui::GetStyleColorVec4(ImGuiCol_Text));
        prose(solved ? std::string(tr("\u2713 solved: the output is 2-dimensional with 2 heads"))
                     : trf("not yet: the output has %d columns", r.out_width),
              solved ? ok_color() : muted_text());
        record_value(ui, "module:exercise-3.2", solved ? "solved" : "open");
        return;
    }
    if (in.concealed().module_heads) {  // the lesson asks how wide a head is
        prose(trf("head_dim and the shape tracer: %s.", in.concealed().reason.c_str()), muted_text());
        record_value(ui, "module:scrambled-rows", kHidden);
        return;
    }
    prose(trf("head_dim = d_out / num_heads = %d / %d = %d; scores are divided by \u221ahead_dim, then out_proj "
              "(d_out \u00d7 d_out) mixes the heads.",
              s.d_out, s.heads, r.head_dim),
          muted_text());
    // The shape tracer.
    const int n = r.n, hd = r.head_dim, bs = s.batch;
    ImGui::Checkbox(tr(planted_bug_label(PlantedBug::NoTranspose)).c_str(), &ui->module.view_without_transpose);
    record_layout(ui, "module:view-bug");
    const bool right = !ui->module.view_without_transpose;
    ImGui::PushFont(mono_font());
    // GQA's keys have kv_groups heads; its queries have num_heads, as MultiHeadAttention's keys do.
    const char* what = s.module == AttentionModule::GroupedQueryAttention ? "queries" : "keys";
    if (right)
        prose(trf("%s (%d, %d, %d) .view(b, n, h, hd) \u2192 (%d, %d, %d, %d) .transpose(1, 2) \u2192 (%d, %d, %d, %d)",
                  what, bs, n, s.d_out, bs, n, s.heads, hd, bs, s.heads, n, hd));
    else
        prose(trf("%s (%d, %d, %d) .view(b, h, n, hd) \u2192 (%d, %d, %d, %d): the right shape, the wrong numbers",
                  what, bs, n, s.d_out, bs, s.heads, n, hd));
    ImGui::PopFont();
    Matrix shape(n, hd);
    for (int h = 0; h < s.heads && h < 8; ++h) {
        const std::string id = trf("module:slice%d", h);
        CellGrid g{id.c_str(), trf("head %d: which token each row holds", h), &shape,           1.0f,
                   -1,         slice_tokens(n, s.heads, hd, h, right),        &in.state.tokens, ""};
        if (h) same_line_if_fits(cell_grid_width(g), grid_gap());
        cell_grid(g, ui);
    }
    const PlantedBugView v = planted_bug(PlantedBug::NoTranspose, r, 0, in.state.tokens, right);
    prose(tr(v.says), right ? ok_color() : error_color());
    record_value(ui, "module:scrambled-rows", v.value);
    wrong_scale(in, r, ui);
    if (s.module == AttentionModule::MultiHeadAttention) gpt2_size(r, ui);
}

}  // namespace

// What the panel shows once the classes run: their settings, code, outputs and sections. Not part of
// the first view (core/view/deferred_code.h): drawn once the page has the deferred code, which
// turning the classes on asks for.
ATTN_DEFERRED_ENTRY bool module_body(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    const ModuleRun* run = in.module;
    edited |= settings(in, draft, ui);
    const ModuleResult& r = run->result;
    if (!r.error.empty()) {
        prose(tr("Cannot run on these inputs: ") + tr(r.error), error_color());
        return edited;
    }
    const ModuleSettings& s = r.settings;
    const std::string var = book_instance_name(s.module);
    ImGui::Separator();
    code_lines(r, var);
    const size_t b = size_t(std::clamp(ui->module.batch, 0, int(r.output.size()) - 1));
    const std::string shape = s.batch > 1
                                  ? trf("output, shape (%d, %d, %d), batch %d", s.batch, r.n, r.out_width, int(b))
                                  : trf("output, shape (%d, %d)", r.n, r.out_width);
    CellGrid out{"module:output", shape, &r.output[b], 0.0f, 4, {}, &in.state.tokens, ""};
    // Step 14 asks how wide a head or the wrapper's output is; step 13 what a kept weight becomes,
    // which the output's rows show (twice the rows without dropout, at p = 0.5).
    const bool covered = in.concealed().module_heads || in.concealed().module_dropout;
    if (covered) {
        out.title = tr("output");
        out.covered = trf("The output's numbers and shape: %s.", in.concealed().reason.c_str());
    }
    cell_grid(out, ui);
    if (!r.output[b].data.empty()) record_value(ui, "module:output", covered ? kHidden : num(r.output[b].at(0, 0)));

    const HeadTrace& t = r.batches[b][0];
    // The section the step's settings are about: the heads, dropout, the masks, or v1 and v2.
    enum class Section { Versions, Masking, Dropout, Heads, Generation };
    const bool generation = after_chapter_3(s);
    const Section about = generation                                     ? Section::Generation
                          : is_multi_head(s.module)                      ? Section::Heads
                          : has_dropout_layer(s.module) && s.dropout > 0 ? Section::Dropout
                          : s.causal || has_dropout_layer(s.module)      ? Section::Masking
                                                                         : Section::Versions;
    float section_y = -1;  // where the step's section begins (window content coordinates)
    const auto top_if_about = [&](Section section) {
        if (section != about) return;
        section_y = ImGui::GetCursorPosY();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        record_layout(ui, "module:section", at,
                      ImVec2(at.x + ImGui::GetContentRegionAvail().x, at.y + ImGui::GetTextLineHeight()));
        if (ui->module.section_scroll <= 0) return;
        // At the section's own line: SetScrollHereY would aim at the item before it (a whole grid).
        // A section near the end (dropout, whose results wait for the answer) stops where the
        // content ends, lower than the top but whole: no blank room is made below it to reach the top.
        // Up by the item spacing, not the padding: the foot of the control before it stays out of sight.
        ImGui::SetScrollFromPosY(ImGui::GetCursorPosY() - ImGui::GetScrollY() - ImGui::GetStyle().ItemSpacing.y, 0.0f);
        --ui->module.section_scroll;
    };
    if (s.module == AttentionModule::SelfAttentionV1 || s.module == AttentionModule::SelfAttentionV2) {
        top_if_about(Section::Versions);
        versions(in, *run, ui);
    }
    if (s.causal || has_dropout_layer(s.module)) {
        top_if_about(Section::Masking);
        masking(in, t, ui);
    }
    // (b, n, n) weights: MultiHeadAttention's are (b, h, n, n), where dim=1 is the heads.
    planted(in, PlantedBug::WrongDim, &ui->module.wrong_dim, "module:wrong-dim", "module:wrong-dim",
            "module:wrong-dim-row0", ui);
    if (has_dropout_layer(s.module)) {
        top_if_about(Section::Dropout);
        dropout(in, r, t, ui);
    }
    if (is_multi_head(s.module)) {
        top_if_about(Section::Heads);
        heads(in, r, ui);
    }
    if (generation) top_if_about(Section::Generation);
    ui->module.section_y = section_y;
    edited |= module_generation(in, r, draft, ui);
    return edited;
}

bool panel_module(const FrameInput& in, State* draft, UiState* ui) {
    bool edited = false;
    ui->module.error_drawn = false;
    ui->module.section_y = -1;  // module_body sets it when it draws the step's section
    // A step shows its own planted bug, not the last step's: a new step unticks them all, and step
    // 12, whose question plants the 0 fill, ticks that one (its answer is what the box shows).
    if (in.state.step != ui->module.step_seen) {
        ModuleUi& m = ui->module;
        m.zero_mask = in.state.step == 12 && in.state.lesson.mode == LessonMode::Track;
        m.view_without_transpose = m.wrong_dim = m.flipped_mask = m.unscaled_dropout = m.wrong_scale = false;
        m.step_seen = in.state.step;
    }
    // A step about the classes opens the panel on its own section, not the last step's, and a
    // reveal (which adds what the question covered) brings it up again (a few passes: the sections
    // above may still change their heights after the first).
    const int moment = in.state.step * 64 + in.state.lesson.question * 2 + (in.state.lesson.revealed ? 1 : 0);
    if (moment != ui->module.section_moment) {
        ui->module.section_moment = moment;
        ui->module.section_scroll = in.state.step > 0 && in.state.lesson.mode == LessonMode::Track ? 3 : 0;
    }
    if (ImGui::Checkbox(tr("run the book's classes"), &draft->module.enabled)) {
        // In steps 11 to 14 of the track, the step's own class; elsewhere SelfAttention_v2, where
        // the book's classes begin.
        const Lesson* lesson = in.lesson->lesson;
        const ModuleDocument step = lesson && lesson->step(in.state.step)
                                        ? apply_step_setup(*lesson, in.state.step, in.state).module
                                        : ModuleDocument();
        if (draft->module.enabled)
            draft->module.settings = step.enabled && in.state.lesson.mode == LessonMode::Track
                                         ? step.settings
                                         : book_module_settings(AttentionModule::SelfAttentionV2);
        edited = true;
    }
    record_layout(ui, "module:toggle");
    help_marker(
        "help:module",
        tr("The rest of chapter 3 as the book writes it: SelfAttention_v2 with nn.Linear, CausalAttention with its "
           "mask and dropout, and the two multi-head classes. Every parameter is drawn the way PyTorch draws it, so "
           "the numbers are the book's."));
    if (in.state.module.enabled &&
        !code_here_or_ask(in, ui, tr("The book's classes are on their way..."), "module:retry"))
        return edited;
    if (!in.state.module.enabled || !in.module || !in.module->valid) {
        prose(tr("Off: turn it on for nn.Linear, causal masks, dropout and multi-head attention (3.4.2 to 3.6), then "
                 "the KV cache, grouped-query and sliding-window attention of the book repository's ch04."),
              muted_text());
        return edited;
    }
    return module_body(in, draft, ui) || edited;
}

float module_panel_height(const State& s, const UiState& ui, const Concealment& hidden, float width) {
    const ModuleSettings& m = s.module.settings;
    const float line = ImGui::GetTextLineHeightWithSpacing(), frame = ImGui::GetFrameHeightWithSpacing();
    const int n = std::min(s.inputs.rows, kMaxGridCells);
    const float gap = grid_gap();
    // A grid: its title, its rows, and a line when it is cut to kMaxGridCells.
    const float grid = line + std::floor(ImGui::GetFontSize() * 1.4f) * float(n) + ImGui::GetStyle().ItemSpacing.y +
                       (s.inputs.rows > kMaxGridCells ? line : 0);
    CellGrid square{"", "", nullptr, 1.0f, 2, {}, &s.tokens, ""};
    Matrix shape(n, n);
    square.m = &shape;
    const bool pairs = 2 * cell_grid_width(square) + gap <= width;  // two (n, n) grids side by side
    const float pair = pairs ? grid : 2 * grid;
    const bool dropout = has_dropout_layer(m.module), multi = is_multi_head(m.module);
    // The toggle, the class, seed and d_out, the check boxes and p (wrapping on a phone), the code.
    float h = frame * (dropout ? 5.0f : 3.0f) + (width < ImGui::GetFontSize() * 26 ? frame * 2 : 0) + line * 6 + grid;
    if (m.module == AttentionModule::SelfAttentionV1 || m.module == AttentionModule::SelfAttentionV2)
        h += line * 5 + grid + frame + (ui.module.exercise_loaded ? line * 3 + grid : 0);
    if (m.causal || dropout)
        h += line * 3 + pair + frame * 2 +
             (ui.module.zero_mask ? (hidden.module_leak ? line : grid + line * 3) : 0) +  // covered: one line
             (ui.module.flipped_mask ? grid + line * 4 : 0);
    if (dropout)
        h += hidden.module_dropout ? line * 2
             : m.training && m.dropout > 0
                 ? line * 7 + pair + frame + (ui.module.unscaled_dropout ? grid + line * 4 : 0)
                 : line * 3;
    if (dropout) h += frame + (ui.module.wrong_dim ? grid + line * 3 : 0);
    if (m.module == AttentionModule::MultiHeadWrapper) h += hidden.module_heads ? line : line * 3;
    if (multi) {
        const int heads = std::min(m.heads, 8);
        const float per_row = std::max(1.0f, std::floor((width + gap) / (cell_grid_width(square) + gap)));
        const float head_rows = std::ceil(float(heads) / per_row);
        // While step 14 asks for a head's width, the heads' weights show and the rest waits.
        h += hidden.module_heads ? line * 3 + frame + grid * head_rows : line * 6 + frame + grid * head_rows * 2;
        // The sqrt(d_out) switch and its grids; the parameter count, Exercise 3.3's button and its lines.
        if (m.module == AttentionModule::MultiHeadAttention && !hidden.module_heads)
            h += frame * 2 + line * 3 + (ui.module.wrong_scale ? pair + line * 3 : 0) +
                 (ui.module.exercise_gpt2 ? line * 7 : 0);
    }
    h += module_generation_height(m, ui, hidden, s.inputs.rows, width) + (has_kv_cache(m.module) ? frame * 3 : 0);
    // Two lines to spare: a frame sized to this estimate must never cut the panel off (the
    // browser's text can wrap a line more than the estimate counts), and the layouts measure a
    // panel only when it does not fit.
    return h + line * 2;
}

}  // namespace attn::ui
