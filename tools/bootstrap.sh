#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install what is missing, build,
# install the Python package for /usr/bin/python3, and run the conformance
# runner (every function x variant x target usable on this CPU against
# golden/).  Exit status is the runner's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/tools/deps.sh"
refmath_install_deps
refmath_build "$root"
refmath_install_python "$root"
echo "the Python package: /usr/bin/python3 -c 'import refmath'"
echo "targets usable here: $("$root/build/bin/refmath" targets | tr '\n' ' ')"
exec "$root/build/bin/refmath" conform
