#!/usr/bin/env bash
# refmath mcu table: the table sizes, the golden rows reproduced from the
# command line, and one-line errors (exit 2, nothing written) for bad
# parameters.
# Usage: mcu_cli_test.sh PATH/TO/refmath PATH/TO/golden/mcu.sha256
set -u
bin=$1
golden=$2
source "$(dirname "$0")/../cli_lib.sh"

# expect_error DESCRIPTION PATTERN ARGS...: `refmath mcu ARGS` exits 2
# with one line and writes no output file.
expect_error() {
  local what=$1 pattern=$2
  shift 2
  rm -f "$tmp/err.bin"
  expect_failure 2 "$what" "$pattern" "$bin" mcu "$@"
  [ ! -e "$tmp/err.bin" ] || fail "$what: wrote the output file"
}

# Sizes: 256 bytes for int8, 65536 little-endian int16 for int16.
"$bin" mcu table --op logistic_s8 --input-scale 0.0625 --input-zero-point 0 --out "$tmp/l8.bin" || fail "logistic_s8"
[ "$(stat -c %s "$tmp/l8.bin")" -eq 256 ] || fail "logistic_s8 size"
"$bin" mcu table --op tanh_s16 --input-multiplier 0 --input-left-shift 0 --out "$tmp/t16.bin" || fail "tanh_s16"
[ "$(stat -c %s "$tmp/t16.bin")" -eq 131072 ] || fail "tanh_s16 size"
# logistic_s8 at scale 1/16, zero point 0: input 0 (byte 128) -> 0, input
# 16 (byte 144) -> 59 (256 sigmoid(1) = 187.15), input 127 -> 127.
vals=$(printf '%s %s %s' "$(od -An -tu1 -j128 -N1 "$tmp/l8.bin")" "$(od -An -tu1 -j144 -N1 "$tmp/l8.bin")" "$(od -An -tu1 -j255 -N1 "$tmp/l8.bin")" | tr -s ' ')
[ "$vals" = " 0 59 127" ] || fail "logistic_s8 values '$vals', expected ' 0 59 127'"

# --ideal: the oracle's table.  At scale 1/16 it equals the kernel's
# (ulp_tables/mcu.md: no input differs); at 1/256 and zero point 0 the
# inputs -2 and 2 differ (256 sigmoid(2/256) - 128 is just below 0.5: the
# oracle gives 0, the kernel 1).
"$bin" mcu table --op logistic_s8 --input-scale 0.00390625 --input-zero-point 0 --out "$tmp/k.bin" || fail "logistic_s8 1/256"
"$bin" mcu table --op logistic_s8 --input-scale 0.00390625 --input-zero-point 0 --ideal --out "$tmp/i.bin" || fail "ideal logistic_s8 1/256"
diffs=$(cmp -l "$tmp/k.bin" "$tmp/i.bin" | tr -s ' ' | tr '\n' ';')
[ "$diffs" = "127 377 0;131 1 0;" ] || fail "ideal vs kernel at 1/256: '$diffs'"
"$bin" mcu table --op logistic_s8 --input-scale 0.0625 --input-zero-point 0 --ideal --out "$tmp/i8.bin" || fail "ideal logistic_s8"
cmp -s "$tmp/l8.bin" "$tmp/i8.bin" || fail "ideal logistic_s8 at 1/16 differs from the kernel"
"$bin" mcu table --op tanh_s16 --input-multiplier 0 --input-left-shift 0 --ideal --out "$tmp/i16.bin" || fail "ideal tanh_s16"
[ "$(stat -c %s "$tmp/i16.bin")" -eq 131072 ] || fail "ideal tanh_s16 size"
cmp -s "$tmp/t16.bin" "$tmp/i16.bin" && fail "ideal tanh_s16 equals the kernel's table"

# Every golden row from the command line: the int16 rows by multiplier
# and shift and again by scale.
while read -r digest name; do
  case "$digest" in \#*|"") continue ;; esac
  IFS=: read -r op f1 f2 f3 <<<"$name"
  scale=${f1#scale=}
  if [ "${op%_s8}" != "$op" ]; then
    args=(--input-scale "$scale" --input-zero-point "${f2#zp=}")
  else
    args=(--input-multiplier "${f2#mult=}" --input-left-shift "${f3#shift=}")
    "$bin" mcu table --op "$op" --input-scale "$scale" --out "$tmp/s.bin" || fail "$name by scale"
    [ "$(sha256sum <"$tmp/s.bin" | cut -d' ' -f1)" = "$digest" ] || fail "$name by scale: digest"
  fi
  "$bin" mcu table --op "$op" "${args[@]}" --out "$tmp/g.bin" || fail "$name"
  [ "$(sha256sum <"$tmp/g.bin" | cut -d' ' -f1)" = "$digest" ] || fail "$name: digest"
done <"$golden"

out=(--out "$tmp/err.bin")
expect_error "no subcommand" "expected 'table'"
expect_error "unknown subcommand" "expected 'table'" tables --op tanh_s8
expect_error "unknown op" "unknown --op 'gelu_s8'" table --op gelu_s8 --input-scale 1 --input-zero-point 0 "${out[@]}"
expect_error "missing op" "op" table --input-scale 1 --input-zero-point 0 "${out[@]}"
expect_error "missing out" "out" table --op tanh_s8 --input-scale 1 --input-zero-point 0
expect_error "zero scale" "positive finite" table --op tanh_s8 --input-scale 0 --input-zero-point 0 "${out[@]}"
expect_error "negative scale" "positive finite" table --op tanh_s8 --input-scale -0.5 --input-zero-point 0 "${out[@]}"
expect_error "infinite scale" "positive finite" table --op tanh_s8 --input-scale inf --input-zero-point 0 "${out[@]}"
expect_error "NaN scale" "positive finite" table --op tanh_s8 --input-scale nan --input-zero-point 0 "${out[@]}"
expect_error "scale beyond float" "positive finite" table --op tanh_s8 --input-scale 1e39 --input-zero-point 0 "${out[@]}"
expect_error "junk scale" "positive finite" table --op tanh_s8 --input-scale 0.1x --input-zero-point 0 "${out[@]}"
expect_error "blank before scale" "positive finite" table --op tanh_s8 --input-scale " 0.1" --input-zero-point 0 "${out[@]}"
expect_error "blank before zero point" "in -128..127" table --op logistic_s8 --input-scale 0.1 --input-zero-point " 5" "${out[@]}"
expect_error "plus before zero point" "in -128..127" table --op logistic_s8 --input-scale 0.1 --input-zero-point +5 "${out[@]}"
expect_error "lone minus zero point" "in -128..127" table --op logistic_s8 --input-scale 0.1 --input-zero-point - "${out[@]}"
expect_error "blank before shift" "in 0..31" table --op sigmoid_s16 --input-multiplier 100 --input-left-shift " 3" "${out[@]}"
expect_error "zero point 128" "in -128..127" table --op logistic_s8 --input-scale 0.1 --input-zero-point 128 "${out[@]}"
expect_error "zero point -129" "in -128..127" table --op logistic_s8 --input-scale 0.1 --input-zero-point -129 "${out[@]}"
expect_error "missing zero point" "input-zero-point" table --op logistic_s8 --input-scale 0.1 "${out[@]}"
expect_error "s16 option on s8" "take --input-scale" table --op tanh_s8 --input-multiplier 5 --input-left-shift 1 "${out[@]}"
expect_error "shift 32" "in 0..31" table --op sigmoid_s16 --input-multiplier 100 --input-left-shift 32 "${out[@]}"
expect_error "shift -1" "in 0..31" table --op sigmoid_s16 --input-multiplier 100 --input-left-shift -1 "${out[@]}"
expect_error "negative multiplier" "0..2147483647" table --op tanh_s16 --input-multiplier -3 --input-left-shift 1 "${out[@]}"
expect_error "multiplier without shift" "input-left-shift" table --op tanh_s16 --input-multiplier 3 "${out[@]}"
expect_error "both parameter forms" "or --input-scale" table --op tanh_s16 --input-scale 0.001 --input-multiplier 3 --input-left-shift 1 "${out[@]}"
expect_error "zero point on s16" "zero point 0" table --op tanh_s16 --input-zero-point 0 --input-scale 0.001 "${out[@]}"
expect_error "unwritable output" "" table --op tanh_s8 --input-scale 1 --input-zero-point 0 --out "$tmp/no/such/dir/x.bin"

expect_error "hexadecimal scale" "positive finite" table --op tanh_s8 --input-scale 0x1p-3 --input-zero-point 0 "${out[@]}"
expect_error "hexadecimal scale (s16)" "positive finite" table --op tanh_s16 --input-scale 0X1P-10 "${out[@]}"
expect_error "scale underflowing double" "positive finite" table --op tanh_s8 --input-scale 1e-400 --input-zero-point 0 "${out[@]}"

# User text in errors is escaped: still one line.
expect_error "newline in the op" "unknown --op 'ta\\\\x0Anh'" table --op $'ta\nnh' "${out[@]}"
expect_error "newline in the scale" "got '0.1\\\\x0A'" table --op tanh_s8 --input-scale $'0.1\n' --input-zero-point 0 "${out[@]}"
expect_error "newline in the zero point" "got '1\\\\x0A'" table --op tanh_s8 --input-scale 0.1 --input-zero-point $'1\n' "${out[@]}"
expect_error "newline in the multiplier" "got '1\\\\x0A'" table --op tanh_s16 --input-multiplier $'1\n' --input-left-shift 1 "${out[@]}"
expect_error "newline in the shift" "got '1\\\\x0A'" table --op tanh_s16 --input-multiplier 1 --input-left-shift $'1\n' "${out[@]}"

# Help: the mcu usage on stdout, exit 0.
for h in "--help" "-h" "table --help" "table --op tanh_s8 -h"; do
  expect_help "mcu $h" "^usage: refmath mcu table --op" "$bin" mcu $h
done

finish "mcu table"
