"""Counts the instructions of a kernel's hot loop in an object file.

The loop is EvalArray<Kernel>'s whole-vector loop: the backward conditional
branch with the longest body.  Instructions are sorted into the classes the
issue-bound model of docs/performance.md uses.
"""
import re
import subprocess

BRANCH = re.compile(r"^j(?!mp)[a-z]+$")  # conditional jumps only
LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")

# Classes of the 512-bit model.  Everything else starting with "v" or "k"
# is "vec_other" (integer add, logic, blends, broadcasts, mask ops).
FP_MUL = re.compile(r"^v(mulps|f[n]?m(add|sub)\d+ps)$")
FP_ADD = re.compile(r"^v(add|sub)ps$")
FP_DIV = re.compile(r"^v(div|sqrt)ps$")
MOVES = re.compile(r"^v(movups|movaps|movdqu|movdqa)")
# Compares into mask registers, class tests and shifts: one 512-bit
# instruction per cycle on Zen 4 (calib/compare_throughput).
CMP_SHIFT = re.compile(r"^v(cmp\w*ps|fpclassps|ps(ll|rl|ra)[dq])$")


def disassemble(obj, symbol_pattern):
  """{demangled function name: [(address, mnemonic, operands)]}."""
  text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", obj],
                        check=True, capture_output=True, text=True).stdout
  functions, current = {}, None
  for line in text.splitlines():
    header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if header:
      current = header.group(1) if re.search(symbol_pattern,
                                             header.group(1)) else None
      if current:
        functions[current] = []
      continue
    m = LINE.match(line)
    if current and m:
      functions[current].append((int(m.group(1), 16), m.group(2), m.group(3)))
  return functions


def hot_loop(insns):
  """The instructions from the target of the longest backward branch to it."""
  best = []
  for i, (addr, mnem, ops) in enumerate(insns):
    target = re.match(r"^([0-9a-f]+)\s", ops)
    if not BRANCH.match(mnem) or not target:
      continue
    start = int(target.group(1), 16)
    if start < addr:
      body = [x for x in insns[:i + 1] if x[0] >= start]
      if len(body) > len(best):
        best = body
  return best


def classify(mnem, ops):
  is_memory = "(" in ops
  if MOVES.match(mnem) and is_memory:
    # AT&T order: a memory destination is the last operand.
    return "store" if ops.rstrip().endswith(")") else "load"
  if FP_MUL.match(mnem):
    return "fp_mul"
  if FP_ADD.match(mnem):
    return "fp_add"
  if FP_DIV.match(mnem):
    return "fp_div"
  if CMP_SHIFT.match(mnem):
    return "cmp_shift"
  if mnem.startswith(("v", "k")):
    return "vec_other"
  return "scalar"


def loop_counts(obj, symbol_pattern):
  """{function: {class: count, "total": n}} for each matching function."""
  result = {}
  for name, insns in disassemble(obj, symbol_pattern).items():
    counts = {"total": 0}
    for _, mnem, ops in hot_loop(insns):
      cls = classify(mnem, ops)
      counts[cls] = counts.get(cls, 0) + 1
      counts["total"] += 1
    result[name] = counts
  return result
