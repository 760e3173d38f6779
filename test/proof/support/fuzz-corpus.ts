import type * as v from 'valibot';
import {
  LicenceApiRequestSchema,
  LicenceFileQuerySchema,
} from '../../../server/licensing/licence-api-request';
import {
  AffiliateInfoRequestSchema,
  AffiliateListQuerySchema,
  CreativeListQuerySchema,
  ReferralVisitRequestSchema,
} from '../../../shared/schemas/affiliates';
import { BillingRunRequestSchema } from '../../../shared/schemas/billing';
import {
  AddManySchema,
  AddSingleSchema,
  CouponRequestSchema,
  RegenerateCartRequestSchema,
  RemoveLineSchema,
} from '../../../shared/schemas/cart';
import { CreateCompanyRequestSchema } from '../../../shared/schemas/company';
import {
  FreeDownloadRequestSchema,
  LandingDownloadRequestSchema,
  ProDownloadRequestSchema,
} from '../../../shared/schemas/download-requests';
import { affiliateRegistrationSchema } from '../../../shared/schemas/forms/affiliate';
import { checkoutFormSchema } from '../../../shared/schemas/forms/checkout';
import { StatesQuerySchema } from '../../../shared/schemas/geo';
import {
  HistoryQuerySchema,
  ProductsQuerySchema,
  SiteRequestSchema,
  UpgradesQuerySchema,
} from '../../../shared/schemas/licence-requests';
import {
  OrdersQuerySchema,
  UserSwitchRequestSchema,
  UsersQuerySchema,
} from '../../../shared/schemas/manager';
import { CardRequestSchema, ConfirmEmailRequestSchema } from '../../../shared/schemas/profile';
import { InvoiceQuerySchema } from '../../../shared/schemas/purchases';
import { ReauthSchema } from '../../../shared/schemas/reauth';
import { SwitchAccountRequestSchema } from '../../../shared/schemas/reports';
import { SignInRequestSchema } from '../../../shared/schemas/session';
import { SubscriptionUpdateSchema } from '../../../shared/schemas/subscriptions';
import { TelemetryRequestSchema } from '../../../shared/schemas/telemetry-fields';
import { ConversationQuerySchema } from '../../../shared/schemas/tickets';
import { VerifyTwoFactorRequestSchema } from '../../../shared/schemas/two-factor';
import {
  ConfigureTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
} from '../../../shared/schemas/two-factor-requests';

/**
 * What an endpoint reads from a request, so the fuzzer aims its generated values at the names the
 * server looks at (and adds hostile ones of its own):
 * - `json`: a JSON body; `multipart` / `form`: form fields; `query`: the query string;
 * - `path`: only the route's parameter (`:name` or `*`), which the fuzzer fills for every kind;
 * - `none`: the endpoint reads nothing a caller sends beyond the token; `reason` says so.
 */
export type FuzzInput =
  | { kind: 'json' | 'multipart' | 'form' | 'query'; fields: readonly string[] }
  | { kind: 'path' }
  | { kind: 'none'; reason: string };

/** Who sends the generated requests: the demo customer, unless the endpoint serves another account type. */
export type FuzzCaller = 'customer' | 'manager' | 'affiliate' | 'company';

export interface FuzzEntry {
  route: string;
  input: FuzzInput;
  /** Staff, affiliate and company endpoints refuse a customer before reading anything: fuzz as their user. */
  as?: FuzzCaller;
  /** A success turns the caller's session into another (switching into a user): sign in again after it. */
  turnsSession?: boolean;
  /** Public endpoints are fuzzed anonymously too. */
  anonymous?: boolean;
  /** A page a browser navigates to: its refusals are HTML pages, not the API's JSON error body. */
  htmlErrors?: boolean;
}

type ObjectSchema = { entries: Record<string, v.GenericSchema> };
const fieldsOf = (...schemas: ObjectSchema[]): string[] => [
  ...new Set(schemas.flatMap((schema) => Object.keys(schema.entries))),
];

const json = (...fields: (string | ObjectSchema)[]): FuzzInput => ({
  kind: 'json',
  fields: fields.flatMap((field) => (typeof field === 'string' ? [field] : fieldsOf(field))),
});
const query = (...schemas: ObjectSchema[]): FuzzInput => ({ kind: 'query', fields: fieldsOf(...schemas) });
const none = (reason: string): FuzzInput => ({ kind: 'none', reason });
/** What the EDD-compatible licence API reads (server/licensing/edd/request.ts). */
const eddFields = [
  'edd_action',
  'license',
  'item_id',
  'item_name',
  'url',
  'beta',
  'version',
  'wp_version',
  'php_version',
  'locale',
  'reason',
];

const profileFields = [
  'type',
  'first_name',
  'last_name',
  'display_name',
  'email',
  'line1',
  'line2',
  'country',
  'state',
  'city',
  'zip',
  'current_password',
  'code',
  'new_password',
  'new_password_2',
];
const invoiceFields = [
  'payment_id',
  'name',
  'email',
  'line1',
  'line2',
  'city',
  'state',
  'country',
  'zip',
  'vat',
  'notes',
];
const noInput = 'reads no body and no query: only the session decides the answer';
const page = none('a page or file: the path is fixed and nothing else is read');

/** Every route of the server with what it reads (the route inventory checks that none is missing). */
export const fuzzCorpus: readonly FuzzEntry[] = [
  { route: 'POST /api/v1/signin', input: json(SignInRequestSchema), anonymous: true },
  { route: 'POST /api/v1/verify-2fa', input: json(VerifyTwoFactorRequestSchema), anonymous: true },
  { route: 'POST /api/v1/signout', input: none('ends the caller’s session; reads nothing else') },
  {
    route: 'POST /api/v1/configure-2fa',
    input: json(ConfigureTwoFactorRequestSchema, 'key'),
    anonymous: true,
  },
  { route: 'GET /api/v1/totp-setup-key', input: { kind: 'query', fields: ['auth_id'] }, anonymous: true },
  { route: 'GET /api/v1/get-backup-codes', input: { kind: 'query', fields: ['auth_id'] }, anonymous: true },
  {
    route: 'GET /api/v1/download-backup-codes',
    input: { kind: 'query', fields: ['auth_id'] },
    anonymous: true,
  },
  { route: 'POST /api/v1/get-backup-codes', input: json(ReauthSchema) },
  { route: 'POST /api/v1/disable-2fa', input: json(DisableTwoFactorRequestSchema) },
  { route: 'POST /api/v1/reauth-code', input: json() },
  {
    route: 'POST /api/v1/reset-password',
    input: json('user', 'key', 'action', 'new_pass', 'new_pass_2'),
    anonymous: true,
  },
  { route: 'GET /api/v1/profile', input: none(noInput) },
  { route: 'POST /api/v1/profile', input: json(...profileFields) },
  { route: 'POST /api/v1/profile/confirm-email', input: json(ConfirmEmailRequestSchema) },
  { route: 'POST /api/v1/profile/add-card', input: none(noInput) },
  {
    route: 'GET /api/v1/profile/cards/return',
    input: { kind: 'query', fields: ['setup', 'cancelled'] },
    anonymous: true,
  },
  { route: 'POST /api/v1/profile/set-card-default', input: json(CardRequestSchema) },
  { route: 'POST /api/v1/profile/remove-card', input: json(CardRequestSchema) },
  { route: 'POST /api/v1/company', input: json(CreateCompanyRequestSchema) },
  { route: 'GET /api/v1/products', input: query(ProductsQuerySchema) },
  { route: 'POST /api/v1/site', input: json(SiteRequestSchema) },
  { route: 'GET /api/v1/upgrades', input: query(UpgradesQuerySchema) },
  { route: 'GET /api/v1/history', input: query(HistoryQuerySchema) },
  { route: 'GET /api/v1/invoice', input: query(InvoiceQuerySchema) },
  { route: 'POST /api/v1/invoice', input: json(...invoiceFields) },
  { route: 'GET /api/v1/subscriptions', input: none(noInput) },
  { route: 'POST /api/v1/subscriptions', input: json(SubscriptionUpdateSchema) },
  { route: 'GET /api/v1/countries', input: none(noInput) },
  { route: 'GET /api/v1/states', input: query(StatesQuerySchema), anonymous: true },
  { route: 'GET /api/v1/downloads', input: none(noInput) },
  {
    route: 'POST /api/v1/downloads',
    input: json(ProDownloadRequestSchema, FreeDownloadRequestSchema),
    anonymous: true,
  },
  { route: 'GET /api/v1/downloads/free/:file', input: { kind: 'path' }, anonymous: true },
  { route: 'POST /api/v1/downloads/landing', input: json(LandingDownloadRequestSchema), anonymous: true },
  { route: 'GET /api/v1/tickets', input: query(ConversationQuerySchema) },
  {
    route: 'POST /api/v1/tickets',
    input: {
      kind: 'multipart',
      fields: ['subject', 'message', 'conversation_id', 'status', 'screenshots[]', 'attachments[]'],
    },
  },
  {
    route: 'GET /api/v1/tickets/attachments/:id{[0-9]{1,9}}',
    input: { kind: 'path' },
  },
  { route: 'GET /api/v1/cart', input: none('reads the session or the X-Cart-Token header only') },
  {
    route: 'POST /api/v1/add-to-cart',
    input: json(AddSingleSchema, AddManySchema, RemoveLineSchema),
    anonymous: true,
  },
  { route: 'POST /api/v1/coupon', input: json(CouponRequestSchema), anonymous: true },
  {
    route: 'POST /api/v1/recapture/regenerate-cart',
    input: json(RegenerateCartRequestSchema),
    anonymous: true,
  },
  {
    route: 'POST /api/v1/purchase',
    input: json(checkoutFormSchema({ countryHasStates: true }), 'edd-gateway', 'payment-mode', 'affwp_ref'),
    anonymous: true,
  },
  {
    route: 'POST /api/v1/confirmation',
    input: json('session_id', 'token', 'payerId', 'paymentId', 'payment_key'),
    anonymous: true,
  },
  { route: 'POST /api/v1/stripe/webhook', input: json('id', 'type', 'data'), anonymous: true },
  { route: 'POST /api/v1/affiliate', input: none(noInput) },
  { route: 'GET /api/v1/affiliate-registration/captcha', input: none(noInput) },
  {
    route: 'POST /api/v1/affiliate-registration',
    input: json(affiliateRegistrationSchema, 'captcha_token'),
    anonymous: true,
  },
  { route: 'GET /api/v1/visits', input: query(AffiliateListQuerySchema), as: 'affiliate' },
  { route: 'GET /api/v1/referrals', input: query(AffiliateListQuerySchema), as: 'affiliate' },
  { route: 'GET /api/v1/payouts', input: query(AffiliateListQuerySchema), as: 'affiliate' },
  { route: 'GET /api/v1/creatives', input: query(CreativeListQuerySchema), as: 'affiliate' },
  { route: 'POST /api/v1/referral-visits', input: json(ReferralVisitRequestSchema), anonymous: true },
  { route: 'POST /api/v1/affiliate-info', input: json(AffiliateInfoRequestSchema) },
  { route: 'GET /api/v1/users', input: query(UsersQuerySchema), as: 'manager' },
  {
    route: 'POST /api/v1/user-switch',
    input: json(UserSwitchRequestSchema),
    as: 'manager',
    turnsSession: true,
  },
  { route: 'GET /api/v1/orders', input: query(OrdersQuerySchema), as: 'manager' },
  { route: 'POST /api/v1/reports/dashboard', input: none(noInput) },
  { route: 'POST /api/v1/reports/dashboard/overview', input: none(noInput) },
  { route: 'POST /api/v1/super-admin/reports/dashboard', input: none(noInput) },
  { route: 'POST /api/v1/export-data', input: none(noInput) },
  { route: 'POST /api/v1/user/switch-account', input: json(SwitchAccountRequestSchema), as: 'company' },
  { route: 'POST /api/v1/telemetry', input: json(TelemetryRequestSchema), anonymous: true },
  { route: 'POST /api/v1/vendor-keys', input: json('name'), as: 'manager' },
  { route: 'GET /api/v1/vendor-keys', input: none(noInput), as: 'manager' },
  { route: 'DELETE /api/v1/vendor-keys/:id{[0-9]{1,9}}', input: { kind: 'path' }, as: 'manager' },
  {
    route: 'POST /api/v1/releases',
    input: {
      kind: 'multipart',
      fields: [
        'file',
        'product',
        'version',
        'changelog',
        'requires',
        'tested',
        'requires_php',
        'channel',
        'rollout',
      ],
    },
    anonymous: true,
  },
  { route: 'PATCH /api/v1/releases/:id{[0-9]{1,9}}', input: json('rollout'), anonymous: true },
  { route: 'POST /api/v1/billing/run', input: json(BillingRunRequestSchema), anonymous: true },
  { route: 'GET /api/v1/releases/package/:token', input: { kind: 'path' }, anonymous: true },
  { route: 'GET /api/v1/renewal-payments/:ref', input: { kind: 'path' } },
  { route: 'POST /api/v1/renewal-payments/:ref', input: { kind: 'path' } },
  { route: 'POST /api/v1/licenses/activate', input: json(LicenceApiRequestSchema), anonymous: true },
  { route: 'POST /api/v1/licenses/deactivate', input: json(LicenceApiRequestSchema), anonymous: true },
  { route: 'POST /api/v1/licenses/validate', input: json(LicenceApiRequestSchema), anonymous: true },
  { route: 'GET /api/v1/licenses/file', input: query(LicenceFileQuerySchema), anonymous: true },
  {
    route: 'GET /api/v1/licenses/public-key',
    input: none('reads nothing: the public key is the same for everyone'),
  },
  { route: 'POST /', input: { kind: 'form', fields: eddFields }, anonymous: true },
  { route: 'GET /edd-sl-api', input: { kind: 'query', fields: eddFields }, anonymous: true },
  { route: 'POST /edd-sl-api', input: { kind: 'form', fields: eddFields }, anonymous: true },
  {
    route: 'GET /api/v1/wp/v2/posts',
    input: { kind: 'query', fields: ['per_page', 'page', 'categories', '_embed'] },
    anonymous: true,
  },
  {
    route: 'GET /wp/v2/posts',
    input: { kind: 'query', fields: ['per_page', 'page', 'categories', '_embed'] },
    anonymous: true,
  },
  { route: 'GET /news/:slug', input: { kind: 'path' }, anonymous: true },
  {
    route: 'GET /account/sign-out-everywhere',
    input: { kind: 'query', fields: ['token'] },
    anonymous: true,
    htmlErrors: true,
  },
  {
    route: 'POST /account/sign-out-everywhere',
    input: { kind: 'form', fields: ['token'] },
    anonymous: true,
    htmlErrors: true,
  },
  { route: 'GET /sandbox/cards/:token', input: { kind: 'path' }, anonymous: true },
  {
    route: 'POST /sandbox/cards/:token',
    input: { kind: 'form', fields: ['action', 'number', 'expiry', 'cvc'] },
    anonymous: true,
    htmlErrors: true,
  },
  { route: 'GET /sandbox/pay/:reference', input: { kind: 'path' }, anonymous: true },
  {
    route: 'POST /sandbox/pay/:reference',
    input: { kind: 'form', fields: ['card_number', 'card_expiry', 'card_cvc', 'decision'] },
    anonymous: true,
  },
  { route: 'GET /billing/complete/:ref', input: { kind: 'path' }, anonymous: true, htmlErrors: true },
  { route: 'GET /billing/complete.js', input: none('a static script, reads nothing') },
  { route: 'GET /dev/outbox.json', input: none('development page: lists the outbox, reads nothing') },
  { route: 'GET /dev/outbox', input: none('development page: lists the outbox, reads nothing') },
  { route: 'GET /healthz', input: none('pings the database, reads nothing') },
  { route: 'ALL /widgets/*', input: { kind: 'path' }, anonymous: true },
  { route: 'ALL /assets/*', input: { kind: 'path' }, anonymous: true },
  { route: 'GET /', input: page },
  { route: 'GET /auth/*', input: page },
  { route: 'GET /user/*', input: page },
  { route: 'GET /checkout', input: page },
  { route: 'GET /payment-success', input: page },
  { route: 'GET /payment-failed', input: page },
  { route: 'GET /download', input: page },
  { route: 'GET /demo', input: page },
  { route: 'GET /demo/', input: page },
  { route: 'GET /demo/themes', input: page },
  { route: 'GET /demo/themes/', input: page },
  { route: 'GET /demo/:file{[a-z-]+\\.(?:js|css)}', input: { kind: 'path' }, anonymous: true },
  { route: 'GET /docs', input: page },
  { route: 'GET /docs/*', input: { kind: 'path' }, anonymous: true, htmlErrors: true },
];
