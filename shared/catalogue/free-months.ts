import { downloadIds } from './product-ids';

/**
 * Free months of the templates service PRO plan that come with a purchase (spec §9). Addons plugin:
 * price id 3 gives 3, price id 4 gives 6. Blocks plugin: price id 2 gives 3, price ids 3 to 6 give 6.
 * Every other purchase gives 1.
 */
export function freeMonths(downloadId: number, priceId: number): number {
  if (downloadId === downloadIds.addons) {
    if (priceId === 3) return 3;
    if (priceId === 4) return 6;
  }
  if (downloadId === downloadIds.blocks) {
    if (priceId === 2) return 3;
    if (priceId >= 3 && priceId <= 6) return 6;
  }
  return 1;
}
