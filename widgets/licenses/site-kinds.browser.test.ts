import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { license, purchase } from '../../test/fixtures/licences';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, shadow, tableRows, until } from '../../test/helpers/dom';
import { json, nextApiBase, stubApi } from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  // The element shows its products to a signed-in visitor only.
  session.setToken('test-session-token');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
});

const freeSitesLine = 'Staging and local sites are free: they do not count towards the activations.';

/** A limit-1 licence with one production site, as the server answers it after two free sites. */
const withFreeSites = license(3, {
  payment_id: 13,
  limit: 1,
  activation_count: 1,
  sites: ['https://casey-shop.example.com', 'https://staging.example.org', 'http://localhost:8080'],
  site_kinds: { 'https://staging.example.org': 'staging', 'http://localhost:8080': 'local' },
  staging_sites_free: true,
});

async function mount(attributes: string, history: unknown) {
  const requests = stubApi(fetchSpy, { 'GET /history': () => json(history) });
  const element = await fixture<HTMLElement>(
    `<vendor-licenses api-base="${nextApiBase('site-kinds')}" ${attributes}></vendor-licenses>`,
  );
  return { element, root: shadow(element), requests };
}

describe('<vendor-licenses> staging and local sites', () => {
  it("badges them 'Staging' and 'Local' in Manage Sites, counts production only and explains why", async () => {
    const { element, root } = await mount('view=manage-sites payment-id=13', {
      ...purchase,
      licenses: [withFreeSites],
    });
    await until(() => root.textContent?.includes('http://localhost:8080'));
    expect(tableRows(root).map((row) => row[0])).toEqual([
      'https://casey-shop.example.com',
      'https://staging.example.org Staging',
      'http://localhost:8080 Local',
    ]);
    expect([...root.querySelectorAll('tbody [part="badge"]')].map((badge) => badge.textContent)).toEqual([
      'Staging',
      'Local',
    ]);
    expect(root.querySelector('[data-testid="activations"]')?.textContent).toBe('1/1');
    expect(root.querySelector('.licences__note')?.textContent).toBe(freeSitesLine);
    // The badge is not part of the URL the deactivation sends or names.
    expect(buttonByText(root, 'Deactivate Site')?.getAttribute('aria-label')).toBe(
      'Deactivate Site https://casey-shop.example.com',
    );
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });

  it('explains it under Manage License too, and not for a tier that switched it off', async () => {
    const on = await mount('view=manage-license payment-id=13', { ...purchase, licenses: [withFreeSites] });
    await until(() => on.root.textContent?.includes('licence-key-3'));
    expect(on.root.querySelector('.licences__note')?.textContent).toBe(freeSitesLine);
    expect(tableRows(on.root)[0]).toContain('1/1');

    const off = await mount('view=manage-sites payment-id=14', {
      ...purchase,
      payment_id: 14,
      licenses: [license(4, { payment_id: 14, staging_sites_free: false })],
    });
    await until(() => off.root.textContent?.includes('licence-key-4'));
    expect(off.root.querySelector('.licences__note')).toBeNull();
    expect(off.root.querySelector('tbody [part="badge"]')).toBeNull();
  });
});
