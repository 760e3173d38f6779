/**
 * One mailbox however it is spelt: trimmed, lower-cased, and without a `+tag` in the local part
 * (`Ada+shop@Example.com` and `ada@example.com` reach the same person). Used where one person must not
 * count as two: an affiliate's own purchases, a coupon's uses per customer.
 */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`;
}
