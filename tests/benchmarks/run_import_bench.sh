#!/bin/sh
# Chrome JSON import benchmark, as quoted in docs/benchmarks.md.
#   tests/benchmarks/run_import_bench.sh [BUILD_DIR] [EVENTS]
# Generates the trace with ../shared/tools/gen_trace.py (deterministic), then runs the simdjson
# floor and the importer on the same file, plain, gzip'd (-6) and zstd'd (-3): one full report
# each, then REPEAT more runs (separate processes) alternating between the three files, with
# the best and the median total of each (the machine is shared: quote figures taken at a low
# load; the load average is printed before each round).
set -eu
BUILD=${1:-build/release}
EVENTS=${2:-3000000}
REPEAT=${REPEAT:-5}
DIR=${BENCH_DIR:-/tmp/accelscope-bench}
mkdir -p "$DIR"
JSON="$DIR/kineto_${EVENTS}.json"
GEN="$(dirname "$0")/../../../shared/tools/gen_trace.py"
[ -f "$JSON" ] || python3 "$GEN" --events "$EVENTS" --seed 1 --out "$JSON"
[ -f "$JSON.gz" ] || gzip -k -6 "$JSON"
HAVE_ZSTD=$(command -v zstd || true) # the zstd command-line tool (Debian package zstd)
[ -z "$HAVE_ZSTD" ] || [ -f "$JSON.zst" ] || zstd -q -k -3 "$JSON"
echo "== floor"; "$BUILD/tests/benchmarks/bench_json_floor" "$JSON"
FILES="$JSON $JSON.gz${HAVE_ZSTD:+ $JSON.zst}"
for f in $FILES; do
    echo "== import $(basename "$f")"; "$BUILD/tests/benchmarks/bench_chrome_import" "$f"
done
TIMES=$(mktemp)
for i in $(seq "$REPEAT"); do
    echo "== round $i, $(uptime | sed 's/.*load/load/')"
    for f in $FILES; do
        t=$("$BUILD/tests/benchmarks/bench_chrome_import" "$f" | awk '$1 == "total" { print $2 }')
        echo "  $(basename "$f") $t s"
        echo "$(basename "$f") $t" >>"$TIMES"
    done
done
echo "== best / median of $REPEAT (total seconds: import + build)"
for f in $FILES; do
    b=$(basename "$f")
    awk -v f="$b" '$1 == f { print $2 }' "$TIMES" | sort -n | awk -v f="$b" '{ t[NR] = $1 } END { printf "  %s  best %.3f  median %.3f\n", f, t[1], t[int((NR + 1) / 2)] }'
done
rm -f "$TIMES"
