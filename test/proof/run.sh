#!/usr/bin/env bash
# `npm run proof` (issue #16): the proof suite at full scale. The vitest proof files (load, scale-out,
# faults, route inventory, access matrix, fuzzing, billing at scale) and the Playwright proof specs (token safety, headers),
# then one line per figure from reports/proof/*.json. Exits non-zero when anything failed.
#
# With DATABASE_URL unset and PostgreSQL installed, it starts a throwaway cluster of its own on
# 127.0.0.1 (port 54401, removed on exit), as .ci/run does, so the PostgreSQL proofs run too.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PROOF_SCALE="${PROOF_SCALE:-full}"
rm -rf reports/proof && mkdir -p reports/proof

pg_dir=""
stop_pg() {
  if [ -n "$pg_dir" ]; then
    as_postgres "$pg_bin/pg_ctl -D $pg_dir/data -m fast stop" >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
}
trap stop_pg EXIT
# PostgreSQL will not run as root: as root, as the postgres system user.
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else bash -c "$1"; fi; }

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "${DATABASE_URL:-}" ] && [ -n "$pg_bin" ]; then
  pg_port=54401
  pg_dir=$(mktemp -d)
  [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
  as_postgres "$pg_bin/initdb -A trust -U postgres -D $pg_dir/data" >/dev/null
  as_postgres "$pg_bin/pg_ctl -D $pg_dir/data -l $pg_dir/log -o '-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1' -w start" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  echo "proof: throwaway PostgreSQL on 127.0.0.1:$pg_port"
elif [ -z "${DATABASE_URL:-}" ]; then
  echo "proof: no DATABASE_URL and no PostgreSQL installed: the PostgreSQL proofs are skipped"
fi

# Time limits that keep the whole run under 10 minutes; running out is a failure that says so.
vitest_limit=480
playwright_limit=300
failed=0
timeout "$vitest_limit" npx vitest run -c vitest.proof.config.ts
status=$?
[ "$status" -eq 124 ] && echo "proof: the vitest proofs did not finish within $vitest_limit s"
[ "$status" -eq 0 ] || failed=1
proof_specs=$(ls test/e2e/proof-*.spec.ts 2>/dev/null || true)
if [ -n "$proof_specs" ]; then
  # The browser proofs run on the embedded database like the other end-to-end tests, on a port of ours.
  # The test server's request log is left out: the figures and the verdicts are what this run shows.
  E2E_PORT=18600 timeout "$playwright_limit" env -u DATABASE_URL npx playwright test --reporter=list $proof_specs \
    | grep -v '^\[WebServer\]'
  status=${PIPESTATUS[0]}
  [ "$status" -eq 124 ] && echo "proof: the browser proofs did not finish within $playwright_limit s"
  [ "$status" -eq 0 ] || failed=1
fi

echo
echo "proof figures ($PROOF_SCALE scale):"
node -e '
const { readdirSync, readFileSync } = require("node:fs");
for (const file of readdirSync("reports/proof").filter((name) => name.endsWith(".json")).sort()) {
  const { name, figures } = JSON.parse(readFileSync(`reports/proof/${file}`, "utf8"));
  console.log(`  ${name}: ${Object.entries(figures).map(([key, value]) => `${key}=${value}`).join(" ")}`);
}'
if [ "$failed" -ne 0 ]; then echo "proof: FAILED"; else echo "proof: passed"; fi
exit "$failed"
