// A small JSON value, a strict RFC 8259 parser and a compact writer, so the state document needs
// no third-party code. A number keeps the text it was written as: a float converts from that text
// exactly once (strtof), never through a double, so float32 values round-trip bit for bit.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/document/json_writer.h"
#include "core/text/float_format.h"

namespace attn {

constexpr int kMaxJsonDepth = 64;  // nested arrays/objects; deeper input is refused, not recursed

enum class JsonType { Null, Bool, Number, String, Array, Object };

struct JsonValue {
    JsonType type = JsonType::Null;
    bool boolean = false;
    std::string text;                                        // String: UTF-8; Number: JSON numeral
    std::vector<JsonValue> items;                            // Array elements
    std::vector<std::pair<std::string, JsonValue>> members;  // Object members, in document order
    size_t offset = 0;  // parsed values: the byte where the value starts in its text (json_line_column)

    static JsonValue from_bool(bool b);
    static JsonValue from_int(int64_t i);
    static JsonValue from_uint(uint64_t u);
    static JsonValue from_float(float f);            // shortest float32 numeral; null if not finite
    static JsonValue from_double(double d);          // shortest double numeral; null if not finite
    static JsonValue from_float_or_string(float f);  // finite: number; else "inf", "-inf" or "nan"
    static JsonValue from_string(std::string s);
    static JsonValue array();
    static JsonValue object();

    bool is_null() const { return type == JsonType::Null; }
    bool is_bool() const { return type == JsonType::Bool; }
    bool is_number() const { return type == JsonType::Number; }
    bool is_string() const { return type == JsonType::String; }
    bool is_array() const { return type == JsonType::Array; }
    bool is_object() const { return type == JsonType::Object; }

    // Numbers only (other types give 0 / false).
    double as_double() const;  // +-inf when beyond the double range (1e999)
    float as_float() const;    // nearest float32 of the numeral; +-inf when |x| > FLT_MAX
    // True only for a whole number within int64 (3, -0, 3.0, 2e3); 3.5 and 1e30 give false.
    bool as_int64(int64_t* out) const;
    const JsonValue* find(std::string_view key) const;  // member by key, nullptr when absent

    void push_back(JsonValue v) { items.push_back(std::move(v)); }
    void add(std::string key, JsonValue v) { members.emplace_back(std::move(key), std::move(v)); }
};

struct JsonParseResult {
    bool ok = false;
    JsonValue value;    // valid only when ok
    std::string error;  // "line 3, column 14: expected ',' or ']' after an array element"
};

// The whole text must be one JSON value (whitespace around it allowed, a leading UTF-8 byte order
// mark ignored). Duplicate keys, invalid UTF-8, lone surrogates and nesting deeper than
// kMaxJsonDepth are errors. Columns count code points from 1.
JsonParseResult parse_json(std::string_view text);

// "line 3, column 14" for a byte offset into text (a JsonValue's offset): lines from 1, columns in
// code points from 1, as parse errors count them.
std::string json_line_column(std::string_view text, size_t offset);

// Where the decoded string's byte `decoded` was written in text, for a message that points inside
// a string ("{nope}" in a prose line): string_offset is the string value's offset (its opening
// quote); an escape counts as the bytes it decodes to. Past the string's end: its closing quote.
size_t json_string_source_offset(std::string_view text, size_t string_offset, size_t decoded);

// The value through JsonWriter (core/document/json_writer.h): compact, keys in stored order.
std::string write_json(const JsonValue& value);
void write_json(const JsonValue& value, std::string* out);
}  // namespace attn
