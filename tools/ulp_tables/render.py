#!/usr/bin/env python3
"""Renders ulp_tables/ from the sweep results in ulp_tables/results/:
exact.md (the specification's rows side by side with ours, the rows beyond
the specification, the full binary32 line), exact.csv, and the error
profile plot docs/ulp-profiles.png.  The CSV and the plain tables come from
`refmath sweep --report`; this script adds the comparison and the plot.
Exit status 1 if a specification row is not reproduced."""
import argparse
import csv
import glob
import io
import os
import struct
import subprocess
import sys


def read_result(path):
    kv = {}
    for line in open(path):
        line = line.rstrip("\n")
        if line == "end":
            break
        key, _, value = line.partition(" ")
        if key != "bin":
            kv[key] = value
    return kv


def bits_to_float(text):
    return struct.unpack("<f", struct.pack("<I", int(text, 16)))[0]


def float_text(x):
    for d in range(1, 10):
        s = "%.*g" % (d, x)
        if struct.unpack("<f", struct.pack("<f", float(s)))[0] == x:
            return s
    return repr(x)


def parse_bound(text):
    return 3.4028234663852886e38 if text == "FLT_MAX" else float(text)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--refmath", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--spec", required=True)
    ap.add_argument("--variant", choices=["exact", "fast", "correct"],
                    help="render only this variant's table (no plot)")
    args = ap.parse_args()
    results = {os.path.basename(p)[:-7]: p for p in sorted(glob.glob(os.path.join(args.out, "results", "*.result")))}
    loaded = {name: read_result(p) for name, p in results.items()}
    spec_rows = [r for r in csv.reader(l for l in open(args.spec) if not l.startswith("#"))]
    failures = 0
    for variant in ("exact", "fast", "correct"):
        mine = {n: r for n, r in loaded.items() if r["variant"] == variant}
        if not mine or args.variant not in (None, variant):
            continue
        if variant == "correct":
            failures += write_correct(args, mine, results)
            continue
        failures += write_variant(args, variant, mine, results,
                                  [r for r in spec_rows if r[1] == variant])
    if args.variant is None:
        plot_profiles(os.path.join(args.out, "profiles"),
                      os.path.join(os.path.dirname(args.out), "docs", "ulp-profiles.png"))
    print("required specification rows not reproduced: %d" % failures)
    return 1 if failures else 0


def write_variant(args, variant, loaded, results, spec_rows):
    lines = ["| function | sweep | values | max ulp | at x | spec max ulp | spec x | reproduced |",
             "|---|---|---|---|---|---|---|---|"]
    failures = 0
    used = []
    for fn, _, label, lo, hi, stride, values, max_ulp, at_x, required in spec_rows:
        match = None
        for name, r in loaded.items():
            if (r["function"], r["label"], r["stride"], r["all"]) == (fn, label, stride, "0") \
                    and bits_to_float(r["lo"]) == f32(parse_bound(lo)) and bits_to_float(r["hi"]) == f32(parse_bound(hi)):
                match = (name, r)
        sweep = "%s [%s, %s] stride %s" % (label, lo, hi, stride)
        if match is None:
            lines.append("| %s | %s | | not run | | %s | %s | |" % (fn, sweep, max_ulp, at_x))
            failures += required == "yes"
            continue
        name, r = match
        used.append(name)
        got_ulp = "%.3f" % float(r["max_ulp"])
        got_x = bits_to_float(r["max_x"])
        count = int(r["count"]) + int(r["nan_agreements"]) + int(r["special_disagreements"])
        same = got_ulp == max_ulp and got_x == f32(float(at_x)) and str(count) == values \
            and r["special_disagreements"] == "0"
        if required == "yes":
            failures += not same
            verdict = "yes" if same else "**NO**"
        else:
            verdict = "same" if same else "differs (informational)"
        lines.append("| %s | %s | %d | %s | %s | %s | %s | %s |" % (
            fn, sweep, count, got_ulp, float_text(got_x), max_ulp, at_x, verdict))
    comparison = "\n".join(lines) + "\n"

    def report(names):
        if not names:
            return "(not run yet)\n"
        text = subprocess.run([args.refmath, "sweep", "--report", *[results[n] for n in names]],
                              capture_output=True, text=True).stdout
        return "\n".join(l for l in text.splitlines() if l.startswith("|")) + "\n"

    extra = [n for n in loaded if n not in used and loaded[n]["all"] == "0"]
    full = [n for n in loaded if loaded[n]["all"] == "1"]
    # Exit status 1 only flags rows with failures (shown in the table).
    done = subprocess.run([args.refmath, "sweep", "--report", "--csv", os.path.join(args.out, variant + ".csv"),
                           *[results[n] for n in used + extra + full]], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit("refmath sweep --report failed: " + done.stderr)
    seconds = sum(float(r.get("seconds", 0)) for r in loaded.values())
    with open(os.path.join(args.out, variant + ".md"), "w") as f:
        f.write("# Measured error of the %s kernels\n\n" % variant)
        f.write(HEADER % seconds)
        f.write("## The specification's table\n\n" + comparison + "\n")
        if variant == "fast":
            f.write("The specification's fast rows are informational: its fast mode was not "
                    "bit-reproducible across CPUs and its GELU erf rational has other "
                    "coefficients (see docs/fast.md).\n\n")
        f.write("## Details of those rows\n\n" + report(used) + "\n")
        f.write("## Beyond the specification\n\n" + report(extra) + "\n")
        f.write("## Every binary32 input\n\n" + report(full) + "\n")
        if any(loaded[n]["function"] == "exp_nonpositive" for n in full):
            f.write("exp_nonpositive is defined for x <= 0 and flushes to +0 below "
                    "-87.33654, where e^x is still a normal float (about 2^-126): its "
                    "whole-line row counts that flush as error (8388582 ulp at "
                    "-87.33655) and counts x > 88.376 (2^128 in its single scaling "
                    "gives +inf where e^x is finite) as inf disagreements. On its "
                    "domain [-87.33654, 0] it is the 0.989 ulp row above.\n\n")
        f.write("Histograms and per-row details: `%s.csv`. Error profiles over the hot ranges "
                "(maximum per bin, exact variant): [docs/ulp-profiles.png](../docs/ulp-profiles.png).\n" % variant)
    return failures


def write_correct(args, loaded, results):
    """ulp_tables/correct.md: every function of the correctly rounded
    variant over all 2^32 inputs; a failure for each result not correctly
    rounded."""
    names = sorted(loaded, key=lambda n: loaded[n]["function"])
    done = subprocess.run([args.refmath, "sweep", "--report", "--csv",
                           os.path.join(args.out, "correct.csv"),
                           *[results[n] for n in names]], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit("refmath sweep --report failed: " + done.stderr)
    table = "\n".join(l for l in done.stdout.splitlines() if l.startswith("|")) + "\n"
    wrong = sum(int(loaded[n]["not_correctly_rounded"]) + int(loaded[n]["special_disagreements"])
                for n in names)
    seconds = sum(float(loaded[n].get("seconds", 0)) for n in names)
    with open(os.path.join(args.out, "correct.md"), "w") as f:
        f.write("# Measured error of the correctly rounded kernels\n\n")
        f.write(HEADER.replace("spec|full|fast", "correct") % seconds)
        f.write("## Every binary32 input\n\n" + table + "\n")
        f.write("Results not correctly rounded, all functions together: %d. "
                "A correctly rounded result is within 0.5 ulp, so every max ulp is at "
                "most 0.500 (docs/correct.md gives the method and the proof).\n\n" % wrong)
        f.write("Histograms and per-row details: `correct.csv`.\n")
    return 1 if wrong else 0


HEADER = ("ULP error = |result - f(x)| / spacing of binary32 at the correctly rounded f(x) "
          "(2^-149 for subnormals). References: glibc double precision, checked against MPFR "
          "(128 bits) on every 1024th value; every close rounding call and every candidate "
          "maximum is recomputed with MPFR, so the max ulp and its x are MPFR figures. "
          "\"not correctly rounded\" counts results that differ from the correctly rounded "
          "value. Ranges run over binary32 values in increasing order, +0 and -0 once; "
          "stride k visits every k-th value from the low end; \"values\" counts them.\n\n"
          "Made with `tools/ulp_tables/run.sh spec|full|fast` (each row is one `refmath sweep` "
          "call, listed in that script); total sweep time %.0f s on a 2-core machine "
          "(per-row times in the tables).\n\n")


def plot_profiles(folder, png):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not available: no plot (apt-get install python3-matplotlib)")
        return
    files = sorted(glob.glob(os.path.join(folder, "*.csv")))
    if not files:
        return
    cols = 2
    rows = (len(files) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(11, 2.6 * rows), squeeze=False)
    for ax, path in zip(axes.flat, files):
        xs, ys = [], []
        for row in csv.DictReader(open(path)):
            xs.append(float(row["x"]))
            ys.append(float(row["max_ulp"]))
        ax.plot(xs, ys, linewidth=0.7)
        ax.set_title(os.path.basename(path)[:-4] + " (exact)", fontsize=10)
        ax.set_xlabel("x")
        ax.set_ylabel("max ulp per bin")
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(files):]:
        ax.axis("off")
    fig.tight_layout()
    os.makedirs(os.path.dirname(png), exist_ok=True)
    fig.savefig(png, dpi=90)
    print("wrote", png)


sys.exit(main())
