#!/usr/bin/env bash
# Builds the exact, fast and correct kernels (Highway's SCALAR target) and
# the tensor layer into a bare-metal Cortex-M55 firmware, runs it under
# qemu-system-arm on the mps3-an547 board, and compares every digest it
# prints over semihosting with golden/{exact,fast,correct}.sha256, the
# tensor cases that fit its memory with golden/tensor.sha256, and the MCU
# layer cases (int8 layers and a DS-CNN) with golden/mcu-layers.sha256.
#
#   bash tools/cross/m55/run.sh
#
# Exit 0 if every row matches, 1 on a mismatch or a failed run, 77 (skip) if
# the toolchain or qemu is missing and cannot be installed.
# Environment: BUILD_DIR (default build-m55), EXTRA_CXXFLAGS (appended to the
# firmware's compiler flags, for experiments), QEMU_TIMEOUT (seconds, 1200).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
HERE="$ROOT/tools/cross/m55"
BUILD="${BUILD_DIR:-$ROOT/build-m55}"
QEMU_TIMEOUT="${QEMU_TIMEOUT:-1200}"

# --- packages ---------------------------------------------------------------
PKGS=(gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib
      binutils-arm-none-eabi qemu-system-arm)
need=()
command -v arm-none-eabi-g++ >/dev/null 2>&1 || need+=(gcc-arm-none-eabi libstdc++-arm-none-eabi-newlib)
command -v arm-none-eabi-objdump >/dev/null 2>&1 || need+=(binutils-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/libc.a ] || [ -d /usr/lib/arm-none-eabi/newlib ] || need+=(libnewlib-arm-none-eabi)
command -v qemu-system-arm >/dev/null 2>&1 || need+=(qemu-system-arm)
[ -f /usr/include/hwy/highway.h ] || need+=(libhwy-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "m55: installing ${need[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"
  else
    echo "m55: SKIP: missing ${need[*]} and no root or sudo to install them (apt-get install ${PKGS[*]} libhwy-dev)" >&2
    exit 77
  fi
  if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"; } >"${TMPDIR:-/tmp}/m55-apt.log" 2>&1; then
    echo "m55: SKIP: apt-get install ${need[*]} failed (log: ${TMPDIR:-/tmp}/m55-apt.log)" >&2
    exit 77
  fi
fi

# --- build --------------------------------------------------------------------
mkdir -p "$BUILD/obj" "$BUILD/include"
# Only Highway's headers from /usr/include: the host's libc headers must not be
# on the firmware's include path (newlib's are used).
ln -sfn /usr/include/hwy "$BUILD/include/hwy"

ARCH=(-mcpu=cortex-m55 -mthumb -mfloat-abi=hard)
# -fno-tree-vectorize: keep GCC from turning scalar loops into MVE vector
# float code, which flushes subnormals to zero.  The normative flags are the
# same as on every other platform.
CXXFLAGS=("${ARCH[@]}" -O2 -std=c++17 -ffp-contract=off -fno-fast-math
          -fno-unsafe-math-optimizations -fno-tree-vectorize
          -fno-exceptions -fno-rtti -ffunction-sections -fdata-sections
          -DHWY_COMPILE_ONLY_SCALAR
          -I"$ROOT" -I"$ROOT/include" -isystem "$BUILD/include" -I"$HERE")
# shellcheck disable=SC2206
[ -n "${EXTRA_CXXFLAGS:-}" ] && CXXFLAGS+=($EXTRA_CXXFLAGS)

# The tensor layer and the C API come too (one thread: no threads on bare
# metal), with the golden tensor cases.
CXXFLAGS+=(-DREFMATH_TENSOR_SINGLE_THREAD '-DREFMATH_VERSION="m55"')
# The tensor layer's C API sources are the ones src/tensor/CMakeLists.txt
# lists for refmath_tensor_api, read from there so that a new file of the
# layer cannot be missing here.
mapfile -t TENSOR_API < <(
  sed -n '/^add_library(refmath_tensor_api OBJECT/,/)/p' \
      "$ROOT/src/tensor/CMakeLists.txt" | tr ' ()' '\n\n\n' | grep '\.cc$' |
    sed "s|^|$ROOT/src/tensor/|")
[ "${#TENSOR_API[@]}" -gt 0 ] || { echo "m55: no tensor sources found"; exit 1; }
# The MCU layer (integer kernels) with what it links, read from its
# CMakeLists.txt as the tensor layer's are, archived so that the linker
# takes only the objects the layer cases reach.
mapfile -t MCU_LIB < <(
  sed -n '/^add_library(refmath_mcu STATIC/,/)/p' "$ROOT/src/mcu/CMakeLists.txt" |
    tr ' ()' '\n\n\n' | grep '\.cc$' | sed "s|^|$ROOT/src/mcu/|")
[ "${#MCU_LIB[@]}" -gt 0 ] || { echo "m55: no MCU sources found"; exit 1; }
MCU_LIB+=("$ROOT/src/binary16/binary16.cc" "$ROOT/src/binary16/arith.cc"
          "$ROOT/src/base/text.cc")
mkdir -p "$BUILD/mcu"
rm -f "$BUILD/libmcu.a"
for src in "${MCU_LIB[@]}"; do
  arm-none-eabi-g++ "${CXXFLAGS[@]}" -c "$src" -o "$BUILD/mcu/$(basename "$src" .cc).o"
done
arm-none-eabi-ar rcs "$BUILD/libmcu.a" "$BUILD"/mcu/*.o
SRCS=("$ROOT/simd/exact_kernels.cc" "$ROOT/simd/fast_kernels.cc"
      "$ROOT/simd/correct_kernels.cc" "$ROOT/simd/correct_quick_kernels.cc"
      "$ROOT/src/core/capi.cc"
      "$ROOT/src/tensor/exact_tensor.cc" "$ROOT/src/tensor/fast_tensor.cc"
      "${TENSOR_API[@]}"
      "$ROOT/src/conform/tensor_cases.cc" "$ROOT/src/conform/decoder_case.cc" "$HERE/tensor_rows.cc"
      "$ROOT/src/conform/mcu_layer_cases.cc" "$ROOT/src/conform/mcu_kernel_rows.cc"
      "$HERE/mcu_rows.cc"
      "$HERE/main.cc" "$HERE/startup.cc" "$HERE/sha256.cc" "$HERE/stubs.cc")
objs=()
for src in "${SRCS[@]}"; do
  obj="$BUILD/obj/$(basename "$src" .cc).o"
  arm-none-eabi-g++ "${CXXFLAGS[@]}" -c "$src" -o "$obj"
  objs+=("$obj")
done
arm-none-eabi-g++ "${ARCH[@]}" -nostartfiles --specs=nano.specs --specs=nosys.specs \
  -T "$HERE/m55.ld" -Wl,--gc-sections "${objs[@]}" "$BUILD/libmcu.a" -lm -o "$BUILD/image.elf"
arm-none-eabi-objdump -d "$BUILD/image.elf" >"$BUILD/image.dis"

# --- object-code checks ---------------------------------------------------------
status=0
exact_fma=$(for o in exact_kernels exact_tensor algorithms api attention checks exact_sum matmul views; do
  arm-none-eabi-objdump -d "$BUILD/obj/$o.o"; done | grep -cE '\bv(fma|fms|fnma|fnms)\b' || true)
fast_fma=$(arm-none-eabi-objdump -d "$BUILD/obj/fast_kernels.o" | grep -cE '\bvfma\.f32\b' || true)
fma_calls=$(grep -cE '\bbl\s+[0-9a-f]+ <fmaf?>' "$BUILD/image.dis" || true)
mve_float=$(grep -cE '\bv[a-z]+\.f(16|32)\s+q[0-9]' "$BUILD/image.dis" || true)
echo "m55: fused multiply-adds in the exact kernels and the tensor layer: $exact_fma (must be 0)"
echo "m55: vfma.f32 in the fast kernels: $fast_fma; calls to fmaf: $fma_calls"
echo "m55: MVE vector float instructions in the image: $mve_float (must be 0)"
[ "$exact_fma" = 0 ] || status=1
[ "$mve_float" = 0 ] || status=1

# --- run ------------------------------------------------------------------------
log="$BUILD/qemu.log"
t0=$(date +%s.%N)
set +e
timeout "$QEMU_TIMEOUT" qemu-system-arm -M mps3-an547 -nographic \
  -semihosting-config enable=on,target=native -kernel "$BUILD/image.elf" \
  </dev/null >"$log" 2>&1
rc=$?
set -e
t1=$(date +%s.%N)
printf 'm55: qemu exit %d, %.1f s wall\n' "$rc" "$(echo "$t1 - $t0" | bc -l 2>/dev/null || python3 -c "print($t1-$t0)")"
grep -E '^(FPSCR|ERROR|FAULT|HWY)' "$log" | sed 's/^/m55: /' || true
if [ "$rc" != 0 ] || ! grep -q '^DONE' "$log"; then
  echo "m55: FAIL: the firmware did not finish (log: $log)" >&2
  tail -5 "$log" >&2
  exit 1
fi

# --- compare ------------------------------------------------------------------------
for variant in exact fast correct; do
  golden="$ROOT/golden/$variant.sha256"
  while read -r want name; do
    got=$(awk -v v="$variant" -v n="$name" '$1 == "ROW" && $2 == v && $3 == n {print $4, $5}' "$log")
    digest=${got%% *}
    cs=${got##* }
    if [ -z "$got" ]; then
      printf '%-6s %-16s MISSING\n' "$variant" "$name"; status=1
    elif [ "$digest" = "$want" ]; then
      printf '%-6s %-16s ok        %s  (%d.%02d s, semihosting SYS_CLOCK)\n' "$variant" "$name" "$digest" $((cs / 100)) $((cs % 100))
    else
      printf '%-6s %-16s MISMATCH  got %s want %s\n' "$variant" "$name" "$digest" "$want"; status=1
    fi
  done < <(grep -vE '^\s*(#|$)' "$golden")
done
# The tensor rows: every case the firmware ran must match golden/tensor.sha256.
tensor_golden="$ROOT/golden/tensor.sha256"
ran=0
while read -r _ variant name digest cs; do
  want=$(awk -v n="$variant:$name" '$2 == n {print $1}' "$tensor_golden")
  ran=$((ran + 1))
  if [ "$digest" = "$want" ]; then
    printf 'tensor %-6s %-30s ok  (%d.%02d s)\n' "$variant" "$name" $((cs / 100)) $((cs % 100))
  else
    printf 'tensor %-6s %-30s MISMATCH got %s want %s\n' "$variant" "$name" "$digest" "${want:-none}"
    status=1
  fi
done < <(grep '^TROW ' "$log")
# The MCU layer rows: every case of golden/mcu-layers.sha256 must be there.
mcu_golden="$ROOT/golden/mcu-layers.sha256"
while read -r want name; do
  got=$(awk -v n="$name" '$1 == "MROW" && $3 == n {print $4}' "$log")
  if [ "$got" = "$want" ]; then
    printf 'mcu-layers %-28s ok\n' "$name"
  else
    printf 'mcu-layers %-28s MISMATCH got %s want %s\n' "$name" "${got:-none}" "$want"
    status=1
  fi
done < <(grep -vE '^\s*(#|$)' "$mcu_golden")
grep -q '^ERROR mcu' "$log" && status=1
skipped=$(grep -c '^TSKIP ' "$log" || true)
echo "m55: tensor rows: $ran compared, $skipped cases too large for the firmware's memory"
[ "$ran" -gt 0 ] || status=1
grep -q '^ERROR tensor' "$log" && status=1
[ "$status" = 0 ] && echo "m55: all digests match" || echo "m55: FAILED"
exit "$status"
