#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (Playwright's own browser download
# is not available on our machines). Installs it when missing; needs root, as on CI.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Chromium for the browser tests…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium
