#!/usr/bin/env python3
"""refmath conform / hash / inputs: the runner passes against golden/, a
tampered or incomplete golden directory makes it fail naming the row (exit
1), a missing, unreadable or malformed golden file is bad input (exit 2),
and the hash and inputs commands reproduce the golden rows by hand.

Usage: conform_test.py PATH/TO/refmath GOLDEN_DIR"""
import hashlib
import json
import os
import shutil
import sys
import tempfile

from cli_checks import check, run, verdict

GOLDEN = sys.argv[2]




def golden_rows(path):
    rows = {}
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            digest, name = line.split()
            rows[name] = digest
    return rows


def main():
    rows = golden_rows(os.path.join(GOLDEN, "exact.sha256"))
    # The correct variant's functions: the rows of its golden file.
    n_correct = len(golden_rows(os.path.join(GOLDEN, "correct.sha256"))) - 1
    targets = run("targets").stdout.split()
    fast_targets = run("targets", "--variant", "fast").stdout.split()
    correct_targets = run("targets", "--variant", "correct").stdout.split()
    with tempfile.TemporaryDirectory() as tmp:
        # The main job passes and its JSON says the same.
        report = os.path.join(tmp, "report.json")
        r = run("conform", "--golden", GOLDEN, "--json", report)
        check(r.returncode == 0, "conform exits 0: " + r.stdout[-300:] + r.stderr)
        check(r.stdout.rstrip().splitlines()[-1].startswith("PASS: "), "verdict line")
        data = json.load(open(report))
        check(data["verdict"] == "pass", "json verdict")
        check(data["schema"] == "refmath-conform/1", "json schema")
        # '-': standard output carries the JSON alone, the table goes to stderr.
        r = run("conform", "--golden", GOLDEN, "--quiet", "--json", "-")
        check(r.returncode == 0 and json.loads(r.stdout)["verdict"] == "pass",
              "--json -: stdout is the JSON alone: " + r.stdout[:200])
        check(r.stderr.rstrip().splitlines()[-1].startswith("PASS: "),
              "--json -: the table and verdict on stderr")
        # The nine functions of the specification in every variant, the
        # correctly rounded libm's in the correct variant.
        check(n_correct >= 27, "correct.sha256 has a row per function")
        check(len(data["rows"]) ==
              9 * (len(targets) + len(fast_targets)) + n_correct * len(correct_targets),
              "one row per function, variant and target: %d" % len(data["rows"]))
        check(not any(r["function"] == "exp2" and r["variant"] != "correct"
                      for r in data["rows"]), "exp2 in the correct variant alone")
        check({r["variant"] for r in data["rows"]} == {"exact", "fast", "correct"},
              "every variant")
        check(all(row["match"] for row in data["rows"]), "all rows match")

        # --target: only the rows on the listed targets, the tensor rows
        # among them, and none of the ANE and MCU rows (which run on no
        # target); a target no variant can run on here is bad input.
        only = os.path.join(tmp, "only.json")
        r = run("conform", "--golden", GOLDEN, "--quiet", "--target", "scalar",
                "--json", only)
        odata = json.load(open(only))
        check(r.returncode == 0 and odata["verdict"] == "pass", "--target scalar passes")
        check({row["target"] for row in odata["rows"]} == {"scalar"} and
              len(odata["rows"]) == 9 + 9 + n_correct, "--target scalar: its rows alone")
        check({row["module"] for row in odata["module_rows"]} == {"tensor"},
              "--target scalar: the tensor rows, not the ANE and MCU ones")
        if len(targets) > 1:
            r = run("conform", "--golden", GOLDEN, "--quiet", "--target",
                    "scalar," + targets[-1])
            check(r.returncode == 0 and
                  {l.split()[2] for l in r.stdout.splitlines()
                   if len(l.split()) > 3 and l.split()[3] == "yes"
                   and l.split()[1] in ("exact", "fast", "correct")}
                  == {"scalar", targets[-1]}, "--target with two targets")
        for bad_target, needle in (("neon" if "neon" not in targets else "sse4",
                                    "no variant can run on it here"),
                                   ("turbo", "unknown target"),
                                   ("scalar,", "unknown target")):
            r = run("conform", "--golden", GOLDEN, "--target", bad_target)
            check(r.returncode == 2 and needle in r.stderr and r.stdout == "",
                  "--target %s: exit %d %r" % (bad_target, r.returncode, r.stderr))

        # One changed byte in one digest: that row fails, by name.
        bad = os.path.join(tmp, "tampered")
        shutil.copytree(GOLDEN, bad)
        text = open(os.path.join(bad, "exact.sha256")).read()
        d = rows["tanh"]
        tampered = d[:10] + ("0" if d[10] != "0" else "1") + d[11:]
        open(os.path.join(bad, "exact.sha256"), "w").write(text.replace(d, tampered))
        r = run("conform", "--golden", bad)
        check(r.returncode == 1, "tampered golden: exit 1, got %d" % r.returncode)
        failed = [l for l in r.stdout.splitlines() if " NO " in l]
        check(len(failed) == len(targets) and
              all(l.startswith("tanh ") and " exact " in l for l in failed),
              "only the exact tanh rows fail: %r" % failed)
        check("no target here reproduces it" in r.stdout, "tampered: note")
        check(r.stdout.rstrip().splitlines()[-1].startswith("FAIL: "), "tampered: verdict")

        # A missing row and a missing file are failures too.
        open(os.path.join(bad, "exact.sha256"), "w").write(
            "".join(l for l in text.splitlines(True) if not l.rstrip().endswith("  erf")))
        r = run("conform", "--golden", bad)
        check(r.returncode == 1 and "no golden digest for this function" in r.stdout,
              "missing row")

        # Golden files that cannot be read are bad input (exit 2, one line,
        # nothing on stdout, no JSON), not a failed check.
        def bad_input(r, needle, what):
            check(r.returncode == 2 and r.stderr.count("\n") == 1 and needle in r.stderr
                  and r.stdout == "", "%s: exit %d, %r" % (what, r.returncode, r.stderr))
        nowhere_json = os.path.join(tmp, "nowhere.json")
        r = run("conform", "--golden", os.path.join(tmp, "nowhere"), "--json", nowhere_json)
        bad_input(r, "nowhere/exact.sha256: cannot open", "missing golden dir")
        check(not os.path.exists(nowhere_json), "missing golden dir: JSON written")
        bad_input(run("conform", "--golden", ""), "--golden needs a directory", "--golden ''")
        os.chmod(os.path.join(bad, "exact.sha256"), 0)
        if not os.access(os.path.join(bad, "exact.sha256"), os.R_OK):  # not as root
            bad_input(run("conform", "--golden", bad), "cannot open", "unreadable golden file")
        os.chmod(os.path.join(bad, "exact.sha256"), 0o644)
        open(os.path.join(bad, "exact.sha256"), "w").write("zz  tanh\n")
        bad_input(run("conform", "--golden", bad), "exact.sha256:1: not a lower-case hex",
                  "malformed golden line")
        # One rule (docs/golden-hashes.md): a file that is not a golden
        # file is bad input (2) however it is broken; a golden file whose
        # rows differ from this build's is a failed check (1).
        for what, content, needle in (
                ("empty file", "", "no digest rows"),
                ("comments only", "# nothing\n", "no digest rows"),
                ("cut short", text[:len(text) // 2].rstrip("\n"), "cut short"),
                ("cut inside a digest", text[:text.index(rows["tanh"]) + 10], "cut short"),
                ("a name twice", text + "%s  tanh\n" % rows["tanh"], "listed twice"),
                ("three fields", text.replace("  tanh\n", "  tanh x\n"), "expected 'DIGEST  NAME'")):
            open(os.path.join(bad, "exact.sha256"), "w").write(content)
            bad_input(run("conform", "--golden", bad), needle, "broken golden file: " + what)
        open(os.path.join(bad, "exact.sha256"), "w").write(text + "%s  no_such_fn\n" % ("0" * 64))
        r = run("conform", "--golden", bad)
        check(r.returncode == 1 and "'no_such_fn' is not computed by this build" in r.stdout,
              "a row this build does not compute: exit 1, %r" % r.stdout[-300:])
        open(os.path.join(bad, "exact.sha256"), "w").write(text)

        # The modules' golden files (golden/ane-fp16, ane-ops, mcu, mcu-layers, tensor .sha256):
        # every row present and matching; a changed, missing or stale row fails.
        data_rows = data["module_rows"]
        for module in ("ane-fp16", "ane-ops", "mcu", "mcu-layers", "tensor"):
            mrows = golden_rows(os.path.join(GOLDEN, module + ".sha256"))
            got = {r["row"]: r for r in data_rows if r["module"] == module}
            check(set(got) == set(mrows) and all(r["match"] for r in got.values()),
                  "%s: every golden row computed and matching" % module)
        mod = os.path.join(tmp, "modules")
        shutil.copytree(GOLDEN, mod)
        mpath = os.path.join(mod, "mcu.sha256")
        mtext = open(mpath).read()
        name, digest = next(iter(golden_rows(mpath).items()))
        open(mpath, "w").write(mtext.replace(digest, digest[::-1]))
        r = run("conform", "--golden", mod)
        failed = [l for l in r.stdout.splitlines() if l.startswith("mcu ") and " NO " in l]
        check(r.returncode == 1 and len(failed) == 1 and name in failed[0],
              "changed module row fails by name: %r" % failed)
        open(mpath, "w").write("".join(
            l for l in mtext.splitlines(True) if not l.rstrip().endswith("  " + name)))
        r = run("conform", "--golden", mod)
        check(r.returncode == 1 and "(no golden row)" in r.stdout, "missing module row")
        open(mpath, "w").write(mtext + "%s  not_a_row\n" % ("0" * 64))
        r = run("conform", "--golden", mod)
        check(r.returncode == 1 and "'not_a_row' is not computed by this build" in r.stdout,
              "stale module row")
        os.remove(mpath)
        bad_input(run("conform", "--golden", mod), "mcu.sha256: cannot open",
                  "missing module file")

        # Reproducing rows by hand.
        for name in ("exp", "gelu_tanh"):
            for t in ("scalar", targets[-1]):
                r = run("hash", "--function", name, "--target", t)
                check(r.returncode == 0 and r.stdout.split()[0] == rows[name],
                      "hash %s on %s" % (name, t))
        inputs = os.path.join(tmp, "inputs.bin")
        check(run("inputs", "--out", inputs).returncode == 0, "inputs command")
        blob = open(inputs, "rb").read()
        check(hashlib.sha256(blob).hexdigest() == rows["inputs"], "inputs digest (hashlib)")
        check(len(blob) // 4 >= 1047809, "inputs size")
        check(run("hash", "--function", "inputs").stdout.split()[0] == rows["inputs"],
              "hash --function inputs")
        r = run("hash", "--function", "nope")
        check(r.returncode == 2 and "unknown function" in r.stderr, "hash: unknown function")
        for opt, value in (("--variant", "bogus"), ("--target", "neon"), ("--variant", "exact")):
            r = run("hash", "--function", "inputs", opt, value)
            check(r.returncode == 2 and "do not apply to --function inputs" in r.stderr
                  and r.stdout == "", "hash inputs %s %s: %r" % (opt, value, r.stderr))

    return verdict("conform")


sys.exit(main())
