#!/usr/bin/env bash
# make bench: every benchmark, each reporting against a baseline measured in the same run.
# Benchmarks are never tests: nothing here fails on a number.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/services.sh

echo "== scoring engine and results-svc (go test -bench) =="
go test -run '^$' -bench . -benchtime 5x -benchmem ./results-svc/... | grep -E '^(Benchmark|ok|PASS|goos|cpu)' || true

if [ -x scripts/bench-public.sh ]; then
  echo
  echo "== public leaderboard through the gateway vs nginx (wrk) =="
  ./scripts/bench-public.sh
fi
