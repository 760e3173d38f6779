/**
 * PayPal Express's return (spec §2 Payment success): `edd_confirm=paypal_express&token&PayerID&payment_id`.
 * The sandbox page sends the buyer there; a live PayPal adapter implements `PurchaseGateway` with the
 * same return, and `/confirmation` reads `{token, payerId, paymentId}` from it either way.
 */
export function paypalReturnQuery(token: string, payerId: string, paymentId: number): string {
  return new URLSearchParams({
    edd_confirm: 'paypal_express',
    token,
    PayerID: payerId,
    payment_id: String(paymentId),
  }).toString();
}
