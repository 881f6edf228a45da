#!/usr/bin/env bash
# Installs the Debian 12 packages refmath needs to build and test, if any
# is missing.  Sourced by tools/bootstrap.sh and tools/test.sh.
REFMATH_PACKAGES=(
  g++ cmake make pkg-config binutils   # compiler, build, objdump for the FMA scan
  libhwy-dev                           # Google Highway 1.0.3
  libssl-dev                           # SHA-256 (OpenSSL EVP) for golden digests
  libgtest-dev                         # unit tests
  libmpfr-dev libgmp-dev               # ULP sweeps against MPFR
  python3 python3-numpy                # test drivers, the independent spec port
  python3-mpmath                       # the fits the generated-files test re-runs
  python3-dev pybind11-dev python3-setuptools   # the Python package (python/)
  python3-pytest python3-hypothesis python3-matplotlib python3-venv  # its tests, plots
  clang libclang-rt-14-dev             # libFuzzer targets
  clang-19                             # compiler conformance (tools/cross/compilers.sh)
  parallel                             # GNU parallel: sharded runs (tools/cluster/)
)

# An optional real client of the Python package's tests (skipped where
# missing): PyTorch, measured with refmath.compare.  Large, so apart:
# tools/test.sh installs it where it can, bootstrap.sh does not.
REFMATH_PYTHON_CLIENT_PACKAGES=(python3-torch)

# bench/run.sh needs these as well: Google Benchmark, SLEEF (a peer), gdb
# (bench/insn_trace.py).
REFMATH_BENCH_PACKAGES=(libbenchmark-dev libsleef-dev gdb)

# refmath_install_deps [EXTRA_PACKAGE...]
refmath_install_deps() {
  local missing=()
  for pkg in "${REFMATH_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "refmath: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Configures and builds into build/ (Release).
refmath_build() {
  local root=$1
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build "$root/build" -j"$(nproc)"
}

# Installs the Python package built in build/ for Debian's /usr/bin/python3:
# /usr/local/lib/python3.X/dist-packages/refmath, on that interpreter's path.
refmath_install_python() {
  local root=$1 sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo cmake --install "$root/build" --prefix /usr/local --component python >/dev/null &&
    (cd / && /usr/bin/python3 -c "import refmath") ||
    { echo "refmath: the Python package did not install" >&2; return 1; }
}
