// Reading typed answers and checking them against the core's numbers, with messages that name the
// entry that is wrong and the arithmetic that gives the right value.
#include "core/lesson/practice.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/text/prose_format.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn {
namespace {

// One number, strictly: digits, sign, point, exponent; finite. "2." and ".5" are fine.
bool read_number(const std::string& text, float* out) {
    if (text.empty()) return false;
    for (char ch : text)
        if (!std::isdigit(static_cast<unsigned char>(ch)) && ch != '.' && ch != 'e' && ch != 'E' && ch != '+' &&
            ch != '-')
            return false;
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(d) || std::fabs(d) > 3.4e38) return false;
    *out = float(d);
    return true;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string cur;
    for (char ch : text) {
        if (ch == sep) {
            if (!cur.empty()) parts.push_back(cur);
            cur.clear();
        } else {
            cur.push_back(ch);
        }
    }
    if (!cur.empty()) parts.push_back(cur);
    return parts;
}

// A chunk like "0,5": one comma, no point, digits on both sides.
bool decimal_comma_chunk(const std::string& chunk) {
    const size_t comma = chunk.find(',');
    if (comma == std::string::npos || chunk.find(',', comma + 1) != std::string::npos) return false;
    if (chunk.find('.') != std::string::npos) return false;
    return comma > 0 && comma + 1 < chunk.size() && std::isdigit(static_cast<unsigned char>(chunk[comma - 1])) &&
           std::isdigit(static_cast<unsigned char>(chunk[comma + 1]));
}

struct Reading {
    std::vector<std::string> tokens;
    bool used_decimal_comma = false;
    std::string example;  // the first chunk read with a decimal comma, as typed
};

std::string trim_commas(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && s[a] == ',') ++a;
    while (b > a && s[b - 1] == ',') --b;
    return s.substr(a, b - a);
}

float tolerance(float expected, float abs_tol) {
    return std::fmax(abs_tol, 0.005f * std::fabs(expected));
}

bool close_all(const Vector& typed, const Vector& want, float abs_tol) {
    if (typed.size() != want.size()) return false;
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) return false;
    return true;
}

std::string label(const State& s, int i) {
    return quoted(s.tokens[size_t(i)]);
}

int argmax(const Vector& v) {
    int best = 0;
    for (size_t i = 1; i < v.size(); ++i)
        if (v[i] > v[size_t(best)]) best = int(i);
    return best;
}

std::string lowercase(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string strip(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

// Entry-by-entry comparison; fills entry_ok and wrong_entry. True when all are within tolerance.
bool compare_entries(const Vector& typed, const Vector& want, float abs_tol, ExerciseCheck* out) {
    out->entry_ok.assign(typed.size(), 1);
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) {
            out->entry_ok[i] = 0;
            if (out->wrong_entry < 0) out->wrong_entry = int(i);
        }
    return out->wrong_entry < 0;
}

ExerciseCheck check_scores(const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = p.note;
    const int n = s.inputs.rows, target = 2;
    if (n < 3) {
        out.message = "This exercise needs three tokens; there are " + std::to_string(n) +
                      ". Start it again to reload three-tokens.";
        return out;
    }
    if (s.query != target) {
        out.message = "First make the third token the query. The query is inputs[" + std::to_string(s.query) +
                      "], the " + ordinal_word(s.query + 1) +
                      " token; the third token is inputs[2], because positions count from zero. "
                      "Click its row in Inputs.";
        return out;
    }
    const Vector want = score_vector_loop(s.inputs, target);
    if (!p.ok) {
        out.message = p.error;
        if (int(p.values.size()) == n - 1)
            out.message += " Did you skip the query? It is compared with itself too: one score per token.";
        return out;
    }
    const Vector old_query = score_vector_loop(s.inputs, 1);
    if (!close_all(want, old_query, kScoreTolerance) && close_all(p.values, old_query, kScoreTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the scores for query inputs[1], the second token. With the query at inputs[2] = " +
                      vec(s.inputs.row(target), s.inputs.cols) + ", compute each dot product again.";
        return out;
    }
    if (compare_entries(p.values, want, kScoreTolerance, &out)) {
        out.correct = true;
        const int best = argmax(want);
        out.message = "All " + std::to_string(n) + " scores are right: " + vec(want) + ". The largest is " +
                      label(s, best) + " with " + num(want[size_t(best)]) + ". Did you predict it?";
        return out;
    }
    const int i = out.wrong_entry;
    out.message = "Entry " + std::to_string(i) + " (" + label(s, i) + ") is " + num(p.values[size_t(i)]) +
                  ", but torch.dot(inputs[" + std::to_string(i) +
                  "], query) = " + dot_terms(s.inputs.row(i), s.inputs.row(target), s.inputs.cols) + " = " +
                  num(want[size_t(i)]) + ".";
    return out;
}

ExerciseCheck check_weights(const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = p.note;
    if (!p.ok) {
        out.message = p.error;
        return out;
    }
    // The scores the task quotes: the plain loop for the query (no lab scale, no mask).
    const Vector scores = score_vector_loop(s.inputs, s.query);
    const Vector want = softmax_stable(scores), by_sum = normalize_sum(scores);
    if (int(p.values.size()) != s.inputs.rows) {
        out.message = "Type " + std::to_string(s.inputs.rows) + " weights, one per token.";
        return out;
    }
    if (!close_all(want, by_sum, kTwoDecimalTolerance) && close_all(p.values, by_sum, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the divide-by-sum weights. Softmax exponentiates first: exp(s_i) / Σ exp(s_j).";
        return out;
    }
    if (!close_all(want, scores, kTwoDecimalTolerance) && close_all(p.values, scores, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the scores themselves. Softmax turns them into weights that sum to 1.";
        return out;
    }
    float typed_sum = 0;
    for (float x : p.values) typed_sum += x;
    if (compare_entries(p.values, want, kTwoDecimalTolerance, &out)) {
        out.correct = true;
        out.message = "Right: softmax gives " + vec(want) + ", which rounds to " + vec(want, 2) + ".";
        return out;
    }
    const int i = out.wrong_entry;
    float exp_sum = 0;
    for (float x : scores) exp_sum += std::exp(x);
    out.message = "Entry " + std::to_string(i) + " (" + label(s, i) + ") is " + num(p.values[size_t(i)]) +
                  ", but exp(" + num(scores[size_t(i)]) + ") / " + num(exp_sum, 2) + " = " + num(want[size_t(i)]) +
                  ", which is " + num(want[size_t(i)], 2) + " to 2 decimals.";
    if (std::fabs(typed_sum - 1.0f) > 0.02f) out.message += " Also, your weights sum to " + num(typed_sum) + ", not 1.";
    return out;
}

ExerciseCheck check_top_token(const State& s, const AttentionResult& r, const std::string& typed) {
    ExerciseCheck out;
    if (!r.has_projection) {
        out.message =
            "Turn on the projection first (Use W_query, W_key, W_value in Trainable attention), or start the "
            "exercise again.";
        return out;
    }
    const int n = s.inputs.rows;
    std::string text = strip(typed);
    if (text.rfind("inputs[", 0) == 0 && text.size() > 8 && text.back() == ']') text = text.substr(7, text.size() - 8);
    int chosen = -1;
    float number = 0;
    if (read_number(text, &number) && number == std::floor(number)) {
        chosen = int(number);
        if (chosen < 0 || chosen >= n) {
            out.message = "There is no token at position " + text + ": use 0.." + std::to_string(n - 1) + ".";
            return out;
        }
    } else {
        std::string name = text;
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
        for (int i = 0; i < n && chosen < 0; ++i)
            if (lowercase(s.tokens[size_t(i)]) == lowercase(name)) chosen = i;
        if (chosen < 0) {
            out.message = text.empty() ? "Type the token's position, such as 0, or its label."
                                       : quoted(text) + " is neither a position (0.." + std::to_string(n - 1) +
                                             ") nor one of the labels: type a position such as 0, or a label.";
            return out;
        }
    }
    const Vector& w = r.projection.weights;
    const int best = argmax(w);
    out.entry_ok = {w[size_t(chosen)] == w[size_t(best)] ? 1 : 0};
    if (out.entry_ok[0]) {
        out.correct = true;
        out.message = "Right: " + label(s, chosen) + " (position " + std::to_string(chosen) + ") gets " +
                      num(w[size_t(chosen)]) + " of the weight. The projected scores are " + vec(r.projection.scores) +
                      ".";
        return out;
    }
    out.wrong_entry = 0;
    const int plain_best = argmax(r.weights);
    if (chosen == plain_best && plain_best != best)
        out.message = label(s, chosen) +
                      " wins without the projection (scores from inputs @ inputs.T). With W_query and "
                      "W_key the scores are " +
                      vec(r.projection.scores) + ", and the weights " + vec(w) + ".";
    else if (chosen == best + 1)
        out.message = "Close: positions count from zero. " + label(s, chosen) + " is at position " +
                      std::to_string(chosen) + "; the weights are " + vec(w) + ".";
    else
        out.message = label(s, chosen) + " gets " + num(w[size_t(chosen)]) + ", but another token gets " +
                      num(w[size_t(best)]) + ". The weights are " + vec(w) + ".";
    return out;
}

}  // namespace

ParsedNumbers parse_numbers(const std::string& raw, int expected_count) {
    ParsedNumbers out;
    // Brackets, "tensor", semicolons and the like separate numbers; the minus sign becomes '-'.
    std::string text;
    for (size_t i = 0; i < raw.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(raw[i]);
        if (c == 0xE2 && i + 2 < raw.size() && raw[i + 1] == '\x88' && raw[i + 2] == '\x92') {
            text.push_back('-');
            i += 2;
        } else if (std::strchr("[](){};|\t\r\n", c) && c != 0) {
            text.push_back(' ');
        } else {
            text.push_back(char(c));
        }
    }
    for (size_t at = text.find("tensor"); at != std::string::npos; at = text.find("tensor")) text.replace(at, 6, " ");
    const std::vector<std::string> chunks = split(text, ' ');
    if (chunks.empty()) {
        out.error = "Type " + std::to_string(expected_count) + " numbers, separated by spaces or commas.";
        return out;
    }
    Reading plain, decimal;
    for (const std::string& chunk : chunks) {
        for (const std::string& part : split(chunk, ',')) plain.tokens.push_back(part);
        const std::string c = trim_commas(chunk);
        if (decimal_comma_chunk(c)) {
            std::string fixed = c;
            fixed[fixed.find(',')] = '.';
            decimal.tokens.push_back(fixed);
            if (!decimal.used_decimal_comma) decimal.example = c;
            decimal.used_decimal_comma = true;
        } else {
            for (const std::string& part : split(c, ',')) decimal.tokens.push_back(part);
        }
    }
    const int expected = expected_count;
    const Reading* chosen = &plain;
    if (int(plain.tokens.size()) != expected && decimal.used_decimal_comma && int(decimal.tokens.size()) == expected) {
        chosen = &decimal;
        const std::string as_point = [&] {
            std::string s = decimal.example;
            s[s.find(',')] = '.';
            return s;
        }();
        out.note = "Read " + decimal.example + " as " + as_point + " (a decimal comma). Write " + as_point +
                   " with a point to be sure.";
    }
    for (size_t i = 0; i < chosen->tokens.size(); ++i) {
        float value = 0;
        if (!read_number(chosen->tokens[i], &value)) {
            out.values.clear();
            out.error = quoted(chosen->tokens[i]) + " (entry " + std::to_string(i) +
                        ") is not a number: write numbers like 0.5, -2 or 1e-3.";
            return out;
        }
        out.values.push_back(value);
    }
    if (int(out.values.size()) != expected) {
        out.error = "Found " + std::to_string(out.values.size()) + (out.values.size() == 1 ? " number" : " numbers") +
                    ", but " + std::to_string(expected) + " are needed, one per token.";
        if (!decimal.used_decimal_comma && text.find(',') != std::string::npos && int(plain.tokens.size()) > expected)
            out.error += " If you wrote decimal commas (0,5), separate the numbers with spaces, or use points.";
        return out;
    }
    if (chosen == &plain && decimal.used_decimal_comma)
        out.note = "Read " + decimal.example +
                   " as two numbers. If you meant one number with a decimal comma, write it "
                   "with a point.";
    out.ok = true;
    return out;
}

Exercise exercise_info(int index, const State& s) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    Exercise e;
    const int n = s.inputs.rows;
    if (index == 0) {
        e.title = "Predict and verify a score list";
        std::string rows;
        for (int i = 0; i < n && i < 6; ++i) rows += (i ? ", " : "") + vec(s.inputs.row(i), s.inputs.cols);
        e.task = "Using the inputs " + rows + (n > 6 ? ", …" : "") + ", set the query to the third token" +
                 (n >= 3 ? ", " + vec(s.inputs.row(2), s.inputs.cols) : std::string()) +
                 ". Predict which score will be largest, then compute each dot product and type the " +
                 std::to_string(n) + " scores in order.";
        e.hint =
            "The third token is at index 2, so the query line is query = inputs[2]. Pair the elements, multiply, add.";
        e.input_label = "scores";
    } else if (index == 1) {
        e.title = "Softmax by hand";
        e.task = "The query " + label(s, s.query) + " scores " +
                 vec(s.inputs.rows ? score_vector_loop(s.inputs, s.query) : Vector()) +
                 ". Type the softmax weights to 2 decimals.";
        e.hint = "exp(s_i) / (exp(s_0) + exp(s_1) + …). The weights sum to 1.";
        e.input_label = "weights";
    } else {
        e.title = "The most attended token after projection";
        e.task = "With W_query and W_key from torch.manual_seed(" + std::to_string(s.projection.seed) +
                 ") and d_out = " + std::to_string(s.projection.d_out) + ", which token does the query inputs[" +
                 std::to_string(s.query) + "] (" + label(s, s.query) +
                 ") attend to most? Type its position or its label.";
        e.hint = "Look at the projected weights in Trainable attention, not the plain ones.";
        e.input_label = "token";
    }
    return e;
}

ExerciseCheck check_exercise(int index, const State& s, const AttentionResult& r, const std::string& typed) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    if (index == 2) return check_top_token(s, r, typed);
    const ParsedNumbers p = parse_numbers(typed, s.inputs.rows);
    return index == 0 ? check_scores(s, p) : check_weights(s, p);
}

}  // namespace attn
