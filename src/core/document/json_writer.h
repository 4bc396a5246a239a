// The one JSON writer: a streaming JsonWriter for documents and replies, and the primitives it is
// made of, for text that embeds JSON pieces (an export, a message quoting a label). Compact, no
// spaces or newlines; every string comes out valid UTF-8, so the output is always valid JSON.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/math/matrix.h"

namespace attn {

// Values straight into one string in call order; the writer places commas and colons. A
// 1024 x 1024 result is written once, never built as a tree of a million small strings.
//   JsonWriter w(&out);
//   w.begin_object().key("query").integer(1).key("scores").floats(v.data(), v.size()).end_object();
class JsonWriter {
public:
    explicit JsonWriter(std::string* out) : out_(out) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view name);  // in an object, before each value

    JsonWriter& string(std::string_view s);
    JsonWriter& integer(int64_t i);
    JsonWriter& uinteger(uint64_t u);
    JsonWriter& number(float f);   // shortest float32 text; null when not finite
    JsonWriter& number(double d);  // shortest double text; null when not finite
    // Finite: the number; otherwise the string "inf", "-inf" or "nan", for results that may overflow.
    JsonWriter& number_or_string(float f);
    JsonWriter& numeral(std::string_view text);  // a number already written as JSON text
    JsonWriter& boolean(bool b);
    JsonWriter& null();

    // [v0, v1, ...], [[row 0], [row 1], ...] and ["a", "b"].
    JsonWriter& floats(const float* v, size_t n, bool non_finite_as_strings = true);
    JsonWriter& matrix(const Matrix& m, bool non_finite_as_strings = true);
    JsonWriter& strings(const std::vector<std::string>& list);

private:
    void separate();  // a comma before every item of a container but its first

    std::string* out_;
    std::vector<bool> open_;  // per open container: something was written in it already
    bool after_key_ = false;  // the next value belongs to the key just written
};

// A quoted string: " \ and control characters escaped (\n, \t ..., else \u00XX; C1 and the bidi
// controls too, so no JSON of ours shows other text than it holds); bytes that are not valid
// UTF-8 become U+FFFD so the output is always valid JSON.
void write_json_string(std::string_view s, std::string* out);
void write_int(int64_t i, std::string* out);
void write_uint(uint64_t u, std::string* out);
// JSON has no inf or nan: these write null for them (as JavaScript's JSON.stringify does).
void write_float(float f, std::string* out);
void write_double(double d, std::string* out);
// Finite: the number; otherwise the string "inf", "-inf" or "nan", for results that may overflow.
void write_float_or_string(float f, std::string* out);

// s as a JSON string for an error message, cut after max_bytes (at a character boundary) with "...".
std::string json_quote_short(std::string_view s, size_t max_bytes = 40);

}  // namespace attn
