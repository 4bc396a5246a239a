// Shared checks for the tests: element-wise comparison to 4 decimals (the lesson's precision), and
// a message that contains the words that matter.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "builtin/builtin_lesson.h"
#include "core/math/matrix.h"

namespace attn_test {

// The chapter's lesson and its English catalog, as the page loads them from lessons/en/.
inline const attn::Lesson& chapter() {
    return attn::builtin_chapter_lesson();
}
inline const attn::TextCatalog& texts() {
    return attn::builtin_catalog();
}
// The lesson after chapter 3 (lessons/en/generation.json), read as the page reads it.
const attn::Lesson& generation_lesson();
// A language's catalog and chapter (lessons/<lang>/texts.json and chapter-3.json), read as the
// page reads them; the test fails with the reader's message when a file is broken.
const attn::TextCatalog& texts_in(const std::string& lang);
const attn::Lesson& chapter_in(const std::string& lang);
// The languages besides English that lessons/ holds (a folder with an interface.json), sorted.
std::vector<std::string> languages();

// Published numbers are rounded to 4 decimals, so a match is |got - want| <= 0.5e-4 (+ float slack).
inline void check_close(const attn::Vector& got, std::initializer_list<float> want, double eps = 0.51e-4) {
    REQUIRE(got.size() == want.size());
    size_t i = 0;
    for (float w : want) {
        INFO("element " << i << ": got " << got[i] << ", want " << w);
        CHECK(std::fabs(double(got[i]) - double(w)) <= eps);
        ++i;
    }
}

inline void check_close(const attn::Matrix& got, std::initializer_list<std::initializer_list<float>> want,
                        double eps = 0.51e-4) {
    REQUIRE(size_t(got.rows) == want.size());
    int r = 0;
    for (const auto& row : want) {
        INFO("row " << r);
        check_close(got.row_vector(r), row, eps);
        ++r;
    }
}

// Messages are checked by the words that matter, not letter for letter.
inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

inline float sum(const attn::Vector& v) {
    float s = 0;
    for (float x : v) s += x;
    return s;
}

}  // namespace attn_test
