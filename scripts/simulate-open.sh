#!/usr/bin/env bash
# make simulate-open: an Open-sized qualifier (docs/boards.md) — one division of 100,000 teams
# seeded with COPY — measured beside today's whole-board path at 1,000 teams in the same run,
# on the whole stack in one process. Prints one table (docs/measurements/ keeps the runs).
# A benchmark: it fails only when the stack does not answer, never on a number.
#
# Knobs: OPEN_ENTRIES (100000), OPEN_WORKOUTS (3), OPEN_READS_PER_SECOND (2000),
# OPEN_PUBLICATIONS_PER_SECOND (50), OPEN_SECONDS (10, each load phase), OPEN_SAVES (10 saves at the Open size;
# 200 of each size under OPEN_TEST=TestOpenSaves, make simulate-open-saves).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/services.sh
echo "== an Open-sized qualifier: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) =="
ulimit -n 65536 2>/dev/null || true
go test -count=1 -timeout 30m -tags bench -run "^${OPEN_TEST:-TestOpenQualifier}\$" -v ./tests/bench/open/ |
  grep -vE '^(=== RUN|time=|\{)|Unsolicited response' || true
