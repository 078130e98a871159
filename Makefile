# supplysite: the two commands that matter are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm

.PHONY: help run check setup-run setup-then-builds test-run test-after-setup lint check-rust-tests check-web-tests lint-refs lint-layers lint-rust lint-web test-rust test-content test-web test-wasm test-e2e test-ssr test-bench test-budget test-api test-upgrade record-release-state \
        test-cluster test-dist test-deploy test-alerts fuzz screens setup wasm web-deps web-build demo demo-photos bench dist

help:
	@echo "make run    build everything and serve the site with the demo content at http://127.0.0.1:8080"
	@echo "make check  the fast loop: format, clippy, the Rust tests that need no services, the web unit tests"
	@echo "make test   every test: lints, Rust, demo content, wasm parity, web unit and browser tests"
	@echo "make bench  every performance, SEO and accessibility figure into bench/REPORT.md (minutes)"
	@echo "make demo   rewrite the demo space from its generator (export.json and every file)"
	@echo "make screens  every screen at each width photographed into web/test-results/screens/"
	@echo "make fuzz   every fuzz target for five minutes (FUZZ_SECONDS to change)"
	@echo "make dist   the archive that runs anywhere: target/dist/supplysite-VERSION-TARGET.tar.gz"

# What a fresh machine lacks to build and serve the site (Rust, Node.js, Python packages, the
# WebAssembly toolchain): never a browser, a database server or a proxy.
setup-run:
	bash scripts/setup.sh run

# The above and what only the tests use (Chromium, PostgreSQL, nginx, xmllint, systemd-analyze,
# promtool).
setup:
	bash scripts/setup.sh test

run: setup-run web-build demo-photos
	$(CARGO) run --release -p supplysite-cli -- serve

# The installs (mostly downloads), then the WebAssembly package, the web build and the demo's
# photographs run beside clippy's build of the workspace, which needs none of them: they fill the
# stretches where that build keeps one core busy (its last crates and links).
test:
	$(MAKE) -j2 --output-sync=target lint-rust setup-then-builds
	$(MAKE) test-after-setup

setup-then-builds: setup
	$(MAKE) web-build demo-photos

# Then every suite, one after another. (Run in two lanes side by side, the browser suites beside
# the rest, they took as long in all: both lanes keep both cores busy, and the browser journeys'
# waits on the robot check and on renders stretched with the other lane's work.)
test-after-setup: lint-refs lint-layers lint-web test-deploy test-alerts test-rust test-dist test-run test-content test-wasm test-web test-budget test-ssr test-api test-e2e test-bench test-cluster test-upgrade

# The servers the tests start make pictures when a page asks for them, not ahead of time: the
# warm-up after each content load would keep a core busy under every suite (the image
# endpoint's own tests turn it on where they check it).
test-rust test-e2e test-ssr test-api test-cluster test-upgrade test-bench: export SUPPLYSITE_IMAGE_WARM = 0
# A server the tests stop exits at once: the drain after SIGTERM (5 s by default, for the load
# balancer) is the draining and cluster tests' own subject, and they set it themselves.
test-rust test-e2e test-ssr test-api test-cluster test-upgrade test-bench test-dist test-run: export SUPPLYSITE_DRAIN_SECONDS = 0

lint: lint-refs lint-layers lint-rust lint-web

# Every cargo command of the checks and tests builds the whole workspace the same way, so it is
# built once and shared by all:
# - without the server's jemalloc allocator (crates/cli/Cargo.toml: two minutes of C build that
#   no test looks at);
# - through clippy-driver as the workspace's compiler, which lints each crate of the workspace
#   as it compiles it, warnings as errors (CLIPPY_ARGS is how `cargo clippy` hands its arguments
#   to the driver). The lints cost no build of their own (`cargo clippy` is a second, check-only
#   build of everything), and code clippy refuses does not build. Dependencies are compiled as
#   usual and are shared with plain `cargo` commands.
WORKSPACE = --workspace --no-default-features
CLIPPY_DRIVER := $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
LINTED = RUSTC_WORKSPACE_WRAPPER=$(CLIPPY_DRIVER) CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
CARGO_LINTED = $(LINTED) $(CARGO)
HAVE_CLIPPY = @test -x "$(CLIPPY_DRIVER)" || { echo "clippy is missing: rustup component add clippy" >&2; exit 1; }

# The fast loop after a change: formats the code, then clippy, the workspace's Rust tests except
# those that need a service or the demo's photographs (CHECK_SKIP, each run by `make test`), and
# the web unit tests. Installs nothing: the web part needs `make web-deps wasm` to have run once.
# The tests that need the web build, node, PostgreSQL or nginx are #[ignore]d already.
CHECK_SKIP = the_postgres_outbox_keeps_the_contract \
	shared_state_holds_across_servers \
	start_up_errors_name_the_database_but_never_the_password \
	with_a_database_the_commands_act_on_the_shared_outbox_and_never_show_its_password \
	the_demo_check_counts_its_photographs_and_names_files_missing_beside_an_export \
	a_flood_of_cold_pictures_is_answered_whole_and_the_site_keeps_answering \
	a_start_waits_for_the_first_screen_pictures_as_long_as_it_is_allowed
check:
	$(HAVE_CLIPPY)
	$(CARGO) fmt --all
	$(CARGO_LINTED) test $(WORKSPACE) --all-targets --no-run
	@test -d web/node_modules && test -f web/src/wasm-pkg/package.json || \
		{ echo "make check: the web unit tests need the web packages and the wasm package once: make web-deps wasm" >&2; exit 1; }
	$(MAKE) -j2 --output-sync=target check-rust-tests check-web-tests

# The two halves of the fast loop's tests, side by side: the Rust suites spend much of their time
# waiting on servers they start, the web unit tests on their DOM set-up.
check-rust-tests:
	$(CARGO_LINTED) test $(WORKSPACE) --no-fail-fast -- $(addprefix --skip ,$(CHECK_SKIP))

check-web-tests:
	cd web && $(NPM) test

# Every reference in the code and docs resolves inside the repository (docs/behaviour.md sections,
# Makefile targets), and none cites a document the repository does not hold.
lint-refs:
	bash scripts/check-references.sh

# The top level keeps the design card's parts under their names and every crate's folder matches
# its package (tried on copies with a crate renamed); no import cycle between the top-level
# modules of any crate; adapters depend on core alone and no two crates depend on each other,
# tests included.
lint-layers:
	python3 scripts/check-layout.py
	python3 -m unittest discover -s scripts -p 'test_*.py'
	python3 scripts/check-module-cycles.py
	python3 scripts/check-crate-deps.py

# Formatting, and clippy over every target of the workspace (benches and examples too) in the
# build the tests then run.
lint-rust:
	$(HAVE_CLIPPY)
	$(CARGO) fmt --all -- --check
	$(CARGO_LINTED) test $(WORKSPACE) --all-targets --no-run

# Linted again only when a file of the web folder changed since it last passed (the stamp under
# node_modules). The files are listed by a make of their own, after the wasm package is written.
# (Run beside clippy's build, the lint's CPU lengthened that build by more than it saved.)
WEB_FILES = $(shell find web -path web/node_modules -prune -o -path web/dist -prune \
	-o -path web/dist-ssr -prune -o -path web/test-results -prune \
	-o -path web/playwright-report -prune -o -print)
lint-web: web-deps wasm
	$(MAKE) --no-print-directory web/node_modules/.lint-passed

web/node_modules/.lint-passed: $(WEB_FILES) web/node_modules/.package-lock.json
	cd web && $(NPM) run lint && $(NPM) run typecheck
	touch $@

# Three tests at a time on two cores: many of the suites wait on servers they start, and a third of
# the processor stood idle with two.
test-rust: web-build demo-photos
	RUST_TEST_THREADS=3 $(CARGO_LINTED) test $(WORKSPACE)

# The demo space: the generator's own tests, then a check of the committed export.
test-content: demo-photos
	python3 -m unittest discover -s content/tools -p 'test_*.py'
	python3 content/tools/check_demo.py

# The debug binary the web's fixture check composes with (built by `make test-rust` on CI).
SUPPLYSITE_DEBUG_BIN = $(abspath $(or $(CARGO_TARGET_DIR),target)/debug/supplysite)

# The debug binaries and examples the suites start (the server, the fake Brevo and Contentful),
# as `cargo test --workspace` builds them for the integration tests. Every cargo command of
# `make test` is a `cargo test` over the whole workspace, so each crate is built once with one
# feature set and profile: `cargo build -p supplysite-cli` resolves fewer features (no
# dev-dependencies) and another profile, and would rebuild most of the dependency tree. Naming a
# test target (`--test cluster`) narrows the resolution to the packages that have it, so the
# ignored suites are picked by name instead (scripts/ignored-tests.sh).
TEST_BINARIES = $(CARGO_LINTED) test $(WORKSPACE) --no-run
IGNORED_TESTS = $(LINTED) CARGO=$(CARGO) WORKSPACE="$(WORKSPACE)" bash scripts/ignored-tests.sh

# First the committed fixtures equal what the demo composes now (seconds; the composed pictures
# depend on the demo's photographs being there), then the unit tests.
test-web: web-deps wasm demo-photos
	$(TEST_BINARIES)
	cd web && node scripts/fixtures.mjs --check $(SUPPLYSITE_DEBUG_BIN)
	cd web && $(NPM) test

# `make run` installs and needs no browser, database server or proxy: its preparation with
# Chromium, PostgreSQL and nginx hidden, then the demo served (scripts/run-needs-no-test-tools.sh).
test-run: web-build demo-photos
	$(TEST_BINARIES)
	SUPPLYSITE_BIN=$(SUPPLYSITE_DEBUG_BIN) bash scripts/run-needs-no-test-tools.sh

# Rewrite the web's test fixtures (web/src/testing/fixtures/composed) from the demo content.
web-fixtures: demo-photos
	$(TEST_BINARIES)
	cd web && node scripts/fixtures.mjs $(SUPPLYSITE_DEBUG_BIN)

# The home page's JavaScript within its 72 KB gzip budget (see web/scripts/size.mjs), from the production build.
test-budget: web-build
	cd web && node scripts/size.mjs --check

# Whole journeys in Debian's Chromium against the real server over the demo space (Playwright,
# axe-core): first the specs that only read pages, on both cores, then the journeys that send
# enquiries or read what the servers counted, one at a time (web/playwright.config.ts); the
# second runs even when the first fails, so one run reports every failure.
test-e2e: web-build demo-photos
	$(TEST_BINARIES)
	$(IGNORED_TESTS) an_uploaded_page_cannot_run_script_as_the_site
	cd web && { CI=1 E2E_PREBUILT=1 npx playwright test --project pages; pages=$$?; \
		CI=1 E2E_PREBUILT=1 npx playwright test --project journeys && exit $$pages; }

# Every screen at each width photographed whole into web/test-results/screens/ for review, with
# the checks `make test-e2e` makes of it.
screens: web-build demo-photos
	$(TEST_BINARIES)
	cd web && CI=1 E2E_PREBUILT=1 E2E_SCREENS=1 npx playwright test e2e/screens.spec.ts

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	# `npm ci` refuses a lock that lacks other platforms' optional packages, which the registry
	# here does not serve; `npm install` installs the locked versions all the same.
	cd web && $(NPM) install --no-audit --no-fund

# The client bundle (web/dist) and the server-rendering bundle (web/dist-ssr/render.js), made
# again only when a file they are built from changed since the last build (the stamp in
# web/dist-ssr): every test that needs them asks for them, and one `make test` builds them once.
WEB_BUILD_FILES = $(shell find web/src web/public web/dev) web/index.html web/package.json \
	web/vite.config.ts web/vite.ssr.config.ts web/tsconfig.json web/tsconfig.app.json \
	web/tsconfig.node.json web/node_modules/.package-lock.json
web-build: web-deps wasm
	$(MAKE) --no-print-directory web/dist-ssr/.built

web/dist-ssr/.built: $(WEB_BUILD_FILES)
	cd web && $(NPM) run build && $(NPM) run build:ssr
	touch $@

# Server rendering: QuickJS markup equals Node's renderToString for every demo page; in Chromium
# every route hydrates without warnings, stays interactive and reads well without JavaScript.
test-ssr: web-build demo-photos
	$(IGNORED_TESTS) every_page_s_server_markup_equals_node_render_to_string_for_the_same_props \
		every_page_tags_each_cms_field_it_shows_in_preview_and_nothing_in_public
	cd web && node scripts/ssr-browser.mjs $(SUPPLYSITE_DEBUG_BIN)

# The HTTP API against its own OpenAPI description (GET /api/openapi.json): schemathesis sends
# generated requests to the real server for about a minute; no 5xx, every answer as described.
test-api: web-build demo-photos
	$(TEST_BINARIES)
	SUPPLYSITE_BIN=$(SUPPLYSITE_DEBUG_BIN) bash scripts/api-fuzz.sh

# The browser's WebAssembly package (web/src/wasm-pkg); rebuilt only when its inputs change.
wasm:
	bash scripts/build-wasm.sh

# Core builds for wasm32; the wasm modules match the native core on every vector; size budget.
test-wasm: wasm
	bash scripts/build-wasm.sh --check-core
	node --test web/wasm-parity/

# Rewrite the demo export from its generator (deterministic).
demo:
	bash scripts/python-deps.sh
	python3 content/tools/make_demo.py

# The demo's photographs (git-ignored, tens of MB) from the same generator, as export.json
# describes them; about a second when they are already there, a minute or two when not.
demo-photos:
	bash scripts/python-deps.sh
	python3 content/tools/make_photos.py

bench: demo-photos
	bash bench/run.sh

# Two replicas sharing their own PostgreSQL behind nginx (deploy/nginx.conf), on loopback, with
# the fake Brevo and Contentful: deliveries exactly once through a SIGKILL, the shared rate
# limit, webhooks reaching both, the cache's 304s and stale pages (about two minutes); and the
# README's pg_dump and pg_restore, restored over the database and into an empty one.
test-cluster: demo-photos
	$(IGNORED_TESTS) two_replicas_share_postgres_behind_an_nginx_cache \
		nginx_counts_an_ipv6_visitor_by_its_64 two_clients_holding_pictures_leave_room_for_a_third \
		a_postgres_dump_restored_delivers_what_was_pending_once

# This build started on the state each kept release left behind (tests/upgrade/VERSION: a
# single server's state folder and a replica's PostgreSQL database, each with enquiries Brevo
# refused): it serves that content at once and delivers each pending enquiry exactly once; an
# outbox from a newer build is refused by name and left untouched, a content snapshot of
# another format is set aside and the space read again. Then each kept release's own binary
# (tests/upgrade/VERSION/supplysite.xz) run again on a fresh state, and this build started on
# what it left (scripts/test-upgrade.sh; about a minute).
test-upgrade:
	$(LINTED) CARGO=$(CARGO) WORKSPACE="$(WORKSPACE)" bash scripts/test-upgrade.sh

# Records what a release's archive leaves behind for test-upgrade, into tests/upgrade/VERSION
# (scripts/record-release-state.sh; the README's "Releases" says when).
record-release-state:
	@test -n "$(ARCHIVE)" || { echo "usage: make record-release-state ARCHIVE=supplysite-VERSION-TARGET.tar.gz" >&2; exit 2; }
	$(LINTED) CARGO=$(CARGO) WORKSPACE="$(WORKSPACE)" bash scripts/record-release-state.sh $(ARCHIVE)

# One archive holding the release binary, the web build, the server bundle and the demo space
# with its photographs, which runs from wherever it is unpacked (scripts/dist.sh describes it).
dist: web-build demo-photos
	bash scripts/dist.sh

# The archive, packed with the debug binary `make test` builds (the release one differs only in
# that), unpacked outside the repository and started as nobody from / with a clean
# environment: every route in the sitemap, rendered on the server, a picture, an enquiry kept
# in the state folder; the Dockerfile names the archive (about a minute).
test-dist: web-build demo-photos
	$(IGNORED_TESTS) the_dist_archive_serves_the_whole_site_as_nobody_from_anywhere

# deploy/supplysite.service as shipped passes `systemd-analyze verify` and keeps its sandbox.
test-deploy:
	bash scripts/check-systemd-unit.sh

# The alert rules in deploy/prometheus pass `promtool check rules` and their unit tests
# (`promtool test rules`), and every alert has one (a second). That the rules and the Grafana
# dashboard name only metrics the server exposes is a Rust test (the wiring suite's metrics).
test-alerts:
	bash scripts/check-alerts.sh

# Every fuzz target (fuzz/) searching for new inputs for minutes. (`make test` replays the committed
# corpus through the same checks in the workspace's own build: the instrumented build of the
# fuzz workspace took two of its minutes for what a few seconds of fuzzing add to the replay.)
fuzz:
	bash scripts/fuzz.sh $${FUZZ_SECONDS:-300}

# Every bench script in a tiny mode (about a minute): proves `make bench` still runs; judges no budget.
test-bench: web-build demo-photos
	$(TEST_BINARIES)
	$(LINTED) WORKSPACE="$(WORKSPACE)" SUPPLYSITE_BIN=$(SUPPLYSITE_DEBUG_BIN) bash bench/smoke.sh
