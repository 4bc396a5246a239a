#!/usr/bin/env bash
# The page beside its floor, in one run: builds the floor (bench/floor: SDL2 + Dear ImGui + the
# GLES3 backend and the text font, with the page's flags, no project code) into build/bench-floor,
# builds the page (./build_wasm.sh) unless --dist names a built one, then measures both in headless
# Chromium (bench/floor_bench.mjs): transfer (gzip and brotli), time to first frame with the page's
# start-up broken down, CPU per frame at 1280 x 800 and 390 x 844 (DPR 2), and their ratios.
# Usage: bench/floor_bench.sh [--dist DIR] [--repeats N]   (writes bench/results/floor.json)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dist="" repeats=5
while [ $# -gt 0 ]; do
  case "$1" in
    --dist) dist="${2:?--dist needs a folder}"; shift ;;
    --repeats) repeats="${2:?--repeats needs a number}"; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "floor_bench: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

scripts/install_deps.sh
export NODE_PATH=/usr/share/nodejs  # Debian's acorn, needed by emcc's JS optimizer
if [ -z "$dist" ]; then
  ./build_wasm.sh
  dist=dist
fi
build=build/bench-floor
if [ ! -f "$build/build.ninja" ]; then
  emcmake cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel -DATTN_BUILD_CLI=OFF \
    -DATTN_BUILD_TESTS=OFF -DATTN_BUILD_FLOOR=ON >/dev/null
fi
cmake --build "$build" --target attention-floor
rm -rf "$build/site" && mkdir -p "$build/site"
cp bench/floor/floor.html "$build/attention-floor.js" "$build/attention-floor.wasm" "$build/site/"
node bench/floor_bench.mjs --floor "$build/site" --dist "$dist" --repeats "$repeats"
