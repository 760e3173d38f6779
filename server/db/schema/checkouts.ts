import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { affiliateVisits } from './affiliates';
import { payments } from './payments';

/**
 * The card a purchase's payment left saved for later off-session charges (Stripe's
 * `setup_future_usage: 'off_session'`): which card gateway holds it, its reference there, and what the
 * card list shows. Never a card number.
 */
export interface PurchaseSavedCard {
  gateway: string;
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The gateway's customer the card is saved on (Stripe's `cus_…`), when the gateway has customers. */
  customerRef?: string;
}

/** A cart line as it was bought: what fulfilment turns into licences and subscriptions. */
export interface CheckoutLine {
  paymentItemId: number;
  downloadId: number;
  /** The tier the licence gets (a split plan's lifetime tier, not the plan's price id). */
  licencePriceId: number;
  kind: 'new' | 'renewal' | 'upgrade';
  /** The licence renewed or upgraded. */
  licenceKey: string | null;
  /** Recurring billing, or null for a one-off payment. */
  recurring: { period: string; times: number } | null;
  /** What the first payment charged for this line, and what each renewal charges (cents). */
  initialCents: number;
  recurringCents: number;
}

/** What the buyer typed (spec §3 Billing form), kept for the account made at fulfilment. */
export interface CheckoutBuyer {
  firstName: string;
  lastName: string;
  email: string;
  needNewUser: boolean;
  newsletter: boolean;
  acquisition: string;
  address: { line1: string; line2: string; city: string; zip: string; country: string; state: string } | null;
}

/**
 * One row per payment started through `POST /purchase`: the gateway's reference (Stripe's session id,
 * PayPal's token; unique, so a confirmation finds exactly one payment), the sandbox's outcome, and the
 * fulfilment mark. `fulfilled_at` is set by a conditional update inside the fulfilment transaction, so
 * whichever of the webhook and `/confirmation` comes first fulfils, and every other call finds it set.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** 'stripe', 'paypalexpress' or 'manual'; `sandbox` says the built-in test page stands in for it. */
    gateway: text('gateway').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    gatewayRef: text('gateway_ref'),
    /** The sandbox page's answer: 'paid' or 'failed'; null until the buyer submits it. */
    sandboxOutcome: text('sandbox_outcome'),
    /**
     * The card the payment saved for the renewals of a recurring purchase, recorded with the gateway's
     * answer; fulfilment gives it to the buyer's account (made there for a guest), whoever fulfils.
     */
    savedCard: jsonb('saved_card').$type<PurchaseSavedCard>(),
    /** SHA-256 of the guest cart token that bought, so only that browser reads a free order's receipt. */
    buyerTokenHash: text('buyer_token_hash'),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    buyer: jsonb('buyer').$type<CheckoutBuyer>().notNull(),
    /**
     * The referral visit the purchase arrived with, checked against the visits the server recorded when
     * the purchase was made: fulfilment credits its affiliate, nothing else can.
     */
    referralVisitId: integer('referral_visit_id').references(() => affiliateVisits.id, {
      onDelete: 'set null',
    }),
    /** The cart emptied at fulfilment. */
    cartId: integer('cart_id'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_gateway_ref_idx').on(t.gateway, t.gatewayRef)],
);
