#!/usr/bin/env bash
# Install the headless browser for the HTML report tests (tests/report/test_report_browser.py):
# Debian's chromium and chromium-driver, with apt-get, only when /usr/bin/chromium is missing.
# Quiet, and safe to run any number of times.  The Python driver (Playwright) comes from pip with
# the test extras; it uses this system browser, so 'playwright install' is never needed.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get here; the browser tests will be skipped" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo -n"
  else
    echo "install-browser: not root and no sudo; the browser tests will be skipped" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
/usr/bin/chromium --version
