import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { BillingSummary } from '../server/billing/run';
import { runBilling } from '../server/billing/run';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { consoleLogger } from '../server/logger';
import { createMailer } from '../server/mail/mailer';
import { cardGatewaysFromEnv } from '../server/payments/cards/select';

/**
 * `npm run billing -- [--as-of <ISO time>]`: runs the renewals, instalments, retries and expiries due
 * as of that time (default now) and prints what it did. Running it again as of the same time does
 * nothing more. On PostgreSQL (`DATABASE_URL`) it runs here, beside any servers. On the embedded
 * database the running server owns the data directory, so it asks that server on loopback
 * (`PORT`, default 8080) with the operator's vendor key from `VENDOR_API_KEY`.
 */

const usage = 'usage: npm run billing -- [--as-of <ISO date and time>]';

export function parseBillingArgs(argv: readonly string[]): { asOf: Date | null } {
  const { values } = parseArgs({ args: [...argv], options: { 'as-of': { type: 'string' } } });
  const raw = values['as-of'];
  if (raw === undefined) return { asOf: null };
  const asOf = new Date(raw);
  if (Number.isNaN(asOf.getTime())) throw new Error(`--as-of: "${raw}" is not a date and time.\n${usage}`);
  return { asOf };
}

async function runHere(databaseUrl: string, asOf: Date): Promise<BillingSummary> {
  const config = loadConfig();
  if (config.nodeEnv === 'production' && asOf.getTime() > Date.now()) {
    throw new Error('Billing cannot run as of a future time in production.');
  }
  const handle = await openDatabase({ databaseUrl });
  try {
    const origin = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
    const deps = {
      db: handle.db,
      mailer: createMailer(config, handle.db),
      logger: consoleLogger,
      cards: cardGatewaysFromEnv(),
      settings: config.billing,
      origin,
    };
    return await runBilling(deps, asOf);
  } finally {
    await handle.close();
  }
}

async function askServer(asOf: Date | null): Promise<BillingSummary> {
  const key = process.env.VENDOR_API_KEY?.trim();
  if (!key) {
    throw new Error(
      'On the embedded database the running server does the billing: set VENDOR_API_KEY to an operator key (POST /api/v1/vendor-keys).',
    );
  }
  const port = process.env.PORT?.trim() || '8080';
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/billing/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify(asOf ? { as_of: asOf.toISOString() } : {}),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`The server refused (${response.status}): ${body}`);
  return JSON.parse(body) as BillingSummary;
}

export async function billingCommand(argv: readonly string[]): Promise<BillingSummary> {
  const { asOf } = parseBillingArgs(argv);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  return databaseUrl ? runHere(databaseUrl, asOf ?? new Date()) : askServer(asOf);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  billingCommand(process.argv.slice(2))
    .then((summary) => {
      process.stdout.write(
        `Billing as of ${summary.asOf}: ${summary.charged} charged, ${summary.failed} failed, ${summary.expired} expired, ${summary.unanswered} unanswered, ${summary.reminders} reminders mailed\n`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
