// The built-in sections of the track's first ten steps, one function each, and step_lines(), which
// lays a step's lines out from its file. Code stays as the book prints it; every word comes from
// the catalog (lessons/<lang>/texts.json, ids "s.<section>.*"); every number from the state.
#include "core/lesson/step_text.h"

#include <cmath>

#include "core/lesson/lab.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/lesson_values.h"
#include "core/lesson/quiz.h"
#include "core/lesson/scaling.h"
#include "core/lesson/sharpness.h"
#include "core/lesson/token_words.h"
#include "core/math/dot.h"
#include "core/math/extremes.h"
#include "core/math/normalize.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

using Lines = std::vector<LessonLine>;

struct Section {
    const Lesson& lesson;
    const TextCatalog& t;
    const State& s;
    const AttentionResult& r;
    Lines* out;
    void add(LineKind kind, std::string text, int after = -1) { out->push_back({kind, std::move(text), after}); }
};

float total(const Vector& v) {
    float t = 0;
    for (float x : v) t += x;
    return t;
}

ATTN_LESSON_ENTRY void dot_product(Section& c) {
    const State& s = c.s;
    const int q = s.query, d = s.inputs.cols;
    c.add(LineKind::Code, "torch.dot(inputs[0], query) = torch.dot(" + row(s, 0) + ", " + row(s, q) + ")");
    const std::vector<DotStep> steps = dot_steps(s.inputs.row(0), s.inputs.row(q), d);
    for (int k = 0; k < d && k < 6; ++k)
        c.add(LineKind::Code,
              c.t.say("s.dot-product.term", {{"k", k},
                                             {"x", typed(s.inputs.at(0, k))},
                                             {"y", typed(s.inputs.at(q, k))},
                                             {"product", num(steps[size_t(k)].product)},
                                             {"sum", num(steps[size_t(k)].running_sum)}}),
              0);
    if (d > 6) c.add(LineKind::Code, c.t.say("s.dot-product.more", {{"more", d - 6}}), 0);
    const float manual = dot_loop(s.inputs.row(0), s.inputs.row(q), d);
    const float library = dot_library(s.inputs.row(0), s.inputs.row(q), d);
    if (manual == library)
        c.add(LineKind::Good, c.t.say("s.dot-product.agree", {{"manual", num(manual)}, {"library", num(library)}}), 0);
    else
        c.add(LineKind::Warn,
              c.t.say("s.dot-product.differ", {{"manual", format_scalar(manual)}, {"library", format_scalar(library)}}),
              0);
}

// Every token whose score is exactly that of token i, named: "'one'", "'Your' and 'step'", "'the'
// (positions 0 and 4)", "'a' and 3 more" (a tie is not one token). skip: a token left out (the query), or -1.
// Token i by its word, and by its position too where another token is the same word ("the"
// (position 4) in "the cat sat on the mat").
std::string named(const Section& c, int i) {
    for (size_t k = 0; k < c.s.tokens.size(); ++k)
        if (int(k) != i && c.s.tokens[k] == c.s.tokens[size_t(i)])
            return c.t.say("value.token-at", {{"label", label(c.t, c.s, i)}, {"i", i}});
    return label(c.t, c.s, i);
}

std::string tied(const Section& c, const Vector& scores, int i, int skip = -1) {
    std::vector<int> same;
    for (size_t k = 0; k < scores.size(); ++k)
        if (int(k) != skip && scores[k] == scores[size_t(i)]) same.push_back(int(k));
    if (same.size() <= 1) return named(c, i);
    if (same.size() == 2 && label(c.t, c.s, same[0]) == label(c.t, c.s, same[1]))  // "the cat sat on the mat"
        return c.t.say("s.list.same-two", {{"a", label(c.t, c.s, same[0])}, {"i", same[0]}, {"j", same[1]}});
    if (same.size() == 2)
        return c.t.say("s.list.two", {{"a", label(c.t, c.s, same[0])}, {"b", label(c.t, c.s, same[1])}});
    return c.t.say("s.list.more", {{"a", label(c.t, c.s, same[0])}, {"more", int(same.size() - 1)}});
}

ATTN_LESSON_ENTRY void score_loop(Section& c) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const int n = s.inputs.rows, q = s.query;
    c.add(LineKind::Code, c.t.say("s.score-loop.empty", {{"n", n}}), 1);
    for (int i = 0; i < n && i < 8; ++i)
        c.add(LineKind::Code,
              "attn_scores[" + std::to_string(i) + "] = torch.dot(inputs[" + std::to_string(i) + "], query) = " +
                  dot_terms(s.inputs.row(i), s.inputs.row(q), s.inputs.cols, 4) + " = " + num(r.scores[size_t(i)]),
              1);
    if (n > 8) c.add(LineKind::Code, c.t.say("s.score-loop.more", {{"more", n - 8}}), 1);
    const int hi = argmax(r.scores), lo = argmin_finite(r.scores);
    c.add(
        LineKind::Prose,
        c.t.say(n == 1 ? "s.score-loop.focus-one" : "s.score-loop.focus", {{"n", n},
                                                                           {"best", tied(c, r.scores, hi)},
                                                                           {"best_score", num(r.scores[size_t(hi)])},
                                                                           {"worst", tied(c, r.scores, lo)},
                                                                           {"worst_score", num(r.scores[size_t(lo)])}}),
        1);
}

ATTN_LESSON_ENTRY void alignment_extremes(Section& c) {
    const State& s = c.s;
    // Among the other tokens: the query's own score says nothing about the others.
    Vector others = c.r.scores;
    if (others.size() > 1) others[size_t(s.query)] = -INFINITY;
    const int hi = argmax(others);
    if (others.size() > 1) others[size_t(s.query)] = INFINITY;
    const int lo = argmin_finite(others);
    if (others.size() <= 1) {  // one token: no other to compare with
        c.add(LineKind::Prose,
              c.t.say("s.alignment.extremes-one",
                      {{"query", label(c.t, s, s.query)}, {"score", num(c.r.scores[size_t(s.query)])}}),
              0);
        return;
    }
    c.add(LineKind::Prose,
          c.t.say(c.r.scores[size_t(hi)] == c.r.scores[size_t(s.query)]
                      ? "s.alignment.extremes-self"  // a tie the table shows
                      : "s.alignment.extremes",
                  {{"best", tied(c, c.r.scores, hi, s.query)},
                   {"query", named(c, s.query)},
                   {"best_score", num(c.r.scores[size_t(hi)])},
                   {"worst", tied(c, c.r.scores, lo, s.query)},
                   {"worst_score", num(c.r.scores[size_t(lo)])}}),
          0);
}

ATTN_LESSON_ENTRY void normalise(Section& c) {
    const AttentionResult& r = c.r;
    const Sharpness k = compare_sharpness(r);
    c.add(LineKind::Code, c.t.say("s.normalise.scores", {{"scores", vec(r.lab_scores)}}));
    c.add(LineKind::Code,
          c.t.say("s.normalise.by-sum",
                  {{"sum", num(k.total)}, {"weights", vec(r.weights_sum)}, {"total", num(total(r.weights_sum))}}),
          0);
    c.add(
        LineKind::Code,
        c.t.say("s.normalise.softmax", {{"weights", vec(r.weights_softmax)}, {"total", num(total(r.weights_softmax))}}),
        0);
    if (k.sharper == Sharper::SumBreaks) {
        c.add(LineKind::Warn,
              c.t.say("s.normalise.sum-breaks", {{"sum", num(k.total)}, {"weights", vec(r.weights_sum)}}));
        return;
    }
    // The words say what the numbers show, as the step's question does: on close scores softmax is
    // the flatter one.
    const char* how = k.sharper == Sharper::Softmax       ? "s.normalise.softmax-sharper"
                      : k.sharper == Sharper::DivideBySum ? "s.normalise.softmax-flatter"
                                                          : "s.normalise.softmax-same";
    c.add(LineKind::Prose,
          c.t.say("s.normalise.compare",
                  {{"softmax_top", num(k.softmax_top)}, {"sum_top", num(k.sum_top)}, {"how", c.t.say(how)}}),
          0);
}

ATTN_LESSON_ENTRY void softmax_lab_lines(Section& c) {
    const SoftmaxLab lab = softmax_lab(c.t, c.r.scores, c.s.lab_scale, c.s.tokens);
    // What the lab shows at this scale, the overflow among it: the step's question asks for it.
    for (size_t i = 0; i < lab.explanation.size(); ++i)
        c.add(i + 1 < lab.explanation.size() && lab.naive_broken ? LineKind::Warn : LineKind::Prose, lab.explanation[i],
              0);
}

ATTN_LESSON_ENTRY void context_terms(Section& c) {
    const State& s = c.s;
    const int n = s.inputs.rows;
    for (int i = 0; i < n && i < 8; ++i)
        c.add(LineKind::Code, "  " + num(c.r.weights[size_t(i)]) + " · " + row(s, i) + "   # " + code_label(s, i));
    if (n > 8) c.add(LineKind::Code, c.t.say("s.context-vector.more", {{"more", n - 8}}));
    c.add(LineKind::Code, "z = " + vec(c.r.context), 0);
    c.add(LineKind::Prose, c.t.say("s.context-vector.size", {{"d", s.inputs.cols}}), 0);
}

ATTN_LESSON_ENTRY void score_matrix(Section& c) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const int n = s.inputs.rows, d = s.inputs.cols, q = s.query;
    const std::string nn = std::to_string(n), dd = std::to_string(d);
    c.add(LineKind::Code,
          "attn_scores = inputs @ inputs.T   # (" + nn + ", " + dd + ") @ (" + dd + ", " + nn + ") -> (" + nn + ", " +
              nn + ")",
          0);
    const Vector row_q = r.score_matrix.row_vector(q);
    bool same = row_q.size() == r.scores.size();
    for (size_t i = 0; same && i < row_q.size(); ++i)
        same = row_q[i] == r.scores[i] || std::fabs(row_q[i] - r.scores[i]) <= 1e-5f * (1 + std::fabs(r.scores[i]));
    c.add(LineKind::Code, "attn_scores[" + std::to_string(q) + "] = " + vec(row_q), 0);
    if (same)
        c.add(LineKind::Good, c.t.say("s.score-matrix.row-matches", {{"q", q}}), 0);
    else
        c.add(LineKind::Warn, c.t.say("s.score-matrix.row-differs", {{"q", q}, {"scores", vec(r.scores)}}), 0);
    c.add(LineKind::Code, c.t.say("s.score-matrix.softmax", {{"sums", vec(row_sums(r.weight_matrix))}}), 1);
}

ATTN_LESSON_ENTRY void trainable(Section& c) {
    if (!c.r.has_projection) {
        c.add(LineKind::Warn, c.t.say("s.trainable.off"));
        return;
    }
    const ProjectionResult& p = c.r.projection;
    c.add(LineKind::Code, "d_k = keys.shape[-1] = " + std::to_string(p.keys.cols) + ", scores = " + vec(p.scores));
    const std::string root = "sqrt(" + std::to_string(p.keys.cols) + ")";
    c.add(LineKind::Code, (c.s.scale ? "weights = softmax(scores / " + root + ") = " : "weights = softmax(scores) = ") +
                              vec(p.weights) + (c.s.scale ? "   # " + root + " = " + num(p.scale_divisor) : ""));
}

ATTN_LESSON_ENTRY void scaling_summary(Section& c) {
    const ScalingTable table = scaling_table(c.t, c.s);
    if (!table.error.empty()) {
        c.add(LineKind::Warn, table.error);
    } else if (table.rows.size() >= 2) {
        const ScalingRow& a = table.rows.front();
        const ScalingRow& b = table.rows.back();
        c.add(LineKind::Prose,
              c.t.say("s.scaling.summary", {{"unscaled_small", num(a.max_unscaled)},
                                            {"d_small", a.d_out},
                                            {"unscaled_large", num(b.max_unscaled)},
                                            {"d_large", b.d_out},
                                            {"scaled_small", num(a.max_scaled)},
                                            {"scaled_large", num(b.max_scaled)}}),
              0);
    }
}

ATTN_LESSON_ENTRY void causal_mask(Section& c) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const int n = s.inputs.rows, q = s.query;
    if (!s.causal) c.add(LineKind::Warn, c.t.say("s.causal-mask.off"));
    c.add(LineKind::Code, c.t.say("s.causal-mask.mask", {{"n", n}}));
    c.add(LineKind::Code, "attn_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)");
    c.add(LineKind::Code, "scores  = " + vec(r.scores), 0);
    c.add(LineKind::Code, "weights = " + vec(r.weights), 0);
    int visible = 0;
    std::string names;
    for (int j = 0; j < n; ++j)
        if (std::isfinite(r.scores[size_t(j)])) {
            ++visible;
            if (visible <= 8) names += (names.empty() ? "" : ", ") + label(c.t, s, j);
        }
    if (visible > 8) names += ", …";
    c.add(LineKind::Prose,
          c.t.say(visible == 1 ? "s.causal-mask.sees-one" : "s.causal-mask.sees",
                  {{"query", label(c.t, s, q)}, {"q", q}, {"visible", visible}, {"names", names}}),
          0);
}

struct SectionEntry {
    const char* name;
    void (*lines)(Section&);
};

const SectionEntry kSections[] = {
    {"dot-product", dot_product},   {"score-loop", score_loop},         {"alignment-extremes", alignment_extremes},
    {"normalise", normalise},       {"softmax-lab", softmax_lab_lines}, {"context-terms", context_terms},
    {"score-matrix", score_matrix}, {"trainable", trainable},           {"scaling-summary", scaling_summary},
    {"causal-mask", causal_mask},
};

}  // namespace

bool is_step_section(std::string_view name) {
    for (const SectionEntry& e : kSections)
        if (name == e.name) return true;
    return is_chapter_section(name);
}

std::string step_section_names() {
    std::string out;
    for (const SectionEntry& e : kSections) out += std::string(out.empty() ? "" : ", ") + e.name;
    return out +
           ", module-constructor, masking-code, masking-routes, dropout-kept, module-output, "
           "planted-masking-bugs, planted-dropout-bug, planted-head-bugs, decode-calls";
}

bool question_done(const LessonState& lesson, int k) {
    return lesson.question > k || (lesson.question == k && lesson.revealed);
}

std::vector<LessonLine> step_lines(const Lesson& lesson, const State& s, const AttentionResult& r,
                                   const ModuleRun* module) {
    Lines out;
    const StepSpec* step = lesson.step(s.step);
    if (!step) return out;
    TemplateValues values;
    bool have_values = false;
    for (const LessonLineSpec& spec : step->lines) {
        const size_t first = out.size();
        if (spec.section.empty()) {
            if (!have_values) {
                const ModuleResult* run =
                    module && module->valid && module_run_matches(*module, s.inputs, s.module.settings)
                        ? &module->result
                        : nullptr;
                values = lesson_values(s, r, s.module.enabled ? run : nullptr, lesson.texts);
                have_values = true;
            }
            out.push_back({spec.kind, render_template(spec.text, values), spec.after});
            continue;
        }
        if (is_chapter_section(spec.section)) {
            chapter_section_lines(spec.section, lesson, s, r, module, &out);
        } else {
            Section c{lesson, lesson.texts, s, r, &out};
            for (const SectionEntry& e : kSections)
                if (spec.section == e.name) e.lines(c);
        }
        // A section's lines wait at least as long as the file's line says.
        for (size_t i = first; i < out.size(); ++i) out[i].after_question = std::max(out[i].after_question, spec.after);
    }
    // A section written for a step with more questions (a teacher's lesson reusing one) waits for
    // the step's last question instead; with no question, nothing waits.
    const int asked = int(step->questions.size());
    for (LessonLine& line : out)
        if (line.after_question >= asked) line.after_question = asked - 1;
    return out;
}

AlignmentWords alignment_words(const TextCatalog& texts, const State& s) {
    AlignmentWords w;
    w.headers = {texts.say("alignment.header.query", {{"query", s.tokens[size_t(s.query)]}}),
                 texts.say("alignment.header.products"), texts.say("alignment.header.dot"),
                 texts.say("alignment.header.reading")};
    w.caption = texts.say("alignment.caption");
    w.covered = texts.say("alignment.covered");
    return w;
}

std::vector<AlignmentRow> alignment_rows(const TextCatalog& t, const State& s, const AttentionResult& r, int max_rows) {
    std::vector<AlignmentRow> rows;
    const int q = s.query, d = s.inputs.cols;
    double qq = 0;
    for (int k = 0; k < d; ++k) qq += double(s.inputs.at(q, k)) * s.inputs.at(q, k);
    for (int i = 0; i < s.inputs.rows && i < max_rows; ++i) {
        AlignmentRow row;
        row.token = i;
        row.label = s.tokens[size_t(i)] + " = " + vec(s.inputs.row(i), s.inputs.cols, 2, 4);
        double xx = 0;
        for (int k = 0; k < d && k < 6; ++k)
            row.products += (k ? ", " : "") + num(s.inputs.at(q, k) * s.inputs.at(i, k));
        if (d > 6) row.products += ", …";
        for (int k = 0; k < d; ++k) xx += double(s.inputs.at(i, k)) * s.inputs.at(i, k);
        row.dot = r.scores[size_t(i)];
        row.cosine = (qq > 0 && xx > 0) ? float(double(row.dot) / std::sqrt(qq * xx)) : 0.0f;
        const char* id = nullptr;
        if (!std::isfinite(row.dot))
            id = "alignment.masked";
        else if (qq == 0 || xx == 0)
            id = "alignment.zero-vector";
        else if (row.cosine > 0.9999f)
            id = i == q ? "alignment.itself" : "alignment.same";
        else if (row.cosine < -0.9999f)
            id = "alignment.opposite";
        else if (std::fabs(row.dot) <= 1e-6f * float(std::sqrt(qq * xx)))
            id = "alignment.right-angles";
        else if (row.dot > 0)
            id = "alignment.partly-aligned";
        else
            id = "alignment.partly-apart";
        row.reading = t.say(id);
        rows.push_back(row);
    }
    return rows;
}

}  // namespace attn
