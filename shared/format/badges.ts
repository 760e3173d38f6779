/**
 * Status → badge tone (spec §4). The tone names match the Badge primitive's variants; the colour is the
 * design tokens' business. Statuses are compared case-insensitively because the API is not consistent.
 */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

function normal(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

/** Licence: active, complete and publish are green; pending and inactive amber; anything else red. */
export function licenceBadge(status: string | null | undefined): BadgeTone {
  const s = normal(status);
  if (s === 'active' || s === 'complete' || s === 'publish') return 'success';
  if (s === 'pending' || s === 'inactive') return 'warning';
  return 'danger';
}

/** Subscription: active is green; "other statuses are shown as danger". */
export function subscriptionBadge(status: string | null | undefined): BadgeTone {
  return normal(status) === 'active' ? 'success' : 'danger';
}

/** Payout: 'paid' is green, otherwise amber. */
export function payoutBadge(status: string | null | undefined): BadgeTone {
  return normal(status) === 'paid' ? 'success' : 'warning';
}

/** Referral: 'paid' is green, otherwise red. */
export function referralBadge(status: string | null | undefined): BadgeTone {
  return normal(status) === 'paid' ? 'success' : 'danger';
}

/**
 * Ticket status (spec §4 says only that ticket labels map to colours; this mapping is ours): an active
 * ticket awaits support (green), pending awaits the customer (amber), closed and the rest are neutral.
 */
export function ticketBadge(status: string | null | undefined): BadgeTone {
  const s = normal(status);
  if (s === 'active') return 'success';
  if (s === 'pending') return 'warning';
  return 'neutral';
}

/**
 * Purchase / invoice status (spec §4 again leaves the colours open; this mapping is ours): complete is
 * green, pending and processing amber, refunded, failed, revoked and abandoned red, others neutral.
 */
export function purchaseBadge(status: string | null | undefined): BadgeTone {
  const s = normal(status);
  if (s === 'complete' || s === 'completed' || s === 'publish') return 'success';
  if (s === 'pending' || s === 'processing') return 'warning';
  if (s === 'refunded' || s === 'failed' || s === 'revoked' || s === 'abandoned') return 'danger';
  return 'neutral';
}
