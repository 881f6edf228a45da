#!/usr/bin/env bash
# refmath ane: eval over raw little-endian binary16 (files and stdin/stdout),
# the listings, and one-line errors with exit status 2 and no output left
# behind.  Usage: cli_test.sh PATH/TO/refmath
set -u
bin=$1
source "$(dirname "$0")/../cli_lib.sh"

# expect_error DESCRIPTION PATTERN COMMAND...: exit 2, one line.
expect_error() { expect_failure 2 "$@"; }

hex() { od -An -tx1 -v "$1" | tr -d ' \n'; }

# Listings.
"$bin" ane functions >"$tmp/functions" || fail "ane functions"
for f in neg abs square sqrt exp log tanh sigmoid; do
  grep -q "^$f " "$tmp/functions" || fail "ane functions lacks $f"
done
"$bin" ane profiles >"$tmp/profiles" || fail "ane profiles"
for p in spec m1 m3 m5; do
  grep -q "^$p " "$tmp/profiles" || fail "ane profiles lacks $p"
done

# exp(1) = 2.71875 (0x4170), exp(2) = 7.390625 (0x4764), exp(-inf) = +0,
# written by hand.
printf '\x00\x3c\x00\x40\x00\xfc' >"$tmp/in.f16"
"$bin" ane eval --function exp --in "$tmp/in.f16" --out "$tmp/out.f16" || fail "eval exp"
[ "$(hex "$tmp/out.f16")" = "704164470000" ] || fail "exp: got $(hex "$tmp/out.f16")"
# The same through stdin and stdout.
out=$("$bin" ane eval --function exp --in - --out - <"$tmp/in.f16" | od -An -tx1 -v | tr -d ' \n')
[ "$out" = "704164470000" ] || fail "exp via stdin/stdout: got $out"
# An empty input gives an empty output.
: >"$tmp/empty"
"$bin" ane eval --function neg --in "$tmp/empty" --out "$tmp/empty.out" || fail "empty input"
[ -f "$tmp/empty.out" ] && [ ! -s "$tmp/empty.out" ] || fail "empty input: output not empty"

# sqrt of the subnormal 0x0002: kept by the spec (2^-11.5 -> 0x0DA8),
# flushed to zero by the device presets.
printf '\x02\x00' >"$tmp/sub.f16"
"$bin" ane eval --function sqrt --in "$tmp/sub.f16" --out "$tmp/spec.f16" || fail "sqrt spec"
[ "$(hex "$tmp/spec.f16")" = "a80d" ] || fail "sqrt spec: got $(hex "$tmp/spec.f16")"
for p in m1 m3 m5; do
  "$bin" ane eval --function sqrt --profile $p --in "$tmp/sub.f16" --out "$tmp/dev.f16" || fail "sqrt $p"
  [ "$(hex "$tmp/dev.f16")" = "0000" ] || fail "sqrt $p: got $(hex "$tmp/dev.f16")"
done

# Errors.
expect_error "no subcommand" "usage: refmath ane eval" "$bin" ane
expect_error "unknown subcommand" "unknown subcommand 'frobnicate'" "$bin" ane frobnicate
expect_error "missing --function" "function" "$bin" ane eval --in "$tmp/in.f16" --out "$tmp/x"
expect_error "unknown function" "unknown function 'nope' (valid: neg, abs" \
  "$bin" ane eval --function nope --in "$tmp/in.f16" --out "$tmp/x"
expect_error "unknown profile" "unknown profile 'm9' (valid: spec, m1, m3, m5, a13, a14, a15, a16, a17)" \
  "$bin" ane eval --function exp --profile m9 --in "$tmp/in.f16" --out "$tmp/x"
printf '\x00\x3c\x00' >"$tmp/odd.f16"
expect_error "odd byte count" "size 3 bytes is not a multiple of 2 (raw little-endian float16" \
  "$bin" ane eval --function exp --in "$tmp/odd.f16" --out "$tmp/x"
expect_error "unreadable input" "$tmp/missing.f16" \
  "$bin" ane eval --function exp --in "$tmp/missing.f16" --out "$tmp/x"
expect_error "unwritable output" "$tmp/no/such/dir/out.f16" \
  "$bin" ane eval --function exp --in "$tmp/in.f16" --out "$tmp/no/such/dir/out.f16"
[ ! -e "$tmp/x" ] || fail "a failed eval left $tmp/x behind"
expect_error "functions takes no argument" "unexpected argument" "$bin" ane functions extra

# User text in errors is escaped: still one line.
expect_error "newline in the function" "unknown function 'ex\\\\x0Ap'" \
  "$bin" ane eval --function $'ex\np' --in "$tmp/in.f16" --out "$tmp/x"
expect_error "newline in the profile" "unknown profile 'm\\\\x0A9'" \
  "$bin" ane eval --function exp --profile $'m\n9' --in "$tmp/in.f16" --out "$tmp/x"
cp "$tmp/odd.f16" "$tmp/o"$'\n'"dd.f16"
expect_error "newline in the input path" "o\\\\x0Add.f16: size 3 bytes" \
  "$bin" ane eval --function exp --in "$tmp/o"$'\n'"dd.f16" --out "$tmp/x"
expect_error "newline in a subcommand" "unknown subcommand 'ev\\\\x0Aal'" "$bin" ane $'ev\nal'
expect_error "newline in an argument" "unexpected argument 'ex\\\\x0Atra'" "$bin" ane profiles $'ex\ntra'
[ ! -e "$tmp/x" ] || fail "a failed eval left $tmp/x behind"

# Help: the ane usage on stdout, exit 0.
for h in "--help" "-h" "eval --help"; do
  expect_help "ane $h" "^usage: refmath ane eval --function F" "$bin" ane $h
done
expect_help "ane functions --help" "^usage: refmath ane functions" "$bin" ane functions --help

finish "ane CLI"
