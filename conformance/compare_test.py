#!/usr/bin/env python3
"""refmath compare on synthetic dumps with known perturbations: one ulp off,
a sign flipped, NaN instead of a value, float16 and bfloat16 outputs, .npy
files, the report's files (--json, --csv), and malformed files.  The
backend-against-oracle figures and bounds (--max-ulp-vs-oracle) here; the
figures against the truth are proved by compare_truth_test.py and
compare_glibc_test.py.  Stdlib only.

Usage: compare_test.py PATH/TO/refmath"""
import json
import os
import random
import resource
import struct
import subprocess
import sys
import tempfile

from cli_checks import BIN, check, run, verdict





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

def half_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bf16_nearest(b):
    """binary32 bits -> bfloat16 bits, nearest, ties to even (finite b)."""
    low, high = b & 0xFFFF, b >> 16
    return high + (1 if low > 0x8000 or (low == 0x8000 and high & 1) else 0)


def check_reports(p, xs, oracle):
    """--json carries every field users rely on; --csv has a row per input."""
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"),
            "--json", p("r.json"), "--csv", p("r.csv"))
    check(r.returncode == 0, "reports: exit 0: " + r.stderr)
    js = json.load(open(p("r.json")))
    truth_keys = {"max_ulp", "at_index", "at_x", "mean_ulp", "correctly_rounded", "histogram"}
    for who in ("backend", "oracle"):
        check(truth_keys <= set(js[who]["vs_truth"]), "json: %s.vs_truth fields" % who)
        check(sum(js[who]["vs_truth"]["histogram"].values()) == 1000, "json: %s histogram" % who)
    check({"identical", "max_ulp", "at_index"} <= set(js["backend"]["vs_oracle"]),
          "json: backend.vs_oracle fields")
    check(js["backend"]["vs_oracle"]["identical"] == 997, "json: identical")
    check(sum(js["closer"].values()) == 1000 and set(js["closer"]) == {"backend", "oracle", "tie"},
          "json: closer")
    check(js["count"] == 1000 and js["function"] == "tanh" and js["variant"] == "exact",
          "json: count, function, variant")
    check(js["inputs"] == p("x.bin") and js["outputs"] == p("off.bin"), "json: file names")
    version = run("targets").returncode == 0 and js["refmath_version"]
    check(isinstance(version, str) and version.count(".") == 2, "json: refmath_version")
    rows = open(p("r.csv")).read().splitlines()
    check(rows[0] == "index,x,x_bits,backend_bits,oracle_bits,backend_ulp,oracle_ulp",
          "csv: header " + rows[0])
    check(len(rows) == 1001, "csv: a row per input")
    off = read_raw(p("off.bin"))
    for i in (0, 1, 500, 999):
        f = rows[i + 1].split(",")
        check(int(f[0]) == i and int(f[2], 16) == xs[i] and int(f[3], 16) == off[i]
              and int(f[4], 16) == oracle[i], "csv: row %d bits" % i)
        check(struct.unpack("<f", struct.pack("<f", float(f[1])))[0] == b2f(xs[i]), "csv: row %d x" % i)
    # The backend's ulps in the CSV are the ones the summary reports.
    ulps = [float(row.split(",")[5]) for row in rows[1:]]
    check(abs(max(ulps) - js["backend"]["vs_truth"]["max_ulp"]) < 1e-6, "csv: max matches json")
    check(ulps.index(max(ulps)) == js["backend"]["vs_truth"]["at_index"], "csv: argmax matches")


def check_16bit(p, xs, oracle):
    """float16 inputs are widened exactly; float16 and bfloat16 outputs are
    measured in their own ulps, with a default bound of 1."""
    # Inputs: x rounded to binary16, as .npy and raw; the oracle on their
    # exact binary32 values must be what compare evaluates.
    hx = [half_bits(b2f(b)) for b in xs]
    open(p("hx.npy"), "wb").write(npy_bytes("<f2", [1000], struct.pack("<%dH" % 1000, *hx)))
    open(p("hx.raw"), "wb").write(struct.pack("<%dH" % 1000, *hx))
    widened = [f2b(struct.unpack("<e", struct.pack("<H", h))[0]) for h in hx]
    write_raw(p("hx32.bin"), widened)
    assert run("eval", "--function", "tanh", "--in", p("hx32.bin"), "--out", p("hy.bin")).returncode == 0
    for inputs, extra in ((p("hx.npy"), []), (p("hx.raw"), ["--inputs-dtype", "float16"])):
        r = run("compare", "--function", "tanh", "--inputs", inputs, "--outputs", p("hy.bin"), *extra,
                "--max-ulp-vs-oracle", "0")
        check(r.returncode == 0 and stat(r.stdout, "bit-identical") == "1000",
              "float16 inputs widened exactly: " + r.stdout[-300:] + r.stderr)
    # Outputs: the oracle rounded to the format passes the default bound;
    # two steps up does not (1.5 to 2.5 ulp, up to 3.5 where they cross a
    # power of two and the steps double), and passes --max-ulp 4.
    formats = {"float16": [half_bits(b2f(b)) for b in oracle],
               "bfloat16": [bf16_nearest(b) for b in oracle]}
    for name, bits in formats.items():
        up = [b + 2 if b & 0x7FFF else b for b in bits]
        label = "binary16" if name == "float16" else "bfloat16"
        for tag, data in (("nearest", bits), ("up2", up)):
            open(p(tag + ".npy"), "wb").write(
                npy_bytes("<u2", [1000], struct.pack("<%dH" % 1000, *data)))
            open(p(tag + ".raw"), "wb").write(struct.pack("<%dH" % 1000, *data))
        for path in (p("nearest.npy"), p("nearest.raw")):
            r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", path,
                    "--outputs-dtype", name)
            check(r.returncode == 0 and "max ulp (%s)" % label in r.stdout
                  and "within --max-ulp 1," in r.stdout, "%s nearest: %s" % (name, r.stdout[-300:]))
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("up2.npy"),
                "--outputs-dtype", name)
        check(r.returncode == 1 and "beyond --max-ulp 1," in r.stdout, "%s two up: fails" % name)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("up2.raw"),
                "--outputs-dtype", name, "--max-ulp", "4")
        check(r.returncode == 0, "%s two up: passes --max-ulp 4" % name)
        check(1.5 <= float(stat(r.stdout, "max ulp")) <= 3.5, "%s two up: max ulp" % name)
    # uint16 needs its meaning said, and a stated type must fit the file.
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("nearest.npy"))
    check(r.returncode == 2 and "--outputs-dtype bfloat16" in r.stderr, "uint16 unsaid: " + r.stderr)
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("h.npy"),
            "--outputs-dtype", "bfloat16")
    check(r.returncode == 2 and "holds float16 ('<f2'), not bfloat16" in r.stderr, "type clash: " + r.stderr)
    r = run("compare", "--function", "tanh", "--inputs", p("hx.npy"), "--outputs", p("hy.bin"),
            "--inputs-dtype", "float32")
    check(r.returncode == 2 and "not float32 as --inputs-dtype says" in r.stderr, "inputs type clash")
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("y.bin"),
            "--outputs-dtype", "float64")
    check(r.returncode == 2 and "--outputs-dtype must be" in r.stderr, "unknown dtype name")
    open(p("odd.raw"), "wb").write(b"\0" * 2001)
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("odd.raw"),
            "--outputs-dtype", "bfloat16")
    check(r.returncode == 2 and "not a multiple of 2" in r.stderr, "odd raw 16-bit size")


def check_bit_identity(p):
    """A bound of 0 from the oracle means the same bits: a zero of the other
    sign and a NaN of another payload are 0 ulp away but not identical, so
    they have counts of their own, stay out of the histogram's 0 bucket
    and fail --max-ulp-vs-oracle 0 (and only that bound)."""
    xs = [f2b(-200.0), f2b(-150.0), f2b(1.0), 0x7FC00000]
    write_raw(p("z_x.bin"), xs)
    assert run("eval", "--function", "exp", "--in", p("z_x.bin"), "--out", p("z_y.bin")).returncode == 0
    oracle = read_raw(p("z_y.bin"))
    check(oracle[0] == 0 and oracle[1] == 0 and oracle[3] & 0x7FC00000 == 0x7FC00000,
          "bit identity: exp(-200) and exp(-150) are +0, exp(NaN) a NaN")
    bad = list(oracle)
    bad[0] = 0x80000000   # -0 for +0
    bad[3] = 0xFFFFFFFF   # another NaN
    write_raw(p("z_bad.bin"), bad)
    base = ["compare", "--function", "exp", "--inputs", p("z_x.bin"), "--outputs", p("z_bad.bin")]
    r = run(*base, "--max-ulp-vs-oracle", "0", "--json", p("z.json"))
    check(r.returncode == 1 and "FAIL" in r.stdout, "bit identity: bound 0 fails: " + r.stdout[-400:])
    check(stat(r.stdout, "bit-identical") == "2", "bit identity: 2 identical")
    check(stat(r.stdout, "zeros of the other sign") == "1", "bit identity: zero sign counted")
    check(stat(r.stdout, "NaNs of another payload") == "1", "bit identity: NaN payload counted")
    check("histogram                0: 2 " in r.stdout, "bit identity: 0 bucket is the identical count")
    vs = json.load(open(p("z.json")))["backend"]["vs_oracle"]
    check(vs["identical"] == 2 and vs["histogram"]["0"] == 2, "bit identity: json 0 bucket")
    check(vs["zero_sign_differences"] == 1 and vs["nan_payload_differences"] == 1,
          "bit identity: json counts")
    check({w["index"] for w in vs["worst"]} == {0, 3}, "bit identity: both listed as differences")
    r = run(*base, "--max-ulp-vs-oracle", "1")
    check(r.returncode == 0, "bit identity: bound 1 passes (0 ulp away)")
    r = run(*base[:-1], p("z_y.bin"), "--max-ulp-vs-oracle", "0")
    check(r.returncode == 0, "bit identity: the oracle itself passes bound 0")
    # The golden input set with every +0 output of exp flipped to -0.
    assert run("inputs", "--out", p("g_x.bin")).returncode == 0
    assert run("eval", "--function", "exp", "--in", p("g_x.bin"), "--out", p("g_y.bin")).returncode == 0
    outs = read_raw(p("g_y.bin"))
    zeros = outs.count(0)
    write_raw(p("g_neg.bin"), [0x80000000 if b == 0 else b for b in outs])
    r = run("compare", "--function", "exp", "--inputs", p("g_x.bin"), "--outputs", p("g_neg.bin"),
            "--max-ulp-vs-oracle", "0")
    check(zeros > 1000 and r.returncode == 1 and
          stat(r.stdout, "zeros of the other sign") == str(zeros) and
          stat(r.stdout, "bit-identical") == "%d" % (len(outs) - zeros),
          "bit identity: golden set with -0 for +0: %r" % r.stdout[-300:])


def check_stdout_documents(p):
    """'-' for --json or --csv: standard output carries that document alone
    and the text report goes to standard error."""
    base = ["compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin")]
    r = run(*base, "--json", "-")
    check(r.returncode == 0 and json.loads(r.stdout)["count"] == 1000,
          "--json -: stdout parses as the JSON: " + r.stdout[:200])
    check("bit-identical" in r.stderr and r.stderr.rstrip().splitlines()[-1].startswith("NO BOUND SET"),
          "--json -: the report on stderr")
    r = run(*base, "--csv", "-", "--json", p("both.json"))
    rows = r.stdout.splitlines()
    check(r.returncode == 0 and rows[0].startswith("index,x,") and len(rows) == 1001,
          "--csv -: stdout is the CSV alone")
    r = run(*base, "--csv", "-", "--json", "-")
    check(r.returncode == 2 and "name the same file" in r.stderr, "--csv - and --json -: refused")
    r = run("sweep", "--function", "exp", "--range", "0.5:1", "--stride", "100000", "--quiet",
            "--csv", "-")
    rows = r.stdout.splitlines()
    check(r.returncode == 0 and len(rows) == 2 and "," in rows[0] and "histogram" in r.stderr,
          "sweep --csv -: stdout is the CSV alone: %r" % r.stdout[:300])


def check_verdicts_and_label(p):
    """No bound set is said as such, never PASS; --label names the backend
    in the text and the JSON; figures over no finite result are n/a."""
    base = ["compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin")]
    r = run(*base, "--label", "torch", "--json", p("l.json"))
    last = r.stdout.rstrip().splitlines()[-1]
    check(r.returncode == 0 and last.startswith("NO BOUND SET: torch max "), "no bound: " + last)
    check("nearer the truth: torch on " in last and ", refmath exact on " in last,
          "nearer the truth in words: " + last)
    check("against the truth" in r.stdout and " torch " in r.stdout.splitlines()[3],
          "label heads the column")
    js = json.load(open(p("l.json")))
    check(js["label"] == "torch" and js["verdict"] == "no bound set" and js["pass"] is None,
          "no bound: json verdict and label")
    check(js["schema"] == "refmath-compare/1", "json schema")
    r = run(*base, "--max-ulp", "1e9")
    check(r.returncode == 0 and r.stdout.rstrip().splitlines()[-1].startswith("PASS: backend"),
          "a bound kept: PASS")
    r = run(*base, "--label", "")
    check(r.returncode == 2 and "--label" in r.stderr, "empty label refused")
    # A backend that returns NaN everywhere has no finite distance: n/a.
    write_raw(p("allnan.bin"), [0x7FC00000] * 1000)
    r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("allnan.bin"),
            "--json", p("n.json"))
    check(r.returncode == 1 and stat(r.stdout, "max ulp") == "n/a", "all NaN: max ulp n/a")
    check(stat(r.stdout, "max ulp (binary32)") == "n/a", "all NaN: vs oracle n/a")
    js = json.load(open(p("n.json")))
    check(js["backend"]["vs_truth"]["max_ulp"] is None and js["backend"]["vs_truth"]["mean_ulp"] is None
          and js["backend"]["vs_oracle"]["max_ulp"] is None, "all NaN: json nulls")


def check_output_paths(p):
    """--json and --csv never overwrite a dump, never the same file, and an
    unwritable one stops the run before anything is reported."""
    base = ["compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("y.bin")]
    for opt in ("--json", "--csv"):
        r = run(*base, opt, p("x.bin"))
        check(r.returncode == 2 and "would overwrite the input" in r.stderr, opt + " over an input")
        r = run(*base, opt, p("no_such_dir/out"))
        check(r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1,
              opt + " unwritable: " + r.stderr)
    r = run(*base, "--json", p("same"), "--csv", p("same"))
    check(r.returncode == 2 and "name the same file" in r.stderr, "--json and --csv the same")


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
        check("; nearer the truth: backend on 0, refmath exact on 0, equally near on 1000\n" in r.stdout,
              "identical: always equally near the truth")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("y.bin"),
                "--max-ulp-vs-oracle", "0")
        check(r.returncode == 0, "identical: passes --max-ulp-vs-oracle 0")

        # A correctly rounded backend (Python's double tanh rounded to
        # binary32; no input here is near a binary32 midpoint) against the
        # correctly rounded variant as the oracle: identical.
        import math
        write_raw(p("cr.bin"), [f2b(math.tanh(b2f(b))) for b in xs])
        r = run("compare", "--function", "tanh", "--variant", "correct", "--inputs", p("x.bin"),
                "--outputs", p("cr.bin"), "--max-ulp-vs-oracle", "0")
        check(r.returncode == 0, "correct oracle: exit 0")
        check("the oracle: refmath 0.1.0 correct" in r.stdout or "oracle (correct)" in r.stdout,
              "correct oracle: named")
        check(stat(r.stdout, "bit-identical") == "1000", "correct oracle: bit-identical")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("cr.bin"))
        check(stat(r.stdout, "bit-identical") != "1000", "exact oracle: not identical to it")

        # One ulp off at three places (away from zero: bits + 1).
        off = list(oracle)
        picks = [i for i, b in enumerate(oracle) if 0 < (b & 0x7FFFFFFF) < 0x7F000000][:3]
        for i in picks:
            off[i] += 1
        write_raw(p("off.bin"), off)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"),
                "--max-ulp-vs-oracle", "0")
        check(r.returncode == 1, "one ulp: fails at --max-ulp-vs-oracle 0")
        check(stat(r.stdout, "bit-identical") == "997", "one ulp: identical count")
        check(stat(r.stdout, "max ulp (binary32)") == "1.000", "one ulp: max ulp")
        check("<=1: 3 " in r.stdout, "one ulp: histogram bucket <=1")
        check(r.stdout.count(" 1.000 ulp") == 3, "one ulp: three worst entries")
        check("x = 0x%08X" % xs[picks[0]] in r.stdout, "one ulp: names the input")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"),
                "--max-ulp-vs-oracle", "1")
        check(r.returncode == 0, "one ulp: passes at --max-ulp-vs-oracle 1")
        check("1 ulp from the oracle within --max-ulp-vs-oracle 1" in r.stdout,
              "one ulp: verdict names the bound")
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("off.bin"),
                "--max-ulp-vs-oracle", "0.9999999")
        check(r.returncode == 1 and "beyond --max-ulp-vs-oracle 0.9999999" in r.stdout,
              "one ulp: bound in full precision")

        # Sign flipped.
        flip = list(oracle)
        k = next(i for i, b in enumerate(oracle) if b2f(b) > 0.5)
        flip[k] ^= 0x80000000
        write_raw(p("flip.bin"), flip)
        r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("flip.bin"),
                "--max-ulp-vs-oracle", "16", "--worst", "1", "--json", p("flip.json"))
        check(r.returncode == 1, "sign flip: fails")
        check(">16: 1" in r.stdout, "sign flip: bucket >16")
        js = json.load(open(p("flip.json")))
        vs = js["backend"]["vs_oracle"]
        check(vs["worst"][0]["index"] == k and vs["worst"][0]["backend"] == "0x%08X" % flip[k],
              "sign flip: worst entry in json")
        check(js["pass"] is False and vs["histogram"][">16"] == 1, "sign flip: json fields")
        check(vs["at_index"] == k and js["backend"]["vs_truth"]["at_index"] == k,
              "sign flip: the maximum at the flipped index, against both")
        check(js["closer"] == {"backend": 0, "oracle": 1, "tie": 999}, "sign flip: closer")

        # NaN instead of a value.
        nan = list(oracle)
        nan[10] = 0x7FC00000
        nan[20] = 0xFFC00000
        write_raw(p("nan.bin"), nan)
        for bound in ("--max-ulp", "--max-ulp-vs-oracle"):
            r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p("nan.bin"),
                    bound, "1e30")
            check(r.returncode == 1, "NaN: fails whatever the bound " + bound)
            check(stat(r.stdout, "NaN/inf disagreements") == "2", "NaN: counted separately")
            check(stat(r.stdout, "bit-identical") == "998", "NaN: identical count")

        # float16 outputs in .npy: the oracle rounded to binary16 is within
        # half a binary16 ulp.
        halves = struct.pack("<%de" % len(oracle), *[b2f(b) for b in oracle])
        open(p("h.npy"), "wb").write(npy_bytes("<f2", [1000], halves))
        open(p("x.npy"), "wb").write(npy_bytes("<f4", [1000], open(p("x.bin"), "rb").read(), 2))
        r = run("compare", "--function", "tanh", "--inputs", p("x.npy"), "--outputs", p("h.npy"),
                "--max-ulp-vs-oracle", "0.5")
        check(r.returncode == 0, "float16: within 0.5 ulp: " + r.stdout + r.stderr)
        check("(float16)" in r.stdout and "max ulp (binary16)" in r.stdout, "float16: labelled")
        exact = sum(1 for b in oracle
                    if struct.unpack("<e", struct.pack("<e", b2f(b)))[0] == b2f(b))
        check(stat(r.stdout, "bit-identical") == str(exact), "float16: identical count")

        check_reports(p, xs, oracle)
        check_16bit(p, xs, oracle)
        check_output_paths(p)
        check_bit_identity(p)
        check_stdout_documents(p)
        check_verdicts_and_label(p)

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
            "unsupported dtype": (npy_bytes("<c8", [1], b"\0" * 8), "unsupported dtype"),
            "wrong dtype": (npy_bytes("<f8", [1], b"\0" * 8), "wrong dtype '<f8' (float64)"),
            "truncated data": (npy_bytes("<f4", [4], b"\0" * 15), "truncated"),
            "not .npy content": (b"\x93NUMPZ\0", "bad magic"),
        }
        # Files are .npy or raw by their name, as in every command.
        raw_cases = {
            "odd raw size": (b"\x93NUMPZ\0", "not a multiple of 4"),
            "raw name, .npy content": (npy_bytes("<f4", [4], b"\0" * 16),
                                       "looks like a .npy file"),
        }
        for name, table in (("bad.npy", cases), ("bad.bin", raw_cases)):
            for what, (blob, needle) in table.items():
                open(p(name), "wb").write(blob)
                r = run("compare", "--function", "tanh", "--inputs", p("x.bin"), "--outputs", p(name))
                check(r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1,
                      "%s: %r" % (what, r.stderr))
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
                    "--outputs", p("big_y.bin"), "--max-ulp-vs-oracle", "1")
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
            check(r.returncode == 0 and stat(r.stdout, "bit-identical") is not None,
                  "16M values: exit %d, %r" % (r.returncode, r.stderr))
            check(peak < 3 * dumps,
                  "16M values: peak RSS %d MB for %d MB of dumps" % (peak >> 20, dumps >> 20))

    return verdict("compare")


sys.exit(main())
