#!/usr/bin/env bash
# What the server and browser tests need from Debian: PostgreSQL and Chromium.
#   scripts/test-services.sh start   install what is missing, start a PostgreSQL cluster, create
#                                    the test role and database, print the database URL
#   scripts/test-services.sh stop    stop the cluster again if `start` was the one to start it
set -euo pipefail

ROLE=towpath_test
DATABASE=towpath_test
PASSWORD=towpath_test
MARK="$(dirname "$0")/../.venv/.postgres-started-by-tests"

log() { echo "test-services: $*" >&2; }

as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

install_missing() {
    local wanted=()
    command -v pg_ctlcluster >/dev/null 2>&1 || wanted+=(postgresql)
    [ -x /usr/bin/chromium ] || wanted+=(chromium)
    [ ${#wanted[@]} -eq 0 ] && return
    log "installing ${wanted[*]} from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends "${wanted[@]}" >&2
}

cluster() {  # "version name port status" of the first cluster
    pg_lsclusters --no-header 2>/dev/null | head -n 1 | awk '{print $1, $2, $3, $4}'
}

start() {
    install_missing
    if [ -z "$(cluster)" ]; then
        local version
        version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
        log "creating PostgreSQL cluster $version/main"
        pg_createcluster "$version" main >&2
    fi
    read -r version name port status <<<"$(cluster)"
    if [ "$status" != online ]; then
        log "starting PostgreSQL $version/$name on port $port"
        pg_ctlcluster "$version" "$name" start >&2
        touch "$MARK"
    fi
    as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 >/dev/null <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN
    CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
  END IF;
END \$\$;
ALTER ROLE $ROLE CREATEDB;
SQL
    if ! as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'" | grep -q 1; then
        as_postgres createdb -p "$port" -O "$ROLE" "$DATABASE"
    fi
    echo "postgresql://$ROLE:$PASSWORD@127.0.0.1:$port/$DATABASE"
}

stop() {
    [ -f "$MARK" ] || return 0
    read -r version name _port _status <<<"$(cluster)"
    log "stopping PostgreSQL $version/$name"
    pg_ctlcluster "$version" "$name" stop >&2 || true
    rm -f "$MARK"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
