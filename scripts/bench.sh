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
echo "== cost of the request metrics on the hot path (in process, gateway memory hit) =="
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench BenchmarkHotPublicHit -count 6 -benchmem ./gateway/ | tee /dev/stderr 2>/dev/null |
  awk '/^BenchmarkHotPublicHit/ { split($1, n, "/"); v = n[2]; sub(/-[0-9]+$/, "", v); ns[v] = ns[v] " " $3 }
       END {
         for (v in ns) { k = split(substr(ns[v], 2), a, " "); asort(a); med[v] = (k % 2) ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2;
                         printf "%-16s median %.0f ns/op over %d runs (min %s, max %s)\n", v, med[v], k, a[1], a[k] }
         if (med["without-metrics"] > 0)
           printf "metrics add %.0f ns per hot request: %.1f%% of the in-process hot path\n",
             med["with-metrics"] - med["without-metrics"], 100 * (med["with-metrics"] / med["without-metrics"] - 1)
       }'
