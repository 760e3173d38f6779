/**
 * The space each element takes once rendered (its skeleton's height); others reserve the default. Read by
 * the loader (registry.ts) and by the WordPress plugin's generated elements.json, which prints the same
 * rule in the page before the loader runs.
 */
export const reserves: Record<string, string> = {
  'vendor-news': '420px',
  'vendor-sign-in': '360px',
  'vendor-tickets': '280px',
  'vendor-portal': '100vh',
  'vendor-checkout': '640px',
  'vendor-payment-result': '420px',
  'vendor-licenses': '420px',
  'vendor-downloads': '720px',
  'vendor-affiliate': '320px',
  'vendor-subscriptions': '260px',
  'vendor-purchases': '420px',
  'vendor-profile': '560px',
  'vendor-manager': '720px',
  'vendor-reports': '960px',
};
export const defaultReserve = '240px';
