import * as v from 'valibot';
import type { Reauth } from '../../shared/schemas/reauth';
import type { SignInResponse } from '../../shared/schemas/session';
import type {
  ConfigureTwoFactorRequest,
  DisableTwoFactorRequest,
} from '../../shared/schemas/two-factor-requests';
import type { Database } from '../db';
import type { RequestDeps } from '../http/app-env';
import { forbidden } from '../http/errors';
import { findUserById } from './accounts';
import { type ChallengeRow, consumeChallenge, createChallenge, updateChallenge } from './challenges';
import { emailCodeMatches, mailEmailCode } from './email-codes';
import { hasTwoFactor, withConfirmedIdentity } from './reauth';
import { openSecret } from './secret-box';
import { mailSecurityNotice } from './security-notice';
import { buildSessionUser } from './session-user';
import type { SessionRow, UserRow } from './sessions';
import { openSessionWithin, type SignInClient, signInResponse } from './sign-in-answer';
import { matchTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret } from './totp';
import { disableMethod, enableMethod, regenerateRecoveryCodes } from './two-factor-changes';
import { challengeExpired, wrongCode, wrongStep } from './two-factor-errors';
import { challengeEmailCode, type TwoFactorActor } from './two-factor-flow';
import { assertNotLocked, recordWrongCode } from './two-factor-guard';

/**
 * The 2FA configuration calls of spec §7 as services: each checks the caller's proof first (a wrong
 * password or code stays counted, committed on its own), then makes its change in one transaction
 * (two-factor-changes.ts) with the spending of a re-authentication code, and mails only after the commit.
 */

type Deps = Pick<RequestDeps, 'db' | 'mailer' | 'config' | 'publicOrigin'>;

/** The step a configuration call leaves the sign-in (or the profile's change) at. */
export interface SetupStep {
  /** The sign-in's ticket, '' for a signed-in change (found by its session). */
  ticket: string;
  challenge: Pick<ChallengeRow, 'kind' | 'level' | 'method'>;
}

/** A setup challenge the actor may change: a sign-in's setup, or the signed-in session's own. */
export function setupChallenge(actor: TwoFactorActor): ChallengeRow {
  if (!actor.challenge) throw actor.session ? wrongStep() : challengeExpired();
  if (actor.challenge.kind !== 'setup') throw wrongStep();
  return actor.challenge;
}

/** The recovery codes sealed on a setup challenge at level 3 / 3.1, for the answer that shows them. */
export function pendingCodes(challenge: ChallengeRow): string[] {
  if (!['3', '3.1'].includes(challenge.level) || !challenge.pendingCodes) throw wrongStep();
  return v.parse(v.array(v.string()), JSON.parse(openSecret(challenge.pendingCodes, 'recovery-codes')));
}

/**
 * Starts (or restarts with the other method) configuring a method: level 2 for e-mail, a code mailed;
 * 2.1 for the authenticator, a new secret. Signed in, replacing the account's 2FA is for its owner only:
 * the password and a code first, the code spent with the new challenge and its method in one transaction.
 */
export async function startSetup(
  deps: Deps,
  actor: TwoFactorActor,
  request: ConfigureTwoFactorRequest,
): Promise<SetupStep> {
  const { db, mailer, config } = deps;
  const { user, session } = actor;
  const begin = async (tx: Database) => {
    const started = session
      ? (await createChallenge(tx, { userId: user.id, kind: 'setup', level: '1', sessionId: session.id }))
          .challenge
      : actor.challenge;
    if (started?.kind !== 'setup' || !['1', '2', '2.1'].includes(started.level)) throw wrongStep();
    if (request.method === 'email') {
      const emailCode = challengeEmailCode(started.id);
      const values = { level: '2', method: 'email', pendingSecret: null, ...emailCode.values } as const;
      await updateChallenge(tx, started.id, values);
      return { challenge: { ...started, ...values }, code: emailCode.code };
    }
    const values = {
      level: '2.1',
      method: 'totp',
      pendingSecret: sealTotpSecret(newTotpSecret()),
      emailCodeHash: null,
    } as const;
    await updateChallenge(tx, started.id, values);
    return { challenge: { ...started, ...values }, code: null };
  };
  const { challenge, code } =
    session && hasTwoFactor(user)
      ? await withConfirmedIdentity(db, config.signInRateLimit, user, session, request, begin)
      : await db.transaction(begin);
  if (code !== null) await mailEmailCode(mailer, user.email, code);
  return { ticket: session ? '' : actor.ticket, challenge };
}

/**
 * Checks the code that proves the method works; a wrong one counts toward the account's lock at once.
 * Answers the authenticator's time step (claimed with the change), null for an e-mail code.
 */
async function provenStep(deps: Deps, user: UserRow, challenge: ChallengeRow, key: string) {
  await assertNotLocked(deps.db, user.id);
  if (challenge.method === 'email') {
    const stored = { hash: challenge.emailCodeHash, expiresAt: challenge.emailCodeExpiresAt };
    if (emailCodeMatches(stored, challenge.id, key)) return { step: null };
  } else if (challenge.pendingSecret) {
    const step = matchTotpStep(openTotpSecret(challenge.pendingSecret), key);
    if (step !== null) return { step };
  }
  await recordWrongCode(deps.db, user.id);
  throw wrongCode(challenge.method === 'email' ? 'email' : 'totp');
}

/**
 * With the right code: the method on (the other off), 10 new recovery codes and the account's other
 * sessions ended, in one transaction; the owner is mailed when a signed-in account replaced its 2FA.
 */
export async function confirmSetup(
  deps: Deps,
  actor: TwoFactorActor,
  request: ConfigureTwoFactorRequest & { key: string },
): Promise<SetupStep & { codes: string[] }> {
  const { user, session } = actor;
  const challenge = setupChallenge(actor);
  if (challenge.method !== request.method || !['2', '2.1'].includes(challenge.level)) throw wrongStep();
  const { step } = await provenStep(deps, user, challenge, request.key);
  const codes = await enableMethod(deps.db, user, challenge, request.method, {
    keepSessionId: session?.id ?? null,
    totpStep: step,
  });
  if (session && hasTwoFactor(user)) {
    await mailSecurityNotice(deps.db, deps.mailer, deps.publicOrigin(), user, 'two-factor-replaced');
  }
  return {
    ticket: actor.ticket,
    challenge: { kind: 'setup', level: '3', method: request.method },
    codes,
  };
}

/** 'Generate New Recovery Codes', signed in: the current password and a code, then one transaction. */
export async function renewRecoveryCodes(
  deps: Deps,
  user: UserRow,
  session: SessionRow,
  proof: Reauth,
): Promise<string[]> {
  if (!hasTwoFactor(user)) throw wrongStep();
  const codes = await withConfirmedIdentity(
    deps.db,
    deps.config.signInRateLimit,
    user,
    session,
    proof,
    (tx) => regenerateRecoveryCodes(tx, user, session.id),
  );
  await mailSecurityNotice(deps.db, deps.mailer, deps.publicOrigin(), user, 'recovery-codes');
  return codes;
}

/** Turns a method off (signed in only). An account whose policy requires 2FA keeps at least one. */
export async function disableTwoFactor(
  deps: Deps,
  user: UserRow,
  session: SessionRow,
  request: DisableTwoFactorRequest,
): Promise<{ totp: boolean; email: boolean }> {
  const keepsOne = request.method === 'totp' ? user.emailTwoFactor : user.totpSecret !== null;
  if (user.twoFactorRequired && !keepsOne) {
    throw forbidden('Your account requires two-factor authentication: set up the other method first.');
  }
  const left = await withConfirmedIdentity(
    deps.db,
    deps.config.signInRateLimit,
    user,
    session,
    request,
    (tx) => disableMethod(tx, user, request.method, session.id),
  );
  await mailSecurityNotice(deps.db, deps.mailer, deps.publicOrigin(), user, 'two-factor-disabled');
  return left;
}

/** `GET /download-backup-codes`: the codes, and the token when the download ends a sign-in. */
export type CodesDownload = Omit<SignInResponse, 'token'> & { token: string | null; codes: string[] };

/**
 * The codes the setup made, once. The ticket consumed and, ending a sign-in's forced setup, the session
 * opened are one transaction: a session that cannot be opened leaves the ticket and its codes for
 * another try, rather than an account with 2FA on whose owner never saw its recovery codes. Signed in,
 * there is no new token (the session goes on).
 */
export async function downloadCodes(
  deps: Deps & Pick<RequestDeps, 'logger'>,
  actor: TwoFactorActor,
  client: SignInClient,
): Promise<CodesDownload> {
  const { db } = deps;
  const challenge = setupChallenge(actor);
  const codes = pendingCodes(challenge);
  const opened = await db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
    if (actor.session) return null;
    // Re-read: the configuration just turned 2FA on, and the answer's user must say so.
    const user = (await findUserById(tx, actor.user.id)) ?? actor.user;
    return openSessionWithin(tx, deps, user, client);
  });
  if (opened) return { ...(await signInResponse(deps, opened)), codes };
  const user = (await findUserById(db, actor.user.id)) ?? actor.user;
  const sessionUser = await buildSessionUser(db, user);
  return {
    token: null,
    accountType: sessionUser.accountType,
    redirect: false,
    redirect_to: null,
    user: sessionUser,
    codes,
  };
}
