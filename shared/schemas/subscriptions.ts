import * as v from 'valibot';
import { maxId } from './ids';

/**
 * Subscriptions of spec §3 and §7, as the API sends them; the server builds its answers with these
 * types and `<vendor-subscriptions>` parses every answer with these schemas.
 */

/** spec §3 Subscription. Amounts in dollars; `renewal_date` an ISO date-time. */
export const SubscriptionSchema = v.object({
  ID: v.number(),
  /** The product's name. */
  name: v.string(),
  /** The tier's name, e.g. '1 Site'. */
  price_name: v.string(),
  /** What each renewal charges. */
  amount: v.number(),
  /** 'year' or 'month'. */
  frequency: v.string(),
  initial_amount: v.number(),
  renewal_date: v.string(),
  /** active, cancelled, expired, failing, completed, pending or anything else the gateway says. */
  status: v.string(),
  /** Image URL; '' when the product has none. */
  icon: v.string(),
  /**
   * How it renews: `card`, charged to the default saved card; `link`, by the renewal link mailed before
   * the expiry (PayPal purchases keep no card). Absent from servers that do not bill.
   */
  renews_by: v.optional(v.picklist(['card', 'link'])),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

export const SubscriptionListSchema = v.array(SubscriptionSchema);

export const subscriptionActions = ['cancel', 'reactivate'] as const;
export type SubscriptionAction = (typeof subscriptionActions)[number];

/** `POST /subscriptions {id, type}` (spec §7). */
export const SubscriptionUpdateSchema = v.object({
  id: v.pipe(
    v.number('id must be a number.'),
    v.integer('id must be a whole number.'),
    v.minValue(1, 'id must be a positive number.'),
    v.maxValue(maxId, 'id is too large.'),
  ),
  type: v.picklist(subscriptionActions, 'type must be cancel or reactivate.'),
});
export type SubscriptionUpdate = v.InferOutput<typeof SubscriptionUpdateSchema>;

/** The answer to `POST /subscriptions`: the subscription as it now is. */
export const SubscriptionUpdatedSchema = v.object({ subscription: SubscriptionSchema });
export type SubscriptionUpdated = v.InferOutput<typeof SubscriptionUpdatedSchema>;
