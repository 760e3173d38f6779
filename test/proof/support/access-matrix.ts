import {
  adminOnly,
  affiliateOnly,
  companyOnly,
  type Expectation,
  everyone,
  ownerAndStaff,
  ownerOnly,
  signedIn,
  staffOnly,
  superAdminOnly,
} from './access-expectations';
import type { AccessIds } from './access-world';

/** One call as the matrix sends it; `json` goes as application/json, `form` as a urlencoded form. */
export interface ProbeRequest {
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface Probe {
  /** What the call tries, for the failure message. */
  name: string;
  request(ids: AccessIds): ProbeRequest;
  expect: Expectation;
  /** Tables a refused call may still write, and why (rate-limit counters count refusals too). */
  mayWrite?: readonly string[];
  /** The call ends or turns the session (sign-out, switching into a user): made on a new one. */
  freshSession?: boolean;
  /**
   * A's rows (`table.column` holding A's id) that a call allowed to someone else must leave alone,
   * e.g. an own profile update carrying A's user id.
   */
  keepsOwnerRows?: readonly string[];
}

/** Every route the server registers (`METHOD path` as Hono lists it) with the probes that prove its access. */
export interface AccessEntry {
  route: string;
  probes: readonly Probe[];
}

const counters = ['rate_limits'] as const;

const licenceSite = (ids: AccessIds, type: 'add' | 'remove', url: string) => ({
  path: '/api/v1/site',
  json: { payment_id: ids.site.paymentId, license_id: ids.site.licenceId, type, url },
});

const invoiceBody = (ids: AccessIds) => ({
  payment_id: ids.paymentId,
  name: 'Casey Customer',
  email: ids.customerAEmail,
  line1: '12 Harbour Street',
  line2: '',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  zip: '94105',
  vat: '',
  notes: '',
});

const page = (route: string, path: string, status = 200): AccessEntry => ({
  route,
  probes: [{ name: 'public page', request: () => ({ path }), expect: everyone(status) }],
});

/**
 * The access matrix of issue 16. Entries run in this order, and within a probe customer A (the owner)
 * acts last, so every refusal is checked while A's object is still as seeded. Calls that change what
 * later entries rely on (a new company makes a member of anyone) come at the end.
 */
export const accessMatrix: readonly AccessEntry[] = [
  // --- sign-in and 2FA ---------------------------------------------------------------------------
  {
    route: 'POST /api/v1/signin',
    probes: [
      {
        name: "A's login with a wrong password",
        request: (ids) => ({
          path: '/api/v1/signin',
          json: { username: ids.customerAEmail, password: 'not-the-password' },
        }),
        expect: everyone(400),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'POST /api/v1/verify-2fa',
    probes: [
      {
        name: 'a code for a sign-in ticket nobody was given',
        request: () => ({
          path: '/api/v1/verify-2fa',
          json: { auth_id: 'a'.repeat(43), code: '123456', method: 'totp' },
        }),
        expect: everyone(400),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'POST /api/v1/signout',
    probes: [
      {
        name: 'sign out of the own session',
        request: () => ({ path: '/api/v1/signout', json: {} }),
        expect: signedIn(200),
        freshSession: true,
      },
    ],
  },
  {
    route: 'POST /api/v1/configure-2fa',
    probes: [
      {
        name: "someone else's sign-in ticket",
        request: () => ({
          path: '/api/v1/configure-2fa',
          json: { method: 'email', auth_id: 'b'.repeat(43) },
        }),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'GET /api/v1/totp-setup-key',
    probes: [
      {
        name: 'the key of a setup that was never started',
        request: () => ({ path: '/api/v1/totp-setup-key' }),
        expect: signedIn(409),
      },
    ],
  },
  {
    route: 'GET /api/v1/get-backup-codes',
    probes: [
      {
        name: 'new recovery codes by GET, with the token alone',
        request: () => ({ path: '/api/v1/get-backup-codes' }),
        expect: signedIn(405),
      },
    ],
  },
  {
    route: 'POST /api/v1/get-backup-codes',
    probes: [
      {
        name: 'new recovery codes of an account without 2FA',
        request: () => ({ path: '/api/v1/get-backup-codes', json: { current_password: 'x', code: '1' } }),
        expect: signedIn(409),
      },
    ],
  },
  {
    route: 'POST /api/v1/reauth-code',
    probes: [
      {
        name: 'an e-mailed confirmation code for an account without e-mail codes',
        request: () => ({ path: '/api/v1/reauth-code', json: {} }),
        expect: signedIn(409),
      },
    ],
  },
  {
    route: 'GET /api/v1/download-backup-codes',
    probes: [
      {
        name: 'recovery codes with no setup under way',
        request: () => ({ path: '/api/v1/download-backup-codes' }),
        expect: signedIn(409),
      },
    ],
  },
  {
    route: 'POST /api/v1/disable-2fa',
    probes: [
      {
        name: 'turn off a method with the token alone (no current password)',
        request: () => ({ path: '/api/v1/disable-2fa', json: { method: 'totp' } }),
        expect: signedIn(400),
      },
    ],
  },
  {
    route: 'POST /api/v1/reset-password',
    probes: [
      {
        name: "set A's password with a made-up key",
        request: (ids) => ({
          path: '/api/v1/reset-password',
          json: {
            key: 'k'.repeat(40),
            user: ids.customerAEmail,
            action: 'rp',
            new_pass: 'Taken over 2026!',
            new_pass_2: 'Taken over 2026!',
          },
        }),
        expect: everyone(400),
        mayWrite: counters,
      },
    ],
  },

  // --- profile and cards -------------------------------------------------------------------------
  {
    route: 'GET /api/v1/profile',
    probes: [{ name: 'own profile', request: () => ({ path: '/api/v1/profile' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/v1/profile',
    probes: [
      {
        name: "own address with A's user id slipped in",
        request: (ids) => ({
          path: '/api/v1/profile',
          json: {
            type: 'address',
            user_id: ids.customerAId,
            line1: '12 Harbour Street',
            line2: 'Suite 4',
            country: 'US',
            state: 'CA',
            city: 'San Francisco',
            zip: '94105',
          },
        }),
        expect: signedIn(200),
        keepsOwnerRows: ['users.id', 'billing_addresses.user_id'],
      },
      {
        // A's own address (its case aside): names only, for A; anyone else changes an e-mail (to A's).
        name: "names only, with A's e-mail",
        request: (ids) => ({
          path: '/api/v1/profile',
          json: {
            type: 'profile',
            first_name: 'Ada',
            last_name: 'Access',
            display_name: 'Ada Access',
            email: ids.customerAEmail.toUpperCase(),
          },
        }),
        expect: ownerOnly(200, 400),
      },
      {
        // Without the current password: refused for every owner; a switched session never gets that far.
        name: 'a new e-mail address',
        request: () => ({
          path: '/api/v1/profile',
          json: {
            type: 'profile',
            first_name: 'Ada',
            last_name: 'Access',
            display_name: 'Ada Access',
            email: 'new-address@example.test',
          },
        }),
        expect: signedIn(400),
      },
      {
        name: 'a new password',
        request: () => ({
          path: '/api/v1/profile',
          json: { type: 'password', new_password: 'Harbour lights 42', new_password_2: 'Harbour lights 42' },
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    route: 'POST /api/v1/profile/confirm-email',
    probes: [
      {
        name: 'a confirmation key nobody was sent',
        request: () => ({ path: '/api/v1/profile/confirm-email', json: { key: 'c'.repeat(43) } }),
        expect: signedIn(400),
      },
    ],
  },
  {
    route: 'POST /api/v1/profile/add-card',
    probes: [
      {
        name: 'start adding an own card',
        request: () => ({ path: '/api/v1/profile/add-card', json: {} }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/profile/cards/return',
    probes: [
      {
        name: 'the way back with a setup token nobody was given',
        request: () => ({ path: '/api/v1/profile/cards/return', query: { setup: 'unknown-setup-token' } }),
        expect: everyone(303),
      },
    ],
  },
  {
    route: 'POST /api/v1/profile/set-card-default',
    probes: [
      {
        name: "A's card as default",
        request: (ids) => ({
          path: '/api/v1/profile/set-card-default',
          json: { payment_method: ids.defaultCard },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/profile/remove-card',
    probes: [
      {
        name: "remove A's second card",
        request: (ids) => ({ path: '/api/v1/profile/remove-card', json: { payment_method: ids.otherCard } }),
        expect: ownerOnly(200),
      },
    ],
  },

  // --- licences, sites, purchases, invoices, subscriptions ---------------------------------------
  {
    route: 'GET /api/v1/products',
    probes: [{ name: 'own products', request: () => ({ path: '/api/v1/products' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/v1/site',
    probes: [
      {
        name: "activate a site on A's licence",
        request: (ids) => licenceSite(ids, 'add', 'https://matrix-added.example'),
        expect: ownerOnly(200),
      },
      {
        name: "deactivate A's site",
        request: (ids) => licenceSite(ids, 'remove', ids.site.url),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/upgrades',
    probes: [
      {
        name: "upgrades of A's licence",
        request: (ids) => ({ path: '/api/v1/upgrades', query: { license_id: String(ids.licenceId) } }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/history',
    probes: [
      { name: 'own purchase history', request: () => ({ path: '/api/v1/history' }), expect: signedIn(200) },
      {
        name: "sites and licences of A's purchase",
        request: (ids) => ({ path: '/api/v1/history', query: { payment_id: String(ids.paymentId) } }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/invoice',
    probes: [
      {
        name: "invoice data of A's purchase",
        request: (ids) => ({ path: '/api/v1/invoice', query: { payment_id: String(ids.paymentId) } }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/invoice',
    probes: [
      {
        name: "invoice PDF of A's purchase",
        request: (ids) => ({ path: '/api/v1/invoice', json: invoiceBody(ids) }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/subscriptions',
    probes: [
      {
        name: 'own subscriptions',
        request: () => ({ path: '/api/v1/subscriptions' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/subscriptions',
    probes: [
      {
        name: "cancel A's subscription",
        request: (ids) => ({
          path: '/api/v1/subscriptions',
          json: { id: ids.activeSubscriptionId, type: 'cancel' },
        }),
        expect: ownerOnly(200),
      },
      {
        name: "reactivate A's subscription",
        request: (ids) => ({
          path: '/api/v1/subscriptions',
          json: { id: ids.activeSubscriptionId, type: 'reactivate' },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/countries',
    probes: [{ name: 'country list', request: () => ({ path: '/api/v1/countries' }), expect: everyone(200) }],
  },
  {
    route: 'GET /api/v1/states',
    probes: [
      {
        name: 'state list',
        request: () => ({ path: '/api/v1/states', query: { country: 'US' } }),
        expect: everyone(200),
      },
    ],
  },

  // --- downloads -------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/downloads',
    probes: [
      { name: 'own downloads', request: () => ({ path: '/api/v1/downloads' }), expect: signedIn(200) },
    ],
  },
  {
    route: 'POST /api/v1/downloads',
    probes: [
      {
        name: "A's PRO file with A's own signed fields",
        request: (ids) => ({
          path: '/api/v1/downloads',
          json: {
            download_name: ids.download.download_name,
            download_id: ids.download.download_id,
            price_id: ids.download.price_id,
            payment_id: ids.download.payment_id,
            download_key: ids.download.download_key,
            token: ids.download.token,
          },
        }),
        expect: ownerOnly(200),
      },
      {
        name: 'a free item',
        request: (ids) => ({ path: '/api/v1/downloads', json: { download_name: ids.freeSlug } }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/downloads/free/:file',
    probes: [
      {
        name: 'a free archive',
        request: (ids) => ({ path: `/api/v1/downloads/free/${ids.freeSlug}.zip` }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/downloads/landing',
    probes: [
      {
        name: "A's download name with a forged signature",
        request: (ids) => ({
          path: '/api/v1/downloads/landing',
          json: {
            signature: `${ids.download.token.slice(0, -4)}AAAA`,
            download_name: ids.download.download_name,
          },
        }),
        expect: everyone(403),
      },
    ],
  },

  // --- tickets ---------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/tickets',
    probes: [
      { name: 'own ticket list', request: () => ({ path: '/api/v1/tickets' }), expect: signedIn(200) },
      {
        name: "A's conversation",
        request: (ids) => ({ path: '/api/v1/tickets', query: { conversation_id: String(ids.openTicketId) } }),
        expect: ownerAndStaff(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/tickets',
    probes: [
      {
        name: "reply in A's conversation",
        request: (ids) => ({
          path: '/api/v1/tickets',
          json: { conversation_id: ids.openTicketId, message: 'A reply from the access matrix.' },
        }),
        expect: ownerAndStaff(201),
      },
      {
        name: "close A's conversation",
        request: (ids) => ({
          path: '/api/v1/tickets',
          json: { conversation_id: ids.closedTicketId, status: 'closed' },
        }),
        expect: { ...ownerAndStaff(200), customerA: 403, customerB: 403, affiliate: 403, companyMember: 403 },
      },
    ],
  },
  {
    route: 'GET /api/v1/tickets/attachments/:id{[0-9]{1,9}}',
    probes: [
      {
        name: "A's attachment",
        request: (ids) => ({ path: `/api/v1/tickets/attachments/${ids.attachmentId}` }),
        expect: ownerAndStaff(200),
      },
    ],
  },

  // --- cart and checkout -----------------------------------------------------------------------
  {
    route: 'GET /api/v1/cart',
    probes: [{ name: 'own cart', request: () => ({ path: '/api/v1/cart' }), expect: everyone(200) }],
  },
  {
    route: 'POST /api/v1/add-to-cart',
    probes: [
      {
        name: "renew A's licence by its key",
        request: (ids) => ({
          path: '/api/v1/add-to-cart',
          json: {
            download_id: ids.download.download_id,
            price_id: ids.download.price_id,
            action: 'renew',
            license: ids.licenceKey,
          },
        }),
        // A renewal link works without an account (the key is the right); an account may renew only its own.
        expect: { ...ownerOnly(200), anonymous: 200 },
        keepsOwnerRows: ['carts.user_id', 'licences.user_id'],
      },
    ],
  },
  {
    route: 'POST /api/v1/coupon',
    probes: [
      {
        name: 'an unknown coupon on the own cart',
        request: () => ({ path: '/api/v1/coupon', json: { code: 'NOSUCHCODE', type: 'apply' } }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/recapture/regenerate-cart',
    probes: [
      {
        name: 'a recovery link for a cart nobody tracked',
        request: (ids) => ({
          path: '/api/v1/recapture/regenerate-cart',
          json: {
            contents: JSON.stringify([{ id: ids.download.download_id, price_id: 1 }]),
            racart: 'untracked',
          },
        }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/purchase',
    probes: [
      {
        name: "a purchase billed to A's e-mail with no cart",
        request: (ids) => ({
          path: '/api/v1/purchase',
          json: {
            'edd-gateway': 'manual',
            'payment-mode': 'manual',
            edd_first: 'Casey',
            edd_last: 'Customer',
            edd_email: ids.customerAEmail,
          },
        }),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'POST /api/v1/confirmation',
    probes: [
      {
        name: "confirm A's payment by its id",
        request: (ids) => ({ path: '/api/v1/confirmation', json: { paymentId: ids.paymentId } }),
        // A's seeded purchases were paid through Stripe: there is no manual checkout to confirm.
        expect: everyone(404),
      },
    ],
  },
  {
    route: 'POST /api/v1/stripe/webhook',
    probes: [
      {
        name: 'an unsigned event',
        request: () => ({ path: '/api/v1/stripe/webhook', json: { type: 'checkout.session.completed' } }),
        // Stripe is not configured here: the webhook does not exist.
        expect: everyone(404),
      },
    ],
  },

  // --- affiliate -------------------------------------------------------------------------------
  {
    route: 'POST /api/v1/affiliate',
    probes: [
      {
        name: 'own affiliate account',
        request: () => ({ path: '/api/v1/affiliate', json: {} }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/affiliate-registration/captcha',
    probes: [
      {
        name: 'a captcha challenge',
        request: () => ({ path: '/api/v1/affiliate-registration/captcha' }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/affiliate-registration',
    probes: [
      {
        name: "register A's e-mail without a captcha",
        request: (ids) => ({
          path: '/api/v1/affiliate-registration',
          json: { affwp_user_email: ids.customerAEmail, affwp_user_login: 'customer' },
        }),
        expect: everyone(400),
        mayWrite: counters,
      },
    ],
  },
  ...(['visits', 'referrals', 'payouts', 'creatives'] as const).map(
    (list): AccessEntry => ({
      route: `GET /api/v1/${list}`,
      probes: [
        {
          name: `the affiliate's ${list}`,
          request: (ids) => ({ path: `/api/v1/${list}`, query: { affiliate_id: String(ids.affiliateId) } }),
          expect: affiliateOnly(200),
        },
      ],
    }),
  ),
  {
    route: 'POST /api/v1/referral-visits',
    probes: [
      {
        name: 'a visit for an unknown referrer',
        request: () => ({ path: '/api/v1/referral-visits', json: { ref: 'nobody' } }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/affiliate-info',
    probes: [
      {
        name: "credit the affiliate with A's purchase",
        request: (ids) => ({
          path: '/api/v1/affiliate-info',
          json: {
            payment_id: ids.paymentId,
            affwp_ref_visit_id: '',
            affwp_campaign: '',
            affwp_ref: String(ids.affiliateId),
            affwp_visit_id: '',
            affwp_affiliate_id: String(ids.affiliateId),
          },
        }),
        expect: ownerOnly(200),
      },
    ],
  },

  // --- shop manager, reports, companies ----------------------------------------------------------
  {
    route: 'GET /api/v1/users',
    probes: [{ name: 'the user list', request: () => ({ path: '/api/v1/users' }), expect: staffOnly(200) }],
  },
  {
    route: 'POST /api/v1/user-switch',
    probes: [
      {
        name: 'switch into A',
        request: (ids) => ({ path: '/api/v1/user-switch', json: { user_id: ids.customerAId } }),
        expect: { ...staffOnly(200), customerA: 403 },
        freshSession: true,
        // Switching makes a session for A (that is what a switch is); A's account itself stays as it was.
        keepsOwnerRows: ['users.id', 'licences.user_id', 'payment_methods.user_id'],
      },
    ],
  },
  {
    route: 'GET /api/v1/orders',
    probes: [{ name: 'every order', request: () => ({ path: '/api/v1/orders' }), expect: staffOnly(200) }],
  },
  ...(['/reports/dashboard', '/reports/dashboard/overview', '/export-data'] as const).map(
    (path): AccessEntry => ({
      route: `POST /api/v1${path}`,
      probes: [
        {
          name: "the company member's report",
          request: () => ({ path: `/api/v1${path}`, json: {} }),
          expect: companyOnly(200),
        },
      ],
    }),
  ),
  {
    route: 'POST /api/v1/super-admin/reports/dashboard',
    probes: [
      {
        name: 'the super-admin report',
        request: () => ({ path: '/api/v1/super-admin/reports/dashboard', json: {} }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/user/switch-account',
    probes: [
      {
        name: "switch into the member's company",
        request: (ids) => ({ path: '/api/v1/user/switch-account', json: { company_id: ids.companyId } }),
        expect: { ...ownerOnly(404), companyMember: 200 },
      },
    ],
  },
  {
    route: 'POST /api/v1/telemetry',
    probes: [
      {
        name: "a report for A's site with a wrong key",
        request: (ids) => ({
          path: '/api/v1/telemetry',
          json: { license_key: 'wrong-key-0000', url: ids.site.url },
        }),
        expect: everyone(404),
        mayWrite: counters,
      },
    ],
  },

  {
    route: 'POST /',
    probes: [
      {
        name: "EDD check_license of A's site with a wrong key",
        request: (ids) => ({
          path: '/',
          form: {
            edd_action: 'check_license',
            license: 'wrong-key-0000',
            item_id: '342422',
            url: ids.site.url,
          },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'GET /edd-sl-api',
    probes: [
      {
        name: "EDD check_license of A's site with a wrong key",
        request: (ids) => ({
          path: '/edd-sl-api',
          query: {
            edd_action: 'check_license',
            license: 'wrong-key-0000',
            item_id: '342422',
            url: ids.site.url,
          },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'POST /edd-sl-api',
    probes: [
      {
        name: "EDD check_license of A's site with a wrong key",
        request: (ids) => ({
          path: '/edd-sl-api',
          form: {
            edd_action: 'check_license',
            license: 'wrong-key-0000',
            item_id: '342422',
            url: ids.site.url,
          },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },

  {
    route: 'POST /api/v1/vendor-keys',
    probes: [
      {
        name: 'create a vendor API key',
        request: () => ({ path: '/api/v1/vendor-keys', json: { name: 'matrix' } }),
        expect: adminOnly(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/vendor-keys',
    probes: [
      {
        name: 'list vendor API keys',
        request: () => ({ path: '/api/v1/vendor-keys' }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/vendor-keys/:id{[0-9]{1,9}}',
    probes: [
      {
        name: 'revoke a vendor API key that does not exist',
        request: () => ({ path: '/api/v1/vendor-keys/999999' }),
        expect: adminOnly(404),
      },
    ],
  },
  {
    route: 'POST /api/v1/releases',
    probes: [
      {
        name: 'publish a release with a session instead of a vendor key',
        request: () => ({ path: '/api/v1/releases', form: { product: '342422', version: '9.9.9' } }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'POST /api/v1/billing/run',
    probes: [
      {
        name: "run billing with a session instead of the operator's vendor key",
        request: () => ({ path: '/api/v1/billing/run', json: {} }),
        expect: everyone(401),
      },
    ],
  },
  ...(['GET', 'POST'] as const).map(
    (method): AccessEntry => ({
      route: `${method} /api/v1/renewal-payments/:ref`,
      probes: [
        {
          // Only the signed-in owner of the charge the reference names sees or confirms it.
          name: 'a renewal payment for a reference nobody was given',
          request: () => ({ path: '/api/v1/renewal-payments/unknown-reference' }),
          expect: signedIn(404),
        },
      ],
    }),
  ),
  {
    route: 'PATCH /api/v1/releases/:id{[0-9]{1,9}}',
    probes: [
      {
        name: 'raise a rollout with a session instead of a vendor key',
        request: () => ({ path: '/api/v1/releases/1', json: { rollout: 100 } }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'GET /api/v1/releases/package/:token',
    probes: [
      {
        name: 'a package link with a forged signature',
        request: () => ({ path: '/api/v1/releases/package/eyJyIjoxfQ.forged' }),
        expect: everyone(403),
      },
    ],
  },

  {
    route: 'POST /api/v1/licenses/activate',
    probes: [
      {
        name: "activate A's site with a wrong key",
        request: (ids) => ({
          path: '/api/v1/licenses/activate',
          json: { license: 'wrong-key-0000', url: ids.site.url },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'POST /api/v1/licenses/deactivate',
    probes: [
      {
        name: "deactivate A's site with a wrong key",
        request: (ids) => ({
          path: '/api/v1/licenses/deactivate',
          json: { license: 'wrong-key-0000', url: ids.site.url },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'POST /api/v1/licenses/validate',
    probes: [
      {
        name: "validate A's site with a wrong key",
        request: (ids) => ({
          path: '/api/v1/licenses/validate',
          json: { license: 'wrong-key-0000', url: ids.site.url },
        }),
        expect: everyone(200),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'GET /api/v1/licenses/file',
    probes: [
      {
        name: "a licence file for A's site with a wrong key",
        request: (ids) => ({
          path: '/api/v1/licenses/file',
          query: { license: 'wrong-key-0000', url: ids.site.url },
        }),
        expect: everyone(403),
        mayWrite: counters,
      },
    ],
  },
  {
    route: 'GET /api/v1/licenses/public-key',
    probes: [
      {
        name: 'the public key',
        request: () => ({ path: '/api/v1/licenses/public-key' }),
        expect: everyone(200),
      },
    ],
  },

  // --- news, sandbox pages, development pages, health, files, pages ------------------------------
  {
    route: 'GET /api/v1/wp/v2/posts',
    probes: [{ name: 'news', request: () => ({ path: '/api/v1/wp/v2/posts' }), expect: everyone(200) }],
  },
  {
    route: 'GET /wp/v2/posts',
    probes: [{ name: 'news', request: () => ({ path: '/wp/v2/posts' }), expect: everyone(200) }],
  },
  {
    route: 'GET /news/:slug',
    probes: [
      { name: 'a post', request: (ids) => ({ path: `/news/${ids.newsSlug}` }), expect: everyone(200) },
    ],
  },
  ...(['GET', 'POST'] as const).map(
    (method): AccessEntry => ({
      route: `${method} /account/sign-out-everywhere`,
      probes: [
        {
          name: '"This wasn\'t me" without a token anybody was mailed',
          request: () => ({
            path: '/account/sign-out-everywhere',
            ...(method === 'POST' ? { form: { token: 't'.repeat(43) } } : {}),
          }),
          expect: everyone(400),
        },
      ],
    }),
  ),
  ...(['GET', 'POST'] as const).map(
    (method): AccessEntry => ({
      route: `${method} /sandbox/cards/:token`,
      probes: [
        {
          name: 'a card page for a setup token nobody was given',
          request: () => ({
            path: '/sandbox/cards/unknown-setup-token',
            ...(method === 'POST' ? { form: {} } : {}),
          }),
          expect: everyone(303),
        },
      ],
    }),
  ),
  ...(['GET', 'POST'] as const).map(
    (method): AccessEntry => ({
      route: `${method} /sandbox/pay/:reference`,
      probes: [
        {
          name: 'a payment page for a reference nobody was given',
          request: () => ({
            path: '/sandbox/pay/unknown-reference',
            ...(method === 'POST' ? { form: {} } : {}),
          }),
          expect: everyone(404),
        },
      ],
    }),
  ),
  // The renewal completion page: the same shell for any reference; its script asks the API above.
  page('GET /billing/complete/:ref', '/billing/complete/unknown-reference'),
  page('GET /billing/complete.js', '/billing/complete.js'),
  // Development only (not mounted in production): every message the server would have e-mailed.
  page('GET /dev/outbox.json', '/dev/outbox.json'),
  page('GET /dev/outbox', '/dev/outbox'),
  page('GET /healthz', '/healthz'),
  page('ALL /widgets/*', '/widgets/loader.js'),
  page('ALL /assets/*', '/assets/creatives/banner-728x90.svg'),
  page('GET /', '/'),
  page('GET /auth/*', '/auth/sign-in'),
  page('GET /user/*', '/user/dashboard'),
  page('GET /checkout', '/checkout'),
  page('GET /payment-success', '/payment-success'),
  page('GET /payment-failed', '/payment-failed'),
  page('GET /download', '/download'),
  page('GET /demo', '/demo', 301),
  page('GET /demo/', '/demo/'),
  page('GET /demo/themes', '/demo/themes', 301),
  page('GET /demo/themes/', '/demo/themes/'),
  page('GET /demo/:file{[a-z-]+\\.(?:js|css)}', '/demo/events-log.js'),
  page('GET /docs', '/docs', 301),
  // Built or not, a page the component docs do not have is a 404 for everyone.
  page('GET /docs/*', '/docs/no-such-page.html', 404),

  // Last: a new company makes its creator a company member, which changes every report answer above.
  {
    route: 'POST /api/v1/company',
    probes: [
      {
        name: 'create an own company',
        request: () => ({ path: '/api/v1/company', json: { name: 'Matrix Test Company' } }),
        expect: signedIn(201),
        keepsOwnerRows: ['users.id'],
      },
    ],
  },
];
