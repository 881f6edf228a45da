#!/usr/bin/env bash
# One command for docs/tensor-performance.md: build the library (build/),
# unpack Debian's OpenBLAS into build-bench/openblas, and run
# bench/tensor_bench.py beside numpy and PyTorch (about 5 minutes).
#   bench/tensor_run.sh [--quick]
# OpenBLAS is unpacked, not installed: installing libopenblas0 would switch
# the system's libblas.so.3 alternative, and with it numpy's matmul, under
# every other test of the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
refmath_install_deps "${REFMATH_PYTHON_CLIENT_PACKAGES[@]}"
refmath_build "$PWD"

openblas_dir=build-bench/openblas
openblas=$openblas_dir/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0
if [ ! -e "$openblas" ]; then
  mkdir -p "$openblas_dir"
  (cd "$openblas_dir" && apt-get download -qq libopenblas0-pthread >/dev/null)
  dpkg -x "$openblas_dir"/libopenblas0-pthread_*.deb "$openblas_dir"
fi

/usr/bin/python3 bench/tensor_bench.py --archive build/librefmath.a \
  --openblas "$openblas" --md docs/tensor-performance.md "$@"
