import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { clearToasts } from '../../shared/stores/toasts';
import { countries, profile, usStates } from '../../test/fixtures/profile';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { buttonByText, shadow, until } from '../../test/helpers/dom';
import { type Handler, json, nextApiBase, stubApi } from '../../test/helpers/fetch-stub';
import './define';

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  session.setToken('T'.repeat(43));
});
afterEach(() => {
  fixtureCleanup();
  clearToasts();
  vi.restoreAllMocks();
  history.replaceState(null, '', location.pathname);
});

const base: Record<string, Handler> = {
  'GET /profile': () => json(profile),
  'GET /countries': () => json(countries),
  'GET /states': (r) => json(r.query.get('country') === 'US' ? usStates : []),
};

async function mount(attributes = '', routes: Record<string, Handler> = {}) {
  const requests = stubApi(fetchSpy, { ...base, ...routes });
  const element = await fixture<HTMLElement>(
    `<vendor-profile api-base="${nextApiBase('profile')}" ${attributes}></vendor-profile>`,
  );
  const root = shadow(element);
  const navigations: string[] = [];
  element.addEventListener('vendor-navigate', (event) => {
    event.preventDefault();
    navigations.push((event as CustomEvent<{ path: string }>).detail.path);
  });
  await until(() => root.querySelector('[role="tablist"]'));
  return { element, root, requests, navigations };
}

const input = (root: ShadowRoot, name: string) => {
  const found = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
};
/** Types as a user does: one input event, then a tick for the view to render it. */
async function type(root: ShadowRoot, name: string, value: string): Promise<void> {
  const field = input(root, name);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const errorsOf = (root: ShadowRoot) =>
  [...root.querySelectorAll('.ui-field__error')].map((e) => e.textContent);
const toasts = (root: ShadowRoot) => root.textContent ?? '';
const tab = (root: ShadowRoot, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === label);
/** The open menu's items, or null while it is closed. */
function menuItems(root: ShadowRoot): HTMLButtonElement[] | null {
  const items = [...root.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  return items.length > 0 ? items : null;
}
const posts = <R extends { method: string; path: string }>(requests: R[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === path);

/** `GET /download-backup-codes`: the codes with the sign-in answer's fields around them (spec §7). */
function backupCodesAnswer(codes: string[]) {
  return { token: null, accountType: 'CUSTOMER', redirect: false, redirect_to: null, user: profile, codes };
}

describe('<vendor-profile>', () => {
  it('shows a skeleton, then the three tabs with the profile filled in, loaded once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = stubApi(fetchSpy, {
      ...base,
      'GET /profile': async () => {
        await gate;
        return json(profile);
      },
    });
    const element = await fixture<HTMLElement>(
      `<vendor-profile api-base="${nextApiBase('profile')}"></vendor-profile>`,
    );
    const root = shadow(element);
    await until(() => root.querySelector('[data-state="loading"]'));
    release();
    await until(() => root.querySelector('[role="tablist"]'));
    expect([...root.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      'Profile',
      'Billing & Payment Methods',
      'Password & Security',
    ]);
    expect(input(root, 'first_name').value).toBe('Casey');
    expect(input(root, 'email').value).toBe('customer@example.com');
    expect(root.querySelector('[part="avatar"] img')?.getAttribute('src')).toBe(profile.profile_image);
    expect(root.querySelector('a[href^="https://gravatar.com"]')?.textContent).toBe('Change it at Gravatar');
    expect(requests.filter((r) => r.path === '/profile')).toHaveLength(1);
  });

  it('checks the profile table of spec §5 before sending anything', async () => {
    const { root, requests } = await mount();
    for (const name of ['first_name', 'last_name', 'display_name', 'email']) await type(root, name, '');
    buttonByText(root, 'Update Profile')?.click();
    await until(() => errorsOf(root).length === 4);
    expect(errorsOf(root)).toEqual([
      'First name is required',
      'Last name is required',
      'Display name is required',
      'Email is required',
    ]);
    await type(root, 'first_name', 'a'.repeat(61));
    await type(root, 'last_name', 'b'.repeat(61));
    await type(root, 'display_name', 'c'.repeat(101));
    await type(root, 'email', 'nope@');
    buttonByText(root, 'Update Profile')?.click();
    await until(() => errorsOf(root).length === 4);
    expect(errorsOf(root)).toEqual([
      'Fist name should not be more than 60 characters',
      'Last name should not be more than 60 characters',
      'Display name should not be more than 100 characters',
      'Please insert a valid email',
    ]);
    expect(posts(requests, '/profile')).toHaveLength(0);
  });

  it("saves the profile, says 'Profile updated successfully' and updates the session's name", async () => {
    const saved = { ...profile, display_name: 'Casey the Customer' };
    const { root, requests } = await mount('', {
      'POST /profile': () =>
        json({
          success: true,
          message: 'Profile updated successfully',
          profile: saved,
          pending_email: 'new@example.com',
        }),
    });
    await type(root, 'display_name', 'Casey the Customer');
    await type(root, 'email', 'new@example.com');
    buttonByText(root, 'Update Profile')?.click();
    await until(() => toasts(root).includes('Profile updated successfully'));
    expect(posts(requests, '/profile')[0]?.body).toEqual({
      type: 'profile',
      first_name: 'Casey',
      last_name: 'Customer',
      display_name: 'Casey the Customer',
      email: 'new@example.com',
    });
    expect(session.$user.get()?.display_name).toBe('Casey the Customer');
    expect(root.textContent).toContain('We have sent a confirmation link to new@example.com.');
  });

  it("shows the server's field messages under the fields", async () => {
    const { root } = await mount('', {
      'POST /profile': () =>
        json(
          {
            code: 'validation_error',
            status: 'validation_error',
            message: 'This email is already used by another account.',
            data: { fields: { email: 'This email is already used by another account.' } },
          },
          400,
        ),
    });
    buttonByText(root, 'Update Profile')?.click();
    await until(() => errorsOf(root).length === 1);
    expect(errorsOf(root)).toEqual(['This email is already used by another account.']);
  });

  it('opens the billing tab with the address and the cards, default first, with brand icons', async () => {
    const { root } = await mount('tab="billing"');
    await until(() => root.querySelector('.profile__card'));
    expect(tab(root, 'Billing & Payment Methods')?.getAttribute('aria-selected')).toBe('true');
    expect(input(root, 'line1').value).toBe('12 Harbour Street');
    expect([...root.querySelectorAll('.profile__card-name')].map((c) => c.textContent)).toEqual([
      'Visa ending in 4242',
      'Mastercard ending in 4444',
      'Card ending in 0005',
    ]);
    expect([...root.querySelectorAll('.card-icon')].map((i) => i.getAttribute('data-brand'))).toEqual([
      'visa',
      'mastercard',
      'generic',
    ]);
    expect(root.querySelector('[data-default="true"]')?.textContent).toContain('Default');
  });

  it('moves between tabs with the arrow keys', async () => {
    const { root } = await mount();
    const first = tab(root, 'Profile');
    first?.focus();
    first?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await until(() => tab(root, 'Billing & Payment Methods')?.getAttribute('aria-selected') === 'true');
    tab(root, 'Billing & Payment Methods')?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'End', bubbles: true }),
    );
    await until(() => tab(root, 'Password & Security')?.getAttribute('aria-selected') === 'true');
  });

  it("?action=add_card opens billing with 'Added card successfully.'; failed=true says 'Failed to add card.'", async () => {
    history.replaceState(null, '', `${location.pathname}?action=add_card`);
    const added = await mount();
    await until(() => toasts(added.root).includes('Added card successfully.'));
    expect(tab(added.root, 'Billing & Payment Methods')?.getAttribute('aria-selected')).toBe('true');
    expect(location.search).toBe('');
    fixtureCleanup();
    clearToasts();
    history.replaceState(null, '', `${location.pathname}?action=add_card&failed=true`);
    const failed = await mount();
    await until(() => toasts(failed.root).includes('Failed to add card.'));
    expect(tab(failed.root, 'Billing & Payment Methods')?.getAttribute('aria-selected')).toBe('true');
  });

  it('sets a default card after confirmation; the answer reorders the list', async () => {
    const reordered = [
      { default: true, source: { id: 'pm_mc', brand: 'mastercard', last4: '4444' } },
      { default: false, source: { id: 'pm_visa', brand: 'visa', last4: '4242' } },
    ];
    const { root, requests } = await mount('tab="billing"', {
      'POST /profile/set-card-default': () => json({ success: true, cards: reordered }),
    });
    await until(() => root.querySelector('.profile__card'));
    root
      .querySelector<HTMLButtonElement>('[aria-label="Set as default: Mastercard ending in 4444"]')
      ?.click();
    const dialog = await until(() => root.querySelector('[role="alertdialog"]'));
    expect(dialog.textContent).toContain('Are you sure you want to set this card as default?');
    buttonByText(dialog, 'Yes')?.click();
    await until(() => root.querySelector('.profile__card-name')?.textContent === 'Mastercard ending in 4444');
    expect(posts(requests, '/profile/set-card-default')[0]?.body).toEqual({ payment_method: 'pm_mc' });
  });

  it('warns instead of removing the default card, and removes another after confirmation', async () => {
    const { root, requests } = await mount('tab="billing"', {
      'POST /profile/remove-card': () => json({ success: true, cards: profile.cards.slice(0, 2) }),
    });
    await until(() => root.querySelector('.profile__card'));
    root.querySelector<HTMLButtonElement>('[aria-label="Remove Visa ending in 4242"]')?.click();
    await until(() =>
      toasts(root).includes(
        'You can not remove a default card. Please set another card as default to continue billing.',
      ),
    );
    expect(root.querySelector('[role="alertdialog"]')).toBeNull();
    root.querySelector<HTMLButtonElement>('[aria-label="Remove Card ending in 0005"]')?.click();
    const dialog = await until(() => root.querySelector('[role="alertdialog"]'));
    buttonByText(dialog, 'Yes')?.click();
    await until(() => root.querySelectorAll('.profile__card').length === 2);
    expect(posts(requests, '/profile/remove-card')).toEqual([
      expect.objectContaining({ body: { payment_method: 'pm_other' } }),
    ]);
  });

  it('offers no removal with a single card', async () => {
    const { root } = await mount('tab="billing"', {
      'GET /profile': () => json({ ...profile, cards: profile.cards.slice(0, 1) }),
    });
    await until(() => root.querySelector('.profile__card'));
    expect(root.querySelector('[aria-label^="Remove"]')).toBeNull();
  });

  it('shows the three card failures with their reason', async () => {
    const refuse = (message: string) => () =>
      json({ code: 'gateway_error', status: 'gateway_error', message, data: null }, 502);
    const { root } = await mount('tab="billing"', {
      'POST /profile/add-card': refuse('Stripe is down.'),
      'POST /profile/set-card-default': refuse('No such customer.'),
      'POST /profile/remove-card': refuse('No such PaymentMethod.'),
    });
    await until(() => root.querySelector('.profile__card'));
    buttonByText(root, 'Add New Card')?.click();
    await until(() => toasts(root).includes('Unable to add new card. Stripe is down.'));
    root
      .querySelector<HTMLButtonElement>('[aria-label="Set as default: Mastercard ending in 4444"]')
      ?.click();
    buttonByText(await until(() => root.querySelector('[role="alertdialog"]')), 'Yes')?.click();
    await until(() => toasts(root).includes('Unable to set default card. No such customer.'));
    await until(() => !root.querySelector('[role="alertdialog"]'));
    root.querySelector<HTMLButtonElement>('[aria-label="Remove Mastercard ending in 4444"]')?.click();
    buttonByText(await until(() => root.querySelector('[role="alertdialog"]')), 'Yes')?.click();
    await until(() => toasts(root).includes('Unable to remove card, No such PaymentMethod.'));
  });

  it("'Add New Card' goes to the URL the server returns", async () => {
    const { root, navigations } = await mount('tab="billing"', {
      'POST /profile/add-card': () => json({ url: 'https://checkout.stripe.test/c/pay/cs_1' }),
    });
    await until(() => root.querySelector('.profile__card'));
    buttonByText(root, 'Add New Card')?.click();
    await until(() => navigations.length === 1);
    expect(navigations).toEqual(['https://checkout.stripe.test/c/pay/cs_1']);
  });

  it('saves the billing address with the state rules', async () => {
    const { root, requests } = await mount('tab="billing"', {
      'POST /profile': () =>
        json({ success: true, message: 'Profile updated successfully', profile, pending_email: null }),
    });
    await until(() => root.querySelector('.profile__card'));
    await type(root, 'line1', '');
    await type(root, 'city', 'c'.repeat(61));
    buttonByText(root, 'Update Address')?.click();
    await until(() => errorsOf(root).length === 2);
    expect(errorsOf(root)).toEqual([
      'Please insert billing address',
      'City should not be more than 60 characters',
    ]);
    await type(root, 'line1', '1 Main St');
    await type(root, 'city', 'Oakland');
    buttonByText(root, 'Update Address')?.click();
    await until(() => posts(requests, '/profile').length === 1);
    expect(posts(requests, '/profile')[0]?.body).toEqual({
      type: 'address',
      line1: '1 Main St',
      line2: 'Suite 4',
      country: 'US',
      state: 'CA',
      city: 'Oakland',
      zip: '94105',
    });
  });

  it('checks the password change: empty, mismatch; then sends and clears it', async () => {
    const { root, requests } = await mount('tab="security"', {
      'POST /profile': () =>
        json({ success: true, message: 'Profile updated successfully', profile, pending_email: null }),
    });
    buttonByText(root, 'Change Password')?.click();
    await until(() => errorsOf(root).length === 2);
    expect(errorsOf(root)).toEqual(['Please enter password', 'Please confirm password']);
    await type(root, 'new_password', 'one password');
    await type(root, 'new_password_2', 'another');
    buttonByText(root, 'Change Password')?.click();
    await until(() => errorsOf(root).length === 1);
    expect(errorsOf(root)).toEqual(['Confirm password does not match, please check input.']);
    expect(posts(requests, '/profile')).toHaveLength(0);
    await type(root, 'new_password_2', 'one password');
    buttonByText(root, 'Change Password')?.click();
    await until(() => input(root, 'new_password').value === '');
    expect(posts(requests, '/profile')[0]?.body).toEqual({
      type: 'password',
      new_password: 'one password',
      new_password_2: 'one password',
    });
  });

  it('configuring the authenticator while e-mail codes are on asks, turns e-mail codes off, then configures and downloads the codes', async () => {
    const pending = (level: string, method: string) =>
      json({
        two_factor: { required: false, setup: level, method, auth_id: '', hidden_email: 'cu**@example.com' },
      });
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    const { root, requests } = await mount('tab="security"', {
      'POST /configure-2fa': (r) =>
        (r.body as { key?: string }).key
          ? json({
              two_factor: { required: false, setup: '3', method: 'totp', auth_id: '', hidden_email: '' },
              codes,
            })
          : pending('2.1', 'totp'),
      'GET /totp-setup-key': () =>
        json({ qr_image: 'data:image/png;base64,iVBORw0KGgo=', key: 'JBSWY3DPEHPK3PXP' }),
      'POST /disable-2fa': () => json({ success: true, twoFA: { totp: true, email: false } }),
      'GET /download-backup-codes': () => json(backupCodesAnswer(codes)),
    });
    const menu = await until(() =>
      root.querySelector<HTMLButtonElement>('[aria-label="Authenticator app actions"]'),
    );
    menu.click();
    const item = await until(() => root.querySelector<HTMLButtonElement>('[role="menuitem"]'));
    expect(item.textContent).toBe('Configure');
    item.click();
    // Spec §4: disable the other method, then configure; asked first, nothing sent before the answer.
    const question = await until(() => root.querySelector('[role="alertdialog"]'));
    expect(question.textContent).toContain('Turn off e-mail codes and set up the authenticator app?');
    expect(posts(requests, '/disable-2fa')).toHaveLength(0);
    expect(posts(requests, '/configure-2fa')).toHaveLength(0);
    buttonByText(question, 'Yes')?.click();
    const dialog = await until(() => root.querySelector('[role="dialog"]'));
    await until(() => dialog.textContent?.includes('JBSWY3DPEHPK3PXP'));
    await expectNoAxeViolations(root);
    buttonByText(dialog, 'Verify')?.click();
    await until(() => dialog.textContent?.includes('Please insert verification code'));
    await type(root, 'code', '123456');
    buttonByText(dialog, 'Verify')?.click();
    await until(() => root.querySelectorAll('.two-factor__codes li').length === 10);
    const twoFactorCalls = requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('-2fa'))
      .map((r) => [r.path, (r as { body: unknown }).body]);
    expect(twoFactorCalls).toEqual([
      ['/disable-2fa', { method: 'email' }],
      ['/configure-2fa', { method: 'totp' }],
      ['/configure-2fa', { method: 'totp', key: '123456' }],
    ]);
    buttonByText(root, 'Download recovery codes')?.click();
    await until(() => toasts(root).includes('Your recovery code is downloaded.'));
    await until(() => !root.querySelector('[role="dialog"]'));
    const statuses = [...root.querySelectorAll('.profile__method')].map((m) => m.textContent);
    expect(statuses).toEqual([
      expect.stringContaining('Configured'),
      expect.stringContaining('Not configured'),
    ]);
  });

  it('an account whose policy requires 2FA switches the other way: the other method goes once the new one works', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    let emailOn = true;
    const { root, requests } = await mount('tab="security"', {
      'POST /configure-2fa': (r) =>
        json({
          two_factor: {
            required: false,
            setup: (r.body as { key?: string }).key ? '3' : '2.1',
            method: 'totp',
            auth_id: '',
            hidden_email: '',
          },
          codes,
        }),
      'GET /totp-setup-key': () =>
        json({ qr_image: 'data:image/png;base64,iVBORw0KGgo=', key: 'JBSWY3DPEHPK3PXP' }),
      // Turning off the only method is refused; once the authenticator is on, it is allowed.
      'POST /disable-2fa': () => {
        const configured = posts(requests, '/configure-2fa').some((r) => (r.body as { key?: string }).key);
        if (!configured) {
          return json(
            { code: 'forbidden', message: 'Your account requires two-factor authentication.' },
            403,
          );
        }
        emailOn = false;
        return json({ success: true, twoFA: { totp: true, email: false } });
      },
    });
    root.querySelector<HTMLButtonElement>('[aria-label="Authenticator app actions"]')?.click();
    (await until(() => root.querySelector<HTMLButtonElement>('[role="menuitem"]'))).click();
    buttonByText(await until(() => root.querySelector('[role="alertdialog"]')), 'Yes')?.click();
    const dialog = await until(() => root.querySelector('[role="dialog"]'));
    await until(() => dialog.textContent?.includes('JBSWY3DPEHPK3PXP'));
    await type(root, 'code', '123456');
    buttonByText(dialog, 'Verify')?.click();
    await until(() => root.querySelectorAll('.two-factor__codes li').length === 10);
    expect(emailOn).toBe(false);
    expect(posts(requests, '/disable-2fa').map((r) => (r as { body: unknown }).body)).toEqual([
      { method: 'email' },
      { method: 'email' },
    ]);
  });

  it('declining to turn the other method off changes nothing', async () => {
    const { root, requests } = await mount('tab="security"');
    root.querySelector<HTMLButtonElement>('[aria-label="Authenticator app actions"]')?.click();
    (await until(() => root.querySelector<HTMLButtonElement>('[role="menuitem"]'))).click();
    const question = await until(() => root.querySelector('[role="alertdialog"]'));
    buttonByText(question, 'No')?.click();
    await until(() => !root.querySelector('[role="alertdialog"]'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(root.querySelector('.profile__method[data-method="email"]')?.textContent).toContain('Configured');
  });

  it("'Generate New Recovery Codes' (authenticator only) makes codes, then their download starts", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `new-${i}`);
    const { root, requests } = await mount('tab="security"', {
      'GET /profile': () => json({ ...profile, twoFA: { totp: true, email: false } }),
      'GET /get-backup-codes': () => json({ codes }),
      'GET /download-backup-codes': () => json(backupCodesAnswer(codes)),
    });
    const menu = await until(() =>
      root.querySelector<HTMLButtonElement>('[aria-label="Authenticator app actions"]'),
    );
    menu.click();
    const items = await until(() => menuItems(root));
    expect(items.map((i) => i.textContent)).toEqual(['Generate New Recovery Codes', 'Disable']);
    items[0]?.click();
    await until(() => toasts(root).includes('Your recovery code is downloaded.'));
    const order = requests.filter((r) => r.path.includes('backup-codes')).map((r) => r.path);
    expect(order).toEqual(['/get-backup-codes', '/download-backup-codes']);
    root.querySelector<HTMLButtonElement>('[aria-label="E-mail code actions"]')?.click();
    const emailItems = await until(() => menuItems(root));
    expect(emailItems.map((i) => i.textContent)).toEqual(['Configure']);
  });

  it('disables a method from its menu', async () => {
    const { root, requests } = await mount('tab="security"', {
      'POST /disable-2fa': () => json({ success: true, twoFA: { totp: false, email: false } }),
    });
    root.querySelector<HTMLButtonElement>('[aria-label="E-mail code actions"]')?.click();
    (await until(() => root.querySelector<HTMLButtonElement>('[role="menuitem"]'))).click();
    await until(() => posts(requests, '/disable-2fa').length === 1);
    expect(posts(requests, '/disable-2fa')[0]?.body).toEqual({ method: 'email' });
    await until(() =>
      root.querySelector('.profile__method[data-method="email"]')?.textContent?.includes('Not configured'),
    );
  });

  it('passes axe on every tab, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      for (const tabName of ['profile', 'billing', 'security']) {
        const { element, root } = await mount(`tab="${tabName}" theme="${theme}"`);
        if (tabName === 'billing') await until(() => root.querySelector('.profile__card'));
        await expectNoAxeViolations(element);
        fixtureCleanup();
      }
    }
  });
});
