import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  AddToCartRequestSchema,
  type Cart,
  CouponRequestSchema,
  type CouponResponse,
  couponMessages,
  RegenerateCartRequestSchema,
} from '../../shared/schemas/cart';
import { applyAddToCart, type CartChange, linesFromContents } from '../cart/actions';
import { checkCoupon } from '../cart/coupons';
import { priceableLines, priceCart } from '../cart/pricing';
import { type CartOwner, type OpenCart, openCart, pricingContext, saveCart } from '../cart/repository';
import { type CartTracker, databaseCartTracker } from '../cart/tracker';
import { trackingPayload } from '../cart/tracking-payload';
import { offeredInCart } from '../cart/upsell-offers';
import type { Database } from '../db';
import { cartRecovery } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { consumeRateLimit } from '../http/rate-limit';
import { readJson } from '../http/validate';

export interface CartRouteOptions {
  /** Cart-recovery tracking; the default records the payload in the database and sends nothing out. */
  tracker?: (db: Database) => CartTracker;
}

/** New guest carts per client address per hour: a cap on rows a script can make us store. */
const guestCartsPerHour = 300;

function ownerOf(c: Context<AppEnv>): CartOwner {
  return { userId: c.get('user')?.id ?? null, token: c.req.header('X-Cart-Token') ?? null };
}

async function priced(c: Context<AppEnv>, open: OpenCart): Promise<Cart> {
  const { db } = c.get('deps');
  const lines = open.row?.lines ?? [];
  const ctx = await pricingContext(db, lines, open.row?.couponCode ?? null, {
    imageOrigin: c.get('deps').publicOrigin(),
    cartToken: open.token,
  });
  return priceCart(priceableLines(lines, ctx), ctx);
}

/**
 * Stores a change and answers the cart priced afresh. A coupon is kept only while it discounts a line
 * of the cart, so removing the product a coupon was for removes the coupon too.
 */
async function commit(
  c: Context<AppEnv>,
  owner: CartOwner,
  open: OpenCart,
  change: CartChange,
  options: CartRouteOptions,
): Promise<Cart> {
  const { db, config, logger } = c.get('deps');
  const requested = change.coupon === undefined ? (open.row?.couponCode ?? null) : change.coupon;
  const probe = await pricingContext(db, change.lines, requested, { imageOrigin: null, cartToken: null });
  const lines = priceableLines(change.lines, probe);
  // Kept exactly when the priced cart applies it (lines, tiers, renewals, upgrades, minimum).
  const coupon = probe.couponRule ? (priceCart(lines, probe).discounts[0] ?? null) : null;
  if (!open.row && lines.length === 0) return priced(c, open);
  if (!open.row && owner.userId === null) {
    const ip = clientIp(c, config.trustProxy);
    await consumeRateLimit(db, [{ key: `cart:create:${ip}`, limit: guestCartsPerHour, windowSeconds: 3600 }]);
  }
  const saved = await saveCart(db, owner, open, lines, coupon);
  const cart = await priced(c, saved);
  if (saved.row && cart.details.length > 0) {
    const tracker = (options.tracker ?? databaseCartTracker)(db);
    // Recovery tracking must never fail a cart change: a failure is logged and the buyer carries on.
    await tracker
      .track(trackingPayload(saved.row.recoveryId, cart, c.get('user'), c.get('deps').publicOrigin()))
      .catch((error: unknown) => logger.error('cart tracking failed', { error }));
  }
  return cart;
}

/** Spec §7 cart calls: `GET /cart`, `POST /add-to-cart`, `POST /coupon`, `POST /recapture/regenerate-cart`. */
export function cartRoutes(options: CartRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/cart', async (c) => {
    const open = await openCart(c.get('deps').db, ownerOf(c));
    return c.json(await priced(c, open));
  });

  app.post('/add-to-cart', async (c) => {
    const body = await readJson(c, AddToCartRequestSchema);
    const { db } = c.get('deps');
    const owner = ownerOf(c);
    const open = await openCart(db, owner);
    const change = await applyAddToCart(db, c.get('user'), open.row?.lines ?? [], body);
    return c.json(await commit(c, owner, open, change, options));
  });

  app.post('/coupon', async (c) => {
    const body = await readJson(c, CouponRequestSchema);
    const { db } = c.get('deps');
    const owner = ownerOf(c);
    const open = await openCart(db, owner);
    const lines = open.row?.lines ?? [];
    const answer = (partial: Omit<CouponResponse, 'cart' | 'code'>, cart: Cart): CouponResponse => ({
      code: body.code.trim(),
      ...partial,
      cart,
    });
    if (body.type === 'remove') {
      const cart = await commit(c, owner, open, { lines, coupon: null }, options);
      return c.json(answer({ is_valid: true, type: null, amount: 0, msg: couponMessages.removed }, cart));
    }
    let cart = await priced(c, open);
    const user = c.get('user');
    const verdict = await checkCoupon(db, body.code, {
      lines,
      subtotalCents: Math.round(cart.subtotal * 100),
      customer: { userId: user?.id ?? null, email: user?.email ?? body.form?.edd_email ?? null },
      via: 'box',
    });
    if (!verdict.rule)
      return c.json(answer({ is_valid: false, type: null, amount: 0, msg: verdict.msg }, cart));
    cart = await commit(c, owner, open, { lines, coupon: verdict.rule.code }, options);
    const { type, amount, code } = verdict.rule;
    return c.json({
      ...answer(
        {
          is_valid: true,
          type,
          amount: type === 'flat' ? amount / 100 : amount,
          msg: couponMessages.applied,
        },
        cart,
      ),
      code,
    });
  });

  app.post('/recapture/regenerate-cart', async (c) => {
    const body = await readJson(c, RegenerateCartRequestSchema);
    const { db } = c.get('deps');
    const owner = ownerOf(c);
    const open = await openCart(db, owner);
    // The coupon comes from what was tracked for this racart, never from the link itself.
    const [tracked] = await db
      .select({ payload: cartRecovery.payload })
      .from(cartRecovery)
      .where(eq(cartRecovery.externalId, body.racart))
      .limit(1);
    const codes = tracked?.payload.discount_codes;
    const coupon = Array.isArray(codes) && typeof codes[0] === 'string' ? codes[0] : null;
    const recovered = linesFromContents(body.contents);
    // An upsell-only product comes back only with its offer, as it was bought.
    const lines = recovered.filter((line) => offeredInCart(line, recovered, coupon ?? undefined));
    return c.json(await commit(c, owner, open, { lines, coupon }, options));
  });

  return app;
}
