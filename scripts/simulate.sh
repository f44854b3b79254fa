#!/usr/bin/env bash
# make simulate: a federation day (tests/simulate) on this machine, twice, on the configuration
# `make run` ships (log level info, metrics on, tracing off):
#   1. against `podium all`, one process;
# (every process with PODIUM_PPROF: a CPU profile of the middle of the day shows where the time
# went, printed after each table; the table also prints the gateways' own timing of the board
# reads, from their /metrics, beside the simulator's)
#   2. against separate targets: auth, competition, results, two public-svc and two gateways
#      (gateway k asks public-svc k), behind nginx balancing over the gateways (started here),
# and prints each day's table, so the second shows what the second replica buys here. Beside
# each table, a calibration measured right after that day on this machine with the same load
# generator: the CPU per request of a bare net/http server answering the day's most read board
# with the gateway's bytes, and the day's CPU per read as a multiple of it (docs/operations.md,
# "Sizing a federation day": sizing is given in those multiples).
# A measurement, not a test: it fails only when a write was lost or it could not run.
#
# Knobs: SIM_DURATION (5m), SIM_EVENTS (20), SIM_STREAMS (20000, fewer when the file limit does
# not allow them), SIM_READS (3000), SIM_JUDGES (80), SIM_ATHLETES (400 at most, registering in pairs at 0.6 sign-ins/s: tests/simulate/main.go says why),
# SIM_QUALIFIER_TEAMS (20: an online qualifier's teams, signed in at set-up) and SIM_SUBMISSIONS
# (0.5 a second: their scores, changed all day), SIM_ONLY (all|replicas: run one day only),
# BENCH_ADMIN_DB_URL (PostgreSQL maintenance URL), SIM_PROFILE (a folder to keep each day's CPU
# profile in, with the binary it was taken of, for `go tool pprof` afterwards), SIM_CALIBRATE
# (20s: how long the bare server is measured; 0s: not at all).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${SIM_DURATION:-5m}
SIM_ARGS=(-duration "$DURATION" -events "${SIM_EVENTS:-20}" -streams "${SIM_STREAMS:-20000}"
  -reads "${SIM_READS:-3000}" -judges "${SIM_JUDGES:-80}" -athletes "${SIM_ATHLETES:-400}"
  -qualifier-teams "${SIM_QUALIFIER_TEAMS:-20}" -submissions "${SIM_SUBMISSIONS:-0.5}" -calibrate "${SIM_CALIBRATE:-20s}")

# Every stream is a file: each process may hold as many as the machine allows.
ulimit -n "$(ulimit -Hn)"

BENCH_NAME=simulate
# shellcheck source=scripts/bench-stack.sh
. scripts/bench-stack.sh
need nginx nginx-light
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
go build -o "$TMP/simulate" ./tests/simulate
# bench-stack.sh quiets the log; the measured days run the targets as `make run` does.
unset PODIUM_LOG_LEVEL PODIUM_WEB_DIR
echo "machine: $(nproc) CPUs, $(free -g | awk '/^Mem:/ { print $2 }') GiB, file limit $(ulimit -n) per process"

day() { # day <label> <base url> <procs> <metrics address of the process to profile> <the gateways' metrics addresses>
  "$TMP/simulate" -url "$2" -db "$DB_URL" -admin bench -label "$1" -procs "$3" "${SIM_ARGS[@]}" \
    -pprof "http://$4/debug/pprof/profile" -profile "$TMP/day.pprof" -gateway-metrics "$5"
  if [ -s "$TMP/day.pprof" ]; then
    echo "-- where the CPU time of the profiled process went (the middle third of the day) --"
    if go tool pprof -top -nodecount=20 "$TMP/podium" "$TMP/day.pprof" >"$TMP/top.txt" 2>&1; then
      sed -n '/^Showing nodes/,$p' "$TMP/top.txt"
    else # not a profile: the endpoint's own words (e.g. another profile was running)
      head -c 300 "$TMP/day.pprof" | tr -cd '[:print:]\n'
      echo
    fi
    if [ -n "${SIM_PROFILE:-}" ]; then
      mkdir -p "$SIM_PROFILE" && cp "$TMP/podium" "$SIM_PROFILE/podium"
      cp "$TMP/day.pprof" "$SIM_PROFILE/$(echo "$1" | tr -c '[:alnum:]\n' -).pprof"
    fi
    rm -f "$TMP/day.pprof"
  fi
}

if [ "${SIM_ONLY:-}" != replicas ]; then
  kill "$ALL_PID" && wait "$ALL_PID" 2>/dev/null || true
  PODIUM_PPROF=true "$TMP/podium" all >>"$TMP/podium.log" 2>&1 &
  ALL_PID=$!
  PIDS+=($ALL_PID)
  wait_for "podium all" curl -sf "$GW/readyz"
  day "podium all (one process)" "$GW" "podium-all=$ALL_PID" "$PODIUM_METRICS_ADDR" "$PODIUM_METRICS_ADDR"
fi
[ "${SIM_ONLY:-}" = all ] && exit 0

echo
echo "== the same day on separate targets: two gateways and two public-svc behind nginx =="
kill "$ALL_PID" && wait "$ALL_PID" 2>/dev/null || true
"$TMP/podium" keys >"$TMP/keys.pem"
export PODIUM_DEV_MODE=false
export PODIUM_JWT_PUBLIC_KEY="$(sed -n '/BEGIN PUBLIC KEY/,$p' "$TMP/keys.pem")"
export PODIUM_SERVICE_KEY="$("$TMP/podium" service-key)"
export PODIUM_TRUSTED_PROXIES=127.0.0.1/32 # the balancer
declare -A PID METRICS
start_target() { # start_target <name> <target> [VAR=value…]
  local name=$1 target=$2
  shift 2
  METRICS[$name]="127.0.0.1:$(free_port)"
  env PODIUM_METRICS_ADDR="${METRICS[$name]}" PODIUM_PPROF=true "$@" "$TMP/podium" "$target" >>"$TMP/$name.log" 2>&1 &
  PID[$name]=$!
  PIDS+=($!)
}
PUBLIC_2="127.0.0.1:$(free_port)"
start_target auth auth PODIUM_GRPC_LISTEN="$PODIUM_AUTH_ADDR" PODIUM_JWT_PRIVATE_KEY="$(sed -n '1,/END PRIVATE KEY/p' "$TMP/keys.pem")"
start_target competition competition PODIUM_GRPC_LISTEN="$PODIUM_COMPETITION_ADDR"
start_target results results PODIUM_GRPC_LISTEN="$PODIUM_RESULTS_ADDR"
start_target public-1 public PODIUM_GRPC_LISTEN="$PODIUM_PUBLIC_ADDR"
start_target public-2 public PODIUM_GRPC_LISTEN="$PUBLIC_2"
GW1="127.0.0.1:$(free_port)"
GW2="127.0.0.1:$(free_port)"
start_target gateway-1 gateway PODIUM_HTTP_ADDR="$GW1"
start_target gateway-2 gateway PODIUM_HTTP_ADDR="$GW2" PODIUM_PUBLIC_ADDR="$PUBLIC_2"
wait_for gateway-1 curl -sf "http://$GW1/readyz"
wait_for gateway-2 curl -sf "http://$GW2/readyz"

LB_PORT=$(free_port)
mkdir -p "$TMP/lb"
# A proxied stream holds two of a worker's files (the client's and the gateway's): two workers,
# the kernel spreading connections over them (reuseport), hold the day's streams within the
# file limit, where one worker ran out of files and refused even the sign-ins.
cat >"$TMP/lb/nginx.conf" <<NGINX
worker_processes 2;
pid $TMP/lb/nginx.pid;
error_log $TMP/lb/error.log warn;
events { worker_connections 30000; }
worker_rlimit_nofile $(ulimit -n);
http {
  access_log off;
  client_body_temp_path $TMP/lb/body;
  proxy_temp_path $TMP/lb/proxy;
  upstream gateways { server $GW1; server $GW2; keepalive 256; }
  server {
    listen 127.0.0.1:$LB_PORT reuseport;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$host;
    proxy_set_header X-Forwarded-For \$remote_addr;
    proxy_buffering off;
    proxy_read_timeout 1h;
    location / { proxy_pass http://gateways; }
  }
}
NGINX
"$NGINX" -c "$TMP/lb/nginx.conf" -p "$TMP/lb" -g 'daemon off;' 2>"$TMP/lb/stderr.log" &
PIDS+=($!)
wait_for "nginx (balancer)" curl -sf "http://127.0.0.1:$LB_PORT/readyz"
LB_WORKERS=$(pgrep -P "$(cat "$TMP/lb/nginx.pid")" | paste -sd+)
procs="nginx=$LB_WORKERS"
for name in gateway-1 gateway-2 public-1 public-2 results competition auth; do procs="$procs,$name=${PID[$name]}"; done
day "separate targets: 2 gateways, 2 public-svc, behind nginx" "http://127.0.0.1:$LB_PORT" "$procs" "${METRICS[gateway-1]}" \
  "${METRICS[gateway-1]},${METRICS[gateway-2]}"
