#!/usr/bin/env bash
# refmath_exhaustive_digest against golden/exhaustive.sha256: exp's exact
# row over all 2^32 inputs on the best target, computed as two shards and
# merged (the same work as one run, about 10 to 40 s; the single-run
# --check is exercised by the exhaustive_correct_quick_* tests), a
# tampered row reported as a mismatch with exit 1, and malformed check
# files and options refused before any computation.
# Usage: exhaustive_digest_test.sh PATH/TO/refmath_exhaustive_digest GOLDEN_DIR
set -u
bin=$1 golden=$2/exhaustive.sha256
source "$(dirname "$0")/cli_lib.sh"

for i in 0 1; do
  "$bin" --function exp --variant exact --shard $i/2 --out "$tmp/part$i" >"$tmp/out" 2>"$tmp/err" ||
    fail "shard $i/2: $(cat "$tmp/out" "$tmp/err")"
done
[ "$(grep -c '^digest exp exact ' "$tmp/part0")" -eq 128 ] || fail "shard 0/2 does not hold 128 blocks"

# The pinned row, from the merged shards.
"$bin" --merge --check "$golden" "$tmp/part1" "$tmp/part0" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "exp exact: exit $rc: $(cat "$tmp/out" "$tmp/err")"
grep -q '^ok  *exp exact on ' "$tmp/out" || fail "exp exact: no ok line: $(cat "$tmp/out")"
grep -q '^PASS: 1 of 1 rows' "$tmp/out" || fail "exp exact: no PASS line"

# The same row with its first digit changed.
row=$(grep ' exp exact$' "$golden")
digit=${row:0:1}
other=$([ "$digit" = 0 ] && echo 1 || echo 0)
echo "$other${row:1}" >"$tmp/tampered.sha256"
"$bin" --merge --check "$tmp/tampered.sha256" "$tmp/part0" "$tmp/part1" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "tampered row: exit $rc, want 1"
grep -q '^MISMATCH exp exact on .*: got '"$digit" "$tmp/out" ||
  fail "tampered row: no MISMATCH line with the real digest: $(cat "$tmp/out")"
grep -q '^FAIL: 0 of 1 rows' "$tmp/out" || fail "tampered row: no FAIL line"
# --write refuses to pin what failed the check.
"$bin" --merge --check "$tmp/tampered.sha256" --write "$tmp/new.sha256" "$tmp/part0" "$tmp/part1" \
  >/dev/null 2>&1 && fail "--write after a mismatch succeeded"
[ ! -e "$tmp/new.sha256" ] || fail "--write after a mismatch wrote the file"
# Rewritten from the merge, the row is the pinned one again.
"$bin" --merge --write "$tmp/new.sha256" "$tmp/part0" "$tmp/part1" >/dev/null || fail "--merge --write"
[ "$(grep -v '^#' "$tmp/new.sha256")" = "$row" ] || fail "--write: $(grep -v '^#' "$tmp/new.sha256")"

# Refused before computing anything.
printf 'abc  exp exact\n' >"$tmp/short.sha256"
expect_failure 2 "short digest" "short.sha256:1: expected 'DIGEST  FUNCTION VARIANT'" \
  "$bin" --check "$tmp/short.sha256"
printf '%s  expo exact\n' "${row:0:64}" >"$tmp/name.sha256"
expect_failure 2 "unknown function" "name.sha256:1: .*expo" \
  "$bin" --check "$tmp/name.sha256"
printf '# only a comment\n' >"$tmp/empty.sha256"
expect_failure 2 "no rows" "empty.sha256: no rows" "$bin" --check "$tmp/empty.sha256"
expect_failure 2 "missing file" "cannot open" "$bin" --check "$tmp/missing.sha256"
expect_failure 2 "no matching row" "no row of .* matches" \
  "$bin" --check "$tmp/tampered.sha256" --variant fast
printf '%s  log exact\n' "${row:0:64}" >"$tmp/log.sha256"
expect_failure 2 "no matching row in a merge" "no row of .* matches" \
  "$bin" --merge --check "$tmp/log.sha256" "$tmp/part0" "$tmp/part1"
expect_failure 2 "--scalar with --target" "takes no --target" \
  "$bin" --check "$golden" --scalar --target avx2
expect_failure 2 "--scalar with --shard" "takes no --shard" \
  "$bin" --scalar --shard 0/2 --out "$tmp/part_scalar"
[ ! -e "$tmp/part_scalar" ] || fail "--scalar with --shard wrote a part"

# same_as_array F V BLOCKS FLAG LABEL: the row of F in variant V over
# BLOCKS computed with FLAG (its source shown as LABEL, a grep pattern) has
# the array call's digest.
same_as_array() {
  local f=$1 v=$2 blocks=$3 flag=$4 label=$5
  "$bin" --function $f --variant $v --blocks $blocks >"$tmp/array" 2>/dev/null ||
    fail "$f $v blocks $blocks: exit $?"
  "$bin" --function $f --variant $v --blocks $blocks $flag >"$tmp/other" 2>/dev/null ||
    fail "$f $v blocks $blocks $flag: exit $?"
  grep -q " $f $v $label blocks $blocks\$" "$tmp/other" ||
    fail "$flag row: $(cat "$tmp/other")"
  [ "$(cut -d' ' -f1 "$tmp/array")" = "$(cut -d' ' -f1 "$tmp/other")" ] ||
    fail "$f $v $blocks: $flag $(cat "$tmp/other") vs array $(cat "$tmp/array")"
}

# The scalar calls give the array call's bits, one call per value: exp's
# exact and correct rows over two blocks of moderate inputs (0x3D000000 up,
# 1/32 to 1/2, where the correct variant's quick path answers) and over the
# last two positive blocks (huge inputs, +inf and the positive NaNs).
for v in exact correct; do
  for blocks in 61:63 126:128; do
    same_as_array exp $v $blocks --scalar scalar-calls
  done
done

# refmath_sincos_f32 gives the bits of the sin and cos rows, from one
# reduction where its quick path settles both: blocks 62:64 (1/8 to 2) and
# 190:192 (-1/8 to -2), on the best target; and its refusals.
for blocks in 62:64 190:192; do
  for f in sin cos; do
    same_as_array $f correct $blocks --sincos "sincos-call [a-z0-9_]*"
  done
done
expect_failure 2 "--sincos of exp" "sin and cos only, not exp" \
  "$bin" --sincos --function exp --blocks 62:64
expect_failure 2 "--sincos with --scalar" "exclude each other" \
  "$bin" --sincos --scalar --blocks 62:64
expect_failure 2 "--sincos with --write" "takes no --write" \
  "$bin" --sincos --write "$tmp/sincos.sha256"
[ ! -e "$tmp/sincos.sha256" ] || fail "--sincos with --write wrote a file"

finish exhaustive_digest
