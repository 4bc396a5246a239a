#!/usr/bin/env bash
# A size profile of the page's wasm: builds it as ./build_wasm.sh does but keeping function names
# (build/wasm-profile), then prints where the bytes go (bench/wasm_size_profile.mjs). With
# --compare REF it also builds REF (a commit, in a scratch worktree) and lists what grew or shrank.
#   bench/wasm_size_profile.sh [--compare REF] [--top N]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

compare="" top=40
while [ $# -gt 0 ]; do
  case "$1" in
    --compare) compare="${2:?--compare needs a commit}"; shift ;;
    --top) top="${2:?--top needs a number}"; shift ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "wasm_size_profile: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

scripts/install_deps.sh
export NODE_PATH=/usr/share/nodejs

# build_profiled SOURCE_DIR BUILD_DIR: the page's wasm with names. Since the lesson's code is split
# off (cmake/split_lesson_code.py) the whole module with names is attention-explainer.wasm.orig;
# before that, attention-explainer.wasm had them.
build_profiled() {
  emcmake cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel -DATTN_BUILD_CLI=OFF -DATTN_BUILD_TESTS=OFF \
    -DCMAKE_EXE_LINKER_FLAGS=--profiling-funcs -DATTN_THIRD_PARTY="$PWD/third_party" >/dev/null
  cmake --build "$2" --target attention-explainer >/dev/null
}

whole_module() { if [ -f "$1/attention-explainer.wasm.orig" ]; then echo "$1/attention-explainer.wasm.orig"; else echo "$1/attention-explainer.wasm"; fi; }

build_profiled . build/wasm-profile
args=("$(whole_module build/wasm-profile)" --top "$top")
if [ -n "$compare" ]; then
  tree=build/wasm-profile-ref
  rm -rf "$tree" && git worktree prune
  git worktree add --detach "$tree" "$compare" >/dev/null
  build_profiled "$tree" build/wasm-profile-ref-build ||
    { git worktree remove --force "$tree"; exit 1; }
  git worktree remove --force "$tree"
  args+=(--compare "$(whole_module build/wasm-profile-ref-build)")
fi
node bench/wasm_size_profile.mjs "${args[@]}"
