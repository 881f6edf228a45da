#!/usr/bin/env bash
# The whole cross-platform matrix from one command: arm64 (NEON, SVE at
# 128/256/512/2048 bits) under qemu-user, the Cortex-M55 bare metal under
# qemu-system-arm, and other compilers/optimisation levels on this host.
# Each part installs what it needs; a part that cannot run here is reported
# as skipped.  Exit 0 only if no part failed.  docs/conformance.md has the
# per-configuration details.
#   bash tools/cross/matrix.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
status=0
summary=()
for part in "arm64:$here/arm64.sh" "cortex-m55:$here/m55/run.sh" "compilers:$here/compilers.sh"; do
  name=${part%%:*}
  script=${part#*:}
  echo "== $name"
  start=$SECONDS
  bash "$script"
  rc=$?
  case $rc in
    0) verdict=pass ;;
    77) verdict=skipped ;;
    *) verdict=FAIL; status=1 ;;
  esac
  summary+=("$(printf '%-12s %-8s %4d s' "$name" "$verdict" $((SECONDS - start)))")
done
echo "== cross-platform matrix"
printf '%s\n' "${summary[@]}"
exit $status
