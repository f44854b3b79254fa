#!/usr/bin/env bash
# Starts the local PostgreSQL and Redis when they are not answering (Debian packages). On a
# Debian machine run as root it installs them first when they are missing (postgresql,
# redis-server), and lets a freshly installed PostgreSQL trust connections from this machine
# (what Podium's default PODIUM_DATABASE_URL expects); elsewhere it says in one line what to
# install. PODIUM_SERVICES_PG_PORT and PODIUM_SERVICES_REDIS_PORT move the ports it checks
# (its test; the servers keep their own).
set -euo pipefail

PG_PORT=${PODIUM_SERVICES_PG_PORT:-5432}
REDIS_PORT=${PODIUM_SERVICES_REDIS_PORT:-6379}

have() { command -v "$1" >/dev/null 2>&1; }
pg_running() { have pg_isready && pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; }
redis_running() { have redis-cli && redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; }
pg_cluster() { ls /etc/postgresql 2>/dev/null | head -n1; }
pg_installed() { have pg_ctlcluster && have pg_isready && [ -n "$(pg_cluster)" ]; }
redis_installed() { have redis-server && have redis-cli; }
can_install() { [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && have apt-get; }

missing=()
pg_running || pg_installed || missing+=(postgresql)
redis_running || redis_installed || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  if ! can_install; then
    echo "services.sh: Podium needs PostgreSQL on 127.0.0.1:$PG_PORT and Redis on 127.0.0.1:$REDIS_PORT; install ${missing[*]} (Debian: sudo apt-get install ${missing[*]}), then run make again" >&2
    exit 1
  fi
  echo "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    # A fresh cluster asks for passwords over TCP; Podium's local default connects as postgres
    # without one, as on the machines it is developed on.
    hba="/etc/postgresql/$(pg_cluster)/main/pg_hba.conf"
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
fi

if ! pg_running; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(pg_cluster)" main start
  for _ in $(seq 1 30); do pg_running && break; sleep 1; done
elif [[ " ${missing[*]} " == *" postgresql "* ]]; then
  pg_ctlcluster --skip-systemctl-redirect "$(pg_cluster)" main reload # the package started it before the trust lines
fi
if ! redis_running; then
  echo "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no
  for _ in $(seq 1 30); do redis_running && break; sleep 1; done
fi
pg_running || { echo "services.sh: PostgreSQL did not start on 127.0.0.1:$PG_PORT" >&2; exit 1; }
redis_running || { echo "services.sh: Redis did not start on 127.0.0.1:$REDIS_PORT" >&2; exit 1; }
