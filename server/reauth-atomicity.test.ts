import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInResponseSchema } from '../shared/schemas/session';
import { TwoFactorPendingSchema } from '../shared/schemas/two-factor';
import { replaceRecoveryCodes } from './auth/recovery-codes';
import { createSession } from './auth/sessions';
import { recoveryCodes, users } from './db/schema';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';
import { injectFault } from './test-support/faults';

/*
 * Issue 24: a sensitive change and the re-authentication code that allows it are one transaction. A
 * password change failing in the database (a trigger raising as the other sessions are ended, after
 * the new hash was written) keeps the old password and the code unspent; the same code then works.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimit: { perAccount: 1000, perIp: 100_000 } });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(token ? { 'X-WP-Nonce': token } : {}) },
    body: JSON.stringify(body),
  });

async function userRow() {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'totp@example.com'));
  if (!row) throw new Error('no TOTP demo account');
  return row;
}

describe('POST /profile type password with a re-authentication code', () => {
  it('spends the code only with the change: a failed change leaves both as they were', async () => {
    const user = await userRow();
    const codes = ['KMNPQ-RSTUV', 'WXYZ2-34567'];
    await replaceRecoveryCodes(t.handle.db, user.id, codes);
    const step = await post('/signin', { username: 'totp', password: 'Totp#2026' });
    const ticket = v.parse(TwoFactorPendingSchema, await step.json()).two_factor.auth_id;
    const signedIn = await post('/verify-2fa', {
      auth_id: ticket,
      code: codes[0],
      method: 'totp',
      recovery: true,
    });
    const token = v.parse(SignInResponseSchema, await signedIn.json()).token;
    // Another device's session, which the change ends.
    await createSession(t.handle.db, t.config.session, user.id, { ip: '192.0.2.7', userAgent: 'other' });
    const change = {
      type: 'password',
      current_password: 'Totp#2026',
      code: codes[1],
      new_password: 'Quartz-Meadow-2026',
      new_password_2: 'Quartz-Meadow-2026',
    };
    const unused = async () =>
      (await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).filter(
        (row) => row.usedAt === null,
      ).length;

    const removeFault = await injectFault(t.handle.db, {
      table: 'sessions',
      operation: 'UPDATE',
      when: 'OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL',
    });
    try {
      expect((await post('/profile', change, token)).status).toBe(500);
    } finally {
      await removeFault();
    }
    expect((await userRow()).passwordHash).toBe(user.passwordHash);
    expect(await unused()).toBe(1);

    const done = await post('/profile', change, token);
    expect(done.status).toBe(200);
    expect((await userRow()).passwordHash).not.toBe(user.passwordHash);
    expect(await unused()).toBe(0);
  });
});
