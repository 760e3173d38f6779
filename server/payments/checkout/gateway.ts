import type { PurchaseSavedCard } from '../../db/schema';

/**
 * A payment gateway for purchases (spec §4 Gateway): it opens a hosted payment page for a pending
 * payment and later says whether that payment was paid. Saved cards have their own interface
 * (server/payments/cards); a purchase never touches them.
 */
export interface PurchaseLineForGateway {
  name: string;
  amountCents: number;
}

export interface StartPayment {
  paymentId: number;
  number: string;
  email: string;
  totalCents: number;
  lines: PurchaseLineForGateway[];
  /** Where the buyer lands after paying; a gateway adds its own reference (e.g. Stripe's session id). */
  successUrl: string;
  cancelUrl: string;
  /**
   * The purchase renews: the card it is paid with is saved for off-session renewals (Stripe:
   * `setup_future_usage: 'off_session'` on a customer made for it).
   */
  renews: boolean;
}

export interface StartedPayment {
  /** The page the browser goes to. */
  url: string;
  /** The gateway's reference for this payment: what the success URL and the webhook carry back. */
  reference: string;
}

export type GatewayVerdict = 'paid' | 'open' | 'failed';

export interface PurchaseGateway {
  /** 'stripe' or 'paypalexpress', as the billing form names it. */
  readonly name: 'stripe' | 'paypalexpress';
  /** True for the built-in test page standing in for the real gateway. */
  readonly sandbox: boolean;
  start(payment: StartPayment): Promise<StartedPayment>;
  /** Asks the gateway about a payment it started; `open` while the buyer has not finished. */
  verdict(reference: string): Promise<GatewayVerdict>;
  /**
   * The card a paid, renewing payment saved for later charges, or null (none, or a gateway whose page
   * records it itself, as the sandbox's does).
   */
  savedCard(reference: string): Promise<PurchaseSavedCard | null>;
}
