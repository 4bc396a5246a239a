// The sections and question kinds on the book's classes (steps 11 to 14 of the chapter). Every
// number comes from the module the state runs (run_module on the inputs on screen), so they stay
// true when the learner changes the class's settings or the data; with the module off, the
// constructor's section says how to turn it back on. Words: catalog ids "s.module.*" and "q.*".
#include <algorithm>
#include <cmath>
#include <string>

#include "core/document/module_json.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/pytorch_classes.h"
#include "core/lesson/quiz_detail.h"
#include "core/lesson/step_text.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

using quiz_detail::Ask;
using quiz_detail::QuizContext;

constexpr int kMaxChapterTokens = 64;  // the sections run the module per change: a few tokens, as the book

// Fixed decimals, so the choices "0.00" and "0.83" read alike and never merge by accident.
std::string fixed(float x, int decimals = 4) {
    return format_fixed(x, decimals);
}

std::string pair(int a, int b) {
    return "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

// Row 0's weight on the tokens after it when the mask fills with 0 instead of -inf.
float zero_mask_leak_of(const HeadTrace& t) {
    float leak = 0;
    for (int c = 1; c < t.weights_zero_masked.cols; ++c) leak += t.weights_zero_masked.at(0, c);
    return leak;
}

// The first weight dropout keeps (row-major), or -1 when none survives.
int first_kept(const HeadTrace& t) {
    for (size_t k = 0; k < t.dropout_mask.data.size(); ++k)
        if (t.dropout_mask.data[k] != 0 && t.weights.data[k] > 0) return int(k);
    return -1;
}

// The module run the sections and questions read: the page's own when it is of this state (kept
// beside it, redone only on a change), else one run here, only for a module of the book's size.
// Null when the module is off or cannot run.
const ModuleResult* module_for_step(const State& s, const ModuleRun* page_run, ModuleResult* local) {
    const ModuleSettings& m = s.module.settings;
    if (!s.module.enabled) return nullptr;
    if (page_run && module_run_matches(*page_run, s.inputs, m))
        return page_run->result.error.empty() ? &page_run->result : nullptr;
    if (s.inputs.rows > kMaxChapterTokens || s.inputs.cols > kMaxChapterTokens || m.d_out * m.heads > kMaxChapterTokens)
        return nullptr;
    *local = run_module(s.inputs, m);
    return local->error.empty() ? local : nullptr;
}

// The calls a generating model makes through its KV cache, as the classes panel runs them (its
// prefill, in chunks when it has them, then one token per call), named as the panel's PyTorch code
// names the module.
void cache_call_lines(const TextCatalog& t, const State& s, std::vector<LessonLine>* out) {
    const ModuleSettings& m = s.module.settings;
    if (!m.decode) {  // the learner turned decoding off in the panel: no calls to write
        out->push_back({LineKind::Warn, t.say("s.decode.off")});
        return;
    }
    const int n = s.inputs.rows, p = std::clamp(m.prefill, 1, std::max(1, n));
    const DecodeComments comments{p == 1 ? t.say("s.decode.prompt-one") : t.say("s.decode.prompt", {{"p", p}}),
                                  t.say("s.decode.chunks", {{"p", p}, {"c", m.chunk}}), t.say("s.decode.one-token")};
    for (std::string& line : decode_call_lines(book_instance_name(m.module), p, m.chunk, n, comments))
        out->push_back({LineKind::Code, std::move(line)});
}

enum class ChapterSection {
    None,
    Constructor,
    MaskingCode,
    MaskingRoutes,
    DropoutKept,
    Output,
    PlantedMasking,
    PlantedDropout,
    PlantedHeads,
    DecodeCalls
};

ChapterSection section_of(std::string_view name) {
    if (name == "module-constructor") return ChapterSection::Constructor;
    if (name == "masking-code") return ChapterSection::MaskingCode;
    if (name == "masking-routes") return ChapterSection::MaskingRoutes;
    if (name == "dropout-kept") return ChapterSection::DropoutKept;
    if (name == "module-output") return ChapterSection::Output;
    if (name == "planted-masking-bugs") return ChapterSection::PlantedMasking;
    if (name == "planted-dropout-bug") return ChapterSection::PlantedDropout;
    if (name == "planted-head-bugs") return ChapterSection::PlantedHeads;
    if (name == "decode-calls") return ChapterSection::DecodeCalls;
    return ChapterSection::None;
}

}  // namespace

bool is_chapter_section(std::string_view name) {
    return section_of(name) != ChapterSection::None;
}

void chapter_section_lines(std::string_view name, const Lesson& lesson, const State& s, const AttentionResult& result,
                           const ModuleRun* page_run, std::vector<LessonLine>* out) {
    const TextCatalog& t = lesson.texts;
    const ChapterSection section = section_of(name);
    if (section == ChapterSection::MaskingCode) {
        const std::string n = std::to_string(s.inputs.rows);
        out->push_back({LineKind::Code, "mask = torch.triu(torch.ones(" + n + ", " + n + "), diagonal=1)"});
        out->push_back({LineKind::Code, "masked = attn_scores.masked_fill(mask.bool(), -torch.inf)"});
        return;
    }
    if (!s.module.enabled) {
        if (section == ChapterSection::Constructor) out->push_back({LineKind::Warn, t.say("s.module.off")});
        return;
    }
    if (section == ChapterSection::DecodeCalls) {
        cache_call_lines(t, s, out);
        return;
    }
    ModuleResult local;
    const ModuleResult* run = module_for_step(s, page_run, &local);
    if (!run) return;
    const ModuleResult& r = *run;
    const ModuleSettings& m = s.module.settings;
    const HeadTrace& h = r.batches[0][0];
    const bool batch_weights =
        m.module == AttentionModule::CausalAttention || m.module == AttentionModule::MultiHeadWrapper;
    std::string planted;  // the bugs of the section to plant, once its question is answered
    switch (section) {
        case ChapterSection::Constructor:
            out->push_back({LineKind::Code,
                            "torch.manual_seed(" + std::to_string(m.seed) + "); module = " + module_constructor(r)});
            return;
        case ChapterSection::MaskingRoutes: {
            const float d = largest_difference(h.weights, h.masked_simple_norm);
            out->push_back({LineKind::Good, t.say("s.module.routes-agree", {{"difference", fixed(d, 6)}})});
            return;
        }
        case ChapterSection::DropoutKept: {
            const int k = h.has_dropout ? first_kept(h) : -1;
            if (k >= 0)
                out->push_back({LineKind::Code,
                                t.say("s.module.dropout-kept", {{"i", k / h.weights.cols},
                                                                {"j", k % h.weights.cols},
                                                                {"weight", fixed(h.weights.data[size_t(k)])},
                                                                {"kept", fixed(h.weights_dropped.data[size_t(k)])}}),
                                0});
            return;
        }
        case ChapterSection::Output: {
            // With dropout the row shows what became of the weights it kept (at p = 0.5, twice
            // the row without it): after the step's question, as the weights are.
            const bool after = h.has_dropout && !step_questions(lesson, s, result, page_run).empty();
            // The first token's row: output[0] of v1's and v2's (n, d_out), output[0][0] of the
            // batched classes' (b, n, d_out) (step 11 named a number of v2's output as a row).
            std::string row = "output[0][0] = ";
            if (m.module == AttentionModule::SelfAttentionV1 || m.module == AttentionModule::SelfAttentionV2)
                row.erase(9, 3);  // "output[0] = "
            out->push_back({LineKind::Code, row + vec(r.output[0].row_vector(0)), after ? 0 : -1});
            return;
        }
        case ChapterSection::PlantedMasking:
            if (m.causal || has_dropout_layer(m.module))
                planted = t.say(batch_weights ? "s.module.plant-masking-batch" : "s.module.plant-masking");
            break;
        case ChapterSection::PlantedDropout:
            if (h.has_dropout) planted = t.say("s.module.plant-dropout");
            break;
        case ChapterSection::PlantedHeads:
            planted = t.say(m.module == AttentionModule::MultiHeadAttention ? "s.module.plant-heads"
                                                                            : "s.module.plant-heads-other-class");
            break;
        default:
            return;
    }
    if (planted.empty()) return;
    // After the step's question when it asks one (some data asks none: one token, a draw that
    // keeps no weight), else at once.
    const std::vector<Question> asked = step_questions(lesson, s, result, page_run);
    out->push_back({LineKind::Note, t.say("s.module.plant", {{"bugs", planted}}), asked.empty() ? -1 : 0});
}

namespace quiz_detail {
namespace {

// The module run a question on the book's classes reads, or null (off, or it cannot run).
const ModuleResult* run_for(const QuizContext& c, ModuleResult* local) {
    return module_for_step(c.s, c.module, local);
}

}  // namespace

ATTN_LESSON_ENTRY bool linear_weight_shape(const QuizContext& c, Question* out) {
    ModuleResult local;
    const ModuleResult* r = run_for(c, &local);
    const ModuleSettings& m = c.s.module.settings;
    if (!r || m.module == AttentionModule::SelfAttentionV1) return false;
    Ask a(c, "linear-weight-shape");
    a.q.prompt = a.say("prompt", {{"d_in", r->d_in}, {"d_out", m.d_out}});
    a.add(pair(m.d_out, r->d_in), true, "", "");
    a.add(pair(r->d_in, m.d_out), false, a.say("v1-layout.why"), "xw-as-wx");
    a.add(pair(r->d_in, r->d_in), false, a.say("square.why", {{"d_in", r->d_in}, {"d_out", m.d_out}}),
          "linear-keeps-width");
    a.q.answer = a.say("answer", {{"shape", pair(m.d_out, r->d_in)}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool zero_mask_leak(const QuizContext& c, Question* out) {
    ModuleResult local;
    const ModuleResult* r = run_for(c, &local);
    if (!r || r->batches[0][0].weights_zero_masked.rows <= 1) return false;
    const float leak = zero_mask_leak_of(r->batches[0][0]);
    Ask a(c, "zero-mask-leak");
    a.q.prompt = a.say("prompt", {{"label", label(c.t, c.s, 0)}});
    a.add(fixed(leak, 2), true, "", "");
    a.add("0.00", false, a.say("none.why"), "mask-with-zero");
    a.add("1.00", false, a.say("all.why"), "mask-with-zero");
    a.q.answer = a.say("answer", {{"leak", fixed(leak, 4)}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool dropout_kept(const QuizContext& c, Question* out) {
    ModuleResult local;
    const ModuleResult* r = run_for(c, &local);
    if (!r) return false;
    const HeadTrace& h = r->batches[0][0];
    const int k = h.has_dropout ? first_kept(h) : -1;
    if (k < 0) return false;
    const float w = h.weights.data[size_t(k)], kept = h.weights_dropped.data[size_t(k)];
    const float p = float(c.s.module.settings.dropout);
    Ask a(c, "dropout-kept");
    a.q.prompt = a.say("prompt", {{"p", fixed(p, 2)}, {"weight", fixed(w)}});
    a.add(fixed(kept), true, "", "");
    a.add(fixed(w), false, a.say("unchanged.why"), "dropout-keeps-sum");
    a.add(fixed(w * p), false, a.say("times-p.why", {{"keep", fixed(1 - p, 2)}}), "dropout-scales-by-p");
    a.add("0.0000", false, a.say("dropped.why"), "dropout-drops-all");
    a.q.answer = a.say("answer", {{"kept", fixed(kept)}, {"weight", fixed(w)}, {"p", fixed(p, 2)}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool wrapper_width(const QuizContext& c, Question* out) {
    ModuleResult local;
    const ModuleResult* r = run_for(c, &local);
    const ModuleSettings& m = c.s.module.settings;
    if (!r || m.module != AttentionModule::MultiHeadWrapper) return false;
    Ask a(c, "wrapper-width");
    a.q.prompt = a.say("prompt", {{"d_out", m.d_out}, {"heads", m.heads}});
    a.add(std::to_string(r->out_width), true, "", "");
    a.add(std::to_string(m.d_out), false, a.say("one-head.why"), "heads-are-not-concatenated");
    a.add("1", false, a.say("split.why"), "d-out-is-split");
    a.q.answer = a.say("answer", {{"width", r->out_width}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool head_dim(const QuizContext& c, Question* out) {
    ModuleResult local;
    const ModuleResult* r = run_for(c, &local);
    const ModuleSettings& m = c.s.module.settings;
    if (!r || m.module != AttentionModule::MultiHeadAttention) return false;
    Ask a(c, "head-dim");
    a.q.prompt = a.say("prompt", {{"d_out", m.d_out}, {"heads", m.heads}});
    a.add(std::to_string(r->head_dim), true, "", "");
    a.add(std::to_string(m.d_out), false, a.say("whole.why"), "d-out-is-per-head");
    a.add(std::to_string(m.d_out * m.heads), false, a.say("times.why"), "d-out-is-per-head");
    a.q.answer = a.say("answer", {{"head_dim", r->head_dim}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

}  // namespace quiz_detail
}  // namespace attn
