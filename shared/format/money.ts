/**
 * Money as spec §9 shows it: a '$' prefix and 2 decimals ('$123.40'). No thousands separator: the spec
 * asks for the prefix and the decimals only, and the pay button reads 'Pay ${total}' from the same text.
 */

/** Reads an amount that the API may send as a number or a numeric string; anything else is 0. */
export function toAmount(value: number | string | null | undefined): number {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(amount) ? amount : 0;
}

/** `formatMoney(123.4)` → '$123.40'; `formatMoney(-5)` → '-$5.00'; a non-number → '$0.00'. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = toAmount(value);
  const text = `$${Math.abs(amount).toFixed(2)}`;
  // A value that rounds to zero shows as '$0.00', never '-$0.00'.
  return amount < 0 && text !== '$0.00' ? `-${text}` : text;
}

/**
 * Cuts an amount to 2 decimals without rounding (spec §9: a yearly price shown per month is divided by
 * 12 and truncated, so 299.99 / 12 = 24.999… shows 24.99, not 25.00). The multiplication is first
 * settled to 6 decimals because binary floats turn e.g. 0.29 * 100 into 28.999999999999996.
 */
export function truncate2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const cents = Math.trunc(Number((value * 100).toFixed(6)));
  // `|| 0` turns -0 into 0 so it never prints as '-0'.
  return cents / 100 || 0;
}
