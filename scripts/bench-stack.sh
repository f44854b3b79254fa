# Sourced by the benchmark scripts: starts a fresh `podium all` of its own (its own database,
# dropped at the end, its own redis-server, free loopback ports) and stops everything it started
# on exit. Set BENCH_NAME first; afterwards TMP, PIDS, ALL_PID, GW and ADMIN_DB_URL are set and
# need, free_port and wait_for are defined. The administrator is `bench`, its password in
# PODIUM_ADMIN_PASSWORD. Extra environment for podium: set it before sourcing.
ADMIN_DB_URL=${BENCH_ADMIN_DB_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}}

need() { # need <command> <debian package>
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "installing $2"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y -q "$2" >/dev/null || { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q "$2" >/dev/null; }
}
need redis-server redis-server
need psql postgresql-client
need curl curl

TMP=$(mktemp -d "/tmp/$BENCH_NAME.XXXXXX")
chmod 755 "$TMP"
PIDS=()
DB_NAME="podium_bench_$$_$RANDOM"
DB_CREATED=""
cleanup() {
  # Stop only what this script started, by pid, newest first.
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    kill "${PIDS[i]}" 2>/dev/null || true
    wait "${PIDS[i]}" 2>/dev/null || true
  done
  if [ -n "$DB_CREATED" ]; then
    psql -q "$ADMIN_DB_URL" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

free_port() { # a loopback port nothing listens on, below the ephemeral range (outgoing
  # connections, the streams benchmark's thousands among them, take theirs from there)
  local p low
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range)
  while :; do
    p=$((10000 + RANDOM % (low - 10000)))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}

wait_for() { # wait_for <what> <command…>
  local what=$1
  shift
  for _ in $(seq 1 200); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "$BENCH_NAME: $what did not come up" >&2
  [ -f "$TMP/podium.log" ] && tail -20 "$TMP/podium.log" >&2
  exit 1
}

echo "building podium"
go build -o "$TMP/podium" ./cmd/podium

# Redis: a server of our own, so nothing else's data or load is touched.
REDIS_PORT=$(free_port)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$TMP" >"$TMP/redis.log" 2>&1 &
PIDS+=($!)
wait_for redis-server redis-cli -p "$REDIS_PORT" ping

# PostgreSQL: a fresh database, dropped at the end.
psql -q "$ADMIN_DB_URL" -c "CREATE DATABASE $DB_NAME" >/dev/null
DB_CREATED=1
DB_URL=$(printf '%s' "$ADMIN_DB_URL" | sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\1/$DB_NAME#")

GW_PORT=$(free_port)
export PODIUM_DATABASE_URL="$DB_URL"
export PODIUM_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export PODIUM_HTTP_ADDR="127.0.0.1:$GW_PORT"
export PODIUM_AUTH_ADDR="127.0.0.1:$(free_port)"
export PODIUM_COMPETITION_ADDR="127.0.0.1:$(free_port)"
export PODIUM_RESULTS_ADDR="127.0.0.1:$(free_port)"
export PODIUM_PUBLIC_ADDR="127.0.0.1:$(free_port)"
export PODIUM_WEB_DIR=""
export PODIUM_METRICS_ADDR="127.0.0.1:$(free_port)"
export PODIUM_LOG_LEVEL=warn
export PODIUM_ADMIN_PASSWORD="bench-$RANDOM-$RANDOM-password"
"$TMP/podium" migrate >"$TMP/migrate.log" 2>&1 || { cat "$TMP/migrate.log" >&2; exit 1; }
"$TMP/podium" admin create --username bench >/dev/null
"$TMP/podium" all >"$TMP/podium.log" 2>&1 &
ALL_PID=$!
PIDS+=($ALL_PID)
GW="http://127.0.0.1:$GW_PORT"
wait_for "podium all" curl -sf "$GW/readyz"

