import * as v from 'valibot';

/**
 * A JSON object (string keys) whose every value passes `isValue`: what `v.record(v.string(), …)` checks, for
 * values a type guard tells. valibot is one module in the runtime chunk every element loads, so a validator
 * few schemas call is every element's weight: `v.custom` and a guard weigh about a third of `v.record`.
 * Here, beside the session user, the reports' switch answer finds it in a module it loads anyway; a module
 * of its own became one more file for the licences and the reports (licences.ts checks its one record alike).
 */
export function recordOf<T>(isValue: (value: unknown) => value is T) {
  return v.custom<Record<string, T>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every(isValue),
    'Invalid type: Expected Object',
  );
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** Account types of spec §6; anything else is treated as the default (visitor) type. */
export const accountTypes = ['SUPER_ADMIN', 'ADMIN', 'SHOP_MANAGER', 'CUSTOMER'] as const;
export type AccountType = (typeof accountTypes)[number];

const SwitchBackSchema = v.object({
  user_id: v.number(),
  display_name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
});

const CompanyProfileSchema = v.object({ id: v.number(), name: v.string() });

/** The signed-in user of spec §3 (everything but the token, which travels in the nonce header). */
export const SessionUserSchema = v.object({
  id: v.number(),
  display_name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  name: v.string(),
  email: v.string(),
  gravatar: v.string(),
  profile_image: v.string(),
  user_type: v.string(),
  accountType: v.string(),
  loggedInAccountType: v.string(),
  status: v.string(),
  is_customer: v.boolean(),
  twoFA: v.object({ totp: v.boolean(), email: v.boolean() }),
  switch_back_to: v.nullable(SwitchBackSchema),
  switched_user: v.boolean(),
  role_permission: v.nullable(recordOf(isBoolean)),
  activeProfile: v.nullable(CompanyProfileSchema),
  allProfiles: v.array(CompanyProfileSchema),
  has_affiliates: v.boolean(),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

/** `POST /signin` request body (spec §7). `username` takes a user name or an e-mail address. */
export const SignInRequestSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty("Email can't be empty"), v.maxLength(254)),
  password: v.pipe(v.string(), v.nonEmpty("Password can't be empty"), v.maxLength(1024)),
  from_app: v.optional(v.boolean()),
});
export type SignInRequest = v.InferOutput<typeof SignInRequestSchema>;

/** `POST /signin` success: the token (also sent as the `X-WP-Nonce` header) and the session user. */
export const SignInResponseSchema = v.object({
  token: v.string(),
  accountType: v.string(),
  redirect: v.boolean(),
  redirect_to: v.nullable(v.string()),
  user: SessionUserSchema,
});
export type SignInResponse = v.InferOutput<typeof SignInResponseSchema>;
