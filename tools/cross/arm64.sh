#!/usr/bin/env bash
# Cross-builds refmath for arm64 (aarch64) and checks the golden digests
# under qemu-user: NEON on a Cortex-A72, and SVE/SVE2 at vector lengths of
# 128, 256, 512 and 2048 bits (qemu's "max" CPU with sve-max-vq=1, 2, 4, 16
# and the same sve-default-vector-length: qemu-user otherwise starts every
# process at 64 bytes, so vq=16 alone would still run 512-bit vectors).
# docs/conformance.md gives the details and measured times.
#
#   bash tools/cross/arm64.sh
#
# Installs what is missing (Debian packages; arm64 multiarch), configures and
# builds build-arm64/ (library, the refmath tool, refmath_make_golden; no
# tests) with cmake/aarch64-linux-gnu.cmake, then for each CPU runs
# `refmath targets`, `refmath conform --golden golden --quiet --max-threads 1`
# and the FPCR probe (tools/cross/fpcr_probe.cc), printing one line per
# configuration.  The NEON configuration checks every row; each SVE one
# checks the rows of the SVE targets it names (`conform --target`), since
# the scalar, NEON, ANE and MCU rows do not depend on the vector length.
# Exit status: 0 if every configuration passes, 1 if one fails, 77 (skip)
# if the toolchain cannot be installed here.
#
# Environment:
#   REFMATH_ARM64_BUILD  build directory (default: build-arm64 in the tree)
#   REFMATH_ARM64_CPUS   space-separated qemu -cpu values to run instead of
#                        the default list
#   REFMATH_ARM64_LOGS   where each run's table and JSON go
#                        (default: $REFMATH_ARM64_BUILD/conform)
#   REFMATH_ARM64_ALL    non-empty: also SVE at 512 bits and the thread
#                        builds of every target (the suite's run leaves
#                        them out for time; they add no target of their own)
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${REFMATH_ARM64_BUILD:-$root/build-arm64}
logs=${REFMATH_ARM64_LOGS:-$build/conform}
sysroot=/usr/aarch64-linux-gnu

skip() {
  echo "arm64: SKIP: $*" >&2
  exit 77
}

# --- 1. Packages.
HOST_PACKAGES=(cmake make pkg-config g++-aarch64-linux-gnu qemu-user)
ARM64_PACKAGES=(libhwy-dev:arm64 libssl-dev:arm64 libmpfr-dev:arm64
                libgmp-dev:arm64)

host_arch=$(dpkg --print-architecture 2>/dev/null) ||
  skip "not a Debian system (no dpkg); install an aarch64 cross g++, qemu-user and arm64 Highway/OpenSSL/MPFR by hand"
[ "$host_arch" = amd64 ] ||
  skip "host architecture is $host_arch; this script cross-builds from amd64"

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
for pkg in "${HOST_PACKAGES[@]}" "${ARM64_PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || skip "need root or sudo to install: ${missing[*]}"
    sudo=sudo
  fi
  echo "arm64: installing ${missing[*]}"
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $sudo dpkg --add-architecture arm64 || skip "dpkg --add-architecture arm64 failed"
  fi
  $sudo apt-get update -qq || skip "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null ||
    skip "could not install: ${missing[*]} (apt-get install failed)"
fi
for pkg in "${HOST_PACKAGES[@]}" "${ARM64_PACKAGES[@]}"; do
  installed "$pkg" || skip "package $pkg is still not installed"
done

# --- 2. Cross build (library + tools only).
cmake -S "$root" -B "$build" \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DREFMATH_BUILD_TESTS=OFF >/dev/null || {
  echo "arm64: FAIL: cmake configure failed" >&2
  exit 1
}
cmake --build "$build" -j"$(nproc)" --target refmath_cli refmath_make_golden >/dev/null || {
  echo "arm64: FAIL: cross build failed (rerun: cmake --build $build)" >&2
  exit 1
}
tool=$build/bin/refmath
mkdir -p "$logs"
# The lanes probe: which targets run, at how many float lanes.
probe=$build/bin/refmath_lanes_probe
aarch64-linux-gnu-g++ -std=c++17 -O1 -I"$root" -I"$root/include" \
  "$root/tools/cross/lanes_probe.cc" "$build/librefmath.a" \
  -L/usr/lib/aarch64-linux-gnu -lhwy -o "$probe" || {
  echo "arm64: FAIL: could not build the lanes probe" >&2
  exit 1
}
# The floating-point environment probe: FZ, directed rounding and trap
# enables in the caller change no bit, and FPCR/FPSR come back exactly.
fpcr_probe=$build/bin/refmath_fpcr_probe
aarch64-linux-gnu-g++ -std=c++17 -O1 -I"$root" -I"$root/include" \
  "$root/tools/cross/fpcr_probe.cc" "$build/librefmath.a" \
  -L/usr/lib/aarch64-linux-gnu -lhwy -o "$fpcr_probe" || {
  echo "arm64: FAIL: could not build the FPCR probe" >&2
  exit 1
}

# --- 3. Run under qemu.
# Each configuration: qemu -cpu value, a label, target:lanes pairs that
# must be usable there at exactly that many float lanes (the point of the
# configuration; other targets may be usable too), and the targets whose
# rows conform checks (empty: every row).
# The suite checks the scalable sve at the shortest and the longest
# length (4 and 64 lanes), sve2 at the shortest (it differs from sve in
# instructions, not in how a length is handled), and at 256 bits only the
# fixed-length sve_256 (8 lanes); REFMATH_ARM64_ALL=1 adds sve2 at 2048
# bits, sve and sve2 at 256 and 512 bits, and the thread builds of every
# target.
CONFIGS=(
  "cortex-a72|NEON 128-bit|neon:4|"
  "max,sve-max-vq=1,sve-default-vector-length=16|SVE 128-bit|neon:4 sve:4 sve2:4 sve2_128:4|sve,sve2,sve2_128"
  "max,sve-max-vq=2,sve-default-vector-length=32|SVE 256-bit|neon:4 sve:8 sve2:8 sve_256:8|sve_256"
  "max,sve-max-vq=16,sve-default-vector-length=256|SVE 2048-bit|neon:4 sve:64 sve2:64|sve"
)
if [ -n "${REFMATH_ARM64_ALL:-}" ]; then
  CONFIGS=("${CONFIGS[@]:0:2}"
           "max,sve-max-vq=2,sve-default-vector-length=32|SVE 256-bit|neon:4 sve:8 sve2:8 sve_256:8|sve,sve2,sve_256"
           "max,sve-max-vq=4,sve-default-vector-length=64|SVE 512-bit|neon:4 sve:16 sve2:16|sve,sve2"
           "max,sve-max-vq=16,sve-default-vector-length=256|SVE 2048-bit|neon:4 sve:64 sve2:64|sve,sve2")
fi
if [ -n "${REFMATH_ARM64_CPUS:-}" ]; then
  CONFIGS=()
  for cpu in $REFMATH_ARM64_CPUS; do CONFIGS+=("$cpu|custom||"); done
fi

# "PASS 9/9" or "FAIL 7/9" for one variant's rows of a conform table.
variant_verdict() {
  awk -v v="$2" '$2 == v && ($4 == "yes" || $4 == "no") {
      n++; if ($4 == "yes") ok++ }
    END { if (n == 0) print "none"; else printf "%s %d/%d\n",
      (ok == n ? "PASS" : "FAIL"), ok, n }' "$1"
}

failures=0
printf '%-13s %-44s %-12s %-12s %-12s %-6s %s\n' config "targets:lanes" exact fast correct fpcr time
for config in "${CONFIGS[@]}"; do
  IFS='|' read -r cpu label expect only <<<"$config"
  qemu=(qemu-aarch64 -L "$sysroot" -cpu "$cpu")
  name=${cpu//[,=]/_}
  problems=()
  conform_args=()
  [ -n "$only" ] && conform_args=(--target "$only")
  exact_targets=$("${qemu[@]}" "$tool" targets 2>&1 | tr '\n' ' ')
  fast_targets=$("${qemu[@]}" "$tool" targets --variant fast 2>&1 | tr '\n' ' ')
  lanes=$("${qemu[@]}" "$probe" 2>&1)
  for t in $expect; do
    [[ " $lanes " == *" $t "* ]] || problems+=("$t not usable")
  done
  # Every arm64 target has a true FMA: the fast variant runs wherever exact does.
  [ "$exact_targets" = "$fast_targets" ] ||
    problems+=("fast targets differ: $fast_targets")
  start=$(date +%s.%N)
  # One thread for the tensor rows: a dynamically linked program that
  # starts a thread hangs in qemu-user 7.2 here (a bare pthread_create and
  # pthread_join does too; statically linked it runs).  Every target still
  # runs every tensor case; the thread split is tested natively.
  "${qemu[@]}" "$tool" conform --golden "$root/golden" --quiet \
    --max-threads 1 "${conform_args[@]}" --json "$logs/$name.json" \
    >"$logs/$name.txt" 2>&1
  rc=$?
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  exact=$(variant_verdict "$logs/$name.txt" exact)
  fast=$(variant_verdict "$logs/$name.txt" fast)
  correct=$(variant_verdict "$logs/$name.txt" correct)
  [ "$rc" -eq 0 ] || problems+=("conform exit $rc, see $logs/$name.txt")
  [[ "$exact" == PASS* ]] || problems+=("exact: $exact")
  [[ "$fast" == PASS* ]] || problems+=("fast: $fast")
  [[ "$correct" == PASS* ]] || problems+=("correct: $correct")
  # shellcheck disable=SC2086
  if "${qemu[@]}" "$fpcr_probe" ${only//,/ } >"$logs/$name.fpcr.txt" 2>&1; then
    fpcr=PASS
  else
    fpcr=FAIL
    problems+=("FPCR probe, see $logs/$name.fpcr.txt")
  fi
  verdict=PASS
  if [ ${#problems[@]} -gt 0 ]; then
    verdict="FAIL (${problems[*]})"
    failures=$((failures + 1))
  fi
  printf '%-13s %-44s %-12s %-12s %-12s %-6s %6ss  %s\n' \
    "$label" "$lanes" "$exact" "$fast" "$correct" "$fpcr" "$secs" "$verdict"
  echo "    qemu-aarch64 -L $sysroot -cpu $cpu"
done

# --- 4. Thread counts.
# The tensor cases at 2, 3, 4 and 8 threads against golden/tensor.sha256,
# by a statically linked program per target (tools/cross/tensor_threads/;
# the dynamically linked tool cannot start threads under qemu-user 7.2).
# Each entry: the target (as `refmath targets` names it), the compiler flags
# that make it Highway's static target, and the qemu CPUs to run it on.
# The thread split is the same code on every target and at every vector
# length (each target's rows are checked single-threaded above), so CI
# builds sve and runs it at the longest length (64 lanes);
# REFMATH_ARM64_ALL=1 adds neon, sve at 256 and 512 bits, sve_256 and sve2
# (every one matched when last run, docs/conformance.md).
THREAD_BUILDS=(
  "sve|-march=armv8.2-a+sve|max,sve-max-vq=16,sve-default-vector-length=256"
)
if [ -n "${REFMATH_ARM64_ALL:-}" ]; then
  THREAD_BUILDS=(
    "neon|-march=armv8-a|cortex-a72"
    "sve|-march=armv8.2-a+sve|max,sve-max-vq=1,sve-default-vector-length=16 max,sve-max-vq=2,sve-default-vector-length=32 max,sve-max-vq=4,sve-default-vector-length=64 max,sve-max-vq=16,sve-default-vector-length=256"
    "sve_256|-march=armv8.2-a+sve -msve-vector-bits=256|max,sve-max-vq=2,sve-default-vector-length=32"
    "sve2|-march=armv9-a+sve2|max,sve-max-vq=1,sve-default-vector-length=16 max,sve-max-vq=4,sve-default-vector-length=64"
  )
fi
THREAD_SOURCES=("$root"/simd/{exact,fast,correct,correct_quick}_kernels.cc "$root/src/core/capi.cc"
                "$root"/src/tensor/*.cc "$root"/src/conform/{tensor_cases,decoder_case}.cc
                "$root/tools/cross/m55/sha256.cc"
                "$root"/tools/cross/tensor_threads/{main,hwy_stubs}.cc)
# build_threads NAME FLAGS: prints the program's path.
build_threads() {
  local dir=$build/tensor_threads/$1 src
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  for src in "${THREAD_SOURCES[@]}"; do
    aarch64-linux-gnu-g++ -std=c++17 -O2 -ffp-contract=off -fno-fast-math \
      -DHWY_COMPILE_ONLY_STATIC $2 '-DREFMATH_VERSION="threads-check"' \
      -I"$root" -I"$root/include" -c "$src" -o "$dir/$(basename "$src" .cc).o" ||
      return 1
  done
  aarch64-linux-gnu-g++ -static -pthread "$dir"/*.o -o "$dir/refmath_tensor_threads" &&
    echo "$dir/refmath_tensor_threads"
}
for entry in "${THREAD_BUILDS[@]}"; do
  IFS='|' read -r name flags cpus <<<"$entry"
  if ! program=$(build_threads "$name" "$flags"); then
    echo "threads $name: FAIL: the static build failed"
    failures=$((failures + 1))
    continue
  fi
  for cpu in $cpus; do
    out="$logs/threads_${name}_${cpu//[,=]/_}.txt"
    if qemu-aarch64 -cpu "$cpu" "$program" "$root/golden/tensor.sha256" \
        2 3 4 8 >"$out" 2>&1; then
      verdict=PASS
    else
      verdict="FAIL (see $out)"
    fi
    ran=$(awk '$1 == "target" {print $2}' "$out")
    [ "$ran" = "$name" ] || verdict="FAIL (ran target '$ran', not $name)"
    [ "$verdict" = PASS ] || failures=$((failures + 1))
    # "threads sve  target sve  8/8 runs match  PASS": runs are thread
    # count x variant, each over every tensor case.
    printf 'threads %-8s target %-8s %s  %s\n' "$name" "$ran" \
      "$(awk '$1 == "threads" { n++; split($4, f, "/"); if (f[1] == f[2]) ok++ }
              END { printf "%d/%d runs match", ok, n }' "$out")" "$verdict"
    echo "    qemu-aarch64 -cpu $cpu $program $root/golden/tensor.sha256 2 3 4 8"
  done
done

if [ "$failures" -eq 0 ]; then
  echo "arm64: PASS: all ${#CONFIGS[@]} configurations reproduce the golden digests, and the tensor digests hold at 2, 3, 4 and 8 threads"
  exit 0
fi
echo "arm64: FAIL: $failures failed runs (configurations and thread checks)" >&2
exit 1
