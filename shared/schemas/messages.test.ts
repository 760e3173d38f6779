import { describe, expect, it } from 'vitest';
import { fieldLimits } from '../catalogue/limits';
import { billingAddressMessages, checkoutMessages, invoiceMessages, profileMessages } from './messages';

// The length messages spell their limits out; they must agree with the limits the rules apply.
describe('length messages agree with the field limits', () => {
  it.each([
    [profileMessages.firstNameTooLong, fieldLimits.name],
    [profileMessages.lastNameTooLong, fieldLimits.name],
    [profileMessages.displayNameTooLong, fieldLimits.displayName],
    [checkoutMessages.firstNameTooLong, fieldLimits.name],
    [invoiceMessages.nameTooLong, fieldLimits.billingName],
    [billingAddressMessages.line1TooLong, fieldLimits.address],
    [billingAddressMessages.line2TooLong, fieldLimits.address],
    [billingAddressMessages.cityTooLong, fieldLimits.city],
    [billingAddressMessages.zipTooLong, fieldLimits.zip],
  ])('%s', (message, limit) => {
    expect(message).toContain(` ${limit} characters`);
  });
  it('keeps the toast of a failed checkout submit', () => {
    expect(checkoutMessages.submitFailed).toBe('Please fill the information required for checkout');
  });
});
