#!/usr/bin/env bash
# `pip install --no-build-isolation .` from a checkout into a virtual
# environment made with --system-site-packages (docs/python.md): the
# package installs, imports from the environment (refmath.tensor too), and
# reproduces golden/.
#
# Usage: pip_install_test.sh SOURCE_DIR SCRATCH_DIR PYTHON
# The sources are copied to SCRATCH_DIR/src (build trees left out) so that
# the checkout stays clean; pip's CMake tree stays there between runs.
set -euo pipefail
src=$1 scratch=$2 python=$3
mkdir -p "$scratch/src"
tar -C "$src" --exclude=./build --exclude='./build-*' --exclude=./.git \
  --exclude='*.egg-info' -cf - . | tar -C "$scratch/src" -xf -
rm -rf "$scratch/venv"
"$python" -m venv --system-site-packages "$scratch/venv"
# Highway's static target alone (-DHWY_COMPILE_ONLY_STATIC, through the
# CXXFLAGS CMake starts from): this test is about the package's build and
# install, and the kernels of every target are the main build's to check;
# compiling one target instead of six halves the test's time.
CXXFLAGS=-DHWY_COMPILE_ONLY_STATIC \
  "$scratch/venv/bin/pip" install --no-build-isolation --no-index -q \
  "$scratch/src" >"$scratch/pip.log" 2>&1 ||
  { echo "pip install failed:"; tail -20 "$scratch/pip.log"; exit 1; }
cd "$scratch"
"$scratch/venv/bin/python" - "$scratch/venv" <<'PY'
import sys
import numpy as np
import refmath
assert refmath.__file__.startswith(sys.argv[1]), refmath.__file__
# exp(0) = 1 and log(1) = +0 exactly, in every variant.
for v in refmath.VARIANTS:
    assert getattr(refmath, v).exp(np.float32(0)).view(np.uint32) == 0x3F800000
    assert getattr(refmath, v).log(np.float32(1)).view(np.uint32) == 0
# The tensor module installed beside them: 2^24 + 1 + 1 is 2^24 in the
# canonical order and the float32 2^24 + 2 correctly rounded.
import refmath.tensor as rt
terms = np.float32([2**24, 1, 1])
assert rt.sum(terms).view(np.uint32) == 0x4B800000
assert rt.sum(terms, mode="correctly_rounded").view(np.uint32) == 0x4B800001
report = refmath.conform()
assert report.passed and report.golden_dir.startswith(sys.argv[1]), report
print("pip-installed refmath", refmath.__version__, "in", sys.argv[1],
      "passes conform:", len(report.rows), "rows")
PY
