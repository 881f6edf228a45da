#!/usr/bin/python3
"""Turns refmath_bench's JSON results into docs/performance.md.

  bench/report.py --results bench/results.json --trace bench/insn_trace.json \
      --out docs/performance.md

Every figure is the median over interleaved repetitions of one run; ratios
compare medians from that same run.
"""
import argparse
import json
import os
import subprocess

FUNCTIONS = ["exp", "log", "tanh", "erf", "sigmoid", "gelu_erf", "gelu_tanh"]
WIDTHS = [("w128", "128-bit (SSE4)"), ("w256", "256-bit (AVX2)"),
          ("w512", "512-bit (AVX3 = AVX-512 F/BW/DQ/VL)"),
          ("scalar", "scalar (one lane)")]
SIZES = [1024, 65536, 4194304]
SIZE_NAMES = {1024: "1K (L1)", 65536: "64K (L2)", 4194304: "4M (memory)"}
GUARD_SIZES = [1, 16, 1024]
METRIC = "cpu_time"  # ns; CPU time is less disturbed by preemption

# Documented maximum errors in ulp (SLEEF's function names, glibc's libmvec
# statement, Highway's math-inl.h comments, glibc manual).
HWY_ULP = {"exp": 1.0, "log": 4.0, "tanh": 4.0, "sigmoid": 1.0,
           "gelu_tanh": 4.0}


def peer_ulp(impl, function):
  if impl.endswith("_u10"):
    return 1.0
  if impl.endswith("_u35"):
    return 3.5
  if impl == "libmvec":
    return 4.0
  if impl == "hwy_contrib":
    return HWY_ULP[function]
  if impl == "glibc":
    return 2.0
  return None


FAST_PEER_MAX_ULP = 4.0
BIT_CONSISTENT = ("sleef_cinz_u10", "sleef_cinz_u35")

# Issue model of the 512-bit loop (docs/performance.md, "The limit").
LANES_512 = 16
ZMM_PER_CYCLE = 2.0      # four 256-bit pipes, a zmm op holds one for 2 cycles
MUL_PER_CYCLE = 1.0      # FP0/FP1 only
ADD_PER_CYCLE = 1.0      # FP2/FP3 only
DISPATCH_PER_CYCLE = 6.0
ADD_LATENCY_CYCLES = 3.0  # calibrates the clock
GATHER_LANES = 8         # a 512-bit gather of binary64 values: 8 loads
LOADS_PER_CYCLE = 3.0    # Zen 4's load pipes


def load(path):
  with open(path) as f:
    data = json.load(f)
  medians, cvs = {}, {}
  for b in data["benchmarks"]:
    if b.get("run_type") != "aggregate":
      continue
    if b["aggregate_name"] == "median":
      medians[b["run_name"]] = b
    elif b["aggregate_name"] == "cv":
      cvs[b["run_name"]] = b[METRIC]
  return data["context"], medians, cvs


class Results:
  def __init__(self, medians):
    self.medians = medians

  def ns_per_elem(self, name, n):
    b = self.medians.get("%s/%d" % (name, n))
    return b[METRIC] / n if b else None

  def cell(self, function, width, impl, n):
    return self.ns_per_elem("%s/%s/%s" % (function, width, impl), n)

  def impls(self, function, width):
    prefix = "%s/%s/" % (function, width)
    found = []
    for name in self.medians:
      if name.startswith(prefix):
        impl = name[len(prefix):].rsplit("/", 1)[0]
        if impl not in found:
          found.append(impl)
    refmath = sorted(i for i in found if i.startswith("refmath"))
    return refmath + sorted(i for i in found if not i.startswith("refmath"))

  def fastest(self, function, width, n, keep):
    """(impl, ns) of the fastest peer satisfying keep(impl)."""
    best = None
    widths = [width, "scalar"] if width != "scalar" else [width]
    for w in widths:
      for impl in self.impls(function, w):
        if impl.startswith("refmath") or not keep(impl):
          continue
        t = self.cell(function, w, impl, n)
        if t is not None and (best is None or t < best[1]):
          best = (impl if w == width else "%s (%s)" % (impl, w), t)
    return best


def fmt(x, digits=3):
  return "—" if x is None else ("%.*g" % (digits, x))


def ratio(a, b):
  return None if a is None or b is None else a / b


def ratio_table(res, width, path_suffix):
  rows = ["| function | " + " | ".join(
      "exact ÷ cinz %s" % SIZE_NAMES[n] for n in SIZES) + " | cinz used (64K) | "
          + " | ".join("fast ÷ best %s" % SIZE_NAMES[n] for n in SIZES) +
          " | best ≤4-ulp peer (64K) |",
          "|---" * 9 + "|"]
  for f in FUNCTIONS:
    exact, fast, names = [], [], ["—", "—"]
    for n in SIZES:
      cinz = res.fastest(f, width, n, lambda i: i in BIT_CONSISTENT)
      best = res.fastest(f, width, n, lambda i, f=f: (peer_ulp(i, f) or 99)
                         <= FAST_PEER_MAX_ULP)
      exact.append(ratio(res.cell(f, width, "refmath_exact" + path_suffix, n),
                         cinz and cinz[1]))
      fast.append(ratio(res.cell(f, width, "refmath_fast" + path_suffix, n),
                        best and best[1]))
      if n == SIZES[1]:
        names = [cinz[0] if cinz else "—", best[0] if best else "—"]
    rows.append("| %s | %s | %s | %s | %s |" % (
        f, " | ".join(fmt(x, 2) for x in exact), names[0],
        " | ".join(fmt(x, 2) for x in fast), names[1]))
  return "\n".join(rows)


def composed_table(res):
  """Exact sigmoid and GELUs against the fastest composed peer of any kind
  (bit-consistent or not), at 64K, per width."""
  n = SIZES[1]
  rows = ["| function | " + " | ".join(
      "exact ÷ fastest peer, %s bits" % w[1:] for w, _ in WIDTHS[:3])
          + " | fastest peer (128 / 256 / 512) |", "|---" * 5 + "|"]
  for f in ("sigmoid", "gelu_erf", "gelu_tanh"):
    cells, names = [], []
    for w, _ in WIDTHS[:3]:
      best = res.fastest(f, w, n, lambda i: True)
      cells.append(ratio(res.cell(f, w, "refmath_exact_kernel", n),
                         best and best[1]))
      names.append(best[0] if best else "—")
    rows.append("| %s | %s | %s |" % (
        f, " | ".join(fmt(x, 2) for x in cells), " / ".join(names)))
  return "\n".join(rows)


def width_table(res, cvs, width):
  rows = ["| function | implementation | " +
          " | ".join(SIZE_NAMES[n] for n in SIZES) + " | max cv |",
          "|---|---|---:|---:|---:|---:|"]
  for f in FUNCTIONS:
    for impl in res.impls(f, width):
      cells = [res.cell(f, width, impl, n) for n in SIZES]
      cv = max((cvs.get("%s/%s/%s/%d" % (f, width, impl, n), 0)
                for n in SIZES), default=0)
      rows.append("| %s | %s | %s | %.0f%% |" % (
          f, impl, " | ".join(fmt(c) for c in cells), 100 * cv))
  return "\n".join(rows)


def calibration(res):
  per_op = {}
  for key in ("add_latency", "add_throughput", "mul_throughput",
              "div_throughput", "int_throughput", "mixed_throughput",
              "compare_throughput", "divpd_throughput", "gather_throughput"):
    b = res.medians.get("calib/" + key)
    per_op[key] = b[METRIC] / b["ops_per_iter"] if b else None
  if per_op["add_latency"] is None:
    return None, {}
  ghz = ADD_LATENCY_CYCLES / per_op["add_latency"]
  return ghz, {k: v * ghz for k, v in per_op.items() if v is not None}


def issue_bound(c, cycles, divide="div_throughput"):
  """(vector operations, {limit: cycles per 16-lane vector}) of the model;
  divide names the calibration of the kernel's divide instruction."""
  mul, add = c.get("fp_mul", 0), c.get("fp_add", 0)
  div, other = c.get("fp_div", 0), c.get("vec_other", 0)
  cmp_shift, gather = c.get("cmp_shift", 0), c.get("gather", 0)
  vec = mul + add + div + cmp_shift + gather + other
  limits = {"4 pipes": vec / ZMM_PER_CYCLE, "FMUL pipes": mul / MUL_PER_CYCLE,
            "FADD pipes": add / ADD_PER_CYCLE,
            # Without calib/divpd_throughput, vdivpd at the vdivps cost:
            # a floor.
            "divider": div * cycles.get(divide, cycles["div_throughput"]),
            "cmp/shift": cmp_shift * cycles["compare_throughput"],
            "dispatch": c["total"] / DISPATCH_PER_CYCLE}
  if gather and "gather_throughput" in cycles:
    limits["gathers"] = gather * cycles["gather_throughput"]
  elif gather:  # not calibrated: one load per lane, a floor
    limits["gather loads"] = gather * GATHER_LANES / LOADS_PER_CYCLE
  return vec, limits


def limit_table(res, traced, ghz, cycles):
  rows = ["| kernel | instructions / 16 lanes | vector ops | vector ops / element"
          " | mul, add, div, cmp/shift, other | bound (cycles/element) | "
          "binding | measured (cycles/element) | bound ÷ measured | "
          "SLEEF cinz measured |",
          "|---|---:|---:|---:|---|---:|---|---:|---:|---:|"]
  for function, c in sorted(traced.items(), key=lambda kv: kv[1]["total"]):
    mul, add = c.get("fp_mul", 0), c.get("fp_add", 0)
    div, other = c.get("fp_div", 0), c.get("vec_other", 0)
    cmp_shift = c.get("cmp_shift", 0)
    vec, limits = issue_bound(c, cycles)
    binding = max(limits, key=limits.get)
    bound = limits[binding] / LANES_512
    ns = res.cell(function, "w512", "refmath_exact_kernel", SIZES[0])
    measured = ns * ghz if ns else None
    cinz = res.fastest(function, "w512", SIZES[0],
                       lambda i: i in BIT_CONSISTENT)
    rows.append("| %s | %.1f | %.1f | %.2f | %g, %g, %g, %g, %g | %.2f | %s "
                "| %s | %s | %s |"
                % (function, c["total"], vec, vec / LANES_512, mul, add, div,
                   cmp_shift, other, bound, binding, fmt(measured),
                   fmt(ratio(bound, measured), 2),
                   fmt(cinz[1] * ghz) if cinz else "—"))
  return "\n".join(rows)


def correct_limit_table(res, traced, ghz, cycles):
  """The correctly rounded kernels by the same count and model, per
  binary32 element (a 16-lane vector is two vectors of 8 binary64 lanes),
  beside the exact kernels."""
  rows = ["| function | instructions / element | mul, add, div, cmp/shift, "
          "gather, other / element | bound (cycles/element) | binding | "
          "measured (ns/element) | measured (cycles/element) | "
          "bound ÷ measured | exact: instructions / element | "
          "exact: bound | exact: measured | bound, correct ÷ exact |",
          "|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
  for function in FUNCTIONS:
    c = traced["correct"].get(function)
    e = traced["exact"].get(function)
    if c is None or e is None:
      continue
    per = lambda k: c.get(k, 0) / LANES_512
    _, limits = issue_bound(c, cycles, divide="divpd_throughput")
    binding = max(limits, key=limits.get)
    bound = limits[binding] / LANES_512
    _, exact_limits = issue_bound(e, cycles)
    exact_bound = max(exact_limits.values()) / LANES_512
    ns = [res.cell(function, "w512", impl, SIZES[0])
          for impl in ("refmath_correct_kernel", "refmath_exact_kernel")]
    measured = [t * ghz if t else None for t in ns]
    rows.append("| %s | %.2f | %s | %.2f | %s | %s | %s | %s | %.2f | %.2f "
                "| %s | %.1f |"
                % (function, per("total"),
                   ", ".join("%.2f" % per(k) for k in (
                       "fp_mul", "fp_add", "fp_div", "cmp_shift", "gather",
                       "vec_other")),
                   bound, binding, fmt(ns[0]), fmt(measured[0]),
                   fmt(ratio(bound, measured[0]), 2),
                   e["total"] / LANES_512, exact_bound, fmt(measured[1]),
                   bound / exact_bound))
  return "\n".join(rows)


def guard_table(res):
  rows = ["| n | API, default | API, FTZ+DAZ | ratio | guard+kernel, default |"
          " guard+kernel, FTZ+DAZ | ratio | bare kernel | guard cost default |"
          " guard cost FTZ+DAZ |", "|---:" * 10 + "|"]
  for n in GUARD_SIZES:
    t = {}
    for env in ("default", "ftz_daz"):
      for path in ("api", "guarded_kernel", "kernel"):
        b = res.medians.get("mxcsr/%s/%s/%d" % (env, path, n))
        t[env, path] = b[METRIC] if b else None
    kernel = t["default", "kernel"]
    rows.append("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        n, fmt(t["default", "api"]), fmt(t["ftz_daz", "api"]),
        fmt(ratio(t["ftz_daz", "api"], t["default", "api"])),
        fmt(t["default", "guarded_kernel"]), fmt(t["ftz_daz", "guarded_kernel"]),
        fmt(ratio(t["ftz_daz", "guarded_kernel"], t["default", "guarded_kernel"])),
        fmt(kernel),
        fmt(t["default", "guarded_kernel"] - kernel if kernel else None, 2),
        fmt(t["ftz_daz", "guarded_kernel"] - kernel if kernel else None, 2)))
  return "\n".join(rows)


def shortcut_table(res):
  rows = ["| function | hot inputs | one lane in 16 outside the shortcut range |"
          " ratio |", "|---|---:|---:|---:|"]
  for f in ("exp", "log", "tanh", "sigmoid", "gelu_tanh"):
    t = {}
    for case in ("hot", "one_outside_per_16"):
      b = res.medians.get("shortcut/%s/%s/65536" % (f, case))
      t[case] = b[METRIC] / 65536 if b else None
    rows.append("| %s | %s | %s | %s |" % (
        f, fmt(t["hot"]), fmt(t["one_outside_per_16"]),
        fmt(ratio(t["one_outside_per_16"], t["hot"]))))
  return "\n".join(rows)


TANH_DATA = (("uniform_-10_10", "uniform in [-10, 10] (the hot range)"),
             ("abs_0.6_10", "\\|x\\| uniform in [0.6, 10], random sign"),
             ("normal_0_1", "normal, mean 0, deviation 1"),
             ("abs_below_0.6", "uniform in [-0.59, 0.59]"))


def tanh_data_table(res):
  n = SIZES[-1]
  rows = ["| inputs (4M) | 256 bits | 512 bits |", "|---|---:|---:|"]
  for name, label in TANH_DATA:
    cells = []
    for w in ("w256", "w512"):
      b = res.medians.get("tanh_data/%s/%s/%d" % (name, w, n))
      cells.append(fmt(b[METRIC] / n if b else None))
    rows.append("| %s | %s | %s |" % (label, cells[0], cells[1]))
  return "\n".join(rows)


def api_overhead_us(res):
  """Median over functions and widths of (API - kernel) at n = 1K, in us."""
  n = SIZES[0]
  diffs = sorted(
      (res.cell(f, w, "refmath_exact", n) - res.cell(f, w,
                                                      "refmath_exact_kernel", n))
      * n / 1000 for f in FUNCTIONS for w, _ in WIDTHS
      if res.cell(f, w, "refmath_exact", n) is not None)
  return diffs[len(diffs) // 2] if diffs else None


def cpu_line():
  try:
    out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
  except OSError:
    return "unknown CPU"
  fields = dict(l.split(":", 1) for l in out.splitlines() if ":" in l)
  get = lambda k: fields.get(k, "?").strip()
  return "%s, family %s model %s, %s CPUs, hypervisor %s" % (
      get("Model name"), get("CPU family"), get("Model"), get("CPU(s)"),
      get("Hypervisor vendor"))


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("--results", default="bench/results.json")
  ap.add_argument("--trace", default="bench/insn_trace.json",
                  help="instruction counts from bench/insn_trace.py")
  ap.add_argument("--template", default=os.path.join(
      os.path.dirname(os.path.abspath(__file__)), "performance.md.in"))
  ap.add_argument("--out", default="docs/performance.md")
  ap.add_argument("--cpu", help="the machine the results were measured on, "
                  "when the report is made on another (default: lscpu here)")
  args = ap.parse_args()

  context, medians, cvs = load(args.results)
  res = Results(medians)
  ghz, cycles = calibration(res)
  with open(args.trace) as f:
    # bench/insn_trace.py: {variant: {function: {class: per 16-lane vector}}}
    traced = json.load(f)
  reps = next(iter(medians.values()))["repetitions"]
  values = {
      "date": context["date"], "cpu": args.cpu or cpu_line(),
      "load": ", ".join("%.1f" % x for x in context.get("load_avg", [])),
      "repetitions": reps,
      "ghz": fmt(ghz), "add_cycles": fmt(cycles.get("add_throughput")),
      "mul_cycles": fmt(cycles.get("mul_throughput")),
      "div_cycles": fmt(cycles.get("div_throughput")),
      "int_cycles": fmt(cycles.get("int_throughput")),
      "mixed_cycles": fmt(cycles.get("mixed_throughput")),
      "cmp_cycles": fmt(cycles.get("compare_throughput")),
      "divpd_cycles": fmt(cycles.get("divpd_throughput")),
      "gather_cycles": fmt(cycles.get("gather_throughput")),
      "ratios_kernel": "\n\n".join(
          "**%s**\n\n%s" % (label, ratio_table(res, w, "_kernel"))
          for w, label in WIDTHS[:3]),
      "ratios_api": "\n\n".join(
          "**%s**\n\n%s" % (label, ratio_table(res, w, ""))
          for w, label in WIDTHS[:3]),
      "width_tables": "\n\n".join(
          "### %s\n\n%s" % (label, width_table(res, cvs, w))
          for w, label in WIDTHS),
      "limit_table": limit_table(res, traced["exact"], ghz, cycles),
      "correct_limit_table": correct_limit_table(res, traced, ghz, cycles),
      "guard_table": guard_table(res),
      "shortcut_table": shortcut_table(res),
      "tanh_data_table": tanh_data_table(res),
      "composed_table": composed_table(res),
      "api_overhead_us": fmt(api_overhead_us(res), 2),
  }
  with open(args.template) as f:
    text = f.read()
  for key, value in values.items():
    text = text.replace("@%s@" % key, str(value))
  with open(args.out, "w") as f:
    f.write(text)
  print("wrote", args.out)


if __name__ == "__main__":
  main()
