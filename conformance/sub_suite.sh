#!/usr/bin/env bash
# Runs the test suite of another build tree (the sanitizer build) as one
# test of this one.  Exit 77 (skipped) if that tree was not built.
# Usage: sub_suite.sh BUILD_DIR LABEL_REGEX [EXCLUDE_REGEX]
set -u
dir=$1 labels=$2 exclude=${3:-^$}
if [ ! -f "$dir/CTestTestfile.cmake" ]; then
  echo "skipped: $dir is not built (tools/test.sh builds it)"
  exit 77
fi
exec ctest --test-dir "$dir" -L "$labels" -E "$exclude" -j"$(nproc)" --output-on-failure
