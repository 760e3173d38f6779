import { downloadIds } from '../../shared/catalogue';
import type { Database } from '../db';
import { coupons } from '../db/schema';

const day = 24 * 3600 * 1000;

type DemoCoupon = Omit<
  typeof coupons.$inferInsert,
  'startsAt' | 'expiresAt' | 'uses' | 'active' | 'downloadIds' | 'priceIds'
> & {
  downloadIds?: readonly number[];
  priceIds?: readonly number[];
  /** Days from the seeding; null or absent: no date. */
  startsInDays?: number;
  expiresInDays?: number;
};

/**
 * Demo coupons, one of each kind the checkout handles: percent, flat (cents), 100 % (a free order that
 * goes through the 'manual' gateway), expired, limited to one product; then one per limit a vendor can
 * set (documented in server/README.md).
 */
export const demoCoupons: readonly DemoCoupon[] = [
  { code: 'SAVE10', type: 'percent', amount: 10 },
  { code: 'FLAT20', type: 'flat', amount: 2000 },
  { code: 'FREE100', type: 'percent', amount: 100 },
  { code: 'EXPIRED15', type: 'percent', amount: 15, expiresInDays: -1 },
  {
    code: 'BLOCKS25',
    type: 'percent',
    amount: 25,
    downloadIds: [downloadIds.blocks],
    appliesToRenewals: false,
    appliesToUpgrades: false,
  },
  { code: 'FIRST5', type: 'percent', amount: 30, maxUses: 5 },
  { code: 'ONCE15', type: 'percent', amount: 15, maxUsesPerCustomer: 1 },
  { code: 'SOON20', type: 'percent', amount: 20, startsInDays: 7, expiresInDays: 37 },
  { code: 'LIFETIME40', type: 'flat', amount: 4000, downloadIds: [downloadIds.addons], priceIds: [4] },
  {
    code: 'BIG50',
    type: 'flat',
    amount: 5000,
    minAmountCents: 20000,
    appliesToRenewals: false,
    appliesToUpgrades: false,
  },
];

const daysFrom = (now: Date, days: number | undefined): Date | null =>
  days === undefined ? null : new Date(now.getTime() + days * day);

export async function seedDemoCoupons(db: Database, now: Date): Promise<void> {
  await db
    .insert(coupons)
    .values(
      demoCoupons.map(({ startsInDays, expiresInDays, downloadIds: ids, priceIds, ...coupon }) => ({
        ...coupon,
        downloadIds: ids ? [...ids] : null,
        priceIds: priceIds ? [...priceIds] : null,
        startsAt: daysFrom(now, startsInDays),
        expiresAt: daysFrom(now, expiresInDays),
      })),
    )
    .onConflictDoNothing();
}
