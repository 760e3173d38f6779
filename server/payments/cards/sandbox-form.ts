import { randomBytes } from 'node:crypto';
import type { SavedCardDetails } from './gateway';
import { cardBrand, luhnValid, sandboxCardRefPrefix, sandboxDeclinedNumbers } from './sandbox';

export type SandboxCardResult =
  | { kind: 'saved'; card: SavedCardDetails }
  | { kind: 'declined' }
  | { kind: 'invalid'; message: string };

/**
 * Reads the sandbox card form. The number is checked and dropped here: only brand, last4 and expiry
 * leave this function, with a random id standing for the card as a gateway's would.
 */
export function readSandboxCard(
  form: { number: string; expiry: string; cvc: string },
  now = new Date(),
): SandboxCardResult {
  const number = form.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) return { kind: 'invalid', message: 'The card number is not valid.' };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12)
    return { kind: 'invalid', message: 'The expiry date is not valid.' };
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (endOfMonth <= now) return { kind: 'invalid', message: 'The card has expired.' };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { kind: 'invalid', message: 'The CVC is not valid.' };
  if (sandboxDeclinedNumbers.has(number)) return { kind: 'declined' };
  return {
    kind: 'saved',
    card: {
      ref: `${sandboxCardRefPrefix(number)}${randomBytes(12).toString('hex')}`,
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
    },
  };
}
