"""What the PyTorch checks share: run attention-cli --json, and compare its numbers with torch's.

Numbers are compared to 4 decimals (the lesson's precision); -inf and inf must match exactly, and
the CLI writes non-finite numbers as the strings "inf", "-inf" and "nan".
"""
import json
import math
import subprocess
import sys


def run_cli(cli, args):
    """attention-cli --json ARGS, parsed; an AssertionError with its stderr when it refuses."""
    done = subprocess.run([cli, "--json"] + args, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"attention-cli {' '.join(args)} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


def number(x):
    return {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}.get(x, x) if isinstance(x, str) else x


def compare(name, got, want, failures):
    """Appends to failures where got (the CLI's JSON) differs from want (a tensor or nested lists)."""
    want = want.detach().tolist() if hasattr(want, "detach") else want
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            failures.append(f"{name}: shape differs (got {got!r:.80}, want {want!r:.80})")
            return
        for i, (g, w) in enumerate(zip(got, want)):
            compare(f"{name}[{i}]", g, w, failures)
        return
    g, w = number(got), want
    if math.isnan(w) or math.isnan(g):  # NaN matches only NaN (a plain difference never fails on it)
        if not (math.isnan(w) and math.isnan(g)):
            failures.append(f"{name}: got {g}, want {w}")
    elif math.isinf(w) or math.isinf(g):
        if g != w:
            failures.append(f"{name}: got {g}, want {w}")
    elif abs(g - w) > 0.51e-4:
        failures.append(f"{name}: got {g:.6f}, want {w:.6f}")


def run_cases(usage, cases, check_case, what, version):
    """The checks' main(): check_case(cli, case) for each case, a line each, a count at the end.
    Exit status 0 when every case matches, 1 when one does not, 2 without the CLI's path."""
    if len(sys.argv) != 2:
        print(usage)
        return 2
    bad = 0
    for case in cases:
        failures = check_case(sys.argv[1], case)
        label = ", ".join(f"{k}={v}" for k, v in case.items())
        if failures:
            bad += 1
            print(f"FAIL {label}")
            for f in failures[:8]:
                print("   ", f)
        else:
            print(f"ok   {label}")
    print(f"{len(cases) - bad} of {len(cases)} {what} cases match PyTorch {version} to 4 decimals")
    return 1 if bad else 0
