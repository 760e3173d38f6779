import { describe, expect, it } from 'vitest';
import { affiliateRegistrationSchema } from './affiliate';
import { fieldErrors } from './field-errors';

const valid = {
  affwp_user_name: 'Jo Doe',
  affwp_user_login: 'jodoe',
  affwp_user_email: 'jo@example.com',
  affwp_payment_email: '',
  affwp_user_url: 'https://jo.example.com',
  affwp_promotion_method: 'I write a weekly newsletter.',
  privacy_policy: true,
};

describe('affiliate registration', () => {
  it('required messages', () => {
    expect(fieldErrors(affiliateRegistrationSchema, {})).toEqual({
      affwp_user_name: 'Please insert your name',
      affwp_user_login: 'Username is required',
      affwp_user_email: 'Email is required',
      affwp_user_url: 'Please insert your website url',
      affwp_promotion_method: 'Please tell how you will promote us',
      privacy_policy: 'Please agree to Terms & Conditions and Privacy Policy',
    });
  });
  it('format messages', () => {
    expect(
      fieldErrors(affiliateRegistrationSchema, {
        ...valid,
        affwp_user_login: 'jo doe',
        affwp_user_email: 'jo',
        affwp_payment_email: 'pay',
        affwp_user_url: 'not a url',
        affwp_promotion_method: 'a'.repeat(19),
      }),
    ).toEqual({
      affwp_user_login: 'Username must not contain space',
      affwp_user_email: 'Please insert a valid email',
      affwp_payment_email: 'Payment email must be a valid email',
      affwp_user_url: 'Please insert your website url',
      affwp_promotion_method: 'The field must be at least 20 characters long',
    });
  });
  it('passes valid input: payment email optional, 20 characters enough', () => {
    expect(fieldErrors(affiliateRegistrationSchema, valid)).toEqual({});
    expect(
      fieldErrors(affiliateRegistrationSchema, {
        ...valid,
        affwp_payment_email: 'pay@example.com',
        affwp_promotion_method: 'a'.repeat(20),
      }),
    ).toEqual({});
  });
});
