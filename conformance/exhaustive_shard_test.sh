#!/usr/bin/env bash
# refmath_exhaustive_digest's shards and merge on part of the inputs
# (--blocks: a whole row takes 10 to 40 s, too long to run twice here;
# exhaustive_digest_exp merges a whole row against the pinned digest):
# shards merged in any order give the one run's digest; the digest is the
# one its definition gives with coreutils (sha256sum over `refmath eval`'s
# outputs); part files that do not make one run are refused; bad options
# fail with one line and exit 2 before any work, writing nothing; a shard
# stopped midway writes no part file.
# Usage: exhaustive_shard_test.sh PATH/TO/refmath_exhaustive_digest PATH/TO/refmath
set -u
bin=$1 refmath=$2
source "$(dirname "$0")/cli_lib.sh"

# Blocks 60 to 65 (5 x 2^24 inputs, from 2^-7 to 2^3) of exp's three
# rows, in one run and in 4 shards.
rows=(--function exp --variant all --blocks 60:65)
"$bin" "${rows[@]}" >"$tmp/one" 2>/dev/null || fail "one run"
[ "$(wc -l <"$tmp/one")" -eq 3 ] || fail "one run: not 3 rows: $(cat "$tmp/one")"
[ "$(cut -c1-64 "$tmp/one" | sort -u | wc -l)" -eq 3 ] || fail "the three variants' digests are not distinct"
for i in 0 1 2 3; do
  "$bin" "${rows[@]}" --shard $i/4 --out "$tmp/p$i" >/dev/null 2>&1 || fail "shard $i/4"
done
# 5 blocks in 4 shards: 1, 1, 1 and 2 of them, in order.
[ "$(grep '^digest exp exact ' "$tmp/p0" | cut -d' ' -f5)" = 60 ] &&
  [ "$(grep '^digest exp exact ' "$tmp/p3" | cut -d' ' -f5 | tr '\n' ' ')" = "63 64 " ] ||
  fail "shards are not blocks 60, 61, 62, 63:65"
"$bin" --merge "$tmp/p2" "$tmp/p0" "$tmp/p3" "$tmp/p1" >"$tmp/merged" 2>"$tmp/err" ||
  fail "merge: $(cat "$tmp/err")"
[ "$(cat "$tmp/merged")" = "$(cat "$tmp/one")" ] ||
  fail "merged digests differ from the one run: $(cat "$tmp/merged") vs $(cat "$tmp/one")"
grep -q '^[0-9a-f]\{64\}  exp exact .* blocks 60:65$' "$tmp/one" || fail "row line: $(head -1 "$tmp/one")"

# The definition, by hand: SHA-256 of the blocks' hex SHA-256 lines, the
# blocks' outputs from refmath eval (blocks 60 and 61 of exp exact).
/usr/bin/python3 -c '
import sys, numpy
sys.stdout.buffer.write(numpy.arange(60 << 24, 62 << 24, dtype="<u4").tobytes())' |
  "$refmath" eval --function exp --variant exact --in - --out - |
  split -b $((4 << 24)) --filter='sha256sum | cut -c1-64' - >"$tmp/lines"
[ "$(sort -u "$tmp/lines" | wc -l)" -eq 2 ] || fail "by hand: not 2 distinct block digests"
"$bin" --function exp --variant exact --blocks 60:62 >"$tmp/tool" 2>/dev/null || fail "blocks 60:62"
[ "$(sha256sum <"$tmp/lines" | cut -c1-64)" = "$(cut -c1-64 "$tmp/tool")" ] ||
  fail "the digest is not the SHA-256 of the blocks' digest lines"

# Part files that do not make one run.
expect_failure 2 "a shard missing" "exp exact: no part has block 63 (a shard missing?)" \
  "$bin" --merge "$tmp/p0" "$tmp/p1" "$tmp/p2"
expect_failure 2 "a shard twice" "given twice" \
  "$bin" --merge "$tmp/p0" "$tmp/p1" "$tmp/p1" "$tmp/p2" "$tmp/p3"
"$bin" --function exp --variant exact --blocks 60:66 --shard 5/6 --out "$tmp/other" >/dev/null 2>&1
expect_failure 2 "another run's shard" "parts of different runs: blocks 60:65 and 60:66" \
  "$bin" --merge "$tmp/p0" "$tmp/p1" "$tmp/p2" "$tmp/other"
sed 's/^\(digest exp exact\) [a-z0-9_]* /\1 scalar /' "$tmp/p3" >"$tmp/p3-scalar"
expect_failure 2 "shards on different targets" "exp exact: shards ran on different targets" \
  "$bin" --merge "$tmp/p0" "$tmp/p1" "$tmp/p2" "$tmp/p3-scalar"
head -n 3 "$tmp/p3" >"$tmp/p3-cut"
expect_failure 2 "truncated part" "p3-cut: truncated" "$bin" --merge "$tmp/p3-cut"
sed '3s/ [0-9a-f]*$/ 12345/' "$tmp/p3" >"$tmp/p3-bad"
expect_failure 2 "malformed digest line" "p3-bad:3: expected 'digest FUNCTION" "$bin" --merge "$tmp/p3-bad"
expect_failure 2 "not a part" "not a refmath exhaustive digest part" "$bin" --merge "$tmp/one"
printf '%s  exp exact\n' "$(cut -c1-64 "$tmp/tool")" >"$tmp/valid.sha256"
expect_failure 2 "--check on part of the inputs" "--check and --write need" \
  "$bin" --merge --check "$tmp/valid.sha256" "$tmp/p0" "$tmp/p1" "$tmp/p2" "$tmp/p3"

# Options refused before any work; no file written.
for args in "--blocks 3:3" "--blocks 0:257" "--blocks 5" "--shard 0/2" "--out $tmp/x" \
            "--blocks 0:4 --shard 4/4 --out $tmp/x" "--blocks 0:4 --shard 0/5 --out $tmp/x" \
            "--blocks 0:8 --check $tmp/valid.sha256" "--blocks 0:8 --write $tmp/x" \
            "--shard 0/2 --out $tmp/x --write $tmp/y" "--merge" "--merge --blocks 0:8 $tmp/p0" \
            "--check $tmp/valid.sha256 --check-plain $tmp/valid.sha256" \
            "--function log1p --variant exact" "--check $tmp/one" \
            "--function exp --target nope" "$tmp/p0" "--shard 0/2 --out $tmp/nodir/x"; do
  expect_failure 2 "$args" "^refmath_exhaustive_digest: " "$bin" $args
done
[ ! -e "$tmp/x" ] && [ ! -e "$tmp/y" ] || fail "a refused command wrote a file"
# A shard stopped before its end leaves no part file.
"$bin" --function exp --variant exact --shard 0/1 --out "$tmp/stopped" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
[ $? -ne 0 ] && [ ! -e "$tmp/stopped" ] || fail "a stopped shard wrote its part file"
"$bin" --help | grep -q -- '--shard i/N --out PART' || fail "--help"

finish exhaustive_shards
