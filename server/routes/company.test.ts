import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, companyMembers, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function signIn(username: string, password: string): Promise<string> {
  const response = await t.app.request('/api/v1/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const create = (token: string | null, body: unknown) =>
  t.app.request('/api/v1/company', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-WP-Nonce': token } : {}) },
    body: JSON.stringify(body),
  });

describe('POST /company', () => {
  it('creates the company, makes the caller its member and its active profile, and audits it', async () => {
    const token = await signIn('customer@example.com', 'Customer#2026');
    const response = await create(token, { name: '  Northwind Plugins  ' });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as {
      user: { id: number; activeProfile: { id: number; name: string } };
    };
    expect(user.activeProfile.name).toBe('Northwind Plugins');

    const { db } = t.handle;
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.activeCompanyId).toBe(user.activeProfile.id);
    const members = await db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, user.activeProfile.id));
    expect(members.map((m) => m.userId)).toEqual([user.id]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'company_create'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a visitor, and a missing or too long name with the field message', async () => {
    const before = (await t.handle.db.select().from(companies)).length;
    expect((await create(null, { name: 'Acme' })).status).toBe(401);
    const token = await signIn('manager@example.com', 'Manager#2026');
    const empty = await create(token, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ data: { fields: { name: 'Company name is required' } } });
    const long = await create(token, { name: 'x'.repeat(101) });
    expect(await long.json()).toMatchObject({
      data: { fields: { name: 'Company name should not be more than 100 characters' } },
    });
    expect((await t.handle.db.select().from(companies)).length).toBe(before);
  });
});
