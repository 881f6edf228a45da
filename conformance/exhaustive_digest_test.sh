#!/usr/bin/env bash
# refmath_exhaustive_digest --check against golden/exhaustive.sha256: exp's
# exact row over all 2^32 inputs on the best target here (about 10 s on
# AVX-512), a tampered row reported as a mismatch with exit 1, and
# malformed check files and options refused before any computation.
# Usage: exhaustive_digest_test.sh PATH/TO/refmath_exhaustive_digest GOLDEN_DIR
set -u
bin=$1 golden=$2/exhaustive.sha256
source "$(dirname "$0")/cli_lib.sh"

# The pinned row, and the same row with its first digit changed.
"$bin" --check "$golden" --function exp --variant exact >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "exp exact: exit $rc: $(cat "$tmp/out" "$tmp/err")"
grep -q '^ok  *exp exact on ' "$tmp/out" || fail "exp exact: no ok line: $(cat "$tmp/out")"
grep -q '^PASS: 1 of 1 rows' "$tmp/out" || fail "exp exact: no PASS line"

row=$(grep ' exp exact$' "$golden")
digit=${row:0:1}
other=$([ "$digit" = 0 ] && echo 1 || echo 0)
echo "$other${row:1}" >"$tmp/tampered.sha256"
"$bin" --check "$tmp/tampered.sha256" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "tampered row: exit $rc, want 1"
grep -q '^MISMATCH exp exact on .*: got '"$digit" "$tmp/out" ||
  fail "tampered row: no MISMATCH line with the real digest: $(cat "$tmp/out")"
grep -q '^FAIL: 0 of 1 rows' "$tmp/out" || fail "tampered row: no FAIL line"

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
# An option error is a line and the usage.
"$bin" --check "$golden" --scalar --target avx2 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "--scalar with --target: exit $rc, want 2"
grep -q 'takes no --target' "$tmp/err" ||
  fail "--scalar with --target: stderr '$(cat "$tmp/err")'"
[ ! -s "$tmp/out" ] || fail "--scalar with --target: wrote to stdout"

finish exhaustive_digest
