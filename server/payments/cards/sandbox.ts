import { createHash } from 'node:crypto';
import type { CardGateway, ChargeResult, OffSessionCharge } from './gateway';

/**
 * The built-in gateway (the default with no `STRIPE_SECRET_KEY`): the card is typed on a page of this
 * server (routes/card-sandbox.ts), which keeps brand, last4 and expiry only. Nothing outside to tell.
 */
export function sandboxCardGateway(): CardGateway {
  return {
    name: 'sandbox',
    createCustomer: async () => null,
    beginSetup: async ({ urls }) => ({ url: urls.sandboxPage, sessionRef: null }),
    // The sandbox page saves the card itself; there is no gateway visit to ask about.
    finishSetup: async () => null,
    makeDefault: async () => {},
    detach: async () => {},
    chargeOffSession: async (charge) => sandboxCharge(charge),
    // The sandbox has no bank page: the customer's confirmation on the completion page is the 3-D
    // Secure step, and the payment it waited for is paid, under the same reference.
    completePayment: async ({ ref }) => ({ outcome: 'succeeded', ref }),
  };
}

/**
 * Stripe's test cards that save but then refuse off-session charges: 4000 0000 0000 0341 always
 * declines, 4000 0027 6000 3184 always asks for the customer (3-D Secure). The sandbox remembers which
 * a saved card was by its reference, as Stripe remembers a payment method's number.
 */
export const sandboxChargeBehaviours = new Map([
  ['4000000000000341', 'declines'],
  ['4000002760003184', 'authenticates'],
]);

/** The sandbox card reference's prefix for a number (`sandbox_pm_declines_…`), or the plain one. */
export function sandboxCardRefPrefix(number: string): string {
  const behaviour = sandboxChargeBehaviours.get(number);
  return behaviour ? `sandbox_pm_${behaviour}_` : 'sandbox_pm_';
}

/**
 * A charge as the sandbox answers it: by the card's behaviour. The payment's reference is derived from
 * the idempotency key, so a repeated charge is the same payment, as at a real gateway.
 */
function sandboxCharge(charge: OffSessionCharge): ChargeResult {
  const ref = `sandbox_pi_${createHash('sha256').update(charge.idempotencyKey).digest('hex').slice(0, 24)}`;
  if (charge.cardRef.startsWith('sandbox_pm_declines_')) {
    return { outcome: 'declined', ref, reason: 'card_declined' };
  }
  if (charge.cardRef.startsWith('sandbox_pm_authenticates_')) {
    return { outcome: 'requires_action', ref, reason: 'authentication_required' };
  }
  return { outcome: 'succeeded', ref };
}

/** Test numbers that the sandbox refuses, as a real gateway would (Stripe's decline test card). */
export const sandboxDeclinedNumbers = new Set(['4000000000000002']);

const brandPatterns: [string, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(?:0[0-5]|[68])/],
  ['jcb', /^35(?:2[89]|[3-8])/],
  ['visa', /^4/],
  ['mastercard', /^(?:5[1-5]|2(?:2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/],
  ['discover', /^(?:6011|64[4-9]|65)/],
  ['unionpay', /^62/],
];

/** The card's brand from its number (the names Stripe uses); 'unknown' for anything else. */
export function cardBrand(number: string): string {
  return brandPatterns.find(([, pattern]) => pattern.test(number))?.[0] ?? 'unknown';
}

/** The Luhn check digit test every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
