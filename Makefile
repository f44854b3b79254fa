# Podium's only entry points. `make run` serves everything on http://localhost:8080;
# `make test` runs every test. See README.md.

SHELL := /bin/bash
GO    ?= go
BUF   := $(GO) tool -modfile=tools/go.mod buf
# golangci-lint has a module of its own: its dependencies would move the other tools'.
GOLANGCI_LINT := $(GO) tool -modfile=tools/lint/go.mod golangci-lint
BIN   := bin/podium
# The browser tests, two files at a time (web/vitest.e2e.config.ts).
E2E   := cd web && npx vitest run --config vitest.e2e.config.ts

export PODIUM_HTTP_ADDR ?= :8080
export PODIUM_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/podium?sslmode=disable
PODIUM_ADMIN_USERNAME ?= admin

.PHONY: run build web web-deps gen gen-check lint lint-go lint-mod lint-boundaries lint-errors lint-web test test-go test-web e2e lighthouse bench simulate simulate-open simulate-open-saves chaos services clean

## run: build the web app and the binary, migrate, create a first admin, serve on :8080
run: build services
	$(BIN) migrate
	$(BIN) admin create --username "$(PODIUM_ADMIN_USERNAME)" --if-none --generate-password
	@echo "Podium: http://localhost$(PODIUM_HTTP_ADDR)/  (admin: http://localhost$(PODIUM_HTTP_ADDR)/login)"
	$(BIN) all

## build: the web app and the podium binary
build: web
	$(GO) build -o $(BIN) ./cmd/podium

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web-deps: web/node_modules/.package-lock.json

web: web-deps
	scripts/build-web.sh

## gen: regenerate gen/ (Go, OpenAPI) and the web app's API types, offline
gen:
	$(BUF) generate
	cd web && npm run --silent gen:api

## gen-check: fail when `make gen` would change committed files
gen-check: web-deps
	$(MAKE) --no-print-directory gen
	@git diff --exit-code --stat -- gen web/src/lib/api || { echo "generated code is stale: run 'make gen' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- gen web/src/lib/api)" || { git status --porcelain -- gen web/src/lib/api; echo "make gen created untracked files: commit them"; exit 1; }

## lint: the static checks — golangci-lint (go vet's checks and gofmt among them), go.mod tidy, the import boundaries, errors wrapped with their operation, then ESLint on the web app
lint: lint-go lint-mod lint-boundaries lint-errors lint-web

## lint-go: golangci-lint with the linters of .golangci.yml (each says why it is there; go vet's checks among them), then gofmt
lint-go:
	$(GOLANGCI_LINT) run --allow-parallel-runners ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v '^gen/'))" || { gofmt -l $$(git ls-files '*.go' | grep -v '^gen/'); echo "gofmt needed"; exit 1; }

## lint-mod: every Go module (the podium module, tools/, tools/lint/, web/) is as `go mod tidy` leaves it,
## so a go.mod says which dependencies are imported directly. Tidy also reads the modules that
## only the dependencies' tests import: on an empty module cache the three modules take about a
## minute and 1.8 GB from the module proxy (proxy.golang.org alone suffices), once
GO_MODULES := . tools tools/lint web
lint-mod:
	@for m in $(GO_MODULES); do (cd $$m && $(GO) mod tidy -diff) || { echo "$$m/go.mod is not tidy: run 'go mod tidy' in $$m and commit"; exit 1; }; done

## lint-boundaries: no service imports another service's package, the gateway none, internal/ nothing above it; services
## call each other only down the declared direction (docs/architecture.md)
lint-boundaries:
	$(GO) test -count=1 ./tests/boundaries/

## lint-errors: every use case and store method wraps its errors with its operation (apperr.Wrap; docs/architecture.md)
lint-errors:
	$(GO) test -count=1 ./tests/errwrap/

## lint-web: ESLint (typescript-eslint, rules of hooks, import boundaries and no cycles; docs/architecture.md)
lint-web: web-deps
	cd web && npm run --silent lint

## test: every test — generated code, golangci-lint (go vet's checks, gofmt), import boundaries, web lint, Go (unit, store, API on the real PostgreSQL and Redis), web components, browser
## After gen-check (which rewrites gen/), the checks, the Go and component tests and the build run
## side by side: most of them leave a core idle (ESLint uses one, the Go tests wait on PostgreSQL).
## The browser tests run last and alone, since their waits are timed (docs/architecture.md, "Tests").
test: services gen-check
	@$(MAKE) --no-print-directory -j 4 --output-sync=target test-before-browser
	$(E2E)

.PHONY: test-before-browser
test-before-browser: lint-go lint-mod lint-boundaries lint-errors lint-web test-go test-web build mailpit stripe-mock

## test-go: Go's tests; most wait on PostgreSQL rather than the CPU, so 8 run at once in a package
test-go: mailpit stripe-mock
	$(GO) test -count=1 -parallel 8 -timeout 20m ./...

## mailpit: build the tests' SMTP server (Mailpit, pinned in tools/go.mod) into Go's build cache;
## tests start it on free ports (internal/platform/mailtest, web/e2e)
.PHONY: mailpit
mailpit:
	$(GO) tool -modfile=tools/go.mod -n mailpit >/dev/null

## stripe-mock: build Stripe's API double (pinned in tools/go.mod) into Go's build cache; tests
## start it on free ports (internal/platform/stripetest, web/e2e/stripe.ts)
.PHONY: stripe-mock
stripe-mock:
	$(GO) tool -modfile=tools/go.mod -n stripe-mock >/dev/null

test-web: web-deps
	cd web && npm test

## e2e: browser tests (Debian chromium + playwright-core) against the real stack
e2e: build mailpit stripe-mock
	$(E2E)

## lighthouse: Lighthouse mobile on the 100-team × 8-workout leaderboards (a measurement; npx fetches lighthouse)
lighthouse: build
	cd web && npx vitest run --config vitest.lighthouse.config.ts

## bench: benchmarks with ratios against a baseline measured in the same run
bench: build
	./scripts/bench.sh

## simulate: a federation day under load, on podium all and on replicas behind nginx; prints one table per day
simulate:
	./scripts/simulate.sh

## simulate-open: an Open-sized qualifier (100,000 entries in a division) beside today's whole board at 1,000; prints one table (docs/boards.md)
simulate-open:
	./scripts/simulate-open.sh

## simulate-open-saves: save p99 at 100 and at 100,000 entries in the same run (docs/boards.md, "Saves at any size")
simulate-open-saves:
	OPEN_TEST=TestOpenSaves ./scripts/simulate-open.sh

## chaos: slow fault and load tests; prints a summary table (the suite builds the binary it runs)
chaos:
	$(GO) test -count=1 -timeout 30m -tags chaos -run Chaos -v ./tests/chaos/

## services: start PostgreSQL and Redis when they are not running (this machine's packages)
services:
	@./scripts/services.sh

clean:
	rm -rf bin web/dist
