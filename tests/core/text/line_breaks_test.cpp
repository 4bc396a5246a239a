#include "core/text/line_breaks.h"

#include <doctest/doctest.h>

using attn::code_break_pieces;
using attn::line_break_pieces;
using Pieces = std::vector<std::string>;

TEST_CASE("A short list inside a call too long to keep whole stays whole itself") {
    // Step 2 on a phone: "torch.dot([1," / "0], [2, 2])". The call's "(" closes only at the line's
    // end, too long to keep; the list "[1, 0]" inside it is short, and is kept.
    CHECK(line_break_pieces("torch.dot(inputs[0], query) = torch.dot([1, 0], [2, 2])") ==
          Pieces{"torch.dot(inputs[0], ", "query) = torch.dot([1, 0], ", "[2, 2])"});
    // A list too long to keep still breaks at its spaces.
    const std::string wide = "f(x) = g([0.1234, 0.2345, 0.3456, 0.4567, 0.5678, 0.6789], y)";
    CHECK(line_break_pieces(wide).size() > 4);
}

TEST_CASE("English breaks only after spaces, so numbers and tensors stay whole") {
    // An operator between spaces stays with both sides: no "x =" or "s -" at a line's end.
    CHECK(line_break_pieces("x = 0.43 then") == Pieces{"x = 0.43 ", "then"});
    CHECK(line_break_pieces("# sqrt(2) = 1.4142") == Pieces{"# sqrt(2) = 1.4142"});
    CHECK(line_break_pieces("scores = queries @ keys.T and") == Pieces{"scores = queries @ keys.T ", "and"});
    CHECK(line_break_pieces("a -4 b") == Pieces{"a ", "-4 ", "b"});  // a negative number is no operator
    // Chinese after "=" too: "# True =" / "隐藏" read as an unfinished line on a phone.
    CHECK(line_break_pieces("# True = 隐藏") == Pieces{"# True = 隐", "藏"});
    // A comment's "#" keeps its first Chinese character too.
    CHECK(line_break_pieces("# 查询") == Pieces{"# 查", "询"});
    // A code comment's "#" keeps its first word with it; the words after it break as words do.
    CHECK(line_break_pieces("rows = [q]   # the prompt") == Pieces{"rows = [q]   ", "# the ", "prompt"});
    CHECK(line_break_pieces("two  spaces") == Pieces{"two  ", "spaces"});
    CHECK(line_break_pieces("") == Pieces{});
}

TEST_CASE("A short vector, shape, call or quoted token is never broken; a long one breaks at its spaces") {
    // The phone walk's lines: "[0.1250, 0.6250," / "0.2500]", "s - max = [-4, 0," / "-3]",
    // "tril(ones," / "-1)", "\"token" / "1\"".
    CHECK(line_break_pieces("tensor([0.43, 0.15])") == Pieces{"tensor([0.43, 0.15])"});
    CHECK(line_break_pieces("weights [0.1250, 0.6250, 0.2500] add") ==
          Pieces{"weights ", "[0.1250, 0.6250, 0.2500] ", "add"});
    CHECK(line_break_pieces("s - max = [-4, 0, -3]") == Pieces{"s - max = [-4, 0, -3]"});
    CHECK(line_break_pieces("mask = tril(ones, -1)") == Pieces{"mask = tril(ones, -1)"});
    CHECK(line_break_pieces("# (6, 3) @ (3, 6)") == Pieces{"# (6, 3) @ (3, 6)"});
    CHECK(line_break_pieces("the largest is \"token 1\" here") ==
          Pieces{"the ", "largest ", "is ", "\"token 1\" ", "here"});
    CHECK(line_break_pieces("查询为第 2 个词元，\"token 1\" = [2, 2]") ==
          Pieces{"查", "询", "为", "第 ", "2 ", "个", "词", "元，", "\"token 1\" = [2, 2]"});
    // Longer than a phone's narrowest line: it breaks at its spaces as before.
    CHECK(line_break_pieces("[0.1385, 0.2379, 0.2333, 0.1240, 0.1082]") ==
          Pieces{"[0.1385, ", "0.2379, ", "0.2333, ", "0.1240, ", "0.1082]"});
    // Chinese quotes a token with curly quotes: kept whole too ("“token" / "1”" on a phone).
    CHECK(line_break_pieces("与查询“token 1”比较") == Pieces{"与", "查", "询", "“token 1”", "比", "较"});
    // A Chinese character counts two columns: sixteen of them in quotes are too long to keep whole.
    CHECK(line_break_pieces("\"一二三四五六七八九十一二三四五六\"").size() > 1);
    // Split: for a line narrower than the group, it breaks at its spaces after all.
    CHECK(line_break_pieces("x = [-4, 0, -3]", attn::LineGroups::Split) == Pieces{"x ", "= ", "[-4, ", "0, ", "-3]"});
    // A quote or bracket never closed breaks as words do.
    CHECK(line_break_pieces("a 12\" screen and more") == Pieces{"a ", "12\" ", "screen ", "and ", "more"});
}

TEST_CASE("Chinese breaks between characters but never inside a number or code") {
    CHECK(line_break_pieces("权重为 0.4419。") == Pieces{"权", "重", "为 ", "0.4419。"});
    // A closing mark stays with what it closes; an opening one with what it opens.
    CHECK(line_break_pieces("（查询）词元") == Pieces{"（查", "询）", "词", "元"});
    CHECK(line_break_pieces("inputs[1]，即") == Pieces{"inputs[1]，", "即"});
    // Code beside Chinese without a space is still one piece.
    CHECK(line_break_pieces("用attn_scores.softmax(dim=-1)算") == Pieces{"用", "attn_scores.softmax(dim=-1)", "算"});
}

TEST_CASE("The pieces joined give the line back, broken bytes included") {
    for (std::string line : {std::string("第 2 个词元 \"journey\" 的分数：[0.43, 0.15]。"), std::string("a\xff中b"),
                             std::string("   leading")}) {
        std::string joined;
        for (const std::string& p : line_break_pieces(line)) joined += p;
        CHECK(joined == line);
    }
}

TEST_CASE("Code wider than a line breaks after '(' '[' ',', then before '.', then between characters") {
    // It fits: whole, its trailing spaces not counted.
    CHECK(code_break_pieces("repeat(x, ", 9) == Pieces{"repeat(x, "});
    // The lesson's call, 44 columns on a line of 30: after the opening bracket and the comma.
    CHECK(code_break_pieces("keys_base.repeat_interleave(self.group_size, ", 30) ==
          Pieces{"keys_base.repeat_interleave(", "self.group_size, "});
    // "keys_base.repeat_interleave(" is still 28 wide on a line of 20: before its dot.
    CHECK(code_break_pieces("keys_base.repeat_interleave(self.group_size, ", 20) ==
          Pieces{"keys_base", ".repeat_interleave(", "self.group_size, "});
    // The score loop's line on a phone (a teacher's walk): "... = 0" then ".8400" on the next line.
    // Before its operators, which start the next line with what they join; never at a decimal point.
    CHECK(code_break_pieces("query) = 0.9\u00b70.5 + 0.6\u00b70.4 + 0.5\u00b70.3 = 0.8400", 30) ==
          Pieces{"query) ", "= 0.9\u00b70.5 ", "+ 0.6\u00b70.4 ", "+ 0.5\u00b70.3 ", "= 0.8400"});
    CHECK(code_break_pieces("a.b(x) = 0.8400", 8) == Pieces{"a.b(x) ", "= 0.8400"});
    CHECK(code_break_pieces("12.5000", 6) ==
          Pieces{"12.500", "0"});  // no room even for the number: at worst, characters
    // A tensor literal that fits a line is not cut at its "[" or its commas ("[1," / "0]" on a
    // phone); one wider than the line is, and so is an index, as before.
    CHECK(code_break_pieces("torch.dot([1, 0], [2, 2])", 20) == Pieces{"torch.dot(", "[1, 0], ", "[2, 2])"});
    CHECK(code_break_pieces("f([1, 2, 3, 4, 5, 6])", 8) == Pieces{"f(", "[", "1, ", "2, ", "3, ", "4, ", "5, ", "6])"});
    for (int columns : {14, 16, 18})  // a reviewer's: the index was cut inside, "attn_weights[0" / ", 0]"
        CHECK(code_break_pieces("attn_weights[0, 0], (2, 6, 6)", columns) ==
              Pieces{"attn_weights[", "0, ", "0], ", "(2, 6, 6)"});
    CHECK(code_break_pieces("[[1, 0], [2, 2]]", 10) == Pieces{"[", "[1, 0], ", "[2, 2]]"});
    // A call's short arguments stay with it (a Chinese reader's phone: "unsqueeze(" / "-1) - ..."):
    // the line breaks before its operator instead; long arguments are still cut after "(".
    CHECK(code_break_pieces("diff = q_positions.unsqueeze(-1) - k_positions.unsqueeze(0)", 36) ==
          Pieces{"diff ", "= q_positions.unsqueeze(-1) ", "- k_positions.unsqueeze(0)"});
    CHECK(code_break_pieces("y = x.view(b, n, h, hd)", 20) == Pieces{"y ", "= x", ".view(b, n, h, hd)"});
    // A value after "=" is a literal too (step 5 in Chinese on a phone: "[0.1250, 0.6250, " / "0.2500]").
    CHECK(code_break_pieces("by_sum = scores / 8 = [0.1250, 0.6250, 0.2500]", 30) ==
          Pieces{"by_sum ", "= scores ", "/ 8 ", "= [0.1250, 0.6250, 0.2500]"});
    CHECK(code_break_pieces("torch.dot(inputs[0], query)", 20) == Pieces{"torch.dot(", "inputs[", "0], ", "query)"});
    // No place to break: between characters, each fragment within the line.
    CHECK(code_break_pieces("abcdefghij", 4) == Pieces{"abcd", "efgh", "ij"});
    // A two-byte character is one column, and never cut.
    CHECK(code_break_pieces("\u00e9\u00e9\u00e9\u00e9", 4) == Pieces{"\u00e9\u00e9\u00e9\u00e9"});
    CHECK(code_break_pieces("\u00e9\u00e9\u00e9\u00e9", 3) == Pieces{"\u00e9\u00e9\u00e9", "\u00e9"});
}
