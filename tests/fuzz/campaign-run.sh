#!/bin/sh
# A fuzz campaign from a bundle made by make-campaign-bundle.sh (copied there as run.sh): every
# target at once, one libFuzzer process each, for SECONDS.
#
#   OUT=/path/to/results run.sh SECONDS
#
# Writes into OUT:
#   summary.txt           one line per target: executions (libFuzzer's final stats, summed over
#                         restarts), cov / ft / corpus of its last status line, findings, restarts
#   findings/<target>/    crash-*, timeout-* (an input running > 10 s), oom-* (> 2 GB), leak-*
#   logs/<target>.log     the last 50 lines of the target's log
# A finding stops libFuzzer; the target is then started again on the time left (at most
# MAX_RESTARTS, default 10, times), so one crash does not end its campaign.
# TARGETS (names, space-separated) runs only those; FUZZ_FLAGS is appended to every libFuzzer
# command line (a later flag wins: FUZZ_FLAGS=-timeout=30 on a loaded host).
# WORK (default $TMPDIR/accelscope-campaign) keeps the unpacked payload, the new corpus inputs and
# the whole logs. DETECT_LEAKS=0 turns LeakSanitizer off (for hosts where it cannot run: it
# needs ptrace).
set -u
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:?usage: OUT=dir run.sh SECONDS}
out=${OUT:?set OUT to the results folder}
work=${WORK:-${TMPDIR:-/tmp}/accelscope-campaign}
mkdir -p "$out/findings" "$out/logs" "$work/logs" "$work/corpus"
out=$(cd "$out" && pwd)
work=$(cd "$work" && pwd)

# The payload: in the bundle, or packed (unpacked here with the bundle's own xz and tar).
root=$here
if [ -f "$here/payload.tar.xz" ]; then
  root=$work/payload
  if [ ! -f "$root/.unpacked" ] || [ "$here/payload.tar.xz" -nt "$root/.unpacked" ]; then
    rm -rf "$root" && mkdir -p "$root"
    tl() { "$here/tools/lib/ld-linux-x86-64.so.2" --library-path "$here/tools/lib" "$@"; }
    if ! tl "$here/tools/xz" -dc "$here/payload.tar.xz" | tl "$here/tools/tar" -xf - -C "$root"; then
      echo "run.sh: cannot unpack the payload" >&2
      exit 1
    fi
    touch "$root/.unpacked"
  fi
fi
loader=$root/lib/ld-linux-x86-64.so.2
export QT_PLUGIN_PATH="$root/plugins" QT_QPA_PLATFORM=offscreen
export LSAN_OPTIONS="suppressions=$here/lsan-suppressions.txt:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# Runs a command with a wall-clock limit, where coreutils' timeout is there.
guard() { # seconds command...
  if command -v timeout > /dev/null; then
    s=$1; shift
    timeout -k 10 "$s" "$@"
  else
    shift
    "$@"
  fi
}

# Executions of one libFuzzer run: its final stats, else (killed before it printed them) the
# last status line's count.
executions() { # log
  awk '/^stat::number_of_executed_units:/ { s = $2 }
       /^#[0-9]+/ { n = substr($1, 2) + 0 }
       END { print (s != "" ? s : (n != "" ? n : 0)) }' "$1"
}

run_target() { # target dictionary max_len
  t=$1
  max_len=$3
  dict_arg=
  [ "$2" != - ] && dict_arg="-dict=$here/dicts/$2.dict"
  findings=$out/findings/$t
  corpus=$work/corpus/$t
  mkdir -p "$findings" "$corpus"
  set -- "$corpus"
  for d in "$here/corpus/$t"/*; do [ -d "$d" ] && set -- "$@" "$d"; done
  end=$(($(date +%s) + seconds))
  runs=0
  total=0
  while :; do
    left=$((end - $(date +%s)))
    [ "$left" -gt 0 ] || break
    runs=$((runs + 1))
    log=$work/logs/$t.$runs.log
    # The wall-clock guard: libFuzzer checks -max_total_time between inputs, and an input ends
    # within -timeout.
    (cd "$findings" && guard $((left + 60)) "$loader" --library-path "$root/lib" "$root/bin/$t" \
        $dict_arg -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -max_total_time="$left" \
        -print_final_stats=1 -close_fd_mask=1 -detect_leaks="${DETECT_LEAKS:-1}" \
        -artifact_prefix="$findings/" ${FUZZ_FLAGS:-} "$@") > "$log" 2>&1
    rc=$?
    total=$((total + $(executions "$log")))
    [ $rc -eq 0 ] && break
    [ $runs -ge "${MAX_RESTARTS:-10}" ] && break
  done
  cat "$work/logs/$t".*.log 2>/dev/null | tail -n 50 > "$out/logs/$t.log"
  last=$(cat "$work/logs/$t".*.log 2>/dev/null | grep -E '^#[0-9]+.*cov: ' | tail -n 1)
  cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  found=$(find "$findings" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  printf '%-24s executions=%-10s cov=%-6s ft=%-7s corpus=%-6s findings=%s runs=%s\n' \
    "$t" "$total" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$found" "$runs" > "$work/summary.$t"
}

selected() { [ -z "${TARGETS:-}" ] || case " $TARGETS " in *" $1 "*) true ;; *) false ;; esac; }
echo "run.sh: ${TARGETS:-every target} for ${seconds}s each, in parallel ($(nproc 2>/dev/null || echo ?) cores)"
rm -f "$work"/summary.* "$work"/logs/*.log
while read -r t dict max_len; do
  selected "$t" && run_target "$t" "$dict" "$max_len" &
done < "$here/targets.txt"
wait

: > "$out/summary.txt"
while read -r t dict max_len; do
  selected "$t" || continue
  cat "$work/summary.$t" >> "$out/summary.txt" 2>/dev/null || echo "$t (no result)" >> "$out/summary.txt"
done < "$here/targets.txt"
awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "executions") e += kv[2]; if (kv[1] == "findings") f += kv[2] } }
     END { printf "total executions=%d findings=%d\n", e, f }' "$out/summary.txt" >> "$out/summary.txt"
cat "$out/summary.txt"
