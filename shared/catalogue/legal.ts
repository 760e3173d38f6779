/** The terms and privacy policy the checkout's one agreement box links to (spec §9). A vendor changes them here. */
export const legalLinks = {
  terms: 'https://vendor.example/terms-and-conditions/',
  privacyPolicy: 'https://vendor.example/privacy-policy/',
} as const;
