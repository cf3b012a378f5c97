#!/bin/sh
# The official postgres image's contract, in busybox sh: a new data directory is initialised as
# POSTGRES_USER with POSTGRES_PASSWORD (scram-sha-256, from any host), POSTGRES_DB created; then
# the arguments ("postgres -c name=value ...") run as the server, as PID 1.
set -e
as_postgres() {
  # busybox su -c would swallow a "-c name=value" argument: pass the command as $0 "$@".
  su -p -s /bin/sh -c 'exec "$0" "$@"' -- postgres "$@"
}
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  umask 077
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  chown postgres /tmp/pwfile
  as_postgres initdb -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile -A scram-sha-256 \
    -E UTF-8 --locale=C >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  # A first server on the socket only, as the official image starts one (clients wait for its
  # "ready" line, then the real one's).
  as_postgres pg_ctl -D "$PGDATA" -w -o "-c listen_addresses='' -k /var/run/postgresql" start
  as_postgres pg_ctl -D "$PGDATA" -w -m fast stop
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\"" | as_postgres postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
if [ "$1" = postgres ]; then
  exec su -p -s /bin/sh -c 'exec "$0" "$@"' -- postgres "$@"
fi
exec "$@"
