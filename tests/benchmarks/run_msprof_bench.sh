#!/bin/sh
# CANN msprof PROF_* folder load benchmark, as quoted in docs/benchmarks.md.
#   tests/benchmarks/run_msprof_bench.sh [BUILD_DIR] [MB] [RUNS]
# Generates a deterministic PROF_* folder of about MB megabytes of JSON views (newer CANN
# layout: mindstudio_profiler_output/msprof_slice_*.json for two devices plus an op_summary CSV
# joined onto every device task) with gen_msprof_folder.py, then times, with
# `accelscope-cli info --time` (load + build, best of RUNS):
#   1. the PROF_* folder through the msprof importer (both devices, routing, dedup, op join),
#   2. the same events written as one file (--slice-mb large) through the Chrome JSON importer
#      (a copy outside the folder): what parsing the same bytes costs in the shared JSON pipeline.
set -eu
BUILD=${1:-build/release}
MB=${2:-234}
RUNS=${3:-3}
CLI="$BUILD/app/accelscope-cli"
DIR=${BENCH_DIR:-/tmp/accelscope-bench}/msprof_$MB
HERE=$(dirname "$0")
[ -d "$DIR" ] || python3 "$HERE/gen_msprof_folder.py" "$DIR" --mb "$MB"
PROF=$(find "$DIR" -maxdepth 1 -name 'PROF_*' | head -1)
ONE="$DIR/one_file"
[ -d "$ONE" ] || python3 "$HERE/gen_msprof_folder.py" "$ONE" --mb "$MB" --slice-mb 1000000
[ -f "$DIR/plain.json" ] || cp "$(find "$ONE" -name 'msprof_slice_0_*.json')" "$DIR/plain.json"
best() { # best wall time of RUNS loads, from the CLI's "loaded in X s"
  b=""
  i=0
  while [ $i -lt "$RUNS" ]; do
    t=$("$CLI" info "$@" --time 2>&1 >/dev/null | sed -n 's/^loaded in \([0-9.]*\) s$/\1/p')
    if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
    i=$((i + 1))
  done
  echo "$b"
}
JSON_MB=$(du -cm "$PROF"/mindstudio_profiler_output/*.json | tail -1 | cut -f1)
echo "msprof PROF_* folder ($JSON_MB MB of JSON views, 2 devices): $(best "$PROF") s"
echo "the same events as one file through the Chrome JSON importer: $(best "$DIR/plain.json") s"
