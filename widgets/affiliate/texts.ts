/**
 * The element's own labels. The spec names the tabs and every message (those live in shared/api/messages
 * and shared/schemas/messages); headings, field labels and button texts here are ours.
 */
export const texts = {
  heading: 'Affiliate Area',
  registrationHeading: 'Affiliate Registration',
  tabs: {
    url: 'Affiliate Url',
    referrals: 'Referrals',
    payouts: 'Payouts',
    visits: 'Visits',
    creatives: 'Creatives',
    graphs: 'Graph',
    settings: 'Settings',
    stats: 'Statistics',
  },
  referralUrl: 'Your referral URL',
  generatorHeading: 'Referral URL generator',
  campaign: 'Campaign name (optional)',
  generate: 'Generate URL',
  generatedUrl: 'Generated URL',
  copyUrl: 'Copy URL',
  copyCode: 'Copy code',
  pending: 'Your affiliate account is pending approval. We will e-mail you once it is reviewed.',
  inactive: (status: string) => `Your affiliate account is ${status}.`,
  status: 'Status',
  empty: {
    visits: 'No visits yet',
    referrals: 'No referrals yet',
    payouts: 'No payouts yet',
    creatives: 'No creatives available',
  },
  previous: 'Previous',
  next: 'Next',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  form: {
    name: 'Your Name',
    username: 'Username',
    email: 'Account Email',
    paymentEmail: 'Payment Email',
    url: 'Website URL',
    promotion: 'How will you promote us?',
    submit: 'Register',
    asAccount: (email: string) => `You are registering your account ${email}.`,
    solving: 'Checking you are human…',
    sending: 'Registering…',
    captcha:
      'Spam protection: your browser solves a small puzzle when you register. No third party is involved.',
  },
  thanks: 'Thank you for registering as an affiliate!',
  sample: 'Sample content',
} as const;
