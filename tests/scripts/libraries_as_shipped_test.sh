#!/usr/bin/env bash
# Third-party code is linked as its package ships it: the build never edits a library's source,
# and the project defines none of a library's functions in its place (to save bytes or otherwise).
# Checked from the text, so what it sees is limited: CMake that reads a file of a third-party tree
# (through ATTN_IMGUI_DIR, ATTN_WASM_SDL2_DIR or ATTN_THIRD_PARTY) and rewrites it, and C or C++
# in src/ and bench/ that defines a function of SDL, EGL, GL (Emscripten's), Dear ImGui's backends
# or libc's scanf/printf/malloc families on one line (`type name(...) {`). A --js-library or
# -Wl,--wrap stand-in is also refused.
#   tests/scripts/libraries_as_shipped_test.sh [REPOSITORY_ROOT]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root" || exit 1

failures=0
# 1. The build edits no library source: no string(REPLACE/REGEX) on a file read from a third-party tree.
while IFS= read -r file; do
  if grep -qE 'file\(READ[^)]*\$\{ATTN_(IMGUI|WASM_SDL2|THIRD_PARTY)' "$file" &&
     grep -qE 'string\((REPLACE|REGEX REPLACE)' "$file"; then
    echo "$file: reads a third-party source and rewrites it with string(REPLACE ...)"
    failures=$((failures + 1))
  fi
done < <(find CMakeLists.txt cmake tests bench fuzz -name 'CMakeLists.txt' -o -name '*.cmake' 2>/dev/null | sort)

# 2. No stand-in for a library's function in our sources.
pattern='^(extern "C" )?[A-Za-z_][A-Za-z0-9_ *]*[ *](SDL_[A-Za-z0-9_]+|egl[A-Z][A-Za-z0-9_]*|gl[A-Z][A-Za-z0-9_]*|ImGui_Impl[A-Za-z0-9_]+|v?s?f?scanf|v?s?n?printf|malloc|free)\([^;]*\)[^;]*\{'
while IFS= read -r hit; do
  echo "$hit: defines a library's function in its place"
  failures=$((failures + 1))
done < <(grep -rnE "$pattern" src bench --include='*.cpp' --include='*.c' --include='*.h')

# 3. No JavaScript library or linker wrap standing in for a library's function.
while IFS= read -r hit; do
  echo "$hit: replaces a library's function at link time"
  failures=$((failures + 1))
done < <(grep -rnE -- '--js-library|-Wl,--wrap|--wrap=' CMakeLists.txt cmake 2>/dev/null)

echo "libraries_as_shipped_test: $failures problem(s)"
[ "$failures" = 0 ]
