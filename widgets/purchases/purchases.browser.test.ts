import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { clearToasts } from '../../shared/stores/toasts';
import {
  countries,
  emptyInvoiceData,
  invoiceData,
  purchases,
  statesByCountry,
} from '../../test/fixtures/purchases';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, linkByText, shadow, tableRows, typeInto, until } from '../../test/helpers/dom';
import {
  type Handler,
  json,
  nextApiBase,
  type RecordedRequest,
  stubApi,
} from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;
let saved: HTMLAnchorElement[];

beforeEach(() => {
  session.setToken('token-abc');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  saved = [];
  // Saving a file clicks a temporary link: record it instead of letting the test browser download.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this);
  });
});
afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
  clearToasts();
  session.signOut();
});

const geoRoutes: Record<string, Handler> = {
  'GET /countries': () => json(countries),
  'GET /states': (r) => json(statesByCountry[r.query.get('country') ?? ''] ?? []),
};

const pdf = (number: string) =>
  new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="Invoice-${number}.pdf"`,
    },
  });

async function mount(attributes: string, routes: Record<string, Handler>) {
  const requests = stubApi(fetchSpy, { ...geoRoutes, ...routes });
  const element = await fixture<HTMLElement>(
    `<vendor-purchases api-base="${nextApiBase('purchases')}" ${attributes}></vendor-purchases>`,
  );
  return { element, root: shadow(element), requests };
}

const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));

function findField(root: ShadowRoot, label: string): HTMLInputElement | null {
  const found = [...root.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(' *', '').trim() === label,
  );
  return found ? (root.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
}
function fieldByLabel(root: ShadowRoot, label: string): HTMLInputElement {
  const control = findField(root, label);
  if (!control) throw new Error(`no field ${label}`);
  return control;
}
/** Waits until the field shows `value` (the form and its selects fill in as their data arrives). */
const fieldShows = (root: ShadowRoot, label: string, value: string) =>
  until(() => findField(root, label)?.value === value);
/** A plain click that the page's handlers see (HTMLAnchorElement.click is stubbed above). */
const press = (link: HTMLAnchorElement) =>
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0 }));
const errorOf = (root: ShadowRoot, label: string) => {
  const ids = findField(root, label)?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join('');
};

/** Picks an option of a searchable select by typing and Enter, as a keyboard user does. */
async function choose(root: ShadowRoot, label: string, text: string) {
  const input = fieldByLabel(root, label);
  input.focus();
  typeInto(input, text);
  await until(() => root.querySelector('[role="option"]'));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await rendered();
}

const posted = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('<vendor-purchases> history', () => {
  it('shows skeleton rows, then ID, Date, Amount, Status, Invoice and License Key', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root, requests } = await mount('', {
      'GET /history': async () => {
        await gate;
        return json(purchases);
      },
    });
    await until(() => root.querySelector('[data-skeleton]'));
    release();
    await until(() => root.textContent?.includes('#1003'));
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'ID',
      'Date',
      'Amount',
      'Status',
      'Invoice',
      'License Key',
    ]);
    expect(tableRows(root)).toEqual([
      // Issue 23: a purchase is named by its order number, not its database id.
      ['#1003', 'October 21, 2026', '$399.00', 'complete', 'Generate Invoice', 'View Licenses'],
      ['#1005', 'September 20, 2026', '$49.00', 'refunded', '—No invoice', 'View Licenses'],
      ['#1002', 'August 12, 2026', '$299.00', 'complete', 'Generate Invoice', 'View Licenses'],
    ]);
    expect(linkByText(root, 'Generate Invoice')?.getAttribute('aria-label')).toBe(
      'Generate Invoice for Order #1003',
    );
    const links = [...root.querySelectorAll('tbody a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'generate-invoice/103',
      'manage-license/103',
      'manage-license/105',
      'generate-invoice/102',
      'manage-license/102',
    ]);
    expect(requests.filter((r) => r.path === '/history')).toHaveLength(1);
  });

  it("shows 'There have no available Purchase.' when there are none", async () => {
    const { root } = await mount('', { 'GET /history': () => json([]) });
    await until(() => root.textContent?.includes('There have no available Purchase.'));
  });

  it('announces Generate Invoice with vendor-navigate; a host that cancels it routes it itself', async () => {
    const { root, element } = await mount('', { 'GET /history': () => json(purchases) });
    const paths: string[] = [];
    element.addEventListener('vendor-navigate', (event) => {
      paths.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    });
    press(await until(() => linkByText(root, 'Generate Invoice')));
    expect(paths).toEqual([new URL('generate-invoice/103', location.href).pathname]);
    await rendered();
    expect(root.textContent).toContain('Purchase History');
    expect(root.querySelector('form')).toBeNull();
  });

  it('switches to the invoice form in place when nobody routes it, and back', async () => {
    const { root, requests } = await mount('', {
      'GET /history': () => json(purchases),
      'GET /invoice': () => json(invoiceData),
    });
    press(await until(() => linkByText(root, 'Generate Invoice')));
    await until(() => root.querySelector('form'));
    expect(requests.find((r) => r.path === '/invoice')?.query.get('payment_id')).toBe('103');
    const back = linkByText(root, '← Back to Purchase History') as HTMLAnchorElement;
    expect(back.getAttribute('href')).toBe('/user/purchase-history');
    press(back);
    await until(() => root.textContent?.includes('#1005'));
    // The history was kept: not asked for again.
    expect(requests.filter((r) => r.path === '/history')).toHaveLength(1);
  });
});

describe('<vendor-purchases view="invoice">', () => {
  it('shows a skeleton, then the form prefilled from the invoice data', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': async () => {
        await gate;
        return json(invoiceData);
      },
    });
    await until(() => root.querySelector('.purchases__skeleton'));
    release();
    await until(() => root.querySelector('form'));
    expect(fieldByLabel(root, 'Billing name').value).toBe('Casey Customer');
    expect(fieldByLabel(root, 'Email').value).toBe('customer@example.com');
    await fieldShows(root, 'Country', 'United States');
    await fieldShows(root, 'State / Province', 'California');
    expect(fieldByLabel(root, 'Address line 1').value).toBe('12 Harbour Street');
    expect(fieldByLabel(root, 'Zip / Postal code').value).toBe('94105');
  });

  it('shows every required message of spec §5 and sends nothing', async () => {
    const { root, requests } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(emptyInvoiceData),
    });
    await until(() => root.querySelector('form'));
    expect(fieldByLabel(root, 'State / Province').disabled).toBe(true);
    buttonByText(root, 'Generate')?.click();
    await until(() => errorOf(root, 'Billing name'));
    expect(errorOf(root, 'Billing name')).toBe('Please insert billing name');
    expect(errorOf(root, 'Email')).toBe('Please insert email');
    expect(errorOf(root, 'Country')).toBe('Country is required');
    expect(errorOf(root, 'Address line 1')).toBe('Please insert billing address');
    expect(errorOf(root, 'City')).toBe('Please insert city');
    expect(errorOf(root, 'Zip / Postal code')).toBe('Please insert zip/postal code');
    expect(posted(requests)).toHaveLength(0);
    // Focus goes to the first field with a message.
    await until(() => root.activeElement === fieldByLabel(root, 'Billing name'));
  });

  it('shows the length and format messages', async () => {
    const { root } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(invoiceData),
    });
    await until(() => root.querySelector('form'));
    typeInto(fieldByLabel(root, 'Billing name'), 'n'.repeat(101));
    typeInto(fieldByLabel(root, 'Email'), 'not-an-email');
    typeInto(fieldByLabel(root, 'Address line 1'), 'a'.repeat(256));
    typeInto(fieldByLabel(root, 'Address line 2'), 'a'.repeat(256));
    typeInto(fieldByLabel(root, 'City'), 'c'.repeat(61));
    typeInto(fieldByLabel(root, 'Zip / Postal code'), 'z'.repeat(25));
    await rendered();
    buttonByText(root, 'Generate')?.click();
    await until(() => errorOf(root, 'Billing name'));
    expect(errorOf(root, 'Billing name')).toBe('Billing name should not be more than 100 characters');
    expect(errorOf(root, 'Email')).toBe('Please enter a valid email');
    expect(errorOf(root, 'Address line 1')).toBe('Billing address should not be more than 255 characters');
    expect(errorOf(root, 'Address line 2')).toBe(
      'Billing address line 2 should not be more than 255 characters',
    );
    expect(errorOf(root, 'City')).toBe('City should not be more than 60 characters');
    expect(errorOf(root, 'Zip / Postal code')).toBe('Zip/postal code should not be more than 24 characters');
    // Fixing a field clears its message.
    typeInto(fieldByLabel(root, 'City'), 'Berlin');
    await until(() => errorOf(root, 'City') === '');
  });

  it("changing the country clears the state, which is then required: 'Please select state'", async () => {
    const { root } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(invoiceData),
    });
    await fieldShows(root, 'State / Province', 'California');
    await choose(root, 'Country', 'Germ');
    await fieldShows(root, 'Country', 'Germany');
    expect(fieldByLabel(root, 'State / Province').value).toBe('');
    await until(() => !fieldByLabel(root, 'State / Province').disabled);
    buttonByText(root, 'Generate')?.click();
    await until(() => errorOf(root, 'State / Province') === 'Please select state');
    await choose(root, 'State / Province', 'Bav');
    await fieldShows(root, 'State / Province', 'Bavaria');
  });

  it('generates: sends the fields with payment_id, shows the loading state and saves Invoice-{number}.pdf', async () => {
    let answer = (_: Response) => {};
    const { root, element, requests } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(invoiceData),
      'POST /invoice': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const generated: CustomEvent[] = [];
    element.addEventListener('vendor-invoice-generated', (e) => generated.push(e as CustomEvent));
    await fieldShows(root, 'State / Province', 'California');
    typeInto(fieldByLabel(root, 'Tax / VAT number'), 'EU123456789');
    typeInto(fieldByLabel(root, 'Notes'), 'PO 4471');
    await rendered();
    const generate = buttonByText(root, 'Generate') as HTMLButtonElement;
    generate.click();
    await until(() => generate.getAttribute('aria-busy') === 'true');
    expect(generate.textContent).toBe('Generating...');
    generate.click();
    answer(pdf('000042'));
    await until(() => saved.length === 1);
    expect(saved[0]?.download).toBe('Invoice-000042.pdf');
    expect(posted(requests)).toHaveLength(1);
    expect(posted(requests)[0]?.body).toEqual({
      ...invoiceData,
      number: undefined,
      order_number: undefined,
      vat: 'EU123456789',
      notes: 'PO 4471',
      payment_id: 103,
    });
    expect(generated.map((e) => e.detail)).toEqual([{ paymentId: 103, filename: 'Invoice-000042.pdf' }]);
    // The invoice names its own number and the order's.
    await until(() => root.textContent?.includes('Order #1003 · Invoice 000042'));
  });

  it('shows the server field messages under their fields', async () => {
    const { root } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(invoiceData),
      'POST /invoice': () =>
        json(
          {
            code: 'validation_error',
            status: 'validation_error',
            message: 'Please select state',
            data: { fields: { state: 'Please select state' } },
          },
          400,
        ),
    });
    await fieldShows(root, 'State / Province', 'California');
    buttonByText(root, 'Generate')?.click();
    await until(() => errorOf(root, 'State / Province') === 'Please select state');
    expect(saved).toHaveLength(0);
  });

  it("'Failed to get invoice data' when the data cannot be loaded, and when generating fails", async () => {
    const failing = await mount('view="invoice" payment-id="105"', {
      'GET /invoice': () =>
        json({ code: 'invoice_unavailable', message: 'A refunded purchase has no invoice.' }, 409),
    });
    await until(() => failing.root.querySelector('[role="alert"]'));
    expect(failing.root.querySelector('[role="alert"]')?.textContent).toBe('Failed to get invoice data');
    fixtureCleanup();

    // Generating: a 500 says spec §8's text for it, another failure the call's own; a JSON body where
    // the PDF should be is no invoice.
    const answers = [
      () => json({ code: 'internal_server_error', message: 'x' }, 500),
      () => json({ code: 'service_unavailable', message: 'x' }, 503),
      () => json({ unexpected: true }),
    ];
    const texts = [
      'Something went wrong, please try again later.',
      'Failed to get invoice data',
      'Failed to get invoice data',
    ];
    for (const [index, answer] of answers.entries()) {
      clearToasts();
      const { root } = await mount('view="invoice" payment-id="103"', {
        'GET /invoice': () => json(invoiceData),
        'POST /invoice': answer,
      });
      await fieldShows(root, 'State / Province', 'California');
      buttonByText(root, 'Generate')?.click();
      await until(() => root.querySelector('.ui-toasts')?.textContent?.includes(texts[index] ?? '?'));
      expect(saved).toHaveLength(0);
      fixtureCleanup();
    }
  });

  it("'Unable to get countries, please try again' when the countries fail", async () => {
    const { root } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(invoiceData),
      'GET /countries': () => json({ code: 'service_unavailable' }, 503),
    });
    await until(
      () =>
        root.querySelector('[part~="load-failure"] [role="alert"]')?.textContent ===
        'Unable to get countries, please try again',
    );
  });

  it('has no axe violations, light and dark, for the history and the form with messages', async () => {
    const history = await mount('', { 'GET /history': () => json(purchases) });
    await until(() => history.root.textContent?.includes('#1003'));
    await expectNoAxeViolations(history.element);
    history.element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(history.element);
    fixtureCleanup();

    const { root, element } = await mount('view="invoice" payment-id="103"', {
      'GET /invoice': () => json(emptyInvoiceData),
    });
    await until(() => root.querySelector('form'));
    buttonByText(root, 'Generate')?.click();
    await until(() => errorOf(root, 'City'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });
});
