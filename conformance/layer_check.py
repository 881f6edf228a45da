#!/usr/bin/env python3
"""Fails when a file includes from a layer above its own.

The layers of docs/architecture.md, bottom up, and what each may include
besides itself.  A file belongs to the layer whose folder is the longest
prefix of its path; an #include "..." of a project path (refmath/...,
simd/..., src/..., tools/..., conformance/..., bench/..., python/...) must name a file
of the same layer or of one it may use.  Includes of other libraries
(hwy/, gtest/, mpfr.h, files beside a cross-build's sources) are not
checked.  The build files are checked too: no CMakeLists.txt outside
conformance/ may name a file under conformance/ (no test source is
compiled into the library or a tool).

usage: layer_check.py ROOT [--pretend FILE:INCLUDE]...
--pretend adds an include line to FILE as if it were there, to show that
the check catches it.  Exit status 0 if every include runs downward, 1
otherwise (one line per offending include), 2 on bad usage.
"""
import os
import re
import sys

# (layer, folders, layers it may include).  Order does not matter.
LIBRARY = ["public", "kernels", "tensor", "core", "base", "binary16", "verify", "ane",
           "ane_algorithms", "mcu", "emulator_io", "conform", "cmdline"]
LAYERS = [
    ("public", ["include/"], []),
    ("kernels", ["simd/"], ["public"]),
    ("tensor", ["src/tensor/"], ["public", "kernels", "core"]),
    ("core", ["src/core/"], ["public", "kernels"]),
    ("base", ["src/base/"], []),
    ("binary16", ["src/binary16/"], ["public"]),
    ("verify", ["src/verify/"], ["public", "base", "binary16"]),
    # The installed emulators: never the verification library (MPFR,
    # OpenSSL), so that a user links them without it.
    ("ane", ["src/ane/"], ["public", "base", "binary16"]),
    ("ane_algorithms", ["src/ane/algorithms/"],
     ["public", "base", "binary16", "ane"]),
    ("mcu", ["src/mcu/"], ["public", "base", "binary16"]),
    ("emulator_io", ["src/emulator_io/"],
     ["public", "base", "binary16", "verify", "ane", "mcu"]),
    ("conform", ["src/conform/"],
     ["public", "base", "binary16", "verify", "ane", "mcu", "emulator_io"]),
    ("cmdline", ["src/cmdline/"], ["public", "base", "verify"]),
    ("cli", ["tools/cli/"], LIBRARY),
    # The Python package's extension: the library, never the CLI's source.
    ("python", ["python/"], LIBRARY),
    # Development tools and benchmarks: the library, never the CLI's or a
    # test's source.
    ("tools", ["tools/", "bench/"], LIBRARY),
    # The tests: the library, never a tool's source.
    ("tests", ["conformance/"], LIBRARY),
]
# Where an include path points ("refmath/x.h" is include/refmath/x.h).
PROJECT_ROOTS = ("refmath/", "simd/", "src/", "tools/", "conformance/",
                 "bench/", "python/")
SOURCE = re.compile(r"\.(c|cc|h|hpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(path):
    best, best_len = None, -1
    for name, folders, _ in LAYERS:
        for folder in folders:
            if path.startswith(folder) and len(folder) > best_len:
                best, best_len = name, len(folder)
    return best


def allowed(name):
    return next(a for n, _, a in LAYERS if n == name)


def included_path(text):
    if not text.startswith(PROJECT_ROOTS):
        return None
    return "include/" + text if text.startswith("refmath/") else text


def source_files(root):
    for top in ("include", "simd", "src", "tools", "bench", "conformance",
                "python"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                full = os.path.join(dirpath, f)
                yield os.path.relpath(full, root), full


def check_includes(root, pretend):
    problems = []
    for rel, full in source_files(root):
        if not SOURCE.search(rel):
            continue
        with open(full, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
        lines += ['#include "%s"' % inc for f, inc in pretend if f == rel]
        own = layer_of(rel)
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            target = included_path(m.group(1)) if m else None
            if target is None or own is None:
                continue
            theirs = layer_of(target)
            if theirs is None or theirs == own or theirs in allowed(own):
                continue
            problems.append("%s:%d: layer %s includes %s (layer %s)" %
                            (rel, number, own, m.group(1), theirs))
    return problems


def check_build_files(root):
    problems = []
    for rel, full in source_files(root):
        if os.path.basename(rel) != "CMakeLists.txt" or rel.startswith(
                "conformance/"):
            continue
        with open(full, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                code = line.split("#", 1)[0]
                if "conformance/" in code:
                    problems.append("%s:%d: a build outside the tests names a "
                                    "test source: %s" % (rel, number,
                                                         code.strip()))
    return problems


def main(argv):
    if len(argv) < 2 or len(argv) % 2 != 0:
        print("usage: layer_check.py ROOT [--pretend FILE:INCLUDE]...",
              file=sys.stderr)
        return 2
    root, pretend = argv[1], []
    for flag, value in zip(argv[2::2], argv[3::2]):
        if flag != "--pretend" or ":" not in value:
            print("layer_check: expected --pretend FILE:INCLUDE, got %r %r" %
                  (flag, value), file=sys.stderr)
            return 2
        pretend.append(tuple(value.split(":", 1)))
    problems = check_includes(root, pretend) + check_build_files(root)
    for p in problems:
        print(p)
    print("layer_check: %d upward include(s) or test source(s) in a build" %
          len(problems) if problems else "layer_check: every include runs "
          "downward")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
