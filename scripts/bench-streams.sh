#!/usr/bin/env bash
# bench-streams: live streams on one gateway of `podium all` (docs/operations.md "Live
# updates"). Opens BENCH_STREAMS streams of one event (10,000), reports the process's memory
# per open stream (RSS growth / streams) and its CPU while they idle, then publishes one result
# and reports the time from the publish request until each stream got its `changed` (p50, p99,
# max). Goals: every stream notified within 1 s, under 20 KB per idle stream, idle CPU under 5 %
# of a core. A benchmark, not a test: it never fails on a number.
#
# The process is all five targets in one (podium all): its idle CPU includes the services'. The
# idle window (30 s) holds one heartbeat to every stream at the default PODIUM_STREAM_HEARTBEAT.
# The open files limit (one descriptor per stream in podium and in the tool) is raised to what
# the streams need, up to the hard limit.
#
# Knobs: BENCH_STREAMS (10000), BENCH_IDLE (30s), BENCH_ADMIN_DB_URL (PostgreSQL maintenance URL).
set -euo pipefail
cd "$(dirname "$0")/.."

STREAMS=${BENCH_STREAMS:-10000}
IDLE=${BENCH_IDLE:-30s}

# Every stream is a file descriptor in podium and one in the tool (this shell's children).
want=$((STREAMS + 1024))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$want" ]; then
  ulimit -n "$want" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
fi
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$want" ]; then
  echo "bench-streams: open files limited to $(ulimit -n) (hard limit); opening $(($(ulimit -n) - 1024)) streams"
  STREAMS=$(($(ulimit -n) - 1024))
fi

export PODIUM_STREAM_MAX=$((STREAMS + 100))
# Every stream comes from this machine's one address: lift the caps per client address.
export PODIUM_STREAM_MAX_PER_ADDRESS=$PODIUM_STREAM_MAX PODIUM_HTTP_MAX_CONNS_PER_ADDRESS=$PODIUM_STREAM_MAX
BENCH_NAME=bench-streams
# shellcheck source=scripts/bench-stack.sh
. scripts/bench-stack.sh
go build -o "$TMP/streams" ./tests/bench/streams

echo "== live streams: $STREAMS streams of one event on one gateway (podium all), $(nproc) CPUs =="
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$TMP/streams" -url "$GW" -username bench -n "$STREAMS" -pid "$ALL_PID" -idle "$IDLE"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
