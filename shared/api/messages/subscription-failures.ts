export const subscriptionFailures = {
  cancelSubscriptionFailed: 'Failed to cancel subscription',
  reactivateSubscriptionFailed: 'Failed to reactive subscription',
} as const;
