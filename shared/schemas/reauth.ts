import * as v from 'valibot';

/**
 * What a sensitive change carries to prove the account's owner is at the keyboard, not just a bearer
 * token: the current password and, when 2FA is on, a code (authenticator, e-mail or recovery code).
 * Checked on the server (server/auth/reauth.ts); empty values get the field's message there.
 */
export const ReauthSchema = v.object({
  current_password: v.optional(v.pipe(v.string(), v.maxLength(1024)), ''),
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), ''),
});
export type Reauth = v.InferOutput<typeof ReauthSchema>;

/** `POST /reauth-code`: an e-mail code was mailed to the (masked) address, to confirm a change. */
export const ReauthCodeSentSchema = v.object({ success: v.literal(true), hidden_email: v.string() });
