import type { CardGateway } from './gateway';

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
  };
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
