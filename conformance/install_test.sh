#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds and runs
# consumers (the C API from a C-only project, the ANE and MCU models from
# C++) through
# find_package(refmath) and through pkg-config, and checks
# that the installed refmath reads the installed golden files (the build
# tree, still there, must not win) unless REFMATH_GOLDEN_DIR or --golden
# says otherwise.
# Usage: install_test.sh BUILD_DIR SCRATCH_DIR CONSUMER_SOURCE_DIR
set -eu
build=$1 scratch=$2 consumer=$3
rm -rf "$scratch"
mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
lib=$(find "$scratch/prefix" -name librefmath.a)
[ -n "$lib" ] || { echo "librefmath.a not installed"; exit 1; }

# The C API from a C-only project (no C++ enabled), the emulators from C++.
source "$consumer/consume.sh"
consume_package "$scratch/prefix" "$scratch" "$consumer"

# The installed headers are self-contained: none reaches into src/.
if grep -rn '#include "src/' "$scratch/prefix/include"; then
  echo "installed headers include internal ones"; exit 1
fi

export PKG_CONFIG_PATH="$(dirname "$lib")/pkgconfig"
cc -o "$scratch/pc-consumer" "$consumer/main.c" $(pkg-config --cflags --libs refmath)
"$scratch/pc-consumer"
# The emulators through pkg-config, without MPFR or OpenSSL on the line.
c++ -std=c++17 -o "$scratch/pc-emulators" "$consumer/emulators.cc" \
  $(pkg-config --cflags --libs refmath-ane refmath-mcu)
"$scratch/pc-emulators"

# The installed refmath, run from elsewhere, prints where its digests come
# from: the installed share/refmath/golden, and every row matches.
prefix=$(cd "$scratch/prefix" && pwd -P)
refmath="$prefix/bin/refmath"
[ -x "$refmath" ] || { echo "bin/refmath not installed"; exit 1; }
installed_golden="$prefix/share/refmath/golden"
(cd / && "$refmath" conform) >"$scratch/conform.out" 2>"$scratch/conform.err" ||
  { echo "installed refmath conform failed:"; cat "$scratch/conform.err"; exit 1; }
grep -qxF "refmath conform: golden digests from $installed_golden" "$scratch/conform.err" ||
  { echo "installed refmath reads $(cat "$scratch/conform.err"), not $installed_golden"; exit 1; }
grep -q "^PASS: .* match golden digests in $installed_golden\$" "$scratch/conform.out" ||
  { echo "installed refmath conform: $(tail -1 "$scratch/conform.out")"; exit 1; }

# REFMATH_GOLDEN_DIR overrides the installed files: an empty directory is
# refused, naming its (missing) exact.sha256; a copy of the installed files
# passes and is named.  --golden overrides REFMATH_GOLDEN_DIR.
mkdir -p "$scratch/empty" "$scratch/copy"
cp "$installed_golden"/*.sha256 "$scratch/copy/"
status=0
REFMATH_GOLDEN_DIR="$scratch/empty" "$refmath" conform --quiet >/dev/null 2>"$scratch/env.err" || status=$?
[ "$status" -eq 2 ] && grep -qF "$scratch/empty/exact.sha256: cannot open" "$scratch/env.err" ||
  { echo "REFMATH_GOLDEN_DIR=empty: exit $status, $(cat "$scratch/env.err")"; exit 1; }
REFMATH_GOLDEN_DIR="$scratch/copy" "$refmath" conform >/dev/null 2>"$scratch/env.err" ||
  { echo "REFMATH_GOLDEN_DIR=copy failed: $(cat "$scratch/env.err")"; exit 1; }
grep -qxF "refmath conform: golden digests from $scratch/copy" "$scratch/env.err" ||
  { echo "REFMATH_GOLDEN_DIR=copy: $(cat "$scratch/env.err")"; exit 1; }
REFMATH_GOLDEN_DIR="$scratch/empty" "$refmath" conform --golden "$installed_golden" \
  >/dev/null 2>"$scratch/env.err" ||
  { echo "--golden does not override REFMATH_GOLDEN_DIR: $(cat "$scratch/env.err")"; exit 1; }
echo "install: find_package and pkg-config consumers (C API, ANE, MCU) ok; installed refmath reads $installed_golden"
