import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignInResponseSchema } from '../shared/schemas/session';
import {
  ConfigureTwoFactorResponseSchema,
  DownloadBackupCodesSchema,
  TotpSetupKeySchema,
  TwoFactorPendingSchema,
} from '../shared/schemas/two-factor';
import { recoveryCodes, sessions, twoFactorChallenges, twoFactorGuards, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { demoTotpSecret } from './seed/demo-accounts';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimit: { perAccount: 1000, perIp: 100_000 } });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

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

/** Signs in with the password and returns the 2FA step the server answered. */
async function startSignIn(username: string, password: string) {
  const response = await post('/signin', { username, password });
  expect(response.status).toBe(200);
  expect(response.headers.get('X-WP-Nonce')).toBeNull();
  const body = v.parse(TwoFactorPendingSchema, await response.json());
  return { response, ...body.two_factor };
}

/** The code the TOTP demo account's authenticator shows at `at`. */
const totpAt = (at: Date, secret = demoTotpSecret) =>
  authenticator.clone({ epoch: at.getTime() }).generate(secret);

async function latestCodeFor(email: string): Promise<string> {
  // The newest code mailed there (security notices go to the same address).
  const message = (await listOutbox(t.handle.db)).find(
    (m) => m.to === email && /verification code is \d{6}/.test(m.text),
  );
  const code = /verification code is (\d{6})/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function unlock(email: string) {
  const user = await userRow(email);
  await t.handle.db.delete(twoFactorGuards).where(eq(twoFactorGuards.userId, user.id));
}

describe('TOTP sign-in', () => {
  it('asks for a code with the X-2FA-* headers and gives the token only for the right code', async () => {
    const step = await startSignIn('totp@example.com', 'Totp#2026');
    expect(step.response.headers.get('X-2FA-Required')).toBe('true');
    expect(step.response.headers.get('X-2FA-Setup')).toBe('1');
    expect(step.response.headers.get('X-2FA-Type')).toBe('totp');
    expect(step.response.headers.get('X-2FA-Auth-Id')).toBe(step.auth_id);
    expect(step.auth_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(step.hidden_email).toBe('to**@example.com');

    const wrong = await post('/verify-2fa', { auth_id: step.auth_id, code: '000000', method: 'totp' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: 'Sorry, your verification code is not valid, please try again.',
      data: { fields: { code: 'Sorry, your verification code is not valid, please try again.' } },
    });

    const right = await post('/verify-2fa', {
      auth_id: step.auth_id,
      code: totpAt(new Date()),
      method: 'totp',
    });
    expect(right.status).toBe(200);
    const body = v.parse(SignInResponseSchema, await right.json());
    expect(right.headers.get('X-WP-Nonce')).toBe(body.token);
    expect(body.user.twoFA.totp).toBe(true);
    expect((await get('/profile', body.token)).status).toBe(200);
    await unlock('totp@example.com');
  });

  it('refuses a TOTP code used once already, even in a new sign-in', async () => {
    // The next time step, so the code of the previous test cannot interfere.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const code = totpAt(new Date());
    const first = await startSignIn('totp', 'Totp#2026');
    expect((await post('/verify-2fa', { auth_id: first.auth_id, code, method: 'totp' })).status).toBe(200);
    const second = await startSignIn('totp', 'Totp#2026');
    const reused = await post('/verify-2fa', { auth_id: second.auth_id, code, method: 'totp' });
    expect(reused.status).toBe(400);
    expect(reused.headers.get('X-WP-Nonce')).toBeNull();
  });

  it('accepts the code of the step before and after (±30 s), not two steps away', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const now = Date.now();
    const early = await startSignIn('totp', 'Totp#2026');
    const far = await post('/verify-2fa', {
      auth_id: early.auth_id,
      code: totpAt(new Date(now + 90_000)),
      method: 'totp',
    });
    expect(far.status).toBe(400);
    const near = await post('/verify-2fa', {
      auth_id: early.auth_id,
      code: totpAt(new Date(now + 30_000)),
      method: 'totp',
    });
    expect(near.status).toBe(200);
    await unlock('totp@example.com');
  });

  it('locks the account after 5 wrong codes: the 6th answer is 429, even with the right code', async () => {
    const step = await startSignIn('totp', 'Totp#2026');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/verify-2fa', { auth_id: step.auth_id, code: '111111', method: 'totp' });
      expect(wrong.status).toBe(400);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20 * 60_000 - 14 * 60_000 });
    const again = await startSignIn('totp', 'Totp#2026');
    const locked = await post('/verify-2fa', {
      auth_id: again.auth_id,
      code: totpAt(new Date()),
      method: 'totp',
    });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 'two_factor_locked' });
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);

    // 15 minutes after the 5th wrong code the lock is over.
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const later = await startSignIn('totp', 'Totp#2026');
    const ok = await post('/verify-2fa', {
      auth_id: later.auth_id,
      code: totpAt(new Date()),
      method: 'totp',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown, malformed or used ticket and never takes a bare user id', async () => {
    const user = await userRow('totp@example.com');
    for (const body of [
      { auth_id: 'x'.repeat(43), code: '123456', method: 'totp' },
      { auth_id: 'not a ticket', code: '123456', method: 'totp' },
      { user_id: user.id, code: '123456', method: 'totp' },
    ]) {
      const response = await post('/verify-2fa', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'two_factor_expired' });
    }
    const empty = await post('/verify-2fa', { auth_id: 'x'.repeat(43), code: '  ', method: 'totp' });
    expect(await empty.json()).toMatchObject({
      data: { fields: { code: 'Please insert verification code' } },
    });
  });
});

describe('e-mail 2FA', () => {
  it('mails a 6-digit code that signs in once', async () => {
    const step = await startSignIn('email2fa', 'Email2fa#2026');
    expect(step.response.headers.get('X-2FA-Type')).toBe('email');
    expect(step.hidden_email).toBe('em******@example.com');
    const code = await latestCodeFor('email2fa@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const ok = await post('/verify-2fa', { auth_id: step.auth_id, code, method: 'email' });
    expect(ok.status).toBe(200);
    const again = await post('/verify-2fa', { auth_id: step.auth_id, code, method: 'email' });
    expect(again.status).toBe(400);
  });

  it("answers 'Expired code or wrong one' for a wrong code and for a right one after 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const step = await startSignIn('email2fa', 'Email2fa#2026');
    const code = await latestCodeFor('email2fa@example.com');
    const wrong = await post('/verify-2fa', {
      auth_id: step.auth_id,
      code: code === '000000' ? '000001' : '000000',
      method: 'email',
    });
    expect(await wrong.json()).toMatchObject({ message: 'Expired code or wrong one' });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const stale = await post('/verify-2fa', { auth_id: step.auth_id, code, method: 'email' });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({
      message: 'Expired code or wrong one',
      data: { fields: { code: 'Expired code or wrong one' } },
    });
    await unlock('email2fa@example.com');
  });
});

describe('forced setup (policy requires 2FA)', () => {
  let codes: string[] = [];

  it('walks level 1 → 2.1 → 3 and gives the token only with the recovery codes', async () => {
    const step = await startSignIn('setup2fa', 'Setup2fa#2026');
    expect(step.response.headers.get('X-2FA-Required')).toBe('false');
    expect(step.response.headers.get('X-2FA-Setup')).toBe('1');
    expect(step.method).toBeNull();
    const ticket = step.auth_id;

    // No codes and no token before the method is configured.
    expect((await get(`/download-backup-codes?auth_id=${ticket}`)).status).toBe(409);
    expect((await post('/verify-2fa', { auth_id: ticket, code: '123456', method: 'totp' })).status).toBe(400);

    const chosen = await post('/configure-2fa', { auth_id: ticket, method: 'totp' });
    expect(chosen.headers.get('X-2FA-Setup')).toBe('2.1');
    expect(chosen.headers.get('X-2FA-Type')).toBe('totp');

    const keyResponse = await get(`/totp-setup-key?auth_id=${ticket}`);
    const { qr_image, key } = v.parse(TotpSetupKeySchema, await keyResponse.json());
    expect(qr_image).toMatch(/^data:image\/png;base64,/);
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await userRow('setup2fa@example.com');
    expect(stored.totpSecret).toBeNull();

    const wrong = await post('/configure-2fa', { auth_id: ticket, method: 'totp', key: '000000' });
    expect(wrong.status).toBe(400);
    const configured = await post('/configure-2fa', {
      auth_id: ticket,
      method: 'totp',
      key: totpAt(new Date(), key),
    });
    expect(configured.status).toBe(200);
    expect(configured.headers.get('X-2FA-Setup')).toBe('3');
    expect(configured.headers.get('X-WP-Nonce')).toBeNull();
    const body = v.parse(ConfigureTwoFactorResponseSchema, await configured.json());
    codes = body.codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const fetched = await get(`/get-backup-codes?auth_id=${ticket}`);
    expect(await fetched.json()).toEqual({ codes });

    const download = await get(`/download-backup-codes?auth_id=${ticket}`);
    expect(download.status).toBe(200);
    const done = v.parse(DownloadBackupCodesSchema, await download.json());
    expect(done.codes).toEqual(codes);
    expect(done.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(download.headers.get('X-WP-Nonce')).toBe(done.token);
    expect(done.user.twoFA).toEqual({ totp: true, email: false });
    // The ticket is used up.
    expect((await get(`/download-backup-codes?auth_id=${ticket}`)).status).toBe(400);
  });

  it('then asks for a code at sign-in, and a recovery code works once', async () => {
    const step = await startSignIn('setup2fa', 'Setup2fa#2026');
    expect(step.response.headers.get('X-2FA-Required')).toBe('true');
    const recovery = codes[0] ?? '';
    const ok = await post('/verify-2fa', {
      auth_id: step.auth_id,
      code: recovery.toLowerCase(),
      method: 'totp',
      recovery: true,
    });
    expect(ok.status).toBe(200);
    const again = await startSignIn('setup2fa', 'Setup2fa#2026');
    const reused = await post('/verify-2fa', {
      auth_id: again.auth_id,
      code: recovery,
      method: 'totp',
      recovery: true,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      message: 'Sorry, your verification code is not valid, please try again.',
    });
    await unlock('setup2fa@example.com');
  });

  it('keeps the last method of an account whose policy requires 2FA', async () => {
    const step = await startSignIn('setup2fa', 'Setup2fa#2026');
    const ok = await post('/verify-2fa', {
      auth_id: step.auth_id,
      code: codes[1],
      method: 'totp',
      recovery: true,
    });
    const token = v.parse(SignInResponseSchema, await ok.json()).token;
    const refused = await post('/disable-2fa', { method: 'totp' }, token);
    expect(refused.status).toBe(403);
    expect((await userRow('setup2fa@example.com')).totpSecret).toMatch(/^v1\./);
  });

  it('stores no secret, code, ticket or token in plain text', async () => {
    const user = await userRow('setup2fa@example.com');
    const stored = await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    const totpUser = await userRow('totp@example.com');
    expect(totpUser.totpSecret).toMatch(/^v1\./);
    expect(totpUser.totpSecret).not.toContain(demoTotpSecret);
    expect(user.totpSecret).toMatch(/^v1\./);

    const token = await (async () => {
      const step = await startSignIn('email2fa', 'Email2fa#2026');
      const code = await latestCodeFor('email2fa@example.com');
      const challenges = JSON.stringify(await t.handle.db.select().from(twoFactorChallenges));
      expect(challenges).not.toContain(step.auth_id);
      expect(challenges).not.toContain(code);
      const ok = await post('/verify-2fa', { auth_id: step.auth_id, code, method: 'email' });
      return v.parse(SignInResponseSchema, await ok.json()).token;
    })();
    expect(JSON.stringify(await t.handle.db.select().from(sessions))).not.toContain(token);
  });
});

describe('signed-in 2FA changes', () => {
  it('configures e-mail 2FA from the profile and revokes the other sessions, not this one', async () => {
    const mine = await signIn(t.app, 'affiliate', 'Affiliate#2026');
    const other = await signIn(t.app, 'affiliate', 'Affiliate#2026');
    const started = await post('/configure-2fa', { method: 'email' }, mine);
    expect(started.headers.get('X-2FA-Setup')).toBe('2');
    expect(started.headers.get('X-2FA-Auth-Id')).toBeNull();
    const code = await latestCodeFor('affiliate@example.com');
    const done = await post('/configure-2fa', { method: 'email', key: code }, mine);
    expect(done.status).toBe(200);
    expect(v.parse(ConfigureTwoFactorResponseSchema, await done.json()).codes).toHaveLength(10);
    expect((await get('/profile', other)).status).toBe(401);
    expect((await get('/profile', mine)).status).toBe(200);

    const download = v.parse(
      DownloadBackupCodesSchema,
      await (await get('/download-backup-codes', mine)).json(),
    );
    expect(download.token).toBeNull();
    expect(download.codes).toHaveLength(10);
  });

  it('generates new recovery codes, and disables a method', async () => {
    // The account now has e-mail 2FA: sign-in goes through the code.
    const step = await startSignIn('affiliate', 'Affiliate#2026');
    const ok = await post('/verify-2fa', {
      auth_id: step.auth_id,
      code: await latestCodeFor('affiliate@example.com'),
      method: 'email',
    });
    const token = v.parse(SignInResponseSchema, await ok.json()).token;
    // Signed in, new codes need the current password and a code (here one mailed for it).
    expect((await post('/reauth-code', {}, token)).status).toBe(200);
    const fresh = await post(
      '/get-backup-codes',
      { current_password: 'Affiliate#2026', code: await latestCodeFor('affiliate@example.com') },
      token,
    );
    const { codes } = (await fresh.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    const download = v.parse(
      DownloadBackupCodesSchema,
      await (await get('/download-backup-codes', token)).json(),
    );
    expect(download.codes).toEqual(codes);

    const disabled = await post(
      '/disable-2fa',
      { method: 'email', current_password: 'Affiliate#2026', code: codes[0] },
      token,
    );
    expect(await disabled.json()).toEqual({ success: true, twoFA: { totp: false, email: false } });
    const user = await userRow('affiliate@example.com');
    expect(user.emailTwoFactor).toBe(false);
    expect(await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
  });

  it('needs a token or a ticket, and a sign-in ticket cannot configure during a code challenge', async () => {
    expect((await post('/configure-2fa', { method: 'totp' })).status).toBe(401);
    expect((await post('/disable-2fa', { method: 'totp' })).status).toBe(401);
    expect((await get('/get-backup-codes')).status).toBe(401);
    const step = await startSignIn('totp', 'Totp#2026');
    const hijack = await post('/configure-2fa', { auth_id: step.auth_id, method: 'email' });
    expect(hijack.status).toBe(409);
    const user = await userRow('totp@example.com');
    expect(user.emailTwoFactor).toBe(false);
  });
});
