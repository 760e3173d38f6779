import { describe, expect, it } from 'vitest';
import { type CheckoutValues, purchasePayload, referralVisit } from './checkout-form';

const values: CheckoutValues = {
  edd_first: ' Ada ',
  edd_last: 'Lovelace',
  edd_email: 'ada@example.com',
  edd_acquisition_method: 'google',
  edd_gateway: 'stripe',
  terms: true,
  mailchimp: false,
  card_address: '1 Main Street',
  card_address_2: '',
  card_city: 'Berlin',
  card_zip: '10117',
  billing_country: 'DE',
  card_state: 'BE',
};

describe('purchasePayload (spec §7 billing payload)', () => {
  it('carries both spellings of the gateway, card_name, the flags as 1/0 and the address for a card', () => {
    expect(purchasePayload(values, false)).toEqual({
      edd_first: 'Ada',
      edd_last: 'Lovelace',
      edd_email: 'ada@example.com',
      edd_acquisition_method: 'google',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      edd_gateway: 'stripe',
      'edd-gateway': 'stripe',
      payment_mode: 'stripe',
      'payment-mode': 'stripe',
      card_name: 'Ada Lovelace',
      need_new_user: true,
      need_user_login: true,
      mailchimp: false,
      card_address: '1 Main Street',
      card_address_2: '',
      card_city: 'Berlin',
      card_zip: '10117',
      billing_country: 'DE',
      card_state: 'BE',
    });
  });

  it('drops the card address for PayPal; a signed-in buyer needs no new user', () => {
    const payload = purchasePayload({ ...values, edd_gateway: 'paypalexpress', terms: false }, true);
    expect(payload).toMatchObject({ need_new_user: false, need_user_login: false, edd_agree_to_terms: 0 });
    for (const field of [
      'card_address',
      'card_address_2',
      'card_city',
      'card_zip',
      'billing_country',
      'card_state',
    ]) {
      expect(payload, field).not.toHaveProperty(field);
    }
  });

  it("adds the landing's recorded visit id only, never a typed affiliate id", () => {
    const referral = referralVisit(
      'theme=dark; affwp_ref=7; affwp_ref_visit_id=42; affwp_campaign=spring; other=1',
    );
    expect(referral).toEqual({ affwp_ref_visit_id: '42' });
    const payload = purchasePayload(values, false, referral);
    expect(payload).toMatchObject({ affwp_ref_visit_id: '42' });
    expect(payload).not.toHaveProperty('affwp_ref');
    expect(referralVisit('affwp_ref=7; affwp_affiliate_id=7')).toEqual({});
    expect(referralVisit('affwp_ref_visit_id=7%20or%201')).toEqual({});
  });
});
