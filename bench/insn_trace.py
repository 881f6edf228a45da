"""Counts the instructions one 512-bit vector of hot inputs executes in each
exact and correctly rounded kernel, by single-stepping bench's
refmath_trace_kernel under gdb.

The kernels branch (a vector whose lanes avoid every special case skips the
special-case selects, and tanh skips its exponential when no lane needs it), so the
static loop body is no longer what runs.  This traces EvalArray<Kernel> on
the AVX3 target over 16 and over 16 * (1 + VECTORS) of the benchmark's own
inputs; the difference divided by VECTORS is the average per vector, loop
control included, setup excluded.  Classes as in insn_count.py.

A vector is 16 binary32 inputs in both variants: the correctly rounded
kernels take the same 16 floats and widen them into two vectors of 8
binary64 lanes, so their counts are per 16 elements as well.  The JSON holds
{"exact": {function: {class: count}}, "correct": {...}}.

Usage: python3 bench/insn_trace.py BUILD_DIR [--json OUT]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import insn_count  # noqa: E402

KERNELS = {"exp": "Exp", "log": "Log", "tanh": "Tanh", "erf": "Erf",
           "sigmoid": "Sigmoid", "gelu_erf": "GeluErf",
           "gelu_tanh": "GeluTanh"}
VARIANTS = {"exact": "ExactKernels", "correct": "CorrectKernels"}
LANES = 16
VECTORS = 8

# Runs inside gdb: break on the kernel's EvalArray, step to its return,
# print one "mnemonic operands" line per executed instruction.
GDB_SCRIPT = r'''
import gdb, os
gdb.execute("set pagination off")
gdb.execute("set confirm off")
symbol = os.environ["REFMATH_TRACE_SYMBOL"]
gdb.execute("break '%s'" % symbol)
gdb.execute("run")
frame = gdb.selected_frame()
arch = frame.architecture()
start = frame.function()
caller = frame.older().pc()
out = open(os.environ["REFMATH_TRACE_OUT"], "w")
while True:
    f = gdb.selected_frame()
    pc = f.pc()
    if pc == caller:
        break
    out.write(arch.disassemble(pc)[0]["asm"] + "\n")
    gdb.execute("stepi", to_string=True)
out.close()
gdb.execute("kill")
'''


def trace(driver, variant, function, n):
  """[(mnemonic, operands)] executed by EvalArray for n inputs."""
  symbol = ("void refmath::N_AVX3::EvalArray<refmath::N_AVX3::%s::"
            "%s>(float const*, float*, unsigned long)"
            % (VARIANTS[variant], KERNELS[function]))
  with tempfile.TemporaryDirectory() as tmp:
    script = os.path.join(tmp, "trace.py")
    out = os.path.join(tmp, "trace.txt")
    with open(script, "w") as f:
      f.write(GDB_SCRIPT)
    env = dict(os.environ, REFMATH_TRACE_SYMBOL=symbol, REFMATH_TRACE_OUT=out)
    subprocess.run(["gdb", "-batch", "-nx", "-x", script, "--args", driver,
                    function, str(n), variant], env=env, check=True,
                   capture_output=True, text=True)
    lines = open(out).read().splitlines()
  insns = []
  for line in lines:
    parts = line.split(None, 1)
    insns.append((parts[0], parts[1] if len(parts) > 1 else ""))
  if not insns:
    raise RuntimeError("no instructions traced for " + symbol)
  return insns


def counts(insns):
  c = {"total": 0}
  for mnem, ops in insns:
    cls = insn_count.classify(mnem, ops)
    c[cls] = c.get(cls, 0) + 1
    c["total"] += 1
  return c


def per_vector(driver, variant, function):
  """{class: instructions per 16-lane vector} averaged over VECTORS."""
  one = counts(trace(driver, variant, function, LANES))
  many = counts(trace(driver, variant, function, LANES * (1 + VECTORS)))
  return {k: (many.get(k, 0) - one.get(k, 0)) / VECTORS
          for k in set(one) | set(many)}


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("build_dir")
  ap.add_argument("--json")
  args = ap.parse_args()
  driver = os.path.join(args.build_dir, "bin", "refmath_trace_kernel")
  result = {}
  for variant in VARIANTS:
    result[variant] = {}
    for function in KERNELS:
      c = result[variant][function] = per_vector(driver, variant, function)
      print("%-8s %-10s %s" % (variant, function, json.dumps(
          {k: round(v, 2) for k, v in sorted(c.items())})))
  if args.json:
    with open(args.json, "w") as f:
      json.dump(result, f, indent=1, sort_keys=True)


if __name__ == "__main__":
  main()
