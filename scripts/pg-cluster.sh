#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `start DIR [WATCH_PID]` creates it in DIR (which must not
# exist), listening on a socket in DIR and on a free loopback port, and prints `socket port`; it stops by
# itself when WATCH_PID ends. `replica PRIMARY_DIR DIR PRIMARY_PORT [WATCH_PID]` starts a hot standby streaming from the
# primary. `stop DIR` stops a cluster. Roles: `admin` (superuser, trusted on the socket) and `arbor`
# (password `secret`, may read the tables of database `arbor`).
set -euo pipefail
command="$1"; dir="$2"
bin="$(pg_config --bindir 2>/dev/null || true)"
[ -x "$bin/initdb" ] || bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "pg-cluster: no PostgreSQL server found (apt-get install postgresql)" >&2; exit 1; }
# The server refuses to run as root: it runs as postgres (or nobody) when the tests run as root.
run() {
  if [ "$(id -u)" = 0 ]; then
    local user=postgres; id "$user" >/dev/null 2>&1 || user=nobody
    setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups --reset-env -- env PATH="$PATH" "$@"
  else "$@"; fi
}
own() { if [ "$(id -u)" = 0 ]; then local user=postgres; id "$user" >/dev/null 2>&1 || user=nobody; chown -R "$user" "$1"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
watch() {  # stops the cluster when the process that asked for it ends
  local pid="$1"
  [ -n "$pid" ] || return 0
  ( trap '' HUP; while kill -0 "$pid" 2>/dev/null; do sleep 1; done; run "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1; rm -rf "$dir" ) \
    </dev/null >/dev/null 2>&1 &
}
start_server() {
  local port="$1"
  run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null
}
case "$command" in
  start)
    mkdir -p "$dir"; chmod 755 "$dir"; own "$dir"
    run "$bin/initdb" -D "$dir/data" -U admin --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
    port="$(free_port)"
    start_server "$port"
    psql() { "$bin/psql" -h "$dir" -p "$port" -U admin -v ON_ERROR_STOP=1 -q "$@"; }
    psql -d postgres -c "CREATE ROLE arbor LOGIN PASSWORD 'secret'" -c "CREATE DATABASE arbor OWNER admin"
    psql -d arbor -c "GRANT USAGE ON SCHEMA public TO arbor" \
      -c "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO arbor" -c "CREATE EXTENSION IF NOT EXISTS ltree"
    watch "${3:-}"
    echo "$dir $port"
    ;;
  replica)
    primary="$dir"; dir="$3"
    mkdir -p "$dir"; chmod 755 "$dir"; own "$dir"
    run "$bin/pg_basebackup" -h "$primary" -p "$4" -U admin -D "$dir/data" -R -X stream -c fast >/dev/null
    port="$(free_port)"
    start_server "$port"
    watch "${5:-}"
    echo "$dir $port"
    ;;
  stop)
    run "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: pg-cluster.sh start DIR [PID] | replica PRIMARY_DIR DIR PRIMARY_PORT [PID] | stop DIR" >&2; exit 2 ;;
esac
