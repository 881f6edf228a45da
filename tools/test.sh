#!/usr/bin/env bash
# The whole test suite: install what is missing, build, run ctest.  The
# output ends with ctest's summary; the exit status is ctest's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/tools/deps.sh"
refmath_install_deps
# The Python package's real client (its test skips where it is missing).
refmath_install_deps "${REFMATH_PYTHON_CLIENT_PACKAGES[@]}" ||
  echo "refmath: python3-torch not installed; the torch client test will skip"
start=$SECONDS
# The suite's build treats every warning as an error.
cmake -S "$root" -B "$root/build" -DREFMATH_WERROR=ON >/dev/null
refmath_build "$root"
echo "refmath: release build took $((SECONDS - start)) s"
start=$SECONDS
# The sanitizer build whose suite runs as the sanitized_suite test: -O1
# and line tables only (-g1), enough for a symbolized report, and about
# half the compile time of -O2 -g under the sanitizers.
cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DREFMATH_SANITIZE=ON >/dev/null
cmake --build "$root/build-asan" -j"$(nproc)"
echo "refmath: sanitizer build took $((SECONDS - start)) s"
cd "$root/build"
exec ctest -j"$(nproc)" --output-on-failure "$@"
