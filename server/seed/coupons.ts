import { downloadIds } from '../../shared/catalogue';
import type { Database } from '../db';
import { coupons } from '../db/schema';

const day = 24 * 3600 * 1000;

/**
 * Demo coupons, one of each kind the checkout handles: percent, flat (cents), 100 % (a free order that
 * goes through the 'manual' gateway), expired, and limited to one product.
 */
export const demoCoupons = [
  { code: 'SAVE10', type: 'percent', amount: 10, downloadIds: null, expiresInDays: null },
  { code: 'FLAT20', type: 'flat', amount: 2000, downloadIds: null, expiresInDays: null },
  { code: 'FREE100', type: 'percent', amount: 100, downloadIds: null, expiresInDays: null },
  { code: 'EXPIRED15', type: 'percent', amount: 15, downloadIds: null, expiresInDays: -1 },
  { code: 'BLOCKS25', type: 'percent', amount: 25, downloadIds: [downloadIds.blocks], expiresInDays: null },
] as const;

export async function seedDemoCoupons(db: Database, now: Date): Promise<void> {
  await db
    .insert(coupons)
    .values(
      demoCoupons.map(({ expiresInDays, downloadIds: ids, ...coupon }) => ({
        ...coupon,
        downloadIds: ids ? [...ids] : null,
        expiresAt: expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * day),
      })),
    )
    .onConflictDoNothing();
}
