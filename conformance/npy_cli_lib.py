"""Shared by the NumPy checks of the emulator subcommands over .npy files
(conformance/ane/npy_cli_test.py, conformance/mcu/npy_cli_test.py): running
refmath, the failure list, and the check that a bad input gives one line
on stderr, exit status 2, nothing on stdout and no output file."""
import os
import subprocess
import sys
import tempfile

import numpy as np


class Cli:
    def __init__(self, binary, name):
        self.binary = binary
        self.name = name
        self.failures = 0
        self.checks = 0
        self._dir = tempfile.TemporaryDirectory()

    def path(self, name):
        return os.path.join(self._dir.name, name)

    def save(self, name, array):
        path = self.path(name + ".npy")
        np.save(path, array)
        return path

    def run(self, *args):
        return subprocess.run([self.binary, *map(str, args)], capture_output=True, text=True)

    def check(self, cond, what):
        self.checks += 1
        if not cond:
            self.failures += 1
            print("FAIL:", what)

    def ok(self, *args):
        """Runs refmath; the run must succeed.  Returns its stdout."""
        r = self.run(*args)
        self.check(r.returncode == 0, "exit %d: %s: %s" % (r.returncode, " ".join(map(str, args)),
                                                           r.stderr.strip()))
        return r.stdout

    def bits(self, path):
        """The bit patterns of an .npy output, as unsigned integers."""
        a = np.load(path)
        return a.view("u%d" % a.dtype.itemsize)

    def expect_bits(self, what, path, want):
        """The output at `path` has want's dtype, shape and bits."""
        got = np.load(path)
        want = np.asarray(want)
        same = got.dtype == want.dtype and got.shape == want.shape and np.array_equal(
            got.view("u%d" % got.itemsize), want.view("u%d" % want.itemsize))
        self.check(same, "%s: got %s %s %s, want %s %s %s" % (
            what, got.dtype, got.shape, got.ravel()[:8], want.dtype, want.shape, want.ravel()[:8]))

    def expect_error(self, what, pattern, *args, status=2, output=None):
        """One line on stderr containing `pattern`, the exit status, no
        stdout, and no file at `output` (default: the value of --out)."""
        args = list(map(str, args))
        if output is None and "--out" in args:
            output = args[args.index("--out") + 1]
        if output is not None and os.path.exists(output):
            os.remove(output)
        r = self.run(*args)
        lines = r.stderr.splitlines()
        self.check(r.returncode == status, "%s: exit %d, want %d (%s)" % (
            what, r.returncode, status, r.stderr.strip()))
        self.check(len(lines) == 1 and pattern in lines[0],
                   "%s: stderr %r lacks %r" % (what, r.stderr, pattern))
        self.check(r.stdout == "", "%s: wrote to stdout: %r" % (what, r.stdout[:200]))
        if output is not None:
            self.check(not os.path.exists(output), "%s: left %s behind" % (what, output))

    def finish(self):
        print("%s: %d checks, %d failure(s)" % (self.name, self.checks, self.failures))
        self._dir.cleanup()
        sys.exit(1 if self.failures else 0)
