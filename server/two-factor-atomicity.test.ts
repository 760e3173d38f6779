import { asc, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignInResponseSchema } from '../shared/schemas/session';
import {
  ConfigureTwoFactorResponseSchema,
  TotpSetupKeySchema,
  TwoFactorPendingSchema,
} from '../shared/schemas/two-factor';
import { recoveryCodes, twoFactorChallenges, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { type InjectedFault, injectFault } from './test-support/faults';

/*
 * Issue 24: the writes of a 2FA change are one transaction. A failure injected into the database
 * between them (a trigger raising on one write, after the earlier writes of the same request ran)
 * leaves nothing half-done: never 2FA on without its recovery codes, never a factor changed while the
 * account's other sessions live on. The same request then succeeds once the fault is gone.
 */

let t: TestApp;
let removeFault: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimit: { perAccount: 1000, perIp: 100_000 } });
});
afterEach(async () => {
  await removeFault?.();
  removeFault = null;
});
afterAll(() => t.close());

async function fail(fault: InjectedFault) {
  removeFault = await injectFault(t.handle.db, fault);
}
async function heal() {
  await removeFault?.();
  removeFault = null;
}

/** The end of every session but the one making the change. */
const revokingSessions: InjectedFault = {
  table: 'sessions',
  operation: 'UPDATE',
  when: 'OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL',
};
/** The new recovery codes, written after the method itself. */
const insertingCodes: InjectedFault = { table: 'recovery_codes', operation: 'INSERT' };

const post = (path: string, body: unknown, token?: string) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(token ? { 'X-WP-Nonce': token } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { headers: token ? { 'X-WP-Nonce': token } : {} });

async function userRow(email: string) {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** The stored recovery codes (their keyed hashes), to see that a failed change left them alone. */
async function storedCodes(email: string): Promise<string[]> {
  const user = await userRow(email);
  const rows = await t.handle.db
    .select({ codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, user.id))
    .orderBy(asc(recoveryCodes.codeHash));
  return rows.map((row) => row.codeHash);
}

async function latestCodeFor(email: string): Promise<string> {
  const message = (await listOutbox(t.handle.db)).find(
    (m) => m.to === email && /verification code is \d{6}/.test(m.text),
  );
  const code = /verification code is (\d{6})/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function signInWithEmailCode(username: string, password: string, email: string): Promise<string> {
  const step = v.parse(TwoFactorPendingSchema, await (await post('/signin', { username, password })).json());
  const ok = await post('/verify-2fa', {
    auth_id: step.two_factor.auth_id,
    code: await latestCodeFor(email),
    method: 'email',
  });
  return v.parse(SignInResponseSchema, await ok.json()).token;
}

describe('enabling 2FA in a sign-in forced setup', () => {
  it('fails whole when the recovery codes cannot be written: 2FA stays off, the same code then works', async () => {
    const started = await post('/signin', { username: 'setup2fa', password: 'Setup2fa#2026' });
    const ticket = v.parse(TwoFactorPendingSchema, await started.json()).two_factor.auth_id;
    expect((await post('/configure-2fa', { auth_id: ticket, method: 'totp' })).status).toBe(200);
    const { key } = v.parse(
      TotpSetupKeySchema,
      await (await get(`/totp-setup-key?auth_id=${ticket}`)).json(),
    );
    const code = authenticator.generate(key);

    await fail(insertingCodes);
    const failed = await post('/configure-2fa', { auth_id: ticket, method: 'totp', key: code });
    expect(failed.status).toBe(500);
    // The method was written before the codes; the failure took it back with them.
    const user = await userRow('setup2fa@example.com');
    expect(user.totpSecret).toBeNull();
    expect(user.emailTwoFactor).toBe(false);
    expect(await storedCodes('setup2fa@example.com')).toEqual([]);
    const [challenge] = await t.handle.db
      .select({ level: twoFactorChallenges.level, pendingCodes: twoFactorChallenges.pendingCodes })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.id))
      .orderBy(asc(twoFactorChallenges.id));
    expect(challenge).toEqual({ level: '2.1', pendingCodes: null });

    await heal();
    // The code's time step was not spent by the failed attempt.
    const done = await post('/configure-2fa', { auth_id: ticket, method: 'totp', key: code });
    expect(done.status).toBe(200);
    expect(v.parse(ConfigureTwoFactorResponseSchema, await done.json()).codes).toHaveLength(10);
    expect((await userRow('setup2fa@example.com')).totpSecret).toMatch(/^v1\./);
    expect(await storedCodes('setup2fa@example.com')).toHaveLength(10);
  });
});

describe('signed-in 2FA changes', () => {
  const email = 'affiliate@example.com';
  const password = 'Affiliate#2026';
  let mine = '';
  let codes: string[] = [];

  /** Another session of the account, once it has an authenticator: signed in with a recovery code. */
  async function signInWithRecoveryCode(code: string | undefined): Promise<string> {
    const step = v.parse(
      TwoFactorPendingSchema,
      await (await post('/signin', { username: 'affiliate', password })).json(),
    );
    const ok = await post('/verify-2fa', {
      auth_id: step.two_factor.auth_id,
      code,
      method: 'totp',
      recovery: true,
    });
    return v.parse(SignInResponseSchema, await ok.json()).token;
  }

  it('enables e-mail 2FA whole or not at all: a failure ending the other sessions leaves 2FA off', async () => {
    mine = await signIn(t.app, 'affiliate', password);
    const other = await signIn(t.app, 'affiliate', password);
    expect((await post('/configure-2fa', { method: 'email' }, mine)).status).toBe(200);
    const code = await latestCodeFor(email);

    await fail(revokingSessions);
    expect((await post('/configure-2fa', { method: 'email', key: code }, mine)).status).toBe(500);
    expect((await userRow(email)).emailTwoFactor).toBe(false);
    expect(await storedCodes(email)).toEqual([]);
    expect((await get('/profile', other)).status).toBe(200);

    await heal();
    const done = await post('/configure-2fa', { method: 'email', key: code }, mine);
    expect(done.status).toBe(200);
    codes = v.parse(ConfigureTwoFactorResponseSchema, await done.json()).codes ?? [];
    expect(codes).toHaveLength(10);
    expect((await userRow(email)).emailTwoFactor).toBe(true);
    expect((await get('/profile', other)).status).toBe(401);
  });

  it('changes the factor (e-mail to authenticator) whole or not at all', async () => {
    const other = await signInWithEmailCode('affiliate', password, email);
    const codesBefore = await storedCodes(email);
    const started = await post(
      '/configure-2fa',
      { method: 'totp', current_password: password, code: codes[0] },
      mine,
    );
    expect(started.status).toBe(200);
    const { key } = v.parse(TotpSetupKeySchema, await (await get('/totp-setup-key', mine)).json());
    const code = authenticator.generate(key);

    for (const fault of [insertingCodes, revokingSessions]) {
      await fail(fault);
      expect((await post('/configure-2fa', { method: 'totp', key: code }, mine)).status).toBe(500);
      const user = await userRow(email);
      expect([user.emailTwoFactor, user.totpSecret]).toEqual([true, null]);
      expect(await storedCodes(email)).toEqual(codesBefore);
      expect((await get('/profile', other)).status).toBe(200);
      await heal();
    }

    const done = await post('/configure-2fa', { method: 'totp', key: code }, mine);
    expect(done.status).toBe(200);
    codes = v.parse(ConfigureTwoFactorResponseSchema, await done.json()).codes ?? [];
    const user = await userRow(email);
    expect(user.emailTwoFactor).toBe(false);
    expect(user.totpSecret).toMatch(/^v1\./);
    expect(await storedCodes(email)).not.toEqual(codesBefore);
    expect((await get('/profile', other)).status).toBe(401);
  });

  it('renews the recovery codes whole or not at all', async () => {
    const other = await signInWithRecoveryCode(codes[1]);
    const codesBefore = await storedCodes(email);

    await fail(revokingSessions);
    const failed = await post('/get-backup-codes', { current_password: password, code: codes[2] }, mine);
    expect(failed.status).toBe(500);
    expect(await storedCodes(email)).toEqual(codesBefore);
    expect((await get('/profile', other)).status).toBe(200);
  });

  it('disables the last method whole or not at all: the codes and the other sessions go with it', async () => {
    const other = await signInWithRecoveryCode(codes[3]);
    const codesBefore = await storedCodes(email);

    await fail(revokingSessions);
    const failed = await post(
      '/disable-2fa',
      { method: 'totp', current_password: password, code: codes[4] },
      mine,
    );
    expect(failed.status).toBe(500);
    expect((await userRow(email)).totpSecret).toMatch(/^v1\./);
    expect(await storedCodes(email)).toEqual(codesBefore);
    expect((await get('/profile', other)).status).toBe(200);

    await heal();
    const done = await post(
      '/disable-2fa',
      { method: 'totp', current_password: password, code: codes[5] },
      mine,
    );
    expect(await done.json()).toEqual({ success: true, twoFA: { totp: false, email: false } });
    expect((await userRow(email)).totpSecret).toBeNull();
    expect(await storedCodes(email)).toEqual([]);
    expect((await get('/profile', other)).status).toBe(401);
  });
});
