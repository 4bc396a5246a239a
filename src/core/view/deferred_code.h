// The code the first view does not run, in the web build: cmake/split_lesson_code.py cuts it out
// of the page's wasm at the functions marked ATTN_LESSON_ENTRY / ATTN_DEFERRED_ENTRY into
// attention-explainer.deferred.wasm, which the page fetches when it is first used (a lesson
// starts; Import or Export is opened; the PyTorch code is shown; the Random… dialog is opened; the
// projection is turned on). Natively it is all there.
#pragma once
#include <string>

namespace attn {

struct DeferredCode {
    bool here = true;        // the code may be called (natively always; on the web once instantiated)
    bool requested = false;  // the page is fetching it
    std::string error;       // why the last fetch failed ("" if none); only the learner's next action retries
};

}  // namespace attn
