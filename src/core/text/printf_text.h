// printf into a std::string of the size the text needs: the interface's sentences are mostly
// numbers in fixed words, and a translated format (core/document/interface_text.h) may be longer
// than the English one, so no fixed buffer cuts it (or a UTF-8 character) short.
#pragma once
#include <cstdarg>
#include <string>

namespace attn {

#if defined(__GNUC__) || defined(__clang__)
#define ATTN_PRINTF(format_index, first_arg) __attribute__((format(printf, format_index, first_arg)))
#else
#define ATTN_PRINTF(format_index, first_arg)
#endif

std::string printf_text(const char* format, ...) ATTN_PRINTF(1, 2);
std::string vprintf_text(const char* format, va_list args);

}  // namespace attn
