#!/usr/bin/python3
"""Independent justification of golden/ane-fp16.sha256.

NumPy's float16 arithmetic rounds each +, -, *, / and sqrt correctly (it
computes in float32 and rounds once, exact enough since 24 >= 2*11 + 2), so
the non-transcendental unary rows are recomputed here from scratch.  The
transcendental rows are checked as the binary16 rounding (NumPy's correctly
rounded float32 -> float16 cast) of refmath's exact fp32 kernel on the
widened inputs, through `refmath eval`.  Finally `refmath ane eval` must
reproduce every row of the golden file.

Usage: golden_numpy_check.py PATH/TO/refmath GOLDEN_FILE
Exit 0 if every check holds, 1 otherwise.
"""
import hashlib
import os
import subprocess
import sys
import tempfile

import numpy as np

CANONICAL_NAN = 0x7E00
MIN_NORMAL = np.float16(2.0 ** -14)


def digest(halves):
    bits = halves.view(np.uint16).copy()
    bits[np.isnan(halves)] = CANONICAL_NAN
    return hashlib.sha256(bits.astype('<u2').tobytes()).hexdigest()


def flush(x):
    """Subnormals to signed zero (the device presets)."""
    x = x.copy()
    sub = (np.abs(x) < MIN_NORMAL) & (x != 0)
    x[sub] = np.copysign(np.float16(0), x[sub])
    return x


def read_golden(path):
    rows = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                hexdigest, name = line.split()
                rows[name] = hexdigest
    return rows


def exact_kernel(refmath, name, x32, tmp):
    src, dst = os.path.join(tmp, 'in.f32'), os.path.join(tmp, 'out.f32')
    x32.astype('<f4').tofile(src)
    subprocess.run([refmath, 'eval', '--function', name, '--in', src,
                    '--out', dst], check=True)
    return np.fromfile(dst, dtype='<f4')


def main():
    refmath, golden_path = sys.argv[1], sys.argv[2]
    golden = read_golden(golden_path)
    x = np.arange(65536, dtype=np.uint16).view(np.float16)
    failures = 0

    def check(row, halves):
        nonlocal failures
        if row not in golden:
            print(f'FAIL {row}: no such golden row')
            failures += 1
        elif digest(halves) != golden[row]:
            print(f'FAIL {row}: independent digest differs')
            failures += 1
        else:
            print(f'ok   {row}')

    arithmetic = {
        'neg': lambda v: -v,
        'abs': np.abs,
        'square': lambda v: v * v,
        'sqrt': np.sqrt,
        'reciprocal': lambda v: np.float16(1) / v,
    }
    with np.errstate(all='ignore'), tempfile.TemporaryDirectory() as tmp:
        for profile, pre, post in (('spec', lambda v: v, lambda v: v),
                                   ('m1', flush, flush)):
            for name, op in arithmetic.items():
                check(f'{name}:{profile}', post(op(pre(x))))
            for name in ('exp', 'log', 'tanh', 'sigmoid'):
                y32 = exact_kernel(refmath, name, pre(x).astype(np.float32), tmp)
                check(f'{name}:{profile}', post(y32.astype(np.float16)))

        # The command line reproduces every golden row.
        src = os.path.join(tmp, 'all.f16')
        x.astype('<f2').tofile(src)
        for row, want in golden.items():
            name, profile = row.split(':')
            dst = os.path.join(tmp, 'out.f16')
            subprocess.run([refmath, 'ane', 'eval', '--function', name,
                            '--profile', profile, '--in', src, '--out', dst],
                           check=True)
            got = hashlib.sha256(open(dst, 'rb').read()).hexdigest()
            if got != want:
                print(f'FAIL {row}: refmath ane eval differs from the golden row')
                failures += 1
    print(f'{failures} failure(s)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
