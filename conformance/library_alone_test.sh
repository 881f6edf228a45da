#!/usr/bin/env bash
# The library builds alone: with REFMATH_BUILD_TOOLS=OFF, and with MPFR
# and OpenSSL out of reach (pkg-config finds nothing, find_package(OpenSSL)
# is disabled), the source tree configures, builds and installs librefmath,
# the emulators and the headers, and the installed package serves the C
# and the C++ consumers.
# Usage: library_alone_test.sh SOURCE_DIR SCRATCH_DIR CONSUMER_SOURCE_DIR
set -eu
source=$1 scratch=$2 consumer=$3
rm -rf "$scratch"
mkdir -p "$scratch"
export PKG_CONFIG_LIBDIR="$scratch/no-pkgconfig"
# Highway's static target alone: what this test checks is what the library
# needs and installs, the same for one target as for six, and the kernels
# of every target are the main build's to check.
CXXFLAGS=-DHWY_COMPILE_ONLY_STATIC \
  cmake -S "$source" -B "$scratch/build" -DREFMATH_BUILD_TOOLS=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON -DREFMATH_WERROR=ON \
  >"$scratch/configure.log" 2>&1 ||
  { echo "the library alone does not configure:"; tail -20 "$scratch/configure.log"; exit 1; }
# Nothing of the tools' dependencies was looked for.
if grep -iE '^(MPFR|OPENSSL|pybind11|GTest)[A-Za-z_]*:' "$scratch/build/CMakeCache.txt"; then
  echo "the library alone looked for a tool's dependency"; exit 1
fi
cmake --build "$scratch/build" -j"$(nproc)" >"$scratch/build.log" 2>&1 ||
  { echo "the library alone does not build:"; grep -m20 -E 'error|Error' "$scratch/build.log"; exit 1; }
cmake --install "$scratch/build" --prefix "$scratch/prefix" >/dev/null
for lib in refmath refmath_ane refmath_ane_algorithms refmath_mcu \
           refmath_base refmath_binary16; do
  [ -f "$scratch/prefix/lib/lib$lib.a" ] ||
    [ -f "$scratch/prefix/lib64/lib$lib.a" ] ||
    find "$scratch/prefix" -name "lib$lib.a" | grep -q . ||
    { echo "lib$lib.a not installed"; exit 1; }
done
[ -f "$scratch/prefix/include/refmath/functions.def" ] ||
  { echo "refmath/functions.def not installed"; exit 1; }
if [ -e "$scratch/prefix/bin/refmath" ]; then
  echo "the library alone installed the refmath tool"; exit 1
fi
unset PKG_CONFIG_LIBDIR
source "$consumer/consume.sh"
consume_package "$scratch/prefix" "$scratch" "$consumer"
echo "library_builds_alone: built, installed and consumed without MPFR or OpenSSL"
