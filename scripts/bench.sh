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

echo
echo "== live streams on one gateway (goals: all notified within 1 s, < 20 KB and < 5 % CPU idle) =="
./scripts/bench-streams.sh

# compare PKG BENCH BASELINE VARIANT RUNS WHAT: runs a Go benchmark with two sub-benchmarks
# RUNS times, prints each one's median and spread, and what VARIANT adds over BASELINE.
compare() {
  local pkg=$1 bench=$2 base=$3 variant=$4 runs=$5 what=$6
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  go test -run '^$' -bench "^$bench\$" -count "$runs" -benchmem "$pkg" |
    awk -v base="$base" -v variant="$variant" -v what="$what" -v bench="$bench" '
      index($1, bench "/") == 1 { split($1, n, "/"); v = n[2]; sub(/-[0-9]+$/, "", v); ns[v] = ns[v] " " $3 }
      END {
        for (v in ns) { k = split(substr(ns[v], 2), a, " "); asort(a); med[v] = (k % 2) ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2;
                        printf "%-18s median %.0f ns/op over %d runs (min %s, max %s)\n", v, med[v], k, a[1], a[k] }
        if (med[base] > 0)
          printf "%s add %.0f ns per operation: %+.1f%%\n", what, med[variant] - med[base], 100 * (med[variant] / med[base] - 1)
      }'
}

echo
echo "== cost of the request metrics on the hot path (in process, gateway memory hit) =="
compare ./gateway/ BenchmarkHotPublicHit without-metrics with-metrics 6 "metrics"

echo
echo "== cost of the result history on a 200-row batch save (goal: at most +25 %) =="
compare ./results-svc/ BenchmarkBatchSave200History without-history with-history 5 "history"
