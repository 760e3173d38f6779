import { describe, expect, it } from 'vitest';
import { createCheckoutDraft } from './checkout-draft';
import { CHECKOUT_DRAFT_KEY } from './checkout-draft-key';
import type { CheckoutValues } from './checkout-form';
import { createMemoryStorage } from './storage';

const typed: CheckoutValues = {
  edd_first: 'Ada',
  edd_last: 'Lovelace',
  edd_email: 'ada@example.com',
  edd_acquisition_method: 'google',
  edd_gateway: 'paypalexpress',
  terms: true,
  mailchimp: false,
  card_address: '1 Main Street',
  card_address_2: '',
  card_city: 'Oranjestad',
  card_zip: '0000',
  billing_country: 'AW',
  card_state: '',
};

describe('checkout draft', () => {
  it('keeps the form as typed and gives it back', () => {
    const draft = createCheckoutDraft(createMemoryStorage());
    expect(draft.read()).toEqual({});
    draft.save(typed);
    expect(draft.read()).toEqual(typed);
    draft.clear();
    expect(draft.read()).toEqual({});
  });

  it("stores only the form's own fields, and reads back only those of the right type", () => {
    const storage = createMemoryStorage();
    const draft = createCheckoutDraft(storage);
    draft.save({ ...typed, card_number: '4242424242424242', cvc: '123' } as CheckoutValues);
    expect(storage.get(CHECKOUT_DRAFT_KEY)).not.toContain('4242');
    storage.set(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify({ edd_first: 7, edd_gateway: 'bitcoin', terms: 'yes', card_city: 'Rome' }),
    );
    expect(draft.read()).toEqual({ card_city: 'Rome' });
    storage.set(CHECKOUT_DRAFT_KEY, '{not json');
    expect(draft.read()).toEqual({});
  });
});
