import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { paymentInfo } from '../../test/fixtures/payment-info';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import { json, notFound, type RecordedRequest, recordFetch } from '../../test/helpers/fetch-stub';
import './define';

let sent: RecordedRequest[] = [];
let confirmation: () => Response;

let apiCounter = 0;
async function mount(attributes: string): Promise<{ element: HTMLElement; root: ShadowRoot }> {
  apiCounter += 1;
  const container = document.createElement('div');
  container.innerHTML = `<vendor-payment-result api-base="/result-fixture-${apiCounter}/api/v1" portal-url="https://portal.example.test" ${attributes}></vendor-payment-result>`;
  const host = await fixture<HTMLElement>(html`${container}`);
  const element = host.querySelector('vendor-payment-result') as HTMLElement;
  if (!element.shadowRoot) throw new Error('no shadow root');
  return { element, root: element.shadowRoot };
}

/** The receipt waits for the payment's confirmation (the element polls): more than the helper's default. */
const untilShown = <T>(probe: () => T | null | undefined | false) => until(probe, 6000);

const text = (root: ShadowRoot) =>
  [...root.children]
    .map((n) => (n instanceof HTMLElement && n.tagName !== 'STYLE' ? n.innerText : ''))
    .join('\n');

beforeEach(() => {
  localStorage.clear();
  confirmation = () => json(paymentInfo());
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), ({ path }) => {
    if (path === '/confirmation') return confirmation();
    if (path === '/affiliate-info') return json({ recorded: true });
    return notFound();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  fixtureCleanup();
  session.signOut();
  // biome-ignore lint/suspicious/noDocumentCookie: the test page's affiliate cookie, set by the test.
  document.cookie = 'affwp_ref=; max-age=0; path=/';
  // biome-ignore lint/suspicious/noDocumentCookie: the visit cookie, set by the test.
  document.cookie = 'affwp_ref_visit_id=; max-age=0; path=/';
});

describe('<vendor-payment-result>', () => {
  it('thanks, waits for the data, then shows the receipt; fires vendor-purchase-completed; sends affiliate info', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the referral cookie the affiliate info reads.
    document.cookie = 'affwp_ref=7; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the visit the landing recorded: only then is it sent.
    document.cookie = 'affwp_ref_visit_id=31; path=/';
    const { element, root } = await mount('view="success" query="?session_id=cs_test_1"');
    const events: CustomEvent[] = [];
    element.addEventListener('vendor-purchase-completed', (event) => events.push(event as CustomEvent));
    expect(text(root)).toContain('Thank you for your purchase!');
    expect(text(root)).toContain('Please wait, we are getting your subscription data.');
    expect(text(root)).toContain('Login to Dashboard');
    // Which account the purchase went to is not known yet: no claim about mailed credentials.
    expect(text(root)).not.toContain('login credentials');
    expect(sent).toHaveLength(0);
    await untilShown(() => text(root).includes('0123456789abcdef0123456789abcdef'));
    expect(sent[0]?.path).toBe('/confirmation');
    expect(sent[0]?.body).toEqual({ session_id: 'cs_test_1' });
    expect(text(root)).not.toContain('Please wait, we are getting your subscription data.');
    expect(text(root)).toContain('ada@example.com');
    expect(text(root)).toContain('Your login credentials have been sent to ada@example.com');
    expect(text(root)).toContain('blocks-plugin');
    expect(text(root)).toContain('$49.00');
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toEqual({
      payment_id: 42,
      total: 49,
      items: [{ name: 'Blocks - 1 Site', sku: 'blocks-plugin', price: 49 }],
    });
    await untilShown(() => sent.some((s) => s.path === '/affiliate-info'));
    // A guest has no session: the payment's proof goes along.
    expect(sent.find((s) => s.path === '/affiliate-info')?.body).toMatchObject({
      payment_id: 42,
      affwp_ref: '7',
      session_id: 'cs_test_1',
    });
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });

  it('a guest whose address already had an account is told so, not that credentials were mailed', async () => {
    confirmation = () => json(paymentInfo({ new_account: false }));
    const { element, root } = await mount('query="?session_id=cs_test_2"');
    await untilShown(() => text(root).includes('Blocks - 1 Site'));
    expect(text(root)).not.toContain('login credentials');
    expect(text(root)).toContain(
      'An account with ada@example.com already exists, and this purchase was added to it. Sign in with that account; the receipt was sent to ada@example.com.',
    );
    expect(text(root)).toContain('Login to Dashboard');
    await expectNoAxeViolations(element);
  });

  it('a signed-in buyer gets Go to Dashboard and no mailed-credentials sentence', async () => {
    session.setToken('token-1');
    const { root } = await mount('query="?edd_confirm=manual&payment_id=42"');
    await untilShown(() => text(root).includes('Blocks - 1 Site'));
    expect(sent[0]?.body).toEqual({ paymentId: '42' });
    expect(text(root)).toContain('Go to Dashboard');
    expect(text(root)).not.toContain('login credentials');
    const link = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Go to Dashboard');
    expect(link?.getAttribute('href')).toBe('https://portal.example.test/user/dashboard');
  });

  it('an instalment plan says what was charged today, what follows and how many of its payments are billed', async () => {
    confirmation = () =>
      json(
        paymentInfo({
          subtotal: 166.5,
          total: 166.5,
          subscriptions: [
            {
              name: 'Agency Bundle',
              amount: 166.5,
              frequency: 'month',
              renewal_date: '2026-12-23T15:04:00.000Z',
              initial_amount: 166.5,
              times_billed: 1,
              bill_times: 6,
              status: 'active',
            },
          ],
        }),
      );
    const { root } = await mount('view="success" query="?session_id=cs_test_plan"');
    await untilShown(() => text(root).includes('Times Billed'));
    const facts = [...root.querySelectorAll('.pr__facts div')].map((row) => (row as HTMLElement).innerText);
    expect(facts).toContain('Payments\n$166.50 today, then 5 monthly payments of $166.50');
    expect(facts).toContain('Times Billed\n1 of 6');
  });

  it('the failed page: the spec text and Browse Products', async () => {
    const { element, root } = await mount('view="failed"');
    expect(text(root)).toContain(
      'Payment Failed — Your transaction could not be processed. Please check your payment information and try again.',
    );
    const link = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Browse Products');
    expect(link?.getAttribute('href')).toBe('https://portal.example.test/checkout');
    expect(sent).toHaveLength(0);
    await expectNoAxeViolations(element);
  });

  it('a query that names no payment says to contact support', async () => {
    const { root } = await mount('query="?nothing=1"');
    await untilShown(() =>
      text(root).includes('Failed to get payment confirmation data, please contact support.'),
    );
    expect(sent).toHaveLength(0);
  });
});
