#!/usr/bin/env bash
# The browser the offline verifier's tests drive (tests/browser/): Debian's chromium and its
# driver, never a browser download. Run by `make test` (and so by .ci/run); apt-get needs
# root, so `sudo` is used when not root.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium chromium-driver
