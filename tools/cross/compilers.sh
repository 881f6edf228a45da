#!/usr/bin/env bash
# Builds the library and the refmath tool with other compilers and
# optimisation levels and checks every golden digest with each: clang-14,
# Debian 12's default clang (Release, one target per lane width:
# EMU128, which clang builds where GCC builds SCALAR, SSE4, AVX2, AVX3;
# SSSE3 and AVX3_DL repeat two widths and stay checked at gcc -O3).  GCC
# is checked at two levels elsewhere in the suite: -O3 is the default build
# (conform_runner), -O1 the sanitizer build (the Mxcsr tests check every
# golden digest of every function, variant and target there).  Two more
# rows are one variable away, left out of the suite for time
# (docs/conformance.md has each row's time):
#   REFMATH_CROSS_GCC_O0=1 adds gcc -O0 (Debug, one target per lane width,
#   its vector targets: the unoptimised SCALAR target took 85 of 115 s);
#   REFMATH_CLANG_VERSIONS="14 19" adds the newest clang Debian 12 has.
# One line per configuration; exit 0 only if every one passes, 77 (skip) if
# none could be configured.  Build trees go to build-compilers/.
#   bash tools/cross/compilers.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/build-compilers"
mkdir -p "$out"
status=0
ran=0

# check NAME CC CXX BUILD_TYPE SKIP_SCALAR(yes|no) [extra cmake args]
check() {
  local name=$1 cc=$2 cxx=$3 type=$4 skip_scalar=$5; shift 5
  local dir="$out/$name"
  if ! command -v "$cxx" >/dev/null; then
    echo "$name: skipped ($cxx not installed)"
    return
  fi
  local start=$SECONDS
  if ! CC=$cc CXX=$cxx cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE="$type" \
        -DREFMATH_BUILD_TESTS=OFF "$@" >"$dir.log" 2>&1 ||
     ! cmake --build "$dir" -j"$(nproc)" --target refmath_cli >>"$dir.log" 2>&1; then
    echo "$name: BUILD FAILED (see $dir.log)"
    status=1
    return
  fi
  ran=$((ran + 1))
  local targets verdict
  targets=$("$dir/bin/refmath" targets)
  # One thread for the tensor rows: the thread split is the same code in
  # every build and the suite's conform_runner checks it at 2 to 8 threads.
  local only=()
  [ "$skip_scalar" = yes ] && only=(--target "$(grep -vx scalar <<<"$targets" | paste -sd,)")
  verdict=$("$dir/bin/refmath" conform --golden "$root/golden" --quiet \
    --max-threads 1 "${only[@]}" | tail -n 1)
  echo "$name: targets $(tr '\n' ' ' <<<"$targets")-> $verdict ($((SECONDS - start)) s)"
  case "$verdict" in PASS*) ;; *) status=1 ;; esac
}

[ -n "${REFMATH_CROSS_GCC_O0:-}" ] &&
  check gcc-O0 gcc g++ Debug yes -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DREFMATH_ONE_TARGET_PER_WIDTH=ON
for v in ${REFMATH_CLANG_VERSIONS:-14}; do
  check "clang-$v" "clang-$v" "clang++-$v" Release no -DREFMATH_ONE_TARGET_PER_WIDTH=ON
done
[ "$ran" -eq 0 ] && exit 77
exit $status
