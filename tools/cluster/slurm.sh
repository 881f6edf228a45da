#!/usr/bin/env bash
# A sharded sweep or exhaustive digest as a Slurm job array, and its merge
# as a job that starts once every shard has succeeded (docs/sharding.md).
#
#   tools/cluster/slurm.sh --shards N --dir DIR [--max-running M]
#       [--sbatch OPTION]... [--bin BIN_DIR] [--dry-run]
#       sweep|digest [SHARD_ARGS...] [-- MERGE_ARGS...]
#
# Writes two job scripts into DIR and submits them: DIR/shard-job.sh as
# `sbatch --array=0-(N-1)` (task K runs tools/cluster/shard.sh run ... K,
# leaving DIR/shard-K.result or DIR/shard-K.part), and DIR/merge-job.sh
# with --dependency=afterok on the array (its report in DIR/merge.out).
# DIR, this checkout and BIN_DIR (default build/bin) must be at the same
# path on the compute nodes (a shared file system).  --max-running M runs
# at most M tasks at once; each --sbatch OPTION is passed to both sbatch
# calls (--sbatch --partition=long --sbatch --time=2:00:00
# --sbatch --cpus-per-task=8; a sweep shard uses every core it is given).
# Shards already in DIR are skipped by their task, so submitting the same
# command again finishes a run cut short.  --dry-run writes the job
# scripts and prints the sbatch commands without submitting.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(cd "$here/../.." && pwd)/build/bin
shards="" dir="" max_running="" dry_run=0
sbatch_options=()

while [ $# -gt 0 ]; do
  case $1 in
    --shards) need "$@"; shards=$2; shift 2 ;;
    --dir) need "$@"; dir=$2; shift 2 ;;
    --max-running) need "$@"; max_running=$2; shift 2 ;;
    --sbatch) need "$@"; sbatch_options+=("$2"); shift 2 ;;
    --bin) need "$@"; bin=$2; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    *) break ;;
  esac
done
check_shards "$shards"
split_args "$@"
[ -z "$max_running" ] || [[ $max_running =~ ^[1-9][0-9]{0,6}$ ]] ||
  die "--max-running needs a count from 1, got '$max_running'"
[ "$dry_run" = 1 ] || command -v sbatch >/dev/null || die "sbatch not found (Slurm's client)"

# write_job FILE JOB_NAME OUTPUT COMMAND...: a job script running COMMAND,
# each word quoted, and the word @TASK@ replaced by the array task's index.
write_job() {
  local file=$1 name=$2 output=$3 line=exec
  shift 3
  for word in "$@"; do
    if [ "$word" = @TASK@ ]; then line+=' "$SLURM_ARRAY_TASK_ID"'; else line+=" $(printf '%q' "$word")"; fi
  done
  printf '#!/usr/bin/env bash\n#SBATCH --job-name=%s\n#SBATCH --output=%s\n%s\n' \
    "$name" "$output" "$line" >"$file.tmp"
  bash -n "$file.tmp" && mv "$file.tmp" "$file"
}

write_job "$dir/shard-job.sh" "refmath-$kind" "$dir/slurm-%A_%a.out" \
  bash "$here/shard.sh" run "$kind" "$dir" @TASK@ "$shards" "$bin" "${shard_args[@]}"
write_job "$dir/merge-job.sh" "refmath-$kind-merge" "$dir/merge.out" \
  bash "$here/shard.sh" merge "$kind" "$dir" "$shards" "$bin" "${merge_args[@]}"

array="0-$((shards - 1))${max_running:+%$max_running}"
if [ "$dry_run" = 1 ]; then
  echo "sbatch --parsable --array=$array ${sbatch_options[*]} $dir/shard-job.sh"
  echo "sbatch --parsable --dependency=afterok:JOB --kill-on-invalid-dep=yes ${sbatch_options[*]} $dir/merge-job.sh"
  exit 0
fi
job=$(sbatch --parsable --array="$array" "${sbatch_options[@]}" "$dir/shard-job.sh")
job=${job%%;*}  # "ID;CLUSTER" on a federation
merge=$(sbatch --parsable --dependency="afterok:$job" --kill-on-invalid-dep=yes \
  "${sbatch_options[@]}" "$dir/merge-job.sh")
echo "slurm.sh: shards in job array $job, merge in job ${merge%%;*} (report: $dir/merge.out)"
