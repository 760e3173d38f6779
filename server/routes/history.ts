import type { Context } from 'hono';
import { Hono } from 'hono';
import { HistoryQuerySchema } from '../../shared/schemas/licence-requests';
import type { PurchaseLicenses } from '../../shared/schemas/licences';
import { requireUser } from '../auth/middleware';
import type { Database } from '../db';
import type { AppEnv } from '../http/app-env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { publicOriginOf } from '../licences/links';
import { purchaseWithLicences, toLicense } from '../licences/records';
import { purchaseHistory } from '../purchases/history-list';

/** `GET /history {payment_id}`: the licences of one purchase with their sites (Manage License, Sites). */
async function purchaseLicences(c: Context<AppEnv>, db: Database, userId: number, paymentId: number) {
  const found = await purchaseWithLicences(db, userId, paymentId);
  // Someone else's purchase is answered exactly like one that does not exist.
  if (!found) throw notFound('No such purchase.');
  const now = new Date();
  const origin = publicOriginOf(c);
  const body: PurchaseLicenses = {
    payment_id: found.payment.id,
    number: found.payment.number,
    status: found.payment.status,
    licenses: found.records.map((record) => toLicense(record, origin, now)),
  };
  return c.json(body);
}

/**
 * `GET /history` (spec §7): with `payment_id` the site and licence data of one purchase; without
 * parameters the purchase history list, which the purchase-history issue adds beside it.
 */
export function historyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/history', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const query = readQuery(c, HistoryQuerySchema);
    if (query.payment_id !== undefined) return purchaseLicences(c, db, user.id, query.payment_id);
    return c.json(await purchaseHistory(db, user.id));
  });

  return app;
}
