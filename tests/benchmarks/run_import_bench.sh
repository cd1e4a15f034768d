#!/bin/sh
# Chrome JSON import benchmark, as quoted in docs/benchmarks.md.
#   tests/benchmarks/run_import_bench.sh [BUILD_DIR] [EVENTS]
# Generates the trace with ../shared/tools/gen_trace.py (deterministic), then runs the simdjson
# floor and the importer on the same file, plain, gzip'd (-6) and zstd'd (-3).
set -eu
BUILD=${1:-build/release}
EVENTS=${2:-3000000}
DIR=${BENCH_DIR:-/tmp/accelscope-bench}
mkdir -p "$DIR"
JSON="$DIR/kineto_${EVENTS}.json"
GEN="$(dirname "$0")/../../../shared/tools/gen_trace.py"
[ -f "$JSON" ] || python3 "$GEN" --events "$EVENTS" --seed 1 --out "$JSON"
[ -f "$JSON.gz" ] || gzip -k -6 "$JSON"
HAVE_ZSTD=$(command -v zstd || true) # the zstd command-line tool (Debian package zstd)
[ -z "$HAVE_ZSTD" ] || [ -f "$JSON.zst" ] || zstd -q -k -3 "$JSON"
echo "== floor"; "$BUILD/tests/benchmarks/bench_json_floor" "$JSON"
echo "== import (plain)"; "$BUILD/tests/benchmarks/bench_chrome_import" "$JSON"
echo "== import (gzip)"; "$BUILD/tests/benchmarks/bench_chrome_import" "$JSON.gz"
[ -z "$HAVE_ZSTD" ] || { echo "== import (zstd)"; "$BUILD/tests/benchmarks/bench_chrome_import" "$JSON.zst"; }
