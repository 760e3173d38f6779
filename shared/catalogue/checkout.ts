/** Checkout constants and the gateway rule of spec §4 and §9. */

export const gateways = ['stripe', 'paypalexpress', 'manual'] as const;
export type Gateway = (typeof gateways)[number];

/** Card payments through Stripe unless the cart says otherwise (spec §9). */
export const defaultGateway: Gateway = 'stripe';

/** Renewal links and direct adds without a price_id use price id 1 (spec §2, §9). */
export const defaultPriceId = 1;

/** Money-back guarantee: 14 days, 100% refund (spec §9). */
export const moneyBackGuarantee = { days: 14, refundPercent: 100 } as const;

/**
 * The checkout's own words beside the form (not in the spec): the secure-payment line, the summary card and
 * the summary bar.
 */
export const checkoutTrustTexts = {
  summaryTitle: 'Order summary',
  dueToday: 'Due today',
  /** Before what a yearly line costs after today (cartRenewals). */
  afterToday: 'Then',
  securePayment: `Secure payment: you pay on the payment provider's encrypted page, and your card details never reach this shop. ${moneyBackGuarantee.days}-day money-back guarantee.`,
  items: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  total: 'Total',
} as const;

/**
 * The gateway a cart starts with (spec §4): a discounted cart that costs nothing goes through 'manual'
 * (no payment to take); any other cart uses the default.
 */
export function gatewayForCart(cart: { hasDiscounts: boolean; total: number }): Gateway {
  return cart.hasDiscounts && cart.total === 0 ? 'manual' : defaultGateway;
}

/**
 * Whether the billing address is required (spec §4): PayPal collects its own address, so it is not;
 * card (stripe) and the free 'manual' path require it. An unknown or missing gateway counts as the
 * default one, which requires it.
 */
export function isAddressRequired(gateway: string | null | undefined): boolean {
  return gateway !== 'paypalexpress';
}
