import { expect, type Page } from '@playwright/test';
import { guestBuysBlocks, uniqueEmail } from './checkout';

export interface Credentials {
  username: string;
  password: string;
}

/** The set-password link of the account mail sent to `email`, once the mail is in the outbox. */
export async function mailedSetPasswordLink(page: Page, email: string): Promise<URL> {
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
          to: string;
          text: string;
        }[];
        // Any mail to the address (a receipt may come after the account mail).
        const text = outbox
          .filter((m) => m.to === email)
          .map((m) => m.text)
          .join('\n');
        link = /(\S+\/auth\/reset-password\?\S+)/.exec(text)?.[1] ?? '';
        return link;
      },
      { message: `the account mail to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link);
}

/** The password a new customer chooses through the mailed link (by the API, as the reset form sends it). */
export async function choosePasswordByMail(page: Page, email: string): Promise<string> {
  const link = await mailedSetPasswordLink(page, email);
  const password = 'Chosen#Pass2026';
  const response = await page.request.post('/api/v1/reset-password', {
    data: {
      key: link.searchParams.get('key'),
      user: link.searchParams.get('user'),
      action: 'rp',
      new_pass: password,
      new_pass_2: password,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return password;
}

/**
 * A customer nobody else uses: a guest buys the Blocks plugin through the checkout and the sandbox card
 * (billing address Germany / Berlin, see fillBilling), and chooses a password through the link the
 * account mail carries. Suites that change 2FA, cards or the address use one, so they leave the demo accounts alone and
 * pass in any order.
 */
export async function newCustomerThroughCheckout(page: Page, who: string): Promise<Credentials> {
  const email = uniqueEmail(who);
  await guestBuysBlocks(page, email);
  return { username: email, password: await choosePasswordByMail(page, email) };
}

/** Signs in through the API and stores the token where the elements read it; the page must be on the site. */
export async function storeSessionOf(page: Page, credentials: Credentials): Promise<string> {
  const response = await page.request.post('/api/v1/signin', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  return token;
}
