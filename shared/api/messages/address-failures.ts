export const addressFailures = {
  countriesFailed: 'Unable to get countries, please try again',
  statesFailed: 'Unable to get states, please try again',
} as const;
