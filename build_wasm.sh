#!/usr/bin/env bash
# Builds the web page into dist/ (index.html, script, wasm, gzip copies) and, with --serve [PORT],
# serves it on http://127.0.0.1:PORT (default 8000). Installs what is missing first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

serve=0
port=8000
while [ $# -gt 0 ]; do
  case "$1" in
    --serve) serve=1; if [[ "${2:-}" =~ ^[0-9]+$ ]]; then port="$2"; shift; fi ;;
    -h|--help) echo "usage: ./build_wasm.sh [--serve [PORT]]"; exit 0 ;;
    *) echo "build_wasm.sh: unknown argument '$1' (usage: ./build_wasm.sh [--serve [PORT]])" >&2; exit 2 ;;
  esac
  shift
done

scripts/install_deps.sh
export NODE_PATH=/usr/share/nodejs  # Debian's acorn, needed by emcc's JS optimizer
build=build/wasm
# CMakePresets.json's "wasm": Debian's Emscripten toolchain, MinSizeRel, Node to run the tests.
[ -f "$build/build.ninja" ] || cmake --preset wasm >/dev/null
cmake --build "$build"

rm -rf dist.tmp && mkdir -p dist.tmp
cp web/*.html web/*.css web/*.js web/*.mjs web/*.svg dist.tmp/  # the page, its scripts and icon, the embedding example, the host helper, the widget
# The page's wasm, and the lesson's code split from it (fetched with the lesson's files).
cp "$build/attention-explainer.js" "$build/attention-explainer.wasm" "$build/attention-explainer.deferred.wasm" dist.tmp/
# The lessons, fetched by the page when a lesson starts (not part of the first view).
cp -r lessons dist.tmp/
# The glyphs each language's script needs beyond the page's fonts (scripts/script_font.py), fetched
# only when that language is chosen.
mkdir -p dist.tmp/fonts
for dir in lessons/*/; do
  lang="$(basename "$dir")"
  if [ -f "$dir/interface.json" ] && [ "$lang" != en ]; then
    /usr/bin/python3 scripts/script_font.py lessons "$lang" "dist.tmp/fonts/$lang.otf"
  fi
done
# The scripts the demo page loads are minified (Closure Compiler, simple mode: local names only;
# web/ keeps the readable source). attention-host.js and the embedding example stay as written,
# for course authors to read and copy.
closure=third_party/closure-compiler/node_modules/.bin/google-closure-compiler
for f in web/attention.js web/attention-share.js web/attention-messages.js web/attention-keyboard.js \
         web/attention-text-version.js web/attention-lesson-reader.js web/attention-numbers-reader.js \
         web/attention-lesson-reader-practice.js web/attention-lesson-reader-steps.js web/attention-numbers-reader-classes.js; do
  [ -x "$closure" ] || break  # without it (not made by install_deps.sh) the copies stay as written
  "$closure" --compilation_level SIMPLE --language_out NO_TRANSPILE --js "$f" \
    --js_output_file "dist.tmp/$(basename "$f")"
done
# The first view's scripts as one file, attention-page.js, in index.html's order: one request
# instead of six, and gzip finds the words they share (about 2.5 KB less than six files). Each
# keeps its own scope (a function of its own, as written). web/index.html names the six sources;
# the page in dist/ names the bundle. The separate copies stay for what loads one on its own
# (attention-embed.js fetches attention-share.js).
page_scripts=(attention.js attention-share.js attention-keyboard.js attention-text-version.js
              attention-lesson-reader.js attention-numbers-reader.js)
(cd dist.tmp && for f in "${page_scripts[@]}"; do cat "$f"; printf '\n'; done) > dist.tmp/attention-page.js
/usr/bin/python3 - dist.tmp/index.html "${page_scripts[@]}" <<'PY'
import sys
path, names = sys.argv[1], sys.argv[2:]
html = open(path, encoding="utf-8").read()
tags = ["<script src=\"%s\"></script>\n" % n for n in names]
block = "".join(tags)
if html.count(block) != 1:
    sys.exit("build_wasm: index.html does not load %s together, in that order" % ", ".join(names))
open(path, "w", encoding="utf-8").write(html.replace(block, "<script src=\"attention-page.js\"></script>\n"))
PY
# The style sheet without its comments (they are for readers of web/; the page ships every byte).
node -e 'const fs = require("fs"); const f = process.argv[1];
  fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\n\s*\n/g, "\n"))' dist.tmp/style.css
# The SCORM 1.2 package (docs/scorm.md): the page with a launch page that also loads the adapter,
# and the manifest, zipped for an LMS to import (Moodle takes SCORM 1.2).
sed 's|<script src="attention-page.js"></script>|&\n<script src="attention-scorm12.js"></script>|' \
  dist.tmp/index.html > dist.tmp/scorm.html
grep -q 'attention-scorm12.js' dist.tmp/scorm.html || { echo "build_wasm: scorm.html lacks its adapter" >&2; exit 1; }
cp web/scorm/imsmanifest.xml dist.tmp/
# The zip keeps the paths (lessons/en/...) and holds the chapter's lesson and its catalog only, not the
# examples nor the lesson after the chapter (a package is one graded lesson); in every language, with
# its interface text and glyphs, so a launch with lang=zh-CN finds them in the package.
(cd dist.tmp && python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for name in sys.argv[2:]: z.write(name)' attention-scorm12.zip imsmanifest.xml scorm.html style.css favicon.svg \
  attention-page.js attention-messages.js attention-lesson-reader-practice.js attention-lesson-reader-steps.js \
  attention-numbers-reader-classes.js attention-scorm12.js \
  attention-explainer.js attention-explainer.wasm attention-explainer.deferred.wasm lessons/en/chapter-3.json \
  lessons/en/texts.json lessons/zh-CN/chapter-3.json lessons/zh-CN/texts.json lessons/zh-CN/interface.json \
  fonts/zh-CN.otf)
# Precompressed copies for static hosts (nginx gzip_static and the like): zopfli writes the gzip
# format, about 4% smaller than gzip -9.
fonts=(dist.tmp/fonts/*.otf)
[ -e "${fonts[0]}" ] || fonts=()  # no language with a script font
for f in dist.tmp/*.html dist.tmp/*.js dist.tmp/*.mjs dist.tmp/*.css dist.tmp/*.svg dist.tmp/*.wasm dist.tmp/lessons/*/*.json \
         "${fonts[@]}"; do
  if command -v zopfli >/dev/null; then zopfli "$f"; else gzip -9 -k -n -f "$f"; fi
done
# And brotli copies beside them (about 15% smaller again), for hosts that send those.
node scripts/brotli_copies.mjs dist.tmp/*.html dist.tmp/*.js dist.tmp/*.mjs dist.tmp/*.css dist.tmp/*.svg dist.tmp/*.wasm \
  dist.tmp/lessons/*/*.json "${fonts[@]}"
rm -rf dist && mv dist.tmp dist
echo "build_wasm: dist/ is ready ($(du -ch dist/*.gz | tail -1 | cut -f1) gzip, $(du -ch dist/*.br | tail -1 | cut -f1) brotli, lessons $(du -ch dist/lessons/*/*.json.gz | tail -1 | cut -f1) gzip)"

if [ "$serve" = 1 ]; then
  echo "build_wasm: serving http://127.0.0.1:$port/ (Ctrl+C to stop)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
fi
