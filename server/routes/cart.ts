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
import { lookupCoupon } from '../cart/coupons';
import { couponFitsCart, priceableLines, priceCart } from '../cart/pricing';
import { type CartOwner, type OpenCart, openCart, pricingContext, saveCart } from '../cart/repository';
import { type CartTracker, databaseCartTracker } from '../cart/tracker';
import { trackingPayload } from '../cart/tracking-payload';
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
  const coupon = probe.couponRule && couponFitsCart(probe.couponRule, lines) ? probe.couponRule.code : null;
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
    const lookup = await lookupCoupon(db, body.code);
    const invalid = (msg: string) => answer({ is_valid: false, type: null, amount: 0, msg }, cart);
    let cart = await priced(c, open);
    if (!lookup.rule) return c.json(invalid(lookup.msg));
    if (lines.length === 0) return c.json(invalid(couponMessages.emptyCart));
    if (!couponFitsCart(lookup.rule, lines)) return c.json(invalid(couponMessages.notForCart));
    cart = await commit(c, owner, open, { lines, coupon: lookup.rule.code }, options);
    const { type, amount, code } = lookup.rule;
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
    return c.json(await commit(c, owner, open, { lines: linesFromContents(body.contents), coupon }, options));
  });

  return app;
}
