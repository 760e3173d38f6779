import { expect, type Page } from '@playwright/test';
import { addBlocks, checkout, fillBilling, payWithCard, uniqueEmail } from './checkout';

export interface Credentials {
  username: string;
  password: string;
}

/** The password of the account mail sent to `email` ('Password: …'), once the mail is in the outbox. */
async function mailedPassword(page: Page, email: string): Promise<string> {
  let password = '';
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get('/dev/outbox.json')).json()) as {
          to: string;
          text: string;
        }[];
        password = /Password: (\S+)/.exec(outbox.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
        return password;
      },
      { message: `the account mail to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return password;
}

/**
 * A customer nobody else uses: a guest buys the Blocks plugin through the checkout and the sandbox card
 * (billing address Germany / Berlin, see fillBilling), and the account it creates is read from the
 * mail. Suites that change 2FA, cards or the address use one, so they leave the demo accounts alone and
 * pass in any order.
 */
export async function newCustomerThroughCheckout(page: Page, who: string): Promise<Credentials> {
  const email = uniqueEmail(who);
  await addBlocks(page);
  await fillBilling(page, email);
  await checkout(page)
    .getByRole('button', { name: /^Pay \$/ })
    .click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/payment-success\?/);
  return { username: email, password: await mailedPassword(page, email) };
}

/** Signs in through the API and stores the token where the elements read it; the page must be on the site. */
export async function storeSessionOf(page: Page, credentials: Credentials): Promise<string> {
  const response = await page.request.post('/api/v1/signin', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  return token;
}
