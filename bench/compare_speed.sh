#!/usr/bin/env bash
# How long `refmath compare` takes to measure a million inputs against the
# truth, per function, and its peak memory: a note for docs/compare.md,
# not a test.  The backend is the oracle itself (the cost does not depend
# on how wrong a backend is), the inputs uniform in each function's hot
# range (Debian's python3 with NumPy writes them).
#   bench/compare_speed.sh [BUILD_DIR] [COUNT]   (defaults: build, 1048576)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build}/bin/refmath"
count="${2:-1048576}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "refmath compare, $count inputs, $(nproc) cores; seconds and peak RSS"
echo "| function | range | seconds | MB | bytes/input | seconds with --csv | MB with --csv |"
echo "|---|---|---|---|---|---|---|"
for row in exp:-16:16 exp_nonpositive:-87:0 log:0.0625:16 sigmoid:-16:16 \
           tanh:-10:10 erf:-6:6 one_plus_erf:-6:6 gelu_erf:-3:10 \
           gelu_tanh:-3:10; do
  IFS=: read -r fn lo hi <<<"$row"
  /usr/bin/python3 -c "import numpy as np, sys
np.random.default_rng(1).uniform($lo, $hi, $count).astype(np.float32).tofile(sys.argv[1])" \
    "$tmp/x.bin"
  "$bin" eval --function "$fn" --in "$tmp/x.bin" --out "$tmp/y.bin"
  plain=$( { /usr/bin/time -f "%e %M" "$bin" compare --function "$fn" \
    --inputs "$tmp/x.bin" --outputs "$tmp/y.bin" >/dev/null; } 2>&1 )
  csv=$( { /usr/bin/time -f "%e %M" "$bin" compare --function "$fn" \
    --inputs "$tmp/x.bin" --outputs "$tmp/y.bin" --csv "$tmp/r.csv" >/dev/null; } 2>&1 )
  read -r s kb <<<"$plain"
  read -r cs ckb <<<"$csv"
  echo "| $fn | [$lo, $hi] | $s | $((kb / 1024)) | $((kb * 1024 / count)) | $cs | $((ckb / 1024)) |"
done
