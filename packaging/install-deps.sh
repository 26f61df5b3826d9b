#!/usr/bin/env bash
# Installs the Debian 12 packages TrainLedger needs to build, test and run.
# Idempotent: when every package is already present it only runs dpkg-query and exits.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev libxkbcommon-dev
  libquazip1-qt6-dev zlib1g-dev libeigen3-dev libtomlplusplus-dev
  libgtest-dev libbenchmark-dev
  clang libclang-rt-14-dev clang-format
  qt6-svg-dev qt6-l10n-tools qt6-tools-dev qt6-translations-l10n
  desktop-file-utils appstream lintian dpkg-dev file xdg-utils libfile-mimeinfo-perl shared-mime-info poppler-utils
  xvfb xauth fonts-dejavu-core fonts-noto-cjk
  python3
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
