#!/usr/bin/env python3
"""The examples of the docs run as they are written, so they cannot go stale.

Python: every fenced block of a Markdown file that holds `>>>` lines is a
doctest; a file's blocks run in order in one namespace (later examples use
earlier names), in a scratch directory, with ELLIPSIS and
NORMALIZE_WHITESPACE.  C and C++: every ```c and ```c++ (or ```cpp) block
is an example, compiled with warnings as errors and linked against the
built libraries; one without a main() is a fragment, put in one after its
#include lines.  Listings of a header's declarations are fenced ```h and
are not compiled.

usage: doc_examples_test.py python FILE.md...
       doc_examples_test.py c BUILD_DIR SOURCE_DIR FILE.md...
Exit status 0 if every example passes, 1 otherwise."""
import doctest
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```([\w+]*)\n(.*?)^```", re.M | re.S)


def blocks(path, languages):
    text = open(path, encoding="utf-8").read()
    for m in FENCE.finditer(text):
        if m.group(1) in languages:
            yield text.count("\n", 0, m.start()) + 2, m.group(1), m.group(2)


def run_python(paths):
    failed = 0
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for path in map(os.path.abspath, paths):
        runner = doctest.DocTestRunner(optionflags=flags)
        globs = {"__name__": "__doc_examples__"}
        with tempfile.TemporaryDirectory() as tmp:
            cwd = os.getcwd()
            os.chdir(tmp)
            try:
                for line, _, code in blocks(path, ("python", "")):
                    if ">>>" not in code:
                        continue
                    test = doctest.DocTestParser().get_doctest(
                        code, globs, os.path.basename(path), path, line - 1)
                    runner.run(test, clear_globs=False)
                    globs.update(test.globs)  # a DocTest runs in a copy
            finally:
                os.chdir(cwd)
        result = runner.summarize(verbose=False)
        print("%s: %d examples, %d failed" % (path, result.attempted, result.failed))
        failed += result.failed
    return failed


def wrapped(language, code):
    """A compilable translation unit for a block: itself, or a fragment in
    a main() after the headers it includes."""
    if re.search(r"\bint\s+main\s*\(", code):
        return code
    includes = "".join(l + "\n" for l in code.splitlines() if l.startswith("#include"))
    body = "".join(l + "\n" for l in code.splitlines() if not l.startswith("#include"))
    std = "#include <stdio.h>\n" if language == "c" else "#include <cstdio>\n"
    return "%s%sint main(void) {\n%s  return 0;\n}\n" % (std, includes, body)


def run_c(build, source, paths):
    failed = checked = 0
    libs = {
        "c": ["%s/librefmath.a" % build, "-lhwy", "-lstdc++", "-lm", "-pthread"],
        "cpp": ["%s/src/ane/algorithms/librefmath_ane_algorithms.a" % build,
                "%s/src/ane/librefmath_ane.a" % build,
                "%s/src/mcu/librefmath_mcu.a" % build,
                "%s/src/binary16/librefmath_binary16.a" % build,
                "%s/src/base/librefmath_base.a" % build,
                "%s/librefmath.a" % build, "-lhwy", "-lm", "-pthread"],
    }
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            for line, language, code in blocks(path, ("c", "cpp", "c++")):
                checked += 1
                language = "c" if language == "c" else "cpp"
                ext = ".c" if language == "c" else ".cc"
                src = os.path.join(tmp, "example%d%s" % (checked, ext))
                open(src, "w").write(wrapped(language, code))
                compiler = (["cc", "-std=c99"] if language == "c"
                            else ["c++", "-std=c++20"])
                cmd = compiler + ["-Wall", "-Wextra", "-Werror", "-Wno-unused",
                                  "-I%s/include" % source, src, "-o", src + ".out"]
                r = subprocess.run(cmd + libs[language], capture_output=True, text=True)
                if r.returncode != 0:
                    failed += 1
                    print("FAIL: %s:%d (%s) does not build:\n%s" %
                          (path, line, language, r.stderr[-2000:]))
    print("C/C++ examples: %d built, %d failed" % (checked - failed, failed))
    return failed


def main(argv):
    if len(argv) >= 3 and argv[1] == "python":
        return 1 if run_python(argv[2:]) else 0
    if len(argv) >= 5 and argv[1] == "c":
        return 1 if run_c(argv[2], argv[3], argv[4:]) else 0
    print(__doc__.split("\n\n")[-2], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
