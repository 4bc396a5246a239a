// The lesson as text, for readers that cannot see the canvas: the page's HTML copy of the lesson
// band (web/attention-lesson-reader.js) that screen readers, keyboards and axe-core read. It is
// written from the same engine fields the band draws, so a value the band covers until Reveal is
// covered here too, and the learner's intents go back through the same lesson_apply().
#pragma once
#include <string>
#include <string_view>

#include "core/lesson/lesson_engine.h"
#include "core/lesson/lesson_entry.h"

namespace attn {

// The lesson band as one JSON object (the engine synced to `state`, its lesson loaded):
//   {"loaded": true, "lesson_title", "mode": "track" | "practice" | "debug", "in_lesson", "step",
//    "first", "last", "resume" (outside the lesson: the step "start" goes back to, else 0), "indicator", "title",
//    "watch": [panel keys], "class_changed" (the learner picked another class than the step's, or
//    ""), "restore_class" (its button), "lines": [{"kind", "text"}], "more": the "more after you answer" line or "",
//    "table": null | {"caption", "headers", "rows": [[cells]], "note"} (the step's table: step 4's alignment, its
//    reading column covered until answered; step 6's two softmaxes, the naive columns covered while asked, with
//    "presets": [{"label", "value", "pressed"}] for the multiplier; step 9's d_out table once answered), "unaskable"
//    (the step can ask none of its questions on the state now, or ""), "set_up_again" (its button), "question": null |
//    {"index", "count", "label", "prompt", "choices", "answer", "revealed", "verdict", "correct", "answer_line",
//    "reason", "mistake", "next"}, "words": {"reveal", "pick"}, "wrap_up": null | {"title", "steps": [{"step", "title",
//    "marks"}], "summary", "revisit", "revisit_note", "revisits": [{"step", "go", "idea"}], "next", "practice",
//    "again", "next_lesson": null | {"name" (as lesson= takes it), "go" (its button's words), "about"}}, "practice":
//    null |
//    {"current", "exercises": [titles], "task", "hint", "label" (what is typed: "your scores"), "predict": null |
//    {"prompt", "choices": [tokens], "answer", "first"}, "typed", "checked", "changed" (since the Check), "correct",
//    "entries": [1 | 0], "message", "note", "prediction": the prediction's verdict or "", "shown": a line or "",
//    "words": {"hint", "check", "show", "start_over"}}, "debug": null | {"intro", "bugs": [{"value", "label",
//    "current"}], "pick", "error", "note", "program": [{"text", "buggy", "running", "fix"}], "expected", "printed",
//    "trace", "judge_each", "steps": [{"name", "question", "diverges", "printed", "expected", "judged", "held" (the
//    judgment was right), "found"}] (the
//    steps judged so far), "next": null | {"index", "name", "question", "printed", "look_again" (a second
//    look asked for, or "")}, "hidden",
//    "words": {"fine", "off", "again"}}}
// result: the attention the engine was synced with (exercise 1 compares the prediction with it).
ATTN_LESSON_ENTRY std::string lesson_reader_json(const LessonEngine& engine, const State& state,
                                                 const AttentionResult& result);

// The wrap-up's line before Practice: where the book goes next is the chapter's to say; another
// lesson (a teacher's, the one after the chapter) leads on to the chapter's exercises without it.
std::string wrap_up_next(const Lesson& lesson);
// The exercise the wrap-up's Practice opens (the lesson's first, track.h), and its button's words.
int wrap_up_exercise(const Lesson& lesson);
// The demo's lesson that follows this one, by the name lesson= takes ("generation" after the
// chapter), or "" for none: none where a course grades this one (a pass mark, or steps= asked,
// from the link or a host's setLessonCourse). Its button's words. (The page also says whether it
// can lead on at all: PageOptions::opens_lessons.)
std::string wrap_up_next_lesson(const LessonEngine& engine);
std::string wrap_up_next_lesson_words(const Lesson& lesson);
std::string wrap_up_next_lesson_about(const Lesson& lesson);  // what it is about, a line before it
std::string wrap_up_practice(const Lesson& lesson);

// An intent by the name the page sends: "start", "go" (value: step), "revisit" (value: step),
// "restore-class", "choose" (value: choice), "reveal", "next-question", "restart", "practice" (value: exercise),
// "predict" (value: token), "check" (its text: what the learner typed), "show-answer", "start-over", "leave", "debug"
// (value: the Bug to plant, 0 for the last one planted), "judge" (value: 1 as it should be, 0 it
// is off), "trace-again". False for any other name.
bool parse_lesson_action(std::string_view name, LessonAction* out);

// Why the page's intent cannot be what the learner meant, or "" when it can: a value out of its
// range (a bug, a judgment, the open question's choice, a step of the range, an exercise, a
// token). The engine ignores such values; the page is told instead of it being dropped unsaid.
std::string lesson_intent_problem(const LessonEngine& engine, const State& state, const LessonIntent& intent);

}  // namespace attn
