#!/usr/bin/env bash
# One shard of a sharded run, or the merge of its shards: the unit of work
# that tools/cluster/parallel.sh and tools/cluster/slurm.sh schedule
# (docs/sharding.md).
#
#   shard.sh run   KIND DIR K N BIN_DIR [SHARD_ARGS...]
#   shard.sh merge KIND DIR N BIN_DIR [MERGE_ARGS...]
#   shard.sh path  KIND DIR K            (prints shard K's file)
#
# KIND is `sweep` (BIN_DIR/refmath sweep SHARD_ARGS --shard K/N --out
# DIR/shard-K.result) or `digest` (BIN_DIR/refmath_exhaustive_digest
# SHARD_ARGS --shard K/N --out DIR/shard-K.part).  A shard whose file is
# already there is not run again: the tools write their files whole or
# not at all, so a run cut short (a preempted job, a lost host) is
# finished by running it again, which redoes only the missing shards.  The
# merge reads the N files in shard order and passes MERGE_ARGS on (a
# sweep's merge also writes DIR/merged.result).  Exit status: the tool's;
# 2 for a bad command line.
set -euo pipefail

usage() {
  echo "usage: shard.sh run sweep|digest DIR K N BIN_DIR [ARGS...]" >&2
  echo "       shard.sh merge sweep|digest DIR N BIN_DIR [ARGS...]" >&2
  echo "       shard.sh path sweep|digest DIR K" >&2
  exit 2
}

# A shard index or count: digits, at most 1000000 (the tools' limit).
is_count() { [[ $1 =~ ^[0-9]{1,7}$ ]] && [ "$1" -le 1000000 ]; }

# The file of shard K of KIND in DIR.
shard_file() {
  case $1 in
    sweep) echo "$2/shard-$3.result" ;;
    digest) echo "$2/shard-$3.part" ;;
  esac
}

[ $# -ge 4 ] || usage
mode=$1 kind=$2 dir=$3
case $kind in
  sweep | digest) ;;
  *) echo "shard.sh: unknown kind '$kind' (sweep or digest)" >&2; exit 2 ;;
esac

case $mode in
  path)
    shard_file "$kind" "$dir" "$4"
    ;;
  run)
    [ $# -ge 6 ] || usage
    k=$4 n=$5 bin=$6
    shift 6
    is_count "$k" && is_count "$n" && [ "$k" -lt "$n" ] ||
      { echo "shard.sh: shard '$k' of '$n': need 0 <= K < N <= 1000000" >&2; exit 2; }
    out=$(shard_file "$kind" "$dir" "$k")
    if [ -s "$out" ]; then
      echo "shard $k/$n: $out is there already"
      exit 0
    fi
    mkdir -p "$dir"
    if [ "$kind" = sweep ]; then
      exec "$bin/refmath" sweep "$@" --shard "$k/$n" --out "$out" --quiet
    fi
    exec "$bin/refmath_exhaustive_digest" "$@" --shard "$k/$n" --out "$out"
    ;;
  merge)
    [ $# -ge 5 ] || usage
    n=$4 bin=$5
    shift 5
    is_count "$n" && [ "$n" -ge 1 ] ||
      { echo "shard.sh: shard count '$n': need 1 <= N <= 1000000" >&2; exit 2; }
    files=()
    for ((k = 0; k < n; ++k)); do files+=("$(shard_file "$kind" "$dir" "$k")"); done
    if [ "$kind" = sweep ]; then
      exec "$bin/refmath" sweep --merge --out "$dir/merged.result" "$@" "${files[@]}"
    fi
    exec "$bin/refmath_exhaustive_digest" --merge "$@" "${files[@]}"
    ;;
  *) usage ;;
esac
