#!/usr/bin/env bash
# One command for docs/correct-performance.md: build refmath_bench
# (build-bench/, Release), run the correctly rounded variant, the exact
# variant, SLEEF u10 and CORE-MATH on 64K hot inputs per function and width
# with interleaved repetitions, and write the table (about 5 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
refmath_install_deps "${REFMATH_BENCH_PACKAGES[@]}"

BUILD_DIR=build-bench
RESULTS=$BUILD_DIR/correct_results.json
export REFMATH_BENCH_REPETITIONS=5

cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DREFMATH_BUILD_BENCH=ON -DREFMATH_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD_DIR" --target refmath_bench -j"$(nproc)"

load=$(cut -d' ' -f1-3 /proc/loadavg | sed 's/ /, /g')
"$BUILD_DIR/bin/refmath_bench" \
  --benchmark_filter='^[a-z0-9_]+/(scalar/core_math|w(128|256|512)/(refmath_exact|refmath_correct(_sincos|_sin_and_cos)?|sleef_(cinz|finz)_u(05|10|15)))/65536$' \
  --benchmark_repetitions="$REFMATH_BENCH_REPETITIONS" \
  --benchmark_min_time=0.05 \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_out="$RESULTS" --benchmark_out_format=json >/dev/null

/usr/bin/python3 bench/correct_report.py --results "$RESULTS" \
  --out docs/correct-performance.md --load "$load"
echo "wrote docs/correct-performance.md"
