#!/usr/bin/env bash
# What `npm test` needs from the machine that npm cannot bring: Debian's Chromium for the Playwright journeys
# (Playwright is given /usr/bin/chromium and never downloads a browser). Everything else the tests use comes
# from npm (PDFs are read with MuPDF, helm comes out of an npm package's zip) or is a service the machine runs.
#
# Run first by `npm test` and by .ci/run. Chromium present: does nothing. Missing and root: installs it with
# apt-get (non-interactive). Missing and not root: stops at once, printing the command to run.
#
#   BILLPOINT_CHROMIUM=/path          the path checked (default /usr/bin/chromium; for checking this script)
#   ENSURE_TEST_DEPS_DRY_RUN=1        print the install commands instead of running them
set -euo pipefail

chromium=${BILLPOINT_CHROMIUM:-/usr/bin/chromium}
need=()
[ -x "$chromium" ] || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0

update=(apt-get update -q)
install=(apt-get install -y -q --no-install-recommends "${need[@]}")
if [ "$(id -u)" != 0 ]; then
  {
    echo "npm test: $chromium is missing (Debian's ${need[*]}, for the Playwright journeys). Install it as root, then run npm test again:"
    echo "  sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${need[*]}'"
  } >&2
  exit 1
fi

echo "npm test: $chromium is missing: installing ${need[*]} with apt-get"
if [ -n "${ENSURE_TEST_DEPS_DRY_RUN:-}" ]; then
  echo "would run: ${update[*]}"
  echo "would run: DEBIAN_FRONTEND=noninteractive ${install[*]}"
  exit 0
fi
"${update[@]}"
DEBIAN_FRONTEND=noninteractive "${install[@]}" </dev/null
if [ ! -x "$chromium" ]; then
  echo "npm test: ${need[*]} installed but $chromium is still missing" >&2
  exit 1
fi
