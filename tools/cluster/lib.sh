# Shared by tools/cluster/parallel.sh and slurm.sh (sourced, not run): the
# checks and the split of their common command-line tail.

# die MESSAGE: a one-line error from the script that sourced this, exit 2.
die() {
  echo "$(basename "$0"): $*" >&2
  exit 2
}

# need OPTION [VALUE]: OPTION was given a value.
need() { [ $# -ge 2 ] || die "$1 needs a value"; }

# check_shards N: a shard count the tools accept, 1 to 1000000.
check_shards() {
  [[ $1 =~ ^[0-9]{1,7}$ ]] && [ "$1" -ge 1 ] && [ "$1" -le 1000000 ] ||
    die "--shards needs a count from 1 to 1000000, got '$1'"
}

# split_args KIND [SHARD_ARGS...] [-- MERGE_ARGS...]: sets kind, the arrays
# shard_args and merge_args, and makes dir and bin absolute (dir created).
split_args() {
  [ $# -ge 1 ] || die "missing sweep or digest"
  case $1 in sweep | digest) kind=$1 ;; *) die "unknown option '$1' (see the comment at the top)" ;; esac
  shift
  shard_args=() merge_args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do shard_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  merge_args=("$@")
  [ -n "$dir" ] || die "--dir DIR is required"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ -d "$bin" ] || die "no directory $bin (build first, or give --bin)"
  bin=$(cd "$bin" && pwd)
}
