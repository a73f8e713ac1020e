# ACAP Workbench. `make serve` builds the static site and serves it on
# http://localhost:8080; `make test` runs every test, browser tests included.

GO       ?= go
DIST     ?= dist
# URL path the site is served under: empty for a domain root, /REPO for a
# GitHub Pages project site.
PREFIX   ?=
# Domain the site is served on, for its link previews (og:url, og:image);
# empty leaves them out.
DOMAIN   ?=
ADDR     ?= localhost:8080
FUZZTIME ?= 10s
# Brotli quality (0-11) of the precompressed copies `make build` writes
# beside the site's files (app.wasm.br, ...), which `make serve` and the
# browser tests send. 11 gives the smallest app.wasm.br (1.75 MB of a
# 10.2 MB app.wasm) but takes 42 s of CPU (minutes on a busy machine) the
# first time an app.wasm is built; the copy is then kept in the user's cache
# folder, so a rebuild of the same app.wasm takes no time. 9 takes 8 s for
# 2.01 MB; -1 writes no copies.
BROTLI   ?= 11
WASM     := $(DIST)/web/app.wasm
# Inlining is turned off in the wasm outside the packages that do the work
# on every keystroke (the editor's document and highlighter, the runtime
# and the standard library's basics): it makes app.wasm about 120 KB
# smaller gzip, and leaving the policy engine out too another 100 KB, with
# the browser benchmarks within their guards (see README, "Measured").
MOD      := github.com/acap-workbench/workbench
INLINED  := $(MOD)/app/doc $(MOD)/app/highlight runtime runtime/... internal/... \
            strings bytes unicode/... syscall/js strconv sync sync/... slices maps sort math/bits
WASMGC   := -gcflags=all=-l $(foreach p,$(INLINED),-gcflags=$(p)=)
WASMBUILD := out/wasm-build
WASMMOD  := -modfile=$(WASMBUILD)/wasm.mod
NAMED    := out/app-names.wasm
GOROOT   := $(shell $(GO) env GOROOT)

AXE      := app/e2e/axe/node_modules/axe-core/axe.min.js
LIGHTHOUSE := app/e2e/lighthouse/node_modules/.bin/lighthouse
# Lighthouse runs whose median `make lighthouse` reports.
RUNS     ?= 3

.PHONY: all build wasm nohttp serve test vet unit wasm-test fuzz e2e sweep size sizes lighthouse chromium clean

all: build

wasm: nohttp
	mkdir -p $(DIST)/web out
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASMGC) $(WASMMOD) -ldflags="-w" -o $(NAMED) ./wasm
	$(GO) run ./wasm/nohttp -o $(WASMBUILD) -check $(NAMED) -strip $(WASM)

# The browser's build compiles go-app without net/http, which only its
# server uses: the start-up of the packages net/http imports (crypto/tls,
# crypto/x509, crypto/ecdh, math/big, ...) would keep 1.9 MB of app.wasm
# (0.47 MB gzip). wasm/nohttp writes a go.mod for the wasm build that
# replaces go-app by a copy without its server; the server and the static
# site generator use go-app as it is. The wasm is linked with its function
# names ($(NAMED), which `make sizes` reads); `nohttp -check` fails if it
# keeps a function of the copy that was given a panic (one the browser's
# code could call), and writes $(WASM) without the names, as -s would.
nohttp:
	$(GO) run ./wasm/nohttp -o $(WASMBUILD)

build:
	rm -rf $(DIST)
	$(MAKE) --no-print-directory wasm
	$(GO) run ./wasm build -out $(DIST) -prefix "$(PREFIX)" -domain "$(DOMAIN)" -brotli $(BROTLI)
	@echo "static site written to $(DIST)/"

serve: build
	$(GO) run ./wasm serve -dir $(DIST) -addr $(ADDR)

test: vet unit wasm-test fuzz build e2e
	@echo "make test: all tests passed"

vet:
	$(GO) vet ./...
	$(GO) vet -tags e2e ./app/e2e
	GOOS=js GOARCH=wasm $(GO) vet ./wasm ./app/... ./policy/...

unit:
	$(GO) test -count=1 -timeout 40m ./...

wasm-test:
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 40m -exec="$(GOROOT)/lib/wasm/go_js_wasm_exec" ./policy/... ./app/doc/... ./app/highlight/... ./app/share/... ./app/jsonlite/... ./app/exercise/... ./app/help/... ./app/directory/...

# A short run of every fuzz target of the module (packages and targets found
# by name, so new ones are picked up): see .ci/fuzz.sh.
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) bash .ci/fuzz.sh

# Browser tests in headless Chromium against the built site. Installs
# Debian's chromium first when it is missing and we can (root).
e2e: chromium $(AXE)
	WORKBENCH_DIST=$(abspath $(DIST)) $(GO) test -count=1 -tags e2e -timeout 40m -v ./app/e2e

# Every corpus file through every panel in headless Chromium: the longest
# frame per file and step, and any stop of the Go program (make test
# sweeps 20 of the files). SWEEP=name sweeps the files whose names hold it.
sweep: chromium build
	SWEEP=$(or $(SWEEP),all) WORKBENCH_DIST=$(abspath $(DIST)) $(GO) test -count=1 -tags e2e -run '^TestSweep$$' -timeout 180m -v ./app/e2e

# axe-core for the accessibility audit (TestAxeAudit), from npm at the
# version pinned in app/e2e/axe/package-lock.json.
$(AXE): app/e2e/axe/package.json app/e2e/axe/package-lock.json
	cd app/e2e/axe && npm ci --no-audit --no-fund
	@touch $@

chromium:
	@bash .ci/ensure-chromium.sh

size: wasm
	@raw=$$(wc -c < $(WASM)); gz=$$(gzip -9 -c $(WASM) | wc -c); \
	if command -v brotli >/dev/null; then br=$$(brotli -c -q 11 $(WASM) | wc -c); else br="n/a (apt-get install brotli)"; fi; \
	echo "app.wasm raw:    $$raw bytes"; \
	echo "app.wasm gzip:   $$gz bytes (limit 3000000)"; \
	echo "app.wasm brotli: $$br bytes"; \
	test $$gz -le 3000000 || { echo "app.wasm is over 3.0 MB gzip"; exit 1; }

# What app.wasm is made of: bytes of code by package and module, read from
# the build of `make wasm` as linked, with the names of its functions
# ($(NAMED)).
sizes: wasm
	GOOS=js GOARCH=wasm $(GO) list $(WASMMOD) -deps ./wasm > out/app-packages.txt
	$(GO) run ./wasm/wasmsize -top 15 -pkgs out/app-packages.txt $(NAMED)

# Lighthouse's mobile performance of the built site served as `make serve`
# serves it: each run's score and metrics, then the median of $(RUNS) runs.
# A benchmark, not a test: on a busy 2-core machine the score moves by
# several points from run to run (see README, "First visit").
lighthouse: chromium $(LIGHTHOUSE) build
	bash app/e2e/lighthouse/run.sh $(abspath $(DIST)) $(RUNS)

# Lighthouse from npm at the version pinned in
# app/e2e/lighthouse/package-lock.json.
$(LIGHTHOUSE): app/e2e/lighthouse/package.json app/e2e/lighthouse/package-lock.json
	cd app/e2e/lighthouse && npm ci --no-audit --no-fund
	@touch $@

clean:
	rm -rf $(DIST) out
