#!/usr/bin/env bash
# Runs every test: the native unit tests (core, CLI, UI), the same unit tests compiled to wasm and
# run under Node, and browser tests of the built page in headless Chromium; plus the native suite
# under ASan + UBSan and a bounded libFuzzer run of every parser (ATTN_FUZZ_SECONDS per target,
# default 30). Installs what is missing first. The last line counts ctest entries, fuzz runs and
# browser tests: "N passed, M failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

scripts/install_deps.sh --tests || exit 1
export NODE_PATH=/usr/share/nodejs
passed=0
failed=0
failures=()

# ctest prints "100% tests passed, 0 tests failed out of 4"; add its counts to ours.
count_ctest() {
  local log="$1" stage="$2" line total bad
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); failures+=("$stage (no result)"); return; fi
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  bad=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$line")
  passed=$((passed + total - bad)); failed=$((failed + bad))
  [ "$bad" = 0 ] || failures+=("$stage")
}

echo "== native build and unit tests"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_BUILD_APP=ON -DATTN_BUILD_CLI=ON \
  -DATTN_BUILD_TESTS=ON >/dev/null &&
  cmake --build build/native || { echo "native build failed"; exit 1; }
(cd build/native && ctest --output-on-failure) 2>&1 | tee build/native-ctest.log
count_ctest build/native-ctest.log "native unit tests"

echo "== sanitizers: the native suite under ASan + UBSan (build/asan)"
scripts/run_sanitizers.sh 2>&1 | tee build/asan-ctest.log
count_ctest build/asan-ctest.log "sanitizer tests"

echo "== fuzzing: libFuzzer, ${ATTN_FUZZ_SECONDS:-30} s per target"
if scripts/run_fuzz.sh "${ATTN_FUZZ_SECONDS:-30}" 2>&1 | tee build/fuzz.log; then passed=$((passed + 1))
else failed=$((failed + 1)); failures+=("fuzzing"); fi

echo "== wasm build (page and unit tests) and unit tests under Node"
./build_wasm.sh || { echo "wasm build failed"; exit 1; }
(cd build/wasm && ctest --output-on-failure) 2>&1 | tee build/wasm-ctest.log
count_ctest build/wasm-ctest.log "wasm unit tests"

echo "== browser tests (headless Chromium)"
(cd tests/e2e && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; })
(cd tests/e2e && node --test --test-concurrency=1 --test-reporter=spec .) 2>&1 | tee build/e2e.log
e2e_pass=$(grep -E '^ℹ pass [0-9]+' build/e2e.log | awk '{print $3}' | tail -1)
e2e_fail=$(grep -E '^ℹ fail [0-9]+' build/e2e.log | awk '{print $3}' | tail -1)
if [ -z "$e2e_pass" ]; then failed=$((failed + 1)); failures+=("browser tests (no result)")
else passed=$((passed + e2e_pass)); failed=$((failed + e2e_fail)); [ "$e2e_fail" = 0 ] || failures+=("browser tests"); fi

echo
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
