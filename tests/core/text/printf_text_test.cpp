#include "core/text/printf_text.h"

#include <doctest/doctest.h>

#include <string>

TEST_CASE("printf_text sizes the text to what it needs, Chinese included") {
    CHECK(attn::printf_text("Step %d of %d", 3, 14) == "Step 3 of 14");
    const std::string long_reason(3000, 'x');
    CHECK(attn::printf_text("%s.", long_reason.c_str()).size() == 3001);  // past any fixed buffer the UI had
    CHECK(attn::printf_text("第 %d 步，共 %d 步", 3, 14) == "第 3 步，共 14 步");
    CHECK(attn::printf_text("%s", "") == "");
}
