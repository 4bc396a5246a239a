// ATTN_LESSON_ENTRY marks a function the program calls only once the lesson's files have arrived
// (the catalog and the steps). The web build splits the wasm at these functions
// (cmake/split_lesson_code.py): what is reached only through them ships in
// attention-explainer.deferred.wasm, which the page fetches with the lesson's files, so the first
// view does not download the lesson's code. Calling one before the lesson arrived is a bug the
// page reports by name (attention.js). The same deferred code holds what the first view does not
// run (ATTN_DEFERRED_ENTRY, core/math/deferred_entry.h).
#pragma once
#include "core/math/deferred_entry.h"

#define ATTN_LESSON_ENTRY ATTN_DEFERRED_ENTRY
