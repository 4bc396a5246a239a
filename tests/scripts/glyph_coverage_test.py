#!/usr/bin/python3
"""Every character the UI's source writes is in the subset UI font (cmake/subset_font.cmake).

usage: glyph_coverage_test.py REPO_ROOT

The font is cut down to the code points the UI needs, for the page's size budget. A string that
gains a character outside that set would show U+FFFD on screen; this test names the file, the
line and the character instead. Chinese, Japanese and Korean characters (from U+2E80) come from a
language's own glyph subset (scripts/script_font.py) and are checked by translation_test.py. It reads
literal non-ASCII characters and \\uXXXX escapes in
src/**/*.{h,cpp} and the English lesson files lessons/en/*.json; surrogate escapes (UTF-16 tests of
the JSON reader) are not text.
"""
import pathlib
import re
import sys


def subset_ranges(cmake_text):
    match = re.search(r'set\(unicodes "([^"]+)"\)\nendif', cmake_text)
    ranges = []
    for part in match.group(1).split(","):
        lo, _, hi = part.removeprefix("U+").partition("-U+") if "-U+" in part else (part[2:], "", "")
        if "-" in lo and not hi:
            lo, hi = lo.split("-")
        ranges.append((int(lo, 16), int(hi or lo, 16)))
    return ranges


def main():
    root = pathlib.Path(sys.argv[1])
    ranges = subset_ranges((root / "cmake/subset_font.cmake").read_text())
    covered = lambda cp: any(lo <= cp <= hi for lo, hi in ranges)
    missing = []
    for path in sorted(root.glob("src/**/*")) + sorted(root.glob("lessons/en/*.json")):
        if path.suffix not in (".h", ".cpp", ".json"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            points = [ord(ch) for ch in line if ord(ch) > 0x7E]
            points += [int(m, 16) for m in re.findall(r"\\u([0-9A-Fa-f]{4})", line)]
            for cp in points:
                # From U+2E80 on (CJK) a language's script font draws it: translation_test.py checks
                # every language's files against it.
                if 0xD800 <= cp <= 0xDFFF or cp >= 0x2E80 or covered(cp):
                    continue
                missing.append(f"{path.relative_to(root)}:{number}: U+{cp:04X} {chr(cp)!r} is not in the UI font")
    for m in missing:
        print(m)
    print(f"glyph coverage: {len(ranges)} ranges, {len(missing)} characters missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
