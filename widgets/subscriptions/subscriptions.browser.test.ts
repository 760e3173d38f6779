import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { clearToasts } from '../../shared/stores/toasts';
import { activeSubscription, cancelledSubscription, subscriptions } from '../../test/fixtures/purchases';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, shadow, tableRows, until } from '../../test/helpers/dom';
import { type Handler, json, nextApiBase, stubApi } from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  session.setToken('token-abc');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
  clearToasts();
  session.signOut();
});

async function mount(routes: Record<string, Handler>) {
  const requests = stubApi(fetchSpy, routes);
  const element = await fixture<HTMLElement>(
    `<vendor-subscriptions api-base="${nextApiBase('subscriptions')}"></vendor-subscriptions>`,
  );
  return { element, root: shadow(element), requests };
}

const question = 'Are you sure you want to cancel/reactivate subscription?';
const dialog = (root: ShadowRoot) => root.querySelector<HTMLElement>('[role="alertdialog"]');
const toastText = (root: ShadowRoot) => root.querySelector('.ui-toasts')?.textContent ?? '';

describe('<vendor-subscriptions>', () => {
  it('shows skeleton rows, then the table of spec §2 with one request', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root, requests } = await mount({
      'GET /subscriptions': async () => {
        await gate;
        return json(subscriptions);
      },
    });
    await until(() => root.querySelector('[data-skeleton]'));
    release();
    await until(() => root.textContent?.includes('Agency Bundle'));
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Subscription',
      'Status',
      'Renewal Date',
      'Initial Amount',
      'Actions',
    ]);
    expect(tableRows(root)).toEqual([
      ['Agency BundleAgency Yearly$399.00 / year', 'active', 'October 21, 2027', '$399.00', 'Cancel'],
      ['Addons Plugin1 Site$49.97 / year', 'cancelled', 'May 4, 2099', '$49.97', 'Reactivate'],
      ['Blocks Plugin1 Site$49.97 / year', 'expired', 'January 2, 2024', '$49.97', '—'],
    ]);
    expect(root.querySelector('.ui-badge')?.getAttribute('data-tone')).toBe('success');
    expect(requests.filter((r) => r.path === '/subscriptions')).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
  });

  it("offers 'Update card' on a failing subscription and says a PayPal one renews by link", async () => {
    const { root } = await mount({
      'GET /subscriptions': () =>
        json([
          { ...activeSubscription, ID: 11, status: 'failing', renews_by: 'card' },
          { ...activeSubscription, ID: 12, name: 'Links Plugin', renews_by: 'link' },
        ]),
    });
    await until(() => root.textContent?.includes('Links Plugin'));
    const [failing, byLink] = tableRows(root);
    expect(failing?.slice(1)).toEqual(['failing', 'October 21, 2027', '$399.00', 'Update card']);
    const update = root.querySelector<HTMLAnchorElement>('a.subscriptions__update-card');
    expect(update?.getAttribute('href')).toBe('/user/profile?tab=billing');
    expect(byLink?.[2]).toBe('October 21, 2027Renews by link');
  });

  it("shows 'Sorry, you have no subscriptions.' when there are none", async () => {
    const { root } = await mount({ 'GET /subscriptions': () => json([]) });
    await until(() => root.textContent?.includes('Sorry, you have no subscriptions.'));
  });

  it('cancels through the confirm modal: No changes nothing, Yes sends {id, type} and toasts', async () => {
    const { root, element, requests } = await mount({
      'GET /subscriptions': () => json(subscriptions),
      'POST /subscriptions': () => json({ subscription: { ...activeSubscription, status: 'cancelled' } }),
    });
    const updated: CustomEvent[] = [];
    element.addEventListener('vendor-subscription-updated', (e) => updated.push(e as CustomEvent));
    const cancel = await until(() => buttonByText(root, 'Cancel'));
    cancel.click();
    const modal = await until(() => dialog(root));
    expect(modal.textContent).toContain(question);
    // Focus starts on No, the choice that changes nothing.
    await until(() => root.activeElement?.textContent === 'No');
    buttonByText(modal, 'No')?.click();
    await until(() => !dialog(root));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    cancel.click();
    buttonByText(await until(() => dialog(root)), 'Yes')?.click();
    await until(() => toastText(root).includes('Subscription canceled successfully'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ id: 7, type: 'cancel' });
    await until(() => !dialog(root));
    expect(tableRows(root)[0]?.[1]).toBe('cancelled');
    expect(updated.map((e) => e.detail)).toEqual([{ id: 7, type: 'cancel', status: 'cancelled' }]);
  });

  it('reactivates a cancelled one through the same modal', async () => {
    const { root, requests } = await mount({
      'GET /subscriptions': () => json([cancelledSubscription]),
      'POST /subscriptions': () => json({ subscription: { ...cancelledSubscription, status: 'active' } }),
    });
    (await until(() => buttonByText(root, 'Reactivate'))).click();
    expect((await until(() => dialog(root))).textContent).toContain(question);
    buttonByText(dialog(root) as HTMLElement, 'Yes')?.click();
    await until(() => toastText(root).includes('Subscription reactivated successfully'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ id: 8, type: 'reactivate' });
    await until(() => buttonByText(root, 'Cancel'));
  });

  it("a failed cancel says 'Failed to cancel subscription' and keeps the row", async () => {
    const { root } = await mount({
      'GET /subscriptions': () => json([activeSubscription]),
      'POST /subscriptions': () => json({ code: 'conflict', message: 'nope' }, 409),
    });
    (await until(() => buttonByText(root, 'Cancel'))).click();
    buttonByText(await until(() => dialog(root)), 'Yes')?.click();
    await until(() => toastText(root).includes('Failed to cancel subscription'));
    expect(tableRows(root)[0]?.[1]).toBe('active');
  });

  it("a failed reactivation says 'Failed to reactive subscription'", async () => {
    const { root } = await mount({
      'GET /subscriptions': () => json([cancelledSubscription]),
      'POST /subscriptions': () => json({ code: 'gateway_error', message: 'down' }, 502),
    });
    (await until(() => buttonByText(root, 'Reactivate'))).click();
    buttonByText(await until(() => dialog(root)), 'Yes')?.click();
    await until(() => toastText(root).includes('Failed to reactive subscription'));
  });

  it("a change answered 500 internal_server_error says spec §8's text", async () => {
    const { root } = await mount({
      'GET /subscriptions': () => json([activeSubscription]),
      'POST /subscriptions': () =>
        json({ code: 'internal_server_error', message: 'Boom', data: null, status: 'error' }, 500),
    });
    (await until(() => buttonByText(root, 'Cancel'))).click();
    buttonByText(await until(() => dialog(root)), 'Yes')?.click();
    await until(() => toastText(root).includes('Something went wrong, please try again later.'));
    expect(toastText(root)).not.toContain('Failed to cancel subscription');
  });

  it('sends one request however often Yes is pressed', async () => {
    let answer = (_: Response) => {};
    const { root, requests } = await mount({
      'GET /subscriptions': () => json([activeSubscription]),
      'POST /subscriptions': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    (await until(() => buttonByText(root, 'Cancel'))).click();
    const yes = buttonByText(await until(() => dialog(root)), 'Yes') as HTMLButtonElement;
    yes.click();
    await until(() => yes.getAttribute('aria-busy') === 'true');
    yes.click();
    yes.click();
    answer(json({ subscription: { ...activeSubscription, status: 'cancelled' } }));
    await until(() => toastText(root).includes('Subscription canceled successfully'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows the failure of the list and survives a malformed answer', async () => {
    const { root } = await mount({ 'GET /subscriptions': () => json([{ ID: 'x' }]) });
    await until(() => root.querySelector('[role="alert"]'));
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Something went wrong!');
  });

  it('has no axe violations, light and dark, with the modal open', async () => {
    const { root, element } = await mount({ 'GET /subscriptions': () => json(subscriptions) });
    await until(() => buttonByText(root, 'Cancel'));
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    buttonByText(root, 'Cancel')?.click();
    await until(() => dialog(root));
    await expectNoAxeViolations(element);
  });
});
