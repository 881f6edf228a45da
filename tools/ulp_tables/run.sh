#!/usr/bin/env bash
# Regenerates ulp_tables/ from sweeps.  Usage:
#   tools/ulp_tables/run.sh spec   # the specification's rows (+ exp_nonpositive,
#                                  #   one_plus_erf), about 15 minutes on 2 cores
#   tools/ulp_tables/run.sh full   # every binary32 input of each exact function,
#                                  #   about 20 minutes on 2 cores
#   tools/ulp_tables/run.sh fast   # the fast variant's rows, about 15 minutes
#   tools/ulp_tables/run.sh correct  # every binary32 input of each function of
#                                  #   the correctly rounded variant, about 5
#                                  #   minutes per function on 2 cores
#   tools/ulp_tables/run.sh render [--variant V]  # tables and plots from the
#                                  #   saved results (one variant: no plot)
# Results (one small text file per row) go to ulp_tables/results/.  A row
# already there is not run again while its kernel's outputs are the ones it
# was swept with: results/kernels.txt keeps, per row, the golden-set digest
# (`refmath hash`) of the function and variant at the time of the sweep,
# and a row whose digest has changed since is run again.  Delete a result
# to redo it anyway.  Needs build/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${REFMATH_BIN:-$root/build/bin/refmath}"
out="$root/ulp_tables"
mkdir -p "$out/results" "$out/profiles"

stamps="$out/results/kernels.txt"  # "ROW DIGEST" lines, sorted by row
touch "$stamps"

# The golden-set digest of FUNCTION in VARIANT: changes with any output bit.
kernel_digest() { "$bin" hash --function "$1" --variant "$2" | cut -d' ' -f1; }
swept_digest() { awk -v row="$1" '$1 == row { print $2 }' "$stamps"; }
record_digest() {
  { grep -v "^$1 " "$stamps" || true; echo "$1 $2"; } | LC_ALL=C sort >"$stamps.tmp"
  mv "$stamps.tmp" "$stamps"
}

# run NAME FUNCTION VARIANT LABEL RANGE STRIDE [extra sweep options]
run() {
  local name=$1 fn=$2 variant=$3 label=$4 range=$5 stride=$6; shift 6
  local result="$out/results/$name.result" digest
  digest=$(kernel_digest "$fn" "$variant")
  if [ -f "$result" ] && [ "$(swept_digest "$name")" = "$digest" ]; then
    echo "have $name"
    return
  fi
  [ -f "$result" ] && echo "redo $name: $fn $variant's outputs changed since its sweep" >&2
  echo "== $name: $fn $variant $label $range stride $stride" >&2
  local args=(--function "$fn" --variant "$variant" --label "$label" --stride "$stride" --out "$result")
  if [ "$range" = all ]; then args+=(--all); else args+=("--range=$range"); fi
  # A row may report failures (NaN/inf disagreements outside a function's
  # domain, say): its result is still written and shown in the table.
  "$bin" sweep "${args[@]}" "$@" | sed -n 3p || true
  [ -f "$result" ] && record_digest "$name" "$digest"
}

spec_rows() {
  # Hot ranges at stride 1 also record an error profile for the plots.
  local prof=(--bins 2000)
  run exp-hot exp exact hot -16:16 1 "${prof[@]}" --bins-csv "$out/profiles/exp.csv"
  run exp-wide exp exact wide -110:90 67
  run log-hot log exact hot 0.0625:16 1 "${prof[@]}" --bins-csv "$out/profiles/log.csv"
  run log-wide log exact wide 0:FLT_MAX 67
  run tanh-hot tanh exact hot -10:10 1 "${prof[@]}" --bins-csv "$out/profiles/tanh.csv"
  run tanh-wide tanh exact wide -50:50 67
  run erf-hot erf exact hot -6:6 1 "${prof[@]}" --bins-csv "$out/profiles/erf.csv"
  run erf-wide erf exact wide -10:10 67
  run sigmoid-hot sigmoid exact hot -16:16 1 "${prof[@]}" --bins-csv "$out/profiles/sigmoid.csv"
  run sigmoid-wide sigmoid exact wide -110:90 67
  run gelu_erf-hot gelu_erf exact hot -3:10 1 "${prof[@]}" --bins-csv "$out/profiles/gelu_erf.csv"
  run gelu_tanh-hot gelu_tanh exact hot -3:10 1 "${prof[@]}" --bins-csv "$out/profiles/gelu_tanh.csv"
  run gelu_erf-tail1 gelu_erf exact "negative tail" -6:-3 1
  run gelu_erf-tail2 gelu_erf exact "negative tail" -12:-6 1
  run gelu_tanh-tail1 gelu_tanh exact "negative tail" -6:-3 1
  run gelu_tanh-tail2 gelu_tanh exact "negative tail" -12:-6 1
  # Beyond the specification's table.
  run exp_nonpositive-domain exp_nonpositive exact domain -87.33654:0 1
  run one_plus_erf-hot one_plus_erf exact hot -6:6 1 "${prof[@]}" --bins-csv "$out/profiles/one_plus_erf.csv"
}

fast_rows() {
  run fast-exp-hot exp fast hot -16:16 1
  run fast-exp-wide exp fast wide -87:88 67
  run fast-log-hot log fast hot 0.0625:16 1
  run fast-tanh-hot tanh fast hot -10:10 1
  run fast-erf-hot erf fast hot -6:6 1
  run fast-sigmoid-hot sigmoid fast hot -16:16 1
  run fast-gelu_erf-hot gelu_erf fast hot -3:10 1
  run fast-gelu_tanh-hot gelu_tanh fast hot -3:10 1
  run fast-gelu_erf-tail1 gelu_erf fast "negative tail" -6:-3 1
  run fast-gelu_erf-tail2 gelu_erf fast "negative tail" -12:-6 1
  run fast-exp_nonpositive-domain exp_nonpositive fast domain -87.33654:0 1
  run fast-one_plus_erf-hot one_plus_erf fast hot -6:6 1
}

full_rows() {
  for fn in $("$bin" functions --variant exact); do
    run "$fn-all" "$fn" exact "" all 1
  done
}

correct_rows() {
  for fn in $("$bin" functions --variant correct); do
    run "correct-$fn-all" "$fn" correct "" all 1
  done
}

# render [--variant V]: all tables and the plot, or one variant's table.
render() {
  # Debian's python3 has python3-matplotlib for the plot (apt-get install
  # python3-matplotlib); another python3 renders the tables without it.
  local py=python3
  [ -x /usr/bin/python3 ] && py=/usr/bin/python3
  "$py" "$root/tools/ulp_tables/render.py" --refmath "$bin" --out "$out" \
    --spec "$root/tools/ulp_tables/spec_rows.csv" "$@"
}

case "${1:-}" in
  spec) spec_rows; render ;;
  full) full_rows; render ;;
  fast) fast_rows; render ;;
  correct) correct_rows; render --variant correct ;;
  render) shift; render "$@" ;;
  *) echo "usage: $0 spec|full|fast|correct|render" >&2; exit 2 ;;
esac
