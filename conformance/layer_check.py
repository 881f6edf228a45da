#!/usr/bin/env python3
"""Fails when a file includes from, or a library links, a layer above its own.

The layers of docs/architecture.md, bottom up, and what each may use
besides itself.  A file belongs to the layer whose folder is the longest
prefix of its path; an #include "..." of a project path (refmath/...,
simd/..., src/..., tools/..., conformance/..., bench/..., python/...) must
name a file of the same layer or of one it may use.  The installed headers
are one layer per product: include/refmath/ itself (the C API), and
refmath/binary16/, refmath/ane/, refmath/mcu/, each usable only where its
product is.  Includes of other libraries (hwy/, gtest/, mpfr.h, files
beside a cross-build's sources) are not checked.  The build files are
checked too: no CMakeLists.txt outside conformance/ may name a file under
conformance/ (no test source is compiled into the library or a tool).

With --links CMAKE the check also configures the tree in a scratch folder
(CMAKE --graphviz) and reads the link graph: every library target belongs
to a layer (TARGETS below) and links only the layers it may use, and no
installed library reaches MPFR or OpenSSL through any path.

usage: layer_check.py ROOT [--links CMAKE] [--pretend FILE:INCLUDE]...
                           [--pretend-link TARGET:LINKED]...
--pretend adds an include line to FILE as if it were there, --pretend-link
a link from one target to another, to show that the check catches it.
Exit status 0 if every include and link runs downward, 1 otherwise (one
line per offending include or link), 2 on bad usage.
"""
import os
import re
import subprocess
import sys
import tempfile

# (layer, folders, layers it may use).  Order does not matter.
LIBRARY = ["api", "binary16_api", "ane_api", "mcu_api", "kernels", "tensor",
           "core", "base", "binary16", "verify", "ane", "ane_algorithms",
           "mcu", "emulator_io", "conform", "cmdline"]
LAYERS = [
    # The installed headers, one layer per product.
    ("api", ["include/refmath/refmath.h", "include/refmath/refmath.hpp",
             "include/refmath/tensor.h", "include/refmath/functions.def"],
     []),
    ("binary16_api", ["include/refmath/binary16/"], []),
    ("ane_api", ["include/refmath/ane/"], ["binary16_api"]),
    ("mcu_api", ["include/refmath/mcu/"], ["binary16_api"]),
    ("kernels", ["simd/"], ["api"]),
    ("tensor", ["src/tensor/"], ["api", "kernels", "base"]),
    # librefmath.a: the C API over the kernels, with the tensor layer's
    # objects in it.
    ("core", ["src/core/"], ["api", "kernels", "tensor", "base"]),
    ("base", ["src/base/"], []),
    ("binary16", ["src/binary16/"], ["binary16_api", "base"]),
    # The verification library calls the C API (refmath_eval_f32).
    ("verify", ["src/verify/"],
     ["api", "binary16_api", "core", "base", "binary16"]),
    # The installed emulators: never the verification library (MPFR,
    # OpenSSL), so that a user links them without it.  They call the C API
    # (refmath_expf) and so link core.
    ("ane", ["src/ane/"],
     ["api", "binary16_api", "ane_api", "core", "base", "binary16"]),
    ("ane_algorithms", ["src/ane/algorithms/"],
     ["api", "binary16_api", "ane_api", "core", "base", "binary16", "ane"]),
    ("mcu", ["src/mcu/"],
     ["api", "binary16_api", "mcu_api", "core", "base", "binary16"]),
    ("emulator_io", ["src/emulator_io/"],
     ["api", "binary16_api", "ane_api", "mcu_api", "core", "base",
      "binary16", "verify", "ane", "mcu"]),
    ("conform", ["src/conform/"],
     ["api", "binary16_api", "ane_api", "mcu_api", "core", "base",
      "binary16", "verify", "ane", "ane_algorithms", "mcu", "emulator_io"]),
    # The option parser: no MPFR, no OpenSSL.
    ("cmdline", ["src/cmdline/"], ["api", "core", "base"]),
    ("cli", ["tools/cli/"], LIBRARY),
    # The Python package's extension: the library, never the CLI's source.
    ("python", ["python/"], LIBRARY),
    # Development tools and benchmarks: the library, never the CLI's or a
    # test's source.
    ("tools", ["tools/", "bench/"], LIBRARY),
    # The tests: the library, never a tool's source.
    ("tests", ["conformance/"], LIBRARY),
]
# The library targets of the build and their layers.  A library target not
# listed here fails the link check: a new one gets its row.
TARGETS = {
    "refmath_exact_kernels": "kernels", "refmath_fast_kernels": "kernels",
    "refmath_correct_kernels": "kernels",
    "refmath_correct_quick_kernels": "kernels",
    "refmath_correct_bounds": "kernels",
    "refmath_tensor_exact": "tensor", "refmath_tensor_fast": "tensor",
    "refmath_tensor_api": "tensor",
    "refmath": "core", "refmath_base": "base", "refmath_binary16": "binary16",
    "refmath_verify": "verify", "refmath_ane": "ane",
    "refmath_ane_algorithms": "ane_algorithms", "refmath_mcu": "mcu",
    "refmath_emulator_io": "emulator_io", "refmath_conform": "conform",
    "refmath_cmdline": "cmdline",
    # Tools' and tests' own libraries: above every library layer.
    "refmath_core_math_peer": "tools", "refmath_fma_control": "tests",
}
# The installed libraries and the option parser, which must not reach
# these through any link.
WITHOUT_TOOL_DEPENDENCIES = [
    "refmath", "refmath_base", "refmath_binary16", "refmath_ane",
    "refmath_ane_algorithms", "refmath_mcu", "refmath_cmdline"]
TOOL_DEPENDENCIES = ["OpenSSL::Crypto", "PkgConfig::MPFR"]
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


NODE = re.compile(r'^\s*"(node\d+)" \[ label = "([^"\\]+)[^"]*", shape = (\w+)')
EDGE = re.compile(r'^\s*"(node\d+)" -> "(node\d+)"')


def link_graph(root, cmake):
    """{target: set(linked targets)} of a configure of ROOT, and the kinds."""
    with tempfile.TemporaryDirectory(prefix="layer_check.") as scratch:
        dot = os.path.join(scratch, "deps.dot")
        run = subprocess.run(
            [cmake, "-S", root, "-B", os.path.join(scratch, "build"),
             "--graphviz=" + dot], stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        if run.returncode != 0 or not os.path.exists(dot):
            raise RuntimeError("configuring for the link graph failed:\n" +
                               run.stderr[-2000:])
        with open(dot, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    names, kinds, graph = {}, {}, {}
    for line in lines:
        m = NODE.match(line)
        if m:
            names[m.group(1)] = m.group(2)
            kinds[m.group(2)] = m.group(3)
    for line in lines:
        m = EDGE.match(line)
        if m and m.group(1) in names and m.group(2) in names:
            graph.setdefault(names[m.group(1)], set()).add(names[m.group(2)])
    return graph, kinds


def reaches(graph, start):
    seen, todo = set(), [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def check_links(graph, kinds):
    """Library targets link only layers they may use; installed ones reach
    no tool dependency."""
    problems = []
    for target in sorted(graph):
        # Executables (egg) and modules sit above every library layer.
        library = kinds.get(target) in ("octagon", "hexagon", "doubleoctagon",
                                        "tripleoctagon")
        own = TARGETS.get(target)
        if own is None:
            if library and target.startswith("refmath"):
                problems.append("link: library target %s has no layer in "
                                "layer_check.py's TARGETS" % target)
            continue
        for linked in sorted(graph[target]):
            theirs = TARGETS.get(linked)
            if theirs is None or theirs == own or theirs in allowed(own):
                continue
            problems.append("link: %s (layer %s) links %s (layer %s)" %
                            (target, own, linked, theirs))
    for target in WITHOUT_TOOL_DEPENDENCIES:
        for dep in TOOL_DEPENDENCIES:
            if dep in reaches(graph, target):
                problems.append("link: %s reaches %s" % (target, dep))
    return problems


def main(argv):
    args = argv[1:]
    if not args or args[0].startswith("--"):
        return usage()
    root, cmake, pretend, pretend_links = args[0], None, [], []
    rest = args[1:]
    if len(rest) % 2 != 0:
        return usage()
    for flag, value in zip(rest[::2], rest[1::2]):
        if flag == "--links":
            cmake = value
        elif flag in ("--pretend", "--pretend-link") and ":" in value:
            (pretend if flag == "--pretend" else pretend_links).append(
                tuple(value.split(":", 1)))
        else:
            return usage("unexpected %r %r" % (flag, value))
    problems = check_includes(root, pretend) + check_build_files(root)
    if cmake is not None:
        try:
            graph, kinds = link_graph(root, cmake)
        except (OSError, RuntimeError) as e:
            print("layer_check: %s" % e, file=sys.stderr)
            return 2
        for target, linked in pretend_links:
            graph.setdefault(target, set()).add(linked)
        problems += check_links(graph, kinds)
    for p in problems:
        print(p)
    if problems:
        print("layer_check: %d upward include(s), link(s) or test source(s) "
              "in a build" % len(problems))
    else:
        print("layer_check: every include%s runs downward" %
              (" and link" if cmake else ""))
    return 1 if problems else 0


def usage(problem=None):
    if problem:
        print("layer_check: %s" % problem, file=sys.stderr)
    print("usage: layer_check.py ROOT [--links CMAKE] [--pretend FILE:INCLUDE]... "
          "[--pretend-link TARGET:LINKED]...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
