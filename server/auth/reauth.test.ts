import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reauthMessages } from '../../shared/schemas/reauth-messages';
import { recoveryCodes, twoFactorChallenges, twoFactorGuards, users } from '../db/schema';
import { HttpError, validationError } from '../http/errors';
import { createMailer } from '../mail/mailer';
import { listOutbox } from '../mail/outbox';
import { createTestApp, type TestApp } from '../test-support/app';
import { sendReauthCode, withConfirmedIdentity } from './reauth';
import { replaceRecoveryCodes } from './recovery-codes';
import { createSession, type UserRow } from './sessions';

/*
 * Issue 24: a right re-authentication code is spent in one transaction with the change it authorises.
 * A change that fails after writing (a refusal it throws, a database error) takes its write and the
 * spending back: the same code works for the next try. A wrong code is counted all the same.
 */

let t: TestApp;
const limits = { perAccount: 1000, perIp: 1000, windowSeconds: 900 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account(email: string) {
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const { session } = await createSession(t.handle.db, t.config.session, user.id, {
    ip: '192.0.2.1',
    userAgent: 'reauth-test',
  });
  return { user, session };
}

/** A change that renames the account and then fails with `error`. */
const failingRename = (user: UserRow, error: Error) => async (tx: typeof t.handle.db) => {
  await tx.update(users).set({ displayName: 'Changed' }).where(eq(users.id, user.id));
  throw error;
};

async function displayName(user: UserRow): Promise<string | undefined> {
  const [row] = await t.handle.db
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.name;
}

describe('withConfirmedIdentity', () => {
  it('leaves a recovery code unspent when the change refuses, and spends it with a change that succeeds', async () => {
    const { user, session } = await account('totp@example.com');
    await replaceRecoveryCodes(t.handle.db, user.id, ['ABCDE-FGHJK']);
    const proof = { current_password: 'Totp#2026', code: 'ABCDE-FGHJK' };
    const refusal = validationError({ display_name: 'Refused inside the change' });
    const used = async () => {
      const [row] = await t.handle.db
        .select({ usedAt: recoveryCodes.usedAt })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, user.id));
      return row?.usedAt ?? null;
    };

    await expect(
      withConfirmedIdentity(t.handle.db, limits, user, session, proof, failingRename(user, refusal)),
    ).rejects.toBe(refusal);
    expect(await used()).toBeNull();
    expect(await displayName(user)).not.toBe('Changed');

    const done = await withConfirmedIdentity(t.handle.db, limits, user, session, proof, async () => 'done');
    expect(done).toBe('done');
    expect(await used()).not.toBeNull();
  });

  it('leaves an e-mailed code unspent when the change fails in the database', async () => {
    const { user, session } = await account('email2fa@example.com');
    await sendReauthCode(t.handle.db, createMailer(t.config, t.handle.db), limits, user, session);
    const mailed = (await listOutbox(t.handle.db)).find((m) => m.to === user.email);
    const code = /verification code is (\d{6})/.exec(mailed?.text ?? '')?.[1] ?? '';
    const proof = { current_password: 'Email2fa#2026', code };
    const consumed = async () => {
      const [row] = await t.handle.db
        .select({ consumedAt: twoFactorChallenges.consumedAt })
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.sessionId, session.id));
      return row?.consumedAt ?? null;
    };

    const lost = new Error('connection lost');
    await expect(
      withConfirmedIdentity(t.handle.db, limits, user, session, proof, failingRename(user, lost)),
    ).rejects.toBe(lost);
    expect(await consumed()).toBeNull();
    expect(await displayName(user)).not.toBe('Changed');

    await withConfirmedIdentity(t.handle.db, limits, user, session, proof, async (tx) => {
      await tx.update(users).set({ displayName: 'Changed' }).where(eq(users.id, user.id));
    });
    expect(await consumed()).not.toBeNull();
    expect(await displayName(user)).toBe('Changed');
  });

  it('counts a wrong code and makes no change', async () => {
    const { user, session } = await account('totp@example.com');
    let ran = false;
    const refused = await withConfirmedIdentity(
      t.handle.db,
      limits,
      user,
      session,
      { current_password: 'Totp#2026', code: 'ZZZZZ-ZZZZZ' },
      async () => {
        ran = true;
      },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).data).toMatchObject({ fields: { code: reauthMessages.codeWrong } });
    expect(ran).toBe(false);
    const [guard] = await t.handle.db
      .select({ failed: twoFactorGuards.failedAttempts })
      .from(twoFactorGuards)
      .where(eq(twoFactorGuards.userId, user.id));
    expect(guard?.failed).toBe(1);
  });
});
