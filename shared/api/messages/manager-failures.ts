export const managerFailures = {
  ordersFailed: 'Unable to get orders',
  switchAccountFailed: 'Unable to switch account',
} as const;
