#!/bin/sh
# Ascend rank-folder load benchmark (opening a rank folder should cost about what parsing its
# trace_view.json costs), as quoted in docs/ascend.md.
#   tests/benchmarks/run_ascend_bench.sh [BUILD_DIR] [KERNELS] [RUNS]
# Generates a deterministic torch_npu rank with tests/tools/gen_ascend_rank.py, then times, with
# `accelscope-cli info --time` (load + build, best of RUNS):
#   1. trace_view.json alone through the Chrome JSON importer (a copy named .json outside the folder),
#   2. the trace_view.json alone through the Ascend importer (the file inside its rank folder),
#   3. the whole rank folder (trace_view + kernel_details join + memory/statistics CSVs),
# and finally the largest shared sample folder.
set -eu
BUILD=${1:-build/release}
KERNELS=${2:-300000}
RUNS=${3:-3}
CLI="$BUILD/app/accelscope-cli"
DIR=${BENCH_DIR:-/tmp/accelscope-bench}/ascend_$KERNELS
HERE=$(dirname "$0")
mkdir -p "$DIR"
RANK="$DIR/rank0_ascend_pt"
[ -d "$RANK" ] || python3 "$HERE/../tools/gen_ascend_rank.py" --kernels "$KERNELS" "$RANK"
TV=$(find "$RANK" -name trace_view.json | head -1)
[ -f "$DIR/plain_trace_view.json" ] || cp "$TV" "$DIR/plain_trace_view.json"
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
echo "generated rank: $(du -sh "$TV" | cut -f1) trace_view.json, $(du -sh "$RANK" | cut -f1) folder, $KERNELS kernels"
echo "trace_view.json via Chrome JSON importer: $(best "$DIR/plain_trace_view.json") s"
echo "trace_view.json via Ascend importer:      $(best "$TV") s"
echo "whole rank folder:                        $(best "$RANK") s"
SAMPLE=${ACCELSCOPE_SHARED_DATA:-$HERE/../../../shared/data}/ascend/pt_text_level1_8card_cnn
if [ -d "$SAMPLE" ]; then
  echo "largest shared sample ($(du -sh "$SAMPLE" | cut -f1), 2 ranks): $(best "$SAMPLE") s"
fi
