#!/usr/bin/env bash
# Installs Debian's chromium for the playground's browser test (packages/playground) when it is
# missing. Never fails the build: where no browser can be installed the test skips and says why.
set -uo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present) at /usr/bin/chromium"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; fi
fi

if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = "0" ] || [ -n "$SUDO" ]; }; then
  echo "chromium: not found; installing Debian's chromium with apt-get (for the playground's browser test)"
  export DEBIAN_FRONTEND=noninteractive
  if $SUDO apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 \
    || { $SUDO apt-get update >/dev/null 2>&1 && $SUDO apt-get install -y --no-install-recommends chromium >/dev/null 2>&1; }; then
    echo "chromium: installed $(/usr/bin/chromium --version 2>/dev/null)"
  else
    echo "chromium: apt-get install chromium failed; the playground's browser test will be skipped."
  fi
else
  echo "chromium: not found at /usr/bin/chromium and apt-get is not usable here (not root, no sudo, or not Debian);"
  echo "  the playground's browser test will be skipped. Install chromium to run it."
fi
exit 0
