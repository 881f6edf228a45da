#!/usr/bin/env bash
# Builds the fuzz targets with clang (ASan + UBSan + libFuzzer) in
# build-fuzz/ and runs each: first over its kept regression inputs
# (conformance/fuzz/regressions/TARGET/), then for SECONDS of new inputs,
# seeded with those.
# A crash leaves its input in build-fuzz/crashes/TARGET/: copy it into the
# regressions folder with the fix, so it is replayed on every run.
# Usage: conformance/fuzz/run.sh [SECONDS per target, default 20]
# A campaign by executions instead: REFMATH_FUZZ_RUNS=N runs each target
# until it has executed N inputs (libFuzzer -runs=N; SECONDS is then
# ignored), and REFMATH_FUZZ_ONLY="npy args" limits the run to those
# targets.  Each line gives the executions and the time taken.
# With REFMATH_FUZZ_ONE_TARGET=1 (the suite's fuzz_smoke) the build is
# build-fuzz-one/ and compiles one target, Highway's static one (AVX2
# where the CPU has it, else EMU128): a smoke run of seconds needs only the parsers and the
# argument checks, the same on every target.  A campaign leaves it unset:
# fuzz_eval then compares every target with the portable one.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-20}
build="$root/build-fuzz"
one_target=()
if [ "${REFMATH_FUZZ_ONE_TARGET:-}" = 1 ]; then
  build="$root/build-fuzz-one"
  # AVX2 where this CPU has it (Highway's AVX2 also needs PCLMUL and AES):
  # instrumented, clang compiles the correctly rounded kernels' AVX2 target
  # in seconds and their EMU128 target in minutes.
  flags=-DHWY_COMPILE_ONLY_STATIC
  cpu=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
  has_all=1
  for feature in avx2 fma bmi2 f16c pclmulqdq aes; do
    [[ " $cpu " == *" $feature "* ]] || has_all=0
  done
  # (The tensor tables' per-target regions hold data only, which clang
  # warns about for a real target's attributes: not a defect.)
  [ $has_all = 1 ] &&
    flags="$flags -march=x86-64-v3 -mpclmul -maes -Wno-pragma-clang-attribute"
  one_target=("-DCMAKE_CXX_FLAGS=$flags")
fi
if ! command -v clang++ >/dev/null; then
  echo "skipped: clang++ is not installed (libFuzzer needs clang)"
  exit 77
fi
# -O2: at -O1 clang took longer still on the instrumented kernels.  -g1
# (line tables, enough for a symbolized crash report) halves clang's time
# on them against -g: 6.8 s instead of 12.2 s for correct_kernels.cc.
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DREFMATH_FUZZ=ON -DREFMATH_BUILD_TESTS=OFF "${one_target[@]}" >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_eval fuzz_npy fuzz_array_file fuzz_args \
  fuzz_tensor fuzz_ane_tensor fuzz_mcu_json >/dev/null
status=0
limit=(-max_total_time="$seconds")
[ -n "${REFMATH_FUZZ_RUNS:-}" ] && limit=(-runs="$REFMATH_FUZZ_RUNS")
for target in ${REFMATH_FUZZ_ONLY:-eval npy array_file args tensor ane_tensor mcu_json}; do
  case " eval npy array_file args tensor ane_tensor mcu_json " in
    *" $target "*) ;;
    *) echo "fuzz: unknown target '$target' in REFMATH_FUZZ_ONLY"; exit 2 ;;
  esac
  regressions="$root/conformance/fuzz/regressions/$target"
  corpus="$build/corpus/$target"
  crashes="$build/crashes/$target/"
  mkdir -p "$corpus" "$crashes"
  if compgen -G "$regressions/*" >/dev/null; then
    "$build/bin/fuzz_$target" "$regressions"/* >/dev/null 2>&1 ||
      { echo "fuzz_$target: a kept regression input fails"; status=1; continue; }
  fi
  # The kept inputs also seed the search (new inputs go to $corpus).
  seeds=()
  compgen -G "$regressions/*" >/dev/null && seeds=("$regressions")
  start=$SECONDS
  if "$build/bin/fuzz_$target" "${limit[@]}" \
      -artifact_prefix="$crashes" -print_final_stats=1 "$corpus" "${seeds[@]}" \
      >"$build/fuzz_$target.log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$build/fuzz_$target.log" | awk '{print $2}')
    echo "fuzz_$target: ${runs:-?} inputs in $((SECONDS - start)) s, no failure"
  else
    echo "fuzz_$target: FAILED, input kept in $crashes"; tail -20 "$build/fuzz_$target.log"
    status=1
  fi
done
exit $status
