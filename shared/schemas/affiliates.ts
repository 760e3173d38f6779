import * as v from 'valibot';
import { paging } from '../catalogue/paging';
import { paymentProofEntries } from './checkout';
import { affiliateRegistrationSchema } from './forms/affiliate';

/**
 * The affiliate calls of spec §7 (POST /affiliate, POST /affiliate-registration, GET /visits,
 * /referrals, /payouts, /creatives, and the "affiliate info" sent after a purchase), shared by the
 * client and the server. Money travels as a decimal amount (the database keeps integer cents).
 */

/** The profile-level affiliate record (spec §3 Affiliate). */
export const AffiliateSchema = v.object({
  id: v.number(),
  /** 'active', 'pending', 'inactive' or 'rejected'. */
  status: v.string(),
  referral_url: v.string(),
  /** The query parameter that carries the affiliate id in a referral URL ('ref'). */
  referral_var: v.string(),
});
export type Affiliate = v.InferOutput<typeof AffiliateSchema>;

/** `POST /affiliate`: the caller's affiliate record, or null without an affiliate account. */
export const AffiliateResponseSchema = v.object({ affiliate: v.nullable(AffiliateSchema) });
export type AffiliateResponse = v.InferOutput<typeof AffiliateResponseSchema>;

export const VisitSchema = v.object({
  id: v.number(),
  url: v.string(),
  referrer: v.string(),
  referral_id: v.nullable(v.number()),
  campaign: v.nullable(v.string()),
  date: v.string(),
});
export type Visit = v.InferOutput<typeof VisitSchema>;

export const ReferralSchema = v.object({
  id: v.number(),
  reference: v.string(),
  amount: v.number(),
  description: v.string(),
  status: v.string(),
  date: v.string(),
});
export type Referral = v.InferOutput<typeof ReferralSchema>;

export const PayoutSchema = v.object({
  id: v.number(),
  amount: v.number(),
  payout_method: v.string(),
  status: v.string(),
  date: v.string(),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;

export const CreativeSchema = v.object({
  id: v.number(),
  image: v.string(),
  name: v.string(),
  text: v.string(),
  url: v.string(),
});
export type Creative = v.InferOutput<typeof CreativeSchema>;

/** Lists return data and total (spec §3). */
function listOf<S extends v.GenericSchema>(item: S) {
  return v.object({ data: v.array(item), total: v.number() });
}
export const VisitListSchema = listOf(VisitSchema);
export const ReferralListSchema = listOf(ReferralSchema);
export const PayoutListSchema = listOf(PayoutSchema);
export const CreativeListSchema = listOf(CreativeSchema);

/** A whole number in a query string ('20') or a JSON body (20). */
const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  );

/** Query of GET /visits, /referrals, /payouts (spec §7: affiliate_id, number 20, offset, order desc). */
export const AffiliateListQuerySchema = v.object({
  affiliate_id: wholeNumber(1, 2_147_483_647),
  number: v.optional(wholeNumber(1, paging.creatives), paging.affiliateLists),
  offset: v.optional(wholeNumber(0, 1_000_000_000), 0),
  order: v.optional(v.picklist(['asc', 'desc']), 'desc'),
});
export type AffiliateListQuery = v.InferOutput<typeof AffiliateListQuerySchema>;

/** Query of GET /creatives (spec §7: affiliate_id, number 100, offset 0, status active). */
export const CreativeListQuerySchema = v.object({
  affiliate_id: wholeNumber(1, 2_147_483_647),
  number: v.optional(wholeNumber(1, paging.creatives), paging.creatives),
  offset: v.optional(wholeNumber(0, 1_000_000_000), 0),
  status: v.optional(v.picklist(['active']), 'active'),
});
export type CreativeListQuery = v.InferOutput<typeof CreativeListQuerySchema>;

/** Longest text the server stores per registration field; the form's own rules come first. */
export const registrationMaxLength = {
  affwp_user_name: 100,
  affwp_user_login: 60,
  affwp_user_email: 254,
  affwp_payment_email: 254,
  affwp_user_url: 2000,
  affwp_promotion_method: 5000,
} as const;

/** The proof-of-work solution, base64 JSON `{challenge, solution}` as ALTCHA sends it. */
export const CAPTCHA_FIELD = 'captcha_token';

/**
 * `POST /affiliate-registration`: the form of spec §5 plus the captcha token (spec §3). The token is
 * checked by the server after the fields pass, so a missing token is not a field rule here.
 */
export const AffiliateRegistrationRequestSchema = v.object({
  ...affiliateRegistrationSchema.entries,
  [CAPTCHA_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(20_000)), ''),
});
export type AffiliateRegistrationRequest = v.InferOutput<typeof AffiliateRegistrationRequestSchema>;

/**
 * A signed-in user registers their own account, so the form leaves out user name and e-mail (the
 * account's are used, as AffiliateWP does for logged-in users); the other rules are the same.
 */
export const accountRegistrationSchema = v.omit(affiliateRegistrationSchema, [
  'affwp_user_login',
  'affwp_user_email',
]);
export const AccountRegistrationRequestSchema = v.object({
  ...accountRegistrationSchema.entries,
  [CAPTCHA_FIELD]: AffiliateRegistrationRequestSchema.entries[CAPTCHA_FIELD],
});
export type AccountRegistrationRequest = v.InferOutput<typeof AccountRegistrationRequestSchema>;

export const AffiliateRegistrationResponseSchema = v.object({
  success: v.literal(true),
  affiliate: AffiliateSchema,
});

/** `GET /affiliate-registration/captcha`: an ALTCHA v2 challenge (altcha-lib `Challenge`). */
export const CaptchaChallengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.pipe(v.string(), v.regex(/^[0-9a-f]+$/)),
    salt: v.pipe(v.string(), v.regex(/^[0-9a-f]+$/)),
    cost: v.pipe(v.number(), v.integer(), v.minValue(1)),
    keyLength: v.pipe(v.number(), v.integer(), v.minValue(1)),
    keyPrefix: v.pipe(v.string(), v.regex(/^[0-9a-f]+$/)),
    keySignature: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
  }),
  signature: v.string(),
});
export type CaptchaChallenge = v.InferOutput<typeof CaptchaChallengeSchema>;

/** The affwp_* cookies spec §7 sends with the payment id after a completed purchase. */
export const affiliateCookieNames = [
  'affwp_ref_visit_id',
  'affwp_campaign',
  'affwp_ref',
  'affwp_visit_id',
  'affwp_affiliate_id',
] as const;
export type AffiliateCookieName = (typeof affiliateCookieNames)[number];

const cookieValue = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), '');

/**
 * "affiliate info" (spec §7): payment_id plus the affwp_* cookies, as strings (cookies are text). Not in
 * the spec: a buyer without a session (a guest) adds the payment's proof, as `/confirmation` takes it.
 */
export const AffiliateInfoRequestSchema = v.object({
  payment_id: wholeNumber(1, 2_147_483_647),
  affwp_ref_visit_id: cookieValue,
  affwp_campaign: cookieValue,
  affwp_ref: cookieValue,
  affwp_visit_id: cookieValue,
  affwp_affiliate_id: cookieValue,
  ...paymentProofEntries,
});
export type AffiliateInfoRequest = v.InferInput<typeof AffiliateInfoRequestSchema>;

export const AffiliateInfoResponseSchema = v.object({
  /** True when this call or an earlier one recorded a referral for the payment. */
  recorded: v.boolean(),
});

/** `POST /referral-visits`: a page was opened with `?ref=`; the answer becomes the affwp_* cookies. */
export const ReferralVisitRequestSchema = v.object({
  ref: v.pipe(v.string(), v.trim(), v.maxLength(200)),
  campaign: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  url: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
  referrer: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
});
export const ReferralVisitResponseSchema = v.object({
  recorded: v.boolean(),
  affiliate_id: v.nullable(v.number()),
  visit_id: v.nullable(v.number()),
  campaign: v.string(),
});
export type ReferralVisitResponse = v.InferOutput<typeof ReferralVisitResponseSchema>;

/**
 * Field messages only the server can give (the spec names none): the captcha, and a user name or e-mail
 * address that already has an account. They arrive under the code validation_errors.
 */
export const registrationServerMessages = {
  captchaMissing: 'Please complete the captcha',
  captchaInvalid: 'Captcha verification failed, please try again',
  captchaReused: 'This captcha was already used, please try again',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists, please sign in first',
  alreadyAffiliate: 'You are already registered as an affiliate',
} as const;
