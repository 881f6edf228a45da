#!/usr/bin/env bash
# refmath sweep from the command line: shards merged by --merge give the
# whole sweep's result file line for line, an interrupted sweep writes nothing, bad arguments fail with
# one line, and a bound below the measured error fails.
# Usage: sweep_cli_test.sh PATH/TO/refmath
set -u
bin=$1
source "$(dirname "$0")/cli_lib.sh"

common=(--function erf --range=-6:6 --stride 997 --bins 9 --quiet)
"$bin" sweep "${common[@]}" --out "$tmp/whole.result" --csv "$tmp/whole.csv" >/dev/null || fail "whole sweep"
for i in 0 1 2; do
  "$bin" sweep "${common[@]}" --shard $i/3 --out "$tmp/part$i.result" >/dev/null || fail "shard $i"
done
"$bin" sweep --merge --out "$tmp/merged.result" --csv "$tmp/merged.csv" \
  "$tmp/part2.result" "$tmp/part0.result" "$tmp/part1.result" >/dev/null || fail "merge"
# Every line of the result file the same, the shards and the run time aside
# (the exact sum of the errors, the maximum, the histogram, the bins).
figures() { grep -Ev '^(shard_count|shards|seconds) ' "$1"; }
[ "$(figures "$tmp/whole.result")" = "$(figures "$tmp/merged.result")" ] ||
  fail "merged result differs from the whole sweep: $(diff <(figures "$tmp/whole.result") <(figures "$tmp/merged.result"))"
grep -qx 'shards 0 1 2' "$tmp/merged.result" || fail "merged result: shards line"
/usr/bin/python3 - "$tmp/whole.csv" "$tmp/merged.csv" <<'PY' || fail "merged csv differs"
import csv, sys
whole, merged = (list(csv.DictReader(open(p))) for p in sys.argv[1:])
for row in whole + merged:
    row.pop("seconds")
assert whole == merged, (whole, merged)
PY
# Contiguous shards: shard 0 of 3 holds the lowest third of the inputs
# (the negative ones), shard 2 the highest.
grep -q '^max_x 0x[89ABCDEF]' "$tmp/part0.result" || fail "shard 0/3 is not the lowest inputs"
grep -q '^max_x 0x[0-7]' "$tmp/part2.result" || fail "shard 2/3 is not the highest inputs"
grep -q '(partial)' <("$bin" sweep --report "$tmp/part0.result") || fail "a lone shard is not marked partial"
"$bin" sweep --merge --out "$tmp/x.result" "$tmp/part0.result" "$tmp/part0.result" 2>"$tmp/err" && fail "merging a shard twice succeeded"
grep -q "given twice" "$tmp/err" || fail "merge twice: message"

# Interrupted: exit 130, no output files, no temporaries.
"$bin" sweep --function erf --range=-6:6 --out "$tmp/int.result" --csv "$tmp/int.csv" --quiet &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "interrupted sweep exit $rc"
[ ! -e "$tmp/int.result" ] && [ ! -e "$tmp/int.csv" ] || fail "interrupted sweep wrote output"
ls "$tmp" | grep -q '\.tmp\.' && fail "temporary left behind"

# Progress to a pipe (not a terminal): the final 100% line once, not twice.
"$bin" sweep --function exp --range 1:2 --stride 100 2>"$tmp/progress" >/dev/null || fail "progress sweep"
[ "$(grep -c '100.0%' "$tmp/progress")" -eq 1 ] || fail "progress: 100% printed $(grep -c '100.0%' "$tmp/progress") times"

# A bound below the measured maximum fails; errors are one line.
"$bin" sweep --function exp --range=-16:16 --stride 4099 --max-ulp 0.5 --quiet >/dev/null && fail "--max-ulp 0.5 passed for exp"
for args in "--function exp" "--function exp --range=1" "--function exp --range=2:1" \
            "--function exp --all --range=1:2" "--function nope --all" \
            "--function exp --all --stride 0" "--function exp --all --shard 2/2" \
            "--report" "--merge $tmp/whole.csv" "--function exp --range=+1:2" \
            "--function exp --all --max-ulp +1"; do
  "$bin" sweep $args >/dev/null 2>"$tmp/err" && fail "accepted: $args"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "not one line for '$args': $(cat "$tmp/err")"
done

# Thread counts: out of range refused, never truncated; threads the system
# refuses end in a one-line error, not an abort.  (Skipped where the binary
# cannot start under the memory limit, as sanitizer builds cannot.)
for n in 1025 2147483648 4294967297 18446744073709551616 -1; do
  expect_failure 2 "--threads $n" "--threads needs a count from 0 (all cores) to 1024" \
    "$bin" sweep --function exp --range 1:2 --threads "$n" --quiet
done
if (ulimit -s 8192 && ulimit -v 500000 && "$bin" targets >/dev/null 2>&1); then
  expect_failure 2 "1024 threads under a 500 MB limit" "could start only [0-9]* of 1024 threads" \
    bash -c 'ulimit -s 8192 && ulimit -v 500000 && exec "$0" sweep --function exp --range 1:2 --stride 1000 --threads 1024 --quiet --out "$1"' \
    "$bin" "$tmp/threads.result"
  [ ! -e "$tmp/threads.result" ] || fail "a sweep short of threads wrote its result"
fi

# Strides: up to 2^32 (one value of --all), never one that overflows the
# count and sweeps nothing.
for n in 4294967297 18446744073709551615 18446744073709551616; do
  expect_failure 2 "--stride $n" "--stride needs a count from 1 to 2^32" \
    "$bin" sweep --function exp --all --stride "$n" --quiet
done
"$bin" sweep --function exp --all --stride 4294967296 --quiet --out "$tmp/one.result" >/dev/null ||
  fail "--all --stride 2^32"
grep -qx 'positions 1' "$tmp/one.result" && grep -qx 'count 1' "$tmp/one.result" ||
  fail "--all --stride 2^32 is not one value"

# Bounds binary32 cannot hold are refused, not moved to inf or 0.
for r in 1e999:inf 1e-50:1e-45 -1e39:0; do
  expect_failure 2 "--range $r" "--range needs LO:HI" \
    "$bin" sweep --function exp --range "$r" --quiet
done

# Labels: control characters refused.
expect_failure 2 "tab in --label" "label must be printable text" \
  "$bin" sweep --function exp --range 1:2 --quiet --label "$(printf 'a\tb')"

# Result files that no sweep could have written are refused.
"$bin" sweep --function log --range=1:2 --stride 100000 --quiet --out "$tmp/s0.result" >/dev/null ||
  fail "small sweep"
sed 's/^stride .*/stride 18446744073709551615/' "$tmp/s0.result" >"$tmp/bad.result"
expect_failure 2 "result with a huge stride" "bad.result: stride must be from 1 to 2^32" \
  "$bin" sweep --report "$tmp/bad.result"
sed 's/^positions .*/positions 0/' "$tmp/s0.result" >"$tmp/bad.result"
expect_failure 2 "result with 0 positions" "positions do not match" \
  "$bin" sweep --report "$tmp/bad.result"

# Options that do not apply to the mode are refused, and nothing is written.
"$bin" sweep --function log --range=1:2 --stride 100000 --bins 4 --quiet --out "$tmp/b0.result" >/dev/null ||
  fail "small sweep with bins"
expect_failure 2 "--report --out" "--out does not apply to --report" \
  "$bin" sweep --report "$tmp/s0.result" --out "$tmp/r.result"
expect_failure 2 "--report --bins-csv" "--bins-csv does not apply to --report" \
  "$bin" sweep --report "$tmp/b0.result" --bins-csv "$tmp/r.csv"
for opt in "--function log" "--range=5:6" "--shard 0/3" "--stride 7" "--label x" \
           "--threads 2" "--bins 4" "--all" "--variant fast"; do
  expect_failure 2 "--merge $opt" "does not apply to --merge" \
    "$bin" sweep --merge $opt --csv "$tmp/r.csv" "$tmp/s0.result"
done
expect_failure 2 "--bins-csv without --bins" "--bins-csv needs --bins" \
  "$bin" sweep --function log --range=1:2 --bins-csv "$tmp/r.csv" --quiet
expect_failure 2 "--merge --bins-csv without bins" "no error profile" \
  "$bin" sweep --merge --bins-csv "$tmp/r.csv" "$tmp/s0.result"
[ ! -e "$tmp/r.result" ] && [ ! -e "$tmp/r.csv" ] || fail "a refused command wrote a file"
"$bin" sweep --merge --bins-csv "$tmp/bins.csv" "$tmp/b0.result" >/dev/null &&
  [ "$(wc -l <"$tmp/bins.csv")" -eq 5 ] || fail "--merge --bins-csv of a result with 4 bins"

# Every output path is checked before the work: a bad one fails at once
# (a whole --all sweep would take minutes) and nothing is written.
expect_failure 2 "missing directory" "nodir/x.md: cannot create: No such file or directory" \
  "$bin" sweep --report "$tmp/s0.result" --csv "$tmp/ok.csv" --md "$tmp/nodir/x.md"
expect_failure 2 "directory output" "is a directory" \
  timeout 20 "$bin" sweep --function exp --all --quiet --csv "$tmp/ok.csv" --out "$tmp"
expect_failure 2 "output under a file" "Not a directory" \
  timeout 20 "$bin" sweep --function exp --all --quiet --md "$tmp/s0.result/x.md"
expect_failure 2 "one file twice" "--csv and --md name the same file" \
  "$bin" sweep --report "$tmp/s0.result" --csv "$tmp/ok.csv" --md "$tmp/ok.csv"
touch "$tmp/existing.csv" && ln -s existing.csv "$tmp/link.csv"
expect_failure 2 "one file twice, spelled differently" "--csv and --md name the same file" \
  "$bin" sweep --report "$tmp/s0.result" --csv "$tmp/existing.csv" --md "$tmp/./existing.csv"
expect_failure 2 "one file twice, through a link" "--csv and --md name the same file" \
  "$bin" sweep --report "$tmp/s0.result" --csv "$tmp/existing.csv" --md "$tmp/link.csv"
expect_failure 2 "empty output name" "--out needs a file name" \
  "$bin" sweep --function exp --range 1:2 --quiet --out ""
[ ! -e "$tmp/ok.csv" ] || fail "a refused command wrote ok.csv"
# A write that fails anyway takes back the files this run created.
if [ -w /dev/full ]; then
  expect_failure 2 "full device" "/dev/full: cannot write" \
    "$bin" sweep --report "$tmp/s0.result" --csv "$tmp/ok.csv" --md /dev/full
  [ ! -e "$tmp/ok.csv" ] || fail "a failed write left ok.csv"
fi

# Labels: '|', '\' and '"' kept in the tables without breaking them.
label='a|b\c "q"'
"$bin" sweep --function log --range=1:2 --stride 100000 --quiet --label "$label" \
  --out "$tmp/l.result" --csv "$tmp/l.csv" --md "$tmp/l.md" >/dev/null || fail "sweep with a label"
row=$(sed -n 3p "$tmp/l.md")
[ "$(printf '%s' "$row" | sed 's/\\\\//g; s/\\|//g' | tr -cd '|' | wc -c)" -eq 11 ] ||
  fail "label breaks the Markdown row: $row"
case "$row" in *'a\|b\\c "q" [1, 2] stride 100000 |'*) ;; *) fail "Markdown label: $row" ;; esac
/usr/bin/python3 - "$tmp/l.csv" "$label" <<'PY' || fail "label breaks the CSV row"
import csv, sys
header, row = list(csv.reader(open(sys.argv[1])))
assert len(row) == len(header), (header, row)
assert row[3] == sys.argv[2] + " [1, 2] stride 100000", row[3]
PY
"$bin" sweep --report "$tmp/l.result" | grep -qF 'a\|b\\c' || fail "label in --report"

finish "sweep cli"
