import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../../shared/catalogue';
import { PaymentInfoSchema, PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { recordFigures } from './support/figures';
import { demoCustomer, ownLicences, signIn } from './support/load-api';
import { createProofDatabase, type ProofDatabase } from './support/postgres-database';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/proxy-round-robin';
import { freePort } from './support/server-process-ports';
import { randomSecretsKey, type ServerProcess, startServerProcess } from './support/server-process-spawn';

/*
 * Issue #16 scale-out: two server processes on one PostgreSQL behind a round-robin proxy, as
 * docs/operations.md deploys them. Whatever state matters (sessions, activation counts, fulfilment)
 * must live in the database, so that it does not matter which process a request reaches.
 */

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) {
  process.stdout.write(
    'proof scale-out: skipped, it needs PostgreSQL (DATABASE_URL; npm run proof sets it)\n',
  );
}

const webhookSecret = 'whsec_proof_scale_out';
const stripeKey = 'sk_test_proof_scale_out';

/**
 * Stripe's API is outside this machine: a stand-in answers the two Checkout Session calls the purchase
 * gateway makes (create, retrieve), and `pay` does what the buyer does on Stripe's page.
 */
interface StripeStandIn {
  url: string;
  pay(sessionId: string): Record<string, unknown>;
  close(): Promise<void>;
}

async function startStripeStandIn(port: number): Promise<StripeStandIn> {
  const sessions = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${stripeKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } });
      }
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_proof_${sessions.size + 1}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const found = sessions.get(/^\/v1\/checkout\/sessions\/([\w-]+)/.exec(request.url ?? '')?.[1] ?? '');
      if (request.method === 'GET' && found) return send(200, found);
      return send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${port}`,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The stand-in made no session ${sessionId}.`);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL', () => {
  let database: ProofDatabase;
  let stripe: StripeStandIn;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    database = await createProofDatabase(postgresUrl ?? '');
    stripe = await startStripeStandIn(await freePort());
    // One configuration for both, as a deployment has: the same database and the same secrets.
    const env = {
      DATABASE_URL: database.url,
      SECRETS_KEY: randomSecretsKey(),
      STRIPE_SECRET_KEY: stripeKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
    };
    // Started together on an empty database: migrations and seeding must not run twice.
    const ports = [await freePort(), await freePort()];
    servers = await Promise.all(ports.map((port) => startServerProcess({ port, env })));
    proxy = await startRoundRobinProxy(
      await freePort(),
      servers.map((server) => server.url),
    );
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await stripe?.close();
    await database?.drop();
  });

  const [first, second] = [() => servers[0] as ServerProcess, () => servers[1] as ServerProcess];
  const api = (base: string, path: string, token: string, body?: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-WP-Nonce': token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('started both on one empty database with the demo data seeded once', async () => {
    const rows = await database.query<{ count: string }>(
      "select count(*) from users where email = 'customer@example.com'",
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it('a session made on one process works on the other, and signing out on the other ends it on both', async () => {
    const token = await signIn(first().url, demoCustomer);
    expect((await api(second().url, '/history', token)).status).toBe(200);
    expect((await api(second().url, '/signout', token, {})).status).toBe(200);
    expect((await api(first().url, '/history', token)).status).toBe(401);
    expect((await api(second().url, '/history', token)).status).toBe(401);
  });

  it('50 concurrent activations split across both processes stop exactly at the activation limit', async () => {
    const token = await signIn(proxy.url, demoCustomer);
    const licence = (await ownLicences(proxy.url, token)).find(
      (candidate) => candidate.status === 'active' && candidate.limit !== null,
    );
    if (!licence) throw new Error('The demo customer has no active licence with an activation limit.');
    // Room for exactly 5 more production sites, whatever the demo data gave the licence.
    const room = 5;
    const limit = licence.activation_count + room;
    await database.query('update licences set activation_limit = $1 where id = $2', [
      limit,
      licence.license_id,
    ]);

    const servedBefore = [...proxy.served];
    const attempts = 50;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        api(proxy.url, '/site', token, {
          payment_id: licence.payment_id,
          license_id: licence.license_id,
          type: 'add',
          url: `https://race-${index}.shop-proof.com`,
        }).then(async (answer) => ({
          status: answer.status,
          code: ((await answer.json()) as { code?: string }).code,
        })),
      ),
    );
    const added = answers.filter((answer) => answer.status === 200).length;
    const refused = answers.filter(
      (answer) => answer.status === 409 && answer.code === 'activation_limit_reached',
    );
    const rows = await database.query<{ count: string }>(
      "select count(*) from sites where licence_id = $1 and deactivated_at is null and kind = 'production'",
      [licence.license_id],
    );
    const perProcess = proxy.served.map((count, index) => count - (servedBefore[index] ?? 0));
    recordFigures('scale-out-activations', {
      attempts,
      room,
      added,
      refused_at_limit: refused.length,
      active_production_sites: Number(rows[0]?.count),
      limit,
      process_a: perProcess[0] ?? 0,
      process_b: perProcess[1] ?? 0,
    });
    expect(perProcess).toEqual([attempts / 2, attempts / 2]);
    expect(added).toBe(room);
    expect(refused).toHaveLength(attempts - room);
    expect(Number(rows[0]?.count)).toBe(limit);
  });

  it('50 concurrent EDD activate_license calls on a limit-5 licence across both processes: 5 valid, 45 refused', async () => {
    // A fresh licence of the demo customer's, limit 5, no site yet.
    const key = `proofedd${Date.now().toString(16)}`;
    const [created] = await database.query<{ id: number; download_id: number }>(
      `insert into licences (key, user_id, payment_id, download_id, price_id, status, activation_limit, expires_at)
       select $1, user_id, payment_id, download_id, price_id, 'inactive', 5, now() + interval '30 days'
       from licences where parent_licence_id is null and download_id = $2 limit 1
       returning id, download_id`,
      [key, downloadIds.addons],
    );
    if (!created) throw new Error('The demo data has no Addons licence to copy.');
    const servedBefore = [...proxy.served];
    const attempts = 50;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        fetch(`${proxy.url}/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            edd_action: 'activate_license',
            license: key,
            item_id: String(created.download_id),
            url: `https://edd-race-${index}.shop-proof.com`,
          }).toString(),
        }).then(async (answer) => (await answer.json()) as { license?: string; error?: string }),
      ),
    );
    const valid = answers.filter((answer) => answer.license === 'valid').length;
    const refused = answers.filter((answer) => answer.error === 'no_activations_left').length;
    const rows = await database.query<{ count: string }>(
      'select count(*) from sites where licence_id = $1 and deactivated_at is null',
      [created.id],
    );
    const perProcess = proxy.served.map((count, index) => count - (servedBefore[index] ?? 0));
    recordFigures('scale-out-edd-activations', {
      attempts,
      limit: 5,
      valid,
      no_activations_left: refused,
      active_sites: Number(rows[0]?.count),
      process_a: perProcess[0] ?? 0,
      process_b: perProcess[1] ?? 0,
    });
    expect(perProcess).toEqual([attempts / 2, attempts / 2]);
    expect(valid).toBe(5);
    expect(refused).toBe(45);
    expect(Number(rows[0]?.count)).toBe(5);
  });

  it('a webhook and confirmations for one payment, at different processes, fulfil it once', async () => {
    const token = await signIn(first().url, demoCustomer);
    const cart = await api(first().url, '/add-to-cart', token, {
      download_id: downloadIds.blocks,
      price_id: 1,
    });
    expect(cart.status).toBe(200);
    const purchase = await api(second().url, '/purchase', token, {
      edd_first: 'Casey',
      edd_last: 'Customer',
      edd_email: demoCustomer.username,
      edd_acquisition_method: 'other',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      edd_gateway: 'stripe',
      card_address: '1 Main Street',
      card_city: 'Springfield',
      card_zip: '62701',
      billing_country: 'US',
      card_state: 'IL',
    });
    expect(purchase.status, await purchase.clone().text()).toBe(200);
    const { url, payment_id } = v.parse(PurchaseResponseSchema, await purchase.json());
    const sessionId = url.split('/').pop() ?? '';
    const session = stripe.pay(sessionId);

    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: session },
    });
    const signature = new Stripe(stripeKey).webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    const webhook = (base: string) =>
      fetch(`${base}/api/v1/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
    const confirmation = (base: string) => api(base, '/confirmation', token, { session_id: sessionId });
    // The webhook reaches one process while the buyer's confirmations reach the other, all at once,
    // and the other way round, as Stripe's retries and a reloaded success page would.
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(first().url)),
      ...Array.from({ length: 5 }, () => confirmation(second().url)),
      ...Array.from({ length: 5 }, () => webhook(second().url)),
      ...Array.from({ length: 5 }, () => confirmation(first().url)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const confirmed = v.parse(PaymentInfoSchema, await answers[5]?.json());
    expect(confirmed.status).toBe('completed');

    const licences = await database.query<{ count: string }>(
      'select count(*) from licences where payment_id = $1 and parent_licence_id is null',
      [payment_id],
    );
    const payment = await database.query<{ status: string }>('select status from payments where id = $1', [
      payment_id,
    ]);
    recordFigures('scale-out-fulfilment', {
      webhooks: 10,
      confirmations: 10,
      licences_made: Number(licences[0]?.count),
      payment_status: payment[0]?.status ?? 'missing',
    });
    expect(Number(licences[0]?.count)).toBe(1);
    expect(payment[0]?.status).toBe('complete');
  });
});
