import { describe, expect, it } from 'vitest';
import type { CartDetail } from '../schemas/cart';
import { cartRenewals } from './cart-renewals';

const line = (name: string, price: number, recurring: CartDetail['options']['recurring']) =>
  ({ name, price, options: { recurring } }) as CartDetail;

describe('cartRenewals', () => {
  it('names each yearly line at its list price, the amount its renewal is charged', () => {
    expect(
      cartRenewals([
        line('Addons', 199, { period: 'year', times: 0 }),
        line('Agency Bundle', 999, null),
        line('Agency Bundle', 999, { period: 'month', times: 6 }),
        line('Theme', 59.5, { period: 'year', times: 0 }),
      ]),
    ).toEqual(['$199.00 a year for Addons', '$59.50 a year for Theme']);
  });

  it('is empty for a cart of lifetime lines', () => {
    expect(cartRenewals([line('Addons', 249.97, null)])).toEqual([]);
  });
});
