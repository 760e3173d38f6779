/**
 * The vendor as its invoices name it (the header and the footer). A vendor changes these lines here;
 * they are printed as they are.
 */
export const invoiceIssuer = {
  name: 'Vendor Plugins Ltd',
  address: ['100 Market Street, Suite 300', 'San Francisco, CA 94105', 'United States'],
  email: 'billing@vendor.example',
  website: 'vendor.example',
  taxId: 'US-EIN 12-3456789',
} as const;
