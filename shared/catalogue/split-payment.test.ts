import { describe, expect, it } from 'vitest';
import { splitScheduleText, timesBilledText } from '../format/split-schedule';
import type { Cart } from '../schemas/cart';
import { cartSplitSchedule } from './split-payment';

describe('split payment texts', () => {
  it('say what is due today and what follows, in the issue’s words', () => {
    expect(splitScheduleText(166.5, 5, 166.5)).toBe('$166.50 today, then 5 monthly payments of $166.50');
    expect(splitScheduleText(83.25, 1, 83.25)).toBe('$83.25 today, then 1 monthly payment of $83.25');
    expect(timesBilledText(1, 6)).toBe('1 of 6');
    expect(timesBilledText(3, 0)).toBe('3');
  });

  it('take today’s figure from the cart total and the instalment from the plan’s line', () => {
    const line = (itemPrice: number, times: number) =>
      ({
        item_price: itemPrice,
        options: { recurring: times ? { period: 'month', times } : null },
      }) as Cart['details'][number];
    // A discounted first instalment and a second product: both are in today's total.
    const cart = { total: 198.85, details: [line(49, 0), line(166.5, 6)] };
    expect(cartSplitSchedule(cart)).toBe('$198.85 today, then 5 monthly payments of $166.50');
    expect(cartSplitSchedule({ total: 49, details: [line(49, 0)] })).toBeNull();
  });
});
