#!/usr/bin/env bash
# refmath_ane_envelopes: one-line errors with exit status 2 that leave the
# document untouched, and a quick section written between the markers.
# Usage: envelopes_cli_test.sh PATH/TO/refmath_ane_envelopes
set -u
bin=$1
source "$(dirname "$0")/../cli_lib.sh"

# expect_error DESCRIPTION PATTERN COMMAND...: exit 2, one line.
expect_error() { expect_failure 2 "$@"; }

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

finish refmath_ane_envelopes
