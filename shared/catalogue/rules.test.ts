import { describe, expect, it } from 'vitest';
import { gatewayForCart, isAddressRequired } from './checkout';
import { freeMonths } from './free-months';
import { findTier } from './lookup';
import { monthlyPrice, tierPerMonth } from './pricing';
import { splitInstalment, splitPlans } from './split-payment';
import { toTwoFactorLevel } from './two-factor';

describe('instalment rule', () => {
  it('divides yearly prices by 12 and truncates to 2 decimals', () => {
    expect(monthlyPrice(299.99, 'year')).toBe(24.99);
    expect(monthlyPrice(69, 'year')).toBe(5.75);
    expect(monthlyPrice(149, 'year')).toBe(12.41);
  });
  it('keeps monthly prices and has no monthly figure for lifetime', () => {
    expect(monthlyPrice(8.99, 'month')).toBe(8.99);
    expect(monthlyPrice(999, 'lifetime')).toBeNull();
  });
  it("prefers a tier's own per-month figure", () => {
    const addonsSingle = findTier(4372, 1);
    const docsSingle = findTier(342422, 1);
    expect(addonsSingle && tierPerMonth(addonsSingle)).toBe(4.99);
    expect(docsSingle && tierPerMonth(docsSingle)).toBe(5.75);
  });
});

describe('freeMonths', () => {
  it('addons plugin: price id 3 → 3, 4 → 6, else 1', () => {
    expect(freeMonths(4372, 3)).toBe(3);
    expect(freeMonths(4372, 4)).toBe(6);
    expect(freeMonths(4372, 1)).toBe(1);
  });
  it('blocks plugin: price id 2 → 3, 3 to 6 → 6, else 1', () => {
    expect(freeMonths(1677666, 2)).toBe(3);
    for (const id of [3, 4, 5, 6]) expect(freeMonths(1677666, id)).toBe(6);
    expect(freeMonths(1677666, 1)).toBe(1);
    expect(freeMonths(1677666, 7)).toBe(1);
  });
  it('any other product: 1', () => {
    expect(freeMonths(342422, 3)).toBe(1);
  });
});

describe('gateway rule', () => {
  it('a discounted free cart goes manual, others stripe', () => {
    expect(gatewayForCart({ hasDiscounts: true, total: 0 })).toBe('manual');
    expect(gatewayForCart({ hasDiscounts: false, total: 0 })).toBe('stripe');
    expect(gatewayForCart({ hasDiscounts: true, total: 10 })).toBe('stripe');
  });
  it('requires the address except for PayPal', () => {
    expect(isAddressRequired('stripe')).toBe(true);
    expect(isAddressRequired('manual')).toBe(true);
    expect(isAddressRequired('paypalexpress')).toBe(false);
  });
});

describe('split payment', () => {
  it('offers distinct price ids beyond the bundle tiers', () => {
    expect(splitPlans.map((p) => p.priceId)).toEqual([3, 4, 5]);
    expect(splitInstalment(999, 6)).toBe(166.5);
    expect(splitInstalment(999, 12)).toBe(83.25);
    expect(splitInstalment(1000, 3)).toBe(333.33);
  });
});

describe('toTwoFactorLevel', () => {
  it('accepts the five levels as strings or numbers', () => {
    expect(toTwoFactorLevel('2.1')).toBe('2.1');
    expect(toTwoFactorLevel(3.1)).toBe('3.1');
    expect(toTwoFactorLevel(1)).toBe('1');
  });
  it('rejects others', () => {
    expect(toTwoFactorLevel('4')).toBeNull();
    expect(toTwoFactorLevel(null)).toBeNull();
  });
});
