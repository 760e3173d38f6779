import * as v from 'valibot';
import { twoFactorLevels, twoFactorMethods } from '../catalogue/two-factor';
import { twoFactorMessages } from './messages';
import { SessionUserSchema, SignInResponseSchema } from './session';

export const MethodSchema = v.picklist(twoFactorMethods);

/**
 * The body of an answer that gives no token yet because a second factor is due (spec §4): the same
 * facts as the `X-2FA-*` headers, plus the masked address an e-mail code went to.
 */
export const TwoFactorPendingSchema = v.object({
  two_factor: v.object({
    /** A code is asked (`X-2FA-Required`); false while the account sets 2FA up. */
    required: v.boolean(),
    /** `X-2FA-Setup`. */
    setup: v.picklist(twoFactorLevels),
    /** `X-2FA-Type`: the method asked for or being configured; null before one is chosen. */
    method: v.nullable(MethodSchema),
    /** `X-2FA-Auth-Id`: the ticket of this sign-in, sent back with every 2FA call. */
    auth_id: v.string(),
    /** The account's e-mail, masked (spec §5: first 2 characters plus stars). */
    hidden_email: v.string(),
  }),
});
export type TwoFactorPending = v.InferOutput<typeof TwoFactorPendingSchema>;

/** `POST /signin` answers either with a token or with a 2FA step. */
export const SignInAnswerSchema = v.union([SignInResponseSchema, TwoFactorPendingSchema]);
export type SignInAnswer = v.InferOutput<typeof SignInAnswerSchema>;

/** Who a 2FA call is about: the sign-in ticket, or (signed in, from the profile) the token alone. */
export const authId = v.optional(v.pipe(v.string(), v.maxLength(64)));

/**
 * `POST /verify-2fa` (spec §7): the sign-in ticket as `auth_id` (`user_id` is accepted as its older
 * name: it carries the ticket, never a bare user id), the code, its method, and `recovery` for a
 * recovery code. `mode` is accepted and ignored (only 'signin' exists).
 */
export const VerifyTwoFactorRequestSchema = v.object({
  auth_id: authId,
  user_id: v.optional(v.union([v.pipe(v.string(), v.maxLength(64)), v.number()])),
  code: v.pipe(
    v.nullish(v.string(twoFactorMessages.codeEmpty), ''),
    v.trim(),
    v.nonEmpty(twoFactorMessages.codeEmpty),
    v.maxLength(64, twoFactorMessages.codeEmpty),
  ),
  method: MethodSchema,
  mode: v.optional(v.string()),
  recovery: v.optional(v.boolean()),
});
export type VerifyTwoFactorRequest = v.InferOutput<typeof VerifyTwoFactorRequestSchema>;

/** `POST /configure-2fa` with a key: the method is on; the recovery codes follow (level 3). */
export const ConfigureTwoFactorResponseSchema = v.object({
  ...TwoFactorPendingSchema.entries,
  codes: v.optional(v.array(v.string())),
});

/** `GET /totp-setup-key`: the QR code (a `data:image/png` URL) and the key to type in by hand. */
export const TotpSetupKeySchema = v.object({ qr_image: v.string(), key: v.string() });
export type TotpSetupKey = v.InferOutput<typeof TotpSetupKeySchema>;

/**
 * `GET /get-backup-codes` (sign-in setup) and, signed in, `POST /get-backup-codes` with the current
 * password and a code (ReauthSchema): the 10 new recovery codes.
 */
export const BackupCodesSchema = v.object({ codes: v.array(v.string()) });

/**
 * `GET /download-backup-codes` (spec §7: codes and user). Ending a sign-in's setup it also carries the
 * token (and `X-WP-Nonce`); signed in already, `token` is null.
 */
export const DownloadBackupCodesSchema = v.object({
  ...SignInResponseSchema.entries,
  token: v.nullable(v.string()),
  user: SessionUserSchema,
  codes: v.array(v.string()),
});
export type DownloadBackupCodes = v.InferOutput<typeof DownloadBackupCodesSchema>;

/** `POST /reset-password`, both forms. */
export const ResetPasswordResponseSchema = v.object({ success: v.literal(true), message: v.string() });
