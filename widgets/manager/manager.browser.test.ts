import { fixture, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { $toasts } from '../../shared/stores/toasts';
import { sessionUser } from '../../test/fixtures/session-user';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import { type Handler, json, type RecordedRequest, recordFetch } from '../../test/helpers/fetch-stub';
import './define';

let sent: RecordedRequest[] = [];
let route: Handler;

const users = Array.from({ length: 20 }, (_, i) => ({
  user_id: i + 1,
  name: `User ${i + 1}`,
  email: `user${i + 1}@example.com`,
  can_switch: i !== 0,
}));
const switchedUser = sessionUser('CUSTOMER', 'User 2', {
  id: 2,
  email: 'user2@example.com',
  loggedInAccountType: 'SHOP_MANAGER',
  twoFA: { totp: false, email: false },
  switch_back_to: { user_id: 9, display_name: 'Morgan Manager', first_name: 'Morgan', last_name: 'Manager' },
  switched_user: true,
});

let apiCounter = 0;
async function mount(attrs = ''): Promise<ShadowRoot> {
  apiCounter += 1;
  const element = await fixture<HTMLElement>(
    html`<vendor-manager api-base=${`/manager-${apiCounter}/api/v1`} .tab=${attrs || undefined}></vendor-manager>`,
  );
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

const buttons = (root: ShadowRoot, text: string) =>
  [...root.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);

beforeEach(() => {
  session.setToken('manager-token');
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), (request) => route(request));
});
afterEach(() => {
  vi.restoreAllMocks();
  session.signOut();
});

describe('<vendor-manager>', () => {
  it('lists 20 users a page with paging, and searches after the typing pauses (one request)', async () => {
    route = ({ url }) =>
      url.pathname.endsWith('/users')
        ? json({ users: url.searchParams.get('search') ? users.slice(4, 5) : users }, 200, {
            'X-WP-Total': '25',
          })
        : json({}, 404);
    const root = await mount();
    await until(() => root.textContent?.includes('user20@example.com'));
    expect(sent[0]?.url.searchParams.get('per_page')).toBe('20');
    expect(sent[0]?.url.searchParams.get('page')).toBe('1');
    expect(buttons(root, 'Switch to user')).toHaveLength(20);
    expect(root.textContent).toContain('Page 1 of 2');

    const input = root.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    for (const text of ['u', 'us', 'user5']) {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await until(() => !root.textContent?.includes('user20@example.com'));
    const searches = sent.filter((r) => r.url.searchParams.has('search'));
    expect(searches.map((r) => r.url.searchParams.get('search'))).toEqual(['user5']);
  });

  it("keeps 'Switch to user' in view beside a 120-character name at 1024 px", async () => {
    const long = {
      ...users[1],
      name: 'Bartholomew Maximilian '.repeat(6).slice(0, 120),
    } as (typeof users)[number];
    route = () => json({ users: [users[0], long] }, 200, { 'X-WP-Total': '2' });
    const root = await mount();
    (root.host as HTMLElement).style.width = '1024px';
    await until(() => buttons(root, 'Switch to user').length === 2);
    const region = root.querySelector('.ui-table')?.getBoundingClientRect();
    const button = buttons(root, 'Switch to user')[1]?.getBoundingClientRect();
    expect(button && region && button.right <= region.right).toBe(true);
  });

  it("stacks the users as cards in a 320 px column, 'Switch to user' inside it", async () => {
    const root = await mount();
    (root.host as HTMLElement).style.width = '320px';
    await until(() => buttons(root, 'Switch to user').length > 0);
    const host = (root.host as HTMLElement).getBoundingClientRect();
    expect(root.querySelector('.ui-table')?.scrollWidth).toBeLessThanOrEqual(320);
    for (const button of buttons(root, 'Switch to user')) {
      const box = button.getBoundingClientRect();
      expect(box.right).toBeLessThanOrEqual(host.right);
    }
    // Each card reads 'label: value': the header's words stand before each cell.
    expect(root.querySelector('td[data-label="Name"]')).not.toBeNull();
  });

  it("shows 'No user list found' for an empty list", async () => {
    route = () => json({ users: [] }, 200, { 'X-WP-Total': '0' });
    const root = await mount();
    await until(() => root.textContent?.includes('No user list found'));
  });

  it('switches into a user: new token in the session, cancelable vendor-navigate to /user/dashboard', async () => {
    route = ({ url }) =>
      url.pathname.endsWith('/user-switch')
        ? json({
            token: 'customer-token',
            accountType: 'CUSTOMER',
            redirect: true,
            redirect_to: '/user/dashboard',
            user: switchedUser,
          })
        : json({ users }, 200, { 'X-WP-Total': '20' });
    const root = await mount();
    await until(() => buttons(root, 'Switch to user').length === 20);
    const navigations: string[] = [];
    const host = root.host;
    host.addEventListener('vendor-navigate', (event) => {
      event.preventDefault();
      navigations.push((event as CustomEvent<{ path: string }>).detail.path);
    });
    expect(buttons(root, 'Switch to user')[0]?.disabled).toBe(true);
    buttons(root, 'Switch to user')[1]?.click();
    await until(() => navigations.length > 0);
    expect(navigations).toEqual(['/user/dashboard']);
    expect(sent.find((r) => r.url.pathname.endsWith('/user-switch'))?.body).toEqual({
      user_id: 2,
      switch_back: false,
    });
    expect(session.$token.get()).toBe('customer-token');
    expect(session.$user.get()?.switch_back_to?.display_name).toBe('Morgan Manager');
  });

  it("shows 'Unable to switch account' when the switch fails", async () => {
    route = ({ url }) =>
      url.pathname.endsWith('/user-switch')
        ? json({ status: 'forbidden', code: 'forbidden', message: 'no', data: null }, 403)
        : json({ users }, 200, { 'X-WP-Total': '20' });
    const root = await mount();
    await until(() => buttons(root, 'Switch to user').length === 20);
    buttons(root, 'Switch to user')[2]?.click();
    // The page's first mounted element shows the toasts, so the store is what to look at.
    await until(() =>
      $toasts.get().some((t) => t.kind === 'error' && t.message === 'Unable to switch account'),
    );
    expect(session.$token.get()).toBe('manager-token');
  });

  it("orders tab: sales, 'No orders found', and 'Unable to get orders' on failure", async () => {
    let fail = false;
    route = ({ url }) => {
      if (!url.pathname.endsWith('/orders')) return json({ users }, 200, { 'X-WP-Total': '20' });
      if (fail) return json({ code: 'service_unavailable', message: 'x' }, 503);
      return url.searchParams.get('search')
        ? json({ orders: [], sales: { count: 0, total: 0 } }, 200, { 'X-WP-Total': '0' })
        : json(
            {
              orders: [
                {
                  ID: 7,
                  number: '1001',
                  email: 'casey@example.com',
                  gateway: 'stripe',
                  status: 'complete',
                  products: [{ name: 'Addons Plugin', price_name: '1 Site' }],
                  transaction_id: 'tx_1',
                  total: 49.97,
                  date: '2026-05-01T10:00:00Z',
                },
              ],
              sales: { count: 1, total: 49.97 },
            },
            200,
            { 'X-WP-Total': '1' },
          );
    };
    const root = await mount();
    const tab = await until(() =>
      [...root.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Orders'),
    );
    (tab as HTMLElement).click();
    await until(() => root.textContent?.includes('casey@example.com'));
    expect(root.textContent).toContain('$49.97');
    expect(root.textContent).toContain('Addons Plugin (1 Site)');
    // Issue 23: the order is named by its order number, as the buyer sees it.
    expect(root.querySelector('tbody td')?.textContent).toBe('#1001');
    await expectNoAxeViolations(root.host as HTMLElement);
    root.host.setAttribute('theme', 'dark');
    await expectNoAxeViolations(root.host as HTMLElement);

    const input = root.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    input.value = 'nothing';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => root.textContent?.includes('No orders found'));
    fail = true;
    input.value = 'boom';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => root.querySelector('[role="alert"]')?.textContent === 'Unable to get orders');
  });
});
