import { describe, expect, it } from 'vitest';
import { billingAddressSchema } from './address';
import { fieldErrors } from './field-errors';
import { invoiceFormSchema } from './invoice';

const address = { line1: '1 Main St', line2: '', country: 'US', state: 'NY', city: 'New York', zip: '10001' };

describe('billing address', () => {
  const withStates = billingAddressSchema({ countryHasStates: true });
  const withoutStates = billingAddressSchema({ countryHasStates: false });

  it('required messages, state only when the country has states', () => {
    expect(fieldErrors(withStates, {})).toEqual({
      line1: 'Please insert billing address',
      country: 'Country is required',
      state: 'Please select state',
      city: 'Please insert city',
      zip: 'Please insert zip/postal code',
    });
    expect(fieldErrors(withoutStates, { ...address, state: '' })).toEqual({});
  });
  it('length messages', () => {
    expect(
      fieldErrors(withStates, {
        ...address,
        line1: 'a'.repeat(256),
        line2: 'a'.repeat(256),
        city: 'a'.repeat(61),
        zip: 'a'.repeat(25),
      }),
    ).toEqual({
      line1: 'Billing address should not be more than 255 characters',
      line2: 'Billing address line 2 should not be more than 255 characters',
      city: 'City should not be more than 60 characters',
      zip: 'Zip/postal code should not be more than 24 characters',
    });
  });
  it('passes a full address at the limits', () => {
    expect(
      fieldErrors(withStates, {
        ...address,
        line1: 'a'.repeat(255),
        city: 'a'.repeat(60),
        zip: 'a'.repeat(24),
      }),
    ).toEqual({});
  });
  it('returns the same schema object for the same option', () => {
    expect(billingAddressSchema({ countryHasStates: true })).toBe(withStates);
  });
});

describe('invoice form', () => {
  const valid = { ...address, name: 'Jo Doe', email: 'jo@example.com', vat: '', notes: '' };
  it('name and email messages', () => {
    expect(
      fieldErrors(invoiceFormSchema({ countryHasStates: true }), { ...valid, name: '', email: '' }),
    ).toEqual({
      name: 'Please insert billing name',
      email: 'Please insert email',
    });
    expect(
      fieldErrors(invoiceFormSchema({ countryHasStates: true }), {
        ...valid,
        name: 'a'.repeat(101),
        email: 'x',
      }),
    ).toEqual({
      name: 'Billing name should not be more than 100 characters',
      email: 'Please enter a valid email',
    });
  });
  it('includes the address rules', () => {
    expect(
      fieldErrors(invoiceFormSchema({ countryHasStates: true }), { ...valid, state: '', city: '' }),
    ).toEqual({
      state: 'Please select state',
      city: 'Please insert city',
    });
  });
  it('passes valid input, state optional without states', () => {
    expect(fieldErrors(invoiceFormSchema({ countryHasStates: true }), valid)).toEqual({});
    expect(fieldErrors(invoiceFormSchema({ countryHasStates: false }), { ...valid, state: '' })).toEqual({});
  });
});
