/** The confirmations a copy button shows, by what was copied. */
export const copyMessages = {
  code: 'Code is copied to clipboard',
  licenseKey: 'License key copied',
  affiliateUrl: 'Affiliate url copied',
  generatedUrl: 'Generated url copied',
  codeShort: 'Code copied',
} as const;
