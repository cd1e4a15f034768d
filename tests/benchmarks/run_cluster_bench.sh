#!/bin/bash
# Cluster map and reduce at N generated ranks (docs/benchmarks.md, "Cluster map and reduce"):
#   1. gen_trace.py --rank R --world-size N for every rank (NCCL collectives, a few MB each);
#   2. accelscope-cli summarize of every rank one after the other: the sum of single-rank times;
#   3. accelscope-cluster (a local Dask cluster, a worker per core): the map's wall time;
#   4. accelscope-cli cluster over the N summaries: the reduce;
#   5. summary bytes against trace bytes.
#
#   tests/benchmarks/run_cluster_bench.sh [RANKS] [EVENTS_PER_RANK] [WORKDIR]
set -euo pipefail
RANKS=${1:-1024}
EVENTS=${2:-10000}
WORK=${3:-/tmp/accelscope-cluster-bench}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
CLI=${CLI:-$HERE/build/release/app/accelscope-cli}
GEN=${GEN:-$HERE/../shared/tools/gen_trace.py}
mkdir -p "$WORK/job" "$WORK/seq"
if [ ! -f "$WORK/job/rank$((RANKS - 1)).trace.json" ]; then
  echo "generating $RANKS ranks of $EVENTS events"
  seq 0 $((RANKS - 1)) | xargs -P "$(nproc)" -I{} python3 "$GEN" --events "$EVENTS" --rank {} --world-size "$RANKS" \
      --out "$WORK/job/rank{}.trace.json" >/dev/null 2>&1
fi
TRACE_BYTES=$(du -cb "$WORK"/job/*.json | tail -1 | cut -f1)

start=$(date +%s.%N)
for r in $(seq 0 $((RANKS - 1))); do
  "$CLI" summarize "$WORK/job/rank$r.trace.json" -o "$WORK/seq/rank$r.sqlite"
done
seq_s=$(echo "$(date +%s.%N) - $start" | bc)
SUMMARY_BYTES=$(du -cb "$WORK"/seq/*.sqlite | tail -1 | cut -f1)

rm -rf "$WORK/dask.sqlite" "$WORK/dask.sqlite.summaries"
start=$(date +%s.%N)
/usr/bin/python3 "$HERE/app/cluster/accelscope-cluster" "$WORK/job" -o "$WORK/dask.sqlite" --cli "$CLI" --quiet
map_s=$(echo "$(date +%s.%N) - $start" | bc)

best=""
for i in 1 2 3; do
  start=$(date +%s.%N)
  "$CLI" cluster "$WORK/seq" -o "$WORK/reduce.sqlite" --quiet
  t=$(echo "$(date +%s.%N) - $start" | bc)
  if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
done

echo "ranks $RANKS, trace bytes $TRACE_BYTES, summary bytes $SUMMARY_BYTES ($(echo "scale=3; 100 * $SUMMARY_BYTES / $TRACE_BYTES" | bc) %)"
echo "sum of single-rank summarize times: $seq_s s"
echo "accelscope-cluster (local Dask, $(nproc) workers, map + reduce): $map_s s ($(echo "scale=2; $map_s / $seq_s" | bc) of the sum)"
echo "reduce of $RANKS summaries (best of 3): $best s"
