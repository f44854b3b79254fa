#!/usr/bin/env bash
# make bench: every benchmark, each reporting against a baseline measured in the same run.
# Benchmarks are never tests: nothing here fails on a number.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/services.sh

echo "== scoring engine and results-svc, series standings of 10 events x 300 teams against one event's recalculation (goal: series under 50 ms) =="
go test -run '^$' -bench . -benchtime 5x -benchmem ./results-svc/... | grep -E '^(Benchmark|ok|PASS|goos|cpu)' || true

echo
echo "== the season: public search over 100,000 athletes (goal: p99 under 50 ms; baseline: an event by id) =="
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench '^BenchmarkSearch$' -benchtime 30x ./competition-svc/store/ | grep -E '^(Benchmark|ok)' || true
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== an event's structure as a judge's save reads it: one batch against the four queries one by one (4 divisions x 40 teams x 6 workouts) =="
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench '^BenchmarkEventStructure$' -benchtime 2000x -count 3 ./competition-svc/store/ | grep -E '^(Benchmark|ok)' || true
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -x scripts/bench-public.sh ]; then
  echo
  echo "== public leaderboard through the gateway vs nginx (wrk) =="
  ./scripts/bench-public.sh
fi

echo
echo "== registration rush: 500 athletes (250 teams) for 100 places within 10 s (goals: exactly 100 confirmed, the rest waitlisted, p99 <= 300 ms, 0 errors) =="
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -count=1 -tags bench -run '^TestRegistrationRush$' -v ./tests/bench/registrationrush/ | grep -E '^(registration rush|--- |FAIL|ok)' || true
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== deadline rush: 2,000 online submissions in the last 60 s before a deadline (goals: p99 <= 300 ms, none lost, none accepted after the deadline) =="
./scripts/bench-deadline.sh || echo "deadline rush: a submission was lost or accepted after the deadline"

echo
echo "== live streams on one gateway (goals: all notified within 1 s, < 20 KB and < 5 % CPU idle) =="
./scripts/bench-streams.sh

echo
echo "== the federation day's paths, one micro-benchmark each: allocations and bytes per operation (deterministic: a regression shows there; ns/op moves with the load) =="
echo "   budgets (tests that fail): a hot hit <= $(awk '/^const hotHitAllocBudget/ { print $4 }' gateway/hothits_test.go) allocs/op (TestHotHitAllocationBudget), a delivery the same few allocs whatever the number of streams (TestDeliverAllocatesNothingPerStream)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
{
  go test -run '^$' -bench '^(BenchmarkHotPublicHit|BenchmarkPublicMiss)$' -benchmem -count 3 ./gateway/
  go test -run '^$' -bench '^(BenchmarkChangeReceived|BenchmarkFreshness)$' -benchmem -count 3 ./gateway/publiccache/
  go test -run '^$' -bench '^BenchmarkDeliver$' -benchmem -count 3 ./gateway/streamhub/
  go test -run '^$' -bench '^BenchmarkDecode$' -benchmem -count 3 ./internal/platform/changes/
  go test -run '^$' -bench '^(BenchmarkJudgeSave|BenchmarkSignIn)$' -benchtime 200x -benchmem -count 3 ./tests/bench/requests/
} 2>&1 | awk '
  /^Benchmark/ && !/ns\/op/ { name = $1; next } # the stack logged between the name and the numbers
  /ns\/op/ && !/^Benchmark/ { print name "\t" $0; next }
  /^(Benchmark|FAIL|--- )/ && !/\/with(out)?-metrics\// { print }' || true
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

# compare PKG BENCH BASELINE VARIANT RUNS WHAT: runs a Go benchmark with two sub-benchmarks
# (each possibly split further, e.g. BASELINE/identity and BASELINE/gzip) RUNS times, prints
# each one's median and spread, and what VARIANT adds over BASELINE, with the load average.
compare() {
  local pkg=$1 bench=$2 base=$3 variant=$4 runs=$5 what=$6
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  go test -run '^$' -bench "^$bench\$" -count "$runs" -benchmem "$pkg" |
    awk -v base="$base" -v variant="$variant" -v what="$what" -v bench="$bench" '
      index($1, bench "/") == 1 {
        name = substr($1, length(bench) + 2); sub(/-[0-9]+$/, "", name)
        v = name; part = ""; if (i = index(name, "/")) { v = substr(name, 1, i - 1); part = substr(name, i) }
        ns[name] = ns[name] " " $3; parts[part] = 1; allocs[name] = $(NF - 1)
      }
      function median(list,   a, k) { k = split(substr(list, 2), a, " "); asort(a); lo = a[1]; hi = a[k]; n = k
                                      return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
      END {
        for (part in parts) {
          for (j = 0; j < 2; j++) {
            name = (j ? variant : base) part; m[j] = median(ns[name])
            printf "%-28s median %6.0f ns/op over %d runs (min %s, max %s), %s allocs/op\n", name, m[j], n, lo, hi, allocs[name]
          }
          if (m[0] > 0)
            printf "%-28s %s add %.0f ns per operation: %+.1f%%\n", part == "" ? "" : substr(part, 2) ":", what, m[1] - m[0], 100 * (m[1] / m[0] - 1)
        }
      }'
  echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
}

echo
echo "== cost of the request metrics on the hot path (goal: under 5 %) =="
echo "-- per request as a client sees it (real HTTP on loopback, both variants asked in turn):"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench '^BenchmarkMetricsCostHTTP$' -count 8 ./gateway/ |
  awk '/^BenchmarkMetricsCostHTTP\// {
         enc = $1; sub(/^BenchmarkMetricsCostHTTP\//, "", enc); sub(/-[0-9]+$/, "", enc)
         for (i = 2; i < NF; i++) if ($(i + 1) == "%metrics") pct[enc] = pct[enc] " " $i
       }
       END {
         for (enc in pct) {
           k = split(substr(pct[enc], 2), a, " "); asort(a)
           m = (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
           printf "%-10s metrics add %+.1f%% per request (median of %d runs, min %+.1f%%, max %+.1f%%)\n", enc ":", m, k, a[1], a[k]
         }
       }'
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "-- in process (the gateway's own work on a memory hit, no network; the same nanoseconds weigh more here):"
compare ./gateway/ BenchmarkHotPublicHit without-metrics with-metrics 8 "metrics"

echo
echo "== cost of the result history on a 200-row batch save (goal: at most +25 %) =="
echo "-- each iteration saves one batch without and one with the history, in turn; per run the medians:"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench '^BenchmarkBatchSave200History$' -benchtime 40x -count 5 ./results-svc/ |
  awk '/^BenchmarkBatchSave200History/ {
         for (i = 2; i < NF; i++) {
           if ($(i + 1) == "%history") pct = pct " " $i
           if ($(i + 1) == "ms-without-history") without = without " " $i
           if ($(i + 1) == "ms-with-history") with = with " " $i
         }
       }
       function median(list,   a, k) { k = split(substr(list, 2), a, " "); asort(a); lo = a[1]; hi = a[k]; n = k
                                      return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
       END {
         m = median(without); printf "without history  median %6.1f ms over %d runs (min %.1f, max %.1f)\n", m, n, lo, hi
         m = median(with);    printf "with history     median %6.1f ms over %d runs (min %.1f, max %.1f)\n", m, n, lo, hi
         m = median(pct);     printf "history adds %+.1f%% per batch save (median of %d runs, min %+.1f%%, max %+.1f%%)\n", m, n, lo, hi
       }'
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
