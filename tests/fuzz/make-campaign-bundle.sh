#!/bin/sh
# Makes a self-contained bundle for a fuzz campaign on another Linux machine (no network, unknown
# userland; see docs/reliability.md, "Campaign"):
#
#   tests/fuzz/make-campaign-bundle.sh BUILD_DIR [BUNDLE_DIR]     (default BUNDLE_DIR: build/campaign)
#
# BUILD_DIR is a build of the `fuzz` preset (the fuzz_targets target). The bundle holds:
#   bin/          the fuzz targets, debug information stripped (the unstripped ones in BUILD_DIR
#                 symbolize a finding's stack afterwards: same build id)
#   lib/          every shared library they load, found with ldd, the dynamic loader and libc
#                 included, so that they run as `lib/ld-linux-x86-64.so.2 --library-path lib bin/T`
#                 whatever the host has; plugins/ holds Qt's SQLite driver (loaded at run time)
#   corpus/T/     the hand-made seeds, the regression inputs and the sample-data seeds of target T
#                 (run-fuzz.sh's, each cut below 1 MB; the sample data are not on that machine)
#   dicts/, lsan-suppressions.txt, targets.txt (target, dictionary, max_len)
#   run.sh        the campaign (tests/fuzz/campaign-run.sh)
# When bin/, lib/ and plugins/ together are larger than BUNDLE_LIMIT_MB (default 60), they are
# packed into payload.tar.xz, which run.sh unpacks first with the xz and tar of tools/ (bundled too,
# with their own libraries), so nothing of the host but a POSIX shell and coreutils is needed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
bundle=${2:-$src/build/campaign}
limit_mb=${BUNDLE_LIMIT_MB:-60}

rm -rf "$bundle"
mkdir -p "$bundle"
bundle=$(cd "$bundle" && pwd)
stage=$(mktemp -d "${TMPDIR:-/tmp}/accelscope-bundle.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# Targets, their dictionaries and input sizes, and the sample-data seeds: run-fuzz.sh's own.
sh "$here/run-fuzz.sh" "$build" seeds "$stage/work" >/dev/null
targets=$(cut -d' ' -f1 "$stage/work/targets.txt")

# Copies every library `ldd` names for the ELF files given into DIR (links resolved), the
# dynamic loader as DIR/ld-linux-x86-64.so.2.
copy_libs() { # dir file...
  dir=$1; shift
  mkdir -p "$dir"
  for f in "$@"; do
    if ldd "$f" | grep -q 'not found'; then
      echo "make-campaign-bundle: $f needs a library that is not installed:" >&2
      ldd "$f" | grep 'not found' >&2
      exit 1
    fi
  done
  for f in "$@"; do
    ldd "$f" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $1 ~ /ld-linux/ { print $1 }'
  done | sort -u | while read -r lib; do
    case $lib in
      */ld-linux*) cp -L "$lib" "$dir/ld-linux-x86-64.so.2" ;;
      *) [ -e "$dir/$(basename "$lib")" ] || cp -L "$lib" "$dir/" ;;
    esac
  done
  chmod 755 "$dir/ld-linux-x86-64.so.2"
}

# ---- The payload: targets, libraries, Qt's SQLite driver.
payload=$stage/payload
mkdir -p "$payload/bin" "$payload/plugins/sqldrivers"
for t in $targets; do
  cp "$build/tests/fuzz/$t" "$payload/bin/"
  strip --strip-debug "$payload/bin/$t"
done
qt_plugins=$(qtpaths6 --plugin-dir 2>/dev/null || qmake6 -query QT_INSTALL_PLUGINS 2>/dev/null \
  || echo /usr/lib/x86_64-linux-gnu/qt6/plugins)
cp -L "$qt_plugins/sqldrivers/libqsqlite.so" "$payload/plugins/sqldrivers/"
copy_libs "$payload/lib" "$payload"/bin/* "$payload/plugins/sqldrivers/libqsqlite.so"

# ---- Corpora, dictionaries, suppressions, the run script.
for t in $targets; do
  mkdir -p "$bundle/corpus/$t"
  for kind in seeds regressions; do
    [ -d "$here/$kind/$t" ] && cp -r "$here/$kind/$t" "$bundle/corpus/$t/$kind"
  done
  if [ -d "$stage/work/shared-seeds/$t" ]; then
    mkdir -p "$bundle/corpus/$t/shared"
    find "$stage/work/shared-seeds/$t" -type f -size -1000k -exec cp {} "$bundle/corpus/$t/shared/" \;
  fi
done
cp -r "$here/dicts" "$bundle/dicts"
cp "$here/lsan-suppressions.txt" "$stage/work/targets.txt" "$bundle/"
cp "$here/campaign-run.sh" "$bundle/run.sh"
chmod 755 "$bundle/run.sh"

payload_kb=$(du -sk "$payload" | cut -f1)
rest_kb=$(du -sk "$bundle" | cut -f1)
if [ $((payload_kb + rest_kb)) -le $((limit_mb * 1024)) ]; then
  mv "$payload/bin" "$payload/lib" "$payload/plugins" "$bundle/"
else
  # One xz stream over all targets: they share most of their code, which a 64 MiB dictionary
  # (-9) finds across files. tools/ unpacks it on a host without xz.
  mkdir -p "$bundle/tools"
  cp -L "$(command -v xz)" "$(command -v tar)" "$bundle/tools/"
  copy_libs "$bundle/tools/lib" "$bundle/tools/xz" "$bundle/tools/tar"
  (cd "$payload" && tar -cf - bin lib plugins) | xz -9 -T1 > "$bundle/payload.tar.xz"
fi
echo "make-campaign-bundle: $bundle ($(du -sh "$bundle" | cut -f1)): $(echo "$targets" | wc -w) targets"
