import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListSchema, UserListSchema } from '../shared/schemas/manager';
import { ProfileSchema } from '../shared/schemas/profile';
import { SignInResponseSchema } from '../shared/schemas/session';
import { hashToken } from './auth/tokens';
import { auditLog, sessions, users } from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function get(path: string, token: string) {
  return t.app.request(`/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
}
function post(path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-WP-Nonce': token, ...headers },
    body: JSON.stringify(body),
  });
}
async function userId(email: string): Promise<number> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
async function auditRows(action: string) {
  return t.handle.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe('GET /users', () => {
  it('lists 20 users a page with X-WP-Total, searchable by name or e-mail', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const first = await get('/users?page=1&per_page=20', manager);
    expect(first.status).toBe(200);
    const total = Number(first.headers.get('X-WP-Total'));
    expect(total).toBeGreaterThan(20);
    const page1 = v.parse(UserListSchema, await first.json());
    expect(page1.users).toHaveLength(20);
    const page2 = v.parse(UserListSchema, await (await get('/users?page=2', manager)).json());
    expect(page2.users).toHaveLength(total - 20);
    const ids = new Set([...page1.users, ...page2.users].map((u) => u.user_id));
    expect(ids.size).toBe(total);

    const found = v.parse(UserListSchema, await (await get('/users?search=casey', manager)).json());
    expect(found.users).toEqual([
      {
        user_id: await userId('customer@example.com'),
        name: 'Casey Customer',
        email: 'customer@example.com',
        can_switch: true,
      },
    ]);
    const byMail = v.parse(
      UserListSchema,
      await (await get('/users?search=superadmin%40example', manager)).json(),
    );
    expect(byMail.users.map((u) => [u.email, u.can_switch])).toEqual([['superadmin@example.com', false]]);
  });

  it('takes % and _ in a search literally', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const response = await get('/users?search=%25', manager);
    expect(response.headers.get('X-WP-Total')).toBe('0');
  });

  it('orders by e-mail descending when asked', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'Admin#2026');
    const list = v.parse(
      UserListSchema,
      await (await get('/users?orderby=email&order=desc&per_page=100', admin)).json(),
    );
    const emails = list.users.map((u) => u.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('is 403 for a customer and a company account, 401 without a token', async () => {
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const company = await signIn(t.app, 'company@example.com', 'Company#2026');
    expect((await get('/users', customer)).status).toBe(403);
    expect((await get('/users', company)).status).toBe(403);
    expect((await t.app.request('/api/v1/users')).status).toBe(401);
  });
});

describe('GET /orders', () => {
  it('searches every order by e-mail, number or product, with sales', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const response = await get('/orders?search=customer%40example.com', manager);
    expect(response.status).toBe(200);
    const body = v.parse(OrderListSchema, await response.json());
    expect(body.orders.length).toBe(5);
    expect(body.orders.every((o) => o.email === 'customer@example.com')).toBe(true);
    const refunded = body.orders.filter((o) => o.status === 'refunded');
    expect(refunded).toHaveLength(1);
    const completeTotal = body.orders
      .filter((o) => o.status === 'complete')
      .reduce((sum, o) => sum + o.total, 0);
    expect(body.sales.count).toBe(body.orders.filter((o) => o.status === 'complete').length);
    expect(body.sales.total).toBeCloseTo(completeTotal, 2);
    const order = body.orders.find((o) => o.number === '1001');
    expect(order?.products[0]?.name).toBe('Addons Plugin');
    expect(order?.transaction_id).toBe('demo_1001');

    const byNumber = v.parse(OrderListSchema, await (await get('/orders?search=1001', manager)).json());
    expect(byNumber.orders.map((o) => o.number)).toContain('1001');
    const none = v.parse(OrderListSchema, await (await get('/orders?search=no-such-order', manager)).json());
    expect(none).toEqual({ orders: [], sales: { count: 0, total: 0 } });
  });

  it('is 403 for a customer', async () => {
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    expect((await get('/orders', customer)).status).toBe(403);
  });
});

describe('POST /user-switch', () => {
  it('switches a manager into a customer, audited, and back with a fresh token', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const managerId = await userId('manager@example.com');
    const customerId = await userId('customer@example.com');
    const before = (await auditRows('user_switch')).length;

    const response = await post(
      '/user-switch',
      manager,
      { user_id: customerId },
      { 'X-Forwarded-For': '203.0.113.7' },
    );
    expect(response.status).toBe(200);
    const switched = v.parse(SignInResponseSchema, await response.json());
    expect(response.headers.get('X-WP-Nonce')).toBe(switched.token);
    expect(switched.user.email).toBe('customer@example.com');
    expect(switched.user.switched_user).toBe(true);
    expect(switched.user.switch_back_to).toEqual({
      user_id: managerId,
      display_name: 'Morgan Manager',
      first_name: 'Morgan',
      last_name: 'Manager',
    });
    expect(switched.user.loggedInAccountType).toBe('SHOP_MANAGER');
    expect(switched.redirect_to).toBe('/user/dashboard');

    // The manager's own token ended; the new one is the customer's, and /profile says it is switched.
    expect((await get('/profile', manager)).status).toBe(401);
    const profile = v.parse(ProfileSchema, await (await get('/profile', switched.token)).json());
    expect(profile.email).toBe('customer@example.com');
    expect(profile.switch_back_to?.user_id).toBe(managerId);

    const audits = await auditRows('user_switch');
    expect(audits).toHaveLength(before + 1);
    expect(audits[0]).toMatchObject({ actorUserId: managerId, targetUserId: customerId });
    expect(audits[0]?.ip).toBeTruthy();
    expect(audits[0]?.createdAt).toBeInstanceOf(Date);

    // No switching onwards from a switched session.
    const adminId = await userId('affiliate@example.com');
    expect((await post('/user-switch', switched.token, { user_id: adminId })).status).toBe(403);

    const back = await post('/user-switch', switched.token, { user_id: managerId, switch_back: true });
    expect(back.status).toBe(200);
    const restored = v.parse(SignInResponseSchema, await back.json());
    expect(restored.user.email).toBe('manager@example.com');
    expect(restored.user.switch_back_to).toBeNull();
    expect(restored.user.switched_user).toBe(false);
    expect(restored.token).not.toBe(manager);
    expect((await get('/profile', switched.token)).status).toBe(401);
    expect((await get('/profile', restored.token)).status).toBe(200);
    const backs = await auditRows('user_switch_back');
    expect(backs[0]).toMatchObject({ actorUserId: managerId, targetUserId: customerId });
    const [session] = await t.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(restored.token)));
    expect(session?.switchedByUserId).toBeNull();
  });

  it('never lets a manager into an admin or super-admin (403, nothing changed, still audited nothing)', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const before = (await auditRows('user_switch')).length;
    for (const email of ['admin@example.com', 'superadmin@example.com', 'manager@example.com']) {
      const response = await post('/user-switch', manager, { user_id: await userId(email) });
      expect(response.status).toBe(403);
    }
    expect((await auditRows('user_switch')).length).toBe(before);
    expect((await get('/profile', manager)).status).toBe(200);
  });

  it('lets an admin switch into a shop manager but not into the super-admin', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'Admin#2026');
    expect(
      (await post('/user-switch', admin, { user_id: await userId('superadmin@example.com') })).status,
    ).toBe(403);
    const response = await post('/user-switch', admin, { user_id: await userId('manager@example.com') });
    expect(response.status).toBe(200);
  });

  it('is 403 for a customer, 404 for an unknown user, 400 for a bad body', async () => {
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const before = (await auditRows('user_switch')).length;
    expect(
      (await post('/user-switch', customer, { user_id: await userId('affiliate@example.com') })).status,
    ).toBe(403);
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    expect((await post('/user-switch', manager, { user_id: 999_999 })).status).toBe(404);
    expect((await post('/user-switch', manager, { user_id: 'x' })).status).toBe(400);
    expect((await auditRows('user_switch')).length).toBe(before);
  });

  it('refuses a switch back to anyone but the manager who switched, and from an unswitched session', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const managerId = await userId('manager@example.com');
    const switched = v.parse(
      SignInResponseSchema,
      await (await post('/user-switch', manager, { user_id: await userId('customer@example.com') })).json(),
    );
    const adminId = await userId('admin@example.com');
    expect((await post('/user-switch', switched.token, { user_id: adminId, switch_back: true })).status).toBe(
      403,
    );
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    expect((await post('/user-switch', customer, { user_id: managerId, switch_back: true })).status).toBe(
      403,
    );
  });

  it('ends the switched session when the staff member lost the role meanwhile', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const managerId = await userId('manager@example.com');
    const switched = v.parse(
      SignInResponseSchema,
      await (await post('/user-switch', manager, { user_id: await userId('affiliate@example.com') })).json(),
    );
    await t.handle.db.update(users).set({ accountType: 'CUSTOMER' }).where(eq(users.id, managerId));
    try {
      const response = await post('/user-switch', switched.token, { user_id: managerId, switch_back: true });
      expect(response.status).toBe(401);
      expect((await get('/profile', switched.token)).status).toBe(401);
    } finally {
      await t.handle.db
        .update(users)
        .set({ accountType: 'SHOP_MANAGER' })
        .where(and(eq(users.id, managerId)));
    }
  });
});
