import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the portal page', () => {
  it('is titled for its path before any script runs', async () => {
    const checkout = await (await t.app.request('/checkout')).text();
    expect(checkout).toContain('<title>Checkout · Vendor Account</title>');
    const products = await (await t.app.request('/user/my-products')).text();
    expect(products).toContain('<title>My Products · Vendor Account</title>');
  });

  it('speaks of an account while loading only on the account pages', async () => {
    const checkout = await (await t.app.request('/checkout')).text();
    expect(checkout).toContain('<p class="portal-loading">Loading…</p>');
    expect(checkout).not.toContain('your account');
    const dashboard = await (await t.app.request('/user/dashboard')).text();
    expect(dashboard).toContain('<p class="portal-loading">Loading your account…</p>');
  });

  it('preloads the portal entry even without a build manifest', async () => {
    const page = await (await t.app.request('/checkout')).text();
    expect(page).toContain('<link rel="modulepreload" href="/widgets/vendor-portal.js">');
  });
});
