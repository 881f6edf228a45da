#!/usr/bin/python3
"""An independent NumPy port of the ANE fp16 special functions.

Written from the formulas in docs/ane-special.md (the notes' coefficients),
sharing no code with src/ane/special_*.cc: NumPy's float16 arithmetic
rounds every +, -, * to nearest even (it computes in binary32 and rounds
once more, which is exact for these operations since 24 >= 2*11 + 2).
The port evaluates every one of the 65536 binary16 inputs and compares
the bit patterns with what the C++ model writes.  The constants'
exp(x * 0) is 1 for finite x and NaN otherwise, which needs no exp; the
three functions that call the native exp on a general argument (erfc,
erf_via_erfc, gamma_via_lgamma) are checked with --refmath only, taking
that exp from `refmath eval --function exp` (the exact fp32 kernel, whose
result NumPy rounds to binary16), as the model defines it.

Usage: special_port.py (--refmath PATH | --dump-tool PATH | --lgamma-figures)
  --refmath PATH    runs `PATH ane eval --function F --profile P --in X --out Y`
  --dump-tool PATH  runs `PATH --dump-dir DIR --profile P --function F,...`
  --lgamma-figures  prints the lgamma errors on fp16(linspace(1, 8, 64)) with
                    one rounding per operation and, for comparison, with each
                    Horner step fused (a * t + c rounded once), the
                    measurement docs/ane-special.md quotes
Exit status: 0 every bit matches, 1 a mismatch, 2 usage or I/O error.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

F16 = np.float16
SMALLEST_NORMAL = 2.0 ** -14  # binary16

# The coefficients as docs/ane-special.md lists them.
SIN_P = [1.0, -0.1666589028907664, 0.008315949363584022,
         -0.0001860843359648393]  # low degree first, in x^2
COS_Q = [1.0, -0.4999308182201791, 0.041511585587052556,
         -0.0012786608784929124]  # low degree first, in x^2
ERF_P = [1.128338362755043, -0.3752941986401827, 0.1100666568321253,
         -0.02340602798434916, 0.003153058641086897,
         -0.0001952199570501452]  # low degree first, in x^2
LGAMMA = [3.935189048783974e-06, -1.7368862821849318e-05,
          -9.904632136900507e-06, -5.063402849001357e-05,
          0.0014535201243029226, -0.010745792598586731, 0.1240676674629507,
          1.3893132071172924, 2.453806649516902]  # high first, in x - 4.5
GAMMA = [0.07271315700819278, -0.09524680924569022, 0.14250568218370452,
         -0.10518443046953783, 0.41491322672719055, 0.032278377199321216,
         0.8862262217269316]  # high first, in x - 1.5
EXPM1 = [1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1.0]  # high first
LOG1P = [-0.052037525556684096, 0.15799617916430397, -0.20925805696435787,
         0.20919213902419415, -0.24465414248733885, 0.3319955251288566,
         -0.5001694874609843, 1.0000208250159992]  # high first
ERFC_P = 0.3275911  # t = 1 / (1 + ERFC_P x)
ERFC_A = [0.254829592, -0.284496736, 1.421413741, -1.453152027,
          1.061405429]  # low first, in t, then times t
J0 = [1.0, -2.2499997, 1.2656208, -0.3163866, 0.0444479, -0.0039444,
      0.0002100]  # low first, in x^2 / 9
I0 = [1.0, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.0360768,
      0.0045813]  # low first, in x^2 / 14.0625


class Device:
    """Binary16 operations of one profile: round to nearest even, and with
    flush=True subnormal operands read as zero and subnormal results
    written as zero (the sign kept)."""

    def __init__(self, x, flush, exp32=None):
        self.flush = flush
        self.exp32 = exp32  # float32 array -> refmath's exact exp of it
        self.x = self.read(x)
        # exp(x * 0): 1 where x is finite, NaN where it is inf or NaN.
        self.ones = np.where(np.isfinite(x), F16(1.0), F16(np.nan))

    def read(self, a):
        if not self.flush:
            return a
        tiny = np.abs(a) < F16(SMALLEST_NORMAL)
        return np.where(tiny, np.copysign(F16(0.0), a), a).astype(F16)

    def mul(self, a, b):
        return self.read(self.read(a) * self.read(b))

    def add(self, a, b):
        return self.read(self.read(a) + self.read(b))

    def sub(self, a, b):
        return self.read(self.read(a) - self.read(b))

    def div(self, a, b):
        return self.read(self.read(a) / self.read(b))

    def exp(self, a):
        wide = self.exp32(self.read(a).astype(np.float32))
        return self.read(wide.astype(F16))

    def const(self, c):
        return self.mul(self.ones, F16(c))

    def scalar(self, a, c):
        return self.mul(a, F16(c))

    def horner_high(self, t, coeffs):
        acc = self.const(coeffs[0])
        for c in coeffs[1:]:
            acc = self.add(self.mul(acc, t), self.const(c))
        return acc

    def horner_low(self, t, coeffs):
        return self.horner_high(t, coeffs[::-1])


def raw_lgamma_coefficients():
    """The centred polynomial expanded in powers of x, highest first, in
    double: b_j = sum_{k >= j} a_k C(k, j) (-4.5)^(k - j)."""
    a = LGAMMA[::-1]  # a[k] multiplies (x - 4.5)^k
    b = []
    for j in range(len(a)):
        total = 0.0
        for k in range(j, len(a)):
            binomial = 1.0
            for i in range(j):
                binomial = binomial * float(k - i) / float(i + 1)
            power = 1.0
            for _ in range(j, k):
                power *= -4.5
            total += a[k] * binomial * power
        b.append(total)
    return b[::-1]


def erfc(d):
    """A&S 7.1.26: t = 1 / (1 + p x), t * A(t) * exp(-(x * x))."""
    x = d.x
    one = d.const(1.0)
    t = d.div(one, d.add(one, d.scalar(x, ERFC_P)))
    poly = d.mul(d.horner_low(t, ERFC_A), t)
    return d.mul(poly, d.exp(d.scalar(d.mul(x, x), -1.0)))


def port(name, d):
    x = d.x
    if name == "erfc":
        return erfc(d)
    if name == "erf_via_erfc":
        return d.sub(d.const(1.0), erfc(d))
    if name == "gamma_via_lgamma":
        return d.exp(port("lgamma", d))
    if name == "sin":
        return d.mul(x, d.horner_low(d.mul(x, x), SIN_P))
    if name == "cos":
        return d.horner_low(d.mul(x, x), COS_Q)
    if name == "erf":
        return d.mul(x, d.horner_low(d.mul(x, x), ERF_P))
    if name == "lgamma":
        return d.horner_high(d.add(x, d.const(-4.5)), LGAMMA)
    if name == "lgamma_raw":
        return d.horner_high(x, raw_lgamma_coefficients())
    if name == "gamma":
        return d.horner_high(d.add(x, d.const(-1.5)), GAMMA)
    if name == "expm1":
        return d.mul(x, d.horner_high(x, EXPM1))
    if name == "log1p":
        return d.mul(x, d.horner_high(x, LOG1P))
    if name == "bessel_j0":
        return d.horner_low(d.scalar(d.mul(x, x), 1.0 / 9.0), J0)
    if name == "bessel_i0":
        return d.horner_low(d.scalar(d.mul(x, x), 1.0 / 14.0625), I0)
    raise ValueError(name)


def fused_horner(t, coeffs):
    """Horner with every step a * t + c rounded once to binary16 (the sum
    of a binary16 product and constant is exact in double here)."""
    acc = np.full(t.shape, F16(coeffs[0]))
    for c in coeffs[1:]:
        exact = acc.astype(np.float64) * t.astype(np.float64) + float(F16(c))
        acc = exact.astype(F16)
    return acc


def lgamma_figures():
    x = np.linspace(1.0, 8.0, 64).astype(F16)
    ref = np.array([math.lgamma(float(v)) for v in x])
    d = Device(x, flush=False)
    centred_t = d.add(x, d.const(-4.5))
    raw = raw_lgamma_coefficients()
    rows = [
        ("centred, one rounding per op", d.horner_high(centred_t, LGAMMA)),
        ("centred, fused Horner steps", fused_horner(centred_t, LGAMMA)),
        ("raw in x, one rounding per op", d.horner_high(x, raw)),
        ("raw in x, fused Horner steps", fused_horner(x, raw)),
    ]
    for label, y in rows:
        err = np.abs(y.astype(np.float64) - ref)
        i = int(np.argmax(err))
        print(f"lgamma {label}: max abs error {err[i]:.4g} "
              f"at x = {float(x[i])}")
    print("raw coefficients, highest first, as binary16:",
          [float(F16(c)) for c in raw])
    return 0


FUNCTIONS = ["sin", "cos", "erf", "lgamma", "lgamma_raw", "gamma", "expm1",
             "log1p", "bessel_j0", "bessel_i0"]
EXP_FUNCTIONS = ["erfc", "erf_via_erfc", "gamma_via_lgamma"]
PROFILES = {"spec": False, "m1": True}  # name -> flushes subnormals


def refmath_exp(refmath, workdir):
    """float32 array -> refmath's exact fp32 exp of each element."""
    def exp32(values):
        src = os.path.join(workdir, "exp_in.f32")
        dst = os.path.join(workdir, "exp_out.f32")
        values.astype("<f4").tofile(src)
        subprocess.run([refmath, "eval", "--function", "exp", "--in", src,
                        "--out", dst], check=True)
        return np.fromfile(dst, "<f4")
    return exp32


def model_outputs(args, functions, profile, workdir, inputs_path):
    """{function: uint16 array of the C++ model's 65536 results}."""
    out = {}
    if args.dump_tool:
        subprocess.run([args.dump_tool, "--dump-dir", workdir, "--profile",
                        profile, "--function", ",".join(functions)],
                       check=True)
        for f in functions:
            out[f] = np.fromfile(os.path.join(workdir, f + ".f16"), "<u2")
        return out
    for f in functions:
        path = os.path.join(workdir, f + ".f16")
        subprocess.run([args.refmath, "ane", "eval", "--function", f,
                        "--profile", profile, "--in", inputs_path,
                        "--out", path], check=True)
        out[f] = np.fromfile(path, "<u2")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--refmath")
    group.add_argument("--dump-tool")
    group.add_argument("--lgamma-figures", action="store_true")
    args = parser.parse_args()
    if args.lgamma_figures:
        return lgamma_figures()

    bits = np.arange(1 << 16, dtype="<u2")
    x = bits.view(F16)
    failures = 0
    with tempfile.TemporaryDirectory() as workdir, \
            np.errstate(all="ignore"):
        inputs_path = os.path.join(workdir, "inputs.f16")
        bits.tofile(inputs_path)
        functions, exp32 = FUNCTIONS, None
        if args.refmath:
            functions = FUNCTIONS + EXP_FUNCTIONS
            exp32 = refmath_exp(args.refmath, workdir)
        for profile, flush in PROFILES.items():
            try:
                model = model_outputs(args, functions, profile, workdir,
                                      inputs_path)
                wants = {f: port(f, Device(x, flush, exp32)).astype(F16)
                         for f in functions}
            except (OSError, subprocess.CalledProcessError) as e:
                print(f"special_port: cannot run refmath: {e}",
                      file=sys.stderr)
                return 2
            for f in functions:
                want = wants[f]
                got = model[f]
                if got.size != want.size:
                    print(f"{f} [{profile}]: {got.size} results, expected "
                          f"{want.size}")
                    failures += 1
                    continue
                want_bits = want.view("<u2")
                both_nan = np.isnan(want) & np.isnan(got.view(F16))
                bad = np.nonzero((want_bits != got) & ~both_nan)[0]
                status = "ok" if bad.size == 0 else f"{bad.size} MISMATCHES"
                print(f"{f:16s} [{profile}]: 65536 inputs, {status}")
                for i in bad[:5]:
                    print(f"    x=0x{i:04X} ({float(x[i])!r}): model "
                          f"0x{int(got[i]):04X}, "
                          f"port 0x{int(want_bits[i]):04X}")
                failures += bad.size != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
