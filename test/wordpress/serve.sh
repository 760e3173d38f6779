#!/usr/bin/env bash
# A throwaway WordPress for the tests, from Debian's packages: MariaDB with its own data directory (socket
# only, no TCP port), a copy of /usr/share/wordpress with our wp-config.php, the project's plugins copied in
# (never linked: WordPress's upgrader deletes the folder it replaces), a site installed by install.php, and
# `php -S` on 127.0.0.1. Stays in the foreground until stopped (TERM/INT), then removes everything.
#
#   WP_PORT=18701 STORE_URL=http://127.0.0.1:18700 LICENSING_SIGNING_KEY=<hex> [WP_WORK_DIR=<dir>] bash test/wordpress/serve.sh
#
# Needs: wordpress wordpress-theme-twentytwentythree php-cli php-mysql php-curl php-zip mariadb-server
# (.ci/run installs them). Run as root (MariaDB's files belong to the mysql user).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)
port=${WP_PORT:-18701}
store=${STORE_URL:-http://127.0.0.1:18700}
: "${LICENSING_SIGNING_KEY:?is the reference server signing key, 64 hex digits}"
# WP_WORK_DIR: where everything goes (the tests read the site's files there); emptied first.
if [ -n "${WP_WORK_DIR:-}" ]; then
  work=$WP_WORK_DIR
  rm -rf "$work" && mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/vendor-wordpress.XXXXXX")
fi
db_pid=''
php_pid=''

stop() {
  # php -S with workers: the workers are the server's children, and outlive it unless told.
  if [ -n "$php_pid" ]; then pkill -TERM -P "$php_pid" 2>/dev/null || true; kill "$php_pid" 2>/dev/null || true; fi
  if [ -n "$db_pid" ]; then kill "$db_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 0' TERM INT

# MariaDB: its own data directory, listening on a socket in it only (the mysql user must reach it).
chmod 755 "$work"
mkdir "$work/db"
chown mysql:mysql "$work/db"
mariadb-install-db --user=mysql --datadir="$work/db" --auth-root-authentication-method=socket >"$work/db-install.log" 2>&1 ||
  { cat "$work/db-install.log" >&2; exit 1; }
mariadbd --user=mysql --datadir="$work/db" --socket="$work/db/sock" --skip-networking \
  --pid-file="$work/db/pid" --log-error="$work/db/error.log" &
db_pid=$!
for _ in $(seq 1 300); do
  [ -S "$work/db/sock" ] && mariadb --socket="$work/db/sock" -e 'select 1' >/dev/null 2>&1 && break
  sleep 0.1
done
db_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
mariadb --socket="$work/db/sock" -e "CREATE DATABASE wordpress;
  CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '$db_password';
  GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';"

# WordPress: Debian's files (its wp-config.php reads /etc/wordpress: replaced by ours).
cp -rL /usr/share/wordpress "$work/site"
rm -f "$work/site/wp-config.php"
mkdir -p "$work/site/wp-content/plugins" "$work/site/wp-content/mu-plugins" "$work/site/wp-content/uploads"
cp -rL "$project/wordpress/vendor-portal" "$project/wordpress/example-plugin" "$work/site/wp-content/plugins/"
cp "$here/loopback-store.php" "$work/site/wp-content/mu-plugins/"
DB_SOCKET="$work/db/sock" DB_PASSWORD="$db_password" SITE_URL="http://127.0.0.1:$port" STORE_URL="$store" \
  LICENSING_SIGNING_KEY="$LICENSING_SIGNING_KEY" \
  php "$here/write-config.php" >"$work/site/wp-config.php"
STORE_URL="$store" php "$here/install.php" "$work/site"

# Several workers: WordPress calls itself (WP-Cron, the upgrader's loopback checks).
echo "WordPress on http://127.0.0.1:$port (files in $work/site)"
PHP_CLI_SERVER_WORKERS=4 php -S "127.0.0.1:$port" -t "$work/site" >"$work/php.log" 2>&1 &
php_pid=$!
wait "$php_pid"
