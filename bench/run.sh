#!/usr/bin/env bash
# One command: configure and build refmath_bench (Release, build-bench/), run
# every benchmark with interleaved repetitions (about 5 minutes on 2 cores),
# write bench/results.json, count the kernels' instructions
# (bench/insn_trace.json), then docs/performance.md.
#   bench/run.sh [extra Google Benchmark flags, e.g. --benchmark_filter=exp/]
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
refmath_install_deps "${REFMATH_BENCH_PACKAGES[@]}"

BUILD_DIR=build-bench
RESULTS=bench/results.json
REPETITIONS=9    # medians of 9 interleaved repetitions
MIN_TIME=0.03    # seconds per repetition of each benchmark

cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DREFMATH_BUILD_BENCH=ON -DREFMATH_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD_DIR" --target refmath_bench refmath_trace_kernel \
  refmath_scalar_bench -j"$(nproc)"
# One scalar call beside glibc and CORE-MATH (docs/performance.md, "One value").
"$BUILD_DIR/bin/refmath_scalar_bench"

"$BUILD_DIR/bin/refmath_bench" \
  --benchmark_repetitions="$REPETITIONS" \
  --benchmark_min_time="$MIN_TIME" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_out="$RESULTS" --benchmark_out_format=json \
  "$@" >/dev/null

# Instructions per vector of the benchmark's inputs, branches included
# (gdb single-steps the exact and correctly rounded AVX3 kernels; about half
# a minute).
/usr/bin/python3 bench/insn_trace.py "$BUILD_DIR" --json bench/insn_trace.json

/usr/bin/python3 bench/report.py --results "$RESULTS" \
  --trace bench/insn_trace.json --out docs/performance.md
