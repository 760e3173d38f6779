/** Shared by the profile, invoice and checkout address fields. */
export const billingAddressMessages = {
  /** Profile and invoice: the generic required text ('Country is required'); checkout has its own. */
  countryRequired: 'Country is required',
  line1Required: 'Please insert billing address',
  line1TooLong: 'Billing address should not be more than 255 characters',
  line2TooLong: 'Billing address line 2 should not be more than 255 characters',
  cityRequired: 'Please insert city',
  cityTooLong: 'City should not be more than 60 characters',
  zipRequired: 'Please insert zip/postal code',
  zipTooLong: 'Zip/postal code should not be more than 24 characters',
  stateRequired: 'Please select state',
} as const;
