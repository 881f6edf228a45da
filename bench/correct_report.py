#!/usr/bin/python3
"""Turns a refmath_bench run of the correctly rounded variant and its peers
into docs/correct-performance.md (bench/correct_run.sh runs both steps).

  bench/correct_report.py --results build-bench/correct_results.json \
      --out docs/correct-performance.md

Figures are medians over interleaved repetitions of one run, CPU time per
element; every ratio compares two medians of that run.
"""
import argparse
import json
import os
import re
import subprocess

FUNCTIONS = ["exp", "log", "tanh", "erf", "sigmoid", "gelu_erf", "gelu_tanh"]
CORE_MATH = ("exp", "log", "tanh", "erf")  # the peer's four functions
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def correct_only_functions():
  """The rows of refmath/functions.def in the correct variant alone
  (EXACT = FAST = 0), in registry order."""
  with open(os.path.join(ROOT, "include", "refmath", "functions.def")) as f:
    return re.findall(
        r"^REFMATH_FUNCTION\(\w+, (\w+), \w+, 0, 0, 1,", f.read(), re.M)


# The functions of the correct variant alone (no exact variant to compare
# with), each with CORE-MATH's and SLEEF's function where they have it.
LIBM = correct_only_functions()
# Issue 28's targets at 512 bits: CORE-MATH's time at least this many
# times the variant's, and SLEEF u10's at least the variant's.
LIBM_TARGET_VS_CORE_MATH_512 = 4.0
# Second ranges (bench/hot_inputs.h, kSecondRanges): NAME_RANGE is the
# function NAME on other inputs, its peers included.  The target there,
# at 512 bits: CORE-MATH's time at least this many times the variant's.
SECOND_RANGES = ["sin_1e6", "cos_1e6"]
SECOND_TARGET_VS_CORE_MATH_512 = 2.0
WIDTHS = [("w128", 128), ("w256", 256), ("w512", 512)]
N = 65536
# Issue 18's speed targets: CORE-MATH's time / the variant's, per width, and
# at 512 bits at most this many times the exact variant's time.
TARGET_VS_CORE_MATH = {128: 3.0, 256: 6.0, 512: 10.0}
TARGET_VS_EXACT_512 = 2.0


def without_quick_path():
  """The LIBM functions whose quick path is NoQuickPath in the entry point
  (simd/correct_quick_kernels.cc), as that file says today."""
  with open(os.path.join(ROOT, "simd", "correct_quick_kernels.cc")) as f:
    kernels = set(re.findall(r"using Quick(\w+) = NoQuickPath;", f.read()))
  def camel(name):
    return "".join(part.capitalize() for part in name.split("_"))
  return [f for f in LIBM if camel(f) in kernels]


def english_list(names):
  return names[0] if len(names) == 1 else (
      ", ".join(names[:-1]) + " and " + names[-1])


def quick_path_sentence():
  """Which of these functions try a quick path, which the complete method
  alone answers."""
  complete = without_quick_path()
  if not complete:
    return "Every one of them tries its quick path first."
  quick = [f for f in LIBM if f not in complete]
  return ("%s have quick paths; %s answer every call by the complete method "
          "(binary64 lanes, two roundings)." %
          (english_list(quick), english_list(complete)))


def load(path):
  with open(path) as f:
    data = json.load(f)
  medians = {}
  for b in data["benchmarks"]:
    if b.get("run_type") == "aggregate" and b["aggregate_name"] == "median":
      medians[b["run_name"]] = b["cpu_time"] / N
  return data["context"], medians


def fmt(x, digits=3):
  return "—" if x is None else "%.*g" % (digits, x)


def times(x):
  return "—" if x is None else "%.1fx" % x


def ratio(a, b):
  return None if a is None or b is None else a / b


def sincos_table(ns):
  """One refmath_sincos_f32 call against the two calls, per width."""
  rows = ["| width | sin and cos, two calls | sincos, one call | two calls / one |",
          "|---:|---:|---:|---:|"]
  for label, bits in WIDTHS:
    two = ns.get("sincos/%s/refmath_correct_sin_and_cos/%d" % (label, N))
    one = ns.get("sincos/%s/refmath_correct_sincos/%d" % (label, N))
    rows.append("| %d | %s | %s | %s |" % (bits, fmt(two), fmt(one),
                                          times(ratio(two, one))))
  return "\n".join(rows)


def cpu_line():
  out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
  fields = dict(l.split(":", 1) for l in out.splitlines() if ":" in l)
  get = lambda k: fields.get(k, "?").strip()
  return "%s, family %s model %s, %s CPUs" % (
      get("Model name"), get("CPU family"), get("Model"), get("CPU(s)"))


def sleef_u10(ns, function, width):
  """The faster of SLEEF's two families at this width, in its 1-ulp
  function (erfc: SLEEF's most accurate, 1.5 ulp; rsqrt: 1/sqrt with the
  0.5-ulp sqrt; the compositions: built on the 1-ulp functions)."""
  found = [t for t in (ns.get("%s/%s/sleef_%s_%s/%d" % (function, width, v, u, N))
                       for v in ("cinz", "finz") for u in ("u10", "u15", "u05"))
           if t is not None]
  return min(found) if found else None


def met(value, target, at_least):
  if value is None:
    return "—"
  return "yes" if (value >= target if at_least else value <= target) else "no"


def table(ns):
  rows = ["| function | CORE-MATH (scalar) | width | exact | correct | "
          "SLEEF u10 | CORE-MATH / correct | target | met | correct / exact |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
  for f in FUNCTIONS:
    cm = ns.get("%s/scalar/core_math/%d" % (f, N)) if f in CORE_MATH else None
    for i, (w, bits) in enumerate(WIDTHS):
      exact = ns.get("%s/%s/refmath_exact/%d" % (f, w, N))
      correct = ns.get("%s/%s/refmath_correct/%d" % (f, w, N))
      speedup = ratio(cm, correct)
      slowdown = ratio(correct, exact)
      slow_cell = times(slowdown)
      if bits == 512:
        slow_cell += " (≤ 2x: %s)" % met(slowdown, TARGET_VS_EXACT_512, False)
      rows.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
          f if i == 0 else "", fmt(cm) if i == 0 else "", bits, fmt(exact),
          fmt(correct), fmt(sleef_u10(ns, f, w)), times(speedup),
          "≥ %gx" % TARGET_VS_CORE_MATH[bits] if cm is not None else "—",
          met(speedup, TARGET_VS_CORE_MATH[bits], True) if cm else "—",
          slow_cell))
  return "\n".join(rows)


def libm_table(ns, names=None, target=LIBM_TARGET_VS_CORE_MATH_512):
  """One row per width of each function of `names` (rows of the run's
  names: LIBM by default, or SECOND_RANGES)."""
  rows = ["| function | CORE-MATH (scalar) | width | correct | SLEEF u10 | "
          "CORE-MATH / correct | SLEEF / correct |",
          "|---|---:|---:|---:|---:|---:|---:|"]
  for f in names or LIBM:
    cm = ns.get("%s/scalar/core_math/%d" % (f, N))
    for i, (w, bits) in enumerate(WIDTHS):
      correct = ns.get("%s/%s/refmath_correct/%d" % (f, w, N))
      sleef = sleef_u10(ns, f, w)
      vs_cm, vs_sleef = times(ratio(cm, correct)), times(ratio(sleef, correct))
      if bits == 512:
        vs_cm += " (≥ %gx: %s)" % (target,
                                   met(ratio(cm, correct), target, True))
        vs_sleef += " (≥ 1x: %s)" % met(ratio(sleef, correct), 1.0, True)
      rows.append("| %s | %s | %d | %s | %s | %s | %s |" % (
          f if i == 0 else "", fmt(cm) if i == 0 else "", bits, fmt(correct),
          fmt(sleef), vs_cm, vs_sleef))
  return "\n".join(rows)


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("--results", required=True)
  ap.add_argument("--out", required=True)
  ap.add_argument("--load", default="?", help="load average at the start")
  args = ap.parse_args()
  context, ns = load(args.results)
  text = """# Speed of the correctly rounded variant

<!-- Generated by bench/correct_report.py (bench/correct_run.sh); do not
     edit. -->

`REFMATH_CORRECT` ([correct.md](correct.md)) through the API with an
explicit target (SSE4 at 128 bits, AVX2 at 256, AVX3 at 512), beside the
exact variant at the same width, SLEEF's 1-ulp functions (the faster of
`cinz` and `finz`) and CORE-MATH's correctly rounded scalar `cr_expf`,
`cr_logf`, `cr_tanhf` and `cr_erff` (compiled as a peer from
`../shared/peers/core-math`, tools/core_math/; it has no sigmoid and no
GELU; SLEEF's GELUs are refmath's benchmark compositions of its 1-ulp erf
or tanh). 65536 inputs uniform in each function's hot range (exp and
sigmoid [-16, 16], log [0.0625, 16], tanh [-10, 10], erf [-6, 6], the
GELUs [-3, 10]), CPU time per element in ns, medians of %(reps)s
interleaved repetitions.

**This run:** %(date)s, %(cpu)s. Load average at the start: %(load)s. The
two cores are shared, so absolute times move from run to run; the ratios
compare medians of the same run.

**Reproduce:** `bash bench/correct_run.sh` (about 2 minutes).

The targets are issue 18's: CORE-MATH's time at least 10x, 6x and 3x the
variant's at 512, 256 and 128 bits, and the variant's time at most 2x the
exact variant's at 512 bits.

%(table)s

## The functions of the correct variant alone

Each against CORE-MATH's correctly rounded `cr_NAMEf` where CORE-MATH has
the function (not the ML compositions) and SLEEF's 1-ulp function (erfc:
its 1.5-ulp one, the most accurate it has; rsqrt: 1/sqrt with its 0.5-ulp
sqrt; silu, softplus, mish and log_sigmoid: their formulas over SLEEF's
1-ulp exp, log1p and tanh, bench/peers.cc), on 65536 inputs uniform in
exp2 [-23, 23], exp10 [-7, 7], expm1 [-16, 16], log2 and log10
[0.0625, 16], log1p [-0.9375, 15], sinh and cosh [-10, 10], asinh
[-16, 16], acosh [1, 16], atanh [-0.9375, 0.9375], erfc [-3, 10], cbrt
[-16, 16], rsqrt [0.0625, 16], the compositions [-16, 16], sin, cos and
tan [-pi, pi], sinpi, cospi, asin and acos [-1, 1], atan [-16, 16]. %(paths)s The
targets at 512 bits: CORE-MATH's time at least 4x the variant's, SLEEF's
at least the variant's.

%(libm)s

## sin and cos over [-1e6, 1e6]

The same functions on 65536 inputs uniform in [-1e6, 1e6] (rows
`sin_1e6`, `cos_1e6`): the quick path's range reaches 2^20, so this
measures its reduction across many periods. The target at 512 bits:
CORE-MATH's time at least %(second_target)gx the variant's.

%(second)s

## sin and cos in one call

`refmath_sincos_f32` on sin's inputs ([-pi, pi]), one range reduction per
vector for both results, against the two `refmath_eval_f32` calls (ns
per input, both results).

%(sincos)s
""" % {"reps": os.environ.get("REFMATH_BENCH_REPETITIONS", "5"),
       "date": context.get("date", "?"), "cpu": cpu_line(),
       "load": args.load, "table": table(ns), "libm": libm_table(ns),
       "paths": quick_path_sentence(),
       "second": libm_table(ns, SECOND_RANGES, SECOND_TARGET_VS_CORE_MATH_512),
       "second_target": SECOND_TARGET_VS_CORE_MATH_512,
       "sincos": sincos_table(ns)}
  with open(args.out, "w") as f:
    f.write(text)


if __name__ == "__main__":
  main()
