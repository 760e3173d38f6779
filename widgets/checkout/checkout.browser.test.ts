import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { downloadIds, findProduct, upsellCoupons } from '../../shared/catalogue';
import type { Cart, CartDetail } from '../../shared/schemas/cart';
import { session } from '../../shared/stores/session';
import { deepActiveElement } from '../../shared/ui/focus';
import { sessionUser } from '../../test/fixtures/session-user';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import { json, notFound, type RecordedRequest, recordFetch } from '../../test/helpers/fetch-stub';
import './define';

// The account menu, the empty cart and the payment form load on demand. On first import the dev server
// transforms each one, which took over 3 s on a busy CI machine; load them once so a test waits for its
// view, not for the transform.
beforeAll(async () => {
  await Promise.all([import('./AccountMenu'), import('./EmptyCart'), import('./PaymentForm')]);
});

let sent: RecordedRequest[] = [];
let routes: Record<string, (body: Record<string, unknown> | null) => Response | Promise<Response>>;

/** A cart line as the server sends it, priced from the catalogue. */
function line(id: number, priceId: number, extra: Partial<CartDetail['options']> = {}): CartDetail {
  const product = findProduct(id);
  const tier = product?.tiers.find((t) => t.priceId === priceId) ?? product?.tiers[0];
  const price = tier?.price ?? 999;
  const period = tier?.period ?? 'lifetime';
  return {
    id,
    name: product?.name ?? 'Product',
    price_name: tier?.name ?? '',
    price,
    item_price: price,
    discount: 0,
    subtotal: price,
    item_number: { id, image: null, options: { price_id: priceId } },
    options: {
      price_id: priceId,
      recurring: period === 'lifetime' ? null : { period, times: 0 },
      is_renewal: false,
      is_upgrade: false,
      license_key: null,
      ...extra,
    },
  };
}

function cartOf(details: CartDetail[], coupon: string | null = null): Cart {
  const total = details.reduce((sum, d) => sum + d.subtotal, 0);
  const agencyLifetime = details.some((d) => d.id === downloadIds.agencyBundle && d.options.price_id !== 1);
  return {
    contents: details.map((d) => ({
      id: d.id,
      options: { price_id: d.options.price_id, recurring: d.options.recurring },
    })),
    details,
    splits: agencyLifetime
      ? [
          { price_id: 3, times: 3 },
          { price_id: 4, times: 6 },
        ]
      : [],
    subtotal: total,
    total,
    discounted_amount: 0,
    discounts: coupon ? [coupon] : [],
    coupons: coupon ? [{ code: coupon, type: 'percent', amount: 10 }] : [],
    has_discounts: false,
    cart_token: 'T'.repeat(43),
  };
}

let apiCounter = 0;
/** Each test its own api-base: the page keeps one cart store per API, as it would in production. */
async function mount(attributes = ''): Promise<{ element: HTMLElement; root: ShadowRoot }> {
  apiCounter += 1;
  const container = document.createElement('div');
  container.innerHTML = `<vendor-checkout api-base="/checkout-fixture-${apiCounter}/api/v1" ${attributes}></vendor-checkout>`;
  const element = await fixture<HTMLElement>(html`${container}`);
  const checkout = element.querySelector('vendor-checkout') as HTMLElement;
  if (!checkout.shadowRoot) throw new Error('no shadow root');
  return { element: checkout, root: checkout.shadowRoot };
}

const byText = (root: ParentNode, selector: string, text: string) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((node) => node.textContent?.trim() === text);
const posts = (path: string) => sent.filter((s) => s.method === 'POST' && s.path === path);

beforeEach(() => {
  localStorage.clear();
  routes = { 'GET /cart': () => json(cartOf([])) };
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), (request) => {
    const route = routes[`${request.method} ${request.path}`];
    return route ? route(request.body as Record<string, unknown> | null) : notFound();
  });
});

afterEach(() => {
  fixtureCleanup();
  session.signOut();
  vi.restoreAllMocks();
  history.replaceState(null, '', location.pathname);
});

describe('<vendor-checkout> empty cart', () => {
  it('shows the skeleton, then the empty cart with the nine products, and adds the chosen tier', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    routes['GET /cart'] = async () => {
      await gate;
      return json({ ...cartOf([]), cart_token: null });
    };
    routes['POST /add-to-cart'] = (body) =>
      json(cartOf([line(Number(body?.download_id), Number(body?.price_id))]));
    const { root } = await mount();
    await until(() => root.querySelector('[data-state="loading"]'));
    release();
    await until(() => root.querySelector('h2'));
    expect(root.querySelector('h2')?.textContent).toBe('Your Cart is Empty');
    expect(root.textContent).toContain(
      "Looks like you haven't added any Products to your Cart yet, you can add products from below.",
    );
    const cards = root.querySelectorAll('[part="product"]');
    expect(cards).toHaveLength(9);
    const docs = cards[1] as HTMLElement;
    const select = docs.querySelector('select') as HTMLSelectElement;
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => docs.textContent?.includes('$149.00'));
    byText(docs, 'button', 'Add to Cart')?.click();
    await until(() => root.querySelector('[part="cart"]'));
    expect(posts('/add-to-cart')[0]?.body).toEqual({ download_id: downloadIds.documentation, price_id: 2 });
    expect(localStorage.getItem('vendor_cart_token')).toBe('T'.repeat(43));
  });

  it.each([
    // Spec §8: a 500 says its one text; a refusal the server's reason; any other failure the cart's.
    [500, 'internal_server_error', 'Something went wrong, please try again later.'],
    [409, 'not_available', 'This product or price is not available.'],
    [503, 'service_unavailable', 'Failed to retrieve your cart information, please try again'],
  ])('says why an Add to Cart answered %i failed, above the grid it keeps', async (status, code, text) => {
    routes['POST /add-to-cart'] = () =>
      json({ code, message: 'This product or price is not available.' }, status);
    const { root } = await mount();
    const card = await until(() => root.querySelector<HTMLElement>('[part="product"]'));
    byText(card, 'button', 'Add to Cart')?.click();
    const alert = await until(() => root.querySelector('[part="cart-error"]'));
    expect(alert.textContent).toBe(text);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(root.querySelectorAll('[part="product"]')).toHaveLength(9);
  });

  it("shows 'Failed to retrieve your cart information, please try again' when the cart cannot load", async () => {
    routes['GET /cart'] = () => json({ code: 'service_unavailable', message: 'busy' }, 503);
    const { root } = await mount();
    const alert = await until(() => root.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('Failed to retrieve your cart information, please try again');
  });
});

describe('<vendor-checkout> cart', () => {
  it('applies a trimmed coupon, locks the box with APPLIED, emits, and removes it with the close icon', async () => {
    routes['GET /cart'] = () => json(cartOf([line(downloadIds.links, 1)]));
    routes['POST /coupon'] = (body) =>
      body?.type === 'apply'
        ? json({
            is_valid: true,
            code: 'SAVE10',
            type: 'percent',
            amount: 10,
            msg: 'Coupon applied.',
            cart: cartOf([line(downloadIds.links, 1)], 'SAVE10'),
          })
        : json({
            is_valid: true,
            code: 'SAVE10',
            type: null,
            amount: 0,
            msg: 'Coupon removed.',
            cart: cartOf([line(downloadIds.links, 1)]),
          });
    const { element, root } = await mount();
    const events: unknown[] = [];
    element.addEventListener('vendor-coupon-applied', (event) => events.push((event as CustomEvent).detail));
    const input = await until(() => root.querySelector<HTMLInputElement>('.co__promo input'));
    byText(root, 'button', 'Apply')?.click();
    await until(() => root.textContent?.includes('Please insert coupon code'));
    expect(posts('/coupon')).toHaveLength(0);

    input.value = '  SAVE10 ';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    byText(root, 'button', 'Apply')?.click();
    await until(() => byText(root, 'span', 'APPLIED'));
    // With the billing form as `form` (spec §7; its contents: payment.browser.test.ts).
    expect(posts('/coupon')[0]?.body).toMatchObject({ code: 'SAVE10', type: 'apply', form: {} });
    expect(posts('/coupon')[0]?.headers.get('X-Cart-Token')).toBe('T'.repeat(43));
    expect(input.readOnly).toBe(true);
    expect(events).toEqual([{ code: 'SAVE10', type: 'percent', amount: 10 }]);

    root.querySelector<HTMLButtonElement>('[aria-label="Remove coupon"]')?.click();
    await until(() => byText(root, 'button', 'Apply'));
    expect(posts('/coupon')[1]?.body).toMatchObject({ code: 'SAVE10', type: 'remove', form: {} });
    expect(input.value).toBe('');
  });

  it('ignores an internal_server_error on the coupon call silently', async () => {
    routes['GET /cart'] = () => json(cartOf([line(downloadIds.links, 1)]));
    routes['POST /coupon'] = () => json({ code: 'internal_server_error', message: 'boom' }, 500);
    const { root } = await mount();
    const input = await until(() => root.querySelector<HTMLInputElement>('.co__promo input'));
    input.value = 'SAVE10';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    byText(root, 'button', 'Apply')?.click();
    await until(
      () => posts('/coupon').length === 1 && byText(root, 'button', 'Apply')?.dataset.state === 'idle',
    );
    expect(root.querySelector('.co__error')).toBeNull();
  });

  it('saves old_cart on upsell tick and restores the cart, coupon and licence key on untick', async () => {
    const renewal = line(downloadIds.documentation, 1, { is_renewal: true, license_key: 'abcdef0123456789' });
    const before = cartOf([renewal, line(downloadIds.links, 2)], 'SAVE10');
    routes['GET /cart'] = () => json(before);
    routes['POST /add-to-cart'] = (body) =>
      json(
        ((body?.products ?? []) as unknown[]).length === 1
          ? cartOf([line(downloadIds.agencyBundle, 1)], upsellCoupons.agencyBundle)
          : before,
      );
    const { root } = await mount();
    // The bundle offer, beside the higher tier of the links plugin.
    const bundle = await until(() =>
      [...root.querySelectorAll('.co__upsell label')].find((l) => l.textContent?.includes('Agency Bundle')),
    );
    bundle.querySelector('input')?.click();
    await until(() => root.querySelector<HTMLInputElement>('.co__upsell input')?.checked);
    await until(() => posts('/add-to-cart').length === 1 && !root.querySelector('[aria-busy="true"]'));
    expect(JSON.parse(localStorage.getItem('old_cart') ?? 'null')).toEqual({
      items: [
        { download_id: downloadIds.documentation, price_id: 1 },
        { download_id: downloadIds.links, price_id: 2 },
      ],
      coupon: 'SAVE10',
      licenseKey: 'abcdef0123456789',
    });
    expect(posts('/add-to-cart')[0]?.body).toEqual({
      products: [{ download_id: downloadIds.agencyBundle, price_id: 1 }],
      coupon: upsellCoupons.agencyBundle,
      action: 'replace',
    });
    root.querySelector<HTMLInputElement>('.co__upsell input')?.click();
    await until(() => localStorage.getItem('old_cart') === null);
    expect(posts('/add-to-cart')[1]?.body).toEqual({
      products: [
        { download_id: downloadIds.documentation, price_id: 1, license: 'abcdef0123456789' },
        { download_id: downloadIds.links, price_id: 2 },
      ],
      coupon: 'SAVE10',
      action: 'replace',
    });
  });

  it('offers the higher tier beside the bundle (Addons lifetime at $249.97) and ticks it with old_cart', async () => {
    const before = cartOf([line(downloadIds.addons, 3), line(downloadIds.links, 1)]);
    const lifetime = { ...line(downloadIds.addons, 4), subtotal: 249.97 };
    routes['GET /cart'] = () => json(before);
    routes['POST /add-to-cart'] = (body) =>
      json(
        JSON.stringify(body?.products).includes('"price_id":4')
          ? cartOf([lifetime, line(downloadIds.links, 1)], upsellCoupons.addonsLifetime)
          : before,
      );
    const { root } = await mount();
    await until(() => root.querySelectorAll('.co__upsell label').length === 2);
    const offers = [...root.querySelectorAll('.co__upsell label')].map((l) => l.textContent);
    expect(offers).toEqual([
      'Upgrade to Addons Plugin – Lifetime Unlimited for $249.97',
      'Upgrade to Agency Bundle – Agency Yearly for $399.00 worth $2600.00',
    ]);
    root.querySelector<HTMLInputElement>('.co__upsell input')?.click();
    await until(() => posts('/add-to-cart').length === 1 && !root.querySelector('[aria-busy="true"]'));
    expect(posts('/add-to-cart')[0]?.body).toEqual({
      products: [
        { download_id: downloadIds.addons, price_id: 4 },
        { download_id: downloadIds.links, price_id: 1 },
      ],
      coupon: upsellCoupons.addonsLifetime,
      action: 'replace',
    });
    expect(JSON.parse(localStorage.getItem('old_cart') ?? 'null')).toEqual({
      items: [
        { download_id: downloadIds.addons, price_id: 3 },
        { download_id: downloadIds.links, price_id: 1 },
      ],
    });
    await until(() =>
      root
        .querySelector('.co__upsell')
        ?.textContent?.includes('Upgraded to Addons Plugin – Lifetime Unlimited'),
    );
    root.querySelector<HTMLInputElement>('.co__upsell input:checked')?.click();
    await until(() => localStorage.getItem('old_cart') === null);
    expect(posts('/add-to-cart')[1]?.body).toEqual({
      products: [
        { download_id: downloadIds.addons, price_id: 3 },
        { download_id: downloadIds.links, price_id: 1 },
      ],
      action: 'replace',
    });
  });

  it('adds the AI add-on monthly, switches it to yearly with update, and removes it', async () => {
    let cart = cartOf([line(downloadIds.documentation, 1)]);
    routes['GET /cart'] = () => json(cart);
    routes['POST /add-to-cart'] = (body) => {
      cart =
        body?.action === 'remove'
          ? cartOf([line(downloadIds.documentation, 1)])
          : cartOf([line(downloadIds.documentation, 1), line(downloadIds.aiChatbot, Number(body?.price_id))]);
      return json(cart);
    };
    const { root } = await mount();
    const checkbox = await until(() =>
      root.querySelector<HTMLInputElement>('.co__extra input[type="checkbox"]'),
    );
    checkbox.click();
    await until(() => root.querySelectorAll('.co__lines > li').length === 2);
    expect(posts('/add-to-cart')[0]?.body).toEqual({
      download_id: downloadIds.aiChatbot,
      price_id: 1,
      action: 'add',
    });
    byText(root, 'label', 'Yearly $69.00')?.querySelector('input')?.click();
    await until(() => posts('/add-to-cart').length === 2);
    expect(posts('/add-to-cart')[1]?.body).toEqual({
      download_id: downloadIds.aiChatbot,
      price_id: 2,
      action: 'update',
    });
    await until(() => !root.querySelector('[aria-busy="true"]'));
    root.querySelector<HTMLInputElement>('.co__extra input[type="checkbox"]')?.click();
    await until(() => posts('/add-to-cart').length === 3);
    expect(posts('/add-to-cart')[2]?.body).toEqual({ action: 'remove', index: 1 });
  });

  it('splits the agency lifetime bundle with the coupon and reverts when switched off', async () => {
    routes['GET /cart'] = () => json(cartOf([line(downloadIds.agencyBundle, 2)], 'SAVE10'));
    routes['POST /add-to-cart'] = (body) => {
      const split = body?.splitPayment === true;
      const bundle = line(
        downloadIds.agencyBundle,
        Number(body?.price_id),
        split ? { recurring: { period: 'month', times: 6 } } : {},
      );
      return json(cartOf([bundle], 'SAVE10'));
    };
    const { root } = await mount();
    const toggle = await until(() =>
      [...root.querySelectorAll<HTMLLabelElement>('.co__check')].find((l) =>
        l.textContent?.includes('Split payment'),
      ),
    );
    toggle.querySelector('input')?.click();
    const six = await until(() =>
      [...root.querySelectorAll('label')].find((l) => l.textContent?.startsWith('6 months')),
    );
    expect(six.textContent).toBe('6 months × $166.50/month');
    six.querySelector('input')?.click();
    await until(() => posts('/add-to-cart').length === 1);
    expect(posts('/add-to-cart')[0]?.body).toEqual({
      download_id: downloadIds.agencyBundle,
      price_id: 4,
      splitPayment: true,
      coupon: 'SAVE10',
    });
    await until(() => !root.querySelector('[aria-busy="true"]'));
    root.querySelector<HTMLInputElement>('.co__extra .co__check input')?.click();
    await until(() => posts('/add-to-cart').length === 2);
    expect(posts('/add-to-cart')[1]?.body).toEqual({
      download_id: downloadIds.agencyBundle,
      price_id: 2,
      splitPayment: false,
      coupon: 'SAVE10',
    });
  });

  it('says what a split plan charges today and what follows, from the figures the server prices', async () => {
    const plan = {
      ...line(downloadIds.agencyBundle, 4, { recurring: { period: 'month', times: 6 } }),
      item_price: 166.5,
      subtotal: 166.5,
    };
    routes['GET /cart'] = () => json(cartOf([plan]));
    const { root } = await mount();
    const schedule = await until(() => root.querySelector('.co__schedule'));
    expect(schedule.textContent).toBe('$166.50 today, then 5 monthly payments of $166.50');
    expect(byText(root, 'button', 'Pay $166.50')).toBeDefined();
  });

  it('sums the order in its card: each line, the discount, what is due today and what a yearly line renews at', async () => {
    // Addons 1 site yearly ($49.97) with $5 off, and the Documentation plugin lifetime ($299).
    const yearly = { ...line(downloadIds.addons, 1), discount: 5, subtotal: 44.97 };
    const lifetime = line(downloadIds.documentation, 3);
    routes['GET /cart'] = () =>
      json({
        ...cartOf([yearly, lifetime], 'SAVE5'),
        subtotal: 348.97,
        total: 343.97,
        discounted_amount: 5,
        has_discounts: true,
      });
    const { root } = await mount();
    const card = await until(() => root.querySelector<HTMLElement>('.co__summary'));
    const figures = [...card.querySelectorAll('.co__figure')].map((figure) => [
      figure.querySelector('dt')?.textContent,
      figure.querySelector('dd')?.textContent,
    ]);
    expect(card.querySelector('h2')?.textContent).toBe('Order summary');
    expect(figures).toEqual([
      ['Addons Plugin1 Site', '$49.97'],
      ['Documentation PluginLifetime Unlimited', '$299.00'],
      ['Subtotal', '$348.97'],
      ['Discount', '-$5.00'],
      ['Due today', '$343.97'],
      ['Then', '$49.97 a year for Addons Plugin'],
    ]);
    expect(byText(root, 'button', 'Pay $343.97')).toBeDefined();
  });

  it('keeps a following line’s label whole beside a long sentence in a narrow column', async () => {
    // Seen at 320 px: 'Then' broke into 'The' / 'n' beside '$49.97 a year for Addons Plugin'.
    routes['GET /cart'] = () => json(cartOf([line(downloadIds.addons, 1)]));
    const { element, root } = await mount();
    (element.parentElement as HTMLElement).style.width = '280px';
    const card = await until(() => root.querySelector<HTMLElement>('.co__summary'));
    const label = (text: string) =>
      [...card.querySelectorAll<HTMLElement>('dt')].find((dt) => dt.textContent === text) as HTMLElement;
    const then = await until(() => label('Then'));
    expect(then.getBoundingClientRect().height).toBe(label('Subtotal').getBoundingClientRect().height);
    expect(then.scrollWidth).toBeLessThanOrEqual(then.clientWidth);
  });

  it('renews from the /checkout query (price_id 1 by default) and clears the query', async () => {
    history.replaceState(
      null,
      '',
      `${location.pathname}?action=renew&license=abcdef0123456789&download_id=1677666&keep=1`,
    );
    routes['POST /add-to-cart'] = () =>
      json(cartOf([line(downloadIds.blocks, 1, { is_renewal: true, license_key: 'abcdef0123456789' })]));
    const { root } = await mount();
    await until(() => root.querySelector('[part="cart"]'));
    expect(posts('/add-to-cart')[0]?.body).toEqual({
      action: 'renew',
      license: 'abcdef0123456789',
      download_id: downloadIds.blocks,
      price_id: 1,
    });
    expect(location.search).toBe('?keep=1');
    expect(root.textContent).toContain('Renewal');
    expect(sent.filter((s) => s.path === '/cart')).toHaveLength(0);
  });

  it("shows the server's message above the grid when a renewal link names an unknown key", async () => {
    history.replaceState(
      null,
      '',
      `${location.pathname}?action=renew&license=0000000000000000&download_id=1677666`,
    );
    routes['POST /add-to-cart'] = () =>
      json(
        { status: 'not_found', code: 'not_found', message: 'No licence found for this key.', data: null },
        404,
      );
    const { root } = await mount();
    await until(() => root.querySelector('[part="product"]'));
    const notice = root.querySelector('[role="alert"]');
    expect(notice?.textContent).toBe('No licence found for this key.');
    // Above the grid: the message comes first, then the empty cart's heading and products.
    const heading = root.querySelector('h2');
    expect(
      notice && heading && notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(location.search).toBe('');
  });

  it('keeps a renewal link that failed on a 500 for Try again, which sends it again', async () => {
    history.replaceState(
      null,
      '',
      `${location.pathname}?action=renew&license=abcdef0123456789&download_id=1677666`,
    );
    let failing = true;
    routes['POST /add-to-cart'] = () =>
      failing
        ? json(
            { status: 'internal_server_error', code: 'internal_server_error', message: 'x', data: null },
            500,
          )
        : json(cartOf([line(downloadIds.blocks, 1, { is_renewal: true, license_key: 'abcdef0123456789' })]));
    const { root } = await mount();
    await until(() => byText(root, 'button', 'Try again'));
    expect(root.textContent).toContain('Something went wrong, please try again later.');
    expect(location.search).toBe('');
    failing = false;
    byText(root, 'button', 'Try again')?.click();
    await until(() => root.querySelector('[part="cart"]'));
    expect(root.textContent).toContain('Renewal');
    expect(posts('/add-to-cart').map((post) => post.body)).toEqual([
      { action: 'renew', license: 'abcdef0123456789', download_id: downloadIds.blocks, price_id: 1 },
      { action: 'renew', license: 'abcdef0123456789', download_id: downloadIds.blocks, price_id: 1 },
    ]);
  });

  it("shows the server's message when a direct add names an unknown product, and drops it on the next change", async () => {
    history.replaceState(null, '', `${location.pathname}?download_id=999999&price_id=1`);
    routes['POST /add-to-cart'] = (body) =>
      body?.download_id === 999999
        ? json(
            {
              status: 'validation_error',
              code: 'validation_error',
              message: 'This product or price is not available.',
              data: { fields: { price_id: 'This product or price is not available.' } },
            },
            400,
          )
        : json(cartOf([line(Number(body?.download_id), Number(body?.price_id))]));
    const { root } = await mount();
    const notice = await until(() => root.querySelector('.co__notice'));
    expect(notice.textContent).toBe('This product or price is not available.');
    expect(root.querySelector('[part="product"]')).not.toBeNull();
    byText(root.querySelector('[part="product"]') as HTMLElement, 'button', 'Add to Cart')?.click();
    await until(() => root.querySelector('[part="cart"]'));
    expect(root.querySelector('.co__notice')).toBeNull();
  });

  it("shows the server's message above the cart when its download-id product cannot be added", async () => {
    routes['GET /cart'] = () => json(cartOf([line(downloadIds.links, 1)]));
    routes['POST /add-to-cart'] = () =>
      json({ code: 'validation_error', message: 'This product or price is not available.' }, 400);
    const { root } = await mount('download-id="999999"');
    await until(() => root.querySelector('[part="cart"]'));
    expect(root.querySelector('.co__notice')?.textContent).toBe('This product or price is not available.');
  });

  it('fails the load with Try again when the server cannot add its download-id product (a 500 is no refusal)', async () => {
    routes['GET /cart'] = () => json(cartOf([]));
    let fail = true;
    routes['POST /add-to-cart'] = (body) =>
      fail
        ? json({ code: 'internal_server_error', message: 'boom', data: { status: 500 } }, 500)
        : json(cartOf([line(Number(body?.download_id), Number(body?.price_id))]));
    const { root } = await mount('download-id="4372" price-id="1"');
    const failure = await until(() => root.querySelector('[part~="load-failure"]'));
    expect(failure.querySelector('[role="alert"]')?.textContent).toBe(
      'Something went wrong, please try again later.',
    );
    expect(root.querySelector('.co__notice')).toBeNull();
    fail = false;
    byText(failure as HTMLElement, 'button', 'Try again')?.click();
    await until(() => root.querySelector('[part="cart"]'));
  });

  it('adds its download-id product only when the cart lacks it, and emits vendor-cart-changed', async () => {
    routes['POST /add-to-cart'] = (body) =>
      json(cartOf([line(Number(body?.download_id), Number(body?.price_id))]));
    const events: unknown[] = [];
    document.addEventListener('vendor-cart-changed', (event) => events.push((event as CustomEvent).detail), {
      once: true,
    });
    const { root } = await mount('download-id="4372" price-id="3"');
    await until(() => root.querySelector('[part="cart"]') && events.length > 0);
    expect(posts('/add-to-cart').map((s) => s.body)).toEqual([{ download_id: 4372, price_id: 3 }]);
    expect(events).toEqual([
      { items: [{ download_id: 4372, price_id: 3, name: 'Addons Plugin', subtotal: 99.97 }], total: 99.97 },
    ]);
  });

  it('passes axe in light and dark, on the cart page and the empty page', async () => {
    routes['GET /cart'] = () =>
      json(cartOf([line(downloadIds.documentation, 1), line(downloadIds.agencyBundle, 2)]));
    const { element, root } = await mount();
    await until(() => root.querySelector('[part="cart"]'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    routes['GET /cart'] = () => json(cartOf([]));
    const empty = await mount('theme="dark"');
    await until(() => empty.root.querySelector('[part="product"]'));
    await expectNoAxeViolations(empty.element);
  });
});

describe('<vendor-checkout> header', () => {
  const manager = sessionUser('SHOP_MANAGER', 'Morgan Manager', { id: 9, is_customer: false });
  const customer = sessionUser('CUSTOMER', 'Casey Customer', {
    id: 2,
    switched_user: true,
    switch_back_to: {
      user_id: 9,
      display_name: 'Morgan Manager',
      first_name: 'Morgan',
      last_name: 'Manager',
    },
  });

  it("switches back as the portal does: the manager's session, then the portal's dashboard", async () => {
    session.setToken('customer-token');
    routes['GET /profile'] = () => json(customer);
    routes['POST /user-switch'] = () =>
      json({
        token: 'manager-token',
        accountType: 'SHOP_MANAGER',
        redirect: false,
        redirect_to: null,
        user: manager,
      });
    const events: string[] = [];
    const onNavigate = (event: Event) => {
      events.push(`navigate ${(event as CustomEvent<{ path: string }>).detail.path}`);
      event.preventDefault();
    };
    const onSwitchBack = () => events.push('switch-back');
    document.addEventListener('vendor-navigate', onNavigate);
    document.addEventListener('vendor-switch-back', onSwitchBack);
    try {
      const { root } = await mount('portal-url="https://portal.example.com"');
      await until(() => root.textContent?.includes('Your are logged in as:'));
      byText(root, 'button', 'Casey Customer')?.click();
      (await until(() => byText(root, 'button', 'Switch Back'))).click();
      await until(() => events.length === 2);
      expect(posts('/user-switch')[0]?.body).toEqual({ user_id: 9, switch_back: true });
      expect(events).toEqual(['switch-back', 'navigate https://portal.example.com/user/dashboard']);
      expect(session.$token.get()).toBe('manager-token');
      expect(root.textContent).not.toContain('Your are logged in as:');
      expect(byText(root, 'button', 'Morgan Manager')).toBeDefined();
    } finally {
      document.removeEventListener('vendor-navigate', onNavigate);
      document.removeEventListener('vendor-switch-back', onSwitchBack);
    }
  });

  it('opens the account menu as a popover under its button; Escape closes it and focus goes back', async () => {
    session.setToken('customer-token');
    routes['GET /profile'] = () => json(customer);
    const { root } = await mount();
    const button = await until(() => byText(root, 'button', 'Casey Customer'));
    const menu = root.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(menu.matches(':popover-open')).toBe(false);
    await userEvent.click(button);
    await until(() => button.getAttribute('aria-expanded') === 'true');
    expect(menu.matches(':popover-open')).toBe(true);
    expect(menu.getBoundingClientRect().top).toBeGreaterThanOrEqual(button.getBoundingClientRect().bottom);
    expect(byText(menu, 'button', 'Switch Back')).toBeDefined();
    await userEvent.tab();
    expect(deepActiveElement()?.textContent).toBe('Profile');
    await userEvent.keyboard('{Escape}');
    await until(() => button.getAttribute('aria-expanded') === 'false');
    expect(menu.matches(':popover-open')).toBe(false);
    expect(deepActiveElement()).toBe(button);
  });

  it('says why when the server refuses to switch back, and stays', async () => {
    session.setToken('customer-token');
    routes['GET /profile'] = () => json(customer);
    routes['POST /user-switch'] = () => json({ code: 'forbidden', message: 'Unable to switch account' }, 403);
    const { root } = await mount();
    await until(() => root.textContent?.includes('Your are logged in as:'));
    byText(root, 'button', 'Casey Customer')?.click();
    (await until(() => byText(root, 'button', 'Switch Back'))).click();
    const alert = await until(() => root.querySelector('.co__menu [role="alert"]'));
    expect(alert.textContent).toBe('Unable to switch account');
    expect(session.$token.get()).toBe('customer-token');
  });
});
