// "Debug this" after chapter 3: each of the four bugs of the repository's ch04 classes, planted on
// the book's inputs, diverges first at the step that runs the buggy line; the expected side is the
// module's own run (its full pass, checked against PyTorch elsewhere), and the planted side has
// the shape a hand can check (a new token that sees only token 0 prints the first row of the full
// pass; a repeated group is the next group's keys). Data that cannot show a bug says why.
#include "core/lesson/generation_bugs.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/document/examples.h"
#include "core/lesson/track.h"
#include "core/math/attention_modules.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

State with_bug(Bug bug) {
    State s;
    REQUIRE(load_example("your-journey", &s));
    return enter_bug(bug, s);
}

BugTrace trace_of(const State& s) {
    const BugTrace t = trace_bug(attn_test::texts(), s.lesson.bug, s);
    REQUIRE(t.error.empty());
    REQUIRE(!t.steps.empty());
    return t;
}

// The first divergence is the step that runs the buggy line, and nothing before it differs.
const TraceStep& diverges_at(const BugTrace& t, const std::string& step_name) {
    REQUIRE(t.first_divergence >= 0);
    const TraceStep& step = t.steps[size_t(t.first_divergence)];
    CHECK(step.name == step_name);
    CHECK(step.line == t.buggy_line);
    CHECK(t.program[size_t(t.buggy_line)] != t.fixed[size_t(t.buggy_line)]);
    for (int k = 0; k < t.first_divergence; ++k) CHECK_FALSE(t.steps[size_t(k)].diverges);
    return step;
}

Matrix matrix_of(const TraceStep& s, bool actual) {
    Matrix m(s.rows, s.cols);
    m.data = actual ? s.actual : s.expected;
    return m;
}

// Rows [first, first + count) of m, as a trace step holds them.
Vector rows(const Matrix& m, int first, int count) {
    return Vector(m.row(first), m.row(first) + size_t(count) * size_t(m.cols));
}

void close_to(const Vector& a, const Vector& b) {
    REQUIRE(a.size() == b.size());
    for (size_t k = 0; k < a.size(); ++k) CHECK(a[k] == doctest::Approx(b[k]).epsilon(1e-6));
}

}  // namespace

TEST_CASE("generation bugs: entering one loads the book's inputs and the class it lives in, by name") {
    for (Bug bug : {Bug::CacheMaskNoOffset, Bug::RepeatNotInterleave, Bug::SdpaBookMask, Bug::WindowDropsChunkKeys}) {
        CAPTURE(bug_name(bug));
        CHECK(is_generation_bug(bug));
        const State s = with_bug(bug);
        CHECK(s.module.enabled);
        CHECK(s.module.settings == generation_bug_settings(bug));
        CHECK(s.lesson.bug == bug);
        Bug parsed = Bug::None;
        CHECK(parse_bug(bug_name(bug), &parsed));
        CHECK(parsed == bug);
    }
    CHECK_FALSE(is_generation_bug(Bug::DropoutNoRescale));
    CHECK(kLastDebugBug == Bug::WindowDropsChunkKeys);
    CHECK(generation_bug_settings(Bug::CacheMaskNoOffset).decode);
    CHECK(generation_bug_settings(Bug::RepeatNotInterleave).kv_groups == 2);
    CHECK(generation_bug_settings(Bug::WindowDropsChunkKeys).chunk == 3);
}

TEST_CASE("generation bugs: a cache that slices the mask from row 0 lets a new token see only token 0") {
    const State s = with_bug(Bug::CacheMaskNoOffset);
    const BugTrace t = trace_of(s);
    // The prefill (tokens 0 to 2) is the same in both programs: the trace follows token 3's call.
    CHECK(contains(t.note, "call 2 of 4"));
    CHECK(contains(t.note, "token 3"));
    const TraceStep& mask = diverges_at(t, "mask");
    CHECK(mask.expected == Vector{0, 0, 0, 0});  // token 3 sees tokens 0 to 3
    CHECK(mask.actual == Vector{0, 1, 1, 1});    // mask[:1, :4] is row 0's
    const Matrix weights = matrix_of(t.steps[3], true);
    CHECK(weights.data == Vector{1, 0, 0, 0});
    // Seeing only token 0, token 3 prints what token 0 printed in the full pass; the right call
    // prints the full pass's row 3.
    const ModuleResult full = run_module(s.inputs, s.module.settings);
    REQUIRE(full.error.empty());
    const TraceStep& output = t.steps.back();
    close_to(output.actual, rows(full.output[0], 0, 1));
    close_to(output.expected, rows(full.output[0], 3, 1));
    CHECK(contains(t.explanation, "ptr_current_pos = 3"));
    // The four cached keys print as one row, the newest key with them (a head one number wide).
    const TraceStep& keys = t.steps[0];
    CHECK(keys.rows == 0);
    CHECK(keys.actual.size() == 4);
    // A matrix prints three rows and a count of the rest, in the learner's language.
    const Vector four{1, 2, 3, 4};
    CHECK(contains(trace_values_text(attn_test::texts(), four, 4, 1), "… more rows: 1"));
    CHECK(contains(trace_values_text(attn_test::texts_in("zh-CN"), four, 4, 1), "… 还有 1 行"));
}

TEST_CASE("generation bugs: the cache's slice agrees when the whole sequence is one call") {
    State s = with_bug(Bug::CacheMaskNoOffset);
    s.module.settings.prefill = s.inputs.rows;
    const BugTrace t = trace_of(s);
    CHECK(t.first_divergence == -1);
    CHECK(contains(t.hidden, "one call"));
    CHECK(contains(t.note, "forward call 1 of 1"));  // which call it followed
}

TEST_CASE("generation bugs: repeat gives head 1 group 1's keys, which repeat_interleave gives head 2") {
    const State s = with_bug(Bug::RepeatNotInterleave);
    const BugTrace t = trace_of(s);
    const TraceStep& groups = diverges_at(t, "group of each head");
    CHECK(groups.expected == Vector{0, 0, 1, 1});
    CHECK(groups.actual == Vector{0, 1, 0, 1});
    const ModuleResult full = run_module(s.inputs, s.module.settings);
    REQUIRE(full.error.empty());
    const TraceStep& keys = t.steps[2];
    CHECK(keys.name == "head 1's keys");
    CHECK(keys.expected == full.batches[0][1].keys.data);
    CHECK(keys.actual == full.batches[0][2].keys.data);
    close_to(t.steps.back().expected, full.output[0].data);  // the full pass, as the module runs it
    CHECK(t.steps.back().diverges);
}

TEST_CASE("generation bugs: with one group, or one per head, repeat and repeat_interleave agree") {
    for (int groups : {1, 4}) {
        CAPTURE(groups);
        State s = with_bug(Bug::RepeatNotInterleave);
        s.module.settings.kv_groups = groups;
        const BugTrace t = trace_of(s);
        CHECK(t.first_divergence == -1);
        CHECK(contains(t.hidden, "num_kv_groups = " + std::to_string(groups) + " and num_heads = 4"));
        CHECK(t.note.empty());  // the panel's own module
    }
}

TEST_CASE("generation bugs: the book's mask given to SDPA keeps exactly the future") {
    const State s = with_bug(Bug::SdpaBookMask);
    const BugTrace t = trace_of(s);
    const TraceStep& kept = diverges_at(t, "keys SDPA keeps");
    const Matrix right = matrix_of(kept, false), wrong = matrix_of(kept, true);
    for (int r = 0; r < right.rows; ++r)
        for (int c = 0; c < right.cols; ++c) {
            CHECK(right.at(r, c) == (c <= r ? 1.0f : 0.0f));
            CHECK(wrong.at(r, c) == (c > r ? 1.0f : 0.0f));
        }
    const Matrix weights = matrix_of(t.steps[2], true);
    const int n = weights.rows;
    float row0 = 0;
    for (int c = 1; c < n; ++c) row0 += weights.at(0, c);
    CHECK(weights.at(0, 0) == 0.0f);
    CHECK(row0 == doctest::Approx(1.0f));
    for (int c = 0; c < n; ++c) CHECK(weights.at(n - 1, c) == 0.0f);  // nothing kept: zeros, PyTorch 2.5 on
    // The fixed program prints CausalAttention's output from the book.
    CHECK(contains(t.expected_output, "-0.4519"));
    CHECK(contains(t.expected_output, "0.2216"));
}

TEST_CASE("generation bugs: a window cache that keeps W keys for a chunk starves the chunk's first query") {
    const State s = with_bug(Bug::WindowDropsChunkKeys);
    const BugTrace t = trace_of(s);
    CHECK(contains(t.title, "(W = 3)"));  // named before the learner judges whether W - 1 keys are reached
    CHECK(contains(t.note, "call 2 of 2"));
    CHECK(contains(t.note, "tokens 3 to 5"));
    CHECK(t.steps[0].expected == Vector{0, 1, 2, 3, 4, 5});  // 3 cached, 3 new
    const TraceStep& kept = diverges_at(t, "keys kept for attention");
    CHECK(kept.expected == Vector{1, 2, 3, 4, 5});  // W - 1 = 2 older keys for token 3, and the chunk
    CHECK(kept.actual == Vector{3, 4, 5});
    const Matrix weights = matrix_of(t.steps[2], true);
    CHECK(weights.at(0, 3) == 1.0f);  // token 3 sees only itself
    const ModuleResult full = run_module(s.inputs, s.module.settings);
    REQUIRE(full.error.empty());
    close_to(t.steps.back().expected, rows(full.output[0], 3, 3));
    CHECK(contains(t.explanation, "min(6, W + 3 - 1) = 5"));
}

TEST_CASE("generation bugs: one token a call needs no more than W keys") {
    State s = with_bug(Bug::WindowDropsChunkKeys);
    s.module.settings.chunk = 1;
    const BugTrace t = trace_of(s);
    CHECK(t.first_divergence == -1);
    CHECK(contains(t.hidden, "one token"));
}

TEST_CASE("generation bugs: the learner's own module when it suits, else the bug's on the learner's tokens") {
    State s = with_bug(Bug::CacheMaskNoOffset);
    s.module.settings.prefill = 2;
    BugTrace t = trace_of(s);
    CHECK(contains(t.note, "token 2"));
    CHECK_FALSE(contains(t.note, "panel runs"));
    // Three tokens and the panel on another class: the bug's class, its prefill pulled in to 3.
    REQUIRE(load_example("three-tokens", &s));
    s.module.settings = book_module_settings(AttentionModule::SelfAttentionV2);
    s.lesson.bug = Bug::WindowDropsChunkKeys;
    t = trace_of(s);
    CHECK(contains(t.note, "MultiHeadAttentionWithSWA"));
    CHECK(contains(t.note, "prefill 3, chunk 2"));  // two chunks, so that one could come after older keys
    CHECK(t.first_divergence == -1);                // a window of 3 over 3 tokens drops nothing
    INFO(t.hidden);
    CHECK(contains(t.hidden, "reaches back over all 3 tokens"));
    // The cache's bug on three tokens leaves a token to decode after the prefill.
    s.lesson.bug = Bug::CacheMaskNoOffset;
    t = trace_of(s);
    CHECK(contains(t.note, "prefill 2"));
    CHECK(t.first_divergence >= 0);
}

TEST_CASE("generation bugs: a chunk longer than the window leaves its first queries no key: NaN, as PyTorch") {
    State s = with_bug(Bug::WindowDropsChunkKeys);
    s.module.settings.chunk = 0;  // the whole prompt of 6 in one call, W = 3
    const BugTrace t = trace_of(s);
    CHECK(contains(t.note, "call 1 of 1"));
    const TraceStep& kept = diverges_at(t, "keys kept for attention");
    CHECK(kept.actual == Vector{3, 4, 5});
    const Matrix out = matrix_of(t.steps.back(), true);
    for (int r = 0; r < 3; ++r) CHECK(std::isnan(out.at(r, 0)));  // tokens 0 to 2 see none of 3, 4, 5
    CHECK_FALSE(std::isnan(out.at(3, 0)));
    INFO(t.explanation);
    CHECK(contains(t.explanation, "min(6, W + 6 - 1) = 6"));
    CHECK(contains(t.explanation, "PyTorch prints nan"));
}

TEST_CASE("generation bugs: every bug on settings a learner can reach traces or says why, and never crashes") {
    for (Bug bug : {Bug::CacheMaskNoOffset, Bug::RepeatNotInterleave, Bug::SdpaBookMask, Bug::WindowDropsChunkKeys}) {
        for (int variant = 0; variant < 7; ++variant) {
            CAPTURE(bug_name(bug));
            CAPTURE(variant);
            State s = with_bug(bug);
            ModuleSettings& m = s.module.settings;
            switch (variant) {
                case 0:  // dropout in training: no decode; a GQA trace falls back to the bug's own class
                    m.dropout = 0.5;
                    m.decode = false;
                    break;
                case 1:
                    m.mask_style = MaskStyle::SdpaBool;
                    m.decode = false;
                    break;
                case 2:  // one token
                    REQUIRE(load_example("three-tokens", &s));
                    s.inputs = Matrix(1, 2);
                    s.inputs.data = {1, 0};
                    s.tokens = {"a"};
                    s.query = 0;
                    break;
                case 3:
                    m.window = 10;  // wider than the sequence
                    break;
                case 4:
                    m.kv_groups = m.heads;
                    break;
                case 5:
                    m.chunk = 1;
                    break;
                default:
                    s.module.enabled = false;
                    break;
            }
            const BugTrace t = trace_bug(attn_test::texts(), bug, s);
            if (!t.error.empty()) continue;  // said why
            REQUIRE_FALSE(t.steps.empty());
            CHECK_FALSE(t.expected_output.empty());
            CHECK_FALSE(t.explanation.empty());
            if (t.first_divergence < 0) CHECK_FALSE(t.hidden.empty());
        }
    }
}
