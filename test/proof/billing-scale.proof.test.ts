import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db';
import { type StripeStandIn, startStripeStandIn } from '../../server/payments/cards/stripe-stand-in';
import { seedDatabase } from '../../server/seed';
import { addMonths } from '../../server/subscriptions/periods';
import { downloadIds } from '../../shared/catalogue';
import { recordFigures, scaled } from './support/figures';
import { createProofDatabase, type ProofDatabase } from './support/postgres-database';

/*
 * Issue 27 at scale: N yearly subscriptions fall due at the same moment and two billing processes
 * (`npm run billing -- --as-of …`, real separate processes) run on one PostgreSQL against a Stripe
 * stand-in. The database's claims (`FOR UPDATE SKIP LOCKED`) must share them out so that every period
 * is charged exactly once: N charges, no doubles, every licence extended a year, one PaymentIntent per
 * idempotency key at Stripe.
 */

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) {
  process.stdout.write(
    'proof billing-scale: skipped, it needs PostgreSQL (DATABASE_URL; npm run proof sets it)\n',
  );
}

const count = scaled({ full: 1000, ci: 200 });
const priceCents = 9900;
const stripeKey = 'sk_test_proof_billing';
const run = promisify(execFile);

let database: ProofDatabase;
let handle: DatabaseHandle;
let stripe: StripeStandIn;
const due = new Date('2031-03-01T09:00:00.000Z');

/** N customers, each with a paid yearly Links licence due `due`, its subscription and a Stripe card. */
async function seedDueSubscriptions(): Promise<void> {
  await handle.db.execute(sql`
    insert into users (username, email, password_hash)
    select 'scale' || g, 'scale' || g || '@example.com', 'not-a-password' from generate_series(1, ${count}) g`);
  await handle.db.execute(sql`
    insert into payments (number, user_id, email, status, gateway, purchase_key, subtotal_cents, total_cents, created_at, completed_at)
    select 'S' || u.id, u.id, u.email, 'complete', 'stripe', md5('scale' || u.id), ${priceCents}, ${priceCents},
      ${due.toISOString()}::timestamptz - interval '1 year', ${due.toISOString()}::timestamptz - interval '1 year'
    from users u where u.username like 'scale%'`);
  await handle.db.execute(sql`
    insert into licences (key, user_id, payment_id, download_id, price_id, status, activation_limit, expires_at)
    select md5('licence' || p.id), p.user_id, p.id, ${downloadIds.links}, 1, 'active', 1, ${due.toISOString()}::timestamptz
    from payments p where p.number like 'S%'`);
  await handle.db.execute(sql`
    insert into subscriptions (user_id, payment_id, download_id, price_id, licence_id, status, period,
      initial_amount_cents, recurring_amount_cents, renewal_at)
    select l.user_id, l.payment_id, l.download_id, 1, l.id, 'active', 'year', ${priceCents}, ${priceCents}, l.expires_at
    from licences l join payments p on p.id = l.payment_id where p.number like 'S%'`);
  await handle.db.execute(sql`
    insert into gateway_customers (user_id, gateway, customer_ref)
    select u.id, 'stripe', 'cus_scale_' || u.id from users u where u.username like 'scale%'`);
  await handle.db.execute(sql`
    insert into payment_methods (user_id, gateway, gateway_ref, brand, last4, exp_month, exp_year, is_default)
    select u.id, 'stripe', 'pm_scale_' || u.id, 'visa', '4242', 12, 2035, true from users u where u.username like 'scale%'`);
}

/** One billing process as the operator starts it on PostgreSQL; its printed summary's counts. */
async function billingProcess(asOf: Date): Promise<{ charged: number; line: string }> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/billing.ts', '--as-of', asOf.toISOString()],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        STRIPE_SECRET_KEY: stripeKey,
        STRIPE_API_BASE: stripe.url,
      },
      timeout: 150_000,
    },
  );
  const line = stdout.trim();
  const charged = /: (\d+) charged,/.exec(line)?.[1];
  if (charged === undefined) throw new Error(`unexpected billing output: ${line}`);
  return { charged: Number(charged), line };
}

const one = async <Row extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows[0] as Row;

describe.skipIf(!postgresUrl)('billing at scale: two processes, one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createProofDatabase(postgresUrl ?? '');
    handle = await openDatabase({ databaseUrl: database.url });
    await seedDatabase(handle.db, { demo: false });
    await seedDueSubscriptions();
    stripe = await startStripeStandIn();
  });

  afterAll(async () => {
    await stripe?.close();
    await handle?.close();
    await database?.drop();
  });

  it(`${count} subscriptions due at once: ${count} charges, none twice, every licence extended`, async () => {
    const started = performance.now();
    const [first, second] = await Promise.all([billingProcess(due), billingProcess(due)]);
    const seconds = (performance.now() - started) / 1000;

    const nextYear = addMonths(due, 12).toISOString();
    const attempts = await one<{ all: number; succeeded: number; subs: number; keys: number }>(sql`
      select count(*)::int as all, count(*) filter (where status = 'succeeded')::int as succeeded,
        count(distinct subscription_id)::int as subs, count(distinct idempotency_key)::int as keys
      from billing_attempts`);
    const subs = await one<{ renewed: number }>(sql`
      select count(*)::int as renewed from subscriptions
      where times_billed = 2 and status = 'active' and renewal_at = ${nextYear}::timestamptz`);
    const extended = await one<{ extended: number }>(sql`
      select count(*)::int as extended from licences where expires_at = ${nextYear}::timestamptz`);
    const orders = await one<{ orders: number; cents: number }>(sql`
      select count(*)::int as orders, coalesce(sum(total_cents), 0)::int as cents from payments
      where number not like 'S%' and status = 'complete'`);
    const receipts = await one<{ receipts: number }>(sql`
      select count(*)::int as receipts from mail_outbox where subject like 'Your receipt for order #%'`);
    const intentCalls = stripe.calls.filter(
      (call) => call.method === 'POST' && call.path === '/v1/payment_intents',
    );
    const keysSent = new Set(intentCalls.map((call) => call.idempotencyKey));

    recordFigures('billing-scale', {
      subscriptions: count,
      processA_charged: first.charged,
      processB_charged: second.charged,
      charges: attempts.succeeded,
      doubles: attempts.all - attempts.subs,
      licences_extended: extended.extended,
      stripe_intents: stripe.intents.size,
      seconds: Number(seconds.toFixed(1)),
    });

    // Both processes worked, and between them charged each subscription once.
    expect(first.charged).toBeGreaterThan(0);
    expect(second.charged).toBeGreaterThan(0);
    expect(first.charged + second.charged).toBe(count);
    expect(attempts).toEqual({ all: count, succeeded: count, subs: count, keys: count });
    expect(subs.renewed).toBe(count);
    expect(extended.extended).toBe(count);
    expect(orders).toEqual({ orders: count, cents: count * priceCents });
    expect(receipts.receipts).toBe(count);
    // At Stripe: one request and one PaymentIntent per idempotency key, each off-session for its price.
    expect(intentCalls).toHaveLength(count);
    expect(keysSent.size).toBe(count);
    expect(stripe.intents.size).toBe(count);
    for (const intent of stripe.intents.values()) {
      expect(intent).toMatchObject({
        amount: priceCents,
        off_session: true,
        confirm: true,
        status: 'succeeded',
      });
    }

    // Run again as of the same moment: nothing is due.
    expect((await billingProcess(due)).line).toBe(
      `Billing as of ${due.toISOString()}: 0 charged, 0 failed, 0 expired, 0 unanswered, 0 reminders mailed`,
    );
    expect(stripe.intents.size).toBe(count);
  });
});
