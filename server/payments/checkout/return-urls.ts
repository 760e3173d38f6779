/**
 * Where a gateway sends the buyer back (spec §2): a paid purchase to /payment-success; a cancelled one
 * (PayPal's Cancel, Stripe's back link) to the checkout, where the cart is still on the server and the
 * form in the tab's draft; a refused card to /payment-failed.
 */
export function purchaseReturnUrls(origin: string) {
  return {
    success: `${origin}/payment-success`,
    cancel: `${origin}/checkout`,
    failed: `${origin}/payment-failed`,
  };
}
