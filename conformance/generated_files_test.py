#!/usr/bin/env python3
"""Fails when a generated file, or a figure copied from one, is stale.

  correct_coeffs   tools/fit/fit_correct.py regenerates
                   simd/correct/correct_coeffs.h (deterministic, about 30 s);
                   the output must equal the committed file byte for byte.
  trig_tables      tools/fit/trig_tables.py regenerates
                   simd/trig/correct_trig_tables.h (the bits of 2/pi per
                   exponent and the Taylor coefficients of sin and cos, a
                   second): equal byte for byte.
  atan_tables      tools/fit/atan_tables.py regenerates
                   simd/trig/correct_atan_tables.h (atan at the points
                   i/16, pi/2 and pi as pairs, atan's Taylor coefficients):
                   equal byte for byte.
  gelu_coeffs      the fast GELU erf's coefficients in
                   simd/gelu/gelu_erf_fast-inl.h are those of
                   tools/fit/gelu_rational_coeffs.txt: each literal's
                   binary32 bits and the bits in its comment equal the file's.
  kernel_figures   every "N.NNN ulp on [a, b]" in a kernel comment under
                   simd/ is the max ulp, rounded to 3 decimals, of a row of
                   ulp_tables/*.csv sweeping that range.

The regeneration of the hard-case tables (all 2^32 inputs per function)
and of the ulp tables (about half an hour) are not cheap; they are records
(tools/correct_cases, tools/ulp_tables/run.sh).

usage: generated_files_test.py ROOT CHECK... [--extra-figure TEXT]
--extra-figure checks TEXT as if a kernel comment said it (the control).
Exit status 0 if every check passes, 1 otherwise, 2 on bad usage.
"""
import csv
import glob
import os
import re
import struct
import subprocess
import sys
import tempfile


def check_correct_coeffs(root, _):
    target = os.path.join(root, "simd/correct/correct_coeffs.h")
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "correct_coeffs.h")
        run = subprocess.run(
            [sys.executable, os.path.join(root, "tools/fit/fit_correct.py"),
             "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        if run.returncode != 0:
            return ["fit_correct.py failed: " + run.stderr[-1000:]]
        with open(out, "rb") as a, open(target, "rb") as b:
            if a.read() != b.read():
                return ["simd/correct/correct_coeffs.h differs from what "
                        "tools/fit/fit_correct.py writes now"]
    return []


def regenerated_table(root, script, target):
    """Problems when `script` (under tools/fit/) no longer writes `target`
    byte for byte."""
    committed = os.path.join(root, target)
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, os.path.basename(target))
        run = subprocess.run(
            [sys.executable, os.path.join(root, "tools/fit", script), out],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            return ["%s failed: %s" % (script, run.stderr[-1000:])]
        with open(out, "rb") as a, open(committed, "rb") as b:
            if a.read() != b.read():
                return ["%s differs from what tools/fit/%s writes now"
                        % (target, script)]
    return []


def check_trig_tables(root, _):
    return regenerated_table(root, "trig_tables.py",
                             "simd/trig/correct_trig_tables.h")


def check_atan_tables(root, _):
    return regenerated_table(root, "atan_tables.py",
                             "simd/trig/correct_atan_tables.h")


def float_bits(text):
    return struct.unpack("<I", struct.pack("<f", float(text.rstrip("f"))))[0]


def check_gelu_coeffs(root, _):
    table = {}
    with open(os.path.join(root, "tools/fit/gelu_rational_coeffs.txt")) as fh:
        for line in fh:
            m = re.match(r"^([pq]\d) 0x([0-9A-F]{8}) ", line)
            if m:
                table[m.group(1)] = int(m.group(2), 16)
    header = os.path.join(root, "simd/gelu/gelu_erf_fast-inl.h")
    seen, problems = {}, []
    with open(header) as fh:
        for number, line in enumerate(fh, 1):
            m = re.match(r"^\s*([-0-9.e]+f)\}?[,;]?\s*// ([pq]\d) 0x([0-9A-F]{8})",
                         line)
            if not m:
                continue
            literal, name, comment = m.group(1), m.group(2), int(m.group(3), 16)
            seen[name] = True
            want = table.get(name)
            if want is None:
                if name != "q0":  # Q(0) = 1, not a fitted coefficient
                    problems.append("%s:%d: %s is not in gelu_rational_coeffs.txt"
                                    % (header, number, name))
                continue
            if float_bits(literal) != want or comment != want:
                problems.append(
                    "%s:%d: %s is %s (bits 0x%08X, comment 0x%08X), the fit "
                    "gives 0x%08X" % (header, number, name, literal,
                                      float_bits(literal), comment, want))
    for name in sorted(set(table) - set(seen)):
        problems.append("%s: %s of gelu_rational_coeffs.txt is missing" %
                        (header, name))
    return problems


FIGURE = re.compile(r"(\d+\.\d{3}) ulp on (\[[^\]]+\])")


def table_figures(root):
    """{(range text, max ulp to 3 decimals)} of every ulp table row."""
    figures = set()
    for path in glob.glob(os.path.join(root, "ulp_tables/*.csv")):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                if "sweep" not in row or "max_ulp" not in row:
                    continue
                m = re.search(r"\[[^\]]+\]", row["sweep"])
                try:
                    ulp = "%.3f" % float(row["max_ulp"])
                except ValueError:
                    continue
                if m:
                    figures.add((m.group(0), ulp))
    return figures


def check_kernel_figures(root, extra):
    figures = table_figures(root)
    problems = []
    comments = []
    for path in sorted(glob.glob(os.path.join(root, "simd/**/*.h"),
                                 recursive=True)):
        with open(path) as fh:
            text = " ".join(l.strip().lstrip("/").strip() for l in fh
                            if l.strip().startswith("//"))
        comments.append((os.path.relpath(path, root), text))
    comments += [("--extra-figure", e) for e in extra]
    for name, text in comments:
        for m in FIGURE.finditer(text):
            if (m.group(2), m.group(1)) not in figures:
                problems.append("%s: \"%s\" is no row of ulp_tables/*.csv" %
                                (name, m.group(0)))
    return problems


CHECKS = {"correct_coeffs": check_correct_coeffs,
          "trig_tables": check_trig_tables,
          "atan_tables": check_atan_tables,
          "gelu_coeffs": check_gelu_coeffs,
          "kernel_figures": check_kernel_figures}


def main(argv):
    args, extra = [], []
    i = 1
    while i < len(argv):
        if argv[i] == "--extra-figure" and i + 1 < len(argv):
            extra.append(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) < 2 or any(c not in CHECKS for c in args[1:]):
        print("usage: generated_files_test.py ROOT %s... [--extra-figure TEXT]"
              % "|".join(CHECKS), file=sys.stderr)
        return 2
    root, failed = args[0], False
    for name in args[1:]:
        problems = CHECKS[name](root, extra)
        for p in problems:
            print(p)
        print("%s: %s" % (name, "FAIL" if problems else "ok"))
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
