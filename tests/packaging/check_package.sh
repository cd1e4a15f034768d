#!/bin/sh
# check_package.sh BUILD_DIR: build the .deb of BUILD_DIR with CPack, validate it, unpack it into
# a temporary root and run the unpacked programs. Fails with the first problem found.
set -eu
build=$(cd "$1" && pwd)
version=${ACCELSCOPE_VERSION:?ACCELSCOPE_VERSION must be set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_package: $*" >&2; exit 1; }

echo "== cpack"
cpack -G DEB -B "$work/out" --config "$build/CPackConfig.cmake" >"$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/out/accelscope_*.deb)
[ -f "$deb" ] || fail "no .deb written"
echo "$deb"

echo "== control"
dpkg-deb -f "$deb" Package Version Depends Recommends
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not the project's $version"
depends=$(dpkg-deb -f "$deb" Depends)
for dep in libqt6sql6-sqlite libqt6gui6 libqt6widgets6 libqt6charts6 libzstd1; do
    echo "$depends" | grep -q "$dep" || fail "Depends lacks $dep"
done

echo "== lintian"
# Errors and warnings fail; overrides shipped in the package are honoured.
lintian --fail-on error,warning --tag-display-limit 0 "$deb" || fail "lintian reported errors or warnings"

echo "== unpack"
root="$work/root"
dpkg-deb -x "$deb" "$root"
for f in usr/bin/accelscope usr/bin/accelscope-cli \
         usr/share/applications/accelscope.desktop \
         usr/share/metainfo/org.accelscope.Accelscope.metainfo.xml \
         usr/share/mime/packages/accelscope.xml \
         usr/share/man/man1/accelscope.1.gz usr/share/man/man1/accelscope-cli.1.gz \
         usr/share/bash-completion/completions/accelscope-cli \
         usr/share/icons/hicolor/scalable/apps/accelscope.svg \
         usr/share/icons/hicolor/48x48/apps/accelscope.png \
         usr/share/accelscope/guide/user-guide.md usr/share/accelscope/guide/images/mainwindow.png \
         usr/share/accelscope/sample/rank0.trace.json.gz usr/share/doc/accelscope/copyright; do
    [ -e "$root/$f" ] || fail "$f is not in the package"
done

echo "== validators"
desktop-file-validate "$root/usr/share/applications/accelscope.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$root/usr/share/metainfo/org.accelscope.Accelscope.metainfo.xml" \
    || fail "appstreamcli validate"
grep -Eq "<release version=\"$version\" date=\"[0-9]{4}-[0-9]{2}-[0-9]{2}\"/>" \
    "$root/usr/share/metainfo/org.accelscope.Accelscope.metainfo.xml" \
    || fail "the AppStream release is not version $version with a date"
# The MIME types compile, and the desktop entry claims each of them.
mkdir -p "$work/mime/packages"
cp "$root/usr/share/mime/packages/accelscope.xml" "$work/mime/packages/"
update-mime-database "$work/mime" || fail "update-mime-database rejected the MIME definitions"
for type in $(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$root/usr/share/mime/packages/accelscope.xml"); do
    grep -q "^MimeType=.*$type;" "$root/usr/share/applications/accelscope.desktop" \
        || fail "the desktop entry does not open $type"
    grep -q "$type" "$work/mime/types" || fail "$type missing from the compiled MIME database"
done

echo "== man pages and completion"
for page in accelscope accelscope-cli; do
    warnings=$(MANWIDTH=80 man --warnings -l "$root/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null || true)
    [ -z "$warnings" ] || { echo "$warnings"; fail "man $page: groff warnings"; }
    MANWIDTH=80 man -l "$root/usr/share/man/man1/$page.1.gz" 2>/dev/null | grep -q -- "--version" \
        || fail "man $page does not show the options"
done
bash -n "$root/usr/share/bash-completion/completions/accelscope-cli" || fail "bash completion has a syntax error"
# The completion asks the installed program for the analysis names.
names=$(bash -c ". '$root/usr/share/bash-completion/completions/accelscope-cli'; \
    COMP_WORDS=('$root/usr/bin/accelscope-cli' analyze ker); COMP_CWORD=2; \
    _filedir() { :; }; _accelscope_cli; echo \${COMPREPLY[*]}")
echo "$names" | grep -qw kernels || fail "completion of 'analyze ker' gave '$names'"

echo "== the unpacked programs"
cli="$root/usr/bin/accelscope-cli"
"$cli" --version | grep -qx "accelscope-cli $version" || fail "accelscope-cli --version is not $version"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/accelscope" --version 2>/dev/null | grep -qx "Accelscope $version" \
    || fail "accelscope --version is not $version"
"$cli" info "$root/usr/share/accelscope/sample" >"$work/info.txt" || fail "accelscope-cli info on the sample"
grep -q "rank" "$work/info.txt" || fail "info printed no ranks"
"$cli" analyze kernels "$root/usr/share/accelscope/sample" --format csv >"$work/kernels.csv" \
    || fail "accelscope-cli analyze on the sample"
[ "$(wc -l <"$work/kernels.csv")" -gt 2 ] || fail "the kernels table of the sample is empty"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/accelscope" --settings "$work/settings.ini" \
    --screenshot "$work/window.png" --size 1200x800 "$root/usr/share/accelscope/sample" 2>"$work/gui.log" \
    || { cat "$work/gui.log"; fail "the unpacked GUI failed on the sample"; }
[ -s "$work/window.png" ] || fail "the unpacked GUI wrote no screenshot"
echo "check_package: all checks passed for $(basename "$deb")"
