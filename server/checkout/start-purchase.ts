import { checkoutFailures } from '../../shared/api/messages';
import { type ReferralValues, referralVisitOf } from '../affiliates/credit';
import type { UserRow } from '../auth/sessions';
import { priceableLines, priceCart } from '../cart/pricing';
import { openCart, pricingContext } from '../cart/repository';
import { HttpError } from '../http/errors';
import { consumeRateLimit } from '../http/rate-limit';
import type { PurchaseGateway } from '../payments/checkout/gateway';
import type { Billing } from './billing';
import { couponOfPurchase } from './coupon-uses';
import { placeFreeOrder } from './free-order';
import type { FulfilmentDeps } from './fulfil';
import { type StartedPurchase, startGatewayPayment } from './gateway-payment';

/** Purchases per client address per hour: each one stores a payment row. */
const purchasesPerHour = 60;

export interface PurchaseRequest {
  billing: Billing;
  user: UserRow | null;
  cartToken: string | null;
  clientIp: string;
  referral: ReferralValues;
  /** The gateway that takes the payment: null for a free ('manual') order, or when none is configured. */
  gateway: PurchaseGateway | null;
}

/**
 * Spec §7 `POST /purchase`: the server-side cart (a guest cart merged into the account first, as every
 * cart call does) priced now, its coupon checked, and either a free order placed and fulfilled in one
 * transaction or a gateway payment started (gateway-payment.ts). Answers where the browser goes.
 */
export async function startPurchase(
  deps: FulfilmentDeps,
  request: PurchaseRequest,
): Promise<StartedPurchase> {
  const { db } = deps;
  const { billing, user, gateway } = request;
  await consumeRateLimit(db, [
    { key: `purchase:${request.clientIp}`, limit: purchasesPerHour, windowSeconds: 3600 },
  ]);
  const open = await openCart(db, { userId: user?.id ?? null, token: request.cartToken });
  const lines = open.row?.lines ?? [];
  const ctx = await pricingContext(db, lines, open.row?.couponCode ?? null, {
    imageOrigin: null,
    cartToken: null,
  });
  const cart = priceCart(priceableLines(lines, ctx), ctx);
  if (billing.edd_gateway !== 'manual' && !gateway) {
    throw new HttpError(503, 'gateway_unavailable', checkoutFailures.checkoutFailed);
  }
  const coupon = await couponOfPurchase(db, {
    stored: open.row?.couponCode ?? null,
    cart,
    lines,
    customer: { userId: user?.id ?? null, email: user ? user.email : billing.edd_email },
  });
  const input = {
    billing,
    user,
    cart,
    coupon,
    cartId: open.row?.id ?? 0,
    guestToken: user ? null : open.token,
    sandbox: gateway?.sandbox ?? false,
    referralVisitId: await referralVisitOf(db, request.referral, new Date()),
  };
  if (gateway && billing.edd_gateway !== 'manual')
    return startGatewayPayment(deps, gateway, input, deps.portalOrigin);
  const { paymentId, purchaseKey } = await placeFreeOrder(deps, input);
  const query = new URLSearchParams({
    edd_confirm: 'manual',
    payment_id: String(paymentId),
    payment_key: purchaseKey,
  });
  return { url: `${deps.portalOrigin}/payment-success?${query}`, paymentId };
}
