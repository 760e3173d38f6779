import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../shared/schemas/profile';
import { SignInResponseSchema } from '../shared/schemas/session';
import { sessions, users } from './db/schema';
import { wrongCredentialsMessage } from './routes/auth';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    session: { rotateAfterSeconds: 900, rotationGraceSeconds: 60 },
    signInRateLimit: { perAccount: 3, perIp: 1000, windowSeconds: 900 },
  });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { ...jsonHeaders, ...headers },
    body: JSON.stringify(body),
  });
const getProfile = (token?: string) =>
  t.app.request('/api/v1/profile', { headers: token ? { 'X-WP-Nonce': token } : {} });

/** Moves the session's token issue time back, as if the token had been in use for `seconds`. */
async function ageToken(token: string, seconds: number) {
  const hash = createHash('sha256').update(token).digest('hex');
  await t.handle.db
    .update(sessions)
    .set({ tokenIssuedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sessions.tokenHash, hash));
}

describe('POST /signin', () => {
  it('signs in with the e-mail address and returns the token in the body and the X-WP-Nonce header', async () => {
    const response = await post('/api/v1/signin', {
      username: 'customer@example.com',
      password: 'Customer#2026',
    });
    expect(response.status).toBe(200);
    const body = v.parse(SignInResponseSchema, await response.json());
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get('X-WP-Nonce')).toBe(body.token);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(body.accountType).toBe('CUSTOMER');
    expect(body.user).toMatchObject({
      email: 'customer@example.com',
      first_name: 'Casey',
      is_customer: true,
    });
    expect(body.user.twoFA).toEqual({ totp: false, email: false });
  });

  it('signs in with the user name, case-insensitively', async () => {
    const response = await post('/api/v1/signin', { username: 'MANAGER', password: 'Manager#2026' });
    expect(response.status).toBe(200);
    const body = v.parse(SignInResponseSchema, await response.json());
    expect(body.accountType).toBe('SHOP_MANAGER');
    expect(body.user.is_customer).toBe(false);
  });

  it('answers a wrong password and an unknown account with the same field error', async () => {
    const wrong = await post('/api/v1/signin', { username: 'admin@example.com', password: 'nope-nope' });
    const unknown = await post('/api/v1/signin', { username: 'nobody@example.com', password: 'nope-nope' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: 'validation_error',
        code: 'validation_error',
        message: wrongCredentialsMessage,
        data: { fields: { password: wrongCredentialsMessage } },
      });
      expect(response.headers.get('X-WP-Nonce')).toBeNull();
    }
  });

  it('gives no token to accounts with two-factor authentication', async () => {
    for (const [username, password] of [
      ['totp@example.com', 'Totp#2026'],
      ['email2fa@example.com', 'Email2fa#2026'],
    ]) {
      const response = await post('/api/v1/signin', { username, password });
      // The X-2FA-* challenge of server/two-factor.test.ts, and no token until the code is verified.
      expect(response.status).toBe(200);
      expect(response.headers.get('X-2FA-Required')).toBe('true');
      expect(await response.json()).not.toHaveProperty('token');
      expect(response.headers.get('X-WP-Nonce')).toBeNull();
    }
  });

  it('answers missing fields with per-field messages from the shared schema', async () => {
    const response = await post('/api/v1/signin', { username: '  ', password: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; data: { fields: Record<string, string> } };
    expect(body.data.fields).toEqual({
      username: "Email can't be empty",
      password: "Password can't be empty",
    });
    expect(body.message).toBe("Email can't be empty");
  });

  it('answers malformed JSON with a validation error, not a 500', async () => {
    const response = await t.app.request('/api/v1/signin', {
      method: 'POST',
      headers: jsonHeaders,
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_error', status: 'validation_error' });
  });

  it('accepts only JSON bodies', async () => {
    const response = await t.app.request('/api/v1/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=customer&password=Customer%232026',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses a body over the size limit with 413 and the error body', async () => {
    const response = await post('/api/v1/signin', {
      username: 'x',
      password: 'y'.repeat(t.config.bodyLimitBytes),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
  });

  it('limits an account after its failed attempts, then refuses even the right password', async () => {
    const attempt = (password: string) =>
      post(
        '/api/v1/signin',
        { username: 'setup2fa@example.com', password },
        { 'X-Forwarded-For': '203.0.113.7' },
      );
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).status).toBe(400);
    const limited = await attempt('Setup2fa#2026');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', status: 'rate_limited' });
  });

  it('forgets failed attempts after a successful sign-in', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/v1/signin', { username: 'manager', password: 'wrong-password' })).status).toBe(
        400,
      );
    }
    expect((await post('/api/v1/signin', { username: 'manager', password: 'Manager#2026' })).status).toBe(
      200,
    );
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/v1/signin', { username: 'manager', password: 'wrong-password' })).status).toBe(
        400,
      );
    }
  });
});

describe('sessions', () => {
  it('stores only a SHA-256 of the token', async () => {
    const token = await signIn(t.app, 'superadmin', 'SuperAdmin#2026');
    const rows = await t.handle.db.select({ hash: sessions.tokenHash }).from(sessions);
    const hashes = rows.map((row) => row.hash);
    expect(hashes).not.toContain(token);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('answers GET /profile with the session user, address and cards', async () => {
    const token = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const response = await getProfile(token);
    expect(response.status).toBe(200);
    const profile = v.parse(ProfileSchema, await response.json());
    expect(profile.email).toBe('customer@example.com');
    expect(profile.address).toMatchObject({ line1: '12 Harbour Street', country: 'US', zip: '94105' });
    expect(profile.cards.map((card) => [card.default, card.source.brand, card.source.last4])).toEqual([
      [true, 'visa', '4242'],
      [false, 'mastercard', '4444'],
    ]);
  });

  it('shows company profiles and the affiliate flag in the session user', async () => {
    const company = v.parse(
      ProfileSchema,
      await (await getProfile(await signIn(t.app, 'company', 'Company#2026'))).json(),
    );
    expect(company.allProfiles.map((p) => p.name)).toEqual(['Acme Agency', 'Globex Studio']);
    expect(company.activeProfile?.name).toBe('Acme Agency');
    expect(company.role_permission).toEqual({ view_reports: true, export_data: true });
    const affiliate = v.parse(
      ProfileSchema,
      await (await getProfile(await signIn(t.app, 'affiliate', 'Affiliate#2026'))).json(),
    );
    expect(affiliate.has_affiliates).toBe(true);
  });

  it('answers 401 rest_cookie_invalid_nonce for a missing, malformed or unknown token', async () => {
    for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
      const response = await getProfile(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        code: 'rest_cookie_invalid_nonce',
        status: 'Token_error',
      });
    }
  });

  it('ends the session on sign-out', async () => {
    const token = await signIn(t.app, 'customer', 'Customer#2026');
    const out = await t.app.request('/api/v1/signout', { method: 'POST', headers: { 'X-WP-Nonce': token } });
    expect(out.status).toBe(200);
    expect((await getProfile(token)).status).toBe(401);
    expect(
      (await t.app.request('/api/v1/signout', { method: 'POST', headers: { 'X-WP-Nonce': token } })).status,
    ).toBe(401);
  });

  it('refuses an idle-expired session and a disabled account', async () => {
    const token = await signIn(t.app, 'customer', 'Customer#2026');
    const hash = createHash('sha256').update(token).digest('hex');
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hash));
    expect((await getProfile(token)).status).toBe(401);

    const other = await signIn(t.app, 'customer', 'Customer#2026');
    await t.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'customer'));
    expect((await getProfile(other)).status).toBe(401);
    await t.handle.db.update(users).set({ status: 'active' }).where(eq(users.username, 'customer'));
  });

  it('keeps a fresh token as it is', async () => {
    const token = await signIn(t.app, 'customer', 'Customer#2026');
    const response = await getProfile(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-WP-Nonce')).toBeNull();
  });

  it('rotates an old token, keeps the old one valid for the grace period, then refuses it', async () => {
    const old = await signIn(t.app, 'customer', 'Customer#2026');
    await ageToken(old, 3600);

    const rotated = await getProfile(old);
    expect(rotated.status).toBe(200);
    const fresh = rotated.headers.get('X-WP-Nonce');
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);

    // A request that was already in flight with the old token still succeeds and does not rotate again.
    const inFlight = await getProfile(old);
    expect(inFlight.status).toBe(200);
    expect(inFlight.headers.get('X-WP-Nonce')).toBeNull();
    expect((await getProfile(fresh ?? '')).status).toBe(200);

    const oldHash = createHash('sha256').update(old).digest('hex');
    await t.handle.db
      .update(sessions)
      .set({ previousValidUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.previousTokenHash, oldHash));
    expect((await getProfile(old)).status).toBe(401);
    expect((await getProfile(fresh ?? '')).status).toBe(200);
  });

  it('rotates once when parallel requests carry the same old token', async () => {
    const old = await signIn(t.app, 'customer', 'Customer#2026');
    await ageToken(old, 3600);
    const responses = await Promise.all([getProfile(old), getProfile(old), getProfile(old), getProfile(old)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const issued = responses.map((r) => r.headers.get('X-WP-Nonce')).filter((n) => n !== null);
    expect(issued).toHaveLength(1);
  });
});
