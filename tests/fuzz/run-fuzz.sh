#!/bin/sh
# Runs every libFuzzer target of a build over its corpus, then on fresh inputs for a fixed time.
#
#   tests/fuzz/run-fuzz.sh BUILD_DIR SECONDS_PER_TARGET [WORK_DIR] [TARGET...]
#
# The corpus of a target is its hand-made seeds (tests/fuzz/seeds/<target>), the inputs of
# crashes found before (tests/fuzz/regressions/<target>) and seeds made at run time from the
# sample data ($ACCELSCOPE_SHARED_DATA, default ../shared/data beside the checkout): trace files
# as they are, folders packed into folder images (pack_folder.py). New interesting inputs are
# kept in WORK_DIR/corpus/<target> (default: a temporary folder), so a campaign continues where
# it stopped when given the same WORK_DIR. A crash, a hang (-timeout, FUZZ_TIMEOUT seconds,
# default 10; wall-clock, so raise it on a loaded machine) or an input that needs more than 2 GB
# (-rss_limit_mb) fails the run; the input is left in WORK_DIR/findings.
#
# SECONDS_PER_TARGET `seeds` runs nothing: it only makes the sample-data seeds in
# WORK_DIR/shared-seeds/<target> and writes WORK_DIR/targets.txt, one line per target:
# "target dictionary max_len" (dictionary `-` for none), for a campaign run elsewhere
# (make-campaign-bundle.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
work=${3:-}
shift 2
[ $# -gt 0 ] && shift
if [ "$seconds" = seeds ] && [ -z "$work" ]; then
  echo "run-fuzz: 'seeds' needs a WORK_DIR" >&2; exit 2
fi
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/accelscope-fuzz.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/corpus" "$work/findings" "$work/logs"
data=${ACCELSCOPE_SHARED_DATA:-$src/../shared/data}
targets=${*:-"fuzz_chrome_json fuzz_args_tree fuzz_perfetto fuzz_ascend_csv fuzz_ascend_trace_view fuzz_ascend_db
 fuzz_ascend_folder fuzz_mindspore fuzz_sophgo_cdmlib fuzz_sophgo_bmprofile fuzz_aiu_trace fuzz_aiu_compiler_log
 fuzz_category_rules fuzz_input_stream"}

# Sample-data seeds: copies (cut to 1 MB) of the files that match, or packed folders.
seed_files() { # target, find arguments...
  t=$1; shift
  [ -d "$data" ] || return 0
  d="$work/shared-seeds/$t"; mkdir -p "$d"
  find "$data" "$@" -type f -size -64M 2>/dev/null | while read -r f; do
    head -c 1000000 "$f" > "$d/$(echo "$f" | sed 's|.*/shared/data/||; s|/|__|g')"
  done
}
seed_folders() { # target, folder...
  t=$1; shift
  [ -d "$data" ] || return 0
  d="$work/shared-seeds/$t"; mkdir -p "$d"
  for f in "$@"; do
    [ -d "$f" ] && python3 "$here/pack_folder.py" "$f" "$d/$(echo "$f" | sed 's|.*/shared/data/||; s|/|__|g').img" --max-file 65536
  done
}
seed_decompressed() { # target, find arguments...: the first 1 MB of each file decompressed
  t=$1; shift
  [ -d "$data" ] || return 0
  d="$work/shared-seeds/$t"; mkdir -p "$d"
  find "$data" "$@" -type f 2>/dev/null | while read -r f; do
    (zcat -f "$f" 2>/dev/null || true) | head -c 1000000 > "$d/$(echo "$f" | sed 's|.*/shared/data/||; s|/|__|g').raw"
  done
}

max_len=262144
for t in $targets; do
  case $t in
    fuzz_chrome_json) seed_files $t -path '*kineto*' -name '*.json.gz'; seed_decompressed $t -path '*kineto*' -name '*.json.gz'; dict=json ;;
    fuzz_args_tree) seed_files $t -path '*aiu*' -name 'basic_event_test_cases.json'; dict=json ;;
    fuzz_perfetto) seed_files $t -path '*perfetto*' -name '*.pftrace*'; dict=protobuf ;;
    fuzz_ascend_csv) seed_files $t \( -path '*ascend*' -o -path '*mindspore*' \) -name '*.csv' -size -1000k; dict=csv ;;
    fuzz_ascend_trace_view) seed_files $t -name 'trace_view.json'; dict=json ;;
    fuzz_ascend_db) seed_files $t -name 'ascend_pytorch_profiler_*.db' -size -1000k; dict=; max_len=1000000 ;;
    fuzz_ascend_folder) seed_folders $t "$data"/ascend/pt_text_level1_8card_cnn/rank0_ascend_pt \
        "$data"/ascend/pt_text_level2_4rank_qwen3_cann83/rank_0_ascend_pt; dict=csv; max_len=1000000 ;;
    fuzz_mindspore) seed_folders $t "$data"/mindspore/*/; dict=csv; max_len=1000000 ;;
    fuzz_sophgo_cdmlib) seed_folders $t "$data"/sophgo/cdm_profile_data_dev0_bm1690; dict=; max_len=1000000 ;;
    fuzz_sophgo_bmprofile) seed_folders $t "$data"/sophgo/bmprofile_data-1_bm1684x "$data"/sophgo/bmprofile_data-1_bm1688; dict=; max_len=1000000 ;;
    fuzz_aiu_trace) seed_files $t -path '*aiu*' -name '*.json' -size -1000k; dict=json ;;
    fuzz_aiu_compiler_log) seed_files $t -path '*aiu*' \( -name '*.txt' -o -name '*.log' \) ! -name 'LICENSE*' ! -name 'PROVENANCE*'; dict= ;;
    fuzz_category_rules) dict=json ;;
    fuzz_input_stream) seed_files $t \( -name '*.gz' -o -name '*.zst' \); dict= ;;
    *) echo "run-fuzz: unknown target $t" >&2; exit 2 ;;
  esac
  if [ "$seconds" = seeds ]; then
    echo "$t ${dict:--} $max_len" >> "$work/targets.txt"
    max_len=262144
    continue
  fi
  mkdir -p "$work/corpus/$t" "$work/findings/$t"
  set -- "$work/corpus/$t" "$here/seeds/$t"
  [ -d "$here/regressions/$t" ] && set -- "$@" "$here/regressions/$t"
  [ -d "$work/shared-seeds/$t" ] && set -- "$@" "$work/shared-seeds/$t"
  dict_arg=; [ -n "$dict" ] && dict_arg="-dict=$here/dicts/$dict.dict"
  echo "run-fuzz: $t for ${seconds}s"
  # -timeout: an input running > 10 s is a hang; -rss_limit_mb: > 2 GB is a blow-up.
  if ! (cd "$work/findings/$t" && "$build/tests/fuzz/$t" $dict_arg -max_len=$max_len -timeout="${FUZZ_TIMEOUT:-10}" \
        -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 -close_fd_mask=1 \
        "$@" > "$work/logs/$t.log" 2>&1); then
    grep -E "ERROR|SUMMARY|^    #[0-9] |^    #[1-3][0-9] |Test unit written" "$work/logs/$t.log" | head -50 >&2
    echo "run-fuzz: $t FAILED; input kept in $work/findings/$t" >&2
    trap - EXIT
    exit 1
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+.*(DONE|pulse)' "$work/logs/$t.log" | tail -2
  max_len=262144
done
[ "$seconds" = seeds ] && exit 0
echo "run-fuzz: every target ran without a finding"
