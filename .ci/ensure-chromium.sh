#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is installed. Installs Debian's
# chromium (and brotli, for `make size`) with apt-get when running as root;
# otherwise fails and says what to install. Never lets the tests skip.
set -euo pipefail
find_chromium() {
	for c in "${CHROMIUM:-}" chromium chromium-browser google-chrome; do
		[ -n "$c" ] && command -v "$c" >/dev/null 2>&1 && { command -v "$c"; return 0; }
	done
	return 1
}
if find_chromium >/dev/null; then
	echo "chromium: $(find_chromium)"
	exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "chromium not found: installing Debian's chromium with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q
	apt-get install -y -q chromium fonts-dejavu-core brotli
	find_chromium >/dev/null && exit 0
fi
echo "ERROR: the browser tests need Chromium and none was found." >&2
echo "Install it, e.g. 'sudo apt-get install chromium' (Debian/Ubuntu), or set CHROMIUM=/path/to/chromium." >&2
exit 1
