#!/usr/bin/env bash
# Run by `mvn verify` before the sample's tests: LeaderboardPageBrowserTests drives Debian's headless
# Chromium through chromedriver, so install both from Debian's packages when they are missing.
# Skipped with -DskipTests or -De2e.skip-chromium-install=true (the browser test then fails if they are missing).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium and chromedriver are missing and apt-get is not available: install them by hand" >&2
  exit 1
fi
echo "Installing chromium and chromium-driver (Debian packages) for the browser test"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo -E"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium chromium-driver
