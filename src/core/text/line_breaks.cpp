#include "core/text/line_breaks.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/text/utf8.h"

namespace attn {
namespace {

// Closing punctuation and marks that must not start a line (full-width and ASCII alike).
bool no_break_before(uint32_t cp) {
    static const char32_t kClosers[] = U"，。、；：？！）」』】〉》〕”’…·%,.;:?!)]}";
    for (char32_t c : kClosers)
        if (c && cp == uint32_t(c)) return true;
    return false;
}

// Opening punctuation that must not end a line.
bool no_break_after(uint32_t cp) {
    static const char32_t kOpeners[] = U"（「『【〈《〔“‘([{";
    for (char32_t c : kOpeners)
        if (c && cp == uint32_t(c)) return true;
    return false;
}

// A bracket or a quote left open at the end of a piece: the depth of ( [ { and “ not yet closed,
// and whether a straight '"' is open, carried from piece to piece. (Not Chinese's （）: an aside
// in running Chinese breaks as the sentence does.)
struct GroupScan {
    int depth = 0;
    bool quoted = false;
    bool open() const { return depth > 0 || quoted; }
    void read(std::string_view piece) {
        for (size_t i = 0; i < piece.size();) {
            uint32_t cp = 0;
            const size_t n = decode_utf8(piece, i, &cp);
            i += n ? n : 1;
            if (cp == '(' || cp == '[' || cp == '{' || cp == 0x201C) ++depth;
            if ((cp == ')' || cp == ']' || cp == '}' || cp == 0x201D) && depth > 0) --depth;
            if (cp == '"') quoted = !quoted;
        }
    }
};

// A group this short is never broken: a vector, a shape, a call's arguments or a quoted token
// ("[0.1250, 0.6250, 0.2500]", "(6, 3)", "tril(ones, -1)", "\"token 1\"", “token 1”) reads as
// one thing, and its columns fit the narrowest line the page has (320 CSS px). A longer one breaks
// at its spaces. (A renderer with less room than a group needs asks for LineGroups::Split.)
constexpr int kShortGroupColumns = 32;

// The columns text takes, a Chinese character two: about its width in the page's fonts.
int display_columns(std::string_view text) {
    int n = 0;
    for (size_t i = 0; i < text.size();) {
        uint32_t cp = 0;
        const size_t length = decode_utf8(text, i, &cp);
        i += length ? length : 1;
        n += is_cjk_code_point(cp) ? 2 : 1;
    }
    return n;
}

// A "[" left open at the end of piece, the innermost one: its byte offset, and the bracket depth
// (of ( [ {) outside it; npos when the piece leaves no "[" open.
struct OpenList {
    size_t at = std::string::npos;
    int depth_outside = 0;
};
OpenList innermost_open_list(std::string_view piece) {
    std::vector<std::pair<char, size_t>> open;
    for (size_t i = 0; i < piece.size(); ++i) {
        const char c = piece[i];
        if (c == '(' || c == '[' || c == '{') open.push_back({c, i});
        if ((c == ')' || c == ']' || c == '}') && !open.empty()) open.pop_back();
    }
    if (open.empty() || open.back().first != '[') return {};
    return {open.back().second, int(open.size()) - 1};
}

// The pieces after `first` that close the "[" it leaves open, when that list is short: "[1, " and
// "0], " in "torch.dot([1, " "0], " "[2, 2])", whose "(" closes only far later (a phone broke the
// tensor "[1," / "0]"). Returns the last piece's index, or first when there is none.
size_t close_short_list(const std::vector<std::string>& pieces, size_t first) {
    const OpenList list = innermost_open_list(pieces[first]);
    if (list.at == std::string::npos) return first;
    GroupScan scan;
    scan.read(pieces[first]);
    int columns = display_columns(std::string_view(pieces[first]).substr(list.at));
    for (size_t j = first + 1; j < pieces.size() && columns <= kShortGroupColumns; ++j) {
        scan.read(pieces[j]);
        columns += display_columns(pieces[j]);
        if (scan.depth <= list.depth_outside) {
            const size_t visible = pieces[j].find_last_not_of(' ');
            columns -= int(pieces[j].size() - (visible == std::string::npos ? 0 : visible + 1));
            return columns <= kShortGroupColumns ? j : first;
        }
    }
    return first;
}

// Joins the pieces from one that opens a short group to the one that closes it.
std::vector<std::string> keep_short_groups(std::vector<std::string> pieces) {
    std::vector<std::string> out;
    for (size_t i = 0; i < pieces.size();) {
        GroupScan scan;
        scan.read(pieces[i]);
        size_t j = i;
        int columns = display_columns(pieces[i]);
        while (scan.open() && j + 1 < pieces.size() && columns <= kShortGroupColumns) {
            ++j;
            scan.read(pieces[j]);
            columns += display_columns(pieces[j]);
        }
        // (The group's last trailing spaces may hang past the edge.)
        const size_t visible = pieces[j].find_last_not_of(' ');
        columns -= int(pieces[j].size() - (visible == std::string::npos ? 0 : visible + 1));
        if (j > i && !scan.open() && columns <= kShortGroupColumns) {
            std::string joined;
            for (size_t k = i; k <= j; ++k) joined += pieces[k];
            out.push_back(std::move(joined));
            i = j + 1;
        } else if (const size_t last = close_short_list(pieces, i); last > i) {
            // The whole group is too long, but the list it ends inside is short: that list whole.
            std::string joined;
            for (size_t k = i; k <= last; ++k) joined += pieces[k];
            out.push_back(std::move(joined));
            i = last + 1;
        } else {
            out.push_back(std::move(pieces[i]));
            ++i;
        }
    }
    return out;
}

// The operators a line keeps with both its neighbours when written between spaces.
bool is_operator(std::string_view token) {
    for (std::string_view op :
         {"=", "==", "!=", "<=", ">=", "<", ">", "-", "+", "@", "*", "/", "->", "\u00d7", "\u00b7"})
        if (token == op) return true;
    return false;
}

// The last run of non-spaces in text ("@" in "queries @ "); "" when it has none.
std::string_view last_word(std::string_view text) {
    const size_t last = text.find_last_not_of(' ');
    if (last == std::string_view::npos) return {};
    const size_t space = text.find_last_of(' ', last);
    const size_t start = space == std::string_view::npos ? 0 : space + 1;
    return text.substr(start, last + 1 - start);
}

// Whether an operator followed by a space starts at i ("= 1" does, "-4" does not).
bool operator_at(std::string_view line, size_t i) {
    const size_t space = line.find(' ', i);
    return space != std::string_view::npos && is_operator(line.substr(i, space - i));
}

}  // namespace

bool is_cjk_code_point(uint32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x9FFF) ||  // radicals, CJK punctuation, kana, ideographs
           (cp >= 0xAC00 && cp <= 0xD7AF) ||  // Hangul syllables
           (cp >= 0xF900 && cp <= 0xFAFF) ||  // compatibility ideographs
           (cp >= 0xFE30 && cp <= 0xFE4F) ||  // compatibility forms
           (cp >= 0xFF00 && cp <= 0xFFEF) ||  // full-width forms (，：；？！（）)
           (cp >= 0x20000 && cp <= 0x3FFFF);  // supplementary ideographs
}

std::vector<std::string> line_break_pieces(std::string_view line, LineGroups groups) {
    std::vector<std::string> pieces;
    std::string current;
    uint32_t prev = 0;
    for (size_t i = 0; i < line.size();) {
        uint32_t cp = 0;
        const size_t length = decode_utf8(line, i, &cp);
        if (length == 0) cp = 0xFFFD;  // a broken byte goes along as one character
        const size_t end = i + (length ? length : 1);
        const bool cjk_edge =
            (is_cjk_code_point(prev) || is_cjk_code_point(cp)) && !no_break_before(cp) && !no_break_after(prev);
        if (!current.empty() && cp != ' ' && (prev == ' ' || cjk_edge)) {  // a place a line may break
            // A code comment's "#" stays with its first word: "# the prompt", not "#" at a line's end.
            const bool comment_mark = current.size() >= 2 && current[0] == '#' && current[1] == ' ' &&
                                      current.find_first_not_of(' ', 1) == std::string::npos;
            // An operator between spaces ("=", "-", "@", "->") stays with both sides: a line does
            // not end "s -" or "queries @" (a phone walk). Not when a group is split: a line too
            // narrow for a short group breaks at every space.
            const bool operator_kept =
                groups == LineGroups::KeepShort && (is_operator(last_word(current)) || operator_at(line, i));
            if (!comment_mark && !operator_kept) {
                pieces.push_back(std::move(current));
                current.clear();
            }
        }
        current.append(line.substr(i, end - i));
        prev = cp;
        i = end;
    }
    if (!current.empty()) pieces.push_back(std::move(current));
    return groups == LineGroups::KeepShort ? keep_short_groups(std::move(pieces)) : pieces;
}

namespace {

enum class CodeCut { AfterOpening, BeforeOperator, BeforeDot, AnyCharacter, None };

// Arguments this short ("-1", "b, n, h, hd") are not cut from their call.
constexpr int kShortArguments = 12;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// The columns of text in a monospace font: a character one, a Chinese one (a comment in the
// learner's language, drawn by the CJK font) two.
int columns_of(std::string_view text) {
    return display_columns(text);
}

void cut_code(const std::string& piece, int columns, CodeCut rule, std::vector<std::string>* out) {
    const size_t visible = piece.find_last_not_of(' ');
    if (visible == std::string::npos || rule == CodeCut::None ||
        columns_of(std::string_view(piece).substr(0, visible + 1)) <= columns) {
        out->push_back(piece);
        return;
    }
    const CodeCut next = CodeCut(int(rule) + 1);
    std::string part;
    int part_columns = 0;
    bool after_opening = false;  // the part ends with "(" "[" "," (and the spaces after it stay with it)
    size_t literal_end = 0;      // inside a tensor literal that fits a line: no cut after its "[" or commas
    const auto flush = [&] {
        if (!part.empty()) cut_code(part, columns, next, out);
        part.clear();
        part_columns = 0;
    };
    for (size_t i = 0; i < piece.size();) {
        uint32_t cp = 0;
        const size_t n = std::max<size_t>(1, decode_utf8(piece, i, &cp));  // a bad byte: one at a time
        const std::string_view ch = std::string_view(piece).substr(i, n);
        if (after_opening && ch != " ") flush(), after_opening = false;
        // Before an operator written between spaces, which starts the next line with what it
        // joins ("= 0.8400"): the line's operators glued "query) = 0.9·0.5 + ... = 0.8400" into one piece.
        if (rule == CodeCut::BeforeOperator && ch != " " && !part.empty() && part.back() == ' ' &&
            operator_at(piece, i) && !is_operator(last_word(part)))
            flush();
        // Before a method's dot, never a decimal point's ("0" / ".8400" read as a score of 0).
        const bool decimal_point =
            ch == "." && i > 0 && is_digit(piece[i - 1]) && i + 1 < piece.size() && is_digit(piece[i + 1]);
        if (rule == CodeCut::BeforeDot && ch == "." && !decimal_point && !part.empty()) flush();
        if (rule == CodeCut::AnyCharacter && ch != " " && !part.empty() && part_columns + 1 > columns) flush();
        part += ch;
        ++part_columns;
        // A tensor literal, "[1, 0]" as an argument or a value (after "(" "[" "," "=" or at the
        // start, not an index such as "weights[0, 0]"), that fits a line stays whole: "[1," and "0]" on a phone read
        // as two broken tensors. The cut after the "(" before it already lets it start a line.
        if (rule == CodeCut::AfterOpening && ch == "[" && i >= literal_end) {
            const size_t before = i == 0 ? std::string::npos : piece.find_last_not_of(' ', i - 1);
            if (before == std::string::npos || piece[before] == '(' || piece[before] == '[' || piece[before] == ',' ||
                piece[before] == '=') {
                int depth = 0;
                for (size_t j = i; j < piece.size(); ++j) {
                    depth += piece[j] == '[' ? 1 : piece[j] == ']' ? -1 : 0;
                    if (depth > 0) continue;
                    if (columns_of(std::string_view(piece).substr(i, j + 1 - i)) <= columns) literal_end = j + 1;
                    break;
                }
            }
        }
        // A call's short arguments stay with it: "unsqueeze(" / "-1)" read as a broken call.
        if (rule == CodeCut::AfterOpening && ch == "(" && i >= literal_end) {
            int depth = 0;
            for (size_t j = i; j < piece.size(); ++j) {
                depth += piece[j] == '(' ? 1 : piece[j] == ')' ? -1 : 0;
                if (depth > 0) continue;
                if (columns_of(std::string_view(piece).substr(i + 1, j - i - 1)) <= kShortArguments)
                    literal_end = j + 1;
                break;
            }
        }
        if (rule == CodeCut::AfterOpening && i >= literal_end && (ch == "(" || ch == "[" || ch == ","))
            after_opening = true;
        i += n;
    }
    flush();
}

}  // namespace

std::vector<std::string> code_break_pieces(const std::string& piece, int columns) {
    std::vector<std::string> out;
    cut_code(piece, std::max(columns, 1), CodeCut::AfterOpening, &out);
    return out;
}

}  // namespace attn
