export const newsFailures = {
  newsFailed: 'Get latest news failed',
} as const;
