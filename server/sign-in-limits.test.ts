import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorPendingSchema } from '../shared/schemas/two-factor';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';

/*
 * Sign-in rate limits count failures only (OWASP authentication cheat sheet), per account and per
 * client address: people behind one office address must not lock each other out by signing in.
 */

let t: TestApp;
const perAccount = 3;
const perIp = 5;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, signInRateLimit: { perAccount, perIp, windowSeconds: 900 } });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, ip: string) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
const signIn = (username: string, password: string, ip: string) =>
  post('/signin', { username, password }, ip);

describe('sign-in rate limits', () => {
  it('never limit successful sign-ins from one address', async () => {
    for (let i = 0; i < perIp * 4; i += 1) {
      const username = i % 2 === 0 ? 'customer@example.com' : 'manager@example.com';
      const password = i % 2 === 0 ? 'Customer#2026' : 'Manager#2026';
      expect((await signIn(username, password, '198.51.100.1')).status).toBe(200);
    }
  });

  it('limit an account after N failures, from any address, even with the right password', async () => {
    for (let i = 0; i < perAccount; i += 1) {
      expect((await signIn('admin@example.com', 'wrong-password', `198.51.100.${10 + i}`)).status).toBe(400);
    }
    const limited = await signIn('admin@example.com', 'Admin#2026', '198.51.100.20');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The user name and the e-mail address name one account: one count.
    expect((await signIn('admin', 'Admin#2026', '198.51.100.21')).status).toBe(429);
    // Other accounts on those addresses are not affected.
    expect((await signIn('affiliate@example.com', 'Affiliate#2026', '198.51.100.10')).status).toBe(200);
  });

  it('count failures per address too, across accounts', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < perIp; i += 1) {
      expect((await signIn(`nobody${i}@example.com`, 'wrong-password', ip)).status).toBe(400);
    }
    expect((await signIn('company@example.com', 'Company#2026', ip)).status).toBe(429);
    expect((await signIn('company@example.com', 'Company#2026', '198.51.100.31')).status).toBe(200);
  });

  it('a success clears the account failures and costs the address nothing', async () => {
    const ip = '198.51.100.40';
    // 4 failures and 2 successes: 6 attempts, over the address limit only if successes counted.
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < perAccount - 1; i += 1) {
        expect((await signIn('superadmin', 'wrong-password', ip)).status).toBe(400);
      }
      expect((await signIn('superadmin', 'SuperAdmin#2026', ip)).status).toBe(200);
    }
  });

  it('never limit right second-factor codes from one address', async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < perIp + 1; i += 1) {
      const started = await signIn('email2fa@example.com', 'Email2fa#2026', ip);
      const { auth_id } = v.parse(TwoFactorPendingSchema, await started.json()).two_factor;
      const [mail] = (await listOutbox(t.handle.db)).filter((m) => m.to === 'email2fa@example.com');
      const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1];
      expect((await post('/verify-2fa', { auth_id, code, method: 'email' }, ip)).status).toBe(200);
    }
  });
});
