#!/usr/bin/env python3
"""Independent port of the MCU activation tables (docs/mcu.md).

Recomputes, in plain Python integers, the int8 LOGISTIC / TANH tables of the
TFLite Micro reference kernels (gemmlowp fixed point) and the int16 sigmoid /
tanh tables of CMSIS-NN (256-entry table with interpolation), written from
the formulas of the project's notes, sharing no code with src/mcu.  It
hashes each table of the golden parameter set and compares the digests with
golden/mcu.sha256; with --refmath it also compares the bytes written by
`refmath mcu table`.

Arithmetic model: Python integers are exact; every int32 result of the
device is reduced modulo 2^32 by wrap32(), and >> on a Python int is an
arithmetic (floor) shift, as on the device.

Usage: python3 tools/mcu/mcu_port.py --golden golden/mcu.sha256
           [--refmath build/bin/refmath]
"""

import argparse
import hashlib
import math
import os
import struct
import subprocess
import sys
import tempfile

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def wrap32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def f32(text):
    """The binary32 nearest to a decimal, as a Python float (exact)."""
    return struct.unpack('<f', struct.pack('<f', float(text)))[0]


# --- gemmlowp fixed point, from the notes --------------------------------

def srdhm(a, b):
    """Saturating rounding doubling high multiply."""
    if a == INT32_MIN and b == INT32_MIN:
        return INT32_MAX
    return wrap32((a * b + (1 << 30)) >> 31)


def rdivpot(x, e):
    """Divide by 2^e rounding to nearest, ties away from zero."""
    mask = (1 << e) - 1
    rem = x & mask
    q = x >> e
    th = (mask >> 1) + (1 if q < 0 else 0)
    return q + (1 if rem > th else 0)


def sat_shl(x, e):
    return max(INT32_MIN, min(INT32_MAX, x << e))


def rescale(raw, src_bits, dst_bits):
    e = src_bits - dst_bits
    if e > 0:
        return sat_shl(raw, e)
    if e < 0:
        return rdivpot(raw, -e)
    return raw


def exp_quarter(a):
    """exp on [-1/4, 0) in Q0.31: Taylor series around -1/8."""
    c = 1895147668      # exp(-1/8)
    third = 715827883   # 1/3
    x = wrap32(a + (1 << 28))
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4q = rdivpot(x4, 2)
    poly = rdivpot(wrap32(srdhm(wrap32(x4q + x3), third) + x2), 1)
    return wrap32(c + srdhm(c, wrap32(x + poly)))


BARREL = [(-2, 1672461947), (-1, 1302514674), (0, 790015084),
          (1, 290630308), (2, 39332535), (3, 720401), (4, 242)]


def exp_neg(a, ibits):
    fbits = 31 - ibits
    quarter = 1 << (fbits - 2)
    amq = wrap32((a & (quarter - 1)) - quarter)
    result = exp_quarter(rescale(amq, ibits, 0))
    rem = wrap32(amq - a)
    for expo, mult in BARREL:
        if ibits > expo and rem & (1 << (fbits + expo)):
            result = srdhm(result, mult)
    if ibits > 5 and a < -(1 << (36 - ibits)):
        result = 0
    if a == 0:
        result = INT32_MAX
    return result


def newton_two_over(a):
    """2/(1+a) in Q2.29 for a in Q0.31, three Newton steps."""
    s = a + INT32_MAX
    # (s + sign(s)) / 2 truncated towards zero
    hd = (s + 1) // 2 if s >= 0 else -((-s + 1) // 2)
    x = wrap32(1515870810 + srdhm(hd, -1010580540))
    for _ in range(3):
        t = wrap32((1 << 29) - srdhm(hd, x))
        x = wrap32(x + rescale(srdhm(x, t), 4, 2))
    return x


def logistic_q(a, ibits):
    if a == 0:
        return 1 << 30
    m = abs(a)
    pos = rescale(newton_two_over(exp_neg(-m, ibits)), 1, 0)
    return pos if a > 0 else wrap32(INT32_MAX - pos)


def tanh_q(a, ibits):
    if a == 0:
        return 0
    n = a if a < 0 else -a
    e = exp_neg(n, ibits + 1)
    t = rescale(wrap32(newton_two_over(e) - (1 << 29)), 2, 0)
    return -t if a < 0 else t


def mul_by_qm(x, mult, shift):
    left, right = max(shift, 0), max(-shift, 0)
    return rdivpot(srdhm(wrap32(x << left), mult), right)


def table_s8(op, scale_text, zp):
    scale = f32(scale_text)
    q, shift = math.frexp(scale * 2.0 ** 27)
    mult = int(math.floor(q * 2.0 ** 31 + 0.5))
    radius = math.floor(15 * 2.0 ** 27 / 2.0 ** shift)
    out = bytearray()
    for v in range(-128, 128):
        d = v - zp
        if d <= -radius:
            r = -128
        elif d >= radius:
            r = 127
        else:
            x = mul_by_qm(d, mult, shift)
            if op == 'logistic_s8':
                r = rdivpot(logistic_q(x, 4), 23) - 128
            else:
                r = rdivpot(tanh_q(x, 4), 24)
            r = max(-128, min(127, r))
        out.append(r & 0xFF)
    return bytes(out)


# --- CMSIS-NN int16 activations -------------------------------------------

def sigmoid_table():
    """The device's table: round(65536 sigmoid(i/24)), plus one at these
    indices (data of the device, listed in the notes' terms: 44 entries)."""
    plus_one = {4, 8, 12, 14, 15, 16, 17, 19, 20, 21, 22, 25, 27, 28, 29, 30,
                31, 33, 34, 35, 37, 39, 40, 41, 43, 44, 45, 46, 49, 50, 54,
                62, 63, 64, 66, 82, 86, 93, 100, 103, 112, 116, 135, 255}
    table = []
    for i in range(256):
        v = 65536.0 / (1.0 + math.exp(-i / 24.0))
        table.append(int(math.floor(v + 0.5)) + (1 if i in plus_one else 0))
    return table


def prepare_s16(op, scale):
    lg = math.log2(scale)
    rl = math.floor(lg + 0.5) if lg >= 0 else -math.floor(-lg + 0.5)
    ls = 12 + rl
    if abs(lg - rl) < 1e-3 and (ls == 0 or (op == 'tanh_s16' and ls == 1)):
        return 0, ls
    m = scale * 4096.0 * 3.0
    ls = 0
    while m <= 32767.0 / 2.0 and ls <= 30:
        ls += 1
        m *= 2.0
    return int(m), ls


def table_s16(op, mult, ls, table):
    if mult == 0:
        mult, ls = 3 << ls, 0
    rnd = (1 << (ls - 1)) if ls > 0 else 0
    sig = op == 'sigmoid_s16'
    ish = 9 if sig else 8
    out = bytearray()
    for v in range(-32768, 32768):
        xs = wrap32(wrap32(v * mult) + rnd) >> ls
        a = abs(xs)
        uh = a >> ish
        if uh >= 255:
            r = (0x7FFF << 10) if sig else (0xFFFF << 8)
        else:
            ua, ub = table[uh], table[uh + 1]
            r = (ua << ish) + (a & ((1 << ish) - 1)) * (ub - ua)
        if sig:
            o = ((r + 512) if xs >= 0 else ((1 << 25) - r + 511)) >> 10
        else:
            o = ((r - (1 << 23) + 128) if xs >= 0
                 else (((1 << 23) - r + 127) & 0xFFFFFFFF)) >> 8
        out += struct.pack('<H', o & 0xFFFF)
    return bytes(out)


def parse_row(name):
    parts = name.split(':')
    fields = dict(p.split('=', 1) for p in parts[1:])
    return parts[0], fields


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--golden', required=True)
    ap.add_argument('--refmath')
    args = ap.parse_args()
    try:
        lines = open(args.golden).read().splitlines()
    except OSError as e:
        sys.stderr.write('mcu_port: %s\n' % e)
        return 2
    rows = [l.split() for l in lines if l and not l.startswith('#')]
    table = sigmoid_table()
    fails = checked = 0
    for digest, name in rows:
        op, f = parse_row(name)
        if op in ('logistic_s8', 'tanh_s8'):
            data = table_s8(op, f['scale'], int(f['zp']))
            cli = ['--input-scale', f['scale'], '--input-zero-point', f['zp']]
        else:
            mult, ls = prepare_s16(op, f32(f['scale']))
            if (mult, ls) != (int(f['mult']), int(f['shift'])):
                print('FAIL %s: prepared mult=%d shift=%d' % (name, mult, ls))
                fails += 1
                continue
            data = table_s16(op, mult, ls, table)
            cli = ['--input-multiplier', str(mult), '--input-left-shift', str(ls)]
        got = hashlib.sha256(data).hexdigest()
        ok = got == digest
        if ok and args.refmath:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, 't.bin')
                subprocess.run([args.refmath, 'mcu', 'table', '--op', op] + cli +
                               ['--out', path], check=True)
                ok = open(path, 'rb').read() == data
        checked += 1
        if not ok:
            fails += 1
        print('%-4s %s' % ('ok' if ok else 'FAIL', name))
    print('%d rows, %d failed' % (checked, fails))
    return 1 if fails or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
