#!/usr/bin/env bash
# A real full disk (issue 9 items 1 and 10): a 64 KiB tmpfs in a private mount namespace, filled up, then every
# writer (--save, --save x.json, --pipeline-svg, --screenshot) must exit 2 with one line and leave the old file.
# Needs root and unshare; otherwise skipped (exit 77) with a message. Usage: full_disk.sh CLI [TRAINLEDGER]
set -uo pipefail
cli=$1
gui=${2:-}
if [[ ${TL_IN_NAMESPACE:-} != 1 ]]; then
  if [[ $(id -u) != 0 ]] || ! command -v unshare > /dev/null; then
    echo "SKIP: needs root and unshare to mount a small tmpfs"
    exit 77
  fi
  TL_IN_NAMESPACE=1 exec unshare -m "$0" "$@"
fi
mnt=$(mktemp -d)
if ! mount -t tmpfs -o size=64k tmpfs "$mnt" 2> /dev/null; then
  echo "SKIP: cannot mount a tmpfs here (a container without CAP_SYS_ADMIN?)"
  exit 77
fi
trap 'umount "$mnt"; rmdir "$mnt"' EXIT
status=0
check() { # what expected_rc command...: one line on stderr, the expected exit
  local what=$1 want=$2
  shift 2
  "$@" > /dev/null 2> "$mnt.err"
  local rc=$?
  local lines
  lines=$(wc -l < "$mnt.err")
  if [[ $rc != "$want" || $lines != 1 ]]; then
    echo "FAIL: $what: exit $rc (want $want), $lines stderr lines:"
    cat "$mnt.err"
    status=1
  else
    echo "ok: $what: $(cat "$mnt.err")"
  fi
}
"$cli" --set title=old --save "$mnt/a.trainledger" || exit 1
"$cli" --set title=old --save "$mnt/a.json" || exit 1
"$cli" --set title=old --pipeline-svg "$mnt/p.svg" || exit 1
if [[ -n $gui ]]; then
  QT_QPA_PLATFORM=offscreen "$gui" --screenshot "$mnt/s.png" --view verdict > /dev/null 2>&1 || exit 1
fi
before=$(cd "$mnt" && md5sum -- *)
dd if=/dev/zero of="$mnt/fill" bs=1k count=200 2> /dev/null # fills the rest: dd stops at ENOSPC
rm -f "$mnt.err"
check "--save on a full disk" 2 "$cli" --set title=new --save "$mnt/a.trainledger"
check "--save x.json on a full disk" 2 "$cli" --set title=new --save "$mnt/a.json"
check "--pipeline-svg on a full disk" 2 "$cli" --set title=new --set parallel.pp=4 --pipeline-svg "$mnt/p.svg"
check "--save of a new file on a full disk" 2 "$cli" --save "$mnt/new.trainledger"
if [[ -n $gui ]]; then
  check "--screenshot on a full disk" 2 env QT_QPA_PLATFORM=offscreen "$gui" --screenshot "$mnt/s.png" --view all
fi
rm -f "$mnt/fill"
after=$(cd "$mnt" && md5sum -- *)
if [[ $before != "$after" ]]; then
  echo "FAIL: files changed or were left behind:"
  diff <(echo "$before") <(echo "$after")
  status=1
fi
reopened=$("$cli" "$mnt/a.trainledger" --json)
if [[ $reopened != *'"title": "old"'* ]]; then
  echo "FAIL: the old a.trainledger no longer opens with its title"
  status=1
fi
rm -f "$mnt.err"
exit $status
