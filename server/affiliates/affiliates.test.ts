import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AffiliateResponseSchema,
  CreativeListSchema,
  PayoutListSchema,
  ReferralListSchema,
  VisitListSchema,
} from '../../shared/schemas/affiliates';
import {
  affiliateReferrals,
  affiliates,
  affiliateVisits,
  mailOutbox,
  paymentItems,
  payments,
  users,
} from '../db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from '../test-support/app';

let t: TestApp;
let affiliateToken: string;
let customerToken: string;
let affiliateId: number;

beforeAll(async () => {
  process.env.CAPTCHA_MAX_COUNTER = '500';
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  affiliateToken = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  customerToken = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  const [row] = await t.handle.db.select({ id: affiliates.id }).from(affiliates);
  if (!row) throw new Error('seeded affiliate missing');
  affiliateId = row.id;
});
afterAll(async () => {
  delete process.env.CAPTCHA_MAX_COUNTER;
  await t.close();
});

const api = (
  path: string,
  init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.request(`/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : jsonHeaders),
      ...(init.token ? { 'X-WP-Nonce': init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function solvedToken(): Promise<string> {
  const challenge = (await (await api('/affiliate-registration/captcha')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  affwp_user_name: 'Robin Reviewer',
  affwp_user_login: 'robin',
  affwp_user_email: 'robin@example.com',
  affwp_payment_email: '',
  affwp_user_url: 'https://robin.example',
  affwp_promotion_method: 'A weekly newsletter with plugin reviews.',
  privacy_policy: true,
  ...overrides,
});

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as {
    code: string;
    message: string;
    data: { fields: Record<string, string> };
  };
  expect(body.code).toBe('validation_errors');
  expect(body.message).toBe('Validation error, please check inputs');
  return body.data.fields;
}

const affiliateCount = async () => (await t.handle.db.select({ id: affiliates.id }).from(affiliates)).length;

describe('POST /affiliate', () => {
  it("answers the caller's affiliate id, status, referral_url and referral_var", async () => {
    const response = await api('/affiliate', { token: affiliateToken, method: 'POST' });
    expect(response.status).toBe(200);
    const { affiliate } = v.parse(AffiliateResponseSchema, await response.json());
    expect(affiliate).toEqual({
      id: affiliateId,
      status: 'active',
      // A public page (AFFILIATE_LANDING_PATH, the checkout by default), not the site root's sign-in.
      referral_url: `https://portal.example.com/checkout?ref=${affiliateId}`,
      referral_var: 'ref',
    });
  });

  it('answers null without an affiliate account, 401 without a token', async () => {
    const response = await api('/affiliate', { token: customerToken, method: 'POST' });
    expect(await response.json()).toEqual({ affiliate: null });
    expect((await api('/affiliate', { method: 'POST' })).status).toBe(401);
  });
});

describe('affiliate lists', () => {
  it('pages referrals 20 at a time, newest first, with data and total', async () => {
    const response = await api(`/referrals?affiliate_id=${affiliateId}&number=20&offset=0&order=desc`, {
      token: affiliateToken,
    });
    expect(response.status).toBe(200);
    const body = v.parse(ReferralListSchema, await response.json());
    expect(body.total).toBe(25);
    expect(body.data).toHaveLength(20);
    expect(body.data.slice(0, 4).map((row) => row.reference)).toEqual(['2003', '2002', '2001', '1901']);
    expect(body.data[1]).toMatchObject({
      amount: 79.8,
      status: 'unpaid',
      description: 'Agency Bundle - Agency Yearly',
    });
    const second = v.parse(
      ReferralListSchema,
      await (
        await api(`/referrals?affiliate_id=${affiliateId}&number=20&offset=20`, { token: affiliateToken })
      ).json(),
    );
    expect(second.total).toBe(25);
    expect(second.data.map((row) => row.reference)).toEqual(['1918', '1919', '1920', '1921', '1922']);
  });

  it('lists visits and payouts', async () => {
    const visits = v.parse(
      VisitListSchema,
      await (await api(`/visits?affiliate_id=${affiliateId}`, { token: affiliateToken })).json(),
    );
    expect(visits.total).toBe(5);
    expect(visits.data[0]).toMatchObject({ url: 'https://vendor.example/plugins/addons/' });
    const payouts = v.parse(
      PayoutListSchema,
      await (await api(`/payouts?affiliate_id=${affiliateId}`, { token: affiliateToken })).json(),
    );
    expect(payouts.data.map((row) => [row.amount, row.status, row.payout_method])).toEqual([
      [45, 'processing', 'PayPal'],
      [20, 'paid', 'PayPal'],
    ]);
  });

  it('lists active creatives with absolute image URLs', async () => {
    const body = v.parse(
      CreativeListSchema,
      await (
        await api(`/creatives?affiliate_id=${affiliateId}&number=100&offset=0&status=active`, {
          token: affiliateToken,
        })
      ).json(),
    );
    expect(body.total).toBe(2);
    expect(body.data[0]?.image).toBe('https://portal.example.com/assets/creatives/banner-728x90.svg');
  });

  it("another affiliate's id, or no affiliate account, is 404 on every list", async () => {
    const [manager] = await t.handle.db.select().from(users).where(eq(users.email, 'manager@example.com'));
    const [other] = await t.handle.db
      .insert(affiliates)
      .values({
        userId: manager?.id ?? 0,
        status: 'active',
        websiteUrl: 'https://m.example',
        promotionMethod: 'x',
      })
      .returning();
    const managerToken = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    for (const path of ['/visits', '/referrals', '/payouts', '/creatives']) {
      const theirs = await api(`${path}?affiliate_id=${other?.id}`, { token: affiliateToken });
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toMatchObject({ code: 'not_found' });
      expect((await api(`${path}?affiliate_id=${affiliateId}`, { token: managerToken })).status).toBe(404);
      expect((await api(`${path}?affiliate_id=${affiliateId}`, { token: customerToken })).status).toBe(404);
      expect((await api(`${path}?affiliate_id=${affiliateId}`)).status).toBe(401);
    }
    await t.handle.db.delete(affiliates).where(eq(affiliates.id, other?.id ?? 0));
  });

  it('refuses a bad query', async () => {
    const response = await api(`/visits?affiliate_id=${affiliateId}&number=5000`, { token: affiliateToken });
    expect(response.status).toBe(400);
    expect((await api('/visits?affiliate_id=abc', { token: affiliateToken })).status).toBe(400);
  });
});

describe('POST /affiliate-registration', () => {
  it('gives every spec §5 message under validation_errors, and stores nothing', async () => {
    const before = await affiliateCount();
    const fields = await errorsOf(
      await api('/affiliate-registration', {
        body: {
          affwp_user_login: 'has space',
          affwp_payment_email: 'nope',
          affwp_user_url: 'not a url',
          affwp_promotion_method: 'too short',
        },
      }),
    );
    expect(fields).toEqual({
      affwp_user_name: 'Please insert your name',
      affwp_user_login: 'Username must not contain space',
      affwp_user_email: 'Email is required',
      affwp_payment_email: 'Payment email must be a valid email',
      affwp_user_url: 'Please insert your website url',
      affwp_promotion_method: 'The field must be at least 20 characters long',
      privacy_policy: 'Please agree to Terms & Conditions and Privacy Policy',
    });
    expect(await affiliateCount()).toBe(before);
  });

  it('refuses a missing captcha', async () => {
    const before = await affiliateCount();
    const fields = await errorsOf(await api('/affiliate-registration', { body: registration() }));
    expect(fields).toEqual({ captcha_token: 'Please complete the captcha' });
    expect(await affiliateCount()).toBe(before);
  });

  it('refuses a forged captcha: unsigned, re-signed, or with a guessed solution', async () => {
    const before = await affiliateCount();
    const challenge = (await (await api('/affiliate-registration/captcha')).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const forge = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
    const harder = { ...challenge, parameters: { ...challenge.parameters, cost: 2 } };
    const tokens = [
      forge({ challenge: { parameters: challenge.parameters }, solution }),
      forge({ challenge: { ...challenge, signature: '0'.repeat(64) }, solution }),
      forge({ challenge: harder, solution }),
      forge({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
      'not base64 json',
    ];
    for (const token of tokens) {
      const fields = await errorsOf(
        await api('/affiliate-registration', { body: registration({ captcha_token: token }) }),
      );
      expect(fields).toEqual({ captcha_token: 'Captcha verification failed, please try again' });
    }
    expect(await affiliateCount()).toBe(before);
  });

  it('registers a visitor: a new account, a pending affiliate and a confirmation mail; a reused solution is refused', async () => {
    const token = await solvedToken();
    const response = await api('/affiliate-registration', {
      body: registration({ affwp_payment_email: 'pay@robin.example', captcha_token: token }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; affiliate: { status: string; id: number } };
    expect(body).toMatchObject({ success: true, affiliate: { status: 'pending' } });

    const [user] = await t.handle.db.select().from(users).where(eq(users.email, 'robin@example.com'));
    expect(user).toMatchObject({ username: 'robin', firstName: 'Robin', lastName: 'Reviewer' });
    const [stored] = await t.handle.db.select().from(affiliates).where(eq(affiliates.id, body.affiliate.id));
    expect(stored).toMatchObject({
      userId: user?.id,
      status: 'pending',
      paymentEmail: 'pay@robin.example',
      websiteUrl: 'https://robin.example',
      promotionMethod: 'A weekly newsletter with plugin reviews.',
    });
    const mails = await t.handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'robin@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your affiliate registration');
    expect(mails[0]?.text).toContain('pending review');
    // The sign-in form takes an e-mail address only: the mail names that, not the user name.
    expect(mails[0]?.text).toContain('Sign in with your e-mail address: robin@example.com');
    expect(mails[0]?.text).not.toMatch(/user name/i);
    expect(mails[0]?.text).toMatch(
      /https:\/\/portal\.example\.com\/auth\/reset-password\?key=[\w-]{43}&user=robin/,
    );

    const again = await api('/affiliate-registration', {
      body: registration({
        affwp_user_login: 'robin2',
        affwp_user_email: 'robin2@example.com',
        captcha_token: token,
      }),
    });
    expect(await errorsOf(again)).toEqual({
      captcha_token: 'This captcha was already used, please try again',
    });
    expect((await t.handle.db.select().from(users).where(eq(users.email, 'robin2@example.com'))).length).toBe(
      0,
    );
  });

  it('refuses a taken user name or e-mail for a visitor', async () => {
    const fields = await errorsOf(
      await api('/affiliate-registration', {
        body: registration({
          affwp_user_login: 'CUSTOMER',
          affwp_user_email: 'Customer@Example.com',
          captcha_token: await solvedToken(),
        }),
      }),
    );
    expect(fields).toEqual({
      affwp_user_login: 'This username is already taken',
      affwp_user_email: 'An account with this email already exists, please sign in first',
    });
  });

  it("registers a signed-in customer's own account once", async () => {
    const response = await api('/affiliate-registration', {
      token: customerToken,
      body: registration({
        affwp_user_login: 'someone',
        affwp_user_email: 'x@example.com',
        captcha_token: await solvedToken(),
      }),
    });
    expect(response.status).toBe(201);
    const [customer] = await t.handle.db.select().from(users).where(eq(users.email, 'customer@example.com'));
    const [row] = await t.handle.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.userId, customer?.id ?? 0));
    expect(row?.status).toBe('pending');
    const profile = (await (await api('/affiliate', { token: customerToken, method: 'POST' })).json()) as {
      affiliate: { status: string };
    };
    expect(profile.affiliate.status).toBe('pending');
    const twice = await api('/affiliate-registration', {
      token: customerToken,
      body: registration({ captcha_token: await solvedToken() }),
    });
    expect(await errorsOf(twice)).toEqual({ affwp_user_login: 'You are already registered as an affiliate' });
  });

  it('spends the captcha only with a registration: a refused form keeps it for the corrected one', async () => {
    const token = await solvedToken();
    const taken = await api('/affiliate-registration', {
      body: registration({
        affwp_user_login: 'customer',
        affwp_user_email: 'kept@example.com',
        captcha_token: token,
      }),
    });
    expect(await errorsOf(taken)).toEqual({ affwp_user_login: 'This username is already taken' });
    // Refused inside the registration's transaction, after the captcha was spent there.
    const already = await api('/affiliate-registration', {
      token: affiliateToken,
      body: registration({ captcha_token: token }),
    });
    expect(await errorsOf(already)).toEqual({
      affwp_user_login: 'You are already registered as an affiliate',
    });

    const corrected = await api('/affiliate-registration', {
      body: registration({
        affwp_user_login: 'kept',
        affwp_user_email: 'kept@example.com',
        captcha_token: token,
      }),
    });
    expect(corrected.status).toBe(201);
    const reused = await api('/affiliate-registration', {
      body: registration({
        affwp_user_login: 'kept2',
        affwp_user_email: 'kept2@example.com',
        captcha_token: token,
      }),
    });
    expect(await errorsOf(reused)).toEqual({
      captcha_token: 'This captcha was already used, please try again',
    });
  });
});

describe('referral tracking', () => {
  it('records a visit for ?ref= on a page and sets the affwp_* cookies', async () => {
    const response = await t.app.request(`/checkout?ref=${affiliateId}&campaign=spring`, {
      headers: { Accept: 'text/html', Referer: 'https://blog.example/post' },
    });
    const cookies = response.headers.getSetCookie();
    const [visit] = await t.handle.db
      .select()
      .from(affiliateVisits)
      .where(eq(affiliateVisits.campaign, 'spring'));
    expect(visit).toMatchObject({ affiliateId, referrer: 'https://blog.example/post' });
    expect(visit?.url).toBe(`https://portal.example.com/checkout?ref=${affiliateId}&campaign=spring`);
    expect(cookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^affwp_ref=${affiliateId}; Path=/; Max-Age=2592000; SameSite=Lax; Secure$`),
        ),
        expect.stringMatching(new RegExp(`^affwp_ref_visit_id=${visit?.id};`)),
        expect.stringMatching(/^affwp_campaign=spring;/),
      ]),
    );
  });

  it('sends a referral URL on the site root on to the landing page, visit recorded and cookies set', async () => {
    const response = await t.app.request(`/?ref=${affiliateId}&campaign=root-link`, {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/checkout');
    expect(response.headers.getSetCookie()).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^affwp_ref=${affiliateId};`))]),
    );
    const [visit] = await t.handle.db
      .select()
      .from(affiliateVisits)
      .where(eq(affiliateVisits.campaign, 'root-link'));
    expect(visit?.affiliateId).toBe(affiliateId);
  });

  it('ignores unknown or pending affiliates', async () => {
    const before = (await t.handle.db.select().from(affiliateVisits)).length;
    const [pending] = await t.handle.db.select().from(affiliates).where(eq(affiliates.status, 'pending'));
    for (const ref of ['999999', 'abc', String(pending?.id)]) {
      const response = await t.app.request(`/?ref=${ref}`);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const recorded = await api('/referral-visits', { body: { ref: '999999' } });
    expect(await recorded.json()).toEqual({
      recorded: false,
      affiliate_id: null,
      visit_id: null,
      campaign: '',
    });
    expect((await t.handle.db.select().from(affiliateVisits)).length).toBe(before);
  });

  it('records a visit through POST /referral-visits for pages elsewhere', async () => {
    const response = await api('/referral-visits', {
      body: {
        ref: String(affiliateId),
        campaign: 'embed',
        url: 'https://shop.example/p?ref=1',
        referrer: 'javascript:alert(1)',
      },
    });
    const body = (await response.json()) as { recorded: boolean; visit_id: number };
    expect(body).toMatchObject({ recorded: true, affiliate_id: affiliateId, campaign: 'embed' });
    const [visit] = await t.handle.db
      .select()
      .from(affiliateVisits)
      .where(eq(affiliateVisits.id, body.visit_id));
    expect(visit).toMatchObject({ url: 'https://shop.example/p?ref=1', referrer: '' });
  });
});

describe('POST /affiliate-info', () => {
  async function payment(
    status: 'complete' | 'pending',
    email: string,
    userId: number | null,
    totalCents = 4997,
  ) {
    const [row] = await t.handle.db
      .insert(payments)
      .values({
        number: `T-${Math.random().toString(36).slice(2, 10)}`,
        userId,
        email,
        status,
        gateway: 'sandbox',
        purchaseKey: crypto.randomUUID(),
        subtotalCents: totalCents,
        totalCents,
      })
      .returning();
    if (!row) throw new Error('payment insert');
    await t.handle.db.insert(paymentItems).values({
      paymentId: row.id,
      downloadId: 4372,
      priceId: 1,
      name: 'Addons Plugin',
      priceName: '1 Site',
      amountCents: totalCents,
    });
    return row;
  }

  const customerId = async () =>
    (await t.handle.db.select().from(users).where(eq(users.email, 'customer@example.com')))[0]?.id ?? 0;

  it('answers whether the payment is credited and records nothing itself, even naming a recorded visit', async () => {
    const paid = await payment('complete', 'customer@example.com', await customerId());
    const visit = (await (
      await api('/referral-visits', { body: { ref: String(affiliateId), campaign: 'buy' } })
    ).json()) as { visit_id: number };
    const info = {
      payment_id: paid.id,
      affwp_ref: String(affiliateId),
      affwp_ref_visit_id: String(visit.visit_id),
      affwp_campaign: 'buy',
      affwp_visit_id: String(visit.visit_id),
      affwp_affiliate_id: String(affiliateId),
    };
    const response = await api('/affiliate-info', { token: customerToken, body: info });
    expect(await response.json()).toEqual({ recorded: false });
    expect(
      await t.handle.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.paymentId, paid.id)),
    ).toEqual([]);
    const [untouched] = await t.handle.db
      .select()
      .from(affiliateVisits)
      .where(eq(affiliateVisits.id, visit.visit_id));
    expect(untouched?.referralId).toBeNull();

    await t.handle.db.insert(affiliateReferrals).values({
      affiliateId,
      reference: paid.number,
      amountCents: 999,
      description: 'Addons Plugin - 1 Site',
      status: 'unpaid',
      paymentId: paid.id,
    });
    const credited = await api('/affiliate-info', { token: customerToken, body: info });
    expect(await credited.json()).toEqual({ recorded: true });
  });

  it("another user's payment is 404 and records nothing; a pending payment is refused", async () => {
    const theirs = await payment('complete', 'someone-else@example.com', null);
    const response = await api('/affiliate-info', {
      token: customerToken,
      body: { payment_id: theirs.id, affwp_ref: String(affiliateId) },
    });
    expect(response.status).toBe(404);
    expect(
      await t.handle.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.paymentId, theirs.id)),
    ).toEqual([]);
    const pending = await payment('pending', 'customer@example.com', await customerId());
    const refused = await api('/affiliate-info', {
      token: customerToken,
      body: { payment_id: pending.id, affwp_ref: String(affiliateId) },
    });
    expect(refused.status).toBe(409);
    expect((await api('/affiliate-info', { body: { payment_id: pending.id } })).status).toBe(401);
  });

  it("accepts the payment's e-mail owner; records nothing without cookies or for a self-referral", async () => {
    const guest = await payment('complete', 'CUSTOMER@example.com', null);
    expect(
      await (await api('/affiliate-info', { token: customerToken, body: { payment_id: guest.id } })).json(),
    ).toEqual({
      recorded: false,
    });
    const own = await payment('complete', 'affiliate@example.com', null);
    const self = await api('/affiliate-info', {
      token: affiliateToken,
      body: { payment_id: own.id, affwp_ref: String(affiliateId) },
    });
    expect(await self.json()).toEqual({ recorded: false });
    expect(
      await t.handle.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.paymentId, own.id)),
    ).toEqual([]);
  });
});
