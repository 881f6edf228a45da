#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds and runs a
# consumer through find_package(refmath) and through pkg-config.
# Usage: install_test.sh BUILD_DIR SCRATCH_DIR CONSUMER_SOURCE_DIR
set -eu
build=$1 scratch=$2 consumer=$3
rm -rf "$scratch"
mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
lib=$(find "$scratch/prefix" -name librefmath.a)
[ -n "$lib" ] || { echo "librefmath.a not installed"; exit 1; }

cmake -S "$consumer" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
"$scratch/cmake-build/consumer"

export PKG_CONFIG_PATH="$(dirname "$lib")/pkgconfig"
cc -o "$scratch/pc-consumer" "$consumer/main.c" $(pkg-config --cflags --libs refmath)
"$scratch/pc-consumer"
echo "install: find_package and pkg-config consumers ok"
