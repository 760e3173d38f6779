import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddCardResponseSchema,
  CardListResponseSchema,
  ProfileSchema,
  ProfileUpdatedSchema,
} from '../shared/schemas/profile';
import { billingAddresses, paymentMethods, users } from './db/schema';
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

  it('refuses an address another account uses', async () => {
    const response = await post('/profile', customer, {
      type: 'profile',
      ...names,
      email: 'AFFILIATE@example.com',
    });
    expect(response.status).toBe(400);
    expect(await fields(response)).toEqual({ email: 'This email is already used by another account.' });
  });

  it('changes the e-mail only once the link mailed to the new address is confirmed by its account', async () => {
    const response = await post('/profile', customer, {
      type: 'profile',
      ...names,
      email: 'casey.new@example.com',
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
    await post('/profile', customer, { type: 'profile', ...names });
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
  it('gives the spec messages', async () => {
    const token = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    expect(await fields(await post('/profile', token, { type: 'password' }))).toEqual({
      new_password: 'Please enter password',
      new_password_2: 'Please confirm password',
    });
    expect(
      await fields(
        await post('/profile', token, { type: 'password', new_password: 'Abcdefgh1', new_password_2: 'x' }),
      ),
    ).toEqual({ new_password_2: 'Confirm password does not match, please check input.' });
    expect(
      await fields(
        await post('/profile', token, { type: 'password', new_password: 'short', new_password_2: 'short' }),
      ),
    ).toEqual({ new_password: 'Password must be at least 8 characters' });
  });

  it('changes the password and ends every other session of the account, not this one', async () => {
    const current = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const elsewhere = await signIn(t.app, 'manager@example.com', 'Manager#2026');
    const response = await post('/profile', current, {
      type: 'password',
      new_password: 'New manager pass 1',
      new_password_2: 'New manager pass 1',
    });
    expect(response.status).toBe(200);
    expect((await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': elsewhere } })).status).toBe(
      401,
    );
    expect((await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': current } })).status).toBe(200);
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

  it('sets the default: the chosen card is default and the others are not', async () => {
    const response = await post('/profile/set-card-default', customer, { payment_method: 'pm_demo_mc_4444' });
    expect(response.status).toBe(200);
    const { cards } = v.parse(CardListResponseSchema, await response.json());
    expect(cards[0]?.source.id).toBe('pm_demo_mc_4444');
    expect(cards.filter((c) => c.default).map((c) => c.source.id)).toEqual(['pm_demo_mc_4444']);
    const rows = await cardsOf(customerId);
    expect(rows.filter((r) => r.isDefault).map((r) => r.gatewayRef)).toEqual(['pm_demo_mc_4444']);
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
