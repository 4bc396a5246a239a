// ATTN_DEFERRED_ENTRY marks a function the page calls only once the deferred code is here
// (core/view/deferred_code.h): a feature the first view does not run, whose panel or caller asks
// for the code first. The web build splits the wasm at these functions and at the lesson's
// (ATTN_LESSON_ENTRY, core/lesson/lesson_entry.h) with cmake/split_lesson_code.py: what is reached
// only through them ships in attention-explainer.deferred.wasm. noinline keeps each one a function
// the split can find by name; wasm-opt still inlines a small one with one caller, and the split
// then stops the build naming it. It lives in the math room because every room stands on it.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define ATTN_DEFERRED_ENTRY __attribute__((noinline))
#else
#define ATTN_DEFERRED_ENTRY
#endif
