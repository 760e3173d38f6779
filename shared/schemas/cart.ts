import * as v from 'valibot';
import { gateways } from '../catalogue/checkout';
import { maxId } from './ids';

/*
 * Cart and coupon calls of spec §7 (`POST /add-to-cart`, `GET /cart`, `POST /coupon`,
 * `POST /recapture/regenerate-cart`) with the cart data of spec §3. The server validates requests with
 * these schemas and the client parses answers with them. Amounts are dollars with 2 decimals; the
 * database keeps cents. Prices are never read from a request: fields such as `discount` or `price` are
 * accepted and ignored (valibot drops unknown keys).
 */

/** A download or price id as a number, or as the numeric string a query string gives. */
const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(maxId),
);
/** A licence key as the licences table issues them (32 hex characters); anything else is refused. */
const licenceKey = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
const couponCode = v.pipe(v.string(), v.trim(), v.maxLength(64));

/** The most lines one cart holds: plenty for a real order, and a cap on what a visitor can store. */
export const maxCartLines = 20;

export const CartProductSchema = v.object({
  download_id: id,
  price_id: v.optional(id, 1),
  /** A licence key makes the line a renewal of that licence. */
  license: v.optional(licenceKey),
});
export type CartProduct = v.InferOutput<typeof CartProductSchema>;

/** Form 1: one product; `update` switches the price id of the product already in the cart. */
export const AddSingleSchema = v.object({
  download_id: id,
  price_id: v.optional(id, 1),
  coupon: v.optional(couponCode),
  action: v.optional(v.picklist(['add', 'update', 'renew', 'upgrade']), 'add'),
  license: v.optional(licenceKey),
  splitPayment: v.optional(v.boolean(), false),
});
/** Form 2: several products at once (upsell tick and untick, cart recovery). */
export const AddManySchema = v.object({
  products: v.pipe(v.array(CartProductSchema), v.maxLength(maxCartLines)),
  coupon: v.optional(couponCode),
  action: v.optional(v.picklist(['replace', 'add']), 'replace'),
});
/** Form 3: removal of the line at `index` (the order of `details`). */
export const RemoveLineSchema = v.object({
  action: v.literal('remove'),
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const AddToCartRequestSchema = v.union([RemoveLineSchema, AddManySchema, AddSingleSchema]);
export type AddToCartRequest = v.InferOutput<typeof AddToCartRequestSchema>;
export type AddToCartInput = v.InferInput<typeof AddToCartRequestSchema>;

/** One typed value of the billing form: any text, bounded in size. */
const typed = v.optional(v.pipe(v.string(), v.maxLength(1000)));

/**
 * `form` of `POST /coupon` (spec §7): the billing form as typed when the coupon is applied or removed.
 * Only its shape is checked here: a half-filled form must never refuse a coupon, and `POST /purchase`
 * applies the form's own rules.
 */
export const CouponFormSchema = v.object({
  edd_first: typed,
  edd_last: typed,
  edd_email: typed,
  edd_acquisition_method: typed,
  edd_gateway: v.optional(v.picklist(gateways)),
  terms: v.optional(v.boolean()),
  mailchimp: v.optional(v.boolean()),
  card_address: typed,
  card_address_2: typed,
  card_city: typed,
  card_zip: typed,
  billing_country: typed,
  card_state: typed,
});
export type CouponForm = v.InferInput<typeof CouponFormSchema>;

export const CouponRequestSchema = v.object({
  code: couponCode,
  type: v.picklist(['apply', 'remove']),
  form: v.optional(CouponFormSchema),
});
export type CouponRequest = v.InferOutput<typeof CouponRequestSchema>;

export const RegenerateCartRequestSchema = v.object({
  /** The recovery link's `contents`: JSON `[{id, price_id}]`, as the tracker's checkout_url writes it. */
  contents: v.pipe(v.string(), v.maxLength(4000)),
  racart: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});

const RecurringSchema = v.object({
  period: v.picklist(['year', 'month']),
  /** How many payments; 0 = until cancelled. */
  times: v.number(),
});
export type Recurring = v.InferOutput<typeof RecurringSchema>;

const LineOptionsSchema = v.object({
  price_id: v.number(),
  recurring: v.nullable(RecurringSchema),
  is_renewal: v.boolean(),
  is_upgrade: v.boolean(),
  license_key: v.nullable(v.string()),
});

export const CartDetailSchema = v.object({
  id: v.number(),
  name: v.string(),
  price_name: v.string(),
  /** The tier's list price (a split line: the whole price before instalments). */
  price: v.number(),
  /** What this line costs before its discount (a split line: one instalment). */
  item_price: v.number(),
  discount: v.number(),
  subtotal: v.number(),
  item_number: v.object({
    id: v.number(),
    image: v.nullable(v.string()),
    options: v.object({ price_id: v.number() }),
  }),
  options: LineOptionsSchema,
});
export type CartDetail = v.InferOutput<typeof CartDetailSchema>;

export const CartCouponSchema = v.object({
  code: v.string(),
  type: v.picklist(['percent', 'flat']),
  /** Percent (10 = 10 %) or dollars, as the coupon is defined. */
  amount: v.number(),
});
export type CartCoupon = v.InferOutput<typeof CartCouponSchema>;

export const CartSchema = v.object({
  contents: v.array(
    v.object({
      id: v.number(),
      options: v.object({ price_id: v.number(), recurring: v.nullable(RecurringSchema) }),
    }),
  ),
  details: v.array(CartDetailSchema),
  /** The split-payment plans the agency lifetime bundle offers. */
  splits: v.array(v.object({ price_id: v.number(), times: v.number() })),
  subtotal: v.number(),
  total: v.number(),
  discounted_amount: v.number(),
  /** Applied coupon codes. */
  discounts: v.array(v.string()),
  coupons: v.array(CartCouponSchema),
  has_discounts: v.boolean(),
  /** The guest cart token to keep (localStorage); null once the cart belongs to the signed-in account. */
  cart_token: v.nullable(v.string()),
});
export type Cart = v.InferOutput<typeof CartSchema>;

export const CouponResponseSchema = v.object({
  is_valid: v.boolean(),
  code: v.string(),
  type: v.nullable(v.picklist(['percent', 'flat'])),
  amount: v.number(),
  msg: v.string(),
  /** The cart as it is now, so the page needs no second request. */
  cart: CartSchema,
});
export type CouponResponse = v.InferOutput<typeof CouponResponseSchema>;

/** What the server says about a coupon (ours: the spec shows the server's `msg` without naming it). */
export const couponMessages = {
  applied: 'Coupon applied.',
  removed: 'Coupon removed.',
  unknown: 'This coupon code is not valid.',
  expired: 'This coupon has expired.',
  notForCart: 'This coupon is not valid for the products in your cart.',
  emptyCart: 'Add a product to your cart before applying a coupon.',
  notStarted: 'This coupon is not active yet.',
  usedUp: 'This coupon has reached its usage limit.',
  customerLimit: 'You have already used this coupon as many times as it allows.',
  notForRenewals: 'This coupon does not apply to renewals.',
  notForUpgrades: 'This coupon does not apply to upgrades.',
  upsellOnly: 'This coupon is only available with its special offer.',
} as const;

/** Ours, like the limits above: the refusal of a coupon whose minimum the cart's subtotal does not reach. */
export function couponMinimumMessage(minimumCents: number): string {
  return `This coupon needs a subtotal of at least $${(minimumCents / 100).toFixed(2)}.`;
}
