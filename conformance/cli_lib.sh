# Shared by the command-line test scripts (sourced, not run): a scratch
# directory removed on exit, a failure counter, the check for a one-line
# error, and the closing verdict.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_failure STATUS DESCRIPTION PATTERN COMMAND...: COMMAND exits with
# STATUS ("nonzero" for any failure), prints exactly one line on stderr
# matching PATTERN, and nothing on stdout.
expect_failure() {
  local want=$1 what=$2 pattern=$3
  shift 3
  "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$?
  if [ "$want" = nonzero ]; then
    [ "$rc" -ne 0 ] || fail "$what: exit status 0"
  else
    [ "$rc" -eq "$want" ] || fail "$what: exit status $rc, want $want"
  fi
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] ||
    fail "$what: stderr is not one line: $(cat "$tmp/stderr")"
  grep -q -- "$pattern" "$tmp/stderr" ||
    fail "$what: stderr '$(cat "$tmp/stderr")' lacks '$pattern'"
  [ ! -s "$tmp/stdout" ] || fail "$what: wrote to stdout"
}

# expect_help DESCRIPTION PATTERN COMMAND...: COMMAND exits 0, prints a
# line matching PATTERN on stdout, and nothing on stderr.
expect_help() {
  local what=$1 pattern=$2
  shift 2
  "$@" >"$tmp/help" 2>"$tmp/stderr" || fail "$what: exit status"
  grep -q -- "$pattern" "$tmp/help" || fail "$what: $(head -1 "$tmp/help")"
  [ ! -s "$tmp/stderr" ] || fail "$what wrote to stderr"
}

# finish NAME: the verdict line and the exit status.
finish() {
  if [ "$fails" -ne 0 ]; then
    echo "$1: $fails failure(s)"
    exit 1
  fi
  echo "$1: all checks passed"
  exit 0
}
