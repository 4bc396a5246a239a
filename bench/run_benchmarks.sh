#!/usr/bin/env bash
# Builds and runs every benchmark, then writes bench/results/summary.md and prints it:
#   1. the core kernels natively (plain driver + Google Benchmark) and in wasm under Node,
#      interleaved run by run so a busy moment hits both sides alike; every parser at two input
#      sizes (bench/parser_bench.cpp: linear in its input);
#   2. the page in headless Chromium (./build_wasm.sh builds dist/), and the core inside Chromium;
#   3. the page beside its floor, a minimal Dear ImGui page built the same way (bench/floor_bench.sh).
# Usage: bench/run_benchmarks.sh [--runs N] [--quick] [--no-browser] [--dist DIR]
#   --quick       n <= 256 and one run: a smoke test of the whole pipeline
#   --dist DIR    benchmark an already built page in DIR instead of running ./build_wasm.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

runs=3
max_n=1024
browser=1
dist=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --quick) runs=1; max_n=256 ;;
    --no-browser) browser=0 ;;
    --dist) dist="$2"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "run_benchmarks.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

say() { printf 'run_benchmarks: %s\n' "$*" >&2; }
scripts/install_deps.sh --bench
export NODE_PATH=/usr/share/nodejs  # Debian's acorn, needed by emcc's JS optimizer
results=bench/results
mkdir -p "$results"
rm -f "$results"/core-native-*.json "$results"/core-wasm-*.json
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"

say "building the native benchmarks (build/bench)"
cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_BUILD_BENCH=ON -DATTN_BUILD_APP=OFF \
  -DATTN_BUILD_TESTS=OFF -DATTN_BUILD_CLI=OFF >/dev/null
cmake --build build/bench
say "building the wasm benchmark (build/bench-wasm)"
if [ ! -f build/bench-wasm/build.ninja ]; then
  emcmake cmake -S . -B build/bench-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_BUILD_BENCH=ON \
    -DATTN_BUILD_APP=OFF -DATTN_BUILD_TESTS=OFF -DATTN_BUILD_CLI=OFF >/dev/null
fi
cmake --build build/bench-wasm

for i in $(seq 1 "$runs"); do
  say "core kernels, run $i of $runs: native"
  build/bench/bench/core_bench_wasm --max-n "$max_n" > "$results/core-native-$i.json"
  say "core kernels, run $i of $runs: wasm under Node"
  node build/bench-wasm/bench/core_bench_wasm.js --max-n "$max_n" > "$results/core-wasm-$i.json"
done

say "parsers: time at input sizes S and 2S (linear means a ratio near 2)"
build/bench/bench/parser_bench > "$results/parsers.json" || say "a parser is not linear: see $results/parsers.json"

if [ -x build/bench/bench/core_bench_gbench ]; then
  say "Google Benchmark (native)"
  gfilter='.*'
  [ "$max_n" -lt 1024 ] && gfilter='n=(6|64|256)/'
  build/bench/bench/core_bench_gbench --benchmark_filter="$gfilter" --benchmark_min_time=0.1 \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_out="$results/native_gbench.json" --benchmark_out_format=json >/dev/null
fi

if [ "$browser" = 1 ]; then
  if [ -z "$dist" ]; then
    say "building the page (./build_wasm.sh)"
    ./build_wasm.sh
  fi
  [ -d tests/e2e/node_modules/playwright-core ] || (cd tests/e2e && npm ci --no-audit --no-fund)
  say "the page in headless Chromium"
  node bench/browser_bench.mjs --runs "$runs" --out "$results/browser.json" \
    --core-js build/bench-wasm/bench/core_bench_wasm.js ${dist:+--dist "$dist"} >/dev/null
  say "the page beside its floor (bench/floor_bench.sh)"
  bench/floor_bench.sh --dist "${dist:-dist}" --repeats "$((runs < 3 ? 3 : 5))"
fi

load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
cat > "$results/machine.json" <<EOF
{"date": "$(date -u +%Y-%m-%dT%H:%MZ)", "cpu": "$(lscpu | sed -n 's/^Model name: *//p' | head -1)",
 "cores": $(nproc), "load_before": "$load_before", "load_after": "$load_after",
 "node": "Node $(node --version)", "emcc": "Emscripten $(emcc --version | head -1 | grep -o '[0-9]*\.[0-9]*\.[0-9]*' | head -1)",
 "chromium": "$(/usr/bin/chromium --version 2>/dev/null | head -1 || echo 'Chromium')"}
EOF
node bench/report.mjs "$results"
