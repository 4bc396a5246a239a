// The files are embedded as bytes by cmake/embed_files.cmake and parsed once, on first use, by the
// same reader that checks a teacher's file: a broken built-in file fails every test at once.
#include "builtin/builtin_lesson.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "lessons_embedded.h"

namespace attn {
namespace {

std::string_view bytes(const unsigned char* data, size_t size) {
    return std::string_view(reinterpret_cast<const char*>(data), size);
}

// A built-in file that does not read is a fault of this build, not of the learner's input.
[[noreturn]] void broken(const char* what, const std::string& error) {
    std::fprintf(stderr, "Error: the built-in %s does not read: %s\n", what, error.c_str());
    std::abort();
}

}  // namespace

const TextCatalog& builtin_catalog() {
    static const TextCatalog catalog = [] {
        CatalogParse parsed = parse_text_catalog(bytes(lessons::kTextsJson, lessons::kTextsJson_size));
        if (!parsed.ok) broken("lessons/en/texts.json", parsed.error);
        return parsed.catalog;
    }();
    return catalog;
}

const Lesson& builtin_chapter_lesson() {
    static const Lesson lesson = [] {
        LessonParse parsed =
            parse_lesson(bytes(lessons::kChapter3Json, lessons::kChapter3Json_size), builtin_catalog());
        if (!parsed.ok) broken("lessons/en/chapter-3.json", parsed.error);
        return parsed.lesson;
    }();
    return lesson;
}

}  // namespace attn
