import { Hono } from 'hono';
import * as v from 'valibot';
import { maskEmail } from '../../shared/format/email';
import { ReauthSchema } from '../../shared/schemas/reauth';
import {
  ConfigureTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
} from '../../shared/schemas/two-factor-requests';
import { findUserById } from '../auth/accounts';
import { type ChallengeRow, consumeChallenge, createChallenge, updateChallenge } from '../auth/challenges';
import { emailCodeMatches } from '../auth/email-codes';
import { requireSession } from '../auth/middleware';
import { confirmIdentity, hasTwoFactor, sendReauthCode } from '../auth/reauth';
import { openSecret } from '../auth/secret-box';
import { mailSecurityNotice } from '../auth/security-notice';
import { buildSessionUser } from '../auth/session-user';
import type { UserRow } from '../auth/sessions';
import { completeSignIn, pendingAnswer } from '../auth/sign-in-answer';
import { matchTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret, totpSetup } from '../auth/totp';
import { disableMethod, enableMethod, regenerateRecoveryCodes } from '../auth/two-factor-changes';
import { challengeExpired, wrongCode, wrongStep } from '../auth/two-factor-errors';
import { resolveActor, sendChallengeEmailCode, type TwoFactorActor } from '../auth/two-factor-flow';
import {
  assertNotLocked,
  claimTotpStep,
  clearWrongCodes,
  recordWrongCode,
  resetTotpSteps,
} from '../auth/two-factor-guard';
import type { Database } from '../db';
import type { AppEnv } from '../http/app-env';
import { forbidden, HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';

const TicketQuerySchema = v.object({ auth_id: v.optional(v.pipe(v.string(), v.maxLength(64))) });

function openCodes(challenge: ChallengeRow): string[] {
  if (!challenge.pendingCodes) throw wrongStep();
  return v.parse(v.array(v.string()), JSON.parse(openSecret(challenge.pendingCodes, 'recovery-codes')));
}

function newCodesNeedProof(): HttpError {
  return new HttpError(
    405,
    'use_post',
    'New recovery codes need your current password: send POST /get-backup-codes.',
  );
}

/** A setup challenge the actor may change: a sign-in's setup, or the signed-in session's own. */
function setupChallenge(actor: TwoFactorActor): ChallengeRow {
  if (!actor.challenge) throw actor.session ? wrongStep() : challengeExpired();
  if (actor.challenge.kind !== 'setup') throw wrongStep();
  return actor.challenge;
}

/** Checks the code that proves the method works; a wrong one counts toward the account's lock. */
async function confirmCode(db: Database, user: UserRow, challenge: ChallengeRow, key: string): Promise<void> {
  await assertNotLocked(db, user.id);
  let right = false;
  if (challenge.method === 'email') {
    right = emailCodeMatches(
      { hash: challenge.emailCodeHash, expiresAt: challenge.emailCodeExpiresAt },
      challenge.id,
      key,
    );
  } else if (challenge.pendingSecret) {
    const step = matchTotpStep(openTotpSecret(challenge.pendingSecret), key);
    if (step !== null) {
      // A new authenticator starts its own steps; the code used here cannot sign in afterwards.
      await resetTotpSteps(db, user.id);
      right = await claimTotpStep(db, user.id, step);
    }
  }
  if (!right) {
    await recordWrongCode(db, user.id);
    throw wrongCode(challenge.method === 'email' ? 'email' : 'totp');
  }
  await clearWrongCodes(db, user.id);
}

/**
 * Spec §7 2FA configuration calls, used by the sign-in's forced setup (with the `auth_id` ticket) and
 * by a signed-in user's profile (with the token). Every change revokes the account's other sessions.
 */
export function twoFactorRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/configure-2fa', async (c) => {
    const { db, mailer, config, publicOrigin } = c.get('deps');
    const body = await readJson(c, ConfigureTwoFactorRequestSchema);
    const actor = await resolveActor(c, body.auth_id);
    const { user } = actor;

    if (!body.key) {
      // Start (or restart with the other method): level 2 for e-mail, 2.1 for the authenticator.
      let challenge = actor.challenge;
      let ticket = actor.ticket;
      if (actor.session) {
        // Replacing the account's 2FA is for its owner only: the password and a code, not a token.
        if (hasTwoFactor(user)) await confirmIdentity(db, config.signInRateLimit, user, actor.session, body);
        ({ challenge } = await createChallenge(db, {
          userId: user.id,
          kind: 'setup',
          level: '1',
          sessionId: actor.session.id,
        }));
        ticket = '';
      }
      if (challenge?.kind !== 'setup' || !['1', '2', '2.1'].includes(challenge.level)) throw wrongStep();
      if (body.method === 'email') {
        await updateChallenge(db, challenge.id, { level: '2', method: 'email', pendingSecret: null });
        await sendChallengeEmailCode(db, mailer, challenge, user);
        return c.json(pendingAnswer(c, ticket, { kind: 'setup', level: '2', method: 'email' }, user));
      }
      await updateChallenge(db, challenge.id, {
        level: '2.1',
        method: 'totp',
        pendingSecret: sealTotpSecret(newTotpSecret()),
        emailCodeHash: null,
      });
      return c.json(pendingAnswer(c, ticket, { kind: 'setup', level: '2.1', method: 'totp' }, user));
    }

    const challenge = setupChallenge(actor);
    if (challenge.method !== body.method || !['2', '2.1'].includes(challenge.level)) throw wrongStep();
    await confirmCode(db, user, challenge, body.key);
    const codes = await enableMethod(db, user, challenge, body.method, actor.session?.id ?? null);
    if (actor.session && hasTwoFactor(user)) {
      await mailSecurityNotice(db, mailer, publicOrigin(), user, 'two-factor-replaced');
    }
    return c.json({
      ...pendingAnswer(c, actor.ticket, { kind: 'setup', level: '3', method: body.method }, user),
      codes,
    });
  });

  /** The QR code and key of the authenticator being set up (level 2.1). */
  app.get('/totp-setup-key', async (c) => {
    const { auth_id } = readQuery(c, TicketQuerySchema);
    const actor = await resolveActor(c, auth_id);
    const challenge = setupChallenge(actor);
    if (challenge.method !== 'totp' || !challenge.pendingSecret) throw wrongStep();
    const key = openTotpSecret(challenge.pendingSecret);
    const { qrImage } = await totpSetup(key, actor.user.email);
    pendingAnswer(c, actor.ticket, challenge, actor.user);
    return c.json({ qr_image: qrImage, key });
  });

  /** During a sign-in's setup (level 3 / 3.1): the codes just made. */
  app.get('/get-backup-codes', async (c) => {
    const { auth_id } = readQuery(c, TicketQuerySchema);
    const actor = await resolveActor(c, auth_id);
    if (actor.session) throw newCodesNeedProof();
    const challenge = setupChallenge(actor);
    if (!['3', '3.1'].includes(challenge.level)) throw wrongStep();
    return c.json({ codes: openCodes(challenge) });
  });

  /**
   * Signed in, 'Generate New Recovery Codes': with the current password and a code, a new set of 10
   * replaces the old one; `GET /download-backup-codes` then gives it once.
   */
  app.post('/get-backup-codes', async (c) => {
    const { db, mailer, config, publicOrigin } = c.get('deps');
    const { user, session } = requireSession(c);
    const proof = await readJson(c, ReauthSchema);
    if (!hasTwoFactor(user)) throw wrongStep();
    await confirmIdentity(db, config.signInRateLimit, user, session, proof);
    const codes = await regenerateRecoveryCodes(db, user, session.id);
    await mailSecurityNotice(db, mailer, publicOrigin(), user, 'recovery-codes');
    return c.json({ codes });
  });

  /**
   * The codes for the `.txt` file, once. Ending a sign-in's forced setup, this is where the token is
   * issued: the account has 2FA and its recovery codes before it is signed in (spec §4).
   */
  app.get('/download-backup-codes', async (c) => {
    const { db } = c.get('deps');
    const { auth_id } = readQuery(c, TicketQuerySchema);
    const actor = await resolveActor(c, auth_id);
    const challenge = setupChallenge(actor);
    if (!['3', '3.1'].includes(challenge.level)) throw wrongStep();
    const codes = openCodes(challenge);
    if (!(await consumeChallenge(db, challenge.id))) throw challengeExpired();
    // Re-read: the configuration just turned 2FA on, and the answer's user must say so.
    const user = (await findUserById(db, actor.user.id)) ?? actor.user;
    if (actor.session) {
      const sessionUser = await buildSessionUser(db, user);
      return c.json({
        token: null,
        accountType: sessionUser.accountType,
        redirect: false,
        redirect_to: null,
        user: sessionUser,
        codes,
      });
    }
    return c.json({ ...(await completeSignIn(c, user)), codes });
  });

  /** Turns a method off (signed in only). An account whose policy requires 2FA keeps at least one. */
  app.post('/disable-2fa', async (c) => {
    const { db, mailer, config, publicOrigin } = c.get('deps');
    const { user, session } = requireSession(c);
    const body = await readJson(c, DisableTwoFactorRequestSchema);
    const keepsOne = (body.method === 'totp' ? user.emailTwoFactor : user.totpSecret !== null) === true;
    if (user.twoFactorRequired && !keepsOne) {
      throw forbidden('Your account requires two-factor authentication: set up the other method first.');
    }
    await confirmIdentity(db, config.signInRateLimit, user, session, body);
    const twoFA = await disableMethod(db, user, body.method, session.id);
    await mailSecurityNotice(db, mailer, publicOrigin(), user, 'two-factor-disabled');
    return c.json({ success: true, twoFA });
  });

  /** Mails an e-mail code that confirms the next sensitive change (accounts with e-mail 2FA). */
  app.post('/reauth-code', async (c) => {
    const { db, mailer, config } = c.get('deps');
    const { user, session } = requireSession(c);
    await readJson(c, v.object({}));
    if (!user.emailTwoFactor) throw wrongStep();
    await sendReauthCode(db, mailer, config.signInRateLimit, user, session);
    return c.json({ success: true, hidden_email: maskEmail(user.email) });
  });

  return app;
}
