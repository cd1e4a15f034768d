#!/bin/sh
# Installs the Debian 12 packages Accelscope needs to build, test and run (as root).
# Runs `apt-get update` only when something is missing, so a second call is quick.
set -eu
PKGS="build-essential cmake ninja-build pkg-config git
qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
qt6-l10n-tools libqt6sql6-sqlite libgl-dev libgl1-mesa-dri libglx-mesa0 qt6-qpa-plugins
libsimdjson-dev libprotobuf-dev protobuf-compiler libzstd-dev zlib1g-dev libxlsxwriter-dev
libisal-dev libsqlite3-dev libedit-dev
qt6-translations-l10n fonts-wqy-microhei
xvfb xauth python3 python3-openpyxl python3-distributed
clang-14 libclang-rt-14-dev llvm-14
lintian desktop-file-utils appstream shared-mime-info man-db"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "install-deps: installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
else
  echo "install-deps: all packages present"
fi
