#!/usr/bin/env python3
"""Splits the page's wasm in two: what the first view runs, and the lesson's code with what else it does not run.

    split_lesson_code.py --wasm ORIG.wasm --sources SRC_DIR --primary OUT.wasm --deferred OUT.deferred.wasm

ORIG.wasm is the linked module with its name section (emcc -sSPLIT_MODULE=1 --profiling-funcs
leaves it as attention-explainer.wasm.orig). The split points are the functions the sources mark
ATTN_LESSON_ENTRY (src/core/lesson/lesson_entry.h): the program calls them only once the lesson's
files have arrived; and ATTN_DEFERRED_ENTRY (src/core/math/deferred_entry.h): the program calls
them only once the page has fetched the deferred module for a panel that asked. A function goes to the deferred module when it is reached from a split point
and from nothing else: not from an export, the start function, the function table or any code that
runs before the lesson. Everything else stays where it was. Binaryen's wasm-split does the cutting:
the primary calls a deferred function through a placeholder in the table until the deferred module
is instantiated (web/attention.js does that with the lesson's files), which fills the table in.

Neither output keeps the name section. A mark that names no function in the wasm (renamed, inlined)
is an error, so a split point cannot silently stop splitting.
"""
import argparse
import collections
import os
import pathlib
import re
import subprocess
import sys
import tempfile

# What the page's wasm may use (emcc's defaults and -msimd128); wasm-split validates against these.
FEATURES = ["simd", "sign-ext", "mutable-globals", "nontrapping-float-to-int", "bulk-memory"]
ENTRY = re.compile(r"ATTN_(?:LESSON|DEFERRED)_ENTRY\s+(?:[\w:<>,*&\s]+?\s+[*&]?)?(\w+)\s*\(")
FUNC = re.compile(r"^ \(func \$(f\d+)")
IMPORTED_FUNC = re.compile(r"^ \(import .*\(func \$(f\d+)")
CALL = re.compile(r"\(call \$(f\d+)\b")
REF = re.compile(r"\$(f\d+)\b")


def entry_names(sources):
    names = set()
    for path in sorted(pathlib.Path(sources).rglob("*")):
        if path.suffix not in (".cpp", ".h") or path.name in ("lesson_entry.h", "deferred_entry.h"):
            continue
        names.update(ENTRY.findall(path.read_text(encoding="utf-8")))
    return names


# --- the name section -------------------------------------------------------------------------------
# wasm-split takes function names in a comma-separated list, and C++ names hold commas. So the module
# it splits calls function i "f<i>", and the real names stay here for finding the split points.

def leb(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def to_leb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def with_plain_names(wasm):
    """(the module with function i named f<i> and nothing else in its name section, {i: real name})."""
    if wasm[:8] != b"\0asm\1\0\0\0":
        sys.exit("split_lesson_code: not a wasm module")
    out, names, pos = bytearray(wasm[:8]), {}, 8
    count_imports = count_funcs = 0
    while pos < len(wasm):
        section, start = wasm[pos], pos
        size, body = leb(wasm, pos + 1)
        end = body + size
        if section == 0:
            name_len, p = leb(wasm, body)
            if wasm[p:p + name_len] == b"name":
                p += name_len
                while p < end:
                    sub, p = leb(wasm, p)
                    sub_size, p = leb(wasm, p)
                    if sub == 1:
                        count, q = leb(wasm, p)
                        for _ in range(count):
                            index, q = leb(wasm, q)
                            length, q = leb(wasm, q)
                            names[index] = wasm[q:q + length].decode("utf-8", "replace")
                            q += length
                    p += sub_size
                pos = end
                continue
        elif section == 2:  # imports: functions among them take the first indices
            count, p = leb(wasm, body)
            for _ in range(count):
                for _field in range(2):
                    length, p = leb(wasm, p)
                    p += length
                kind = wasm[p]
                p += 1
                if kind == 0:
                    count_imports += 1
                    _, p = leb(wasm, p)
                elif kind == 1:  # table: reftype, limits
                    p += 1
                    flags, p = leb(wasm, p)
                    _, p = leb(wasm, p)
                    if flags & 1:
                        _, p = leb(wasm, p)
                elif kind == 2:  # memory: limits
                    flags, p = leb(wasm, p)
                    _, p = leb(wasm, p)
                    if flags & 1:
                        _, p = leb(wasm, p)
                else:  # global: valtype, mutability
                    p += 2
        elif section == 3:
            count_funcs, _ = leb(wasm, body)
        out += wasm[start:end]
        pos = end
    if not names:
        sys.exit("split_lesson_code: the wasm has no function names (link with --profiling-funcs)")
    entries = b"".join(to_leb(i) + to_leb(len(b"f%d" % i)) + b"f%d" % i
                       for i in range(count_imports + count_funcs))
    sub = to_leb(count_imports + count_funcs) + entries
    payload = to_leb(4) + b"name" + bytes([1]) + to_leb(len(sub)) + sub
    out += bytes([0]) + to_leb(len(payload)) + payload
    return bytes(out), names


def call_graph(wat):
    """(defined functions in order, direct calls of each, table elements, exported and start functions)."""
    funcs, calls, table, roots = [], collections.defaultdict(set), [], []
    current = None
    for line in wat.splitlines():
        m = FUNC.match(line)
        if m:
            current = m.group(1)
            funcs.append(current)
        elif line.startswith("  "):
            if current:
                calls[current].update(CALL.findall(line))
        else:
            current = None
            if line.startswith(" (elem"):
                table += REF.findall(line)
            elif line.startswith(" (export") or line.startswith(" (start"):
                roots += REF.findall(line)
    return funcs, calls, table, roots


def reachable(starts, calls, stop):
    # The functions reached from starts through calls, never entering one in stop.
    seen, stack = set(), list(starts)
    while stack:
        f = stack.pop()
        if f in seen or f in stop:
            continue
        seen.add(f)
        stack.extend(calls[f])
    return seen


def deferred_functions(funcs, calls, table, roots, points):
    # What runs without the lesson: everything reachable from the exports, the start function and the
    # table, without passing through a split point. The rest that the split points reach waits.
    primary = reachable(list(roots) + list(table), calls, set(points))
    deferred = reachable(points, calls, primary)
    return [f for f in funcs if f in deferred]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wasm", required=True)
    parser.add_argument("--sources", required=True)
    parser.add_argument("--primary", required=True)
    parser.add_argument("--deferred", required=True)
    parser.add_argument("--wasm-dis", default="wasm-dis")
    parser.add_argument("--wasm-split", default="wasm-split")
    args = parser.parse_args()

    entries = entry_names(args.sources)
    if not entries:
        sys.exit("split_lesson_code: no ATTN_LESSON_ENTRY in %s" % args.sources)
    plain, names = with_plain_names(pathlib.Path(args.wasm).read_bytes())

    def base_name(index):  # "attn::(anonymous namespace)::sync_loaded(...)" -> "sync_loaded"
        name = names.get(index, "").replace("(anonymous namespace)", "")
        if ")::" in name:  # a lambda or local class inside a function ("f(...)::$_0::operator()"): not f
            return ""
        return name.split("(", 1)[0].rsplit("::", 1)[-1]

    matches = collections.defaultdict(list)
    for i in names:
        if base_name(i) in entries:
            matches[base_name(i)].append(i)
    missing = sorted(entries - set(matches))
    if missing:
        sys.exit("split_lesson_code: the split point %s names no function in the wasm (renamed? inlined?)"
                 % ", ".join(missing))
    twice = sorted(n for n, found in matches.items() if len(found) > 1)
    if twice:
        sys.exit("split_lesson_code: the split point %s names more than one function (%s): give the split "
                 "point a name of its own" % (", ".join(twice), "; ".join(names[i] for n in twice for i in matches[n])))
    points = {"f%d" % found[0] for found in matches.values()}
    with tempfile.TemporaryDirectory() as tmp:
        renamed = os.path.join(tmp, "plain.wasm")
        pathlib.Path(renamed).write_bytes(plain)
        wat = subprocess.run([args.wasm_dis, renamed] + ["--enable-" + f for f in FEATURES],
                             check=True, capture_output=True, text=True).stdout
        funcs, calls, table, roots = call_graph(wat)
        deferred = deferred_functions(funcs, calls, table, roots, points)
        if not deferred:
            sys.exit("split_lesson_code: nothing is reached only through the split points")
        subprocess.run([args.wasm_split, renamed, "--split-funcs=" + ",".join(deferred), "-o1", args.primary,
                        "-o2", args.deferred] + ["--enable-" + f for f in FEATURES], check=True)
    print("split_lesson_code: %d of %d functions go with the lesson (%d split points)"
          % (len(deferred), len(funcs), len(points)))


if __name__ == "__main__":
    main()
