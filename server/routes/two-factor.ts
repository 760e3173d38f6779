import { Hono } from 'hono';
import * as v from 'valibot';
import { maskEmail } from '../../shared/format/email';
import { ReauthSchema } from '../../shared/schemas/reauth';
import {
  ConfigureTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
} from '../../shared/schemas/two-factor-requests';
import { requireSession } from '../auth/middleware';
import { sendReauthCode } from '../auth/reauth';
import { pendingAnswer, signInClient, withNonce } from '../auth/sign-in-answer';
import { openTotpSecret, totpSetup } from '../auth/totp';
import { wrongStep } from '../auth/two-factor-errors';
import { resolveActor } from '../auth/two-factor-flow';
import {
  confirmSetup,
  disableTwoFactor,
  downloadCodes,
  pendingCodes,
  renewRecoveryCodes,
  setupChallenge,
  startSetup,
} from '../auth/two-factor-setup';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';

const TicketQuerySchema = v.object({ auth_id: v.optional(v.pipe(v.string(), v.maxLength(64))) });

function newCodesNeedProof(): HttpError {
  return new HttpError(
    405,
    'use_post',
    'New recovery codes need your current password: send POST /get-backup-codes.',
  );
}

/**
 * Spec §7 2FA configuration calls, used by the sign-in's forced setup (with the `auth_id` ticket) and
 * by a signed-in user's profile (with the token). Every change revokes the account's other sessions.
 * Each call parses, calls one service of auth/two-factor-setup.ts and maps its answer.
 */
export function twoFactorRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/configure-2fa', async (c) => {
    const deps = c.get('deps');
    const body = await readJson(c, ConfigureTwoFactorRequestSchema);
    const actor = await resolveActor(c, body.auth_id);
    if (!body.key) {
      const step = await startSetup(deps, actor, body);
      return c.json(pendingAnswer(c, step.ticket, step.challenge, actor.user));
    }
    const done = await confirmSetup(deps, actor, { ...body, key: body.key });
    return c.json({ ...pendingAnswer(c, done.ticket, done.challenge, actor.user), codes: done.codes });
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
    return c.json({ codes: pendingCodes(setupChallenge(actor)) });
  });

  /**
   * Signed in, 'Generate New Recovery Codes': with the current password and a code, a new set of 10
   * replaces the old one; `GET /download-backup-codes` then gives it once.
   */
  app.post('/get-backup-codes', async (c) => {
    const { user, session } = requireSession(c);
    const proof = await readJson(c, ReauthSchema);
    return c.json({ codes: await renewRecoveryCodes(c.get('deps'), user, session, proof) });
  });

  /**
   * The codes for the `.txt` file, once. Ending a sign-in's forced setup, this is where the token is
   * issued: the account has 2FA and its recovery codes before it is signed in (spec §4).
   */
  app.get('/download-backup-codes', async (c) => {
    const { auth_id } = readQuery(c, TicketQuerySchema);
    const actor = await resolveActor(c, auth_id);
    return c.json(withNonce(c, await downloadCodes(c.get('deps'), actor, signInClient(c))));
  });

  /** Turns a method off (signed in only). An account whose policy requires 2FA keeps at least one. */
  app.post('/disable-2fa', async (c) => {
    const { user, session } = requireSession(c);
    const body = await readJson(c, DisableTwoFactorRequestSchema);
    return c.json({ success: true, twoFA: await disableTwoFactor(c.get('deps'), user, session, body) });
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
