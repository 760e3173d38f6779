import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/stores/session';
import { clearToasts } from '../../shared/stores/toasts';
import { sessionUser } from '../../test/fixtures/session-user';
import { expectNoAxeViolations } from '../../test/helpers/axe';
import { until } from '../../test/helpers/dom';
import {
  type Handler,
  json,
  notFound,
  type RecordedRequest,
  recordFetch,
} from '../../test/helpers/fetch-stub';
import './define';

let sent: RecordedRequest[] = [];
let routes: Record<string, Handler> = {};

const user = sessionUser('CUSTOMER', 'Toni Totp', {
  id: 7,
  email: 'totp@example.com',
  gravatar: 'https://www.gravatar.com/avatar/x',
  profile_image: 'https://www.gravatar.com/avatar/x',
});
const token = 'T'.repeat(43);
const ticket = 'A'.repeat(43);
const signedIn = { token, accountType: 'CUSTOMER', redirect: false, redirect_to: null, user };

function pending(level: string, required: boolean, method: string | null): Response {
  const headers: Record<string, string> = {
    'X-2FA-Required': String(required),
    'X-2FA-Setup': level,
    'X-2FA-Auth-Id': ticket,
  };
  if (method) headers['X-2FA-Type'] = method;
  return json(
    { two_factor: { required, setup: level, method, auth_id: ticket, hidden_email: 'to**@example.com' } },
    200,
    headers,
  );
}

let apiCounter = 0;
async function mount(attributes = ''): Promise<HTMLElement> {
  apiCounter += 1;
  const container = document.createElement('div');
  container.innerHTML = `<vendor-sign-in api-base="/sign-in-${apiCounter}/api/v1" ${attributes}></vendor-sign-in>`;
  const element = container.firstElementChild as HTMLElement;
  await fixture(html`${container}`);
  // The page must never be left during a test: every navigation is taken over here.
  element.addEventListener('vendor-navigate', (event) => {
    event.preventDefault();
    navigations.push((event as CustomEvent<{ path: string }>).detail.path);
  });
  return element;
}
const navigations: string[] = [];

function root(element: HTMLElement): ShadowRoot {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
}

function input(shadow: ShadowRoot, name: string): HTMLInputElement {
  const found = shadow.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
}

/**
 * Types like a user: the native setter, then an input event (what React and Preact listen to), then a
 * pause for the re-render (Preact renders on the next tick; a click before it would see the old value).
 */
async function type(field: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function button(shadow: ShadowRoot, text: string): HTMLButtonElement {
  const found = [...shadow.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

const errorTexts = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('.ui-field__error')].map((e) => e.textContent);
const toastTexts = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('.ui-toast__message')].map((e) => e.textContent);

beforeEach(() => {
  navigations.length = 0;
  routes = {};
  session.signOut();
  session.$notice.set(null);
  // Routes are looked up per request: a test adds its own after the stub is installed.
  sent = recordFetch(vi.spyOn(globalThis, 'fetch'), (request) => {
    const route = routes[`${request.method} ${request.path}`];
    return route ? route(request) : notFound();
  });
});

afterEach(() => {
  fixtureCleanup();
  vi.restoreAllMocks();
  clearToasts();
  session.signOut();
  history.replaceState(null, '', location.pathname);
});

describe('<vendor-sign-in> sign-in form', () => {
  it("shows the spec's messages and sends nothing while the form is invalid", async () => {
    const shadow = root(await mount());
    button(shadow, 'Sign In').click();
    await until(() => errorTexts(shadow).length === 2);
    expect(errorTexts(shadow)).toEqual(["Email can't be empty", "Password can't be empty"]);
    await type(input(shadow, 'email'), 'not-an-email');
    button(shadow, 'Sign In').click();
    await until(() => errorTexts(shadow).includes('Email is not valid'));
    expect(sent).toEqual([]);
    expect(input(shadow, 'email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server field error under the password', async () => {
    routes['POST /signin'] = () =>
      json(
        {
          status: 'validation_error',
          code: 'validation_error',
          message: 'Incorrect email or password.',
          data: { fields: { password: 'Incorrect email or password.' } },
        },
        400,
      );
    const shadow = root(await mount());
    await type(input(shadow, 'email'), 'totp@example.com');
    await type(input(shadow, 'password'), 'wrong');
    button(shadow, 'Sign In').click();
    await until(() => errorTexts(shadow).includes('Incorrect email or password.'));
    expect(sent[0]?.body).toEqual({ username: 'totp@example.com', password: 'wrong', from_app: false });
  });

  it('signs in, stores the token, fires vendor-signed-in and asks to navigate to a safe redirect', async () => {
    routes['POST /signin'] = () => json(signedIn, 200, { 'X-WP-Nonce': token });
    history.replaceState(null, '', `${location.pathname}?redirect=${encodeURIComponent('//evil.example')}`);
    const element = await mount();
    const shadow = root(element);
    const events: unknown[] = [];
    element.addEventListener('vendor-signed-in', (event) => events.push((event as CustomEvent).detail));
    await type(input(shadow, 'email'), 'totp@example.com');
    await type(input(shadow, 'password'), 'Totp#2026');
    button(shadow, 'Sign In').click();
    await until(() => navigations.length === 1);
    expect(navigations).toEqual(['/user/dashboard']);
    expect(events).toEqual([user]);
    expect(session.$token.get()).toBe(token);
    expect(localStorage.getItem('access_token')).toBe(token);
  });
});

describe('<vendor-sign-in> on a page loaded signed in', () => {
  it('says so and signs out instead of showing the form again', async () => {
    session.setToken(token);
    routes['POST /signout'] = () => json({ success: true });
    const element = await mount();
    const shadow = root(element);
    // The element's own status line, not its (empty) toast region, which is a status too.
    await until(() => shadow.querySelector('p[role="status"]'));
    expect(shadow.querySelector('p[role="status"]')?.textContent).toBe('You are signed in.');
    expect(shadow.querySelector('input[name="password"]')).toBeNull();
    button(shadow, 'Sign out').click();
    await until(() => shadow.querySelector('input[name="password"]'));
    expect(session.$token.get()).toBeNull();
  });
});

describe('<vendor-sign-in> 2FA', () => {
  async function toCodeStep(element: HTMLElement) {
    const shadow = root(element);
    await type(input(shadow, 'email'), 'totp@example.com');
    await type(input(shadow, 'password'), 'Totp#2026');
    button(shadow, 'Sign In').click();
    await until(() => shadow.querySelector('[data-step="verify-code"]'));
    return shadow;
  }

  it('asks for the code in an undismissable modal, with the toast and cleared input on a wrong code', async () => {
    routes['POST /signin'] = () => pending('1', true, 'totp');
    routes['POST /verify-2fa'] = () =>
      json(
        {
          status: 'validation_error',
          code: 'invalid_2fa_code',
          message: 'Sorry, your verification code is not valid, please try again.',
          data: { fields: { code: 'Sorry, your verification code is not valid, please try again.' } },
        },
        400,
      );
    const shadow = await toCodeStep(await mount('redirect="/user/my-products"'));
    const dialog = shadow.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('data-size')).toBe('large');
    // Labels find their inputs by id: every id in the shadow root must be unique.
    const ids = [...shadow.querySelectorAll('[id]')].map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(shadow.querySelector('.ui-modal__close')).toBeNull();
    expect(shadow.textContent).toContain('2FA Authentication Required');
    dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(shadow.querySelector('[role="dialog"]')).not.toBeNull();

    button(shadow, 'Verify').click();
    await until(() => errorTexts(shadow).includes('Please insert verification code'));
    expect(sent.filter((r) => r.path === '/verify-2fa')).toEqual([]);

    await type(input(shadow, 'code'), '123456');
    button(shadow, 'Verify').click();
    await until(() =>
      toastTexts(shadow).includes('Sorry, your verification code is not valid, please try again.'),
    );
    expect(input(shadow, 'code').value).toBe('');
    expect(errorTexts(shadow)).toContain('Sorry, your verification code is not valid, please try again.');
    expect(sent.at(-1)?.body).toEqual({
      auth_id: ticket,
      code: '123456',
      method: 'totp',
      mode: 'signin',
      recovery: false,
    });

    routes['POST /verify-2fa'] = () => json(signedIn, 200, { 'X-WP-Nonce': token });
    await type(input(shadow, 'code'), 'abc');
    button(shadow, 'Use a recovery code').click();
    await until(() => shadow.textContent?.includes('Enter one of your recovery codes.'));
    expect(input(shadow, 'code').value).toBe('');
    await type(input(shadow, 'code'), 'ABCDE-FGHJK');
    button(shadow, 'Verify').click();
    await until(() => navigations.length === 1);
    expect(navigations).toEqual(['/user/my-products']);
    expect(sent.at(-1)?.body).toMatchObject({ code: 'ABCDE-FGHJK', recovery: true });
    expect(shadow.querySelector('[role="dialog"]')).toBeNull();
  });

  it("shows 'Expired code or wrong one' for an e-mail code", async () => {
    routes['POST /signin'] = () => pending('1', true, 'email');
    routes['POST /verify-2fa'] = () =>
      json(
        {
          status: 'validation_error',
          code: 'invalid_2fa_code',
          message: 'Expired code or wrong one',
          data: { fields: { code: 'Expired code or wrong one' } },
        },
        400,
      );
    const shadow = await toCodeStep(await mount());
    expect(shadow.textContent).toContain('to**@example.com');
    await type(input(shadow, 'code'), '000000');
    button(shadow, 'Verify').click();
    await until(() => toastTexts(shadow).includes('Expired code or wrong one'));
    expect(sent.at(-1)?.body).toMatchObject({ method: 'email' });
  });

  it('walks a forced setup: method, QR and key with copy, code, recovery codes download, then signs in', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `CODE${i}-ABCDE`);
    routes['POST /signin'] = () => pending('1', false, null);
    routes['POST /configure-2fa'] = ({ body }) =>
      (body as { key?: string } | null)?.key
        ? json(
            {
              two_factor: {
                required: false,
                setup: '3',
                method: 'totp',
                auth_id: ticket,
                hidden_email: 'se******@example.com',
              },
              codes,
            },
            200,
            {
              'X-2FA-Setup': '3',
              'X-2FA-Auth-Id': ticket,
            },
          )
        : pending('2.1', false, 'totp');
    routes['GET /totp-setup-key'] = () =>
      json({
        qr_image:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        key: 'JBSWY3DPEHPK3PXP',
      });
    routes['GET /download-backup-codes'] = () => json({ ...signedIn, codes }, 200, { 'X-WP-Nonce': token });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => saved.push(text));
      return 'blob:codes';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const element = await mount();
    const shadow = root(element);
    await type(input(shadow, 'email'), 'setup2fa@example.com');
    await type(input(shadow, 'password'), 'Setup2fa#2026');
    button(shadow, 'Sign In').click();
    await until(() => shadow.querySelector('[data-step="choose-method"]'));
    await expectNoAxeViolations(element);
    button(shadow, 'Authenticator app').click();
    const qr = await until(() => shadow.querySelector<HTMLImageElement>('.two-factor__qr img'));
    expect(qr.alt).toBe('QR code for your authenticator app');
    expect(sent.find((r) => r.path === '/totp-setup-key')?.query.get('auth_id')).toBe(ticket);
    expect(shadow.textContent).toContain('JBSWY3DPEHPK3PXP');
    button(shadow, 'Copy').click();
    await until(() => shadow.textContent?.includes('Code is copied to clipboard'));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    await expectNoAxeViolations(element);

    await type(input(shadow, 'code'), '123456');
    button(shadow, 'Verify').click();
    await until(() => shadow.querySelectorAll('.two-factor__codes li').length === 10);
    expect(sent.at(-1)?.body).toEqual({ auth_id: ticket, method: 'totp', key: '123456' });
    expect(session.$token.get()).toBeNull();

    button(shadow, 'Download recovery codes').click();
    await until(() => toastTexts(shadow).includes('Your recovery code is downloaded.'));
    await until(() => saved.length === 1);
    expect(saved[0]).toBe(`${codes.join('\n')}\n`);
    await until(() => navigations.length === 1);
    expect(session.$token.get()).toBe(token);
  });

  it('passes axe with the code modal open, light and dark', async () => {
    routes['POST /signin'] = () => pending('1', true, 'totp');
    const element = await mount();
    await toCodeStep(element);
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });
});

describe('<vendor-sign-in view="forgot">', () => {
  it('checks the e-mail, shows the loading label, then the sentence and an empty field', async () => {
    let release: () => void = () => {};
    routes['POST /reset-password'] = () =>
      new Promise((resolve) => {
        release = () => resolve(json({ success: true, message: 'Forget password request success' }));
      });
    const element = await mount('view="forgot"');
    const shadow = root(element);
    button(shadow, 'Send Password Reset Link').click();
    await until(() => errorTexts(shadow).includes('Email is required'));
    await type(input(shadow, 'email'), 'nope');
    button(shadow, 'Send Password Reset Link').click();
    await until(() => errorTexts(shadow).includes('Please insert a valid email'));
    expect(sent).toEqual([]);

    await type(input(shadow, 'email'), 'customer@example.com');
    button(shadow, 'Send Password Reset Link').click();
    await until(() => shadow.textContent?.includes('Sending Password Reset Link...'));
    release();
    await until(() =>
      shadow.textContent?.includes(
        'A reset password link have been sent to your email, please check your email.',
      ),
    );
    expect(toastTexts(shadow)).toContain('Forget password request success');
    expect(input(shadow, 'email').value).toBe('');
    expect(sent.map((r) => r.body)).toEqual([{ user: 'customer@example.com' }]);
    await expectNoAxeViolations(element);
    element.setAttribute('theme', 'dark');
    await expectNoAxeViolations(element);
  });

  it("'Back to Login' asks the page, then shows the sign-in form", async () => {
    const shadow = root(await mount('view="forgot"'));
    button(shadow, 'Back to Login').click();
    expect(navigations).toEqual(['/auth/sign-in']);
  });
});

describe('<vendor-sign-in view="reset">', () => {
  it("checks the password rule and the confirmation with the spec's messages", async () => {
    history.replaceState(null, '', `${location.pathname}?key=${'K'.repeat(43)}&user=customer`);
    const element = await mount('view="reset"');
    const shadow = root(element);
    button(shadow, 'Reset Password').click();
    await until(() => errorTexts(shadow).length === 2);
    expect(errorTexts(shadow)).toEqual(["Password can't be empty", "Confirm password can't be empty"]);
    await type(input(shadow, 'password'), 'weakpass');
    await type(input(shadow, 'password_confirmation'), 'other');
    button(shadow, 'Reset Password').click();
    await until(() =>
      errorTexts(shadow).includes(
        'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer',
      ),
    );
    await type(input(shadow, 'password'), 'NewPass#2027');
    button(shadow, 'Reset Password').click();
    await until(() => errorTexts(shadow).includes('Confirm password does not match with the password'));
    expect(sent).toEqual([]);
    await expectNoAxeViolations(element);
  });

  it('sends the key and user of the link, toasts success, clears the fields and goes to /', async () => {
    history.replaceState(null, '', `${location.pathname}?key=${'K'.repeat(43)}&user=customer`);
    routes['POST /reset-password'] = () =>
      json({ success: true, message: 'Your password reset successfully' });
    const shadow = root(await mount('view="reset"'));
    await type(input(shadow, 'password'), 'NewPass#2027');
    await type(input(shadow, 'password_confirmation'), 'NewPass#2027');
    button(shadow, 'Reset Password').click();
    await until(() => navigations.length === 1);
    expect(navigations).toEqual(['/']);
    expect(toastTexts(shadow)).toContain('Your password reset successfully');
    expect(sent[0]?.body).toEqual({
      key: 'K'.repeat(43),
      user: 'customer',
      action: 'rp',
      new_pass: 'NewPass#2027',
      new_pass_2: 'NewPass#2027',
    });
    expect(input(shadow, 'password').value).toBe('');
  });

  it('shows the server errors under the fields', async () => {
    history.replaceState(null, '', `${location.pathname}?key=${'K'.repeat(43)}&user=customer`);
    routes['POST /reset-password'] = () =>
      json(
        {
          status: 'validation_error',
          code: 'validation_error',
          message: 'x',
          data: { fields: { password_confirmation: 'Server says no' } },
        },
        400,
      );
    const shadow = root(await mount('view="reset"'));
    await type(input(shadow, 'password'), 'NewPass#2027');
    await type(input(shadow, 'password_confirmation'), 'NewPass#2027');
    button(shadow, 'Reset Password').click();
    await until(() => errorTexts(shadow).includes('Server says no'));
  });
});
