// ATTN_LESSON_ENTRY marks a function the program calls only once the lesson's files have arrived
// (the catalog and the steps). The web build splits the wasm at these functions
// (cmake/split_lesson_code.py): what is reached only through them ships in
// attention-explainer.deferred.wasm, which the page fetches with the lesson's files, so the first
// view does not download the lesson's code. noinline keeps each one a function the split can find
// by name. Calling one before the lesson arrived is a bug the page reports by name (attention.js).
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define ATTN_LESSON_ENTRY __attribute__((noinline))
#else
#define ATTN_LESSON_ENTRY
#endif
