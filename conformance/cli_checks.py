"""What the Python tests of the refmath tool share: check() records a
failure and goes on, run() runs the refmath binary named first on the
command line, verdict() prints the tally and gives the exit status."""
import subprocess
import sys

BIN = sys.argv[1]
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True)


def verdict(name):
    print("%d failure(s)" % len(FAILURES) if FAILURES else "%s: all checks passed" % name)
    return 1 if FAILURES else 0
