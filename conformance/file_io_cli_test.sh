#!/usr/bin/env bash
# Output files of the commands that write them: nothing left behind by a
# killed run, symbolic links written through, permissions kept, any valid
# name accepted, and a clear refusal of paths that cannot be a file.
# Usage: file_io_cli_test.sh PATH/TO/refmath
set -u
bin=$1
source "$(dirname "$0")/cli_lib.sh"
shopt -s nullglob dotglob

printf '\0\0\0\0\0\0\x80\x3f' >"$tmp/in.bin"  # 0 and 1
printf '\0\0\0\x3c' >"$tmp/in.f16"            # 0 and 1 in binary16
"$bin" eval --function exp --in "$tmp/in.bin" --out "$tmp/want.bin" || fail "eval"
eval_to() { "$bin" eval --function exp --in "$tmp/in.bin" --out "$@"; }

# A link is written through: the link stays, its target gets the output.
mkdir "$tmp/d"
printf old >"$tmp/d/real.bin"
ln -s d/real.bin "$tmp/link.bin"
eval_to "$tmp/link.bin" || fail "eval through a link"
[ -L "$tmp/link.bin" ] || fail "the link was replaced by a file"
cmp -s "$tmp/d/real.bin" "$tmp/want.bin" || fail "the link's target was not written"

# A replaced file keeps its permissions.
cp "$tmp/want.bin" "$tmp/priv.bin"
chmod 600 "$tmp/priv.bin"
eval_to "$tmp/priv.bin" || fail "eval over a 0600 file"
[ "$(stat -c %a "$tmp/priv.bin")" = 600 ] ||
  fail "0600 output became $(stat -c %a "$tmp/priv.bin")"

# The longest name a directory takes (255 bytes) is written.
long=$(printf 'a%.0s' {1..255})
eval_to "$tmp/d/$long" || fail "eval to a 255-byte name"
cmp -s "$tmp/d/$long" "$tmp/want.bin" || fail "255-byte name: wrong output"

# Paths that cannot be a file: one line, exit 2, nothing created.
expect_failure 2 "eval --out ''" "refmath eval: empty output path$" eval_to ''
expect_failure 2 "eval --out DIR/" "refmath eval: $tmp/d/: is a directory$" eval_to "$tmp/d/"
expect_failure 2 "eval --out DIR" "refmath eval: $tmp/d: is a directory$" eval_to "$tmp/d"
expect_failure 2 "eval --out FILE/" "refmath eval: $tmp/want.bin/: a file name cannot end with '/'$" \
  eval_to "$tmp/want.bin/"
expect_failure 2 "inputs --out ''" "refmath inputs: empty output path$" "$bin" inputs --out ''
expect_failure 2 "ane eval --out DIR/" "refmath ane: $tmp/d/: is a directory$" \
  "$bin" ane eval --function exp --in "$tmp/in.f16" --out "$tmp/d/"
expect_failure 2 "mcu table --out ''" "empty output path$" \
  "$bin" mcu table --op logistic_s8 --input-scale 0.0625 --input-zero-point 0 --out ''
expect_failure 2 "compare --json DIR/" "refmath compare: $tmp/d/: is a directory$" \
  "$bin" compare --function exp --inputs "$tmp/in.bin" --outputs "$tmp/want.bin" --json "$tmp/d/"
left=("$tmp"/refmath.tmp.* "$tmp"/d/refmath.tmp.* "$tmp"/*.tmp.*)
[ ${#left[@]} -eq 0 ] || fail "temporary files left behind: ${left[*]}"

# Killed while writing: the temporary file goes and the process dies of
# the signal.  (SIGINT is ignored by background jobs of a script, so it
# is covered by the unit test FileIo.SignalDuringWriteRemovesTheTemporaryFile.)
# If the write wins the race on a loaded machine, the signal finds the
# finished file: allowed, and retried until a kill lands mid-write.
head -c $((256 << 20)) /dev/zero >"$tmp/big.bin"
for sig in TERM HUP; do
  caught=0
  for attempt in 1 2 3 4; do
    out="$tmp/kill_${sig}_$attempt"
    mkdir "$out"
    "$bin" eval --function exp --in "$tmp/big.bin" --out "$out/o.bin" &
    pid=$!
    files=()
    while [ ${#files[@]} -eq 0 ] && kill -0 $pid 2>/dev/null; do
      files=("$out"/*)
    done
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    rc=$?
    files=("$out"/*)
    if [ $rc -eq $((128 + $(kill -l $sig))) ] && [ ${#files[@]} -eq 0 ]; then
      caught=1
      break
    fi
    # Otherwise only the whole output may be there.
    [ ${#files[@]} -eq 1 ] && [ "${files[0]}" = "$out/o.bin" ] &&
      [ "$(stat -c %s "$out/o.bin")" -eq $((256 << 20)) ] ||
      fail "kill -$sig during the write: exit status $rc, left ${files[*]}"
  done
  [ $caught -eq 1 ] || fail "kill -$sig never landed during the write"
done
rm -f "$tmp/big.bin"

finish file_io_cli
