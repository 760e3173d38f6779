import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { legalLinks } from '../../shared/catalogue/legal';
import type { CaptchaChallenge } from '../../shared/schemas/affiliates';
import { session } from '../../shared/stores/session';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, shadow, tableRows, until } from '../../test/helpers/dom';
import {
  type Handler,
  json,
  nextApiBase,
  type RecordedRequest,
  stubApi,
} from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;
let consoleErrors: unknown[][];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
});
afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
  session.signOut();
});

const affiliate = {
  id: 7,
  status: 'active',
  referral_url: 'https://portal.example.com/?ref=7',
  referral_var: 'ref',
};

/** A challenge with a one-byte prefix: solved in a few hundred hashes, checked by the stub below. */
const challenge: CaptchaChallenge = {
  parameters: {
    algorithm: 'SHA-256',
    nonce: 'a1b2c3d4',
    salt: '0f0e0d0c',
    cost: 1,
    keyLength: 32,
    keyPrefix: '00',
  },
  signature: 'sig',
};

const referrals = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => ({
    id: offset + i + 1,
    reference: `R-${offset + i + 1}`,
    amount: 12.5,
    description: 'Addons Plugin - 1 Site',
    status: i % 2 ? 'unpaid' : 'paid',
    date: '2026-10-01T10:00:00.000Z',
  }));

const signedInRoutes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  'POST /affiliate': () => json({ affiliate }),
  'GET /referrals': (r) =>
    json({
      data: referrals(Math.min(20, 45 - Number(r.query.get('offset'))), Number(r.query.get('offset'))),
      total: 45,
    }),
  'GET /payouts': () =>
    json({
      data: [
        { id: 1, amount: 45, payout_method: 'PayPal', status: 'processing', date: '2026-11-01T00:00:00Z' },
        { id: 2, amount: 20, payout_method: 'PayPal', status: 'paid', date: '2026-09-01T00:00:00Z' },
      ],
      total: 2,
    }),
  'GET /visits': () =>
    json({
      data: [
        {
          id: 3,
          url: 'https://vendor.example/?ref=7',
          referrer: '',
          referral_id: 1,
          campaign: 'spring',
          date: '2026-11-02T00:00:00Z',
        },
      ],
      total: 1,
    }),
  'GET /creatives': () =>
    json({
      data: [
        {
          id: 1,
          name: 'Leaderboard banner',
          image: 'https://portal.example.com/assets/creatives/banner-728x90.svg',
          text: 'Build better sites',
          url: 'https://vendor.example/',
        },
      ],
      total: 1,
    }),
  ...extra,
});

async function mount(attributes: string, routes: Record<string, Handler>) {
  const requests = stubApi(fetchSpy, routes);
  const element = await fixture<HTMLElement>(
    `<vendor-affiliate api-base="${nextApiBase('affiliate')}" ${attributes}></vendor-affiliate>`,
  );
  return { element, root: shadow(element), requests };
}

const tab = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === name);
const text = (root: ShadowRoot) => root.textContent ?? '';
const count = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).length;

function fill(root: ShadowRoot, name: string, value: string) {
  const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function errorOf(root: ShadowRoot, name: string): string | null {
  const input = root.querySelector(`[name="${name}"]`);
  const ids = input?.getAttribute('aria-describedby')?.split(' ') ?? [];
  const messages = ids
    .map((id) => root.getElementById(id))
    .filter((el) => el?.classList.contains('ui-field__error'));
  return messages[0]?.textContent ?? null;
}

const submit = (root: ShadowRoot) => buttonByText(root, 'Register')?.click();

describe('<vendor-affiliate> registration', () => {
  it('shows every spec §5 message by field on an empty submit, and sends nothing', async () => {
    const { element, root, requests } = await mount('view="registration"', {});
    submit(root);
    await until(() => errorOf(root, 'affwp_user_name'));
    expect(errorOf(root, 'affwp_user_name')).toBe('Please insert your name');
    expect(errorOf(root, 'affwp_user_login')).toBe('Username is required');
    expect(errorOf(root, 'affwp_user_email')).toBe('Email is required');
    expect(errorOf(root, 'affwp_user_url')).toBe('Please insert your website url');
    expect(errorOf(root, 'affwp_promotion_method')).toBe('Please tell how you will promote us');
    expect(errorOf(root, 'privacy_policy')).toBe('Please agree to Terms & Conditions and Privacy Policy');
    expect(root.activeElement?.getAttribute('name')).toBe('affwp_user_name');
    expect(requests).toEqual([]);
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });

  it("links 'Terms & Conditions' and 'Privacy Policy' in the agreement's label (spec §9)", async () => {
    const { root } = await mount('view="registration"', {});
    const box = await until(() => root.querySelector<HTMLInputElement>('[name="privacy_policy"]'));
    const label = root.querySelector(`label[for="${box.id}"]`);
    expect(label?.textContent).toContain('I agree to the Terms & Conditions and Privacy Policy');
    const links = [...(label?.querySelectorAll('a') ?? [])].map((a) => [a.textContent, a.href]);
    expect(links).toEqual([
      ['Terms & Conditions', legalLinks.terms],
      ['Privacy Policy', legalLinks.privacyPolicy],
    ]);
  });

  it('shows the format messages', async () => {
    const { root } = await mount('view="registration"', {});
    fill(root, 'affwp_user_name', 'Robin');
    fill(root, 'affwp_user_login', 'robin reviews');
    fill(root, 'affwp_user_email', 'robin');
    fill(root, 'affwp_payment_email', 'pay');
    fill(root, 'affwp_user_url', 'robin dot example');
    fill(root, 'affwp_promotion_method', 'Too short');
    submit(root);
    await until(() => errorOf(root, 'affwp_user_login'));
    expect(errorOf(root, 'affwp_user_login')).toBe('Username must not contain space');
    expect(errorOf(root, 'affwp_user_email')).toBe('Please insert a valid email');
    expect(errorOf(root, 'affwp_payment_email')).toBe('Payment email must be a valid email');
    expect(errorOf(root, 'affwp_user_url')).toBe('Please insert your website url');
    expect(errorOf(root, 'affwp_promotion_method')).toBe('The field must be at least 20 characters long');
    fill(root, 'affwp_user_login', 'robin');
    await until(() => errorOf(root, 'affwp_user_login') === null);
  });

  function fillValid(root: ShadowRoot) {
    fill(root, 'affwp_user_name', 'Robin Reviewer');
    fill(root, 'affwp_user_login', 'robin');
    fill(root, 'affwp_user_email', 'robin@example.com');
    fill(root, 'affwp_user_url', 'https://robin.example');
    fill(root, 'affwp_promotion_method', 'A weekly newsletter with plugin reviews.');
    root.querySelector<HTMLInputElement>('[name="privacy_policy"]')?.click();
  }

  it('solves the captcha, sends the fields with the token once, then thanks and resets the form', async () => {
    let body: Record<string, unknown> = {};
    const { element, root, requests } = await mount('view="registration"', {
      'GET /affiliate-registration/captcha': () => json(challenge),
      'POST /affiliate-registration': (r) => {
        body = r.body as Record<string, unknown>;
        return json({ success: true, affiliate: { ...affiliate, status: 'pending' } }, 201);
      },
    });
    const events: CustomEvent[] = [];
    element.addEventListener('vendor-affiliate-registered', (event) => events.push(event as CustomEvent));
    fillValid(root);
    submit(root);
    submit(root);
    await until(() => text(root).includes('Successfully registered, please check your email.'));
    expect(count(requests, 'POST', '/affiliate-registration')).toBe(1);
    expect(body).toMatchObject({
      affwp_user_name: 'Robin Reviewer',
      affwp_user_login: 'robin',
      affwp_user_email: 'robin@example.com',
      affwp_payment_email: '',
      affwp_user_url: 'https://robin.example',
      affwp_promotion_method: 'A weekly newsletter with plugin reviews.',
      privacy_policy: true,
    });
    const token = JSON.parse(atob(String(body.captcha_token)));
    expect(token.challenge).toEqual(challenge);
    // The solution really solves it: the derived key starts with the prefix, for the counter sent.
    const input = new Uint8Array([0x0f, 0x0e, 0x0d, 0x0c, 0xa1, 0xb2, 0xc3, 0xd4, 0, 0, 0, 0]);
    new DataView(input.buffer).setUint32(8, token.solution.counter);
    const key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    expect(key[0]).toBe(0);
    expect(token.solution.derivedKey.slice(0, 2)).toBe('00');
    expect(root.querySelector<HTMLInputElement>('[name="affwp_user_name"]')?.value).toBe('');
    expect(root.querySelector<HTMLInputElement>('[name="privacy_policy"]')?.checked).toBe(false);
    expect(events[0]?.detail).toEqual({ affiliate_id: 7, status: 'pending' });
    await expectNoAxeViolations(element);
  });

  it("shows 'Validation error, please check inputs' and the server's field messages", async () => {
    const { root } = await mount('view="registration"', {
      'GET /affiliate-registration/captcha': () => json(challenge),
      'POST /affiliate-registration': () =>
        json(
          {
            code: 'validation_errors',
            status: 'validation_errors',
            message: 'Validation error, please check inputs',
            data: {
              fields: {
                affwp_user_login: 'This username is already taken',
                captcha_token: 'Captcha verification failed, please try again',
              },
            },
          },
          400,
        ),
    });
    fillValid(root);
    submit(root);
    await until(() => text(root).includes('Validation error, please check inputs'));
    expect(errorOf(root, 'affwp_user_login')).toBe('This username is already taken');
    expect(text(root)).toContain('Captcha verification failed, please try again');
    expect(root.querySelector<HTMLInputElement>('[name="affwp_user_name"]')?.value).toBe('Robin Reviewer');
  });

  it('signed in without an affiliate account: the form without user name and e-mail; success reloads the profile', async () => {
    session.setToken('token-1');
    let registered = false;
    const { root, requests } = await mount('', {
      'POST /affiliate': () => json({ affiliate: registered ? { ...affiliate, status: 'pending' } : null }),
      'GET /profile': () => json({}, 500),
      'GET /affiliate-registration/captcha': () => json(challenge),
      'POST /affiliate-registration': () => {
        registered = true;
        return json({ success: true, affiliate: { ...affiliate, status: 'pending' } }, 201);
      },
    });
    await until(() => buttonByText(root, 'Register'));
    expect(root.querySelector('[name="affwp_user_login"]')).toBeNull();
    fill(root, 'affwp_user_name', 'Casey Customer');
    fill(root, 'affwp_user_url', 'https://casey.example');
    fill(root, 'affwp_promotion_method', 'Reviews on my agency blog.');
    root.querySelector<HTMLInputElement>('[name="privacy_policy"]')?.click();
    submit(root);
    await until(() => text(root).includes('Your affiliate account is pending approval.'));
    expect(text(root)).toContain('Successfully registered, please check your email.');
    expect(count(requests, 'POST', '/affiliate')).toBe(2);
    expect(count(requests, 'GET', '/profile')).toBe(1);
    expect(
      requests.find((r) => r.path === '/affiliate-registration' && r.method === 'POST')?.body,
    ).not.toHaveProperty('affwp_user_login');
  });
});

describe('<vendor-affiliate> affiliate area', () => {
  beforeEach(() => session.setToken('token-1'));

  it('asks for the account once, shows the five tabs and the referral URL with copy', async () => {
    const { element, root, requests } = await mount('', signedInRoutes());
    await until(() => tab(root, 'Affiliate Url'));
    expect([...root.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      'Affiliate Url',
      'Referrals',
      'Payouts',
      'Visits',
      'Creatives',
    ]);
    expect(count(requests, 'POST', '/affiliate')).toBe(1);
    expect(root.querySelector<HTMLInputElement>('input[readonly]')?.value).toBe(
      'https://portal.example.com/?ref=7',
    );
    buttonByText(root, 'Copy URL')?.click();
    await until(() => text(root).includes('Affiliate url copied'));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://portal.example.com/?ref=7');
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
    expect(consoleErrors).toEqual([]);
  });

  it('generates a campaign URL and copies it', async () => {
    const { root } = await mount('', signedInRoutes());
    await until(() => buttonByText(root, 'Generate URL'));
    const campaign = root.querySelector<HTMLInputElement>('.affiliate__generator input');
    if (!campaign) throw new Error('no campaign field');
    campaign.value = 'spring sale';
    campaign.dispatchEvent(new Event('input', { bubbles: true }));
    buttonByText(root, 'Generate URL')?.click();
    await until(() => root.querySelectorAll('input[readonly]').length === 2);
    const generated = root.querySelectorAll<HTMLInputElement>('input[readonly]')[1]?.value;
    expect(generated).toBe('https://portal.example.com/?ref=7&campaign=spring+sale');
    [...root.querySelectorAll<HTMLButtonElement>('button')]
      .filter((b) => b.textContent === 'Copy URL')[1]
      ?.click();
    await until(() => text(root).includes('Generated url copied'));
    expect(navigator.clipboard.writeText).toHaveBeenLastCalledWith(generated);
  });

  it('pages referrals 20 at a time with the spec colours', async () => {
    const { root, requests } = await mount('tab="referrals"', signedInRoutes());
    await until(() => tableRows(root).length === 20);
    const first = requests.find((r) => r.path === '/referrals');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      affiliate_id: '7',
      number: '20',
      offset: '0',
      order: 'desc',
    });
    expect(tableRows(root)[0]).toEqual([
      'R-1',
      '$12.50',
      'Addons Plugin - 1 Site',
      'paid',
      'October 1, 2026',
    ]);
    const badges = [...root.querySelectorAll('tbody .ui-badge')].map((b) => [
      b.textContent,
      b.getAttribute('data-tone'),
    ]);
    expect(badges.slice(0, 2)).toEqual([
      ['paid', 'success'],
      ['unpaid', 'danger'],
    ]);
    expect(text(root)).toContain('Page 1 of 3');
    buttonByText(root, 'Next')?.click();
    await until(() => text(root).includes('Page 2 of 3') && tableRows(root)[0]?.[0] === 'R-21');
    expect(requests.filter((r) => r.path === '/referrals').map((r) => r.query.get('offset'))).toEqual([
      '0',
      '20',
    ]);
  });

  it('shows payouts (paid green, otherwise amber), visits and creatives', async () => {
    const { root } = await mount('tab="payouts"', signedInRoutes());
    await until(() => tableRows(root).length === 2);
    const tones = [...root.querySelectorAll('tbody .ui-badge')].map((b) => b.getAttribute('data-tone'));
    expect(tones).toEqual(['warning', 'success']);
    tab(root, 'Visits')?.click();
    await until(() => text(root).includes('spring'));
    expect(tableRows(root)[0]).toEqual([
      'https://vendor.example/?ref=7',
      '—',
      'spring',
      'Yes',
      'November 2, 2026',
    ]);
    tab(root, 'Creatives')?.click();
    await until(() => root.querySelector('.affiliate__creative img'));
    expect(root.querySelector('.affiliate__creative img')?.getAttribute('alt')).toBe('Build better sites');
    expect(root.querySelector('.affiliate__code')?.textContent).toBe(
      '<a href="https://vendor.example/?ref=7"><img src="https://portal.example.com/assets/creatives/banner-728x90.svg" alt="Build better sites"></a>',
    );
    buttonByText(root, 'Copy code')?.click();
    await until(() => text(root).includes('Code copied'));
  });

  it.each([
    ['referrals', 'Unable to get referrals, please try again'],
    ['payouts', 'Unable to get payouts, please try again'],
    ['visits', 'Unable to get visits, please try again'],
    ['creatives', 'Unable to get creatives, please try again'],
  ])('shows the spec failure text for %s', async (kind, message) => {
    const { root } = await mount(
      `tab="${kind}"`,
      signedInRoutes({ [`GET /${kind}`]: () => json({ message: 'boom' }, 500) }),
    );
    await until(() => root.querySelector('[role="alert"]'));
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(message);
  });

  it('keeps Graph, Settings and Statistics out of the menu; the tab attribute shows their sample content', async () => {
    const { root } = await mount('tab="graphs"', signedInRoutes());
    await until(() => text(root).includes('Referrals per month (sample)'));
    expect(root.querySelector('[role="tablist"]')).toBeNull();
    expect(text(root)).toContain('Sample content');
  });

  it('shows a pending account as pending, without the tabs', async () => {
    const { root } = await mount('', {
      'POST /affiliate': () => json({ affiliate: { ...affiliate, status: 'pending' } }),
    });
    await until(() => text(root).includes('pending approval'));
    expect(root.querySelector('[role="tablist"]')).toBeNull();
    expect(root.querySelector('.ui-badge')?.textContent).toBe('pending');
  });
});
