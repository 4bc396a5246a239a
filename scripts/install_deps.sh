#!/usr/bin/env bash
# Installs everything the build and the tests need on Debian 12, then fetches Dear ImGui 1.86 and
# SDL2 2.26.5 sources from Debian's source packages and builds SDL2 once for wasm; fetches the
# Closure Compiler that Emscripten uses to shrink the page's JavaScript from npm.
# Third-party code lives in a per-user cache outside the checkout (fresh clones reuse it); the
# checkout only gets an ignored link `third_party/` pointing there. A second run is a quick no-op.
#
#   scripts/install_deps.sh [--tests] [--bench] [--print-missing | --packages-only]
#     (none)           what ./build_wasm.sh and the native build need
#     --tests          also what ./run_tests.sh needs (Chromium, PyTorch, clang, shellcheck, clang-format)
#     --bench          also what bench/run_benchmarks.sh needs (Google Benchmark, Chromium)
#     --print-missing  print the Debian packages that would be installed, one per line, and stop
#     --packages-only  install the Debian packages, then stop (no sources, no SDL2 build)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${ATTN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/attention-explainer}"
imgui_version=1.86
sdl_version=2.26.5
closure_version=20220104.0.0  # the release Emscripten 3.1.6 was tested with
stamp="$cache/imgui-$imgui_version.sdl-$sdl_version-video-lean.closure-$closure_version.ok"
min_node_major=18             # tests/e2e pins playwright-core 1.61, the last release for Node 18

say() { printf 'install_deps: %s\n' "$*"; }
die() { printf 'install_deps: error: %s\n' "$*" >&2; exit 1; }

# What each command needs. The native compiler (g++) is listed: CMake finds no compiler otherwise
# on a minimal Debian. python3 serves the page (python3 -m http.server) and runs pyftsubset.
build_packages=(emscripten g++ cmake ninja-build libsdl2-dev libgles-dev doctest-dev libdragonbox-dev fonts-dejavu-core
                fonts-noto-cjk fonttools zopfli xz-utils nodejs npm python3)
# The fuzzers are built with clang-14 and its libFuzzer runtime; PyTorch runs the generated code;
# nbclient and ipykernel run a notebook with the Python helper (python/, installed by pip, into a
# venv made with Debian's setuptools and wheel);
# mkdocs builds the static-site recipe of docs/platforms.md. ShellCheck lints every script,
# and clang-format-14 checks the C++ formatting.
test_packages=(chromium python3-torch python3-nbclient python3-ipykernel python3-pip python3-venv python3-setuptools python3-wheel mkdocs mkdocs-material clang-14 libclang-rt-14-dev shellcheck clang-format-14)
bench_packages=(libbenchmark-dev chromium)

with_tests=0 with_bench=0 action=install
for arg in "$@"; do
  case "$arg" in
    --tests) with_tests=1 ;;
    --bench) with_bench=1 ;;
    --print-missing) action=print ;;
    --packages-only) action=packages ;;
    -h|--help) sed -n '8,13p' "$0"; exit 0 ;;
    *) die "unknown argument '$arg' (usage: scripts/install_deps.sh [--tests] [--bench] [--print-missing | --packages-only])" ;;
  esac
done

# A package whose program already runs from elsewhere (a Node.js from nodesource or nvm, a python3
# from pyenv or a venv) is not installed again: only that package, matched by its whole name.
# python3-torch is never dropped this way: it is Debian's python3 that imports it.
tool_of_package() {
  case "$1" in
    nodejs) echo node ;;
    npm) echo npm ;;
    python3) echo python3 ;;
    *) echo "" ;;
  esac
}

is_installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ "$status" == *"install ok installed"* ]]
}

# Prints the packages to install, one per line, each once, in list order.
missing_packages() {
  local wanted=("${build_packages[@]}") p tool seen=" "
  [ "$with_tests" = 1 ] && wanted+=("${test_packages[@]}")
  [ "$with_bench" = 1 ] && wanted+=("${bench_packages[@]}")
  for p in "${wanted[@]}"; do
    [[ "$seen" == *" $p "* ]] && continue
    seen+="$p "
    tool=$(tool_of_package "$p")
    if [ -n "$tool" ] && command -v "$tool" >/dev/null 2>&1; then continue; fi
    is_installed "$p" || echo "$p"
  done
}

# --- 1. Debian packages -----------------------------------------------------------------------
if ! command -v dpkg-query >/dev/null 2>&1; then
  die "this script supports Debian 12 only. Elsewhere install Emscripten (emsdk, where -sUSE_SDL=2
works), SDL2 and doctest development files, CMake, Ninja, Node.js and Chromium, then point
ATTN_IMGUI_DIR and ATTN_WASM_SDL2_DIR at your own Dear ImGui 1.86 tree and wasm SDL2 build."
fi
mapfile -t need < <(missing_packages)
if [ "$action" = print ]; then
  [ "${#need[@]}" -eq 0 ] || printf '%s\n' "${need[@]}"
  exit 0
fi
if [ "${#need[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing Debian packages: ${need[*]}. Run as root, or: sudo apt-get install ${need[*]}"
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Whatever node is first on the PATH runs emcc, the page's tools and the browser tests.
node_version=$(node --version 2>/dev/null) || die "node does not run after installing nodejs"
node_major=${node_version#v}
node_major=${node_major%%.*}
if ! [[ "$node_major" =~ ^[0-9]+$ ]] || [ "$node_major" -lt "$min_node_major" ]; then
  die "node $node_version is too old: Node.js $min_node_major or later is needed (Debian 12's nodejs is 18)"
fi
[ "$action" = packages ] && exit 0

mkdir -p "$cache"
ln -sfn "$cache" "$here/third_party"
[ -f "$stamp" ] && { say "dependencies ready in $cache"; exit 0; }

# --- 2. Source packages through apt (a deb-src entry made from the machine's own entry) ---------
src="$cache/src"
mkdir -p "$src"
# The one archive of a source package in $src, or nothing.
source_archive() { find "$src" -maxdepth 1 -name "$1_$2*.orig.tar.*" -print -quit; }
if [ -z "$(source_archive imgui "$imgui_version")" ] || [ -z "$(source_archive libsdl2 "$sdl_version")" ]; then
  [ "$(id -u)" = 0 ] || die "need root once to add a deb-src entry and fetch the imgui and libsdl2 source packages"
  if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
        > /etc/apt/sources.list.d/attention-explainer-src.sources
    elif [ -f /etc/apt/sources.list ]; then
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
        > /etc/apt/sources.list.d/attention-explainer-src.list
    else
      die "no Debian apt entry found to derive a deb-src entry from"
    fi
    apt-get update -qq
  fi
  say "fetching source packages imgui and libsdl2"
  (cd "$src" && apt-get source --download-only -qq "imgui=${imgui_version}*" "libsdl2=${sdl_version}*" >/dev/null 2>&1) ||
    (cd "$src" && apt-get source --download-only -qq imgui libsdl2 >/dev/null)
fi

imgui_dir="$cache/imgui-$imgui_version"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
  rm -rf "$imgui_dir" && mkdir -p "$imgui_dir"
  tar -xf "$(source_archive imgui "$imgui_version")" -C "$imgui_dir" --strip-components=1
fi
[ -f "$imgui_dir/backends/imgui_impl_sdl.cpp" ] || die "unexpected imgui source layout in $imgui_dir"

sdl_src="$cache/SDL2-$sdl_version"
if [ ! -f "$sdl_src/CMakeLists.txt" ]; then
  rm -rf "$sdl_src" && mkdir -p "$sdl_src"
  tar -xf "$(source_archive libsdl2 "$sdl_version")" -C "$sdl_src" --strip-components=1
fi

# --- 3. SDL2 for wasm, built once (configure is slow: every check spawns emcc) ---------------------
# Only what the page uses: video (a WebGL2 context), events, timers. Audio, joysticks, haptics,
# sensors, the 2-D renderer and the dummy/offscreen drivers are left out: smaller wasm, and no
# EM_ASM audio code that the Closure Compiler rejects. SDL_LEAN_AND_MEAN, SDL's own size option,
# leaves out its optional software blitters, RLE and YUV (the page draws with WebGL only).
sdl_wasm="$cache/sdl2-wasm-$sdl_version-video-lean"
if [ ! -f "$sdl_wasm/libSDL2.a" ]; then
  say "building SDL2 $sdl_version for wasm (about 3 minutes, once)"
  export NODE_PATH=/usr/share/nodejs
  rm -rf "$sdl_wasm.build"
  emcmake cmake -S "$sdl_src" -B "$sdl_wasm.build" -G Ninja -DSDL_SHARED=OFF -DSDL_STATIC=ON \
    -DSDL_TEST=OFF -DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1 \
    -DSDL_AUDIO=OFF -DSDL_DISKAUDIO=OFF -DSDL_DUMMYAUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF \
    -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_RENDER=OFF \
    -DSDL_FILESYSTEM=OFF -DSDL_DUMMYVIDEO=OFF -DSDL_OFFSCREEN=OFF >"$cache/sdl2-wasm-configure.log" 2>&1 ||
    die "SDL2 wasm configure failed, see $cache/sdl2-wasm-configure.log"
  cmake --build "$sdl_wasm.build" >"$cache/sdl2-wasm-build.log" 2>&1 ||
    die "SDL2 wasm build failed, see $cache/sdl2-wasm-build.log"
  mkdir -p "$sdl_wasm/include"
  cp "$sdl_wasm.build/libSDL2.a" "$sdl_wasm/"
  cp "$sdl_src"/include/*.h "$sdl_wasm/include/"
  # The generated config and revision headers replace the source tree's generic ones.
  cp "$sdl_wasm.build"/include-config-*/SDL_config.h "$sdl_wasm/include/"
  cp "$sdl_wasm.build"/include/*.h "$sdl_wasm/include/"
  rm -rf "$sdl_wasm.build"
fi

# --- 4. The Closure Compiler for the web build's JavaScript (npm registry) ----------------------
closure="$cache/closure-compiler-$closure_version"
if [ ! -x "$closure/node_modules/.bin/google-closure-compiler" ]; then
  say "fetching google-closure-compiler $closure_version from npm"
  rm -rf "$closure" && mkdir -p "$closure"
  npm install --prefix "$closure" --no-audit --no-fund --loglevel=error \
    "google-closure-compiler@$closure_version" >/dev/null ||
    die "npm could not fetch google-closure-compiler $closure_version"
fi
ln -sfn "$closure" "$cache/closure-compiler"

touch "$stamp"
say "dependencies ready in $cache"
