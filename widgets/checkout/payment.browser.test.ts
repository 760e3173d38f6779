import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { downloadIds } from '../../shared/catalogue';
import type { Cart } from '../../shared/schemas/cart';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import { json, notFound, type RecordedRequest, recordFetch } from '../../test/helpers/fetch-stub';
import './define';

/*
 * The checkout's right column (issue 9): Personal Information, Billing Details, gateway rules, the
 * agreement, the pay button and POST /purchase, on the real custom element with fetch stubbed.
 */

let sent: RecordedRequest[] = [];
let routes: Record<string, (body: Record<string, unknown> | null) => Response | Promise<Response>>;

function cart(total = 49, discounted = false): Cart {
  return {
    contents: [{ id: downloadIds.blocks, options: { price_id: 1, recurring: { period: 'year', times: 0 } } }],
    details: [
      {
        id: downloadIds.blocks,
        name: 'Blocks',
        price_name: '1 Site',
        price: 49,
        item_price: 49,
        discount: 49 - total,
        subtotal: total,
        item_number: { id: downloadIds.blocks, image: null, options: { price_id: 1 } },
        options: {
          price_id: 1,
          recurring: { period: 'year', times: 0 },
          is_renewal: false,
          is_upgrade: false,
          license_key: null,
        },
      },
    ],
    splits: [],
    subtotal: 49,
    total,
    discounted_amount: 49 - total,
    discounts: discounted ? ['FREE100'] : [],
    coupons: discounted ? [{ code: 'FREE100', type: 'percent', amount: 100 }] : [],
    has_discounts: discounted,
    cart_token: 'T'.repeat(43),
  };
}

const countries = [
  { value: 'DE', label: 'Germany' },
  { value: 'US', label: 'United States' },
  { value: 'AW', label: 'Aruba' },
];
const states: Record<string, { value: string; label: string }[]> = {
  DE: [{ value: 'BE', label: 'Berlin' }],
  US: [{ value: 'CA', label: 'California' }],
  AW: [],
};

let apiCounter = 0;
async function mount(): Promise<ShadowRoot> {
  apiCounter += 1;
  const container = document.createElement('div');
  container.innerHTML = `<vendor-checkout api-base="/pay-fixture-${apiCounter}/api/v1"></vendor-checkout>`;
  const element = await fixture<HTMLElement>(html`${container}`);
  const checkout = element.querySelector('vendor-checkout') as HTMLElement;
  if (!checkout.shadowRoot) throw new Error('no shadow root');
  const root = checkout.shadowRoot;
  await until(() => root.querySelector('form.co-pay'));
  return root;
}

/** What the visitor reads (style elements left out). */
const text = (root: ShadowRoot) =>
  [...root.children]
    .map((node) => (node instanceof HTMLElement && node.tagName !== 'STYLE' ? node.innerText : ''))
    .join('\n');
const input = (root: ShadowRoot, name: string) => {
  const found = root.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const purchases = () => sent.filter((s) => s.path === '/purchase');
const payButton = (root: ShadowRoot) =>
  root.querySelector<HTMLButtonElement>('.co-pay__submit') as HTMLButtonElement;

async function type(root: ShadowRoot, name: string, value: string): Promise<void> {
  const field = input(root, name);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

/** The searchable select of an address field ('country', 'state'); its hidden input carries the name. */
const combobox = (root: ShadowRoot, field: 'country' | 'state') =>
  root.querySelector<HTMLInputElement>(`.billing-address__${field} [role="combobox"]`) as HTMLInputElement;

async function chooseCountry(root: ShadowRoot, label: string): Promise<void> {
  const box = await until(() => !combobox(root, 'country').disabled && combobox(root, 'country'));
  // Focus rather than click: the combobox opens as the buyer types.
  box.focus();
  box.select();
  await userEvent.keyboard(label);
  await until(
    () => box.getAttribute('aria-expanded') === 'true' && box.getAttribute('aria-activedescendant'),
  );
  await userEvent.keyboard('{Enter}');
  await until(() => box.value === label);
}

async function fillValid(root: ShadowRoot): Promise<void> {
  await type(root, 'edd_first', 'Ada');
  await type(root, 'edd_last', 'Lovelace');
  await type(root, 'edd_email', 'ada@example.com');
  const how = root.querySelector<HTMLSelectElement>('[name="edd_acquisition_method"]') as HTMLSelectElement;
  await userEvent.selectOptions(how, 'google');
  await chooseCountry(root, 'Aruba');
  await type(root, 'card_address', '1 Main Street');
  await type(root, 'card_city', 'Oranjestad');
  await type(root, 'card_zip', '0000');
  await userEvent.click(input(root, 'edd_agree_to_terms'));
}

beforeEach(() => {
  localStorage.clear();
  routes = {
    'GET /cart': () => json(cart()),
    'GET /countries': () => json(countries),
  };
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), ({ method, path, query, body }) => {
    const route = routes[`${method} ${path}`];
    if (path === '/states' && !route) return json(states[query.get('country') ?? ''] ?? []);
    return route ? route(body as Record<string, unknown> | null) : notFound();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  fixtureCleanup();
});

describe('<vendor-checkout> payment column', () => {
  it('shows Personal Information, Billing Details and the Pay total; newsletter on by default', async () => {
    const root = await mount();
    expect(text(root)).toContain('Personal Information');
    expect(text(root)).toContain('Billing Details');
    expect(payButton(root).textContent).toBe('Pay $49.00');
    expect(input(root, 'mailchimp').checked).toBe(true);
  });

  it('a failed submit shows every spec §5 message and the toast, and sends nothing', async () => {
    const root = await mount();
    await userEvent.click(payButton(root));
    await until(() => text(root).includes('Please fill the information required for checkout'));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Please select how did you find us',
      'Please agree to Terms & Conditions and Privacy Policy',
      'Please select country',
      'Please insert billing address',
      'Please insert city',
      'Please insert zip/postal code',
    ]) {
      expect(text(root), message).toContain(message);
    }
    expect(purchases()).toHaveLength(0);
  });

  it('checks a field on blur and clears its error on edit', async () => {
    const root = await mount();
    await type(root, 'edd_first', 'x'.repeat(61));
    await userEvent.click(input(root, 'edd_last'));
    await until(() => text(root).includes('Fist name should not be more than 60 characters'));
    await userEvent.type(input(root, 'edd_first'), '{Backspace}');
    expect(text(root)).not.toContain('Fist name should not be more than 60 characters');
    await type(root, 'edd_email', 'not-an-email');
    await userEvent.click(input(root, 'edd_last'));
    await until(() => text(root).includes('Please insert a valid email'));
  });

  it('requires a state only where the country has states, and a new country clears it', async () => {
    const root = await mount();
    await chooseCountry(root, 'Germany');
    await until(() => !combobox(root, 'state').disabled);
    await userEvent.click(payButton(root));
    await until(() => text(root).includes('Please select state'));
    await chooseCountry(root, 'Aruba');
    await until(() => combobox(root, 'state').disabled);
    await userEvent.click(payButton(root));
    await until(() => text(root).includes('Please insert city'));
    expect(text(root)).not.toContain('Please select state');
  });

  it('says when countries cannot be loaded', async () => {
    routes['GET /countries'] = () => json({ code: 'service_unavailable', message: 'x' }, 503);
    const root = await mount();
    await until(() => text(root).includes('Unable to get countries, please try again'));
  });

  it("says when a country's states cannot be loaded", async () => {
    routes['GET /states'] = () => json({ code: 'service_unavailable', message: 'x' }, 503);
    const root = await mount();
    await chooseCountry(root, 'Germany');
    await until(() => text(root).includes('Unable to get states, please try again'));
  });

  it('PayPal needs no address; the payload has no card address', async () => {
    let release: (value: Response) => void = () => {};
    routes['POST /purchase'] = () => new Promise<Response>((resolve) => (release = resolve));
    const root = await mount();
    await type(root, 'edd_first', 'Ada');
    await type(root, 'edd_last', 'Lovelace');
    await type(root, 'edd_email', 'ada@example.com');
    await userEvent.selectOptions(
      root.querySelector('[name="edd_acquisition_method"]') as HTMLSelectElement,
      'other',
    );
    await userEvent.click(root.querySelector('input[value="paypalexpress"]') as HTMLInputElement);
    expect(text(root)).not.toContain('Billing Details');
    await userEvent.click(input(root, 'edd_agree_to_terms'));
    localStorage.setItem('old_cart', JSON.stringify({ items: [{ download_id: 1, price_id: 1 }] }));
    // biome-ignore lint/suspicious/noDocumentCookie: the referral cookie a referred visitor's page holds.
    document.cookie = 'affwp_ref=7; path=/';
    await userEvent.click(payButton(root));
    await until(() => purchases().length === 1);
    expect(payButton(root).textContent).toBe('Processing...');
    expect(payButton(root).disabled).toBe(true);
    expect(localStorage.getItem('old_cart')).toBeNull();
    const body = purchases()[0]?.body ?? {};
    expect(body).toMatchObject({
      edd_first: 'Ada',
      edd_last: 'Lovelace',
      edd_email: 'ada@example.com',
      edd_acquisition_method: 'other',
      edd_gateway: 'paypalexpress',
      'edd-gateway': 'paypalexpress',
      'payment-mode': 'paypalexpress',
      card_name: 'Ada Lovelace',
      edd_agree_to_terms: 1,
      edd_agree_to_privacy_policy: 1,
      need_new_user: true,
      need_user_login: true,
      mailchimp: true,
      affwp_ref: '7',
    });
    expect(body).not.toHaveProperty('card_address');
    // biome-ignore lint/suspicious/noDocumentCookie: removes the test's cookie.
    document.cookie = 'affwp_ref=; max-age=0; path=/';
    // No URL comes back: the button is usable again (spec §4).
    release(json({ url: '', payment_id: 3 }));
    await until(() => payButton(root).textContent === 'Pay $49.00' && !payButton(root).disabled);
    expect(purchases()).toHaveLength(1);
  });

  it('a refused purchase shows Failed to process checkout and the server field messages', async () => {
    routes['POST /purchase'] = () =>
      json(
        {
          code: 'validation_error',
          status: 'validation_error',
          message: 'x',
          data: { fields: { card_zip: 'Zip/postal code should not be more than 24 characters' } },
        },
        400,
      );
    const root = await mount();
    await fillValid(root);
    await userEvent.click(payButton(root));
    await until(() => text(root).includes('Failed to process checkout'));
    expect(text(root)).toContain('Zip/postal code should not be more than 24 characters');
    expect(purchases()[0]?.body).toMatchObject({
      billing_country: 'AW',
      card_city: 'Oranjestad',
      card_state: '',
    });
  });

  it('a free discounted cart goes through manual: payment options hidden, address still required', async () => {
    routes['GET /cart'] = () => json(cart(0, true));
    routes['POST /purchase'] = () => new Promise<Response>(() => {});
    const root = await mount();
    expect(root.querySelector('input[value="stripe"]')).toBeNull();
    expect(text(root)).toContain('Billing Details');
    await fillValid(root);
    await userEvent.click(payButton(root));
    await until(() => purchases().length === 1);
    expect(purchases()[0]?.body).toMatchObject({ edd_gateway: 'manual', card_address: '1 Main Street' });
  });

  it('has no axe violations in light and dark, errors shown', async () => {
    const root = await mount();
    await until(() => !combobox(root, 'country').disabled);
    await userEvent.click(payButton(root));
    await until(() => text(root).includes('First name is required'));
    await expectNoAxeViolations(root.host as HTMLElement);
    (root.host as HTMLElement).setAttribute('theme', 'dark');
    await expectNoAxeViolations(root.host as HTMLElement);
  });
});
