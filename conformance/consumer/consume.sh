# Sourced by install_test.sh and library_alone_test.sh.
# consume_package PREFIX SCRATCH CONSUMER_DIR: builds and runs the two
# find_package consumers against the package installed in PREFIX: the C
# API from a C-only project (no C++ enabled), the emulators from C++.
consume_package() {
  local prefix=$1 scratch=$2 consumer=$3 project
  for project in "$consumer" "$consumer/emulators"; do
    local tree="$scratch/consumer-$(basename "$project")"
    cmake -S "$project" -B "$tree" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
    cmake --build "$tree" >/dev/null
  done
  "$scratch/consumer-consumer/consumer"
  "$scratch/consumer-emulators/emulators"
}
