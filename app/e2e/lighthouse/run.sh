#!/usr/bin/env bash
# Lighthouse's mobile performance audit of a built site, served as
# `make serve` serves it (precompressed, uncached). Usage:
#   app/e2e/lighthouse/run.sh DIST [RUNS]
# (`make lighthouse` builds the site and installs Lighthouse first). Prints
# each run's score and metrics, then the median score. Lighthouse's default
# mobile profile: an emulated Moto G Power, simulated slow 4G (150 ms RTT,
# 1.6 Mbit/s down) and a 4x slower CPU.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
dist=${1:?usage: run.sh DIST [RUNS]}
runs=${2:-3}
port=${PORT:-8091}
lh="$here/node_modules/.bin/lighthouse"
[ -x "$lh" ] || { echo "Lighthouse is not installed: cd $here && npm ci" >&2; exit 1; }
export CHROME_PATH=${CHROME_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}

tmp=$(mktemp -d)
server=
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
# A binary, not `go run`, so that the server's own process id is known
# (WORKBENCH_SERVER: one built before).
bin=${WORKBENCH_SERVER:-}
if [ -z "$bin" ]; then
	bin="$tmp/workbench"
	(cd "$root" && ${GO:-go} build -o "$bin" ./wasm)
fi
"$bin" serve -dir "$dist" -addr "127.0.0.1:$port" 2>"$tmp/server.log" &
server=$!
up=
for _ in $(seq 100); do
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then up=1; break; fi
	sleep 0.1
done
[ -n "$up" ] || { echo "the server did not start on 127.0.0.1:$port:" >&2; cat "$tmp/server.log" >&2; exit 1; }

flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
scores=()
for i in $(seq "$runs"); do
	"$lh" "http://127.0.0.1:$port/" --quiet --only-categories=performance \
		--output=json --output-path="$tmp/run$i.json" --chrome-flags="$flags" >/dev/null 2>"$tmp/lh$i.log" ||
		{ cat "$tmp/lh$i.log" >&2; exit 1; }
	line=$(node -e '
const r = require(process.argv[1]);
const a = r.audits, n = (k) => a[k] ? a[k].numericValue : NaN;
const s = (k) => (n(k) / 1000).toFixed(1) + " s";
const perf = r.categories.performance.score;
if (r.runtimeError) { console.error(r.runtimeError.message); process.exit(1); }
console.log(Math.round(perf * 100) + "\t" +
  `performance ${Math.round(perf * 100)}: FCP ${s("first-contentful-paint")}, LCP ${s("largest-contentful-paint")}, ` +
  `TBT ${Math.round(n("total-blocking-time"))} ms, CLS ${n("cumulative-layout-shift").toFixed(3)}, SI ${s("speed-index")}, ` +
  `TTI ${s("interactive")}; transfer ${Math.round(n("total-byte-weight"))} bytes; main thread ${s("mainthread-work-breakdown")}, JS ${s("bootup-time")}; ` +
  `benchmark index ${Math.round(r.environment.benchmarkIndex)}`);
' "$tmp/run$i.json")
	scores+=("${line%%$'\t'*}")
	echo "run $i: ${line#*$'\t'}"
	if [ -n "${LIGHTHOUSE_JSON:-}" ]; then cp "$tmp/run$i.json" "${LIGHTHOUSE_JSON%.json}-$i.json"; fi
done
median=$(printf '%s\n' "${scores[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "Lighthouse mobile performance (median of $runs): $median"
