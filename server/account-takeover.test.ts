import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignInResponseSchema } from '../shared/schemas/session';
import { BackupCodesSchema, TwoFactorPendingSchema } from '../shared/schemas/two-factor';
import { recoveryCodes, sessions, signOutLinks, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { demoTotpSecret } from './seed/demo-accounts';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

/**
 * Issue 26: an account that a stolen token or a staff member working in it cannot take over. Sensitive
 * changes need the owner (password and code), staff sessions are refused them, and the owner is told.
 */

let t: TestApp;
const origin = 'https://portal.example.test';
const switchedMessage =
  "Staff working in a customer's account cannot change its password, e-mail address, two-factor authentication or saved cards.";

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin, signInRateLimit: { perAccount: 1000, perIp: 100_000 } });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...headers, ...(token ? { 'X-WP-Nonce': token } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { headers: token ? { 'X-WP-Nonce': token } : {} });
const fields = async (response: Response) =>
  ((await response.json()) as { data: { fields: Record<string, string> } }).data.fields;

async function userRow(email: string) {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}
const totpAt = (at: Date) => authenticator.clone({ epoch: at.getTime() }).generate(demoTotpSecret);
const mailsTo = async (email: string) => (await listOutbox(t.handle.db)).filter((m) => m.to === email);

/** The TOTP account signed in by its owner: password, then the authenticator's code. */
async function signInTotp(): Promise<string> {
  const started = await post('/signin', { username: 'totp', password: 'Totp#2026' });
  const { auth_id } = v.parse(TwoFactorPendingSchema, await started.json()).two_factor;
  const ok = await post('/verify-2fa', { auth_id, code: totpAt(new Date()), method: 'totp' });
  expect(ok.status).toBe(200);
  return v.parse(SignInResponseSchema, await ok.json()).token;
}

/**
 * Moves the clock to a later 30-second step than any used so far, so a new TOTP code exists (each
 * works once); the offset outlives the real clock each test ends with.
 */
let clockOffset = 0;
function nextTotpStep(): void {
  clockOffset += 31_000;
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + clockOffset });
}

describe('a shop manager switched into a customer', () => {
  it('is refused the takeover, step by step, and may still look and help', async () => {
    const manager = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const customer = await userRow('totp@example.com');
    const switchedIn = await post('/user-switch', { user_id: customer.id }, manager);
    expect(switchedIn.status).toBe(200);
    const token = v.parse(SignInResponseSchema, await switchedIn.json()).token;
    const proof = { current_password: 'Totp#2026', code: totpAt(new Date()) };

    const steps: [string, Response][] = [
      ['disable the authenticator', await post('/disable-2fa', { method: 'totp', ...proof }, token)],
      ['configure another method', await post('/configure-2fa', { method: 'email', ...proof }, token)],
      ['new recovery codes', await post('/get-backup-codes', proof, token)],
      ['recovery codes (GET)', await get('/get-backup-codes', token)],
      ['an e-mail code to confirm', await post('/reauth-code', {}, token)],
      [
        'a new password',
        await post(
          '/profile',
          { type: 'password', ...proof, new_password: 'Taken over 1A', new_password_2: 'Taken over 1A' },
          token,
        ),
      ],
      [
        'a new e-mail',
        await post(
          '/profile',
          {
            type: 'profile',
            first_name: 'T',
            last_name: 'O',
            display_name: 'TO',
            email: 'm@evil.test',
            ...proof,
          },
          token,
        ),
      ],
      ['confirm an e-mail', await post('/profile/confirm-email', { key: 'a'.repeat(43) }, token)],
      ['add a card', await post('/profile/add-card', {}, token)],
      ['remove a card', await post('/profile/remove-card', { payment_method: 'pm_x' }, token)],
    ];
    for (const [step, response] of steps) {
      expect([step, response.status]).toEqual([step, 403]);
      expect([step, ((await response.json()) as { message: string }).message]).toEqual([
        step,
        switchedMessage,
      ]);
    }
    // HEAD runs the GET handler in Hono: the guard treats it as the GET it is.
    for (const path of ['/totp-setup-key', '/get-backup-codes', '/download-backup-codes']) {
      const head = await t.app.request(`/api/v1${path}`, {
        method: 'HEAD',
        headers: { 'X-WP-Nonce': token },
      });
      expect([path, head.status]).toEqual([path, 403]);
    }
    const after = await userRow('totp@example.com');
    expect(after.totpSecret).toBe(customer.totpSecret);
    expect(after.passwordHash).toBe(customer.passwordHash);
    expect(after.email).toBe('totp@example.com');

    // Looking and helping: the profile, the names (same e-mail) and the address still work.
    expect((await get('/profile', token)).status).toBe(200);
    const names = await post(
      '/profile',
      {
        type: 'profile',
        first_name: 'Tess',
        last_name: 'Totp',
        display_name: 'Tess',
        email: 'TOTP@example.com',
      },
      token,
    );
    expect(names.status).toBe(200);
    // The customer still signs in with the password and the authenticator.
    nextTotpStep();
    await signInTotp();
  });
});

describe('re-authentication for sensitive changes', () => {
  it('disables 2FA only with the current password and a right code, once, and mails the owner', async () => {
    nextTotpStep();
    const token = await signInTotp();
    const missing = await post('/disable-2fa', { method: 'totp' }, token);
    expect(missing.status).toBe(400);
    expect(await fields(missing)).toEqual({ current_password: 'Please enter your current password' });
    const noCode = await post('/disable-2fa', { method: 'totp', current_password: 'Totp#2026' }, token);
    expect(await fields(noCode)).toEqual({
      code: 'Please enter a code from your authenticator app, your e-mail or a recovery code.',
    });
    const wrongPassword = await post(
      '/disable-2fa',
      { method: 'totp', current_password: 'Guess#2026', code: totpAt(new Date()) },
      token,
    );
    expect(await fields(wrongPassword)).toEqual({ current_password: 'The current password is not correct.' });
    // The code of the sign-in itself: already used.
    const used = await post(
      '/disable-2fa',
      { method: 'totp', current_password: 'Totp#2026', code: totpAt(new Date()) },
      token,
    );
    expect(await fields(used)).toEqual({ code: 'This code is not valid or was already used.' });
    expect((await userRow('totp@example.com')).totpSecret).not.toBeNull();

    // New recovery codes: POST with the proof (a GET, token alone, is refused).
    expect((await get('/get-backup-codes', token)).status).toBe(405);
    nextTotpStep();
    const fresh = await post(
      '/get-backup-codes',
      { current_password: 'Totp#2026', code: totpAt(new Date()) },
      token,
    );
    expect(fresh.status).toBe(200);
    const { codes } = v.parse(BackupCodesSchema, await fresh.json());
    expect((await mailsTo('totp@example.com'))[0]?.subject).toBe('New recovery codes were made');

    // A recovery code is a code too; it then disables the authenticator.
    const disabled = await post(
      '/disable-2fa',
      { method: 'totp', current_password: 'Totp#2026', code: codes[0] },
      token,
    );
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toEqual({ success: true, twoFA: { totp: false, email: false } });
    const user = await userRow('totp@example.com');
    expect(user.totpSecret).toBeNull();
    expect(await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
    const [mail] = await mailsTo('totp@example.com');
    expect(mail?.subject).toBe('Two-factor authentication was turned off');
    expect(mail?.text).not.toContain('Totp#2026');
    expect(mail?.text).toContain(`${origin}/account/sign-out-everywhere?token=`);
  });

  it('asks an e-mail 2FA account for a mailed code, which works once', async () => {
    const started = await post('/signin', { username: 'email2fa', password: 'Email2fa#2026' });
    const { auth_id } = v.parse(TwoFactorPendingSchema, await started.json()).two_factor;
    const codeIn = async () => {
      const mail = (await mailsTo('email2fa@example.com')).find((m) => /code is \d{6}/.test(m.text));
      return /code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    };
    const signedIn = await post('/verify-2fa', { auth_id, code: await codeIn(), method: 'email' });
    const token = v.parse(SignInResponseSchema, await signedIn.json()).token;
    const signInCode = await codeIn();

    const sent = await post('/reauth-code', {}, token);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, hidden_email: 'em******@example.com' });
    const code = await codeIn();
    expect(code).not.toBe(signInCode);
    const proof = { current_password: 'Email2fa#2026' };
    expect(await fields(await post('/get-backup-codes', { ...proof, code: signInCode }, token))).toEqual({
      code: 'This code is not valid or was already used.',
    });
    expect((await post('/get-backup-codes', { ...proof, code }, token)).status).toBe(200);
    expect((await post('/get-backup-codes', { ...proof, code }, token)).status).toBe(400);
  });
});

describe('"This wasn\'t me"', () => {
  it('mails a new-device sign-in, and its link signs every session out, once', async () => {
    const ua = { 'User-Agent': 'Takeover test browser/1.0' };
    const signInFrom = async (headers: Record<string, string>) => {
      const response = await post(
        '/signin',
        { username: 'company', password: 'Company#2026' },
        undefined,
        headers,
      );
      return v.parse(SignInResponseSchema, await response.json()).token;
    };
    const before = (await mailsTo('company@example.com')).length;
    const first = await signInFrom(ua);
    const second = await signInFrom(ua);
    const newDevice = (await mailsTo('company@example.com')).filter(
      (m) => m.subject === 'New sign-in to your account',
    );
    // Only the first sign-in from this browser is news.
    expect(newDevice.length - before).toBeLessThanOrEqual(1);
    const [mail] = newDevice;
    expect(mail?.text).toContain('Takeover test browser/1.0');
    const other = await signInFrom({ 'User-Agent': 'Another browser/2.0' });
    const [latest] = await mailsTo('company@example.com');
    expect(latest?.subject).toBe('New sign-in to your account');
    expect(latest?.text).toContain('Another browser/2.0');

    const link = new URL(/https:\/\/\S+sign-out-everywhere\S+/.exec(latest?.text ?? '')?.[0] ?? '');
    expect(link.origin).toBe(origin);
    const token = link.searchParams.get('token') ?? '';
    expect(JSON.stringify(await t.handle.db.select().from(signOutLinks))).not.toContain(token);

    // Opening the link changes nothing (mail scanners open links); the button does.
    const page = await t.app.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign out every session');
    for (const session of [first, second, other]) expect((await get('/profile', session)).status).toBe(200);

    const use = () =>
      t.app.request(link.pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
    const done = await use();
    expect(done.status).toBe(200);
    const text = await done.text();
    expect(text).toContain('Every session of your account has been signed out.');
    expect(text).toContain('href="/auth/forget-pass"');
    for (const session of [first, second, other]) expect((await get('/profile', session)).status).toBe(401);
    const user = await userRow('company@example.com');
    const live = await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    // Once only.
    const again = await use();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link is invalid, was already used or has expired.');
  });
});

describe('common passwords', () => {
  it('are refused on the reset link (and so on the guest set-password link, the same call)', async () => {
    const asked = await post('/reset-password', { user: 'affiliate@example.com' });
    expect(asked.status).toBe(200);
    // The link is made and mailed after the answer (the same time for known and unknown addresses).
    await t.background.idle();
    const [mail] = await mailsTo('affiliate@example.com');
    const link = new URL(/https:\/\/\S+reset-password\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    const reset = (password: string) =>
      post('/reset-password', {
        key: link.searchParams.get('key'),
        user: link.searchParams.get('user'),
        action: 'rp',
        new_pass: password,
        new_pass_2: password,
      });
    const common = await reset('Trustno1');
    expect(common.status).toBe(400);
    expect(await fields(common)).toEqual({
      password: 'This password is too common, please choose another one.',
    });
    // The key was not used up by the refusal.
    expect((await reset('Far less common 7')).status).toBe(200);
  });
});

describe('replacing 2FA with the other method (POST /configure-2fa, signed in)', () => {
  const password = 'Email2fa#2026';
  const email = 'email2fa@example.com';
  const codeIn = async () => {
    const mail = (await mailsTo(email)).find((m) => /code is \d{6}/.test(m.text));
    return /code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const changedNotices = async () =>
    (await mailsTo(email)).filter((m) => m.subject === 'Two-factor authentication was changed');

  it('from e-mail codes to the authenticator and back: refused without the password and a code, then done and mailed', async () => {
    nextTotpStep();
    const started = await post('/signin', { username: 'email2fa', password });
    const { auth_id } = v.parse(TwoFactorPendingSchema, await started.json()).two_factor;
    const signedIn = await post('/verify-2fa', { auth_id, code: await codeIn(), method: 'email' });
    expect(signedIn.status).toBe(200);
    const token = v.parse(SignInResponseSchema, await signedIn.json()).token;
    const before = await userRow(email);
    expect(before.emailTwoFactor).toBe(true);
    expect(before.totpSecret).toBeNull();
    const noticesBefore = (await changedNotices()).length;

    // E-mail → authenticator: a bearer token alone, or a wrong proof, does not start it.
    const missing = await post('/configure-2fa', { method: 'totp' }, token);
    expect(missing.status).toBe(400);
    expect(await fields(missing)).toEqual({ current_password: 'Please enter your current password' });
    const noCode = await post('/configure-2fa', { method: 'totp', current_password: password }, token);
    expect(noCode.status).toBe(400);
    expect(await fields(noCode)).toEqual({
      code: 'Please enter a code from your authenticator app, your e-mail or a recovery code.',
    });
    expect((await post('/reauth-code', {}, token)).status).toBe(200);
    const reauthCode = await codeIn();
    const wrongPassword = await post(
      '/configure-2fa',
      { method: 'totp', current_password: 'Guess#2026', code: reauthCode },
      token,
    );
    expect(wrongPassword.status).toBe(400);
    expect(await fields(wrongPassword)).toEqual({ current_password: 'The current password is not correct.' });
    const wrongCode = await post(
      '/configure-2fa',
      { method: 'totp', current_password: password, code: '000000' },
      token,
    );
    expect(wrongCode.status).toBe(400);
    expect(await fields(wrongCode)).toEqual({ code: 'This code is not valid or was already used.' });
    // Nothing was started: there is no authenticator secret to fetch, nor a setup to confirm.
    expect((await get('/totp-setup-key', token)).status).toBe(409);
    expect((await post('/configure-2fa', { method: 'totp', key: '123456' }, token)).status).toBe(409);
    expect(await userRow(email)).toMatchObject({ emailTwoFactor: true, totpSecret: null });
    expect(await changedNotices()).toHaveLength(noticesBefore);

    // With the password and the mailed code: the authenticator is set up, e-mail codes are off.
    const toTotp = await post(
      '/configure-2fa',
      { method: 'totp', current_password: password, code: reauthCode },
      token,
    );
    expect(toTotp.status).toBe(200);
    expect(toTotp.headers.get('X-2FA-Setup')).toBe('2.1');
    const { key } = (await (await get('/totp-setup-key', token)).json()) as { key: string };
    const confirmed = await post(
      '/configure-2fa',
      { method: 'totp', key: authenticator.clone({ epoch: Date.now() }).generate(key) },
      token,
    );
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { codes: string[] }).codes).toHaveLength(10);
    const onTotp = await userRow(email);
    expect(onTotp.emailTwoFactor).toBe(false);
    expect(onTotp.totpSecret).toMatch(/^v1\./);
    const [toTotpNotice] = await changedNotices();
    expect(await changedNotices()).toHaveLength(noticesBefore + 1);
    expect(toTotpNotice?.text).toContain(
      'The two-factor authentication of your account was set up again with another method or device.',
    );
    expect(toTotpNotice?.text).toContain(`${origin}/account/sign-out-everywhere?token=`);
    expect(toTotpNotice?.text).not.toContain(password);
    expect(toTotpNotice?.text).not.toContain(key);
    expect((await get('/download-backup-codes', token)).status).toBe(200);

    // Authenticator → e-mail: the same refusals, now answered with an authenticator code.
    nextTotpStep();
    const noProof = await post('/configure-2fa', { method: 'email' }, token);
    expect(noProof.status).toBe(400);
    expect(await fields(noProof)).toEqual({ current_password: 'Please enter your current password' });
    const noTotpCode = await post('/configure-2fa', { method: 'email', current_password: password }, token);
    expect(await fields(noTotpCode)).toEqual({
      code: 'Please enter a code from your authenticator app, your e-mail or a recovery code.',
    });
    const totpNow = authenticator.clone({ epoch: Date.now() }).generate(key);
    const badPassword = await post(
      '/configure-2fa',
      { method: 'email', current_password: 'Guess#2026', code: totpNow },
      token,
    );
    expect(await fields(badPassword)).toEqual({ current_password: 'The current password is not correct.' });
    expect(await userRow(email)).toMatchObject({ emailTwoFactor: false, totpSecret: onTotp.totpSecret });

    const toEmail = await post(
      '/configure-2fa',
      { method: 'email', current_password: password, code: totpNow },
      token,
    );
    expect(toEmail.status).toBe(200);
    expect(toEmail.headers.get('X-2FA-Setup')).toBe('2');
    const done = await post('/configure-2fa', { method: 'email', key: await codeIn() }, token);
    expect(done.status).toBe(200);
    expect(await userRow(email)).toMatchObject({ emailTwoFactor: true, totpSecret: null });
    const notices = await changedNotices();
    expect(notices).toHaveLength(noticesBefore + 2);
    expect(notices[0]?.text).toContain(`${origin}/account/sign-out-everywhere?token=`);
  });

  it('a setup started before 2FA was on cannot replace it later without the password', async () => {
    const token = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    // No 2FA yet: starting needs no proof. The authenticator is started and left, e-mail codes finished.
    expect((await post('/configure-2fa', { method: 'totp' }, token)).status).toBe(200);
    const { key } = (await (await get('/totp-setup-key', token)).json()) as { key: string };
    expect((await post('/configure-2fa', { method: 'email' }, token)).status).toBe(200);
    const mail = (await mailsTo('customer@example.com')).find((m) => /code is \d{6}/.test(m.text));
    const code = /code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await post('/configure-2fa', { method: 'email', key: code }, token)).status).toBe(200);
    expect((await get('/download-backup-codes', token)).status).toBe(200);
    const on = await userRow('customer@example.com');
    expect(on).toMatchObject({ emailTwoFactor: true, totpSecret: null });

    // The token alone now: the abandoned authenticator setup is gone, not a way around the proof.
    expect((await get('/totp-setup-key', token)).status).toBe(409);
    nextTotpStep();
    const replaced = await post(
      '/configure-2fa',
      { method: 'totp', key: authenticator.clone({ epoch: Date.now() }).generate(key) },
      token,
    );
    expect(replaced.status).toBe(409);
    expect(await userRow('customer@example.com')).toMatchObject({ emailTwoFactor: true, totpSecret: null });
  });
});
