#!/usr/bin/env bash
# bench-public: the public division leaderboard through the gateway against nginx serving the
# very same bytes as a static file, with the same wrk settings in the same run (issue 5).
#
# Seeds an event whose division has 100 teams and 8 workouts (every result published) through
# the API of a fresh stack (its own database, its own redis-server, free loopback ports), then
# for 64 and 256 connections runs wrk -t2 for 10 s against
#   GET /api/public/events/{id}/divisions/{d}/leaderboard   (podium all, gateway in-memory cache)
#   GET /leaderboard.json                                   (nginx, static file, sendfile)
# and prints requests/s, p99 and their ratios; then the time to rebuild that leaderboard on a
# miss (BenchmarkRebuildDivisionLeaderboard). Goals: rps ≥ 0.5 × nginx, p99 ≤ 2 × nginx,
# rebuild < 20 ms. A benchmark, not a test: it never fails on a number.
#
# Each setting runs BENCH_ROUNDS times, gateway and nginx alternating, and the medians are
# compared, so that a burst of other work on the machine does not decide the ratio.
#
# Knobs: BENCH_DURATION (10s), BENCH_CONNECTIONS ("64 256"), BENCH_THREADS (2), BENCH_ROUNDS (3),
#        BENCH_TEAMS (100), BENCH_WORKOUTS (8), BENCH_ADMIN_DB_URL (PostgreSQL maintenance URL).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-"64 256"}
THREADS=${BENCH_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-3}
TEAMS=${BENCH_TEAMS:-100}
WORKOUTS=${BENCH_WORKOUTS:-8}

BENCH_NAME=bench-public
# shellcheck source=scripts/bench-stack.sh
. scripts/bench-stack.sh
need wrk wrk
need nginx nginx-light
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
go build -o "$TMP/seed-public" ./tests/bench/seed-public

echo "seeding: 1 division, $TEAMS teams, $WORKOUTS workouts, every result published"
eval "$("$TMP/seed-public" -url "$GW" -username bench -teams "$TEAMS" -workouts "$WORKOUTS")"
URL_GW="$GW$PATH_LB"

# nginx serves the identical bytes as a static file.
mkdir -p "$TMP/www" "$TMP/nginx/logs"
curl -sf -o "$TMP/www/leaderboard.json" "$URL_GW"
chmod -R a+rX "$TMP/www"
BYTES=$(wc -c <"$TMP/www/leaderboard.json")
NGX_PORT=$(free_port)
cat >"$TMP/nginx/nginx.conf" <<EOF
worker_processes auto;
error_log $TMP/nginx/logs/error.log warn;
pid $TMP/nginx/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path $TMP/nginx/body;
  proxy_temp_path $TMP/nginx/proxy;
  fastcgi_temp_path $TMP/nginx/fastcgi;
  types { application/json json; }
  default_type application/json;
  server {
    listen 127.0.0.1:$NGX_PORT;
    root $TMP/www;
    location / { add_header Cache-Control "public, max-age=5, stale-while-revalidate=30"; }
  }
}
EOF
"$NGINX" -c "$TMP/nginx/nginx.conf" -p "$TMP/nginx" -g 'daemon off;' 2>"$TMP/nginx/logs/stderr.log" &
PIDS+=($!)
URL_NGX="http://127.0.0.1:$NGX_PORT/leaderboard.json"
wait_for nginx curl -sf -o /dev/null "$URL_NGX"
if ! cmp -s "$TMP/www/leaderboard.json" <(curl -sf "$URL_NGX") || ! cmp -s "$TMP/www/leaderboard.json" <(curl -sf "$URL_GW"); then
  echo "bench-public: nginx and the gateway do not serve the same bytes" >&2
  exit 1
fi

# wrk → "rps p99_ms"
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'; }
run_wrk() { # run_wrk <connections> <url>
  local out rps p99
  out=$(wrk -t"$THREADS" -c"$1" -d"$DURATION" --latency "$2")
  if echo "$out" | grep -q "Non-2xx"; then
    echo "bench-public: non-2xx answers from $2" >&2
  fi
  rps=$(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')
  p99=$(echo "$out" | awk '$1 == "99%" { print $2 }')
  echo "$rps $(to_ms "$p99")"
}

echo "warming up"
wrk -t"$THREADS" -c64 -d2s "$URL_GW" >/dev/null
wrk -t"$THREADS" -c64 -d2s "$URL_NGX" >/dev/null

echo
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "== public division leaderboard: $TEAMS teams × $WORKOUTS workouts, $BYTES bytes of JSON, wrk -t$THREADS -d$DURATION, $(nproc) CPUs =="
echo "   $ROUNDS alternating round(s) per setting, median shown; machine load now: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-9s %12s %10s   %s\n' conns target 'req/s' 'p99 ms' 'rounds (req/s@p99)'
SUMMARY=()
for c in $CONNECTIONS; do
  gw_rps_all="" gw_p99_all="" ng_rps_all="" ng_p99_all="" gw_runs="" ng_runs=""
  for _ in $(seq 1 "$ROUNDS"); do
    read -r r p <<<"$(run_wrk "$c" "$URL_GW")"
    gw_rps_all+=" $r" gw_p99_all+=" $p" gw_runs+=" $(printf '%.0f@%.1f' "$r" "$p")"
    read -r r p <<<"$(run_wrk "$c" "$URL_NGX")"
    ng_rps_all+=" $r" ng_p99_all+=" $p" ng_runs+=" $(printf '%.0f@%.1f' "$r" "$p")"
  done
  gw_rps=$(echo "$gw_rps_all" | median) gw_p99=$(echo "$gw_p99_all" | median)
  ng_rps=$(echo "$ng_rps_all" | median) ng_p99=$(echo "$ng_p99_all" | median)
  printf '%-6s %-9s %12.0f %10.2f  %s\n' "$c" gateway "$gw_rps" "$gw_p99" "$gw_runs"
  printf '%-6s %-9s %12.0f %10.2f  %s\n' "$c" nginx "$ng_rps" "$ng_p99" "$ng_runs"
  SUMMARY+=("$(awk -v c="$c" -v gr="$gw_rps" -v nr="$ng_rps" -v gp="$gw_p99" -v np="$ng_p99" 'BEGIN {
    r = gr / nr; p = (np > 0 ? gp / np : 0)
    printf "%-4s connections: rps gateway/nginx = %.2f (goal >= 0.50: %s)   p99 gateway/nginx = %.2f (goal <= 2.00: %s)",
      c, r, (r >= 0.5 ? "met" : "missed"), p, (p <= 2 ? "met" : "missed") }')")
done
echo
printf '%s\n' "${SUMMARY[@]}"
echo
echo "== rebuilding that leaderboard on a miss (goal < 20 ms) =="
echo "   full: new generation: structure + standings fetched, view built, all stored in Redis"
echo "   view: sources cached, view built and stored;  http: full, through the gateway (JSON, ETag, gzip)"
go test -count=1 -run '^$' -bench 'RebuildDivisionLeaderboard' -benchtime 30x ./public-svc/ 2>/dev/null |
  awk '/^BenchmarkRebuild/ { name = $1; sub(/^BenchmarkRebuildDivisionLeaderboard\//, "", name); sub(/-[0-9]+$/, "", name);
         printf "  %-5s median %7s ms   p90 %7s ms\n", name, $5, $7 }'

# Capacity figures for docs/operations.md: the same stack as one process per target, memory
# per target at rest and under load, and requests per second of one gateway core (the gateway
# pinned to CPU 0 with GOMAXPROCS=1, wrk on CPU 1).
echo
echo "== capacity: one process per target, gateway on one core =="
kill "$ALL_PID" && wait "$ALL_PID" 2>/dev/null || true
"$TMP/podium" keys >"$TMP/keys.pem"
export PODIUM_DEV_MODE=false
export PODIUM_METRICS_ADDR=127.0.0.1:0 # five processes: each its own metrics port
export PODIUM_JWT_PUBLIC_KEY="$(sed -n '/BEGIN PUBLIC KEY/,$p' "$TMP/keys.pem")"
export PODIUM_SERVICE_KEY="$("$TMP/podium" service-key)"
declare -A TARGET_PID
for target in auth competition results public; do
  addr_var="PODIUM_${target^^}_ADDR"
  if [ "$target" = auth ]; then
    PODIUM_JWT_PRIVATE_KEY="$(sed -n '1,/END PRIVATE KEY/p' "$TMP/keys.pem")" PODIUM_GRPC_LISTEN="${!addr_var}" \
      "$TMP/podium" "$target" >>"$TMP/podium.log" 2>&1 &
  else
    PODIUM_GRPC_LISTEN="${!addr_var}" "$TMP/podium" "$target" >>"$TMP/podium.log" 2>&1 &
  fi
  TARGET_PID[$target]=$!
  PIDS+=($!)
done
GOMAXPROCS=1 taskset -c 0 "$TMP/podium" gateway >>"$TMP/podium.log" 2>&1 &
TARGET_PID[gateway]=$!
PIDS+=($!)
wait_for "distributed podium" curl -sf "$GW/readyz"
curl -sf -o /dev/null "$URL_GW"
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
declare -A REST PEAK
for t in "${!TARGET_PID[@]}"; do REST[$t]=$(rss_mb "${TARGET_PID[$t]}"); PEAK[$t]=${REST[$t]}; done
taskset -c 1 wrk -t1 -c64 -d"$DURATION" --latency "$URL_GW" >"$TMP/wrk-core.txt" &
WRK_PID=$!
while kill -0 "$WRK_PID" 2>/dev/null; do
  for t in "${!TARGET_PID[@]}"; do
    now=$(rss_mb "${TARGET_PID[$t]}")
    PEAK[$t]=$(awk -v a="${PEAK[$t]}" -v b="$now" 'BEGIN { print (b > a ? b : a) }')
  done
  sleep 0.5
done
wait "$WRK_PID" || true
# Under load with a change every second: misses rebuilt while spectators read.
printf '%-12s %14s %16s\n' target 'RSS at rest MB' 'RSS under load MB'
for t in gateway public results competition auth; do printf '%-12s %14s %16s\n' "$t" "${REST[$t]}" "${PEAK[$t]}"; done
echo "one gateway core (GOMAXPROCS=1, hot leaderboard, 64 connections): $(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$TMP/wrk-core.txt") req/s, p99 $(awk '$1 == "99%" { print $2 }' "$TMP/wrk-core.txt")"

