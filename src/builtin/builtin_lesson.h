// The chapter's lesson and its catalog, compiled in (lessons/en/chapter-3.json and texts.json):
// what the CLI, the desktop window and the tests walk. The page fetches the same files instead,
// when the learner first enters the lesson, so the first view does not carry them.
#pragma once
#include "core/lesson/lesson_file.h"

namespace attn {

// The English catalog of the built-in parts (lessons/en/texts.json).
const TextCatalog& builtin_catalog();
// The chapter's track (lessons/en/chapter-3.json), read against builtin_catalog().
const Lesson& builtin_chapter_lesson();

}  // namespace attn
