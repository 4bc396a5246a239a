#!/usr/bin/env bash
# Every C++ file of the repository as the repository's .clang-format writes it (Debian's
# clang-format-14, so every machine formats alike). Prints the files that drift and how to fix
# them; exits 77 (ctest: skipped) where clang-format-14 is not installed.
#   tests/scripts/format_test.sh [REPOSITORY_ROOT]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root" || exit 1
if ! command -v clang-format-14 >/dev/null; then
  echo "SKIPPED: clang-format-14 not found: install it (scripts/install_deps.sh --tests)"
  exit 77
fi
mapfile -t files < <(find src tests bench fuzz \( -name '*.cpp' -o -name '*.h' \) -not -path '*/node_modules/*' | sort)
drifted=()
for f in "${files[@]}"; do
  clang-format-14 --dry-run --Werror "$f" >/dev/null 2>&1 || drifted+=("$f")
done
if [ ${#drifted[@]} -gt 0 ]; then
  printf 'not formatted: %s\n' "${drifted[@]}"
  echo "fix with: clang-format-14 -i ${drifted[*]}"
  exit 1
fi
echo "format_test: ${#files[@]} files as .clang-format writes them"
