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

/** One off-session charge of a saved card: the customer is not there (a renewal, an instalment). */
export interface OffSessionCharge {
  customerRef: string | null;
  cardRef: string;
  amountCents: number;
  /** ISO 4217, as stored on the payment ('USD'). */
  currency: string;
  /** Sent to the gateway: the same key is the same charge, however often it is sent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * What the gateway did with the charge. `requires_action`: the bank wants the customer (3-D Secure);
 * `ref` then names the payment they complete. A decline's `reason` is the gateway's code, for support.
 */
export type ChargeResult =
  | { outcome: 'succeeded'; ref: string }
  | { outcome: 'declined'; ref: string | null; reason: string }
  | { outcome: 'requires_action'; ref: string | null; reason: string };

/**
 * What the gateway did when the customer confirmed a charge that was waiting for them: paid, refused,
 * still waiting, or `redirect`: the customer goes to their bank's page (`url`) and comes back to the
 * completion page, where the payment is asked about again.
 */
export type CompletionResult = ChargeResult | { outcome: 'redirect'; ref: string; url: string };

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
  /**
   * Charges a saved card without the customer. Throws `CardGatewayError` (or a network error) when the
   * gateway did not answer: the charge may or may not have happened, and is sent again with its key.
   */
  chargeOffSession(charge: OffSessionCharge): Promise<ChargeResult>;
  /**
   * The customer, signed in on the completion page, confirms a charge that answered `requires_action`
   * (`ref` is that answer's). `returnUrl` is where the bank's page sends them back. Throws like
   * `chargeOffSession` when the gateway did not answer.
   */
  completePayment(input: { ref: string; returnUrl: string }): Promise<CompletionResult>;
}

/** The gateway refused or did not answer; its message is safe to show (no secrets, no card data). */
export class CardGatewayError extends Error {
  override name = 'CardGatewayError';
}
