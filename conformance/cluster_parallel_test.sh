#!/usr/bin/env bash
# tools/cluster/ on this machine: four shards through GNU parallel, two at
# a time, merged, give the one run's exhaustive digest and the one run's
# sweep result; a run cut short is finished by running it again, which
# redoes only the missing shard; a failing shard stops the merge.  The
# digest covers 4 of the 256 blocks (--blocks): a whole row takes 10 to
# 40 s here, too long to run twice in the suite.  Slurm cannot run without
# its controller: slurm.sh is checked by bash -n, and the job scripts its
# --dry-run writes are run by hand, task by task, as the array would.
# Usage: cluster_parallel_test.sh SOURCE_DIR BIN_DIR
set -u
root=$1 bindir=$2
source "$(dirname "$0")/cli_lib.sh"
cluster=$root/tools/cluster
command -v parallel >/dev/null ||
  { echo "FAIL: GNU parallel is not installed (tools/deps.sh installs it)"; exit 1; }

# The exhaustive digest of exp exact on blocks 64 to 68 (inputs 1 to 2^4).
digest=(--function exp --variant exact --blocks 64:68)
"$bindir/refmath_exhaustive_digest" "${digest[@]}" >"$tmp/one" 2>/dev/null || fail "one run"
bash "$cluster/parallel.sh" --shards 4 --jobs 2 --dir "$tmp/d" --bin "$bindir" digest "${digest[@]}" \
  >"$tmp/merged" 2>"$tmp/err" || fail "parallel.sh digest: $(cat "$tmp/err")"
[ -s "$tmp/one" ] && [ "$(cat "$tmp/merged")" = "$(cat "$tmp/one")" ] ||
  fail "merged digest '$(cat "$tmp/merged")' is not the one run's '$(cat "$tmp/one")'"
[ "$(ls "$tmp/d" | tr '\n' ' ')" = "shard-0.part shard-1.part shard-2.part shard-3.part " ] ||
  fail "shard files: $(ls "$tmp/d")"

# Cut short: shard 2's file gone.  Run again: only shard 2 is redone.
rm "$tmp/d/shard-2.part"
touch -d '2000-01-01' "$tmp/d/shard-0.part"
bash "$cluster/parallel.sh" --shards 4 --jobs 2 --dir "$tmp/d" --bin "$bindir" digest "${digest[@]}" \
  >"$tmp/again" 2>"$tmp/err" || fail "parallel.sh again: $(cat "$tmp/err")"
grep -q '4 shards, 1 to run' "$tmp/err" || fail "the rerun did not run 1 shard: $(head -1 "$tmp/err")"
[ "$(cat "$tmp/again")" = "$(cat "$tmp/one")" ] || fail "rerun's digest differs"
[ -n "$(find "$tmp/d/shard-0.part" ! -newermt '2000-01-02')" ] || fail "the rerun redid shard 0"

# The same through the pseudo-host ':' (this machine as an ssh login), the
# remote path: each file copied back and removed there (a no-op here).
bash "$cluster/parallel.sh" --shards 4 --jobs 2 --hosts : --dir "$tmp/h" --bin "$bindir" \
  digest "${digest[@]}" >"$tmp/hosts" 2>"$tmp/err" || fail "parallel.sh --hosts: $(cat "$tmp/err")"
[ "$(cat "$tmp/hosts")" = "$(cat "$tmp/one")" ] || fail "--hosts : digest differs"

# A sweep with an error profile, one thread per shard; merge options after --.
sweep=(--function erf --range=-6:6 --stride 9973 --threads 1 --bins 5)
"$bindir/refmath" sweep "${sweep[@]}" --quiet --out "$tmp/whole.result" >/dev/null || fail "whole sweep"
bash "$cluster/parallel.sh" --shards 4 --jobs 2 --dir "$tmp/s" --bin "$bindir" sweep "${sweep[@]}" \
  -- --md "$tmp/s.md" >/dev/null 2>"$tmp/err" || fail "parallel.sh sweep: $(cat "$tmp/err")"
figures() { grep -Ev '^(shard_count|shards|seconds) ' "$1"; }
[ -s "$tmp/s/merged.result" ] && [ "$(figures "$tmp/whole.result")" = "$(figures "$tmp/s/merged.result")" ] ||
  fail "merged sweep differs: $(diff <(figures "$tmp/whole.result") <(figures "$tmp/s/merged.result"))"
grep -qx 'shards 0 1 2 3' "$tmp/s/merged.result" || fail "merged sweep: shards line"
grep -q '^| erf | exact | \[-6, 6\] stride 9973 |' "$tmp/s.md" || fail "merge's --md: $(cat "$tmp/s.md")"

# A failing shard: exit 1, no merge.
bash "$cluster/parallel.sh" --shards 2 --dir "$tmp/f" --bin "$bindir" sweep --function nope --all \
  >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "failing shards: exit $rc, want 1"
grep -q 'shard(s) failed' "$tmp/err" || fail "failing shards: $(tail -1 "$tmp/err")"
[ ! -e "$tmp/f/merged.result" ] || fail "merged after failing shards"
# The scripts' own errors: one line, exit 2.
expect_failure 2 "no --shards" "--shards needs a count" bash "$cluster/parallel.sh" --dir "$tmp/x" sweep
expect_failure 2 "no kind" "unknown option '--nope'" bash "$cluster/parallel.sh" --shards 2 --dir "$tmp/x" --nope
expect_failure 2 "slurm: no --dir" "--dir DIR is required" bash "$cluster/slurm.sh" --shards 2 digest

# Slurm: the array's tasks and the merge job, run by hand.
for script in slurm.sh parallel.sh shard.sh lib.sh; do
  bash -n "$cluster/$script" || fail "bash -n $script"
done
bash "$cluster/slurm.sh" --dry-run --shards 4 --max-running 2 --sbatch --time=10 --dir "$tmp/slurm" \
  --bin "$bindir" digest "${digest[@]}" >"$tmp/sbatch" || fail "slurm.sh --dry-run"
grep -q "^sbatch --parsable --array=0-3%2 --time=10 $tmp/slurm/shard-job.sh$" "$tmp/sbatch" ||
  fail "slurm.sh: array submission: $(head -1 "$tmp/sbatch")"
grep -q "dependency=afterok:JOB .*merge-job.sh$" "$tmp/sbatch" || fail "slurm.sh: merge submission"
for k in 0 1 2 3; do
  SLURM_ARRAY_TASK_ID=$k bash "$tmp/slurm/shard-job.sh" >/dev/null 2>&1 || fail "array task $k"
done
bash "$tmp/slurm/merge-job.sh" >"$tmp/slurm.out" 2>/dev/null || fail "merge job"
[ "$(cat "$tmp/slurm.out")" = "$(cat "$tmp/one")" ] || fail "Slurm-style run's digest differs"

finish cluster_parallel
