import { and, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Order, OrderList, OrdersQuery } from '../../shared/schemas/manager';
import type { Database } from '../db';
import { paymentItems, payments } from '../db/schema';
import { containsPattern } from './search';

export const ordersPerPage = 20;

const toDollars = (cents: number) => cents / 100;

/** Orders matching the search in their number, id, e-mail, gateway, transaction id or a product name. */
function searchWhere(db: Database, search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const byId = /^\d{1,9}$/.test(search) ? eq(payments.id, Number(search)) : undefined;
  return or(
    byId,
    ilike(payments.number, pattern),
    ilike(payments.email, pattern),
    ilike(payments.gateway, pattern),
    ilike(payments.transactionId, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(paymentItems)
        .where(and(eq(paymentItems.paymentId, payments.id), ilike(paymentItems.name, pattern))),
    ),
  );
}

/** `GET /orders`: every customer's orders, newest first, 20 a page, with the completed sales they add up to. */
export async function listOrders(db: Database, query: OrdersQuery): Promise<OrderList & { total: number }> {
  const where = searchWhere(db, query.search);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ordersPerPage)
      .offset((query.page - 1) * ordersPerPage),
    db
      .select({
        total: sql<number>`count(*)::int`,
        salesCount: sql<number>`(count(*) filter (where ${payments.status} = 'complete'))::int`,
        salesCents: sql<number>`coalesce(sum(${payments.totalCents}) filter (where ${payments.status} = 'complete'), 0)::bigint`,
      })
      .from(payments)
      .where(where),
  ]);
  const items = rows.length
    ? await db
        .select()
        .from(paymentItems)
        .where(
          inArray(
            paymentItems.paymentId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const orders: Order[] = rows.map((row) => ({
    ID: row.id,
    number: row.number,
    email: row.email,
    gateway: row.gateway,
    status: row.status,
    products: items
      .filter((item) => item.paymentId === row.id)
      .map((item) => ({ name: item.name, price_name: item.priceName })),
    transaction_id: row.transactionId,
    total: toDollars(row.totalCents),
    date: (row.completedAt ?? row.createdAt).toISOString(),
  }));
  return {
    orders,
    total: totals?.total ?? 0,
    sales: { count: totals?.salesCount ?? 0, total: toDollars(Number(totals?.salesCents ?? 0)) },
  };
}
