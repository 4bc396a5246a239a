#!/usr/bin/env bash
# Lints every script of the project with shellcheck: clean, or a reasoned disable comment on the
# line. Exits 77 (ctest: skipped) where shellcheck is not installed.
#   tests/scripts/shellcheck_test.sh [REPOSITORY_ROOT]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root" || exit 1
if ! command -v shellcheck >/dev/null; then
  echo "SKIPPED: shellcheck not found: install it (scripts/install_deps.sh --tests)"
  exit 77
fi
scripts=(build_wasm.sh run_tests.sh .ci/run scripts/*.sh bench/*.sh tests/scripts/*.sh tests/cli/*.sh)
shellcheck --external-sources "${scripts[@]}" || exit 1
echo "shellcheck: ${#scripts[@]} scripts clean"
