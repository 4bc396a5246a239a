#!/usr/bin/python3
"""The glyphs a language's script needs that DejaVu lacks, cut from Debian's Noto Sans CJK.

usage: script_font.py LESSONS_DIR LANG OUT.otf
       script_font.py --characters LESSONS_DIR LANG      (print the characters, for the tests)

Reads every string the canvas draws from LESSONS_DIR/LANG/*.json (the interface text but its
"page" words, which the browser draws, the lessons' catalog and the lessons) and keeps, of Noto Sans CJK SC (fonts-noto-cjk), exactly the code points from U+2E80 on
that they use: CJK characters and full-width punctuation. Latin, digits and math signs come from
the DejaVu fonts the page already has. The page fetches OUT only when the language is chosen
(web/attention.js), and src/ui/theme.cpp merges it into both fonts. Like the UI fonts
(cmake/subset_font.cmake): no hinting (stb_truetype ignores it) and no layout tables.
"""
import json
import pathlib
import sys

NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FONT_NUMBER = {"zh-CN": 2}  # the collection's Noto Sans CJK SC (0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
# The code points the atlas asks the font for (src/ui/theme.cpp: ImGui's GetGlyphRangesChineseFull,
# from U+2E80 on): a character outside them would be in the subset but never drawn.
ATLAS_RANGES = {"zh-CN": [(0x3000, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF), (0x4E00, 0x9FAF)]}
FIRST_SCRIPT_POINT = 0x2E80


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)


def drawn(doc):
    """What the canvas draws of a file: all of it but interface.json's "page", which the browser
    shows in HTML with its own fonts."""
    if isinstance(doc, dict) and "page" in doc and "strings" in doc:
        return {key: value for key, value in doc.items() if key != "page"}
    return doc


def characters(lessons_dir, lang):
    found = set()
    for path in sorted(pathlib.Path(lessons_dir, lang).glob("*.json")):
        for text in strings(drawn(json.loads(path.read_text(encoding="utf-8")))):
            found.update(ch for ch in text if ord(ch) >= FIRST_SCRIPT_POINT)
    return "".join(sorted(found))


def main():
    if sys.argv[1:2] == ["--characters"]:
        print(characters(sys.argv[2], sys.argv[3]))
        return
    lessons_dir, lang, out = sys.argv[1:4]
    if lang not in FONT_NUMBER:
        sys.exit(f"script_font: no script font is known for {lang}: add it to FONT_NUMBER")
    if not pathlib.Path(NOTO_CJK).exists():
        sys.exit(f"script_font: {NOTO_CJK} is missing: run scripts/install_deps.sh (Debian package fonts-noto-cjk)")
    try:
        from fontTools import subset
    except ImportError:
        sys.exit("script_font: fontTools is missing: run scripts/install_deps.sh (Debian package fonttools)")
    text = characters(lessons_dir, lang)
    undrawn = [ch for ch in text if not any(lo <= ord(ch) <= hi for lo, hi in ATLAS_RANGES[lang])]
    if undrawn:
        sys.exit("script_font: outside the ranges the atlas draws (src/ui/theme.cpp): " +
                 ", ".join(f"U+{ord(c):04X} {c}" for c in undrawn))
    options = subset.Options()
    options.font_number = FONT_NUMBER[lang]
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "VORG", "vhea", "vmtx"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # the names, the copyright and the SIL OFL licence the font ships under
    font = subset.load_font(NOTO_CJK, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    cmap = font.getBestCmap()
    missing = [ch for ch in text if ord(ch) not in cmap]
    if missing:
        sys.exit("script_font: Noto Sans CJK has no glyph for " + ", ".join(f"U+{ord(c):04X} {c}" for c in missing))
    subset.save_font(font, out, options)
    print(f"script_font: {lang}: {len(text)} characters, {pathlib.Path(out).stat().st_size} bytes -> {out}")


if __name__ == "__main__":
    main()
