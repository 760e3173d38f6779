export const downloadFailures = {
  downloadsFailed: 'Failed to get downloads',
  downloadFailed: 'Failed to download',
  invoiceDataFailed: 'Failed to get invoice data',
} as const;
