/**
 * Which fault sweep faults each API call the client makes (issue 23), as `METHOD /api/v1/path`. The load
 * sweep (fault-sweep.spec.ts) and the action sweep (fault-sweep-actions.spec.ts) each fail unless they
 * found every call listed for them, and server/api-calls-swept.test.ts fails unless every API route the
 * client's code names is listed here. So a call the client starts making fails a test until a sweep
 * faults it, or this file says why none can.
 */

/** Calls pages make as they open or as a tab opens. */
export const sweptOnLoad: readonly string[] = [
  'GET /api/v1/cart',
  'GET /api/v1/countries',
  'GET /api/v1/creatives',
  'GET /api/v1/downloads',
  'GET /api/v1/history',
  'GET /api/v1/invoice',
  'GET /api/v1/orders',
  'GET /api/v1/products',
  'GET /api/v1/profile',
  'GET /api/v1/states',
  'GET /api/v1/subscriptions',
  'GET /api/v1/tickets',
  'GET /api/v1/upgrades',
  'GET /api/v1/users',
  'GET /api/v1/wp/v2/posts',
  'POST /api/v1/add-to-cart',
  'POST /api/v1/affiliate',
  'POST /api/v1/confirmation',
  'POST /api/v1/downloads/landing',
  'POST /api/v1/recapture/regenerate-cart',
  'POST /api/v1/reports/dashboard',
  'POST /api/v1/super-admin/reports/dashboard',
];

/** Calls people's actions make. */
export const sweptByActions: readonly string[] = [
  'GET /api/v1/affiliate-registration/captcha',
  'GET /api/v1/download-backup-codes',
  'GET /api/v1/totp-setup-key',
  'POST /api/v1/add-to-cart',
  'POST /api/v1/affiliate-registration',
  'POST /api/v1/company',
  'POST /api/v1/configure-2fa',
  'POST /api/v1/coupon',
  'POST /api/v1/disable-2fa',
  'POST /api/v1/downloads',
  'POST /api/v1/export-data',
  'POST /api/v1/get-backup-codes',
  'POST /api/v1/invoice',
  'POST /api/v1/profile',
  'POST /api/v1/profile/add-card',
  'POST /api/v1/profile/confirm-email',
  'POST /api/v1/profile/remove-card',
  'POST /api/v1/profile/set-card-default',
  'POST /api/v1/purchase',
  'POST /api/v1/reauth-code',
  'POST /api/v1/reset-password',
  'POST /api/v1/signin',
  'POST /api/v1/signout',
  'POST /api/v1/site',
  'POST /api/v1/subscriptions',
  'POST /api/v1/tickets',
  'POST /api/v1/user-switch',
  'POST /api/v1/user/switch-account',
  'POST /api/v1/verify-2fa',
];

/** Calls the client can make that no sweep faults, and why. */
export const notSwept: Readonly<Record<string, string>> = {
  'GET /api/v1/get-backup-codes':
    "the sign-in's forced setup asks for its recovery codes only when its step arrives without them (spec §7 level 3.1); this server always sends them with the verified step, so no page makes the call",
  'POST /api/v1/affiliate-info':
    'silent by design: a purchase must not fail over its referral, so no message is shown whatever the answer; sent once and never thrown (shared/affiliate/referral.test.ts)',
  'POST /api/v1/referral-visits':
    'silent by design: the checkout on a page elsewhere records a referral landing (shared/affiliate/landing.ts) and a buyer never sees tracking fail; test/e2e/referral-landing.spec.ts answers it with each fault and checks it is sent once, shows nothing and leaves the checkout working',
};

/** A sweep's call key (method, path, query names) as listed here: without its query. */
export const listedAs = (key: string): string => key.split('?')[0] ?? key;
