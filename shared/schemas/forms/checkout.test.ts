import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkoutFormSchema, couponCodeSchema, couponFormSchema } from './checkout';
import { fieldErrors } from './field-errors';

const valid = {
  edd_first: 'Jo',
  edd_last: 'Doe',
  edd_email: 'jo@example.com',
  edd_acquisition_method: 'google',
  edd_gateway: 'stripe',
  edd_agree_to_terms: true,
  card_address: '1 Main St',
  card_address_2: '',
  card_city: 'New York',
  card_zip: '10001',
  billing_country: 'US',
  card_state: 'NY',
};
const noAddress = { card_address: '', card_city: '', card_zip: '', billing_country: '', card_state: '' };
const withStates = checkoutFormSchema({ countryHasStates: true });
const withoutStates = checkoutFormSchema({ countryHasStates: false });

describe('checkout form', () => {
  it('required messages on an empty form (card by default needs the address)', () => {
    expect(fieldErrors(withStates, { edd_gateway: 'stripe' })).toEqual({
      edd_first: 'First name is required',
      edd_last: 'Last name is required',
      edd_email: 'Email is required',
      edd_acquisition_method: 'Please select how did you find us',
      edd_agree_to_terms: 'Please agree to Terms & Conditions and Privacy Policy',
      billing_country: 'Please select country',
      card_address: 'Please insert billing address',
      card_city: 'Please insert city',
      card_zip: 'Please insert zip/postal code',
      card_state: 'Please select state',
    });
  });
  it('payment method and terms given as 0', () => {
    expect(fieldErrors(withStates, { ...valid, edd_gateway: '', edd_agree_to_terms: 0 })).toEqual({
      edd_gateway: 'Please select payment method',
      edd_agree_to_terms: 'Please agree to Terms & Conditions and Privacy Policy',
    });
  });
  it('length and email messages', () => {
    expect(
      fieldErrors(withStates, {
        ...valid,
        edd_first: 'a'.repeat(61),
        edd_last: 'a'.repeat(61),
        edd_email: 'jo@',
        card_address: 'a'.repeat(256),
        card_address_2: 'a'.repeat(256),
        card_city: 'a'.repeat(61),
        card_zip: 'a'.repeat(25),
      }),
    ).toEqual({
      edd_first: 'Fist name should not be more than 60 characters',
      edd_last: 'Last name should not be more than 60 characters',
      edd_email: 'Please insert a valid email',
      card_address: 'Billing address should not be more than 255 characters',
      card_address_2: 'Billing address line 2 should not be more than 255 characters',
      card_city: 'City should not be more than 60 characters',
      card_zip: 'Zip/postal code should not be more than 24 characters',
    });
  });
  it('PayPal does not require the address', () => {
    expect(fieldErrors(withStates, { ...valid, ...noAddress, edd_gateway: 'paypalexpress' })).toEqual({});
  });
  it('the free manual path requires it', () => {
    expect(fieldErrors(withoutStates, { ...valid, ...noAddress, edd_gateway: 'manual' })).toEqual({
      billing_country: 'Please select country',
      card_address: 'Please insert billing address',
      card_city: 'Please insert city',
      card_zip: 'Please insert zip/postal code',
    });
  });
  it('the state is required only when the country has states', () => {
    expect(fieldErrors(withoutStates, { ...valid, card_state: '' })).toEqual({});
    expect(fieldErrors(withStates, { ...valid, card_state: '' })).toEqual({
      card_state: 'Please select state',
    });
  });
  it('passes valid input and reads the payload flags', () => {
    const result = v.safeParse(withStates, { ...valid, edd_first: ' Jo ', edd_agree_to_terms: '1' });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({
      edd_first: 'Jo',
      edd_agree_to_terms: true,
      edd_agree_to_privacy_policy: false,
      mailchimp: true,
      need_new_user: false,
    });
  });
});

describe('coupon code', () => {
  it("empty: 'Please insert coupon code'", () => {
    expect(v.safeParse(couponCodeSchema, '   ').issues?.[0]?.message).toBe('Please insert coupon code');
    expect(fieldErrors(couponFormSchema, {})).toEqual({ code: 'Please insert coupon code' });
  });
  it('trims a code', () => {
    expect(v.parse(couponCodeSchema, '  SAVE10 ')).toBe('SAVE10');
  });
});
