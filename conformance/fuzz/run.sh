#!/usr/bin/env bash
# Builds the fuzz targets with clang (ASan + UBSan + libFuzzer) in
# build-fuzz/ and runs each: first over its kept regression inputs
# (conformance/fuzz/regressions/TARGET/), then for SECONDS of new inputs,
# seeded with those.
# A crash leaves its input in build-fuzz/crashes/TARGET/: copy it into the
# regressions folder with the fix, so it is replayed on every run.
# Usage: conformance/fuzz/run.sh [SECONDS per target, default 20]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-20}
build="$root/build-fuzz"
if ! command -v clang++ >/dev/null; then
  echo "skipped: clang++ is not installed (libFuzzer needs clang)"
  exit 77
fi
# -O1 and line tables (-g1): a symbolized report, at a fraction of the
# instrumented compile time of -O2 -g.
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DREFMATH_FUZZ=ON -DREFMATH_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_eval fuzz_npy fuzz_array_file fuzz_args \
  fuzz_tensor fuzz_ane_tensor >/dev/null
status=0
for target in eval npy array_file args tensor ane_tensor; do
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
  if "$build/bin/fuzz_$target" -max_total_time="$seconds" \
      -artifact_prefix="$crashes" -print_final_stats=1 "$corpus" "${seeds[@]}" \
      >"$build/fuzz_$target.log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$build/fuzz_$target.log" | awk '{print $2}')
    echo "fuzz_$target: ${runs:-?} inputs in ${seconds}s, no failure"
  else
    echo "fuzz_$target: FAILED, input kept in $crashes"; tail -20 "$build/fuzz_$target.log"
    status=1
  fi
done
exit $status
