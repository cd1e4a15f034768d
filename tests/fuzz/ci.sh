#!/bin/sh
# The sanitizer and fuzz part of the test command, run after the release suite:
#  1. the whole test suite built with the `asan` preset (clang: ASan + UBSan + LeakSanitizer;
#     the same build links the fuzz targets with libFuzzer, so one build serves both);
#  2. every fuzz target over its corpus, then FUZZ_SECONDS (default 20) of fresh inputs each.
set -eu
cd "$(dirname "$0")/../.."
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
tests/fuzz/run-fuzz.sh build/asan "${FUZZ_SECONDS:-20}"
