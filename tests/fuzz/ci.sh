#!/bin/sh
# The sanitizer and fuzz part of the test command, run after the release suite:
#  1. the whole test suite built with the `asan` preset (ASan + UBSan + LeakSanitizer);
#  2. the fuzz targets built with the `fuzz` preset (clang, libFuzzer, ASan + UBSan; no GUI),
#     each run over its corpus, then on FUZZ_SECONDS (default 10) of fresh inputs.
set -eu
cd "$(dirname "$0")/../.."
# Free space before each build, so that a run that fails for lack of disk says how much there was.
echo "disk before the asan build:"; df -h . | tail -1
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
echo "disk before the fuzz build:"; df -h . | tail -1
cmake --preset fuzz
cmake --build --preset fuzz
tests/fuzz/run-fuzz.sh build/fuzz "${FUZZ_SECONDS:-10}"
