import * as v from 'valibot';
import { ReauthSchema } from './reauth';
import { authId, MethodSchema } from './two-factor';

/**
 * The bodies of the signed-in 2FA changes the server reads (apart from the answers in two-factor.ts,
 * which the elements import: these carry the re-authentication and stay out of their bundles).
 */

/**
 * `POST /configure-2fa` (spec §7): without `key` it starts configuring `method` (an e-mail code is
 * mailed, or an authenticator secret is made: fetch it from `GET /totp-setup-key`); with `key`, the
 * code that proves it works, it turns the method on and makes new recovery codes.
 */
export const ConfigureTwoFactorRequestSchema = v.object({
  auth_id: authId,
  method: MethodSchema,
  key: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
  /** Signed in with 2FA on (replacing it), the start asks for the current password and a code. */
  ...ReauthSchema.entries,
});
export type ConfigureTwoFactorRequest = v.InferOutput<typeof ConfigureTwoFactorRequestSchema>;

/** `POST /disable-2fa`: the method, the current password and a code (server/auth/reauth.ts). */
export const DisableTwoFactorRequestSchema = v.object({ method: MethodSchema, ...ReauthSchema.entries });
export type DisableTwoFactorRequest = v.InferOutput<typeof DisableTwoFactorRequestSchema>;
