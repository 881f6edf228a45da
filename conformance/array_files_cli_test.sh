#!/usr/bin/env bash
# Array files by name in every command that reads or writes them (eval,
# ane eval, inputs, mcu table): .npy checked with NumPy against the raw
# form, raw files that look like .npy and .npy files of the wrong dtype
# refused; and refmath --version / version against the project version.
# Usage: array_files_cli_test.sh PATH/TO/refmath PYTHON_WITH_NUMPY VERSION
set -u
bin=$1 py=$2 version=$3
source "$(dirname "$0")/cli_lib.sh"

# check_py DESCRIPTION SCRIPT ARGS...: a NumPy check; it prints why it fails.
check_py() {
  local what=$1
  shift
  "$py" -c "$@" >"$tmp/py.out" 2>&1 || fail "$what: $(tail -1 "$tmp/py.out")"
}

# --- eval: a (2, 3) float32 array, with -0, a NaN payload and a subnormal.
"$py" - "$tmp" <<'PY'
import sys, numpy as np
bits = np.array([[0x00000000, 0x80000000, 0x3F800000],
                 [0x7FC01234, 0x00000001, 0xC0200000]], dtype='<u4')
x = bits.view('<f4')
np.save(sys.argv[1] + '/x.npy', x)
x.tofile(sys.argv[1] + '/x.bin')
PY
for v in exact fast; do
  "$bin" eval --function gelu_tanh --variant $v --in "$tmp/x.npy" --out "$tmp/y.npy" || fail "eval $v .npy"
  "$bin" eval --function gelu_tanh --variant $v --in "$tmp/x.bin" --out "$tmp/y.bin" || fail "eval $v raw"
  check_py "eval $v: .npy output" '
import sys, numpy as np
y = np.load(sys.argv[1] + "/y.npy")
raw = np.fromfile(sys.argv[1] + "/y.bin", dtype="<u4")
assert y.dtype == np.dtype("<f4"), y.dtype
assert y.shape == (2, 3), y.shape
assert np.array_equal(y.view("<u4").ravel(), raw), "bits differ from raw eval"
' "$tmp"
done
# exp of +-0 is exactly 1.0 (0x3F800000), whatever the file form.
"$bin" eval --function exp --in "$tmp/x.npy" --out "$tmp/e.npy" || fail "eval exp .npy"
check_py "exp(+-0) = 1" '
import sys, numpy as np
y = np.load(sys.argv[1] + "/e.npy").view("<u4")
assert y[0, 0] == 0x3F800000 and y[0, 1] == 0x3F800000, [hex(v) for v in y.ravel()]
' "$tmp"
# Raw in, .npy out: 1-d; .npy in, raw out: the bare elements.
"$bin" eval --function exp --in "$tmp/x.bin" --out "$tmp/e1.npy" || fail "eval raw to .npy"
check_py "raw in, .npy out" '
import sys, numpy as np
assert np.load(sys.argv[1] + "/e1.npy").shape == (6,)
' "$tmp"
"$bin" eval --function exp --in "$tmp/x.npy" --out "$tmp/e.raw" || fail "eval .npy to raw"
[ "$(stat -c %s "$tmp/e.raw")" -eq 24 ] || fail ".npy in, raw out: $(stat -c %s "$tmp/e.raw") bytes, want 24"
# "-" is raw both ways, whatever the other name.
"$bin" eval --function exp --in - --out - <"$tmp/x.bin" >"$tmp/e.pipe" || fail "eval via pipes"
cmp -s "$tmp/e.pipe" "$tmp/e.raw" || fail "eval via pipes differs from the raw file"

# --- ane eval: float16 '<f2', shape (2, 2) kept, same bits as raw.
"$py" - "$tmp" <<'PY'
import sys, numpy as np
h = np.array([[0x0000, 0x3C00], [0xBC00, 0x7E01]], dtype='<u2').view('<f2')
np.save(sys.argv[1] + '/h.npy', h)
h.tofile(sys.argv[1] + '/h.f16')
PY
"$bin" ane eval --function exp --in "$tmp/h.npy" --out "$tmp/hy.npy" || fail "ane eval .npy"
"$bin" ane eval --function exp --in "$tmp/h.f16" --out "$tmp/hy.f16" || fail "ane eval raw"
check_py "ane eval .npy" '
import sys, numpy as np
y = np.load(sys.argv[1] + "/hy.npy")
assert y.dtype == np.dtype("<f2"), y.dtype
assert y.shape == (2, 2), y.shape
raw = np.fromfile(sys.argv[1] + "/hy.f16", dtype="<u2")
assert np.array_equal(y.view("<u2").ravel(), raw), "bits differ from raw ane eval"
assert y.view("<u2")[0, 0] == 0x3C00, "exp(0) is not 1.0"
' "$tmp"

# --- inputs: the .npy file holds exactly the raw file's values.
"$bin" inputs --out "$tmp/in.npy" || fail "inputs .npy"
"$bin" inputs --out "$tmp/in.bin" || fail "inputs raw"
check_py "inputs .npy" '
import sys, numpy as np
a = np.load(sys.argv[1] + "/in.npy")
raw = open(sys.argv[1] + "/in.bin", "rb").read()
assert a.dtype == np.dtype("<f4") and a.shape == (1047880,), (a.dtype, a.shape)
assert a.tobytes() == raw, "values differ from the raw file"
' "$tmp"

# --- mcu table: int8 |i1 (256,), int16 <i2 (65536,), the raw bytes; tanh
# of input 0 is 0, and the tables never decrease.
"$bin" mcu table --op tanh_s8 --input-scale 0.0625 --input-zero-point 0 --out "$tmp/t8.npy" || fail "mcu s8 .npy"
"$bin" mcu table --op tanh_s8 --input-scale 0.0625 --input-zero-point 0 --out "$tmp/t8.bin" || fail "mcu s8 raw"
"$bin" mcu table --op tanh_s16 --input-scale 0.001 --ideal --out "$tmp/t16.npy" || fail "mcu s16 .npy"
"$bin" mcu table --op tanh_s16 --input-scale 0.001 --ideal --out "$tmp/t16.bin" || fail "mcu s16 raw"
check_py "mcu table .npy" '
import sys, numpy as np
d = sys.argv[1]
t8, t16 = np.load(d + "/t8.npy"), np.load(d + "/t16.npy")
assert t8.dtype.str == "|i1" and t8.shape == (256,), (t8.dtype.str, t8.shape)
assert t16.dtype.str == "<i2" and t16.shape == (65536,), (t16.dtype.str, t16.shape)
assert t8.tobytes() == open(d + "/t8.bin", "rb").read(), "int8 bytes differ"
assert t16.tobytes() == open(d + "/t16.bin", "rb").read(), "int16 bytes differ"
assert t8[128] == 0 and t16[32768] == 0, (t8[128], t16[32768])
assert np.all(np.diff(t8.astype(int)) >= 0) and np.all(np.diff(t16.astype(int)) >= 0)
' "$tmp"

# --- Refusals: one line, exit 2, no output file.
cp "$tmp/x.npy" "$tmp/looks.bin"
expect_failure 2 "raw eval input with .npy magic" "looks.bin: looks like a .npy file; read it from a file named \*.npy" \
  "$bin" eval --function exp --in "$tmp/looks.bin" --out "$tmp/r1.bin"
expect_failure 2 "raw stdin with .npy magic" "<stdin>: looks like a .npy file" \
  "$bin" eval --function exp --in - --out "$tmp/r2.bin" <"$tmp/x.npy"
cp "$tmp/h.npy" "$tmp/looks.f16"
expect_failure 2 "raw ane input with .npy magic" "looks like a .npy file" \
  "$bin" ane eval --function exp --in "$tmp/looks.f16" --out "$tmp/r3.f16"
expect_failure 2 "float16 .npy to eval" "h.npy: wrong dtype '<f2' (float16), expected float32 '<f4'" \
  "$bin" eval --function exp --in "$tmp/h.npy" --out "$tmp/r4.npy"
expect_failure 2 "float32 .npy to ane eval" "x.npy: wrong dtype '<f4' (float32), expected float16 '<f2'" \
  "$bin" ane eval --function exp --in "$tmp/x.npy" --out "$tmp/r5.npy"
"$py" -c "import sys, numpy as np; np.save(sys.argv[1], np.zeros(3, np.float64))" "$tmp/f8.npy"
expect_failure 2 "float64 .npy" "f8.npy: wrong dtype '<f8' (float64), expected float32 '<f4'" \
  "$bin" eval --function exp --in "$tmp/f8.npy" --out "$tmp/r6.npy"
"$py" -c "import sys, numpy as np; np.save(sys.argv[1], np.asfortranarray(np.zeros((2, 3), np.float32)))" "$tmp/fortran.npy"
expect_failure 2 "Fortran-order .npy" "Fortran order is not supported for shape (2, 3)" \
  "$bin" eval --function exp --in "$tmp/fortran.npy" --out "$tmp/r7.npy"
head -c 20 "$tmp/x.npy" >"$tmp/cut.npy"
expect_failure 2 "malformed .npy header" "cut.npy: truncated header" \
  "$bin" eval --function exp --in "$tmp/cut.npy" --out "$tmp/r8.npy"
for r in r1.bin r2.bin r3.f16 r4.npy r5.npy r6.npy r7.npy r8.npy; do
  [ ! -e "$tmp/$r" ] || fail "a refused input left $r behind"
done
# An existing output survives a refusal.
echo keep >"$tmp/keep.npy"
"$bin" eval --function exp --in "$tmp/h.npy" --out "$tmp/keep.npy" 2>/dev/null
[ "$(cat "$tmp/keep.npy")" = keep ] || fail "a refused input clobbered the output"
ls "$tmp" | grep -q '\.tmp\.' && fail "temporary file left behind"

# --- version: the project's version, from either spelling.
for spelling in --version version; do
  out=$("$bin" $spelling 2>"$tmp/stderr") || fail "$spelling: exit status"
  [ "$out" = "refmath $version" ] || fail "$spelling printed '$out', want 'refmath $version'"
  [ ! -s "$tmp/stderr" ] || fail "$spelling wrote to stderr"
done
expect_failure 2 "version with an argument" "unexpected argument 'x'" "$bin" version x

finish array_files
