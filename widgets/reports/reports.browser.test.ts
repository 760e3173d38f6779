import { fixture, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { $toasts } from '../../shared/stores/toasts';
import { platformReport, companyReport as report, companyUser as user } from '../../test/fixtures/reports';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import { type Handler, json, type RecordedRequest, recordFetch } from '../../test/helpers/fetch-stub';
import './define';

let sent: RecordedRequest[] = [];
let route: Handler;

let counter = 0;
async function mount(view = ''): Promise<ShadowRoot> {
  counter += 1;
  const element = await fixture<HTMLElement>(
    html`<vendor-reports api-base=${`/reports-${counter}/api/v1`} view=${view}></vendor-reports>`,
  );
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

/** A report's charts load their library on demand: more time than the helper's default to show. */
const untilShown = <T>(probe: () => T | null | undefined | false) => until(probe, 4000);

let active = 1;
beforeEach(() => {
  active = 1;
  session.setToken('company-token');
  session.setUser(user(1, true));
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), (request) => route(request));
  route = ({ url, body }) => {
    if (url.pathname.endsWith('/reports/dashboard'))
      return json(active === 1 ? report('Acme Agency', 1, 12) : report('Globex Studio', 2, 5));
    if (url.pathname.endsWith('/user/switch-account')) {
      active = (body as { company_id: number }).company_id;
      return json({ role_permission: { view_reports: true, export_data: false }, user: user(active, false) });
    }
    if (url.pathname.endsWith('/export-data'))
      return new Response('"Site URL"\r\n"https://a.example"\r\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="export.csv"' },
      });
    return json({ code: 'not_found' }, 404);
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  session.signOut();
});

describe('<vendor-reports>', () => {
  it('shows the report once, with charts and tables of every part, axe clean light and dark', async () => {
    // The report is held until its loading state was seen: on a busy machine the stub answered before.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = route;
    route = async (request) => {
      if (request.url.pathname.endsWith('/reports/dashboard')) await held;
      return answer(request);
    };
    const root = await mount();
    expect(root.querySelector('[data-state="loading"]')).not.toBeNull();
    release();
    await untilShown(() => root.querySelectorAll('svg.ct-chart-bar').length >= 10);
    expect(sent.filter((r) => r.url.pathname.endsWith('/reports/dashboard'))).toHaveLength(1);
    for (const title of [
      'Products',
      'Site activations',
      'Platform versions',
      'PHP versions',
      'Plugin versions',
      'Languages',
      'Deactivation reasons',
      'Licence status',
      'Multisite',
      'Web servers',
      'Sites',
    ]) {
      expect(root.querySelector(`section[aria-label="${title}"]`), title).not.toBeNull();
    }
    expect(root.textContent).toContain('I found a better plugin');
    expect(root.textContent).toContain('Mailing list (40 subscribed, 5 unsubscribed, 1 cleaned)');
    await expectNoAxeViolations(root.host as HTMLElement);
    root.host.setAttribute('theme', 'dark');
    await expectNoAxeViolations(root.host as HTMLElement);
  });

  it("exports export.csv and says 'CSV exported successfully'", async () => {
    const root = await mount();
    const button = await untilShown(() =>
      [...root.querySelectorAll('button')].find((b) => b.textContent === 'Export CSV' && !b.disabled),
    );
    const clicks: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    button.click();
    await untilShown(() => $toasts.get().some((t) => t.message === 'CSV exported successfully'));
    spy.mockRestore();
    expect(clicks).toEqual(['export.csv']);
    expect(sent.find((r) => r.url.pathname.endsWith('/export-data'))?.method).toBe('POST');
  });

  it('switches the company profile by id and the report follows', async () => {
    const root = await mount();
    const select = await untilShown(() => root.querySelector('select'));
    await untilShown(() => root.textContent?.includes('Acme Agency'));
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await untilShown(() => root.querySelector('h2')?.textContent === 'Globex Studio');
    expect(sent.find((r) => r.url.pathname.endsWith('/user/switch-account'))?.body).toEqual({
      company_id: 2,
    });
    expect(session.$user.get()?.activeProfile?.name).toBe('Globex Studio');
    // Globex may not export: the button is gone.
    expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Export CSV')).toBe(false);
  });

  it('goes to the dashboard when access to the company was removed', async () => {
    route = ({ url }) =>
      url.pathname.endsWith('/user/switch-account')
        ? json({ status: 'access-removed', code: 'access-removed', message: 'Removed', data: null }, 403)
        : json(report('Acme Agency', 1, 12));
    const root = await mount();
    const select = await untilShown(() => root.querySelector('select'));
    const paths: string[] = [];
    root.host.addEventListener('vendor-navigate', (event) => {
      event.preventDefault();
      paths.push((event as CustomEvent<{ path: string }>).detail.path);
    });
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await untilShown(() => paths.length > 0);
    expect(paths).toEqual(['/user/dashboard']);
  });

  it("says 'Unable to switch account' when the switch fails, and spec §8's text for a 500", async () => {
    const answers = [
      {
        response: () => json({ code: 'service_unavailable', message: 'Down' }, 503),
        text: 'Unable to switch account',
      },
      {
        response: () =>
          json({ code: 'internal_server_error', message: 'Boom', data: null, status: 'error' }, 500),
        text: 'Something went wrong, please try again later.',
      },
    ];
    for (const { response, text } of answers) {
      route = ({ url }) =>
        url.pathname.endsWith('/user/switch-account') ? response() : json(report('Acme Agency', 1, 12));
      const root = await mount();
      const select = await untilShown(() => root.querySelector('select'));
      select.value = '2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await untilShown(() => $toasts.get().some((t) => t.kind === 'error' && t.message === text));
      expect(session.$user.get()?.activeProfile?.name).toBe('Acme Agency');
    }
  });

  it('shows the super-admin report with view="super-admin"', async () => {
    route = ({ url }) =>
      url.pathname.endsWith('/super-admin/reports/dashboard')
        ? json(platformReport)
        : json({ code: 'forbidden' }, 403);
    const root = await mount('super-admin');
    await untilShown(() => root.textContent?.includes('$4612.50'));
    expect(root.querySelector('section[aria-label="Companies"]')?.textContent).toContain('Acme Agency');
    expect(sent.map((r) => r.url.pathname.split('/api/v1')[1])).toEqual(['/super-admin/reports/dashboard']);
  });
});
