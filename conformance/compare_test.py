#!/usr/bin/env python3
"""refmath compare on synthetic dumps with known perturbations: one ulp off,
a sign flipped, NaN instead of a value, float16 outputs, .npy files, and
malformed files.  Stdlib only.

Usage: compare_test.py PATH/TO/refmath"""
import json
import os
import random
import resource
import struct
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True)


def write_raw(path, bits):
    open(path, "wb").write(struct.pack("<%dI" % len(bits), *bits))


def read_raw(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%dI" % (len(data) // 4), data))


def npy_bytes(descr, shape, payload, version=1):
    shape_text = "(%s)" % ("".join("%d," % s for s in shape) if len(shape) == 1
                           else ", ".join(str(s) for s in shape))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    pre = 10 if version == 1 else 12
    header += " " * ((64 - (pre + len(header) + 1) % 64) % 64) + "\n"
    length = struct.pack("<H", len(header)) if version == 1 else struct.pack("<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + length + header.encode() + payload


def f2b(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def stat(out, label):
    for line in out.splitlines():
        if line.strip().startswith(label):
            return line.split()[len(label.split())]
    return None


def main():
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        p = lambda name: os.path.join(tmp, name)
        xs = [f2b(rng.uniform(-4, 4)) for _ in range(1000)]
        write_raw(p("x.bin"), xs)
        assert run("eval", "--function", "tanh", "--in", p("x.bin"), "--out", p("y.bin")).returncode == 0
        oracle = read_raw(p("y.bin"))

        # Identical.
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("y.bin"))
        check(r.returncode == 0, "identical: exit 0")
        check(stat(r.stdout, "bit-identical") == "1000", "identical: count")
        check(stat(r.stdout, "max ulp (binary32)") == "0.000", "identical: max ulp")

        # One ulp off at three places (away from zero: bits + 1).
        off = list(oracle)
        picks = [i for i, b in enumerate(oracle) if 0 < (b & 0x7FFFFFFF) < 0x7F000000][:3]
        for i in picks:
            off[i] += 1
        write_raw(p("off.bin"), off)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"))
        check(r.returncode == 1, "one ulp: fails at --max-ulp 0")
        check(stat(r.stdout, "bit-identical") == "997", "one ulp: identical count")
        check(stat(r.stdout, "max ulp (binary32)") == "1.000", "one ulp: max ulp")
        check("<=1: 3 " in r.stdout, "one ulp: histogram bucket <=1")
        check(r.stdout.count(" 1.000 ulp") == 3, "one ulp: three worst entries")
        check("x = 0x%08X" % xs[picks[0]] in r.stdout, "one ulp: names the input")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"),
                "--max-ulp", "1")
        check(r.returncode == 0, "one ulp: passes at --max-ulp 1")

        # Sign flipped.
        flip = list(oracle)
        k = next(i for i, b in enumerate(oracle) if b2f(b) > 0.5)
        flip[k] ^= 0x80000000
        write_raw(p("flip.bin"), flip)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("flip.bin"),
                "--max-ulp", "16", "--worst", "1", "--json", p("flip.json"))
        check(r.returncode == 1, "sign flip: fails")
        check(">16: 1" in r.stdout, "sign flip: bucket >16")
        js = json.load(open(p("flip.json")))
        check(js["worst"][0]["index"] == k and js["worst"][0]["backend"] == "0x%08X" % flip[k],
              "sign flip: worst entry in json")
        check(js["pass"] is False and js["histogram"][">16"] == 1, "sign flip: json fields")

        # NaN instead of a value.
        nan = list(oracle)
        nan[10] = 0x7FC00000
        nan[20] = 0xFFC00000
        write_raw(p("nan.bin"), nan)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("nan.bin"),
                "--max-ulp", "1e30")
        check(r.returncode == 1, "NaN: fails whatever the bound")
        check(stat(r.stdout, "NaN/inf disagreements") == "2", "NaN: counted separately")
        check(stat(r.stdout, "bit-identical") == "998", "NaN: identical count")

        # float16 outputs in .npy: the oracle rounded to binary16 is within
        # half a binary16 ulp.
        halves = struct.pack("<%de" % len(oracle), *[b2f(b) for b in oracle])
        open(p("h.npy"), "wb").write(npy_bytes("<f2", [1000], halves))
        open(p("x.npy"), "wb").write(npy_bytes("<f4", [1000], open(p("x.bin"), "rb").read(), 2))
        r = run("compare", "--function", "tanh", "--inputs", p("x.npy"), "--outputs", p("h.npy"),
                "--max-ulp", "0.5")
        check(r.returncode == 0, "float16: within 0.5 ulp: " + r.stdout + r.stderr)
        check("(float16)" in r.stdout and "max ulp (binary16)" in r.stdout, "float16: labelled")
        exact = sum(1 for b in oracle
                    if struct.unpack("<e", struct.pack("<e", b2f(b)))[0] == b2f(b))
        check(stat(r.stdout, "bit-identical") == str(exact), "float16: identical count")

        # Shapes.
        open(p("x2.npy"), "wb").write(npy_bytes("<f4", [10, 100], open(p("x.bin"), "rb").read()))
        open(p("y2.npy"), "wb").write(npy_bytes("<f4", [100, 10], open(p("y.bin"), "rb").read()))
        r = run("compare", "--function", "tanh", "--inputs", p("x2.npy"), "--outputs", p("y2.npy"))
        check(r.returncode == 2 and "shape mismatch: inputs (10, 100), outputs (100, 10)" in r.stderr,
              "shape mismatch: " + r.stderr)
        write_raw(p("short.bin"), oracle[:999])
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("short.bin"))
        check(r.returncode == 2 and "shape mismatch" in r.stderr, "count mismatch")

        # Malformed files: one line on stderr, exit 2.
        cases = {
            "truncated header": (npy_bytes("<f4", [4], b"")[:20], "truncated"),
            "unsupported dtype": (npy_bytes("<f8", [1], b"\0" * 8), "unsupported dtype"),
            "truncated data": (npy_bytes("<f4", [4], b"\0" * 15), "truncated"),
            "odd raw size": (b"\x93NUMPZ\0", "not a multiple of 4"),
        }
        for what, (blob, needle) in cases.items():
            open(p("bad.npy"), "wb").write(blob)
            r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("bad.npy"))
            check(r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1,
                  "%s: %r" % (what, r.stderr))
        open(p("h_in.npy"), "wb").write(npy_bytes("<f2", [1000], halves))
        r = run("compare", "--function", "tanh", "--inputs", p("h_in.npy"), "--outputs", p("y.bin"))
        check(r.returncode == 2 and "inputs must be float32" in r.stderr, "float16 inputs refused")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("y.bin"),
                "--max-ulp", "-1")
        check(r.returncode == 2 and "--max-ulp" in r.stderr, "negative --max-ulp")

        # Memory: the two dumps plus a chunk, not a copy per stage and an
        # entry per differing element (24 + 16 bytes per value before).
        # 16M values, every one 1 ulp off; peak RSS under 3x the dumps' size.
        # Skipped for a sanitizer build, whose shadow memory and quarantine
        # would dominate.
        sanitized = "libasan" in subprocess.run(["ldd", BIN], capture_output=True,
                                                text=True).stdout
        if not sanitized:
            reps = 16384
            big_x = struct.pack("<%dI" % len(xs), *xs) * reps
            off_all = [b + 1 if 0 < (b & 0x7FFFFFFF) < 0x7F000000 else b for b in oracle]
            big_y = struct.pack("<%dI" % len(off_all), *off_all) * reps
            open(p("big_x.bin"), "wb").write(big_x)
            open(p("big_y.bin"), "wb").write(big_y)
            dumps = len(big_x) + len(big_y)
            del big_x, big_y
            r = run("compare", "--function", "tanh", "--inputs", p("big_x.bin"),
                    "--outputs", p("big_y.bin"), "--max-ulp", "1")
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
            check(r.returncode == 0 and stat(r.stdout, "bit-identical") is not None,
                  "16M values: exit %d, %r" % (r.returncode, r.stderr))
            check(peak < 3 * dumps,
                  "16M values: peak RSS %d MB for %d MB of dumps" % (peak >> 20, dumps >> 20))

    print("%d failure(s)" % len(FAILURES) if FAILURES else "compare: all checks passed")
    return 1 if FAILURES else 0


sys.exit(main())
