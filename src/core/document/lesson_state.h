// Where the learner is inside the guided lesson, as part of the state document: which tab (track,
// practice, debug), which question and answer, which planted bug and how far its trace is walked.
// Being in the document makes it part of every deep link ("step 6, answer revealed").
#pragma once
#include <string>

namespace attn {

constexpr int kLessonSteps = 14;      // steps 1..14 of the track; state.step 0 = free exploration
constexpr int kMaxQuestionIndex = 9;  // questions of one step, 0-based
constexpr int kMaxChoiceIndex = 9;    // choices of one question, 0-based; -1 = not answered
constexpr int kExerciseCount = 5;     // practice exercises, 0-based
constexpr int kMaxTraceSteps = 16;    // trace steps a learner can have checked

enum class LessonMode {
    Track,     // the fourteen steps with predict-then-reveal questions
    Practice,  // exercises checked by the core
    Debug,     // a planted bug and its trace
};

// The bugs "debug this" can plant; each corrupts one named step of the computation.
enum class Bug {
    None,
    WrongQuery,     // query = inputs[q - 1] (or inputs[1] for q = 0) instead of inputs[q]
    WrongSlot,      // attn_scores[i - 1] = ...: each score lands one slot early (Python's -1 wraps)
    WrongPair,      // torch.dot(x_i, x_i) instead of torch.dot(x_i, query)
    SoftmaxDim,     // torch.softmax(attn_scores, dim=0) on the matrix: columns sum to 1, not rows
    ScaleByValues,  // scores / values.shape[-1]**0.5 instead of keys.shape[-1]**0.5
    // The book's classes (3.5, 3.6), in the order the chapter's code can go wrong:
    BatchSoftmaxDim,   // CausalAttention: softmax(dim=1) of the (b, n, n) scores, not dim=-1
    MaskPolarity,      // mask = tril(ones, -1) where triu(ones, 1) belongs
    ZeroMask,          // masked_fill_(mask, 0) instead of -inf
    ViewNoTranspose,   // MultiHeadAttention: .view(b, h, n, hd) without .transpose(1, 2)
    ScaleByDOut,       // MultiHeadAttention: scores / d_out**0.5 instead of head_dim**0.5
    DropoutNoRescale,  // dropout's survivors kept at w, not w / (1 - p)
    // After chapter 3, the book repository's ch04 classes (core/math/kv_cache.h, mask_routes.h):
    CacheMaskNoOffset,     // KV cache: mask[:Q, :K] where mask[ptr:ptr + Q, :K] belongs
    RepeatNotInterleave,   // GQA: keys.repeat(1, heads / G, 1, 1), not repeat_interleave(heads / G, dim=1)
    SdpaBookMask,          // the book's mask (True = hidden) given to SDPA's attn_mask (True = kept)
    WindowDropsChunkKeys,  // SWA cache: attn_keep = min(len, W), not min(len, W + chunk - 1)
};

struct LessonState {
    LessonMode mode = LessonMode::Track;
    int question = 0;       // 0..kMaxQuestionIndex: which question of the step is showing
    int answer = -1;        // -1..kMaxChoiceIndex: the learner's choice, -1 before answering
    bool revealed = false;  // the computed answer and its reason are shown
    int exercise = 0;       // 0..kExerciseCount-1: the practice exercise
    Bug bug = Bug::None;    // the planted bug in debug mode
    int trace = 0;          // 0..kMaxTraceSteps: trace steps the learner has checked

    bool operator==(const LessonState& o) const {
        return mode == o.mode && question == o.question && answer == o.answer && revealed == o.revealed &&
               exercise == o.exercise && bug == o.bug && trace == o.trace;
    }
    bool operator!=(const LessonState& o) const { return !(*this == o); }
};

const char* lesson_mode_name(LessonMode mode);  // "track", "practice", "debug"
bool parse_lesson_mode(const std::string& text, LessonMode* out);
// "none", "wrong-query", "wrong-slot", "wrong-pair", "softmax-dim", "scale-by-values",
// "batch-softmax-dim", "mask-polarity", "zero-mask", "view-no-transpose", "scale-by-d-out",
// "dropout-no-rescale", "cache-mask-no-offset", "repeat-not-interleave", "sdpa-book-mask",
// "window-drops-chunk-keys".
const char* bug_name(Bug bug);
bool parse_bug(const std::string& text, Bug* out);
// "\"none\", \"wrong-query\", ..." for messages.
std::string bug_choices();

}  // namespace attn
