import { describe, expect, it } from 'vitest';
import { createCartStorage } from './cart-storage';
import { checkoutIntentFromQuery, withoutCheckoutQuery } from './checkout-query';
import { createMemoryStorage } from './storage';

describe('checkoutIntentFromQuery (spec §2 /checkout query)', () => {
  it('reads a renewal, with price_id 1 by default', () => {
    expect(checkoutIntentFromQuery('?action=renew&license=abc123&download_id=1677666')).toEqual({
      kind: 'renew',
      license: 'abc123',
      downloadId: 1677666,
      priceId: 1,
    });
    expect(checkoutIntentFromQuery('?action=renew&license=k&download_id=4372&price_id=3')).toMatchObject({
      priceId: 3,
    });
  });
  it('reads a recovery link, else a direct add, else nothing', () => {
    expect(checkoutIntentFromQuery('?contents=%5B%5D&racart=r1')).toEqual({
      kind: 'recover',
      contents: '[]',
      racart: 'r1',
    });
    expect(checkoutIntentFromQuery('?download_id=342422&price_id=2')).toEqual({
      kind: 'add',
      downloadId: 342422,
      priceId: 2,
    });
    expect(checkoutIntentFromQuery('?download_id=-4&price_id=x')).toBeNull();
    expect(checkoutIntentFromQuery('?action=renew&download_id=4372')).toMatchObject({ kind: 'add' });
    expect(checkoutIntentFromQuery('')).toBeNull();
  });
  it('clears only the checkout keys from the address', () => {
    expect(withoutCheckoutQuery('https://shop.example/checkout?action=renew&license=k&utm=1#top')).toBe(
      '/checkout?utm=1#top',
    );
  });
});

describe('old_cart (spec §3 Locally stored)', () => {
  it('stores items, coupon and licence key under old_cart and reads junk as nothing', () => {
    const memory = createMemoryStorage();
    const storage = createCartStorage(memory);
    storage.saveOldCart({ items: [{ download_id: 4372, price_id: 1 }], coupon: 'SAVE10', licenseKey: 'k' });
    expect(JSON.parse(memory.get('old_cart') ?? '')).toEqual({
      items: [{ download_id: 4372, price_id: 1 }],
      coupon: 'SAVE10',
      licenseKey: 'k',
    });
    memory.set('old_cart', '{"items":[{"download_id":"x"}]}');
    expect(storage.oldCart()).toBeNull();
    memory.set('old_cart', 'not json');
    expect(storage.oldCart()).toBeNull();
    storage.clearOldCart();
    expect(memory.get('old_cart')).toBeNull();
  });
  it('keeps the guest cart token beside it, and forgets it on null', () => {
    const memory = createMemoryStorage();
    const storage = createCartStorage(memory);
    storage.setToken('t');
    expect(memory.get('vendor_cart_token')).toBe('t');
    storage.setToken(null);
    expect(storage.token()).toBeNull();
  });
});
