import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TwoFactorMethod } from '../../shared/catalogue/two-factor';
import type { Database } from '../db';
import { twoFactorChallenges, users } from '../db/schema';
import { type ChallengeRow, createChallenge, updateChallenge } from './challenges';
import { deleteRecoveryCodes, newRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { sealSecret } from './secret-box';
import { revokeUserSessions, type UserRow } from './sessions';
import { wrongCode } from './two-factor-errors';
import { claimTotpStep, clearWrongCodes, resetTotpSteps } from './two-factor-guard';

/**
 * The writes of a 2FA change, each in one transaction: the method, the recovery codes and the ended
 * sessions go together, so a failure halfway can never leave 2FA on without its codes. Checking the
 * user's proof (codes, password) comes before and is not part of them: a wrong code must stay counted.
 */

export const sealCodes = (codes: string[]) => sealSecret(JSON.stringify(codes), 'recovery-codes');

/**
 * Turns the challenge's method on with 10 new recovery codes (kept sealed on the challenge until they
 * are downloaded) and ends the account's other sessions (all of them during a sign-in's setup). One
 * method at a time (spec §4): the other one, if on, goes off in the same write, so an account whose
 * policy requires 2FA is never without it while it switches. The right code's count reset and, for an
 * authenticator, its time step (a new authenticator starts its own steps; the code used here cannot
 * sign in afterwards) are part of the change: a failure leaves the old authenticator's steps as they were.
 */
export async function enableMethod(
  db: Database,
  user: UserRow,
  challenge: ChallengeRow,
  method: TwoFactorMethod,
  proof: { keepSessionId: number | null; totpStep: number | null },
): Promise<string[]> {
  const codes = newRecoveryCodes();
  const now = new Date();
  await db.transaction(async (tx) => {
    await clearWrongCodes(tx, user.id);
    if (proof.totpStep !== null) {
      await resetTotpSteps(tx, user.id);
      // Only a request racing this one with the same code can have claimed the step meanwhile.
      if (!(await claimTotpStep(tx, user.id, proof.totpStep))) throw wrongCode('totp');
    }
    await tx
      .update(users)
      .set(
        method === 'totp'
          ? { totpSecret: challenge.pendingSecret, emailTwoFactor: false, updatedAt: now }
          : { emailTwoFactor: true, totpSecret: null, updatedAt: now },
      )
      .where(eq(users.id, user.id));
    await replaceRecoveryCodes(tx, user.id, codes);
    await updateChallenge(tx, challenge.id, {
      level: '3',
      pendingSecret: null,
      emailCodeHash: null,
      pendingCodes: sealCodes(codes),
    });
    // Any other setup still open (e.g. one started while the account had no 2FA, so without proof)
    // ends here: once a method is on, replacing it starts again with the password and a code.
    await tx
      .update(twoFactorChallenges)
      .set({ consumedAt: now, pendingSecret: null, emailCodeHash: null })
      .where(
        and(
          eq(twoFactorChallenges.userId, user.id),
          eq(twoFactorChallenges.kind, 'setup'),
          ne(twoFactorChallenges.id, challenge.id),
          isNull(twoFactorChallenges.consumedAt),
        ),
      );
    await revokeUserSessions(tx, user.id, proof.keepSessionId);
  });
  return codes;
}

/** Turns a method off; with none left the recovery codes go too. Other sessions end. */
export async function disableMethod(
  db: Database,
  user: UserRow,
  method: TwoFactorMethod,
  keepSessionId: number,
): Promise<{ totp: boolean; email: boolean }> {
  const left = {
    totp: method === 'totp' ? false : user.totpSecret !== null,
    email: method === 'email' ? false : user.emailTwoFactor,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set(
        method === 'totp'
          ? { totpSecret: null, updatedAt: new Date() }
          : { emailTwoFactor: false, updatedAt: new Date() },
      )
      .where(eq(users.id, user.id));
    if (method === 'totp') await resetTotpSteps(tx, user.id);
    if (!left.totp && !left.email) await deleteRecoveryCodes(tx, user.id);
    await revokeUserSessions(tx, user.id, keepSessionId);
  });
  return left;
}

/**
 * 'Generate New Recovery Codes': 10 new codes replace the old ones, sealed on a level 3.1 challenge for
 * `GET /download-backup-codes`; other sessions end.
 */
export async function regenerateRecoveryCodes(
  db: Database,
  user: UserRow,
  sessionId: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, codes);
    const { challenge } = await createChallenge(tx, {
      userId: user.id,
      kind: 'setup',
      level: '3.1',
      sessionId,
    });
    await updateChallenge(tx, challenge.id, { pendingCodes: sealCodes(codes) });
    await revokeUserSessions(tx, user.id, sessionId);
  });
  return codes;
}
