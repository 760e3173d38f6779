export const invoiceMessages = {
  nameRequired: 'Please insert billing name',
  nameTooLong: 'Billing name should not be more than 100 characters',
  emailRequired: 'Please insert email',
  emailInvalid: 'Please enter a valid email',
} as const;
