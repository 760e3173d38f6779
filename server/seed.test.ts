import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProducts } from '../shared/catalogue';
import { type Database, openDatabase } from './db';
import * as schema from './db/schema';
import { memoryLogger } from './logger';
import { startServer } from './main';
import { seedDatabase } from './seed';
import { demoAccounts } from './seed/demo-accounts';
import { analyticsCustomerCount } from './seed/reports';
import { createTestDatabase } from './test-support/database';

const tables = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] =>
  is(entry[1], PgTable),
);

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('seed', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('creates the catalogue and the demo data once, however often it runs', async () => {
    // The duplicate check below covers every table of the schema.
    expect(tables.length).toBeGreaterThanOrEqual(20);
    expect((await seedDatabase(handle.db, { demo: true })).demoCreated).toBe(true);
    const first = await rowCounts(handle.db);
    expect((await seedDatabase(handle.db, { demo: true })).demoCreated).toBe(false);
    await Promise.all([seedDatabase(handle.db, { demo: true }), seedDatabase(handle.db, { demo: true })]);
    expect(await rowCounts(handle.db)).toEqual(first);
    expect(first.users).toBe(demoAccounts.length + analyticsCustomerCount);
    expect(first.products).toBe(allProducts.length);
    expect(first.productTiers).toBe(allProducts.reduce((sum, p) => sum + p.tiers.length, 0));
  });

  it('seeds one customer with a 120-character name, for the layouts to meet', async () => {
    const names = (await handle.db.select().from(schema.users)).map((u) => `${u.firstName} ${u.lastName}`);
    expect(names.filter((name) => name.length === 120)).toHaveLength(1);
  });

  it('gives the demo customer what the issue lists', async () => {
    const { db } = handle;
    const [customer] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'customer@example.com'));
    const userId = customer?.id ?? -1;
    const payments = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(payments.map((p) => p.status).sort()).toEqual([
      'complete',
      'complete',
      'complete',
      'complete',
      'refunded',
    ]);
    const licences = await db.select().from(schema.licences).where(eq(schema.licences.userId, userId));
    expect(licences.some((l) => l.status === 'expired' && l.expiresAt && l.expiresAt < new Date())).toBe(
      true,
    );
    expect(licences.some((l) => l.expiresAt === null)).toBe(true);
    expect(licences.filter((l) => l.parentLicenceId !== null).length).toBeGreaterThan(0);
    const subs = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'cancelled']);
    const cards = await db
      .select()
      .from(schema.paymentMethods)
      .where(eq(schema.paymentMethods.userId, userId));
    expect(cards).toHaveLength(2);
    const tickets = await db.select().from(schema.tickets).where(eq(schema.tickets.userId, userId));
    expect(tickets).toHaveLength(2);
    expect((await rowCounts(db)).ticketThreads).toBeGreaterThanOrEqual(4);
    expect((await rowCounts(db)).sites).toBeGreaterThanOrEqual(4);
    // Money is integer cents: the addons 1-site tier at $49.97.
    expect(payments.map((p) => p.totalCents)).toContain(4997);
  });

  it('never stores a demo password in plain text', async () => {
    const rows = await handle.db.select({ hash: schema.users.passwordHash }).from(schema.users);
    for (const row of rows) expect(row.hash).toMatch(/^scrypt\$/);
    const hashes = rows.map((row) => row.hash).join('\n');
    for (const account of demoAccounts) expect(hashes).not.toContain(account.password);
  });

  it('seeds only the catalogue when demo data is off', async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.db, { demo: false });
      const counts = await rowCounts(other.db);
      expect(counts.users).toBe(0);
      expect(counts.products).toBe(allProducts.length);
    } finally {
      await other.close();
    }
  });
});

describe('PGlite data directory', () => {
  it('keeps data across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vendor-data-'));
    try {
      const first = await openDatabase({ dataDir });
      await seedDatabase(first.db, { demo: true });
      const before = await rowCounts(first.db);
      await first.close();

      const second = await openDatabase({ dataDir });
      expect((await seedDatabase(second.db, { demo: true })).demoCreated).toBe(false);
      expect(await rowCounts(second.db)).toEqual(before);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('startServer', () => {
  it('listens on 127.0.0.1, serves real requests and keeps sessions across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vendor-server-'));
    const options = { port: 0, dataDir, databaseUrl: null, logger: memoryLogger() };
    try {
      const first = await startServer(options);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const signin = await fetch(`${first.url}/api/v1/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'customer', password: 'Customer#2026' }),
      });
      expect(signin.status).toBe(200);
      const { token } = (await signin.json()) as { token: string };
      await first.close();

      const second = await startServer(options);
      const profile = await fetch(`${second.url}/api/v1/profile`, { headers: { 'X-WP-Nonce': token } });
      expect(profile.status).toBe(200);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
