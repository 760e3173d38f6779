import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddCardResponseSchema,
  CardListResponseSchema,
  ProfileSchema,
  ProfileUpdatedSchema,
} from '../shared/schemas/profile';
import {
  billingAddresses,
  billingAttempts,
  paymentMethods,
  rateLimits,
  subscriptions,
  users,
} from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let customer: string;
let other: string;
let customerId: number;

const origin = 'https://portal.example.test';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin, signInRateLimit: { perIp: 100_000 } });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'customer@example.com'));
  customerId = row?.id ?? 0;
});
afterAll(() => t.close());

const post = (path: string, token: string | null, body: unknown) =>
  t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: token ? { ...jsonHeaders, 'X-WP-Nonce': token } : jsonHeaders,
    body: JSON.stringify(body),
  });
const getProfile = async (token: string) => {
  const response = await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': token } });
  expect(response.status).toBe(200);
  return v.parse(ProfileSchema, await response.json());
};
const fields = async (response: Response) =>
  ((await response.json()) as { data: { fields: Record<string, string> } }).data.fields;
const cardsOf = (userId: number) =>
  t.handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
const names = {
  first_name: 'Casey',
  last_name: 'Customer',
  display_name: 'Casey C',
  email: 'customer@example.com',
};

describe('POST /profile type profile', () => {
  it('saves the names and answers the profile with the spec message', async () => {
    const response = await post('/profile', customer, {
      type: 'profile',
      ...names,
      display_name: 'Casey the Customer',
    });
    expect(response.status).toBe(200);
    const body = v.parse(ProfileUpdatedSchema, await response.json());
    expect(body.message).toBe('Profile updated successfully');
    expect(body.profile.display_name).toBe('Casey the Customer');
    expect(body.pending_email).toBeNull();
    expect((await getProfile(customer)).display_name).toBe('Casey the Customer');
  });

  it('gives every rule of the profile table by field, and stores nothing', async () => {
    const empty = await post('/profile', customer, { type: 'profile' });
    expect(empty.status).toBe(400);
    expect(await fields(empty)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      display_name: 'Display name is required',
      email: 'Email is required',
    });
    const long = await post('/profile', customer, {
      type: 'profile',
      first_name: 'a'.repeat(61),
      last_name: 'b'.repeat(61),
      display_name: 'c'.repeat(101),
      email: 'not-an-email',
    });
    expect(await fields(long)).toEqual({
      first_name: 'Fist name should not be more than 60 characters',
      last_name: 'Last name should not be more than 60 characters',
      display_name: 'Display name should not be more than 100 characters',
      email: 'Please insert a valid email',
    });
    expect((await getProfile(customer)).first_name).toBe('Casey');
  });

  it('answers an address another account uses exactly as a free one, and mails that account instead', async () => {
    const ask = (email: string) =>
      post('/profile', customer, { type: 'profile', ...names, email, current_password: 'Customer#2026' });
    const strip = (body: unknown) => JSON.stringify(body).replaceAll(/affiliate|free\.one/gi, 'x');
    const before = (await listOutbox(t.handle.db)).length;
    const taken = await ask('AFFILIATE@example.com');
    const free = await ask('free.one@example.com');
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    const takenBody = v.parse(ProfileUpdatedSchema, await taken.json());
    expect(takenBody.pending_email).toBe('AFFILIATE@example.com');
    expect(takenBody.profile.email).toBe('customer@example.com');
    expect(strip(takenBody)).toBe(strip(v.parse(ProfileUpdatedSchema, await free.json())));
    const mails = (await listOutbox(t.handle.db)).slice(0, -before || undefined);
    const toOwner = mails.filter((m) => m.to.toLowerCase() === 'affiliate@example.com');
    expect(toOwner.map((m) => m.subject)).toEqual(['Someone tried to use your e-mail address']);
    expect(toOwner[0]?.text).not.toMatch(/https?:\/\//);
    // The old address is told of both requests, and no confirmation link exists for the taken address.
    expect(mails.filter((m) => m.to === 'customer@example.com').map((m) => m.subject)).toEqual([
      'Your e-mail address is about to change',
      'Your e-mail address is about to change',
    ]);
    expect(
      mails.some((m) => m.subject === 'Confirm your new e-mail address' && /affiliate/i.test(m.to)),
    ).toBe(false);
    expect((await getProfile(customer)).email).toBe('customer@example.com');
    // The taken address's owner is told a few times a day at most.
    for (let i = 0; i < 4; i += 1) expect((await ask('affiliate@example.com')).status).toBe(200);
    const told = (await listOutbox(t.handle.db)).filter(
      (m) => m.to.toLowerCase() === 'affiliate@example.com' && m.subject.startsWith('Someone tried'),
    );
    expect(told).toHaveLength(3);
  });

  it('changes the e-mail only with the current password', async () => {
    const without = await post('/profile', customer, {
      type: 'profile',
      ...names,
      email: 'nope@example.com',
    });
    expect(without.status).toBe(400);
    expect(await fields(without)).toEqual({ current_password: 'Please enter your current password' });
    const wrong = await post('/profile', customer, {
      type: 'profile',
      ...names,
      email: 'nope@example.com',
      current_password: 'Wrong#2026',
    });
    expect(await fields(wrong)).toEqual({ current_password: 'The current password is not correct.' });
    expect((await listOutbox(t.handle.db)).some((m) => m.to === 'nope@example.com')).toBe(false);
  });

  it('changes the e-mail only once the link mailed to the new address is confirmed by its account', async () => {
    const response = await post('/profile', customer, {
      type: 'profile',
      ...names,
      email: 'casey.new@example.com',
      current_password: 'Customer#2026',
    });
    const body = v.parse(ProfileUpdatedSchema, await response.json());
    expect(body.pending_email).toBe('casey.new@example.com');
    expect(body.profile.email).toBe('customer@example.com');
    const outbox = await listOutbox(t.handle.db);
    const mail = outbox.find((m) => m.to === 'casey.new@example.com');
    expect(
      outbox.some((m) => m.to === 'customer@example.com' && m.text.includes('casey.new@example.com')),
    ).toBe(true);
    const link = new URL(/https:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${origin}/user/profile`);
    expect(link.searchParams.get('action')).toBe('confirm_email');
    const key = link.searchParams.get('key') ?? '';

    // Another account holding the key changes nothing.
    const stolen = await post('/profile/confirm-email', other, { key });
    expect(stolen.status).toBe(400);
    expect((await getProfile(customer)).email).toBe('customer@example.com');

    const confirmed = await post('/profile/confirm-email', customer, { key });
    expect(confirmed.status).toBe(200);
    expect(v.parse(ProfileUpdatedSchema, await confirmed.json()).profile.email).toBe('casey.new@example.com');
    expect((await post('/profile/confirm-email', customer, { key })).status).toBe(400);

    // Back to the seeded address for the other tests (and sign-in by e-mail still works).
    await signIn(t.app, 'casey.new@example.com', 'Customer#2026');
    await post('/profile', customer, { type: 'profile', ...names, current_password: 'Customer#2026' });
    const back = (await listOutbox(t.handle.db)).find(
      (m) => m.to === 'customer@example.com' && m.text.includes('/user/profile?'),
    );
    const backKey = new URL(/https:\/\/\S+/.exec(back?.text ?? '')?.[0] ?? '').searchParams.get('key');
    expect((await post('/profile/confirm-email', customer, { key: backKey })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await post('/profile', null, { type: 'profile', ...names })).status).toBe(401);
  });
});

describe('POST /profile type address', () => {
  const address = {
    type: 'address',
    line1: '1 Main St',
    line2: '',
    country: 'CA',
    state: 'ON',
    city: 'Toronto',
    zip: 'M5V 2T6',
  };

  it('stores the address (state of a country that has states)', async () => {
    const response = await post('/profile', customer, address);
    expect(response.status).toBe(200);
    expect(v.parse(ProfileUpdatedSchema, await response.json()).profile.address).toEqual({
      line1: '1 Main St',
      line2: '',
      country: 'CA',
      state: 'ON',
      city: 'Toronto',
      zip: 'M5V 2T6',
    });
    const [row] = await t.handle.db
      .select()
      .from(billingAddresses)
      .where(eq(billingAddresses.userId, customerId));
    expect(row?.city).toBe('Toronto');
  });

  it('gives the billing messages of spec §5', async () => {
    const empty = await post('/profile', customer, { type: 'address', country: 'US' });
    expect(await fields(empty)).toEqual({
      line1: 'Please insert billing address',
      state: 'Please select state',
      city: 'Please insert city',
      zip: 'Please insert zip/postal code',
    });
    const long = await post('/profile', customer, {
      ...address,
      line1: 'a'.repeat(256),
      line2: 'b'.repeat(256),
      city: 'c'.repeat(61),
      zip: 'd'.repeat(25),
    });
    expect(await fields(long)).toEqual({
      line1: 'Billing address should not be more than 255 characters',
      line2: 'Billing address line 2 should not be more than 255 characters',
      city: 'City should not be more than 60 characters',
      zip: 'Zip/postal code should not be more than 24 characters',
    });
    expect(await fields(await post('/profile', customer, { ...address, state: 'XX' }))).toEqual({
      state: 'Please select state',
    });
    expect(await fields(await post('/profile', customer, { ...address, country: 'ZZ' }))).toEqual({
      country: 'Country is required',
    });
  });

  it('keeps no state for a country without states', async () => {
    const response = await post('/profile', customer, { ...address, country: 'HK', state: 'whatever' });
    expect(v.parse(ProfileUpdatedSchema, await response.json()).profile.address.state).toBe('');
  });
});

describe('POST /profile type password', () => {
  const change = (token: string, values: Record<string, string>) =>
    post('/profile', token, { type: 'password', current_password: 'Manager#2026', ...values });

  it('gives the spec messages, the reset rule and message, and refuses a common password', async () => {
    const token = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    expect(await fields(await post('/profile', token, { type: 'password' }))).toEqual({
      current_password: 'Please enter your current password',
      new_password: 'Please enter password',
      new_password_2: 'Please confirm password',
    });
    expect(await fields(await change(token, { new_password: 'Abcdefgh1', new_password_2: 'x' }))).toEqual({
      new_password_2: 'Confirm password does not match, please check input.',
    });
    const weak =
      'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer';
    for (const password of ['short', 'alllowercase1', 'NoDigitsHere']) {
      expect(await fields(await change(token, { new_password: password, new_password_2: password }))).toEqual(
        {
          new_password: weak,
        },
      );
    }
    // Meets the rule, but is the list's 'password1' / 'baseball1'.
    for (const password of ['Password1', 'BaseBall1']) {
      expect(await fields(await change(token, { new_password: password, new_password_2: password }))).toEqual(
        {
          new_password: 'This password is too common, please choose another one.',
        },
      );
    }
  });

  it('refuses the change without the right current password, counting the failures', async () => {
    const token = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const wrong = await change(token, {
      current_password: 'Guess#2026',
      new_password: 'Stolen token 1A',
      new_password_2: 'Stolen token 1A',
    });
    expect(wrong.status).toBe(400);
    expect(await fields(wrong)).toEqual({ current_password: 'The current password is not correct.' });
    // The affiliate's token (a thief's, say) guesses: past the account's limit even the right one waits.
    const attempt = (current_password: string) =>
      post('/profile', other, {
        type: 'password',
        current_password,
        new_password: 'Stolen token 1A',
        new_password_2: 'Stolen token 1A',
      });
    for (let i = 0; i < t.config.signInRateLimit.perAccount; i += 1) {
      expect((await attempt(`Guess#${i}`)).status).toBe(400);
    }
    expect((await attempt('Affiliate#2026')).status).toBe(429);
    await t.handle.db.delete(rateLimits);
  });

  it('changes the password and ends every other session of the account, not this one, and mails the owner', async () => {
    const current = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const elsewhere = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const response = await change(current, {
      new_password: 'New manager pass 1',
      new_password_2: 'New manager pass 1',
    });
    expect(response.status).toBe(200);
    expect((await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': elsewhere } })).status).toBe(
      401,
    );
    expect((await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': current } })).status).toBe(200);
    const [mail] = (await listOutbox(t.handle.db)).filter((m) => m.to === 'manager@example.com');
    expect(mail?.subject).toBe('Your password was changed');
    expect(mail?.text).not.toContain('New manager pass 1');
    expect(mail?.text).toContain(`${origin}/account/sign-out-everywhere?token=`);
    await expect(signIn(t.app, 'manager@example.com', 'Manager#2026')).rejects.toThrow();
    await signIn(t.app, 'manager@example.com', 'New manager pass 1');
  });
});

describe('cards (sandbox gateway)', () => {
  async function addCardPage(token: string): Promise<string> {
    const response = await post('/profile/add-card', token, {});
    expect(response.status).toBe(200);
    const { url } = v.parse(AddCardResponseSchema, await response.json());
    expect(url.startsWith(`${origin}/sandbox/cards/`)).toBe(true);
    return new URL(url).pathname;
  }
  const submit = (path: string, form: Record<string, string>) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const card = { action: 'save', number: '5555 5555 5555 4444', expiry: '08/39', cvc: '123' };

  it('lists the seeded cards default first', async () => {
    const profile = await getProfile(customer);
    expect(profile.cards.map((c) => [c.source.brand, c.source.last4, c.default])).toEqual([
      ['visa', '4242', true],
      ['mastercard', '4444', false],
    ]);
  });

  it('adds a card on the sandbox page and returns to the profile; keeps only brand, last4, expiry', async () => {
    const page = await addCardPage(customer);
    const html = await t.app.request(page);
    expect(html.status).toBe(200);
    expect(html.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('<form method="post"');
    const saved = await submit(page, { ...card, number: '3782 822463 10005', cvc: '1234' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/user/profile?action=add_card');
    const rows = await cardsOf(customerId);
    const amex = rows.find((r) => r.brand === 'amex');
    expect(amex).toMatchObject({
      last4: '0005',
      expMonth: 8,
      expYear: 2039,
      isDefault: false,
      gateway: 'sandbox',
    });
    expect(JSON.stringify(rows)).not.toContain('378282246310005');
    // The page works once.
    expect((await submit(page, card)).headers.get('Location')).toBe(
      '/user/profile?action=add_card&failed=true',
    );
  });

  it('returns with failed=true for a declined card or a cancel, and stores nothing', async () => {
    const before = (await cardsOf(customerId)).length;
    const declined = await submit(await addCardPage(customer), { ...card, number: '4000000000000002' });
    expect(declined.headers.get('Location')).toBe('/user/profile?action=add_card&failed=true');
    const cancelled = await submit(await addCardPage(customer), { action: 'cancel' });
    expect(cancelled.headers.get('Location')).toBe('/user/profile?action=add_card&failed=true');
    expect((await cardsOf(customerId)).length).toBe(before);
  });

  it('shows a bad number on the page again without ending the setup', async () => {
    const page = await addCardPage(customer);
    const bad = await submit(page, { ...card, number: '4242424242424241' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('The card number is not valid.');
    expect((await submit(page, card)).headers.get('Location')).toBe('/user/profile?action=add_card');
  });

  it("makes an account's first card its default", async () => {
    const [affiliate] = await t.handle.db
      .select()
      .from(users)
      .where(eq(users.email, 'affiliate@example.com'));
    await submit(await addCardPage(other), { ...card, number: '4242424242424242' });
    expect((await cardsOf(affiliate?.id ?? 0)).map((r) => [r.brand, r.isDefault])).toEqual([['visa', true]]);
  });

  it('an unknown or expired setup lands on failed=true', async () => {
    const unknown = await t.app.request(`/sandbox/cards/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('Location')).toBe('/user/profile?action=add_card&failed=true');
  });

  it('sets the default: the chosen card is default and the others are not, and a failing renewal is paid at once', async () => {
    // A renewal refused on the old card, its next retry days away.
    const [sub] = await t.handle.db
      .update(subscriptions)
      .set({ status: 'failing', failedAttempts: 1, nextAttemptAt: new Date(Date.now() + 3 * 86_400_000) })
      .where(and(eq(subscriptions.userId, customerId), eq(subscriptions.status, 'active')))
      .returning();
    if (!sub) throw new Error('the demo customer has no active subscription');
    const response = await post('/profile/set-card-default', customer, { payment_method: 'pm_demo_mc_4444' });
    expect(response.status).toBe(200);
    const { cards } = v.parse(CardListResponseSchema, await response.json());
    expect(cards[0]?.source.id).toBe('pm_demo_mc_4444');
    expect(cards.filter((c) => c.default).map((c) => c.source.id)).toEqual(['pm_demo_mc_4444']);
    const rows = await cardsOf(customerId);
    expect(rows.filter((r) => r.isDefault).map((r) => r.gatewayRef)).toEqual(['pm_demo_mc_4444']);
    // Charged on the new card after the answer, not at the engine's next round.
    await t.background.idle();
    const [after] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0, timesBilled: sub.timesBilled + 1 });
    const attempts = await t.handle.db
      .select()
      .from(billingAttempts)
      .where(eq(billingAttempts.subscriptionId, sub.id));
    expect(attempts.map((a) => a.status)).toEqual(['succeeded']);
  });

  it('refuses to remove the default card', async () => {
    const response = await post('/profile/remove-card', customer, { payment_method: 'pm_demo_mc_4444' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'default_card',
      message: 'You can not remove a default card. Please set another card as default to continue billing.',
    });
  });

  it('removes a card that is not the default', async () => {
    const response = await post('/profile/remove-card', customer, { payment_method: 'pm_demo_visa_4242' });
    expect(response.status).toBe(200);
    const { cards } = v.parse(CardListResponseSchema, await response.json());
    expect(cards.some((c) => c.source.id === 'pm_demo_visa_4242')).toBe(false);
    expect((await cardsOf(customerId)).some((r) => r.gatewayRef === 'pm_demo_visa_4242')).toBe(false);
  });

  it('refuses to remove the last card', async () => {
    const [affiliate] = await t.handle.db
      .select()
      .from(users)
      .where(eq(users.email, 'affiliate@example.com'));
    const [only] = await cardsOf(affiliate?.id ?? 0);
    // Make it not the default, to show the count rule on its own.
    await t.handle.db
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(eq(paymentMethods.id, only?.id ?? 0));
    const response = await post('/profile/remove-card', other, { payment_method: only?.gatewayRef });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'last_card' });
  });

  it("another user's card: 404 and nothing changes", async () => {
    const before = await cardsOf(customerId);
    const ref = before.find((r) => !r.isDefault)?.gatewayRef ?? '';
    expect((await post('/profile/set-card-default', other, { payment_method: ref })).status).toBe(404);
    expect((await post('/profile/remove-card', other, { payment_method: ref })).status).toBe(404);
    expect(await cardsOf(customerId)).toEqual(before);
  });

  it('needs a token and a payment_method', async () => {
    expect((await post('/profile/add-card', null, {})).status).toBe(401);
    expect(
      (await post('/profile/set-card-default', null, { payment_method: 'pm_demo_mc_4444' })).status,
    ).toBe(401);
    expect((await post('/profile/remove-card', customer, {})).status).toBe(400);
  });
});
