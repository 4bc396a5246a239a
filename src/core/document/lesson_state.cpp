// Names of the lesson modes and bugs: part of the state document and of deep links.
#include "core/document/lesson_state.h"

namespace attn {
namespace {

constexpr LessonMode kModes[] = {LessonMode::Track, LessonMode::Practice, LessonMode::Debug};
constexpr Bug kBugs[] = {Bug::None,
                         Bug::WrongQuery,
                         Bug::WrongSlot,
                         Bug::WrongPair,
                         Bug::SoftmaxDim,
                         Bug::ScaleByValues,
                         Bug::BatchSoftmaxDim,
                         Bug::MaskPolarity,
                         Bug::ZeroMask,
                         Bug::ViewNoTranspose,
                         Bug::ScaleByDOut,
                         Bug::DropoutNoRescale,
                         Bug::CacheMaskNoOffset,
                         Bug::RepeatNotInterleave,
                         Bug::SdpaBookMask,
                         Bug::WindowDropsChunkKeys};

}  // namespace

const char* lesson_mode_name(LessonMode mode) {
    switch (mode) {
        case LessonMode::Track:
            return "track";
        case LessonMode::Practice:
            return "practice";
        case LessonMode::Debug:
            return "debug";
    }
    return "track";
}

bool parse_lesson_mode(const std::string& text, LessonMode* out) {
    for (LessonMode m : kModes)
        if (text == lesson_mode_name(m)) {
            *out = m;
            return true;
        }
    return false;
}

const char* bug_name(Bug bug) {
    switch (bug) {
        case Bug::None:
            return "none";
        case Bug::WrongQuery:
            return "wrong-query";
        case Bug::WrongSlot:
            return "wrong-slot";
        case Bug::WrongPair:
            return "wrong-pair";
        case Bug::SoftmaxDim:
            return "softmax-dim";
        case Bug::ScaleByValues:
            return "scale-by-values";
        case Bug::BatchSoftmaxDim:
            return "batch-softmax-dim";
        case Bug::MaskPolarity:
            return "mask-polarity";
        case Bug::ZeroMask:
            return "zero-mask";
        case Bug::ViewNoTranspose:
            return "view-no-transpose";
        case Bug::ScaleByDOut:
            return "scale-by-d-out";
        case Bug::DropoutNoRescale:
            return "dropout-no-rescale";
        case Bug::CacheMaskNoOffset:
            return "cache-mask-no-offset";
        case Bug::RepeatNotInterleave:
            return "repeat-not-interleave";
        case Bug::SdpaBookMask:
            return "sdpa-book-mask";
        case Bug::WindowDropsChunkKeys:
            return "window-drops-chunk-keys";
    }
    return "none";
}

bool parse_bug(const std::string& text, Bug* out) {
    for (Bug b : kBugs)
        if (text == bug_name(b)) {
            *out = b;
            return true;
        }
    return false;
}

std::string bug_choices() {
    std::string out;
    for (Bug b : kBugs) out += (out.empty() ? "\"" : ", \"") + std::string(bug_name(b)) + "\"";
    return out;
}

}  // namespace attn
