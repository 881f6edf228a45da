"""The instruction classes of the issue-bound model of docs/performance.md,
for the instructions bench/insn_trace.py records (AT&T syntax).
"""
import re

# Classes of the 512-bit model.  Everything else starting with "v" or "k"
# is "vec_other" (integer add, logic, blends, broadcasts, mask ops).
FP_MUL = re.compile(r"^v(mulps|f[n]?m(add|sub)\d+ps)$")
FP_ADD = re.compile(r"^v(add|sub)ps$")
FP_DIV = re.compile(r"^v(div|sqrt)ps$")
MOVES = re.compile(r"^v(movups|movaps|movdqu|movdqa)")
# Compares into mask registers, class tests and shifts: one 512-bit
# instruction per cycle on Zen 4 (calib/compare_throughput).
CMP_SHIFT = re.compile(r"^v(cmp\w*ps|fpclassps|ps(ll|rl|ra)[dq])$")


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
