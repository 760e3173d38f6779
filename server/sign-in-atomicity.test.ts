import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignInResponseSchema } from '../shared/schemas/session';
import {
  DownloadBackupCodesSchema,
  TotpSetupKeySchema,
  TwoFactorPendingSchema,
} from '../shared/schemas/two-factor';
import {
  recoveryCodes,
  sessions,
  signOutLinks,
  twoFactorChallenges,
  twoFactorGuards,
  users,
} from './db/schema';
import { demoTotpSecret } from './seed/demo-accounts';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';
import { type InjectedFault, injectFault } from './test-support/faults';

/*
 * Issue 24: the writes that end a sign-in are one transaction with the writes that lead to it. A
 * failure injected into the database while the session is opened (a trigger raising on its insert, or
 * on the new-device notice's link written after it) leaves the code unspent, the ticket open and no
 * session: the same request then succeeds once the fault is gone.
 */

let t: TestApp;
let removeFault: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
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

const openingSession: InjectedFault = { table: 'sessions', operation: 'INSERT' };

const post = (path: string, body: unknown, userAgent = 'atomicity-test') =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'User-Agent': userAgent },
    body: JSON.stringify(body),
  });
const get = (path: string) =>
  t.app.request(`/api/v1${path}`, { headers: { 'User-Agent': 'atomicity-test' } });

async function userId(email: string): Promise<number> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function sessionCount(email: string): Promise<number> {
  const id = await userId(email);
  return (await t.handle.db.select().from(sessions).where(eq(sessions.userId, id))).length;
}

async function challengeOf(email: string) {
  const rows = await t.handle.db
    .select({ consumedAt: twoFactorChallenges.consumedAt, pendingCodes: twoFactorChallenges.pendingCodes })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.userId, await userId(email)))
    .orderBy(twoFactorChallenges.id);
  return rows.at(-1);
}

async function startSignIn(username: string, password: string): Promise<string> {
  const started = await post('/signin', { username, password });
  return v.parse(TwoFactorPendingSchema, await started.json()).two_factor.auth_id;
}

/** The recovery codes the forced setup below gives, for a later sign-in. */
let recovery: string[] = [];

describe('GET /download-backup-codes ending a forced setup', () => {
  it('consumes the ticket only with the session it opens: a failure leaves both for another try', async () => {
    const email = 'setup2fa@example.com';
    const ticket = await startSignIn('setup2fa', 'Setup2fa#2026');
    expect((await post('/configure-2fa', { auth_id: ticket, method: 'totp' })).status).toBe(200);
    const { key } = v.parse(
      TotpSetupKeySchema,
      await (await get(`/totp-setup-key?auth_id=${ticket}`)).json(),
    );
    const done = await post('/configure-2fa', {
      auth_id: ticket,
      method: 'totp',
      key: authenticator.generate(key),
    });
    expect(done.status).toBe(200);

    await fail(openingSession);
    expect((await get(`/download-backup-codes?auth_id=${ticket}`)).status).toBe(500);
    const kept = await challengeOf(email);
    expect(kept?.consumedAt).toBeNull();
    expect(kept?.pendingCodes).not.toBeNull();
    expect(await sessionCount(email)).toBe(0);

    await heal();
    const downloaded = await get(`/download-backup-codes?auth_id=${ticket}`);
    expect(downloaded.status).toBe(200);
    const body = v.parse(DownloadBackupCodesSchema, await downloaded.json());
    recovery = body.codes;
    expect(recovery).toHaveLength(10);
    expect(body.token).toBeTruthy();
    expect(downloaded.headers.get('X-WP-Nonce')).toBe(body.token);
    expect((await challengeOf(email))?.consumedAt).not.toBeNull();
    expect(await sessionCount(email)).toBe(1);
    // Once: the ticket is used up now.
    expect((await get(`/download-backup-codes?auth_id=${ticket}`)).status).toBe(400);
  });
});

describe('POST /verify-2fa', () => {
  it('spends a TOTP step only with the session it opens', async () => {
    const email = 'totp@example.com';
    const ticket = await startSignIn('totp', 'Totp#2026');
    const code = authenticator.generate(demoTotpSecret);

    await fail(openingSession);
    expect((await post('/verify-2fa', { auth_id: ticket, code, method: 'totp' })).status).toBe(500);
    const [guard] = await t.handle.db
      .select({ step: twoFactorGuards.totpLastStep })
      .from(twoFactorGuards)
      .where(eq(twoFactorGuards.userId, await userId(email)));
    expect(guard?.step ?? null).toBeNull();
    expect((await challengeOf(email))?.consumedAt).toBeNull();
    expect(await sessionCount(email)).toBe(0);

    await heal();
    const signedIn = await post('/verify-2fa', { auth_id: ticket, code, method: 'totp' });
    expect(signedIn.status).toBe(200);
    expect(v.parse(SignInResponseSchema, await signedIn.json()).token).toBeTruthy();
    expect(await sessionCount(email)).toBe(1);
  });

  it('spends a recovery code only with the session and the new-device notice it writes', async () => {
    // The account set up above: 2FA on, its recovery codes, one session from another device.
    const email = 'setup2fa@example.com';
    const id = await userId(email);
    const usedCodes = async () =>
      (await t.handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).filter(
        (row) => row.usedAt !== null,
      ).length;
    const links = async () =>
      (await t.handle.db.select().from(signOutLinks).where(eq(signOutLinks.userId, id))).length;
    const ticket = await startSignIn('setup2fa', 'Setup2fa#2026');
    const request = { auth_id: ticket, code: recovery[0], method: 'totp', recovery: true };
    const linksBefore = await links();

    // The notice's link is written after the session: its failure takes the session and the code back.
    await fail({ table: 'sign_out_links', operation: 'INSERT' });
    expect((await post('/verify-2fa', request, 'another-device')).status).toBe(500);
    expect(await usedCodes()).toBe(0);
    expect((await challengeOf(email))?.consumedAt).toBeNull();
    expect(await sessionCount(email)).toBe(1);

    await heal();
    // A wrong code is still counted: its transaction commits before the refusal.
    const wrong = { ...request, code: 'AAAAA-AAAAA' };
    expect((await post('/verify-2fa', wrong, 'another-device')).status).toBe(400);
    const [guard] = await t.handle.db
      .select({ failed: twoFactorGuards.failedAttempts })
      .from(twoFactorGuards)
      .where(eq(twoFactorGuards.userId, id));
    expect(guard?.failed).toBe(1);

    const signedIn = await post('/verify-2fa', request, 'another-device');
    expect(signedIn.status).toBe(200);
    expect(await usedCodes()).toBe(1);
    expect(await sessionCount(email)).toBe(2);
    expect(await links()).toBe(linksBefore + 1);
  });
});
