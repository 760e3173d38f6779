import * as v from 'valibot';
import { expect } from 'vitest';
import { type Cart, CartSchema } from '../../shared/schemas/cart';
import { type PaymentInfo, PaymentInfoSchema, PurchaseResponseSchema } from '../../shared/schemas/checkout';
import { jsonHeaders, type TestApp } from './app';

/** Who calls: a guest cart token and/or a signed-in session. */
export interface Caller {
  cartToken?: string | null;
  session?: string;
}

/** A checkout form that passes spec §5 (the address of a card payment included). */
export function billingFor(email: string, gateway: 'stripe' | 'manual' = 'stripe'): Record<string, unknown> {
  return {
    edd_first: 'Ada',
    edd_last: 'Lovelace',
    edd_email: email,
    edd_acquisition_method: 'google',
    edd_agree_to_terms: 1,
    edd_agree_to_privacy_policy: 1,
    edd_gateway: gateway,
    payment_mode: gateway,
    card_name: 'Ada Lovelace',
    card_address: '1 Analytical Way',
    card_address_2: '',
    card_city: 'London',
    card_zip: 'N1 9GU',
    billing_country: 'GB',
    card_state: 'LND',
    need_new_user: true,
    need_user_login: true,
    mailchimp: false,
  };
}

/** The cart and checkout calls as a buyer makes them, down to the sandbox card page and the receipt. */
export function buyer(t: TestApp) {
  const headers = (who: Caller): Record<string, string> => ({
    ...jsonHeaders,
    ...(who.cartToken ? { 'X-Cart-Token': who.cartToken } : {}),
    ...(who.session ? { 'X-WP-Nonce': who.session } : {}),
  });
  const call = (path: string, body: unknown, who: Caller = {}) =>
    t.app.request(`/api/v1${path}`, { method: 'POST', headers: headers(who), body: JSON.stringify(body) });
  const get = (path: string, who: Caller = {}) => t.app.request(`/api/v1${path}`, { headers: headers(who) });

  /** `POST /add-to-cart`; a guest's first call answers the cart token to keep. */
  async function addToCart(body: unknown, who: Caller = {}): Promise<Cart> {
    const response = await call('/add-to-cart', body, who);
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(CartSchema, await response.json());
  }

  /**
   * Pays the caller's cart: the sandbox card for a total above 0, the free ('manual') way otherwise,
   * then answers the success page's receipt (`POST /confirmation`).
   */
  async function pay(
    who: Caller,
    email: string,
    gateway: 'stripe' | 'manual' = 'stripe',
  ): Promise<PaymentInfo> {
    const response = await call('/purchase', billingFor(email, gateway), who);
    expect(response.status, await response.clone().text()).toBe(200);
    const { url, payment_id } = v.parse(PurchaseResponseSchema, await response.json());
    let confirmation: unknown;
    if (gateway === 'manual') {
      const key = new URL(url).searchParams.get('payment_key') ?? '';
      confirmation = { paymentId: payment_id, payment_key: key };
    } else {
      const paid = await t.app.request(new URL(url).pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          card_number: '4242424242424242',
          card_expiry: '12/34',
          card_cvc: '123',
        }).toString(),
      });
      expect(paid.status).toBe(303);
      confirmation = { session_id: decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') };
    }
    const confirmed = await call('/confirmation', confirmation, who);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    return v.parse(PaymentInfoSchema, await confirmed.json());
  }

  return { call, get, addToCart, pay };
}
