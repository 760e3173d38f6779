import { describe, expect, it } from 'vitest';
import { acquisitionLabels, acquisitionMethods, defaultAcquisitionForSignedIn } from './acquisition';
import { defaultGateway, defaultPriceId, gateways, moneyBackGuarantee } from './checkout';
import { freeDownloads } from './free-downloads';
import { fieldLimits } from './limits';
import { paging } from './paging';
import { storageKeys } from './storage';
import { timings } from './timings';
import { twoFactorLevels } from './two-factor';

describe('spec §9 constants', () => {
  it('paging', () => {
    expect(paging).toEqual({
      products: 20,
      dashboardProducts: 3,
      news: 3,
      affiliateLists: 20,
      creatives: 100,
      users: 20,
      firstUsersPage: 1,
      freeDownloads: 12,
    });
  });
  it('timings', () => {
    expect(timings).toEqual({
      confirmationMaxRetries: 5,
      confirmationFirstDelayMs: 3000,
      requestTimeoutMs: 8000,
      changeTimeoutMs: 30_000,
      toastMs: 3000,
      stickyHeaderPx: 300,
    });
  });
  it('storage keys and 2FA levels', () => {
    expect(storageKeys).toEqual({ accessToken: 'access_token', oldCart: 'old_cart' });
    expect(twoFactorLevels).toEqual(['1', '2', '2.1', '3', '3.1']);
  });
  it('field limits', () => {
    expect(fieldLimits).toEqual({
      name: 60,
      displayName: 100,
      billingName: 100,
      address: 255,
      city: 60,
      zip: 24,
      passwordMin: 8,
      promotionMin: 20,
      attachmentName: { max: 20, head: 9, tail: 7 },
    });
  });
  it('checkout defaults', () => {
    expect(gateways).toEqual(['stripe', 'paypalexpress', 'manual']);
    expect(defaultGateway).toBe('stripe');
    expect(defaultAcquisitionForSignedIn).toBe('other');
    expect(defaultPriceId).toBe(1);
    expect(moneyBackGuarantee).toEqual({ days: 14, refundPercent: 100 });
  });
  it('the ten acquisition options, each with a label', () => {
    expect(acquisitionMethods).toEqual([
      'wordpress',
      'free-plugin',
      'google',
      'facebook-group',
      'email-newsletter',
      'advertisement',
      'from-friend',
      'online-discussion',
      'blog-article',
      'other',
    ]);
    for (const method of acquisitionMethods) expect(acquisitionLabels[method]).toMatch(/\S/);
  });
  it('twelve free downloads: one theme, eleven plugins, images by slug', () => {
    expect(freeDownloads).toHaveLength(12);
    expect(freeDownloads.filter((d) => d.isTheme)).toHaveLength(1);
    for (const d of freeDownloads) expect(d.image).toBe(`/assets/free/${d.slug}.png`);
    expect(new Set(freeDownloads.map((d) => d.slug)).size).toBe(12);
  });
});
