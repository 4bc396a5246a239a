// Size: sscanf for the web build, reading whole numbers only. Its callers in the program are Dear
// ImGui's: the OpenGL backend reads "#version %d" and "%d.%d", and the .ini settings readers
// (never run here: io.IniFilename is null) read "Pos=%i,%i" and the like. libc's sscanf brings
// its whole scanf engine, about 2.5 KB gzip of the page's wasm, for those.
// Supported: literal characters, whitespace matching any run of whitespace, and %d / %i as
// optionally signed decimal ints. Any other conversion ends the scan; the return value is the
// number of fields stored, as with sscanf (so a caller checking it sees "not read").
#ifdef __EMSCRIPTEN__
#include <cctype>
#include <cstdarg>
#include <cstdio>

extern "C" int sscanf(const char* text, const char* format, ...) {
    va_list args;
    va_start(args, format);
    int stored = 0;
    for (const char* f = format; *f; ++f) {
        if (std::isspace(static_cast<unsigned char>(*f))) {
            while (std::isspace(static_cast<unsigned char>(*text))) ++text;
        } else if (*f != '%') {
            if (*text != *f) break;
            ++text;
        } else if (f[1] == 'd' || f[1] == 'i') {
            ++f;
            while (std::isspace(static_cast<unsigned char>(*text))) ++text;
            const bool negative = *text == '-';
            if (*text == '-' || *text == '+') ++text;
            if (!std::isdigit(static_cast<unsigned char>(*text))) break;
            long value = 0;
            while (std::isdigit(static_cast<unsigned char>(*text)) && value < 100000000L)
                value = value * 10 + (*text++ - '0');
            *va_arg(args, int*) = int(negative ? -value : value);
            ++stored;
        } else {
            break;  // %f, %X, %n, %c ...: not needed by anything this build runs
        }
    }
    va_end(args);
    return stored;
}
#endif
