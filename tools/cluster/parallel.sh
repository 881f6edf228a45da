#!/usr/bin/env bash
# A sharded sweep or exhaustive digest through GNU parallel, on this
# machine or on ssh hosts, then the merge here (docs/sharding.md).
#
#   tools/cluster/parallel.sh --shards N --dir DIR [--jobs J]
#       [--hosts H1,H2,... | --sshloginfile FILE] [--shared-dir]
#       [--bin BIN_DIR] sweep|digest [SHARD_ARGS...] [-- MERGE_ARGS...]
#
# Shard K of N runs `refmath sweep SHARD_ARGS --shard K/N` or
# `refmath_exhaustive_digest SHARD_ARGS --shard K/N` (tools/cluster/shard.sh)
# and leaves DIR/shard-K.result or DIR/shard-K.part; once all are there the
# merge runs with MERGE_ARGS (say `-- --md table.md --max-ulp 0.5`, or
# `-- --check golden/exhaustive.sha256`).  The shards' output, tagged
# "shard K:", goes to stderr; the merge's report to stdout.  Shards already
# in DIR are not run again, so a run cut short is finished by running the
# same command.
#
# --jobs J: shards at once per host (default 1: a sweep shard uses every
# core; a digest shard uses two).  --hosts: ssh logins in GNU parallel's
# form (`host`, `user@host`, `4/host` for 4 jobs there, `:` for this
# machine); every host needs this checkout and build at the same absolute
# path (BIN_DIR, default build/bin) and reads SHARD_ARGS' files there.
# Each shard's file is copied back into DIR and removed on the host, unless
# --shared-dir says DIR is the same directory on every host.  Exit status:
# the merge's; 1 if a shard failed (the others' files stay in DIR).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(cd "$here/../.." && pwd)/build/bin
shards="" dir="" jobs=1 shared=0
logins=()

while [ $# -gt 0 ]; do
  case $1 in
    --shards) need "$@"; shards=$2; shift 2 ;;
    --dir) need "$@"; dir=$2; shift 2 ;;
    --jobs) need "$@"; jobs=$2; shift 2 ;;
    --hosts) need "$@"; logins+=(--sshlogin "$2"); shift 2 ;;
    --sshloginfile) need "$@"; logins+=(--sshloginfile "$2"); shift 2 ;;
    --shared-dir) shared=1; shift ;;
    --bin) need "$@"; bin=$2; shift 2 ;;
    *) break ;;
  esac
done
check_shards "$shards"
split_args "$@"
[[ $jobs =~ ^[0-9]{1,4}$ ]] && [ "$jobs" -ge 1 ] || die "--jobs needs a count from 1, got '$jobs'"
command -v parallel >/dev/null || die "GNU parallel is not installed (tools/deps.sh installs it)"
[ -x "$bin/refmath" ] || die "no $bin/refmath (build first, or give --bin)"

shard="$here/shard.sh"

# The shards whose files are not in DIR yet.
todo=()
for ((k = 0; k < shards; ++k)); do
  [ -s "$(bash "$shard" path "$kind" "$dir" "$k")" ] || todo+=("$k")
done
echo "parallel.sh: $kind, $shards shards, ${#todo[@]} to run" >&2

remote=()
if [ ${#logins[@]} -gt 0 ]; then
  remote=("${logins[@]}")
  [ "$shared" = 1 ] ||
    remote+=(--return "$(bash "$shard" path "$kind" "$dir" "{}")" --cleanup)
fi
if [ ${#todo[@]} -gt 0 ]; then
  printf '%s\n' "${todo[@]}" |
    parallel --jobs "$jobs" "${remote[@]}" --quote --line-buffer --tagstring 'shard {}:' \
      bash "$shard" run "$kind" "$dir" {} "$shards" "$bin" "${shard_args[@]}" >&2 ||
    { echo "parallel.sh: $? shard(s) failed; run the same command again to finish" >&2; exit 1; }
fi
exec bash "$shard" merge "$kind" "$dir" "$shards" "$bin" "${merge_args[@]}"
