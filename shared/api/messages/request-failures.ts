/** Failures of any call (spec §8 "Codes handled" and the default). */
export const requestFailures = {
  default: 'Something went wrong!',
  internalServerError: 'Something went wrong, please try again later.',
  operationFailed: 'Operation failed',
} as const;
