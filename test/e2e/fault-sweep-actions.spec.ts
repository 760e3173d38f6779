import { type Browser, expect, type Page, type Route, test } from '@playwright/test';
import { demoTotpSecret } from '../../server/seed/demo-accounts';
import * as messages from '../../shared/api/messages';
import { authenticatorApp } from './support/authenticator';
import { checkout, chooseCountry, fillBilling, uniqueEmail } from './support/checkout';
import {
  answerWithFault,
  callKey,
  type Fault,
  type Fixtures,
  inPool,
  maxRequestsIn10s,
  noteAnswerShape,
  open,
  prepare,
  readableMessages,
  readPage,
  recordAlerts,
  recordedAlerts,
  settled,
  sweepTimeoutMs,
  sweepWidth,
  type Visit,
} from './support/fault-sweep';
import { ownServer } from './support/own-server';
import { addCardThroughSandbox } from './support/sandbox-card';
import { demoAccounts } from './support/session';
import { listedAs, sweptByActions } from './support/swept-calls';

/**
 * The fault sweep of what people do (issue 23), beside the sweep of what pages load: each action below is
 * done once unfaulted to find the API calls it makes, then done again with each of those calls answered
 * with a 500, a 503, a stall, a dropped connection and a body of the wrong shape. Each must end in a
 * readable message, send at most 3 requests in 10 s, leave nothing blank and throw nothing, and the
 * same action must go through once the fault is lifted. The calls are found by doing the action, not
 * listed here, so a call an action starts making is swept too.
 */

interface Action {
  name: string;
  visit: (fixtures: Fixtures) => Visit;
  /** What a person does first, unfaulted (fill the form before paying). */
  prepare?: (page: Page) => Promise<void>;
  /** Does the action on a page that has shown what it loaded; safe to do twice in a row. */
  act: (page: Page, fixtures: Fixtures) => Promise<void>;
  /**
   * Calls the view the action leads to makes as it loads, at the same address (the cart's payment form
   * after a first Add to Cart): the load sweep covers them on that view.
   */
  nextViewLoads?: string[];
  /**
   * The action opens a page of its own (a mailed link): what that page asks for counts as the action's,
   * except the calls the visited page already made on load.
   */
  opensPage?: boolean;
  /**
   * Signing out ends the session in the browser whatever the server answers (shared/stores/account.ts):
   * no message to read, the sign-in form instead.
   */
  signsOutAnyway?: boolean;
}

const shadowButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();

/** The demo account with authenticator 2FA (server/seed/demo-accounts.ts), and its app. */
const twoFactorAccount = { username: 'totp@example.com', password: 'Totp#2026' };
const twoFactorApp = authenticatorApp(demoTotpSecret);
/** The demo account with e-mail 2FA: its codes arrive in the server's outbox. */
const mailCodeAccount = { username: 'email2fa@example.com', password: 'Email2fa#2026' };

/** The profile's menu of a 2FA method, then one of its items. */
async function methodAction(page: Page, method: string, item: string): Promise<void> {
  await shadowButton(page, `${method} actions`).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The authenticator each staff account set up here, by account: its codes confirm what follows. */
const staffApps = new Map<string, ReturnType<typeof authenticatorApp>>();

async function staffCode(account: string): Promise<string> {
  const app = staffApps.get(account);
  if (!app) throw new Error(`no authenticator was set up for ${account}`);
  return app.nextCode();
}

/**
 * Turns the authenticator app on from the profile's security tab, unless it is on with a secret set up
 * here, as a person does: the key shown, a code from it, the recovery codes downloaded.
 */
async function authenticatorOn(page: Page, account: string): Promise<void> {
  const row = page.getByRole('listitem').filter({ hasText: 'Authenticator app' });
  if (staffApps.has(account) && !(await row.textContent())?.includes('Not configured')) return;
  await methodAction(page, 'Authenticator app', 'Configure');
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const app = authenticatorApp((await setup.locator('.two-factor__key code').textContent()) ?? '');
  await setup.getByLabel('Verification code').fill(await app.nextCode());
  await setup.getByRole('button', { name: 'Verify' }).click();
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await codes.getByRole('button', { name: 'Download recovery codes' }).click();
  await codes.waitFor({ state: 'hidden' });
  staffApps.set(account, app);
}

/** The confirm step of a 2FA change (opened unless a failed try left it open): password, code, Confirm. */
async function confirmTwoFactorChange(page: Page, open: () => Promise<void>, password: string, code: string) {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByLabel('Current password') })
    .first();
  if (!(await dialog.isVisible())) await open();
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/** The newest 6-digit code mailed to `to` (the server's outbox is newest first), or ''. */
async function newestMailedCode(page: Page, to: string): Promise<string> {
  const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
    to: string;
    text: string;
  }[];
  return /\b(\d{6})\b/.exec(outbox.find((mail) => mail.to === to)?.text ?? '')?.[1] ?? '';
}

/** The code mailed to `to` once it differs from `before`. */
async function nextMailedCode(page: Page, to: string, before: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await newestMailedCode(page, to);
      return code !== '' && code !== before;
    })
    .toBe(true);
  return code;
}

/**
 * Asks for an e-mail change of the signed-in account (as the profile tab does) and returns the mailed
 * confirmation link, path and query: each link confirms once, so each doing of the action needs its own.
 */
async function mailedConfirmationLink(page: Page, password: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { 'X-WP-Nonce': token ?? '' };
  const { display_name, first_name, last_name } = (await (
    await page.request.get('/api/v1/profile', { headers })
  ).json()) as { display_name: string; first_name: string; last_name: string };
  const email = `${unique('fault-sweep-email')}@example.com`;
  const change = await page.request.post('/api/v1/profile', {
    headers,
    data: { type: 'profile', display_name, first_name, last_name, email, current_password: password },
  });
  if (!change.ok()) throw new Error(`the e-mail change was refused: ${change.status()}`);
  const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
    to: string;
    text: string;
  }[];
  const link = /https?:\/\/\S+action=confirm_email\S+/.exec(
    outbox.find((mail) => mail.to === email)?.text ?? '',
  );
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const url = new URL(link[0]);
  return `${url.pathname}${url.search}`;
}

/** A name no earlier run used: the server keeps what each successful run made. */
let made = 0;
function unique(prefix: string): string {
  made += 1;
  return `${prefix}-${Date.now().toString(36)}-${made}`;
}

/** Presses `button` unless its yes/no question is already open (a failed answer leaves it), then Yes. */
async function confirmWithYes(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  const question = page.getByRole('alertdialog').first();
  if (!(await question.isVisible())) await button.click();
  await question.getByRole('button', { name: 'Yes', exact: true }).click();
}

/** The licence whose sites the site actions change: unlimited, so adding never meets a limit. */
const sitesVisit = (fixtures: Fixtures): Visit => ({
  role: 'customer',
  url: `/user/manage-site/${fixtures.unlimitedSites.paymentId}?license_id=${fixtures.unlimitedSites.licenseId}`,
});

async function addSite(page: Page): Promise<string> {
  const url = `http://${unique('fault-sweep')}.example.com`;
  await page.getByLabel('Site URL').fill(url);
  await shadowButton(page, 'Add Site').click();
  return url;
}

const actions: Action[] = [
  {
    name: 'apply a promo code',
    visit: () => ({ role: 'guest', url: '/checkout', cartLine: true }),
    act: async (page) => {
      await checkout(page).getByLabel('Promo code').fill('FREE100');
      await checkout(page).getByRole('button', { name: 'Apply' }).click();
    },
  },
  {
    name: 'pay',
    visit: () => ({ role: 'guest', url: '/checkout', cartLine: true }),
    prepare: (page) => fillBilling(page, uniqueEmail('fault-sweep-pay')),
    act: async (page) => {
      await checkout(page).getByRole('button', { name: /^Pay / }).click();
    },
  },
  {
    name: 'choose a country with states',
    visit: () => ({ role: 'guest', url: '/checkout', cartLine: true }),
    act: async (page) => {
      // Another country each time: a country's states are asked for once.
      const box = checkout(page).getByRole('combobox', { name: /Country/ });
      await chooseCountry(page, (await box.inputValue()) === 'Germany' ? 'Canada' : 'Germany');
    },
  },
  {
    name: 'sign in',
    visit: () => ({ role: 'guest', url: '/auth/sign-in' }),
    act: async (page) => {
      await page.getByLabel('Email').fill(demoAccounts.customer.username);
      await page.getByLabel('Password').fill(demoAccounts.customer.password);
      await shadowButton(page, 'Sign In').click();
    },
  },
  {
    name: 'verify a second-factor code',
    visit: () => ({ role: 'guest', url: '/auth/sign-in' }),
    prepare: async (page) => {
      await page.getByLabel('Email').fill(twoFactorAccount.username);
      await page.getByLabel('Password').fill(twoFactorAccount.password);
      await shadowButton(page, 'Sign In').click();
      await page.getByRole('dialog').getByLabel('Verification code').waitFor();
    },
    act: async (page) => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Verification code').fill(await twoFactorApp.nextCode());
      await dialog.getByRole('button', { name: 'Verify' }).click();
    },
  },
  {
    name: 'ask for a reset link',
    visit: () => ({ role: 'guest', url: '/auth/forget-pass' }),
    act: async (page) => {
      await page.getByLabel('Email').fill(demoAccounts.customer.username);
      await shadowButton(page, 'Send Password Reset Link').click();
    },
  },
  {
    name: 'reply to a ticket',
    visit: (fixtures) => ({ role: 'customer', url: `/user/conversations/${fixtures.conversationId}` }),
    act: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'New Reply' });
      if (!(await dialog.isVisible())) await shadowButton(page, 'New Reply').click();
      await dialog.getByLabel('Message').fill('A reply sent while the fault sweep runs.');
      await dialog.getByRole('button', { name: 'Submit' }).click();
    },
  },
  {
    name: 'open a ticket',
    visit: () => ({ role: 'customer', url: '/user/my-tickets' }),
    act: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
      if (!(await dialog.isVisible())) await shadowButton(page, 'Add Ticket').click();
      await dialog.getByLabel('Subject').fill('Opened while the fault sweep runs');
      await dialog.getByLabel('Message').fill('A ticket opened while the fault sweep runs.');
      await dialog.getByRole('button', { name: 'Submit' }).click();
    },
  },
  {
    name: 'generate an invoice',
    visit: (fixtures) => ({ role: 'customer', url: `/user/generate-invoice/${fixtures.paymentId}` }),
    act: async (page) => {
      await shadowButton(page, 'Generate').click();
    },
  },
  {
    name: 'add a product to an empty cart',
    visit: () => ({ role: 'guest', url: '/checkout' }),
    nextViewLoads: ['GET /api/v1/countries'],
    act: async (page) => {
      await checkout(page).getByRole('button', { name: 'Add to Cart' }).first().click();
    },
  },
  {
    name: 'download a file',
    visit: () => ({ role: 'customer', url: '/user/download' }),
    act: async (page) => {
      await shadowButton(page, 'Download Documentation Plugin').click();
    },
  },
  {
    // The company account: its e-mail changes each time, so the sweep signs it in by its login name.
    name: 'confirm a new e-mail address',
    visit: () => ({ role: 'company', url: '/user/profile' }),
    opensPage: true,
    act: async (page) => {
      await page.goto(await mailedConfirmationLink(page, demoAccounts.company.password));
      // The key is posted as the profile mounts: its tabs showing means the page has sent it.
      await page.getByRole('tab', { name: 'Password & Security' }).waitFor();
    },
  },
  {
    name: 'update the profile',
    visit: () => ({ role: 'customer', url: '/user/profile' }),
    act: async (page) => {
      await shadowButton(page, 'Update Profile').click();
    },
  },
  {
    name: 'add a site',
    visit: sitesVisit,
    act: async (page) => {
      await addSite(page);
    },
  },
  {
    name: 'deactivate a site',
    visit: sitesVisit,
    prepare: async (page) => {
      const url = await addSite(page);
      await page.getByRole('button', { name: `Deactivate Site ${url}` }).waitFor();
    },
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Deactivate Site http:\/\/fault-sweep-/ })
        .last()
        .click();
    },
  },
  {
    name: 'cancel or reactivate a subscription',
    visit: () => ({ role: 'customer', url: '/user/subscription' }),
    act: (page) =>
      confirmWithYes(
        page,
        page.getByRole('button', { name: /^(Cancel|Reactivate) Agency Bundle subscription$/ }),
      ),
  },
  {
    name: 'make the other card the default',
    visit: () => ({ role: 'customer', url: '/user/profile?tab=billing' }),
    act: (page) => confirmWithYes(page, page.getByRole('button', { name: /^Set as default: / }).first()),
  },
  {
    name: 'add a card',
    visit: () => ({ role: 'customer', url: '/user/profile?tab=billing' }),
    act: async (page) => {
      await shadowButton(page, 'Add New Card').click();
    },
  },
  {
    name: 'start an authenticator app setup',
    visit: () => ({ role: 'customer', url: '/user/profile?tab=security' }),
    act: async (page) => {
      // Done again: the setup the last run opened is closed first.
      if (await page.getByRole('dialog').first().isVisible()) await page.keyboard.press('Escape');
      await shadowButton(page, 'Authenticator app actions').click();
      await page.getByRole('menuitem', { name: 'Configure' }).click();
    },
  },
  {
    name: 'switch the company profile',
    visit: () => ({ role: 'company', url: '/user/dashboard' }),
    act: async (page) => {
      await page.getByLabel('Company profile').selectOption({ label: await otherCompany(page) });
    },
  },
  {
    name: 'create a company',
    visit: () => ({ role: 'affiliate', url: '/auth/create-company-form' }),
    act: async (page) => {
      await page.getByLabel('Company name').fill(unique('Fault Sweep Company'));
      await shadowButton(page, 'Create Company').click();
    },
  },
  {
    name: 'switch into a customer',
    visit: () => ({ role: 'manager', url: '/user/manage', session: 'fresh' }),
    prepare: async (page) => {
      await page.getByLabel('Search users').fill(demoAccounts.customer.username);
      await page
        .getByRole('button', { name: /Switch to user/ })
        .first()
        .waitFor();
    },
    act: async (page) => {
      await page
        .getByRole('button', { name: /Switch to user/ })
        .first()
        .click();
    },
  },
  {
    name: 'switch back',
    visit: () => ({ role: 'manager', url: '/user/dashboard', session: 'switched' }),
    act: async (page) => {
      const switchBack = shadowButton(page, 'Switch Back');
      if (!(await switchBack.isVisible())) await page.locator('vendor-portal .header__trigger').click();
      await switchBack.click();
    },
  },
  {
    name: 'register as an affiliate',
    visit: () => ({ role: 'guest', url: '/auth/affiliate-registration' }),
    act: async (page) => {
      const login = unique('sweep').replace(/-/g, '');
      await page.getByLabel('Your Name').fill('Robin Sweep');
      await page.getByLabel('Username').fill(login);
      await page.getByLabel('Account Email').fill(`${login}@example.com`);
      await page.getByLabel('Website URL').fill('https://sweep.example');
      await page.getByLabel('How will you promote us?').fill('A weekly newsletter with plugin reviews.');
      await page.getByLabel('I agree to the Terms & Conditions and Privacy Policy').check();
      await shadowButton(page, 'Register').click();
    },
  },
  {
    name: 'sign out',
    visit: () => ({ role: 'customer', url: '/user/dashboard', session: 'fresh' }),
    signsOutAnyway: true,
    act: async (page) => {
      // Done again after the sign-out: the person signs in first.
      if (new URL(page.url()).pathname === '/auth/sign-in') {
        await page.getByLabel('Email').fill(demoAccounts.customer.username);
        await page.getByLabel('Password').fill(demoAccounts.customer.password);
        await shadowButton(page, 'Sign In').click();
        await page.waitForURL('**/user/dashboard');
      }
      await page.locator('vendor-portal .sidebar__signout').click();
    },
  },
  // A 2FA change ends the account's other sessions, and a fresh sign-in would be asked for a code: each
  // runs on a staff account no other action uses, in the session the sweep signed in with.
  {
    name: 'turn the authenticator app off',
    visit: () => ({ role: 'admin', url: '/user/profile?tab=security' }),
    prepare: (page) => authenticatorOn(page, 'admin'),
    act: async (page) =>
      confirmTwoFactorChange(
        page,
        () => methodAction(page, 'Authenticator app', 'Disable'),
        demoAccounts.admin.password,
        await staffCode('admin'),
      ),
  },
  {
    name: 'generate new recovery codes',
    visit: () => ({ role: 'superAdmin', url: '/user/admin_user/profile?tab=security' }),
    prepare: (page) => authenticatorOn(page, 'superAdmin'),
    act: async (page) =>
      confirmTwoFactorChange(
        page,
        () => methodAction(page, 'Authenticator app', 'Generate New Recovery Codes'),
        demoAccounts.superAdmin.password,
        await staffCode('superAdmin'),
      ),
  },
  {
    name: 'ask for a confirmation code by e-mail',
    visit: () => ({ role: 'guest', url: '/auth/sign-in' }),
    // The seeded account with e-mail codes signs in with the code it is mailed.
    prepare: async (page) => {
      const before = await newestMailedCode(page, mailCodeAccount.username);
      await page.getByLabel('Email').fill(mailCodeAccount.username);
      await page.getByLabel('Password').fill(mailCodeAccount.password);
      await shadowButton(page, 'Sign In').click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel('Verification code')
        .fill(await nextMailedCode(page, mailCodeAccount.username, before));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/user/dashboard');
      await page.goto('/user/profile?tab=security');
      await settled(page);
    },
    act: async (page) => {
      await shadowButton(page, 'E-mail me a code').click();
    },
  },
  {
    name: 'search users',
    visit: () => ({ role: 'manager', url: '/user/manage' }),
    act: async (page) => {
      const box = page.getByLabel('Search users');
      await box.fill((await box.inputValue()) === 'customer' ? 'custome' : 'customer');
    },
  },
  // Last, far from the profile switch above: the switch changes which company the export is of, and
  // only Acme Agency grants it.
  {
    name: 'export the report',
    visit: () => ({ role: 'company', url: '/user/dashboard' }),
    prepare: async (page) => {
      const box = page.getByLabel('Company profile');
      if ((await box.locator('option:checked').textContent()) !== 'Acme Agency') {
        await box.selectOption({ label: 'Acme Agency' });
        await settled(page);
      }
    },
    act: async (page) => {
      await shadowButton(page, 'Export CSV').click();
    },
  },
  // Far from 'make the other card the default' above, which could make the card to remove the default.
  {
    name: 'remove a card',
    visit: () => ({ role: 'customer', url: '/user/profile?tab=billing' }),
    prepare: (page) => addCardThroughSandbox(page, page.locator('vendor-portal'), '5105 1051 0510 5100'),
    act: (page) =>
      confirmWithYes(page, page.getByRole('button', { name: 'Remove Mastercard ending in 5100' }).first()),
  },
];

/** The company profile the switcher does not show now. */
async function otherCompany(page: Page): Promise<string> {
  const box = page.getByLabel('Company profile');
  const shown = await box.locator('option:checked').textContent();
  return shown === 'Acme Agency' ? 'Globex Studio' : 'Acme Agency';
}

const faults: Fault[] = ['500', '503', 'stall', 'dropped', 'malformed'];

/** How long one step of an action may wait for its control, so a page that lost it fails, not hangs. */
const actionTimeout = 15_000;

/** Spec §8: 'internal_server_error on the coupon call: ignored silently.' */
const silentBySpec = (call: string, fault: Fault) => fault === '500' && call === 'POST /api/v1/coupon';

interface ActionCase {
  action: Action;
  call: string;
  answersArray: boolean;
}

/** Texts a person can read after a failure: spec §8's and the server's 503, inside any alert or status. */
const readableIn = (alerts: string[]) =>
  alerts.some((alert) => [...readableMessages].some((text) => alert.includes(text)));

/** The calls an action makes, done unfaulted on a fresh page. */
async function discover(browser: Browser, baseURL: string, fixtures: Fixtures, action: Action) {
  const context = await open(browser, baseURL, fixtures, action.visit(fixtures));
  try {
    await context.clock.install();
    const page = await context.newPage();
    page.setDefaultTimeout(actionTimeout);
    let acting = false;
    // What the page asks for on its own, even late, belongs to the load sweep, not to this action.
    const loaded = new Set<string>();
    // A page the action opens anew asks for what the first one did on load: that is the load sweep's too.
    if (action.opensPage)
      page.on('request', (request) => {
        const key = callKey(request);
        if (key && !acting) loaded.add(key);
      });
    await page.goto(action.visit(fixtures).url);
    await settled(page);
    await action.prepare?.(page);
    // Calls the next page makes once the action took the visitor there belong to that page's sweep.
    const actedAt = new URL(page.url()).pathname;
    const stillThere = () => new URL(page.url()).pathname === actedAt;
    const calls = new Map<string, { answersArray: boolean }>();
    const reads: Promise<void>[] = [];
    // So does what a page the action loads asks for, at the same address too (Switch Back reloads the
    // dashboard).
    let reloaded = false;
    page.on('domcontentloaded', () => {
      if (acting && !action.opensPage) reloaded = true;
    });
    page.on('request', (request) => {
      const key = callKey(request);
      if (key && !acting) loaded.add(key);
      if (!key || !acting || reloaded || loaded.has(key) || calls.has(key) || !stillThere()) return;
      if (action.nextViewLoads?.includes(key)) return;
      const call = { answersArray: false };
      calls.set(key, call);
      reads.push(noteAnswerShape(request, call));
    });
    // A second look after a pause: a page that asks for something late is still loading.
    await page.clock.runFor(1000);
    await settled(page);
    acting = true;
    await action.act(page, fixtures);
    // The search box waits before it asks; the checkout confirms what it sent.
    await page.clock.runFor(1500);
    await settled(page);
    await Promise.all(reads);
    return [...calls].map(([call, { answersArray }]) => ({ action, call, answersArray }));
  } finally {
    await context.close();
  }
}

/** Does the action with `call` faulted, and again once the fault is lifted. The problems found. */
async function sweepAction(
  browser: Browser,
  baseURL: string,
  fixtures: Fixtures,
  { action, call, answersArray }: ActionCase,
  fault: Fault,
): Promise<string[]> {
  const problems: string[] = [];
  const name = `${fault} on ${call} when people ${action.name}`;
  const visit = action.visit(fixtures);
  const context = await open(browser, baseURL, fixtures, visit);
  const stalled: (() => void)[] = [];
  try {
    await context.clock.install();
    await recordAlerts(context);
    const page = await context.newPage();
    page.setDefaultTimeout(actionTimeout);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(visit.url);
    await settled(page);
    await action.prepare?.(page);

    let faulting = true;
    const hits: number[] = [];
    let forwarded = 0;
    let answeredAfterLift = 0;
    // Counted as the answer arrives: a file the page streams through Playwright's routing can end as
    // 'failed' after its whole body was read and saved.
    page.on('response', (response) => {
      if (!faulting && callKey(response.request()) === call && response.ok()) answeredAfterLift += 1;
    });
    await page.route(
      (url) => url.pathname.startsWith('/api/v1/'),
      async (route: Route) => {
        if (callKey(route.request()) !== call || !faulting) return route.fallback();
        hits.push(forwarded);
        // A stall lasts until the fault is lifted: the page's own clock, run fast here, decides when the
        // page gives up; 20 s of real time could end it first on a busy machine, and the action would
        // go through while faulted.
        return answerWithFault(route, fault, answersArray, stalled, null);
      },
    );

    // What the page showed before the action answers no failure of it (the sign-in's standing
    // '2FA Authentication Required').
    const shownNow = async () => [...(await readPage(page)).alerts, ...(await recordedAlerts(page))];
    const shownBefore = new Set(await shownNow());
    await action.act(page, fixtures);
    // Page time in short steps, reading the messages on the way (and those recorded as they showed: a
    // toast closes after 3 s of page time, which also flows with the real time a busy machine takes).
    const seen = new Set<string>();
    const note = async () => {
      for (const alert of await shownNow()) if (!shownBefore.has(alert)) seen.add(alert);
    };
    const step = async () => {
      await page.clock.runFor(500);
      forwarded += 500;
      await note();
    };
    await note();
    while (forwarded < 10_000) await step();
    const inTenSeconds = hits.filter((at) => at <= 10_000).length;
    if (inTenSeconds > maxRequestsIn10s)
      problems.push(`${name}: ${inTenSeconds} requests in 10 s (at most ${maxRequestsIn10s})`);
    const silent = silentBySpec(call, fault) || action.signsOutAnyway === true;
    // A change waits up to 30 s for its answer (the API client's limit for writes) before it says so.
    while (!readableIn([...seen]) && !silent && forwarded < 40_000) await step();
    if (hits.length === 0) problems.push(`${name}: the action did not make the call`);
    if (action.signsOutAnyway) {
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      if (token !== null || new URL(page.url()).pathname !== '/auth/sign-in')
        problems.push(`${name}: not signed out (at ${page.url()})`);
    }
    if (!silent && !readableIn([...seen]))
      problems.push(`${name}: no readable message (saw ${JSON.stringify([...seen])})`);
    const serverErrorText = messages.requestFailures.internalServerError;
    if (!silent && fault === '500' && ![...seen].some((alert) => alert.includes(serverErrorText)))
      problems.push(`${name}: not '${serverErrorText}' (saw ${JSON.stringify([...seen])})`);
    const reading = await readPage(page);
    if (reading.text === '') problems.push(`${name}: the page is blank`);
    if (reading.blank.length > 0) problems.push(`${name}: blank ${reading.blank.join(', ')}`);

    // The fault lifted: the same action goes through.
    faulting = false;
    for (const release of stalled.splice(0)) release();
    await page.clock.runFor(1000);
    // A list the action reloads shows its failure with Try again: a person presses it first.
    for (const retry of await page.getByRole('button', { name: 'Try again', exact: true }).all())
      if (await retry.isVisible()) await retry.click();
    await settled(page);
    await action.act(page, fixtures);
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1000);
          return answeredAfterLift;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0)
      .catch(() => problems.push(`${name}: no successful ${call} when done again after the fault`));
    for (const message of pageErrors) problems.push(`${name}: uncaught error: ${message}`);
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    for (const release of stalled.splice(0)) release();
    await context.close();
  }
  return problems;
}

// A server of its own: each action here is done for real a dozen times (the subscription cancelled and
// reactivated, cards and companies changed), which the other specs must not read.
const { origin: baseURL } = ownServer(2, 'fault-sweep-actions');
let fixtures: Fixtures;
let cases: ActionCase[] = [];

test.describe('fault sweep of actions', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(sweepTimeoutMs);
    fixtures = await prepare(browser, baseURL);
    cases = (
      await inPool(actions, sweepWidth, (action) => discover(browser, baseURL, fixtures, action))
    ).flat();
  });

  test('every action is swept through the calls it makes', () => {
    const calls = new Set(cases.map(({ call }) => listedAs(call)));
    for (const action of actions) {
      expect(
        cases.some((item) => item.action === action),
        action.name,
      ).toBe(true);
    }
    // Every call listed for this sweep must be found (server/api-calls-swept.test.ts checks the list
    // names every call made).
    expect(sweptByActions.filter((call) => !calls.has(call))).toEqual([]);
  });

  for (const fault of faults) {
    test(`every action's call answered with ${fault}: a message, no loop, it goes through afterwards`, async ({
      browser,
    }, testInfo) => {
      testInfo.setTimeout(sweepTimeoutMs);
      const problems = await inPool(cases, sweepWidth, (item) =>
        sweepAction(browser, baseURL, fixtures, item, fault),
      );
      expect(problems.flat()).toEqual([]);
    });
  }
});
