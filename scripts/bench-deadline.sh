#!/usr/bin/env bash
# bench-deadline: the online qualifier's deadline rush (docs/qualifiers.md, "The deadline
# rush") on a fresh `podium all` as `make run` ships it: BENCH_DEADLINE_TEAMS teams (400) each
# submit BENCH_DEADLINE_WORKOUTS workouts (5), 2,000 submissions at random instants of the last
# 60 s before the deadline, and 100 more in the second after it. Reports p50/p99/max, errors,
# the refusals after the deadline, and checks every acknowledged submission in PostgreSQL.
# Goals: p99 <= 300 ms, none lost, none accepted after the deadline. A benchmark: it fails
# only on a lost submission or one accepted after the deadline, never on a number.
#
# Knobs: BENCH_DEADLINE_TEAMS, BENCH_DEADLINE_WORKOUTS, BENCH_DEADLINE_WINDOW (60s),
# BENCH_ADMIN_DB_URL (PostgreSQL maintenance URL).
set -euo pipefail
cd "$(dirname "$0")/.."

# The athletes' tokens are signed by the tool with the deployment's key (no password hashes).
KEYDIR=$(mktemp -d /tmp/bench-deadline-keys.XXXXXX)
trap 'rm -rf "$KEYDIR"' EXIT
openssl genpkey -algorithm ed25519 -out "$KEYDIR/key.pem" 2>/dev/null
PODIUM_JWT_PRIVATE_KEY=$(cat "$KEYDIR/key.pem")
rm -rf "$KEYDIR"
trap - EXIT
export PODIUM_JWT_PRIVATE_KEY
# Every request comes from this machine's one address.
export PODIUM_HTTP_MAX_CONNS_PER_ADDRESS=1000
BENCH_NAME=bench-deadline
# shellcheck source=scripts/bench-stack.sh
. scripts/bench-stack.sh
go build -o "$TMP/deadlinerush" ./tests/bench/deadlinerush

echo "== deadline rush: podium all, $(nproc) CPUs =="
"$TMP/deadlinerush" -url "$GW" -db "$DB_URL" -username bench \
  -teams "${BENCH_DEADLINE_TEAMS:-400}" -workouts "${BENCH_DEADLINE_WORKOUTS:-5}" -window "${BENCH_DEADLINE_WINDOW:-60s}"
