"""The instruction classes of the issue-bound model of docs/performance.md,
for the instructions bench/insn_trace.py records (AT&T syntax).
"""
import re

# Classes of the 512-bit model, in their binary32 (ps) and binary64 (pd)
# forms: the correctly rounded kernels compute in binary64 lanes.  On the
# model's machine a pd multiply, add or compare takes the same pipe for the
# same time as its ps form; a pd divide takes no less than a ps one.  Everything else starting with "v" or "k" is "vec_other"
# (integer add, logic, blends, broadcasts, mask ops, and the ps <-> pd
# conversions vcvtps2pd / vcvtpd2ps).
FP_MUL = re.compile(r"^v(mul|f[n]?m(add|sub)\d+)p[sd]$")
FP_ADD = re.compile(r"^v(add|sub)p[sd]$")
FP_DIV = re.compile(r"^v(div|sqrt)p[sd]$")
MOVES = re.compile(r"^v(movups|movaps|movupd|movapd|movdqu|movdqa)")
# Compares into mask registers, class tests and shifts: one 512-bit
# instruction per cycle on Zen 4 (calib/compare_throughput).
CMP_SHIFT = re.compile(r"^v(cmp\w*p[sd]|fpclassp[sd]|ps(ll|rl|ra)[dq])$")
# Gathers (the correctly rounded erf's coefficient tables): one instruction
# but one load per lane, so a class of its own.
GATHER = re.compile(r"^v(p?gather\w+)$")


def classify(mnem, ops):
  is_memory = "(" in ops
  if MOVES.match(mnem) and is_memory:
    # AT&T order: a memory destination is the last operand.
    return "store" if ops.rstrip().endswith(")") else "load"
  if GATHER.match(mnem):
    return "gather"
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
