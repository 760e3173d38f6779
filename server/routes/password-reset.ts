import { Hono } from 'hono';
import * as v from 'valibot';
import { successMessages } from '../../shared/api/messages';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '../../shared/schemas/forms';
import { findUserByLogin } from '../auth/accounts';
import { refuseCommonPassword } from '../auth/common-passwords';
import { resetPassword, sendResetLink } from '../auth/password-reset';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { HttpError, validationError } from '../http/errors';
import { consumeRateLimit } from '../http/rate-limit';
import { fieldMessages, readJson } from '../http/validate';

/** The form's field names (spec §5: server errors for password and password_confirmation). */
const formField: Record<string, string> = { new_pass: 'password', new_pass_2: 'password_confirmation' };

function invalidResetKey(): HttpError {
  return new HttpError(400, 'invalid_reset_key', 'This password reset link is invalid or has expired.');
}

/**
 * Spec §7 `POST /reset-password`: `{user}` mails a reset link, answering the same, in the same time,
 * whether or not the account exists; `{key, user, action: 'rp', new_pass, new_pass_2}` sets the new password.
 */
export function passwordResetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/reset-password', async (c) => {
    const { db, config, mailer, publicOrigin, background } = c.get('deps');
    const body = await readJson(c, v.record(v.string(), v.unknown()));
    const ip = clientIp(c, config.trustProxy);
    const { perAccount, perIp, windowSeconds } = config.signInRateLimit;
    await consumeRateLimit(db, [{ key: `reset:ip:${ip}`, limit: perIp, windowSeconds }]);

    if (body.action === undefined) {
      const request = v.safeParse(forgotPasswordRequestSchema, body);
      if (!request.success) throw validationError(fieldMessages(request.issues));
      const address = request.output.user.trim().toLowerCase();
      // Counted per address whether or not an account has it, so the limit tells nothing either.
      await consumeRateLimit(db, [{ key: `reset:user:${address}`, limit: perAccount, windowSeconds }]);
      // The lookup, the key and the mail happen after the answer: its body and its time are the same
      // for known and unknown addresses (no account enumeration). The link's origin is the configured
      // one, never the request's Host header (which a sender picks).
      const origin = publicOrigin();
      background.run('reset-password mail', async () => {
        const user = await findUserByLogin(db, request.output.user);
        if (user && user.status === 'active' && origin) await sendResetLink(db, mailer, origin, user);
      });
      return c.json({ success: true, message: successMessages.forgetPasswordRequest });
    }

    const request = v.safeParse(resetPasswordRequestSchema, body);
    if (!request.success) {
      const fields: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldMessages(request.issues))) {
        fields[formField[field] ?? field] ??= message;
      }
      if (!('password' in fields) && !('password_confirmation' in fields)) throw invalidResetKey();
      throw validationError(fields);
    }
    const { key, user, new_pass } = request.output;
    refuseCommonPassword(new_pass, 'password');
    if (!(await resetPassword(db, key, user, new_pass))) throw invalidResetKey();
    return c.json({ success: true, message: successMessages.passwordReset });
  });

  return app;
}
