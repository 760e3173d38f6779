import type { SavedCardDetails } from '../cards/gateway';
import { readSandboxCard } from '../cards/sandbox-form';
import { sandboxCardOutcome } from './sandbox';

export type SandboxCardPayment =
  | { outcome: 'failed' }
  | { outcome: 'paid'; card: SavedCardDetails }
  | { outcome: 'invalid'; message: string };

/**
 * The sandbox payment page's card form as Stripe Checkout reads it: a number that is not a card or a
 * decline test number fails the payment; a paying number needs a valid expiry and CVC (otherwise the
 * page is shown again with the reason). A paid card comes back as the card gateway would save it
 * (`readSandboxCard`: a reference carrying the test card's later behaviour, brand, last4, expiry), so a
 * recurring purchase leaves it for its renewals. The number itself goes no further.
 */
export function readSandboxPayment(
  form: { number: string; expiry: string; cvc: string },
  now = new Date(),
): SandboxCardPayment {
  if (sandboxCardOutcome(form.number) === 'failed') return { outcome: 'failed' };
  const read = readSandboxCard(form, now);
  if (read.kind === 'invalid') return { outcome: 'invalid', message: read.message };
  if (read.kind === 'declined') return { outcome: 'failed' };
  return { outcome: 'paid', card: read.card };
}
