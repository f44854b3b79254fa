#!/usr/bin/env bash
# bench-public: the hot public division leaderboard through the gateway against nginx serving
# the very same bytes as a static file, on the configuration `make run` ships:
# `podium all` with its default logging (info, text; to a file here), metrics on, tracing off.
#
# Seeds an event whose division has 100 teams and 8 workouts (every result published) through
# the API of a fresh stack (its own database, its own redis-server, free loopback ports), then
# measures GET /api/public/events/{id}/divisions/{d}/leaderboard against nginx's
# /leaderboard.json (sendfile; gzip_static on the gateway's own gzip bytes), identity and gzip:
#
#   one core:  podium all pinned to CPU 0 with GOMAXPROCS=1, nginx with one worker on CPU 0,
#              wrk -t1 on CPU 1                    goals: >= 0.6x nginx identity; >= 0.9x the bare
#                                                  net/http server below, identity and gzip;
#                                                  the shipped edge >= 0.8x nginx
#   two cores: nothing pinned, podium all with GOMAXPROCS=2, nginx with two workers, wrk -t2
#                                                  goal:  >= 0.5x nginx
#
# The ceiling: a bare net/http server (tests/bench/bare-public) answering the same bytes with
# the same headers and doing nothing else, run as the gateway is (pinned, GOMAXPROCS=1). What
# it reaches against nginx bounds what any change of the gateway's own work can reach.
#
# Each setting runs nginx, bare, gateway, nginx, bare, gateway, …, nginx: a round is one bare
# and one gateway run between two nginx runs, its ratios their req/s over the mean of those
# two. The load average is printed before each round; a round whose two nginx runs differ by
# more than 30 % (BENCH_NOISE) is too noisy and not counted. The ratio shown is the median of
# the rounds counted, with their spread. Beside req/s each run shows the server's CPU time
# per request (user + system of its processes over the run / requests answered): other work
# on the machine slows a server's req/s far more than it changes that cost, so on a loaded
# machine the ratio of CPU per request (nginx's over the gateway's: what their req/s ratio
# would be with a core each to themselves) is the steadier figure. A CPU profile of the pinned gateway under the same load
# (pprof on the metrics listener, PODIUM_PPROF) shows where a hot request's time goes. Then
# the time to rebuild that leaderboard on a miss, and memory per target.
# A benchmark, not a test: it never fails on a number.
#
# Knobs: BENCH_DURATION (5s), BENCH_CONNECTIONS (64), BENCH_ROUNDS (3), BENCH_NOISE (0.30),
#        BENCH_TEAMS (100), BENCH_WORKOUTS (8), BENCH_ADMIN_DB_URL (PostgreSQL maintenance URL).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${BENCH_DURATION:-5s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
# wrk connects from this machine's one address: lift the gateway's cap per client address.
export PODIUM_HTTP_MAX_CONNS_PER_ADDRESS=$((CONNECTIONS + 100))
ROUNDS=${BENCH_ROUNDS:-3}
NOISE=${BENCH_NOISE:-0.30}
TEAMS=${BENCH_TEAMS:-100}
WORKOUTS=${BENCH_WORKOUTS:-8}

BENCH_NAME=bench-public
# shellcheck source=scripts/bench-stack.sh
. scripts/bench-stack.sh
need wrk wrk
need nginx nginx-light
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
go build -o "$TMP/seed-public" ./tests/bench/seed-public
go build -o "$TMP/bare-public" ./tests/bench/bare-public
# bench-stack.sh quiets the log and serves no web app; the measured runs restart podium all as
# `make run` starts it.
unset PODIUM_LOG_LEVEL PODIUM_WEB_DIR

echo "seeding: 1 division, $TEAMS teams, $WORKOUTS workouts, every result published"
eval "$("$TMP/seed-public" -url "$GW" -username bench -teams "$TEAMS" -workouts "$WORKOUTS")"
URL_GW="$GW$PATH_LB"

# nginx serves the identical bytes as static files: the body, and the gateway's own gzip of it
# for gzip_static. One instance with one worker pinned to CPU 0, one with two workers.
mkdir -p "$TMP/www"
curl -sf -o "$TMP/www/leaderboard.json" "$URL_GW"
curl -sf -H 'Accept-Encoding: gzip' -o "$TMP/www/leaderboard.json.gz" "$URL_GW"
touch -r "$TMP/www/leaderboard.json" "$TMP/www/leaderboard.json.gz"
chmod -R a+rX "$TMP/www"
BYTES=$(wc -c <"$TMP/www/leaderboard.json")
BYTES_GZ=$(wc -c <"$TMP/www/leaderboard.json.gz")

start_nginx() { # start_nginx <name> <workers> [cpu]: sets NGX_URL[name]
  local name=$1 workers=$2 cpu=${3:-} port dir pin=()
  port=$(free_port)
  dir="$TMP/nginx-$name"
  mkdir -p "$dir/logs"
  cat >"$dir/nginx.conf" <<EOF
worker_processes $workers;
error_log $dir/logs/error.log warn;
pid $dir/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  gzip off;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  types { application/json json; }
  default_type application/json;
  server {
    listen 127.0.0.1:$port;
    root $TMP/www;
    location / { add_header Cache-Control "public, max-age=5, stale-while-revalidate=30"; }
  }
}
EOF
  [ -n "$cpu" ] && pin=(taskset -c "$cpu")
  "${pin[@]}" "$NGINX" -c "$dir/nginx.conf" -p "$dir" -g 'daemon off;' 2>"$dir/logs/stderr.log" &
  PIDS+=($!)
  NGX_URL[$name]="http://127.0.0.1:$port/leaderboard.json"
  wait_for "nginx ($name)" curl -sf -o /dev/null "${NGX_URL[$name]}"
  NGX_PIDS[$name]=$(pgrep -P "$(cat "$dir/nginx.pid")" | tr '\n' ' ') # its workers
}
declare -A NGX_URL NGX_PIDS
start_nginx one-core 1 0
start_nginx two-cores 2

# podium all as `make run` starts it; for one core pinned to CPU 0 with GOMAXPROCS=1.
restart_podium() { # restart_podium one-core|two-cores
  kill "$ALL_PID" 2>/dev/null && wait "$ALL_PID" 2>/dev/null || true
  if [ "$1" = one-core ]; then
    GOMAXPROCS=1 PODIUM_PPROF=true taskset -c 0 "$TMP/podium" all >>"$TMP/podium.log" 2>&1 &
  else
    GOMAXPROCS=2 "$TMP/podium" all >>"$TMP/podium.log" 2>&1 &
  fi
  ALL_PID=$!
  PIDS+=($ALL_PID)
  wait_for "podium all ($1)" curl -sf "$GW/readyz"
  restart_bare "$1"
}

# The ceiling, run as podium all is for the setting.
BARE_PORT=$(free_port)
URL_BARE="http://127.0.0.1:$BARE_PORT$PATH_LB"
restart_bare() { # restart_bare one-core|two-cores
  [ -n "${BARE_PID:-}" ] && { kill "$BARE_PID" 2>/dev/null && wait "$BARE_PID" 2>/dev/null || true; }
  local pin=() procs=2
  [ "$1" = one-core ] && pin=(taskset -c 0) procs=1
  GOMAXPROCS=$procs "${pin[@]}" "$TMP/bare-public" -addr "127.0.0.1:$BARE_PORT" \
    -body "$TMP/www/leaderboard.json" -gz "$TMP/www/leaderboard.json.gz" &
  BARE_PID=$!
  PIDS+=($BARE_PID)
  wait_for "bare-public ($1)" curl -sf -o /dev/null "$URL_BARE"
}

same_bytes() { # same_bytes <url>: its identity and gzip answers are the files nginx serves
  cmp -s "$TMP/www/leaderboard.json" <(curl -sf "$1") &&
    cmp -s "$TMP/www/leaderboard.json.gz" <(curl -sf -H 'Accept-Encoding: gzip' "$1")
}

to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }
cpu_ticks() { # cpu_ticks <pid…>: user + system clock ticks of the processes so far
  local t=0 pid
  for pid in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$pid/stat"))); done
  echo "$t"
}
TICK_US=$((1000000 / $(getconf CLK_TCK)))
run_wrk() { # run_wrk <url> <identity|gzip> <threads> <cpu or ""> <server pid…> → "rps p99_ms cpu_us_per_request"
  local url=$1 enc=$2 threads=$3 cpu=$4 out rps p99 reqs t0 t1 pin=() hdr=()
  shift 4
  [ -n "$cpu" ] && pin=(taskset -c "$cpu")
  [ "$enc" = gzip ] && hdr=(-H 'Accept-Encoding: gzip')
  t0=$(cpu_ticks "$@")
  out=$("${pin[@]}" wrk -t"$threads" -c"$CONNECTIONS" -d"$DURATION" --latency "${hdr[@]}" "$url")
  t1=$(cpu_ticks "$@")
  if echo "$out" | grep -qE 'Non-2xx|Socket errors'; then
    echo "bench-public: errors from $url: $(echo "$out" | grep -E 'Non-2xx|Socket errors')" >&2
  fi
  rps=$(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')
  p99=$(echo "$out" | awk '$1 == "99%" { print $2 }')
  reqs=$(echo "$out" | awk '/ requests in / { print $1 }')
  echo "$rps $(to_ms "$p99") $(awk -v t=$((t1 - t0)) -v us="$TICK_US" -v n="$reqs" 'BEGIN { printf "%.1f", (n > 0 ? t * us / n : 0) }')"
}

median() { # median <goal or ""> <value…>: "median (spread lo-hi, n of ROUNDS rounds counted[; goal …])"
  local goal=$1
  shift
  printf '%s\n' "$@" | awk NF | sort -g | awk -v goal="$goal" -v noisy="$NOISY" -v rounds="$ROUNDS" '
    { v[NR] = $1 }
    END {
      if (NR == 0) { printf "no round quiet enough to count (%d of %d too noisy)", noisy, rounds; exit }
      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%.2f (spread %.2f-%.2f, %d of %d rounds counted", m, v[1], v[NR], NR, rounds
      if (goal != "") printf "; goal >= %.1f: %s", goal, (m >= goal ? "met" : "missed")
      printf ")" }'
}

SUMMARY=()
# measure <setting> <identity|gzip> <nginx name> <wrk threads> <wrk cpu or ""> <goal vs nginx or ""> [goal vs bare net/http]
measure() {
  local setting=$1 enc=$2 url_ngx=${NGX_URL[$3]} ngx_pids=${NGX_PIDS[$3]} threads=$4 cpu=$5 goal=$6 bare_goal=${7:-} bytes=$BYTES
  [ "$enc" = gzip ] && bytes=$BYTES_GZ
  echo
  echo "-- $setting, $enc ($bytes bytes per answer), wrk -t$threads -c$CONNECTIONS -d$DURATION${cpu:+ on CPU $cpu}; cells: req/s @ p99 ms [server CPU µs per request] --"
  printf '%-5s %-16s %25s %25s %25s %25s %11s %11s\n' round 'load 1/5/15 min' 'nginx before' 'bare net/http' 'gateway' 'nginx after' 'gw/nginx' 'bare/nginx'
  local n_prev n_p99 n_cpu b b_p99 b_cpu g g_p99 g_cpu n_next n2_p99 n2_cpu i load ratio bratio cratio gbratio state diff
  local ratios=() bratios=() cratios=() gbratios=() gbrps=()
  NOISY=0
  # shellcheck disable=SC2086 # the nginx workers' pids, one word each
  read -r n_prev n_p99 n_cpu <<<"$(run_wrk "$url_ngx" "$enc" "$threads" "$cpu" $ngx_pids)"
  for i in $(seq 1 "$ROUNDS"); do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    read -r b b_p99 b_cpu <<<"$(run_wrk "$URL_BARE" "$enc" "$threads" "$cpu" "$BARE_PID")"
    read -r g g_p99 g_cpu <<<"$(run_wrk "$URL_GW" "$enc" "$threads" "$cpu" "$ALL_PID")"
    # shellcheck disable=SC2086
    read -r n_next n2_p99 n2_cpu <<<"$(run_wrk "$url_ngx" "$enc" "$threads" "$cpu" $ngx_pids)"
    read -r ratio bratio cratio gbratio state diff <<<"$(awk -v a="$n_prev" -v b="$n_next" -v g="$g" -v bare="$b" \
      -v ca="$n_cpu" -v cb="$n2_cpu" -v cg="$g_cpu" -v cbare="$b_cpu" -v noise="$NOISE" 'BEGIN {
      lo = (a < b ? a : b); hi = (a < b ? b : a); d = (lo > 0 ? hi / lo - 1 : 1)
      printf "%.2f %.2f %.2f %.2f %s %.0f", (a + b > 0 ? 2 * g / (a + b) : 0), (a + b > 0 ? 2 * bare / (a + b) : 0),
        (cg > 0 ? (ca + cb) / 2 / cg : 0), (cg > 0 ? cbare / cg : 0), (d > noise ? "noisy" : "ok"), 100 * d }')"
    printf '%-5s %-16s %9.0f @ %5.2f [%5.1f] %9.0f @ %5.2f [%5.1f] %9.0f @ %5.2f [%5.1f] %9.0f @ %5.2f [%5.1f] %11s %11s' \
      "$i" "$load" "$n_prev" "$n_p99" "$n_cpu" "$b" "$b_p99" "$b_cpu" "$g" "$g_p99" "$g_cpu" "$n_next" "$n2_p99" "$n2_cpu" "$ratio" "$bratio"
    if [ "$state" = noisy ]; then
      printf '  too noisy: the nginx runs differ by %s %%, not counted\n' "$diff"
      NOISY=$((NOISY + 1))
    else
      printf '\n'
      ratios+=("$ratio") bratios+=("$bratio")
      gbrps+=("$(awk -v g="$g" -v b="$b" 'BEGIN { printf "%.2f", (b > 0 ? g / b : 0) }')")
    fi
    # CPU per request moves little with the load: every round counts.
    cratios+=("$cratio") gbratios+=("$gbratio")
    n_prev=$n_next n_p99=$n2_p99 n_cpu=$n2_cpu
  done
  local line bline cline gbline gbrline
  line=$(median "$goal" "${ratios[@]}")
  gbrline=$(median "$bare_goal" "${gbrps[@]}")
  bline=$(median "" "${bratios[@]}")
  cline=$(NOISY=0 median "$goal" "${cratios[@]}")
  gbline=$(NOISY=0 median "" "${gbratios[@]}")
  echo "   gateway/nginx req/s:                     $line"
  echo "   bare net/http/nginx req/s (the ceiling): $bline"
  echo "   gateway/bare net/http req/s:             $gbrline"
  echo "   nginx/gateway CPU per request:           $cline"
  echo "   bare/gateway CPU per request:            $gbline"
  SUMMARY+=("$(printf '%-10s %-9s req/s %s\n%-20s ceiling %s\n%-20s gateway/bare %s\n%-20s CPU/request %s' "$setting" "$enc" "$line" "" "$bline" "" "$gbrline" "" "$cline")")
}

echo
echo "== public division leaderboard: $TEAMS teams x $WORKOUTS workouts, $BYTES bytes of JSON ($BYTES_GZ gzipped), $(nproc) CPUs =="
echo "   podium all as make run ships it (log level info); $ROUNDS round(s) per setting, each a bare net/http and a gateway run between two nginx runs"
restart_podium one-core
for u in "$URL_GW" "$URL_BARE" "${NGX_URL[one-core]}" "${NGX_URL[two-cores]}"; do
  same_bytes "$u" || { echo "bench-public: $u does not serve the same bytes (identity and gzip)" >&2; exit 1; }
done
LOG_START=$(wc -c <"$TMP/podium.log")
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d2s "$URL_GW" >/dev/null # warm up
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d2s "$URL_BARE" >/dev/null
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d2s "${NGX_URL[one-core]}" >/dev/null
measure "one core" identity one-core 1 1 0.6 0.9
measure "one core" gzip one-core 1 1 "" 0.9

# The shipped edge (k8s/components/edge, run from its template as the edge tests run it) in
# front of the pinned gateway, against nginx serving the same bytes as a file: one worker each
# on CPU 0, wrk on CPU 1, alternating nginx, edge, nginx, … (goal: the edge >= 0.8x).
measure_edge() { # measure_edge <identity|gzip>
  local enc=$1 n_prev n_next e p99 cpu i load ratio ratios=() state
  echo
  echo "-- one core, $enc: the edge (nginx proxy_cache) vs nginx serving the file; cells: req/s @ p99 ms --"
  printf '%-5s %-16s %18s %18s %18s %10s\n' round 'load 1/5/15 min' 'nginx before' 'edge' 'nginx after' 'edge/nginx'
  NOISY=0
  # shellcheck disable=SC2086
  read -r n_prev p99 cpu <<<"$(run_wrk "${NGX_URL[one-core]}" "$enc" 1 1 ${NGX_PIDS[one-core]})"
  for i in $(seq 1 "$ROUNDS"); do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    # shellcheck disable=SC2086
    read -r e p99 cpu <<<"$(run_wrk "$URL_EDGE" "$enc" 1 1 $EDGE_PIDS)"
    local e_p99=$p99
    # shellcheck disable=SC2086
    read -r n_next p99 cpu <<<"$(run_wrk "${NGX_URL[one-core]}" "$enc" 1 1 ${NGX_PIDS[one-core]})"
    read -r ratio state <<<"$(awk -v a="$n_prev" -v b="$n_next" -v e="$e" -v noise="$NOISE" 'BEGIN {
      lo = (a < b ? a : b); hi = (a < b ? b : a); d = (lo > 0 ? hi / lo - 1 : 1)
      printf "%.2f %s", (a + b > 0 ? 2 * e / (a + b) : 0), (d > noise ? "noisy" : "ok") }')"
    printf '%-5s %-16s %18.0f %11.0f @ %4.2f %18.0f %10s' "$i" "$load" "$n_prev" "$e" "$e_p99" "$n_next" "$ratio"
    if [ "$state" = noisy ]; then printf '  too noisy, not counted\n'; NOISY=$((NOISY + 1)); else printf '\n'; ratios+=("$ratio"); fi
    n_prev=$n_next
  done
  local line
  line=$(median 0.8 "${ratios[@]}")
  echo "   edge/nginx req/s: $line"
  SUMMARY+=("$(printf '%-10s %-9s edge/nginx req/s %s' "one core" "$enc" "$line")")
}
go build -o "$TMP/run-edge" ./tests/bench/run-edge
EDGE_PORT=$(free_port)
mkdir -p "$TMP/edge"
taskset -c 0 "$TMP/run-edge" -dir "$TMP/edge" -listen "127.0.0.1:$EDGE_PORT" -upstream "${GW#http://}" -workers 1 2>"$TMP/edge.log" &
PIDS+=($!)
URL_EDGE="http://127.0.0.1:$EDGE_PORT$PATH_LB"
wait_for "the edge" curl -sf -o /dev/null "$URL_EDGE"
same_bytes "$URL_EDGE" || { echo "bench-public: the edge does not serve the same bytes (identity and gzip)" >&2; exit 1; }
# Its workers only: the cache loader is a child too, and it ends once it has read the cache.
EDGE_PIDS=$(pgrep -P "$(cat "$TMP/edge/nginx.pid")" -f 'worker process' | tr '\n' ' ')
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d2s "$URL_EDGE" >/dev/null # warm up
measure_edge identity
measure_edge gzip

echo
echo "-- where the pinned gateway's time goes: CPU profile of podium all under wrk (identity) --"
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$URL_GW" >/dev/null &
WRK_PID=$!
if curl -sf -o "$TMP/cpu.pprof" "http://$PODIUM_METRICS_ADDR/debug/pprof/profile?seconds=$(( ${DURATION%s} > 2 ? ${DURATION%s} - 1 : 1 ))"; then
  go tool pprof -top -nodecount=25 "$TMP/podium" "$TMP/cpu.pprof" 2>/dev/null | sed -n '/^Showing nodes/,$p'
else
  echo "   (no profile: the metrics listener has no /debug/pprof/)"
fi
wait "$WRK_PID" || true

restart_podium two-cores
wrk -t2 -c"$CONNECTIONS" -d2s "$URL_GW" >/dev/null # warm up
measure "two cores" identity two-cores 2 "" 0.5
measure "two cores" gzip two-cores 2 "" 0.5

echo
echo "== gateway/nginx: median of the rounds counted (req/s), of every round (CPU per request); ceiling: bare net/http/nginx req/s =="
printf '%s\n' "${SUMMARY[@]}"
LOG_BYTES=$(($(wc -c <"$TMP/podium.log") - LOG_START))
echo "podium all logged $LOG_BYTES bytes ($(tail -c "$LOG_BYTES" "$TMP/podium.log" | wc -l) lines) during these runs; the last hit summary:"
tail -c "$LOG_BYTES" "$TMP/podium.log" | grep 'public cache hits' | tail -1 | cut -c1-200 || true

echo "== rebuilding that leaderboard on a miss (goal < 20 ms) =="
echo "   full: new generation: structure, heats and standings fetched, view built, all stored in Redis"
echo "   view: sources cached, view built and stored;  http: full, through the gateway (JSON, ETag, gzip)"
# A failing benchmark says why before the script stops (its log lines are noise otherwise).
if ! REBUILD=$(go test -count=1 -run '^$' -bench 'RebuildDivisionLeaderboard' -benchtime 30x -benchmem ./public-svc/ 2>&1); then
  echo "   the rebuild benchmark failed:"
  grep -E -- '--- FAIL|_test\.go:' <<<"$REBUILD" || tail -20 <<<"$REBUILD"
  exit 1
fi
awk '/^BenchmarkRebuild/ { name = $1; sub(/^BenchmarkRebuildDivisionLeaderboard\//, "", name); sub(/-[0-9]+$/, "", name);
       printf "  %-5s median %7s ms   p90 %7s ms   %s allocs, %s B per rebuild (the whole process)\n", name, $5, $7, $(NF - 1), $(NF - 3) }' <<<"$REBUILD"

# Capacity figures for docs/operations.md: the same stack as one process per target, memory
# per target at rest and under load, and requests per second of the gateway alone on one core
# (pinned to CPU 0 with GOMAXPROCS=1, wrk on CPU 1).
echo
echo "== capacity: one process per target, gateway on one core =="
kill "$ALL_PID" && wait "$ALL_PID" 2>/dev/null || true
kill "$BARE_PID" && wait "$BARE_PID" 2>/dev/null || true
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
# Peak memory while wrk drives the hot leaderboard.
printf '%-12s %14s %16s\n' target 'RSS at rest MB' 'RSS under load MB'
for t in gateway public results competition auth; do printf '%-12s %14s %16s\n' "$t" "${REST[$t]}" "${PEAK[$t]}"; done
echo "the gateway alone on one core (GOMAXPROCS=1, hot leaderboard, 64 connections): $(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$TMP/wrk-core.txt") req/s, p99 $(awk '$1 == "99%" { print $2 }' "$TMP/wrk-core.txt")"

