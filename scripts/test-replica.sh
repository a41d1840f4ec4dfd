#!/usr/bin/env bash
# A test primary and its streaming read replica on this machine, for the read-replica tests and figures
# (server/test/*.replica.pg.test.ts, docs/operations.md "Read replicas"): Debian's PostgreSQL binaries,
# their own ports and data folders under /tmp, run as the postgres user (PostgreSQL refuses root). The
# machine's main instance (5432) is never touched.
#
#   scripts/test-replica.sh start    # primary on 127.0.0.1:$REPLICA_TEST_PRIMARY_PORT (5442), replica on $REPLICA_TEST_REPLICA_PORT (5443)
#   scripts/test-replica.sh stop     # stops both and removes their folders
#   scripts/test-replica.sh stop-replica | start-replica   # the replica alone (tests of a replica going away)
#
# Both trust local connections as user postgres; database `test` exists on the primary (and so on the replica).
set -euo pipefail

PRIMARY_PORT="${REPLICA_TEST_PRIMARY_PORT:-5442}"
REPLICA_PORT="${REPLICA_TEST_REPLICA_PORT:-5443}"
ROOT="${REPLICA_TEST_DIR:-/tmp/verdant-replica-test}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
PRIMARY="$ROOT/primary"
REPLICA="$ROOT/replica"

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ready() { "$BIN/pg_isready" -h 127.0.0.1 -p "$1" -q; }

wait_ready() {
  for _ in $(seq 1 60); do ready "$1" && return 0; sleep 0.5; done
  echo "PostgreSQL on port $1 did not start; its log:" >&2
  cat "$2" >&2 || true
  return 1
}

start_replica() {
  if ready "$REPLICA_PORT"; then return 0; fi
  as_postgres "$BIN/pg_ctl" -D "$REPLICA" -l "$ROOT/replica.log" -o "-p $REPLICA_PORT -k $ROOT" -w start >/dev/null
  wait_ready "$REPLICA_PORT" "$ROOT/replica.log"
}

stop_replica() {
  if [ -f "$REPLICA/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl" -D "$REPLICA" -m fast -w stop >/dev/null || true; fi
}

start() {
  if ready "$PRIMARY_PORT" && ready "$REPLICA_PORT"; then
    echo "test primary on $PRIMARY_PORT and replica on $REPLICA_PORT already running"
    return 0
  fi
  stop
  mkdir -p "$ROOT"
  chown postgres:postgres "$ROOT" 2>/dev/null || true
  chmod 700 "$ROOT"
  as_postgres "$BIN/initdb" -D "$PRIMARY" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  cat >>"$PRIMARY/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$ROOT'
wal_level = replica
max_wal_senders = 5
hot_standby = on
hot_standby_feedback = on
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
EOF
  echo "host replication postgres 127.0.0.1/32 trust" >>"$PRIMARY/pg_hba.conf"
  as_postgres "$BIN/pg_ctl" -D "$PRIMARY" -l "$ROOT/primary.log" -o "-p $PRIMARY_PORT" -w start >/dev/null
  wait_ready "$PRIMARY_PORT" "$ROOT/primary.log"
  as_postgres "$BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -qAt -c "CREATE DATABASE test" >/dev/null
  # Counted statements per server (the tests read pg_stat_statements on each), and search's trigrams.
  as_postgres "$BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d test -qAt -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements; CREATE EXTENSION IF NOT EXISTS pg_trgm" >/dev/null
  # The replica: a base backup streamed from the primary, -R writes standby.signal and primary_conninfo.
  as_postgres "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$REPLICA" -R -X stream -c fast >/dev/null
  start_replica
  echo "test primary on 127.0.0.1:$PRIMARY_PORT, streaming replica on 127.0.0.1:$REPLICA_PORT (folders in $ROOT)"
}

stop() {
  stop_replica
  if [ -f "$PRIMARY/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl" -D "$PRIMARY" -m fast -w stop >/dev/null || true; fi
  rm -rf "$ROOT"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  start-replica) start_replica ;;
  stop-replica) stop_replica ;;
  *) echo "usage: $0 start|stop|start-replica|stop-replica" >&2; exit 2 ;;
esac
