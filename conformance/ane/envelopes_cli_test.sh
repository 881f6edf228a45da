#!/usr/bin/env bash
# refmath_ane_envelopes: one-line errors with exit status 2 that leave the
# document untouched, and a quick section written between the markers.
# Usage: envelopes_cli_test.sh PATH/TO/refmath_ane_envelopes
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_error DESCRIPTION PATTERN COMMAND...: exit 2, one line on stderr
# matching PATTERN, nothing on stdout.
expect_error() {
  local what=$1 pattern=$2; shift 2
  "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit status $rc, want 2"
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] || fail "$what: stderr is not one line: $(cat "$tmp/stderr")"
  grep -q -- "$pattern" "$tmp/stderr" || fail "$what: stderr '$(cat "$tmp/stderr")' lacks '$pattern'"
  [ ! -s "$tmp/stdout" ] || fail "$what: wrote to stdout"
}

printf 'intro\n<!-- BEGIN GENERATED: refmath_ane_envelopes -->\nold\n<!-- END GENERATED -->\ntail\n' >"$tmp/doc.md"
printf 'no markers here\n' >"$tmp/plain.md"
cp "$tmp/plain.md" "$tmp/plain.orig"

expect_error "no destination" "exactly one of --doc FILE and --print" "$bin"
expect_error "both destinations" "exactly one of" "$bin" --print --doc "$tmp/doc.md"
expect_error "unknown option" "bogus" "$bin" --print --bogus 1
expect_error "unknown profile" "unknown profile 'm9'" "$bin" --print --profile m9
expect_error "unknown section" "unknown --section 'ffts'" "$bin" --print --section ffts
expect_error "missing document" "$tmp/missing.md" "$bin" --doc "$tmp/missing.md" --section compress
expect_error "document without markers" "no generated section" "$bin" --doc "$tmp/plain.md" --section compress
cmp -s "$tmp/plain.md" "$tmp/plain.orig" || fail "a refused document was modified"

# The compression section is quick: written between the markers only.
"$bin" --doc "$tmp/doc.md" --section compress 2>"$tmp/stderr" || fail "writing the compress section: $(cat "$tmp/stderr")"
head -1 "$tmp/doc.md" | grep -qx "intro" || fail "text before the markers changed"
tail -1 "$tmp/doc.md" | grep -qx "tail" || fail "text after the markers changed"
grep -q "^old$" "$tmp/doc.md" && fail "the old generated text is still there"
grep -q "^| Gaussian, sd 0.02 |" "$tmp/doc.md" || fail "the compression table is missing"
grep -q -- "--section compress" "$tmp/doc.md" || fail "the regeneration command is missing"
# Under another preset the regeneration command names it.
"$bin" --print --profile m1 --section compress >"$tmp/m1.md" 2>/dev/null || fail "printing under m1"
grep -q -- "--doc docs/ane-envelopes.md --profile m1 --section compress" "$tmp/m1.md" ||
  fail "the m1 regeneration command lacks --profile m1: $(grep Regenerate -A1 "$tmp/m1.md")"

if [ "$fails" -ne 0 ]; then
  echo "$fails check(s) failed"
  exit 1
fi
echo "all refmath_ane_envelopes checks passed"
