#!/usr/bin/env bash
# Installs everything the build and the tests need on Debian 12, then fetches Dear ImGui 1.86 and
# SDL2 2.26.5 sources from Debian's source packages and builds SDL2 once for wasm; fetches the
# Closure Compiler that Emscripten uses to shrink the page's JavaScript from npm.
# Third-party code lives in a per-user cache outside the checkout (fresh clones reuse it); the
# checkout only gets an ignored link `third_party/` pointing there. A second run is a quick no-op.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${ATTN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/attention-explainer}"
imgui_version=1.86
sdl_version=2.26.5
closure_version=20220104.0.0  # the release Emscripten 3.1.6 was tested with
stamp="$cache/imgui-$imgui_version.sdl-$sdl_version-video.closure-$closure_version.ok"

# --tests adds what only the tests need: Debian's PyTorch, to run the generated Python code.
test_packages=(python3-torch)
apt_packages=(emscripten libclang-rt-14-dev libsdl2-dev libgles-dev doctest-dev libbenchmark-dev cmake ninja-build chromium fonts-dejavu-core fonttools zopfli
              xz-utils nodejs npm python3)

[ "${1:-}" = "--tests" ] && apt_packages+=("${test_packages[@]}")

say() { printf 'install_deps: %s\n' "$*"; }
die() { printf 'install_deps: error: %s\n' "$*" >&2; exit 1; }

missing_packages() {
  local p
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

# --- 1. Debian packages -----------------------------------------------------------------------
if ! command -v dpkg-query >/dev/null 2>&1; then
  die "this script supports Debian 12 only. Elsewhere install Emscripten (emsdk, where -sUSE_SDL=2
works), SDL2 and doctest development files, CMake, Ninja, Node.js and Chromium, then point
ATTN_IMGUI_DIR and ATTN_WASM_SDL2_DIR at your own Dear ImGui 1.86 tree and wasm SDL2 build."
fi
mapfile -t need < <(missing_packages)
# node comes from nodesource on some machines: a working `node`/`npm` on PATH is enough.
if command -v node >/dev/null && command -v npm >/dev/null; then
  need=("${need[@]/nodejs}"); need=("${need[@]/npm}")
fi
command -v python3 >/dev/null && need=("${need[@]/python3}")
mapfile -t need < <(printf '%s\n' "${need[@]}" | sed '/^$/d')
if [ "${#need[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing Debian packages: ${need[*]}. Run as root, or: sudo apt-get install ${need[*]}"
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

mkdir -p "$cache"
ln -sfn "$cache" "$here/third_party"
[ -f "$stamp" ] && { say "dependencies ready in $cache"; exit 0; }

# --- 2. Source packages through apt (a deb-src entry made from the machine's own entry) ---------
src="$cache/src"
mkdir -p "$src"
if ! ls "$src"/imgui_${imgui_version}*.orig.tar.* >/dev/null 2>&1 ||
   ! ls "$src"/libsdl2_${sdl_version}*.orig.tar.* >/dev/null 2>&1; then
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
  tar -xf "$(ls "$src"/imgui_${imgui_version}*.orig.tar.* | head -1)" -C "$imgui_dir" --strip-components=1
fi
[ -f "$imgui_dir/backends/imgui_impl_sdl.cpp" ] || die "unexpected imgui source layout in $imgui_dir"

sdl_src="$cache/SDL2-$sdl_version"
if [ ! -f "$sdl_src/CMakeLists.txt" ]; then
  rm -rf "$sdl_src" && mkdir -p "$sdl_src"
  tar -xf "$(ls "$src"/libsdl2_${sdl_version}*.orig.tar.* | head -1)" -C "$sdl_src" --strip-components=1
fi

# --- 3. SDL2 for wasm, built once (configure is slow: every check spawns emcc) ---------------------
# Only what the page uses: video (a WebGL2 context), events, timers. Audio, joysticks, haptics,
# sensors, the 2-D renderer and the dummy/offscreen drivers are left out: smaller wasm, and no
# EM_ASM audio code that the Closure Compiler rejects.
sdl_wasm="$cache/sdl2-wasm-$sdl_version-video"
if [ ! -f "$sdl_wasm/libSDL2.a" ]; then
  say "building SDL2 $sdl_version for wasm (about 3 minutes, once)"
  export NODE_PATH=/usr/share/nodejs
  rm -rf "$sdl_wasm.build"
  emcmake cmake -S "$sdl_src" -B "$sdl_wasm.build" -G Ninja -DSDL_SHARED=OFF -DSDL_STATIC=ON \
    -DSDL_TEST=OFF -DCMAKE_BUILD_TYPE=MinSizeRel \
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
