#!/usr/bin/python3
"""Every language in lessons/ is complete, consistent with English and drawable.

usage: translation_test.py REPO_ROOT

For each lessons/<lang>/ other than en (docs/translating.md):
- interface.json translates every tr("...") and trf("...") the interface's C++ (src/ui) draws, no more, with the
  same printf conversions and the same "##id" suffix (ImGui's hidden id);
- texts.json has the English catalog's ids (plus the language's own "value.*" formats) and each
  text keeps its English text's {placeholders};
- each English lesson has its translation with the same structure: the same keys, steps, lines,
  settings and question kinds, every text with its placeholders, code lines unchanged up to a
  translated "# comment";
- the glossary holds: where the English of an id uses a term, the translation uses the
  glossary's word for it, and no text uses an avoided variant;
- every character can be drawn: below U+2E80 by the page's DejaVu subset (the ranges of
  cmake/subset_font.cmake), from U+2E80 on by the language's script font, cut here exactly as
  build_wasm.sh cuts it (scripts/script_font.py), and by the built dist/fonts/<lang>.otf too when
  there is one (so a stale build is caught).
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def c_string(body):
    """The text of a C++ string literal's body (the escapes the UI uses)."""
    return body.encode("latin-1", "backslashreplace").decode("unicode_escape") if "\\" in body else body


def tr_keys(root):
    """Every tr("...") and trf("...") in src/ui (and words() and words_f() where the core writes in a
    language, and the core's sentence("...") refusals), adjacent literals joined, as the running
    program sees it."""
    keys = {}
    sources = sorted((root / "src/ui").glob("*.cpp")) + sorted((root / "src/ui").glob("*.h"))
    sources += sorted((root / "src/core").rglob("*.cpp")) + sorted((root / "src/app").glob("*.cpp"))  # sentence("...")
    for path in sources:
        text = path.read_text(encoding="utf-8")
        # The core's writers in a language (core/document/words_scope.h: the numbers' text version,
        # the importer's messages) say words() and words_f() as the interface says tr() and trf().
        in_words = path.parent.name == "ui" or "core/document/words_scope.h" in text
        calls = r"(?:tr|trf|words|words_f|sentence)" if in_words else r"sentence"
        for m in re.finditer(r"(?<![.\w])" + calls + r"\(", text):
            i, parts = m.end(), []
            while True:
                while i < len(text) and text[i] in " \t\n":
                    i += 1
                lit = LITERAL.match(text, i)
                if not lit:
                    break
                parts.append(lit.group(1))
                i = lit.end()
            if parts:
                key = "".join(c_string(p) for p in parts)
                words = re.sub(r"%[-+ #0-9.*hlLzjt]*[a-zA-Z]", "", key)
                # tr("."): a full stop is "。" in Chinese; "%s: %s" a colon, "%s：%s".
                punctuation = re.fullmatch(r"[.;:,] ?", key) or ": " in words
                if (not re.search(r"[A-Za-z]{2}", words) and not punctuation) or re.fullmatch(r"[a-z]+:[a-z-]+%d", key):
                    continue  # a number format or a layout name: nothing to translate
                keys.setdefault(key, f"{path.relative_to(root)}:{text.count(chr(10), 0, m.start()) + 1}")
    return keys


def untranslated_literals(root, keys):
    """String literals in src/ui with words in them (two words of two letters or more) that reach the
    screen without tr(): not an argument of tr(), trf() or words(), nor a key the table registers
    (a label drawn through tr(variable) is listed once as tr("...") in a comment beside it). Comments and
    static_assert messages are not shown to anyone."""
    found = []
    sources = sorted((root / "src/ui").glob("*.cpp")) + sorted((root / "src/ui").glob("*.h"))
    for path in sources:
        text = path.read_text(encoding="utf-8")
        # Comments and static_assert messages blanked, lines kept.
        code = re.sub(r"//[^\n]*|/\*.*?\*/|static_assert\([^;]*;", lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                      text, flags=re.S)
        for m in LITERAL.finditer(code):
            before = code[:m.start()].rstrip()
            if before.endswith('"') or re.search(r"(?<![.\w])(?:tr|trf|words|words_f)\($", before):
                continue  # tr("..."), or a literal joined to the one before it
            english = c_string(m.group(1))
            if english in keys:
                continue
            if not re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", re.sub(r"%[-+ #0-9.*hlLzjt]*[a-zA-Z]", "", english)):
                continue  # a name, a number format, code without words
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path.relative_to(root)}:{line}: {english[:80]!r} is shown without tr(): a language "
                         "could not translate it")
    return found


class PageText(HTMLParser):
    """The words of web/index.html a reader sees or hears: text, aria-label, aria-roledescription."""

    def __init__(self):
        super().__init__()
        self.found, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "aria-roledescription") and value and re.search("[A-Za-z]{2}", value):
                self.found.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and re.search("[A-Za-z]{2}", data):
            self.found.append(data.strip())


JS_LITERAL = r"'((?:[^'\\\n]|\\.)*)'"


def page_keys(root):
    """(required, allowed): the page's words a language must translate (index.html's, and the
    text versions' phrase('...') / api.words('...') formats), and every English text the page's scripts
    hold that the text versions may show (their labels go through words() too)."""
    parser = PageText()
    parser.feed((root / "web/index.html").read_text(encoding="utf-8"))
    required = set(parser.found) - {"English", "中文（简体）"}  # (each language names itself)
    allowed = set(required)
    for path in sorted((root / "web").glob("attention*.js")):
        text = path.read_text(encoding="utf-8")
        # words('...') and the embed maker's labels, which its field(), check() and PANELS pass to words().
        patterns = [r"\b(?:phrase|words)\("]
        if path.name.startswith("attention-numbers-reader"):  # its settings' labels: labelled(id, 'label', ...)
            patterns += [r"\b(?:labelled|moduleField|moduleCheck)\('[\w-]+', "]
        if path.name.startswith(("attention-numbers-reader", "attention-lesson-reader")):
            # the text versions' fixed words: element(tag, {text: '...'}) and button(id, '...', ...),
            # each shown through words(), and the choice between two ("cond ? '...' : '...'")
            patterns += [r"\btext: ", r"\bbutton\('[\w-]+', ", r"\btext: [^,}']*? \? ", r"\btext: [^,}']*? \? '[^']*'\s*: "]
        if path.name == "attention-embed.js":
            patterns += [r"\bfield\(", r"\bcheck\(\w+, ", r"\['(?:inputs|plot|loop|weights|heatmaps|projection|module|lesson|code)', "]
        for pattern in patterns:
            for m in re.finditer(pattern + JS_LITERAL, text):
                required.add(m.group(1).replace("\\'", "'"))
        for m in re.finditer(JS_LITERAL, text):
            allowed.add(m.group(1).replace("\\'", "'"))
    return required, allowed


def conversions(text):
    """Each printf conversion as written, in order (the C++ reader's rule): %lld for %d is refused.
    A translation may number them ("%2$s ... %1$s"): then all are numbered, 1..n once each, and they
    are compared in the arguments' order."""
    found = [(int(m.group(1) or 0), "%" + m.group(2))
             for m in re.finditer(r"%(?:([0-9]+)\$)?([-+ #0-9.*hlLzjt]*.)", text) if m.group(0) != "%%"]
    if any(m.group(1) and not 1 <= int(m.group(1)) <= 9 for m in re.finditer(r"%([0-9]+)\$", text)):
        return ["%!numbered"]  # 1 to 9 only, as the C++ reads them
    if found and found[0][0]:
        found.sort()
        if [n for n, _ in found] != list(range(1, len(found) + 1)):
            return ["%!numbered"]
    elif any(n for n, _ in found):
        return ["%!numbered"]
    return [c for _, c in found]


def strings_with_paths(value, path=""):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from strings_with_paths(item, f"{path}[{k}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_with_paths(item, f"{path}.{key}" if path else key)


def same_shape(en, tr, path, problems):
    if type(en) is not type(tr):
        problems.append(f"{path}: is a {type(tr).__name__} but English has a {type(en).__name__}")
    elif isinstance(en, dict):
        if list(en) != list(tr):
            problems.append(f"{path}: keys {list(tr)} differ from English {list(en)}")
        for key in en:
            if key in tr:
                same_shape(en[key], tr[key], f"{path}.{key}", problems)
    elif isinstance(en, list):
        if len(en) != len(tr):
            problems.append(f"{path}: {len(tr)} items but English has {len(en)}")
        for k, (a, b) in enumerate(zip(en, tr)):
            same_shape(a, b, f"{path}[{k}]", problems)
    elif isinstance(en, str):
        key = path.rsplit(".", 1)[-1]
        if key in ("title", "prose", "note", "code", "ask_text") or path.endswith("]") and False:
            pass
        if key == "code":
            if en.split("#")[0].rstrip() != tr.split("#")[0].rstrip():
                problems.append(f"{path}: code must stay as English writes it (only a # comment is translated)")
        elif key in ("lang", "$schema"):
            pass
        elif key in ("title", "prose", "note"):
            if sorted(PLACEHOLDER.findall(en)) != sorted(PLACEHOLDER.findall(tr)):
                problems.append(f"{path}: placeholders {sorted(set(PLACEHOLDER.findall(tr)))} differ from English "
                                f"{sorted(set(PLACEHOLDER.findall(en)))}")
        elif en != tr:
            problems.append(f"{path}: {tr!r} must stay {en!r} (it is a setting, not text)")
    elif en != tr:
        problems.append(f"{path}: {tr!r} must stay {en!r}")


def glossary_problems(glossary, pairs):
    problems = []
    for term in glossary["terms"]:
        english = re.compile(r"(?<![A-Za-z_])" + term["en"] + r"(?![A-Za-z_(])", re.IGNORECASE)
        for where, en, tr in pairs:
            for avoided in term.get("avoid", []):
                if avoided in tr:
                    problems.append(f"{where}: uses {avoided!r}; the glossary says {term['zh']!r}")
            if en == tr:
                continue  # code, left as English writes it
            prose_en = re.sub(r"`[^`]*`|\{[a-z_0-9]+\}|[A-Za-z_]+[\[(.=][^ ]*", " ", en)
            if english.search(prose_en) and term["zh"] not in tr:
                problems.append(f"{where}: the English says {english.search(prose_en).group(0)!r} but the "
                                f"translation lacks {term['zh']!r}")
    return problems


def dejavu_ranges(root):
    text = (root / "cmake/subset_font.cmake").read_text()
    match = re.search(r'set\(unicodes "([^"]+)"\)\nendif', text)
    ranges = []
    for part in match.group(1).split(","):
        lo, _, hi = part[2:].partition("-")
        ranges.append((int(lo, 16), int(hi or lo, 16)))
    return ranges


def font_points(path):
    from fontTools.ttLib import TTFont
    return set(TTFont(path).getBestCmap())


def check_language(root, lang, en_dir):
    problems = []
    d = root / "lessons" / lang
    pairs = []  # (where, English, translation) for the glossary

    # The interface.
    interface = json.loads((d / "interface.json").read_text(encoding="utf-8"))
    if interface.get("lang") != lang:
        problems.append(f"{lang}/interface.json: lang must be {lang!r}")
    strings = interface.get("strings", {})
    keys = tr_keys(root)
    for key, where in keys.items():
        if key not in strings:
            problems.append(f"{lang}/interface.json: no translation of {key!r} ({where})")
    for key, value in strings.items():
        if key not in keys:
            problems.append(f"{lang}/interface.json: {key!r} is not drawn by src/ui any more: remove it")
            continue
        if conversions(key) != conversions(value):
            problems.append(f"{lang}/interface.json: {key!r}: conversions {conversions(value)!r} differ from "
                            f"{conversions(key)!r}")
        if "##" in key and not value.endswith("##" + key.split("##", 1)[1]):
            problems.append(f"{lang}/interface.json: {key!r} must keep its id suffix '##{key.split('##', 1)[1]}'")
        pairs.append((f"{lang}/interface.json: {key!r}", key, value))

    # The page's own words.
    page = interface.get("page", {})
    required, allowed = page_keys(root)
    for key in sorted(required):
        if key not in page:
            problems.append(f"{lang}/interface.json: page: no translation of {key!r}")
    for key, value in page.items():
        if key not in allowed:
            problems.append(f"{lang}/interface.json: page: {key!r} is not a text of web/: remove it")
        if re.findall(r"\{\d\}", key) != re.findall(r"\{\d\}", value) and \
                sorted(re.findall(r"\{\d\}", key)) != sorted(re.findall(r"\{\d\}", value)):
            problems.append(f"{lang}/interface.json: page: {key!r} must keep its values {{0}}, {{1}}")
        pairs.append((f"{lang}/interface.json: page: {key!r}", key, value))

    # The catalog.
    en_texts = json.loads((en_dir / "texts.json").read_text(encoding="utf-8"))["texts"]
    texts_doc = json.loads((d / "texts.json").read_text(encoding="utf-8"))
    if texts_doc.get("lang") != lang:
        problems.append(f"{lang}/texts.json: lang must be {lang!r}")
    texts = texts_doc["texts"]
    for key, en in en_texts.items():
        if key not in texts:
            problems.append(f"{lang}/texts.json: {key} is missing")
            continue
        if set(PLACEHOLDER.findall(en)) != set(PLACEHOLDER.findall(texts[key])):
            problems.append(f"{lang}/texts.json: {key}: placeholders {sorted(set(PLACEHOLDER.findall(texts[key])))} "
                            f"differ from English {sorted(set(PLACEHOLDER.findall(en)))}")
        pairs.append((f"{lang}/texts.json: {key}", en, texts[key]))
    for key in texts:
        if key not in en_texts and not key.startswith("value."):
            problems.append(f"{lang}/texts.json: {key} is not in the English catalog")

    # The lessons.
    for en_lesson in sorted(en_dir.glob("*.json")):
        if en_lesson.name in ("texts.json", "interface.json"):
            continue
        mine = d / en_lesson.name
        if not mine.exists():
            problems.append(f"{lang}/{en_lesson.name}: missing (the English lesson has no translation)")
            continue
        en_doc = json.loads(en_lesson.read_text(encoding="utf-8"))
        doc = json.loads(mine.read_text(encoding="utf-8"))
        if doc.get("lang") != lang:
            problems.append(f"{lang}/{en_lesson.name}: lang must be {lang!r}")
        same_shape(en_doc, doc, f"{lang}/{en_lesson.name}", problems)
        en_strings = dict(strings_with_paths(en_doc))
        for path, text in strings_with_paths(doc):
            if path in en_strings and not path.endswith(("lang", "$schema", "id")):
                pairs.append((f"{lang}/{en_lesson.name}: {path}", en_strings[path], text))

    glossary = json.loads((d / "glossary.json").read_text(encoding="utf-8"))
    problems += glossary_problems(glossary, pairs)

    # The glyphs.
    ranges = dejavu_ranges(root)
    script = subprocess.run([sys.executable, str(root / "scripts/script_font.py"), "--characters", str(root / "lessons"),
                             lang], capture_output=True, text=True, check=True).stdout.strip()
    fonts = []
    with tempfile.TemporaryDirectory() as tmp:
        cut = pathlib.Path(tmp) / f"{lang}.otf"
        made = subprocess.run([sys.executable, str(root / "scripts/script_font.py"), str(root / "lessons"), lang,
                               str(cut)], capture_output=True, text=True)
        if made.returncode != 0:
            problems.append(f"{lang}: the script font could not be cut: {made.stderr.strip() or made.stdout.strip()}")
        else:
            fonts.append(("the script font as build_wasm.sh cuts it", font_points(cut)))
    built = root / "dist/fonts" / f"{lang}.otf"
    if built.exists():
        fonts.append((str(built.relative_to(root)), font_points(built)))
    for path in sorted(d.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if path.name == "interface.json":
            doc = {key: value for key, value in doc.items() if key != "page"}  # HTML: the browser's fonts
        for where, text in strings_with_paths(doc):
            for ch in set(text):
                cp = ord(ch)
                if cp < 0x2E80:
                    if cp >= 0x7F and not any(lo <= cp <= hi for lo, hi in ranges):
                        problems.append(f"{lang}/{path.name}: {where}: U+{cp:04X} {ch!r} is not in the page's DejaVu subset")
                    continue
                for name, points in fonts:
                    if cp not in points:
                        problems.append(f"{lang}/{path.name}: {where}: U+{cp:04X} {ch!r} is not in {name}")
    return problems, len(keys), len(script)


def main():
    try:
        import fontTools  # noqa: F401  (Debian's fonttools: the glyph checks read the fonts with it)
    except ImportError:
        print("SKIPPED: fontTools is missing: run scripts/install_deps.sh (Debian package fonttools)")
        return 77
    root = pathlib.Path(sys.argv[1]).resolve()
    en_dir = root / "lessons/en"
    languages = [d.name for d in sorted((root / "lessons").iterdir())
                 if d.is_dir() and d.name != "en" and (d / "interface.json").exists()]
    failed = 0
    literals = untranslated_literals(root, tr_keys(root))
    for problem in literals:
        print(problem)
    print(f"translation: {len(literals)} words in src/ui outside tr()")
    failed |= bool(literals)
    for lang in languages:
        problems, key_count, glyph_count = check_language(root, lang, en_dir)
        for p in problems[:200]:
            print(p)
        print(f"translation {lang}: {key_count} interface strings, {glyph_count} script characters, "
              f"{len(problems)} problems")
        failed |= bool(problems)
    if not languages:
        print("translation: no language besides English")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
