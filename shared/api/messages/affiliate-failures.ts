export const affiliateFailures = {
  visitsFailed: 'Unable to get visits, please try again',
  referralsFailed: 'Unable to get referrals, please try again',
  payoutsFailed: 'Unable to get payouts, please try again',
  creativesFailed: 'Unable to get creatives, please try again',
} as const;
