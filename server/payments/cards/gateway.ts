/**
 * Saved cards go through a gateway (spec §4 Cards): the card number is typed on the gateway's page and
 * stays there. Our database keeps what the card list shows (brand, last4, expiry) and the gateway's id.
 */

/** What a gateway tells us about a card it saved. */
export interface SavedCardDetails {
  /** The gateway's id of the card (Stripe: `pm_…`), sent back as `payment_method`. */
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Where the browser goes to enter a card, and the gateway's reference for that visit. */
export interface CardSetupStart {
  url: string;
  /** Asked about when the browser comes back (Stripe's Checkout Session id); null when none is needed. */
  sessionRef: string | null;
}

export interface CardSetupInput {
  /** The account's customer at this gateway, from `createCustomer`. */
  customerRef: string | null;
  /** Our page for a card entered here (the sandbox) and the gateway's way back (`urls.ts`). */
  urls: { sandboxPage: string; success: string; cancel: string };
}

export interface CardGateway {
  /** Stored with each card ('sandbox', 'stripe'), so a card's later changes reach the gateway holding it. */
  readonly name: string;
  /** The customer the gateway keeps an account's cards under, made once; null for a gateway without. */
  createCustomer(user: { id: number; email: string; name: string }): Promise<string | null>;
  beginSetup(input: CardSetupInput): Promise<CardSetupStart>;
  /** The card a finished visit saved, or null when it was not completed. */
  finishSetup(sessionRef: string): Promise<SavedCardDetails | null>;
  /** Future charges use this card. */
  makeDefault(customerRef: string | null, cardRef: string): Promise<void>;
  /** The gateway forgets the card. */
  detach(cardRef: string): Promise<void>;
}

/** The gateway refused or did not answer; its message is safe to show (no secrets, no card data). */
export class CardGatewayError extends Error {
  override name = 'CardGatewayError';
}
