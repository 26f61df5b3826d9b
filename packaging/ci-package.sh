#!/usr/bin/env bash
# packaging/ci-package.sh BUILD_DIR: makes the .deb (CPack), runs lintian (no error allowed), installs it with dpkg
# (apt-get install -f for missing dependencies), checks the installed programs and desktop files, and removes the
# package at the end (also on failure). Needs root or sudo, like install-deps.sh.
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi

echo "ci-package: cmake --build $build --target package"
rm -f "$build"/trainledger_*.deb
cmake --build "$build" -j2 --target package > /dev/null
deb=$(ls "$build"/trainledger_*.deb)
dpkg-deb --info "$deb" | sed -n '/Package:/,/Description:/p'

echo "ci-package: lintian"
lintian --fail-on error "$deb" || {
  echo "ci-package: lintian reports errors" >&2
  exit 1
}

installed=0
system_path=$PATH
cleanup() {
  export PATH=$system_path
  if ((installed)); then
    echo "ci-package: removing the package"
    "${sudo_cmd[@]}" dpkg -r trainledger > /dev/null
  fi
  rm -rf "$work"
}
work=$(mktemp -d)
trap cleanup EXIT

echo "ci-package: dpkg -i $deb"
installed=1
if ! "${sudo_cmd[@]}" dpkg -i "$deb" > /dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get install -f -y -qq > /dev/null
fi
dpkg-query -W -f='${Status}\n' trainledger | grep -q 'install ok installed'

# Only the installed files: a PATH without the build tree, from a directory outside it.
cd "$work"
export PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen
check() { echo "ci-package: $*"; "$@"; }
check /usr/bin/trainledger-cli --version
check /usr/bin/trainledger --version
check /usr/bin/trainledger-cli --save plan.trainledger --set parallel.dp=16
check /usr/bin/trainledger --export report.pdf plan.trainledger
check /usr/bin/trainledger --export memory.svg plan.trainledger --view memory
check /usr/bin/trainledger --export window.png plan.trainledger --language zh_CN
head -c 5 report.pdf | grep -q '%PDF-' || { echo "ci-package: report.pdf is not a PDF" >&2; exit 1; }
grep -q '<svg' memory.svg || { echo "ci-package: memory.svg is not SVG" >&2; exit 1; }
if /usr/bin/trainledger --export report.txt plan.trainledger 2> refused.txt; then
  echo "ci-package: --export report.txt was not refused" >&2
  exit 1
fi
[[ $(grep -c '^trainledger:' refused.txt) -eq 1 ]] || { echo "ci-package: the refusal is not one line" >&2; exit 1; }
mime=$(xdg-mime query filetype plan.trainledger)
echo "ci-package: xdg-mime query filetype plan.trainledger: $mime"
[[ "$mime" == application/x-trainledger ]] || exit 1
check desktop-file-validate /usr/share/applications/io.github.trainledger.TrainLedger.desktop
check appstreamcli validate --no-net /usr/share/metainfo/io.github.trainledger.TrainLedger.metainfo.xml
for f in formulas.md scenario.md file-format.md copyright changelog.gz; do
  test -f "/usr/share/doc/trainledger/$f" || { echo "ci-package: /usr/share/doc/trainledger/$f missing" >&2; exit 1; }
done
test -f /usr/share/trainledger/translations/trainledger_zh_CN.qm
check test -f /usr/share/man/man1/trainledger.1.gz -a -f /usr/share/man/man1/trainledger-cli.1.gz
echo "ci-package: the installed package works"
