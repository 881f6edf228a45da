#!/usr/bin/env bash
# refmath eval / targets: the same bits on every target, one-line errors with
# a non-zero exit, and no output file left behind by a failure.
# Usage: cli_test.sh PATH/TO/refmath
set -u
bin=$1
source "$(dirname "$0")/cli_lib.sh"

# expect_error DESCRIPTION PATTERN COMMAND...: a non-zero exit, one line.
expect_error() { expect_failure nonzero "$@"; }

targets=$("$bin" targets) || fail "targets failed"
echo "targets: $(echo $targets)"
echo "$targets" | grep -qx scalar || fail "scalar is not listed"
fast_targets=$("$bin" targets --variant fast) || fail "targets --variant fast failed"
echo "fast targets: $(echo $fast_targets)"
echo "$fast_targets" | grep -qx sse4 && fail "fast lists sse4 (no FMA)"

# 4099 patterns spread over the whole bit range, plus specials.
python3 - "$tmp/in.bin" <<'PY'
import struct, sys
vals = list(range(0, 2**32, 2**32 // 4099))[:4099]
vals += [0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001, 1, 0x807FFFFF]
open(sys.argv[1], 'wb').write(b''.join(struct.pack('<I', v) for v in vals))
PY
# Every function on the scalar target and the best one; every target for
# the first and the last (the --target path is the same for each function,
# and conform_runner checks every function on every target).
for f in exp exp_nonpositive log sigmoid tanh erf one_plus_erf gelu_erf gelu_tanh; do
  "$bin" eval --function $f --target scalar --in "$tmp/in.bin" --out "$tmp/ref.bin" || fail "$f scalar"
  [ "$(stat -c %s "$tmp/ref.bin")" -eq "$(stat -c %s "$tmp/in.bin")" ] || fail "$f: output size"
  case $f in exp|gelu_tanh) each="$targets" each_fast="$fast_targets" ;; *) each="" each_fast="" ;; esac
  for t in $each best; do
    "$bin" eval --function $f --target $t --in "$tmp/in.bin" --out "$tmp/out.bin" || fail "$f $t"
    cmp -s "$tmp/ref.bin" "$tmp/out.bin" || fail "$f on $t differs from scalar"
  done
  # The fast variant: the same bits on every target that offers it.
  "$bin" eval --function $f --variant fast --target scalar --in "$tmp/in.bin" --out "$tmp/fref.bin" || fail "$f fast scalar"
  for t in $each_fast best; do
    "$bin" eval --function $f --variant fast --target $t --in "$tmp/in.bin" --out "$tmp/fout.bin" || fail "$f fast $t"
    cmp -s "$tmp/fref.bin" "$tmp/fout.bin" || fail "$f fast on $t differs from scalar"
  done
  # stdin/stdout and the default target.
  "$bin" eval --function=$f --in - --out - <"$tmp/in.bin" >"$tmp/pipe.bin" || fail "$f via pipes"
  cmp -s "$tmp/ref.bin" "$tmp/pipe.bin" || fail "$f via pipes differs"
done

# Errors.
printf 'abcde' >"$tmp/odd.bin"
expect_error "size not a multiple of 4" "not a multiple of 4" "$bin" eval --function exp --in "$tmp/odd.bin" --out "$tmp/o1.bin"
[ ! -e "$tmp/o1.bin" ] || fail "output file created on error"
expect_error "missing input" "cannot open" "$bin" eval --function exp --in "$tmp/nope.bin" --out "$tmp/o2.bin"
expect_error "input is a directory" "is a directory" "$bin" eval --function exp --in "$tmp" --out "$tmp/o3.bin"
expect_error "unknown function" "unknown function 'expo'" "$bin" eval --function expo --in "$tmp/in.bin" --out "$tmp/o4.bin"
expect_error "unknown target" "unknown target 'avx9'" "$bin" eval --function exp --target avx9 --in "$tmp/in.bin" --out "$tmp/o5.bin"
expect_error "unknown variant" "unknown variant" "$bin" eval --function exp --variant slow --in "$tmp/in.bin" --out "$tmp/o6.bin"
expect_error "fast on sse4 not built" "fast on sse4: target not built" "$bin" eval --function exp --variant fast --target sse4 --in "$tmp/in.bin" --out "$tmp/o7.bin"
expect_error "missing --out" "missing required option --out" "$bin" eval --function exp --in "$tmp/in.bin"
expect_error "unknown option" "unknown option '--bogus'" "$bin" eval --bogus 1 --function exp --in "$tmp/in.bin" --out "$tmp/o8.bin"
expect_error "option without value" "needs a value" "$bin" eval --function exp --in "$tmp/in.bin" --out
expect_error "repeated option" "given twice" "$bin" eval --function exp --function log --in "$tmp/in.bin" --out "$tmp/o9.bin"
expect_error "unknown command" "unknown command" "$bin" frobnicate
expect_error "unwritable output" "cannot create" "$bin" eval --function exp --in "$tmp/in.bin" --out "$tmp/no/such/dir/out.bin"
for o in o2 o3 o4 o5 o6 o7 o8 o9; do [ ! -e "$tmp/$o.bin" ] || fail "$o.bin left behind"; done
# A failed run leaves an existing output file as it was, and no temporaries.
echo keep >"$tmp/existing.bin"
"$bin" eval --function exp --in "$tmp/odd.bin" --out "$tmp/existing.bin" 2>/dev/null
[ "$(cat "$tmp/existing.bin")" = keep ] || fail "existing output clobbered on error"
ls "$tmp" | grep -q '\.tmp\.' && fail "temporary file left behind"
# Empty input gives empty output.
: >"$tmp/empty.bin"
"$bin" eval --function log --in "$tmp/empty.bin" --out "$tmp/empty_out.bin" || fail "empty input"
[ -e "$tmp/empty_out.bin" ] && [ ! -s "$tmp/empty_out.bin" ] || fail "empty input: output not empty"

# Bad input in every command that reads or writes files.
truncate -s 5G "$tmp/huge.bin"   # sparse: no disk used
expect_error "huge input (eval)" "larger than 4 GiB" "$bin" eval --function exp --in "$tmp/huge.bin" --out "$tmp/o10.bin"
expect_error "huge input (compare)" "larger than 4 GiB" "$bin" compare --function exp --inputs "$tmp/huge.bin" --outputs "$tmp/in.bin"
rm -f "$tmp/huge.bin"
expect_error "empty dumps (compare)" "no values to compare" "$bin" compare --function exp --inputs "$tmp/empty.bin" --outputs "$tmp/empty.bin"
expect_error "odd-size dump (compare)" "not a multiple of 4" "$bin" compare --function exp --inputs "$tmp/odd.bin" --outputs "$tmp/in.bin"
expect_error "unwritable (inputs)" "cannot create" "$bin" inputs --out "$tmp/no/dir/x.bin"
expect_error "unwritable (compare --json)" "cannot create" "$bin" compare --function log --inputs "$tmp/in.bin" --outputs "$tmp/ref.bin" --max-ulp 1e9 --json "$tmp/no/dir/x.json"
expect_error "unwritable (sweep --out)" "cannot create" "$bin" sweep --function exp --range=1:2 --stride 100000 --quiet --out "$tmp/no/dir/x.result"
expect_error "unreadable (sweep --report)" "cannot open" "$bin" sweep --report "$tmp/none.result"
expect_error "not a result (sweep --report)" "not a refmath sweep result" "$bin" sweep --report "$tmp/in.bin"
# Refused before the run (no table printed): a run that ends in an
# unwritable file wastes it.
"$bin" conform --quiet --json "$tmp/no/dir/x.json" >"$tmp/stdout" 2>"$tmp/stderr"
[ $? -eq 2 ] && grep -q "cannot create" "$tmp/stderr" || fail "unwritable (conform --json)"
[ ! -s "$tmp/stdout" ] || fail "unwritable (conform --json): refused only after the run"
expect_error "unknown variant (targets)" "unknown variant" "$bin" targets --variant turbo
expect_error "unknown variant (functions)" "unknown variant" "$bin" functions --variant turbo
expect_error "stray argument (functions)" "unexpected" "$bin" functions exp
ls "$tmp" | grep -q '\.tmp\.' && fail "temporary file left behind"


# A one-value dump pair: exp(0) = 1, and a backend answering 1 + 10530606
# ulp (2^-23 each).
python3 - "$tmp/x1.bin" "$tmp/y1.bin" <<'PY'
import struct, sys
open(sys.argv[1], 'wb').write(struct.pack('<f', 0.0))
open(sys.argv[2], 'wb').write(struct.pack('<f', 1 + 10530606 * 2.0**-23))
PY

# Write errors on stdout: exit 2 and one line, for every command that prints.
expect_stdout_error() {
  local what=$1 pattern=$2
  shift 2
  "$@" >/dev/full 2>"$tmp/stderr"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$what >/dev/full: exit status $rc, want 2"
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] && grep -q -- "$pattern" "$tmp/stderr" ||
    fail "$what >/dev/full: stderr '$(cat "$tmp/stderr")' lacks '$pattern'"
}
full="refmath: error writing standard output: No space left on device"
expect_stdout_error targets "$full" "$bin" targets
expect_stdout_error hash "$full" "$bin" hash --function exp
expect_stdout_error "hash inputs" "$full" "$bin" hash --function inputs
expect_stdout_error help "$full" "$bin" help
expect_stdout_error "help eval" "$full" "$bin" help eval
expect_stdout_error "eval --help" "$full" "$bin" eval --help
expect_stdout_error "ane functions" "$full" "$bin" ane functions
expect_stdout_error "ane profiles" "$full" "$bin" ane profiles
expect_stdout_error compare "$full" "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/x1.bin" --max-ulp 1e9
# The table, printed after the run (of one target's rows alone here, the
# fastest listed, which print the same table), is larger than stdout's
# buffer.
expect_stdout_error "conform" "refmath: error writing standard output" \
  "$bin" conform --quiet --target "$(echo "$targets" | tail -n 1)"
expect_stdout_error sweep "$full" "$bin" sweep --function exp --range=1:2 --stride 100000 --quiet
"$bin" targets >&- 2>"$tmp/stderr"
[ $? -eq 2 ] && grep -q "error writing standard output: Bad file descriptor" "$tmp/stderr" ||
  fail "targets with stdout closed: $(cat "$tmp/stderr")"

# Numbers: decimal only, and never silently rounded to inf or zero.
expect_failure 2 "range beyond FLT_MAX" "--range" "$bin" sweep --function exp --range 1e999:inf --quiet
expect_failure 2 "range below -FLT_MAX" "--range" "$bin" sweep --function exp --range=-1e39:0 --quiet
expect_failure 2 "range underflowing to 0" "--range" "$bin" sweep --function exp --range 1e-50:1e-45 --quiet
expect_failure 2 "range rounding to a subnormal" "--range" "$bin" sweep --function exp --range 1e-40:1 --quiet
expect_failure 2 "hexadecimal range" "--range" "$bin" sweep --function exp --range 0x1p0:2 --quiet
expect_failure 2 "hexadecimal --max-ulp (compare)" "--max-ulp needs a non-negative decimal number, got '0x10'" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 0x10
expect_failure 2 "--max-ulp underflowing" "--max-ulp" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 1e-400
"$bin" sweep --function exp --range=-inf:-1e38 --stride 100000 --quiet >/dev/null ||
  fail "an explicit inf in --range refused"

# hash --function inputs: the input set has no variant or target.
expect_failure 2 "hash inputs --variant" "do not apply to --function inputs" "$bin" hash --function inputs --variant bogus
expect_failure 2 "hash inputs --target" "do not apply to --function inputs" "$bin" hash --function inputs --target neon

# User text in errors is escaped: still one line.
nl=$'n\nl'
printf 'abcde' >"$tmp/$nl.bin"
: >"$tmp/empty$nl.bin"
expect_failure 2 "newline in a path (odd size)" "n\\\\x0Al.bin: size 5 bytes" \
  "$bin" compare --function exp --inputs "$tmp/$nl.bin" --outputs "$tmp/in.bin"
expect_failure 2 "newline in a path (empty)" "n\\\\x0Al.bin: no values" \
  "$bin" compare --function exp --inputs "$tmp/empty$nl.bin" --outputs "$tmp/empty$nl.bin"
expect_failure 2 "newline in --max-ulp" "got '1\\\\x0A2'" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp $'1\n2'
expect_failure 2 "newline in --worst" "got '1\\\\x0A2'" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --worst $'1\n2'
expect_failure 2 "newline in a command" "unknown command 'ev\\\\x0Aal'" "$bin" $'ev\nal'
expect_failure 2 "newline in help's command" "unknown command 'ev\\\\x0Aal'" "$bin" help $'ev\nal'

# compare reports the worst case and the bound in full, in text and JSON.
# exp(0) is 1 exactly, so the backend is as far from the truth as from the
# oracle.
"$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 0.1234567 \
  --max-ulp-vs-oracle 0.7654321 --json "$tmp/c.json" >"$tmp/c.txt"
[ $? -eq 1 ] || fail "compare 10530606 ulp: not a failure"
grep -q "^FAIL: backend max 10530606 ulp from the truth beyond --max-ulp 0.1234567, 0 NaN/inf disagreement(s); 10530606 ulp from the oracle beyond --max-ulp-vs-oracle 0.7654321," "$tmp/c.txt" ||
  fail "compare verdict: $(tail -1 "$tmp/c.txt")"
python3 - "$tmp/c.json" <<'PY' || fail "compare JSON loses digits: $(cat "$tmp/c.json")"
import json, sys
js = json.load(open(sys.argv[1]))
assert js["backend"]["vs_truth"]["max_ulp"] == 10530606 and js["max_ulp_allowed"] == 0.1234567, js
assert js["backend"]["vs_oracle"]["max_ulp"] == 10530606, js
assert js["max_ulp_vs_oracle_allowed"] == 0.7654321, js
assert js["backend"]["vs_oracle"]["worst"][0]["ulp"] == 10530606, js
PY

# compare: both dumps from stdin, and --json over a dump, are refused.
expect_failure 2 "both dumps from stdin" "--inputs and --outputs cannot both be standard input" \
  "$bin" compare --function exp --inputs - --outputs - <"$tmp/x1.bin"
cp "$tmp/y1.bin" "$tmp/y1.keep"
ln "$tmp/y1.bin" "$tmp/y1.link"
expect_failure 2 "--json over --outputs" "--json would overwrite the input $tmp/y1.bin" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 1e9 --json "$tmp/./y1.bin"
expect_failure 2 "--json over --outputs (another name)" "--json would overwrite the input" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 1e9 --json "$tmp/y1.link"
expect_failure 2 "--json over --inputs" "--json would overwrite the input $tmp/x1.bin" \
  "$bin" compare --function exp --inputs "$tmp/x1.bin" --outputs "$tmp/y1.bin" --max-ulp 1e9 --json "$tmp/x1.bin"
expect_failure 2 "--json over stdin" "--json would overwrite the input <stdin>" \
  "$bin" compare --function exp --inputs - --outputs "$tmp/y1.bin" --max-ulp 1e9 --json "$tmp/x1.bin" <"$tmp/x1.bin"
cmp -s "$tmp/y1.bin" "$tmp/y1.keep" || fail "--json overwrote the outputs"
[ "$(stat -c %s "$tmp/x1.bin")" -eq 4 ] || fail "--json overwrote the inputs"

# Per-command help: refmath help CMD, CMD --help and CMD -h print the
# command's usage on stdout and exit 0.
# Each lists its options and one example of itself; each that takes
# --function lists every name it takes.
kernel_functions="exp exp_nonpositive log sigmoid tanh erf one_plus_erf gelu_erf gelu_tanh"
# The emulator groups' subcommands have entries of their own (refmath help
# ane eval, refmath ane eval --help), so a subcommand's help is its own.
subcommands="ane_eval ane_functions ane_profiles ane_matmul ane_reduce-sum ane_softmax
  ane_layer-norm ane_rms-norm ane_gelu ane_attention ane_conv2d
  ane_fft ane_ifft ane_solve ane_compress mcu_table mcu_compare mcu_ops mcu_fc
  mcu_quantize mcu_dequantize mcu_conv2d mcu_depthwise-conv2d mcu_avg-pool
  mcu_max-pool mcu_softmax mcu_add mcu_mul mcu_logistic mcu_tanh
  mcu_requantize"
# refmath functions lists the registry: the nine functions of the
# specification, each in all three variants, then the correctly rounded
# libm's, in the correct variant alone (the rows of functions.def with
# EXACT = FAST = 0, read from the registry's text).
registry="$(dirname "$0")/../include/refmath/functions.def"
correct_only=$(sed -n 's/^REFMATH_FUNCTION([A-Z0-9_]*, \([a-z0-9_]*\), [A-Za-z0-9]*, 0, 0, 1,.*/\1/p' \
  "$registry" | tr '\n' ' ')
correct_only=${correct_only% }
[ "$(echo $correct_only | wc -w)" -ge 18 ] || fail "functions.def: correct-only rows not found"
for v in exact fast; do
  [ "$("$bin" functions --variant $v | tr '\n' ' ')" = "$kernel_functions " ] ||
    fail "functions --variant $v: $("$bin" functions --variant $v | tr '\n' ' ')"
done
[ "$("$bin" functions --variant correct | tr '\n' ' ')" = "$kernel_functions $correct_only " ] ||
  fail "functions --variant correct: $("$bin" functions --variant correct | tr '\n' ' ')"
"$bin" functions >"$tmp/functions" || fail "functions: exit status"
[ "$(awk '{print $1}' "$tmp/functions" | tr '\n' ' ')" = "$kernel_functions $correct_only " ] ||
  fail "functions: $(cat "$tmp/functions")"
for f in $kernel_functions; do
  grep -qx "$f *exact fast correct" "$tmp/functions" || fail "functions: $f's variants"
done
for f in $correct_only; do
  grep -qx "$f *correct" "$tmp/functions" || fail "functions: $f's variants"
done
# Without --variant, a function without an exact variant is evaluated
# correctly rounded; naming a variant that lacks it is an error.  One code
# path for every such row: the first and the last of the registry's.
printf '\0\0\0\0' >"$tmp/zero.f32"
for f in ${correct_only%% *} ${correct_only##* }; do
  "$bin" eval --function $f --in "$tmp/zero.f32" --out "$tmp/y.f32" ||
    fail "eval --function $f: exit status"
  "$bin" eval --function $f --variant correct --in "$tmp/zero.f32" --out "$tmp/y2.f32"
  cmp -s "$tmp/y.f32" "$tmp/y2.f32" || fail "eval --function $f: not the correct variant"
  for v in exact fast; do
    expect_error "$f in $v (eval)" "$f is not defined in the $v variant (only in: correct)" \
      "$bin" eval --function $f --variant $v --in "$tmp/zero.f32" --out "$tmp/y.f32"
    expect_error "$f in $v (sweep)" "not defined in the $v variant" \
      "$bin" sweep --function $f --variant $v --range=0:1
  done
done
for cmd in conform compare functions targets eval sweep ane mcu tensor inputs hash version help \
           $subcommands; do
  cmd=${cmd/_/ }
  "$bin" help $cmd >"$tmp/help" 2>"$tmp/stderr" || fail "help $cmd: exit status"
  head -1 "$tmp/help" | grep -q "^usage: refmath $cmd\( \|$\)" || fail "help $cmd: $(head -1 "$tmp/help")"
  [ ! -s "$tmp/stderr" ] || fail "help $cmd wrote to stderr"
  grep -qx "options:" "$tmp/help" || fail "help $cmd lists no options"
  grep -A1 -x "example:" "$tmp/help" | grep -q "^  refmath $cmd\b\|^  refmath --$cmd" ||
    fail "help $cmd has no example of $cmd"
  if grep -q -- "--function F" "$tmp/help"; then
    case $cmd in
      ane*) names=$("$bin" ane functions | cut -d' ' -f1) ;;
      *) names="$kernel_functions $correct_only" ;;
    esac
    listed=$(sed -n '/^functions:$/,/^$/p' "$tmp/help" | tr -d ',' | tr ' ' '\n')
    for f in $names; do
      echo "$listed" | grep -qx "$f" || fail "help $cmd does not list function $f"
    done
  fi
  # Every option says it is required or what its default is (or what it
  # stands instead of).
  sed -n '/^options:$/,/^$/p' "$tmp/help" |
    awk '/^  --/ { if (e != "") print e; e = $0; next } /^    / { e = e " " $0 } END { if (e != "") print e }' |
    grep -v 'required\|default\|instead of' >"$tmp/nodefault"
  [ ! -s "$tmp/nodefault" ] || fail "help $cmd: option without a default: $(head -1 "$tmp/nodefault")"
  for h in --help -h; do
    "$bin" $cmd $h >"$tmp/help2" 2>"$tmp/stderr" || fail "$cmd $h: exit status"
    cmp -s "$tmp/help" "$tmp/help2" || fail "$cmd $h differs from help $cmd"
    [ ! -s "$tmp/stderr" ] || fail "$cmd $h wrote to stderr"
  done
done
"$bin" eval --function exp --help >"$tmp/help2" && cmp -s "$tmp/help2" <("$bin" help eval) ||
  fail "eval --function exp --help"
"$bin" ane eval --help | grep -q "^usage: refmath ane eval --function" || fail "ane eval --help"
"$bin" ane eval --help | grep -q "matmul" && fail "ane eval --help prints the other subcommands"
"$bin" mcu table --help | grep -q "^usage: refmath mcu table --op" || fail "mcu table --help"
"$bin" mcu fc --type s8 -h | grep -q "mcu quantize" && fail "mcu fc -h prints the other subcommands"
"$bin" help ane nope >/dev/null 2>&1 && fail "help for an unknown subcommand"
"$bin" help | grep -q "refmath help COMMAND" || fail "help does not mention help COMMAND"
expect_failure 2 "help for an unknown command" "unknown command 'frobnicate'" "$bin" help frobnicate
expect_failure 2 "help with two commands" "unexpected argument 'sweep'" "$bin" help eval sweep
# --format binary16 / bfloat16: the correct variant rounded once to the
# format (values by hand from mpmath: e = 0x4170 and e^2.658203125 =
# 0x4B23 in binary16, e = 0x402E in
# bfloat16; cbrt(2.658203125 = 0x4151) = 0x3D8B, where binary32 rounded
# again gives 0x3D8A), raw 2-byte files and .npy of the format's dtype.
printf '\x00\x3c\x51\x41' >"$tmp/h.f16"
"$bin" eval --function exp --format binary16 --in "$tmp/h.f16" --out "$tmp/y.f16" ||
  fail "eval --format binary16: exit status"
[ "$(od -An -tx2 "$tmp/y.f16" | tr -d ' ')" = "41704b23" ] ||
  fail "eval --format binary16 exp: $(od -An -tx2 "$tmp/y.f16")"
"$bin" eval --function cbrt --format binary16 --in "$tmp/h.f16" --out "$tmp/y.f16"
[ "$(od -An -tx2 "$tmp/y.f16" | tr -d ' ')" = "3c003d8b" ] ||
  fail "eval --format binary16 cbrt: $(od -An -tx2 "$tmp/y.f16")"
printf '\x80\x3f' >"$tmp/b.bf16"
"$bin" eval --function exp --variant correct --format bfloat16 --in "$tmp/b.bf16" \
  --out "$tmp/y.bf16" || fail "eval --format bfloat16: exit status"
[ "$(od -An -tx2 "$tmp/y.bf16" | tr -d ' ')" = "402e" ] ||
  fail "eval --format bfloat16 exp: $(od -An -tx2 "$tmp/y.bf16")"
python3 -c "import numpy as np; np.save('$tmp/h.npy', np.array([[1.0, 0.5]], np.float16))" 2>/dev/null &&
  { "$bin" eval --function exp2 --format binary16 --in "$tmp/h.npy" --out "$tmp/y.npy" &&
    python3 -c "
import numpy as np; y = np.load('$tmp/y.npy')
assert y.dtype == np.float16 and y.shape == (1, 2), y
assert list(y.view(np.uint16).ravel()) == [0x4000, 0x3DA8], y.view(np.uint16)" ||
    fail "eval --format binary16 of a float16 .npy"; }
expect_error "--format with --target" "--target does not apply to --format binary16" \
  "$bin" eval --function exp --format binary16 --target scalar --in "$tmp/h.f16" --out "$tmp/z"
expect_error "--format with the exact variant" "exists in the correct variant alone" \
  "$bin" eval --function exp --format bfloat16 --variant exact --in "$tmp/b.bf16" --out "$tmp/z"
expect_error "--format unknown" "expected binary32, binary16 or bfloat16" \
  "$bin" eval --function exp --format half --in "$tmp/h.f16" --out "$tmp/z"
python3 -c "import numpy as np; np.save('$tmp/f.npy', np.ones(2, np.float32))" 2>/dev/null &&
  expect_error "--format binary16 of a float32 .npy" "expected float16" \
    "$bin" eval --function exp --format binary16 --in "$tmp/f.npy" --out "$tmp/z"
[ ! -e "$tmp/z" ] || fail "a refused narrow eval wrote its output"
ls "$tmp" | grep -q '\.tmp\.' && fail "temporary file left behind"

finish cli
