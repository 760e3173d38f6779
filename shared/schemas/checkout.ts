import * as v from 'valibot';
import { maxId } from './ids';

/*
 * Purchase and payment confirmation (spec §3 Billing form and Payment info, §7 `POST /purchase`,
 * `POST /confirmation`), shared by the checkout, `<vendor-payment-result>` and the server. The billing
 * form's rules are `checkoutFormSchema` (shared/schemas/forms/checkout.ts); this file holds the shapes
 * on the wire.
 */

/** `POST /purchase` answers where the browser goes next: the gateway's page or the success page. */
export const PurchaseResponseSchema = v.object({ url: v.string(), payment_id: v.number() });
export type PurchaseResponse = v.InferOutput<typeof PurchaseResponseSchema>;

const reference = (name: string) =>
  v.pipe(
    v.string(`${name} is required.`),
    v.trim(),
    v.minLength(1, `${name} is required.`),
    v.maxLength(200),
  );
const paymentId = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))],
    'paymentId is required.',
  ),
  v.integer('paymentId must be a whole number.'),
  v.minValue(1, 'paymentId must be a positive number.'),
  v.maxValue(maxId, 'paymentId is too large.'),
);

/**
 * `POST /confirmation`: `{session_id}` (card), `{token, payerId, paymentId}` (PayPal) or `{paymentId}`
 * (free). A free order's payment id is guessable, so its success URL also carries the payment's secret
 * `payment_key`, sent back here (optional: the buying cart's token or the owner's session also prove it).
 */
export const ConfirmationRequestSchema = v.union([
  v.object({ session_id: reference('session_id') }),
  v.object({ token: reference('token'), payerId: reference('payerId'), paymentId }),
  v.object({ paymentId, payment_key: v.optional(reference('payment_key')) }),
]);
export type ConfirmationRequest = v.InferInput<typeof ConfirmationRequestSchema>;

/**
 * The references of a confirmation, each optional: a buyer without a session proves a payment with them
 * in the calls that follow it (affiliate info), as `/confirmation` accepts them.
 */
export const paymentProofEntries = {
  session_id: v.optional(reference('session_id')),
  token: v.optional(reference('token')),
  payerId: v.optional(reference('payerId')),
  payment_key: v.optional(reference('payment_key')),
};
export type PaymentProof = { [K in keyof typeof paymentProofEntries]?: string };

/** spec §3 Payment info. Amounts in dollars; dates ISO date-times. */
export const PaymentInfoSchema = v.object({
  id: v.number(),
  /** The order number. */
  payment: v.string(),
  email: v.string(),
  /** 'completed' once fulfilled; 'pending' or 'failed' otherwise. */
  status: v.string(),
  requestAgain: v.boolean(),
  payment_method: v.string(),
  completed_date: v.nullable(v.string()),
  subtotal: v.number(),
  total: v.number(),
  licenses: v.array(v.object({ name: v.string(), license_key: v.string() })),
  subscriptions: v.array(
    v.object({
      name: v.string(),
      amount: v.number(),
      frequency: v.string(),
      renewal_date: v.string(),
      initial_amount: v.number(),
      times_billed: v.number(),
      /** Ours: the number of payments of an instalment plan, 0 (or absent) for one without an end. */
      bill_times: v.optional(v.number(), 0),
      status: v.string(),
    }),
  ),
  products: v.array(v.object({ name: v.string(), sku: v.string(), price: v.number() })),
  /**
   * Not in spec §3: true when this purchase created the buyer's account (its sign-in link was mailed),
   * false when the payment went to an account the address already had (nothing was mailed about it).
   */
  new_account: v.boolean(),
});
export type PaymentInfo = v.InferOutput<typeof PaymentInfoSchema>;

/** The status a fulfilled payment reports (spec §4: confirmation repeats until it reads this). */
export const completedStatus = 'completed';
